#!/usr/bin/env bash
# Sets up cardarena in a local venv and runs its main job: an automaton match, played out in the terminal.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e .
exec .venv/bin/cardarena match aliens --p1 ismcts --p2 random --seed 1 "$@"
