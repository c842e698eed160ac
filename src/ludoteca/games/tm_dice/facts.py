"""A seat's game for balance analysis (`State.seat_facts`): its corporation and the
cards in its tableau (project and bonus cards), by card id, each once."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ludoteca.games.tm_dice.state import TMDiceState


def seat_facts(st: TMDiceState, seat: int) -> dict[str, list[str]]:
    game = st._game
    content = game.content
    width = game.n_cards
    corp = st._corp[seat]
    return {"corporation": [content.cards[corp].id] if corp >= 0 else [],
            "card": sorted(c.id for c in content.cards[:content.corp_base]
                           if st._tableau[seat * width + c.index])}
