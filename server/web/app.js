// krig in the browser: the same WebSocket + msgpack protocol as the CLI
// (protocol/PROTOCOL.md). Drawn with Preact + htm (vendored, no build step):
// the page is one tree of components redrawn from the table's state after
// every frame, and Preact keeps the elements that did not change, so a click
// is never lost to a redraw.
"use strict";

import { h, render as mount } from "/static/vendor/preact.module.js";
import { useEffect, useLayoutEffect, useRef, useState } from "/static/vendor/hooks.module.js";
import htm from "/static/vendor/htm.module.js";
import { decode, encode } from "/static/msgpack.js";
import { Card, Pile, cardName, cardShort } from "/static/cards.js";
import {
  DEFAULTS, OPTION_BY_NAME, PRESETS, PRESET_BY_NAME, RULE_GROUPS, RULE_OPTIONS, overrides, presetRules,
  ruleLine, sourceText,
} from "/static/rules.js";
import {
  applyEvent, applySnapshot, joinNames, lateGameStart, newTable, reasonLine, rematchState, resultTitle, seatName,
  score, standings, touchScreen, trickLine, warLine, who,
} from "/static/table.js";
import { checkDeal } from "/static/deal.js";
import { recordFromJson, recordFromMessage, tableAfter, trickEnds } from "/static/replay.js";
import { playFlip, playGameOver, playWin, setSound, soundOn } from "/static/sound.js";
import { LANGUAGES, chooseLanguage, has, language, pickLanguage, t as tr, useLanguage } from "/static/i18n.js";

export { PRESETS, RULE_OPTIONS };

const html = htm.bind(h);

export const ERRORS = {
  bad_frame: "The server could not read a message from this page.",
  too_large: "A message from this page was too large.",
  bad_message: "The server did not understand a request from this page.",
  unknown_type: "This page sent a request the server does not know.",
  unsupported_version: "This page is out of date: reload it.",
  hello_first: "The connection started badly; reconnecting.",
  bad_session: "Your old session has expired; you start as a new player.",
  rate_limited: "Too many requests; wait a moment and try again.",
  shutting_down: "The server is restarting; reconnecting.",
  unknown_room: "There is no room with that code.",
  room_full: "That room is full.",
  room_locked: "The host has locked that room.",
  not_in_room: "You are not in a room.",
  already_in_room: "Leave your room first.",
  not_host: "Only the host can do that.",
  bad_rules: "Those rules are not allowed.",
  not_ready: "Not everyone is ready.",
  spectating_off: "The host does not allow spectators in that room.",
  seat_taken: "That seat is taken.",
  removed: "The host removed you from the room.",
  chat_off: "The host has turned the chat off.",
  room_gone: "This room is gone: it expired, or the server lost it.",
  not_started: "The game has not started yet.",
  already_started: "The game has already started.",
  game_over: "The game is over.",
  not_a_player: "You are watching: only players can do that.",
  seat_out: "You are out of this game.",
  not_awaiting: "It is not your turn.",
  already_acted: "You have already played this turn.",
  wrong_action: "That move is not possible now.",
  card_not_in_hand: "That card is not in your hand.",
  stale_step: "The table moved on; try again.",
  waiting_for_store: "The table is waiting for its store; trying again…",
  internal: "The server failed; nothing was changed. Try again.",
};

/** A refusal's code in the page's language: English says ERRORS, another language krig.ftl's error-*. */
function errorText(code, message = code) {
  if (code === "connection lost") return tr("web-not-connected");
  if (language() !== "en" && has(`error-${code}`)) return tr(`error-${code}`);
  return ERRORS[code] ?? message;
}

const MOVED_ON = new Set(["stale_step", "already_acted", "not_awaiting", "seat_out", "game_over"]);
const ROOM_EVENTS = new Set([
  "player_joined", "player_left", "player_ready", "player_disconnected",
  "player_reconnected", "game_started", "acted", "revealed", "war", "trick_won",
  "shuffled", "player_out", "game_over", "deal_revealed", "clock", "room_changed", "chat",
]);
const REPLIES = new Set(["ack", "error", "joined", "lobby", "pong", "record"]);
const KNOWN = new Set([...ROOM_EVENTS, ...REPLIES, "welcome", "snapshot", "hand", "lobby_room"]);
const FLY_MS = 380; // a finished trick's cards go to the winner's pile in this long
const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

const app = {
  ws: null,
  token: sessionStorage.getItem("krig.token"),
  sessionName: sessionStorage.getItem("krig.sessionName"),
  // Action ids are unique per session, also across a reload that resumes it
  // (the server answers a reused id with that id's first answer and does nothing).
  nextId: Number(sessionStorage.getItem("krig.nextId")) || 1,
  waiting: new Map(),
  playedFor: null, // see stepKey
  table: newTable(), // the room as the server has it now: what this seat may do
  view: newTable(), // the room as the felt shows it: the same events, paced (see pump)
  queue: [], // what the view has still to show, in order
  holdUntil: 0, // a finished trick is on show until then; what came after waits
  lobby: new Map(),
  backoff: 500,
  connected: false,
  stopped: false,
  resyncFor: -1,
  resyncAt: 0,
  ahead: new Map(), // room events that arrived before a gap was filled (by seq)
  pendingCode: null,
  helloName: null,
  restarting: false,
  welcomeWaiters: [],
  // A reload of a room's page with a session: straight back to the table, no home page meanwhile.
  returning: Boolean(sessionStorage.getItem("krig.token")) && /^\/r\/[A-Za-z0-9-]+$/.test(location.pathname),
  name: localStorage.getItem("krig.name") || "",
  ui: {
    error: null, notice: null, offer: null, retryAt: 0, askName: false, check: null,
    copied: false, busy: false, everConnected: false,
  },
};
window.krig = app; // for tests and the curious

// ---------------------------------------------------------------- connection

function wsUrl() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws`;
}

let retryTimer = null;

function connect() {
  clearTimeout(retryTimer);
  app.ui.retryAt = 0;
  const ws = new WebSocket(wsUrl(), "krig.v1");
  ws.binaryType = "arraybuffer";
  app.ws = ws;
  ws.onopen = () => {
    app.helloName = app.name || "guest";
    ws.send(encode({
      // (a replay page is nobody's seat: it never takes over the session of a tab at a table)
      t: "hello", v: 1, name: app.helloName, token: app.replay ? null : app.token, client: "krig-web/0.2", bundle: true,
    }));
  };
  ws.onmessage = (event) => {
    if (ws !== app.ws || typeof event.data === "string") return;
    let msg;
    try {
      msg = decode(event.data);
    } catch (err) {
      return; // not msgpack: ignore it, as the protocol says clients should
    }
    // A bundle (PROTOCOL.md §2a) is an array of messages, handled in order.
    for (const one of Array.isArray(msg) ? msg : [msg]) handle(one);
    afterMessages();
  };
  ws.onclose = (event) => {
    if (ws !== app.ws) return;
    app.connected = false;
    for (const [, pending] of app.waiting) pending.reject(new Error("connection lost"));
    app.waiting.clear();
    if (event.code === 4002) {
      app.stopped = true;
      app.ui.notice = tr("web-other-tab");
      redraw();
      return;
    }
    if (event.code === 4001) {
      app.stopped = true;
      app.ui.error = errorText("unsupported_version");
      redraw();
      return;
    }
    if (app.restarting) {
      app.restarting = false;
      connect();
      return;
    }
    const wait = app.backoff * (0.75 + Math.random() / 2);
    app.backoff = Math.min(app.backoff * 2, 10000);
    app.ui.retryAt = Date.now() + wait;
    retryTimer = setTimeout(connect, wait);
    redraw();
  };
}

function send(msg) {
  if (app.ws && app.ws.readyState === WebSocket.OPEN) app.ws.send(encode(msg));
}

function takeId() {
  const id = app.nextId++;
  sessionStorage.setItem("krig.nextId", String(app.nextId));
  return id;
}

function request(msg, { quiet = false } = {}) {
  const id = takeId();
  const body = { t: msg.t, id, ...msg };
  body.id = id;
  const once = () => new Promise((resolve, reject) => {
    if (!app.ws || app.ws.readyState !== WebSocket.OPEN || !app.connected) {
      // Not sent, so never answered: say so now rather than wait forever.
      reject(new Error("connection lost"));
      return;
    }
    app.waiting.set(id, { resolve, reject });
    send(body);
  }).catch(async (err) => {
    if (err.message !== "waiting_for_store") throw err;
    // The server could not confirm it yet (its store is failing over): say so, and
    // send the same id again in a moment (it is applied once).
    showError(errorText("waiting_for_store"));
    await new Promise((resolve) => setTimeout(resolve, 750 * (1 + Math.random() / 2)));
    return once();
  });
  return once().then((reply) => {
    if (app.ui.error === ERRORS.waiting_for_store) { hideError(); redraw(); }
    return reply;
  }).catch((err) => {
    if (!quiet) {
      const text = errorText(err.message);
      // Which option, and why: the server's own words (e.g. a deck that does not divide).
      // (the server's detail is English: said in English only)
      showError(err.message === "bad_rules" && err.detail && language() === "en" ? `${text} ${err.detail}` : text);
    }
    throw err;
  });
}

/** The session's name is given once (in hello): before a room, a changed name starts a new session. */
async function ensureName() {
  if (!app.name) await askName();
  if ((app.sessionName === app.name && app.connected) || app.table.code) return;
  await restartSession();
}

let restarting = null;
function restartSession() {
  if (restarting) return restarting; // (one new session at a time)
  app.token = null;
  sessionStorage.removeItem("krig.token");
  const welcomed = new Promise((resolve) => app.welcomeWaiters.push(resolve));
  restarting = welcomed.then(() => { restarting = null; });
  if (app.ws && app.ws.readyState <= WebSocket.OPEN) {
    app.restarting = true;
    app.ws.close();
  } else {
    connect();
  }
  return welcomed;
}

let nameWaiters = [];
function askName() {
  app.ui.askName = true;
  redraw();
  return new Promise((resolve) => nameWaiters.push(resolve));
}

function setName(name) {
  const clean = name.trim().replace(/\s+/g, " ").slice(0, 32);
  if (!clean) return false;
  app.name = clean;
  localStorage.setItem("krig.name", clean);
  app.ui.askName = false;
  for (const resolve of nameWaiters.splice(0)) resolve();
  if (!app.table.code && app.connected && app.sessionName !== clean) restartSession();
  else if (!app.table.code && app.connected && app.pendingCode) {
    const code = app.pendingCode; // (the session already has this name)
    app.pendingCode = null;
    join(code, false);
  }
  redraw();
  return true;
}

// ------------------------------------------------------------------ messages

function handle(msg) {
  const t = app.table;
  if ("id" in msg && msg.id !== null && app.waiting.has(msg.id) && REPLIES.has(msg.t)) {
    const pending = app.waiting.get(msg.id);
    app.waiting.delete(msg.id);
    if (msg.t === "error") pending.reject(Object.assign(new Error(msg.code), { detail: msg.message }));
    else pending.resolve(msg);
  } else if (msg.t === "error" && msg.code !== "room_gone") {
    showError(errorText(msg.code, msg.message));
  }
  if (msg.t === "error" && (msg.code === "removed" || msg.code === "room_gone")) {
    // Out of the room: no more of its events come. Never leave a table that cannot play.
    leftRoom(errorText(msg.code === "removed" ? "removed" : "room_gone"));
    return;
  }
  if (msg.t === "error" && MOVED_ON.has(msg.code) && t.code) {
    // The server's table is ahead of this page's: ask for what was missed.
    app.resyncFor = -1;
    askResync();
  }
  switch (msg.t) {
    case "welcome":
      app.connected = true;
      app.ui.everConnected = true;
      app.backoff = 500;
      app.ui.retryAt = 0;
      if (app.replay) {
        if (app.replay.state === "loading") fetchRecord();
        return;
      }
      app.token = msg.session;
      sessionStorage.setItem("krig.token", msg.session);
      if (!msg.resumed) {
        app.sessionName = app.helloName;
        sessionStorage.setItem("krig.sessionName", app.helloName);
      }
      app.returning = Boolean(msg.room);
      if (msg.room) {
        // A connection lost and this page still at the table: ask for what it missed
        // (PROTOCOL.md §5; the answer ends with a snapshot, which sets it right even if
        // a store that went back in time numbered other events as its last ones).
        const again = t.code === msg.room && t.seq > 0;
        if (t.code !== msg.room) freshTables();
        app.table.code = app.view.code = msg.room;
        app.table.seat = app.view.seat = msg.seat;
        if (again) {
          app.resyncFor = -1;
          askResync();
        }
      } else if (t.code) {
        leftRoom(errorText("room_gone")); // the session was in a room the server no longer has
      }
      if (!msg.room && app.name && app.sessionName !== app.name) {
        // A session made under another name (say, before the name was typed on the
        // home page) would seat this player under that name: start one under this one.
        restartSession();
        return;
      }
      for (const resolve of app.welcomeWaiters.splice(0)) resolve();
      send({ t: "watch_lobby", id: takeId(), on: true });
      if (app.pendingCode && !msg.room && app.name) {
        const code = app.pendingCode;
        app.pendingCode = null;
        join(code, false);
      } else if (msg.room) {
        app.pendingCode = null;
      }
      return;
    case "joined":
      if (t.code !== msg.code) {
        freshTables();
        app.ahead.clear();
      }
      app.table.code = app.view.code = msg.code;
      app.table.seat = app.view.seat = msg.seat;
      app.ui.offer = null;
      if (location.pathname !== `/r/${msg.code}`) window.scrollTo(0, 0); // (a form's submit button can be far down)
      history.replaceState(null, "", `/r/${msg.code}`);
      return;
    case "snapshot":
      if (msg.seq >= t.seq || (msg.room && msg.room.code !== t.code)) {
        if (msg.room && msg.room.code !== t.code) app.ahead.clear();
        applySnapshot(app.table, msg);
        toView({ snap: structuredClone(msg) });
        app.returning = false;
        const early = app.earlyStart;
        app.earlyStart = null;
        if (early && early.seq <= msg.seq) late(early);
        const game = `${app.table.code}/${app.table.game}`;
        if (app.table.game > 0 && !app.table.commitment && app.askedStart !== game) {
          // A snapshot has no commitment (a seat that completed the room, a reload): the
          // game_started event may still be in the room's kept events, so ask for them.
          app.askedStart = game;
          send({ t: "resync", id: takeId(), after: Math.max(0, msg.seq - 3) });
        }
        catchUp();
      }
      return;
    case "hand":
      if (msg.seq >= t.seq) {
        t.hand = msg.cards;
        t.handSeq = msg.seq;
      }
      return;
    case "lobby":
      app.lobby = new Map(msg.rooms.map((r) => [r.code, r]));
      return;
    case "lobby_room":
      if (msg.gone) app.lobby.delete(msg.room.code);
      else app.lobby.set(msg.room.code, msg.room);
      return;
  }
  if (msg.t === "game_started" && !t.code) {
    // A join that starts the game: its events can come before the "joined" answer.
    // The snapshot that follows has no commitment, so keep this one for it.
    app.earlyStart = msg;
  }
  if (ROOM_EVENTS.has(msg.t) || (!KNOWN.has(msg.t) && typeof msg.seq === "number")) {
    // (A type this page does not know that carries a seq is a newer server's room
    // event: it takes up its number, and applyEvent ignores the rest of it.)
    if (!t.code) return;
    if (msg.seq <= t.seq) {
      if (msg.t === "game_started") late(msg);
      return;
    }
    if (msg.seq > t.seq + 1) {
      // A resync answer and a room broadcast can cross: keep what came early.
      if (app.ahead.size < 4096) app.ahead.set(msg.seq, msg);
      askResync();
      return;
    }
    event(msg);
    catchUp();
  }
}

let sounds = new Set();

function event(e) {
  applyEvent(app.table, e);
  toView({ e: structuredClone(e) });
}

function late(e) {
  lateGameStart(app.table, e);
  toView({ late: structuredClone(e) });
}

function freshTables() {
  app.table = newTable();
  app.view = newTable();
  app.queue = [];
  app.holdUntil = 0;
}

// ------------------------------------------------------------------ the view
//
// The felt shows the room's events in order, but a finished trick stays on it,
// face up, while its result is said, before its cards go to the winner's pile;
// what came meanwhile (the next trick's flips) waits in the queue behind it. A
// war's deciding cards stay WAR_SHOW_MS once they have turned face up; an ordinary
// trick SHOW_MS, less when more tricks wait, so the felt never falls far behind.

const SHOW_MS = 650;
const BUSY_SHOW_MS = 250;
const WAR_SHOW_MS = 900;
const CATCH_UP = 3; // this many finished tricks waiting: an ordinary one is not held at all
const TURN_WAIT_MS = 1500; // (the longest a trick's cards may take to turn before its show starts anyway)
let pumpTimer = null;

function toView(item) {
  app.queue.push(item);
  pump();
}

function pump() {
  clearTimeout(pumpTimer);
  pumpTimer = null;
  const v = app.view;
  let changed = false;
  while (app.queue.length) {
    const wait = app.holdUntil - performance.now();
    if (wait > 0) {
      if (Number.isFinite(wait)) pumpTimer = setTimeout(pump, wait); // (else the hold's start pumps)
      break;
    }
    if (v.gathering) v.gathering = null; // its cards have reached the winner's pile
    const item = app.queue.shift();
    changed = true;
    if (item.snap) {
      applySnapshot(app.view, item.snap);
    } else if (item.late) {
      lateGameStart(app.view, item.late);
    } else {
      const sound = applyEvent(app.view, item.e);
      if (sound) sounds.add(sound);
      if (item.e.t === "trick_won") hold(app.view.gathering);
    }
  }
  if (changed) {
    playSounds();
    redraw();
  }
}

function hold(g) {
  const queued = app.queue.filter((item) => item.e && item.e.t === "trick_won").length;
  if (queued >= CATCH_UP && !g.wars) {
    app.holdUntil = 0; // far behind the game: on to the next (the log keeps this one)
    return;
  }
  const busy = queued > 0;
  const pace = app.replay && app.replay.speed ? app.replay.speed : 1; // (a replay's chosen speed)
  const show = (g.wars ? WAR_SHOW_MS : busy ? BUSY_SHOW_MS : SHOW_MS) / pace;
  const fly = reducedMotion() ? 0 : FLY_MS;
  app.holdUntil = Infinity; // (until the trick's cards have turned over)
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    if (app.view.gathering !== g) { // (gone meanwhile: nothing to show, the felt moves on)
      app.holdUntil = 0;
      pump();
      return;
    }
    app.holdUntil = performance.now() + show + fly;
    setTimeout(() => { if (app.view.gathering === g) { g.stage = "fly"; redraw(); } }, show);
    setTimeout(() => {
      if (app.view.gathering === g) { app.view.gathering = null; redraw(); }
      pump();
    }, show + fly);
  };
  // The show is counted from when the revealed cards have turned face up: a busy
  // machine can start their turn late, and the result must be seen, not a back.
  setTimeout(() => {
    const turning = [...document.querySelectorAll(".card.gather .card-inner")].flatMap((el) => el.getAnimations());
    Promise.all(turning.map((a) => a.finished.catch(() => null))).then(start);
    setTimeout(start, busy && !g.wars ? 0 : TURN_WAIT_MS);
  }, 0);
}

function askResync() {
  // Once per position, and again every second while the gap stays (an answer
  // can fail or be lost, and nothing later may come to notice the gap by).
  const seq = app.table.seq;
  if (app.resyncFor === seq && Date.now() - app.resyncAt < 1000) return;
  app.resyncFor = seq;
  app.resyncAt = Date.now();
  send({ t: "resync", id: takeId(), after: seq });
  setTimeout(() => {
    if (app.ahead.size && app.table.seq === seq) askResync();
  }, 1000);
}

function catchUp() {
  const t = app.table;
  while (app.ahead.has(t.seq + 1)) {
    const next = app.ahead.get(t.seq + 1);
    app.ahead.delete(t.seq + 1);
    event(next);
  }
  for (const [seq, early] of [...app.ahead]) {
    if (seq > t.seq) continue;
    app.ahead.delete(seq); // (covered by a snapshot; its commitment is still wanted)
    if (early.t === "game_started") late(early);
  }
  if (app.ahead.size) askResync();
}

function leftRoom(notice) {
  freshTables();
  app.ahead.clear();
  app.playedFor = null;
  app.ui.notice = notice;
  app.ui.check = null;
  history.replaceState(null, "", "/");
}

function playSounds() {
  // The sounds of what was just shown (one of each kind at a time).
  if (sounds.has("game-won")) playGameOver(true);
  else if (sounds.has("game-over")) playGameOver(false);
  else if (sounds.has("win-mine")) playWin(true);
  else if (sounds.has("win")) playWin(false);
  else if (sounds.has("flip")) playFlip();
  sounds = new Set();
}

function afterMessages() {
  redraw();
}

// ------------------------------------------------------------------- actions

const handGame = () => Boolean(app.table.room && app.table.room.rules.hand_size);

// The step this page has sent its play for. Until the server's "acted" comes
// back the table still says it is this seat's turn; a second key press in
// that time would send the play twice (and be refused as already_acted).
const stepKey = () => `${app.table.code}/${app.table.room ? app.table.room.game : 0}/${app.table.step}`;

function myTurn() {
  const t = app.table;
  return app.connected && t.seat !== null && ["battle", "war"].includes(t.phase) && t.awaiting.includes(t.seat) &&
    !t.acted.has(t.seat) && app.playedFor !== stepKey() &&
    (!handGame() || (t.hand.length > 0 && t.handSeq >= t.revealSeq));
}

async function play(msg) {
  const key = stepKey();
  app.playedFor = key;
  redraw();
  try {
    await request(msg);
  } catch (err) { // shown already; refused or the connection lost: the seat may try again
    if (app.playedFor === key) app.playedFor = null;
    redraw();
  }
}

function flip() {
  if (!myTurn() || handGame()) return;
  play({ t: "flip", step: app.table.step });
}

function choose(card) {
  if (!myTurn()) return;
  play({ t: "choose", step: app.table.step, card });
}

const WATCHABLE = new Set(["already_started", "room_full", "room_locked"]);

async function join(code, watch) {
  const clean = code.trim().toUpperCase();
  if (!clean) return;
  await ensureName();
  try {
    await request(watch ? { t: "spectate", code: clean } : { t: "join", code: clean, seat: null }, { quiet: !watch });
    hideError();
  } catch (err) {
    if (!watch && WATCHABLE.has(err.message)) {
      // A link to a game under way (or full, or locked): offer to watch it.
      app.ui.offer = { code: clean, why: err.message };
      hideError();
    } else if (!watch) {
      showError(errorText(err.message));
      if (app.pendingCode === null && location.pathname !== "/") history.replaceState(null, "", "/");
    }
    redraw();
  }
}

async function host(form) {
  await ensureName();
  try {
    await request({ t: "create", ...form });
    hideError();
  } catch (err) { /* shown already */ }
}

/** One click to a game: a private room with computer players in the other seats, started at once. */
async function playComputer(form) {
  await ensureName();
  try {
    await request({ t: "create", ...form, public: false, ready_checks: false });
    await request({ t: "start" });
    hideError();
  } catch (err) { /* shown already */ }
}

async function quick(players, preset) {
  await ensureName();
  try {
    await request({ t: "quick", players, preset });
    hideError();
  } catch (err) { /* shown already */ }
}

async function leave() {
  try { await request({ t: "leave" }); } catch (err) { /* shown already */ }
  leftRoom(null);
  redraw();
}

const act = (msg) => request(msg).catch(() => {});

function configure(fields) {
  return act({
    t: "configure", preset: null, options: null, turn_s: null, spectating: null, locked: null,
    public: null, chat: null, ready_checks: null, ...fields,
  });
}

function showError(text) { app.ui.error = text; redraw(); }
function hideError() { app.ui.error = null; }

// ------------------------------------------------------------ invite links

const meta = (name) => document.querySelector(`meta[name="krig-${name}"]`)?.content ?? "";

function loopbackHost(host) {
  return host === "localhost" || host.endsWith(".localhost") || host.startsWith("127.") || host === "[::1]";
}

/** An address friends elsewhere can open: --public-url, else the network address of a server on every interface. */
export function inviteBase() {
  const publicUrl = meta("public-url");
  if (publicUrl) return publicUrl;
  const network = meta("network-url");
  if (loopbackHost(location.hostname) && network) return network;
  return location.origin;
}

/** The room's link; it names the host, so the invited know whose table it is. */
function inviteUrl(code) {
  const room = app.table.room;
  const host = room && room.host !== null && room.host !== undefined ? room.seats[room.host] : null;
  const from = host && host.name ? `?from=${encodeURIComponent(host.name)}` : "";
  return `${inviteBase()}/r/${code}${from}`;
}
const onlyHere = () => loopbackHost(new URL(inviteBase()).hostname);

async function copyInvite(code) {
  const url = inviteUrl(code);
  try {
    await navigator.clipboard.writeText(url);
  } catch (err) {
    const field = document.getElementById("invite-link");
    field?.select();
    document.execCommand?.("copy");
  }
  app.ui.copied = true;
  redraw();
  setTimeout(() => { app.ui.copied = false; redraw(); }, 2000);
}

function shareInvite(code) {
  navigator.share({ title: tr("web-share-title"), text: tr("web-share-text", { code }), url: inviteUrl(code) })
    .catch(() => {});
}

// ----------------------------------------------------------------- rendering

let scheduled = false;
function redraw() {
  if (scheduled) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    mount(html`<${App} />`, document.getElementById("app"));
  });
}

function App() {
  const t = app.table;
  const inRoom = Boolean(t.code && t.room);
  return html`
    <${Header} />
    <${ConnectionBanner} />
    <${Messages} />
    ${app.replay ? html`<${Replay} />` : inRoom ? html`<${Room} />` : (app.returning || app.pendingCode) && !app.ui.offer && !app.ui.error ? html`<${Returning} />` : html`<${Home} />`}
    ${app.ui.askName ? html`<${NameDialog} />` : null}
    <p id="announce" class="sr-only" aria-live="polite">${t.announce}</p>`;
}

/** On the way to a room (a reload, an invite link): the table's place, not the home page. */
function Returning() {
  const code = app.pendingCode || location.pathname.slice(3);
  return html`<main id="returning" class="returning" aria-busy="true">
    <section class="felt returning-felt"><p class="phase">${app.returning ? tr("web-back-to-table") : tr("web-joining")} ${code ? tr("web-in-room", { code }) : ""}…</p></section>
  </main>`;
}

function Header() {
  const [sound, setSoundState] = useState(soundOn());
  const status = app.connected ? (app.name ? tr("web-playing-as", { name: app.name }) : tr("web-connected")) :
    app.ui.everConnected ? tr("web-reconnecting") : tr("web-connecting");
  return html`<header class="top">
    <a class="brand" href="/" onClick=${(e) => { if (app.table.code) e.preventDefault(); }} aria-label=${tr("web-home")}>
      <span class="brand-suits" aria-hidden="true"><span>♠</span><span class="red">♥</span></span>krig
    </a>
    <p id="status" role="status">${status}</p>
    <span class="top-actions">
      <button type="button" class="chip" id="rename" onClick=${() => askName()}
        aria-label=${app.name ? tr("web-rename", { name: app.name }) : tr("web-rename-unset")}>✎ ${app.name || tr("web-your-name")}</button>
      <button type="button" class="chip" id="sound" aria-pressed=${sound ? "true" : "false"}
        onClick=${() => { setSound(!sound); setSoundState(!sound); if (!sound) playFlip(); }}>
        ${sound ? tr("web-sound-on") : tr("web-sound-off")}</button>
      <select id="lang" class="chip" aria-label=${tr("web-language")} value=${language()}
        onChange=${(e) => chooseLanguage(e.currentTarget.value).then(redraw)}>
        ${Object.entries(LANGUAGES).map(([code, name]) => html`<option key=${code} value=${code} lang=${code}>${name}</option>`)}
      </select>
    </span>
  </header>`;
}

function ConnectionBanner() {
  const [, tick] = useState(0);
  const retryAt = app.ui.retryAt;
  useEffect(() => {
    if (!retryAt) return undefined;
    const timer = setInterval(() => tick((n) => n + 1), 500);
    return () => clearInterval(timer);
  }, [retryAt]);
  if (app.connected || app.stopped || !app.ui.everConnected) return null;
  const left = Math.max(0, Math.ceil((retryAt - Date.now()) / 1000));
  return html`<div id="banner" class="banner" role="alert">
    <span>${tr("web-connection-lost")} ${retryAt && left ? tr("web-trying-again", { n: left }) : tr("web-reconnecting")}
      ${app.table.code ? " " + tr("web-seat-kept") : ""}</span>
    <button type="button" onClick=${() => connect()}>${tr("web-try-now")}</button>
  </div>`;
}

function Messages() {
  const { error, notice, offer } = app.ui;
  return html`
    ${error ? html`<p id="error" class="alert" role="alert">${error}
      <button type="button" class="close" aria-label=${tr("web-dismiss")} onClick=${() => { hideError(); redraw(); }}>×</button></p>`
      : html`<p id="error" hidden></p>`}
    ${notice ? html`<p id="notice" class="notice" role="alert">${notice}
      <button type="button" class="close" aria-label=${tr("web-dismiss")} onClick=${() => { app.ui.notice = null; redraw(); }}>×</button></p>` : null}
    ${offer ? html`<div id="offer" class="offer" role="alertdialog" aria-labelledby="offer-text">
      <p id="offer-text">${tr(offer.why === "already_started" ? "web-offer-started" : offer.why === "room_full" ? "web-offer-full" : "web-offer-locked",
        { code: offer.code })} ${tr("web-offer-watch-it")}</p>
      <button type="button" class="primary" id="offer-watch" onClick=${() => { app.ui.offer = null; join(offer.code, true); }}>${tr("web-watch-game")}</button>
      <button type="button" id="offer-home" onClick=${() => { app.ui.offer = null; history.replaceState(null, "", "/"); redraw(); }}>${tr("web-back-home")}</button>
    </div>` : null}`;
}

function NameDialog() {
  const input = useRef(null);
  useEffect(() => { // (not a controlled field: a redraw while typing must not undo the typing)
    if (input.current) { input.current.value = app.name; input.current.focus(); }
  }, []);
  const submit = (e) => {
    e.preventDefault();
    if (!setName(input.current.value)) input.current.focus();
  };
  const dismissable = Boolean(app.name);
  return html`<div class="scrim">
    <form id="name-form" class="dialog" role="dialog" aria-modal="true" aria-labelledby="name-title" onSubmit=${submit}>
      <h2 id="name-title">${app.name ? tr("web-change-name") : tr("web-welcome")}</h2>
      <p id="name-invite">${app.pendingCode ? (app.invitedBy ? tr("web-invited-by", { name: app.invitedBy, code: app.pendingCode }) : tr("web-invited", { code: app.pendingCode })) + " " : ""}${tr("web-call-you")}</p>
      <label for="name">${tr("web-your-name")}</label>
      <input id="name" ref=${input} maxlength="32" autocomplete="nickname" required
        placeholder=${tr("web-name-example")} />
      <p class="dialog-actions">
        <button type="submit" class="primary" id="name-ok">${app.pendingCode ? tr("web-join-table") : tr("web-lets-play")}</button>
        ${dismissable ? html`<button type="button" onClick=${() => { app.ui.askName = false; redraw(); }}>${tr("web-cancel")}</button>` : null}
      </p>
      <p class="fine">${tr("web-remembered")} ${app.table.code ? tr("web-next-room") : ""}</p>
    </form>
  </div>`;
}

// ---------------------------------------------------------------------- home

const FAN = [59, 54, 49, 44, 60]; // A♠ K♥ Q♦ J♣ red joker

function Home() {
  return html`<main id="home" class="home">
    <section class="hero">
      <div class="fan" aria-hidden="true">${FAN.map((c, i) => html`<span class="fan-card" data-i=${i}><${Card} card=${c} /></span>`)}</div>
      <div>
        <h1>${tr("web-hero")}</h1>
        <p class="lead">${tr("web-lead")}</p>
      </div>
    </section>
    <div class="panels">
      <${CreateForm} />
      <div class="stack">
        <${JoinForm} />
        <${QuickForm} />
      </div>
      <${LobbyList} />
    </div>
  </main>`;
}

function PresetPicker({ id, value, onChange }) {
  const chosen = PRESET_BY_NAME[value];
  const codes = chosen.source.split(/[;,/ ]+/).filter((c) => c in { NO: 1, PL: 1, LV: 1, HR: 1, SE: 1 });
  const source = codes.length ? sourceWords(codes) : presetSource(value, chosen);
  return html`<label class="field" for=${id}>${tr("web-rules")}</label>
    <select id=${id} value=${value} onChange=${(e) => onChange(e.currentTarget.value)}>
      ${PRESETS.map(([name]) => html`<option value=${name}>${capital(presetTitle(name))}</option>`)}
    </select>
    <p class="hint" id=${`${id}-about`}>${presetLine(value, chosen)} <span class="source">${tr("web-source", { source })}.</span></p>`;
}

function OptionField({ option, value, base, idPrefix, onChange }) {
  const id = `${idPrefix}${option.name}`;
  const { kind } = option;
  const label = html`<label for=${id}>${optionLabel(option)}</label>`;
  if (kind === "bool" || Array.isArray(kind)) {
    const choices = kind === "bool" ? [true, false] : kind;
    const encodeV = (v) => String(v);
    const shown = value ?? base ?? DEFAULTS[option.name];
    const short = (v) => optionWords(option, v, true);
    const full = optionWords(option, shown);
    return html`<div class="option">${label}
      <select id=${id} value=${value === undefined ? "" : encodeV(value)}
        onChange=${(e) => {
          const raw = e.currentTarget.value;
          onChange(raw === "" ? undefined : kind === "bool" ? raw === "true" : raw);
        }}>
        ${base !== undefined ? html`<option value="">${tr("web-presets-value", { value: short(base) })}</option>` : null}
        ${choices.map((c) => html`<option value=${encodeV(c)}>${short(c)}</option>`)}
      </select>
      <span class="hint">${full !== short(shown) ? `${capital(full)}. ` : ""}${tr("web-source", { source: sourceWords(option.sources(shown)) })}</span></div>`;
  }
  return html`<${NumberOption} id=${id} label=${label} option=${option} value=${value} base=${base} onChange=${onChange} />`;
}

// A number field keeps what is being typed (a redraw for another message must
// not put the room's value back under the cursor) until it is committed.
function NumberOption({ id, label, option, value, base, onChange }) {
  const { kind } = option;
  const [draft, setDraft] = useState(null);
  return html`<div class="option">${label}
    <input id=${id} type="number" inputmode="numeric" min=${kind.min} max=${kind.max}
      value=${draft ?? (value === undefined ? "" : String(value))} placeholder=${base !== undefined ? tr("web-presets-value", { value: base }) : ""}
      onInput=${(e) => setDraft(e.currentTarget.value)}
      onChange=${(e) => { const raw = e.currentTarget.value; setDraft(null); onChange(raw === "" ? undefined : Number(raw)); }} />
    <span class="hint">${value !== undefined ? `${optionWords(option, value)} · ` : base !== undefined ? `${optionWords(option, base)} · ` : ""}${sourceWords(option.sources(value ?? base ?? DEFAULTS[option.name]))}</span>
  </div>`;
}

/** The rule options in their groups, each a fieldset (the form's and the room's). */
function RuleGroups({ values, base, idPrefix, onChange, skip = [] }) {
  return html`<div class="rule-groups">
    ${RULE_GROUPS.map(([title, names, key]) => html`<fieldset key=${title} class="rule-group">
      <legend>${tr(key)}</legend>
      ${names.filter((n) => !skip.includes(n)).map((n) => OPTION_BY_NAME[n]).map((o) => html`<${OptionField} key=${o.name}
        option=${o} value=${values[o.name]} base=${base[o.name]} idPrefix=${idPrefix} onChange=${(v) => onChange(o.name, v)} />`)}
    </fieldset>`)}
  </div>`;
}

function CreateForm() {
  const [preset, setPreset] = useState("classic");
  const [seats, setSeats] = useState(2);
  const [cap, setCap] = useState("0");
  const [chosen, setChosen] = useState({});
  const [isPublic, setPublic] = useState(false);
  const [readyChecks, setReadyChecks] = useState(false);
  const base = presetRules(preset, seats);
  const form = () => {
    const options = {};
    for (const [k, v] of Object.entries(chosen)) if (v !== undefined) options[k] = v;
    if (Number(cap) > 0) options.max_tricks = Number(cap);
    return { preset, options, seats, public: isPublic, ready_checks: readyChecks };
  };
  const submit = (e) => {
    e.preventDefault();
    host(form());
  };
  return html`<form id="create-form" class="panel" aria-labelledby="create-title" onSubmit=${submit}>
    <h2 id="create-title"><span aria-hidden="true" class="suit">♠</span> ${tr("web-host-game")}</h2>
    <${PresetPicker} id="create-preset" value=${preset} onChange=${setPreset} />
    <label class="field" for="create-seats">${tr("web-players")}</label>
    <select id="create-seats" value=${String(seats)} onChange=${(e) => setSeats(Number(e.currentTarget.value))}>
      ${[2, 3, 4].map((n) => html`<option value=${String(n)}>${tr("web-n-players", { n })}</option>`)}
    </select>
    <label class="field" for="create-cap">${tr("web-round-cap")}</label>
    <input id="create-cap" type="number" min="0" max="10000" inputmode="numeric" value=${cap}
      aria-describedby="create-cap-hint" onInput=${(e) => setCap(e.currentTarget.value)} />
    <p class="hint" id="create-cap-hint">${Number(cap) > 0 ? tr("web-cap-after", { n: Number(cap) }) : tr("web-cap-none")}</p>
    <details id="create-rules">
      <summary>${tr("web-every-rule")}</summary>
      <${RuleGroups} values=${chosen} base=${base} idPrefix="opt-" skip=${["max_tricks"]}
        onChange=${(name, v) => setChosen({ ...chosen, [name]: v })} />
    </details>
    <label class="check"><input id="create-public" type="checkbox" checked=${isPublic}
      onChange=${(e) => setPublic(e.currentTarget.checked)} /> ${tr("web-list-it")}</label>
    <label class="check"><input id="create-ready-checks" type="checkbox" checked=${readyChecks}
      onChange=${(e) => setReadyChecks(e.currentTarget.checked)} /> ${tr("web-ready-checks-long")}</label>
    <p class="row create-actions">
      <button type="submit" class="primary big">${tr("web-create-room")}</button>
      <button type="button" id="play-computer" class="big" onClick=${() => playComputer(form())}>${tr("web-play-computer")}</button>
    </p>
  </form>`;
}

function JoinForm() {
  const [code, setCode] = useState("");
  return html`<form id="join-form" class="panel" aria-labelledby="join-title"
    onSubmit=${(e) => { e.preventDefault(); join(code, e.submitter && e.submitter.id === "watch"); }}>
    <h2 id="join-title"><span aria-hidden="true" class="suit red">♥</span> ${tr("web-join-friend")}</h2>
    <label class="field" for="join-code">${tr("web-room-code")}</label>
    <input id="join-code" autocomplete="off" spellcheck="false" placeholder="ABC-DEF" value=${code}
      onInput=${(e) => setCode(e.currentTarget.value)} />
    <p class="row"><button type="submit" id="join" class="primary">${tr("web-take-seat")}</button>
      <button type="submit" id="watch">${tr("web-watch")}</button></p>
  </form>`;
}

function QuickForm() {
  const [preset, setPreset] = useState("classic");
  const [players, setPlayers] = useState(2);
  return html`<section class="panel" aria-labelledby="quick-title">
    <h2 id="quick-title"><span aria-hidden="true" class="suit">♣</span> ${tr("web-quick-game")}</h2>
    <p class="hint">${tr("web-quick-hint")}</p>
    <div class="row">
      <select id="quick-preset" aria-label=${tr("web-rules")} value=${preset} onChange=${(e) => setPreset(e.currentTarget.value)}>
        ${PRESETS.map(([name]) => html`<option value=${name}>${capital(presetTitle(name))}</option>`)}
      </select>
      <select id="quick-players" aria-label=${tr("web-players")} value=${String(players)} onChange=${(e) => setPlayers(Number(e.currentTarget.value))}>
        ${[2, 3, 4].map((n) => html`<option value=${String(n)}>${tr("web-n-players", { n })}</option>`)}
      </select>
      <button type="button" id="quick" class="primary" onClick=${() => quick(players, preset)}>${tr("web-find-table")}</button>
    </div>
  </section>`;
}

function LobbyList() {
  const rooms = [...app.lobby.values()];
  return html`<section class="panel lobby" aria-labelledby="lobby-title">
    <h2 id="lobby-title"><span aria-hidden="true" class="suit red">♦</span> ${tr("web-open-rooms")}</h2>
    ${rooms.length ? null : html`<p id="lobby-empty" class="hint">${tr("web-lobby-empty")}</p>`}
    <ul id="lobby">
      ${rooms.map((room) => html`<li key=${room.code}>
        <span><strong>${room.code}</strong> · ${presetTitle(room.preset)} · ${tr("web-lobby-seats", { taken: room.taken, players: room.players })}
          · ${LOBBY_STATES[room.state] ? tr(LOBBY_STATES[room.state]) : room.state}${room.spectators ? ` · ${tr("web-spectators", { n: room.spectators })}` : ""}</span>
        <button type="button" onClick=${() => join(room.code, room.state !== "lobby")}>
          ${room.state === "lobby" ? tr("web-join") : tr("web-watch")}</button>
      </li>`)}
    </ul>
  </section>`;
}

// ---------------------------------------------------------------------- room

function Room() {
  const t = app.table;
  const shown = app.view.room ? app.view : t; // (the felt's state: it may be a trick behind)
  const room = shown.room;
  const watching = t.seat === null;
  const lobby = t.room.state === "lobby" && room.state === "lobby";
  return html`<main id="table" class=${`room state-${room.state} ${shown.phase === "war" ? "at-war" : ""}`} aria-labelledby="table-title">
    <${RoomBar} />
    <div class="room-body">
      <div class="room-main">
        ${lobby || !app.view.room ? html`<${WaitingRoom} />` : html`<${Felt} />`}
        ${!lobby && room.state !== "over" ? html`<${Controls} />` : null}
      </div>
      <aside class="room-side">
        ${room.state !== "lobby" ? html`<${TrickLog} />` : null}
        <${Chat} />
        <${RulesList} />
        <p class="row"><button type="button" id="leave" onClick=${leave}>${watching ? tr("web-stop-watching") : tr("web-leave")}</button></p>
      </aside>
    </div>
  </main>`;
}

function RoomBar() {
  const t = app.table;
  const room = t.room;
  const code = t.code;
  const canShare = typeof navigator.share === "function";
  const lobby = room.state === "lobby";
  const amHost = t.seat !== null && t.seat === room.host;
  // The operator's hint is for the host, once: in the first waiting room it is shown in.
  const hintFor = localStorage.getItem("krig.hostHint");
  const hint = amHost && lobby && onlyHere() && meta("local-only") && (!hintFor || hintFor === code);
  if (hint && !hintFor) localStorage.setItem("krig.hostHint", code);
  const wins = score(t);
  return html`<section class=${`room-bar ${lobby ? "" : "in-game"}`} aria-labelledby="table-title">
    <h1 id="table-title">${tr("web-room")} <span id="room-code">${code}</span></h1>
    <span class="badges">
      <span class="badge">${presetTitle(room.preset)}</span>
      <span class="badge">${tr("web-seats-n", { n: room.seats.length })}</span>
      ${t.seat === null ? html`<span class="badge watching">${tr("web-watching")}</span>` : null}
      <span class="badge" id="spectators" title=${tr("web-spectators-title")}>${tr("web-spectators", { n: room.spectators })}</span>
      ${room.locked ? html`<span class="badge">${tr("web-locked")}</span>` : null}
      ${room.public ? html`<span class="badge">${tr("web-listed")}</span>` : null}
    </span>
    ${wins ? html`<p class="score" id="score" aria-label=${tr("web-score-label")}>${tr("web-games-won")}:
      ${room.seats.map((seat, s) => (seat.name ? html`<span key=${s} class=${`score-seat a${s}`}>${seat.name} <b>${wins[s]}</b></span>` : null))}</p>` : null}
    <details class="invite" id="invite" open=${lobby}>
      <summary>${tr("web-invite")}</summary>
      <div class="invite-body">
        <input id="invite-link" readonly aria-label=${tr("web-invite-link")} value=${inviteUrl(code)} onFocus=${(e) => e.currentTarget.select()} />
        <button type="button" id="copy" onClick=${() => copyInvite(code)}>${app.ui.copied ? tr("web-copied") : tr("web-copy")}</button>
        ${canShare ? html`<button type="button" id="share" onClick=${() => shareInvite(code)}>${tr("web-share")}</button>` : null}
      </div>
      ${hint ? html`<p class="hint" id="invite-hint">${withCode("web-local-hint", { host: "--host 0.0.0.0", public: "--public-url" })}</p>` : null}
    </details>
  </section>`;
}

function SeatPlate({ s, compact }) {
  const t = app.table;
  const room = t.room;
  const seat = room.seats[s];
  const bits = [];
  if (s === t.seat) bits.push(html`<span class="tag you">${tr("web-tag-you")}</span>`);
  if (s === room.host) bits.push(html`<span class="tag">${tr("web-tag-host")}</span>`);
  if (seat.bot) bits.push(html`<span class="tag">${tr("web-tag-computer")}</span>`);
  if (seat.name && !seat.connected && !seat.bot) bits.push(html`<span class="tag away">${tr("web-tag-away")}</span>`);
  const initial = seat.name ? seat.name[0].toUpperCase() : "?";
  return html`<div class="plate">
    <span class=${`avatar a${s} ${seat.bot ? "bot" : ""}`} aria-hidden="true">${initial}</span>
    <span class="plate-text"><span class="seat-name">${seat.name || tr("web-empty-seat")}</span>${compact ? null : bits}</span>
  </div>`;
}

function WaitingRoom() {
  const t = app.table;
  const room = t.room;
  const amHost = t.seat !== null && t.seat === room.host;
  const taken = room.seats.filter((s) => s.name).length;
  const empty = room.seats.length - taken;
  const notReady = room.seats.filter((s) => s.name && !s.ready && !s.bot);
  const mine = t.seat !== null ? room.seats[t.seat] : null;
  let status;
  if (room.ready_checks && notReady.length) status = tr("web-waiting-ready", { names: joinNames(notReady.map((s) => s.name)) });
  else if (empty) status = tr("web-waiting-players", { taken, seats: room.seats.length, host: amHost ? "yes" : "no" });
  else status = tr("web-everyone-here");
  return html`<section class="waiting felt" aria-label=${tr("web-waiting-room")}>
    <p id="phase" class="phase">${status}</p>
    <ol id="seats" class="seat-slots" aria-label=${tr("web-seats")}>
      ${room.seats.map((seat, s) => html`<li key=${s} class=${`slot ${seat.name ? "taken" : "free"} ${s === t.seat ? "mine" : ""}`} id=${`seat-${s}`}>
        <${SeatPlate} s=${s} />
        <span class="slot-state">${seat.name ? (seat.bot ? (seat.level && seat.level !== "normal" ? tr("web-slot-bot-level", { level: levelName(seat.level) }) : tr("web-slot-bot")) : room.ready_checks ? (seat.ready ? tr("web-slot-ready") : tr("web-slot-not-ready")) : tr("web-slot-ready")) : tr("web-slot-free")}</span>
        ${amHost && !seat.name ? html`<button type="button" class="small add-bot-seat" onClick=${() => act({ t: "add_bot", seat: s, level: botLevel })}>${tr("web-add-bot")}</button>` : null}
        ${amHost && seat.name && s !== room.host ? html`<button type="button" class="small remove-seat" aria-label=${tr("web-remove-seat", { name: seat.name })}
          onClick=${() => act({ t: "remove_seat", seat: s })}>${tr("web-remove")}</button>` : null}
        ${t.seat === null && !seat.name && !room.locked ? html`<button type="button" class="small" onClick=${() => act({ t: "join", code: t.code, seat: s })}>${tr("web-sit-here")}</button>` : null}
      </li>`)}
    </ol>
    ${mine && room.ready_checks ? html`<p class="row">
      <button type="button" id="ready" class=${mine.ready ? "" : "primary big"} onClick=${() => act({ t: "ready", ready: !mine.ready })}>
        ${mine.ready ? tr("web-ready-undo") : tr("web-ready")}</button></p>` : null}
    ${amHost ? html`<${HostControls} empty=${empty} />` : null}
  </section>`;
}

const TIMERS = [0, 10, 15, 20, 30, 60, 120];
/** The computer players' levels (add_bot's level): how they choose from a hand. */
const LEVELS = [["easy", "web-level-easy-long"], ["normal", "web-level-normal-long"], ["hard", "web-level-hard-long"]];
const LEVEL_NAMES = { easy: "web-level-easy", normal: "web-level-normal", hard: "web-level-hard" };
const levelName = (level) => (LEVEL_NAMES[level] ? tr(LEVEL_NAMES[level]) : level);
let botLevel = "normal";

function HostControls({ empty }) {
  const t = app.table;
  const room = t.room;
  const toggle = (id, field, label, checked) => html`<${Toggle} id=${id} field=${field} label=${label} checked=${checked} />`;
  const current = overrides(room.preset, room.rules);
  const base = presetRules(room.preset, room.seats.length);
  const setOption = (name, value) => {
    const next = { ...current };
    if (value === undefined) delete next[name];
    else next[name] = value;
    configure({ options: next });
  };
  return html`<section id="host-controls" class="host" aria-labelledby="host-title">
    <h2 id="host-title">${tr("web-you-host")}</h2>
    <p class="row">
      <button type="button" id="start" class="primary big" onClick=${() => act({ t: "start" })}>
        ${empty ? tr("web-start-fill", { n: empty }) : tr("web-start-now")}</button>
      ${empty ? html`<button type="button" id="add-bot" onClick=${() => act({ t: "add_bot", seat: null, level: botLevel })}>${tr("web-add-bot")}</button>` : null}
      ${empty ? html`<label class="bot-level">${tr("web-bot-level")} <select id="bot-level" onChange=${(e) => { botLevel = e.target.value; }}>
          ${LEVELS.map(([value, label]) => html`<option value=${value} selected=${value === botLevel}>${tr(label)}</option>`)}
        </select></label>` : null}
    </p>
    <div class="toggles">
      ${toggle("lock", "locked", tr("web-lock-room"), room.locked)}
      ${toggle("public", "public", tr("web-list-it"), room.public)}
      ${toggle("spectating", "spectating", tr("web-let-watch"), room.spectating)}
      ${toggle("chat-on", "chat", tr("web-chat"), room.chat)}
      ${toggle("ready-checks", "ready_checks", tr("web-ready-checks"), room.ready_checks)}
      <label class="check">${tr("web-turn-timer")}
        <select id="turn-timer" value=${String(room.turn_s)} onChange=${(e) => configure({ turn_s: Number(e.currentTarget.value) })}>
          ${[...new Set([...TIMERS, room.turn_s])].sort((a, b) => a - b).map((s) => html`<option value=${String(s)}>${s ? tr("web-s-a-turn", { n: s }) : tr("web-off")}</option>`)}
        </select></label>
    </div>
    <details id="room-rules">
      <summary>${tr("web-change-rules")}</summary>
      <${PresetPicker} id="room-preset" value=${room.preset} onChange=${(p) => configure({ preset: p, options: {} })} />
      <${RuleGroups} values=${current} base=${base} idPrefix="room-opt-" onChange=${setOption} />
    </details>
  </section>`;
}

// A host's switch shows what was clicked until the server's answer (a redraw for
// another message in between must not flip it back).
function Toggle({ id, field, label, checked }) {
  const [want, setWant] = useState(null);
  return html`<label class="check"><input type="checkbox" id=${id} checked=${want ?? checked}
    onChange=${(e) => {
      const value = e.currentTarget.checked;
      setWant(value);
      configure({ [field]: value }).then(() => setWant(null));
    }} /> ${label}</label>`;
}

function RulesList() {
  const room = app.table.room;
  const preset = PRESET_BY_NAME[room.preset];
  return html`<details id="rules" class="panel rules">
    <summary>${tr("web-rules")}: ${presetTitle(room.preset)}${preset ? ` (${presetSource(room.preset, preset)})` : ""}</summary>
    <ul id="rules-list">
      ${RULE_OPTIONS.filter((o) => o.name in room.rules).map((o) => html`<li key=${o.name} data-option=${o.name}>${ruleItem(o.name, room.rules[o.name])}</li>`)}
      <li>${tr("web-turn-timer")}: ${room.turn_s ? tr("web-seconds", { n: room.turn_s }) : tr("web-off")}</li>
    </ul>
  </details>`;
}

// English keeps rules.js's own wording; another language says the catalogue's rule-* keys.
const presetTitle = (name) => (language() !== "en" && has(`preset-${name}-title`) ? tr(`preset-${name}-title`) : name);
const presetSource = (name, preset) => (language() !== "en" && has(`preset-${name}-source`) ? tr(`preset-${name}-source`) : preset.source);

function ruleItem(name, value) {
  if (language() === "en" || !has(`rule-${name}`)) return ruleLine(name, value);
  return `${tr(`rule-${name}`)}: ${ruleValue(name, value)}`;
}

/** A rule's value in the catalogue's words (rule-NAME-VALUE, else its number in words). */
function ruleValue(name, value) {
  const word = String(value).toLowerCase();
  let said = String(value);
  if (has(`rule-${name}-${word}`)) said = tr(`rule-${name}-${word}`);
  else if (has(`rule-${name}-n`)) said = tr(`rule-${name}-n`, { n: value });
  else if (name === "time_limit_s" && value % 60 === 0) said = tr("rule-time_limit_s-minutes", { minutes: value / 60 });
  else if (name === "time_limit_s") said = tr("rule-time_limit_s-seconds", { seconds: value });
  return said;
}

const capital = (text) => (text ? text[0].toUpperCase() + text.slice(1) : text);
const LOBBY_STATES = { lobby: "web-lobby-lobby", playing: "web-lobby-playing", over: "web-lobby-over" };
const OWN_SOURCES = { project: "web-source-project", usual: "web-source-usual" };

/** The sources' names ("Norwegian, Swedish"): English says rules.js's, another language krig.ftl's source-*. */
function sourceWords(codes) {
  if (language() === "en") return sourceText(codes);
  return codes.map((c) => (OWN_SOURCES[c] ? tr(OWN_SOURCES[c]) : has(`source-${c}`) ? tr(`source-${c}`) : c)).join(", ");
}

const presetLine = (name, preset) => (language() !== "en" && has(`preset-${name}`) ? capital(tr(`preset-${name}`)) + "." : preset.line);
const optionLabel = (option) => (language() !== "en" && has(`rule-${option.name}`) ? tr(`rule-${option.name}`) : option.label);

/** A rule's value in words: English says rules.js's (its short form for a menu), another language krig.ftl's rule-*. */
function optionWords(option, value, short = false) {
  if (language() === "en" || !has(`rule-${option.name}`)) return short && option.short ? option.short(value) : option.words(value);
  return ruleValue(option.name, value);
}

/** A sentence with some of its parts drawn as elements (``shape``: a part's drawing; code by default). */
function withCode(key, parts, shape = {}, args = {}) {
  const names = Object.keys(parts);
  const marks = Object.fromEntries(names.map((k, i) => [k, `\u0001${i}\u0002`]));
  const text = tr(key, { ...args, ...marks });
  return text.split(/(\u0001\d+\u0002)/).map((part) => {
    const m = /^\u0001(\d+)\u0002$/.exec(part);
    if (!m) return part;
    const name = names[Number(m[1])];
    return shape[name] ? shape[name](parts[name]) : html`<code>${parts[name]}</code>`;
  });
}

/** Seats placed around the table, the viewer at the bottom. */
function places(n, me) {
  const order = { 2: ["bottom", "top"], 3: ["bottom", "left", "right"], 4: ["bottom", "left", "top", "right"] }[n] || [];
  const base = me ?? 0;
  return Array.from({ length: n }, (_, s) => order[(s - base + n) % n]);
}

function Felt() {
  const t = app.view;
  const room = t.room;
  const n = room.seats.length;
  const where = places(n, t.seat);
  const felt = useRef(null);
  const g = t.gathering;
  useLayoutEffect(() => {
    // The finished trick's cards fly to the winner's pile.
    if (!g || g.stage !== "fly" || g.flown || !felt.current || reducedMotion()) return;
    g.flown = true;
    const target = felt.current.querySelector(`#pile-${g.winner}`);
    if (!target) return;
    const to = target.getBoundingClientRect();
    for (const el of felt.current.querySelectorAll(".card.gather")) {
      const from = el.getBoundingClientRect();
      const dx = to.left + to.width / 2 - (from.left + from.width / 2);
      const dy = to.top + to.height / 2 - (from.top + from.height / 2);
      el.animate(
        [{ transform: "none", opacity: 1 }, { transform: `translate(${dx}px, ${dy}px) scale(0.55) rotate(8deg)`, opacity: 0.2 }],
        { duration: FLY_MS, easing: "cubic-bezier(.5,0,.75,0)", fill: "forwards" },
      );
    }
  });
  const over = room.state === "over" && t.phase === "over";
  const last = t.lastTrick;
  return html`<section class=${`felt table-${n} ${t.phase === "war" ? "at-war" : ""}`} ref=${felt} aria-label=${tr("web-the-table")}>
    <ol id="seats" class="seats" aria-label=${tr("web-seats")}>
      ${room.seats.map((seat, s) => html`<${SeatArea} key=${s} s=${s} where=${where[s]} />`)}
    </ol>
    ${over ? html`<${GameOver} />` : html`<div class="centre">
      ${t.phase === "war" ? html`<p class="war-banner" aria-hidden="true">${tr("web-war-banner")}</p>` : null}
      ${last ? html`<p id="trick-result" class=${`trick-result ${g === last ? "now" : ""} ${last.winner === t.seat ? "mine" : ""}`}
        data-trick=${last.trick}>${g === last ? "" : html`<span class="trick-no-label">${tr("web-trick-no", { n: last.trick })} </span>`}${trickLine(t, last)}</p>` : null}
      <p id="phase" class="phase">${phaseText()}</p>
      <${Clock} />
    </div>`}
  </section>`;
}

function SeatArea({ s, where }) {
  const t = app.view;
  const room = t.room;
  const seat = room.seats[s];
  const active = t.active[s] !== false;
  const toAct = ["battle", "war"].includes(t.phase) && t.awaiting.includes(s) && !t.acted.has(s);
  const acted = t.acted.has(s);
  const g = t.gathering;
  const mine = s === t.seat;
  const separate = room.rules.winnings === "separate";
  const current = t.onTable[s] || [];
  // A card lying on the table is in nobody's pile; a won trick counts once its cards arrive.
  const onTable = current.filter((slot) => slot.pending).length;
  const arriving = g && g.winner === s ? g.total : 0;
  const winnings = separate ? Math.max(0, (t.winnings[s] ?? 0) - arriving) : 0;
  const held = (t.counts[s] ?? 0) - onTable - arriving;
  const pile = held - winnings;
  const state = !active ? tr("web-state-out") : toAct ? (mine ? tr("web-state-your-turn") : tr("web-state-to-flip")) : acted ? tr("web-state-flipped") :
    t.phase === "war" && !t.warSeats.includes(s) ? tr("web-state-watching-war") : "";
  const slots = g ? (g.slots[s] || []) : current;
  const label = tr("web-seat-label", { name: seat.name || tr("web-seat-n", { n: s + 1 }), you: mine ? "yes" : "no", held }) +
    (winnings ? " " + tr("web-seat-label-winnings", { pile, winnings }) : "") + (state ? `, ${state}` : "");
  const wonNow = g && g.winner === s;
  const deciding = g ? new Set(g.deciding.map((d) => d.key)) : null;
  const cls = (slot) => {
    const down = slot.key.includes(".d") || slot.key.includes("pot");
    if (g) {
      return `gather ${down ? "war-down" : ""} ${deciding.has(slot.key) ? "decider" : ""} ${slot.key === g.winningKey && wonNow ? "winning" : ""}`;
    }
    return `${slot.pending ? "pending" : ""} ${down ? "war-down" : ""}`;
  };
  return html`<li class=${`seat at-${where} ${mine ? "mine" : ""} ${toAct ? "waiting" : ""} ${acted ? "acted" : ""} ${active ? "" : "out"} ${wonNow ? "won" : ""}`}
    id=${`seat-${s}`} aria-label=${label}>
    <div class="seat-head">
      <${SeatPlate} s=${s} />
      ${state ? html`<span class=${`seat-state ${toAct ? "pulse" : ""}`}>${state}</span>` : null}
    </div>
    <div class="seat-cards">
      <div class="piles">
        <${Pile} id=${`pile-${s}`} count=${pile} label=${`${separate ? tr("web-pile") : tr("web-cards")}: ${pile}`} />
        ${separate ? html`<span class="winnings" aria-label=${`${tr("web-won")}: ${winnings}`}>${tr("web-won")} <b>${winnings}</b></span>` : null}
        ${wonNow && g.stage === "fly" ? html`<span class="plus" aria-hidden="true">+${g.total}</span>` : null}
      </div>
      <div class=${`played ${g ? "finished" : ""}`} data-trick=${g ? g.trick : t.trick} aria-label=${tr("web-on-table", { name: seat.name || tr("web-seat-n", { n: s + 1 }) })}>
        ${slots.map((slot) => html`<${Card} key=${slot.key} slot=${slot.key} card=${slot.card} extra=${cls(slot)} />`)}
      </div>
    </div>
  </li>`;
}

const tapOrKey = (touchWord, keyWord) => (touchScreen() ? touchWord : keyWord);

function phaseText() {
  const t = app.view;
  const room = t.room;
  if (room.state === "over" || t.phase === "over") return t.result ? `${resultTitle(t)}: ${reasonLine(t)}.` : tr("web-game-over-line");
  const waiting = t.awaiting.filter((s) => !t.acted.has(s));
  const names = (seats) => joinNames(seats.map((s) => who(t, s)));
  const war = t.phase === "war" ? `${warLine(t)} ` : "";
  if (app.replay) return war || (t.stats.tricks ? "" : tr("web-dealt"));
  if (t.seat === null) {
    // A spectator's own wording: never "flip your card".
    if (!waiting.length) return war + tr("web-all-down-reveal");
    return war + (t.phase === "war" ? tr("web-waiting-for", { names: names(waiting) }) : tr("web-waiting-to-flip", { names: names(waiting) }));
  }
  if (t.active[t.seat] === false) return tr("web-you-are-out", { names: names(t.active.flatMap((a, s) => (a ? [s] : []))) });
  if (!app.connected && waiting.includes(t.seat) && app.playedFor !== stepKey()) {
    return war + tr("web-reconnecting"); // (not "waiting for the others": this seat's flip waits for the connection)
  }
  const mineToAct = waiting.includes(t.seat) && myTurn();
  const others = waiting.filter((s) => s !== t.seat);
  const how = handGame() ? tr("web-how-choose", { keys: tapOrKey(tr("web-tap-it"), tr("web-keys", { n: t.hand.length })) }) : tapOrKey(tr("web-tap-flip"), tr("web-press-space-or-flip"));
  if (t.phase === "war") {
    if (!t.warSeats.includes(t.seat)) return war + tr("web-sit-out");
    if (mineToAct) return war + tr("web-your-turn", { how });
    return others.length ? war + tr("web-waiting-for", { names: names(others) }) : war + tr("web-all-down");
  }
  if (mineToAct) return tr("web-your-turn", { how: handGame() ? how : tapOrKey(tr("web-tap-flip"), tr("web-flip-your-card")) });
  return others.length ? (handGame() ? tr("web-waiting-to-choose", { names: names(others) }) : tr("web-waiting-to-flip", { names: names(others) })) : tr("web-all-down");
}

function Clock() {
  const t = app.view;
  const [, tick] = useState(0);
  const live = (t.deadlineMs || t.gameEndsMs) && t.phase !== "over";
  useEffect(() => {
    if (!live) return undefined;
    const timer = setInterval(() => tick((n) => n + 1), 250);
    return () => clearInterval(timer);
  }, [live]);
  const now = Date.now();
  const parts = [];
  if (t.deadlineMs && t.deadlineMs > now && ["battle", "war"].includes(t.phase)) {
    parts.push(html`<span class="turn-clock">${tr(handGame() ? "web-clock-choose" : "web-clock-flip", { n: Math.ceil((t.deadlineMs - now) / 1000) })}</span>`);
  }
  if (t.gameEndsMs && t.gameEndsMs > now && t.phase !== "over") {
    const left = Math.ceil((t.gameEndsMs - now) / 1000);
    parts.push(html`<span class="game-clock">${tr("web-game-ends-in")} ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}</span>`);
  }
  return html`<p id="clock" class="clock">${parts}</p>`;
}

function Controls() {
  const t = app.table;
  const seated = t.seat !== null;
  const playing = ["battle", "war"].includes(t.phase);
  const turn = myTurn();
  useEffect(() => {
    const onKey = (event) => {
      const target = event.target;
      if (target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === " " || event.key === "f" || event.key === "F") {
        if (target instanceof HTMLButtonElement || target instanceof HTMLElement && target.tagName === "SUMMARY") return; // (the button's own Space)
        event.preventDefault();
        flip();
      } else if (/^[1-9]$/.test(event.key) && handGame()) {
        const card = app.table.hand[Number(event.key) - 1];
        if (card !== undefined) choose(card);
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  if (!seated) return html`<div class="controls"><p class="hint">${tr("web-watching-hint")}</p></div>`;
  const label = t.phase === "war" && turn ? (t.warDown ? tr("web-lay-down", { n: t.warDown }) : tr("web-flip-war")) : turn ? tr("web-flip") : t.acted.has(t.seat) || app.playedFor === stepKey() ? tr("web-flipped") : tr("web-flip");
  return html`<div class="controls">
    ${handGame() && playing ? html`<div id="hand" class="hand" role="group" aria-label=${tr("web-hand-label", { n: t.hand.length })}>
      ${t.hand.map((card, i) => html`<${Card} key=${`h${card}`} card=${card} keyHint=${String(i + 1)}
        label=${tr("web-play-card", { card: cardName(card), key: i + 1 })} disabled=${!turn} onClick=${() => choose(card)} />`)}
    </div>` : null}
    ${!handGame() && playing ? html`<button type="button" id="flip" class="flip primary" disabled=${!turn}
      aria-keyshortcuts="Space F" onClick=${flip}>${label}${touchScreen() ? null : html`<kbd>Space</kbd>`}</button>` : null}
  </div>`;
}

function TrickLog() {
  const t = app.view;
  return html`<section class="panel log" aria-labelledby="log-title">
    <h2 id="log-title">${tr("web-last-tricks")}</h2>
    ${t.log.length ? null : html`<p class="hint">${tr("web-log-empty")}</p>`}
    <ol id="trick-log">
      ${t.log.map((e) => html`<li key=${e.trick} class=${e.wars ? "had-war" : ""}>
        <span class="trick-no">#${e.trick}</span>
        ${e.wars ? html`<span class="war-tag">${e.wars > 1 ? `${tr("web-war-tag")} ×${e.wars}` : tr("web-war-tag")}</span>` : null}
        <span>${e.winner === t.seat ? tr("web-log-you-take", { total: e.total }) : tr("web-log-takes", { name: seatName(t, e.winner), total: e.total })}</span>
        <span class="log-cards" aria-label=${e.faceUp.map(cardName).join(", ")}>${e.faceUp.map((c) => html`<span class=${(c & 3) === 1 || (c & 3) === 2 || c === 60 ? "red" : ""}>${cardShort(c)}</span>`)}</span>
      </li>`)}
    </ol>
  </section>`;
}

function Chat() {
  const t = app.table;
  const room = t.room;
  const [text, setText] = useState("");
  const list = useRef(null);
  useLayoutEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [t.chat.length]);
  const submit = async (e) => {
    e.preventDefault();
    const said = text.trim();
    if (!said) return;
    try {
      await request({ t: "chat", text: said.slice(0, 200) });
      setText("");
    } catch (err) { /* shown already */ }
  };
  return html`<section class="panel chat" aria-labelledby="chat-title">
    <h2 id="chat-title">${tr("web-chat")}</h2>
    <ul id="chat-lines" ref=${list} aria-live="polite">
      ${t.chat.map((line) => html`<li key=${line.seq}><b class=${line.seat === null ? "spectator" : `a${line.seat}`}>${line.name}${line.seat === null ? ` (${tr("web-watching")})` : ""}</b>: ${line.text}</li>`)}
    </ul>
    ${room.chat ? html`<form id="chat-form" class="row" onSubmit=${submit}>
      <input id="chat-input" maxlength="200" aria-label=${tr("web-say-something")} placeholder=${tr("web-say-something") + "…"} value=${text}
        onInput=${(e) => setText(e.currentTarget.value)} autocomplete="off"
        onKeyDown=${(e) => { if (e.key === "Escape") e.currentTarget.blur(); }}
        title=${tr("web-chat-title")} />
      <button type="submit">${tr("web-send")}</button>
    </form>` : html`<p class="hint" id="chat-off">${tr("web-chat-off")}</p>`}
  </section>`;
}

function GameOver() {
  const t = app.view;
  const room = t.room;
  const r = t.result;
  const title = resultTitle(t);
  const rows = standings(t);
  // (the room's seats as they are now: who asked for a rematch is not held back with the felt)
  const now = app.table.room && app.table.code === t.code ? app.table : t;
  const { wanting, awaited, of } = rematchState(now);
  const mine = t.seat !== null ? now.room.seats[t.seat] : null;
  const iWant = mine && (mine.ready || wanting.includes(t.seat));
  const humansWanting = wanting.filter((s) => !now.room.seats[s].bot);
  const rematchLine = humansWanting.length
    ? tr(humansWanting.length === 1 && humansWanting[0] === t.seat ? "web-rematch-you" : "web-rematch-want",
      { names: joinNames(humansWanting.map((s) => who(t, s))), count: humansWanting.length, n: wanting.length, of })
    : tr("web-rematch-nobody", { n: wanting.length, of });
  const others = awaited.filter((s) => s !== t.seat);
  const wins = score(now);
  const longest = t.stats.longestWar;
  const check = app.ui.check;
  return html`<section id="game-over" class="game-over" role="region" aria-labelledby="result">
    <h2 id="result" class=${title === tr("result-you-win") ? "win" : title === tr("result-you-lose") ? "lose" : ""}>${title}</h2>
    <p class="reason" id="reason">${r ? `${reasonLine(t).replace(/^./, (c) => c.toUpperCase())}.` : ""}</p>
    <table id="standings" class="standings">
      <thead><tr><th scope="col">${tr("web-col-place")}</th><th scope="col">${tr("web-col-player")}</th><th scope="col">${tr("web-col-cards")}</th><th scope="col">${tr("web-col-wars-won")}</th>
        ${wins ? html`<th scope="col">${tr("web-games-won")}</th>` : null}</tr></thead>
      <tbody>${rows.map((row) => html`<tr key=${row.seat} class=${row.seat === t.seat ? "mine" : ""}>
        <td>${row.place}</td><td>${seatName(t, row.seat)}${row.seat === t.seat ? ` (${tr("web-tag-you")})` : ""}</td><td>${row.cards}</td><td>${row.warsWon}</td>
        ${wins ? html`<td class="games-won">${wins[row.seat]}</td>` : null}</tr>`)}
      </tbody>
    </table>
    <p id="stats" class="stats">${tr("web-stats", { tricks: t.stats.tricks, wars: t.stats.wars })} · ${tr("web-longest-war")}: ${longest ? tr("web-in-a-row", { n: longest }) : tr("web-none")}</p>
    ${app.replay ? null : html`<p id="rematch-status" class="rematch-status" aria-live="polite">${rematchLine}</p>
    <p class="row">
      ${t.seat !== null ? html`<button type="button" id="rematch" class=${iWant ? "" : "primary big"} disabled=${iWant}
        onClick=${() => act({ t: "rematch", on: true })}>${iWant ? (others.length ? tr("web-rematch-waiting", { names: joinNames(others.map((s) => seatName(t, s))) }) : tr("web-starting")) : tr("web-play-again")}</button>` : null}
      ${t.seat !== null && iWant && others.length ? html`<button type="button" id="rematch-undo" class="small"
        onClick=${() => act({ t: "rematch", on: false })}>${tr("web-take-back")}</button>` : null}
      <button type="button" id="check-deal" disabled=${!t.deal || check === "checking"} onClick=${runCheck}>
        ${t.deal ? tr("web-check-deal") : tr("web-waiting-deal")}</button>
    </p>
    <${WatchAgain} code=${t.code} game=${t.game} />
    <${DealCheck} check=${check} />`}
  </section>`;
}

function DealCheck({ check }) {
  if (!check || check === "checking") return null;
  return html`<div id="deal-check" class=${`deal-check ${check.ok ? "ok" : "bad"}`} role="status">
    <p><strong>${check.ok ? tr("web-deal-fair") : tr("web-deal-bad")}</strong></p>
    <ul>${check.lines.map((line) => html`<li>${line}</li>`)}</ul>
  </div>`;
}

const replayUrl = (code, game) => `${inviteBase()}/r/${code}/g/${game}`;

/** "Watch this game again": the record's page, a link to open and to copy. */
function WatchAgain({ code, game }) {
  const [copied, setCopied] = useState(false);
  if (!code || !game) return null;
  const url = replayUrl(code, game);
  const copy = async () => {
    try { await navigator.clipboard.writeText(url); } catch (err) { /* (the link is shown to copy by hand) */ }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  };
  return html`<p class="watch-again row">
    <a id="watch-again" href=${url} target="_blank" rel="noopener">${tr("web-watch-again")}</a>
    <button type="button" class="small" id="copy-replay" onClick=${copy}>${copied ? tr("web-copied") : tr("web-copy-the-link")}</button>
  </p>`;
}

async function runCheck() {
  const t = app.table;
  if (!t.deal) return;
  app.ui.check = "checking";
  redraw();
  const result = await checkDeal(t.deal, {
    commitment: t.game === t.deal.game ? t.commitment : null,
    counts: t.game === t.deal.game && t.commitment ? t.dealtCounts : null,
    laid: t.followed ? t.laid : null,
    rules: t.room.rules,
  });
  app.ui.check = result;
  redraw();
}

// -------------------------------------------------------------------- replay
//
// /r/CODE/g/N plays game N of room CODE back on the same felt: the record's
// events go through the same view queue as a live game's, a trick at a time.
// /replay opens a record file dropped on the page (krig-server record --json).

const SPEEDS = [0.5, 1, 2, 4];

async function fetchRecord() {
  const rp = app.replay;
  try {
    const reply = await request({ t: "get_record", code: rp.code, game: rp.game }, { quiet: true });
    loadRecord(recordFromMessage(reply.record));
  } catch (err) {
    rp.state = "error";
    rp.error = err.message === "unknown_room"
      ? tr("web-replay-unknown", { game: rp.game, code: rp.code })
      : err.message === "connection lost" ? tr("web-replay-offline") : errorText(err.message);
    if (err.message === "connection lost") rp.state = "loading";
    redraw();
  }
}

function loadRecord(rec) {
  const ends = trickEnds(rec.events);
  const whole = tableAfter(rec, rec.events.length);
  app.replay = {
    state: "ready", code: rec.code, game: rec.game, rec, ends, pos: 0, playing: false, speed: 1, check: "checking",
    tricks: ends.length - 1,
  };
  app.table = tableAfter(rec, 1);
  seekReplay(0);
  const deal = whole.deal;
  (deal ? checkDeal(deal, { commitment: whole.commitment, counts: whole.dealtCounts, laid: whole.laid, rules: rec.rules })
    : Promise.resolve({ ok: false, lines: [`✗ ${tr("web-replay-no-deal")}`] }))
    .then((check) => { if (app.replay && app.replay.rec === rec) { app.replay.check = check; redraw(); } });
}

/** Straight to the moment ``pos`` tricks are over (no motion). */
function seekReplay(pos) {
  const rp = app.replay;
  rp.pos = Math.max(0, Math.min(rp.tricks, pos));
  app.queue = [];
  app.holdUntil = 0;
  app.view = tableAfter(rp.rec, rp.ends[rp.pos]);
  redraw();
}

/** One trick on, shown as it was played: its cards laid, turned, taken. */
function stepReplay() {
  const rp = app.replay;
  if (rp.pos >= rp.tricks) return false;
  if (app.queue.length || app.view.gathering) seekReplay(rp.pos); // (still showing the last one: skip to its end)
  const from = rp.ends[rp.pos];
  rp.pos += 1;
  for (const e of rp.rec.events.slice(from, rp.ends[rp.pos])) toView({ e: structuredClone(e) });
  redraw();
  return true;
}

let replayTimer = null;
function playReplay(on) {
  const rp = app.replay;
  clearTimeout(replayTimer);
  rp.playing = on && rp.pos < rp.tricks;
  const tick = () => {
    if (!app.replay || !app.replay.playing) return;
    const busy = app.queue.length || app.view.gathering || performance.now() < app.holdUntil;
    if (!busy && !stepReplay()) {
      app.replay.playing = false;
      redraw();
      return;
    }
    replayTimer = setTimeout(tick, busy ? 60 : 700 / app.replay.speed);
  };
  if (rp.playing) tick();
  redraw();
}

async function openRecordFile(file) {
  try {
    const rec = recordFromJson(await file.text());
    playReplay(false);
    loadRecord(rec);
    hideError();
  } catch (err) {
    showError(err.message);
  }
}

function Replay() {
  const rp = app.replay;
  const [over, setOver] = useState(false);
  useEffect(() => {
    const onKey = (event) => {
      if (!app.replay || app.replay.state !== "ready") return;
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
      if (event.key === " ") { event.preventDefault(); playReplay(!app.replay.playing); }
      else if (event.key === "ArrowRight") { playReplay(false); stepReplay(); }
      else if (event.key === "ArrowLeft") { playReplay(false); seekReplay(app.replay.pos - 1); }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  const drop = {
    onDragOver: (e) => { e.preventDefault(); setOver(true); },
    onDragLeave: () => setOver(false),
    onDrop: (e) => {
      e.preventDefault();
      setOver(false);
      const file = e.dataTransfer && e.dataTransfer.files[0];
      if (file) openRecordFile(file);
    },
  };
  const chooser = html`<label class="file-pick">${tr("web-replay-open")}
    <input type="file" id="record-file" accept=".json,application/json"
      onChange=${(e) => { const f = e.currentTarget.files[0]; if (f) openRecordFile(f); }} /></label>`;
  if (rp.state !== "ready") {
    return html`<main id="replay" class=${`replay drop-zone ${over ? "over" : ""}`} ...${drop}>
      <section class="felt returning-felt">
        <div class="centre">
          <h1>${tr("web-replay-title")}</h1>
          <p id="replay-status" class="phase">${rp.state === "loading" ? tr("web-replay-loading", { game: rp.game, code: rp.code }) :
            rp.state === "error" ? rp.error : tr("web-replay-drop")}</p>
          ${chooser}
        </div>
      </section>
    </main>`;
  }
  const rec = rp.rec;
  const when = Number.isFinite(rec.startedMs) && rec.startedMs > 0 ? new Date(rec.startedMs).toLocaleString(language()) : "";
  return html`<main id="replay" class=${`room replay state-${app.view.room.state} ${over ? "over" : ""}`} ...${drop}>
    <section class="room-bar in-game">
      <h1 id="table-title">${withCode("web-replay-game", { code: rec.code }, { code: (c) => html`<span id="room-code">${c}</span>` }, { game: rec.game })}</h1>
      <span class="badges"><span class="badge">${presetTitle(rec.preset)}</span><span class="badge">${joinNames(rec.names)}</span>
        ${when ? html`<span class="badge">${when}</span>` : null}</span>
    </section>
    <div class="room-body">
      <div class="room-main">
        <${Felt} />
        <${ReplayControls} />
      </div>
      <aside class="room-side">
        <section class="panel" aria-labelledby="fair-title">
          <h2 id="fair-title">${tr("web-replay-deal")}</h2>
          ${rp.check === "checking" ? html`<p class="hint">${tr("web-replay-checking")}</p>` : html`<${DealCheck} check=${rp.check} />`}
        </section>
        <${TrickLog} />
        <section class="panel">${chooser}</section>
      </aside>
    </div>
  </main>`;
}

function ReplayControls() {
  const rp = app.replay;
  return html`<div class="controls replay-controls" role="group" aria-label=${tr("web-playback")}>
    <div class="row">
      <button type="button" id="rp-back" aria-label=${tr("web-trick-back")} disabled=${rp.pos === 0}
        onClick=${() => { playReplay(false); seekReplay(rp.pos - 1); }}>${tr("web-trick-prev")}</button>
      <button type="button" id="rp-play" class="primary" onClick=${() => playReplay(!rp.playing)}>
        ${rp.playing ? tr("web-pause") : rp.pos >= rp.tricks ? tr("web-at-end") : tr("web-play")}</button>
      <button type="button" id="rp-forward" aria-label=${tr("web-trick-forward")} disabled=${rp.pos >= rp.tricks}
        onClick=${() => { playReplay(false); stepReplay(); }}>${tr("web-trick-next")}</button>
      <label class="speed">${tr("web-speed")}
        <select id="rp-speed" value=${String(rp.speed)} onChange=${(e) => { rp.speed = Number(e.currentTarget.value); redraw(); }}>
          ${SPEEDS.map((x) => html`<option value=${String(x)}>${x}×</option>`)}
        </select></label>
    </div>
    <label class="slider" for="rp-slider"><span id="rp-pos">${tr("web-replay-pos", { pos: rp.pos, tricks: rp.tricks })}</span>
      <input type="range" id="rp-slider" min="0" max=${rp.tricks} step="1" value=${rp.pos}
        onInput=${(e) => { playReplay(false); seekReplay(Number(e.currentTarget.value)); }} /></label>
  </div>`;
}

// --------------------------------------------------------------------- setup

function setup() {
  const replay = location.pathname.match(/^\/r\/([A-Za-z0-9-]+)\/g\/(\d+)$/);
  if (replay || location.pathname === "/replay") {
    app.replay = replay ? { state: "loading", code: replay[1].toUpperCase(), game: Number(replay[2]) } : { state: "drop" };
    app.returning = false;
    redraw();
    connect();
    return;
  }
  const match = location.pathname.match(/^\/r\/([A-Za-z0-9-]+)$/);
  if (match) app.pendingCode = match[1].toUpperCase();
  const from = new URLSearchParams(location.search).get("from");
  if (match && from) app.invitedBy = from.trim().replace(/\s+/g, " ").slice(0, 32);
  if (!app.name) app.ui.askName = true;
  if (app.returning) setTimeout(() => { if (app.returning) { app.returning = false; redraw(); } }, 5000);
  redraw();
  connect(); // (an invite link's room is joined at the welcome once the name is known)
}

try {
  await useLanguage(pickLanguage());
} catch (err) { /* (the catalogues did not load: the keys show, the page still plays) */ }
setup();
