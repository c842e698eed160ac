"""The browser table's routes: its pages, its static files and the read-only data it draws from.

* `GET /` the lobby page; `GET /games/{id}` a game table (the page reads `?token=` itself).
* `GET /static/...` the files of `ludoteca/web` (HTML, CSS, ES modules; no build step).
* `GET /api/catalog` the registered games (their manifests: title, player range, option
  specs with the message keys of their labels) and bot names.
* `GET /api/messages?lang=pt-BR` the texts of every package in that language (or the one
  `Accept-Language` asks for): `{"lang", "languages", "messages": {key: text or plural}}`;
  the browser renders prompts, options, the log and its own chrome from it.
* `GET /api/games/{id}/components` what the game's pieces look like (`components.py`), or
  `{"game", "components": null}` for a game the browser plays through its generic page.

None of these change a game.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from fastapi import FastAPI, Header, Query
from fastapi.responses import FileResponse, Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from ludoteca.agents import agent_names
from ludoteca.core import i18n
from ludoteca.core.registry import game_class, registered_games
from ludoteca.server.hub import Hub
from ludoteca.web import WEB_DIR

NO_CACHE = {"Cache-Control": "no-cache"}

i18n.register_package("ludoteca.web")
i18n.register_package("ludoteca.server")  # the server's refusals (`server.error.*`)


@cache
def messages_json(lang: str) -> bytes:
    """The merged catalog of `lang` as the browser reads it, built once."""
    body = {"lang": lang, "languages": list(i18n.LANGUAGES), "messages": i18n.catalog(lang)}
    return json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()


class _Static(StaticFiles):
    """Static files that the browser revalidates (ETag) instead of caching blindly."""

    async def get_response(self, path: str, scope: Scope) -> Any:
        response = await super().get_response(path, scope)
        response.headers.update(NO_CACHE)
        return response


def add_web_routes(app: FastAPI, hub: Hub) -> None:
    """Serve the lobby, the game pages, `/static` and the catalog and component data."""
    app.mount("/static", _Static(directory=WEB_DIR), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(WEB_DIR / "lobby.html", headers=NO_CACHE)

    @app.get("/games/{game_id}", include_in_schema=False)
    async def table(game_id: str) -> FileResponse:
        return FileResponse(WEB_DIR / "game.html", headers=NO_CACHE)

    @app.get("/api/catalog")
    async def catalog() -> dict[str, Any]:
        """Games that can be created — each its manifest (`core.manifest`: title and its
        message key, player range, option specs with their message keys), default options
        and whether it has its own table — and the bots' names."""
        games = []
        for name in registered_games():
            cls = game_class(name)
            games.append({**cls.manifest().to_dict(), "default_options": dict(cls.default_options),
                          "renderer": cls.web_table is not None})
        return {"games": games, "agents": agent_names()}

    @app.get("/api/messages")
    async def messages(lang: str | None = Query(None, max_length=100),
                       accept_language: str | None = Header(None, max_length=500)) -> Response:
        """Every text in one language (`?lang=`, else `Accept-Language`, else English)."""
        chosen = i18n.negotiate(lang or accept_language)
        return Response(messages_json(chosen), media_type="application/json",
                        headers={"Cache-Control": "public, max-age=300", "Content-Language": chosen,
                                 "Vary": "Accept-Language"})

    @app.get("/api/games/{game_id}/components")
    async def components(game_id: str) -> dict[str, Any]:
        """What the game's pieces look like (read-only data), for the board drawing."""
        live = await hub.get(game_id)
        game = live.state.game
        return {"game": game.name, "title": game.title, "title_key": game.manifest().title_key,
                "table": game.web_table, "components": game.display_components()}
