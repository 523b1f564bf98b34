"""The golden vectors pin the wire format; the spec documents every message and code."""

from __future__ import annotations

import json
import subprocess
import sys

import msgpack
import msgspec

from protocol.codec import decode_client, decode_server, decode_server_frame, encode, is_bundle
from protocol.errors import ErrorCode
from protocol.messages import CLIENT_TYPES, SERVER_TYPES, Record, tag_of
from server.transport.outbox import bundled
from tools import golden

VECTORS = json.loads(golden.GOLDEN.read_text())["vectors"]


def test_every_message_type_has_a_vector() -> None:
    client = {v["type"] for v in VECTORS if v["direction"] == "client"}
    server = {v["type"] for v in VECTORS if v["direction"] == "server"}
    assert client == {tag_of(c) for c in CLIENT_TYPES}
    assert server == {tag_of(c) for c in SERVER_TYPES}


def test_vectors_decode_to_their_value_and_encode_back_byte_for_byte() -> None:
    for vec in VECTORS:
        data = bytes.fromhex(vec["hex"])
        message = decode_client(data) if vec["direction"] == "client" else decode_server(data)
        assert tag_of(type(message)) == vec["type"]
        assert msgspec.to_builtins(message) == vec["value"]
        assert encode(message) == data
        # An independent msgpack implementation reads the same map.
        # (bin fields come back as bytes; the vector file holds them as base64.)
        assert msgspec.to_builtins(msgpack.unpackb(data, raw=False)) == vec["value"]


def test_golden_file_and_spec_examples_are_up_to_date() -> None:
    done = subprocess.run(
        [sys.executable, "tools/golden.py", "--check"],
        check=False,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout


def test_spec_lists_every_error_code_and_message_type() -> None:
    spec = golden.SPEC.read_text()
    for code in ErrorCode:
        assert f"| `{code.value}` |" in spec, code
    for cls in (*CLIENT_TYPES, *SERVER_TYPES):
        assert f"| `{tag_of(cls)}` |" in spec, cls


CASES = json.loads(golden.GOLDEN.read_text())["cases"]


def test_the_special_frames_decode_to_their_value_and_encode_back() -> None:
    names = {case["name"] for case in CASES}
    assert {"bundle", "error_without_id", "joined_on_resume", "record_with_events"} <= names
    for case in CASES:
        data = bytes.fromhex(case["hex"])
        messages = decode_server_frame(data)
        value = case["value"] if isinstance(case["value"], list) else [case["value"]]
        assert [msgspec.to_builtins(msg) for msg in messages] == value, case["name"]
        assert is_bundle(data) == (len(messages) > 1)
        assert msgspec.to_builtins(msgpack.unpackb(data, raw=False)) == case["value"]
        again = [encode(msg) for msg in messages]
        assert (bundled(again) if len(again) > 1 else again) == [data], case["name"]


def test_a_records_events_are_frames_of_their_own() -> None:
    (case,) = [c for c in CASES if c["name"] == "record_with_events"]
    record = decode_server(bytes.fromhex(case["hex"]))
    assert isinstance(record, Record)
    kinds = [type(decode_server(frame)).__name__ for frame in record.record.events]
    assert kinds == ["GameStarted", "Acted", "Acted", "Revealed"]
    assert record.record.inputs == b"\x00\x00\x01\x00"
