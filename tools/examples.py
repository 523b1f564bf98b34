"""One example of every message, in the order of a game: the golden vectors' source.

``python tools/golden.py --write`` turns these into ``golden_v1.json`` and
the examples section of PROTOCOL.md.
"""

from __future__ import annotations

import msgspec
from msgspec import Struct

from protocol import messages as m
from protocol.codec import encode
from protocol.records import DealProof, GameRecord

_RULES: dict[str, bool | int | str] = {
    "players": 2,
    "jokers": 0,
    "min_rank": 2,
    "war_down": 3,
    "war_repeat": "same",
    "short_war": "lose",
    "war_players": "tied_highest",
    "war_winner": "participants",
    "winnings": "under_pile",
    "gather_order": "shuffled",
    "steal": False,
    "hand_size": 0,
    "loser_takes_tied": False,
    "time_limit_s": 0,
    "wars_to_win": 0,
    "max_tricks": 0,
    "detect_cycles": True,
}

_ROOM = m.RoomInfo(
    code="KX7P-Q3",
    state="playing",
    host=0,
    seats=[
        m.SeatInfo(name="ada", ready=True, connected=True, bot=False),
        m.SeatInfo(name="bo", ready=True, connected=True, bot=False),
    ],
    preset="classic",
    rules=_RULES,
    public=False,
    spectators=1,
    spectating=True,
    locked=False,
    game=1,
    turn_s=0,
    game_ends_ms=0,
    wins=[2, 1],
    rematch=[],
)

_VIEW = m.TableView(
    seat=0,
    players=2,
    phase="war",
    step=7,
    trick=7,
    war=1,
    awaiting=[0, 1],
    acted=[False, True],
    counts=[20, 24],
    pile_counts=[20, 24],
    winnings_counts=[0, 0],
    hand_counts=[0, 0],
    active=[True, True],
    table=[[36], [37]],
    hand=[],
    chosen=None,
    wars_won=[0, 0],
    tricks=6,
    wars=0,
    result="",
    winners=[],
    reason="",
    set_aside=[],
    longest_war=1,
    war_seats=[0, 1],
    war_down=[3, 3],
)

_TRICKS = [
    m.TrickSeen(trick=5, winner=1, total=2, wars=0, table=[[20], [50]]),
    m.TrickSeen(
        trick=6,
        winner=0,
        total=10,
        wars=1,
        table=[[33, None, None, None, 57], [34, None, None, None, 41]],
    ),
]

CLIENT_EXAMPLES: list[Struct] = [
    m.Hello(v=1, name="ada", token=None, client="krig-cli/0.1", bundle=True),
    m.CreateRoom(id=1, preset="classic", options={"war_down": 1}, seats=2, public=False),
    m.JoinRoom(id=1, code="KX7P-Q3", seat=None),
    m.Spectate(id=1, code="KX7P-Q3"),
    m.Ready(id=2, ready=True),
    m.Start(id=3),
    m.FlipCard(id=4, step=0),
    m.ChooseCard(id=5, step=3, card=50),
    m.Resync(id=6, after=41),
    m.ListRooms(id=7),
    m.GetRecord(id=16, code="KX7P-Q3", game=1),
    m.Ping(id=8),
    m.Rematch(id=9, on=True),
    m.Leave(id=10),
    m.Configure(
        id=11, preset="quick", options=None, turn_s=20, spectating=False, locked=True, public=None
    ),
    m.AddBot(id=12, seat=None),
    m.RemoveSeat(id=13, seat=2),
    m.QuickJoin(id=14, players=3, preset="classic"),
    m.WatchLobby(id=15, on=True),
    m.Chat(id=17, text="good luck!"),
]

SERVER_EXAMPLES: list[Struct] = [
    m.Welcome(
        v=1,
        session="s_3q9vY2mK7tL1xZ0aB4cD5eF6",
        player="p_8hJ2kL",
        resumed=False,
        room=None,
        seat=None,
        heartbeat_s=20,
        max_frame=4096,
        bundle=True,
    ),
    m.Joined(id=1, code="KX7P-Q3", seat=0, seq=3),
    m.Snapshot(seq=27, room=_ROOM, view=_VIEW, tricks=_TRICKS),
    m.PlayerJoined(seq=4, seat=1, name="bo", bot=False),
    m.PlayerReady(seq=5, seat=1, ready=True),
    m.GameStarted(
        seq=7,
        game=1,
        players=2,
        counts=[26, 26],
        step=0,
        commitment="sha256:9f2c6a1e0b7d4c3a5e8f1029384756abcdef0123456789abcdef0123456789ab",
    ),
    m.Acted(seq=8, seat=1, step=0),
    m.Ack(id=4, step=0),
    m.Revealed(seq=10, step=0, trick=1, war=0, up=[36, 37], down=[0, 0]),
    m.War(seq=11, trick=1, war=1, seats=[0, 1], down=3, stuck=[]),
    m.Revealed(seq=14, step=1, trick=1, war=1, up=[45, 39], down=[3, 3]),
    m.TrickWon(
        seq=15,
        trick=1,
        winner=0,
        total=10,
        face_up=[36, 45, 37, 39],
        wars=1,
        returned_to=None,
        returned=[],
        stolen_from=[],
    ),
    m.Shuffled(seq=40, seat=1, count=12),
    m.Hand(seq=16, cards=[50, 22, 9]),
    m.Clock(seq=17, step=2, deadline_ms=1796012365678, game_ends_ms=0),
    m.RoomChanged(seq=6, room=_ROOM),
    m.ChatSaid(seq=18, seat=1, name="bo", text="good luck!"),
    m.LobbyRoom(
        room=m.RoomSummary(
            code="KX7P-Q3",
            preset="classic",
            players=2,
            taken=2,
            state="playing",
            spectators=1,
            rules=_RULES,
        ),
        gone=False,
    ),
    m.PlayerDisconnected(seq=30, seat=1),
    m.PlayerReconnected(seq=31, seat=1),
    m.PlayerOut(seq=98, seat=1, reason="short_war", to_pot=2),
    m.GameOver(seq=99, result="win", winners=[0], reason="short_war", counts=[52, 0], set_aside=[]),
    m.DealRevealed(
        seq=100,
        game=1,
        commitment="sha256:9f2c6a1e0b7d4c3a5e8f1029384756abcdef0123456789abcdef0123456789ab",
        piles=[[36, 8, 45], [37, 13, 39]],
        set_aside=[],
        seed=12345678901234567890,
        nonce="5be1c0ffee5be1c0ffee5be1c0ffee5be1c0ffee5be1c0ffee5be1c0ffee5be1",
    ),
    m.PlayerLeft(seq=101, seat=1, host=0),
    m.Lobby(
        id=7,
        rooms=[
            m.RoomSummary(
                code="KX7P-Q3",
                preset="classic",
                players=2,
                taken=1,
                state="lobby",
                spectators=0,
                rules=_RULES,
            )
        ],
    ),
    m.Error(id=4, code="not_awaiting", message="seat 1 does not take part in this step"),
    m.Pong(id=8, now_ms=1796012345678),
    m.Record(
        id=16,
        record=GameRecord(
            code="KX7P-Q3",
            game=1,
            preset="quick",
            rules=_RULES,
            names=["ada", "bo"],
            started_ms=1796012300000,
            ended_ms=1796012345000,
            commitment="sha256:9f2c6a1e0b7d4c3a5e8f1029384756abcdef0123456789abcdef0123456789ab",
            proof=DealProof(piles=[[36], [29]], set_aside=[], seed=7, nonce="ab" * 32),
            inputs=b"\x00\x00\x01\x00",
            result="win",
            winners=[0],
            reason="all_cards",
            events=[],
        ),
    ),
]


_RECORD = next(e.record for e in SERVER_EXAMPLES if isinstance(e, m.Record))
_TRICK = msgspec.structs.replace(
    next(e for e in SERVER_EXAMPLES if isinstance(e, m.TrickWon)), seq=11
)
_STARTED = m.GameStarted(
    seq=0, game=1, players=2, counts=[1, 1], step=0, commitment="sha256:" + "9f" * 32
)

CASES: list[tuple[str, str, list[Struct]]] = [
    (
        "bundle",
        "a bundled frame (§2a): one step's events and the flipping seat's ack in one array",
        [
            m.Acted(seq=9, seat=0, step=1),
            m.Ack(id=5, step=1),
            m.Revealed(seq=10, step=1, trick=1, war=1, up=[45, 39], down=[3, 3]),
            _TRICK,
        ],
    ),
    (
        "error_without_id",
        "an error answering a frame that had no readable id (here: not msgpack at all)",
        [m.Error(id=None, code="bad_frame", message="the frame is not one msgpack value")],
    ),
    (
        "joined_on_resume",
        "after a resumed welcome, unasked: joined with a nil id (a snapshot follows)",
        [m.Joined(id=None, code="KX7P-Q3", seat=1, seq=40)],
    ),
    (
        "record_with_events",
        "a record as get_record answers it: its events rebuilt (bin, seq 0), inputs as bin",
        [
            m.Record(
                id=16,
                record=msgspec.structs.replace(
                    _RECORD,
                    preset="classic",
                    ended_ms=1796012301000,
                    commitment="sha256:" + "9f" * 32,
                    events=[
                        encode(_STARTED),
                        encode(m.Acted(seq=0, seat=0, step=0)),
                        encode(m.Acted(seq=0, seat=1, step=0)),
                        encode(m.Revealed(seq=0, step=0, trick=1, war=0, up=[36, 29], down=[0, 0])),
                    ],
                    events_digest="sha256:" + "c4" * 32,
                ),
            )
        ],
    ),
]
"""Frames beyond one example of each message: (name, what it shows, its messages; a
bundle when more than one)."""
