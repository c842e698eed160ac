"""The greedy bot takes Wonders and places them, preferring the stronger powers."""

from __future__ import annotations

import random

from ludoteca import load_game
from ludoteca.agents import make_agent
from ludoteca.core.play import play
from ludoteca.games.carcassonne.heuristics import WONDER_PROMISE


def test_greedy_claims_and_places_the_most_promising_wonder() -> None:
    offer = ["circus_maximus", "tikal", "alhambra"]
    for seed in range(2):
        game = load_game("carcassonne", players=2, expansions=["inns_cathedrals", "wonders"], wonders=offer)
        agents = [make_agent("greedy", seed=seed), make_agent("random", seed=seed)]
        state = play(game.new_initial_state(), agents, random.Random(seed))
        track = state.wonder_track
        assert track is not None and not track.waiting[0], "greedy reached 10 points and claimed"
        placed = {game.wonders[w].key: owner for w, (owner, *_rest) in track.placed.items()}
        assert placed.get(max(offer, key=WONDER_PROMISE.__getitem__)) == 0
        assert state.scores()[0] > state.scores()[1]
