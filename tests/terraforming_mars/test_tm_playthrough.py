"""A golden playthrough: every API value at every step of one seeded 2-player game.

The game uses the beginner corporation and `max_generations=1` (setup, generation 1,
production, final conversion and scoring) to keep the file small (~260 KB; a whole
random game would be several MB). After an intended behaviour change, regenerate:
`python -m ludoteca.core.playthrough terraforming-mars --seed 1 --option players=2
--option 'corporations="beginner"' --option max_generations=1
> tests/terraforming_mars/tm-2p-beginner-1gen-seed1.txt` and review the diff.
"""

from __future__ import annotations

from pathlib import Path

from ludoteca import load_game
from ludoteca.core.playthrough import playthrough

FILE = Path(__file__).parent / "tm-2p-beginner-1gen-seed1.txt"


def test_playthrough_unchanged() -> None:
    game = load_game("terraforming-mars", players=2, corporations="beginner", max_generations=1)
    expected = FILE.read_text(encoding="utf-8").splitlines()
    actual = playthrough(game, 1).splitlines()
    for number, (want, got) in enumerate(zip(expected, actual, strict=False), start=1):
        assert got == want, f"line {number} differs:\n expected: {want[:300]}\n actual:   {got[:300]}"
    assert len(actual) == len(expected)
