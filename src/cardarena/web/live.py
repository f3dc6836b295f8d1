"""Live games: a person against an automaton, kept in memory and in the `live_games` table.

A game is its set-up plus its choices, so every accepted move is written at once and a restarted
server (or a closed tab) picks the game up where it was by re-running them. A move names the
decision's `seq`: a stale or repeated click, or a move to a game that is not the sender's, is
refused without changing anything. Automaton moves go to the bot pool; the result comes back on a
pool thread and is applied under the game's lock only if the game is still at that decision. A game
that leaves that decision while the automaton thinks (a concession) stops the search, so the worker is
free again at once rather than after the search's whole budget.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select

from .. import __version__
from ..agents import make_agent
from ..arena.models import Match, MatchSeat, Replay, now
from ..arena.runner import places_of, scores_of, seat_statuses
from ..arena.schedule import derive_seed, secret_seed
from ..arena.store import Store
from ..core.decks import Deck
from ..core.engine import State
from ..core.errors import CardArenaError, IllegalChoice
from ..core.match import (
    INVALID,
    OK,
    GameReport,
    agent_failure,
    forfeit,
    illegal_answer,
    replay_record,
    statuses_from_log,
    turns_of,
)
from ..core.registry import load_game
from ..core.replay import finish_as_recorded
from ..core.ruleset import Ruleset
from . import bots
from .models import LiveGame
from .remote import connected_bot

#: why a person playing a connected bot answers every window themselves
NO_AUTO_PASS = ("auto-pass is off against a connected bot: a window passed at once would tell its program, by "
                "how fast its next decision comes, that you hold no answer")


class MoveRefused(CardArenaError):
    """A move that does not apply: not your game, not your turn, a stale seq, an unknown option."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


@dataclass
class Live:
    id: int
    user_id: int
    game: Ruleset
    state: State
    seat: int
    agent: str
    names: list[str]
    auto_pass: bool
    lock: threading.RLock = field(default_factory=threading.RLock)
    thinking: bool = False
    #: while thinking: the decision the automaton answers, and what stops its search
    thinking_seq: int | None = None
    stop_search: Callable[[], None] | None = None
    #: bumped on every change: pages poll it
    version: int = 0
    match_id: int | None = None
    #: a connected external bot plays this game (one agent object for the whole game)
    remote: Any = None

    @property
    def may_auto_pass(self) -> bool:
        """Auto-pass answers a lone `pass` at once. Against a built-in automaton that tells nothing; a
        connected bot's program could time it and learn that the person holds no answer, so there the
        person answers every window themselves."""
        return not connected_bot(self.agent)


class LiveGames:
    def __init__(self, store: Store, pool: Executor) -> None:
        self.store = store
        self.pool = pool
        #: external bots answer over the network: their waits block threads, not the bot pool
        self.threads = ThreadPoolExecutor(max_workers=16, thread_name_prefix="remote")
        self._games: dict[int, Live] = {}
        self._lock = threading.Lock()
        #: called (game id) after every change, for tests and live pages
        self.listeners: list[Callable[[int], None]] = []

    # -- starting and finding ------------------------------------------------------------------
    def create(self, user_id: int, user_name: str, game_id: str, my_deck: Deck, bot_deck: Deck, agent: str,
               seat: int = 0, seed: int | None = None, rules: dict[str, Any] | None = None,
               game_format: str | None = None) -> int:
        game = load_game(game_id)
        fmt = game_format or game.default_format
        checked = game.check_rules(rules)
        # a secret seed: one guessable from the clock would, with both decks, deal the automaton's cards
        seed = seed if seed is not None else secret_seed()
        decks = [my_deck, bot_deck] if seat == 0 else [bot_deck, my_deck]
        state = game.new_game(decks=decks, seed=seed, fmt=fmt, rules=checked)
        with self.store.session() as s:
            row = LiveGame(user_id=user_id, game=game_id, game_format=fmt, rules=checked, seed=seed,
                           decks=[d.to_dict() for d in decks], seat=seat, agent=agent, choices=[],
                           status="playing", auto_pass=False)
            s.add(row)
            s.flush()
            gid = row.id
        names = [agent] * state.nseats
        names[seat] = user_name
        live = Live(gid, user_id, game, state, seat, agent, names, False)
        with self._lock:
            self._games[gid] = live
        with live.lock:
            self._advance(live)
        return gid

    def fork(self, user_id: int, record: dict[str, Any], step: int, seat: int, agent: str) -> int:
        """A new game that starts as the recorded one stood after `step` choices ("play on from
        here"): the person takes `seat`, the automaton `agent` every other seat."""
        game = load_game(record["game"])
        with self.store.session() as s:
            row = LiveGame(user_id=user_id, game=game.id, game_format=record["game_format"],
                           rules=dict(record["rules"]), seed=int(record["seed"]), decks=list(record["decks"]),
                           seat=seat, agent=agent, choices=list(record["choices"][:step]), status="playing",
                           auto_pass=False)
            s.add(row)
            s.flush()
            gid = row.id
        self.get(gid)  # rebuilds the game from the choices and hands the automaton its turn
        return gid

    def get(self, gid: int) -> Live | None:
        with self._lock:
            live = self._games.get(gid)
        if live is not None:
            return live
        with self.store.session() as s:
            row = s.get(LiveGame, gid)
            if row is None:
                return None
            from .models import User

            user = s.get(User, row.user_id)
            game_id, fmt, rules, seed, deck_docs = row.game, row.game_format, dict(row.rules), row.seed, list(row.decks)
            choices, seat, agent, uid, auto = list(row.choices), row.seat, row.agent, row.user_id, row.auto_pass
            match_id, finished = row.match_id, row.status == "finished"
            rep = s.get(Replay, match_id) if match_id is not None else None
            record = dict(rep.record) if rep is not None else None
            uname = user.name if user else "?"
        game = load_game(game_id)
        decks = [Deck.from_dict(d) for d in deck_docs]
        state = game.new_game(decks=decks, seed=seed, fmt=fmt, rules=rules)
        for c in choices:
            state.apply(c)
        if finished and record is not None:
            # the game ended by a forfeit (a concession, a failed automaton): not a choice, so re-apply it
            finish_as_recorded(state, record)
        names = [agent] * state.nseats
        names[seat] = uname
        live = Live(gid, uid, game, state, seat, agent, names, auto, match_id=match_id)
        with self._lock:
            live = self._games.setdefault(gid, live)
        with live.lock:
            if state.result is None:
                self._advance(live)  # a bot move that was in flight when the server stopped
        return live

    def owned(self, gid: int, user_id: int) -> Live:
        live = self.get(gid)
        if live is None:
            raise MoveRefused(404, f"no game {gid}")
        if live.user_id != user_id:
            raise MoveRefused(403, "this is not your game")
        return live

    # -- moves ----------------------------------------------------------------------------------
    def move(self, gid: int, user_id: int, seq: int, option: str) -> Live:
        live = self.owned(gid, user_id)
        with live.lock:
            d = live.state.decision
            if d is None:
                raise MoveRefused(409, "the game is over")
            if d.seat != live.seat:
                raise MoveRefused(409, "it is not your decision")
            if seq != d.seq:
                raise MoveRefused(409, f"that move answered decision {seq}; the game is at decision {d.seq}")
            try:
                live.state.apply(option, seq=seq)
            except IllegalChoice as e:
                raise MoveRefused(409, str(e)) from None
            self._advance(live)
        return live

    def concede(self, gid: int, user_id: int) -> Live:
        live = self.owned(gid, user_id)
        with live.lock:
            if live.state.result is None:
                forfeit(live.state, live.seat, "conceded", OK)  # a person's choice, not an automaton's fault
                self._advance(live)
        return live

    def set_auto_pass(self, gid: int, user_id: int, on: bool) -> Live:
        live = self.owned(gid, user_id)
        if on and not live.may_auto_pass:
            raise MoveRefused(400, NO_AUTO_PASS)
        with live.lock:
            live.auto_pass = on
            with self.store.session() as s:
                row = s.get(LiveGame, gid)
                assert row is not None
                row.auto_pass = on
            self._advance(live)
        return live

    # -- after every change ---------------------------------------------------------------------
    def _advance(self, live: Live) -> None:
        """Answer what answers itself (a lone `pass` the person asked to skip), save, then either
        finish the game or hand the decision to the automaton. Called with `live.lock` held."""
        st = live.state
        if live.thinking and live.stop_search is not None and (st.decision is None or st.decision.seq != live.thinking_seq):
            live.stop_search()  # the game ended (or moved on) under the search: its answer would be thrown away
            live.stop_search = None
        while (live.auto_pass and live.may_auto_pass and st.decision is not None and st.decision.seat == live.seat
               and [o.id for o in st.decision.options] == ["pass"]):
            st.apply("pass", seq=st.decision.seq)
        live.version += 1
        self._save(live)
        if st.result is not None:
            if live.remote is not None:
                live.remote.end(st, 1 - live.seat, GameReport(st, statuses_from_log(st)))  # the other seat of two
            with self._lock:  # a finished game leaves memory; `get` rebuilds it from its row if asked
                self._games.pop(live.id, None)
            return
        d = st.decision
        if d is not None and d.seat != live.seat and not live.thinking:
            live.thinking = True
            live.thinking_seq = d.seq
            seed = derive_seed("live", live.id, d.seq)
            fut: Future[str]
            if connected_bot(live.agent):
                if live.remote is None:
                    live.remote = make_agent(live.agent, seed=seed)
                    live.remote.start(st, d.seat)  # its "start": the bot's own deck, seats, rules, clock
                fut = self.threads.submit(live.remote.choose, st.view(d.seat), d)
            else:
                fut, live.stop_search = bots.search(self.pool, live.game.id, st.to_json(), live.agent, seed)
            fut.add_done_callback(functools.partial(self._bot_done, live, d.seq))
        for cb in self.listeners:
            cb(live.id)

    def _bot_done(self, live: Live, seq: int, fut: Future[str]) -> None:
        with live.lock:
            live.thinking = False
            live.thinking_seq = live.stop_search = None
            st = live.state
            if st.decision is None or st.decision.seq != seq:
                return  # the game moved on (a concession): the answer is stale
            try:
                choice = fut.result()
            except Exception as e:  # an automaton's crash is its loss, not the server's
                status, why, _ = agent_failure(live.agent, e)  # the public reason: a page shows it
                forfeit(st, st.decision.seat, why, status)
            else:
                try:
                    st.apply(choice, seq=seq)
                except IllegalChoice:
                    forfeit(st, st.decision.seat, illegal_answer(live.agent, choice, st.decision)[0], INVALID)
            self._advance(live)

    def stop_searches(self) -> None:
        """Stop every automaton's search (the server is stopping: nobody will read their answers)."""
        with self._lock:
            games = list(self._games.values())
        for live in games:
            stop = live.stop_search
            if stop is not None:
                stop()

    def _save(self, live: Live) -> None:
        st = live.state
        with self.store.session() as s:
            row = s.get(LiveGame, live.id)
            assert row is not None
            row.choices = list(st.history)
            row.updated_at = now()
            if st.result is not None and row.status != "finished":
                row.status = "finished"
                row.match_id = live.match_id = self._store_match(s, live, row)

    def _store_match(self, s: Any, live: Live, row: LiveGame) -> int:
        st = live.state
        assert st.result is not None
        places = places_of(st.result, st.nseats)
        scores = scores_of(places)
        statuses, faults = seat_statuses(st)
        labels = [f"human:{n}" if i == live.seat else n for i, n in enumerate(live.names)]
        m = Match(game=row.game, game_format=row.game_format, rules=row.rules, seed=row.seed, status="finished",
                  reason=st.result.reason, turns=turns_of(st), engine_version=__version__, finished_at=now())
        for i in range(st.nseats):
            m.seats.append(MatchSeat(seat=i, agent=labels[i], status=statuses[i], fault=faults[i],
                                     place=places[i], score=scores[i]))
        m.replay = Replay(record=replay_record(st, labels, __version__))
        s.add(m)
        s.flush()
        return m.id

    def games_of(self, user_id: int) -> list[LiveGame]:
        with self.store.session() as s:
            return list(s.scalars(select(LiveGame).where(LiveGame.user_id == user_id)
                                  .order_by(LiveGame.id.desc()).limit(50)))
