"""`render_mode="rgb_array"`: offered where the game draws pictures, refused elsewhere."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from ludoteca.core.registry import load_game, registered_games
from ludoteca.envs import gym_env, raw_env
from ludoteca.envs.render import render_modes


def test_the_gym_env_renders_carcassonnes_board_as_pixels() -> None:
    env = gym_env("carcassonne", opponent="random", players=2, render_mode="rgb_array")
    assert env.metadata["render_modes"] == ["ansi", "rgb_array"]
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*(not having a spec|different from the unwrapped).*")
        check_env(env)
    env.reset(seed=2)
    first = env.render()
    assert isinstance(first, np.ndarray) and first.dtype == np.uint8 and first.shape[2] == 3
    env.step(int(np.flatnonzero(env.action_masks())[0]))
    later = env.render()
    assert later.shape == first.shape and not (later == first).all()  # a tile more


def test_the_pettingzoo_env_renders_pixels() -> None:
    env = raw_env("carcassonne", render_mode="rgb_array")
    env.reset(seed=1)
    picture = env.render()
    assert isinstance(picture, np.ndarray) and picture.ndim == 3
    assert (picture == env.game.image(env.game_state, None)).all()


@pytest.mark.parametrize("name", [n for n in registered_games() if not load_game(n).draws_images])
def test_a_game_without_pictures_refuses_rgb_array_and_says_what_it_has(name: str) -> None:
    assert render_modes(load_game(name)) == ["ansi"]
    with pytest.raises(ValueError, match=r"\['ansi'\]"):
        gym_env(name, opponent="random", render_mode="rgb_array")
    with pytest.raises(ValueError, match=r"\['ansi'\]"):
        raw_env(name, render_mode="rgb_array")
    assert gym_env(name, opponent="random").metadata["render_modes"] == ["ansi"]
