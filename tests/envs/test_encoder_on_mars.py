"""On Mars's numeric observation (`ludoteca/games/on_mars/encoder.py`): the documented layout,
values read from the observation, robustness to unknown keys and kinds, bounds over whole
games, the solo game's Lacerda data and information safety.

Written to work whether or not `on-mars` is registered yet: the game is loaded through
the registry when it can be, else through its Game class."""

from __future__ import annotations

import copy
import json
import random
import time

import numpy as np
import pytest
from envs_encoder_checks import (
    DOCS,
    assert_bounded_over_game,
    assert_information_safe,
    assert_table_matches,
    docs_table,
    play,
    table_after,
)
from pettingzoo.test import api_test, seed_test

import ludoteca
from ludoteca import envs
from ludoteca.core.api import State
from ludoteca.core.errors import UnknownGameError
from ludoteca.core.play import sample_chance
from ludoteca.games.on_mars import encoder as on_mars
from ludoteca.games.on_mars.board import hex_ids
from ludoteca.games.on_mars.encoder import (
    DECISIONS,
    SOLO_GOALS,
    SOLO_REQUIREMENTS,
    STAGES,
    OnMarsEncoder,
    decision_kind,
)
from ludoteca.games.on_mars.game import OnMarsGame

GAME = "on-mars"
SIZES = {1: 4577, 2: 4503, 3: 5144, 4: 5785}


def _game(**options) -> OnMarsGame:
    try:
        game = ludoteca.load_game(GAME, **options)
    except UnknownGameError:
        game = OnMarsGame(**options)
    assert isinstance(game, OnMarsGame)
    return game


def _encoder(game: OnMarsGame) -> OnMarsEncoder:
    encoder = game.encoder()
    assert isinstance(encoder, OnMarsEncoder)
    return encoder


def _main_in_round(rounds: int):
    def reached(state: State) -> bool:
        obs = state.observation(0)
        return obs["round"] >= rounds and decision_kind(obs["decision"]) == "main"
    return reached


def _hex(text: str) -> int:
    q, r = map(int, text.split(","))
    return hex_ids()[(q, r)]


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_documented_tables_are_the_layout(players: int) -> None:
    encoder = _encoder(_game(players=players))
    b = 2 if players == 1 else players
    assert encoder.symbols == {"P": players, "B": b, "H": 91, "A": 10, "N": 24, "S": 6, "C": 12, "G": 16,
                               "M": 9, "T": 10, "X": 12, "R": 5, "D": 40}
    spec, docs = on_mars.__doc__ or "", DOCS.read_text(encoding="utf-8")
    solo_spec = table_after(spec, "With one player") if players == 1 else []
    solo_docs = table_after(docs, "With one player (the solo game") if players == 1 else []
    assert_table_matches(table_after(spec, "The vector is") + solo_spec, encoder, encoder.symbols)
    assert_table_matches(docs_table("on_mars") + solo_docs, encoder, encoder.symbols)
    assert encoder.layout.size == SIZES[players]
    assert f"{SIZES[players]:,}" in spec and f"{SIZES[players]:,}" in docs


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_shape_and_bounds_over_a_whole_game(players: int) -> None:
    game = _game(players=players)
    encoder = _encoder(game)
    state = game.new_initial_state()
    assert_bounded_over_game(encoder, state, random.Random(players), max_moves=6000)
    assert state.is_terminal()
    final = encoder.layout.views(encoder.encode(state.observation(0), 0))
    assert final["decision"][DECISIONS.index("terminal")] == 1 and final["stage"][STAGES.index("over")] == 1


def test_decision_kinds_are_read_from_the_prompt_text() -> None:
    game = _game(players=3)
    state = game.new_initial_state()
    rng = random.Random(5)
    seen = set()
    while not state.is_terminal():
        kind = state.prompt().kind
        expected = "boost" if kind == "adv_boost" else kind  # the two share their text
        assert decision_kind(state.observation(0)["decision"]) == expected
        seen.add(kind)
        chance = state.is_chance_node()
        state.apply_action(sample_chance(state, rng) if chance else rng.choice(state.legal_actions()))
    assert decision_kind(state.observation(0)["decision"]) == "terminal"
    assert {"draw", "space", "main", "pay", "move", "travel", "build_hex"} <= seen
    assert decision_kind("Frobnicate the reactor") == "other" and decision_kind(None) == "other"


def test_values_are_read_from_the_seat_view() -> None:
    game = _game(players=3)
    encoder = _encoder(game)
    state = game.new_initial_state()
    play(state, random.Random(4), _main_in_round(3))
    obs = state.observation(1)
    v = encoder.layout.views(encoder.encode(obs, 1))
    me, after_me, before_me = obs["players"][1], obs["players"][2], obs["players"][0]
    assert v["storage"][0].tolist() == pytest.approx([me["storage"][r] / 10 for r in
                                                      ("mineral", "battery", "water", "plant", "oxygen")])
    assert v["op"].tolist() == pytest.approx([(p["op"] + 50) / 100 for p in (me, after_me, before_me)])
    assert v["turn_order"][1, after_me["space"] - 1] == 1 and v["turn_order"][2].sum() == 1
    assert v["counters"][0] == pytest.approx(obs["round"] / 10)
    assert v["decision"][DECISIONS.index("main")] == 1 and v["stage"][STAGES.index("colonization")] == 1
    assert sorted(np.flatnonzero(v["my_goals"]) + 1) == sorted(me["goals"])
    assert v["seat_numbers"][1, 10] == pytest.approx(after_me["goals"] / 10)  # only a count for others
    shelter = v["tech_levels"][0, encoder.symbols["T"] - 2]
    assert shelter == pytest.approx((me["lab"]["shelter"][0] + 1) / 6)
    for text, building in obs["buildings"].items():
        kind = v["building"][_hex(text)]
        assert kind.sum() == 1 and kind[("mine", "generator", "water_extractor", "greenhouse",
                                         "oxygen_condenser", "shelter").index(building["kind"])] == 1
        if building["owner"] >= 0:
            assert v["shelter_owner"][_hex(text), (building["owner"] - 1) % 3] == 1
    bots = [_hex(f"{q},{r}") for q, r in after_me["bots"]]
    assert sorted(np.flatnonzero(v["bots"][:, 1])) == sorted(bots)
    assert v["rover"].sum(axis=0).tolist() == [1, 1, 1]
    assert sorted(np.flatnonzero(v["blueprint_display"]) + 1) == sorted(obs["blueprint_display"])
    for k, (mission, needed) in enumerate(obs["missions"]):
        assert v["missions"][k, mission - 1] == 1 and v["mission_needed"][k] == pytest.approx(needed / 10)
    colonists = sum(len(seats) for seats in obs["action_slots"].values())
    assert v["slots"].sum() == pytest.approx(colonists / 10) and colonists > 0
    assert v["terrain"][_hex("0,0"), 0] == 1 and v["terrain"][:, 3].sum() == 3  # three shelter starts


def test_unknown_keys_and_kinds_and_the_current_player() -> None:
    game = _game(players=2)
    encoder = _encoder(game)
    state = game.new_initial_state()
    play(state, random.Random(8), _main_in_round(2))
    obs = state.observation(0)
    plain = encoder.encode(obs, 0)
    extended = copy.deepcopy(obs)
    extended["first_colonists_tasks"] = ["a", "b"]
    extended["players"][1]["task_card"] = "A"
    extended["buildings"]["9,9"] = {"kind": "mine", "owner": -1}  # off the map
    assert np.array_equal(encoder.encode(extended, 0), plain)
    extended["stage"], extended["decision"] = "first_colonists", "Frobnicate"
    extended["buildings"]["1,1"] = {"kind": "spaceport", "owner": 1}
    extended["discoveries_on_map"]["1,2"] = "alien_artifact"
    extended["tech_grid"][0] = "c:laser"
    extended["players"][0]["progress"] = ["ice"]
    extended["current_player"] = 1
    v = encoder.layout.views(encoder.encode(extended, 0))
    assert v["stage"][-1] == 1 and v["decision"][-1] == 1
    assert v["building"][_hex("1,1"), -1] == 1 and v["shelter_owner"][_hex("1,1")].tolist() == [0, 1]
    assert v["discovery"][_hex("1,2"), -1] == 1 and v["tech_grid"][0, -1] == 1
    assert v["progress"][0].tolist() == pytest.approx([0] * 5 + [0.1])
    assert v["current_player"].tolist() == [0, 1, 0, 0]
    assert encoder.layout.views(encoder.encode(extended, 1))["current_player"].tolist() == [1, 0, 0, 0]
    through_json = json.loads(json.dumps(obs))
    out = encoder.layout.zeros() + 7
    assert encoder.encode(through_json, 0, out=out) is out and np.array_equal(out, plain)


def test_the_solo_game_encodes_lacerda() -> None:
    game = _game(players=1)
    encoder = _encoder(game)
    codes = {code for goal in game.components.raw["solo"]["goals"] for code in goal["requires"]}
    assert codes | {"margin_op"} == set(SOLO_REQUIREMENTS)
    assert [goal["id"] for goal in game.components.raw["solo"]["goals"]] == list(SOLO_GOALS[:-1])
    state = game.new_initial_state()
    rng = random.Random(5)
    play(state, rng, _main_in_round(3))
    obs = state.observation(0)
    lacerda = obs["lacerda"]
    v = encoder.layout.views(encoder.encode(obs, 0))
    assert v["solo_goal"][SOLO_GOALS.index(lacerda["solo_goal"])] == 1
    assert sorted(np.flatnonzero(v["solo_discard"]) + 1) == sorted(lacerda["discard"])
    assert v["solo_counters"][0] == pytest.approx(lacerda["cards_left"] / 10)
    required = {SOLO_REQUIREMENTS[i] for i in np.flatnonzero(v["solo_requirements"][:, 0])}
    assert required == set(lacerda["requirements"])
    board = lacerda.get("board") or obs["players"][1]
    assert v["op"][1] == pytest.approx((board["op"] + 50) / 100)
    assert v["turn_order"][1].sum() == (board["space"] is not None)
    his_shelters = [text for text, b in obs["buildings"].items()
                    if b["kind"] == "shelter" and b["owner"] == 1]
    assert his_shelters and all(v["shelter_owner"][_hex(text), 1] == 1 for text in his_shelters)
    play(state, rng, lambda s: False)
    final = encoder.layout.views(encoder.encode(state.observation(0), 0))
    won = state.observation(0)["lacerda"]["player_wins"]
    assert final["solo_result"].tolist() == ([1, 0] if won else [0, 1])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_hidden_information_is_never_encoded(players: int) -> None:
    game = _game(players=players)
    encoder = _encoder(game)
    state = game.new_initial_state()
    rng = random.Random(20 + players)
    play(state, rng, _main_in_round(2))
    assert not state.is_terminal()

    def hidden(full: dict) -> list:
        return [(p["goals"], p["discarded_goals"]) for p in full["players"]]

    for seat in range(players):
        assert_information_safe(encoder, state, seat, rng, hidden)


def test_the_solo_tensor_survives_resampling() -> None:
    game = _game(players=1)
    encoder = _encoder(game)
    state = game.new_initial_state()
    rng = random.Random(6)
    play(state, rng, _main_in_round(2))
    before = encoder.encode(state.observation(0), 0)
    for _ in range(3):
        assert np.array_equal(encoder.encode(state.resample_from_infostate(0, rng).observation(0), 0), before)


def test_encoding_speed_is_reported() -> None:
    game = _game(players=4)
    encoder = _encoder(game)
    state = game.new_initial_state()
    play(state, random.Random(9), _main_in_round(4))
    observations = [state.observation(seat) for seat in range(4)]
    out = encoder.layout.zeros()
    start = time.perf_counter()
    for _ in range(50):
        for seat, obs in enumerate(observations):
            encoder.encode(obs, seat, out=out)
    micros = (time.perf_counter() - start) / 200 * 1e6
    print(f"on-mars encode: {micros:.0f} us per seat (4 players)")
    assert micros < 5000  # generous: a shared CI core; ~200 us on a quiet one


@pytest.mark.parametrize("players", [1, 3])
def test_pettingzoo_observations_are_this_encoding(players: int) -> None:
    try:
        env = envs.raw_env(GAME, players=players)
    except UnknownGameError:
        pytest.skip("on-mars is not registered in this tree")
    env.reset(seed=3)
    agent = env.agent_selection
    seat = env.possible_agents.index(agent)
    observed = env.observe(agent)["observation"]
    assert isinstance(env.encoder, OnMarsEncoder) and observed.shape == (SIZES[players],)
    assert np.array_equal(observed, env.encoder.encode(env.raw_observation(agent), seat))
    api_test(envs.env(GAME, players=players), num_cycles=200)  # observations inside the Box, among others
    seed_test(lambda: envs.env(GAME, players=players), num_cycles=200)
