"""Rule scenarios for rulebook §6: cards, performers and targets."""

from __future__ import annotations

from mastery_scenario import P1, P2, act_with, card, events, has, hp_of, labels, pick, scenario, slot

HEALERS = (["Mira Dawnsong", "Kael Emberstride", "Rook Thornwall"],
           ["Tamsin Bellwright", "Brann Stormfist", "Hild Stonewarden"])


def test_shared_hand_any_eligible_hero_performs() -> None:
    # rule mastery.6.1
    # rule mastery.6.2
    # rule mastery.6.4
    st = scenario(parties=HEALERS, hands=(["Triage"], []))
    pick(st, "Triage")
    # a Technique is never played by the player: the next choice is its performer
    assert st.decision.kind == "performer"
    assert [o.id for o in st.decision.options] == ["hero:0", "hero:2"]  # the two Healers, not Kael
    pick(st, "Rook")
    assert st.decision.kind == "target"


def test_a_sole_performer_is_named_in_the_card_option() -> None:
    # rule mastery.6.2
    # rule mastery.6.4
    # only Kael (Attacker) can perform Slash, so no performer is asked: the card's option names him
    st = scenario(hands=(["Slash"], []))
    o = next(o for o in st.decision.options if o.id == f"card:{card('Slash').id}")
    assert o.label.startswith("Perform Slash by Kael Emberstride (")
    assert o.data == {"action": "technique", "card": card("Slash").id, "hero": {"seat": 0, "slot": 1}}
    st.apply(o.id)
    assert st.decision.kind == "target"
    assert events(st, "perform")[-1]["hero"] == {"seat": 0, "slot": 1}
    # the same Heroes in the same order at the other seat: that seat's Kael is named
    st = scenario(parties=(P2, P1), hands=([], ["Slash"]), active=1)
    o = next(o for o in st.decision.options if o.id == f"card:{card('Slash').id}")
    assert o.data["hero"] == {"seat": 1, "slot": 1}
    # two Healers can perform Triage: the option names nobody, the performer is asked next
    st = scenario(parties=HEALERS, hands=(["Triage"], []))
    o = next(o for o in st.decision.options if o.id == f"card:{card('Triage').id}")
    assert o.label.startswith("Perform Triage (") and "hero" not in o.data


def test_only_legal_cards_are_offered() -> None:
    # rule mastery.6.3
    st = scenario(hands=(["Lance Charge", "Tower Shield", "Sunlit Renewal", "Slash"], []))
    # Gorm (Knight) has Lance Charge; nobody here is Hild; Level 2 needs its Path
    assert has(st, "Lance Charge") and has(st, "Perform Slash")
    assert not has(st, "Tower Shield") and not has(st, "Sunlit Renewal")


def test_card_then_performer_then_targets() -> None:
    # rule mastery.6.5
    # rule mastery.6.6
    st = scenario(parties=HEALERS, hands=(["Triage"], []))
    kinds = [st.decision.kind]
    pick(st, "Triage")
    kinds.append(st.decision.kind)
    pick(st, "Mira")
    kinds.append(st.decision.kind)
    assert kinds == ["opportunity", "performer", "target"]
    # another ally: Mira is not offered as her own target
    assert [o.data["target"] for o in st.decision.options] == [{"seat": 0, "slot": 1}, {"seat": 0, "slot": 2}]


def test_printed_target_kind_sets_the_offered_heroes() -> None:
    # rule mastery.6.7
    # rule mastery.6.8
    st = scenario(hands=(["Healing Light"], []))
    pick(st, "Healing Light")
    assert all(lab.startswith("ally") for lab in labels(st)) and len(labels(st)) == 3
    st = scenario(hands=(["Slash"], []))
    pick(st, "Slash")
    assert all(lab.startswith("enemy") for lab in labels(st))
    st = scenario(hands=(["Bodyguard"], []))
    pick(st, "Bodyguard")  # Gorm performs; another ally: Mira or Kael
    assert [o.id for o in st.decision.options] == ["target:0:0", "target:0:1"]


def test_native_class_and_teachable_access() -> None:
    # rule mastery.6.9
    # rule mastery.6.10
    st = scenario(hands=(["Ember Arrow", "Slash", "Fortify", "Healing Light"], []))
    performers = {}
    for name in ("Ember Arrow", "Slash", "Fortify", "Healing Light"):
        performers[name] = [o for o in st.decision.options if o.id == f"card:{card(name).id}"]
        assert performers[name], name
    from cardarena.games.mastery.actions import performers as who

    assert who(st, 0, card("Ember Arrow")) == [slot(st, "Kael Emberstride")]  # native
    assert who(st, 0, card("Slash")) == [slot(st, "Kael Emberstride")]  # Class Attacker
    assert who(st, 0, card("Fortify")) == [slot(st, "Gorm Ironhide")]  # Class Tank
    assert who(st, 0, card("Healing Light")) == [slot(st, "Mira Dawnsong")]  # Class Support


def test_teachable_access_by_profession() -> None:
    # rule mastery.gap.12
    # rule mastery.gap.15
    from cardarena.games.mastery.actions import performers as who

    st = scenario(parties=HEALERS, hands=(["Field Medicine", "Aimed Shot"], []))
    assert who(st, 0, card("Field Medicine")) == [slot(st, "Mira Dawnsong"), slot(st, "Rook Thornwall")]
    assert who(st, 0, card("Aimed Shot")) == [slot(st, "Kael Emberstride")]  # Ranger
    assert card("Field Medicine").access.kind == "teachable"


def test_level_two_keeps_printed_class_and_class_access() -> None:
    # rule mastery.6.11
    # rule mastery.9.10
    st = scenario(hands=(["Slash"], []), path={"Kael Emberstride": "Bladestorm"})
    kael = slot(st, "Kael Emberstride")
    assert st.heroes[kael].cls == "Attacker" and st.view(0)["players"][0]["heroes"][1]["class"] == "Attacker"
    act_with(st, "Slash", target="Brann")
    assert st.used[kael]


def test_another_ally_card_needs_another_surviving_ally() -> None:
    # rule mastery.6.8
    # rule mastery.5.7
    # Mira may perform Triage (Healer) and Quickening (Support), both "another allied Hero": alone, she
    # is offered neither; with Kael alive, both
    st = scenario(hands=(["Triage", "Quickening", "Mend Wounds"], []),
                  hp={"Kael Emberstride": 0, "Gorm Ironhide": 0})
    assert has(st, "Mend Wounds") and not has(st, "Triage") and not has(st, "Quickening")
    st = scenario(hands=(["Triage", "Quickening"], []), hp={"Kael Emberstride": 10, "Gorm Ironhide": 0},
                  used=["Kael Emberstride"])
    assert has(st, "Triage") and has(st, "Quickening")
    pick(st, "Triage")
    assert hp_of(st, "Kael Emberstride") > 10  # the only other ally: taken without asking
