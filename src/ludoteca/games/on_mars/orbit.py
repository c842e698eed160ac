"""The main-action choice and the Orbit actions: Landing Pod, Obtain Blueprint,
Learn New Technology, Research & Development and Resupply (rules 5.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.decisions import Decision
from ludoteca.games.on_mars.actions import BASE, MAIN_ACTIONS, WAREHOUSE_ITEMS
from ludoteca.games.on_mars.colony import colony_available, colony_boost_limit, start_colony_action
from ludoteca.games.on_mars.frames import Frame, push
from ludoteca.games.on_mars.lab import developable, takeable_grid
from ludoteca.games.on_mars.model import ORBIT
from ludoteca.games.on_mars.rules import (
    can_place,
    can_store,
    contribute,
    gain,
    place_colonist,
    spend_colonists_to_work,
)
from ludoteca.games.on_mars.shuttle import travel

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState


def storable_items(state: OnMarsState, seat: int) -> list[str]:
    return [i for i in WAREHOUSE_ITEMS if state.warehouse.get(i, 0) > 0 and can_store(state, seat, i)]


def takeable_blueprints(state: OnMarsState, seat: int) -> list[int]:
    return list(state.display) if state.players[seat].markers > 0 else []


def available(state: OnMarsState, seat: int, action: str) -> bool:
    """Could `seat` start main action `action` now?"""

    player = state.players[seat]
    if (action in MAIN_ACTIONS[:5]) != (player.side == ORBIT):
        return False
    if action == "landing_pod":
        return True
    if action == "obtain_blueprint":
        return bool(takeable_blueprints(state, seat)) and can_place(state, seat, action)
    if action == "learn_technology":
        return bool(takeable_grid(state, seat)) and can_place(state, seat, action)
    if action == "research_and_development":
        return bool(developable(state, seat, free=False)) and can_place(state, seat, action)
    if action == "resupply":
        return bool(storable_items(state, seat)) and can_place(state, seat, action)
    return colony_available(state, seat, action)


def boost_limit(state: OnMarsState, seat: int, action: str) -> int:
    """Most colonists worth sending to the Working Area to boost `action`."""

    player = state.players[seat]
    if action == "obtain_blueprint":
        extra = min(len(state.display), player.markers) - 1
    elif action == "learn_technology":
        extra = 1
    elif action == "research_and_development":
        extra = 12
    elif action == "resupply":
        extra = sum(state.warehouse.values()) - 1
    else:
        extra = colony_boost_limit(state, seat, action)
    return max(0, min(player.quarters, extra, 12))


class _Main(Decision):
    kind = "main"

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        seat = frame["seat"]
        return [BASE["main"] + i for i, a in enumerate(MAIN_ACTIONS) if available(state, seat, a)]

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        seat, name = frame["seat"], MAIN_ACTIONS[action - BASE["main"]]
        if name == "landing_pod":
            travel(state, seat, discovery=False)
        elif name in MAIN_ACTIONS[:5]:
            push(state, {"k": "boost", "seat": seat, "action": name})
            place_colonist(state, seat, name)
        else:
            start_colony_action(state, seat, name)


def effect_frames(seat: int, action: str, n: int) -> list[Frame]:
    """What a main action does once boosted by `n` colonists."""
    if action == "obtain_blueprint":
        return [{"k": "take_blueprint", "seat": seat, "left": 1 + n, "optional": False}]
    if action == "learn_technology":
        return [{"k": "learn", "seat": seat, "left": 1 + n, "optional": False}]
    if action == "research_and_development":
        return [{"k": "develop", "seat": seat, "left": 2 + n, "optional": False, "free": False}]
    if action == "resupply":
        return [{"k": "warehouse_take", "seat": seat, "left": 1 + n, "optional": False}]
    if action == "welcome_ship":
        return [{"k": "ship", "seat": seat, "left": 1 + n}]
    raise AssertionError(action)


class _Boost(Decision):
    kind = "boost"
    forced = True

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        return [BASE["boost"] + i for i in range(boost_limit(state, frame["seat"], frame["action"]) + 1)]

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        n = action - BASE["boost"]
        spend_colonists_to_work(state, frame["seat"], n)
        push(state, *effect_frames(frame["seat"], frame["action"], n))


class _WarehouseTake(Decision):
    """Take items from the Warehouse one at a time (only what the seat can store)."""

    kind = "warehouse_take"

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        options = [BASE["warehouse"] + WAREHOUSE_ITEMS.index(i) for i in storable_items(state, frame["seat"])]
        if options and frame.get("optional"):
            options.append(BASE["skip"])
        return options

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        if action == BASE["skip"]:
            return
        seat, item = frame["seat"], WAREHOUSE_ITEMS[action - BASE["warehouse"]]
        state.warehouse[item] -= 1
        gain(state, seat, item, 1)
        if frame["left"] > 1:
            push(state, {**frame, "left": frame["left"] - 1, "optional": True})


class _TakeBlueprint(Decision):
    """Take a face-up Blueprint: gain what it shows and park a spare marker on it."""

    kind = "take_blueprint"

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        options = [BASE["blueprint"] + b - 1 for b in takeable_blueprints(state, frame["seat"])]
        if options and frame.get("optional"):
            options.append(BASE["skip"])
        return sorted(options)

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        if action == BASE["skip"]:
            return
        seat, blueprint = frame["seat"], action - BASE["blueprint"] + 1
        player = state.players[seat]
        state.display.remove(blueprint)
        player.blueprints.append(blueprint)
        player.markers -= 1
        for resource, n in state.om_game.components.blueprints[blueprint - 1].gain:
            gain(state, seat, resource, n)
        contribute(state, seat, "blueprints")
        if frame["left"] > 1:
            push(state, {**frame, "left": frame["left"] - 1, "optional": True})
