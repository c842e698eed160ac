"""Balance analysis of simulated games: the win rate of each factor's levels, with 95% intervals.

The input is a simulation with its per-game rows (`Simulation.to_dict(per_game=True)`,
which `ludoteca simulate GAME --json --per-game` prints). Every seat of every game is
one observation: its win share (`sim.common.win_shares`: a k-way tie gives 1/k each),
its score, and its factors:

* `seat` — its place in the turn order (0 moves first);
* `agent` — the spec that played it;
* every factor of its `facts` (`State.seat_facts`: `corporation`, `card`, `wonder`...),
  one observation for each level the seat has: a seat that played 16 cards counts once
  for each of them.

For each factor level, a `Row` gives the seat-games `n`, the wins, the win rate with its
Wilson 95% interval, the mean score, and the `lift`: the win rate minus the rate of a
seat that is no better than any other (1/players). A level whose interval lies wholly
above (or below) that rate is marked `+` (or `-`): with many levels some are marked by
chance alone (at 95%, about one in twenty), so read the marks as leads to check with a
bigger run, not as verdicts. Levels seen in fewer than `min_games` seat-games are left
out.

`write_chart` draws one factor's levels as bars with their intervals (matplotlib, the
`tournament` extra).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ludoteca.sim.common import win_shares
from ludoteca.sim.ratings import wilson_interval

BUILT_IN = ("seat", "agent")  # the factors every game has


@dataclass(frozen=True, slots=True)
class Row:
    """One level of one factor."""

    factor: str
    level: str
    n: int  # seat-games with this level
    wins: float
    win_rate: float
    ci_low: float
    ci_high: float
    mean_score: float
    lift: float  # win_rate - 1/players

    @property
    def mark(self) -> str:
        """`+` if the whole interval is above the fair rate, `-` if below, else empty."""
        fair = self.win_rate - self.lift
        return "+" if self.ci_low > fair else "-" if self.ci_high < fair else ""


@dataclass(frozen=True, slots=True)
class Report:
    game: str
    players: int
    games: int
    rows: tuple[Row, ...]

    def factors(self) -> list[str]:
        """The factors present, the built-in ones first."""
        seen = list(dict.fromkeys(r.factor for r in self.rows))
        return [f for f in BUILT_IN if f in seen] + sorted(f for f in seen if f not in BUILT_IN)

    def of(self, factor: str) -> list[Row]:
        return [r for r in self.rows if r.factor == factor]

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "players": self.players, "games": self.games,
                "fair_win_rate": 1 / self.players if self.players else 0.0,
                "rows": [{**asdict(r), "mark": r.mark} for r in self.rows]}


class AnalysisError(ValueError):
    """The input is not a simulation with per-game rows."""


def analyse(data: dict[str, Any], *, min_games: int = 1, factors: tuple[str, ...] = ()) -> Report:
    """The balance report of a simulation dict (see the module docstring); `factors`
    keeps only those factors (all by default)."""
    rows = data.get("per_game")
    if not isinstance(rows, list):
        raise AnalysisError("no per-game rows: run `ludoteca simulate GAME --json --per-game`")
    players = data.get("players")
    if type(players) is not int or players < 1:
        raise AnalysisError("the simulation does not say how many players sat at each game")
    acc: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0, 0.0, 0.0])  # n, wins, score
    for i, game in enumerate(rows):
        try:
            seats, scores, returns = game["seats"], game["scores"], game["returns"]
            facts = game.get("facts") or [{} for _ in seats]
            if not len(seats) == len(scores) == len(returns) == len(facts):
                raise IndexError("seats, scores, returns and facts differ in length")
            shares = win_shares(tuple(returns))
            observations = [
                (seat, [("seat", str(seat)), ("agent", str(seats[seat]))]
                 + [(str(f), str(level)) for f, levels in facts[seat].items() for level in levels])
                for seat in range(len(seats))]
        except (KeyError, TypeError, IndexError, AttributeError) as exc:
            raise AnalysisError(f"per-game row {i} is malformed ({type(exc).__name__}: {exc})") from None
        for seat, keys in observations:
            for key in dict.fromkeys(keys):  # a level counted once per seat
                if factors and key[0] not in factors:
                    continue
                cell = acc[key]
                cell[0] += 1
                cell[1] += shares[seat]
                cell[2] += float(scores[seat])
    fair = 1 / players
    out = []
    for (factor, level), (n, wins, score) in acc.items():
        if n < min_games:
            continue
        count = int(n)
        low, high = wilson_interval(wins, count)
        rate = wins / count
        out.append(Row(factor, level, count, wins, rate, low, high, score / count, rate - fair))
    out.sort(key=lambda r: (r.factor not in BUILT_IN, r.factor, -r.win_rate, r.level))
    return Report(str(data.get("game", "")), players, len(rows), tuple(out))


def write_chart(report: Report, factor: str, path: Path, *, title: str, xlabel: str, top: int = 25) -> Path:
    """One factor's levels (the `top` most played) as win-rate bars with 95% intervals and
    the fair rate as a dashed line; a PNG at `path`. The caller gives the words (`title`,
    `xlabel`) in the reader's language. Needs matplotlib (`pip install -e '.[tournament]'`)."""
    from matplotlib.figure import Figure  # an optional extra: imported only to draw

    rows = sorted(report.of(factor), key=lambda r: -r.n)[:top]
    rows.sort(key=lambda r: r.win_rate)
    if not rows:
        raise AnalysisError(f"no levels of {factor!r} to draw")
    fig = Figure(figsize=(7.0, max(2.5, 0.28 * len(rows) + 1.2)), layout="tight")
    ax = fig.add_subplot()
    y = range(len(rows))
    ax.barh(list(y), [r.win_rate for r in rows], color="#4a7bb7",
            xerr=[[r.win_rate - r.ci_low for r in rows], [r.ci_high - r.win_rate for r in rows]],
            error_kw={"ecolor": "#333333", "capsize": 2, "linewidth": 0.8})
    ax.axvline(1 / report.players, color="#b7544a", linestyle="--", linewidth=1)
    ax.set_yticks(list(y), [f"{r.level} ({r.n})" for r in rows], fontsize=7)
    ax.set_xlim(0, 1)
    ax.set_xlabel(xlabel)
    ax.set_title(title, fontsize=9)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    return path
