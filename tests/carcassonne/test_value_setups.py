"""The fitted value beyond the two-player base game (`value.py`, issue 21): the inputs of
more seats and of the expansions worked out by hand, the set-up -> weights choice, and
every shipped weights file."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest
from helpers import do_turn, new_state

from ludoteca import load_game
from ludoteca.core.record import replay
from ludoteca.games.carcassonne import value as value_module
from ludoteca.games.carcassonne.heuristics import evaluate, wonder_values
from ludoteca.games.carcassonne.state import CarcassonneState
from ludoteca.games.carcassonne.value import (
    FEATURES,
    INNS_FEATURES,
    INPUTS,
    MODEL_FILES,
    WONDER_FEATURES,
    choose_model,
    load_model,
    parse_weights,
    seat_features,
    setup_features,
    setup_inputs,
    value_inputs,
)

IC = ["inns_cathedrals"]


def features(state: CarcassonneState, seat: int) -> dict[str, float]:
    names = setup_features(state.game.options["expansions"])
    return {k: v for k, v in zip(names, seat_features(state)[seat], strict=True) if v}


def inns_play(bag: list[str], actions: list[str]) -> CarcassonneState:
    state = replay({"format": "ludoteca-record/1", "game": "carcassonne",
                    "options": {"players": 2, "expansions": IC, "bag": bag}, "actions": actions})
    assert isinstance(state, CarcassonneState)
    return state


def test_each_set_up_reads_its_expansions_features() -> None:
    assert setup_features([]) == FEATURES and setup_inputs([]) == INPUTS
    assert setup_features(IC) == (*FEATURES, *INNS_FEATURES)
    assert setup_features(["wonders", *IC]) == (*FEATURES, *INNS_FEATURES, *WONDER_FEATURES)
    names = setup_inputs(["wonders"])
    assert len(names) == 3 * (len(FEATURES) + len(WONDER_FEATURES)) + 2
    assert names[-3:] == ("wonder_promise*left^2", "to_move", "to_move*left")
    assert load_game("carcassonne", players=2, expansions=IC).value_input_names == setup_inputs(IC)


def test_an_unfinished_road_with_an_inn_puts_its_whole_completed_value_at_risk() -> None:
    # the start tile's road (0,0) and the inn tile IC15 east of it: 2 tiles, both ends open,
    # seat 0's big meeple on it; 2 tiles left to draw
    s = inns_play(["ic:IC15", "base:W", "base:W"], ["draw ic:IC15", "place 1,0 r0", "big road E"])
    assert s.is_chance_node() and s.tiles_left() == 2
    # worth nothing unfinished, 2 x 2 = 4 completed; chance 2 / (2 + 8 * 2²)
    assert features(s, 0) == pytest.approx({
        "inn_bonus": 4, "inn_expected": 4 * 2 / 34, "meeples": 7, "last_meeples": 2, "busy": 1})
    assert features(s, 1) == {"meeples": 7, "last_meeples": 2, "big_meeples": 1}


def test_an_unfinished_city_with_a_cathedral_counts_all_its_completed_value_as_bonus() -> None:
    # the start tile's city and the cathedral tile IC01 north of it: 2 tiles, 3 open sides
    s = inns_play(["ic:IC01", "base:E", "base:E", "base:E"],
                  ["draw ic:IC01", "place 0,1 r0", "meeple city N"])
    f = features(s, 0)
    assert "city" not in f  # an unfinished cathedral city scores nothing at the end
    assert f["city_bonus_3"] == f["cathedral_bonus"] == 6  # 3 per tile when completed
    assert f["city_gaps"] == 3 and f["big_meeples"] == 1 and f["meeples"] == 6


def test_a_big_meeple_about_to_come_home_counts_in_hand() -> None:
    s = inns_play(["ic:IC15", "base:W", "base:W"],
                  ["draw ic:IC15", "place 1,0 r0", "big road E", "draw base:W", "place -1,0 r0", "skip",
                   "draw base:W", "place 2,0 r0"])  # closes the inn road: 4 tiles x 2
    f = features(s, 0)
    assert f["score"] == 8 and f["big_meeples"] == 1 and "inn_bonus" not in f


def wonders_state() -> CarcassonneState:
    game = load_game("carcassonne", expansions=["wonders"], wonders=["stonehenge", "alhambra"])
    state = game.new_initial_state()
    assert isinstance(state, CarcassonneState)
    return state


def test_the_wonders_inputs_of_a_fresh_game_and_of_a_held_wonder() -> None:
    s = wonders_state()
    assert features(s, 0) == {"meeples": 6, "last_meeples": 2, "wonder_waiting": 1, "wonder_short": 10}
    track = s.wonder_track
    assert track is not None
    track.held[1] = 0  # as if seat 1 had claimed Stonehenge
    track.waiting[1] = False
    # heuristics.wonder_values: half the promise of an unplaced Wonder (9 points), the whole bag left
    assert features(s, 1) == {"meeples": 6, "last_meeples": 2, "wonder_held": 1, "wonder_promise": 4.5}
    assert features(s, 1)["wonder_promise"] == wonder_values(s)[1]


def test_with_three_seats_the_rival_is_the_mean_of_the_other_two() -> None:
    s = new_state(["base:N", "base:B", "base:E", "base:E"], players=3)
    do_turn(s, "base:N", "0,1 r180", "city S")  # seat 0: a 2-tile city, one gap
    do_turn(s, "base:B", "0,-1 r0", "monastery")  # seat 1: a monastery with 1 neighbour
    f = seat_features(s)
    x = value_inputs(s, 0)
    n = len(FEATURES)
    for i, name in enumerate(FEATURES):
        assert x[i] == pytest.approx(f[0][i] - (f[1][i] + f[2][i]) / 2), name
    assert x[FEATURES.index("city")] == 2 and x[FEATURES.index("monastery")] == -1
    assert x[3 * n:] == [-1.0, -0.5]  # seat 2 draws next, with 2 of the 4 tiles left
    assert value_inputs(s, 2)[3 * n:] == [1.0, 0.5]
    # the three seats' differences from the mean of the others sum to zero, feature by feature
    total = [a + b + c for a, b, c in zip(value_inputs(s, 0), value_inputs(s, 1), value_inputs(s, 2),
                                          strict=True)]
    assert total[:3 * n] == pytest.approx([0.0] * (3 * n))


def test_a_set_up_takes_the_model_of_its_expansions_with_the_nearest_players() -> None:
    base = [m for m in MODEL_FILES if load_model(m).expansions == frozenset()]
    assert choose_model(2, []) == load_model("value.json")
    for players in range(2, 6):
        chosen = choose_model(players, [])
        assert chosen is not None and chosen.file in base
        assert all(abs(chosen.players - players) <= abs(load_model(m).players - players) for m in base)
    # the Wonders alone: the base game's model, reading the base inputs only (`VALUED_AS`)
    wonders = wonders_state()
    assert wonders.game.fitted_value == "value.json"  # type: ignore[attr-defined]
    base_inputs = value_inputs(wonders, 0, load_model("value.json").columns)
    assert len(base_inputs) == len(INPUTS) < len(wonders.game.value_inputs(wonders, 0) or ())
    assert wonders.game.value(wonders, 0) == sum(
        w * x for w, x in zip(load_model("value.json").weights, base_inputs, strict=True))
    # both expansions at once: the Inns & Cathedrals model, reading its own inputs only (`VALUED_AS`)
    inns = load_model("value-2p-inns_cathedrals.json")
    assert choose_model(2, ["inns_cathedrals", "wonders"]) == inns
    game = load_game("carcassonne", expansions=["inns_cathedrals", "wonders"])
    assert game.fitted_value == "value-2p-inns_cathedrals.json"  # type: ignore[attr-defined]
    s = game.new_initial_state()
    assert isinstance(s, CarcassonneState)
    inns_inputs = value_inputs(s, 0, inns.columns)
    assert len(inns_inputs) == len(inns.inputs) < len(game.value_inputs(s, 0) or ())
    assert game.value(s, 0) == sum(w * x for w, x in zip(inns.weights, inns_inputs, strict=True))
    assert game.value(s, 0) != evaluate(s, 0)
    assert len(game.value_inputs(s, 0) or ()) == len(game.value_input_names)  # fit-value can still fit it


def shipped(file: str) -> dict[str, Any]:
    text = resources.files(value_module.__package__).joinpath(f"data/{file}").read_text()
    data = json.loads(text)
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize("file", MODEL_FILES)
def test_every_weights_file_loads_and_says_how_it_was_fitted(file: str) -> None:
    data = shipped(file)
    model = load_model(file)
    fitted = data["fitted"]
    assert fitted["command"].startswith("ludoteca fit-value carcassonne --games")
    assert fitted["games"] >= 500 and 0 < fitted["r2_holdout"] < 1
    assert model.players == fitted["options"].get("players", 2)
    assert model.expansions == frozenset(fitted["options"].get("expansions", ()))
    assert model.inputs == setup_inputs(model.expansions) and len(model.weights) == len(model.inputs)
    assert parse_weights(data, model.expansions) == model.weights
    game = load_game("carcassonne", players=model.players, expansions=sorted(model.expansions))
    assert game.fitted_value == file  # type: ignore[attr-defined]
