"""Tree reuse for `mcts` and `ismcts`: the part of a search tree a seat keeps for its next decision.

After a step the agent keeps the child of the move it played. At its next decision
the kept node is followed down by the actions played since (its own later
sub-decisions, the other seats' moves, chance outcomes), each looked up by the key
the search gives it:

* a decision: its action id; with hidden information only the seat's own and the
  other seats' public ones (`public_action_string` the action's own text): an
  opponent's secret choice (cards kept face down) would tell the seat what it
  cannot know, so the search starts afresh there;
* a chance outcome: whatever the searching agent's `_chance_key` makes of it. In a
  game without hidden information that is the outcome's id. In `ismcts` with hidden
  information it is the seat's *observation* after the outcome, computed on a copy of
  the position the seat was in when it moved, replayed with the actions since (the
  seat's view of the real game, the same key its determinised iterations built), so
  the outcomes the seat cannot tell apart lead to the one node they share.
  Plain `mcts` keys a hidden outcome by its id (one determinisation's deal), which
  the seat cannot know: its `_reuse_chance_key` gives None there and the search
  starts afresh.

If the tree lacks a node on the way, or the actions since do not continue the
kept history, nothing is reused. On the reached node, children whose actions are
not legal in the real position (possible below another seat's move in `ismcts`,
where legality varied between determinisations) are dropped, so they neither
count towards `settle` nor can be chosen.

What the kept visits buy (in `MCTSAgent._search`): they count towards `settle`, so a
decision the kept tree has already settled is played after no new iteration (with a
time budget, the last search's rate estimates the iterations left; before any search
nothing settles on kept visits alone); with `credit=1` they also count towards the
budget (`iterations=N` bounds the root's visits, kept and new; `time` is shortened by
the kept visits at the last search's rate). `reuse` defaults to on only in games
without hidden information, where keeping the tree was measured first (Carcassonne).

Soundness with determinisations: every statistic under the kept node comes from
iterations whose determinisations agreed with everything the seat had seen at the
old root and with the path to the node, so they are samples of the new information
set too; what the seat learnt since (a card it drew, an opponent's move) only makes
the set smaller, and the new iterations sample from the smaller set.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from ludoteca.agents.tree import Node
from ludoteca.core.api import CHANCE, State

#: how a chance outcome just applied to a state is keyed (None: it cannot be followed)
ChanceKey = Callable[[State, int], Hashable | None]


class KeptTree:
    """A node kept from the last search: the history that reaches it and (with hidden
    information) a copy of the real position there, to key the chance outcomes since."""

    __slots__ = ("history", "node", "state")

    def __init__(self, state: State, action: int, node: Node) -> None:
        self.history = [*state.history(), action]
        self.node = node
        self.state: State | None = None
        if state.game.hidden_information:
            self.state = state.clone()
            self.state.apply_action(action)

    def follow(self, state: State, seat: int, chance_key: ChanceKey) -> Node | None:
        """The kept node's descendant that `state` (`seat` to decide) has reached, or None."""
        history = state.history()
        path = self.history
        if len(history) < len(path) or history[: len(path)] != path:
            return None
        node = self.node
        replay = self.state
        for action in history[len(path):]:
            key: Hashable | None = action
            if replay is not None:
                player = replay.current_player()
                chance = player == CHANCE
                if not chance and player != seat and (
                        replay.public_action_string(action) != replay.action_to_string(action)):
                    return None  # another seat's secret decision
                replay.apply_action(action)
                if chance:
                    key = chance_key(replay, action)
            child = node.children.get(key) if key is not None else None
            if child is None:
                return None
            node = child
        if node.fresh or node.visits == 0:
            return None
        legal = set(state.legal_actions())
        for key in [k for k in node.children if k not in legal]:
            del node.children[key]
        return node
