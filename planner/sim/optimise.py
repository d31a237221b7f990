"""The land-mix optimiser behind ``mana-planner optimise-lands``: which counts of candidate lands make a
deck's spells castable on curve most often.

**The score** of a land mix is the mean over the deck's nonland cards (a commander counts once), weighted by
copies, of their on-curve castability (:attr:`~planner.sim.results.CardOdds.on_curve`: the untapped lands
can pay the card on its mana value's turn, whether it is in hand or not), goldfishing turns 1 to the
highest curve turn. Per game it is the copies castable on curve over all copies, so its mean over games is
the score and the spread of the per-game values gives its confidence interval (95 %, normal).

**Common random numbers.** Every mix keeps the deck's nonland cards, so with one seed every mix deals the
same games: the same cards at the same places of the library, each land slot holding the mix's land there
(:func:`~planner.sim.lands_only.goldfish_counts`'s ``layout``). Moving one slot from land A to land B changes
that one slot of every game, and the difference of two mixes is judged game by game (paired), with a far
narrower interval than either score.

**The search** (:func:`optimise_lands`) starts from the deck's own mix (its lands that are in the pool; the
slots left are filled with the pool land whose colors the deck's pips lack most) and repeats a step: every
mix one move away (one slot from land A to land B, within each land's most copies) is *screened* on
``screen_games`` games; the few best are *confirmed* on ``games`` other games, and the best of those whose
paired gain has an interval above zero (Bonferroni-corrected over the few) is taken. It stops when no move
is confirmed, or when the budget (games simulated, or seconds) runs out. Mixes that cannot beat the current
one are **pruned** without simulation by a Karsten-style upper bound: a card with N pips of a color and mana
value M is at best castable on curve when the cards seen by then hold M lands, N of them of that color,
which Karsten's games (:func:`planner.sim.sources.sources_needed`) give for every source count at once; a
mix whose bound (plus its Monte-Carlo error) is below the current score is skipped. The bound holds when
every land makes one mana a tap; otherwise nothing is pruned.

**With the turns planned** (``ramp="planner"``) the games are the planned goldfish's
(:mod:`planner.sim.planned`: mana rocks, creatures and rituals count), dealt the same way through layouts;
every mix of the search is dealt as one deck that lists each pool land once, so that all of them share one
memo of the turns met. The Karsten bound counts lands only and is off.

**The report** scores the best mix and the deck's own on ``games`` fresh games dealt with ``seed`` (those of
``mana-planner simulate --ramp R --seed S --turns 1-T``, T the highest curve turn, X spells at X = 1), which
the search never saw, and
the difference, paired when the two decks have the same size. Each piece of work is a seeded batch of one
mix, so the answer is the same whoever runs the pieces: in this process, or on a Dask cluster
(:mod:`planner.sim.cluster`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from statistics import NormalDist
from typing import Final, Protocol

import numpy as np
import numpy.typing as npt

from models.cost import SymbolKind
from models.decklist import Deck, DeckCard
from models.errors import InputError
from models.mana import TYPE_ORDER
from planner.sim.game import DEFAULT_MIN_X, HAND_SIZE, check_mulligan, check_ramp, played_as_land, with_x
from planner.sim.lands import land_profile
from planner.sim.lands_only import GOLDFISH_BATCH, default_layout
from planner.sim.limits import MAX_TURN
from planner.sim.optimise_inputs import NO_BUDGET, Budget, PoolLand, parse_budget, parse_pool, parse_value
from planner.sim.scoring import (
    Runner,
    ScoreRuns,
    ScoreTask,
    local_runner,
    pieces_games,
    run_score_task,
    score_pieces,
    task_games,
)
from planner.sim.sources import _karsten, _Query

__all__ = [
    "DEFAULT_GAMES",
    "DEFAULT_LIFE_VALUE",
    "Budget",
    "Estimate",
    "Move",
    "OptimiseResult",
    "PoolLand",
    "Reporter",
    "Runner",
    "ScoreRuns",
    "ScoreTask",
    "local_runner",
    "optimise_lands",
    "parse_budget",
    "parse_pool",
    "parse_value",
    "pieces_games",
    "run_score_task",
    "score_pieces",
    "task_games",
]

Ints = npt.NDArray[np.int64]
#: Games a mix is confirmed (and the report scored) on unless told: one goldfish batch.
DEFAULT_GAMES: Final = GOLDFISH_BATCH
#: What a point of life lost to lands (a shockland's 2, a fetchland's 1, a painful land's 1 a turn it is
#: tapped) costs the score: 1/50, two percentage points of the copies castable on curve.
DEFAULT_LIFE_VALUE: Final = Fraction(1, 50)
#: How many of the best screened moves are confirmed each step.
CONFIRMED: Final = 3
#: Games dealt for the Karsten bounds.
BOUND_GAMES: Final = 200_000
LEVEL: Final = 0.95
Mix = tuple[int, ...]


class Reporter(Protocol):
    """Where the search tells its progress (a progress bar)."""

    def phase(self, label: str, games: int) -> None:
        """A phase of ``games`` games starts."""

    def advance(self, games: int) -> None:
        """That many more games are done."""


class _Quiet:
    def phase(self, label: str, games: int) -> None:
        pass

    def advance(self, games: int) -> None:
        pass


# --------------------------------------------------------------------------------------------------------
# Estimates


@dataclass(kw_only=True, frozen=True, slots=True)
class Estimate:
    """A mean over games with its 95 % confidence interval (normal approximation)."""

    mean: float
    low: float
    high: float
    games: int

    def to_json(self) -> dict[str, object]:
        """``{"mean", "low", "high", "games"}``, to 5 decimals."""
        return {
            "mean": round(self.mean, 5),
            "low": round(self.low, 5),
            "high": round(self.high, 5),
            "games": self.games,
        }


def _z(level: float) -> float:
    return NormalDist().inv_cdf(0.5 + level / 2)


def _estimate(values: Ints, scale: int, level: float = LEVEL) -> Estimate:
    """The mean of ``values / scale`` with its interval, from exact integer sums."""
    n = int(values.shape[0])
    total = int(values.sum())
    squares = int((values * values).sum())
    mean = total / n / scale
    variance = max(squares * n - total * total, 0) / (n * (n - 1)) if n > 1 else 0.0
    half = _z(level) * math.sqrt(variance / n) / scale
    return Estimate(mean=mean, low=mean - half, high=mean + half, games=n)


def _unpaired(a: Estimate, b: Estimate) -> Estimate:
    """The difference a − b of two independent estimates."""
    half = math.hypot(a.high - a.mean, b.high - b.mean)
    mean = a.mean - b.mean
    return Estimate(mean=mean, low=mean - half, high=mean + half, games=min(a.games, b.games))


# --------------------------------------------------------------------------------------------------------
# The answer


@dataclass(kw_only=True, frozen=True, slots=True)
class Move:
    """One step the search took: a land slot from ``from_land`` to ``to_land``, and its paired gain on the
    confirmation games."""

    from_land: str
    to_land: str
    gain: Estimate


@dataclass(kw_only=True, frozen=True, slots=True)
class OptimiseResult:
    """The best land mix found, the deck's own, their scores and the difference (best − own)."""

    best: tuple[tuple[str, int], ...]
    best_score: Estimate
    own: tuple[tuple[str, int], ...]
    own_score: Estimate
    difference: Estimate
    paired: bool
    start: tuple[tuple[str, int], ...]
    moves: tuple[Move, ...]
    stopped: str
    lands: int
    deck_size: int
    scored_cards: int
    scored_copies: int
    turns: tuple[int, int]
    games: int
    screen_games: int
    seed: int
    on_the_draw: bool
    mulligan: str
    ramp: str
    mixes_screened: int
    mixes_pruned: int
    bound: bool
    games_simulated: int
    seconds: float
    notes: tuple[str, ...] = field(default=())
    life_value: Fraction = Fraction(0)
    best_life: float = 0.0  # the life a game lost to its lands, on average, with the best mix
    own_life: float = 0.0

    def to_json(self) -> dict[str, object]:
        """The JSON object of ``optimise-lands --json``."""
        return {
            "best": dict(self.best),
            "best_score": self.best_score.to_json(),
            "own": dict(self.own),
            "own_score": self.own_score.to_json(),
            "difference": {**self.difference.to_json(), "paired": self.paired},
            "start": dict(self.start),
            "moves": [
                {"from": move.from_land, "to": move.to_land, "gain": move.gain.to_json()}
                for move in self.moves
            ],
            "stopped": self.stopped,
            "score": "mean over nonland cards, weighted by copies, of castable on curve, less life_value "
            "a point of life lost to lands",
            "life_value": str(self.life_value),
            "life_lost": {"best": round(self.best_life, 3), "own": round(self.own_life, 3)},
            "ramp": self.ramp,
            "deck": {"cards": self.deck_size, "lands": self.lands, "scored_cards": self.scored_cards},
            "turns": list(self.turns),
            "games": self.games,
            "screen_games": self.screen_games,
            "seed": self.seed,
            "draw": self.on_the_draw,
            "mulligan": self.mulligan,
            "mixes_screened": self.mixes_screened,
            "mixes_pruned": self.mixes_pruned,
            "karsten_bound": self.bound,
            "games_simulated": self.games_simulated,
            "notes": list(self.notes),
        }


# --------------------------------------------------------------------------------------------------------
# The search


@dataclass(frozen=True, slots=True)
class _Problem:
    """What stays fixed while the lands change."""

    fixed: tuple[DeckCard, ...]  # the deck's nonland cards, in list order
    fixed_land_slots: tuple[str, ...]  # the MDFCs played as lands: their slots come first
    pool: tuple[PoolLand, ...]
    source: str
    commanders: tuple[DeckCard, ...]
    turns: tuple[int, int]
    on_the_draw: bool
    mulligan: str
    weights: int  # the copies scored
    life_value: tuple[int, int] = (0, 1)  # a point of life lost to lands is worth p/q of the score
    order: tuple[int, ...] = ()  # the pool's lands in the order decks list them (the deck's own first)
    ramp: str = "none"  # how the games are played: lands only, or with the turns planned
    # (with the turns planned: one deck of every pool land, a copy each, which the search's games deal
    # through their layouts, so that every mix's turns share one memo)
    every_land: Deck | None = None


def _seed_for(seed: int, purpose: int) -> int:
    """A seed of its own for each use of the search's games, derived from the user's."""
    return int(np.random.SeedSequence([seed, purpose]).generate_state(2, np.uint64)[0])


def _deck(problem: _Problem, mix: Mix) -> Deck:
    """The deck with this mix: its lands listed in the problem's order, which breaks the goldfish's ties
    between lands, so that the deck's own mix plays exactly as the deck does."""
    order = problem.order or tuple(range(len(problem.pool)))
    lands = tuple(replace(problem.pool[i].card, count=mix[i]) for i in order if mix[i])
    return Deck(problem.source, (*lands, *problem.fixed), problem.commanders)


def _named(problem: _Problem, mix: Mix) -> tuple[tuple[str, int], ...]:
    return tuple((land.name, n) for land, n in zip(problem.pool, mix, strict=True) if n)


def _tasks(
    problem: _Problem, deck: Deck, layout: tuple[str, ...] | None, games: int, seed: int, what: str = "score"
) -> list[ScoreTask]:
    return [
        ScoreTask(
            deck=deck,
            layout=layout,
            turns=problem.turns,
            games=games,
            seed=seed,
            on_the_draw=problem.on_the_draw,
            mulligan=problem.mulligan,
            batches=range(batch, batch + 1),
            ramp=problem.ramp,
            life_value=problem.life_value,
            weights=problem.weights,
            what=what,
        )
        for batch in range(score_pieces(games, problem.ramp))
    ]


class _Evaluator:
    """Simulates batches of mixes through the runner, counting the games."""

    def __init__(self, problem: _Problem, runner: Runner, reporter: Reporter) -> None:
        self.problem = problem
        self.runner = runner
        self.reporter = reporter
        self.games = 0
        self.runs = ScoreRuns()  # (the optimisation's: it dies with it)

    def scores(
        self, jobs: Sequence[tuple[Deck, tuple[str, ...] | None]], games: int, seed: int, what: str = "score"
    ) -> list[Ints]:
        """Per-game score numerators (or life lost, ``what="life"``) of each (deck, layout), all on the
        same games."""
        tasks = [
            task for deck, layout in jobs for task in _tasks(self.problem, deck, layout, games, seed, what)
        ]
        answers = self.runner(tasks, self.reporter.advance, self.runs)
        self.games += games * len(jobs)
        per = score_pieces(games, self.problem.ramp)
        return [np.concatenate(answers[i * per : (i + 1) * per]) for i in range(len(jobs))]


def _searched(problem: _Problem, mix: Mix, layout: tuple[str, ...]) -> tuple[Deck, tuple[str, ...]]:
    """What the search deals for a mix: its deck and its layout (with the turns planned, the deck of every
    pool land, whose memo of turns every mix shares: the layout says which land each slot holds)."""
    return (problem.every_land or _deck(problem, mix), layout)


def _layout(problem: _Problem, mix: Mix) -> tuple[str, ...]:
    """The slots of a mix in pool order (after the fixed slots)."""
    return (
        *problem.fixed_land_slots,
        *(land.name for land, n in zip(problem.pool, mix, strict=True) for _ in range(n)),
    )


def _moved(layout: tuple[str, ...], fixed: int, away: str, to: str) -> tuple[str, ...]:
    """The layout with its last slot holding ``away`` holding ``to`` instead (one slot changes)."""
    slot = max(i for i in range(fixed, len(layout)) if layout[i] == away)
    return (*layout[:slot], to, *layout[slot + 1 :])


class _Bound:
    """The Karsten-style upper bound on a mix's score (module docstring), from its source counts."""

    def __init__(self, problem: _Problem, deck: Deck, seed: int) -> None:
        first, last = problem.turns
        del first
        commander = bool(problem.commanders)
        later = 1 if problem.on_the_draw and not commander else 0
        size = deck.size
        lands = sum(card.count for card in deck.cards if card.is_land)
        queries: list[_Query] = []
        self.cards: list[tuple[int, list[tuple[int, int]]]] = []  # (weight, [(color index, query index)])
        self.unbounded = 0
        played, _ = played_as_land(deck)
        for card in (*played.spells, *problem.commanders):
            weight = 1 if card in problem.commanders else card.count
            if card.cost is None or max(card.cost.mana_value, 1) > last:
                continue
            symbols = card.cost.symbols
            if any(
                s.kind in (SymbolKind.PHYREXIAN, SymbolKind.MONO_HYBRID, SymbolKind.SNOW) for s in symbols
            ):
                self.unbounded += weight
                continue
            value = card.cost.mana_value
            turn = max(value, 1) + later
            pips: dict[int, int] = {}
            for s in symbols:
                if s.kind is SymbolKind.COLORED:
                    pips[s.colors.mask] = pips.get(s.colors.mask, 0) + 1
                elif s.kind is SymbolKind.COLORLESS:
                    pips[32] = pips.get(32, 0) + 1
            asked = [(0, 0)] if not pips else sorted(pips.items())
            entry = []
            for mask, count in asked:
                queries.append(_Query(turn, count, value))
                entry.append((mask, len(queries) - 1))
            self.cards.append((weight, entry))
        self.scale = problem.weights
        self.games = BOUND_GAMES
        answers = (
            _karsten(
                size,
                lands,
                queries,
                games=BOUND_GAMES,
                seed=seed,
                commander=commander,
                progress=None,
                london=problem.mulligan == "london",
            )
            if queries
            else []
        )
        self.curves = [np.cumsum(histogram) / BOUND_GAMES for _, histogram in answers]
        self.masks = [int(t) for t in TYPE_ORDER]
        self.lands = lands

    def __call__(self, sources: dict[int, int]) -> float:
        """The bound for a mix making ``sources[mask]`` sources of each single type."""
        total = float(self.unbounded)
        for weight, entry in self.cards:
            best = 1.0
            for mask, query in entry:
                k = self.lands if mask == 0 else min(sources.get(mask, 0), self.lands)
                best = min(best, float(self.curves[query][k]))
            total += weight * best
        return total / self.scale

    @property
    def error(self) -> float:
        """Three standard errors of the bound, at most."""
        return 3 * 0.5 / math.sqrt(self.games)


def _sources(problem: _Problem, mix: Mix, fixed_types: Sequence[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    types = [*fixed_types, *(land.types for land, n in zip(problem.pool, mix, strict=True) for _ in range(n))]
    for mask in (int(t) for t in TYPE_ORDER):
        counts[mask] = sum(1 for t in types if t & mask)
    return counts


def _fill(problem: _Problem, start: list[int], slots: int) -> list[int]:
    """Fill the slots left with the pool land (within its copies) whose types the deck's pips lack most,
    the first in the pool on ties; trims from the most numerous land when there are too many."""
    demand = {int(t): 0.0 for t in TYPE_ORDER}
    for card in problem.fixed:
        if card.cost is None:
            continue
        for symbol in card.cost.symbols:
            for mask in demand:
                if symbol.colors.mask & mask:
                    demand[mask] += card.count
    mix = list(start)
    while sum(mix) > slots:
        index = max(range(len(mix)), key=lambda i: (mix[i], -i))
        mix[index] -= 1
    while sum(mix) < slots:
        have = {
            mask: sum(n for land, n in zip(problem.pool, mix, strict=True) if land.types & mask)
            for mask in demand
        }

        values = [
            (sum(demand[m] / (1 + have[m]) for m in demand if land.types & m), -i)
            for i, land in enumerate(problem.pool)
            if mix[i] < land.most
        ]
        mix[-max(values)[1]] += 1
    return mix


def _scored(deck: Deck, turns: tuple[int, int]) -> tuple[int, int]:
    """The nonland cards that count towards the score, and their copies (a commander once)."""
    played, _ = played_as_land(deck)
    last = turns[1]
    cards = [c for c in played.spells if c.cost is not None and max(c.cost.mana_value, 1) <= last]
    commanders = [c for c in deck.commanders if c.cost is not None and max(c.cost.mana_value, 1) <= last]
    return len(cards) + len(commanders), sum(c.count for c in cards) + len(commanders)


def _turns(deck: Deck, size: int, on_the_draw: bool) -> tuple[int, int]:
    """Turns 1 to the highest curve turn of the deck's cards (as far as the deck's cards last)."""
    curves = [max(c.cost.mana_value, 1) for c in (*deck.spells, *deck.commanders) if c.cost is not None]
    if not curves:
        raise InputError(f"{deck.source}: the deck has no nonland card with a mana cost: nothing to score")
    last = min(max(curves), MAX_TURN)
    extra = 1 if (on_the_draw or deck.is_commander) else 0
    while last > 1 and size < HAND_SIZE + last - 1 + extra:
        last -= 1
    return (1, last)


def optimise_lands(
    deck: Deck,
    pool: Sequence[PoolLand],
    *,
    lands: int | None = None,
    games: int = DEFAULT_GAMES,
    screen_games: int | None = None,
    seed: int = 0,
    budget: Budget = NO_BUDGET,
    on_the_draw: bool = False,
    mulligan: str = "london",
    runner: Runner = local_runner,
    reporter: Reporter | None = None,
    ramp: str = "none",
    life_value: Fraction = DEFAULT_LIFE_VALUE,
) -> OptimiseResult:
    """The land mix over ``pool`` that maximises the castability score, by a local search with common
    random numbers from the deck's own mix (module docstring); ``lands`` slots (default: the deck's lands);
    ``screen_games`` defaults to a quarter of ``games``. With ``ramp="planner"`` the games are those of the
    planned goldfish (``simulate --ramp planner``: mana rocks, creatures and rituals count), and the Karsten
    bound, which counts lands only, is off.

    >>> from models.decklist import parse_deck
    >>> deck = parse_deck("12 Plains\\n12 Wastes\\n18 Wall {W}{W}\\n18 Soldier {1}{W}")
    >>> result = optimise_lands(deck, parse_pool("Plains, Wastes", lands=24), games=4_000, seed=1)
    >>> result.best, round(result.own_score.mean, 2), result.difference.low > 0
    ((('Plains', 24),), 0.74, True)
    """
    started = time.monotonic()
    reporter = reporter if reporter is not None else _Quiet()
    slots = deck.lands if lands is None else lands
    if not pool:
        raise InputError("the pool has no lands")
    if slots < 1:
        raise InputError(
            f"the land slots must be at least 1, got {slots}" + ("" if lands else ": give --lands N")
        )
    if sum(land.most for land in pool) < slots:
        raise InputError(
            f"the pool's lands make at most {sum(land.most for land in pool)} copies, fewer than the {slots} "
            "land slots"
        )
    if games < 2:
        raise InputError(f"the number of games must be at least 2, got {games}")
    screen = max(2, games // 4) if screen_games is None else screen_games
    if screen < 2:
        raise InputError(f"the screening games must be at least 2, got {screen}")
    check_mulligan(mulligan)
    check_ramp(ramp)
    deck = with_x(deck, DEFAULT_MIN_X)  # (X spells are scored on the curve turn of X = 1, as simulate has it)
    played, _ = played_as_land(deck)
    fixed = tuple(card for card in deck.cards if not card.is_land)
    fixed_names = {card.name for card in fixed}
    converted = [card for card in played.cards if card.is_land and card.name in fixed_names]
    fixed_slots = tuple(card.name for card in converted for _ in range(card.count))
    size = sum(card.count for card in fixed) + slots
    turns = _turns(deck, size, on_the_draw)
    problem = _Problem(
        fixed=fixed,
        fixed_land_slots=fixed_slots,
        pool=tuple(pool),
        source=deck.source,
        commanders=deck.commanders,
        turns=turns,
        on_the_draw=on_the_draw,
        mulligan=mulligan,
        weights=0,
        ramp=ramp,
    )
    notes: list[str] = []
    names = [land.name for land in pool]
    first_seen = {name: i for i, name in enumerate(dict.fromkeys(default_layout(deck)))}
    order = sorted(range(len(pool)), key=lambda i: (first_seen.get(names[i], len(first_seen)), i))
    problem = replace(problem, order=tuple(order))
    if ramp == "planner":
        every_land = tuple(replace(pool[i].card, count=1) for i in order)
        problem = replace(problem, every_land=Deck(deck.source, (*every_land, *fixed), deck.commanders))
    own_counts = {card.name: card.count for card in deck.cards if card.is_land}
    outside = [name for name in own_counts if name not in names]
    if outside:
        verb = "is" if len(outside) == 1 else "are"
        notes.append(f"the deck's {', '.join(outside)} {verb} not in the pool")
    own_mix = [own_counts.get(name, 0) for name in names]
    start = [min(n, land.most) for n, land in zip(own_mix, pool, strict=True)]
    is_own = not outside and start == own_mix and sum(start) == slots
    if not is_own:
        start = _fill(problem, start, slots)
        notes.append(
            "the search starts from the deck's lands in the pool, the other slots filled by color need"
        )
    current: Mix = tuple(start)
    scored_cards, weights = _scored(_deck(problem, current), turns)
    if weights == 0:
        raise InputError(f"{deck.source}: no nonland card has a mana cost within turn {turns[1]}")
    if life_value < 0:
        raise InputError(f"the value of a point of life must be 0 or more, got {life_value}")
    value = (life_value.numerator, life_value.denominator)
    problem = replace(problem, weights=weights, life_value=value)
    scale = weights * value[1]  # (the numerators' unit: a score of 1 is ``scale``)
    paired = slots == deck.lands
    if not paired:
        notes.append(f"the deck has {deck.lands} lands, not {slots}: the difference is not paired")
    confirm_seed, screen_seed = _seed_for(seed, 1), _seed_for(seed, 2)
    fixed_types = [
        land_profile(card.card).types for card in converted if card.card for _ in range(card.count)
    ]
    single = all(land.single for land in pool) and all(
        len((profile := land_profile(card.card)).sources) <= 1 and profile.search is None
        for card in converted
        if card.card
    )
    bound = (
        _Bound(problem, _deck(problem, current), _seed_for(seed, 3)) if single and ramp == "none" else None
    )
    if ramp == "planner":
        notes.append("the turns are planned, so ramp counts: the Karsten bound (lands only) is off")
    elif bound is None:
        notes.append(
            "a land makes more than one mana a tap or searches the library: the Karsten bound is off, "
            "nothing is pruned"
        )

    evaluator = _Evaluator(problem, runner, reporter)
    layout = default_layout(deck) if is_own else _layout(problem, current)
    reporter.phase("scoring the start", games + screen)
    (current_confirm,) = evaluator.scores([_searched(problem, current, layout)], games, confirm_seed)
    (current_screen,) = evaluator.scores([_searched(problem, current, layout)], screen, screen_seed)
    visited = {current}
    moves: list[Move] = []
    screened = pruned = 0
    stopped = "no move improves the score beyond its interval"
    step = 0
    while True:
        step += 1
        if budget.seconds is not None and time.monotonic() - started >= budget.seconds:
            stopped = "the time budget ran out"
            break
        candidates = _neighbours(problem, current, visited)
        if bound is not None:
            floor = _estimate(current_confirm, scale).low - bound.error
            kept = [c for c in candidates if bound(_sources(problem, c[2], fixed_types)) >= floor]
            pruned += len(candidates) - len(kept)
            candidates = kept
        if not candidates:
            break
        cost = len(candidates) * screen + min(CONFIRMED, len(candidates)) * games
        if budget.games is not None and evaluator.games + cost > budget.games:
            stopped = "the games budget ran out"
            break
        reporter.phase(f"step {step}: screening {len(candidates)} mixes", len(candidates) * screen)
        layouts = [_moved(layout, len(fixed_slots), names[a], names[b]) for a, b, _ in candidates]
        answers = evaluator.scores(
            [_searched(problem, mix, moved) for (_, _, mix), moved in zip(candidates, layouts, strict=True)],
            screen,
            screen_seed,
        )
        screened += len(candidates)
        gains = [(int((answer - current_screen).sum()), i) for i, answer in enumerate(answers)]
        best_few = [i for gain, i in sorted(gains, key=lambda g: (-g[0], g[1]))[:CONFIRMED] if gain > 0]
        if not best_few:
            break
        reporter.phase(f"step {step}: confirming {len(best_few)} mixes", len(best_few) * games)
        confirmed = evaluator.scores(
            [_searched(problem, candidates[i][2], layouts[i]) for i in best_few], games, confirm_seed
        )
        level = 1 - (1 - LEVEL) / len(best_few)
        judged = [
            (_estimate(answer - current_confirm, scale, level), i, answer)
            for i, answer in zip(best_few, confirmed, strict=True)
        ]
        winners = [j for j in judged if j[0].low > 0]
        if not winners:
            break
        gain, index, answer = max(winners, key=lambda j: (j[0].mean, -j[1]))
        a, b, mix = candidates[index]
        moves.append(Move(from_land=names[a], to_land=names[b], gain=gain))
        current, layout, current_confirm, current_screen = mix, layouts[index], answer, answers[index]
        visited.add(current)

    reporter.phase("scoring the best mix and the deck's own", 2 * games)
    own_deck = Deck(deck.source, deck.cards, deck.commanders)
    # (the report's games are those of simulate on each deck: with the turns planned, each deck as listed)
    final_layout = layout if ramp == "none" else None
    best_answer, own_answer = evaluator.scores(
        [(_deck(problem, current), final_layout), (own_deck, None)], games, seed
    )
    best_score, own_score = _estimate(best_answer, scale), _estimate(own_answer, scale)
    difference = _estimate(best_answer - own_answer, scale) if paired else _unpaired(best_score, own_score)
    best_life, own_life = evaluator.scores(
        [(_deck(problem, current), final_layout), (own_deck, None)], games, seed, what="life"
    )
    return OptimiseResult(
        best=_named(problem, current),
        best_score=best_score,
        own=tuple(own_counts.items()),
        own_score=own_score,
        difference=difference,
        paired=paired,
        start=_named(problem, tuple(start)),
        moves=tuple(moves),
        stopped=stopped,
        lands=slots,
        deck_size=size,
        scored_cards=scored_cards,
        scored_copies=weights,
        turns=turns,
        games=games,
        screen_games=screen,
        seed=seed,
        on_the_draw=on_the_draw,
        mulligan=mulligan,
        ramp=ramp,
        mixes_screened=screened,
        mixes_pruned=pruned,
        bound=bound is not None,
        games_simulated=evaluator.games,
        seconds=time.monotonic() - started,
        notes=tuple(notes),
        life_value=life_value,
        best_life=float(best_life.mean()),
        own_life=float(own_life.mean()),
    )


def _neighbours(problem: _Problem, mix: Mix, visited: set[Mix]) -> list[tuple[int, int, Mix]]:
    """The mixes one move (a slot from land a to land b) away, not yet visited, in a fixed order."""
    found = []
    for a in range(len(problem.pool)):
        for b in range(len(problem.pool)):
            if a == b or mix[a] == 0 or mix[b] >= problem.pool[b].most:
                continue
            moved = list(mix)
            moved[a] -= 1
            moved[b] += 1
            if tuple(moved) not in visited:
                found.append((a, b, tuple(moved)))
    return found
