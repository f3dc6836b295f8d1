#!/usr/bin/env bash
# Sets up everything the tests need (a local venv) and runs every check: ruff, mypy, pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
# node runs the JavaScript example bot (tests/agents/test_example_bots.py)
if ! command -v node >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then
    (apt-get update -qq && apt-get install -y -qq nodejs) >/dev/null || echo "warning: could not install nodejs" >&2
fi
python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[dev]'
.venv/bin/ruff check src tests bench
.venv/bin/mypy src
.venv/bin/pytest -n 2 "$@"
