"""Check a game record on the client, with the protocol alone (never the rules engine).

What is checked, each against what the server committed to during the game:

1. the revealed deal hashes to the commitment announced at the start
   (``game_started``), and ``deal_revealed`` is that deal;
2. the deal is exactly the rules' deck;
3. the first reveal shows the tops of the committed piles (flip games);
4. the record's play events hash to the digest of the events the server
   sent (PROTOCOL.md section 5b), so they are the events the players saw;
5. the recorded result, winners and reason are those of the ``game_over``
   among those events;
6. the recorded inputs are the actions those events announce: one input per
   ``acted``, of the same seat, in the same order, and in a hand game the
   card chosen is the card that seat showed in that step's reveal.

What is not checked: that each trick followed the rules from this deal (who
won it, the wars, the cards gathered), and where the server's clock or the
players' leaving ended the game (the inputs of seat 255 and 254). That needs
the rules engine: ``krig-server verify`` replays the whole game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from protocol import messages as m
from protocol.cards import build_deck
from protocol.codec import decode_server
from protocol.records import PLAY_EVENT_TAGS, DealProof, GameRecord, commitment, events_digest

SERVER_INPUTS = (254, 255)
"""Input seats that are the server's own: every player left (254), time is up (255)."""

NOT_CHECKED = (
    "that each trick followed the rules from this deal (who won it, the wars, the "
    "cards gathered) and where the server's clock or the players' leaving ended the "
    "game: that needs the rules engine; `krig-server verify FILE` replays the whole game"
)


@dataclass(slots=True)
class ProofCheck:
    """What :func:`check_proof` found: problems (empty: every check passed) and what it
    checked, in words."""

    problems: list[str] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)
    not_checked: str = NOT_CHECKED


def check_record(record: GameRecord) -> ProofCheck:
    out = ProofCheck()
    problems = out.problems
    proof = record.proof
    if commitment(proof) != record.commitment:
        problems.append("the revealed deal does not match the commitment")
    events = [decode_server(f) for f in record.events]
    started = next((e for e in events if isinstance(e, m.GameStarted)), None)
    if started is None or started.commitment != record.commitment:
        problems.append("the game did not start with this commitment")
    revealed_deal = next((e for e in events if isinstance(e, m.DealRevealed)), None)
    if revealed_deal is not None and (
        revealed_deal.commitment != record.commitment
        or DealProof(
            revealed_deal.piles, revealed_deal.set_aside, revealed_deal.seed, revealed_deal.nonce
        )
        != proof
    ):
        problems.append("the deal_revealed event is not the record's deal")
    out.checked.append(
        f"the deal hashes to the commitment announced at the start ({record.commitment[:23]}…)"
    )
    rules = record.rules
    deck = build_deck(int(rules.get("min_rank", 2)), int(rules.get("jokers", 0)))
    dealt = [c for pile in proof.piles for c in pile] + proof.set_aside
    if sorted(dealt) != sorted(deck):
        problems.append("the revealed deal is not exactly the rules' deck")
    out.checked.append("the deal is exactly the rules' deck")
    hand_game = bool(rules.get("hand_size"))
    first = next((e for e in events if isinstance(e, m.Revealed)), None)
    if first is not None and not hand_game:
        tops = [pile[0] if pile else None for pile in proof.piles]
        if first.up != tops:
            problems.append("the first cards shown are not the tops of the committed piles")
        out.checked.append("the first cards shown are the tops of the committed piles")
    if not record.events_digest:
        problems.append(
            "the record has no digest of the events sent, so its events, result and "
            "inputs cannot be checked"
        )
        return out
    play = [(f, e) for f, e in zip(record.events, events, strict=True) if _is_play(e)]
    if events_digest(record.commitment, [f for f, _ in play]) != record.events_digest:
        problems.append("the record's events are not the events sent during the game")
    out.checked.append("the record's events hash to the digest of the events sent")
    _check_result(record, [e for _, e in play], out)
    _check_inputs(record, [e for _, e in play], hand_game, out)
    return out


def _check_result(record: GameRecord, play: list[object], out: ProofCheck) -> None:
    overs = [e for e in play if isinstance(e, m.GameOver)]
    if len(overs) != 1 or play[-1] is not overs[0]:
        out.problems.append("the events sent do not end with one game_over")
    else:
        over = overs[0]
        if (over.result, over.winners, over.reason) != (
            record.result,
            record.winners,
            record.reason,
        ):
            out.problems.append(
                f"the recorded result ({record.result}, winners {record.winners}, "
                f"{record.reason}) is not the game_over sent ({over.result}, winners "
                f"{over.winners}, {over.reason})"
            )
    out.checked.append(
        f"the recorded result ({record.result}, winners {record.winners}, {record.reason}) "
        "is the game_over sent"
    )


def _check_inputs(record: GameRecord, play: list[object], hand_game: bool, out: ProofCheck) -> None:
    raw = record.inputs
    out.checked.append(
        "the inputs are the actions the events announce (one per acted, same seat, same "
        "order" + (", each card the one that seat showed)" if hand_game else ")")
    )
    if len(raw) % 2:
        out.problems.append("the inputs are cut short (an odd number of bytes)")
        return
    pairs = [(raw[i], raw[i + 1]) for i in range(0, len(raw), 2)]
    players = [(seat, card) for seat, card in pairs if seat not in SERVER_INPUTS]
    acted = [e for e in play if isinstance(e, m.Acted)]
    if [seat for seat, _ in players] != [a.seat for a in acted]:
        out.problems.append(
            f"the inputs are not the actions the events announce: {len(players)} inputs "
            f"of players, {len(acted)} acted events"
            + ("" if len(players) != len(acted) else ", the seats differ")
        )
        return
    shown = {e.step: e.up for e in play if isinstance(e, m.Revealed)}
    for k, ((seat, card), a) in enumerate(zip(players, acted, strict=True)):
        if not hand_game:
            if card:
                out.problems.append(f"input {k} chooses a card in a game without hands")
                return
            continue
        up = shown.get(a.step)
        if up is None or seat >= len(up) or up[seat] != card:
            out.problems.append(
                f"input {k} (seat {seat}) is not the card that seat showed in step {a.step}"
            )
            return


def check_proof(record: GameRecord) -> list[str]:
    """The problems :func:`check_record` found (empty: every check it makes passed)."""
    return check_record(record).problems


def _is_play(event: object) -> bool:
    config = getattr(type(event), "__struct_config__", None)
    return config is not None and config.tag in PLAY_EVENT_TAGS
