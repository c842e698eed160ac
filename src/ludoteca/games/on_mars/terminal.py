"""Terminal view of On Mars: the shared board (Orbit, Colony, the hex map with axial
coordinates), every player board as the deciding seat may see it, and the costs of the
options spelled out. It only reads the state (its observation and `costs.option_cost`).

Content that is Ludoteca's stand-in for unpublished data (the map's special hexes, the
turn-order benefits, tech and Lab details, research tiles, blueprint #15) is marked
"Ludoteca stand-in (not official)". Every text is in the process language
(`ludoteca.core.i18n.tr` / `say`, catalog keys `on_mars.term.*` and the game's words); the
map's one-letter codes are language-neutral, like the notation, and the legend names them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ludoteca.core.api import State
from ludoteca.core.i18n import msg, say, tr
from ludoteca.core.prompt import Prompt
from ludoteca.core.terminal import GameView
from ludoteca.games.on_mars import component_texts as ct
from ludoteca.games.on_mars.board import hex_text, map_hexes
from ludoteca.games.on_mars.costs import option_cost_message
from ludoteca.games.on_mars.state import OnMarsState

KIND_LETTER = {
    "mine": "M",
    "generator": "G",
    "water_extractor": "W",
    "greenhouse": "H",
    "oxygen_condenser": "O",
    "shelter": "S",
}
RADIUS = 5


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
    lines = [tr("on_mars.term.map", standin=tr("core.standin"), legend=tr("on_mars.term.legend"))]
    hexes = map_hexes()
    for r in range(-RADIUS, RADIUS + 1):
        row = [h for h in hexes if h[1] == r]
        indent = " " * (4 * abs(r))
        cells = " ".join(f"{h[0]:>2}:{_cell(obs, hex_text(h)):<5}" for h in row)
        lines.append(f"r={r:>2} {indent}{cells}")
    return Text("\n".join(lines))


def _blueprint(state: OnMarsState, blueprint: int) -> str:
    c = state.om_game.components
    card = c.blueprints[blueprint - 1]
    text = tr(
        "on_mars.term.blueprint",
        name=ct.blueprint_name(blueprint),
        building=ct.building(card.building),
        n=card.level,
        effect=ct.advanced_effect(card),
    )
    if card.advanced["op"].startswith("pd_"):
        text += " *"
    return text


def _amounts(items: dict[str, int]) -> str:
    return ", ".join(say(ct.amount(k, n)) for k, n in items.items())


def _orbit(state: OnMarsState, obs: dict[str, Any]) -> Table:
    c = state.om_game.components
    table = Table(title=tr("on_mars.side.orbit"), box=None, pad_edge=False, show_header=False)
    table.add_column("what")
    table.add_column("contents")
    table.add_row(tr("on_mars.ui.warehouse"), _amounts(obs["warehouse"]))
    rows, start = [], 0
    for row, size, cost in c.tech_grid_rows:
        tiles = [
            say(ct.tech(obs["tech_grid"][i].split(":")[-1])) if obs["tech_grid"][i] else "-"
            for i in range(start, start + size)
        ]
        price = say(ct.cost(cost))
        rows.append(
            f"{tr(f'on_mars.ui.grid_row.{row}')} [{start}-{start + size - 1}] ({price}): {' · '.join(tiles)}"
        )
        start += size
    table.add_row(tr("on_mars.ui.tech_grid") + "*", "\n".join(rows))
    display = [_blueprint(state, b) for b in obs["blueprint_display"]]
    table.add_row(tr("on_mars.ui.blueprint_display"), "\n".join(display) or "-")
    table.add_row(
        tr("on_mars.ui.exploration"), ", ".join(say(ct.discovery(k)) for k in obs["exploration"]) or "-"
    )
    spaces = []
    for s in c.turn_order:
        taken = [str(i) for i, p in enumerate(obs["players"]) if p["space"] == s["space"]]
        if obs["lacerda_space"] == s["space"]:
            taken.append(tr("on_mars.ui.lacerda"))
        here = f" [{','.join(taken)}]" if taken else ""
        spaces.append(f"{s['space']} {say(ct.turn_space_gives(c, s['space']))}{here}")
    table.add_row(tr("on_mars.ui.turn_order") + "*", "\n".join(spaces))
    return table


def _colony(state: OnMarsState, obs: dict[str, Any]) -> Table:
    c = state.om_game.components
    table = Table(title=tr("on_mars.side.colony"), box=None, pad_edge=False, show_header=False)
    table.add_column("what")
    table.add_column("contents")
    lss = ", ".join(f"{say(ct.building(k))} {v}" for k, v in obs["lss"].items())
    rewards = "; ".join(say(ct.lss_reward(c, r)) for r in obs["lss_rewards"])
    table.add_row(
        tr("on_mars.term.colony_level"),
        tr("on_mars.term.lss", n=obs["colony_level"], lss=lss, rewards=rewards),
    )
    players = state.rule_players()
    missions = [
        tr("on_mars.term.mission", mission=ct.mission(c, m, players), n=max(left, 0))
        for m, left in obs["missions"]
    ]
    table.add_row(
        tr("on_mars.ui.missions"),
        "\n".join([*missions, tr("on_mars.ui.missions_needed", n=max(0, obs["remaining_missions"]))]),
    )
    side, number, travelled, _ = obs["shuttle"]
    table.add_row(
        tr("on_mars.term.shuttle"),
        tr(
            "on_mars.ui.shuttle_travelled" if travelled else "on_mars.ui.shuttle",
            side=msg(f"on_mars.side.{side}"),
            n=number,
        ),
    )
    science = [
        "-" if x is None else say(ct.contract(c, x)) if isinstance(x, int) else say(ct.scientist(str(x)))
        for x in obs["science_spaces"]
    ]
    table.add_row(tr("on_mars.ui.science"), "\n".join(science))
    if obs["scientists_at_work"]:
        table.add_row(
            tr("on_mars.term.at_work"),
            ", ".join(
                tr("on_mars.term.works_on", scientist=ct.scientist(s), blueprint=ct.blueprint_name(b))
                for s, b in obs["scientists_at_work"].items()
            ),
        )
    slots = [f"{say(ct.main_action(a))}: {v}" for a, v in obs["action_slots"].items() if v]
    table.add_row(tr("on_mars.term.colonists_on_actions"), "; ".join(slots) or "-")
    return table


def _boards(state: OnMarsState, obs: dict[str, Any], names: Sequence[str]) -> Table:
    table = Table(title=tr("on_mars.term.boards"), box=None, pad_edge=False)
    for column in (
        "seat",
        "player",
        "op",
        "side",
        "storage",
        "crystals",
        "ships",
        "colonists",
        "bots",
        "lab",
        "blueprints",
        "cards",
        "goals",
    ):
        table.add_column(tr(f"on_mars.term.column.{column}"))
    for s, (name, p) in enumerate(zip(names, obs["players"], strict=True)):
        storage = " ".join(str(p["storage"][r]) for r in ("mineral", "battery", "water", "plant", "oxygen"))
        lab = ", ".join(f"{say(ct.tech(t.split(':')[-1]))} {col + 1}" for t, (col, _) in p["lab"].items())
        blueprints = tr(
            "on_mars.term.held_built",
            held=", ".join(map(str, p["blueprints"])) or "-",
            built=", ".join(map(str, p["built_blueprints"])) or "-",
        )
        cards = tr(
            "on_mars.term.cards",
            scientists=", ".join(say(ct.scientist(x)) for x in p["scientists"]) or "-",
            contracts=", ".join(map(str, p["contracts"])) or "-",
            done=", ".join(map(str, p["contracts_done"])) or "-",
        )
        goals = (
            tr("on_mars.ui.hidden_goals", n=p["goals"])
            if isinstance(p["goals"], int)
            else ",".join(map(str, p["goals"])) or "-"
        )
        done = " " + tr("on_mars.term.goal_done", id=p["goal_done"]) if p["goal_done"] else ""
        side = tr("on_mars.term.side_space", side=msg(f"on_mars.side.{p['side']}"), space=p["space"] or "-")
        table.add_row(
            str(s),
            name,
            str(p["op"]),
            side,
            storage,
            f"{p['depot']} (+{p['incoming']})",
            tr("on_mars.term.ships", depot=p["ships_depot"], hangar=p["hangar"]),
            tr("on_mars.term.colonists", quarters=p["quarters"], working=p["working"], supply=p["supply"]),
            tr("on_mars.term.bots", map=len(p["bots"]), off=p["bots_off"]),
            lab or "-",
            blueprints,
            cards,
            f"{goals}{done}",
        )
    return table


#: the scoring table's rows (`observation()["scoring"]`), named as in rules 9 (`on_mars.score.<row>`)
SCORING_ROWS = (
    "track",
    "progress",
    "ships",
    "quarters",
    "tech",
    "blueprints",
    "scientists",
    "contracts",
    "total",
)
TIE_BREAK_ROWS = ("crystals", "advanced_buildings", "progress_cubes")  # `on_mars.score.tie.<row>`


def _scoring(obs: dict[str, Any], names: Sequence[str]) -> Table:
    """Final scoring by category, one column per seat (and Lacerda); before the end, the
    same table as a projection if the game ended now."""
    info = obs["scoring"]
    columns = list(zip(names, info["players"], strict=False))
    if info.get("lacerda"):
        columns.append((tr("on_mars.ui.lacerda"), info["lacerda"]))
    title = tr("on_mars.score.final_lower" if info["final"] else "on_mars.score.projected_lower")
    table = Table(title=title, box=None, pad_edge=False)
    table.add_column(tr("on_mars.score.from"))
    for name, _ in columns:
        table.add_column(name, justify="right")
    rows = [(key, tr(f"on_mars.score.{key}")) for key in SCORING_ROWS]
    rows += [(key, tr(f"on_mars.score.tie.{key}")) for key in TIE_BREAK_ROWS]
    for key, label in rows:
        table.add_row(
            label, *(str(column[key]) for _, column in columns), style="bold" if key == "total" else None
        )
    if info["final"]:
        won = [names[s] if s < len(names) else str(s) for s in info.get("winners", [])]
        table.caption = (
            tr("on_mars.score.winner_is", names=" & ".join(won)) if won else tr("on_mars.score.no_winner")
        )
        if obs.get("lacerda"):
            table.caption = tr("on_mars.score.solo_met" if won else "on_mars.score.solo_failed")
    return table


def _lacerda(obs: dict[str, Any]) -> Table:
    """The solo opponent as everyone sees him (`observation()["lacerda"]`)."""
    info = obs["lacerda"]
    board = info.get("board", {})
    table = Table(title=tr("on_mars.term.lacerda"), box=None, pad_edge=False, show_header=False)
    table.add_column("what")
    table.add_column("contents")
    goal = info.get("solo_goal")
    table.add_row(tr("on_mars.term.solo_goal"), say(msg(f"on_mars.solo_goal.{goal}")) if goal else "-")
    card = info.get("card")
    table.add_row(
        tr("on_mars.term.last_card"),
        tr("on_mars.solo.card.travels" if card["travels"] else "on_mars.solo.card.stays", **card)
        if card
        else "-",
    )
    table.add_row(
        tr("on_mars.term.deck"),
        tr(
            "on_mars.ui.lacerda_state",
            passes=info.get("passes", 0),
            building=ct.building(info.get("next_building", "mine")),
            bots=info.get("bots_on_board", 0),
        )
        + " · "
        + tr("on_mars.term.cards_left", n=info.get("cards_left", 0)),
    )
    table.add_row(
        tr("on_mars.term.board"),
        tr(
            "on_mars.ui.lacerda_score",
            op=board.get("op", 0),
            built=len(board.get("built_blueprints", [])),
            contracts=len(board.get("contracts", [])),
        ),
    )
    if "requirements" in info:
        met = ", ".join(
            f"{'✓' if v else '✗'} {tr(f'on_mars.solo.requires.{k}')}" for k, v in info["requirements"].items()
        )
        table.add_row(tr("on_mars.term.requirements"), met)
    return table


def _first_colonists(obs: dict[str, Any], names: Sequence[str]) -> Table:
    """First Colonists A/B cards: the viewer's own in full, the others' as counts."""
    info = obs["first_colonists"]

    def a_card(card: int) -> str:  # the 4th type (Mine) reads an unidentified icon: a stand-in
        types = [say(ct.building(t)) for t in info["a_cards"][str(card)]]
        return f"#{card} {', '.join(types[:3])}, {types[3]}*"

    def b_card(card: int) -> str:
        b = info["b_cards"][str(card)]
        return f"{say(ct.fc_task(b['task']))} ({_amounts(b['reward'])}*)"

    def hidden(n: int) -> str:
        return tr("on_mars.term.hidden", n=n)

    table = Table(title=tr("on_mars.ui.list.first_colonists"), box=None, pad_edge=False)
    for column in ("player", "a_card", "b_cards", "revealed", "tasks_done"):
        table.add_column(tr(f"on_mars.term.column.{column}"))
    for name, hand in zip(names, info["seats"], strict=False):
        held_a, held_b = hand["a_card"], hand["b_cards"]
        table.add_row(
            name,
            hidden(held_a) if isinstance(held_a, int) else ("; ".join(map(a_card, held_a)) or "-"),
            hidden(held_b) if isinstance(held_b, int) else ("; ".join(map(b_card, held_b)) or "-"),
            "; ".join([*map(a_card, hand["revealed_a"]), *map(b_card, hand["revealed_b"])]) or "-",
            ", ".join(say(ct.fc_task(t)) for t in hand["tasks_done"]) or "-",
        )
    return table


class OnMarsView(GameView):
    """On Mars at the terminal: orbit, colony, the map and the player boards."""

    def position(self, state: State, names: Sequence[str], prompt: Prompt | None) -> RenderableType:
        s = _on_mars(state)
        seat = prompt.seat if prompt is not None and prompt.seat >= 0 else 0
        obs = s.observation(seat)
        head = Text(
            tr(
                "on_mars.term.head",
                round=obs["round"],
                stage=ct.stage(obs["stage"]),
                standin=tr("core.standin"),
            ),
            style="bold",
        )
        parts: list[RenderableType] = [head, _orbit(s, obs), _colony(s, obs), render_map(obs)]
        parts.append(_boards(s, obs, names))
        if obs.get("lacerda"):
            parts.append(_lacerda(obs))
        if obs.get("first_colonists"):
            parts.append(_first_colonists(obs, names))
        parts.append(_scoring(obs, names))
        return Group(*parts)

    def decision_aid(self, state: State, prompt: Prompt) -> RenderableType | None:
        """What each option costs and what it gives (issue #24), where there is something to say."""
        s = _on_mars(state)
        rows = []
        for o in prompt.options:
            cost = option_cost_message(s, o.action)
            gives = (o.message or {}).get("gives")
            if cost is not None or gives is not None:
                rows.append((o.text, say(cost) if cost is not None else "", say(gives) if gives else ""))
        if not rows:
            return None
        table = Table(title=tr("on_mars.term.costs"), box=None, pad_edge=False)
        for column in ("option", "costs", "gives"):
            table.add_column(tr(f"on_mars.term.column.{column}"))
        for row in rows:
            table.add_row(*row)
        return table
