"""Dice, resources and cost icons, and paying a cost with dice and wild tokens.

Numbering (shared with the action notation):

* colour `c` in 0..4, in the order of `data/dice.json` (green, gray, blue, red, yellow);
* resource `r = 3 * c + k`, where k = 0 is the colour's common face (3 faces),
  1 the uncommon (2 faces), 2 the rare (1 face);
* a payment item is a resource 0..14 or `WILD` (15), a wild token;
* a cost icon is a resource 0..14 (that face exactly), `ANY_OF + c` (the coloured
  "?": any face of colour c) or `ANY` (the white "?": any resource at all).

A player's dice are counts per resource: two dice of the same colour showing the
same face are interchangeable, so the engine never names single dice.
"""

from __future__ import annotations

from collections.abc import Sequence

N_COLOURS = 5
N_RESOURCES = 15
WILD = 15  # payment item: a wild token
ANY_OF = 15  # cost icon ANY_OF + colour: any resource of that colour
ANY = 20  # cost icon: any resource
ANY_COLOUR = 5  # a gained die of a colour the player chooses (the white die icon)


def colour_of(resource: int) -> int:
    return resource // 3


def icon_matches(icon: int, item: int) -> bool:
    """Whether payment item `item` (a resource or WILD) may pay `icon`."""
    if item == WILD or icon == ANY:
        return True
    if icon < N_RESOURCES:
        return icon == item
    return item // 3 == icon - ANY_OF


def can_pay(held: Sequence[int], off: int, wild: int, icons: Sequence[int], reserve: int = 0) -> bool:
    """Whether dice `held[off:off+15]` and `wild` tokens pay `icons` (sorted: exact icons,
    then coloured, then white), leaving at least `reserve` dice.

    The icons nest (a face pays its colour's "?", any die pays the white "?", a wild
    token pays anything), so paying the most specific icons first with dice, and with
    a wild token only when no die fits, finds a payment whenever one exists.
    """
    h = list(held[off:off + N_RESOURCES])
    w = wild
    n_any = 0
    for icon in icons:
        if icon < N_RESOURCES:
            if h[icon]:
                h[icon] -= 1
            elif w:
                w -= 1
            else:
                return False
        elif icon < ANY:
            b = (icon - ANY_OF) * 3
            if h[b]:
                h[b] -= 1
            elif h[b + 1]:
                h[b + 1] -= 1
            elif h[b + 2]:
                h[b + 2] -= 1
            elif w:
                w -= 1
            else:
                return False
        else:
            n_any += 1
    if n_any or reserve:
        from_dice = n_any - min(w, n_any)
        return from_dice <= sum(h) - reserve
    return True


def payment_options(held: list[int], off: int, wild: int, icons: Sequence[int], reserve: int) -> list[int]:
    """Payment items (ascending, WILD last) that may pay `icons[0]` so that the rest
    stays payable. `held` is changed during the call and restored."""
    icon = icons[0]
    rest = icons[1:]
    if icon < N_RESOURCES:
        candidates: Sequence[int] = (icon,)
    elif icon < ANY:
        b = (icon - ANY_OF) * 3
        candidates = (b, b + 1, b + 2)
    else:
        candidates = range(N_RESOURCES)
    options = []
    for r in candidates:
        if held[off + r]:
            held[off + r] -= 1
            ok = can_pay(held, off, wild, rest, reserve)
            held[off + r] += 1
            if ok:
                options.append(r)
    if wild and can_pay(held, off, wild - 1, rest, reserve):
        options.append(WILD)
    return options


def sort_icons(icons: Sequence[int]) -> tuple[int, ...]:
    """Icons in paying order: exact faces, then coloured "?", then white "?"."""
    return tuple(sorted(icons))
