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

from client_cli.i18n import t
from protocol import messages as m
from protocol.cards import build_deck
from protocol.codec import decode_server
from protocol.records import PLAY_EVENT_TAGS, DealProof, GameRecord, commitment, events_digest

SERVER_INPUTS = (254, 255)
"""Input seats that are the server's own: every player left (254), time is up (255)."""


def _not_checked() -> str:
    """What the protocol alone cannot check, in the player's language."""
    return t("proof-not-checked")


@dataclass(slots=True)
class ProofCheck:
    """What :func:`check_proof` found: problems (empty: every check passed) and what it
    checked, in words (the player's language: krig.ftl's proof-*)."""

    problems: list[str] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)
    not_checked: str = field(default_factory=_not_checked)


def check_record(record: GameRecord) -> ProofCheck:
    out = ProofCheck()
    problems = out.problems
    proof = record.proof
    if commitment(proof) != record.commitment:
        problems.append(t("proof-bad-hash"))
    events = [decode_server(f) for f in record.events]
    started = next((e for e in events if isinstance(e, m.GameStarted)), None)
    if started is None or started.commitment != record.commitment:
        problems.append(t("proof-bad-start"))
    revealed_deal = next((e for e in events if isinstance(e, m.DealRevealed)), None)
    if revealed_deal is not None and (
        revealed_deal.commitment != record.commitment
        or DealProof(
            revealed_deal.piles, revealed_deal.set_aside, revealed_deal.seed, revealed_deal.nonce
        )
        != proof
    ):
        problems.append(t("proof-bad-revealed"))
    out.checked.append(t("proof-checked-hash", commitment=record.commitment[:23]))
    rules = record.rules
    deck = build_deck(int(rules.get("min_rank", 2)), int(rules.get("jokers", 0)))
    dealt = [c for pile in proof.piles for c in pile] + proof.set_aside
    if sorted(dealt) != sorted(deck):
        problems.append(t("proof-bad-deck"))
    out.checked.append(t("proof-checked-deck"))
    hand_game = bool(rules.get("hand_size"))
    first = next((e for e in events if isinstance(e, m.Revealed)), None)
    if first is not None and not hand_game:
        tops = [pile[0] if pile else None for pile in proof.piles]
        if first.up != tops:
            problems.append(t("proof-bad-tops"))
        out.checked.append(t("proof-checked-tops"))
    if not record.events_digest:
        problems.append(t("proof-no-digest"))
        return out
    play = [(f, e) for f, e in zip(record.events, events, strict=True) if _is_play(e)]
    if events_digest(record.commitment, [f for f, _ in play]) != record.events_digest:
        problems.append(t("proof-bad-events"))
    out.checked.append(t("proof-checked-events"))
    _check_result(record, [e for _, e in play], out)
    _check_inputs(record, [e for _, e in play], hand_game, out)
    return out


def _check_result(record: GameRecord, play: list[object], out: ProofCheck) -> None:
    overs = [e for e in play if isinstance(e, m.GameOver)]
    if len(overs) != 1 or play[-1] is not overs[0]:
        out.problems.append(t("proof-bad-end"))
    else:
        over = overs[0]
        if (over.result, over.winners, over.reason) != (
            record.result,
            record.winners,
            record.reason,
        ):
            out.problems.append(
                t("proof-bad-result", result=record.result, winners=str(record.winners),
                  reason=record.reason, sent_result=over.result,
                  sent_winners=str(over.winners), sent_reason=over.reason)
            )  # fmt: skip
    out.checked.append(
        t("proof-checked-result", result=record.result, winners=str(record.winners),
          reason=record.reason)
    )  # fmt: skip


def _check_inputs(record: GameRecord, play: list[object], hand_game: bool, out: ProofCheck) -> None:
    raw = record.inputs
    out.checked.append(t("proof-checked-inputs", hand="yes" if hand_game else "no"))
    if len(raw) % 2:
        out.problems.append(t("proof-inputs-odd"))
        return
    pairs = [(raw[i], raw[i + 1]) for i in range(0, len(raw), 2)]
    players = [(seat, card) for seat, card in pairs if seat not in SERVER_INPUTS]
    acted = [e for e in play if isinstance(e, m.Acted)]
    if [seat for seat, _ in players] != [a.seat for a in acted]:
        out.problems.append(
            t("proof-inputs-differ", inputs=str(len(players)), acted=str(len(acted)),
              seats="yes" if len(players) == len(acted) else "no")
        )  # fmt: skip
        return
    shown = {e.step: e.up for e in play if isinstance(e, m.Revealed)}
    for k, ((seat, card), a) in enumerate(zip(players, acted, strict=True)):
        if not hand_game:
            if card:
                out.problems.append(t("proof-input-card", k=str(k)))
                return
            continue
        up = shown.get(a.step)
        if up is None or seat >= len(up) or up[seat] != card:
            out.problems.append(
                t("proof-input-not-shown", k=str(k), seat=str(seat), step=str(a.step))
            )
            return


def check_proof(record: GameRecord) -> list[str]:
    """The problems :func:`check_record` found (empty: every check it makes passed)."""
    return check_record(record).problems


def _is_play(event: object) -> bool:
    config = getattr(type(event), "__struct_config__", None)
    return config is not None and config.tag in PLAY_EVENT_TAGS
