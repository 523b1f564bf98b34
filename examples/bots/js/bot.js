// A War (krig) bot that speaks only the protocol (protocol/PROTOCOL.md).
// node bot.js URL [CODE]: join room CODE, or create an Arneson room with a computer player.
import WebSocket from "ws";
import { encode, Decoder } from "@msgpack/msgpack";

const [url = "ws://127.0.0.1:8765/ws", code] = process.argv.slice(2);
const decoder = new Decoder({ useBigInt64: true }); // (a deal's seed is a 64-bit number)
const ws = new WebSocket(url, "krig.v1");
let nextId = 1;
const send = (msg) => ws.send(encode({ id: nextId++, ...msg }));
const me = { seat: null, step: 0, phase: "battle", awaiting: new Set(), active: [], acted: false,
  hand: [], handSeq: -1, revealSeq: 0 };

// The strategy: the lowest card in a battle, the highest in a war (rank = card >> 2).
function choose(hand, phase) {
  const byRank = [...hand].sort((a, b) => (a >> 2) - (b >> 2));
  return phase === "war" ? byRank[byRank.length - 1] : byRank[0];
}

function maybeAct() {
  const myTurn = me.seat !== null && me.awaiting.has(me.seat) && !me.acted;
  if (myTurn && me.hand.length && me.handSeq >= me.revealSeq) {
    me.acted = true;
    send({ t: "choose", step: me.step, card: choose(me.hand, me.phase) });
  }
}

function handle(m) {
  switch (m.t) {
    case "welcome":
      if (code) send({ t: "join", code, seat: null });
      else send({ t: "create", preset: "arneson", options: {}, seats: 2, public: false });
      break;
    case "joined":
      me.seat = m.seat;
      if (!code) send({ t: "add_bot", seat: null, level: "hard" });
      break;
    case "snapshot": {
      const v = m.view;
      if (!v) break;
      Object.assign(me, { step: v.step, phase: v.phase, hand: v.hand, handSeq: m.seq,
        awaiting: new Set(v.awaiting), active: v.active, acted: me.seat !== null && v.acted[me.seat] });
      break;
    }
    case "game_started":
      Object.assign(me, { step: m.step, phase: "battle", hand: [], revealSeq: m.seq, acted: false,
        awaiting: new Set(m.counts.map((_, s) => s)), active: m.counts.map(() => true) });
      break;
    case "hand": Object.assign(me, { hand: m.cards, handSeq: m.seq }); break;
    case "revealed":
      Object.assign(me, { step: m.step + 1, revealSeq: m.seq, acted: false, awaiting: new Set() });
      break;
    case "war":
      me.phase = "war";
      me.awaiting = new Set(m.seats.filter((s) => !m.stuck.includes(s)));
      break;
    case "trick_won":
      me.phase = "battle";
      me.awaiting = new Set(me.active.flatMap((a, s) => (a ? [s] : [])));
      break;
    case "player_out": me.active[m.seat] = false; me.awaiting.delete(m.seat); break;
    case "game_over":
      console.log(`game over: ${m.result}, winners ${m.winners.join(",") || "none"} (${m.reason}); I sat at ${me.seat}`);
      ws.close();
      return;
    case "error":
      if (m.id === null || !["stale_step", "not_awaiting", "already_acted"].includes(m.code)) {
        console.error(`server: ${m.code}: ${m.message}`);
      }
      break;
  }
  maybeAct();
}

ws.on("open", () => ws.send(encode({ t: "hello", v: 1, name: "js-bot", token: null, client: "krig-js-example/1" })));
ws.on("message", (data) => handle(decoder.decode(data)));
ws.on("close", () => process.exit(0));
ws.on("error", (err) => { console.error(`krig js bot: ${err.message}`); process.exit(1); });
