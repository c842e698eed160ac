"""Terminal view of On Mars: the shared board (Orbit, Colony, the hex map with axial
coordinates), every player board as the deciding seat may see it, and the costs of the
options spelled out. It only reads the state (its observation and `costs.option_cost`).

Content that is Ludoteca's stand-in for unpublished data (the map's special hexes, the
turn-order benefits, tech and Lab details, research tiles, blueprint #15) is marked
"Ludoteca stand-in (not official)".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ludoteca.core.api import State
from ludoteca.core.prompt import Prompt
from ludoteca.core.terminal import GameView
from ludoteca.games.on_mars.board import hex_text, map_hexes
from ludoteca.games.on_mars.costs import option_cost
from ludoteca.games.on_mars.state import OnMarsState

KIND_LETTER = {"mine": "M", "generator": "G", "water_extractor": "W", "greenhouse": "H",
               "oxygen_condenser": "O", "shelter": "S"}
RADIUS = 5
LEGEND = ("map: M mine, G generator, W water extractor, H greenhouse, O oxygen condenser, "
          "S<seat> shelter, * advanced (marker's seat follows), b bot, r rover, m miner, "
          "c crystal, D discovery tile, R research tile, . empty")


def _on_mars(state: State) -> OnMarsState:
    if not isinstance(state, OnMarsState):
        raise TypeError(f"OnMarsView needs an On Mars state, got {type(state).__name__}")
    return state


def _cell(obs: dict[str, Any], h: str) -> str:
    """Up to 5 characters for hex `h` ("q,r")."""
    text = ""
    b = obs["buildings"].get(h)
    if b is not None:
        text = KIND_LETTER[b["kind"]]
        if b["kind"] == "shelter" and b["owner"] >= 0:
            text += str(b["owner"])
        if b["advanced"] >= 0:
            text += f"*{b['advanced']}"
        if b["miner"] >= 0:
            text += f"m{b['miner']}"
    for seat, p in enumerate(obs["players"]):
        text += "".join(f"b{seat}" for bot in p["bots"] if hex_text(tuple(bot)) == h)
        if p["rover"] is not None and hex_text(tuple(p["rover"])) == h:
            text += f"r{seat}"
    if h in obs["crystals"]:
        text += "c"
    if h in obs["discoveries_on_map"]:
        text += "D"
    if h in obs["research_on_map"]:
        text += "R"
    return (text or ".")[:5]


def render_map(obs: dict[str, Any]) -> Text:
    """The radius-5 hexagon, one line per row r; each cell is labelled by its q."""
    lines = [f"Colony map (axial q,r) — Ludoteca stand-in (not official) special hexes; {LEGEND}"]
    hexes = map_hexes()
    for r in range(-RADIUS, RADIUS + 1):
        row = [h for h in hexes if h[1] == r]
        indent = " " * (4 * abs(r))
        cells = " ".join(f"{h[0]:>2}:{_cell(obs, hex_text(h)):<5}" for h in row)
        lines.append(f"r={r:>2} {indent}{cells}")
    return Text("\n".join(lines))


def _blueprint(state: OnMarsState, blueprint: int) -> str:
    card = state.om_game.components.blueprints[blueprint - 1]
    text = f"#{blueprint} {card.name} ({card.building}, L{card.level})"
    if card.advanced["op"].startswith("pd_"):
        text += f" — action: {state.om_game.components.standin_label}"
    return text


def _orbit(state: OnMarsState, obs: dict[str, Any]) -> Table:
    c = state.om_game.components
    table = Table(title="Orbit", box=None, pad_edge=False, show_header=False)
    table.add_column("what")
    table.add_column("contents")
    table.add_row("warehouse", ", ".join(f"{n} {k}" for k, n in obs["warehouse"].items()))
    rows, start = [], 0
    for row, size, cost in c.tech_grid_rows:
        tiles = [obs["tech_grid"][i] or "-" for i in range(start, start + size)]
        price = " + ".join(f"{n} {k}" for k, n in cost.items()) or "free"
        rows.append(f"{row} [{start}-{start + size - 1}] ({price}): {' '.join(tiles)}")
        start += size
    table.add_row("tech grid*", "\n".join(rows))
    display = [_blueprint(state, b) for b in obs["blueprint_display"]]
    table.add_row("blueprints", "\n".join(display) or "-")
    table.add_row("exploration", ", ".join(obs["exploration"]) or "-")
    spaces = []
    for s in c.turn_order:
        taken = [str(i) for i, p in enumerate(obs["players"]) if p["space"] == s["space"]]
        if obs["lacerda_space"] == s["space"]:
            taken.append("Lacerda")
        here = f" [{','.join(taken)}]" if taken else ""
        spaces.append(f"{s['space']} {s['side']} {s['benefit']}{here}")
    table.add_row("turn order*", "\n".join(spaces))
    return table


def _colony(state: OnMarsState, obs: dict[str, Any]) -> Table:
    table = Table(title="Colony", box=None, pad_edge=False, show_header=False)
    table.add_column("what")
    table.add_column("contents")
    table.add_row("colony level", f"{obs['colony_level']} · LSS markers "
                  + ", ".join(f"{k} {v}" for k, v in obs["lss"].items())
                  + f" · LSS rewards {', '.join(obs['lss_rewards'])}")
    missions = [f"#{m} ({left} to go)" for m, left in obs["missions"]]
    table.add_row("missions", f"{', '.join(missions)} · remaining to complete {obs['remaining_missions']}")
    side, number, travelled, _ = obs["shuttle"]
    table.add_row("shuttle", f"{side} side, space {number}{' (travelled this phase)' if travelled else ''}")
    science = [str(x) if x is not None else "-" for x in obs["science_spaces"]]
    table.add_row("scientists / contracts", " | ".join(science))
    if obs["scientists_at_work"]:
        table.add_row("at work", ", ".join(f"{s} on #{b}" for s, b in obs["scientists_at_work"].items()))
    slots = [f"{a}: {v}" for a, v in obs["action_slots"].items() if v]
    table.add_row("colonists on actions", "; ".join(slots) or "-")
    return table


def _boards(state: OnMarsState, obs: dict[str, Any], names: Sequence[str]) -> Table:
    table = Table(title="player boards", box=None, pad_edge=False)
    for column in ("seat", "player", "OP", "side/space", "storage (M B W P O)", "crystals", "ships",
                   "colonists", "bots", "lab (tile: level)", "blueprints", "cards", "goals"):
        table.add_column(column)
    for s, (name, p) in enumerate(zip(names, obs["players"], strict=True)):
        storage = " ".join(str(p["storage"][r]) for r in ("mineral", "battery", "water", "plant", "oxygen"))
        lab = ", ".join(f"{t.split(':')[-1]}:{col + 1}" for t, (col, _) in p["lab"].items())
        blueprints = f"held {p['blueprints'] or '-'} built {p['built_blueprints'] or '-'}"
        cards = (f"sci {','.join(p['scientists']) or '-'}; "
                 f"contracts {p['contracts'] or '-'} done {p['contracts_done'] or '-'}")
        goals = p["goals"] if isinstance(p["goals"], int) else ",".join(map(str, p["goals"])) or "-"
        done = f" (done #{p['goal_done']})" if p["goal_done"] else ""
        table.add_row(str(s), name, str(p["op"]), f"{p['side']} {p['space'] or '-'}", storage,
                      f"{p['depot']} (+{p['incoming']})", f"{p['ships_depot']} depot/{p['hangar']} hangar",
                      f"{p['quarters']} LQ/{p['working']} work/{p['supply']} supply",
                      f"{len(p['bots'])} map/{p['bots_off']} off", lab or "-", blueprints, cards,
                      f"{goals}{done}")
    return table


#: the scoring table's rows (`observation()["scoring"]`), named as in rules 9
SCORING_ROWS = (("track", "OP on the track"), ("progress", "Progress area"), ("ships", "ships in the Hangar"),
                ("quarters", "colonists (Living Quarters)"), ("tech", "Tech tiles"),
                ("blueprints", "Blueprints"), ("scientists", "Scientists"), ("contracts", "Earth Contracts"),
                ("total", "total"))
TIE_BREAK_ROWS = (("crystals", "tie-break 1: crystals"),
                  ("advanced_buildings", "tie-break 2: Advanced Buildings"),
                  ("progress_cubes", "tie-break 3: progress cubes"))


def _scoring(obs: dict[str, Any], names: Sequence[str]) -> Table:
    """Final scoring by category, one column per seat (and Lacerda); before the end, the
    same table as a projection if the game ended now."""
    info = obs["scoring"]
    columns = list(zip(names, info["players"], strict=False))
    if info.get("lacerda"):
        columns.append(("Lacerda", info["lacerda"]))
    title = "final scoring" if info["final"] else "final scoring if the game ended now (projection)"
    table = Table(title=title, box=None, pad_edge=False)
    table.add_column("OP from")
    for name, _ in columns:
        table.add_column(name, justify="right")
    for key, label in SCORING_ROWS + TIE_BREAK_ROWS:
        table.add_row(label, *(str(column[key]) for _, column in columns),
                      style="bold" if key == "total" else None)
    if info["final"]:
        won = [names[s] if s < len(names) else str(s) for s in info.get("winners", [])]
        table.caption = f"winner: {' & '.join(won)}" if won else "no winner"
        if obs.get("lacerda"):
            table.caption = "you met your Solo Goal" if won else "Lacerda wins (Solo Goal not met)"
    return table


def _lacerda(obs: dict[str, Any]) -> Table:
    """The solo opponent as everyone sees him (`observation()["lacerda"]`)."""
    info = obs["lacerda"]
    board = info.get("board", {})
    table = Table(title="Lacerda (solo opponent)", box=None, pad_edge=False, show_header=False)
    table.add_column("what")
    table.add_column("contents")
    table.add_row("solo goal", str(info.get("solo_goal") or "-"))
    table.add_row("last card", str(info.get("card") or "-"))
    table.add_row("deck", f"{info.get('cards_left', 0)} cards left, pass {info.get('passes', 0)}, "
                  f"next building {info.get('next_building', '-')}")
    table.add_row("board", f"OP {board.get('op', 0)}, crystals {board.get('depot', 0)}, "
                  f"blueprints {board.get('blueprints', [])}, scientists {board.get('scientists', [])}")
    if "requirements" in info:
        met = ", ".join(f"{k} {'met' if v else 'not yet'}" for k, v in info["requirements"].items())
        table.add_row("your goal's requirements", met)
    return table


def _first_colonists(obs: dict[str, Any], names: Sequence[str]) -> Table:
    """First Colonists A/B cards: the viewer's own in full, the others' as counts."""
    info = obs["first_colonists"]

    def a_card(card: int) -> str:  # the 4th type (Mine) reads an unidentified icon: a stand-in
        types = [t.replace("_", "-") for t in info["a_cards"][str(card)]]
        return f"#{card} {', '.join(types[:3])}, {types[3]}*"

    def b_card(card: int) -> str:
        b = info["b_cards"][str(card)]
        return f"{b['task'].replace('_', '-')} ({', '.join(f'{n} {r}' for r, n in b['reward'].items())}*)"

    table = Table(title="First Colonists cards", box=None, pad_edge=False)
    for column in ("player", "A card", "B cards", "revealed", "tasks done"):
        table.add_column(column)
    for name, hand in zip(names, info["seats"], strict=False):
        held_a, held_b = hand["a_card"], hand["b_cards"]
        table.add_row(
            name,
            f"{held_a} hidden" if isinstance(held_a, int) else ("; ".join(map(a_card, held_a)) or "-"),
            f"{held_b} hidden" if isinstance(held_b, int) else ("; ".join(map(b_card, held_b)) or "-"),
            "; ".join([*map(a_card, hand["revealed_a"]), *map(b_card, hand["revealed_b"])]) or "-",
            ", ".join(t.replace("_", "-") for t in hand["tasks_done"]) or "-",
        )
    return table


class OnMarsView(GameView):
    """On Mars at the terminal: orbit, colony, the map and the player boards."""

    def position(self, state: State, names: Sequence[str], prompt: Prompt | None) -> RenderableType:
        s = _on_mars(state)
        seat = prompt.seat if prompt is not None and prompt.seat >= 0 else 0
        obs = s.observation(seat)
        head = Text(f"On Mars · round {obs['round']} · {obs['stage']} · {obs['standins']} marked *",
                    style="bold")
        parts: list[RenderableType] = [head, _orbit(s, obs), _colony(s, obs), render_map(obs)]
        parts.append(_boards(s, obs, names))
        if obs.get("lacerda"):
            parts.append(_lacerda(obs))
        if obs.get("first_colonists"):
            parts.append(_first_colonists(obs, names))
        parts.append(_scoring(obs, names))
        return Group(*parts)

    def decision_aid(self, state: State, prompt: Prompt) -> RenderableType | None:
        s = _on_mars(state)
        costs = [(o.text, option_cost(s, o.action)) for o in prompt.options]
        costs = [(t, c) for t, c in costs if c]
        if not costs:
            return None
        table = Table(title="costs", box=None, pad_edge=False)
        table.add_column("option")
        table.add_column("costs")
        for text, cost in costs:
            table.add_row(text, cost)
        return table
