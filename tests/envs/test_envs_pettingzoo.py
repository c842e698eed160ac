"""The PettingZoo adapter: PettingZoo's own api_test and seed_test, and the AEC conventions."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from ludoteca.core import IllegalActionError, registry
from ludoteca.core.encoding import GenericEncoder
from ludoteca.envs import env, env_names, raw_env

CARCASSONNE_OPTIONS = [
    pytest.param({"players": 2}, id="base-2p"),
    pytest.param({"players": 3, "expansions": ["inns_cathedrals"]}, id="inns-3p"),
    pytest.param({"players": 2, "expansions": ["wonders"], "wonders": ["tikal", "stonehenge"]},
                 id="wonders-2p"),
    pytest.param({"players": 4, "bag": ["base:" + c for c in "ABCDEFGHIJKLMNO"]}, id="small-bag-4p"),
]
# What api_test says about every env whose observation is a dict with an action mask
# (PettingZoo's own classic envs are exempted by name).
EXPECTED_WARNINGS = ("Observation is not a NumPy array",
                     "Observation space for each agent probably should be")


@pytest.fixture
def high_card(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A hidden-information toy game with no encoder module, registered for the test."""
    monkeypatch.setitem(registry._GAMES, "envs_high_card", "envs_toy_game:HighCardGame")
    yield "envs_high_card"


def _play_random(e, seed: int) -> list[int]:
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        e.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return e.unwrapped.game_state.history()


def _api_test(e) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(e, num_cycles=1000)
    unexpected = {str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_WARNINGS)}
    assert not unexpected


@pytest.mark.parametrize("options", CARCASSONNE_OPTIONS)
def test_pettingzoo_api_test(options: dict) -> None:
    _api_test(env("carcassonne", **options))


@pytest.mark.parametrize("options", CARCASSONNE_OPTIONS)
def test_pettingzoo_seed_test(options: dict) -> None:
    seed_test(lambda: env("carcassonne", **options), num_cycles=1000)


def test_a_game_without_adapter_code_passes_both(high_card: str) -> None:
    e = env(high_card, players=3)
    assert isinstance(e.unwrapped.game.encoder(), GenericEncoder)
    _api_test(e)
    seed_test(lambda: env(high_card, players=3), num_cycles=1000)


def test_agents_spaces_and_names() -> None:
    e = raw_env("carcassonne", players=3)
    assert e.possible_agents == ["player_0", "player_1", "player_2"]
    n = e.game.num_distinct_actions()
    assert e.action_space("player_1").n == n
    space = e.observation_space("player_1")
    assert space["action_mask"].shape == (n,) and space["action_mask"].dtype == np.int8
    assert space["observation"].dtype == np.float32
    assert space["observation"].shape == e.game.encoder().layout.shape
    assert e.observation_space("player_1") is e.observation_space("player_1")
    assert "ludoteca_carcassonne_v0" in env_names()
    assert str(e) == "ludoteca_carcassonne_v0"


def test_masks_observations_and_chance_never_reach_an_agent() -> None:
    e = raw_env("carcassonne", players=2, bag=["base:" + c for c in "ABCDEFGHIJ"])
    e.reset(seed=4)
    steps = 0
    while not e.game_state.is_terminal():
        state = e.game_state
        assert not state.is_chance_node()
        seat = state.current_player()
        assert e.agent_selection == f"player_{seat}"
        mine, other = e.observe(f"player_{seat}"), e.observe(f"player_{1 - seat}")
        assert np.flatnonzero(mine["action_mask"]).tolist() == state.legal_actions()
        assert not other["action_mask"].any()
        encoded = e.game.encoder().encode(state.observation(seat), seat)
        assert np.array_equal(mine["observation"], encoded)
        assert e.raw_observation(f"player_{seat}") == state.observation(seat)
        assert e.rewards == {"player_0": 0, "player_1": 0}
        e.step(state.legal_actions()[-1])
        steps += 1
    returns = e.game_state.returns()
    assert steps > 10
    assert e.rewards == {"player_0": returns[0], "player_1": returns[1]}
    assert all(e.terminations.values()) and not any(e.truncations.values())
    assert e._cumulative_rewards == e.rewards
    while e.agents:
        e.step(None)
    assert e.agents == []


def test_same_seed_same_game_and_unseeded_reset_continues_the_generator() -> None:
    options = {"players": 2, "bag": ["base:" + c for c in "ABCDEFGHIJKLMNOPQRSTUVWX"]}
    a, b = env("carcassonne", **options), env("carcassonne", **options)
    assert _play_random(a, 11) == _play_random(b, 11)
    assert _play_random(a, 11) != _play_random(a, 12)
    a.reset(seed=3)
    b.reset(seed=3)
    a.reset()
    b.reset()
    assert a.unwrapped.game_state.history() == b.unwrapped.game_state.history()


def test_illegal_actions_and_none_for_a_live_agent() -> None:
    e = raw_env("carcassonne", players=2)
    e.reset(seed=0)
    before = e.game_state.serialize()
    legal = set(e.game_state.legal_actions())
    illegal = next(a for a in range(e.num_actions) if a not in legal)
    with pytest.raises(IllegalActionError):
        e.step(illegal)
    with pytest.raises(ValueError):
        e.step(None)
    assert e.game_state.serialize() == before
    e.step(np.int64(min(legal)))  # numpy integers are action ids too
    assert e.game_state.move_number() > 1


def test_render_ansi() -> None:
    e = env("carcassonne", players=2, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and "carcassonne" in text and "to play: player_0" in text
    e.step(e.unwrapped.game_state.legal_actions()[0])
    assert "last: player_0 place" in e.render()
    quiet = raw_env("carcassonne", players=2)
    quiet.reset(seed=1)
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        assert quiet.render() is None
    with pytest.raises(ValueError):
        raw_env("carcassonne", render_mode="human")


def test_order_enforcing_refuses_what_pettingzoo_refuses_before_reset() -> None:
    """`env()`'s `OrderEnforcing` raises where PettingZoo's `OrderEnforcingWrapper` does."""
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    ours, theirs = env("carcassonne", players=2), OrderEnforcingWrapper(raw_env("carcassonne", players=2))
    for call in (lambda e: e.last(), lambda e: e.step(0), lambda e: e.agent_selection,
                 lambda e: list(e.agent_iter())):
        with pytest.raises(Exception) as expected:
            call(theirs)
        with pytest.raises(expected.type):
            call(ours)
    ours.reset(seed=1)
    agent = ours.agent_selection
    obs, _, _, _, _ = ours.last()
    ours.step(int(obs["action_mask"].argmax()))
    assert ours.agent_selection != agent or ours.unwrapped.game_state.move_number() > 0
    iterator = iter(ours.agent_iter())
    next(iterator)
    with pytest.raises(AssertionError, match="need to call step"):
        next(iterator)
