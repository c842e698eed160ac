"""The Dice Game's decision stack: one `core.decisions` handler per frame kind, of the right role.

`state.TABLE` must list a handler for every kind `tasks.py` defines and every kind that
reaches the stack in play (random games of 1 to 4 players, watched through a copy of
the table with an `observe` hook), chance kinds as `Chance`, decisions as forced
`Choice`s, the rest as `Automatic`. The order of a card's effects (`D_ORDER`) is rare in
random play: a scripted position of `test_tmd_order` reaches it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from test_tmd_order import at_main
from tmd_helpers import play

from ludoteca import load_game
from ludoteca.core.decisions import AUTOMATIC, CHANCE, DECISION, FrameTable
from ludoteca.games.tm_dice import state as state_module
from ludoteca.games.tm_dice import tasks
from ludoteca.games.tm_dice.base import Choice
from ludoteca.games.tm_dice.state import HANDLERS, SECRET_KINDS, TABLE, TMDiceState

KINDS = {name: value for name, value in vars(tasks).items()
         if name.partition("_")[0] in ("OP", "C", "D", "A") and isinstance(value, int)}
CHOSEN_EFFECTS = {"OP_PLACE", "OP_TURN_DIE"}  # the effects that need a choice


def _role(name: str) -> str:
    if name.startswith("C_"):
        return CHANCE
    if name.startswith("D_") or name in CHOSEN_EFFECTS:
        return DECISION
    return AUTOMATIC


def test_every_kind_has_one_handler_of_its_family_role() -> None:
    assert TABLE.kinds == set(KINDS.values())
    assert len(HANDLERS) == len(KINDS)
    for name, kind in KINDS.items():
        handler = TABLE.by_kind[kind]
        assert handler.role == _role(name), f"{name}: {handler.__name__} is a {handler.role}"
        if handler.role == DECISION:
            assert issubclass(handler, Choice) and handler.forced, f"{handler.__name__} is not forced"
    chance = {k for n, k in KINDS.items() if n.startswith("C_")}
    assert chance == state_module.CHANCE_KINDS


def test_secret_kinds_are_the_deals_the_draws_and_the_kept_corporation() -> None:
    assert {tasks.C_DRAW, tasks.C_DEAL_CORP, tasks.C_BONUS_STACK, tasks.D_CORP} == SECRET_KINDS


def test_each_handler_sits_in_its_rule_module() -> None:
    modules = {h.__module__.rpartition(".")[2] for h in HANDLERS}
    assert modules == {"setup", "turns", "production", "order", "effects"}


def _random_game(players: int, seed: int, start: dict[str, int] | None, seen: set[int]) -> None:
    game = load_game("tm-dice", players=players, start=start)
    rng = random.Random(seed)
    state = game.new_initial_state()
    assert isinstance(state, TMDiceState)
    while not state.is_terminal():
        seen.update(frame[0] for frame in state._stack)
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            action = rng.choice(state.legal_actions())
        state.apply_action(action)


def test_every_frame_reached_in_play_has_its_handler(monkeypatch: pytest.MonkeyPatch) -> None:
    resolved: set[int] = set()

    def observe(state: Any, frame: tuple[int, ...], action: int | None) -> None:
        handler = TABLE.by_kind[frame[0]]
        assert (action is None) == (handler.role == AUTOMATIC), (handler.__name__, action)
        resolved.add(frame[0])

    spy: FrameTable[Any] = FrameTable("tm-dice", HANDLERS, refill=TABLE.refill, observe=observe)
    monkeypatch.setattr(state_module, "TABLE", spy)
    seen: set[int] = set()
    for players in (1, 2, 3, 4):
        _random_game(players, players, None, seen)
    _random_game(2, 7, {"temperature": 7, "oxygen": 5, "oceans": 5}, seen)
    ordered = at_main("pd_p07", {"temperature": 1}, {3: 1}, wild=2)  # Comet Nudge: the order matters
    play(ordered, "play pd_p07")
    seen.update(frame[0] for frame in ordered._stack)
    play(ordered, "first raise:temperature:1")
    reached = resolved | seen
    names = {k: n for n, k in KINDS.items()}
    assert sorted(names[k] for k in TABLE.kinds - reached) == []
    assert sorted(names[k] for k in TABLE.kinds - resolved) == []  # and every handler resolved one
