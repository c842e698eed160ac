"""Effects: gaining dice and tokens, terraforming, tiles, turning dice, paying costs,
reactions and milestones.

Automatic effects are `_auto_*(task)` (the task is already popped); decisions have
`_opts_*(task)` (legal action ids, or [] when there is nothing to choose, which
skips the effect) and `_do_*(task, verb, arg)`.
"""

from __future__ import annotations

from ludoteca.games.tm_dice.actions import V_PAY, V_SKIP, V_TURN
from ludoteca.games.tm_dice.base import (
    C_COLOURS,
    C_COST_COLOURS,
    C_PROD,
    C_TERRAFORM,
    C_TILES,
    C_WIDTH,
    StateData,
    Task,
)
from ludoteca.games.tm_dice.dice import ANY_COLOUR, N_RESOURCES, WILD, payment_options
from ludoteca.games.tm_dice.tasks import (
    C_DRAW,
    C_ROLL,
    CITY,
    D_COLOUR,
    FOREST,
    OCEAN,
    OCEANS,
    OP_GAIN_DIE,
    OP_RAISE,
    OXYGEN,
    SPECIAL,
)


class EffectRules(StateData):
    __slots__ = ()

    # ------------------------------------------------------------ gains
    def _auto_gain_die(self, task: Task) -> None:
        _, seat, colour, n = task
        if colour == ANY_COLOUR:  # the white die: a colour is chosen for each
            for _ in range(n):
                self._stack.append((D_COLOUR, seat, 1))
            return
        got = self._take(colour, n)
        if got:
            self._stack.append((C_ROLL, seat, colour, got))

    def _auto_gain_dice_one_colour(self, task: Task) -> None:
        self._stack.append((D_COLOUR, task[1], task[2]))

    def _auto_gain_face(self, task: Task) -> None:
        _, seat, resource, n = task
        got = self._take(resource // 3, n)
        self._dice[seat * N_RESOURCES + resource] += got

    def _auto_gain_wild(self, task: Task) -> None:
        self._wild[task[1]] += task[2]

    def _auto_gain_vp(self, task: Task) -> None:
        self._gain_vp(task[1], task[2])

    def _auto_draw(self, task: Task) -> None:
        self._stack.append((C_DRAW, task[1], task[2]))

    def _auto_opponents_lose(self, task: Task) -> None:
        _, seat, resource = task
        dice = self._dice
        for other in range(self._n):
            if other != seat and dice[other * N_RESOURCES + resource]:
                self._return_die(other, resource)

    def _opts_colour(self, task: Task) -> list[int]:
        base, pool = self._game.codec.colour, self._pool
        return [base + c for c in range(5) if pool[c]]

    def _do_colour(self, task: Task, verb: int, arg: int) -> None:
        self._stack.pop()
        self._stack.append((OP_GAIN_DIE, task[1], arg, task[2]))

    # ------------------------------------------------------------ terraforming
    def _auto_raise(self, task: Task) -> None:
        _, seat, parameter, n = task
        if n > 1:
            self._stack.append((OP_RAISE, seat, parameter, n - 1))
        self._terraform(seat, parameter)

    def _terraform(self, seat: int, parameter: int) -> None:
        """One terraforming step: 2 VP and the track bonus, or 1 VP if already complete."""
        game = self._game
        track = game.content.parameters[parameter]
        position = self._params[parameter]
        if position >= track.steps:
            self._gain_vp(seat, game.terraform_vp_complete)
            return
        position += 1
        self._params[parameter] = position
        self._gain_vp(seat, game.terraform_vp)
        self._counts[seat * C_WIDTH + C_TERRAFORM] += 1
        if track.bonuses[position]:
            self._push_ops(seat, track.bonuses[position])
        if position == track.steps:
            self._parameter_completed()
        self._check_milestones(seat)

    def _parameter_completed(self) -> None:
        if self._n > 1 and not self._triggered:
            params, tracks = self._params, self._game.content.parameters
            if sum(params[p] >= tracks[p].steps for p in range(3)) >= 2:
                self._triggered = True

    def complete(self) -> list[bool]:
        """Whether each parameter (temperature, oxygen, oceans) is complete."""
        tracks = self._game.content.parameters
        return [self._params[p] >= tracks[p].steps for p in range(3)]

    # ------------------------------------------------------------ tiles
    def free_areas(self, tile: int) -> list[int]:
        """Areas where `tile` may go now."""
        game = self._game
        board = self._board
        if tile == OCEAN:
            return [a for a in game.ocean_areas if not board[a]]
        if tile == CITY:
            neighbours = game.content.neighbours
            return [a for a in game.land_areas
                    if not board[a] and all(board[b] != CITY for b in neighbours[a])]
        return [a for a in game.land_areas if not board[a]]

    def _opts_place(self, task: Task) -> list[int]:
        tile = task[2]
        if tile == OCEAN and self._params[OCEANS] >= self._game.content.parameters[OCEANS].steps:
            return []
        base = self._game.codec.place
        return [base + a for a in self.free_areas(tile)]

    def _skip_place(self, task: Task) -> None:
        """No area for the tile: an ocean when all are placed still terraforms (1 VP);
        a forest or city that fits nowhere is skipped."""
        if task[2] == OCEAN:
            self._gain_vp(task[1], self._game.terraform_vp_complete)

    def _do_place(self, task: Task, verb: int, area: int) -> None:
        self._stack.pop()
        seat, tile = task[1], task[2]
        game = self._game
        content = game.content
        board = self._board
        board[area] = tile
        self._board_seat[area] = seat
        self._counts[seat * C_WIDTH + C_TILES + tile] += 1
        stack = self._stack
        if tile == OCEAN:
            self._params[OCEANS] += 1
            self._gain_vp(seat, game.terraform_vp)
            self._counts[seat * C_WIDTH + C_TERRAFORM] += 1
            if self._params[OCEANS] == content.parameters[OCEANS].steps:
                self._parameter_completed()
        elif tile == FOREST:
            self._gain_vp(seat, sum(board[b] == CITY for b in content.neighbours[area]))
            stack.append((OP_RAISE, seat, OXYGEN, 1))
        elif tile == CITY:
            self._gain_vp(seat, game.city_vp + sum(board[b] == FOREST for b in content.neighbours[area]))
        for card, ops in game.reactions.get(tile, ()):
            tableau, t = self._tableau, game.n_cards
            for owner in range(self._n - 1, -1, -1):
                for _ in range(tableau[owner * t + card]):
                    self._push_ops(owner, ops)
        if content.areas[area].bonus:
            self._push_ops(seat, content.areas[area].bonus)
        self._check_milestones(seat)
        assert tile in (OCEAN, FOREST, CITY, SPECIAL)

    # ------------------------------------------------------------ turning dice
    def _opts_turn_die(self, task: Task) -> list[int]:
        codec = self._game.codec
        off = task[1] * N_RESOURCES
        dice = self._dice
        options = [codec.turn + i for i, (a, _b) in enumerate(codec.pairs) if dice[off + a]]
        if options and task[2]:
            options.append(codec.skip)
        return options

    def _do_turn_die(self, task: Task, verb: int, arg: int) -> None:
        self._stack.pop()
        if verb == V_TURN:
            a, b = self._game.codec.pairs[arg]
            off = task[1] * N_RESOURCES
            self._dice[off + a] -= 1
            self._dice[off + b] += 1
        else:
            assert verb == V_SKIP

    # ------------------------------------------------------------ paying
    def _opts_pay(self, task: Task) -> list[int]:
        _, seat, icons, reserve = task
        items = payment_options(self._dice, seat * N_RESOURCES, self._wild[seat], icons, reserve)
        base = self._game.codec.pay
        return [base + i for i in items]

    def _do_pay(self, task: Task, verb: int, item: int) -> None:
        assert verb == V_PAY
        _, seat, icons, reserve = task
        if item == WILD:
            self._wild[seat] -= 1
        else:
            self._return_die(seat, item)
        stack = self._stack
        if len(icons) > 1:
            stack[-1] = (task[0], seat, icons[1:], reserve)
        else:
            stack.pop()

    # ------------------------------------------------------------ milestones
    def milestone_progress(self, seat: int, index: int) -> int:
        """How far `seat` is towards milestone `index` (compare with its `n`)."""
        m = self._game.content.milestones[index]
        base = seat * C_WIDTH
        counts = self._counts
        kind = m.kind
        if kind == "tiles":
            return counts[base + C_TILES + m.arg]
        if kind == "production_dice":
            return sum(counts[base + C_PROD:base + C_PROD + 6])
        if kind == "cards":
            return counts[base + C_COLOURS + m.arg]
        if kind == "terraform":
            return counts[base + C_TERRAFORM]
        if kind == "cost_colours":
            return bin(counts[base + C_COST_COLOURS]).count("1")
        return self.dice_held(seat)  # dice_at_turn_start

    def _check_milestones(self, seat: int, turn_start: bool = False) -> None:
        """Milestones `seat` now meets go to it (called whenever its tallies change, so
        the first seat to meet a milestone claims it). `dice_at_turn_start` milestones
        are only checked at the start of the seat's turn."""
        owner = self._ms_owner
        if -1 not in owner:
            return
        milestones = self._game.content.milestones
        for slot, index in enumerate(self._milestones):
            if owner[slot] != -1:
                continue
            m = milestones[index]
            if m.kind == "dice_at_turn_start":
                if turn_start and self.dice_held(seat) >= m.n:
                    owner[slot] = seat
            elif self.milestone_progress(seat, index) >= m.n:
                owner[slot] = seat
