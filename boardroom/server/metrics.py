"""Prometheus metrics: games, seats, commands, latency (one registry per app)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest


@dataclass
class Metrics:
    """The server's instruments, on their own registry (so tests can run many apps)."""

    registry: CollectorRegistry = field(default_factory=CollectorRegistry)

    def __post_init__(self) -> None:
        r = self.registry
        self.games = Gauge("boardroom_games_loaded", "Games held in memory", registry=r)
        self.connections = Gauge("boardroom_connections", "Open WebSocket connections", registry=r)
        self.seats = Gauge("boardroom_seats_connected", "Seats with a connection", registry=r)
        self.commands = Counter(
            "boardroom_commands", "Commands handled", ["game", "result"], registry=r
        )
        self.latency = Histogram(
            "boardroom_command_seconds",
            "From a command's arrival to its acknowledgement (stored and fanned out)",
            ["game"],
            buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5),
            registry=r,
        )
        self.frames = Counter("boardroom_frames_sent", "Frames sent to seats", registry=r)
        self.robot_commands = Counter(
            "boardroom_robot_commands",
            "Robots' commands: ok, dropped (no longer valid after thinking) or refused",
            ["game", "result"],
            registry=r,
        )
        self.led = Gauge(
            "boardroom_games_led", "Games whose timers and robots this process runs", registry=r
        )
        self.conflicts = Counter(
            "boardroom_append_conflicts", "Appends that lost a race and retried", registry=r
        )

        self.children: dict[tuple[str, str, str], Any] = {}

    def command(self, game: str, result: str) -> None:
        """One command of kind ``game`` handled, with ``result`` (``ok`` or a refusal's code)."""
        self._child("commands", game, result).inc()

    def answered(self, game: str, seconds: float) -> None:
        """A command of kind ``game`` acknowledged ``seconds`` after it arrived."""
        self._child("latency", game, "").observe(seconds)

    def _child(self, name: str, game: str, result: str) -> Any:
        """The instrument's labelled child, looked up once (``labels`` costs a lock and a
        tuple each time; this is on every command's path).

        >>> metrics = Metrics()
        >>> metrics.command("quiz", "ok"); metrics.command("quiz", "ok")
        >>> metrics.commands.labels("quiz", "ok")._value.get()
        2.0
        """
        key = (name, game, result)
        child = self.children.get(key)
        if child is None:
            metric = getattr(self, name)
            child = self.children[key] = (
                metric.labels(game, result) if result else metric.labels(game)
            )
        return child

    def render(self) -> bytes:
        return generate_latest(self.registry)
