"""The Tharsis map, tile placement rules, placement bonuses and global parameters."""

from __future__ import annotations

import pytest
from tm_helpers import give, play, put, refresh, resolve, set_param, set_prod, set_res, space, start, texts

from ludoteca.games.terraforming_mars.board import legal_spaces, tharsis
from ludoteca.games.terraforming_mars.constants import (
    HEAT,
    MC,
    OCEANS,
    OXYGEN,
    PLANTS,
    STEEL,
    TEMPERATURE,
    TITANIUM,
)
from ludoteca.games.terraforming_mars.frames import F_PLACE
from ludoteca.games.terraforming_mars.tableau import param_value


def ids(st, spaces):
    return sorted(st.game.mars.spaces[s].id for s in spaces)


def place_options(st):
    return sorted(t.split()[1] for t in texts(st) if t.startswith("place "))


# ------------------------------------------------------------------ the map
def test_map_counts_and_named_spaces():
    m = tharsis()
    assert len(m.spaces) == 63
    assert len(m.land) == 48 and len(m.oceans) == 12
    assert sorted(m.named) == ["ganymede_colony", "noctis_city", "phobos_space_haven"]
    assert [m.spaces[s].id for s in m.volcanic] == ["09", "14", "21", "29"]
    assert m.spaces[m.by_id["31"]].name == "Noctis City"
    # corners of the hexagon have 3 neighbours, the centre 6, off-map spaces none
    assert len(m.spaces[m.by_id["03"]].neighbors) == 3
    assert len(m.spaces[m.by_id["33"]].neighbors) == 6
    assert m.spaces[0].neighbors == () and not m.spaces[0].on_mars


def test_printed_bonuses():
    m = tharsis()
    sp = m.spaces
    assert sp[m.by_id["03"]].bonus[STEEL] == 2
    assert sp[m.by_id["21"]].bonus[TITANIUM] == 1 and sp[m.by_id["21"]].bonus[PLANTS] == 1
    assert sp[m.by_id["13"]].bonus_cards == 2
    assert sp[m.by_id["63"]].bonus[TITANIUM] == 2


# ------------------------------------------------------------------ placement rules
def test_ocean_only_on_ocean_spaces_and_city_rules():
    st = start()
    m = st.game.mars
    oceans = legal_spaces(m, st.tiles, st.owner, 0, "ocean_space")
    assert ids(st, oceans) == ["04", "06", "07", "13", "28", "32", "33", "34", "43", "44", "45", "63"]
    put(st, "35", "city", 1)
    cities = legal_spaces(m, st.tiles, st.owner, 0, "city_rules")
    for n in m.spaces[space(st, "35")].neighbors:
        assert n not in cities  # no city next to a city
    assert space(st, "31") not in cities  # Noctis City is reserved
    assert space(st, "35") not in cities


def test_greenery_must_touch_own_tiles_when_possible():
    st = start()
    m = st.game.mars
    everywhere = legal_spaces(m, st.tiles, st.owner, 0, "greenery_rules")
    assert len(everywhere) == 48  # all land but Noctis City
    put(st, "35", "city", 0)
    near = legal_spaces(m, st.tiles, st.owner, 0, "greenery_rules")
    assert ids(st, near) == ["26", "27", "36"]  # 34, 43 and 44 are ocean spaces
    # an opponent's tiles do not restrict seat 1's... and seat 1 has none: anywhere
    assert len(legal_spaces(m, st.tiles, st.owner, 1, "greenery_rules")) == 47


def test_special_rules():
    st = start()
    m = st.game.mars
    put(st, "35", "city", 1)
    put(st, "37", "city", 1)
    assert ids(st, legal_spaces(m, st.tiles, st.owner, 0, "adjacent_to_2_cities")) == ["36"]
    isolated = legal_spaces(m, st.tiles, st.owner, 0, "isolated")
    assert space(st, "36") not in isolated and space(st, "03") in isolated
    assert ids(st, legal_spaces(m, st.tiles, st.owner, 0, "volcanic")) == ["09", "14", "21", "29"]
    assert ids(st, legal_spaces(m, st.tiles, st.owner, 0, "noctis_city")) == ["31"]
    assert ids(st, legal_spaces(m, st.tiles, st.owner, 0, "phobos_space_haven")) == ["02"]
    bonus = ids(st, legal_spaces(m, st.tiles, st.owner, 0, "steel_or_titanium_bonus"))
    assert bonus == ["03", "09", "20", "21", "53", "58", "59", "60"]
    put(st, "25", "greenery", 1)
    assert space(st, "24") in legal_spaces(m, st.tiles, st.owner, 0, "adjacent_to_greenery")


# ------------------------------------------------------------------ placing tiles
def test_ocean_adjacency_bonus_and_printed_bonus():
    st = start()
    put(st, "33", "ocean")
    put(st, "34", "ocean")
    set_param(st, "oceans", 2)
    set_res(st, 0, mc=50)
    give(st, 0, "subterranean_reservoir")
    st.apply_string("play subterranean_reservoir")
    st.apply_string("place 32")  # ocean space with 2 plants, next to the ocean at 33
    resolve(st)
    base = 0
    assert st.res[base + PLANTS] == 2
    assert st.res[base + MC] == 50 - 11 + 2
    assert st.params[OCEANS] == 3 and st.tr[0] == 21
    assert st.owner[space(st, "32")] == -1  # oceans have no owner


def test_card_bonus_draws_cards():
    st = start()
    set_res(st, 0, mc=50)
    give(st, 0, "subterranean_reservoir")
    st.apply_string("play subterranean_reservoir")
    st.apply_string("place 13")  # 2 cards
    assert st.is_chance_node()
    resolve(st)
    assert len(st.hand[0]) == 2


def test_temperature_bonuses_heat_production_and_ocean():
    st = start()
    set_param(st, "temperature", -26)
    set_res(st, 0, mc=100)
    give(st, 0, "big_asteroid")
    heat = st.prod[HEAT]
    play(st, "play big_asteroid")  # -26 -> -22: passes -24
    assert param_value(st, TEMPERATURE) == -22 and st.prod[HEAT] == heat + 1
    give(st, 0, "asteroid")
    play(st, "play asteroid")  # -22 -> -20
    assert st.prod[HEAT] == heat + 2
    st2 = start()
    set_param(st2, "temperature", -2)
    set_res(st2, 0, mc=100)
    give(st2, 0, "asteroid")
    st2.apply_string("play asteroid")
    while st2.stack[-1][0] != F_PLACE:  # the 0 °C bonus: an ocean for the player
        st2.apply_action(st2.legal_actions()[0])
    resolve(st2)
    assert st2.params[OCEANS] == 1 and st2.tr[0] == 22


def test_oxygen_bonus_raises_temperature():
    st = start()
    set_param(st, "oxygen", 7)
    set_res(st, 0, mc=100)
    give(st, 0, "mining_expedition")
    play(st, "play mining_expedition")
    assert st.params[OXYGEN] == 8 and param_value(st, TEMPERATURE) == -28
    assert st.tr[0] == 22


def test_maxed_parameters_give_nothing():
    st = start()
    set_param(st, "temperature", 8)
    set_res(st, 0, mc=100)
    give(st, 0, "asteroid")
    play(st, "play asteroid")
    assert st.tr[0] == 20 and st.res[TITANIUM] == 2  # the rest of the card still happens
    assert "project asteroid" not in texts(st)
    set_param(st, "oceans", 9)
    assert "project aquifer" not in texts(st)


def test_greenery_raises_oxygen_and_scores():
    st = start()
    set_res(st, 0, plants=8)
    st.apply_string("convert plants")
    assert st.res[PLANTS] == 0
    st.apply_string("place 30")
    resolve(st)
    assert st.params[OXYGEN] == 1 and st.tr[0] == 21
    assert st.res[PLANTS] == 2  # the space's bonus


@pytest.mark.parametrize(("floor_resource", "lowest"), [("mc", -5), ("heat", 0)])
def test_production_floors(floor_resource, lowest):
    st = start()
    set_res(st, 0, mc=100)
    set_prod(st, 0, **{floor_resource: lowest + 1})
    give(st, 0, "black_polar_dust")  # -2 M€ production
    refresh(st)
    can = "play black_polar_dust" in texts(st)
    assert can == (floor_resource != "mc")
