"""Terraforming Mars (FryxGames, 2016), the standard game on Tharsis — the manifest.

Options
-------
* `players`: 1..5. One player is the solo game (`solo.py`): always with the
  Corporate Era, TR 14, two neutral cities, 14 generations, no milestones or awards.
* `corporations`: how seats get their corporation. Absent: each seat is dealt 2 of
  the 10 base corporations (chance) and chooses one, hidden from the others until
  all have chosen. `"beginner"`: every seat plays the beginner corporation (42 M€,
  keeps its 10 starting cards for free). A list of corporation ids, one per seat
  (e.g. `["credicor", "helion"]`), fixes them; any corporation
  may be named, the Corporate Era's Saturn Systems and Teractor included.
* `corporate_era`: all 208 project cards and the 12 corporations (2 dealt to each
  seat), production starting at 0 except what the corporation gives.
* `draft`: the draft variant of the research phase from generation 2 (`draft.py`);
  not with one player (no draft in solo).
* `max_generations`: optional cap; the game then ends after that generation's
  production even if terraforming is unfinished (for tests and tools; the rules
  have no cap).

Game flow: see `generation.py` (phases), `menu.py` (the action menu), `frames.py`
(pending decisions as data), `stack.py` (each frame kind's handler) and `effects.py`
(the card-effect engine). Seat 0 is
the first player of generation 1 (seats are assigned at random anyway); the first
player passes clockwise every generation.

Hidden information: hands, offers (starting and research cards), dealt
corporations and unrevealed corporation choices, the deck and the discard pile.
Every draw is a chance node over the cards left in the deck; when the deck is
empty the discard pile becomes the deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ludoteca.core.api import Game, State
from ludoteca.core.errors import InvalidOptionError
from ludoteca.core.i18n import msg
from ludoteca.core.manifest import OptionSpec
from ludoteca.games.terraforming_mars.actions import NUM_ACTIONS
from ludoteca.games.terraforming_mars.board import MarsMap, tharsis
from ludoteca.games.terraforming_mars.card_worth import Terms, action_worths, card_terms
from ludoteca.games.terraforming_mars.cards import Card, card_index, load_cards
from ludoteca.games.terraforming_mars.constants import SOLO_START_TR, START_TR
from ludoteca.games.terraforming_mars.heuristics import evaluate, horizon
from ludoteca.games.terraforming_mars.milestones import Rules, tharsis_rules
from ludoteca.games.terraforming_mars.ordering import EffectOrder, effect_order
from ludoteca.games.terraforming_mars.playability import Profile, production_box, profile
from ludoteca.games.terraforming_mars.state import TMState

if TYPE_CHECKING:
    from ludoteca.core.encoding import Encoder
    from ludoteca.core.terminal import GameView
    from ludoteca.games.terraforming_mars.option_features import TMOptionFeatures

BEGINNER = "beginner_corporation"


class TerraformingMarsGame(Game):
    name = "terraforming-mars"
    title = "Terraforming Mars"
    default_options: ClassVar[dict[str, Any]] = {
        "players": 2, "corporations": None, "corporate_era": False, "draft": False, "max_generations": None}
    min_players, max_players = 1, 5
    option_specs = (
        OptionSpec("players", "int", 2, min=1, max=5),
        OptionSpec("corporate_era", "bool", False),
        OptionSpec("draft", "bool", False),
        OptionSpec("corporations", "json", None, optional=True, advanced=True),
        OptionSpec("max_generations", "int", None, min=1, optional=True, advanced=True),
    )
    hidden_information = True
    #: bots (`ludoteca.agents.presets`; BENCHMARKS.md): no search option is measured
    #: better than the plain defaults, so `mcts`/`ismcts` take them. `hard`:
    #: ismcts at 0.1 s tied greedy 10-10 over 20 games; 1 s is not measured
    #: `greedy`: a beam of 2 over a turn's follow-ups (the turn ends at the action menu,
    #: `turn_horizon`), playing the rest of the turn it chose without searching again
    #: (`plan=1`): with session 12's heuristic 81.2% of 400 paired games against the
    #: session-10 greedy (95% 77.1-84.8%; chosen on those games, see BENCHMARKS.md,
    #: "Terraforming Mars greedy (issue 21, session 12)"), ~0.5-0.7 CPU s a game
    #: (session 11's heuristic: 75.5%)
    agent_presets: ClassVar[dict[str, str]] = {
        "greedy": "greedy:width=2,plan=1", "easy": "greedy:explore=0.5", "medium": "greedy",
        "mcts": "ismcts",  # the information-set search, as `hard` (the only one measured here)
        # settle=0.3: 15% less CPU at 0.25 s a move, the same moves; reuse=1,credit=1: the
        # kept tree counts towards the budget: 44/71 paired games against the old preset at
        # 0.05 s a move for 0.77x its CPU, 0.57x the CPU a decision at 1 s (BENCHMARKS.md)
        "ismcts": "ismcts:settle=0.3,reuse=1,credit=1",
        "hard": "ismcts:time=1"}

    web_table = "tm"

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        players = self.options["players"]
        draft = self.options["draft"]
        if draft and players == 1:
            raise InvalidOptionError(
                "the draft is not played in the solo game (players=1); use draft=false",
                option="draft", message=msg("terraforming_mars.setting.draft.error.solo"))
        self.draft: bool = draft
        era = self.options["corporate_era"]
        self.max_generations: int | None = self.options.get("max_generations")
        self.cards: tuple[Card, ...] = load_cards()
        self.mars: MarsMap = tharsis()
        self.rules: Rules = tharsis_rules()
        if players == 1:
            era = True  # the solo game is always played with the Corporate Era
        self.sets = ("base", "corporate_era") if era else ("base",)
        self.card_ids: dict[str, int] = {c.id: c.index for c in self.cards}
        usable = [c for c in self.cards if c.set in self.sets]
        self.deck: tuple[int, ...] = tuple(c.index for c in usable if not c.is_corporation)
        self.corp_deck: tuple[int, ...] = tuple(c.index for c in usable if c.is_corporation)
        self.fixed_corporations = self._corporations(self.options.get("corporations"), players)
        self.deal_corporations = not self.fixed_corporations
        self.start_production = 0 if era else 1
        self.start_tr = SOLO_START_TR if players == 1 else START_TR
        self.play_profiles: tuple[Profile, ...] = tuple(profile(c.on_play, c) for c in self.cards)
        self.production_boxes: tuple[tuple[int, ...] | None, ...] = tuple(
            production_box(c) for c in self.cards)
        self.action_profiles: tuple[tuple[Profile, ...], ...] = tuple(
            tuple(profile(a.ops) for a in c.actions) for c in self.cards)
        self.effect_orders: tuple[EffectOrder | None, ...] = tuple(effect_order(c) for c in self.cards)
        self.action_worths: tuple[float, ...] = action_worths(self.cards)  # for the bots' heuristic
        self.card_terms: tuple[Terms, ...] = tuple(card_terms(c) for c in self.cards)  # idem
        self.hand_worths: dict[int, tuple[float, ...]] = {}  # idem: filled by `heuristics.hand_worths`
        self.global_windows: dict[int, tuple[tuple[int, int, int], ...]] | None = None  # `heuristics`
        self.vp_cards: frozenset[int] = frozenset(c.index for c in self.cards if c.vp is not None)
        #: `notation.action_text` of the ids whose text is a function of the id (all but payments)
        self.action_texts: dict[int, str] = {}

    def _corporations(self, value: object, players: int) -> tuple[int, ...]:
        if value is None:
            return ()
        index = card_index()
        if value == "beginner":
            return (index[BEGINNER].index,) * players
        playable = [c.id for c in self.cards if c.is_corporation]
        if not isinstance(value, list | tuple) or len(value) != players:
            raise InvalidOptionError(
                f"corporations must be 'beginner' or a list of {players} corporation ids, got {value!r}",
                option="corporations", message=msg("terraforming_mars.setting.corporations.error", n=players))
        out = []
        for cid in value:
            if cid not in playable:
                raise InvalidOptionError(
                    f"unknown corporation {cid!r}; choose from {', '.join(playable)}", option="corporations",
                    message=msg("terraforming_mars.setting.corporations.error", n=players))
            out.append(index[cid].index)
        self.options["corporations"] = list(value)
        return tuple(out)

    def new_initial_state(self) -> TMState:
        return TMState(self)

    def num_players(self) -> int:
        return int(self.options["players"])

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def heuristic(self, state: State, seat: int) -> float:
        assert isinstance(state, TMState)
        return evaluate(state, seat)

    def turn_horizon(self, state: State) -> bool:
        assert isinstance(state, TMState)
        return horizon(state)

    def card(self, card_id: str) -> Card:
        """A card or corporation by id (e.g. `game.card("comet")`)."""
        return card_index()[card_id]

    def display_components(self) -> dict[str, Any]:
        from ludoteca.games.terraforming_mars.display import terraforming_mars

        return terraforming_mars(self)

    def option_features(self) -> TMOptionFeatures:
        """Card, space, payment and project columns per legal option (`option_features.py`)."""
        from ludoteca.games.terraforming_mars.option_features import TMOptionFeatures

        return TMOptionFeatures(self)

    def terminal_view(self) -> GameView:
        from ludoteca.games.terraforming_mars.terminal import MarsView

        return MarsView()

    draws_images = True

    def image(self, state: State, seat: int | None) -> Any:
        """Tharsis and the global parameters as an RGB array (`image.board_image`): public."""
        from ludoteca.games.terraforming_mars.image import board_image

        assert isinstance(state, TMState)
        return board_image(state)

    def encoder(self) -> Encoder:
        from ludoteca.games.terraforming_mars.encoder import TerraformingMarsEncoder

        return TerraformingMarsEncoder(self)
