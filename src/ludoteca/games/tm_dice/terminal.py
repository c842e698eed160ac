"""The terminal view of Terraforming Mars: The Dice Game: the table as the deciding seat
sees it (the state's own `position_text`)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text

from ludoteca.core.api import State
from ludoteca.core.prompt import Prompt
from ludoteca.core.terminal import GameView


class MarsDiceView(GameView):
    """The Dice Game: the table as the deciding seat sees it."""

    def position(self, state: State, names: Sequence[str], prompt: Prompt | None) -> RenderableType:
        seat = prompt.seat if prompt is not None and prompt.seat >= 0 else 0
        return Text(state.position_text(seat))  # type: ignore[attr-defined]  # a TMDiceState
