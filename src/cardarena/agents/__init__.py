"""Automatons and the registry that builds them from short specs (docs/protocol.md).

A spec is `name` or `name:key=value,key=value`, e.g. `random`, `greedy`, `ismcts:iters=400`,
`ismcts:ms=250,c=1.0,depth=20`. An external bot is `cmd:"python3 my_bot.py"` (any language, the
protocol of docs/protocol.md) or a manifest file (`bot:my_bot.toml`, or just the path of a `.toml`).

Agents are registered like games: the `cardarena.agents` entry-point group names an Agent class (or
a factory) per agent name, so an installed package adds one and a worker process sees the same
registry. The class's `spec_params` table lists the spec parameters it accepts. `register_agent`
adds one at run time (in this process only).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from .base import Agent
from .greedy import GreedyAgent
from .ismcts import ISMCTSAgent
from .random_agent import RandomAgent

#: builds an agent from a seed, a display name and the converted spec parameters as keyword arguments
AgentFactory = Callable[..., Agent]
#: spec parameter name -> (keyword argument of the factory, converter from the spec's text)
ParamTable = dict[str, tuple[str, Callable[[str], Any]]]

#: names make_agent accepts, in registration order
AGENT_NAMES: list[str] = []
_REGISTRY: dict[str, tuple[AgentFactory, ParamTable]] = {}


@cache
def _entry_points() -> dict[str, EntryPoint]:
    return {ep.name.strip().lower(): ep for ep in entry_points(group="cardarena.agents")}


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
    if entry is None and name in _entry_points():
        factory = _entry_points()[name].load()
        register_agent(name, factory, getattr(factory, "spec_params", None), replace=True)
        entry = _REGISTRY[name]
    if entry is None:
        raise ValueError(f"unknown agent {name!r}; valid agents: {', '.join(AGENT_NAMES)}")
    return entry


def remembers_games(spec: str) -> bool:
    """Whether the agent a spec names may carry what it saw in one game into the next (`Agent.remembers`).
    An external `cmd:` bot does not: each game starts it afresh in a new working folder (docs/protocol.md)."""
    from .external import external_from_spec

    if external_from_spec(spec, 0) is not None:
        return False
    try:
        factory, _ = _lookup(parse_spec(spec)[0])
    except ValueError:  # not an agent of this process: it cannot be built, so it plays no game
        return False
    return bool(getattr(factory, "remembers", False))


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
    from .external import external_from_spec

    ext = external_from_spec(spec, seed)
    if ext is not None:
        return ext
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


def split_outside_quotes(text: str, sep: str = ":") -> list[str]:
    """`cmd:"python a:b.py":deck` -> `['cmd', '"python a:b.py"', 'deck']`: `sep` inside '...' or "..."
    does not split, and a backslash-escaped quote (`\\"`) does not close one."""
    parts: list[str] = []
    cur: list[str] = []
    quote = ""
    escaped = False
    for ch in text:
        if escaped:
            escaped = False
        elif quote:
            if ch == "\\":
                escaped = True
            elif ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == sep:
            parts.append("".join(cur))
            cur = []
            continue
        cur.append(ch)
    parts.append("".join(cur))
    return parts


def _unquoted(part: str) -> str:
    """A deck part without the quotes that kept its colons in (`'decks/my:deck.toml'`)."""
    part = part.strip()
    if len(part) >= 2 and part[0] == part[-1] and part[0] in "\"'":
        return part[1:-1]
    return part


def split_player_spec(spec: str, what: str = "player") -> tuple[str, str | None]:
    """`AGENT[:params][:DECK]` -> (agent spec, deck or None), for front ends that take both in one word
    (`match`, `sim`, contest entries).

    Parts with '=' are agent parameters, the part without is the deck (quoted if its path holds a
    colon). An external bot's command or manifest is the part right after its kind, quoted
    (`cmd:"python3 bot.py":my_deck`) so its own colons and spaces stay in it."""
    name, *rest = split_outside_quotes(spec.strip())
    if name.strip().lower() in ("cmd", "bot") and rest:
        agent = f"{name}:{rest[0]}"
        rest = rest[1:]
        if any("=" in p for p in rest):
            raise ValueError(f"{what} {spec!r}: an external bot takes no parameters here")
        decks = [_unquoted(p) for p in rest if p.strip()]
    else:
        params = [p for p in rest if "=" in p]
        decks = [_unquoted(p) for p in rest if "=" not in p and p.strip()]
        agent = name + (":" + ",".join(params) if params else "")
    if len(decks) > 1:
        raise ValueError(f"{what} {spec!r} names more than one deck: {', '.join(decks)}")
    return agent.strip(), (decks[0] if decks else None)


for _name in _entry_points():
    if _name not in AGENT_NAMES:
        AGENT_NAMES.append(_name)

__all__ = [
    "AGENT_NAMES",
    "Agent",
    "AgentFactory",
    "GreedyAgent",
    "ISMCTSAgent",
    "RandomAgent",
    "agent_params",
    "make_agent",
    "parse_spec",
    "register_agent",
    "remembers_games",
    "split_outside_quotes",
    "split_player_spec",
]
