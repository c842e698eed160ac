"""Named hooks: the rules of single cards that no generic operation says.

Most cards are their data: generic operations (`effects.py`) with a vocabulary
(`schema.py`). A card whose printed rule is its own has a hook here, in `HOOKS`, by
card id, like the reference implementation's bespoke card methods. Its data names
the hook (`"hook": "claim_space"`) and uses the hook's operation, which is where in
the card's effects it runs (`{"op": "claim_space"}`); loading checks that every
hook a card names exists, that no other card uses a hook's operation and that every
hook is used (`cards._check_hooks`).

A hook is what its operation does (`run`) and, when the card may be played only if
it can be done, whether it can (`possible`, for `playability.py`).

Two hooks ask a decision: Land Claim's space (`(F_CLAIM, seat)`, `ClaimLandSpace`) and
Robotic Workforce's card (`(F_COPY, seat, card, op)`, `ChooseCopiedCard`).

| card               | hook                     | rule                                                   |
| ------------------ | ------------------------ | ------------------------------------------------------ |
| land_claim         | `claim_space`            | reserve a free land space for yourself (`F_CLAIM`)     |
| robotic_workforce  | `copy_production`        | apply again the production box of one of your cards    |
|                    |                          | matching the op's filter (building, not an event)      |
| mining_area,       | `space_bonus_production` | +amount production of the steel or titanium bonus of   |
| mining_rights      |                          | the space just used (your choice if it has both)       |
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ludoteca.core.decisions import Decision
from ludoteca.games.terraforming_mars.actions import PLACE, TARGET
from ludoteca.games.terraforming_mars.cards import Op
from ludoteca.games.terraforming_mars.constants import PRODUCTION_FLOOR, STEEL, TITANIUM, slot
from ludoteca.games.terraforming_mars.frames import F_CLAIM, F_COPY, F_OPTION, Frame
from ludoteca.games.terraforming_mars.params import change_production
from ludoteca.games.terraforming_mars.placement import claimable_spaces

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.state import TMState

Run = Callable[["TMState", int, int, Op], None]
Possible = Callable[["TMState", int, int, Op], bool]


@dataclass(frozen=True, slots=True)
class Hook:
    name: str  # the operation that runs it
    run: Run  # (state, seat, card, op)
    possible: Possible | None = None  # whether it can be done in full now (None: always)


# ------------------------------------------------------------------ Land Claim
def claim_space(st: TMState, seat: int, card: int, op: Op) -> None:
    st.stack.append((F_CLAIM, seat))


def can_claim_space(st: TMState, seat: int, card: int, op: Op) -> bool:
    return bool(claimable_spaces(st))


class ClaimLandSpace(Decision):
    kind = F_CLAIM
    forced = True

    @staticmethod
    def legal(st: TMState, frame: Frame) -> list[int]:
        return [PLACE + s for s in claimable_spaces(st)]  # ascending: `mars.land` is in space order

    @staticmethod
    def apply(st: TMState, frame: Frame, action: int) -> None:
        st.claims[action - PLACE] = frame[1]
        st.board_stamp = object()


# ------------------------------------------------------------------ Robotic Workforce
def copy_targets(st: TMState, seat: int, op: Op) -> list[int]:
    """`seat`'s played cards matching the op's filter whose fixed production box applies in full."""
    game = st.game
    out = []
    for c in st.played[seat]:
        card, box = game.cards[c], game.production_boxes[c]
        if box is None or not card.tag_counts[op.tag] or card.type not in op.card_types:
            continue
        if all(st.prod[slot(seat, r)] + d >= PRODUCTION_FLOOR[r] for r, d in enumerate(box)):
            out.append(c)
    return sorted(out)


def copy_production(st: TMState, seat: int, card: int, op: Op) -> None:
    st.stack.append((F_COPY, seat, card, op))


def can_copy_production(st: TMState, seat: int, card: int, op: Op) -> bool:
    return bool(copy_targets(st, seat, op))


class ChooseCopiedCard(Decision):
    kind = F_COPY
    forced = True

    @staticmethod
    def legal(st: TMState, frame: Frame) -> list[int]:
        return [TARGET + c for c in copy_targets(st, frame[1], frame[3])]

    @staticmethod
    def apply(st: TMState, frame: Frame, action: int) -> None:
        box = st.game.production_boxes[action - TARGET]
        assert box is not None
        base = slot(frame[1])
        for r, d in enumerate(box):
            st.prod[base + r] += d


# ------------------------------------------------------------------ Mining Area, Mining Rights
def space_bonus_production(st: TMState, seat: int, card: int, op: Op) -> None:
    """Production of the steel or titanium bonus printed on the space just used."""
    space = st.last_space[seat]
    if space < 0:
        return
    amount = op.amount
    assert type(amount) is int
    bonus = st.game.mars.spaces[space].bonus
    has = [r for r in (STEEL, TITANIUM) if bonus[r]]
    if len(has) == 1:
        change_production(st, seat, has[0], amount)
    elif has:
        options = tuple(
            (Op("production", f'{{"op":"production","resource":"{n}","amount":{amount}}}', resource=r,
                amount=amount),)
            for r, n in ((STEEL, "steel"), (TITANIUM, "titanium")))
        choice = Op("choose", "steel or titanium production", options=options)
        st.stack.append((F_OPTION, seat, card, choice, -1))


# ------------------------------------------------------------------ the table
_SPACE_BONUS = Hook("space_bonus_production", space_bonus_production)

HOOKS: dict[str, Hook] = {
    "land_claim": Hook("claim_space", claim_space, can_claim_space),
    "robotic_workforce": Hook("copy_production", copy_production, can_copy_production),
    "mining_area": _SPACE_BONUS,
    "mining_rights": _SPACE_BONUS,
}
#: the hooks by the operation that runs them
HOOK_OPS: dict[str, Hook] = {h.name: h for h in HOOKS.values()}
