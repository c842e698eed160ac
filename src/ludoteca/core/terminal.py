"""How a terminal shows a game: a `GameView` per game (`Game.terminal_view()`), this plain
one by default.

A view only reads the state (observation helpers, prompts, messages) — the rules stay in
the engine — and returns rich renderables; printing them is the interface's business
(`ludoteca play`, `replay --board`, the environments' `render("ansi")`). Texts are
rendered in the process's language (`i18n.set_language`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import RenderableType
from rich.table import Table

from ludoteca.core.api import State
from ludoteca.core.i18n import say, tr
from ludoteca.core.prompt import Prompt


class GameView:
    """The game-agnostic view: prompt text and scores; subclasses draw boards."""

    def seat_label(self, seat: int) -> str:
        return tr("core.terminal.seat", n=seat)

    def position(self, state: State, names: Sequence[str], prompt: Prompt | None) -> RenderableType:
        """The position before a human decision (`prompt`), or at the end (`None`)."""
        return self.players(state, names)

    def players(self, state: State, names: Sequence[str]) -> RenderableType:
        table = Table(box=None, pad_edge=False)
        for column in ("seat", "player", "score"):
            table.add_column(tr(f"core.terminal.column.{column}"))
        for seat, (name, score) in enumerate(zip(names, state.scores(), strict=True)):
            table.add_row(self.seat_label(seat), name, f"{score:g}")
        return table

    def decision_aid(self, state: State, prompt: Prompt) -> RenderableType | None:
        """Extra help for a human decision (e.g. the drawn tile), shown above the options."""
        return None

    def describe(self, state: State, action: int, who: str) -> str:
        """One line announcing `action`, about to be applied to `state`."""
        public = state.public_action_message(action)
        if state.is_chance_node():
            return "" if public is None else tr("core.terminal.chance", action=public)
        return f"{who}: {say(public) if public is not None else tr('core.terminal.hidden_decision')}"

    def snapshot(self, state: State) -> Any:
        """Whatever `changes` needs to report what an action did."""
        return None

    def changes(self, before: Any, state: State, names: Sequence[str]) -> list[str]:
        """Lines about what the last action caused (scoring, discards, ...)."""
        return []

    def final(self, state: State, names: Sequence[str]) -> RenderableType:
        return self.position(state, names, None)
