"""Action ids and their notation (`ludoteca-record/1`).

Ids are laid out in fixed blocks that depend only on the component data (never on
the state or on the number of players). R = 15 resources, P project cards, B bonus
cards, K corporations, M milestones, A map areas, X conversions, E the different
effects of the cards with two or more effects when played (`ops.op_id`).

| block        | size  | notation                  | decision                                         |
| ------------ | ----- | ------------------------- | ------------------------------------------------ |
| roll         | R     | `roll <resource>`         | chance: the face a rolled die shows              |
| draw         | P     | `draw <card>`             | chance: the project card drawn                   |
| deal         | K     | `deal <corporation>`      | chance: a corporation dealt at setup             |
| stack        | B     | `stack <bonus card>`      | chance: a card set aside for the bonus stack     |
| award        | R     | `award <resource>`        | chance: an award die (its colour and face)       |
| milestone    | M     | `milestone <milestone>`   | chance: a milestone put in play                  |
| corporation  | K     | `corporation <corp>`      | keep this corporation                            |
| gift         | R + 1 | `gift <resource>`, `gift wild` | first player's gift to the last player      |
| turn kind    | 2     | `production`, `actions`   | this turn's kind                                 |
| keep         | R     | `keep <resource>`         | production: keep one die showing it              |
| discard      | P     | `discard <card>`          | production: discard a hand card                  |
| take         | 5     | `take <colour>`           | support: take and roll a die of that colour      |
| support kind | 2     | `turn-die`, `draw-cards`  | support: pay 1 to turn a die / to draw 2 cards   |
| use          | P+B+K | `use <card>`              | a blue card's action (support, main or free)     |
| play         | P     | `play <card>`             | main: play a card from hand                      |
| support      | 1     | `support`                 | main: a second support action                    |
| convert      | X     | `convert <id>`            | main: temperature, ocean, forest, city, vp       |
| pay          | R + 1 | `pay <resource>`, `pay wild` | pay the next cost icon with this              |
| turn         | 30    | `turn <from>><to>`        | turn a die showing `from` to face `to`           |
| place        | A     | `place <area>`            | the area for the tile being placed               |
| colour       | 5     | `colour <colour>`         | the colour of a white die / of dice to gain      |
| bonus        | B     | `bonus <bonus card>`      | the bonus card taken from the bonus stack        |
| words        | 4     | `done`, `end`, `skip`, `pass` | see below                                |
| first        | E     | `first <effect>`          | the effect of the card played to resolve next    |

`done` stops keeping dice or discarding cards; `end` ends a turn while a free action
is still possible; `skip` declines an optional effect; `pass` is offered when no
support or main action is possible. `first <effect>` names an effect by its
`ops.op_id` (e.g. `first raise:temperature:1`, `first gain_die:red:1`).

Resources, colours, cards and areas are written with their data ids and labels.
"""

from __future__ import annotations

from ludoteca.core.errors import IllegalActionError
from ludoteca.games.tm_dice.content import Content
from ludoteca.games.tm_dice.dice import N_COLOURS, N_RESOURCES, WILD
from ludoteca.games.tm_dice.ops import Op, op_id

(V_ROLL, V_DRAW, V_DEAL, V_STACK, V_AWARD, V_MILESTONE, V_CORP, V_GIFT, V_PRODUCTION, V_ACTIONS, V_KEEP,
 V_DISCARD, V_TAKE, V_TURN_DIE, V_DRAW_CARDS, V_USE, V_PLAY, V_SUPPORT, V_CONVERT, V_PAY, V_TURN, V_PLACE,
 V_COLOUR, V_BONUS, V_DONE, V_END, V_SKIP, V_PASS, V_FIRST) = range(29)

VERB_NAMES = ("roll", "draw", "deal", "stack", "award", "milestone", "corporation", "gift", "production",
              "actions", "keep", "discard", "take", "turn-die", "draw-cards", "use", "play", "support",
              "convert", "pay", "turn", "place", "colour", "bonus", "done", "end", "skip", "pass", "first")


def turn_pairs() -> tuple[tuple[int, int], ...]:
    """(from, to) resource pairs of the same colour, different faces: 30 pairs."""
    return tuple((3 * c + a, 3 * c + b)
                 for c in range(N_COLOURS) for a in range(3) for b in range(3) if a != b)


class ActionCodec:
    """Action ids <-> (verb, argument) <-> notation, for one set of component data."""

    def __init__(self, content: Content) -> None:
        res = content.resources
        cards = content.cards
        projects = [c.id for c in cards[:content.n_projects]]
        bonus = [c.id for c in cards[content.bonus_base:content.corp_base]]
        corps = [c.id for c in cards[content.corp_base:]]
        items = [*res, "wild"]
        self.pairs = turn_pairs()
        # the effects a player may order: those of cards with two or more different effects
        self.effects: tuple[Op, ...] = tuple(dict.fromkeys(
            op for c in cards if len(set(c.play)) > 1 for op in c.play))
        self.effect_index = {op: i for i, op in enumerate(self.effects)}
        self.pair_index = {p: i for i, p in enumerate(self.pairs)}
        blocks: list[tuple[int, list[str]]] = [
            (V_ROLL, list(res)), (V_DRAW, projects), (V_DEAL, corps), (V_STACK, bonus),
            (V_AWARD, list(res)), (V_MILESTONE, [m.id for m in content.milestones]), (V_CORP, corps),
            (V_GIFT, items), (V_PRODUCTION, [""]), (V_ACTIONS, [""]), (V_KEEP, list(res)),
            (V_DISCARD, projects), (V_TAKE, list(content.colours)), (V_TURN_DIE, [""]), (V_DRAW_CARDS, [""]),
            (V_USE, [c.id for c in cards]), (V_PLAY, projects), (V_SUPPORT, [""]),
            (V_CONVERT, [c.id for c in content.conversions]), (V_PAY, items),
            (V_TURN, [f"{res[a]}>{res[b]}" for a, b in self.pairs]),
            (V_PLACE, [a.label for a in content.areas]),
            (V_COLOUR, list(content.colours)), (V_BONUS, bonus), (V_DONE, [""]), (V_END, [""]),
            (V_SKIP, [""]), (V_PASS, [""]),
            (V_FIRST, [op_id(op, content.colours, res) for op in self.effects]),
        ]
        self.base = [0] * len(VERB_NAMES)
        self.verb: list[int] = []
        self.arg: list[int] = []
        self.text: list[str] = []
        for verb, args in blocks:
            self.base[verb] = len(self.verb)
            for i, a in enumerate(args):
                self.verb.append(verb)
                self.arg.append(i)
                self.text.append(f"{VERB_NAMES[verb]} {a}" if a else VERB_NAMES[verb])
        self.size = len(self.verb)
        #: (verb, argument) by id: what a decision's handler reads of a legal action
        self.decoded: list[tuple[int, int]] = list(zip(self.verb, self.arg, strict=True))
        self.ids = {t: i for i, t in enumerate(self.text)}
        if len(self.ids) != self.size:
            raise ValueError("two actions share a notation")
        b = self.base
        self.roll, self.draw, self.deal, self.stack = b[V_ROLL], b[V_DRAW], b[V_DEAL], b[V_STACK]
        self.award, self.milestone, self.corp, self.gift = b[V_AWARD], b[V_MILESTONE], b[V_CORP], b[V_GIFT]
        self.production, self.actions, self.keep = b[V_PRODUCTION], b[V_ACTIONS], b[V_KEEP]
        self.discard, self.take, self.turn_die, self.draw_cards = b[V_DISCARD], b[V_TAKE], b[V_TURN_DIE], \
            b[V_DRAW_CARDS]
        self.use, self.play, self.support, self.convert = b[V_USE], b[V_PLAY], b[V_SUPPORT], b[V_CONVERT]
        self.pay, self.turn, self.place, self.colour = b[V_PAY], b[V_TURN], b[V_PLACE], b[V_COLOUR]
        self.bonus, self.done, self.end, self.skip, self.pass_ = b[V_BONUS], b[V_DONE], b[V_END], b[V_SKIP], \
            b[V_PASS]
        self.first = b[V_FIRST]
        assert self.gift + WILD == self.gift + N_RESOURCES

    def decode(self, action: int) -> tuple[int, int]:
        """(verb, argument) of an action id."""
        if not 0 <= action < self.size:
            raise IllegalActionError(f"{action} is not a tm-dice action id (0..{self.size - 1})")
        return self.decoded[action]

    def to_string(self, action: int) -> str:
        if not 0 <= action < self.size:
            raise IllegalActionError(f"{action} is not a tm-dice action id (0..{self.size - 1})")
        return self.text[action]

    def parse(self, text: str) -> int:
        """The id whose notation is `text` (whitespace-insensitive); legality is the state's question."""
        wanted = " ".join(text.split())
        action = self.ids.get(wanted)
        if action is None:
            verb = wanted.partition(" ")[0]
            if verb in VERB_NAMES:
                raise IllegalActionError(
                    f"cannot read {text!r}: no such {verb!r} action (see docs/tm-dice.md)")
            raise IllegalActionError(
                f"cannot read {text!r}: tm-dice actions start with one of {', '.join(VERB_NAMES)}")
        return action
