"""`LazyInfo`: a Gymnasium `info` dict whose costly entries are computed when first read.

The Gymnasium env's `info` carries the legal options' ids and feature matrix and
the action mask; building them (a prompt, one feature row per option) costs about
as much as the rest of a step, and a learner that picks from `action_masks()` never
reads them. A `LazyInfo` holds those keys from the start (`in`, `len`, `keys()`
and iteration see them) in groups, each with its own function, and computes a
group's values together the first time one of them is read (`info[key]`, `get`: so
a learner reading the option features does not pay for the 82k-id mask), and every
group's when the dict is read whole, by any route: `info[key]`, `get`, `items()`, `values()`, `dict(info)`,
`{**info}`, `info | other`, `copy()`, `copy.copy`/`deepcopy`/pickle (which give a
plain `dict`), `==` and `repr`. So gymnasium's vector envs (which stack infos with
`items()`, or pickle them out of a worker process) and `check_env` see the same
values as with an eager dict.

The values are those of the state the step left: a `LazyInfo` holds that state
and computes from it, and before the env changes that state in place (its next
`step()`), it gives a still pending info it made a clone to read instead
(`rebase`; a clone shares the state's immutable parts, so this costs far less than
the values) unless nobody holds the info any more (the env keeps only a weak
reference) or only groups that do not read the state are left (the mask, built
from the legal ids the state held: `needs_state`). A key set by the caller keeps the caller's value.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ludoteca.core.api import State

_PENDING = object()  # the placeholder of a key not computed yet


class LazyInfo(dict[str, Any]):
    """A dict with some keys computed on first read (see the module docstring)."""

    __slots__ = ("__weakref__", "_fills", "_group", "_left", "_state", "_stateless")

    def __init__(self, eager: dict[str, Any],
                 groups: Sequence[tuple[tuple[str, ...], Callable[[State], dict[str, Any]]]],
                 state: State, stateless: int = 0) -> None:
        """`eager` values now; each group's keys' values are `fill(state)`, computed once.
        The first `stateless` groups do not read the state (their fills hold what they
        need), so once only they are left the info needs no `rebase`."""
        super().__init__(eager)
        self._stateless = stateless
        self._group: dict[str, int] = {}  # pending key -> index of its group
        for i, (keys, _) in enumerate(groups):
            for key in keys:
                dict.__setitem__(self, key, _PENDING)
                self._group[key] = i
        self._fills: list[Callable[[State], dict[str, Any]] | None] = [fill for _, fill in groups]
        self._left = len(groups)
        self._state: State | None = state

    def rebase(self, state: State) -> None:
        """Compute from `state` (a copy of the one held, which is about to change)."""
        if self._left:
            self._state = state

    def _compute(self, group: int) -> None:
        fill, state = self._fills[group], self._state
        if fill is None:
            return
        assert state is not None
        values = fill(state)
        self._fills[group] = None
        self._left -= 1
        if not self._left:
            self._state = None
        for key, value in values.items():
            if dict.get(self, key) is _PENDING:
                dict.__setitem__(self, key, value)

    def resolve(self) -> LazyInfo:
        """Compute the pending values now (no-op once done); return self."""
        if self._left:
            for group in range(len(self._fills)):
                self._compute(group)
        return self

    @property
    def pending(self) -> bool:
        """True while some lazy values are not computed."""
        return self._left > 0

    @property
    def needs_state(self) -> bool:
        """True while a group that reads the state is not computed (see `rebase`)."""
        return any(fill is not None for fill in self._fills[self._stateless:])

    def __getitem__(self, key: str) -> Any:
        value = dict.__getitem__(self, key)
        if value is _PENDING:
            self._compute(self._group[key])
            value = dict.__getitem__(self, key)
        return value

    def get(self, key: str, default: Any = None) -> Any:
        if key not in self:
            return default
        return self[key]

    def __iter__(self) -> Iterator[str]:
        # overridden so that dict(info) and {**info} read the values through __getitem__
        return dict.__iter__(self)

    def items(self) -> Any:
        return dict.items(self.resolve())

    def values(self) -> Any:
        return dict.values(self.resolve())

    def copy(self) -> dict[str, Any]:
        return dict(self.resolve().items())

    def pop(self, key: str, *default: Any) -> Any:
        if key in self:
            self.resolve()
        return dict.pop(self, key, *default)

    def popitem(self) -> tuple[str, Any]:
        return dict.popitem(self.resolve())

    def setdefault(self, key: str, default: Any = None) -> Any:
        if key in self:
            return self[key]
        dict.__setitem__(self, key, default)
        return default

    def __or__(self, other: Any) -> Any:
        return dict.__or__(self.copy(), other)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyInfo):
            other.resolve()
        return dict.__eq__(self.resolve(), other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None  # a dict: unhashable

    def __repr__(self) -> str:
        return dict.__repr__(self.resolve())

    def __reduce__(self) -> tuple[Any, ...]:
        return dict, (self.copy(),)


__all__ = ["LazyInfo"]
