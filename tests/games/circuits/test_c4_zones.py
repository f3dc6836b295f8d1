"""Rule scenarios for circuits §4: the hand, the deck and the identity of face-down Plans are hidden;
every other zone is public; inspecting what you are entitled to know is free and changes nothing."""

from __future__ import annotations

import json

from circuits_scenario import GAME, events, pass_all, pick, scenario

DUEL = ("Forgeblade", "Lumen Warden")


def dump(st, seat: int) -> str:
    return json.dumps(st.view(seat))


def names(view: dict, p: int, zone: str) -> list[str]:
    return [c["name"] for c in view["players"][p][zone]]


def test_the_hand_is_hidden_from_the_opponent():
    # rule circuits.4.1
    st = scenario(heroes=DUEL, hands=(["Regroup", "Cold Iron"], ["Mend Light"]),
                  decks=(["Siege Ram"] * 6, ["Timeline Fold"] * 6), rally=(3, 3))
    pick(st, "Play Regroup")
    pass_all(st)  # P2 does not answer; P1 draws two Siege Rams into a hand that holds Cold Iron
    mine, theirs = st.view(0), st.view(1)
    assert sorted(c["name"] for c in mine["players"][0]["hand"]) == ["Cold Iron", "Siege Ram", "Siege Ram"]
    assert "hand" not in theirs["players"][0]
    assert theirs["players"][0]["hand_count"] == 3
    assert "Cold Iron" not in dump(st, 1) and "Siege Ram" not in dump(st, 1)
    # and the other way round: P2's Mend Light shows only in P2's own view
    assert names(theirs, 1, "hand") == ["Mend Light"]
    assert "Mend Light" not in dump(st, 0)
    # the draw events show the cards to their owner only
    draws = [e for e in st.visible_log(1) if e["type"] == "draw"]
    assert len(draws) == 2 and all(e.get("card") is None for e in draws)
    assert [e["card"] for e in st.visible_log(0) if e["type"] == "draw"] == ["Siege Ram", "Siege Ram"]


def test_the_deck_is_hidden_from_both_players_even_its_owner():
    # rule circuits.4.2
    st = scenario(heroes=DUEL, hands=(["Quick Shot"], []), decks=(["Siege Ram"] * 6, ["Timeline Fold"] * 6))
    for seat in (0, 1):
        view = st.view(seat)
        assert [pv["deck_count"] for pv in view["players"]] == [6, 6]
        assert all("deck" not in pv for pv in view["players"])
        text = json.dumps(view)
        assert "Siege Ram" not in text and "Timeline Fold" not in text
        assert not any("Siege Ram" in json.dumps(e) or "Timeline Fold" in json.dumps(e)
                       for e in st.visible_log(seat))


def test_a_face_down_plan_shows_its_kind_but_not_its_identity():
    # rule circuits.4.3
    st = scenario(heroes=DUEL, hands=(["Battle Plan"], ["Interference"]), rally=(3, 3))
    pick(st, "Play Battle Plan")
    # in the window, the opponent sees a face-down card of Kind Offense
    assert st.decision is not None and st.decision.seat == 1
    assert "Offense" in st.decision.prompt and "Battle Plan" not in st.decision.prompt
    assert st.view(1)["pending"] == [{"seat": 0, "face_down": True, "kind": "offense"}]
    assert "Battle Plan" not in dump(st, 1)
    pick(st, "Pass")
    plan = st.plans[0][0]
    theirs, mine = st.view(1)["players"][0]["plans"], st.view(0)["players"][0]["plans"]
    assert theirs == [{"index": 0, "kind": "offense", "delayed": False}]  # it exists, with its marker
    assert mine[0]["kind"] == "offense" and mine[0]["card"]["name"] == "Battle Plan"
    assert "Battle Plan" not in dump(st, 1)
    played = [e for e in st.visible_log(1) if e["type"] == "play"]
    assert played == [{"type": "play", "player": 0, "card": None, "card_type": "plan", "kind": "offense", "id": None}]
    [placed] = [e for e in st.visible_log(1) if e["type"] == "plan_set"]
    assert (placed["index"], placed["id"]) == (0, None)  # by position, not by instance id
    assert [e["id"] for e in st.visible_log(0) if e["type"] == "plan_set"] == [plan]
    assert [e["card"] for e in st.visible_log(0) if e["type"] == "play"] == ["Battle Plan"]


def test_field_discard_gear_loadout_and_scrap_are_public():
    # rule circuits.4.4
    st = scenario(heroes=DUEL, field=(["Ember Turret"], ["Bulwark Drone"]), gear=(["Redline Drill"], ["Padded Vest"]),
                  loadout=(["Heartforge Hammer", "Slag Plate"], ["Sunlance"]), discard=(["Flash Burn"], ["Brace"]),
                  rally=(5, 5))
    pick(st, "Equip Heartforge Hammer")  # into the occupied Weapon slot: Redline Drill goes to Scrap
    for seat in (0, 1):
        view = st.view(seat)
        assert names(view, 0, "field") == ["Ember Turret"] and names(view, 1, "field") == ["Bulwark Drone"]
        assert view["players"][1]["field"][0]["guard"] is True
        assert names(view, 0, "discard") == ["Flash Burn"] and names(view, 1, "discard") == ["Brace"]
        assert names(view, 0, "gear") == ["Heartforge Hammer"] and names(view, 1, "gear") == ["Padded Vest"]
        assert names(view, 0, "loadout") == ["Slag Plate"] and names(view, 1, "loadout") == ["Sunlance"]
        assert names(view, 0, "scrap") == ["Redline Drill"]
    # apart from a player's own hand (and what it looked at in the other's), both see the same table
    public = [[{k: v for k, v in pv.items() if k not in ("hand", "seen")} for pv in st.view(seat)["players"]]
              for seat in (0, 1)]
    assert public[0] == public[1]


def test_inspecting_mid_window_in_the_opponents_turn_changes_nothing():
    # rule circuits.4.5
    # rule circuits.4.6
    # rule circuits.4.7
    # rule circuits.4.8
    # Inspection is a read-only query (the state's view and the ruleset's card text), never a decision.
    st = scenario(heroes=DUEL, hands=(["Battle Plan"], ["Interference", "Mend Light"]), field=(["Ember Turret"], []),
                  gear=(["Redline Drill"], []), discard=(["Flash Burn"], []), rally=(3, 3))
    pick(st, "Play Battle Plan")
    assert st.decision is not None and (st.decision.seat, st.decision.kind) == (1, "respond")  # P1's turn, step 2
    before = json.dumps(st.to_json(), sort_keys=True)
    options = st.decision.ids
    view = st.view(1)
    entitled = {view["players"][0]["hero"]["name"], view["players"][1]["hero"]["name"]}
    for pv in view["players"]:
        for zone in ("field", "gear", "discard", "loadout", "scrap", "hand"):
            entitled |= {c["name"] for c in pv.get(zone, [])}
    assert entitled == {"Forgeblade", "Lumen Warden", "Ember Turret", "Redline Drill", "Flash Burn",
                        "Interference", "Mend Light"}  # not the face-down Battle Plan
    texts = {n: GAME.card_info(n)["text"] for n in entitled}
    assert "Strike 1" in texts["Ember Turret"] and "Charge 1" in texts["Redline Drill"]
    # nothing moved: no Rally spent, no window opened, no event, no choice made, the same question pending
    assert json.dumps(st.to_json(), sort_keys=True) == before
    assert st.rally == [2, 3] and len(st.frames) == 1
    assert st.decision is not None and st.decision.ids == options
    assert events(st, "answer") == []
