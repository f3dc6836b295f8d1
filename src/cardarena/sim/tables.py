"""The report's numbers as CSV files, for a spreadsheet or a notebook (docs/balance/README.md, "The
report"): one long table per kind, a `variant` column in each, every rate as its value, the bounds of
its Wilson 95% interval and its counts in columns of their own (the HTML page shows them as text)."""

from __future__ import annotations

import csv
import math
from pathlib import Path
from typing import Any

from .analysis import GameStats
from .stats import Diff, Rate

RATE = ["value", "lo95", "hi95", "k", "n"]


def _rate(r: Rate) -> list[Any]:
    lo, hi = r.interval
    return [_num(r.value), _num(lo), _num(hi), r.k, r.n]


def _num(x: float) -> str:
    """Empty for a rate of no games (a spreadsheet reads `nan` as text)."""
    return "" if math.isnan(x) else f"{x:.6g}"


def _diff(d: Diff) -> list[Any]:
    return [_num(d.diff), _num(d.lo), _num(d.hi), _num(d.p), "yes" if d.paired else "no"]


def write_tables(stats: list[GameStats], out: Path, key: Any) -> list[Path]:
    """Write `<game>-summary.csv`, `-matchups.csv`, `-cards.csv` and (with variants) `-variants.csv`
    in `out`; `key(gs)` names a game's files as its plots. Returns the files written."""
    written = []
    for gs in stats:
        name = key(gs)
        summary: list[list[Any]] = []
        matchups: list[list[Any]] = []
        cards: list[list[Any]] = []
        for v in gs.variants:
            measures = [(f"{label} wins", r) for label, r in v.players]
            measures += [(f"seat {s + 1} wins", r) for s, r in enumerate(v.seats)]
            measures += [("first player wins", v.first_player), ("draws", v.draws)]
            measures += [(f"ends by {k}", r) for k, r in v.reasons.items()]
            summary += [[gs.name, v.label, m, *_rate(r)] for m, r in measures]
            matchups += [[gs.name, v.label, x, y, *_rate(r)] for (x, y), r in sorted(v.matrix.items())]
            cards += [[gs.name, v.label, c.card, c.kind, c.seat_games,
                       *(_rate(c.played) if c.listed else [""] * len(RATE)), *_rate(c.win_played),
                       *_rate(c.win_unplayed), _num(c.mean_turn), c.outlier, "yes" if c.listed else "no"]
                      for c in v.cards]
        tables = {
            "summary": (["game", "variant", "measure", *RATE], summary),
            "matchups": (["game", "variant", "deck", "against", *RATE], matchups),
            "cards": (["game", "variant", "card", "kind", "seat_games", *(f"play_{c}" for c in RATE),
                       *(f"win_played_{c}" for c in RATE), *(f"win_unplayed_{c}" for c in RATE),
                       "first_play_turn", "outlier", "in_deck_lists"], cards),
        }
        if gs.comparisons:
            tables["variants"] = (["game", "variant", "baseline", "measure", "baseline_value", "variant_value",
                                   "difference", "lo95", "hi95", "p", "paired"],
                                  [[gs.name, c.label, c.baseline, m, a, b, *_diff(d)]
                                   for c in gs.comparisons for m, (a, b, d) in c.diffs.items()])
        for kind, (head, body) in tables.items():
            path = out / f"{name}-{kind}.csv"
            with path.open("w", newline="", encoding="utf-8") as f:
                w = csv.writer(f)
                w.writerow(head)
                w.writerows(body)
            written.append(path)
    return written
