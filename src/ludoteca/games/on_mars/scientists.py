"""Scientists at work (rules 5.4): a hired Scientist's marker may go onto a built
Blueprint (any seat's) of the building type the Scientist works in. While it stays
there, the Scientist's owner and that Advanced Building's owner may each use the
building's action as their executive action for free. It stays until moved elsewhere.

When a marker may move is not stated by the rules: Ludoteca lets a seat move one of
its Scientists once per turn, in either executive-action window, without using up the
executive action. Only built Blueprints (Advanced Buildings) can be worked on: an
unbuilt card has no action to use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.decisions import Decision
from ludoteca.games.on_mars.actions import BASE
from ludoteca.games.on_mars.components import SCIENTISTS
from ludoteca.games.on_mars.frames import Frame

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState


def works_in(state: OnMarsState, scientist: str) -> str:
    return str(state.om_game.components.scientists[SCIENTISTS.index(scientist)]["works_in"])


def blueprint_owner(state: OnMarsState, blueprint: int) -> int:
    """The seat that built `blueprint` (-1: not built)."""
    return next((s for s, p in enumerate(state.players) if blueprint in p.built_blueprints), -1)


def work_targets(state: OnMarsState, scientist: str) -> list[int]:
    """Built Blueprints the Scientist could move onto (not the one it is on)."""
    kind = works_in(state, scientist)
    cards = state.om_game.components.blueprints
    return sorted(
        b
        for p in state.players
        for b in p.built_blueprints
        if cards[b - 1].building == kind and state.at_work.get(scientist) != b
    )


def movable_scientists(state: OnMarsState, seat: int) -> list[str]:
    if state.counters.get(f"scientist_moved_{seat}"):
        return []
    return [s for s in state.players[seat].scientists if work_targets(state, s)]


def free_blueprints(state: OnMarsState, seat: int, when: str) -> list[int]:
    """Blueprints with a Scientist at work whose action `seat` may use for free now."""
    from ludoteca.games.on_mars.advanced import usable

    mine = state.players[seat].scientists
    return sorted(
        {
            b
            for s, b in state.at_work.items()
            if (s in mine or blueprint_owner(state, b) == seat) and usable(state, seat, b, when)
        }
    )


class _WorkTarget(Decision):
    """Move `scientist` onto a Blueprint: `{"seat", "scientist"}`."""

    kind = "work_target"

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        return [BASE["blueprint"] + b - 1 for b in work_targets(state, frame["scientist"])]

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        state.at_work[frame["scientist"]] = action - BASE["blueprint"] + 1
        state.counters[f"scientist_moved_{frame['seat']}"] = 1
