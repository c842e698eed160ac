"""Golden playthroughs: regenerate each file and fail on any difference.

The first moves and the last are in full; every other move is a digest of its full text
and the action applied (`ludoteca.core.playthrough`): a changed digest fails with the
move's full text now. After an intended behaviour change, regenerate and review the diff, e.g.
`python -m ludoteca.core.playthrough carcassonne --seed 1 --option players=2 \
    > tests/playthroughs/carcassonne-2p-seed1.txt` (options of each file: `CASES`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca import load_game
from ludoteca.core.playthrough import move_text, playthrough

HERE = Path(__file__).parent
CASES = {
    "carcassonne-2p-seed1.txt": ("carcassonne", {"players": 2}, 1),
    # both expansions; Abu Simbel (hidden kept tile) and Tikal are claimed and placed
    "carcassonne-ic-wonders-2p-seed34.txt": (
        "carcassonne",
        {"players": 2, "expansions": ["inns_cathedrals", "wonders"], "wonders": ["abu_simbel", "tikal"]},
        34,
    ),
    # On Mars: a whole random game with Space Oddity (~1,350 actions)
    "on-mars-2p-space-oddity-seed29.txt": ("on-mars", {"players": 2, "space_oddity": True}, 29),
    # the solo game against Lacerda (his deck draws are chance nodes)
    "on-mars-solo-seed2.txt": ("on-mars", {"players": 1}, 2),
    # tm-dice from a mid-game scenario (`start`): a full random 2-player game is ~3,300 actions
    "tm-dice-2p-seed1.txt": (
        "tm-dice", {"players": 2, "start": {"temperature": 7, "oxygen": 5, "oceans": 5}}, 1),
    # Terraforming Mars with the beginner corporation, one generation (setup, production, final scoring)
    "tm-2p-beginner-1gen-seed1.txt": (
        "terraforming-mars", {"players": 2, "corporations": "beginner", "max_generations": 1}, 1),
    # Terraforming Mars: a whole random standard game (~500 actions)
    "tm-2p-seed1.txt": ("terraforming-mars", {"players": 2}, 1),
    # the Corporate Era with the draft (generations 2-6 drafted both ways)
    "tm-2p-corporate-era-draft-6gen-seed1.txt": (
        "terraforming-mars", {"players": 2, "corporate_era": True, "draft": True, "max_generations": 6}, 1),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_playthrough_unchanged(name: str) -> None:
    game_name, options, seed = CASES[name]
    expected = (HERE / name).read_text(encoding="utf-8").splitlines()
    actual = playthrough(load_game(game_name, **options), seed).splitlines()
    for number, (want, got) in enumerate(zip(expected, actual, strict=False), start=1):
        if got != want and got.startswith("# move ") and len(got.split()) > 3:  # a digest line
            move = int(got.split()[2])
            full = move_text(load_game(game_name, **options), seed, move)
            raise AssertionError(f"{name} line {number}: move {move} differs:\n expected: {want}\n "
                                 f"actual:   {got}\nthe move now reads:\n{full[:3000]}")
        assert got == want, f"{name} line {number} differs:\n expected: {want[:300]}\n actual:   {got[:300]}"
    assert len(actual) == len(expected), f"{name}: {len(actual)} lines, expected {len(expected)}"
