"""Terraforming Mars: The Dice Game (FryxGames, 2023) — the game's manifest.

Options
-------
* `players`: 1..4. One player is the solo game: a time track of 50 turns, a win
  only with all three global parameters complete, milestones removed one by one
  at the start of turns 17, 21 and 25, awards as personal targets, no gift.
* `start`: optional scenario, NOT a rule of the game: steps already made on each
  global parameter when the game begins, e.g. `{"temperature": 9, "oxygen": 7,
  "oceans": 6}` (oceans already placed fill the first ocean areas of the map, placed
  by nobody; passed track bonuses are not given). At most one parameter may start
  complete. Used for short test games and end-game practice; absent, the game
  starts as the rules say.

Components: every component is data in `data/*.json`, checked on load
(`content.py`; format in `docs/tm-dice.md`). Much of the printed content was not
found in public sources; those gaps are filled with Ludoteca's own stand-ins
(ids starting `pd_`), labelled "Ludoteca stand-in (not official)" in the data,
the observations and the prompt payloads.

Game flow: setup (chance: the bonus stack, 3 award dice, 3 milestones, 2
corporations and 5 cards per seat; each seat keeps a corporation, hidden until all
have chosen; start bonuses and first production are rolled; the first player gives
one resource to the last), then turns in seat order. A turn is a production turn
or an action turn (one support action, then one main action; free blue actions
before or after either). Every die roll and every card draw is a chance node.
See `setup.py`, `turns.py`, `production.py`, `order.py` and `effects.py` for the
rules (each with the handlers of its decision-stack frames), `actions.py` for the
notation.

Hidden information: hands, the deck, the corporations dealt to the others (and
their choice until revealed), and the bonus stack (until a seat has looked
through it). `resample_from_infostate` deals those again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ludoteca.core.api import Game, State
from ludoteca.core.errors import InvalidOptionError
from ludoteca.core.i18n import msg
from ludoteca.core.manifest import OptionSpec
from ludoteca.games.tm_dice.actions import ActionCodec
from ludoteca.games.tm_dice.content import Content, load_content
from ludoteca.games.tm_dice.dice import N_COLOURS, N_RESOURCES
from ludoteca.games.tm_dice.heuristics import evaluate
from ludoteca.games.tm_dice.ops import Ops
from ludoteca.games.tm_dice.state import TMDiceState
from ludoteca.games.tm_dice.tasks import SPECIAL

if TYPE_CHECKING:
    from ludoteca.core.encoding import Encoder
    from ludoteca.core.prompt import Option
    from ludoteca.core.terminal import GameView
    from ludoteca.games.tm_dice.option_features import TMDiceOptionFeatures


class TMDiceGame(Game):
    name = "tm-dice"
    title = "Terraforming Mars: The Dice Game"
    default_options: ClassVar[dict[str, Any]] = {"players": 2, "start": None}
    min_players, max_players = 1, 4
    option_specs = (
        OptionSpec("players", "int", 2, min=1, max=4),
        OptionSpec("start", "json", None, optional=True, advanced=True),
    )
    hidden_information = True
    #: bots (`ludoteca.agents.presets`; BENCHMARKS.md): no search option is measured
    #: better than the plain defaults, so `mcts`/`ismcts` take them. `hard`:
    #: ismcts at 0.1 s beat greedy 9-1 over 10 games
    agent_presets: ClassVar[dict[str, str]] = {
        # `mcts` is the information-set search, the only one measured against greedy here
        # (BENCHMARKS.md, issue 21 session 11: 68.8% of 16 games at 0.1 CPU s a move);
        # settle=0.3 ends a settled search early: 22-31% less CPU a move, the same moves
        # as the full budget as often as two runs of the full budget agree with each other
        "ismcts": "ismcts:settle=0.3", "mcts": "ismcts",
        "easy": "greedy:explore=0.5", "medium": "greedy", "hard": "ismcts:time=1"}

    web_table = "tmdice"

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        players = self.options["players"]
        content: Content = load_content()
        self.content = content
        self.start: tuple[int, int, int] = self._start(self.options.get("start"))
        self.codec = ActionCodec(content)
        #: action id -> its prompt payload but for a `play`'s pay, built on first use (`views.action_payload`)
        self.payloads: dict[int, dict[str, Any]] = {}
        #: action id -> its `Option` without words, for the ids whose payload is the id's alone
        self.bare_options: dict[int, Option] = {}
        rules = content.rules
        self.solo = players == 1
        self.n_cards = len(content.cards)
        self.hand_size: int = rules["hand_size"]
        self.keep_dice: int = rules["keep_dice"]
        self.corporations_dealt: int = rules["corporations_dealt"]
        self.support_draw: int = rules["support_draw"]
        self.terraform_vp: int = rules["terraform_vp"]
        self.terraform_vp_complete: int = rules["terraform_vp_complete"]
        self.city_vp = 2
        self.vp_steps: tuple[int, ...] = tuple(rules["vp_bonus_steps"])
        self.bonus_stack_size: int = rules["bonus_stack"][str(players)]
        self.awards_in_play: int = rules["awards_in_play"]
        self.milestones_in_play: int = rules["milestones_in_play"]
        self.solo_turns: int = rules["solo"]["turns"]
        self.solo_timer: tuple[int, ...] = tuple(rules["solo"]["milestone_timer"])
        self.ocean_areas = tuple(a.index for a in content.areas if a.ocean)
        self.land_areas = tuple(a.index for a in content.areas if not a.ocean)
        cards = content.cards
        self.action_cards: tuple[tuple[int, ...], ...] = tuple(
            tuple(c.index for c in cards if c.timing == timing) for timing in range(3))
        self.discounts = tuple((c.index, r, n) for c in cards for r, n in c.discount)
        reactions: dict[int, list[tuple[int, Ops]]] = {}
        for c in cards:
            for tile, ops in c.reactions:
                reactions.setdefault(tile, []).append((c.index, ops))
        self.reactions = {tile: tuple(v) for tile, v in reactions.items()}
        self.on_play = tuple((c.index, colour, ops) for c in cards for colour, ops in c.on_play)
        self.costed_cards = tuple(c.index for c in cards if c.cost_icons)
        self.cost_icon_counts = tuple(
            tuple(sum(1 for i in c.cost_icons if i == r) for r in range(N_RESOURCES)) for c in cards)
        codec = self.codec
        self.roll_outcomes = tuple(
            [(codec.roll + 3 * colour + k, content.face_counts[3 * colour + k] / 6) for k in range(3)]
            for colour in range(N_COLOURS))
        assert SPECIAL == 4

    def _start(self, start: object) -> tuple[int, int, int]:
        if start is None:
            return (0, 0, 0)
        tracks = self.content.parameters
        names = [t.id for t in tracks]
        if not isinstance(start, dict) or set(start) - set(names):
            raise InvalidOptionError(f"start must map some of {', '.join(names)} to steps, got {start!r}",
                                     option="start", message=msg("tm_dice.setting.start.error"))
        steps = []
        for t in tracks:
            k = start.get(t.id, 0)
            if type(k) is not int or not 0 <= k <= t.steps:
                raise InvalidOptionError(f"start: {t.id} must be an integer from 0 to {t.steps}, got {k!r}",
                                         option="start", message=msg("tm_dice.setting.start.error"))
            steps.append(k)
        if sum(k >= t.steps for k, t in zip(steps, tracks, strict=True)) > 1:
            raise InvalidOptionError("start: at most one global parameter may start complete", option="start",
                                     message=msg("tm_dice.setting.start.error.complete"))
        self.options["start"] = {t.id: k for k, t in zip(steps, tracks, strict=True)}
        return (steps[0], steps[1], steps[2])

    def new_initial_state(self) -> TMDiceState:
        return TMDiceState(self)

    def num_players(self) -> int:
        return int(self.options["players"])

    def num_distinct_actions(self) -> int:
        return self.codec.size

    def max_chance_outcomes(self) -> int:
        """Chance outcomes are the first action ids (roll .. milestone blocks), as OpenSpiel wants."""
        return self.codec.corp

    def heuristic(self, state: State, seat: int) -> float:
        assert isinstance(state, TMDiceState)
        return evaluate(state, seat)

    def display_components(self) -> dict[str, Any]:
        from ludoteca.games.tm_dice.display import tm_dice_components

        return tm_dice_components(self)

    def option_features(self) -> TMDiceOptionFeatures:
        """Dice, card, area and conversion columns per legal option (`option_features.py`)."""
        from ludoteca.games.tm_dice.option_features import TMDiceOptionFeatures

        return TMDiceOptionFeatures(self)

    def terminal_view(self) -> GameView:
        from ludoteca.games.tm_dice.terminal import MarsDiceView

        return MarsDiceView()

    def encoder(self) -> Encoder:
        from ludoteca.games.tm_dice.encoder import TMDiceEncoder

        return TMDiceEncoder(self)
