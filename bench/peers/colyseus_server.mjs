// A minimal Colyseus 0.16 War room: krig's peer in bench/peers.py.
//
//   NODE_ENV=production node colyseus_server.mjs --port P [--mode memory|cas|krig-commit]
//       [--redis-url redis://127.0.0.1:PORT] [--krig-commit FILE] [--auto-pipelining]
//
// Two seats, classic War (war.mjs), simultaneous flips: each client sends
// "flip" {step}; when both have flipped the room reveals and broadcasts one
// "reveal" message (the cards, and the trick's result or the war it starts)
// to both. After a game's end each client sends "rematch"; when both have,
// the room deals again and broadcasts "start".
//
// Written the way Colyseus documents a turn-based room: a Room subclass
// with onMessage handlers and broadcast(), the patch interval off
// (`patchRate = null`: nothing is synchronised on a timer; every change
// reaches the clients as a message), no state schema (the clients read
// nothing but the messages, so a schema would be change tracking for
// nobody), the matchmaker's create / joinById, the ws transport.
//
// Modes (what happens before each reveal):
//   memory       nothing: the state is in memory only;
//   cas          one awaited compare-and-set of the room's state in Redis
//                (a Lua script: compare the version, set the blob, bump the
//                version), krig's durability: a reveal is sent only once
//                the step is stored;
//   krig-commit  the same, through krig's own commit script (server/store.py
//                COMMIT, read from --krig-commit), with the arguments krig
//                gives it for a step of play.

import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

import { Room, Server } from "@colyseus/core";
import { pack } from "@colyseus/msgpackr";
import { WebSocketTransport } from "@colyseus/ws-transport";
import Redis from "ioredis";

import { War } from "./war.mjs";

const { values: opts } = parseArgs({
  options: {
    port: { type: "string", default: "2567" },
    mode: { type: "string", default: "memory" },
    "redis-url": { type: "string", default: "" },
    "krig-commit": { type: "string", default: "" },
    "auto-pipelining": { type: "boolean", default: false },
  },
});
const MODES = ["memory", "cas", "krig-commit"];
if (!MODES.includes(opts.mode)) throw new Error(`--mode must be one of ${MODES.join(", ")}`);

const CAS = `
local cur = redis.call('HGET', KEYS[1], 'v') or '0'
if cur ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'b', ARGV[3])
return 1
`;

// One Redis connection for the process, as a Colyseus app keeps one (its
// RedisPresence and RedisDriver use ioredis the same way), with ioredis's
// defaults. --auto-pipelining writes the commands of one event-loop turn in
// one go, as krig's own hot-path connection (server/redis_pipe.py) does: it
// halves Redis's CPU per flip but costs this process more than it saves
// Redis (measured: docs/PERFORMANCE.md), so the peer goes without it.
let redis = null;
const CTL = "krigpeer:ctl";
if (opts.mode !== "memory") {
  redis = new Redis(opts["redis-url"], { enableAutoPipelining: opts["auto-pipelining"] });
  redis.defineCommand("casRoom", { numberOfKeys: 1, lua: CAS });
  if (opts.mode === "krig-commit") {
    redis.defineCommand("krigCommit", {
      numberOfKeys: 4,
      lua: readFileSync(opts["krig-commit"], "utf8"),
    });
    // krig's node passes its control channel (ARGV[11]) while it is subscribed
    // to a room: the script then asks PUBSUB NUMSUB twice instead of
    // publishing. A subscriber on our control channel makes it do the same.
    await new Redis(opts["redis-url"]).subscribe(CTL);
  }
  await redis.ping();
}

const STEPS_PER_RECORD = 16; // krig writes the whole record every 16th step (server/node.py)
const ROOM_TTL_S = 3600;
const RECORD_TTL_S = 86400;
const LOG_KEEP = 16;

class WarRoom extends Room {
  maxClients = 2;

  onCreate() {
    this.patchRate = null; // turn-based: no patch interval
    this.game = null;
    this.flipped = [false, false];
    this.rematch = [false, false];
    this.version = 0;
    this.seq = 0; // krig-commit: the room's event numbers, as krig keeps them
    this.tail = 0; // krig-commit: steps in the tail since the whole record was written
    this.gameNo = 0;
    this.onMessage("flip", (client, message) => this.flip(client, message));
    this.onMessage("rematch", (client) => {
      this.rematch[client.userData.seat] = true;
      if (this.rematch[0] && this.rematch[1]) this.deal();
    });
  }

  onJoin(client) {
    client.userData = { seat: this.clients.length - 1 };
    if (this.clients.length === 2) this.deal();
  }

  deal() {
    const game = (this.game = new War());
    this.gameNo += 1;
    this.flipped = [false, false];
    this.rematch = [false, false];
    const start = { game: this.gameNo, step: 0, counts: [26, 26] };
    this.stored(game, null, () => this.broadcast("start", start));
  }

  flip(client, message) {
    const game = this.game;
    const seat = client.userData.seat;
    if (!game || game.over || message?.step !== game.step || this.flipped[seat]) {
      client.send("error", { code: "stale_step", step: game?.step ?? 0 });
      return;
    }
    this.flipped[seat] = true;
    if (!this.flipped[0] || !this.flipped[1]) return;
    this.flipped = [false, false];
    const reveal = game.reveal();
    this.stored(game, reveal, () => this.broadcast("reveal", reveal));
  }

  /** Tell the clients (`then`) at once in memory; once the change is stored otherwise. */
  stored(game, reveal, then) {
    if (redis === null) {
      then();
      return;
    }
    this.store(game, reveal).then(then, (err) => {
      console.error(err);
      this.disconnect();
    });
  }

  /** A deal (`reveal` null) or a step, stored before anyone hears of it: one awaited
   * script call. */
  async store(game, reveal) {
    const expected = this.version;
    this.version += 1;
    const blob = pack({ piles: game.piles, step: game.step, trick: game.trick, war: game.war });
    const key = `krigpeer:{${this.roomId}}`;
    let ok;
    if (opts.mode === "cas") {
      ok = await redis.casRoom(key, expected, this.version, blob);
    } else {
      ok = await this.krigCommit(key, expected, blob, reveal);
    }
    if (!ok) throw new Error(`room ${this.roomId}: the version moved on`);
  }

  /** krig's COMMIT with the arguments server/store.py Store.commit gives it: for a step
   * of play a tail entry (the whole record every 16th step and at the game's end), for
   * a deal the whole record. */
  krigCommit(key, expected, blob, reveal) {
    const seq = this.seq;
    const frames =
      reveal === null
        ? [pack({ t: "game_started", seq: seq + 1, game: this.gameNo, players: 2, step: 0 })]
        : [
            pack({ t: "acted", seq: seq + 1, seat: 0, step: reveal.step }),
            pack({ t: "acted", seq: seq + 2, seat: 1, step: reveal.step }),
            pack({ t: "revealed", seq: seq + 3, ...reveal }),
          ];
    this.seq += frames.length;
    const over = this.game.over !== null;
    let record = "";
    let entry = "";
    if (reveal === null || over || this.tail >= STEPS_PER_RECORD - 1) {
      record = blob; // the whole record (and the tail emptied)
      this.tail = 0;
    } else {
      entry = pack({ ms: Date.now(), plays: [[0, 0], [1, 0]] }); // the step's tail entry
      this.tail += 1;
    }
    const update = pack({
      code: this.roomId, version: this.version, first_seq: seq + 1, last_seq: this.seq,
      record, frames, acted_ms: Date.now(), removed: [], step: entry,
    });
    const keys = [`${key}:room`, `${key}:log`, `${key}:record:${this.gameNo}`, `${key}:tail`];
    return redis.krigCommit(
      ...keys, expected, this.version, this.seq, record, ROOM_TTL_S, LOG_KEEP, `${key}:ev`,
      update, over ? blob : "", RECORD_TTL_S, CTL, entry, ...frames,
    );
  }
}

const server = new Server({
  transport: new WebSocketTransport(),
  greet: false,
  gracefullyShutdown: false, // (stopped with SIGTERM below: nothing to drain in a benchmark)
});
server.define("war", WarRoom);
await server.listen(Number(opts.port), "127.0.0.1");
console.log(`colyseus listening on ${opts.port} (${opts.mode}, NODE_ENV=${process.env.NODE_ENV})`);

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => process.exit(0));
}
