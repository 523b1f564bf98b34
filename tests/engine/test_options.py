"""Every rule option changes the game: each test fails if its option is ignored."""

from __future__ import annotations

from typing import Any

import pytest
from engine_support import cards, deal, last_trick, of_type, play_out, reveals, step, texts

from protocol.cards import BLACK_JOKER, RED_JOKER, build_deck, rank
from server.engine import (
    Choose,
    GameOver,
    PlayerOut,
    Rules,
    RulesError,
    Shuffled,
    War,
    census,
    from_deal,
    from_plain,
    make_rules,
    new_game,
    time_up,
    to_plain,
    view,
)

CLASSIC = make_rules("classic")


def test_players_two_get_half_the_deck_each() -> None:
    state = new_game(CLASSIC, seed=3)
    assert [len(p) for p in state.piles] == [26, 26]


def test_jokers_join_the_deck_and_beat_the_ace() -> None:
    rules = Rules(jokers=2)
    assert rules.deck_size == 54
    state = new_game(rules, seed=5)
    assert RED_JOKER in census(state) and BLACK_JOKER in census(state)
    duel = from_deal(rules, [[RED_JOKER], cards("AS")])
    events = step(duel)
    assert last_trick(events).winner == 0


def test_min_rank_strips_low_ranks_and_a_deck_is_stripped_to_divide_evenly() -> None:
    state = new_game(Rules(players=3, min_rank=6), seed=9)
    assert [len(p) for p in state.piles] == [12, 12, 12]
    assert state.set_aside == []
    assert min(rank(c) for c in census(state)) == 6
    # 32 cards (7 to ace) do not split three ways: the lowest two leave the deck (LV).
    odd = new_game(Rules(players=3, min_rank=7), seed=9)
    assert [len(p) for p in odd.piles] == [10, 10, 10] and odd.set_aside == []
    assert sorted(set(Rules(min_rank=7).deck()) - set(census(odd))) == cards("7C 7D")


@pytest.mark.parametrize(("players", "gone"), [(2, ""), (3, ""), (4, "2C 2D")])
def test_latvian_deck_divides_evenly_by_the_players(players: int, gone: str) -> None:
    """LV: "choose a number of cards that divides by the number of players"."""
    rules = make_rules("latvian", {"players": players})
    for seed in range(20):
        state = new_game(rules, seed)
        assert state.set_aside == []
        assert len({len(p) for p in state.piles}) == 1
        assert sum(len(p) for p in state.piles) == rules.deck_size == 54 - len(gone.split())
        assert RED_JOKER in census(state) and BLACK_JOKER in census(state)
        missing = sorted(set(build_deck(2, 2)) - set(census(state)))
        assert missing == cards(gone)


def test_the_full_deck_keeps_the_set_aside_card_with_three_players() -> None:
    """PL and SE: with three players one card is set aside unseen (not stripped)."""
    aside = {new_game(Rules(players=3), seed).set_aside[0] for seed in range(30)}
    assert len(aside) > 5  # a random card, not always the lowest


@pytest.mark.parametrize("down", [0, 1, 2, 3, 5])
def test_war_down_sets_the_face_down_count(down: int) -> None:
    filler = " ".join(f"{r}C" for r in range(2, 2 + down))
    filler1 = " ".join(f"{r}D" for r in range(2, 2 + down))
    state = deal(Rules(war_down=down), f"KC {filler} JH 8S", f"KD {filler1} 9S 8H")
    step(state)
    events = step(state)
    assert reveals(events)[0].down == [down, down]
    assert last_trick(events).total == 4 + 2 * down


def test_war_repeat_face_up_only_breaks_later_ties_with_single_cards() -> None:
    piles = ("5C 2C 3C 4C 9H 2H JS", "5D 2D 3D 4D 9S 3H 8S")
    # (the reference check names its gathering order: the winner is the deal's own)
    hr = deal(make_rules("croatian", {"gather_order": "winner_first"}), *piles)
    events = play_out(hr)
    downs = [r.down for r in reveals(events)[:3]]
    assert downs == [[0, 0], [3, 3], [0, 0]]
    assert of_type(events, War)[1].down == 0
    assert of_type(events, GameOver)[0].winners == [1]
    same = deal(Rules(), *piles)
    events = play_out(same)
    assert of_type(events, War)[1].down == 3
    # Under "same" seat 0 cannot lay 3 + 1 for the second war and loses at once.
    assert of_type(events, PlayerOut)[0].reason == "short_war"


def test_short_war_lose_puts_the_rest_in_the_pot() -> None:
    state = deal(Rules(short_war="lose"), "5C 2C", "5D 2D 3D 4D 9S")
    events = step(state)
    out = of_type(events, PlayerOut)
    assert [(o.seat, o.reason, o.to_pot) for o in out] == [(0, "short_war", 1)]
    over = of_type(events, GameOver)[0]
    assert (over.result, over.winners, over.reason) == ("win", [1], "short_war")
    assert state.held(1) == 7


def test_short_war_last_card_decides() -> None:
    state = deal(Rules(short_war="last_card"), "5C AC", "5D 2D 3D 4D 9S")
    step(state)
    events = step(state)
    assert reveals(events)[0].down == [0, 3]
    assert reveals(events)[0].up[0] == cards("AC")[0]
    over = of_type(events, GameOver)[0]
    assert over.winners == [0] and state.held(0) == 7


def test_last_card_stays_as_the_deciding_card_while_the_other_continues() -> None:
    state = deal(Rules(short_war="last_card"), "5C 9C", "5D 2D 3D 4D 9S 2H 3H 4H KS")
    step(state)
    events = step(state)  # 9C against 9S: tie again, seat 0 has nothing left
    second = of_type(events, War)[-1]
    assert second.stuck == [0]
    assert state.awaiting == [1]
    events = step(state)
    assert last_trick(events).winner == 1
    assert of_type(events, GameOver)[0].winners == [1]


def test_both_run_out_on_a_tie_is_a_draw() -> None:
    state = deal(make_rules("swedish"), "5C 9C", "5D 9D")
    events = play_out(state)
    over = of_type(events, GameOver)[0]
    assert (over.result, over.winners, over.reason) == ("draw", [0, 1], "exhausted_tie")


def _three(rules: Rules, a: str, b: str, c: str) -> list[int]:
    state = deal(rules.replace(players=3), a, b, c)
    events = step(state)
    wars = of_type(events, War)
    return wars[0].seats if wars else []


def test_war_players_tied_highest_all_in_battle_any_tied() -> None:
    piles = ("KC 2C 3C 4C 5C", "KD 2D 3D 4D 6D", "QC 2H 3H 4H 7H")
    assert _three(Rules(), *piles) == [0, 1]
    assert _three(Rules(war_players="all_in_battle"), *piles) == [0, 1, 2]
    low_tie = ("AC 2C 3C 4C 5C", "5D 2D 3D 4D 6D", "5H 2H 3H 4H 7H")
    assert _three(Rules(), *low_tie) == []
    assert _three(Rules(war_players="any_tied"), *low_tie) == [1, 2]


def test_war_winner_highest_card_can_be_a_waiting_player() -> None:
    piles = ("KC 3C", "KD 2D", "QC 4C")
    base = Rules(players=3, war_down=0)
    state = deal(base, *piles)
    step(state)
    assert last_trick(step(state)).winner == 0
    lv = deal(base.replace(war_winner="highest_card"), *piles)
    step(lv)
    assert last_trick(step(lv)).winner == 2


def test_winnings_separate_pile_is_shuffled_in_when_the_pile_runs_out() -> None:
    state = deal(Rules(winnings="separate"), "AC 2C", "KD 3D")
    step(state)
    assert len(state.winnings[0]) == 2 and state.piles[0] == cards("2C")
    step(state)
    events = step(state)
    assert of_type(events, Shuffled)[0].seat == 0
    under = deal(Rules(), "AC 2C", "KD 3D")
    step(under)
    assert under.winnings[0] == [] and len(under.piles[0]) == 3


def test_gather_order_seat_order_winner_first_and_shuffled() -> None:
    piles = ("2C 3C 4C", "AD 5D 6D")
    seat_order = deal(Rules(gather_order="seat_order"), *piles)
    step(seat_order)
    assert texts(seat_order.piles[1][-2:]) == ["2C", "AD"]
    winner_first = deal(Rules(gather_order="winner_first"), *piles)
    step(winner_first)
    assert texts(winner_first.piles[1][-2:]) == ["AD", "2C"]
    orders = set()
    for seed in range(40):
        shuffled = deal(
            Rules(gather_order="shuffled"), "2C 3C 4C 7C 8C", "AD 5D 6D 9D 10D", seed=seed
        )
        step(shuffled)
        step(shuffled)
        orders.add(tuple(shuffled.piles[1][-4:]))
    assert len(orders) > 1


def test_war_cards_gather_in_laying_order() -> None:
    state = deal(Rules(war_down=1, gather_order="seat_order"), "5C 2C 3C", "5D 4D AD")
    step(state)
    step(state)
    assert texts(state.piles[1]) == ["5C", "2C", "3C", "5D", "4D", "AD"]


def test_steal_takes_the_top_card_of_the_loser() -> None:
    piles = ("5C 2C 3C 4C JH 8D", "5D 2D 3D 4D 9S 8H 7H")
    plain = deal(Rules(), *piles)
    step(plain)
    assert last_trick(step(plain)).total == 10
    state = deal(make_rules("steal"), *piles)
    step(state)
    trick = last_trick(step(state))
    assert trick.stolen_from == [1] and trick.total == 11
    assert texts(state.piles[1]) == ["7H"]


def test_loser_takes_tied_off_gives_everything_to_the_winner() -> None:
    rules = make_rules("arneson").replace(loser_takes_tied=False)
    state = deal(rules, "7C 2C 3C 4C 5C 6C AH", "7D 2D 3D 4D 5D 6D 8H")
    step(state, {0: Choose(cards("7C")[0]), 1: Choose(cards("7D")[0])})
    high = max(state.hands[0], key=lambda c: c >> 2)
    low = min(state.hands[1], key=lambda c: c >> 2)
    trick = last_trick(step(state, {0: Choose(high), 1: Choose(low)}))
    assert trick.total == 10 and trick.returned == [] and trick.returned_to is None


def test_time_up_between_tricks_ends_now_by_most_cards() -> None:
    state = deal(make_rules("timed"), "AC 2C 3C", "KD 5D")
    assert state.rules.time_limit_s == 900
    step(state)
    events = time_up(state)
    over = of_type(events, GameOver)[0]
    assert (over.result, over.winners, over.reason) == ("win", [0], "time_limit")


def test_time_up_during_a_war_finishes_the_trick_first() -> None:
    state = deal(make_rules("timed"), "5C 2C 3C 4C JH 8D 2S", "5D 2D 3D 4D 9S 8H 3S")
    step(state)
    assert state.phase == "war"
    assert time_up(state) == []
    events = step(state)
    assert last_trick(events).winner == 0
    over = of_type(events, GameOver)[0]
    assert (over.winners, over.reason) == ([0], "time_limit")


def test_time_up_equal_counts_is_a_draw() -> None:
    state = deal(make_rules("timed"), "AC 2C", "KD 3D")
    step(state)  # 3 against 1
    step(state)  # 2 against 2
    over = of_type(time_up(state), GameOver)[0]
    assert (over.result, over.winners) == ("draw", [0, 1])


def test_wars_to_win_ends_the_game() -> None:
    piles = ("5C 2C 3C 4C JH 8D 9D", "5D 2D 3D 4D 9S 8H 10H")
    state = deal(Rules(wars_to_win=1), *piles)
    events = play_out(state)
    over = of_type(events, GameOver)[0]
    assert (over.winners, over.reason) == ([0], "wars_won")
    assert state.tricks == 1
    longer = deal(Rules(), *piles)
    play_out(longer)
    assert longer.tricks > 1


def test_max_tricks_caps_the_game() -> None:
    state = new_game(Rules(max_tricks=3), seed=4)
    events = play_out(state)
    assert state.tricks == 3
    assert of_type(events, GameOver)[0].reason == "round_cap"


CYCLING = ("2C KH 5D", "8H 6D 4S")


def test_detect_cycles_ends_a_repeating_game_as_a_draw() -> None:
    rules = Rules(war_down=1, gather_order="seat_order")
    state = deal(rules, *CYCLING)
    seen: set[tuple[tuple[int, ...], ...]] = set()
    repeated = False
    events = []
    while state.phase != "over":
        events += step(state)
        if state.phase == "battle":
            key = tuple(tuple(p) for p in state.piles)
            repeated |= key in seen
            seen.add(key)
    over = of_type(events, GameOver)[0]
    assert (over.result, over.reason) == ("draw", "cycle")
    assert repeated  # the position really did repeat before the engine stopped it
    off = deal(rules.replace(detect_cycles=False, max_tricks=500), *CYCLING)
    play_out(off)
    assert off.reason == "round_cap" and off.tricks == 500


def test_rules_validation_names_the_field() -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"players": 5}, "players"),
        ({"war_down": -1}, "war_down"),
        ({"war_repeat": "sometimes"}, "war_repeat"),
        ({"steal": 1}, "steal"),
        ({"hand_size": 4, "min_rank": 14}, "hand_size"),
        ({"loser_takes_tied": True, "war_players": "all_in_battle"}, "loser_takes_tied"),
    ]
    for values, field in cases:
        with pytest.raises(RulesError) as err:
            Rules(**values)
        assert err.value.field == field, values
    with pytest.raises(RulesError) as err:
        make_rules("classic", {"wardown": 1})
    assert err.value.field == "wardown"
    with pytest.raises(RulesError) as err:
        make_rules("nope")
    assert err.value.field == "preset"


def test_longest_war_counts_the_most_war_steps_of_any_one_trick() -> None:
    # 5 = 5: a war; 9 = 9 again: its second step; K beats 2.  Then 3 < 4, no war.
    state = deal(Rules(war_down=0), "5C 9C KC 3S", "5D 9D 2H 4S")
    step(state)
    assert (state.trick_wars, state.longest_war) == (1, 1)
    step(state)
    step(state)
    assert state.tricks == 1 and state.longest_war == 2
    assert view(state, 0).longest_war == view(state, None).longest_war == 2
    step(state)
    assert state.tricks == 2 and state.longest_war == 2  # a trick without a war keeps it
    assert from_plain(to_plain(state)).longest_war == 2


def test_a_stored_state_from_before_longest_war_reads_as_zero() -> None:
    plain = to_plain(new_game(CLASSIC, seed=1))
    del plain["longest_war"]
    assert from_plain(plain).longest_war == 0
