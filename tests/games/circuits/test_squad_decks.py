"""Squad deck legality (rulebook §16, §17: rules circuits.16.1–16.7, 17.9–17.12, 3.11), the Squad
starters, and a Duel deck refused from a Squad game with one reason."""

from __future__ import annotations

import random
import re
from importlib.resources import files

import pytest

from cardarena.core.decks import Deck, parse_deck
from cardarena.core.errors import DeckError
from cardarena.games.circuits.decks import check_deck, random_deck
from cardarena.games.circuits.pool import card_pool
from cardarena.games.circuits.ruleset import CircuitsRuleset

POOL = card_pool()
GAME = CircuitsRuleset()
SQUADS = {
    p.name.removesuffix(".toml"): parse_deck(p.read_text(encoding="utf-8"), f"circuits/starters/{p.name}")
    for p in sorted(files("cardarena.games.circuits").joinpath("starters").iterdir(), key=lambda p: p.name)
    if p.name.startswith("squad_")
}
BASE = SQUADS["squad_forge_circuit"]


def variant(**changes) -> Deck:
    fields = {"game": "circuits", "name": "test squad", "format": "squad", "leaders": dict(BASE.leaders),
              "cards": dict(BASE.cards), "source": "<test>"}
    for k, v in changes.items():
        if k in ("heroes", "armory"):
            fields["leaders"] = {**fields["leaders"], k: v}
        else:
            fields[k] = v
    return Deck(**fields)


def cites(problems: list[str], rule: str) -> bool:
    return any(f"circuits.{rule}" in p for p in problems)


def test_there_are_four_squad_starters_legal_as_printed():
    # rule circuits.17.8
    assert len(SQUADS) >= 4
    for name, d in SQUADS.items():
        assert d.format == "squad" and check_deck(d, POOL) == [], name
        assert GAME.starter_decks()[name] == d


def test_a_squad_deck_is_three_heroes_nine_gear_and_fifty_cards():
    # rule circuits.gap.38
    # rule circuits.17.9
    # rule circuits.17.10
    # rule circuits.17.11
    assert len(BASE.leaders["heroes"]) == 3 and len(BASE.leaders["armory"]) == 9 and BASE.size == 50
    two = check_deck(variant(heroes=BASE.leaders["heroes"][:2]), POOL)
    assert cites(two, "17.9")
    short = check_deck(variant(armory=BASE.leaders["armory"][:8]), POOL)
    assert cites(short, "17.10") and any("1 relic" in p or "2 relic" in p or "2 weapon" in p or "2 armor" in p
                                          for p in short)
    cards = dict(BASE.cards)
    first = next(iter(cards))
    cards[first] -= 1
    assert check_deck(variant(cards=cards), POOL) == [
        "the Action Deck has 49 cards; a Squad deck has exactly 50 (rule circuits.17.11)"]


def test_at_most_four_copies_of_a_name_in_squad():
    # rule circuits.17.12
    cards = dict(BASE.cards)
    name = next(n for n, k in cards.items() if k == 4)
    other = next(n for n, k in cards.items() if n != name and k >= 1)
    cards[name] += 1
    cards[other] -= 1
    found = check_deck(variant(cards=cards), POOL)
    assert len(found) == 1 and cites(found, "17.12")


def test_squad_heroes_have_distinct_names_and_a_variant_shares_its_heros_name():
    # rule circuits.16.1
    # rule circuits.16.2
    same = check_deck(variant(heroes=["Forgeblade", "Forgeblade", "Volt Reaver"]), POOL)
    assert cites(same, "16.1")
    var = check_deck(variant(heroes=["Forgeblade", "Forgeblade (Stormforged)", "Volt Reaver"]), POOL)
    assert cites(var, "16.2") and any("share a name" in p for p in var)


def test_the_identity_is_the_union_of_the_heroes_circuits_at_most_four():
    # rule circuits.16.4
    # rule circuits.16.5
    wide = check_deck(variant(heroes=["Forgeblade", "Lumen Warden", "Sparkwright"]), POOL)  # six Circuits
    assert any("6 Circuits" in p for p in wide) and cites(wide, "16.5")


def test_a_card_is_legal_if_the_identity_covers_it_across_heroes():
    # rule circuits.16.6
    # Forgeblade (Heat/Kinetic), Volt Reaver (Kinetic/Static), Sparkwright (Static/Quantum): a
    # Heat/Quantum pair card is legal though no single Hero has both Circuits.
    trio = ["Forgeblade", "Volt Reaver", "Sparkwright"]
    pair = next(c for c in POOL.actions if set(c.circuits) == {"Heat", "Quantum"} and not c.signature and not c.anomaly)
    cards = dict(BASE.cards)
    drop = next(n for n, k in cards.items() if k >= 1)
    cards[drop] -= 1
    cards[pair.name] = cards.get(pair.name, 0) + 1
    assert check_deck(variant(heroes=trio, cards={n: k for n, k in cards.items() if k}), POOL) == []
    radiant = next(c for c in POOL.actions if c.circuits == ("Radiant",) and not c.signature)
    cards[pair.name] -= 1
    cards[radiant.name] = 1
    found = check_deck(variant(heroes=trio, cards={n: k for n, k in cards.items() if k}), POOL)
    assert len(found) == 1 and cites(found, "16.6") and "Radiant" in found[0]


def test_armory_gear_need_only_be_covered_by_the_squad_identity():
    # rule circuits.gap.33
    heroes = [POOL.heroes[n] for n in BASE.leaders["heroes"]]
    ident = {c for h in heroes for c in h.circuits}
    armory = list(BASE.leaders["armory"])
    inside = [POOL.by_name[n] for n in armory]
    assert any(not set(g.circuits) <= set(h.circuits) for g in inside for h in heroes)  # not every Hero's
    assert check_deck(variant(), POOL) == []
    slot = inside[0].slot
    outside = next(g for g in POOL.gear if g.slot == slot and g.circuits and not set(g.circuits) <= ident
                   and not g.legendary and not g.signature)
    found = check_deck(variant(armory=[outside.name, *armory[1:]]), POOL)
    assert len(found) == 1 and cites(found, "gap.33") and cites(found, "16.6") and outside.name in found[0]


def test_a_signature_card_is_legal_when_its_hero_is_in_the_squad():
    # rule circuits.16.7
    sig = next(c for c in POOL.actions if c.signature == "Forgeblade")
    cards = dict(BASE.cards)
    if sig.name not in cards:
        drop = next(n for n, k in cards.items() if k >= 1)
        cards[drop] -= 1
        cards[sig.name] = 1
    cards = {n: k for n, k in cards.items() if k}
    assert check_deck(variant(cards=cards), POOL) == []
    without = check_deck(variant(cards=cards, heroes=["Cinder Oracle", "Volt Reaver", "Sparkwright"]), POOL)
    assert cites(without, "16.7")


def test_at_most_one_legendary_in_a_squad_armory():
    # rule circuits.3.11
    legendary = [g.name for g in POOL.gear if g.legendary][:2]
    armory = [g for g in BASE.leaders["armory"] if POOL.by_name[g].slot != "relic"] + legendary + ["Crown of the Forge"]
    found = check_deck(variant(armory=armory), POOL)
    assert cites(found, "3.11")


def test_every_reason_names_its_rule():
    bad = variant(heroes=["Forgeblade", "Forgeblade", "Lumen Warden", "Nobody"], armory=["Brace"],
                  cards={"Brace": 9, "Rift Ember": 1, "Redline Drill": 1})
    found = check_deck(bad, POOL)
    for rule in ("17.9", "16.1", "17.10", "17.12", "17.11", "3.13", "2.2"):
        assert cites(found, rule), (rule, found)
    assert all(re.search(r"\((rules?|ruling) circuits\.", p) for p in found), found


def test_a_duel_deck_in_a_squad_game_is_refused_with_one_reason():
    # rule circuits.17.9
    # rule circuits.17.1
    with pytest.raises(DeckError) as e:
        GAME.new_game(decks=["forgeblade", "squad_sunwall"], seed=1)
    assert len(e.value.problems) == 1 and "Duel deck" in e.value.problems[0]
    with pytest.raises(DeckError) as e:
        GAME.new_game(decks=["forgeblade", "sparkwright"], seed=1, fmt="squad")
    assert len(e.value.problems) == 1
    with pytest.raises(DeckError) as e:
        GAME.new_game(decks=["squad_sunwall", "squad_ember_prism"], seed=1, fmt="standard")
    assert len(e.value.problems) == 1 and "Squad deck" in e.value.problems[0]
    st = GAME.new_game(decks=["squad_sunwall", "squad_ember_prism"], seed=1)
    assert st.config["format"] == "squad"


def test_random_squad_decks_are_legal():
    for seed in range(30):
        d = random_deck(POOL, random.Random(seed), "squad")
        assert check_deck(d, POOL) == [], (seed, d.leaders)
    decks = GAME.random_decks(random.Random(5), 2)
    assert len({d.format == "squad" for d in decks}) == 1


def test_match_and_play_take_format_squad():
    from typer.testing import CliRunner

    from cardarena.cli import app

    r = CliRunner().invoke(app, ["match", "circuits", "--format", "squad", "--p1", "random", "--p2", "random",
                                 "--seed", "2", "--json"])
    assert r.exit_code == 0, r.output
    assert 'Squad"' in r.output  # two Squad starters by default ("... Squad" deck names)
    r = CliRunner().invoke(app, ["match", "circuits", "--format", "squad", "--p1", "random:forgeblade", "--json"])
    assert r.exit_code == 1 and "Duel deck" in r.output
    r = CliRunner().invoke(app, ["play", "circuits", "--format", "squad", "--deck", "forgeblade"])
    assert r.exit_code == 1 and "Duel deck" in r.output
