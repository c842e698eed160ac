"""Game records (`ludoteca-record/1`): the game, its options and every action as text.

A record replays exactly because chance outcomes are actions too. Writing a record
of any state is one call (`record_of`); `replay` rebuilds the state and names the
first bad action (its index and why) if there is one.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ludoteca.core.api import State
from ludoteca.core.errors import LudotecaError, RecordError
from ludoteca.core.registry import load_game

RECORD_FORMAT = "ludoteca-record/1"


def record_of(state: State) -> dict[str, Any]:
    """The record of `state`: its game, options and history in canonical notation."""
    game = state.game
    replayed = game.new_initial_state()
    actions: list[str] = []
    for action in state.history():
        actions.append(replayed.action_to_string(action))
        replayed.apply_action(action)
    return {
        "format": RECORD_FORMAT,
        "game": game.name,
        "options": json.loads(json.dumps(game.options)),
        "actions": actions,
    }


def replay(record: dict[str, Any] | str) -> State:
    """The state reached by a record (a dict, or its JSON text)."""
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except json.JSONDecodeError as exc:
            raise RecordError(f"record is not valid JSON: {exc}") from None
    if not isinstance(record, dict):
        raise RecordError("a record must be a JSON object")
    if record.get("format") != RECORD_FORMAT:
        raise RecordError(f"record 'format' must be {RECORD_FORMAT!r}, got {record.get('format')!r}")
    options = record.get("options", {})
    actions = record.get("actions")
    if not isinstance(options, dict):
        raise RecordError("record 'options' must be an object")
    if not isinstance(actions, list):
        raise RecordError("record 'actions' must be a list of strings")
    try:
        game = load_game(str(record.get("game")), **options)
    except LudotecaError as exc:
        raise RecordError(f"record header: {exc}") from None
    state = game.new_initial_state()
    for index, text in enumerate(actions):
        if not isinstance(text, str):
            raise RecordError(f"action {index}: {text!r} is not a string")
        try:
            state.apply_string(text)
        except LudotecaError as exc:
            raise RecordError(f"action {index} ({text!r}): {exc}") from None
    return state


def load_record(path: str | Path) -> dict[str, Any]:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise RecordError(f"cannot read record {path}: {exc.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(f"record {path} is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise RecordError(f"record {path} must hold a JSON object")
    return data


def save_record(state: State, path: str | Path) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(record_of(state), indent=1) + "\n", encoding="utf-8")
    return path
