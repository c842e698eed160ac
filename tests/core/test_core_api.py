"""The core API: loading games, options, returns, prompts, serialisation, records."""

from __future__ import annotations

import json
import random

import pytest

import ludoteca
from ludoteca.core import (
    CHANCE,
    IllegalActionError,
    InvalidOptionError,
    LudotecaError,
    RecordError,
    UnknownGameError,
    record_of,
    replay,
    returns_from_scores,
    returns_from_winners,
)
from ludoteca.core.play import sample_chance


def test_registered_games_lists_carcassonne() -> None:
    assert "carcassonne" in ludoteca.registered_games()


def test_unknown_game_lists_valid_names() -> None:
    with pytest.raises(UnknownGameError, match=r"registered games: .*carcassonne"):
        ludoteca.load_game("carcasonne")


def test_unknown_option_lists_valid_options() -> None:
    with pytest.raises(InvalidOptionError, match="valid options: bag, expansions, players"):
        ludoteca.load_game("carcassonne", player=3)


@pytest.mark.parametrize("players", [0, 1, 6, "2", 2.0])
def test_bad_player_count(players: object) -> None:
    wanted = r"Players must be a whole number from 2 to 6|from 2 to 5 \(6 with"
    with pytest.raises(InvalidOptionError, match=wanted):
        ludoteca.load_game("carcassonne", players=players)


def test_unknown_expansion_and_bag_tile() -> None:
    with pytest.raises(InvalidOptionError, match="inns_cathedrals, wonders"):
        ludoteca.load_game("carcassonne", expansions=["river"])
    with pytest.raises(InvalidOptionError, match="unknown tile id 'base:Z'"):
        ludoteca.load_game("carcassonne", bag=["base:A", "base:Z"])


@pytest.mark.parametrize(
    ("scores", "expected"),
    [
        ([10, 5], [1.0, -1.0]),
        ([5, 10, 3], [-1.0, 1.0, -1.0]),
        ([7, 7], [0.0, 0.0]),
        ([7, 7, 7], [0.0, 0.0, 0.0]),
        ([9, 9, 1], [0.5, 0.5, -1.0]),
        ([4, 9, 9, 9], [-1.0, 1 / 3, 1 / 3, 1 / 3]),
    ],
)
def test_returns_rule(scores: list[float], expected: list[float]) -> None:
    assert returns_from_scores(scores) == pytest.approx(expected)


@pytest.mark.parametrize(
    ("winners", "players", "expected"),
    [
        ([0], 1, [1.0]),  # a lone player who met the goal
        ([], 1, [-1.0]),  # ... or did not
        ([1], 2, [-1.0, 1.0]),  # a tie-break chose seat 1 among equal scores
        ([0, 2], 3, [0.5, -1.0, 0.5]),
        ([0, 1], 2, [0.0, 0.0]),  # every seat won: a shared game
    ],
)
def test_returns_follow_the_winners(winners: list[int], players: int, expected: list[float]) -> None:
    assert returns_from_winners(winners, players) == pytest.approx(expected)


def _play_some(state: ludoteca.core.State, steps: int, seed: int = 0) -> None:
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def test_returns_are_zero_until_the_end_then_follow_scores() -> None:
    state = ludoteca.load_game("carcassonne", bag=["base:U", "base:V"]).new_initial_state()
    assert state.returns() == [0.0, 0.0]
    _play_some(state, 6)
    assert state.is_terminal()
    assert state.returns() == returns_from_scores(state.scores())


def test_illegal_action_message_and_state_unchanged() -> None:
    state = ludoteca.load_game("carcassonne").new_initial_state()
    _play_some(state, 1)
    before = str(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(3)
    message = str(info.value)
    assert "not a legal action here (place: Place tile" in message
    assert "legal action(s), e.g." in message
    assert str(state) == before


def test_prompt_options_are_the_legal_actions() -> None:
    state = ludoteca.load_game("carcassonne").new_initial_state()
    prompt = state.prompt()
    assert prompt.kind == "draw" and prompt.seat == CHANCE
    assert [o.action for o in prompt.options] == state.legal_actions()
    assert abs(sum(o.payload["probability"] for o in prompt.options) - 1) < 1e-12
    _play_some(state, 1)
    prompt = state.prompt()
    assert prompt.kind == "place" and prompt.seat == 0
    assert [o.action for o in prompt.options] == state.legal_actions()
    first = prompt.options[0]
    assert first.text.startswith("place ") and set(first.payload) == {"x", "y", "rotation", "tile"}
    assert prompt.find(first.text) == first
    json.dumps(prompt.to_dict())


def test_serialize_round_trip_mid_turn() -> None:
    game = ludoteca.load_game("carcassonne", players=3)
    state = game.new_initial_state()
    _play_some(state, 20, seed=3)
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state) and again.history() == state.history()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not JSON"),
        ('{"format": "x"}', "must be a 'ludoteca-state/1' object"),
        ('{"format": "ludoteca-state/1", "game": "carcassonne", "options": {}, "history": []}',
         "not 'carcassonne' with"),
        ('{"format": "ludoteca-state/1", "game": "carcassonne", '
         '"options": {"players": 2, "expansions": []}, "history": [0, 0]}', "action 1"),
    ],
)
def test_deserialize_rejects_bad_input(text: str, message: str) -> None:
    game = ludoteca.load_game("carcassonne")
    with pytest.raises(LudotecaError, match=message):
        game.deserialize_state(text)


def test_record_round_trip_and_errors() -> None:
    state = ludoteca.load_game("carcassonne").new_initial_state()
    _play_some(state, 30, seed=4)
    record = record_of(state)
    assert record["format"] == "ludoteca-record/1"
    assert record["options"] == {"players": 2, "expansions": []}
    assert record["actions"][0].startswith("draw base:")
    assert str(replay(record)) == str(state)
    assert str(replay(json.dumps(record))) == str(state)
    bad = dict(record, actions=[*record["actions"][:5], "place 40,40 r0"])
    with pytest.raises(RecordError, match=r"action 5 \('place 40,40 r0'\)"):
        replay(bad)
    with pytest.raises(RecordError, match="format"):
        replay(dict(record, format="other"))
    with pytest.raises(RecordError, match="unknown game"):
        replay(dict(record, game="chess"))
    with pytest.raises(RecordError, match="action 0: 7 is not a string"):
        replay(dict(record, actions=[7]))


def test_numpy_like_integer_actions_are_accepted() -> None:
    class IntLike:
        def __init__(self, value: int) -> None:
            self.value = value

        def __index__(self) -> int:
            return self.value

    state = ludoteca.load_game("carcassonne").new_initial_state()
    action = state.legal_actions()[0]
    state.apply_action(IntLike(action))  # type: ignore[arg-type]
    assert state.history() == [action]
    with pytest.raises(IllegalActionError):
        state.apply_action(True)


def test_a_prompt_without_words_has_the_same_options_and_no_messages() -> None:
    from ludoteca.core.registry import load_game

    state = load_game("carcassonne", players=2, bag=["base:D"] * 3).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    worded, bare = state.prompt(), state.prompt(words=False)
    assert [(o.action, o.text, o.payload) for o in worded.options] == \
        [(o.action, o.text, o.payload) for o in bare.options]
    assert worded.message is not None and all(o.message is not None for o in worded.options)
    assert bare.message is None and all(o.message is None for o in bare.options)
