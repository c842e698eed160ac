"""Terraforming Mars: The Dice Game.

Modules: `content` (component data, checked on load; `cards`, `ops` and `dice`
for its parts), `tasks` (the kinds of the decision stack's frames), `setup`,
`turns`, `production`, `order` and `effects` (the rules, each with the
`core.decisions` handlers of its frames), `scoring`, `actions` (ids and notation),
`state` (the core API and the table of every handler), `game` (options), `views` (observations, payloads, the
notation-level prompt texts), `texts` (every text a player reads, as messages of the
catalogs `messages/*.json`), `display` (the browser's component data), `text` and
`terminal` (plain-text pictures for terminals), `heuristics` (position values for bots).
"""

from ludoteca.games.tm_dice.game import TMDiceGame
from ludoteca.games.tm_dice.state import TMDiceState

__all__ = ["TMDiceGame", "TMDiceState"]
