"""External drafters: a program that drafts over JSON lines (docs/protocol.md, "Booster Draft").

It is started like an external bot (`cmd:...`, `bot:FILE`, a manifest: agents/external.py), in the same
sandbox, under the same clocks (per pick, a bank for the whole draft, a startup allowance), and faults
the same ways (ERROR, TIMEOUT, INVALID). A faulty drafter does not stop the draft: its seat's picks
are made by the built-in drafting bot from then on and the fault is reported.

A drafter only ever receives its own seat's view (`Draft.view(seat)`): its Recruit pack, its picks and
the pack in front of it, never another seat's picks.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ..core.errors import AgentFault, AgentInvalid
from .external import PROTOCOL, ExternalAgent, external_from_spec, not_json

if TYPE_CHECKING:
    from ..core.match import TimeControl

View = dict[str, Any]
Picker = Callable[[View], str]


class DraftLike(Protocol):
    """What the draft loop needs of a game's draft (circuits: games/circuits/draft.py `Draft`)."""

    seats: int

    @property
    def done(self) -> bool: ...

    def view(self, seat: int) -> View: ...

    def choose(self, seat: int, card: str) -> None: ...


@dataclass
class DraftFault:
    """A drafter's fault: from pick `seq` on, its seat was drafted by the built-in bot."""

    seat: int  # 0-based
    status: str  # ERROR, TIMEOUT or INVALID
    reason: str
    seq: int

    def describe(self) -> str:
        when = f"at pick {self.seq}" if self.seq else "at its start"
        return (f"seat {self.seat + 1}: {self.status} {when}: {self.reason} "
                f"(the built-in bot drafted for it from then on)")


class ExternalDrafter(ExternalAgent):
    """One process for a whole draft: `draft_start`, a `pick` per pick, `draft_end`."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.seq = 0

    def start_draft(self, game: str, seat: int, seats: int, packs: int, pack_size: int,
                    time_control: TimeControl | None = None, cards: list[dict[str, Any]] | None = None) -> None:
        """`cards`: the cards that card files change or add (`Ruleset.card_file_infos`), told as a game's
        `start` tells them: a drafter knows the package's cards only."""
        self.close()  # one process per draft
        self.seq = 0
        self._launch(time_control)
        msg: dict[str, Any] = {"type": "draft_start", "protocol": PROTOCOL, "game": game, "seat": seat,
                               "seats": seats, "packs": packs, "pack_size": pack_size, "time": self._time_msg()}
        if cards:
            msg["cards"] = cards
        self._send(msg, time.perf_counter() + self._tc[2] + self._tc[0])

    def pick(self, view: View) -> str:
        """The card this drafter picks from `view["pack"]` (checked here: a card not in it is INVALID)."""
        self.seq += 1
        seq = self.seq
        card = self._ask({"type": "pick", "seq": seq, "view": view}, lambda line: _read_pick(line, seq))
        if card not in view["pack"]:
            raise AgentInvalid("it picked a card that is not in the pack in front of it", f": {card!r}")
        return card

    def end_draft(self, pool: list[str]) -> None:
        """Send the drafted pool (if the process still runs), then end the process."""
        if self.proc is not None and self.proc.poll() is None:
            with contextlib.suppress(AgentFault, OSError):
                self._send({"type": "draft_end", "pool": list(pool)}, time.perf_counter() + 0.2)
        self.close()

    def close(self) -> None:
        """End the process (and everything it started) now; idempotent."""
        self._kill()


def _read_pick(line: str, seq: int) -> str:
    try:
        msg = json.loads(line)
    except ValueError as e:
        raise not_json(e, line) from None
    if not isinstance(msg, dict) or "card" not in msg or "seq" not in msg:
        raise AgentInvalid('a pick reply must be {"seq": N, "card": NAME}', f", got {line[:200]!r}")
    if msg["seq"] != seq:
        raise AgentInvalid(f"stale reply: it does not answer the pending pick {seq}", f"; it answers {msg['seq']!r}")
    if not isinstance(msg["card"], str):
        raise AgentInvalid("card must be a string", f", got {msg['card']!r}")
    return msg["card"]


def drafter_from_spec(spec: str, seed: int = 0) -> ExternalDrafter:
    """The external drafter a spec names (`cmd:"..."`, `bot:FILE`, a manifest path); ValueError otherwise."""
    agent = external_from_spec(spec, seed)
    if agent is None:
        raise ValueError(f"{spec!r} is not an external drafter: use cmd:\"COMMAND\" or bot:MANIFEST.toml")
    return ExternalDrafter(agent.bot, seed=seed, name=agent.name)


def run_draft(draft: DraftLike, game: str, packs: int, pack_size: int, bot: Picker,
              drafters: dict[int, ExternalDrafter] | None = None, people: dict[int, Picker] | None = None,
              time_control: TimeControl | None = None,
              cards: list[dict[str, Any]] | None = None) -> list[DraftFault]:
    """Draft until the packs are empty. Seats in `drafters` are external programs, seats in `people`
    pick through their function, the others (and a drafter after its fault) through `bot`.
    Every drafter's process ends with the draft, however it ends. Returns the faults, in order."""
    drafters = dict(drafters or {})
    people = people or {}
    faults: list[DraftFault] = []

    def fault(seat: int, e: AgentFault) -> None:
        # in full, with what the drafter wrote: a draft's faults are told only at the terminal that runs it
        faults.append(DraftFault(seat, e.status, str(e) + e.detail, drafters[seat].seq))
        drafters.pop(seat).close()

    try:
        for seat, ext in list(drafters.items()):
            try:
                ext.start_draft(game, seat, draft.seats, packs, pack_size, time_control, cards)
            except AgentFault as e:
                fault(seat, e)
        while not draft.done:
            for seat in range(draft.seats):
                view = draft.view(seat)
                card = None
                if seat in drafters:
                    try:
                        card = drafters[seat].pick(view)
                    except AgentFault as e:
                        fault(seat, e)
                if card is None:
                    card = people[seat](view) if seat in people else bot(view)
                draft.choose(seat, card)
        for seat, ext in drafters.items():
            ext.end_draft(draft.view(seat)["picks"])
    finally:
        for ext in drafters.values():
            ext.close()
    return faults
