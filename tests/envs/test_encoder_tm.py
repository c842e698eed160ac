"""Terraforming Mars's numeric observation (`ludoteca/games/terraforming_mars/encoder.py`):
the documented layout, values read from the observation, bounds over whole games and
information safety."""

from __future__ import annotations

import copy
import json
import random

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

import ludoteca
from ludoteca import envs
from ludoteca.core.errors import InvalidOptionError
from ludoteca.games.terraforming_mars import encoder as terraforming_mars
from ludoteca.games.terraforming_mars.encoder import DECISIONS, PHASES, TerraformingMarsEncoder

GAME = "terraforming-mars"


def _encoder(**options) -> TerraformingMarsEncoder:
    encoder = ludoteca.load_game(GAME, **options).encoder()
    assert isinstance(encoder, TerraformingMarsEncoder)
    return encoder


def _in_action_phase(state) -> bool:
    return state.observation(0)["decision"]["kind"] == "action"


@pytest.mark.parametrize("players", [1, 2, 5])
def test_documented_tables_are_the_layout(players: int) -> None:
    encoder = _encoder(players=players)
    assert encoder.symbols == {"P": players, "C": 221, "S": 63, "M": 5, "A": 5}
    assert_table_matches(docs_table("terraforming_mars"), encoder, encoder.symbols)
    docstring = table_after(terraforming_mars.__doc__ or "", "The vector is")
    assert_table_matches(docstring, encoder, encoder.symbols)
    assert encoder.layout.size == [2925, 3319, 3713, 4107, 4501][players - 1]


@pytest.mark.parametrize("options", [
    {"players": 1}, {"players": 2}, {"players": 3, "corporate_era": True}, {"players": 4}, {"players": 5},
])
def test_shape_and_bounds_over_a_whole_game(options: dict) -> None:
    encoder = _encoder(**options)
    state = ludoteca.load_game(GAME, **options).new_initial_state()
    assert_bounded_over_game(encoder, state, random.Random(options["players"]), max_moves=5000)
    assert state.is_terminal()
    final = encoder.layout.views(encoder.encode(state.observation(0), 0))
    assert final["current_player"][-1] == 1 and final["decision"][DECISIONS.index("terminal")] == 1


def test_values_are_read_from_the_seat_view() -> None:
    game = ludoteca.load_game(GAME, players=3)
    encoder = game.encoder()
    state = game.new_initial_state()
    play(state, random.Random(4), _in_action_phase)
    obs = state.observation(1)
    v = encoder.layout.views(encoder.encode(obs, 1))
    me, next_seat = obs["players_info"][1], obs["players_info"][2]
    assert v["tr"][:2].tolist() == pytest.approx([me["tr"] / 50, next_seat["tr"] / 50])
    assert v["current_player"][(obs["current_player"] - 1) % 3] == 1
    assert v["phase"][PHASES.index("action")] == 1 and v["decision"][DECISIONS.index("action")] == 1
    assert v["counters"][0] == pytest.approx(0.1) and not v["parameters"].any()
    hand = sorted(game.card_ids[c] for c in me["hand"])
    assert np.flatnonzero(v["private"][0]).tolist() == hand and len(hand) == me["hand_size"]
    assert v["tableau"][0, game.card_ids[me["corporation"]]] == 1
    assert v["tableau"][2, game.card_ids[obs["players_info"][0]["corporation"]]] == 1
    mc = me["production"]["megacredits"]
    assert v["production"][0, 0] == pytest.approx((mc + 5) / 10)


def test_parameters_map_milestones_awards_and_solo() -> None:
    game = ludoteca.load_game(GAME, players=3)
    encoder = game.encoder()
    state = game.new_initial_state()
    play(state, random.Random(4), _in_action_phase)
    fake = copy.deepcopy(state.observation(2))
    fake["parameters"] = {"temperature": 8, "oxygen": 7, "oceans": 3}
    fake["players_info"][0]["production"]["megacredits"] = -5
    fake["board"] = [{"space": "03", "tile": "ocean", "owner": None},
                     {"space": "10", "tile": "city", "owner": 0},
                     {"space": "11", "tile": "greenery", "owner": "neutral"}]
    fake["claims"] = {"20": 1}
    fake["milestones"]["mayor"] = 2
    fake["awards"]["banker"] = 0
    fake["solo"] = {"generations": 14, "won": False}
    fake["revealed"] = "comet"
    v = encoder.layout.views(encoder.encode(fake, 2))
    assert v["parameters"].tolist() == pytest.approx([1.0, 0.5, 1 / 3])
    assert v["production"][1, 0] == 0  # seat 0 is relative seat 1 for seat 2
    ocean, city, greenery = (game.mars.by_id[s] for s in ("03", "10", "11"))
    assert v["tile_type"][ocean, 0] == 1 and not v["tile_owner"][ocean].any()
    assert v["tile_type"][city, 2] == 1 and v["tile_owner"][city].tolist() == [0, 1, 0, 0]
    assert v["tile_type"][greenery, 1] == 1 and v["tile_owner"][greenery].tolist() == [0, 0, 0, 1]
    assert np.argwhere(v["claims"]).tolist() == [[game.mars.by_id["20"], 2]]
    assert np.argwhere(v["milestones"]).tolist() == [[1, 0]]
    assert np.argwhere(v["awards"]).tolist() == [[1, 1]]
    assert v["solo"].tolist() == [0, 1]
    assert np.flatnonzero(v["revealed"]).tolist() == [game.card_ids["comet"]]


def test_unknown_keys_phases_and_decisions() -> None:
    game = ludoteca.load_game(GAME, players=2)
    encoder = game.encoder()
    state = game.new_initial_state()
    play(state, random.Random(8), _in_action_phase)
    obs = state.observation(0)
    plain = encoder.encode(obs, 0)
    extended = copy.deepcopy(obs)
    extended["draft"] = {"direction": "left", "packs": [["comet"]]}
    for info in extended["players_info"]:
        info["draft_pack"] = ["comet", "asteroid"]
    assert np.array_equal(encoder.encode(extended, 0), plain)
    extended["phase"], extended["decision"]["kind"] = "draft", "draft-pick"
    v = encoder.layout.views(encoder.encode(extended, 0))
    assert v["phase"].tolist() == [0] * (len(PHASES) - 1) + [1]
    assert v["decision"].tolist() == [0] * (len(DECISIONS) - 1) + [1]
    through_json = json.loads(json.dumps(obs))
    out = encoder.layout.zeros() + 7
    assert encoder.encode(through_json, 0, out=out) is out and np.array_equal(out, plain)


@pytest.mark.parametrize("kind", ["corporation", "action"])
def test_hidden_information_is_never_encoded(kind: str) -> None:
    game = ludoteca.load_game(GAME, players=3)
    encoder = game.encoder()
    state = game.new_initial_state()
    rng = random.Random(11)
    later = 1 if kind == "action" else 0  # the action phase of generation 2: research cards were dealt

    def reached(s) -> bool:
        obs = s.observation(0)
        return obs["decision"]["kind"] == kind and obs["generation"] > later

    play(state, rng, reached)
    assert not state.is_terminal()

    def hidden(full: dict) -> list:
        seats = [(p["hand"], p["offer"], p["dealt_corporations"]) for p in full["players_info"]]
        return [*seats, full["deck"]]

    for seat in range(3):
        assert_information_safe(encoder, state, seat, rng, hidden)


def test_the_draft_variant_shows_my_pack_only() -> None:
    try:
        game = ludoteca.load_game(GAME, players=3, draft=True)
    except InvalidOptionError:
        pytest.skip("the draft variant (issue 7) is not playable in this tree")
    encoder = game.encoder()
    spec, docs = terraforming_mars.__doc__ or "", DOCS.read_text(encoding="utf-8")
    assert_table_matches(docs_table("terraforming_mars") + table_after(docs, "With the draft"),
                         encoder, encoder.symbols)
    assert_table_matches(table_after(spec, "The vector is") + table_after(spec, "With the draft"),
                         encoder, encoder.symbols)
    state = game.new_initial_state()
    rng = random.Random(12)
    play(state, rng, lambda s: s.observation(0)["draft"]["round"] == 2)  # the second pick of a generation
    seat = state.current_player()
    obs = state.observation(seat)
    v = encoder.layout.views(encoder.encode(obs, seat))
    slots = game.card_ids
    assert np.flatnonzero(v["draft_pack"]).tolist() == sorted(slots[c] for c in obs["draft"]["pack"])
    assert np.flatnonzero(v["draft_passed"]).tolist() == sorted(slots[c] for c in obs["draft"]["passed"][0])
    assert v["draft"][0] == 0.5 and v["pack_size"][0] == 0.75 and v["draft_passed"].sum() == 3
    for seat in range(3):
        assert_information_safe(encoder, state, seat, rng, lambda full: full["draft_packs"])
    assert_bounded_over_game(encoder, state, rng, max_moves=5000)
    assert state.is_terminal()


def test_pettingzoo_observations_are_this_encoding() -> None:
    env = envs.raw_env(GAME, players=2, max_generations=1)
    env.reset(seed=3)
    agent = env.agent_selection
    seat = env.possible_agents.index(agent)
    observed = env.observe(agent)["observation"]
    assert isinstance(env.encoder, TerraformingMarsEncoder) and observed.shape == (3319,)
    assert np.array_equal(observed, env.encoder.encode(env.raw_observation(agent), seat))
