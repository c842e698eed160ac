"""Lacerda's tie steps (`solo.actions.TIES`): the explicit table holds every step that
resumes his resolution once a tie is settled, and every tie play reaches names one."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludoteca.core.decisions import AUTOMATIC, Automatic, FrameTable, Handler
from ludoteca.core.play import sample_chance
from ludoteca.games.on_mars.game import OnMarsGame
from ludoteca.games.on_mars.solo import actions as act
from ludoteca.games.on_mars.solo import ties
from ludoteca.games.on_mars.solo.ties import TIE_POOL

#: the `to` of every tie: what he was choosing (a hex to build on, an upgrade, ...)
TIES_KINDS = {"build", "upgrade", "hire", "rover", "rover_stop", "discovery"}


def test_the_table_holds_every_tie_step_of_his_actions() -> None:
    defined = {
        v for v in vars(act).values()
        if isinstance(v, type) and issubclass(v, Handler) and v.__module__ == act.__name__
    }  # fmt: skip
    assert defined == set(act.TIES.by_kind.values())
    assert act.TIES.kinds == TIES_KINDS
    assert all(h.role == AUTOMATIC for h in defined)
    assert act.TIES.key == "to"


def test_a_tie_step_named_twice_is_refused() -> None:
    class Again(Automatic):
        kind = "build"

        @staticmethod
        def run(state: Any, frame: Any) -> None:
            pass

    with pytest.raises(ValueError, match="'build' has two handlers"):
        FrameTable("on_mars solo ties", (*act.TIES.by_kind.values(), Again), key="to")


def test_every_tie_reached_in_play_resumes_through_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two random solo games (seeds 1 and 3) reach every kind of tie, single and drawn."""
    chosen: set[str] = set()
    drawn: set[str] = set()
    choose = ties.choose

    def spy(state: Any, options: list[Any], then: type[Automatic], **data: Any) -> None:
        assert act.TIES.by_kind[then.kind] is then
        chosen.add(then.kind)
        choose(state, options, then, **data)

    monkeypatch.setattr(act, "choose", spy)
    monkeypatch.setattr(ties, "choose", spy)  # the further draws within a group
    for seed in (1, 3):
        rng = random.Random(seed)
        state = OnMarsGame(players=1).new_initial_state()
        while not state.is_terminal():
            frame = state.pending[-1]
            if state.is_chance_node():
                if frame.get("pool") == TIE_POOL:
                    assert act.TIES.handler(frame).kind == frame["to"]
                    drawn.add(frame["to"])
                state.apply_action(sample_chance(state, rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    assert chosen == TIES_KINDS
    assert {"build", "discovery", "upgrade"} <= drawn <= TIES_KINDS
