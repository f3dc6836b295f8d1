"""Why a hand card is missing from the Action Step's options, in a person's words: the terminal lists
these under the options (`Ruleset.unplayable`). It explains `actions.legal_plays` and must agree
with it (tests/cli/test_newcomer_text.py checks that every card left out is named, and no other);
it reads only the seat's own hand and public facts."""

from __future__ import annotations

from .actions import legal_plays
from .choices import has_choices
from .schema import AssetCard, TacticCard, kind_word
from .state import CircuitsState


def unplayable(st: CircuitsState, seat: int) -> list[tuple[str, str]]:
    """(card name, why) for each hand card, once by card, that the Action Step does not offer now."""
    offered = {st.defs[i].name for i in legal_plays(st, seat)}
    kinds = {st.kind_of[i] for i in st.plans[seat] if i in st.kind_of and i not in st.delayed}
    rally = st.rally[seat]
    token = st.reserve == seat
    out: list[tuple[str, str]] = []
    for iid in st.distinct(st.hand[seat]):  # once by card
        d = st.defs[iid]
        if d.name in offered:
            continue
        if isinstance(d, TacticCard) and d.type == "reaction":
            why = "a Reaction: played only in a Response Window"  # rule circuits.7.12
        elif isinstance(d, TacticCard) and d.type == "combo" and "played_tactic" not in st.flags:
            why = "a Combo: play another Tactic first this turn"  # ruling circuits.gap.1
        elif isinstance(d, TacticCard) and d.type == "plan" and d.plan_kind in kinds:
            why = f"you already have a face-down {kind_word(d.plan_kind)} Plan: one of each Kind"  # ruling circuits.gap.27
        elif isinstance(d, TacticCard) and not has_choices(st, seat, d.effects):
            why = "nothing it could target now"
        elif isinstance(d, (TacticCard, AssetCard)):
            extra = " and your Reserve token" if token else ""
            why = f"costs {d.cost} Rally: you have {rally}{extra}"  # rule circuits.14.1
        else:
            why = "not played from hand"
        out.append((d.name, why))
    return out
