"""The data tier: Redis as the source of truth, and the parts that reach it.

- ``keys``          every key and channel, in one catalogue
- ``scripts``       the Lua scripts (the commit's compare-and-set) and the store format
- ``store``         :class:`Store`: rooms, logs, tails, players, nodes, timers, lobby
- ``update``        what a commit publishes to the other nodes
- ``client``        a redis-py client from a URL (one primary, or through Sentinel)
- ``pipe``          the hot path's pipelined connection for the commit script
- ``subscription``  the node's pub/sub subscription
- ``embedded``      a private ``redis-server`` for a self-hosted server and the tests
"""
