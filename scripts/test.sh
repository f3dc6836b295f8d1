#!/usr/bin/env bash
# Sets up everything the tests need (a local venv; a throwaway PostgreSQL server for the storage
# tests, from Debian's package, see scripts/with_postgres.sh; Debian's chromium for the browser tests)
# and runs every check: ruff, mypy, pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
# node runs the JavaScript example bot (tests/agents/test_example_bots.py)
if ! command -v node >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
    (apt-get update -qq && apt-get install -y -qq nodejs) >/dev/null || echo "warning: could not install nodejs" >&2
fi
python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[dev,ray,rl]'  # rl: pettingzoo, gymnasium, numpy (tests/envs); not rl-train
# the browser tests (the web arena, the report) drive Debian's chromium through Playwright (no browser download)
if [ ! -x /usr/bin/chromium ] && command -v apt-get >/dev/null; then
    apt-get update -qq && apt-get install -y -qq chromium >/dev/null
fi
.venv/bin/ruff check src tests bench
.venv/bin/mypy src
scripts/with_postgres.sh .venv/bin/pytest -n 2 "$@"
