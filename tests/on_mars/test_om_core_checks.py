"""The `ludoteca.core.testing` checks over 200 seeded On Mars games with 1 to 4 players
(the normal suite; `test_om_soak.py` is the deep version run by `make soak`).

* 200 random games, seed `s` with `1 + s % 4` players, both lengths, Space Oddity and
  First Colonists spread over the seeds (`om_helpers.variant`), in 10 chunks of 20 so
  `pytest -n 2` can balance them. Every step gets `check_random_simulation`'s cheap
  per-step checks (legal actions, prompt, chance outcomes, notation round trip), one
  step in 1500 the deep ones (illegal probes, every legal action applied to a clone,
  serialisation round trip: ~50 ms each, the main cost); every game ends with the
  terminal checks (`returns()` follows the tie-broken `winners()`); 28 games (7 per
  player count) are also replayed from their history and from their record.
* 8 games (2 per player count) with `check_information_safety` and 8 with a copy
  check (a few clones played to the end must leave the original untouched; the core
  `check_copy_integrity` clones at one step in ten, which costs seconds per game).

Measured (2 shared cores, benchmarks running beside it): 47 s of CPU for the module,
the 200 games 4-6.5 s per chunk; the deep checks are the main cost, so `deep_every`
and the replayed subset are the knobs that keep this near the one-minute budget.
"""

from __future__ import annotations

import random

import pytest
from om_helpers import checked_game, snapshot, variant

from ludoteca.core.api import State
from ludoteca.core.play import sample_chance
from ludoteca.core.testing import check_information_safety

GAMES, CHUNKS = 200, 10
PER_CHUNK = GAMES // CHUNKS


def players_of(seed: int) -> int:
    return 1 + seed % 4


def random_action(state: State, rng: random.Random) -> int:
    return sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_core_checks_on_200_seeded_games(chunk: int) -> None:
    for seed in range(chunk * PER_CHUNK, (chunk + 1) * PER_CHUNK):
        game = variant(seed // 4, players_of(seed))
        moves = checked_game(game, 300_000 + seed, deep_every=1500, replays=(seed // 4) % 8 == 0)
        assert moves > (150 if players_of(seed) == 1 else 300), f"seed {seed}: only {moves} actions"


def test_the_200_games_cover_every_player_count_and_variant() -> None:
    games = [variant(seed // 4, players_of(seed)) for seed in range(GAMES)]
    assert {g.num_players() for g in games} == {1, 2, 3, 4}
    for players in (1, 2, 3, 4):
        mine = [g for g in games if g.num_players() == players]
        assert {g.options["length"] for g in mine} == {"short", "long"}
        assert {g.options["space_oddity"] for g in mine} == {True, False}
        # First Colonists is a 2-4 player variant (solo: the Solo Goal of that name)
        assert {g.options["first_colonists"] for g in mine} == ({False} if players == 1 else {True, False})


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_information_safety(players: int) -> None:
    check_information_safety(lambda: variant(players + 1, players), games=2, seed=400_000 + 10 * players)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_playing_on_from_clones_leaves_the_original_alone(players: int) -> None:
    for seed in (500_000 + players, 500_100 + players):
        rng = random.Random(seed)
        game = variant(seed, players)
        state = game.new_initial_state()
        clone_at = set(rng.sample(range(300), 4))
        move = 0
        while not state.is_terminal():
            if move in clone_at:
                before = snapshot(state)
                clone = state.clone()
                assert snapshot(clone) == before, f"seed {seed}, move {move}: the clone differs"
                while not clone.is_terminal():
                    clone.apply_action(random_action(clone, rng))
                assert snapshot(state) == before, f"seed {seed}, move {move}: the clone changed the original"
            state.apply_action(random_action(state, rng))
            move += 1
