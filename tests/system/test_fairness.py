"""Provably fair deals: a uniform secure shuffle, commitments, records and verification."""

from __future__ import annotations

import json
import os
import random
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import msgspec
import pytest
from server_support import KRIG, KRIG_SERVER, ServerProc, close_all, play_all, seat_players

from protocol import messages as m
from protocol.codec import decode_server, encode
from protocol.records import PLAY_EVENT_TAGS, events_digest
from server.engine import make_rules
from server.rooms.fairness import DealProof, commitment, secure_proof
from server.store.embedded import RedisProcess

DECK = 52


def _chi_square(shuffle: Callable[[list[int]], None], deals: int) -> float:
    """Sum over cards of the chi-square of their positions across ``deals`` shuffles."""
    counts = [[0] * DECK for _ in range(DECK)]
    for _ in range(deals):
        deck = list(range(DECK))
        shuffle(deck)
        for pos, card in enumerate(deck):
            counts[card][pos] += 1
    expected = deals / DECK
    return sum((c - expected) ** 2 / expected for row in counts for c in row)


def _secure(deck: list[int]) -> None:
    proof = secure_proof(make_rules("classic"))
    order = [c for pair in zip(*proof.piles, strict=True) for c in pair]
    index = {card: i for i, card in enumerate(sorted(order))}
    deck[:] = [index[c] for c in order]


def _naive(deck: list[int]) -> None:
    # The classic biased shuffle: swap every position with any position.
    for i in range(len(deck)):
        j = random.randrange(len(deck))
        deck[i], deck[j] = deck[j], deck[i]


def test_secure_deals_are_uniform_over_positions() -> None:
    dof = DECK * (DECK - 1)
    spread = 6 * (2 * dof) ** 0.5
    stat = _chi_square(_secure, 2600)
    assert abs(stat - dof) < spread, stat
    # The same test does catch a biased shuffle.
    assert _chi_square(_naive, 2600) - dof > spread


def test_proofs_deal_the_whole_deck_and_commitments_bind() -> None:
    rules = make_rules("classic", {"players": 3})
    proof = secure_proof(rules)
    assert [len(p) for p in proof.piles] == [17, 17, 17] and len(proof.set_aside) == 1
    dealt = [c for p in proof.piles for c in p] + proof.set_aside
    assert sorted(dealt) == sorted(rules.deck())
    digest = commitment(proof)
    assert digest.startswith("sha256:") and len(digest) == 7 + 64
    swapped = DealProof([list(p) for p in proof.piles], proof.set_aside, proof.seed, proof.nonce)
    swapped.piles[0][0], swapped.piles[1][0] = swapped.piles[1][0], swapped.piles[0][0]
    assert commitment(swapped) != digest
    assert commitment(DealProof(proof.piles, proof.set_aside, proof.seed, "0" * 64)) != digest
    assert secure_proof(rules).nonce != proof.nonce


@pytest.fixture(scope="module")
def server(
    redis_proc: RedisProcess, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProc]:
    proc = ServerProc(redis_proc.url, "fair", tmp_path_factory.mktemp("logs")).start()
    yield proc
    proc.stop()


def _krig_server(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([KRIG_SERVER, *args], check=False, capture_output=True, text=True)


async def _finished_game(server: ServerProc, preset: str) -> tuple[str, list[object]]:
    sessions = await seat_players(server.url, 2, preset, {"max_tricks": 60}, record=True)
    try:
        await play_all(sessions)
        frames = sessions[0].frames
        assert frames is not None
        await sessions[0].wait(lambda t: any(b"deal_revealed" in f[:32] for f in frames))
        return sessions[0].table.code or "", [decode_server(f) for f in frames]
    finally:
        await close_all(sessions)


async def test_commitment_is_revealed_after_game_over(server: ServerProc) -> None:
    _code, msgs = await _finished_game(server, "classic")
    started = next(x for x in msgs if isinstance(x, m.GameStarted))
    over_at = next(i for i, x in enumerate(msgs) if isinstance(x, m.GameOver))
    reveal_at = next(i for i, x in enumerate(msgs) if isinstance(x, m.DealRevealed))
    assert reveal_at > over_at
    revealed = msgs[reveal_at]
    assert isinstance(revealed, m.DealRevealed)
    proof = DealProof(revealed.piles, revealed.set_aside, revealed.seed, revealed.nonce)
    assert commitment(proof) == started.commitment == revealed.commitment
    # The first reveal shows exactly the top cards of the committed piles.
    first = next(x for x in msgs if isinstance(x, m.Revealed))
    assert first.up == [revealed.piles[0][0], revealed.piles[1][0]]


@pytest.mark.parametrize("preset", ["classic", "arneson"])
async def test_verify_accepts_honest_records_and_rejects_tampering(
    server: ServerProc, redis_proc: RedisProcess, tmp_path: Path, preset: str
) -> None:
    code, msgs = await _finished_game(server, preset)
    honest = tmp_path / "game.json"
    done = _krig_server(
        "record", code, "--game", "1", "--redis-url", redis_proc.url, "--json", "-o", str(honest)
    )
    assert done.returncode == 0, done.stderr
    packed = tmp_path / "game.msgpack"
    assert (
        _krig_server("record", code, "--redis-url", redis_proc.url, "-o", str(packed)).returncode
        == 0
    )
    for path in (honest, packed):
        done = _krig_server("verify", str(path))
        assert done.returncode == 0 and done.stdout.startswith("match"), done.stdout + done.stderr
    record = json.loads(honest.read_text())
    assert (
        record["commitment"] and record["proof"]["nonce"] and record["inputs"] and record["events"]
    )
    # Every trick was gathered shuffled from the committed seed (the default), and the
    # replay above still matched: the shuffle is as verifiable as the deal.
    assert record["rules"]["gather_order"] == "shuffled"
    # The digest binds the play events exactly as this client received them live.
    live = [
        encode(msgspec.structs.replace(x, seq=0))
        for x in msgs
        if isinstance(x, msgspec.Struct) and x.__struct_config__.tag in PLAY_EVENT_TAGS
    ]
    assert len(live) > 60
    assert events_digest(record["commitment"], live) == record["events_digest"]

    def tampered(change: Callable[[dict[str, object]], None]) -> subprocess.CompletedProcess[str]:
        data = json.loads(honest.read_text())
        change(data)
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(data))
        return _krig_server("verify", str(path))

    def swap_cards(d: dict) -> None:  # type: ignore[type-arg]
        piles = d["proof"]["piles"]
        piles[0][0], piles[1][0] = piles[1][0], piles[0][0]

    def change_input(d: dict) -> None:  # type: ignore[type-arg]
        first = d["inputs"][0]
        if first[1]:  # a hand card: choose another one of the hand
            hand = d["proof"]["piles"][first[0]][:3]
            first[1] = next(c for c in hand if c != first[1])
        else:
            d["inputs"][0], d["inputs"][1] = d["inputs"][1], d["inputs"][0]

    def change_event(d: dict) -> None:  # type: ignore[type-arg]
        reveal = next(e for e in d["events"] if e["t"] == "revealed")
        reveal["up"][0] = 59 if reveal["up"][0] != 59 else 58

    def change_result(d: dict) -> None:  # type: ignore[type-arg]
        d["reason"] = "cycle"

    def change_digest(d: dict) -> None:  # type: ignore[type-arg]
        d["events_digest"] = "sha256:" + "0" * 64

    def drop_events_and_digest(d: dict) -> None:  # type: ignore[type-arg]
        d["events"], d["events_digest"] = [], ""

    for change in (
        swap_cards,
        change_input,
        change_event,
        change_result,
        change_digest,
        drop_events_and_digest,
    ):
        done = tampered(change)
        assert done.returncode == 1 and done.stdout.startswith("mismatch"), (
            change.__name__,
            done.stdout,
        )
    assert _krig_server("verify", str(tmp_path / "missing.json")).returncode == 2


async def test_client_replays_an_exported_record(
    server: ServerProc, redis_proc: RedisProcess, tmp_path: Path
) -> None:
    code, msgs = await _finished_game(server, "steal")
    path = tmp_path / "game.json"
    assert (
        _krig_server(
            "record", code, "--redis-url", redis_proc.url, "--json", "-o", str(path)
        ).returncode
        == 0
    )
    done = subprocess.run(
        [KRIG, "replay", str(path), "--ascii"],
        check=False, capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    tricks = sum(1 for x in msgs if isinstance(x, m.TrickWon))
    won = [line for line in lines if " wins " in line and not line.startswith("game over")]
    assert len(won) == tricks
    assert lines[-2].startswith("game over") and "deal revealed" in lines[-1]
    gone = _to_a_closed_pipe([KRIG, "replay", str(path)])
    assert (gone.returncode, gone.stderr) == (1, ""), gone.stderr  # (`| head`: said nothing)
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    failed = subprocess.run(
        [KRIG, "replay", str(bad)],
        check=False,
        capture_output=True,
        text=True,
    )
    assert failed.returncode == 2 and "is not a game record" in failed.stderr


def _to_a_closed_pipe(args: list[str]) -> subprocess.CompletedProcess[str]:
    """Run ``args`` with stdout a pipe whose reader is already gone (``| head``, done)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run(
            args, check=False, stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=60
        )
    finally:
        os.close(write_end)


def test_the_server_command_stops_quietly_when_its_reader_is_gone() -> None:
    done = _to_a_closed_pipe([KRIG_SERVER, "presets"])
    assert (done.returncode, done.stderr) == (1, ""), done.stderr


def _krig(server: ServerProc, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [KRIG, "--url", server.url, *args],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
    )


async def test_client_replays_and_checks_records_by_room_code(
    server: ServerProc, redis_proc: RedisProcess, tmp_path: Path
) -> None:
    code, _ = await _finished_game(server, "classic")
    done = _krig(server, "replay", code, "--ascii")
    assert done.returncode == 0, done.stderr
    assert any(line.startswith("game over") for line in done.stdout.splitlines())
    done = _krig(server, "verify", code)
    assert done.returncode == 0 and done.stdout.startswith("proof ok"), done.stdout + done.stderr
    missing = _krig(server, "verify", code, "--game", "7")
    assert missing.returncode == 1 and "no record of game 7" in missing.stderr.lower()
    path = tmp_path / "game.json"
    assert (
        _krig_server(
            "record", code, "--redis-url", redis_proc.url, "--json", "-o", str(path)
        ).returncode
        == 0
    )
    assert _krig(server, "verify", str(path)).returncode == 0
    data = json.loads(path.read_text())
    data["proof"]["piles"][0][0], data["proof"]["piles"][1][0] = (
        data["proof"]["piles"][1][0],
        data["proof"]["piles"][0][0],
    )
    path.write_text(json.dumps(data))
    bad = _krig(server, "verify", str(path))
    assert bad.returncode == 1 and "does not match the commitment" in bad.stdout
    # The client checks the record's events against the digest of the events sent.
    data = json.loads(path.read_text())
    data["proof"]["piles"][0][0], data["proof"]["piles"][1][0] = (
        data["proof"]["piles"][1][0],
        data["proof"]["piles"][0][0],
    )
    won = next(e for e in data["events"] if e["t"] == "trick_won")
    won["winner"] = 1 - won["winner"]
    path.write_text(json.dumps(data))
    bad = _krig(server, "verify", str(path))
    assert bad.returncode == 1 and "not the events sent" in bad.stdout, bad.stdout


def _tamper_winners(d: dict) -> None:  # type: ignore[type-arg]
    d["winners"] = [1] if d["winners"] != [1] else [0]


def _truncate_inputs(d: dict) -> None:  # type: ignore[type-arg]
    d["inputs"] = d["inputs"][:-3]  # the game's last actions are gone


def _tamper_digest(d: dict) -> None:  # type: ignore[type-arg]
    d["events_digest"] = "sha256:" + "0" * 64


def _swap_chosen_card(d: dict) -> None:  # type: ignore[type-arg]
    """The first choice of seat 0 becomes another card of its hand (same seat, same count)."""
    first = next(pair for pair in d["inputs"] if pair[0] == 0)
    hand = d["proof"]["piles"][0][: int(d["rules"]["hand_size"])]
    first[1] = next(c for c in hand if c != first[1])


TAMPERED = {
    # change: (what `krig verify` says, what `krig-server verify` says)
    "winners": (_tamper_winners, "is not the game_over sent", "not the replay's result"),
    "inputs": (_truncate_inputs, "inputs are not the actions the events announce", "differ"),
    "digest": (_tamper_digest, "not the events sent during the game", "(digest)"),
    "card": (_swap_chosen_card, "is not the card that seat showed", "  - "),  # (any reason)
}


@pytest.mark.parametrize("preset", ["classic", "arneson"])
async def test_both_verifiers_refuse_altered_winners_truncated_inputs_and_a_false_digest(
    server: ServerProc, redis_proc: RedisProcess, tmp_path: Path, preset: str
) -> None:
    """`krig verify` said "proof ok" for a record whose winners were altered or whose
    inputs were cut: it checks them now against the events the server committed to,
    and says what it cannot check; `krig-server verify` replays the whole game."""
    code, _ = await _finished_game(server, preset)
    honest = tmp_path / "game.json"
    done = _krig_server("record", code, "--redis-url", redis_proc.url, "--json", "-o", str(honest))
    assert done.returncode == 0, done.stderr
    ok = _krig(server, "verify", str(honest))
    assert ok.returncode == 0 and ok.stdout.startswith("proof ok"), ok.stdout + ok.stderr
    assert "is the game_over sent" in ok.stdout and "one per acted" in ok.stdout
    last = ok.stdout.splitlines()[-1]
    assert last.startswith("not checked here: that each trick followed the rules")
    assert "`krig-server verify FILE` replays the whole game" in last
    assert _krig_server("verify", str(honest)).returncode == 0

    for name, (change, client_says, server_says) in TAMPERED.items():
        if name == "card" and preset != "arneson":
            continue
        data = json.loads(honest.read_text())
        change(data)
        bad = tmp_path / f"{name}.json"
        bad.write_text(json.dumps(data))
        client = _krig(server, "verify", str(bad))
        assert client.returncode == 1 and client.stdout.startswith("mismatch"), (
            name,
            client.stdout + client.stderr,
        )
        assert client_says in client.stdout, (name, client.stdout)
        full = _krig_server("verify", str(bad))
        assert full.returncode == 1 and full.stdout.startswith("mismatch"), (name, full.stdout)
        assert server_says in full.stdout, (name, full.stdout)
