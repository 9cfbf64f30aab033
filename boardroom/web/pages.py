"""The page routes: one HTML shell per page, the static assets, the pages' endpoints.

Every page is the same small shell (``static/page.html``) naming its page and
language; the page's ES module does the rest over the HTTP API and the seat's
WebSocket. A game's pages (join, play, results) start in **the game's language**
(the host's choice at creation) and name the game (``data-game``: each person's
own switch is kept for that game); the start page is Russian when the browser asks
for it first (``Accept-Language``), English otherwise.

>>> pick_language("ru-RU,ru;q=0.9,en;q=0.8"), pick_language("en-GB,en;q=0.9,ru;q=0.5")
('ru', 'en')
>>> pick_language(""), pick_language("de;q=1, ru;q=0.4, fr;q=0.9")
('en', 'ru')
"""

from __future__ import annotations

import contextlib
from functools import lru_cache
from pathlib import Path

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from boardroom.i18n import choose_language
from boardroom.server.deps import hub_of
from boardroom.server.errors import ApiError
from boardroom.store import GameRecord
from boardroom.web import api, class_page, classes, coach, handover, room

STATIC = Path(__file__).resolve().parent / "static"
LANGUAGES = ("ru", "en")
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data: blob:; media-src 'self' blob:; connect-src 'self' ws: wss:; "
    "object-src 'none'; "
    "base-uri 'none'; frame-ancestors 'self'; form-action 'self'"
)


def pick_language(header: str) -> str:
    """The supported language the browser prefers most (English when it names neither)."""
    return choose_language(None, header, default="en")


@lru_cache(maxsize=1)
def _shell() -> str:
    return (STATIC / "page.html").read_text(encoding="utf-8")


def page(name: str, request: Request, game: GameRecord | None = None) -> HTMLResponse:
    """The shell for page ``name``: in ``game``'s language, else the browser's."""
    chosen = game.lang if game else None
    lang = chosen or pick_language(request.headers.get("accept-language", ""))
    html = _shell().replace("{{lang}}", lang).replace("{{page}}", name)
    html = html.replace("{{game}}", game.game_id if game else "")
    html = html.replace("{{game_lang}}", chosen or "")
    headers = {"Content-Security-Policy": CSP, "Cache-Control": "no-cache"}
    headers["X-Content-Type-Options"] = "nosniff"
    headers["Referrer-Policy"] = "no-referrer"
    return HTMLResponse(html, headers=headers)


class _Revalidate:
    """Static assets are checked on every load (ETag), so a new version shows at once."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def sending(message: dict[str, object]) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))  # type: ignore[call-overload]
                headers.append((b"cache-control", b"no-cache"))
                headers.append((b"x-content-type-options", b"nosniff"))
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, sending)  # type: ignore[arg-type]


pages = APIRouter(include_in_schema=False)


@pages.get("/", response_class=HTMLResponse)
async def start(request: Request) -> HTMLResponse:
    return page("start", request)


@pages.get("/join", response_class=HTMLResponse)
async def join_any(request: Request) -> HTMLResponse:
    return page("join", request)


@pages.get("/join/{code}", response_class=HTMLResponse)
async def join(code: str, request: Request) -> HTMLResponse:
    return page("join", request, await _game(request, code=code))


@pages.get("/play/{game_id}", response_class=HTMLResponse)
async def play(game_id: str, request: Request) -> HTMLResponse:
    return page("play", request, await _game(request, game_id=game_id))


@pages.get("/results/{game_id}", response_class=HTMLResponse)
async def results(game_id: str, request: Request) -> HTMLResponse:
    return page("results", request, await _game(request, game_id=game_id))


async def _game(request: Request, game_id: str = "", code: str = "") -> GameRecord | None:
    """The game a page's address names (by id, or by a join code: a team's own code names
    its game too); None for none (the page says so itself)."""
    games = hub_of(request).games
    with contextlib.suppress(ApiError):
        if game_id:
            return (await games.get(game_id)).record
        return (await games.by_code(code.strip().upper().partition("-")[0])).record
    return None


@pages.get("/coach/{game_id}", response_class=HTMLResponse)
async def coach_page(game_id: str, request: Request) -> HTMLResponse:
    return page("coach", request, await _game(request, game_id=game_id))


@pages.get("/class/{list_id}", response_class=HTMLResponse)
async def class_page_shell(list_id: str, request: Request) -> HTMLResponse:
    """The class page (``web/class_page.py``): read with the browser's host key."""
    return page("class", request)


@pages.get("/class/{list_id}/pupil/{pupil_id}", response_class=HTMLResponse)
async def pupil_page_shell(list_id: str, pupil_id: str, request: Request) -> HTMLResponse:
    return page("class", request)


@pages.get("/favicon.ico")
async def favicon() -> Response:
    return RedirectResponse("/static/favicon.svg")


def mount(app: FastAPI) -> None:
    """Add the pages, their assets and their endpoints to the server's app."""
    app.mount("/static", _Revalidate(StaticFiles(directory=STATIC)), name="static")
    app.include_router(class_page.router)  # before api's …/{download}
    app.include_router(api.router)
    app.include_router(classes.router)
    app.include_router(handover.router)
    app.include_router(pages)
    app.include_router(coach.router)
    app.include_router(room.router)
