"""Options and outcomes of every decision frame, and of the chance frames.

`options(st, frame)` lists the legal action ids of the frame on top of the stack;
`apply(st, frame, action)` carries one out. Both read the same helpers, so they
cannot disagree. The menu lives in `menu.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.terraforming_mars.actions import (
    AMOUNT,
    BUY,
    CONVERT,
    CORP,
    DEAL,
    DISCARD,
    DONE,
    DRAFT,
    DRAW,
    KEEP,
    NO,
    NOBODY_ACTION,
    OPTION,
    PAY,
    PLACE,
    PLAYER,
    REJECT,
    REVEAL,
    SELL,
    TARGET,
    YES,
)
from ludoteca.games.terraforming_mars.cards import CORP_BASE
from ludoteca.games.terraforming_mars.constants import (
    CARD_PRICE,
    MC,
    NEUTRAL,
    PLANTS,
    PRODUCTION_FLOOR,
    PUBLIC,
    slot,
)
from ludoteca.games.terraforming_mars.draft import forget, pack_held, pick
from ludoteca.games.terraforming_mars.effects import TRIGGER_TARGETS, amount_of, resource_cards
from ludoteca.games.terraforming_mars.frames import (
    F_ACTION_OPTION,
    F_AMOUNT,
    F_CLAIM,
    F_COPY,
    F_CORP,
    F_DEAL,
    F_DISCARD,
    F_DRAFT,
    F_DRAW,
    F_FINAL,
    F_KEEP,
    F_MENU,
    F_NEUTRAL,
    F_OPTION,
    F_ORDER,
    F_PAY,
    F_PLACE,
    F_PLAYER,
    F_RESEARCH,
    F_REVEAL,
    F_SELL,
    F_TARGET,
    F_YESNO,
    TO_HAND,
    TO_PACK,
    Frame,
    push_ops,
    push_pay,
)
from ludoteca.games.terraforming_mars.hooks import copy_targets
from ludoteca.games.terraforming_mars.menu import apply_menu, menu_options
from ludoteca.games.terraforming_mars.ordering import apply_order, order_options
from ludoteca.games.terraforming_mars.payment import apply_payment, can_afford, payment_options
from ludoteca.games.terraforming_mars.placement import claimable_spaces, put_tile, spaces_for
from ludoteca.games.terraforming_mars.playability import (
    action_option_ok,
    ops_possible,
    profile,
    removable_cards,
)
from ludoteca.games.terraforming_mars.projects import conversion_available, start_conversion
from ludoteca.games.terraforming_mars.solo import place_neutral
from ludoteca.games.terraforming_mars.tableau import protected

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.cards import Op
    from ludoteca.games.terraforming_mars.state import TMState

MAX_AMOUNT = 99


# ------------------------------------------------------------------ helpers
def discard(st: TMState, card: int, known_by: int) -> None:
    st.discard = (*st.discard, card)
    st.discard_by = (*st.discard_by, known_by)


def remove_from_deck(st: TMState, card: int) -> None:
    deck = st.deck
    i = deck.index(card)
    st.deck = deck[:i] + deck[i + 1:]


def reshuffle_if_empty(st: TMState) -> bool:
    """Turn the discard pile into the deck when the deck is empty; False if no card is left."""
    if st.deck:
        return True
    if not st.discard:
        return False
    forget(st, st.discard)
    st.deck = tuple(sorted(st.discard))
    st.discard, st.discard_by = (), ()
    return True


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


def _target_candidates(st: TMState, seat: int, card: int, op: Op) -> list[int]:
    if op.kind == "add_resource":
        exclude = card if op.target == "another_card" else -1
        return resource_cards(st, seat, op.card_resource, exclude, op.must_hold)
    return removable_cards(st, seat, op.card_resource or "", 1 if not op.mandatory else
                           amount_of(st, seat, card, op.amount), exclude=card)


def _optional_possible(st: TMState, seat: int, op: Op) -> bool:
    first = op.ops[0] if op.ops else None
    if first is not None and first.kind == "remove_player_resource":
        return bool(player_candidates(st, seat, first))
    if first is not None and first.kind == "discard_cards":
        return bool(st.hand[seat])
    return True


def _option_possible(st: TMState, seat: int, card: int, ops: tuple[Op, ...], aux: int) -> bool:
    """Whether an option's costs can be paid (Olympus Conference's science resource); Viral
    Enhancers' "add to the card just played" needs a card that holds animals or microbes."""
    if ops and ops[0].kind == "add_resource" and ops[0].target == "triggering_card":
        return aux >= 0 and st.game.cards[aux].resource_type in TRIGGER_TARGETS
    return ops_possible(st, seat, card, profile(ops))


def keepable(st: TMState, seat: int, keep: int, last: int) -> list[int]:
    """Offered cards `seat` may keep next: above `last`, leaving enough above it for the rest."""
    offer = sorted(st.offer[seat])
    need = min(keep, len(offer))
    return [c for i, c in enumerate(offer) if c > last and len(offer) - 1 - i >= need - 1]


def usable_actions_ignoring_use(st: TMState, seat: int, card: int) -> list[int]:
    """The card's action options still possible (the card is already marked used)."""
    return [k for k in range(len(st.game.cards[card].actions)) if action_option_ok(st, seat, card, k)]


def _amount_range(st: TMState, seat: int, op: Op) -> range:
    have = (st.prod if op.kind == "production_swap" else st.res)[slot(seat, op.resource)]
    return range(max(op.min, 0), min(have, MAX_AMOUNT) + 1)


# ------------------------------------------------------------------ chance
def chance_outcomes(st: TMState, frame: Frame) -> list[tuple[int, float]]:
    kind = frame[0]
    if kind == F_DEAL:
        pool, base = st.corp_deck, DEAL - CORP_BASE
    else:
        pool, base = st.deck, DRAW if kind == F_DRAW else REVEAL
    p = 1.0 / len(pool)
    return [(base + c, p) for c in pool]


def apply_chance(st: TMState, frame: Frame, action: int) -> None:
    kind, seat = frame[0], frame[1]
    st.stack.pop()
    if kind == F_DEAL:
        corp = action - DEAL + CORP_BASE
        st.corp_deck = tuple(c for c in st.corp_deck if c != corp)
        st.dealt[seat] = (*st.dealt[seat], corp)
        if frame[2] > 1:
            st.stack.append((F_DEAL, seat, frame[2] - 1))
        return
    if kind == F_NEUTRAL:
        card = action - REVEAL
        remove_from_deck(st, card)
        discard(st, card, PUBLIC)
        st.revealed = card
        place_neutral(st, frame[2], st.game.cards[card].cost)
        return
    if kind == F_REVEAL:
        card = action - REVEAL
        remove_from_deck(st, card)
        discard(st, card, PUBLIC)
        st.revealed = card
        op = frame[3]
        if st.game.cards[card].tag_counts[op.tag]:
            push_ops(st, seat, frame[2], op.then)
        return
    card = action - DRAW
    remove_from_deck(st, card)
    if frame[3] == TO_HAND:
        st.hand[seat] = tuple(sorted((*st.hand[seat], card)))
    elif frame[3] == TO_PACK:
        st.packs[seat] = tuple(sorted((*st.packs[seat], card)))
    else:
        st.offer[seat] = (*st.offer[seat], card)
    if frame[2] > 1:
        st.stack.append((F_DRAW, seat, frame[2] - 1, frame[3]))


# ------------------------------------------------------------------ decisions
def options(st: TMState, frame: Frame) -> list[int]:
    """The legal actions of the decision `frame`, ascending."""
    out = _options(st, frame)
    out.sort()
    return out


def _options(st: TMState, frame: Frame) -> list[int]:
    kind, seat = frame[0], frame[1]
    if kind == F_MENU:
        return menu_options(st, seat)
    if kind == F_PAY:
        return [PAY + i for i in payment_options(st, seat, frame[2], frame[3], frame[4])]
    if kind == F_PLACE:
        return [PLACE + s for s in spaces_for(st, seat, frame[3], frame[4])]
    if kind == F_RESEARCH:
        card = st.offer[seat][0]
        buy = [BUY + card] if can_afford(st, seat, CARD_PRICE) else []
        return [*buy, REJECT + card]
    if kind == F_TARGET:
        op = frame[3]
        out = [TARGET + c for c in _target_candidates(st, seat, frame[2], op)]
        if op.kind == "remove_resource_any_card" and not op.mandatory:
            out.append(NOBODY_ACTION)
        return out
    if kind == F_PLAYER:
        op = frame[3]
        out = [PLAYER + p for p in player_candidates(st, seat, op)]
        if op.kind in ("remove_any_resource", "steal") and not st.solo:
            out.append(NOBODY_ACTION)
        return out
    if kind == F_OPTION:
        return [OPTION + k for k, ops in enumerate(frame[3].options)
                if _option_possible(st, seat, frame[2], ops, frame[4])]
    if kind == F_ACTION_OPTION:
        return [OPTION + k for k in usable_actions_ignoring_use(st, seat, frame[2])]
    if kind == F_YESNO:
        return [YES, NO] if _optional_possible(st, seat, frame[3]) else [NO]
    if kind == F_AMOUNT:
        return [AMOUNT + x for x in _amount_range(st, seat, frame[3])]
    if kind == F_SELL:
        out = [SELL + c for c in st.hand[seat] if c > frame[2]]
        return [*out, DONE] if frame[2] >= 0 else out
    if kind == F_CORP:
        return sorted(CORP + c - CORP_BASE for c in st.dealt[seat])
    if kind == F_DRAFT:
        return [DRAFT + c for c in st.packs[pack_held(st, seat)]]
    if kind == F_FINAL:
        return [CONVERT, DONE] if conversion_available(st, seat, 0) else [DONE]
    if kind == F_DISCARD:
        return [DISCARD + c for c in st.hand[seat]]
    if kind == F_KEEP:
        return [KEEP + c for c in keepable(st, seat, frame[2], frame[3])]
    if kind == F_CLAIM:
        return [PLACE + s for s in claimable_spaces(st)]
    if kind == F_COPY:
        return [TARGET + c for c in copy_targets(st, seat, frame[3])]
    if kind == F_ORDER:
        return [OPTION + k for k in order_options(frame)]
    raise AssertionError(f"frame {frame!r} is not a decision")


def apply(st: TMState, frame: Frame, action: int) -> None:
    kind, seat = frame[0], frame[1]
    stack = st.stack
    if kind == F_MENU:
        apply_menu(st, seat, action)
        return
    if kind in (F_RESEARCH, F_FINAL):
        _apply_research_or_final(st, frame, action)
        return
    stack.pop()
    if kind == F_PAY:
        apply_payment(st, seat, frame[2], action - PAY)
    elif kind == F_PLACE:
        put_tile(st, seat, frame[2], action - PLACE, frame[3])
    elif kind == F_TARGET:
        op = frame[3]
        if action != NOBODY_ACTION:
            target = action - TARGET
            amount = amount_of(st, seat, frame[2], op.amount)
            if op.kind == "add_resource":
                st.card_res[target] += amount
            else:
                st.card_res[target] = max(0, st.card_res[target] - amount)
    elif kind == F_PLAYER:
        if action != NOBODY_ACTION:
            _hit_player(st, seat, frame[3], action - PLAYER)
    elif kind == F_OPTION:
        push_ops(st, seat, frame[2], frame[3].options[action - OPTION], frame[4])
    elif kind == F_ACTION_OPTION:
        push_ops(st, seat, frame[2], st.game.cards[frame[2]].actions[action - OPTION].ops)
    elif kind == F_YESNO:
        if action == YES:
            push_ops(st, seat, frame[2], frame[3].ops)
    elif kind == F_AMOUNT:
        op, x = frame[3], action - AMOUNT
        base = slot(seat)
        if op.kind == "production_swap":
            st.prod[base + op.resource] -= x
            st.prod[base + op.to] += x
        else:
            st.res[base + op.resource] -= x
            st.res[base + op.to] += x * op.ratio
    elif kind == F_SELL:
        if action != DONE:
            card = action - SELL
            st.hand[seat] = tuple(c for c in st.hand[seat] if c != card)
            discard(st, card, PUBLIC)  # `sell <card>` is a public action
            st.res[slot(seat, MC)] += 1
            stack.append((F_SELL, seat, card))
    elif kind == F_CORP:
        st.corp_choice[seat] = action - CORP + CORP_BASE
    elif kind == F_DRAFT:
        pick(st, seat, action - DRAFT)
    elif kind == F_DISCARD:
        card = action - DISCARD
        st.hand[seat] = tuple(c for c in st.hand[seat] if c != card)
        discard(st, card, PUBLIC)  # `discard <card>` is a public action
        if frame[2] > 1 and st.hand[seat]:
            stack.append((F_DISCARD, seat, frame[2] - 1))
    elif kind == F_KEEP:
        card = action - KEEP
        st.offer[seat] = tuple(c for c in st.offer[seat] if c != card)
        st.hand[seat] = tuple(sorted((*st.hand[seat], card)))
        if frame[2] > 1 and st.offer[seat]:
            stack.append((F_KEEP, seat, frame[2] - 1, card))
        else:
            for c in st.offer[seat]:
                discard(st, c, seat)
            st.offer[seat] = ()
    elif kind == F_CLAIM:
        st.claims[action - PLACE] = seat
    elif kind == F_ORDER:
        apply_order(st, frame, action - OPTION)
    elif kind == F_COPY:
        box = st.game.production_boxes[action - TARGET]
        assert box is not None
        for r, d in enumerate(box):
            st.prod[slot(seat, r)] += d
    else:
        raise AssertionError(f"frame {frame!r} is not a decision")


def _apply_research_or_final(st: TMState, frame: Frame, action: int) -> None:
    kind, seat = frame[0], frame[1]
    if kind == F_FINAL:
        if action == DONE:
            st.stack.pop()
        else:
            start_conversion(st, seat, 0)
        return
    card = st.offer[seat][0]
    st.offer[seat] = st.offer[seat][1:]
    if not st.offer[seat]:
        st.stack.pop()
    if action == BUY + card:
        st.hand[seat] = tuple(sorted((*st.hand[seat], card)))
        push_pay(st, seat, CARD_PRICE)
    else:
        discard(st, card, seat)


def _hit_player(st: TMState, seat: int, op: Op, target: int) -> None:
    if target >= NEUTRAL:
        if op.kind == "steal":
            st.res[slot(seat, op.resource)] += amount_of(st, seat, -1, op.amount)
        return
    amount = amount_of(st, seat, -1, op.amount)
    i = slot(target, op.resource)
    if op.kind == "reduce_any_production":
        st.prod[i] -= amount
        return
    taken = min(st.res[i], amount)
    st.res[i] -= taken
    if op.kind == "steal":
        st.res[slot(seat, op.resource)] += taken
