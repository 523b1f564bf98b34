"""The one codec: msgpack bytes <-> typed messages, with one error type.

``decode_client`` is what a server runs on untrusted bytes; it raises only
:class:`ProtocolError`.  ``decode_server`` is what a client runs; it also
tolerates message types newer than itself (returned as :class:`Unknown`).

Hot path: every client message has only required fields, so a frame whose
top-level map has exactly ``fields + 1`` entries (the tag included) and that
msgspec accepts cannot hide a repeated key or an unknown field.  Any other
frame, and every message with a nested map, also passes the strict
:func:`protocol.scan.check_structure`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec

from protocol.errors import ErrorCode
from protocol.limits import MAX_CLIENT_FRAME, MAX_DEPTH
from protocol.messages import (
    CLIENT_TYPES,
    SERVER_TYPES,
    ClientMessage,
    CreateRoom,
    ServerMessage,
    tag_of,
)
from protocol.scan import StructureError, check_structure


class ProtocolError(Exception):
    """A frame that cannot be accepted; ``code`` is an :class:`ErrorCode`."""

    def __init__(self, code: ErrorCode, message: str, action_id: int | None = None) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
        self.action_id = action_id


class Unknown(msgspec.Struct):
    """A server message of a type this client does not know (a newer server).

    ``seq`` is set when it carries one: then it is a room event, which takes up
    its sequence number (PROTOCOL.md §4), and a client counts it."""

    t: str
    seq: int | None = None


_encoder = msgspec.msgpack.Encoder()
_client_decoder = msgspec.msgpack.Decoder(ClientMessage)
_server_decoder = msgspec.msgpack.Decoder(ServerMessage)
_any_decoder = msgspec.msgpack.Decoder()
_bundle_decoder = msgspec.msgpack.Decoder(list[ServerMessage])
_parts_decoder = msgspec.msgpack.Decoder(list[msgspec.Raw])
_CLIENT_TAGS = frozenset(tag_of(c) for c in CLIENT_TYPES)
_SERVER_TAGS = frozenset(tag_of(c) for c in SERVER_TYPES)
_EXPECTED_ENTRIES = {cls: len(cls.__struct_fields__) + 1 for cls in CLIENT_TYPES}
# A message with a nested map (create's options) could hide a repeated key
# below the top level: it always gets the strict scan.
_EXPECTED_ENTRIES[CreateRoom] = -1


encode: Callable[[msgspec.Struct], bytes] = _encoder.encode
"""One message as a msgpack frame (the encoder's own method: no Python call
around it, on the hot path several times a flip)."""


def _map_entries(data: bytes) -> int:
    b = data[0]
    if 0x80 <= b <= 0x8F:
        return b & 0x0F
    if b == 0xDE and len(data) >= 3:
        return int.from_bytes(data[1:3], "big")
    if b == 0xDF and len(data) >= 5:
        return int.from_bytes(data[1:5], "big")
    return -1


def _explain(data: bytes, known: frozenset[str], error: Exception) -> ProtocolError:
    """Turn a msgspec failure into the right code, after a strict structural check."""
    try:
        check_structure(data, MAX_DEPTH)
    except StructureError as exc:
        return ProtocolError(exc.code, str(exc))
    if not isinstance(error, msgspec.ValidationError):  # ValidationError subclasses DecodeError
        return ProtocolError(ErrorCode.BAD_FRAME, str(error))
    try:
        value: Any = _any_decoder.decode(data)
    except Exception:  # pragma: no cover - the structure check passed
        return ProtocolError(ErrorCode.BAD_FRAME, "malformed msgpack")
    if not isinstance(value, dict):
        return ProtocolError(ErrorCode.BAD_MESSAGE, "a message is a map with a string field `t`")
    action = value.get("id")
    action_id = action if type(action) is int and 0 <= action <= 2**32 - 1 else None
    tag = value.get("t")
    if not isinstance(tag, str):
        return ProtocolError(
            ErrorCode.BAD_MESSAGE, "a message is a map with a string field `t`", action_id
        )
    if tag not in known:
        return ProtocolError(ErrorCode.UNKNOWN_TYPE, f"unknown message type {tag!r}", action_id)
    return ProtocolError(ErrorCode.BAD_MESSAGE, f"{tag}: {error}", action_id)


def decode_client(data: object) -> ClientMessage:
    """Decode one client frame; raises only :class:`ProtocolError`."""
    if isinstance(data, str):
        raise ProtocolError(
            ErrorCode.BAD_FRAME, "text frames are not accepted; send binary msgpack"
        )
    if not isinstance(data, bytes | bytearray | memoryview):
        raise ProtocolError(ErrorCode.BAD_FRAME, "a frame must be bytes")
    raw = bytes(data)
    if len(raw) > MAX_CLIENT_FRAME:
        raise ProtocolError(ErrorCode.TOO_LARGE, f"frames are limited to {MAX_CLIENT_FRAME} bytes")
    if not raw:
        raise ProtocolError(ErrorCode.BAD_FRAME, "empty frame")
    try:
        message: ClientMessage = _client_decoder.decode(raw)
    except (msgspec.DecodeError, msgspec.ValidationError) as exc:
        raise _explain(raw, _CLIENT_TAGS, exc) from None
    except RecursionError:
        raise ProtocolError(ErrorCode.BAD_FRAME, f"nested deeper than {MAX_DEPTH} levels") from None
    except Exception as exc:  # pragma: no cover - msgspec documents only the two above
        raise ProtocolError(
            ErrorCode.BAD_FRAME, f"undecodable frame ({type(exc).__name__})"
        ) from None
    if _map_entries(raw) != _EXPECTED_ENTRIES[type(message)]:
        try:
            check_structure(raw, MAX_DEPTH)
        except StructureError as exc:
            raise ProtocolError(exc.code, str(exc), getattr(message, "id", None)) from None
    return message


def is_bundle(data: bytes) -> bool:
    """Whether a server frame is a bundle (PROTOCOL.md §2a): a msgpack array, not a map."""
    return bool(data) and (0x90 <= data[0] <= 0x9F or data[0] in (0xDC, 0xDD))


def split_frame(data: bytes) -> list[bytes]:
    """The messages of a server frame, each as its own encoded bytes."""
    if not is_bundle(data):
        return [data]
    try:
        return [bytes(part) for part in _parts_decoder.decode(data)]
    except msgspec.DecodeError as exc:
        raise ProtocolError(ErrorCode.BAD_FRAME, str(exc)) from None
    except RecursionError:
        raise ProtocolError(ErrorCode.BAD_FRAME, "nested too deeply") from None


def decode_server_frame(data: bytes) -> list[ServerMessage | Unknown]:
    """Decode a server frame (client side): one message, or every message of a bundle.

    A bundle is decoded in one call; if it holds a message this client cannot
    read as it is (a newer type), each is decoded on its own (``decode_server``).
    """
    if not is_bundle(data):
        return [decode_server(data)]
    try:
        return list(_bundle_decoder.decode(data))
    except (msgspec.DecodeError, RecursionError):
        return [decode_server(part) for part in split_frame(data)]


def decode_server(data: bytes) -> ServerMessage | Unknown:
    """Decode one server frame (client side); unknown types come back as ``Unknown``."""
    try:
        return _server_decoder.decode(data)
    except msgspec.ValidationError as exc:
        error = _explain(data, _SERVER_TAGS, exc)
        if error.code == ErrorCode.UNKNOWN_TYPE:
            value = _any_decoder.decode(data)
            seq = value.get("seq")
            return Unknown(str(value["t"]), seq if type(seq) is int and seq >= 0 else None)
        raise error from None
    except msgspec.DecodeError as exc:
        raise ProtocolError(ErrorCode.BAD_FRAME, str(exc)) from None
    except RecursionError:
        raise ProtocolError(ErrorCode.BAD_FRAME, "nested too deeply") from None
