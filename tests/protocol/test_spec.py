"""PROTOCOL.md and the code say the same, in both directions.

Every message type, error code, close code, private message and optional
field that the code has is in the spec, and everything the spec names is in
the code: a client author who reads only the spec is not misled.
"""

from __future__ import annotations

import re

import msgspec

from protocol import messages as m
from protocol.errors import CloseCode, ErrorCode
from tools import golden

SPEC = golden.SPEC.read_text()


def _section(number: str) -> str:
    start = re.search(rf"^## {re.escape(number)}\. .*$", SPEC, re.M)
    assert start, number
    end = re.search(r"^## ", SPEC[start.end() :], re.M)
    return SPEC[start.end() : start.end() + end.start()] if end else SPEC[start.end() :]


def _first_column(text: str) -> list[str]:
    """The first column of a section's tables (not their header rows)."""
    return [c for c in re.findall(r"^\| `([^`]+)` \|", text, re.M) if c != "t"]


def test_the_client_messages_of_section_3_are_the_codes() -> None:
    listed = _first_column(_section("3"))
    assert sorted(listed) == sorted(m.tag_of(c) for c in m.CLIENT_TYPES)
    assert len(listed) == len(set(listed))


def test_the_server_messages_of_section_4_are_the_codes() -> None:
    listed = _first_column(_section("4"))
    assert sorted(listed) == sorted(m.tag_of(c) for c in m.SERVER_TYPES)
    assert len(listed) == len(set(listed))


def test_the_error_codes_of_section_6_are_the_codes() -> None:
    section = _section("6")
    table = section.split("### Close codes")[0]
    listed = _first_column(table)
    assert sorted(listed) == sorted(code.value for code in ErrorCode)


def test_the_close_codes_of_section_6_are_the_codes() -> None:
    closes = _section("6").split("### Close codes")[1]
    listed = [int(n) for n in re.findall(r"^\| (\d{4}) \|", closes, re.M)]
    assert sorted(listed) == sorted(int(c) for c in CloseCode)


def test_the_private_messages_named_in_section_4_are_the_ones_without_a_seq() -> None:
    intro = _section("4").split("| `t` |")[0]
    named = re.search(r"Private\s+messages \(([^)]*)\)", intro)
    assert named, intro
    listed = set(re.findall(r"`([a-z_]+)`", named.group(1)))
    private = {m.tag_of(c) for c in m.SERVER_TYPES if c not in m.ROOM_EVENT_TYPES}
    assert listed == private
    for cls in m.ROOM_EVENT_TYPES:  # (and every room event has its number)
        assert "seq" in cls.__struct_fields__, cls


def test_the_optional_client_fields_of_section_2_are_the_ones_with_defaults() -> None:
    said = re.search(r"except a field marked optional.*?\(([^)]*)\)", _section("2"), re.S)
    assert said
    parts = re.split(r"`([a-z_]+)`'s", said.group(1))  # [before, tag, fields, tag, ...]
    named = {
        (tag, field)
        for tag, fields in zip(parts[1::2], parts[2::2], strict=True)
        for field in re.findall(r"`([a-z_]+)`", fields)
    }
    defaults = set()
    for cls in m.CLIENT_TYPES:
        info = msgspec.structs.fields(cls)
        for f in info:
            if f.default is not msgspec.NODEFAULT or f.default_factory is not msgspec.NODEFAULT:
                defaults.add((m.tag_of(cls), f.name))
    assert named == defaults
