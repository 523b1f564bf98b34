"""Where friends can reach this server: the addresses ``serve`` prints and invite links use.

A server on ``127.0.0.1`` is reachable from this machine only. One that listens
on every interface (``0.0.0.0`` or ``::``) is reachable at the machine's
network addresses; behind a proxy or a forwarded port, only the operator knows
the address, so ``--public-url`` says it.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
from dataclasses import dataclass

EVERY_INTERFACE = frozenset({"", "0.0.0.0", "::", "[::]"})
_PROBE = ("192.0.2.1", 9)
"""A documentation address (TEST-NET-1): connecting a UDP socket to it sends
nothing, it only asks the routing table which local address would be used."""


@dataclass(frozen=True, slots=True)
class Invite:
    """What the page needs to write an invite link a friend can open."""

    public_url: str = ""
    """The operator's address for friends (``--public-url``), without a trailing slash."""
    network_url: str = ""
    """This machine's network address, when the server listens on every interface."""
    local_only: bool = False
    """The server listens on a loopback address: nobody else can reach it."""


def is_loopback(host: str) -> bool:
    host = host.strip("[]")
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def network_addresses() -> list[str]:
    """This machine's IP addresses other than loopback, the routed one first."""
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(_PROBE)  # UDP: no packet is sent
        found.append(str(probe.getsockname()[0]))
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, proto=socket.IPPROTO_TCP):
            found.append(str(info[4][0]))
    usable: list[str] = []
    for text in found:
        try:
            address = ipaddress.ip_address(text.split("%", 1)[0])
        except ValueError:
            continue
        if address.is_loopback or address.is_unspecified or address.is_link_local:
            continue
        if str(address) not in usable:
            usable.append(str(address))
    return usable


def _url(scheme: str, host: str, port: int) -> str:
    if ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"{scheme}://{host}:{port}"


def invite(host: str, port: int, tls: bool, public_url: str) -> Invite:
    scheme = "https" if tls else "http"
    network = ""
    if host in EVERY_INTERFACE:
        found = network_addresses()
        network = _url(scheme, found[0], port) if found else ""
    return Invite(
        public_url=public_url.strip().rstrip("/"),
        network_url=network,
        local_only=is_loopback(host),
    )


def friend_urls(host: str, port: int, tls: bool, public_url: str) -> list[str]:
    """The page's addresses for people on other machines (empty: there is none)."""
    if public_url.strip():
        return [public_url.strip().rstrip("/") + "/"]
    scheme = "https" if tls else "http"
    if host in EVERY_INTERFACE:
        return [_url(scheme, a, port) + "/" for a in network_addresses()]
    if is_loopback(host):
        return []
    return [_url(scheme, host, port) + "/"]


def listening_lines(host: str, port: int, tls: bool, public_url: str) -> list[str]:
    """What ``krig-server serve`` prints once it listens: where to play, and how friends join."""
    scheme, ws = ("https", "wss") if tls else ("http", "ws")
    here = "127.0.0.1" if host in EVERY_INTERFACE else host
    page = _url(scheme, here, port) + "/"
    lines = [f"krig-server listening on {_url(ws, here, port)}/ws (in a browser: {page})"]
    friends = friend_urls(host, port, tls, public_url)
    if friends:
        lines.append("friends can join at: " + "  ".join(friends))
    elif is_loopback(host):
        lines.append(
            "only this machine can join; to let friends in, listen on every interface "
            "(--host 0.0.0.0) or set --public-url (README: friends elsewhere)"
        )
    return lines
