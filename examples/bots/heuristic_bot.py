"""A cardarena bot with a simple rule of thumb (docs/protocol.md): act rather than pass, but never
give up ground (a Retreat, paying with a card in play rather than from the hand); aim at the
opponent rather than at yourself; otherwise take the first option. Any game.

    cardarena match circuits --p1 'cmd:"python3 examples/bots/heuristic_bot.py"' --p2 random
"""

from cardarena.bot import run

PASSIVE = ("pass", "done", "end", "skip", "keep", "decline")
# worse than passing: without the Retreat rule the bot pulled its own units back whenever it could,
# and lost to a random player in frontline
RETREAT = ("retreat",)


def target_seat(option):
    # every game names a target under "target" (docs/protocol.md, "Option data")
    target = (option.get("data") or {}).get("target")
    return target.get("seat") if isinstance(target, dict) else None


def score(option, me):
    oid = option["id"]
    s = 0
    verb = oid.split(":")[0]
    if verb in PASSIVE:
        s -= 10
    if verb in RETREAT:
        s -= 20
    if verb == "expend" and ":hand:" not in oid:
        s -= 3
    seat = target_seat(option)
    if seat is not None:
        s += 5 if seat != me else -5
    return s


def choose(view, decision, game):
    me = game.get("seat", decision["seat"])
    return max(decision["options"], key=lambda o: score(o, me))["id"]


run(choose)
