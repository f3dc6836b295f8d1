"""make_agent: specs like `ismcts:ms=250,c=1.0,depth=20` build agents; bad specs say what is valid."""

from __future__ import annotations

from typing import Any

import pytest

import cardarena.agents as agents
from cardarena.agents import AGENT_NAMES, Agent, ISMCTSAgent, RandomAgent, make_agent, register_agent
from cardarena.core.engine import Decision, State


def test_builtin_names() -> None:
    assert {"random", "greedy", "ismcts"} <= set(AGENT_NAMES)


def test_random() -> None:
    a = make_agent("random", seed=4)
    assert isinstance(a, RandomAgent)
    assert a.seed == 4
    assert a.name == "random"


def test_ismcts_defaults_and_parameters() -> None:
    a = make_agent("ismcts")
    assert isinstance(a, ISMCTSAgent)
    assert (a.iterations, a.ms, a.c, a.rollout_depth) == (200, None, None, None)  # unset: per-game defaults

    a = make_agent("ismcts:iters=400", seed=2)
    assert isinstance(a, ISMCTSAgent)
    assert (a.iterations, a.seed, a.name) == (400, 2, "ismcts:iters=400")

    a = make_agent(" ISMCTS: ms=250, c=1.0, depth=20 ")
    assert isinstance(a, ISMCTSAgent)
    assert (a.ms, a.c, a.rollout_depth) == (250.0, 1.0, 20)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("minimax", "unknown agent 'minimax'; valid agents: "),
        ("", "no agent name"),
        ("ismcts:foo=1", "no parameter 'foo'; valid parameters: bias, c, center, depth, finish, forced, greedy, iterations, iters, mast, ms, pick, pw, pwk, quiet, rollout_depth, scale, tprior, turn"),
        ("random:iters=5", "valid parameters: none"),
        ("ismcts:iters=many", "iters='many' is not a valid int"),
        ("ismcts:c=high", "c='high' is not a valid float"),
        ("ismcts:iters", "not of the form key=value"),
        ("ismcts:iters=", "not of the form key=value"),
        ("ismcts:iters=1,iters=2", "given twice"),
        ("ismcts:iters=1,iterations=2", "repeats a parameter"),
        ("ismcts:iters=0", "iterations must be at least 1"),
        ("ismcts:ms=-5", "ms must be a positive"),
        ("greedy:score=nope", "unknown score 'nope'; known: circuits_v1"),
    ],
)
def test_bad_specs(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        make_agent(spec)


def test_register_new_kind(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(agents, "_REGISTRY", dict(agents._REGISTRY))
    monkeypatch.setattr(agents, "AGENT_NAMES", list(agents.AGENT_NAMES))

    class First(Agent):
        kind = "first"

        def __init__(self, seed: int = 0, name: str | None = None, pick: int = 0) -> None:
            super().__init__(seed, name)
            self.pick = pick

        def choose(self, state_view: dict[str, Any], decision: Decision, state: State | None = None) -> str:
            return decision.options[self.pick].id

    register_agent("first", First, {"pick": ("pick", int)})
    assert "first" in agents.AGENT_NAMES
    a = make_agent("first:pick=1", seed=3)
    assert isinstance(a, First)
    assert (a.pick, a.seed) == (1, 3)
    with pytest.raises(ValueError, match="already registered"):
        register_agent("first", First)
    with pytest.raises(ValueError, match="non-empty word"):
        register_agent("a:b", First)


def test_builtin_agents_come_from_the_entry_point_group() -> None:
    from importlib.metadata import entry_points

    names = {ep.name for ep in entry_points(group="cardarena.agents")}
    assert {"random", "greedy", "ismcts"} <= names


def _spec_in_worker(spec: str) -> str:
    return type(make_agent(spec)).__name__


def test_a_worker_process_sees_the_same_registry() -> None:
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(1) as pool:
        assert pool.map(_spec_in_worker, ["greedy", "ismcts:iters=5"]) == ["GreedyAgent", "ISMCTSAgent"]


def test_a_package_adds_an_agent_through_the_entry_point_group(monkeypatch: pytest.MonkeyPatch) -> None:
    from importlib.metadata import EntryPoint

    monkeypatch.setattr(agents, "_REGISTRY", dict(agents._REGISTRY))
    ep = EntryPoint("plugged", "cardarena.agents.random_agent:RandomAgent", "cardarena.agents")
    table = dict(agents._entry_points())
    table["plugged"] = ep
    monkeypatch.setattr(agents, "_entry_points", lambda: table)
    a = make_agent("plugged", seed=7)
    assert isinstance(a, RandomAgent) and a.seed == 7 and a.name == "plugged"
