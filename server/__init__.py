"""krig-server: the authoritative War game server and its pure rules engine."""
