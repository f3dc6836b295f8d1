"""Limited, Sealed (rulebook §17: rules circuits.17.13–17.16; ruling circuits.gap.37): packs by rarity
slot, the Recruit pack, Limited deck legality with every reason, the automatic builder, Limited
matches and `cardarena sealed`."""

from __future__ import annotations

import random
from collections import Counter

from typer.testing import CliRunner

from cardarena.cli import app
from cardarena.core.decks import Deck, load_deck
from cardarena.core.errors import DeckError
from cardarena.games.circuits import limited as L
from cardarena.games.circuits.decks import check_deck
from cardarena.games.circuits.pool import card_pool
from cardarena.games.circuits.ruleset import CircuitsRuleset
from cardarena.games.circuits.schema import GearCard, HeroCard

POOL = card_pool()
GAME = CircuitsRuleset()


def sealed(seed: int = 1) -> tuple[list[str], list[str], Deck]:
    recruits, opened = L.sealed_pool(POOL, seed)
    return recruits, opened, L.build_deck(POOL, recruits, opened)


def test_a_pack_has_its_rarity_slots_and_no_signature_or_anomaly_card():
    # rule circuits.gap.37
    rng = random.Random(3)
    for _ in range(30):
        pack = [POOL.by_name[n] for n in L.open_pack(POOL, rng)]
        assert len(pack) == L.PACK_SIZE == 14
        assert sum(1 for c in pack[:L.COMMONS] if len(c.circuits) < 2) == L.COMMONS
        assert all(len(c.circuits) == 2 for c in pack[L.COMMONS:L.COMMONS + L.UNCOMMONS])
        assert isinstance(pack[L.COMMONS + L.UNCOMMONS], GearCard)
        assert not any(c.signature or getattr(c, "anomaly", False) for c in pack)


def test_no_pack_holds_a_squad_only_card():
    # rule circuits.16.19
    # ruling circuits.gap.37: a Limited game is a Duel, where nobody Swaps, so a Reaction "when the enemy
    # Swaps" (Cut Off) could never be played: no pack holds one, and a pool that lists one was not opened.
    squad_only = [c.name for c in POOL.actions if getattr(c, "trigger", None) == "enemy_swaps"]
    assert squad_only == ["Cut Off"]
    rng = random.Random(11)
    assert not {n for _ in range(300) for n in L.open_pack(POOL, rng)} & set(squad_only)
    _recruits, opened, deck = sealed(3)
    leaders = {**deck.leaders, "pool": [*opened, "Cut Off"]}
    found = check_deck(Deck(game="circuits", name="x", format="limited", leaders=leaders, cards=deck.cards,
                            source="<t>"), POOL)
    assert len(found) == 1 and "'Cut Off' in `pool`: no pack holds a Squad-only card" in found[0], found


def test_the_recruit_pack_holds_three_heroes_of_distinct_names_and_one_gear_per_slot():
    # rule circuits.gap.37
    recruits = [POOL.by_name[n] for n in L.open_recruits(POOL, random.Random(5))]
    heroes = [c for c in recruits if isinstance(c, HeroCard)]
    assert len(heroes) == 3 and len({h.name for h in heroes}) == 3
    assert sorted(c.slot for c in recruits if isinstance(c, GearCard)) == ["armor", "relic", "weapon"]


def test_a_sealed_pool_is_the_same_for_the_same_seed():
    assert L.sealed_pool(POOL, 9) == L.sealed_pool(POOL, 9) != L.sealed_pool(POOL, 10)
    assert len(L.sealed_pool(POOL, 9)[1]) == L.SEALED_PACKS * L.PACK_SIZE


def test_the_automatic_builder_makes_a_legal_limited_deck():
    # rule circuits.17.13
    for seed in range(20):
        _, _, deck = sealed(seed)
        assert check_deck(deck, POOL) == [], seed
        assert deck.size >= 30


def test_a_limited_deck_has_at_least_30_cards():
    # rule circuits.17.13
    _, _, deck = sealed()
    cards = dict(deck.cards)
    cards[next(iter(cards))] -= 1
    short = Deck(game="circuits", name="x", format="limited", leaders=deck.leaders,
                 cards={n: k for n, k in cards.items() if k}, source="<t>")
    found = check_deck(short, POOL)
    assert found == ["the Action Deck has 29 cards; a Limited deck has at least 30 (rule circuits.17.13)"]


def test_limited_ignores_circuit_legality():
    # rule circuits.17.14
    legal_off_circuit = 0
    for seed in range(10):
        _, _, deck = sealed(seed)
        hero = POOL.heroes[deck.leaders["heroes"][0]]
        legal_off_circuit += sum(1 for n in deck.cards if not set(POOL.by_name[n].circuits) <= set(hero.circuits))
        assert check_deck(deck, POOL) == []
    assert legal_off_circuit > 0  # some decks play cards their Hero could not use in Duel


def test_limited_gear_and_cards_must_come_from_what_was_opened():
    # rule circuits.17.15
    recruits, opened, deck = sealed(2)
    never = next(g.name for g in POOL.gear if g.name not in opened and g.name not in recruits and not g.legendary)
    found = check_deck(Deck(game="circuits", name="x", format="limited",
                            leaders={**deck.leaders, "armory": [*deck.leaders["armory"], never]},
                            cards=deck.cards, source="<t>"), POOL)
    assert len(found) == 1 and "circuits.17.15" in found[0] and never in found[0]
    have = Counter(opened)
    extra = next(n for n in deck.cards if deck.cards[n] == have[n])
    cards = {**deck.cards, extra: deck.cards[extra] + 1}
    found = check_deck(Deck(game="circuits", name="x", format="limited", leaders=deck.leaders, cards=cards,
                            source="<t>"), POOL)
    assert any("circuits.17.15" in p and extra in p for p in found)


def test_the_limited_hero_comes_from_the_recruit_pack():
    # rule circuits.17.16
    recruits, _, deck = sealed(4)
    other = next(h for h in POOL.heroes if h not in recruits)
    found = check_deck(Deck(game="circuits", name="x", format="limited", leaders={**deck.leaders, "heroes": [other]},
                            cards=deck.cards, source="<t>"), POOL)
    assert len(found) == 1 and "circuits.17.16" in found[0]
    bare = Deck(game="circuits", name="x", format="limited", leaders={"heroes": deck.leaders["heroes"]},
                cards=deck.cards, source="<t>")
    assert "recruits = [...]" in check_deck(bare, POOL)[0]


def test_a_limited_deck_needs_every_gear_slot():
    _, _, deck = sealed(6)
    weaponless = [g for g in deck.leaders["armory"] if POOL.by_name[g].slot != "weapon"]
    found = check_deck(Deck(game="circuits", name="x", format="limited", leaders={**deck.leaders, "armory": weaponless},
                            cards=deck.cards, source="<t>"), POOL)
    assert any("no weapon" in p for p in found)


def test_limited_decks_play_a_limited_match_and_meet_no_other_format():
    # rule circuits.17.13
    _, _, a = sealed(1)
    _, _, b = sealed(2)
    st = GAME.new_game(decks=[a, b], seed=3)
    assert st.config["format"] == "limited"
    rng = random.Random(0)
    while st.decision is not None:
        st.apply(rng.choice(st.decision.options).id)
    assert st.result is not None
    try:
        GAME.new_game(decks=[a, "forgeblade"], seed=3)
    except DeckError as e:
        assert len(e.problems) == 1 and "Limited" in e.problems[0]
    else:
        raise AssertionError("a Duel deck met a Limited deck")


def test_the_sealed_command_builds_saves_and_plays(tmp_path):
    out = tmp_path / "mine.toml"
    r = CliRunner().invoke(app, ["sealed", "circuits", "--seed", "7", "--out", str(out), "--versus", "8"])
    assert r.exit_code == 0, r.output
    assert "Limited match, sealed 7 vs sealed 8" in r.output
    deck = load_deck(str(out))
    assert deck.format == "limited" and check_deck(deck, POOL) == []
    r = CliRunner().invoke(app, ["sealed", "aliens"])
    assert r.exit_code == 2 and "no Limited format" in r.output


def test_the_secret_loadout_pick_does_not_tell_how_many_gear_a_slot_holds():
    # rule circuits.5.3
    # ruling circuits.gap.37: a Limited Armory holds any Gear opened, so how many Gear of a slot it holds
    # is hidden until the reveal. P1's Armory holds one Armor in one game and two in the other: P2, asked
    # for its own picks next, must see the same seq and log. The pick of a lone Armor used to be made
    # without asking and without a `loadout_committed` event.
    from cardarena.games.circuits.turn import new_state

    plain = {s: [g for g in POOL.gear if g.slot == s and not g.signature and not g.legendary]
             for s in ("weapon", "armor", "relic")}
    filler = next(t for t in POOL.tactics if not t.circuits and t.type == "instant")
    theirs = [plain["weapon"][0], plain["armor"][0], plain["relic"][0], plain["relic"][1]]
    seen = []
    for armory in ([*plain["weapon"][:2], *plain["armor"][:2], *plain["relic"][:2]],
                   [*plain["weapon"][:3], plain["armor"][0], *plain["relic"][:2]]):
        params = GAME.check_rules(None)
        st = new_state([[POOL.heroes["Forgeblade"]], [POOL.heroes["Lumen Warden"]]], [armory, theirs],
                       [[filler] * 30, [filler] * 30], 5, params,
                       {"game": "circuits", "format": "limited", "rules": params, "seed": 5, "decks": []})
        while st.decision is not None and st.decision.seat == 0:
            st.apply(st.decision.ids[0])
        assert st.decision is not None and st.decision.kind == "loadout"
        seen.append((st.view(1), st.visible_log(1)))
    assert seen[0] == seen[1]


def test_sealed_opens_a_new_pool_each_time_unless_a_seed_is_given():
    import re

    pools = set()
    for _ in range(2):
        r = CliRunner().invoke(app, ["sealed", "circuits"])
        assert r.exit_code == 0, r.output
        m = re.search(r"Sealed pool (\d+) \(`--seed \1` opens it again\): (.*)", r.output)
        assert m, r.output
        pools.add(m.group(1))
        again = CliRunner().invoke(app, ["sealed", "circuits", "--seed", m.group(1)])
        assert again.output == r.output  # the printed seed opens the same pool and builds the same deck
    assert len(pools) == 2


def test_a_limited_deck_records_a_pool_that_packs_could_hold():
    # ruling circuits.gap.37: no Signature or Anomaly card and no Hero in a pack; a Recruit pack holds
    # three Heroes of distinct names and one plain Gear of each slot. A pool edited to hold more is refused.
    recruits, opened, deck = sealed(8)
    assert check_deck(deck, POOL) == []
    signature = next(c.name for c in POOL.actions if c.signature)
    anomaly = next(c.name for c in POOL.actions if getattr(c, "anomaly", False))
    cards = {**deck.cards, signature: 1, anomaly: 1}
    leaders = {**deck.leaders, "pool": [*opened, signature, anomaly]}
    found = check_deck(Deck(game="circuits", name="x", format="limited", leaders=leaders, cards=cards,
                            source="<t>"), POOL)
    assert any(signature in p and "no pack holds a Signature card" in p for p in found), found
    assert any(anomaly in p and "no pack holds an Anomaly card" in p for p in found), found
    fourth = next(h for h in POOL.heroes if h not in recruits and POOL.by_name[h].name not in
                  {POOL.by_name[r].name for r in recruits if r in POOL.heroes})
    leaders = {**deck.leaders, "recruits": [*recruits, fourth]}
    found = check_deck(Deck(game="circuits", name="x", format="limited", leaders=leaders, cards=deck.cards,
                            source="<t>"), POOL)
    assert len(found) == 1 and "lists 4 Heroes" in found[0], found


def test_building_by_hand_chooses_which_legendary_gear_the_armory_holds(tmp_path):
    # rule circuits.17.15
    # rule circuits.3.11
    # any Gear opened may be in the Armory, at most one Legendary: a pool that opened three lets the
    # player choose it (the hand builder used to keep the first by name, Emberheart Anvil, unasked)
    _recruits, opened = L.sealed_pool(POOL, 2)
    legendary = sorted({n for n in opened if getattr(POOL.by_name[n], "legendary", False)})
    assert legendary == ["Emberheart Anvil", "Stormglass Oracle", "Sunplate Standard"]
    out = tmp_path / "hand.toml"
    cards = "".join(f"{k}\n" for k in range(1, 60)) * 4
    r = CliRunner().invoke(app, ["sealed", "circuits", "--seed", "2", "--build", "hand", "--out", str(out)],
                           input="1\n3\n" + cards + "done\n")
    assert r.exit_code == 0, r.output
    deck = load_deck(str(out))
    assert [n for n in deck.leaders["armory"] if n in legendary] == ["Sunplate Standard"]
    assert check_deck(deck, POOL) == []
