"""What a newcomer reads in the terminal, from a terminal sweep (2026-12-07): own draws named, Asset
damage as HP left, triggers in the third person, Rounds in mastery results, a Hero's ATK, an ability
shown once, the Fallen Zone whole, hand lines that are not menu numbers."""

from __future__ import annotations

import pytest

import cardarena
from cardarena.games.circuits.narrate import narrate as circuits_narrate
from cardarena.games.frontline.present import render as frontline_render
from cardarena.guide import load_guide_from, result_words
from cardarena.terminal.cardtext import card_lines


def test_frontline_names_your_own_draws_and_only_yours() -> None:
    g = cardarena.load_game("frontline")
    st = g.new_game(seed=1)
    mine = next(e for e in st.visible_log(0) if e["type"] == "draw" and e["player"] == 0)
    theirs = next(e for e in st.visible_log(1) if e["type"] == "draw" and e["player"] == 0)
    assert all(name in g.narrate(mine) for name in mine["cards"])
    assert g.narrate(theirs) == "  P1 draws 6 card(s) (opening hand)"


def test_circuits_asset_damage_reads_as_hp_left_and_triggers_name_their_player() -> None:
    hit = {"type": "damage", "target": "asset", "source": "Basic Attack", "card": "Ember Turret", "final": 1,
           "total": 1, "hp": 3}
    assert circuits_narrate(hit) == "    Basic Attack hits Ember Turret for 1 → 2/3 HP"
    trig = {"type": "trigger", "player": 1, "card": "Cinder Oracle (Seer)", "when": "you_play_plan"}
    assert circuits_narrate(trig) == "    Cinder Oracle (Seer) triggers (P2 plays a Plan)"


def test_a_mastery_result_counts_rounds() -> None:
    guide = load_guide_from("cardarena.games.mastery")
    assert result_words(guide, 0, "round_cap", 20).endswith("(after 20 Rounds)")
    assert result_words(load_guide_from("cardarena.games.aliens"), 0, "all_aliens_ko", 1).endswith("(after 1 turn)")


def test_a_frontline_hero_shows_its_atk_and_an_ability_once() -> None:
    g = cardarena.load_game("frontline")
    assert card_lines(g.card_info("Ossuary Behemoth"))[:2] == ["Ossuary Behemoth — Hero, cost 3", "  3 ATK · 2 HP"]
    orlo = card_lines(g.card_info("Quartermaster Orlo"))
    assert sum("Requisition" in line for line in orlo) == 1, orlo
    assert "  Ability — Requisition (once per turn, cost 1): Draw 2 cards." in orlo


def test_the_frontline_board_lists_the_whole_fallen_zone_and_no_numbered_hand() -> None:
    g = cardarena.load_game("frontline")
    st = g.new_game(seed=2)
    view = st.view(0)
    view["players"][1]["fallen"] = [{"name": f"Card {k}"} for k in range(9)]
    board = frontline_render(view)
    assert "Fallen (oldest first): " + ", ".join(f"Card {k}" for k in range(9)) in board
    hand = board.split("  Hand:\n", 1)[1].splitlines()[: len(view["players"][0]["hand"])]
    assert hand and all(line.startswith("    - ") for line in hand), hand


def test_aliens_targets_and_the_play_by_play_say_whose_alien() -> None:
    from cardarena.games.aliens.narrate import narrate as aliens_narrate

    g = cardarena.load_game("aliens")
    st = g.new_game(seed=2)
    from cardarena.games.aliens.actions import target_label

    assert target_label(st, 4, "enemy_alien", 0).startswith(f"P2's {st.alien(4).name} (")
    e = {"type": "activate", "player": 0, "card": "Rivet Gun", "subtype": "attack", "cost": 1, "origin": "hand",
         "performer": "Rustbloom Engine", "target": "Oracle Venn", "answering": None,
         "target_at": {"seat": 1, "zone": "aliens", "index": 1}}
    assert "on P2's Oracle Venn" in (aliens_narrate(e) or "")


def test_two_cards_with_the_same_text_each_show_it_under_their_option() -> None:
    """Padded Vest and Grounding Mail read alike: the second option is not left without its text."""
    import io

    from rich.console import Console

    from cardarena.agents.human import TerminalHuman
    from cardarena.core.engine import Decision, Option

    g = cardarena.load_game("circuits")
    buf = io.StringIO()
    human = TerminalHuman(g, Console(file=buf, width=200))
    d = Decision(0, "action", "Choose", [Option("a", "Equip Padded Vest (armor, cost 2)", {"card": "uni-padded-vest"}),
                                        Option("b", "Equip Grounding Mail (armor, cost 2)", {})])
    human._print_options(d)
    text = g.card_info("Padded Vest")["text"]
    assert buf.getvalue().count(text) == 2, buf.getvalue()


def test_a_hero_option_shows_its_passive_not_its_flavour() -> None:
    import io

    from rich.console import Console

    from cardarena.agents.human import TerminalHuman
    from cardarena.core.engine import Decision, Option

    g = cardarena.load_game("circuits")
    buf = io.StringIO()
    human = TerminalHuman(g, Console(file=buf, width=300))
    human._print_options(Decision(0, "action", "Choose", [Option("swap", "Volt Reaver becomes Active", {}),
                                                         Option("pass", "Pass", {})]))
    passive = g.card_info("Volt Reaver")["passive"]
    assert passive["text"] in buf.getvalue(), buf.getvalue()


def _play_until(g, seed: int, found):  # type: ignore[no-untyped-def]
    """A random game of seed `seed`, stopped at the first decision where `found(state)` holds."""
    import random

    st = g.new_game(seed=seed)
    rng = random.Random(seed)
    while st.decision is not None:
        if found(st):
            return st
        st.apply(rng.choice(st.decision.options).id)
    raise AssertionError("never found")


@pytest.mark.parametrize(("game_id", "kinds", "plays", "words"), [
    ("aliens", ("action", "followup"), ("play",), {"costs", "needs", "your"}),
    ("mastery", ("opportunity",), ("card",), {"costs", "one", "none", "needs", "already"}),
    ("frontline", ("main",), ("deploy", "general", "tactical", "equip", "action"),
     {"costs", "Reaction:", "target", "attach"}),
    ("circuits", ("action",), ("play",), {"costs", "Reaction:", "Combo:", "Kind", "target"}),
])
def test_every_hand_card_missing_from_the_menu_is_named_and_only_those(
        game_id: str, kinds: tuple[str, ...], plays: tuple[str, ...], words: set[str]) -> None:
    """A newcomer's hand card left out of the menu is said to be, with why (aliens: rules aliens.3.6,
    8.7, 12.8 and the cost; mastery: 4.10, 5.6, 6.4; frontline: 4.4–4.6, the Expend cost, Reactions; circuits: 7.12, 14.1, gap.1, gap.27):
    every card without its play option is named, and no card that has one."""
    import random

    g = cardarena.load_game(game_id)
    reasons: set[str] = set()
    for seed in range(12):
        st = g.new_game(seed=seed)
        rng = random.Random(seed)
        while st.decision is not None:
            d = st.decision
            notes = dict(g.unplayable(st, d.seat))
            if d.kind in kinds:
                hand = {st.defs[i].name: st.defs[i].id for i in st.hand[d.seat]}
                played = {tuple(i.split(":")[:2]) for i in d.ids}
                playable = {n for n, pid in hand.items() if any((k, pid) in played for k in plays)}
                assert set(notes) == set(hand) - playable, (seed, d.seq, notes, playable)
                reasons |= {w for why in notes.values() for w in why.split(" ")}
            else:
                assert notes == {}
            st.apply(rng.choice(d.options).id)
    assert words <= reasons, reasons


def test_the_aliens_menu_says_why_a_card_is_not_playable() -> None:
    import io

    from rich.console import Console

    from cardarena.agents.human import TerminalHuman

    g = cardarena.load_game("aliens")
    st = _play_until(g, 0, lambda s: s.decision.kind == "action" and g.unplayable(s, s.decision.seat))
    seat = st.decision.seat
    buf = io.StringIO()
    human = TerminalHuman(g, Console(file=buf, width=300), input_fn=lambda _: "1")
    human.seat = seat
    human.choose(st.view(seat), st.decision, st)
    out = buf.getvalue()
    name, why = g.unplayable(st, seat)[0]
    assert "Not playable now:" in out and f"{name}: {why}" in out, out
    energy = st.view(seat)["players"][seat]["energy"]
    assert why.endswith(f"you have {energy} energy") or "Alien" in why, why


def test_frontline_names_its_phases_and_who_went_first_in_words() -> None:
    """`main1` and "Player 1 is P2" read as code to a newcomer (rule frontline.5)."""
    from cardarena.games.frontline.narrate import narrate as frontline_narrate

    g = cardarena.load_game("frontline")
    st = g.new_game(seed=3)
    view = st.view(0)
    view["phase"], view["first"] = "main1", 1
    head = frontline_render(view).splitlines()[0]
    assert "Main Phase 1" in head and "P2 went first (the rules' Player 1)" in head, head
    assert frontline_narrate({"type": "phase", "phase": "battle"}) == "  [Battle Phase]"


def test_a_circuits_bench_hero_shows_its_passive() -> None:
    """A Squad player weighs a swap by what the Bench Hero does, not only its HP (rule circuits.16)."""
    from cardarena.games.circuits.present import render as circuits_render

    g = cardarena.load_game("circuits")
    st = g.new_game(seed=3, fmt="squad")
    view = st.view(0)
    board = circuits_render(view)
    for b in view["players"][0]["bench"]:
        passive = g.card_info(b["name"])["passive"]
        assert f"Passive {passive['name']}: {passive['text']}" in board, board
