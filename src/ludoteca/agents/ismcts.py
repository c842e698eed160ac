"""Single-observer information-set MCTS (SO-ISMCTS, Cowling, Powley & Whitehouse 2012).

With hidden information the searching seat does not know the true state, only its
*information set*: every state consistent with what it has seen. SO-ISMCTS searches
one tree of information sets, seen from the acting seat (the "observer"):

* **A fresh determinisation per iteration.** Each iteration starts from
  `state.resample_from_infostate(seat, rng)`, one state of the information set with
  the hidden parts re-dealt at random, and walks the tree with it. Over many
  iterations the statistics average over the hidden possibilities instead of
  trusting one guess, and the true hidden state is never read.
* **Nodes are keyed by the observer's view of the action sequence.** Decision
  actions (the observer's and, in the single-observer simplification, the other
  seats') are keyed by their ids. Chance outcomes are keyed by id when the game has
  no hidden information; otherwise by what the observer sees after the outcome
  (its `observation(seat)`), so outcomes it cannot tell apart — a card dealt face
  down to an opponent — share one node instead of splitting the tree by facts the
  observer can never know.
* **Availability counts.** Because the determinisations differ, an action may be
  legal in some iterations and not in others. Each child counts how often it was
  *available* (legal when its parent was visited), and UCB uses that count in place
  of the parent's visits: `mean[mover] + c * sqrt(ln avail / n)`. Only children
  legal in the current determinisation compete.

Everything else — per-seat value sums for any number of players, sampled chance,
random or greedy rollouts with an optional heuristic cut-off, iteration or time
budgets, most-visited final move — is shared with `mcts` (see
`ludoteca.agents.mcts`), and so are the parameters. With `reuse=1` (off by default in
games with hidden information) the next decision starts from the kept subtree, reached
through chance outcomes by the same observation keys (`ludoteca.agents.reuse`).

Known limits of the single-observer form: the other seats choose their moves from
the observer's statistics (as if they could see what the observer sees), and their
moves are assumed to be visible to the observer (true when actions are public).
"""

from __future__ import annotations

import json
from collections.abc import Hashable

from ludoteca.agents.mcts import MCTSAgent
from ludoteca.agents.tree import Node
from ludoteca.core.api import State


class ISMCTSAgent(MCTSAgent):
    """SO-ISMCTS: determinise every iteration, information-set keys, availability counts."""

    name = "ismcts"

    def _chance_key(self, state: State, action: int, seat: int) -> Hashable:
        if not state.game.hidden_information:
            return action
        return json.dumps(state.observation(seat), sort_keys=True, separators=(",", ":"))

    def _reuse_chance_key(self, state: State, action: int, seat: int) -> Hashable | None:
        return self._chance_key(state, action, seat)  # the seat's observation: no hidden fact

    def _mark_available(self, children: dict[Hashable, Node], legal: list[int]) -> None:
        for action in legal:
            child = children.get(action)
            if child is not None:
                child.avail += 1

    def _parent_visits(self, node: Node, child: Node) -> float:
        return child.avail
