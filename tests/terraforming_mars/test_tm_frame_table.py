"""Terraforming Mars on `core.decisions`: one handler per frame kind, of the right role,
for every frame reached in play (issue 22 part 3)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludoteca import load_game
from ludoteca.core.decisions import AUTOMATIC, CHANCE, DECISION, FrameTable
from ludoteca.games.terraforming_mars import frames, state
from ludoteca.games.terraforming_mars.frames import (
    F_DEAL,
    F_DRAW,
    F_NEUTRAL,
    F_OP,
    F_PASS_PACKS,
    F_PLAYED,
    F_REVEAL,
    F_REVEAL_CORPS,
    FRAME_NAMES,
)
from ludoteca.games.terraforming_mars.generation import next_step
from ludoteca.games.terraforming_mars.stack import HANDLERS, JOURNAL_TABLE, TABLE
from ludoteca.games.terraforming_mars.state import TMState

KINDS = range(len(FRAME_NAMES))
CHANCE_KINDS = {F_DRAW, F_DEAL, F_REVEAL, F_NEUTRAL}
AUTOMATIC_KINDS = {F_OP, F_PLAYED, F_REVEAL_CORPS, F_PASS_PACKS}


def test_the_table_has_one_handler_per_kind_in_kind_order() -> None:
    assert len(FRAME_NAMES) == 27 == len(HANDLERS)
    assert isinstance(TABLE.handlers, list)  # kinds 0..26: looked up by index
    assert [h.kind for h in HANDLERS] == list(KINDS)
    assert TABLE.handlers == list(HANDLERS) == JOURNAL_TABLE.handlers
    constants = sorted(v for k, v in vars(frames).items() if k.startswith("F_") and type(v) is int)
    assert constants == list(KINDS)  # every kind frames.py defines, and no other


def test_each_handler_has_its_role_and_sits_with_its_rule() -> None:
    roles = {h.kind: h.role for h in HANDLERS}
    assert {k for k, r in roles.items() if r == CHANCE} == CHANCE_KINDS == TABLE.chance_kinds
    assert {k for k, r in roles.items() if r == AUTOMATIC} == AUTOMATIC_KINDS
    assert TABLE.decision_kinds == set(KINDS) - CHANCE_KINDS - AUTOMATIC_KINDS
    assert all(getattr(h, "forced", False) for h in HANDLERS if h.role == DECISION)  # one option: taken
    for h in HANDLERS:
        module = h.__module__.rsplit(".", 1)[1]
        assert h.__module__.startswith("ludoteca.games.terraforming_mars.")
        assert module not in ("stack", "state", "frames"), h  # with the rule, not with the loop


def _play(options: dict[str, Any], seed: int) -> list[tuple[int, str, int | None]]:
    """A random game; every resolved frame as (kind, role, action or None)."""
    seen: list[tuple[int, str, int | None]] = []

    def observe(st: TMState, frame: tuple[Any, ...], action: int | None) -> None:
        seen.append((frame[0], TABLE.handler(frame).role, action))

    table = FrameTable("terraforming-mars", HANDLERS, refill=next_step, observe=observe)
    rng = random.Random(seed)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(state, "TABLE", table)
        st = load_game("terraforming-mars", **options).new_initial_state()
        while not st.is_terminal():
            for frame in st.stack:  # every frame waiting has a handler of its kind
                assert TABLE.handler(frame).kind == frame[0]
            role = TABLE.handler(st.stack[-1]).role
            if st.is_chance_node():
                assert role == CHANCE
                outcomes = st.chance_outcomes()
                assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
                st.apply_action(rng.choice(outcomes)[0])
            else:
                legal = st.legal_actions()
                assert role == DECISION and len(legal) >= 2 and list(legal) == sorted(legal)
                st.apply_action(rng.choice(legal))
        assert st.stack == []
    return seen


@pytest.mark.parametrize("options, seed", [
    ({"players": 2}, 1),
    ({"players": 2, "corporate_era": True, "draft": True, "max_generations": 5}, 2),
    ({"players": 1}, 3),
])
def test_every_frame_reached_in_play_is_resolved_by_its_role(options: dict[str, Any], seed: int) -> None:
    seen = _play(options, seed)
    for kind, role, action in seen:
        assert (action is None) == (role == AUTOMATIC), (FRAME_NAMES[kind], action)
    reached = {kind for kind, _, _ in seen}
    assert {F_OP, F_PLAYED, F_REVEAL_CORPS, F_DRAW, frames.F_MENU, frames.F_RESEARCH, frames.F_PAY,
            frames.F_PLACE} <= reached
    if options["players"] == 1:
        assert F_NEUTRAL in reached
    if options.get("draft"):
        assert {frames.F_DRAFT, F_PASS_PACKS, F_DEAL, frames.F_CORP} <= reached
