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

from collections.abc import Hashable
from typing import Any

from .engine import Option


class SharedOptions:
    """A bounded table of shared Options (cleared when full: a long-lived server may load card
    definitions more than once, and an entry keeps its definitions alive)."""

    __slots__ = ("_max", "_tab")

    def __init__(self, max_entries: int = 1 << 15) -> None:
        self._tab: dict[Hashable, tuple[Any, Option]] = {}
        self._max = max_entries

    def get(self, key: Hashable) -> Option | None:
        hit = self._tab.get(key)
        return None if hit is None else hit[1]

    def put(self, key: Hashable, keep: Any, option: Option) -> Option:
        """Remember `option` under `key`, holding `keep` (the definitions named by id in the key)."""
        if len(self._tab) >= self._max:
            self._tab.clear()
        self._tab[key] = (keep, option)
        return option

    def __len__(self) -> int:
        return len(self._tab)
