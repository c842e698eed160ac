"""The order of a played card's effects: the player's choice wherever it can matter.

The rules let a player resolve a card's effects in any order. A card played with two
or more different effects puts them on the stack as one `D_ORDER` task. Each time
that task comes to the top, the seat chooses the effect to resolve next (`first
<effect>`) among the effects whose order can change the result from this position;
when fewer than two are such, the rest resolve in printed order with no decision
(their order cannot change anything). After the chosen effect has resolved (its
rolls and decisions included), the question is asked again about the rest.

`_ordered_effects` tells which effects interact, from what each may do from this
position, directly or through the track bonuses, area bonuses and tile reactions
it may set off (`Reach`). It errs on the side of asking (it may offer an order that
turns out not to matter, never the other way round):

* the pool: effects that may take dice of one colour (a die of a colour still to
  choose counts for every colour), or give dice of it back (an opponent losing a
  resource), when that colour has a die to share and too few for all of them;
* turning a die, with an effect that may give the seat a die;
* an opponent losing a resource, with an effect that may give another seat a die
  of its colour (a tile reaction);
* land tiles of two effects, when the free land areas, or the areas where a city
  may go, are fewer than the land tiles.

Everything else commutes: VP (bonus cards of the VP track wait for the end of the
turn), wild tokens, draws, oceans, and terraforming steps (the same seat reaches
the same steps and bonuses in any order; a step of a complete parameter is 1 VP
whichever effect makes it).

Handler (`core.decisions`): `D_ORDER` is `Order`, a decision that lapses when the
order of what is left cannot matter.
"""

from __future__ import annotations

from collections import Counter

from ludoteca.games.tm_dice.base import Choice, Task
from ludoteca.games.tm_dice.dice import ANY_COLOUR, N_COLOURS, N_RESOURCES
from ludoteca.games.tm_dice.effects import EffectRules
from ludoteca.games.tm_dice.ops import Op, Ops
from ludoteca.games.tm_dice.tasks import (
    CITY,
    D_ORDER,
    FOREST,
    OCEAN,
    OP_GAIN_DICE_ONE_COLOUR,
    OP_GAIN_DIE,
    OP_GAIN_FACE,
    OP_OPPONENTS_LOSE,
    OP_PLACE,
    OP_RAISE,
    OP_TURN_DIE,
    OXYGEN,
)

DEPTH = 4  # bonuses setting off bonuses: how deep an effect's reach is followed
RAISED = (0, 1)  # the parameters effects raise (temperature, oxygen); oceans are tiles


class Reach:
    """What one effect may do from a position (upper bounds)."""

    __slots__ = ("gives", "land", "lose", "mine", "others", "raises", "turn")

    def __init__(self) -> None:
        self.mine = [0] * (N_COLOURS + 1)  # dice the seat may take from the pool, by colour; last: any colour
        self.others = [0] * (N_COLOURS + 1)  # dice other seats may take (tile reactions)
        self.gives = [0] * N_COLOURS  # dice that may go back to the pool
        self.lose: set[int] = set()  # resources the opponents lose
        self.turn = False  # the seat turns one of its dice
        self.land: list[int] = []  # land tiles placed
        self.raises = [0, 0]  # steps of temperature and oxygen

    def add(self, other: Reach) -> None:
        for mine, theirs in ((self.mine, other.mine), (self.others, other.others), (self.gives, other.gives),
                             (self.raises, other.raises)):
            for i, n in enumerate(theirs):
                mine[i] += n
        self.lose |= other.lose
        self.turn = self.turn or other.turn
        self.land += other.land

    def widen(self, other: Reach) -> None:
        """At most what either does (one of several areas is chosen)."""
        for mine, theirs in ((self.mine, other.mine), (self.others, other.others), (self.gives, other.gives),
                             (self.raises, other.raises)):
            for i, n in enumerate(theirs):
                mine[i] = max(mine[i], n)
        self.lose |= other.lose
        self.turn = self.turn or other.turn
        if len(other.land) > len(self.land):
            self.land = other.land

    def takes(self, colour: int) -> int:
        return self.mine[colour] + self.others[colour] + self.mine[N_COLOURS] + self.others[N_COLOURS]


class OrderRules(EffectRules):
    __slots__ = ()

    def _play_effects(self, seat: int, ops: Ops) -> None:
        """A played card's effects: in an order the seat chooses (see the module docstring)."""
        if len(set(ops)) > 1:
            self._stack.append((D_ORDER, seat, ops))
        else:
            self._push_ops(seat, ops)

    # ------------------------------------------------------------ when the order matters
    def _ordered_effects(self, seat: int, ops: Ops) -> set[Op]:
        """The different effects of `ops` whose order can change the result (none or 2+)."""
        distinct = list(dict.fromkeys(ops))
        if len(distinct) < 2:
            return set()
        windows = self._windows(seat, ops)
        reach = {op: self._reach(seat, seat, op, windows, DEPTH) for op in distinct}
        copies = Counter(ops)
        pool = self._pool
        given = [sum(reach[op].gives[c] * copies[op] for op in distinct) for c in range(N_COLOURS)]
        left = [pool[c] + given[c] for c in range(N_COLOURS)]
        found: set[Op] = set()
        for c in range(N_COLOURS):  # sharing the pool
            users = [op for op in distinct if reach[op].takes(c) or reach[op].gives[c]]
            if len(users) > 1 and left[c] and sum(reach[op].takes(c) * copies[op] for op in users) > pool[c]:
                found.update(users)
        turners = [op for op in distinct if reach[op].turn]
        if turners:  # turning a die before or after gaining one
            gainers = [op for op in distinct
                       if any(reach[op].mine[c] and left[c] for c in range(N_COLOURS))
                       or (reach[op].mine[N_COLOURS] and any(left))]
            if len(set(turners) | set(gainers)) > 1 and gainers:
                found.update(turners, gainers)
        for op in distinct:  # an opponent loses a die before or after gaining one
            for resource in reach[op].lose:
                c = resource // 3
                feeders = [o for o in distinct
                           if o != op and left[c] and (reach[o].others[c] or reach[o].others[N_COLOURS])]
                if feeders:
                    found.update(feeders, (op,))
        placers = [op for op in distinct if reach[op].land]
        if len(placers) > 1:  # land tiles fighting over too few areas
            tiles = sum(len(reach[op].land) * copies[op] for op in placers)
            city = any(CITY in reach[op].land for op in placers)
            if len(self.free_areas(FOREST)) < tiles or (city and len(self.free_areas(CITY)) < tiles):
                found.update(placers)
        return found

    def _windows(self, seat: int, ops: Ops) -> tuple[range, ...]:
        """Per raised parameter, the track positions the card's effects may reach."""
        params, tracks = self._params, self._game.content.parameters
        climb = [0, 0]
        while True:
            windows = tuple(range(params[p] + 1, min(params[p] + climb[p], tracks[p].steps) + 1)
                            for p in RAISED)
            total = Reach()
            for op in ops:
                total.add(self._reach(seat, seat, op, windows, DEPTH))
            more = [min(total.raises[p], tracks[p].steps - params[p]) for p in RAISED]
            if all(more[p] <= climb[p] for p in RAISED):
                return windows
            climb = [max(a, b) for a, b in zip(climb, more, strict=True)]

    def _reach(self, seat: int, owner: int, op: Op, windows: tuple[range, ...], depth: int) -> Reach:
        """What `op`, resolved for `owner` during `seat`'s card, may do."""
        r = Reach()
        code = op[0]
        gains = r.mine if owner == seat else r.others
        if code == OP_GAIN_DIE:
            gains[op[1]] += op[2]  # ANY_COLOUR is the last slot
        elif code == OP_GAIN_DICE_ONE_COLOUR:
            gains[ANY_COLOUR] += op[1]
        elif code == OP_GAIN_FACE:
            gains[op[1] // 3] += op[2]
        elif code == OP_OPPONENTS_LOSE:
            r.lose.add(op[1])
            dice, resource = self._dice, op[1]
            r.gives[resource // 3] += sum(1 for s in range(self._n)
                                          if s != owner and dice[s * N_RESOURCES + resource])
        elif code == OP_TURN_DIE:
            r.turn = owner == seat
        elif code == OP_RAISE:
            r.raises[op[1]] += op[2]
            if depth:
                bonuses = self._game.content.parameters[op[1]].bonuses
                for position in windows[op[1]]:
                    for bonus in bonuses[position]:
                        r.add(self._reach(seat, owner, bonus, windows, depth - 1))
        elif code == OP_PLACE and depth:
            self._reach_place(r, seat, owner, op[1], windows, depth)
        return r

    def _reach_place(self, r: Reach, seat: int, owner: int, tile: int, windows: tuple[range, ...],
                     depth: int) -> None:
        game = self._game
        areas = self.free_areas(tile)
        if tile == OCEAN and self.complete()[2]:
            areas = []
        if not areas:
            return
        if tile != OCEAN:
            r.land.append(tile)
        if tile == FOREST:
            r.add(self._reach(seat, owner, (OP_RAISE, OXYGEN, 1), windows, depth - 1))
        widest = Reach()
        for area in areas:
            bonus = game.content.areas[area].bonus
            if bonus:
                one = Reach()
                for b in bonus:
                    one.add(self._reach(seat, owner, b, windows, depth - 1))
                widest.widen(one)
        r.add(widest)
        t = game.n_cards
        for card, ops in game.reactions.get(tile, ()):
            for other in range(self._n):
                for _ in range(self._tableau[other * t + card]):
                    for op in ops:
                        r.add(self._reach(seat, other, op, windows, depth - 1))


class Order(Choice):
    """`D_ORDER` (ops): `first <effect>` among the effects whose order can matter; the
    chosen one resolves (on top), then the question is asked again about the rest. It
    lapses when fewer than two can matter: the rest resolve in printed order."""

    kind = D_ORDER

    @staticmethod
    def legal(state: OrderRules, frame: Task) -> list[int]:
        codec = state._game.codec
        first, index = codec.first, codec.effect_index
        return sorted(first + index[op] for op in state._ordered_effects(frame[1], frame[2]))

    @staticmethod
    def apply(state: OrderRules, frame: Task, action: int) -> None:
        seat = frame[1]
        codec = state._game.codec
        op = codec.effects[codec.arg[action]]
        rest = list(frame[2])
        rest.remove(op)
        state._play_effects(seat, tuple(rest))
        state._push_ops(seat, (op,))

    @staticmethod
    def lapse(state: OrderRules, frame: Task) -> None:
        state._push_ops(frame[1], frame[2])
