"""A cardarena drafter (docs/protocol.md, "Booster Draft"): standard library only.

    cardarena draft circuits --seats 4 --drafter 2=cmd:"python3 examples/bots/draft_bot.py"

It picks the card of the pack that appears most often among its picks and Recruit pack (copies
build a steadier deck), else a random one; ties go to the first in the pack.
"""

import json
import random
import sys

rng = random.Random(1)


def pick(view):
    have = view["picks"] + view["recruits"]
    best = max(view["pack"], key=lambda card: have.count(card))
    return best if have.count(best) else rng.choice(view["pack"])


for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "draft_start":
        rng.seed(msg["seat"])
    elif msg["type"] == "pick":
        sys.stdout.write(json.dumps({"seq": msg["seq"], "card": pick(msg["view"])}) + "\n")
        sys.stdout.flush()
    elif msg["type"] == "draft_end":
        print(f"drafted {len(msg['pool'])} cards", file=sys.stderr)
        break
