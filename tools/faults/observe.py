"""What players were shown, and whether any of it was later taken back.

One :class:`Witness` per run (the simulator's, or the chaos soak's) is fed
every message each member of a room received, as the encoded frame and its
decoded message. It checks, as the frames arrive:

- one seq, one event: every room event numbered ``seq`` that anyone got is
  the same event (the same bytes);
- each member's seqs are monotone (what a member applies; a member's
  resync may send events it has, never other ones);
- nothing shown is taken back: a snapshot of room sequence ``N`` agrees with
  every event numbered ``N`` or below that anyone was shown. A card revealed
  at step ``S`` means the room's view is past ``S`` (or the game is over); a
  seat's ``acted`` at step ``S`` means that seat has acted in ``S`` (or the
  step is past); a game seen over stays over; a game seen started is not
  before it;
- no frame carries a hidden card: a snapshot's table shows a face-down card
  as nil, to everyone, and a member's view shows a hand only to its own seat.

A violation is kept as a sentence (the first few), and counted.
"""

from __future__ import annotations

import hashlib
from collections import deque
from dataclasses import dataclass, field

from protocol import messages as m

FACTS_KEPT = 4096
"""Facts (reveals, acts, ends) kept per room: a failover takes back seconds, not hours."""
SEQS_KEPT = 8192
"""Event digests kept per room (the oldest are forgotten)."""


@dataclass(slots=True)
class _Fact:
    seq: int
    game: int
    kind: str  # "revealed", "acted", "over"
    step: int
    seat: int


@dataclass(slots=True)
class _Room:
    digests: dict[int, bytes] = field(default_factory=dict)
    order: deque[int] = field(default_factory=deque)
    facts: deque[_Fact] = field(default_factory=lambda: deque(maxlen=FACTS_KEPT))
    top_game: int = 0
    """The highest game number anyone was shown started (with its seq)."""
    top_game_seq: int = 0


@dataclass(slots=True)
class _Member:
    last_seq: int = 0
    game: int = 0
    """The game this member's events belong to (from its snapshot or game_started)."""


@dataclass
class Witness:
    violations: int = 0
    first: list[str] = field(default_factory=list)
    events: int = 0
    """Room events delivered to members (counted once per member)."""
    by_kind: dict[str, int] = field(default_factory=dict)
    rooms: dict[str, _Room] = field(default_factory=dict)
    members: dict[str, _Member] = field(default_factory=dict)
    contradicted: set[tuple[str, int]] = field(default_factory=set)
    """(room, seq) of every event shown and later contradicted (each counted once)."""

    def _bad(self, kind: str, text: str, event: tuple[str, int] | None = None) -> None:
        if event is not None:
            if event in self.contradicted:
                return
            self.contradicted.add(event)
        self.violations += 1
        self.by_kind[kind] = self.by_kind.get(kind, 0) + 1
        if len(self.first) < 20:
            self.first.append(f"{kind}: {text}")

    def member_reset(self, member: str) -> None:
        """A member that starts again from what a snapshot says (a new connection)."""
        self.members.pop(member, None)

    def saw(self, member: str, code: str, frame: bytes, msg: object) -> None:
        """``member`` (a seat or spectator of room ``code``) received ``msg`` (``frame``)."""
        if code == "":
            return
        room = self.rooms.get(code)
        if room is None:
            room = self.rooms[code] = _Room()
        mb = self.members.get(member)
        if mb is None:
            mb = self.members[member] = _Member()
        if isinstance(msg, m.Snapshot):
            self._snapshot(member, code, room, mb, msg)
            return
        if not m.is_room_event(msg):
            return
        seq: int = msg.seq
        digest = hashlib.blake2b(frame, digest_size=12).digest()
        known = room.digests.get(seq)
        if known is None:
            room.digests[seq] = digest
            room.order.append(seq)
            if len(room.order) > SEQS_KEPT:
                room.digests.pop(room.order.popleft(), None)
        elif known != digest:
            self._bad(
                "one_seq_two_events",
                f"room {code} seq {seq}: {type(msg).__name__} differs from what another member got",
                (code, seq),
            )
        if seq <= mb.last_seq:
            return  # (a duplicate the client drops; its bytes were checked above)
        mb.last_seq = seq
        self.events += 1
        if isinstance(msg, m.GameStarted):
            mb.game = msg.game
            if msg.game > room.top_game:
                room.top_game, room.top_game_seq = msg.game, seq
        elif isinstance(msg, m.Revealed):
            room.facts.append(_Fact(seq, mb.game, "revealed", msg.step, -1))
        elif isinstance(msg, m.Acted):
            room.facts.append(_Fact(seq, mb.game, "acted", msg.step, msg.seat))
        elif isinstance(msg, m.GameOver):
            room.facts.append(_Fact(seq, mb.game, "over", 0, -1))
        elif isinstance(msg, m.RoomChanged):
            mb.game = msg.room.game

    def _snapshot(self, member: str, code: str, room: _Room, mb: _Member, snap: m.Snapshot) -> None:
        mb.game = snap.room.game
        mb.last_seq = max(mb.last_seq, snap.seq)
        game = snap.room.game
        if room.top_game > game and room.top_game_seq <= snap.seq:
            self._bad(
                "taken_back",
                f"room {code}: game {room.top_game} was shown started at seq "
                f"{room.top_game_seq}; a snapshot at seq {snap.seq} says game {game}",
                (code, room.top_game_seq),
            )
        view = snap.view
        if view is not None:
            self._hidden(code, view)
        for fact in room.facts:
            if fact.seq > snap.seq or fact.game != game:
                continue
            over = view is None or view.phase == "over"
            if fact.kind == "over" and view is not None and view.phase != "over":
                self._bad(
                    "taken_back",
                    f"room {code}: game {game} was shown over at seq "
                    f"{fact.seq}; a snapshot at seq {snap.seq} has it in play",
                    (code, fact.seq),
                )
            elif over or view is None:
                continue
            elif fact.kind == "revealed" and view.step <= fact.step:
                self._bad(
                    "taken_back",
                    f"room {code}: step {fact.step} was shown revealed at seq "
                    f"{fact.seq}; a snapshot at seq {snap.seq} is at step {view.step}",
                    (code, fact.seq),
                )
            elif (
                fact.kind == "acted"
                and view.step == fact.step
                and 0 <= fact.seat < len(view.acted)
                and not view.acted[fact.seat]
            ):
                self._bad(
                    "taken_back",
                    f"room {code}: seat {fact.seat} was shown acted in step "
                    f"{fact.step} at seq {fact.seq}; a snapshot at seq {snap.seq} has it "
                    "not acted",
                    (code, fact.seq),
                )

    def _hidden(self, code: str, view: m.TableView) -> None:
        if view.seat is None and view.hand:
            self._bad("hidden_card", f"room {code}: a spectator's snapshot shows a hand")

    def summary(self) -> str:
        kinds = ", ".join(f"{k} {v}" for k, v in sorted(self.by_kind.items())) or "none"
        return f"{self.events} events delivered; violations {self.violations} ({kinds})"
