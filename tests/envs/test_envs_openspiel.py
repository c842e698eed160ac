"""The OpenSpiel adapter: registration, pyspiel's random simulation test, MCTSBot and ISMCTSBot."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

import ludoteca  # noqa: E402
from ludoteca.agents import make_agent  # noqa: E402
from ludoteca.core import registry  # noqa: E402
from ludoteca.envs import openspiel, raw_env  # noqa: E402

SMALL_BAG = ["base:" + c for c in "ABCDEFGHIJKLMNO"]
GT = pyspiel.GameType


@pytest.fixture
def high_card(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A hidden-information toy game with no adapter code, registered for the test."""
    monkeypatch.setitem(registry._GAMES, "envs_high_card", "envs_toy_game:HighCardGame")
    yield "envs_high_card"


def _sample(state, rng: np.random.RandomState) -> int:
    actions, probs = zip(*state.chance_outcomes(), strict=True)
    return int(rng.choice(actions, p=probs))


def test_register_every_game_with_type_and_info() -> None:
    names = openspiel.register()
    assert names == [f"ludoteca_{n}" for n in ludoteca.registered_games()]
    assert openspiel.register() == names  # idempotent
    assert "ludoteca_carcassonne" in pyspiel.registered_names()
    game = pyspiel.load_game("ludoteca_carcassonne")
    ours = ludoteca.load_game("carcassonne")
    kind = game.get_type()
    assert kind.dynamics == GT.Dynamics.SEQUENTIAL
    assert kind.chance_mode == GT.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == GT.Information.PERFECT_INFORMATION
    assert kind.reward_model == GT.RewardModel.TERMINAL
    assert kind.utility == GT.Utility.ZERO_SUM
    assert (kind.min_num_players, kind.max_num_players) == (2, 6)  # declared: 6 with Inns & Cathedrals
    assert game.num_players() == 2
    assert game.num_distinct_actions() == ours.num_distinct_actions()
    assert game.max_chance_outcomes() == ours.max_chance_outcomes()
    assert game.max_game_length() == ours.max_game_length()
    assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    three = openspiel.load_game("carcassonne", players=6, expansions=["inns_cathedrals"])
    assert three.num_players() == 6 and three.get_type().utility == GT.Utility.GENERAL_SUM
    assert three.get_type().max_num_players == 6


def test_parameters_round_trip_through_the_game_string() -> None:
    game = openspiel.load_game("carcassonne", players=3, expansions=["inns_cathedrals", "wonders"],
                               wonders=["tikal", "stonehenge", "alhambra"])
    again = pyspiel.load_game(str(game))
    assert again.ludoteca_game.options == game.ludoteca_game.options
    drawn = openspiel.load_game("carcassonne", expansions=["wonders"])  # Wonders drawn at random
    assert pyspiel.load_game(str(drawn)).ludoteca_game.options == drawn.ludoteca_game.options


@pytest.mark.parametrize("options", [
    {"players": 2, "bag": SMALL_BAG},
    {"players": 3, "expansions": ["inns_cathedrals"]},
    {"players": 2, "expansions": ["wonders"], "wonders": ["tikal", "stonehenge"]},
])
def test_pyspiel_random_sim_test(options: dict) -> None:
    game = openspiel.load_game("carcassonne", **options)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_states_forward_and_observe_like_pettingzoo() -> None:
    game = openspiel.load_game("carcassonne", players=2, bag=SMALL_BAG)
    state = game.new_initial_state()
    rng = np.random.RandomState(0)
    env = raw_env("carcassonne", players=2, bag=SMALL_BAG)
    encoder = env.game.encoder()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(_sample(state, rng))
            continue
        ours = state.ludoteca_state
        assert state.legal_actions() == ours.legal_actions()
        seat = state.current_player()
        for player in range(2):
            expected = encoder.encode(ours.observation(player), player)
            assert np.array_equal(np.asarray(state.observation_tensor(player), np.float32), expected)
            assert json.loads(state.observation_string(player)) == ours.observation(player)
        assert json.loads(state.information_state_string(seat))["history"] == ours.history()
        clone = state.clone()
        clone.apply_action(clone.legal_actions()[0])
        assert clone.history() != state.history() and clone.ludoteca_state.history() == clone.history()
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert state.history() == state.ludoteca_state.history()
    assert state.returns() == state.ludoteca_state.returns()
    assert state.action_to_string(state.history()[1]).startswith("place ")
    assert json.loads(str(state))["phase"] == "over"


def test_mcts_bot_plays_carcassonne_against_our_random_agent() -> None:
    game = openspiel.load_game("carcassonne", players=2, bag=SMALL_BAG)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=50, evaluator=evaluator,
                       random_state=np.random.RandomState(2))
    opponent = make_agent("random", seed=3)
    rng = np.random.RandomState(4)
    state = game.new_initial_state()
    moves = [0, 0]
    while not state.is_terminal():
        if state.is_chance_node():
            action = _sample(state, rng)
        elif state.current_player() == 0:
            action = bot.step(state)
            moves[0] += 1
        else:
            action = opponent.step(state.ludoteca_state)
            moves[1] += 1
        state.apply_action(action)
    assert state.is_terminal() and min(moves) >= len(SMALL_BAG) // 2
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_a_hidden_information_game_without_adapter_code(high_card: str) -> None:
    assert f"ludoteca_{high_card}" in openspiel.register()
    game = openspiel.load_game(high_card, players=3)
    kind = game.get_type()
    assert kind.information == GT.Information.IMPERFECT_INFORMATION
    assert kind.utility == GT.Utility.GENERAL_SUM and (kind.min_num_players, kind.max_num_players) == (2, 4)
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)), 2.0, 30,
                           random_state=np.random.RandomState(1))
    rng = np.random.RandomState(2)
    py_rng = random.Random(3)
    for _ in range(3):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(_sample(state, rng))
                continue
            seat = state.current_player()
            resampled = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert resampled.observation_string(seat) == state.observation_string(seat)
            assert resampled.history() == resampled.ludoteca_state.history()
            assert len(resampled.history()) == len(state.history())
            action = bot.step(state) if seat == 0 else py_rng.choice(state.legal_actions())
            state.apply_action(action)
        assert len(state.returns()) == 3


def test_openspiel_ismcts_bot_plays_the_dice_game_unchanged() -> None:
    """OpenSpiel's own ISMCTSBot on one of our hidden-information games (near the end of a
    tm-dice game, so that its random rollouts are short): it asks our states to resample."""
    openspiel.register()
    game = openspiel.load_game("tm-dice", players=2, start={"temperature": 8, "oxygen": 6, "oceans": 6})
    assert game.get_type().information == GT.Information.IMPERFECT_INFORMATION
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)), 2.0, 8,
                           random_state=np.random.RandomState(1))
    rng = np.random.RandomState(4)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal() and decisions < 6:
        if state.is_chance_node():
            state.apply_action(_sample(state, rng))
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions == 6 or state.is_terminal()
