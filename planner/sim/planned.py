"""Goldfishing with the turn planner (``simulate --ramp planner``): each turn plays a land and casts what the
hand allows, in the best order, so mana rocks, mana creatures, rituals and their timing count as in a game.

A game is a loop of turns over small records: the permanents in play that make mana (lands, rocks,
creatures: each a tuple of one type mask per mana a tap makes, :func:`planner.sim.lands.land_profile`),
the hand, the life total. Each turn the best plan is found by an exact search over the *simulation's
fragment* of a turn (:func:`planner.sim.turn_search.best_turn`; the contract §7 objective, as
:func:`planner.turn.plan_turn` has it): the land to play, then every subset and order of the rocks and
rituals in hand, then the subset of the other spells with the most mana value. Whether a sequence is payable
is a bipartite matching of cost symbols to mana (:mod:`planner.sim.matching`), a mana unit paying only what
is cast after it arrives (CR 500.4: the pool carries through the main phase; a rock taps at once, a creature
only from next turn, CR 302.6; a ritual's mana arrives when it resolves, 608.2).

The fragment: sources that tap for a fixed amount of fixed types with no other cost (lands, rocks and
creatures alike), rituals that add fixed mana, Treasures (made as a spell resolves or a permanent enters; each
pays one mana of any type once, from then on), permanents that change generic costs of spells by their types
and colors; every other card is a plain spell (its mana ability, effect or cost change is listed in
``ignored_sources``). Turns are memoised by state in a run's record (:class:`PlannedRun`), which is what makes
100,000 games tractable: most games pass through the same few thousand states.
"""

from __future__ import annotations

import functools
import gc
from bisect import bisect_left, insort
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, ParamSpec, TypeVar

import numpy as np

from models.cost import ManaCost
from models.decklist import Deck
from models.errors import InputError
from planner.sim.compiled_turn import CompiledTurns, compiled_covers
from planner.sim.game import (
    COMMANDER_LIFE,
    HAND_SIZE,
    STARTING_LIFE,
    commander_colors,
    lands_to_bottom,
    mulligan_stages,
)
from planner.sim.karsten_planned import KarstenPlanned
from planner.sim.kinds import CardKind, card_kinds
from planner.sim.lands import Entry, LandProfile
from planner.sim.matching import Matchings, payable
from planner.sim.planned_deals import Deals, bottomed, kept_hand
from planner.sim.results import CardOdds, GoldfishResult, kept_sizes
from planner.sim.turn_search import TurnPlan, TurnState, TurnTables, best_turn

if TYPE_CHECKING:
    from planner.sim.compiled_games import CompiledGames

__all__ = [  # (with the turn search's names, importable from here as before the split)
    "KEPT_DECKS",
    "MEMO_ENTRIES",
    "PLANNED_CHUNK",
    "CardKind",
    "PlannedCounts",
    "PlannedRun",
    "PlannedRuns",
    "TurnPlan",
    "TurnState",
    "TurnTables",
    "best_turn",
    "card_kinds",
    "goldfish_planned",
    "merge_planned",
    "payable",
    "planned_chunks",
    "planned_counts",
    "planned_result",
    "planned_run",
]


_NO_TYPES: Final[frozenset[str]] = frozenset()
_NO_KINDS: Final[frozenset[int]] = frozenset()


#: A turn state's fields as the game loop has them: ready, land types, lands, hand, life, library, changers,
#: treasures (:class:`TurnState`'s, without the land play, which a game always has).
_Fields = tuple[
    tuple[int, ...], frozenset[str], int, tuple[int, ...], int, frozenset[int], tuple[int, ...], int
]


#: The memo's key of a turn state's fields, one flat tuple (which hashes and compares faster than the
#: fields' nested tuples): life, lands, treasures, land types, library, changers, then the ready mana, -1
#: and the hand (both numbers from 0: the -1 tells where one ends).
_Key = tuple[object, ...]


#: The mana units of each of some permanents (a tuple of type masks each).
_Units = tuple[tuple[int, ...], ...]


class _Memo:
    """The best turn of each state met, worked out once (most games pass through the same states)."""

    def __init__(
        self, kinds: Sequence[CardKind], castable_of: Sequence[int], compiled: bool = True, weight: int = 1
    ) -> None:
        self.kinds = list(kinds)
        self.weight = weight  # (how many times larger than a 60-card deck's its entries are: ENTRY_WEIGHT)
        self.castable_of = tuple(castable_of)
        self.matchings = Matchings()  # (kept when the memo starts again: it is bounded on its own)
        self.tables = TurnTables(kinds, castable_of, self.matchings)
        # (the compiled turn search where it covers the deck: the same plans, checked against best_turn)
        self.compiled = CompiledTurns(kinds, castable_of) if compiled and compiled_covers(kinds) else None
        self.plans: dict[_Key, TurnPlan] = {}  # (by the state's fields: a TurnState made only when new)
        # a mulligan's cards put on the bottom, by (the hand sorted, lands bottomed, spells bottomed)
        self.bottoms: dict[tuple[tuple[int, ...], int, int], tuple[int, ...]] = {}
        # per kind, 1 for a card a mulligan counts as a land (a land, or a card with a land face)
        land_kinds = sum(1 for k in kinds if k.role == "land")  # (listed first)
        self.counted_as_land = [int(k.index < land_kinds or k.land_face) for k in kinds]
        self._lands_bottomed: dict[tuple[int, int], int] = {}
        # (the compiled game loop where it covers the deck, made for the turns asked: compiled_games)
        self.games_covered = False
        if self.compiled is not None:  # (numba is imported already: the compiled turn search's)
            from planner.sim.compiled_games import games_covered

            self.games_covered = games_covered(kinds, True)
        self.games: CompiledGames | None = None

    def of(self, fields: _Fields, key: _Key) -> TurnPlan:
        """The plan of the state with these fields (:class:`TurnState`'s, in order), kept by ``key`` (the
        same fields as :data:`_Key` has them)."""
        plan = self.plans.get(key)
        if plan is None:
            if self.full(len(self.plans)):
                self.forget()  # (a long run starts its memo again rather than fill memory)
            ready, land_types, lands, hand, life, library, changers, treasures = fields
            if self.compiled is not None:  # (a game's turn always has its land play)
                plan = self.compiled.plan(ready, land_types, lands, hand, life)
            else:
                state = TurnState(
                    ready,
                    land_types,
                    lands,
                    hand,
                    life,
                    library=library,
                    changers=changers,
                    treasures=treasures,
                )
                plan = best_turn(self.kinds, state, self.castable_of, self.tables)
            self.plans[key] = plan
        return plan

    def compiled_games(self, setup: PlannedRun, turns: int) -> CompiledGames:
        """The compiled game loop of the run's deck (``games_covered`` must hold) for games of ``turns``
        turns (made again when the turns change: Karsten's frontiers depend on them)."""
        if self.games is None or self.games.turns != turns:
            from planner.sim.compiled_games import CompiledGames

            hand = HAND_SIZE + len(setup.commanders)
            assert self.compiled is not None
            weights = setup.weights.tolist()
            self.games = CompiledGames(
                self.kinds, weights, setup.karsten, self.compiled, turns, hand, setup.reads
            )
        return self.games

    def landsbottomed(self, lands: int, bottom: int) -> int:
        """:func:`~planner.sim.game.lands_to_bottom` of one hand of ``lands`` lands putting ``bottom``
        cards on the bottom (kept: numpy's call on one number costs more than the rule)."""
        found = self._lands_bottomed.get((lands, bottom))
        if found is None:
            found = self._lands_bottomed[(lands, bottom)] = int(lands_to_bottom(np.array([lands]), bottom)[0])
        return found

    def entries(self) -> int:
        """How many answers the memo keeps, its tables' included (what :data:`MEMO_ENTRIES` bounds)."""
        compiled = self.compiled.entries() if self.compiled is not None else 0
        games = self.games.entries() if self.games is not None else 0
        return len(self.plans) + len(self.bottoms) + self.tables.entries() + compiled + games

    def full(self, grown: int) -> bool:
        """True when the memo, whose table just grew to ``grown`` entries, is past its budget (checked every
        :data:`BUDGET_CHECKED_EVERY` entries)."""
        return grown % BUDGET_CHECKED_EVERY == 0 and self.entries() > MEMO_ENTRIES // self.weight

    def forget(self) -> None:
        """Forget every turn and table worked out (the matchings are bounded on their own)."""
        self.plans.clear()
        self.bottoms.clear()
        self.tables = TurnTables(self.kinds, self.castable_of, self.matchings)
        if self.compiled is not None:
            self.compiled.forget()
        if self.games is not None:
            self.games.forget()


#: The most answers a run's memo of turns keeps, its tables' included, past which it forgets them all (the
#: figures stay the same, worked out again). A 60-card deck's entries take about 0.9 kB each: 100,000 planned
#: games of ``examples/decks/simic-ramp.txt`` peaked at 525 MB with Karsten's record beside it
#: (:data:`~planner.sim.karsten_planned.KARSTEN_ENTRIES`), the process's 215 MB included.
MEMO_ENTRIES: Final = 300_000
#: How many times smaller a Commander deck's budgets are: its entries take about 3 kB each (a hundred distinct
#: cards, bigger hands). 100,000 planned games of ``examples/decks/simic-commander.txt`` peak at 636 MB, the
#: process's 215 MB included (3.8 GB with no budget, 708 MB with budgets three times smaller).
ENTRY_WEIGHT_COMMANDER: Final = 5
#: How often (in new entries) a memo compares its size with its budget.
BUDGET_CHECKED_EVERY: Final = 1024


#: The decks whose records (:class:`PlannedRun`) a run keeps at once.
KEPT_DECKS: Final = 8


#: Games per chunk of the planned goldfish: each chunk has its own random stream, so the answer is the same
#: however the chunks are spread over processes (``--workers``).
PLANNED_CHUNK: Final = 4096


@dataclass(frozen=True, slots=True, eq=False)
class PlannedRun:
    """What one planned goldfish run of a deck keeps (:func:`planned_run`): the deck as played, its kinds,
    and the memo of turns that its chunks share. The run creates it and passes it down; it dies with it."""

    deck: Deck
    min_x: int
    notes: tuple[str, ...]
    kinds: list[CardKind]
    ignored: tuple[str, ...]
    counts: list[int]
    commanders: list[CardKind]
    deck_ids: np.ndarray
    memo: _Memo
    reads: _Reads
    weights: np.ndarray  # per kind: the copies that count towards a game's castability score
    karsten: KarstenPlanned  # Karsten's measure with the ramp drawn: the turns of positions worked out

    def dealt(self, layout: Sequence[str] | None) -> np.ndarray:
        """The deck's kind ids as dealt, its land slots holding the lands ``layout`` names (see
        :func:`planned_counts`); the deck's own order when ``layout`` is None."""
        if layout is None:
            return self.deck_ids
        land_of = {k.name: k.index for k in self.kinds if k.role == "land"}
        faces = {k.name for k in self.kinds if k.land_face}
        unknown = sorted({name for name in layout if name not in land_of and name not in faces})
        if unknown:
            raise InputError(f"the land layout names {', '.join(unknown)}, not a land of the deck")
        slots = np.array([land_of[name] for name in layout if name in land_of], dtype=np.int64)
        spells = self.deck_ids[sum(self.counts[i] for i in land_of.values()) :]
        return np.concatenate([slots, spells])


def planned_run(deck: Deck, min_x: int, compiled: bool = True) -> PlannedRun:
    """A new run's record of ``deck`` with X spells at ``min_x``: its tables, and an empty memo of turns
    (its turns searched by the compiled search where it covers the deck, unless ``compiled`` is False:
    the same plans, from the Python reference).

    >>> from models.decklist import parse_deck
    >>> run = planned_run(parse_deck("24 Forest\\n36 Bear {1}{G}"), 1)
    >>> [kind.role for kind in run.kinds], len(run.memo.plans)
    (['land', 'spell'], 0)
    """
    kinds, ignored = card_kinds(deck, min_x, commander_colors(deck))
    played_notes = tuple(
        f"{k.name} is played as its land face or cast as a spell, whichever the turn needs"
        for k in kinds
        if k.land_face
    )
    # (what the lands-only goldfish notes of each land, but a bounce land's return, which these turns play)
    land_notes = tuple(
        dict.fromkeys(
            note
            for k in kinds
            if k.land is not None
            for note in k.land.notes
            if not (k.bounce and note.endswith("returning a land to hand is not modelled"))
        )
    )
    unfound = tuple(
        f"{k.name}: its search finds no land of this deck"
        for k in kinds
        if k.search is not None
        and not any(
            k.land is not None and k.land.finds(o.land)
            for o in kinds
            if o.land is not None and o.role == "land"
        )
    )
    played_notes = (*played_notes, *land_notes, *unfound)
    counts = [card.count for card in deck.cards if card.is_land] + [
        c.count for c in deck.cards if not c.is_land
    ]
    commanders = kinds[len(counts) :]  # (card_kinds lists them last)
    deck_ids = np.repeat(np.arange(len(counts), dtype=np.int64), counts)
    spells = [k.index for k in kinds if k.role != "land"]
    costed = [c.cost is not None for c in deck.cards if not c.is_land] + [
        c.cost is not None for c in deck.commanders
    ]
    lands = len(kinds) - len(costed)
    weight = ENTRY_WEIGHT_COMMANDER if deck.is_commander else 1
    memo = _Memo(kinds, spells, compiled, weight)
    start_life = COMMANDER_LIFE if deck.is_commander else STARTING_LIFE
    weights = np.array(
        [0 if k.role == "land" or not costed[k.index - lands] else k.copies for k in kinds], dtype=np.int64
    )
    return PlannedRun(
        deck,
        min_x,
        played_notes,
        kinds,
        tuple(ignored),
        counts,
        commanders,
        deck_ids,
        memo,
        _Reads.of(kinds),
        weights,
        KarstenPlanned(kinds, counts, start_life, memo.matchings, weight),
    )


@dataclass(kw_only=True, frozen=True, slots=True, eq=False)
class PlannedCounts:
    """The tallies of some chunks of a planned goldfish (:func:`planned_counts`), to be merged
    (:func:`merge_planned`) and reported (:func:`planned_result`): per kind, games in which it was castable
    on each reported turn, castable on curve, cast on curve, and so on; hands kept at each mulligan stage;
    life paid; games played."""

    games: int
    castable: np.ndarray
    hits: np.ndarray
    cast_hits: np.ndarray
    drops: np.ndarray
    drop_hits: np.ndarray
    in_hand_hits: np.ndarray
    kept_at: tuple[int, ...]
    life_paid: int
    game_scores: np.ndarray | None = None
    game_life: np.ndarray | None = None  # (with game_scores: the life each game lost to its lands)
    # the hand-driven figures (``castable``, ``hits`` are Karsten's with the ramp drawn): castable by some
    # plan of the turn the game played, on each reported turn and on curve
    castable_as_played: np.ndarray | None = None
    hits_as_played: np.ndarray | None = None


class PlannedRuns:
    """The records (:class:`PlannedRun`) that one run keeps, per deck and X: a goldfish's chunks and its
    report, or every layout an optimisation scores on its deck. The run creates it and passes it down; it
    dies with the run.

    >>> from models.decklist import parse_deck
    >>> runs, deck = PlannedRuns(), parse_deck("24 Forest\\n36 Bear {1}{G}")
    >>> runs.of(deck, 1) is runs.of(deck, 1), runs.of(deck, 1) is runs.of(deck, 2)
    (True, False)
    """

    def __init__(self, compiled: bool = True) -> None:
        self._by_deck: dict[tuple[Deck, int], PlannedRun] = {}
        self._compiled = compiled  # (False: every turn by the Python reference search, for the tests)

    def of(self, deck: Deck, min_x: int) -> PlannedRun:
        """The record of ``deck`` with X spells at ``min_x``, made on first use."""
        found = self._by_deck.get((deck, min_x))
        if found is None:
            if len(self._by_deck) >= KEPT_DECKS:
                self._by_deck.clear()
            found = self._by_deck[(deck, min_x)] = planned_run(deck, min_x, self._compiled)
        return found


def planned_chunks(games: int) -> int:
    """How many chunks a run of ``games`` games has."""
    return -(-games // PLANNED_CHUNK)


_Params = ParamSpec("_Params")
_Result = TypeVar("_Result")


def _collector_paused(function: Callable[_Params, _Result]) -> Callable[_Params, _Result]:
    """``function`` run with Python's cyclic garbage collector paused (and as it was after): a game loop makes
    no reference cycles, but the tuples its memo keeps made the collector run every few hundred allocations,
    about 13 % of a 100,000-game run.

    >>> _collector_paused(gc.isenabled)(), gc.isenabled()
    (False, True)
    """

    @functools.wraps(function)
    def paused(*args: _Params.args, **kwargs: _Params.kwargs) -> _Result:
        enabled = gc.isenabled()
        gc.disable()
        try:
            return function(*args, **kwargs)
        finally:
            if enabled:
                gc.enable()

    return paused


@_collector_paused
def planned_counts(
    deck: Deck,
    *,
    turns: tuple[int, int],
    games: int,
    seed: int,
    on_the_draw: bool,
    mulligan: str,
    min_x: int,
    chunks: range,
    progress: Callable[[int], None] | None = None,
    layout: Sequence[str] | None = None,
    game_scores: bool = False,
    runs: PlannedRuns | None = None,
) -> PlannedCounts:
    """Play the given chunks of a run of ``games`` games (see :func:`goldfish_planned`) and tally them.

    ``layout`` names the land card in each land slot (a name the deck lists as a land; the deck's own
    counts of its lands are then not read, and an MDFC named is left in its own place): with one seed, decks
    of the same cards but their lands deal the same games, each slot holding its own land (common random
    numbers, as :func:`planner.sim.lands_only.goldfish_counts` has them). ``game_scores`` asks for each game's
    copies castable on their curve turn (a commander counts once), in game order: the numerator of
    ``optimise-lands``'s score with the turns planned. ``runs`` holds the records (:class:`PlannedRun`)
    that the caller's run keeps (its other chunks, other layouts of the deck); this call's own when None.

    >>> from models.decklist import parse_deck
    >>> deck = parse_deck("1 Forest\\n1 Island\\n34 Bear {1}{G}\\n24 Wave {U}")
    >>> forests = ("Forest",) * 26
    >>> one = planned_counts(deck, turns=(1, 2), games=50, seed=2, on_the_draw=False, mulligan="none",
    ...     min_x=1, chunks=range(1), layout=forests, game_scores=True)
    >>> int(one.castable[:, 3].sum()), int(one.game_scores.max())  # (no Island: a Wave is never castable)
    (0, 34)
    """
    setup = (runs or PlannedRuns()).of(deck, min_x)
    deck_ids = setup.dealt(layout)
    if setup.memo.games_covered and setup.memo.compiled_games(setup, turns[1]).fits():
        run = (turns, games, seed, on_the_draw, mulligan, chunks)
        return _compiled(setup, deck_ids, *run, progress=progress, game_scores=game_scores)
    weights = setup.weights.tolist()  # (the tallies are Python lists in the loop: a numpy scalar is slow)
    kinds, memo, reads, commanders = setup.kinds, setup.memo, setup.reads, setup.commanders
    commander = setup.deck.is_commander
    stages = mulligan_stages(commander=commander, london=mulligan == "london")
    start_life = COMMANDER_LIFE if commander else STARTING_LIFE
    first, last = turns
    extra = 1 if (on_the_draw or commander) else 0
    castable_games = np.zeros((last - first + 1, len(kinds)), dtype=np.int64)
    as_played = np.zeros((last - first + 1, len(kinds)), dtype=np.int64)
    hits_as_played = [0] * len(kinds)
    due_on: dict[int, list[int]] = {}  # the spells whose curve turn each turn is
    for kind in kinds:
        if kind.role != "land":
            due_on.setdefault(max(1, kind.mana_value), []).append(kind.index)
    hits = [0] * len(kinds)
    cast_hits = [0] * len(kinds)
    drops = [0] * len(kinds)
    drop_hits = [0] * len(kinds)
    in_hand_hits = [0] * len(kinds)
    kept_at = [0] * len(stages)
    life_paid = 0
    played = 0
    scores: list[int] = []
    lives: list[int] = []
    painful = {k.index for k in kinds if k.land is not None and k.land.painful}
    land_kinds = sum(1 for k in kinds if k.role == "land")
    sources_of = {k.index: k.land.sources for k in kinds if k.land is not None}
    land_types_of = {k.index: k.land.land_types for k in kinds if k.land is not None}
    # (turn, the plan's castable, Karsten's castable) -> games
    seen: dict[tuple[int, frozenset[int], frozenset[int]], int] = {}
    plans = memo.plans  # (read here first: a call to the memo only for a state not met before)
    commander_ids = [k.index for k in commanders]
    is_land = [k.role == "land" for k in kinds]
    # per plan met (by its id, the plan kept beside to tell a new one by the same id): _plan_effects
    plan_effects: dict[int, tuple[TurnPlan, _Units, tuple[int, ...], tuple[int, ...]]] = {}
    for chunk in chunks:
        rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(7, chunk)))
        deals = Deals(rng, deck_ids, batched=not reads.library)
        size = min(PLANNED_CHUNK, games - chunk * PLANNED_CHUNK)
        for _ in range(size):
            played += 1
            hand, library = kept_hand(kinds, deals, stages, land_kinds, kept_at, memo)
            score = 0
            hand += commander_ids
            hand.sort()  # (kept sorted: lands first, as the memo's key reads it)
            karsten = setup.karsten.game(hand, last)
            in_play: list[tuple[int, ...]] = []  # the mana units of each nonland mana permanent in play
            land_kinds_in_play: list[int] = []  # the kinds of the lands in play (a found land: its own kind)
            changers: tuple[int, ...] = ()  # the kinds of the permanents in play that change costs
            treasures = 0
            life = start_life
            pain = 0  # (a painful land untapped on a turn is tapped for 1 life)
            ready: tuple[int, ...] = ()  # the mana units ready: worked out again when the permanents change
            for turn in range(1, last + 1):
                drawn = -1
                if (turn > 1 or extra) and library:
                    drawn = library.pop(0)
                    insort(hand, drawn)
                karsten_now = karsten.turn(drawn)
                lands = len(land_kinds_in_play)
                # (the memo's key (_Key) of the state's fields, which are put together only for a state not
                # met before)
                hand_key = _hand_key(hand, land_kinds)
                land_types = (
                    frozenset({t for i in land_kinds_in_play for t in land_types_of[i]})
                    if reads.land_types
                    else _NO_TYPES
                )
                life_read = min(life, reads.life_cap) if reads.life else start_life
                library_read = frozenset(i for i in library if is_land[i]) if reads.library else _NO_KINDS
                key = (
                    life_read,
                    lands if reads.lands else 0,
                    treasures,
                    land_types,
                    library_read,
                    changers,
                    *ready,
                    -1,
                    *hand_key,
                )
                plan = plans.get(key)
                if plan is None:
                    fields: _Fields = (
                        ready,
                        land_types,
                        lands if reads.lands else 0,
                        hand_key,
                        life_read,
                        library_read,
                        changers,
                        treasures,
                    )
                    plan = memo.of(fields, key)
                if turn >= first:  # (tallied by castable sets: added up once at the end)
                    tally = (turn, plan.castable, karsten_now)
                    seen[tally] = seen.get(tally, 0) + 1
                for index in due_on.get(turn, ()):
                    if index in karsten_now:  # (the score is the on-curve figure: Karsten's, as lands only)
                        hits[index] += 1
                        score += weights[index]
                    if index in plan.castable:
                        hits_as_played[index] += 1
                        if index in hand:
                            in_hand_hits[index] += 1
                    if lands + (1 if plan.land >= 0 else 0) == turn:
                        drops[index] += 1
                        drop_hits[index] += index in karsten_now
                    if index in plan.cast:
                        cast_hits[index] += 1
                if plan.land >= 0:
                    hand.remove(plan.land)
                    if plan.fetched >= 0:  # (the land found leaves the library, which is shuffled)
                        library.remove(plan.fetched)
                        library = [int(i) for i in rng.permutation(library)]
                    entered = plan.fetched if plan.fetched >= 0 else plan.land
                    land_kinds_in_play.append(entered)
                    life -= plan.land_life
                    if kinds[plan.land].bounce:
                        # (its trigger returns a land: after the others were tapped for this turn's mana, the
                        # least useful one, which is played again later; itself when it is the only land)
                        others = [i for i in land_kinds_in_play[:-1]] or [entered]
                        back = min(others, key=lambda i: (bin(_profile(kinds[i]).types).count("1"), i))
                        land_kinds_in_play.remove(back)
                        insort(hand, back)
                for index in plan.cast:
                    hand.remove(index)
                effects = plan_effects.get(id(plan))  # (what the plan puts in play: worked out once per plan)
                if effects is None or effects[0] is not plan:
                    effects = plan_effects[id(plan)] = (plan, *_plan_effects(kinds, plan, sources_of))
                _, sick, added, changing = effects
                if changing:
                    changers = tuple(sorted((*changers, *changing)))
                treasures = plan.treasures_left
                in_play += sick
                if plan.land >= 0 and kinds[plan.land].bounce:  # (a land left play: the ready mana again)
                    ready = tuple(
                        sorted(
                            [mask for units in in_play for mask in units]
                            + [mask for i in land_kinds_in_play for mask in sources_of[i]]
                        )
                    )
                elif added:  # (the ready mana and the new permanents')
                    ready = tuple(sorted((*ready, *added)))
                if painful:
                    pain += sum(1 for i in land_kinds_in_play if i in painful)
                    pain -= (
                        1
                        if plan.land_tapped and (plan.fetched if plan.fetched >= 0 else plan.land) in painful
                        else 0
                    )
            life_paid += start_life - life
            scores.append(score)
            lives.append(start_life - life + pain)
        if progress is not None:
            progress(size)
    for (turn, castable, karsten_castable), count in seen.items():
        as_played[turn - first, sorted(castable)] += count
        castable_games[turn - first, sorted(karsten_castable)] += count
    return PlannedCounts(
        games=played,
        castable=castable_games,
        hits=np.array(hits, dtype=np.int64),
        cast_hits=np.array(cast_hits, dtype=np.int64),
        drops=np.array(drops, dtype=np.int64),
        drop_hits=np.array(drop_hits, dtype=np.int64),
        in_hand_hits=np.array(in_hand_hits, dtype=np.int64),
        kept_at=tuple(kept_at),
        life_paid=life_paid,
        game_scores=np.array(scores, dtype=np.int64) if game_scores else None,
        game_life=np.array(lives, dtype=np.int64) if game_scores else None,
        castable_as_played=as_played,
        hits_as_played=np.array(hits_as_played, dtype=np.int64),
    )


def _compiled(
    setup: PlannedRun,
    deck_ids: np.ndarray,
    turns: tuple[int, int],
    games: int,
    seed: int,
    on_the_draw: bool,
    mulligan: str,
    chunks: range,
    *,
    progress: Callable[[int], None] | None,
    game_scores: bool,
) -> PlannedCounts:
    """:func:`planned_counts` by the compiled game loop (:func:`~planner.sim.compiled_games.compiled_counts`),
    its games dealt as the Python loop deals them: the same figures."""
    from planner.sim.compiled_games import Dealing, compiled_counts

    memo = setup.memo
    stages = mulligan_stages(commander=setup.deck.is_commander, london=mulligan == "london")
    land_kinds = sum(1 for k in setup.kinds if k.role == "land")
    kept_at = [0] * len(stages)

    def bottom_of(hand: tuple[int, ...], lands: int, spells: int) -> tuple[int, ...]:
        # (as kept_hand: a hand's bottom does not depend on the order it was dealt in)
        key = (hand, lands, spells)
        found = memo.bottoms.get(key)
        if found is None:
            found = memo.bottoms[key] = tuple(
                bottomed(setup.kinds, list(hand), land_kinds, lands, spells, memo.matchings)
            )
        return found

    most = max(stage.bottom for stage in stages)
    dealing = Dealing(
        stages=np.array([(s.bottom, s.keep_min, s.keep_max) for s in stages], dtype=np.int64),
        lands_bottomed=np.array(
            [
                [memo.landsbottomed(lands, bottom) for bottom in range(most + 1)]
                for lands in range(HAND_SIZE + 1)
            ],
            dtype=np.int64,
        ),
        counted_as_land=np.array(memo.counted_as_land, dtype=np.int64),
        kept_at=kept_at,
        bottom_of=bottom_of,
    )

    def dealt() -> Iterator[tuple[int, Callable[[], np.ndarray]]]:
        for chunk in chunks:
            rng = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(7, chunk)))
            size = min(PLANNED_CHUNK, games - chunk * PLANNED_CHUNK)
            yield size, Deals(rng, deck_ids, batched=True).block

    budget = MEMO_ENTRIES // memo.weight
    counts, scored = compiled_counts(
        setup, turns, on_the_draw, dealt(), dealing=dealing, budget=budget, progress=progress
    )
    tallies = counts.tallies
    return PlannedCounts(
        games=len(scored),
        castable=counts.castable,
        hits=tallies[0].copy(),
        cast_hits=tallies[5].copy(),
        drops=tallies[3].copy(),
        drop_hits=tallies[4].copy(),
        in_hand_hits=tallies[2].copy(),
        kept_at=tuple(kept_at),
        life_paid=int(tallies[6, 0]),
        game_scores=scored[:, 0].copy() if game_scores else None,
        game_life=scored[:, 1].copy() if game_scores else None,
        castable_as_played=counts.as_played,
        hits_as_played=tallies[1].copy(),
    )


def _plan_effects(
    kinds: Sequence[CardKind], plan: TurnPlan, sources_of: dict[int, tuple[int, ...]]
) -> tuple[_Units, tuple[int, ...], tuple[int, ...]]:
    """What a turn's plan puts in play: the mana units of each source it casts (summoning sick or not, ready
    from the next turn), the units added to the ready mana for the next turn (those, and the land's that
    entered), and the changers (of costs, of Treasures) it casts.

    >>> from planner.sim.lands import LandProfile
    >>> forest = CardKind(0, "Forest", "land", 0, units=(16,), land=LandProfile(sources=(16,)))
    >>> elf = CardKind(1, "Elf", "source", 1, demand=(16,), units=(16,), creature=True)
    >>> _plan_effects([forest, elf], TurnPlan(0, False, 0, (1,), frozenset({1})), {0: (16,)})
    (((16,),), (16, 16), ())
    """
    sick = tuple(kinds[i].units for i in plan.cast if kinds[i].role == "source")
    added = [mask for units in sick for mask in units]
    if plan.land >= 0:
        added += sources_of[plan.fetched if plan.fetched >= 0 else plan.land]
    changing = tuple(i for i in plan.cast if kinds[i].changes_later)
    return sick, tuple(added), changing


def merge_planned(parts: Sequence[PlannedCounts]) -> PlannedCounts:
    """The tallies of several chunks together (sums; the per-game scores, when every part has them, in the
    parts' order)."""
    first = parts[0]
    return PlannedCounts(
        games=sum(p.games for p in parts),
        castable=sum((p.castable for p in parts[1:]), first.castable.copy()),
        hits=sum((p.hits for p in parts[1:]), first.hits.copy()),
        cast_hits=sum((p.cast_hits for p in parts[1:]), first.cast_hits.copy()),
        drops=sum((p.drops for p in parts[1:]), first.drops.copy()),
        drop_hits=sum((p.drop_hits for p in parts[1:]), first.drop_hits.copy()),
        in_hand_hits=sum((p.in_hand_hits for p in parts[1:]), first.in_hand_hits.copy()),
        kept_at=tuple(sum(column) for column in zip(*(p.kept_at for p in parts), strict=True)),
        life_paid=sum(p.life_paid for p in parts),
        game_scores=np.concatenate([p.game_scores for p in parts if p.game_scores is not None])
        if all(p.game_scores is not None for p in parts)
        else None,
        game_life=np.concatenate([p.game_life for p in parts if p.game_life is not None])
        if all(p.game_life is not None for p in parts)
        else None,
        castable_as_played=_summed([p.castable_as_played for p in parts]),
        hits_as_played=_summed([p.hits_as_played for p in parts]),
    )


def _summed(arrays: Sequence[np.ndarray | None]) -> np.ndarray | None:
    """The sum of the parts' tallies, None when a part has none."""
    present = [a for a in arrays if a is not None]
    if len(present) < len(arrays):
        return None
    total = np.zeros_like(present[0])
    for part in present:
        total += part
    return total


def planned_result(
    deck: Deck,
    counts: PlannedCounts,
    *,
    turns: tuple[int, int],
    seed: int,
    on_the_draw: bool,
    mulligan: str,
    min_x: int,
    runs: PlannedRuns | None = None,
) -> GoldfishResult:
    """The goldfish report of merged tallies (``runs`` as :func:`planned_counts` has it)."""
    setup = (runs or PlannedRuns()).of(deck, min_x)
    kinds, played = setup.kinds, setup.deck
    stages = mulligan_stages(commander=played.is_commander, london=mulligan == "london")
    first, last = turns
    games = counts.games
    cards = []
    for kind in kinds:
        if kind.role == "land":
            continue
        index = kind.index
        known = bool(kind.demand or kind.phyrexian or kind.mana_value == 0)
        in_range = max(1, kind.mana_value) <= last
        drops = int(counts.drops[index])
        cards.append(
            CardOdds(
                name=kind.name,
                copies=setup.counts[index] if index < len(setup.counts) else 1,
                cost=str(_cost_of(played, kind.name)) if known else None,
                mana_value=kind.mana_value,
                commander=index >= len(setup.counts),
                by_turn=tuple(float(counts.castable[i, index]) / games for i in range(last - first + 1)),
                on_curve=float(counts.hits[index]) / games if in_range else None,
                on_curve_given_land_drops=float(counts.drop_hits[index]) / drops
                if in_range and drops
                else None,
                on_curve_in_hand=float(counts.in_hand_hits[index]) / games if in_range else None,
                cast_on_curve=float(counts.cast_hits[index]) / games if in_range else None,
                by_turn_as_played=tuple(
                    float(counts.castable_as_played[i, index]) / games for i in range(last - first + 1)
                )
                if counts.castable_as_played is not None
                else (),
                on_curve_as_played=float(counts.hits_as_played[index]) / games
                if in_range and counts.hits_as_played is not None
                else None,
            )
        )
    return GoldfishResult(
        games=games,
        seed=seed,
        turns=tuple(range(first, last + 1)),
        on_the_draw=on_the_draw,
        mulligan=mulligan,
        deck_size=played.size,
        lands=played.lands + sum(k.copies for k in kinds if k.land_face),  # (an MDFC with a land back counts)
        commanders=tuple(c.name for c in played.commanders),
        cards=tuple(cards),
        ignored_sources=setup.ignored,
        notes=(*setup.notes, f"turns planned with the turn planner; X spells cast with X = {min_x}"),
        kept_sizes=kept_sizes(stages, counts.kept_at, games),
        life_paid=counts.life_paid / games,
    )


def goldfish_planned(
    deck: Deck,
    *,
    turns: tuple[int, int],
    games: int,
    seed: int,
    on_the_draw: bool,
    mulligan: str,
    min_x: int,
    progress: Callable[[int], None] | None = None,
) -> GoldfishResult:
    """Goldfish ``deck`` with the turn planner (see the module docstring); the report of
    :func:`planner.sim.goldfish.goldfish`, plus ``cast_on_curve``: how often a copy was cast on its curve
    turn by the best turn's plan (not only castable). Games are dealt in chunks of :data:`PLANNED_CHUNK`,
    each with its own random stream.

    Mulligans follow the same rule (:data:`~planner.sim.game.LONDON`: lands counted after bottoming);
    the cards put on the bottom are chosen by the colors they keep
    (:func:`~planner.sim.planned_deals.bottomed`).
    """
    settings = {
        "turns": turns,
        "seed": seed,
        "on_the_draw": on_the_draw,
        "mulligan": mulligan,
        "min_x": min_x,
        "runs": PlannedRuns(),  # (this run's: its chunks share the memo of turns)
    }
    counts = planned_counts(
        deck,
        games=games,
        chunks=range(planned_chunks(games)),
        progress=progress,
        **settings,  # type: ignore[arg-type]
    )
    return planned_result(deck, counts, **settings)  # type: ignore[arg-type]


def _cost_of(deck: Deck, name: str) -> ManaCost | None:
    return next((c.cost for c in (*deck.cards, *deck.commanders) if c.name == name), None)


@dataclass(frozen=True, slots=True)
class _Reads:
    """Which parts of a game's state a deck's turns can depend on, so that states differing only elsewhere
    share their memoised plan: the basic land types in play (check lands), how many lands (fast lands), the
    life total (shocklands, Phyrexian mana; painlands are not counted)."""

    land_types: bool
    lands: bool
    life: bool
    library: bool = False
    # the most life a turn's choices can tell apart: a shockland's and a fetchland's payments, and 2 for
    # each Phyrexian symbol of the deck; any life above it plays the same (:func:`best_turn` only compares
    # life with what it pays), so states with more life share their plan
    life_cap: int = 0

    @classmethod
    def of(cls, kinds: Sequence[CardKind]) -> _Reads:
        entries = {k.land.entry for k in kinds if k.land is not None}
        shock = max((k.land.shock_life for k in kinds if k.land is not None), default=0)
        fetch = max((k.search.life for k in kinds if k.search is not None), default=0)
        phyrexian = sum(2 * k.phyrexian * k.copies for k in kinds)
        return cls(
            land_types=Entry.CHECK in entries,
            lands=Entry.FAST in entries or Entry.SLOW in entries,
            life=Entry.SHOCK in entries or any(k.phyrexian for k in kinds) or any(k.search for k in kinds),
            library=any(k.search for k in kinds),
            life_cap=shock + fetch + phyrexian + 1,
        )


def _profile(kind: CardKind) -> LandProfile:
    """The land profile of a land kind (or of an MDFC's land face)."""
    assert kind.land is not None
    return kind.land


def _hand_key(hand: list[int], land_kinds: int) -> tuple[int, ...]:
    """The sorted hand as a turn's plan reads it: its spells, and one of each land (one land is played a
    turn); the lands are the kinds below ``land_kinds`` (:func:`~planner.sim.kinds.card_kinds` lists them
    first).

    >>> _hand_key([0, 0, 1, 2, 2], 2), _hand_key([0, 1, 1, 1], 2), _hand_key([2, 3], 2)
    ((0, 1, 2, 2), (0, 1), (2, 3))
    """
    split = bisect_left(hand, land_kinds)
    if split < 2:
        return tuple(hand)
    key = [hand[0]]
    for card in hand[1:split]:  # (sorted: a land kind's copies are side by side)
        if card != key[-1]:
            key.append(card)
    key += hand[split:]
    return tuple(key)
