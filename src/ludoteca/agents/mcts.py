"""Monte Carlo tree search (UCT) for any number of players, through the core API only.

How one search works
--------------------
`step(state)` grows a tree below the current decision and then plays the root
action that was tried most often. Each *iteration* of the search:

1. **Determinise.** It starts from `state.resample_from_infostate(seat, rng)`: a
   copy of the position in which everything the acting seat cannot see has been
   re-dealt at random. The search therefore never reads hidden state; for games
   without hidden information (Carcassonne) the copy is exact.
2. **Select.** From the root it walks down the tree. At a decision node the seat
   to move picks the child maximising its *own* average result plus an exploration
   bonus, `mean[mover] + c * sqrt(ln N / n)` (N: visits of the node, n: visits of
   the child). Every node keeps one value sum per seat, so this works for any
   number of players, and each seat is assumed to play for itself (the "max^n"
   view of multi-player games).
3. **Chance.** At a chance node the outcome is *sampled* with its probability and
   the walk continues into the child for that outcome, created on first sight.
   Chance nodes are thus real tree nodes whose children are the outcomes drawn so
   far ("closed loop"): statistics below a tile draw belong to that tile only,
   which matters in Carcassonne where the drawn tile decides every placement.
4. **Expand.** At the first decision node that has a legal action not tried yet,
   one such action is chosen at random and added as a child. With `prior=K`, the
   decision nodes of the searching seat's current turn (the root and, in Carcassonne,
   the meeple decisions below it: no chance event or other seat in between) instead
   create *all* their children at once, each seeded with K virtual visits worth the
   heuristic value of the position the action leads to (progressive bias: the search
   starts from a one-step greedy opinion and spends its iterations correcting it;
   seeding a tile placement with its best meeple, as `greedy` judges a whole turn,
   played clearly worse against greedy: see BENCHMARKS.md, session 3);
   the walk then enters the best child by UCB and simulates from there on its first
   real visit. Deeper nodes expand one random action at a time (seeding them all
   costs more than it brings: about a millisecond per node in Carcassonne).
5. **Simulate.** From there the game is played out by a rollout policy:
   `rollout=random` (uniform legal moves) or `rollout=greedy` (the move whose
   resulting position `game.heuristic` rates best for the mover, ties at random).
   With `depth=D > 0` the rollout is cut off and the position valued
   `tanh(game.heuristic(state, seat) / scale)` per seat, a number in (-1, 1) like the
   real `returns()` at the end (the `Evaluator` of `ludoteca.agents.mcts_options`).
   `cutoff=decision` cuts after D rollout decisions;
   `cutoff=turn` after D *turns*: a turn ends when the seat to decide is not the
   seat that decided last, so a position is never judged half-way through a turn
   (in Carcassonne, between placing a tile and deciding on its meeple), and
   `depth=1` means "finish the current turn, then evaluate".
6. **Back up.** The per-seat result is added to every node on the path.

Modelled decisions, whole turns and a horizon
---------------------------------------------
With `model=others` the other seats are not searched but *modelled*: at their
decisions, in the tree and in rollouts, the walk plays what `greedy` would (the
action with the best whole-turn heuristic value for that seat; computed once per
tree node and kept). The tree then holds only the searching seat's choices and the
chance outcomes, and each iteration asks "what does this move give against the
reply the heuristic expects, over the tiles the others may draw?" instead of
spreading UCT statistics over dozens of replies each visited a few times. In
two-player games whose heuristic is the lead over the other seat (Carcassonne), the
modelled reply is close to the one that hurts the searching seat most by that
measure (the two differ only in how each seat values the meeples in its own hand).
Against `greedy` itself the model is exact, which flatters the search: BENCHMARKS.md
says what that was worth. `model=all` models every decision after the searching
seat's current turn, its own later turns included (and every rollout decision): the
search then compares the moves of this turn by how games continue when everyone
plays greedily from there, a Monte Carlo improvement of the `greedy` policy.

`whole=1` searches whole turns: the root's children are the searching seat's
complete turns (every tile placement with each of its meeple decisions, as
`greedy` enumerates them), seeded by `prior` with their value at the turn's end, so
a placement is never judged by the average over its good and bad meeple choices.
The bot plays the chosen turn's remaining decisions without searching again (the
turn's whole `time` goes to its first decision); no tree is kept across turns.
Games with hidden information are refused (a turn could differ between
determinisations).

`paired=1` compares the root moves on the same luck (common random numbers): the
chance outcomes of the k-th visit to any root move are drawn from the k-th random
stream of the step, so two moves are judged over the same tile sequences as far as
their positions allow, and the difference between them is not drowned by the luck
of the draw.

`horizon=T` (0: none) ends every iteration, in the tree or in its rollout, when T
turns have ended since the root, and judges the position with the heuristic (the
`depth` cut-off still applies inside rollouts). `model=others,horizon=2` is a sampled
expectimax: the searching seat's turn, the others' modelled turns, then the judgement.

`judge=value` values cut-off positions, horizons and priors with `game.value` (a
model of the final lead fitted to self-play by `ludoteca fit-value`, where the game
has one: Carcassonne, per set-up, see its `value.py`) instead of `game.heuristic`; rollouts
and modelled replies still play by the heuristic, so `model=others` still models
`greedy` exactly.

Budgets: `iterations=N` stops after N iterations, `time=SECONDS` when the clock says
so; with both, whichever comes first; with neither, 1000 iterations. `time` is per
decision (with `whole=1`, per turn). `clock=wall`
(default) measures real time; `clock=cpu` measures this process's CPU time, so that
a bot gets the same thinking whatever else the machine is doing (for benchmarks on
a shared machine; on an idle one the two agree). The clock is read before every
iteration, at every rollout move and after every modelled choice the tree computes,
and an iteration caught by the deadline is abandoned (its result discarded), so a
step overruns its time by at most one move's work (with `model`, one greedy turn).
A move costs *at most* its budget: `settle=F` (default 1; 0 = off) stops the search
as soon as the most visited root child (or whole turn) leads the runner-up by more
than F times the iterations the budget still allows (with `time`, estimated from
this step's iterations per second so far). With `settle=1` the leader could not be
overtaken even if every remaining iteration went to the runner-up, so the move is
the one the full budget would choose (for an iteration budget exactly); a smaller F
also stops when the runner-up would need more than that share of what is left, which
UCB rarely gives a move that far behind. A `whole=1` root with a single possible
turn is played after one iteration.
The cyclic garbage collector is paused while a step searches: a full
collection in a process holding millions of objects (a server, a test run) takes
tenths of a second the bot cannot interrupt, and the tree has no reference cycles
to collect (reference counting frees it). A decision with a single legal action is
answered at once.

Tree reuse (`reuse=1`, the default without hidden information; `ludoteca.agents.reuse`):
the next step starts from the kept node the actions since have reached (own
sub-decisions, the other seats' moves, chance outcomes). Its visits count towards
`settle` and, with `credit=1`, towards the budget (`time` shortened at the last
search's rate), so a sub-decision costs only what its subtree lacked.

When hidden information makes the legal actions below a node differ from one
determinisation to the next, selection only considers the children legal in the
current one; `ismcts` (information-set MCTS, `ludoteca.agents.ismcts`) is the
variant built for that case.

Parameters (spec `mcts:key=value,...`): `iterations`, `time`, `clock`
(`wall`|`cpu`), `c` (exploration, default 1.0: results are in [-1, 1]), `rollout`
(`random`|`greedy`, default random), `depth` (default 10; 0 = play rollouts to the
end), `cutoff` (`decision`|`turn`, default decision), `scale` (heuristic points per
unit of tanh, default 10), `prior` (virtual visits of the heuristic prior, default
0 = off), `reuse` (1|0, default: 1 without hidden information), `credit` (1|0,
default 0), `model` (`none`|`others`|`all`, default none),
`horizon` (default 0 = none), `whole` (1|0, default 0), `paired` (1|0, default 0),
`judge` (`heuristic`|`value`, default heuristic), `settle` (0..1, default 1), `seed`.
Options measured as useless and removed (`share`, `sample`, `narrow`, `rollout=mixed`:
BENCHMARKS.md, sessions 3-4) are refused with that reason.
In a game, `make_agent` starts from the game's preset (`ludoteca.agents.presets`).

The defaults come from short Carcassonne matches against `greedy` (2 players): full
random rollouts lose to it, a cut-off after 10 random decisions with the heuristic
evaluation holds its own at ten times the iterations per second (about 5,000 per
second from the opening, against 550). Stronger settings found since are recorded
in BENCHMARKS.md; the strongest Carcassonne bot measured searches whole turns
against modelled replies and judges them by the fitted value,
`mcts:time=1,clock=cpu,prior=10,model=others,whole=1,horizon=2,scale=50,c=0.1,
paired=1,judge=value` (93.0% of 200 games against greedy). Its `scale=50` keeps
values nearly linear in the lead (with the default 10, a lead of 15 points is
already 0.9 of the way to the bound, and the search stops telling moves apart), and
`c` shrinks with the scale.
"""

from __future__ import annotations

import gc
import math
import random
from collections.abc import Hashable, Sequence
from typing import cast

from ludoteca.agents.greedy import best_turn_action, turn_ends
from ludoteca.agents.mcts_options import (
    CLOCKS,
    DEFAULT_DEPTH,
    DEFAULT_ITERATIONS,
    Evaluator,
    check_options,
    refuse_removed,
)
from ludoteca.agents.reuse import KeptTree
from ludoteca.agents.tree import Node, SearchStats
from ludoteca.core.api import CHANCE, TERMINAL, State
from ludoteca.core.errors import LudotecaError
from ludoteca.core.play import sample_chance


class MCTSAgent:
    """UCT with per-seat values, sampled chance nodes and random or greedy rollouts."""

    name = "mcts"

    def __init__(
        self,
        iterations: int | None = None,
        time: float | None = None,
        c: float = 1.0,
        rollout: str = "random",
        depth: int = DEFAULT_DEPTH,
        scale: float = 10.0,
        seed: int | None = None,
        clock: str = "wall",
        cutoff: str = "decision",
        prior: int = 0,
        reuse: int | None = None,
        credit: int = 0,
        model: str = "none",
        horizon: int = 0,
        whole: int = 0,
        paired: int = 0,
        judge: str = "heuristic",
        settle: float = 1.0,
        **removed: object,
    ) -> None:
        refuse_removed(self._error, removed)
        if isinstance(iterations, float) and iterations.is_integer():
            iterations = int(iterations)  # "iterations=1e4"
        check_options(
            self._error, iterations=iterations, time=time, c=c, rollout=rollout, depth=depth, scale=scale,
            seed=seed, clock=clock, cutoff=cutoff, prior=prior, reuse=reuse, credit=credit, model=model,
            horizon=horizon, whole=whole, paired=paired, judge=judge, settle=settle,
        )
        if iterations is None and time is None:
            iterations = DEFAULT_ITERATIONS
        self.iterations = iterations
        self.time = float(time) if time is not None else None
        self.c = float(c)
        self.rollout = rollout
        self.depth = depth
        self.scale = float(scale)
        self.clock = clock
        self.cutoff = cutoff
        self.prior = prior
        self.reuse = reuse  # None: on where the game has no hidden information
        self.credit = bool(credit)
        self.model = model
        self.horizon = horizon
        self.whole = bool(whole)
        self.paired = bool(paired)
        self.judge = judge
        self.settle = float(settle)
        self.evaluator = Evaluator(judge, self.scale)
        self._pairing = 0  # with `paired=1`, drawn afresh for every step
        self._plan: tuple[list[int], list[int]] | None = None  # (history it applies at, actions)
        self._now = CLOCKS[clock]
        self._seed = seed
        self._rng = random.Random(seed)
        self._tree: KeptTree | None = None
        self._rate: float | None = None  # iterations per second of the last timed search
        self.last_search: SearchStats | None = None

    @classmethod
    def _error(cls, message: str) -> LudotecaError:
        return LudotecaError(f"agent {cls.name!r}: {message}")

    def reset(self, seed: int | None = None) -> None:
        self._rng = random.Random(self._seed if seed is None else seed)
        self._tree = None
        self._plan = None

    def reseed(self, seed: int) -> None:
        """A new generator; the kept tree and the planned turn stay (see `agents.reseed`)."""
        self._rng = random.Random(seed)

    # ------------------------------------------------------------------ search
    def step(self, state: State) -> int:
        collecting = gc.isenabled()
        gc.disable()
        try:
            return self._search(state)
        finally:
            if collecting:
                gc.enable()

    def _search(self, state: State) -> int:
        now = self._now
        start = now()
        seat = state.current_player()
        if seat < 0:
            raise self._error("step() needs a decision node (not a chance or terminal state)")
        legal = state.legal_actions()
        planned = self._planned(state, legal)
        if len(legal) == 1 or planned is not None:
            self.last_search = SearchStats(0, now() - start, {})
            return legal[0] if planned is None else planned
        if self.whole and state.game.hidden_information:
            raise self._error("whole=1 needs a game without hidden information")
        deadline = None if self.time is None else start + self.time
        budget = self.iterations
        if self.paired:
            self._pairing = self._rng.getrandbits(32)
        root = self._reused_root(state) or Node(state.game.num_players())
        reused = root.visits
        done = 0
        if reused and self.credit:
            if budget is not None:
                budget = max(budget - reused, 0)
            if deadline is not None and self._rate:
                deadline -= reused / self._rate
        if reused and self.settle and self._settled(root, done, start, deadline):
            budget = 0  # the kept visits have settled it
        while budget is None or done < budget:
            if deadline is not None and now() >= deadline:
                break
            if not self._iterate(state, root, seat, deadline):
                break
            done += 1
            if self.settle and self._settled(root, done, start, deadline):
                break
        if self.whole:
            visits: dict[int, int] = {}
            for turn, child in root.children.items():
                visits[turn[0]] = visits.get(turn[0], 0) + child.visits  # type: ignore[index]  # whole-turn roots are keyed by turns
            turn = cast(tuple[int, ...], self._final_action(root, list(root.children), seat))
            action, rest = turn[0], list(turn[1:])
            self._plan = ([*state.history(), action], rest) if rest else None
        else:
            visits = {a: child.visits for a, child in root.children.items() if isinstance(a, int)}
            action = cast(int, self._final_action(root, legal, seat))
            kept = root.children.get(action)
            if kept is not None and self._reusing(state):
                self._tree = KeptTree(state, action, kept)
        elapsed = now() - start
        if done and elapsed > 0:
            self._rate = done / elapsed
        self.last_search = SearchStats(done, elapsed, visits, reused)
        return action

    def _settled(self, root: Node, done: int, start: float, deadline: float | None) -> bool:
        """Is the root's choice settled? True when the most visited child leads the runner-up
        by more than `settle` times the iterations the budget still allows (`settle=1`: the
        leader cannot be overtaken even if every remaining iteration went to the runner-up),
        or when the root has a single child to choose (`whole=1` with one possible turn).

        With a time budget the iterations left are estimated from this step's rate so far."""
        children = root.children
        if len(children) == 1 and root.seeded:
            return True
        first = second = 0
        for child in children.values():
            visits = child.visits
            if visits > first:
                first, second = visits, first
            elif visits > second:
                second = visits
        left = math.inf if self.iterations is None else float(self.iterations - done)
        if deadline is not None:
            now = self._now()
            spent = now - start
            rate = done / spent if done and spent > 0 else self._rate
            if rate is None:
                return False  # no iteration yet to tell the rate
            left = min(left, rate * max(deadline - now, 0.0))
        return first - second > self.settle * left

    def _planned(self, state: State, legal: list[int]) -> int | None:
        """With `whole=1`: the next action of the turn chosen at its first decision, if
        nothing but that turn's own actions happened since."""
        plan, self._plan = self._plan, None
        if plan is None or state.history() != plan[0] or plan[1][0] not in legal:
            return None
        at, (action, *rest) = plan
        if rest:
            self._plan = ([*at, action], rest)
        return action

    def _reusing(self, state: State) -> bool:
        """Is the tree kept between steps? `reuse`, by default on without hidden information."""
        return not state.game.hidden_information if self.reuse is None else bool(self.reuse)

    def _reused_root(self, state: State) -> Node | None:
        """The node of the kept tree that `state` has reached, if the tree has it."""
        kept, self._tree = self._tree, None
        if kept is None or not self._reusing(state):
            return None
        seat = state.current_player()
        return kept.follow(state, seat, lambda after, action: self._reuse_chance_key(after, action, seat))

    def _reuse_chance_key(self, state: State, action: int, seat: int) -> Hashable | None:
        """The key of a real chance outcome when a kept tree is followed (`state`: just after
        it): its id; None (not followed) if it may be hidden, as this tree keys outcomes by id."""
        return None if state.game.hidden_information else action

    def _final_action(self, root: Node, legal: Sequence[Hashable], seat: int) -> Hashable:
        """The most visited root action (or whole turn); ties go to the better mean, then
        the earlier candidate."""
        best, best_key = None, (0, -math.inf)
        for action in legal:
            child = root.children.get(action)
            if child is None or child.visits == 0:
                continue
            key = (child.visits, child.mean(seat))
            if key > best_key:
                best, best_key = action, key
        return best if best is not None else self._rng.choice(legal)

    def _iterate(self, root_state: State, root: Node, seat: int, deadline: float | None) -> bool:
        """One iteration; False if the deadline interrupted it (nothing is backed up)."""
        rng = chance = self._rng
        state = root_state.resample_from_infostate(seat, rng)
        players = len(root.totals)
        horizon = self.horizon
        model = self.model
        node = root
        path = [root]
        own_turn = True  # still in the searching seat's current turn (priors apply)
        last, turns = seat, 0  # the seat that decided last; turns ended since the root
        while True:
            player = state.current_player()
            if player == TERMINAL:
                values = state.returns()
                break
            if player == CHANCE:
                own_turn = False
                action = sample_chance(state, chance)
                state.apply_action(action)
                key = self._chance_key(state, action, seat)
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = Node(players)
                node = child
                path.append(node)
                continue
            if player != last:
                last, turns = player, turns + 1
                if horizon and turns >= horizon:
                    values = self.evaluator(state)
                    break
            if node is root and self.whole:
                if not node.seeded:
                    self._seed_turns(node, state)
                turn = cast(tuple[int, ...], self._select(node, list(node.children), player))
                child = node.children[turn]
                moves = turn
                expand = child.fresh or child.visits == 0
                own_turn = False
            else:
                legal = state.legal_actions()
                children = node.children
                if player != seat:
                    own_turn = False
                if (model == "all" and not own_turn) or (model == "others" and player != seat):
                    modelled = node.modelled
                    if modelled is None or modelled not in legal:
                        modelled = node.modelled = best_turn_action(state, legal, rng)
                        if deadline is not None and self._now() >= deadline:
                            return False  # a modelled turn can be long: stop on time (it stays cached)
                    child = children.get(modelled)
                    if child is None:
                        child = children[modelled] = Node(players)
                    state.apply_action(modelled)
                    path.append(child)
                    node = child
                    continue
                if own_turn and self.prior and not node.seeded:
                    self._seed_children(node, state, legal)
                self._mark_available(children, legal)
                untried = [a for a in legal if a not in children]
                if untried:
                    action = rng.choice(untried)
                    child = children[action] = Node(players)
                    child.avail = 1
                else:
                    action = cast(int, self._select(node, legal, player))
                    child = children[action]
                moves = (action,)
                expand = bool(untried) or child.fresh
            if node is root and self.paired:
                chance = self._paired_chance(node, child)
            for action in moves:
                state.apply_action(action)
            path.append(child)
            if expand:
                child.fresh = False
                rolled = self._simulate(state, player, deadline, seat, turns, chance)
                if rolled is None:
                    return False
                values = rolled
                break
            node = child
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for i in range(players):
                totals[i] += values[i]
        return True

    def _paired_chance(self, root: Node, child: Node) -> random.Random:
        """`paired=1`: the chance draws of the k-th real visit to any root move come from
        the k-th stream of this step, so root moves are compared on the same luck."""
        visit = child.visits - (self.prior if root.seeded else 0)
        return random.Random(self._pairing * 1_000_003 + visit)

    def _seed_children(self, node: Node, state: State, legal: list[int]) -> None:
        """Create every child of a decision node with `prior` visits of its judged value."""
        node.seeded = True
        for action in legal:
            if action not in node.children:
                after = state.clone()
                after.apply_action(action)
                self._add_seeded(node, action, after)

    def _seed_turns(self, node: Node, state: State) -> None:
        """`whole=1`: one child per whole turn of the seat to move (its decisions until
        another seat or chance acts), seeded like `_seed_children` if `prior` is set."""
        node.seeded = True
        for turn, after in turn_ends(state, state.current_player()):
            self._add_seeded(node, turn, after)

    def _add_seeded(self, node: Node, key: Hashable, after: State) -> None:
        """A new child reached at `after`, with `prior` virtual visits of its judged value
        (`judge`: the heuristic or the game's value)."""
        child = node.children[key] = Node(len(node.totals))
        weight = self.prior
        if weight:
            child.visits = weight
            child.totals = [weight * v for v in self.evaluator(after)]
            child.fresh = True

    # ------------------------------------------------- hooks for the ISMCTS variant
    def _chance_key(self, state: State, action: int, seat: int) -> Hashable:
        """How the child for a sampled chance outcome is found: by its action id."""
        return action

    def _mark_available(self, children: dict[Hashable, Node], legal: list[int]) -> None:
        """Availability counts are an ISMCTS matter; plain UCT needs none."""

    def _parent_visits(self, node: Node, child: Node) -> float:
        """The N of UCB's sqrt(ln N / n): the parent's visits (ISMCTS: the child's availability)."""
        return node.visits

    def _select(self, node: Node, legal: Sequence[Hashable], player: int) -> Hashable:
        """UCB1 over the legal children: mean for the mover + c * sqrt(ln N / n)."""
        children = node.children
        c = self.c
        parent_visits = self._parent_visits
        best_action, best_score = legal[0], -math.inf
        for action in legal:
            child = children[action]
            n = child.visits
            if n == 0:
                return action
            log_n = math.log(max(parent_visits(node, child), 1))
            score = child.totals[player] / n + c * math.sqrt(log_n / n)
            if score > best_score:
                best_action, best_score = action, score
        return best_action

    # ----------------------------------------------------------------- rollouts
    def _simulate(
        self, state: State, mover: int, deadline: float | None, seat: int, turns: int,
        chance: random.Random,
    ) -> list[float] | None:
        """Play on from `state` (the last decision was `mover`'s) with the rollout policy.

        `seat` is the searching seat and `turns` the turns ended between the root and
        `state`; chance outcomes are drawn with `chance`. Per-seat values, or None if
        the deadline interrupted the rollout."""
        rng = self._rng
        greedy = self.rollout == "greedy"
        depth = self.depth
        horizon = self.horizon
        model = self.model
        by_turn = self.cutoff == "turn"
        moves = 0
        clock = self._now
        while True:
            player = state.current_player()
            if player == TERMINAL:
                return state.returns()
            if player == CHANCE:
                state.apply_action(sample_chance(state, chance))
                continue
            if player != mover:
                turns += 1  # a turn ended
                if by_turn:
                    moves += 1
                mover = player
                if horizon and turns >= horizon:
                    return self.evaluator(state)
            if depth and moves >= depth:
                return self.evaluator(state)
            if deadline is not None and clock() >= deadline:
                return None
            legal = state.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            elif model == "all" or (model == "others" and player != seat):
                action = best_turn_action(state, legal, rng)
            elif greedy:
                action = greedy_action(state, legal, player, rng)
            else:
                action = rng.choice(legal)
            state.apply_action(action)
            if not by_turn:
                moves += 1


def greedy_action(state: State, legal: list[int], seat: int, rng: random.Random) -> int:
    """The legal action whose resulting position `game.heuristic` rates best for `seat`."""
    game = state.game
    best: list[int] = []
    best_value = -math.inf
    for action in legal:
        child = state.clone()
        child.apply_action(action)
        value = game.heuristic(child, seat)
        if value > best_value:
            best, best_value = [action], value
        elif value == best_value:
            best.append(action)
    return best[0] if len(best) == 1 else rng.choice(best)

