"""Kinds of the frames (pending tasks) kept on the state's stack (plain tuples, never closures).

A frame is `(kind, seat, *args)`; the top of the stack says what happens next. Card
and map effects (`OP_*`) are compiled from the data files into the same tuples minus
the seat, so pushing an effect is `(op[0], seat, *op[1:])`.

Every kind has one handler class (`core.decisions`) in the module of its rule area
(`setup`, `turns`, `production`, `order`, `effects`), listed in `state.HANDLERS`;
by role:

* chance (`C_*`): the next outcome is a chance action;
* decision (`D_*`, and the effects that need a choice: `OP_PLACE`, `OP_TURN_DIE`):
  the frame's seat chooses;
* automatic (`A_*` and the other `OP_*`): resolved by the rules at once.

Kinds are grouped in ranges by family and are part of the recorded state (`full_state`
shows the stack), so they never change.
"""

from __future__ import annotations

# ---- effects (from the data; args after the seat)
OP_GAIN_DIE = 1  # colour (ANY_COLOUR: the white die, choose a colour first), n
OP_GAIN_DICE_ONE_COLOUR = 2  # n: choose one colour, gain n dice of it
OP_GAIN_FACE = 3  # resource, n: dice taken from the pool and set to that face
OP_GAIN_WILD = 4  # n
OP_GAIN_VP = 5  # n
OP_DRAW = 6  # n
OP_RAISE = 7  # parameter (TEMPERATURE, OXYGEN), n steps
OP_PLACE = 8  # tile (OCEAN, FOREST, CITY, SPECIAL): the seat chooses the area
OP_TURN_DIE = 9  # optional (1: "skip" allowed): turn one of your dice to another face
OP_OPPONENTS_LOSE = 10  # resource: every opponent loses one die showing it, if any

# ---- chance
C_BONUS_STACK = 20  # k cards still to set aside as the bonus stack (seat -1)
C_AWARD = 21  # award slot (seat -1)
C_MILESTONE = 22  # milestone slot (seat -1)
C_DEAL_CORP = 23  # n corporations still to deal to the seat
C_DRAW = 24  # n cards still to draw
C_ROLL = 25  # colour, n dice already taken from the pool, still to roll

# ---- decisions
D_CORP = 30  # choose the kept corporation
D_GIFT = 31  # to: the first player gives one resource to the last player
D_TURN = 32  # production turn or action turn (free actions allowed)
D_SUPPORT = 33  # one support action
D_MAIN = 34  # one main action (free actions allowed)
D_END = 35  # end the turn (free actions allowed)
D_KEEP = 36  # slots left, kept dice so far (tuple of 15 counts)
D_DISCARD = 37  # discard hand cards, or done
D_PAY = 38  # icons still to pay (sorted), reserve: dice that must remain
D_COLOUR = 39  # n: choose a colour, gain n dice of it
D_WHITE = 40  # left, chosen (tuple of 5 counts): colours of the white production dice
D_BONUS = 41  # choose a bonus card from the bonus stack
D_ORDER = 42  # ops (tuple of effects): a played card's effects still to resolve, the next one chosen

# ---- automatic
A_REVEAL = 50  # every corporation is revealed; start bonuses and first production
A_START_TURN = 51
A_TURN_END = 52
A_PRODUCE = 53
A_PROD_TAKE = 54  # extra (tuple of 5 counts): white dice by colour; white dice that found no colour
A_DRAW_TO = 55  # draw up to the hand size
A_REFRESH = 56  # used blue cards stand up again
A_RESOLVE = 57  # card: a paid (or free) card enters play and its effects resolve

# ---- parameters and tiles
TEMPERATURE, OXYGEN, OCEANS = 0, 1, 2
PARAMETERS = ("temperature", "oxygen", "oceans")
OCEAN, FOREST, CITY, SPECIAL = 1, 2, 3, 4  # board codes; 0 = empty
TILES = ("", "ocean", "forest", "city", "special")

# ---- card colours and action timings
GREEN, RED, BLUE = 0, 1, 2
CARD_COLOURS = ("green", "red", "blue")
SUPPORT, MAIN, FREE = 0, 1, 2
TIMINGS = ("support", "main", "free")
