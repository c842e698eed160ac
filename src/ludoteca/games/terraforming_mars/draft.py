"""The draft variant of the research phase (option `draft`, issue 7).

From generation 2 (never in generation 1, never in solo) each seat draws 4 cards
into its own draft *pack* (chance nodes, as research draws are). Then 4 rounds: in
each, every seat keeps 1 card of the pack it holds (the kept card joins its
`offer`), and then every pack passes to the neighbour. The direction alternates by
generation (the rules reference, §4 "Draft variant"): in even generations packs go
to the next seat in turn order (`seat + 1`), in odd generations to the previous one
(`seat - 1`). After the 4th round each seat buys any of its 4 drafted cards for 3 M€
each, exactly as in the normal research phase (`F_RESEARCH` over the offer).

The picks are simultaneous at the table; here they are sequential decisions in turn
order, each hidden from the other seats (`draft <card>`). Packs are kept by *pack
id*, the seat that drew it: pack `k` is held in round `r` by seat
`k + direction * (r - 1)` (mod the number of seats). Every pick is logged as
`(round, pack, seat, card)`; the log of the current generation is what a seat
knows of the draft (the cards it saw in each pack it held, `knowledge`), and at the
next draft that knowledge joins the seat's `memory` (see `hidden.py`).

Frames: `(F_DRAFT, seat)` keeps a card of the pack held (`DraftPick`; an empty pack
lapses), `(F_PASS_PACKS, -1)` passes every pack on (`PassPacks`, automatic).
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from ludoteca.core.decisions import Automatic, Decision
from ludoteca.games.terraforming_mars.actions import DRAFT
from ludoteca.games.terraforming_mars.frames import (
    F_DRAFT,
    F_PASS_PACKS,
    F_RESEARCH,
    TO_PACK,
    Frame,
    push_draw,
)

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.state import TMState

DRAFT_CARDS = 4

Pick = tuple[int, int, int, int]  # (round, pack, seat, card)


def direction(generation: int) -> int:
    """+1: packs go to the next seat in turn order (even generations); -1: to the previous one."""
    return 1 if generation % 2 == 0 else -1


def holder(st: TMState, pack: int, rnd: int) -> int:
    """The seat holding `pack` in round `rnd`."""
    return (pack + direction(st.generation) * (rnd - 1)) % st.n


def pack_held(st: TMState, seat: int) -> int:
    """The id of the pack `seat` holds in the current round."""
    return (seat - direction(st.generation) * (st.draft_round - 1)) % st.n


def pass_to(st: TMState, seat: int) -> int:
    return (seat + direction(st.generation)) % st.n


def drafting(st: TMState) -> bool:
    return 1 <= st.draft_round <= DRAFT_CARDS


def push_draft(st: TMState, order: list[int]) -> None:
    """Research with the draft: draws into the packs, 4 rounds of picks and passes, then buying."""
    stack = st.stack
    remember(st)
    st.draft_round = 1
    st.picks = ()
    st.packs = [()] * st.n
    for seat in reversed(order):
        stack.append((F_RESEARCH, seat))
    for _ in range(DRAFT_CARDS):
        stack.append((F_PASS_PACKS, -1))
        for seat in reversed(order):
            stack.append((F_DRAFT, seat))
    for seat in reversed(order):
        push_draw(st, seat, DRAFT_CARDS, TO_PACK)


def pick(st: TMState, seat: int, card: int) -> None:
    """`seat` keeps `card` of the pack it holds."""
    k = pack_held(st, seat)
    st.packs[k] = tuple(c for c in st.packs[k] if c != card)
    st.offer[seat] = (*st.offer[seat], card)
    st.picks = (*st.picks, (st.draft_round, k, seat, card))


def pass_packs(st: TMState) -> None:
    """Every pack moves on to the next holder (the holder is computed from the round)."""
    st.draft_round += 1


class DraftPick(Decision):
    kind = F_DRAFT
    forced = True

    @staticmethod
    def legal(st: TMState, frame: Frame) -> list[int]:
        return sorted(DRAFT + c for c in st.packs[pack_held(st, frame[1])])

    @staticmethod
    def apply(st: TMState, frame: Frame, action: int) -> None:
        pick(st, frame[1], action - DRAFT)


class PassPacks(Automatic):
    kind = F_PASS_PACKS

    @staticmethod
    def run(st: TMState, frame: Frame) -> None:
        pass_packs(st)


def pack_picks(st: TMState, pack: int) -> list[Pick]:
    return [p for p in st.picks if p[1] == pack]


def passed(st: TMState, seat: int) -> list[tuple[int, ...]]:
    """The cards `seat` passed on this generation, one sorted tuple per pass (what it saw
    in the pack after its own pick)."""
    out = []
    for rnd, k, who, _ in st.picks:
        if who != seat or rnd >= st.draft_round:
            continue
        rest = [p[3] for p in st.picks if p[1] == k and p[0] > rnd] + list(st.packs[k])
        if rest:
            out.append(tuple(sorted(rest)))
    return out


def knowledge(st: TMState, seat: int) -> list[frozenset[int]]:
    """What `seat` knows of this generation's packs: groups of cards it can place only as a group.

    A seat sees a pack's whole content whenever it holds it. Between two of its
    views, the cards that left the pack went to the picks of the holders in between,
    in an order the seat does not know; after its last view they went to the later
    picks or are still in the pack. Each group holds such cards: wherever they are
    now (kept, bought or rejected by those holders, or in the pack), the seat cannot
    tell which is where. Picks made before the seat first saw a pack, and packs it
    never held, are unknown to it (in no group).
    """
    groups: list[frozenset[int]] = []
    for k in range(st.n):
        log = pack_picks(st, k)
        views = [i for i, p in enumerate(log) if p[2] == seat]
        held_now = drafting(st) and pack_held(st, seat) == k
        if held_now:
            views.append(len(log))
        if not views:
            continue
        for a, b in pairwise(views):
            if b - a > 1:
                groups.append(frozenset(p[3] for p in log[a + 1:b]))
        rest = frozenset([p[3] for p in log[views[-1] + 1:]] + list(st.packs[k]))
        if rest and not held_now:
            groups.append(rest)
    return groups


def remember(st: TMState) -> None:
    """A new draft starts: what each seat knew of the last one joins its memory (newest first)."""
    st.memory = [(*knowledge(st, seat), *st.memory[seat]) for seat in range(st.n)]


def forget(st: TMState, cards: tuple[int, ...]) -> None:
    """`cards` go back into the deck unseen (the discard pile is reshuffled): no seat knows where
    they will be."""
    if any(st.memory):
        gone = frozenset(cards)
        st.memory = [tuple(g - gone for g in groups if g - gone) for groups in st.memory]
