"""From rows to numbers (docs/balance/README.md): win rates with Wilson intervals, first-player
advantage, end reasons, lengths, the deck matchup matrix, per-card statistics and A/B variant
comparisons. Pure Python over the rows: the report draws it, the gates check it.

Conventions: a win rate is wins / games, a draw counting as a game not won; the first-player rate is
taken over decisive games whose first player is known; a seat-game is one seat's side of one game.
"""

from __future__ import annotations

import json
import statistics
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from cardarena.core.cardfiles import CardFiles
from cardarena.core.errors import CardArenaError
from cardarena.core.registry import load_game

from .rows import Row
from .stats import Diff, Rate, paired, quantile, two_means, two_proportions, wilson

#: a card's win rate is an outlier only with at least this many seat-games on each side
MIN_CARD_GAMES = 10
#: ... and only this far (in win rate) from its kind's average: in a large run nearly every card's
#: interval clears the average by a hair (a card played more by the side already winning), which says
#: nothing about its balance
MIN_OUTLIER_GAP = 0.05


def seat_of(row: Row, player: int) -> int:
    """The seat the run's player `player` (0 = --p1) took in this game."""
    return (row["p1_seat"] + player) % len(row["agents"])


def won(row: Row, seat: int) -> bool:
    return seat in (row["winners"] or [])


@dataclass
class Lengths:
    values: list[float]

    @property
    def summary(self) -> dict[str, float]:
        v = self.values
        if not v:
            return {}
        return {"mean": statistics.fmean(v), "median": quantile(v, 0.5), "p10": quantile(v, 0.1),
                "p90": quantile(v, 0.9), "min": min(v), "max": max(v)}


@dataclass
class CardStat:
    card: str
    kind: str
    seat_games: int  # seat-games whose deck holds the card (all seat-games when the deck is unknown)
    played: Rate  # seat-games in which it was played at least once
    win_played: Rate
    win_unplayed: Rate
    mean_turn: float  # the mean turn of its first play
    outlier: str = ""  # "high" / "low" when its win-when-played interval is clear of its kind's average and 5 points or more from it
    #: False for a card no deck list holds, played from elsewhere (a mastery Path's Level 2 Techniques):
    #: counted only where played, its play rate would read 1.00
    listed: bool = True


@dataclass
class VariantStats:
    label: str
    rules: dict[str, Any]
    rows: list[Row]
    players: list[tuple[str, Rate]]
    seats: list[Rate]
    draws: Rate
    first_player: Rate
    reasons: dict[str, Rate]
    turns: Lengths
    decisions: Lengths
    decks: list[str]
    matrix: dict[tuple[str, str], Rate]  # (X, Y) -> X's wins against Y
    cards: list[CardStat]
    kind_average: dict[str, float]
    errors: list[str]
    events: dict[str, Rate]  # games in which each event type happened at least once
    peaks: dict[str, Lengths]  # per game, the highest value of each integer field of `turn` events


@dataclass
class Comparison:
    """A variant against the baseline: each measure's difference (variant minus baseline)."""

    label: str
    baseline: str
    diffs: dict[str, tuple[str, str, Diff]]  # measure -> (baseline text, variant text, difference)
    #: whether the games are paired by deal, and which measures are compared game by game (`twins`)
    pairing: str = ""


@dataclass
class GameStats:
    game: str
    games: int
    seconds: float
    variants: list[VariantStats]
    comparisons: list[Comparison] = field(default_factory=list)
    #: what the report calls these games: the game, with its format when the rows hold several
    name: str = ""

    def __post_init__(self) -> None:
        self.name = self.name or self.game


def analyse(rows: list[Row], cards: CardFiles | Mapping[str, CardFiles | None] | None = None,
            names: Mapping[str, str] | None = None) -> list[GameStats]:
    """Per game and format (pooled circuits Duel and Squad runs are two sections, never one mixture
    whose variants would be compared on different games), then per variant. `cards`: the card files
    the rows were played with (their cards' kinds and the decks' lists come from that pool), or, for
    rows played with several, the files of each row's `card_file` label (each set is then a variant
    of its own, sim-report's before/after comparison). `names`: how to name agent specs, as recorded in
    the runs' run.json (`agent_label` for a spec it lacks)."""
    by_game: dict[tuple[str, str], list[Row]] = defaultdict(list)
    for r in rows:
        by_game[(r["game"], r["format"] or "")].append(r)
    out = []
    for (game, fmt), grows in sorted(by_game.items()):
        by_variant: dict[str, list[Row]] = {}
        for r in grows:
            by_variant.setdefault(r["variant"], []).append(r)
        files = {label: _files_of(vrows, cards) for label, vrows in by_variant.items()}
        variants = [variant_stats(game, label, vrows, files[label], names) for label, vrows in by_variant.items()]
        several = sum(1 for g, _ in by_game if g == game) > 1
        gs = GameStats(game, len(grows), sum(r["seconds"] for r in grows), variants,
                       name=f"{game} ({fmt})" if several else game)
        gs.comparisons = [compare(variants[0], v, changed_cards(game, files[variants[0].label])
                                  + changed_cards(game, files[v.label])) for v in variants[1:]]
        out.append(gs)
    return out


def _files_of(rows: list[Row], cards: CardFiles | Mapping[str, CardFiles | None] | None) -> CardFiles | None:
    if isinstance(cards, Mapping):
        return cards.get(rows[0].get("card_file") or "")
    return cards


def changed_cards(game: str, files: CardFiles | None) -> list[str]:
    """The cards the files change or add (their rows are compared), none for the package's cards."""
    if files is None:
        return []
    try:
        changed, added, _ = load_game(game, files).card_changes()
    except CardArenaError:  # the package changed since: the files no longer load
        return []
    return changed + added


def agent_label(spec: str) -> str:
    """How the report names an agent: a bot manifest's `name` (docs/protocol.md), else its spec as typed
    (a manifest without a name, or one not found from this folder now, keeps its file name). A run
    records these labels in its run.json when it starts (`runner.recorded_names`); the report reads
    those first."""
    from cardarena.agents.external import bot_spec

    try:
        bot = bot_spec(spec)
    except (ValueError, OSError):
        return spec
    return bot.manifest_name if bot is not None and bot.manifest_name else spec


def _player_label(rows: list[Row], p: int, names: Mapping[str, str] | None = None) -> str:
    """`names` first: the manifest read now may not be found from this folder (a relative path)."""
    specs = {r["agents"][seat_of(r, p)] for r in rows}  # a manifest read once
    agents = {(names or {}).get(a) or agent_label(a) for a in specs}
    decks = {r["decks"][seat_of(r, p)] for r in rows}
    label = f"P{p + 1} " + "/".join(sorted(agents))
    return label + (f" ({decks.pop()})" if len(decks) == 1 else "")


def variant_stats(game: str, label: str, rows: list[Row], cards: CardFiles | None = None,
                  names: Mapping[str, str] | None = None) -> VariantStats:
    n = len(rows)
    nseats = max(len(r["agents"]) for r in rows)
    players = [(_player_label(rows, p, names), Rate(sum(won(r, seat_of(r, p)) for r in rows), n)) for p in range(nseats)]
    seats = [Rate(sum(won(r, s) for r in rows), n) for s in range(nseats)]
    draws = Rate(sum(1 for r in rows if not r["winners"]), n)
    known = [r for r in rows if r["first_player"] is not None and r["winners"]]
    first = Rate(sum(won(r, r["first_player"]) for r in known), len(known))
    reasons = Counter(r["reason"] for r in rows)
    events: Counter[str] = Counter()
    for r in rows:
        events.update(r["events"].keys())
    decks = sorted({d for r in rows for d in r["decks"]})
    matrix = matchup_matrix(rows)
    per_card, kinds = card_stats(game, rows, cards)
    return VariantStats(
        label=label, rules=json.loads(rows[0]["rules"]), rows=rows, players=players, seats=seats, draws=draws,
        first_player=first, reasons={k: Rate(v, n) for k, v in reasons.most_common()},
        turns=Lengths([float(r["turns"]) for r in rows]), decisions=Lengths([float(r["decisions"]) for r in rows]),
        decks=decks, matrix=matrix, cards=per_card, kind_average=kinds,
        errors=[f"task {r['task']} (seed {r['seed']}): {r['error']}" for r in rows if r["error"]],
        events={k: Rate(v, n) for k, v in sorted(events.items())},
        peaks={k: Lengths([float(r["peaks"][k]) for r in rows if k in r["peaks"]])
               for k in sorted({k for r in rows for k in r["peaks"]})},
    )


def matchup_matrix(rows: list[Row]) -> dict[tuple[str, str], Rate]:
    wins: Counter[tuple[str, str]] = Counter()
    games: Counter[tuple[str, str]] = Counter()
    for r in rows:
        if len(r["decks"]) != 2:
            continue
        for s in (0, 1):
            key = (r["decks"][s], r["decks"][1 - s])
            games[key] += 1
            wins[key] += won(r, s)
    return {k: Rate(wins[k], games[k]) for k in games}


@cache
def _deck_cards(game: str, deck: str, cards: CardFiles | None = None) -> frozenset[str] | None:
    """The card names a deck holds (leaders included), or None when the deck cannot be read now."""
    try:
        d = load_game(game, cards).resolve_deck(deck)
    except (CardArenaError, OSError, KeyError, ValueError):
        return None
    return frozenset(d.cards) | frozenset(n for names in d.leaders.values() for n in names)


@cache
def card_kind(game: str, card: str, cards: CardFiles | None = None) -> str:
    try:
        info = load_game(game, cards).card_info(card)
    except (KeyError, CardArenaError):
        return "?"
    sub = info.get("type") or info.get("subtype")
    return str(info.get("kind", "?")) + (f"/{sub}" if sub else "")


def card_stats(game: str, rows: list[Row], cards: CardFiles | None = None) -> tuple[list[CardStat], dict[str, float]]:
    """Per card, over seat-games: play rate, win rate when played and when not, first-play turn;
    outliers against the average of the card's kind (pooled win rate when played)."""
    eligible: Counter[str] = Counter()
    played: Counter[str] = Counter()
    win_played: Counter[str] = Counter()
    win_eligible: Counter[str] = Counter()
    first_turns: dict[str, list[int]] = defaultdict(list)
    listed: Counter[str] = Counter()  # seat-games whose deck list holds the card
    lists_known = False
    seen: set[str] = set()
    for r in rows:
        seen.update(c["card"] for c in r["cards"])
    for r in rows:
        for seat in range(len(r["decks"])):
            w = won(r, seat)
            mine: dict[str, int] = {}
            for c in r["cards"]:
                if c["seat"] == seat and c["card"] not in mine:
                    mine[c["card"]] = c["turn"]
            held = _deck_cards(game, r["decks"][seat], cards)
            if held is not None:
                lists_known = True
                listed.update(held)
            for card in (seen if held is None else held | mine.keys()):
                eligible[card] += 1
                win_eligible[card] += w
            for card, turn in mine.items():
                played[card] += 1
                win_played[card] += w
                first_turns[card].append(turn)
    stats = []
    kind_k: Counter[str] = Counter()
    kind_n: Counter[str] = Counter()
    for card in sorted(eligible):
        n, k = eligible[card], played[card]
        kind = card_kind(game, card, cards)
        kind_k[kind] += win_played[card]
        kind_n[kind] += k
        stats.append(CardStat(
            card=card, kind=kind, seat_games=n, played=Rate(k, n), win_played=Rate(win_played[card], k),
            win_unplayed=Rate(win_eligible[card] - win_played[card], n - k),
            mean_turn=statistics.fmean(first_turns[card]) if first_turns[card] else float("nan"),
            listed=not lists_known or listed[card] > 0))
    kinds = {kd: kind_k[kd] / kind_n[kd] for kd in kind_n if kind_n[kd]}
    tested = [s for s in stats if s.kind in kinds and s.win_played.n >= MIN_CARD_GAMES]
    # every card tested is a chance of a false flag: each interval is widened to keep the chance of
    # any false flag at 5% (Bonferroni)
    z = statistics.NormalDist().inv_cdf(1 - 0.025 / max(1, len(tested)))
    for s in tested:
        avg = kinds[s.kind]
        lo, hi = wilson(s.win_played.k, s.win_played.n, z)
        if lo > avg and s.win_played.value - avg >= MIN_OUTLIER_GAP:
            s.outlier = "high"
        elif hi < avg and avg - s.win_played.value >= MIN_OUTLIER_GAP:
            s.outlier = "low"
    return stats, kinds


def _twin(r: Row) -> tuple[Any, ...]:
    """What makes a game of one arm the same deal as a game of another: its seed, decks and seats."""
    return (r["seed"], tuple(r["decks"]), tuple(r["agents"]), r["p1_seat"])


def twins(base: list[Row], other: list[Row]) -> tuple[list[tuple[Row, Row]], str]:
    """The games of the two arms paired by deal (`_twin`), with the report's sentence on it. Every game
    of either arm must have its one twin in the other (a run's variants do: they share their seeds);
    otherwise none is paired and the sentence says why."""
    by_key = {_twin(r): r for r in base}
    pairs = [(by_key[k], r) for r in other if (k := _twin(r)) in by_key]
    n = len(pairs)
    if len(by_key) == len(base) == len(other) == n == len({_twin(r) for r in other}):
        return pairs, (f"paired: each of the {n} games has its twin in the other arm (same seed, decks and seats), "
                       "so rates over all games, lengths and matchups are compared game by game; the "
                       "first-player and card rates (over games or seat-games that differ between the arms) "
                       "are not")
    return [], (f"not paired: {len(base) - n} baseline and {len(other) - n} variant games have no twin (same seed, "
                "decks and seats) in the other arm, so every measure compares two independent samples")


def _ends_by(reason: str) -> Callable[[Row], float]:
    return lambda r: r["reason"] == reason


def _matchup(x: str, y: str) -> tuple[Callable[[Row], float], Callable[[Row], bool]]:
    """Deck `x`'s win in a game, and the games of `x` against `y` (as `matchup_matrix` counts them)."""
    return (lambda r: won(r, r["decks"].index(x))), (lambda r: len(r["decks"]) == 2 and sorted(r["decks"]) == [x, y])


def compare(base: VariantStats, other: VariantStats, cards: list[str] | None = None) -> Comparison:
    """Each measure of `other` minus the baseline's: the rates, the lengths, every deck pair's matchup
    (`matchup X vs Y`, X's win rate) and, for `cards` (those a card file changes), their play rate and
    win rate when played. Played on the same deals (`twins`), the games' own measures are compared by
    their per-game differences (`stats.paired`)."""
    diffs: dict[str, tuple[str, str, Diff]] = {}
    pairs, how = twins(base.rows, other.rows)

    def rate(name: str, a: Rate, b: Rate, of_game: Callable[[Row], float] | None = None,
             among: Callable[[Row], bool] | None = None) -> None:
        """`of_game`: the measure of one game (over the games `among` chooses), for paired arms."""
        if pairs and of_game is not None:
            d = paired([(of_game(x), of_game(y)) for x, y in pairs if among is None or among(x)])
        else:
            d = two_proportions(a, b)
        diffs[name] = (a.text(), b.text(), d)

    rate("P1 win rate", base.players[0][1], other.players[0][1], lambda r: won(r, seat_of(r, 0)))
    rate("first-player win rate", base.first_player, other.first_player)
    for reason in sorted(set(base.reasons) | set(other.reasons)):
        rate(f"ends by {reason}", base.reasons.get(reason, Rate(0, len(base.rows))),
             other.reasons.get(reason, Rate(0, len(other.rows))), _ends_by(reason))
    for name, a, b in (("turns", base.turns, other.turns), ("decisions", base.decisions, other.decisions)):
        diffs[f"mean {name}"] = (f"{a.summary.get('mean', float('nan')):.2f}",
                                 f"{b.summary.get('mean', float('nan')):.2f}",
                                 paired([(float(g[name]), float(h[name])) for g, h in pairs]) if pairs
                                 else two_means(a.values, b.values))
    for x, y in sorted(k for k in base.matrix if k[0] < k[1] and k in other.matrix):
        rate(f"matchup {x} vs {y}", base.matrix[(x, y)], other.matrix[(x, y)], *_matchup(x, y))
    before = {c.card: c for c in base.cards}
    after = {c.card: c for c in other.cards}
    none = CardStat("", "", 0, Rate(0, 0), Rate(0, 0), Rate(0, 0), float("nan"))
    for card in dict.fromkeys(cards or []):
        if card in before or card in after:  # an added card has no row before
            was, now = before.get(card, none), after.get(card, none)
            rate(f"{card}: play rate", was.played, now.played)
            rate(f"{card}: win when played", was.win_played, now.win_played)
    return Comparison(other.label, base.label, diffs, how)


def peak_share(rows: list[Row], peak: str, at_least: int | str) -> Rate:
    """Games whose highest `turn`-event field `peak` reached `at_least` — a number, or `rule:NAME` for
    the row's own rule value (e.g. circuits Overtime: `own_turn` reaching `rule:overtime_start`)."""
    k = 0
    for r in rows:
        if isinstance(at_least, str) and at_least.startswith("rule:"):
            rules = json.loads(r["rules"])
            if at_least[5:] not in rules:
                raise ValueError(f"{r['game']} has no rule {at_least[5:]!r} (rules: {', '.join(sorted(rules))})")
            bar = int(rules[at_least[5:]])
        else:
            bar = int(at_least)
        k += r["peaks"].get(peak, -1) >= bar
    return Rate(k, len(rows))
