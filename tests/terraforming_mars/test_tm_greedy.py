"""Terraforming Mars' `greedy` plays the whole game: milestones, awards, card actions, the end."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pytest
from tm_helpers import card, give, put, put_in_play, set_param, set_prod, set_res, start, texts
from tm_helpers import play as play_text

from ludoteca import load_game
from ludoteca.agents import make_agent
from ludoteca.core.play import play
from ludoteca.games.terraforming_mars.card_worth import action_worth
from ludoteca.games.terraforming_mars.generation import RESEARCH
from ludoteca.games.terraforming_mars.heuristics import (
    MC_CAP,
    MC_PER_VP,
    WAIT_SHARE,
    evaluate,
    future,
    generations_left,
    hand_worths,
    held_worth,
)
from ludoteca.games.terraforming_mars.state import TMState


def greedy_choice(st: TMState) -> str:
    agent = make_agent("greedy", seed=1, game=st.game)
    return st.action_to_string(agent.step(st))


def near_the_end(st: TMState) -> TMState:
    """Three terraforming steps left: the last generation, most likely."""
    set_param(st, "temperature", 6)
    set_param(st, "oxygen", 13)
    set_param(st, "oceans", 9)
    return st


def test_greedy_claims_an_affordable_milestone() -> None:
    st = start()
    st.tr[0] = 35  # Terraformer
    set_res(st, 0, mc=10)
    assert "claim terraformer" in texts(st)
    assert greedy_choice(st) == "claim terraformer"


def test_greedy_funds_an_award_it_leads_near_the_end_but_not_a_narrow_lead_early() -> None:
    st = near_the_end(start())
    set_res(st, 0, mc=10, steel=12)  # Miner: 12 to 0
    assert greedy_choice(st) == "fund miner"
    early = start()
    set_res(early, 0, mc=10, steel=1)  # a lead of 1 in generation 1 is no sure 5 VP
    assert "fund miner" in texts(early)
    assert greedy_choice(early) != "fund miner"


def test_greedy_uses_a_card_action() -> None:
    st = start()
    put_in_play(st, 0, "birds")
    set_res(st, 0, mc=0)
    assert "use birds" in texts(st)
    assert greedy_choice(st) == "use birds"


def test_an_action_card_in_play_is_worth_its_future_uses() -> None:
    st = start()
    before = evaluate(st, 0)
    put_in_play(st, 0, "birds")
    gain = evaluate(st, 0) - before  # in VP: an animal (1 VP) a generation, discounted
    birds = st.game.card("birds")
    gens = generations_left(st)
    assert action_worth(birds) > 0
    assert gain > 1.0
    kept = hand_worths(st.game, gens)[birds.index]  # a card played keeps its worth in hand
    assert abs(gain - (action_worth(birds) * future(gens) + kept) / MC_PER_VP) < 1e-9


def test_greedy_spends_its_money_on_vp_in_the_last_generation() -> None:
    st = start()
    for name, top in (("temperature", 8), ("oxygen", 14), ("oceans", 9)):
        set_param(st, name, top)
    put(st, "30", "city", 0)
    for k in (1, 2, 3):  # three awards funded (Banker: seat 1 well ahead): none left to fund
        st.awards[k] = 1
    set_prod(st, 1, mc=5)
    set_res(st, 0, mc=30)
    assert generations_left(st) == 0.0
    assert greedy_choice(st) == "project greenery"  # 1 VP and more for the city; M€ left score nothing


def test_the_end_comes_sooner_when_the_table_is_richer() -> None:
    st = start()
    slow = generations_left(st)
    for seat in range(2):
        st.prod[seat * 6] = 20
    assert generations_left(st) < slow


def test_greedy_keeps_cards_it_cannot_play_yet_instead_of_selling_them_early() -> None:
    st = start()
    give(st, 0, "birds", "fish")  # animals need oxygen: not playable now
    set_res(st, 0, mc=0)
    assert greedy_choice(st) != "project sell_patents"


def test_a_greedy_game_is_fast() -> None:
    game = load_game("terraforming-mars")
    agents = [make_agent("greedy", seed=s, game=game) for s in range(2)]
    begin = time.process_time()
    st = play(game.new_initial_state(), agents, random.Random(3))
    assert st.is_terminal()
    assert time.process_time() - begin < 10.0  # about 1 CPU s on the reference machine


def test_the_leader_takes_the_last_terraforming_step_whatever_it_holds() -> None:
    # a seat ahead with titanium and heat to spare once ended the game (regression: the
    # estimate dropped their worth when the last step was taken, and the game never ended)
    st = start()
    for name, top in (("temperature", 8), ("oxygen", 14), ("oceans", 8)):
        set_param(st, name, top)
    st.tr[0] = 40
    for k in range(3):  # nothing left to claim or fund (Banker: seat 1 well ahead)
        st.milestones[k] = st.awards[k + 1] = 1
    set_prod(st, 1, mc=10)
    set_res(st, 0, mc=18, ti=80, heat=100)
    before = evaluate(st, 0)
    assert greedy_choice(st) == "project aquifer"
    play_text(st, "project aquifer")
    assert sum(st.params) == 42
    assert evaluate(st, 0) > before - 2.0


def last_seat_in_the_generation(st: TMState) -> TMState:
    """Seat 1 has passed: seat 0's pass ends the generation (production follows)."""
    give(st, 0, "birds", "fish", "predators")  # kept: animals need oxygen
    set_res(st, 0, mc=2)
    set_prod(st, 1, mc=8, heat=4)  # the other seat gains more from the production
    st.passed = 2
    return st


def test_the_last_seat_passes_rather_than_sell_cards_to_put_off_the_production() -> None:
    # the production still to come counts in the action phase: passing into it gains
    # nothing by itself, so selling a card worth more than 1 M€ to put it off loses
    st = last_seat_in_the_generation(start())
    assert "project sell_patents" in texts(st)
    before = evaluate(st, 0)
    assert greedy_choice(st) == "pass"
    st.apply_string("pass")  # the production: M€ and heat as counted before
    assert st.phase == RESEARCH and abs(evaluate(st, 0) - before) < 1e-9


def test_a_resource_award_counts_the_production_still_to_come() -> None:
    st = last_seat_in_the_generation(start())
    st.awards[3] = 0  # Thermalist, funded: the other seat's heat production will narrow the lead
    set_res(st, 0, heat=6)
    before = evaluate(st, 0)
    assert greedy_choice(st) == "pass"
    st.apply_string("pass")
    assert abs(evaluate(st, 0) - before) < 1e-9


def test_the_turn_search_stops_at_the_action_menu() -> None:
    st = start()
    give(st, 0, "birds", "fish")
    assert st.game.turn_horizon(st)  # the menu: an action is complete
    st.apply_string("project sell_patents")
    assert not st.game.turn_horizon(st)  # choosing the cards to sell: the action goes on


def test_cards_in_hand_are_worth_what_playing_them_brings() -> None:
    st = start()
    worth = hand_worths(st.game, generations_left(st))
    good, poor = card(st, "kelp_farming"), card(st, "business_contacts")
    assert worth[good] > 3.0 > 1.0 > worth[poor]  # bought for 3 M€; sold for 1 M€
    give(st, 0, "birds", "business_contacts")
    set_res(st, 0, mc=0)
    assert greedy_choice(st) == "project sell_patents"
    st.apply_string("project sell_patents")
    assert "sell birds" in texts(st)
    assert greedy_choice(st) == "sell business_contacts"


def test_the_leader_ends_the_game_whatever_the_other_seat_hoards() -> None:
    # two bots with thousands of M€ once left the last ocean unplaced for ever: each
    # estimate counted the money, and the seat with the animals kept adding them
    st = start()
    for name, top in (("temperature", 8), ("oxygen", 14), ("oceans", 8)):
        set_param(st, name, top)
    st.tr[0] = 30
    for k in range(3):  # nothing left to claim or fund
        st.milestones[k] = st.awards[k + 1] = 1
    put_in_play(st, 0, "birds")
    put_in_play(st, 0, "fish")
    set_prod(st, 1, mc=30)
    set_res(st, 0, mc=900)
    set_res(st, 1, mc=1700)
    st.passed = 2
    assert "use fish" in texts(st)
    assert greedy_choice(st) == "project aquifer"


def test_steel_and_titanium_beyond_the_cap_are_worth_nothing() -> None:
    # a seat once sat on 50 titanium it had no space card for: every terraforming step
    # lowered the worth of the hoard (M€ are worth less near the end), so it stopped terraforming
    st = start()
    set_res(st, 0, mc=int(MC_CAP) - 40)
    poor = evaluate(st, 0)
    set_res(st, 0, ti=10)  # 30 M€ more: still under the cap, the titanium counts
    assert evaluate(st, 0) - poor == pytest.approx(30.0 / MC_PER_VP)
    set_res(st, 0, mc=MC_CAP)
    capped = evaluate(st, 0)
    set_res(st, 0, steel=20, ti=30)  # beyond the cap with M€, steel and titanium together
    assert evaluate(st, 0) == pytest.approx(capped)


def test_a_card_past_its_global_maximum_is_worth_nothing_in_hand_and_sold() -> None:
    st = start()
    without = evaluate(st, 0)
    give(st, 0, "colonizer_training_camp")  # oxygen 5% or less
    assert evaluate(st, 0) > without
    set_param(st, "oxygen", 6)
    dead = evaluate(st, 0)
    st.hand[0] = ()
    assert abs(dead - evaluate(st, 0)) < 0.01  # only the Planner race counts it: 1 card of 16
    give(st, 0, "colonizer_training_camp", "kelp_farming")
    set_res(st, 0, mc=0)
    assert greedy_choice(st) == "project sell_patents"
    st.apply_string("project sell_patents")
    assert greedy_choice(st) == "sell colonizer_training_camp"


def test_a_card_waiting_for_a_global_minimum_keeps_a_share_of_its_worth() -> None:
    st = start()
    gens = generations_left(st)
    birds = card(st, "birds")  # oxygen 13% or more
    worth = hand_worths(st.game, gens)[birds]
    assert held_worth(st, 0, (birds,), hand_worths(st.game, gens)) == pytest.approx(WAIT_SHARE * worth)
    set_param(st, "oxygen", 13)
    assert held_worth(st, 0, (birds,), hand_worths(st.game, gens)) == pytest.approx(worth)
    set_param(st, "oxygen", 11)
    st.mods[0] = replace(st.mods[0], leeway=2)  # Adaptation Technology: 2 steps of leeway
    assert held_worth(st, 0, (birds,), hand_worths(st.game, gens)) == pytest.approx(worth)
