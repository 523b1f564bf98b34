"""How krig's programs run: the event loop, the collector and the allocator.

Shared by the server (``krig-server``) and the client (``krig``, whose load
generator carries as many frames as a server), so that neither imports the
other and the wire contract (``protocol``) stays free of I/O.
"""
