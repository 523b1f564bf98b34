"""The JSON form of a game record (``krig-server record --json``), both ways."""

from __future__ import annotations

import json
from typing import Any

import msgspec

from protocol import messages as m
from protocol.codec import decode_server, encode
from protocol.records import DealProof, GameRecord

_record_decoder = msgspec.msgpack.Decoder(GameRecord)


def to_json(record: GameRecord) -> dict[str, Any]:
    """Inputs as [seat, card] pairs, events decoded to maps."""
    data: dict[str, Any] = msgspec.to_builtins(record)
    data["inputs"] = [
        [record.inputs[i], record.inputs[i + 1]] for i in range(0, len(record.inputs), 2)
    ]
    data["events"] = [msgspec.to_builtins(decode_server(f)) for f in record.events]
    return data


def from_json(data: dict[str, Any]) -> GameRecord:
    values = dict(data)
    values["inputs"] = bytes(b for pair in data["inputs"] for b in pair)
    values["proof"] = msgspec.convert(data["proof"], DealProof)
    values["events"] = [encode(msgspec.convert(e, m.ServerMessage)) for e in data["events"]]
    return msgspec.convert(values, GameRecord)


def load(blob: bytes) -> GameRecord:
    """A record file: JSON or msgpack."""
    if blob.lstrip().startswith(b"{"):
        return from_json(json.loads(blob))
    return _record_decoder.decode(blob)
