"""The choices a card's operations ask for (`effects.run_op` pushes them): which card,
which player, which option, whether, how many.

| frame                               | decision                                                |
| ----------------------------------- | ------------------------------------------------------- |
| `(F_TARGET, seat, card, op)`        | the card that gains (`add_resource`) or loses card      |
|                                     | resources; an optional removal may hit `nobody`         |
| `(F_PLAYER, seat, card, op)`        | the player hit (solo: the neutral player, except the    |
|                                     | owners next to the space just used, Flooding); an       |
|                                     | attack on resources may hit `nobody`                    |
| `(F_OPTION, seat, card, op, aux)`   | one option of a `choose` whose costs can be paid        |
| `(F_YESNO, seat, card, op)`         | do an `optional` (only if its first part can be done)   |
| `(F_AMOUNT, seat, card, op)`        | X of a conversion or production swap (0..what is held)  |
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.decisions import Decision
from ludoteca.games.terraforming_mars.actions import AMOUNT, NO, NOBODY_ACTION, OPTION, PLAYER, TARGET, YES
from ludoteca.games.terraforming_mars.constants import NEUTRAL, PLANTS, PRODUCTION_FLOOR, slot
from ludoteca.games.terraforming_mars.effects import TRIGGER_TARGETS, amount_of, resource_cards
from ludoteca.games.terraforming_mars.frames import (
    F_AMOUNT,
    F_OPTION,
    F_PLAYER,
    F_TARGET,
    F_YESNO,
    Frame,
    push_ops,
)
from ludoteca.games.terraforming_mars.playability import ops_possible, profile, removable_cards
from ludoteca.games.terraforming_mars.tableau import protected

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.cards import Op
    from ludoteca.games.terraforming_mars.state import TMState

MAX_AMOUNT = 99


# ------------------------------------------------------------------ which card
def target_candidates(st: TMState, seat: int, card: int, op: Op) -> list[int]:
    """Cards `op` may add card resources to, or remove them from."""
    if op.kind == "add_resource":
        exclude = card if op.target == "another_card" else -1
        return resource_cards(st, seat, op.card_resource, exclude, op.must_hold)
    return removable_cards(st, seat, op.card_resource or "", 1 if not op.mandatory else
                           amount_of(st, seat, card, op.amount), exclude=card)


class TargetCard(Decision):
    kind = F_TARGET
    forced = True

    @staticmethod
    def legal(st: TMState, frame: Frame) -> list[int]:
        op = frame[3]
        out = [TARGET + c for c in target_candidates(st, frame[1], frame[2], op)]
        if op.kind == "remove_resource_any_card" and not op.mandatory:
            out.append(NOBODY_ACTION)
        out.sort()
        return out

    @staticmethod
    def apply(st: TMState, frame: Frame, action: int) -> None:
        if action == NOBODY_ACTION:
            return
        op, target = frame[3], action - TARGET
        amount = amount_of(st, frame[1], frame[2], op.amount)
        if op.kind == "add_resource":
            st.card_res[target] += amount
        else:
            st.card_res[target] = max(0, st.card_res[target] - amount)
        st.card_res_stamp = object()


# ------------------------------------------------------------------ which player
def player_candidates(st: TMState, seat: int, op: Op) -> list[int]:
    """Players `op` may hit (the neutral player is slot NEUTRAL in solo)."""
    r, kind = op.resource, op.kind
    amount = amount_of(st, seat, -1, op.amount)
    if st.solo and kind != "remove_player_resource":
        return [NEUTRAL]
    if kind == "reduce_any_production":
        return [p for p in range(st.n) if st.prod[slot(p, r)] - amount >= PRODUCTION_FLOOR[r]]
    if kind == "remove_player_resource":  # owners of tiles next to the space just used (Flooding)
        space = st.last_space[seat]
        if space < 0:
            return []
        owners = {st.owner[n] for n in st.game.mars.spaces[space].neighbors}
        return sorted(p for p in owners if 0 <= p < st.n and p != seat and st.res[slot(p, r)] > 0)
    what = "plants" if r == PLANTS else ""
    return [p for p in range(st.n) if p != seat and st.res[slot(p, r)] > 0
            and not (what and protected(st, p, seat, what))]


def hit_player(st: TMState, seat: int, op: Op, target: int) -> None:
    """`op` hits `target`: production reduced, resources removed or stolen (the neutral
    player always has enough: a steal from it gains the full amount)."""
    amount = amount_of(st, seat, -1, op.amount)
    if target >= NEUTRAL:
        if op.kind == "steal":
            st.res[slot(seat, op.resource)] += amount
        return
    i = slot(target, op.resource)
    if op.kind == "reduce_any_production":
        st.prod[i] -= amount
        return
    taken = min(st.res[i], amount)
    st.res[i] -= taken
    if op.kind == "steal":
        st.res[slot(seat, op.resource)] += taken


class TargetPlayer(Decision):
    kind = F_PLAYER
    forced = True

    @staticmethod
    def legal(st: TMState, frame: Frame) -> list[int]:
        op = frame[3]
        out = [PLAYER + p for p in player_candidates(st, frame[1], op)]
        if op.kind in ("remove_any_resource", "steal") and not st.solo:
            out.append(NOBODY_ACTION)
        out.sort()
        return out

    @staticmethod
    def apply(st: TMState, frame: Frame, action: int) -> None:
        if action != NOBODY_ACTION:
            hit_player(st, frame[1], frame[3], action - PLAYER)


# ------------------------------------------------------------------ which option, whether
def _option_possible(st: TMState, seat: int, card: int, ops: tuple[Op, ...], aux: int) -> bool:
    """Whether an option's costs can be paid (Olympus Conference's science resource); Viral
    Enhancers' "add to the card just played" needs a card that holds animals or microbes."""
    if ops and ops[0].kind == "add_resource" and ops[0].target == "triggering_card":
        return aux >= 0 and st.game.cards[aux].resource_type in TRIGGER_TARGETS
    return ops_possible(st, seat, card, profile(ops))


class ChooseOption(Decision):
    kind = F_OPTION
    forced = True

    @staticmethod
    def legal(st: TMState, frame: Frame) -> list[int]:
        _, seat, card, op, aux = frame
        return [OPTION + k for k, ops in enumerate(op.options) if _option_possible(st, seat, card, ops, aux)]

    @staticmethod
    def apply(st: TMState, frame: Frame, action: int) -> None:
        _, seat, card, op, aux = frame
        push_ops(st, seat, card, op.options[action - OPTION], aux)


def _optional_possible(st: TMState, seat: int, op: Op) -> bool:
    first = op.ops[0] if op.ops else None
    if first is not None and first.kind == "remove_player_resource":
        return bool(player_candidates(st, seat, first))
    if first is not None and first.kind == "discard_cards":
        return bool(st.hand[seat])
    return True


class YesNo(Decision):
    kind = F_YESNO
    forced = True

    @staticmethod
    def legal(st: TMState, frame: Frame) -> list[int]:
        return [YES, NO] if _optional_possible(st, frame[1], frame[3]) else [NO]  # YES < NO

    @staticmethod
    def apply(st: TMState, frame: Frame, action: int) -> None:
        if action == YES:
            push_ops(st, frame[1], frame[2], frame[3].ops)


# ------------------------------------------------------------------ how many
def _amount_range(st: TMState, seat: int, op: Op) -> range:
    have = (st.prod if op.kind == "production_swap" else st.res)[slot(seat, op.resource)]
    return range(max(op.min, 0), min(have, MAX_AMOUNT) + 1)


class ChooseAmount(Decision):
    kind = F_AMOUNT
    forced = True

    @staticmethod
    def legal(st: TMState, frame: Frame) -> list[int]:
        return [AMOUNT + x for x in _amount_range(st, frame[1], frame[3])]

    @staticmethod
    def apply(st: TMState, frame: Frame, action: int) -> None:
        op, x = frame[3], action - AMOUNT
        base = slot(frame[1])
        if op.kind == "production_swap":
            st.prod[base + op.resource] -= x
            st.prod[base + op.to] += x
        else:
            st.res[base + op.resource] -= x
            st.res[base + op.to] += x * op.ratio
