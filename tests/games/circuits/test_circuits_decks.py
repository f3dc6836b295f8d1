"""Rule scenarios for `circuits` deck construction in Duel, Standard and Open (rulebook §3, §17): one Hero,
an Armory of six Gear (2/2/2, at most one Legendary), 40 cards, at most four copies, every card legal for
the Hero, Anomaly cards only in Open. Every reason is listed and names its rule.

(Named test_circuits_decks.py, not test_decks.py: tests/core/test_decks.py already owns that module name.)"""

from __future__ import annotations

import json
import random
import re
from importlib.resources import files

import pytest

from cardarena.core.decks import Deck, parse_deck
from cardarena.games.circuits.decks import FORMATS, check_deck, is_legal_for, random_deck
from cardarena.games.circuits.pool import card_pool
from cardarena.games.circuits.schema import GearCard

POOL = card_pool()
STARTERS = {
    p.name.removesuffix(".toml"): parse_deck(p.read_text(encoding="utf-8"), f"circuits/starters/{p.name}")
    for p in sorted(files("cardarena.games.circuits").joinpath("starters").iterdir(), key=lambda p: p.name)
    if p.name.endswith(".toml")
}
BY_HERO = {d.leaders["heroes"][0]: d for d in STARTERS.values()}
FORGEBLADE = BY_HERO["Forgeblade"]


def deck_toml(heroes: list[str] | None, armory: list[str] | None, cards: dict[str, int], fmt: str = "standard") -> str:
    lines = ['game = "circuits"', f"format = {json.dumps(fmt)}", 'name = "Test Deck"']
    if heroes is not None:
        lines.append("heroes = [" + ", ".join(json.dumps(h) for h in heroes) + "]")
    if armory is not None:
        lines.append("armory = [" + ", ".join(json.dumps(g) for g in armory) + "]")
    lines += ["", "[cards]", *(f"{json.dumps(n)} = {c}" for n, c in cards.items())]
    return "\n".join(lines) + "\n"


def problems(heroes: list[str] | None = None, armory: list[str] | None = None, cards: dict[str, int] | None = None,
             base: Deck = FORGEBLADE, fmt: str | None = None) -> list[str]:
    """check_deck of `base` with its Hero, Armory or cards replaced, written and parsed as a deck file."""
    d = parse_deck(deck_toml(base.leaders["heroes"] if heroes is None else heroes,
                             base.leaders["armory"] if armory is None else armory,
                             dict(base.cards) if cards is None else cards))
    return check_deck(d, POOL, fmt)


def swap(base: Deck | dict[str, int], out: str, into: str, n: int | None = None) -> dict[str, int]:
    """`base`'s cards with n copies (default all) of `out` replaced by `into`: still 40 cards."""
    cards = dict(base.cards if isinstance(base, Deck) else base)
    k = cards[out] if n is None else n
    cards[out] -= k
    if cards[out] == 0:
        del cards[out]
    cards[into] = cards.get(into, 0) + k
    return cards


def cites(found: list[str], rule: str) -> bool:
    """Some problem names `rule` (e.g. "3.4", "17.6", "gap.35") as its own item, not a longer one."""
    pat = re.compile(rf"circuits\.{re.escape(rule)}(?!\d)(?!\.\d)")
    return any(pat.search(p) for p in found)


def test_cites_helper():
    assert cites(["x (rules circuits.3.4, circuits.3.6, circuits.17.6)"], "3.6")
    assert not cites(["x (rule circuits.3.12)"], "3.1")
    assert not cites(["x (rule circuits.17.4)"], "17.6")
    assert not cites(["x (rule circuits.9.1.24)"], "9.1")
    assert cites(["x (rules circuits.3.4, ruling circuits.gap.35)"], "gap.35")


# -- starters --------------------------------------------------------------------------------------


@pytest.mark.parametrize("stem", sorted(STARTERS))
def test_every_starter_is_legal_as_printed(stem: str):
    # rule circuits.17.8
    d = STARTERS[stem]
    assert d.game == "circuits" and d.format == "standard"
    assert check_deck(d, POOL) == []
    assert check_deck(d, POOL, "open") == []


def test_every_hero_and_variant_has_a_starter_without_anomaly_cards():
    # rule circuits.17.8
    # rule circuits.3.13
    assert sorted(BY_HERO) == sorted(POOL.heroes)
    for d in STARTERS.values():
        assert d.size == 40
        assert not [n for n in d.cards if POOL.by_name[n].anomaly]  # type: ignore[union-attr]


# -- §3 legality -----------------------------------------------------------------------------------


def test_a_card_is_legal_only_if_the_hero_has_every_circuit_on_it():
    # rule circuits.3.4
    # rule circuits.17.6
    found = problems(cards=swap(FORGEBLADE, "Brace", "Mend Light"))  # Radiant card, Heat/Kinetic Hero
    assert len(found) == 1
    assert cites(found, "3.4") and cites(found, "17.6") and "Mend Light" in found[0]
    for h in POOL.heroes.values():
        for c in POOL.actions:
            assert is_legal_for(c, h) == (set(c.circuits) <= set(h.circuits) and c.signature in ("", h.name))


def test_universal_cards_are_legal_for_every_hero():
    # rule circuits.3.5
    universal = [c for c in POOL.actions if not c.circuits and not c.anomaly]
    assert universal
    for d in STARTERS.values():
        cards = {n: 4 for n in [c.name for c in universal][:6]}
        rest = [n for n in d.cards if n not in cards]
        for n in rest:
            if sum(cards.values()) < 40:
                cards[n] = min(d.cards[n], 40 - sum(cards.values()))
        assert sum(cards.values()) == 40
        assert problems(base=d, cards=cards) == [], d.name
    assert {g.name for g in POOL.gear if not g.circuits} == {"Training Blade", "Padded Vest", "Field Kit",
                                                             "Survivor's Token"}
    # only Legendary Gear is Unique (rule 3.11), so an Armory may repeat a Gear name
    armory = ["Training Blade", "Training Blade", "Padded Vest", "Padded Vest", "Field Kit", "Survivor's Token"]
    for d in STARTERS.values():
        assert problems(base=d, armory=armory) == [], d.name


def test_a_mono_circuit_card_needs_its_circuit():
    # rule circuits.3.6
    sparkwright = BY_HERO["Sparkwright"]
    assert problems(base=sparkwright, cards=swap(sparkwright, "Quick Shot", "Grounding Field", 1)) == []  # Static
    found = problems(base=sparkwright, cards=swap(sparkwright, "Quick Shot", "Flash Burn", 1))  # Heat: not
    assert len(found) == 1 and cites(found, "3.6") and "no Heat Circuit" in found[0]


def test_a_hero_pair_card_needs_both_circuits():
    # rule circuits.3.7
    assert problems(cards=swap(FORGEBLADE, "Brace", "Molten Hammerfall", 2)) == []  # Heat/Kinetic Forgeblade
    oracle = BY_HERO["Cinder Oracle"]  # Heat/Quantum: has Heat, lacks Kinetic
    found = problems(base=oracle, cards=swap(oracle, "Glimpse", "Molten Hammerfall"))
    assert len(found) == 1 and cites(found, "3.7") and "lacks Kinetic" in found[0]


def test_a_signature_card_is_legal_only_for_its_hero():
    # rule circuits.3.8
    oracle = BY_HERO["Cinder Oracle"]  # Heat, like Anvil Strike, but not Forgeblade
    found = problems(base=oracle, cards=swap(oracle, "Glimpse", "Anvil Strike"))
    assert len(found) == 1 and cites(found, "3.8") and cites(found, "17.6")
    armory = ["Heartforge Hammer", *oracle.leaders["armory"][1:]]  # a Signature Weapon, Heat
    found = problems(base=oracle, armory=armory)
    assert len(found) == 1 and cites(found, "3.8") and cites(found, "17.3")


def test_a_signature_card_is_legal_for_the_heros_variants():
    # rule circuits.3.9
    storm = BY_HERO["Forgeblade (Stormforged)"]
    assert "Anvil Strike" in storm.cards
    assert problems(base=storm) == []
    armory = ["Heartforge Hammer", *storm.leaders["armory"][1:]]
    assert problems(base=storm, armory=armory) == []


def test_a_signature_card_must_also_pass_the_circuit_check():
    # rule circuits.gap.35
    # rule circuits.3.9
    storm = BY_HERO["Forgeblade (Stormforged)"]  # Heat/Static: Tempering Quench is Kinetic
    assert problems(cards=swap(FORGEBLADE, "Brace", "Tempering Quench", 2)) == []
    found = problems(base=storm, cards=swap(storm, "Quick Shot", "Tempering Quench"))
    assert len(found) == 1 and cites(found, "gap.35") and cites(found, "3.6")


def test_at_most_one_legendary_gear_in_an_armory():
    # rule circuits.3.11
    two = ["Heartforge Hammer", "Redline Drill", "Plated Harness", "Slag Plate", "Crown of the Forge", "Emberheart Anvil"]
    found = problems(armory=two)
    assert len(found) == 1 and cites(found, "3.11")
    twice = [*two[:4], "Crown of the Forge", "Crown of the Forge"]
    found = problems(armory=twice)
    assert len(found) == 1 and cites(found, "3.11")
    assert problems(armory=[*two[:4], "Emberheart Anvil", "Recoil Engine"]) == []


def test_legendary_gear_counts_as_a_relic():
    # rule circuits.3.12
    # a Legendary plus one Relic fills the two Relic places
    assert problems(armory=["Heartforge Hammer", "Redline Drill", "Plated Harness", "Slag Plate",
                            "Crown of the Forge", "Field Kit"]) == []
    # a Legendary plus two Relics is three Relics, with one Armor too few
    found = problems(armory=["Heartforge Hammer", "Redline Drill", "Plated Harness", "Crown of the Forge",
                             "Recoil Engine", "Field Kit"])
    assert len(found) == 1 and cites(found, "3.12") and cites(found, "17.2") and "3 Relics" in found[0]


def test_anomaly_cards_are_illegal_in_standard_and_legal_in_open():
    # rule circuits.3.13
    cards = swap(FORGEBLADE, "Brace", "Rift Ember", 2)
    found = problems(cards=cards)
    assert len(found) == 1 and cites(found, "3.13") and "Rift Ember" in found[0]
    assert problems(cards=cards, fmt="open") == []
    d = parse_deck(deck_toml(["Forgeblade"], FORGEBLADE.leaders["armory"], cards, fmt="open"))
    assert check_deck(d, POOL) == []  # the deck's own format = "open"


def test_at_most_two_anomaly_cards_per_deck():
    # rule circuits.3.14
    cards = swap(swap(FORGEBLADE, "Brace", "Rift Ember", 2), "Brace", "Null Sigil", 1)
    found = problems(cards=cards, fmt="open")
    assert len(found) == 1 and cites(found, "3.14") and "3 Anomaly" in found[0]
    assert problems(cards=swap(FORGEBLADE, "Brace", "Null Sigil", 2), fmt="open") == []
    found = problems(cards=cards)  # in Standard: each Anomaly name, and the count
    assert cites(found, "3.13") and cites(found, "3.14") and len(found) == 3


# -- §17 Duel deck construction --------------------------------------------------------------------


def test_a_duel_deck_registers_exactly_one_hero():
    # rule circuits.17.1
    assert cites(problems(heroes=[]), "17.1")
    found = problems(heroes=["Forgeblade", "Volt Reaver"])
    assert len(found) == 1 and cites(found, "17.1") and "lists 2" in found[0]
    found = check_deck(parse_deck(deck_toml(None, FORGEBLADE.leaders["armory"], dict(FORGEBLADE.cards))), POOL)
    assert len(found) == 1 and cites(found, "17.1") and "missing `heroes" in found[0]


def test_the_hero_must_be_a_real_hero():
    # rule circuits.17.1
    found = problems(heroes=["Forgeblaid"])
    assert len(found) == 1 and cites(found, "17.1") and "'Forgeblade'" in found[0]
    found = problems(heroes=["Forgeblade (Molten)"])
    assert len(found) == 1 and "unknown card" in found[0]
    found = problems(heroes=["Redline Drill"])
    assert len(found) == 1 and cites(found, "17.1") and "not a Hero" in found[0]
    assert problems(heroes=["Forgeblade (Stormforged)"], base=BY_HERO["Forgeblade (Stormforged)"]) == []


def test_a_duel_armory_has_six_gear_two_of_each_slot():
    # rule circuits.17.2
    armory = FORGEBLADE.leaders["armory"]
    found = problems(armory=armory[:5])
    assert cites(found, "17.2") and any("has 5 Gear" in p for p in found)
    found = problems(armory=[*armory, "Training Blade"])
    assert cites(found, "17.2") and any("has 7 Gear" in p for p in found)
    found = problems(armory=["Heartforge Hammer", "Redline Drill", "Training Blade", "Slag Plate",
                             "Recoil Engine", "Field Kit"])
    assert len(found) == 1 and cites(found, "17.2") and "3 Weapons, 1 Armor, 2 Relics" in found[0]
    found = check_deck(parse_deck(deck_toml(["Forgeblade"], None, dict(FORGEBLADE.cards))), POOL)
    assert len(found) == 1 and cites(found, "17.2") and "missing `armory" in found[0]


def test_the_armory_holds_only_real_gear():
    # rule circuits.17.2
    # rule circuits.2.2
    found = problems(armory=[*FORGEBLADE.leaders["armory"][:5], "Heavy Swing"])
    assert cites(found, "2.2") and any("'Heavy Swing' is not Gear" in p for p in found)
    found = problems(armory=[*FORGEBLADE.leaders["armory"][:5], "Recoil Engin"])
    assert cites(found, "17.3") and any("'Recoil Engine'" in p for p in found)


def test_every_gear_must_be_legal_for_the_hero():
    # rule circuits.17.3
    armory = list(FORGEBLADE.leaders["armory"])
    armory[3] = "Radiant Bulwark"  # a Radiant Armor for a Heat/Kinetic Hero
    found = problems(armory=armory)
    assert len(found) == 1 and cites(found, "17.3") and cites(found, "3.6") and "Radiant Bulwark" in found[0]
    armory[3] = "Slag Plate"
    armory[4] = "Aegis of Dawn"  # a Radiant/Nano Legendary
    found = problems(armory=armory)
    assert len(found) == 1 and cites(found, "17.3") and cites(found, "3.7")


def test_a_duel_action_deck_has_exactly_40_cards():
    # rule circuits.17.4
    cards = dict(FORGEBLADE.cards)
    cards["Brace"] -= 1
    found = problems(cards=cards)
    assert len(found) == 1 and cites(found, "17.4") and "has 39 cards" in found[0]
    cards["Brace"] += 2
    found = problems(cards=cards)
    assert len(found) == 1 and cites(found, "17.4") and "has 41 cards" in found[0]


def test_at_most_four_copies_of_a_name():
    # rule circuits.17.5
    cards = swap(FORGEBLADE, "Brace", "Heavy Swing", 1)  # Heavy Swing 4 → 5, still 40 cards
    assert cards["Heavy Swing"] == 5
    found = problems(cards=cards)
    assert len(found) == 1 and cites(found, "17.5") and "5 copies of 'Heavy Swing'" in found[0]
    assert problems(cards=swap(FORGEBLADE, "Brace", "Heavy Swing", 0)) == []  # exactly four is fine


def test_every_card_must_be_legal_for_the_hero_and_real():
    # rule circuits.17.6
    found = problems(cards=swap(FORGEBLADE, "Brace", "Setup Scrambler"))
    assert len(found) == 1 and cites(found, "17.6")
    found = problems(cards=swap(FORGEBLADE, "Brace", "Flash Burm"))
    assert len(found) == 1 and cites(found, "17.6") and "did you mean 'Flash Burn'" in found[0]


def test_heroes_and_gear_never_go_in_the_action_deck():
    # rule circuits.2.2
    found = problems(cards=swap(swap(FORGEBLADE, "Brace", "Forgeblade", 1), "Brace", "Redline Drill", 2))
    assert len(found) == 2 and all(cites([p], "2.2") for p in found)
    assert any("'Forgeblade' is a Hero" in p for p in found) and any("'Redline Drill' is Gear" in p for p in found)


def test_standard_and_open_share_the_duel_rules_except_anomaly():
    # rule circuits.17.7
    assert set(FORMATS) == {"standard", "open"}
    broken = dict(FORGEBLADE.cards)
    broken["Brace"] += 3  # 43 cards and 6 copies
    standard, open_ = problems(cards=broken), problems(cards=broken, fmt="open")
    assert standard == open_ and len(standard) == 2
    for d in STARTERS.values():
        assert check_deck(d, POOL, "standard") == check_deck(d, POOL, "open") == []
    found = problems(fmt="squad")
    assert len(found) == 1 and "unknown format 'squad'" in found[0]


def test_every_reason_is_listed_and_names_its_rule():
    # rule circuits.17.1
    # rule circuits.17.6
    cards = {"Flash Burn": 6, "Mend Light": 2, "Forgeblade": 1, "Rift Ember": 3, "Nonsense Card": 1}
    d = parse_deck(deck_toml(["Forgeblade", "Sparkwright"], ["Crown of the Forge", "Emberheart Anvil", "Sunlance"],
                             cards))
    found = check_deck(d, POOL)
    for rule in ("17.1", "17.2", "3.11", "17.5", "2.2", "3.13", "3.14", "17.4", "17.6"):
        assert cites(found, rule), rule
    assert all(re.search(r"\(rules? circuits\.", p) for p in found), found
    solo = parse_deck(deck_toml(["Sparkwright"], ["Sunlance", "Crown of the Forge"], cards))
    found = check_deck(solo, POOL)
    assert cites(found, "3.6") and cites(found, "3.7") and cites(found, "17.3")
    assert all(re.search(r"\(rules? circuits\.", p) for p in found), found


def test_a_deck_for_another_game_is_refused():
    d = parse_deck(deck_toml(["Forgeblade"], FORGEBLADE.leaders["armory"], dict(FORGEBLADE.cards))
                   .replace('game = "circuits"', 'game = "aliens"'))
    found = check_deck(d, POOL)
    assert len(found) == 1 and "not 'circuits'" in found[0]


# -- random decks ----------------------------------------------------------------------------------


def test_random_decks_are_legal_in_their_format():
    # rule circuits.17.4
    # rule circuits.17.6
    # rule circuits.3.14
    heroes = set()
    formats = set()
    for seed in range(50):
        d = random_deck(POOL, random.Random(seed))
        assert check_deck(d, POOL, d.format) == [], (seed, d.leaders)
        assert d.size == 40
        anomalies = sum(k for n, k in d.cards.items() if POOL.by_name[n].anomaly)  # type: ignore[union-attr]
        assert anomalies == 0 if d.format == "standard" else anomalies <= 2
        assert sum(isinstance(POOL.by_name[g], GearCard) and POOL.by_name[g].legendary  # type: ignore[union-attr]
                   for g in d.leaders["armory"]) <= 1
        heroes.add(d.leaders["heroes"][0])
        formats.add(d.format)
    assert len(heroes) >= 5 and formats == {"standard", "open"}
    assert random_deck(POOL, random.Random(3)) == random_deck(POOL, random.Random(3))
