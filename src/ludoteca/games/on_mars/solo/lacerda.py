"""The solo game (rules 12): Lacerda, the automated opponent, and his turn structure.

Lacerda's board is `state.players[LACERDA]` (index 1); the game has one seat, so he
never decides. Every frame that the shared rules push for him (a turn, a travel
decision, a benefit, a payment...) is taken over by `lacerda_takes`, which resolves
it with his rules (`actions`) or drops it (he pays no resources, has no Private
Goals and no executive actions).

* Setup: his Shelter on the 2-player start hex (no bot on the map: his bot marks the
  build sequence), no Private Goals, a random First Colonist tile for his turn-order
  space, the shuttle on his side (flow.py), the 12 solo cards in the deck, and the
  player chooses one of the 4 Solo Goals (`solo_goal` decision).
* His turn: crystals move into his Depot, then the top solo card is drawn — a chance
  node whose outcomes are the cards still in the deck (reshuffled when empty). From
  the second pass on, the card's mission letter moves that mission's tracker down 1
  and he gains its crystals. He then takes the card's action (1-3) on his side.
* Shuttle phase: he travels only on a free ride and only if the last card does not
  show the ✗; he skips production and retrieving colonists; on arriving in the Colony
  he places a Discovery tile (3 hexes from his rover, as far as possible from the
  player's rover) and constructs as action 1; his new turn-order space is a random
  free space of that side (chance), and he takes its benefit his way.
* Each colony level-up: a Shelter, a ship into his Hangar, a bot on his board.
* End: his Living Quarters count as full. `goals` decides the player's result.

Views: `observation()["players"]` lists the seats only; Lacerda's board, last card,
discard pile, build sequence and the goal's requirements are `observation()["lacerda"]`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.decisions import Automatic, Decision
from ludoteca.games.on_mars.actions import BASE
from ludoteca.games.on_mars.frames import Frame, push
from ludoteca.games.on_mars.model import COLONY, ORBIT
from ludoteca.games.on_mars.rules import advance_remaining, contribute, gain_crystals
from ludoteca.games.on_mars.shuttle import LACERDA, free_ride, space_side, space_taken
from ludoteca.games.on_mars.solo import actions as act
from ludoteca.games.on_mars.solo.goals import requirement_status
from ludoteca.games.on_mars.solo.ties import TIE_POOL, apply_tie, tie_counts
from ludoteca.games.on_mars.turn_order import benefit_frames

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState

MISSION_LETTERS = "ABC"


def deck(state: OnMarsState) -> list[dict[str, Any]]:
    return list(state.om_game.components.raw["solo"]["deck"])


def solo_goals(state: OnMarsState) -> list[dict[str, Any]]:
    return list(state.om_game.components.raw["solo"]["goals"])


# ------------------------------------------------------------------ setup
def setup_lacerda(state: OnMarsState) -> None:
    """Called by `flow.setup` once every board has its Shelter: Lacerda's extras."""
    board = state.players[LACERDA]
    board.bots.clear()  # his bot sits on the Mine icon of the Progress area (the build sequence)
    for r in board.storage:  # he never holds resources, not even the starting ones
        board.storage[r] = 0
    state.pools["solo"] = [1] * len(deck(state))
    state.lacerda = {
        "goal": "",  # the Solo Goal the player chose
        "card": -1,  # the solo card revealed last (index in the deck data)
        "passes": 0,  # reshuffles so far (his mission effect starts with the second pass)
        "discard": [],  # cards revealed in this pass, in order
        "sequence": 0,  # his bot's position in the build sequence
        "bots": 0,  # bots added to his board at level-ups (never placed)
        "level": state.colony_level,  # last colony level he reacted to
    }
    push(state, {"k": "solo_goal", "seat": 0})


class _SoloGoal(Decision):
    """The player chooses the Solo Goal to play for."""

    kind = "solo_goal"

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        return [BASE["solo_goal"] + i for i in range(len(solo_goals(state)))]

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        state.lacerda["goal"] = solo_goals(state)[action - BASE["solo_goal"]]["id"]


# ------------------------------------------------------------------ chance
def solo_draw_counts(state: OnMarsState, frame: Frame) -> list[int]:
    """Outcome weights of Lacerda's draws: a solo card, a tie's number, a contract, a space."""
    pool = frame["pool"]
    if pool == "solo":
        return list(state.pools["solo"])
    if pool == TIE_POOL:
        return tie_counts(state, frame)
    if pool == "contract":
        return [
            1 if k in state.contract_deck else 0
            for k in range(1, len(state.om_game.components.contracts) + 1)
        ]
    side = frame.get("side", "")
    tiles = state.pools.get("fc_space")
    counts = []
    for s in range(1, 9):
        ok = not space_taken(state, s) and (not side or space_side(state, s) == side)
        if not side and tiles is not None:  # setup: one of the First Colonist tiles left
            ok = ok and tiles[s - 1] > 0
        elif not side:
            fc = state.om_game.components.standins.get("first_colonists", {}).get("start_spaces")
            ok = ok and (fc is None or s in fc)
        counts.append(1 if ok else 0)
    return counts


def solo_apply_draw(state: OnMarsState, frame: Frame, item: int) -> None:
    pool = frame["pool"]
    if pool == "solo":
        reveal(state, item)
    elif pool == TIE_POOL:
        apply_tie(state, frame, item, act.TIES)
    elif pool == "contract":
        contract = item + 1
        state.contract_deck.remove(contract)
        state.science[frame["space"]] = contract
        _queue_refill(state)
    else:
        if "side" not in frame and state.pools.get("fc_space") is not None:
            state.pools["fc_space"][item] -= 1
        set_space(state, item + 1, benefit="side" in frame)


def reveal(state: OnMarsState, card: int) -> None:
    """The top solo card is `card`: from the second pass on, its mission moves."""
    state.pools["solo"][card] -= 1
    state.lacerda["card"] = card
    state.lacerda["discard"].append(card)
    if state.lacerda["passes"] >= 1:
        index = MISSION_LETTERS.index(deck(state)[card]["mission"])
        if index < len(state.missions) and state.missions[index][1] > 0:
            mission = state.missions[index]
            mission[1] -= 1
            gain_crystals(state, LACERDA, state.om_game.components.missions[mission[0] - 1].crystals)
            if mission[1] == 0:
                advance_remaining(state)


def set_space(state: OnMarsState, space: int, benefit: bool) -> None:

    board = state.players[LACERDA]
    state.lacerda_space = board.space = space
    board.side = space_side(state, space)
    if benefit:
        push(
            state, *benefit_frames(state, LACERDA, state.om_game.components.turn_order[space - 1]["benefit"])
        )


# ------------------------------------------------------------------ his turn
def lacerda_takes(state: OnMarsState, frame: Frame) -> bool:
    """The frame table's `intercept`: in the solo game, resolve a frame pushed for Lacerda
    his way (`TAKEOVER`) or drop a decision he never takes; False lets the shared rule
    run it (automatic steps, chance draws)."""
    if not state.solo or frame.get("seat") != LACERDA:
        return False
    kind = frame["k"]
    handler = TAKEOVER.get(kind)
    if handler is None:
        if kind not in state.table.decision_kinds:
            return False
        state.pending.pop()  # a decision he never takes (payments, goals, executive actions...)
        return True
    state.pending.pop()
    handler(state, frame)
    return True


def _turn(state: OnMarsState, frame: Frame) -> None:
    board = state.players[LACERDA]
    board.depot = min(board.depot_capacity(), board.depot + board.incoming)
    board.incoming = 0
    if not any(state.pools["solo"]):  # reshuffle: a new pass through the deck
        state.pools["solo"] = [1] * len(deck(state))
        state.lacerda["passes"] += 1
        state.lacerda["discard"] = []
    push(
        state,
        {"k": "draw", "pool": "solo", "to": "solo_card"},
        {"k": "lacerda_action"},
        {"k": "end_turn", "seat": LACERDA},
        {"k": "lacerda_tidy"},
    )


class _LacerdaAction(Automatic):
    kind = "lacerda_action"

    @staticmethod
    def run(state: OnMarsState, frame: Frame) -> None:
        act.take_action(state, int(deck(state)[state.lacerda["card"]]["action"]))


class _LacerdaTidy(Automatic):
    """Lacerda never holds resources: whatever he gained went back to the supply."""

    kind = "lacerda_tidy"

    @staticmethod
    def run(state: OnMarsState, frame: Frame) -> None:
        board = state.players[LACERDA]
        for r in board.storage:
            board.storage[r] = 0


def _travel(state: OnMarsState, frame: Frame) -> None:
    card = state.lacerda["card"]
    travels = card < 0 or bool(deck(state)[card]["travels"])
    if not (travels and free_ride(state, LACERDA)):
        return
    board = state.players[LACERDA]
    board.side = COLONY if board.side == ORBIT else ORBIT
    board.space = state.lacerda_space = None
    steps: list[Frame] = []
    if board.side == COLONY:  # production and retrieving colonists are skipped both ways
        steps += [{"k": "discovery", "seat": LACERDA}, {"k": "build_type", "seat": LACERDA, "only": ""}]
    steps += [{"k": "draw", "pool": "lacerda_space", "to": "lacerda_space", "side": board.side}]
    push(state, *steps, {"k": "lacerda_tidy"})


def _refill(state: OnMarsState, frame: Frame) -> None:
    """His refill: the contract deck is shuffled and the top card fills the space."""
    if state.contract_deck:
        push(state, {"k": "draw", "pool": "contract", "to": "refill", "space": frame["space"]})


def _queue_refill(state: OnMarsState) -> None:
    empty = [i for i, s in enumerate(state.science) if s is None]
    if empty and state.contract_deck:
        push(state, {"k": "draw", "pool": "contract", "to": "refill", "space": empty[0]})


# ------------------------------------------------------------------ level-ups and the end
def lacerda_after_level_check(state: OnMarsState) -> None:
    """After the colony status check: each new colony level gives him his three extras."""
    while state.lacerda["level"] < state.colony_level:
        state.lacerda["level"] += 1
        push(state, {"k": "lacerda_level_up"}, {"k": "lacerda_tidy"})


class _LacerdaLevelUp(Automatic):
    kind = "lacerda_level_up"

    @staticmethod
    def run(state: OnMarsState, frame: Frame) -> None:
        board = state.players[LACERDA]
        if board.ships_depot > 0:  # a ship welcomed: kept in his Hangar for scoring
            board.ships_depot -= 1
            board.hangar += 1
        if state.lacerda["bots"] < 3:  # a bot on his board: never placed, counts for missions
            state.lacerda["bots"] += 1
            contribute(state, LACERDA, "bots_placed")
        act.construct_shelter(state)


def lacerda_before_scoring(state: OnMarsState) -> None:
    """His Living Quarters count as full at the end."""
    board = state.players[LACERDA]
    board.working = 0
    board.quarters = board.quarters_capacity()


# ------------------------------------------------------------------ views
def lacerda_view(state: OnMarsState) -> dict[str, Any]:
    """What everyone sees of the solo game (the order of his undrawn cards is unknown)."""

    info = state.lacerda
    cards = deck(state)
    view: dict[str, Any] = {
        "solo_goal": info.get("goal", ""),
        "card": cards[info["card"]] | {"number": info["card"] + 1} if info.get("card", -1) >= 0 else None,
        "discard": [i + 1 for i in info.get("discard", [])],
        "cards_left": sum(state.pools.get("solo", [])),
        "passes": info.get("passes", 0),
        "next_building": state.om_game.components.raw["solo"]["bot_sequence"][info.get("sequence", 0)],
        "bots_on_board": info.get("bots", 0),
        "board": state.players[LACERDA].to_json(hidden=True),
    }
    if info.get("goal"):
        view["requirements"] = requirement_status(state)
        if state.stage == "over":
            view["player_wins"] = all(view["requirements"].values())
    return view


TAKEOVER = {
    "turn": _turn,
    "travel": _travel,
    "refill": _refill,
    **act.TAKEOVER,
}
