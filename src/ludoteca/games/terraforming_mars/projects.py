"""Standard projects and the two standard conversions.

| project       | M€ | effect                                   | offered when              |
| ------------- | -- | ---------------------------------------- | ------------------------- |
| sell_patents  | 0  | discard >= 1 cards from hand, 1 M€ each  | the hand is not empty     |
| power_plant   | 11 | +1 energy production (Thorgate pays 8)   | affordable                |
| asteroid      | 14 | temperature +1 step                      | temperature below +8 °C   |
| aquifer       | 18 | place an ocean                           | oceans left to place      |
| greenery      | 23 | place a greenery (greenery rules)        | a legal space exists      |
| city          | 25 | place a city, +1 M€ production           | a legal space exists      |

Conversions: 8 plants (Ecoline 7) -> a greenery (raises oxygen); 8 heat -> temperature
+1 step (offered only while the temperature can rise). Standard projects are paid in
M€ only (Helion may add heat); they may be repeated within a generation.

Decisions: `(F_SELL, seat, last)` sells one more card of the hand (cards above `last`,
so each set is offered once; `done` after the first), `(F_FINAL, seat)` is the end's
conversion of plants into greeneries, again and again until `done`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.decisions import Decision
from ludoteca.games.terraforming_mars.actions import CONVERT, DONE, SELL
from ludoteca.games.terraforming_mars.cards import Op
from ludoteca.games.terraforming_mars.constants import (
    CITY,
    ENERGY,
    GREENERY,
    HEAT,
    MC,
    OCEAN,
    PARAM_MAX,
    PLANTS,
    PUBLIC,
    STANDARD_PROJECTS,
    TEMPERATURE,
    slot,
)
from ludoteca.games.terraforming_mars.deck import discard
from ludoteca.games.terraforming_mars.effects import fire_paid
from ludoteca.games.terraforming_mars.frames import F_FINAL, F_SELL, Frame, push_ops, push_pay, push_place
from ludoteca.games.terraforming_mars.params import raise_temperature
from ludoteca.games.terraforming_mars.payment import can_afford
from ludoteca.games.terraforming_mars.placement import spaces_for
from ludoteca.games.terraforming_mars.tableau import greenery_plants, project_cost

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.state import TMState

SELL_PATENTS, POWER_PLANT, ASTEROID, AQUIFER, GREENERY_PROJECT, CITY_PROJECT = range(6)
PROJECT_NAMES = STANDARD_PROJECTS
PROJECT_COSTS = (0, 11, 14, 18, 23, 25)
HEAT_PER_STEP = 8


def _op(kind: str, text: str, **fields: object) -> Op:
    return Op(kind, text, **fields)  # type: ignore[arg-type]  # the fields of this project's op, typed by Op


PROJECT_OPS: tuple[tuple[Op, ...], ...] = (
    (),
    (_op("production", '{"op":"production","resource":"energy","amount":1}', resource=ENERGY, amount=1),),
    (_op("raise", '{"op":"raise","param":"temperature","steps":1}', param=TEMPERATURE, steps=1),),
    (_op("place_tile", '{"op":"place_tile","tile":"ocean","where":"ocean_space"}', tile=OCEAN,
         where="ocean_space"),),
    (_op("place_tile", '{"op":"place_tile","tile":"greenery","where":"greenery_rules"}', tile=GREENERY,
         where="greenery_rules"),),
    (_op("place_tile", '{"op":"place_tile","tile":"city","where":"city_rules"}', tile=CITY,
         where="city_rules"),
     _op("production", '{"op":"production","resource":"megacredits","amount":1}', resource=MC, amount=1)),
)


def cost_of(st: TMState, seat: int, project: int) -> int:
    return project_cost(st, seat, PROJECT_NAMES[project], PROJECT_COSTS[project])


def project_available(st: TMState, seat: int, project: int) -> bool:
    if project == SELL_PATENTS:
        return bool(st.hand[seat])
    if not can_afford(st, seat, cost_of(st, seat, project)):
        return False
    if project == ASTEROID:
        return st.params[TEMPERATURE] < PARAM_MAX[TEMPERATURE]
    if project == AQUIFER:
        return bool(spaces_for(st, seat, OCEAN, "ocean_space"))
    if project == GREENERY_PROJECT:
        return bool(spaces_for(st, seat, GREENERY, "greenery_rules"))
    if project == CITY_PROJECT:
        return bool(spaces_for(st, seat, CITY, "city_rules"))
    return True


def available_projects(st: TMState, seat: int, cash: int) -> list[int]:
    """`project_available` for all six at once, given the seat's M€ (+ Helion's heat)."""
    out = [SELL_PATENTS] if st.hand[seat] else []
    discounts = st.mods[seat].project_discounts
    for k in range(1, 6):
        cost = PROJECT_COSTS[k]
        if discounts:
            cost = cost_of(st, seat, k)
        if cash < cost:
            continue
        if k == ASTEROID:
            ok = st.params[TEMPERATURE] < PARAM_MAX[TEMPERATURE]
        elif k == AQUIFER:
            ok = bool(spaces_for(st, seat, OCEAN, "ocean_space"))
        elif k == GREENERY_PROJECT:
            ok = bool(spaces_for(st, seat, GREENERY, "greenery_rules"))
        elif k == CITY_PROJECT:
            ok = bool(spaces_for(st, seat, CITY, "city_rules"))
        else:
            ok = True
        if ok:
            out.append(k)
    return out


def start_project(st: TMState, seat: int, project: int) -> None:
    if project == SELL_PATENTS:
        st.stack.append((F_SELL, seat, -1))
        return
    push_ops(st, seat, -1, PROJECT_OPS[project])
    fire_paid(st, seat, "standard_project", PROJECT_COSTS[project], PROJECT_NAMES[project])
    push_pay(st, seat, cost_of(st, seat, project))


def conversion_available(st: TMState, seat: int, which: int) -> bool:
    res = st.res
    if which == 0:
        return res[slot(seat, PLANTS)] >= greenery_plants(st, seat) and bool(
            spaces_for(st, seat, GREENERY, "greenery_rules"))
    return res[slot(seat, HEAT)] >= HEAT_PER_STEP and st.params[TEMPERATURE] < PARAM_MAX[TEMPERATURE]


def start_conversion(st: TMState, seat: int, which: int) -> None:
    if which == 0:
        st.res[slot(seat, PLANTS)] -= greenery_plants(st, seat)
        push_place(st, seat, -1, GREENERY, "greenery_rules")
    else:
        st.res[slot(seat, HEAT)] -= HEAT_PER_STEP
        raise_temperature(st, seat, 1)


class SellPatents(Decision):
    kind = F_SELL
    forced = True

    @staticmethod
    def legal(st: TMState, frame: Frame) -> list[int]:
        last = frame[2]
        out = [SELL + c for c in st.hand[frame[1]] if c > last]
        if last >= 0:
            out.append(DONE)
        out.sort()
        return out

    @staticmethod
    def apply(st: TMState, frame: Frame, action: int) -> None:
        if action == DONE:
            return
        seat, card = frame[1], action - SELL
        st.hand[seat] = tuple(c for c in st.hand[seat] if c != card)
        discard(st, card, PUBLIC)  # `sell <card>` is a public action
        st.res[slot(seat, MC)] += 1
        st.stack.append((F_SELL, seat, card))


class FinalGreenery(Decision):
    kind = F_FINAL
    forced = True

    @staticmethod
    def legal(st: TMState, frame: Frame) -> list[int]:
        return [CONVERT, DONE] if conversion_available(st, frame[1], 0) else [DONE]  # CONVERT < DONE

    @staticmethod
    def apply(st: TMState, frame: Frame, action: int) -> None:
        if action != DONE:
            st.stack.append(frame)  # asked again after this greenery
            start_conversion(st, frame[1], 0)
