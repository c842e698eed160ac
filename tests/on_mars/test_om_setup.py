from __future__ import annotations

import pytest
from om_helpers import start, texts

from ludoteca.core.api import CHANCE
from ludoteca.core.errors import InvalidOptionError
from ludoteca.games.on_mars.components import LSS_BUILDINGS
from ludoteca.games.on_mars.game import OnMarsGame
from ludoteca.games.on_mars.shuttle import LACERDA


def test_setup_starts_with_chance_draws_and_no_preshuffled_order() -> None:
    state = OnMarsGame(players=3).new_initial_state()
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    # 19 discovery tiles of 11 kinds: "gain 3 crystals" is the single copy
    assert len(outcomes) == 11 and min(p for _, p in outcomes) == pytest.approx(1 / 19)
    assert state.pools["discovery"] == [2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 2]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_board_after_setup(players: int) -> None:
    state = start(players, seed=players, spaces=(1, 2, 3, 6))  # space 4 would add a colonist
    per_item = 2 if players == 2 else 3
    assert state.warehouse == dict.fromkeys(["crystal", "battery", "water", "plant", "oxygen"], per_item)
    assert all(t is not None for t in state.grid) and len(set(state.grid)) == 8
    assert sum(state.pools["tech_stack"]) == (0 if players == 2 else 8)  # 2p: one set only
    assert len(state.display) == 6 and all(b <= 12 for b in state.display)  # level-1 cards on top
    kinds = sorted(b.kind for h, b in state.buildings.items() if b.kind in LSS_BUILDINGS)
    assert kinds == sorted(LSS_BUILDINGS) and state.buildings[(0, 0)].kind == "mine"
    assert len(state.missions) == 3 and len(state.lss_rewards) == 4 and len(state.exploration) == 2
    c = state.om_game.components
    assert sorted(c.missions[m[0] - 1].length for m in state.missions) == ["long", "short", "short"]
    assert state.lss == dict.fromkeys(LSS_BUILDINGS, 1) and state.colony_level == 1
    shelters = [h for h, b in state.buildings.items() if b.kind == "shelter"]
    assert len(shelters) == players
    for seat, p in enumerate(state.players):
        assert p.storage == dict.fromkeys(["mineral", "battery", "water", "plant", "oxygen"], 1)
        assert (p.depot, p.quarters, p.supply, p.ships_depot, p.bots_off, p.markers) == (1, 3, 9, 5, 3, 8)
        assert len(p.goals) == 3 and p.lab == {"shelter": (1, 1)}
        assert p.bots == [h for h in shelters if state.buildings[h].owner == seat]
        assert p.space is not None


def test_long_game_takes_two_long_missions() -> None:
    state = start(2, seed=5, length="long")
    c = state.om_game.components
    assert sorted(c.missions[m[0] - 1].length for m in state.missions) == ["long", "long", "short"]
    assert all(m[1] == c.missions[m[0] - 1].required["2"] for m in state.missions)


def test_seats_choose_spaces_clockwise_and_last_places_the_shuttle() -> None:
    state = OnMarsGame(players=3).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    first = state.first_player
    assert state.current_player() == first
    assert texts(state) == [f"space {i}" for i in range(1, 9)]
    state.apply_string("space 6")  # its benefit (a Warehouse item) is optional
    assert state.current_player() == first and "skip" in texts(state)
    state.apply_string("skip")
    assert state.current_player() == (first + 1) % 3
    assert "space 6" not in texts(state)


def test_solo_setup_has_lacerda_on_the_board() -> None:
    state = start(1, seed=2, spaces=(1, 2, 3, 4, 5))
    assert state.lacerda_space is not None and state.players[0].space != state.lacerda_space
    assert any(b.owner == LACERDA for b in state.buildings.values())
    side = state.om_game.components.turn_order[state.lacerda_space - 1]["side"]
    assert state.shuttle[:2] == [side, 1]
    assert state.warehouse["battery"] == 2  # played as a 2-player game


def test_bad_options() -> None:
    with pytest.raises(InvalidOptionError):
        OnMarsGame(players=5)
    with pytest.raises(InvalidOptionError):
        OnMarsGame(length="medium")
