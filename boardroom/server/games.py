"""The games in memory: made, loaded (snapshot + events after it) on first use, by id or code.

A game is loaded once however many ask at the same moment; an id that names no game
leaves nothing behind. Once loaded, its robots are followed as stored and this process
tries to lead it (hooks the hub wires: :attr:`Games.prepare`, :attr:`Games.adopt`).
"""

from __future__ import annotations

import asyncio
import copy
import dataclasses
import logging
import pickle
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from boardroom.games import kind_for
from boardroom.games.registry import KINDS
from boardroom.kernel import Journal, Json, Refused
from boardroom.server.actor import GameActor
from boardroom.server.drafts import Drafts
from boardroom.server.errors import ApiError, not_found, unknown_kind
from boardroom.server.fingerprint import fingerprint
from boardroom.server.live import LiveGame
from boardroom.server.robots import live_rules
from boardroom.server.runtime import Runtime
from boardroom.server.tokens import hash_secret, new_code, new_game_id, new_opaque_id, new_secret
from boardroom.store import GameRecord

log = logging.getLogger("boardroom.hub")
Hook = Callable[[LiveGame], Awaitable[None]]


@dataclass(frozen=True)
class NewGame:
    record: GameRecord
    host_secret: str


async def _nothing(_: LiveGame) -> None:
    return None


class Games:
    """Every game this process holds in memory, by id."""

    def __init__(self, runtime: Runtime, actor: GameActor, drafts: Drafts) -> None:
        self.runtime = runtime
        self.actor = actor
        self.drafts = drafts
        self.live: dict[str, LiveGame] = {}
        self.loading: dict[str, asyncio.Lock] = {}
        self.prepare: Hook = _nothing
        """Run on a game just loaded, before anyone else sees it (its robots followed)."""
        self.adopt: Hook = _nothing
        """Run on a game once it is held (this process tries to lead it)."""

    async def create(
        self,
        spec: Json,
        demo: bool = False,
        draft: str | None = None,
        lang: str | None = None,
        secret: str | None = None,
    ) -> NewGame:
        """Validate a setup line, store the game (in language ``lang``, the host's choice),
        hold it in memory; return its host secret (``secret`` if given, else a new one).

        With a creation ticket (``draft``), the ticket is consumed and the game takes over
        the media uploaded with it that its setup names (refused: nothing is made)."""
        spec = await self._checked(spec)
        secret = secret or new_secret()
        game_id = new_game_id()
        if draft is not None:
            await self.drafts.take(draft, game_id, spec)
        record = GameRecord(
            game_id=game_id,
            code=new_code(),
            game=str(spec["game"]),
            spec=spec,
            created_at=self.runtime.settings.clock(),
            host_secret_hash=hash_secret(secret),
            demo=demo,
            lang=lang,
        )
        await self.runtime.db(self.runtime.store.games.create_game, record)
        await self.get(record.game_id)
        self.runtime.metrics.games.set(len(self.live))
        return NewGame(record, secret)

    async def ensure(self, game_id: str, spec: Json) -> LiveGame:
        """The server's own game ``game_id`` (an id that says what the game is for),
        made from ``spec`` unless it is stored already: a second call — after a crash, or
        in another process at the same moment — finds the first game, never makes another.
        Nobody holds its host secret (the server acts as its host)."""
        store = self.runtime.store
        if await self.runtime.db(store.games.game, game_id) is None:
            spec = await self._checked(spec)
            record = GameRecord(
                game_id=game_id,
                code=new_code(),
                game=str(spec["game"]),
                spec=spec,
                created_at=self.runtime.settings.clock(),
                host_secret_hash=hash_secret(new_secret()),
            )
            await self.runtime.db(store.games.create_game, record)  # False: made meanwhile
        live = await self.get(game_id)
        self.runtime.metrics.games.set(len(self.live))
        return live

    async def _checked(self, spec: Json) -> Json:
        """The setup line as stored (its opaque ids given), or refused (400)."""
        game = spec.get("game")
        if game not in KINDS:
            known = ", ".join(KINDS)
            raise ApiError(
                "unknown_game",
                f"Unknown game {game!r}; expected one of: {known}.",
                400,
                reason="kind",
                **unknown_kind(game),
            )
        try:
            kind = kind_for(game)
            spec = kind.opaque_ids(spec, new_opaque_id)
            await asyncio.to_thread(kind.setup, copy.deepcopy(spec))
        except Refused as exc:
            raise ApiError.refused(exc, 400, game=game) from None
        except Exception as exc:
            raise ApiError(
                "bad_setup", f"This setup line is not valid: {exc}.", 400, reason="invalid"
            ) from None
        return spec

    async def open_demos(self) -> list[NewGame]:
        """One ready demo game of each kind (reused across restarts; a new host secret
        each time)."""
        db, store = self.runtime.db, self.runtime.store
        existing = {record.game: record for record in await db(store.games.games, True)}
        opened: list[NewGame] = []
        for game, kind in KINDS.items():
            record = existing.get(game)
            if record is None:
                opened.append(await self.create(kind.demo(), demo=True))
                continue
            secret = new_secret()
            await db(store.games.set_host_secret, record.game_id, hash_secret(secret))
            live = await self.get(record.game_id)
            live.record = dataclasses.replace(live.record, host_secret_hash=hash_secret(secret))
            opened.append(NewGame(live.record, secret))
        return opened

    async def get(self, game_id: str) -> LiveGame:
        """The game in memory, loaded (snapshot + events after it) on first use."""
        live = self.live.get(game_id)
        if live is not None:
            return live
        # Nothing is kept for an id that names no game: no lock, no cache entry.
        if not _plausible(game_id):
            raise not_found("such game")
        record = await self.runtime.db(self.runtime.store.games.game, game_id)
        if record is None:
            raise not_found(f"game {game_id!r}")
        lock = self.loading.setdefault(game_id, asyncio.Lock())
        try:
            async with lock:
                live = self.live.get(game_id)
                if live is None:
                    live = await self._load(record)
                    self.live[game_id] = live
                    self.runtime.metrics.games.set(len(self.live))
                    await self.adopt(live)
        finally:
            if self.loading.get(game_id) is lock and not lock.locked():
                del self.loading[game_id]
        return live

    async def by_code(self, code: str) -> LiveGame:
        """The game a join code names."""
        record = await self.runtime.db(self.runtime.store.games.game_by_code, code.strip()[:16])
        if record is None:
            raise not_found(f"game with code {code.strip()[:16]!r}")
        return await self.get(record.game_id)

    async def _load(self, record: GameRecord) -> LiveGame:
        game_id = record.game_id
        rules = live_rules(kind_for(record.game))
        store = self.runtime.store
        latest = await self.runtime.db(
            store.events.latest_snapshot, game_id, fingerprint(record.game)
        )
        if latest is not None:
            state = pickle.loads(latest.state)
            journal = Journal(rules, record.spec, state, base_version=latest.version)
        else:
            journal = Journal.open(rules, record.spec)
        live = LiveGame(record, kind_for(record.game), journal)
        live.snapshot_version = journal.version
        await self.actor.catch_up_locked(live)
        await self.prepare(live)
        log.info("game loaded", extra={"game": game_id, "version": live.version})
        return live

    async def stored_events(self, live: LiveGame) -> list[tuple[int, float, Json]]:
        """The game's events as stored, up to its version: (version, at, event)."""
        stored = await self.runtime.db(self.runtime.store.events.events_since, live.game_id, 0)
        return [(e.version, e.at, e.body) for e in stored if e.version <= live.version]


def _plausible(game_id: str) -> bool:
    return 0 < len(game_id) <= 40 and game_id.isascii() and game_id.isalnum()
