"""`check_hidden_information` for every game: what a seat or a spectator cannot see
never shows in its log, prompts, error texts, scores or the spectator's view."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca import load_game
from ludoteca.core.testing import check_hidden_information
from ludoteca.games.carcassonne.tiles import load_tiles

FOUR_WONDERS = ["abu_simbel", "tikal", "stonehenge", "notre_dame"]
CASES: dict[str, tuple[str, dict[str, Any], int, int]] = {  # name, options, games, seed
    "tm-2p-corporate-era-draft": (
        "terraforming-mars", {"players": 2, "corporate_era": True, "draft": True}, 2, 4),
    "tm-3p": ("terraforming-mars", {"players": 3}, 1, 1),
    "tm-3p-corporate-era-draft": (
        "terraforming-mars", {"players": 3, "corporate_era": True, "draft": True}, 1, 30),
    "tm-solo": ("terraforming-mars", {"players": 1}, 2, 1),
    "on-mars-2p": ("on-mars", {"players": 2}, 1, 32),
    "on-mars-2p-first-colonists-space-oddity": (
        "on-mars", {"players": 2, "first_colonists": True, "space_oddity": True}, 1, 30),
    "on-mars-solo": ("on-mars", {"players": 1}, 3, 1),
    "tm-dice-2p": ("tm-dice", {"players": 2}, 1, 12),
    "tm-dice-solo": ("tm-dice", {"players": 1}, 2, 1),
    "carcassonne-2p": ("carcassonne", {"players": 2}, 2, 1),
    "carcassonne-3p-inns-wonders": (
        "carcassonne", {"players": 3, "expansions": ["inns_cathedrals", "wonders"], "wonders": FOUR_WONDERS},
        2, 1),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_hidden_information(case: str) -> None:
    name, options, games, seed = CASES[case]
    coverage = check_hidden_information(lambda: load_game(name, **options), games=games, seed=seed)
    if name != "carcassonne":  # random Carcassonne games rarely build Abu Simbel: see below
        assert coverage.differing > 0  # the twin games really had other hidden parts


def test_hidden_information_carcassonne_abu_simbel() -> None:
    """Abu Simbel's power (a second tile drawn, one kept face down) from its first turn on:
    random games rarely build it, so each game opens with a claim of it."""
    first_turns = [
        "draw base:E", "place 0,1 r180", "meeple city S", "draw base:E", "place 1,1 r0", "skip",
        "draw base:F", "place 1,2 r90", "meeple city N", "draw base:U", "place 1,0 r0", "meeple road E",
        "draw base:E", "place 1,3 r180", "skip", "wonder abu_simbel",
    ]
    base = [t.id for t in load_tiles() if t.set == "base"]
    bag = ["base:E", "base:E", "base:F", "base:U", "base:E", *base[:24]]
    coverage = check_hidden_information(
        lambda: load_game("carcassonne", players=2, expansions=["wonders"], wonders=["abu_simbel", "tikal"],
                          bag=bag),
        games=4, seed=0, opening=first_turns)
    assert coverage.differing > 0


def test_the_check_catches_the_business_contacts_leak(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without "keep" among the secret decisions, the kept card shows as `keep <card>`
    (about one random game in four plays Business Contacts or Invention Contest: the
    check stops at the first leak, so 24 games cost little and all miss about once in 1,000)."""
    from ludoteca.games.terraforming_mars import state

    monkeypatch.setattr(state, "SECRET_DECISIONS", ("corporation", "research", "draft"))
    name, options, _, seed = CASES["tm-2p-corporate-era-draft"]
    with pytest.raises(AssertionError, match=r"log entry of seat \d's action .*'keep "):
        check_hidden_information(lambda: load_game(name, **options), games=24, seed=seed)
