"""The lands-only goldfish (``simulate --ramp none``): only lands are sources; each game mulligans, draws and
plays the best land a turn, and each turn records which cards the lands could cast, by Karsten's measure
(:mod:`planner.sim.karsten`) and as played. Runs in batches that can run anywhere and be merged (the
optimiser, Dask): see :func:`planner.sim.goldfish.goldfish` for what a game does.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Final

import numpy as np
import numpy.typing as npt

from models.catalogue import CardData
from models.decklist import Deck
from models.errors import InputError
from models.limits import MAX_DECK_CARDS, MAX_DISTINCT_CARDS, within
from models.oracle import read_card
from models.types import TypeLine
from planner.sim.deck_tables import DeckTables
from planner.sim.defaults import DEFAULT_GOLDFISH_GAMES, DEFAULT_SEED
from planner.sim.game import (
    COMMANDER_LIFE,
    DEFAULT_MIN_X,
    HAND_SIZE,
    STARTING_LIFE,
    Ints,
    MulliganStage,
    Progress,
    batch_sizes,
    check_mulligan,
    kind_counts,
    lands_to_bottom,
    mulligan_stages,
    partial_shuffle,
    played_as_land,
    with_x,
)
from planner.sim.karsten import KarstenRuns
from planner.sim.lands import Entry, land_profile
from planner.sim.limits import MAX_GAMES, MAX_TURN
from planner.sim.results import CardOdds, GoldfishResult, kept_sizes

__all__ = [
    "GOLDFISH_BATCH",
    "GoldfishCounts",
    "check_settings",
    "default_layout",
    "goldfish_batches",
    "goldfish_counts",
    "goldfish_lands_only",
    "goldfish_result",
    "merge_counts",
]


#: Games per goldfish batch (smaller than :data:`~planner.sim.sources.BATCH`: a game carries its whole hand).
GOLDFISH_BATCH: Final = 1 << 15


@dataclass(frozen=True, slots=True)
class _Setup:
    """A goldfish run's settings, checked, and the deck's fixed tables."""

    deck: Deck
    played_as_lands: tuple[str, ...]
    plan: DeckTables
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
    (:data:`DEFAULT_MIN_X`; :func:`~planner.sim.goldfish.goldfish` may have chosen another before)."""
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
    plan = DeckTables(deck)
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


def check_settings(deck: Deck, turns: tuple[int, int], games: int, on_the_draw: bool, mulligan: str) -> None:
    """Refuse settings or a deck that the goldfish can't play, in either mode (the checks of a run).

    >>> from models.decklist import parse_deck
    >>> check_settings(parse_deck("60 Forest"), (1, 7), 10, False, "london")
    Traceback (most recent call last):
    ...
    models.errors.InputError: <deck>: the deck has no nonland cards: there is nothing to cast
    """
    _prepare(deck, turns, games, on_the_draw, mulligan)


def goldfish_lands_only(
    deck: Deck,
    *,
    turns: tuple[int, int],
    games: int,
    seed: int,
    on_the_draw: bool,
    mulligan: str,
    progress: Progress | None = None,
) -> GoldfishResult:
    """The lands-only goldfish of a deck (``ramp="none"`` of :func:`planner.sim.goldfish.goldfish`, which
    says what a game does): every batch of the run, in this process."""
    setup = _prepare(deck, turns, games, on_the_draw, mulligan)
    every = range(goldfish_batches(games))
    return _finish(setup, _run_batches(setup, seed, every, False, None, progress, KarstenRuns()))


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
    karsten: KarstenRuns | None = None,
) -> GoldfishCounts:
    """The tallies of the batches ``batches`` (default: all) of the run that
    :func:`~planner.sim.goldfish.goldfish` makes with these arguments (``ramp="none"``): each batch has its
    own seed, so the batches can run anywhere, in any order, and :func:`merge_counts` of them all gives
    exactly its answer.

    ``layout`` names the land card in each land slot of the deck's order (by default the deck's lands in
    list order, as the goldfish deals them): with the same seed, two decks that differ only in their
    lands then deal the same games, each slot holding its own land (common random numbers). ``karsten``
    is the Karsten answers the caller's run keeps (its other pieces, other mixes of the same lands); this
    call's own when None.

    >>> from models.decklist import parse_deck
    >>> from planner.sim.goldfish import goldfish
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
    return _run_batches(setup, seed, chosen, game_scores, layout, progress, karsten or KarstenRuns())


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
    """The report of a whole run from its merged tallies: equal to :func:`~planner.sim.goldfish.goldfish` with
    the same arguments (see :func:`goldfish_counts`)."""
    turns, games, _, on_the_draw, mulligan = counts.settings
    if sorted(counts.batches) != list(range(goldfish_batches(games))):
        raise InputError(f"the goldfish tallies hold {len(counts.batches)} of the run's batches, not all")
    return _finish(_prepare(deck, turns, games, on_the_draw, mulligan), counts)


def default_layout(deck: Deck) -> tuple[str, ...]:
    """The land card in each land slot as :func:`~planner.sim.goldfish.goldfish` deals the deck (lands that
    play alike share slots, in list order); a modal double-faced card played as its land is named as in the
    deck.

    >>> from models.decklist import parse_deck
    >>> default_layout(parse_deck("2 Forest\\n1 Island\\n1 Snow-Covered Forest\\n56 Bear {1}{G}"))
    ('Forest', 'Forest', 'Snow-Covered Forest', 'Island')
    """
    played, _ = played_as_land(deck)
    plan = DeckTables(played)
    kind_of = _land_kinds(played, plan)
    return tuple(
        card.name
        for kind in range(plan.land_kinds)
        for card in played.cards
        if kind_of.get(card.name) == kind
        for _ in range(card.count)
    )


def _land_kinds(deck: Deck, plan: DeckTables) -> dict[str, int]:
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
    karsten_runs: KarstenRuns,
) -> GoldfishCounts:
    """Goldfish the batches ``batches`` of a run (see :func:`~planner.sim.goldfish.goldfish`)."""
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
    karsten = karsten_runs.of(plan, start_life)
    column = np.minimum(plan.cost_column, karsten.columns - 1)  # (each spell's cost's answer)
    known = plan.cost_column < len(plan.costs)
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
    sizes = dict(batch_sizes(setup.games, GOLDFISH_BATCH))
    for batch in batches:
        size = sizes[batch]
        games += size
        rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(batch, 3)))
        hand = np.zeros((size, kinds + spells), dtype=np.int64)
        library = np.zeros((size, max(draws, 1)), dtype=np.int16)
        pending = np.arange(size)
        for index, stage in enumerate(stages):
            shuffled = partial_shuffle(deck_ids, pending.size, HAND_SIZE + draws, rng)
            drawn = kind_counts(
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
            situations, answers = karsten.castable_rows(turn, seen, new, whole)
            seen[games_index[new >= 0], new[new >= 0]] += 1
            tapped_now, fetched = _play_land(plan, hand, in_play, life, left)
            if left is not None and turn < last:
                _reshuffle(library, left, np.flatnonzero(fetched >= 0), drawn_so_far, shuffles)
            untapped = in_play.copy()
            has_tapped = tapped_now >= 0
            untapped[games_index[has_tapped], tapped_now[has_tapped]] -= 1
            states = plan.state_rows(untapped)
            pain += untapped @ painful
            if turn >= first:  # (counted by situation and by state: the games' sums)
                situation_games = np.bincount(situations, minlength=answers.shape[0])
                present = np.flatnonzero(situation_games)
                by_cost = situation_games[present] @ karsten.unpacked(np.take(answers, present, axis=0))
                castable_games[turn - first] += np.where(known, by_cost[column], 0)
                as_played[turn - first] += plan.payable_counts(states, life)
            on_curve = np.flatnonzero(np.maximum(plan.mana_values, 1) == turn)
            if on_curve.size:
                could_drop = seen.sum(axis=1) >= turn
                hits = karsten.unpacked(np.take(answers, situations, axis=0))[:, column[on_curve]]
                hits &= known[on_curve]
                payable = plan.payable_spells(states, life, on_curve)
                curve_hits[on_curve] += hits.sum(axis=0)
                curve_as_played[on_curve] += payable.sum(axis=0)
                curve_drops[on_curve] += int(np.count_nonzero(could_drop))
                curve_drop_hits[on_curve] += (hits & could_drop[:, None]).sum(axis=0)
                held = hand[:, kinds + on_curve] > 0
                curve_in_hand[on_curve] += (payable & held).sum(axis=0)
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


def _library_left(plan: DeckTables, deck_ids: npt.NDArray[np.int16], hand: Ints) -> Ints:
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
        kept_sizes=kept_sizes(stages, counts.kept_at, games),
        life_paid=counts.life_paid / games,
    )


def _play_land(
    plan: DeckTables, hand: Ints, in_play: Ints, life: Ints, library: Ints | None = None
) -> tuple[Ints, Ints]:
    """Play the best land from each game's hand (see :func:`~planner.sim.goldfish.goldfish`): a fetchland is
    played and sacrificed at once for the land of its types in ``library`` (land class counts per game,
    updated) that plays best. Returns the class of the land that entered tapped this turn in each game, or
    -1, and the class each game's fetchland found, or -1."""
    kinds = plan.land_kinds
    size = hand.shape[0]
    best = np.full(size, -1, dtype=np.int64)
    choice = np.full(size, -1, dtype=np.int64)
    found = np.full(size, -1, dtype=np.int64)
    paid_life = np.zeros(size, dtype=np.int64)
    untapped_choice = np.zeros(size, dtype=np.bool_)
    held = plan.hand_planes(hand)
    in_play_states = plan.state_rows(in_play)
    # (with two or more lands that may add nothing now, what the lands in play cast is asked once)
    never_now = [p.entry in (Entry.TAPPED, Entry.SICK, Entry.SHOCK) for p in plan.classes]
    shared = sum(never_now) >= 2
    in_play_now: Ints | None = None
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
            lands = np.take(in_play, rows, axis=0)  # (np.take: faster than an index)
            states = np.take(in_play_states, rows)
            next_states = plan.state_after(states, target, lands)
            held_here = held.take(rows)
            # (what next turn's lands cover: the same whether a shockland's life is paid or not)
            covered = (np.minimum(plan.cover_in_hand(next_states, held_here), 255) << 22) + (
                np.minimum(plan.in_deck(next_states), 4095) << 10
            )
            forced = search is not None and search.tapped
            options = (True, False) if profile.entry is Entry.SHOCK and not forced else (False,)
            for paid in options:
                cost = (profile.shock_life if paid else 0) + (search.life if search is not None else 0)
                untapped = plan.enters_untapped(target, lands, paid) & (not forced)
                life_after = life[rows] - cost
                payable_next = plan.payable_in_hand(next_states, life_after, held_here)
                if untapped.all():  # (the land adds its mana now: the lands now are next turn's)
                    payable_now = payable_next
                elif not untapped.any() and not cost and shared:  # (it adds nothing now, costs nothing)
                    if in_play_now is None:  # (the lands in play, asked once for every game)
                        in_play_now = plan.payable_in_hand(in_play_states, life, held)
                    payable_now = np.take(in_play_now, rows)
                elif not untapped.any():  # (it adds nothing now: the lands now are those in play)
                    payable_now = plan.payable_in_hand(states, life_after, held_here)
                else:
                    now_states = np.where(untapped, next_states, states)
                    payable_now = plan.payable_in_hand(now_states, life_after, held_here)
                score = (np.minimum(payable_now, 63) << 36) + (np.minimum(payable_next, 63) << 30) + covered
                score += (
                    ((~untapped).astype(np.int64) << 3) + ((cost == 0) << 2) + ((not profile.painful) << 1)
                )
                if cost:  # (a game without the life for it can't choose it)
                    score = np.where(life[rows] >= cost, score, -1)
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
    return bool(read_card(card.oracle, card.name, TypeLine.parse(card.type_line)).mana_abilities)
