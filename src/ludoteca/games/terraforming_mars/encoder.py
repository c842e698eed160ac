"""Terraforming Mars's numeric observation: parameters, every seat's tableau and the map.

Built only from `state.observation(seat)` (what the seat may see: its own hand,
offer and dealt corporations, and everything public) and the game's fixed data
(the card list, the Tharsis spaces, the milestones and awards). Seats are RELATIVE
to the observing seat: relative seat r is absolute seat `(seat + r) % P`, so r = 0
is always "me". Keys the encoder does not know are ignored, and optional keys
(`claims`, `solo`, a seat's private part) may be missing, so the draft variant and
later additions to the observation leave the layout valid.

The vector is these segments, end to end (P players; C = 221, every card of the
game's card list `game.cards`, corporations included, whether or not the options
put it in play; S = 63 spaces, `01` and `02` off the map; M = 5 milestones, A = 5
awards):

| segment | shape | content |
| --- | --- | --- |
| `current_player` | (P + 2,) | one-hot: relative seat to decide, then chance, then terminal |
| `turn_seat` | (P,) | one-hot: relative seat whose turn it is in the action phase |
| `first_player` | (P,) | one-hot: relative seat of this generation's first player |
| `phase` | (6,) | one-hot of `PHASES`; the last slot is any other phase |
| `decision` | (22,) | one-hot of the pending decision's kind (`DECISIONS`); the last slot is any other |
| `counters` | (4,) | generation / 10, actions taken this turn / 2, deck size / 100, discard size / 100 |
| `parameters` | (3,) | temperature, oxygen, oceans: steps made / steps to the goal |
| `tr` | (P,) | terraform rating / 50 |
| `resources` | (P, 6) | M€, steel, titanium, plants, energy, heat / 50 |
| `production` | (P, 6) | (production − lowest allowed) / 10; the floor is −5 for M€, 0 for the others |
| `tags` | (P, 10) | tags in play, in the order of `constants.TAGS`, / 10 |
| `vp` | (P, 7) | (VP + 10) / 50 for TR, milestones, awards, greenery, city, cards, total (`VP_KEYS`) |
| `seat_flags` | (P, 2) | passed this generation, corporation chosen |
| `seat_cards` | (P, 2) | hand size / 10, offer size / 10 |
| `tableau` | (P, C) | multi-hot: the seat's corporation and played cards (events included) |
| `card_resources` | (C,) | resources on each card in play / 10 |
| `actions_used` | (C,) | the card's action was used this generation |
| `private` | (4, C) | MY hand, offer (research or starting cards), dealt corporations, chosen one |
| `revealed` | (C,) | one-hot of the last card revealed from the deck |
| `tile_type` | (S, 14) | one-hot of the tile on each space (`constants.TILES` without "empty") |
| `tile_owner` | (S, P + 1) | the tile's owner: relative seat, then the solo game's neutral player |
| `claims` | (S, P) | the space is reserved by the relative seat's Land Claim |
| `milestones` | (M, P) | milestone m was claimed by the relative seat |
| `awards` | (A, P) | award a was funded by the relative seat |
| `solo` | (2,) | the solo game was won, was lost |

Oceans have no owner (their `tile_owner` row is all 0). With the draft variant
(`draft=True`), then:

| segment | shape | content |
| --- | --- | --- |
| `draft` | (3,) | draft round / 4 (0 when not drafting); packs go to the next seat; to the previous |
| `draft_pack` | (C,) | multi-hot: the pack I hold |
| `draft_passed` | (C,) | the cards I passed on this generation (every pack I held, after my pick) |
| `pack_size` | (P,) | cards in the pack the relative seat holds / 4 |

`encode_state(state, seat, out)` is the same vector read from the engine's own fields
instead of the JSON view (`encoder_state.StateEncoding`: one vector per seat, the
turn's one-hots and the numbers written at every call, the other blocks rebuilt only
when what they read changed): what the environments call. The view-based `encode`
stays the reference (tests compare the two on many random states).

Limits: card effects are only named by the card's slot (the agent must learn what
each card does); a decision is only known by its kind, not by its options (those
are the legal actions). Sizes: 2,925, 3,319, 3,713, 4,107 and 4,501 floats for
one to five players.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ludoteca.core.encoding import Layout, SeatRelative, slot_of
from ludoteca.games.terraforming_mars.constants import (
    PARAM_MAX,
    PARAMS,
    PRODUCTION_FLOOR,
    RESOURCES,
    TAG_INDEX,
    TAGS,
    TEMPERATURE_START,
    TEMPERATURE_STEP,
    TILE_INDEX,
    TILES,
)
from ludoteca.games.terraforming_mars.encoder_state import StateEncoding

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.game import TerraformingMarsGame
    from ludoteca.games.terraforming_mars.state import TMState

PHASES = ("setup", "research", "action", "final", "over", "other")
DECISIONS = (
    "terminal", "draw", "deal", "reveal", "action", "corporation", "draft", "research", "pay", "discard",
    "keep", "claim-space", "copy", "place", "target", "player", "option", "yesno", "amount", "sell", "final",
    "other",
)
VP_KEYS = ("tr", "milestones", "awards", "greenery", "city", "cards", "total")
PRIVATE_KEYS = ("hand", "offer", "dealt_corporations", "chosen_corporation")
GENERATION_SCALE = 10.0
COUNT_SCALE = 50.0
PRODUCTION_SCALE = 10.0
VP_SHIFT = 10.0
SMALL_SCALE = 10.0
PILE_SCALE = 100.0
DRAFT_CARDS = 4  # cards drawn into each draft pack


class TerraformingMarsEncoder(SeatRelative):
    """See the module docstring for the layout."""

    def __init__(self, game: TerraformingMarsGame) -> None:
        self.players = p = game.num_players()
        self.card_slot: dict[str, int] = dict(game.card_ids)
        c = len(game.cards)
        self.space_slot: dict[str, int] = dict(game.mars.by_id)
        s = len(game.mars.spaces)
        self.milestone_slot = {g.id: i for i, g in enumerate(game.rules.milestones)}
        self.award_slot = {g.id: i for i, g in enumerate(game.rules.awards)}
        self.symbols = {"P": p, "C": c, "S": s, "M": len(self.milestone_slot), "A": len(self.award_slot)}
        segments: list[tuple[str, tuple[int, ...], float]] = [
            ("current_player", (p + 2,), 1.0),
            ("turn_seat", (p,), 1.0),
            ("first_player", (p,), 1.0),
            ("phase", (len(PHASES),), 1.0),
            ("decision", (len(DECISIONS),), 1.0),
            ("counters", (4,), 10.0),
            ("parameters", (len(PARAMS),), 1.0),
            ("tr", (p,), 10.0),
            ("resources", (p, len(RESOURCES)), 20.0),
            ("production", (p, len(RESOURCES)), 10.0),
            ("tags", (p, len(TAGS)), 10.0),
            ("vp", (p, len(VP_KEYS)), 10.0),
            ("seat_flags", (p, 2), 1.0),
            ("seat_cards", (p, 2), 10.0),
            ("tableau", (p, c), 1.0),
            ("card_resources", (c,), 10.0),
            ("actions_used", (c,), 1.0),
            ("private", (len(PRIVATE_KEYS), c), 1.0),
            ("revealed", (c,), 1.0),
            ("tile_type", (s, len(TILES) - 1), 1.0),
            ("tile_owner", (s, p + 1), 1.0),
            ("claims", (s, p), 1.0),
            ("milestones", (len(self.milestone_slot), p), 1.0),
            ("awards", (len(self.award_slot), p), 1.0),
            ("solo", (2,), 1.0),
        ]
        self.draft = bool(game.options.get("draft"))
        if self.draft:
            segments += [
                ("draft", (3,), 1.0),
                ("draft_pack", (c,), 1.0),
                ("draft_passed", (c,), 1.0),
                ("pack_size", (p,), 1.0),
            ]
        self.layout = Layout(segments)
        self._high = self.layout.high()
        assert all(self.card_slot[card.id] == i for i, card in enumerate(game.cards))
        assert all(self.space_slot[space.id] == i for i, space in enumerate(game.mars.spaces))
        assert all(TILE_INDEX[name] == k for k, name in enumerate(TILES))
        self._state_encoding = StateEncoding(self, game)

    def encode_state(self, state: TMState, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """`encode(state.observation(seat), seat, out)`, read from the state's fields and kept
        per seat, updated where what it reads changed (`encoder_state.StateEncoding`)."""
        return self._state_encoding.encode(state, seat, out)

    def encode(self, observation: dict[str, Any], seat: int, out: np.ndarray | None = None) -> np.ndarray:
        vector, v = self.layout.scratch()
        self._mark_current_player(v["current_player"], observation, seat)
        v["turn_seat"][self._rel(observation["turn"], seat)] = 1.0
        v["first_player"][self._rel(observation["first_player"], seat)] = 1.0
        v["phase"][slot_of(PHASES, observation["phase"])] = 1.0
        v["decision"][slot_of(DECISIONS, observation["decision"]["kind"])] = 1.0
        v["counters"][:] = (observation["generation"] / GENERATION_SCALE, observation["actions_taken"] / 2,
                            observation["deck_size"] / PILE_SCALE, observation["discard_size"] / PILE_SCALE)
        params = observation["parameters"]
        temperature = (params[PARAMS[0]] - TEMPERATURE_START) / TEMPERATURE_STEP
        v["parameters"][:] = np.divide((temperature, params[PARAMS[1]], params[PARAMS[2]]), PARAM_MAX)
        for s, info in enumerate(observation["players_info"]):
            self._encode_seat(info, self._rel(s, seat), v)
        for s, row in enumerate(observation["vp"]):
            r = self._rel(s, seat)
            v["vp"][r] = [(row.get(key, 0) + VP_SHIFT) / COUNT_SCALE for key in VP_KEYS]
        mine = observation["players_info"][seat]
        for k, key in enumerate(PRIVATE_KEYS):
            ids = mine.get(key)
            for cid in ([ids] if isinstance(ids, str) else ids or ()):
                v["private"][k, self.card_slot[cid]] = 1.0
        revealed = observation.get("revealed")
        if revealed is not None:
            v["revealed"][self.card_slot[revealed]] = 1.0
        self._encode_map(observation, seat, v)
        for name, index in (("milestones", self.milestone_slot), ("awards", self.award_slot)):
            for gid, owner in observation[name].items():
                if owner is not None:
                    v[name][index[gid], self._rel(owner, seat)] = 1.0
        draft = observation.get("draft")
        if self.draft and draft is not None:
            self._encode_draft(draft, observation["players_info"], seat, v)
        solo = observation.get("solo")
        if solo is not None and solo.get("won") is not None:
            v["solo"][0 if solo["won"] else 1] = 1.0
        return self.layout.finish(vector, self._high, out)

    def _encode_seat(self, info: dict[str, Any], r: int, v: dict[str, np.ndarray]) -> None:
        card = self.card_slot
        v["tr"][r] = info["tr"] / COUNT_SCALE
        v["resources"][r] = [info["resources"][name] / COUNT_SCALE for name in RESOURCES]
        v["production"][r] = [(info["production"][name] - floor) / PRODUCTION_SCALE
                              for name, floor in zip(RESOURCES, PRODUCTION_FLOOR, strict=True)]
        for tag, count in info["tags"].items():
            v["tags"][r, TAG_INDEX[tag]] = count / SMALL_SCALE
        v["seat_flags"][r] = (info["passed"], info["corporation_chosen"])
        v["seat_cards"][r] = (info["hand_size"] / SMALL_SCALE, info["offer_size"] / SMALL_SCALE)
        tableau = v["tableau"][r]
        if info["corporation"] is not None:
            tableau[card[info["corporation"]]] = 1.0
        for cid in info["played"]:
            tableau[card[cid]] = 1.0
        for cid, count in info["card_resources"].items():
            v["card_resources"][card[cid]] = count / SMALL_SCALE
        for cid in info["actions_used"]:
            v["actions_used"][card[cid]] = 1.0

    def _encode_draft(self, draft: dict[str, Any], players_info: list[dict[str, Any]], seat: int,
                      v: dict[str, np.ndarray]) -> None:
        card = self.card_slot
        v["draft"][0] = (draft.get("round") or 0) / DRAFT_CARDS
        way = {"next": 1, "previous": 2}.get(draft.get("direction", ""))
        if way is not None:
            v["draft"][way] = 1.0
        for cid in draft.get("pack", ()):
            v["draft_pack"][card[cid]] = 1.0
        for cards in draft.get("passed", ()):
            for cid in cards:
                v["draft_passed"][card[cid]] = 1.0
        for s, info in enumerate(players_info):
            v["pack_size"][self._rel(s, seat)] = info.get("pack_size", 0) / DRAFT_CARDS

    def _encode_map(self, observation: dict[str, Any], seat: int, v: dict[str, np.ndarray]) -> None:
        n = self.players
        for tile in observation["board"]:
            space = self.space_slot[tile["space"]]
            v["tile_type"][space, TILE_INDEX[tile["tile"]] - 1] = 1.0
            owner = tile["owner"]
            if owner == "neutral":
                v["tile_owner"][space, n] = 1.0
            elif owner is not None:
                v["tile_owner"][space, self._rel(owner, seat)] = 1.0
        for space_id, owner in observation.get("claims", {}).items():
            v["claims"][self.space_slot[space_id], self._rel(owner, seat)] = 1.0
