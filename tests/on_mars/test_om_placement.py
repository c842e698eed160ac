from __future__ import annotations

from ludoteca.games.on_mars.payment import can_pay, cost_units, payment_options
from ludoteca.games.on_mars.placement import place_colonist_cost


def test_three_four_players_pay_per_other_colour() -> None:
    # seat 0 places where seat 1 has two colonists and seat 2 one: two other colours
    assert place_colonist_cost([1, 1, 2], 4, 0, 4) == ([], 2)
    # own colonists cost nothing
    assert place_colonist_cost([0, 0], 4, 0, 3) == ([], 0)


def test_two_players_pay_per_colonist_of_any_colour() -> None:
    assert place_colonist_cost([1, 1], 3, 0, 2) == ([], 2)
    assert place_colonist_cost([0, 1], 3, 0, 2) == ([], 2)


def test_full_slots_remove_the_largest_group_first() -> None:
    # 3 slots full: seat 1 has two, seat 2 one -> seat 1's colonists leave, then 1 colour remains
    assert place_colonist_cost([1, 2, 1], 3, 0, 3) == ([1], 1)
    # a tie removes every tied seat
    assert place_colonist_cost([1, 2], 2, 0, 4) == ([1, 2], 0)
    # the placing seat may be the one removed
    assert place_colonist_cost([0, 0, 1], 3, 0, 2) == ([0], 1)


def test_minerals_pay_for_any_resource() -> None:
    storage = {"mineral": 1, "battery": 0, "water": 0, "plant": 0, "oxygen": 0}
    assert can_pay(storage, ["battery"])
    assert not can_pay(storage, ["battery", "water"])
    assert payment_options(storage, ["battery"]) == ["mineral"]


def test_any_resource_unit_keeps_the_rest_payable() -> None:
    storage = {"mineral": 0, "battery": 1, "water": 1, "plant": 0, "oxygen": 0}
    units = cost_units({"battery": 1, "any": 1})
    assert units == ["battery", "any"]
    assert payment_options(storage, units) == ["battery"]
    storage["battery"] -= 1
    assert payment_options(storage, ["any"]) == ["water"]
