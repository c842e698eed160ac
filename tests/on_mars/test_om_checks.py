"""The `ludoteca.core.testing` checks on seeded On Mars games with 2 to 4 players.

A random On Mars game is 1,000-2,500 actions, so the default suite checks the API at
every step of 6 games (`om_helpers.checked_game`: the expensive deep checks at one
step in 250, history and record replays at the end) and information safety once;
`test_om_soak.py` runs the same over 210 games plus the copy-integrity and
information-safety checks (`make soak`).
"""

from __future__ import annotations

import pytest
from om_helpers import checked_game, variant

from ludoteca.core.testing import check_information_safety
from ludoteca.games.on_mars.game import OnMarsGame


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_step_of_two_seeded_games(players: int) -> None:
    for seed in (players, 5 + players):  # the seeds cover every variant flag (see `variant`)
        assert checked_game(variant(seed, players), 1000 * players + seed) > 200


def test_information_safety_with_first_colonists() -> None:
    check_information_safety(lambda: OnMarsGame(players=3, first_colonists=True), games=1, seed=3)
