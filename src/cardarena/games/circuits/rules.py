"""All `circuits` rule steps by name; ruleset.py installs them on the state class."""

from __future__ import annotations

from . import actions, damage, turn, windows

HANDLERS = {**turn.HANDLERS, **actions.HANDLERS, **windows.HANDLERS, **damage.HANDLERS}
