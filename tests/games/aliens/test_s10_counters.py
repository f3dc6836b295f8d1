"""Rule scenarios for rulebook §10: Counters and face-down cards."""

from __future__ import annotations

import json

import pytest
from aliens_scenario import events, filler_name, has, labels, pass_until, pick, scenario, slot

from cardarena.games.aliens.state import AliensState

# Player 0 is Pyrrhid / Psykari / Ferrax, player 1 Glacien / Voltari / Lithari, so each side can
# use its own species' Counters (Glacial Wall: Glacien; Short Circuit: Voltari; Backdraft: Pyrrhid).
# Ember Lash (Plasma, 2) gets no wheel bonus on any of player 1's Aliens.
P0 = ["Cindermaw", "Synapse Drone", "Rustbloom Engine"]
P1 = ["Boreas Galewing", "Zarkon Arcwing", "Gravok Stonehide"]
SQUADS = (P0, P1)
FILL = filler_name()


def names(st: AliensState, ids: list[int]) -> list[str]:
    return [st.name(i) for i in ids]


def decisions_of(st: AliensState, seat: int, kind: str) -> bool:
    d = st.decision
    return d is not None and d.seat == seat and d.kind == kind


def zarkon(st: AliensState) -> int:
    return st.hp[slot(st, "Zarkon Arcwing")]


# -- Counters on the opponent's turn ------------------------------------------------------------


def test_set_counter_answers_an_attack_on_the_opponents_turn() -> None:
    # rule aliens.10.1
    st = scenario(aliens=SQUADS, hands=(["Ember Lash"], []), charge=(3, 1), command=([], ["Glacial Wall"]), set_on=2)
    pick(st, "Play Ember Lash")
    pick(st, "Zarkon")
    # turn 3 is player 0's; player 1 is asked
    assert st.active == 0
    assert decisions_of(st, 1, "respond")
    assert has(st, "Answer with Glacial Wall")
    pick(st, "Answer with Glacial Wall")
    assert zarkon(st) == 12  # 2 damage, blocked 3
    assert [e["card"] for e in events(st, "activate") if e["player"] == 1] == ["Glacial Wall"]
    assert events(st, "activate")[-1]["answering"] == "attack"
    assert names(st, st.discard[1]) == ["Glacial Wall"]
    assert [(e["player"], e["amount"]) for e in events(st, "energy_paid")] == [(0, 1), (1, 1)]


def test_set_counter_answers_a_special_on_the_opponents_turn() -> None:
    # rule aliens.10.1
    st = scenario(aliens=SQUADS, hands=(["Ignite"], []), charge=(3, 2), command=([], ["Short Circuit"]), set_on=2)
    pick(st, "Play Ignite")
    pick(st, "Gravok")
    assert decisions_of(st, 1, "respond")
    pick(st, "Answer with Short Circuit")
    # the answer is logged, turned face-up, before its target is asked (rule aliens.10.1)
    last = st.visible_log(0)[-1]
    assert (last["type"], last["player"], last["card"], last["origin"], last["index"], last["answering"]) == (
        "use_declared", 1, "Short Circuit", "command", 0, "tactic")
    pick(st, "Cindermaw")  # Short Circuit's Jam: player 1 picks its target
    assert [e["card"] for e in events(st, "negated")] == ["Ignite"]
    g = slot(st, "Gravok Stonehide")
    assert st.hp[g] == 16 and st.status[g] is None
    assert st.status[slot(st, "Cindermaw")] == "jammed"


@pytest.mark.parametrize(("set_on", "asked"), [(2, True), (3, False)])
def test_counter_set_this_turn_cannot_answer_yet(set_on: int, asked: bool) -> None:
    # rule aliens.10.2
    st = scenario(aliens=SQUADS, hands=(["Ember Lash"], []), charge=(3, 1), command=([], ["Glacial Wall"]),
                  set_on=set_on, turn=3)
    pick(st, "Play Ember Lash")
    pick(st, "Zarkon")
    assert decisions_of(st, 1, "respond") is asked
    if not asked:
        assert zarkon(st) == 10  # the attack resolved unanswered
        assert names(st, st.command[1]) == ["Glacial Wall"]


@pytest.mark.parametrize(("set_on", "offered"), [(2, True), (3, False)])
def test_own_counter_set_this_turn_is_not_usable_from_the_field(set_on: int, offered: bool) -> None:
    # rule aliens.10.2
    st = scenario(aliens=SQUADS, hands=([FILL], []), charge=(5, 0), command=(["Backdraft"], []), set_on=set_on)
    assert has(st, "Play Backdraft from the field") is offered


def test_counter_set_on_your_turn_answers_on_the_opponents_next_turn() -> None:
    # rule aliens.10.2
    # rule aliens.gap.20
    st = scenario(aliens=SQUADS, hands=(["Ember Lash"], ["Glacial Wall"]), charge=(3, 3), active=1, turn=4)
    pick(st, "Set Glacial Wall")
    assert st.turn == 5 and st.active == 0
    pick(st, "Play Ember Lash")
    pick(st, "Zarkon")
    assert decisions_of(st, 1, "respond")
    assert has(st, "Answer with Glacial Wall")


# -- Counters from hand ---------------------------------------------------------------------------


def test_counter_in_hand_can_be_played_on_your_own_turn() -> None:
    # rule aliens.10.3
    st = scenario(aliens=SQUADS, hands=(["Backdraft"], []), charge=(2, 0))
    assert has(st, "Play Backdraft")
    pick(st, "Play Backdraft")
    pick(st, "Zarkon")
    assert zarkon(st) == 9
    act = events(st, "activate")[0]
    assert (act["card"], act["subtype"], act["origin"], act["answering"]) == ("Backdraft", "counter", "hand", None)
    assert st.turn == 4  # it was the primary action


def test_negate_or_block_only_counter_is_offered_on_your_own_turn_and_resolves_to_no_effect() -> None:
    # rule aliens.10.3
    # rule aliens.gap.22
    st = scenario(aliens=(P1, P0), hands=(["Glacial Wall", "Null Field"], []), charge=(5, 0))
    assert has(st, "Play Glacial Wall", "no effect") and has(st, "Play Null Field", "no effect")
    assert has(st, "Set Glacial Wall")
    hp = list(st.hp)
    pick(st, "Play Glacial Wall")  # Boreas is its only performer, and it has no target to ask
    act = events(st, "activate")[0]
    assert (act["card"], act["origin"], act["answering"]) == ("Glacial Wall", "hand", None)
    assert [e["amount"] for e in events(st, "energy_paid")] == [1]  # its cost is paid
    assert st.hp == hp and names(st, st.discard[0]) == ["Glacial Wall"]
    assert st.turn == 4  # the primary action


@pytest.mark.parametrize("counter", ["Glacial Wall", "Short Circuit", "Null Field"])
def test_counter_in_hand_cannot_answer_on_the_opponents_turn(counter: str) -> None:
    # rule aliens.10.4
    st = scenario(aliens=SQUADS, hands=(["Ember Lash", "Ignite"], [counter]), charge=(5, 5))
    attack = counter != "Short Circuit"  # Short Circuit answers Tactics, the others attacks
    pick(st, "Play Ember Lash" if attack else "Play Ignite")
    pick(st, "Zarkon")
    # player 1 is never asked: the next decision is their own turn
    assert not any(e["type"] == "no_answer" for e in st.log)
    assert st.decision is not None and (st.turn, st.decision.seat, st.decision.kind) == (4, 1, "action")
    assert zarkon(st) == (10 if attack else 11)
    assert counter in names(st, st.hand[1])


def test_same_counter_set_earlier_would_have_answered() -> None:
    # rule aliens.10.4
    # the control case for the test above: the same card, set on turn 2
    st = scenario(aliens=SQUADS, hands=(["Ember Lash"], []), charge=(5, 5), command=([], ["Null Field"]), set_on=2)
    pick(st, "Play Ember Lash")
    pick(st, "Zarkon")
    assert decisions_of(st, 1, "respond") and has(st, "Answer with Null Field")


# -- face-down cards ---------------------------------------------------------------------------


def test_set_card_is_hidden_from_the_opponent() -> None:
    # rule aliens.10.5
    st = scenario(aliens=SQUADS, hands=(["Backdraft"], []))
    bid = st.hand[0][0]
    pick(st, "Set Backdraft")
    theirs = st.view(1)
    assert "Backdraft" not in json.dumps(theirs)
    assert theirs["players"][0]["command"] == [{"index": 0, "face_down": True, "set_turn": 3}]
    assert bid not in [e.get("id") for e in st.visible_log(1)]  # shown by position, not by instance id
    assert "Backdraft" not in json.dumps(st.visible_log(1))
    # its owner still sees it
    assert st.view(0)["players"][0]["command"][0]["card"]["name"] == "Backdraft"
    assert "Backdraft" in json.dumps(st.visible_log(0))


def test_set_cards_are_unnamed_in_the_opponents_choices() -> None:
    # rule aliens.10.5
    st = scenario(aliens=SQUADS, hands=([], ["Demolition Charge"]), charge=(0, 5),
                  command=(["Backdraft", "Ember Lash"], []), set_on=2, active=1, turn=4)
    pick(st, "Play Demolition Charge")
    assert st.decision is not None and (st.decision.kind, st.decision.seat) == ("target", 1)
    assert all(lab.startswith("face-down card") for lab in labels(st))
    assert "Backdraft" not in json.dumps(st.decision.to_dict())
    assert "Ember Lash" not in json.dumps(st.decision.to_dict())


@pytest.mark.parametrize("card", [
    "Ember Lash",  # an Attack
    "Ignite",  # a Special
    "Backdraft",  # a Counter
    FILL,  # a Basic Spawn
    "Battle Doctrine",  # a Continuous Spawn
    "Frost Shard",  # a Glacien Attack: player 0 has no Glacien, so it is a pure bluff
])
def test_any_card_can_be_set_face_down(card: str) -> None:
    # rule aliens.10.6
    st = scenario(aliens=SQUADS, hands=([card], []))  # no energy at all: setting is free
    assert has(st, "Set", card)
    iid = st.hand[0][0]
    pick(st, "Set", card)
    assert st.command[0] == [iid] and st.set_turn[iid] == 3
    assert st.view(1)["players"][0]["command"][0]["face_down"] is True


def test_a_set_bluff_just_sits_there() -> None:
    # rule aliens.10.6
    # rule aliens.gap.2
    st = scenario(aliens=SQUADS, hands=(["Frost Shard"], []), charge=(9, 0))
    pick(st, "Set Frost Shard")
    pass_until(st, 5)
    assert not has(st, "Frost Shard")  # never playable by this squad
    assert names(st, st.command[0]) == ["Frost Shard"]
    assert st.view(1)["players"][0]["command"][0] == {"index": 0, "face_down": True, "set_turn": 3}


def _attacked(set_card: str) -> AliensState:
    st = scenario(aliens=SQUADS, hands=(["Ember Lash"], []), charge=(3, 1), command=([], [set_card]), set_on=2)
    pick(st, "Play Ember Lash")
    pick(st, "Zarkon")
    return st


def test_the_attacker_cannot_tell_a_set_bluff_from_a_real_counter() -> None:
    # rule aliens.10.5
    # rule aliens.10.6
    real, bluff = _attacked("Glacial Wall"), _attacked(FILL)
    for st in (real, bluff):  # the window is asked either way, with `pass` among the options
        assert decisions_of(st, 1, "respond") and "pass" in st.decision.ids
    assert has(real, "Answer with Glacial Wall") and bluff.decision.ids == ["pass"]
    assert json.dumps(real.view(0)) == json.dumps(bluff.view(0))
    assert real.visible_log(0) == bluff.visible_log(0)
    for st in (real, bluff):
        pick(st, "Let it resolve")
    assert real.visible_log(0) == bluff.visible_log(0)
    assert json.dumps(real.view(0)) == json.dumps(bluff.view(0))


def test_an_answer_in_a_window_is_revealed_before_its_choices() -> None:
    # rule aliens.10.5
    st = scenario(aliens=SQUADS, hands=(["Ignite"], []), charge=(3, 2), command=([], ["Short Circuit"]), set_on=2)
    pick(st, "Play Ignite")
    pick(st, "Gravok")
    pick(st, "Answer with Short Circuit")
    # P2 now picks Short Circuit's target: the card is face-up, P1 sees which card it is
    assert decisions_of(st, 1, "target")
    assert [c["name"] for c in st.view(0)["pending"]] == ["Ignite", "Short Circuit"]


# -- Counters on your own turn: only the choices the card gives ---------------------------------------


@pytest.mark.parametrize("counter", ["Decoy Hologram", "Glacial Wall"])
def test_a_counter_whose_effects_name_no_alien_asks_no_target_on_your_turn(counter: str) -> None:
    # rule aliens.10.3
    # rule aliens.gap.22
    # "On your turn: draw 1 card." / "the attack deals 3 less damage": neither names an Alien, so
    # using one on your own turn asks no target (none of its effects would use it).
    squad = ["Boreas Galewing", "Cindermaw", "Synapse Drone"]  # one Glacien: Glacial Wall's performer is forced
    st = scenario(aliens=(squad, P0), hands=([counter], []), charge=(5, 0))
    pick(st, f"Play {counter}")
    assert not decisions_of(st, 0, "target")
    assert st.turn == 4 and decisions_of(st, 1, "action")  # it was the primary action, and it resolved
    assert names(st, st.discard[0])[-1] == counter


def test_a_counter_that_blocks_still_protects_the_attacked_alien_without_a_target() -> None:
    # rule aliens.10.1
    st = scenario(aliens=SQUADS, hands=(["Ember Lash"], []), charge=(3, 1), command=([], ["Decoy Hologram"]), set_on=2)
    pick(st, "Play Ember Lash")
    pick(st, "Zarkon")
    pick(st, "Answer with Decoy Hologram")
    assert zarkon(st) == 12  # Ember Lash's 2 damage, 2 less
    assert [(e["player"], e["count"]) for e in events(st, "draw") if e["reason"] == "effect"] == [(1, 1)]  # and drew 1


def test_no_counter_text_says_it_is_only_usable_in_answer() -> None:
    # rule aliens.10.3
    # rule aliens.gap.22
    # every Counter may be used from hand on your own turn; the printed text must not say otherwise
    from aliens_scenario import POOL
    wrong = [c.name for c in (*POOL.tactics, *POOL.spawns) if c.subtype == "counter" and "only usable in answer"
             in c.text.lower()]
    assert wrong == []


def test_the_card_schema_refuses_a_target_no_effect_uses() -> None:
    # rule aliens.gap.22
    import msgspec

    from cardarena.games.aliens.schema import TacticCard
    raw = {"kind": "tactic", "id": "t-wall", "name": "Wall", "species": "Glacien", "subtype": "counter", "cost": 1,
           "window": "attack", "target": "ally", "effects": [{"verb": "block", "amount": 3}], "text": "Block 3."}
    with pytest.raises(msgspec.ValidationError, match="no effect goes"):
        msgspec.convert(raw, TacticCard)
    raw.pop("target")
    assert msgspec.convert(raw, TacticCard).target == "none"


def test_a_counter_resolves_whole_before_the_attack_it_answers_deals_damage() -> None:
    # rule aliens.10.1 (ruling gap.21: a Counter's other effects land when it is played, before the damage)
    p1 = ["Zarkon Arcwing", "Ferrax Prime", "Sporemother Yth"]

    def answer(counter: str, hp: int) -> tuple[AliensState, int]:
        st = scenario(aliens=(P0, p1), hands=(["Solar Lance"], []), charge=(3, 3), command=([], [counter]),
                      set_on=2, hp={"Zarkon Arcwing": hp})
        pick(st, "Play Solar Lance")
        pick(st, "Zarkon")
        pick(st, f"Answer with {counter}")  # its target is the attacked Alien: nothing more to choose
        assert st.active == 1  # the attack resolved and the turn went on
        return st, slot(st, "Zarkon Arcwing")

    st, z = answer("Reactive Plating", 12)  # block 1, then a 2-damage shield that the attack meets
    kinds = [e["type"] for e in st.log if e["type"] in ("shield", "damage")]
    assert kinds.index("shield") < kinds.index("damage")
    assert st.hp[z] == 12 and st.shield[z] == 1  # the shield took the 1 damage left after the block
    st, z = answer("Mycelial Net", 12)  # at full HP its heal, before the damage, heals nothing
    assert [e["amount"] for e in events(st, "heal")] == [0]
    st, z = answer("Mycelial Net", 10)
    assert [e["amount"] for e in events(st, "heal")] == [1]
