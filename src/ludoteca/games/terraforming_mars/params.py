"""Global parameters, their bonus steps, and the terraform rating.

Parameters are kept as steps from their start: temperature 0..19 (-30..+8 °C, 2 °C a
step), oxygen 0..14 (%), oceans 0..9 (tiles). Each step a seat raises gives it +1 TR.
A maxed parameter does not move (and gives nothing). Bonus steps go to the seat
that moves the marker onto or past them:

* temperature -24 °C and -20 °C: +1 heat production each;
* temperature 0 °C: the seat places an ocean tile (if oceans are not yet 9);
* oxygen 8 %: temperature +1 step (which may chain into the bonuses above).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.terraforming_mars.constants import (
    HEAT,
    NEUTRAL,
    OCEAN,
    OCEANS,
    OXYGEN,
    PARAM_MAX,
    PRODUCTION_FLOOR,
    TEMPERATURE,
    slot,
)

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.state import TMState

HEAT_BONUS_STEPS = (3, 5)  # -24 °C and -20 °C
OCEAN_BONUS_STEP = 15  # 0 °C
TEMPERATURE_BONUS_OXYGEN = 8  # 8 %


def raise_tr(st: TMState, seat: int, amount: int) -> None:
    if seat >= NEUTRAL or amount == 0:
        return
    st.tr[seat] += amount
    if amount > 0:
        st.tr_raised |= 1 << seat


def maxed(st: TMState, param: int) -> bool:
    return st.params[param] >= PARAM_MAX[param]


def all_maxed(st: TMState) -> bool:
    p = st.params
    return p[0] >= PARAM_MAX[0] and p[1] >= PARAM_MAX[1] and p[2] >= PARAM_MAX[2]


def raise_temperature(st: TMState, seat: int, steps: int) -> None:
    from ludoteca.games.terraforming_mars.frames import push_place

    params = st.params
    for _ in range(steps):
        if params[TEMPERATURE] >= PARAM_MAX[TEMPERATURE]:
            return
        params[TEMPERATURE] += 1
        raise_tr(st, seat, 1)
        step = params[TEMPERATURE]
        if seat >= NEUTRAL:
            continue
        if step in HEAT_BONUS_STEPS:
            st.prod[slot(seat, HEAT)] += 1
        elif step == OCEAN_BONUS_STEP and params[OCEANS] < PARAM_MAX[OCEANS]:
            push_place(st, seat, -1, OCEAN, "ocean_space")


def raise_oxygen(st: TMState, seat: int, steps: int) -> None:
    params = st.params
    for _ in range(steps):
        if params[OXYGEN] >= PARAM_MAX[OXYGEN]:
            return
        params[OXYGEN] += 1
        raise_tr(st, seat, 1)
        if params[OXYGEN] == TEMPERATURE_BONUS_OXYGEN:
            raise_temperature(st, seat, 1)


def raise_param(st: TMState, seat: int, param: int, steps: int) -> None:
    if param == TEMPERATURE:
        raise_temperature(st, seat, steps)
    elif param == OXYGEN:
        raise_oxygen(st, seat, steps)
    else:
        raise ValueError("oceans rise by placing ocean tiles")


def change_production(st: TMState, seat: int, resource: int, amount: int) -> None:
    """Raise (or lower, never below its floor) one of `seat`'s productions."""
    i = slot(seat, resource)
    st.prod[i] = max(PRODUCTION_FLOOR[resource], st.prod[i] + amount)
