"""The turn's state machine in Carcassonne: phases, and where a turn's tile comes from.

    DRAW (chance) --tile fits--> PLACE --> MEEPLE --> (score) --> next turn, or OVER
         \\--tile fits nowhere: discarded, DRAW again (or OVER if the bag is empty)

The Wonders add START (a holder's turn: `hold`, `place-wonder` or `helper`),
WONDER_MEEPLE (up to two meeples on the Wonder), ORDER and CLAIM (earning Wonders at
the end of a turn), CHOOSE (Abu Simbel's choice of two tiles) and HELPER_WONDER (the
Wonder placed next to a helper tile).
"""

(PHASE_DRAW, PHASE_PLACE, PHASE_MEEPLE, PHASE_OVER, PHASE_START, PHASE_WONDER_MEEPLE,
 PHASE_ORDER, PHASE_CLAIM, PHASE_CHOOSE, PHASE_HELPER_WONDER) = range(10)
PHASE_NAMES = ("draw", "place", "meeple", "over", "start", "wonder-meeple", "order", "claim",
               "choose", "place-wonder")

# where a turn's tile comes from: drawn; a helper tile (D13); Abu Simbel's kept tile (D20)
MODE_NORMAL, MODE_HELPER, MODE_KEPT = 0, 1, 2
