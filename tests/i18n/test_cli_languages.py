"""krig in another language against a real server: line mode plays a whole game (with a war)
in Polish and says no English sentence; ``--help`` is Polish; every language's help and
errors come from its catalogue."""

from __future__ import annotations

import os
import re
import subprocess
from collections.abc import Iterator

import pytest
from server_support import KRIG, ServerProc

from client_cli import i18n
from krig_locales import LANGUAGES, catalogues
from server.store.embedded import RedisProcess

OTHERS = [lang for lang in LANGUAGES if lang != "en"]
WORD = re.compile(r"[^\W\d_]{3,}")
ALLOWED = {"ada"}
"""Names at the table (the other is "bo", too short to be taken for a word)."""


@pytest.fixture(scope="module")
def server(
    redis_proc: RedisProcess, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServerProc]:
    proc = ServerProc(redis_proc.url, "i18n", tmp_path_factory.mktemp("logs")).start()
    yield proc
    proc.stop()


LOCALE = ("KRIG_LANG", "LC_ALL", "LC_MESSAGES", "LANG")
COMMANDS = {"host", "join", "watch", "rooms", "lobby", "quick", "bot", "verify", "load", "replay"}


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """krig with ``args``; with ``env``, the language settings are those alone."""
    base = dict(os.environ)
    if env is not None:
        base = {k: v for k, v in base.items() if k not in LOCALE} | env
    return subprocess.run(
        [KRIG, *args],
        check=False, capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL,
        env=base,
    )  # fmt: skip


def english_only(lang: str, prefixes: tuple[str, ...]) -> set[str]:
    """Words of the English entries under ``prefixes`` that the language's catalogue never
    uses (so seeing one means an English sentence leaked)."""
    theirs = set()
    for key in i18n.keys(lang):
        theirs |= {w.lower() for w in WORD.findall(_raw(lang, key))}
    ours = set()
    for key in i18n.keys("en"):
        if key.startswith(prefixes):
            ours |= {w.lower() for w in WORD.findall(_raw("en", key))}
    return ours - theirs


def _raw(lang: str, key: str) -> str:
    """The entry's text as a translator wrote it (placeholders left out)."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in catalogues(lang))
    found = re.search(rf"^{re.escape(key)} =(.*?)(?=^\S)", text + "\nend", re.S | re.M)
    assert found, key
    # (codes such as game_over or war_down are no words of the language)
    return re.sub(r"\{[^}]*\}|\w+_\w+", " ", found.group(1))


def leaked(output: str, english: set[str]) -> set[str]:
    words = {w.lower() for w in WORD.findall(re.sub(r"\w+_\w+", " ", output))}  # (codes)
    return (words & english) - ALLOWED


def test_polish_line_mode_plays_a_game_with_a_war_in_polish(server: ServerProc) -> None:
    """Against a real server and a second krig (a bot that flips at once: the server's own
    computer players take a second a step); 400 battles hold a war all but surely."""
    host = subprocess.Popen(
        [KRIG, "--lang", "pl", "--url", server.url, "--name", "ada", "host", "--auto",
         "--set", "max_tricks=400", "--ascii"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    assert host.stdout is not None
    first = host.stdout.readline()
    code = re.search(r"[2-9A-Z]{3}-[2-9A-Z]{3}", first)
    assert code, first
    bot = run("--url", server.url, "--name", "bo", "bot", code.group(0))
    rest, errors = host.communicate(timeout=300)
    assert bot.returncode == 0 and host.returncode == 0, (bot.stderr, errors)
    done = subprocess.CompletedProcess(host.args, host.returncode, first + rest, errors)
    lines = done.stdout.splitlines()
    assert re.match(r"kod pokoju: [2-9A-Z]{3}-[2-9A-Z]{3}", lines[0]), lines[0]
    assert any(line.startswith("gra 1 się zaczyna: 2 graczy, karty: 26/26") for line in lines)
    assert any(line.startswith("WOJNA: ") for line in lines), "a war in 400 battles"
    assert any(re.match(r"bitwa \d+: ", line) for line in lines)
    assert any(re.match(r"(ada|bo) bierze \d+ kar", line) for line in lines)
    assert any(line.startswith("koniec gry:") for line in lines)
    english = english_only("pl", ("event-", "lines-", "end-", "out-", "error-", "cli-room"))
    assert {"wins", "cards", "trick", "game", "over", "starts", "players"} <= english
    assert not leaked(done.stdout + done.stderr, english), done.stdout[-2000:]


def test_polish_help_is_polish() -> None:
    english = english_only("pl", ("cli-",)) | {
        "usage", "positional", "arguments", "show", "message", "exit",
    }  # fmt: skip
    for args in (["--help"], ["host", "--help"], ["join", "--help"], ["load", "--help"]):
        done = run("--lang", "pl", *args)
        assert done.returncode == 0, done.stderr
        # (options, choices, metavars, $USER, addresses and command names are not words)
        said = re.sub(r"--?[\w-]+|\{[^}]*\}|\$\w+|ws://\S+|'[^']*'|\b[A-Z_=]+\b", " ", done.stdout)
        said = " ".join(w for w in said.split() if w not in COMMANDS)
        assert not leaked(said, english), (args, leaked(said, english))
        assert "użycie: krig" in done.stdout and "opcje:" in done.stdout
    top = run("--lang", "pl", "--help").stdout
    assert "graj w wojnę w terminalu" in top and "przykłady:" in top
    assert "załóż pokój, pokaż jego kod i graj" in top


@pytest.mark.parametrize("lang", OTHERS)
def test_each_language_says_its_help_and_its_errors(lang: str) -> None:
    done = run("--help", env={"KRIG_LANG": lang})
    assert done.returncode == 0
    assert i18n.say_in(lang, "cli-host") in done.stdout
    assert i18n.say_in(lang, "cli-usage") in done.stdout
    assert "show this help message" not in done.stdout
    bad = run("host", "--seats", "5", env={"LC_ALL": f"{lang}_XX.UTF-8"})
    assert bad.returncode == 2
    what = i18n.say_in(lang, "cli-what-seats")
    assert i18n.say_in(lang, "cli-is-one-of", what=what, values="2, 3", high="4", value="5") in (
        bad.stderr
    ), bad.stderr


def test_an_unknown_language_is_refused_by_name() -> None:
    done = run("--lang", "de", "rooms")
    assert done.returncode == 2
    assert "krig speaks en, nb, pl, lv, hr, sv, not 'de'" in done.stderr


def test_a_refusal_is_said_in_the_language(server: ServerProc) -> None:
    done = run("--lang", "hr", "--url", server.url, "join", "ZZZ-ZZ2")
    assert done.returncode == 1
    assert "krig: Nijedna soba nema taj kod. Provjeri ga s domaćinom." in done.stderr
    english = run("--lang", "en", "--url", server.url, "join", "ZZZ-ZZ2")
    assert "No room has the code 'ZZZ-ZZ2'." in english.stderr  # (the server's sentence)
