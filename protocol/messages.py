"""Every message of protocol v1, in both directions, as typed msgspec structs.

Each message is a msgpack map whose ``t`` field names its type (a tagged
union).  Cards are integers ``rank * 4 + suit`` (see :mod:`protocol.cards`);
a face-down card is ``nil``.  Room events carry ``seq``, the room's sequence
number; private replies carry ``id``, the client's action id.  PROTOCOL.md in
this folder is the human-readable form of this file.  The structures that
messages carry (a room, a table, a seat) are :mod:`protocol.structures`'s,
named here too.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeGuard, get_args

from msgspec import Meta, Struct

from protocol import limits as L
from protocol.records import GameRecord
from protocol.structures import RoomInfo as RoomInfo  # noqa: PLC0414 (m.RoomInfo too)
from protocol.structures import RoomSummary as RoomSummary  # noqa: PLC0414 (m.RoomSummary too)
from protocol.structures import SeatInfo as SeatInfo  # noqa: PLC0414 (m.SeatInfo too)
from protocol.structures import TableView as TableView  # noqa: PLC0414 (m.TableView too)
from protocol.structures import TrickSeen as TrickSeen  # noqa: PLC0414 (m.TrickSeen too)

ActionId = Annotated[int, Meta(ge=0, le=L.MAX_ACTION_ID)]
Step = Annotated[int, Meta(ge=0, le=L.MAX_STEP)]
Seq = Annotated[int, Meta(ge=0, le=L.MAX_SEQ)]
Seat = Annotated[int, Meta(ge=0, le=3)]
Card = Annotated[int, Meta(ge=0, le=255)]
Name = Annotated[str, Meta(min_length=1, max_length=L.MAX_NAME)]
RoomCode = Annotated[str, Meta(min_length=1, max_length=L.MAX_CODE)]
Token = Annotated[str, Meta(min_length=1, max_length=L.MAX_TOKEN)]
PresetName = Annotated[str, Meta(min_length=1, max_length=L.MAX_PRESET)]
OptionKey = Annotated[str, Meta(min_length=1, max_length=L.MAX_OPTION_KEY)]
OptionValue = (
    bool
    | Annotated[int, Meta(ge=-L.MAX_OPTION_INT, le=L.MAX_OPTION_INT)]
    | Annotated[str, Meta(max_length=L.MAX_OPTION_STR)]
)
Options = Annotated[dict[OptionKey, OptionValue], Meta(max_length=L.MAX_OPTIONS)]
ChatText = Annotated[str, Meta(min_length=1, max_length=L.MAX_CHAT)]


class _Msg(Struct, tag_field="t", forbid_unknown_fields=False):
    """Base: maps with a ``t`` tag; unknown fields are ignored (additive changes)."""


# ---------------------------------------------------------------- client


class Hello(_Msg, tag="hello"):
    """First frame of every connection. ``token`` resumes an earlier session.

    ``bundle`` (may be left out: false) asks for bundled frames (PROTOCOL.md §2a).
    """

    v: Annotated[int, Meta(ge=0, le=255)]
    name: Name
    token: Token | None
    client: Annotated[str, Meta(max_length=L.MAX_CLIENT_LABEL)]
    bundle: bool = False


class CreateRoom(_Msg, tag="create"):
    """Create a room and take seat 0 as its host."""

    id: ActionId
    preset: PresetName
    options: Options
    seats: Annotated[int, Meta(ge=2, le=4)]
    public: bool
    ready_checks: bool = False
    """Ask every player to say ``ready`` (false, the default: taking a seat means ready)."""


class JoinRoom(_Msg, tag="join"):
    """Take a seat in a room by its code (``seat`` nil: the first free seat)."""

    id: ActionId
    code: RoomCode
    seat: Seat | None


class Spectate(_Msg, tag="spectate"):
    id: ActionId
    code: RoomCode


class Leave(_Msg, tag="leave"):
    id: ActionId


class Ready(_Msg, tag="ready"):
    id: ActionId
    ready: bool


class Start(_Msg, tag="start"):
    id: ActionId


class FlipCard(_Msg, tag="flip"):
    """Flip the top card in the room's current ``step``."""

    id: ActionId
    step: Step


class ChooseCard(_Msg, tag="choose"):
    """Play ``card`` from your hand (Arneson) in the room's current ``step``."""

    id: ActionId
    step: Step
    card: Card


class Rematch(_Msg, tag="rematch"):
    """After game over: ask to play again (``on`` false: take the request back)."""

    id: ActionId
    on: bool = True


class Configure(_Msg, tag="configure"):
    """Host, before a game: change any of these (nil leaves a setting as it is)."""

    id: ActionId
    preset: PresetName | None
    options: Options | None
    turn_s: Annotated[int, Meta(ge=0, le=600)] | None
    spectating: bool | None
    locked: bool | None
    public: bool | None
    chat: bool | None = None
    ready_checks: bool | None = None
    deal_seed: Annotated[int, Meta(ge=-1, le=2**63 - 1)] | None = None
    """Deal the next games from this engine seed, then seed+1, ... (-1: secure deals again).
    For arenas (the same deal played with the seats swapped): the host knows every hand,
    so the room says ``seeded`` and is not listed."""


class AddBot(_Msg, tag="add_bot"):
    """Host, before a game: a computer player takes ``seat`` (nil: the first free one)."""

    id: ActionId
    seat: Seat | None
    level: Literal["easy", "normal", "hard"] = "normal"
    """How it chooses from a hand: easy by lot, normal as the automatic choice, hard counts."""


class RemoveSeat(_Msg, tag="remove_seat"):
    """Host, before a game: free ``seat`` (a player or a computer)."""

    id: ActionId
    seat: Seat


class QuickJoin(_Msg, tag="quick"):
    """Put me in a public game of ``players`` seats with ``preset`` (joins or creates one)."""

    id: ActionId
    players: Annotated[int, Meta(ge=2, le=4)]
    preset: PresetName


class WatchLobby(_Msg, tag="watch_lobby"):
    """Receive ``lobby_room`` updates as public rooms change (``on`` false: stop)."""

    id: ActionId
    on: bool


class Resync(_Msg, tag="resync"):
    """Ask again for every room event after ``after`` (or a fresh snapshot)."""

    id: ActionId
    after: Seq


class GetRecord(_Msg, tag="get_record"):
    """The record of finished game ``game`` (1, 2, ...) of room ``code``."""

    id: ActionId
    code: RoomCode
    game: Annotated[int, Meta(ge=1, le=1_000_000)]


class ListRooms(_Msg, tag="list_rooms"):
    id: ActionId


class Ping(_Msg, tag="ping"):
    id: ActionId


class Chat(_Msg, tag="chat"):
    """Say ``text`` to the room (players and spectators); answered with ``ack``."""

    id: ActionId
    text: ChatText


ClientMessage = (
    Hello
    | CreateRoom
    | JoinRoom
    | Spectate
    | Leave
    | Ready
    | Start
    | FlipCard
    | ChooseCard
    | Rematch
    | Configure
    | AddBot
    | RemoveSeat
    | QuickJoin
    | WatchLobby
    | Resync
    | GetRecord
    | ListRooms
    | Ping
    | Chat
)
CLIENT_TYPES: tuple[type[Struct], ...] = get_args(ClientMessage)


# ---------------------------------------------------------------- server


class Welcome(_Msg, tag="welcome"):
    """Reply to hello. Keep ``session`` to resume after a disconnect."""

    v: int
    session: str
    player: str
    resumed: bool
    room: str | None
    seat: int | None
    heartbeat_s: int
    max_frame: int
    bundle: bool = False
    """Whether this server will send bundled frames (it does when hello asked)."""


class Joined(_Msg, tag="joined"):
    """You are in room ``code`` at ``seat`` (nil: spectating); a snapshot follows."""

    id: int | None
    code: str
    seat: int | None
    seq: int


class Snapshot(_Msg, tag="snapshot"):
    """The whole room as you may see it, as of room sequence ``seq``.

    ``tricks``: the current (or last) game's latest finished tricks, oldest first.
    """

    seq: int
    room: RoomInfo
    view: TableView | None
    tricks: list[TrickSeen] = []


class PlayerJoined(_Msg, tag="player_joined"):
    seq: int
    seat: int
    name: str
    bot: bool


class PlayerLeft(_Msg, tag="player_left"):
    """A seat was given up; ``host`` is the host's seat afterwards."""

    seq: int
    seat: int
    host: int


class PlayerReady(_Msg, tag="player_ready"):
    seq: int
    seat: int
    ready: bool


class PlayerDisconnected(_Msg, tag="player_disconnected"):
    seq: int
    seat: int


class PlayerReconnected(_Msg, tag="player_reconnected"):
    seq: int
    seat: int


class GameStarted(_Msg, tag="game_started"):
    """A game began; ``counts`` are the cards dealt to each seat.

    ``commitment`` fixes the deal before play (revealed by ``deal_revealed``).
    """

    seq: int
    game: int
    players: int
    counts: list[int]
    step: int
    commitment: str


class Acted(_Msg, tag="acted"):
    """Seat ``seat`` locked in its flip or choice for ``step`` (what it chose stays hidden)."""

    seq: int
    seat: int
    step: int


class Ack(_Msg, tag="ack"):
    """Private: your action ``id`` was applied."""

    id: int
    step: int


class Revealed(_Msg, tag="revealed"):
    """All face-up cards of one step at once; ``up[s]`` is nil if seat s laid none."""

    seq: int
    step: int
    trick: int
    war: int
    up: list[int | None]
    down: list[int]


class War(_Msg, tag="war"):
    """A tie: ``seats`` fight, each laying ``down`` cards face down first."""

    seq: int
    trick: int
    war: int
    seats: list[int]
    down: int
    stuck: list[int]


class TrickWon(_Msg, tag="trick_won"):
    seq: int
    trick: int
    winner: int
    total: int
    face_up: list[int]
    wars: int
    returned_to: int | None
    returned: list[int]
    stolen_from: list[int]


class Shuffled(_Msg, tag="shuffled"):
    """Seat ``seat`` turned its shuffled winnings pile into its pile."""

    seq: int
    seat: int
    count: int


class PlayerOut(_Msg, tag="player_out"):
    seq: int
    seat: int
    reason: str
    to_pot: int


class GameOver(_Msg, tag="game_over"):
    seq: int
    result: Literal["win", "draw"]
    winners: list[int]
    reason: str
    counts: list[int]
    set_aside: list[int]


class DealRevealed(_Msg, tag="deal_revealed"):
    """After game over: the secret behind ``game_started.commitment``."""

    seq: int
    game: int
    commitment: str
    piles: list[list[int]]
    set_aside: list[int]
    seed: int
    nonce: str


class Clock(_Msg, tag="clock"):
    """Timers of the current step: ``deadline_ms`` when awaited seats are played for
    (0: no turn timer), ``game_ends_ms`` when a timed game's time is up (0: none)."""

    seq: int
    step: int
    deadline_ms: int
    game_ends_ms: int


class ChatSaid(_Msg, tag="chat"):
    """Someone in the room said ``text``: ``seat`` nil for a spectator. Plain text,
    never markup: a client shows it escaped."""

    seq: int
    seat: int | None
    name: str
    text: str


class RoomChanged(_Msg, tag="room_changed"):
    """The host changed the room's settings or seats."""

    seq: int
    room: RoomInfo


class LobbyRoom(_Msg, tag="lobby_room"):
    """A public room appeared or changed (``gone``: it left the lobby)."""

    room: RoomSummary
    gone: bool


class Hand(_Msg, tag="hand"):
    """Private: your hand (Arneson) as of room sequence ``seq``."""

    seq: int
    cards: list[int]


class Lobby(_Msg, tag="lobby"):
    id: int | None
    rooms: list[RoomSummary]


class Error(_Msg, tag="error"):
    """Your action ``id`` (nil: the frame had none) was refused."""

    id: int | None
    code: str
    message: str


class Record(_Msg, tag="record"):
    """Reply to ``get_record``."""

    id: int
    record: GameRecord


class Pong(_Msg, tag="pong"):
    id: int
    now_ms: int


ServerMessage = (
    Welcome
    | Joined
    | Snapshot
    | PlayerJoined
    | PlayerLeft
    | PlayerReady
    | PlayerDisconnected
    | PlayerReconnected
    | GameStarted
    | Acted
    | Ack
    | Revealed
    | War
    | TrickWon
    | Shuffled
    | PlayerOut
    | GameOver
    | DealRevealed
    | Clock
    | RoomChanged
    | ChatSaid
    | LobbyRoom
    | Hand
    | Lobby
    | Error
    | Record
    | Pong
)
SERVER_TYPES: tuple[type[Struct], ...] = get_args(ServerMessage)

RoomEvent = (
    PlayerJoined
    | PlayerLeft
    | PlayerReady
    | PlayerDisconnected
    | PlayerReconnected
    | GameStarted
    | Acted
    | Revealed
    | War
    | TrickWon
    | Shuffled
    | PlayerOut
    | GameOver
    | DealRevealed
    | Clock
    | RoomChanged
    | ChatSaid
)
ROOM_EVENT_TYPES: tuple[type[Struct], ...] = get_args(RoomEvent)
_ROOM_EVENT_SET = frozenset(ROOM_EVENT_TYPES)


def is_room_event(message: object) -> TypeGuard[RoomEvent]:
    """True for the messages that carry the room's sequence number.

    (A set lookup of the exact type: message structs are never subclassed, and
    an ``isinstance`` over the twenty types was 4% of the load client's time.)
    """
    return type(message) in _ROOM_EVENT_SET


def tag_of(cls: type[Struct]) -> str:
    tag = cls.__struct_config__.tag
    assert isinstance(tag, str)
    return tag
