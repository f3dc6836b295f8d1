"""Options built once and shared between decisions, states and searches.

An Option is never changed once asked (core/engine.py), so two decisions that offer the same choice
may offer the same object. A search asks the same Action Step options again at every decision of
every rollout, and building their text and data was a large share of the engine's time (the figures
are in docs/search.md). A ruleset keeps one `SharedOptions` per kind of decision and keys each option
by every fact it depends on.

A card definition is named in a key by `id(d)`, and `put` is given the definitions to keep: the entry
holds them, so no id in a live key can be reused by another object.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Generic, TypeVar

from .engine import Option

T = TypeVar("T")


class Shared(Generic[T]):
    """A bounded table of values built once and shared (cleared when full: a long-lived server may
    load card definitions more than once, and an entry keeps its definitions alive)."""

    __slots__ = ("_keep", "_max", "_opts", "get")

    def __init__(self, max_entries: int = 1 << 15) -> None:
        self._opts: dict[Hashable, T] = {}
        self._keep: dict[Hashable, Any] = {}
        self._max = max_entries
        #: the shared value under a key, or None: the table's own `dict.get` (asked for every card of
        #: every Action Step of a search, so no Python call is spent on it)
        self.get: Callable[[Hashable], T | None] = self._opts.get

    def put(self, key: Hashable, keep: Any, option: T) -> T:
        """Remember `option` under `key`, holding `keep` (the definitions named by id in the key)."""
        if len(self._opts) >= self._max:
            self._opts.clear()  # in place: `get` stays bound to this table
            self._keep.clear()
        self._opts[key] = option
        self._keep[key] = keep
        return option

    def __len__(self) -> int:
        return len(self._opts)


class SharedOptions(Shared[Option]):
    """Shared Options, one table per kind of decision."""

    __slots__ = ()
