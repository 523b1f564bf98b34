"""Protocol version: negotiated as a WebSocket subprotocol at connect."""

from __future__ import annotations

MAJOR = 1
SUBPROTOCOL = f"krig.v{MAJOR}"
SUPPORTED_SUBPROTOCOLS = (SUBPROTOCOL,)
