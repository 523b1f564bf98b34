"""How krig-server serves the browser table: cached files, invite addresses, TLS.

Real servers and real HTTP requests: a reload asks with ``If-None-Match`` and
gets ``304`` without the file; the page carries the addresses friends can use;
with ``--tls-cert``/``--tls-key`` (a self-signed certificate made here with
the openssl CLI) the page is served over https and ``krig --url wss://…``
plays.
"""

from __future__ import annotations

import http.client
import os
import re
import ssl
import subprocess
from typing import Any

import pytest
from server_support import KRIG, KRIG_SERVER, ROOT, ServerProc
from tls_support import OPENSSL, self_signed

from server import addresses, config
from server.store.embedded import RedisProcess
from server.web_assets import Site


def _get(
    port: int, path: str, headers: dict[str, str] | None = None, context: Any = None
) -> tuple[int, dict[str, str], bytes]:
    if context is None:
        conn: http.client.HTTPConnection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    else:
        conn = http.client.HTTPSConnection("localhost", port, timeout=10, context=context)
    try:
        conn.request("GET", path, headers=headers or {})
        response = conn.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        conn.close()


@pytest.fixture(scope="module")
def server(redis_proc: RedisProcess, tmp_path_factory: pytest.TempPathFactory) -> Any:
    srv = ServerProc(
        redis_proc.url, "serving", tmp_path_factory.mktemp("serving"),
        public_url="https://krig.example.org/",
    ).start()  # fmt: skip
    yield srv
    srv.stop()


def test_a_reload_gets_304_for_what_it_already_has(server: ServerProc) -> None:
    pages = ("/", "/r/ABC-DEF", "/r/ABC-DEF/g/2", "/replay")
    for path in (*pages, "/static/app.js", "/static/replay.js", "/static/vendor/preact.module.js"):
        status, headers, body = _get(server.port, path)
        assert status == 200 and body, path
        etag = headers["etag"]
        assert re.fullmatch(r'"[0-9a-f]{32}"', etag), etag
        assert headers["cache-control"] == "no-cache"  # (so the browser asks, with the ETag)
        status, again, body = _get(server.port, path, {"If-None-Match": etag})
        assert (status, body, again["etag"]) == (304, b"", etag), path
        status, _, body = _get(server.port, path, {"If-None-Match": '"something-else"'})
        assert status == 200 and body, path
    # Each file has its own tag; the page paths are one page.
    tags = {_get(server.port, p)[1]["etag"] for p in (*pages, "/static/style.css")}
    assert len(tags) == 2
    for other in ("/r/ABC-DEF/g/x", "/r/ABC-DEF/h/1", "/replays"):
        assert _get(server.port, other)[0] == 404, other
    status, headers, _ = _get(server.port, "/static/vendor/htm.module.js")
    assert status == 200 and headers["content-type"].startswith("text/javascript")
    assert _get(server.port, "/static/vendor/../app.js")[0] == 404
    assert _get(server.port, "/static/index.html")[0] == 404


def test_every_page_file_is_served(server: ServerProc) -> None:
    web = ROOT / "server" / "web"
    page = _get(server.port, "/")[2].decode()
    for path in sorted(web.rglob("*")):
        if path.suffix in (".js", ".css", ".svg"):
            name = path.relative_to(web).as_posix()
            status, _, body = _get(server.port, f"/static/{name}")
            assert (status, body) == (200, path.read_bytes()), name
    for linked in re.findall(r'(?:href|src)="(/static/[^"]+)"', page):
        assert _get(server.port, linked)[0] == 200, linked
    # The vendored libraries come with their licences.
    assert (web / "vendor" / "LICENSE-preact.txt").read_text().startswith("The MIT License")
    assert "Apache License" in (web / "vendor" / "LICENSE-htm.txt").read_text()


def test_the_page_carries_the_address_for_friends(server: ServerProc) -> None:
    page = _get(server.port, "/r/ABC-DEF")[2].decode()
    assert '<meta name="krig-public-url" content="https://krig.example.org">' in page
    assert "<!-- krig:invite -->" not in page


def test_addresses_friends_can_use(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(addresses, "network_addresses", lambda: ["192.168.1.20", "fd00::7"])
    # Every interface: the machine's network addresses.
    assert addresses.friend_urls("0.0.0.0", 8765, False, "") == [
        "http://192.168.1.20:8765/", "http://[fd00::7]:8765/",
    ]  # fmt: skip
    lines = addresses.listening_lines("0.0.0.0", 8765, True, "")
    assert lines[0] == (
        "krig-server listening on wss://127.0.0.1:8765/ws (in a browser: https://127.0.0.1:8765/)"
    )
    assert lines[1] == "friends can join at: https://192.168.1.20:8765/  https://[fd00::7]:8765/"
    assert addresses.invite("::", 8765, False, "") == addresses.Invite(
        network_url="http://192.168.1.20:8765"
    )
    # A public URL (a proxy, a forwarded port) wins.
    assert addresses.friend_urls("0.0.0.0", 8765, False, "https://krig.example.org/") == [
        "https://krig.example.org/"
    ]
    # Loopback: nobody else can join, and the server says how to let friends in.
    assert addresses.friend_urls("127.0.0.1", 8765, False, "") == []
    lines = addresses.listening_lines("127.0.0.1", 8765, False, "")
    assert "--host 0.0.0.0" in lines[1] and "--public-url" in lines[1]
    assert addresses.invite("127.0.0.1", 8765, False, "").local_only
    # One address of the machine: that one.
    assert addresses.friend_urls("10.1.2.3", 9000, False, "") == ["http://10.1.2.3:9000/"]


def test_the_machine_has_addresses_or_says_none() -> None:
    found = addresses.network_addresses()
    assert all(not addresses.is_loopback(a) for a in found)


def test_the_invite_settings_come_from_flags_and_the_environment() -> None:
    from server.cli import build_parser

    args = build_parser().parse_args(
        ["serve", "--tls-cert", "c.pem", "--tls-key", "k.pem", "--public-url", "https://x.org"]
    )
    s = config.load(args, environ={})
    assert (s.tls_cert, s.tls_key, s.public_url) == ("c.pem", "k.pem", "https://x.org")
    s = config.load(None, environ={"KRIG_PUBLIC_URL": "https://y.org"})
    assert s.public_url == "https://y.org"


def test_a_key_without_a_certificate_is_refused() -> None:
    done = subprocess.run(
        [KRIG_SERVER, "serve", "--tls-key", "k.pem"],
        cwd=ROOT, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 2 and "--tls-key needs --tls-cert" in done.stderr
    done = subprocess.run(
        [KRIG_SERVER, "serve", "--tls-cert", "/nonexistent.pem"],
        cwd=ROOT, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 2 and "--tls-cert" in done.stderr


def test_site_etag_matches_any_of_a_list() -> None:
    site = Site()
    found = site.lookup("/static/app.js")
    assert found is not None
    etag = dict(found[1])["ETag"]
    again = site.lookup("/static/app.js", f'"x", W/{etag}')
    assert again is not None and again[0] == 304
    star = site.lookup("/", "*")
    assert star is not None and star[0] == 304
    assert site.lookup("/ws") is None


@pytest.fixture(scope="module")
def tls_server(redis_proc: RedisProcess, tmp_path_factory: pytest.TempPathFactory) -> Any:
    if OPENSSL is None:
        pytest.skip("the openssl CLI is not installed")
    where = tmp_path_factory.mktemp("tls")
    cert, key = self_signed(where)
    srv = ServerProc(redis_proc.url, "tls", where, tls_cert=str(cert), tls_key=str(key)).start()
    srv.cert = cert  # type: ignore[attr-defined]
    yield srv
    srv.stop()


def test_tls_serves_the_page_over_https(tls_server: ServerProc) -> None:
    context = ssl.create_default_context(cafile=str(tls_server.cert))  # type: ignore[attr-defined]
    status, headers, body = _get(tls_server.port, "/", context=context)
    assert status == 200 and b"krig" in body
    assert "wss://" in headers["content-security-policy"]
    # Plain http on the TLS port is not served.
    with pytest.raises((http.client.HTTPException, ConnectionError, OSError)):
        _get(tls_server.port, "/")


def test_the_cli_plays_over_wss(tls_server: ServerProc) -> None:
    env = {**os.environ, "SSL_CERT_FILE": str(tls_server.cert)}  # type: ignore[attr-defined]
    url = f"wss://localhost:{tls_server.port}/ws"
    host = subprocess.Popen(
        [KRIG, "--url", url, "--name", "Ada", "host",
         "--lines", "--auto", "--set", "min_rank=10", "--set", "max_tricks=20"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        assert host.stdout is not None
        code = None
        for line in host.stdout:
            found = re.search(r"\b([A-Z0-9]{3}-[A-Z0-9]{3})\b", line)
            if found:
                code = found.group(1)
                break
        assert code is not None
        joined = subprocess.run(
            [KRIG, "--url", url, "--name", "Bo", "join",
             code, "--lines", "--auto"],
            cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False,
        )  # fmt: skip
        assert joined.returncode == 0, joined.stdout + joined.stderr
        assert re.search(r"win|draw", joined.stdout, re.I), joined.stdout
    finally:
        host.kill()
        host.wait()
