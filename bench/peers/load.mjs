// The closed-loop load client of bench/peers.py, the same for every server:
//
//   NODE_ENV=production node load.mjs --target krig|colyseus --url URL
//       [--rooms 50] [--warmup 2] [--seconds 10] [--think 0]
//
// N rooms of 2 bots. A bot flips as soon as the previous reveal has reached
// it (and asks for a rematch when the reveal ends the game). With --think S
// (a person's pace) each bot waits S seconds ± S/2 (uniform) once the table
// allows its flip (or its rematch), each seat on its own draw. Everything a bot
// does is the same code for both servers (Bot, Tally below); only the
// adapter that speaks the server's protocol differs, and both adapters use
// the same WebSocket library (`ws`) and the same msgpack library
// (@colyseus/msgpackr, the one colyseus.js packs and unpacks with):
//
// - krig: PROTOCOL.md, bundled frames asked for (as every krig client does);
// - Colyseus: its own client SDK, colyseus.js (over `ws` on Node 20).
//
// Reveal latency is krig load's (client_cli/load.py): per room and step, from
// the moment the later of the two flips is sent to the moment the reveal has
// reached both seats. Flips are counted as they are sent.
//
// On stdout: "ready" once every room plays, "measure-start" when the warm-up
// is over, "measure-end" when the measured time is, then one JSON line. The
// runner reads the servers' CPU time as it reads the two markers.

import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";

import { Packr, unpack } from "@colyseus/msgpackr";
import { Client } from "colyseus.js";
import WebSocket from "ws";

const { values: opts } = parseArgs({
  options: {
    target: { type: "string" },
    url: { type: "string" },
    rooms: { type: "string", default: "50" },
    warmup: { type: "string", default: "2" },
    seconds: { type: "string", default: "10" },
    think: { type: "string", default: "0" },
  },
});

class Tally {
  constructor() {
    this.measuring = false;
    this.stopping = false;
    this.flips = 0;
    this.reveals = 0;
    this.games = 0;
    this.frames = 0; // frames received (in the measured time)
    this.latencies = [];
    this.errors = {};
  }

  error(code) {
    this.errors[code] = (this.errors[code] ?? 0) + 1;
  }
}

const tally = new Tally();
const THINK_MS = Number(opts.think) * 1000;

/** Run `act` now (closed loop) or after a person's think time (S ± S/2, uniform). */
function afterThinking(act) {
  if (THINK_MS <= 0) act();
  else setTimeout(act, THINK_MS * (0.5 + Math.random()));
}

/** A room's two bots and its reveal latencies. */
class LoadRoom {
  constructor() {
    this.sentAt = new Map(); // step -> when the later of its flips was sent
    this.arrived = new Map(); // step -> seats the reveal has reached
  }

  flipped(step) {
    this.sentAt.set(step, performance.now());
  }

  revealed(step) {
    const seen = (this.arrived.get(step) ?? 0) + 1;
    if (seen < 2) {
      this.arrived.set(step, seen);
      return;
    }
    this.arrived.delete(step);
    const sent = this.sentAt.get(step);
    this.sentAt.delete(step);
    if (tally.measuring && sent !== undefined) {
      tally.latencies.push(performance.now() - sent);
      tally.reveals += 1;
    }
  }
}

/** One seat: what it does is the same whatever the server (`seat` speaks its protocol). */
class Bot {
  constructor(room, seatNo) {
    this.room = room;
    this.seatNo = seatNo;
    this.seat = null;
    this.started = null; // resolves at the first game's start
    this.onStarted = null;
    this.started = new Promise((resolve) => {
      this.onStarted = resolve;
    });
  }

  gameStarted(step) {
    this.onStarted();
    afterThinking(() => this.flip(step));
  }

  reveal(step, over) {
    this.room.revealed(step);
    if (over) {
      if (this.seatNo === 0 && tally.measuring) tally.games += 1;
      if (!tally.stopping) {
        afterThinking(() => {
          if (!tally.stopping) this.seat.rematch();
        });
      }
    } else {
      afterThinking(() => this.flip(step + 1));
    }
  }

  flip(step) {
    if (tally.stopping) return;
    this.room.flipped(step);
    this.seat.flip(step);
    if (tally.measuring) tally.flips += 1;
  }
}

// ------------------------------------------------------------------- krig

const packr = new Packr({ useRecords: false }); // plain msgpack maps, as krig requires

class KrigSeat {
  constructor(url, bot, name) {
    this.bot = bot;
    this.name = name;
    this.id = 0;
    this.waiters = [];
    this.ws = new WebSocket(url, "krig.v1", { perMessageDeflate: false });
    this.ws.on("message", (data) => this.frame(data));
    this.ws.on("error", (err) => fail(`krig seat ${name}: ${err.message}`));
  }

  send(message) {
    this.ws.send(packr.pack(message));
  }

  flip(step) {
    this.id += 1;
    this.send({ t: "flip", id: this.id, step });
  }

  rematch() {
    this.id += 1;
    this.send({ t: "rematch", id: this.id });
  }

  frame(data) {
    if (tally.measuring) tally.frames += 1;
    const value = unpack(data);
    const messages = Array.isArray(value) ? value : [value]; // a bundle (PROTOCOL.md §2a)
    let revealed = -1;
    let over = false;
    let started = -1;
    for (const m of messages) {
      switch (m.t) {
        case "revealed":
          revealed = m.step;
          break;
        case "game_over":
          over = true;
          break;
        case "game_started":
          started = m.step;
          break;
        case "snapshot": // a join that fills the room: the game is on in the snapshot
          if (m.view && m.view.phase !== "over") started = m.view.step;
          break;
        case "error":
          tally.error(m.code);
          break;
        default:
      }
      if (this.waiters.length) this.waiters = this.waiters.filter((w) => !w(m));
    }
    // A frame holds the step's events at once (the reveal, the trick, the game's
    // end): act on the whole of it, as a bot that reads its table would.
    if (revealed >= 0) this.bot.reveal(revealed, over);
    if (started >= 0) this.bot.gameStarted(started);
  }

  /** Wait for the first message of type `t` (set-up only). */
  expect(t) {
    return new Promise((resolve, reject) => {
      this.waiters.push((m) => {
        if (m.t === "error") reject(new Error(`krig: ${m.code}: ${m.message}`));
        else if (m.t !== t) return false;
        else resolve(m);
        return true;
      });
    });
  }

  async open() {
    await new Promise((resolve) => this.ws.once("open", resolve));
    const welcome = this.expect("welcome");
    this.send({ t: "hello", v: 1, name: this.name, token: null, client: "krig-bench-peers", bundle: true });
    await welcome;
  }
}

async function krigRoom(url, index) {
  const room = new LoadRoom();
  const bots = [new Bot(room, 0), new Bot(room, 1)];
  // The host first, then the second seat, naming the room in its URL (a krig-server of
  // several workers serves a room's players on one: server/transport/routing.py), as the
  // Colyseus client joins by the room's id once it has been created.
  const seats = [new KrigSeat(url, bots[0], `peer${index}-0`)];
  await seats[0].open();
  const joined = seats[0].expect("joined");
  seats[0].send({ t: "create", id: ++seats[0].id, preset: "classic", options: {}, seats: 2, public: false });
  const { code } = await joined;
  seats.push(new KrigSeat(`${url}?room=${code}`, bots[1], `peer${index}-1`));
  await seats[1].open();
  bots.forEach((bot, i) => {
    bot.seat = seats[i];
  });
  const second = seats[1].expect("joined");
  seats[1].send({ t: "join", id: ++seats[1].id, code, seat: null });
  await second;
  for (const s of seats) s.send({ t: "ready", id: ++s.id, ready: true }); // all ready: it starts
  await Promise.all(bots.map((b) => b.started));
  return seats;
}

// --------------------------------------------------------------- Colyseus

class ColyseusSeat {
  constructor(room, bot) {
    this.room = room;
    // (Colyseus sends one message a frame)
    room.onMessage("start", (m) => {
      if (tally.measuring) tally.frames += 1;
      bot.gameStarted(m.step);
    });
    room.onMessage("reveal", (m) => {
      if (tally.measuring) tally.frames += 1;
      bot.reveal(m.step, m.over !== undefined);
    });
    room.onMessage("error", (m) => {
      if (tally.measuring) tally.frames += 1;
      tally.error(m.code);
    });
    room.onError((code, message) => fail(`colyseus: ${code} ${message}`));
  }

  flip(step) {
    this.room.send("flip", { step });
  }

  rematch() {
    this.room.send("rematch");
  }
}

async function colyseusRoom(client) {
  const room = new LoadRoom();
  const bots = [new Bot(room, 0), new Bot(room, 1)];
  const first = await client.create("war");
  bots[0].seat = new ColyseusSeat(first, bots[0]);
  const second = await client.joinById(first.roomId); // the room deals when both sit
  bots[1].seat = new ColyseusSeat(second, bots[1]);
  await Promise.all(bots.map((b) => b.started));
  return [first, second];
}

// ------------------------------------------------------------------- main

function fail(why) {
  console.error(`load: ${why}`);
  process.exit(1);
}

function percentile(sorted, q) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

const sleep = (s) => new Promise((resolve) => setTimeout(resolve, s * 1000));

async function main() {
  const rooms = Number(opts.rooms);
  let open;
  if (opts.target === "krig") {
    open = (i) => krigRoom(opts.url, i);
  } else if (opts.target === "colyseus") {
    const client = new Client(opts.url);
    open = () => colyseusRoom(client);
  } else {
    fail("--target must be krig or colyseus");
  }
  const began = performance.now();
  const conns = [];
  for (let i = 0; i < rooms; i += 10) {
    const chunk = [];
    for (let j = i; j < Math.min(rooms, i + 10); j++) chunk.push(open(j));
    conns.push(...(await Promise.all(chunk)).flat());
  }
  const setup = (performance.now() - began) / 1000;
  console.log("ready");
  await sleep(Number(opts.warmup));
  tally.measuring = true;
  const from = performance.now();
  console.log("measure-start");
  await sleep(Number(opts.seconds));
  tally.measuring = false;
  const seconds = (performance.now() - from) / 1000;
  console.log("measure-end");
  tally.stopping = true;
  const sorted = Float64Array.from(tally.latencies).sort();
  const result = {
    target: opts.target,
    rooms,
    think_s: THINK_MS / 1000,
    setup_s: setup,
    seconds,
    flips: tally.flips,
    flips_per_s: tally.flips / seconds,
    reveals: tally.reveals,
    games: tally.games,
    frames_in: tally.frames,
    latency_ms: {
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      p99: percentile(sorted, 0.99),
      max: sorted.length ? sorted[sorted.length - 1] : 0,
    },
    errors: tally.errors,
    node: process.version,
    node_env: process.env.NODE_ENV ?? "",
  };
  console.log(JSON.stringify(result));
  for (const c of conns) {
    try {
      if (c.ws) c.ws.terminate();
      else c.leave(true);
    } catch {
      // (already closed)
    }
  }
  process.exit(0);
}

main().catch((err) => fail(err.stack ?? String(err)));
