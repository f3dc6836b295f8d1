"""Read back the `--out` files of bench/bench_agents.py: each run's figure, and two runs compared game by game.

    .venv/bin/python bench/runs.py new.jsonl                 # each run in the file: score, Wilson 95%, games
    .venv/bin/python bench/runs.py new.jsonl old.jsonl       # the same, then the games both played, paired

A file may hold several runs (`--out` appends); a run is the lines with the same game and specs.
Games with the same index had the same deal, decks and seats, so two runs are compared on the games
both played: how many the first did better, worse or the same in, and the two-sided sign test of
better against worse (exact binomial). docs/search.md records the figures this prints.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

from cardarena.sim.stats import wilson

Run = dict[int, float]  # game index -> A's score (1, 0.5 or 0)


def load(path: str) -> dict[tuple[str, str, str], Run]:
    """The runs of one `--out` file, by (game, A's spec, B's spec); a game played twice keeps its last line."""
    runs: dict[tuple[str, str, str], Run] = {}
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise SystemExit(f"{path}: cannot read it ({e.strerror})") from None
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            # a mirror run (both seats one starter) played other games under the same indices
            game = str(row["game"]) + (" (mirror)" if row.get("decks") == "mirror" else "")
            key = (game, str(row["a"]), str(row["b"]))
            runs.setdefault(key, {})[int(row["index"])] = float(row["score"])
        except (ValueError, KeyError, TypeError) as e:
            raise SystemExit(f"{path}:{n}: not a line of bench_agents.py --out ({e})") from None
    return runs


def spans(indices: list[int]) -> str:
    """Sorted game indices as ranges: 200–239, 280–299."""
    out: list[list[int]] = []
    for i in indices:
        if out and i == out[-1][1] + 1:
            out[-1][1] = i
        else:
            out.append([i, i])
    return ", ".join(f"{lo}–{hi}" if hi > lo else str(lo) for lo, hi in out)


def figure(run: Run) -> str:
    n = len(run)
    score = sum(run.values())
    lo, hi = wilson(round(score), n)
    return f"{score:g}/{n} = {score / n:.0%} [{lo:.0%}, {hi:.0%}] (games {spans(sorted(run))})"


def sign_test(better: int, worse: int) -> float:
    """Two-sided exact p-value that better and worse are equally likely (ties left out)."""
    n = better + worse
    if n == 0:
        return 1.0
    k = min(better, worse)
    tail = sum(math.comb(n, i) for i in range(k + 1)) / 2**n
    return min(1.0, 2 * tail)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="+", help="--out files of bench_agents.py; with two, their runs are compared")
    a = ap.parse_args()
    if len(a.files) > 2:
        ap.error("give one file, or two to compare")
    loaded = [load(f) for f in a.files]
    for path, runs in zip(a.files, loaded, strict=True):
        if not runs:
            print(f"{path}: no games")
        for (game, spec_a, spec_b), run in runs.items():
            print(f"{path}: {game} {spec_a} vs {spec_b}: {figure(run)}")
    if len(loaded) == 2:
        for ka, ra in loaded[0].items():
            for kb, rb in loaded[1].items():
                if ka[0] != kb[0]:
                    continue
                both = sorted(set(ra) & set(rb))
                if not both:
                    continue
                better = sum(1 for i in both if ra[i] > rb[i])
                worse = sum(1 for i in both if ra[i] < rb[i])
                print(f"paired, {ka[0]} games {spans(both)}: {ka[1]} vs {ka[2]} scored {sum(ra[i] for i in both):g}, "
                      f"{kb[1]} vs {kb[2]} scored {sum(rb[i] for i in both):g}; the first better in {better} games, "
                      f"worse in {worse}, the same in {len(both) - better - worse} (sign test p = "
                      f"{sign_test(better, worse):.2f})")


if __name__ == "__main__":
    main()
