"""A client's picture of its room, kept up to date from protocol messages only.

Applies room events strictly in sequence order (the session hands them over
in order and drops duplicates); a snapshot replaces everything.  Bots and the
terminal table read it to know whether and how to act.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from protocol import messages as m

CHAT_KEPT = 50
LOG_KEPT = 30


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
    war: m.War | None = None
    """The war being fought (None in a battle)."""
    result: m.GameOver | None = None
    games_over: int = 0
    ended_game: int = 0
    """The room's game number whose end this table has counted (by event or snapshot)."""
    deadline_ms: int = 0
    game_ends_ms: int = 0
    hand_seq: int = 0
    """Sequence number the hand is current with (the server sends it after each reveal)."""
    reveal_seq: int = 0
    revealed_cards: set[int] = field(default_factory=set)
    """Every card this client has legitimately seen (face up, its hand, set aside)."""
    on_table: list[list[int | None]] = field(default_factory=list)
    """This trick's cards per seat in the order laid; None = face down."""
    last_table: list[list[int | None]] = field(default_factory=list)
    """The finished trick's cards, kept for display until the next reveal."""
    chat: list[m.ChatSaid] = field(default_factory=list)
    """The room's latest chat lines (at most ``CHAT_KEPT``), oldest first."""
    tricks_log: list[m.TrickWon] = field(default_factory=list)
    """This game's latest tricks (at most ``LOG_KEPT``), oldest first."""
    tricks: int = 0
    """Tricks finished in this game."""
    wars: int = 0
    """War steps fought in this game."""
    longest_war: int = 0
    """The most war steps of one trick in this game (of the tricks this client saw)."""
    wars_won: list[int] = field(default_factory=list)
    """Tricks with a war won, per seat."""
    out_reasons: dict[int, str] = field(default_factory=dict)
    """Seats out of this game, and why (``no_cards``, ``short_war``)."""
    left: m.Error | None = None
    """Why this client is no longer in its room (``removed``, ``room_gone``), until it joins one."""

    def clear(self, left: m.Error | None = None) -> None:
        """In no room any more (left, removed, the room gone): start again from nothing."""
        fresh = Table(left=left)
        for f in fields(self):
            setattr(self, f.name, getattr(fresh, f.name))

    def apply_snapshot(self, snap: m.Snapshot) -> None:
        old = self.room
        if old is None or old.code != snap.room.code or old.game != snap.room.game:
            # Another game (or room) than the one this client followed: its log is not ours.
            self.tricks_log = []
            self.longest_war = 0
            self.last_reveal = None
            self.last_trick = None
            self.last_table = []
            if self.room is None or self.room.code != snap.room.code:
                self.chat = []
                self.left = None
        self.seq = snap.seq
        self.room = snap.room
        self.view = snap.view
        v = snap.view
        if v is None:
            self.phase = "lobby"
            return
        if snap.tricks:
            # The server's trick log (a reload or a late join): what this client lost.
            self.tricks_log = [_trick_won(t) for t in snap.tricks][-LOG_KEPT:]
            self.last_trick = self.tricks_log[-1]
            if not any(v.table):
                self.last_table = [list(row) for row in snap.tricks[-1].table]
        self.war = None
        if v.phase == "war" and v.war_seats:
            # The war as it stands: its seats, and how many cards each lays face down.
            downs = [d for s, d in enumerate(v.war_down) if s in v.awaiting]
            self.war = m.War(
                seq=snap.seq,
                trick=v.trick,
                war=v.war,
                seats=list(v.war_seats),
                down=max(downs, default=0),
                stuck=[s for s in v.war_seats if s not in v.awaiting],
            )
        for t in snap.tricks:
            for row in t.table:
                self.revealed_cards.update(c for c in row if c is not None)
        self.step = v.step
        self.phase = v.phase
        self.tricks = v.tricks
        self.wars = v.wars
        self.wars_won = list(v.wars_won)
        longest = getattr(v, "longest_war", None)  # (a newer server's field)
        if isinstance(longest, int):
            self.longest_war = max(self.longest_war, longest)
        self.awaiting = list(v.awaiting)
        self.acted = {s for s, a in enumerate(v.acted) if a}
        self.active = list(v.active)
        self.counts = list(v.counts)
        self.on_table = [list(row) for row in v.table]
        self.hand = list(v.hand)
        self.hand_seq = snap.seq
        for row in v.table:
            self.revealed_cards.update(c for c in row if c is not None)
        self.revealed_cards.update(v.hand)
        self.revealed_cards.update(v.set_aside)
        if v.phase == "over" and snap.room.game != self.ended_game and v.result in ("win", "draw"):
            # The game ended while this client was not following event by event
            # (a snapshot after a long gap or a reconnection): it still ended.
            self._ended(
                m.GameOver(
                    seq=snap.seq,
                    result="win" if v.result == "win" else "draw",
                    winners=list(v.winners),
                    reason=v.reason,
                    counts=list(v.counts),
                    set_aside=list(v.set_aside),
                ),
                snap.room.game,
            )

    def _ended(self, result: m.GameOver, game: int) -> None:
        self.result = result
        self.games_over += 1
        self.ended_game = game
        self.revealed_cards.update(result.set_aside)

    def _seat_info(self, seat: int | None) -> m.SeatInfo | None:
        if self.room is None or seat is None or not 0 <= seat < len(self.room.seats):
            return None
        return self.room.seats[seat]

    def apply_event(self, event: m.RoomEvent) -> None:
        self.seq = event.seq
        if type(event) is m.Acted:  # the most frequent event (every seat, every step)
            self.acted.add(event.seat)
            return
        info = self._seat_info(getattr(event, "seat", None))
        if isinstance(event, m.PlayerJoined) and self.room is not None and info is not None:
            self.room.seats[event.seat] = m.SeatInfo(event.name, False, True, event.bot)
            if event.seat < len(self.room.wins):  # a new player: its score starts at 0
                self.room.wins[event.seat] = 0
        elif isinstance(event, m.PlayerLeft) and self.room is not None and info is not None:
            self.room.host = event.host
            if self.room.state == "lobby":
                self.room.seats[event.seat] = m.SeatInfo(None, False, False, False)
                if event.seat == self.seat:  # the host freed it (or we left): watching now
                    self.seat = None
            else:
                info.connected = False
        elif isinstance(event, m.PlayerReady) and info is not None:
            info.ready = event.ready
        elif isinstance(event, m.PlayerDisconnected) and info is not None:
            info.connected = False
        elif isinstance(event, m.PlayerReconnected) and info is not None:
            info.connected = True
        if isinstance(event, m.RoomChanged):
            self.room = event.room
        elif isinstance(event, m.ChatSaid):
            self.chat.append(event)
            del self.chat[:-CHAT_KEPT]
        elif isinstance(event, m.Clock):
            self.deadline_ms = event.deadline_ms
            self.game_ends_ms = event.game_ends_ms
        if isinstance(event, m.GameStarted):
            self.hand = []
            self.reveal_seq = event.seq  # the new game's hand comes after this
            if self.room is not None:
                self.room.state = "playing"
                self.room.game = event.game
                for seat in self.room.seats:
                    seat.ready = seat.bot  # (a rematch is asked anew; computers always want one)
            # A new game shows nothing of the last one: no trick, no log, no clock.
            self.last_reveal = None
            self.last_trick = None
            self.war = None
            self.last_table = []
            self.tricks_log = []
            self.tricks = self.wars = self.longest_war = 0
            self.wars_won = [0] * event.players
            self.out_reasons = {}
            self.deadline_ms = 0
            self.phase = "battle"
            self.step = event.step
            self.result = None
            self.active = [True] * event.players
            self.awaiting = list(range(event.players))
            self.acted = set()
            self.counts = list(event.counts)
            self.on_table = [[] for _ in range(event.players)]
            self.revealed_cards = set()  # (the last game's cards: not seen in this one)
        elif isinstance(event, m.Acted):
            self.acted.add(event.seat)
        elif isinstance(event, m.Revealed):
            self.last_reveal = event
            self.reveal_seq = event.seq
            self.step = event.step + 1
            self.acted = set()
            self.awaiting = []  # known again with the war or trick_won that follows
            self.revealed_cards.update(c for c in event.up if c is not None)
            for s, card in enumerate(event.up):
                if card is None or s >= len(self.on_table):
                    continue
                self.on_table[s].extend([None] * event.down[s] + [card])
                if s < len(self.counts):
                    self.counts[s] -= event.down[s] + 1
        elif isinstance(event, m.War):
            self.phase = "war"
            self.war = event
            self.awaiting = [s for s in event.seats if s not in event.stuck]
        elif isinstance(event, m.TrickWon):
            self.last_trick = event
            self.war = None
            self.tricks_log.append(event)
            del self.tricks_log[:-LOG_KEPT]
            self.tricks += 1
            self.wars += event.wars
            self.longest_war = max(self.longest_war, event.wars)
            if event.wars and event.winner < len(self.wars_won):
                self.wars_won[event.winner] += 1
            self.phase = "battle"
            self.awaiting = [s for s, a in enumerate(self.active) if a]
            self.last_table = self.on_table
            self.on_table = [[] for _ in self.on_table]
            if event.winner < len(self.counts):
                self.counts[event.winner] += event.total
                for s in event.stolen_from:
                    self.counts[s] -= 1
                if event.returned_to is not None:
                    self.counts[event.returned_to] += len(event.returned)
        elif isinstance(event, m.PlayerOut):
            self.out_reasons[event.seat] = event.reason
            if event.seat < len(self.active):
                self.active[event.seat] = False
                self.counts[event.seat] -= event.to_pot
                self.on_table[event.seat].extend([None] * event.to_pot)
            self.awaiting = [s for s in self.awaiting if s != event.seat]
        elif isinstance(event, m.GameOver):
            if self.room is not None:
                self.room.state = "over"
                if event.result == "win":  # the running score (a snapshot's counts it already)
                    wins = self.room.wins + [0] * (len(self.room.seats) - len(self.room.wins))
                    for w in event.winners:
                        if w < len(wins):
                            wins[w] += 1
                    self.room.wins = wins
            self.phase = "over"
            self.awaiting = []
            self._ended(event, self.room.game if self.room is not None else self.ended_game + 1)

    def apply_hand(self, hand: m.Hand) -> None:
        self.hand = list(hand.cards)
        self.hand_seq = hand.seq
        self.revealed_cards.update(hand.cards)

    @property
    def rematch_waits(self) -> list[int]:
        """After game over: the seated players who have not asked for a rematch."""
        if self.room is None or self.phase != "over":
            return []
        return [i for i, s in enumerate(self.room.seats) if s.name and not s.ready]

    @property
    def hand_game(self) -> bool:
        return self.room is not None and bool(self.room.rules.get("hand_size", 0))

    @property
    def my_turn(self) -> bool:
        """This seat must act now (in a hand game: once the hand after the last reveal is in)."""
        return (
            self.seat is not None
            and self.phase in ("battle", "war")
            and self.seat in self.awaiting
            and self.seat not in self.acted
            and (not self.hand_game or (bool(self.hand) and self.hand_seq >= self.reveal_seq))
        )


def _trick_won(t: m.TrickSeen) -> m.TrickWon:
    """A trick of a snapshot's log as the ``trick_won`` a client saw live (face-up cards)."""
    return m.TrickWon(
        seq=0,
        trick=t.trick,
        winner=t.winner,
        total=t.total,
        face_up=[c for row in t.table for c in row if c is not None],
        wars=t.wars,
        returned_to=None,
        returned=[],
        stolen_from=[],
    )
