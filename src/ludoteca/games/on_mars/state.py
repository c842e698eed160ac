"""`OnMarsState`: the position as plain data plus the core API hooks.

The rules live in the rule modules (`flow`, `orbit`, `colony`, `benefits`, ...), whose
frame handlers `handlers.TABLE` lists; this class only holds data, copies it, drives the
pending-decision stack through that table (`table.settle` / `table.apply`) and shows it.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar

from ludoteca.core.api import CHANCE, TERMINAL, State
from ludoteca.core.decisions import FrameTable
from ludoteca.core.i18n import Message
from ludoteca.games.on_mars import frames
from ludoteca.games.on_mars.actions import decode
from ludoteca.games.on_mars.board import Hex, hex_text
from ludoteca.games.on_mars.first_colonists import view
from ludoteca.games.on_mars.flow import resample
from ludoteca.games.on_mars.handlers import TABLE
from ludoteca.games.on_mars.model import Building, PlayerBoard
from ludoteca.games.on_mars.notation import action_text, decision_text
from ludoteca.games.on_mars.scoring import scoring_view, winners
from ludoteca.games.on_mars.solo.lacerda import lacerda_view
from ludoteca.games.on_mars.solo.ties import LAST_DRAWN, TIE_POOL
from ludoteca.games.on_mars.texts import decision, logged, option, public

if TYPE_CHECKING:
    from ludoteca.games.on_mars.game import OnMarsGame


class OnMarsState(State):
    #: the frame handlers by kind and the loop over `pending` (`handlers.py`)
    table: ClassVar[FrameTable[OnMarsState]] = TABLE
    __slots__ = (
        "at_work",
        "buildings",
        "colony_level",
        "contract_deck",
        "counters",
        "crystals",
        "display",
        "end_rounds",
        "exploration",
        "fc",
        "first_player",
        "grid",
        "lacerda",
        "lacerda_space",
        "lss",
        "lss_left_bottom",
        "lss_rewards",
        "map_discoveries",
        "map_research",
        "missions",
        "n",
        "pending",
        "players",
        "pools",
        "remaining_missions",
        "round",
        "science",
        "shuttle",
        "slots",
        "solo",
        "stage",
        "warehouse",
    )

    def __init__(self, game: OnMarsGame) -> None:
        super().__init__(game)
        self.n: int = game.seats
        self.solo: bool = game.solo
        # solo: players[1] is Lacerda's board (he never decides; solo/lacerda.py plays him)
        self.players: list[PlayerBoard] = [PlayerBoard() for _ in range(self.n + self.solo)]
        self.buildings: dict[Hex, Building] = {}
        self.crystals: set[Hex] = set()
        self.map_discoveries: dict[Hex, str] = {}
        self.map_research: dict[Hex, str] = {}
        self.warehouse: dict[str, int] = {}
        self.grid: list[str | None] = [None] * 8
        self.pools: dict[str, list[int]] = {}
        self.exploration: list[str] = []
        self.display: list[int] = []  # face-up blueprints
        self.missions: list[list[int]] = []  # [mission id, contributions still needed]
        self.remaining_missions: int = 3
        self.colony_level: int = 1
        self.lss: dict[str, int] = {}
        self.lss_left_bottom: list[str] = []
        self.lss_rewards: list[str] = []
        self.shuttle: list[Any] = ["orbit", 1, False, ""]  # side, number, travelled, side it left
        self.slots: dict[str, list[int]] = {}
        self.science: list[str | int | None] = []  # 6 spaces: scientist id, contract id or None
        self.contract_deck: list[int] = []
        self.pending: list[frames.Frame] = []
        self.stage: str = "setup"
        self.round: int = 0
        self.first_player: int = 0
        self.end_rounds: int = -1  # rounds still to play once the end is triggered (-1: not yet)
        self.lacerda_space: int | None = None
        self.lacerda: dict[str, Any] = {}  # solo: goal, card, passes, discard, sequence, bots
        self.counters: dict[str, int] = {}
        self.at_work: dict[str, int] = {}  # Scientist at work -> the built Blueprint it works on
        self.fc: list[dict[str, list[Any]]] = []  # First Colonists A/B cards per seat (first_colonists.py)

    # ------------------------------------------------------------- plumbing
    @property
    def om_game(self) -> OnMarsGame:
        return self._game  # type: ignore[return-value]  # an OnMarsState's game is an OnMarsGame

    def rule_players(self) -> int:
        """Player count for the rules' tables (solo plays as a 2-player game)."""
        return 2 if self.solo else self.n

    def top(self) -> frames.Frame | None:
        return self.pending[-1] if self.pending else None

    def settle(self) -> None:
        """Run automatic frames until a decision, a chance node or the end is reached."""
        TABLE.settle(self, self.pending)

    # ----------------------------------------------------------------- hooks
    def current_player(self) -> int:
        frame = self.top()
        if frame is None:
            return TERMINAL
        if TABLE.is_chance(frame):
            return CHANCE
        return int(frame["seat"])

    def _legal_actions(self) -> list[int]:
        return sorted(TABLE.legal(self, self.pending[-1]))

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return TABLE.outcomes(self, self.pending[-1])

    def _apply(self, action: int) -> None:
        TABLE.apply(self, self.pending, action)
        self.settle()

    def _copy(self) -> OnMarsState:
        other = OnMarsState.__new__(OnMarsState)
        State.__init__(other, self._game)
        other.n, other.solo = self.n, self.solo
        other.players = [p.copy() for p in self.players]
        other.buildings = {h: b.copy() for h, b in self.buildings.items()}
        other.crystals = set(self.crystals)
        other.map_discoveries = dict(self.map_discoveries)
        other.map_research = dict(self.map_research)
        other.warehouse = dict(self.warehouse)
        other.grid = list(self.grid)
        other.pools = {k: list(v) for k, v in self.pools.items()}
        other.exploration = list(self.exploration)
        other.display = list(self.display)
        other.missions = [list(m) for m in self.missions]
        other.remaining_missions = self.remaining_missions
        other.colony_level = self.colony_level
        other.lss = dict(self.lss)
        other.lss_left_bottom = list(self.lss_left_bottom)
        other.lss_rewards = list(self.lss_rewards)
        other.shuttle = list(self.shuttle)
        other.slots = {k: list(v) for k, v in self.slots.items()}
        other.science = list(self.science)
        other.contract_deck = list(self.contract_deck)
        other.pending = [_copy_frame(f) for f in self.pending]
        other.stage, other.round = self.stage, self.round
        other.first_player, other.end_rounds = self.first_player, self.end_rounds
        other.lacerda_space = self.lacerda_space
        other.lacerda = {k: (list(v) if isinstance(v, list) else v) for k, v in self.lacerda.items()}
        other.counters = dict(self.counters)
        other.at_work = dict(self.at_work)
        other.fc = [{k: list(v) for k, v in hand.items()} for hand in self.fc]
        return other

    def action_to_string(self, action: int) -> str:
        return action_text(self, action)

    def public_action_string(self, action: int) -> str | None:
        """What every seat learns: all but the secret cards — a Private Goal or First
        Colonists A/B card draw is secret and a goal discarded as a crystal shows only
        that a card was discarded."""

        name, _ = decode(action)
        if name in ("draw_goal", "draw_fc_a", "draw_fc_b"):
            return None
        if name == "discard_goal":
            return "discard-goal"
        return self.action_to_string(action)

    def _decision_message(self) -> Message | None:
        return decision(self)

    def _option_message(self, action: int) -> Message | None:
        return option(self, action)

    def action_message(self, action: int) -> Message:
        return logged(self, action)

    def public_action_message(self, action: int) -> Message | None:
        """Mirrors `public_action_string`: None for a secret draw, a discarded goal unnamed."""

        return public(self, action)

    def _action_payload(self, action: int) -> dict[str, Any]:
        name, index = decode(action)
        return {"range": name, "index": index}

    def scores(self) -> list[float]:
        return [float(p.op) for p in self.players[: self.n]]

    def winners(self) -> list[int]:
        """The winners after the rulebook's tie-breaks (`scoring.winners`: equal OP alone
        is not a shared victory); solo: the player if the chosen Solo Goal is met."""
        if not self.is_terminal():
            return []

        return winners(self)

    def _decision(self) -> tuple[str, str]:
        return decision_text(self)

    # ----------------------------------------------------------------- views
    def _shared(self) -> dict[str, Any]:
        return {**self.board_view(), "standins": self.om_game.components.standin_label,
                "scoring": self._scoring_view()}

    def board_view(self) -> dict[str, Any]:
        """Everything public on the table but the scoring table (the costly part of a view,
        which the research encoder does not read): every seat's view starts with it."""
        return {
            "stage": self.stage,
            "round": self.round,
            "colony_level": self.colony_level,
            "buildings": {hex_text(h): b.to_json() for h, b in sorted(self.buildings.items())},
            "crystals": sorted(hex_text(h) for h in self.crystals),
            "discoveries_on_map": {hex_text(h): k for h, k in sorted(self.map_discoveries.items())},
            "research_on_map": {hex_text(h): t for h, t in sorted(self.map_research.items())},
            "warehouse": dict(self.warehouse),
            "tech_grid": list(self.grid),
            "exploration": list(self.exploration),
            "blueprint_display": list(self.display),
            "missions": [list(m) for m in self.missions],
            "remaining_missions": self.remaining_missions,
            "lss": dict(self.lss),
            "lss_rewards": list(self.lss_rewards),
            "shuttle": list(self.shuttle),
            "action_slots": {k: list(v) for k, v in sorted(self.slots.items())},
            "science_spaces": list(self.science),
            "contract_deck": sorted(self.contract_deck),
            "end_rounds": self.end_rounds,
            "lacerda_space": self.lacerda_space,
            "lacerda": self._lacerda_view(),
            "scientists_at_work": dict(sorted(self.at_work.items())),
        }

    def _scoring_view(self) -> dict[str, Any]:
        """Final scoring per seat (and Lacerda): scored at the end, projected before."""

        return scoring_view(self)

    def players_view(self, seat: int) -> list[dict[str, Any]]:
        """Every player's board as `seat` may see it (the others' secrets hidden)."""
        return [p.to_json(hidden=i != seat) for i, p in enumerate(self.players[: self.n])]

    def decision_line(self) -> str:
        """The current decision's short text, or "game over"."""
        return self._decision()[1] if self.pending else "game over"

    def _lacerda_view(self) -> dict[str, Any] | None:
        return lacerda_view(self) if self.solo else None

    def observation(self, seat: int) -> dict[str, Any]:
        data = self._shared()
        data["seat"] = seat
        data["players"] = self.players_view(seat)
        top = self.top()
        data["decision"] = self.decision_line()
        if top is not None and top["k"] == "draw" and top.get("pool") == TIE_POOL:
            # the solo cards drawn so far are face up: everyone sees which options are left
            data["lacerda_tie"] = _json_frame(top)["options"]
        if LAST_DRAWN in self.counters:
            data["lacerda_tie_drawn"] = self.counters[LAST_DRAWN]
        data["current_player"] = self.current_player()
        if self.fc:
            data["first_colonists"] = view(self, seat)
        return data

    def public_observation(self) -> dict[str, Any]:
        """What a spectator sees: every board with its secrets hidden (seat -2 is nobody's)."""
        return self.observation(-2)

    def full_state(self) -> dict[str, Any]:
        data = self._shared()
        data["players"] = [p.to_json() for p in self.players[: self.n]]
        if self.solo:  # Lacerda's board, his face-down Discovery tiles included
            data["lacerda"]["board"] = self.players[self.n].to_json()
        data["pools"] = {k: list(v) for k, v in sorted(self.pools.items())}
        data["pending"] = [_json_frame(f) for f in self.pending]
        data["first_player"] = self.first_player
        data["counters"] = dict(sorted(self.counters.items()))
        if self.fc:
            data["first_colonists"] = view(self, None)
        if self.stage == "over":
            data["winners"] = winners(self)
        return data

    def resample_from_infostate(self, seat: int, rng: random.Random) -> State:
        return resample(self, seat, rng)


def _copy_frame(frame: frames.Frame) -> frames.Frame:
    return {k: (list(v) if isinstance(v, list) else v) for k, v in frame.items()}


def _json_frame(frame: frames.Frame) -> dict[str, Any]:
    return {k: (list(v) if isinstance(v, tuple) else v) for k, v in frame.items()}
