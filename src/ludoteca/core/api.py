"""The game-agnostic `Game`/`State` API, in OpenSpiel's vocabulary.

A `Game` holds the rules' fixed parameters (players, expansions, component data).
A `State` is one position of one game: it knows whose decision it is, which actions
are legal, and how to apply one. Every game implements the same small set of hooks
(the methods starting with an underscore plus a few public ones); everything else —
validation, history, returns, serialisation, prompts — lives here once.

Conventions
-----------
* `current_player()` is a seat number `0..n-1`, or `CHANCE` (-1) at a chance node,
  or `TERMINAL` (-4) when the game is over.
* Chance outcomes are ordinary actions: `chance_outcomes()` lists `(action, p)`,
  `legal_actions()` at a chance node lists the same actions, and the outcome applied
  is kept in `history()` like any other action. A state never holds a pre-shuffled
  future.
* `winners()`: the seats that won, once the game is over. By default the seats with
  the highest score; a game with a tie-break (money left, production...) or a solo
  goal overrides `winners()`, never `returns()`, so every game follows one rule.
* `returns()`: all zeros until the game is over. At the end, if every seat won (a
  tie nothing breaks), every seat gets 0; otherwise each of the k winners gets +1/k
  and every other seat gets -1. A lone player gets +1 for a win and -1 for a loss.
* Bots judge positions with `Game.heuristic(state, seat)` (hand-written, fast) or
  `Game.value(state, seat)` (by default the heuristic; a game may instead predict the
  final lead with a model whose inputs `value_inputs` gives and whose weights
  `ludoteca fit-value` fits to self-play).
* The manifest (`core.manifest`): a game declares its title, `min_players`/`max_players`,
  `hidden_information` and one `OptionSpec` per option; the registry checks them when
  the game is first loaded, and the interfaces read them instead of naming games.
* `serialize()` writes the game, its options and the action history as JSON;
  `Game.deserialize_state()` replays it, so any state — in the middle of any
  decision — round-trips exactly.
"""

from __future__ import annotations

import json
import operator
import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from ludoteca.core.errors import IllegalActionError, LudotecaError
from ludoteca.core.i18n import Message, msg, notation
from ludoteca.core.manifest import Manifest, OptionSpec, validate
from ludoteca.core.prompt import Option, Prompt

if TYPE_CHECKING:
    from ludoteca.core.encoding import Encoder
    from ludoteca.core.option_features import OptionFeatures
    from ludoteca.core.terminal import GameView as TerminalView

CHANCE = -1
TERMINAL = -4

SERIAL_FORMAT = "ludoteca-state/1"


class Game(ABC):
    """A game with fixed options. Cheap to share: states keep a reference to it."""

    #: short registry name, e.g. "carcassonne"
    name: ClassVar[str]
    #: human-readable title
    title: ClassVar[str]
    #: option name -> default value (None: absent unless given); other names are rejected
    default_options: ClassVar[dict[str, Any]]
    #: one spec per option (`ludoteca.core.manifest.OptionSpec`): kind, bounds, choices
    option_specs: ClassVar[tuple[OptionSpec, ...]]
    #: the player counts the game allows (the `players` option's bounds, if it has one)
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    #: True if some seat may not see part of the state (hands, kept tiles, ...)
    hidden_information: ClassVar[bool] = False
    #: bot specs by name (`ludoteca.agents.presets`): the default options of `mcts` and
    #: `ismcts` in this game, the levels `easy`, `medium`, `hard`, and named specs
    agent_presets: ClassVar[dict[str, str]] = {
        "easy": "greedy:explore=0.5", "medium": "greedy", "hard": "greedy"}

    #: the browser's drawing of this game, `web/js/<web_table>/table.js` (None: the generic table)
    web_table: ClassVar[str | None] = None

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, Any] = self.validate_options(options)

    # --- optional hooks: a game overrides those it has; the defaults work everywhere ---

    def display_components(self) -> dict[str, Any] | None:
        """What the game's pieces look like (read-only, JSON-ready data for drawings, such
        as the browser table's); None for a game drawn only generically."""
        return None

    #: does `image()` draw this game? The environments offer `render_mode="rgb_array"` only then
    draws_images: ClassVar[bool] = False

    def image(self, state: State, seat: int | None) -> Any:
        """An RGB picture of `state` as `seat` sees it (None: a spectator): a uint8 numpy
        array of shape (height, width, 3), for `render("rgb_array")`. Only a game with
        `draws_images` has one."""
        raise NotImplementedError(f"{self.name} draws no pictures (draws_images is False)")

    def terminal_view(self) -> TerminalView:
        """A fresh terminal view of this game (`ludoteca.core.terminal.GameView` or a
        subclass of the game's own): what `ludoteca play` and `render("ansi")` draw."""
        from ludoteca.core.terminal import GameView

        return GameView()

    def encoder(self) -> Encoder:
        """A fresh encoder of this game's numeric observations (`ludoteca.core.encoding`):
        what the environments feed to learners. The default is `GenericEncoder`
        (seat, player to move, scores); a game with its own layout returns its encoder."""
        from ludoteca.core.encoding import GenericEncoder

        return GenericEncoder(self)

    def option_features(self) -> OptionFeatures:
        """The featurizer of this game's legal options, one row of floats per option
        (`ludoteca.core.option_features`); the default hashes notation and payloads."""
        from ludoteca.core.option_features import HashedOptionFeatures

        return HashedOptionFeatures()

    def max_game_length(self) -> int | None:
        """An upper bound on the number of actions in a game, if the game knows one."""
        return None

    def max_chance_outcomes(self) -> int:
        """An upper bound on the outcomes of a chance node (default: every action id)."""
        return self.num_distinct_actions()

    @classmethod
    def validate_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        """Return the full option dict (defaults filled in, None left out); raise
        `InvalidOptionError` naming the option on a name or value the specs refuse
        (`core.manifest.validate`). Games add their cross-checks in `__init__`."""
        return validate(cls, options)

    @classmethod
    def manifest(cls) -> Manifest:
        """What the game declares about itself (`ludoteca.core.manifest`)."""
        return Manifest.of(cls)

    @abstractmethod
    def new_initial_state(self) -> State: ...

    def heuristic(self, state: State, seat: int) -> float:
        """How good `state` looks for `seat` (higher is better); used by bots.

        The default is the score lead over the best other seat; games refine it.
        """
        scores = state.scores()
        others = [s for i, s in enumerate(scores) if i != seat]
        return scores[seat] - (max(others) if others else 0.0)

    def turn_horizon(self, state: State) -> bool:
        """May a one-turn search (`greedy`) judge `state` as it stands, without searching
        the further decisions its seat still has this turn? True where the game's
        `heuristic` already values what those decisions would bring (e.g. movement points
        still to spend, counted as steps taken), so the search stops there and judges
        far fewer positions. `state` is never the search's root. The default: never."""
        return False

    # inputs of a fitted value model (`ludoteca fit-value`); empty: the game has none (a
    # game whose inputs depend on its options sets them per instance)
    value_input_names: tuple[str, ...] = ()

    def value(self, state: State, seat: int) -> float:
        """What a search should expect `state` to be worth to `seat` by the end, in points
        of lead (`mcts:judge=value`). Games with a fitted model override it; the default
        is `heuristic`."""
        return self.heuristic(state, seat)

    def value_inputs(self, state: State, seat: int) -> list[float] | None:
        """The inputs (`value_input_names`) of the game's value model for `seat`, or None
        when the game has no model for these options."""
        return None

    @abstractmethod
    def num_players(self) -> int: ...

    @abstractmethod
    def num_distinct_actions(self) -> int: ...

    def deserialize_state(self, text: str) -> State:
        """Rebuild a state written by `State.serialize()` (by replaying its history)."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise LudotecaError(f"serialized state is not JSON: {exc}") from None
        if not isinstance(data, dict) or data.get("format") != SERIAL_FORMAT:
            raise LudotecaError(f"serialized state must be a {SERIAL_FORMAT!r} object")
        if data.get("game") != self.name or data.get("options") != _jsonable(self.options):
            raise LudotecaError(
                f"serialized state is for {data.get('game')!r} with options "
                f"{data.get('options')!r}, not {self.name!r} with {_jsonable(self.options)!r}"
            )
        history = data.get("history")
        if not isinstance(history, list) or not all(isinstance(a, int) for a in history):
            raise LudotecaError("serialized state needs 'history': a list of integers")
        state = self.new_initial_state()
        for index, action in enumerate(history):
            try:
                state.apply_action(action)
            except IllegalActionError as exc:
                raise LudotecaError(f"serialized history, action {index}: {exc}") from None
        return state

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.options!r})"


class State(ABC):
    """One position of a game. Subclasses implement the hooks marked abstract."""

    __slots__ = ("_game", "_history", "_legal")

    def __init__(self, game: Game) -> None:
        self._game = game
        self._history: list[int] = []
        self._legal: list[int] | None = None

    # ------------------------------------------------------------------ hooks
    @abstractmethod
    def current_player(self) -> int: ...

    @abstractmethod
    def _legal_actions(self) -> list[int]:
        """Legal actions of the seat to move (decision nodes only), ascending.

        May return a tuple the state keeps (it is cached and never changed)."""

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        raise NotImplementedError(f"{self._game.name} has no chance nodes")

    @abstractmethod
    def _apply(self, action: int) -> None:
        """Apply a legal action (already validated)."""

    @abstractmethod
    def _copy(self) -> State:
        """A fully independent copy (history and caches are copied by `clone`)."""

    @abstractmethod
    def action_to_string(self, action: int) -> str: ...

    @abstractmethod
    def scores(self) -> list[float]:
        """Game points per seat, as they stand now."""

    @abstractmethod
    def observation(self, seat: int) -> dict[str, Any]:
        """JSON-able view of everything `seat` may see, and nothing else."""

    @abstractmethod
    def full_state(self) -> dict[str, Any]:
        """JSON-able dump of the whole state (hidden parts included), for tests and debugging."""

    @abstractmethod
    def _decision(self) -> tuple[str, str]:
        """(kind, short text) of the current decision, e.g. ("place", "Place tile base:U")."""

    def _action_payload(self, action: int) -> dict[str, Any]:
        """Structured data describing an action, for UIs and bots."""
        return {}

    def public_observation(self) -> dict[str, Any] | None:
        """What a spectator may see, for a game with hidden information (None: the game
        offers no spectator view; without hidden information `observation(-1)` is used)."""
        return None

    def scoring_log(self) -> list[dict[str, Any]] | None:
        """The public scoring events so far, for games that keep such a log (else None)."""
        return None

    def scoring_message(self, event: dict[str, Any]) -> Message | None:
        """How one `scoring_log()` event reads, as a message (None: not worded)."""
        return None

    def seat_facts(self, seat: int) -> dict[str, list[str]]:
        """What `seat`'s game was made of, for balance analysis (`ludoteca analyse`): each
        factor (`"corporation"`, `"card"`, `"wonder"`...) with the seat's levels of it, as
        language-neutral ids, read at the end of a game. Default: none (the seat and its
        agent are always factors of the analysis)."""
        return {}

    def _decision_message(self) -> Message | None:
        """The current decision as a message (`ludoteca.core.i18n`); None: the notation
        fallback (a game whose texts are not translated yet)."""
        return None

    def _option_message(self, action: int) -> Message | None:
        """What choosing `action` here means, as a message; None: the notation fallback."""
        return None

    # ---------------------------------------------------------- provided API
    @property
    def game(self) -> Game:
        return self._game

    def get_game(self) -> Game:
        return self._game

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def legal_actions(self) -> list[int]:
        legal = self._legal
        if legal is None:
            if self.is_terminal():
                legal = []
            elif self.is_chance_node():
                legal = [a for a, _ in self._chance_outcomes()]
            else:
                legal = self._legal_actions()
            self._legal = legal
        return list(legal)

    def legal_actions_view(self) -> list[int] | tuple[int, ...]:
        """The cached `legal_actions()` itself, not a copy: for hot loops (the environments'
        masks) that only read it. Never change it; it is stale once an action is applied."""
        legal = self._legal
        if legal is None:
            self.legal_actions()
            legal = self._legal
            assert legal is not None
        return legal

    def apply_chance_sample(self, r: float) -> int:
        """At a chance node, apply the outcome that the uniform draw `r` in [0, 1) picks and
        return it: the first outcome whose cumulative probability (in `chance_outcomes()`
        order) exceeds `r`, else the last one. The outcomes are listed once and the outcome
        is applied without the legality check (it is legal by construction), so this is the
        cheap form of `apply_action(<outcome drawn from r>)`, with the same result."""
        if self.current_player() != CHANCE:
            raise LudotecaError("apply_chance_sample() needs a chance node")
        action = pick_outcome(self._chance_outcomes(), r)
        self._apply(action)
        self._history.append(action)
        self._legal = None
        return action

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if not self.is_chance_node():
            return []
        return self._chance_outcomes()

    def apply_action(self, action: int) -> None:
        """Apply `action`; an illegal one raises `IllegalActionError` and changes nothing."""
        legal = self._legal
        if legal is None:
            self.legal_actions()
            legal = self._legal
        assert legal is not None
        if type(action) is not int:
            action = _as_action(action, lambda: self._illegal_message(action, legal))
        if action not in legal:
            raise IllegalActionError(self._illegal_message(action, legal), message=self.refusal_message())
        self._apply(action)
        self._history.append(action)
        self._legal = None

    def apply_string(self, text: str) -> int:
        """Parse `text` in this state's notation, apply it and return the action id."""
        action = self.string_to_action(text)
        self.apply_action(action)
        return action

    def string_to_action(self, text: str) -> int:
        """The legal action whose canonical string is `text` (games may accept aliases)."""
        wanted = " ".join(text.split())
        for action in self.legal_actions():
            if self.action_to_string(action) == wanted:
                return action
        legal = self.legal_actions()
        raise IllegalActionError(self._illegal_message(text, legal), message=self.refusal_message())

    def public_action_string(self, action: int) -> str | None:
        """What every seat learns when `action` is applied here, or None if it is secret.

        The default: in a game with hidden information chance outcomes are secret (a
        card drawn into a hand); everything else is public. Games override it for
        decisions taken face down (a corporation chosen, cards kept)."""
        if self._game.hidden_information and self.is_chance_node():
            return None
        return self.action_to_string(action)

    def action_message(self, action: int) -> Message:
        """`action`, applied here, as its actor's log shows it (a message; by default the
        notation). Call it before applying the action, like `public_action_string`."""
        return notation(self.action_to_string(action))

    def public_action_message(self, action: int) -> Message | None:
        """What every seat reads of `action` applied here, or None if it is secret: the
        message for `public_action_string` (games with translated texts override both). A
        game may announce a secret decision without its content ("kept 1 card"): then
        `public_action_string` is None and this message is what the others read."""
        public = self.public_action_string(action)
        if public is None:
            return None
        return self.action_message(action) if public == self.action_to_string(action) else notation(public)

    def history(self) -> list[int]:
        return list(self._history)

    def move_number(self) -> int:
        return len(self._history)

    def winners(self) -> list[int]:
        """The seats that won (ascending), once the game is over; [] before the end.

        The default: the seats with the highest `scores()`. Games override it for
        tie-breaks (only ever choosing among the top scorers) and solo goals (a lone
        player may lose: [])."""
        if not self.is_terminal():
            return []
        return top_scorers(self.scores())

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._game.num_players()
        return returns_from_winners(self.winners(), self._game.num_players())

    def clone(self) -> State:
        other = self._copy()
        other._history = list(self._history)
        other._legal = self._legal
        return other

    def resample_from_infostate(self, seat: int, rng: random.Random) -> State:
        """A state `seat` cannot tell apart from this one, hidden parts re-dealt with `rng`.

        Games without hidden information return a clone (the future is never
        pre-drawn, so there is nothing to re-deal).
        """
        if self._game.hidden_information:
            raise NotImplementedError(f"{self._game.name} must implement resampling")
        return self.clone()

    def serialize(self) -> str:
        return json.dumps(
            {
                "format": SERIAL_FORMAT,
                "game": self._game.name,
                "options": _jsonable(self._game.options),
                "history": self._history,
            },
            separators=(",", ":"),
        )

    def prompt(self, words: bool = True) -> Prompt:
        """The current decision as data; its options are exactly `legal_actions()`.

        `words=False` leaves out the messages (`Prompt.message`, `Option.message`): for
        programs that read only the notation and payloads, such as the environments."""
        player = self.current_player()
        if player == TERMINAL:
            return Prompt("terminal", TERMINAL, "The game is over.", (), msg("core.game_over"))
        kind, text = self._decision()
        describe = self._option_message if words else _no_message
        if player == CHANCE:
            options = tuple(
                Option(a, self.action_to_string(a), {**self._action_payload(a), "probability": p},
                       describe(a))
                for a, p in self._chance_outcomes()
            )
        else:
            options = tuple(
                Option(a, self.action_to_string(a), self._action_payload(a), describe(a))
                for a in self.legal_actions()
            )
        return Prompt(kind, player, text, options, self._decision_message() if words else None)

    def refusal_message(self) -> Message:
        """Why an action was refused here, as a message for the reader (it never repeats the
        refused input): the decision at hand and how many actions are legal."""
        legal = self.legal_actions() if not self.is_terminal() else []
        if not legal:
            return msg("core.error.game_over")
        decision = self._decision_message() or notation(self._decision()[1])
        return msg("core.error.illegal", decision=decision, n=len(legal))

    def _illegal_message(self, action: object, legal: list[int]) -> str:
        kind, text = self._decision() if not self.is_terminal() else ("terminal", "game over")
        if not legal:
            return f"{action!r} is not legal: the game is over"
        example = legal[0]
        return (
            f"{action!r} is not a legal action here ({kind}: {text}); "
            f"{len(legal)} legal action(s), e.g. {example} = {self.action_to_string(example)!r}"
        )

    def __str__(self) -> str:
        return json.dumps(self.full_state(), sort_keys=True)


def _no_message(action: int) -> None:
    return None


def top_scorers(scores: list[float]) -> list[int]:
    best = max(scores)
    return [i for i, s in enumerate(scores) if s == best]


def returns_from_winners(winners: list[int], players: int) -> list[float]:
    """+1/k to each of the k winners, -1 to the others; all 0 if every seat won.

    A lone player: +1 if it won, -1 if not."""
    if players == 1:
        return [1.0 if winners else -1.0]
    if len(winners) == players:
        return [0.0] * players
    share = 1.0 / len(winners) if winners else 0.0
    return [share if seat in winners else -1.0 for seat in range(players)]


def returns_from_scores(scores: list[float]) -> list[float]:
    """The returns when the top scorers win (the default `winners()`)."""
    return returns_from_winners(top_scorers(scores), len(scores))


def pick_outcome(outcomes: list[tuple[int, float]], r: float) -> int:
    """The outcome a uniform draw `r` in [0, 1) picks: the first whose cumulative
    probability exceeds `r` (else the last, against rounding)."""
    acc = 0.0
    for action, p in outcomes:
        acc += p
        if r < acc:
            return action
    return outcomes[-1][0]


def _as_action(action: object, message: Callable[[], str]) -> int:
    """Accept any integer-like action id (numpy integers included), reject the rest."""
    if isinstance(action, bool):
        raise IllegalActionError(message())
    try:
        return operator.index(action)  # type: ignore[arg-type]  # any object: a TypeError says it is no integer
    except TypeError:
        raise IllegalActionError(message()) from None


def _jsonable(value: Any) -> Any:
    """Options as they appear in JSON (tuples become lists)."""
    return json.loads(json.dumps(value))
