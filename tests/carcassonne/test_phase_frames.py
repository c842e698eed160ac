"""Carcassonne on `core.decisions`: the phase is the one frame on the stack (phases.py).

The table lists one handler per phase, each of the right role; every frame reached in
play has its handler, says who moves, and settling the stack (what `legal_actions`
does) never changes it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludoteca import load_game
from ludoteca.core.api import CHANCE
from ludoteca.core.decisions import CHANCE as CHANCE_ROLE
from ludoteca.core.decisions import DECISION, Chance, Decision
from ludoteca.core.play import sample_chance
from ludoteca.games.carcassonne import phases, wonder_turns
from ludoteca.games.carcassonne.phases import Phase
from ludoteca.games.carcassonne.state import TABLE, CarcassonneState

KINDS = {name: value for name, value in vars(phases).items() if name.startswith("PHASE_")}


def test_the_table_has_one_handler_of_the_right_role_per_phase() -> None:
    assert TABLE.kinds == set(KINDS.values()) == set(range(len(KINDS)))
    assert isinstance(TABLE.handlers, list)  # kinds 0..n-1: one index per dispatch
    assert TABLE.chance_kinds == {phases.PHASE_DRAW}  # the draw is the only chance node
    assert TABLE.decision_kinds == TABLE.kinds - {phases.PHASE_DRAW}  # nothing automatic
    names = set()
    for kind, handler in TABLE.by_kind.items():
        assert issubclass(handler, Phase) and handler.describe is not Phase.describe
        assert issubclass(handler, Chance if kind == phases.PHASE_DRAW else Decision)
        assert not getattr(handler, "forced", False)  # every option is asked, even a lone one
        names.add(handler.name)
        module = handler.__module__.rsplit(".", 1)[1]
        assert f"`{module}.{handler.__name__}`" in (phases.__doc__ or "")  # the spec's table lists it
    assert len(names) == len(KINDS) and "over" not in names


def _check(state: CarcassonneState, seen: set[int]) -> None:
    stack = state._stack
    if state.is_terminal():
        assert stack == [] and state.phase() == "over"
        return
    assert len(stack) == 1
    frame = stack[-1]
    kind, seat = frame
    seen.add(kind)
    handler = TABLE.handler(frame)
    assert handler.kind == kind and state.phase() == handler.name
    assert handler.role == (CHANCE_ROLE if state.is_chance_node() else DECISION)
    assert seat == state.current_player()
    if seat != CHANCE:
        claim = kind == phases.PHASE_CLAIM
        assert seat == (state.wonder_track.claimants[0] if claim else state.turn_seat())  # type: ignore[union-attr]
        before = state.full_state()
        assert list(TABLE.settle(state, stack) or ()) == state.legal_actions() != []
        assert stack == [frame] and state.full_state() == before  # settling changed nothing
    assert state._decision() == handler.describe(state, frame)


#: openings that reach the rarer phases: seat 0 earns a Wonder (example A of test_wonders);
#: two seats earn one at the same turn's end (example C there)
EARN_ONE = ["draw base:E", "place 0,1 r180", "meeple city S", "draw base:E", "place 1,1 r0", "skip",
            "draw base:F", "place 1,2 r90", "meeple city N", "draw base:U", "place 1,0 r0", "meeple road E",
            "draw base:E", "place 1,3 r180", "skip"]
EARN_TWO = ["draw base:F", "place 0,1 r90", "meeple city N", "draw base:E", "place -1,1 r0", "meeple city N",
            "draw base:N", "place 0,2 r270", "skip", "draw base:N", "place -1,2 r180", "skip"]


def _play(options: dict[str, Any], seed: int, seen: set[int], opening: tuple[str, ...] = ()) -> None:
    """A random game (after `opening`) in which a held Wonder is placed at once."""
    rng = random.Random(seed)
    state = load_game("carcassonne", **options).new_initial_state()
    assert isinstance(state, CarcassonneState)
    for text in opening:
        _check(state, seen)
        state.apply_string(text)
    while True:
        _check(state, seen)
        if state.is_terminal():
            return
        legal = state.legal_actions()
        wonder = [a for a in legal if state.action_to_string(a).startswith("place-wonder")]
        action = sample_chance(state, rng) if state.is_chance_node() else rng.choice(wonder or legal)
        before, clone = list(state._stack), state.clone()
        state.apply_action(action)
        assert clone._stack == before  # a copy's stack is its own


def test_every_frame_reached_in_play_has_its_handler(monkeypatch: pytest.MonkeyPatch) -> None:
    real = wonder_turns.wonder_spots

    def only_next_to_a_helper(board, wonder, touching=None):  # type: ignore[no-untyped-def]
        return real(board, wonder, touching) if touching is not None else []

    seen: set[int] = set()
    wonders = {"players": 2, "expansions": ["inns_cathedrals", "wonders"]}
    for seed in range(2):
        _play({"players": 2}, seed, seen)
        _play({**wonders, "wonders": ["abu_simbel", "tikal"]}, seed, seen, (*EARN_ONE, "wonder abu_simbel"))
        _play({**wonders, "players": 3, "wonders": ["circus_maximus", "alhambra", "stonehenge"]}, seed, seen,
              (*EARN_TWO, "order 1,0"))
    assert seen == TABLE.kinds - {phases.PHASE_HELPER_WONDER}
    monkeypatch.setattr(wonder_turns, "wonder_spots", only_next_to_a_helper)  # D13: the helper tile
    _play({**wonders, "wonders": ["alhambra", "tikal"]}, 0, seen, (*EARN_ONE, "wonder tikal"))
    assert seen == TABLE.kinds
