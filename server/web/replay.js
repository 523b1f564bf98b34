// A finished game watched again: its record (PROTOCOL.md §4, GameRecord) as
// the server answers get_record (msgpack, events as bin) or as
// `krig-server record --json` writes it (events as maps), turned into the
// events the live table applies, cut at the end of each trick. No DOM here:
// app.js draws it with the live table's own felt.
"use strict";

import { t as tr } from "/static/i18n.js";
import { decode } from "/static/msgpack.js";
import { applyEvent, newTable } from "/static/table.js";

const isInt = /^-?\d+$/;
const bigOrNumber = (text) => {
  const big = BigInt(text);
  return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
};

function base64Bytes(text) {
  const raw = atob(text);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** A record file's text (the JSON of `krig-server record --json`). Throws an Error saying what is wrong. */
export function recordFromJson(text) {
  // The deal's seed is a 64-bit integer: past 2**53 JSON.parse would round it, and the
  // deal would no longer hash to its commitment. Keep its digits.
  const kept = text.replace(/("seed"\s*:\s*)(-?\d+)/g, '$1"$2"');
  let data;
  try {
    data = JSON.parse(kept, (key, value) => (key === "seed" && typeof value === "string" && isInt.test(value) ? bigOrNumber(value) : value));
  } catch (err) {
    throw new Error(tr("web-replay-not-json"));
  }
  const events = Array.isArray(data && data.events)
    ? data.events.map((e) => (typeof e === "string" ? decode(base64Bytes(e)) : e))
    : null;
  return checked(data, events);
}

/** A record as get_record answers it (msgpack: its events are bin). */
export function recordFromMessage(record) {
  const events = Array.isArray(record.events) ? record.events.map((b) => decode(b)) : null;
  return checked(record, events);
}

function checked(data, events) {
  if (!data || typeof data !== "object" || typeof data.code !== "string" || !Array.isArray(data.names) || !data.rules) {
    throw new Error(tr("web-replay-not-record"));
  }
  if (!events || !events.length || !events[0] || events[0].t !== "game_started") {
    throw new Error(tr("web-replay-no-events"));
  }
  return {
    code: data.code, game: Number(data.game), preset: data.preset, rules: data.rules, names: data.names,
    startedMs: Number(data.started_ms), endedMs: Number(data.ended_ms), result: data.result,
    winners: data.winners, reason: data.reason, events,
  };
}

/** The room the record's game was played in, as a snapshot would give it. */
export function roomOf(rec) {
  return {
    code: rec.code, preset: rec.preset, rules: { ...rec.rules }, state: "playing", game: rec.game, host: 0,
    spectators: 0, locked: false, public: false, chat: false, spectating: true, ready_checks: false, turn_s: 0,
    seats: rec.names.map((name) => ({ name, ready: true, connected: true, bot: false })),
  };
}

/**
 * Where each trick ends: ends[k] is the number of events played once k tricks
 * are over (ends[0]: just the game's start); the last one takes the game's end too.
 */
export function trickEnds(events) {
  const ends = [1];
  events.forEach((e, i) => { if (i > 0 && e.t === "trick_won") ends.push(i + 1); });
  if (ends.at(-1) < events.length) {
    // A game can end without a last trick (a war nobody could finish, time, a cycle):
    // its end is then a position of its own; after a last trick, the end goes with it.
    const over = events.findIndex((e) => e.t === "game_over");
    if (ends.length === 1 || (over > 0 && events[over - 1].t !== "trick_won")) {
      ends.push(events.length);
    } else {
      ends[ends.length - 1] = events.length;
    }
  }
  return ends;
}

/** A table after the first ``count`` events, seen from no seat (a spectator's view). */
export function tableAfter(rec, count) {
  const t = newTable();
  t.code = rec.code;
  t.seat = null;
  t.room = roomOf(rec);
  for (const e of rec.events.slice(0, count)) applyEvent(t, structuredClone(e));
  t.gathering = null;
  return t;
}
