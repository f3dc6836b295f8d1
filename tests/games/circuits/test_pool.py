"""The Base 001 card pool of `circuits` (rulebook §2, §3, §9, §12, §13) and the load-time checks that
reject bad card data: every requirement on the pool is pinned here, read from cards/*.toml."""

from __future__ import annotations

from collections.abc import Iterable
from statistics import mean
from typing import Any

import pytest

from cardarena.core.cards import load_card_tables
from cardarena.core.errors import CardDataError
from cardarena.games.circuits.pool import CardPool, card_pool, player_cards
from cardarena.games.circuits.schema import (
    CIRCUITS,
    OUTCOME_TRIGGERS,
    RESTRICTED_TRIGGERS,
    AssetCard,
    Card,
    Effect,
    GearCard,
    HeroCard,
    TacticCard,
    honest_kind,
)

POOL = card_pool()
HEROES = list(POOL.heroes.values())


def load(*tables: dict[str, Any]) -> CardPool:
    return CardPool(player_cards([("circuits/cards/test.toml", t) for t in tables]))


def effects_of(card: Card) -> list[Effect]:
    """Every effect printed anywhere on a card: Tactic effects, on-play, Charge, triggers, Passive, Ultimate."""
    out: list[Effect] = []
    if isinstance(card, HeroCard):
        out += card.ultimate.effects
        for t in card.passive.triggers:
            out += t.effects
        return out
    if isinstance(card, TacticCard):
        out += card.effects
    if isinstance(card, AssetCard):
        out += card.on_play
    if isinstance(card, GearCard | AssetCard):
        if card.charge is not None:
            out += card.charge.effects
        for t in card.triggers:
            out += t.effects
    return out


def with_verb(verb: str, cards: Iterable[Card] | None = None) -> list[str]:
    return [c.name for c in (POOL.cards if cards is None else cards) if any(e.verb == verb for e in effects_of(c))]


def reactions(trigger: str) -> list[TacticCard]:
    return [t for t in POOL.tactics if t.type == "reaction" and t.trigger == trigger]


# -- Heroes ----------------------------------------------------------------------------------------


def test_at_least_eight_heroes_with_hp_two_circuits_passive_and_ultimate():
    # rule circuits.2.1
    # rule circuits.3.2
    assert len(HEROES) >= 8
    for h in HEROES:
        assert 18 <= h.hp <= 40, h.title  # the rulebook prints no Hero HP: ours (docs/balance/circuits.md §8)
        assert len(set(h.circuits)) == 2 and set(h.circuits) <= set(CIRCUITS), h.title
        assert h.passive.name and h.passive.text, h.title
        assert h.passive.attack or h.passive.triggers, f"{h.title}: a Passive that does nothing"
        assert h.ultimate.name and h.ultimate.text and h.ultimate.effects, h.title


def test_every_circuit_is_on_at_least_two_heroes():
    # rule circuits.gap.8
    for circuit in CIRCUITS:
        assert len([h for h in HEROES if circuit in h.circuits]) >= 2, circuit


def test_ultimates_print_no_cost():
    # rule circuits.13.2
    for label, table in load_card_tables("cardarena.games.circuits", "cards"):
        if table["kind"] == "hero":
            assert "cost" not in table and "cost" not in table["ultimate"], (label, table["name"])


def test_variants_share_their_heroes_name():
    # rule circuits.gap.9
    # rule circuits.16.2
    variants = [h for h in HEROES if h.variant]
    assert len(variants) >= 2
    base_names = {h.name for h in HEROES if not h.variant}
    for v in variants:
        assert v.name in base_names, v.title
        assert v.title == f"{v.name} ({v.variant})"
        assert POOL.heroes[v.title] is v


def test_hold_everything_and_full_battery_are_variant_ultimates():
    # rule circuits.8.7.1
    # rule circuits.8.7.4
    by_ultimate = {h.ultimate.name: h for h in HEROES}
    hold, battery = by_ultimate["Hold Everything"], by_ultimate["Full Battery"]
    assert hold.variant and battery.variant
    assert "guard_assets" in [e.verb for e in hold.ultimate.effects]
    assert [e.to for e in hold.ultimate.effects if e.verb == "guard_assets"] == ["each_your_asset"]
    fb = [e for e in battery.ultimate.effects if e.verb == "full_battery"]
    assert len(fb) == 1 and fb[0].amount >= 1  # extra damage per Asset


def test_an_ultimate_resolves_all_your_plans_with_a_damage_reward():
    # rule circuits.8.7.7
    # rule circuits.8.7.9
    found = [(h.title, e.reward) for h in HEROES for e in h.ultimate.effects if e.verb == "resolve_plans"]
    assert found and all(reward >= 1 for _, reward in found)
    # rule 8.7 heads it "Variant Ultimate timing": it sits on a Variant, never on a base Hero
    assert all(POOL.heroes[t].variant for t, _ in found)
    assert not any(POOL.heroes[t].ultimate.name in ("Hold Everything", "Full Battery") for t, _ in found)


def test_forgeblade_has_a_variant_and_signature_cards():
    # rule circuits.gap.19
    assert "Forgeblade" in POOL.heroes
    assert [h for h in HEROES if h.name == "Forgeblade" and h.variant]
    signature = [c for c in POOL.cards if not isinstance(c, HeroCard) and c.signature == "Forgeblade"]
    assert len(signature) >= 2
    assert all(c.text.startswith("Signature — Forgeblade") for c in signature)
    assert all(c.signature in POOL.hero_names for c in POOL.cards if not isinstance(c, HeroCard) and c.signature)


# -- Gear ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("circuit", CIRCUITS)
def test_every_circuit_has_a_weapon_an_armor_and_a_relic(circuit: str):
    # rule circuits.9.2.1
    mono = [g for g in POOL.gear if g.circuits == (circuit,)]
    assert [g for g in mono if g.slot == "weapon" and g.attack >= 1]
    assert [g for g in mono if g.slot == "armor" and g.reduce >= 1]
    assert [g for g in mono if g.slot == "relic"]


def test_gear_costs_slots_and_universal_gear():
    # rule circuits.3.5
    for g in POOL.gear:
        assert 1 <= g.cost <= 4, g.name
        assert g.text, g.name
        assert not g.attack or g.slot == "weapon", f"{g.name}: only Weapons add to the Basic Attack"
        assert not g.reduce or g.slot == "armor", f"{g.name}: Gear reductions are printed on Armor"
    universal = {g.slot for g in POOL.gear if not g.circuits}
    assert universal == {"weapon", "armor", "relic"}


def test_legendary_relics():
    # rule circuits.3.10
    # rule circuits.3.12
    legendary = [g for g in POOL.gear if g.legendary]
    assert len(legendary) >= 2
    for g in legendary:
        assert g.slot == "relic" and len(g.circuits) == 2, g.name
    # two Legendary Relics share a Hero pair, so an Armory can be tempted to hold both (rule 3.11)
    assert any(a is not b and a.circuits == b.circuits for a in legendary for b in legendary)


def test_gear_with_charge_lethal_save_and_asset_hp():
    # rule circuits.9.1.23
    # rule circuits.8.2.6
    # rule circuits.8.4.1
    assert [g for g in POOL.gear if g.charge is not None and g.charge.cost >= 1]
    assert [g for g in POOL.gear if g.lethal_save]
    assert [g for g in POOL.gear if g.slot == "relic" and g.asset_hp >= 1]


# -- Tactics and Assets ----------------------------------------------------------------------------


def test_all_four_tactic_types_and_assets_exist():
    # rule circuits.2.2
    assert {t.type for t in POOL.tactics} == {"instant", "reaction", "plan", "combo"}
    assert POOL.assets
    for c in POOL.actions:
        assert 0 <= c.cost <= 5, c.name
        assert c.text, c.name


def test_assets_have_hp_and_one_or_two_circuits():
    # rule circuits.9.1.1
    # rule circuits.8.3.1
    for a in POOL.assets:
        assert a.hp >= 1 and 1 <= len(a.circuits) <= 2, a.name


def test_no_base_asset_prints_both_guard_and_strike():
    # rule circuits.9.1.24
    assert [a for a in POOL.assets if a.guard]
    assert [a for a in POOL.assets if a.strike >= 1]
    assert not [a.name for a in POOL.assets if a.guard and a.strike]


def test_charge_is_printed_on_assets_and_gear():
    # rule circuits.9.1.20
    assert [a for a in POOL.assets if a.charge is not None]
    assert [g for g in POOL.gear if g.charge is not None]


@pytest.mark.parametrize("verb", ["repair", "burn", "shield", "mark", "jam", "cannot_heal", "force_reveal", "delay",
                                  "look_plan", "prevent", "heal", "draw", "drain_rally", "cancel", "survive",
                                  "rider_burn", "rider_repair", "next_attack", "return_plan"])
def test_every_keyword_verb_is_on_a_card(verb: str):
    # rule circuits.2.5
    assert with_verb(verb), f"no card uses `{verb}`"


def test_statuses_land_on_heroes_never_on_assets():
    # rule circuits.9.1.26
    # rule circuits.9.1.27
    # rule circuits.9.1.28
    # rule circuits.9.1.30
    for c in POOL.cards:
        for e in effects_of(c):
            if e.verb in ("mark", "burn", "jam", "cannot_heal", "rider_burn"):
                assert e.to == "enemy_hero", (c.name, e)
            if e.verb in ("shield", "heal"):
                assert e.to == "your_hero", (c.name, e)


@pytest.mark.parametrize("trigger", ["enemy_equips", "asset_would_damage_hero"])
def test_restricted_window_reactions(trigger: str):
    # rule circuits.11.13
    # rule circuits.11.15
    assert trigger in RESTRICTED_TRIGGERS
    assert reactions(trigger)


@pytest.mark.parametrize("trigger", ["hero_takes_damage", "hero_prevents_damage", "asset_destroyed",
                                     "asset_would_be_destroyed"])
def test_prospective_reactions(trigger: str):
    # rule circuits.11.24
    assert trigger in OUTCOME_TRIGGERS
    assert reactions(trigger)


def test_destruction_replacement_is_a_survive_reaction():
    # rule circuits.8.5.1
    # rule circuits.8.5.6
    cards = reactions("asset_would_be_destroyed")
    assert cards and all([e.verb for e in c.effects] == ["survive"] for c in cards)
    assert with_verb("survive") == [c.name for c in cards]


def test_lethal_saves_and_asset_hp_bonuses():
    # rule circuits.8.2.6
    # rule circuits.8.4.1
    assert len([g for g in POOL.gear if g.lethal_save]) >= 2
    assert {g.slot for g in POOL.gear if g.asset_hp} == {"relic"}


# -- the cards the rulebook names ------------------------------------------------------------------


def test_radiant_bulwark_is_an_armor_whose_shield_depletion_gives_shield():
    # rule circuits.8.2.10
    c = POOL.by_name["Radiant Bulwark"]
    assert isinstance(c, GearCard) and c.slot == "armor" and c.reduce >= 1
    (t,) = [t for t in c.triggers if t.when == "shield_depleted"]
    assert [(e.verb, e.to) for e in t.effects] == [("shield", "your_hero")] and t.effects[0].amount >= 1


def test_redline_drill_queues_a_burn_rider():
    # rule circuits.8.6.2
    c = POOL.by_name["Redline Drill"]
    assert (isinstance(c, GearCard) and c.slot == "weapon") or (isinstance(c, TacticCard) and c.type == "instant")
    riders = [e for e in effects_of(c) if e.verb == "rider_burn"]
    assert riders and riders[0].amount >= 1 and riders[0].to == "enemy_hero"


def test_frame_check_queues_a_repair_rider():
    # rule circuits.8.6.4
    c = POOL.by_name["Frame Check"]
    riders = [e for e in effects_of(c) if e.verb == "rider_repair"]
    assert riders and riders[0].amount >= 1 and riders[0].to == "your_asset"


def test_cold_iron_stops_the_enemy_hero_healing():
    # rule circuits.9.1.19
    c = POOL.by_name["Cold Iron"]
    assert [e.to for e in effects_of(c) if e.verb == "cannot_heal"] == ["enemy_hero"]
    # Cold Iron is the rulebook's card that says it; the others are our designs (ruling circuits.8: Severed
    # Current), Signature cards that print the same duration as Cold Iron's
    others = [POOL.by_name[n] for n in with_verb("cannot_heal") if n != "Cold Iron"]
    assert "Cold Iron" in with_verb("cannot_heal")
    assert all(o.signature and "cannot heal until the start of your next turn" in o.text for o in others)


def test_setup_scrambler_delays_a_revealed_enemy_plan():
    # rule circuits.12.6
    c = POOL.by_name["Setup Scrambler"]
    assert isinstance(c, TacticCard) and c.type == "reaction" and c.trigger == "enemy_plan_reveals"
    assert "delay" in [e.verb for e in c.effects]


def test_energy_breach_cancels_an_enemy_instant():
    # rule circuits.11.19
    c = POOL.by_name["Energy Breach"]
    assert isinstance(c, TacticCard) and c.type == "reaction" and c.trigger == "enemy_plays_instant"
    assert "cancel" in [e.verb for e in c.effects]


def test_vital_circuit_triggers_when_you_heal():
    # rule circuits.9.1.17
    c = POOL.by_name["Vital Circuit"]
    assert isinstance(c, GearCard | AssetCard)
    assert [t for t in c.triggers if t.when == "you_heal" and t.effects]


# -- Combos, Plans, Anomaly ------------------------------------------------------------------------


def test_combos_say_their_condition_and_pay_more_per_rally_than_instants():
    # rule circuits.gap.1
    def power(t: TacticCard) -> int:
        return sum(e.amount or 1 for e in t.effects)

    instants = [t for t in POOL.tactics if t.type == "instant" and not t.anomaly]
    combos = [t for t in POOL.tactics if t.type == "combo"]
    assert len(combos) >= 4
    for c in combos:
        assert "only after you played another Tactic this turn" in c.text, c.name
        same = [power(i) for i in instants if i.cost == c.cost] or [power(i) for i in instants if i.cost < c.cost]
        assert power(c) > mean(same), f"{c.name} is no stronger than an Instant of cost {c.cost}"


def test_plans_print_their_honest_kind():
    # rule circuits.12.1
    # rule circuits.12.2
    # rule circuits.12.3
    # rule circuits.12.4
    plans = [t for t in POOL.tactics if t.type == "plan"]
    for p in plans:
        assert p.plan_kind == honest_kind(p.effects), p.name
    assert {p.plan_kind for p in plans} == {"offense", "defense", "utility"}


def test_anomaly_cards_say_season_mark_x():
    # rule circuits.3.13
    anomalies = [c for c in POOL.actions if c.anomaly]
    assert len(anomalies) >= 2
    for c in anomalies:
        assert "Season Mark X" in c.text, c.name
    assert not [c.name for c in POOL.actions if "Season Mark" in c.text and not c.anomaly]


def test_every_card_is_in_the_six_circuits_and_ids_and_names_are_unique():
    # rule circuits.3.1
    # rule circuits.3.3
    for c in POOL.cards:
        assert set(c.circuits) <= set(CIRCUITS) and len(c.circuits) <= 2, c.name
    assert len({c.id for c in POOL.cards}) == len(POOL.cards)
    assert len(POOL.by_name) == len(POOL.cards)


def test_pool_lookups():
    assert POOL.heroes["Forgeblade (Stormforged)"].variant == "Stormforged"
    assert POOL.by_name["Forgeblade (Stormforged)"] is POOL.heroes["Forgeblade (Stormforged)"]
    assert POOL.by_id["kin-cold-iron"].name == "Cold Iron"
    assert len(POOL.gear) + len(POOL.tactics) + len(POOL.assets) + len(HEROES) == len(POOL.cards)
    assert card_pool() is POOL


# -- loading rejects bad cards ---------------------------------------------------------------------

WEAPON = {"kind": "gear", "id": "t-weapon", "name": "Test Blade", "slot": "weapon", "cost": 1, "attack": 1,
          "text": "Weapon.", "circuits": ["Heat"]}
PLAN = {"kind": "tactic", "id": "t-plan", "name": "Test Plan", "type": "plan", "cost": 1, "text": "Plan.",
        "circuits": ["Quantum"], "plan_kind": "offense", "effects": [{"verb": "damage", "amount": 2}]}
ASSET = {"kind": "asset", "id": "t-asset", "name": "Test Asset", "cost": 2, "hp": 3, "text": "Asset.",
         "circuits": ["Nano"]}
HERO = {"kind": "hero", "id": "t-hero", "name": "Test Hero", "hp": 25, "circuits": ["Heat", "Nano"],
        "passive": {"name": "P", "text": "p", "attack": 1},
        "ultimate": {"name": "U", "text": "u", "effects": [{"verb": "damage", "amount": 5}]}}


def rejected(*tables: dict[str, Any]) -> str:
    with pytest.raises(CardDataError) as e:
        load(*tables)
    return str(e.value)


def test_well_formed_test_cards_load():
    pool = load(WEAPON, PLAN, ASSET, HERO)
    assert len(pool.cards) == 4


def test_a_seventh_circuit_is_rejected():
    # rule circuits.3.1
    msg = rejected({**WEAPON, "circuits": ["Heat", "Void"]})
    assert "test.toml" in msg and "Test Blade" in msg and "circuits" in msg
    assert "circuits" in rejected({**HERO, "circuits": ["Void", "Heat"]})
    assert "circuits" in rejected({**PLAN, "circuits": ["Tachyon"]})


def test_three_circuits_are_rejected():
    # rule circuits.3.3
    assert "circuits.3.3" in rejected({**WEAPON, "circuits": ["Heat", "Nano", "Static"]})
    assert "circuits.3.3" in rejected({**PLAN, "circuits": ["Heat", "Nano", "Quantum"]})
    assert "circuits.3.3" in rejected({**ASSET, "circuits": ["Heat", "Nano", "Quantum"]})
    assert "circuits" in rejected({**HERO, "circuits": ["Heat", "Nano", "Static"]})


def test_a_hero_needs_two_different_circuits():
    # rule circuits.3.2
    assert "circuits" in rejected({**HERO, "circuits": ["Heat"]})
    assert "circuits.3.2" in rejected({**HERO, "circuits": ["Heat", "Heat"]})


@pytest.mark.parametrize("card", [
    {**PLAN, "effects": [{"verb": "corrode", "amount": 1}]},
    {**ASSET, "Frost": True},
    {**PLAN, "effects": [{"verb": "damage", "amount": 1, "status": "exposed"}]},
    {**WEAPON, "keywords": ["Displace"]},
    {**HERO, "passive": {"name": "P", "text": "p", "suppressed": 1}},
])
def test_a_player_card_with_a_reserved_mechanic_is_rejected(card: dict[str, Any]):
    # rule circuits.20.11
    # rule circuits.gap.40
    msg = rejected(card)
    assert "reserved mechanic" in msg and "circuits.20.11" in msg and card["name"] in msg


def test_a_reserved_mechanic_in_a_cards_wording_is_only_words():
    # rule circuits.20.11
    assert load({**WEAPON, "name": "Frost", "text": "Corrode nothing."}).gear[0].name == "Frost"


def test_a_guard_and_strike_asset_is_rejected():
    # rule circuits.9.1.24
    assert "circuits.9.1.24" in rejected({**ASSET, "guard": True, "strike": 1})
    assert load({**ASSET, "guard": True}).assets[0].guard


@pytest.mark.parametrize(("printed", "effects"), [
    ("defense", [{"verb": "damage", "amount": 2}]),  # deals damage: Offense (rule 12.2)
    ("utility", [{"verb": "burn", "amount": 1}]),
    ("offense", [{"verb": "heal", "amount": 1, "to": "your_hero"}]),  # heals: Defense (rule 12.3)
    ("utility", [{"verb": "repair", "amount": 2, "to": "each_your_asset"}]),  # repairs: Defense
    ("offense", [{"verb": "draw", "amount": 2, "to": "you"}]),  # anything else: Utility (rule 12.4)
    ("defense", [{"verb": "look_plan", "to": "opponent"}]),
])
def test_a_dishonest_plan_kind_is_rejected(printed: str, effects: list[dict[str, Any]]):
    # rule circuits.12.1
    # rule circuits.12.2
    # rule circuits.12.3
    # rule circuits.12.4
    assert "honest" in rejected({**PLAN, "plan_kind": printed, "effects": effects})


def test_a_mixed_plan_prints_offense():
    # rule circuits.gap.28
    mixed = [{"verb": "damage", "amount": 1}, {"verb": "heal", "amount": 2, "to": "your_hero"}]
    assert "honest" in rejected({**PLAN, "plan_kind": "defense", "effects": mixed})
    assert load({**PLAN, "effects": mixed}).tactics[0].plan_kind == "offense"


def test_only_plans_print_a_kind():
    # rule circuits.12.1
    assert "plan_kind" in rejected({**PLAN, "plan_kind": None})
    assert "plan_kind" in rejected({**PLAN, "type": "instant"})


def test_a_legendary_that_is_not_a_dual_circuit_relic_is_rejected():
    # rule circuits.3.10
    # rule circuits.3.12
    relic = {**WEAPON, "slot": "relic", "attack": 0, "legendary": True}
    assert "circuits.3.10" in rejected({**relic, "circuits": ["Heat"]})
    assert "circuits.3.10" in rejected({**relic, "circuits": []})
    assert "3.12" in rejected({**relic, "slot": "weapon", "circuits": ["Heat", "Kinetic"]})
    assert load({**relic, "circuits": ["Heat", "Kinetic"]}).gear[0].legendary


def test_duplicate_names_ids_and_hero_names_are_rejected():
    assert "two cards are named" in rejected(WEAPON, {**WEAPON, "id": "t-other"})
    assert "two cards have the id" in rejected(WEAPON, {**PLAN, "id": WEAPON["id"]})
    variant = {**HERO, "id": "t-hero-v", "variant": "Echo"}
    assert "two cards are named" in rejected(HERO, {**WEAPON, "name": "Test Hero"})
    assert "name of a Hero" in rejected(variant, {**WEAPON, "name": "Test Hero"})
    assert [h.title for h in load(HERO, variant).heroes.values()] == ["Test Hero", "Test Hero (Echo)"]


def test_a_signature_must_name_a_hero_of_the_pool():
    # rule circuits.3.8
    assert "circuits.3.8" in rejected(HERO, {**WEAPON, "signature": "Nobody"})
    assert load(HERO, {**WEAPON, "signature": "Test Hero"}).gear[0].signature == "Test Hero"


def test_a_plan_with_a_declared_target_is_rejected():
    # rule circuits.4.3
    # the target of a face-down Plan would be chosen in the open when it is played and tell what it is
    msg = rejected({**PLAN, "effects": [{"verb": "damage", "amount": 1, "to": "enemy_target"}]})
    assert "Test Plan" in msg and "face-down" in msg
    assert "face-down" in rejected({**PLAN, "plan_kind": "utility", "effects": [{"verb": "return_plan", "to": "opponent"}]})


INSTANT = {"kind": "tactic", "id": "t-instant", "name": "Test Instant", "type": "instant", "cost": 1,
           "text": "Instant.", "circuits": ["Heat"]}


@pytest.mark.parametrize(("effect", "allowed"), [
    ({"verb": "draw", "amount": 1}, "opponent, you"),  # the opponent drew: `to` defaults to enemy_hero
    ({"verb": "gain_rally", "amount": 1, "to": "your_hero"}, "opponent, you"),  # the opponent gained it
    ({"verb": "heal", "amount": 2, "to": "your_asset"}, "enemy_hero, your_hero"),  # the enemy Hero healed
    ({"verb": "shield", "amount": 2, "to": "you"}, "enemy_hero, your_hero"),  # the enemy Hero got it
    ({"verb": "damage", "amount": 2, "to": "opponent"}, "enemy_asset, enemy_hero, enemy_target"),  # nobody hit
    ({"verb": "destroy", "to": "enemy_hero"}, "each_enemy_asset, each_your_asset, enemy_asset"),
    ({"verb": "repair", "amount": 1, "to": "your_hero"}, "each_enemy_asset, each_your_asset, enemy_asset"),
    ({"verb": "return_asset", "to": "your_asset"}, "your_discarded_asset"),
])
def test_an_effect_to_a_recipient_its_verb_cannot_reach_is_refused(effect: dict[str, Any], allowed: str):
    # a recipient a verb cannot reach made the effect land on the other side or on nothing
    msg = rejected({**INSTANT, "effects": [effect]})
    assert msg.startswith("circuits/cards/test.toml: card 'Test Instant': ")
    assert f"`{effect['verb']}` cannot go `to = {effect.get('to', 'enemy_hero')}`" in msg and allowed in msg
    assert "at `effects[0]`" in msg


def test_your_discarded_asset_is_only_for_return_asset():
    assert "only for `return_asset`" in rejected({**INSTANT, "effects": [{"verb": "jam", "to": "your_discarded_asset"}]})


@pytest.mark.parametrize("card", [
    {**INSTANT, "cost": -1}, {**WEAPON, "cost": -2}, {**ASSET, "cost": -1},
    {**ASSET, "charge": {"cost": -1, "effects": [{"verb": "draw", "amount": 1, "to": "you"}]}},
])
def test_a_negative_cost_is_refused(card: dict[str, Any]):
    # rule circuits.10.1
    # a cost is paid from Available Rally: a negative one gave Rally
    assert "cost must be ≥ 0" in rejected(card)


def test_a_hero_without_hp_is_refused():
    # rule circuits.2.1
    assert "hp must be ≥ 1" in rejected({**HERO, "hp": 0})
