"""Paying resource costs. Minerals stand in for any other resource (never for
crystals, never for Earth Contracts); `"any"` in a cost means one resource of the
payer's choice. Payment is made unit by unit so every real choice is an action.
"""

from __future__ import annotations

from ludoteca.games.on_mars.components import RESOURCES

MINERAL = "mineral"


def cost_units(cost: dict[str, int]) -> list[str]:
    """A cost as a list of units to pay: specific resources first, then "any"."""
    units = [r for r in RESOURCES for _ in range(cost.get(r, 0))]
    return units + ["any"] * cost.get("any", 0)


def can_pay(storage: dict[str, int], units: list[str]) -> bool:
    need = {r: units.count(r) for r in RESOURCES}
    spare_minerals = storage[MINERAL] - need[MINERAL]
    if spare_minerals < 0:
        return False
    deficit = sum(max(0, need[r] - storage[r]) for r in RESOURCES if r != MINERAL)
    if deficit > spare_minerals:
        return False
    return sum(storage.values()) - sum(need.values()) >= units.count("any")


def payment_options(storage: dict[str, int], units: list[str]) -> list[str]:
    """Resources that may pay the first unit and still leave the rest payable."""
    if not units:
        return []
    first, rest = units[0], units[1:]
    candidates = list(RESOURCES) if first == "any" else ([first] if first == MINERAL else [first, MINERAL])
    options = []
    for r in candidates:
        if storage[r] > 0:
            storage[r] -= 1
            ok = can_pay(storage, rest)
            storage[r] += 1
            if ok:
                options.append(r)
    return options
