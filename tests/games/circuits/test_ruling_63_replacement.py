"""Which Asset Self-Assembly saves when one action would destroy several (circuits ruling 63): its
controller chooses, asked only when there is a real choice (copies nothing public tells apart are one,
ruling 59), for damage to each enemy Asset and for an HP bonus that stops (rule 8.4.4) alike."""

from __future__ import annotations

from circuits_c11_c19_helpers import board as squad_board
from circuits_scenario import card, events, find, has, labels, pass_all, scenario


def _overload(field: list[str], answer: str = "Self-Assembly"):
    """P1 plays Swarm Overload (2 damage to each enemy Asset) into P2's Field, each Asset 2 HP from
    destruction; P2 sets `answer` beside it."""
    st = scenario(heroes=("Swarm Architect", "Forgeblade"), hands=(["Swarm Overload"], [answer]), field=([], field))
    st.flags.add("played_tactic")  # the Combo's condition (ruling circuits.gap.1)
    for a in st.field[1]:
        st.damage[a] = card(st.name(a)).hp - 2
    st.apply(find(st, "Play Swarm Overload"))
    st.apply(find(st, f"Answer with {answer}"))
    return st


def test_self_assembly_saves_the_asset_its_controller_chooses_among_several():
    # rule circuits.8.5.1
    # rule circuits.11.27
    # circuits ruling 63, ruling 59 (docs/rulings/circuits.md, Further rulings)
    # Swarm Overload would destroy both of P2's Assets. The Field has no order: P2, whose Self-Assembly
    # stands beside it, chooses which survives, here the second one (the engine used to save the first).
    st = _overload(["Echo Turret", "Kiln Golem"])
    turret, golem = st.field[1]
    assert st.decision is not None and st.decision.seat == 1 and st.decision.kind == "target", labels(st)
    assert "which one survives" in st.decision.prompt
    assert sorted(o.value for o in st.decision.options) == sorted([turret, golem])
    st.apply(find(st, "Kiln Golem"))
    pass_all(st)
    assert st.field[1] == [golem] and turret in st.discard[1]
    assert st.damage[golem] == card("Kiln Golem").hp - 1  # rule 8.5.2
    assert [(e["card"], e["by"]) for e in events(st, "survives")] == [("Kiln Golem", "Self-Assembly")]
    assert [e["card"] for e in events(st, "destroyed")] == ["Echo Turret"]
    # the other choice saves the other one
    st = _overload(["Echo Turret", "Kiln Golem"])
    st.apply(find(st, "Echo Turret"))
    pass_all(st)
    assert [st.name(a) for a in st.field[1]] == ["Echo Turret"]
    # no question without a real choice (ruling 59): two Echo Turrets in the same state, either saved
    # leaves the same game
    st = _overload(["Echo Turret", "Echo Turret"])
    assert st.decision is None or st.decision.kind != "target", labels(st)
    pass_all(st)
    assert [st.name(a) for a in st.field[1]] == ["Echo Turret"] and len(events(st, "survives")) == 1
    # only one of two Assets would be destroyed (the other has HP to spare): that one is saved, unasked
    st = scenario(heroes=("Swarm Architect", "Forgeblade"), hands=(["Swarm Overload"], ["Self-Assembly"]),
                  field=([], ["Ironweave Rampart", "Kiln Golem"]))
    st.flags.add("played_tactic")
    rampart, golem = st.field[1]
    st.damage[golem] = card("Kiln Golem").hp - 2
    st.apply(find(st, "Play Swarm Overload"))
    st.apply(find(st, "Answer with Self-Assembly"))
    assert st.decision is None or st.decision.kind != "target", labels(st)
    pass_all(st)
    assert st.field[1] == [rampart, golem] and [e["card"] for e in events(st, "survives")] == ["Kiln Golem"]


def test_a_jammed_hp_bonus_lets_the_controller_choose_which_asset_survives():
    # rule circuits.8.4.4
    # rule circuits.8.4.5
    # circuits ruling 63 (docs/rulings/circuits.md, Further rulings)
    # P2's Echo Turret and Kiln Golem live by Scaffold Matrix's +1 HP; Short Out jams it and both are
    # checked at once: P2's Self-Assembly saves the one P2 chooses.
    st = scenario(heroes=("Sparkwright", "Swarm Architect"), hands=(["Short Out"], ["Self-Assembly"]),
                  gear=([], ["Scaffold Matrix"]), field=([], ["Echo Turret", "Kiln Golem"]))
    turret, golem = st.field[1]
    for a in (turret, golem):
        st.damage[a] = card(st.name(a)).hp
    st.apply(find(st, "Play Short Out"))
    assert has(st, "Self-Assembly"), labels(st)
    st.apply(find(st, "Self-Assembly"))
    assert st.decision is not None and st.decision.seat == 1 and st.decision.kind == "target", labels(st)
    st.apply(find(st, "Kiln Golem"))
    pass_all(st)
    assert st.field[1] == [golem] and turret in st.discard[1]
    assert [e["card"] for e in events(st, "survives")] == ["Kiln Golem"]


def test_assets_lost_with_a_knocked_out_heros_bonus_are_chosen_among_before_the_promotion():
    # rule circuits.8.4.4
    # rule circuits.16.22
    # circuits ruling 63 (docs/rulings/circuits.md, Further rulings)
    # Squad: Swarm Surge knocks out P2's Active Hero, whose Scaffold Matrix goes to Scrap; both Assets,
    # alive only by its +1 HP, are checked at once. P2's Self-Assembly saves the one P2 chooses, and the
    # Bench Hero is promoted after that check.
    st = squad_board(heroes=(("Swarm Architect", "Forgeblade", "Lumen Warden"),
                             ("Sparkwright", "Ironclad Vanguard", "Prism Tactician")),
                     hands=([], ["Self-Assembly"]), gear=([], ["Scaffold Matrix"]),
                     field=([], ["Echo Turret", "Kiln Golem"]), hp=(None, 4))
    turret, golem = st.field[1]
    for a in (turret, golem):
        st.damage[a] = card(st.name(a)).hp - 2  # the Surge's 2 leaves each alive by the bonus alone
    st.apply(find(st, "Ultimate"))
    st.apply(find(st, "Answer with Self-Assembly"))
    while st.decision.kind == "respond":
        st.apply("pass")
    assert (st.decision.seat, st.decision.kind) == (1, "target") and st.fallen[1], labels(st)
    st.apply(find(st, "Kiln Golem"))
    assert (st.decision.seat, st.decision.kind) == (1, "promote"), labels(st)
    pass_all(st)
    assert st.field[1] == [golem] and turret in st.discard[1]
    assert [e["card"] for e in events(st, "survives")] == ["Kiln Golem"]
