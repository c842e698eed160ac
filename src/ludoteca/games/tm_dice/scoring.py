"""Final scoring: the VP track, milestones, awards and end-game VP of cards.

* Milestones: 4 VP each to the seat that claimed it.
* Awards (2+ players): for each award die, each seat counts that symbol among the
  printed cost icons of its cards in play (exact faces only; the "?" icons show no
  symbol). Most: 5 VP, all tied seats alike, and then no second place; otherwise
  the next count: 3 VP to each seat with it — but only from 3 players up. A seat
  showing none of the symbol scores nothing for it.
* Solo: an award die is a target — at least 6 of a common face (3 faces on its
  die), 4 of an uncommon one (2 faces), 2 of the rare one — worth 5 VP (numbers
  are Ludoteca stand-ins). The solo game is won only with all three parameters
  complete; a lost solo game scores 0.
* Tie-break: the most dice icons in production boxes (corporation and green cards).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.tm_dice.base import C_PROD, C_VP_END, C_WIDTH

if TYPE_CHECKING:
    from ludoteca.games.tm_dice.state import TMDiceState
    from ludoteca.games.tm_dice.turns import TurnRules


def symbol_counts(state: TMDiceState | TurnRules, resource: int) -> list[int]:
    """Per seat: icons showing `resource` in the printed costs of its cards in play."""
    game = state._game
    t = game.n_cards
    tableau = state._tableau
    out = []
    for seat in range(state._n):
        off = seat * t
        out.append(sum(tableau[off + c] * game.cost_icon_counts[c][resource] for c in game.costed_cards))
    return out


def award_points(state: TMDiceState | TurnRules) -> list[int]:
    """VP each seat gets from the awards, as they stand now."""
    game = state._game
    n = state._n
    points = [0] * n
    rules = game.content.rules
    for resource in state._awards:
        counts = symbol_counts(state, resource)
        if game.solo:
            need = rules["solo"]["award_thresholds"][str(game.content.face_counts[resource])]
            if counts[0] >= need:
                points[0] += rules["solo"]["award_vp"]
            continue
        first_vp, second_vp = rules["award_vp"]
        best = max(counts)
        if best <= 0:
            continue
        firsts = [s for s in range(n) if counts[s] == best]
        for s in firsts:
            points[s] += first_vp
        if len(firsts) == 1 and n >= rules["award_second_place_min_players"]:
            second = max((c for c in counts if c < best), default=0)
            if second > 0:
                for s in range(n):
                    if counts[s] == second:
                        points[s] += second_vp
    return points


def milestone_points(state: TMDiceState | TurnRules) -> list[int]:
    vp = state._game.content.rules["milestone_vp"]
    points = [0] * state._n
    for owner in state._ms_owner:
        if owner >= 0:
            points[owner] += vp
    return points


def production_dice(state: TMDiceState | TurnRules, seat: int) -> int:
    base = seat * C_WIDTH + C_PROD
    return sum(state._counts[base:base + 6])


def final_scores(state: TMDiceState | TurnRules) -> tuple[dict[str, int], ...]:
    awards = award_points(state)
    milestones = milestone_points(state)
    won = all(state.complete())
    out = []
    for seat in range(state._n):
        cards = state._counts[seat * C_WIDTH + C_VP_END]
        total = state._vp[seat] + milestones[seat] + awards[seat] + cards
        row = {"track": state._vp[seat], "milestones": milestones[seat], "awards": awards[seat],
               "cards": cards, "total": total, "production_dice": production_dice(state, seat)}
        if state._game.solo:
            row["won"] = int(won)
            if not won:
                row["total"] = 0
        out.append(row)
    return tuple(out)
