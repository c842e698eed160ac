"""The numeric observations: Carcassonne's documented layout and the generic fallback."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import numpy as np
import pytest
from envs_toy_game import HighCardGame

import ludoteca
from ludoteca.core.encoding import GenericEncoder, Layout
from ludoteca.core.play import sample_chance
from ludoteca.games.carcassonne.encoder import (
    CROP_RADIUS,
    PHASES,
    TILE_CHANNELS,
    CarcassonneEncoder,
)

K = CROP_RADIUS


def _play(state, rng: random.Random, until) -> None:
    while not state.is_terminal() and not until(state):
        chance = state.is_chance_node()
        state.apply_action(sample_chance(state, rng) if chance else rng.choice(state.legal_actions()))


def test_layout_is_contiguous_and_bounded() -> None:
    layout = Layout([("a", (2, 3), 1.0), ("b", (4,), 5.0)])
    assert layout.size == 10 and layout.shape == (10,)
    assert [s["offset"] for s in layout.describe()] == [0, 6]
    vector = layout.zeros()
    layout.views(vector)["b"][:] = 2.0
    assert vector.tolist() == [0.0] * 6 + [2.0] * 4
    assert layout.high().tolist() == [1.0] * 6 + [5.0] * 4


@pytest.mark.parametrize(("options", "wonders"), [
    ({"players": 2}, False),
    ({"players": 5}, False),
    ({"players": 3, "expansions": ["inns_cathedrals"]}, False),
    ({"players": 2, "expansions": ["wonders"], "wonders": ["tikal", "stonehenge", "alhambra"]}, True),
])
def test_carcassonne_segments(options: dict, wonders: bool) -> None:
    game = ludoteca.load_game("carcassonne", **options)
    encoder = game.encoder()
    assert isinstance(encoder, CarcassonneEncoder)
    p, t = game.num_players(), len(game.tiles)
    seg = encoder.layout.index
    assert seg["planes"].shape == (TILE_CHANNELS + 4 * p, 2 * K + 1, 2 * K + 1)
    assert seg["current_player"].shape == (p + 2,) and seg["phase"].shape == (len(PHASES),)
    assert seg["drawn_tile"].shape == (t,) and seg["bag"].shape == (t,)
    assert ("wonder_held" in seg) is wonders
    if wonders:
        assert seg["wonder_held"].shape == (p, 3)
    assert encoder.layout.size == sum(s.size for s in encoder.layout.segments)


def test_start_tile_and_opening_scalars() -> None:
    game = ludoteca.load_game("carcassonne", players=2)
    state = game.new_initial_state()
    state.apply_string("draw base:U")  # a straight road
    encoder = CarcassonneEncoder(game)
    v = encoder.layout.views(encoder.encode(state.observation(0), 0))
    planes = v["planes"]
    occupied = np.argwhere(planes[0] > 0).tolist()
    assert occupied == [[K, K]]
    start = planes[:, K, K]  # base:D: city N, road E, field S, road W; the road runs E-W
    assert start[1] == 1 and start[6] == 1 and start[11] == 1 and start[8] == 1
    assert start[18] == 1 and start[13:18].sum() == 0
    assert start[19:24].sum() == 0
    assert v["current_player"].tolist() == [1, 0, 0, 0]
    assert v["phase"][PHASES.index("place")] == 1
    assert v["drawn_tile"].sum() == 1 and v["drawn_tile"][state.history()[0]] == 1  # draw id = tile index
    assert v["bag"].sum() == pytest.approx((game.bag_size - 1) / game.bag_size)
    assert v["supply"].tolist() == [1.0, 1.0]
    seen_by_1 = encoder.layout.views(encoder.encode(state.observation(1), 1))
    assert seen_by_1["current_player"].tolist() == [0, 1, 0, 0]  # seat 0 is relative seat 1 for seat 1


def test_relative_seats_scores_and_meeples() -> None:
    game = ludoteca.load_game("carcassonne", players=3)
    state = game.new_initial_state()
    _play(state, random.Random(5), lambda s: len(s.observation(0)["meeples"]) >= 3)
    obs = state.observation(0)
    encoder = CarcassonneEncoder(game)
    for seat in range(3):
        planes = encoder.layout.views(encoder.encode(state.observation(seat), seat))["planes"]
        for m in obs["meeples"]:
            kind = ("city", "road", "field", "monastery").index(m["feature"])
            rel = (m["seat"] - seat) % 3
            assert planes[TILE_CHANNELS + 4 * rel + kind, m["x"] + K, m["y"] + K] >= 1
        assert planes[TILE_CHANNELS:].sum() == len(obs["meeples"])
    fake = copy.deepcopy(obs)
    fake["scores"] = [30, 10, 250]
    assert encoder.layout.views(encoder.encode(fake, 1))["scores"].tolist() == pytest.approx([0.1, 2.5, 0.3])


def test_built_only_from_the_json_observation() -> None:
    game = ludoteca.load_game("carcassonne", players=2, expansions=["wonders"],
                              wonders=["tikal", "stonehenge"])
    state = game.new_initial_state()
    _play(state, random.Random(2), lambda s: s.move_number() > 60)
    encoder = game.encoder()
    for seat in range(2):
        through_json = json.loads(json.dumps(state.observation(seat)))
        direct = encoder.encode(state.observation(seat), seat)
        assert np.array_equal(encoder.encode(through_json, seat), direct)
    out = encoder.layout.zeros()
    encoder.encode(state.observation(0), 0, out=out)
    assert np.array_equal(out, encoder.encode(state.observation(0), 0))


def test_squares_outside_the_crop_are_counted() -> None:
    game = ludoteca.load_game("carcassonne", players=2)
    state = game.new_initial_state()
    _play(state, random.Random(9), lambda s: len(s.observation(0)["board"]) > 40)
    obs = state.observation(0)
    small = CarcassonneEncoder(game, radius=1)
    v = small.layout.views(small.encode(obs, 0))
    inside = int(v["planes"][0].sum())
    outside = round(float(v["counts"][2]) * small.squares)
    assert inside + outside == len(obs["board"]) and outside > 0
    assert v["planes"].shape[1:] == (3, 3)


def test_values_stay_within_the_bounds_over_whole_games() -> None:
    for seed, options in enumerate([{"players": 2}, {"players": 4, "expansions": ["inns_cathedrals"]}]):
        game = ludoteca.load_game("carcassonne", **options)
        encoder = game.encoder()
        high = encoder.layout.high()
        state = game.new_initial_state()
        rng = random.Random(seed)
        while not state.is_terminal():
            for seat in range(game.num_players()):
                vector = encoder.encode(state.observation(seat), seat)
                assert vector.dtype == np.float32 and (vector >= 0).all() and (vector <= high).all()
            stop = state.move_number() + 7
            _play(state, rng, lambda s, stop=stop: s.move_number() > stop)


def test_generic_encoder() -> None:
    game = HighCardGame(players=3)
    encoder = game.encoder()
    assert isinstance(encoder, GenericEncoder)
    assert encoder.layout.shape == (3 + 5 + 3,)
    state = game.new_initial_state()
    v = encoder.layout.views(encoder.encode(state.observation(2), 2))
    assert v["seat"].tolist() == [0, 0, 1]
    assert v["current_player"].tolist() == [0, 0, 0, 1, 0]  # chance
    _play(state, random.Random(1), lambda s: False)
    v = encoder.layout.views(encoder.encode(state.observation(0), 0))
    assert v["current_player"].tolist() == [0, 0, 0, 0, 1]  # terminal
    assert v["scores"].tolist() == pytest.approx([(s + 1000) / 100 for s in state.scores()])
    empty = encoder.layout.views(encoder.encode({}, 1))
    assert empty["seat"].tolist() == [0, 1, 0] and not empty["current_player"].any()


def test_kept_tile_planes_never_change_the_vector() -> None:
    """One encoder fed positions out of order, from two games, gives what a fresh one gives."""
    game = ludoteca.load_game("carcassonne", players=2)
    positions = []
    for seed in (1, 2):
        state, rng = game.new_initial_state(), random.Random(seed)
        while not state.is_terminal():
            if state.move_number() % 7 == 0:
                positions.append(state.clone())
            chance = state.is_chance_node()
            state.apply_action(sample_chance(state, rng) if chance else rng.choice(state.legal_actions()))
        positions.append(state)
    shared = CarcassonneEncoder(game)
    order = list(range(len(positions)))
    random.Random(3).shuffle(order)
    for i in order[:60] + sorted(order[:60]):
        seat = i % 2
        observation = positions[i].observation(seat)
        fresh = CarcassonneEncoder(game).encode(observation, seat)
        assert np.array_equal(shared.encode(observation, seat), fresh)


@pytest.mark.parametrize("options", [
    {"players": 2},
    {"players": 3, "expansions": ["inns_cathedrals"]},
    {"players": 2, "expansions": ["wonders"], "wonders": ["abu_simbel", "tikal"]},
])
def test_encode_state_is_encode_of_the_observation(options: dict) -> None:
    """The fast path gives the view's vector, in any order and mixed with the JSON path."""
    game = ludoteca.load_game("carcassonne", **options)
    n = game.num_players()
    states = []
    for seed in (4, 5):
        state, rng = game.new_initial_state(), random.Random(seed)
        while not state.is_terminal():
            states.append(state.clone())
            chance = state.is_chance_node()
            state.apply_action(sample_chance(state, rng) if chance else rng.choice(state.legal_actions()))
        states.append(state)
    fast, slow = CarcassonneEncoder(game), CarcassonneEncoder(game)
    order = list(range(len(states)))
    random.Random(6).shuffle(order)
    for j, i in enumerate(sorted(order[:150]) + order[:150]):
        seat = j % n
        expected = slow.encode(states[i].observation(seat), seat)
        assert np.array_equal(fast.encode_state(states[i], seat), expected), (i, seat)
        if j % 3 == 0:  # the same encoder, switching paths
            assert np.array_equal(fast.encode(states[i].observation(seat), seat), expected)


@pytest.mark.parametrize("name", ludoteca.registered_games())
def test_each_game_gives_its_encoder_from_its_own_package(name: str) -> None:
    """`Game.encoder()` / `Game.option_features()` are hooks: every registered game's encoder
    lives in its package (`ludoteca/games/<game>/encoder.py`), and no `envs` module names a game."""
    game = ludoteca.load_game(name, players=2)
    package = type(game).__module__.rsplit(".", 1)[0]
    assert type(game.encoder()).__module__ == f"{package}.encoder"
    assert game.option_features().width > 0
    envs_dir = Path(ludoteca.__file__).parent / "envs"
    for source in envs_dir.glob("*.py"):
        assert "ludoteca.games" not in source.read_text(encoding="utf-8"), source
