"""Setup: the components put in play at random, the corporations and the first gift.

`setup_frames` is the stack of a new game (its top is the end of the list), in the
order of the rules:

1. `C_BONUS_STACK` (k): k bonus cards set aside at random, face down (the bonus stack);
2. `C_AWARD` (slot), one per award: an award die, its colour among those no other
   award die shows, rolled (the face is the award's symbol; the die leaves the pool);
3. `C_MILESTONE` (slot), one per milestone: a milestone not yet in play;
4. `C_DEAL_CORP` (n) per seat: n corporations dealt; `C_DRAW` (hand size) per seat;
5. `D_CORP` per seat: the corporation kept, face down until every seat has chosen;
6. `A_REVEAL`: every corporation is shown, with its start bonus and first production;
7. `D_GIFT` (to), with 2 or more players: the first player gives one die or wild token
   to the last;
8. `A_START_TURN` of seat 0.

The deals and the kept corporation are secret (`secret = True`: only their seat
learns the outcome or the choice). Handlers (`core.decisions`):

| kind            | handler         | role      |
| --------------- | --------------- | --------- |
| `C_BONUS_STACK` | `BonusStack`    | chance    |
| `C_AWARD`       | `AwardDie`      | chance    |
| `C_MILESTONE`   | `MilestoneDraw` | chance    |
| `C_DEAL_CORP`   | `DealCorp`      | chance    |
| `D_CORP`        | `CorpChoice`    | decision  |
| `A_REVEAL`      | `Reveal`        | automatic |
| `D_GIFT`        | `Gift`          | decision  |
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.decisions import Automatic, Chance
from ludoteca.games.tm_dice.base import Choice, Task
from ludoteca.games.tm_dice.dice import N_COLOURS, N_RESOURCES, WILD
from ludoteca.games.tm_dice.tasks import (
    A_REVEAL,
    A_START_TURN,
    C_AWARD,
    C_BONUS_STACK,
    C_DEAL_CORP,
    C_DRAW,
    C_MILESTONE,
    D_CORP,
    D_GIFT,
)
from ludoteca.games.tm_dice.turns import TurnRules

if TYPE_CHECKING:
    from ludoteca.games.tm_dice.game import TMDiceGame


def setup_frames(game: TMDiceGame) -> list[Task]:
    """The stack of a new game (see the module docstring)."""
    n = game.num_players()
    setup: list[Task] = [(C_BONUS_STACK, -1, game.bonus_stack_size)]
    setup += [(C_AWARD, -1, i) for i in range(game.awards_in_play)]
    setup += [(C_MILESTONE, -1, i) for i in range(game.milestones_in_play)]
    setup += [(C_DEAL_CORP, s, game.corporations_dealt) for s in range(n)]
    setup += [(C_DRAW, s, game.hand_size) for s in range(n)]
    setup += [(D_CORP, s) for s in range(n)]
    setup.append((A_REVEAL, -1))
    if n > 1:
        setup.append((D_GIFT, 0, n - 1))
    setup.append((A_START_TURN, 0))
    return setup[::-1]


class BonusStack(Chance):
    """`C_BONUS_STACK` (k): `stack <bonus card>`, one of the cards not yet set aside, k times."""

    kind = C_BONUS_STACK
    secret = True

    @staticmethod
    def outcomes(state: TurnRules, frame: Task) -> list[tuple[int, float]]:
        free = [b for b, k in enumerate(state._bonus) if not k]
        base = state._game.codec.stack
        return [(base + b, 1 / len(free)) for b in free]

    @staticmethod
    def resolve(state: TurnRules, frame: Task, action: int) -> None:
        state._bonus[state._game.codec.arg[action]] = 1
        state._bonus_size += 1
        if frame[2] > 1:
            state._stack.append((C_BONUS_STACK, frame[1], frame[2] - 1))


class AwardDie(Chance):
    """`C_AWARD` (slot): `award <resource>`, a die of a colour no award shows yet, rolled:
    each face by its count on the die."""

    kind = C_AWARD

    @staticmethod
    def outcomes(state: TurnRules, frame: Task) -> list[tuple[int, float]]:
        used = {r // 3 for r in state._awards}
        colours = [c for c in range(N_COLOURS) if c not in used]
        game = state._game
        faces = game.content.face_counts
        base = game.codec.award
        return [(base + 3 * c + k, faces[3 * c + k] / (6 * len(colours))) for c in colours for k in range(3)]

    @staticmethod
    def resolve(state: TurnRules, frame: Task, action: int) -> None:
        resource = state._game.codec.arg[action]
        state._awards = (*state._awards, resource)
        state._pool[resource // 3] -= 1


class MilestoneDraw(Chance):
    """`C_MILESTONE` (slot): `milestone <id>`, one of the milestones not yet in play."""

    kind = C_MILESTONE

    @staticmethod
    def outcomes(state: TurnRules, frame: Task) -> list[tuple[int, float]]:
        free = [m for m in range(len(state._game.content.milestones)) if m not in state._milestones]
        base = state._game.codec.milestone
        return [(base + m, 1 / len(free)) for m in free]

    @staticmethod
    def resolve(state: TurnRules, frame: Task, action: int) -> None:
        state._milestones = (*state._milestones, state._game.codec.arg[action])
        state._ms_owner.append(-1)


class DealCorp(Chance):
    """`C_DEAL_CORP` (n): `deal <corporation>`, one not dealt to any seat, n times."""

    kind = C_DEAL_CORP
    secret = True

    @staticmethod
    def outcomes(state: TurnRules, frame: Task) -> list[tuple[int, float]]:
        game = state._game
        content = game.content
        dealt = {c for hand in state._dealt for c in hand}
        corps = range(content.corp_base, content.corp_base + content.n_corps)
        free = [c for c in corps if c not in dealt]
        base = game.codec.deal - content.corp_base
        return [(base + c, 1 / len(free)) for c in free]

    @staticmethod
    def resolve(state: TurnRules, frame: Task, action: int) -> None:
        _, seat, n = frame
        dealt = list(state._dealt)
        dealt[seat] = (*dealt[seat], state._game.content.corp_base + state._game.codec.arg[action])
        state._dealt = tuple(dealt)
        if n > 1:
            state._stack.append((C_DEAL_CORP, seat, n - 1))


class CorpChoice(Choice):
    """`D_CORP`: `corporation <id>`, the one kept of those dealt (face down until `A_REVEAL`)."""

    kind = D_CORP
    secret = True

    @staticmethod
    def legal(state: TurnRules, frame: Task) -> list[int]:
        game = state._game
        base = game.codec.corp - game.content.corp_base
        return sorted(base + c for c in state._dealt[frame[1]])

    @staticmethod
    def apply(state: TurnRules, frame: Task, action: int) -> None:
        state._corp_choice[frame[1]] = state._game.content.corp_base + state._game.codec.arg[action]


class Reveal(Automatic):
    """`A_REVEAL`: every seat shows its corporation, takes its start bonus (wild tokens,
    VP, dice set to faces) and its first production; then milestones are checked."""

    kind = A_REVEAL

    @staticmethod
    def run(state: TurnRules, frame: Task) -> None:
        cards = state._game.content.cards
        for seat in range(state._n - 1, -1, -1):  # pushed in reverse: seat 0's dice roll first
            corp = cards[state._corp_choice[seat]]
            state._corp[seat] = corp.index
            state._enter_play(seat, corp.index)
            state._wild[seat] += corp.start_wild
            if corp.start_vp:
                state._gain_vp(seat, corp.start_vp)
            for resource, n in corp.start_faces:
                state._dice[seat * N_RESOURCES + resource] += state._take(resource // 3, n)
            state._produce(seat)
        for seat in range(state._n):
            state._check_milestones(seat)


class Gift(Choice):
    """`D_GIFT` (to): `gift <resource>` (one of the seat's dice, as it shows) or `gift wild`
    (a wild token), given to seat `to`; with nothing to give it lapses."""

    kind = D_GIFT

    @staticmethod
    def legal(state: TurnRules, frame: Task) -> list[int]:
        seat = frame[1]
        off = seat * N_RESOURCES
        base = state._game.codec.gift
        options = [base + r for r in range(N_RESOURCES) if state._dice[off + r]]
        if state._wild[seat]:
            options.append(base + WILD)
        return options

    @staticmethod
    def apply(state: TurnRules, frame: Task, action: int) -> None:
        _, seat, to = frame
        item = state._game.codec.arg[action]
        if item == WILD:
            state._wild[seat] -= 1
            state._wild[to] += 1
        else:
            state._dice[seat * N_RESOURCES + item] -= 1
            state._dice[to * N_RESOURCES + item] += 1
