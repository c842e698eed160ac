"""Carcassonne: base game (Inns & Cathedrals and the Wonders of Humanity to follow).

Modules: `tiles` (component data), `board` (placement and connected features),
`scoring`, `actions` (ids and notation), `state` (turn flow), `game` (options),
`heuristics` (position values for bots).
"""

from ludoteca.games.carcassonne.game import CarcassonneGame
from ludoteca.games.carcassonne.state import CarcassonneState

__all__ = ["CarcassonneGame", "CarcassonneState"]
