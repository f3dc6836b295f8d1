"""Rule scenarios for aliens §4, affinities and the wheel. Every pairing is played as a real attack on a
board (the Attack card's affinity against the target Alien's) and checked against `pool.beats`."""

from __future__ import annotations

import typing
from functools import cache

import pytest
from aliens_scenario import POOL, events, pick, scenario

from cardarena.core.cards import convert_cards
from cardarena.core.errors import CardDataError
from cardarena.games.aliens.pool import beats
from cardarena.games.aliens.schema import WHEEL, Affinity, Card

TEN = ("Plasma", "Mycelial", "Cryo", "Meteoric", "Ion", "Atmospheric", "Solar", "Void", "Psionic", "Alloy")
ALL = (*TEN, "Universal")

#: an Alien of each species with no attack modifier, to declare attacks
DECLARER = {
    "Ferrax": "Rustbloom Engine", "Glacien": "Boreas Galewing", "Lithari": "Gravok Stonehide",
    "Mycora": "Sporemother Yth", "Psykari": "Synapse Drone", "Pyrrhid": "Solrath the Kindled",
    "Umbral": "Whisperer Oss", "Voltari": "Zarkon Arcwing",
}
#: an Alien of each affinity with no armor, to be the target
TARGET = {
    "Plasma": "Magmora Coreheart", "Mycelial": "Sporemother Yth", "Cryo": "Cryovex Shade",
    "Meteoric": "Gravok Stonehide", "Ion": "Synapse Drone", "Atmospheric": "Boreas Galewing",
    "Solar": "Solrath the Kindled", "Void": "Rotwing Hollowcap", "Psionic": "Oracle Venn",
    "Alloy": "Rimeforged Golem", "Universal": "The Hive Chorus",
}


def wheel_card(affinity: str) -> str:
    """The cheapest Attack of that affinity with no super-effective list of its own."""
    cards = [t for t in POOL.tactics if t.subtype == "attack" and t.affinity == affinity and not t.super_effective]
    return min(cards, key=lambda t: (t.cost, t.name)).name


@cache
def strike(card_name: str, defender: str, declarer: str = "") -> dict:
    """P0 declares `card_name` against the P1 Alien `defender`; the damage event of that attack."""
    card = POOL.by_name[card_name]
    first = declarer or DECLARER[card.species]
    others = [a for a in DECLARER.values() if POOL.by_name[a].species not in (card.species, POOL.by_name[first].species)]
    mine = [first, *others[:2]]
    theirs = [defender, *[a for a in TARGET.values() if a != defender][:2]]
    st = scenario(aliens=(mine, theirs), hands=([card_name], []), charge=(6, 0))
    before = st.hp[3]  # the defender is P1's first Alien
    pick(st, "Play", card_name)
    if st.decision is not None and st.decision.kind == "target":
        pick(st, defender + " (")
    [hit] = [e for e in events(st, "damage") if e["source"] == card_name]
    assert hit["target_name"] == defender
    assert [e["performer"] for e in events(st, "activate")] == [first]
    assert (hit["modifier"], hit["armor"], hit["blocked"], hit["shielded"]) == (0, 0, 0, 0)
    assert hit["final"] == hit["base"] + hit["bonus"]
    assert hit["hp"] == before - hit["final"]
    return hit


def bonus(attack_affinity: str, defender_affinity: str) -> int:
    return strike(wheel_card(attack_affinity), TARGET[defender_affinity])["bonus"]


def assert_row(attack: str, targets: set[str]) -> None:
    """`attack` gets +2 on the board exactly against `targets`, and `beats` agrees."""
    on_board = {d for d in ALL if bonus(attack, d) == 2}
    assert on_board == targets
    assert {d for d in ALL if bonus(attack, d) == 0} == set(ALL) - targets
    assert {d for d in ALL if beats(attack, d)} == targets


def convert(table: dict) -> Card:
    return convert_cards([("test/cards.toml", table)], Card)[0]


ATTACK_TABLE = {"kind": "tactic", "id": "t-x", "name": "Test Strike", "species": "Pyrrhid", "subtype": "attack",
                "cost": 1, "text": "", "affinity": "Plasma", "damage": 2}


# -- affinity values -----------------------------------------------------------------------------


def test_every_alien_and_attack_has_one_affinity_of_the_eleven():
    # rule aliens.4.1
    for a in POOL.aliens:
        assert a.affinity in ALL
    attacks = [t for t in POOL.tactics if t.subtype == "attack"]
    assert attacks
    for t in attacks:
        assert isinstance(t.affinity, str) and t.affinity in ALL


@pytest.mark.parametrize("affinity", [None, "Fire", ["Plasma", "Cryo"]], ids=["missing", "unknown", "two"])
def test_an_attack_without_exactly_one_known_affinity_is_invalid(affinity):
    # rule aliens.4.1
    table = dict(ATTACK_TABLE)
    if affinity is None:
        del table["affinity"]
    else:
        table["affinity"] = affinity
    with pytest.raises(CardDataError):
        convert(table)
    assert convert(ATTACK_TABLE).affinity == "Plasma"


def test_an_alien_with_two_affinities_is_invalid():
    # rule aliens.4.1
    alien = {"kind": "alien", "id": "a-x", "name": "Test Alien", "species": "Pyrrhid", "affinity": ["Plasma", "Cryo"],
             "hp": 10, "ability": {"kind": "passive", "name": "P", "text": "", "modifiers": {"armor": 1}}}
    with pytest.raises(CardDataError, match="affinity"):
        convert(alien)


def test_there_are_exactly_ten_wheel_affinities():
    # rule aliens.4.2
    assert len(WHEEL) == 10 and set(WHEEL) == set(TEN)
    assert set(typing.get_args(Affinity)) == {*TEN, "Universal"}
    assert {a.affinity for a in POOL.aliens} >= set(TEN)


def test_the_wheel_reads_clockwise_in_the_rulebook_order():
    # rule aliens.4.5
    assert WHEEL == TEN
    for i, a in enumerate(WHEEL):  # each beats its next one, and Alloy wraps round to Plasma
        assert beats(a, WHEEL[(i + 1) % 10])
    assert beats("Alloy", "Plasma") and beats("Alloy", "Mycelial")


# -- the bonus -----------------------------------------------------------------------------------


def test_a_super_effective_attack_deals_two_more():
    # rule aliens.4.3
    plain = strike("Ember Lash", "Magmora Coreheart")  # Plasma on Plasma
    boosted = strike("Ember Lash", "Sporemother Yth")  # Plasma on Mycelial
    assert (plain["base"], plain["bonus"], plain["final"]) == (2, 0, 2)
    assert (boosted["base"], boosted["bonus"], boosted["final"]) == (2, 2, 4)


def test_the_attack_cards_affinity_counts_not_the_declaring_aliens():
    # rule aliens.4.4
    # Magmora is a Plasma Alien (Plasma beats Mycelial), but its Pebble Barrage is Meteoric
    assert strike("Pebble Barrage", "Sporemother Yth", declarer="Magmora Coreheart")["bonus"] == 0
    # Gravok is a Meteoric Alien, but its Lava Hammer is Plasma
    assert strike("Lava Hammer", "Sporemother Yth", declarer="Gravok Stonehide")["bonus"] == 2


def test_the_target_aliens_affinity_counts():
    # rule aliens.4.4
    # the same Plasma attack, two targets in the same squad: only the Mycelial one takes the bonus
    assert strike("Ember Lash", "Sporemother Yth")["bonus"] == 2
    assert strike("Ember Lash", "Gravok Stonehide")["bonus"] == 0


def test_plasma_beats_mycelial_and_cryo():
    # rule aliens.4.6
    assert_row("Plasma", {"Mycelial", "Cryo"})


def test_mycelial_beats_cryo_and_meteoric():
    # rule aliens.4.7
    assert_row("Mycelial", {"Cryo", "Meteoric"})


def test_cryo_beats_meteoric_and_ion():
    # rule aliens.4.8
    assert_row("Cryo", {"Meteoric", "Ion"})


def test_meteoric_beats_ion_and_atmospheric():
    # rule aliens.4.9
    assert_row("Meteoric", {"Ion", "Atmospheric"})


def test_ion_beats_atmospheric_and_solar():
    # rule aliens.4.10
    assert_row("Ion", {"Atmospheric", "Solar"})


def test_atmospheric_beats_solar_and_void():
    # rule aliens.4.11
    assert_row("Atmospheric", {"Solar", "Void"})


def test_solar_beats_void_and_psionic():
    # rule aliens.4.12
    assert_row("Solar", {"Void", "Psionic"})


def test_void_beats_psionic_and_alloy():
    # rule aliens.4.13
    assert_row("Void", {"Psionic", "Alloy"})


def test_psionic_beats_alloy_and_plasma():
    # rule aliens.4.14
    assert_row("Psionic", {"Alloy", "Plasma"})


def test_alloy_beats_plasma_and_mycelial():
    # rule aliens.4.15
    assert_row("Alloy", {"Plasma", "Mycelial"})


def test_plasma_is_weak_to_psionic_and_alloy():
    # rule aliens.4.16
    assert {a for a in TEN if bonus(a, "Plasma") == 2} == {"Psionic", "Alloy"}


def test_every_affinity_is_weak_to_the_two_before_it():
    # rule aliens.4.16
    for i, d in enumerate(TEN):
        before = {TEN[i - 1], TEN[i - 2]}
        assert {a for a in TEN if bonus(a, d) == 2} == before
        assert {a for a in ALL if beats(a, d)} == before


def test_other_pairings_give_no_bonus():
    # rule aliens.4.17
    for attack, target in (("Plasma", "Plasma"), ("Plasma", "Meteoric"), ("Mycelial", "Plasma")):
        hit = strike(wheel_card(attack), TARGET[target])
        assert hit["bonus"] == 0 and hit["final"] == hit["base"]
        assert not beats(attack, target)


def test_the_wheel_never_lowers_damage():
    # rule aliens.4.17
    plain = 0
    for a in TEN:
        for d in TEN:
            hit = strike(wheel_card(a), TARGET[d])
            assert hit["bonus"] in (0, 2) and hit["final"] >= hit["base"]
            plain += hit["bonus"] == 0
    assert plain == 100 - 20  # two targets per affinity get the bonus; the other 80 pairings are plain


@pytest.mark.parametrize("card", ["Fungal Crush", "Psychic Scream", "Twin Flare"])
def test_a_universal_attack_never_gets_the_bonus(card):
    # rule aliens.4.18
    assert POOL.by_name[card].affinity == "Universal"
    for d in ALL:
        assert strike(card, TARGET[d])["bonus"] == 0
        assert not beats("Universal", d)


@pytest.mark.parametrize("target", ["The Hive Chorus", "The Grey Bloom"])
def test_an_attack_on_a_universal_alien_never_gets_the_bonus(target):
    # rule aliens.4.19
    assert POOL.by_name[target].affinity == "Universal"
    for a in TEN:
        assert strike(wheel_card(a), target)["bonus"] == 0
        assert not beats(a, "Universal")


def test_a_cards_own_list_adds_the_bonus_where_the_wheel_gives_none():
    # rule aliens.4.20
    cases = [("Comet Strike", "Cryo"), ("Solar Lance", "Cryo"), ("Hollow Bite", "Ion"), ("Singularity", "Solar"),
             ("Mindlash", "Void"), ("Acid Drill", "Alloy"), ("Piston Crusher", "Meteoric")]
    for card, target in cases:
        c = POOL.by_name[card]
        assert target in c.super_effective and not beats(c.affinity, target)
        assert strike(card, TARGET[target])["bonus"] == 2


def test_a_cards_own_list_does_not_replace_the_wheel():
    # rule aliens.4.21
    # Comet Strike is Meteoric with its own list [Cryo]: it keeps Ion and Atmospheric from the wheel
    assert POOL.by_name["Comet Strike"].super_effective == ("Cryo",)
    got = {d for d in ALL if strike("Comet Strike", TARGET[d])["bonus"] == 2}
    assert got == {"Cryo", "Ion", "Atmospheric"}


def test_every_listed_card_keeps_its_two_wheel_targets():
    # rule aliens.4.21
    for c in POOL.tactics:
        if c.subtype == "attack" and c.super_effective and c.affinity in TEN:
            for d in TEN:
                if beats(c.affinity, d):
                    assert strike(c.name, TARGET[d])["bonus"] == 2
