"""A fast path for the simulator: a whole two-player flip game without events.

The full engine (:mod:`server.engine.game`) works one input at a time and
reports every step as events, which a server needs and a statistics run does
not.  :func:`play` plays a freshly dealt game to its end in one loop instead,
with every seat flipping, and leaves the same final state the full engine
leaves: winner, reason, tricks, wars, steps, longest war, wars won, piles,
table, who is out and why, the generator and the cycle detector's state.
``tests/engine/test_fast_path.py`` compares the two game by game.

It covers what :func:`covers` says: two players, no hand, won cards under the
pile; every other option (war_down, war_repeat, short_war, war_players,
war_winner, gather_order including ``shuffled``, steal, loser_takes_tied,
wars_to_win, max_tricks, detect_cycles, a time limit on the simulated clock,
jokers, min_rank).  Anything else is for the full engine.

Pure, like the rest of the engine: no I/O, no clock.
"""

from __future__ import annotations

from collections import deque

from server.engine import rng as _rng
from server.engine.kinds import EndReason, Result
from server.engine.rules import Rules
from server.engine.state import NO_CARD, GameState

CONSIDERED: dict[str, str] = {
    "players": "two only (covers)",
    "hand_size": "0 only: every seat flips (covers)",
    "winnings": "under_pile only (covers)",
    "jokers": "in the deal it is given",
    "min_rank": "in the deal it is given",
    "war_down": "played",
    "war_repeat": "played",
    "short_war": "played",
    "war_players": "two seats: every tie is both seats, as in any_tied and tied_highest",
    "war_winner": "two seats: the war's seats are the only ones left to win it",
    "gather_order": "played",
    "steal": "played",
    "loser_takes_tied": "played",
    "time_limit_s": "played, on the simulator's clock",
    "wars_to_win": "played",
    "max_tricks": "played (trick_cap)",
    "detect_cycles": "played",
}
"""Every ``Rules`` field and how this path treats it. A field added to ``Rules`` and not
here fails tests/engine/test_fast_path.py: the path would silently play it wrong."""


def covers(rules: Rules) -> bool:
    """Whether :func:`play` can play a game under these rules."""
    return rules.players == 2 and rules.hand_size == 0 and rules.winnings == "under_pile"


_RAN, _TIE, _EMPTY, _CYCLE, _SHORT = range(5)
"""How a run of tricks stopped: it played them all; at a tie (for the general way), an
empty pile, a cycle, or a war seat short of cards."""


def play(state: GameState, step_s: float = 1.0) -> GameState:
    """Play a fresh game (``covers`` its rules, no step taken yet) to its end.

    Every seat flips, as :func:`server.engine.auto_action` would have it.  A
    timed game runs on the simulator's clock: ``step_s`` seconds per step, and
    "time is up" before the first step at or past the limit (as
    :func:`server.simulate.play` sends it to the full engine).
    """
    rules = state.rules
    if not covers(rules) or state.steps or state.phase != "battle":
        raise ValueError("the fast path plays fresh two-player flip games only")
    a: deque[int] = deque(state.piles[0])
    b: deque[int] = deque(state.piles[1])
    pop_a, pop_b, put_a, put_b = a.popleft, b.popleft, a.append, b.append
    winner_first = rules.gather_order == "winner_first"
    shuffled = rules.gather_order == "shuffled"
    lose = rules.short_war == "lose"
    repeat_same = rules.war_repeat == "same"
    war_down = rules.war_down
    steal = rules.steal
    give_back = rules.loser_takes_tied
    to_win = rules.wars_to_win
    cap = rules.trick_cap or 1 << 62
    limit = rules.time_limit_s
    check = state.cycle_power != 0
    power, lam = state.cycle_power, state.cycle_lam
    # Brent's saved position (server.engine.game._cycled): copies of both piles and the
    # wars won, with pile 0's length, first and last card for a cheap first test.
    mark_a: deque[int] = deque()
    mark_b: deque[int] = deque()
    mark_w: list[int] = []
    mark_len = mark_first = mark_last = -1
    rng = state.rng
    active = state.active
    out_reason = state.out_reason
    wars_won = state.wars_won
    last_out = -1
    tricks = wars = steps = longest = trick_wars = 0
    time_flag = False
    table: list[list[int]] = [[], []]
    face_up: list[list[bool]] = [[], []]
    result: Result = "draw"
    winners: list[int] = []
    reason: EndReason = "all_cards"
    runs = not shuffled and not limit
    # Between tricks the two piles hold every card in play: pile 0's length alone says
    # when a battle may have emptied a pile or brought the saved position back.
    total = len(a) + len(b)
    hot = [False] * (total + 1)  # hot[len(a)]: something to check at that length
    hot[0] = hot[total] = True
    inline = runs and lose and not steal and not give_back and not to_win
    x = y = down_n = tw = 0
    ta: list[int] = []
    tb: list[int] = []
    while True:
        if runs:
            # Tricks in a tight loop, up to the cap or the next saved position, each
            # checked only for what it can bring: an empty pile, or the saved position
            # back (possible only when pile 0 has its length again).  Wars are played
            # here too under the plain rules (``inline``); otherwise a tie stops the
            # run and its trick goes the general way below.
            n = cap - tricks
            if check and power - lam < n:
                n = power - lam
            done = n
            stop = _RAN
            na = len(a)
            for i in range(n):
                x = pop_a()
                y = pop_b()
                if x ^ y < 4:  # equal ranks
                    if not inline:
                        done, stop = i, _TIE
                        break
                    ta = [x]
                    tb = [y]
                    tw = 0
                    while x ^ y < 4:
                        tw += 1
                        down_n = war_down if tw == 1 or repeat_same else 0
                        if len(a) <= down_n or len(b) <= down_n:
                            break  # a seat is short: it loses (below)
                        for _ in range(down_n):
                            ta.append(pop_a())
                            tb.append(pop_b())
                        x = pop_a()
                        y = pop_b()
                        ta.append(x)
                        tb.append(y)
                        steps += 1
                    wars += tw
                    longest = max(longest, tw)
                    if x ^ y < 4:
                        done, stop = i, _SHORT
                        break
                    if x > y:
                        a.extend(ta)
                        a.extend(tb)
                        wars_won[0] += 1
                        if not b:
                            done, stop = i + 1, _EMPTY
                            break
                    else:
                        if winner_first:
                            b.extend(tb)
                            b.extend(ta)
                        else:
                            b.extend(ta)
                            b.extend(tb)
                        wars_won[1] += 1
                        if not a:
                            done, stop = i + 1, _EMPTY
                            break
                    na = len(a)
                elif x > y:
                    put_a(x)
                    put_a(y)
                    na += 1
                    if not hot[na]:
                        continue
                    if na == total:  # pile 1 is empty
                        done, stop = i + 1, _EMPTY
                        break
                else:
                    if winner_first:
                        put_b(y)
                        put_b(x)
                    else:
                        put_b(x)
                        put_b(y)
                    na -= 1
                    if not hot[na]:
                        continue
                    if not na:
                        done, stop = i + 1, _EMPTY
                        break
                if (
                    na == mark_len
                    and a[0] == mark_first
                    and a[-1] == mark_last
                    and a == mark_a
                    and b == mark_b
                    and (not to_win or wars_won == mark_w)
                ):
                    done, stop = i + 1, _CYCLE
                    break
            tricks += done
            steps += done
            if check:
                lam += done
            if stop == _SHORT:
                # A war seat cannot lay down_n + 1: out, its cards join the pot; the
                # other takes the trick, or nobody is left (a draw).  The battle of
                # this trick is not in ``done`` yet.
                steps += 1
                short_a, short_b = len(a) <= down_n, len(b) <= down_n
                if short_a:
                    ta.extend(a)
                    a.clear()
                    active[0] = False
                    out_reason[0] = "short_war"
                    last_out = 0
                if short_b:
                    tb.extend(b)
                    b.clear()
                    active[1] = False
                    out_reason[1] = "short_war"
                    last_out = 1
                reason = "short_war"
                if short_a and short_b:
                    result, winners = "draw", [0, 1]
                    table = [ta, tb]
                    downs = _full(tw, war_down, repeat_same)
                    face_up = [_faces(len(ta), downs), _faces(len(tb), downs)]
                    break
                winner = 1 if short_a else 0
                dest = b if short_a else a
                if winner_first and winner:
                    dest.extend(tb)
                    dest.extend(ta)
                else:
                    dest.extend(ta)
                    dest.extend(tb)
                wars_won[winner] += 1
                tricks += 1
                result, winners = "win", [winner]
                break
            if stop != _TIE:
                # The last trick of the run ended the game or reached a check point;
                # the engine counts it towards the next save only if the game goes on.
                if stop == _EMPTY or tricks >= cap:
                    if check:
                        lam -= 1
                    if stop == _EMPTY:
                        loser = 0 if not a else 1
                        active[loser] = False
                        out_reason[loser] = "no_cards"
                        last_out = loser
                        result, winners = "win", [1 - loser]
                    else:
                        result, winners = _by_count(len(a), len(b))
                        reason = "round_cap"
                    break
                if stop == _CYCLE:
                    lam -= 1
                    result, winners, reason = "draw", [0, 1], "cycle"
                    break
                # lam == power: save the position.
                if 0 < mark_len < total:
                    hot[mark_len] = False
                mark_a, mark_b, mark_w = a.copy(), b.copy(), wars_won[:]
                mark_len, mark_first, mark_last = len(a), a[0], a[-1]
                hot[mark_len] = True
                power *= 2
                lam = 0
                continue
        else:
            if limit and steps * step_s >= limit:
                # "Time is up" between tricks: the game ends at once.
                result, winners = _by_count(len(a), len(b))
                reason = "time_limit"
                break
            x = pop_a()
            y = pop_b()
        steps += 1
        rx = x >> 2
        ry = y >> 2
        # A trick the general way (server.engine.game._compare and what follows).
        ta = [x]
        tb = [y]
        winner = 0 if rx > ry else 1 if ry > rx else -1
        ended = False
        if winner < 0:
            # A war (server.engine.game._start_war and _resolve_step per step).
            la, lb = x, y
            laid: list[tuple[int, int]] = []  # per step, cards face down (-1: none laid)
            while True:
                trick_wars += 1
                down_n = war_down if trick_wars == 1 or repeat_same else 0
                need = down_n + 1
                ha, hb = len(a), len(b)
                if ha >= need and hb >= need:
                    ka = kb = down_n  # the common case: both lay in full
                elif lose:
                    # Too few cards: out at once, the cards join the pot.
                    if ha < need:
                        ta.extend(a)
                        a.clear()
                        active[0] = False
                        out_reason[0] = "short_war"
                        last_out = 0
                    if hb < need:
                        tb.extend(b)
                        b.clear()
                        active[1] = False
                        out_reason[1] = "short_war"
                        last_out = 1
                    if ha < need and hb < need:
                        result, winners, reason = "draw", [0, 1], "short_war"
                        ended = True
                    else:
                        winner = 1 if ha < need else 0
                    break
                else:
                    # The last card decides; a seat with none keeps its deciding card.
                    if not ha and not hb:
                        active[0] = active[1] = False
                        out_reason[0] = out_reason[1] = "no_cards"
                        result, winners, reason = "draw", [0, 1], "exhausted_tie"
                        ended = True
                        break
                    ka = min(down_n, ha - 1)
                    kb = min(down_n, hb - 1)
                if limit and not time_flag and steps * step_s >= limit:
                    time_flag = True  # the clock ran out in a war: the trick finishes
                if ka >= 0:
                    for _ in range(ka):
                        ta.append(pop_a())
                    la = pop_a()
                    ta.append(la)
                if kb >= 0:
                    for _ in range(kb):
                        tb.append(pop_b())
                    lb = pop_b()
                    tb.append(lb)
                laid.append((ka, kb))
                steps += 1
                if la >> 2 != lb >> 2:
                    winner = 0 if la >> 2 > lb >> 2 else 1
                    break
            wars += trick_wars
            longest = max(longest, trick_wars)
        if ended:
            table = [ta, tb]
            face_up = [
                _faces(len(ta), [k for k, _ in laid]),
                _faces(len(tb), [k for _, k in laid]),
            ]
            break
        # The trick is won (server.engine.game._win_trick).
        loser = 1 - winner
        returned: list[int] = []
        if trick_wars and give_back and active[loser]:
            returned = [ta.pop(0), tb.pop(0)]
        dest, other = (a, b) if winner == 0 else (b, a)
        if shuffled:
            cards = ta + tb
            rng = _rng.shuffle(rng, cards)
            dest.extend(cards)
        elif winner_first and winner:
            dest.extend(tb)
            dest.extend(ta)
        else:
            dest.extend(ta)
            dest.extend(tb)
        if trick_wars:
            if returned:
                other.extend(returned)
            if steal and active[loser] and other:
                dest.append(other.popleft())
            wars_won[winner] += 1
            trick_wars = 0
        tricks += 1
        for s, pile in ((0, a), (1, b)):
            if active[s] and not pile:
                active[s] = False
                out_reason[s] = "no_cards"
                last_out = s
        if not (active[0] and active[1]):
            result = "win"
            winners = [winner]
            if last_out >= 0 and out_reason[last_out] == "short_war":
                reason = "short_war"
            break
        if to_win and wars_won[winner] >= to_win:
            result, winners, reason = "win", [winner], "wars_won"
            break
        if time_flag:
            result, winners = _by_count(len(a), len(b))
            reason = "time_limit"
            break
        if tricks >= cap:
            result, winners = _by_count(len(a), len(b))
            reason = "round_cap"
            break
        if check:
            if (
                len(a) == mark_len
                and a == mark_a
                and b == mark_b
                and (not to_win or wars_won == mark_w)
            ):
                result, winners, reason = "draw", [0, 1], "cycle"
                break
            lam += 1
            if lam == power:
                if 0 < mark_len < total:
                    hot[mark_len] = False
                mark_a, mark_b, mark_w = a.copy(), b.copy(), wars_won[:]
                mark_len, mark_first, mark_last = len(a), a[0], a[-1]
                hot[mark_len] = True
                power *= 2
                lam = 0
    state.piles = [list(a), list(b)]
    state.table = table
    state.face_up = face_up
    state.rng = rng
    state.tricks, state.wars, state.steps = tricks, wars, steps
    state.longest_war = longest
    state.trick_wars = trick_wars
    state.last_out = last_out
    state.time_up = time_flag
    state.time_up_reason = "time_limit" if time_flag else ""
    state.cycle_power, state.cycle_lam = power, lam
    if mark_len >= 0:
        state.cycle_mark = _key(mark_a, mark_b, mark_w, to_win)
    state.phase = "over"
    state.awaiting = []
    state.pending = [NO_CARD, NO_CARD]
    state.result, state.winners, state.reason = result, winners, reason
    return state


def _faces(count: int, laid: list[int]) -> list[bool]:
    """The face-up flags of a seat's cards on the table: its battle card, then per war step
    ``k`` face down and one face up (``k`` -1: it laid nothing), then any face down (its
    cards joining the pot)."""
    faces = [True]
    for k in laid:
        if k >= 0:
            faces += [False] * k
            faces.append(True)
    faces += [False] * (count - len(faces))
    return faces


def _full(war_steps: int, war_down: int, repeat_same: bool) -> list[int]:
    """Cards laid face down in each finished step of a war whose seats all laid in full."""
    return [war_down if j == 1 or repeat_same else 0 for j in range(1, war_steps)]


def _by_count(held_a: int, held_b: int) -> tuple[Result, list[int]]:
    if held_a == held_b:
        return "draw", [0, 1]
    return "win", [0 if held_a > held_b else 1]


def _key(a: deque[int], b: deque[int], wars_won: list[int], to_win: int) -> bytes:
    """A position as ``server.engine.game._cycled`` keys it."""
    key = bytes(a) + b"\xff" + bytes(b)
    if to_win:
        key += b"\xfe" + b"".join(w.to_bytes(2, "big") for w in wars_won)
    return key
