"""Card counting (krig_bots.holdings through the client's tracker): what a seat can know
of the others' hands from the events alone, under the default shuffled gathering."""

from __future__ import annotations

from client_cli.tracking import HandTracker
from krig_bots import war_saver
from krig_bots.view import View
from protocol import messages as m
from protocol.records import DealProof
from server.engine import Choose, make_rules, new_game, submit
from server.rooms.state import RoomRecord, SeatRecord
from server.rooms.views import bot_view
from server.rooms.wire import wire_events


def _play(players: int, seed: int, check: list[int]) -> None:
    """A game of ``war_saver`` seats on the engine, every seat's tracker fed the events
    (and its own hand) as a client gets them; ``check`` counts (checked, hands whose
    cards the groups account for, held cards really held, held cards)."""
    rules = make_rules("arneson", {"players": players})
    plain = rules.to_dict()
    assert plain["gather_order"] == "shuffled"
    state = new_game(rules, seed)
    rec = RoomRecord(
        code="C", version=0, seq=0, created_ms=0, updated_ms=0, host=0, preset="arneson",
        options={}, public=False, seats=[SeatRecord(bot=True) for _ in range(players)],
        state=state, proof=DealProof(
            piles=[h + p for h, p in zip(state.hands, state.piles, strict=True)],
            set_aside=list(state.set_aside), seed=seed, nonce=""),
    )  # fmt: skip
    trackers = [HandTracker() for _ in range(players)]
    counts = [state.held(s) for s in range(players)]
    for seat, t in enumerate(trackers):
        t.feed(m.GameStarted(seq=0, game=1, players=players, counts=counts, step=0,
                             commitment=""), plain, seat)  # fmt: skip
        t.feed(m.Hand(seq=0, cards=list(state.hands[seat])), plain, seat)
    face_up: set[int] = set()
    while state.phase != "over" and state.steps < 600:
        for seat, t in enumerate(trackers):
            groups, held = t.hand_groups(), t.held()
            # A computer seat on the server knows exactly what the client's tracker knows.
            server = bot_view(rec, seat, count=True)
            others = [o for o in range(players) if o != seat]
            assert [server.hand_groups[o] for o in others] == [groups[o] for o in others]
            assert [server.held[o] for o in others] == [held[o] for o in others]
            for o in range(players):
                if o == seat or not state.active[o]:
                    continue
                named = {c for g in groups[o] for c in g.cards}
                assert named <= face_up, "a card never shown face up is named"
                assert held[o] <= face_up
                assert sum(g.count for g in groups[o]) == len(state.hands[o])
                true = set(state.hands[o])
                unknown = sum(max(g.size - len(g.cards), 0) for g in groups[o])
                check[0] += 1
                check[1] += len(true - named) <= unknown
                really = set(state.piles[o]) | set(state.hands[o]) | set(state.winnings[o])
                check[2] += len(held[o] & really)
                check[3] += len(held[o])
        for seat in list(state.awaiting):
            if state.over or seat not in state.awaiting:
                continue
            view: View = bot_view(rec, seat)
            card = war_saver(view)
            rec.inputs += bytes((seat, card))
            step = state.steps
            for event in wire_events(submit(state, seat, Choose(card)), step):
                if isinstance(event, m.Revealed):
                    face_up.update(c for c in event.up if c is not None)
                for s, t in enumerate(trackers):
                    t.feed(event, plain, s)
                    if isinstance(event, m.Revealed | m.TrickWon):
                        t.feed(m.Hand(seq=event.seq, cards=list(state.hands[s])), plain, s)


def test_counting_names_only_cards_seen_face_up_and_accounts_for_the_hands() -> None:
    """Nothing hidden: a hand group names only cards shown face up before, and a computer
    seat on the server (its deal and inputs played again) knows just what a client's
    tracker does from the events. And it is
    right: a hand's cards are among those named or the places of cards never seen
    (but after a face-down war card, which nobody can follow), and a card said to be
    held by a seat is held by it (the same exception)."""
    for players in (2, 3, 4):
        check = [0, 0, 0, 0]
        for seed in range(8):
            _play(players, seed, check)
        checked, accounted, really, held = check
        assert checked > 500
        assert accounted / checked > 0.9, (players, accounted / checked)
        assert really / held > 0.9, (players, really / held)
