"""Every corporation of the standard game: its start and its ongoing effect, from a constructed game."""

from __future__ import annotations

from tm_helpers import card, give, play, put, resolve, set_param, set_res, start, texts

from ludoteca.games.terraforming_mars.constants import ENERGY, HEAT, MC, PLANTS, STEEL, TITANIUM
from ludoteca.games.terraforming_mars.tableau import param_value


def test_starting_resources_and_production():
    expected = {
        "credicor": (57, {}, {}),
        "ecoline": (36, {PLANTS: 3}, {PLANTS: 2}),
        "helion": (42, {}, {HEAT: 3}),
        "interplanetary_cinematics": (30, {STEEL: 20}, {}),
        "inventrix": (45, {}, {}),
        "mining_guild": (30, {STEEL: 5}, {STEEL: 1}),
        "phobolog": (23, {TITANIUM: 10}, {}),
        "tharsis_republic": (40, {}, {}),
        "thorgate": (48, {}, {ENERGY: 1}),
        "united_nations_mars_initiative": (40, {}, {}),
        "beginner_corporation": (42, {}, {}),
    }
    for corp, (mc, stock, prod) in expected.items():
        st = start(corporations=[corp, "credicor"])
        got_res = st.res[:6]
        got_prod = st.prod[:6]
        want_res = [mc if r == MC else stock.get(r, 0) for r in range(6)]
        want_prod = [1 + prod.get(r, 0) for r in range(6)]
        if corp == "tharsis_republic":  # its first action (a city) already happened: +3 M€, +1 M€ production
            want_res[MC] += 3
            want_prod[MC] += 1
        assert got_res[:1] + got_res[1:] == want_res, corp
        assert got_prod == want_prod, corp


def test_corporation_tags_count():
    st = start(corporations=["mining_guild", "inventrix"])
    assert st.tags[0] == 2  # two building tags
    assert st.tags[10 + 2] == 1  # Inventrix: science


def test_credicor_rebate_for_costly_cards():
    st = start(corporations=["credicor", "helion"])
    set_res(st, 0, mc=100)
    give(st, 0, "comet", "asteroid")
    play(st, "play comet")  # 21 >= 20: +4
    assert st.res[MC] == 100 - 21 + 4
    play(st, "play asteroid")  # 14: nothing
    assert st.res[MC] == 100 - 21 + 4 - 14


def test_ecoline_greenery_for_seven_plants():
    st = start(corporations=["ecoline", "credicor"])
    set_res(st, 0, plants=7)
    play(st, "convert plants")
    assert st.res[PLANTS] <= 2  # 7 spent (a space bonus may add some)


def test_helion_heat_as_megacredits_not_the_reverse():
    st = start(corporations=["helion", "credicor"])
    set_res(st, 0, mc=0, heat=14)
    assert "project asteroid" in texts(st)
    play(st, "project asteroid")
    assert st.res[HEAT] == 0
    set_res(st, 0, mc=20, heat=0)
    assert "convert heat" not in texts(st)


def test_interplanetary_cinematics_two_per_event():
    st = start(corporations=["interplanetary_cinematics", "credicor"])
    set_res(st, 0, mc=50)
    give(st, 0, "release_of_inert_gases", "solar_power")
    play(st, "play release_of_inert_gases")
    assert st.res[MC] == 50 - 14 + 2
    set_res(st, 0, steel=0)
    play(st, "play solar_power")
    assert st.res[MC] == 50 - 14 + 2 - 11


def test_inventrix_first_action_and_leeway():
    st = start(corporations=["inventrix", "credicor"])
    assert len(st.hand[0]) == 0  # start() empties hands after the first action's 3 cards were drawn
    assert st.taken == 1  # the forced first action counted as one action
    set_res(st, 0, mc=50)
    set_param(st, "temperature", -8)
    give(st, 0, "trees")  # temperature >= -4, Inventrix: 2 steps of leeway
    assert "play trees" in texts(st)


def test_mining_guild_steel_production_on_steel_spaces():
    st = start(corporations=["mining_guild", "credicor"])
    set_res(st, 0, mc=100)
    st.apply_string("project city")
    st.apply_string("place 03")  # 2 steel printed: +1 steel production (once)
    resolve(st)
    assert st.prod[STEEL] == 3 and st.res[STEEL] == 5 + 2


def test_phobolog_titanium_worth_four():
    st = start(corporations=["phobolog", "credicor"])
    set_res(st, 0, mc=0)
    give(st, 0, "comet")  # 21 M€ = 6 titanium at 4 (overpay 3)
    play(st, "play comet")
    assert st.res[TITANIUM] == 10 - 6


def test_tharsis_republic_cities():
    st = start(corporations=["tharsis_republic", "credicor"])
    assert sum(1 for s, t in enumerate(st.tiles) if t == 3 and st.owner[s] == 0) == 1
    play(st, "end")
    set_res(st, 1, mc=100)
    prod = st.prod[MC]
    mc = st.res[MC]
    play(st, "project city")  # an opponent's city on Mars: +1 M€ production only
    assert st.prod[MC] == prod + 1 and st.res[MC] == mc


def test_thorgate_power_discount():
    st = start(corporations=["thorgate", "credicor"])
    set_res(st, 0, mc=30)
    give(st, 0, "solar_power")  # power tag: 11 - 3
    play(st, "play solar_power")
    assert st.res[MC] == 30 - 8


def test_unmi_needs_tr_raised_this_generation():
    st = start(corporations=["united_nations_mars_initiative", "credicor"])
    assert "use united_nations_mars_initiative" not in texts(st)
    set_res(st, 0, heat=8)
    play(st, "convert heat")
    play(st, "use united_nations_mars_initiative")
    assert st.tr[0] == 22
    assert st.used >> card(st, "united_nations_mars_initiative") & 1


def test_beginner_corporation_has_no_effect():
    st = start(corporations=["beginner_corporation", "credicor"])
    assert st.effect_cards[0] == () and st.modifier_cards[0] == ()
    set_param(st, "temperature", -30)
    assert param_value(st, 0) == -30
    put(st, "03", "city", 0)


def test_saturn_systems_counts_its_own_and_everyone_s_jovian_tags():
    st = start(corporations=["saturn_systems", "credicor"])
    assert st.prod[MC] == 1 + 1 and st.prod[TITANIUM] == 1 + 1  # its own jovian tag
    play(st, "pass")
    set_res(st, 1, mc=100)
    give(st, 1, "asteroid_mining")
    play(st, "play asteroid_mining")  # an opponent's jovian tag
    assert st.prod[MC] == 3


def test_teractor_earth_discount():
    st = start(corporations=["teractor", "credicor"])
    assert st.res[MC] == 60
    give(st, 0, "imported_ghg")  # earth tag: 7 - 3
    play(st, "play imported_ghg")
    assert st.res[MC] == 60 - 4
