"""The game's components, loaded from `data/*.json` and checked on load.

Every component is data: dice faces (`dice.json`), the map (`map.json`), the global
parameters (`tracks.json`), the rules' numbers and conversions (`rules.json`),
project cards (`cards.json`), corporations (`corporations.json`), bonus cards
(`bonus_cards.json`) and milestones (`milestones.json`). The format is documented
in `docs/tm-dice.md`; an owner of the printed game can replace our stand-ins by
editing these files only. `load_content()` refuses data that breaks the format,
naming the record and the problem.

Each record carries a `status`: `official` (a rules-level source), `observed` (a
play report or review; the parts listed in `standin_parts` are ours) or `standin`
(Ludoteca's own design, ids starting `pd_`). Anything not `official` is labelled
as ours wherever it is shown.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ludoteca.games.tm_dice.cards import Card, parse_cards
from ludoteca.games.tm_dice.dice import N_COLOURS
from ludoteca.games.tm_dice.ops import ContentDataError, OpCompiler, Ops
from ludoteca.games.tm_dice.tasks import CITY, FOREST, OCEANS, OP_PLACE, OXYGEN, PARAMETERS, TEMPERATURE

STANDIN_LABEL = "Ludoteca stand-in (not official)"
PARTIAL_LABEL = "observed in play; parts are a Ludoteca stand-in (not official)"
STATUSES = ("official", "observed", "standin")
MILESTONE_KINDS = ("tiles", "production_dice", "cards", "dice_at_turn_start", "terraform", "cost_colours")


def label(status: str, standin_parts: tuple[str, ...] = ()) -> str:
    """How a component's origin is shown: '' for official data."""
    if status == "standin":
        return STANDIN_LABEL
    if status == "observed" and standin_parts:
        return PARTIAL_LABEL
    return ""


@dataclass(frozen=True, slots=True)
class Area:
    index: int
    label: str
    q: int
    r: int
    ocean: bool
    bonus: Ops
    bonus_text: tuple[dict[str, Any], ...]


@dataclass(frozen=True, slots=True)
class Parameter:
    index: int
    id: str
    name: str
    unit: str
    start: int
    step: int
    steps: int
    bonuses: tuple[Ops, ...]  # per position 0..steps: effects of reaching it
    status: str

    def value(self, position: int) -> int:
        return self.start + self.step * position


@dataclass(frozen=True, slots=True)
class Milestone:
    index: int
    id: str
    name: str
    kind: str
    arg: int  # tile code, card colour, or -1
    n: int
    status: str
    text: str


@dataclass(frozen=True, slots=True)
class Conversion:
    index: int
    id: str
    cost: tuple[int, ...]
    ops: Ops
    place: int  # tile the conversion places (needs a free area), or 0


@dataclass(frozen=True, slots=True)
class Content:
    colours: tuple[str, ...]
    colour_status: tuple[str, ...]
    resources: tuple[str, ...]  # ids, r = 3 * colour + rarity
    resource_names: tuple[str, ...]
    resource_status: tuple[str, ...]
    face_counts: tuple[int, ...]  # per resource: faces of its die showing it (3, 2 or 1)
    dice_per_colour: int
    areas: tuple[Area, ...]
    neighbours: tuple[tuple[int, ...], ...]
    map_status: str
    parameters: tuple[Parameter, ...]
    cards: tuple[Card, ...]  # projects, then bonus cards, then corporations
    n_projects: int
    n_bonus: int
    n_corps: int
    milestones: tuple[Milestone, ...]
    conversions: tuple[Conversion, ...]
    rules: dict[str, Any]

    @property
    def bonus_base(self) -> int:
        return self.n_projects

    @property
    def corp_base(self) -> int:
        return self.n_projects + self.n_bonus

    def card(self, card_id: str) -> Card:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)


def _read(name: str) -> dict[str, Any]:
    text = resources.files(__package__).joinpath(f"data/{name}").read_text(encoding="utf-8")
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ContentDataError(f"{name}: the file must hold one JSON object")
    return data


def _schema(data: dict[str, Any], name: str, schema: str) -> None:
    if data.get("schema") != schema:
        raise ContentDataError(f"{name}: 'schema' must be {schema!r}, got {data.get('schema')!r}")


def _dice(data: dict[str, Any]) -> tuple[list[str], list[str], list[str], list[str], list[str], list[int]]:
    _schema(data, "dice.json", "tm-dice-dice/1")
    colours = data.get("colours")
    if not isinstance(colours, list) or len(colours) != N_COLOURS:
        raise ContentDataError(f"dice.json: 'colours' must list {N_COLOURS} colours")
    ids, status, res, names, res_status, counts = [], [], [], [], [], []
    for c in colours:
        cid = c.get("id")
        faces = c.get("faces")
        if not isinstance(faces, list) or len(faces) != 3:
            raise ContentDataError(f"dice.json: colour {cid!r} needs 3 resources in 'faces'")
        if [f.get("faces") for f in faces] != [3, 2, 1]:
            raise ContentDataError(
                f"dice.json: colour {cid!r} must list its resources on 3, 2 and 1 faces, in that order")
        if c.get("status") not in STATUSES:
            raise ContentDataError(f"dice.json: colour {cid!r} has an unknown status {c.get('status')!r}")
        ids.append(cid)
        status.append(c["status"])
        for f in faces:
            rid = f.get("resource")
            if f.get("status") not in STATUSES:
                raise ContentDataError(f"dice.json: resource {rid!r} has an unknown status")
            res.append(rid)
            names.append(str(f.get("name", rid)))
            res_status.append(f["status"])
            counts.append(f["faces"])
    if len(set(ids)) != N_COLOURS or len(set(res)) != len(res) or set(ids) & set(res):
        raise ContentDataError("dice.json: colour and resource ids must all be different")
    if not all(isinstance(x, str) and x for x in ids + res):
        raise ContentDataError("dice.json: every colour and resource needs a non-empty string id")
    if not isinstance(data.get("dice_per_colour"), int) or data["dice_per_colour"] < 1:
        raise ContentDataError("dice.json: 'dice_per_colour' must be a positive integer")
    return ids, status, res, names, res_status, counts


def _areas(data: dict[str, Any], ops: OpCompiler) -> tuple[tuple[Area, ...], tuple[tuple[int, ...], ...]]:
    _schema(data, "map.json", "tm-dice-map/1")
    raw = data.get("areas")
    if not isinstance(raw, list) or not raw:
        raise ContentDataError("map.json: 'areas' must be a non-empty list")
    areas = []
    for i, a in enumerate(raw):
        lab, q, r = a.get("label"), a.get("q"), a.get("r")
        if not isinstance(lab, str) or " " in lab or not lab or type(q) is not int or type(r) is not int:
            raise ContentDataError(f"map.json: area {i} needs a label without spaces and integer q, r")
        bonus = a.get("bonus", [])
        areas.append(Area(i, lab, q, r, bool(a.get("ocean", False)),
                          ops.compile(bonus, f"map.json area {lab}"), tuple(bonus)))
    if len({a.label for a in areas}) != len(areas) or len({(a.q, a.r) for a in areas}) != len(areas):
        raise ContentDataError("map.json: area labels and coordinates must be unique")
    at = {(a.q, a.r): a.index for a in areas}
    steps = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))
    neighbours = tuple(
        tuple(sorted(at[(a.q + dq, a.r + dr)] for dq, dr in steps if (a.q + dq, a.r + dr) in at))
        for a in areas)
    return tuple(areas), neighbours


def _parameters(data: dict[str, Any], ops: OpCompiler) -> tuple[Parameter, ...]:
    _schema(data, "tracks.json", "tm-dice-tracks/1")
    raw = data.get("parameters")
    if not isinstance(raw, list) or [p.get("id") for p in raw] != list(PARAMETERS):
        raise ContentDataError(f"tracks.json: 'parameters' must be {', '.join(PARAMETERS)}, in that order")
    out = []
    for i, p in enumerate(raw):
        start, step, steps = p.get("start"), p.get("step"), p.get("steps")
        if not all(type(x) is int for x in (start, step, steps)) or step < 1 or steps < 1:
            raise ContentDataError(f"tracks.json: {p['id']} needs integer start, step >= 1 and steps >= 1")
        bonuses: list[Ops] = [()] * (steps + 1)
        for b in p.get("bonuses", []):
            at = b.get("at")
            k, rem = divmod(at - start, step) if type(at) is int else (-1, 1)
            if rem or not 1 <= k <= steps:
                raise ContentDataError(f"tracks.json: {p['id']} bonus at {at!r} is not a step of the track")
            bonuses[k] = ops.compile(b.get("ops", []), f"tracks.json {p['id']} bonus at {at}")
        if i == OCEANS and any(bonuses):
            raise ContentDataError("tracks.json: oceans cannot have track bonuses (areas have them)")
        out.append(Parameter(i, p["id"], str(p.get("name", p["id"])), str(p.get("unit", "")), start, step,
                             steps, tuple(bonuses), str(p.get("status", "official"))))
    return tuple(out)


def _milestones(data: dict[str, Any], colours: dict[str, int]) -> tuple[Milestone, ...]:
    _schema(data, "milestones.json", "tm-dice-milestones/1")
    out = []
    tiles = {"forest": FOREST, "city": CITY, "ocean": 1}
    card_colours = {"green": 0, "red": 1, "blue": 2}
    for i, m in enumerate(data.get("milestones", [])):
        req = m.get("requirement", {})
        kind, n = req.get("kind"), req.get("n")
        where = f"milestones.json {m.get('id')!r}"
        if kind not in MILESTONE_KINDS or type(n) is not int or n < 1:
            raise ContentDataError(f"{where}: requirement kind must be one of {MILESTONE_KINDS} with n >= 1")
        if m.get("status") not in STATUSES:
            raise ContentDataError(f"{where}: unknown status {m.get('status')!r}")
        arg = -1
        if kind == "tiles":
            if req.get("tile") not in tiles:
                raise ContentDataError(f"{where}: tile must be forest, city or ocean")
            arg = tiles[req["tile"]]
        elif kind == "cards":
            if req.get("colour") not in card_colours:
                raise ContentDataError(f"{where}: colour must be green, red or blue")
            arg = card_colours[req["colour"]]
        text = {
            "tiles": f"have placed {n} {req.get('tile')} tiles",
            "production_dice": f"have {n} dice in your production boxes",
            "cards": f"have {n} {req.get('colour')} cards in play (bonus cards count)",
            "dice_at_turn_start": f"hold {n} dice at the start of your turn",
            "terraform": f"have made {n} terraforming steps",
            "cost_colours": f"show all {n} die colours in the costs of your played cards"
            if n == len(colours) else f"show {n} die colours in the costs of your played cards",
        }[kind]
        out.append(Milestone(i, str(m.get("id")), str(m.get("name")), kind, arg, n, m["status"], text))
    if len({m.id for m in out}) != len(out):
        raise ContentDataError("milestones.json: duplicate ids")
    return tuple(out)


def _rules(data: dict[str, Any], ops: OpCompiler) -> tuple[dict[str, Any], tuple[Conversion, ...]]:
    _schema(data, "rules.json", "tm-dice-rules/1")
    for key in ("hand_size", "corporations_dealt", "keep_dice", "terraform_vp", "terraform_vp_complete",
                "milestones_in_play", "milestone_vp", "awards_in_play", "support_draw",
                "award_second_place_min_players"):
        if type(data.get(key)) is not int or data[key] < 0:
            raise ContentDataError(f"rules.json: {key!r} must be a non-negative integer")
    if sorted(data.get("bonus_stack", {})) != ["1", "2", "3", "4"]:
        raise ContentDataError("rules.json: 'bonus_stack' needs a size for 1, 2, 3 and 4 players")
    if data["awards_in_play"] > N_COLOURS:
        raise ContentDataError("rules.json: at most one award die per colour")
    conversions = []
    for i, c in enumerate(data.get("conversions", [])):
        where = f"rules.json conversion {c.get('id')!r}"
        compiled = ops.compile(c.get("ops", []), where)
        place = next((op[1] for op in compiled if op[0] == OP_PLACE and op[1] in (FOREST, CITY)), 0)
        conversions.append(Conversion(i, str(c["id"]), ops.cost(c.get("cost", []), where), compiled, place))
    solo = data.get("solo", {})
    if type(solo.get("turns")) is not int or not isinstance(solo.get("milestone_timer"), list):
        raise ContentDataError("rules.json: 'solo' needs 'turns' and 'milestone_timer'")
    return data, tuple(conversions)


@cache
def load_content() -> Content:
    """All components of the packaged data, checked (cached: load once per process)."""
    colours, colour_status, res, names, res_status, counts = _dice(dice := _read("dice.json"))
    ops = OpCompiler(colours, res)
    areas, neighbours = _areas(map_data := _read("map.json"), ops)
    parameters = _parameters(_read("tracks.json"), ops)
    if sum(a.ocean for a in areas) < parameters[OCEANS].steps:
        raise ContentDataError("map.json: fewer ocean areas than ocean tiles")
    rules, conversions = _rules(_read("rules.json"), ops)
    projects = parse_cards(_read("cards.json"), "cards.json", "tm-dice-cards/1", "cards", "project", ops, 0)
    bonus = parse_cards(_read("bonus_cards.json"), "bonus_cards.json", "tm-dice-bonus/1", "cards", "bonus",
                        ops, len(projects))
    corps = parse_cards(_read("corporations.json"), "corporations.json", "tm-dice-corporations/1",
                        "corporations", "corporation", ops, len(projects) + len(bonus))
    cards = projects + bonus + corps
    if len({c.id for c in cards} | set(res) | set(colours)) != len(cards) + len(res) + len(colours):
        raise ContentDataError("card, corporation, bonus card, colour and resource ids must all differ")
    if max(int(k) for k in rules["bonus_stack"]) and max(rules["bonus_stack"].values()) > len(bonus):
        raise ContentDataError("rules.json: a bonus stack is larger than the bonus deck")
    milestones = _milestones(_read("milestones.json"), dict(zip(colours, range(N_COLOURS), strict=True)))
    if len(milestones) < rules["milestones_in_play"]:
        raise ContentDataError("milestones.json: fewer milestones than rules.json puts in play")
    if len(corps) < 4 * rules["corporations_dealt"]:
        raise ContentDataError("corporations.json: too few corporations to deal 4 players")
    deck = sum(c.copies for c in projects)
    if deck < 4 * rules["hand_size"]:
        raise ContentDataError("cards.json: too few project cards to deal 4 hands")
    return Content(
        colours=tuple(colours), colour_status=tuple(colour_status), resources=tuple(res),
        resource_names=tuple(names), resource_status=tuple(res_status), face_counts=tuple(counts),
        dice_per_colour=dice["dice_per_colour"], areas=areas, neighbours=neighbours,
        map_status=str(map_data.get("status", "standin")), parameters=parameters, cards=cards,
        n_projects=len(projects), n_bonus=len(bonus), n_corps=len(corps), milestones=milestones,
        conversions=conversions, rules=rules,
    )


__all__ = [
    "OCEANS",
    "OXYGEN",
    "TEMPERATURE",
    "Area",
    "Content",
    "ContentDataError",
    "Conversion",
    "Milestone",
    "Parameter",
    "label",
    "load_content",
]
