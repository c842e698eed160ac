"""Terraforming Mars action ids and their notation (`ludoteca-record/1`).

Ids are fixed: they depend on nothing (not even the options), so a record, a
policy network or a replay buffer can rely on them. The ranges, in order:

| range     | size | notation                     | decision                                   |
| --------- | ---- | ---------------------------- | ------------------------------------------ |
| DRAW      | 208  | `draw <card>`                | chance: a project card drawn               |
| REVEAL    | 208  | `reveal <card>`              | chance: the top card revealed              |
| DEAL      | 13   | `deal <corporation>`         | chance: a corporation card dealt           |
| CORP      | 13   | `corporation <corporation>`  | choose your corporation                    |
| BUY       | 208  | `buy <card>`                 | buy the offered card (3 M€)                |
| REJECT    | 208  | `reject <card>`              | do not buy it (discarded)                  |
| PLAY      | 208  | `play <card>`                | play a project card from hand              |
| USE       | 221  | `use <card>`                 | a blue card's (or corporation's) action    |
| PROJECT   | 6    | `project <name>`             | a standard project                         |
| CONVERT   | 2    | `convert plants`/`convert heat` | 8 plants -> greenery, 8 heat -> temperature |
| CLAIM     | 5    | `claim <milestone>`          | claim a milestone (8 M€)                   |
| FUND      | 5    | `fund <award>`               | fund an award (8/14/20 M€)                 |
| PASS, END | 1+1  | `pass`, `end`                | pass for the generation / end the turn after one action |
| DONE      | 1    | `done`                       | stop selling patents / final conversions   |
| YES, NO   | 1+1  | `yes`, `no`                  | take an optional effect or not             |
| OPTION    | 8    | `option <k>`                 | k-th option (1-based) of a choice          |
| PLAYER    | 6    | `player <seat>`/`player neutral` | the player an effect hits              |
| NOBODY    | 1    | `nobody`                     | an optional attack hits nobody             |
| TARGET    | 221  | `target <card>`              | the card that gains or loses card resources |
| SELL      | 208  | `sell <card>`                | sell this card (1 M€), then more or `done` |
| AMOUNT    | 100  | `amount <x>`                 | the number X (0..99)                       |
| PLACE     | 63   | `place <space>`              | a space by its two-digit id (`01`..`63`)   |
| PAY       | 13860| `pay mc=<m> [steel=<s>] [titanium=<t>] [heat=<h>]` | payment (s<=21, t<=14, h<=41) |
| DISCARD   | 208  | `discard <card>`             | discard a card from hand (Mars University) |
| KEEP      | 208  | `keep <card>`                | keep a looked-at card (Business Contacts)  |
| DRAFT     | 208  | `draft <card>`               | keep this card of your draft pack, pass the rest |

Card names in notation are the ids of `data/cards.json` and `data/corporations.json`
(snake_case of the printed names, e.g. `play search_for_life`, `corporation credicor`).
"""

from __future__ import annotations

from typing import NamedTuple

from ludoteca.games.terraforming_mars.board import N_SPACES
from ludoteca.games.terraforming_mars.cards import N_CORPORATIONS, N_PROJECTS
from ludoteca.games.terraforming_mars.constants import N_AWARDS, N_MILESTONES, PAY_GRID, STANDARD_PROJECTS

PROJECTS = STANDARD_PROJECTS
CONVERSIONS = ("plants", "heat")
N_PROJECT_CARDS = N_PROJECTS  # both counts are read from the data (`cards.py`)
N_CORPS = N_CORPORATIONS
N_CARDS = N_PROJECT_CARDS + N_CORPS
N_OPTIONS = 8
N_PLAYER_SLOTS = 6
N_AMOUNTS = 100

_LAYOUT = (
    ("draw", N_PROJECT_CARDS), ("reveal", N_PROJECT_CARDS), ("deal", N_CORPS), ("corporation", N_CORPS),
    ("buy", N_PROJECT_CARDS), ("reject", N_PROJECT_CARDS), ("play", N_PROJECT_CARDS), ("use", N_CARDS),
    ("project", len(PROJECTS)), ("convert", len(CONVERSIONS)), ("claim", N_MILESTONES), ("fund", N_AWARDS),
    ("pass", 1), ("end", 1), ("done", 1), ("yes", 1), ("no", 1), ("option", N_OPTIONS),
    ("player", N_PLAYER_SLOTS), ("nobody", 1), ("target", N_CARDS), ("sell", N_PROJECT_CARDS),
    ("amount", N_AMOUNTS), ("place", N_SPACES), ("pay", PAY_GRID), ("discard", N_PROJECT_CARDS),
    ("keep", N_PROJECT_CARDS), ("draft", N_PROJECT_CARDS),
)

BASE: dict[str, int] = {}
_offset = 0
for _name, _size in _LAYOUT:
    BASE[_name] = _offset
    _offset += _size
NUM_ACTIONS = _offset
_STARTS = tuple((BASE[name], name, size) for name, size in _LAYOUT)

DRAW, REVEAL, DEAL, CORP = BASE["draw"], BASE["reveal"], BASE["deal"], BASE["corporation"]
BUY, REJECT, PLAY, USE = BASE["buy"], BASE["reject"], BASE["play"], BASE["use"]
PROJECT, CONVERT, CLAIM, FUND = BASE["project"], BASE["convert"], BASE["claim"], BASE["fund"]
PASS, END, DONE, YES, NO = BASE["pass"], BASE["end"], BASE["done"], BASE["yes"], BASE["no"]
OPTION, PLAYER, NOBODY_ACTION, TARGET = BASE["option"], BASE["player"], BASE["nobody"], BASE["target"]
SELL, AMOUNT, PLACE, PAY = BASE["sell"], BASE["amount"], BASE["place"], BASE["pay"]
DISCARD, KEEP, DRAFT = BASE["discard"], BASE["keep"], BASE["draft"]


class Decoded(NamedTuple):
    verb: str
    arg: int  # index within the verb's range


_TABLE: tuple[Decoded, ...] = tuple(Decoded(name, i) for _, name, size in _STARTS for i in range(size))


def decode(action: int) -> Decoded:
    """The verb and index of an action id (raises ValueError outside 0..NUM_ACTIONS-1)."""
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"{action} is not a Terraforming Mars action id (0..{NUM_ACTIONS - 1})")
    return _TABLE[action]
