"""Terraforming Mars: the standard game on Tharsis (see `game.py` for the manifest)."""

from ludoteca.games.terraforming_mars.game import TerraformingMarsGame
from ludoteca.games.terraforming_mars.state import TMState

__all__ = ["TMState", "TerraformingMarsGame"]
