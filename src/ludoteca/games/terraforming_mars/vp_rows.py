"""`scoring.breakdown`'s numbers as one flat list, each part computed again only when what it reads changed.

`VPRows(game).rows(state)` is, seat after seat, the seven values of `VP_KEYS`: TR,
milestones, awards, greenery, city, cards and total, exactly `breakdown(state)`'s
rows (`tests/envs/test_encoder_fast.py` compares the encoders built on them). What
each part reads, compared by value with the last call's, or by the state's change
stamps (`TMState.board_stamp`, `card_res_stamp`: a new object at every change the
engine makes, shared by clones), so states may come in any order, clones included
(a state changed by hand, not by its actions, must be given new stamps):

* greenery and city VP, and the board counts the awards read: the tiles and their
  owners (`scoring.board_counts`, one pass over the 63 spaces), known changed by the
  state's `board_stamp`;
* the cards' VP (`scoring.cards_vp`): the cards played, the resources on cards (their
  `card_res_stamp`), the tags, and the board (per-tile and adjacency VP);
* the awards (`milestones.award_vp`): the funded awards' standings are read at every
  call once one is funded (`milestones.funded_standings`: slices of the resources,
  production, tags or TR, the hands, the board counts), their VP ranked again only
  when those standings changed;
* the rows themselves: made again only when TR, the milestones, the awards funded,
  the standings, the board counts or the cards' VP changed.

The environments' encoder calls it at every step, where the board and the cards
change far less often than the rest.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.terraforming_mars.milestones import funded_standings, ranked_awards
from ludoteca.games.terraforming_mars.scoring import BoardCounts, board_counts, cards_vp, milestones_vp

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.game import TerraformingMarsGame
    from ludoteca.games.terraforming_mars.state import TMState


class VPRows:
    """See the module docstring."""

    def __init__(self, game: TerraformingMarsGame) -> None:
        self.players = game.num_players()
        self._board_stamp: object = None
        self._counts: BoardCounts | None = None
        self._board = 0  # bumped whenever the board counts are made again
        self._cards_key: tuple[object, ...] = ()
        self._cards: list[int] = []
        self._cards_made = 0  # bumped whenever the cards' VP are computed again
        self._rows_key: tuple[object, ...] = ()
        self._rows: list[int] = []

    def board(self, st: TMState) -> BoardCounts:
        """`board_counts(st)`, made again only when the board changed (its change stamp)."""
        if self._counts is None or st.board_stamp is not self._board_stamp:
            self._board_stamp = st.board_stamp
            self._counts = board_counts(st)
            self._board += 1
        return self._counts

    def rows(self, st: TMState) -> list[int]:
        """Seat after seat: TR, milestones, awards, greenery, city, cards, total (the same list
        object while nothing it is made from changed: read it, don't change it)."""
        n = self.players
        counts = self.board(st)
        key = self._cards_key
        if (not key or key[0] != self._board or st.card_res_stamp is not key[2] or st.played != key[1]
                or st.tags != key[3]):
            self._cards_key = (self._board, st.played.copy(), st.card_res_stamp, st.tags.copy())
            self._cards = [cards_vp(st, seat) for seat in range(n)]
            self._cards_made += 1
        standing = funded_standings(st, counts) if max(st.awards) >= 0 else []
        key = self._rows_key
        if (key and key[0] == self._board and key[1] == self._cards_made and st.tr == key[2]
                and st.milestones == key[3] and st.awards == key[4] and standing == key[5]):
            return self._rows
        self._rows_key = (self._board, self._cards_made, st.tr.copy(), st.milestones.copy(), st.awards.copy(),
                          standing)
        awards = ranked_awards(st, standing)
        cards, tr = self._cards, st.tr
        out: list[int] = []
        for seat in range(n):
            award = 0
            for _, vp in awards[seat]:
                award += vp
            row = (tr[seat], milestones_vp(st, seat), award, counts.greenery[seat], counts.city_vp[seat],
                   cards[seat])
            out += row
            out.append(sum(row))
        self._rows = out
        return out


__all__ = ["VPRows"]
