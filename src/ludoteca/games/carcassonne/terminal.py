"""The terminal view of Carcassonne: the board, the drawn tile in four rotations, numbered
meeple spots and scoring news (drawing helpers in `terminal_board`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

from ludoteca.core.api import State
from ludoteca.core.i18n import msg, say, tr
from ludoteca.core.prompt import Prompt
from ludoteca.core.terminal import GameView
from ludoteca.games.carcassonne import texts
from ludoteca.games.carcassonne.state import CarcassonneState
from ludoteca.games.carcassonne.terminal_board import (
    option_label,
    render_position,
    render_rotations,
    render_scoring_log,
    render_spots,
    seat_colour,
    tile_type,
)


def _carcassonne(state: State) -> CarcassonneState:
    if not isinstance(state, CarcassonneState):
        raise TypeError(f"CarcassonneView needs a Carcassonne state, got {type(state).__name__}")
    return state


class CarcassonneView(GameView):
    """Board drawing, the drawn tile in four rotations, numbered meeple spots, scoring news."""

    def __init__(self) -> None:
        self._seen: set[tuple[int, int]] | None = None  # tiles on the board when last drawn

    def seat_label(self, seat: int) -> str:
        colour = tr(f"carcassonne.terminal.colour.{seat_colour(seat)}")
        return tr("carcassonne.terminal.seat_colour", n=seat, colour=colour)

    def position(self, state: State, names: Sequence[str], prompt: Prompt | None) -> RenderableType:
        """The board; open squares where the drawn tile may go; new tiles highlighted."""
        s = _carcassonne(state)
        squares = {(t["x"], t["y"]) for t in s.placed_tiles()}
        candidates: set[tuple[int, int]] = set()
        if prompt is not None and prompt.kind == "place":
            candidates = {(o.payload["x"], o.payload["y"]) for o in prompt.options if "x" in o.payload}
        placed = _placed(s)
        if placed is not None:
            highlight = {placed[:2]}
        else:
            highlight = squares - self._seen if self._seen is not None else set()
        self._seen = squares
        return render_position(s, names, candidates=candidates, highlight=highlight)

    def decision_aid(self, state: State, prompt: Prompt) -> RenderableType | None:
        s = _carcassonne(state)
        tile_id = s.drawn_tile()
        if tile_id is None:
            return None
        tile = tile_type(s, tile_id)
        if prompt.kind == "place":
            drawn = tr("carcassonne.terminal.drawn", tile=tile_id, description=texts.tile(tile))
            return Group(Text(drawn, style="bold"), render_rotations(tile))
        placed = _placed(s)
        if prompt.kind in ("meeple", "big") and placed is not None:
            x, y, rotation = placed
            spots: dict[str, str] = {}
            has_normal = any("spot" in o.payload and not o.payload.get("big") for o in prompt.options)
            for n, o in enumerate(prompt.options, 1):
                if "spot" in o.payload and bool(o.payload.get("big")) != has_normal:
                    spots[o.payload["spot"]] = option_label(n)
            parts: list[RenderableType] = [
                Text(tr("carcassonne.terminal.spots", tile=tile_id, x=str(x), y=str(y),
                        description=texts.tile(tile, rotation // 90)), style="bold"),
                render_spots(tile, rotation // 90, spots),
            ]
            if has_normal and any(o.payload.get("big") for o in prompt.options):
                parts.append(Text(tr("carcassonne.terminal.big_spots")))
            return Group(*parts)
        return None

    def describe(self, state: State, action: int, who: str) -> str:
        s = _carcassonne(state)
        text = s.action_to_string(action)
        seat = self.seat_label(s.turn_seat())
        if s.is_chance_node():
            if s.draw_is_private():
                return tr("carcassonne.terminal.private_draw", seat=seat)
            tile_id = text.removeprefix("draw ")
            return tr("carcassonne.terminal.draws", seat=seat, tile=tile_id,
                      description=texts.tile(tile_type(s, tile_id)))
        return f"{who}: {say(s.action_message(action))} [{text}]"

    def snapshot(self, state: State) -> Any:
        s = _carcassonne(state)
        return len(s.scoring_log()), len(s.discarded())

    def changes(self, before: Any, state: State, names: Sequence[str]) -> list[str]:
        s = _carcassonne(state)
        events, discarded = before
        lines = []
        if len(s.discarded()) > discarded:
            lines.append("  " + tr("carcassonne.terminal.discarded", tile=s.discarded()[-1]))
        labels = [self.seat_label(seat) for seat in range(len(names))]
        for event in s.scoring_log()[events:]:
            at = "{},{}".format(*event["at"])
            scored = msg("carcassonne.terminal.scored", event=texts.score_event(event), at=at)
            lines.append("  " + say(scored, labels))
        return lines

    def final(self, state: State, names: Sequence[str]) -> RenderableType:
        s = _carcassonne(state)
        self._seen = None
        labels = [self.seat_label(seat) for seat in range(len(names))]
        return Group(self.position(s, names, None), Text(), render_scoring_log(s.scoring_log(), labels))


def _placed(state: CarcassonneState) -> tuple[int, int, int] | None:
    """(x, y, rotation in degrees) of the tile placed this turn, if any."""
    placed = state.observation(state.turn_seat())["placed"]
    if placed is None:
        return None
    x, y = placed["x"], placed["y"]
    rotation = next(t["rotation"] for t in state.placed_tiles() if (t["x"], t["y"]) == (x, y))
    return x, y, rotation
