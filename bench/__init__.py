"""Benchmarks that print figures, from a source checkout (never run as tests):
``python -m bench WHAT`` (``bench/__main__.py``; ``krig-server bench WHAT`` runs it
in the checkout it was installed from, and says so where there is none).

- ``engine``  the rules engine, and the room transition a step runs
  (``krig-server bench engine``, ``krig-server bench transition``)
- ``codec``   the protocol codec (``krig-server bench codec``)
- ``floor``   the game floors: servers doing a step's work with none of krig's layers
- ``stack``   krig against the bare stack it is built on (``krig-server bench stack``)
"""
