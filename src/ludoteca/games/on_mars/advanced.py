"""Advanced Building actions: the executive action "use one of your Advanced Buildings"
runs the action of a Blueprint you have built (its operation is data: the blueprint's
`advanced` field). Boostable actions take colonists to the Working Area, +1 each.

Blueprint #15 (Radar), whose effect is not published, runs Ludoteca's stand-in
`pd_radar` (standins.json): take the leftmost face-up Discovery tile from the
Exploration space and resolve it as if the rover had collected it; a new one is revealed.
Free use through a Scientist at work: `scientists.py`.
Simplification: blueprint #3 produces batteries (one per use, +1 per colonist)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.decisions import Decision
from ludoteca.games.on_mars.actions import BASE
from ludoteca.games.on_mars.colony import can_welcome, hire_options
from ludoteca.games.on_mars.construct import buildable_types
from ludoteca.games.on_mars.control import rover_tech_frame
from ludoteca.games.on_mars.frames import Frame, push
from ludoteca.games.on_mars.lab import developable, takeable_grid
from ludoteca.games.on_mars.model import COLONY
from ludoteca.games.on_mars.movement import move_frame
from ludoteca.games.on_mars.orbit import storable_items, takeable_blueprints
from ludoteca.games.on_mars.rules import gain, gain_crystals, retrieve_side, spend_colonists_to_work
from ludoteca.games.on_mars.scientists import free_blueprints
from ludoteca.games.on_mars.shuttle import travel
from ludoteca.games.on_mars.tiles import collect_discovery
from ludoteca.games.on_mars.upgrade import start_upgrades, upgradable_blueprints

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState

MAX_BOOST = 3


def op_of(state: OnMarsState, blueprint: int) -> dict[str, Any]:
    return state.om_game.components.blueprints[blueprint - 1].advanced


def usable(state: OnMarsState, seat: int, blueprint: int, when: str) -> bool:
    """Can `seat` run this built Blueprint's action now?"""

    op = op_of(state, blueprint)
    name = op["op"]
    p = state.players[seat]
    if name == "upgrade":
        return bool(upgradable_blueprints(state, seat))
    if name == "upgrade_anywhere":
        return bool(upgradable_blueprints(state, seat, anywhere=True))
    if name == "construct":
        return bool(buildable_types(state, seat, op["type"], bonus=p.quarters))
    if name == "produce":
        return p.storage[op["resource"]] < p.storage_limit()
    if name == "ship":
        return can_welcome(state, seat)
    if name == "warehouse":
        return bool(storable_items(state, seat))
    if name == "tech":
        return bool(takeable_grid(state, seat))
    if name in ("crystals", "score", "rover", "rover_tech"):
        return True
    if name == "contract":
        return bool(hire_options(state, seat, "contract"))
    if name == "develop":
        return bool(developable(state, seat, free=False))
    if name == "colonists":
        return p.supply > 0 and p.quarters < p.quarters_capacity()
    if name == "retrieve_all":
        return p.working > 0 or any(seat in s for s in state.slots.values())
    if name == "convert":
        return sum(p.storage.values()) > 0
    if name == "travel_orbit":
        return when == "before" and p.side == COLONY
    if name == "blueprint":
        return bool(takeable_blueprints(state, seat))
    if name == "pd_radar":
        return bool(state.exploration)
    return False  # "unknown"


def usable_blueprints(state: OnMarsState, seat: int, when: str) -> list[int]:
    return [b for b in state.players[seat].built_blueprints if usable(state, seat, b, when)]


def effect(state: OnMarsState, seat: int, blueprint: int, n: int) -> list[Frame]:
    """Frames (or immediate effects) of a Blueprint's action boosted by `n` colonists."""

    op = op_of(state, blueprint)
    name = op["op"]
    p = state.players[seat]
    if name == "upgrade":
        start_upgrades(state, seat, base=1 + n)
    elif name == "upgrade_anywhere":
        return [{"k": "upgrade", "seat": seat, "left": 1, "optional": False, "free": False, "anywhere": True}]
    elif name == "construct":
        return [{"k": "build_type", "seat": seat, "only": op["type"], "bonus": n}]
    elif name == "produce":
        gain(state, seat, op["resource"], 1 + n)
    elif name == "ship":
        return [{"k": "ship", "seat": seat, "left": 1 + n, "bonus": op["bonus"]}]
    elif name == "warehouse":
        return [{"k": "warehouse_take", "seat": seat, "left": 1 + n, "optional": False}]
    elif name == "tech":
        return [{"k": "learn", "seat": seat, "left": 1 + n, "optional": False}]
    elif name == "crystals":
        gain_crystals(state, seat, op["n"] + n)
    elif name == "score":
        p.op += op["n"]
    elif name == "contract":
        return [{"k": "hire", "seat": seat, "only": "contract"}]
    elif name == "develop":
        return [{"k": "develop", "seat": seat, "left": op["n"] + n, "optional": True, "free": False}]
    elif name == "colonists":
        p.add_colonists(op["n"])
    elif name == "retrieve_all":
        retrieve_side(state, seat, "orbit")
        retrieve_side(state, seat, "colony")
    elif name == "convert":
        return [
            {"k": "pay", "seat": seat, "units": ["any"]},
            {"k": "gain_choice", "seat": seat, "left": op["n"] + n},
        ]
    elif name == "rover":
        return [move_frame(seat, rover=op["n"] + n)]
    elif name == "rover_tech":
        return [rover_tech_frame(seat, n)]
    elif name == "travel_orbit":
        travel(state, seat, discovery=False)
    elif name == "blueprint":
        return [{"k": "take_blueprint", "seat": seat, "left": 1 + n, "optional": False}]
    elif name == "pd_radar":
        kind = state.exploration.pop(0)
        if any(state.pools["discovery"]):
            push(state, {"k": "draw", "pool": "discovery", "to": "exploration"})
        collect_discovery(state, seat, kind)  # its frames go on top: resolved before the refill
    return []


class _Advanced(Decision):
    """Choose which Advanced Building's action to use: `{"seat", "when", "free"?}` (free:
    the Blueprints with a Scientist at work that the seat may use, see `scientists.py`)."""

    kind = "advanced"

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        seat, when = frame["seat"], frame["when"]
        if frame.get("free"):
            blueprints = free_blueprints(state, seat, when)
        else:
            blueprints = usable_blueprints(state, seat, when)
        return sorted(BASE["blueprint"] + b - 1 for b in blueprints)

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        seat, blueprint = frame["seat"], action - BASE["blueprint"] + 1
        if op_of(state, blueprint)["boost"]:
            push(state, {"k": "adv_boost", "seat": seat, "blueprint": blueprint})
        else:
            push(state, *effect(state, seat, blueprint, 0))


class _AdvancedBoost(Decision):
    kind = "adv_boost"
    forced = True

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        most = min(MAX_BOOST, state.players[frame["seat"]].quarters)
        return [BASE["boost"] + k for k in range(most + 1)]

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        n = action - BASE["boost"]
        spend_colonists_to_work(state, frame["seat"], n)
        push(state, *effect(state, frame["seat"], frame["blueprint"], n))
