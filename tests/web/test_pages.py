"""Learn pages (guide, glossary, gallery filters, the Affinity wheel), Watch over SSE, Contests."""

from __future__ import annotations

import json
import time

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

import cardarena
from cardarena.games.aliens.pool import WHEEL, beats
from cardarena.guide import load_guide

from .conftest import make_client, signup


@pytest.mark.parametrize("path", ["/", "/learn/aliens", "/decks", "/watch", "/replays", "/contests"])
def test_each_page_is_titled_by_what_it_shows(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code == 200, path
    title = r.text.split("<title>", 1)[1].split("</title>", 1)[0]
    assert title.endswith(" · cardarena") and title != "cardarena · cardarena", title


@pytest.mark.parametrize("game", cardarena.core.registry.game_ids())
def test_learn_pages_show_the_guide_and_every_card(client: TestClient, game: str) -> None:
    g = cardarena.load_game(game)
    guide = load_guide(game)
    page = client.get(f"/learn/{game}").text
    for s in guide.sections:
        assert s.title.replace("'", "&#39;") in page
    for term in list(guide.terms)[:5]:
        assert term in page
    cards = client.get(f"/learn/{game}/cards").text
    assert cards.count('<article class="card"') == len(g.card_names())
    # the server filters too: a search link works without scripts
    name = g.card_names()[0]
    filtered = client.get(f"/learn/{game}/cards", params={"q": name}).text
    shown = filtered.count('<article class="card" ') - filtered.count("hidden>")
    assert 1 <= shown < len(g.card_names())


def test_the_affinity_wheel_is_the_engines(client: TestClient) -> None:
    page = client.get("/learn/aliens").text
    assert page.count('class="aff"') == len(WHEEL)
    for a in WHEEL:
        want = ",".join(d for d in WHEEL if beats(a, d))
        assert f'data-aff="{a}" data-beats="{want}"' in page
    assert 'data-aff="Universal" data-beats=""' in page
    assert "wheel" not in client.get("/learn/circuits").text.split("<main>")[1]  # aliens only


def test_try_it_starts_a_game_against_random(client: TestClient) -> None:
    tok = signup(client, "ada")
    r = client.post("/learn/aliens/try", data={"csrf": tok}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].startswith("/play/")
    gid = int(r.headers["location"].rsplit("/", 1)[1])
    assert client.get(f"/api/play/{gid}").json()["game"] == "aliens"


def test_watch_streams_a_match_to_its_end_and_stores_it(client: TestClient) -> None:
    tok = signup(client, "ada")
    s = sorted(cardarena.load_game("aliens").starter_decks())
    r = client.post("/watch", data={"game": "aliens", "p1": "random", "p2": "random", "deck1": f"starter:{s[0]}",
                                    "deck2": f"starter:{s[1]}", "delay": "0", "csrf": tok}, follow_redirects=False)
    assert r.status_code == 303
    wid = int(r.headers["location"].rsplit("/", 1)[1])
    assert client.get(f"/watch/{wid}").status_code == 200
    frames = []
    with client.stream("GET", f"/api/watch/{wid}/stream", params={"seat": "spectator"}) as resp:
        for line in resp.iter_lines():
            if line.startswith("data: ") and line != "data: {}":
                frames.append(json.loads(line[6:]))
            if line == "event: end":
                break
    last = frames[-1]
    assert last["result"] is not None and last["match_id"] and last["seat"] is None
    assert all("options" not in (f["decision"] or {}) for f in frames)  # a spectator sees no options
    rec = client.get(f"/replays/{last['match_id']}/download").json()
    assert rec["agents"] == ["random", "random"]


def test_a_contest_runs_and_shows_its_leaderboard(client: TestClient) -> None:
    tok = signup(client, "ada")
    s = sorted(cardarena.load_game("aliens").starter_decks())
    form = {"csrf": tok, "game": "aliens", "name": "club night", "pairing": "round-robin", "games": "2",
            "agent0": "random", "deck0": f"starter:{s[0]}", "agent1": "random", "deck1": f"starter:{s[1]}"}
    r = client.post("/contests", data=form, follow_redirects=False)
    assert r.status_code == 303, r.text
    r = client.post("/contests/club night/run", data={"csrf": tok}, follow_redirects=False)
    assert r.status_code == 303
    end = time.monotonic() + 120
    while 'data-status="finished"' not in (page := client.get("/contests/club night").text) or 'data-running="yes"' in page:
        assert time.monotonic() < end
        time.sleep(0.1)
    assert page.count("/replays/") == 2
    board = page.split('id="leaderboard"')[1].split("</table>")[0]
    assert board.count("<tr><td>") == 2 and board.count("random:") == 2
    matrix = page.split('id="win-matrix"')[1].split("</table>")[0]
    assert matrix.count("<tr><td>") == 2 and matrix.count("of 2</small>") == 2  # each pairing's 2 games
    assert 'id="contest-picture"' in page
    r = client.get("/contests/club night/report.png")
    assert r.status_code == 200 and r.headers["content-type"] == "image/png"
    assert r.content[:8] == b"\x89PNG\r\n\x1a\n"
    assert client.get("/contests/club night/report.png").content == r.content  # drawn once, kept
    assert client.get("/contests/no such/report.png").status_code == 404
    assert client.get("/contests").status_code == 200


def test_only_the_maker_of_a_contest_may_run_it(db: str) -> None:
    """Running a contest spends the server's CPU on someone's entries: any signed-in user could once
    start anyone's contest."""
    s = sorted(cardarena.load_game("aliens").starter_decks())
    with make_client(db) as ada:
        tok = signup(ada, "ada")
        form = {"csrf": tok, "game": "aliens", "name": "ada's night", "pairing": "round-robin", "games": "2",
                "agent0": "random", "deck0": f"starter:{s[0]}", "agent1": "random", "deck1": f"starter:{s[1]}"}
        assert ada.post("/contests", data=form, follow_redirects=False).status_code == 303
        assert 'id="run-contest"' in ada.get("/contests/ada's night").text and "made by ada" in ada.get(
            "/contests/ada's night").text
    with make_client(db) as bob:
        tok = signup(bob, "bob")
        page = bob.get("/contests/ada's night").text
        assert 'id="run-contest"' not in page and "made by ada" in page
        r = bob.post("/contests/ada's night/run", data={"csrf": tok}, follow_redirects=False)
        assert r.status_code == 403 and "only ada" in r.text
        assert 'data-status="open"' in bob.get("/contests/ada's night").text  # nothing was started
        r = bob.get("/contests/ada's night/report.png")
        assert r.status_code == 404 and "no finished game" in r.text


def test_a_contest_refuses_a_draft_and_an_outside_bot(client: TestClient) -> None:
    tok = signup(client, "ada")
    s = sorted(cardarena.load_game("aliens").starter_decks())
    form = {"csrf": tok, "game": "aliens", "name": "x", "agent0": "cmd:python3 x.py", "deck0": f"starter:{s[0]}",
            "agent1": "random", "deck1": f"starter:{s[1]}"}
    r = client.post("/contests", data=form)
    assert r.status_code == 400 and "own automatons" in r.text


def test_a_running_contest_shows_no_replay_or_seed_that_deals_a_game_still_to_play(client: TestClient) -> None:
    """The two games of a pairing are played with the same seed, seats swapped (arena/schedule.py), and a
    game's replay carries its seed and both decks: while the contest runs, the replay of its first game
    would deal the second one's hidden cards (both hands, both deck orders) to anyone, a connected bot's
    owner included. Replays of a contest's games, and its seed, are served once the contest is over."""
    from cardarena.arena.contest import _scheduling, _start, _tasks, get_contest, record_outcome
    from cardarena.arena.models import Contest, Match
    from cardarena.arena.runner import run_task

    tok = signup(client, "ada")
    s = sorted(cardarena.load_game("aliens").starter_decks())
    form = {"csrf": tok, "game": "aliens", "name": "pairs", "pairing": "round-robin", "games": "2",
            "agent0": "random", "deck0": f"starter:{s[0]}", "agent1": "random", "deck1": f"starter:{s[1]}"}
    assert client.post("/contests", data=form, follow_redirects=False).status_code == 303
    store = client.app.state.arena.store  # type: ignore[attr-defined]
    with _scheduling(store) as ses:
        _start(ses, get_contest(ses, "pairs"))
    with store.session() as ses:
        first, second = _tasks(ses, get_contest(ses, "pairs"))
    assert first.seed == second.seed and first.decks == second.decks[::-1]  # the mirrored pair
    assert record_outcome(store, run_task(first))  # the first game is over, the second still to play
    with store.session() as ses:
        mid = ses.scalars(select(Match.id).where(Match.status == "finished")).one()
        seed = ses.scalars(select(Contest.seed)).one()
    for url in (f"/replays/{mid}/download", f"/api/replays/{mid}?seat=spectator", f"/replays/{mid}/offline",
                f"/replays/{mid}"):
        assert client.get(url).status_code == 403, url
    assert f"seed {seed}" not in client.get("/contests/pairs").text
    assert record_outcome(store, run_task(second))
    with store.session() as ses:
        c = ses.scalars(select(Contest)).one()
        c.status = "finished"
    assert client.get(f"/replays/{mid}/download").json()["seed"] == first.seed


def test_a_replay_that_a_bots_fault_ended_shows_the_forfeit_at_its_last_step(client: TestClient) -> None:
    from cardarena.agents import make_agent
    from cardarena.agents.base import Agent
    from cardarena.arena.models import Match, Replay
    from cardarena.core.match import play_game, replay_record

    class Cheater(Agent):  # plays its first few decisions, then answers an option nobody offered
        n = 0

        def choose(self, view, decision, state=None):  # type: ignore[no-untyped-def]
            self.n += 1
            return decision.options[0].id if self.n < 4 else "no-such-option"

    state = cardarena.load_game("aliens").new_game(seed=4)
    play_game(state, [make_agent("random", seed=1), Cheater(0, "cheater")])
    record = replay_record(state, ["random", "cheater"], cardarena.__version__)
    assert record["result"]["reason"] == "forfeit" and record["choices"]
    store = client.app.state.arena.store  # type: ignore[attr-defined]
    with store.session() as s:
        m = Match(game="aliens", game_format="standard", rules={}, seed=4, status="finished", reason="forfeit",
                  engine_version=cardarena.__version__)
        s.add(m)
        s.flush()
        s.add(Replay(match_id=m.id, record=record))
        mid = m.id
    last = len(record["choices"])
    frame = client.get(f"/api/replays/{mid}?step={last}&seat=spectator").json()
    assert frame["result"] is not None and frame["result"]["reason"] == "forfeit", frame.get("result")
    assert client.get(f"/api/replays/{mid}?step={last - 1}&seat=spectator").json()["result"] is None
    assert "chose an illegal option" in client.get(f"/replays/{mid}/offline?seat=0").text


def test_a_contest_page_read_as_its_run_ends_is_never_left_stale(client: TestClient) -> None:
    # The page asked whether the run was alive after reading the report: a run that ended in between
    # left "running" on a page with no run to reload it (the browser test waited on it for ever).
    from cardarena.arena.contest import run_contest

    tok = signup(client, "ada")
    s = sorted(cardarena.load_game("aliens").starter_decks())
    form = {"csrf": tok, "game": "aliens", "name": "late", "pairing": "round-robin", "games": "2",
            "agent0": "random", "deck0": f"starter:{s[0]}", "agent1": "random", "deck1": f"starter:{s[1]}"}
    assert client.post("/contests", data=form, follow_redirects=False).status_code == 303
    a = client.app.state.arena  # type: ignore[attr-defined]

    class EndsWhenAsked:  # the run's thread, which ends the contest at the moment it is asked about
        def is_alive(self) -> bool:
            run_contest(a.store, "late", workers=1)
            return False

    a.extra.setdefault("contest_runs", {})["late"] = EndsWhenAsked()
    page = client.get("/contests/late").text
    assert 'data-status="finished"' in page and "location.reload" not in page
