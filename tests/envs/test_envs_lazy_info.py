"""The Gymnasium env's lazy `info`: the same values as `info="full"` by every way of reading it."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

from ludoteca import envs
from ludoteca.core.errors import LudotecaError
from ludoteca.envs.lazy_info import LazyInfo

GAME = {"players": 2, "bag": ["base:" + c for c in "ABCDEFGHIJ"]}


def _same(a: dict, b: dict) -> None:
    assert sorted(a) == sorted(b)
    for key in a:
        assert np.array_equal(np.asarray(a[key]), np.asarray(b[key])), key


@pytest.mark.parametrize("name", ["carcassonne", "tm-dice"])
def test_lazy_and_full_infos_agree_every_step(name: str) -> None:
    options = GAME if name == "carcassonne" else {"players": 2}
    lazy = envs.gym_env(name, opponent="random", **options)
    full = envs.gym_env(name, opponent="random", info="full", **options)
    rng = np.random.default_rng(3)
    (_, a), (_, b) = lazy.reset(seed=4), full.reset(seed=4)
    for _ in range(40):
        assert type(b) is dict
        _same(a, b)
        action = int(b["option_actions"][rng.integers(len(b["option_actions"]))])
        *_, done, _, a = lazy.step(action)
        *_, _, _, b = full.step(action)
        if done:
            assert type(a) is dict  # no options after the end: nothing left to compute
            break


def test_every_way_of_reading_computes_the_values() -> None:
    env = envs.gym_env("carcassonne", opponent="random", max_options=64, **GAME)
    full = envs.gym_env("carcassonne", opponent="random", max_options=64, info="full", **GAME)
    _, expected = full.reset(seed=1)
    readers = [dict, lambda i: {**i}, lambda i: dict(i.items()), lambda i: i.copy(), lambda i: i | {},
               copy.copy, copy.deepcopy, lambda i: pickle.loads(pickle.dumps(i)),
               lambda i: dict(zip(i.keys(), i.values(), strict=True)),
               lambda i: {k: i.get(k) for k in i}]
    for read in readers:
        _, info = env.reset(seed=1)
        assert isinstance(info, LazyInfo) and info.pending
        assert "option_features" in info and len(info) == len(expected)
        got = read(info)
        assert type(got) is dict
        _same(got, expected)
    _, info = env.reset(seed=1)
    info["action_mask"] = "mine"  # a key the caller sets keeps the caller's value
    assert info["action_mask"] == "mine"
    assert np.array_equal(info["option_features"], expected["option_features"])


def test_the_mask_and_the_options_are_computed_apart() -> None:
    """Reading the option features leaves the mask pending (a learner of the options never
    pays for it, nor for a clone of the state when the env steps on), and such an info,
    held while the env steps on, still gives its own step's mask."""
    lazy = envs.gym_env("carcassonne", opponent="random", **GAME)
    full = envs.gym_env("carcassonne", opponent="random", info="full", **GAME)
    (_, a), (_, b) = lazy.reset(seed=5), full.reset(seed=5)
    assert np.array_equal(a["option_features"], b["option_features"])
    assert a.pending and not isinstance(dict.__getitem__(a, "action_mask"), np.ndarray)
    assert not a.needs_state  # the mask is built from the legal ids it keeps: no clone needed
    action = int(b["option_actions"][0])
    lazy.step(action)
    full.step(action)
    _same(a, b)
    assert not a.pending


def test_an_info_read_late_has_its_own_steps_values() -> None:
    lazy = envs.gym_env("carcassonne", opponent="random", **GAME)
    full = envs.gym_env("carcassonne", opponent="random", info="full", **GAME)
    kept, expected = [lazy.reset(seed=2)[1]], [full.reset(seed=2)[1]]
    rng = np.random.default_rng(0)
    for _ in range(15):  # the lazy infos are kept unread while the env steps on
        legal = expected[-1]["option_actions"]
        action = int(legal[rng.integers(len(legal))])
        *_, done, _, info = lazy.step(action)
        kept.append(info)
        *_, _, _, info = full.step(action)
        expected.append(info)
        if done:
            break
    kept.append(lazy.reset(seed=3)[1])
    expected.append(full.reset(seed=3)[1])
    assert sum(isinstance(i, LazyInfo) and i.pending for i in kept) >= 10
    for got, want in zip(kept, expected, strict=True):
        _same(got, want)


def test_info_mode_is_checked() -> None:
    with pytest.raises(LudotecaError, match="info must be"):
        envs.gym_env("carcassonne", info="eager", **GAME)


def test_vector_env_stacks_lazy_infos() -> None:
    vec = envs.gym_vector_env("tm-dice", 2, opponent="random", players=2)
    full = envs.gym_vector_env("tm-dice", 2, opponent="random", players=2, info="full")
    (_, a), (_, b) = vec.reset(seed=5), full.reset(seed=5)
    for _ in range(20):
        _same(a, b)
        actions = np.array([row[0] for row in b["option_actions"]])
        *_, a = vec.step(actions)
        *_, b = full.step(actions)
