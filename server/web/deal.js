// "Check the deal": the fair-deal commitment (PROTOCOL.md §5a) verified in
// the page. The hash is WebCrypto's SHA-256; a page opened over plain http
// from another machine is not a secure context and has no WebCrypto, so a
// small SHA-256 of this file's own stands in (the result says which).
"use strict";

import { t as tr } from "/static/i18n.js";
import { encode } from "/static/msgpack.js";

const PREFIX = new TextEncoder().encode("krig-deal-v1\n");

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** The bytes the commitment hashes: the prefix, then msgpack of the proof map in its order. */
export function commitmentInput(proof) {
  const body = encode({ piles: proof.piles, set_aside: proof.set_aside, seed: proof.seed, nonce: proof.nonce });
  const out = new Uint8Array(PREFIX.length + body.length);
  out.set(PREFIX, 0);
  out.set(body, PREFIX.length);
  return out;
}

export async function sha256(bytes) {
  if (globalThis.crypto && crypto.subtle) {
    return { digest: hex(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))), how: tr("web-hash-by-webcrypto") };
  }
  return { digest: sha256Fallback(bytes), how: tr("web-hash-by-page") };
}

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

export function sha256Fallback(data) {
  const bits = data.length * 8;
  const padded = new Uint8Array(((data.length + 9 + 63) >> 6) << 6);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(padded.length - 4, bits >>> 0);
  const hs = new Uint32Array([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  const rotr = (x, n) => (x >>> n) | (x << (32 - n));
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = hs;
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
    }
    [a, b, c, d, e, f, g, hh].forEach((x, i) => { hs[i] = (hs[i] + x) >>> 0; });
  }
  return Array.from(hs, (x) => x.toString(16).padStart(8, "0")).join("");
}

/** The deck a room's rules play with (card integers, PROTOCOL.md "Cards"). */
export function deckFor(rules) {
  const deck = [];
  for (let rank = rules.min_rank; rank <= 14; rank++) for (let suit = 0; suit < 4; suit++) deck.push(rank * 4 + suit);
  if (rules.jokers >= 1) deck.push(60);
  if (rules.jokers >= 2) deck.push(61);
  return deck;
}

/**
 * Check a revealed deal against what this page saw: ``seen`` has the
 * commitment from game_started, the dealt counts, the rules, and (when the page
 * followed the whole game) each seat's laid cards in order.
 * Returns {ok, lines}: one sentence per check.
 */
export async function checkDeal(reveal, seen) {
  const lines = [];
  let ok = true;
  const fail = (text) => { ok = false; lines.push(`✗ ${text}`); };
  const pass = (text) => lines.push(`✓ ${text}`);
  const { digest, how } = await sha256(commitmentInput(reveal));
  const computed = `sha256:${digest}`;
  const announced = seen.commitment ?? reveal.commitment;
  if (computed === announced) {
    pass(tr("web-deal-hashes", { how, commitment: announced.slice(7, 19), early: seen.commitment ? "yes" : "no" }));
  } else {
    fail(tr("web-deal-hash-differs", { computed: computed.slice(0, 19), announced: announced.slice(0, 19) }));
  }
  if (seen.commitment && reveal.commitment !== seen.commitment) {
    fail(tr("web-deal-other-commitment"));
  }
  const dealt = reveal.piles.flat().concat(reveal.set_aside).map(Number);
  const deck = deckFor(seen.rules);
  const sorted = [...dealt].sort((a, b) => a - b);
  if (sorted.length === deck.length && sorted.every((c, i) => c === deck[i])) {
    pass(tr("web-deal-whole", { n: deck.length, aside: reveal.set_aside.length }));
  } else {
    fail(tr("web-deal-not-whole", { n: deck.length }));
  }
  if (seen.counts) {
    const sizes = reveal.piles.map((p) => p.length);
    if (sizes.length === seen.counts.length && sizes.every((n, s) => n === seen.counts[s])) {
      pass(tr("web-deal-counts", { sizes: sizes.join(", ") }));
    } else {
      fail(tr("web-deal-counts-differ", { sizes: sizes.join(", "), counts: seen.counts.join(", ") }));
    }
  }
  if (seen.laid && !seen.rules.hand_size) {
    // Until a seat's dealt pile runs out, what it lays comes off the top of that pile in order.
    let matched = 0, wrong = 0;
    reveal.piles.forEach((pile, s) => {
      for (const [index, card] of seen.laid[s] || []) {
        if (index >= pile.length) break;
        if (Number(pile[index]) === card) matched += 1;
        else wrong += 1;
      }
    });
    if (wrong) fail(tr("web-deal-order-wrong", { wrong }));
    else if (matched) pass(tr("web-deal-order", { matched }));
  }
  return { ok, lines };
}
