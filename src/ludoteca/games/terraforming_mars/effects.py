"""The card-effect engine: one interpreter for every card's operations.

`run_op` executes one `Op` for a seat and a source card. Operations that need a
choice (where, which card, which player, which option, how many, how to pay) push a
decision frame instead of deciding; the state asks the seat and resumes. Amounts
may be counted (`Count`): tags, cities, events played, resources on the card.

`fire_played` runs after a card's own effects: the "when you play a card / a tag"
triggers of every seat's cards, and the "next card" modifiers of events such as
Special Design.

Every op kind of the card format (`schema.OP_KEYS`) is run here; the few that are
one card's own rule are dispatched to its named hook (`hooks.py`).

Frames: `(F_OP, seat, card, op, aux)` runs one operation (`RunOp`) and `(F_PLAYED, seat,
card)` fires the "card played" triggers (`FirePlayed`), both automatic. The choices an
operation asks for are in `choices.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.decisions import Automatic
from ludoteca.games.terraforming_mars.cards import CORP_BASE, Card, Count, Op, Trigger
from ludoteca.games.terraforming_mars.constants import (
    EVENT,
    MC,
    NT,
    STEEL,
    TITANIUM,
    slot,
)
from ludoteca.games.terraforming_mars.frames import (
    F_AMOUNT,
    F_DISCARD,
    F_KEEP,
    F_OP,
    F_OPTION,
    F_PLAYED,
    F_PLAYER,
    F_RESEARCH,
    F_REVEAL,
    F_TARGET,
    F_YESNO,
    TO_OFFER,
    Frame,
    push_draw,
    push_ops,
    push_pay,
    push_place,
)
from ludoteca.games.terraforming_mars.hooks import HOOK_OPS
from ludoteca.games.terraforming_mars.params import change_production, raise_param, raise_tr
from ludoteca.games.terraforming_mars.payment import PAY_STEEL, PAY_TITANIUM
from ludoteca.games.terraforming_mars.tableau import city_count, requirement_met

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.state import TMState

#: card resources a "triggering card" may receive (Viral Enhancers)
TRIGGER_TARGETS = frozenset({"animal", "microbe"})


# ------------------------------------------------------------------ amounts
def count_value(st: TMState, seat: int, card: int, c: Count) -> int:
    cards = st.game.cards
    if c.what == "tags":
        if c.scope == "self":
            value = st.tags[seat * NT + c.tag]
            if c.includes_this and card >= 0 and cards[card].type == EVENT:
                value += cards[card].tag_counts[c.tag]
        else:
            value = sum(st.tags[p * NT + c.tag] for p in range(st.n) if p != seat or c.scope == "all")
    elif c.what == "city_tiles":
        value = city_count(st, c.where == "mars")
    elif c.what == "events_played":
        value = sum(1 for p in range(st.n) for i in st.played[p] if cards[i].type == EVENT)
    else:  # resources_on_this_card
        value = st.card_res[card]
    return value * c.multiplier // c.divisor


def amount_of(st: TMState, seat: int, card: int, amount: object) -> int:
    if type(amount) is int:
        return amount
    if isinstance(amount, Count):
        return count_value(st, seat, card, amount)
    raise ValueError(f"amount {amount!r} must be chosen by the player")


def resource_cards(st: TMState, seat: int, resource: str | None, exclude: int = -1,
                   must_hold: int = 0) -> list[int]:
    """`seat`'s cards in play that can hold `resource` (any card resource if None)."""
    cards = st.game.cards
    out = []
    for c in st.played[seat]:
        rt = cards[c].resource_type
        if rt is None or c == exclude or (resource is not None and rt != resource):
            continue
        if st.card_res[c] >= must_hold:
            out.append(c)
    return out


# ------------------------------------------------------------------ the interpreter
def run_op(st: TMState, seat: int, card: int, op: Op, aux: int = -1) -> None:
    """Run `op` for `seat`, from `card` (-1: a standard action); `aux` is the card that triggered it."""
    kind = op.kind
    base = slot(seat)
    if kind == "production":
        change_production(st, seat, op.resource, amount_of(st, seat, card, op.amount))
    elif kind == "gain":
        st.res[base + op.resource] += amount_of(st, seat, card, op.amount)
    elif kind == "spend":
        amount = amount_of(st, seat, card, op.amount)
        if op.resource == MC:
            flags = (PAY_STEEL if STEEL in op.may_pay_with else 0) | (
                PAY_TITANIUM if TITANIUM in op.may_pay_with else 0)
            push_pay(st, seat, amount, flags)
        else:
            st.res[base + op.resource] = max(0, st.res[base + op.resource] - amount)
    elif kind == "raise":
        raise_param(st, seat, op.param, op.steps)
    elif kind == "tr":
        raise_tr(st, seat, amount_of(st, seat, card, op.amount))
    elif kind == "place_tile":
        for _ in range(op.count):
            push_place(st, seat, card, op.tile, op.where)
    elif kind == "draw_cards":
        push_draw(st, seat, op.count)
    elif kind == "add_resource":
        _add_resource(st, seat, card, op, aux)
    elif kind == "remove_resource":
        st.card_res[card] = max(0, st.card_res[card] - amount_of(st, seat, card, op.amount))
        st.card_res_stamp = object()
    elif kind in ("remove_resource_any_card",):
        st.stack.append((F_TARGET, seat, card, op))
    elif kind in ("reduce_any_production", "remove_any_resource", "steal", "remove_player_resource"):
        st.stack.append((F_PLAYER, seat, card, op))
    elif kind == "choose":
        st.stack.append((F_OPTION, seat, card, op, aux))
    elif kind == "optional":
        st.stack.append((F_YESNO, seat, card, op))
    elif kind == "conditional":
        assert op.cond is not None
        push_ops(st, seat, card, op.then if requirement_met(st, seat, op.cond) else op.otherwise)
    elif kind in ("production_swap", "convert"):
        st.stack.append((F_AMOUNT, seat, card, op))
    elif kind == "reveal_top_card":
        st.stack.append((F_REVEAL, seat, card, op))
    elif kind == "discard_cards":
        if st.hand[seat]:
            st.stack.append((F_DISCARD, seat, op.count))
    elif kind == "look_keep":
        st.stack.append((F_KEEP, seat, op.keep, -1))
        push_draw(st, seat, op.count, TO_OFFER)
    elif kind == "look_buy":
        st.stack.append((F_RESEARCH, seat))
        push_draw(st, seat, op.count, TO_OFFER)
    else:
        HOOK_OPS[kind].run(st, seat, card, op)  # one card's own rule (`hooks.py`)


class RunOp(Automatic):
    kind = F_OP

    @staticmethod
    def run(st: TMState, frame: Frame) -> None:
        run_op(st, frame[1], frame[2], frame[3], frame[4])


def _add_resource(st: TMState, seat: int, card: int, op: Op, aux: int) -> None:
    amount = amount_of(st, seat, card, op.amount)
    if op.target == "this_card":
        if card >= 0:
            st.card_res[card] += amount
            st.card_res_stamp = object()
        return
    if op.target == "triggering_card":
        if aux >= 0 and st.game.cards[aux].resource_type in TRIGGER_TARGETS:
            st.card_res[aux] += amount
            st.card_res_stamp = object()
        return
    exclude = card if op.target == "another_card" else -1
    targets = resource_cards(st, seat, op.card_resource, exclude, op.must_hold)
    if len(targets) == 1:
        st.card_res[targets[0]] += amount
        st.card_res_stamp = object()
    elif targets:
        st.stack.append((F_TARGET, seat, card, op))


# ------------------------------------------------------------------ triggers
def _tag_times(trig: Trigger, card: Card) -> int:
    """How often a "tag played" trigger fires for `card`: per matching tag, or once."""
    times = sum(card.tag_counts[t] for t in trig.tags)
    return times if trig.per_tag else min(times, 1)


def fire_played(st: TMState, seat: int, index: int) -> None:
    """After `seat` played card `index`: tag/card triggers everywhere, next-card modifiers."""
    cards = st.game.cards
    card = cards[index]
    for m in card.modifiers:
        if m.kind == "requirement_leeway" and m.next_card_only:
            st.leeway_next[seat] = m.steps
        elif m.kind == "next_card_discount":
            st.next_discount[seat] = m.amount
    for p in range(st.n):
        for c in st.effect_cards[p]:
            including = bool(c == index and c < CORP_BASE)
            for eff in cards[c].effects:
                trig = eff.trigger
                if trig.event == "tag_played":
                    if (not trig.by_anyone and p != seat) or (including and not trig.including_this):
                        continue
                    for _ in range(_tag_times(trig, card)):
                        push_ops(st, p, c, eff.ops, index)
                elif trig.event == "card_played":
                    if (not trig.by_anyone and p != seat) or (including and not trig.including_this):
                        continue
                    if trig.card_type is not None and card.type != trig.card_type:
                        continue
                    if trig.has_tag >= 0 and not card.tag_counts[trig.has_tag]:
                        continue
                    push_ops(st, p, c, eff.ops, index)


class FirePlayed(Automatic):
    kind = F_PLAYED

    @staticmethod
    def run(st: TMState, frame: Frame) -> None:
        fire_played(st, frame[1], frame[2])


def fire_paid(st: TMState, seat: int, what: str, base_cost: int, project: str = "") -> None:
    """Schedule `seat`'s "after paying for ..." effects (CrediCor, Standard Technology)."""
    cards = st.game.cards
    for c in st.effect_cards[seat]:
        for eff in cards[c].effects:
            trig = eff.trigger
            paid = trig.event == "paid_for" and what in trig.what and base_cost >= trig.min_base_cost
            project_paid = (trig.event == "standard_project_paid" and what == "standard_project"
                            and project not in trig.exclude)
            if paid or project_paid:
                push_ops(st, seat, c, eff.ops)


def own_tags_played_triggers(st: TMState, seat: int, corp: int) -> None:
    """A corporation's "including this" tag triggers fire for its own tags (Saturn Systems)."""
    card = st.game.cards[corp]
    for eff in card.effects:
        trig = eff.trigger
        if trig.event == "tag_played" and trig.including_this:
            for _ in range(_tag_times(trig, card)):
                push_ops(st, seat, corp, eff.ops)
