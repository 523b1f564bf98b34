"""The edge: HTTP and WebSocket. The only modules that touch websockets' internals.

- ``app``         the listening server: HTTP endpoints, the browser table, the
                  handshake's checks, start and shutdown
- ``connection``  one client: hello, then one reply per action; dispatch is a ``match``;
                  a flip's flight to its batch
- ``handshake``   the first message: the hello read, checked and answered
- ``member``      where the connection's player is: its room and seat, every way in and out
- ``inbox``       a flip taken straight from the socket (no queue, no task switch)
- ``outbox``      frames queued per connection and written once per loop turn
"""
