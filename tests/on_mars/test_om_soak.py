"""The ludoteca.core.testing checks over seeded games (soak: `make soak`).

* 210 seeded games (70 each with 2, 3 and 4 players; both lengths, Space Oddity and
  First Colonists spread over the seeds) with the per-step checks of
  `check_random_simulation` (`om_helpers.checked_game`);
* `check_random_simulation` itself (its first game is checked deeply at every step,
  which costs minutes for On Mars), `check_copy_integrity` and
  `check_information_safety`.

Solo games (`players=1`) are checked by the solo tests.
"""

from __future__ import annotations

import pytest
from om_helpers import checked_game, variant

from ludoteca.core.testing import check_copy_integrity, check_information_safety, check_random_simulation
from ludoteca.games.on_mars.game import OnMarsGame


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4])
def test_core_checks(players: int) -> None:
    check_random_simulation(lambda: OnMarsGame(players=players), games=2, seed=1000 * players, deep_every=50)
    check_copy_integrity(lambda: OnMarsGame(players=players), games=3, seed=1000 * players)
    check_information_safety(lambda: OnMarsGame(players=players), games=3, seed=1000 * players)


@pytest.mark.soak
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_step_of_70_seeded_games(players: int) -> None:
    for seed in range(70):
        checked_game(variant(seed, players), 10_000 * players + seed)
