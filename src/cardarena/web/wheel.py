"""The aliens Affinity wheel as SVG data: ten affinities on a circle, each super-effective (+2 damage)
against the next two clockwise; Universal outside the wheel. Read from the game's own table
(`cardarena.games.aliens.pool`), so the picture cannot disagree with the engine."""

from __future__ import annotations

import math
from typing import Any


def wheel(size: int = 420) -> dict[str, Any]:
    from ..games.aliens.pool import WHEEL, beats

    c, r = size / 2, size / 2 - 60
    nodes: list[dict[str, Any]] = []
    for i, aff in enumerate(WHEEL):
        ang = -math.pi / 2 + 2 * math.pi * i / len(WHEEL)
        nodes.append({
            "name": aff, "x": round(c + r * math.cos(ang), 1), "y": round(c + r * math.sin(ang), 1),
            "beats": [d for d in WHEEL if beats(aff, d)],
            "weak_to": [a for a in WHEEL if beats(a, aff)],
        })
    pos = {n["name"]: n for n in nodes}
    arrows: list[dict[str, Any]] = []
    for n in nodes:
        for d in n["beats"]:
            a, b = n, pos[d]
            dx, dy = b["x"] - a["x"], b["y"] - a["y"]
            k = 26 / math.hypot(dx, dy)  # stop short of the circles
            arrows.append({"from": a["name"], "to": d, "x1": round(a["x"] + dx * k, 1), "y1": round(a["y"] + dy * k, 1),
                           "x2": round(b["x"] - dx * k, 1), "y2": round(b["y"] - dy * k, 1)})
    return {"size": size, "center": c, "nodes": nodes, "arrows": arrows}
