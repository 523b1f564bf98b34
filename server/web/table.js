// The page's picture of its room, kept from protocol messages only
// (protocol/PROTOCOL.md): a snapshot replaces it, room events change it in
// sequence order. No DOM here: app.js draws it.
//
// Cards on the table are "slots" with stable keys, so that a card laid face
// down and later revealed is the same element (it turns over in place), and
// the cards of a finished trick stay on the table for a moment while they
// go to the winner ("gathering").
"use strict";

import { listOf, t as tr } from "/static/i18n.js";

import { cardName, cardShort } from "/static/cards.js";

export const LOG_KEPT = 12;
export const CHAT_KEPT = 100;

export function newTable() {
  return {
    code: null, seat: null, seq: 0, room: null, phase: "lobby", step: 0, trick: 1, war: 0,
    awaiting: [], acted: new Set(), active: [], counts: [], winnings: [],
    onTable: [], gathering: null, hand: [], handSeq: 0, revealSeq: 0,
    deadlineMs: 0, gameEndsMs: 0, warSeats: [], warDown: 0,
    log: [], chat: [], result: null, stats: { tricks: 0, wars: 0, longestWar: 0, warsWon: [] },
    game: 0, commitment: null, dealtCounts: null, drawn: [], laid: [], followed: false,
    deal: null, announce: "", events: 0, outWhy: {}, lastTrick: null, warDownBy: null,
  };
}

const seatsOf = (t) => (t.room ? t.room.seats : []);

export function seatName(t, s) {
  const seat = seatsOf(t)[s];
  return (seat && seat.name) || tr("web-seat-n", { n: s + 1 });
}

/** "You" for the viewer's own seat, else the name. */
export const who = (t, s) => (s === t.seat ? tr("web-you") : seatName(t, s));

const list = listOf;

export function applySnapshot(t, snap) {
  t.seq = snap.seq;
  t.room = snap.room;
  t.code = snap.room.code;
  const v = snap.view;
  t.gathering = null;
  if (!v) {
    t.phase = snap.room.state === "lobby" ? "lobby" : snap.room.state;
    t.onTable = [];
    return;
  }
  if (snap.room.game !== t.game) {
    // A game this page did not see start: it cannot check the cards against the deal.
    t.game = snap.room.game;
    t.followed = false;
    t.commitment = null;
    t.deal = null;
    t.log = [];
  }
  t.seat = v.seat;
  t.step = v.step;
  t.trick = v.trick;
  t.war = v.war;
  t.phase = v.phase;
  t.awaiting = v.awaiting;
  t.acted = new Set(v.acted.flatMap((a, s) => (a ? [s] : [])));
  t.active = v.active;
  t.counts = v.counts.slice();
  t.winnings = v.winnings_counts.slice();
  const downNow = Array.isArray(v.war_down) ? v.war_down : [];
  t.onTable = v.table.map((row, s) => {
    const slots = row.map((card, i) => ({ key: card === null ? `s${v.trick}.d${i}` : `s${v.trick}.${i}`, card }));
    if (t.acted.has(s)) {
      // Laid this step, not revealed yet: in a war its face-down cards, then the one to turn up.
      const down = v.phase === "war" ? (downNow[s] ?? 0) : 0;
      for (let i = 0; i < down; i++) slots.push({ key: `${v.trick}.${v.war}.d${i}`, card: null, pending: true });
      slots.push({ key: `${v.trick}.${v.war}.up`, card: null, pending: true });
    }
    return slots;
  });
  t.hand = v.hand;
  t.handSeq = snap.seq;
  t.stats = {
    tricks: v.tricks, wars: v.wars, warsWon: v.wars_won.slice(),
    longestWar: v.longest_war ?? t.stats.longestWar ?? 0,
  };
  t.result = v.phase === "over"
    ? { result: v.result, winners: v.winners, reason: v.reason, counts: v.counts, set_aside: v.set_aside }
    : null;
  // A war under way: its seats, and how many cards each lays face down (older
  // servers say neither: then the seats still to act, and the rules' number).
  t.warDownBy = null;
  if (v.phase === "war") {
    const seats = Array.isArray(v.war_seats) && v.war_seats.length ? v.war_seats : v.awaiting;
    t.warSeats = seats.slice();
    if (Array.isArray(v.war_down) && v.war_down.length) {
      t.warDownBy = v.war_down.slice();
      t.warDown = Math.max(0, ...v.awaiting.map((s) => v.war_down[s] ?? 0));
    } else {
      t.warDown = t.room.rules.war_down ?? 0;
    }
  } else {
    t.warSeats = [];
    t.warDown = 0;
  }
  t.outWhy = {};
  if (Array.isArray(snap.tricks) && snap.tricks.length) {
    // The room's latest tricks (a reload, a late join): the log and the felt's last result.
    const seen = snap.tricks.map(trickSeen);
    t.log = seen.map(logEntry).reverse().slice(0, LOG_KEPT);
    t.lastTrick = seen.at(-1).shown;
  }
}

/** A snapshot's TrickSeen as the trick_won a page saw live (its face-up cards), and as the felt says it. */
function trickSeen(tr) {
  const faceUp = tr.table.flat().filter((c) => c !== null && c !== undefined);
  const deciding = tr.table.flatMap((row, s) => {
    const last = row.at(-1);
    return last !== null && last !== undefined ? [{ seat: s, key: null, card: last }] : [];
  });
  const mine = deciding.find((d) => d.seat === tr.winner);
  return {
    trick: tr.trick, winner: tr.winner, total: tr.total, wars: tr.wars, face_up: faceUp, stolen_from: [], returned: [],
    shown: {
      trick: tr.trick, winner: tr.winner, total: tr.total, wars: tr.wars, slots: [], stage: "done", deciding,
      winningCard: mine ? mine.card : null, winningKey: null,
    },
  };
}

/** A trick for the log, from a trick_won event (or a snapshot's recent trick of the same fields). */
function logEntry(e) {
  return {
    trick: e.trick, winner: e.winner, total: e.total, wars: e.wars,
    faceUp: e.face_up, stolen: (e.stolen_from || []).length, returned: (e.returned || []).length,
  };
}

function say(t, text) {
  t.announce = text;
  t.events += 1;
}

/** Apply one room event (its seq is the next one). Returns a sound to play, or null. */
export function applyEvent(t, e) {
  t.seq = e.seq;
  const seats = seatsOf(t);
  const info = seats[e.seat];
  const rules = t.room ? t.room.rules : {};
  switch (e.t) {
    case "player_joined":
      seats[e.seat] = { name: e.name, ready: false, connected: true, bot: e.bot };
      if (t.room && Array.isArray(t.room.wins) && e.seat < t.room.wins.length) t.room.wins[e.seat] = 0; // (a new player's score)
      return null;
    case "player_left":
      t.room.host = e.host;
      if (t.room.state !== "playing") {
        seats[e.seat] = { name: null, ready: false, connected: false, bot: false };
        if (e.seat === t.seat) t.seat = null; // the host freed it (or we left): watching now
      } else if (info) info.connected = false;
      return null;
    case "player_ready": if (info) info.ready = e.ready; return null;
    case "player_disconnected": if (info) info.connected = false; return null;
    case "player_reconnected": if (info) info.connected = true; return null;
    case "room_changed": t.room = e.room; return null;
    case "chat":
      t.chat.push({ seq: e.seq, seat: e.seat, name: e.name, text: e.text });
      if (t.chat.length > CHAT_KEPT) t.chat.splice(0, t.chat.length - CHAT_KEPT);
      return null;
    case "clock":
      t.deadlineMs = e.deadline_ms;
      t.gameEndsMs = e.game_ends_ms;
      return null;
    case "game_started":
      t.hand = [];
      t.outWhy = {};
      t.lastTrick = null;
      t.revealSeq = e.seq;
      if (t.room) {
        t.room.state = "playing";
        t.room.game = e.game;
        for (const s of seats) s.ready = Boolean(s.bot);
      }
      Object.assign(t, {
        phase: "battle", step: e.step, trick: 1, war: 0, result: null, deal: null,
        active: Array(e.players).fill(true), awaiting: [...Array(e.players).keys()], acted: new Set(),
        counts: e.counts.slice(), winnings: Array(e.players).fill(0),
        onTable: Array.from({ length: e.players }, () => []), gathering: null, log: [],
        stats: { tricks: 0, wars: 0, longestWar: 0, warsWon: Array(e.players).fill(0) },
        game: e.game, commitment: e.commitment, dealtCounts: e.counts.slice(),
        drawn: Array(e.players).fill(0), laid: Array.from({ length: e.players }, () => []), followed: true,
      });
      say(t, tr("web-say-started") + (t.seat !== null ? " " + (touchScreen() ? tr("web-say-tap-to-flip") : tr("web-say-press-to-flip")) : ""));
      return "flip";
    case "acted": {
      t.acted.add(e.seat);
      const row = t.onTable[e.seat];
      if (!row) return null;
      // The seat's cards lie face down until the reveal: in a war, the face-down ones and the deciding one.
      const down = t.warDownBy ? (t.warDownBy[e.seat] ?? t.warDown) : t.warDown;
      if (t.war > 0 && down > 0) {
        for (let i = 0; i < down; i++) row.push({ key: `${t.trick}.${t.war}.d${i}`, card: null, pending: true });
      }
      row.push({ key: `${t.trick}.${t.war}.up`, card: null, pending: true });
      return null;
    }
    case "revealed": {
      t.revealSeq = e.seq;
      t.step = e.step + 1;
      t.acted = new Set();
      t.awaiting = [];
      e.up.forEach((card, s) => {
        const row = t.onTable[s];
        if (!row) return;
        const kept = row.filter((slot) => !slot.pending);
        if (card === null) { t.onTable[s] = kept; return; }
        for (let i = 0; i < e.down[s]; i++) kept.push({ key: `${e.trick}.${e.war}.d${i}`, card: null });
        kept.push({ key: `${e.trick}.${e.war}.up`, card });
        t.onTable[s] = kept;
        t.counts[s] -= e.down[s] + 1;
        if (t.followed && t.drawn[s] !== undefined) {
          t.drawn[s] += e.down[s];
          t.laid[s].push([t.drawn[s], card]);
          t.drawn[s] += 1;
        }
      });
      const shown = e.up.flatMap((c, s) => (c === null ? [] : [`${who(t, s)}: ${cardName(c)}`]));
      say(t, `${e.war ? tr("web-say-war-cards") : tr("web-say-revealed")}: ${shown.join(", ")}.`);
      return "flip";
    }
    case "war":
      t.phase = "war";
      t.war = e.war;
      t.warSeats = e.seats;
      t.warDown = e.down;
      t.warDownBy = null;
      t.awaiting = e.seats.filter((s) => !e.stuck.includes(s));
      say(t, `${t.announce} ${tr("web-war-banner")} ${warLine(t)}` +
        (t.seat !== null && t.awaiting.includes(t.seat) ? " " + tr("web-your-turn", { how: touchScreen() ? tr("web-tap-flip") : tr("web-press-space") }) : ""));
      return null;
    case "trick_won": {
      t.gathering = gatheringOf(t, e);
      t.lastTrick = t.gathering;
      t.onTable = t.onTable.map(() => []);
      t.phase = "battle";
      t.war = 0;
      t.warSeats = [];
      t.trick = e.trick + 1;
      t.awaiting = t.active.flatMap((a, s) => (a ? [s] : []));
      t.counts[e.winner] += e.total;
      if (rules.winnings === "separate") t.winnings[e.winner] += e.total;
      for (const s of e.stolen_from) {
        t.counts[s] -= 1;
        if (t.followed && t.drawn[s] !== undefined) t.drawn[s] += 1; // the top card of its pile
      }
      if (e.returned_to !== null) {
        t.counts[e.returned_to] += e.returned.length; // (not part of ``total``)
        if (rules.winnings === "separate") t.winnings[e.returned_to] += e.returned.length;
      }
      t.stats.tricks = e.trick;
      if (e.wars) {
        t.stats.wars += e.wars;
        t.stats.longestWar = Math.max(t.stats.longestWar, e.wars);
        if (t.stats.warsWon[e.winner] !== undefined) t.stats.warsWon[e.winner] += 1;
      }
      t.log.unshift(logEntry(e));
      if (t.log.length > LOG_KEPT) t.log.length = LOG_KEPT;
      say(t, `${t.announce} ${trickLine(t, t.gathering)}`);
      return e.winner === t.seat ? "win-mine" : "win";
    }
    case "shuffled":
      t.winnings[e.seat] = 0;
      return null;
    case "player_out":
      t.active[e.seat] = false;
      t.outWhy[e.seat] = e.reason;
      t.counts[e.seat] -= e.to_pot;
      t.winnings[e.seat] = 0;
      for (let i = 0; i < e.to_pot; i++) t.onTable[e.seat]?.push({ key: `${t.trick}.pot${i}`, card: null });
      t.awaiting = t.awaiting.filter((s) => s !== e.seat);
      if (t.followed) t.drawn[e.seat] = Infinity;
      say(t, e.seat === t.seat ? tr("web-say-out-you") : tr("web-say-out", { name: seatName(t, e.seat) }));
      return null;
    case "game_over":
      if (t.room) {
        t.room.state = "over";
        if (e.result === "win") { // the running score (a snapshot's has it already)
          const wins = Array.from({ length: t.room.seats.length }, (_, s) => (t.room.wins || [])[s] ?? 0);
          for (const w of e.winners) if (w < wins.length) wins[w] += 1;
          t.room.wins = wins;
        }
      }
      t.phase = "over";
      t.awaiting = [];
      t.acted = new Set();
      t.result = e;
      t.counts = e.counts.slice();
      say(t, `${t.announce} ${resultTitle(t)}.`);
      return t.seat !== null && e.winners.includes(t.seat) && e.result === "win" ? "game-won" : "game-over";
    case "deal_revealed":
      t.deal = e;
      return null;
    default:
      return null;
  }
}

/** A phone or tablet: say "tap", never "press Space". */
export const touchScreen = () =>
  typeof matchMedia === "function" && matchMedia("(hover: none) and (pointer: coarse)").matches;

const rankPlural = (card) => tr("web-rank-plural", { rank: card >> 2 });

/** "You and Bo": the seats a tie or a game-over reason names ("you" first as the language's sentence has it there). */
export function subjects(t, seats) {
  return list(seats.map((s, i) => (s === t.seat ? (i === 0 ? tr("web-you-first") : tr("web-you-lower")) : seatName(t, s))));
}

/** The last face-up card a seat has on the table (null: none). */
function lastUp(t, s) {
  const row = t.onTable[s] || [];
  for (let i = row.length - 1; i >= 0; i--) if (row[i].card !== null && row[i].card !== undefined) return row[i].card;
  return null;
}

/** As the terminal says it: "You and Bo tied with 8s: 3 face down, then one up." */
export function warLine(t) {
  const seats = t.warSeats.length ? t.warSeats : t.awaiting;
  const tiedCard = seats.map((s) => lastUp(t, s)).find((c) => c !== null);
  const names = subjects(t, seats);
  const tie = tiedCard !== undefined && tiedCard !== null ? tr("web-tied-with", { names, rank: rankPlural(tiedCard) }) : tr("web-tied", { names });
  const lay = t.warDown ? tr("web-war-lay", { n: t.warDown }) : tr("web-war-one-up");
  return `${tie}: ${lay}`;
}

/**
 * A finished trick as the felt shows it: its cards, who took it, and the cards
 * that decided it (the last face-up card of each seat in the trick's last step).
 */
function gatheringOf(t, e) {
  const slots = t.onTable;
  const finalKey = `${e.trick}.${e.wars}.up`;
  const deciding = [];
  let winningCard = null;
  const hasFinal = slots.some((row) => row.some((slot) => slot.key === finalKey));
  slots.forEach((row, s) => {
    const last = [...row].reverse().find((slot) => slot.card !== null && slot.card !== undefined);
    if (!last || (hasFinal && last.key !== finalKey)) return;
    deciding.push({ seat: s, key: last.key, card: last.card });
    if (s === e.winner) winningCard = last.card;
  });
  return {
    trick: e.trick, winner: e.winner, total: e.total, wars: e.wars, slots, stage: "show",
    deciding, winningCard, winningKey: deciding.find((d) => d.seat === e.winner)?.key ?? null,
  };
}

/** "Bo takes 2 with K♠ over Q♣." / "You take 10 after a war, with K♠ over Q♣." */
export function trickLine(t, g) {
  const taken = g.winner === t.seat ? tr("web-trick-you-take", { total: g.total }) : tr("web-trick-takes", { name: seatName(t, g.winner), total: g.total });
  const war = g.wars ? " " + tr("web-trick-after-wars", { wars: g.wars }) : "";
  const others = g.deciding.filter((d) => d.seat !== g.winner).map((d) => cardShort(d.card));
  const how = g.winningCard !== null && others.length
    ? `${war ? "," : ""} ${tr("web-trick-with-over", { card: cardShort(g.winningCard), others: list(others) })}` : "";
  return `${taken}${war}${how}.`;
}


const REASON_KEYS = {
  all_cards: "web-reason-all_cards",
  short_war: "web-reason-short_war",
  exhausted_tie: "web-reason-exhausted_tie",
  time_limit: "web-reason-time_limit",
  wars_won: "web-reason-wars_won",
  round_cap: "web-reason-round_cap",
  cycle: "web-reason-cycle",
  abandoned: "web-reason-abandoned",
};

/** Why the game ended, naming who (as the terminal says it), without a full stop. */
export function reasonLine(t) {
  const r = t.result;
  if (!r) return "";
  const rules = t.room ? t.room.rules : {};
  let losers = Object.entries(t.outWhy).filter(([, why]) => why === "short_war").map(([s]) => Number(s));
  if (!losers.length && r.reason === "short_war") {
    losers = t.active.flatMap((a, s) => (a === false && !r.winners.includes(s) ? [s] : []));
  }
  const fill = {
    winner: r.winners.length ? subjects(t, r.winners) : tr("web-nobody"),
    loser: losers.length ? subjects(t, losers) : tr("web-a-player"),
    cards: r.counts.reduce((a, b) => a + b, 0),
    wars: rules.wars_to_win ?? 0,
    tricks: rules.max_tricks || t.stats.tricks,
  };
  const key = REASON_KEYS[r.reason];
  return key ? tr(key, fill) : String(r.reason).replaceAll("_", " ");
}

/**
 * A game_started that came after the snapshot of the same moment (the server
 * sends each member a fresh snapshot at a game's start, and it may come first):
 * the snapshot has no commitment, so keep the event's; and if nothing was played
 * yet the page still follows the whole game.
 */
export function lateGameStart(t, e) {
  if (e.game !== t.game || t.commitment) return;
  t.commitment = e.commitment;
  t.dealtCounts = e.counts.slice();
  if (t.stats.tricks === 0 && t.step === e.step && t.acted.size === 0 && t.onTable.every((r) => r.length === 0)) {
    t.followed = true;
    t.drawn = Array(e.players).fill(0);
    t.laid = Array.from({ length: e.players }, () => []);
  }
}

/** "You win", "You lose", "Draw", "Ada wins" (or "Ada and Bo draw"). */
export function resultTitle(t) {
  const r = t.result;
  if (!r) return tr("web-game-over");
  if (r.result === "draw" || r.winners.length !== 1) {
    if (t.seat !== null && r.winners.length > 1 && !r.winners.includes(t.seat)) return tr("result-you-lose");
    return tr("result-draw");
  }
  if (t.seat === null) return tr("result-wins", { name: seatName(t, r.winners[0]) });
  return r.winners[0] === t.seat ? tr("result-you-win") : tr("result-you-lose");
}

/** Seats by place: most cards first (ties share a place). */
export function standings(t) {
  const r = t.result;
  const counts = r ? r.counts : t.counts;
  const order = counts.map((n, s) => s).sort((a, b) => {
    const wa = r && r.winners.includes(a) ? 1 : 0;
    const wb = r && r.winners.includes(b) ? 1 : 0;
    return wb - wa || counts[b] - counts[a] || a - b;
  });
  let place = 0, last = null;
  return order.map((s, i) => {
    const key = `${r && r.winners.includes(s)}/${counts[s]}`;
    if (key !== last) { place = i + 1; last = key; }
    return { seat: s, place, cards: counts[s], warsWon: t.stats.warsWon[s] ?? 0 };
  });
}

/** Who wants a rematch after a game (bots always do), and whom it waits for. */
export function rematchState(t) {
  const seats = seatsOf(t).filter((s) => s.name);
  const wanting = seatsOf(t).flatMap((s, i) => (s.name && (s.ready || s.bot) ? [i] : []));
  const awaited = seatsOf(t).flatMap((s, i) => (s.name && !s.ready && !s.bot ? [i] : []));
  return { wanting, awaited, of: seats.length };
}

/** Games won per seat in this room (the running score across rematches); null before any. */
export function score(t) {
  const wins = t.room && Array.isArray(t.room.wins) ? t.room.wins : [];
  return wins.some((n) => n > 0) ? seatsOf(t).map((_, s) => wins[s] ?? 0) : null;
}

export { list as joinNames };
