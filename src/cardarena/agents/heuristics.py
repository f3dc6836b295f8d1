"""Position scores for the automatons: `score(ruleset, state, seat)` in [-1, 1], how well `seat` stands.

The ruleset's `evaluate` is the default. Where it looks only at the final race (hero HP), a search
cut after a few decisions cannot tell a developing play from a pass, so a game may add a finer score
here, keyed by game id: material on the table, cards in hand, shields, gear. Each stays symmetric
(mine minus theirs) and reads only public facts and the seat's own cards, since it is applied to
determinized states (tests/agents/test_heuristics.py).

Why the frontline and mastery terms (bench/bench_agents.py, seats alternating; at 20–40 games a
figure is good to about ±10–20 points):
- frontline: with the ruleset's evaluate (LP and board only) greedy won 68% against random (20
  games), nearly all games ending by deck-out, decided by which seat drew first. Draw effects are
  common (Forced March, Scavenge, Requisition) and the evaluate never saw the deck, so greedy drew
  itself out. The deck-out race term (who fails a Draw Phase first, weighed by how soon) makes it
  keep its deck longer than the opponent; units by ATK, HP and Cover make it trade and clear the
  Front Line for Breaches; cards in hand are the fuel every cost is paid with: 40/40. Plays under
  way (a revealed card waiting for its payment, an attack on the Ladder) and the active seat's
  attacks still to come keep a search cut mid-play from scoring a deploy as a lost card: ISMCTS 400
  against 50 iterations went from 13/20 and 20/30 to 23/30 (greedy against random 37/40 after).
- mastery: with the evaluate (Heroes alive, HP share) greedy won 33/40; most games reach the Round
  cap, decided by survivors then total HP. Poison still to come, Shielded and this Round's DEF and
  reductions count as HP (so protections and Poison are worth playing), a Loadout skill and a Level 2
  Path as growth: 37/40. Hero actions still to come this Round (READY Heroes the AP can pay for)
  keep a cut right after one side acted from rating that side ahead: greedy 40/40, ISMCTS 400
  against 50 iterations from 11/20 to 21/30.
- circuits: the first score weighed an Asset's Strike at 0.02 a point, a face-down Plan at 0.006 (less
  than the card it cost from hand, so greedy played Plans only for a Passive's trigger), Burn at 0.01
  a point and a Weapon at 0.04 + 0.02 per point. Burn N ticks N, N-1, ... (ruling circuits.gap.2), so
  Burn 5 is 15 HP still to come, and greedy attacked into Slag Plate turn after turn, stacking it on
  its own Hero. Now Burn counts as the HP it will take, Shield and Marked as HP, and what will deal or
  save HP later is counted in HP of the Hero it hits or saves: Strike and Weapons as recurring damage
  (about 2.5 more turns, fewer for a fragile Asset), queued next-attack bonuses, a face-down Plan by
  its public Kind and cost (never by what it is), Guard Assets and Armor as HP saved. Greedy also
  takes the opponent's trigger order as it comes instead of scoring a play before those triggers
  resolve. Greedy against random 91/100 [84%, 95%] on the original starters (was 84% [78%, 88%] at
  200), 188/200 = 94% [90%, 97%] on the rebalanced ones; the new score against the old one
  (`greedy:score=circuits_v1`, both with the trigger-order fix) 120/200 = 60% [53%, 67%] on the
  original starters, 250/400 = 62% [58%, 67%] on the rebalanced ones. Counting the enemy's Armor off
  Strike and Weapons as well gained nothing (196/400 against this score) and was dropped. The score
  alone barely moved the starters' balance (39 of 55 pairs outside 30–70 at 10 games a pair, 40
  before); the rebalancing is docs/balance/circuits.md §7.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from ..core.engine import State
from ..core.ruleset import Ruleset

Score = Callable[[State, int], float]


def _clip(x: float) -> float:
    return -1.0 if x < -1.0 else (1.0 if x > 1.0 else x)


#: expected later turns a Strike Asset, a Weapon or a recurring Asset effect keeps working (it may be
#: destroyed, the game may end): what turns a Strike 2 on the Field into about 5 HP of the enemy Hero
CIRCUITS_TURNS = 2.5
#: a face-down Plan by its public marks (Kind, and the cost paid openly): HP it is worth, per Rally of
#: cost plus a base; Offense against the enemy Hero, Defense as HP of your own, Utility as cards
CIRCUITS_PLAN = {"offense": (1.5, 1.1), "defense": (2.0, 1.0), "utility": (1.0, 0.8)}


def _burn_damage(b: int) -> int:
    """Burn N deals N at the End Step, then N-1 at the next... (rulings circuits.gap.2, gap.3)."""
    return b * (b + 1) // 2 if b > 0 else 0


def _asset_turns(hp_left: int) -> float:
    """How many more End Steps an Asset is likely to see: a fragile one is hit first."""
    return min(CIRCUITS_TURNS, 0.8 + 0.5 * hp_left)


def circuits_score(st: Any, seat: int) -> float:
    """Hero HP share first (what wins), after the Burn still to tick and counting Shield and Marked;
    then what will deal or save HP in the turns to come, in HP of the Hero it hits or saves: Strike
    Assets and Weapons as recurring damage, queued next-attack bonuses, face-down Plans by their
    public Kind and cost, Guard Assets and Armor as HP saved; cards in hand; mine minus theirs."""
    total = 0.0
    defs = st.defs
    damage = st.damage
    active = st.active
    for p, sign in ((seat, 1.0), (1 - seat, -1.0)):
        q = 1 - p
        top = defs[st.hero[p]].hp
        top_q = defs[st.hero[q]].hp
        hp = st.hp[p]
        # HP of my own Hero (saved) and HP of the enemy Hero (dealt) in the turns to come
        saved = 0.8 * st.shield[p] - 0.9 * _burn_damage(st.burn_enemy[p] + st.burn_self[p])
        saved -= 0.8 if st.marked[p] else 0.0
        dealt = 0.0
        other = 0.0  # value not in HP: cards, Rally, Repair
        for iid in st.field[p]:
            d = defs[iid]
            left = max(0, st.asset_max_hp(iid) - damage.get(iid, 0))
            turns = _asset_turns(left)
            other += 0.02 + 0.004 * left
            if d.strike:
                # rule 9.1.12: each of my End Steps; the active seat's End Step is still to come
                dealt += d.strike * (turns + (1.0 if p == active else 0.0))
            if st.has_guard(iid):
                saved += 0.5 * left  # enemy Basic Attacks must hit it first (rule 8.1.4)
            for t in d.triggers:
                if t.when in ("turn_start", "end_step"):
                    for e in t.effects:
                        if e.verb in ("heal", "shield") and e.to == "your_hero":
                            saved += 0.8 * e.amount * turns
                        elif e.verb in ("gain_rally", "draw"):
                            other += 0.01 * e.amount * turns
                        elif e.verb == "repair":
                            other += 0.004 * e.amount * turns
        for g in st.gear[p * 3: p * 3 + 3]:
            if g < 0:
                continue
            d = defs[g]
            on = 0.5 if g in st.jammed else 1.0
            other += 0.02
            dealt += on * d.attack * CIRCUITS_TURNS  # a Weapon pumps every Basic Attack to come
            saved += on * d.reduce * 0.7 * CIRCUITS_TURNS  # about one damage event per enemy turn
        for qd in st.queued:
            if qd[0] == p and qd[1] == "next_attack":
                dealt += 0.9 * qd[2]
            elif qd[0] == p and qd[1] == "rider_burn":
                dealt += 0.6 * _burn_damage(qd[2])
        for iid in st.plans[p]:
            kind = st.kind_of.get(iid, "utility")
            base, per = CIRCUITS_PLAN[kind]
            worth = 0.8 * (base + per * defs[iid].cost)
            if kind == "offense":
                dealt += worth
            elif kind == "defense":
                saved += worth
            else:
                other += 0.02 * worth
        v = (hp + min(saved, top)) / top if hp > 0 else -1.0
        v += 0.7 * dealt / top_q + other + 0.012 * len(st.hand[p])
        total += sign * v
    return _clip(total * 0.8)


def circuits_score_v1(st: Any, seat: int) -> float:
    """The first circuits score (kept to measure against, `greedy:score=circuits_v1`): Hero HP share first (what wins), then board: Assets by remaining HP and Strike, equipped Gear,
    Shield, cards in hand, Burn waiting to hit; mine minus theirs."""
    total = 0.0
    defs = st.defs
    for p, sign in ((seat, 1.0), (1 - seat, -1.0)):
        hp = st.hp[p]
        v = 1.0 * hp / defs[st.hero[p]].hp
        if hp <= 0:
            v -= 1.0
        board = 0.0
        damage = st.damage
        for iid in st.field[p]:
            d = defs[iid]
            board += 0.02 + 0.01 * max(0, d.hp - damage.get(iid, 0)) + 0.02 * d.strike
        for g in st.gear[p * 3: p * 3 + 3]:
            if g >= 0:
                board += 0.04 + 0.02 * getattr(defs[g], "attack", 0) + 0.02 * getattr(defs[g], "reduce", 0)
        board += 0.01 * st.shield[p] + 0.012 * len(st.hand[p]) + 0.006 * len(st.plans[p])
        board -= 0.01 * st.burn_enemy[p]
        total += sign * (v + board)
    return _clip(total)


def aliens_score(st: Any, seat: int) -> float:
    """Live Aliens by HP (KOs decide the game), shields, Energy in the Reactor, cards in hand, minus the
    deck-out risk of a short deck; mine minus theirs."""
    total = 0.0
    # the state's tables read once (a search scores every cut-off and expansion); the same arithmetic
    defs = st.defs
    hp = st.hp
    aliens = st.aliens
    shield = st.shield
    for p, sign in ((seat, 1.0), (1 - seat, -1.0)):
        squad = 0.0
        for s in (p * 3, p * 3 + 1, p * 3 + 2):
            h = hp[s]
            if h > 0:
                squad += 0.5 + 0.5 * h / defs[aliens[s]].hp + 0.02 * shield[s]
        deck = len(st.deck[p])
        low_deck = max(0, 15 - deck) / 15
        energy = len(st.reactor[p]) + st.charge[p]
        # a full hand mills a card a turn (aliens.7.4): cards left in the deck are turns before a deck-out
        full = 1.0 if len(st.hand[p]) >= 5 else 0.0
        total += sign * (squad / 3.0 - 0.4 * low_deck * low_deck - 0.02 * full + 0.006 * deck + 0.008 * energy)
    return -1.0 if total < -1.0 else (1.0 if total > 1.0 else total)  # `_clip`, inline


def _deck_race(st: Any, seat: int) -> float:
    """Who decks out first if nothing else ends the game, in [-1, 1]: each seat fails at its
    (deck + 1)-th Draw Phase from now, the seat to move next drawing first; scaled by how soon."""
    active = st.active
    drawn = st.phase not in ("setup", "draw")
    when = []
    for p in (seat, 1 - seat):
        # Draw Phases from now: the active seat's next one is two half-turns away once it drew
        first = (2 if drawn else 0) if p == active else 1
        when.append(first + 2 * len(st.deck[p]))
    margin = when[0] - when[1]
    left = st.params["turn_cap"] - st.turn
    soon = min(when)
    if soon > left:  # the turn cap comes first: the LP decide, not the decks
        return 0.0
    urgency = 1.0 - soon / (left + 1.0)
    return (1.0 if margin > 0 else -1.0) * min(1.0, abs(margin) / 6.0) * (0.3 + 0.7 * urgency)


@cache
def _frontline() -> tuple[Any, Any, Any, int, int]:
    """The frontline rules the frontline score reads: `attackers`, `attack_value`, `has_keyword`, and
    the LADDER and LP zones. Imported on first use (the games are plugins, which this module does not
    import) and only once: an import statement costs about 3 µs, and a search scores thousands of times."""
    from ..games.frontline.combat import attackers
    from ..games.frontline.state import LADDER, LP
    from ..games.frontline.stats import attack_value, has_keyword

    return attackers, attack_value, has_keyword, LADDER, LP


def _pending(st: Any, seat: int, hp: list[int]) -> list[float]:
    """Board value, per seat, of plays under way: a card revealed and waiting for its payment or its
    Ladder to resolve (public while it waits), at what it will be worth once in play, and an attack on
    the Ladder at half its damage (it may still be answered). Without this a search cut mid-play scores
    a deploy as a card lost from hand."""
    _attackers, attack_value, _has_keyword, ladder, lp = _frontline()
    out = [0.0, 0.0]
    defs = st.defs
    owner = st.owner
    zone = st.zone
    iid = -1
    for _ in range(zone.count(ladder)):  # found in C: few cards wait on the Ladder, among 80
        iid = zone.index(ladder, iid + 1)
        d = defs[iid]
        kind = type(d).__name__
        if kind == "HeroCard":
            v = 0.5 + d.atk + 0.6 * d.hp
        elif kind == "EquipmentCard":
            v = 0.3 + d.atk + 0.6 * d.hp
        elif kind == "TacticalCard":
            v = 0.3 + 0.5 * d.hp
        elif kind == "GeneralCard":
            v = 1.0
        else:
            v = 0.75  # an Action or Reaction: at least the card it was in hand
        out[owner[iid]] += v
    for link in st.links:
        if link[0] != "attack":
            continue
        _, p, a, sz, t, tz = link
        if st.zone[a] != sz:
            continue
        atk = attack_value(st, a)
        if tz == lp:
            out[p] += 0.5 * atk * 1.25  # an LP point is worth 1.25 board points (0.5/20 vs 0.02)
        elif st.zone[t] == tz and hp[t] > 0:
            dmg = min(atk, hp[t])
            gain = 0.6 * dmg + ((0.5 + defs[t].atk) if atk >= hp[t] else 0.0)
            out[p] += 0.5 * gain
    return out


def _attacks_to_come(st: Any, p: int) -> float:
    """The active seat's attacks still to come this turn, at a third of their ATK (half of it on a
    Breach, as LP): a search cut just before the Battle Phase would otherwise miss them."""
    attackers, attack_value, _has_keyword, _ladder, _lp = _frontline()
    breach = not st.units(1 - p) and st.turn >= 2
    per = 0.5 * 1.25 if breach else 0.33
    return per * sum(attack_value(st, a) for a in attackers(st, p))


def frontline_score(st: Any, seat: int) -> float:
    """LP race, the deck-out race, and the board (units by ATK and HP, Cover, Tactical Equipment,
    the General, plays under way), plus cards in hand as fuel; mine minus theirs."""
    _attackers, attack_value, has_keyword, _ladder, _lp = _frontline()
    total = 0.0
    defs = st.defs
    hp = st.hp
    pending = _pending(st, seat, hp)
    for p, sign in ((seat, 1.0), (1 - seat, -1.0)):
        board = pending[p]
        for u in st.front[p * 5: p * 5 + 5]:
            if u >= 0:
                board += 0.5 + attack_value(st, u) + 0.6 * hp[u] + (0.3 if has_keyword(st, u, "cover") else 0.0)
        for t in st.tac[p * 3: p * 3 + 3]:
            if t >= 0:
                board += 0.3 + 0.5 * hp[t] + 0.5 * defs[t].atk
        if st.command[p] >= 0:
            board += 1.0
        if p == st.active and st.phase in ("main1", "battle"):
            board += _attacks_to_come(st, p)
        v = 0.5 * st.lp[p] / 20.0 + 0.02 * board + 0.015 * min(len(st.hand[p]), 7)
        total += sign * v
    total += 0.25 * _deck_race(st, seat)
    return _clip(total)


#: the worth of one Hero action still to come this Round (about 3 HP of one Hero)
MASTERY_ACTION = 0.03


def mastery_score(st: Any, seat: int) -> float:
    """Heroes alive and their HP (after the Poison still to come, plus Shielded and this Round's DEF
    and reductions as HP they save), then Mastery growth (Loadout, Level 2 Path) and cards in hand;
    mine minus theirs."""
    total = 0.0
    heroes = st.heroes
    # the tables read once, READY Heroes counted in the same loop (a search scores every rollout)
    hp, poison, shielded, def_up, reduce = st.hp, st.poison, st.shielded, st.def_up, st.reduce
    loadout, path, used = st.loadout, st.path, st.used
    for p, sign in ((seat, 1.0), (1 - seat, -1.0)):
        party = 0.0
        growth = 0.0
        ready = 0
        b = p * 3
        for s in (b, b + 1, b + 2):
            h = hp[s]
            if h <= 0:
                continue
            top = heroes[s].hp
            eff = h - 2 * poison[s] + 2.0 * shielded[s] + 1.0 * (def_up[s] + reduce[s])
            eff = max(0.5, min(eff, top + 3.0))
            party += 0.5 + 0.5 * eff / top
            growth += 0.012 * len(loadout[s]) + (0.03 if path[s] else 0.0)
            if not used[s]:
                ready += 1
        # Hero actions still to come this Round (READY Heroes the AP can pay for, about 2 AP each):
        # without them a search cut right after one side acted would rate that side ahead
        left = min(ready, st.ap[p] / 2.0)
        total += sign * (party / 3.0 + growth + 0.004 * len(st.hand[p]) + MASTERY_ACTION * left)
    return _clip(total)


#: game id -> finer score; games not named here use their ruleset's `evaluate`
SCORES: dict[str, Score] = {
    "circuits": circuits_score, "aliens": aliens_score, "frontline": frontline_score,
    "mastery": mastery_score,
}


#: earlier scores kept by name, to measure a new score against the old one (`greedy:score=circuits_v1`)
ALTERNATIVES: dict[str, Score] = {"circuits_v1": circuits_score_v1}


def scorer(ruleset: Ruleset, name: str = "") -> Score:
    """The score function for a game: the named alternative, else a finer one from SCORES, else the
    ruleset's evaluate."""
    if name:
        if name not in ALTERNATIVES:
            raise ValueError(f"unknown score {name!r}; known: {', '.join(sorted(ALTERNATIVES))}")
        return ALTERNATIVES[name]
    return SCORES.get(ruleset.id, ruleset.evaluate)
