"""A seat's game for balance analysis (`State.seat_facts`): the Wonders it claimed (placed
or still held), by key; nothing without the Wonders."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ludoteca.games.carcassonne.state import CarcassonneState


def seat_facts(st: CarcassonneState, seat: int) -> dict[str, list[str]]:
    track = st.wonder_track
    if track is None:
        return {}
    offer = st.game.wonders
    taken = {w for w, placed in track.placed.items() if placed[0] == seat}
    if track.held[seat] >= 0:
        taken.add(track.held[seat])
    return {"wonder": sorted(offer[w].key for w in taken)}
