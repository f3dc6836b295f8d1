"""A cardarena bot with a simple rule of thumb (docs/protocol.md): act rather than pass, aim at the
opponent rather than at yourself, and otherwise take the first option. Any game.

    cardarena match circuits --p1 'cmd:"python3 examples/bots/heuristic_bot.py"' --p2 random
"""

from cardarena.bot import run

PASSIVE = ("pass", "done", "end", "skip", "keep", "decline")


def target_seat(option):
    data = option.get("data") or {}
    target = data.get("target")
    if isinstance(target, dict):
        return target.get("seat")
    return data.get("seat")


def score(option, me):
    oid = option["id"]
    s = 0
    if oid.split(":")[0] in PASSIVE:
        s -= 10
    seat = target_seat(option)
    if seat is not None:
        s += 5 if seat != me else -5
    return s


def choose(view, decision, game):
    me = game.get("seat", decision["seat"])
    return max(decision["options"], key=lambda o: score(o, me))["id"]


run(choose)
