"""A drafter that misbehaves in one chosen way, for tests/agents/test_external_drafter.py.

    python3 faulty_drafter.py MODE

Until its fault (at its third pick) it picks the first card of the pack, like a correct drafter.
MODE: crash_mid, hang, illegal, stale_seq, crash_start.
"""

import json
import sys
import time

MODE = sys.argv[1]


def main():
    if MODE == "crash_start":
        raise SystemExit("crash at start")
    n = 0
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] != "pick":
            continue
        card, seq = msg["view"]["pack"][0], msg["seq"]
        if n == 2:
            if MODE == "crash_mid":
                raise RuntimeError("crash in the middle of the draft")
            if MODE == "hang":
                while True:
                    time.sleep(60)
            if MODE == "illegal":
                card = "No Such Card"
            if MODE == "stale_seq":
                seq -= 1
        sys.stdout.write(json.dumps({"seq": seq, "card": card}) + "\n")
        sys.stdout.flush()
        n += 1


main()
