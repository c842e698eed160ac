"""The terminal view of Terraforming Mars: it only reads the state (its observation and
its own text/hand queries) and shows them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ludoteca.core.api import State
from ludoteca.core.i18n import say
from ludoteca.core.prompt import Prompt
from ludoteca.core.terminal import GameView
from ludoteca.games.terraforming_mars.card_text import card_name, sentence, summary

RESOURCE_SHORT = {"megacredits": "M€", "steel": "steel", "titanium": "ti", "plants": "plants",
                  "energy": "energy", "heat": "heat"}


class MarsView(GameView):
    """Terraforming Mars: parameters, the map, each player's board, the human's hand."""

    def position(self, state: State, names: Sequence[str], prompt: Prompt | None) -> RenderableType:
        seat = prompt.seat if prompt is not None and prompt.seat >= 0 else -1
        obs: dict[str, Any] = state.observation(seat if seat >= 0 else 0)
        p = obs["parameters"]
        head = Text(f"generation {obs['generation']} · {obs['phase']} · temperature {p['temperature']}°C · "
                    f"oxygen {p['oxygen']}% · oceans {p['oceans']}/9")
        parts: list[RenderableType] = [head, Text(state.map_text())]  # type: ignore[attr-defined]
        parts.append(self._boards(obs, names))
        if seat >= 0:
            parts.append(self._hand(state.hand_details(seat)))  # type: ignore[attr-defined]
        return Group(*parts)

    def _boards(self, obs: dict[str, Any], names: Sequence[str]) -> Table:
        table = Table(title="players (stock / production)", box=None, pad_edge=False)
        for column in ("seat", "player", "corporation", "TR", *RESOURCE_SHORT.values(), "tags", "hand"):
            table.add_column(column)
        for s, (name, info) in enumerate(zip(names, obs["players_info"], strict=True)):
            stock = [f"{info['resources'][r]}/{info['production'][r]}" for r in RESOURCE_SHORT]
            tags = " ".join(f"{t}:{n}" for t, n in info["tags"].items())
            table.add_row(str(s), name, info["corporation"] or "-", str(info["tr"]), *stock, tags,
                          str(info["hand_size"]))
        return table

    def _hand(self, hand: list[dict[str, Any]]) -> Table:
        table = Table(title="your hand", box=None, pad_edge=False)
        for column in ("card", "cost", "tags", "requirements", "playable now", "effect"):
            table.add_column(column)
        for c in hand:  # the card's name and what it does, in the terminal's language
            table.add_row(say(card_name(c["id"])), f"{c['cost']} M€", " ".join(c["tags"]) or "-",
                          "met" if c["requirements_met"] else "not met", "yes" if c["playable"] else "no",
                          sentence(say(summary(c["id"]))))
        return table
