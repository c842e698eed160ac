"""On Mars' frame table: every frame handler, listed explicitly in one place.

Each handler is a `core.decisions` class (`Decision`, `Chance` or `Automatic`) with its
frame kind as a class attribute, defined next to its rule code; `TABLE` is built from
`HANDLERS` (nothing registers itself: a handler missing here is never run, and
`tests/on_mars/test_om_handlers.py` checks that the list holds every handler class of
the package and every kind that play reaches). The table's hooks are the game's
special cases of the loop:

* `refill` — `flow.next_stage`: the stack is empty, the next stage pushes its frames
  (False once the game is over);
* `intercept` — `solo.lacerda.lacerda_takes`: in the solo game, a frame pushed for
  Lacerda is resolved his way (or dropped) before its handler sees it;
* `observe` — `first_colonists.observe`: every resolved frame may perform a First
  Colonists task.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.decisions import FrameTable, Handler
from ludoteca.games.on_mars import (
    advanced,
    colony,
    colony_status,
    construct,
    contracts,
    control,
    executive,
    first_colonists,
    flow,
    goals,
    lab,
    movement,
    orbit,
    rules,
    scientists,
    shuttle,
    turn_order,
    upgrade,
)
from ludoteca.games.on_mars.solo import lacerda

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState

#: every frame handler of the game, by rule area
HANDLERS: tuple[type[Handler], ...] = (
    # setup, chance draws, rounds
    flow._Draw,
    flow._Turn,
    flow._EndTurn,
    flow._Production,
    # shuttle, travel, turn-order spaces
    shuttle._ShuttleSide,
    shuttle._ShuttleMove,
    shuttle._Travel,
    shuttle._RetrieveSide,
    turn_order._Space,
    turn_order._DealtSpace,
    turn_order._AddColonists,
    # payments and placement extras
    rules._Extra,
    rules._Pay,
    # Orbit actions and the Lab
    orbit._Main,
    orbit._Boost,
    orbit._WarehouseTake,
    orbit._TakeBlueprint,
    lab._Learn,
    lab._LabSpace,
    lab._Develop,
    lab._LendDevelop,
    # Colony actions
    colony._Ship,
    colony._PlaceBot,
    colony._Hire,
    colony._Refill,
    colony._UpgradeStart,
    construct._BuildType,
    construct._BuildHex,
    construct._UseTech,
    construct._FinishBuild,
    upgrade._Upgrade,
    upgrade._UpgradeHex,
    upgrade._UpgradeTech,
    colony_status._LssBenefit,
    contracts._Deliver,
    # movement, rover, Discovery tiles
    control._Crystals,
    control._MovementTech,
    movement._Move,
    movement._MoveEnd,
    movement._Discovery,
    movement._DiscoveryHex,
    # executive and Advanced Building actions, Scientists at work
    executive._Executive,
    advanced._Advanced,
    advanced._AdvancedBoost,
    scientists._WorkTarget,
    # Private Goals and their rewards, First Colonists tasks
    goals._Goal,
    goals._GainChoice,
    goals._FreeCard,
    first_colonists._Task,
    # the solo game (Lacerda)
    lacerda._SoloGoal,
    lacerda._LacerdaAction,
    lacerda._LacerdaTidy,
    lacerda._LacerdaLevelUp,
)

TABLE: FrameTable[OnMarsState] = FrameTable(
    "on_mars",
    HANDLERS,
    key="k",
    refill=flow.next_stage,
    intercept=lacerda.lacerda_takes,
    observe=first_colonists.observe,
)
