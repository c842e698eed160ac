"""What a blue card's action is worth per use, in M€, read once from its operations.

The bots' heuristic (`heuristics.py`) counts an action card in play as this worth
times the generations still expected, so a card whose value lies in its action
(Birds, Water Import From Europa, Inventors' Guild...) is worth playing although
playing it gains nothing at once. Using the action is judged by what it does; its
future uses are unchanged by it, so the bot uses an action whenever its effect is
worth something.

The worth of one use is the best of the card's action options (never below 0), each
the sum of its operations at rough M€ prices:

* resources spent or gained at `RESOURCE_PRICE` (M€ 1, steel 2, titanium 3, plants
  2, energy 1, heat 1); a counted gain (Martian Rails' cities) `COUNTED_GAIN`;
* a production step `PRODUCTION_PRICE` times the resource's price; a TR, a
  parameter step `TR_PRICE`, an ocean `OCEAN_BONUS` more;
* a card drawn `DRAW_PRICE`, a card looked at to buy `LOOK_PRICE`, the top card
  revealed for a chance at a resource `REVEAL_PRICE`;
* a resource added to this card: its VP share (`per_resource_here`) at `VP_PRICE`,
  or `FUEL_PRICE` when the card spends its resources on something else (Regolith
  Eaters); one added to another card `FUEL_PRICE`; one removed from this card costs
  `FUEL_PRICE`; one taken from any card (Predators, Ants) costs nothing here.
"""

from __future__ import annotations

from ludoteca.games.terraforming_mars.cards import Card, Count, Op

RESOURCE_PRICE = (1.0, 2.0, 3.0, 2.0, 1.0, 1.0)  # M€, steel, titanium, plants, energy, heat
PRODUCTION_PRICE = 4.0
TR_PRICE = 10.0
COUNTED_GAIN = 4.0
DRAW_PRICE = 3.5
LOOK_PRICE = 2.0
REVEAL_PRICE = 1.5
VP_PRICE = 7.0
FUEL_PRICE = 3.0
OCEAN_BONUS = 2.0


def _amount(op: Op) -> float:
    amount = op.amount
    if isinstance(amount, Count):
        return COUNTED_GAIN
    if isinstance(amount, str):  # "X": a conversion of the player's choosing
        return 1.0
    return float(amount)


def _op_worth(card: Card, op: Op) -> float:
    kind = op.kind
    if kind == "spend":
        return -_amount(op) * RESOURCE_PRICE[op.resource]
    if kind == "gain":
        price = 1.0 if isinstance(op.amount, Count) else RESOURCE_PRICE[op.resource]
        return _amount(op) * price
    if kind == "production":
        return _amount(op) * PRODUCTION_PRICE * RESOURCE_PRICE[op.resource]
    if kind == "tr":
        return _amount(op) * TR_PRICE
    if kind == "raise":
        return max(1, op.steps) * TR_PRICE
    if kind == "place_tile":  # an ocean (Water Import From Europa, Aquifer Pumping): a TR and its bonus
        return TR_PRICE + OCEAN_BONUS
    if kind == "draw_cards":
        return max(1, op.count) * DRAW_PRICE
    if kind == "look_buy":
        return LOOK_PRICE
    if kind == "reveal_top_card":
        return REVEAL_PRICE
    if kind == "add_resource":
        vp = card.vp
        if op.target == "this_card" and vp is not None and vp.kind == "per_resource_here":
            return _amount(op) * VP_PRICE * vp.value / vp.per
        return _amount(op) * FUEL_PRICE
    if kind == "remove_resource":
        return -_amount(op) * FUEL_PRICE
    if kind == "convert":
        return 1.0
    return 0.0


def action_worth(card: Card) -> float:
    """M€ one use of `card`'s action is worth (0 for a card without one)."""
    best = 0.0
    for action in card.actions:
        best = max(best, sum(_op_worth(card, op) for op in action.ops))
    return best


def action_worths(cards: tuple[Card, ...]) -> tuple[float, ...]:
    """`action_worth` of every card, by index."""
    return tuple(action_worth(c) for c in cards)
