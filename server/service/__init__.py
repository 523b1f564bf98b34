"""The room service: every room change goes through here, and no socket does.

- ``service``   :class:`RoomService`: load a room, run a transition, compare-and-set,
                retry on a conflict; hands each commit to a :class:`Delivery`
- ``batching``  the plays of one room that arrive together share one commit
- ``delivery``  local delivery: each commit's events to this node's members of
                the room, in sequence order, and the private messages they call for
- ``pubsub``    the node's subscription: other nodes' commits and lobby changes
- ``entry``     ways into a room: create, join by code, quick-join
- ``jobs``      background jobs: heartbeat, reconcile, dead nodes, due timers
- ``node``      :class:`Node`: one server process's parts, put together
"""
