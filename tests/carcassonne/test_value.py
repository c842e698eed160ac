"""The fitted position value (`value.py`): its inputs worked out by hand, its weights file
checked when loaded, and where the game uses it."""

from __future__ import annotations

import json
import math
import random
from importlib import resources

import pytest
from helpers import do_turn, new_state

from ludoteca import load_game
from ludoteca.core.errors import LudotecaError
from ludoteca.core.play import sample_chance
from ludoteca.games.carcassonne import value as value_module
from ludoteca.games.carcassonne.heuristics import evaluate
from ludoteca.games.carcassonne.state import CarcassonneState
from ludoteca.games.carcassonne.value import (
    FEATURES,
    INPUTS,
    parse_weights,
    seat_features,
    value,
    value_inputs,
    weights,
)


def features(state: CarcassonneState, seat: int) -> dict[str, float]:
    return {k: v for k, v in zip(FEATURES, seat_features(state)[seat], strict=True) if v}


def city_and_monastery() -> CarcassonneState:
    #   y=1   N180 (city S,E; seat 0's knight)  -- one open side east
    #   y=0   D0 (start, cap N)
    #   y=-1  B0 (monastery, seat 1's monk; 1 of its 8 squares filled)
    s = new_state(["base:N", "base:B", "base:E"])
    do_turn(s, "base:N", "0,1 r180", "city S")
    do_turn(s, "base:B", "0,-1 r0", "monastery")
    return s


def test_features_of_an_open_city_and_a_monastery() -> None:
    s = city_and_monastery()
    assert s.tiles_left() == 1 and s.is_chance_node()
    # a 2-tile city with one gap: 2 points now, 4 complete; chance 1 / (1 + 8 * 1²) with 1 tile left;
    # the gap (1,1) needs a city on its west side, and the one tile left (E, a city cap) fits it:
    # the bonus counts 1 / (1 + 1) of its 2 points
    assert features(s, 0) == pytest.approx({
        "city": 2, "city_bonus_1": 2, "city_bonus_expected": 2 / 9, "city_gaps": 1,
        "city_bonus_fit": 1, "city_gap_tiles": 1,
        "meeples": 6, "last_meeples": 2, "busy": 1})
    # the monastery: 1 + 1 neighbour now, 7 empty squares, each filled with chance 1 / (1 + 8)
    assert features(s, 1) == pytest.approx({
        "monastery": 2, "monastery_empty": 7, "monastery_expected": 7 / 9,
        "meeples": 6, "last_meeples": 2, "busy": 1})


def test_inputs_are_differences_over_the_game_then_whose_turn() -> None:
    s = city_and_monastery()
    left = 1 / 3  # 1 of the 3 tiles of the bag still to draw
    diff = [0, 2, 2, 0, 0, 2 / 9, 0, -2, -7, -7 / 9, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 1]
    expected = [*diff, *(d * left for d in diff), *(d * left * left for d in diff), 1, left]
    assert value_inputs(s, 0) == pytest.approx(expected)  # seat 0 draws next
    assert len(INPUTS) == len(expected)


def test_a_city_whose_gap_no_tile_left_fits_can_never_be_completed() -> None:
    s = new_state(["base:N", "base:B", "base:A"])  # the last tile, A, has no city edge
    do_turn(s, "base:N", "0,1 r180", "city S")
    do_turn(s, "base:B", "0,-1 r0", "monastery")
    assert features(s, 0) == pytest.approx({
        "city": 2, "city_bonus_1": 2, "city_bonus_expected": 2 / 9, "city_gaps": 1,
        "city_bonus_dead": 2, "meeples": 6, "last_meeples": 2, "busy": 1})


def test_a_gap_counts_every_tile_left_that_fits_it_in_some_rotation() -> None:
    s = new_state(["base:N", "base:B", "base:E", "base:E", "base:N", "base:U"])
    do_turn(s, "base:N", "0,1 r180", "city S")
    do_turn(s, "base:B", "0,-1 r0", "monastery")
    # left: E, E, N fit the gap (a city side to the west), U (roads) does not: 3 tiles, 3/4 of 2 points
    assert features(s, 0)["city_gap_tiles"] == 3
    assert features(s, 0)["city_bonus_fit"] == pytest.approx(1.5)


def test_a_farmer_next_to_an_open_city_counts_what_its_completion_would_add() -> None:
    s = new_state(["base:U", "base:E", "base:A"])
    # U east of the start tile, its farmer in the strip between the start tile's city and the road
    do_turn(s, "base:U", "1,0 r0", "field N0")
    left = 2
    assert features(s, 0) == pytest.approx({
        "farmers": 1, "field_open_cities": 3, "field_open_expected": 3 * left / (left + 8),
        "meeples": 6, "last_meeples": 2})


def test_a_city_both_seats_hold_counts_alike_for_both_and_cancels_in_the_inputs() -> None:
    s = city_and_monastery()
    board = s.board
    (root,) = [r for r in board.manned if board.regions[r].kind == "city"]  # type: ignore[union-attr]
    (knight,) = board.regions[root].meeples  # type: ignore[union-attr]
    board.set_meeples(root, (knight, knight._replace(seat=1)))  # as if seat 1's knight had joined it
    city = ("city", "city_bonus_1", "city_bonus_expected", "city_gaps", "city_bonus_fit", "city_gap_tiles")
    for name in city:
        assert features(s, 0)[name] == features(s, 1)[name] > 0
        assert value_inputs(s, 0)[INPUTS.index(name)] == 0


def test_a_city_completed_this_turn_counts_in_full_with_its_meeple_home() -> None:
    s = city_and_monastery()
    s.apply_string("draw base:E")
    s.apply_string("place 1,1 r270")  # closes seat 0's city: 3 tiles, 6 points at the turn's end
    assert features(s, 0) == {"score": 6, "meeples": 7, "last_meeples": 2}
    do_turn_end = s.clone()
    do_turn_end.apply_string("skip")
    assert features(do_turn_end, 0) == features(s, 0)  # scored: the same position to the model


def random_positions(seed: int, players: int = 2) -> list[CarcassonneState]:
    rng = random.Random(seed)
    state = load_game("carcassonne", players=players).new_initial_state()
    found: list[CarcassonneState] = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        assert isinstance(state, CarcassonneState)
        found.append(state.clone())
    return found


@pytest.mark.parametrize("seed", range(2))
def test_the_two_seats_see_opposite_inputs_and_values(seed: int) -> None:
    for s in random_positions(seed)[::5]:
        assert value_inputs(s, 1) == pytest.approx([-x for x in value_inputs(s, 0)])
        assert s.game.value(s, 1) == pytest.approx(-s.game.value(s, 0))


def test_the_two_player_base_game_values_what_it_valued_before_session_11() -> None:
    # values of the shipped `data/value.json` at every 12th chance node of one random game,
    # printed by the code before the model learnt more seats and the expansions
    before = [(15, -13.235139685583922), (51, -8.519319669190587), (87, -6.412586359229455),
              (123, -9.40998440712793), (159, -4.6982592264506495), (195, -3.1636073855395055)]
    rng = random.Random(11)
    state = load_game("carcassonne").new_initial_state()
    assert state.game.fitted_value == "value.json"  # type: ignore[attr-defined]
    now, chance = [], 0
    while not state.is_terminal():
        if state.is_chance_node():
            chance += 1
            if chance % 12 == 6:
                now.append((len(state.history()), state.game.value(state, 0)))
                assert state.game.value(state, 1) == -now[-1][1]
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert now == before


def test_the_game_uses_the_model_of_its_set_up() -> None:
    s = random_positions(3)[40]
    game = s.game
    model = value_module.load_model("value.json")
    assert game.value(s, 0) == value(s, 0, model) != evaluate(s, 0)
    assert game.value_inputs(s, 0) == value_inputs(s, 0)
    assert game.value_input_names == INPUTS


def shipped() -> dict:
    return json.loads(resources.files(value_module.__package__).joinpath("data/value.json").read_text())


def test_the_shipped_weights_say_how_they_were_fitted() -> None:
    data = shipped()
    assert len(weights()) == len(INPUTS)
    assert data["about"].startswith("Ours:")
    fitted = data["fitted"]
    assert fitted["command"].startswith("ludoteca fit-value carcassonne")
    assert fitted["games"] >= 1000 and fitted["options"] == {}
    assert 0 < fitted["r2_holdout"] < 1


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(format="other"), "format 'ludoteca-value/1'"),
    (lambda d: d["inputs"].pop(), "inputs must be exactly"),
    (lambda d: d["inputs"].reverse(), "inputs must be exactly"),
    (lambda d: d["weights"].pop(), "weights must be 68 finite numbers"),
    (lambda d: d["weights"].__setitem__(0, math.inf), "finite numbers"),
    (lambda d: d["weights"].__setitem__(3, "1.0"), "finite numbers"),
    (lambda d: d["weights"].__setitem__(3, True), "finite numbers"),
])
def test_a_bad_weights_file_is_refused(change, message: str) -> None:  # type: ignore[no-untyped-def]
    data = shipped()
    assert parse_weights(data) == weights()
    change(data)
    with pytest.raises(LudotecaError, match=message):
        parse_weights(data)
