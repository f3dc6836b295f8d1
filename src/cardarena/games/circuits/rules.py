"""All `circuits` rule steps by name; ruleset.py installs them on the state class. Importing the
modules also fills `effects.VERBS` (damage.py registers the verbs that deal damage)."""

from __future__ import annotations

from . import actions, choices, damage, paying, squad, turn, windows

HANDLERS = {**turn.HANDLERS, **actions.HANDLERS, **windows.HANDLERS, **damage.HANDLERS, **paying.HANDLERS,
            **choices.HANDLERS, **squad.HANDLERS}
