"""The pending-decision stack: frames are plain dicts, handlers are looked up by kind.

A frame is `{"k": kind, ...data}`; the top frame of `state.pending` is the decision
being made. Three tables, filled once by `handlers.install()` from the explicit lists of
handlers in `handlers.py` (the decorators below only mark a handler with its kind):

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


#: attribute names under which the decorators record a handler's kind and forcedness
KIND_ATTR = "frame_kind"
FORCED_ATTR = "frame_forced"


def decision(kind: str, forced: bool = False) -> Callable[[Any], Any]:
    """Mark a decision handler (a class with staticmethods `legal` and `apply`) with its kind.

    `forced`: resolved automatically when it offers exactly one option. Marking registers
    nothing: `handlers.DECISIONS` lists every handler.
    """

    def mark(cls: Any) -> Any:
        setattr(cls, KIND_ATTR, kind)
        setattr(cls, FORCED_ATTR, forced)
        return cls

    return mark


def auto(kind: str) -> Callable[[AutoFn], AutoFn]:
    """Mark an automatic step with its kind (listed in `handlers.AUTOS`)."""

    def mark(fn: AutoFn) -> AutoFn:
        setattr(fn, KIND_ATTR, kind)
        return fn

    return mark


def push(state: OnMarsState, *frames: Frame) -> None:
    """Push frames so that the first one given is resolved first."""
    state.pending.extend(reversed(frames))
