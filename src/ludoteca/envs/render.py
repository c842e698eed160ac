"""Text renderings of a position for the environments' `render()` (mode `"ansi"`).

`render_ansi(state, seat, lines)` draws the board the `ludoteca play` terminal table
draws (the game's `terminal_view().position`, as `seat` sees it: the seat's hand, where
the game has one, and only it), below `lines` of summary text, as plain text without
colour codes (rich, 120 columns).

`rgb_array` is not offered: the only image renderer is the web table's SVG, drawn
in the browser.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from ludoteca.core.api import TERMINAL, State
from ludoteca.core.prompt import Prompt

WIDTH = 120


def summary_lines(state: State) -> list[str]:
    """Game and move, the seat to move and its decision (or the returns), and the scores."""
    lines = [f"{state.game.name}  move {state.move_number()}"]
    if state.is_terminal():
        lines.append(f"game over  returns {state.returns()}")
    else:
        prompt = state.prompt()
        lines.append(f"to play: player_{prompt.seat} ({prompt.kind}: {prompt.text}; "
                     f"{len(prompt.options)} legal)")
    lines.append("scores: " + "  ".join(f"player_{i} {s:g}" for i, s in enumerate(state.scores())))
    return lines


def render_ansi(state: State, seat: int | None, lines: Sequence[str] = ()) -> str:
    """`lines`, then the terminal table's drawing of `state` as `seat` sees it (None: the seat to move)."""
    from rich.console import Console

    player = state.current_player()
    if seat is None:
        seat = player if player >= 0 else 0
    prompt = state.prompt() if player == seat else Prompt("wait", seat if player != TERMINAL else -1, "", ())
    names = [f"player_{i}" for i in range(state.game.num_players())]
    buffer = io.StringIO()
    console = Console(file=buffer, width=WIDTH, color_system=None, force_terminal=False)
    for line in lines:
        console.print(line, markup=False, highlight=False)
    console.print(state.game.terminal_view().position(state, names, prompt))
    return buffer.getvalue()


__all__ = ["render_ansi", "summary_lines"]
