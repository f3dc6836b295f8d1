"""High Card: a tiny hidden-information game for testing agents against the State contract.

Cards 1..21 form seven triples (1-3, 4-6, ..., 19-21). Each player is dealt one random card of each
triple as a hidden hand; the third card of each triple is set aside face down. Seven tricks: the
leader plays a card face up, the follower answers, the higher card takes the trick and its winner
leads next (so one seat can make two decisions in a row). Most tricks wins.

The triple deal makes the two hands about equally strong, so skill decides: a good follower takes
tricks with its cheapest winning card and throws its lowest card when it cannot win, while a random
player squanders high cards. A searching agent beats a random one in over 90% of games. The deal is
public knowledge, so a seat knows the opponent holds one of the two other cards of each triple.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardless import CardlessRuleset

from cardarena.core.engine import Option, State, Step
from cardarena.core.fields import F

HAND = 7
CARDS = tuple(range(1, 3 * HAND + 1))


class HighCardState(State):
    FIELDS: ClassVar[dict[str, str]] = {
        "hands": F.LIST2, "leader": F.VALUE, "played": F.LIST, "table": F.VALUE, "tricks": F.LIST,
    }

    game_id: ClassVar[str] = "toy-highcard"

    hands: list[list[int]]
    leader: int
    played: list[tuple[int, int]]  # (seat, card), public, in order
    table: int | None  # the led card waiting for an answer
    tricks: list[int]

    def view(self, seat: int) -> dict[str, Any]:
        return {
            "seat": seat,
            "hand": sorted(self.hands[seat]),
            "opponent_hand_size": len(self.hands[1 - seat]),
            "leader": self.leader,
            "table": self.table,
            "played": [list(p) for p in self.played],
            "tricks": self.tricks[:],
        }

    def determinize(self, seat: int, rng: Any) -> HighCardState:
        c = self.clone()
        other = 1 - seat
        mine = set(self.hands[seat]) | {card for s, card in self.played if s == seat}
        spent = {(card - 1) // 3 for s, card in self.played if s == other}
        hand = []
        for t in range(HAND):  # the opponent holds one of the two cards of each triple that seat lacks
            if t not in spent:
                candidates = [card for card in (3 * t + 1, 3 * t + 2, 3 * t + 3) if card not in mine]
                hand.append(candidates[rng.randrange(len(candidates))])
        c.hands[other] = hand
        if c.decision is not None and c.decision.seat == other:
            c.reask()  # the pending options were built from the hand just resampled
        return c


def _trick(s: HighCardState, step: Step) -> None:
    if s.tricks[0] + s.tricks[1] == HAND:
        winner = 0 if s.tricks[0] > s.tricks[1] else 1
        s.finish(winner, "most tricks", HAND)
        return
    s.ask(s.leader, "lead", "Lead a card", _options(s.hands[s.leader]), ("lead",), step)


def _lead(s: HighCardState, step: Step) -> None:
    card: int = step[1]
    s.hands[s.leader].remove(card)
    s.table = card
    s.played.append((s.leader, card))
    s.emit("play", seat=s.leader, card=card)
    s.push(("answer",))


def _answer(s: HighCardState, step: Step) -> None:
    follower = 1 - s.leader
    s.ask(follower, "follow", f"Answer the {s.table}", _options(s.hands[follower]), ("follow",), step)


def _follow(s: HighCardState, step: Step) -> None:
    card: int = step[1]
    follower = 1 - s.leader
    s.hands[follower].remove(card)
    s.played.append((follower, card))
    s.emit("play", seat=follower, card=card)
    assert s.table is not None
    winner = follower if card > s.table else s.leader
    s.tricks[winner] += 1
    s.leader = winner
    s.table = None
    s.emit("trick", winner=winner)
    s.push(("trick",))


def _options(hand: list[int]) -> list[Option]:
    return [Option(f"play:{card}", f"Play {card}", {"card": card}, card) for card in sorted(hand)]


HighCardState.HANDLERS = {"trick": _trick, "lead": _lead, "answer": _answer, "follow": _follow}


class HighCard(CardlessRuleset):
    id = "toy-highcard"
    name = "High Card"

    def new_game(
        self,
        decks: list[Any] | tuple[Any, ...] | None = None,
        seed: int = 0,
        fmt: str | None = None,
        rules: dict[str, Any] | None = None,
    ) -> HighCardState:
        s = HighCardState.__new__(HighCardState)
        s._init_base({}, seed)
        hands: list[list[int]] = [[], []]
        for t in range(HAND):
            triple = [3 * t + 1, 3 * t + 2, 3 * t + 3]
            s.rng.shuffle(triple)
            hands[0].append(triple[0])
            hands[1].append(triple[1])
        return start(hands, s)

    def evaluate(self, state: State, seat: int) -> float:
        assert isinstance(state, HighCardState)
        return (state.tricks[seat] - state.tricks[1 - seat]) / HAND


def start(hands: list[list[int]], s: HighCardState | None = None, seed: int = 0) -> HighCardState:
    """The game with these hands (one card of each triple per seat), seat 0 leading, at its first decision."""
    if s is None:
        s = HighCardState.__new__(HighCardState)
        s._init_base({}, seed)
    s.hands = [sorted(hands[0]), sorted(hands[1])]
    s.leader = 0
    s.played = []
    s.table = None
    s.tricks = [0, 0]
    s.push(("trick",))
    s.run()
    return s


GAME = HighCard()
