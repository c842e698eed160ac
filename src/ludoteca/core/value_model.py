"""The weights file of a game's linear value model (`ludoteca-value/1`).

A game whose `Game.value` is a weighted sum of `Game.value_inputs` ships its weights as
JSON: `format`, `about` (where they come from), `fitted` (how: the command, the games,
the fit's R²), `inputs` (the input names, in order) and `weights` (one number per
input). `ludoteca fit-value` writes it; the game checks it with `parse_value_weights`
against the inputs it computes, so a file from another version of the inputs is refused.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from ludoteca.core.errors import LudotecaError

VALUE_WEIGHTS_FORMAT = "ludoteca-value/1"


def parse_value_weights(data: Any, inputs: Sequence[str]) -> tuple[float, ...]:
    """The weights of a `ludoteca-value/1` document, checked against `inputs`."""
    if not isinstance(data, dict) or data.get("format") != VALUE_WEIGHTS_FORMAT:
        raise LudotecaError(f"value weights: expected an object with format {VALUE_WEIGHTS_FORMAT!r}")
    names, values = data.get("inputs"), data.get("weights")
    if names != list(inputs):
        raise LudotecaError(f"value weights: inputs must be exactly {list(inputs)}, got {names!r}")
    if (not isinstance(values, list) or len(values) != len(inputs)
            or not all(isinstance(w, int | float) and not isinstance(w, bool) and math.isfinite(w)
                       for w in values)):
        raise LudotecaError(f"value weights: weights must be {len(inputs)} finite numbers")
    return tuple(float(w) for w in values)
