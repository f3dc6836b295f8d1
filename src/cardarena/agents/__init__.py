"""Automatons and the registry that builds them from short specs (docs/architecture.md).

A spec is `name` or `name:key=value,key=value`, e.g. `random`, `ismcts:iters=400`,
`ismcts:ms=250,c=1.0,depth=20`. Other kinds (external, human, greedy) join with `register_agent`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .base import Agent
from .ismcts import ISMCTSAgent
from .random_agent import RandomAgent

#: builds an agent from a seed, a display name and the converted spec parameters as keyword arguments
AgentFactory = Callable[..., Agent]
#: spec parameter name -> (keyword argument of the factory, converter from the spec's text)
ParamTable = dict[str, tuple[str, Callable[[str], Any]]]

#: names make_agent accepts, in registration order
AGENT_NAMES: list[str] = []
_REGISTRY: dict[str, tuple[AgentFactory, ParamTable]] = {}


def register_agent(
    name: str,
    factory: AgentFactory,
    params: ParamTable | None = None,
    *,
    replace: bool = False,
) -> None:
    """Make `name` buildable by make_agent.

    `factory(seed=..., name=..., **kwargs)` must return an Agent; `params` lists the spec parameters
    it accepts, each mapped to a keyword argument and a converter (e.g. `{"iters": ("iterations", int)}`).
    """
    key = name.strip().lower()
    if not key or any(ch in key for ch in ":,= "):
        raise ValueError(f"agent name {name!r} must be a non-empty word without ':', ',', '=' or spaces")
    if key in _REGISTRY and not replace:
        raise ValueError(f"agent {key!r} is already registered (pass replace=True to override it)")
    _REGISTRY[key] = (factory, dict(params or {}))
    if key not in AGENT_NAMES:
        AGENT_NAMES.append(key)


def agent_params(name: str) -> list[str]:
    """The spec parameters agent `name` accepts."""
    return sorted(_lookup(name)[1])


def _lookup(name: str) -> tuple[AgentFactory, ParamTable]:
    entry = _REGISTRY.get(name)
    if entry is None:
        raise ValueError(f"unknown agent {name!r}; valid agents: {', '.join(AGENT_NAMES)}")
    return entry


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """`"ismcts:iters=400,c=1"` -> `("ismcts", {"iters": "400", "c": "1"})`, values still text."""
    name, _, rest = spec.strip().partition(":")
    name = name.strip().lower()
    if not name:
        raise ValueError(f"agent spec {spec!r} has no agent name; valid agents: {', '.join(AGENT_NAMES)}")
    params: dict[str, str] = {}
    for part in rest.split(","):
        if not part.strip():
            continue
        key, eq, value = part.partition("=")
        key, value = key.strip().lower(), value.strip()
        if not eq or not key or not value:
            raise ValueError(f"agent spec {spec!r}: {part.strip()!r} is not of the form key=value")
        if key in params:
            raise ValueError(f"agent spec {spec!r}: parameter {key!r} is given twice")
        params[key] = value
    return name, params


def make_agent(spec: str, seed: int = 0) -> Agent:
    """Build the agent a spec names, seeded with `seed`; a bad name or parameter is a ValueError."""
    name, raw = parse_spec(spec)
    factory, table = _lookup(name)
    kwargs: dict[str, Any] = {}
    for key, text in raw.items():
        if key not in table:
            valid = ", ".join(sorted(table)) or "none"
            raise ValueError(f"agent {name!r} has no parameter {key!r}; valid parameters: {valid}")
        arg, convert = table[key]
        if arg in kwargs:
            raise ValueError(f"agent spec {spec!r}: {key!r} repeats a parameter given under another name")
        try:
            kwargs[arg] = convert(text)
        except ValueError:
            kind = getattr(convert, "__name__", "value")
            raise ValueError(f"agent spec {spec!r}: {key}={text!r} is not a valid {kind}") from None
    return factory(seed=seed, name=spec.strip(), **kwargs)


register_agent("random", RandomAgent)
register_agent(
    "ismcts",
    ISMCTSAgent,
    {
        "iters": ("iterations", int),
        "iterations": ("iterations", int),
        "ms": ("ms", float),
        "c": ("c", float),
        "depth": ("rollout_depth", int),
        "rollout_depth": ("rollout_depth", int),
    },
)

__all__ = [
    "AGENT_NAMES",
    "Agent",
    "AgentFactory",
    "ISMCTSAgent",
    "RandomAgent",
    "agent_params",
    "make_agent",
    "parse_spec",
    "register_agent",
]
