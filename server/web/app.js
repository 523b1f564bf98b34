// krig in the browser: the same WebSocket + msgpack protocol as the CLI
// (protocol/PROTOCOL.md). No build step, no dependencies.
"use strict";

import { decode, encode } from "/static/msgpack.js";

export const PRESETS = [
  "classic", "quick", "norwegian", "polish", "latvian", "croatian", "swedish",
  "arneson", "steal", "timed",
];

// Every rule option the host may set at creation but `players` (the seats) and
// `max_tricks` (the round cap field): name, label, then the choices, "bool", or
// the bounds. docs/RULES.md explains each; tests compare this list with the
// server's rules.
export const RULE_OPTIONS = [
  ["jokers", "Jokers (above the ace)", { min: 0, max: 2 }],
  ["min_rank", "Lowest rank kept (2: the full deck)", { min: 2, max: 14 }],
  ["war_down", "Cards face down in a war", { min: 0, max: 10 }],
  ["war_repeat", "After a tie in a war", ["same", "face_up_only"]],
  ["short_war", "A war player short of cards", ["lose", "last_card"]],
  ["war_players", "Who fights a war (3-4 players)", ["tied_highest", "all_in_battle", "any_tied"]],
  ["war_winner", "Who can win a war", ["participants", "highest_card"]],
  ["winnings", "Won cards go", ["under_pile", "separate"]],
  ["gather_order", "Order of won cards", ["winner_first", "seat_order", "shuffled"]],
  ["steal", "Steal War", "bool"],
  ["hand_size", "Hand size (Arneson; 0: flip the top card)", { min: 0, max: 5 }],
  ["loser_takes_tied", "The war's loser takes back the tied cards", "bool"],
  ["time_limit_s", "Time limit in seconds (0: none)", { min: 0, max: 86400 }],
  ["wars_to_win", "Wars to win (0: off)", { min: 0, max: 1000 }],
  ["detect_cycles", "A game that repeats is a draw", "bool"],
];

const ERRORS = {
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
  internal: "The server failed; nothing was changed. Try again.",
};

const SUITS = [["♣", "clubs"], ["♦", "diamonds"], ["♥", "hearts"], ["♠", "spades"]];
const RANKS = { 11: ["J", "Jack"], 12: ["Q", "Queen"], 13: ["K", "King"], 14: ["A", "Ace"] };

export function cardText(card) {
  if (card === 60) return ["🃏", "red joker", true];
  if (card === 61) return ["🃏", "black joker", false];
  const rank = card >> 2;
  const [symbol, suit] = SUITS[card & 3];
  const [short, long] = RANKS[rank] ?? [String(rank), String(rank)];
  return [short + symbol, `${long} of ${suit}`, (card & 3) === 1 || (card & 3) === 2];
}

const $ = (id) => document.getElementById(id);

function newTable() {
  return {
    code: null, seat: null, seq: 0, room: null, phase: "lobby", step: 0, awaiting: [],
    acted: new Set(), active: [], counts: [], onTable: [], lastTable: [], lastReveal: null,
    lastTrick: null, result: null, hand: [], handSeq: 0, revealSeq: 0, deadlineMs: 0,
    gameEndsMs: 0, war: false,
  };
}

const app = {
  ws: null,
  token: sessionStorage.getItem("krig.token"),
  // Action ids are unique per session, also across a reload that resumes it
  // (the server answers a reused id with that id's first answer and does nothing).
  nextId: Number(sessionStorage.getItem("krig.nextId")) || 1,
  waiting: new Map(),
  playedFor: null, // see stepKey
  table: newTable(),
  lobby: new Map(),
  backoff: 250,
  connected: false,
  stopped: false,
  resyncFor: -1,
  resyncAt: 0,
  ahead: new Map(), // room events that arrived before a gap was filled (by seq)
  pendingCode: null,
  helloName: null,
  renaming: false,
  welcomeWaiters: [],
};
window.krig = app; // for tests and the curious

// ---------------------------------------------------------------- connection

function wsUrl() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${location.host}/ws`;
}

function connect() {
  const ws = new WebSocket(wsUrl(), "krig.v1");
  ws.binaryType = "arraybuffer";
  app.ws = ws;
  ws.onopen = () => {
    app.helloName = playerName();
    ws.send(encode({
      t: "hello", v: 1, name: app.helloName, token: app.token, client: "krig-web/0.1",
      bundle: true,
    }));
  };
  ws.onmessage = (event) => {
    if (typeof event.data === "string") return;
    let msg;
    try {
      msg = decode(event.data);
    } catch (err) {
      return; // not msgpack: ignore it, as the protocol says clients should
    }
    // A bundle (PROTOCOL.md §2a) is an array of messages, handled in order.
    for (const one of Array.isArray(msg) ? msg : [msg]) handle(one);
    render();
  };
  ws.onclose = (event) => {
    app.connected = false;
    for (const [, pending] of app.waiting) pending.reject(new Error("connection lost"));
    app.waiting.clear();
    if (event.code === 4002) {
      app.stopped = true;
      setStatus("This seat was opened in another tab or window; this one stopped.");
      return;
    }
    if (event.code === 4001) {
      app.stopped = true;
      showError(ERRORS.unsupported_version);
      return;
    }
    if (app.renaming) {
      app.renaming = false;
      connect();
      return;
    }
    setStatus("Connection lost. Reconnecting…");
    setTimeout(connect, app.backoff);
    app.backoff = Math.min(app.backoff * 2, 4000);
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

function request(msg) {
  const id = takeId();
  const body = { t: msg.t, id, ...msg };
  body.id = id;
  return new Promise((resolve, reject) => {
    if (!app.ws || app.ws.readyState !== WebSocket.OPEN) {
      // Not sent, so never answered: say so now rather than wait forever.
      reject(new Error("connection lost"));
      return;
    }
    app.waiting.set(id, { resolve, reject });
    send(body);
  }).catch((err) => {
    const text = err.message in ERRORS ? ERRORS[err.message] : err.message;
    // Which option, and why: the server's own words (e.g. a deck that does not divide).
    showError(err.message === "bad_rules" && err.detail ? `${text} ${err.detail}` : text);
    throw err;
  });
}

// A name is given once per session (in hello): a new name before joining a
// room starts a fresh session under that name.
async function ensureName() {
  if (app.helloName === playerName() || app.table.code) return;
  app.token = null;
  sessionStorage.removeItem("krig.token");
  const welcomed = new Promise((resolve) => app.welcomeWaiters.push(resolve));
  app.renaming = true;
  app.ws.close();
  await welcomed;
}

function playerName() {
  const name = ($("name").value || "").trim().slice(0, 32);
  return name || "guest";
}

// ------------------------------------------------------------------ messages

const ROOM_EVENTS = new Set([
  "player_joined", "player_left", "player_ready", "player_disconnected",
  "player_reconnected", "game_started", "acted", "revealed", "war", "trick_won",
  "shuffled", "player_out", "game_over", "deal_revealed", "clock", "room_changed", "chat",
]);

const MOVED_ON = new Set(["stale_step", "already_acted", "not_awaiting", "seat_out", "game_over"]);

function handle(msg) {
  const t = app.table;
  if ("id" in msg && msg.id !== null && app.waiting.has(msg.id) &&
      ["ack", "error", "joined", "lobby", "pong", "record"].includes(msg.t)) {
    const pending = app.waiting.get(msg.id);
    app.waiting.delete(msg.id);
    if (msg.t === "error") pending.reject(Object.assign(new Error(msg.code), { detail: msg.message }));
    else pending.resolve(msg);
  } else if (msg.t === "error") {
    showError(ERRORS[msg.code] ?? msg.message);
    if (msg.code === "removed") {  // out of the room: no more of its events come
      app.table = newTable();
      history.replaceState(null, "", "/");
      render();
      return;
    }
  }
  if (msg.t === "error" && MOVED_ON.has(msg.code) && t.code) {
    // The server's table is ahead of this page's: ask for what was missed.
    app.resyncFor = -1;
    askResync();
  }
  switch (msg.t) {
    case "welcome":
      app.connected = true;
      app.backoff = 250;
      app.token = msg.session;
      sessionStorage.setItem("krig.token", msg.session);
      setStatus(msg.resumed ? "Reconnected." : `Connected as ${app.helloName}.`);
      for (const resolve of app.welcomeWaiters.splice(0)) resolve();
      if (msg.room) {
        t.code = msg.room;
        t.seat = msg.seat;
      } else if (t.code && !msg.room) {
        app.table = newTable(); // our room is gone
        history.replaceState(null, "", "/");
      }
      send({ t: "watch_lobby", id: takeId(), on: true });
      if (app.pendingCode && !msg.room) {
        const code = app.pendingCode;
        app.pendingCode = null;
        join(code, false);
      }
      return;
    case "joined":
      t.code = msg.code;
      t.seat = msg.seat;
      history.replaceState(null, "", `/r/${msg.code}`);
      return;
    case "snapshot":
      if (msg.seq >= t.seq || (msg.room && msg.room.code !== t.code)) {
        if (msg.room && msg.room.code !== t.code) app.ahead.clear();
        applySnapshot(msg);
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
  if (ROOM_EVENTS.has(msg.t)) {
    if (msg.seq <= t.seq) return;
    if (msg.seq > t.seq + 1) {
      // A resync answer and a room broadcast can cross: keep what came early.
      if (app.ahead.size < 4096) app.ahead.set(msg.seq, msg);
      askResync();
      return;
    }
    applyEvent(msg);
    catchUp();
  }
}

function askResync() {
  // Once per position, and again every second while the gap stays (an answer
  // can fail or be lost, and nothing later may come to notice the gap by).
  const t = app.table;
  const seq = t.seq;
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
    applyEvent(next);
  }
  for (const seq of [...app.ahead.keys()]) if (seq <= t.seq) app.ahead.delete(seq);
  if (app.ahead.size) askResync();
}

function applySnapshot(snap) {
  const t = app.table;
  t.seq = snap.seq;
  t.room = snap.room;
  t.code = snap.room.code;
  const v = snap.view;
  if (!v) {
    t.phase = snap.room.state === "lobby" ? "lobby" : snap.room.state;
    return;
  }
  t.seat = v.seat;
  t.step = v.step;
  t.phase = v.phase;
  t.awaiting = v.awaiting;
  t.acted = new Set(v.acted.flatMap((a, s) => (a ? [s] : [])));
  t.active = v.active;
  t.counts = v.counts;
  t.onTable = v.table.map((row) => row.slice());
  t.hand = v.hand;
  t.handSeq = snap.seq;
  t.war = v.phase === "war";
  // The game may have ended while this page was not following it event by event.
  t.result = v.phase === "over" ?
    { result: v.result, winners: v.winners, reason: v.reason, counts: v.counts, set_aside: v.set_aside } :
    null;
}

function applyEvent(e) {
  const t = app.table;
  t.seq = e.seq;
  const seats = t.room ? t.room.seats : [];
  const info = seats[e.seat];
  switch (e.t) {
    case "player_joined":
      seats[e.seat] = { name: e.name, ready: false, connected: true, bot: e.bot };
      break;
    case "player_left":
      t.room.host = e.host;
      if (t.room.state === "lobby") {
        seats[e.seat] = { name: null, ready: false, connected: false, bot: false };
        if (e.seat === t.seat) t.seat = null;  // the host freed it (or we left): watching now
      } else if (info) info.connected = false;
      break;
    case "player_ready": if (info) info.ready = e.ready; break;
    case "player_disconnected": if (info) info.connected = false; break;
    case "player_reconnected": if (info) info.connected = true; break;
    case "room_changed": t.room = e.room; break;
    case "clock":
      t.deadlineMs = e.deadline_ms;
      t.gameEndsMs = e.game_ends_ms;
      break;
    case "game_started":
      t.hand = [];
      t.revealSeq = e.seq;
      if (t.room) {
        t.room.state = "playing";
        t.room.game = e.game;
        for (const s of seats) s.ready = false;
      }
      t.phase = "battle";
      t.step = e.step;
      t.result = null;
      t.active = Array(e.players).fill(true);
      t.awaiting = [...Array(e.players).keys()];
      t.acted = new Set();
      t.counts = e.counts.slice();
      t.onTable = Array.from({ length: e.players }, () => []);
      t.lastTable = [];
      t.lastTrick = null;
      announce("The game has started.");
      break;
    case "acted": t.acted.add(e.seat); break;
    case "revealed":
      t.lastReveal = e;
      t.revealSeq = e.seq;
      t.step = e.step + 1;
      t.acted = new Set();
      t.awaiting = [];
      if (t.onTable.every((row) => row.length === 0)) t.lastTable = [];
      e.up.forEach((card, s) => {
        if (card === null || s >= t.onTable.length) return;
        for (let i = 0; i < e.down[s]; i++) t.onTable[s].push(null);
        t.onTable[s].push(card);
        t.counts[s] -= e.down[s] + 1;
      });
      announce("Revealed: " + e.up.map((c, s) => (c === null ? null : `${seatName(s)} ${cardText(c)[1]}`))
        .filter(Boolean).join(", ") + ".");
      break;
    case "war":
      t.phase = "war";
      t.war = true;
      t.awaiting = e.seats.filter((s) => !e.stuck.includes(s));
      announce(`War between ${e.seats.map(seatName).join(" and ")}!`);
      break;
    case "trick_won":
      t.lastTrick = e;
      t.phase = "battle";
      t.war = false;
      t.awaiting = t.active.flatMap((a, s) => (a ? [s] : []));
      t.lastTable = t.onTable;
      t.onTable = t.onTable.map(() => []);
      t.counts[e.winner] += e.total;
      for (const s of e.stolen_from) t.counts[s] -= 1;
      if (e.returned_to !== null) t.counts[e.returned_to] += e.returned.length;
      announce(`${seatName(e.winner)} wins ${e.total} cards.`);
      break;
    case "player_out":
      t.active[e.seat] = false;
      t.counts[e.seat] -= e.to_pot;
      for (let i = 0; i < e.to_pot; i++) t.onTable[e.seat].push(null);
      t.awaiting = t.awaiting.filter((s) => s !== e.seat);
      announce(`${seatName(e.seat)} is out.`);
      break;
    case "game_over":
      if (t.room) t.room.state = "over";
      t.phase = "over";
      t.awaiting = [];
      t.result = e;
      t.counts = e.counts;
      announce(resultText(e));
      break;
  }
}

// ------------------------------------------------------------------- actions

const handGame = () => Boolean(app.table.room && app.table.room.rules.hand_size);

// The step this page has sent its play for. Until the server's "acted" comes
// back the table still says it is this seat's turn; a second key press in
// that time would send the play twice (and be refused as already_acted).
const stepKey = () => `${app.table.code}/${app.table.room ? app.table.room.game : 0}/${app.table.step}`;

function myTurn() {
  const t = app.table;
  return t.seat !== null && ["battle", "war"].includes(t.phase) && t.awaiting.includes(t.seat) &&
    !t.acted.has(t.seat) && app.playedFor !== stepKey() &&
    (!handGame() || (t.hand.length > 0 && t.handSeq >= t.revealSeq));
}

async function play(msg) {
  const key = stepKey();
  app.playedFor = key;
  render();
  try {
    await request(msg);
  } catch (err) { // shown already; refused or the connection lost: the seat may try again
    if (app.playedFor === key) app.playedFor = null;
    render();
  }
}

async function flip() {
  if (!myTurn() || handGame()) return;
  await play({ t: "flip", step: app.table.step });
}

async function choose(card) {
  if (!myTurn()) return;
  await play({ t: "choose", step: app.table.step, card });
}

async function join(code, watch) {
  const clean = code.trim().toUpperCase();
  if (!clean) return;
  await ensureName();
  try {
    await request(watch ? { t: "spectate", code: clean } : { t: "join", code: clean, seat: null });
    hideError();
  } catch (err) { /* shown already */ }
}

// ----------------------------------------------------------------- rendering

function seatName(s) {
  const seat = app.table.room && app.table.room.seats[s];
  return (seat && seat.name) || `seat ${s + 1}`;
}

function resultText(e) {
  if (e.result === "draw" || e.winners.length !== 1) return `The game is a draw (${e.reason.replaceAll("_", " ")}).`;
  const who = e.winners[0] === app.table.seat ? "You win" : `${seatName(e.winners[0])} wins`;
  return `${who} (${e.reason.replaceAll("_", " ")}).`;
}

function cardElement(card, tag = "span") {
  const el = document.createElement(tag);
  el.className = "card";
  if (card === null) {
    el.classList.add("back");
    el.textContent = "🂠";
    el.setAttribute("aria-label", "a face-down card");
  } else {
    const [text, label, red] = cardText(card);
    el.textContent = text;
    el.setAttribute("aria-label", label);
    if (red) el.classList.add("red");
  }
  el.setAttribute("role", tag === "span" ? "img" : el.getAttribute("role") ?? "");
  return el;
}

function setStatus(text) { $("status").textContent = text; }
function announce(text) { $("announce").textContent = text; }
function showError(text) {
  const el = $("error");
  el.textContent = text;
  el.hidden = false;
}
function hideError() { $("error").hidden = true; }

function render() {
  const t = app.table;
  const inRoom = Boolean(t.code && t.room);
  $("home").hidden = inRoom;
  $("table").hidden = !inRoom;
  renderLobby();
  if (!inRoom) return;
  const room = t.room;
  $("room-code").textContent = t.code;
  $("share").textContent = `${location.origin}/r/${t.code}`;
  $("preset").textContent = `${room.preset}, ${room.seats.length} seats` + (t.seat === null ? " (watching)" : "");
  renderRules(room.rules || {});
  const phaseText = {
    lobby: "Waiting for players to be ready.", battle: "Battle: flip your card.",
    war: "War! Flip again.", over: t.result ? resultText(t.result) : "The game is over.",
  };
  $("phase").textContent = phaseText[t.phase] ?? t.phase;
  $("table").classList.toggle("at-war", t.phase === "war");
  const seatsEl = $("seats");
  seatsEl.replaceChildren();
  room.seats.forEach((seat, s) => {
    const li = document.createElement("li");
    li.className = "seat";
    if (s === t.seat) li.classList.add("mine");
    if (t.awaiting.includes(s) && !t.acted.has(s)) li.classList.add("waiting");
    const head = document.createElement("div");
    head.className = "seat-head";
    const name = seat.name ? seat.name + (seat.bot ? " (computer)" : "") : "empty seat";
    const bits = [name];
    if (s === t.seat) bits.push("you");
    if (s === room.host) bits.push("host");
    if (seat.name && !seat.connected && !seat.bot) bits.push("disconnected");
    if (room.state === "lobby" && seat.name) bits.push(seat.ready ? "ready" : "not ready");
    if (t.acted.has(s)) bits.push("flipped");
    head.textContent = bits.join(" · ");
    const count = document.createElement("div");
    count.className = "count";
    count.textContent = t.counts.length > s ? `${t.counts[s]} cards` : "";
    const cards = document.createElement("div");
    cards.className = "cards";
    const current = t.onTable[s] || [];
    if (current.length) {
      for (const card of current) cards.append(cardElement(card));
    } else if (!t.acted.has(s)) {
      // The trick just won, until this seat lays its next card.
      for (const card of t.lastTable[s] || []) cards.append(cardElement(card));
      cards.classList.add("last");
    }
    if (t.acted.has(s)) cards.append(cardElement(null)); // laid, hidden until the reveal
    li.append(head, count, cards);
    seatsEl.append(li);
  });
  const pot = t.onTable.reduce((n, row) => n + row.length, 0);
  $("pot").textContent = pot ? `On the table: ${pot} cards.` : "";
  $("trick").textContent = t.lastTrick && t.phase !== "over"
    ? `Last trick: ${seatName(t.lastTrick.winner)} won ${t.lastTrick.total} cards.` : "";
  renderClock();
  const hand = $("hand");
  hand.replaceChildren();
  hand.hidden = !handGame() || t.seat === null;
  t.hand.forEach((card, i) => {
    const button = cardElement(card, "button");
    button.setAttribute("aria-label", `Play ${cardText(card)[1]} (key ${i + 1})`);
    button.disabled = !myTurn();
    button.addEventListener("click", () => choose(card));
    hand.append(button);
  });
  const seated = t.seat !== null;
  $("flip").hidden = !seated || handGame() || !["battle", "war"].includes(t.phase);
  $("flip").disabled = !myTurn();
  const mySeat = seated ? room.seats[t.seat] : null;
  $("ready").hidden = !(seated && room.state === "lobby" && mySeat && !mySeat.ready);
  $("rematch").hidden = !(seated && t.phase === "over");
  $("add-bot").hidden = !(seated && t.seat === room.host && room.state === "lobby" &&
    room.seats.some((x) => !x.name));
}

function renderClock() {
  const t = app.table;
  const now = Date.now();
  const parts = [];
  if (t.deadlineMs && t.deadlineMs > now && ["battle", "war"].includes(t.phase)) {
    parts.push(`Turn ends in ${Math.ceil((t.deadlineMs - now) / 1000)} s.`);
  }
  if (t.gameEndsMs && t.gameEndsMs > now && t.phase !== "over") {
    const left = Math.ceil((t.gameEndsMs - now) / 1000);
    parts.push(`Game ends in ${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}.`);
  }
  $("clock").textContent = parts.join(" ");
}

function renderLobby() {
  const list = $("lobby");
  list.replaceChildren();
  for (const room of app.lobby.values()) {
    const li = document.createElement("li");
    li.textContent = `${room.code} · ${room.preset} · ${room.taken}/${room.players} seats · ${room.state} `;
    const joinButton = document.createElement("button");
    joinButton.textContent = room.state === "lobby" ? "Join" : "Watch";
    joinButton.addEventListener("click", () => join(room.code, room.state !== "lobby"));
    li.append(joinButton);
    list.append(li);
  }
  $("lobby-empty").hidden = app.lobby.size > 0;
}

function renderRules(rules) {
  const list = $("rules-list");
  const key = JSON.stringify(rules);
  if (list.dataset.rules === key) return;
  list.dataset.rules = key;
  list.replaceChildren();
  for (const [name, value] of Object.entries(rules)) {
    const dt = document.createElement("dt");
    dt.textContent = name;
    const dd = document.createElement("dd");
    dd.textContent = String(value);
    list.append(dt, dd);
  }
}

// ------------------------------------------------------------- rule options

function optionFields() {
  const box = $("create-options");
  for (const [name, text, kind] of RULE_OPTIONS) {
    const label = document.createElement("label");
    label.append(`${text} `);
    let field;
    if (kind === "bool" || Array.isArray(kind)) {
      field = document.createElement("select");
      field.append(new Option("preset's", ""));
      if (kind === "bool") field.append(new Option("yes", "true"), new Option("no", "false"));
      else for (const choice of kind) field.append(new Option(choice, choice));
    } else {
      field = document.createElement("input");
      Object.assign(field, { type: "number", min: kind.min, max: kind.max, placeholder: "preset's" });
      field.inputMode = "numeric";
    }
    field.id = `opt-${name}`;
    field.name = name;
    label.append(field);
    box.append(label);
  }
}

function chosenOptions() {
  const options = {};
  for (const [name, , kind] of RULE_OPTIONS) {
    const value = $(`opt-${name}`).value;
    if (value === "") continue;
    if (kind === "bool") options[name] = value === "true";
    else if (Array.isArray(kind)) options[name] = value;
    else options[name] = Number(value);
  }
  const cap = Number($("create-cap").value || 0);
  if (cap > 0) options.max_tricks = cap;
  return options;
}

// --------------------------------------------------------------------- setup

function setup() {
  $("name").value = localStorage.getItem("krig.name") || "";
  $("name").addEventListener("change", () => localStorage.setItem("krig.name", playerName()));
  const presetSelect = $("create-preset");
  for (const p of PRESETS) presetSelect.append(new Option(p, p));
  for (const p of PRESETS) $("quick-preset").append(new Option(p, p));
  optionFields();
  $("create-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const options = chosenOptions();
    await ensureName();
    try {
      await request({
        t: "create", preset: presetSelect.value, options,
        seats: Number($("create-seats").value), public: $("create-public").checked,
      });
      hideError();
    } catch (err) { /* shown already */ }
  });
  $("join-form").addEventListener("submit", (event) => {
    event.preventDefault();
    join($("join-code").value, event.submitter && event.submitter.id === "watch");
  });
  $("quick").addEventListener("click", async () => {
    await ensureName();
    try {
      await request({
        t: "quick", players: Number($("quick-players").value), preset: $("quick-preset").value,
      });
      hideError();
    } catch (err) { /* shown already */ }
  });
  $("flip").addEventListener("click", flip);
  $("ready").addEventListener("click", () => request({ t: "ready", ready: true }).catch(() => {}));
  $("rematch").addEventListener("click", () => request({ t: "rematch" }).catch(() => {}));
  $("add-bot").addEventListener("click", () => request({ t: "add_bot", seat: null }).catch(() => {}));
  $("leave").addEventListener("click", async () => {
    try { await request({ t: "leave" }); } catch (err) { /* shown already */ }
    app.table = newTable();
    history.replaceState(null, "", "/");
    render();
  });
  document.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    if (event.key === " " || event.key === "f") {
      event.preventDefault();
      flip();
    } else if (/^[1-9]$/.test(event.key) && handGame()) {
      const card = app.table.hand[Number(event.key) - 1];
      if (card !== undefined) choose(card);
    }
  });
  const match = location.pathname.match(/^\/r\/([A-Za-z0-9-]+)$/);
  if (match) app.pendingCode = match[1];
  setInterval(renderClock, 250);
  render();
  connect();
}

setup();
