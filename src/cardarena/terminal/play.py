"""`cardarena play`: a person against an automaton, with undo, concede, rules and a saved replay.

Undo re-runs the game from its set-up with every recorded choice before the person's last one (the
same decks, seed and rules give the same game, so the replay is the undo history). It goes back only
over what showed the person nothing hidden: not past a move of the automaton (how it answered tells
of its hand), a random outcome (the same seed would repeat it) or a card the person did not know
(a draw, a look), since taking the choice back would let them play it again knowing the answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console

from ..agents.base import Agent
from ..agents.human import Concede, TerminalHuman, Undo
from ..core.decks import Deck
from ..core.engine import State
from ..core.errors import IllegalChoice
from ..core.match import replay_record, turns_of
from ..core.replay import save_replay
from ..core.ruleset import Ruleset
from ..guide import Guide, result_words
from .runner import EngineFailure, apply_choice, choose_step, end_agents, engine_fault, start_agents
from .wrap import wrap

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
        seed_shown: bool = True,
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
        #: False for a secret seed: the header does not tell it while the game is on
        self.seed_shown = seed_shown
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
        return f"{self.game.name} · " + " vs ".join(seats) + (f" · seed {self.seed}" if self.seed_shown else " · a secret seed")

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
                    choice = self.human.choose(st.view(self.me), d, st)
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
            st.finish(1 - self.me, CONCEDED, turns_of(st))  # mastery counts Rounds
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
        barrier = self.undo_barrier(st, self.state.history[last:], self.who[last:])
        if barrier is not None:
            self.console.print(wrap(f"  cannot undo: since your last choice {barrier}; undo takes back only "
                                    "choices that showed you nothing hidden", self.console.width), style="yellow", markup=False)
            return
        self.state = st
        self.who = self.who[:last]
        self.human.skip_log(st)
        self.console.print(f"  undone: back before your choice {self.who.count('me') + 1} "
                           f"(the game re-ran its {len(choices)} earlier choices)", style="cyan")

    def undo_barrier(self, start: State, choices: list[str], who: list[str]) -> str | None:
        """What the person learnt from `choices`, played from `start`, that they could not know there
        (None: nothing, so they may take those choices back)."""
        if "bot" in who:
            return "the automaton has moved"
        bit = 1 << self.me
        hidden = start.hidden_from(self.me)
        probe = start.clone()
        rng = probe.rng.s
        mark = len(probe.log)
        for c in choices:
            apply_choice(probe, c)
            if probe.rng.s != rng:
                return "a random outcome was drawn"
            if any(probe.visible_mask(i) & bit for i in hidden):
                return "you saw a card you did not know"
        # the game's answer to the choices may not depend on hidden cards either (an effect that
        # reads the top of a deck without showing it): the same choices where those cards are dealt
        # anew must look the same
        for k in range(2):
            other = start.determinize(self.me, random.Random(k))
            try:
                for c in choices:
                    apply_choice(other, c)
            except IllegalChoice:
                return "the game answered with what you cannot see"
            if other.visible_log(self.me, mark) != probe.visible_log(self.me, mark) or other.view(self.me) != probe.view(self.me):
                return "the game answered with what you cannot see"
        return None

    def result_line(self, res: PlayResult) -> str:
        r = res.state.result
        assert r is not None
        words = result_words(self.guide, r.winner, r.reason, r.turns, res.state.visible_log(self.me))  # the person's log only
        if r.winner is None:
            return words
        return ("You win — " if r.winner == self.me else "You lose — ") + words


def save(record: dict[str, Any], path: Path) -> None:
    save_replay(record, path)
