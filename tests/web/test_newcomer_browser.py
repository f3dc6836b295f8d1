"""What a newcomer read wrong on the board (a sweep of the web arena), checked in Debian's chromium
against a server on a free local port (the fixtures of test_browser.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .test_browser import CHROMIUM, browser, pw, server, signed_in  # noqa: F401  (the server and browser fixtures)

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                reason=f"{CHROMIUM} is missing (scripts/test.sh installs Debian's chromium)")


def _a_finished_match(p: object, game: str) -> int:
    p.goto(f"/watch?game={game}")  # type: ignore[attr-defined]
    p.select_option("select[name=p1]", "random")  # type: ignore[attr-defined]
    p.select_option("select[name=p2]", "random")  # type: ignore[attr-defined]
    p.fill("input[name=delay]", "0")  # type: ignore[attr-defined]
    p.click("#start-watch")  # type: ignore[attr-defined]
    p.wait_for_url(re.compile(r"/watch/\d+$"))  # type: ignore[attr-defined]
    link = p.locator("#watch-replay")  # type: ignore[attr-defined]
    pw.expect(link).to_be_visible(timeout=120000)
    return int(link.get_attribute("href").rsplit("/", 1)[1])


def test_a_ladder_link_names_its_seat_as_p1_or_p2_and_its_source_as_a_card(browser: object,  # noqa: F811
                                                                           server: str) -> None:  # noqa: F811
    # a frontline Ladder link read "Card · seat 0 · source Field Surgery · source_id A05": the seat
    # 0-based where the page says P1 and P2, a catalogue id, and a card name that could not be read
    p = signed_in(browser, server, "ladder")
    links: list[dict[str, object]] = []
    for _ in range(4):  # a match where some step has a link on the Ladder
        mid = _a_finished_match(p, "frontline")
        total = p.request.get(f"/api/replays/{mid}").json()["total"]  # type: ignore[attr-defined]
        for step in range(total):
            links = p.request.get(f"/api/replays/{mid}?step={step}").json()["view"]["ladder"]  # type: ignore[attr-defined]
            if links:
                break
        if links:
            break
    assert links, "no Ladder link in four matches"
    p.goto(f"/replays/{mid}?step={step}")  # type: ignore[attr-defined]
    ladder = p.locator('#board .zone.shared[data-zone="ladder"] .card')  # type: ignore[attr-defined]
    pw.expect(ladder).to_have_count(len(links))
    for box, link in zip(ladder.all(), links, strict=True):
        text = box.inner_text()
        assert f"P{int(link['seat']) + 1}" in text and "seat" not in text, text  # type: ignore[call-overload]
        assert "source_id" not in text and str(link["source_id"]) not in text, text
        source = box.locator("button.name", has_text=str(link["source"]))
        pw.expect(source).to_have_count(1)
    # the source reads like any card name
    ladder.first.locator("button.name").first.click()
    pw.expect(p.locator("#inspect h4")).to_contain_text(str(links[0]["source"]))  # type: ignore[attr-defined]
    # a card's fields read as words: "hp now 2", not the data's "hp_now 2" (a unit on a Front)
    for step in range(total):
        view = p.request.get(f"/api/replays/{mid}?step={step}").json()["view"]  # type: ignore[attr-defined]
        if any(c and "hp_now" in c for pl in view["players"] for c in pl["front"]):
            break
    p.goto(f"/replays/{mid}?step={step}")  # type: ignore[attr-defined]
    front = p.locator('#board [data-zone="front"] .card .stats')  # type: ignore[attr-defined]
    pw.expect(front.first).to_contain_text("hp now")
    assert not re.search(r"[a-z]_[a-z]", " ".join(front.all_inner_texts()))
    p.context.close()  # type: ignore[attr-defined]


def test_a_concession_reads_as_one_and_says_who_won_in_the_persons_words(browser: object,  # noqa: F811
                                                                         server: str) -> None:  # noqa: F811
    # conceding ended with "P2 wins: P1 forfeited": the word of an automaton's fault (the guide's
    # `conceded` words were never used on the web), and the person had to recall which seat was theirs
    p = signed_in(browser, server, "quitter")
    p.on("dialog", lambda d: d.accept())  # type: ignore[attr-defined]  # "Concede this game?"
    p.goto("/play?game=mastery")  # type: ignore[attr-defined]
    p.select_option("select[name=agent]", "random")  # type: ignore[attr-defined]
    p.click("#start")  # type: ignore[attr-defined]
    p.wait_for_url(re.compile(r"/play/\d+$"))  # type: ignore[attr-defined]
    p.locator("button.option:enabled").first.wait_for()  # type: ignore[attr-defined]
    p.click("#concede")  # type: ignore[attr-defined]
    status = p.locator("#status.over")  # type: ignore[attr-defined]
    pw.expect(status).to_contain_text(re.compile(r"^You lose\. P2 wins: P1 conceded \(after"))
    assert "forfeit" not in status.inner_text()
    # the dock's last move is the game's last move, not its "Result:" line again (which still says
    # "forfeited": the games narrate a forfeit without its reason)
    assert not p.locator("#last-move").text_content().startswith("Result:")  # type: ignore[attr-defined]
    # the replay tells it the same way, from every viewpoint
    p.click("#to-replay")  # type: ignore[attr-defined]
    p.wait_for_url(re.compile(r"/replays/\d+"))  # type: ignore[attr-defined]
    p.click("#last")  # type: ignore[attr-defined]
    pw.expect(p.locator("#status.over")).to_contain_text("P2 wins: P1 conceded")  # type: ignore[attr-defined]
    p.select_option("#seat", "spectator")  # type: ignore[attr-defined]
    pw.expect(p.locator("#status.over")).to_contain_text("P2 wins: P1 conceded")  # type: ignore[attr-defined]
    p.context.close()  # type: ignore[attr-defined]


def test_a_mastery_intercept_names_its_heroes(browser: object, server: str) -> None:  # noqa: F811
    # the Intercepts zone drew each intercept as two boxes reading "seat 0": the view names a Hero by
    # its seat and place ({seat, slot}), and the board showed neither Hero
    p = signed_in(browser, server, "guard")
    view: dict[str, list[dict[str, object]]] = {"intercepts": []}
    for _ in range(4):  # a match where some step has an intercept (most random matches do)
        mid = _a_finished_match(p, "mastery")
        total = p.request.get(f"/api/replays/{mid}").json()["total"]  # type: ignore[attr-defined]
        for step in range(total):
            view = p.request.get(f"/api/replays/{mid}?step={step}").json()["view"]  # type: ignore[attr-defined]
            if view["intercepts"]:
                break
        if view["intercepts"]:
            break
    assert view["intercepts"], "no intercept in four matches"
    heroes = {(h["seat"], h["slot"]): h["name"] for pl in view["players"] for h in pl["heroes"]}
    p.goto(f"/replays/{mid}?step={step}")  # type: ignore[attr-defined]
    zone = p.locator('#board .zone.shared[data-zone="intercepts"]')  # type: ignore[attr-defined]
    names = [heroes[(r["seat"], r["slot"])] for pair in view["intercepts"] for r in pair]
    pw.expect(zone.locator("button.name")).to_have_text(names)
    assert "seat" not in zone.inner_text()
    p.context.close()  # type: ignore[attr-defined]


def test_a_circuits_deck_is_built_from_nothing_in_the_builder(browser: object, server: str) -> None:  # noqa: F811
    # the builder kept only the game's leader list: a circuits deck's Armory (six Gear) could not be
    # made, a Gear's "+ 1" put it in the Action Deck ("it goes in armory"), and every circuits deck
    # built from nothing stayed a draft ("missing `armory = [...]`")
    import cardarena

    doc = cardarena.load_game("circuits").starter_decks()["cinder_oracle"].to_dict()
    p = signed_in(browser, server, "builder")
    p.goto("/decks/new?game=circuits")  # type: ignore[attr-defined]
    pw.expect(p.locator("#validation")).to_contain_text("the Armory has 0 Gear")  # type: ignore[attr-defined]

    def add(name: str) -> None:
        p.locator(f'#gallery .card[data-name="{name}"] button.add').click()  # type: ignore[attr-defined]

    for name in doc["heroes"] + doc["armory"]:
        add(name)
    armory = p.locator('ul.deck-list[data-list="armory"] li')  # type: ignore[attr-defined]
    pw.expect(armory).to_have_count(6)
    pw.expect(p.locator("#deck-cards li")).to_have_count(0)  # type: ignore[attr-defined]  # no Gear there
    for name, count in doc["cards"].items():
        for _ in range(count):
            add(name)
    p.fill("#deck-name", "From nothing")  # type: ignore[attr-defined]
    pw.expect(p.locator("#validation")).to_contain_text("Legal")  # type: ignore[attr-defined]
    p.click("#save")  # type: ignore[attr-defined]
    p.wait_for_url(re.compile(r"/decks/\d+$"))  # type: ignore[attr-defined]
    pw.expect(armory).to_have_count(6)  # kept, and shown again when the deck is opened
    p.goto("/decks")  # type: ignore[attr-defined]
    pw.expect(p.locator("#deck-list tr", has_text="From nothing")).to_contain_text("legal")  # type: ignore[attr-defined]
    p.context.close()  # type: ignore[attr-defined]
