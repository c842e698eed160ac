"""The interactive play loop: humans and bots at one table, in the terminal.

The loop asks the state for everything (whose turn, the prompt and its options,
action strings); a `GameView` draws it. Input comes from an injectable `read`
function, so tests can feed answers.

Human input, at a decision:
  * a number: that option of the numbered list;
  * notation, e.g. `place 0,1 r90`, `meeple road S`, `skip` (parsed by the state,
    which also accepts aliases, e.g. any side of a feature);
  * `b` show the position again, `?` help, `q` quit (the caller still saves the record).
Anything else is refused with the reason and asked again; the state is unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.columns import Columns
from rich.console import Console
from rich.text import Text

from ludoteca.agents import agent_names, make_agent
from ludoteca.cli.language import say, tr
from ludoteca.core import i18n
from ludoteca.core.api import State
from ludoteca.core.errors import LudotecaError
from ludoteca.core.play import Agent, sample_chance
from ludoteca.core.prompt import Option, Prompt
from ludoteca.core.terminal import GameView
from ludoteca.sim.common import derive_seed

HUMAN = "human"
QUIT = frozenset({"q", "quit", "exit"})
HELP = frozenset({"?", "h", "help"})
BOARD = frozenset({"b", "board"})



@dataclass(slots=True)
class Seat:
    index: int
    spec: str  # "human" or an agent spec
    agent: Agent | None  # None for a human

    @property
    def human(self) -> bool:
        return self.agent is None


def make_seats(specs: Sequence[str], seed: int, game: str | None = None) -> list[Seat]:
    """One seat per spec; agents seeded from `seed` (as game 0 of `ludoteca simulate`) and
    read in `game` (its presets and difficulty levels, `ludoteca.agents.presets`)."""
    seats = []
    for index, raw in enumerate(specs):
        spec = raw.strip()
        if spec == HUMAN:
            seats.append(Seat(index, spec, None))
            continue
        try:
            agent = make_agent(spec, seed=derive_seed(seed, 0, "seat", index), game=game)
        except LudotecaError as exc:
            raise LudotecaError(f"{exc}; or '{HUMAN}' for a person at the keyboard") from None
        seats.append(Seat(index, spec, agent))
    return seats


def valid_seat_specs() -> str:
    return ", ".join([HUMAN, *agent_names()])


class PlaySession:
    """One game at the terminal. `run()` plays it in place and says whether it finished."""

    def __init__(
        self,
        state: State,
        seats: Sequence[Seat],
        rng: random.Random,
        view: GameView,
        console: Console,
        read: Callable[[str], str] | None = None,
    ) -> None:
        self.state = state
        self.seats = list(seats)
        self.rng = rng
        self.view = view
        self.console = console
        self.read = read if read is not None else console.input
        humans = sum(1 for s in self.seats if s.human)
        self.names = [
            tr("cli.play.you" if humans == 1 else "cli.play.human") if s.human else s.spec for s in self.seats
        ]

    # ------------------------------------------------------------ the loop
    def run(self) -> bool:
        """Play until the game ends (True) or a human quits (False)."""
        state = self.state
        while not state.is_terminal():
            if state.is_chance_node():
                action = sample_chance(state, self.rng)
                self._say(self.view.describe(state, action, ""))
            else:
                seat = self.seats[state.current_player()]
                if seat.human:
                    chosen = self._ask(seat)
                    if chosen is None:
                        self.console.print(tr("cli.play.stopped", n=state.move_number()))
                        return False
                    action = chosen
                else:
                    assert seat.agent is not None
                    action = seat.agent.step(state)
                    self._say(self.view.describe(state, action, self.who(seat.index)))
            before = self.view.snapshot(state)
            state.apply_action(action)
            for line in self.view.changes(before, state, self.names):
                self._say(line)
        self.show_final()
        return True

    def who(self, seat: int) -> str:
        return f"{self.view.seat_label(seat)} ({self.names[seat]})"

    def show_final(self) -> None:
        state = self.state
        self.console.rule(tr("cli.play.game_over"))
        self.console.print(self.view.final(state, self.names), crop=False)
        returns = state.returns()  # the engine says who won: a positive return
        self.console.print()
        for seat, score in enumerate(state.scores()):
            mark = tr("cli.play.winner") if returns[seat] > 0 else ""
            self._say(tr("cli.play.final_score", who=self.who(seat), points=i18n.msg("core.points", n=score))
                      + mark)
        if not any(r > 0 for r in returns):
            self._say(tr("cli.play.ties"))

    # ------------------------------------------------------------ a human decision
    def _ask(self, seat: Seat) -> int | None:
        state = self.state
        prompt = state.prompt()
        who = self.who(seat.index)
        if len(prompt.options) == 1:
            only = prompt.options[0]
            self._say(tr("cli.play.only_option", who=who, option=self.label(only)))
            return only.action
        self._show(prompt)
        while True:
            try:
                raw = self.read(tr("cli.play.ask", who=who, n=len(prompt.options)) + " ")
            except (EOFError, KeyboardInterrupt):
                self.console.print()
                return None
            text = " ".join(raw.split())
            lowered = text.lower()
            if lowered in QUIT:
                return None
            if lowered in HELP:
                self._say(tr("cli.play.help"))
                continue
            if lowered in BOARD:
                self._show(prompt)
                continue
            action, error = self._parse(prompt, text)
            if action is not None:
                return action
            self.console.print(Text(tr("cli.play.not_accepted") + " ", style="bold red") + Text(error),
                               soft_wrap=True)

    def _parse(self, prompt: Prompt, text: str) -> tuple[int | None, str]:
        """The chosen action, or None and why not."""
        n = len(prompt.options)
        if not text:
            return None, tr("cli.play.type_number", n=n, example=repr(prompt.options[0].text))
        if text.isdigit():
            number = int(text)
            if 1 <= number <= n:
                return prompt.options[number - 1].action, ""
            return None, tr("cli.play.no_option", number=str(number), n=n)
        option = prompt.find(text)
        if option is not None:
            return option.action, ""
        try:
            action = self.state.string_to_action(text)
        except LudotecaError as exc:
            return None, f"{exc}"
        if action not in self.state.legal_actions():  # defensive: never apply an illegal action
            return None, tr("cli.play.not_an_option", text=repr(text), n=n)
        return action, ""

    def _show(self, prompt: Prompt) -> None:
        state = self.state
        self.console.rule(tr("cli.play.move", n=state.move_number()))
        self.console.print(self.view.position(state, self.names, prompt), crop=False)
        aid = self.view.decision_aid(state, prompt)
        if aid is not None:
            self.console.print(aid, crop=False)
        labels = [self.who(seat.index) for seat in self.seats]
        decision = say(prompt.message, labels) if prompt.message else prompt.text
        self.console.print(Text(f"{self.who(prompt.seat)}: {decision}", style="bold"))
        items = [Text(f"{i:>2}) {self.label(o)}") for i, o in enumerate(prompt.options, 1)]
        self.console.print(Columns(items, padding=(0, 3), column_first=True))

    def label(self, option: Option) -> str:
        """An option in words, with its notation (what may be typed) when they differ."""
        if option.message is None or option.message.get("key") == i18n.NOTATION:
            return option.text
        return f"{say(option.message, [self.who(s.index) for s in self.seats])} [{option.text}]"

    def _say(self, line: str) -> None:
        if line:  # a secret outcome is announced as nothing at all
            self.console.print(Text(line), soft_wrap=True)
