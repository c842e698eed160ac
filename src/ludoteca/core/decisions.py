"""Pending decisions, one design for every game: a stack of plain-data frames, each kind
of frame resolved by one handler class.

A game's state keeps its pending work as a list, the **stack**; the top frame says what
happens next. A frame is plain data — a tuple whose item 0 is its kind (an int), or a
dict whose `"k"` is (a str) — never a callable, so a state in the middle of any card
copies, compares and replays as data. Every kind has exactly one handler: a class with
static methods, listed explicitly in the game's `FrameTable` (nothing registers itself):

* `Decision` — a seat chooses. `legal(state, frame)` lists the action ids, `apply(state,
  frame, action)` carries one out: legality and effect side by side, as in TAG's
  `IExtendedSequence` or the Terraforming Mars web app's `SelectX` inputs. With
  `forced = True` a decision that offers one option is taken at once (the seat is
  not asked); a decision that offers none *lapses*: it is dropped and `lapse(state,
  frame)` runs (by default nothing).
* `Chance` — the next action is a chance outcome: `outcomes(state, frame)` gives
  `(action, probability)` pairs, `resolve(state, frame, action)` applies one; a chance
  frame that cannot happen (`ready` is False: a draw from an exhausted deck) is dropped.
* `Automatic` — no decision at all: `run(state, frame)`.

The handler is always given the frame already **popped** from the stack; a handler that
continues (a draw of three cards after the first) pushes its next frame.

`FrameTable.settle(state, stack)` runs automatic frames, drops lapsed ones and takes forced
options until a decision with a real choice, a chance frame or an empty stack is on top,
and returns that decision's options (None otherwise). `FrameTable.apply(state, stack,
action)` pops the top frame and resolves `action` on it. Three optional hooks adapt the
loop to a game without subclassing it: `refill(state)` is asked when the stack is empty
(push the next stage's frames and return True, or return False: the game is over);
`intercept(state, frame)` may take a top frame before its handler does (a solo bot that
plays its own frames) and returns True if it did; `observe(state, frame, action)` sees
every resolved frame (a game log, goals that watch actions).

`FrameTable` checks, when built, that every kind has one handler of one role and that
every role's methods are there, and names the game in the error.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import Any, ClassVar, Generic, TypeVar

S = TypeVar("S")  # the game's state class
#: a frame: a tuple (its kind at 0) or a dict (its kind at "k"); plain data either way
Frame = Any

DECISION, CHANCE, AUTOMATIC = "decision", "chance", "automatic"


class Handler:
    """What every handler class declares: the kind of frame it resolves and its role."""

    kind: ClassVar[Hashable]
    role: ClassVar[str]


class Decision(Handler):
    """A seat's choice. Subclasses define `legal` and `apply` as static methods."""

    role = DECISION
    #: one option only: taken at once, the seat is not asked
    forced: ClassVar[bool] = False

    @staticmethod
    def legal(state: Any, frame: Any) -> Sequence[int]:
        raise NotImplementedError

    @staticmethod
    def apply(state: Any, frame: Any, action: int) -> None:
        raise NotImplementedError

    @staticmethod
    def lapse(state: Any, frame: Any) -> None:
        """Runs when the decision offers no option (the frame is dropped)."""


class Chance(Handler):
    """A chance node. Subclasses define `outcomes` and `resolve`, and may define `ready`."""

    role = CHANCE

    @staticmethod
    def ready(state: Any, frame: Any) -> bool:
        """False: this chance event cannot happen now, the frame is dropped."""
        return True

    @staticmethod
    def outcomes(state: Any, frame: Any) -> list[tuple[int, float]]:
        raise NotImplementedError

    @staticmethod
    def resolve(state: Any, frame: Any, action: int) -> None:
        raise NotImplementedError


class Automatic(Handler):
    """A step the rules take alone. Subclasses define `run`."""

    role = AUTOMATIC

    @staticmethod
    def run(state: Any, frame: Any) -> None:
        raise NotImplementedError


_ROLE_METHODS = {DECISION: ("legal", "apply"), CHANCE: ("outcomes", "resolve"), AUTOMATIC: ("run",)}


class FrameTable(Generic[S]):
    """One game's handlers, by frame kind, and the loop that resolves its stack.

    `key` is where a frame holds its kind: 0 for tuple frames, `"k"` for dict frames.
    Integer kinds `0..n-1` are looked up in a list, other kinds in a dict.
    """

    def __init__(
        self,
        game: str,
        handlers: Iterable[type[Handler]],
        *,
        key: int | str = 0,
        refill: Callable[[S], bool] | None = None,
        intercept: Callable[[S, Frame], bool] | None = None,
        observe: Callable[[S, Frame, int | None], None] | None = None,
    ) -> None:
        self.game = game
        self.key = key
        self.refill = refill
        self.intercept = intercept
        self.observe = observe
        by_kind: dict[Hashable, type[Handler]] = {}
        for handler in handlers:
            kind = getattr(handler, "kind", None)
            role = getattr(handler, "role", None)
            if kind is None or role not in _ROLE_METHODS:
                raise TypeError(f"{game}: {handler.__name__} is not a Decision, Chance or Automatic "
                                "with a kind")
            if kind in by_kind:
                raise ValueError(f"{game}: frame kind {kind!r} has two handlers, "
                                 f"{by_kind[kind].__name__} and {handler.__name__}")
            for method in _ROLE_METHODS[role]:
                if getattr(handler, method) is getattr(_BASES[role], method):
                    raise TypeError(f"{game}: {handler.__name__} ({role}) does not define {method}()")
            by_kind[kind] = handler
        self.by_kind = by_kind
        self.handlers: Any
        if by_kind and all(type(k) is int for k in by_kind) and set(by_kind) == set(range(len(by_kind))):
            self.handlers = [by_kind[k] for k in range(len(by_kind))]
        else:
            self.handlers = by_kind
        self.kinds = frozenset(by_kind)
        self.chance_kinds = frozenset(k for k, h in by_kind.items() if h.role == CHANCE)
        self.decision_kinds = frozenset(k for k, h in by_kind.items() if h.role == DECISION)

    def handler(self, frame: Frame) -> Any:
        """The handler class of `frame`'s kind (KeyError/IndexError: an unknown kind)."""
        return self.handlers[frame[self.key]]

    def is_chance(self, frame: Frame) -> bool:
        return frame[self.key] in self.chance_kinds

    def settle(self, state: S, stack: list[Frame]) -> Sequence[int] | None:
        """Resolve what needs no one until someone must act; return that decision's
        options (a choice of at least one, or of one for a decision not `forced`), or
        None at a chance frame or when the stack stays empty."""
        key, handlers = self.key, self.handlers
        refill, intercept, observe = self.refill, self.intercept, self.observe
        while True:
            if not stack:
                if refill is not None and refill(state):
                    continue
                return None
            frame = stack[-1]
            if intercept is not None and intercept(state, frame):
                continue
            handler = handlers[frame[key]]
            role = handler.role
            if role is AUTOMATIC:
                stack.pop()
                handler.run(state, frame)
                if observe is not None:
                    observe(state, frame, None)
                continue
            if role is CHANCE:
                if handler.ready(state, frame):
                    return None
                stack.pop()
                continue
            options = handler.legal(state, frame)
            if not options:
                stack.pop()
                handler.lapse(state, frame)
                continue
            if handler.forced and len(options) == 1:
                stack.pop()
                handler.apply(state, frame, options[0])
                if observe is not None:
                    observe(state, frame, options[0])
                continue
            return options

    def apply(self, state: S, stack: list[Frame], action: int) -> Frame:
        """Pop the top frame and resolve `action` on it (a choice or a chance outcome,
        already validated); return the frame. The caller settles afterwards."""
        frame = stack.pop()
        handler = self.handlers[frame[self.key]]
        if handler.role is CHANCE:
            handler.resolve(state, frame, action)
        else:
            handler.apply(state, frame, action)
        if self.observe is not None:
            self.observe(state, frame, action)
        return frame

    def outcomes(self, state: S, frame: Frame) -> list[tuple[int, float]]:
        return self.handlers[frame[self.key]].outcomes(state, frame)

    def legal(self, state: S, frame: Frame) -> Sequence[int]:
        return self.handlers[frame[self.key]].legal(state, frame)


_BASES: dict[str, type[Handler]] = {DECISION: Decision, CHANCE: Chance, AUTOMATIC: Automatic}
