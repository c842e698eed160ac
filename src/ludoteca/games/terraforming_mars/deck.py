"""The project deck and the cards it gives: draws, reveals, buying, keeping, discarding.

Every draw is a chance node over the cards left in the deck (`F_DRAW`, one card per
outcome; a draw of 3 pushes the draw of the other 2), and so is a revealed top card
(`F_REVEAL`, Search For Life: its `then` operations run if the card has the tag).
The deck is a set: nothing is shuffled in advance. When it is empty the discard pile
becomes the deck (`DeckChance.ready`, no chance needed); a draw from an empty deck
and an empty discard pile does not happen (its frame is dropped).

Decisions over the cards drawn:

* `F_RESEARCH` — buy (3 M€, then the payment) or reject the first card of the offer;
  rejected cards are discarded, known only to the seat. The frame stays while cards
  are left in the offer, and lapses on an empty offer.
* `F_KEEP` (Business Contacts, Invention Contest) — keep one of the cards looked at,
  `keep` of them in all; the cards are kept in ascending order (`last`, the card kept
  before), so each set of kept cards is offered once. The rest are discarded, known to
  the seat.
* `F_DISCARD` (Mars University) — discard a card from hand, `count` of them (a public
  action).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.decisions import Chance, Decision
from ludoteca.games.terraforming_mars.actions import BUY, DISCARD, DRAW, KEEP, REJECT, REVEAL
from ludoteca.games.terraforming_mars.constants import CARD_PRICE, PUBLIC
from ludoteca.games.terraforming_mars.draft import forget
from ludoteca.games.terraforming_mars.frames import (
    F_DISCARD,
    F_DRAW,
    F_KEEP,
    F_RESEARCH,
    F_REVEAL,
    TO_HAND,
    TO_PACK,
    Frame,
    push_ops,
    push_pay,
)
from ludoteca.games.terraforming_mars.payment import can_afford

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.state import TMState


# ------------------------------------------------------------------ the deck and the discard pile
def discard(st: TMState, card: int, known_by: int) -> None:
    """`card` goes onto the discard pile, known to `known_by` (a seat, or PUBLIC)."""
    st.discard = (*st.discard, card)
    st.discard_by = (*st.discard_by, known_by)


def remove_from_deck(st: TMState, card: int) -> None:
    deck = st.deck
    i = deck.index(card)
    st.deck = deck[:i] + deck[i + 1:]


def deck_outcomes(st: TMState, base: int) -> list[tuple[int, float]]:
    """Each card left in the deck, equally likely, as the action `base + card`."""
    pool = st.deck
    p = 1.0 / len(pool)
    return [(base + c, p) for c in pool]


def reveal_top(st: TMState, card: int) -> None:
    """`card` is the revealed top card: it is discarded face up."""
    remove_from_deck(st, card)
    discard(st, card, PUBLIC)
    st.revealed = card


def keepable(st: TMState, seat: int, keep: int, last: int) -> list[int]:
    """Offered cards `seat` may keep next: above `last`, leaving enough above it for the rest."""
    offer = sorted(st.offer[seat])
    need = min(keep, len(offer))
    return [c for i, c in enumerate(offer) if c > last and len(offer) - 1 - i >= need - 1]


# ------------------------------------------------------------------ chance
class DeckChance(Chance):
    """A chance frame over the cards left in the deck (a draw, a revealed top card)."""

    @staticmethod
    def ready(st: TMState, frame: Frame) -> bool:
        """Turn the discard pile into the deck when the deck is empty; False if no card is left."""
        if st.deck:
            return True
        if not st.discard:
            return False
        forget(st, st.discard)
        st.deck = tuple(sorted(st.discard))
        st.discard, st.discard_by = (), ()
        return True


class DrawCard(DeckChance):
    """`(F_DRAW, seat, count, dest)`: one card from the deck to the hand, offer or draft pack."""

    kind = F_DRAW

    @staticmethod
    def outcomes(st: TMState, frame: Frame) -> list[tuple[int, float]]:
        return deck_outcomes(st, DRAW)

    @staticmethod
    def resolve(st: TMState, frame: Frame, action: int) -> None:
        _, seat, count, dest = frame
        card = action - DRAW
        remove_from_deck(st, card)
        if dest == TO_HAND:
            st.hand[seat] = tuple(sorted((*st.hand[seat], card)))
        elif dest == TO_PACK:
            st.packs[seat] = tuple(sorted((*st.packs[seat], card)))
        else:
            st.offer[seat] = (*st.offer[seat], card)
        if count > 1:
            st.stack.append((F_DRAW, seat, count - 1, dest))


class RevealCard(DeckChance):
    """`(F_REVEAL, seat, card, op)`: Search For Life reveals the top card; with the op's tag
    its `then` operations run."""

    kind = F_REVEAL

    @staticmethod
    def outcomes(st: TMState, frame: Frame) -> list[tuple[int, float]]:
        return deck_outcomes(st, REVEAL)

    @staticmethod
    def resolve(st: TMState, frame: Frame, action: int) -> None:
        card = action - REVEAL
        reveal_top(st, card)
        op = frame[3]
        if st.game.cards[card].tag_counts[op.tag]:
            push_ops(st, frame[1], frame[2], op.then)


# ------------------------------------------------------------------ decisions
class ResearchCard(Decision):
    """`(F_RESEARCH, seat)`: buy (if affordable) or reject the first card of the offer."""

    kind = F_RESEARCH
    forced = True

    @staticmethod
    def legal(st: TMState, frame: Frame) -> list[int]:
        seat = frame[1]
        offer = st.offer[seat]
        if not offer:
            return []
        card = offer[0]
        if can_afford(st, seat, CARD_PRICE):
            return [BUY + card, REJECT + card]  # BUY < REJECT
        return [REJECT + card]

    @staticmethod
    def apply(st: TMState, frame: Frame, action: int) -> None:
        seat = frame[1]
        card = st.offer[seat][0]
        st.offer[seat] = st.offer[seat][1:]
        if st.offer[seat]:
            st.stack.append(frame)  # the next card, once this one is paid for
        if action == BUY + card:
            st.hand[seat] = tuple(sorted((*st.hand[seat], card)))
            push_pay(st, seat, CARD_PRICE)
        else:
            discard(st, card, seat)


class KeepCard(Decision):
    """`(F_KEEP, seat, keep, last)`: keep one more of the cards looked at."""

    kind = F_KEEP
    forced = True

    @staticmethod
    def legal(st: TMState, frame: Frame) -> list[int]:
        return [KEEP + c for c in keepable(st, frame[1], frame[2], frame[3])]

    @staticmethod
    def apply(st: TMState, frame: Frame, action: int) -> None:
        seat, keep = frame[1], frame[2]
        card = action - KEEP
        st.offer[seat] = tuple(c for c in st.offer[seat] if c != card)
        st.hand[seat] = tuple(sorted((*st.hand[seat], card)))
        if keep > 1 and st.offer[seat]:
            st.stack.append((F_KEEP, seat, keep - 1, card))
        else:
            for c in st.offer[seat]:
                discard(st, c, seat)
            st.offer[seat] = ()


class DiscardCard(Decision):
    """`(F_DISCARD, seat, count)`: discard a card from hand (public), `count` of them."""

    kind = F_DISCARD
    forced = True

    @staticmethod
    def legal(st: TMState, frame: Frame) -> list[int]:
        return sorted(DISCARD + c for c in st.hand[frame[1]])

    @staticmethod
    def apply(st: TMState, frame: Frame, action: int) -> None:
        seat = frame[1]
        card = action - DISCARD
        st.hand[seat] = tuple(c for c in st.hand[seat] if c != card)
        discard(st, card, PUBLIC)  # `discard <card>` is a public action
        if frame[2] > 1 and st.hand[seat]:
            st.stack.append((F_DISCARD, seat, frame[2] - 1))
