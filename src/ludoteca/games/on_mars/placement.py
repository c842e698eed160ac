"""Placing a colonist on an action's slots (rules 5.1).

`place_colonist_cost` is pure: given the seats whose colonists fill the slots, it
says whose colonists are pushed out first (slots full) and how many extra units
(1 crystal or 1 colonist to the Working Area each) the placing seat must pay.
"""

from __future__ import annotations


def place_colonist_cost(slots: list[int], capacity: int, seat: int, players: int) -> tuple[list[int], int]:
    """(seats whose colonists are removed to their Working Areas, extra units to pay).

    Slots full: every colonist of the seat(s) with the most colonists there is removed
    first (ties: all tied seats). Then, with 3-4 players, one unit per other colour
    still present; with 2 players, one unit per colonist still present (any colour).
    """
    removed: list[int] = []
    remaining = list(slots)
    if capacity and len(remaining) >= capacity:
        most = max(remaining.count(s) for s in set(remaining))
        removed = sorted(s for s in set(remaining) if remaining.count(s) == most)
        remaining = [s for s in remaining if s not in removed]
    extra = len(remaining) if players <= 2 else len({s for s in remaining if s != seat})
    return removed, extra
