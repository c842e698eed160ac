"""Milestones and awards of Tharsis (`data/milestones_awards.json`).

Milestones: claimed as an action for 8 M€ when the condition holds now; at most 3
per game, each once; 5 VP each at the end. Awards: funded as an action for 8, 14,
then 20 M€ (by order of funding, anyone's); at most 3, each once. At the end the
most = 5 VP, second = 2 VP; a tie for first gives every tied seat 5 VP and no
second place; a tie for second gives every tied seat 2 VP; with 2 players only
first place scores. A tie at 0 still scores (as the reference implementation does).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ludoteca.games.terraforming_mars.cards import TMDataError
from ludoteca.games.terraforming_mars.constants import (
    CITY_TILES,
    GREENERY,
    N_AWARDS,
    N_MILESTONES,
    NR,
    NT,
    OCEAN,
    RESOURCE_INDEX,
    TAG_INDEX,
    slot,
)
from ludoteca.games.terraforming_mars.payment import can_afford

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.scoring import BoardCounts
    from ludoteca.games.terraforming_mars.state import TMState


@dataclass(frozen=True, slots=True)
class Goal:
    id: str
    name: str
    metric: str
    min: int = 0
    tag: int = -1
    resources: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Rules:
    milestones: tuple[Goal, ...]
    awards: tuple[Goal, ...]
    claim_cost: int
    max_claimed: int
    milestone_vp: int
    fund_costs: tuple[int, ...]
    first_vp: int
    second_vp: int


_MILESTONE_METRICS = {"terraform_rating", "city_tiles_owned", "greenery_tiles_owned", "tags_in_play",
                      "cards_in_hand"}
_AWARD_METRICS = {"tiles_owned", "production", "tags_in_play", "resources"}


def _goal(raw: dict[str, Any], award: bool) -> Goal:
    spec = raw["metric"] if award else raw["condition"]
    metric = spec["metric"]
    if metric not in (_AWARD_METRICS if award else _MILESTONE_METRICS):
        raise TMDataError(f"{raw['id']}: unknown metric {metric!r}")
    tag = TAG_INDEX[spec["tag"]] if "tag" in spec else -1
    res: tuple[int, ...] = ()
    if metric == "production":
        res = (RESOURCE_INDEX[spec["resource"]],)
    elif metric == "resources":
        res = tuple(RESOURCE_INDEX[r] for r in spec["resources"])
    return Goal(raw["id"], raw["name"], metric, int(spec.get("min", 0)), tag, res)


@cache
def tharsis_rules() -> Rules:
    text = resources.files(__package__).joinpath("data/milestones_awards.json").read_text(encoding="utf-8")
    data = json.loads(text)
    m, a = data["rules"]["milestones"], data["rules"]["awards"]
    rules = Rules(
        milestones=tuple(_goal(x, False) for x in data["milestones"]),
        awards=tuple(_goal(x, True) for x in data["awards"]),
        claim_cost=int(m["claim_cost_megacredits"]), max_claimed=int(m["max_claimed_per_game"]),
        milestone_vp=int(m["vp_each"]), fund_costs=tuple(a["funding_costs_megacredits"]),
        first_vp=int(a["vp"]["first"]), second_vp=int(a["vp"]["second"]))
    if len(rules.milestones) != N_MILESTONES or len(rules.awards) != N_AWARDS:
        raise TMDataError(f"Tharsis has {N_MILESTONES} milestones and {N_AWARDS} awards")
    return rules


def metric(st: TMState, seat: int, goal: Goal, counts: BoardCounts | None = None) -> int:
    """`seat`'s standing in a milestone or award (`counts`: the board's tile counts,
    when already made, for speed)."""
    m = goal.metric
    if m == "terraform_rating":
        return st.tr[seat]
    if m == "city_tiles_owned":
        if counts is not None:
            return counts.cities[seat]
        return sum(1 for s, k in enumerate(st.tiles) if k in CITY_TILES and st.owner[s] == seat)
    if m == "greenery_tiles_owned":
        if counts is not None:
            return counts.greenery[seat]
        return sum(1 for s, k in enumerate(st.tiles) if k == GREENERY and st.owner[s] == seat)
    if m == "tags_in_play":
        return st.tags[seat * NT + goal.tag]
    if m == "cards_in_hand":
        return len(st.hand[seat])
    if m == "tiles_owned":
        if counts is not None:
            return counts.tiles[seat]
        return sum(1 for s, k in enumerate(st.tiles) if k != OCEAN and st.owner[s] == seat)
    base = slot(seat)
    if m == "production":
        return st.prod[base + goal.resources[0]]
    res, total = st.res, 0
    for r in goal.resources:  # a loop, not sum() of a generator: awards read this at every VP count
        total += res[base + r]
    return total


def standings(st: TMState, goal: Goal, counts: BoardCounts | None = None) -> list[int]:
    """Every seat's `metric` in `goal`, seat by seat (a new list): the per-seat lists read by
    slices where the metric is one entry a seat, `metric` itself otherwise."""
    m = goal.metric
    if m == "terraform_rating":
        return st.tr.copy()
    if m == "tags_in_play":
        return st.tags[goal.tag::NT]
    if m == "production":
        return st.prod[goal.resources[0]::NR]
    if m == "resources" and len(goal.resources) == 1:
        return st.res[goal.resources[0]::NR]
    return [metric(st, p, goal, counts) for p in range(st.n)]


def claimable(st: TMState, seat: int, k: int) -> bool:
    rules = st.game.rules
    if st.solo or st.milestones[k] >= 0 or sum(1 for c in st.milestones if c >= 0) >= rules.max_claimed:
        return False
    goal = rules.milestones[k]
    return can_afford(st, seat, rules.claim_cost) and metric(st, seat, goal) >= goal.min


def claimable_milestones(st: TMState, seat: int, cash: int) -> list[int]:
    """`claimable` for every milestone at once, given the seat's M€ (+ Helion's heat)."""
    rules = st.game.rules
    claimed = st.milestones
    if st.solo or cash < rules.claim_cost or sum(1 for c in claimed if c >= 0) >= rules.max_claimed:
        return []
    return [k for k, goal in enumerate(rules.milestones)
            if claimed[k] < 0 and metric(st, seat, goal) >= goal.min]


def fundable_awards(st: TMState, seat: int, cash: int) -> list[int]:
    """`fundable` for every award at once."""
    awards = st.awards
    funded = sum(1 for f in awards if f >= 0)
    costs = st.game.rules.fund_costs
    if st.solo or funded >= len(costs) or cash < costs[funded]:
        return []
    return [k for k in range(len(awards)) if awards[k] < 0]


def fund_cost(st: TMState) -> int:
    funded = sum(1 for f in st.awards if f >= 0)
    costs = st.game.rules.fund_costs
    return costs[min(funded, len(costs) - 1)]


def fundable(st: TMState, seat: int, k: int) -> bool:
    funded = sum(1 for f in st.awards if f >= 0)
    if st.solo or st.awards[k] >= 0 or funded >= len(st.game.rules.fund_costs):
        return False
    return can_afford(st, seat, fund_cost(st))


def award_vp(st: TMState, counts: BoardCounts | None = None) -> list[list[tuple[str, int]]]:
    """Per seat, the (award id, VP) won in the funded awards."""
    return ranked_awards(st, funded_standings(st, counts))


def funded_standings(st: TMState, counts: BoardCounts | None = None) -> list[list[int]]:
    """`standings` of every funded award, in award order."""
    goals = st.game.rules.awards
    return [standings(st, goals[k], counts) for k, funder in enumerate(st.awards) if funder >= 0]


def ranked_awards(st: TMState, values: list[list[int]]) -> list[list[tuple[str, int]]]:
    """`award_vp` from the funded awards' standings (`funded_standings`): first place (ties
    share it) scores `first_vp`; with more than two players and a single first, second
    place (ties share it) scores `second_vp`."""
    rules = st.game.rules
    n = st.n
    out: list[list[tuple[str, int]]] = [[] for _ in range(n)]
    funded = [k for k, funder in enumerate(st.awards) if funder >= 0]
    for k, standing in zip(funded, values, strict=True):
        goal = rules.awards[k]
        best = max(standing)
        firsts = [p for p in range(n) if standing[p] == best]
        for p in firsts:
            out[p].append((goal.id, rules.first_vp))
        if len(firsts) == 1 and n > 2:
            rest = [v for p, v in enumerate(standing) if p not in firsts]
            second = max(rest)
            for p in range(n):
                if p not in firsts and standing[p] == second:
                    out[p].append((goal.id, rules.second_vp))
    return out
