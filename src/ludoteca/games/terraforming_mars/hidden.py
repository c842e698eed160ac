"""Re-dealing what a seat cannot see (`resample_from_infostate`).

Unknown to a seat: the deck, the other seats' hands and offers, the discarded cards
it did not see go (others' rejects and looked-at cards not kept), the draft packs it
does not hold, and, during setup, the other seats' dealt corporations and their
unrevealed choice. Those cards are pooled and dealt back at random into the same
places with the same sizes; everything the seat knows (its hand, offer and pack,
everything in play, cards it discarded itself, public discards — sold patents and
`discard <card>` are public actions — and revealed cards) stays where it is.

The draft (`draft.py`) adds what a seat knows of the packs it held: groups of cards
it saw leave a pack to the later holders' picks (or stay in it) without knowing
which went where. Each group (this generation's, then the remembered ones of earlier
drafts, newest first) is permuted only among the places its cards are in now
(kept, bought, rejected, still in a pack), never pooled with the unseen cards. A
remembered card is forgotten when the discard pile is reshuffled into the deck. The
draft log is rewritten to follow the cards that moved.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ludoteca.games.terraforming_mars.constants import PUBLIC
from ludoteca.games.terraforming_mars.draft import drafting, knowledge, pack_held

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.state import TMState

Place = tuple[str, int, int]  # (area, seat or pack, index)


def _areas(st: TMState, seat: int) -> dict[tuple[str, int], list[int]]:
    """Every area holding cards hidden from `seat`, as mutable lists."""
    areas: dict[tuple[str, int], list[int]] = {}
    for p in range(st.n):
        if p != seat:
            areas["hand", p] = list(st.hand[p])
            areas["offer", p] = list(st.offer[p])
    held = pack_held(st, seat) if drafting(st) else -1
    for k in range(st.n):
        if k != held and st.packs[k]:
            areas["pack", k] = list(st.packs[k])
    areas["discard", 0] = list(st.discard)
    areas["deck", 0] = list(st.deck)
    return areas


def resample(st: TMState, seat: int, rng: random.Random) -> None:
    areas = _areas(st, seat)
    known_discards = {i for i, by in enumerate(st.discard_by) if by in (seat, PUBLIC)}
    hidden: list[Place] = [(area, key, i) for (area, key), cards in areas.items() for i in range(len(cards))
                           if not (area == "discard" and i in known_discards)]
    place_of = {areas[a, k][i]: (a, k, i) for a, k, i in hidden}
    groups: list[list[Place]] = []
    grouped: set[int] = set()
    for group in [*knowledge(st, seat), *st.memory[seat]]:
        cards = sorted(c for c in group if c in place_of and c not in grouped)
        grouped.update(cards)
        groups.append([place_of[c] for c in cards])
    unknown = [place for place in hidden if areas[place[0], place[1]][place[2]] not in grouped]
    renamed: dict[int, int] = {}
    for places in [unknown, *groups]:
        cards = [areas[a, k][i] for a, k, i in places]
        dealt = cards.copy()
        rng.shuffle(dealt)
        for (a, k, i), old, new in zip(places, cards, dealt, strict=True):
            areas[a, k][i] = new
            renamed[old] = new
    for p in range(st.n):
        if p != seat:
            st.hand[p] = tuple(sorted(areas["hand", p]))
            st.offer[p] = tuple(areas["offer", p])
    for (area, k), cards in areas.items():
        if area == "pack":
            st.packs[k] = tuple(sorted(cards))
    st.discard = tuple(areas["discard", 0])
    st.deck = tuple(sorted(areas["deck", 0]))
    st.picks = tuple((r, k, p, renamed.get(c, c)) for r, k, p, c in st.picks)
    st.memory = [tuple(frozenset(renamed.get(c, c) for c in g) for g in groups) for groups in st.memory]
    _resample_corporations(st, seat, [p for p in range(st.n) if p != seat], rng)


def _resample_corporations(st: TMState, seat: int, others: list[int], rng: random.Random) -> None:
    if not any(st.dealt[p] for p in others):
        return
    pool = list(st.corp_deck)
    for p in others:
        pool += st.dealt[p]
    rng.shuffle(pool)
    k = 0
    for p in others:
        size = len(st.dealt[p])
        st.dealt[p] = tuple(pool[k:k + size])
        k += size
        if st.corp_choice[p] >= 0 and st.corp[p] < 0 and st.dealt[p]:
            st.corp_choice[p] = st.dealt[p][0]
    st.corp_deck = tuple(sorted(pool[k:]))
