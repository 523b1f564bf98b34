"""Hypothesis: any bytes, any msgpack value, any mutation of a real frame decode
to a valid message or to ProtocolError, never anything else."""

from __future__ import annotations

import msgpack
import msgspec
from hypothesis import given
from hypothesis import strategies as st

from protocol.codec import ProtocolError, decode_client, encode
from protocol.messages import CLIENT_TYPES
from tools import examples

FRAMES = [encode(m) for m in examples.CLIENT_EXAMPLES]

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**64 - 1)
    | st.floats(allow_nan=True)
    | st.text(max_size=40)
    | st.binary(max_size=40)
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(
            st.text(max_size=10) | st.integers(-(2**63), 2**64 - 1), inner, max_size=5
        )
    ),
    max_leaves=25,
)
tags = st.sampled_from(["hello", "create", "join", "flip", "choose", "ping", "resync", "zap"])


def _check(data: bytes) -> None:
    try:
        message = decode_client(data)
    except ProtocolError as exc:
        assert exc.code and exc.message
        return
    assert isinstance(message, CLIENT_TYPES)
    # A message that decodes is valid: it round-trips through the codec.
    assert decode_client(encode(message)) == message


@given(st.binary(max_size=200))
def test_random_bytes(data: bytes) -> None:
    _check(data)


@given(values)
def test_random_msgpack_values(value: object) -> None:
    _check(msgpack.packb(value, use_bin_type=True))


@given(
    tags,
    st.dictionaries(
        st.sampled_from(
            ["id", "step", "card", "name", "v", "token", "code", "seat", "options", "x"]
        ),
        values,
        max_size=6,
    ),
)
def test_random_message_shaped_maps(tag: str, fields: dict[str, object]) -> None:
    _check(msgpack.packb({"t": tag, **fields}, use_bin_type=True))


@given(st.sampled_from(FRAMES), st.data())
def test_mutated_real_frames(frame: bytes, data: st.DataObject) -> None:
    raw = bytearray(frame)
    for _ in range(data.draw(st.integers(1, 4))):
        op = data.draw(st.sampled_from(["flip", "insert", "delete"]))
        i = data.draw(st.integers(0, max(0, len(raw) - 1)))
        if op == "flip" and raw:
            raw[i] = data.draw(st.integers(0, 255))
        elif op == "insert":
            raw.insert(i, data.draw(st.integers(0, 255)))
        elif raw:
            del raw[i]
    _check(bytes(raw))


def test_msgspec_errors_are_the_only_decoder_failures() -> None:
    # Sanity check of the assumption the codec builds on.
    assert issubclass(msgspec.ValidationError, msgspec.DecodeError)
