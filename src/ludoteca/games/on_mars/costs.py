"""What an option costs, in words — for the views (terminal and web), never for the rules.

`option_cost_message(state, action)` spells out the price of a legal action at the current
decision as a message (`ludoteca.core.i18n`; None when it costs nothing), reading the same
data and helpers the rules use; `option_cost` is that message in English ("" if none).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.i18n import Message, msg, render
from ludoteca.games.on_mars.actions import MAIN_ACTIONS, decode
from ludoteca.games.on_mars.colony import SHIP_COST
from ludoteca.games.on_mars.component_texts import amount
from ludoteca.games.on_mars.components import BUILDINGS, EXECUTIVE_ACTIONS, SCIENTISTS
from ludoteca.games.on_mars.lab import grid_cost, tile_of_type
from ludoteca.games.on_mars.rules import placement_extra, slot_capacity
from ludoteca.games.on_mars.shuttle import free_ride
from ludoteca.games.on_mars.upgrade import UPGRADE_COST

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState


def cost_message(cost: dict[str, int]) -> Message:
    """`{"battery": 1, "any": 1}` -> "1 battery + 1 resource of your choice"."""
    parts = [amount(item, n) for item, n in cost.items()]
    if not parts:
        return msg("on_mars.free")
    message = parts[-1]
    for part in reversed(parts[:-1]):
        message = msg("on_mars.costs.plus", first=part, rest=message)
    return message


def _wild(cost: Message) -> Message:
    return msg("on_mars.costs.wild", cost=cost)


def _placement(state: OnMarsState, seat: int, action: str) -> Message | None:
    on_action = msg("on_mars.costs.on_action")
    if action == "hire_scientist_or_contract":
        return on_action
    if not slot_capacity(state, action):
        return None
    removed, extra = placement_extra(state, seat, action)
    text = msg("on_mars.costs.extra", first=on_action, n=extra) if extra else on_action
    if removed:
        text = msg("on_mars.costs.pushes", cost=text, seats=", ".join(str(s) for s in removed))
    return text


def option_cost(state: OnMarsState, action: int) -> str:
    """The price of legal `action` at the current decision, in English ("" if none)."""
    message = option_cost_message(state, action)
    return render(message, "en") if message is not None else ""


def option_cost_message(state: OnMarsState, action: int) -> Message | None:
    """The price of legal `action` at the current decision (None if none)."""
    frame = state.top()
    if frame is None or state.is_chance_node():
        return None
    seat = int(frame["seat"])
    c = state.om_game.components
    name, i = decode(action)
    if name == "main":
        return _placement(state, seat, MAIN_ACTIONS[i])
    if name == "build":
        kind = BUILDINGS[i]
        price = cost_message(c.building_costs[kind])
        return price if kind == "mine" else _wild(price)
    if name == "grid":
        cost = grid_cost(state, i)
        return _wild(cost_message(cost)) if cost else msg("on_mars.free")
    if name == "develop" and frame["k"] == "develop":
        if frame.get("free"):
            return msg("on_mars.free")
        column = state.players[seat].lab[tile_of_type(state, seat, i)][0] + 1
        return _wild(cost_message(c.lab[column].enter_cost))
    if name == "executive":
        return amount("crystal", c.executive_costs[EXECUTIVE_ACTIONS[i]])
    if name == "work_use":
        return msg("on_mars.costs.scientist_at_work")
    if name == "discard_goal":
        return msg("on_mars.costs.discard_goal")
    if name == "scientist":
        price = cost_message(c.scientists[i]["hire_cost"])
        return price if SCIENTISTS[i] == "geologist" else _wild(price)
    if name == "contract" and frame["k"] == "hire":
        return cost_message(c.raw["contract_take_cost"])
    if name == "ship_gain":
        return _wild(cost_message(SHIP_COST))
    if name == "blueprint" and frame["k"] == "upgrade":
        return msg("on_mars.free") if frame.get("free") else cost_message(UPGRADE_COST)
    if name == "extra":
        return amount("crystal", 1) if i == 0 else amount("colonist_to_work", 1)
    if name == "boost" and i:
        return msg("on_mars.costs.boost", n=i)
    if name == "crystals" and i:
        return msg("on_mars.costs.crystals", n=i)
    if name == "travel" and i == 1:
        return msg("on_mars.costs.free_ride" if free_ride(state, seat) else "on_mars.costs.ship_back")
    return None
