"""One line of play-by-play per event, from the log as a seat sees it (visible_log): a card field is
its name when that seat may know it, else None (docs/events.md)."""

from __future__ import annotations

from typing import Any

from cardarena.guide import load_guide_from, result_words

from .present import PHASE_NAMES, link_words


def _p(e: dict[str, Any], key: str = "player") -> str:
    return f"P{e[key] + 1}"


def _c(name: Any) -> str:
    return name if isinstance(name, str) else "a hidden card"


def _target(e: dict[str, Any]) -> str:
    if "breach" in e:
        return f"P{e['breach'] + 1}'s LP (Breach)"
    return _c(e.get("target"))


def narrate(e: dict[str, Any]) -> str | None:
    t = e["type"]
    simple = {
        "deploy": "{p} deploys {card}",
        "general": "{p} puts {card} in the Command Zone",
        "tactical": "{p} sets up {card} in the Tactical Zone",
        "cast": "{p} casts {card}",
        "play": "{p} plays {card}",
        "retreat": "{p}: {card} retreats to the Tactical Zone",
        "redeploy": "{p} redeploys {card} to the Front Line",
        "emergency": "{p}: {card} steps forward as Emergency Defender",
        "declare_retreat": "{p} declares a Retreat of {card}",
        "discard": "{p} discards {card} (hand cap)",
        "ladder_pass": "{p} passes",
    }
    if t in simple:
        return "  " + simple[t].format(p=_p(e), card=_c(e.get("card")))
    if t == "coin":
        return f"Coin flip: {e['result']} — P{e['winner'] + 1} is Player 1"
    if t == "turn":
        return f"\n— Turn {e['turn']}: P{e['player'] + 1} —"
    if t == "draw":
        names = [_c(c) for c in e["cards"]]
        known = all(isinstance(c, str) for c in e["cards"])  # the drawer's own log names them
        what = ", ".join(names) if known and names else f"{e['count']} card(s)"
        why = _c(e["source"]) if "source" in e else e["reason"]
        return f"  {_p(e)} draws {what} ({why})"
    if t == "expend":
        return f"  {_p(e)} expends {_c(e['card'])} from {e['source']}"
    if t == "fallen":
        return None if e["reason"] in ("expended", "hand cap") else f"  {_c(e['card'])} goes to the Fallen Zone ({e['reason']})"
    if t == "trigger":
        return f"  {_c(e['card'])}: {e['keyword'].replace('_', ' ').title()} triggers"
    if t == "equip":
        return f"  {_p(e)} equips {_c(e['card'])} to {_c(e['unit'])}"
    if t == "ability":
        return f"  {_p(e)} uses {_c(e['card'])}'s {e['name']}"
    if t == "declare_attack":
        return f"  {_p(e)}: {_c(e['attacker'])} attacks {_target(e)}"
    if t == "link":
        on = f" on {_target(e)}" if "target" in e or "breach" in e else ""
        return f"    Ladder link {e['depth']}: {_p(e)}'s {link_words(e['kind'], _c(e['source']))}{on}"
    if t == "resolve":
        return f"    resolves: {_c(e['card'])}" + (f" — {e['ability']}" if "ability" in e else "")
    if t == "negate":
        what = link_words(e["kind"], _c(e["source"]))
        return f"    {_p(e)} negates {what if e['kind'] == 'card' else 'the ' + what}"
    if t == "general":
        return f"  {_p(e)} puts {_c(e['card'])} in the Command Zone"
    if t == "swap":
        return f"  {_p(e)} swaps {_c(e['old'])} for {_c(e['new'])}"
    if t == "reclaim":
        return f"  {_p(e)} reclaims {', '.join(_c(c) for c in e['cards'])} from the Fallen Zone"
    if t == "heal":
        return f"    {_c(e['card'])} heals {e['amount']} ({e['hp']} HP)"
    if t == "boost":
        return f"    {_c(e['card'])} gets +{e['amount']} ATK this turn"
    if t == "whiff":
        return f"    {_p(e)}'s {link_words(e['kind'], _c(e['source']))} whiffs: {e['reason']}"
    if t == "attack":
        if "damage" in e:
            return f"    {_c(e['attacker'])} hits {_c(e['target'])} for {e['damage']} ({e['hp']} HP left)"
        return f"    {_c(e['attacker'])} hits {_target(e)} for {e['atk']}"
    if t == "damage":
        by = f" from {_c(e['source'])}" if "source" in e else ""
        return f"    {_c(e['card'])} takes {e['amount']} damage{by} ({e['hp']} HP left)"
    if t == "destroyed":
        return f"    {_c(e['card'])} is destroyed"
    if t == "lp":
        why = e["reason"] + (f", {_c(e['source'])}" if "source" in e else "")
        return f"    {_p(e)} {'gains' if e['change'] > 0 else 'loses'} {abs(e['change'])} LP ({why}): {e['lp']}"
    if t == "deck_out":
        return f"  {_p(e)} cannot draw: Deckout Forfeit!"
    if t == "turn_cap":
        # both counts the cap compares (ruling frontline.gap.14): with LP tied, cards in play decide
        lp, board = e["lp"], e["cards_in_play"]
        return (f"The turn cap is reached after turn {e['turns']}: LP P1 {lp[0]}, P2 {lp[1]}; "
                f"cards in play P1 {board[0]}, P2 {board[1]}")
    if t == "forfeit":
        if e.get("reason") == "conceded" and e.get("status") == "OK":  # a person's choice, not a fault
            return f"{_p(e)} concedes"
        return f"{_p(e)} forfeits: {e.get('reason', '')}"
    if t == "result":
        return "\nResult: " + result_words(load_guide_from(__package__ or ""), e["winner"], e["reason"], e["turns"])
    if t == "phase":
        return None if e["phase"] == "draw" else f"  [{PHASE_NAMES.get(e['phase'], e['phase'])}]"
    return None  # shuffle, turn_end, ladder_done, target, draw_skipped: nothing a reader needs
