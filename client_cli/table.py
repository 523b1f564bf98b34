"""A client's picture of its room, kept up to date from protocol messages only.

Applies room events strictly in sequence order (the session hands them over
in order and drops duplicates); a snapshot replaces everything.  Bots and the
terminal table read it to know whether and how to act.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from protocol import messages as m


@dataclass(slots=True)
class Table:
    code: str | None = None
    seat: int | None = None
    seq: int = 0
    room: m.RoomInfo | None = None
    view: m.TableView | None = None
    hand: list[int] = field(default_factory=list)
    step: int = 0
    phase: str = "lobby"
    awaiting: list[int] = field(default_factory=list)
    acted: set[int] = field(default_factory=set)
    active: list[bool] = field(default_factory=list)
    counts: list[int] = field(default_factory=list)
    last_reveal: m.Revealed | None = None
    last_trick: m.TrickWon | None = None
    result: m.GameOver | None = None
    games_over: int = 0
    revealed_cards: set[int] = field(default_factory=set)
    """Every card this client has legitimately seen (face up, its hand, set aside)."""

    def apply_snapshot(self, snap: m.Snapshot) -> None:
        self.seq = snap.seq
        self.room = snap.room
        self.view = snap.view
        v = snap.view
        if v is None:
            self.phase = "lobby"
            return
        self.step = v.step
        self.phase = v.phase
        self.awaiting = list(v.awaiting)
        self.acted = {s for s, a in enumerate(v.acted) if a}
        self.active = list(v.active)
        self.counts = list(v.counts)
        self.hand = list(v.hand)
        for row in v.table:
            self.revealed_cards.update(c for c in row if c is not None)
        self.revealed_cards.update(v.hand)
        self.revealed_cards.update(v.set_aside)

    def apply_event(self, event: m.RoomEvent) -> None:
        self.seq = event.seq
        if isinstance(event, m.GameStarted):
            self.phase = "battle"
            self.step = event.step
            self.result = None
            self.active = [True] * event.players
            self.awaiting = list(range(event.players))
            self.acted = set()
            self.counts = list(event.counts)
        elif isinstance(event, m.Acted):
            self.acted.add(event.seat)
        elif isinstance(event, m.Revealed):
            self.last_reveal = event
            self.step = event.step + 1
            self.acted = set()
            self.revealed_cards.update(c for c in event.up if c is not None)
        elif isinstance(event, m.War):
            self.phase = "war"
            self.awaiting = [s for s in event.seats if s not in event.stuck]
        elif isinstance(event, m.TrickWon):
            self.last_trick = event
            self.phase = "battle"
            self.awaiting = [s for s, a in enumerate(self.active) if a]
        elif isinstance(event, m.PlayerOut):
            if event.seat < len(self.active):
                self.active[event.seat] = False
            self.awaiting = [s for s in self.awaiting if s != event.seat]
        elif isinstance(event, m.GameOver):
            self.phase = "over"
            self.awaiting = []
            self.result = event
            self.games_over += 1
            self.revealed_cards.update(event.set_aside)

    def apply_hand(self, hand: m.Hand) -> None:
        self.hand = list(hand.cards)
        self.revealed_cards.update(hand.cards)

    @property
    def my_turn(self) -> bool:
        return (
            self.seat is not None
            and self.phase in ("battle", "war")
            and self.seat in self.awaiting
            and self.seat not in self.acted
        )
