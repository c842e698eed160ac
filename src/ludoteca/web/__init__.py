"""The browser table: static HTML, CSS and JavaScript (plain ES modules, no build step).

The server (`ludoteca.server.web`) serves this folder under `/static/` and its two pages
at `/` (the lobby) and `/games/{id}` (a game table).
"""

from __future__ import annotations

from pathlib import Path

WEB_DIR = Path(__file__).resolve().parent

__all__ = ["WEB_DIR"]
