"""Paying an M€ price with M€, steel, titanium and (Helion) heat.

A payment is chosen as the numbers (steel, titanium, heat) to use; the rest is paid
in M€. Only canonical payments are offered, so the choice stays finite and small:

* steel only when allowed (building tag, or an action that says so), titanium only
  for space tags (or when an action says so), heat only with `heat_as_megacredits`;
* heat never overpays; steel and titanium may overpay (no change is given), but
  only when every unit used is needed: removing one steel or one titanium would
  leave the price unpaid;
* `reserve_heat` heat must remain after paying (Local Heat Trapping also spends heat).

When exactly one payment is possible the engine applies it without asking.

The decision is `(F_PAY, seat, cost, flags, reserve_heat)` (`PayChoice`), pushed by
`frames.push_pay`; `pay <payment>` is `PAY + pay_index(...)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.decisions import Decision
from ludoteca.games.terraforming_mars.actions import PAY
from ludoteca.games.terraforming_mars.constants import (
    HEAT,
    MAX_HEAT,
    MAX_STEEL,
    MAX_TITANIUM,
    MC,
    STEEL,
    TITANIUM,
    slot,
)
from ludoteca.games.terraforming_mars.frames import F_PAY, Frame
from ludoteca.games.terraforming_mars.tableau import heat_as_megacredits, steel_value, titanium_value

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.state import TMState

PAY_STEEL, PAY_TITANIUM = 1, 2  # flags


def pay_index(steel: int, titanium: int, heat: int) -> int:
    return (steel * (MAX_TITANIUM + 1) + titanium) * (MAX_HEAT + 1) + heat


def pay_parts(index: int) -> tuple[int, int, int]:
    rest, heat = divmod(index, MAX_HEAT + 1)
    steel, titanium = divmod(rest, MAX_TITANIUM + 1)
    return steel, titanium, heat


def _means(st: TMState, seat: int, flags: int, reserve_heat: int) -> tuple[int, int, int, int, int, int]:
    base = slot(seat)
    res = st.res
    steel = res[base + STEEL] if flags & PAY_STEEL else 0
    titanium = res[base + TITANIUM] if flags & PAY_TITANIUM else 0
    heat = max(0, res[base + HEAT] - reserve_heat) if heat_as_megacredits(st, seat) else 0
    sv = steel_value(st, seat) if steel else 2
    tv = titanium_value(st, seat) if titanium else 3
    return res[base + MC], steel, titanium, heat, sv, tv


def can_afford(st: TMState, seat: int, cost: int, flags: int = 0, reserve_heat: int = 0) -> bool:
    if cost <= 0:
        return True
    mc, steel, titanium, heat, sv, tv = _means(st, seat, flags, reserve_heat)
    return mc + heat + steel * sv + titanium * tv >= cost


def payment_options(st: TMState, seat: int, cost: int, flags: int = 0, reserve_heat: int = 0) -> list[int]:
    """Canonical payments as `pay_index` values, ascending."""
    if cost <= 0:
        return [pay_index(0, 0, 0)]
    mc, steel, titanium, heat, sv, tv = _means(st, seat, flags, reserve_heat)
    out = []
    for s in range(min(steel, -(-cost // sv), MAX_STEEL) + 1):
        for t in range(min(titanium, -(-cost // tv), MAX_TITANIUM) + 1):
            rest = cost - s * sv - t * tv
            if rest < 0:
                if (s and rest + sv <= 0) or (t and rest + tv <= 0):
                    continue
                out.append(pay_index(s, t, 0))
                continue
            for h in range(min(heat, rest, MAX_HEAT) + 1):
                if rest - h <= mc:
                    out.append(pay_index(s, t, h))
    return sorted(out)


def apply_payment(st: TMState, seat: int, cost: int, index: int) -> tuple[int, int, int, int]:
    """Take the payment `index` for `cost`; returns (mc, steel, titanium, heat) spent."""
    s, t, h = pay_parts(index)
    sv, tv = steel_value(st, seat), titanium_value(st, seat)
    mc = max(0, cost - s * sv - t * tv - h)
    base = slot(seat)
    res = st.res
    res[base + MC] -= mc
    res[base + STEEL] -= s
    res[base + TITANIUM] -= t
    res[base + HEAT] -= h
    return mc, s, t, h


class PayChoice(Decision):
    kind = F_PAY
    forced = True

    @staticmethod
    def legal(st: TMState, frame: Frame) -> list[int]:
        _, seat, cost, flags, reserve_heat = frame
        return [PAY + i for i in payment_options(st, seat, cost, flags, reserve_heat)]

    @staticmethod
    def apply(st: TMState, frame: Frame, action: int) -> None:
        apply_payment(st, frame[1], frame[2], action - PAY)


def payment_text(st: TMState, seat: int, cost: int, index: int) -> str:
    s, t, h = pay_parts(index)
    sv, tv = steel_value(st, seat), titanium_value(st, seat)
    mc = max(0, cost - s * sv - t * tv - h)
    parts = [f"mc={mc}"]
    parts += [f"{name}={n}" for name, n in (("steel", s), ("titanium", t), ("heat", h)) if n]
    return "pay " + " ".join(parts)
