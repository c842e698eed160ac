"""`render_mode="rgb_array"`: offered where the game draws pictures, refused elsewhere."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from ludoteca.core.registry import load_game, registered_games
from ludoteca.envs import gym_env, raw_env
from ludoteca.envs.render import render_modes

DRAWN = [n for n in registered_games() if load_game(n).draws_images]


def test_carcassonne_and_terraforming_mars_draw_pictures() -> None:
    assert DRAWN == ["carcassonne", "terraforming-mars"]


@pytest.mark.parametrize("name", DRAWN)
def test_the_gym_env_renders_the_board_as_pixels(name: str) -> None:
    env = gym_env(name, opponent="random", players=2, render_mode="rgb_array")
    assert env.metadata["render_modes"] == ["ansi", "rgb_array"]
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*(not having a spec|different from the unwrapped).*")
        check_env(env)
    env.reset(seed=2)
    first = env.render()
    assert isinstance(first, np.ndarray) and first.dtype == np.uint8 and first.shape[2] == 3
    frames = [first]
    for _ in range(200):
        _, _, terminated, _, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
        frames.append(env.render())
        if terminated:
            break
    assert {f.shape for f in frames} == {first.shape}  # one size: a video can be made of them
    assert not (frames[-1] == first).all()  # the board changed


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
