"""``boardroom serve`` as a teacher meets it: the input checked before anything is written,
the games kept in the user's data directory, the addresses told in their language (a QR
code for the phones), the start page opened in the browser (``docs/lesson.md``).

>>> room = Settings(host="0.0.0.0", port=8080, room_addresses="192.0.2.2, 10.1.2.3")
>>> print("\\n".join(announcement(room, "en", "/data/boardroom.sqlite3", ["serve"])))
Games are kept in /data/boardroom.sqlite3
Open it on this laptop: http://localhost:8080/
Phones join at: http://192.0.2.2:8080/
Other addresses of this laptop (for phones on another network): http://10.1.2.3:8080/
Stop the server: Ctrl+C
>>> local = Settings(host="127.0.0.1", port=8080)
>>> announcement(local, "ru", "x", ["serve", "--local", "--port", "8080"])[2].split("запустите: ")
['Сервер слушает только этот компьютер, телефоны его не найдут; для урока в сети класса ', \
'boardroom serve --port 8080']
"""

from __future__ import annotations

import io
import os
import shlex
import shutil
import sys
import threading
import webbrowser
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from boardroom.i18n.console import console_language, say
from boardroom.server.config import Settings
from boardroom.server.room import WILDCARDS, port_free

ROOM_NETWORK = "0.0.0.0"
"""Where a lesson's server listens: every interface, so the phones on the room's Wi-Fi reach it."""
LOOPBACK = "127.0.0.1"
DB_FILE = "boardroom.sqlite3"


@dataclass(frozen=True)
class Start:
    """What ``boardroom serve`` was asked for."""

    host: str
    port: int
    db: str | None
    demo: bool
    browser: bool
    json_logs: bool
    lang: str | None
    argv: Sequence[str]
    """The command's own words after ``boardroom`` (to print the command to run instead)."""


def start(asked: Start) -> int:
    """Check, announce and run the server; 2 (nothing written) for a host or port it cannot take."""
    lang = console_language(asked.lang, os.environ)
    settings = Settings.from_env(host=asked.host, port=asked.port, demo=asked.demo)
    problem = refusal(settings, lang, asked.argv)
    if problem:
        print(problem, file=sys.stderr, flush=True)
        return 2
    settings.db_url, where = database(asked.db)
    terminal = sys.stdout.isatty()
    browser = asked.browser and terminal and has_display(os.environ, sys.platform)

    def started() -> None:
        lines = announcement(settings, lang, where, asked.argv, qr=terminal and _blocks_print())
        print("\n".join(["", *lines]), flush=True)
        if browser:
            open_in_browser(local_url(settings.host, settings.port))

    from boardroom.web.serve import serve

    json_logs = asked.json_logs or not sys.stderr.isatty()
    serve(settings, json_logs=json_logs, on_started=started, lang=lang)
    return 0


def refusal(settings: Settings, lang: str, argv: Sequence[str]) -> str | None:
    """One sentence for a ``--host`` that is not this machine's or a port in use, else None."""
    if not settings.room().is_own(settings.host):
        return say(lang, "bad_host", host=settings.host)
    if not port_free(settings.host, settings.port):
        other = next_free_port(settings.host, settings.port)
        command = command_line(argv, drop={"--port": 1}, add=["--port", str(other)])
        return say(lang, "port_busy", port=settings.port, command=command)
    return None


def next_free_port(host: str, port: int) -> int:
    """The first free port above ``port`` (to suggest; ``port + 1`` if none of 50 is)."""
    for candidate in range(port + 1, min(port + 51, 65536)):
        if port_free(host, candidate):
            return candidate
    return port + 1


def database(given: str | None) -> tuple[str, str]:
    """The store's URL and where it is, as a person reads it: ``given`` (a URL, or a SQLite
    file's path), else ``boardroom.sqlite3`` in the user's data directory (made now).

    >>> database("sqlite:////tmp/x.sqlite3")
    ('sqlite:////tmp/x.sqlite3', '/tmp/x.sqlite3')
    >>> database("postgresql://u:pw@db/boardroom")[1]
    'postgresql://db/boardroom'
    """
    if given is None:
        from platformdirs import user_data_dir

        folder = Path(user_data_dir("boardroom", appauthor=False, ensure_exists=True))
        given = str(folder / DB_FILE)
    if "://" not in given:
        path = Path(given).expanduser().resolve()
        return f"sqlite:///{path}", str(path)
    scheme, _, rest = given.partition("://")
    if scheme == "sqlite":
        return given, str(Path(rest[1:]).resolve()) if rest.startswith("/") else given
    return given, f"{scheme}://{rest.rpartition('@')[2]}"  # no password on the screen


def local_url(host: str, port: int) -> str:
    """Where this machine's own browser opens a server listening on ``host``.

    >>> local_url("0.0.0.0", 80), local_url("::1", 80), local_url("192.0.2.2", 80)
    ('http://localhost:80/', 'http://[::1]:80/', 'http://192.0.2.2:80/')
    """
    if host in WILDCARDS or host in ("127.0.0.1", "localhost"):
        return f"http://localhost:{port}/"
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def announcement(
    settings: Settings, lang: str, where: str, argv: Sequence[str], qr: bool = False
) -> list[str]:
    """The lines printed once the server listens: the database, this laptop's address, the
    phones' (with a QR code) and the room's other addresses, or why phones cannot come."""
    lines = [say(lang, "database", where=where)]
    lines.append(say(lang, "local", url=local_url(settings.host, settings.port)))
    room = settings.room()
    if settings.public_url:
        phones = [settings.public_url.rstrip("/")]
    elif room.reachable_from_room(settings.host):
        phones = room.urls(settings.host, settings.port)
    else:
        phones = []
        command = command_line(argv, drop={"--local": 0, "--host": 1})
        lines.append(say(lang, "loopback_only", command=command))
    if phones:
        lines.append(say(lang, "phones", url=phones[0] + "/"))
        if qr:
            lines.append(qr_text(phones[0] + "/"))
    elif room.reachable_from_room(settings.host):
        lines.append(say(lang, "no_room"))
    if len(phones) > 1 and not settings.public_url:
        names = {a.url(settings.port): a.interface for a in room.addresses}
        others = [f"{url}/ ({names[url]})" if names.get(url) else url + "/" for url in phones[1:]]
        lines.append(say(lang, "others", urls=", ".join(others)))
    lines.append(say(lang, "stop"))
    return lines


def qr_text(url: str) -> str:
    """``url`` as a QR code of half blocks (two rows a line), light on the terminal's dark."""
    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue().rstrip("\n")


def _blocks_print() -> bool:
    """Whether the terminal's encoding has the half blocks a QR code is drawn with."""
    try:
        "█▀▄".encode(sys.stdout.encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def command_line(argv: Sequence[str], drop: Mapping[str, int], add: Sequence[str] = ()) -> str:
    """``boardroom`` and ``argv`` without the options of ``drop`` (each with that many
    values), ``add`` at the end: the command to type instead.

    >>> command_line(["serve", "--local", "--port", "80", "--db=x"], {"--local": 0, "--port": 1})
    'boardroom serve --db=x'
    >>> command_line(["serve", "--host=127.0.0.1"], {"--host": 1}, ["--port", "81"])
    'boardroom serve --port 81'
    """
    kept: list[str] = []
    skip = 0
    for word in argv:
        if skip:
            skip -= 1
        elif word in drop:
            skip = drop[word]
        elif word.split("=", 1)[0] not in drop:
            kept.append(word)
    return " ".join(shlex.quote(word) for word in [program(), *kept, *add])


def program(typed: str | None = None) -> str:
    """``boardroom`` as the person can type it again: the name when it is on the ``PATH``
    (``pipx``), else the path they typed (``.venv/bin/boardroom``, as ``make run`` does).

    >>> program("/nowhere/bin/boardroom"), program("/x/boardroom/__main__.py")
    ('/nowhere/bin/boardroom', 'boardroom')
    """
    typed = sys.argv[0] if typed is None else typed
    if Path(typed).name != "boardroom":
        return "boardroom"  # python -m boardroom, or a test calling main()
    found = shutil.which("boardroom")
    if found and Path(found).resolve() == Path(typed).resolve():
        return "boardroom"
    return typed


def has_display(env: Mapping[str, str], platform: str) -> bool:
    """Whether a graphical browser can open here (never a text browser in the terminal).

    >>> has_display({}, "linux"), has_display({"WAYLAND_DISPLAY": "wayland-0"}, "linux")
    (False, True)
    >>> has_display({}, "darwin"), has_display({}, "win32")
    (True, True)
    """
    if platform == "darwin" or platform.startswith("win"):
        return True
    return bool(env.get("DISPLAY") or env.get("WAYLAND_DISPLAY"))


def open_in_browser(url: str) -> bool:
    """Open ``url`` in the desktop's browser, in the background; not if the only browser
    found runs in the terminal (``links``, ``w3m``: it would take the server's terminal)."""
    try:
        browser = webbrowser.get()
    except webbrowser.Error:
        return False
    if type(browser) is webbrowser.GenericBrowser:
        return False
    threading.Thread(target=browser.open, args=(url,), daemon=True).start()
    return True


def room_network_host(local: bool, host: str | None) -> str:
    """The host to listen on: ``--host``, else loopback for ``--local``, else the room's network.

    >>> [room_network_host(*asked) for asked in ((False, None), (True, None), (False, "::"))]
    ['0.0.0.0', '127.0.0.1', '::']
    """
    if host is not None:
        return host
    return LOOPBACK if local else ROOM_NETWORK
