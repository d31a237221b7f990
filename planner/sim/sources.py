"""Karsten's sources-needed: how many sources a cost needs under his published methodology.

**sources-needed** (:func:`sources_needed`, :func:`sources_table`, :func:`land_mix_probability`) follows
Frank Karsten's "How Many Sources Do You Need to Consistently Cast Your Spells? A 2022 Update": a deck of D
cards and L lands, K of which make the needed color; on the play (Commander: a free first mulligan and a draw
on turn 1); the London mulligan with his keep and bottoming rules (:data:`~planner.sim.game.LONDON`,
:func:`~planner.sim.game.lands_to_bottom`); a cost with mana value M and N pips of its color is castable on
turn T when the cards seen by then hold at least N good lands, counted only in games that saw at least M
lands; the threshold is (89 + M) %.

Everything is vectorised with numpy over games (never a Python loop per game) and reproducible: the same
seed gives the same numbers. Games are dealt in batches of :data:`BATCH` with one seed sequence per batch
and per random stream (mulligans, draws, lands), so a batch's games do not depend on how many turns are
asked for, and an estimate is the same whether it is computed alone or as a row of the table.

One set of games serves every K: the lands are numbered in a random order per game and the good lands are
those numbered below K, so each game's answer for every K is "is the N-th lowest number among the lands seen
below K?" — one histogram per cost gives the whole curve, monotone in K.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Final

import numpy as np
import numpy.typing as npt

from models.cost import ManaCost, SymbolKind
from models.errors import InputError
from models.limits import MAX_DECK_CARDS, shortened, within
from models.mana import TYPE_ORDER, ManaType, ManaTypes
from planner.sim.castability import Castability, sub_costs
from planner.sim.defaults import DEFAULT_GAMES, DEFAULT_SEED, TABLE_SHAPES
from planner.sim.game import (
    HAND_SIZE,
    Ints,
    MulliganStage,
    Progress,
    batch_sizes,
    bottom_worst,
    kind_counts,
    lands_to_bottom,
    mulligan_stages,
    partial_shuffle,
)
from planner.sim.limits import MAX_GAMES, MAX_TURN

__all__ = [
    "BATCH",
    "MixAnswer",
    "SourcesAnswer",
    "default_threshold",
    "land_mix_probability",
    "parse_land_mix",
    "sources_needed",
    "sources_table",
]


#: Games dealt per batch: the unit of reproducibility and of memory use.
BATCH: Final = 1 << 18


def _opening_cdf(deck_size: int, lands: int) -> npt.NDArray[np.float64]:
    """The cumulative distribution of the lands among seven cards (hypergeometric, exact fractions)."""
    total = math.comb(deck_size, HAND_SIZE)
    pmf = [
        Fraction(math.comb(lands, k) * math.comb(deck_size - lands, HAND_SIZE - k), total) for k in range(8)
    ]
    return np.array([float(sum(pmf[: k + 1])) for k in range(8)])


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
    order = partial_shuffle(np.arange(lands, dtype=np.int16), size, steps, ordering)
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
    for batch, size in batch_sizes(games, BATCH):
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
    parts = sub_costs(cost)
    oracle = Castability(kinds, [cost, *parts])
    fewest_types_first = sorted(range(len(kinds)), key=lambda k: (kinds[k].bit_count(), -k))

    def value(_: Ints, counts: Ints) -> Ints:
        scores: Ints = oracle.payable(counts)[:, 1:].sum(axis=1)
        return scores

    stages = mulligan_stages(commander=commander)
    counted = hits = 0
    for batch, size in batch_sizes(games, BATCH):
        deal = _deal(deck_size, lands, stages, draws, size, seed, batch)
        positions = np.arange(deal.labels.shape[1])
        met = kind_of[deal.labels]
        hand = kind_counts(met, positions < deal.hand_lands[:, None], len(kinds))
        kept = bottom_worst(hand, deal.bottomed, value, fewest_types_first)
        met_by_then = (deal.hand_lands + deal.drawn[draws])[:, None]
        after = (positions >= deal.hand_lands[:, None]) & (positions < met_by_then)
        seen = kept + kind_counts(met, after, len(kinds))
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
