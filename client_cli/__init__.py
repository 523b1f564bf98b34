"""krig: the thin terminal client and headless bots; speaks only the protocol."""
