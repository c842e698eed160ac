"""The prompt protocol: the current decision as plain data.

UIs list `options`, bots pick one, and `State.legal_actions()` is the list of their
`action` ids — all three read the same source, so they cannot disagree.

`text` is the language-neutral notation; `message` (`ludoteca.core.i18n`) says the same
for a reader, in any language: a game that has not translated a decision yet leaves it
None and `to_dict()` gives the notation fallback (`core.notation`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ludoteca.core.i18n import Message, notation


@dataclass(frozen=True, slots=True)
class Option:
    """One choice: its action id, its canonical notation and structured details."""

    action: int
    text: str
    payload: dict[str, Any] = field(default_factory=dict)
    message: Message | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"action": self.action, "text": self.text, "payload": self.payload,
                "message": self.message or notation(self.text)}


@dataclass(frozen=True, slots=True)
class Prompt:
    """The decision to make now: what kind, by whom, and every legal option."""

    kind: str
    seat: int
    text: str
    options: tuple[Option, ...]
    message: Message | None = None

    def find(self, text: str) -> Option | None:
        """The option whose notation is `text` (whitespace-insensitive), if any."""
        wanted = " ".join(text.split())
        return next((o for o in self.options if o.text == wanted), None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "seat": self.seat,
            "text": self.text,
            "message": self.message or notation(self.text),
            "options": [o.to_dict() for o in self.options],
        }
