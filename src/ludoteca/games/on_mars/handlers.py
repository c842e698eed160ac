"""The explicit registry of On Mars' frame handlers.

`DECISIONS` lists every decision handler class (marked `@decision(kind)` next to its rule
code) and `AUTOS` every automatic step (marked `@auto(kind)`); `install()` fills the
`frames.LEGAL`/`APPLY`/`AUTO`/`FORCED` tables from these lists, once, when this module is
first imported (by `state`). No handler registers itself: a handler missing from these lists
is never run, and `tests/on_mars/test_handlers.py` checks that the lists hold every marked
handler and every kind that play reaches.
"""

from __future__ import annotations

from typing import Any

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
    frames,
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

#: every decision handler: a class with staticmethods `legal(state, frame)` and `apply(state, frame, action)`
DECISIONS: tuple[Any, ...] = (
    advanced._Advanced,
    advanced._AdvancedBoost,
    colony._Ship,
    colony._PlaceBot,
    colony._Hire,
    colony._Refill,
    colony_status._LssBenefit,
    construct._BuildType,
    construct._BuildHex,
    construct._UseTech,
    contracts._Deliver,
    control._Crystals,
    control._MovementTech,
    executive._Executive,
    first_colonists._Task,
    shuttle._ShuttleSide,
    shuttle._Travel,
    goals._Goal,
    goals._GainChoice,
    goals._FreeCard,
    lab._Learn,
    lab._LabSpace,
    lab._Develop,
    lab._LendDevelop,
    movement._Move,
    movement._Discovery,
    movement._DiscoveryHex,
    orbit._Main,
    orbit._Boost,
    orbit._WarehouseTake,
    orbit._TakeBlueprint,
    rules._Extra,
    rules._Pay,
    scientists._WorkTarget,
    lacerda._SoloGoal,
    turn_order._Space,
    upgrade._Upgrade,
    upgrade._UpgradeHex,
    upgrade._UpgradeTech,
)

#: every automatic step: a function `(state, frame) -> None`
AUTOS: tuple[frames.AutoFn, ...] = (
    colony._upgrade_start,
    construct._finish,
    flow._turn,
    flow._end_turn,
    shuttle._shuttle_move,
    shuttle._retrieve,
    flow._production,
    movement._move_end,
    lacerda._action,
    lacerda._tidy,
    lacerda._level_up,
    turn_order._add_colonists,
    turn_order._dealt_space,
)


def kind_of(handler: Any) -> str:
    """The frame kind a handler was marked with (`@decision(kind)` or `@auto(kind)`)."""
    return str(getattr(handler, frames.KIND_ATTR))


def install() -> None:
    """Fill the frame tables from the lists; a kind listed twice is an error."""
    kinds = [kind_of(h) for h in (*DECISIONS, *AUTOS)]
    twice = sorted({k for k in kinds if kinds.count(k) > 1})
    if twice:
        raise ValueError(f"On Mars frame kinds with two handlers: {twice}")
    for cls in DECISIONS:
        kind = kind_of(cls)
        frames.LEGAL[kind] = cls.legal
        frames.APPLY[kind] = cls.apply
        if getattr(cls, frames.FORCED_ATTR):
            frames.FORCED.add(kind)
    for fn in AUTOS:
        frames.AUTO[kind_of(fn)] = fn


install()
