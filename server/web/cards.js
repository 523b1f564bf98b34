// Cards drawn as SVG by the page itself: faces (index corners, pips, court
// panels, jokers) and backs. The suit shapes and the back's pattern are
// symbols in index.html's sprite, used here by reference.
"use strict";

import { t as tr } from "/static/i18n.js";

import { h } from "/static/vendor/preact.module.js";
import htm from "/static/vendor/htm.module.js";

const html = htm.bind(h);

export const SUITS = ["clubs", "diamonds", "hearts", "spades"];
export const SUIT_SYMBOLS = ["♣", "♦", "♥", "♠"];
const RANK_SHORT = { 11: "J", 12: "Q", 13: "K", 14: "A" };

export const isJoker = (card) => card >> 2 === 15;
export const isRed = (card) => (card === 60 ? true : card === 61 ? false : (card & 3) === 1 || (card & 3) === 2);

/** "queen of hearts", "10 of clubs", "red joker". */
export function cardName(card) {
  if (card === 60) return tr("web-card-red-joker");
  if (card === 61) return tr("web-card-black-joker");
  return tr("web-card-name", { rank: card >> 2, suit: card & 3 });
}

/** "Q♥", "10♣", "🃏". */
export function cardShort(card) {
  if (isJoker(card)) return card === 60 ? "RJ" : "BJ";
  const rank = card >> 2;
  return (RANK_SHORT[rank] ?? String(rank)) + SUIT_SYMBOLS[card & 3];
}

// Pip centres on the 100 x 140 face, by rank (pips below the middle are drawn upside down).
const L = 31, C = 50, R = 69;
const PIPS = {
  2: [[C, 28], [C, 112]],
  3: [[C, 28], [C, 70], [C, 112]],
  4: [[L, 28], [R, 28], [L, 112], [R, 112]],
  5: [[L, 28], [R, 28], [C, 70], [L, 112], [R, 112]],
  6: [[L, 28], [R, 28], [L, 70], [R, 70], [L, 112], [R, 112]],
  7: [[L, 28], [R, 28], [C, 49], [L, 70], [R, 70], [L, 112], [R, 112]],
  8: [[L, 28], [R, 28], [C, 49], [L, 70], [R, 70], [C, 91], [L, 112], [R, 112]],
  9: [[L, 28], [R, 28], [L, 56], [R, 56], [C, 70], [L, 84], [R, 84], [L, 112], [R, 112]],
  10: [[L, 28], [R, 28], [C, 42], [L, 56], [R, 56], [L, 84], [R, 84], [C, 98], [L, 112], [R, 112]],
};

function suitUse(suit, x, y, size, flip = false) {
  const half = size / 2;
  const transform = flip ? `rotate(180 ${x} ${y})` : undefined;
  return html`<use href=${`#suit-${suit}`} x=${x - half} y=${y - half} width=${size} height=${size}
    transform=${transform} />`;
}

function corner(card, flip) {
  const rank = card >> 2;
  const text = isJoker(card) ? "★" : RANK_SHORT[rank] ?? String(rank);
  const body = html`
    <text x="11" y="22" class="index" text-anchor="middle" textLength=${text.length > 1 ? 17 : undefined}
      lengthAdjust="spacingAndGlyphs">${text}</text>
    ${isJoker(card) ? null : suitUse(card & 3, 11, 33, 12)}`;
  return flip ? html`<g transform="rotate(180 50 70)">${body}</g>` : html`<g>${body}</g>`;
}

function court(card) {
  const rank = card >> 2;
  const suit = card & 3;
  const letter = RANK_SHORT[rank];
  // A framed panel, the letter large, the suit above and (upside down) below,
  // and an ornament that tells jack (a feather), queen (a flower) and king (a crown).
  const ornament = {
    11: "M40 44 q10 -14 20 0 q-10 -4 -20 0 z M50 44 v-10",
    12: "M50 36 m-7 0 a7 7 0 1 0 14 0 a7 7 0 1 0 -14 0 M50 29 v-4 M43 36 h-4 M57 36 h4",
    13: "M36 46 l4 -14 l6 8 l4 -10 l4 10 l6 -8 l4 14 z",
  }[rank];
  return html`
    <rect x="22" y="16" width="56" height="108" rx="5" class="court" />
    <path d=${ornament} class="ornament" />
    <text x="50" y="84" class="court-letter" text-anchor="middle">${letter}</text>
    ${suitUse(suit, 50, 56, 14)}
    ${suitUse(suit, 50, 104, 14, true)}`;
}

function joker(card) {
  return html`
    <path d="M50 38 l6 14 h15 l-12 9 l5 15 l-14 -9 l-14 9 l5 -15 l-12 -9 h15 z" class="joker-star" />
    <text x="50" y="104" class="joker-word" text-anchor="middle">JOKER</text>`;
}

function middle(card) {
  if (isJoker(card)) return joker(card);
  const rank = card >> 2;
  const suit = card & 3;
  if (rank === 14) return suitUse(suit, 50, 70, 46);
  if (rank >= 11) return court(card);
  return (PIPS[rank] || []).map(([x, y]) => suitUse(suit, x, y, 19, y > 72));
}

export function Face({ card }) {
  const colour = isRed(card) ? "red" : "black";
  return html`<svg class=${`face-svg ${colour}`} viewBox="0 0 100 140" aria-hidden="true" focusable="false">
    <rect x="1" y="1" width="98" height="138" rx="8" class="paper" />
    ${corner(card, false)}${corner(card, true)}
    ${middle(card)}
  </svg>`;
}

export function Back() {
  return html`<svg class="back-svg" viewBox="0 0 100 140" aria-hidden="true" focusable="false">
    <use href="#card-back" x="0" y="0" width="100" height="140" />
  </svg>`;
}

/**
 * One card on the table. ``card`` null is a face-down card. The element keeps
 * both sides, so a card laid face down and later revealed turns over in place
 * (the style's flip animation starts when the ``up`` class appears).
 */
export function Card({ card, label, extra = "", onClick, disabled, keyHint, slot }) {
  const up = card !== null && card !== undefined;
  const name = label ?? (up ? cardName(card) : tr("web-card-down"));
  const cls = `card ${up ? "up" : "down"} ${up && isRed(card) ? "red" : ""} ${extra}`;
  const inner = html`<span class="card-inner">
      <span class="card-side card-back"><${Back} /></span>
      ${up ? html`<span class="card-side card-face"><${Face} card=${card} /></span>` : null}
    </span>${keyHint ? html`<kbd class="key-hint" aria-hidden="true">${keyHint}</kbd>` : null}`;
  if (onClick) {
    return html`<button type="button" class=${cls} aria-label=${name} disabled=${disabled}
      onClick=${onClick}>${inner}</button>`;
  }
  return html`<span class=${cls} role="img" aria-label=${name} data-slot=${slot}>${inner}</span>`;
}

/** A seat's pile: a few backs stacked (fewer as it shrinks), and its count. */
export function Pile({ count, label, id }) {
  const layers = count <= 0 ? 0 : count < 4 ? 1 : count < 12 ? 2 : 3;
  return html`<span class="pile" id=${id} role="img" aria-label=${label}>
    ${layers === 0 ? html`<span class="pile-empty"></span>` : null}
    ${Array.from({ length: layers }, (_, i) => html`<span class="pile-card" data-layer=${i}><${Back} /></span>`)}
    <span class="pile-count" aria-hidden="true">${count}</span>
  </span>`;
}
