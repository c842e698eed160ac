"""Checks shared by the per-game encoder tests: random play, the documented layout
tables, value bounds over a game and information safety under resampling."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from ludoteca.core.api import State
from ludoteca.core.encoding import Encoder
from ludoteca.core.play import sample_chance

DOCS = Path(__file__).resolve().parents[2] / "docs" / "research-apis.md"
ROW = re.compile(r"^\| `(\w+)` \| (\([^)]*\)) \|")


def play(state: State, rng: random.Random, until: Callable[[State], bool]) -> None:
    """Random moves (chance sampled) until `until(state)` or the end."""
    while not state.is_terminal() and not until(state):
        chance = state.is_chance_node()
        state.apply_action(sample_chance(state, rng) if chance else rng.choice(state.legal_actions()))


def table_after(text: str, marker: str) -> list[tuple[str, str]]:
    """(segment, shape) rows of the first markdown table after the line containing `marker`."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if marker in line)
    rows: list[tuple[str, str]] = []
    for line in lines[start + 1:]:
        if rows and not line.startswith("|"):
            break
        match = ROW.match(line)
        if match:
            rows.append((match.group(1), match.group(2)))
    return rows


def docs_table(package: str) -> list[tuple[str, str]]:
    """The layout table of `docs/research-apis.md` under the heading naming the encoder of
    `ludoteca/games/<package>/`."""
    return table_after(DOCS.read_text(encoding="utf-8"), f"`ludoteca/games/{package}/encoder.py`")


def assert_table_matches(rows: list[tuple[str, str]], encoder: Encoder, symbols: dict[str, int]) -> None:
    """The documented segment names and shapes (symbols such as P evaluated) are the layout's."""
    documented = [(name, tuple(eval(shape, {"__builtins__": {}}, symbols))) for name, shape in rows]
    actual = [(s["name"], tuple(s["shape"])) for s in encoder.layout.describe()]
    assert documented == actual


def assert_bounded(encoder: Encoder, state: State, high: np.ndarray) -> None:
    for seat in range(state.get_game().num_players()):
        vector = encoder.encode(state.observation(seat), seat)
        assert vector.dtype == np.float32 and vector.shape == encoder.layout.shape
        assert (vector >= 0).all() and (vector <= high).all()
        scaled = high > 1  # counts scaled down: a value at the bound would mean the encoder clipped it
        assert not (vector[scaled] >= high[scaled]).any(), state.observation(seat)


def assert_bounded_over_game(encoder: Encoder, state: State, rng: random.Random, max_moves: int) -> int:
    """Encode every seat after every non-chance move of a random game; returns the moves made."""
    high = encoder.layout.high()
    while not state.is_terminal() and state.move_number() < max_moves:
        chance = state.is_chance_node()
        state.apply_action(sample_chance(state, rng) if chance else rng.choice(state.legal_actions()))
        if not state.is_chance_node():
            assert_bounded(encoder, state, high)
    return state.move_number()


def assert_information_safe(encoder: Encoder, state: State, seat: int, rng: random.Random,
                            hidden: Callable[[dict[str, Any]], Any]) -> None:
    """Re-deal what `seat` cannot see: its observation and tensor stay the same while the
    hidden part (`hidden(full_state)`) and some other seat's tensor change."""
    before = encoder.encode(state.observation(seat), seat)
    others_before = [encoder.encode(state.observation(s), s) for s in range(state.get_game().num_players())]
    hidden_changed = other_changed = False
    for _ in range(5):
        twin = state.resample_from_infostate(seat, rng)
        assert json.dumps(twin.observation(seat)) == json.dumps(state.observation(seat))
        assert np.array_equal(encoder.encode(twin.observation(seat), seat), before)
        hidden_changed |= hidden(twin.full_state()) != hidden(state.full_state())
        other_changed |= any(not np.array_equal(encoder.encode(twin.observation(s), s), others_before[s])
                             for s in range(len(others_before)) if s != seat)
    assert hidden_changed and other_changed
