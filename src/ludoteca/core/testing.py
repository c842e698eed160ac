"""Conformance checks every game must pass; each game's tests call them.

* `check_random_simulation` — seeded random games; at every step the API is
  consistent (legal actions, prompt, chance outcomes, notation), illegal input is
  refused without changing the state, serialisation round-trips, and replaying the
  history reaches an identical state.
* `check_copy_integrity` — playing on from a clone never changes the original.
* `check_information_safety` — resampling for one seat changes nothing the other
  seats see, and a state resampled for a seat looks the same to that seat.

They raise `AssertionError` with the game seed and move number on the first failure,
so a failure can be replayed exactly.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from ludoteca.core.api import CHANCE, TERMINAL, Game, State, returns_from_winners, top_scorers
from ludoteca.core.errors import IllegalActionError
from ludoteca.core.play import sample_chance
from ludoteca.core.record import record_of, replay


def _snapshot(state: State) -> tuple[str, str]:
    return state.serialize(), json.dumps(state.full_state(), sort_keys=True)


def _fail(seed: int, move: int, message: str) -> AssertionError:
    return AssertionError(f"game seed {seed}, move {move}: {message}")


def _random_action(state: State, rng: random.Random) -> int:
    if state.is_chance_node():
        return sample_chance(state, rng)
    return rng.choice(state.legal_actions())


def _check_step(game: Game, state: State, seed: int, move: int, rng: random.Random, deep: bool) -> None:
    """API consistency at one state; `deep` adds the expensive checks."""
    player = state.current_player()
    n = game.num_players()
    legal = state.legal_actions()
    if not (player in (CHANCE, TERMINAL) or 0 <= player < n):
        raise _fail(seed, move, f"current_player() = {player}")
    if state.is_terminal():
        if legal:
            raise _fail(seed, move, "a terminal state has legal actions")
        returns, winners, scores = state.returns(), state.winners(), state.scores()
        if winners != sorted(set(winners)) or not all(0 <= w < n for w in winners):
            raise _fail(seed, move, f"winners() = {winners} must be distinct seats, ascending")
        if n > 1 and not set(winners) <= set(top_scorers(scores)):
            raise _fail(seed, move, f"winners {winners} are not among the top scorers of {scores}")
        if n > 1 and not winners:
            raise _fail(seed, move, "a game of several players must have a winner")
        if returns != returns_from_winners(winners, n) or len(returns) != n:
            raise _fail(seed, move, f"returns {returns} do not follow the winners {winners}")
        return
    if not legal:
        raise _fail(seed, move, "no legal actions in a non-terminal state")
    if legal != sorted(set(legal)) or legal[0] < 0 or legal[-1] >= game.num_distinct_actions():
        raise _fail(seed, move, "legal actions must be unique, ascending, within num_distinct_actions()")
    if state.returns() != [0.0] * n:
        raise _fail(seed, move, "returns() must be zeros before the end")
    prompt = state.prompt()
    if [o.action for o in prompt.options] != (legal if player != CHANCE else
                                              [a for a, _ in state.chance_outcomes()]):
        raise _fail(seed, move, "prompt options differ from legal actions")
    if prompt.seat != player:
        raise _fail(seed, move, f"prompt seat {prompt.seat} != current player {player}")
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        total = sum(p for _, p in outcomes)
        if abs(total - 1.0) > 1e-9 or any(p <= 0 for _, p in outcomes):
            raise _fail(seed, move, f"chance probabilities must be positive and sum to 1, got {total}")
        if sorted(a for a, _ in outcomes) != legal:
            raise _fail(seed, move, "chance outcomes differ from legal actions")
    elif state.chance_outcomes():
        raise _fail(seed, move, "chance_outcomes() must be empty at a decision node")
    for option in prompt.options:
        if state.string_to_action(option.text) != option.action:
            raise _fail(seed, move, f"notation {option.text!r} does not parse back to {option.action}")
        if state.action_to_string(option.action) != option.text:
            raise _fail(seed, move, f"option text differs from action_to_string({option.action})")
    if not deep:
        return
    before = _snapshot(state)
    legal_set = set(legal)
    probes: list[Any] = [-1, game.num_distinct_actions(), "1", None, 1.5]
    size = game.num_distinct_actions()
    probes += [a for a in rng.sample(range(size), min(20, size)) if a not in legal_set][:5]
    for bad in probes:
        try:
            state.apply_action(bad)
        except IllegalActionError:
            pass
        else:
            raise _fail(seed, move, f"illegal action {bad!r} was accepted")
    if _snapshot(state) != before:
        raise _fail(seed, move, f"illegal actions {probes!r} changed the state")
    for text in ("", "no such action", "place"):
        try:
            state.string_to_action(text)
        except IllegalActionError:
            pass
        else:
            raise _fail(seed, move, f"nonsense notation {text!r} was accepted")
    for action in legal:
        child = state.clone()
        child.apply_action(action)
    if _snapshot(state) != before:
        raise _fail(seed, move, "applying actions to clones changed the original")
    restored = game.deserialize_state(state.serialize())
    if _snapshot(restored) != before:
        raise _fail(seed, move, "serialize/deserialize_state does not round-trip")


def check_random_simulation(
    game_factory: Callable[[], Game], games: int, seed: int = 0, deep_every: int = 25
) -> None:
    """Play `games` seeded random games, checking the API at every step.

    The expensive checks (every legal action applied to a clone, illegal probes,
    serialisation round-trip) run at every step of every `deep_every`-th game and at
    a few random steps of the others.
    """
    for g in range(games):
        game_seed = seed + g
        rng = random.Random(game_seed)
        game = game_factory()
        state = game.new_initial_state()
        deep_game = g % deep_every == 0
        move = 0
        while True:
            deep = deep_game or rng.random() < 0.02
            _check_step(game, state, game_seed, move, rng, deep)
            if state.is_terminal():
                break
            state.apply_action(_random_action(state, rng))
            move += 1
        again = game.new_initial_state()
        for action in state.history():
            again.apply_action(action)
        if _snapshot(again) != _snapshot(state):
            raise _fail(game_seed, move, "replaying history() does not reach an identical state")
        if _snapshot(replay(record_of(state))) != _snapshot(state):
            raise _fail(game_seed, move, "the game record does not replay to an identical state")


def check_copy_integrity(game_factory: Callable[[], Game], games: int, seed: int = 0) -> None:
    """At random points, play a clone to the end; the original must not change."""
    for g in range(games):
        game_seed = seed + g
        rng = random.Random(game_seed)
        state = game_factory().new_initial_state()
        move = 0
        while not state.is_terminal():
            if rng.random() < 0.1:
                before = _snapshot(state)
                clone = state.clone()
                if _snapshot(clone) != before:
                    raise _fail(game_seed, move, "a clone differs from its original")
                while not clone.is_terminal():
                    clone.apply_action(_random_action(clone, rng))
                if _snapshot(state) != before:
                    raise _fail(game_seed, move, "playing on from a clone changed the original")
            state.apply_action(_random_action(state, rng))
            move += 1


def check_information_safety(game_factory: Callable[[], Game], games: int, seed: int = 0) -> None:
    """Resampling never leaks or disturbs what a seat sees."""
    for g in range(games):
        game_seed = seed + g
        rng = random.Random(game_seed)
        game = game_factory()
        n = game.num_players()
        state = game.new_initial_state()
        move = 0
        while not state.is_terminal():
            if rng.random() < 0.1:
                views = [state.observation(s) for s in range(n)]
                before = state.serialize()
                for seat in range(n):
                    resampled = state.resample_from_infostate(seat, random.Random(rng.random()))
                    if resampled.observation(seat) != views[seat]:
                        raise _fail(game_seed, move, f"resampled state looks different to seat {seat}")
                    if resampled.current_player() != state.current_player():
                        raise _fail(game_seed, move, "resampled state has another player to move")
                    if state.current_player() == seat and resampled.legal_actions() != state.legal_actions():
                        raise _fail(game_seed, move, f"seat {seat} has other legal actions after resampling")
                    for other in range(n):
                        if state.observation(other) != views[other]:
                            raise _fail(game_seed, move, f"resampling for {seat} changed seat {other}'s view")
                if state.serialize() != before:
                    raise _fail(game_seed, move, "resampling changed the original state")
                for seat in range(n):
                    json.dumps(views[seat])  # observations must be JSON-able
            state.apply_action(_random_action(state, rng))
            move += 1
