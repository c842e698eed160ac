"""Tournament statistics: Wilson confidence intervals and Bradley–Terry ratings on the Elo scale.

Wilson score interval
---------------------
For `w` wins in `n` games the observed rate is p = w/n. The Wilson interval is the set
of true rates q for which p lies within z standard errors of q, i.e. the solutions of
(p - q)^2 = z^2 q (1 - q) / n. Solving the quadratic gives

    centre = (p + z^2 / 2n) / (1 + z^2 / n)
    half   = z / (1 + z^2 / n) * sqrt(p (1 - p) / n + z^2 / 4n^2)

Unlike the textbook p ± z sqrt(p(1-p)/n), it never leaves [0, 1] and stays sensible
at 0 or n wins and in small samples. Fractional wins (shared first places) are used
as they are: p is just a number in [0, 1].

Bradley–Terry ratings
---------------------
Each agent i gets a strength p_i > 0 such that i beats j with probability
p_i / (p_i + p_j). Given W_i (i's total wins, fractional for ties) and n_ij (games
between i and j), the maximum-likelihood strengths satisfy W_i = Σ_j n_ij p_i / (p_i + p_j)
and are found by Hunter's minorise–maximise iteration

    p_i <- W_i / Σ_j n_ij / (p_i + p_j)

rescaled after each sweep so that the strengths' geometric mean is 1. The ratings are
reported on the Elo scale, `base + 400 log10 p_i`, so a 400-point gap means odds of
10 to 1 and the average rating is `base`. Unlike sequential Elo updates, the result
does not depend on the order of the games (so it is the same for any worker count).

An agent that won (or lost) every game has no finite maximum-likelihood strength.
`prior` adds that many virtual drawn games to every pair that met (half a win
each), which keeps every rating finite and pulls small samples gently towards each
other; `prior=0` gives the plain maximum-likelihood answer. Ratings compare agents
only within a connected set of pairings (every round robin is connected).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054  # the 97.5% quantile of the standard normal distribution


def wilson_interval(wins: float, games: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95% by default); (0, 1) for no games."""
    if games <= 0:
        return (0.0, 1.0)
    if not 0 <= wins <= games:
        raise ValueError(f"wins must be between 0 and games ({games}), got {wins}")
    p = wins / games
    z2n = z * z / games
    centre = (p + z2n / 2) / (1 + z2n)
    half = z / (1 + z2n) * math.sqrt(p * (1 - p) / games + z2n / (4 * games))
    # the interval always holds p (rounding could leave 0 wins a low end of 3e-18)
    return (min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)))


def bradley_terry(
    wins: Sequence[Sequence[float]],
    prior: float = 1.0,
    tolerance: float = 1e-10,
    max_sweeps: int = 100_000,
) -> list[float]:
    """Bradley–Terry strengths (geometric mean 1) from a matrix of pairwise results.

    `wins[i][j]` is how often agent i beat agent j (ties count half to each side), so
    `wins[i][j] + wins[j][i]` is the number of games between them. Agents with no
    games keep strength 1. See the module docstring for `prior`.
    """
    k = len(wins)
    if any(len(row) != k for row in wins):
        raise ValueError("wins must be a square matrix")
    if prior < 0:
        raise ValueError(f"prior must be >= 0, got {prior}")
    games = [[0.0] * k for _ in range(k)]
    won = [0.0] * k
    for i in range(k):
        for j in range(k):
            if i == j:
                continue
            n = wins[i][j] + wins[j][i]
            if n > 0:
                games[i][j] = n + prior
                won[i] += wins[i][j] + prior / 2
    playing = [i for i in range(k) if any(games[i])]
    for i in playing:
        if won[i] <= 0:
            raise ValueError(f"agent {i} never won: its strength is 0; use prior > 0")
        if won[i] >= sum(games[i]):
            raise ValueError(f"agent {i} never lost: its strength is infinite; use prior > 0")
    strength = [1.0] * k
    for _ in range(max_sweeps):
        new = list(strength)
        for i in playing:
            denominator = sum(games[i][j] / (strength[i] + strength[j]) for j in range(k) if games[i][j])
            new[i] = won[i] / denominator
        if playing:
            mean_log = sum(math.log(new[i]) for i in playing) / len(playing)
            scale = math.exp(mean_log)
            for i in playing:
                new[i] /= scale
        change = max((abs(math.log(new[i] / strength[i])) for i in playing), default=0.0)
        strength = new
        if change < tolerance:
            break
    return strength


def elo_ratings(
    wins: Sequence[Sequence[float]], prior: float = 1.0, base: float = 1500.0
) -> list[float]:
    """Bradley–Terry strengths on the Elo scale: `base + 400 log10 p_i` (mean `base`)."""
    return [base + 400.0 * math.log10(p) for p in bradley_terry(wins, prior=prior)]


def elo_expected(rating: float, other: float) -> float:
    """The expected score of a player rated `rating` against one rated `other`."""
    return 1.0 / (1.0 + 10.0 ** ((other - rating) / 400.0))


def pairwise_results(agents: Sequence[int], scores: Sequence[float]) -> list[tuple[int, int, float]]:
    """One game's results between the agents at its seats, pair by pair.

    `agents[s]` is the agent at seat s. For each pair of seats held by *different*
    agents: (i, j, x) with x = 1 if i outscored j, 0.5 on equal scores, 0 otherwise.
    In a multi-player game this counts finishing order, not only the winner.
    """
    out = []
    for s in range(len(agents)):
        for t in range(s + 1, len(agents)):
            a, b = agents[s], agents[t]
            if a == b:
                continue
            x = 1.0 if scores[s] > scores[t] else 0.5 if scores[s] == scores[t] else 0.0
            out.append((a, b, x))
    return out
