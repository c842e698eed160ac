"""Terraforming Mars: The Dice Game.

Modules: `content` (component data, checked on load; `cards`, `ops` and `dice`
for its parts), `tasks` (the pending-task stack's vocabulary), `effects`,
`production` and `turns` (the rules), `scoring`, `actions` (ids and notation),
`state` (the core API), `game` (options), `views` (observations, texts, payloads),
`text` (plain-text pictures for terminals), `heuristics` (position values for bots).
"""

from ludoteca.games.tm_dice.game import TMDiceGame
from ludoteca.games.tm_dice.state import TMDiceState

__all__ = ["TMDiceGame", "TMDiceState"]
