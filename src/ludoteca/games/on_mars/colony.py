"""Colony actions (rules 5.3): availability and start of each, Welcome a Ship and Hire a
Scientist / take an Earth Contract. Construct, Upgrade and Control Center live in their
own modules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.decisions import Automatic, Decision
from ludoteca.games.on_mars.actions import BASE, SHIP_GAINS
from ludoteca.games.on_mars.board import Hex, distance, hex_ids, map_hexes
from ludoteca.games.on_mars.components import SCIENTISTS
from ludoteca.games.on_mars.construct import buildable_types
from ludoteca.games.on_mars.control import can_control, start_control
from ludoteca.games.on_mars.frames import Frame, push
from ludoteca.games.on_mars.movement import is_empty, pieces
from ludoteca.games.on_mars.payment import can_pay, cost_units
from ludoteca.games.on_mars.rules import (
    can_place,
    contribute,
    place_colonist,
    placement_extra,
    queue_payment,
    slot_capacity,
    spend_colonists_to_work,
)
from ludoteca.games.on_mars.upgrade import start_upgrades, upgradable_blueprints

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState

SHIP_COST = {"plant": 1, "water": 1}
HIRE = "hire_scientist_or_contract"


def ships_allowed(state: OnMarsState, seat: int) -> int:
    """Ships `seat` may still take from its Depot (total taken <= colony level)."""
    player = state.players[seat]
    return max(0, min(player.ships_depot, state.colony_level - (5 - player.ships_depot)))


def can_welcome(state: OnMarsState, seat: int) -> bool:
    return ships_allowed(state, seat) > 0 and can_pay(state.players[seat].storage, cost_units(SHIP_COST))


def hire_options(state: OnMarsState, seat: int, only: str = "", extra: int = 0) -> list[int]:
    """Action ids for the Scientists and Contracts on display that `seat` can pay for,
    leaving enough crystals and colonists for `extra` placement units still to pay."""
    c = state.om_game.components
    player = state.players[seat]
    options = []
    for card in state.science:
        if isinstance(card, str) and only != "contract":
            cost = c.scientists[SCIENTISTS.index(card)]["hire_cost"]
            if "colonist_to_work" in cost:
                left = player.quarters - cost["colonist_to_work"]
                ok = left >= 0 and left + player.depot >= extra
            else:
                ok = can_pay(player.storage, cost_units(cost)) and player.quarters + player.depot >= extra
            if ok:
                options.append(BASE["scientist"] + SCIENTISTS.index(card))
        elif isinstance(card, int) and player.depot >= 1 and player.depot - 1 + player.quarters >= extra:
            options.append(BASE["contract"] + card - 1)
    return sorted(options)


def colony_available(state: OnMarsState, seat: int, action: str) -> bool:
    if action == "welcome_ship":
        return can_welcome(state, seat) and can_place(state, seat, action)
    if action == HIRE:
        if not can_place(state, seat, action):
            return False
        state.players[seat].quarters -= 1  # the placed colonist is not available to pay
        ok = bool(hire_options(state, seat, extra=placement_extra(state, seat, action)[1]))
        state.players[seat].quarters += 1
        return ok
    if action == "construct_building":
        if not can_place(state, seat, action):
            return False
        state.players[seat].quarters -= 1  # the placed colonist cannot go onto a Mine
        ok = bool(buildable_types(state, seat))
        state.players[seat].quarters += 1
        return ok
    if action == "upgrade_building":
        return bool(upgradable_blueprints(state, seat)) and can_place(state, seat, action)
    if action == "control_center":
        return can_control(state, seat)
    return False


def colony_boost_limit(state: OnMarsState, seat: int, action: str) -> int:
    if action == "welcome_ship":
        return ships_allowed(state, seat) - 1
    return 0


def start_colony_action(state: OnMarsState, seat: int, action: str) -> None:
    if action == HIRE:  # the card is chosen first, so that it stays affordable after the extra
        extra = placement_extra(state, seat, action)[1]
        place_colonist(state, seat, action)
        push(state, {"k": "hire", "seat": seat, "extra": extra})
        return
    if action == "construct_building":
        push(state, {"k": "build_type", "seat": seat, "only": ""})
    elif action == "upgrade_building":
        push(state, {"k": "upgrade_start", "seat": seat})
    elif action == "control_center":
        start_control(state, seat)
        return
    else:
        push(state, {"k": "boost", "seat": seat, "action": action})
    if slot_capacity(state, action):
        place_colonist(state, seat, action)


class _Ship(Decision):
    """Welcome one ship: pay 1 plant + 1 water, gain 1 colonist + 1 bot or 2 colonists."""

    kind = "ship"

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        seat = frame["seat"]
        if not can_welcome(state, seat):
            return []
        options = [BASE["ship_gain"] + SHIP_GAINS.index("two_colonists")]
        if state.players[seat].bots_off > 0:
            options.insert(0, BASE["ship_gain"] + SHIP_GAINS.index("colonist_bot"))
        return options

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        seat = frame["seat"]
        player = state.players[seat]
        player.ships_depot -= 1
        player.hangar += 1
        later: list[Frame] = []
        if SHIP_GAINS[action - BASE["ship_gain"]] == "colonist_bot":
            player.add_colonists(1 + frame.get("bonus", 0))
            player.bots_off -= 1
            later.append({"k": "place_bot", "seat": seat})
        else:
            player.add_colonists(2 + frame.get("bonus", 0))
        if frame["left"] > 1:
            later.append({**frame, "left": frame["left"] - 1})
        push(state, *later)
        queue_payment(state, seat, SHIP_COST)


def bot_hexes(state: OnMarsState, seat: int) -> list[Hex]:
    """Where a new bot may go: an empty Shelter of the seat's, else the nearest empty hexes."""
    occupied = pieces(state)
    shelters = [
        h for h, b in state.buildings.items() if b.kind == "shelter" and b.owner == seat and h not in occupied
    ]
    if shelters:
        return sorted(shelters, key=lambda h: hex_ids()[h])
    own = [h for h, b in state.buildings.items() if b.kind == "shelter" and b.owner == seat]
    free = [h for h in map_hexes() if is_empty(state, h)]
    if not free:
        return []
    best = min(min(distance(h, s) for s in own) for h in free)
    return [h for h in free if min(distance(h, s) for s in own) == best]


class _PlaceBot(Decision):
    kind = "place_bot"
    forced = True

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        return [BASE["hex"] + hex_ids()[h] for h in bot_hexes(state, frame["seat"])]

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        seat = frame["seat"]
        state.players[seat].bots.append(map_hexes()[action - BASE["hex"]])
        contribute(state, seat, "bots_placed")


class _Hire(Decision):
    kind = "hire"

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        return hire_options(state, frame["seat"], frame.get("only", ""), frame.get("extra", 0))

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        seat = frame["seat"]
        player = state.players[seat]
        c = state.om_game.components
        if action < BASE["contract"]:
            scientist = SCIENTISTS[action - BASE["scientist"]]
            state.science[state.science.index(scientist)] = None
            player.scientists.append(scientist)
            cost = c.scientists[SCIENTISTS.index(scientist)]["hire_cost"]
            if "colonist_to_work" in cost:
                spend_colonists_to_work(state, seat, cost["colonist_to_work"])
            else:
                queue_payment(state, seat, cost)
            contribute(state, seat, "scientists")
        else:
            contract = action - BASE["contract"] + 1
            state.science[state.science.index(contract)] = None
            player.contracts.append(contract)
            player.depot -= 1


class _Refill(Decision):
    """At the end of the turn, fill the emptied space with a Contract of the seat's choice."""

    kind = "refill"
    forced = True

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        return [BASE["contract"] + k - 1 for k in sorted(state.contract_deck)]

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        contract = action - BASE["contract"] + 1
        state.contract_deck.remove(contract)
        state.science[frame["space"]] = contract
        empty = [i for i, s in enumerate(state.science) if s is None]
        if empty and state.contract_deck:
            push(state, {"k": "refill", "seat": frame["seat"], "space": empty[0]})


class _UpgradeStart(Automatic):
    kind = "upgrade_start"

    @staticmethod
    def run(state: OnMarsState, frame: Frame) -> None:
        start_upgrades(state, frame["seat"])
