"""On Mars (Vital Lacerda, Eagle-Gryphon Games, 2020) — the game's manifest.

STATUS: registered as `on-mars`. Setup for 1-4 players, every main and executive
action, the shuttle phase, colony level-ups, missions, private goals, contracts,
scientists at work, final scoring with its tie-breaks (`winners()`), Space Oddity
and First Colonists (with its A/B task cards) are implemented; what is not, or is
a Ludoteca stand-in, is listed in docs/on-mars.md.

Options
-------
* `players`: 1..4. With 1: the solo game against Lacerda (`solo/lacerda.py`).
* `length`: "short" (2 Short + 1 Long mission) or "long" (1 Short + 2 Long).
* `space_oddity`: the Space Oddity variant — once the end is triggered the game ends
  when the current colonization phase ends.
* `first_colonists`: the First Colonists variant (2-4 players) — missions #1, #2 and
  #8 (read from the rulebook figure) instead of drawn ones, each seat's starting
  turn-order space dealt by a First Colonist tile (which 6 spaces the tiles name is a
  Ludoteca stand-in), and the secret A/B task cards (`first_colonists.py`; the B
  rewards are a stand-in: unpublished).
* `max_rounds` (default 200; 0: none): Ludoteca's safety net, not a rule. The rules
  have no round limit, and bots that never work towards the missions (two seats
  shuttling their rovers about the colony) can play forever; after the colonization
  phase of this round the game ends and is scored as it stands. Real games end in
  fewer than 60 rounds (greedy against greedy: 28-46; random play: about 80).

Content: the published card data (`data/components.json`) plus Ludoteca stand-ins
(not official) for what is unpublished (`data/standins.json`).

Game flow: setup draws (chance) -> each seat picks a turn-order space (+ benefit) ->
the last seat places the shuttle -> rounds of colonization (one main action per seat,
in turn-order order) and shuttle phase (the shuttle moves or crosses; each seat
travels or stays) until the end is triggered, one more round, final scoring.

Hidden information: the Private Goal cards in other seats' hands (and those they
discarded as crystals); First Colonists: the A and B cards they hold.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from ludoteca.core.api import Game, State
from ludoteca.core.errors import InvalidOptionError
from ludoteca.core.i18n import msg
from ludoteca.core.manifest import OptionSpec
from ludoteca.games.on_mars import flow
from ludoteca.games.on_mars.actions import NUM_ACTIONS
from ludoteca.games.on_mars.components import Components, load_components
from ludoteca.games.on_mars.state import OnMarsState

if TYPE_CHECKING:
    from ludoteca.core.encoding import Encoder
    from ludoteca.core.terminal import GameView
    from ludoteca.games.on_mars.option_features import OnMarsOptionFeatures


class OnMarsGame(Game):
    name = "on-mars"
    title = "On Mars"
    default_options: ClassVar[dict[str, Any]] = {
        "players": 2,
        "length": "short",
        "space_oddity": False,
        "first_colonists": False,
        "max_rounds": 200,
    }
    min_players, max_players = 1, 4
    option_specs = (
        OptionSpec("players", "int", 2, min=1, max=4),
        OptionSpec("length", "choice", "short", choices=("short", "long")),
        OptionSpec("space_oddity", "bool", False),
        OptionSpec("first_colonists", "bool", False),
        OptionSpec("max_rounds", "int", 200, min=0, advanced=True),
    )
    hidden_information = True
    #: bots (`ludoteca.agents.presets`; BENCHMARKS.md, session 12): `ismcts` seeds its own
    #: turn's choices with the heuristic (prior=10), finishes the current turn and one more
    #: in rollouts before judging (cutoff=turn,depth=2, scale=20, c=0.3) and keeps its tree:
    #: 10/18 paired games against greedy at 0.1 CPU s a move, where the plain
    #: defaults lost 0-4 (margin -67); `mcts` is that search. `hard` stays greedy: no
    #: search is measured *better* than greedy yet
    agent_presets: ClassVar[dict[str, str]] = {
        "mcts": "ismcts", "ismcts": "ismcts:prior=10,cutoff=turn,depth=2,scale=20,c=0.3,reuse=1",
        "easy": "greedy:explore=0.5", "medium": "greedy", "hard": "greedy"}

    web_table = "onmars"

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        players = self.options["players"]
        if self.options["first_colonists"] and players == 1:
            raise InvalidOptionError(
                "first_colonists is a variant for 2-4 players; the solo game's learning level is "
                "the Solo Goal 'First Colonists'", option="first_colonists",
                message=msg("on_mars.setting.first_colonists.error.solo"))
        self.seats: int = players
        self.solo: bool = players == 1
        self.components: Components = load_components()

    def heuristic(self, state: State, seat: int) -> float:
        """OP plus end-game potential, minus the best other seat's (see `heuristic.py`)."""
        from ludoteca.games.on_mars.heuristic import heuristic

        assert isinstance(state, OnMarsState)
        return heuristic(state, seat)

    def turn_horizon(self, state: State) -> bool:
        """Mid-movement and before the main action (see `heuristic.horizon`)."""
        from ludoteca.games.on_mars.heuristic import horizon

        assert isinstance(state, OnMarsState)
        return horizon(state)

    def num_players(self) -> int:
        return self.seats

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def new_initial_state(self) -> OnMarsState:
        state = OnMarsState(self)
        flow.setup(state)
        state.settle()
        return state

    def display_components(self) -> dict[str, Any]:
        from ludoteca.games.on_mars.display import on_mars_components

        return on_mars_components(self)

    def option_features(self) -> OnMarsOptionFeatures:
        """Range, resource, building, tech and hex columns per legal option (`option_features.py`)."""
        from ludoteca.games.on_mars.option_features import OnMarsOptionFeatures

        return OnMarsOptionFeatures(self)

    def terminal_view(self) -> GameView:
        from ludoteca.games.on_mars.terminal import OnMarsView

        return OnMarsView()

    def encoder(self) -> Encoder:
        from ludoteca.games.on_mars.encoder import OnMarsEncoder

        return OnMarsEncoder(self)
