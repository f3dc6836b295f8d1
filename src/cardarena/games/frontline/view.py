"""One seat's observation (docs/architecture.md, Hidden information): everything public, its own hand, and counts for the rest.
A card the seat may not know never appears by name or instance id."""

from __future__ import annotations

from typing import Any

from .ladder import describe
from .state import FRONT, LADDER, TAC, FrontlineState
from .stats import attack_value, has_keyword, max_hp
from .text import card_text

_KW = ("cover", "pierce", "swift", "siphon", "bulwark", "relentless")


def card_view(st: FrontlineState, iid: int) -> dict[str, Any]:
    d = st.defs[iid]
    out: dict[str, Any] = {"card": d.id, "name": d.name, "kind": type(d).__name__.removesuffix("Card").lower(),
                           "cost": d.cost, "text": card_text(d)}
    if hasattr(d, "atk"):
        out.update(atk=d.atk, hp=d.hp)
    return out


def piece_view(st: FrontlineState, iid: int) -> dict[str, Any]:
    out = card_view(st, iid)
    out["hp_now"] = st.hp[iid]
    if st.is_unit(iid):
        out["atk_now"] = attack_value(st, iid)
        out["hp_max"] = max_hp(st, iid)
        out["keywords"] = [k for k in _KW if has_keyword(st, iid, k)]
        out["gear"] = [card_view(st, e) for e in st.gear.get(iid, ())]
        out["arrived"] = st.moved[iid] == st.turn and st.zone[iid] == FRONT
        out["immune"] = st.moved[iid] == st.turn and st.zone[iid] == TAC  # Physical Combat Immunity
        out["attacks"] = st.attacks.get(iid, 0)
    return out


def build_view(st: FrontlineState, seat: int) -> dict[str, Any]:
    players = []
    for p in (0, 1):
        pv: dict[str, Any] = {
            "seat": p,
            "lp": st.lp[p],
            "deck_count": len(st.deck[p]),
            "hand_count": len(st.hand[p]),
            "front": [None if i < 0 else piece_view(st, i) for i in st.front[p * 5: p * 5 + 5]],
            "tactical": [None if i < 0 else piece_view(st, i) for i in st.tac[p * 3: p * 3 + 3]],
            "command": None if st.command[p] < 0 else piece_view(st, st.command[p]),
            "fallen": [card_view(st, i) for i in st.fallen[p]],
        }
        # the cards both know (reclaimed in plain sight) come first, in every seat's view and without
        # their places in the hand: a known card moving up among hidden ones would tell that the card
        # just played sat before it (so when it was drawn); the same order for the owner keeps the
        # seats' lists aligned (the web's spectator view is their common part, entry by entry)
        known = sorted(i for i in st.hand[p] if i in st.revealed)
        rest = [i for i in st.hand[p] if i not in st.revealed]
        pv["hand"] = [card_view(st, i) for i in known]
        pv["hand"] += [card_view(st, i) for i in rest] if p == seat else [{"hidden": True}] * len(rest)
        players.append(pv)
    return {
        "game": "frontline",
        "format": st.config["format"],
        "seat": seat,
        "turn": st.turn,
        "phase": st.phase,
        "active": st.active,
        "first": st.first,
        "ladder": [describe(st, link) for link in st.links],
        # cards shown and being paid for, not on the Ladder yet (public: they left the hand face-up)
        "being_played": [card_view(st, i) for i in range(len(st.defs))
                         if st.zone[i] == LADDER and all(link[2] != i for link in st.links)],
        "players": players,
        "decision": st.decision_view(seat),
        "result": None if st.result is None else st.result.to_dict(),
    }
