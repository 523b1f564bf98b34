"""Limits on what a client may send; the server enforces every one of them."""

from __future__ import annotations

MAX_CLIENT_FRAME = 4096
"""Largest client frame in bytes; a larger one is closed with 1009."""

MAX_SERVER_FRAME = 1 << 20
"""Largest frame a server sends (a snapshot of a full table is far smaller)."""

MAX_BUNDLE = 1 << 16
"""Largest bundled frame (PROTOCOL.md §2a) a server sends, unless it holds one message."""

MAX_DEPTH = 4
"""Deepest nesting of arrays and maps in a client frame (the top-level map is 1)."""

MAX_NAME = 32
MAX_CODE = 12
MAX_TOKEN = 64
MAX_PRESET = 32
MAX_OPTIONS = 32
MAX_OPTION_KEY = 32
MAX_OPTION_STR = 32
MAX_CLIENT_LABEL = 64
MAX_CHAT = 200
"""Longest chat line, in characters."""

MAX_ACTION_ID = 2**32 - 1
MAX_STEP = 2**31 - 1
MAX_SEQ = 2**53 - 1
MAX_OPTION_INT = 2**31 - 1
