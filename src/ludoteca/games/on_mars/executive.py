"""Executive actions (rules 5.4): once per turn, before or after the main action, pay
crystals for one action whose Depot space is uncovered (ships leave the Depot
bottom-up). Which space shows which action is a Ludoteca stand-in (not official).
The "use an Advanced Building's action" executive action is in `advanced.py`, its free
use through a Scientist at work in `scientists.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.decisions import Decision
from ludoteca.games.on_mars.actions import BASE
from ludoteca.games.on_mars.advanced import usable_blueprints
from ludoteca.games.on_mars.components import EXECUTIVE_ACTIONS, SCIENTISTS
from ludoteca.games.on_mars.control import start_movement
from ludoteca.games.on_mars.frames import Frame, push
from ludoteca.games.on_mars.goals import discard_goal, discardable_goals
from ludoteca.games.on_mars.lab import developable
from ludoteca.games.on_mars.orbit import storable_items, takeable_blueprints
from ludoteca.games.on_mars.rules import gain
from ludoteca.games.on_mars.scientists import free_blueprints, movable_scientists
from ludoteca.games.on_mars.upgrade import start_upgrades, upgradable_blueprints

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState


def uncovered(state: OnMarsState, seat: int) -> list[str]:
    """Executive actions whose Depot space no ship covers."""
    order = state.om_game.components.depot_order
    return list(order[: 8 - state.players[seat].ships_depot])


def possible(state: OnMarsState, seat: int, action: str) -> bool:

    player = state.players[seat]
    if action == "develop_tech":
        return bool(developable(state, seat, free=True))
    if action == "move_rover":
        return True
    if action == "take_blueprint":
        return bool(takeable_blueprints(state, seat))
    if action == "upgrade":
        return bool(upgradable_blueprints(state, seat))
    if action == "gain_mineral":
        return player.storage["mineral"] < player.storage_limit()
    if action == "move_bots":
        return bool(player.bots)
    if action == "warehouse":
        return bool(storable_items(state, seat))
    return False


def executive_options(state: OnMarsState, seat: int, when: str) -> list[str]:

    costs = state.om_game.components.executive_costs
    depot = state.players[seat].depot
    options = [a for a in uncovered(state, seat) if costs[a] <= depot and possible(state, seat, a)]
    open_ = "advanced_building" in uncovered(state, seat) and costs["advanced_building"] <= depot
    if open_ and usable_blueprints(state, seat, when):
        options.append("advanced_building")
    return options


class _Executive(Decision):
    """Optional executive action: `{"seat", "when": "before" | "after"}`. The same window
    also offers the free extras that do not use up the executive action: moving a
    Scientist to work (once per turn) and, before the main action, discarding Private
    Goals as crystals."""

    kind = "executive"

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        seat = frame["seat"]
        options = []
        if not state.counters.get(f"executive_used_{seat}"):
            options += [
                BASE["executive"] + EXECUTIVE_ACTIONS.index(a)
                for a in executive_options(state, seat, frame["when"])
            ]
            if free_blueprints(state, seat, frame["when"]):
                options.append(BASE["work_use"])
        options += [BASE["work"] + SCIENTISTS.index(s) for s in movable_scientists(state, seat)]
        if frame["when"] == "before":
            options += [BASE["discard_goal"] + g - 1 for g in discardable_goals(state, seat)]
        return sorted([*options, BASE["skip"]]) if options else []

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        seat = frame["seat"]
        if action == BASE["skip"]:
            return
        if BASE["work"] <= action < BASE["work"] + len(SCIENTISTS):
            scientist = SCIENTISTS[action - BASE["work"]]
            push(state, {"k": "work_target", "seat": seat, "scientist": scientist}, frame)
            return
        if action >= BASE["discard_goal"]:
            discard_goal(state, seat, action - BASE["discard_goal"] + 1)
            push(state, frame)
            return
        state.counters[f"executive_used_{seat}"] = 1
        if action == BASE["work_use"]:
            push(state, {"k": "advanced", "seat": seat, "when": frame["when"], "free": True})
            return
        name = EXECUTIVE_ACTIONS[action - BASE["executive"]]
        state.players[seat].depot -= state.om_game.components.executive_costs[name]
        if name == "develop_tech":
            push(state, {"k": "develop", "seat": seat, "left": 1, "optional": False, "free": True})
        elif name == "move_rover":
            start_movement(state, seat, ["rover"])
        elif name == "take_blueprint":
            push(state, {"k": "take_blueprint", "seat": seat, "left": 1, "optional": False})
        elif name == "upgrade":
            start_upgrades(state, seat)
        elif name == "gain_mineral":
            gain(state, seat, "mineral", 1)
        elif name == "move_bots":
            start_movement(state, seat, ["bots"])
        elif name == "warehouse":
            push(state, {"k": "warehouse_take", "seat": seat, "left": 1, "optional": False})
        elif name == "advanced_building":
            push(state, {"k": "advanced", "seat": seat, "when": frame["when"]})
