"""Golden playthroughs: regenerate each file and fail on any difference.

After an intended behaviour change, regenerate and review the diff, e.g.
`python -m ludoteca.core.playthrough carcassonne --seed 1 --option players=2 \
    > tests/playthroughs/carcassonne-2p-seed1.txt` (options of each file: `CASES`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ludoteca import load_game
from ludoteca.core.playthrough import playthrough

HERE = Path(__file__).parent
CASES = {
    "carcassonne-2p-seed1.txt": ("carcassonne", {"players": 2}, 1),
    # both expansions; Abu Simbel (hidden kept tile) and Tikal are claimed and placed
    "carcassonne-ic-wonders-2p-seed34.txt": (
        "carcassonne",
        {"players": 2, "expansions": ["inns_cathedrals", "wonders"], "wonders": ["abu_simbel", "tikal"]},
        34,
    ),
    # On Mars: a whole random game with Space Oddity (~1,350 actions, 13 MB; seed 29 was among the shortest)
    "on-mars-2p-space-oddity-seed29.txt": ("on-mars", {"players": 2, "space_oddity": True}, 29),
    # the solo game against Lacerda (his deck draws are chance nodes)
    "on-mars-solo-seed2.txt": ("on-mars", {"players": 1}, 2),
    # tm-dice from a mid-game scenario (`start`): a full random 2-player game is ~3,300 actions (~15 MB)
    "tm-dice-2p-seed1.txt": (
        "tm-dice", {"players": 2, "start": {"temperature": 7, "oxygen": 5, "oceans": 5}}, 1),
    # Terraforming Mars: a whole random standard game (~500 actions, 2.8 MB)
    "tm-2p-seed1.txt": ("terraforming-mars", {"players": 2}, 1),
    # the Corporate Era with the draft (generations 2-6 drafted both ways); a whole game is ~5 MB
    "tm-2p-corporate-era-draft-6gen-seed1.txt": (
        "terraforming-mars", {"players": 2, "corporate_era": True, "draft": True, "max_generations": 6}, 1),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_playthrough_unchanged(name: str) -> None:
    game_name, options, seed = CASES[name]
    expected = (HERE / name).read_text(encoding="utf-8").splitlines()
    actual = playthrough(load_game(game_name, **options), seed).splitlines()
    for number, (want, got) in enumerate(zip(expected, actual, strict=False), start=1):
        assert got == want, f"{name} line {number} differs:\n expected: {want[:300]}\n actual:   {got[:300]}"
    assert len(actual) == len(expected), f"{name}: {len(actual)} lines, expected {len(expected)}"
