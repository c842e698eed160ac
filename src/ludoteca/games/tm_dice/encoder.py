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

`encode_state(state, seat, out)` is the same vector read from the engine's own fields
(whole blocks at a time, the award symbols as one matrix product) instead of the JSON
view, each block rebuilt only when its inputs changed since the seat's last call
(`core.encoding.SeatBlocks`): what the environments call. The view-based `encode` stays the reference (tests
compare the two on many random states).

Limits: a card is only named by its slot (the agent must learn what it does); a
decision is only known by its kind; the pending tasks beyond the decision are not
encoded. Sizes: 656, 835, 1,014 and 1,193 floats for one to four players.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from ludoteca.core.encoding import Layout, SeatRelative, player_slot, slot_of
from ludoteca.games.tm_dice import views
from ludoteca.games.tm_dice.base import (
    C_BONUS_PENDING,
    C_BONUS_SEEN,
    C_PROD,
    C_STORAGE,
    C_TERRAFORM,
    C_TILES,
    C_VP_END,
    C_WIDTH,
)
from ludoteca.games.tm_dice.tasks import TILES

if TYPE_CHECKING:
    from ludoteca.games.tm_dice.game import TMDiceGame
    from ludoteca.games.tm_dice.state import TMDiceState

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
#: `encode_state`'s memo of one seat: what each block was last built from
M_TURN, M_PARAMS, M_POOL, M_DICE, M_SEATS, M_TABLEAU, M_USED, M_PRIVATE, M_PILES, M_BOARD, M_GOALS = range(11)
MEMO_SLOTS = 11


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
        self._fast_setup(game)

    def _fast_setup(self, game: TMDiceGame) -> None:
        """What `encode_state` reads the state with: slots as positions (checked), per-seat
        orders and the cost-icon matrix of the award symbols."""
        content = game.content
        assert all(card.index == i for i, card in enumerate(content.cards))
        assert all(area.index == i for i, area in enumerate(content.areas))
        assert list(self.resource_slot.values()) == list(range(len(content.resources)))
        p = self.players
        self._orders = [[(seat + r) % p for r in range(p)] for seat in range(p)]
        self._tracks = [(track.index, track.steps) for track in content.parameters]
        head = ("current_player", "turn_seat", "decision", "counters", "parameters", "pool")
        assert [s.name for s in self.layout.segments[:len(head)]] == list(head)
        self._head = [0.0] * sum(self.layout.index[name].size for name in head)
        icons = np.zeros((len(content.cards), len(content.resources)), dtype=np.int64)
        for c in game.costed_cards:
            icons[c] = game.cost_icon_counts[c]
        self._icons = icons
        self._keep_dice = game.keep_dice
        self._milestone_rows = [self.milestone_slot[m.id] for m in content.milestones]
        self._decision_slots: dict[int, int] = {}  # task kind on top of the stack -> `decision` slot
        index = self.layout.index
        self._head_size = len(self._head)
        self._counters_at = sum(index[name].size for name in head[:3])
        self._dice_at = (index["dice"].offset, index["dice"].offset + index["dice"].size)
        self._seats_at = (index["points"].offset, index["tiles"].offset + index["tiles"].size)
        seats = ["points", "seat_numbers", "production", "tiles"]
        assert [s.name for s in self.layout.segments[7:11]] == seats
        self._chosen_at = (index["corporation_chosen"].offset, index["corporation_chosen"].offset + p)
        self._vectors = [self.layout.zeros() for _ in range(p)]
        self._views = [self.layout.views(vector) for vector in self._vectors]
        self._memo: list[list[Any]] = [[None] * MEMO_SLOTS for _ in range(p)]

    def encode_state(self, state: TMDiceState, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """`encode(state.observation(seat), seat, out)`, read from the state's fields.

        One vector per seat; each block of segments is rebuilt only when what it is read
        from differs from what it was read from at the seat's last call (`memo`: copies
        of the state's lists, compared by value, so any state may come in any order).
        The frequent blocks (turn, dice, seats) are written as whole slices of Python
        floats, clipped to their bounds in Python only when a value lies outside them;
        the others are clipped by numpy over their own segments when rebuilt."""
        memo, vector, v = self._memo[seat], self._vectors[seat], self._views[seat]
        player = state.current_player()
        kind = -1 if state._over else state._stack[-1][0]
        turn = (player, kind, state._seat, state._turn, state._deck_size, state._bonus_size,
                state._triggered, state._turns_left)
        params, pool = state._params, state._pool
        if turn != memo[M_TURN] or params != memo[M_PARAMS] or pool != memo[M_POOL]:
            memo[M_TURN], memo[M_PARAMS], memo[M_POOL] = turn, params.copy(), pool.copy()
            self._write_turn(state, seat, player, vector)
        dice = state._dice
        if dice != memo[M_DICE]:
            memo[M_DICE] = dice.copy()
            at, per_colour = seat * len(self.resource_slot), self.dice_per_colour  # relative seats in order
            values = [x / per_colour for x in dice[at:] + dice[:at]]
            if max(dice) > per_colour or min(dice) < 0:
                values = _bounded(values, 1.0)
            start, stop = self._dice_at
            vector[start:stop] = values
        seats = (state._vp, state._counts, state._wild, state._hand, state._corp_choice, state._ms_owner,
                 state._final)
        if seats != memo[M_SEATS]:
            memo[M_SEATS] = _copied(seats)
            self._write_seats(state, self._orders[seat], vector)
        cards = state._game.n_cards
        tableau = (state._tableau, state._corp, state._awards)
        if tableau != memo[M_TABLEAU]:
            memo[M_TABLEAU] = _copied(tableau)
            self._write_tableau(state, seat, v)
        used = state._used
        if used != memo[M_USED]:
            memo[M_USED] = used.copy()
            v["used"].reshape(-1)[:] = _rotated(used, seat * cards)
            _clip(v["used"], 10.0)
        projects = state._game.content.n_projects
        hand = state._hand[seat * projects:(seat + 1) * projects]
        private = (hand, state._dealt[seat], state._corp[seat], state._corp_choice[seat])
        if private != memo[M_PRIVATE]:
            memo[M_PRIVATE] = private  # its hand is a slice made for this call
            self._write_private(private, v["private"], projects)
        seen = state._counts[seat * C_WIDTH + C_BONUS_SEEN]
        piles = (state._discard, seen, state._bonus)
        if piles != memo[M_PILES]:
            memo[M_PILES] = _copied(piles)
            self._write_piles(state, seen, v)
        board = (state._board, state._board_seat)
        if board != memo[M_BOARD]:
            memo[M_BOARD] = _copied(board)
            self._write_board(state, seat, v)
        goals = (state._awards, state._milestones, state._ms_owner)
        if goals != memo[M_GOALS]:
            memo[M_GOALS] = _copied(goals)
            self._write_goals(state, seat, v)
        if out is None:
            return vector.copy()
        out[:] = vector
        return out

    def _write_turn(self, state: TMDiceState, seat: int, player: int, vector: np.ndarray) -> None:
        """`current_player`, `turn_seat`, `decision`, `counters`, `parameters`, `pool`: the
        layout's head, written as one slice."""
        n = self.players
        head = self._head.copy()
        slot = player_slot(player, seat, n)
        if slot is not None:
            head[slot] = 1.0
        head[n + 2 + (state._seat - seat) % n] = 1.0
        head[n + 2 + n + self._decision_slot(state)] = 1.0
        left = state._turns_left
        counters = [(state._turn + 1) / TURN_SCALE, state._deck_size / self.deck_size,
                    state._bonus_size / self.bonus_size, state._triggered, left >= 0, max(left, 0) / n]
        params, per_colour = state._params, self.dice_per_colour
        shares = [*[params[i] / steps for i, steps in self._tracks], *[x / per_colour for x in state._pool]]
        head[self._counters_at:] = [*_bounded(counters, 10.0), *_bounded(shares, 1.0)]
        vector[:self._head_size] = head

    def _write_seats(self, state: TMDiceState, order: list[int], vector: np.ndarray) -> None:
        """`points`, `seat_numbers`, `production`, `tiles` (one slice, all bounded by 10) and
        `corporation_chosen` of every seat, in relative order."""
        scores = state.scores()
        vp, wild, counts, hand = state._vp, state._wild, state._counts, state._hand
        projects, keep = state._game.content.n_projects, self._keep_dice
        points: list[float] = []
        numbers: list[float] = []
        production: list[float] = []
        tiles: list[float] = []
        for s in order:
            cb = s * C_WIDTH
            storage = counts[cb + C_STORAGE]
            points += (vp[s] / VP_SCALE, scores[s] / VP_SCALE)
            numbers += (wild[s] / SMALL_SCALE, sum(hand[s * projects:(s + 1) * projects]) / SMALL_SCALE,
                        storage / SMALL_SCALE, (keep + storage) / SMALL_SCALE,
                        counts[cb + C_TERRAFORM] / SMALL_SCALE, counts[cb + C_VP_END] / SMALL_SCALE,
                        counts[cb + C_BONUS_PENDING] / SMALL_SCALE)
            production += [x / PRODUCTION_SCALE for x in counts[cb + C_PROD:cb + C_PROD + 8]]
            tiles += [x / SMALL_SCALE for x in counts[cb + C_TILES + 1:cb + C_TILES + len(TILES)]]
        start, stop = self._seats_at
        vector[start:stop] = _bounded(points + numbers + production + tiles, 10.0)
        start, stop = self._chosen_at
        choice = state._corp_choice
        vector[start:stop] = [choice[s] >= 0 for s in order]

    def _write_tableau(self, state: TMDiceState, seat: int, v: dict[str, np.ndarray]) -> None:
        """`tableau` (cards in play, the corporation included) and `award_symbols`."""
        n, cards, corp_base = self.players, state._game.n_cards, state._game.content.corp_base
        tableau = np.array(_rotated(state._tableau, seat * cards)).reshape(n, cards)
        awards, symbols_out, rows = state._awards, v["award_symbols"], v["tableau"]
        symbols_out.fill(0.0)
        if awards:
            symbols = tableau @ self._icons
            symbols_out[:, :len(awards)] = np.divide(symbols[:, awards], SMALL_SCALE)
            _clip(symbols_out, 10.0)
        rows.fill(0.0)
        rows[:, :corp_base] = tableau[:, :corp_base]
        for r, s in enumerate(self._orders[seat]):
            if state._corp[s] >= 0:
                rows[r, state._corp[s]] = 1.0
        _clip(rows, 10.0)

    def _write_private(self, private: tuple[Any, ...], rows: np.ndarray, projects: int) -> None:
        """`private`: my hand, my dealt corporations, my corporation choice before the reveal."""
        hand, dealt, corp, choice = private
        rows.fill(0.0)
        rows[0, :projects] = hand
        for c in dealt:
            rows[1, c] = 1.0
        if corp < 0 and choice >= 0:
            rows[2, choice] = 1.0
        _clip(rows, 10.0)

    def _write_piles(self, state: TMDiceState, seen: int, v: dict[str, np.ndarray]) -> None:
        """`discard` and `bonus_stack` (the stack only once the seat has looked through it)."""
        content = state._game.content
        discard, stack = v["discard"], v["bonus_stack"]
        discard.fill(0.0)
        stack.fill(0.0)
        discard[:content.n_projects] = state._discard[:content.n_projects]
        _clip(discard, 10.0)
        if seen:
            b0 = content.bonus_base
            for b, k in enumerate(state._bonus):
                if k:
                    stack[b0 + b] = 1.0
            stack[-1] = 1.0

    def _write_board(self, state: TMDiceState, seat: int, v: dict[str, np.ndarray]) -> None:
        """`area_tile` and `area_owner` (relative seats)."""
        n = self.players
        tiles, owners = v["area_tile"], v["area_owner"]
        tiles.fill(0.0)
        owners.fill(0.0)
        for a, k in enumerate(state._board):
            if k:
                tiles[a, k - 1] = 1.0
                owner = state._board_seat[a]
                if owner >= 0:
                    owners[a, (owner - seat) % n] = 1.0

    def _write_goals(self, state: TMDiceState, seat: int, v: dict[str, np.ndarray]) -> None:
        """`awards` (each award die's symbol) and `milestones` (claimed by, open, removed)."""
        n = self.players
        awards, milestones, rows_of = v["awards"], v["milestones"], self._milestone_rows
        awards.fill(0.0)
        milestones.fill(0.0)
        for k, resource in enumerate(state._awards):
            awards[k, resource] = 1.0
        for i, m in enumerate(state._milestones):
            owner = state._ms_owner[i]
            column = (owner - seat) % n if owner >= 0 else (n if owner == OPEN else n + 1)
            milestones[rows_of[m], column] = 1.0

    def _decision_slot(self, state: TMDiceState) -> int:
        """The `decision` slot: the kind `views.decision` names depends only on the kind of
        the task on top of the stack, so it is asked once per task kind."""
        if state._over:
            return DECISIONS.index("terminal")
        kind = state._stack[-1][0]
        slot = self._decision_slots.get(kind)
        if slot is None:
            slot = self._decision_slots[kind] = slot_of(DECISIONS, views.decision(state)[0])
        return slot

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


def _rotated(values: list[int], at: int) -> list[int]:
    """A flat per-seat list rotated so the observing seat's block (starting at `at`) comes first."""
    return values[at:] + values[:at]


def _copied(key: tuple[Any, ...]) -> tuple[Any, ...]:
    """`key` as kept in a memo: its lists copied (the state changes them in place), the rest
    (numbers, tuples) as they are."""
    return tuple([item.copy() if type(item) is list else item for item in key])


def _bounded(values: list[float], high: float) -> list[float]:
    """`values` clipped to [0, high] (`np.clip`'s result; the list itself when none is outside)."""
    if max(values) > high or min(values) < 0.0:
        return [min(max(x, 0.0), high) for x in values]
    return values


def _clip(segment: np.ndarray, high: float) -> None:
    """Clip a segment's view to [0, high] in place."""
    np.minimum(segment, high, out=segment)
    np.maximum(segment, 0.0, out=segment)
