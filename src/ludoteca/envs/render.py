"""Renderings of a position for the environments' `render()`: `"ansi"` text, and
`"rgb_array"` pictures for the games that draw them (`Game.draws_images`).

`render_ansi(state, seat, lines)` draws the board the `ludoteca play` terminal table
draws (the game's `terminal_view().position`, as `seat` sees it: the seat's hand, where
the game has one, and only it), below `lines` of summary text, as plain text without
colour codes (rich, 120 columns).

`rgb_array` is `Game.image(state, seat)`, a uint8 array (height, width, 3), offered
where a picture is cheap to draw from the state (Carcassonne's board, Tharsis); elsewhere the
only picture is the web table's SVG, drawn in the browser, and `render_modes(game)`
lists `"ansi"` alone.
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from ludoteca.core.api import TERMINAL, Game, State
from ludoteca.core.prompt import Prompt

WIDTH = 120
MODES = ("ansi", "rgb_array")


def render_modes(game: Game) -> list[str]:
    """The render modes the environments offer for `game`."""
    return list(MODES) if game.draws_images else ["ansi"]


def check_render_mode(game: Game, mode: str | None) -> None:
    """ValueError, naming the modes, unless `mode` is None or one `game` renders."""
    modes = render_modes(game)
    if mode is not None and mode not in modes:
        raise ValueError(f"render_mode must be one of {modes} or None for {game.name}, got {mode!r}")


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
