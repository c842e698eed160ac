"""Re-dealing what a seat cannot see (`resample_from_infostate`).

Unknown to a seat: the deck, the other seats' hands and offers, the discarded cards
it did not see go (others' rejects and sold patents), and, during setup, the other
seats' dealt corporations and their unrevealed choice. Those cards are pooled and
dealt back at random into the same places with the same sizes; everything the seat
knows (its hand and offer, everything in play, cards it discarded itself, revealed
cards) stays where it is.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ludoteca.games.terraforming_mars.constants import PUBLIC

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.state import TMState


def resample(st: TMState, seat: int, rng: random.Random) -> None:
    others = [p for p in range(st.n) if p != seat]
    unknown_discards = [i for i, by in enumerate(st.discard_by) if by not in (seat, PUBLIC)]
    pool = list(st.deck)
    for p in others:
        pool += st.hand[p]
        pool += st.offer[p]
    pool += [st.discard[i] for i in unknown_discards]
    rng.shuffle(pool)
    k = 0
    for p in others:
        size = len(st.hand[p])
        st.hand[p] = tuple(sorted(pool[k:k + size]))
        k += size
        size = len(st.offer[p])
        st.offer[p] = tuple(pool[k:k + size])
        k += size
    if unknown_discards:
        discard = list(st.discard)
        for i in unknown_discards:
            discard[i] = pool[k]
            k += 1
        st.discard = tuple(discard)
    st.deck = tuple(sorted(pool[k:]))
    _resample_corporations(st, seat, others, rng)


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
