"""What a user saw wrong in the browser (a sweep of the web arena), each checked in Debian's chromium
against a server on a free local port (the fixtures of test_browser.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .test_browser import CHROMIUM, browser, pw, server, signed_in  # noqa: F401  (the server and browser fixtures)

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"{CHROMIUM} is missing (scripts/test.sh installs Debian's chromium)")


def test_an_empty_frontline_slot_is_drawn_empty_not_as_a_hidden_card(browser: object, server: str) -> None:  # noqa: F811
    # frontline's view gives an empty Front or Tactical slot as null: the board drew it as a card
    # back reading "hidden", so at the start both players seemed to hold 5 + 3 hidden cards in play
    p = signed_in(browser, server, "slots")
    p.goto("/play?game=frontline")  # type: ignore[attr-defined]
    p.fill("input[name=seed]", "3")  # type: ignore[attr-defined]
    p.click("#start")  # type: ignore[attr-defined]
    p.wait_for_url(re.compile(r"/play/\d+$"))  # type: ignore[attr-defined]
    pw.expect(p.locator("#status.mine")).to_be_visible()  # type: ignore[attr-defined]  # nothing moves now
    theirs = p.locator('#board .player[data-seat="1"]')  # type: ignore[attr-defined]
    pw.expect(theirs.locator('[data-zone="front"] .row > *')).to_have_count(5)
    frame = p.evaluate("async () => (await fetch('/api/play/' + location.pathname.split('/').pop())).json()")  # type: ignore[attr-defined]
    slots = frame["view"]["players"][1]["front"] + frame["view"]["players"][1]["tactical"]
    empty = sum(s is None for s in slots)
    assert empty > 0, "the opponent's slots are empty at the start"
    zones = theirs.locator('[data-zone="front"] .row > *, [data-zone="tactical"] .row > *')
    assert zones.locator("text=hidden").count() == 0  # type: ignore[attr-defined]
    assert theirs.locator('[data-zone="front"] .back, [data-zone="tactical"] .back').count() == 0
    assert theirs.locator(".empty-slot").count() == empty
    # a shared zone's title reads as words, and an empty one says so
    being = p.locator('#board .zone.shared[data-zone="being_played"] h4')  # type: ignore[attr-defined]
    pw.expect(being).to_have_text("being played")
    p.context.close()  # type: ignore[attr-defined]


def test_an_oversized_upload_is_refused_in_words_with_a_way_back(browser: object, server: str,  # noqa: F811
                                                                 tmp_path: Path) -> None:
    # a deck file over the body limit showed a blank page reading only "request body too large"
    p = signed_in(browser, server, "uploader")
    big = tmp_path / "big.toml"
    big.write_text("game = 'aliens'\nname = 'big'\n#" + "x" * 300_000 + "\n", encoding="utf-8")
    p.goto("/decks")  # type: ignore[attr-defined]
    p.set_input_files("input[type=file]", str(big))  # type: ignore[attr-defined]
    p.click('form[action="/decks/import"] button')  # type: ignore[attr-defined]
    pw.expect(p.locator("main .problem")).to_contain_text("at most 256 KiB")  # type: ignore[attr-defined]
    pw.expect(p.locator("main")).to_contain_text("Nothing was saved")  # type: ignore[attr-defined]
    assert p.locator("header a.brand").count() == 1  # type: ignore[attr-defined]  # the site, not a bare text
    p.click("text=Back")  # type: ignore[attr-defined]
    pw.expect(p.locator("main h1")).to_have_text("Your decks")  # type: ignore[attr-defined]
    pw.expect(p.locator("main")).to_contain_text("No deck yet")  # type: ignore[attr-defined]
    # a script gets the same words as JSON, like every other refusal
    r = p.request.post("/api/decks/check", data="x" * 300_000,  # type: ignore[attr-defined]
                       headers={"content-type": "application/json"})
    assert r.status == 413 and "at most 256 KiB" in r.json()["error"]
    p.context.close()  # type: ignore[attr-defined]


def test_pages_fit_a_phone_screen(browser: object, server: str) -> None:  # noqa: F811
    # at 390 px the game page kept its 380 px side column (the board squeezed to a strip, the options
    # cut off), and a format's long description widened the Play and Contests forms past the screen
    p = signed_in(browser, server, "phone", {"width": 390, "height": 900})
    p.goto("/play?game=aliens")  # type: ignore[attr-defined]
    wide = "() => document.documentElement.scrollWidth"
    assert p.evaluate(wide) <= 390  # type: ignore[attr-defined]
    p.click("#start")  # type: ignore[attr-defined]
    p.wait_for_url(re.compile(r"/play/\d+$"))  # type: ignore[attr-defined]
    pw.expect(p.locator("button.option").first).to_be_visible()  # type: ignore[attr-defined]
    assert p.evaluate(wide) <= 390  # type: ignore[attr-defined]
    board = p.locator("#board").bounding_box()  # type: ignore[attr-defined]
    side = p.locator(".side").bounding_box()  # type: ignore[attr-defined]
    assert board["width"] > 300 and side["width"] > 300 and side["y"] >= board["y"] + board["height"] - 1
    for url in ("/contests?game=aliens", "/decks/new?game=aliens", "/replays", "/"):
        p.goto(url)  # type: ignore[attr-defined]
        assert p.evaluate(wide) <= 390, url  # type: ignore[attr-defined]
    p.context.close()  # type: ignore[attr-defined]


def test_a_finished_game_offers_the_next_one_and_no_concede(browser: object, server: str) -> None:  # noqa: F811
    # after the result the Concede button still asked "Concede this game?" (and did nothing), and the
    # page offered only the replay: no way to start another game from it
    p = signed_in(browser, server, "quitter")
    p.on("dialog", lambda d: d.accept())  # type: ignore[attr-defined]
    p.goto("/play?game=circuits")  # type: ignore[attr-defined]
    p.click("#start")  # type: ignore[attr-defined]
    p.wait_for_url(re.compile(r"/play/\d+$"))  # type: ignore[attr-defined]
    pw.expect(p.locator("button.option").first).to_be_visible()  # type: ignore[attr-defined]
    p.click("#concede")  # type: ignore[attr-defined]
    pw.expect(p.locator("#status.over")).to_contain_text("P1 conceded")  # type: ignore[attr-defined]
    pw.expect(p.locator("#concede")).to_be_disabled()  # type: ignore[attr-defined]
    pw.expect(p.locator("#auto-pass")).to_be_disabled()  # type: ignore[attr-defined]
    p.click("#new-game")  # type: ignore[attr-defined]
    p.wait_for_url(re.compile(r"/play\?game=circuits$"))  # type: ignore[attr-defined]
    pw.expect(p.locator("#start")).to_be_visible()  # type: ignore[attr-defined]
    p.context.close()  # type: ignore[attr-defined]


def test_a_spectator_sees_hidden_hand_cards_as_card_backs(browser: object, server: str) -> None:  # noqa: F811
    # the spectator's view keeps of a card in hand only {} (the seats agree on nothing else of it):
    # the board drew six blank boxes for each frontline hand, not cards it cannot see
    p = signed_in(browser, server, "onlooker")
    p.on("dialog", lambda d: d.accept())  # type: ignore[attr-defined]
    p.goto("/play?game=frontline")  # type: ignore[attr-defined]
    p.click("#start")  # type: ignore[attr-defined]
    p.wait_for_url(re.compile(r"/play/\d+$"))  # type: ignore[attr-defined]
    pw.expect(p.locator("button.option").first).to_be_visible()  # type: ignore[attr-defined]
    p.click("#concede")  # type: ignore[attr-defined]
    p.click("#to-replay")  # type: ignore[attr-defined]
    p.wait_for_url(re.compile(r"/replays/\d+"))  # type: ignore[attr-defined]
    pw.expect(p.locator('#board .player[data-seat="0"] [data-zone="hand"] button.name').first).to_be_visible()  # type: ignore[attr-defined]
    p.select_option("#seat", "spectator")  # type: ignore[attr-defined]
    pw.expect(p.locator('#board .player[data-seat="0"] [data-zone="hand"] button.name')).to_have_count(0)  # type: ignore[attr-defined]
    hand = p.locator('#board .player[data-seat="0"] [data-zone="hand"] .row > *')  # type: ignore[attr-defined]
    pw.expect(hand.first).to_be_visible()
    n = hand.count()
    assert n >= 5
    pw.expect(p.locator('#board .player[data-seat="0"] [data-zone="hand"] .card.back')).to_have_count(n)  # type: ignore[attr-defined]
    p.context.close()  # type: ignore[attr-defined]


def test_a_replay_shows_the_last_step_asked_for_not_the_last_answer(browser: object, server: str) -> None:  # noqa: F811
    # each click on Forward (or a seat change) asks the server for a frame; a slow answer to an earlier
    # click arriving last was drawn over the newer one: the board showed step 1 after Last was clicked
    p = signed_in(browser, server, "stepper")
    p.on("dialog", lambda d: d.accept())  # type: ignore[attr-defined]
    p.goto("/play?game=aliens")  # type: ignore[attr-defined]
    p.click("#start")  # type: ignore[attr-defined]
    p.wait_for_url(re.compile(r"/play/\d+$"))  # type: ignore[attr-defined]
    for n in range(1, 4):  # a few steps to step through
        pw.expect(p.locator("#status.mine")).to_be_visible()  # type: ignore[attr-defined]
        p.locator("button.option:enabled").last.click()  # type: ignore[attr-defined]
        p.wait_for_function(f"() => document.querySelectorAll('#log li').length > {n}")  # type: ignore[attr-defined]
    pw.expect(p.locator("#status.mine")).to_be_visible()  # type: ignore[attr-defined]
    p.click("#concede")  # type: ignore[attr-defined]
    p.click("#to-replay")  # type: ignore[attr-defined]
    p.wait_for_url(re.compile(r"/replays/\d+"))  # type: ignore[attr-defined]
    pw.expect(p.locator("#where")).to_contain_text("step 0 /")  # type: ignore[attr-defined]
    total = int(p.locator("#where").text_content().split("/")[1])  # type: ignore[attr-defined]
    assert total >= 2
    # the server answers step 1 slowly
    p.evaluate("""() => { const f = window.fetch; window.fetch = (u, i) => String(u).includes("step=1&")
                    ? new Promise((r) => setTimeout(r, 1500)).then(() => f(u, i)) : f(u, i); }""")  # type: ignore[attr-defined]
    p.click("#forward")  # type: ignore[attr-defined]
    p.click("#last")  # type: ignore[attr-defined]
    pw.expect(p.locator("#where")).to_have_text(f"step {total} / {total}")  # type: ignore[attr-defined]
    p.wait_for_timeout(2500)  # type: ignore[attr-defined]  # the late answer to step 1 has come by now
    pw.expect(p.locator("#where")).to_have_text(f"step {total} / {total}")  # type: ignore[attr-defined]
    pw.expect(p.locator("#status.over")).to_be_visible()  # type: ignore[attr-defined]
    p.context.close()  # type: ignore[attr-defined]


def test_pages_log_no_console_error(browser: object, server: str) -> None:  # noqa: F811
    # every page logged "Failed to load resource: 404" in the console: the browser's /favicon.ico
    ctx = browser.new_context(base_url=server)  # type: ignore[attr-defined]
    p = ctx.new_page()
    errors: list[str] = []
    p.on("console", lambda m: errors.append(f"{m.text} ({p.url})") if m.type == "error" else None)
    p.on("pageerror", lambda e: errors.append(f"{e} ({p.url})"))
    for url in ("/", "/signup", "/learn/aliens", "/learn/mastery/cards", "/decks", "/decks/new?game=circuits", "/play",
                "/watch", "/replays", "/contests", "/bots"):
        p.goto(url)  # type: ignore[attr-defined]
        p.wait_for_load_state("networkidle")  # type: ignore[attr-defined]
        p.wait_for_timeout(300)  # type: ignore[attr-defined]  # the icon is asked for after the load
    assert not errors
    p.context.close()  # type: ignore[attr-defined]


def test_a_keyboard_player_answers_decision_after_decision_with_enter(browser: object, server: str) -> None:  # noqa: F811
    # after a move the focus fell back to the page: the next option was some 26 Tabs away, past every
    # card name on the board, at every decision
    p = signed_in(browser, server, "keys")
    p.goto("/play?game=mastery")  # type: ignore[attr-defined]
    p.click("#start")  # type: ignore[attr-defined]
    p.wait_for_url(re.compile(r"/play/\d+$"))  # type: ignore[attr-defined]
    pw.expect(p.locator("#status.mine")).to_be_visible()  # type: ignore[attr-defined]
    focused = "() => document.activeElement.matches('#decision button.option')"
    p.wait_for_function(focused)  # type: ignore[attr-defined]  # the first decision already has the focus
    for _ in range(3):
        before = p.locator("#log li").count()  # type: ignore[attr-defined]
        p.keyboard.press("Enter")  # type: ignore[attr-defined]
        p.wait_for_function(f"() => document.querySelectorAll('#log li').length > {before}")  # type: ignore[attr-defined]
        pw.expect(p.locator("#status.mine")).to_be_visible(timeout=30000)  # type: ignore[attr-defined]
        p.wait_for_function(focused)  # type: ignore[attr-defined]
    p.context.close()  # type: ignore[attr-defined]


def test_the_decision_panel_says_why_a_hand_card_is_not_an_option(browser: object, server: str) -> None:  # noqa: F811
    # the terminal's "Not playable now" lines (Ruleset.unplayable): a frontline Reaction in hand is never a
    # Main Phase play, and the page used to leave it out without a word
    p = signed_in(browser, server, "why-not")
    p.goto("/play?game=frontline")  # type: ignore[attr-defined]
    p.select_option("select[name=agent]", "random")  # type: ignore[attr-defined]
    p.fill("input[name=seed]", "3")  # type: ignore[attr-defined]
    p.click("#start")  # type: ignore[attr-defined]
    p.wait_for_url(re.compile(r"/play/\d+$"))  # type: ignore[attr-defined]
    why = p.locator("#decision .unplayable li")  # type: ignore[attr-defined]
    for _ in range(40):  # answer with the last option (end the phase) until a hand card is left out
        pw.expect(p.locator("button.option").last).to_be_enabled()  # type: ignore[attr-defined]
        if why.count():
            break
        p.locator("button.option").last.click()  # type: ignore[attr-defined]
    assert why.count() > 0
    frame = p.evaluate("async () => (await fetch('/api/play/' + location.pathname.split('/').pop())).json()")  # type: ignore[attr-defined]
    shown = [t.strip() for t in why.all_inner_texts()]  # type: ignore[attr-defined]
    assert shown == [f"{name}: {reason}" for name, reason in frame["unplayable"]]
    p.context.close()  # type: ignore[attr-defined]


def test_a_target_in_a_mirror_match_marks_only_the_side_it_names(browser: object, server: str) -> None:  # noqa: F811
    # both squads field Sporemother Yth (creeping_rot against event_horizon): "P2's Sporemother Yth" marked
    # both copies as the legal target, since options were matched to cards by name alone
    p = signed_in(browser, server, "mirror")
    p.goto("/play?game=aliens")  # type: ignore[attr-defined]
    p.select_option("select[name=agent]", "random")  # type: ignore[attr-defined]
    p.select_option("select[name=theirs]", "starter:event_horizon")  # type: ignore[attr-defined]
    p.fill("input[name=seed]", "3")  # type: ignore[attr-defined]
    p.click("#start")  # type: ignore[attr-defined]
    p.wait_for_url(re.compile(r"/play/\d+$"))  # type: ignore[attr-defined]
    aimed = p.locator("button.option", has_text="P2's Sporemother Yth")  # type: ignore[attr-defined]
    for _ in range(60):  # take the first option (a play, then its target) until such a target is offered
        pw.expect(p.locator("button.option").first).to_be_enabled()  # type: ignore[attr-defined]
        if aimed.count():
            break
        p.locator("button.option").first.click()  # type: ignore[attr-defined]
    assert aimed.count() == 1
    mine = p.locator('#board .player[data-seat="0"] .card', has_text="Sporemother Yth")  # type: ignore[attr-defined]
    theirs = p.locator('#board .player[data-seat="1"] .card', has_text="Sporemother Yth")  # type: ignore[attr-defined]
    assert mine.count() == 1 and theirs.count() == 1
    aimed.hover()
    pw.expect(theirs).to_have_class(re.compile(r"\baimed\b"))
    assert "aimed" not in (mine.get_attribute("class") or "")
    p.context.close()  # type: ignore[attr-defined]
