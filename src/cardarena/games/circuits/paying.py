"""Paying (rulebook §10, §14): from Available Rally, with the Reserve token paying 1 for a card or an
equip when its holder chooses to spend it."""

from __future__ import annotations

from cardarena.core.engine import Option, Step

from .state import CircuitsState


def affordable(st: CircuitsState, seat: int, cost: int, card: bool) -> bool:
    token = 1 if card and st.reserve == seat and cost > 0 else 0
    return st.rally[seat] >= cost - token


def pay_card(st: CircuitsState, seat: int, cost: int, iid: int, reason: str, card: bool = True) -> None:
    """Pay from Available Rally (rule 10.1) for card `iid` (`reason`: play, equip, answer). The Reserve
    token, if held, pays 1 for a card or an equip: the holder is asked first (rules 14.1–14.4); if the
    Rally alone is short, the token is needed. The card is named through `ref`: a face-down Plan's
    payment does not tell the opponent which Plan it is (rule 4.3)."""
    if card and st.reserve == seat and cost > 0:
        st.stack.append(("token", seat, cost, iid, reason))
        return
    _pay(st, seat, cost, iid, reason, False)


def _pay(st: CircuitsState, seat: int, cost: int, iid: int, reason: str, token: bool) -> None:
    if token:
        st.reserve = -1
        cost -= 1
        st.emit("reserve_token", player=seat, reason=reason, card=st.ref(iid))
    st.rally[seat] -= cost
    if st.record:  # a search's copies keep no log: no event built
        st.emit("paid", player=seat, rally=cost, rally_left=st.rally[seat], reason=reason, card=st.ref(iid))


def h_token(st: CircuitsState, step: Step) -> None:
    """Asker: spend the Reserve token to pay 1 less? Forced when the Rally alone cannot pay (public:
    the cost was paid openly and the Rally is public)."""
    _, seat, cost, iid, reason = step
    if st.rally[seat] < cost:
        _pay(st, seat, cost, iid, reason, True)
        return
    opts = [Option("token", "Spend the Reserve token (pay 1 less)", {"token": True}, True),
            Option("no_token", "Keep the Reserve token", {"token": False}, False)]
    st.ask(seat, "reserve", f"Pay {cost} Rally for {st.name(iid)}: spend your Reserve token?", opts,
           ("token_chosen", seat, cost, iid, reason), step)


def h_token_chosen(st: CircuitsState, step: Step) -> None:
    _, seat, cost, iid, reason, use = step
    _pay(st, seat, cost, iid, reason, use)


HANDLERS = {"token": h_token, "token_chosen": h_token_chosen}
