"""On Mars (Vital Lacerda, Eagle-Gryphon Games, 2020) — the game's manifest.

STATUS: first slice, not registered. Setup for 1-4 players, every main and executive
action, the shuttle phase, colony level-ups, missions, private goals, contracts and
final scoring are implemented; the Lacerda solo bot, the First Colonists variant,
scientists at work and the final tie-breaks are not (see docs/on-mars.md).

Options
-------
* `players`: 1..4. With 1 the board is set up as for 2 players and the solo opponent
  (Lacerda) gets his shelter and a random starting turn-order space; his turns are
  not modelled yet.
* `length`: "short" (2 Short + 1 Long mission) or "long" (1 Short + 2 Long).
* `space_oddity`: the Space Oddity variant — once the end is triggered the game ends
  when the current colonization phase ends.

Content: the published card data (`data/components.json`) plus Ludoteca stand-ins
(not official) for what is unpublished (`data/standins.json`).

Game flow: setup draws (chance) -> each seat picks a turn-order space (+ benefit) ->
the last seat places the shuttle -> rounds of colonization (one main action per seat,
in turn-order order) and shuttle phase (the shuttle moves or crosses; each seat
travels or stays) until the end is triggered, one more round, final scoring.

Hidden information: the Private Goal cards in other seats' hands.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ludoteca.core.api import Game
from ludoteca.core.errors import InvalidOptionError
from ludoteca.games.on_mars import (  # noqa: F401 (modules that register frame handlers)
    advanced,
    colony,
    colony_status,
    construct,
    contracts,
    control,
    executive,
    flow,
    goals,
    lab,
    movement,
    orbit,
    rules,
    tiles,
    turn_order,
    upgrade,
)
from ludoteca.games.on_mars.actions import NUM_ACTIONS
from ludoteca.games.on_mars.components import Components, load_components
from ludoteca.games.on_mars.state import OnMarsState


class OnMarsGame(Game):
    name = "on-mars"
    title = "On Mars"
    default_options: ClassVar[dict[str, Any]] = {"players": 2, "length": "short", "space_oddity": False}
    hidden_information = True

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        players = self.options["players"]
        if type(players) is not int or not 1 <= players <= 4:
            raise InvalidOptionError(f"players must be an integer from 1 to 4, got {players!r}")
        if self.options["length"] not in ("short", "long"):
            raise InvalidOptionError(f"length must be 'short' or 'long', got {self.options['length']!r}")
        if type(self.options["space_oddity"]) is not bool:
            raise InvalidOptionError("space_oddity must be true or false")
        self.seats: int = players
        self.solo: bool = players == 1
        self.components: Components = load_components()

    def num_players(self) -> int:
        return self.seats

    def num_distinct_actions(self) -> int:
        return NUM_ACTIONS

    def new_initial_state(self) -> OnMarsState:
        state = OnMarsState(self)
        flow.setup(state)
        state.settle()
        return state
