"""Property tests: invariants that hold at every step of any Carcassonne game."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca import load_game
from ludoteca.core.play import sample_chance
from ludoteca.games.carcassonne.tiles import load_tiles

BASE_IDS = [t.id for t in load_tiles() if t.set == "base"]


@settings(max_examples=200, deadline=None)
@given(
    bag=st.lists(st.sampled_from(BASE_IDS), min_size=0, max_size=30),
    players=st.integers(min_value=2, max_value=5),
    seed=st.integers(min_value=0, max_value=2**31),
)
def test_invariants_hold_at_every_step(bag: list[str], players: int, seed: int) -> None:
    game = load_game("carcassonne", players=players, bag=bag)
    state = game.new_initial_state()
    rng = random.Random(seed)
    previous = state.scores()
    while True:
        obs = state.observation(0)
        # meeples are conserved: supply + meeples on the board = 7 per seat
        on_board = [0] * players
        for m in obs["meeples"]:
            on_board[m["seat"]] += 1
        assert [s + b for s, b in zip(obs["supply"], on_board, strict=True)] == [7] * players
        # scores never go down
        assert all(a >= b for a, b in zip(state.scores(), previous, strict=True))
        previous = state.scores()
        # every tile drawn is on the board or discarded; tiles on board are distinct squares
        drawn = len(bag) - obs["tiles_left"]
        in_hand = 1 if obs["phase"] in ("place",) else 0
        assert len(obs["board"]) == 1 + drawn - len(obs["discarded"]) - in_hand
        assert len({(t["x"], t["y"]) for t in obs["board"]}) == len(obs["board"])
        # between turns, completed roads, cities and monasteries keep no meeples
        # (during the meeple decision a just-completed feature still holds them)
        board = state.board
        # the index of manned regions is exactly the roots whose region holds meeples
        assert board.manned == {r for r, region in enumerate(board.regions) if region and region.meeples}
        if obs["phase"] in ("draw", "over"):
            for root, region in enumerate(board.regions):
                if region is not None and region.kind != "field" and region.meeples:
                    assert not board.is_complete(root)
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.returns() != [0.0] * players or len(set(state.scores())) == 1
