"""`TerraformingMarsEncoder.encode_state`: the encoder's vector read from the engine's fields.

The same vector as `encode(state.observation(seat), seat)` (the layout of
`encoder.py`; `tests/envs/test_encoder_fast.py` compares the two), kept per seat and
updated in place, without the JSON view (no hand details, standings or texts):

* every call writes the regions that change at almost every step: the one-hots
  `current_player` .. `decision` (cleared, five ones set), `solo` (solo games), and the
  numbers `counters` .. `seat_cards`: one list of raw integers (the VP from
  `vp_rows.VPRows`, whose parts are recomputed only when what they read changed),
  shifted, divided and clipped by numpy in the seat's float32 vector. The integers and
  shifts are exact in float32 and a float32 quotient of exact operands is the float32
  rounding of the float64 quotient the view's Python division gives (double rounding
  from 53 to 24 bits is harmless for a division), so the floats are the view's;
* the other blocks change seldom (`BLOCKS`: the tableaus, my private cards, the card
  revealed, the map, the milestones and awards, the draft) and each is one run of the
  vector, cleared and rebuilt only when the values it is read from differ from those of
  the seat's last call (compared by value, lists copied when kept; the board and the
  resources on cards by the state's change stamps, `TMState.board_stamp` and
  `card_res_stamp`, a new object at every change the engine makes and shared by
  clones: states may come in any order, clones included, but a state changed by hand
  must be given new stamps). Only the tableaus' resources and the draft can exceed
  their bounds, so only those runs are clipped when rebuilt; the other values are ones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ludoteca.core.encoding import player_slot, slot_of
from ludoteca.games.terraforming_mars.constants import NEUTRAL, PARAM_MAX, PRODUCTION_FLOOR, RESOURCES, TAGS
from ludoteca.games.terraforming_mars.draft import drafting, pack_held
from ludoteca.games.terraforming_mars.generation import PHASE_NAMES
from ludoteca.games.terraforming_mars.notation import decision_text
from ludoteca.games.terraforming_mars.views import draft_view
from ludoteca.games.terraforming_mars.vp_rows import VPRows

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.encoder import TerraformingMarsEncoder
    from ludoteca.games.terraforming_mars.game import TerraformingMarsGame
    from ludoteca.games.terraforming_mars.state import TMState

#: the one-hots and the numbers written at every call (each run lies end to end)
HEAD = ("current_player", "turn_seat", "first_player", "phase", "decision")
NUMBERS = ("counters", "parameters", "tr", "resources", "production", "tags", "vp", "seat_flags",
           "seat_cards")
#: the blocks rebuilt when what they read changed: each a run of segments end to end
BLOCKS = {"tableau": ("tableau", "card_resources", "actions_used"), "private": ("private",),
          "revealed": ("revealed",), "map": ("tile_type", "tile_owner", "claims"),
          "goals": ("milestones", "awards"), "draft": ("draft", "draft_pack", "draft_passed", "pack_size")}
TABLEAU, PRIVATE, REVEALED, MAP, GOALS, DRAFT = range(len(BLOCKS))


class StateEncoding:
    """One vector per seat, updated from the state (see the module docstring)."""

    def __init__(self, encoder: TerraformingMarsEncoder, game: TerraformingMarsGame) -> None:
        from ludoteca.games.terraforming_mars.encoder import (  # the layout's: encoder.py imports us
            COUNT_SCALE,
            DECISIONS,
            GENERATION_SCALE,
            PHASES,
            PILE_SCALE,
            PRODUCTION_SCALE,
            SMALL_SCALE,
            VP_KEYS,
            VP_SHIFT,
        )

        self.encoder = encoder
        self.players = p = encoder.players
        layout, high = encoder.layout, encoder.layout.high()
        index = layout.index
        self._high = high
        self._vectors = [layout.zeros() for _ in range(p)]
        self._views = [layout.views(vector) for vector in self._vectors]
        self._orders = [[(seat + r) % p for r in range(p)] for seat in range(p)]
        self._keys: list[list[tuple[Any, ...] | None]] = [[None] * len(BLOCKS) for _ in range(p)]
        self._runs = []
        for names in BLOCKS.values():
            if names[0] not in index:  # the draft's, without the variant
                self._runs.append((0, 0))
                continue
            start, stop = index[names[0]].offset, index[names[-1]].offset + index[names[-1]].size
            assert stop - start == sum(index[name].size for name in names), "a block lies end to end"
            self._runs.append((start, stop))
        self._draft = encoder.draft
        self._vp = VPRows(game)
        self._vp_width = len(VP_KEYS)
        self._decisions, self._terminal = DECISIONS, DECISIONS.index("terminal")
        self._decision_slots: dict[int, int] = {}  # kind of the frame on top -> `decision` slot
        self._head_at = [index[name].offset for name in HEAD[1:]]
        self._head_stop = index[HEAD[-1]].offset + index[HEAD[-1]].size
        self._phase_slots = {phase: slot_of(PHASES, name) for phase, name in enumerate(PHASE_NAMES)}
        self._other_phase = len(PHASES) - 1
        self._solo_at = index["solo"].offset
        self._private_at = index["private"].offset
        self._tableau_at = tuple(index[name].offset for name in BLOCKS["tableau"])
        self._map_at = tuple(index[name].offset for name in BLOCKS["map"])
        self._tile_kinds = index["tile_type"].shape[1]
        self._cards = len(game.cards)
        self._small_scale = SMALL_SCALE
        start = index[NUMBERS[0]].offset
        stop = index[NUMBERS[-1]].offset + index[NUMBERS[-1]].size
        assert stop - start == sum(index[name].size for name in NUMBERS), "NUMBERS lie end to end"
        nr, nt = len(RESOURCES), len(TAGS)
        shift: list[float] = [0.0] * (7 + p * (1 + nr)) + list(PRODUCTION_FLOOR) * p + [0.0] * (p * nt)
        shift += [-VP_SHIFT] * (p * len(VP_KEYS)) + [0.0] * (4 * p)
        scale = [GENERATION_SCALE, 2.0, PILE_SCALE, PILE_SCALE, *PARAM_MAX]
        scale += [COUNT_SCALE] * (p * (1 + nr)) + [PRODUCTION_SCALE] * (p * nr) + [SMALL_SCALE] * (p * nt)
        scale += [COUNT_SCALE] * (p * len(VP_KEYS)) + [1.0, 1.0] * p + [SMALL_SCALE, SMALL_SCALE] * p
        assert len(shift) == len(scale) == stop - start
        self._shift = np.array(shift, dtype=np.float32)
        self._scale = np.array(scale, dtype=np.float32)
        self._numbers_high = high[start:stop]
        self._numbers = [vector[start:stop] for vector in self._vectors]

    def encode(self, state: TMState, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """`seat`'s vector of `state`, copied into `out` (or a new vector), which is returned."""
        vector, keys = self._vectors[seat], self._keys[seat]
        self._head(state, seat, vector)
        numbers = self._numbers[seat]  # they change at 98% of the calls: no key to compare
        numbers[:] = self._raw_numbers(state, seat)
        numbers -= self._shift
        numbers /= self._scale
        np.minimum(numbers, self._numbers_high, out=numbers)
        np.maximum(numbers, 0.0, out=numbers)
        if state.solo:  # else `solo` stays 0
            solo = self._solo_at
            vector[solo] = vector[solo + 1] = 0.0
            if state.solo_won >= 0:
                vector[solo if state.solo_won else solo + 1] = 1.0
        key = keys[TABLEAU]
        if (key is None or key[0] != state.used or key[2] is not state.card_res_stamp
                or key[1] != state.played or key[3] != state.corp or key[4] != state.action_cards):
            keys[TABLEAU] = (state.used, state.played.copy(), state.card_res_stamp, state.corp.copy(),
                             state.action_cards.copy())
            self._tableau(state, seat, vector)
        key = keys[PRIVATE]
        private = (state.hand[seat], state.offer[seat], state.dealt[seat], state.corp_choice[seat])
        if key != private:
            keys[PRIVATE] = private
            self._private(private, vector)
        key = keys[REVEALED]
        if key is None or key[0] != state.revealed:
            keys[REVEALED] = (state.revealed,)
            self._clear(vector, REVEALED)
            if state.revealed >= 0:
                self._views[seat]["revealed"][state.revealed] = 1.0
        key = keys[MAP]
        if key is None or key[0] is not state.board_stamp:
            keys[MAP] = (state.board_stamp,)
            self._board(state, seat, vector)
        key = keys[GOALS]
        if key is None or key[0] != state.milestones or key[1] != state.awards:
            keys[GOALS] = (state.milestones.copy(), state.awards.copy())
            self._goals(state, seat, vector)
        if self._draft:
            draft = (state.generation, state.draft_round, state.packs, state.picks)
            if keys[DRAFT] != draft:
                keys[DRAFT] = (draft[0], draft[1], state.packs.copy(), draft[3])
                self._draft_block(state, seat, vector)
        if out is None:
            return vector.copy()
        out[:] = vector
        return out

    def _clear(self, vector: np.ndarray, block: int) -> None:
        start, stop = self._runs[block]
        vector[start:stop] = 0.0

    def _clip(self, vector: np.ndarray, start: int, stop: int) -> None:
        part = vector[start:stop]
        np.minimum(part, self._high[start:stop], out=part)
        np.maximum(part, 0.0, out=part)

    def _head(self, state: TMState, seat: int, vector: np.ndarray) -> None:
        """The one-hots `current_player`, `turn_seat`, `first_player`, `phase`, `decision`."""
        n = self.players
        at = self._head_at
        vector[:self._head_stop] = 0.0
        slot = player_slot(state.current_player(), seat, n)
        if slot is not None:
            vector[slot] = 1.0
        vector[at[0] + (state.turn - seat) % n] = 1.0
        vector[at[1] + (state.first - seat) % n] = 1.0
        vector[at[2] + self._phase_slots.get(state.phase, self._other_phase)] = 1.0
        vector[at[3] + self._decision_slot(state)] = 1.0

    def _decision_slot(self, state: TMState) -> int:
        """The `decision` slot: the kind `decision_text` names depends only on the kind of the
        frame on top of the stack, so it is asked once per frame kind."""
        if not state.stack:
            return self._terminal
        kind = state.stack[-1][0]
        slot = self._decision_slots.get(kind)
        if slot is None:
            slot = self._decision_slots[kind] = slot_of(self._decisions, decision_text(state, -1)[0])
        return slot

    def _raw_numbers(self, state: TMState, seat: int) -> list[Any]:
        """The raw values of `counters` .. `seat_cards` for `seat` (seats in relative order),
        before the shift, the scale and the clip."""
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
        v = seat * self._vp_width
        raw += vp[v:] + vp[:v]
        passed, choice, hand, offer = state.passed, state.corp_choice, state.hand, state.offer
        order = self._orders[seat]
        for s in order:
            raw += (passed >> s & 1, choice[s] >= 0)
        for s in order:
            raw += (len(hand[s]), len(offer[s]))
        return raw

    def _tableau(self, state: TMState, seat: int, vector: np.ndarray) -> None:
        """`tableau` (relative seats), `card_resources` / 10 and `actions_used`."""
        self._clear(vector, TABLEAU)
        tableau, resources, actions = self._tableau_at
        cards = self._cards
        card_res, used, corp = state.card_res, state.used, state.corp
        ones = []  # flat indices of the ones, then of the resources and their values
        at, values = [], []
        for r, s in enumerate(self._orders[seat]):
            base = tableau + r * cards
            if corp[s] >= 0:
                ones.append(base + corp[s])
            for c in state.played[s]:
                ones.append(base + c)
                if card_res[c]:
                    at.append(resources + c)
                    values.append(card_res[c] / self._small_scale)
            for c in state.action_cards[s]:
                if used >> c & 1:
                    ones.append(actions + c)
        vector[ones] = 1.0
        vector[at] = values
        start, stop = self._runs[TABLEAU]
        self._clip(vector, start, stop)

    def _private(self, private: tuple[Any, ...], vector: np.ndarray) -> None:
        """`private`: my hand, offer, dealt corporations (rows 0-2), chosen corporation (row 3)."""
        self._clear(vector, PRIVATE)
        at, c = self._private_at, self._cards
        for k, cards in enumerate(private[:3]):
            base = at + k * c
            for card in cards:
                vector[base + card] = 1.0
        if private[3] >= 0:
            vector[at + 3 * c + private[3]] = 1.0

    def _board(self, state: TMState, seat: int, vector: np.ndarray) -> None:
        """`tile_type`, `tile_owner` (relative seat, then neutral) and `claims`."""
        self._clear(vector, MAP)
        n = self.players
        types, owners_at, claims_at = self._map_at
        kinds = self._tile_kinds
        ones = []  # flat indices of the ones, set in one numpy step
        owners = state.owner
        for space, k in enumerate(state.tiles):
            if k:
                ones.append(types + space * kinds + k - 1)
                owner = owners[space]
                if owner >= NEUTRAL:
                    ones.append(owners_at + space * (n + 1) + n)
                elif owner >= 0:
                    ones.append(owners_at + space * (n + 1) + (owner - seat) % n)
        for space, owner in enumerate(state.claims):
            if owner >= 0:
                ones.append(claims_at + space * n + (owner - seat) % n)
        vector[ones] = 1.0

    def _goals(self, state: TMState, seat: int, vector: np.ndarray) -> None:
        """`milestones` and `awards`: claimed / funded by the relative seat."""
        self._clear(vector, GOALS)
        n, v = self.players, self._views[seat]
        for name, owners in (("milestones", state.milestones), ("awards", state.awards)):
            for g, owner in enumerate(owners):
                if owner >= 0:
                    v[name][g, (owner - seat) % n] = 1.0

    def _draft_block(self, state: TMState, seat: int, vector: np.ndarray) -> None:
        """The draft's segments, as the view-based encoder writes them from `draft_view`."""
        self._clear(vector, DRAFT)
        on = drafting(state)
        packs = state.packs
        sizes = [{"pack_size": len(packs[pack_held(state, s)]) if on else 0} for s in range(self.players)]
        self.encoder._encode_draft(draft_view(state, seat), sizes, seat, self._views[seat])
        start, stop = self._runs[DRAFT]
        self._clip(vector, start, stop)


__all__ = ["BLOCKS", "HEAD", "NUMBERS", "StateEncoding"]
