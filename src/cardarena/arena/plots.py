"""A contest's report as one picture (`cardarena contest report NAME --plot FILE.png`): each entry's
score with its Wilson 95% interval, its rating with the rating's uncertainty, and the win matrix as a
heat map. Drawn from `report.contest_report`'s data, so the picture and the tables never disagree."""

from __future__ import annotations

import io
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.errors import CardArenaError
from ..plotting import figure

if TYPE_CHECKING:
    from matplotlib.figure import Figure

#: longest entry label drawn (a `cmd:"..."` bot's label is its whole command)
LABEL = 28


def _plain(text: str) -> str:
    """Text drawn as typed: matplotlib reads `$...$` as mathematics (a name `$\\frac{$` failed to draw)."""
    return text.replace("$", r"\$")


def _label(row: dict[str, Any]) -> str:
    text = row["label"]
    if len(text) > LABEL:
        text = text[: LABEL - 1] + "…"
    return _plain(f"#{row['entry']} {text}")


def contest_figure(data: dict[str, Any]) -> Figure:
    """Scores, ratings and the win matrix of a contest report (entries in leaderboard order)."""
    board = list(data["leaderboard"])
    if not any(r["games"] for r in board):
        raise CardArenaError(f"contest {data['contest']['name']!r} has no finished game to plot yet")
    n = len(board)
    labels = [_label(r) for r in board]
    c = data["contest"]
    fig = figure(max(9.0, 3.0 + 1.6 * n), 2.6 + 0.45 * n + 1.0 + 0.75 * n)
    axes = fig.subplot_mosaic([["score", "rating"], ["matrix", "matrix"]],
                              height_ratios=[1.0 + 0.45 * n, 1.0 + 0.75 * n])
    fig.suptitle(f"{_plain(c['name'])}: {c['game']} ({c['game_format']}), {c['format']}, "
                 f"{data['games']['finished']} games")
    y = list(range(n))

    ax = axes["score"]
    rates = [r["rate"] if r["rate"] is not None else math.nan for r in board]
    # the interval's distance from the rate on each side (never below 0: at a rate of 0 or 1 the
    # interval's end is the rate up to rounding)
    lo = [max(0.0, r["rate"] - r["ci95"][0]) if r["rate"] is not None else 0.0 for r in board]
    hi = [max(0.0, r["ci95"][1] - r["rate"]) if r["rate"] is not None else 0.0 for r in board]
    ax.barh(y, rates, xerr=[lo, hi], color="#4c78a8", capsize=3)
    ax.axvline(0.5, color="#888", lw=1, ls="--")
    ax.set_yticks(y, [f"{lab}  {r['wins']}-{r['draws']}-{r['losses']}" for lab, r in zip(labels, board, strict=True)],
                  fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_title("score (W-D-L; draws count half)", fontsize=10)
    ax.set_xlabel("Wilson 95% interval")

    ax = axes["rating"]
    rated = [(k, r["rating"]) for k, r in enumerate(board) if r["rating"]]
    if rated:
        ax.errorbar([rt["mu"] for _, rt in rated], [k for k, _ in rated],
                    xerr=[2 * rt["sigma"] for _, rt in rated], fmt="o", color="#f58518", capsize=3)
        ax.plot([rt["ordinal"] for _, rt in rated], [k for k, _ in rated], "|", color="#54a24b",
                markersize=12, label="ordinal (μ − 3σ)")
        ax.legend(fontsize=8, loc="lower right")
    ax.set_yticks(y, [""] * n)
    ax.set_ylim(n - 0.5, -0.5)
    ax.set_title("rating μ ± 2σ", fontsize=10)
    ax.set_xlabel(data["rating_model"])

    ax = axes["matrix"]
    grid = [[math.nan if cell is None else cell["rate"] for cell in line] for line in data["matrix"]["cells"]]
    im = ax.imshow(grid, cmap="RdBu", vmin=0, vmax=1)
    for a, line in enumerate(data["matrix"]["cells"]):
        for b, cell in enumerate(line):
            if cell is not None:
                ax.text(b, a, f"{cell['rate']:.0%}\n{cell['score']:g}/{cell['games']}", ha="center",
                        va="center", fontsize=8, color="white" if abs(cell["rate"] - 0.5) > 0.3 else "black")
    ax.set_xticks(y, [f"#{r['entry']}" for r in board], fontsize=8)
    ax.set_yticks(y, labels, fontsize=8)
    ax.set_xlabel("against")
    ax.set_title("win matrix: the row's score against the column (score / games)", fontsize=10)
    fig.colorbar(im, ax=ax, label="row's score", shrink=0.8)
    return fig


def png(data: dict[str, Any]) -> bytes:
    """The contest's picture as PNG bytes (the web arena's contest page shows it)."""
    buf = io.BytesIO()
    contest_figure(data).savefig(buf, format="png")
    return buf.getvalue()


def write_plot(data: dict[str, Any], path: Path) -> None:
    """Write the contest's picture as a PNG at `path` (a new or replaced file; its folder must exist)."""
    if path.suffix.lower() != ".png":
        raise CardArenaError(f"--plot writes a PNG: give a file name ending in .png, not {path.name!r}")
    if not path.parent.is_dir():
        raise CardArenaError(f"cannot write {path}: the folder {path.parent} does not exist")
    picture = png(data)
    tmp = path.with_name(path.name + ".part")  # a failed write never leaves half a picture behind
    try:
        tmp.write_bytes(picture)
        tmp.replace(path)
    except OSError as e:
        tmp.unlink(missing_ok=True)
        raise CardArenaError(f"cannot write {path}: {e.strerror or e}") from e
