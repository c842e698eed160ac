"""Small rules shared by every action: gains, storage limits, missions, colonist moves,
and the frames for paying costs (`pay`) and placement extras (`extra`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.decisions import Decision
from ludoteca.games.on_mars.actions import BASE, COLONY_ACTIONS, EXTRA_PAY, ORBIT_ACTIONS
from ludoteca.games.on_mars.components import RESOURCES
from ludoteca.games.on_mars.frames import Frame, push
from ludoteca.games.on_mars.payment import cost_units, payment_options
from ludoteca.games.on_mars.placement import place_colonist_cost

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState


def gain(state: OnMarsState, seat: int, resource: str, n: int = 1) -> None:
    """Gain resources (or crystals) from the supply; storage above the limit is lost."""
    if n <= 0:
        return
    if resource == "crystal":
        gain_crystals(state, seat, n)
        return
    player = state.players[seat]
    player.storage[resource] = min(player.storage_limit(), player.storage[resource] + n)


def gain_crystals(state: OnMarsState, seat: int, n: int) -> None:
    """Crystals go below the Depot; they move in at the start of the seat's next turn."""
    state.players[seat].incoming += n


def can_store(state: OnMarsState, seat: int, item: str) -> bool:
    player = state.players[seat]
    if item == "crystal":
        return player.depot + player.incoming < player.depot_capacity()
    return player.storage[item] < player.storage_limit()


def contribute(state: OnMarsState, seat: int, counts: str, n: int = 1) -> None:
    """`seat` did `n` things a mission counts: move its tracker down and pay crystals."""
    components = state.om_game.components
    for _ in range(n):
        for mission in state.missions:
            card = components.missions[mission[0] - 1]
            if card.counts != counts or mission[1] <= 0:
                continue
            mission[1] -= 1
            gain_crystals(state, seat, card.crystals)
            if mission[1] == 0:
                advance_remaining(state)


def advance_remaining(state: OnMarsState) -> None:
    """Move the Remaining-Missions marker; past its last space the end is triggered."""
    state.remaining_missions -= 1
    if state.remaining_missions <= 0 and state.end_rounds == -1:
        state.end_rounds = -2


def retrieve_side(state: OnMarsState, seat: int, side: str) -> None:
    """Colonists on `side`'s action slots and in the Working Area go back to Living Quarters."""
    actions = ORBIT_ACTIONS if side == "orbit" else COLONY_ACTIONS
    player = state.players[seat]
    back = player.working
    player.working = 0
    for action in actions:
        slot = state.slots.get(action)
        if slot:
            back += slot.count(seat)
            slot[:] = [s for s in slot if s != seat]
    player.retrieve(back)


def slot_capacity(state: OnMarsState, action: str) -> int:
    if action == "hire_scientist_or_contract":
        return 0  # one slot per player, never cleared
    return int(state.om_game.components.action_slots.get(action, 0))


def placement_extra(state: OnMarsState, seat: int, action: str) -> tuple[list[int], int]:
    return place_colonist_cost(state.slots[action], slot_capacity(state, action), seat, state.rule_players())


def can_place(state: OnMarsState, seat: int, action: str) -> bool:
    """Has `seat` a colonist to place and enough crystals/colonists for the extra cost?"""
    player = state.players[seat]
    if player.quarters < 1:
        return False
    if action == "hire_scientist_or_contract" and seat in state.slots[action]:
        return False
    _, extra = placement_extra(state, seat, action)
    return player.quarters - 1 + player.depot >= extra


def place_colonist(state: OnMarsState, seat: int, action: str) -> None:
    """Push out the largest group if the slots are full, place, and queue the extra payment."""
    removed, extra = placement_extra(state, seat, action)
    slot = state.slots[action]
    for other in removed:
        state.players[other].working += slot.count(other)
    slot[:] = [s for s in slot if s not in removed]
    slot.append(seat)
    state.players[seat].quarters -= 1
    if extra:
        push(state, {"k": "extra", "seat": seat, "left": extra})


def queue_payment(state: OnMarsState, seat: int, cost: dict[str, int]) -> None:
    units = cost_units(cost)
    if units:
        push(state, {"k": "pay", "seat": seat, "units": units})


def spend_colonists_to_work(state: OnMarsState, seat: int, n: int) -> None:
    player = state.players[seat]
    player.quarters -= n
    player.working += n


class _Extra(Decision):
    kind = "extra"
    forced = True

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        player = state.players[frame["seat"]]
        left = frame["left"]
        options = []
        # each unit: 1 crystal or 1 colonist Living Quarters -> Working Area (mixable)
        if player.depot > 0 and player.depot - 1 + player.quarters >= left - 1:
            options.append(BASE["extra"] + EXTRA_PAY.index("crystal"))
        if player.quarters > 0 and player.depot + player.quarters - 1 >= left - 1:
            options.append(BASE["extra"] + EXTRA_PAY.index("colonist"))
        return options

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        seat = frame["seat"]
        if EXTRA_PAY[action - BASE["extra"]] == "crystal":
            state.players[seat].depot -= 1
        else:
            spend_colonists_to_work(state, seat, 1)
        if frame["left"] > 1:
            push(state, {"k": "extra", "seat": seat, "left": frame["left"] - 1})


class _Pay(Decision):
    kind = "pay"
    forced = True

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        storage = state.players[frame["seat"]].storage
        return [BASE["pay"] + RESOURCES.index(r) for r in payment_options(storage, frame["units"])]

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        seat = frame["seat"]
        state.players[seat].storage[RESOURCES[action - BASE["pay"]]] -= 1
        rest = frame["units"][1:]
        if rest:
            push(state, {"k": "pay", "seat": seat, "units": rest})
