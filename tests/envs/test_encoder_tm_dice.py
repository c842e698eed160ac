"""The Dice Game's numeric observation (`ludoteca/games/tm_dice/encoder.py`): the
documented layout, values read from the observation, bounds over whole games and
information safety."""

from __future__ import annotations

import copy
import json
import random

import numpy as np
import pytest
from envs_encoder_checks import (
    assert_bounded_over_game,
    assert_information_safe,
    assert_table_matches,
    docs_table,
    play,
    table_after,
)

import ludoteca
from ludoteca import envs
from ludoteca.games.tm_dice import encoder as tm_dice
from ludoteca.games.tm_dice.encoder import DECISIONS, TMDiceEncoder

GAME = "tm-dice"
LATE = {"temperature": 9, "oxygen": 7, "oceans": 5}


def _game_and_encoder(**options) -> tuple[ludoteca.Game, TMDiceEncoder]:
    game = ludoteca.load_game(GAME, **options)
    encoder = game.encoder()
    assert isinstance(encoder, TMDiceEncoder)
    return game, encoder


def _deciding(kind: str):
    return lambda state: state.observation(0)["decision"] == kind


@pytest.mark.parametrize("players", [1, 2, 4])
def test_documented_tables_are_the_layout(players: int) -> None:
    _, encoder = _game_and_encoder(players=players)
    assert encoder.symbols == {"P": players, "N": 46, "R": 15, "G": 37, "M": 8, "W": 3}
    assert_table_matches(docs_table("tm_dice"), encoder, encoder.symbols)
    docstring = table_after(tm_dice.__doc__ or "", "The vector is")
    assert_table_matches(docstring, encoder, encoder.symbols)
    assert encoder.layout.size == [656, 835, 1014, 1193][players - 1]


@pytest.mark.parametrize("options", [
    {"players": 1}, {"players": 2}, {"players": 3, "start": LATE}, {"players": 4, "start": LATE},
])
def test_shape_and_bounds_over_a_whole_game(options: dict) -> None:
    game, encoder = _game_and_encoder(**options)
    state = game.new_initial_state()
    assert_bounded_over_game(encoder, state, random.Random(options["players"]), max_moves=6000)
    assert state.is_terminal()
    final = encoder.layout.views(encoder.encode(state.observation(0), 0))
    assert final["current_player"][-1] == 1 and final["decision"][DECISIONS.index("terminal")] == 1


def test_values_are_read_from_the_seat_view() -> None:
    game, encoder = _game_and_encoder(players=3)
    state = game.new_initial_state()
    play(state, random.Random(1), lambda s: s.observation(0)["turn"] >= 8 and s.observation(0)["board"])
    obs = state.observation(1)
    v = encoder.layout.views(encoder.encode(obs, 1))
    me = obs["seats"][1]
    slot = {card.id: card.index for card in game.content.cards}
    assert v["dice"][0].sum() * 12 == pytest.approx(sum(me["dice"].values()))
    assert v["pool"].tolist() == pytest.approx([obs["pool"][c] / 12 for c in game.content.colours])
    assert v["points"][:, 1].tolist() == pytest.approx([obs["scores"][s % 3] / 50 for s in (1, 2, 3)])
    assert v["private"][0].sum() == sum(me["hand"].values()) == me["hand_size"]
    assert all(v["private"][0, slot[c]] == n for c, n in me["hand"].items())
    assert v["tableau"][0, slot[me["corporation"]]] == 1
    assert v["turn_seat"][(obs["turn_seat"] - 1) % 3] == 1
    assert v["area_tile"].sum() == len(obs["board"])
    tracks = obs["parameters"]
    assert v["parameters"].tolist() == pytest.approx([t["step"] / t["steps"] for t in tracks.values()])


def test_map_awards_milestones_and_bonus_stack() -> None:
    game, encoder = _game_and_encoder(players=2)
    state = game.new_initial_state()
    play(state, random.Random(3), _deciding("turn"))
    fake = copy.deepcopy(state.observation(1))
    fake["board"] = [{"area": "A1", "tile": "ocean", "seat": -1}, {"area": "B2", "tile": "city", "seat": 0}]
    fake["awards"] = ["heat", "plant"]
    ids = [m.id for m in game.content.milestones]
    fake["milestones"] = [{"id": ids[0], "owner": -1}, {"id": ids[3], "owner": 1},
                          {"id": ids[5], "owner": -2}]  # open, claimed by seat 1 (relative 0), removed
    bonus = game.content.cards[game.content.bonus_base]
    fake["bonus_stack"] = [bonus.id]
    v = encoder.layout.views(encoder.encode(fake, 1))
    areas = {a.label: a.index for a in game.content.areas}
    assert np.argwhere(v["area_tile"]).tolist() == [[areas["A1"], 0], [areas["B2"], 2]]
    assert np.argwhere(v["area_owner"]).tolist() == [[areas["B2"], 1]]  # seat 0 is relative seat 1
    faces = game.content.resources
    assert np.argwhere(v["awards"]).tolist() == [[0, faces.index("heat")], [1, faces.index("plant")]]
    assert np.argwhere(v["milestones"]).tolist() == [[0, 2], [3, 0], [5, 3]]
    assert np.flatnonzero(v["bonus_stack"]).tolist() == [bonus.index, len(game.content.cards)]
    del fake["bonus_stack"]
    assert not encoder.layout.views(encoder.encode(fake, 1))["bonus_stack"].any()


def test_unknown_keys_and_decisions() -> None:
    game, encoder = _game_and_encoder(players=2)
    state = game.new_initial_state()
    play(state, random.Random(5), _deciding("main"))
    obs = state.observation(0)
    plain = encoder.encode(obs, 0)
    extended = copy.deepcopy(obs)
    extended["variant"] = {"anything": [1, 2]}
    extended["seats"][1]["extra"] = 3
    assert np.array_equal(encoder.encode(extended, 0), plain)
    extended["decision"] = "something-new"
    assert encoder.layout.views(encoder.encode(extended, 0))["decision"].tolist() == [0] * 20 + [1]
    out = encoder.layout.zeros() + 3
    assert encoder.encode(json.loads(json.dumps(obs)), 0, out=out) is out and np.array_equal(out, plain)


@pytest.mark.parametrize("kind", ["corporation", "main"])
def test_hidden_information_is_never_encoded(kind: str) -> None:
    game, encoder = _game_and_encoder(players=3)
    state = game.new_initial_state()
    rng = random.Random(7)
    play(state, rng, _deciding(kind))
    assert not state.is_terminal()

    def hidden(full: dict) -> list:
        return [[seat["hand"] for seat in full["seats"]], full["deck"], full["dealt"], full["bonus_stack"]]

    for seat in range(3):
        assert_information_safe(encoder, state, seat, rng, hidden)


def test_pettingzoo_observations_are_this_encoding() -> None:
    env = envs.raw_env(GAME, players=2, start=LATE)
    env.reset(seed=2)
    agent = env.agent_selection
    seat = env.possible_agents.index(agent)
    observed = env.observe(agent)["observation"]
    assert isinstance(env.encoder, TMDiceEncoder) and observed.shape == (835,)
    assert np.array_equal(observed, env.encoder.encode(env.raw_observation(agent), seat))
