"""Inputs the rules refuse get a stable code; the state is left unchanged."""

from __future__ import annotations

import msgpack
import pytest
from engine_support import cards, deal, play_out, step

from server.engine import (
    Choose,
    Flip,
    RulesError,
    RuleViolation,
    copy_state,
    from_deal,
    from_plain,
    make_rules,
    new_game,
    submit,
    to_plain,
)


def _refused(state_action: tuple[object, int, object], code: str) -> None:
    state, seat, action = state_action
    before = copy_state(state)  # type: ignore[arg-type]
    with pytest.raises(RuleViolation) as err:
        submit(state, seat, action)  # type: ignore[arg-type]
    assert err.value.code == code
    assert state == before


def test_refusals() -> None:
    state = new_game(make_rules("classic"), seed=1)
    _refused((state, 2, Flip()), "bad_seat")
    _refused((state, -1, Flip()), "bad_seat")
    _refused((state, True, Flip()), "bad_seat")
    _refused((state, 0, Choose(cards("AS")[0])), "wrong_action")
    submit(state, 0, Flip())
    _refused((state, 0, Flip()), "already_acted")


def test_not_awaiting_during_someone_elses_war() -> None:
    state = deal(make_rules("classic", {"players": 3}), "KC 2C 3C 4C 5C", "KD 2D 3D 4D 6D", "QC 7H")
    step(state)
    assert state.awaiting == [0, 1]
    _refused((state, 2, Flip()), "not_awaiting")


def test_seat_out_and_game_over() -> None:
    state = deal(make_rules("classic", {"players": 3}), "AC 2C", "KD 2D", "3H")
    step(state)  # seat 2 loses its only card
    assert not state.active[2]
    _refused((state, 2, Flip()), "seat_out")
    play_out(state)
    _refused((state, 0, Flip()), "game_over")


def test_hand_refusals() -> None:
    state = new_game(make_rules("arneson"), seed=2)
    _refused((state, 0, Flip()), "wrong_action")
    not_mine = state.hands[1][0]
    _refused((state, 0, Choose(not_mine)), "card_not_in_hand")
    submit(state, 0, Choose(state.hands[0][0]))
    _refused((state, 0, Choose(state.hands[0][1])), "already_acted")


@pytest.mark.parametrize("preset", ["classic", "arneson", "latvian", "polish"])
def test_state_round_trips_through_msgpack_and_plays_on_identically(preset: str) -> None:
    state = new_game(make_rules(preset, {"max_tricks": 400}), seed=77)
    for _ in range(15):
        step(state)
    plain = to_plain(state)
    packed = msgpack.packb(plain, use_bin_type=True)
    back = from_plain(msgpack.unpackb(packed, raw=False, strict_map_key=False))
    assert back == state
    assert to_plain(back) == plain
    assert play_out(copy_state(state)) == play_out(back)


@pytest.mark.parametrize(
    ("seats", "aside", "says"),
    [
        ([[8.0], [9]], [], "not a card"),  # 8.0 == 8
        ([[True], [9]], [], "not a card"),  # True == 1
        ([[62], [9]], [], "not a card"),
        ([[7], [9]], [], "not a card"),
        ([["AS"], [9]], [], "not a card"),
        ([[[8]], [9]], [], "not a card"),  # unhashable
        ([[], [9]], [], "no cards"),
        ([[8], [8]], [], "dealt twice"),
        ([[8], [9]], [8], "set-aside"),
        ([[8], [9]], [9.0], "set-aside"),
    ],
)
def test_a_bad_deal_is_refused_and_named(
    seats: list[list[int]], aside: list[int], says: str
) -> None:
    with pytest.raises(RulesError) as err:
        from_deal(make_rules("classic"), seats, set_aside=aside)
    assert err.value.field == "deal" and says in err.value.message


def test_a_good_deal_with_jokers_and_a_set_aside_card_is_taken() -> None:
    state = from_deal(make_rules("classic"), [[8, 60], [61, 9]], set_aside=[10])
    assert state.piles == [[8, 60], [61, 9]] and state.set_aside == [10]
