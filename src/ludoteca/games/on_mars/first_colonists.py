"""First Colonists variant (rules 11): the secret A and B task cards.

* **A cards.** At setup each seat is dealt one of the 4 A cards (a chance draw that
  only its owner sees). Each shows 4 building types: three of Generator, Water
  Extractor, Greenhouse, Oxygen Condenser (the battery/water/plant/oxygen icons) and
  a crystal-with-cog icon, read as the **Mine** (Ludoteca stand-in,
  `standins.json` -> `first_colonists.pd_fc_icons`). When the seat constructs a
  building of one of its card's types, the card is revealed and discarded at once
  (automatic: nothing is gained by keeping it) and the seat draws 2 B cards (chance
  draws, secret).
* **B cards.** 8 secret tasks: learn a new technology (a tile enters the Lab from
  the Tech Grid), travel (any crossing between Orbit and the Colony: the shuttle, the
  Landing Pod, a reward), build a Shelter, hire a Scientist (also taken for free),
  develop a tech tile (one Lab step), develop x2 (a second development in the same
  action or benefit), place a Discovery tile on the map, obtain a Blueprint. A task
  counts when the seat performs it while holding B cards (`tasks_done`, public: the
  events are public). At the end of each of its turns a seat may reveal **one** held
  B card whose task it has performed and take the card's reward; revealing is the
  player's choice (a real player may keep a card face down), so the prompt offers
  each completable card plus `skip`, and a completed card may be revealed at the end
  of a later turn (one per turn). Tasks done outside the seat's turn (travel in the
  shuttle phase, developing a lent tile) are revealed at the end of its next turn.
* **Rewards.** One resource or crystal per card; the pairing is not published: every
  card gives the Ludoteca stand-in 1 crystal (`standins.json` ->
  `first_colonists.pd_fc_rewards`, matching the rulebook example "Obtain a Blueprint
  -> 1 crystal"); printed values replace it by editing that file.
* **Players.** 2-4 players. The solo game refuses the option (it has its own
  learning level, the Solo Goal "First Colonists", and its own start-space rule).

Hidden information: the cards held (others see counts); revealed cards are public.
`resample_cards` re-deals unrevealed cards from those the seat has not seen, keeping
what is public: a seat still holding its A card has built none of that card's types.
"""

from __future__ import annotations

import random
from itertools import permutations
from typing import TYPE_CHECKING, Any

from ludoteca.core.decisions import Decision
from ludoteca.games.on_mars.actions import BASE
from ludoteca.games.on_mars.frames import Frame, push
from ludoteca.games.on_mars.rules import gain, gain_crystals

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState

#: frame kinds whose (non-skip) decision performs a B task
_TASK_OF_FRAME = {
    "take_blueprint": "obtain_blueprint",
    "discovery": "place_discovery",
}


def new_hand() -> dict[str, list[Any]]:
    """One seat's cards: held A/B ids, revealed (public) ids, types built while holding
    the A card, tasks performed while holding B cards."""
    return {"a": [], "b": [], "a_out": [], "b_out": [], "built": [], "done": []}


def setup_draws(state: OnMarsState) -> list[Frame]:
    state.pools["fc_a"] = [1] * len(state.om_game.components.fc_a_cards)
    state.pools["fc_b"] = [1] * len(state.om_game.components.fc_b_cards)
    state.fc = [new_hand() for _ in range(state.n)]
    return [{"k": "draw", "pool": "fc_a", "to": "fc_a", "seat": s} for s in range(state.n)]


def take_card(state: OnMarsState, seat: int, pile: str, item: int) -> None:
    """A drawn A or B card (`pile` "fc_a"/"fc_b", card id - 1) goes to the seat's hand."""
    state.fc[seat]["a" if pile == "fc_a" else "b"].append(item + 1)


def record(state: OnMarsState, seat: int, task: str) -> None:
    """`seat` performed `task`: it counts for the B cards it holds now."""
    hand = state.fc[seat]
    if hand["b"] and task not in hand["done"]:
        hand["done"].append(task)


def constructed(state: OnMarsState, seat: int, kind: str) -> None:
    """`seat` built a `kind`: the Shelter task, and the A card's reveal."""
    if kind == "shelter":
        record(state, seat, "build_shelter")
    hand = state.fc[seat]
    if not hand["a"]:
        return
    card = hand["a"][0]
    if kind in state.om_game.components.fc_a_cards[card - 1]:
        hand["a"].clear()
        hand["a_out"].append(card)
        push(state, *[{"k": "draw", "pool": "fc_b", "to": "fc_b", "seat": seat}] * 2)
    elif kind not in hand["built"]:
        hand["built"].append(kind)


def observe(state: OnMarsState, frame: Frame, action: int | None) -> None:
    """Sees every resolved frame (the frame table's `observe`; `action` None for automatic
    steps): with First Colonists, note the tasks and constructions it performed."""
    if not state.fc:
        return
    seat = frame.get("seat")
    if not isinstance(seat, int) or not 0 <= seat < state.n:
        return
    kind = frame["k"]
    if kind == "finish_build" or (kind == "draw" and frame.get("to") == "build"):
        constructed(state, seat, frame["kind"])
    elif action is None or action == BASE["skip"] or kind == "draw":
        return
    elif kind in _TASK_OF_FRAME:
        record(state, seat, _TASK_OF_FRAME[kind])
    elif kind == "lab_space":
        record(state, seat, "learn_technology" if frame["from"] < 0 else "develop")
    elif kind in ("hire", "free_card") and action < BASE["contract"]:
        record(state, seat, "hire_scientist")
    elif kind == "develop":
        _developed(state, seat, frame)


def _developed(state: OnMarsState, seat: int, frame: Frame) -> None:
    """A development of a chain (R&D, develop x2, ...): the second one is the x2 task.
    The chain's next frame (just pushed: the seat's topmost `develop`) carries the count."""
    count = frame.get("fc_developed", 0) + 1
    if count >= 2:
        record(state, seat, "develop_x2")
    if frame["left"] > 1:
        following = next(f for f in reversed(state.pending) if f["k"] == "develop" and f["seat"] == seat)
        following["fc_developed"] = count


def completable(state: OnMarsState, seat: int) -> list[int]:
    """Held B cards whose task `seat` has performed."""
    hand = state.fc[seat]
    tasks = state.om_game.components.fc_b_cards
    return sorted(card for card in hand["b"] if tasks[card - 1][0] in hand["done"])


def end_of_turn(state: OnMarsState, seat: int) -> None:
    if state.fc[seat]["b"]:
        push(state, {"k": "fc_task", "seat": seat})


class _Task(Decision):
    """Reveal one completed B card (or not now) at the end of the seat's turn."""

    kind = "fc_task"

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        cards = completable(state, frame["seat"])
        return [*(BASE["fc_task"] + card - 1 for card in cards), BASE["skip"]] if cards else []

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        if action == BASE["skip"]:
            return
        seat, card = frame["seat"], action - BASE["fc_task"] + 1
        hand = state.fc[seat]
        hand["b"].remove(card)
        hand["b_out"].append(card)
        task, reward = state.om_game.components.fc_b_cards[card - 1]
        hand["done"].remove(task)
        for item, n in reward:
            if item == "crystal":
                gain_crystals(state, seat, n)
            else:
                gain(state, seat, item, n)


def view(state: OnMarsState, seat: int | None) -> dict[str, Any]:
    """The cards as `seat` sees them (None: everything). Card contents are public data."""
    c = state.om_game.components
    seats = []
    for s, hand in enumerate(state.fc):
        shown = seat is None or s == seat
        seats.append(
            {
                "a_card": list(hand["a"]) if shown else len(hand["a"]),
                "b_cards": list(hand["b"]) if shown else len(hand["b"]),
                "revealed_a": list(hand["a_out"]),
                "revealed_b": list(hand["b_out"]),
                "built_holding_a": list(hand["built"]),
                "tasks_done": list(hand["done"]),
            }
        )
    return {
        "seats": seats,
        "a_cards": {str(i + 1): list(types) for i, types in enumerate(c.fc_a_cards)},
        "b_cards": {str(i + 1): {"task": t, "reward": dict(r)} for i, (t, r) in enumerate(c.fc_b_cards)},
    }


def _a_card_fits(state: OnMarsState, seat: int, card: int) -> bool:
    """Public fact: a seat still holding its A card has built none of the card's types."""
    return not set(state.om_game.components.fc_a_cards[card - 1]) & set(state.fc[seat]["built"])


def resample_cards(state: OnMarsState, seat: int, rng: random.Random) -> None:
    """Re-deal the unrevealed cards of the seats other than `seat` (and of a seat deciding
    which task card to reveal: its prompt shows a task is met) from the cards `seat` has
    not seen."""
    top = state.top()
    keep = {seat} | ({top["seat"]} if top is not None and top["k"] == "fc_task" else set())
    others = [s for s in range(state.n) if s not in keep]
    _redeal_a(state, [s for s in others if state.fc[s]["a"]], rng)
    unseen = [i + 1 for i, n in enumerate(state.pools["fc_b"]) if n > 0]
    for s in others:
        unseen += state.fc[s]["b"]
    rng.shuffle(unseen)
    for s in others:
        held = len(state.fc[s]["b"])
        state.fc[s]["b"], unseen = unseen[:held], unseen[held:]
    state.pools["fc_b"] = [int(i + 1 in unseen) for i in range(len(state.pools["fc_b"]))]


def _redeal_a(state: OnMarsState, holding: list[int], rng: random.Random) -> None:
    """A cards: a uniform choice among the deals that fit what each seat has built."""
    unseen = [i + 1 for i, n in enumerate(state.pools["fc_a"]) if n > 0]
    unseen += [state.fc[s]["a"][0] for s in holding]
    deals = [
        deal
        for deal in permutations(unseen, len(holding))
        if all(_a_card_fits(state, s, card) for s, card in zip(holding, deal, strict=True))
    ]
    deal = rng.choice(deals)
    for s, card in zip(holding, deal, strict=True):
        state.fc[s]["a"] = [card]
    left = set(unseen) - set(deal)
    state.pools["fc_a"] = [int(i + 1 in left) for i in range(len(state.pools["fc_a"]))]
