"""krig protocol: the wire contract shared by server, CLI client and bots."""
