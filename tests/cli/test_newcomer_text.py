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


def test_a_frontline_draw_at_0_lp_is_worded_as_a_draw() -> None:
    # rule frontline.1.2, ruling frontline.gap.14: both at 0 LP together is a draw, not a win reason
    guide = load_guide_from("cardarena.games.frontline")
    assert result_words(guide, None, "life_points", 9) == "Draw: both players' LP reached 0 at once (after 9 turns)"
    assert result_words(guide, 1, "life_points", 9) == "P2 wins: P1's LP reached 0 (after 9 turns)"


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


def test_a_cap_ending_counts_each_player_in_words() -> None:
    """The cap line printed raw lists and a field id: "survivors [3, 3], total HP [50, 38] — decided by
    total_hp" (mastery ruling gap.33, aliens rules 14.2–14.6)."""
    from cardarena.games.aliens.narrate import narrate as aliens_narrate
    from cardarena.games.mastery.narrate import narrate as mastery_narrate

    line = mastery_narrate({"type": "round_cap", "rounds": 20, "survivors": [3, 3], "total_hp": [50, 38],
                            "decided_by": "total_hp"}) or ""
    assert line.strip() == "Round cap after 20 Rounds: surviving Heroes P1 3, P2 3; total HP P1 50, P2 38"
    line = aliens_narrate({"type": "safety_cap", "rounds": 30, "survivors": [2, 2], "squad_hp": [9, 14],
                           "decided_by": "squad_hp"}) or ""
    assert line.strip() == "Safety cap after 30 rounds: live Aliens P1 2, P2 2; Squad HP P1 9, P2 14"


def test_a_heal_of_nothing_does_not_read_as_from_zero_hp() -> None:
    """"P2's Hero heals 0 → 33 HP" reads as healed from 0 HP to 33; a Hero that cannot heal said the same."""
    from cardarena.games.aliens.narrate import narrate as aliens_narrate
    from cardarena.games.mastery.narrate import narrate as mastery_narrate

    assert circuits_narrate({"type": "heal", "player": 1, "amount": 0, "hp": 33, "source": "x"}) \
        == "    P2's Hero heals nothing (stays at 33 HP)"
    assert circuits_narrate({"type": "heal", "player": 0, "amount": 2, "hp": 30, "source": "x"}) \
        == "    P1's Hero heals 2 → 30 HP"
    assert circuits_narrate({"type": "heal", "player": 0, "amount": 0, "hp": 12, "source": "x",
                             "blocked": "cannot heal"}) == "    P1's Hero cannot heal: it stays at 12 HP"
    assert mastery_narrate({"type": "heal", "source": "end_phase", "name": "Mira Dawnsong", "amount": 0,
                            "hp": 16}) == "    End Phase: Mira Dawnsong heals nothing (stays at 16 HP)"
    assert aliens_narrate({"type": "heal", "source": "Mycelial Net", "name": "Oracle Venn", "amount": 0,
                           "hp": 11}) == "    Mycelial Net: Oracle Venn heals nothing (stays at 11 HP)"


def test_an_aliens_set_card_says_on_which_turn_it_was_set() -> None:
    """"[set t9: Creeping Blight]": `t9` is code for "set on turn 9" (a Counter needs an earlier turn)."""
    from cardarena.games.aliens.present import render as aliens_render

    g = cardarena.load_game("aliens")
    view = g.new_game(seed=2).view(0)
    view["players"][0]["command"] = [{"face_down": True, "set_turn": 9, "card": {"name": "Creeping Blight"}}]
    board = aliens_render(view)
    assert "Command Zone: [face-down: Creeping Blight, set on turn 9]" in board, board
    view["players"][1]["command"] = [{"face_down": True, "set_turn": 4}]  # the other seat's: no card
    assert "Command Zone: [face-down: set on turn 4]" in aliens_render(view)


def test_frontline_ladder_links_read_as_words_not_kind_ids() -> None:
    """The Ladder read "1. P1: card by War Cry", "retreat by Vanguard Squire", "ability by X whiffs"; its
    "1." looked like a menu number (rule frontline.8)."""
    from cardarena.games.frontline.narrate import narrate as frontline_narrate

    g = cardarena.load_game("frontline")
    view = g.new_game(seed=2).view(0)
    view["ladder"] = [
        {"kind": "card", "seat": 0, "source": "War Cry", "target": {"seat": 0, "zone": "front", "name": "Squire"}},
        {"kind": "retreat", "seat": 1, "source": "Relay Runner"},
        {"kind": "attack", "seat": 1, "source": "Scrap Runner", "target": {"seat": 0, "zone": "lp"}}]
    board = frontline_render(view).split("Reaction Ladder (bottom first):\n", 1)[1]
    assert board.splitlines() == ["  link 1: P1's War Cry → Squire", "  link 2: P2's Retreat of Relay Runner",
                                  "  link 3: P2's attack with Scrap Runner → P1's LP"], board
    link = {"type": "link", "player": 1, "depth": 2, "kind": "emergency", "source": "The Gravewarden"}
    assert frontline_narrate(link) == "    Ladder link 2: P2's Emergency Defender, The Gravewarden"
    whiff = {"type": "whiff", "player": 1, "kind": "ability", "source": "The Gravewarden", "reason": "its source is gone"}
    assert frontline_narrate(whiff) == "    P2's ability of The Gravewarden whiffs: its source is gone"
    negate = {"type": "negate", "player": 1, "kind": "card", "source": "War Cry"}
    assert frontline_narrate(negate) == "    P2 negates War Cry"
    assert frontline_narrate({**negate, "kind": "ability", "source": "Orlo"}) == "    P2 negates the ability of Orlo"


def test_circuits_hand_costs_say_cost() -> None:
    """The circuits hand read "Cinder Volley (instant, 2)": a bare number, where every other list says cost."""
    from cardarena.games.circuits.present import render as circuits_render

    g = cardarena.load_game("circuits")
    view = g.new_game(seed=1).view(0)
    view["players"][0]["hand"] = [{"name": "Cinder Volley", "kind": "tactic", "type": "instant", "cost": 2}]
    assert "    Hand: Cinder Volley (instant, cost 2)" in circuits_render(view)


def test_circuits_says_what_a_look_looked_at() -> None:
    """Scout with no enemy Plan read "P1 looks at Sidestep": the top card of the enemy's deck, not said
    (rules 12.13–12.16); the other seat read "a hidden card"."""
    top = {"type": "look", "player": 0, "what": "deck_top", "card": "Sidestep", "source": "Scout"}
    assert circuits_narrate(top) == "  P1 looks at the top card of P2's deck: Sidestep"
    assert circuits_narrate({**top, "card": None}) == "  P1 looks at the top card of P2's deck"
    plan = {"type": "look", "player": 1, "what": "plan", "card": None, "source": "Scout"}
    assert circuits_narrate(plan) == "  P2 looks at one of P1's face-down Plans"
    assert circuits_narrate({**plan, "card": "Battle Plan"}) == "  P2 looks at one of P1's face-down Plans: Battle Plan"


def test_long_lines_wrap_under_themselves_not_at_the_first_column() -> None:
    """At 100 columns a circuits hand, a Passive's text or an option's card text went on at column 0,
    where it read as a new board line or menu entry."""
    import io

    from rich.console import Console

    from cardarena.agents.human import TerminalHuman

    g = cardarena.load_game("circuits")
    st = _play_until(g, 1, lambda s: s.decision.kind == "action" and len(s.hand[s.decision.seat]) >= 5)
    seat = st.decision.seat
    buf = io.StringIO()
    human = TerminalHuman(g, Console(file=buf, width=60), input_fn=lambda _: "1")
    human.seat = seat
    human.choose(st.view(seat), st.decision, st)
    lines = buf.getvalue().splitlines()
    assert all(len(line) <= 60 for line in lines), lines
    hand = next(k for k, line in enumerate(lines) if line.startswith("    Hand: "))
    assert lines[hand + 1].startswith("      ") and lines[hand + 1].strip(), lines[hand:hand + 3]
    # only headings start at column 0: the turn line, who is who, the prompt, the `>` of the input
    starts = {line.split(" ", 1)[0] for line in lines if line and not line.startswith(" ")}
    assert starts <= {"Turn", "Set-up", "Opponent", "You", "Action", st.decision.prompt.split(" ", 1)[0]}, starts


def test_the_typo_hint_and_a_card_view_wrap_too() -> None:
    """"type a number ... q = \\nconcede": the keys' hint went on at column 0."""
    import io

    from rich.console import Console

    from cardarena.agents.human import TerminalHuman

    g = cardarena.load_game("aliens")
    st = g.new_game(seed=5)
    answers = iter(["xyz", "i Sporemother Yth", "1"])
    buf = io.StringIO()
    human = TerminalHuman(g, Console(file=buf, width=50), input_fn=lambda _: next(answers))
    human.seat = st.decision.seat
    human.choose(st.view(human.seat), st.decision, st)
    lines = buf.getvalue().splitlines()
    hint = next(k for k, line in enumerate(lines) if "type a number" in line)
    assert lines[hint + 1].startswith("    "), lines[hint:hint + 2]
    assert all(len(line) <= 50 for line in lines), lines


def test_the_frontline_ladder_prompt_names_links_as_the_board_does() -> None:
    """The prompt said "on top: P2's retreat by Relay Runner" where the board and log say "Retreat of"."""
    from cardarena.games.frontline.ladder import link_text

    st = cardarena.load_game("frontline").new_game(seed=2)
    src = next(i for i in range(len(st.defs)) if st.owner[i] == 1)
    name = st.name(src)
    assert link_text(st, ("retreat", 1, src, 0, -1, 0)) == f"P2's Retreat of {name}"
    assert link_text(st, ("attack", 1, src, 0, -1, 0)) == f"P2's attack with {name}"
    assert link_text(st, ("emergency", 1, src, 0, -1, 0)) == f"P2's Emergency Defender, {name}"


def test_circuits_trigger_conditions_read_in_words() -> None:
    """The trigger order read "Cinder Oracle (you play plan)", a trigger id with spaces."""
    from cardarena.games.circuits.when import SECOND_PERSON, THIRD_PERSON, yours

    assert yours("you_play_plan") == "when you play a Plan" and yours("turn_start") == "at the start of your turn"
    assert set(SECOND_PERSON) == set(THIRD_PERSON)  # the Scout label: test_c12_plans.py, rule 12.14


def test_inspect_finds_a_word_start_not_any_substring() -> None:
    """`i zz` showed Blizzard Gust: any unique substring counted. A later word's start still does."""
    from cardarena.terminal.cardtext import CardIndex

    index = CardIndex(cardarena.load_game("aliens"))
    assert index.find("zz") == (None, [])
    found, _ = index.find("gust")
    assert found is not None and found.name == "Blizzard Gust"


@pytest.mark.parametrize("kind", ["trigger_order", "strike_order"])
def test_an_order_of_triggers_or_strikes_shows_what_each_card_does(kind: str) -> None:
    """"Several of your triggers fire: which first?" named the cards without their text."""
    import io

    from rich.console import Console

    from cardarena.agents.human import TerminalHuman
    from cardarena.core.engine import Decision, Option

    g = cardarena.load_game("circuits")
    buf = io.StringIO()
    human = TerminalHuman(g, Console(file=buf, width=200))
    at = {"seat": 0, "zone": "field", "index": 0}
    d = Decision(0, kind, "Which first?", [
        Option("a", "Solar Array", {"card": "rad-solar-array", "at": at}),
        Option("b", "Replicator Hive", {"card": "nano-replicator-hive", "at": {**at, "index": 1}})])
    human._print_options(d)
    for name in ("Solar Array", "Replicator Hive"):
        assert g.card_info(name)["text"] in buf.getvalue(), buf.getvalue()
