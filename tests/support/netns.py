"""A teacher's laptop on a classroom network, made on this machine: a network namespace joined
to this one by a veth pair, where a server and a browser run as on the laptop.

Inside the namespace the laptop has ``lo``, ``eth0`` at ``LAPTOP_IP`` (198.51.100.2/24, its
default route via ``ROOM_IP``, the test's side of the pair) and ``wlan0`` at ``SECOND_IP``
(203.0.113.5/24, a second network whose other end has no address: nothing travels on it).
The test process (the "phone") stays outside and reaches the laptop at ``LAPTOP_IP`` only:
all traffic stays on this machine, inside a namespace the test made. Everything is removed at
the end, also on failure. Needs root and ``ip`` (iproute2, installed by scripts/iproute2.sh if
missing); ``skip_reason`` says why not.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from support.browser import chromium_path
from support.servers import ROOT, Server

ROOM_IP = "198.51.100.1"
LAPTOP_IP = "198.51.100.2"
SECOND_IP = "203.0.113.5"
PREFIX = "br-laptop-"
"""Our namespaces' names: PREFIX + the creating process's id (a crashed run's is removed
by the next run)."""


def ip_path() -> str | None:
    """``ip``, installed by scripts/iproute2.sh when missing and apt-get is there."""
    if shutil.which("ip") is None and shutil.which("apt-get") and os.geteuid() == 0:
        subprocess.run(["bash", str(ROOT / "scripts" / "iproute2.sh")], check=False)
    return shutil.which("ip")


def skip_reason() -> str | None:
    """Why no namespace can be made here (``None``: one can)."""
    if sys.platform != "linux":
        return "network namespaces are Linux's"
    if os.geteuid() != 0:
        return "making a network namespace needs root"
    if ip_path() is None:
        return "no `ip` command (iproute2): run scripts/iproute2.sh"
    probe = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True)
    if probe.returncode != 0:
        return f"`ip netns` does not work here: {probe.stderr.strip()}"
    return None


def _ip(*args: str) -> None:
    done = subprocess.run(["ip", *args], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"ip {' '.join(args)}: {done.stderr.strip()}")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def _remove_stale() -> None:
    """Namespaces a crashed run of ours left (their veth ends go with them)."""
    listed = subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout
    for line in listed.splitlines():
        name = line.split()[0] if line.split() else ""
        pid = name.removeprefix(PREFIX)
        if name.startswith(PREFIX) and pid.isdigit() and not _alive(int(pid)):
            subprocess.run(["ip", "netns", "del", name], capture_output=True)


@dataclass(frozen=True)
class Laptop:
    """A namespace made by ``laptop()``: run commands in it with ``prefix``."""

    name: str

    @property
    def prefix(self) -> list[str]:
        return ["ip", "netns", "exec", self.name]

    def chromium(self, folder: Path) -> str:
        """A script that starts Debian's chromium inside the namespace (Playwright's
        ``executable_path``: the pipe to the browser is inherited, so it drives it as usual)."""
        script = folder / f"chromium-{self.name}"
        script.write_text(f'#!/bin/sh\nexec ip netns exec {self.name} {chromium_path()} "$@"\n')
        script.chmod(0o755)
        return str(script)


@contextlib.contextmanager
def laptop() -> Iterator[Laptop]:
    """The namespace with its two networks, removed at the end (also on failure)."""
    _remove_stale()
    name = f"{PREFIX}{os.getpid()}"
    room, second = f"brr{os.getpid()}"[:15], f"brw{os.getpid()}"[:15]
    _ip("netns", "add", name)
    try:
        inside = ["-n", name]
        _ip("link", "add", room, "type", "veth", "peer", "name", "eth0", "netns", name)
        _ip("link", "add", second, "type", "veth", "peer", "name", "wlan0", "netns", name)
        _ip("addr", "add", f"{ROOM_IP}/24", "dev", room)
        for link in (room, second):
            _ip("link", "set", link, "up")
        _ip(*inside, "addr", "add", f"{LAPTOP_IP}/24", "dev", "eth0")
        _ip(*inside, "addr", "add", f"{SECOND_IP}/24", "dev", "wlan0")
        for link in ("lo", "eth0", "wlan0"):
            _ip(*inside, "link", "set", link, "up")
        _ip(*inside, "route", "add", "default", "via", ROOM_IP)
        yield Laptop(name)
    finally:
        subprocess.run(["ip", "netns", "del", name], capture_output=True)
        for link in (room, second):  # gone with the namespace; made sure of
            subprocess.run(["ip", "link", "del", link], capture_output=True)


class LaptopServer(Server):
    """``boardroom serve --host 0.0.0.0`` inside the laptop's namespace, reached from outside
    at ``LAPTOP_IP`` (its readiness too)."""

    address = LAPTOP_IP

    def __init__(self, where: Laptop, db_url: str, log: Path | None = None, **env: str) -> None:
        super().__init__(db_url, log, **env)
        self.where = where

    def command(self) -> list[str]:
        return [*self.where.prefix, *super().command(), "--host", "0.0.0.0"]  # the last wins
