"""The Dice Game's numeric observation: tracks, dice, cards, the map, milestones and awards.

Built only from `state.observation(seat)` (what the seat may see: its own hand and
dealt corporations, the bonus stack once it has looked through it, and everything
public) and the game's fixed data (`game.content`: the cards, dice, areas and
milestones). Seats are RELATIVE to the observing seat: relative seat r is absolute
seat `(seat + r) % P`, so r = 0 is always "me". Keys the encoder does not know are
ignored (the stand-in labels, the pending task texts, the final table).

The vector is these segments, end to end (P players, N = 46 cards: projects, bonus
cards, corporations, in `content.cards` order; R = 15 dice faces, resource
r = 3 × colour + rarity; G = 37 map areas; M = 8 milestones in the content, of
which 3 are in play; W = 3 award dice):

| segment | shape | content |
| --- | --- | --- |
| `current_player` | (P + 2,) | one-hot: relative seat to decide, then chance, then terminal |
| `turn_seat` | (P,) | one-hot: relative seat whose turn it is |
| `decision` | (21,) | one-hot of the pending decision's kind (`DECISIONS`); the last slot is any other |
| `counters` | (6,) | turn / 100, deck / 60, bonus stack / its setup size, end triggered, countdown (*) |
| `parameters` | (3,) | temperature, oxygen, oceans: steps made / steps to complete |
| `pool` | (5,) | dice of each colour in the pool / 12 (dice per colour) |
| `dice` | (P, R) | the seat's dice showing each face / 12 |
| `points` | (P, 2) | VP / 50, running score / 50 |
| `seat_numbers` | (P, 7) | / 10: wild tokens, hand size, storage, keep, terraform, end VP, bonuses due |
| `production` | (P, 8) | production dice of the 5 colours, white dice, wild tokens, VP; / 5 |
| `tiles` | (P, 4) | oceans, forests, cities, specials placed / 10 |
| `award_symbols` | (P, W) | the seat's count of each award die's symbol / 10 |
| `corporation_chosen` | (P,) | the seat has chosen its corporation |
| `tableau` | (P, N) | copies of each card in the seat's play area, its corporation included |
| `used` | (P, N) | the card's blue action was used |
| `private` | (3, N) | MY hand (copies), my dealt corporations, my corporation choice before the reveal |
| `discard` | (N,) | copies of each card in the discard pile |
| `bonus_stack` | (N + 1,) | the bonus cards in the stack once I have looked through it; last: I have |
| `area_tile` | (G, 4) | one-hot of the tile on each area: ocean, forest, city, special |
| `area_owner` | (G, P) | the relative seat that placed it (none: placed by nobody) |
| `awards` | (W, R) | one-hot of each award die's symbol, in the order rolled |
| `milestones` | (M, P + 2) | milestone in play: claimed by the relative seat, open, removed (solo timer) |

(*) the countdown: 1 once the last round has begun, then turns left / P.

Limits: a card is only named by its slot (the agent must learn what it does); a
decision is only known by its kind; the pending tasks beyond the decision are not
encoded. Sizes: 656, 835, 1,014 and 1,193 floats for one to four players.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ludoteca.core.encoding import Layout, SeatRelative, slot_of
from ludoteca.games.tm_dice.tasks import TILES

if TYPE_CHECKING:
    from ludoteca.games.tm_dice.game import TMDiceGame

DECISIONS = (
    "terminal", "roll", "draw", "deal", "stack", "award", "milestone", "corporation", "gift", "turn",
    "support", "main", "end", "discard", "bonus", "turn-die", "keep", "pay", "colour", "place", "other",
)
SEAT_NUMBERS = ("wild", "hand_size", "storage", "keep", "terraform", "vp_end", "bonus_pending")
PRODUCTION_KEYS = ("white", "wild", "vp")  # after the dice of each colour
TURN_SCALE = 100.0
OPEN = -1  # a milestone owner: unclaimed (-2: removed by the solo timer)
VP_SCALE = 50.0
SMALL_SCALE = 10.0
PRODUCTION_SCALE = 5.0


class TMDiceEncoder(SeatRelative):
    """See the module docstring for the layout."""

    def __init__(self, game: TMDiceGame) -> None:
        content = game.content
        self.players = p = game.num_players()
        self.colours = content.colours
        self.track_ids = tuple(track.id for track in content.parameters)
        self.resource_slot = {name: i for i, name in enumerate(content.resources)}
        self.card_slot = {card.id: card.index for card in content.cards}
        self.area_slot = {area.label: area.index for area in content.areas}
        self.milestone_slot = {m.id: i for i, m in enumerate(content.milestones)}
        self.dice_per_colour = content.dice_per_colour
        self.deck_size = max(1, sum(c.copies for c in content.cards[:content.n_projects]))
        self.bonus_size = max(1, game.bonus_stack_size)
        n, r, g = len(content.cards), len(content.resources), len(content.areas)
        m, w = len(content.milestones), game.awards_in_play
        self.symbols = {"P": p, "N": n, "R": r, "G": g, "M": m, "W": w}
        self.layout = Layout([
            ("current_player", (p + 2,), 1.0),
            ("turn_seat", (p,), 1.0),
            ("decision", (len(DECISIONS),), 1.0),
            ("counters", (6,), 10.0),
            ("parameters", (len(self.track_ids),), 1.0),
            ("pool", (len(self.colours),), 1.0),
            ("dice", (p, r), 1.0),
            ("points", (p, 2), 10.0),
            ("seat_numbers", (p, len(SEAT_NUMBERS)), 10.0),
            ("production", (p, len(self.colours) + len(PRODUCTION_KEYS)), 10.0),
            ("tiles", (p, len(TILES) - 1), 10.0),
            ("award_symbols", (p, w), 10.0),
            ("corporation_chosen", (p,), 1.0),
            ("tableau", (p, n), 10.0),
            ("used", (p, n), 10.0),
            ("private", (3, n), 10.0),
            ("discard", (n,), 10.0),
            ("bonus_stack", (n + 1,), 1.0),
            ("area_tile", (g, len(TILES) - 1), 1.0),
            ("area_owner", (g, p), 1.0),
            ("awards", (w, r), 1.0),
            ("milestones", (m, p + 2), 1.0),
        ])
        self._high = self.layout.high()

    def encode(self, observation: dict[str, Any], seat: int, out: np.ndarray | None = None) -> np.ndarray:
        vector, v = self.layout.scratch()
        n = self.players
        self._mark_current_player(v["current_player"], observation, seat)
        v["turn_seat"][self._rel(observation["turn_seat"], seat)] = 1.0
        v["decision"][slot_of(DECISIONS, observation["decision"])] = 1.0
        left = observation["turns_left"]
        v["counters"][:] = (observation["turn"] / TURN_SCALE, observation["deck_size"] / self.deck_size,
                            observation["bonus_stack_size"] / self.bonus_size, observation["end_triggered"],
                            left >= 0, max(left, 0) / n)
        tracks = observation["parameters"]
        v["parameters"][:] = [tracks[name]["step"] / tracks[name]["steps"] for name in self.track_ids]
        v["pool"][:] = [observation["pool"][colour] / self.dice_per_colour for colour in self.colours]
        scores = observation["scores"]
        for s, info in enumerate(observation["seats"]):
            r = self._rel(s, seat)
            self._encode_seat(info, r, v)
            v["points"][r] = (info["vp"] / VP_SCALE, scores[s] / VP_SCALE)
        self._encode_cards(observation, seat, v)
        for area in observation["board"]:
            a = self.area_slot[area["area"]]
            v["area_tile"][a, TILES.index(area["tile"]) - 1] = 1.0
            if area["seat"] >= 0:
                v["area_owner"][a, self._rel(area["seat"], seat)] = 1.0
        for k, symbol in enumerate(observation["awards"]):
            v["awards"][k, self.resource_slot[symbol]] = 1.0
        for milestone in observation["milestones"]:
            owner = milestone["owner"]
            column = self._rel(owner, seat) if owner >= 0 else (n if owner == OPEN else n + 1)
            v["milestones"][self.milestone_slot[milestone["id"]], column] = 1.0
        return self.layout.finish(vector, self._high, out)

    def _encode_seat(self, info: dict[str, Any], r: int, v: dict[str, np.ndarray]) -> None:
        dice = v["dice"][r]
        for face, count in info["dice"].items():
            dice[self.resource_slot[face]] = count / self.dice_per_colour
        v["seat_numbers"][r] = [info[key] / SMALL_SCALE for key in SEAT_NUMBERS]
        production = info["production"]
        amounts = [production["dice"].get(colour, 0) for colour in self.colours]
        amounts += [production[key] for key in PRODUCTION_KEYS]
        v["production"][r] = np.divide(amounts, PRODUCTION_SCALE)
        for tile, count in info["tiles"].items():
            v["tiles"][r, TILES.index(tile) - 1] = count / SMALL_SCALE
        v["award_symbols"][r, :len(info["award_symbols"])] = np.divide(info["award_symbols"], SMALL_SCALE)
        v["corporation_chosen"][r] = info["corporation_chosen"]

    def _encode_cards(self, observation: dict[str, Any], seat: int, v: dict[str, np.ndarray]) -> None:
        card = self.card_slot
        for s, info in enumerate(observation["seats"]):
            r = self._rel(s, seat)
            if info["corporation"] is not None:
                v["tableau"][r, card[info["corporation"]]] = 1.0
            for cid, count in info["cards"].items():
                v["tableau"][r, card[cid]] = count
            for cid, count in info["used"].items():
                v["used"][r, card[cid]] = count
        mine = observation["seats"][seat]
        private = v["private"]
        for cid, count in mine.get("hand", {}).items():
            private[0, card[cid]] = count
        for cid in mine.get("dealt_corporations", ()):
            private[1, card[cid]] = 1.0
        choice = mine.get("corporation_choice")
        if choice is not None:
            private[2, card[choice]] = 1.0
        for cid, count in observation["discard"].items():
            v["discard"][card[cid]] = count
        stack = observation.get("bonus_stack")
        if stack is not None:
            for cid in stack:
                v["bonus_stack"][card[cid]] = 1.0
            v["bonus_stack"][-1] = 1.0
