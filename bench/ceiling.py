"""Upper bounds for search experiments: an ISMCTS that is told the hidden cards (bench only).

No automaton of the arena may see what its seat does not know, so this lives in bench/ and is never
registered as an agent. `bench_agents.py` builds it from a spec prefix:

    see-all:ismcts:iters=400     the search runs on the true state: the opponent's hand, face-down
                                 cards and both deck orders (future shuffles and draws stay random)
    see-hands:ismcts:iters=400   the same, except that both decks are still resampled: what the
                                 opponent holds, as inference from its plays could at best recover
    see-lists:ismcts:iters=400   the arena's search, except that it deals the opponent's hidden cards
                                 from the opponent's real deck list instead of a believed one
                                 (core/belief.py): what knowing the list is worth

How far such a search gets against an honest one says what the hidden cards cost, and so what any
better determinization could win back (docs/search.md, "A ceiling").
"""

from __future__ import annotations

from typing import Any

from cardarena.agents import make_agent
from cardarena.agents.base import Agent
from cardarena.agents.ismcts import ISMCTSAgent
from cardarena.core.engine import State

PREFIXES = ("see-all:", "see-hands:", "see-lists:")


def _true_state(state: State, seat: int, rng: Any) -> State:
    return state.clone()


def _real_lists(state: State, seat: int, rng: Any) -> State:
    return State.determinize(state, seat, rng, known_lists=True)  # the base method: not the patched one


def _decks_only(state: State, seat: int, rng: Any) -> State:
    """`determinize` restricted to deck cards: every other hidden card keeps its true identity."""
    c = state.clone()
    decks = {i for d in getattr(state, "deck", ()) for i in d}
    hidden = [i for i in state.hidden_from(seat) if i in decks]
    if hidden:
        defs = list(state.defs)
        state.resample(defs, hidden, rng)
        c.defs = defs
    if c.decision is not None and c.decision.seat != seat:
        c.reask()
    return c


class SeeingISMCTS(ISMCTSAgent):
    """ISMCTS whose determinizations are replaced by `sample` for the length of each search. The
    state class is patched and restored around the search: a bench process plays one game at a time,
    so the honest opponent never searches while the patch is in place."""

    def __init__(self, sample: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.sample = sample

    def _search(self, state: State, seat: int) -> Any:
        cls = type(state)
        honest = cls.determinize
        cls.determinize = self.sample  # type: ignore[method-assign]
        try:
            return super()._search(state, seat)
        finally:
            cls.determinize = honest  # type: ignore[method-assign]


def make_bench_agent(spec: str, seed: int) -> Agent:
    """`make_agent`, plus the two seeing prefixes above (for ISMCTS specs only)."""
    for prefix, sample in (("see-all:", _true_state), ("see-hands:", _decks_only), ("see-lists:", _real_lists)):
        if spec.startswith(prefix):
            inner = make_agent(spec[len(prefix):], seed=seed)
            if not isinstance(inner, ISMCTSAgent):
                raise ValueError(f"{prefix} takes an ismcts spec, got {spec[len(prefix):]!r}")
            agent = SeeingISMCTS(sample, seed=seed, name=spec)
            for k, v in vars(inner).items():  # the inner spec's settings; the seeded rng is the same
                if k not in ("name", "sample"):
                    setattr(agent, k, v)
            return agent
    return make_agent(spec, seed=seed)
