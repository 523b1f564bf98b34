"""Development tools, from a source checkout: they write files, never run in a server.

- ``golden``    the golden vectors (``protocol/golden_v1.json``) and PROTOCOL.md's examples
- ``examples``  one example of every message: the golden vectors' source
"""
