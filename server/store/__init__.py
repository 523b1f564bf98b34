"""The data tier: Redis as the source of truth, and the parts that reach it.

- ``keys``          every key and channel, in one catalogue
- ``scripts``       the Lua scripts (the commit's compare-and-set) and the store format
- ``store``         :class:`Store`: rooms and their journals, players, nodes, timers, lobby
- ``update``        what a commit publishes to the other nodes, and its journal entry
- ``client``        a redis-py client from a URL (for the start's ping, tools and tests)
- ``pipe``          the pipelined connections every call goes through: one Redis, TLS,
                    Sentinel, Cluster (slots, MOVED/ASK), WAIT
- ``subscription``  the node's pub/sub subscription (sharded on a cluster)
- ``embedded``      a private ``redis-server`` for a self-hosted server (its data
                    directory) and the tests (the loopback cluster is tools/redis_rig.py)
"""
