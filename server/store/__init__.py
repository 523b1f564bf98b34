"""The data tier: Redis as the source of truth, and the parts that reach it.

- ``keys``          every key and channel, in one catalogue
- ``scripts``       the Lua scripts (the commit's compare-and-set) and the store format
- ``store``         :class:`Store`: rooms and their journals, players, nodes, timers, lobby
- ``update``        what a commit publishes to the other nodes, and its journal entry
- ``pipe``          :class:`RedisPipe`, every call of the server: what each answer means
                    (go again, MOVED/ASK, NOSCRIPT, READONLY/NOREPLICAS), WAIT
- ``target``        where a URL points: one Redis, TLS, Sentinel, Cluster
- ``connection``    one pipelined connection per Redis server, replies in order
- ``sentinel``      the primary the Sentinels name, followed on ``+switch-master``
- ``cluster``       a cluster's slot map, and where MOVED and ASK send a command
- ``subscription``  the node's pub/sub subscription (sharded on a cluster)
- ``embedded``      a private ``redis-server`` for a self-hosted server (its data
                    directory) and the tests (the loopback cluster is tools/redis_rig.py)
"""
