"""The `cardarena` command as a user types it (Typer's CliRunner runs the real app in-process)."""

import json
from pathlib import Path

from typer.testing import CliRunner

import cardarena
from cardarena.cli import app

runner = CliRunner()


def run(*args: str, input: str | None = None):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args), input=input)


def flat(output: str) -> str:
    """The output with Rich's line wrapping undone: a phrase may break wherever a long path pushed it."""
    return " ".join(output.split())


def test_games_lists_aliens_in_text_and_json() -> None:
    r = run("games")
    assert r.exit_code == 0 and "aliens" in r.output
    data = json.loads(run("games", "--json").output)
    assert any(g["id"] == "aliens" and "standard" in g["formats"] for g in data)


def test_cards_lists_the_pool_and_inspects_one_card() -> None:
    game = cardarena.load_game("aliens")
    r = run("cards", "aliens", "--json")
    assert r.exit_code == 0 and len(json.loads(r.output)) == len(game.card_names())
    name = game.card_names()[0]
    one = json.loads(run("cards", "aliens", name, "--json").output)
    assert one["name"] == name and "text" in one
    r = run("cards", "aliens", name[:-2] + "zq")
    assert r.exit_code == 2 and "did you mean" in r.output
    r = run("cards", "aliens", name[:-2].upper())  # any case, a unique prefix is enough
    assert r.exit_code == 0 and name in r.output
    # a Special or Counter shows no "damage: 0" (the schema's default), an Attack its damage
    listing = run("cards", "aliens").output
    assert "damage: 0" not in listing and "Dismantler Drones" in listing and "damage: 2" in listing


def test_validate_accepts_a_starter_and_lists_every_reason_otherwise(tmp_path: Path) -> None:
    game = cardarena.load_game("aliens")
    starter = next(iter(game.starter_decks().values()))
    good = tmp_path / "good.toml"
    good.write_text(starter.to_toml())
    r = run("validate", str(good))
    assert r.exit_code == 0 and "legal" in r.output
    bad = tmp_path / "bad.toml"
    cards = dict(starter.cards)
    first = next(iter(cards))
    cards[first] = 4
    cards["Nonexistent Card"] = 1
    bad.write_text(starter.__class__(game="aliens", name="bad", format="standard",
                                     leaders={"aliens": starter.leaders["aliens"][:2]}, cards=cards).to_toml())
    r = run("validate", str(bad))
    assert r.exit_code == 1
    assert "exactly 3 Aliens" in r.output and "4 copies" in r.output and "unknown card 'Nonexistent Card'" in r.output
    broken = tmp_path / "broken.toml"
    broken.write_text("game = [\n")
    r = run("validate", str(broken))
    assert r.exit_code == 1 and "not valid TOML" in r.output and "Traceback" not in r.output


def test_match_prints_a_play_by_play_saves_a_replay_that_verifies(tmp_path: Path) -> None:
    rp = tmp_path / "g.json"
    r = run("match", "aliens", "--p1", "random", "--p2", "random:frozen_bastion", "--seed", "4", "--replay", str(rp))
    assert r.exit_code == 0, r.output
    assert "Turn 1" in r.output and "Result: P" in r.output
    r = run("replay", str(rp), "--verify")
    assert r.exit_code == 0 and "OK" in r.output
    r = run("replay", str(rp))
    assert r.exit_code == 0 and "Result: P" in r.output
    data = json.loads(rp.read_text())
    data["log"][5]["type"] = "tampered"
    rp.write_text(json.dumps(data))
    r = run("replay", str(rp), "--verify")
    assert r.exit_code == 1 and "divergence at event 5" in r.output


def test_match_rejects_bad_agents_decks_and_rules_clearly() -> None:
    r = run("match", "aliens", "--p1", "wizard", "--seed", "1")
    assert r.exit_code == 2 and "unknown agent 'wizard'" in r.output
    r = run("match", "aliens", "--p1", "random:no_such_deck", "--seed", "1")
    assert r.exit_code == 1 and "file not found" in r.output  # a deck that is not usable: exit 1 (README)
    r = run("match", "aliens", "--rule", "bogus=1")
    assert r.exit_code == 2 and "unknown rule" in r.output


def test_play_lets_a_person_finish_a_game_by_numbers_and_inspect_cards() -> None:
    # always answer "1" (after one inspection and one bad input): a whole game against random
    answers = "i nonexistent\nbanana\n" + "1\n" * 400
    r = run("play", "aliens", "--opponent", "random", "--seed", "3", input=answers)
    assert r.exit_code == 0, r.output[-2000:]
    assert "You win" in r.output or "You lose" in r.output
    assert "no card or ability named" in r.output and "type a number" in r.output


def test_fuzz_command_reports_held_invariants() -> None:
    r = run("fuzz", "aliens", "--seed", "2", "--games", "2")
    assert r.exit_code == 0 and "every invariant held" in r.output


ROOT = Path(__file__).resolve().parents[2]
RANDOM_BOT = f'cmd:"python3 {ROOT}/examples/bots/random_bot.py"'


def test_match_and_play_start_an_external_bot_and_name_a_missing_program() -> None:
    # `match` and `play` used to ask a `cmd:` bot without starting its process: it always forfeited
    r = run("match", "aliens", "--p1", RANDOM_BOT, "--p2", "random", "--seed", "2", "--json")
    assert r.exit_code == 0, r.output[-2000:]
    assert json.loads(r.output)["result"]["reason"] != "forfeit", r.output[-2000:]
    r = run("play", "aliens", "--opponent", RANDOM_BOT, "--seed", "3", input="1\n" * 400)
    assert r.exit_code == 0, r.output[-2000:]
    assert "forfeit" not in r.output and ("You win" in r.output or "You lose" in r.output), r.output[-2000:]
    r = run("match", "aliens", "--p1", 'cmd:"/nonexistent/bot"', "--seed", "2")
    assert r.exit_code == 0 and "forfeits" in r.output
    assert "No such file or directory" in r.output and "not started" not in r.output, r.output[-2000:]


FAULTY = ROOT / "examples" / "bots" / "faulty" / "faulty_bot.py"


def test_a_bot_fault_in_play_keeps_its_status_and_names_none_of_its_options(tmp_path: Path) -> None:
    # the bot's first decision is its secret Gear Loadout: `play` used to print the offered ids
    replay = tmp_path / "r.json"
    r = run("play", "circuits", "--opponent", f'cmd:"python3 {FAULTY} illegal"', "--seat", "2", "--seed", "4",
            "--replay", str(replay), input="1\n" * 50)
    assert r.exit_code == 0, r.output[-2000:]
    said = flat(r.output)  # Rich wraps at 80 columns where the checkout's path is long
    assert "illegal option for decision" in said and "loadout" in said, said[-2000:]
    assert "valid ids" not in said and "gear:" not in said, said[-2000:]
    assert "no-such-option" not in said  # the bot's own answer: a stale id would name a card it held
    forfeit = [e for e in json.loads(replay.read_text())["log"] if e["type"] == "forfeit"]
    assert forfeit[0]["status"] == "INVALID" and "gear:" not in forfeit[0]["reason"]
    r = run("match", "aliens", "--p1", f'cmd:"python3 {FAULTY} malformed"', "--seed", "1", "--replay", str(replay))
    said = flat(r.output)
    assert r.exit_code == 0 and "malformed reply" in said and "crashed" not in said, said[-2000:]
    forfeit = [e for e in json.loads(replay.read_text())["log"] if e["type"] == "forfeit"]
    assert forfeit[0]["status"] == "INVALID"
    # a forfeit is not a choice: the re-run applies it from the log, and the replay verifies
    r = run("replay", str(replay), "--verify")
    assert r.exit_code == 0 and "OK" in r.output, r.output[-2000:]
    from cardarena.core.replay import load_replay, verify

    assert verify(load_replay(replay)) is None


def test_bot_log_keeps_what_a_bot_was_sent_and_answered_and_its_stderr(tmp_path: Path) -> None:
    logs = tmp_path / "logs"
    r = run("match", "mastery", "--p1", RANDOM_BOT, "--p2", "random", "--seed", "2", "--quiet", "--bot-log", str(logs))
    assert r.exit_code == 0 and "p1.jsonl" in r.output, r.output[-2000:]
    assert not (logs / "p2.jsonl").exists()  # P2 is not an external bot
    lines = [json.loads(x) for x in (logs / "p1.jsonl").read_text().splitlines()]
    sent = [x["sent"] for x in lines if "sent" in x]
    got = [json.loads(x["received"]) for x in lines if "received" in x]
    assert lines[0]["bot"][0] == "python3" and sent[0]["type"] == "start" and sent[-1]["type"] == "end"
    asked = [m for m in sent if m["type"] == "decision"]
    assert len(asked) == len(got) > 10 and all(a["seq"] == g["seq"] for a, g in zip(asked, got, strict=True))
    assert all(m["view"]["seat"] == 0 for m in asked if "seat" in m["view"])  # only what seat 0 was sent
    assert lines[-1]["stopped"] == "by the arena" and lines[-1]["stderr"] == ""
    # a bot that fails: its broken line and its stderr are there; a second game writes the file afresh
    r = run("match", "aliens", "--p1", f'cmd:"python3 {FAULTY} crash_mid"', "--seed", "1", "--quiet",
            "--bot-log", str(logs))
    lines = [json.loads(x) for x in (logs / "p1.jsonl").read_text().splitlines()]
    assert lines[0]["bot"][-1] == "crash_mid" and "crash in the middle" in lines[-1]["stderr"], lines[-1]
    assert lines[-1].get("exit", 1) == 1  # or stopped by the arena, if it had not exited yet
    r = run("match", "aliens", "--p1", "random", "--seed", "1", "--quiet", "--bot-log", str(tmp_path / "none"))
    assert r.exit_code == 0 and "no player is an external bot" in r.output


def test_python_dash_m_cardarena_is_the_same_command_line() -> None:
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "cardarena", "--help"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "Usage: cardarena " in r.stdout and "match" in r.stdout


def test_match_time_control_times_bots_and_automatons_as_contests_do(tmp_path: Path) -> None:
    replay = tmp_path / "r.json"

    def forfeit() -> dict:  # type: ignore[type-arg]
        return next(e for e in json.loads(replay.read_text())["log"] if e["type"] == "forfeit")

    r = run("match", "aliens", "--p1", f'cmd:"python3 {FAULTY} hang"', "--seed", "1", "--time-control", "0.2+0.3+1",
            "--replay", str(replay), "--quiet")
    assert r.exit_code == 0 and "P1 forfeited" in r.output, r.output[-2000:]
    assert forfeit()["status"] == "TIMEOUT" and forfeit()["player"] == 0
    # an in-process search over its clock loses too (a contest's clocks time every seat)
    r = run("match", "aliens", "--p1", "ismcts:iters=3000", "--p2", "random", "--seed", "1", "--time-control",
            "0.02+0.05+0", "--replay", str(replay), "--quiet")  # random takes microseconds, the search seconds
    assert r.exit_code == 0 and "P1 forfeited" in r.output, r.output[-2000:]
    assert forfeit()["status"] == "TIMEOUT" and "ran out of time" in forfeit()["reason"]
    r = run("match", "aliens", "--time-control", "2x")
    assert r.exit_code == 2 and "PER_DECISION+BANK" in r.output


def test_match_says_how_long_each_seat_thought() -> None:
    r = run("match", "aliens", "--p1", "ismcts:iters=30", "--p2", "random", "--seed", "3", "--json")
    assert r.exit_code == 0, r.output[-2000:]
    thinking = json.loads(r.output)["thinking"]
    assert len(thinking) == 2 and all(t["decisions"] > 0 for t in thinking)
    assert thinking[0]["seconds"] > thinking[1]["seconds"] and thinking[0]["longest"] <= thinking[0]["seconds"]
    r = run("match", "aliens", "--p1", "ismcts:iters=30", "--p2", "random", "--seed", "3")
    assert "thinking: P1 " in r.output and "the longest" in r.output


def test_a_result_whose_event_repeats_the_turns_field_is_told_in_words() -> None:
    # frontline's turn_cap event carries `turns`, as the result text does: it raised a TypeError, a 500
    # on the web's live game, replay and offline page
    r = run("match", "frontline", "--rule", "turn_cap=2", "--seed", "1", "--quiet")
    said = flat(r.output)
    assert r.exit_code == 0 and "the turn cap was reached" in said and "(after 2 turns)" in said, said
    from cardarena.guide import result_words

    assert result_words(None, 0, "x", 1).endswith("(after 1 turn)")


def test_match_names_a_manifest_bot_by_its_manifest_name(tmp_path: Path) -> None:
    # the header, the winner and a fault line printed the spec typed; reports already used the name
    bot = tmp_path / "ember.toml"
    bot.write_text(f'name = "Ember"\ncommand = ["python3", "{ROOT / "examples/bots/random_bot.py"}"]\n')
    r = run("match", "aliens", "--p1", f"bot:{bot}", "--p2", "random", "--seed", "2")
    assert r.exit_code == 0, r.output
    flat = "".join(r.output.split())  # rich wraps at 80 columns, inside a long path too
    assert f"P1:Ember(bot:{bot})(CreepingRot)".replace(" ", "") in flat, r.output[:300]


def test_rules_prints_a_cited_rule_item_and_the_ruling_on_an_open_point() -> None:
    """A message says "(rule aliens.2.1)": `rules GAME ITEM` prints that item, a section of them, or an
    open point with the project's ruling; an unknown item names the ids meant."""
    r = run("rules", "aliens", "2.1")
    said = " ".join(r.output.split())
    assert r.exit_code == 0 and "aliens.2.1 A deck needs exactly 3 Aliens." in said and "in the guide: Your deck" in said
    r = run("rules", "aliens", "gap.9", "--json")
    item = json.loads(r.output)[0]
    assert item["id"] == "aliens.gap.9" and item["ruling"].startswith("One shared Sector Zone holding at most one card.")
    r = run("rules", "mastery", "2")
    assert r.exit_code == 0 and "mastery.2.1" in r.output and "mastery.3.1" not in r.output
    r = run("rules", "aliens", "2.99")
    assert r.exit_code == 2 and "aliens has no rule item '2.99'; did you mean aliens.2.9" in " ".join(r.output.split())
