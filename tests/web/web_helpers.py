"""Helpers the browser tests share: a page that collects the browser's errors, a JSON POST."""

from __future__ import annotations

import json
import urllib.request
from typing import Any


def new_page(browser: Any, errors: list[str], locale: str | None = None, width: int = 1400,
             height: int = 900, timeout_ms: int = 15_000) -> Any:
    """A page in a new context; page errors and console errors are appended to `errors`."""
    options: dict[str, Any] = {"viewport": {"width": width, "height": height}}
    if locale is not None:
        options["locale"] = locale
    page = browser.new_context(**options).new_page()
    page.set_default_timeout(timeout_ms)
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    return page


def post_json(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return dict(json.loads(response.read()))


def render_in_browser(page: Any, lang: str, messages: list[Any], names: list[str]) -> list[str]:
    """`messages` rendered by the browser's own `js/i18n.js` in `lang` (the page must be open)."""
    rendered = page.evaluate("""async ([lang, messages, names]) => {
        const i18n = await import('/static/js/i18n.js');
        await i18n.loadMessages(lang);
        return messages.map((m) => i18n.render(m, names));
    }""", [lang, messages, names])
    assert isinstance(rendered, list)
    return rendered
