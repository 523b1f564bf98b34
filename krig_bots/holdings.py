"""Card counting: which cards each seat holds, and which its hand can hold.

Everything here follows from the public events, as a player with pencil and
paper would follow them:

- a trick's cards go under the winner's pile together, as one **block**:
  with the default shuffled gathering their order inside the block is lost,
  but not that they are there, nor where the block lies in the pile (won
  cards go under it, and a hand is refilled from the top);
- so a card drawn into a hand is one of its block's cards: after a battle
  of two, one of two known cards;
- cards never seen face up (the deal, face-down war cards) are unknown; a
  face-down card taken from a block leaves that block's known cards as
  candidates for fewer places.

``Holdings`` is pure and fed by plain calls, so the client (from the
protocol's events, client_cli/tracking.py) and the server (from its engine's
events, server/rooms/views.py) follow a game the same way.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass


class Block:
    """Cards that went under a pile together: ``size`` of them, among them ``known``
    (identified), the rest never seen. Shared by the pile places and hand slots it
    fills."""

    __slots__ = ("known", "size")

    def __init__(self, known: set[int], size: int) -> None:
        self.known = known
        self.size = size


@dataclass(frozen=True, slots=True)
class HandGroup:
    """``count`` cards of a seat's hand come from one block: each is one of ``cards``
    (known candidates) or, for ``size - len(cards)`` of the block's places, a card never
    seen. Every seat's hand is a tuple of these (``View.hand_groups``)."""

    cards: frozenset[int]
    size: int
    count: int


class Holdings:
    """Follows one game for one seat (``me``: its hand is known to it)."""

    def __init__(self) -> None:
        self.me = -1
        self.size = 0
        self.shuffled = True
        self.piles: list[deque[Block]] = []
        self.hands: list[list[Block]] = []
        self.rows: list[list[Block | int]] = []
        """This trick's cards per seat: a face-up card, or a face-down card's block."""
        self.owner: dict[int, int] = {}
        """A card seen face up -> the seat whose pile it went under last."""
        self.where: dict[int, list[Block]] = {}
        """A card seen face up -> the blocks that name it as a candidate."""
        self.lost = True

    # ---------------------------------------------------------------- events

    def start(self, counts: list[int], hand_size: int, gather_order: str, me: int = -1) -> None:
        """A game is dealt: each seat's cards are one block of cards nobody has seen."""
        self.me = me
        self.size = hand_size
        self.shuffled = gather_order == "shuffled"
        self.piles, self.hands, self.rows = [], [], []
        for c in counts:
            deal = Block(set(), c)
            h = min(hand_size, c)
            self.hands.append([deal] * h)
            self.piles.append(deque([deal] * (c - h)))
            self.rows.append([])
        self.owner = {}
        self.where = {}
        self.lost = hand_size == 0

    def own_hand(self, cards: list[int] | tuple[int, ...]) -> None:
        """This seat's hand as the server sends it: it holds these cards."""
        if self.lost or not 0 <= self.me < len(self.hands):
            return
        for c in cards:
            self.owner[c] = self.me

    def revealed(self, up: list[int | None], down: list[int]) -> None:
        if self.lost:
            return
        for s, card in enumerate(up):
            if card is None:
                continue
            hand, pile, row = self.hands[s], self.piles[s], self.rows[s]
            slot = self._slot_of(hand, card)
            for _ in range(down[s]):
                if pile:
                    row.append(self._face_down(pile.popleft()))
                else:  # (from the hand: the oldest card that is not the one chosen)
                    i = next((i for i in range(len(hand)) if i != slot), slot)
                    row.append(self._face_down(hand.pop(i)))
                    if i < slot:
                        slot -= 1
            block = hand.pop(slot)
            block.size = max(block.size - 1, 0)
            for b in self.where.pop(card, ()):
                b.known.discard(card)
            row.append(card)
            self.owner.pop(card, None)
        for s, card in enumerate(up):
            if card is not None:
                self._refill(s)

    def trick_won(
        self,
        winner: int,
        returned: list[int],
        returned_to: int | None,
        stolen_from: list[int] | None = None,
    ) -> None:
        if self.lost:
            return
        n = len(self.rows)
        rows = self.rows
        for c in returned:
            for row in rows:
                if c in row:
                    row.remove(c)
                    break
        order = [winner, *range(winner), *range(winner + 1, n)] if not self.shuffled else []
        if self.shuffled:
            cards = [x for row in rows for x in row]
            known = {x for x in cards if isinstance(x, int)}
            block = self._block(known, len(cards))
            self.piles[winner].extend([block] * len(cards))
        else:
            for s in order:
                for x in rows[s]:
                    self.piles[winner].append(self._block({x}, 1) if isinstance(x, int) else x)
        for x in (y for row in rows for y in row):
            if isinstance(x, int):
                self.owner[x] = winner
        for row in rows:
            row.clear()
        if returned_to is not None:
            for c in returned:
                self.piles[returned_to].append(self._block({c}, 1))
                self.owner[c] = returned_to
        for s in stolen_from or []:
            if self.piles[s]:
                self.piles[winner].append(self.piles[s].popleft())
        for s in range(n):
            self._refill(s)

    def player_out(self, seat: int) -> None:
        """A seat out of the game: its cards join the pot face down."""
        if self.lost:
            return
        row = self.rows[seat]
        for b in [*self.piles[seat], *self.hands[seat]]:
            row.append(self._face_down(b))
        self.piles[seat].clear()
        self.hands[seat].clear()
        for c in [c for c, s in self.owner.items() if s == seat]:
            del self.owner[c]

    def shuffled_pile(self, seat: int) -> None:
        """A seat's pile was shuffled (its winnings turned over): one block of it all."""
        if self.lost:
            return
        pile = self.piles[seat]
        known: set[int] = set()
        for b in set(pile):
            known |= b.known
        block = self._block(known, len(pile))
        self.piles[seat] = deque([block] * len(pile))

    # ------------------------------------------------------------- answers

    def held(self) -> tuple[frozenset[int], ...]:
        """Per seat, the cards seen face up that went under its pile last."""
        if self.lost:
            return ()
        out: list[set[int]] = [set() for _ in self.hands]
        for c, s in self.owner.items():
            out[s].add(c)
        return tuple(frozenset(x) for x in out)

    def hand_groups(self) -> tuple[tuple[HandGroup, ...], ...]:
        """Per seat, its hand as blocks: which cards each of its hand cards can be."""
        if self.lost:
            return ()
        out = []
        for hand in self.hands:
            groups: dict[int, tuple[Block, int]] = {}
            for b in hand:
                _, k = groups.get(id(b), (b, 0))
                groups[id(b)] = (b, k + 1)
            out.append(
                tuple(HandGroup(frozenset(b.known), max(b.size, k), k) for b, k in groups.values())
            )
        return tuple(out)

    # ------------------------------------------------------------- helpers

    def _slot_of(self, hand: list[Block], card: int) -> int:
        for i, b in enumerate(hand):
            if card in b.known:
                return i
        for i, b in enumerate(hand):  # (a card never seen: a slot of a block with some)
            if b.size > len(b.known):
                return i
        return 0 if hand else -1

    def _block(self, known: set[int], size: int) -> Block:
        block = Block(known, size)
        for c in known:
            self.where.setdefault(c, []).append(block)
        return block

    def _face_down(self, block: Block) -> Block:
        """A card left ``block`` face down: which of its cards is not known."""
        block.size = max(block.size - 1, 0)
        return Block(set(), 1)

    def _refill(self, seat: int) -> None:
        hand, pile = self.hands[seat], self.piles[seat]
        while len(hand) < self.size and pile:
            hand.append(pile.popleft())
