"""The edge: HTTP and WebSocket. The only modules that touch websockets' internals.

- ``app``         the listening server: HTTP endpoints, the browser table, the
                  handshake's checks, start and shutdown
- ``connection``  one client: hello, then one reply per action; dispatch is a ``match``
- ``inbox``       a flip taken straight from the socket (no queue, no task switch)
- ``outbox``      frames queued per connection and written once per loop turn
"""
