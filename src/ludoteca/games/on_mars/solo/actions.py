"""Lacerda's actions and how he resolves every choice (rules 12.2-12.3).

A solo card's action number (1-3) names an action on his side of the board:
Orbit 1 Obtain Blueprint, 2 Learn Technology, 3 Research & Development; Colony
1 Construct, 2 Upgrade, 3 Hire a Scientist / take an Earth Contract. He always puts
a colonist on the action (he has as many as he needs) and pays the extra placement
cost in crystals only. If he cannot pay, or the action is impossible for him, he
moves his rover instead. He never pays resources and never keeps any.

His choices, as the rules give them. Where the rules name a tie-break (leftmost card,
bottom tile...) it is used; where equally good options remain and the rules call it
unclear, the options are numbered in board order and a solo-card draw picks one
(`ties.choose`, a chance node; written "a draw" below):

* Blueprint: one whose building his Scientists score, else any; the first card of the
  display (the display is one left-to-right list in this engine).
* Tech: the cheapest tile on the grid (free bottom row, then middle, then top),
  leftmost on ties, onto the top free space of his Lab; the space's benefit is his.
* Development: first his most developed tile that can move, then his least
  developed; ties: the bottom tile. Free.
* Construct: the building his bot points at in the sequence Mine, Generator, Water
  Extractor, Greenhouse, Oxygen Condenser if its LSS marker is below the colony-level
  row (a Mine always qualifies), else the next one; anywhere on the map where the
  building rules allow it (no building zone), forming the largest complex any tech
  tile on the table allows, on a hex with no tile, crystal or piece if there is one
  (tied hexes: a draw); his bot then points at the type after the one built.
* Upgrade: a Blueprint of a type his Scientists score first, onto any matching
  building on the map, largest complex first (tied Blueprint-building pairs: a draw);
  with an Upgrade Tech (his or the player's) as many more as its level.
* Hire: while he has fewer than 2 Scientists, the one whose scored building has the
  most Blueprints taken by anyone; then the Earth Contract worth the most OP,
  completed at once (ties: a draw). Free.
* Rover: towards the nearest Research or Discovery tile he can claim (resource-only
  Discovery tiles are ignored; equally near tiles: a draw), 2 MP + the best Rover Tech,
  spending Depot crystals only when they let him reach the tile this turn; if he cannot,
  he stops as close to it as he can (a draw among the closest hexes). Step by step he
  goes through crystals where the choice is free, else the lowest hex id (not a draw:
  each step of each move would be one).
* Discovery tile: 3 hexes from his rover, as far as possible from the player's rover
  (tied hexes: a draw).
* A tile the player used (lent): he develops it for free at the end of the turn
  whenever it can move (the best option for him); its oxygen stays in the supply.
* Benefits: resources -> the most plentiful Warehouse item goes back to the supply
  (crystals first on ties; a crystal is his); tech -> as action 2; colonists -> a
  rover move; bot movement -> his bot moves one step along the sequence; Blueprint,
  upgrade, Discovery tile -> as the matching action. LSS benefit: his colonist comes
  back from the Scientist action if one is there, else 1 crystal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from ludoteca.core.decisions import Automatic, FrameTable
from ludoteca.games.on_mars.actions import BASE, WAREHOUSE_ITEMS
from ludoteca.games.on_mars.board import Hex, distance, hex_ids, map_hexes, neighbours
from ludoteca.games.on_mars.components import LSS_BUILDINGS, SCIENTISTS
from ludoteca.games.on_mars.construct import connects_to, same_type, tech_level
from ludoteca.games.on_mars.frames import Frame, push
from ludoteca.games.on_mars.lab import (
    _Develop,
    _LabSpace,
    _Learn,
    _LendDevelop,
    developable,
    free_spaces,
    grid_cost,
    lend,
    owned_types,
    tile_type,
    type_index,
)
from ludoteca.games.on_mars.model import ORBIT
from ludoteca.games.on_mars.movement import CENTRE, _DiscoveryHex, blocked, discovery_hexes, is_empty
from ludoteca.games.on_mars.orbit import _TakeBlueprint
from ludoteca.games.on_mars.payment import cost_units
from ludoteca.games.on_mars.rules import contribute, gain_crystals, placement_extra
from ludoteca.games.on_mars.scoring import complex_at
from ludoteca.games.on_mars.shuttle import LACERDA
from ludoteca.games.on_mars.solo.ties import choose
from ludoteca.games.on_mars.tiles import claim, research_card
from ludoteca.games.on_mars.upgrade import _UpgradeHex, upgrade_hexes

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState

HIRE = "hire_scientist_or_contract"
ORBIT_CARD_ACTIONS = ("obtain_blueprint", "learn_technology", "research_and_development")
COLONY_CARD_ACTIONS = ("construct_building", "upgrade_building", HIRE)
HUMAN = 0
#: axial offsets of the hexes 1 or 2 steps away
WITHIN_TWO = tuple(
    (dq, dr) for dq in range(-2, 3) for dr in range(-2, 3) if 0 < distance((dq, dr), (0, 0)) <= 2
)


def sequence(state: OnMarsState) -> list[str]:
    return list(state.om_game.components.raw["solo"]["bot_sequence"])


def scored_types(state: OnMarsState) -> set[str]:
    """Buildings his Scientists score."""
    by_id = {s["id"]: s["scores"] for s in state.om_game.components.scientists}
    return {by_id[s] for s in state.players[LACERDA].scientists}


# ------------------------------------------------------------------ his card action
def action_name(state: OnMarsState, number: int) -> str:
    names = ORBIT_CARD_ACTIONS if state.players[LACERDA].side == ORBIT else COLONY_CARD_ACTIONS
    return names[number - 1]


def possible(state: OnMarsState, action: str) -> bool:
    if action == "obtain_blueprint":
        return choose_blueprint(state) is not None
    if action == "learn_technology":
        return choose_tech(state) is not None
    if action == "research_and_development":
        return choose_development(state, 0) is not None
    if action == "construct_building":
        return choose_build(state) is not None
    if action == "upgrade_building":
        return bool(upgrade_options(state))
    return LACERDA not in state.slots[HIRE] and bool(hire_spaces(state))


def place(state: OnMarsState, action: str) -> bool:
    """Put his colonist on `action`, paying the extra cost in crystals; False if he can't."""
    slot = state.slots[action]
    removed, extra = placement_extra(state, LACERDA, action)
    board = state.players[LACERDA]
    if board.depot < extra:
        return False
    for other in removed:
        state.players[other].working += slot.count(other)
    slot[:] = [s for s in slot if s not in removed]
    slot.append(LACERDA)
    board.depot -= extra
    return True


def take_action(state: OnMarsState, number: int) -> None:
    """The card shows action `number`: do it on his side, or move his rover instead."""
    action = action_name(state, number)
    if not (possible(state, action) and place(state, action)):
        rover_move(state)
        return
    frame: Frame
    if action == "obtain_blueprint":
        frame = {"k": "take_blueprint", "seat": LACERDA, "left": 1}
    elif action == "learn_technology":
        frame = {"k": "learn", "seat": LACERDA, "left": 1}
    elif action == "research_and_development":
        frame = {"k": "develop", "seat": LACERDA, "left": 2, "free": True}
    elif action == "construct_building":
        frame = {"k": "build_type", "seat": LACERDA, "only": ""}
    elif action == "upgrade_building":
        own, human = tech_level(state, LACERDA, "upgrade"), tech_level(state, HUMAN, "upgrade")
        if human > own:
            lend(state, HUMAN, "upgrade")
        frame = {"k": "upgrade", "seat": LACERDA, "left": 1 + max(own, human)}
    else:
        frame = {"k": "hire", "seat": LACERDA}
    push(state, frame)


# ------------------------------------------------------------------ Orbit choices
def choose_blueprint(state: OnMarsState) -> int | None:
    if state.players[LACERDA].markers == 0 or not state.display:
        return None
    scored = scored_types(state)
    blueprints = state.om_game.components.blueprints
    preferred = [b for b in state.display if blueprints[b - 1].building in scored]
    return (preferred or state.display)[0]


def choose_tech(state: OnMarsState) -> int | None:
    if not free_spaces(state, LACERDA, 0):
        return None
    owned = owned_types(state, LACERDA)
    options = [i for i, t in enumerate(state.grid) if t is not None and tile_type(t) not in owned]
    return min(options, key=lambda i: (len(cost_units(grid_cost(state, i))), i), default=None)


def choose_development(state: OnMarsState, nth: int) -> str | None:
    """The `nth` development of a run: even -> most developed, odd -> least developed."""
    tiles = developable(state, LACERDA, free=True)
    if not tiles:
        return None
    lab = state.players[LACERDA].lab
    if nth % 2 == 0:
        return max(tiles, key=lambda t: (lab[t][0], lab[t][1]))
    return min(tiles, key=lambda t: (lab[t][0], -lab[t][1]))


def _develop(state: OnMarsState, frame: Frame) -> None:
    nth = frame.get("nth", 0)
    tile = choose_development(state, nth)
    if tile is None:
        return
    if frame["left"] > 1:
        push(state, {**frame, "left": frame["left"] - 1, "nth": nth + 1})
    _Develop.apply(state, {**frame, "left": 1, "free": True}, BASE["develop"] + type_index(state, tile))


def _learn(state: OnMarsState, frame: Frame) -> None:
    space = choose_tech(state)
    if space is None:
        return
    if frame["left"] > 1:
        push(state, {**frame, "left": frame["left"] - 1})
    _Learn.apply(state, {**frame, "left": 1}, BASE["grid"] + space)


def _lab_space(state: OnMarsState, frame: Frame) -> None:
    """Top free space first."""
    options = _LabSpace.legal(state, frame)
    if options:
        _LabSpace.apply(state, frame, min(options))


def _take_blueprint(state: OnMarsState, frame: Frame) -> None:
    blueprint = choose_blueprint(state)
    if blueprint is None:
        return
    if frame["left"] > 1:
        push(state, {**frame, "left": frame["left"] - 1})
    _TakeBlueprint.apply(state, {**frame, "left": 1}, BASE["blueprint"] + blueprint - 1)


def _warehouse(state: OnMarsState, frame: Frame) -> None:
    """The most plentiful Warehouse item (crystals first, then left to right) leaves it."""
    for _ in range(frame.get("left", 1)):
        item = max(WAREHOUSE_ITEMS, key=lambda i: (state.warehouse.get(i, 0), -WAREHOUSE_ITEMS.index(i)))
        if state.warehouse.get(item, 0) == 0:
            return
        state.warehouse[item] -= 1
        if item == "crystal":
            gain_crystals(state, LACERDA, 1)


# ------------------------------------------------------------------ Colony choices
def build_hexes(state: OnMarsState, kind: str) -> list[Hex]:
    """Where he may build `kind`: the hexes forming the largest complex the best tech on
    the table allows, an empty hex rather than one with a tile, crystal or piece; the
    tied hexes (an unclear tie) in hex-id order."""
    board = state.players[LACERDA]
    if kind == "shelter" and board.shelters_left == 0:
        return []
    if kind != "shelter" and not any(state.pools[f"building_{kind}"]):
        return []
    best_tech = max(tech_level(state, s, kind) for s in range(len(state.players)))
    ids = hex_ids()
    near: set[Hex] = set()  # hexes 1 or 2 steps from a building of the type
    for x, b in state.buildings.items():
        if same_type(state, b, kind, LACERDA):
            near.update((x[0] + dq, x[1] + dr) for dq, dr in WITHIN_TWO)
    keys: dict[Hex, tuple[int, int]] = {}
    for h in near:
        if h not in ids or h in state.buildings:
            continue
        n = connects_to(state, h, kind, LACERDA)
        if not n or n <= best_tech:  # a complex needs the tech; alone, it is exactly 2 away
            keys[h] = (n + 1, int(is_empty(state, h)))
    return best_of(keys)


def best_of(keys: Mapping[Hex, tuple[int, ...]]) -> list[Hex]:
    """The hexes with the highest key, in hex-id order (the numbering of a tie)."""
    if not keys:
        return []
    top = max(keys.values())
    return sorted((h for h, key in keys.items() if key == top), key=lambda h: hex_ids()[h])


def choose_build(state: OnMarsState) -> tuple[str, list[Hex]] | None:
    order = sequence(state)
    start = state.lacerda["sequence"]
    for k in range(len(order)):
        kind = order[(start + k) % len(order)]
        if kind != "mine" and state.lss[kind] >= state.colony_level + 1:
            continue  # its LSS marker has reached the colony-level row: the next one
        hexes = build_hexes(state, kind)
        if hexes:
            return kind, hexes
    return None


class _BuildAt(Automatic):
    """A tie over hexes to build on: construct `kind` on the hex drawn (a hex id)."""

    kind = "build"

    @staticmethod
    def run(state: OnMarsState, frame: Frame) -> None:
        hex_id: int = frame["option"]
        construct(state, frame["kind"], map_hexes()[hex_id])


def build_somewhere(state: OnMarsState, kind: str, hexes: list[Hex]) -> None:
    """Construct `kind` on the one best hex, or draw for the tied ones."""
    choose(state, [hex_ids()[h] for h in hexes], _BuildAt, kind=kind)


def construct(state: OnMarsState, kind: str, h: Hex) -> None:
    """Build `kind` on `h` for him (the tile's back is drawn by chance, as for anyone)."""
    n = connects_to(state, h, kind, LACERDA)
    if n and tech_level(state, LACERDA, kind) < n:
        lend(state, HUMAN, kind)  # the player's tile: the player takes the oxygen
    if kind in sequence(state):
        state.lacerda["sequence"] = (sequence(state).index(kind) + 1) % len(sequence(state))
    _bots_reward(state, kind)
    if kind == "shelter":
        push(state, {"k": "finish_build", "seat": LACERDA, "kind": kind, "hex": list(h), "tile": -1})
    else:
        push(
            state,
            {
                "k": "draw",
                "pool": f"building_{kind}",
                "to": "build",
                "seat": LACERDA,
                "kind": kind,
                "hex": list(h),
            },
        )


def _bots_reward(state: OnMarsState, kind: str) -> None:
    """The "2 OP per bot" LSS reward counts the bots on his board (they are never placed)."""
    if kind not in LSS_BUILDINGS or state.lss[kind] >= state.colony_level + 1:
        return
    column = LSS_BUILDINGS.index(kind)
    if column < len(state.lss_rewards) and state.lss_rewards[column] == "bots":
        each = next(r["op_each"] for r in state.om_game.components.lss_rewards if r["id"] == "bots")
        state.players[LACERDA].op += int(each) * state.lacerda["bots"]


def construct_shelter(state: OnMarsState) -> None:
    """A colony level-up: he builds a Shelter (joining his Shelters when a tech allows)."""
    build_somewhere(state, "shelter", build_hexes(state, "shelter"))


def _build_type(state: OnMarsState, frame: Frame) -> None:
    choice = choose_build(state)
    if choice is not None:
        build_somewhere(state, *choice)


def upgrade_options(state: OnMarsState) -> list[tuple[int, Hex]]:
    """His best upgrades: a Blueprint his Scientists score, on the largest complex; the
    tied (Blueprint, hex) pairs in the order of his Blueprints, then of hex ids."""
    board = state.players[LACERDA]
    scored = scored_types(state)
    blueprints = state.om_game.components.blueprints
    options = [(b, h) for b in board.blueprints for h in upgrade_hexes(state, LACERDA, b, anywhere=True)]

    def worth(o: tuple[int, Hex]) -> tuple[bool, int]:
        return blueprints[o[0] - 1].building in scored, len(complex_at(state, o[1]))

    top = max(map(worth, options), default=None)
    best = [o for o in options if worth(o) == top]
    return sorted(best, key=lambda o: (board.blueprints.index(o[0]), hex_ids()[o[1]]))


def _upgrade(state: OnMarsState, frame: Frame) -> None:
    options = upgrade_options(state)
    if not options:
        return
    if frame["left"] > 1:
        push(state, {**frame, "left": frame["left"] - 1})
    choose(state, [[b, hex_ids()[h]] for b, h in options], _UpgradeWith)


class _UpgradeWith(Automatic):
    """A tie over upgrades: the drawn `[blueprint, hex id]` pair, upgraded anywhere."""

    kind = "upgrade"

    @staticmethod
    def run(state: OnMarsState, frame: Frame) -> None:
        blueprint, hex_id = frame["option"]
        _UpgradeHex.apply(
            state,
            {"k": "upgrade_hex", "seat": LACERDA, "blueprint": blueprint, "anywhere": True},
            BASE["hex"] + hex_id,
        )


def hire_spaces(state: OnMarsState) -> list[int]:
    """The science spaces he would take from (left to right; more than one is a tie): a
    Scientist while he has fewer than 2, the one scoring the building with most Blueprints
    taken by anyone; then the Earth Contract worth most OP."""
    c = state.om_game.components
    worth: dict[int, int] = {}
    if len(state.players[LACERDA].scientists) < 2:
        taken = [b for p in state.players for b in (*p.blueprints, *p.built_blueprints)]
        for i, card in enumerate(state.science):
            if isinstance(card, str):
                scores = c.scientists[SCIENTISTS.index(card)]["scores"]
                worth[i] = sum(c.blueprints[b - 1].building == scores for b in taken)
    if not worth:
        worth = {
            i: c.contracts[k - 1]["op_complete"] for i, k in enumerate(state.science) if isinstance(k, int)
        }
    top = max(worth.values(), default=None)
    return [i for i, w in worth.items() if w == top]


def _hire(state: OnMarsState, frame: Frame) -> None:
    choose(state, hire_spaces(state), _TakeScience)


class _TakeScience(Automatic):
    """A tie over science spaces: take the Scientist or complete the Contract on the space drawn."""

    kind = "hire"

    @staticmethod
    def run(state: OnMarsState, frame: Frame) -> None:
        space: int = frame["option"]
        board = state.players[LACERDA]
        card = state.science[space]
        state.science[space] = None
        if isinstance(card, str):
            board.scientists.append(card)
            contribute(state, LACERDA, "scientists")
        else:
            assert isinstance(card, int)
            board.contracts_done.append(card)  # his contracts are completed at once
            contribute(state, LACERDA, "contracts_completed")


# ------------------------------------------------------------------ rover, discovery, benefits
def rover_targets(state: OnMarsState, crystals: int) -> list[Hex]:
    """Tiles his rover could claim with `crystals` in his Depot (nearest first)."""
    board = state.players[LACERDA]
    start = board.rover or CENTRE
    found = []
    for h, tile in state.map_research.items():
        cost = research_card(state, tile)["cost"]
        assert isinstance(cost, dict)
        if tile not in board.research and crystals >= cost.get("crystal", 0):
            found.append(h)
    found += [h for h, kind in state.map_discoveries.items() if not kind.startswith("resources_")]
    found = [h for h in found if not blocked(state, h, ignore=start)]
    return sorted(found, key=lambda h: (distance(start, h), hex_ids()[h]))


def rover_move(state: OnMarsState) -> None:
    """Towards the nearest tile he can claim (tied tiles: a card draw)."""
    board = state.players[LACERDA]
    start = board.rover or CENTRE
    targets = rover_targets(state, board.depot)
    nearest = [h for h in targets if distance(start, h) == distance(start, targets[0])] if targets else []
    choose(state, [hex_ids()[h] for h in nearest], _RoverTo)


class _RoverTo(Automatic):
    """A tie over the nearest claimable tiles: his rover heads for the hex drawn."""

    kind = "rover"

    @staticmethod
    def run(state: OnMarsState, frame: Frame) -> None:
        hex_id: int = frame["option"]
        board = state.players[LACERDA]
        start = board.rover or CENTRE
        target = map_hexes()[hex_id]
        own, human = tech_level(state, LACERDA, "rover"), tech_level(state, HUMAN, "rover")
        mp = 2 + max(own, human)
        if human > own:
            lend(state, HUMAN, "rover")
        tile = state.map_research.get(target)
        claim_cost = 0
        if tile is not None:
            cost = research_card(state, tile)["cost"]
            assert isinstance(cost, dict)
            claim_cost = cost.get("crystal", 0)
        extra = max(0, distance(start, target) - mp)
        if extra and board.depot < extra + claim_cost:  # as close as his movement points allow
            stops = {
                h: (-distance(h, target),)
                for h in map_hexes()
                if distance(start, h) <= mp
                and (h == start or not blocked(state, h, ignore=start))
                and (h not in state.map_research and h not in state.map_discoveries)
            }
            choose(state, [hex_ids()[h] for h in best_of(stops)], _RoverStop)
            return
        board.depot -= extra  # crystals buy the missing movement points
        _walk(state, start, target)
        claim(state, LACERDA, target)


class _RoverStop(Automatic):
    """A tie over where his rover stops short: it walks to the hex drawn."""

    kind = "rover_stop"

    @staticmethod
    def run(state: OnMarsState, frame: Frame) -> None:
        hex_id: int = frame["option"]
        _walk(state, state.players[LACERDA].rover or CENTRE, map_hexes()[hex_id])


def _walk(state: OnMarsState, start: Hex, end: Hex) -> None:
    """Step by step towards `end` (through crystals where the choice is free), collecting them."""
    board = state.players[LACERDA]
    here = start
    while here != end:
        closer = [n for n in neighbours(here) if distance(n, end) == distance(here, end) - 1]
        here = min(closer, key=lambda n: (n not in state.crystals, hex_ids()[n]))
        if here in state.crystals:
            state.crystals.discard(here)
            board.incoming += 1
    board.rover = end


def _rover_benefit(state: OnMarsState, frame: Frame) -> None:
    rover_move(state)


def _bots_benefit(state: OnMarsState, frame: Frame) -> None:
    """Bot movement: his bot moves one step along the build sequence."""
    if frame["bots_mp"] > 0:
        state.lacerda["sequence"] = (state.lacerda["sequence"] + 1) % len(sequence(state))


def discovery_hexes_for_him(state: OnMarsState) -> list[Hex]:
    """3 hexes from his rover, as far as possible from the player's rover (tied: a draw)."""

    theirs = state.players[HUMAN].rover or CENTRE
    return best_of({h: (distance(h, theirs),) for h in discovery_hexes(state, LACERDA)})


def _discovery(state: OnMarsState, frame: Frame) -> None:
    if state.exploration:
        choose(state, [hex_ids()[h] for h in discovery_hexes_for_him(state)], _PlaceDiscovery)


class _PlaceDiscovery(Automatic):
    """A tie over Discovery hexes: the leftmost face-up tile goes on the hex drawn."""

    kind = "discovery"

    @staticmethod
    def run(state: OnMarsState, frame: Frame) -> None:
        hex_id: int = frame["option"]
        frame = {"k": "discovery_hex", "seat": LACERDA, "kind": state.exploration[0]}  # the leftmost tile
        _DiscoveryHex.apply(state, frame, BASE["hex"] + hex_id)


def _lss_benefit(state: OnMarsState, frame: Frame) -> None:
    """His colonist leaves the Scientist action if it is there; otherwise 1 crystal."""
    if LACERDA in state.slots[HIRE]:
        state.slots[HIRE].remove(LACERDA)
    else:
        gain_crystals(state, LACERDA, 1)


def _lend_develop(state: OnMarsState, frame: Frame) -> None:
    """The player used his tech tile: he develops it for free whenever it can move."""
    if frame["tile"] in developable(state, LACERDA, free=True):
        _LendDevelop.apply(state, frame, BASE["develop"] + type_index(state, frame["tile"]))


TAKEOVER = {
    "develop": _develop,
    "lend_develop": _lend_develop,
    "learn": _learn,
    "lab_space": _lab_space,
    "take_blueprint": _take_blueprint,
    "warehouse_take": _warehouse,
    "build_type": _build_type,
    "upgrade": _upgrade,
    "hire": _hire,
    "discovery": _discovery,
    "lss_benefit": _lss_benefit,
    "add_colonists": _rover_benefit,
    "move": _bots_benefit,
}

#: the steps that resume his resolution once a tie is settled, by the tie frame's `to`
#: (`ties.choose`); `tests/on_mars/test_om_solo_ties.py` checks it holds every one
TIES: FrameTable[OnMarsState] = FrameTable(
    "on_mars solo ties",
    (_BuildAt, _UpgradeWith, _TakeScience, _RoverTo, _RoverStop, _PlaceDiscovery),
    key="to",
)
