"""The worked examples of ../shared/RULES.md, played by the engine."""

from __future__ import annotations

from engine_support import deal, last_trick, of_type, reveals, step, texts

from server.engine import Choose, PlayerOut, TrickWon, War, make_rules, new_game


def test_no_ten_card_war_jack_beats_nine() -> None:
    # NO: both flip a 5, lay three down and one up; a jack beats a 9 and takes ten cards.
    state = deal(make_rules("norwegian"), "5C 2C 3C 4C JH 8D", "5D 2D 3D 4D 9S 8H")
    events = step(state)
    (war,) = of_type(events, War)
    assert war.seats == [0, 1] and war.down == 3
    events = step(state)
    trick = last_trick(events)
    assert trick.winner == 0
    assert trick.total == 10
    assert sorted(texts(trick.face_up)) == sorted(["5C", "5D", "JH", "9S"])
    assert state.held(0) == 11 and state.held(1) == 1


def test_no_one_down_war_puts_six_cards_on_the_table() -> None:
    state = deal(make_rules("norwegian", {"war_down": 1}), "5C 2C JH 8D", "5D 2D 9S 8H")
    step(state)
    events = step(state)
    (revealed,) = reveals(events)
    assert revealed.down == [1, 1]
    assert sum(len(t) for t in state.table) == 0  # collected by the winner
    assert last_trick(events).total == 6


def test_se_three_players_seventeen_each_and_one_aside() -> None:
    state = new_game(make_rules("swedish", {"players": 3}), seed=11)
    assert [len(p) for p in state.piles] == [17, 17, 17]
    assert len(state.set_aside) == 1
    everything = sorted(state.set_aside + [c for p in state.piles for c in p])
    assert everything == sorted(make_rules("swedish").deck())


def test_se_four_players_thirteen_each() -> None:
    state = new_game(make_rules("swedish", {"players": 4}), seed=12)
    assert [len(p) for p in state.piles] == [13, 13, 13, 13]
    assert state.set_aside == []


def test_hr_arneson_winner_takes_eight_loser_takes_back_the_two_tied() -> None:
    # Hands are the first three cards; the rest is the pile.
    rules = make_rules("arneson")
    state = deal(rules, "7C 2C 3C 4C 5C 6C AH", "7D 2D 3D 4D 5D 6D 8H")
    assert state.hands[0] == [4 * 7 + 0, 4 * 2 + 0, 4 * 3 + 0]
    step(state, {0: Choose(4 * 7 + 0), 1: Choose(4 * 7 + 1)})  # both play a 7: war
    assert state.phase == "war"
    # Each lays three from the pile face down, then chooses a hand card as the fourth.
    hand0 = state.hands[0]
    high0 = max(hand0, key=lambda c: c >> 2)
    low1 = min(state.hands[1], key=lambda c: c >> 2)
    events = step(state, {0: Choose(high0), 1: Choose(low1)})
    trick = of_type(events, TrickWon)[-1]
    assert trick.winner == 0
    assert trick.total == 8  # six face-down and the two fourth cards
    assert trick.returned_to == 1
    assert sorted(texts(trick.returned)) == ["7C", "7D"]
    assert not of_type(events, PlayerOut)
