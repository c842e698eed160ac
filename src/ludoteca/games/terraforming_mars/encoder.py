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
instead of the JSON view (no hand details, standings or texts are built): what the
environments call. The one-hots of the turn and the numbers (`counters` .. `seat_cards`)
are written at every call, the numbers as one numpy pass over a list of raw integers
(the VP from `vp_rows.VPRows`, whose parts are recomputed only when what they read
changed); the other blocks of segments are rebuilt only when what they are read from
changed since the seat's last call (`core.encoding.SeatBlocks`). The view-based
`encode` stays the reference (tests compare the two on many random states).

Limits: card effects are only named by the card's slot (the agent must learn what
each card does); a decision is only known by its kind, not by its options (those
are the legal actions). Sizes: 2,925, 3,319, 3,713, 4,107 and 4,501 floats for
one to five players.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ludoteca.core.encoding import Layout, SeatBlocks, SeatRelative, player_slot, slot_of
from ludoteca.games.terraforming_mars.constants import (
    NEUTRAL,
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
from ludoteca.games.terraforming_mars.draft import drafting, pack_held
from ludoteca.games.terraforming_mars.generation import PHASE_NAMES
from ludoteca.games.terraforming_mars.notation import decision_text
from ludoteca.games.terraforming_mars.views import draft_view
from ludoteca.games.terraforming_mars.vp_rows import VPRows

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
#: the one-hots and the numbers `encode_state` writes at every call (each run lies end to end)
HEAD = ("current_player", "turn_seat", "first_player", "phase", "decision")
NUMBERS = ("counters", "parameters", "tr", "resources", "production", "tags", "vp", "seat_flags",
           "seat_cards")


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
        self._orders = [[(seat + r) % p for r in range(p)] for seat in range(p)]
        self._decision_slots: dict[int, int] = {}  # kind of the frame on top -> `decision` slot
        self._vp = VPRows(game)
        blocks = {  # "live" is written at every call, never through `stale`
            "live": (*HEAD, *NUMBERS, "solo"),
            "tableau": ("tableau", "card_resources", "actions_used"),
            "private": ("private",),
            "revealed": ("revealed",),
            "map": ("tile_type", "tile_owner", "claims"),
            "goals": ("milestones", "awards"),
        }
        if self.draft:
            blocks["draft"] = ("draft", "draft_pack", "draft_passed", "pack_size")
        self._blocks = SeatBlocks(self.layout, p, blocks)
        self._init_live()

    def _init_live(self) -> None:
        """Offsets of the one-hots `HEAD`, and `NUMBERS`' shift, scale and bound per value."""
        p, index = self.players, self.layout.index
        self._head_at = [index[name].offset for name in HEAD[1:]]
        self._head_stop = index[HEAD[-1]].offset + index[HEAD[-1]].size
        self._phase_slots = {phase: slot_of(PHASES, name) for phase, name in enumerate(PHASE_NAMES)}
        self._solo_at = index["solo"].offset
        self._numbers_start = start = index[NUMBERS[0]].offset
        self._numbers_stop = stop = index[NUMBERS[-1]].offset + index[NUMBERS[-1]].size
        assert stop - start == sum(index[name].size for name in NUMBERS), "NUMBERS lie end to end"
        shift: list[float] = [0.0] * (7 + p * (1 + 2 * len(RESOURCES) + len(TAGS)))
        shift[7 + p * (1 + len(RESOURCES)):7 + p * (1 + 2 * len(RESOURCES))] = list(PRODUCTION_FLOOR) * p
        shift += [-VP_SHIFT] * (p * len(VP_KEYS)) + [0.0] * (4 * p)
        scale = [GENERATION_SCALE, 2.0, PILE_SCALE, PILE_SCALE, *PARAM_MAX]
        scale += [COUNT_SCALE] * (p * (1 + len(RESOURCES))) + [PRODUCTION_SCALE] * (p * len(RESOURCES))
        scale += [SMALL_SCALE] * (p * len(TAGS)) + [COUNT_SCALE] * (p * len(VP_KEYS))
        scale += [1.0, 1.0] * p + [SMALL_SCALE, SMALL_SCALE] * p
        assert len(shift) == len(scale) == stop - start
        self._shift = np.array(shift, dtype=np.float32)
        self._scale = np.array(scale, dtype=np.float32)
        self._numbers_high = self._high[start:stop]
        self._numbers = [self._blocks.vector(seat)[start:stop] for seat in range(p)]
        self._last_raw: list[list[Any] | None] = [None] * p

    def encode_state(self, state: TMState, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """`encode(state.observation(seat), seat, out)`, read from the state's fields (see the
        module docstring).

        Every call writes the two regions that change at almost every step: the one-hots
        `current_player` .. `decision` (cleared, five ones set) and the numbers `counters` ..
        `seat_cards` (one list of raw integers, shifted, divided and clipped by numpy in the
        seat's float32 vector: the integers and shifts are exact in float32, and a float32
        quotient of exact operands is the float32 rounding of the float64 quotient the view's
        Python division gives (double rounding is harmless for a division from 53 to 24
        bits); skipped when the list equals the seat's last one). The other blocks, which
        change seldom, are rebuilt only when what they read changed since the seat's last
        call (`core.encoding.SeatBlocks`, keys compared by value)."""
        blocks = self._blocks
        vector = blocks.vector(seat)
        n = self.players
        order = self._orders[seat]
        self._encode_head(state, seat, vector)
        raw = self._raw_numbers(state, seat)
        if raw != self._last_raw[seat]:
            self._last_raw[seat] = raw
            numbers = self._numbers[seat]
            numbers[:] = raw
            numbers -= self._shift
            numbers /= self._scale
            np.minimum(numbers, self._numbers_high, out=numbers)
            np.maximum(numbers, 0.0, out=numbers)
        solo = self._solo_at
        vector[solo] = vector[solo + 1] = 0.0
        if state.solo and state.solo_won >= 0:
            vector[solo if state.solo_won else solo + 1] = 1.0
        v = blocks.views[seat]
        if blocks.stale(seat, "tableau", (state.corp, state.played, state.card_res, state.used,
                                          state.action_cards)):
            self._encode_tableau(state, order, v)
        private = (state.hand[seat], state.offer[seat], state.dealt[seat], state.corp_choice[seat])
        if blocks.stale(seat, "private", private):
            target = v["private"]
            for k, cards in enumerate(private[:3]):
                for c in cards:
                    target[k, c] = 1.0
            if private[3] >= 0:
                target[3, private[3]] = 1.0
        if blocks.stale(seat, "revealed", (state.revealed,)) and state.revealed >= 0:
            v["revealed"][state.revealed] = 1.0
        if blocks.stale(seat, "map", (state.tiles, state.owner, state.claims)):
            self._encode_board(state, seat, v)
        if blocks.stale(seat, "goals", (state.milestones, state.awards)):
            for name, owners in (("milestones", state.milestones), ("awards", state.awards)):
                for g, owner in enumerate(owners):
                    if owner >= 0:
                        v[name][g, (owner - seat) % n] = 1.0
        if self.draft and blocks.stale(seat, "draft", (state.generation, state.draft_round, state.packs,
                                                       state.picks)):
            on = drafting(state)
            sizes = [{"pack_size": len(state.packs[pack_held(state, s)]) if on else 0} for s in range(n)]
            self._encode_draft(draft_view(state, seat), sizes, seat, v)
        return blocks.result(seat, out)

    def _encode_head(self, state: TMState, seat: int, vector: np.ndarray) -> None:
        """The one-hots `current_player`, `turn_seat`, `first_player`, `phase`, `decision`."""
        n = self.players
        at = self._head_at
        vector[:self._head_stop] = 0.0
        slot = player_slot(state.current_player(), seat, n)
        if slot is not None:
            vector[slot] = 1.0
        vector[at[0] + (state.turn - seat) % n] = 1.0
        vector[at[1] + (state.first - seat) % n] = 1.0
        vector[at[2] + self._phase_slots.get(state.phase, len(PHASES) - 1)] = 1.0
        vector[at[3] + self._decision_slot(state)] = 1.0

    def _raw_numbers(self, state: TMState, seat: int) -> list[Any]:
        """The raw values of `counters` .. `seat_cards` for `seat` (seats in relative order),
        before `_shift`, `_scale` and the clip."""
        b = seat * len(RESOURCES)
        t = seat * len(TAGS)
        tr, res, prod, tags, params = state.tr, state.res, state.prod, state.tags, state.params
        # the parameters' steps: the temperature's (value - start) / step is its steps exactly
        raw: list[Any] = [state.generation, state.taken, len(state.deck), len(state.discard),
                          params[0], params[1], params[2]]
        raw += tr[seat:] + tr[:seat]
        raw += res[b:] + res[:b]
        raw += prod[b:] + prod[:b]
        raw += tags[t:] + tags[:t]
        vp = self._vp.rows(state)
        raw += vp[seat * len(VP_KEYS):] + vp[:seat * len(VP_KEYS)]
        passed, choice, hand, offer = state.passed, state.corp_choice, state.hand, state.offer
        for s in self._orders[seat]:
            raw += (passed >> s & 1, choice[s] >= 0)
        for s in self._orders[seat]:
            raw += (len(hand[s]), len(offer[s]))
        return raw

    def _decision_slot(self, state: TMState) -> int:
        """The `decision` slot: the kind `decision_text` names depends only on the kind of the
        frame on top of the stack, so it is asked once per frame kind."""
        if not state.stack:
            return DECISIONS.index("terminal")
        kind = state.stack[-1][0]
        slot = self._decision_slots.get(kind)
        if slot is None:
            slot = self._decision_slots[kind] = slot_of(DECISIONS, decision_text(state, -1)[0])
        return slot

    def _encode_tableau(self, state: TMState, order: list[int], v: dict[str, np.ndarray]) -> None:
        card_res, used = state.card_res, state.used
        resources, actions = v["card_resources"], v["actions_used"]
        for r, s in enumerate(order):
            tableau = v["tableau"][r]
            if state.corp[s] >= 0:
                tableau[state.corp[s]] = 1.0
            for c in state.played[s]:
                tableau[c] = 1.0
                if card_res[c]:
                    resources[c] = card_res[c] / SMALL_SCALE
            for c in state.action_cards[s]:
                if used >> c & 1:
                    actions[c] = 1.0

    def _encode_board(self, state: TMState, seat: int, v: dict[str, np.ndarray]) -> None:
        n = self.players
        tile_type, tile_owner = v["tile_type"], v["tile_owner"]
        owners = state.owner
        for space, k in enumerate(state.tiles):
            if k:
                tile_type[space, k - 1] = 1.0
                owner = owners[space]
                if owner >= NEUTRAL:
                    tile_owner[space, n] = 1.0
                elif owner >= 0:
                    tile_owner[space, (owner - seat) % n] = 1.0
        for space, owner in enumerate(state.claims):
            if owner >= 0:
                v["claims"][space, (owner - seat) % n] = 1.0

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
