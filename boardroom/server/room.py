"""The room's network: the addresses at which phones on the classroom's Wi-Fi reach this server.

The machine's interfaces are enumerated with ``ifaddr``; the address of the interface the
default route leaves by comes first (on Linux, read from ``/proc/net/route``), the others
follow, so a laptop with both Wi-Fi and a cable lets the teacher pick. Loopback and
link-local addresses (169.254.x.x, which a phone never shares with the laptop) are left out.

>>> room = Room((RoomAddress("192.0.2.2", "eth0", True), RoomAddress("10.1.2.3", "wlan0", False)))
>>> room.urls("0.0.0.0", 8000)
['http://192.0.2.2:8000', 'http://10.1.2.3:8000']
>>> room.urls("127.0.0.1", 8000)
[]
>>> room.urls("10.1.2.3", 8000)
['http://10.1.2.3:8000']
>>> room.base_url("0.0.0.0", 8000), room.base_url("127.0.0.1", 8000)
('http://192.0.2.2:8000', 'http://127.0.0.1:8000')
>>> Room(()).base_url("0.0.0.0", 8000)
'http://localhost:8000'
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from pathlib import Path

WILDCARDS = frozenset({"0.0.0.0", "::", ""})
"""Hosts that listen on every interface of the machine."""


@dataclass(frozen=True)
class RoomAddress:
    """One IPv4 address of this machine that other devices on its network can reach."""

    ip: str
    interface: str
    default: bool
    """The interface the default route leaves by (the one a phone on the Wi-Fi likely shares)."""

    def url(self, port: int) -> str:
        return f"http://{self.ip}:{port}"


@dataclass(frozen=True)
class Room:
    """This machine's room addresses, the default route's first."""

    addresses: tuple[RoomAddress, ...]

    @classmethod
    def discover(cls) -> Room:
        """The machine's addresses now (a laptop that moves to another network asks again)."""
        return cls(tuple(_discovered()))

    @classmethod
    def given(cls, ips: str) -> Room:
        """Addresses named by hand (``BOARDROOM_ROOM_ADDRESSES="a,b"``), the first the default.

        >>> [a.ip for a in Room.given("192.0.2.9, 198.51.100.4").addresses]
        ['192.0.2.9', '198.51.100.4']
        """
        ips_ = [ip.strip() for ip in ips.split(",") if ip.strip()]
        return cls(tuple(RoomAddress(ip, "", i == 0) for i, ip in enumerate(ips_)))

    def reachable_from_room(self, host: str) -> bool:
        """Whether a server listening on ``host`` can be reached by a phone at all.

        >>> room = Room((RoomAddress("192.0.2.2", "eth0", True),))
        >>> room.reachable_from_room("0.0.0.0"), room.reachable_from_room("127.0.0.1")
        (True, False)
        """
        return host in WILDCARDS or not is_loopback(host)

    def urls(self, host: str, port: int) -> list[str]:
        """Where phones reach a server on ``host``: every room address, or the one given."""
        if host in WILDCARDS:
            return [address.url(port) for address in self.addresses]
        if is_loopback(host):
            return []
        return [f"http://{_bracketed(host)}:{port}"]

    def base_url(self, host: str, port: int) -> str:
        """The one link printed and put in QR codes: the room's default address if the server
        listens there, else the loopback address it listens on."""
        urls = self.urls(host, port)
        if urls:
            return urls[0]
        return f"http://{'localhost' if host in WILDCARDS else _bracketed(host)}:{port}"

    def is_own(self, host: str) -> bool:
        """Whether ``host`` is an address this machine can listen on (``--host`` is checked).

        >>> room = Room((RoomAddress("192.0.2.2", "eth0", True),))
        >>> hosts = ("0.0.0.0", "127.0.0.1", "localhost", "192.0.2.2", "203.0.113.7")
        >>> [room.is_own(h) for h in hosts]
        [True, True, True, True, False]
        """
        if host in WILDCARDS or is_loopback(host):
            return True
        return host in {a.ip for a in self.addresses} or host in _all_ips()


def is_loopback(host: str) -> bool:
    """``localhost``, 127.x.x.x or ::1.

    >>> [is_loopback(h) for h in ("localhost", "127.0.1.1", "[::1]", "192.0.2.2")]
    [True, True, True, False]
    """
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _bracketed(host: str) -> str:
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


def _all_ips() -> set[str]:
    """Every address of every interface, IPv6 and link-local included."""
    import ifaddr

    found: set[str] = set()
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            found.add(ip.ip if isinstance(ip.ip, str) else ip.ip[0])
    return found


def _discovered() -> list[RoomAddress]:
    import ifaddr

    default = default_route_interface()
    found: list[RoomAddress] = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):
                continue  # IPv6: a phone types and scans IPv4 addresses in a classroom
            address = ipaddress.IPv4Address(ip.ip)
            if address.is_loopback or address.is_link_local or address.is_unspecified:
                continue
            name = adapter.nice_name or adapter.name
            found.append(RoomAddress(ip.ip, name, adapter.name == default))
    found.sort(key=lambda a: (not a.default, a.interface, a.ip))
    return found


def default_route_interface(routes: Path = Path("/proc/net/route")) -> str | None:
    """The interface of the IPv4 default route (Linux), else ``None`` (then the order is the
    interfaces' own).

    >>> import tempfile, os
    >>> table = "Iface\\tDestination\\tGateway\\n"
    >>> table += "wlan0\\t0001A8C0\\t00000000\\neth0\\t00000000\\t010200C0\\n"
    >>> with tempfile.NamedTemporaryFile("w", delete=False) as f:
    ...     _ = f.write(table)
    >>> default_route_interface(Path(f.name)); os.unlink(f.name)
    'eth0'
    """
    try:
        lines = routes.read_text().splitlines()[1:]
    except OSError:
        return None
    for line in lines:
        fields = line.split()
        if len(fields) >= 2 and fields[1] == "00000000":
            return fields[0]
    return None


def port_free(host: str, port: int) -> bool:
    """Whether ``port`` can be listened on at ``host`` now (checked before anything is written)."""
    family = socket.AF_INET6 if ":" in host.strip("[]") else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host.strip("[]") or "0.0.0.0", port))
        except OSError:
            return False
    return True
