"""`core.encoding.SeatBlocks`: per-seat vectors rebuilt block by block, keys compared by value."""

from __future__ import annotations

import numpy as np
import pytest

from ludoteca.core.encoding import Layout, SeatBlocks


def _blocks() -> SeatBlocks:
    layout = Layout([("a", (2,), 1.0), ("b", (3,), 5.0), ("c", (1,), 1.0)])
    return SeatBlocks(layout, 2, {"ab": ("a", "b"), "c": ("c",)})


def test_a_block_is_rebuilt_only_when_its_key_changes() -> None:
    blocks = _blocks()
    source = [1, 2]
    assert blocks.stale(0, "ab", (source, 3))
    blocks.views[0]["b"][:] = 9.0  # above the bound: clipped by `result`
    assert not blocks.stale(0, "ab", ([1, 2], 3))  # equal by value
    assert blocks.stale(0, "c", (None,))
    blocks.views[0]["c"][0] = -1.0
    assert blocks.result(0).tolist() == [0.0, 0.0, 5.0, 5.0, 5.0, 0.0]
    source.append(4)  # the key kept was a copy: changing the list in place is a change
    assert blocks.stale(0, "ab", (source, 3))
    assert blocks.result(0).tolist() == [0.0] * 6  # the stale block was zeroed
    assert blocks.stale(1, "ab", (source, 3))  # every seat has its own keys


def test_every_segment_belongs_to_one_block_and_out_is_filled() -> None:
    layout = Layout([("a", (2,), 1.0), ("b", (1,), 1.0)])
    with pytest.raises(AssertionError):
        SeatBlocks(layout, 1, {"a": ("a",)})
    blocks = SeatBlocks(layout, 1, {"all": ("a", "b")})
    blocks.stale(0, "all", (1,))
    blocks.views[0]["a"][1] = 0.5
    out = np.full(3, 7.0, dtype=np.float32)
    assert blocks.result(0, out) is out and out.tolist() == [0.0, 0.5, 0.0]
    copy = blocks.result(0)
    copy[:] = 1.0
    assert blocks.result(0).tolist() == [0.0, 0.5, 0.0]  # a copy, never the kept vector
