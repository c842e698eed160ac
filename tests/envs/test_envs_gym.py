"""The single-agent Gymnasium environment: gymnasium's env_checker, episodes against bots, masks,
compact option features, illegal actions and the vector form."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from ludoteca.core import IllegalActionError, LudotecaError
from ludoteca.core.registry import registered_games
from ludoteca.envs import OptionActionEnv, gym_env, gym_vector_env, option_env

SMALL_BAG = ["base:" + c for c in "ABCDEFGHIJKLMNOPQRSTUVWX"]


def _quiet_check(env: gymnasium.Env) -> None:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*not having a spec.*")
        check_env(env)


@pytest.mark.parametrize("name", registered_games())
def test_check_env_for_every_game(name: str) -> None:
    _quiet_check(gym_env(name, opponent="random", players=2, render_mode="ansi"))


def test_check_env_against_greedy_on_a_random_seat() -> None:
    _quiet_check(gym_env("carcassonne", opponent="greedy", seat="random", players=3, bag=SMALL_BAG))


def _play(env, seed: int) -> tuple[float, list[int]]:
    """A whole episode choosing uniformly among the options in `info`; checks every step."""
    rng = np.random.default_rng(seed)
    obs, info = env.reset(seed=seed)
    reward, terminated = 0.0, False
    while not terminated:
        state = env.unwrapped.game_state
        assert state.current_player() == env.unwrapped.seat
        legal = state.legal_actions()
        assert info["option_actions"].tolist() == legal
        assert np.flatnonzero(info["action_mask"]).tolist() == legal
        assert np.flatnonzero(env.action_masks()).tolist() == legal
        features = info["option_features"]
        assert features.shape == (len(legal), env.unwrapped.option_width) and features.dtype == np.float32
        assert np.all(np.abs(features) <= 1.0)
        assert env.observation_space.contains(obs)
        assert reward == 0.0
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(info["option_actions"])))
        assert not truncated
    state = env.unwrapped.game_state
    assert state.is_terminal() and reward == state.returns()[env.unwrapped.seat]
    assert not env.action_masks().any() and info["option_actions"].size == 0
    return reward, state.history()


@pytest.mark.parametrize("seat", [0, 1])
def test_an_episode_against_greedy_ends_with_the_seats_return(seat: int) -> None:
    env = gym_env("carcassonne", opponent="greedy", seat=seat, players=2, bag=SMALL_BAG)
    _, history = _play(env, 3)
    again = gym_env("carcassonne", opponent="greedy", seat=seat, players=2, bag=SMALL_BAG)
    assert _play(again, 3)[1] == history  # same seed, same actions: the same game
    assert _play(again, 4)[1] != history
    with pytest.raises(LudotecaError, match="call reset"):
        env.step(0)


@pytest.mark.parametrize("name", ["tm-dice", "on-mars"])
def test_episodes_of_the_other_games(name: str) -> None:
    env = gym_env(name, opponent="random", seat=1, players=2, option_features=True)
    _play(env, 1)


def test_observation_is_the_seats_encoding() -> None:
    env = gym_env("carcassonne", opponent="random", seat=1, players=2)
    obs, _ = env.reset(seed=2)
    state = env.unwrapped.game_state
    assert np.array_equal(obs, env.unwrapped.game.encoder().encode(state.observation(1), 1))


def test_illegal_actions_lose_or_raise() -> None:
    env = gym_env("carcassonne", opponent="random", players=2)
    _, info = env.reset(seed=0)
    illegal = next(a for a in range(env.action_space.n) if not info["action_mask"][a])
    before = env.unwrapped.game_state.serialize()
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    assert env.unwrapped.game_state.serialize() == before
    strict = gym_env("carcassonne", opponent="random", players=2, illegal_action="raise")
    strict.reset(seed=0)
    with pytest.raises(IllegalActionError):
        strict.step(illegal)
    with pytest.raises(LudotecaError, match="illegal_action must be"):
        gym_env("carcassonne", illegal_action="ignore")


def test_opponents_one_per_seat_and_bad_arguments() -> None:
    env = gym_env("carcassonne", opponent=["random", "greedy"], seat=2, players=3, bag=SMALL_BAG)
    assert [b.name for b in env.unwrapped.bots] == ["random", "greedy"]
    _play(env, 5)
    with pytest.raises(LudotecaError, match="2 bot"):
        gym_env("carcassonne", opponent=["random"], players=3)
    with pytest.raises(LudotecaError, match="seat must be"):
        gym_env("carcassonne", seat=2, players=2)
    with pytest.raises(LudotecaError, match="unknown agent"):
        gym_env("carcassonne", opponent="nobody")


def test_without_option_features_and_padded_options() -> None:
    bare = gym_env("carcassonne", opponent="random", players=2, option_features=False)
    _, info = bare.reset(seed=1)
    assert set(info) == {"seat", "action_mask"}
    padded = gym_env("carcassonne", opponent="random", players=2, max_options=100)
    _, info = padded.reset(seed=1)
    k = info["option_count"]
    assert info["option_actions"].shape == (100,) and info["option_features"].shape[0] == 100
    assert np.flatnonzero(info["action_mask"]).tolist() == info["option_actions"][:k].tolist()
    assert (info["option_actions"][k:] == -1).all() and not info["option_features"][k:].any()
    tight = gym_env("carcassonne", opponent="random", players=2, max_options=1)
    with pytest.raises(LudotecaError, match="more than max_options=1"):
        tight.reset(seed=1)


@pytest.mark.parametrize("asynchronous", [False, True])
def test_vector_env_plays_n_games(asynchronous: bool) -> None:
    vec = gym_vector_env("carcassonne", 2, asynchronous=asynchronous, opponent="random", players=2,
                         bag=SMALL_BAG[:10])
    try:
        obs, info = vec.reset(seed=7)
        assert obs.shape == (2, *vec.single_observation_space.shape)
        finished = 0
        for _ in range(200):
            actions = info["option_actions"][:, 0]  # the first legal option of each copy
            masks = np.stack(vec.call("action_masks"))
            live = info["option_count"] > 0  # a finished copy resets on the next step, ignoring its action
            assert masks[np.arange(2), actions][live].all()
            obs, _, terminated, _, info = vec.step(actions)
            finished += int(terminated.sum())
            if finished >= 2:
                break
        assert finished >= 2
    finally:
        vec.close()


def test_render_ansi_draws_the_board() -> None:
    env = gym_env("carcassonne", opponent="random", players=2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert "learner: player_0" in text and "tiles left in the bag" in text and "0,-1" in text


@pytest.mark.parametrize("name", registered_games())
def test_option_env_passes_the_checker_and_plays_by_index(name: str) -> None:
    env = option_env(name, max_options=128, opponent="random", players=2)
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*(not having a spec|different from the unwrapped).*")
        check_env(env)
    obs, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(30):
        mask = env.action_masks()
        count = info["option_count"]
        assert mask.tolist() == [True] * count + [False] * (128 - count)
        assert obs["option_mask"].tolist() == mask.astype(int).tolist()
        assert np.array_equal(obs["options"], info["option_features"]) and env.observation_space.contains(obs)
        index = int(rng.integers(count))
        expected = int(info["option_actions"][index])
        obs, _, terminated, _, info = env.step(index)
        assert env.unwrapped.game_state.history().count(expected) >= 1
        if terminated:
            break
    _, info = env.reset(seed=5)
    _, reward, terminated, _, info = env.step(info["option_count"])  # past the options: illegal
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    with pytest.raises(LudotecaError, match="max_options"):
        OptionActionEnv(gym_env(name, opponent="random", players=2))


def test_gymnasium_make_after_registering() -> None:
    from ludoteca.envs.gym_env import register_gymnasium

    ids = register_gymnasium()
    assert ids == [f"ludoteca/{name}-v0" for name in registered_games()] and register_gymnasium() == ids
    env = gymnasium.make("ludoteca/carcassonne-v0", opponent="random", players=2, render_mode="ansi")
    assert env.spec is not None and env.spec.id == "ludoteca/carcassonne-v0"
    check_env(env.unwrapped)  # with a spec: the checker also tries the render modes
    _, info = env.reset(seed=1)
    assert env.unwrapped.action_masks().sum() == len(info["option_actions"]) > 0
