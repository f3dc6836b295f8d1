"""A contest's results as plain data (for the terminal, `--json` and the web arena): the leaderboard,
the win matrix with confidence intervals, the ratings and the faults."""

from __future__ import annotations

import math
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session, selectinload

from ..core.errors import CardArenaError
from . import runlock
from .contest import (
    WITHDRAWN,
    WITHDRAWN_GAME,
    contest_cards,
    contest_game,
    games_to_play,
    get_contest,
    rated_games,
    swiss_standings,
    withdrawn_entries,
)
from .models import Contest, Match, MatchSeat
from .ratings import MODEL, compute_ratings
from .runner import OK

#: two-sided 95% normal quantile
Z95 = 1.959963984540054


def wilson(score: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a rate `score / n` (draws count one half)."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def cards_of(c: Contest) -> dict[str, Any] | None:
    """The card files a contest plays with: their names, the hash of their texts and what they change
    (`changes`, as `cardarena match --cards` says it); None: the package's cards."""
    files = contest_cards(c)
    if files is None:
        return None
    try:
        changes = contest_game(c).cards_line()
    except CardArenaError as e:  # a later cardarena whose cards the files no longer fit
        changes = f"cards: {files.label} — cannot be loaded now: {e}"
    return {"files": files.names, "sha256": files.sha256, "changes": changes}


def contest_report(s: Session, name: str) -> dict[str, Any]:
    c = get_contest(s, name)
    entries = {e.id: e for e in c.entries}
    gone = withdrawn_entries(c)
    rows: dict[int, dict[str, Any]] = {
        e.id: {"entry": e.number, "label": e.label, "agent": e.agent, "deck": e.deck_name,
               "withdrawn": e.id in gone, "games": 0,
               "wins": 0, "draws": 0, "losses": 0, "score": 0.0, "faults": {},
               "thinking": {"seconds": 0.0, "decisions": 0, "longest": 0.0}} for e in c.entries}
    pair: dict[tuple[int, int], list[float]] = {}  # (a, b) -> [a's score, games]
    reasons: dict[str, int] = {}
    faults: list[dict[str, Any]] = []
    errors: list[dict[str, Any]] = []
    played: list[dict[str, Any]] = []  # every finished game, for `contest replay NAME MATCH_ID`
    q = (select(Match).where(Match.contest_id == c.id, Match.status.in_(("finished", "error")))
         .order_by(Match.round, Match.pairing, Match.game_no).options(selectinload(Match.seats)))
    for m in s.scalars(q):
        if m.status == "error":
            errors.append({"match": m.id, "round": m.round, "error": (m.error or "").strip().splitlines()[-1:]})
            continue
        reasons[m.reason or "?"] = reasons.get(m.reason or "?", 0) + 1
        seats = sorted(m.seats, key=lambda x: x.seat)
        played.append({"match": m.id, "round": m.round,
                       "entries": [rows[x.entry_id or 0]["label"] for x in seats],
                       "winners": [rows[x.entry_id or 0]["label"] for x in seats if x.score == 1.0],
                       "reason": m.reason, "turns": m.turns})
        for seat in m.seats:
            r = rows[seat.entry_id or 0]
            sc = seat.score or 0.0
            r["games"] += 1
            r["score"] += sc
            r["wins" if sc == 1.0 else "losses" if sc == 0.0 else "draws"] += 1
            if seat.decisions is not None:  # timed games (every game since migration 0005)
                th = r["thinking"]
                th["seconds"] += seat.seconds or 0.0
                th["decisions"] += seat.decisions
                th["longest"] = max(th["longest"], seat.longest or 0.0)
            if seat.status and seat.status != OK:
                r["faults"][seat.status] = r["faults"].get(seat.status, 0) + 1
                faults.append({"match": m.id, "entry": r["label"], "status": seat.status, "fault": seat.fault})
            for other in m.seats:
                if other.seat != seat.seat:
                    cell = pair.setdefault((seat.entry_id or 0, other.entry_id or 0), [0.0, 0])
                    # a seat's share against one opponent: 1 above it, 1/2 tied, 0 below
                    cell[0] += 1.0 if (seat.place or 0) < (other.place or 0) else 0.5 if seat.place == other.place else 0.0
                    cell[1] += 1
    # computed afresh (it is cheap), so a report taken while the contest runs is current too
    ratings = compute_ratings(list(entries), rated_games(s, c))
    swiss = {st.number: st for st in swiss_standings(s, c)} if c.pairing == "swiss" else {}
    for eid, r in rows.items():
        lo, hi = wilson(r["score"], r["games"])
        r["rate"] = r["score"] / r["games"] if r["games"] else None
        th = r["thinking"]
        th["mean"] = th["seconds"] / th["decisions"] if th["decisions"] else None
        r["ci95"] = [lo, hi]
        rt = ratings.get(eid)
        r["rating"] = None if rt is None else {"mu": rt.mu, "sigma": rt.sigma, "ordinal": rt.ordinal}
        if swiss:
            st = swiss[entries[eid].number]
            r["match_points"] = st.points
            r["buchholz"] = sum(swiss[o].points for o in st.opponents)
            r["byes"] = int(st.had_bye)

    def key(eid: int) -> tuple[float, ...]:
        r = rows[eid]
        ordinal = r["rating"]["ordinal"] if r["rating"] else 0.0
        # an entry that played no game (withdrawn before its first) has no standing: it ranks after
        # every entry that played, not above one that lost every game
        unplayed = float(r["games"] == 0)
        if swiss:
            return (unplayed, -r["match_points"], -r["buchholz"], -r["score"], -ordinal, r["entry"])
        return (unplayed, -(r["rate"] or 0.0), -ordinal, r["entry"])

    order = sorted(rows, key=key)
    board = []
    for rank, eid in enumerate(order, 1):
        board.append({"rank": rank, **rows[eid]})
    matrix = []
    for a in order:
        line: list[dict[str, Any] | None] = []
        for b in order:
            vs = pair.get((a, b))
            if vs is None:
                line.append(None)
                continue
            lo, hi = wilson(vs[0], int(vs[1]))
            line.append({"score": vs[0], "games": int(vs[1]), "rate": vs[0] / vs[1], "ci95": [lo, hi]})
        matrix.append(line)
    return {
        "contest": {"name": c.name, "game": c.game, "game_format": c.game_format, "rules": c.rules,
                    "format": c.pairing, "games_per_pairing": c.games_per_pairing, "rounds": c.rounds,
                    "seed": c.seed, "time_control": c.time_control, "status": c.status,
                    "engine_version": c.engine_version, "owner": c.owner, "cards": cards_of(c)},
        "games": {"finished": sum(reasons.values()), "errors": len(errors),
                  "expected": games_to_play(s, c) if c.status != "open" else None,
                  "withdrawn": _counts(s, c.id).get(WITHDRAWN_GAME, 0), "reasons": reasons},
        "rating_model": MODEL,
        "leaderboard": board,
        "matrix": {"entries": [rows[e]["label"] for e in order], "cells": matrix},
        "faults": faults,
        "errors": errors,
        "matches": played,
    }


def _counts(s: Session, contest_id: int) -> dict[str, int]:
    q = (select(Match.status, func.count()).where(Match.contest_id == contest_id).group_by(Match.status))
    return {status: n for status, n in s.execute(q).all()}


def contest_status(s: Session, name: str) -> dict[str, Any]:
    """Where a contest stands: entries, games written and to come, faults so far."""
    c = get_contest(s, name)
    counts = _counts(s, c.id)
    gone = withdrawn_entries(c)
    fq = (select(MatchSeat.status, func.count()).join(Match).where(Match.contest_id == c.id,
                                                                   MatchSeat.status.is_not(None),
                                                                   MatchSeat.status.not_in((OK, WITHDRAWN)))
          .group_by(MatchSeat.status))
    # the round being played: the first with a game still to play, else the last one
    rnd = (s.scalar(select(func.min(Match.round)).where(Match.contest_id == c.id, Match.status == "scheduled"))
           or s.scalar(select(func.max(Match.round)).where(Match.contest_id == c.id)))
    return {
        "name": c.name, "game": c.game, "game_format": c.game_format, "rules": c.rules, "format": c.pairing,
        "games_per_pairing": c.games_per_pairing, "rounds": c.rounds, "round": rnd, "status": c.status,
        "seed": c.seed, "time_control": c.time_control, "owner": c.owner, "cards": cards_of(c),
        # a run plays it now (a "running" contest whose run was stopped is not being played)
        "playing": runlock.is_playing(s, c.id),
        "entries": [{"entry": e.number, "label": e.label, "agent": e.agent, "deck": e.deck_name,
                     "withdrawn": e.id in gone} for e in c.entries],
        "games": {"finished": counts.get("finished", 0), "errors": counts.get("error", 0),
                  "scheduled": counts.get("scheduled", 0), "byes": counts.get("bye", 0),
                  "withdrawn": counts.get(WITHDRAWN_GAME, 0),
                  "expected": games_to_play(s, c) if c.status != "open" else None},
        "faults": {status: n for status, n in s.execute(fq).all()},
    }


def list_contests(s: Session) -> list[dict[str, Any]]:
    out = []
    for c in s.scalars(select(Contest).order_by(Contest.id).options(selectinload(Contest.entries))):
        counts = _counts(s, c.id)
        out.append({"name": c.name, "game": c.game, "format": c.pairing, "entries": len(c.entries),
                    "status": c.status, "finished": counts.get("finished", 0) + counts.get("error", 0),
                    "expected": games_to_play(s, c) if c.status != "open" else None})
    return out
