"""Round trips and every msgpack hazard: each answered with the documented error."""

from __future__ import annotations

import struct

import msgpack
import msgspec
import pytest

from protocol import messages as m
from protocol.codec import (
    ProtocolError,
    Unknown,
    decode_client,
    decode_server,
    decode_server_frame,
    encode,
    is_bundle,
    split_frame,
)
from protocol.errors import ErrorCode
from protocol.limits import MAX_CLIENT_FRAME
from tools import examples


def pack(value: object) -> bytes:
    packed: bytes = msgpack.packb(value, use_bin_type=True)
    return packed


def refused(data: object, code: ErrorCode) -> ProtocolError:
    with pytest.raises(ProtocolError) as err:
        decode_client(data)
    assert err.value.code == code, err.value.message
    return err.value


FLIP = {"t": "flip", "id": 7, "step": 3}


@pytest.mark.parametrize("message", examples.CLIENT_EXAMPLES, ids=lambda x: type(x).__name__)
def test_client_round_trip(message: m.ClientMessage) -> None:
    assert decode_client(encode(message)) == message


@pytest.mark.parametrize("message", examples.SERVER_EXAMPLES, ids=lambda x: type(x).__name__)
def test_server_round_trip(message: m.ServerMessage) -> None:
    assert decode_server(encode(message)) == message


def test_room_events_are_the_messages_with_a_room_sequence_number() -> None:
    """``is_room_event`` (a set of exact types) agrees with the ``RoomEvent`` union."""
    events = [x for x in examples.SERVER_EXAMPLES if m.is_room_event(x)]
    assert {type(x) for x in events} == set(m.ROOM_EVENT_TYPES)
    assert all(hasattr(x, "seq") for x in events)
    others = [x for x in [*examples.SERVER_EXAMPLES, *examples.CLIENT_EXAMPLES] if x not in events]
    assert others and not any(isinstance(x, m.ROOM_EVENT_TYPES) for x in others)


def test_truncated() -> None:
    refused(pack(FLIP)[:-1], ErrorCode.BAD_FRAME)
    refused(b"\xda\x00\x10ab", ErrorCode.BAD_FRAME)  # str16 of 16 bytes, 2 present


def test_trailing_bytes() -> None:
    refused(pack(FLIP) + b"\xc0", ErrorCode.BAD_FRAME)


def test_huge_declared_lengths() -> None:
    refused(b"\xdd\xff\xff\xff\xff", ErrorCode.BAD_FRAME)  # array32 of 4 billion
    refused(b"\xdf\xff\xff\xff\xff", ErrorCode.BAD_FRAME)  # map32
    refused(b"\xdb\xff\xff\xff\xff", ErrorCode.BAD_FRAME)  # str32
    huge_unknown = b"\x84" + pack("t") + pack("flip") + pack("id") + pack(1) + pack("step")
    huge_unknown += pack(1) + pack("x") + b"\xdd\x7f\xff\xff\xff"
    refused(huge_unknown, ErrorCode.BAD_FRAME)


def test_deep_nesting() -> None:
    deep = b"\x84" + pack("t") + pack("flip") + pack("id") + pack(1) + pack("step") + pack(1)
    deep += pack("x") + b"\x91" * 2000 + b"\xc0"
    refused(deep, ErrorCode.BAD_FRAME)
    ok = pack({**FLIP, "x": [[1]]})  # depth 3 is within the limit
    assert decode_client(ok) == m.FlipCard(id=7, step=3)
    refused(pack({**FLIP, "x": [[[[1]]]]}), ErrorCode.BAD_FRAME)


def test_invalid_utf8_in_known_and_unknown_fields() -> None:
    bad_name = pack({"t": "hello", "v": 1, "name": "ada", "token": None, "client": ""})
    bad_name = bad_name.replace(b"\xa3ada", b"\xa3a\xff\xfe")
    refused(bad_name, ErrorCode.BAD_FRAME)
    unknown = pack({**FLIP, "note": "x"}).replace(b"\xa1x", b"\xa1\xff")
    refused(unknown, ErrorCode.BAD_FRAME)


def test_non_string_map_keys() -> None:
    int_key: dict[object, object] = {}
    int_key.update(FLIP)
    int_key[5] = 1  # after the valid keys, as the frame would carry it
    refused(pack(int_key), ErrorCode.BAD_FRAME)
    refused(pack({**FLIP, "x": {b"k": 1}}), ErrorCode.BAD_FRAME)
    opts = pack(
        {
            "t": "create",
            "id": 1,
            "preset": "classic",
            "options": {1: 1},
            "seats": 2,
            "public": False,
        }
    )
    refused(opts, ErrorCode.BAD_FRAME)


def test_duplicate_keys() -> None:
    dup = b"\x84" + pack("t") + pack("flip") + pack("id") + pack(1) + pack("step") + pack(2)
    refused(dup + pack("id") + pack(5), ErrorCode.BAD_FRAME)
    dup_tag = b"\x84" + pack("t") + pack("flip") + pack("id") + pack(1) + pack("step") + pack(2)
    refused(dup_tag + pack("t") + pack("ping"), ErrorCode.BAD_FRAME)
    # A repeated key inside create's options map (same top-level entry count as a valid frame).
    options = b"\x82" + pack("war_down") + pack(1) + pack("war_down") + pack(2)
    create = b"\x86" + pack("t") + pack("create") + pack("id") + pack(1) + pack("preset")
    create += pack("classic") + pack("options") + options + pack("seats") + pack(2)
    create += pack("public") + pack(False)
    refused(create, ErrorCode.BAD_FRAME)


def test_ext_types() -> None:
    refused(pack({**FLIP, "id": msgpack.ExtType(5, b"xx")}), ErrorCode.BAD_FRAME)
    refused(pack({**FLIP, "z": msgpack.ExtType(5, b"xx")}), ErrorCode.BAD_FRAME)
    timestamp = b"\xd6\xff" + struct.pack(">I", 1)
    frame = b"\x84" + pack("t") + pack("flip") + pack("id") + pack(1) + pack("step") + pack(1)
    refused(frame + pack("z") + timestamp, ErrorCode.BAD_FRAME)


def test_nan_float_bool_and_out_of_range_where_an_int_belongs() -> None:
    for bad in (float("nan"), float("inf"), 1.0, True, False, -1, 2**32, 2**64 - 1, "1", None):
        refused(pack({**FLIP, "id": bad}), ErrorCode.BAD_MESSAGE)
    refused(pack({"t": "choose", "id": 1, "step": 1, "card": 256}), ErrorCode.BAD_MESSAGE)
    refused(
        pack(
            {
                "t": "create",
                "id": 1,
                "preset": "classic",
                "options": {},
                "seats": 5,
                "public": False,
            }
        ),
        ErrorCode.BAD_MESSAGE,
    )


def test_strings_and_collections_over_their_limits() -> None:
    hello = {"t": "hello", "v": 1, "name": "x" * 33, "token": None, "client": ""}
    refused(pack(hello), ErrorCode.BAD_MESSAGE)
    refused(pack({**hello, "name": ""}), ErrorCode.BAD_MESSAGE)
    opts = {f"k{i}": i for i in range(33)}
    create = {
        "t": "create",
        "id": 1,
        "preset": "classic",
        "options": opts,
        "seats": 2,
        "public": False,
    }
    refused(pack(create), ErrorCode.BAD_MESSAGE)
    refused(pack({**create, "options": {"war_down": [1]}}), ErrorCode.BAD_MESSAGE)


def test_frame_size_limit() -> None:
    refused(b"\x00" * (MAX_CLIENT_FRAME + 1), ErrorCode.TOO_LARGE)
    big = pack({**FLIP, "pad": "x" * (MAX_CLIENT_FRAME - 40)})
    assert len(big) <= MAX_CLIENT_FRAME
    assert decode_client(big) == m.FlipCard(id=7, step=3)


def test_not_a_message() -> None:
    refused("hello", ErrorCode.BAD_FRAME)  # a text frame
    refused(b"", ErrorCode.BAD_FRAME)
    refused(b"\xc1", ErrorCode.BAD_FRAME)
    refused(pack([1, 2]), ErrorCode.BAD_MESSAGE)
    refused(pack([FLIP, FLIP]), ErrorCode.BAD_MESSAGE)  # a bundle: only servers send them
    refused(pack({"id": 1}), ErrorCode.BAD_MESSAGE)
    refused(pack({"t": 5, "id": 1}), ErrorCode.BAD_MESSAGE)
    refused(pack({"t": "flip", "id": 1}), ErrorCode.BAD_MESSAGE)  # missing step


def test_unknown_type_echoes_the_action_id() -> None:
    err = refused(pack({"t": "teleport", "id": 42}), ErrorCode.UNKNOWN_TYPE)
    assert err.action_id == 42
    err = refused(pack({"t": "flip", "id": 43, "step": -1}), ErrorCode.BAD_MESSAGE)
    assert err.action_id == 43


def test_unknown_fields_are_ignored_when_clean() -> None:
    assert decode_client(pack({**FLIP, "hint": [1, "a", None, {"k": 2.5}]})) == m.FlipCard(7, 3)


def test_client_tolerates_newer_server_messages_and_fields() -> None:
    # A newer room event keeps its number, so a client can count it (PROTOCOL.md §4).
    assert decode_server(pack({"t": "fireworks", "seq": 3})) == Unknown("fireworks", 3)
    assert decode_server(pack({"t": "fireworks"})) == Unknown("fireworks", None)
    assert decode_server(pack({"t": "fireworks", "seq": "3"})) == Unknown("fireworks", None)
    ack = decode_server(pack({"t": "ack", "id": 1, "step": 2, "latency_ms": 3}))
    assert ack == m.Ack(id=1, step=2)
    with pytest.raises(ProtocolError) as err:
        decode_server(pack({"t": "ack", "id": "one", "step": 2}))
    assert err.value.code == ErrorCode.BAD_MESSAGE
    with pytest.raises(ProtocolError):
        decode_server(b"\x91" * 5000 + b"\xc0")


def test_a_bundle_is_its_messages_in_order_and_a_newer_type_in_it_is_unknown() -> None:
    server = list(examples.SERVER_EXAMPLES)
    for count in (1, 2, 15, 16, len(server)):  # (16 and more: an array with a 2-byte count)
        messages = [server[i % len(server)] for i in range(count)]
        encoded = [encode(msg) for msg in messages]
        frame = msgpack.packb([msgpack.unpackb(e) for e in encoded])
        assert is_bundle(frame)
        assert decode_server_frame(frame) == messages
        assert split_frame(frame) == encoded
    ack, pong = m.Ack(id=1, step=2), m.Pong(id=3, now_ms=4)
    single = encode(ack)
    assert not is_bundle(single)
    assert decode_server_frame(single) == [ack]
    assert split_frame(single) == [single]
    # A message this client does not know, in the middle: the others still come.
    frame = msgpack.packb(
        [{"t": "ack", "id": 1, "step": 2}, {"t": "fireworks"}, {"t": "pong", "id": 3, "now_ms": 4}]
    )
    assert decode_server_frame(frame) == [ack, Unknown("fireworks"), pong]
    # A broken bundle is an error, not a crash; so is a bundle in a bundle.
    for bad in (b"\x92\x81\xa1t\xa3ack", b"\x91" * 5000 + b"\xc0", msgpack.packb([[{"t": "ack"}]])):
        with pytest.raises(ProtocolError):
            decode_server_frame(bad)


def test_a_hello_without_bundle_still_decodes_and_asks_for_none() -> None:
    old = pack({"t": "hello", "v": 1, "name": "ada", "token": None, "client": "x"})
    assert decode_client(old) == m.Hello(v=1, name="ada", token=None, client="x", bundle=False)
    with pytest.raises(ProtocolError) as err:
        decode_client(
            pack({"t": "hello", "v": 1, "name": "ada", "token": None, "client": "x", "bundle": 1})
        )
    assert err.value.code == ErrorCode.BAD_MESSAGE


def test_a_view_without_longest_war_decodes_as_zero() -> None:
    """Records and snapshots from before ``longest_war`` still decode."""
    snapshot = next(e for e in examples.SERVER_EXAMPLES if isinstance(e, m.Snapshot))
    value = msgspec.to_builtins(snapshot)
    assert value["view"]["longest_war"] == 1
    del value["view"]["longest_war"]
    back = decode_server(pack(value))
    assert isinstance(back, m.Snapshot) and back.view is not None
    assert back.view.longest_war == 0


def test_the_rooms_view_carries_the_engines_longest_war() -> None:
    from engine_support import deal, step

    from server import rooms
    from server.engine import Rules
    from server.rooms.state import RoomRecord

    state = deal(Rules(war_down=0), "5C 9C KC 3S", "5D 9D 2H 4S")
    for _ in range(3):
        step(state)
    rec = RoomRecord("ABC", 1, 0, 0, 0, 0, "classic", {}, False, [], state=state)
    view = rooms.table_view(rec, None)
    assert view is not None and view.longest_war == 2
