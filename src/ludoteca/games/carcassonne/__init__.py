"""Carcassonne: the base game, Inns & Cathedrals and the Wonders of Humanity.

Modules: `tiles` (component data), `board` (placement and connected features),
`scoring`, `actions` (ids and notation), `phases` (the turn's frames on the
`core.decisions` stack), `state` (turn flow and its handler table), `wonders` and
`wonder_turns` (the Wonders and their phases), `game` (options), `heuristics` (position
values for bots).
"""

from ludoteca.games.carcassonne.game import CarcassonneGame
from ludoteca.games.carcassonne.state import CarcassonneState

__all__ = ["CarcassonneGame", "CarcassonneState"]
