"""Shared helpers for the On Mars tests (unique module name: the tests dirs share sys.path)."""

from __future__ import annotations

import json
import random

from ludoteca.core.play import sample_chance
from ludoteca.core.record import record_of, replay
from ludoteca.core.testing import _check_step  # the per-step checks of check_random_simulation
from ludoteca.games.on_mars.board import Hex
from ludoteca.games.on_mars.game import OnMarsGame
from ludoteca.games.on_mars.model import Building
from ludoteca.games.on_mars.scoring import winners
from ludoteca.games.on_mars.state import OnMarsState


def start(
    players: int = 2, seed: int = 0, spaces: tuple[int, ...] = (1, 2, 3, 4), length: str = "short"
) -> OnMarsState:
    """Play setup to the first main action: seeded chance, seat k takes the k-th of
    `spaces` (in the order seats choose), every benefit skipped, shuttle on Orbit."""
    rng = random.Random(seed)
    state = OnMarsGame(players=players, length=length).new_initial_state()
    wanted = list(spaces)
    while state.pending[-1]["k"] != "main":
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        kind = state.pending[-1]["k"]
        if kind == "space":
            state.apply_string(f"space {wanted.pop(0)}")
        elif kind == "shuttle_side":
            state.apply_string("shuttle orbit")
        elif "skip" in [state.action_to_string(a) for a in state.legal_actions()]:
            state.apply_string("skip")
        else:
            state.apply_action(state.legal_actions()[0])
    return state


def fresh(state: OnMarsState) -> OnMarsState:
    """Forget cached legal actions after a test edits the state by hand."""
    state._legal = None
    return state


def texts(state: OnMarsState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def play(state: OnMarsState, *moves: str) -> None:
    for move in moves:
        state.apply_string(move)


def snapshot(state: OnMarsState) -> tuple[str, str]:
    return state.serialize(), json.dumps(state.full_state(), sort_keys=True)


def checked_game(
    game: OnMarsGame, seed: int, deep_every: int = 250, check_every: int = 1, replays: bool = True
) -> int:
    """Play one seeded random game with `check_random_simulation`'s per-step checks
    (at one step in `check_every`, deep at one step in `deep_every`; at the end
    `returns()` follows `winners()`), then (if `replays`) replay its history and its
    record; return the number of actions. The winners must be the tie-broken ones
    (`scoring.winners`)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    move = 0
    while not state.is_terminal():
        deep = move % deep_every == deep_every - 1
        if deep or move % check_every == 0:
            _check_step(game, state, seed, move, rng, deep=deep)
        legal = state.legal_actions()
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(legal))
        move += 1
    _check_step(game, state, seed, move, rng, deep=False)
    assert state.winners() == winners(state), f"seed {seed}: winners() is not the tie-broken winners"
    assert state.legal_actions() == [] and state.stage == "over"
    if not replays:
        return move
    again = game.new_initial_state()
    for action in state.history():
        again.apply_action(action)
    assert snapshot(again) == snapshot(state), f"seed {seed}: history replay differs"
    assert snapshot(replay(record_of(state))) == snapshot(state), f"seed {seed}: record replay differs"
    return move


def variant(seed: int, players: int) -> OnMarsGame:
    """Both lengths, Space Oddity and First Colonists (2-4 players only), spread over the seeds."""
    return OnMarsGame(
        players=players,
        length=("short", "long")[seed % 2],
        space_oddity=seed % 3 == 0,
        first_colonists=players > 1 and seed % 5 == 4,
    )


def bare_board() -> tuple[OnMarsState, int]:
    """A 2-player game at its first main action (seat to move on Orbit) with an empty
    map and no missions: component tests put only the pieces they need."""
    state = start(2, seed=1, spaces=(1, 2))
    state.buildings.clear()
    state.crystals.clear()
    state.map_research.clear()
    state.map_discoveries.clear()
    state.missions = []
    return fresh(state), state.current_player()


def put(state: OnMarsState, kind: str, hexes: list[Hex], **fields: int) -> None:
    """Put `kind` buildings (with the given `Building` fields) on `hexes`."""
    for h in hexes:
        state.buildings[h] = Building(kind, **fields)


def line(q: int, r: int, n: int) -> list[Hex]:
    """`n` hexes in a row eastwards from (q, r) (one Complex when of one type)."""
    return [(q + i, r) for i in range(n)]
