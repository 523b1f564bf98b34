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
  DEFAULTS, OPTION_BY_NAME, PRESETS, PRESET_BY_NAME, RULE_OPTIONS, overrides, presetRules,
  reasonText, ruleLine, sourceText,
} from "/static/rules.js";
import {
  applyEvent, applySnapshot, joinNames, lateGameStart, newTable, rematchState, resultTitle, seatName, standings, who,
} from "/static/table.js";
import { checkDeal } from "/static/deal.js";
import { playFlip, playGameOver, playWin, setSound, soundOn } from "/static/sound.js";

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

const MOVED_ON = new Set(["stale_step", "already_acted", "not_awaiting", "seat_out", "game_over"]);
const ROOM_EVENTS = new Set([
  "player_joined", "player_left", "player_ready", "player_disconnected",
  "player_reconnected", "game_started", "acted", "revealed", "war", "trick_won",
  "shuffled", "player_out", "game_over", "deal_revealed", "clock", "room_changed", "chat",
]);
const REPLIES = new Set(["ack", "error", "joined", "lobby", "pong", "record"]);
const KNOWN = new Set([...ROOM_EVENTS, ...REPLIES, "welcome", "snapshot", "hand", "lobby_room"]);
const SHOW_MS = 750; // a finished trick's cards stay face up this long...
const FLY_MS = 420; // ...then go to the winner's pile in this long
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
  table: newTable(),
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
      t: "hello", v: 1, name: app.helloName, token: app.token, client: "krig-web/0.2", bundle: true,
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
      app.ui.notice = "This seat was opened in another tab or window; this one stopped. Reload to take it back.";
      redraw();
      return;
    }
    if (event.code === 4001) {
      app.stopped = true;
      app.ui.error = ERRORS.unsupported_version;
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
    showError(ERRORS.waiting_for_store);
    await new Promise((resolve) => setTimeout(resolve, 750 * (1 + Math.random() / 2)));
    return once();
  });
  return once().then((reply) => {
    if (app.ui.error === ERRORS.waiting_for_store) { hideError(); redraw(); }
    return reply;
  }).catch((err) => {
    if (!quiet) {
      const text = ERRORS[err.message] ?? (err.message === "connection lost" ? "Not connected: try again in a moment." : err.message);
      // Which option, and why: the server's own words (e.g. a deck that does not divide).
      showError(err.message === "bad_rules" && err.detail ? `${text} ${err.detail}` : text);
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
    showError(ERRORS[msg.code] ?? msg.message);
  }
  if (msg.t === "error" && (msg.code === "removed" || msg.code === "room_gone")) {
    // Out of the room: no more of its events come. Never leave a table that cannot play.
    leftRoom(msg.code === "removed" ? ERRORS.removed : ERRORS.room_gone);
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
      app.token = msg.session;
      sessionStorage.setItem("krig.token", msg.session);
      if (!msg.resumed) {
        app.sessionName = app.helloName;
        sessionStorage.setItem("krig.sessionName", app.helloName);
      }
      if (msg.room) {
        if (t.code !== msg.room) app.table = newTable();
        app.table.code = msg.room;
        app.table.seat = msg.seat;
      } else if (t.code) {
        leftRoom(ERRORS.room_gone); // the session was in a room the server no longer has
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
        app.table = newTable();
        app.ahead.clear();
      }
      app.table.code = msg.code;
      app.table.seat = msg.seat;
      app.ui.offer = null;
      history.replaceState(null, "", `/r/${msg.code}`);
      return;
    case "snapshot":
      if (msg.seq >= t.seq || (msg.room && msg.room.code !== t.code)) {
        if (msg.room && msg.room.code !== t.code) app.ahead.clear();
        applySnapshot(app.table, msg);
        const early = app.earlyStart;
        app.earlyStart = null;
        if (early && early.seq <= msg.seq) lateGameStart(app.table, early);
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
      if (msg.t === "game_started") lateGameStart(t, msg);
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
  const sound = applyEvent(app.table, e);
  if (sound) sounds.add(sound);
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
    if (early.t === "game_started") lateGameStart(t, early);
  }
  if (app.ahead.size) askResync();
}

function leftRoom(notice) {
  app.table = newTable();
  app.ahead.clear();
  app.playedFor = null;
  app.ui.notice = notice;
  app.ui.check = null;
  history.replaceState(null, "", "/");
}

let gatherTimers = { trick: null };

function afterMessages() {
  // The sounds of what just happened (one of each kind per frame).
  if (sounds.has("game-won")) playGameOver(true);
  else if (sounds.has("game-over")) playGameOver(false);
  else if (sounds.has("win-mine")) playWin(true);
  else if (sounds.has("win")) playWin(false);
  else if (sounds.has("flip")) playFlip();
  sounds = new Set();
  // A finished trick stays face up a moment, then goes to the winner's pile.
  const g = app.table.gathering;
  if (g && gatherTimers.trick !== `${app.table.game}/${g.trick}`) {
    const key = `${app.table.game}/${g.trick}`;
    gatherTimers.trick = key;
    const same = () => app.table.gathering === g;
    setTimeout(() => { if (same()) { g.stage = "fly"; redraw(); } }, SHOW_MS);
    setTimeout(() => { if (same()) { app.table.gathering = null; redraw(); } }, SHOW_MS + (reducedMotion() ? 0 : FLY_MS));
  }
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
      showError(ERRORS[err.message] ?? (err.message === "connection lost" ? "Not connected: try again in a moment." : err.message));
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

const inviteUrl = (code) => `${inviteBase()}/r/${code}`;
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
  navigator.share({ title: "krig: play War with me", text: `Join my game of War (room ${code})`, url: inviteUrl(code) })
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
    ${inRoom ? html`<${Room} />` : html`<${Home} />`}
    ${app.ui.askName ? html`<${NameDialog} />` : null}
    <p id="announce" class="sr-only" aria-live="polite">${t.announce}</p>`;
}

function Header() {
  const [sound, setSoundState] = useState(soundOn());
  const status = app.connected ? (app.name ? `Playing as ${app.name}` : "Connected") :
    app.ui.everConnected ? "Reconnecting…" : "Connecting…";
  return html`<header class="top">
    <a class="brand" href="/" onClick=${(e) => { if (app.table.code) e.preventDefault(); }} aria-label="krig home">
      <span class="brand-suits" aria-hidden="true"><span>♠</span><span class="red">♥</span></span>krig
    </a>
    <p id="status" role="status">${status}</p>
    <span class="top-actions">
      <button type="button" class="chip" id="rename" onClick=${() => askName()}
        aria-label=${`Your name: ${app.name || "not set"}. Change it`}>✎ ${app.name || "Your name"}</button>
      <button type="button" class="chip" id="sound" aria-pressed=${sound ? "true" : "false"}
        onClick=${() => { setSound(!sound); setSoundState(!sound); if (!sound) playFlip(); }}>
        ${sound ? "♪ Sound on" : "♪ Sound off"}</button>
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
    <span>Connection lost. ${retryAt ? (left ? `Trying again in ${left} s…` : "Reconnecting…") : "Reconnecting…"}
      ${app.table.code ? " Your seat is kept for you." : ""}</span>
    <button type="button" onClick=${() => connect()}>Try now</button>
  </div>`;
}

function Messages() {
  const { error, notice, offer } = app.ui;
  return html`
    ${error ? html`<p id="error" class="alert" role="alert">${error}
      <button type="button" class="close" aria-label="Dismiss" onClick=${() => { hideError(); redraw(); }}>×</button></p>`
      : html`<p id="error" hidden></p>`}
    ${notice ? html`<p id="notice" class="notice" role="alert">${notice}
      <button type="button" class="close" aria-label="Dismiss" onClick=${() => { app.ui.notice = null; redraw(); }}>×</button></p>` : null}
    ${offer ? html`<div id="offer" class="offer" role="alertdialog" aria-labelledby="offer-text">
      <p id="offer-text">${offer.why === "already_started" ? `The game in room ${offer.code} is under way.` :
        offer.why === "room_full" ? `Room ${offer.code} is full.` : `The host has locked room ${offer.code}.`} Watch it?</p>
      <button type="button" class="primary" id="offer-watch" onClick=${() => { app.ui.offer = null; join(offer.code, true); }}>Watch the game</button>
      <button type="button" id="offer-home" onClick=${() => { app.ui.offer = null; history.replaceState(null, "", "/"); redraw(); }}>Back home</button>
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
      <h2 id="name-title">${app.name ? "Change your name" : "Welcome to krig"}</h2>
      <p>${app.pendingCode ? `A friend invited you to room ${app.pendingCode}. ` : ""}What should the table call you?</p>
      <label for="name">Your name</label>
      <input id="name" ref=${input} maxlength="32" autocomplete="nickname" required
        placeholder="e.g. Ada" />
      <p class="dialog-actions">
        <button type="submit" class="primary" id="name-ok">${app.pendingCode ? "Join the table" : "Let's play"}</button>
        ${dismissable ? html`<button type="button" onClick=${() => { app.ui.askName = false; redraw(); }}>Cancel</button>` : null}
      </p>
      <p class="fine">Remembered in this browser. ${app.table.code ? "A new name takes effect in your next room." : ""}</p>
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
        <h1>War, with friends</h1>
        <p class="lead">The card game of pure luck, played in the browser: everyone flips at once, ties mean war.
          Five countries' rules, 2 to 4 players, computer players when you are short.</p>
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
  return html`<label class="field" for=${id}>Rules</label>
    <select id=${id} value=${value} onChange=${(e) => onChange(e.currentTarget.value)}>
      ${PRESETS.map(([name]) => html`<option value=${name}>${name[0].toUpperCase() + name.slice(1)}</option>`)}
    </select>
    <p class="hint" id=${`${id}-about`}>${chosen.line} <span class="source">Source: ${sourceText(chosen.source.split(/[;,/ ]+/).filter((c) => c in { NO: 1, PL: 1, LV: 1, HR: 1, SE: 1 })) || chosen.source}.</span></p>`;
}

function OptionField({ option, value, base, idPrefix, onChange }) {
  const id = `${idPrefix}${option.name}`;
  const { kind } = option;
  const label = html`<label for=${id}>${option.label}</label>`;
  if (kind === "bool" || Array.isArray(kind)) {
    const choices = kind === "bool" ? [true, false] : kind;
    const encodeV = (v) => String(v);
    const shown = value ?? base ?? DEFAULTS[option.name];
    return html`<div class="option">${label}
      <select id=${id} value=${value === undefined ? "" : encodeV(value)}
        onChange=${(e) => {
          const raw = e.currentTarget.value;
          onChange(raw === "" ? undefined : kind === "bool" ? raw === "true" : raw);
        }}>
        ${base !== undefined ? html`<option value="">preset's: ${option.words(base)}</option>` : null}
        ${choices.map((c) => html`<option value=${encodeV(c)}>${option.words(c)} (${sourceText(option.sources(c))})</option>`)}
      </select>
      <span class="hint">Source: ${sourceText(option.sources(shown))}</span></div>`;
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
      value=${draft ?? (value === undefined ? "" : String(value))} placeholder=${base !== undefined ? `preset's: ${base}` : ""}
      onInput=${(e) => setDraft(e.currentTarget.value)}
      onChange=${(e) => { const raw = e.currentTarget.value; setDraft(null); onChange(raw === "" ? undefined : Number(raw)); }} />
    <span class="hint">${value !== undefined ? `${option.words(value)} · ` : base !== undefined ? `${option.words(base)} · ` : ""}${sourceText(option.sources(value ?? base ?? DEFAULTS[option.name]))}</span>
  </div>`;
}

const CREATE_OPTIONS = RULE_OPTIONS.filter((o) => o.name !== "players" && o.name !== "max_tricks");

function CreateForm() {
  const [preset, setPreset] = useState("classic");
  const [seats, setSeats] = useState(2);
  const [cap, setCap] = useState("0");
  const [chosen, setChosen] = useState({});
  const [isPublic, setPublic] = useState(false);
  const [readyChecks, setReadyChecks] = useState(false);
  const base = presetRules(preset, seats);
  const submit = (e) => {
    e.preventDefault();
    const options = {};
    for (const [k, v] of Object.entries(chosen)) if (v !== undefined) options[k] = v;
    if (Number(cap) > 0) options.max_tricks = Number(cap);
    host({ preset, options, seats, public: isPublic, ready_checks: readyChecks });
  };
  return html`<form id="create-form" class="panel" aria-labelledby="create-title" onSubmit=${submit}>
    <h2 id="create-title"><span aria-hidden="true" class="suit">♠</span> Host a game</h2>
    <${PresetPicker} id="create-preset" value=${preset} onChange=${setPreset} />
    <label class="field" for="create-seats">Players</label>
    <select id="create-seats" value=${String(seats)} onChange=${(e) => setSeats(Number(e.currentTarget.value))}>
      <option value="2">2 players</option><option value="3">3 players</option><option value="4">4 players</option>
    </select>
    <label class="field" for="create-cap">Round cap <span class="hint">(0: play until someone has every card)</span></label>
    <input id="create-cap" type="number" min="0" max="10000" inputmode="numeric" value=${cap}
      onInput=${(e) => setCap(e.currentTarget.value)} />
    <details id="create-rules">
      <summary>Every rule, in words</summary>
      <div class="options">
        ${CREATE_OPTIONS.map((o) => html`<${OptionField} key=${o.name} option=${o} value=${chosen[o.name]}
          base=${base[o.name]} idPrefix="opt-" onChange=${(v) => setChosen({ ...chosen, [o.name]: v })} />`)}
      </div>
    </details>
    <label class="check"><input id="create-public" type="checkbox" checked=${isPublic}
      onChange=${(e) => setPublic(e.currentTarget.checked)} /> List it in the open rooms</label>
    <label class="check"><input id="create-ready-checks" type="checkbox" checked=${readyChecks}
      onChange=${(e) => setReadyChecks(e.currentTarget.checked)} /> Ready checks (players must say they are ready)</label>
    <button type="submit" class="primary big">Create the room</button>
  </form>`;
}

function JoinForm() {
  const [code, setCode] = useState("");
  return html`<form id="join-form" class="panel" aria-labelledby="join-title"
    onSubmit=${(e) => { e.preventDefault(); join(code, e.submitter && e.submitter.id === "watch"); }}>
    <h2 id="join-title"><span aria-hidden="true" class="suit red">♥</span> Join a friend</h2>
    <label class="field" for="join-code">Room code</label>
    <input id="join-code" autocomplete="off" spellcheck="false" placeholder="ABC-DEF" value=${code}
      onInput=${(e) => setCode(e.currentTarget.value)} />
    <p class="row"><button type="submit" id="join" class="primary">Take a seat</button>
      <button type="submit" id="watch">Watch</button></p>
  </form>`;
}

function QuickForm() {
  const [preset, setPreset] = useState("classic");
  const [players, setPlayers] = useState(2);
  return html`<section class="panel" aria-labelledby="quick-title">
    <h2 id="quick-title"><span aria-hidden="true" class="suit">♣</span> Quick game</h2>
    <p class="hint">Sit down at a public table; computer players fill it if nobody comes.</p>
    <div class="row">
      <select id="quick-preset" aria-label="Rules" value=${preset} onChange=${(e) => setPreset(e.currentTarget.value)}>
        ${PRESETS.map(([name]) => html`<option value=${name}>${name[0].toUpperCase() + name.slice(1)}</option>`)}
      </select>
      <select id="quick-players" aria-label="Players" value=${String(players)} onChange=${(e) => setPlayers(Number(e.currentTarget.value))}>
        <option value="2">2 players</option><option value="3">3 players</option><option value="4">4 players</option>
      </select>
      <button type="button" id="quick" class="primary" onClick=${() => quick(players, preset)}>Find a table</button>
    </div>
  </section>`;
}

function LobbyList() {
  const rooms = [...app.lobby.values()];
  return html`<section class="panel lobby" aria-labelledby="lobby-title">
    <h2 id="lobby-title"><span aria-hidden="true" class="suit red">♦</span> Open rooms</h2>
    ${rooms.length ? null : html`<p id="lobby-empty" class="hint">No public rooms right now. Host one, or find a quick game.</p>`}
    <ul id="lobby">
      ${rooms.map((room) => html`<li key=${room.code}>
        <span><strong>${room.code}</strong> · ${room.preset} · ${room.taken}/${room.players} seats
          · ${room.state === "lobby" ? "waiting" : room.state}${room.spectators ? ` · ${room.spectators} watching` : ""}</span>
        <button type="button" onClick=${() => join(room.code, room.state !== "lobby")}>
          ${room.state === "lobby" ? "Join" : "Watch"}</button>
      </li>`)}
    </ul>
  </section>`;
}

// ---------------------------------------------------------------------- room

function Room() {
  const t = app.table;
  const room = t.room;
  const watching = t.seat === null;
  return html`<main id="table" class=${`room state-${room.state} ${t.phase === "war" ? "at-war" : ""}`} aria-labelledby="table-title">
    <${RoomBar} />
    <div class="room-body">
      <div class="room-main">
        ${room.state === "lobby" ? html`<${WaitingRoom} />` : html`<${Felt} />`}
        ${room.state !== "lobby" ? html`<${Controls} />` : null}
      </div>
      <aside class="room-side">
        ${room.state !== "lobby" ? html`<${TrickLog} />` : null}
        <${Chat} />
        <${RulesList} />
        <p class="row"><button type="button" id="leave" onClick=${leave}>${watching ? "Stop watching" : "Leave the room"}</button></p>
      </aside>
    </div>
  </main>`;
}

function RoomBar() {
  const t = app.table;
  const room = t.room;
  const code = t.code;
  const canShare = typeof navigator.share === "function";
  return html`<section class="room-bar" aria-labelledby="table-title">
    <h1 id="table-title">Room <span id="room-code">${code}</span></h1>
    <span class="badges">
      <span class="badge">${room.preset}</span>
      <span class="badge">${room.seats.length} seats</span>
      ${t.seat === null ? html`<span class="badge watching">watching</span>` : null}
      <span class="badge" id="spectators" title="people watching">${room.spectators} watching</span>
      ${room.locked ? html`<span class="badge">locked</span>` : null}
      ${room.public ? html`<span class="badge">listed</span>` : null}
    </span>
    <div class="invite">
      <label for="invite-link">Invite friends</label>
      <input id="invite-link" readonly value=${inviteUrl(code)} onFocus=${(e) => e.currentTarget.select()} />
      <button type="button" id="copy" onClick=${() => copyInvite(code)}>${app.ui.copied ? "Copied ✓" : "Copy link"}</button>
      ${canShare ? html`<button type="button" id="share" onClick=${() => shareInvite(code)}>Share…</button>` : null}
      ${onlyHere() && meta("local-only") ? html`<p class="hint" id="invite-hint">This server listens on this computer only:
        start it with <code>--host 0.0.0.0</code> (or <code>--public-url</code>) so friends elsewhere can open the link.</p>` : null}
    </div>
  </section>`;
}

function SeatPlate({ s, compact }) {
  const t = app.table;
  const room = t.room;
  const seat = room.seats[s];
  const bits = [];
  if (s === t.seat) bits.push(html`<span class="tag you">you</span>`);
  if (s === room.host) bits.push(html`<span class="tag">host</span>`);
  if (seat.bot) bits.push(html`<span class="tag">computer</span>`);
  if (seat.name && !seat.connected && !seat.bot) bits.push(html`<span class="tag away">away</span>`);
  const initial = seat.name ? seat.name[0].toUpperCase() : "?";
  return html`<div class="plate">
    <span class=${`avatar a${s} ${seat.bot ? "bot" : ""}`} aria-hidden="true">${initial}</span>
    <span class="plate-text"><span class="seat-name">${seat.name || "Empty seat"}</span>${compact ? null : bits}</span>
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
  if (room.ready_checks && notReady.length) status = `Waiting for ${joinNames(notReady.map((s) => s.name))} to be ready.`;
  else if (empty) status = `Waiting for players: ${taken} of ${room.seats.length} seats taken. The game starts when the last seat is taken${amHost ? ", or when you start it" : ""}.`;
  else status = "Everyone is here.";
  return html`<section class="waiting felt" aria-label="Waiting room">
    <p id="phase" class="phase">${status}</p>
    <ol id="seats" class="seat-slots" aria-label="Seats">
      ${room.seats.map((seat, s) => html`<li key=${s} class=${`slot ${seat.name ? "taken" : "free"} ${s === t.seat ? "mine" : ""}`} id=${`seat-${s}`}>
        <${SeatPlate} s=${s} />
        <span class="slot-state">${seat.name ? (seat.bot ? "ready (computer)" : room.ready_checks ? (seat.ready ? "ready ✓" : "not ready yet") : "ready ✓") : "waiting for a friend…"}</span>
        ${amHost && !seat.name ? html`<button type="button" class="small add-bot-seat" onClick=${() => act({ t: "add_bot", seat: s })}>Add a computer player</button>` : null}
        ${amHost && seat.name && s !== room.host ? html`<button type="button" class="small remove-seat" aria-label=${`Remove ${seat.name}`}
          onClick=${() => act({ t: "remove_seat", seat: s })}>Remove</button>` : null}
        ${t.seat === null && !seat.name && !room.locked ? html`<button type="button" class="small" onClick=${() => act({ t: "join", code: t.code, seat: s })}>Sit here</button>` : null}
      </li>`)}
    </ol>
    ${mine && room.ready_checks ? html`<p class="row">
      <button type="button" id="ready" class=${mine.ready ? "" : "primary big"} onClick=${() => act({ t: "ready", ready: !mine.ready })}>
        ${mine.ready ? "I'm not ready after all" : "I'm ready"}</button></p>` : null}
    ${amHost ? html`<${HostControls} empty=${empty} />` : null}
  </section>`;
}

const TIMERS = [0, 10, 15, 20, 30, 60, 120];

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
    <h2 id="host-title">You are the host</h2>
    <p class="row">
      <button type="button" id="start" class="primary big" onClick=${() => act({ t: "start" })}>
        Start now${empty ? ` (computer players take ${empty === 1 ? "the empty seat" : `the ${empty} empty seats`})` : ""}</button>
      ${empty ? html`<button type="button" id="add-bot" onClick=${() => act({ t: "add_bot", seat: null })}>Add a computer player</button>` : null}
    </p>
    <div class="toggles">
      ${toggle("lock", "locked", "Lock the room (no new players)", room.locked)}
      ${toggle("public", "public", "List it in the open rooms", room.public)}
      ${toggle("spectating", "spectating", "Let people watch", room.spectating)}
      ${toggle("chat-on", "chat", "Chat", room.chat)}
      ${toggle("ready-checks", "ready_checks", "Ready checks", room.ready_checks)}
      <label class="check">Turn timer
        <select id="turn-timer" value=${String(room.turn_s)} onChange=${(e) => configure({ turn_s: Number(e.currentTarget.value) })}>
          ${[...new Set([...TIMERS, room.turn_s])].sort((a, b) => a - b).map((s) => html`<option value=${String(s)}>${s ? `${s} s a turn` : "off"}</option>`)}
        </select></label>
    </div>
    <details id="room-rules">
      <summary>Change the rules</summary>
      <${PresetPicker} id="room-preset" value=${room.preset} onChange=${(p) => configure({ preset: p, options: {} })} />
      <div class="options">
        ${RULE_OPTIONS.filter((o) => o.name !== "players").map((o) => html`<${OptionField} key=${o.name} option=${o}
          value=${current[o.name]} base=${base[o.name]} idPrefix="room-opt-" onChange=${(v) => setOption(o.name, v)} />`)}
      </div>
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
    <summary>Rules: ${room.preset}${preset ? ` (${preset.source})` : ""}</summary>
    <ul id="rules-list">
      ${RULE_OPTIONS.filter((o) => o.name in room.rules).map((o) => html`<li key=${o.name} data-option=${o.name}>${ruleLine(o.name, room.rules[o.name])}</li>`)}
      <li>Turn timer: ${room.turn_s ? `${room.turn_s} s` : "off"}</li>
    </ul>
  </details>`;
}

/** Seats placed around the table, the viewer at the bottom. */
function places(n, me) {
  const order = { 2: ["bottom", "top"], 3: ["bottom", "left", "right"], 4: ["bottom", "left", "top", "right"] }[n] || [];
  const base = me ?? 0;
  return Array.from({ length: n }, (_, s) => order[(s - base + n) % n]);
}

function Felt() {
  const t = app.table;
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
  return html`<section class=${`felt table-${n} ${t.phase === "war" ? "at-war" : ""}`} ref=${felt} aria-label="The table">
    <ol id="seats" class="seats" aria-label="Seats">
      ${room.seats.map((seat, s) => html`<${SeatArea} key=${s} s=${s} where=${where[s]} />`)}
    </ol>
    <div class="centre">
      ${t.phase === "war" ? html`<p class="war-banner" aria-hidden="true">WAR!</p>` : null}
      <p id="phase" class="phase">${phaseText()}</p>
      <${Clock} />
    </div>
    ${room.state === "over" ? html`<${GameOver} />` : null}
  </section>`;
}

function SeatArea({ s, where }) {
  const t = app.table;
  const room = t.room;
  const seat = room.seats[s];
  const active = t.active[s] !== false;
  const toAct = ["battle", "war"].includes(t.phase) && t.awaiting.includes(s) && !t.acted.has(s);
  const acted = t.acted.has(s);
  const g = t.gathering;
  const mine = s === t.seat;
  const winnings = room.rules.winnings === "separate" ? t.winnings[s] ?? 0 : 0;
  const held = t.counts[s] ?? 0;
  const pile = held - winnings;
  const state = !active ? "out" : toAct ? (mine ? "your turn" : "to flip") : acted ? "flipped" :
    t.phase === "war" && !t.warSeats.includes(s) ? "watching the war" : "";
  const gathering = g ? (g.slots[s] || []) : [];
  const current = t.onTable[s] || [];
  const label = `${seat.name || `seat ${s + 1}`}${mine ? " (you)" : ""}: ${held} cards` +
    (winnings ? ` (${pile} in the pile, ${winnings} won)` : "") + (state ? `, ${state}` : "");
  const wonNow = g && g.winner === s;
  return html`<li class=${`seat at-${where} ${mine ? "mine" : ""} ${toAct ? "waiting" : ""} ${acted ? "acted" : ""} ${active ? "" : "out"} ${wonNow ? "won" : ""}`}
    id=${`seat-${s}`} aria-label=${label}>
    <div class="seat-head">
      <${SeatPlate} s=${s} />
      ${state ? html`<span class=${`seat-state ${toAct ? "pulse" : ""}`}>${state}</span>` : null}
    </div>
    <div class="seat-cards">
      <div class="piles">
        <${Pile} id=${`pile-${s}`} count=${pile} label=${`${room.rules.winnings === "separate" ? "pile" : "cards"}: ${pile}`} />
        ${room.rules.winnings === "separate" ? html`<span class="winnings" aria-label=${`won: ${winnings}`}>won <b>${winnings}</b></span>` : null}
        ${wonNow && g.stage === "fly" ? html`<span class="plus" aria-hidden="true">+${g.total}</span>` : null}
      </div>
      <div class="played" aria-label=${`${seat.name || "seat"}'s cards on the table`}>
        ${gathering.map((slot) => html`<${Card} key=${slot.key} card=${slot.card}
          extra=${`gather ${slot.key.includes(".d") ? "war-down" : ""}`} />`)}
        ${current.map((slot) => html`<${Card} key=${slot.key} card=${slot.card}
          extra=${`${slot.pending ? "pending" : ""} ${slot.key.includes(".d") || slot.key.includes("pot") ? "war-down" : ""}`} />`)}
      </div>
    </div>
  </li>`;
}

function phaseText() {
  const t = app.table;
  const room = t.room;
  if (room.state === "over" || t.phase === "over") return t.result ? `${resultTitle(t)}: ${reasonText(t.result.reason)}.` : "The game is over.";
  const waiting = t.awaiting.filter((s) => !t.acted.has(s));
  const names = (seats) => joinNames(seats.map((s) => who(t, s)));
  if (t.seat === null) {
    // A spectator's own wording: never "flip your card".
    if (!waiting.length) return "Every card is down: the reveal is coming.";
    if (t.phase === "war") return `War! ${names(t.warSeats)} lay ${t.warDown} face down and one up. Waiting for ${names(waiting)}.`;
    return `Battle: waiting for ${names(waiting)} to flip.`;
  }
  if (t.active[t.seat] === false) return `You are out of cards: watching ${names(t.active.flatMap((a, s) => (a ? [s] : [])))} play on.`;
  const mineToAct = waiting.includes(t.seat) && app.playedFor !== stepKey();
  const others = waiting.filter((s) => s !== t.seat);
  const verb = handGame() ? "choose a card" : "flip";
  if (t.phase === "war") {
    if (!t.warSeats.includes(t.seat)) return `War between ${names(t.warSeats)}: you sit this one out.`;
    if (mineToAct) return `War! Lay ${t.warDown} face down and one up: ${handGame() ? "choose your card (1–" + t.hand.length + ")" : "press Space or Flip"}.`;
    return others.length ? `War! Waiting for ${names(others)}.` : "War! Every card is down…";
  }
  if (mineToAct) return `Your turn: ${handGame() ? `choose a card (keys 1–${t.hand.length})` : "flip your card (Space)"}.`;
  return others.length ? `Waiting for ${names(others)} to ${verb}.` : "Every card is down…";
}

function Clock() {
  const t = app.table;
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
    parts.push(html`<span class="turn-clock">${Math.ceil((t.deadlineMs - now) / 1000)} s to ${handGame() ? "choose" : "flip"}</span>`);
  }
  if (t.gameEndsMs && t.gameEndsMs > now && t.phase !== "over") {
    const left = Math.ceil((t.gameEndsMs - now) / 1000);
    parts.push(html`<span class="game-clock">Game ends in ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}</span>`);
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
  if (!seated) return html`<div class="controls"><p class="hint">You are watching. Only the players can flip.</p></div>`;
  const label = t.phase === "war" && turn ? `War: flip ${t.warDown} + 1` : turn ? "Flip" : t.acted.has(t.seat) || app.playedFor === stepKey() ? "Flipped" : "Flip";
  return html`<div class="controls">
    ${handGame() && playing ? html`<div id="hand" class="hand" role="group" aria-label="Your hand: choose a card (keys 1 to ${t.hand.length})">
      ${t.hand.map((card, i) => html`<${Card} key=${`h${card}`} card=${card} keyHint=${String(i + 1)}
        label=${`Play ${cardName(card)} (key ${i + 1})`} disabled=${!turn} onClick=${() => choose(card)} />`)}
    </div>` : null}
    ${!handGame() && playing ? html`<button type="button" id="flip" class="flip primary" disabled=${!turn}
      aria-keyshortcuts="Space F" onClick=${flip}>${label}<kbd>Space</kbd></button>` : null}
  </div>`;
}

function TrickLog() {
  const t = app.table;
  return html`<section class="panel log" aria-labelledby="log-title">
    <h2 id="log-title">Last tricks</h2>
    ${t.log.length ? null : html`<p class="hint">Nothing yet: the first trick is on the table.</p>`}
    <ol id="trick-log">
      ${t.log.map((e) => html`<li key=${e.trick} class=${e.wars ? "had-war" : ""}>
        <span class="trick-no">#${e.trick}</span>
        ${e.wars ? html`<span class="war-tag">${e.wars > 1 ? `WAR ×${e.wars}` : "WAR"}</span>` : null}
        <span>${who(t, e.winner)} ${e.winner === t.seat ? "take" : "takes"} ${e.total}</span>
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
    <h2 id="chat-title">Chat</h2>
    <ul id="chat-lines" ref=${list} aria-live="polite">
      ${t.chat.map((line) => html`<li key=${line.seq}><b class=${line.seat === null ? "spectator" : `a${line.seat}`}>${line.name}${line.seat === null ? " (watching)" : ""}</b>: ${line.text}</li>`)}
    </ul>
    ${room.chat ? html`<form id="chat-form" class="row" onSubmit=${submit}>
      <input id="chat-input" maxlength="200" aria-label="Say something" placeholder="Say something…" value=${text}
        onInput=${(e) => setText(e.currentTarget.value)} autocomplete="off"
        onKeyDown=${(e) => { if (e.key === "Escape") e.currentTarget.blur(); }}
        title="Enter sends; Esc goes back to the table (Space flips)" />
      <button type="submit">Send</button>
    </form>` : html`<p class="hint" id="chat-off">The host turned the chat off.</p>`}
  </section>`;
}

function GameOver() {
  const t = app.table;
  const room = t.room;
  const r = t.result;
  const title = resultTitle(t);
  const rows = standings(t);
  const { wanting, of } = rematchState(t);
  const mine = t.seat !== null ? room.seats[t.seat] : null;
  const iWant = mine && (mine.ready || wanting.includes(t.seat));
  const humansWanting = wanting.filter((s) => !room.seats[s].bot);
  const rematchLine = humansWanting.length
    ? `${joinNames(humansWanting.map((s) => who(t, s)))} ${humansWanting.length === 1 && humansWanting[0] !== t.seat ? "wants" : "want"} a rematch: ${wanting.length} of ${of}.`
    : `Nobody has asked for a rematch yet (${wanting.length} of ${of}).`;
  const longest = t.stats.longestWar;
  const check = app.ui.check;
  return html`<section id="game-over" class="game-over" role="region" aria-labelledby="result">
    <h2 id="result" class=${title === "You win" ? "win" : title === "You lose" ? "lose" : ""}>${title}</h2>
    <p class="reason">${r ? reasonText(r.reason) : ""}</p>
    <table id="standings" class="standings">
      <thead><tr><th scope="col">Place</th><th scope="col">Player</th><th scope="col">Cards</th><th scope="col">Wars won</th></tr></thead>
      <tbody>${rows.map((row) => html`<tr key=${row.seat} class=${row.seat === t.seat ? "mine" : ""}>
        <td>${row.place}</td><td>${seatName(t, row.seat)}${row.seat === t.seat ? " (you)" : ""}</td><td>${row.cards}</td><td>${row.warsWon}</td></tr>`)}
      </tbody>
    </table>
    <p id="stats" class="stats">${t.stats.tricks} tricks · ${t.stats.wars} ${t.stats.wars === 1 ? "war" : "wars"} ·
      longest war: ${longest ? `${longest} in a row` : "none"}</p>
    <p id="rematch-status" class="rematch-status" aria-live="polite">${rematchLine}</p>
    <p class="row">
      ${t.seat !== null ? html`<button type="button" id="rematch" class=${iWant ? "" : "primary big"} disabled=${iWant}
        onClick=${() => act({ t: "rematch" })}>${iWant ? "Waiting for the others…" : "Play again"}</button>` : null}
      <button type="button" id="check-deal" disabled=${!t.deal || check === "checking"} onClick=${runCheck}>
        ${t.deal ? "Check the deal" : "Waiting for the deal…"}</button>
    </p>
    ${check && check !== "checking" ? html`<div id="deal-check" class=${`deal-check ${check.ok ? "ok" : "bad"}`} role="status">
      <p><strong>${check.ok ? "The deal was fair." : "The deal does not check out."}</strong></p>
      <ul>${check.lines.map((line) => html`<li>${line}</li>`)}</ul>
    </div>` : null}
  </section>`;
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

// --------------------------------------------------------------------- setup

function setup() {
  const match = location.pathname.match(/^\/r\/([A-Za-z0-9-]+)$/);
  if (match) app.pendingCode = match[1].toUpperCase();
  if (!app.name) app.ui.askName = true;
  redraw();
  connect(); // (an invite link's room is joined at the welcome once the name is known)
}

setup();
