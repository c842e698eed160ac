"""The explicit frame-handler registry (`handlers.py`): it lists every handler once, the
tables hold exactly what it lists, and every frame kind the rules push has a handler."""

from __future__ import annotations

import importlib
import pkgutil
import random
import re
from pathlib import Path

import pytest

import ludoteca.games.on_mars as on_mars_pkg
from ludoteca.core.play import sample_chance
from ludoteca.games.on_mars import frames, handlers
from ludoteca.games.on_mars.game import OnMarsGame

PACKAGE = Path(on_mars_pkg.__file__).parent
#: kinds given to `control.setup_frame` by name rather than as a `{"k": ...}` literal
BUILT_KINDS = {"cc_crystals", "movement_tech"}


def _marked() -> dict[str, object]:
    """Every handler marked with `@decision`/`@auto` in the package's modules, by kind."""
    found: dict[str, object] = {}
    for info in pkgutil.walk_packages([str(PACKAGE)], "ludoteca.games.on_mars."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if getattr(value, "__module__", None) == module.__name__ and frames.KIND_ATTR in vars(value):
                kind = handlers.kind_of(value)
                assert kind not in found, f"two handlers marked {kind!r}"
                found[kind] = value
    return found


def test_the_lists_hold_every_marked_handler_once() -> None:
    listed = [handlers.kind_of(h) for h in (*handlers.DECISIONS, *handlers.AUTOS)]
    assert len(listed) == len(set(listed))
    marked = _marked()
    assert set(listed) == set(marked)
    for handler in (*handlers.DECISIONS, *handlers.AUTOS):
        assert marked[handlers.kind_of(handler)] is handler
    assert all(hasattr(cls, "legal") and hasattr(cls, "apply") for cls in handlers.DECISIONS)


def test_the_tables_hold_exactly_the_lists() -> None:
    decisions = {handlers.kind_of(c): c for c in handlers.DECISIONS}
    assert set(frames.LEGAL) == set(frames.APPLY) == set(decisions)
    assert set(frames.AUTO) == {handlers.kind_of(f) for f in handlers.AUTOS}
    assert not set(frames.LEGAL) & set(frames.AUTO)
    for kind, cls in decisions.items():
        assert frames.LEGAL[kind] is cls.legal and frames.APPLY[kind] is cls.apply
    assert {k for k, c in decisions.items() if getattr(c, frames.FORCED_ATTR)} == frames.FORCED
    assert {"pay", "boost", "discovery"} <= frames.FORCED and "main" not in frames.FORCED


def test_a_kind_listed_twice_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(handlers, "AUTOS", (*handlers.AUTOS, handlers.AUTOS[0]))
    with pytest.raises(ValueError, match="upgrade_start"):
        handlers.install()


def test_every_kind_the_rules_push_has_a_handler_and_every_handler_is_pushed() -> None:
    source = "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py"))
    pushed = set(re.findall(r'"k": "(\w+)"', source)) | BUILT_KINDS
    assert pushed - {"draw"} == set(frames.LEGAL) | set(frames.AUTO)


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [
        (1, {}, 3),
        (2, {"space_oddity": True}, 5),
        (3, {"first_colonists": True}, 7),
        (4, {"length": "long"}, 11),
    ],
)
def test_every_kind_reached_in_play_has_a_handler(
    players: int, options: dict[str, object], seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    reached: set[str] = set()

    def spy(kind: str, fn: frames.AutoFn) -> frames.AutoFn:
        def run(state: object, frame: frames.Frame) -> None:
            reached.add(kind)
            fn(state, frame)  # type: ignore[arg-type]

        return run

    monkeypatch.setattr(frames, "AUTO", {k: spy(k, f) for k, f in frames.AUTO.items()})
    rng = random.Random(seed)
    state = OnMarsGame(players=players, **options).new_initial_state()
    while not state.is_terminal():
        kind = state.pending[-1]["k"]
        reached.add(kind)
        assert kind == "draw" or kind in frames.LEGAL
        legal = state.legal_actions()
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else rng.choice(legal))
    assert {"main", "space", "travel", "turn", "end_turn", "production"} <= reached
    if players == 1:
        assert {"lacerda_action", "solo_goal"} <= reached
    if options.get("first_colonists"):
        assert "fc_task" in reached
