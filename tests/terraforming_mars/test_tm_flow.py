"""Generations, the action phase, standard projects, payments, milestones, awards and the end."""

from __future__ import annotations

import pytest
from tm_helpers import (
    card,
    give,
    play,
    put,
    put_in_play,
    resolve,
    set_param,
    set_prod,
    set_res,
    set_tags,
    start,
    texts,
)

from ludoteca import load_game
from ludoteca.games.terraforming_mars.constants import ENERGY, HEAT, MC, PLANTS, STEEL, TITANIUM
from ludoteca.games.terraforming_mars.generation import ACTION, FINAL, RESEARCH
from ludoteca.games.terraforming_mars.milestones import award_vp
from ludoteca.games.terraforming_mars.scoring import breakdown


# ------------------------------------------------------------------ setup and generations
def test_standard_start():
    st = start()
    assert st.generation == 1 and st.phase == ACTION and st.current_player() == 0
    assert st.tr == [20, 20]
    assert st.prod[:6] == [1] * 6  # 1 production of each resource
    assert st.res[MC] == 42  # beginner corporation
    assert [st.game.cards[c].id for c in st.corp] == ["beginner_corporation"] * 2


def test_beginner_keeps_ten_cards_free_and_others_buy_at_three():
    game = load_game("terraforming-mars", players=2, corporations=["credicor", "beginner_corporation"])
    st = game.new_initial_state()
    while st.is_chance_node():
        st.apply_action(st.chance_outcomes()[0][0])
    assert len(st.offer[0]) == 10 and len(st.hand[1]) == 10 and not st.offer[1]
    for _ in range(10):  # seat 0 (CrediCor, 57 M€) buys all ten
        st.apply_action(next(a for a in st.legal_actions() if st.action_to_string(a).startswith("buy")))
    assert st.res[MC] == 57 - 30 and len(st.hand[0]) == 10
    assert st.phase == ACTION


def test_dealt_corporations_are_hidden_until_all_chose():
    game = load_game("terraforming-mars", players=2)
    st = game.new_initial_state()
    while st.is_chance_node():
        st.apply_action(st.chance_outcomes()[0][0])
    assert texts(st)[0].startswith("corporation ")
    st.apply_action(st.legal_actions()[0])
    view = st.observation(1)
    assert view["players_info"][0]["corporation"] is None
    assert view["players_info"][0]["corporation_chosen"] is True
    assert "dealt_corporations" not in view["players_info"][0]
    st.apply_action(st.legal_actions()[0])
    assert st.observation(1)["players_info"][0]["corporation"] is not None


def test_one_or_two_actions_then_the_next_seat():
    st = start()
    set_res(st, 0, mc=100)
    play(st, "project power_plant")
    assert st.current_player() == 0 and "end" in texts(st)
    play(st, "project power_plant")
    assert st.current_player() == 1  # two actions taken
    play(st, "project power_plant")
    play(st, "end")
    assert st.current_player() == 0


def test_pass_and_last_seat_keeps_acting_then_production():
    st = start()
    set_res(st, 1, mc=100)
    heat_before, mc_before = st.res[6 + HEAT], st.res[6 + MC]
    set_res(st, 0, energy=3)
    play(st, "pass")
    assert st.current_player() == 1
    play(st, "project power_plant")
    assert st.current_player() == 1 and "end" not in texts(st)  # alone: no turn end
    play(st, "project power_plant")
    assert st.current_player() == 1
    st.apply_string("pass")
    # production: energy -> heat first, then M€ = production + TR, others += production
    assert st.generation == 2 and st.phase == RESEARCH
    assert st.res[HEAT] == 1 + 3 and st.res[ENERGY] == 1
    assert st.res[MC] == 42 + 1 + 20
    assert st.res[6 + MC] == mc_before - 22 + 1 + 20
    assert st.res[6 + HEAT] == heat_before + 1
    assert st.first == 1  # the first player passes clockwise


def test_research_draws_four_and_buys_at_three():
    st = start()
    play(st, "pass")
    st.apply_string("pass")
    assert st.phase == RESEARCH and st.is_chance_node()
    for _ in range(8):
        st.apply_action(st.chance_outcomes()[0][0])
    assert [len(o) for o in st.offer] == [4, 4]
    assert st.current_player() == 1  # seat 1 is the first player of generation 2
    mc = st.res[6 + MC]
    st.apply_action(next(a for a in st.legal_actions() if st.action_to_string(a).startswith("buy")))
    assert st.res[6 + MC] == mc - 3 and len(st.hand[1]) == 1
    st.apply_action(next(a for a in st.legal_actions() if st.action_to_string(a).startswith("reject")))
    assert len(st.discard) == 1


# ------------------------------------------------------------------ standard projects and conversions
@pytest.mark.parametrize(("project", "check"), [
    ("power_plant", lambda st: st.prod[ENERGY] == 2 and st.res[MC] == 100 - 11),
    ("asteroid", lambda st: st.params[0] == 1 and st.tr[0] == 21 and st.res[MC] == 100 - 14),
    ("aquifer", lambda st: st.params[2] == 1 and st.res[MC] == 100 - 18),
    ("greenery", lambda st: st.params[1] == 1 and st.res[MC] == 100 - 23),
    ("city", lambda st: st.prod[MC] == 2 and st.res[MC] == 100 - 25 and 3 in st.tiles),
])
def test_standard_projects(project, check):
    st = start()
    set_res(st, 0, mc=100)
    st.apply_string(f"project {project}")
    resolve(st)
    assert check(st)


def test_sell_patents_one_megacredit_each_in_ascending_order():
    st = start()
    give(st, 0, "comet", "asteroid", "soletta")
    st.apply_string("project sell_patents")
    assert "done" not in texts(st)  # at least one card
    st.apply_string("sell asteroid")
    assert texts(st) == ["done", "sell comet", "sell soletta"]  # only cards after the last one sold
    st.apply_string("sell soletta")  # nothing after Soletta: done at once
    assert [st.game.cards[c].id for c in st.hand[0]] == ["comet"]
    assert st.res[MC] == 44
    assert len(st.discard) == 2


def test_heat_conversion():
    st = start()
    set_res(st, 0, heat=9)
    play(st, "convert heat")
    assert st.res[HEAT] == 1 and st.params[0] == 1 and st.tr[0] == 21


def test_thorgate_credicor_and_ecoline():
    st = start(corporations=["thorgate", "credicor"])
    set_res(st, 0, mc=100)
    play(st, "project power_plant")
    assert st.res[MC] == 100 - 8
    st = start(corporations=["credicor", "ecoline"])
    set_res(st, 0, mc=100)
    play(st, "project city")
    assert st.res[MC] == 100 - 25 + 4
    set_res(st, 1, plants=7)
    play(st, "end")
    assert "convert plants" in texts(st)


# ------------------------------------------------------------------ payments
def test_steel_pays_building_titanium_pays_space():
    st = start()
    set_res(st, 0, mc=20, steel=10, ti=10)
    set_prod(st, 0, energy=2)
    give(st, 0, "underground_city", "asteroid")
    st.apply_string("play underground_city")  # 18 M€, building
    pays = texts(st)
    assert all("titanium" not in p for p in pays)
    assert "pay mc=0 steel=9" in pays and "pay mc=18" in pays
    assert "pay mc=0 steel=10" not in pays  # one steel would be wasted
    st.apply_string("pay mc=4 steel=7")
    resolve(st)
    assert st.res[MC] == 16 and st.res[STEEL] == 3


def test_titanium_overpay_without_change_and_phobolog():
    st = start(corporations=["phobolog", "credicor"])
    set_res(st, 0, mc=0, ti=10)
    give(st, 0, "asteroid")  # 14 M€, space
    st.apply_string("play asteroid")
    resolve(st)  # one way only: 4 titanium worth 4 each (16 >= 14)
    assert st.res[TITANIUM] == 10 - 4 + 2


def test_helion_pays_with_heat_and_discounts_apply():
    st = start(corporations=["helion", "credicor"])
    set_res(st, 0, mc=5, heat=10)
    put_in_play(st, 0, "research_outpost")  # every card 1 M€ cheaper
    give(st, 0, "comet")
    assert "play comet" not in texts(st)  # 20 > 5 + 10
    set_res(st, 0, heat=15)
    st.apply_string("play comet")  # 20 M€: the only way is 5 M€ and 15 heat, taken at once
    assert st.res[MC] == 0 and st.res[HEAT] == 0
    set_res(st, 0, mc=10, heat=15)
    give(st, 0, "asteroid")
    resolve(st)
    st.apply_string("play asteroid")  # 13 M€: heat 3..13 with the rest in M€
    assert texts(st)[0] == "pay mc=10 heat=3" and texts(st)[-1] == "pay mc=0 heat=13"


def test_requirement_leeway_and_special_design():
    st = start()
    set_res(st, 0, mc=100)
    give(st, 0, "trees", "special_design")  # trees: temperature >= -4
    set_param(st, "temperature", -8)
    assert "play trees" not in texts(st)
    play(st, "play special_design")
    assert "play trees" in texts(st)
    play(st, "play trees")
    put_in_play(st, 0, "adaptation_technology")
    assert st.mods[0].leeway == 2


# ------------------------------------------------------------------ milestones and awards
@pytest.mark.parametrize(("milestone", "setup"), [
    ("terraformer", lambda st: st.tr.__setitem__(0, 35)),
    ("mayor", lambda st: [put(st, s, "city", 0) for s in ("03", "05", "10")]),
    ("gardener", lambda st: [put(st, s, "greenery", 0) for s in ("03", "05", "10")]),
    ("builder", lambda st: set_tags(st, 0, building=8)),
    ("planner", lambda st: give(st, 0, *[c.id for c in st.game.cards[:16]])),
])
def test_milestones(milestone, setup):
    st = start()
    assert f"claim {milestone}" not in texts(st)
    setup(st)
    st.opts = None
    st._legal = None
    assert f"claim {milestone}" in texts(st)
    play(st, f"claim {milestone}")
    assert st.res[MC] == 42 - 8
    assert breakdown(st)[0]["milestones"] == 5


def test_at_most_three_milestones():
    st = start()
    for k in range(3):
        st.milestones[k] = 1
    st.tr[0] = 40
    st.opts = None
    assert not any(t.startswith("claim") for t in texts(st))


def test_award_costs_and_limit():
    st = start()
    set_res(st, 0, mc=100)
    play(st, "fund landlord")
    play(st, "fund banker")
    assert st.res[MC] == 100 - 8 - 14
    set_res(st, 1, mc=100)
    play(st, "fund miner")
    assert st.res[6 + MC] == 80
    assert not any(t.startswith("fund") for t in texts(st))


def test_award_places_ties_and_two_player_rule():
    st = start(players=3)
    st.awards[1] = 0  # banker: M€ production
    set_prod(st, 0, mc=5)
    set_prod(st, 1, mc=3)
    set_prod(st, 2, mc=3)
    assert [sorted(v for _, v in a) for a in award_vp(st)] == [[5], [2], [2]]  # tie for second
    set_prod(st, 1, mc=5)
    assert [sum(v for _, v in a) for a in award_vp(st)] == [5, 5, 0]  # tie for first: no second
    st2 = start(players=2)
    st2.awards[1] = 1
    set_prod(st2, 0, mc=3)
    set_prod(st2, 1, mc=1)
    assert [sum(v for _, v in a) for a in award_vp(st2)] == [5, 0]  # 2 players: no second place


@pytest.mark.parametrize(("award", "setup"), [
    ("landlord", lambda st: put(st, "03", "nuclear_zone", 0)),
    ("banker", lambda st: set_prod(st, 0, mc=4)),
    ("scientist", lambda st: set_tags(st, 0, science=1)),
    ("thermalist", lambda st: set_res(st, 0, heat=9)),
    ("miner", lambda st: set_res(st, 0, steel=3, ti=1)),
])
def test_each_award_metric(award, setup):
    st = start(players=3)
    k = [g.id for g in st.game.rules.awards].index(award)
    st.awards[k] = 2
    setup(st)
    assert award_vp(st)[0] == [(award, 5)]


# ------------------------------------------------------------------ the end
def test_game_end_final_greenery_and_scoring():
    st = start()
    for i, top in enumerate((19, 14, 9)):
        st.params[i] = top
    put(st, "30", "city", 0)
    put(st, "29", "greenery", 1)
    set_res(st, 0, plants=16, mc=7)
    set_res(st, 1, plants=0, mc=7)
    st.opts = None
    st.apply_string("pass")  # seat 1 can only pass: done at once
    assert st.phase == FINAL and st.current_player() == 0
    assert texts(st) == ["convert plants", "done"]
    st.apply_string("convert plants")
    assert sorted(texts(st)) == ["place 21", "place 22", "place 38", "place 39"]  # next to the city
    st.apply_string("place 38")
    st.apply_string("convert plants")
    st.apply_string("place 39")
    assert st.is_terminal()  # no plants left: seat 0 is done at once; seat 1 has none
    rows = breakdown(st)
    assert rows[0]["greenery"] == 2 and rows[0]["city"] >= 2  # greeneries next to the city, anyone's
    assert rows[0]["tr"] == 20  # oxygen already maxed: no TR for the final greeneries


def test_tie_break_by_megacredits():
    st = start()
    for i, top in enumerate((19, 14, 9)):
        st.params[i] = top
    set_res(st, 0, mc=10)
    set_res(st, 1, mc=30)
    st.opts = None
    st.apply_string("pass")
    if not st.is_terminal():
        st.apply_string("pass")
    assert st.is_terminal()
    assert st.returns() == [-1.0, 1.0]


def test_max_generations_option_ends_the_game():
    st = start(max_generations=1)
    st.apply_string("pass")
    st.apply_string("pass")
    assert st.is_terminal() and st.generation == 1


def test_unmi_action_needs_a_tr_raise_this_generation():
    st = start(corporations=["united_nations_mars_initiative", "credicor"])
    corp = card(st, "united_nations_mars_initiative")
    assert f"use {st.game.cards[corp].id}" not in texts(st)
    set_res(st, 0, heat=8)
    play(st, "convert heat")
    assert "use united_nations_mars_initiative" in texts(st)
    play(st, "use united_nations_mars_initiative")
    assert st.tr[0] == 22 and st.res[MC] == 40 - 3


def test_plants_stay_at_zero():
    st = start()
    set_res(st, 1, plants=2)
    set_res(st, 0, mc=100)
    give(st, 0, "asteroid")
    play(st, "play asteroid")
    assert st.res[6 + PLANTS] == 0


def test_a_tie_on_vp_goes_to_the_most_megacredits() -> None:
    from ludoteca.games.terraforming_mars.scoring import score_values, tiebreak_winners

    st = start(players=3)
    set_res(st, 0, mc=12)
    set_res(st, 1, mc=30)
    set_res(st, 2, mc=30)
    st.tr[2] += 1
    assert score_values(st) == [20.0, 20.0, 21.0]  # plain VP: M\u20ac are not folded in
    assert tiebreak_winners(st) == [2]
    st.tr[2] -= 1
    assert tiebreak_winners(st) == [1, 2]  # equal VP and M\u20ac: shared
    set_res(st, 2, mc=29)
    assert tiebreak_winners(st) == [1]
