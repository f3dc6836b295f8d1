"""`cardarena play`: a person against an automaton, with undo, concede, rules and a saved replay.

Undo re-runs the game from its set-up with every recorded choice before the person's last one (the
same decks, seed and rules give the same game, so the replay is the undo history); the automaton
then chooses again from there.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console

from ..agents.base import Agent
from ..agents.human import Concede, TerminalHuman, Undo
from ..core.decks import Deck
from ..core.engine import State
from ..core.match import replay_record
from ..core.replay import save_replay
from ..core.ruleset import Ruleset
from ..guide import Guide, result_words
from .runner import EngineFailure, apply_choice, choose_step, end_agents, engine_fault, start_agents

CONCEDED = "conceded"


@dataclass
class PlayResult:
    state: State
    conceded: bool = False
    forfeit: str | None = None
    record: dict[str, Any] = field(default_factory=dict)


class PlaySession:
    def __init__(
        self,
        game: Ruleset,
        decks: list[Deck],
        seed: int,
        rules: dict[str, Any],
        me: int,
        bot: Agent,
        names: list[str],
        console: Console,
        input_fn: Callable[[str], str],
        guide: Guide | None,
        version: str,
    ) -> None:
        self.game = game
        self.decks = decks
        self.seed = seed
        self.rules = rules
        self.me = me
        self.bot = bot
        self.names = names
        self.console = console
        self.guide = guide
        self.version = version
        self.human = TerminalHuman(game, console, input_fn=input_fn, guide=guide)
        self.human.seat = me
        self.agents: list[Agent] = [self.human, bot] if me == 0 else [bot, self.human]
        self.state = self.new_state()
        #: who made each choice of state.history: "me" (asked), "auto" (one option), "bot"
        self.who: list[str] = []

    def new_state(self) -> State:
        return self.game.new_game(decks=list(self.decks), seed=self.seed, rules=self.rules)

    def header(self) -> str:
        seats = [f"P{i + 1}: {self.names[i]} ({d.name})" for i, d in enumerate(self.decks)]
        return f"{self.game.name} · " + " vs ".join(seats) + f" · seed {self.seed}"

    def run(self) -> PlayResult:
        begun = start_agents(self.state, self.agents)  # an external bot's process starts here
        try:
            return self._run()
        finally:
            end_agents(self.state, self.agents, begun)

    def _run(self) -> PlayResult:
        st = self.state
        self.human.after_decision(st, self.me)
        conceded = False
        forfeit: str | None = None
        while st.decision is not None:
            d = st.decision
            if d.seat == self.me:
                try:
                    choice = self.human.choose(st.view(self.me), d, None)
                except Undo:
                    self.undo()
                    st = self.state
                    continue
                except Concede:
                    conceded = True
                    break
                except (KeyboardInterrupt, EngineFailure):
                    raise
                except Exception as e:  # showing the board or the options failed: a bug, never a loss
                    raise EngineFailure(e, engine_fault(e) or "terminal") from e
                self.who.append("me" if len(d.options) > 1 else "auto")
                apply_choice(st, choice)
            else:
                if self.console.is_terminal and self.bot.kind != "random":
                    with self.console.status(f"waiting for the opponent (P{d.seat + 1}, {self.names[d.seat]})…"):
                        why = choose_step(st, self.agents)
                else:
                    why = choose_step(st, self.agents)
                if why is None:
                    self.who.append("bot")
                else:
                    forfeit = why
            self.human.after_decision(st, self.me)
        if conceded:
            st.finish(1 - self.me, CONCEDED, int(getattr(st, "turn", 0)))
            self.human.after_decision(st, self.me)
        record = replay_record(st, self.names, self.version)
        if conceded:
            # the recorded choices stop before the end: `replay` re-applies the concession
            record["conceded"] = self.me
        return PlayResult(st, conceded, forfeit, record)

    def undo(self) -> None:
        if "me" not in self.who:
            self.console.print("  nothing to undo yet", style="yellow")
            return
        last = len(self.who) - 1 - self.who[::-1].index("me")
        choices = list(self.state.history[:last])
        st = self.new_state()
        for c in choices:
            apply_choice(st, c)
        self.state = st
        self.who = self.who[:last]
        self.human.skip_log(st)
        self.console.print(f"  undone: back before your choice {self.who.count('me') + 1} "
                           f"(the game re-ran its {len(choices)} earlier choices)", style="cyan")

    def result_line(self, res: PlayResult) -> str:
        r = res.state.result
        assert r is not None
        words = result_words(self.guide, r.winner, r.reason, r.turns, res.state.visible_log(self.me))  # the person's log only
        if r.winner is None:
            return words
        return ("You win — " if r.winner == self.me else "You lose — ") + words


def save(record: dict[str, Any], path: Path) -> None:
    save_replay(record, path)
