"""Terraforming Mars' frame table: the handler of every frame kind, in one place.

Each handler sits with its rule (the module named below); `frames.py` documents the
frames themselves. Kinds are the ints `0..26`, so the table looks handlers up in a list.
Every decision is `forced`: one option is taken at once (the seat is not asked, and
the history does not hold it); a decision with no option lapses. When the stack is
empty the game moves on (`generation.next_step`, the table's refill) until it is over.

The log's copy of a state (`TMState.journal` a list, `texts_log.automatic`) runs the
same handlers through `JOURNAL_TABLE`, whose `intercept` hook notes each forced decision
the log tells (`texts_log.JOURNALED`) before it is taken.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.decisions import FrameTable, Handler
from ludoteca.games.terraforming_mars import texts_log
from ludoteca.games.terraforming_mars.choices import (
    ChooseAmount,
    ChooseOption,
    TargetCard,
    TargetPlayer,
    YesNo,
)
from ludoteca.games.terraforming_mars.deck import DiscardCard, DrawCard, KeepCard, ResearchCard, RevealCard
from ludoteca.games.terraforming_mars.draft import DraftPick, PassPacks
from ludoteca.games.terraforming_mars.effects import FirePlayed, RunOp
from ludoteca.games.terraforming_mars.frames import Frame
from ludoteca.games.terraforming_mars.generation import (
    ChooseCorporation,
    DealCorporation,
    RevealCorporations,
    next_step,
)
from ludoteca.games.terraforming_mars.hooks import ChooseCopiedCard, ClaimLandSpace
from ludoteca.games.terraforming_mars.menu import ChooseCardAction, Menu
from ludoteca.games.terraforming_mars.ordering import OrderEffects
from ludoteca.games.terraforming_mars.payment import PayChoice
from ludoteca.games.terraforming_mars.placement import PlaceTile
from ludoteca.games.terraforming_mars.projects import FinalGreenery, SellPatents
from ludoteca.games.terraforming_mars.solo import NeutralTile
from ludoteca.games.terraforming_mars.texts_log import JOURNALED

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.state import TMState

GAME = "terraforming-mars"

#: every frame kind's handler, in the order of the kinds (`frames.py`)
HANDLERS: tuple[type[Handler], ...] = (
    RunOp,               # F_OP            effects.py
    FirePlayed,          # F_PLAYED        effects.py
    RevealCorporations,  # F_REVEAL_CORPS  generation.py
    DrawCard,            # F_DRAW          deck.py
    DealCorporation,     # F_DEAL          generation.py
    RevealCard,          # F_REVEAL        deck.py
    Menu,                # F_MENU          menu.py
    ChooseCorporation,   # F_CORP          generation.py
    ResearchCard,        # F_RESEARCH      deck.py
    PayChoice,           # F_PAY           payment.py
    PlaceTile,           # F_PLACE         placement.py
    TargetCard,          # F_TARGET        choices.py
    TargetPlayer,        # F_PLAYER        choices.py
    ChooseOption,        # F_OPTION        choices.py
    YesNo,               # F_YESNO         choices.py
    ChooseAmount,        # F_AMOUNT        choices.py
    SellPatents,         # F_SELL          projects.py
    ChooseCardAction,    # F_ACTION_OPTION menu.py
    FinalGreenery,       # F_FINAL         projects.py
    DiscardCard,         # F_DISCARD       deck.py
    KeepCard,            # F_KEEP          deck.py
    ClaimLandSpace,      # F_CLAIM         hooks.py
    ChooseCopiedCard,    # F_COPY          hooks.py
    NeutralTile,         # F_NEUTRAL       solo.py
    DraftPick,           # F_DRAFT         draft.py
    PassPacks,           # F_PASS_PACKS    draft.py
    OrderEffects,        # F_ORDER         ordering.py
)

TABLE: FrameTable[TMState] = FrameTable(GAME, HANDLERS, refill=next_step)


def _journal_forced(st: TMState, frame: Frame) -> bool:
    """Note a decision the engine is about to take alone, for the log; never takes the frame."""
    if frame[0] in JOURNALED:
        options = TABLE.legal(st, frame)
        if len(options) == 1:
            assert st.journal is not None
            st.journal.append((frame[1], texts_log.done(st, options[0])))
    return False


JOURNAL_TABLE: FrameTable[TMState] = FrameTable(GAME, HANDLERS, refill=next_step, intercept=_journal_forced)
