"""A bot that misbehaves in one chosen way, for the arena's fault matrix (tests/agents/test_bot_faults.py).

    python3 faulty_bot.py MODE [ARG]

Until its fault it plays the first option, like a correct bot. MODE is one of the names `fault` tests
(and `crash_start`).
"""

import json
import os
import socket
import sys
import time

MODE = sys.argv[1]
ARG = sys.argv[2] if len(sys.argv) > 2 else ""


def reply(msg, option):
    sys.stdout.write(json.dumps({"seq": msg["seq"], "option": option}) + "\n")
    sys.stdout.flush()


def first(msg):
    return msg["decision"]["options"][0]["id"]


def fault(msg, n):
    """Misbehave at decision n (0-based) of this bot; return True once the fault was committed."""
    if MODE == "crash_mid" and n == 2:
        raise RuntimeError("crash in the middle of the game")
    if MODE == "exit_silent":
        sys.exit(0)
    if MODE == "hang":
        while True:
            time.sleep(60)
    if MODE == "slow":
        time.sleep(0.4)
        return False
    if MODE == "illegal":
        reply(msg, "no-such-option")
        return True
    if MODE == "malformed":
        sys.stdout.write('{"seq": ' + str(msg["seq"]) + ', "option": \n')
        sys.stdout.flush()
        return True
    if MODE == "stale_seq":
        sys.stdout.write(json.dumps({"seq": msg["seq"] - 1, "option": first(msg)}) + "\n")
        sys.stdout.flush()
        return True
    if MODE == "huge_line":
        sys.stdout.write('{"seq": ' + str(msg["seq"]) + ', "option": "' + "x" * (10 << 20) + '"}\n')
        sys.stdout.flush()
        return True
    if MODE == "close_output":  # closes its output and goes on running
        os.close(1)
        while True:
            time.sleep(60)
    if MODE == "float_seq":
        sys.stdout.write('{"seq": ' + str(msg["seq"]) + '.0, "option": ' + json.dumps(first(msg)) + '}\n')
        sys.stdout.flush()
        return True
    if MODE == "nan":
        sys.stdout.write('{"seq": ' + str(msg["seq"]) + ', "option": ' + json.dumps(first(msg)) + ', "x": NaN}\n')
        sys.stdout.flush()
        return True
    if MODE == "stderr_flood":
        chunk = "flood " * 10_000 + "\n"
        while True:
            sys.stderr.write(chunk)
    if MODE == "fork_bomb":
        while True:
            os.fork()
    if MODE == "cpu_burn":
        while True:
            pass
    if MODE == "memory_hog":
        hog = []
        while True:
            hog.append(bytearray(50 << 20))
    if MODE == "write_outside":
        with open(ARG, "w") as f:  # a path outside the working folder
            f.write("escaped\n")
    if MODE == "network":
        host, port = ARG.rsplit(":", 1)
        socket.create_connection((host, int(port)), timeout=2).sendall(b"escaped\n")
    return False


def main():
    if MODE == "crash_start":
        raise SystemExit("crash at start")
    n = 0
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["type"] == "decision":
            if not fault(msg, n):
                reply(msg, first(msg))
            n += 1
        elif msg["type"] == "end":
            return


main()
