"""Codec benchmark: decode+validate and encode rates of a flip frame on one core."""

from __future__ import annotations

import time
from typing import Any

from protocol.codec import decode_client, encode
from protocol.messages import FlipCard


def codec_bench(count: int = 500_000, repeats: int = 3) -> dict[str, Any]:
    message = FlipCard(id=123_456, step=4_321)
    frame = encode(message)
    best_decode = best_encode = float("inf")
    for _ in range(repeats):
        began = time.perf_counter()
        for _ in range(count):
            decode_client(frame)
        best_decode = min(best_decode, time.perf_counter() - began)
        began = time.perf_counter()
        for _ in range(count):
            encode(message)
        best_encode = min(best_encode, time.perf_counter() - began)
    return {
        "benchmark": "codec",
        "message": "flip",
        "frame_bytes": len(frame),
        "count": count,
        "decodes_per_s": count / best_decode,
        "encodes_per_s": count / best_encode,
    }
