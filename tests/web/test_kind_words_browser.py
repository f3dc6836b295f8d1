"""circuits Plan Kinds on the web board as the rulebook writes them ("Offense"): a face-down Plan of the
other seat shows its Kind marker capitalised, and so does the play-by-play, while the frame the page
gets keeps the lower-case value of the view (Debian's chromium, the fixtures of test_browser.py)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from .test_browser import CHROMIUM, browser, play_until, server, signed_in  # noqa: F401  (fixtures)

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"{CHROMIUM} is missing (scripts/test.sh installs Debian's chromium)")


def _their_face_down_plan(f: dict[str, Any]) -> bool:
    other = [pl for p in f["view"]["players"] if p["seat"] != f["seat"] for pl in p["plans"]]
    return any("card" not in pl and pl["kind"] for pl in other)


def test_a_face_down_plans_kind_is_capitalised_on_the_board(browser: Any, server: str) -> None:  # noqa: F811
    p: Any = signed_in(browser, server, "kinds")
    _, f = play_until(p, "circuits", _their_face_down_plan, seed=4)
    assert _their_face_down_plan(f)  # the frame: the view's lower-case Kinds, as bots read them
    kinds = {pl["kind"] for q in f["view"]["players"] if q["seat"] != f["seat"] for pl in q["plans"]
             if "card" not in pl}
    assert kinds <= {"offense", "defense", "utility"}
    plans = p.locator(f'#board .player[data-seat="{1 - f["seat"]}"] [data-zone="plans"] .card > b')
    shown = plans.all_text_contents()
    assert shown and set(shown) <= {"Offense", "Defense", "Utility"}, shown
    assert {k.capitalize() for k in kinds} <= set(shown)
    log = " ".join(p.locator("#log li").all_text_contents())
    assert re.search(r"plays a face-down (Offense|Defense|Utility) Plan", log)
    assert not re.search(r"face-down (offense|defense|utility) Plan", log)
