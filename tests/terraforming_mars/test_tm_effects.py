"""Worked examples of the effect engine's patterns: triggers, targets, attacks, choices, VP."""

from __future__ import annotations

from tm_helpers import (
    card,
    give,
    play,
    put,
    put_in_play,
    refresh,
    resolve,
    set_param,
    set_prod,
    set_res,
    set_tags,
    start,
    texts,
)

from ludoteca.games.terraforming_mars.constants import HEAT, MC, PLANTS
from ludoteca.games.terraforming_mars.frames import F_PLAYER, F_TARGET
from ludoteca.games.terraforming_mars.scoring import breakdown, card_vp


def rich(st, seat=0):
    return set_res(st, seat, mc=200, plants=20, heat=20, energy=20)


# ------------------------------------------------------------------ triggers
def test_arctic_algae_gains_on_any_ocean():
    st = rich(start())
    put_in_play(st, 1, "arctic_algae")
    plants = st.res[6 + PLANTS]
    play(st, "project aquifer")
    assert st.res[6 + PLANTS] == plants + 2


def test_rover_construction_and_pets_count_every_city():
    st = rich(start())
    put_in_play(st, 1, "rover_construction")
    put_in_play(st, 1, "pets")
    mc = st.res[6 + MC]
    play(st, "project city")
    assert st.res[6 + MC] == mc + 2
    assert st.card_res[card(st, "pets")] == 1


def test_optimal_aerobraking_only_for_own_space_events():
    st = rich(start())
    put_in_play(st, 0, "optimal_aerobraking")
    give(st, 0, "asteroid", "release_of_inert_gases")
    mc, heat = st.res[MC], st.res[HEAT]
    play(st, "play asteroid")
    assert st.res[MC] == mc - 14 + 3 and st.res[HEAT] == heat + 3
    play(st, "play release_of_inert_gases")  # no space tag
    assert st.res[HEAT] == heat + 3


def test_decomposers_and_ecological_zone_count_tags_of_played_cards():
    st = rich(start())
    set_param(st, "oxygen", 5)
    put_in_play(st, 0, "decomposers")
    put_in_play(st, 0, "ecological_zone")
    give(st, 0, "advanced_ecosystems")  # plant, microbe, animal
    set_tags(st, 0, plant=1, microbe=1, animal=1)
    play(st, "play advanced_ecosystems")
    assert st.card_res[card(st, "decomposers")] == 3
    assert st.card_res[card(st, "ecological_zone")] == 2


def test_herbivores_grow_with_own_greeneries():
    st = rich(start())
    put_in_play(st, 0, "herbivores")
    play(st, "convert plants")
    assert st.card_res[card(st, "herbivores")] == 1


def test_immigrant_city_triggers_itself_and_playable_at_minus_four():
    st = rich(start())
    set_prod(st, 0, mc=-4, energy=1)
    give(st, 0, "immigrant_city")
    assert "play immigrant_city" in texts(st)
    play(st, "play immigrant_city")
    assert st.prod[MC] == -5
    st2 = rich(start())
    set_prod(st2, 0, mc=-5, energy=1)
    give(st2, 0, "immigrant_city")
    assert "play immigrant_city" not in texts(st2)  # -5 - 2 + 1 < -5


# ------------------------------------------------------------------ targets and attacks
def test_predators_take_an_animal_from_any_card_but_protected_pets():
    st = rich(start())
    put_in_play(st, 0, "predators")
    put_in_play(st, 1, "pets")
    st.card_res[card(st, "pets")] = 3
    refresh(st)
    assert "use predators" not in texts(st)  # the only animals are protected
    put_in_play(st, 1, "birds")
    st.card_res[card(st, "birds")] = 2
    refresh(st)
    play(st, "use predators")
    assert st.card_res[card(st, "birds")] == 1 and st.card_res[card(st, "predators")] == 1


def test_ants_choose_among_microbe_cards():
    st = rich(start())
    put_in_play(st, 0, "ants")
    put_in_play(st, 1, "decomposers")
    put_in_play(st, 1, "regolith_eaters")
    st.card_res[card(st, "decomposers")] = 1
    st.card_res[card(st, "regolith_eaters")] = 1
    refresh(st)
    st.apply_string("use ants")
    assert st.stack[-1][0] == F_TARGET
    assert sorted(texts(st)) == ["target decomposers", "target regolith_eaters"]
    st.apply_string("target regolith_eaters")
    assert st.card_res[card(st, "regolith_eaters")] == 0 and st.card_res[card(st, "ants")] == 1


def test_red_bordered_production_may_hit_yourself_and_must_hit_someone():
    st = rich(start())
    set_param(st, "temperature", 2)
    set_prod(st, 1, plants=0)
    give(st, 0, "fish")
    st.apply_string("play fish")
    resolve(st)  # only seat 0 can lose a plant production: taken at once
    assert st.prod[PLANTS] == 0
    st2 = rich(start())
    set_param(st2, "temperature", 2)
    set_prod(st2, 0, plants=0)
    set_prod(st2, 1, plants=0)
    give(st2, 0, "fish")
    assert "play fish" not in texts(st2)


def test_remove_plants_is_optional_and_capped():
    st = rich(start())
    set_res(st, 1, plants=2)
    give(st, 0, "asteroid")
    st.apply_string("play asteroid")
    while st.stack[-1][0] != F_PLAYER:
        st.apply_action(st.legal_actions()[0])
    assert texts(st) == ["player 1", "nobody"]
    st.apply_string("nobody")
    assert st.res[6 + PLANTS] == 2


def test_imported_hydrogen_choices_and_targets():
    st = rich(start())
    put_in_play(st, 0, "decomposers")
    put_in_play(st, 0, "regolith_eaters")
    give(st, 0, "imported_hydrogen")
    st.apply_string("play imported_hydrogen")
    assert texts(st) == ["option 1", "option 2", "option 3"]
    st.apply_string("option 2")  # 3 microbes to one of my microbe cards
    assert sorted(texts(st)) == ["target decomposers", "target regolith_eaters"]
    st.apply_string("target decomposers")
    assert st.card_res[card(st, "decomposers")] == 3


def test_flooding_takes_megacredits_from_a_neighbour():
    st = rich(start())
    put(st, "35", "city", 1)
    set_res(st, 1, mc=3)
    give(st, 0, "flooding")
    st.apply_string("play flooding")
    st.apply_string("place 34")  # next to seat 1's city
    assert texts(st) == ["yes", "no"]
    st.apply_string("yes")
    assert st.res[6 + MC] == 0


def test_insulation_amounts_and_local_heat_trapping_with_helion():
    st = rich(start())
    set_prod(st, 0, heat=3)
    give(st, 0, "insulation")
    st.apply_string("play insulation")
    assert texts(st) == ["amount 1", "amount 2", "amount 3"]
    st = start(corporations=["helion", "credicor"])
    set_res(st, 0, mc=0, heat=5)
    give(st, 0, "local_heat_trapping")  # 1 M€ + 5 heat: Helion cannot pay the M€ with that heat
    assert "play local_heat_trapping" not in texts(st)
    set_res(st, 0, heat=6)
    assert "play local_heat_trapping" in texts(st)


def test_search_for_life_without_microbe():
    st = rich(start())
    put_in_play(st, 0, "search_for_life")
    st.deck = (card(st, "comet"), *st.deck)
    play(st, "use search_for_life")
    assert st.card_res[card(st, "search_for_life")] == 0
    assert st.discard[-1] == card(st, "comet") and st.observation(1)["revealed"] == "comet"


def test_mining_rights_production_follows_the_space():
    st = rich(start())
    give(st, 0, "mining_rights")
    st.apply_string("play mining_rights")
    st.apply_string("place 58")  # titanium
    resolve(st)
    assert st.prod[2] == 2


def test_regolith_eaters_two_actions_one_per_generation():
    st = rich(start())
    put_in_play(st, 0, "regolith_eaters")
    st.card_res[card(st, "regolith_eaters")] = 2
    refresh(st)
    st.apply_string("use regolith_eaters")
    assert texts(st) == ["option 1", "option 2"]
    st.apply_string("option 1")
    resolve(st)
    assert st.params[1] == 1 and st.card_res[card(st, "regolith_eaters")] == 0
    assert "use regolith_eaters" not in texts(st)


# ------------------------------------------------------------------ VP
def test_vp_patterns():
    st = start()
    cards = st.game.cards
    put(st, "43", "ocean")
    put(st, "34", "ocean")
    put(st, "35", "capital", 0)
    put_in_play(st, 0, "capital")
    assert card_vp(st, 0, cards[card(st, "capital")]) == 2  # adjacent oceans
    put_in_play(st, 0, "birds")
    st.card_res[card(st, "birds")] = 3
    assert card_vp(st, 0, cards[card(st, "birds")]) == 3
    put_in_play(st, 0, "ants")
    st.card_res[card(st, "ants")] = 5
    assert card_vp(st, 0, cards[card(st, "ants")]) == 2  # 1 per 2
    put_in_play(st, 0, "search_for_life")
    st.card_res[card(st, "search_for_life")] = 1
    assert card_vp(st, 0, cards[card(st, "search_for_life")]) == 3
    put_in_play(st, 0, "water_import_from_europa")
    set_tags(st, 0, jovian=2)
    assert card_vp(st, 0, cards[card(st, "water_import_from_europa")]) == 2
    for sid in ("03", "05"):
        put(st, sid, "city", 1)
    put_in_play(st, 0, "immigration_shuttles")
    assert card_vp(st, 0, cards[card(st, "immigration_shuttles")]) == 1  # 3 cities in play
    put_in_play(st, 0, "nuclear_zone")
    assert card_vp(st, 0, cards[card(st, "nuclear_zone")]) == -2


def test_board_vp_greenery_and_city_adjacency():
    st = start()
    put(st, "35", "city", 0)
    put(st, "36", "greenery", 1)
    put(st, "26", "greenery", 0)
    put(st, "02", "city", 0)  # off the map: no adjacency
    rows = breakdown(st)
    assert rows[0]["greenery"] == 1 and rows[0]["city"] == 2
    assert rows[1]["greenery"] == 1 and rows[1]["city"] == 0


def test_symbiotic_fungus_feeds_another_microbe_card():
    st = rich(start())
    set_param(st, "temperature", -14)
    put_in_play(st, 0, "symbiotic_fungus")
    put_in_play(st, 0, "decomposers")
    play(st, "use symbiotic_fungus")
    assert st.card_res[card(st, "decomposers")] == 1
