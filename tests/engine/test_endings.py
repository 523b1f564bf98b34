"""Every game ends: the Polish preset, the hard cap, cycles in hand games, timed games.

The bound these tests hold the engine to is the one docs/RULES.md states
("How every game ends"): at most ``HARD_CAP_TRICKS`` tricks unless the rules
set their own ``max_tricks``; a timed game, at its time limit plus the trick
then in play.
"""

from __future__ import annotations

import functools
import random
import statistics
from pathlib import Path
from typing import get_args

import pytest
from engine_support import deal, play_out

from server.engine import (
    HARD_CAP_TRICKS,
    PRESETS,
    Choose,
    EndReason,
    Flip,
    GameState,
    OutReason,
    Rules,
    auto_action,
    census,
    make_rules,
    new_game,
    submit,
    time_up,
)
from server.simulate import STEP_S, play
from tools import golden

CYCLING = ("2C KH 5D", "8H 6D 4S")
"""A deal that repeats for ever under seat-order gathering with one card down."""


def _natural(state: GameState) -> bool:
    """The game ended by its own rules, not by a cap."""
    return state.reason != "round_cap"


@pytest.mark.parametrize("players", [2, 4])
def test_polish_games_end_by_their_own_rules(players: int) -> None:
    """Seat-order gathering without cycle detection played 161 of 200 two-player
    games to a cap of 5,000 tricks; the preset now gathers winner first."""
    rules = make_rules("polish", {"players": players, "max_tricks": 5000})
    ended = [play(new_game(rules, seed, auto=True)) for seed in range(1, 41)]
    assert all(_natural(s) for s in ended), [s.tricks for s in ended if not _natural(s)]


def test_no_option_set_runs_forever() -> None:
    """max_tricks 0 and detect_cycles false on a deal that cycles: the hard cap ends it."""
    rules = Rules(war_down=1, gather_order="seat_order", detect_cycles=False)
    assert rules.max_tricks == 0 and rules.trick_cap == HARD_CAP_TRICKS
    state = deal(rules, *CYCLING)
    play_out(state, limit=HARD_CAP_TRICKS * 3)
    assert (state.reason, state.tricks) == ("round_cap", HARD_CAP_TRICKS)
    assert state.result == "draw" or state.winners == [max((0, 1), key=state.held)]


@functools.cache
def _cycling_hand_seed(rules: Rules) -> int:
    """A seed whose game, every seat on the automatic policy, ends as a repeat."""
    for seed in range(1, 2000):
        if play(new_game(rules, seed, auto=True)).reason == "cycle":
            return seed
    raise AssertionError("no cycling game in 2,000 seeds")


def test_hand_games_on_the_automatic_policy_are_cycle_checked() -> None:
    """Arneson with three players was never cycle-checked: such games ran to any cap.
    (A repeat can only be proved where nothing is shuffled: the seat-ordered gathering.)"""
    rules = make_rules("arneson", {"players": 3, "gather_order": "winner_first"})
    seed = _cycling_hand_seed(rules)
    auto = play(new_game(rules, seed, auto=True))
    assert auto.reason == "cycle" and auto.tricks < HARD_CAP_TRICKS
    # The same choices made by people: a repeated position proves nothing (they may
    # choose differently next time), so the cap ends it, most cards winning.
    people = play(new_game(rules, seed))
    assert people.reason == "round_cap" and people.tricks == HARD_CAP_TRICKS


def test_a_choice_off_the_automatic_policy_stops_cycle_checks() -> None:
    rules = make_rules("arneson", {"players": 3, "gather_order": "winner_first"})
    seed = _cycling_hand_seed(rules)
    state = new_game(rules, seed, auto=True)
    assert state.cycle_power
    seat = 0
    hand = state.hands[seat]
    auto_card = auto_action(state, seat)
    assert isinstance(auto_card, Choose)
    other = next(c for c in hand if c != auto_card.card)
    submit(state, seat, Choose(other))
    assert not state.cycle_power
    play(state)
    assert state.reason != "cycle"


def test_a_timed_game_is_ended_by_its_clock_not_by_a_cycle() -> None:
    """NO and SE: when the time is up, most cards wins.  A repeating position does not
    end a timed game early, and the hard cap does not end it before its clock."""
    rules = make_rules("timed", {"war_down": 1, "gather_order": "seat_order"})
    assert rules.trick_cap == 0
    state = deal(rules, *CYCLING)
    untimed = deal(rules.replace(time_limit_s=0), *CYCLING)
    play_out(untimed)
    assert untimed.reason == "cycle"
    while state.tricks <= HARD_CAP_TRICKS:  # far past the cycle and past the hard cap
        for seat in state.awaiting[:]:
            submit(state, seat, Flip())
        assert not state.over
    while state.phase != "battle":
        for seat in state.awaiting[:]:
            submit(state, seat, Flip())
    time_up(state)
    assert state.reason == "time_limit"
    counts = [state.held(s) for s in range(2)]
    if counts[0] == counts[1]:
        assert (state.result, state.winners) == ("draw", [0, 1])
    else:
        assert (state.result, state.winners) == ("win", [counts.index(max(counts))])


def test_three_player_timed_games_run_to_the_clock() -> None:
    """3 of 30 three-player timed games used to end early as a cycle draw (with the
    winner's cards gathered first, where positions repeat)."""
    rules = make_rules("timed", {"players": 3, "gather_order": "winner_first"})
    ended = [play(new_game(rules, seed, auto=True)) for seed in range(1, 31)]
    reasons = {s.reason for s in ended}
    assert "cycle" not in reasons and "round_cap" not in reasons
    assert "time_limit" in reasons
    for s in ended:
        if s.reason == "time_limit":
            assert s.steps * STEP_S >= rules.time_limit_s


# ----------------------------------------------------------- the property


SEEDS = range(1, 41)
COMBOS = [(name, players) for name in PRESETS for players in (2, 3, 4)]


def _play_bounded(state: GameState, rnd: random.Random | None = None) -> GameState:
    """``simulate.play`` (the automatic policy, the simulated clock), or random hand
    choices as people might make them with ``rnd``; fails past the bound instead of
    playing on for ever."""
    limit = state.rules.time_limit_s
    while state.phase != "over":
        assert _within_bound(state), (state.tricks, state.steps)
        if limit and not state.time_up and state.steps * STEP_S >= limit:
            time_up(state)
            if state.over:
                break
        for seat in state.awaiting[:]:
            if rnd is None:
                submit(state, seat, auto_action(state, seat))
            else:
                submit(state, seat, Choose(rnd.choice(state.hands[seat])))
            if state.over:
                break
    return state


def _within_bound(state: GameState) -> bool:
    rules = state.rules
    if rules.trick_cap:
        return state.tricks <= rules.trick_cap
    # Timed: "time is up" at the limit, then at most the rest of the trick in play.
    return state.steps <= rules.time_limit_s / STEP_S + state.longest_war + 1


@pytest.mark.parametrize(("preset", "players"), COMBOS)
def test_every_game_ends_within_the_bound(preset: str, players: int) -> None:
    """Every preset, 2-4 players, 40 seeds: the game ends, within the stated bound,
    with every card accounted for; nearly always by its own rules, not a cap."""
    rules = make_rules(preset, {"players": players})
    games: list[GameState] = []
    for seed in SEEDS:
        state = new_game(rules, seed, auto=True)
        deck = census(state)
        games.append(_play_bounded(state))
        if rules.hand_size:
            games.append(_play_bounded(new_game(rules, seed), random.Random(seed)))
        for done in games[-2:]:
            assert done.over and done.result in ("win", "draw") and done.reason
            assert _within_bound(done), (seed, done.tricks, done.steps)
        assert census(state) == deck
    capped = sum(1 for s in games if not _natural(s))
    assert capped <= len(games) // 10, f"{capped} of {len(games)} games reached the cap"


def test_the_quick_preset_is_quicker_than_classic() -> None:
    """It used to be longer (1 down alone: median 220 tricks against 140)."""
    for players in (2, 3, 4):
        medians = {}
        for preset in ("quick", "classic"):
            rules = make_rules(preset, {"players": players})
            tricks = [play(new_game(rules, seed, auto=True)).tricks for seed in range(1, 101)]
            medians[preset] = statistics.median(tricks)
        assert medians["quick"] <= medians["classic"] / 2, (players, medians)


def test_every_end_and_out_reason_is_documented() -> None:
    spec = golden.SPEC.read_text()
    rules_doc = (Path(__file__).resolve().parents[2] / "docs" / "RULES.md").read_text()
    game_over = next(line for line in spec.splitlines() if line.startswith("| `game_over` |"))
    player_out = next(line for line in spec.splitlines() if line.startswith("| `player_out` |"))
    for reason in get_args(EndReason):
        assert f"`{reason}`" in game_over and f"`{reason}`" in rules_doc, reason
    for out in get_args(OutReason):
        assert f"`{out}`" in player_out, out
