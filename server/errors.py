"""The server's errors, in one tree: a peer's fault is told apart from a bug.

.. code-block:: text

    KrigError
    ├── PeerError ............... the other side's fault: answered, never a crash
    │   └── Refused ............. an action the rules or the room refuse (an ErrorCode)
    └── SetupError .............. this server cannot start as configured (exit status 2)
        ├── SettingsError ....... a flag or variable out of its range (server.config)
        ├── RedisUrlError ....... a Redis URL it cannot use
        ├── RedisNotFound ....... no redis-server to start (server.store.embedded)
        ├── RedisStartError ..... the private redis-server did not start
        ├── DataDirError ........ the data directory is another server's, or not usable
        └── StoreFormatMismatch . a live node keeps rooms in another store format

``krig-server`` catches :class:`SetupError` once (``server.cli.main``), prints
``krig-server: `` with its ``prefix`` and message, and exits with status 2.

Raised elsewhere, and turned into the above where they cross into the server:

- ``protocol.codec.ProtocolError``: a frame that cannot be read (a peer's
  fault; the protocol package stands alone, so it is not in this tree).
  Answered with its ``code``; repeated ones close the connection.
- ``server.engine.RuleViolation`` and ``RulesError``: the pure engine's
  refusals. A room transition turns them into :class:`Refused`
  (``server.rooms.wire.VIOLATIONS``).
- ``redis.exceptions.RedisError`` and ``OSError``: the store is unreachable.
  Not a peer's fault and not a bug: the action is answered with ``internal``
  ("nothing was changed") and the client may retry.

Any other exception is a bug: it is logged with its traceback
(``action_failed``) and the client is answered with ``internal``.
"""

from __future__ import annotations

from protocol.errors import ErrorCode


class KrigError(Exception):
    """Base of every error the server raises on purpose."""


class PeerError(KrigError):
    """The other side did something the server will not do; it is told why."""


class Refused(PeerError):
    """An action refused; ``code`` and ``message`` are sent back as an ``error``.

    A transition raises it before it changes the record, so the caller can
    simply drop the record (``server.rooms``)."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class SetupError(KrigError):
    """The server cannot start as configured; the message says why, for a person."""

    prefix = ""
    """What the message is about, said before it (``--redis-url: ``)."""


def refuse_to_start(exc: SetupError) -> int:
    """Say why on stderr, for a person, and give the exit status (2) for ``main`` to return."""
    import sys

    print(f"krig-server: {exc.prefix}{exc}", file=sys.stderr)
    return 2


class RedisUrlError(SetupError, ValueError):
    """A Redis URL this server cannot use; the message says why."""

    prefix = "--redis-url: "


class StoreFormatMismatch(SetupError):
    """A live node keeps rooms in another store format (``server.store.scripts.STORE_FORMAT``)."""

    prefix = "not starting: "

    def __init__(self, node: str, format_: str, ours: int) -> None:
        super().__init__(
            f"node {node} keeps rooms in store format {format_} and is live on this Redis; "
            f"this build keeps them in format {ours}, and the two would overwrite "
            "each other's games. Stop every node of the other build first (Redis keeps "
            "the games; docs/OPERATIONS.md, rolling deploys)"
        )
        self.node = node
        self.format = format_
