"""A view with its messages already rendered, for API clients that ask for `?lang=`.

The browser renders the messages itself from `GET /api/messages`; a script or a bot that
wants text instead gets, next to every `message` of the view (the prompt, each option,
each log entry, each scoring event), `said`: that message in the language asked for.
"""

from __future__ import annotations

import json
from typing import Any

from ludoteca.core import i18n


def localized(view: dict[str, Any], lang: str) -> dict[str, Any]:
    """`view` (a fresh dict from `LiveGame.view`) with `lang` and the `said` texts added."""
    lang = i18n.negotiate(lang)
    names = [p["name"] for p in view["players"]]

    def say(item: dict[str, Any]) -> None:
        if item.get("message"):
            item["said"] = i18n.render(item["message"], lang, names)

    prompt = view.get("prompt")
    asked = [prompt, *prompt["options"]] if prompt else []
    for item in [*asked, *view["log"], *(view.get("scoring") or [])]:
        say(item)
    return {**view, "lang": lang}


def localized_json(view: dict[str, Any], lang: str) -> bytes:
    return json.dumps(localized(view, lang), ensure_ascii=False, separators=(",", ":")).encode()
