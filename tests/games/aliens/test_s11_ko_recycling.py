"""Rule scenarios for rulebook §11: KO and Recycling (rules aliens.11.1–11.13)."""

from __future__ import annotations

from aliens_scenario import card, events, has, ids_named, labels, pass_until, pick, scenario, slot

# P0: one Alien of each of three species, no passives that change damage.
P0 = ["Cindermaw", "Rustbloom Engine", "Boreas Galewing"]  # Pyrrhid, Ferrax, Glacien
# P1: Voltari, Lithari, Psykari; no passives either.
P1 = ["Tempestra", "Gravok Stonehide", "Synapse Drone"]
E = 9  # energy to spare, where a test is not about energy


def view_alien(st, seat: int, name: str) -> dict:
    return next(a for a in st.view(seat)["players"][slot(st, name) // 3]["aliens"] if a["name"] == name)


def ko_tempestra(st) -> None:
    """P0's Cindermaw lashes Tempestra with Ember Lash (Plasma: no bonus on Atmospheric Tempestra)."""
    pick(st, "Play Ember Lash")
    pick(st, "Tempestra")
    if st.decision is not None and st.decision.kind == "respond":
        pick(st, "Let it resolve")  # P1's Counter window, when it has face-down cards


def names(st, ids: list[int]) -> list[str]:
    return sorted(st.name(i) for i in ids)


# -- the KO itself ---------------------------------------------------------------------------------


def test_attack_that_brings_hp_to_zero_flips_the_alien_ko():
    # rule aliens.11.1
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash"], []), charge=(E, 0), hp={"Tempestra": 1})
    ko_tempestra(st)
    t = slot(st, "Tempestra")
    assert st.hp[t] == 0
    assert [e["name"] for e in events(st, "ko")] == ["Tempestra"]
    for seat in (0, 1):  # both players see it face-down
        assert view_alien(st, seat, "Tempestra")["ko"] is True


def test_damage_short_of_zero_is_not_a_ko():
    # rule aliens.11.1
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash"], []), charge=(E, 0),
                  hp={"Tempestra": card("Ember Lash").damage + 1})
    ko_tempestra(st)
    assert st.hp[slot(st, "Tempestra")] == 1
    assert events(st, "ko") == []
    assert view_alien(st, 0, "Tempestra")["ko"] is False


def test_corroding_damage_can_ko():
    # rule aliens.11.1
    st = scenario(aliens=(P0, P1), hands=([], ["Nanite Infusion"]), hp={"Gravok Stonehide": 1},
                  status={"Gravok Stonehide": "corroding"}, turn=4, active=1)
    pick(st, "Pass")
    g = slot(st, "Gravok Stonehide")
    assert st.hp[g] == 0
    assert [e["name"] for e in events(st, "ko")] == ["Gravok Stonehide"]
    assert view_alien(st, 0, "Gravok Stonehide")["ko"] is True


def test_damage_from_an_ability_effect_can_ko():
    # rule aliens.11.1
    st = scenario(aliens=(P0, P1), hands=(["Nanite Infusion"], []), charge=(E, 0), hp={"Synapse Drone": 1})
    pick(st, "Rustbloom Engine: Acid Spray")
    pick(st, "Synapse Drone")
    assert st.hp[slot(st, "Synapse Drone")] == 0
    assert [e["name"] for e in events(st, "ko")] == ["Synapse Drone"]


def test_damage_from_a_spawn_can_ko():
    # rule aliens.11.1
    st = scenario(aliens=(P0, P1), hands=(["Orbital Strike"], []), charge=(E, 0), hp={"Gravok Stonehide": 1})
    pick(st, "Play Orbital Strike")
    pick(st, "Gravok Stonehide")
    assert st.hp[slot(st, "Gravok Stonehide")] == 0
    assert [e["name"] for e in events(st, "ko")] == ["Gravok Stonehide"]


def test_ko_alien_stays_in_its_alien_zone():
    # rule aliens.11.2
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash"], []), charge=(E, 0), hp={"Tempestra": 1})
    before = st.aliens
    ko_tempestra(st)
    assert st.aliens == before
    squad = st.view(0)["players"][1]["aliens"]
    assert [a["name"] for a in squad] == P1
    assert [a["ko"] for a in squad] == [True, False, False]
    # it is not in any other zone
    tid = st.aliens[slot(st, "Tempestra")]
    assert all(tid not in z for z in (*st.hand, *st.deck, *st.discard, *st.reactor, *st.command))


# -- what a KO'd Alien can no longer do ----------------------------------------------------------


def test_ko_alien_cannot_declare_an_attack():
    # rule aliens.11.3
    live = scenario(aliens=(P0, P1), hands=(["Ember Lash"], []), charge=(E, 0))
    assert has(live, "Play Ember Lash")  # control: Cindermaw could declare it
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash"], []), charge=(E, 0), hp={"Cindermaw": 0})
    assert not has(st, "Play Ember Lash")
    assert st.attacked == [False] * 6


def test_ko_alien_cannot_use_its_ability():
    # rule aliens.11.3
    live = scenario(aliens=(P0, P1), hands=(["Nanite Infusion"], []), charge=(E, 0))
    assert has(live, "Cindermaw: Eruption")
    st = scenario(aliens=(P0, P1), hands=(["Nanite Infusion"], []), charge=(E, 0), hp={"Cindermaw": 0})
    assert not has(st, "Eruption")
    assert has(st, "Rustbloom Engine: Acid Spray")  # the live Aliens still act


def test_alien_ko_mid_game_loses_its_option_on_the_owners_next_turn():
    # rule aliens.11.3
    # rule aliens.11.4
    # P1 KOs Cindermaw on turn 4; on turn 5 P0's Pyrrhid Attack and Cindermaw's ability are gone.
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash", "Ignite"], ["Thunderclap"]), charge=(E, E),
                  hp={"Cindermaw": 1}, turn=4, active=1)
    pick(st, "Play Thunderclap")
    pick(st, "Cindermaw")
    assert st.hp[slot(st, "Cindermaw")] == 0
    assert st.turn == 5 and st.decision.seat == 0 and st.decision.kind == "action"
    assert not has(st, "Play Ember Lash")
    assert not has(st, "Play Ignite")
    assert not has(st, "Eruption")
    assert has(st, "Set Ember Lash face-down")  # it is still a card in hand


def test_ko_aliens_tactics_cannot_be_activated_from_hand():
    # rule aliens.11.4
    live = scenario(aliens=(P0, P1), hands=(["Ignite", "Ember Lash"], []), charge=(E, 0))
    assert has(live, "Play Ignite") and has(live, "Play Ember Lash")
    st = scenario(aliens=(P0, P1), hands=(["Ignite", "Ember Lash"], []), charge=(E, 0), hp={"Cindermaw": 0})
    assert not has(st, "Play Ignite")
    assert not has(st, "Play Ember Lash")


def test_ko_aliens_tactics_cannot_be_activated_from_the_command_zone():
    # rule aliens.11.4
    live = scenario(aliens=(P0, P1), hands=(["Nanite Infusion"], []), command=(["Ignite", "Ember Lash"], []),
                    set_on=1, charge=(E, 0))
    assert has(live, "Play Ignite from the field") and has(live, "Play Ember Lash from the field")
    st = scenario(aliens=(P0, P1), hands=(["Nanite Infusion"], []), command=(["Ignite", "Ember Lash"], []),
                  set_on=1, charge=(E, 0), hp={"Cindermaw": 0})
    assert not has(st, "from the field")


def test_ko_aliens_counter_cannot_answer_an_attack():
    # rule aliens.11.4
    # Flame Ward (a Pyrrhid Counter) set on turn 1: with Cindermaw KO'd, P0's window (asked, since
    # P0 has a face-down card) offers only `pass`.
    st = scenario(aliens=(P0, P1), hands=([], ["Thunderclap"]), command=(["Flame Ward"], []), set_on=1,
                  charge=(E, E), hp={"Cindermaw": 0}, turn=4, active=1)
    pick(st, "Play Thunderclap")
    pick(st, "Boreas Galewing")
    assert st.decision.kind == "respond" and st.decision.ids == ["pass"]
    pick(st, "Let it resolve")
    assert not any(e["type"] == "activate" and e["card"] == "Flame Ward" for e in st.log)
    assert st.hp[slot(st, "Boreas Galewing")] == card("Boreas Galewing").hp - card("Thunderclap").damage
    # control: with Cindermaw live the same attack opens P0's answer window
    live = scenario(aliens=(P0, P1), hands=([], ["Thunderclap"]), command=(["Flame Ward"], []), set_on=1,
                    charge=(E, E), turn=4, active=1)
    pick(live, "Play Thunderclap")
    pick(live, "Boreas Galewing")
    assert live.decision.kind == "respond" and live.decision.seat == 0 and has(live, "Answer with Flame Ward")


# -- discarding the dead Tactics (optional) -----------------------------------------------------


def ko_cindermaw_with_set_tactics(command: list[str]):
    """P1 KOs Cindermaw (1 HP) with Thunderclap on turn 4 while P0 has `command` set since turn 1."""
    st = scenario(aliens=(P0, P1), hands=([], ["Thunderclap"]), command=(command, []), set_on=1,
                  charge=(0, E), hp={"Cindermaw": 1}, turn=4, active=1)
    pick(st, "Play Thunderclap")
    pick(st, "Cindermaw")
    pick(st, "Let it resolve")  # P0's Counter window (it has face-down cards)
    return st


def test_owner_is_offered_to_discard_the_ko_aliens_set_tactics():
    # rule aliens.11.5
    st = ko_cindermaw_with_set_tactics(["Ignite", "Ember Lash"])
    assert st.decision.kind == "ko_discard"
    assert st.decision.seat == 0  # the KO'd Alien's owner, though it is P1's turn
    assert len(st.decision.options) == 2


def test_choosing_discard_moves_the_ko_aliens_set_tactics_to_the_discard():
    # rule aliens.11.5
    st = ko_cindermaw_with_set_tactics(["Ignite", "Ember Lash", "Rivet Gun"])
    pick(st, "Discard them")
    assert names(st, st.discard[0]) == ["Ember Lash", "Ignite"]
    assert names(st, st.command[0]) == ["Rivet Gun"]  # Rustbloom's Ferrax card is untouched
    assert st.turn == 5 and st.decision.kind == "action"  # then the game goes on


def test_choosing_keep_leaves_the_ko_aliens_set_tactics_face_down():
    # rule aliens.11.5
    st = ko_cindermaw_with_set_tactics(["Ignite", "Ember Lash"])
    pick(st, "Keep them")
    assert names(st, st.command[0]) == ["Ember Lash", "Ignite"]
    assert all(i in st.set_turn for i in st.command[0])
    assert st.discard[0] == []


# -- no redeploy ---------------------------------------------------------------------------------


def test_ko_alien_never_returns_and_is_never_replaced():
    # rule aliens.11.6
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash"], []), charge=(E, 0), hp={"Tempestra": 1})
    ko_tempestra(st)
    squad_ids = st.aliens
    pass_until(st, 9)
    t = slot(st, "Tempestra")
    assert st.aliens == squad_ids
    assert st.hp[t] == 0 and view_alien(st, 0, "Tempestra")["ko"] is True
    assert st.result is None


def test_ko_alien_cannot_be_healed_back():
    # rule aliens.11.6
    st = scenario(aliens=(P0, P1), hands=([], ["Nanite Infusion"]), charge=(0, E), hp={"Tempestra": 0},
                  turn=4, active=1)
    pick(st, "Play Nanite Infusion")
    assert st.decision.kind == "target"
    assert not any("Tempestra" in x for x in labels(st))
    with_id = [o for o in st.decision.options if o.value == slot(st, "Tempestra")]
    assert with_id == []
    # a heal that reaches every ally skips the KO'd Alien too
    mist = scenario(aliens=(P0, P1), hands=([], ["Purifying Mist"]), charge=(0, E),
                    hp={"Tempestra": 0, "Gravok Stonehide": 10}, turn=4, active=1)
    pick(mist, "Play Purifying Mist")
    assert mist.hp[slot(mist, "Tempestra")] == 0
    heal = next(e.amount for e in card("Purifying Mist").effects if e.verb == "heal")
    assert mist.hp[slot(mist, "Gravok Stonehide")] == 10 + heal


# -- Recycling -------------------------------------------------------------------------------------

# P1's Discard when Tempestra (Voltari) falls: one card of each kind Recycling must sort.
DISCARD_P1 = ["Thunderclap", "Pebble Barrage", "Psi Needle", "Nanite Infusion", "Spore Lash", "Shadow Bolt"]


def recycling_board(**kw):
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash"], []), charge=(E, 0), discard=([], DISCARD_P1),
                  hp={"Tempestra": 1, **kw.pop("hp", {})}, **kw)
    return st


def test_recycling_runs_without_asking_anyone():
    # rule aliens.11.7
    st = recycling_board()
    ko_tempestra(st)
    assert len(events(st, "recycle")) == 1
    assert len(st.history) == 2  # only the two choices of the attack itself were asked
    assert st.decision.seat == 1 and st.decision.kind == "action"  # next: P1's turn, no recycling choice


def test_no_recycling_without_a_ko():
    # rule aliens.11.7
    st = recycling_board(hp={"Tempestra": card("Tempestra").hp})
    deck = list(st.deck[1])
    ko_tempestra(st)
    assert events(st, "recycle") == []
    assert names(st, st.discard[1]) == sorted(DISCARD_P1)
    assert len(st.deck[1]) == len(deck) - 5  # P1 only drew its hand


def test_recycling_returns_species_tactics_of_still_live_aliens():
    # rule aliens.11.8
    st = recycling_board()
    deck_before = list(st.deck[1])
    pebble = ids_named(st, "Pebble Barrage", st.discard[1])
    needle = ids_named(st, "Psi Needle", st.discard[1])
    ko_tempestra(st)
    back = events(st, "recycle")[0]["cards"]
    assert "Pebble Barrage" in back and "Psi Needle" in back  # Gravok (Lithari) and Synapse (Psykari) live
    moved = set(pebble + needle)
    assert not moved & set(st.discard[1])
    # they went into the Deck (P1 then drew 5 of its cards for its hand)
    assert moved <= set(st.deck[1]) | set(st.hand[1])
    assert len(st.deck[1]) + len(st.hand[1]) == len(deck_before) + 3


def test_recycling_returns_neutral_spawns():
    # rule aliens.11.9
    spawns = ["Nanite Infusion", "Emergency Barrier", "Plasma Edge", "Ion Storm Front", "Battle Doctrine"]
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash"], []), charge=(E, 0), discard=([], spawns),
                  hp={"Tempestra": 1})
    spawn_ids = list(st.discard[1])
    ko_tempestra(st)
    assert sorted(events(st, "recycle")[0]["cards"]) == sorted(spawns)
    assert st.discard[1] == []
    assert set(spawn_ids) <= set(st.deck[1]) | set(st.hand[1])


def test_spawns_recycle_even_when_no_species_of_the_owner_is_left():
    # rule aliens.11.9
    # Gravok and Synapse are already KO'd: after Tempestra no species of P1 lives, yet the Spawn returns.
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash"], []), charge=(E, 0),
                  discard=([], ["Nanite Infusion", "Pebble Barrage"]),
                  hp={"Tempestra": 1, "Gravok Stonehide": 0, "Synapse Drone": 0})
    pick(st, "Play Ember Lash")  # Tempestra is the only target left: no target choice
    assert st.result is not None and st.result.winner == 0
    assert events(st, "recycle")[0]["cards"] == ["Nanite Infusion"]
    assert names(st, st.discard[1]) == ["Pebble Barrage"]


def test_ko_aliens_own_species_tactics_stay_in_the_discard():
    # rule aliens.11.10
    st = recycling_board()
    dead = ids_named(st, "Thunderclap", st.discard[1])
    ko_tempestra(st)
    assert "Thunderclap" not in events(st, "recycle")[0]["cards"]
    assert dead[0] in st.discard[1]


def test_tactics_of_an_alien_ko_earlier_stay_in_the_discard():
    # rule aliens.11.11
    # Gravok (the only Lithari) fell earlier: its Pebble Barrage is dead and stays when Tempestra falls.
    st = recycling_board(hp={"Gravok Stonehide": 0})
    pebble = ids_named(st, "Pebble Barrage", st.discard[1])
    ko_tempestra(st)
    back = events(st, "recycle")[0]["cards"]
    assert "Pebble Barrage" not in back
    assert pebble[0] in st.discard[1]
    assert "Psi Needle" in back  # the still-live Psykari's card does return
    assert names(st, st.discard[1]) == ["Pebble Barrage", "Shadow Bolt", "Spore Lash", "Thunderclap"]


def test_recycling_moves_exactly_the_usable_cards():
    # rule aliens.11.8
    # rule aliens.11.9
    # rule aliens.11.10
    st = recycling_board()
    ko_tempestra(st)
    assert sorted(events(st, "recycle")[0]["cards"]) == ["Nanite Infusion", "Pebble Barrage", "Psi Needle"]
    assert names(st, st.discard[1]) == ["Shadow Bolt", "Spore Lash", "Thunderclap"]


def test_recycled_cards_are_shuffled_into_the_deck():
    # rule aliens.11.12
    base = recycling_board()
    deck_before = list(base.deck[1])
    back_ids = [i for i in base.discard[1] if base.name(i) in ("Pebble Barrage", "Psi Needle", "Nanite Infusion")]
    orders = set()
    for s in range(8):
        st = base.clone()
        st.record = True
        st.rng.s = 1000 + s
        ko_tempestra(st)
        assert [e["player"] for e in events(st, "shuffle") if e["reason"] == "recycling"] == [1]
        # P1 then draws its 5 from the top: put them back to read the Deck as it was shuffled
        full = st.deck[1] + list(reversed(st.hand[1]))
        assert sorted(full) == sorted(deck_before + back_ids)
        orders.add(tuple(full))
    assert len(orders) > 1  # the order depends on the shuffle
    # the whole Deck is shuffled, not only the recycled cards appended
    assert any([i for i in o if i in deck_before] != deck_before for o in orders)


def test_recycling_takes_nothing_from_hand_reactor_or_command_zone():
    # rule aliens.11.13
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash"], ["Pebble Barrage", "Nanite Infusion"]), charge=(E, 0),
                  reactor=([], ["Psi Needle", "Emergency Barrier"]), command=([], ["Stone Skin", "Plasma Edge"]),
                  set_on=1, discard=([], ["Pebble Barrage"]), hp={"Tempestra": 1})
    hand, reactor, command = list(st.hand[1]), list(st.reactor[1]), list(st.command[1])
    ko_tempestra(st)
    assert events(st, "recycle")[0]["cards"] == ["Pebble Barrage"]
    assert st.hand[1][:2] == hand  # P1 then drew 3 more for its turn, on top of these
    assert st.reactor[1] == reactor
    assert st.command[1] == command


def test_recycling_is_per_player():
    # rule aliens.11.13
    # Only the KO'd Alien's owner recycles; the attacker's Discard is left alone.
    st = scenario(aliens=(P0, P1), hands=(["Ember Lash"], []), charge=(E, 0), discard=(["Rivet Gun"], []),
                  hp={"Tempestra": 1})
    ko_tempestra(st)
    assert names(st, st.discard[0]) == ["Ember Lash", "Rivet Gun"]



def test_two_aliens_kod_by_one_effect_both_keep_their_tactics_in_the_discard():
    # rule aliens.11.10
    # rule aliens.gap.28
    # Cataclysm Comet hits every Alien at once: Gravok (Lithari) and Synapse Drone (Psykari) both fall.
    # Gravok's KO is resolved first, but Synapse is already at 0 HP then: its Psi Needle is as dead as
    # Gravok's Pebble Barrage, and neither may be shuffled back (only Tempestra's Voltari card returns).
    st = scenario(aliens=(P0, P1), hands=(["Cataclysm Comet"], []), charge=(E, 0),
                  discard=([], ["Pebble Barrage", "Psi Needle", "Static Jolt"]),
                  hp={"Gravok Stonehide": 1, "Synapse Drone": 2})
    pick(st, "Play Cataclysm Comet")
    assert [e["name"] for e in events(st, "ko")] == ["Gravok Stonehide", "Synapse Drone"]
    assert [e["cards"] for e in events(st, "recycle")] == [["Static Jolt"], []]
    assert names(st, st.discard[1]) == ["Pebble Barrage", "Psi Needle"]


def test_two_aliens_kod_by_corroding_in_one_energy_phase_both_keep_their_tactics_in_the_discard():
    # rule aliens.11.10
    # rule aliens.gap.28
    # Statuses resolve together at the end of P1's Energy Phase: Gravok and Synapse Drone both corrode
    # to 0, so Synapse's Psi Needle stays dead in the Discard when Gravok's Recycling runs.
    st = scenario(aliens=(P0, P1), hands=([], ["Nanite Infusion"]), turn=4, active=1,
                  discard=([], ["Pebble Barrage", "Psi Needle", "Static Jolt"]),
                  hp={"Gravok Stonehide": 1, "Synapse Drone": 1},
                  status={"Gravok Stonehide": "corroding", "Synapse Drone": "corroding"})
    pick(st, "Pass")
    assert [e["name"] for e in events(st, "ko")] == ["Gravok Stonehide", "Synapse Drone"]
    assert [e["cards"] for e in events(st, "recycle")] == [["Static Jolt"], []]
    assert names(st, st.discard[1]) == ["Pebble Barrage", "Psi Needle"]
