"""Every seat's hand as far as the events show it: a card seen face up is followed.

A trick's cards go under the winner's pile in a known order (the rules'
``gather_order``), and hands are refilled from the top of the pile, so a card
once seen face up is known again when it is drawn. Cards never seen (the
deal, face-down war cards) stay unknown (None). Built from room events only:
what any player at the table could work out with pencil and paper.
"""

from __future__ import annotations

from krig_bots.holdings import HandGroup, Holdings
from protocol import messages as m

Card = int | None


class HandTracker:
    """Feed it every message of a room (``feed``); ``hands()`` is what it knows."""

    def __init__(self) -> None:
        self.piles: list[list[Card]] = []
        self.hands_: list[list[Card]] = []
        self.rows: list[list[Card]] = []
        self.size = 0
        self.known_order = True
        """False when the rules shuffle what is won (then nothing is followed)."""
        self.lost = True
        """Not following this game (joined in its middle): ``hands()`` is empty."""
        self.counting = Holdings()
        """Who holds which card, and what each hand can hold, whatever the gathering
        order (``held()``, ``hand_groups()``)."""
        self.seat = -1

    def start(self, counts: list[int], rules: dict[str, bool | int | str]) -> None:
        self.size = int(rules.get("hand_size", 0))
        self.known_order = (
            rules.get("winnings", "under_pile") == "under_pile"
            and rules.get("gather_order", "winner_first") != "shuffled"
        )
        self.lost = not self.size or not self.known_order
        self.hands_ = [[None] * min(self.size, c) for c in counts]
        self.piles = [[None] * max(c - self.size, 0) for c in counts]
        self.rows = [[] for _ in counts]

    def held(self) -> tuple[frozenset[int], ...]:
        return self.counting.held()

    def hand_groups(self) -> tuple[tuple[HandGroup, ...], ...]:
        return self.counting.hand_groups()

    def hands(self) -> tuple[tuple[Card, ...], ...]:
        if self.lost:
            return ()
        return tuple(tuple(h) for h in self.hands_)

    def feed(self, msg: object, rules: dict[str, bool | int | str], seat: int = -1) -> None:
        try:
            self._count(msg, rules, seat)
        except (IndexError, ValueError, KeyError):
            self.counting.lost = True
        try:
            self._feed(msg, rules)
        except (IndexError, ValueError):
            self.lost = True  # (events it does not follow: know nothing rather than wrong)

    def _count(self, msg: object, rules: dict[str, bool | int | str], seat: int) -> None:
        c = self.counting
        t = type(msg)
        if t is m.Revealed:
            assert isinstance(msg, m.Revealed)
            c.revealed(msg.up, msg.down)
        elif t is m.TrickWon:
            assert isinstance(msg, m.TrickWon)
            c.trick_won(msg.winner, msg.returned, msg.returned_to, msg.stolen_from)
        elif t is m.Hand:
            assert isinstance(msg, m.Hand)
            c.own_hand(msg.cards)
        elif t is m.GameStarted:
            assert isinstance(msg, m.GameStarted)
            c.start(
                list(msg.counts),
                int(rules.get("hand_size", 0)),
                str(rules.get("gather_order", "shuffled")),
                seat,
            )
        elif t is m.PlayerOut:
            assert isinstance(msg, m.PlayerOut)
            c.player_out(msg.seat)
        elif t is m.Shuffled:
            assert isinstance(msg, m.Shuffled)
            c.shuffled_pile(msg.seat)
        elif t is m.Snapshot:
            assert isinstance(msg, m.Snapshot)
            v = msg.view
            if v is not None and v.phase != "over":
                if v.step == 0 and v.tricks == 0 and not any(v.acted):
                    r = msg.room.rules
                    c.start(
                        list(v.counts),
                        int(r.get("hand_size", 0)),
                        str(r.get("gather_order", "shuffled")),
                        seat,
                    )
                    c.own_hand(v.hand)
                else:
                    c.lost = True

    def _refill(self, seat: int) -> None:
        hand, pile = self.hands_[seat], self.piles[seat]
        while len(hand) < self.size and pile:
            hand.append(pile.pop(0))

    def _feed(self, msg: object, rules: dict[str, bool | int | str]) -> None:
        if isinstance(msg, m.GameStarted):
            self.start(list(msg.counts), rules)
            return
        if isinstance(msg, m.Snapshot):
            v = msg.view
            if v is not None and v.phase != "over":
                if v.step == 0 and v.tricks == 0 and not any(v.acted):
                    self.start(list(v.counts), msg.room.rules)  # (joined as it was dealt)
                else:
                    self.lost = True  # (joined in the middle: too late to follow)
            return
        if self.lost:
            return
        if isinstance(msg, m.Revealed):
            for s, up in enumerate(msg.up):
                if up is None:
                    continue
                hand, pile = self.hands_[s], self.piles[s]
                for _ in range(msg.down[s]):
                    if pile:
                        self.rows[s].append(pile.pop(0))
                    else:  # (the oldest hand card that is not the one chosen)
                        i = next(i for i, c in enumerate(hand) if c != up or c is None)
                        self.rows[s].append(hand.pop(i))
                hand.remove(up if up in hand else None)
                self.rows[s].append(up)
            for s, up in enumerate(msg.up):
                if up is not None:
                    self._refill(s)
        elif isinstance(msg, m.TrickWon):
            for c in msg.returned:
                w = next(s for s, row in enumerate(self.rows) if row and row[0] == c)
                self.rows[w].pop(0)
            n = len(self.rows)
            w = msg.winner
            order = [w, *range(w), *range(w + 1, n)]
            if rules.get("gather_order", "winner_first") != "winner_first":
                order = list(range(n))
            for s in order:
                self.piles[w].extend(self.rows[s])
                self.rows[s] = []
            if msg.returned_to is not None:
                self.piles[msg.returned_to].extend(msg.returned)
            for s in msg.stolen_from:
                self.piles[w].append(self.piles[s].pop(0))
            for s in range(n):
                self._refill(s)
        elif isinstance(msg, m.PlayerOut):
            s = msg.seat
            self.rows[s].extend(self.piles[s] + self.hands_[s])
            self.piles[s], self.hands_[s] = [], []
        elif isinstance(msg, m.Shuffled):
            self.lost = True
