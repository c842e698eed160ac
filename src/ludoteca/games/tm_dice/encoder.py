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
view, each block rebuilt only when its inputs changed since the seat's last call (a
memo per seat of copies of the state's lists, compared by value, so any state may
come in any order): what the environments call. The blocks follow how often their
inputs change in play (the decision's one-hots at ~60% of a PettingZoo loop's calls,
the dice ~50%, the pool and the hands ~35%, the discard pile ~25%, the seats' other
numbers ~15%, the rest seldom), and the numbers are clipped only when one lies
outside its bound (the result is `np.clip`'s either way). The view-based `encode`
stays the reference (tests compare the two on many random states).

Limits: a card is only named by its slot (the agent must learn what it does); a
decision is only known by its kind; the pending tasks beyond the decision are not
encoded. Sizes: 656, 835, 1,014 and 1,193 floats for one to four players.
"""

from __future__ import annotations

from operator import itemgetter, le
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
(M_HOT, M_NUMBERS, M_POOL, M_DICE, M_SEATS, M_TABLEAU, M_USED, M_HANDS, M_PRIVATE, M_DISCARD, M_STACK,
 M_BOARD, M_GOALS) = range(13)
MEMO_SLOTS = 13


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
        icons = np.zeros((len(content.cards), len(content.resources)), dtype=np.int64)
        for c in game.costed_cards:
            icons[c] = game.cost_icon_counts[c]
        self._icons = icons
        self._keep_dice = game.keep_dice
        self._milestone_rows = [self.milestone_slot[m.id] for m in content.milestones]
        self._decision_slots: dict[int, int] = {}  # task kind on top of the stack -> `decision` slot
        index = self.layout.index
        self._hot_size = self._counters_at = sum(index[name].size for name in head[:3])
        n_params = len(self._tracks)
        # the head's numbers: (turn + 1, deck, bonus stack, triggered, countdown on, turns left, params)
        assert [i for i, _ in self._tracks] == list(range(n_params)), "the parameters in state order"
        self._numbers = _Scaled(
            self._counters_at, [list(range(6 + n_params))] * p,
            [TURN_SCALE, self.deck_size, self.bonus_size, 1.0, 1.0, p, *[steps for _, steps in self._tracks]],
            [10.0] * 6 + [1.0] * n_params)
        # numbers within their bounds, by value: what they are stored as (a KeyError: out of bounds)
        self._die_shares = {x: x / self.dice_per_colour for x in range(self.dice_per_colour + 1)}
        self._card_counts = {x: float(x) for x in range(11)}  # copies of a card, bounded by 10
        self._pool_at = (index["pool"].offset, index["pool"].offset + index["pool"].size)
        assert self._pool_at[0] == self._numbers.stop
        self._dice_at = (index["dice"].offset, index["dice"].offset + index["dice"].size)
        seats = ["points", "seat_numbers", "production", "tiles"]
        assert [s.name for s in self.layout.segments[7:11]] == seats
        self._seats = _Scaled(index["points"].offset, [self._seat_picks(order) for order in self._orders],
                              self._seat_scales(), [10.0] * (index["tiles"].offset + index["tiles"].size
                                                             - index["points"].offset))
        numbers_at = index["seat_numbers"].offset + SEAT_NUMBERS.index("hand_size")
        self._sizes_at = [numbers_at + r * len(SEAT_NUMBERS) for r in range(p)]  # relative seats' hand sizes
        self._private_at = index["private"].offset  # its first row: my hand
        self._chosen_at = (index["corporation_chosen"].offset, index["corporation_chosen"].offset + p)
        self._vectors = [self.layout.zeros() for _ in range(p)]
        self._views = [self.layout.views(vector) for vector in self._vectors]
        self._memo: list[list[Any]] = [[None] * MEMO_SLOTS for _ in range(p)]

    def _seat_picks(self, order: list[int]) -> list[int]:
        """Where `_write_seats`' source (vp, wild, counts, hand sizes, scores, keep limits; P
        entries each but the counts, C_WIDTH a seat) holds each value of the seats' run, for
        relative seats in `order`: points, seat numbers, production, tiles."""
        p = self.players
        wild, counts = p, 2 * p
        hands, scores, keeps = counts + p * C_WIDTH, counts + p * C_WIDTH + p, counts + p * C_WIDTH + 2 * p
        picks: list[int] = []
        for s in order:
            picks += (s, scores + s)
        for s in order:
            cb = counts + s * C_WIDTH
            picks += (wild + s, hands + s, cb + C_STORAGE, keeps + s, cb + C_TERRAFORM, cb + C_VP_END,
                      cb + C_BONUS_PENDING)
        for s in order:
            picks += range(counts + s * C_WIDTH + C_PROD, counts + s * C_WIDTH + C_PROD + 8)
        for s in order:
            picks += range(counts + s * C_WIDTH + C_TILES + 1, counts + s * C_WIDTH + C_TILES + len(TILES))
        return picks

    def _seat_scales(self) -> list[float]:
        p = self.players
        return ([VP_SCALE] * 2 * p + [SMALL_SCALE] * len(SEAT_NUMBERS) * p + [PRODUCTION_SCALE] * 8 * p
                + [SMALL_SCALE] * (len(TILES) - 1) * p)

    def encode_state(self, state: TMDiceState, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """`encode(state.observation(seat), seat, out)`, read from the state's fields.

        One vector per seat; each block of segments is rebuilt only when what it is read
        from differs from what it was read from at the seat's last call (`memo`: copies
        of the state's lists, compared by value, so any state may come in any order).
        A block's values are clipped to their segment's bounds only when one of the
        numbers it is read from lies outside them (`_Scaled`, `_bounded`), or, for the
        seldom rebuilt card blocks, by numpy over their segments."""
        memo, vector, v = self._memo[seat], self._vectors[seat], self._views[seat]
        player = state.current_player()
        hot = (player, -1 if state._over else state._stack[-1][0], state._seat)
        if hot != memo[M_HOT]:
            memo[M_HOT] = hot
            self._write_hot(state, seat, player, vector)
        left = state._turns_left
        numbers = (state._turn + 1, state._deck_size, state._bonus_size, state._triggered, left >= 0,
                   max(left, 0), *state._params)
        if numbers != memo[M_NUMBERS]:
            memo[M_NUMBERS] = numbers
            self._numbers.write(vector, numbers)
        pool = state._pool
        if pool != memo[M_POOL]:
            memo[M_POOL] = pool.copy()
            try:
                shares = list(map(self._die_shares.__getitem__, pool))
            except KeyError:
                shares = _bounded([x / self.dice_per_colour for x in pool], 1.0)
            start, stop = self._pool_at
            vector[start:stop] = shares
        dice = state._dice
        if dice != memo[M_DICE]:
            memo[M_DICE] = dice.copy()
            at = seat * len(self.resource_slot)  # relative seats in order
            try:
                values = list(map(self._die_shares.__getitem__, dice[at:] + dice[:at]))
            except KeyError:
                values = _bounded([x / self.dice_per_colour for x in dice[at:] + dice[:at]], 1.0)
            start, stop = self._dice_at
            vector[start:stop] = values
        seats = (state._vp, state._counts, state._wild, state._corp_choice, state._ms_owner, state._final)
        if seats != memo[M_SEATS]:  # the hand sizes in it: with the hands, below
            memo[M_SEATS] = _copied(seats)
            self._write_seats(state, seat, vector)
        cards = state._game.n_cards
        tableau = (state._tableau, state._corp, state._awards)
        if tableau != memo[M_TABLEAU]:
            memo[M_TABLEAU] = _copied(tableau)
            self._write_tableau(state, seat, v)
        used = state._used
        if used != memo[M_USED]:
            memo[M_USED] = used.copy()
            rotated = _rotated(used, seat * cards)
            try:
                v["used"].reshape(-1)[:] = list(map(self._card_counts.__getitem__, rotated))
            except KeyError:
                v["used"].reshape(-1)[:] = rotated
                _clip(v["used"], 10.0)
        hands = state._hand
        if hands != memo[M_HANDS]:
            memo[M_HANDS] = hands.copy()
            self._write_hands(state, seat, vector, v["private"])
        private = (state._dealt[seat], state._corp[seat], state._corp_choice[seat])
        if private != memo[M_PRIVATE]:
            memo[M_PRIVATE] = private
            self._write_private(private, v["private"])
        discard = state._discard
        if discard != memo[M_DISCARD]:
            memo[M_DISCARD] = discard.copy()
            row = v["discard"]
            try:
                row[:len(discard)] = list(map(self._card_counts.__getitem__, discard))
            except KeyError:
                row[:len(discard)] = discard
                _clip(row, 10.0)
        stack = (state._counts[seat * C_WIDTH + C_BONUS_SEEN], state._bonus)
        if stack != memo[M_STACK]:
            memo[M_STACK] = _copied(stack)
            self._write_stack(state, stack[0], v["bonus_stack"])
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

    def _write_hot(self, state: TMDiceState, seat: int, player: int, vector: np.ndarray) -> None:
        """The one-hots that lead the layout: `current_player`, `turn_seat`, `decision`."""
        n = self.players
        vector[:self._hot_size] = 0.0
        slot = player_slot(player, seat, n)
        if slot is not None:
            vector[slot] = 1.0
        vector[n + 2 + (state._seat - seat) % n] = 1.0
        vector[n + 2 + n + self._decision_slot(state)] = 1.0

    def _write_seats(self, state: TMDiceState, seat: int, vector: np.ndarray) -> None:
        """`points`, `seat_numbers`, `production`, `tiles` (one run, `_seat_picks`) and
        `corporation_chosen` of every seat, in relative order."""
        hand, projects, keep = state._hand, state._game.content.n_projects, self._keep_dice
        counts, seats = state._counts, range(self.players)
        sizes = [sum(hand[s * projects:(s + 1) * projects]) for s in seats]
        source = [*state._vp, *state._wild, *counts, *sizes, *state.scores(),
                  *[keep + counts[s * C_WIDTH + C_STORAGE] for s in seats]]
        self._seats.write(vector, self._seats.getters[seat](source))
        start, stop = self._chosen_at
        choice = state._corp_choice
        vector[start:stop] = [choice[s] >= 0 for s in self._orders[seat]]

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
        if max(state._tableau) > 10 or min(state._tableau) < 0:
            _clip(rows, 10.0)

    def _write_hands(self, state: TMDiceState, seat: int, vector: np.ndarray, private: np.ndarray) -> None:
        """Every seat's hand size in `seat_numbers` and my hand, the first row of `private`."""
        projects, hands, sizes_at = state._game.content.n_projects, state._hand, self._sizes_at
        for r, s in enumerate(self._orders[seat]):
            size = sum(hands[s * projects:(s + 1) * projects]) / SMALL_SCALE
            vector[sizes_at[r]] = min(max(size, 0.0), 10.0)
        mine = hands[seat * projects:(seat + 1) * projects]
        start = self._private_at
        try:
            vector[start:start + projects] = list(map(self._card_counts.__getitem__, mine))
        except KeyError:
            vector[start:start + projects] = mine
            _clip(private[0], 10.0)

    def _write_private(self, private: tuple[Any, ...], rows: np.ndarray) -> None:
        """`private` but my hand: my dealt corporations, my corporation choice before the reveal."""
        dealt, corp, choice = private
        rows[1:].fill(0.0)
        for c in dealt:
            rows[1, c] = 1.0
        if corp < 0 and choice >= 0:
            rows[2, choice] = 1.0

    def _write_stack(self, state: TMDiceState, seen: int, stack: np.ndarray) -> None:
        """`bonus_stack`: the bonus cards in the stack, once the seat has looked through it."""
        stack.fill(0.0)
        if seen:
            b0 = state._game.content.bonus_base
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


class _Scaled:
    """A run of the vector from `start`: value i is a number picked from a source
    (`getters[seat]`: the picks for each observing seat) over `scales[i]`, clipped to
    [0, highs[i]]. Written with one numpy division (in float64, as Python divides, then
    stored as float32); clipped only when a number lies outside [0, highs[i] × scales[i]]."""

    def __init__(self, start: int, picks: list[list[int]], scales: list[float], highs: list[float]) -> None:
        assert all(len(p) == len(scales) for p in picks) and len(highs) == len(scales)
        self.start, self.stop = start, start + len(scales)
        self.getters = [itemgetter(*p) for p in picks]
        self.scales = np.array(scales, dtype=np.float64)
        self.highs = np.array(highs, dtype=np.float32)
        self.limits = [h * s for h, s in zip(highs, scales, strict=True)]

    def write(self, vector: np.ndarray, numbers: tuple[Any, ...]) -> None:
        run = vector[self.start:self.stop]
        np.divide(numbers, self.scales, out=run)
        if min(numbers) < 0 or not all(map(le, numbers, self.limits)):
            np.minimum(run, self.highs, out=run)
            np.maximum(run, 0.0, out=run)


def _bounded(values: list[float], high: float) -> list[float]:
    """`values` clipped to [0, high] (`np.clip`'s result; the list itself when none is outside)."""
    if max(values) > high or min(values) < 0.0:
        return [min(max(x, 0.0), high) for x in values]
    return values


def _clip(segment: np.ndarray, high: float) -> None:
    """Clip a segment's view to [0, high] in place."""
    np.minimum(segment, high, out=segment)
    np.maximum(segment, 0.0, out=segment)
