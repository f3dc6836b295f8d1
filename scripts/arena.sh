#!/usr/bin/env bash
# Sets up cardarena in a local venv and runs its main job: the web arena, at the address it prints.
# `./scripts/arena.sh match [ARGS...]` plays the old terminal match instead (ISMCTS against random).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[web]'
if [ "${1:-}" = "match" ]; then
  shift
  exec .venv/bin/cardarena match aliens --p1 ismcts --p2 random --seed 1 "$@"
fi
exec .venv/bin/cardarena serve "$@"
