"""A self-signed certificate for the TLS tests, made with the openssl CLI."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

OPENSSL = shutil.which("openssl")


def self_signed(directory: Path) -> tuple[Path, Path]:
    """A certificate for localhost and 127.0.0.1 and its key, made with the openssl CLI."""
    assert OPENSSL is not None
    cert, key = directory / "cert.pem", directory / "key.pem"
    subprocess.run(
        [
            OPENSSL, "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
            "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
            "-keyout", str(key), "-out", str(cert),
        ],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    return cert, key
