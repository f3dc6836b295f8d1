"""One place for how cardarena draws figures: matplotlib's Agg back end (no display needed), loaded
only when a plot is made, so that commands without plots start fast. Used by the balance report
(sim/report.py) and the contest report (arena/plots.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from matplotlib.figure import Figure


def figure(w: float, h: float) -> Figure:
    """A figure of `w` x `h` inches at 100 dpi, laid out by matplotlib's constrained layout."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    return Figure(figsize=(w, h), dpi=100, layout="constrained")
