"""The prompt protocol: the current decision as plain data.

UIs list `options`, bots pick one, and `State.legal_actions()` is the list of their
`action` ids — all three read the same source, so they cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Option:
    """One choice: its action id, its canonical notation and structured details."""

    action: int
    text: str
    payload: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action, "text": self.text, "payload": self.payload}


@dataclass(frozen=True, slots=True)
class Prompt:
    """The decision to make now: what kind, by whom, and every legal option."""

    kind: str
    seat: int
    text: str
    options: tuple[Option, ...]

    def find(self, text: str) -> Option | None:
        """The option whose notation is `text` (whitespace-insensitive), if any."""
        wanted = " ".join(text.split())
        return next((o for o in self.options if o.text == wanted), None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "seat": self.seat,
            "text": self.text,
            "options": [o.to_dict() for o in self.options],
        }
