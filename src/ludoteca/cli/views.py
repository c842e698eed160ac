"""How the interactive play loop shows a game: one `GameView` per game, a plain default.

A view only reads the state (observation helpers, prompts, action strings) — the
rules stay in the engine.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ludoteca.cli.language import say, tr
from ludoteca.cli.render_carcassonne import (
    option_label,
    render_position,
    render_rotations,
    render_scoring_log,
    render_spots,
    seat_colour,
    tile_type,
)
from ludoteca.core.api import State
from ludoteca.core.i18n import msg
from ludoteca.core.prompt import Prompt
from ludoteca.games.carcassonne import texts
from ludoteca.games.carcassonne.state import CarcassonneState


class GameView:
    """The game-agnostic view: prompt text and scores; subclasses draw boards."""

    def seat_label(self, seat: int) -> str:
        return tr("cli.seat", n=seat)

    def position(self, state: State, names: Sequence[str], prompt: Prompt | None) -> RenderableType:
        """The position before a human decision (`prompt`), or at the end (`None`)."""
        return self.players(state, names)

    def players(self, state: State, names: Sequence[str]) -> RenderableType:
        table = Table(box=None, pad_edge=False)
        for column in ("seat", "player", "score"):
            table.add_column(tr(f"cli.column.{column}"))
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
            return "" if public is None else tr("cli.chance", action=public)
        return f"{who}: {say(public) if public is not None else tr('cli.hidden_decision')}"

    def snapshot(self, state: State) -> Any:
        """Whatever `changes` needs to report what an action did."""
        return None

    def changes(self, before: Any, state: State, names: Sequence[str]) -> list[str]:
        """Lines about what the last action caused (scoring, discards, ...)."""
        return []

    def final(self, state: State, names: Sequence[str]) -> RenderableType:
        return self.position(state, names, None)


def _carcassonne(state: State) -> CarcassonneState:
    if not isinstance(state, CarcassonneState):
        raise TypeError(f"CarcassonneView needs a Carcassonne state, got {type(state).__name__}")
    return state


class CarcassonneView(GameView):
    """Board drawing, the drawn tile in four rotations, numbered meeple spots, scoring news."""

    def __init__(self) -> None:
        self._seen: set[tuple[int, int]] | None = None  # tiles on the board when last drawn

    def seat_label(self, seat: int) -> str:
        return tr("cli.seat_colour", n=seat, colour=tr(f"cli.colour.{seat_colour(seat)}"))

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
            drawn = tr("cli.carcassonne.drawn", tile=tile_id, description=texts.tile(tile))
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
                Text(tr("cli.carcassonne.spots", tile=tile_id, x=str(x), y=str(y)), style="bold"),
                render_spots(tile, rotation // 90, spots),
            ]
            if has_normal and any(o.payload.get("big") for o in prompt.options):
                parts.append(Text(tr("cli.carcassonne.big_spots")))
            return Group(*parts)
        return None

    def describe(self, state: State, action: int, who: str) -> str:
        s = _carcassonne(state)
        text = s.action_to_string(action)
        seat = self.seat_label(s.turn_seat())
        if s.is_chance_node():
            if s.draw_is_private():
                return tr("cli.carcassonne.private_draw", seat=seat)
            tile_id = text.removeprefix("draw ")
            return tr("cli.carcassonne.draws", seat=seat, tile=tile_id,
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
            lines.append("  " + tr("cli.carcassonne.discarded", tile=s.discarded()[-1]))
        labels = [self.seat_label(seat) for seat in range(len(names))]
        for event in s.scoring_log()[events:]:
            at = "{},{}".format(*event["at"])
            scored = msg("cli.carcassonne.scored", event=texts.score_event(event), at=at)
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


#: game -> its view (a class, or "module:Class" imported on first use)
_VIEWS: dict[str, type[GameView] | str] = {
    "carcassonne": CarcassonneView,
    "on-mars": "ludoteca.cli.views_on_mars:OnMarsView",
    "terraforming-mars": "ludoteca.cli.views_mars:MarsView",
    "tm-dice": "ludoteca.cli.views_mars:MarsDiceView",
}


def view_for(game_name: str) -> GameView:
    view = _VIEWS.get(game_name, GameView)
    if isinstance(view, str):
        module, name = view.split(":")
        view = getattr(importlib.import_module(module), name)
    return view()
