"""Stable error codes (wire strings) and WebSocket close codes."""

from __future__ import annotations

from enum import IntEnum, StrEnum


class ErrorCode(StrEnum):
    """Every rejected frame or action is answered with one of these codes."""

    # The frame itself
    BAD_FRAME = "bad_frame"
    TOO_LARGE = "too_large"
    BAD_MESSAGE = "bad_message"
    UNKNOWN_TYPE = "unknown_type"
    # Connection and session
    UNSUPPORTED_VERSION = "unsupported_version"
    HELLO_FIRST = "hello_first"
    BAD_SESSION = "bad_session"
    RATE_LIMITED = "rate_limited"
    SHUTTING_DOWN = "shutting_down"
    # Rooms
    UNKNOWN_ROOM = "unknown_room"
    ROOM_FULL = "room_full"
    ROOM_LOCKED = "room_locked"
    NOT_IN_ROOM = "not_in_room"
    ALREADY_IN_ROOM = "already_in_room"
    NOT_HOST = "not_host"
    BAD_RULES = "bad_rules"
    NOT_READY = "not_ready"
    SPECTATING_OFF = "spectating_off"
    SEAT_TAKEN = "seat_taken"
    REMOVED = "removed"
    ROOM_GONE = "room_gone"
    CHAT_OFF = "chat_off"
    # Play
    NOT_STARTED = "not_started"
    ALREADY_STARTED = "already_started"
    GAME_OVER = "game_over"
    NOT_A_PLAYER = "not_a_player"
    SEAT_OUT = "seat_out"
    NOT_AWAITING = "not_awaiting"
    ALREADY_ACTED = "already_acted"
    WRONG_ACTION = "wrong_action"
    CARD_NOT_IN_HAND = "card_not_in_hand"
    STALE_STEP = "stale_step"
    # Server
    WAITING_FOR_STORE = "waiting_for_store"
    INTERNAL = "internal"


ERROR_MEANINGS: dict[ErrorCode, str] = {
    ErrorCode.BAD_FRAME: "a text frame, or bytes that are not one well-formed msgpack value",
    ErrorCode.TOO_LARGE: "the frame is larger than the limit",
    ErrorCode.BAD_MESSAGE: "well-formed msgpack that does not match the message's schema",
    ErrorCode.UNKNOWN_TYPE: "the message type `t` is not one this server knows",
    ErrorCode.UNSUPPORTED_VERSION: "the client's protocol version is not spoken here",
    ErrorCode.HELLO_FIRST: "the first message on a connection must be `hello`",
    ErrorCode.BAD_SESSION: "the session token is unknown or expired",
    ErrorCode.RATE_LIMITED: "too many messages, room-code guesses or new rooms; slow down",
    ErrorCode.SHUTTING_DOWN: "this server is draining; reconnect to another",
    ErrorCode.UNKNOWN_ROOM: "no room has that code",
    ErrorCode.ROOM_FULL: "every seat of the room is taken",
    ErrorCode.ROOM_LOCKED: "the host locked the room",
    ErrorCode.NOT_IN_ROOM: "the action needs a room and you are in none",
    ErrorCode.ALREADY_IN_ROOM: "leave your room before joining or creating another",
    ErrorCode.NOT_HOST: "only the host may do that",
    ErrorCode.BAD_RULES: "a preset or rule option is unknown or impossible",
    ErrorCode.NOT_READY: "not every seat is taken and ready",
    ErrorCode.SPECTATING_OFF: "the host turned spectating off",
    ErrorCode.SEAT_TAKEN: "that seat is taken",
    ErrorCode.REMOVED: (
        "sent unasked (no `id`): the host freed your seat in a room that allows no "
        "spectators, so you are no longer in it"
    ),
    ErrorCode.ROOM_GONE: (
        "the room no longer exists (it expired, or the server lost it); sent to its members "
        "unasked (no `id`) and as the answer to an action in it: you are in no room now"
    ),
    ErrorCode.CHAT_OFF: "the host turned the room's chat off",
    ErrorCode.NOT_STARTED: "the game has not started",
    ErrorCode.ALREADY_STARTED: "the game has already started",
    ErrorCode.GAME_OVER: "the game is over",
    ErrorCode.NOT_A_PLAYER: "spectators cannot play",
    ErrorCode.SEAT_OUT: "your seat is out of the game",
    ErrorCode.NOT_AWAITING: "your seat does not act in this step",
    ErrorCode.ALREADY_ACTED: "your seat already acted in this step",
    ErrorCode.WRONG_ACTION: "flip in a flipping game, choose in a hand (Arneson) game",
    ErrorCode.CARD_NOT_IN_HAND: "the chosen card is not in your hand",
    ErrorCode.STALE_STEP: "the action names a step that is not the current one",
    ErrorCode.WAITING_FOR_STORE: (
        "the server cannot confirm the action yet (its store is failing over, or no replica "
        "can hold it): send it again with the same `id` in a moment; it is applied once"
    ),
    ErrorCode.INTERNAL: "the server failed; the action was not applied",
}


class CloseCode(IntEnum):
    """WebSocket close codes the server uses."""

    NORMAL = 1000
    GOING_AWAY = 1001
    PROTOCOL_ERROR = 1002
    UNSUPPORTED_DATA = 1003
    POLICY_VIOLATION = 1008
    MESSAGE_TOO_BIG = 1009
    INTERNAL_ERROR = 1011
    SERVICE_RESTART = 1012
    TRY_AGAIN_LATER = 1013
    BAD_HELLO = 4000
    UNSUPPORTED_VERSION = 4001
    SESSION_REPLACED = 4002
    RATE_LIMITED = 4008
