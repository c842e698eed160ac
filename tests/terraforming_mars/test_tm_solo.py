"""The solo game: neutral tiles from the revealed costs, 14 generations, winning and losing."""

from __future__ import annotations

import pytest
from tm_helpers import give, play, set_res, space, start, texts

from ludoteca import load_game
from ludoteca.core.testing import check_copy_integrity, check_information_safety, check_random_simulation
from ludoteca.games.terraforming_mars.constants import CITY, GREENERY, MC, NEUTRAL, OXYGEN
from ludoteca.games.terraforming_mars.generation import FINAL


def card_costing(game, cost: int, exclude: tuple[str, ...] = ()) -> str:
    return next(c.id for c in game.cards if not c.is_corporation and c.cost == cost and c.id not in exclude)


def neutral_setup(costs: list[int], corporations=("credicor",)):
    game = load_game("terraforming-mars", players=1, corporations=list(corporations))
    st = game.new_initial_state()
    used: list[str] = []
    for cost in costs:
        assert st.is_chance_node() and st.prompt().kind == "reveal"
        cid = card_costing(game, cost, tuple(used))
        used.append(cid)
        st.apply_string(f"reveal {cid}")
    return st


def where(st, tile: int) -> list[str]:
    spaces = st.game.mars.spaces
    return sorted(spaces[s].id for s, t in enumerate(st.tiles) if t == tile and st.owner[s] == NEUTRAL)


def test_solo_setup_is_the_corporate_era_with_tr_14():
    game = load_game("terraforming-mars", players=1)
    assert game.sets == ("base", "corporate_era") and game.start_production == 0
    st = start(players=1, corporations=["credicor"])
    assert st.tr == [14] and st.prod[:6] == [0] * 6
    assert not any(t.startswith(("claim", "fund")) for t in texts(set_res(st, 0, mc=100)))


def test_neutral_cities_and_greeneries_from_card_costs():
    st = neutral_setup([1, 2, 1, 1])
    # 1st city: the 1st legal land space in reading order (03); its greenery: 2nd free land
    # neighbour clockwise from the upper left (03's neighbours: 04 ocean, 09, 08 -> 08)
    # 2nd city: the 1st legal space counting back from 63 (62); its greenery: the first free neighbour
    assert where(st, CITY) == ["03", "62"]
    assert "08" in where(st, GREENERY) and len(where(st, GREENERY)) == 2
    assert st.params[OXYGEN] == 0  # neutral greeneries raise nothing
    assert all(st.discard_by[i] == -1 for i in range(4))  # the revealed cards are public


def test_costs_wrap_around_and_zero_counts_as_one():
    st = neutral_setup([0, 3, 1, 1])
    assert "03" in where(st, CITY)
    assert "09" in where(st, GREENERY)  # 3rd of two free neighbours wraps to the 1st (09)


def test_tharsis_republic_gains_for_neutral_cities():
    st = start(players=1, corporations=["tharsis_republic"])
    assert st.prod[MC] == 2 + 1  # two neutral cities, then its own first city


def test_fourteen_generations_then_win_or_lose():
    st = start(players=1, corporations=["credicor"])
    for _ in range(13):
        play(st, "pass")
    assert st.generation == 14
    st.params[:] = [19, 14, 9]
    st.apply_string("pass")
    assert st.is_terminal() and st.solo_won == 1
    assert st.observation(0)["solo"] == {"generations": 14, "won": True}
    assert st.winners() == [0] and st.returns() == [1.0]
    st2 = start(players=1, corporations=["credicor"])
    for _ in range(13):
        play(st2, "pass")
    st2.params[:] = [19, 13, 9]
    set_res(st2, 0, plants=8)
    st2.apply_string("pass")
    assert st2.phase == FINAL
    st2.apply_string("convert plants")
    st2.apply_action(st2.legal_actions()[0])
    assert st2.is_terminal() and st2.solo_won == 0 and st2.params[OXYGEN] == 13
    assert st2.winners() == [] and st2.returns() == [-1.0]  # a lone player's loss


def test_attacks_hit_the_neutral_player():
    st = start(players=1, corporations=["credicor"])
    set_res(st, 0, mc=100)
    give(st, 0, "hired_raiders")
    st.apply_string("play hired_raiders")
    st.apply_string("option 2")  # steal 3 M€ from the neutral player: always the full amount
    assert st.res[MC] == 100 - 1 + 3
    assert space(st, "03") >= 0


@pytest.mark.parametrize("chunk", range(3))
def test_core_checks_solo(chunk: int):
    """60 whole solo games, and 150 more with the generation limit lowered (the 14 replaced)."""
    check_random_simulation(lambda: load_game("terraforming-mars", players=1), games=20, seed=1401 + chunk,
                            deep_every=1000)
    check_random_simulation(lambda: load_game("terraforming-mars", players=1, max_generations=4), games=50,
                            seed=1501 + chunk, deep_every=1000)
    check_copy_integrity(lambda: load_game("terraforming-mars", players=1), games=3, seed=5)
    check_information_safety(lambda: load_game("terraforming-mars", players=1), games=3, seed=6)
