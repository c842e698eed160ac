"""A seat's game for balance analysis (`State.seat_facts`): its corporation and the
project cards it played, by card id."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.state import TMState


def seat_facts(st: TMState, seat: int) -> dict[str, list[str]]:
    cards = st.game.cards
    corp = st.corp[seat]
    return {"corporation": [cards[corp].id] if corp >= 0 else [],
            "card": sorted(cards[c].id for c in st.played[seat] if cards[c].type != "corporation")}
