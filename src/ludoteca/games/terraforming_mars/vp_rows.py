"""`scoring.breakdown`'s numbers as one flat list, each part computed again only when what it reads changed.

`VPRows(game).rows(state)` is, seat after seat, the seven values of `VP_KEYS`: TR,
milestones, awards, greenery, city, cards and total, exactly `breakdown(state)`'s
rows (`tests/envs/test_encoder_fast.py` compares the encoders built on them). What
each part reads, compared by value with the last call's (so states may come in any
order, clones included):

* greenery and city VP, and the board counts the awards read: the tiles and their
  owners (`scoring.board_counts`, one pass over the 63 spaces);
* the cards' VP (`scoring.cards_vp`): the cards played, the resources on cards, the
  tags, and the board (per-tile and adjacency VP);
* the awards (`milestones.award_vp`): computed at every call once one is funded
  (their metrics read resources, production, hands, tags, TR and the board counts);
* TR and milestones: read at every call (a list item and a count).

The environments' encoder calls it at every step, where the board and the cards
change far less often than the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.terraforming_mars.milestones import award_vp
from ludoteca.games.terraforming_mars.scoring import BoardCounts, board_counts, cards_vp, milestones_vp

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.game import TerraformingMarsGame
    from ludoteca.games.terraforming_mars.state import TMState


class VPRows:
    """See the module docstring."""

    def __init__(self, game: TerraformingMarsGame) -> None:
        self.players = game.num_players()
        self._tiles: list[int] = []
        self._owner: list[int] = []
        self._counts: BoardCounts | None = None
        self._board = 0  # bumped whenever the board counts are made again
        self._cards_key: tuple[object, ...] = ()
        self._cards: list[int] = []

    def board(self, st: TMState) -> BoardCounts:
        """`board_counts(st)`, made again only when the tiles or their owners changed."""
        if self._counts is None or st.tiles != self._tiles or st.owner != self._owner:
            self._tiles, self._owner = st.tiles.copy(), st.owner.copy()
            self._counts = board_counts(st)
            self._board += 1
        return self._counts

    def rows(self, st: TMState) -> list[int]:
        """Seat after seat: TR, milestones, awards, greenery, city, cards, total."""
        n = self.players
        counts = self.board(st)
        key = self._cards_key
        if (not key or key[0] != self._board or st.played != key[1] or st.card_res != key[2]
                or st.tags != key[3]):
            self._cards_key = (self._board, st.played.copy(), st.card_res.copy(), st.tags.copy())
            self._cards = [cards_vp(st, seat) for seat in range(n)]
        cards = self._cards
        funded = max(st.awards) >= 0
        awards = award_vp(st, counts) if funded else None
        tr = st.tr
        out: list[int] = []
        for seat in range(n):
            award = sum(v for _, v in awards[seat]) if awards is not None else 0
            row = (tr[seat], milestones_vp(st, seat), award, counts.greenery[seat], counts.city_vp[seat],
                   cards[seat])
            out += row
            out.append(sum(row))
        return out


__all__ = ["VPRows"]
