"""Conformance checks every game must pass; each game's tests call them.

* `check_random_simulation` — seeded random games; at every step the API is
  consistent (legal actions, prompt, chance outcomes, notation), illegal input is
  refused without changing the state, serialisation round-trips, and replaying the
  history reaches an identical state.
* `check_copy_integrity` — playing on from a clone never changes the original.
* `check_information_safety` — resampling for one seat changes nothing the other
  seats see, and a state resampled for a seat looks the same to that seat.
* `check_hidden_information` — for each viewer (every seat, the spectator), a twin
  game with the same public history but other hidden parts (another deal, another
  kept card) is built step by step; the viewer's log entries, prompts, error texts,
  scores and the spectator's view must be the same in both wherever its observation
  is.

They raise `AssertionError` with the game seed and move number on the first failure,
so a failure can be replayed exactly.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from ludoteca.core.api import CHANCE, TERMINAL, Game, State, returns_from_winners, top_scorers
from ludoteca.core.errors import IllegalActionError
from ludoteca.core.play import sample_chance
from ludoteca.core.record import record_of, replay


def _snapshot(state: State) -> tuple[str, str]:
    return state.serialize(), json.dumps(state.full_state(), sort_keys=True)


def _fail(seed: int, move: int, message: str) -> AssertionError:
    return AssertionError(f"game seed {seed}, move {move}: {message}")


def _random_action(state: State, rng: random.Random) -> int:
    if state.is_chance_node():
        return sample_chance(state, rng)
    return rng.choice(state.legal_actions())


def _check_step(game: Game, state: State, seed: int, move: int, rng: random.Random, deep: bool) -> None:
    """API consistency at one state; `deep` adds the expensive checks."""
    player = state.current_player()
    n = game.num_players()
    legal = state.legal_actions()
    if not (player in (CHANCE, TERMINAL) or 0 <= player < n):
        raise _fail(seed, move, f"current_player() = {player}")
    if state.is_terminal():
        if legal:
            raise _fail(seed, move, "a terminal state has legal actions")
        returns, winners, scores = state.returns(), state.winners(), state.scores()
        if winners != sorted(set(winners)) or not all(0 <= w < n for w in winners):
            raise _fail(seed, move, f"winners() = {winners} must be distinct seats, ascending")
        if n > 1 and not set(winners) <= set(top_scorers(scores)):
            raise _fail(seed, move, f"winners {winners} are not among the top scorers of {scores}")
        if n > 1 and not winners:
            raise _fail(seed, move, "a game of several players must have a winner")
        if returns != returns_from_winners(winners, n) or len(returns) != n:
            raise _fail(seed, move, f"returns {returns} do not follow the winners {winners}")
        return
    if not legal:
        raise _fail(seed, move, "no legal actions in a non-terminal state")
    if legal != sorted(set(legal)) or legal[0] < 0 or legal[-1] >= game.num_distinct_actions():
        raise _fail(seed, move, "legal actions must be unique, ascending, within num_distinct_actions()")
    if state.returns() != [0.0] * n:
        raise _fail(seed, move, "returns() must be zeros before the end")
    prompt = state.prompt()
    if [o.action for o in prompt.options] != (legal if player != CHANCE else
                                              [a for a, _ in state.chance_outcomes()]):
        raise _fail(seed, move, "prompt options differ from legal actions")
    if prompt.seat != player:
        raise _fail(seed, move, f"prompt seat {prompt.seat} != current player {player}")
    if player == CHANCE:
        outcomes = state.chance_outcomes()
        total = sum(p for _, p in outcomes)
        if abs(total - 1.0) > 1e-9 or any(p <= 0 for _, p in outcomes):
            raise _fail(seed, move, f"chance probabilities must be positive and sum to 1, got {total}")
        if sorted(a for a, _ in outcomes) != legal:
            raise _fail(seed, move, "chance outcomes differ from legal actions")
    elif state.chance_outcomes():
        raise _fail(seed, move, "chance_outcomes() must be empty at a decision node")
    for option in prompt.options:
        if state.string_to_action(option.text) != option.action:
            raise _fail(seed, move, f"notation {option.text!r} does not parse back to {option.action}")
        if state.action_to_string(option.action) != option.text:
            raise _fail(seed, move, f"option text differs from action_to_string({option.action})")
    if not deep:
        return
    before = _snapshot(state)
    legal_set = set(legal)
    probes: list[Any] = [-1, game.num_distinct_actions(), "1", None, 1.5]
    size = game.num_distinct_actions()
    probes += [a for a in rng.sample(range(size), min(20, size)) if a not in legal_set][:5]
    for bad in probes:
        try:
            state.apply_action(bad)
        except IllegalActionError:
            pass
        else:
            raise _fail(seed, move, f"illegal action {bad!r} was accepted")
    if _snapshot(state) != before:
        raise _fail(seed, move, f"illegal actions {probes!r} changed the state")
    for text in ("", "no such action", "place"):
        try:
            state.string_to_action(text)
        except IllegalActionError:
            pass
        else:
            raise _fail(seed, move, f"nonsense notation {text!r} was accepted")
    for action in legal:
        child = state.clone()
        child.apply_action(action)
    if _snapshot(state) != before:
        raise _fail(seed, move, "applying actions to clones changed the original")
    restored = game.deserialize_state(state.serialize())
    if _snapshot(restored) != before:
        raise _fail(seed, move, "serialize/deserialize_state does not round-trip")


def check_random_simulation(
    game_factory: Callable[[], Game], games: int, seed: int = 0, deep_every: int = 25
) -> None:
    """Play `games` seeded random games, checking the API at every step.

    The expensive checks (every legal action applied to a clone, illegal probes,
    serialisation round-trip) run at every step of every `deep_every`-th game and at
    a few random steps of the others.
    """
    for g in range(games):
        game_seed = seed + g
        rng = random.Random(game_seed)
        game = game_factory()
        state = game.new_initial_state()
        deep_game = g % deep_every == 0
        move = 0
        while True:
            deep = deep_game or rng.random() < 0.02
            _check_step(game, state, game_seed, move, rng, deep)
            if state.is_terminal():
                break
            state.apply_action(_random_action(state, rng))
            move += 1
        again = game.new_initial_state()
        for action in state.history():
            again.apply_action(action)
        if _snapshot(again) != _snapshot(state):
            raise _fail(game_seed, move, "replaying history() does not reach an identical state")
        if _snapshot(replay(record_of(state))) != _snapshot(state):
            raise _fail(game_seed, move, "the game record does not replay to an identical state")


def check_copy_integrity(game_factory: Callable[[], Game], games: int, seed: int = 0) -> None:
    """At random points, play a clone to the end; the original must not change."""
    for g in range(games):
        game_seed = seed + g
        rng = random.Random(game_seed)
        state = game_factory().new_initial_state()
        move = 0
        while not state.is_terminal():
            if rng.random() < 0.1:
                before = _snapshot(state)
                clone = state.clone()
                if _snapshot(clone) != before:
                    raise _fail(game_seed, move, "a clone differs from its original")
                while not clone.is_terminal():
                    clone.apply_action(_random_action(clone, rng))
                if _snapshot(state) != before:
                    raise _fail(game_seed, move, "playing on from a clone changed the original")
            state.apply_action(_random_action(state, rng))
            move += 1


def check_information_safety(game_factory: Callable[[], Game], games: int, seed: int = 0) -> None:
    """Resampling never leaks or disturbs what a seat sees."""
    for g in range(games):
        game_seed = seed + g
        rng = random.Random(game_seed)
        game = game_factory()
        n = game.num_players()
        state = game.new_initial_state()
        move = 0
        while not state.is_terminal():
            if rng.random() < 0.1:
                views = [state.observation(s) for s in range(n)]
                before = state.serialize()
                for seat in range(n):
                    resampled = state.resample_from_infostate(seat, random.Random(rng.random()))
                    if resampled.observation(seat) != views[seat]:
                        raise _fail(game_seed, move, f"resampled state looks different to seat {seat}")
                    if resampled.current_player() != state.current_player():
                        raise _fail(game_seed, move, "resampled state has another player to move")
                    if state.current_player() == seat and resampled.legal_actions() != state.legal_actions():
                        raise _fail(game_seed, move, f"seat {seat} has other legal actions after resampling")
                    for other in range(n):
                        if state.observation(other) != views[other]:
                            raise _fail(game_seed, move, f"resampling for {seat} changed seat {other}'s view")
                if state.serialize() != before:
                    raise _fail(game_seed, move, "resampling changed the original state")
                for seat in range(n):
                    json.dumps(views[seat])  # observations must be JSON-able
            state.apply_action(_random_action(state, rng))
            move += 1


# ------------------------------------------------------------ hidden information
SPECTATOR = None  # the viewer who holds no seat (the server's `seat=None`)


@dataclass(frozen=True, slots=True)
class HiddenInfoCoverage:
    """What `check_hidden_information` compared: every (viewer, step) pair, those where
    the second game's history differed from the first's, and how often it re-joined."""

    steps: int = 0
    differing: int = 0
    rejoined: int = 0

    def __add__(self, other: HiddenInfoCoverage) -> HiddenInfoCoverage:
        return HiddenInfoCoverage(self.steps + other.steps, self.differing + other.differing,
                                  self.rejoined + other.rejoined)


def viewer_observation(state: State, viewer: int | None) -> dict[str, Any] | None:
    """The observation the server shows `viewer`: a seat's `observation(seat)`; for a
    spectator `observation(-1)` in a game without hidden information, else the state's
    `public_observation()` if it has one, else nothing (None)."""
    if viewer is not None:
        return state.observation(viewer)
    if not state.game.hidden_information:
        return state.observation(-1)
    public = getattr(state, "public_observation", None)
    return public() if callable(public) else None


def _server_view(state: State, viewer: int | None) -> dict[str, Any]:
    """Everything else a view shows `viewer`: who acts, scores, the scoring log, the
    returns at the end, the prompt (kind, text, options, payloads) when it acts, and
    for a seat the spectator's observation (public facts: what a seat cannot tell
    apart, a spectator cannot either)."""
    player = state.current_player()
    scoring = getattr(state, "scoring_log", None)
    return {
        "to_act": player,
        "scores": state.scores(),
        "scoring": scoring() if callable(scoring) else None,
        "returns": state.returns() if player == TERMINAL else None,
        "prompt": state.prompt().to_dict() if viewer is not None and player == viewer else None,
        "spectator": viewer_observation(state, SPECTATOR) if viewer is not None else None,
    }


Entry = tuple[int, str | None, str | None, Any, Any]


def _log_text(state: State, action: int, viewer: int | None) -> Entry:
    """The log entries of `action` applied here: (player, what `viewer` sees of its own
    action, what everyone learns: `public_action_string`, None for a secret), then the
    same as messages (`action_message`, `public_action_message`)."""
    player = state.current_player()
    mine = viewer is not None and player == viewer
    own = state.action_to_string(action) if mine else None
    own_message = state.action_message(action) if mine else None
    return player, own, state.public_action_string(action), own_message, state.public_action_message(action)


def _refusal(attempt: Callable[[], object]) -> str:
    try:
        result = attempt()
    except IllegalActionError as exc:
        return f"refused: {exc}"
    except Exception as exc:  # any other error is also an answer the viewer gets
        return f"error {type(exc).__name__}: {exc}"
    return f"accepted: {result!r}"


def _probes(state: State, rng: random.Random) -> tuple[list[str], list[Any]]:
    """Illegal input the seat to act might send: garbage, the notation of a few action
    ids that are not legal (random ones and recent ones of the history: cards others
    drew or kept), and illegal ids."""
    legal = set(state.legal_actions())
    size = state.game.num_distinct_actions()
    recent = state.history()[-12:]
    ids = [a for a in rng.sample(range(size), min(12, size)) if a not in legal][:3]
    ids += [a for a in dict.fromkeys(recent) if a not in legal][:3]
    texts = ["no such action", "  "]
    for action in ids:
        try:
            texts.append(state.action_to_string(action))
        except Exception:  # an id that means nothing here has no notation
            continue
    return texts, [*ids, -1, size, "1"]


def _error_texts(state: State, texts: list[str], ids: list[Any]) -> list[str]:
    answers = [_refusal(partial(state.string_to_action, text)) for text in texts]
    answers += [_refusal(partial(state.apply_action, action)) for action in ids]
    return answers


def _difference(a: Any, b: Any, path: str = "") -> str:
    """Where two JSON-like values first differ, for failure messages."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key, _MISSING) != b.get(key, _MISSING):
                return _difference(a.get(key, _MISSING), b.get(key, _MISSING), f"{path}.{key}")
    if isinstance(a, list | tuple) and isinstance(b, list | tuple) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _difference(x, y, f"{path}[{i}]")
    return f"{path or 'value'}: {_short(a)} vs {_short(b)}"


_MISSING = "<missing>"


def _short(value: Any, limit: int = 200) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def _twin_step(b: State, action: int, target: tuple[Any, int], entry: Entry, viewer: int | None,
               rng: random.Random, candidates: int, differ: float) -> tuple[State, int, Entry] | None:
    """B's step, where A took `action` and `viewer` then saw `target` (its observation,
    the player to act) and `entry` in the log: a clone of `b` with one of a few random
    legal actions applied — tried before A's own with probability `differ` — whose
    result `viewer` sees as `target`; None if none fits (the histories diverged).

    A chance outcome must be the first that fits. A seat's choice may be named in the
    log: it is the first that fits with the same log entry (A's own action, if legal in
    B, or another that reads the same); only if none does, the first that fits."""
    legal = b.legal_actions()
    others = [x for x in legal if x != action]
    picks = rng.sample(others, min(candidates, len(others)))
    own = [action] if action in legal else []
    fits = []
    for choice in (picks + own if rng.random() < differ else own + picks):
        child = b.clone()
        child.apply_action(choice)
        if (viewer_observation(child, viewer), child.current_player()) == target:
            fit = (child, choice, _log_text(b, choice, viewer))
            if fit[2] == entry or b.is_chance_node():
                return fit
            fits.append(fit)
    return fits[0] if fits else None


def _compare_refusals(a: State, b: State, viewer: int | None, seed: int, move: int,
                      rng: random.Random) -> None:
    texts, ids = _probes(a, rng)
    errors_a, errors_b = _error_texts(a, texts, ids), _error_texts(b, texts, ids)
    for text, in_a, in_b in zip([*texts, *map(repr, ids)], errors_a, errors_b, strict=True):
        if in_a != in_b:
            raise _fail(seed, move, f"{_viewer_name(viewer)} can tell two histories apart by the "
                                    f"answer to {text!r}: {_short(in_a)} vs {_short(in_b)}")


def _viewer_name(viewer: int | None) -> str:
    return "the spectator" if viewer is None else f"seat {viewer}"


def _compare_views(a: State, b: State, viewer: int | None, seed: int, move: int) -> None:
    """The views of A and B, whose observations are already known to be equal."""
    in_a, in_b = _server_view(a, viewer), _server_view(b, viewer)
    if in_a != in_b:
        raise _fail(seed, move, f"{_viewer_name(viewer)} can tell two histories apart by the "
                                f"view: {_difference(in_a, in_b)}")


PATIENCE = 12  # steps a log difference may wait for the observation to show it


def _check_viewer(game: Game, history: list[int], viewer: int | None, seed: int, rng: random.Random,
                  candidates: int, differ: float) -> HiddenInfoCoverage:
    """Replay `history` as game A and build its twin B for one viewer (see
    `check_hidden_information`)."""
    name = _viewer_name(viewer)
    a, b = game.new_initial_state(), game.new_initial_state()
    steps = differing = rejoined = 0
    apart = False  # B's history differs from A's
    suspect: tuple[int, str] | None = None  # a log difference the observation has not shown yet
    for move, action in enumerate(history):
        steps += 1
        differing += apart
        player = a.current_player()
        if apart:  # else B is A
            _compare_views(a, b, viewer, seed, move)
            if player == viewer:
                _compare_refusals(a, b, viewer, seed, move, random.Random(rng.random()))
        entry_a = _log_text(a, action, viewer)
        a.apply_action(action)
        seen = viewer_observation(a, viewer)
        if player == viewer:
            entry_b = _log_text(b, action, viewer)
            b.apply_action(action)
            found = viewer_observation(b, viewer) == seen
        else:
            twin = _twin_step(b, action, (seen, a.current_player()), entry_a, viewer, rng, candidates, differ)
            if twin is not None:
                b, choice, entry_b = twin
                apart = apart or choice != action
            found = twin is not None
        if not found:  # diverged (or its own move showed it a difference): go on from A's position
            b, apart, suspect = a.clone(), False, None
            rejoined += 1
            continue
        if entry_a != entry_b and suspect is None:
            suspect = move, (f"the log entry of seat {player}'s action (own text, public text): "
                             f"{_short(entry_a[1:])} vs {_short(entry_b[1:])}")
        if suspect is not None and move - suspect[0] >= PATIENCE:
            break
    if suspect is not None:
        raise _fail(seed, suspect[0], f"{name} can tell two histories apart by {suspect[1]} "
                                      f"(and the observations stay the same)")
    if apart:
        _compare_views(a, b, viewer, seed, len(history))
    return HiddenInfoCoverage(steps, differing, rejoined)


def check_hidden_information(game_factory: Callable[[], Game], games: int, seed: int = 0,
                             candidates: int = 3, differ: float = 0.75,
                             opening: Sequence[str] = ()) -> HiddenInfoCoverage:
    """Two histories a viewer cannot tell apart look the same to it everywhere.

    For each seeded random game A and each viewer (every seat, and the spectator:
    `viewer_observation`), a twin game B is built step by step without trusting the
    game's own account of what is public (`_twin_step`): at the viewer's decisions B
    takes A's action; at every other step (chance, another seat) B takes one of a few
    random legal alternatives (preferred to A's own action with probability `differ`)
    after which the viewer's observation and the player to act are A's — or A's own
    action. If none fits, the histories diverged (a card played in A is not in B's
    hand; or the viewer's own move showed it a difference, as a draft pack passed to
    it): B re-joins A's position and the comparison goes on. While B's history differs
    from A's, at every step the viewer must get the same view (`_server_view`: scores,
    prompt, and for a seat the spectator's observation too), the same answers to
    illegal input (`_probes`), and the same log entries for the step (its own text,
    and what everyone learns: `public_action_string`). A log difference may be public
    news the observation shows a little later (a choice still pending): it fails only
    if the observations stay the same for `PATIENCE` more steps, or to the end.

    The viewer's own observation is the reference of what it may see, so this finds
    everything that tells more than it (the log, prompts, error texts, scores, the
    spectator's view), not an observation that itself shows too much.

    Game A's history starts with the notation `opening` (to reach a rare position,
    e.g. a Wonder with a hidden power), then plays at random. Returns the coverage
    summed over games, so tests can require that histories really differed.
    """
    coverage = HiddenInfoCoverage()
    for g in range(games):
        game_seed = seed + g
        rng = random.Random(game_seed)
        game = game_factory()
        state = game.new_initial_state()
        for text in opening:
            state.apply_string(text)
        while not state.is_terminal():
            state.apply_action(_random_action(state, rng))
        history = state.history()
        for viewer in [*range(game.num_players()), SPECTATOR]:
            coverage += _check_viewer(game, history, viewer, game_seed, rng, candidates, differ)
    return coverage
