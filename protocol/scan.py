"""A strict structural check of raw msgpack bytes, without building values.

msgspec validates the fields a message declares, but skips unknown fields
unchecked and lets a repeated key silently win.  Frames that could hide such
things (see :func:`protocol.codec.decode_client`) are walked here first:
exactly one value, no trailing bytes, no ext types (timestamps included), map
keys that are strings and never repeat, valid UTF-8, declared lengths that the
frame can hold, and nesting no deeper than ``max_depth``.
"""

from __future__ import annotations

from protocol.errors import ErrorCode


class StructureError(ValueError):
    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code


_FIXED = {
    0xC0: 0, 0xC2: 0, 0xC3: 0,  # nil, false, true
    0xCA: 4, 0xCB: 8,  # float32, float64
    0xCC: 1, 0xCD: 2, 0xCE: 4, 0xCF: 8,  # uint
    0xD0: 1, 0xD1: 2, 0xD2: 4, 0xD3: 8,  # int
}  # fmt: skip
_STR = {0xD9: 1, 0xDA: 2, 0xDB: 4}
_BIN = {0xC4: 1, 0xC5: 2, 0xC6: 4}
_ARRAY = {0xDC: 2, 0xDD: 4}
_MAP = {0xDE: 2, 0xDF: 4}
_EXT = frozenset({0xC7, 0xC8, 0xC9, 0xD4, 0xD5, 0xD6, 0xD7, 0xD8})


def _bad(message: str) -> StructureError:
    return StructureError(ErrorCode.BAD_FRAME, message)


def check_structure(data: bytes, max_depth: int) -> None:
    """Raise :class:`StructureError` unless ``data`` is one clean msgpack value."""
    n = len(data)
    pos = 0
    # Each open container: [items left, keys seen (maps) or None].  Map items
    # alternate key, value; an even count left means the next item is a key.
    stack: list[list[object]] = []

    def need(count: int) -> None:
        if pos + count > n:
            raise _bad("truncated msgpack data")

    def length(width: int) -> int:
        need(width)
        return int.from_bytes(data[pos : pos + width], "big")

    while True:
        is_key = False
        if stack:
            frame = stack[-1]
            left = frame[0]
            assert isinstance(left, int)
            if left == 0:
                stack.pop()
                if not stack:
                    break
                continue
            is_key = frame[1] is not None and left % 2 == 0
            frame[0] = left - 1
        elif pos:
            break
        need(1)
        b = data[pos]
        pos += 1
        if b <= 0x7F or b >= 0xE0:
            size = 0
            kind = "int"
        elif 0xA0 <= b <= 0xBF:
            size = b & 0x1F
            kind = "str"
        elif b in _STR:
            w = _STR[b]
            size = length(w)
            pos += w
            kind = "str"
        elif 0x80 <= b <= 0x8F or 0x90 <= b <= 0x9F or b in _ARRAY or b in _MAP:
            if b <= 0x9F:
                count = b & 0x0F
                is_map = b <= 0x8F
            else:
                w = (_ARRAY | _MAP)[b]
                count = length(w)
                pos += w
                is_map = b in _MAP
            if is_key:
                raise _bad("a map key must be a string")
            items = count * 2 if is_map else count
            if items > n - pos:
                raise _bad("a collection declares more items than the frame holds")
            if len(stack) + 1 > max_depth:
                raise _bad(f"nested deeper than {max_depth} levels")
            stack.append([items, set() if is_map else None])
            if not stack[-1][0] and len(stack) == 1:
                stack.pop()
                break
            continue
        elif b in _FIXED:
            size = _FIXED[b]
            kind = "scalar"
        elif b in _BIN:
            w = _BIN[b]
            size = length(w)
            pos += w
            kind = "bin"
        elif b in _EXT:
            raise _bad("msgpack ext types are not accepted")
        else:
            raise _bad(f"byte 0x{b:02x} is not valid msgpack")
        need(size)
        if kind == "str":
            try:
                text = data[pos : pos + size].decode("utf-8")
            except UnicodeDecodeError:
                raise _bad("a string is not valid UTF-8") from None
            if is_key:
                seen = stack[-1][1]
                assert isinstance(seen, set)
                if text in seen:
                    raise _bad(f"map key {text!r} appears twice")
                seen.add(text)
        elif is_key:
            raise _bad("a map key must be a string")
        pos += size
        if not stack:
            break
    if pos != n:
        raise _bad(f"{n - pos} trailing bytes after the message")
