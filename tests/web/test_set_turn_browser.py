"""aliens set cards on the web board: each says on which turn it was set, the other seat's face-down
ones too (public: it decides whether a set card may answer as a Counter), with Debian's chromium."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .test_browser import CHROMIUM, browser, play_until, server, signed_in  # noqa: F401  (fixtures)

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"{CHROMIUM} is missing (scripts/test.sh installs Debian's chromium)")


def _their_set_turns(f: dict[str, Any]) -> list[int]:
    return [c["set_turn"] for p in f["view"]["players"] if p["seat"] != f["seat"] for c in p["command"]
            if c["face_down"] and "card" not in c]


def test_the_other_seats_set_cards_say_when_they_were_set(browser: Any, server: str) -> None:  # noqa: F811
    p: Any = signed_in(browser, server, "setturns")
    _, f = play_until(p, "aliens", lambda f: bool(_their_set_turns(f)), seed=3)
    turns = _their_set_turns(f)
    assert turns
    shown = " ".join(p.locator(f'#board .player[data-seat="{1 - f["seat"]}"] .card.back').all_text_contents())
    for t in turns:
        assert f"set on turn {t}" in shown, shown
