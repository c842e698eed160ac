"""The pending work of a Carcassonne turn: frames on the stack of `core.decisions`.

A turn is a short sequence of phases, never a nesting of decisions, so the state's
stack (`CarcassonneState._stack`) holds exactly **one frame, the phase**, until the game
is over (an empty stack is the terminal state). A frame is the tuple `(kind, seat)`:
the phase and the seat that decides it (`CHANCE` for a draw), so the seat to move is
one index and a copy of the stack is a copy of one small list. Each kind has one
handler class, next to its rule code, listed in `state.TABLE`; the handler is given
the frame already popped, resolves the action (legality and effect side by side) and
pushes the frame that follows:

| kind          | handler                      | seat      | options                                  |
| ------------- | ---------------------------- | --------- | ---------------------------------------- |
| DRAW          | `state.DrawTile` (chance)    | CHANCE    | a tile type left in the bag              |
| PLACE         | `state.PlaceTile`            | turn's    | `place`: where the tile fits             |
| MEEPLE        | `state.PlaceMeeple`          | turn's    | `meeple`, `big`, `skip`                  |
| START         | `wonder_turns.StartTurn`     | turn's    | `hold`, `place-wonder` (or `helper`)     |
| HELPER_WONDER | `wonder_turns.HelperWonder`  | turn's    | `place-wonder` touching the helper tile  |
| CHOOSE        | `wonder_turns.ChooseTile`    | turn's    | `choose`: Abu Simbel's tiles that fit    |
| WONDER_MEEPLE | `wonder_turns.WonderMeeples` | turn's    | `meeple`, `big` on the arms, `skip`      |
| ORDER         | `wonder_turns.ClaimOrder`    | turn's    | `order`: the claimants' permutations     |
| CLAIM         | `wonder_turns.ClaimWonder`   | claimant  | `wonder`: the display                    |

The frame that follows: DRAW -> PLACE, or DRAW again (a discard, Abu Simbel's first
tile), or CHOOSE; PLACE -> MEEPLE, or HELPER_WONDER after a helper tile; START -> DRAW
(`hold`, `helper`) or WONDER_MEEPLE; HELPER_WONDER -> WONDER_MEEPLE; CHOOSE -> PLACE;
WONDER_MEEPLE -> WONDER_MEEPLE after a first meeple; ORDER -> CLAIM; CLAIM -> CLAIM for
the next claimant, else the next turn. MEEPLE, WONDER_MEEPLE and a turn that places
nothing end the turn: it scores; then come ORDER or CLAIM if seats earned a Wonder, else
the next turn's START (a held Wonder) or DRAW, or nothing: the final scoring ran.

    DRAW (chance) --tile fits--> PLACE --> MEEPLE --> (score) --> next turn, or game over
         \\--tile fits nowhere: discarded, DRAW again (or game over if the bag is empty)

No handler is automatic or forced and every decision offers at least one option, so
the stack is always settled: `FrameTable.settle` only lists the top decision's options
and changes nothing, which is why `legal_actions` may ask it lazily.
"""

from __future__ import annotations

from typing import Any, ClassVar

from ludoteca.core.api import CHANCE

#: the phases, i.e. the kinds of frames
(PHASE_DRAW, PHASE_PLACE, PHASE_MEEPLE, PHASE_START, PHASE_WONDER_MEEPLE, PHASE_ORDER, PHASE_CLAIM,
 PHASE_CHOOSE, PHASE_HELPER_WONDER) = range(9)
#: a frame: (kind, the seat that decides it)
Frame = tuple[int, int]
#: the draw's frame: chance decides
DRAW_FRAME: Frame = (PHASE_DRAW, CHANCE)
#: the phases that put meeples on tiles: notation names a meeple's feature there
MEEPLE_PHASES = frozenset((PHASE_MEEPLE, PHASE_WONDER_MEEPLE))

# where a turn's tile comes from: drawn; a helper tile (D13); Abu Simbel's kept tile (D20)
MODE_NORMAL, MODE_HELPER, MODE_KEPT = 0, 1, 2


class Phase:
    """What a Carcassonne handler adds to its `core.decisions` role (`Decision`, or
    `Chance` for the draw): the phase's name (`state.phase()`) and `describe`, the
    decision it asks as (kind, short text) — the `State._decision` hook."""

    name: ClassVar[str]

    @staticmethod
    def describe(state: Any, frame: Frame) -> tuple[str, str]:
        raise NotImplementedError
