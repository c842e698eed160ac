"""Colony status update (rules 6): the colony levels up when every LSS column has reached
the colony-level row, checked at the end of each turn; plus the LSS benefits."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.decisions import Decision
from ludoteca.games.on_mars.actions import BASE, MAIN_ACTIONS
from ludoteca.games.on_mars.components import LSS_BUILDINGS
from ludoteca.games.on_mars.frames import Frame, push
from ludoteca.games.on_mars.orbit import storable_items
from ludoteca.games.on_mars.rules import advance_remaining, gain_crystals
from ludoteca.games.on_mars.turn_order import benefit_frames

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState

MAX_LEVEL = 5
GRID_REFILL_ORDER = (6, 7, 3, 4, 5, 0, 1, 2)  # bottom row first


def ready_to_level_up(state: OnMarsState) -> bool:
    return state.colony_level < MAX_LEVEL and all(
        state.lss[k] >= state.colony_level + 1 for k in LSS_BUILDINGS
    )


def maybe_level_up(state: OnMarsState) -> None:
    if ready_to_level_up(state):
        level_up(state)


def level_up(state: OnMarsState) -> None:
    c = state.om_game.components
    state.colony_level += 1
    level = state.colony_level
    draws: list[Frame] = []
    if level == 2:
        state.display.clear()
        draws += [{"k": "draw", "pool": "blueprint_l1", "to": "display"}] * sum(state.pools["blueprint_l1"])
        draws += [{"k": "draw", "pool": "blueprint_l3", "to": "display"}] * min(
            6, sum(state.pools["blueprint_l3"])
        )
    elif level == 3:
        state.display[:] = [b for b in state.display if c.blueprints[b - 1].level == 3]
        draws += [{"k": "draw", "pool": "blueprint_l3", "to": "display"}] * sum(state.pools["blueprint_l3"])
    if state.rule_players() > 2:
        empty = [i for i in GRID_REFILL_ORDER if state.grid[i] is None]
        draws += [{"k": "draw", "pool": "tech_stack", "to": "grid", "i": i} for i in empty]
    per_item = c.raw["warehouse_per_item"][str(state.rule_players())]
    for item in state.warehouse:
        state.warehouse[item] = max(state.warehouse[item], per_item)
    if level in (2, 3):  # the first two updates score the Progress area
        for p in state.players:
            p.op += c.raw["scoring"]["progress_op"][len(p.progress)]
    if level >= 3:
        advance_remaining(state)
    if level == MAX_LEVEL:
        while state.remaining_missions > 0:
            advance_remaining(state)
    push(state, *[dict(d) for d in draws])


def lss_benefits(state: OnMarsState, seat: int) -> list[str]:

    player = state.players[seat]
    options = []
    for benefit in state.om_game.components.standins["lss_benefits"]:
        if (
            (benefit == "move_bots_2" and player.bots)
            or (
                benefit == "retrieve_colonist"
                and (player.working or any(seat in s for s in state.slots.values()))
            )
            or benefit == "crystal"
            or (benefit == "warehouse" and storable_items(state, seat))
        ):
            options.append(benefit)
    return options


class _LssBenefit(Decision):
    kind = "lss_benefit"

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        names = state.om_game.components.standins["lss_benefits"]
        return [BASE["lss_benefit"] + names.index(b) for b in lss_benefits(state, frame["seat"])]

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        seat = frame["seat"]
        benefit = state.om_game.components.standins["lss_benefits"][action - BASE["lss_benefit"]]
        player = state.players[seat]
        if benefit == "crystal":
            gain_crystals(state, seat, 1)
        elif benefit == "retrieve_colonist":
            if player.working:
                player.working -= 1
            else:  # from the first action (in board order) holding one of the seat's colonists
                slot = next(state.slots[a] for a in MAIN_ACTIONS if seat in state.slots.get(a, []))
                slot.remove(seat)
            player.retrieve(1)
        else:
            push(state, *benefit_frames(state, seat, benefit))
