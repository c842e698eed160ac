"""Every project card (137 base, 71 Corporate Era), played from a constructed position, does
what the printed card says.

The expectations below were written from the printed cards, not from `cards.json`,
so they check the data as well as the engine. The position (see `_position`):
temperature -10 °C, oxygen 3 %, 3 oceans (spaces 43-45), seat 0 owns a greenery at
10, seat 1 a city at 47; both seats have 100 M€ and 10 of every other resource,
production 5 of everything, the beginner corporation (no effects). A card's
requirements are met by moving the parameters or setting tags just enough.

Notation of an expectation: `mc+3` resources, `p.energy-1` production, `tr+2`
direct TR, `temp+1`/`oxy+1`/`oceans+1` parameter steps (each also +1 TR), `city+1`
(tiles owned, any kind by name), `here+1` resources on the card, `hand+2` cards
drawn, `o.` prefix for seat 1 (the target of attacks). The card's price is taken
automatically; placement bonuses of the spaces used (the test prefers spaces
without any) are added by the checker, as they are the board's effect.
"""

from __future__ import annotations

import re

import pytest
from tm_helpers import (
    card,
    give,
    put,
    put_in_play,
    res_index,
    resolve,
    set_param,
    set_prod,
    set_res,
    set_tags,
    start,
)

from ludoteca.games.terraforming_mars.cards import load_cards
from ludoteca.games.terraforming_mars.constants import OCEAN, PARAMS, TAGS, TILES, slot
from ludoteca.games.terraforming_mars.state import TMState

EXPECT: dict[str, str] = {
    "colonizer_training_camp": "",
    "deep_well_heating": "p.energy+1 temp+1",
    "cloud_seeding": "p.mc-1 p.plants+2 o.p.heat-1",
    "search_for_life": "",
    "martian_rails": "",
    "capital": "p.energy-2 p.mc+5 capital+1",
    "asteroid": "temp+1 ti+2 o.plants-3",
    "comet": "temp+1 oceans+1 o.plants-3",
    "big_asteroid": "temp+2 ti+4 o.plants-4",
    "water_import_from_europa": "",
    "equatorial_magnetizer": "",
    "domed_crater": "p.energy-1 p.mc+3 plants+3 city+1",
    "noctis_city": "p.energy-1 p.mc+3 city+1",
    "methane_from_titan": "p.heat+2 p.plants+2",
    "imported_hydrogen": "plants+3 oceans+1",
    "research_outpost": "city+1",
    "phobos_space_haven": "p.ti+1 city+1",
    "black_polar_dust": "oceans+1 p.mc-2 p.heat+3",
    "arctic_algae": "plants+1",
    "predators": "",
    "eos_chasma_national_park": "p.mc+2 plants+3",
    "cupola_city": "p.energy-1 p.mc+3 city+1",
    "lunar_beam": "p.mc-2 p.heat+2 p.energy+2",
    "optimal_aerobraking": "",
    "underground_city": "p.energy-2 p.steel+2 city+1",
    "regolith_eaters": "",
    "ghg_producing_bacteria": "",
    "ants": "",
    "release_of_inert_gases": "tr+2",
    "nitrogen_rich_asteroid": "tr+2 temp+1 p.plants+1",
    "rover_construction": "",
    "deimos_down": "temp+3 steel+4 o.plants-8",
    "asteroid_mining": "p.ti+2",
    "food_factory": "p.mc+4 p.plants-1",
    "archaebacteria": "p.plants+1",
    "carbonate_processing": "p.energy-1 p.heat+3",
    "natural_preserve": "p.mc+1 natural_preserve+1",
    "nuclear_power": "p.energy+3 p.mc-2",
    "algae": "p.plants+2 plants+1",
    "adapted_lichen": "p.plants+1",
    "fish": "o.p.plants-1",
    "lake_marineris": "oceans+2",
    "small_animals": "o.p.plants-1",
    "kelp_farming": "p.mc+2 p.plants+3 plants+2",
    "beam_from_a_thorium_asteroid": "p.heat+3 p.energy+3",
    "mangrove": "greenery+1 oxy+1",
    "trees": "p.plants+3 plants+1",
    "mining_expedition": "oxy+1 steel+2 o.plants-2",
    "mining_rights": "mining_rights+1 p.steel+1",
    "birds": "o.p.plants-2",
    "towing_a_comet": "plants+2 oxy+1 oceans+1",
    "space_mirrors": "",
    "solar_wind_power": "p.energy+1 ti+2",
    "ice_asteroid": "oceans+2",
    "giant_ice_asteroid": "temp+2 oceans+2 o.plants-6",
    "ganymede_colony": "city+1",
    "giant_space_mirror": "p.energy+3",
    "grass": "p.plants+1 plants+3",
    "heather": "p.plants+1 plants+1",
    "peroxide_power": "p.energy+2 p.mc-1",
    "bushes": "p.plants+2 plants+2",
    "greenhouses": "plants+1",
    "nuclear_zone": "temp+2 nuclear_zone+1",
    "fueled_generators": "p.energy+1 p.mc-1",
    "ironworks": "",
    "power_grid": "p.energy+1",
    "steelworks": "",
    "ore_processor": "",
    "open_city": "p.energy-1 p.mc+4 plants+2 city+1",
    "solar_power": "p.energy+1",
    "breathing_filters": "",
    "artificial_photosynthesis": "p.energy+2",
    "artificial_lake": "oceans+1",
    "geothermal_power": "p.energy+2",
    "farming": "p.mc+2 p.plants+2 plants+2",
    "dust_seals": "",
    "urbanized_area": "p.energy-1 p.mc+2 city+1",
    "moss": "plants-1 p.plants+1",
    "ghg_factories": "p.energy-1 p.heat+4",
    "subterranean_reservoir": "oceans+1",
    "ecological_zone": "ecological_zone+1 here+2",
    "zeppelins": "p.mc+1",
    "worms": "",
    "decomposers": "here+1",
    "fusion_power": "p.energy+3",
    "symbiotic_fungus": "",
    "extreme_cold_fungus": "",
    "advanced_ecosystems": "",
    "great_dam": "p.energy+2",
    "strip_mine": "p.energy-2 p.steel+2 p.ti+1 oxy+2",
    "wave_power": "p.energy+1",
    "lava_flows": "temp+2 lava_flows+1",
    "power_plant": "p.energy+1",
    "mohole_area": "p.heat+4 mohole_area+1",
    "large_convoy": "oceans+1 hand+2 plants+5",
    "tectonic_stress_power": "p.energy+3",
    "nitrophilic_moss": "plants-2 p.plants+2",
    "herbivores": "o.p.plants-1 here+1",
    "insects": "",
    "insulation": "p.heat-5 p.mc+5",
    "adaptation_technology": "",
    "designed_microorganisms": "p.plants+2",
    "nitrite_reducing_bacteria": "here+3",
    "industrial_microbes": "p.energy+1 p.steel+1",
    "lichen": "p.plants+1",
    "convoy_from_europa": "oceans+1 hand+1",
    "imported_ghg": "p.heat+1 heat+3",
    "imported_nitrogen": "tr+1 plants+4",
    "micro_mills": "p.heat+1",
    "magnetic_field_generators": "p.energy-4 p.plants+2 tr+3",
    "shuttles": "p.energy-1 p.mc+2",
    "import_of_advanced_ghg": "p.heat+2",
    "windmills": "p.energy+1",
    "tundra_farming": "p.plants+1 p.mc+2 plants+1",
    "aerobraked_ammonia_asteroid": "p.heat+3 p.plants+1",
    "magnetic_field_dome": "p.energy-2 p.plants+1 tr+1",
    "pets": "here+1",
    "protected_valley": "p.mc+2 greenery+1 oxy+1",
    "noctis_farming": "p.mc+1 plants+2",
    "water_splitting_plant": "",
    "heat_trappers": "o.p.heat-2 p.energy+1",
    "soil_factory": "p.energy-1 p.plants+1",
    "ice_cap_melting": "oceans+1",
    "biomass_combustors": "o.p.plants-1 p.energy+2",
    "livestock": "p.plants-1 p.mc+2",
    "aquifer_pumping": "",
    "flooding": "oceans+1",
    "energy_saving": "p.energy+1",
    "local_heat_trapping": "heat-5 plants+4",
    "permafrost_extraction": "oceans+1",
    "plantation": "greenery+1 oxy+1",
    "immigration_shuttles": "p.mc+5",
    "immigrant_city": "p.energy-1 p.mc-1 city+1",
    "underground_detonations": "",
    "soletta": "p.heat+7",
    "rad_chem_factory": "p.energy-1 tr+2",
    "special_design": "",
}

#: the Corporate Era's 71 cards, written from the printed cards in the same way
EXPECT_CE: dict[str, str] = {
    "asteroid_mining_consortium": "o.p.ti-1 p.ti+1",
    "inventors_guild": "",
    "space_elevator": "p.ti+1",
    "development_center": "",
    "space_station": "",
    "interstellar_colony_ship": "",
    "security_fleet": "",
    "lightning_harvest": "p.energy+1 p.mc+1",
    "tardigrades": "",
    "virus": "",  # option 1: no animals anywhere to remove
    "miranda_resort": "",  # no earth tags
    "mine": "p.steel+1",
    "vesta_shipyard": "p.ti+1",
    "great_escarpment_consortium": "o.p.steel-1 p.steel+1",
    "mineral_deposit": "steel+5",
    "mining_area": "mining_area+1 p.steel+1",  # next to the greenery at 10: space 09 (steel)
    "building_industries": "p.energy-1 p.steel+2",
    "land_claim": "",
    "sponsors": "p.mc+2",
    "electro_catapult": "p.energy-1",
    "earth_catapult": "",
    "advanced_alloys": "",
    "mars_university": "",  # its own science tag: discard-and-draw needs a card in hand
    "viral_enhancers": "plants+1",  # its own microbe tag; it holds no resource: the plant
    "quantum_extractor": "p.energy+4",
    "callisto_penal_mines": "p.mc+3",
    "trans_neptune_probe": "",
    "commercial_district": "p.energy-1 p.mc+4 commercial_district+1",
    "robotic_workforce": "p.steel+1",  # copies Mine, put in play for the test
    "research": "hand+2",
    "gene_repair": "p.mc+2",
    "io_mining_industries": "p.ti+2 p.mc+2",
    "mass_converter": "p.energy+6",
    "physics_complex": "",
    "tropical_resort": "p.mc+3 p.heat-2",
    "toll_station": "",  # the opponent has no space tags
    "earth_office": "",
    "acquired_company": "p.mc+3",
    "media_archives": "",  # no events played yet
    "media_group": "",
    "business_network": "p.mc-1",
    "business_contacts": "hand+2",
    "bribed_committee": "tr+2",
    "sabotage": "o.ti-3",
    "industrial_center": "industrial_center+1",
    "hired_raiders": "steel+2 o.steel-2",
    "hackers": "p.energy-1 p.mc+2 o.p.mc-2",
    "cartel": "p.mc+1",
    "titanium_mine": "p.ti+1",
    "ceos_favorite_project": "",  # the resource goes to Tardigrades (1 microbe), put in play for the test
    "anti_gravity_technology": "",
    "investment_loan": "p.mc-1 mc+10",
    "caretaker_contract": "",
    "standard_technology": "",
    "power_supply_consortium": "o.p.energy-1 p.energy+1",
    "protected_habitats": "",
    "satellites": "p.mc+1",
    "fuel_factory": "p.energy-1 p.mc+1 p.ti+1",
    "corporate_stronghold": "p.energy-1 p.mc+3 city+1",
    "olympus_conference": "here+1",
    "rad_suits": "p.mc+1",
    "invention_contest": "hand+1",
    "power_infrastructure": "",
    "indentured_workers": "",
    "lagrange_observatory": "hand+1",
    "terraforming_ganymede": "tr+1",
    "restricted_area": "restricted_area+1",
    "energy_tapping": "o.p.energy-1 p.energy+1",
    "technology_demonstration": "hand+2",
    "medical_lab": "",  # 1 building tag / 2
    "ai_central": "p.energy-1",
}

#: the blue cards' actions, used once right after the card is played (first usable option)
EXPECT_ACTION: dict[str, str] = {
    "search_for_life": "mc-1 here+1",  # the revealed card (Ants) has a microbe tag
    "martian_rails": "energy-1 mc+1",  # one city on Mars
    "water_import_from_europa": "mc-12 oceans+1",
    "equatorial_magnetizer": "p.energy-1 tr+1",
    "regolith_eaters": "here+1",  # no 2 microbes yet: only "add a microbe" is possible
    "ghg_producing_bacteria": "here+1",
    "fish": "here+1",
    "small_animals": "here+1",
    "birds": "here+1",
    "space_mirrors": "mc-7 p.energy+1",
    "ironworks": "energy-4 steel+1 oxy+1",
    "steelworks": "energy-4 steel+2 oxy+1",
    "ore_processor": "energy-4 ti+1 oxy+1",
    "extreme_cold_fungus": "plants+1",
    "nitrite_reducing_bacteria": "here-3 tr+1",
    "water_splitting_plant": "energy-3 oxy+1",
    "livestock": "here+1",
    "aquifer_pumping": "mc-8 oceans+1",
    "underground_detonations": "mc-10 p.heat+2",
    "inventors_guild": "mc-3 hand+1",  # looks at the top card and buys it
    "space_elevator": "steel-1 mc+5",
    "development_center": "energy-1 hand+1",
    "security_fleet": "ti-1 here+1",
    "tardigrades": "here+1",
    "electro_catapult": "plants-1 mc+7",
    "physics_complex": "energy-6 here+1",
    "business_network": "mc-3 hand+1",
    "industrial_center": "mc-7 p.steel+1",
    "caretaker_contract": "heat-8 tr+1",
    "power_infrastructure": "energy-10 mc+10",  # X as large as possible
    "restricted_area": "mc-2 hand+1",
    "ai_central": "hand+2",
}
EXPECT_ALL = {**EXPECT, **EXPECT_CE}

BASE = [c.id for c in load_cards() if c.set == "base" and not c.is_corporation]
CORPORATE_ERA = [c.id for c in load_cards() if c.set == "corporate_era" and not c.is_corporation]


def _position(card_id: str) -> TMState:
    st = start()
    set_param(st, "temperature", -10)
    set_param(st, "oxygen", 3)
    set_param(st, "oceans", 3)
    for sid in ("43", "44", "45"):
        put(st, sid, "ocean")
    put(st, "10", "greenery", 0)
    put(st, "47", "city", 1)
    for seat in (0, 1):
        set_res(st, seat, mc=100, steel=10, ti=10, plants=10, energy=10, heat=10)
        set_prod(st, seat, mc=5, steel=5, ti=5, plants=5, energy=5, heat=5)
    c = st.game.cards[card(st, card_id)]
    for req in c.requirements:
        if req.kind == "global":
            name = PARAMS[req.param]
            value = [-10, 3, 3][req.param]
            if req.min is not None:
                value = max(value, req.min)
            if req.max is not None:
                value = min(value, req.max)
            set_param(st, name, value)
        elif req.kind == "tag":
            set_tags(st, 0, **{TAGS[req.tag]: req.min})
        elif req.kind == "tiles":  # Rad Suits: two cities in play
            put(st, "49", "city", 1)
    if card_id == "urbanized_area":  # two cities with a free common neighbour (50)
        put(st, "49", "city", 1)
        put(st, "57", "city", 1)
    if card_id == "robotic_workforce":
        put_in_play(st, 0, "mine")
    if card_id == "ceos_favorite_project":  # needs a card of yours holding a resource
        put_in_play(st, 0, "tardigrades")
        st.card_res[card(st, "tardigrades")] = 1
    give(st, 0, card_id)
    return st


def _snapshot(st: TMState, index: int) -> dict[str, int]:
    snap: dict[str, int] = {}
    for seat, prefix in ((0, ""), (1, "o.")):
        for r, name in enumerate(("mc", "steel", "ti", "plants", "energy", "heat")):
            snap[f"{prefix}{name}"] = st.res[slot(seat, r)]
            snap[f"{prefix}p.{name}"] = st.prod[slot(seat, r)]
    snap["tr"] = st.tr[0]
    snap["hand"] = len(st.hand[0])
    snap["here"] = st.card_res[index]
    for i, name in enumerate(("temp", "oxy", "oceans")):
        snap[name] = st.params[i]
    for k, name in enumerate(TILES[2:], start=2):
        snap[name] = sum(1 for s, t in enumerate(st.tiles) if t == k and st.owner[s] == 0)
    return snap


def _expected(before: dict[str, int], spec: str, cost: int, from_hand: bool = True) -> dict[str, int]:
    want = dict(before)
    want["mc"] -= cost
    want["hand"] -= from_hand
    for token in spec.split():
        m = re.fullmatch(r"([\w.]+)([+-]\d+)", token)
        assert m, token
        key, delta = m[1], int(m[2])
        if key != "tr":
            want[key] += delta
        if key in ("temp", "oxy", "oceans", "tr"):
            want["tr"] += delta
    return want


def _add_placements(st: TMState, want: dict[str, int], placements: list[int]) -> None:
    """The board's own effects: printed bonuses and 2 M€ per ocean already next to the space."""
    mars = st.game.mars
    for i, s in enumerate(placements):
        sp = mars.spaces[s]
        for r, name in enumerate(("mc", "steel", "ti", "plants", "energy", "heat")):
            want[name] += sp.bonus[r]
        want["hand"] += sp.bonus_cards
        later = set(placements[i + 1:])
        want["mc"] += 2 * sum(1 for n in sp.neighbors if st.tiles[n] == OCEAN and n not in later)


def _all_placements(st: TMState, before: list[int], chosen: list[int]) -> list[int]:
    """Spaces covered since `before`: those placed without a choice first, then the chosen ones in order."""
    changed = [s for s, t in enumerate(st.tiles) if t != before[s]]
    return [s for s in changed if s not in chosen] + chosen


def _check(st: TMState, want: dict[str, int], index: int, what: str) -> None:
    got = _snapshot(st, index)
    diff = {k: (want[k], got[k]) for k in want if want[k] != got[k]}
    assert not diff, f"{what}: expected != got for {diff}"


def test_every_base_card_has_an_expectation():
    assert len(BASE) == 137
    assert sorted(EXPECT) == sorted(BASE)
    assert len(CORPORATE_ERA) == 71 and sorted(EXPECT_CE) == sorted(CORPORATE_ERA)
    assert set(EXPECT_ACTION) <= set(BASE + CORPORATE_ERA)


@pytest.mark.parametrize("card_id", BASE + CORPORATE_ERA)
def test_card(card_id: str):
    st = _position(card_id)
    index = card(st, card_id)
    assert f"play {card_id}" in [st.action_to_string(a) for a in st.legal_actions()], \
        f"{card_id} should be playable here"
    before = _snapshot(st, index)
    tiles = list(st.tiles)
    placements: list[int] = []
    st.apply_string(f"play {card_id}")
    resolve(st, placements=placements)
    placements = _all_placements(st, tiles, placements)
    want = _expected(before, EXPECT_ALL[card_id], st.game.cards[index].cost)
    _add_placements(st, want, placements)
    _check(st, want, index, f"playing {card_id}")
    assert index in st.played[0] and index not in st.hand[0]
    if card_id not in EXPECT_ACTION:
        return
    if card_id == "search_for_life":
        st.deck = (card(st, "ants"), *(c for c in st.deck if c != card(st, "ants")))
    before = _snapshot(st, index)
    tiles = list(st.tiles)
    placements = []
    st.apply_string(f"use {card_id}")
    resolve(st, placements=placements)
    placements = _all_placements(st, tiles, placements)
    want = _expected(before, EXPECT_ACTION[card_id], 0, from_hand=False)
    _add_placements(st, want, placements)
    _check(st, want, index, f"the action of {card_id}")
    assert st.used >> index & 1


def test_res_index_names():
    assert res_index("mc") == 0 and res_index("ti") == 2
