"""The game's flow: setup, generations (research, actions, production) and the end.

Setup (as frames on the stack, top first): deal 2 corporations to each seat (chance,
unless the corporations are given as an option), deal 10 project cards to each
seat's offer, each seat chooses its corporation (hidden from the others until all
have chosen), all corporations take effect, then each seat buys any of its 10 cards
for 3 M€ each (the beginner corporation keeps them free). Generation 1 has no
research phase.

Action phase: from the first player, clockwise, each seat takes 1 or 2 actions or
passes; a seat that passed is out until the next generation; the last seat left
keeps acting until it passes. A corporation's first action (Inventrix, Tharsis
Republic) is forced as the seat's first action of the game.

Production: energy becomes heat, then M€ = M€ production + TR and every other
resource += its production; blue-card actions and generation-long effects reset.
If all three parameters are maxed the game ends: each seat, in turn order, may
convert plants into greeneries (`F_FINAL`), then the final scoring. Otherwise the
first player passes clockwise, the generation counter rises, and each seat draws 4
cards (chance) and then buys any of them for 3 M€ each, in turn order; with the
draft option the 4 cards are drafted first (`draft.py`).

Frames of the setup: `(F_DEAL, seat, count)` deals a corporation card (chance over the
corporations left; dropped if none is left), `(F_CORP, seat)` chooses one of the
seat's dealt corporations, `(F_REVEAL_CORPS, -1)` makes every chosen corporation take
effect (automatic). When the stack is empty, `next_step` moves the game on (the frame
table's refill).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.decisions import Automatic, Chance, Decision
from ludoteca.games.terraforming_mars.actions import CORP, DEAL
from ludoteca.games.terraforming_mars.cards import CORP_BASE
from ludoteca.games.terraforming_mars.constants import ENERGY, HEAT, MC, NR, slot
from ludoteca.games.terraforming_mars.draft import push_draft
from ludoteca.games.terraforming_mars.effects import own_tags_played_triggers
from ludoteca.games.terraforming_mars.frames import (
    F_CORP,
    F_DEAL,
    F_FINAL,
    F_MENU,
    F_RESEARCH,
    F_REVEAL_CORPS,
    TO_OFFER,
    Frame,
    push_draw,
    push_ops,
)
from ludoteca.games.terraforming_mars.params import all_maxed
from ludoteca.games.terraforming_mars.solo import SOLO_GENERATIONS, neutral_city_triggers, push_neutral_setup
from ludoteca.games.terraforming_mars.tableau import add_to_tableau

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.state import TMState

SETUP, RESEARCH, ACTION, FINAL, OVER = range(5)
PHASE_NAMES = ("setup", "research", "action", "final", "over")
START_CARDS = 10
RESEARCH_CARDS = 4
CORPS_DEALT = 2


def turn_order(st: TMState) -> list[int]:
    return [(st.first + i) % st.n for i in range(st.n)]


def setup(st: TMState) -> None:
    """Push the setup frames (see the module docstring)."""
    stack = st.stack
    order = turn_order(st)
    for seat in reversed(order):
        stack.append((F_RESEARCH, seat))
    stack.append((F_REVEAL_CORPS, -1))
    dealing = st.game.deal_corporations
    if dealing:
        for seat in reversed(order):
            stack.append((F_CORP, seat))
    for seat in reversed(order):
        push_draw(st, seat, START_CARDS, TO_OFFER)
    if dealing:
        for seat in reversed(order):
            stack.append((F_DEAL, seat, CORPS_DEALT))
    if st.solo:
        push_neutral_setup(st)


def reveal_corporations(st: TMState) -> None:
    """Every seat's chosen corporation takes effect (in seat order)."""
    game = st.game
    for seat in range(st.n):
        corp = game.cards[st.corp_choice[seat]]
        st.corp[seat] = corp.index
        base = slot(seat)
        st.res[base + MC] += corp.starting_mc
        for r in range(NR):
            st.prod[base + r] += corp.starting_production[r]
            st.res[base + r] += corp.starting_resources[r]
        add_to_tableau(st, seat, corp)
        if corp.first_action:
            st.first_pending |= 1 << seat
        if corp.free_cards:
            st.hand[seat] = tuple(sorted(st.hand[seat] + st.offer[seat]))
            st.offer[seat] = ()
        own_tags_played_triggers(st, seat, corp.index)
    st.dealt = [() for _ in range(st.n)]
    if st.solo:
        neutral_city_triggers(st)


class DealCorporation(Chance):
    """`(F_DEAL, seat, count)`: a corporation card dealt to `seat`, `count` of them."""

    kind = F_DEAL

    @staticmethod
    def ready(st: TMState, frame: Frame) -> bool:
        return bool(st.corp_deck)

    @staticmethod
    def outcomes(st: TMState, frame: Frame) -> list[tuple[int, float]]:
        pool, base = st.corp_deck, DEAL - CORP_BASE
        p = 1.0 / len(pool)
        return [(base + c, p) for c in pool]

    @staticmethod
    def resolve(st: TMState, frame: Frame, action: int) -> None:
        _, seat, count = frame
        corp = action - DEAL + CORP_BASE
        st.corp_deck = tuple(c for c in st.corp_deck if c != corp)
        st.dealt[seat] = (*st.dealt[seat], corp)
        if count > 1:
            st.stack.append((F_DEAL, seat, count - 1))


class ChooseCorporation(Decision):
    """`(F_CORP, seat)`: one of the corporations dealt to `seat` (face down)."""

    kind = F_CORP
    forced = True

    @staticmethod
    def legal(st: TMState, frame: Frame) -> list[int]:
        return sorted(CORP + c - CORP_BASE for c in st.dealt[frame[1]])

    @staticmethod
    def apply(st: TMState, frame: Frame, action: int) -> None:
        st.corp_choice[frame[1]] = action - CORP + CORP_BASE


class RevealCorporations(Automatic):
    """`(F_REVEAL_CORPS, -1)`: `reveal_corporations`."""

    kind = F_REVEAL_CORPS

    @staticmethod
    def run(st: TMState, frame: Frame) -> None:
        reveal_corporations(st)


def next_step(st: TMState) -> bool:
    """The stack is empty: move the game on; False when the game is over (nothing follows)."""
    phase = st.phase
    if phase == OVER:
        return False
    if phase in (SETUP, RESEARCH):
        st.phase = ACTION
        st.turn, st.taken = st.first, 0
        _action_step(st)
    elif phase == ACTION:
        _action_step(st)
    else:
        st.phase = OVER
    return True


def alone(st: TMState, seat: int) -> bool:
    """True if every other seat has passed."""
    return st.passed | (1 << seat) == (1 << st.n) - 1


def _action_step(st: TMState) -> None:
    seat = st.turn
    if not st.passed >> seat & 1 and st.taken < 2:
        if st.taken == 0 and st.first_pending >> seat & 1:
            st.first_pending &= ~(1 << seat)
            st.taken = 1
            push_ops(st, seat, st.corp[seat], st.game.cards[st.corp[seat]].first_action)
            return
        st.stack.append((F_MENU, seat))
        return
    for i in range(1, st.n + 1):
        nxt = (seat + i) % st.n
        if not st.passed >> nxt & 1:
            st.turn, st.taken = nxt, 0
            _action_step(st)
            return
    production(st)


def production(st: TMState) -> None:
    res, prod, tr = st.res, st.prod, st.tr
    for seat in range(st.n):
        base = slot(seat)
        res[base + HEAT] += res[base + ENERGY]
        res[base + ENERGY] = 0
        res[base + MC] += prod[base + MC] + tr[seat]
        for r in range(1, NR):
            res[base + r] += prod[base + r]
    st.used = 0
    st.tr_raised = 0
    st.leeway_next = [0] * st.n
    st.next_discount = [0] * st.n
    st.passed = 0
    limit = st.game.max_generations
    if st.solo:
        done = st.generation >= (limit or SOLO_GENERATIONS)
        if done:
            st.solo_won = int(all_maxed(st))
    else:
        done = all_maxed(st) or (limit is not None and st.generation >= limit)
    if done:
        st.phase = FINAL
        for seat in reversed(turn_order(st)):
            st.stack.append((F_FINAL, seat))
        return
    st.generation += 1
    st.first = (st.first + 1) % st.n
    st.phase = RESEARCH
    order = turn_order(st)
    if st.game.draft:
        push_draft(st, order)
        return
    for seat in reversed(order):
        st.stack.append((F_RESEARCH, seat))
    for seat in reversed(order):
        push_draw(st, seat, RESEARCH_CARDS, TO_OFFER)
