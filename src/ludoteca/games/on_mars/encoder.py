"""On Mars's numeric observation: the round, the map, the orbit, every player board and Lacerda.

Built only from `state.observation(seat)` (what the seat may see: its own Private
Goals and face-down Discoveries, and everything public) and the game's fixed data
(`game.components`: the map, blueprints, scientists, contracts, missions, tech tiles,
action slots). Seats are RELATIVE to the observing seat: relative seat r is absolute
seat `(seat + r) % P`, so r = 0 is always "me". In the solo game the board rows are
me, then Lacerda (seat 1 on the map and the slots; his board is `lacerda["board"]`,
or a second `players` entry). Keys the encoder does not know are ignored,
unknown kinds (stage, decision, building, tile, tech, discovery, ...) take their
one-hot's last, "other" slot, and optional keys (`current_player`, `lacerda`) may be
missing, so the rules still being added leave the layout valid. The scoring table
(`scoring`) is left out on purpose: it is a function of segments already encoded.
`encode_state(state, seat, out)`, what the environments call, is the same vector from
only the parts of the view the encoder reads, built from the state's fields (so not
the scoring table, which is most of the view's cost), each block of segments (the
map, each board row, the colony, the orbit, MY secrets) rebuilt only when its part
of the view changed; tests compare the two.

The vector is these segments, end to end (P players; B = P board rows, 2 in the solo
game; H = 91 map hexes in hex-id order; A = 10 main actions; N = 24 blueprints,
S = 6 scientists, C = 12 contracts, G = 16 Private Goals, M = 9 missions; T = 10
tech kinds: the 8 tech types, Shelter Tech, other; X = 12 discovery kinds: the 11
kinds, other; R = 5 research tiles: the 4, other; D = 40 decision kinds):

| segment | shape | content |
| --- | --- | --- |
| `current_player` | (P + 2,) | one-hot: relative seat to decide, then chance, then terminal (*) |
| `stage` | (7,) | one-hot of `STAGES`; the last slot is any other stage |
| `decision` | (D,) | one-hot of the pending decision's kind (`DECISIONS`, read from its text); last: other |
| `counters` | (3,) | round / 10, colony level / 10, (remaining missions + 1) / 10 |
| `end` | (3,) | the end is triggered, one more round to play, this is the final round |
| `lss` | (4,) | Life Support System level of generator, water extractor, greenhouse, condenser / 10 |
| `lss_rewards` | (4, 9) | one-hot of the LSS reward tile in each position (8 tiles, other) |
| `missions` | (3, M + 1) | one-hot of each mission in setup order (last: other) |
| `mission_needed` | (3,) | contributions each mission still needs / 10 |
| `shuttle` | (2, 5) | one-hot of the shuttle's side (orbit, colony) and number (1–5) |
| `shuttle_crossed` | (3,) | it crossed in this shuttle phase; it left orbit; it left the colony |
| `slots` | (A, B) | colonists of the relative seat on main action a's slots / 10 (`MAIN_ACTIONS` order) |
| `blueprint_display` | (N,) | multi-hot: the blueprints on display |
| `tech_grid` | (8, T) | one-hot of the tech tile on each grid space (empty: all 0) |
| `exploration` | (2, X) | one-hot of the face-up Discovery tiles, leftmost first |
| `warehouse` | (5,) | crystals, batteries, water, plants, oxygen in the Warehouse / 10 |
| `science` | (6, S + C) | one-hot of the Scientist or Earth Contract on each science space |
| `contract_deck` | (C,) | multi-hot: the contracts in the deck |
| `at_work` | (S, N) | the Scientist is at work on that blueprint |
| `terrain` | (H, 4) | fixed: starting Mine, starting LSS building, research site, shelter start (P) |
| `building` | (H, 7) | one-hot of the building on the hex (`BUILDINGS`, other) |
| `shelter_owner` | (H, B) | the relative seat owning the Shelter |
| `advanced` | (H, B) | the relative seat whose Advanced Building marker is on the building |
| `miner` | (H, B) | the relative seat whose colonist works the Mine |
| `crystal` | (H,) | a crystal lies on the hex |
| `discovery` | (H, X) | one-hot of the Discovery tile on the hex |
| `research_tile` | (H, R) | one-hot of the research tile on the hex |
| `rover` | (H, B) | the relative seat's rover is on the hex (not moved yet: the starting Mine) |
| `bots` | (H, B) | a bot of the relative seat is on the hex |
| `op` | (B,) | (OP + 50) / 100 |
| `seat_numbers` | (B, 13) | / 10: `SEAT_NUMBERS` (depot crystals ... Private Goals discarded) |
| `storage` | (B, 5) | mineral, battery, water, plant, oxygen in storage / 10 |
| `progress` | (B, 6) | cubes of each resource in the Progress area (last: other) / 10 |
| `side` | (B, 3) | one-hot: in orbit, in the colony, other |
| `turn_order` | (B, 8) | one-hot of the seat's turn-order space |
| `tech_levels` | (B, T) | level of the seat's tech tile of each kind (its Lab column) / 6 |
| `lab_spaces` | (B, T, 3) | one-hot of the space in its Lab column the tile is on (0 = top) |
| `blueprints` | (B, N) | multi-hot: blueprints taken, not built yet |
| `built_blueprints` | (B, N) | multi-hot: blueprints built (Advanced Buildings) |
| `scientists` | (B, S) | multi-hot: Scientists hired |
| `contracts` | (B, C) | multi-hot: Earth Contracts taken, not completed |
| `contracts_done` | (B, C) | multi-hot: Earth Contracts completed |
| `research` | (B, R) | copies of each research tile collected / 2 |
| `goal_done` | (B, G) | one-hot of the Private Goal the seat revealed |
| `my_goals` | (G,) | MY Private Goal cards in hand |
| `my_discarded_goals` | (G,) | MY Private Goals discarded as crystals |
| `my_discoveries` | (X,) | MY face-down Discovery tiles of each kind / 10 |

(*) only when the observation carries `current_player` (all 0 otherwise).
With one player (the solo game against Lacerda), then:

| segment | shape | content |
| --- | --- | --- |
| `solo_goal` | (5,) | one-hot of the chosen Solo Goal (the 4 goals, other; none chosen: all 0) |
| `solo_card` | (12,) | one-hot of Lacerda's current solo card |
| `solo_discard` | (12,) | multi-hot: the solo cards in his discard pile |
| `solo_counters` | (3,) | cards left in his deck / 10, deck passes / 10, his bots on the board / 10 |
| `solo_next_building` | (7,) | one-hot of the next building of his sequence (`BUILDINGS`, other) |
| `solo_requirements` | (17, 2) | for each of `SOLO_REQUIREMENTS`: part of the goal, met now |
| `solo_result` | (2,) | the player won, lost (at the end) |

Limits: a blueprint, contract or goal is only named by its slot (the agent must
learn what it does); a decision is only known by its kind (the Advanced Building
boost shares the boost's text, so it reads as `boost`); building tile backs (their
crystal arrows, used once when built) and the first player are not encoded. Sizes:
4,577, 4,503, 5,144 and 5,785 floats for one to four players.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import numpy as np

from ludoteca.core.encoding import Layout, SeatBlocks, SeatRelative, slot_of
from ludoteca.games.on_mars.actions import MAIN_ACTIONS, WAREHOUSE_ITEMS
from ludoteca.games.on_mars.board import hex_ids, hex_text, map_hexes
from ludoteca.games.on_mars.components import BUILDINGS, LSS_BUILDINGS, RESOURCES, SCIENTISTS
from ludoteca.games.on_mars.lab import SHELTER_TECH, tile_type
from ludoteca.games.on_mars.notation import DECISION_TEXT

if TYPE_CHECKING:
    from ludoteca.games.on_mars.game import OnMarsGame
    from ludoteca.games.on_mars.state import OnMarsState

STAGES = ("setup", "spaces", "shuttle_start", "colonization", "shuttle", "over", "other")
DECISIONS = (
    "terminal", "draw", "solo_goal", "space", "shuttle_side", "main", "extra", "pay", "boost",
    "warehouse_take", "take_blueprint", "learn", "lab_space", "develop", "ship", "place_bot", "hire",
    "refill", "move", "discovery", "travel", "build_type", "build_hex", "use_tech", "lss_benefit",
    "upgrade", "upgrade_hex", "executive", "goal", "gain_choice", "free_card", "deliver", "advanced",
    "lend_develop", "cc_crystals", "work_target", "discovery_hex", "movement_tech",
    "upgrade_tech", "other",
)
SEAT_NUMBERS = (
    "depot", "incoming", "ships_depot", "hangar", "quarters", "supply", "working", "bots_off", "markers",
    "shelters_left", "goals", "discoveries", "discarded_goals",
)
SIDES = ("orbit", "colony", "other")
BUILDING_KINDS = (*BUILDINGS, "other")
PROGRESS_KINDS = (*RESOURCES, "other")
SOLO_GOALS = ("first_colonists", "next_generation", "hunky_dory", "martian_potato", "other")
SOLO_REQUIREMENTS = (
    "colony_level", "contracts", "contract_types", "private_goal", "highest_tech", "research_tiles",
    "shelters", "mines", "advanced_buildings", "contract_ids", "scientist", "advanced_of", "complex_of",
    "stored", "tech_of", "end_side", "margin_op",
)
MAP_SEGMENTS = ("terrain", "building", "shelter_owner", "advanced", "miner", "crystal", "discovery",
                "research_tile", "rover", "bots")
BOARD_SEGMENTS = ("op", "seat_numbers", "storage", "progress", "side", "turn_order", "tech_levels",
                  "lab_spaces", "blueprints", "built_blueprints", "scientists", "contracts", "contracts_done",
                  "research", "goal_done")
# encode_state's blocks of the other segments, each rebuilt when the view keys it reads change
# (`TURN_SEGMENTS`, and Lacerda's, every call)
COLONY_SEGMENTS = ("counters", "end", "lss", "lss_rewards", "missions", "mission_needed", "shuttle",
                   "shuttle_crossed")
COLONY_KEYS = ("round", "colony_level", "remaining_missions", "end_rounds", "lss", "lss_rewards", "missions",
               "shuttle")
ORBIT_SEGMENTS = ("slots", "blueprint_display", "tech_grid", "exploration", "warehouse", "science",
                  "contract_deck", "at_work")
ORBIT_KEYS = ("action_slots", "blueprint_display", "tech_grid", "exploration", "warehouse", "science_spaces",
              "contract_deck", "scientists_at_work")
MINE_SEGMENTS = ("my_goals", "my_discarded_goals", "my_discoveries")
MINE_KEYS = ("goals", "discarded_goals", "discoveries")
MISSION_SLOTS = 3
EXPLORATION_SLOTS = 2
TURN_ORDER_SPACES = 8
LAB_SPACES = 3
SHUTTLE_NUMBERS = 5  # the shuttle's number follows the colony level (1-5)
SCALE = 10.0  # counts
OP_SHIFT, OP_SCALE = 50.0, 100.0
TECH_LEVELS = 6.0
RESEARCH_COPIES = 2.0
_SUFFIX = re.compile(r" \((?:\d+ left|\d+ MP left)\)$")
_KIND_OF_TEXT = {text: kind for kind, text in reversed(DECISION_TEXT.items())}


def decision_kind(text: object) -> str:
    """The kind of the decision whose prompt text the observation shows ("other" if unknown)."""
    if not isinstance(text, str):
        return "other"
    if text == "game over":
        return "terminal"
    if text.startswith("Chance: draw"):
        return "draw"
    kind = _KIND_OF_TEXT.get(_SUFFIX.sub("", text))
    if kind is None and text.startswith("Pay "):
        kind = "pay"
    if kind is None and text.startswith("Move your "):  # bots, rover, or both (Control Center)
        kind = "move"
    return kind if kind in DECISIONS else "other"


class OnMarsEncoder(SeatRelative):
    """See the module docstring for the layout."""

    def __init__(self, game: OnMarsGame) -> None:
        c = game.components
        self.players = p = game.num_players()
        self.boards = b = 2 if p == 1 else p  # the solo game adds Lacerda's board
        self.solo = p == 1
        radius = c.standins["map"]["radius"]
        self.hexes = map_hexes(radius)
        self.hex_of_text = {hex_text(h): i for h, i in hex_ids(radius).items()}
        self.hex_of = hex_ids(radius)
        self.start_mine = self.hex_of[tuple(c.standins["map"]["starting_mine"])]
        self.action_index = {name: i for i, name in enumerate(MAIN_ACTIONS)}
        self.tech = (*c.tech_types, SHELTER_TECH, "other")
        self.discoveries = (*dict.fromkeys(d["kind"] for d in c.standins["discoveries"]), "other")
        self.research_tiles = (*(t["id"] for t in c.research_tiles), "other")
        self.lss_rewards = (*(r["id"] for r in c.lss_rewards), "other")
        n, s, ct, g = len(c.blueprints), len(SCIENTISTS), len(c.contracts), len(c.private_goals)
        m = len(c.missions)
        h, t, x, r = len(self.hexes), len(self.tech), len(self.discoveries), len(self.research_tiles)
        self.symbols = {"P": p, "B": b, "H": h, "A": len(MAIN_ACTIONS), "N": n, "S": s, "C": ct,
                        "G": g, "M": m, "T": t, "X": x, "R": r, "D": len(DECISIONS)}
        segments: list[tuple[str, tuple[int, ...], float]] = [
            ("current_player", (p + 2,), 1.0),
            ("stage", (len(STAGES),), 1.0),
            ("decision", (len(DECISIONS),), 1.0),
            ("counters", (3,), 50.0),
            ("end", (3,), 1.0),
            ("lss", (len(LSS_BUILDINGS),), 1.0),
            ("lss_rewards", (len(LSS_BUILDINGS), len(self.lss_rewards)), 1.0),
            ("missions", (MISSION_SLOTS, m + 1), 1.0),
            ("mission_needed", (MISSION_SLOTS,), 10.0),
            ("shuttle", (2, SHUTTLE_NUMBERS), 1.0),
            ("shuttle_crossed", (3,), 1.0),
            ("slots", (len(MAIN_ACTIONS), b), 10.0),
            ("blueprint_display", (n,), 1.0),
            ("tech_grid", (sum(size for _row, size, _cost in c.tech_grid_rows), t), 1.0),
            ("exploration", (EXPLORATION_SLOTS, x), 1.0),
            ("warehouse", (len(WAREHOUSE_ITEMS),), 10.0),
            ("science", (s, s + ct), 1.0),
            ("contract_deck", (ct,), 1.0),
            ("at_work", (s, n), 1.0),
            ("terrain", (h, 4), 1.0),
            ("building", (h, len(BUILDINGS) + 1), 1.0),
            ("shelter_owner", (h, b), 1.0),
            ("advanced", (h, b), 1.0),
            ("miner", (h, b), 1.0),
            ("crystal", (h,), 1.0),
            ("discovery", (h, x), 1.0),
            ("research_tile", (h, r), 1.0),
            ("rover", (h, b), 1.0),
            ("bots", (h, b), 1.0),
            ("op", (b,), 10.0),
            ("seat_numbers", (b, len(SEAT_NUMBERS)), 10.0),
            ("storage", (b, len(RESOURCES)), 10.0),
            ("progress", (b, len(RESOURCES) + 1), 10.0),
            ("side", (b, len(SIDES)), 1.0),
            ("turn_order", (b, TURN_ORDER_SPACES), 1.0),
            ("tech_levels", (b, t), 1.0),
            ("lab_spaces", (b, t, LAB_SPACES), 1.0),
            ("blueprints", (b, n), 1.0),
            ("built_blueprints", (b, n), 1.0),
            ("scientists", (b, s), 1.0),
            ("contracts", (b, ct), 1.0),
            ("contracts_done", (b, ct), 1.0),
            ("research", (b, r), 1.0),
            ("goal_done", (b, g), 1.0),
            ("my_goals", (g,), 1.0),
            ("my_discarded_goals", (g,), 1.0),
            ("my_discoveries", (x,), 10.0),
        ]
        if self.solo:
            deck = len(c.raw["solo"]["deck"])
            segments += [
                ("solo_goal", (len(SOLO_GOALS),), 1.0),
                ("solo_card", (deck,), 1.0),
                ("solo_discard", (deck,), 1.0),
                ("solo_counters", (3,), 10.0),
                ("solo_next_building", (len(BUILDINGS) + 1,), 1.0),
                ("solo_requirements", (len(SOLO_REQUIREMENTS), 2), 1.0),
                ("solo_result", (2,), 1.0),
            ]
        self.layout = Layout(segments)
        self._high = self.layout.high()
        self._terrain = self._fixed_terrain(game)
        parts = (*MAP_SEGMENTS, *BOARD_SEGMENTS, *COLONY_SEGMENTS, *ORBIT_SEGMENTS, *MINE_SEGMENTS)
        turn = tuple(segment.name for segment in self.layout.segments if segment.name not in parts)
        self._blocks = SeatBlocks(self.layout, p, {
            "map": MAP_SEGMENTS, "boards": BOARD_SEGMENTS, "colony": COLONY_SEGMENTS, "orbit": ORBIT_SEGMENTS,
            "mine": MINE_SEGMENTS, "turn": turn})
        # the board rows are kept row by row (the "boards" block is never rebuilt whole): the
        # board view each row of each seat's vector was written from
        self._row_boards: list[dict[int, dict[str, Any]]] = [{} for _ in range(p)]

    def encode_state(self, state: OnMarsState, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """`encode(state.observation(seat), seat, out)` from `encoded_view` (see the module
        docstring); each block of segments is rebuilt only when the part of that view it
        reads changed since the seat's last call (`SeatBlocks`; the board segments row by
        row, `_encode_rows`), the turn's (current player, stage, decision, Lacerda's) every
        time."""
        observation = self.encoded_view(state, seat)
        blocks, v = self._blocks, self._blocks.views[seat]
        rows = self._board_rows(observation, seat)
        blocks.stale(seat, "turn", (object(),))  # a key never seen: always rebuilt
        self._encode_turn(observation, seat, v)
        if blocks.stale(seat, "colony", tuple(observation.get(key) for key in COLONY_KEYS)):
            self._encode_colony(observation, v)
        if blocks.stale(seat, "orbit", tuple(observation.get(key) for key in ORBIT_KEYS)):
            self._encode_orbit(observation, seat, v)
        mine = self._mine(observation, seat)
        if blocks.stale(seat, "mine", tuple(mine.get(key) for key in MINE_KEYS)):
            self._encode_mine(mine, v)
        on_map = (observation["buildings"], observation["crystals"], observation["discoveries_on_map"],
                  observation["research_on_map"], [(row, board.get("rover"), board.get("bots"))
                                                   for row, board in rows])
        if blocks.stale(seat, "map", on_map):
            self._encode_map(observation, seat, rows, v)
        self._encode_rows(seat, rows, v)
        return blocks.result(seat, out)

    def _encode_rows(
        self, seat: int, rows: list[tuple[int, dict[str, Any]]], v: dict[str, np.ndarray],
    ) -> None:
        """Rewrite the board rows of `seat`'s vector whose board view differs from the one
        each was written from (views are fresh dicts: kept, not copied), and clear a row
        that has no board now."""
        written = self._row_boards[seat]
        now = dict(rows)
        for row in [r for r in written if r not in now]:
            for name in BOARD_SEGMENTS:
                v[name][row] = 0.0
            del written[row]
        for row, board in rows:
            if written.get(row) != board:
                for name in BOARD_SEGMENTS:
                    v[name][row] = 0.0
                self._encode_board(board, row, v)
                written[row] = board

    @staticmethod
    def encoded_view(state: OnMarsState, seat: int) -> dict[str, Any]:
        """The keys of `state.observation(seat)` that `encode` reads, built by the state's own
        view pieces (`board_view`, `players_view`) without the scoring table it skips."""
        data = state.board_view()
        data["current_player"] = state.current_player()
        data["decision"] = state.decision_line()
        data["players"] = state.players_view(seat)
        return data

    def _fixed_terrain(self, game: OnMarsGame) -> np.ndarray:
        spots = game.components.standins["map"]
        terrain = np.zeros((len(self.hexes), 4), dtype=np.float32)
        terrain[self.start_mine, 0] = 1.0
        groups = (spots["starting_lss_hexes"], [h for pair in spots["research_hexes"].values() for h in pair],
                  spots["shelter_start_hexes"][str(max(self.players, 2))])
        for channel, hexes in enumerate(groups, start=1):
            for q, r in hexes:
                terrain[self.hex_of[(q, r)], channel] = 1.0
        return terrain

    def _row(self, s: object, seat: int) -> int | None:
        """The board row of absolute seat `s` (Lacerda's board is row 1 in the solo game)."""
        if type(s) is not int or s < 0:
            return None
        if s < self.players:
            return (s - seat) % self.players
        return s if s < self.boards else None

    def _board_rows(self, observation: dict[str, Any], seat: int) -> list[tuple[int, dict[str, Any]]]:
        """(row, board) for each seat's board; Lacerda's is `lacerda["board"]` (or a last `players` entry)."""
        boards = observation.get("players", [])
        rows = [(row, board) for s, board in enumerate(boards[:self.players])
                if (row := self._row(s, seat)) is not None]
        lacerda = observation.get("lacerda")
        if self.solo and isinstance(lacerda, dict) and isinstance(lacerda.get("board"), dict):
            rows.append((1, lacerda["board"]))
        elif self.solo and len(boards) > 1:
            rows.append((1, boards[1]))
        return rows

    def encode(self, observation: dict[str, Any], seat: int, out: np.ndarray | None = None) -> np.ndarray:
        vector, v = self.layout.scratch()
        rows = self._board_rows(observation, seat)
        self._encode_rest(observation, seat, v)
        self._encode_map(observation, seat, rows, v)
        for row, board in rows:
            self._encode_board(board, row, v)
        return self.layout.finish(vector, self._high, out)

    def _encode_rest(self, observation: dict[str, Any], seat: int, v: dict[str, np.ndarray]) -> None:
        """Every segment but the map's (`MAP_SEGMENTS`) and the boards' (`BOARD_SEGMENTS`)."""
        self._encode_turn(observation, seat, v)
        self._encode_colony(observation, v)
        self._encode_orbit(observation, seat, v)
        self._encode_mine(self._mine(observation, seat), v)

    def _encode_turn(self, observation: dict[str, Any], seat: int, v: dict[str, np.ndarray]) -> None:
        """The current player, stage and decision, and Lacerda's segments in the solo game."""
        self._mark_current_player(v["current_player"], observation, seat)
        v["stage"][slot_of(STAGES, observation.get("stage"))] = 1.0
        v["decision"][slot_of(DECISIONS, decision_kind(observation.get("decision")))] = 1.0
        if self.solo and isinstance(observation.get("lacerda"), dict):
            self._encode_lacerda(observation["lacerda"], v)

    @staticmethod
    def _mine(observation: dict[str, Any], seat: int) -> dict[str, Any]:
        """The observing seat's own board view (empty if there is none)."""
        boards = observation.get("players", [])
        mine: dict[str, Any] = boards[seat] if seat < len(boards) else {}
        return mine

    def _encode_mine(self, mine: dict[str, Any], v: dict[str, np.ndarray]) -> None:
        """MY Private Goals (in hand, discarded) and face-down Discoveries."""
        for name, key in (("my_goals", "goals"), ("my_discarded_goals", "discarded_goals")):
            self._multi_hot(v[name], mine.get(key), offset=1)
        discoveries = mine.get("discoveries")
        for kind in discoveries if isinstance(discoveries, list) else ():
            v["my_discoveries"][slot_of(self.discoveries, kind)] += 1.0 / SCALE

    @staticmethod
    def _multi_hot(target: np.ndarray, ids: object, offset: int = 0) -> None:
        """Set `target[id - offset]` for each valid id of the list `ids` (anything else is ignored)."""
        if not isinstance(ids, list):
            return
        for i in ids:
            if type(i) is int and 0 <= i - offset < len(target):
                target[i - offset] = 1.0

    def _encode_colony(self, obs: dict[str, Any], v: dict[str, np.ndarray]) -> None:
        v["counters"][:] = (obs.get("round", 0) / SCALE, obs.get("colony_level", 0) / SCALE,
                            (obs.get("remaining_missions", -1) + 1) / SCALE)
        end = obs.get("end_rounds", -1)
        v["end"][:] = (end != -1, end == 1, end == 0)
        lss = obs.get("lss", {})
        v["lss"][:] = [lss.get(column, 0) / SCALE for column in LSS_BUILDINGS]
        for k, reward in enumerate(obs.get("lss_rewards", ())[:len(LSS_BUILDINGS)]):
            v["lss_rewards"][k, slot_of(self.lss_rewards, reward)] = 1.0
        missions = v["missions"]
        for k, (mission, needed) in enumerate(obs.get("missions", ())[:MISSION_SLOTS]):
            known = type(mission) is int and 1 <= mission < missions.shape[1]
            missions[k, mission - 1 if known else -1] = 1.0
            v["mission_needed"][k] = max(needed, 0) / SCALE
        side, number, crossed, left = (*obs.get("shuttle", ()), None, None, None, None)[:4]
        if side in SIDES[:2] and type(number) is int and 1 <= number <= SHUTTLE_NUMBERS:
            v["shuttle"][SIDES.index(side), number - 1] = 1.0
        v["shuttle_crossed"][:] = (bool(crossed), left == "orbit", left == "colony")

    def _encode_orbit(self, obs: dict[str, Any], seat: int, v: dict[str, np.ndarray]) -> None:
        slots = v["slots"]
        for action, seats in obs.get("action_slots", {}).items():
            a = self.action_index.get(action)
            for s in seats if a is not None else ():
                row = self._row(s, seat)
                if row is not None:
                    slots[a, row] += 1.0 / SCALE
        self._multi_hot(v["blueprint_display"], obs.get("blueprint_display"), offset=1)
        for space, tile in enumerate(obs.get("tech_grid", ())[:len(v["tech_grid"])]):
            if tile is not None:
                v["tech_grid"][space, slot_of(self.tech, _tech_kind(tile))] = 1.0
        for k, kind in enumerate(obs.get("exploration", ())[:EXPLORATION_SLOTS]):
            v["exploration"][k, slot_of(self.discoveries, kind)] = 1.0
        warehouse = obs.get("warehouse", {})
        v["warehouse"][:] = [warehouse.get(item, 0) / SCALE for item in WAREHOUSE_ITEMS]
        science, scientists = v["science"], len(SCIENTISTS)
        for k, occupant in enumerate(obs.get("science_spaces", ())[:len(science)]):
            if occupant in SCIENTISTS:
                science[k, SCIENTISTS.index(occupant)] = 1.0
            elif type(occupant) is int and 1 <= occupant <= science.shape[1] - scientists:
                science[k, scientists + occupant - 1] = 1.0
        self._multi_hot(v["contract_deck"], obs.get("contract_deck"), offset=1)
        for scientist, blueprint in obs.get("scientists_at_work", {}).items():
            if scientist in SCIENTISTS:
                self._multi_hot(v["at_work"][SCIENTISTS.index(scientist)], [blueprint], offset=1)

    def _encode_map(self, obs: dict[str, Any], seat: int, rows: list[tuple[int, dict[str, Any]]],
                    v: dict[str, np.ndarray]) -> None:
        v["terrain"][:] = self._terrain
        at = self.hex_of_text
        for text, building in obs.get("buildings", {}).items():
            h = at.get(text)
            if h is None:
                continue
            v["building"][h, slot_of(BUILDING_KINDS, building.get("kind"))] = 1.0
            for name, key in (("shelter_owner", "owner"), ("advanced", "advanced"), ("miner", "miner")):
                row = self._row(building.get(key), seat)
                if row is not None:
                    v[name][h, row] = 1.0
        for text in obs.get("crystals", ()):
            if text in at:
                v["crystal"][at[text]] = 1.0
        for name, key, kinds in (("discovery", "discoveries_on_map", self.discoveries),
                                 ("research_tile", "research_on_map", self.research_tiles)):
            for text, kind in obs.get(key, {}).items():
                if text in at:
                    v[name][at[text], slot_of(kinds, kind)] = 1.0
        for row, board in rows:
            rover = board.get("rover")
            h = self.start_mine if rover is None else self.hex_of.get(tuple(rover))
            if h is not None:
                v["rover"][h, row] = 1.0
            for bot in board.get("bots", ()):
                h = self.hex_of.get(tuple(bot))
                if h is not None:
                    v["bots"][h, row] = 1.0

    def _encode_board(self, board: dict[str, Any], r: int, v: dict[str, np.ndarray]) -> None:
        v["op"][r] = (board.get("op", 0) + OP_SHIFT) / OP_SCALE
        v["seat_numbers"][r] = [_count(board.get(key)) / SCALE for key in SEAT_NUMBERS]
        storage = board.get("storage", {})
        v["storage"][r] = [storage.get(resource, 0) / SCALE for resource in RESOURCES]
        for cube in board.get("progress", ()):
            v["progress"][r, slot_of(PROGRESS_KINDS, cube)] += 1.0 / SCALE
        v["side"][r, slot_of(SIDES, board.get("side"))] = 1.0
        space = board.get("space")
        if type(space) is int and 1 <= space <= TURN_ORDER_SPACES:
            v["turn_order"][r, space - 1] = 1.0
        for tile, place in board.get("lab", {}).items():
            kind = slot_of(self.tech, _tech_kind(tile))
            column, lab_space = place
            v["tech_levels"][r, kind] = (column + 1) / TECH_LEVELS
            if 0 <= lab_space < LAB_SPACES:
                v["lab_spaces"][r, kind, lab_space] = 1.0
        for name in ("blueprints", "built_blueprints", "contracts", "contracts_done"):
            self._multi_hot(v[name][r], board.get(name), offset=1)
        for scientist in board.get("scientists", ()):
            if scientist in SCIENTISTS:
                v["scientists"][r, SCIENTISTS.index(scientist)] = 1.0
        for tile in board.get("research", ()):
            v["research"][r, slot_of(self.research_tiles, tile)] += 1.0 / RESEARCH_COPIES
        self._multi_hot(v["goal_done"][r], [board.get("goal_done")], offset=1)

    def _encode_lacerda(self, lacerda: dict[str, Any], v: dict[str, np.ndarray]) -> None:
        if lacerda.get("solo_goal"):
            v["solo_goal"][slot_of(SOLO_GOALS, lacerda["solo_goal"])] = 1.0
        card = lacerda.get("card")
        if isinstance(card, dict):
            self._multi_hot(v["solo_card"], [card.get("number")], offset=1)
        self._multi_hot(v["solo_discard"], lacerda.get("discard"), offset=1)
        v["solo_counters"][:] = (lacerda.get("cards_left", 0) / SCALE, lacerda.get("passes", 0) / SCALE,
                                 lacerda.get("bots_on_board", 0) / SCALE)
        if "next_building" in lacerda:
            v["solo_next_building"][slot_of(BUILDING_KINDS, lacerda["next_building"])] = 1.0
        for code, met in lacerda.get("requirements", {}).items():
            if code in SOLO_REQUIREMENTS:
                v["solo_requirements"][SOLO_REQUIREMENTS.index(code)] = (1.0, bool(met))
        wins = lacerda.get("player_wins")
        if wins is not None:
            v["solo_result"][0 if wins else 1] = 1.0


def _tech_kind(tile: object) -> str:
    """A tech tile's type: `"a:rover"` -> `"rover"` (Shelter Tech is `"shelter"`)."""
    return tile_type(tile) if isinstance(tile, str) else "other"


def _count(value: object) -> int:
    """A seat number: the int itself, or the length of a list (own goals, discoveries)."""
    if isinstance(value, list):
        return len(value)
    return value if type(value) is int else 0
