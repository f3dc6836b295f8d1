"""`circuits` — Heroes with two Circuits, Gear, Assets, face-down Plans, Response Windows.

Duel in Standard and Open. Squad (§16), Limited and Raid are not implemented (docs/rulings/circuits.md).
"""
