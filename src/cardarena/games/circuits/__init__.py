"""`circuits` — seed 000: Heroes with two Circuits, Gear, Assets, face-down Plans, Response Windows.

Work in progress: not yet registered as a game (see docs/design/circuits.md for what is done).
"""
