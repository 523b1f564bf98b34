"""A room's journal read for its events: the resync log and the latest event.

A room's journal (``krig:{CODE}:j:V``, server.store.keys) holds the entries
the resync log keeps from before the room's record, then a step of play a
commit, and perhaps strays (steps refused, left until the next record
write). Both reads go through the JOURNAL script, which finds the journal of
the room's current record, and leave the strays out.
"""

from __future__ import annotations

import itertools
from typing import Any

from server.store.connection import Command
from server.store.keys import journal_prefix, old_journal_key, room_key
from server.store.replies import Calls, as_bytes, script_sha
from server.store.scripts import JOURNAL
from server.store.update import JournalEntry, decode_entry, last_frame, standing


def _last_event(entry: JournalEntry) -> tuple[int, bytes | None]:
    """A journal entry's last event number, and its frame if the entry has it (its
    own last event's, or, for a commit of no event, the one before it: ``last``)."""
    return entry.last_seq, last_frame(None, -1, entry.frames, entry.last_seq, entry.last)


def _standing_journal(reply: list[Any]) -> list[JournalEntry]:
    """The JOURNAL script's entries (``{v, h, entry...}``), strays left out."""
    v, h, *entries = reply
    kept = [decode_entry(as_bytes(e)) for e in entries]
    head = int(h)
    return kept[: head + standing(int(v), kept[head:])]


class Journals:
    """Reads of the rooms' journals (``Store.journals``)."""

    def __init__(self, run: Calls, quick: Calls) -> None:
        self._run = run
        self._quick = quick
        self._sha = script_sha(JOURNAL)

    def _journal(self, code: str, part: str) -> Command:
        keys = (room_key(code), old_journal_key(code))
        return ("EVALSHA", self._sha, 2, *keys, journal_prefix(code), part)

    async def lasts(self, codes: list[str]) -> list[tuple[int, bytes | None] | None]:
        """Each room's latest event number and that event's frame (None when its last
        commit numbered no event), or None where the room is gone; one round trip (two
        when some have strays)."""
        replies = await self._quick([self._journal(code, "last") for code in codes])
        lasts: list[tuple[int, bytes | None] | None] = []
        strays: list[int] = []
        for i, reply in enumerate(replies):
            if not reply or reply[3] is None:
                lasts.append(None)
                continue
            v, h, length, blob = reply
            entry = decode_entry(as_bytes(blob))
            if entry.version != int(v) + int(length) - int(h):
                strays.append(i)  # (strays after the steps: read them all, below)
            lasts.append(_last_event(entry))
        if strays:
            whole = await self._quick([self._journal(codes[i], "all") for i in strays])
            for i, reply in zip(strays, whole, strict=True):
                kept = _standing_journal(reply) if reply else []
                lasts[i] = _last_event(kept[-1]) if kept else None
        return lasts

    async def events_after(
        self, code: str, after: int, overlap: int = 0
    ) -> tuple[int, list[bytes]] | None:
        """(The room's last seq, frames of every kept event with seq > ``after``), or None
        if some are gone. A last seq below ``after`` means the caller has seen more of
        the room than the store holds (it went back in time). ``overlap``: as many
        events up to ``after`` as well, those the journal still keeps (the caller
        compares them with what it sent; the frames' first seq says how many came)."""
        (reply,) = await self._run([self._journal(code, "all")])
        kept = _standing_journal(reply) if reply else []
        if not kept:
            return None
        if after + 1 < kept[0].first_seq:
            return None
        frames: list[bytes] = []
        for before, entry in itertools.pairwise(kept):
            if entry.first_seq != before.last_seq + 1:
                # Not one run of numbers: the store went back in time and the room's
                # numbers jumped (server.rooms.history). Only a snapshot is right.
                return None
        start = max(after + 1 - overlap, kept[0].first_seq)
        for entry in kept:
            skip = max(0, start - entry.first_seq)
            frames.extend(entry.frames[skip:])
        return kept[-1].last_seq, frames
