"""What an option costs, in words — for the views (terminal and web), never for the rules.

`option_cost(state, action)` spells out the price of a legal action at the current
decision ("" when it costs nothing), reading the same data and helpers the rules use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.on_mars.actions import MAIN_ACTIONS, decode
from ludoteca.games.on_mars.colony import SHIP_COST
from ludoteca.games.on_mars.components import BUILDINGS, EXECUTIVE_ACTIONS, SCIENTISTS
from ludoteca.games.on_mars.lab import grid_cost, tile_of_type
from ludoteca.games.on_mars.rules import placement_extra, slot_capacity
from ludoteca.games.on_mars.upgrade import UPGRADE_COST

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState


def cost_text(cost: dict[str, int]) -> str:
    """`{"battery": 1, "any": 1}` -> "1 battery + 1 resource of your choice"."""
    parts = []
    for item, n in cost.items():
        if item == "any":
            parts.append(f"{n} resource{'s' if n > 1 else ''} of your choice")
        elif item in ("colonist", "colonist_to_work"):
            where = "" if item == "colonist" else " to the Working Area"
            parts.append(f"{n} colonist{'s' if n > 1 else ''}{where}")
        else:
            parts.append(f"{n} {item}{'s' if n > 1 and item == 'crystal' else ''}")
    return " + ".join(parts)


def _placement(state: OnMarsState, seat: int, action: str) -> str:
    if action == "hire_scientist_or_contract":
        return "1 colonist on the action"
    if not slot_capacity(state, action):
        return ""
    removed, extra = placement_extra(state, seat, action)
    text = "1 colonist on the action"
    if extra:
        text += f" + {extra} crystal(s) or colonist(s) to the Working Area"
    if removed:
        text += f" (pushes out the colonists of seat(s) {', '.join(map(str, removed))})"
    return text


def option_cost(state: OnMarsState, action: int) -> str:
    """The price of legal `action` at the current decision, in words ("" if none)."""
    frame = state.top()
    if frame is None or state.is_chance_node():
        return ""
    seat = int(frame["seat"])
    c = state.om_game.components
    name, i = decode(action)
    wild = " (minerals may stand in)"
    if name == "main":
        return _placement(state, seat, MAIN_ACTIONS[i])
    if name == "build":
        kind = BUILDINGS[i]
        return cost_text(c.building_costs[kind]) + ("" if kind == "mine" else wild)
    if name == "grid":
        cost = grid_cost(state, i)
        return cost_text(cost) + wild if cost else "free"
    if name == "develop" and frame["k"] == "develop":
        if frame.get("free"):
            return "free"
        column = state.players[seat].lab[tile_of_type(state, seat, i)][0] + 1
        return cost_text(c.lab[column].enter_cost) + wild
    if name == "executive":
        return f"{c.executive_costs[EXECUTIVE_ACTIONS[i]]} crystals"
    if name == "work_use":
        return "free (a Scientist at work)"
    if name == "discard_goal":
        return "gives 1 crystal in your Depot"
    if name == "scientist":
        return cost_text(c.scientists[SCIENTISTS.index(SCIENTISTS[i])]["hire_cost"]) + (
            "" if SCIENTISTS[i] == "geologist" else wild
        )
    if name == "contract" and frame["k"] == "hire":
        return cost_text(c.raw["contract_take_cost"])
    if name == "ship_gain":
        return cost_text(SHIP_COST) + wild
    if name == "blueprint" and frame["k"] == "upgrade":
        return "free" if frame.get("free") else cost_text(UPGRADE_COST)
    if name == "extra":
        return "1 crystal" if i == 0 else "1 colonist to the Working Area"
    if name == "boost" and i:
        return f"{i} colonist(s) to the Working Area"
    if name == "crystals" and i:
        return f"{i} crystal(s) from the Depot, +{i} MP"
    if name == "travel" and i == 1:
        from ludoteca.games.on_mars.flow import free_ride

        return "free ride" if free_ride(state, seat) else "1 ship from your Hangar back to the box"
    return ""
