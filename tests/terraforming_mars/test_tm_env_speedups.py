"""The environments' fast paths of Terraforming Mars against their references: the option
features' table of static rows (`TMOptionFeatures.features`) against the row-by-row
`write` of `OptionColumns.features`, `VPRows.rows` against `scoring.breakdown` and
`milestones.standings` against `metric` seat by seat, the change stamps against the
changes they stand for,
after every move of random games and then on the same states in shuffled order (the
caches must be keyed on what they read, not on the order of the calls)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from ludoteca.core.option_columns import OptionColumns
from ludoteca.core.play import sample_chance
from ludoteca.core.registry import load_game
from ludoteca.games.terraforming_mars.encoder import VP_KEYS
from ludoteca.games.terraforming_mars.milestones import metric, standings
from ludoteca.games.terraforming_mars.scoring import board_counts, breakdown
from ludoteca.games.terraforming_mars.vp_rows import VPRows

CASES = [{"players": 2}, {"players": 1}, {"players": 3, "draft": True}]


def _states(options: dict, seed: int, games: int = 1) -> list:
    game = load_game("terraforming-mars", **options)
    rng = random.Random(seed)
    states = []
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            states.append(state.clone())
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        states.append(state)
    return states


@pytest.mark.parametrize("options", CASES)
def test_option_features_are_the_row_by_row_writes(options: dict) -> None:
    game = load_game("terraforming-mars", **options)
    fast, slow = game.option_features(), game.option_features()
    states = [s for s in _states(options, 5) if not s.is_chance_node() and not s.is_terminal()]
    for order in (states, random.Random(1).sample(states, len(states))):
        for state in order:
            options_ = state.prompt(words=False).options
            got = fast.features(state, options_)
            expected = OptionColumns.features(slow, state, options_)
            assert got.dtype == np.float32 and got.shape == expected.shape
            assert np.array_equal(got, expected), [o.text for o in options_]


@pytest.mark.parametrize("options", CASES)
def test_vp_rows_are_the_breakdown(options: dict) -> None:
    game = load_game("terraforming-mars", **options)
    rows = VPRows(game)
    states = _states(options, 6)
    for order in (states, random.Random(2).sample(states, len(states))):
        for state in order:
            expected = [row[key] for row in breakdown(state) for key in VP_KEYS]
            assert rows.rows(state) == expected


def test_standings_are_every_seats_metric() -> None:
    game = load_game("terraforming-mars", players=3)
    goals = (*game.rules.milestones, *game.rules.awards)
    for state in _states({"players": 3}, 7)[::5]:
        counts = board_counts(state)
        for goal in goals:
            for given in (None, counts):
                assert standings(state, goal, given) == [metric(state, p, goal, given) for p in range(3)]


@pytest.mark.parametrize("options", CASES)
def test_change_stamps_follow_every_change(options: dict) -> None:
    """An action that changes the board or the resources on cards gives the state a new
    stamp for it (what the encoder's caches trust), and a clone shares its stamps."""
    game = load_game("terraforming-mars", **options)
    rng = random.Random(8)
    for _ in range(2):
        state = game.new_initial_state()
        while not state.is_terminal():
            before = (state.tiles.copy(), state.owner.copy(), state.claims.copy(), state.card_res.copy())
            stamps = (state.board_stamp, state.card_res_stamp)
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            if before[:3] != (state.tiles, state.owner, state.claims):
                assert state.board_stamp is not stamps[0]
            if before[3] != state.card_res:
                assert state.card_res_stamp is not stamps[1]
        clone = state.clone()
        assert (clone.board_stamp, clone.card_res_stamp) == (state.board_stamp, state.card_res_stamp)
