"""Helpers of the arena tests: faulty automatons (registered in every worker process: `register` is
the pool's initializer; a contest must record their losses and keep going), an illegal deck, and the
stored games of a contest in a comparable form."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

from sqlalchemy import select

import cardarena
from cardarena.agents import register_agent
from cardarena.agents.random_agent import RandomAgent
from cardarena.arena.models import Match, Replay
from cardarena.arena.store import Store
from cardarena.core.decks import Deck
from cardarena.core.engine import Decision, State


class CrashingAgent(RandomAgent):
    """Plays at random, but crashes at its third decision in every game whose seed is even."""

    kind: ClassVar[str] = "crashy"

    def __init__(self, seed: int = 0, name: str | None = None) -> None:
        super().__init__(seed, name)
        self.asked = 0

    def choose(self, state_view: dict[str, Any], decision: Decision, state: State | None = None) -> str:
        self.asked += 1
        if self.seed % 2 == 0 and self.asked == 3:
            raise RuntimeError("the bot fell over")
        return super().choose(state_view, decision, state)


class CheatingAgent(RandomAgent):
    """Answers an option the decision does not offer."""

    kind: ClassVar[str] = "cheater"

    def choose(self, state_view: dict[str, Any], decision: Decision, state: State | None = None) -> str:
        return "win-the-game"


def register() -> None:
    register_agent("crashy", CrashingAgent, replace=True)
    register_agent("cheater", CheatingAgent, replace=True)


def illegal_deck(tmp_path: Path) -> Path:
    """A Mind Storm with two Aliens, nine Neural Surge and a card that does not exist."""
    d = Deck.from_dict(cardarena.load_game("aliens").starter_decks()["mind_storm"].to_dict())  # a copy: starters are shared
    d.leaders["aliens"] = d.leaders["aliens"][:2]
    d.cards["Neural Surge"] = 9
    d.cards["No Such Card"] = 2
    p = tmp_path / "broken.toml"
    p.write_text(d.to_toml(), encoding="utf-8")
    return p


def games_of(store: Store, name: str = "c") -> list[dict[str, Any]]:
    """Every stored game of contest `name`, in schedule order, without timings or ids."""
    with store.session() as s:
        q = select(Match).order_by(Match.round, Match.pairing, Match.game_no)
        out = []
        for m in s.scalars(q):
            rep = s.get(Replay, m.id)
            out.append({"slot": (m.round, m.pairing, m.game_no), "seed": m.seed, "status": m.status,
                        "reason": m.reason, "turns": m.turns,
                        "seats": [(x.agent, x.place, x.score, x.status) for x in m.seats],
                        "choices": None if rep is None else rep.record["choices"]})
        return out
