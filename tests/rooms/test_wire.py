"""The engine's events and the protocol's room events are declared apart
(docs/ARCHITECTURE.md, "Two kinds of event"); these tests keep them in step.

An engine event has a room event of the same tag with the same fields, and the
room event adds only what the room knows (``seq``, and ``step`` where a client
needs it); ``wire_events`` carries every field over. A field added on one side
and not the other, or not copied, fails here.
"""

from __future__ import annotations

import dataclasses
import typing

from msgspec import Struct

from protocol import messages as m
from server.engine import events as ev
from server.rooms.wire import wire_events

ROOM_ONLY = {"seq", "step"}
"""What a room event may carry beyond its engine event."""


def _room_event(engine_type: type) -> type[Struct]:
    tag = ev.EVENT_TYPES[engine_type]
    found = [c for c in m.ROOM_EVENT_TYPES if m.tag_of(c) == tag]
    assert len(found) == 1, f"no room event tagged {tag!r} for {engine_type.__name__}"
    return found[0]


def test_every_engine_event_has_its_room_event() -> None:
    assert set(ev.EVENT_TYPES) == set(typing.get_args(ev.Event))
    for engine_type in ev.EVENT_TYPES:
        room_type = _room_event(engine_type)
        engine_fields = {f.name for f in dataclasses.fields(engine_type)}
        room_fields = set(room_type.__struct_fields__)
        assert engine_fields <= room_fields, (engine_type.__name__, engine_fields - room_fields)
        assert room_fields - engine_fields <= ROOM_ONLY, (
            engine_type.__name__,
            room_fields - engine_fields,
        )


def _sample(engine_type: type, salt: int) -> ev.Event:
    """An instance whose every field holds a value of its own."""
    values: dict[str, object] = {}
    for i, f in enumerate(dataclasses.fields(engine_type)):
        v = salt * 100 + i
        kind = str(f.type)
        if kind.startswith("list[int | None]"):
            values[f.name] = [v, None]
        elif kind.startswith("list"):
            values[f.name] = [v, v + 1]
        elif kind in ("int", "int | None"):
            values[f.name] = v
        else:  # the Literal words: any string goes through unchanged
            values[f.name] = f"word{v}"
    event = engine_type(**values)
    assert isinstance(event, typing.get_args(ev.Event))
    return typing.cast(ev.Event, event)


def test_wire_events_carries_every_field_over() -> None:
    step = 7
    produced = [_sample(t, salt) for salt, t in enumerate(ev.EVENT_TYPES, 1)]
    wired = wire_events(produced, step)
    assert len(wired) == len(produced)
    for engine_event, room_event in zip(produced, wired, strict=True):
        assert type(room_event) is _room_event(type(engine_event))
        for f in dataclasses.fields(engine_event):
            assert getattr(room_event, f.name) == getattr(engine_event, f.name), f.name
        assert room_event.seq == 0
        if "step" in type(room_event).__struct_fields__:
            assert getattr(room_event, "step") == step  # noqa: B009
