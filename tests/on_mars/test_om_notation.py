"""The documented action-id table matches the codec, and notation parses back."""

from __future__ import annotations

import re
from pathlib import Path

from om_helpers import start

from ludoteca.games.on_mars.actions import BASE, NUM_ACTIONS, RANGES, decode, encode

DOC = Path(__file__).resolve().parents[2] / "docs" / "on-mars.md"


def test_documented_ranges_match_the_codec() -> None:
    rows = re.findall(r"^\| `(\w+)` \| (\d+)(?:–(\d+))? \| (\d+) \|", DOC.read_text(encoding="utf-8"), re.M)
    table = {name: (int(lo), int(hi or lo), int(size)) for name, lo, hi, size in rows}
    assert list(table) == [name for name, _ in RANGES]
    for name, size in RANGES:
        assert table[name] == (BASE[name], BASE[name] + size - 1, size)
    assert BASE[RANGES[-1][0]] + RANGES[-1][1] == NUM_ACTIONS


def test_encode_decode_round_trip() -> None:
    for name, size in RANGES:
        for index in (0, size - 1):
            assert decode(encode(name, index)) == (name, index)


def test_every_option_text_parses_back() -> None:
    state = start(3, seed=9, spaces=(1, 5, 6))
    for action in state.legal_actions():
        assert state.string_to_action(state.action_to_string(action)) == action
    assert state.string_to_action("  resupply ") == state.string_to_action("resupply")
