"""Effects: gaining dice and tokens, terraforming, tiles, turning dice, paying costs,
reactions and milestones.

The frames of effects (`OP_*`, pushed from the data as `(op, seat, *args)`), of
colour choices, payments, dice rolls and card draws each have their handler class
here (`core.decisions`), after the rule helpers they share:

| kind                      | handler             | role      |
| ------------------------- | ------------------- | --------- |
| `OP_GAIN_DIE`             | `GainDie`           | automatic |
| `OP_GAIN_DICE_ONE_COLOUR` | `GainDiceOneColour` | automatic |
| `OP_GAIN_FACE`            | `GainFace`          | automatic |
| `OP_GAIN_WILD`            | `GainWild`          | automatic |
| `OP_GAIN_VP`              | `GainVp`            | automatic |
| `OP_DRAW`                 | `DrawEffect`        | automatic |
| `OP_OPPONENTS_LOSE`       | `OpponentsLose`     | automatic |
| `OP_RAISE`                | `Raise`             | automatic |
| `D_COLOUR`                | `Colour`            | decision  |
| `OP_PLACE`                | `Place`             | decision (lapses: no area) |
| `OP_TURN_DIE`             | `TurnDie`           | decision  |
| `D_PAY`                   | `Pay`               | decision  |
| `C_ROLL`                  | `Roll`              | chance    |
| `C_DRAW`                  | `DrawCard`          | chance (not ready: no card anywhere) |

Every decision is a `base.Choice`: one option is taken at once, none lapses.
"""

from __future__ import annotations

from ludoteca.core.decisions import Automatic, Chance
from ludoteca.games.tm_dice.actions import V_PAY, V_SKIP, V_TURN
from ludoteca.games.tm_dice.base import (
    C_COLOURS,
    C_COST_COLOURS,
    C_PROD,
    C_TERRAFORM,
    C_TILES,
    C_WIDTH,
    Choice,
    StateData,
    Task,
)
from ludoteca.games.tm_dice.dice import ANY_COLOUR, N_RESOURCES, WILD, payment_options
from ludoteca.games.tm_dice.tasks import (
    C_DRAW,
    C_ROLL,
    CITY,
    D_COLOUR,
    D_PAY,
    FOREST,
    OCEAN,
    OCEANS,
    OP_DRAW,
    OP_GAIN_DICE_ONE_COLOUR,
    OP_GAIN_DIE,
    OP_GAIN_FACE,
    OP_GAIN_VP,
    OP_GAIN_WILD,
    OP_OPPONENTS_LOSE,
    OP_PLACE,
    OP_RAISE,
    OP_TURN_DIE,
    OXYGEN,
    SPECIAL,
)


class EffectRules(StateData):
    __slots__ = ()

    # ------------------------------------------------------------ terraforming
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


# ------------------------------------------------------------------ handlers
class GainDie(Automatic):
    """`OP_GAIN_DIE` (colour, n): take n dice of the colour from the pool and roll them
    (as many as there are); the white die (`ANY_COLOUR`) asks a colour for each first."""

    kind = OP_GAIN_DIE

    @staticmethod
    def run(state: EffectRules, frame: Task) -> None:
        _, seat, colour, n = frame
        if colour == ANY_COLOUR:
            for _ in range(n):
                state._stack.append((D_COLOUR, seat, 1))
            return
        got = state._take(colour, n)
        if got:
            state._stack.append((C_ROLL, seat, colour, got))


class GainDiceOneColour(Automatic):
    """`OP_GAIN_DICE_ONE_COLOUR` (n): a colour is chosen (`D_COLOUR`), then n dice of it."""

    kind = OP_GAIN_DICE_ONE_COLOUR

    @staticmethod
    def run(state: EffectRules, frame: Task) -> None:
        state._stack.append((D_COLOUR, frame[1], frame[2]))


class GainFace(Automatic):
    """`OP_GAIN_FACE` (resource, n): up to n dice of its colour, set to that face, not rolled."""

    kind = OP_GAIN_FACE

    @staticmethod
    def run(state: EffectRules, frame: Task) -> None:
        _, seat, resource, n = frame
        state._dice[seat * N_RESOURCES + resource] += state._take(resource // 3, n)


class GainWild(Automatic):
    """`OP_GAIN_WILD` (n): n wild tokens."""

    kind = OP_GAIN_WILD

    @staticmethod
    def run(state: EffectRules, frame: Task) -> None:
        state._wild[frame[1]] += frame[2]


class GainVp(Automatic):
    """`OP_GAIN_VP` (n): n VP on the track (bonus cards of its steps wait for the turn's end)."""

    kind = OP_GAIN_VP

    @staticmethod
    def run(state: EffectRules, frame: Task) -> None:
        state._gain_vp(frame[1], frame[2])


class DrawEffect(Automatic):
    """`OP_DRAW` (n): n cards are drawn (`C_DRAW`)."""

    kind = OP_DRAW

    @staticmethod
    def run(state: EffectRules, frame: Task) -> None:
        state._stack.append((C_DRAW, frame[1], frame[2]))


class OpponentsLose(Automatic):
    """`OP_OPPONENTS_LOSE` (resource): every opponent with a die showing it returns one."""

    kind = OP_OPPONENTS_LOSE

    @staticmethod
    def run(state: EffectRules, frame: Task) -> None:
        _, seat, resource = frame
        dice = state._dice
        for other in range(state._n):
            if other != seat and dice[other * N_RESOURCES + resource]:
                state._return_die(other, resource)


class Raise(Automatic):
    """`OP_RAISE` (parameter, n): one terraforming step now, the other n - 1 after its bonus."""

    kind = OP_RAISE

    @staticmethod
    def run(state: EffectRules, frame: Task) -> None:
        _, seat, parameter, n = frame
        if n > 1:
            state._stack.append((OP_RAISE, seat, parameter, n - 1))
        state._terraform(seat, parameter)


class Colour(Choice):
    """`D_COLOUR` (n): `colour <c>` among the colours with a die in the pool; n dice of it
    are gained (`OP_GAIN_DIE`)."""

    kind = D_COLOUR

    @staticmethod
    def legal(state: EffectRules, frame: Task) -> list[int]:
        base, pool = state._game.codec.colour, state._pool
        return [base + c for c in range(5) if pool[c]]

    @staticmethod
    def apply(state: EffectRules, frame: Task, action: int) -> None:
        state._stack.append((OP_GAIN_DIE, frame[1], state._game.codec.arg[action], frame[2]))


class Place(Choice):
    """`OP_PLACE` (tile): `place <area>` among the free areas where the tile may go (none
    for an ocean once all are placed)."""

    kind = OP_PLACE

    @staticmethod
    def legal(state: EffectRules, frame: Task) -> list[int]:
        tile = frame[2]
        if tile == OCEAN and state._params[OCEANS] >= state._game.content.parameters[OCEANS].steps:
            return []
        base = state._game.codec.place
        return [base + a for a in state.free_areas(tile)]

    @staticmethod
    def apply(state: EffectRules, frame: Task, action: int) -> None:
        """The tile goes on the area: its terraforming or VP, the reactions of cards in
        play (pushed for every owner, seat 0's on top), the area's bonus, milestones."""
        seat, tile, area = frame[1], frame[2], state._game.codec.arg[action]
        game = state._game
        content = game.content
        board = state._board
        board[area] = tile
        state._board_seat[area] = seat
        state._counts[seat * C_WIDTH + C_TILES + tile] += 1
        if tile == OCEAN:
            state._params[OCEANS] += 1
            state._gain_vp(seat, game.terraform_vp)
            state._counts[seat * C_WIDTH + C_TERRAFORM] += 1
            if state._params[OCEANS] == content.parameters[OCEANS].steps:
                state._parameter_completed()
        elif tile == FOREST:
            state._gain_vp(seat, sum(board[b] == CITY for b in content.neighbours[area]))
            state._stack.append((OP_RAISE, seat, OXYGEN, 1))
        elif tile == CITY:
            state._gain_vp(seat, game.city_vp + sum(board[b] == FOREST for b in content.neighbours[area]))
        for card, ops in game.reactions.get(tile, ()):
            tableau, t = state._tableau, game.n_cards
            for owner in range(state._n - 1, -1, -1):
                for _ in range(tableau[owner * t + card]):
                    state._push_ops(owner, ops)
        if content.areas[area].bonus:
            state._push_ops(seat, content.areas[area].bonus)
        state._check_milestones(seat)
        assert tile in (OCEAN, FOREST, CITY, SPECIAL)

    @staticmethod
    def lapse(state: EffectRules, frame: Task) -> None:
        """No area for the tile: an ocean when all are placed still terraforms (1 VP);
        a forest or city that fits nowhere is skipped."""
        if frame[2] == OCEAN:
            state._gain_vp(frame[1], state._game.terraform_vp_complete)


class TurnDie(Choice):
    """`OP_TURN_DIE` (optional): `turn <from>><to>`, one of the seat's dice to another face
    of its colour; `skip` too when optional. With no die to turn it lapses."""

    kind = OP_TURN_DIE

    @staticmethod
    def legal(state: EffectRules, frame: Task) -> list[int]:
        codec = state._game.codec
        off = frame[1] * N_RESOURCES
        dice = state._dice
        options = [codec.turn + i for i, (a, _b) in enumerate(codec.pairs) if dice[off + a]]
        if options and frame[2]:
            options.append(codec.skip)
        return options

    @staticmethod
    def apply(state: EffectRules, frame: Task, action: int) -> None:
        verb, arg = state._game.codec.decoded[action]
        if verb == V_TURN:
            a, b = state._game.codec.pairs[arg]
            off = frame[1] * N_RESOURCES
            state._dice[off + a] -= 1
            state._dice[off + b] += 1
        else:
            assert verb == V_SKIP


class Pay(Choice):
    """`D_PAY` (icons, reserve): `pay <resource>` or `pay wild` for the first icon still to
    pay, keeping `reserve` dice (`dice.payment_options`); the rest stay on the stack."""

    kind = D_PAY

    @staticmethod
    def legal(state: EffectRules, frame: Task) -> list[int]:
        _, seat, icons, reserve = frame
        items = payment_options(state._dice, seat * N_RESOURCES, state._wild[seat], icons, reserve)
        base = state._game.codec.pay
        return [base + i for i in items]

    @staticmethod
    def apply(state: EffectRules, frame: Task, action: int) -> None:
        verb, item = state._game.codec.decoded[action]
        assert verb == V_PAY
        _, seat, icons, reserve = frame
        if item == WILD:
            state._wild[seat] -= 1
        else:
            state._return_die(seat, item)
        if len(icons) > 1:
            state._stack.append((D_PAY, seat, icons[1:], reserve))


class Roll(Chance):
    """`C_ROLL` (colour, n): n dice already taken from the pool are rolled one at a time
    (`roll <resource>`, by the faces of the colour's die)."""

    kind = C_ROLL

    @staticmethod
    def outcomes(state: EffectRules, frame: Task) -> list[tuple[int, float]]:
        return state._game.roll_outcomes[frame[2]]

    @staticmethod
    def resolve(state: EffectRules, frame: Task, action: int) -> None:
        _, seat, colour, n = frame
        state._dice[seat * N_RESOURCES + state._game.codec.arg[action]] += 1
        if n > 1:
            state._stack.append((C_ROLL, seat, colour, n - 1))


class DrawCard(Chance):
    """`C_DRAW` (n): n cards drawn one at a time (`draw <card>`, by the copies left). An
    empty deck: the face-up discard pile becomes the deck first; no card anywhere: the
    draws are lost. Secret: only the drawing seat learns the card."""

    kind = C_DRAW
    secret = True

    @staticmethod
    def ready(state: EffectRules, frame: Task) -> bool:
        return bool(state._deck_size) or any(state._discard)

    @staticmethod
    def outcomes(state: EffectRules, frame: Task) -> list[tuple[int, float]]:
        pile = state._deck if state._deck_size else state._discard
        size = sum(pile)
        base = state._game.codec.draw
        return [(base + c, k / size) for c, k in enumerate(pile) if k]

    @staticmethod
    def resolve(state: EffectRules, frame: Task, action: int) -> None:
        if not state._deck_size:  # the discard pile becomes the deck, in view until this draw
            state._deck, state._discard = state._discard, [0] * len(state._discard)
            state._deck_size = sum(state._deck)
        card = state._game.codec.arg[action]
        state._deck[card] -= 1
        state._deck_size -= 1
        _, seat, n = frame
        state._hand[seat * state._game.content.n_projects + card] += 1
        if n > 1:
            state._stack.append((C_DRAW, seat, n - 1))
