"""The chaos soak: krig nodes on Sentinel, rooms of paced bots, a fault a minute, a fuzzer.

    python -m tools.chaos --minutes 60 --report /tmp/chaos.md

Not part of CI. See :mod:`tools.chaos.__main__` for what it starts and reports.
"""
