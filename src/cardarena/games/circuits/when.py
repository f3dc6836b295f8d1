"""A trigger's condition (`when` of a card's trigger) in words: in the third person for the
play-by-play ("P2 plays a Plan": "you" in a card's text is its controller, not the reader), and in
the second person for the controller asked to order its triggers ("you play a Plan")."""

from __future__ import annotations

#: {p} is the controller ("P2")
THIRD_PERSON = {
    "turn_start": "at the start of {p}'s turn", "you_heal": "{p} heals", "you_prevent": "{p} prevents damage",
    "you_take_damage": "{p}'s Hero takes damage", "shield_depleted": "{p}'s Shield is used up",
    "you_play_plan": "{p} plays a Plan", "you_play_asset": "{p} plays an Asset", "asset_enters": "an Asset enters",
    "this_destroyed": "it is destroyed", "end_step": "{p}'s End Step",
}

#: whole phrases ("when you heal", "at the start of your turn")
SECOND_PERSON = {
    "turn_start": "at the start of your turn", "you_heal": "when you heal", "you_prevent": "when you prevent damage",
    "you_take_damage": "when your Hero takes damage", "shield_depleted": "when your Shield is used up",
    "you_play_plan": "when you play a Plan", "you_play_asset": "when you play an Asset",
    "asset_enters": "when an Asset enters", "this_destroyed": "when it is destroyed",
    "end_step": "in your End Step",
}


def yours(when: str) -> str:
    """The condition as its controller reads it."""
    return SECOND_PERSON.get(when, "when " + when.replace("_", " "))
