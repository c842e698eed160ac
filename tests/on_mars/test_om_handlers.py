"""On Mars' frame table (`handlers.py`): it lists every handler class of the package once,
every frame kind the rules push or play reaches has a handler, and each handler has the
role its frames need (`draw` is chance, the automatic steps are automatic, ...)."""

from __future__ import annotations

import importlib
import pkgutil
import random
import re
from pathlib import Path
from typing import Any

import pytest

import ludoteca.games.on_mars as on_mars_pkg
from ludoteca.core.decisions import AUTOMATIC, CHANCE, DECISION, FrameTable, Handler
from ludoteca.core.play import sample_chance
from ludoteca.games.on_mars import colony
from ludoteca.games.on_mars.game import OnMarsGame
from ludoteca.games.on_mars.handlers import HANDLERS, TABLE
from ludoteca.games.on_mars.solo.actions import TIES
from ludoteca.games.on_mars.solo.lacerda import TAKEOVER
from ludoteca.games.on_mars.state import OnMarsState

PACKAGE = Path(on_mars_pkg.__file__).parent
#: kinds given to `control.setup_frame` by name rather than as a `{"k": ...}` literal
BUILT_KINDS = {"cc_crystals", "movement_tech"}
#: the steps the rules take alone
AUTOMATIC_KINDS = {
    "turn", "end_turn", "production", "shuttle_move", "retrieve_side", "dealt_space",
    "add_colonists", "upgrade_start", "finish_build", "move_end", "lacerda_action",
    "lacerda_tidy", "lacerda_level_up",
}  # fmt: skip
#: decisions taken at once when they offer one option (payments, extras, boosts, ...)
FORCED_KINDS = {
    "pay", "extra", "boost", "adv_boost", "lab_space", "place_bot", "refill", "use_tech",
    "upgrade_tech", "cc_crystals", "movement_tech", "discovery",
}  # fmt: skip


def _handler_classes() -> set[type[Handler]]:
    """Every `core.decisions` handler class defined in the package's modules."""
    found: set[type[Handler]] = set()
    for info in pkgutil.walk_packages([str(PACKAGE)], "ludoteca.games.on_mars."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Handler) and value.__module__ == module.__name__:
                found.add(value)
    return found


def test_the_table_lists_every_handler_class_of_the_package_once() -> None:
    assert len(HANDLERS) == len(set(HANDLERS))
    # Lacerda's tie steps are the other explicit table (`solo.actions.TIES`)
    assert _handler_classes() == set(HANDLERS) | set(TIES.by_kind.values())
    assert not set(HANDLERS) & set(TIES.by_kind.values())
    assert TABLE.by_kind == {h.kind: h for h in HANDLERS}
    assert TABLE.key == "k" and TABLE.game == "on_mars"


def test_each_handler_has_the_role_its_frames_need() -> None:
    assert TABLE.chance_kinds == {"draw"}
    automatic = {k for k, h in TABLE.by_kind.items() if h.role == AUTOMATIC}
    assert automatic == AUTOMATIC_KINDS
    assert TABLE.decision_kinds == TABLE.kinds - AUTOMATIC_KINDS - {"draw"}
    forced = {k for k in TABLE.decision_kinds if TABLE.by_kind[k].forced}
    assert forced == FORCED_KINDS and "main" not in forced


def test_lacerda_takes_over_only_kinds_the_table_knows() -> None:
    """His own resolution (`lacerda_takes`, the table's intercept) replaces handlers: the
    frames he takes over are shared decisions or automatic steps, never a chance draw."""
    assert set(TAKEOVER) <= TABLE.kinds - TABLE.chance_kinds


def test_a_kind_listed_twice_is_refused() -> None:
    with pytest.raises(ValueError, match="upgrade_start"):
        FrameTable("on_mars", (*HANDLERS, colony._UpgradeStart), key="k")


def test_every_kind_the_rules_push_has_a_handler_and_every_handler_is_pushed() -> None:
    source = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py"))
    pushed = set(re.findall(r'"k": "(\w+)"', source)) | BUILT_KINDS
    assert pushed == TABLE.kinds


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [
        (1, {}, 3),
        (2, {"space_oddity": True}, 5),
        (3, {"first_colonists": True}, 7),
        (4, {"length": "long"}, 11),
    ],
)
def test_every_kind_reached_in_play_has_a_handler_of_the_right_role(
    players: int, options: dict[str, object], seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    reached: set[str] = set()
    observe, intercept = TABLE.observe, TABLE.intercept
    assert observe is not None and intercept is not None

    def seen(state: OnMarsState, frame: dict[str, Any], action: int | None) -> None:
        role = TABLE.by_kind[frame["k"]].role  # resolved: a handler ran it
        assert role == AUTOMATIC if action is None else role in (DECISION, CHANCE)
        reached.add(frame["k"])
        observe(state, frame, action)

    def lacerda(state: OnMarsState, frame: dict[str, Any]) -> bool:
        assert frame["k"] in TABLE.kinds
        reached.add(frame["k"])
        return intercept(state, frame)

    monkeypatch.setattr(TABLE, "observe", seen)
    monkeypatch.setattr(TABLE, "intercept", lacerda)
    rng = random.Random(seed)
    state = OnMarsGame(players=players, **options).new_initial_state()
    while not state.is_terminal():
        frame = state.pending[-1]
        role = TABLE.by_kind[frame["k"]].role
        if state.is_chance_node():
            assert role == CHANCE
            state.apply_action(sample_chance(state, rng))
        else:
            assert role == DECISION and state.current_player() == frame["seat"]
            state.apply_action(rng.choice(state.legal_actions()))
    assert {"draw", "main", "space", "travel", "turn", "end_turn", "production"} <= reached
    if players == 1:
        assert {"lacerda_action", "lacerda_tidy", "solo_goal"} <= reached
    if options.get("first_colonists"):
        assert {"fc_task", "dealt_space"} <= reached
