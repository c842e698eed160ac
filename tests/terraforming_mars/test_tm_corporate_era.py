"""The Corporate Era: the variant's setup, its cards' special mechanisms, and the core checks."""

from __future__ import annotations

import pytest
from tm_helpers import card, give, play, put, put_in_play, refresh, resolve, set_res, space, start, texts

from ludoteca import load_game
from ludoteca.core.api import Game
from ludoteca.core.testing import check_copy_integrity, check_information_safety, check_random_simulation
from ludoteca.games.terraforming_mars.constants import MC, PLANTS, STEEL, TITANIUM
from ludoteca.games.terraforming_mars.frames import F_KEEP
from ludoteca.games.terraforming_mars.tableau import card_cost


def test_setup_all_cards_twelve_corporations_production_zero():
    game = load_game("terraforming-mars", players=2, corporate_era=True)
    assert len(game.deck) == 208 and len(game.corp_deck) == 12
    st = start(corporations=["credicor", "teractor"], corporate_era=True)
    assert st.prod[:6] == [0] * 6 and st.prod[6:12] == [0] * 6
    assert load_game("terraforming-mars").start_production == 1


def test_land_claim_reserves_a_space_for_its_owner():
    st = start()
    set_res(st, 0, mc=50)
    set_res(st, 1, mc=50)
    give(st, 0, "land_claim")
    st.apply_string("play land_claim")
    st.apply_string("place 30")
    assert st.claims[space(st, "30")] == 0
    play(st, "end")
    st.apply_string("project city")
    assert "place 30" not in texts(st)  # claimed by seat 0
    st2 = start()
    st2.claims[space(st2, "30")] = 0
    set_res(st2, 0, mc=50)
    refresh(st2)
    st2.apply_string("project city")
    assert "place 30" in texts(st2)
    st2.apply_string("place 30")
    resolve(st2)
    assert st2.claims[space(st2, "30")] == -1 and st2.res[PLANTS] == 2  # its bonus, then


def test_mars_university_discard_then_draw():
    st = start()
    set_res(st, 0, mc=50)
    put_in_play(st, 0, "mars_university")
    give(st, 0, "research", "comet")
    st.apply_string("play research")  # draws 2, then its 2 science tags: two offers
    while st.is_chance_node():
        st.apply_action(st.chance_outcomes()[0][0])
    assert texts(st) == ["yes", "no"]
    st.apply_string("yes")
    assert len(texts(st)) == 3 and "discard comet" in texts(st)
    st.apply_string("discard comet")
    assert st.is_chance_node()  # then draw one
    st.apply_action(st.chance_outcomes()[0][0])
    assert texts(st) == ["yes", "no"]  # the second science tag


def test_viral_enhancers_second_option_needs_a_resource_card():
    st = start()
    set_res(st, 0, mc=50)
    put_in_play(st, 0, "viral_enhancers")
    give(st, 0, "tardigrades", "adapted_lichen")
    st.apply_string("play tardigrades")  # a microbe card: plant, or a microbe on it
    assert texts(st) == ["option 1", "option 2"]
    st.apply_string("option 2")
    resolve(st)
    assert st.card_res[card(st, "tardigrades")] == 1
    plants = st.res[PLANTS]
    st.apply_string("play adapted_lichen")  # no resource on it: the plant only, at once
    resolve(st)
    assert st.res[PLANTS] == plants + 1


def test_indentured_workers_discounts_the_next_card_this_generation():
    st = start()
    set_res(st, 0, mc=50)
    give(st, 0, "indentured_workers", "comet")
    play(st, "play indentured_workers")
    assert card_cost(st, 0, st.game.cards[card(st, "comet")]) == 13
    play(st, "play comet")
    assert st.res[MC] == 50 - 13 and st.next_discount[0] == 0


def test_standard_technology_rebate_except_sell_patents():
    st = start()
    set_res(st, 0, mc=50)
    put_in_play(st, 0, "standard_technology")
    play(st, "project power_plant")
    assert st.res[MC] == 50 - 11 + 3
    give(st, 0, "comet")
    play(st, "project sell_patents")
    assert st.res[MC] == 50 - 11 + 3 + 1


def test_olympus_conference_draw_option_needs_a_science_resource():
    st = start()
    set_res(st, 0, mc=50)
    put_in_play(st, 0, "olympus_conference")
    give(st, 0, "research")
    st.apply_string("play research")
    while st.is_chance_node():
        st.apply_action(st.chance_outcomes()[0][0])
    # first science tag: no science resource yet, so "add one" is taken at once; the second may draw
    assert st.card_res[card(st, "olympus_conference")] == 1
    assert texts(st) == ["option 1", "option 2"]
    hand = len(st.hand[0])
    st.apply_string("option 2")
    st.apply_action(st.chance_outcomes()[0][0])
    assert st.card_res[card(st, "olympus_conference")] == 0 and len(st.hand[0]) == hand + 1


def test_protected_habitats_and_advanced_alloys():
    st = start()
    set_res(st, 0, mc=50)
    set_res(st, 1, plants=5)
    put_in_play(st, 1, "protected_habitats")
    give(st, 0, "asteroid")
    play(st, "play asteroid")  # nobody can lose plants: nothing to ask
    assert st.res[6 + PLANTS] == 5
    put_in_play(st, 0, "advanced_alloys")
    assert st.mods[0].steel == 3 and st.mods[0].titanium == 4


def test_business_contacts_keep_two_in_ascending_order():
    st = start()
    set_res(st, 0, mc=50)
    give(st, 0, "business_contacts")
    st.apply_string("play business_contacts")
    while st.is_chance_node():
        st.apply_action(st.chance_outcomes()[0][0])
    assert st.stack[-1][0] == F_KEEP and len(st.offer[0]) == 4
    options = texts(st)
    assert len(options) == 3  # the highest card cannot be the first of two kept
    st.apply_action(st.legal_actions()[-1])  # the third card: only the fourth can follow, kept at once
    assert len(st.hand[0]) == 2 and st.offer[0] == () and len(st.discard) == 2


def test_robotic_workforce_copies_a_building_production_box():
    st = start()
    set_res(st, 0, mc=50)
    st.prod[4] = 3
    put_in_play(st, 0, "mine")
    put_in_play(st, 0, "underground_city")  # -2 energy, +2 steel
    give(st, 0, "robotic_workforce")
    st.apply_string("play robotic_workforce")
    assert sorted(texts(st)) == ["target mine", "target underground_city"]
    st.apply_string("target underground_city")
    assert st.prod[4] == 1 and st.prod[STEEL] == 3


def test_robotic_workforce_needs_a_building_card_to_copy():
    """Issue 19 item 9: with nothing to copy the card cannot be played (its only effect has
    no target); a building card whose production box can be applied makes it playable."""
    st = start()
    set_res(st, 0, mc=50)
    put_in_play(st, 0, "research")  # science, no building tag, no production box
    give(st, 0, "robotic_workforce")
    assert "play robotic_workforce" not in texts(st)
    put_in_play(st, 0, "underground_city")  # building, but its -2 energy needs 2 energy production
    st.prod[4] = 1
    refresh(st)
    assert "play robotic_workforce" not in texts(st)
    st.prod[4] = 2
    refresh(st)
    assert "play robotic_workforce" in texts(st)
    st.apply_string("play robotic_workforce")
    assert st.prod[4] == 0 and st.prod[STEEL] == 3  # the only target is taken at once


def test_land_claim_needs_a_space_to_claim():
    """Same class as item 9: with every free land space already claimed there is nothing to claim."""
    st = start()
    set_res(st, 0, mc=50)
    give(st, 0, "land_claim")
    assert "play land_claim" in texts(st)
    for s in st.game.mars.land:
        st.claims[s] = 1
    refresh(st)
    assert "play land_claim" not in texts(st)


def test_ceos_favorite_project_needs_a_card_holding_a_resource():
    """Issue 19 item 9: the resource goes on a card of yours that already holds one; with
    none (an empty resource card, or only an opponent's) the card cannot be played."""
    st = start()
    set_res(st, 0, mc=50)
    give(st, 0, "ceos_favorite_project")
    put_in_play(st, 0, "tardigrades")  # can hold microbes, holds none
    put_in_play(st, 1, "ants")
    st.card_res[card(st, "ants")] = 3  # the opponent's card does not count
    refresh(st)
    assert "play ceos_favorite_project" not in texts(st)
    put_in_play(st, 0, "fish")
    st.card_res[card(st, "fish")] = 1
    refresh(st)
    assert "play ceos_favorite_project" in texts(st)
    play(st, "play ceos_favorite_project")
    assert st.card_res[card(st, "fish")] == 2 and st.card_res[card(st, "tardigrades")] == 0


def test_toll_station_and_media_archives_count_others():
    st = start()
    set_res(st, 0, mc=50)
    put_in_play(st, 1, "asteroid_mining")  # 2 tags, one space
    put_in_play(st, 1, "comet")  # an event
    give(st, 0, "toll_station", "media_archives")
    play(st, "play toll_station")
    assert st.prod[MC] == 1 + 1
    play(st, "play media_archives")
    assert st.res[MC] == 50 - 12 - 8 + 1


def test_mining_area_next_to_own_tile():
    st = start()
    put(st, "10", "greenery", 0)
    set_res(st, 0, mc=50)
    give(st, 0, "mining_area")
    st.apply_string("play mining_area")
    resolve(st)
    assert st.tiles[space(st, "09")] == 11 and st.prod[STEEL] == 2 and st.prod[TITANIUM] == 1


def test_random_games_with_the_corporate_era():
    check_random_simulation(lambda: load_game("terraforming-mars", players=3, corporate_era=True), games=10,
                            seed=808, deep_every=1000)


@pytest.mark.parametrize(("players", "games", "cap"), [(2, 80, 4), (3, 60, 3), (4, 40, 3), (5, 20, 2)])
def test_core_checks_over_200_corporate_era_games(players: int, games: int, cap: int) -> None:
    """With the 10 whole games above: 210 games, capped by generations to keep the suite fast."""
    def make() -> Game:
        return load_game("terraforming-mars", players=players, corporate_era=True, max_generations=cap)

    check_random_simulation(make, games=games, seed=8000 + players, deep_every=1000)
    check_copy_integrity(make, games=games // 20, seed=8100 + players)
    check_information_safety(make, games=1, seed=8200 + players)
