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

`card_terms` prices what playing a card brings, for its worth in hand (the bots buy,
keep and sell cards by it, `heuristics.hand_worths`): M€ now, M€ a generation and VP,
read once from its on-play operations, its action, effects and VP.
"""

from __future__ import annotations

from ludoteca.games.terraforming_mars.cards import Card, Count, Op
from ludoteca.games.terraforming_mars.constants import CITY, GREENERY, OCEAN

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


# ------------------------------------------------------------ a card played, in hand
#: M€ of income a generation for an effect or a modifier (a discount, a trigger)
EFFECT_INCOME = 1.0
#: VP an unprinted VP rule (per tag, per tile...) is expected to bring
COUNTED_VP = 1.5
#: share of the effect an "any card" or "any player" target is expected to have
TARGET_SHARE = 0.6
TILE_TERMS = {OCEAN: (2.0, 1.0, 1.0), GREENERY: (0.0, 1.0, 2.0), CITY: (3.0, 0.0, 1.5)}
SPECIAL_TILE_TERMS = (1.0, 0.0, 0.5)

Terms = tuple[float, float, float]  # (M€ now, M€ a generation, VP)


def _sum(terms: list[Terms]) -> Terms:
    return (sum(t[0] for t in terms), sum(t[1] for t in terms), sum(t[2] for t in terms))


def _best(options: list[Terms]) -> Terms:
    """The option worth most at a typical table (5 generations of income, 7 M€ a VP)."""
    return max(options, key=lambda t: t[0] + 5.0 * t[1] + 7.0 * t[2], default=(0.0, 0.0, 0.0))


def _play_terms(card: Card, op: Op) -> Terms:
    kind = op.kind
    if kind in ("choose", "optional"):
        options = [_sum([_play_terms(card, o) for o in ops]) for ops in op.options]
        options.append(_sum([_play_terms(card, o) for o in op.ops]))
        if kind == "optional":
            options.append((0.0, 0.0, 0.0))
        return _best(options)
    if kind == "conditional":
        return _sum([_play_terms(card, o) for o in op.then])
    if kind == "production":
        return (0.0, _amount(op) * RESOURCE_PRICE[op.resource], 0.0)
    if kind == "reduce_any_production":
        return (0.0, TARGET_SHARE * _amount(op) * RESOURCE_PRICE[op.resource], 0.0)
    if kind in ("remove_any_resource", "steal"):
        return (TARGET_SHARE * _amount(op) * RESOURCE_PRICE[op.resource], 0.0, 0.0)
    if kind == "tr":
        return (0.0, _amount(op), _amount(op))
    if kind == "raise":
        steps = float(max(1, op.steps))
        return (0.0, steps, steps)
    if kind == "place_tile":
        return TILE_TERMS.get(op.tile, SPECIAL_TILE_TERMS)
    if kind == "look_keep":
        return (DRAW_PRICE, 0.0, 0.0)
    if kind == "add_resource" and op.target != "this_card":
        return (TARGET_SHARE * _amount(op) * FUEL_PRICE, 0.0, 0.0)
    return (_op_worth(card, op), 0.0, 0.0)


def card_terms(card: Card) -> Terms:
    """What playing `card` is worth, as (M€ now, M€ a generation, VP): its on-play
    operations at the prices above (production at its resource's price a generation, a
    TR or a parameter step a VP and 1 M€ a generation, a tile its usual bonus and VP),
    minus its cost; its action's worth per use (`action_worth`) and `EFFECT_INCOME` for
    an effect or a modifier, a generation; its printed VP (`COUNTED_VP` for a counted
    rule). Operations this does not price count 0."""
    now, per_gen, vp = _sum([_play_terms(card, op) for op in card.on_play])
    per_gen += action_worth(card) + EFFECT_INCOME * (bool(card.effects) + bool(card.modifiers))
    if card.vp is not None and card.vp.kind == "fixed":
        vp += card.vp.value
    elif card.vp is not None and card.vp.kind != "per_resource_here":  # its resources: the action's worth
        vp += COUNTED_VP
    return (now - card.cost, per_gen, vp)
