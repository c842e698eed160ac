"""The pending-decision stack's frames: plain dicts, `{"k": kind, ...data}`.

The top frame of `state.pending` is what happens next. Every kind has one handler class
of `ludoteca.core.decisions`, next to its rule code, and `handlers.TABLE` lists them all:

* `Decision` (`legal`, `apply`; `forced`: taken at once when it offers one option) —
  a seat chooses; a decision offering no option lapses (is dropped);
* `Chance` — the `draw` frames (`flow._Draw`): the items left in a pool;
* `Automatic` (`run`) — a step the rules take alone when it reaches the top.

Handlers get the frame already popped and push what follows. Frames never hold
callables, so states copy and compare as plain data.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState

Frame = dict[str, Any]


def push(state: OnMarsState, *frames: Frame) -> None:
    """Push frames so that the first one given is resolved first."""
    state.pending.extend(reversed(frames))
