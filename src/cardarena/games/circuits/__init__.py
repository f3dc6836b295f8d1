"""`circuits` — Heroes with two Circuits, Gear, Assets, face-down Plans, Response Windows.

Duel in Standard and Open, Squad (§16) and Limited (Sealed, Draft). Raid, whose own rules document the
rulebook refers to but does not contain, is not implemented (docs/rulings/circuits.md).
"""
