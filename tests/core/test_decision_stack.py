"""`core.decisions`: the one pending-decision design (frames on a stack, a handler per kind)."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.core.decisions import Automatic, Chance, Decision, FrameTable

# A toy: "deal" (automatic) pushes two coin flips (chance); each flip pushes a "pick"
# (a decision of the flip's outcome count of options: 0 lapses, 1 is forced, 2 asks).
DEAL, FLIP, PICK, NOTE = range(4)


class Toy:
    def __init__(self) -> None:
        self.stack: list[tuple[Any, ...]] = [(DEAL, 2)]
        self.log: list[str] = []
        self.seen: list[tuple[int, int | None]] = []
        self.refills = 0


class _Deal(Automatic):
    kind = DEAL

    @staticmethod
    def run(state: Toy, frame: tuple[Any, ...]) -> None:
        state.stack.extend((FLIP, i) for i in range(frame[1]))
        state.log.append("deal")


class _Flip(Chance):
    kind = FLIP

    @staticmethod
    def ready(state: Toy, frame: tuple[Any, ...]) -> bool:
        return frame[1] >= 0

    @staticmethod
    def outcomes(state: Toy, frame: tuple[Any, ...]) -> list[tuple[int, float]]:
        return [(0, 1 / 3), (1, 1 / 3), (2, 1 / 3)]

    @staticmethod
    def resolve(state: Toy, frame: tuple[Any, ...], action: int) -> None:
        state.stack.append((PICK, action))


class _Pick(Decision):
    kind = PICK
    forced = True

    @staticmethod
    def legal(state: Toy, frame: tuple[Any, ...]) -> list[int]:
        return list(range(10, 10 + frame[1]))

    @staticmethod
    def apply(state: Toy, frame: tuple[Any, ...], action: int) -> None:
        state.log.append(f"pick {action}")

    @staticmethod
    def lapse(state: Toy, frame: tuple[Any, ...]) -> None:
        state.log.append("lapsed")


class _Note(Decision):
    kind = NOTE  # not forced: even one option is asked

    @staticmethod
    def legal(state: Toy, frame: tuple[Any, ...]) -> list[int]:
        return [7]

    @staticmethod
    def apply(state: Toy, frame: tuple[Any, ...], action: int) -> None:
        state.log.append("noted")


def _table(**hooks: Any) -> FrameTable[Toy]:
    return FrameTable("toy", (_Deal, _Flip, _Pick, _Note), **hooks)


def test_settle_runs_automatic_frames_and_stops_at_chance() -> None:
    table, toy = _table(), Toy()
    assert table.settle(toy, toy.stack) is None
    assert toy.log == ["deal"]
    assert toy.stack == [(FLIP, 0), (FLIP, 1)]
    assert table.is_chance(toy.stack[-1])
    assert table.outcomes(toy, toy.stack[-1])[2] == (2, 1 / 3)


def test_a_resolved_frame_is_popped_and_its_handler_pushes_what_follows() -> None:
    table, toy = _table(), Toy()
    table.settle(toy, toy.stack)
    assert table.apply(toy, toy.stack, 2) == (FLIP, 1)
    assert toy.stack == [(FLIP, 0), (PICK, 2)]
    assert table.settle(toy, toy.stack) == [10, 11]  # two options: the seat is asked


def test_forced_single_option_is_taken_and_an_empty_decision_lapses() -> None:
    table, toy = _table(), Toy()
    table.settle(toy, toy.stack)
    table.apply(toy, toy.stack, 1)  # one option: forced
    assert table.settle(toy, toy.stack) is None  # back at the other flip
    assert toy.log == ["deal", "pick 10"]
    table.apply(toy, toy.stack, 0)  # no option: lapses
    assert table.settle(toy, toy.stack) is None
    assert toy.log == ["deal", "pick 10", "lapsed"]
    assert toy.stack == []


def test_a_decision_not_forced_asks_even_for_one_option() -> None:
    table, toy = _table(), Toy()
    toy.stack = [(NOTE,)]
    assert table.settle(toy, toy.stack) == [7]
    table.apply(toy, toy.stack, 7)
    assert toy.log == ["noted"] and toy.stack == []


def test_a_chance_frame_that_is_not_ready_is_dropped() -> None:
    table, toy = _table(), Toy()
    toy.stack = [(NOTE,), (FLIP, -1)]
    assert table.settle(toy, toy.stack) == [7]
    assert toy.stack == [(NOTE,)]


def test_hooks_refill_intercept_and_observe() -> None:
    def refill(state: Toy) -> bool:
        state.refills += 1
        if state.refills > 1:
            return False  # the game is over
        state.stack.append((NOTE,))
        return True

    def intercept(state: Toy, frame: tuple[Any, ...]) -> bool:
        if frame[0] == FLIP:  # a bot plays its own flips: always 1
            state.stack.pop()
            state.log.append("bot flip")
            return True
        return False

    def observe(state: Toy, frame: tuple[Any, ...], action: int | None) -> None:
        state.seen.append((frame[0], action))

    table, toy = _table(refill=refill, intercept=intercept, observe=observe), Toy()
    assert table.settle(toy, toy.stack) == [7]  # deal, two bot flips, then the refill's note
    assert toy.log == ["deal", "bot flip", "bot flip"]
    table.apply(toy, toy.stack, 7)
    assert table.settle(toy, toy.stack) is None and toy.refills == 2
    assert toy.seen == [(DEAL, None), (NOTE, 7)]


def test_dict_frames_with_string_kinds() -> None:
    class Ask(Decision):
        kind = "ask"

        @staticmethod
        def legal(state: Any, frame: dict[str, Any]) -> list[int]:
            return frame["options"]

        @staticmethod
        def apply(state: Any, frame: dict[str, Any], action: int) -> None:
            state.append(action)

    table: FrameTable[Any] = FrameTable("dicts", (Ask,), key="k")
    chosen: list[int] = []
    stack: list[Any] = [{"k": "ask", "options": [3, 4]}]
    assert table.settle(chosen, stack) == [3, 4]
    table.apply(chosen, stack, 4)
    assert chosen == [4] and stack == []
    assert isinstance(table.handlers, dict)
    assert isinstance(_table().handlers, list)  # kinds 0..n-1: looked up by index


def test_the_table_refuses_two_handlers_for_a_kind() -> None:
    class Again(Automatic):
        kind = DEAL

        @staticmethod
        def run(state: Any, frame: Any) -> None:
            pass

    with pytest.raises(ValueError, match=r"toy: frame kind 0 has two handlers, _Deal and Again"):
        FrameTable("toy", (_Deal, Again))


def test_the_table_refuses_a_handler_without_its_methods_or_kind() -> None:
    class NoApply(Decision):
        kind = 9

        @staticmethod
        def legal(state: Any, frame: Any) -> list[int]:
            return []

    class NoKind(Automatic):
        @staticmethod
        def run(state: Any, frame: Any) -> None:
            pass

    with pytest.raises(TypeError, match=r"toy: NoApply \(decision\) does not define apply\(\)"):
        FrameTable("toy", (NoApply,))
    with pytest.raises(TypeError, match=r"toy: NoKind is not a Decision, Chance or Automatic"):
        FrameTable("toy", (NoKind,))
    with pytest.raises(TypeError, match=r"toy: dict is not"):
        FrameTable("toy", (dict,))  # type: ignore[arg-type]  # deliberately not a handler
