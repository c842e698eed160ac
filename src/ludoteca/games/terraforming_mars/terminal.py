"""The terminal view of Terraforming Mars: it only reads the state (its observation and
its own text/hand queries) and shows them, in the process's language (`tr`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ludoteca.core.api import State
from ludoteca.core.i18n import say, tr
from ludoteca.core.prompt import Prompt
from ludoteca.core.terminal import GameView
from ludoteca.games.terraforming_mars.card_text import card_name, sentence, summary

RESOURCES = ("megacredits", "steel", "titanium", "plants", "energy", "heat")


def _corporation(card_id: str | None) -> str:
    return tr(f"terraforming_mars.corporation.{card_id}.name") if card_id else "-"


class MarsView(GameView):
    """Terraforming Mars: parameters, the map, each player's board, the human's hand."""

    def position(self, state: State, names: Sequence[str], prompt: Prompt | None) -> RenderableType:
        seat = prompt.seat if prompt is not None and prompt.seat >= 0 else -1
        obs: dict[str, Any] = state.observation(seat if seat >= 0 else 0)
        p = obs["parameters"]
        head = Text(tr("terraforming_mars.terminal.head", generation=obs["generation"],
                       phase=tr(f"terraforming_mars.terminal.phase.{obs['phase']}"),
                       temperature=p["temperature"], oxygen=p["oxygen"], oceans=p["oceans"]))
        parts: list[RenderableType] = [head, Text(state.map_text())]  # type: ignore[attr-defined]  # a TMState
        parts.append(self._boards(obs, names))
        if seat >= 0:
            parts.append(self._hand(state.hand_details(seat)))  # type: ignore[attr-defined]  # a TMState
        return Group(*parts)

    def _boards(self, obs: dict[str, Any], names: Sequence[str]) -> Table:
        table = Table(title=tr("terraforming_mars.terminal.players"), box=None, pad_edge=False)
        for column in ("seat", "player", "corporation", "tr"):
            table.add_column(tr(f"terraforming_mars.terminal.column.{column}"))
        for r in RESOURCES:
            table.add_column(tr(f"terraforming_mars.terminal.resource.{r}"))
        for column in ("tags", "hand"):
            table.add_column(tr(f"terraforming_mars.terminal.column.{column}"))
        for s, (name, info) in enumerate(zip(names, obs["players_info"], strict=True)):
            stock = [f"{info['resources'][r]}/{info['production'][r]}" for r in RESOURCES]
            tags = " ".join(f"{tr(f'terraforming_mars.tag.{t}')}:{n}" for t, n in info["tags"].items())
            table.add_row(self.seat_label(s), name, _corporation(info["corporation"]), str(info["tr"]),
                          *stock, tags, str(info["hand_size"]))
        return table

    def _hand(self, hand: list[dict[str, Any]]) -> Table:
        table = Table(title=tr("terraforming_mars.terminal.your_hand"), box=None, pad_edge=False)
        for column in ("card", "cost", "tags", "requirements", "playable", "effect"):
            table.add_column(tr(f"terraforming_mars.terminal.column.{column}"))
        yes, no = tr("terraforming_mars.terminal.yes"), tr("terraforming_mars.terminal.no")
        for c in hand:  # the card's name and what it does, in the terminal's language
            tags = " ".join(tr(f"terraforming_mars.tag.{t}") for t in c["tags"]) or "-"
            met = tr(f"terraforming_mars.terminal.{'met' if c['requirements_met'] else 'unmet'}")
            cost = tr("terraforming_mars.resource.megacredits", n=c["cost"])
            table.add_row(say(card_name(c["id"])), cost, tags, met, yes if c["playable"] else no,
                          sentence(say(summary(c["id"]))))
        return table
