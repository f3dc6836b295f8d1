"""A cardarena bot that picks a random option (docs/protocol.md). Run: cardarena match aliens --p1 'cmd:"python3 examples/bots/random_bot.py"'"""

import random

from cardarena.bot import run

rng = random.Random(1)


def choose(view, decision, game):
    return rng.choice(decision["options"])["id"]


run(choose)
