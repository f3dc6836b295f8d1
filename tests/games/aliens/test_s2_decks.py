"""Rule scenarios for aliens §2, deck construction: 3 unique Aliens, a 50–60 card Tactic deck, at most 3
copies of a name, ≥ 2 affinities among the Aliens, ≥ 4 species in the Tactic deck, checked at deck save
(`cardarena validate`) and at contest entry (`resolve_deck` / `new_game`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from aliens_scenario import events, pick, scenario
from typer.testing import CliRunner

import cardarena
from cardarena.cli import app
from cardarena.core.decks import Deck, parse_deck
from cardarena.core.errors import DeckError
from cardarena.games.aliens.schema import AlienCard, SpawnCard, TacticCard

GAME = cardarena.load_game("aliens")
POOL = GAME.pool

#: Plasma, Meteoric, Atmospheric: a legal squad of three species
SQUAD = ["Vexa, Ember Queen", "Gravok Stonehide", "Tempestra"]
FOUR_SPECIES = ("Pyrrhid", "Lithari", "Voltari", "Mycora")
ALLOY_TRIO = ["Ferrax Prime", "Rimeforged Golem", "Ironshard Colossus"]


def tactic_cards(total: int, species: tuple[str, ...] = FOUR_SPECIES, copies: int = 3,
                 skip: str = "") -> dict[str, int]:
    """`total` Species Tactics of `species`, at most `copies` of a name, spread round-robin."""
    names = [t.name for sp in species for t in POOL.tactics if t.species == sp and t.name != skip]
    out: dict[str, int] = {}
    left = total
    for _ in range(copies):
        for n in names:
            if left == 0:
                return out
            out[n] = out.get(n, 0) + 1
            left -= 1
    assert left == 0, f"not enough tactics of {species} for {total} cards"
    return out


def spawn_cards(total: int) -> dict[str, int]:
    names = [s.name for s in POOL.spawns]
    out: dict[str, int] = {}
    for i in range(total):
        n = names[i % len(names)]
        out[n] = out.get(n, 0) + 1
    return out


def deck_toml(aliens: list[str], cards: dict[str, int], name: str = "Test Deck") -> str:
    lines = ['game = "aliens"', 'format = "standard"', f"name = {json.dumps(name)}",
             "aliens = [" + ", ".join(json.dumps(a) for a in aliens) + "]", "", "[cards]"]
    lines += [f"{json.dumps(n)} = {c}" for n, c in cards.items()]
    return "\n".join(lines) + "\n"


def problems(aliens: list[str], cards: dict[str, int]) -> list[str]:
    return GAME.check_deck(parse_deck(deck_toml(aliens, cards)))


def mentions(found: list[str], rule: str) -> bool:
    return any(f"rule {rule})" in p or f"rule {rule};" in p for p in found)


def flat(text: str) -> str:
    """CLI output without the terminal's line wrapping."""
    return " ".join(text.split())


# -- the squad -----------------------------------------------------------------------------------


def test_exactly_three_aliens_is_legal():
    # rule aliens.2.1
    assert problems(SQUAD, tactic_cards(50)) == []


@pytest.mark.parametrize("squad", [SQUAD[:2], [*SQUAD, "Synapse Drone"]], ids=["two", "four"])
def test_two_or_four_aliens_are_illegal(squad):
    # rule aliens.2.1
    found = problems(squad, tactic_cards(50))
    assert mentions(found, "aliens.2.1")
    assert f"this one has {len(squad)}" in " ".join(found)


def test_the_same_alien_twice_is_illegal():
    # rule aliens.2.2
    found = problems(["Vexa, Ember Queen", "Vexa, Ember Queen", "Tempestra"], tactic_cards(50))
    assert mentions(found, "aliens.2.2")
    assert "'Vexa, Ember Queen' is listed twice" in " ".join(found)
    assert not mentions(problems(["Vexa, Ember Queen", "Solrath the Kindled", "Tempestra"], tactic_cards(50)),
                        "aliens.2.2")


# -- the Tactic deck -----------------------------------------------------------------------------


@pytest.mark.parametrize("size", [50, 60])
def test_tactic_deck_of_50_or_60_is_legal(size):
    # rule aliens.2.3
    assert problems(SQUAD, tactic_cards(size)) == []


@pytest.mark.parametrize("size", [49, 61])
def test_tactic_deck_of_49_or_61_is_illegal(size):
    # rule aliens.2.3
    found = problems(SQUAD, tactic_cards(size))
    assert found == [f"the Tactic deck has {size} cards; it needs 50–60 (rule aliens.2.3)"]


@pytest.mark.parametrize("bad", [0, -3, 2.5, True])
def test_a_zero_negative_or_non_whole_count_is_refused_through_the_api(bad):
    # rule aliens.2.3
    # A Deck built in code skips the TOML loader: check_deck itself refuses the count, and the bad
    # entry does not count toward the 50–60 (a negative count cannot pull 63 cards down to 60): here the deck is then too small.
    cards = tactic_cards(50)
    first = next(iter(cards))
    left = 50 - cards[first]
    cards[first] = bad
    deck = Deck(game="aliens", name="api", format="standard", leaders={"aliens": list(SQUAD)}, cards=cards,
                source="<api>")
    found = GAME.check_deck(deck)
    assert any("count must be a whole number ≥ 1" in f and mentions([f], "aliens.2.3") for f in found), found
    assert any(f"the Tactic deck has {left} cards" in f for f in found)  # every reason is listed
    with pytest.raises(DeckError):
        GAME.new_game(decks=[deck, "wildfire_assault"])


def test_spawns_count_toward_the_50_to_60():
    # rule aliens.2.4
    assert mentions(problems(SQUAD, tactic_cards(47)), "aliens.2.3")  # 47 alone is too few
    assert problems(SQUAD, {**tactic_cards(47), **spawn_cards(3)}) == []  # 3 Spawns make it 50
    assert mentions(problems(SQUAD, {**tactic_cards(58), **spawn_cards(3)}), "aliens.2.3")  # 61


def test_spawns_are_shuffled_into_the_deck_and_drawn_like_any_tactic():
    # rule aliens.2.4
    cards = {**tactic_cards(40), **spawn_cards(10)}
    deck = parse_deck(deck_toml(SQUAD, cards))
    st = GAME.new_game(decks=[deck, "frozen_bastion"], seed=4)
    mine = [*st.deck[0], *st.hand[0], *st.reactor[0]]
    assert len(mine) == 50
    assert sum(isinstance(st.defs[i], SpawnCard) for i in mine) == 10


def test_aliens_do_not_count_toward_the_tactic_deck():
    # rule aliens.2.5
    # 60 Tactics and 3 Aliens is legal: counted, the Aliens would make it 63
    assert problems(SQUAD, tactic_cards(60)) == []
    # an Alien listed among the Tactic deck's cards is refused
    found = problems(SQUAD, {**tactic_cards(49), "Synapse Drone": 1})
    assert mentions(found, "aliens.2.5")


def test_aliens_are_never_in_the_deck_of_a_started_game():
    # rule aliens.2.5
    st = GAME.new_game(decks=[parse_deck(deck_toml(SQUAD, tactic_cards(50))), "frozen_bastion"], seed=9)
    for p in (0, 1):
        cards = [*st.deck[p], *st.hand[p], *st.reactor[p]]
        assert not any(isinstance(st.defs[i], AlienCard) for i in cards)
        assert all(isinstance(st.defs[i], TacticCard | SpawnCard) for i in cards)
    assert len(st.deck[0]) + len(st.hand[0]) + len(st.reactor[0]) == 50


def test_recycling_never_shuffles_an_alien_into_the_deck():
    # rule aliens.2.5
    st = scenario(aliens=(SQUAD, ["Magmora Coreheart", "Sporemother Yth", "Boreas Galewing"]),
                  hands=(["Ember Lash"], []), charge=(1, 0), hp={"Magmora Coreheart": 2},
                  discard=([], ["Spore Lash", "Reactor Tap", "Frost Shard"]))
    pick(st, "Play Ember Lash")
    pick(st, "Magmora")  # KO: Recycling shuffles usable cards from the Discard into P1's Deck
    assert events(st, "recycle")[0]["player"] == 1
    assert not any(isinstance(st.defs[i], AlienCard) for i in st.deck[1])
    assert not set(st.aliens) & set(st.deck[1])
    ko = st.view(1)["players"][1]["aliens"][0]  # the KO'd Alien stays in its zone
    assert (ko["id"], ko["index"], ko["ko"]) == (st.alien(3).id, 0, True)


def test_three_copies_of_a_name_are_legal_a_fourth_is_not():
    # rule aliens.2.6
    assert problems(SQUAD, {"Ember Lash": 3, **tactic_cards(47, skip="Ember Lash")}) == []
    found = problems(SQUAD, {"Ember Lash": 4, **tactic_cards(46, skip="Ember Lash")})
    assert found == ["4 copies of 'Ember Lash'; at most 3 of any card (rule aliens.2.6)"]


def test_the_copy_limit_applies_to_spawns_too():
    # rule aliens.2.6
    found = problems(SQUAD, {**tactic_cards(46), "Reactor Tap": 4})
    assert found == ["4 copies of 'Reactor Tap'; at most 3 of any card (rule aliens.2.6)"]


# -- affinity span and species -------------------------------------------------------------------


@pytest.mark.parametrize("trio", [ALLOY_TRIO, ["Heliarch Forge", "Solrath the Kindled", "Heliox Dynamo"]],
                         ids=["alloy", "solar"])
def test_three_aliens_of_one_affinity_are_illegal(trio):
    # rule aliens.2.7
    assert len({POOL.by_name[n].affinity for n in trio}) == 1
    found = problems(trio, tactic_cards(50))
    assert mentions(found, "aliens.2.7")


def test_two_affinities_among_the_aliens_are_enough():
    # rule aliens.2.7
    squad = ["Ferrax Prime", "Rimeforged Golem", "Vexa, Ember Queen"]  # Alloy, Alloy, Plasma
    assert problems(squad, tactic_cards(50)) == []


def test_a_tactic_deck_of_three_species_is_illegal():
    # rule aliens.2.8
    cards = {**tactic_cards(24, species=FOUR_SPECIES[:3], copies=1), **spawn_cards(26)}
    found = problems(SQUAD, cards)
    assert mentions(found, "aliens.2.8")
    assert "cover 3 species" in " ".join(found)


def test_a_tactic_deck_of_four_species_is_legal():
    # rule aliens.2.8
    cards = {**tactic_cards(32, copies=1), **spawn_cards(18)}
    assert problems(SQUAD, cards) == []


def test_spawns_do_not_count_as_a_species():
    # rule aliens.2.8
    # rule aliens.gap.3
    cards = {**tactic_cards(9, species=FOUR_SPECIES[:3], copies=3), **spawn_cards(41)}
    found = problems(SQUAD, cards)
    assert mentions(found, "aliens.2.8")


# -- when the rules are checked ------------------------------------------------------------------


def _write(tmp_path: Path, aliens: list[str], cards: dict[str, int], name: str = "deck.toml") -> Path:
    path = tmp_path / name
    path.write_text(deck_toml(aliens, cards), encoding="utf-8")
    return path


def test_saving_a_deck_that_breaks_the_affinity_span_is_refused(tmp_path):
    # rule aliens.2.9
    path = _write(tmp_path, ALLOY_TRIO, tactic_cards(50))
    res = CliRunner().invoke(app, ["validate", str(path)])
    assert res.exit_code == 1
    assert "rule aliens.2.7" in flat(res.stderr)


def test_saving_a_deck_that_breaks_the_species_rule_is_refused(tmp_path):
    # rule aliens.2.9
    path = _write(tmp_path, SQUAD, {**tactic_cards(24, species=FOUR_SPECIES[:3], copies=1), **spawn_cards(26)})
    res = CliRunner().invoke(app, ["validate", str(path)])
    assert res.exit_code == 1
    assert "rule aliens.2.8" in flat(res.stderr)


def test_saving_a_legal_deck_is_accepted(tmp_path):
    # rule aliens.2.9
    path = _write(tmp_path, SQUAD, tactic_cards(55))
    res = CliRunner().invoke(app, ["validate", str(path)])
    assert res.exit_code == 0, res.stderr
    assert "legal aliens deck" in flat(res.stdout)


def test_validate_lists_every_reason_a_deck_is_illegal(tmp_path):
    # rule aliens.2.3
    # rule aliens.2.6
    # rule aliens.2.7
    # rule aliens.2.8
    path = _write(tmp_path, ALLOY_TRIO, {"Ember Lash": 4})
    res = CliRunner().invoke(app, ["validate", str(path)])
    assert res.exit_code == 1
    err = flat(res.stderr)
    assert "4 problem(s)" in err
    for rule in ("aliens.2.3", "aliens.2.6", "aliens.2.7", "aliens.2.8"):
        assert f"rule {rule}" in err


def test_validate_reports_malformed_toml_cleanly(tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text('game = "aliens"\nname = [unclosed\n', encoding="utf-8")
    res = CliRunner().invoke(app, ["validate", str(path)])
    assert res.exit_code == 1
    assert isinstance(res.exception, SystemExit)  # a clean exit, not a traceback
    err = flat(res.stderr)
    assert "not valid TOML" in err
    assert "Traceback" not in err and "Traceback" not in res.stdout


def test_a_saved_deck_breaking_the_span_is_refused_at_contest_entry(tmp_path):
    # rule aliens.2.10
    # the file was saved earlier without validation (as Deck.to_toml writes it)
    saved = Deck(game="aliens", name="Old Alloy", format="standard", leaders={"aliens": ALLOY_TRIO},
                 cards=tactic_cards(50))
    path = tmp_path / "old_alloy.toml"
    path.write_text(saved.to_toml(), encoding="utf-8")
    with pytest.raises(DeckError) as e:
        GAME.new_game(decks=[str(path), "frozen_bastion"], seed=1)
    assert mentions(e.value.problems, "aliens.2.7")
    with pytest.raises(DeckError):
        GAME.resolve_deck(str(path))


def test_a_saved_deck_breaking_the_species_rule_is_refused_at_contest_entry(tmp_path):
    # rule aliens.2.10
    path = _write(tmp_path, SQUAD, {**tactic_cards(24, species=FOUR_SPECIES[:3], copies=1), **spawn_cards(26)})
    with pytest.raises(DeckError) as e:
        GAME.new_game(decks=["frozen_bastion", str(path)], seed=1)
    assert mentions(e.value.problems, "aliens.2.8")


def test_a_legal_saved_deck_enters_a_contest(tmp_path):
    # rule aliens.2.10
    path = _write(tmp_path, SQUAD, tactic_cards(52))
    deck = GAME.resolve_deck(str(path))
    assert deck.size == 52
    st = GAME.new_game(decks=[str(path), "frozen_bastion"], seed=1)
    assert st.decision is not None and st.result is None
