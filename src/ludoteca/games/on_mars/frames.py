"""The pending-decision stack: frames are plain dicts, handlers are looked up by kind.

A frame is `{"k": kind, ...data}`; the top frame of `state.pending` is the decision
being made. Three tables, filled by the rule modules with the decorators below:

* `LEGAL[kind](state, frame) -> [action ids]` — a decision frame's options;
* `APPLY[kind](state, frame, action)` — apply one option (the frame is already popped);
* `AUTO[kind](state, frame)` — an automatic step (no decision), run when it reaches the top.

A decision frame with no legal option lapses (is dropped). Frames never hold
callables, so states copy and compare as plain data.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState

Frame = dict[str, Any]
LegalFn = Callable[["OnMarsState", Frame], list[int]]
ApplyFn = Callable[["OnMarsState", Frame, int], None]
AutoFn = Callable[["OnMarsState", Frame], None]

LEGAL: dict[str, LegalFn] = {}
APPLY: dict[str, ApplyFn] = {}
AUTO: dict[str, AutoFn] = {}
#: decision kinds that are resolved automatically when they offer exactly one option
FORCED: set[str] = set()


def decision(kind: str, forced: bool = False) -> Callable[[Any], Any]:
    """Register `legal_<kind>`/`apply_<kind>` pairs: use on a class with two staticmethods."""

    def register(cls: Any) -> Any:
        LEGAL[kind] = cls.legal
        APPLY[kind] = cls.apply
        if forced:
            FORCED.add(kind)
        return cls

    return register


def auto(kind: str) -> Callable[[AutoFn], AutoFn]:
    def register(fn: AutoFn) -> AutoFn:
        AUTO[kind] = fn
        return fn

    return register


def push(state: OnMarsState, *frames: Frame) -> None:
    """Push frames so that the first one given is resolved first."""
    state.pending.extend(reversed(frames))
