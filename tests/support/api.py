"""The HTTP API as a test uses it: set games up, send commands, read a seat's view."""

from __future__ import annotations

import time
from collections.abc import Callable

import httpx

from boardroom.kernel import Json


class Api:
    """An HTTP client of one server."""

    def __init__(self, base: str) -> None:
        self.http = httpx.Client(base_url=base, timeout=30.0)

    def create(self, game: str, setup: Json | None = None, draft: str | None = None) -> Json:
        """A new game (the kind's demo without ``setup``): its ids, host secret, links;
        with ``draft``, the creation ticket its bank was uploaded with (consumed)."""
        sent: Json = {"game": game, "setup": setup} | ({"draft": draft} if draft else {})
        reply = self.http.post("/api/games", json=sent)
        assert reply.status_code == 200, reply.text
        body: Json = reply.json()
        return body

    def draft(self, **headers: str) -> str:
        """A creation ticket, as the start page asks for one before a bank upload."""
        reply = self.http.post("/api/web/draft", headers=headers)
        assert reply.status_code == 200, reply.text
        ticket: str = reply.json()["draft"]
        return ticket

    def bank(
        self, content: bytes | str, fmt: str, draft: str | None = None, **headers: str
    ) -> httpx.Response:
        """A question bank upload with a creation ticket (a fresh one unless given)."""
        ticket = draft if draft is not None else self.draft(**headers)
        return self.http.post(
            "/api/web/bank",
            params={"format": fmt},
            content=content,
            headers={"Authorization": f"Bearer {ticket}", **headers},
        )

    def join(self, game: Json | str, name: str, role: str | None = None) -> Json:
        """Take a seat in ``game`` (a created game, or a code). A created quiz is joined
        by the team's own code (from the host's lobby), the projector by the game's."""
        code = game if isinstance(game, str) else game["code"]
        if not isinstance(game, str) and game.get("game") == "quiz" and role != "projector":
            codes: dict[str, str] = self.lobby(game).get("team_codes") or {}
            code = codes.get(role if role is not None else min(codes, default=""), code)
        reply = self.http.post("/api/join", json={"code": code, "name": name, "role": role})
        assert reply.status_code == 200, reply.text
        body: Json = reply.json()
        return body

    def lobby(self, game: Json) -> Json:
        """The host's lobby of a created game (roles, seats, the teams' own codes)."""
        reply = self.http.get(
            f"/api/games/{game['game_id']}/lobby",
            headers={"Authorization": f"Bearer {game['host_secret']}"},
        )
        assert reply.status_code == 200, reply.text
        body: Json = reply.json()
        return body

    def team_code(self, game: Json, role: str) -> str:
        """A quiz team's own join code, as the host's lobby shows it."""
        code: str = self.lobby(game)["team_codes"][role]
        return code

    def robots(self, game_id: str, secret: str, roles: list[str]) -> None:
        reply = self.http.post(
            f"/api/games/{game_id}/robots",
            json={"roles": roles},
            headers={"Authorization": f"Bearer {secret}"},
        )
        assert reply.status_code == 200, reply.text

    def command(
        self, game_id: str, secret: str, command: Json, version: int | None = None
    ) -> httpx.Response:
        """Send a command; the reply as it came (accepted or refused)."""
        return self.http.post(
            f"/api/games/{game_id}/commands",
            json={"command": command, "version": version},
            headers={"Authorization": f"Bearer {secret}"},
        )

    def ok(self, game_id: str, secret: str, command: Json) -> Json:
        """Send a command that must be accepted; its acknowledgement."""
        reply = self.command(game_id, secret, command)
        assert reply.status_code == 200, reply.text
        body: Json = reply.json()
        return body

    def view(self, game_id: str, secret: str) -> Json:
        """The seat's answer: game, seat, role, version and its ``view``."""
        reply = self.http.get(f"/api/games/{game_id}", headers={"X-Seat-Secret": secret})
        assert reply.status_code == 200, reply.text
        body: Json = reply.json()
        return body

    def same_version(self, game_id: str, *secrets: str) -> list[Json]:
        """The seats' answers at one version (read again while robots moved the game on)."""
        while True:
            answers = [self.view(game_id, secret) for secret in secrets]
            if len({a["version"] for a in answers}) == 1:
                return answers

    def host_until(
        self, game_id: str, host: str, test: Callable[[Json], bool], steps: int = 14
    ) -> Json:
        """The host continues through its waits and ends phases until its view passes
        ``test`` (an exchange game); that view."""
        for _ in range(steps):
            view: Json = self.view(game_id, host)["view"]
            if test(view):
                return view
            step = "continue" if view["waiting_for_host"] else "end_phase"
            self.ok(game_id, host, {"type": step})
        raise AssertionError("the game never got there")

    def wait(
        self, game_id: str, secret: str, test: Callable[[Json], bool], timeout: float = 30.0
    ) -> Json:
        """Poll the seat's view until ``test`` holds; that view."""
        deadline = time.monotonic() + timeout
        view: Json = self.view(game_id, secret)["view"]
        while not test(view):
            if time.monotonic() > deadline:
                brief = {k: view.get(k) for k in ("phase", "year", "on_call", "to_move", "duel")}
                raise AssertionError(f"timed out waiting; the view is {brief}")
            time.sleep(0.1)
            view = self.view(game_id, secret)["view"]
        return view
