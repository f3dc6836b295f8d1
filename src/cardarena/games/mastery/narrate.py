"""One line of play-by-play per event (the CLI's `match`, `replay` and `play`); None hides an event."""

from __future__ import annotations

from typing import Any

from cardarena.guide import load_guide_from, result_words

from .pool import CardPool, card_pool


def _p(e: dict[str, Any], key: str = "player") -> str:
    return f"P{e[key] + 1}"


def _name(card_id: str, pool: CardPool) -> str:
    c = pool.by_id.get(card_id)
    return c.name if c is not None else card_id


def _source(s: str, pool: CardPool) -> str:
    """Event sources are pool ids, `basic:<hero id>` or `end_phase`."""
    if s.startswith("basic:"):
        h: Any = pool.by_id[s[6:]]
        return str(h.basic.name)
    return "End Phase" if s == "end_phase" else _name(s, pool)


def narrate(e: dict[str, Any], pool: CardPool | None = None) -> str | None:
    """One line for event `e`; `pool`: the game's (with its card files), the package's by default."""
    pool = pool or card_pool()
    t = e["type"]
    if t == "coin":
        return f"Coin flip: {e['result']} — P{e['winner'] + 1} acts first in Round 1"
    if t == "party":
        return f"{_p(e)}'s party: {', '.join(e['heroes'])}"
    if t == "draw":
        cards = [c for c in e.get("cards") or [] if c]
        what = ", ".join(cards) if cards else f"{e['count']} card(s)"
        return f"  {_p(e)} draws {what} ({e['reason']})"
    if t == "draw_skipped":
        return f"  {_p(e)} has no card left to draw ({e['missing']} skipped)"
    if t == "reshuffle":
        return f"  {_p(e)} shuffles the discard pile into a new deck ({e['cards']} cards)"
    if t == "mulligan":
        return f"  {_p(e)} {'takes a mulligan' if e['taken'] else 'keeps the opening hand'}"
    if t == "round":
        return f"\n— Round {e['round']}: P{e['first'] + 1} acts first, {e['ap']} AP each —"
    if t == "opportunity_end":
        return None if e["acted"] else f"  {_p(e)} passes"
    if t == "perform":
        what = e["card"] or (_name(e["skill"], pool) if e["skill"] else e["basic"])
        if e["mode"] == "tactic":
            return f"  {_p(e)} plays Immediate Tactic {what} ({e['cost']} AP, {e['ap']} left)"
        how = {"hand": "performs", "reuse": "reuses mastered", "basic": "uses Basic Action:"}[e["mode"]]
        return f"  {_p(e)}: {e['hero_name']} {how} {what} ({e['cost']} AP, {e['ap']} left)"
    if t == "damage":
        return (f"    {_source(e['source'], pool)} hits {e['name']} for {e['final']} (base {e['base']}+{e['bonus']}, "
                f"DEF {e['defense']}, reduced {e['reduced']}) → {e['hp']} HP")
    if t == "blocked":
        return f"    {e['name']} is Shielded: {_source(e['source'], pool)} is blocked (Shielded removed)"
    if t == "intercepted":
        if "name" not in e:  # a log from before interceptors were named
            return f"    the damage of {_source(e['source'], pool)} is intercepted"
        return f"    {e['name']} intercepts the damage of {_source(e['source'], pool)} meant for {e['protected_name']}"
    if t == "redirected":
        return f"    {_source(e['source'], pool)} is redirected to {e['name']}"
    if t == "heal":
        # a heal of 0 (already at full HP) would read "0 → 16 HP", as if from 0 HP
        healed = f"{e['amount']} → {e['hp']} HP" if e["amount"] else f"nothing (stays at {e['hp']} HP)"
        return f"    {_source(e['source'], pool)}: {e['name']} heals {healed}"
    if t == "poisoned":
        return f"    {e['name']} is Poisoned" + (" again (2 End Phases)" if e["refreshed"] else " (2 End Phases)")
    if t == "poison_prevented":
        return f"    {e['name']} cannot be Poisoned"
    if t == "poison_tick":
        return f"    Poisoned: {e['name']} loses {e.get('lost', 2)} HP → {e['hp']} HP ({e['left']} End Phase(s) left)"
    if t == "cured":
        return f"    {e['name']} is no longer Poisoned"
    if t == "shielded":
        return f"    {e['name']} is Shielded"
    if t == "warded":
        return f"    {e['name']} cannot be Poisoned this Round"
    if t == "def_up":
        return f"    {e['name']} gains +{e['amount']} DEF this Round"
    if t == "reduce":
        return f"    damage to {e['name']} is reduced by {e['amount']} this Round"
    if t == "redirect_set":
        return f"    {e['name']} will draw the next single-target attack this Round"
    if t == "intercept_set":
        if "name" not in e:  # a log from before interceptors were named
            return "    an interceptor stands guard this Round"
        return f"    {e['name']} will intercept the damage of the next attack on {e['protected_name']} this Round"
    if t == "readied":
        return f"    {e['name']} is READY again"
    if t == "ap_gained":
        return f"    {_p(e)} gains {e['amount']} AP ({e['ap']} now)"
    if t == "mastery":
        slot = "equipped in the Active Loadout" if e["equipped"] else "kept in the Kit (Loadout full)"
        return f"    {e['name']} masters {_name(e['card'], pool)} ({e['symbol']}): {slot}"
    if t == "refresh":
        return f"    {e['name']}'s three Active skills refresh"
    if t == "level2":
        return f"  {e['name']} takes the Level 2 Path: {e['path']} ({e['passive']}); 4 cards join the Main Deck"
    if t == "defeated":
        return f"    {e['name']} is defeated!"
    if t == "rebalance":
        return f"  {_p(e)} Rebalances {e['name']}: {e['old']} → {e['new']}"
    if t == "rebalance_declined":
        return f"  {_p(e)} declines the Rebalance"
    if t == "end_phase":
        return f"  End Phase of Round {e['round']}"
    if t == "round_cap":
        # the result line says who won and by what; here, the two counts it compared (ruling gap.33)
        alive, hp = e["survivors"], e["total_hp"]
        return (f"\nRound cap after {e['rounds']} Rounds: surviving Heroes P1 {alive[0]}, P2 {alive[1]}; "
                f"total HP P1 {hp[0]}, P2 {hp[1]}")
    if t == "forfeit":
        if e.get("reason") == "conceded" and e.get("status") == "OK":  # a person's choice, not a fault
            return f"{_p(e)} concedes"
        return f"{_p(e)} forfeits: {e['reason']}"
    if t == "result":
        return "\nResult: " + result_words(load_guide_from(__package__ or ""), e["winner"], e["reason"], e["turns"])
    return None
