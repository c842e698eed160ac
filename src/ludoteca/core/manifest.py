"""A game's manifest: what every interface may know about a game without naming it (#22).

OpenSpiel's `GameType`/`GameInfo` is the model. Each `Game` subclass declares, as class
attributes, its `title`, `min_players`/`max_players`, `hidden_information` and one
`OptionSpec` per option (`option_specs`); `Manifest.of(cls)` gathers them, and
`check_manifest(cls)` — run by `core.registry.game_class` when a game is first loaded —
refuses a game whose declarations disagree:

* the specs name exactly the keys of `default_options`, once each, and each spec's
  default is the one in `default_options` and passes the spec's own check;
* `1 <= min_players <= max_players`; a `players` option is an `int` spec whose bounds
  are that range (a game without one has a fixed count: `min_players == max_players`);
* a `choice` or `multi` spec has choices; an `int` spec's `min <= max`.

An option is one of these kinds (`OptionSpec.check` is the rule, `validate` applies it to
an options dict before the game's own cross-checks, e.g. "no draft in solo"):

| kind | value | the lobby shows |
| --- | --- | --- |
| `int` | an integer, `min <= v <= max` (either bound may be open) | a number input |
| `bool` | true or false | a checkbox |
| `choice` | one of `choices` | a select |
| `multi` | a list of distinct `choices` (expansions) | checkboxes |
| `json` | any JSON data, checked by the game (research options such as a fixed bag) | a text box |

`optional` specs accept None (absent: the game decides, e.g. deals at random); `advanced`
ones (research and test options) sit behind the lobby's "more options".

Texts live in the game's catalog (`games/<game>/messages/options.<lang>.json`):
`<prefix>.title`, `<prefix>.setting.<name>`, `<prefix>.setting.<name>.about` and
`<prefix>.setting.<name>.choice.<value>` (or the spec's own `choice_key` template, e.g.
the Wonders' names), where `<prefix>` is the last name of the game's package. A refused
value raises `InvalidOptionError` naming the option, with a catalog message
(`core.option.error.*`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, NoReturn

from ludoteca.core.errors import InvalidOptionError, LudotecaError
from ludoteca.core.i18n import Message, MissingMessage, msg, render

if TYPE_CHECKING:
    from ludoteca.core.api import Game

OptionKind = Literal["int", "bool", "choice", "multi", "json"]
KINDS: tuple[str, ...] = ("int", "bool", "choice", "multi", "json")


class ManifestError(LudotecaError):
    """A game whose manifest contradicts itself (raised when the game is registered/loaded)."""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One declared option of a game (see the module docstring for the kinds)."""

    name: str
    kind: OptionKind
    default: Any = None
    choices: tuple[Any, ...] = ()
    min: int | None = None
    max: int | None = None
    #: None is accepted (the option is then absent and the game decides)
    optional: bool = False
    #: a research or test option, hidden behind "more options" in the lobby
    advanced: bool = False
    #: message key of a choice's label, `{value}` standing for the choice
    #: (default `<prefix>.setting.<name>.choice.{value}`)
    choice_key: str | None = None

    # ----------------------------------------------------------- texts
    def label_key(self, prefix: str) -> str:
        return f"{prefix}.setting.{self.name}"

    def about_key(self, prefix: str) -> str:
        return f"{prefix}.setting.{self.name}.about"

    def choice_label_key(self, prefix: str, value: Any) -> str:
        template = self.choice_key or f"{prefix}.setting.{self.name}.choice.{{value}}"
        return template.replace("{value}", str(value))

    def message_keys(self, prefix: str) -> list[str]:
        """Every catalog key this option's form needs."""
        return [self.label_key(prefix), self.about_key(prefix),
                *(self.choice_label_key(prefix, c) for c in self.choices)]

    # ----------------------------------------------------------- rule
    def check(self, value: Any, prefix: str) -> None:
        """Raise `InvalidOptionError` (naming this option) unless `value` is allowed."""
        if value is None:
            if not self.optional:
                self._refuse(prefix, "core.option.error.required", value)
            return
        kind = self.kind
        if kind == "int":
            self._check_int(value, prefix)
        elif kind == "bool":
            if type(value) is not bool:
                self._refuse(prefix, "core.option.error.bool", value)
        elif kind == "choice":
            if not _member(value, self.choices):
                self._refuse(prefix, "core.option.error.choice", value, choices=self._labels(prefix))
        elif kind == "multi":
            ok = isinstance(value, list | tuple) and all(_member(v, self.choices) for v in value)
            if not ok or len({json.dumps(v) for v in value}) != len(value):
                self._refuse(prefix, "core.option.error.multi", value, choices=self._labels(prefix))
        else:
            try:
                json.dumps(value, allow_nan=False)
            except (TypeError, ValueError):
                self._refuse(prefix, "core.option.error.json", value)

    def _check_int(self, value: Any, prefix: str) -> None:
        low, high = self.min, self.max
        if type(value) is int and (low is None or value >= low) and (high is None or value <= high):
            return
        if low is not None and high is not None:
            self._refuse(prefix, "core.option.error.range", value, min=low, max=high)
        elif low is not None:
            self._refuse(prefix, "core.option.error.at_least", value, min=low)
        elif high is not None:
            self._refuse(prefix, "core.option.error.at_most", value, max=high)
        self._refuse(prefix, "core.option.error.whole", value)

    def _values(self) -> str:
        return f"; choices: {', '.join(map(str, self.choices))}" if self.choices else ""

    def _labels(self, prefix: str) -> list[Message]:
        return [msg(self.choice_label_key(prefix, c)) for c in self.choices]

    def _refuse(self, prefix: str, key: str, value: Any, **params: Any) -> NoReturn:
        message = msg(key, option=msg(self.label_key(prefix)), **params)
        hint = f"(option {self.name!r}, got {value!r:.80}{self._values()})"
        try:
            text = render(message, "en")
        except MissingMessage:  # a game without its option texts: still a clear refusal
            text = f"option {self.name!r} refuses the value ({key.rsplit('.', 1)[1]})"
        raise InvalidOptionError(text, option=self.name, message=message, hint=hint)

    def to_dict(self, prefix: str) -> dict[str, Any]:
        """The spec as the lobby reads it (`GET /api/catalog`), with its message keys."""
        return {
            "name": self.name, "kind": self.kind, "default": self.default,
            "choices": [{"value": c, "label": self.choice_label_key(prefix, c)} for c in self.choices],
            "min": self.min, "max": self.max, "optional": self.optional, "advanced": self.advanced,
            "label": self.label_key(prefix), "about": self.about_key(prefix),
        }


def _member(value: Any, choices: tuple[Any, ...]) -> bool:
    """`value in choices`, without True == 1 (JSON keeps booleans and numbers apart)."""
    return any(type(value) is type(c) and value == c for c in choices)


@dataclass(frozen=True, slots=True)
class Manifest:
    """Everything a game declares about itself, gathered from its class."""

    name: str
    title: str
    prefix: str
    min_players: int
    max_players: int
    hidden_information: bool
    options: tuple[OptionSpec, ...]

    @classmethod
    def of(cls, game: type[Game]) -> Manifest:
        return cls(game.name, game.title, catalog_prefix(game), game.min_players, game.max_players,
                   bool(game.hidden_information), tuple(game.option_specs))

    @property
    def title_key(self) -> str:
        return f"{self.prefix}.title"

    def message_keys(self) -> list[str]:
        """Every catalog key the manifest names (the title, each option's texts)."""
        return [self.title_key, *(k for spec in self.options for k in spec.message_keys(self.prefix))]

    def to_dict(self) -> dict[str, Any]:
        """The manifest as `GET /api/catalog` gives it (texts as message keys)."""
        return {"name": self.name, "title": self.title, "title_key": self.title_key,
                "min_players": self.min_players, "max_players": self.max_players,
                "hidden_information": self.hidden_information,
                "options": [spec.to_dict(self.prefix) for spec in self.options]}


def catalog_prefix(game: type[Game]) -> str:
    """The first part of the game's message keys: its package's last name
    (`ludoteca.games.tm_dice.game` -> `tm_dice`)."""
    package = game.__module__.rpartition(".")[0]
    return package.rpartition(".")[2] or game.__module__


def validate(game: type[Game], options: dict[str, Any]) -> dict[str, Any]:
    """`options` checked against `game`'s specs, defaults filled in, absent (None) ones left out.
    Raises `InvalidOptionError` naming the first bad option."""
    prefix = catalog_prefix(game)
    specs = {spec.name: spec for spec in game.option_specs}
    for name in options:
        if name not in specs:
            valid = ", ".join(sorted(specs)) or "(none)"
            raise InvalidOptionError(
                f"unknown option {name!r} for {game.name}; valid options: {valid}", option=name,
                message=msg("core.option.error.unknown", option=str(name)[:60], valid=valid))
    merged = dict(game.default_options)
    for name, value in options.items():
        specs[name].check(value, prefix)
        merged[name] = value
    return {k: v for k, v in merged.items() if v is not None}


def with_players(game: type[Game], options: dict[str, Any], players: int) -> dict[str, Any]:
    """`options` for a game of `players` seats: the `players` option filled in (unless
    given) when the game has one; a game without one must be for exactly `players`."""
    if any(spec.name == "players" for spec in game.option_specs):
        return {"players": players, **options}
    if players != game.min_players:
        raise InvalidOptionError(
            f"{players} seat(s) for {game.name}, a game of {game.min_players} players", option="players",
            message=msg("core.option.error.seats", n=players, players=game.min_players))
    return dict(options)


def check_manifest(game: type[Game]) -> Manifest:
    """The game's `Manifest`, or `ManifestError` saying what contradicts what."""
    def fail(problem: str) -> NoReturn:
        raise ManifestError(f"game {getattr(game, 'name', game.__name__)!r}: bad manifest: {problem}")

    for attr in ("name", "title", "default_options", "min_players", "max_players", "option_specs"):
        if not hasattr(game, attr):
            fail(f"it does not declare {attr!r}")
    if not isinstance(game.title, str) or not game.title:
        fail("its title must be a non-empty string")
    low, high = game.min_players, game.max_players
    if type(low) is not int or type(high) is not int or not 1 <= low <= high:
        fail(f"min_players/max_players must be integers with 1 <= min <= max, got {low!r}/{high!r}")
    specs = tuple(game.option_specs)
    names = [s.name for s in specs]
    if len(set(names)) != len(names):
        fail(f"an option is declared twice: {names}")
    if set(names) != set(game.default_options):
        fail(f"option specs {sorted(names)} do not match default_options {sorted(game.default_options)}")
    prefix = catalog_prefix(game)
    for spec in specs:
        if spec.kind not in KINDS:
            fail(f"option {spec.name!r} has unknown kind {spec.kind!r} (kinds: {', '.join(KINDS)})")
        if spec.default != game.default_options[spec.name]:
            fail(f"option {spec.name!r}: spec default {spec.default!r} is not "
                 f"default_options' {game.default_options[spec.name]!r}")
        if spec.kind in ("choice", "multi") and not spec.choices:
            fail(f"option {spec.name!r} ({spec.kind}) declares no choices")
        if spec.min is not None and spec.max is not None and spec.min > spec.max:
            fail(f"option {spec.name!r}: min {spec.min} > max {spec.max}")
        try:
            spec.check(spec.default, prefix)
        except InvalidOptionError:
            fail(f"option {spec.name!r}: its default {spec.default!r} breaks its own spec")
    players = next((s for s in specs if s.name == "players"), None)
    if players is None and low != high:
        fail(f"without a 'players' option the player count is fixed, but {low}..{high} is declared")
    if players is not None and (players.kind != "int" or (players.min, players.max) != (low, high)):
        fail(f"option 'players' must be an int spec from {low} to {high}")
    return Manifest.of(game)
