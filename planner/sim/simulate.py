"""Deck simulation: how many sources a cost needs under Karsten's published methodology, and goldfishing
real deck lists land by land.

Everything is vectorised with numpy over games (never a Python loop per game) and reproducible: the same
seed gives the same numbers. Games are dealt in batches of :data:`BATCH` with one seed sequence per batch
and per random stream (mulligans, draws, lands), so a batch's games do not depend on how many turns are
asked for, and an estimate is the same whether it is computed alone or as a row of the table.

**sources-needed** (:func:`sources_needed`, :func:`sources_table`, :func:`land_mix_probability`) follows
Frank Karsten's "How Many Sources Do You Need to Consistently Cast Your Spells? A 2022 Update": a deck of D
cards and L lands, K of which make the needed color; on the play (Commander: a free first mulligan and a draw
on turn 1); the London mulligan with his keep and bottoming rules (:data:`LONDON`, :func:`lands_to_bottom`);
a cost with mana value M and N pips of its color is castable on turn T when the cards seen by then hold at
least N good lands, counted only in games that saw at least M lands; the threshold is (89 + M) %.

One set of games serves every K: the lands are numbered in a random order per game and the good lands are
those numbered below K, so each game's answer for every K is "is the N-th lowest number among the lands seen
below K?" — one histogram per cost gives the whole curve, monotone in K.

**simulate** (:func:`goldfish`) plays a deck list: see its docstring.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction
from typing import Final

import numpy as np
import numpy.typing as npt

from models.abilities import ManaAbility, OutputKind, PaletteKind, TapDamage
from models.board import Permanent
from models.catalogue import CardData
from models.cost import ManaCost, SymbolKind
from models.decklist import Deck, DeckCard
from models.errors import InputError
from models.limits import MAX_DECK_CARDS, MAX_DISTINCT_CARDS, shortened, within
from models.mana import TYPE_ORDER, ManaType, ManaTypes
from models.oracle import Entering, LandSearch, parse_land_search, parse_oracle, reads_imprinted_colors
from models.types import BASIC_LAND_TYPES
from planner.rules.payment import cost_modes
from planner.rules.view import CARD_CONTROLLER, CARD_ID, card_view
from planner.sim.batch import castable as batch_castable
from planner.sim.defaults import DEFAULT_GAMES, DEFAULT_GOLDFISH_GAMES, DEFAULT_SEED, TABLE_SHAPES
from planner.sim.limits import MAX_GAMES, MAX_TURN

__all__ = [
    "BATCH",
    "DEFAULT_GAMES",
    "DEFAULT_GOLDFISH_GAMES",
    "DEFAULT_SEED",
    "LONDON",
    "STARTING_LIFE",
    "TABLE_SHAPES",
    "CardOdds",
    "Entry",
    "GoldfishCounts",
    "GoldfishResult",
    "LandProfile",
    "MixAnswer",
    "MulliganStage",
    "SourcesAnswer",
    "check_mulligan",
    "check_ramp",
    "chosen_x",
    "commander_colors",
    "default_layout",
    "default_threshold",
    "goldfish",
    "goldfish_batches",
    "goldfish_counts",
    "goldfish_result",
    "land_mix_probability",
    "land_profile",
    "lands_to_bottom",
    "merge_counts",
    "mulligan_stages",
    "parse_land_mix",
    "plot_goldfish",
    "sources_needed",
    "sources_table",
    "with_x",
]

Bools = npt.NDArray[np.bool_]
Ints = npt.NDArray[np.int64]
Masks = npt.NDArray[np.uint8]
#: Called with the number of games just finished, for progress bars.
Progress = Callable[[int], None]

#: Games dealt per batch: the unit of reproducibility and of memory use.
BATCH: Final = 1 << 18
#: Life when a game starts; life totals only matter to Phyrexian symbols.
STARTING_LIFE: Final = 20
HAND_SIZE: Final = 7


# --------------------------------------------------------------------------------------------------------
# Castability of many land sets at once


def _plain(cost: ManaCost) -> ManaCost:
    """The cost as the batch check takes it: X is 0 (the mana value's convention); {S} is refused."""
    if cost.has_snow:
        raise InputError(
            f"the cost {cost} has {{S}} (mana from a snow source): the deck simulation can't pay it"
        )
    return cost.with_variables(0) if cost.has_variable else cost


class _Castability:
    """Castability of fixed costs for land states given as counts of each source mask, memoised per state.

    Games share few distinct states (which sources are in play), so each distinct state is asked once, of
    the batch check (:func:`planner.sim.batch.castable`: Hall's condition, exactly the planner's answer for
    such
    sources); the answer stored is the least life each cost needs (0 for none, ``_NEVER`` when not payable),
    so that Phyrexian symbols see each game's own life total.
    """

    _NEVER: Final = 1 << 14

    def __init__(self, source_masks: Sequence[int], costs: Sequence[ManaCost]) -> None:
        self.source_masks = np.asarray(source_masks, dtype=np.uint8)
        self.costs = tuple(_plain(cost) for cost in costs)
        self._life_steps = [sorted({mode.life for mode in cost_modes(cost)}) for cost in self.costs]
        self._known: dict[bytes, npt.NDArray[np.int16]] = {}

    def states(self, counts: Ints) -> tuple[npt.NDArray[np.int16], Ints]:
        """The distinct rows of source counts (``N × len(source_masks)``) as a table of the life each cost
        needs, one row per distinct state, and each row's index in it."""
        counts = np.ascontiguousarray(counts, dtype=np.int8)
        if counts.shape[0] == 0:
            return np.zeros((0, len(self.costs)), dtype=np.int16), np.zeros(0, dtype=np.int64)
        rows = counts.view(np.dtype((np.void, counts.shape[1]))).ravel()
        unique, inverse = np.unique(rows, return_inverse=True)
        keys = unique.tolist()
        new = [state for state in keys if state not in self._known]
        if new:
            states = np.frombuffer(b"".join(new), dtype=np.int8).reshape(len(new), counts.shape[1])
            for state, answer in zip(new, self._ask(states), strict=True):
                self._known[state] = answer
        return np.stack([self._known[state] for state in keys]), inverse.ravel()

    def life_needed(self, counts: Ints) -> npt.NDArray[np.int16]:
        """For each row of source counts, the life each cost needs."""
        table, inverse = self.states(counts)
        return table[inverse]

    def payable(self, counts: Ints, life: int | Ints = STARTING_LIFE) -> Bools:
        """For each row of source counts, which costs the sources can pay with that much life."""
        return self.life_needed(counts) <= np.asarray(life, dtype=np.int64).reshape(-1, 1)

    def _ask(self, states: npt.NDArray[np.int8]) -> npt.NDArray[np.int16]:
        width = max(1, int(states.sum(axis=1).max()))
        masks = np.zeros((states.shape[0], width), dtype=np.uint8)
        ends = np.cumsum(states, axis=1)
        slots = np.arange(width)
        for index in range(states.shape[1]):
            starts = ends[:, index] - states[:, index]
            inside = (slots >= starts[:, None]) & (slots < ends[:, index][:, None])
            masks[inside] = self.source_masks[index]
        needed = np.full((states.shape[0], len(self.costs)), self._NEVER, dtype=np.int16)
        for life in sorted({life for steps in self._life_steps for life in steps}, reverse=True):
            columns = [i for i, steps in enumerate(self._life_steps) if life in steps]
            ok = batch_castable(masks, [self.costs[i] for i in columns], life=life)
            for position, column in enumerate(columns):
                needed[ok[:, position], column] = life
        return needed


# --------------------------------------------------------------------------------------------------------
# Mulligans


@dataclass(frozen=True, slots=True)
class MulliganStage:
    """One hand of the London mulligan: draw seven, put ``bottom`` on the bottom, keep with that many lands.

    Lands are counted after bottoming; the last stage of a procedure always keeps.
    """

    bottom: int
    keep_min: int
    keep_max: int


#: Karsten's London mulligan: keep 7 with 2–5 lands, then (bottoming 1, 2) 2–4 lands, and always at 4 cards.
LONDON: Final = (
    MulliganStage(0, 2, 5),
    MulliganStage(1, 2, 4),
    MulliganStage(2, 2, 4),
    MulliganStage(3, 0, 7),
)
#: Commander's free first mulligan: a seven that keeps with 3–5 lands, before the others.
COMMANDER_FREE: Final = MulliganStage(0, 3, 5)


def mulligan_stages(*, commander: bool = False, london: bool = True) -> tuple[MulliganStage, ...]:
    """The hands a game goes through until it keeps; ``london=False`` keeps the first seven.

    >>> [(s.bottom, s.keep_min, s.keep_max) for s in mulligan_stages(commander=True)]
    [(0, 3, 5), (0, 2, 5), (1, 2, 4), (2, 2, 4), (3, 0, 7)]
    """
    if not london:
        return (MulliganStage(0, 0, HAND_SIZE),)
    return (COMMANDER_FREE, *LONDON) if commander else LONDON


def lands_to_bottom(lands: Ints, bottom: int) -> Ints:
    """How many of the cards put on the bottom are lands, from the lands among the seven drawn.

    Karsten's rule: to go to 6, bottom a spell if the hand has more than 3 spells, else a land; to 5, two
    spells if more than 3 spells, a land and a spell if exactly 3, else two lands; to 4, three spells if more
    than 3, one land if 3, two lands if 2, else three lands. That is: ``min(bottom, max(0, lands - 3))``.

    >>> lands_to_bottom(np.arange(8), 2).tolist()
    [0, 0, 0, 0, 1, 2, 2, 2]
    """
    return np.minimum(bottom, np.maximum(0, np.asarray(lands) - 3))


def _opening_cdf(deck_size: int, lands: int) -> npt.NDArray[np.float64]:
    """The cumulative distribution of the lands among seven cards (hypergeometric, exact fractions)."""
    total = math.comb(deck_size, HAND_SIZE)
    pmf = [
        Fraction(math.comb(lands, k) * math.comb(deck_size - lands, HAND_SIZE - k), total) for k in range(8)
    ]
    return np.array([float(sum(pmf[: k + 1])) for k in range(8)])


# --------------------------------------------------------------------------------------------------------
# Dealing Karsten games


@dataclass(frozen=True, slots=True)
class _Deal:
    """One batch of games as Karsten counts them: the kept opening, and the lands met afterwards.

    ``labels[g]`` numbers the lands game ``g`` meets, in the order it meets them (the hand's first, then the
    draws'): the start of a random order of the deck's lands. ``drawn[j, g]`` is the lands among its first
    ``j`` draws.
    """

    hand_lands: Ints
    bottomed: Ints
    drawn: Ints
    labels: npt.NDArray[np.int16]


def _streams(seed: int, batch: int) -> tuple[np.random.Generator, np.random.Generator, np.random.Generator]:
    """The three random streams of one batch: mulligans, draws and land order."""
    mulligans, draws, order = (
        np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(batch, stream))) for stream in range(3)
    )
    return mulligans, draws, order


def _batches(games: int, size: int = BATCH) -> Iterable[tuple[int, int]]:
    """(index, size) of the batches that make up ``games`` games."""
    for index, start in enumerate(range(0, games, size)):
        yield index, min(size, games - start)


def _deal(
    deck_size: int, lands: int, stages: Sequence[MulliganStage], draws: int, size: int, seed: int, batch: int
) -> _Deal:
    mulligans, drawing, ordering = _streams(seed, batch)
    cdf = _opening_cdf(deck_size, lands)
    uniforms = mulligans.random((len(stages), size))
    hand = np.zeros(size, dtype=np.int64)
    bottomed = np.zeros(size, dtype=np.int64)
    pending = np.arange(size)
    for index, stage in enumerate(stages):
        drawn_lands = np.minimum(np.searchsorted(cdf, uniforms[index, pending], side="right"), min(lands, 7))
        put_back = lands_to_bottom(drawn_lands, stage.bottom)
        after = drawn_lands - put_back
        keep = ((after >= stage.keep_min) & (after <= stage.keep_max)) | (index == len(stages) - 1)
        hand[pending[keep]] = drawn_lands[keep]
        bottomed[pending[keep]] = put_back[keep]
        pending = pending[~keep]
    drawn = np.zeros((draws + 1, size), dtype=np.int64)
    library = deck_size - HAND_SIZE
    for j in range(draws):
        met = drawing.random(size) * (library - j) < (lands - hand - drawn[j])
        drawn[j + 1] = drawn[j] + met
    steps = min(lands, HAND_SIZE + draws)
    order = _partial_shuffle(np.arange(lands, dtype=np.int16), size, steps, ordering)
    return _Deal(hand, bottomed, drawn, order)


def _seen(deal: _Deal, draws: int, sentinel: int) -> tuple[Ints, npt.NDArray[np.int16]]:
    """Lands seen after ``draws`` draws, and the sorted labels of those kept or drawn (``sentinel`` pads).

    The lands put on the bottom are the highest-labelled lands of the hand: so for every K, a non-good land
    (label K or more) goes before a good one.
    """
    block = deal.labels[:, : HAND_SIZE + draws]
    positions = np.arange(block.shape[1])
    hand = deal.hand_lands[:, None]
    seen_lands = deal.hand_lands - deal.bottomed + deal.drawn[draws]
    valid = positions < hand + deal.drawn[draws][:, None]
    rows = np.flatnonzero(deal.bottomed)
    if rows.size:
        in_hand = positions[:HAND_SIZE] < hand[rows]
        ranked = np.where(in_hand, block[rows, :HAND_SIZE], sentinel)
        ranked.sort(axis=1)
        keep = deal.hand_lands[rows] - deal.bottomed[rows]
        highest_kept = np.where(keep > 0, ranked[np.arange(rows.size), np.maximum(keep - 1, 0)], -1)
        put_back = (positions < hand[rows]) & (block[rows] > highest_kept[:, None])
        valid[rows] &= ~put_back
    seen = np.where(valid, block, np.int16(sentinel))
    seen.sort(axis=1)
    return seen_lands, seen


# --------------------------------------------------------------------------------------------------------
# sources-needed


def default_threshold(mana_value: int) -> Fraction:
    """Karsten's consistency target for a spell of this mana value: (89 + M) %, 90 % for a one-drop.

    >>> [str(default_threshold(m)) for m in (1, 3, 7)]
    ['9/10', '23/25', '24/25']
    """
    return Fraction(89 + max(mana_value, 1), 100)


@dataclass(kw_only=True, frozen=True, slots=True)
class SourcesAnswer:
    """The fewest good lands that cast a cost on its turn often enough, with the whole curve over K.

    ``curve[k]`` is the probability with ``k`` good lands; ``counted`` is the games that saw enough lands
    (only those count); ``shape`` is the cost as the table writes it (``1CC``) when it comes from the table.
    """

    sources: int
    probability: float
    threshold: float
    turn: int
    games: int
    cost: str
    mana_value: int
    pips: int
    counted: int
    curve: tuple[float, ...]
    shape: str = ""

    def to_json(self) -> dict[str, object]:
        """The JSON object of CONTRACT §4: sources, probability (4 decimals), threshold, turn, games."""
        return _answer_json(self.sources, self.probability, self.threshold, self.turn, self.games)


def _answer_json(
    sources: object, probability: float, threshold: float, turn: int, games: int
) -> dict[str, object]:
    """The keys CONTRACT §4 gives a sources-needed answer, probabilities to 4 decimals."""
    return {
        "sources": sources,
        "probability": round(probability, 4),
        "threshold": round(threshold, 4),
        "turn": turn,
        "games": games,
    }


@dataclass(frozen=True, slots=True)
class _Query:
    """One cost asked of the Karsten games: castable by ``turn`` with ``pips`` good lands, given ``lands``."""

    turn: int
    pips: int
    lands: int


def _one_color(cost: ManaCost) -> tuple[ManaType | None, int]:
    """The one type of mana a cost's pips ask for and how many pips; raises when it is not that simple."""
    kinds: set[ManaType] = set()
    pips = 0
    for symbol in cost.symbols:
        if symbol.kind in (SymbolKind.GENERIC, SymbolKind.VARIABLE):
            continue
        if symbol.kind is SymbolKind.COLORED:
            kinds.add(ManaType(symbol.colors.mask))
        elif symbol.kind is SymbolKind.COLORLESS:
            kinds.add(ManaType.C)
        else:
            raise InputError(
                f"the cost {cost} has the symbol {symbol}: give the lands by what they make, "
                "e.g. --land-mix W=8,U=8,WU=9"
            )
        pips += 1
    if len(kinds) > 1:
        letters = "".join(t.letter for t in TYPE_ORDER if t in kinds)
        raise InputError(
            f"the cost {cost} needs {len(kinds)} types of mana ({letters}): give the lands by what they "
            f"make, e.g. --land-mix {','.join(f'{t}=8' for t in letters)}"
        )
    return (next(iter(kinds)) if kinds else None), pips


def _check_deck(deck_size: int, lands: int, turn: int, commander: bool, games: int) -> int:
    """Validate the deck and the turn; returns the draws made by that turn."""
    if deck_size < HAND_SIZE + 1:
        raise InputError(f"the deck must have more than {HAND_SIZE} cards, got {deck_size}")
    within(deck_size, MAX_DECK_CARDS, "the deck size")
    within(turn, MAX_TURN, "the turn")
    within(games, MAX_GAMES, "the number of games")
    if not 0 <= lands <= deck_size:
        raise InputError(f"the lands must be between 0 and the deck size ({deck_size}), got {lands}")
    if turn < 1:
        raise InputError(f"the turn must be at least 1, got {turn}")
    if games < 1:
        raise InputError(f"the number of games must be at least 1, got {games}")
    draws = turn - 1 + (1 if commander else 0)
    if HAND_SIZE + draws > deck_size:
        raise InputError(f"a {deck_size}-card deck runs out of cards before turn {turn}")
    return draws


def _karsten(
    deck_size: int,
    lands: int,
    queries: Sequence[_Query],
    *,
    games: int,
    seed: int,
    commander: bool,
    progress: Progress | None,
    london: bool = True,
) -> list[tuple[int, Ints]]:
    """For each query: the games counted, and the histogram of the label that decides castability.

    Castable with K good lands exactly when that label is below K (label ``lands`` means never; a query
    without pips is castable in every counted game, recorded as label -1 in slot 0 shifted by one).
    """
    draws_for = {q.turn: _check_deck(deck_size, lands, q.turn, commander, games) for q in queries}
    stages = mulligan_stages(commander=commander, london=london)
    most = max(draws_for.values())
    counted = [0] * len(queries)
    histograms = [np.zeros(lands + 2, dtype=np.int64) for _ in queries]
    for batch, size in _batches(games):
        deal = _deal(deck_size, lands, stages, most, size, seed, batch)
        for turn in sorted(draws_for):
            seen_lands, seen = _seen(deal, draws_for[turn], lands)
            for index, query in enumerate(queries):
                if query.turn != turn:
                    continue
                counts = seen_lands >= query.lands
                counted[index] += int(np.count_nonzero(counts))
                if query.pips == 0:
                    decisive = np.full(int(np.count_nonzero(counts)), -1, dtype=np.int64)
                elif query.pips <= seen.shape[1]:
                    decisive = seen[counts, query.pips - 1].astype(np.int64)
                else:
                    decisive = np.full(int(np.count_nonzero(counts)), lands, dtype=np.int64)
                histograms[index] += np.bincount(decisive + 1, minlength=lands + 2)
        if progress is not None:
            progress(size)
    return list(zip(counted, histograms, strict=True))


def _answer(
    query: _Query, counted: int, histogram: Ints, threshold: Fraction, games: int, cost: str
) -> SourcesAnswer:
    if counted == 0:
        raise InputError(
            f"no game saw {query.lands} lands by turn {query.turn}: there are too few lands for this cost"
        )
    hits = np.cumsum(histogram)  # hits[k] = games castable with k good lands (label < k)
    lands = histogram.shape[0] - 2
    sources = next(
        k for k in range(lands + 1) if hits[k] * threshold.denominator >= threshold.numerator * counted
    )
    curve = tuple(float(hits[k]) / counted for k in range(lands + 1))
    return SourcesAnswer(
        sources=sources,
        probability=curve[sources],
        threshold=float(threshold),
        turn=query.turn,
        games=games,
        cost=cost,
        mana_value=query.lands,
        pips=query.pips,
        counted=counted,
        curve=curve,
    )


def _threshold(given: float | None, mana_value: int) -> Fraction:
    if given is None:
        return default_threshold(mana_value)
    if not 0 < given <= 1:
        raise InputError(f"the threshold must be a probability in (0, 1] (e.g. 0.9), got {given}")
    return Fraction(given).limit_denominator(1_000_000)


def _turn(turn: int | None, cost: ManaCost) -> int:
    """The turn asked for, or by default the cost's mana value (at least 1); turn 0 is no default.

    >>> _turn(None, ManaCost.parse("{1}{G}{G}")), _turn(2, ManaCost.parse("{1}{G}{G}"))
    (3, 2)
    """
    if turn is None:
        return max(cost.mana_value, 1)
    if turn < 1:
        raise InputError(f"the turn must be at least 1, got {turn}")
    return turn


def sources_needed(
    deck_size: int,
    lands: int,
    cost: ManaCost | str,
    *,
    turn: int | None = None,
    games: int = DEFAULT_GAMES,
    seed: int = DEFAULT_SEED,
    threshold: float | None = None,
    commander: bool = False,
    progress: Progress | None = None,
) -> SourcesAnswer:
    """The fewest lands making the cost's color that cast it on ``turn`` (default: its mana value) often
    enough, under Karsten's methodology (module docstring); with the probability they reach.

    >>> answer = sources_needed(60, 24, "{1}{G}{G}", games=20_000, seed=1)
    >>> answer.sources, answer.turn, answer.threshold, answer.probability >= 0.92
    (18, 3, 0.92, True)
    """
    cost = ManaCost.parse(cost) if isinstance(cost, str) else cost
    _, pips = _one_color(cost)
    query = _Query(_turn(turn, cost), pips, cost.mana_value)
    ((counted, histogram),) = _karsten(
        deck_size, lands, [query], games=games, seed=seed, commander=commander, progress=progress
    )
    return _answer(query, counted, histogram, _threshold(threshold, cost.mana_value), games, str(cost))


def sources_table(
    deck_size: int,
    lands: int,
    *,
    games: int = DEFAULT_GAMES,
    seed: int = DEFAULT_SEED,
    threshold: float | None = None,
    commander: bool = False,
    progress: Progress | None = None,
) -> tuple[SourcesAnswer, ...]:
    """Karsten's whole table (:data:`TABLE_SHAPES`) for this deck, each cost on its own turn, from one set of
    games: every row equals :func:`sources_needed` for that cost with the same seed.

    >>> rows = sources_table(60, 25, games=5_000, seed=3)
    >>> [(row.shape, row.sources) for row in rows[:2]] == [
    ...     ("C", sources_needed(60, 25, "G", games=5_000, seed=3).sources),
    ...     ("1C", sources_needed(60, 25, "1G", games=5_000, seed=3).sources)]
    True
    """
    costs = [ManaCost.parse(shape.replace("C", "G")) for shape in TABLE_SHAPES]
    queries = [_Query(max(c.mana_value, 1), _one_color(c)[1], c.mana_value) for c in costs]
    results = _karsten(
        deck_size, lands, queries, games=games, seed=seed, commander=commander, progress=progress
    )
    rows = []
    for shape, cost, query, (counted, histogram) in zip(TABLE_SHAPES, costs, queries, results, strict=True):
        answer = _answer(query, counted, histogram, _threshold(threshold, cost.mana_value), games, str(cost))
        rows.append(replace(answer, shape=shape))
    return tuple(rows)


# --------------------------------------------------------------------------------------------------------
# Land mixes: costs with several colors or hybrid symbols


def parse_land_mix(text: str) -> dict[ManaTypes, int]:
    """Read a land mix such as ``W=8,U=8,WU=9``: how many lands make each set of types (one mana a tap).

    >>> {str(types): count for types, count in parse_land_mix("W=8, u=8, UW=9").items()}
    {'W': 8, 'U': 8, 'WU': 9}
    """
    mix: dict[ManaTypes, int] = {}
    for part in text.split(","):
        part = part.strip()
        if not part:
            continue
        name, equals, number = part.partition("=")
        letters = name.strip()
        if not equals or not letters or not re.fullmatch(r"[0-9]+", number.strip()):
            raise InputError(
                f"bad land mix part {shortened(part)!r} in {shortened(text)!r}: write TYPES=COUNT, e.g. "
                "W=8,U=8,WU=9"
            )
        if len(number.strip()) > len(str(MAX_DECK_CARDS)) or int(number) > MAX_DECK_CARDS:
            raise InputError(
                f"land mix {shortened(text)!r}: {letters}={shortened(number.strip(), 12)} is more "
                f"than the deck size limit of {MAX_DECK_CARDS}"
            )
        try:
            types = ManaTypes.parse(letters)
        except InputError:
            raise InputError(
                f"bad land mix part {part!r} in {text!r}: types are letters of WUBRGC, e.g. WU=9"
            ) from None
        if types in mix:
            raise InputError(f"bad land mix {text!r}: {types} is given twice")
        mix[types] = int(number)
    if not mix:
        raise InputError(f"empty land mix {text!r}: write TYPES=COUNT, e.g. W=8,U=8,WU=9")
    return mix


@dataclass(kw_only=True, frozen=True, slots=True)
class MixAnswer:
    """How often a given mix of lands casts a cost on its turn, under Karsten's methodology."""

    probability: float
    threshold: float
    turn: int
    games: int
    cost: str
    land_mix: tuple[tuple[str, int], ...]
    lands: int
    counted: int

    @property
    def meets_threshold(self) -> bool:
        """True when the probability reaches the threshold."""
        return self.probability >= self.threshold

    @property
    def sources(self) -> dict[str, int]:
        """How many lands make each color (and colorless) of the mix: the sources as deck builders count."""
        counts: dict[str, int] = {}
        for letters, count in self.land_mix:
            for letter in letters:
                counts[letter] = counts.get(letter, 0) + count
        return {t.letter: counts[t.letter] for t in TYPE_ORDER if t.letter in counts}

    def to_json(self) -> dict[str, object]:
        """The JSON object: CONTRACT §4's keys, with ``sources`` per color, and the mix."""
        return {
            **_answer_json(self.sources, self.probability, self.threshold, self.turn, self.games),
            "land_mix": dict(self.land_mix),
            "meets_threshold": self.meets_threshold,
        }


def _sub_costs(cost: ManaCost) -> list[ManaCost]:
    """Every distinct part of a cost's non-generic symbols, to score how much of it some lands can pay."""
    symbols = [s for s in cost.symbols if s.kind not in (SymbolKind.GENERIC, SymbolKind.VARIABLE)]
    parts: dict[ManaCost, None] = {}
    for size in range(1, len(symbols) + 1):
        for chosen in itertools.combinations(symbols, size):
            parts[ManaCost(tuple(chosen))] = None
    return list(parts)


def _bottom_worst(
    counts: Ints, bottom: Ints, value: Callable[[Ints, Ints], Ints], order: Sequence[int]
) -> Ints:
    """Put ``bottom[g]`` lands of game ``g`` on the bottom, one at a time, each time the one whose loss keeps
    ``value(games, remaining land counts)`` highest; ties go to the kind that comes first in ``order``."""
    counts = counts.copy()
    for step in range(int(bottom.max(initial=0))):
        active = np.flatnonzero(bottom > step)
        best = np.full(active.shape[0], -1, dtype=np.int64)
        choice = np.zeros(active.shape[0], dtype=np.int64)
        for kind in order:
            has = np.flatnonzero(counts[active, kind] > 0)
            trial = counts[active[has]].copy()
            trial[:, kind] -= 1
            score = value(active[has], trial)
            better = score > best[has]
            best[has[better]] = score[better]
            choice[has[better]] = kind
        counts[active, choice] -= 1
    return counts


def land_mix_probability(
    deck_size: int,
    lands: int,
    cost: ManaCost | str,
    land_mix: dict[ManaTypes, int],
    *,
    turn: int | None = None,
    games: int = DEFAULT_GAMES,
    seed: int = DEFAULT_SEED,
    threshold: float | None = None,
    commander: bool = False,
    progress: Progress | None = None,
) -> MixAnswer:
    """How often lands given by what they make cast ``cost`` on ``turn``, under Karsten's methodology.

    The lands not in the mix make one mana of a type the cost does not ask for. Castability is decided
    exactly by the batch check (:func:`planner.sim.batch.castable`): a dual pays one pip of either of its
    colors,
    never two. When lands go to the bottom, the land whose loss leaves the most of the cost's colored part
    payable goes first; on ties, the land making fewer types.

    >>> mix = parse_land_mix("W=8,U=8,WU=9")
    >>> answer = land_mix_probability(60, 25, "{1}{W}{U}", mix, games=20_000, seed=1)
    >>> answer.turn, answer.sources, 0.95 < answer.probability < 0.99
    (3, {'W': 17, 'U': 17}, True)
    """
    cost = ManaCost.parse(cost) if isinstance(cost, str) else cost
    in_mix = sum(land_mix.values())
    if in_mix > lands:
        raise InputError(f"the land mix has {in_mix} lands but the deck has {lands}")
    turn = _turn(turn, cost)
    draws = _check_deck(deck_size, lands, turn, commander, games)
    kinds = [types.mask for types in land_mix] + [_useless_type(cost)]
    sizes = [*land_mix.values(), lands - in_mix]
    kind_of = np.repeat(np.arange(len(kinds)), sizes)
    parts = _sub_costs(cost)
    oracle = _Castability(kinds, [cost, *parts])
    fewest_types_first = sorted(range(len(kinds)), key=lambda k: (kinds[k].bit_count(), -k))

    def value(_: Ints, counts: Ints) -> Ints:
        scores: Ints = oracle.payable(counts)[:, 1:].sum(axis=1)
        return scores

    stages = mulligan_stages(commander=commander)
    counted = hits = 0
    for batch, size in _batches(games):
        deal = _deal(deck_size, lands, stages, draws, size, seed, batch)
        positions = np.arange(deal.labels.shape[1])
        met = kind_of[deal.labels]
        hand = _kind_counts(met, positions < deal.hand_lands[:, None], len(kinds))
        kept = _bottom_worst(hand, deal.bottomed, value, fewest_types_first)
        met_by_then = (deal.hand_lands + deal.drawn[draws])[:, None]
        after = (positions >= deal.hand_lands[:, None]) & (positions < met_by_then)
        seen = kept + _kind_counts(met, after, len(kinds))
        counts = seen.sum(axis=1) >= cost.mana_value
        counted += int(np.count_nonzero(counts))
        hits += int(np.count_nonzero(oracle.payable(seen[counts])[:, 0]))
        if progress is not None:
            progress(size)
    if counted == 0:
        raise InputError(f"no game saw {cost.mana_value} lands by turn {turn}: there are too few lands")
    return MixAnswer(
        probability=hits / counted,
        threshold=float(_threshold(threshold, cost.mana_value)),
        turn=turn,
        games=games,
        cost=str(cost),
        land_mix=tuple((str(types), count) for types, count in land_mix.items()),
        lands=lands,
        counted=counted,
    )


def _useless_type(cost: ManaCost) -> int:
    """The mask of a type of mana that pays none of the cost's symbols except generic ones."""
    asked = ManaTypes()
    for symbol in cost.symbols:
        asked |= symbol.colors
        if symbol.kind in (SymbolKind.COLORLESS, SymbolKind.COLORLESS_HYBRID):
            asked |= ManaTypes.parse("C")
    spare = [t for t in (*TYPE_ORDER[5:], *TYPE_ORDER[:5]) if t not in asked]
    return int(spare[0]) if spare else int(ManaType.C)


def _kind_counts(kinds: Ints, where: Bools, number: int) -> Ints:
    """Per row, how many of the marked cells hold each kind (0 … number - 1)."""
    rows = np.broadcast_to(np.arange(kinds.shape[0])[:, None], kinds.shape)
    flat = (rows * number + kinds)[where]
    return np.bincount(flat, minlength=kinds.shape[0] * number).reshape(kinds.shape[0], number)


# --------------------------------------------------------------------------------------------------------
# Goldfishing deck lists: what each land is, as the simulation sees it


class Entry(Enum):
    """How a land enters the battlefield, read from its Oracle text."""

    UNTAPPED = "untapped"
    TAPPED = "tapped"  # "This land enters tapped."
    SHOCK = "shock"  # "you may pay 2 life. If you don't, it enters tapped."
    CHECK = "check"  # "enters tapped unless you control a Plains or an Island."
    FAST = "fast"  # "enters tapped unless you control two or fewer other lands."
    SLOW = "slow"  # "enters tapped unless you control two or more other lands."
    SICK = "sick"  # a land creature: summoning sick on its first turn (CR 302.6)


@dataclass(kw_only=True, frozen=True, slots=True)
class LandProfile:
    """What a land is to the goldfish: the sources it adds (one type mask per mana a tap makes), how it
    enters, its basic land types, whether its mana can cost life, and what of it is not modelled."""

    sources: tuple[int, ...]
    entry: Entry = Entry.UNTAPPED
    untapped_with: frozenset[str] = frozenset()
    land_types: frozenset[str] = frozenset()
    painful: bool = False
    shock_life: int = 0
    notes: tuple[str, ...] = ()
    search: LandSearch | None = None  # a fetchland's search (it finds a land of the library when played)
    basic: bool = False  # a basic land (what "search for a basic land card" finds)

    def finds(self, other: LandProfile) -> bool:
        """Whether this land's search can find the land ``other`` (CR 701.23: a land card of one of the named
        types, or a basic land card)."""
        search = self.search
        if search is None or other.search is not None:
            return False
        return other.basic if search.basic else bool(set(search.types) & other.land_types)

    @property
    def types(self) -> int:
        """Every type its mana can be, as one mask."""
        union = 0
        for mask in self.sources:
            union |= mask
        return union


def land_profile(card: CardData, commander_colors: ManaTypes | None = None) -> LandProfile:
    """How the simulation plays a catalogue land: its sources are its mana abilities that tap for a fixed
    amount of mana from a fixed set of types (abilities with mana costs, restrictions, conditions or
    board-dependent amounts are left out and said so in ``notes``); how it enters comes from its Oracle
    text as the parser reads it (:class:`~models.oracle.Entering`).

    >>> from models.catalogue import lookup
    >>> fountain = land_profile(lookup("Hallowed Fountain"))
    >>> fountain.sources, fountain.entry, sorted(fountain.land_types), fountain.shock_life
    ((3,), <Entry.SHOCK: 'shock'>, ['Island', 'Plains'], 2)
    >>> profile = land_profile(lookup("Azorius Chancery"))
    >>> profile.sources, profile.entry, profile.notes
    ((1, 2), <Entry.TAPPED: 'tapped'>, ('Azorius Chancery: returning a land to hand is not modelled',))
    """
    view = card_view(Permanent.of_card(card, CARD_ID, CARD_CONTROLLER), commander_colors)
    notes: list[str] = []
    options: list[tuple[int, ...]] = []
    painful = any(isinstance(effect, TapDamage) for effect in view.parsed[CARD_ID].effects)
    notes += [  # (set aside by the view: a deck's card has exiled nothing yet)
        f"{card.name}: '{ability.text}' is not counted (the card it exiles is chosen in the game)"
        for ability in view.parsed[CARD_ID].mana_abilities
        if reads_imprinted_colors(ability)
    ]
    for ability in view.mana_abilities(CARD_ID):
        made, why = _ability_sources(ability, commander_colors)
        if why:
            notes.append(f"{card.name}: '{ability.text}' is not counted ({why})")
            continue
        if ability.conditional:
            notes.append(f"{card.name}: only the usual output of '{ability.text}' is counted")
        options.append(made)
        painful |= bool(ability.self_damage or ability.life_loss or ability.cost.life)
    if not options:
        sources: tuple[int, ...] = ()
    elif all(len(option) == 1 for option in options):
        union = 0
        for (mask,) in options:
            union |= mask
        sources = (union,)
    else:
        sources = max(options, key=len)
        if len(options) > 1:
            notes.append(f"{card.name}: only its ability making the most mana is counted")
    entering = view.parsed[CARD_ID].entering or Entering()
    entry, untapped_with, shock_life = Entry.UNTAPPED, frozenset[str](), 0
    if entering.unless_life:
        entry, shock_life = Entry.SHOCK, entering.unless_life
    elif entering.unless_control:
        entry, untapped_with = Entry.CHECK, frozenset(entering.unless_control)
    elif entering.unless_other_lands == 2:
        entry = Entry.FAST
    elif entering.unless_at_least_lands == 2:
        entry = Entry.SLOW
    elif entering.tapped:
        entry = Entry.TAPPED
        if entering.unless or entering.unless_other_lands is not None or entering.unless_at_least_lands:
            notes.append(f"{card.name}: its condition to enter untapped is not modelled (it enters tapped)")
    elif view.type_line(CARD_ID).is_a("Creature"):
        entry = Entry.SICK
    if entering.returns_land:
        notes.append(f"{card.name}: returning a land to hand is not modelled")
    search = parse_land_search(card.oracle, card.name)
    if not sources and search is None and not notes:
        notes.append(f"{card.name}: it makes no mana the simulation counts (played as a land adding none)")
    return LandProfile(
        sources=sources,
        entry=entry,
        untapped_with=untapped_with,
        land_types=frozenset(view.type_line(CARD_ID).basic_land_types),
        painful=painful,
        shock_life=shock_life,
        notes=tuple(notes),
        search=search,
        basic=view.type_line(CARD_ID).is_a("Basic"),
    )


def _ability_sources(ability: ManaAbility, commander_colors: ManaTypes | None) -> tuple[tuple[int, ...], str]:
    """The source masks one activation adds, or why the ability is left out."""
    cost, output = ability.cost, ability.output
    if cost.mana or cost.untap or cost.sacrifice is not None or cost.tap_others is not None:
        return (), "its cost needs more than tapping it"
    if ability.restriction is not None:
        return (), "its mana is restricted"
    if ability.activation_condition is not None:
        return (), "it needs a condition"
    if not output.amount.is_constant:
        return (), "its amount depends on the board"
    times = output.amount.constant
    if output.kind is OutputKind.FIXED:
        return tuple(int(t) for t in output.options[0].units()) * times, ""
    if output.kind is OutputKind.CHOICE and all(option.total == 1 for option in output.options):
        union = 0
        for option in output.options:
            union |= ManaTypes.of(option.units()).mask
        return (union,) * times, ""
    if output.kind is OutputKind.ANY_ONE and times == 1 and output.palette.kind is PaletteKind.TYPES:
        return (output.palette.types.mask,), ""
    if output.kind is OutputKind.ANY_ONE and times == 1 and output.palette.kind is PaletteKind.COMMANDER:
        if not commander_colors:
            return (), "there is no commander, or it has no colors"
        return (commander_colors.mask & output.palette.types.mask,), ""
    return (), "its output depends on choices or the board"


# --------------------------------------------------------------------------------------------------------
# Goldfishing deck lists: the games

#: Games per goldfish batch (smaller than :data:`BATCH`: a game carries its whole hand).
GOLDFISH_BATCH: Final = 1 << 15
COMMANDER_LIFE: Final = 40
_BASIC_TYPES: Final = tuple(BASIC_LAND_TYPES)


@dataclass(kw_only=True, frozen=True, slots=True)
class CardOdds:
    """How castable one nonland card is in the goldfish.

    ``by_turn[i]`` is the probability that the untapped lands on turn ``turns[i]`` can pay its cost (None
    for a card without a mana cost). On curve is its mana value's turn (turn 1 for a zero-drop):
    ``on_curve`` as ``by_turn``; ``on_curve_given_land_drops`` among the games that made every land drop
    until then (Karsten's measure); ``on_curve_in_hand`` that a copy is in hand then and castable.
    """

    name: str
    copies: int
    cost: str | None
    mana_value: int
    commander: bool
    by_turn: tuple[float | None, ...]
    on_curve: float | None
    on_curve_given_land_drops: float | None
    on_curve_in_hand: float | None
    cast_on_curve: float | None = None  # (the turn planner's goldfish: a copy was cast on curve)
    # the hand-driven figures: castable with the lands the game actually played for its hand
    by_turn_as_played: tuple[float | None, ...] = ()
    on_curve_as_played: float | None = None

    @property
    def curve_turn(self) -> int:
        """The turn its mana value says it is cast on."""
        return max(1, self.mana_value)


@dataclass(kw_only=True, frozen=True, slots=True)
class GoldfishResult:
    """The goldfish report of a deck list: each nonland card's odds, and how the games went."""

    games: int
    seed: int
    turns: tuple[int, ...]
    on_the_draw: bool
    mulligan: str
    deck_size: int
    lands: int
    commanders: tuple[str, ...]
    cards: tuple[CardOdds, ...]
    ignored_sources: tuple[str, ...]
    notes: tuple[str, ...]
    kept_sizes: tuple[tuple[int, float], ...]
    life_paid: float

    def to_json(self) -> dict[str, object]:
        """The JSON object of CONTRACT §4 (``games``, ``seed``, ``cards``: name → turn → probability), plus
        the on-curve measures per card and how the games went."""

        def rounded(value: float | None) -> float | None:
            return None if value is None else round(value, 4)

        return {
            "games": self.games,
            "seed": self.seed,
            "cards": {
                card.name: {str(turn): rounded(p) for turn, p in zip(self.turns, card.by_turn, strict=True)}
                for card in self.cards
            },
            "on_curve": {card.name: rounded(card.on_curve) for card in self.cards},
            "on_curve_given_land_drops": {
                card.name: rounded(card.on_curve_given_land_drops) for card in self.cards
            },
            "on_curve_in_hand": {card.name: rounded(card.on_curve_in_hand) for card in self.cards},
            "cards_as_played": {
                card.name: {
                    str(turn): rounded(p) for turn, p in zip(self.turns, card.by_turn_as_played, strict=True)
                }
                for card in self.cards
                if card.by_turn_as_played
            },
            "on_curve_as_played": {card.name: rounded(card.on_curve_as_played) for card in self.cards},
            **(
                {"cast_on_curve": {card.name: rounded(card.cast_on_curve) for card in self.cards}}
                if any(card.cast_on_curve is not None for card in self.cards)
                else {}
            ),
            "turns": list(self.turns),
            "draw": self.on_the_draw,
            "mulligan": self.mulligan,
            "deck": {"cards": self.deck_size, "lands": self.lands, "commanders": list(self.commanders)},
            "kept_hand_sizes": {str(size): round(share, 4) for size, share in self.kept_sizes},
            "average_life_paid_for_lands": round(self.life_paid, 3),
            "ignored_sources": list(self.ignored_sources),
            "notes": list(self.notes),
        }


@dataclass(frozen=True, slots=True)
class _Spell:
    name: str
    copies: int
    cost: ManaCost | None
    commander: bool


class _Goldfish:
    """The fixed tables of one deck's goldfish: land classes, spells, costs and the castability oracle."""

    def __init__(self, deck: Deck) -> None:
        self.commander_colors = commander_colors(deck)
        groups: dict[LandProfile, list[tuple[str, int]]] = {}
        notes: list[str] = []
        for card in deck.cards:
            if card.is_land and card.card is not None:
                profile = land_profile(card.card, self.commander_colors)
                notes.extend(profile.notes)
                groups.setdefault(replace(profile, notes=()), []).append((card.name, card.count))
        self.classes = list(groups)
        self.class_names = [", ".join(name for name, _ in members) for members in groups.values()]
        self.class_copies = [sum(count for _, count in members) for members in groups.values()]
        self.notes = tuple(dict.fromkeys(notes))
        self.spells = [_Spell(c.name, c.count, c.cost, False) for c in deck.spells] + [
            _Spell(c.name, 0, c.cost, True) for c in deck.commanders
        ]
        self.land_kinds = len(self.classes)
        self.library_spells = len(deck.spells)
        # a fetchland's targets: the classes it can find; in hand it counts as one source of any of their
        # types (for the mulligan's choices: it never stays in play, the land it finds does)
        self.targets = [
            [t for t, other in enumerate(self.classes) if profile.finds(other)] for profile in self.classes
        ]
        self.fetches = [c for c, profile in enumerate(self.classes) if profile.search is not None]
        for kind in self.fetches:
            if not self.targets[kind]:
                self.notes += (f"{self.class_names[kind]}: its search finds no land of this deck",)
        sources = [self._sources(c) for c in range(self.land_kinds)]
        masks = sorted({mask for made in sources for mask in made if mask}) or [0]
        self.class_sources = np.array(
            [[made.count(mask) for mask in masks] for made in sources], dtype=np.int64
        ).reshape(len(self.classes), len(masks))
        costs: dict[ManaCost, None] = {}
        for spell in self.spells:
            if spell.cost is not None:
                costs[spell.cost] = None
        spell_costs = list(costs)
        parts: dict[ManaCost, None] = {}
        for cost in spell_costs:
            for part in _sub_costs(cost):
                parts.setdefault(part, None)
        self.costs = spell_costs + [part for part in parts if part not in costs]
        index = {cost: i for i, cost in enumerate(self.costs)}
        never = len(self.costs)
        self.cost_column = np.array(
            [index[s.cost] if s.cost is not None else never for s in self.spells], dtype=np.int64
        )
        self.cover = np.zeros((len(self.costs) + 1, len(self.spells)), dtype=np.float32)
        self.full_part = np.full(len(self.spells), -1)
        for column, spell in enumerate(self.spells):
            if spell.cost is None:
                continue
            spell_parts = _sub_costs(spell.cost)
            for part in spell_parts:
                self.cover[index[part], column] = 1
            if spell_parts:
                self.full_part[column] = index[spell_parts[-1]]
        self.oracle = _Castability(masks, self.costs)
        self.copies = np.array([s.copies for s in self.spells], dtype=np.int64)
        self.mana_values = np.array([s.cost.mana_value if s.cost else 0 for s in self.spells], dtype=np.int64)
        self.deck_ids = np.repeat(
            np.arange(self.land_kinds + self.library_spells, dtype=np.int16),
            [*self.class_copies, *(s.copies for s in self.spells[: self.library_spells])],
        )
        self.entries = [profile.entry for profile in self.classes]
        self.untapped_always = np.array([e is Entry.UNTAPPED for e in self.entries], dtype=np.int64)
        self.class_types = np.array(
            [[t in p.land_types for t in _BASIC_TYPES] for p in self.classes], dtype=np.int64
        ).reshape(len(self.classes), len(_BASIC_TYPES))
        self.needs = [np.array([t in p.untapped_with for t in _BASIC_TYPES]) for p in self.classes]
        self.tie_order = sorted(
            range(self.land_kinds),
            key=lambda c: (self.classes[c].entry is Entry.UNTAPPED, self.classes[c].types.bit_count(), c),
        )

    def _sources(self, kind: int) -> tuple[int, ...]:
        """The sources a land class counts as: its own, or for a fetchland one of its targets' types."""
        if self.classes[kind].search is None:
            return self.classes[kind].sources
        union = 0
        for target in self.targets[kind]:
            union |= self.classes[target].types
        return (union,) if union else ()

    # ---- castability of land states

    def ask(self, lands: Ints, life: Ints) -> tuple[Bools, Ints]:
        """For land class counts: which spells the lands (all untapped) can pay with that life, and how many
        parts of each spell's colored pips they cover (life not used)."""
        table, inverse = self.oracle.states(lands @ self.class_sources)
        never = np.full((table.shape[0], 1), _Castability._NEVER, dtype=np.int16)
        full = np.concatenate([table, never], axis=1)
        cover = ((full == 0).astype(np.float32) @ self.cover).astype(np.int64)
        payable: Bools = full[:, self.cost_column][inverse] <= life[:, None]
        return payable, cover[inverse]

    # ---- mulligans

    def bottom_lands(self, hand: Ints, bottom: Ints) -> Ints:
        """Put lands on the bottom: each time the land whose loss leaves the most of the hand's colored pips
        payable (then the deck's), keeping untapped lands over taplands."""
        spells = hand[:, self.land_kinds :]
        zero_life = np.zeros(hand.shape[0], dtype=np.int64)

        def value(rows: Ints, lands: Ints) -> Ints:
            _, cover = self.ask(lands, zero_life[rows])
            in_hand = np.minimum((cover * spells[rows]).sum(axis=1), 255)
            in_deck = np.minimum(cover @ self.copies, (1 << 18) - 1)
            untapped = np.minimum(lands @ self.untapped_always, 63)
            scores: Ints = (in_hand << 24) + (in_deck << 6) + untapped
            return scores

        lands = _bottom_worst(hand[:, : self.land_kinds], bottom, value, self.tie_order)
        return np.concatenate([lands, spells], axis=1)

    def bottom_spells(self, hand: Ints, bottom: Ints) -> Ints:
        """Put spells on the bottom: first those whose colored pips the kept lands can't pay, then the most
        expensive."""
        hand = hand.copy()
        lands = hand[:, : self.land_kinds]
        needed = self.oracle.life_needed(lands @ self.class_sources)
        covered = np.ones((hand.shape[0], self.library_spells), dtype=np.bool_)
        for column in range(self.library_spells):
            if self.full_part[column] >= 0:
                covered[:, column] = needed[:, self.full_part[column]] == 0
            elif self.spells[column].cost is None:
                covered[:, column] = False
        key = (~covered) * 1000 + np.minimum(self.mana_values[: self.library_spells], 999)
        spells = hand[:, self.land_kinds : self.land_kinds + self.library_spells]
        for step in range(int(bottom.max(initial=0))):
            rows = np.flatnonzero(bottom > step)
            ranked = np.where(spells[rows] > 0, key[rows], -1)
            spells[rows, ranked.argmax(axis=1)] -= 1
        return hand

    # ---- land drops

    def enters_untapped(self, kind: int, lands: Ints, paid: bool) -> Bools:
        """Whether a land of this class enters untapped next to these lands (rows of class counts)."""
        entry = self.entries[kind]
        rows = lands.shape[0]
        if entry is Entry.UNTAPPED:
            return np.ones(rows, dtype=np.bool_)
        if entry is Entry.SHOCK:
            return np.full(rows, paid)
        if entry is Entry.CHECK:
            checked: Bools = np.any((lands @ self.class_types)[:, self.needs[kind]] > 0, axis=1)
            return checked
        if entry is Entry.FAST:
            few: Bools = lands.sum(axis=1) <= 2
            return few
        if entry is Entry.SLOW:
            many: Bools = lands.sum(axis=1) >= 2
            return many
        return np.zeros(rows, dtype=np.bool_)


def _partial_shuffle(
    cards: npt.NDArray[np.int16], games: int, depth: int, rng: np.random.Generator
) -> npt.NDArray[np.int16]:
    """The first ``depth`` cards of a random order of ``cards``, for each of ``games`` games."""
    size = cards.shape[0]
    order = np.tile(cards, (games, 1))
    flat = order.reshape(-1)
    base = np.arange(games, dtype=np.int64) * size
    for j in range(min(depth, size - 1)):
        picked = base + rng.integers(j, size, size=games)
        here = base + j
        chosen = flat[picked]
        flat[picked] = flat[here]
        flat[here] = chosen
    return np.ascontiguousarray(order[:, :depth])


def played_as_land(deck: Deck) -> tuple[Deck, tuple[str, ...]]:
    """The deck as the goldfish plays it: a modal double-faced card (Scryfall layout ``modal_dfc``) whose
    front is a spell and whose back is a land counts as that land (a land source, with the land face's
    abilities and how it enters), and its spell face is not reported; a note says so for each such card.
    A transforming card's land back (Search for Azcanta) can't be played from the hand and stays a spell.

    >>> from models.carddata.faces import CardFace
    >>> spell = CardFace(name="Wake", card_name="Wake // Crypt", face_index=0, type_line="Sorcery",
    ...     mana_cost="{X}{B}{B}", layout="modal_dfc")
    >>> land = CardFace(name="Crypt", card_name="Wake // Crypt", face_index=1, type_line="Land",
    ...     mana_cost="", oracle="{T}: Add {B}.", layout="modal_dfc")
    >>> played, notes = played_as_land(Deck("d", (DeckCard(name="Wake // Crypt", count=4, lines=(1,),
    ...     card=None, cost=None, is_land=False,
    ...                                                     faces=(spell, land)),)))
    >>> played.lands, played.cards[0].card.name, notes
    (4, 'Crypt', ('Wake // Crypt is played as its land face, Crypt (its spell face is not counted)',))
    """
    cards: list[DeckCard] = []
    notes: list[str] = []
    for card in deck.cards:
        face = card.land_face
        if card.is_land or face is None or face.layout != "modal_dfc":
            cards.append(card)
            continue
        data = CardData(
            name=face.name,
            type_line=face.type_line,
            oracle=face.oracle,
            mana_cost=None,
            color_indicator=face.color_indicator or None,
        )
        cards.append(replace(card, card=data, cost=None, is_land=True))
        notes.append(f"{card.name} is played as its land face, {face.name} (its spell face is not counted)")
    if not notes:
        return deck, ()
    return replace(deck, cards=tuple(cards)), tuple(notes)


def goldfish(
    deck: Deck,
    *,
    turns: tuple[int, int] = (1, 7),
    games: int = DEFAULT_GOLDFISH_GAMES,
    seed: int = DEFAULT_SEED,
    on_the_draw: bool = False,
    mulligan: str = "london",
    progress: Progress | None = None,
    ramp: str = "planner",
    min_x: int = 1,  # DEFAULT_MIN_X
) -> GoldfishResult:
    """Goldfish a deck list: how often each nonland card is castable, turn by turn.

    With ``ramp="planner"`` (the default) each turn is planned by the turn planner's search
    (:func:`planner.sim.planned.goldfish_planned`): rocks, mana creatures and rituals count, and the report
    adds how often each card was actually cast on curve. With ``ramp="none"`` only lands are sources, as
    below. Spells with X are counted with X = ``min_x`` (default 1: a spell cast for X = 0 rarely does
    anything), their mana value too.

    Each game shuffles, mulligans as Karsten does (:data:`LONDON`; a Commander deck has the free first
    mulligan and draws on turn 1; ``mulligan="none"`` keeps seven), draws, and plays one land a turn: the land
    that makes the most cards in hand castable now, then next turn, then covers the most colored pips of the
    hand and of the deck, preferring to play a tapland when it costs nothing and avoiding life payments; a
    shockland is paid for only when that casts more now. Each turn it records, for every nonland card
    (whether in hand or not), whether the untapped lands could pay its cost, exactly as the planner would
    (the batch check, :func:`planner.sim.batch.castable`). Only lands are sources: mana creatures and rocks
    are
    listed in ``ignored_sources``.

    >>> from models.decklist import parse_deck
    >>> deck = parse_deck("12 Plains\\n12 Island\\n18 Wall {1}{W}\\n18 Wave {U}{U}")
    >>> result = goldfish(deck, turns=(1, 3), games=2_000, seed=1)
    >>> [card.name for card in result.cards], len(result.cards[0].by_turn)
    (['Wall', 'Wave'], 3)
    >>> 0.7 < result.cards[0].on_curve < 0.95
    True
    """
    check_ramp(ramp)
    deck = chosen_x(deck, min_x)  # (before _prepare's default, so that this X is the one)
    if ramp == "planner":
        from planner.sim.planned import goldfish_planned

        _prepare(deck, turns, games, on_the_draw, mulligan)  # (the same checks of the settings and deck)
        return goldfish_planned(
            deck,
            turns=turns,
            games=games,
            seed=seed,
            on_the_draw=on_the_draw,
            mulligan=mulligan,
            min_x=min_x,
            progress=progress,
        )
    setup = _prepare(deck, turns, games, on_the_draw, mulligan)
    return _finish(setup, _run_batches(setup, seed, range(goldfish_batches(games)), False, None, progress))


# --------------------------------------------------------------------------------------------------------
# Goldfishing in pieces: any range of batches alone, and the tallies merged (the optimiser, Dask)


@dataclass(frozen=True, slots=True)
class _Setup:
    """A goldfish run's settings, checked, and the deck's fixed tables."""

    deck: Deck
    played_as_lands: tuple[str, ...]
    plan: _Goldfish
    turns: tuple[int, int]
    games: int
    on_the_draw: bool
    mulligan: str
    stages: tuple[MulliganStage, ...]
    extra: int
    draws: int
    start_life: int


def _prepare(deck: Deck, turns: tuple[int, int], games: int, on_the_draw: bool, mulligan: str) -> _Setup:
    """The run's settings checked and the deck's tables built, every spell's X chosen as X = 1
    (:data:`DEFAULT_MIN_X`; :func:`goldfish` may have chosen another before)."""
    deck = with_x(deck, DEFAULT_MIN_X)
    first, last = turns
    if not 1 <= first <= last:
        raise InputError(f"turns must be a range such as 1-7 with 1 <= first <= last, got {first}-{last}")
    if games < 1:
        raise InputError(f"the number of games must be at least 1, got {games}")
    within(last, MAX_TURN, "the last turn")
    within(games, MAX_GAMES, "the number of games")
    within(deck.size, MAX_DECK_CARDS, f"{deck.source}: the deck's cards")
    within(len(deck.cards), MAX_DISTINCT_CARDS, f"{deck.source}: the deck's distinct cards")
    check_mulligan(mulligan)
    deck, played_as_lands = played_as_land(deck)
    if not deck.spells and not deck.commanders:
        raise InputError(f"{deck.source}: the deck has no nonland cards: there is nothing to cast")
    plan = _Goldfish(deck)
    commander = deck.is_commander
    extra = 1 if (on_the_draw or commander) else 0
    draws = last - 1 + extra
    if deck.size < HAND_SIZE + draws:
        raise InputError(f"{deck.source}: a {deck.size}-card deck runs out of cards before turn {last}")
    return _Setup(
        deck=deck,
        played_as_lands=played_as_lands,
        plan=plan,
        turns=(first, last),
        games=games,
        on_the_draw=on_the_draw,
        mulligan=mulligan,
        stages=mulligan_stages(commander=commander, london=mulligan == "london"),
        extra=extra,
        draws=draws,
        start_life=COMMANDER_LIFE if commander else STARTING_LIFE,
    )


@dataclass(kw_only=True, frozen=True, slots=True, eq=False)
class GoldfishCounts:
    """The tallies of some batches of one goldfish run (:func:`goldfish_counts`), to be merged
    (:func:`merge_counts`) and turned into the report (:func:`goldfish_result`).

    ``settings`` is the run's (turns, games, seed, draw, mulligan); ``batches`` the batch indices counted;
    ``games`` their games. Arrays are indexed by the run's spells (the report's cards, in order);
    ``castable[i]`` by reported turn. ``game_scores`` (when asked for) holds, for each game in batch order,
    the copies of the cards castable on their curve turn (a commander counts once): the per-game numerator
    of the castability score that ``mana-planner optimise-lands`` maximises.
    """

    settings: tuple[tuple[int, int], int, int, bool, str]
    batches: tuple[int, ...]
    games: int
    castable: Ints
    curve_hits: Ints
    curve_drops: Ints
    curve_drop_hits: Ints
    curve_in_hand: Ints
    kept_at: Ints
    life_paid: int
    game_scores: Ints | None = None
    castable_as_played: Ints | None = None
    curve_as_played: Ints | None = None
    game_life: Ints | None = None  # (with game_scores: the life each game lost to its lands, pain included)


def goldfish_batches(games: int) -> int:
    """How many batches (of :data:`GOLDFISH_BATCH` games) a goldfish run of ``games`` games deals: the
    pieces :func:`goldfish_counts` can run apart.

    >>> goldfish_batches(1), goldfish_batches(GOLDFISH_BATCH), goldfish_batches(GOLDFISH_BATCH + 1)
    (1, 1, 2)
    """
    return -(-games // GOLDFISH_BATCH)


def goldfish_counts(
    deck: Deck,
    *,
    turns: tuple[int, int] = (1, 7),
    games: int = DEFAULT_GOLDFISH_GAMES,
    seed: int = DEFAULT_SEED,
    on_the_draw: bool = False,
    mulligan: str = "london",
    batches: range | None = None,
    game_scores: bool = False,
    layout: Sequence[str] | None = None,
    progress: Progress | None = None,
) -> GoldfishCounts:
    """The tallies of the batches ``batches`` (default: all) of the run :func:`goldfish` makes with these
    arguments: each batch has its own seed, so the batches can run anywhere, in any order, and
    :func:`merge_counts` of them all gives exactly :func:`goldfish`'s answer.

    ``layout`` names the land card in each land slot of the deck's order (by default the deck's lands in
    list order, as :func:`goldfish` deals them): with the same seed, two decks that differ only in their
    lands then deal the same games, each slot holding its own land (common random numbers).

    >>> from models.decklist import parse_deck
    >>> deck = parse_deck("12 Plains\\n12 Island\\n18 Wall {1}{W}\\n18 Wave {U}{U}")
    >>> whole = goldfish(deck, turns=(1, 3), games=70_000, seed=1, ramp="none")
    >>> parts = [goldfish_counts(deck, turns=(1, 3), games=70_000, seed=1, batches=range(b, b + 1))
    ...     for b in (2, 0, 1)]
    >>> goldfish_result(deck, merge_counts(parts)) == whole
    True
    """
    setup = _prepare(deck, turns, games, on_the_draw, mulligan)
    every = range(goldfish_batches(games))
    chosen = every if batches is None else batches
    if chosen.step != 1 or (len(chosen) and (chosen.start < 0 or chosen.stop > every.stop)):
        raise InputError(f"batches {chosen} are not a range of this run's {every.stop} batches")
    return _run_batches(setup, seed, chosen, game_scores, layout, progress)


def merge_counts(parts: Iterable[GoldfishCounts]) -> GoldfishCounts:
    """The tallies of several pieces of one run together, whatever their order (each batch at most once).

    >>> from models.decklist import parse_deck
    >>> deck = parse_deck("24 Forest\\n36 Bear {1}{G}")
    >>> part = goldfish_counts(deck, turns=(1, 2), games=10, seed=4, batches=range(0, 1))
    >>> merge_counts([part]).games
    10
    """
    pieces = sorted(parts, key=lambda piece: piece.batches[:1])
    if not pieces:
        raise InputError("there are no goldfish tallies to merge")
    first = pieces[0]
    batches = [batch for piece in pieces for batch in piece.batches]
    if any(piece.settings != first.settings for piece in pieces):
        raise InputError("the goldfish tallies come from runs with different settings")
    if len(set(batches)) != len(batches):
        raise InputError("a batch of the goldfish tallies is counted twice")
    scores = [piece.game_scores for piece in pieces]
    return GoldfishCounts(
        settings=first.settings,
        batches=tuple(batches),
        games=sum(piece.games for piece in pieces),
        castable=sum((piece.castable for piece in pieces[1:]), first.castable.copy()),
        curve_hits=sum((piece.curve_hits for piece in pieces[1:]), first.curve_hits.copy()),
        curve_drops=sum((piece.curve_drops for piece in pieces[1:]), first.curve_drops.copy()),
        curve_drop_hits=sum((piece.curve_drop_hits for piece in pieces[1:]), first.curve_drop_hits.copy()),
        curve_in_hand=sum((piece.curve_in_hand for piece in pieces[1:]), first.curve_in_hand.copy()),
        kept_at=sum((piece.kept_at for piece in pieces[1:]), first.kept_at.copy()),
        life_paid=sum(piece.life_paid for piece in pieces),
        game_scores=(
            np.concatenate([s for s in scores if s is not None])
            if all(s is not None for s in scores)
            else None
        ),
        castable_as_played=_summed([piece.castable_as_played for piece in pieces]),
        game_life=(
            np.concatenate([piece.game_life for piece in pieces if piece.game_life is not None])
            if all(piece.game_life is not None for piece in pieces)
            else None
        ),
        curve_as_played=_summed([piece.curve_as_played for piece in pieces]),
    )


def _summed(parts: Sequence[Ints | None]) -> Ints | None:
    """The sum of tallies that every piece has, else None."""
    present = [part for part in parts if part is not None]
    if len(present) != len(parts) or not present:
        return None
    total: Ints = sum(present[1:], present[0].copy())
    return total


def goldfish_result(deck: Deck, counts: GoldfishCounts) -> GoldfishResult:
    """The report of a whole run from its merged tallies: equal to :func:`goldfish` with the same
    arguments (see :func:`goldfish_counts`)."""
    turns, games, _, on_the_draw, mulligan = counts.settings
    if sorted(counts.batches) != list(range(goldfish_batches(games))):
        raise InputError(f"the goldfish tallies hold {len(counts.batches)} of the run's batches, not all")
    return _finish(_prepare(deck, turns, games, on_the_draw, mulligan), counts)


def default_layout(deck: Deck) -> tuple[str, ...]:
    """The land card in each land slot as :func:`goldfish` deals the deck (lands that play alike share
    slots, in list order); a modal double-faced card played as its land is named as in the deck.

    >>> from models.decklist import parse_deck
    >>> default_layout(parse_deck("2 Forest\\n1 Island\\n1 Snow-Covered Forest\\n56 Bear {1}{G}"))
    ('Forest', 'Forest', 'Snow-Covered Forest', 'Island')
    """
    played, _ = played_as_land(deck)
    plan = _Goldfish(played)
    kind_of = _land_kinds(played, plan)
    return tuple(
        card.name
        for kind in range(plan.land_kinds)
        for card in played.cards
        if kind_of.get(card.name) == kind
        for _ in range(card.count)
    )


def _land_kinds(deck: Deck, plan: _Goldfish) -> dict[str, int]:
    """The land class of each land card of the deck."""
    return {
        card.name: plan.classes.index(replace(land_profile(card.card, plan.commander_colors), notes=()))
        for card in deck.cards
        if card.is_land and card.card is not None
    }


def _layout_ids(setup: _Setup, layout: Sequence[str] | None) -> npt.NDArray[np.int16]:
    """The deck's card ids as dealt, its land slots holding the lands ``layout`` names (see
    :func:`goldfish_counts`)."""
    plan = setup.plan
    if layout is None:
        return plan.deck_ids
    kind_of = _land_kinds(setup.deck, plan)
    wanted = {card.name: card.count for card in setup.deck.cards if card.name in kind_of}
    given: dict[str, int] = {}
    for name in layout:
        given[name] = given.get(name, 0) + 1
    if given != wanted:
        raise InputError("the land layout must name each of the deck's lands as many times as it has copies")
    slots = np.array([kind_of[name] for name in layout], dtype=np.int16)
    return np.concatenate([slots, plan.deck_ids[len(layout) :]])


def _run_batches(
    setup: _Setup,
    seed: int,
    batches: range,
    with_scores: bool,
    layout: Sequence[str] | None,
    progress: Progress | None,
) -> GoldfishCounts:
    """Goldfish the batches ``batches`` of a run (see :func:`goldfish`)."""
    from planner.sim.karsten import karsten_for  # (it reads this module's land profiles)

    plan, stages, draws, extra = setup.plan, setup.stages, setup.draws, setup.extra
    first, last = setup.turns
    start_life = setup.start_life
    deck_ids = _layout_ids(setup, layout)
    kinds = plan.land_kinds
    spells = len(plan.spells)
    weights = np.where(plan.cost_column < len(plan.costs), np.where(plan.copies > 0, plan.copies, 1), 0)
    reported = list(range(first, last + 1))
    castable_games = np.zeros((len(reported), spells), dtype=np.int64)
    as_played = np.zeros((len(reported), spells), dtype=np.int64)
    curve_as_played = np.zeros(spells, dtype=np.int64)
    karsten = karsten_for(plan, start_life)
    whole = np.bincount(deck_ids[deck_ids < kinds].astype(np.int64), minlength=kinds)
    curve_hits = np.zeros(spells, dtype=np.int64)
    curve_drops = np.zeros(spells, dtype=np.int64)
    curve_drop_hits = np.zeros(spells, dtype=np.int64)
    curve_in_hand = np.zeros(spells, dtype=np.int64)
    kept_at = np.zeros(len(stages), dtype=np.int64)
    scores: list[Ints] = []
    lives: list[Ints] = []
    painful = np.array([profile.painful for profile in plan.classes], dtype=np.int64)
    life_paid = 0
    games = 0
    sizes = dict(_batches(setup.games, GOLDFISH_BATCH))
    for batch in batches:
        size = sizes[batch]
        games += size
        rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(batch, 3)))
        hand = np.zeros((size, kinds + spells), dtype=np.int64)
        library = np.zeros((size, max(draws, 1)), dtype=np.int16)
        pending = np.arange(size)
        for index, stage in enumerate(stages):
            shuffled = _partial_shuffle(deck_ids, pending.size, HAND_SIZE + draws, rng)
            drawn = _kind_counts(
                shuffled[:, :HAND_SIZE].astype(np.int64),
                np.ones((pending.size, HAND_SIZE), bool),
                kinds + spells,
            )
            land_count = drawn[:, :kinds].sum(axis=1)
            put_back = lands_to_bottom(land_count, stage.bottom)
            after = land_count - put_back
            keep = ((after >= stage.keep_min) & (after <= stage.keep_max)) | (index == len(stages) - 1)
            kept = drawn[keep]
            kept[:, kinds + plan.library_spells :] = 1
            kept = plan.bottom_lands(kept, put_back[keep])
            kept = plan.bottom_spells(kept, stage.bottom - put_back[keep])
            hand[pending[keep]] = kept
            library[pending[keep], :draws] = shuffled[keep, HAND_SIZE:]
            kept_at[index] += int(np.count_nonzero(keep))
            pending = pending[~keep]
        in_play = np.zeros((size, kinds), dtype=np.int64)
        life = np.full(size, start_life, dtype=np.int64)
        games_index = np.arange(size)
        game_score = np.zeros(size, dtype=np.int64)
        drawn_so_far = 0
        # (with fetchlands: what each game's library holds, by kind, and a stream for its shuffles)
        left = _library_left(plan, deck_ids, hand) if plan.fetches else None
        shuffles = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(batch, 4)))
        seen = hand[:, :kinds].copy()  # (the lands seen: the kept hand's, then each draw's)
        pain = np.zeros(size, dtype=np.int64)  # (a painful land untapped on a turn is tapped for 1 life)
        for turn in range(1, last + 1):
            new = np.full(size, -1, dtype=np.int64)
            if turn > 1 or extra:
                card = library[:, drawn_so_far]
                hand[games_index, card] += 1
                if left is not None:
                    left[games_index, card] -= 1
                drawn_so_far += 1
                new = np.where(card < kinds, card, -1).astype(np.int64)
            column = np.minimum(plan.cost_column, len(plan.costs) - 1)
            karsten_now = karsten.castable(turn, seen, new, whole)[:, column]
            karsten_now &= plan.cost_column < len(plan.costs)
            seen[games_index[new >= 0], new[new >= 0]] += 1
            tapped_now, fetched = _play_land(plan, hand, in_play, life, left)
            if left is not None and turn < last:
                _reshuffle(library, left, np.flatnonzero(fetched >= 0), drawn_so_far, shuffles)
            untapped = in_play.copy()
            has_tapped = tapped_now >= 0
            untapped[games_index[has_tapped], tapped_now[has_tapped]] -= 1
            payable, _ = plan.ask(untapped, life)
            pain += untapped @ painful
            if turn >= first:
                castable_games[turn - first] += karsten_now.sum(axis=0)
                as_played[turn - first] += payable.sum(axis=0)
            on_curve = np.flatnonzero(np.maximum(plan.mana_values, 1) == turn)
            if on_curve.size:
                could_drop = seen.sum(axis=1) >= turn
                hits = karsten_now[:, on_curve]
                curve_hits[on_curve] += hits.sum(axis=0)
                curve_as_played[on_curve] += payable[:, on_curve].sum(axis=0)
                curve_drops[on_curve] += int(np.count_nonzero(could_drop))
                curve_drop_hits[on_curve] += (hits & could_drop[:, None]).sum(axis=0)
                held = hand[:, kinds + on_curve] > 0
                curve_in_hand[on_curve] += (payable[:, on_curve] & held).sum(axis=0)
                if with_scores:
                    game_score += hits.astype(np.int64) @ weights[on_curve]
        life_paid += int((start_life - life).sum())
        if with_scores:
            scores.append(game_score)
            lives.append(start_life - life + pain)
        if progress is not None:
            progress(size)
    return GoldfishCounts(
        settings=(setup.turns, setup.games, seed, setup.on_the_draw, setup.mulligan),
        batches=tuple(batches),
        games=games,
        castable=castable_games,
        curve_hits=curve_hits,
        curve_drops=curve_drops,
        curve_drop_hits=curve_drop_hits,
        curve_in_hand=curve_in_hand,
        kept_at=kept_at,
        life_paid=life_paid,
        game_scores=np.concatenate([np.zeros(0, dtype=np.int64), *scores]) if with_scores else None,
        castable_as_played=as_played,
        curve_as_played=curve_as_played,
        game_life=np.concatenate([np.zeros(0, dtype=np.int64), *lives]) if with_scores else None,
    )


def _library_left(plan: _Goldfish, deck_ids: npt.NDArray[np.int16], hand: Ints) -> Ints:
    """Each game's library by kind (land classes, then the library's spells): the deck less the kept hand."""
    width = plan.land_kinds + plan.library_spells
    whole = np.bincount(deck_ids.astype(np.int64), minlength=width)
    left: Ints = whole[None, :] - hand[:, :width]
    return left


def _reshuffle(
    library: npt.NDArray[np.int16], left: Ints, games: Ints, drawn: int, rng: np.random.Generator
) -> None:
    """The library of ``games`` shuffled after a search (CR 701.20): their draws from ``drawn`` on are dealt
    again from what each library holds (``left``, by kind)."""
    if not games.size or drawn >= library.shape[1]:
        return
    pool = left[games].copy()
    for position in range(drawn, library.shape[1]):
        total = pool.sum(axis=1)
        pick = (rng.random(games.size) * total).astype(np.int64)
        kind = (np.cumsum(pool, axis=1) > pick[:, None]).argmax(axis=1)
        pool[np.arange(games.size), kind] -= 1
        library[games, position] = kind


def _finish(setup: _Setup, counts: GoldfishCounts) -> GoldfishResult:
    """The report of a whole run from its tallies."""
    deck, plan, stages = setup.deck, setup.plan, setup.stages
    first, last = setup.turns
    games, seed = setup.games, counts.settings[2]
    reported = list(range(first, last + 1))
    castable_games, curve_hits, curve_drops = counts.castable, counts.curve_hits, counts.curve_drops
    curve_drop_hits, curve_in_hand = counts.curve_drop_hits, counts.curve_in_hand
    cards = []
    for column, spell in enumerate(plan.spells):
        known = spell.cost is not None
        curve = max(1, int(plan.mana_values[column]))
        in_range = curve <= last
        cards.append(
            CardOdds(
                name=spell.name,
                copies=spell.copies if not spell.commander else 1,
                cost=str(spell.cost) if known else None,
                mana_value=int(plan.mana_values[column]),
                commander=spell.commander,
                by_turn=tuple(
                    float(castable_games[i, column]) / games if known else None for i in range(len(reported))
                ),
                on_curve=float(curve_hits[column]) / games if known and in_range else None,
                on_curve_given_land_drops=(
                    float(curve_drop_hits[column]) / int(curve_drops[column])
                    if known and in_range and curve_drops[column]
                    else None
                ),
                on_curve_in_hand=float(curve_in_hand[column]) / games if known and in_range else None,
                by_turn_as_played=tuple(
                    float(counts.castable_as_played[i, column]) / games if known else None
                    for i in range(len(reported))
                )
                if counts.castable_as_played is not None
                else (),
                on_curve_as_played=float(counts.curve_as_played[column]) / games
                if known and in_range and counts.curve_as_played is not None
                else None,
            )
        )
    ignored = tuple(
        card.name
        for card in (*deck.spells, *deck.commanders)
        if card.card is not None and _makes_mana(card.card)
    )
    return GoldfishResult(
        games=games,
        seed=seed,
        turns=tuple(reported),
        on_the_draw=setup.on_the_draw,
        mulligan=setup.mulligan,
        deck_size=deck.size,
        lands=deck.lands,
        commanders=tuple(c.name for c in deck.commanders),
        cards=tuple(cards),
        ignored_sources=ignored,
        notes=(*setup.played_as_lands, *plan.notes),
        kept_sizes=tuple(
            (
                size,
                sum(
                    float(n)
                    for stage, n in zip(stages, counts.kept_at, strict=True)
                    if HAND_SIZE - stage.bottom == size
                )
                / games,
            )
            for size in sorted({HAND_SIZE - stage.bottom for stage in stages}, reverse=True)
        ),
        life_paid=counts.life_paid / games,
    )


#: The X that spells with X are counted with (a spell cast for X = 0 rarely does anything).
DEFAULT_MIN_X: Final = 1


def commander_colors(deck: Deck) -> ManaTypes | None:
    """The colors of the deck's commanders (their costs and color indicators), None outside Commander."""
    if not deck.commanders:
        return None
    colors = ManaTypes()
    for commander in deck.commanders:
        colors |= commander.cost.colors if commander.cost is not None else ManaTypes()
        if commander.card is not None and commander.card.color_indicator:
            colors |= ManaTypes.parse(commander.card.color_indicator)
    return colors


def chosen_x(deck: Deck, min_x: int) -> Deck:
    """The deck with every spell's X chosen as ``min_x`` (:func:`with_x`), after checking it is a valid X.

    >>> chosen_x(Deck("d", ()), -1)
    Traceback (most recent call last):
    ...
    models.errors.InputError: the X of X spells must be 0 or more, got -1
    """
    if min_x < 0:
        raise InputError(f"the X of X spells must be 0 or more, got {min_x}")
    within(min_x, MAX_TURN * 100, "the X of X spells")
    return with_x(deck, min_x)


def check_ramp(ramp: str) -> None:
    """Refuse a ramp mode other than ``planner`` (the turns planned, rocks and rituals counted) and ``none``.

    >>> check_ramp("rocks")
    Traceback (most recent call last):
    ...
    models.errors.InputError: unknown ramp mode 'rocks': use planner or none
    """
    _one_of(ramp, ("planner", "none"), "ramp mode")


def check_mulligan(mulligan: str) -> None:
    """Refuse a mulligan rule other than ``london`` and ``none``.

    >>> check_mulligan("vancouver")
    Traceback (most recent call last):
    ...
    models.errors.InputError: unknown mulligan rule 'vancouver': use london or none
    """
    _one_of(mulligan, ("london", "none"), "mulligan rule")


def _one_of(value: str, allowed: tuple[str, str], what: str) -> None:
    """Refuse a value of an option outside the two it allows."""
    if value not in allowed:
        raise InputError(f"unknown {what} {value!r}: use {allowed[0]} or {allowed[1]}")


def with_x(deck: Deck, x: int) -> Deck:
    """The deck with every spell's X chosen (CR 107.3): its cost and mana value count X = ``x``."""

    def chosen(card: DeckCard) -> DeckCard:
        if card.cost is None or not card.cost.has_variable:
            return card
        return replace(card, cost=card.cost.with_variables(x))

    return replace(
        deck, cards=tuple(chosen(c) for c in deck.cards), commanders=tuple(chosen(c) for c in deck.commanders)
    )


def _play_land(
    plan: _Goldfish, hand: Ints, in_play: Ints, life: Ints, library: Ints | None = None
) -> tuple[Ints, Ints]:
    """Play the best land from each game's hand (see :func:`goldfish`): a fetchland is played and
    sacrificed at once for the land of its types in ``library`` (land class counts per game, updated) that
    plays best. Returns the class of the land that entered tapped this turn in each game, or -1, and the
    class each game's fetchland found, or -1."""
    kinds = plan.land_kinds
    size = hand.shape[0]
    best = np.full(size, -1, dtype=np.int64)
    choice = np.full(size, -1, dtype=np.int64)
    found = np.full(size, -1, dtype=np.int64)
    paid_life = np.zeros(size, dtype=np.int64)
    untapped_choice = np.zeros(size, dtype=np.bool_)
    spells_in_hand = hand[:, kinds:]
    for kind in range(kinds):
        search = plan.classes[kind].search
        targets = plan.targets[kind] if search is not None else [kind]
        for target in targets:
            has = hand[:, kind] > 0
            if search is not None:
                if library is None:
                    continue
                has &= library[:, target] > 0
            rows = np.flatnonzero(has)
            if not rows.size:
                continue
            profile = plan.classes[target]
            lands = in_play[rows]
            after = lands.copy()
            after[:, target] += 1
            forced = search is not None and search.tapped
            options = (True, False) if profile.entry is Entry.SHOCK and not forced else (False,)
            for paid in options:
                cost = (profile.shock_life if paid else 0) + (search.life if search is not None else 0)
                can = life[rows] >= cost if cost else np.ones(rows.size, dtype=np.bool_)
                untapped = plan.enters_untapped(target, lands, paid) & (not forced)
                now = lands + untapped[:, None] * (np.arange(kinds) == target)
                life_after = life[rows] - cost
                payable_now, _ = plan.ask(now, life_after)
                payable_next, cover = plan.ask(after, life_after)
                held = spells_in_hand[rows]
                score = (np.minimum((payable_now * held).sum(axis=1), 63) << 36) + (
                    np.minimum((payable_next * held).sum(axis=1), 63) << 30
                )
                score += (np.minimum((cover * held).sum(axis=1), 255) << 22) + (
                    np.minimum(cover @ plan.copies, 4095) << 10
                )
                score += (
                    ((~untapped).astype(np.int64) << 3) + ((cost == 0) << 2) + ((not profile.painful) << 1)
                )
                score = np.where(can, score, -1)
                better = score > best[rows]
                chosen = rows[better]
                best[chosen] = score[better]
                choice[chosen] = kind
                found[chosen] = target if search is not None else -1
                paid_life[chosen] = cost
                untapped_choice[chosen] = untapped[better]
    played = np.flatnonzero(choice >= 0)
    entered = np.where(found >= 0, found, choice)
    hand[played, choice[played]] -= 1
    in_play[played, entered[played]] += 1
    fetched = np.flatnonzero(found >= 0)
    if library is not None and fetched.size:
        library[fetched, found[fetched]] -= 1
    life[played] -= paid_life[played]
    return np.where((choice >= 0) & ~untapped_choice, entered, -1), found


def _makes_mana(card: CardData) -> bool:
    """True when a card has mana abilities (a mana creature or rock), which the goldfish does not count."""
    return bool(parse_oracle(card.oracle, card.name).mana_abilities)


def plot_goldfish(result: GoldfishResult, path: str, title: str = "") -> None:
    """Draw castability by turn per nonland card as a grid (PNG): see :func:`planner.sim.plot.plot_goldfish`.
    Needs matplotlib (``pip install -e '.[plot]'``); raises ``InputError`` when it is missing."""
    from planner.sim.plot import plot_goldfish as draw

    draw(result, path, title)
