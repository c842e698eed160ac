"""Tournament maths against worked examples done by hand (the arithmetic is in the comments)."""

from __future__ import annotations

import math
import random

import pytest

from ludoteca.sim.ratings import (
    Z95,
    bradley_terry,
    elo_expected,
    elo_ratings,
    pairwise_results,
    wilson_interval,
)


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        # p = 0.7, z²/n = 3.8416/10 = 0.38416
        # centre = (0.7 + 0.19208) / 1.38416 = 0.64449
        # half = 1.96 / 1.38416 * sqrt(0.21/10 + 3.8416/400) = 1.41602 * 0.17494 = 0.24772
        (7, 10, 0.39677, 0.89221),
        # p = 0: centre = 0.19208 / 1.38416 = 0.13877 = half (sqrt(0.009604) = 0.098)
        (0, 10, 0.0, 0.27754),
        (10, 10, 0.72246, 1.0),
        # p = 0.55: centre = 0.74208 / 1.38416 = 0.53612
        # half = 1.41602 * sqrt(0.02475 + 0.009604) = 1.41602 * 0.18535 = 0.26246
        (5.5, 10, 0.27367, 0.79858),
        # p = 0.5, z²/n = 0.038416: centre 0.5, half = 1.88749 * sqrt(0.0025 + 0.00009604) = 0.09617
        (50, 100, 0.40383, 0.59617),
    ],
)
def test_wilson_interval_worked_examples(wins: float, games: int, low: float, high: float) -> None:
    assert wilson_interval(wins, games, z=1.96) == pytest.approx((low, high), abs=1e-5)


def test_wilson_interval_defaults_and_edges() -> None:
    assert abs(Z95 - 1.96) < 1e-4
    assert wilson_interval(7, 10) == pytest.approx((0.39677, 0.89221), abs=2e-4)  # default z = 1.95996
    assert wilson_interval(0, 0) == (0.0, 1.0)
    # a clean sweep: the interval ends exactly at the win rate (100 games once gave a
    # low end of 3e-18 above 0, and the chart's error bars refused a negative length)
    for games in range(1, 301):
        assert wilson_interval(0, games)[0] == 0.0 and wilson_interval(games, games)[1] == 1.0
    with pytest.raises(ValueError, match="wins must be between 0 and games"):
        wilson_interval(11, 10)


def test_bradley_terry_two_agents() -> None:
    # A beat B 7 times in 10. Maximum likelihood: p_A / p_B = 7 / 3, so the Elo gap is
    # 400 log10(7/3) = 400 * 0.367977 = 147.19, split evenly around 1500.
    assert elo_ratings([[0, 7], [3, 0]], prior=0) == pytest.approx([1573.595, 1426.405], abs=1e-3)
    # With one virtual draw: 7.5 to 3.5, gap 400 log10(15/7) = 400 * 0.330993 = 132.40.
    assert elo_ratings([[0, 7], [3, 0]]) == pytest.approx([1566.199, 1433.801], abs=1e-3)
    # A clean sweep has no finite maximum-likelihood answer, but does with the prior:
    # 10.5 to 0.5, gap 400 log10(21) = 528.89.
    with pytest.raises(ValueError, match="never lost"):
        elo_ratings([[0, 10], [0, 0]], prior=0)
    a, b = elo_ratings([[0, 10], [0, 0]])
    assert a - b == pytest.approx(528.89, abs=1e-2)


def test_bradley_terry_three_agents() -> None:
    # Strengths 4 : 2 : 1 fit these results exactly. The likelihood equations
    # W_i = Σ_j n_ij p_i / (p_i + p_j) hold:
    #   A: 3·4/6 + 5·4/5 = 2 + 4 = 6 = 2 + 4 wins
    #   B: 3·2/6 + 3·2/3 = 1 + 2 = 3 = 1 + 2 wins
    #   C: 5·1/5 + 3·1/3 = 1 + 1 = 2 = 1 + 1 wins
    # Scaled to geometric mean 1: (2, 1, 0.5); Elo 1500 + 400 log10(2) = 1620.41, 1500, 1379.59.
    wins = [[0, 2, 4], [1, 0, 2], [1, 1, 0]]
    assert bradley_terry(wins, prior=0) == pytest.approx([2.0, 1.0, 0.5], rel=1e-8)
    assert elo_ratings(wins, prior=0) == pytest.approx([1620.412, 1500.0, 1379.588], abs=1e-3)


def test_bradley_terry_solves_the_likelihood_equations() -> None:
    rng = random.Random(4)
    k = 5
    wins = [[0.0 if i == j else float(rng.randint(0, 9)) + 0.5 * rng.randint(0, 2) for j in range(k)]
            for i in range(k)]
    p = bradley_terry(wins, prior=1.0)
    assert math.prod(p) == pytest.approx(1.0)
    for i in range(k):
        won = sum(wins[i][j] + 0.5 for j in range(k) if j != i)
        expected = sum((wins[i][j] + wins[j][i] + 1) * p[i] / (p[i] + p[j]) for j in range(k) if j != i)
        assert expected == pytest.approx(won, rel=1e-7)


def test_agents_without_games_stay_at_the_base() -> None:
    assert elo_ratings([[0, 1, 0], [1, 0, 0], [0, 0, 0]]) == pytest.approx([1500.0, 1500.0, 1500.0])


def test_elo_expected_score() -> None:
    # 200 points up: 1 / (1 + 10^-0.5) = 1 / 1.316228 = 0.759747
    assert elo_expected(1600, 1400) == pytest.approx(0.759747, abs=1e-6)
    assert elo_expected(1500, 1500) == 0.5


def test_pairwise_results_by_finishing_order() -> None:
    assert pairwise_results([0, 1, 2], [5, 9, 5]) == [(0, 1, 0.0), (0, 2, 0.5), (1, 2, 1.0)]
    # the same agent at two seats is never compared with itself
    assert pairwise_results([0, 1, 0], [3, 2, 1]) == [(0, 1, 1.0), (1, 0, 1.0)]
