"""The Carcassonne position value used by `greedy` and by the search bots' rollouts."""

from __future__ import annotations

import random

import pytest

from ludoteca import load_game
from ludoteca.core.api import State
from ludoteca.core.play import sample_chance
from ludoteca.games.carcassonne.board import Meeple, Region
from ludoteca.games.carcassonne.heuristics import (
    completion_chance,
    evaluate,
    expected_value,
    field_weight,
    projected_scores,
)
from ludoteca.games.carcassonne.tiles import CITY, MONASTERY, ROAD

NOBODY: tuple[Meeple, ...] = ()


def region(kind: str, tiles: int, open_sides: int, pennants: int = 0, *, inn: bool = False,
           cathedral: bool = False) -> Region:
    return Region(kind, frozenset(range(tiles)), open_sides, pennants, NOBODY, frozenset(), inn, cathedral)


class ThreeNeighbours:
    """A board stand-in: every square has 3 of its 8 neighbours filled."""

    def neighbours(self, square: int) -> int:
        return 3


@pytest.mark.parametrize(("sides", "left", "chance"), [
    (1, 8, 0.5),  # 8 / (8 + 8)
    (2, 8, 0.2),  # 8 / (8 + 32)
    (1, 72, 0.9),  # 72 / (72 + 8): one gap early in the game
    (3, 0, 0.0),  # an empty bag completes nothing
])
def test_completion_chance_worked_examples(sides: int, left: int, chance: float) -> None:
    assert completion_chance(sides, left) == pytest.approx(chance)


@pytest.mark.parametrize(("feature", "left", "value"), [
    # 2 tiles + 1 pennant, one gap, 8 tiles left: 3 now, 6 if completed, chance 1/2
    (region(CITY, 2, 1, 1), 8, 4.5),
    (region(CITY, 2, 1, 1), 0, 3.0),  # the bag is empty: its final-scoring value
    (region(CITY, 3, 0), 8, 6.0),  # just completed, scored at the end of the turn
    # a cathedral city is worth 3 per tile completed and nothing unfinished: 9 * 24/56
    (region(CITY, 3, 2, cathedral=True), 24, 9 * 24 / 56),
    (region(ROAD, 4, 1, inn=True), 8, 4.0),  # an inn: 8 completed, 0 unfinished
    (region(ROAD, 3, 2), 8, 3.0),  # a plain road is worth 1 per tile either way
    # 1 + 3 neighbours now, each of the 5 empty squares filled with chance 8 / (8 + 8)
    (region(MONASTERY, 1, 0), 8, 6.5),
    (region(MONASTERY, 1, 0), 0, 4.0),
])
def test_expected_value_worked_examples(feature: Region, left: int, value: float) -> None:
    assert expected_value(ThreeNeighbours(), feature, left, 72) == pytest.approx(value)  # type: ignore[arg-type]


@pytest.mark.parametrize(("share_left", "weight"), [
    (1.0, 0.4), (0.5, 0.4), (0.1, 0.4),  # a farmer is a meeple lost for the game
    (0.05, 0.7),  # half-way through the last tenth of the bag
    (0.0, 1.0),  # the bag is empty: the field's final value
])
def test_field_weight_worked_examples(share_left: float, weight: float) -> None:
    assert field_weight(share_left) == pytest.approx(weight)


def test_the_last_two_meeples_in_hand_are_worth_more() -> None:
    """At the start (whole bag left) a meeple is worth 2 points, the last two 2 + 3 each."""
    state = load_game("carcassonne").new_initial_state()
    while state.is_chance_node():
        state.apply_action(sample_chance(state, random.Random(0)))
    share = state.tiles_left() / state.game.bag_size  # type: ignore[attr-defined]
    # 7 meeples: 7 * 2 + 2 * 3 = 20 points of hand, scaled by the share of the bag left
    assert evaluate(state, 0) == pytest.approx(share * 20)  # type: ignore[arg-type]


def random_game_states(seed: int) -> list[State]:
    """Every decision state of one random 2-player base game."""
    rng = random.Random(seed)
    state = load_game("carcassonne").new_initial_state()
    states: list[State] = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        states.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return states


def skip_meeple(state: State) -> State | None:
    """The state after the current seat declines its meeple, if this is a meeple decision."""
    for action in state.legal_actions():
        if state.action_to_string(action) == "skip":
            after = state.clone()
            after.apply_action(action)
            return after
    return None


@pytest.mark.parametrize("seed", range(3))
def test_declining_the_meeple_changes_no_value(seed: int) -> None:
    """A tile that completes a feature is worth the same before the meeple decision as
    after the turn's scoring (the features' points and the meeples coming home), so a
    search that judges a tile placement on its own sees what the completion brings."""
    checked = 0
    for state in random_game_states(seed):
        after = skip_meeple(state)
        if after is None or after.is_terminal():
            continue
        seat = state.current_player()
        assert evaluate(after, seat) == pytest.approx(evaluate(state, seat), abs=1e-9)  # type: ignore[arg-type]
        checked += 1
    assert checked > 30


@pytest.mark.parametrize("seed", range(3))
def test_with_the_bag_empty_the_projection_is_the_final_scoring(seed: int) -> None:
    last = random_game_states(seed)[-1]
    assert last.tiles_left() == 0  # type: ignore[attr-defined]
    final = skip_meeple(last)
    if final is None:  # the last tile offered no meeple: its placement ended the game
        return
    assert final.is_terminal()
    assert projected_scores(last) == pytest.approx(final.scores())  # type: ignore[arg-type, attr-defined]
