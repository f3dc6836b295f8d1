"""The RL environments need the `rl` extra; without it these tests are skipped, not failed."""

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")
