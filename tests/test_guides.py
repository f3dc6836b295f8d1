"""Every installed game has a plain-words guide (`cardarena rules GAME`), and it keeps up with the game:
it summarizes the game's key rules, agrees with the engine's rule parameters, and explains every
event type, decision kind and result reason a player meets. Card text never cites rule ids.

Generic over the registry: a game added later (mastery, frontline) is checked without a change here.
"""

from __future__ import annotations

import random
import re
from importlib.resources import files
from pathlib import Path

import pytest

import cardarena
from cardarena.core.registry import game_ids
from cardarena.guide import load_guide, result_words
from cardarena.rule_items import rule_items

ROOT = Path(__file__).resolve().parents[1]
GAMES = game_ids()


def package_sources(game_id: str) -> str:
    """All Python source of a game package, for the event types, kinds and reasons it can produce."""
    pkg = type(cardarena.load_game(game_id)).__module__.rpartition(".")[0]
    return "\n".join(p.read_text(encoding="utf-8") for p in files(pkg).iterdir() if p.name.endswith(".py"))


def emitted_types(game_id: str) -> set[str]:
    src = package_sources(game_id)
    found = set(re.findall(r"\bemit\(\s*\"([a-z_]+)\"", src))
    docs = (ROOT / "docs" / "events.md").read_text(encoding="utf-8")
    for heading in ("Every game", f"`{game_id}`"):
        m = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", docs, re.M | re.S)
        if m:
            for row in re.findall(r"^\| (.+?) \|", m.group(1), re.M):
                found |= set(re.findall(r"`([a-z_]+)`", row))
    return found


def asked_kinds(game_id: str) -> set[str]:
    kinds: set[str] = set()
    for call in re.findall(r"\.ask\(\s*\w+,\s*([^,]+),", package_sources(game_id)):
        kinds |= set(re.findall(r"(?<!== )\"([a-z_]+)\"", call))  # not the `if mode == "x"` test
    return kinds


def finish_reasons(game_id: str) -> set[str]:
    return set(re.findall(r"\.finish\([^,]+,\s*\"([a-z_]+)\"", package_sources(game_id)))


def played(game_id: str, games: int = 3) -> tuple[set[str], set[str], set[str]]:
    """Event types, decision kinds and result reasons seen in a few random games."""
    game = cardarena.load_game(game_id)
    types, kinds, reasons = set(), set(), set()
    for seed in range(games):
        rng = random.Random(seed)
        st = game.new_game(decks=game.random_decks(rng, 2), seed=seed)
        while st.decision is not None:
            kinds.add(st.decision.kind)
            st.apply(rng.choice(st.decision.options).id)
        types |= {e["type"] for e in st.log}
        assert st.result is not None
        reasons.add(st.result.reason)
    return types, kinds, reasons


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_guide_with_sections_and_a_worked_example(game_id: str) -> None:
    guide = load_guide(game_id)
    assert guide.game == game_id
    titles = [s.title for s in guide.sections]
    for needed in ("Goal", "Set-up", "A turn", "Worked example"):
        assert needed in titles, f"{game_id} guide has no {needed!r} section"
    text = guide.to_text(60)
    assert all(len(line) <= 60 for line in text.splitlines() if " " in line.strip()), "guide lines must wrap"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_guide_summarizes_every_key_rule_and_cites_only_real_items(game_id: str) -> None:
    guide = load_guide(game_id)
    assert len(guide.key_rules) >= 20, "a guide names the game's key rules it must summarize"
    cited = guide.summarized_rules()
    missing = [r for r in guide.key_rules if r not in cited]
    assert missing == [], f"key rules no section of the {game_id} guide summarizes: {missing}"
    pattern = re.compile(rf"^{game_id}\.(\d+(\.\d+)+|gap\.\d+)$")
    assert [r for r in cited | set(guide.key_rules) if not pattern.match(r)] == []
    assert sorted((cited | set(guide.key_rules)) - set(rule_items(game_id))) == []


@pytest.mark.parametrize("game_id", GAMES)
def test_the_numbers_the_guide_states_agree_with_the_engine(game_id: str) -> None:
    game = cardarena.load_game(game_id)
    guide = load_guide(game_id)
    for fact in guide.facts:
        assert game.rule_defaults[fact.param] == fact.value, f"{fact.param}: guide says {fact.value}"
        section = guide.section(fact.section)
        assert re.search(rf"(?<![\d.]){re.escape(str(fact.value))}(?!\d)", section.text), (fact, section.title)
        assert fact.rule in section.rules or fact.rule.split(".")[1] == "gap", (fact.rule, section.title)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_event_type_decision_kind_and_result_has_a_plain_line(game_id: str) -> None:
    guide = load_guide(game_id)
    types, kinds, reasons = played(game_id)
    types |= emitted_types(game_id)
    kinds |= asked_kinds(game_id)
    reasons |= finish_reasons(game_id) | {"forfeit", "conceded"}
    assert sorted(types - set(guide.events)) == []
    assert sorted(kinds - set(guide.decisions)) == []
    assert sorted(reasons - set(guide.results)) == []
    for reason in reasons:
        words = result_words(guide, 0, reason, 9)
        assert ("_" not in reason or reason not in words) and "{" not in words, words
    assert all(v.strip() for v in [*guide.events.values(), *guide.decisions.values(), *guide.terms.values()])


@pytest.mark.parametrize("game_id", GAMES)
def test_card_text_never_cites_rule_ids(game_id: str) -> None:
    game = cardarena.load_game(game_id)
    cite = re.compile(r"\brules? [a-z]+\.\d|\b[a-z]+\.(\d+\.\d+|gap\.\d+)")

    def texts(x: object) -> list[str]:
        if isinstance(x, dict):
            return [v for k, v in x.items() if k == "text" and isinstance(v, str)] + \
                [t for v in x.values() for t in texts(v)]
        if isinstance(x, list):
            return [t for v in x for t in texts(v)]
        return []

    bad = [(n, t) for n in game.card_names() for t in texts(game.card_info(n)) if cite.search(t)]
    assert bad == []


@pytest.mark.parametrize("game_id", GAMES)
def test_the_play_by_play_narrates_every_seats_log_without_failing(game_id: str) -> None:
    game = cardarena.load_game(game_id)
    for seed in range(3):
        rng = random.Random(seed)
        st = game.new_game(decks=game.random_decks(rng, 2), seed=seed)
        while st.decision is not None:
            st.apply(rng.choice(st.decision.options).id)
        for seat in (0, 1, None):
            lines = [game.narrate(e) for e in st.visible_log(seat)]
            assert any(line and line.strip().startswith("Result: ") for line in lines)
            last = next(line for line in reversed(lines) if line)
            assert "_" not in last, last  # the result in words, not its code


#: plain English words that start a sentence in prompts and option labels, not game terms
COMMON_WORDS = {"let", "keep", "done", "pass", "choose", "your", "you", "the", "which", "several", "discard", "answer",
                "spend", "play", "set", "bank", "use", "secretly", "pay", "end", "target", "result", "coin", "turn"}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_capitalized_term_of_prompts_and_play_by_play_is_explained(game_id: str) -> None:
    """A term a player meets in a prompt, an option or the play-by-play (Reactor, Response Window...)
    appears in the guide's text, where it is explained."""
    from cardarena.terminal.cardtext import CardIndex

    game = cardarena.load_game(game_id)
    text = load_guide(game_id).to_text(200).lower()
    names = sorted((e.name for e in CardIndex(game).entries.values()), key=len, reverse=True)
    missing: dict[str, str] = {}
    for seed in range(4):
        rng = random.Random(seed)
        st = game.new_game(decks=game.random_decks(rng, 2), seed=seed)
        lines: list[str] = []
        while st.decision is not None:
            d = st.decision
            lines += [d.prompt, *(o.label for o in d.options)]
            st.apply(rng.choice(d.options).id)
        lines += [line for line in (game.narrate(e) for e in st.log) if line]
        for line in lines:
            for n in names:
                line = line.replace(n, "#")
            for term in re.findall(r"(?<![A-Za-z])([A-Z][a-z]+(?:[ -][A-Z][a-z]+)*)", line):
                t = term.lower()
                if t not in COMMON_WORDS and t not in text and t.removesuffix("s") not in text:
                    missing.setdefault(term, line)
    assert missing == {}, f"terms the {game_id} guide does not explain: {missing}"
