"""Issue 19 item 10: the player orders a card's immediate effects where the order can
change the result (`ordering.py`); elsewhere the printed order runs without a decision."""

from __future__ import annotations

from tm_helpers import give, play, put_in_play, resolve, set_param, set_res, space, start, texts

from ludoteca import load_game
from ludoteca.games.terraforming_mars.constants import MC, OCEAN, PLANTS, TILE_INDEX
from ludoteca.games.terraforming_mars.state import TMState


def kind(st: TMState) -> str:
    return st._decision()[0]


def _comet_against_arctic_algae(plants: int) -> TMState:
    st = start()
    set_res(st, 0, mc=50)
    put_in_play(st, 1, "arctic_algae")  # seat 1 gains 2 plants whenever anyone places an ocean
    set_res(st, 1, plants=plants)
    give(st, 0, "comet")  # raise temperature, place an ocean, remove up to 3 plants from any player
    st.apply_string("play comet")
    return st


def test_comet_removal_before_or_after_the_ocean_that_feeds_arctic_algae():
    """Seat 1 holds 1 plant. Ocean first: 1 + 2 = 3 plants, all 3 removed -> 0. Removal
    first: 1 removed, then the ocean gives 2 -> 2. The raise (far from 0 °C) commutes
    with both, so it is done first without asking."""
    st = _comet_against_arctic_algae(1)
    assert kind(st) == "order"
    assert texts(st) == ["option 2", "option 3"]  # the ocean next, or the removal next
    assert st.params[0] == 1  # the raise is already done
    ocean_first = st.clone()
    play(ocean_first, "option 2")
    assert ocean_first.res[6 + PLANTS] == 0
    play(st, "option 3")
    assert st.res[6 + PLANTS] == 2
    assert st.params[2] == ocean_first.params[2] == 1  # one ocean either way


def test_comet_keeps_the_printed_order_when_no_order_matters():
    """With 3 plants or more the removal takes 3 in either order; without Arctic Algae the
    ocean gives seat 1 nothing: no decision, the printed order (raise, ocean, removal)."""
    st = _comet_against_arctic_algae(3)
    assert kind(st) == "place"
    play(st, "place " + st.game.mars.spaces[st.game.mars.oceans[0]].id)
    assert st.res[6 + PLANTS] == 2  # 3 + 2 - 3
    st = start()
    set_res(st, 0, mc=50)
    set_res(st, 1, plants=1)
    give(st, 0, "comet")
    st.apply_string("play comet")
    assert kind(st) == "place"


def test_mining_expedition_oxygen_step_reaches_0_degrees():
    """Oxygen 7 % -> 8 % raises the temperature from -2 °C to 0 °C, which places an ocean:
    seat 1's Arctic Algae (0 plants) then gains 2, so the removal of 2 plants can come
    before (nothing to take, 2 left) or after (2 taken, 0 left)."""
    st = start()
    set_res(st, 0, mc=50)
    set_param(st, "oxygen", 7)
    set_param(st, "temperature", -2)
    put_in_play(st, 1, "arctic_algae")
    set_res(st, 1, plants=0)
    give(st, 0, "mining_expedition")  # gain 2 steel, raise oxygen, remove up to 2 plants
    st.apply_string("play mining_expedition")
    assert kind(st) == "order" and texts(st) == ["option 2", "option 3"]
    raise_first = st.clone()
    play(raise_first, "option 2")
    assert raise_first.params == [15, 8, 1] and raise_first.res[6 + PLANTS] == 0
    play(st, "option 3")
    assert st.params == [15, 8, 1] and st.res[6 + PLANTS] == 2
    st = start()  # at -4 °C the oxygen step stops at -2 °C: no ocean, no decision
    set_res(st, 0, mc=50)
    set_param(st, "oxygen", 7)
    set_param(st, "temperature", -4)
    put_in_play(st, 1, "arctic_algae")
    give(st, 0, "mining_expedition")
    st.apply_string("play mining_expedition")
    assert kind(st) != "order"


def _nuclear_zone(temperature: int) -> TMState:
    st = start()
    set_res(st, 0, mc=50)
    set_param(st, "temperature", temperature)
    give(st, 0, "nuclear_zone")  # raise temperature 2 steps, place the Nuclear Zone tile on land
    st.apply_string("play nuclear_zone")
    return st


def test_nuclear_zone_next_to_the_ocean_of_its_own_raise():
    """At -4 °C the raise reaches 0 °C and places an ocean. Raise first: the ocean goes on
    07, then the zone on 12 next to it earns 2 M€. Tile first: the zone on 12 has no ocean
    next to it yet, and the ocean placed after it earns nothing from the zone."""
    st = _nuclear_zone(-4)
    assert kind(st) == "order" and texts(st) == ["option 1", "option 2"]
    assert "raise temperature 2" in st._decision()[1]
    raise_first = st.clone()
    raise_first.apply_string("option 1")
    assert kind(raise_first) == "place" and raise_first.stack[-1][3] == OCEAN
    raise_first.apply_string("place 07")
    raise_first.apply_string("place 12")
    resolve(raise_first)
    assert raise_first.res[MC] == 50 - 10 + 2
    st.apply_string("option 2")
    st.apply_string("place 12")
    st.apply_string("place 07")
    resolve(st)
    assert st.res[MC] == 50 - 10
    for s in (raise_first, st):
        assert s.tiles[space(s, "12")] == TILE_INDEX["nuclear_zone"] and s.tiles[space(s, "07")] == OCEAN
        assert s.tr[0] == 20 + 2 + 1


def test_nuclear_zone_far_from_0_degrees_has_no_order_decision():
    st = _nuclear_zone(-30)
    assert kind(st) == "place" and st.stack[-1][3] == TILE_INDEX["nuclear_zone"]


def test_order_payload_and_round_trip():
    st = _nuclear_zone(-4)
    for a in st.legal_actions():
        assert st.string_to_action(st.action_to_string(a)) == a
    payloads = [st._action_payload(a) for a in st.legal_actions()]
    assert [p["option"] for p in payloads] == [1, 2]
    assert payloads[1]["effect"].startswith("place 1 nuclear_zone")


def test_only_eight_cards_can_ask_for_an_order():
    game = load_game("terraforming-mars", players=2, corporate_era=True)
    asking = sorted(c.id for c, o in zip(game.cards, game.effect_orders, strict=True) if o is not None)
    assert asking == sorted(["asteroid", "big_asteroid", "comet", "deimos_down", "giant_ice_asteroid",
                             "lava_flows", "mining_expedition", "nuclear_zone"])
