"""Planning a turn's main phase (contract section 7): the land to play, the spells to cast and their order,
each paid in full as it is cast, with mana carried from one to the next as the rules allow.

How the search is exact. A turn is a sequence of *events* that change what later spells can use (the land
played, and spells that bring mana: a rock, a ritual, a creature with haste, a cost reducer, a Treasure
maker) and *plain* spells, which only spend mana. The order of plain spells never matters: they are paid
from one pool (CR 500.4: mana stays all main phase) by sources that are all there at the end, so they are
cast last. For every land choice and every subset and order of the event spells, one CP-SAT model pays the
whole turn (:class:`~planner.solve.problem.TurnPayments`: a step index, an *epoch*, per cast, the pool
carried), choosing which plain spells to cast; the best of these models under the turn's objective wins (each
spell's riders on the mana spent, converge's colors or "if {C} was spent", weighed as ``pay`` weighs them:
:mod:`planner.solve.cpsat.riders`).
Sequences that can't beat the best found (their bound: the mana value of every spell they may cast, then the
cards that uses up) are not solved, nor are land and exile choices that can't; a spell that costs nothing and
only brings mana (Lotus Petal) comes before the other events; the analysis of the boards the sequences share
is worked out once (:class:`~planner.turn_model.SharedWork`, where a sequence becomes its problem). Every
plan is replayed by the rules spell after spell before it is returned.

The land choices include a fetchland cracked at once for each land it may find and an MDFC's land face
(:func:`~planner.turn_choices.land_choices`); a bounce land is played after every spell (nothing it does
helps this turn, and the land it returns was tapped first). Cards exiled from the hand for their mana (Spirit
Guides) come first: their mana stays in the pool. Each choice of land and of cards exiled is searched with
the spells the hand has left (contract section 11). Each sequence is solved with every way of paying its
spells' additional costs (:mod:`planner.turn_additional`) and every choice of the cost each spell is cast
for, its mana cost or an alternative cost (:mod:`planner.turn_alternative`, CR 118.9). Convoke, improvise,
delve and the optional tap of creatures pay each spell inside the sequence's model, each permanent tapped
once in the turn (:func:`~planner.turn_choices.without_mana_events` says which spells they make events).
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Sequence
from dataclasses import replace
from itertools import combinations_with_replacement
from typing import Literal

from models.board import Board
from models.carddata.names import CardResolver
from models.cost import PaymentTarget
from models.errors import InputError
from models.limits import MAX_GENERIC, within
from models.mana import ManaTypes
from planner.answer_warnings import cast_fact_warnings
from planner.api import solve_cpsat
from planner.rules.additional_costs import banned_life_reason, planned_costs, turn_fact_warnings
from planner.rules.cast_bans import (
    SpellLimit,
    land_play_ban,
    spells_left,
    turn_count_warnings,
    undecided_ban_warnings,
    why_forbidden,
)
from planner.rules.graveyard_permissions import graveyard_land_played, graveyard_lands
from planner.rules.hand import HandAbility, hand_abilities
from planner.rules.last_spell import ColorChain, color_chain, spell_colors
from planner.rules.next_spell_abilities import next_spell_notes
from planner.rules.question import within_question
from planner.rules.token_replacements import token_replacement_notes
from planner.rules.turn import land_play_condition_warnings, land_play_spell_warnings, life_entry_warnings
from planner.rules.view import BoardView
from planner.solve.objective import ALTERNATIVE_COSTS
from planner.solve.problem import (
    BoardAnalysis,
    TimeUp,
    checked_player,
)
from planner.solve.solution import Solution, SolveStatus
from planner.turn_activated import (
    abilities_hold,
    ability_spells,
    loyalty_assumed,
    planned_sentences,
    planned_texts,
    with_abilities,
)
from planner.turn_additional import (
    additional_events,
    may_discard,
    sacrificed_for_mana_notes,
    unread_cost_notes,
)
from planner.turn_alternative import (
    alternative_cost_notes,
    alternative_events,
    energy_counted,
    energy_events,
    landfall_energy_possible,
    may_have_ways,
    model_ways,
    overloaded,
    returned_land_notes,
    way_levels,
    way_sequences,
    ways_hold,
    with_model_ways,
)
from planner.turn_amounts import battlefield_read_events
from planner.turn_cast_counters import cast_counter_events, cast_counter_notes
from planner.turn_cast_mana import cast_mana_events
from planner.turn_choices import (
    Ids,
    TurnSpell,
    cast_card,
    colors_made,
    converted_token_events,
    counted_events,
    distinct,
    exile_choices,
    free_event,
    hand_lands,
    hand_spells,
    landfall_possible,
    landfall_times_unknown,
    landfall_twice_warnings,
    returned_land,
    taxed_by_count,
    turn_notes,
    turn_spell,
    why_not_castable_now,
    with_card_faces,
    without_mana_events,
)
from planner.turn_deaths import mana_death_notes
from planner.turn_entering import entry_sources
from planner.turn_entering_mana import entering_read_events
from planner.turn_events import landfall_again_events
from planner.turn_land_plays import (
    added_land_plays,
    land_drops_left,
    land_play_events,
    land_plays_hold,
    more_land_sequences,
)
from planner.turn_lands import LandPlays, bounce_replay_note, land_sequences, lands_left
from planner.turn_library import library_cast_notes
from planner.turn_model import (
    SharedWork,
    Timeline,
    TurnItem,
    TurnSequence,
    sequence_discards,
    sequence_problem,
    timeline_of,
)
from planner.turn_other_zones import recast_notes, without_graveyard_takers, zone_cast, zone_spells
from planner.turn_paid import discard_budget, paid_sequences, with_discards
from planner.turn_relaxed import relaxed_sequence
from planner.turn_replay import bounce_land, replayed
from planner.turn_result import LandPlayed, SpellCast, TurnResult
from planner.turn_search import LAND, depth_first
from planner.turn_spell_checks import banning_spells, spells_text_warnings, unread_before_later
from planner.turn_unplanned import (
    cast_token_notes,
    cast_trigger_notes,
    equip_haste_notes,
    graveyard_cost_notes,
    landfall_unread_notes,
    library_life_notes,
    loyalty_mana_notes,
    main_phase_trigger_notes,
    token_ability_notes,
)

__all__ = ["LandPlayed", "SpellCast", "TurnResult", "plan_turn"]


def _key(sequence: TurnSequence, solution: Solution, timeline: Timeline, player: str) -> tuple[int, ...]:
    """The turn's objective, comparable across sequences: the held cost, the most mana value, the fewest
    cards used up (the land counts), the most colors the player's permanents can make once the land is
    played (the land that keeps the most colors for later turns), then the pay objective's levels, its
    riders on the mana spent among them, summed over the turn's spells, the life its lands paid to enter
    counted with theirs (contract §11-§12: the castability
    of the turn's spells comes before any rider), and last the fewest spells cast for alternative costs
    (among equal plans the mana costs, as ``pay`` pays the mana cost among equal ways). The fewest
    activated abilities (:mod:`planner.turn_activated`: an ability uses up no card) come after the cards:
    an ability is activated only where it casts more or uses fewer cards."""
    assert solution.turn is not None
    spells = sequence.spells
    value = sum(spells[n].mana_value for n in solution.turn.casts)
    activated = sum(1 for n in solution.turn.casts if spells[n].ability is not None)  # (no cards: abilities)
    cards = len(solution.turn.casts) - activated + len(sequence.lands) + len(sequence.exiled)
    cards += sum(sequence_discards(sequence).values())  # (cards discarded are used up too)
    ways = way_levels(timeline, player, solution.turn.casts)  # (the alternative costs' cards, life...)
    cards += ways["cards"]
    # (and the life the lands paid as they entered, a shockland's 2: paid only when the plan needs it)
    ways["life_and_damage"] += sum(land.entry.life for land in sequence.lands)
    levels = dict(solution.objective)
    turn_levels = ("keep", "mana_value", "cards", ALTERNATIVE_COSTS)  # (the last: counted below, all ways)
    rest = [v + ways.get(name, 0) for name, v in solution.objective if name not in turn_levels]
    final = timeline.boards[-1]
    bounce = bounce_land(sequence.lands)
    if bounce is not None:
        final = final.without_permanent(
            returned_land(final, player, bounce.pid, frozenset(solution.turn.held_by))
        )
    alternatives = sum(1 for n in solution.turn.casts if spells[n].way is not None)  # (mana among equals)
    # (then the fewest abilities activated, turn_activated: only what casts more or uses fewer cards)
    return (levels.get("keep", 0), -value, cards, activated, -colors_made(final, player), *rest, alternatives)


def _kinds(events: list[TurnSpell]) -> list[list[TurnSpell]]:
    """The event spells grouped by card: copies of one card are one choice of the search (their
    permanents' ids aside, two orders that swap them are one order)."""
    groups: dict[tuple[object, ...], list[TurnSpell]] = {}
    keys: dict[tuple[int, int], tuple[object, ...]] = {}  # (copies of a card share their card and target)
    for spell in events:
        card = spell.card
        key = keys.get((id(card), id(spell.target)))
        if key is None:
            key = (card.name, card.oracle, str(card.type_line), str(spell.target.cost), spell.target)
            keys[(id(card), id(spell.target))] = key
        groups.setdefault(key, []).append(spell)
    return list(groups.values())


_Best = tuple[tuple[int, ...], TurnSequence, Solution, Timeline]

#: The ways paying only mana (Omniscience's) are chosen in each sequence's model
#: (:func:`~planner.turn_alternative.model_ways`); False solves one model per choice of them, as before
#: (tests/test_turn_alternative_costs.py compares both: the same plans).
_WAYS_IN_MODEL = True

#: The orders of one set of event spells are skipped once the best plan found reaches their relaxation's
#: bound (:mod:`planner.turn_relaxed`); False solves every order, as before (tests/test_turn_orders.py
#: compares both: the same plans).
_RELAX = True


class _Search:
    """The search of a turn's orders (:func:`planner.turn_search.depth_first`): each order of event spells
    becomes a sequence, solved as it comes; the best under :func:`_key` is kept. ``mode``: ``"given"`` (the
    spells in the order given), ``"best"`` (every order of the given spells, all cast) or ``"choose"`` (every
    order of every subset of the event spells, the plain spells optional). Each choice of the land play and
    of the cards exiled from the hand for their mana is searched in turn, with the spells the hand has
    left (an MDFC played as a land, a Spirit Guide exiled, is not cast)."""

    def __init__(
        self,
        *,
        board: Board,
        player: str,
        hold: PaymentTarget | None,
        deadline: float,
        spells: list[TurnSpell],
        sensitive: bool,
        mode: str,
        landfall: bool,
        energy: bool = False,
        limits: tuple[SpellLimit, ...] = (),
        chain: ColorChain | None = None,
    ) -> None:
        self.board, self.player, self.hold, self.deadline = board, player, hold, deadline
        # (the most spells of a kind the turn may cast, CR 101.2: each spell is then an event)
        self.limits = limits
        self.chain = chain  # (Mana Maze's: each spell is then an event, in its order)
        self.kind_colors: list[ManaTypes] = []
        self.spells, self.sensitive, self.mode, self.landfall = spells, sensitive, mode, landfall
        self.energy = energy  # (the energy the turn gives is counted: turn_alternative.energy_counted)
        self.cast_mana = False  # (triggers on casting a spell add mana: turn_cast_mana)
        self.more_plays = False  # (a spell of the turn adds land plays: turn_land_plays)
        self.kinds: list[list[TurnSpell]] = []
        self.plain: list[TurnSpell] = []
        self.given: tuple[TurnSpell, ...] = ()
        self.abilities: list[TurnSpell] = []  # (the abilities the given order may activate)
        self.exiles: tuple[TurnItem, ...] = ()
        self.shared = SharedWork(player, deadline, counted=sensitive)
        # (with a discard in the hand, not playing a land is tried too, and a plan that plays none is worse,
        # all else equal: the land drop is given up only when that casts more, contract section 11)
        self.take_land = False
        self.most_lands = 0  # (the most lands a choice plays: the land drops a plan leaves, when taken)
        self.alternatives = may_have_ways(board, spells)  # (else no spell has an alternative cost to try)
        self.unplanned: set[str] = set()  # (notes: mana of sacrificed permanents the search left out)
        self.ways_in_model = _WAYS_IN_MODEL
        self.relax = _RELAX
        # (for each set of event spells of the land and cards exiled searched: its orders were seen once,
        # then the relaxation's bound, None where it does not hold: turn_relaxed)
        self.seen: set[tuple[int, ...]] = set()
        self.bounds: dict[tuple[int, ...], tuple[int, ...] | None] = {}
        self.best: _Best | None = None
        # (the player's permanents whose tapped state decides how others enter: turn_entering)
        self.entry_sources = entry_sources(board, player)
        self.complete = True
        self.solved = 0

    def check(self) -> None:
        """Raise TimeUp once the time limit has run out."""
        if time.monotonic() > self.deadline:
            raise TimeUp

    def run(self, lands: list[LandPlays], exiles: Iterable[tuple[HandAbility, ...]]) -> bool:
        """Search every choice of the lands played with every choice of cards exiled; True when the search
        was complete (no time-out, every model optimal)."""
        try:
            for exiled in exiles:
                for land in lands:
                    self.check()
                    spells = self._spells_left(land, exiled)
                    if spells is not None and not self._beaten(spells, land, exiled):
                        self._choice(land, exiled, spells)
        except TimeUp:
            self.complete = False
        return self.complete

    def _spells_left(self, lands: LandPlays, exiled: tuple[HandAbility, ...]) -> list[TurnSpell] | None:
        """The spells the hand has left once ``lands`` are played and the cards ``exiled`` are exiled; None
        when the caller casts a card they use up."""
        used = {a.position for a in exiled} | {land.position for land in lands}
        used.discard(-1)
        spells = [s for s in self.spells if s.position < 0 or s.position not in used]
        if self.mode != "choose" and len(spells) < len(self.spells):
            return None  # (a card the caller casts can't also be played as a land)
        return spells

    def _beaten(self, spells: list[TurnSpell], lands: LandPlays, exiled: tuple[HandAbility, ...]) -> bool:
        """True when no plan of this choice can beat the best found: even casting every spell left (or
        those the caller casts), with the held cost kept, its key's first levels (:func:`_key`) are worse."""
        cast = spells if self.mode != "choose" else []
        return self._bounded(cast, spells if self.mode == "choose" else [], lands, exiled)

    def _bounded(
        self,
        cast: Sequence[TurnSpell],
        optional: Sequence[TurnSpell],
        lands: LandPlays,
        exiled: Sequence[HandAbility],
        activations: int = 0,
    ) -> bool:
        """True when a plan that casts ``cast`` and some of ``optional`` can't beat the best found: its key
        (:func:`_key`) is at best the held cost kept, the mana value of all of them, and for that much the
        cards cast, those of ``optional`` with a mana value, the lands and the cards exiled, then the
        ``activations`` it makes (its abilities: each is activated); a bound equal to the best key's first
        levels may still win on the later ones."""
        if self.best is None:
            return False
        value = sum(s.mana_value for s in (*cast, *optional))
        spells_cast = sum(1 for s in cast if s.ability is None)  # (an ability uses up no card)
        cards = len(exiled) + len(lands) + spells_cast + sum(s.mana_value > 0 for s in optional)
        return (0, -value, 0, cards, activations) > self.best[0][:5]

    def _choice(self, lands: LandPlays, exiled: tuple[HandAbility, ...], spells: list[TurnSpell]) -> None:
        """Search the orders of one choice of the lands played and of the cards exiled, with the spells
        left."""
        events = [s for s in spells if s.event or self.sensitive or self._ordered]
        self.kinds = _kinds(events)
        view = BoardView(self.board)
        self.kind_colors = spell_colors(view, self.player, [copies[0].target for copies in self.kinds])
        # (a plain delve spell after the other plain spells: their instants and sorceries are then in the
        # graveyard for it, SpellPayment.fed_by)
        self.plain = sorted(
            (s for s in spells if not (s.event or self.sensitive or self._ordered)),
            key=lambda s: s.target.delve,
        )
        self.given = tuple(s for s in spells if s.ability is None)
        self.abilities = [s for s in spells if s.ability is not None]
        self.exiles = tuple(TurnItem(exile=a) for a in exiled)
        self.seen.clear()
        self.bounds.clear()
        if self.mode == "given":
            self._given(lands)
            return
        counts = [len(copies) for copies in self.kinds]
        placed = len(self._placed_lands(lands))

        def visit(order: tuple[int, ...], done: bool) -> bool:
            return self._visit(order, done, lands)

        depth_first(counts, visit, lands=placed, first=self._first(lands), check=self.check)

    @property
    def _ordered(self) -> bool:
        """True when a prohibition reads the turn's spells (a limit, Mana Maze's): each is then an event."""
        return bool(self.limits) or self.chain is not None

    def _beyond_limits(self, used: list[int]) -> bool:
        """True when the event spells ``used`` (how many of each kind) are more of a kind than a limit on the
        spells of the turn allows (CR 101.2)."""
        if not self.limits:
            return False
        lines = [
            self.kinds[kind][0].card.type_line
            for kind, count in enumerate(used)
            if self.kinds[kind][0].ability is None  # (an ability is no spell: turn_activated)
            for _ in range(count)
        ]
        return any(limit.exceeded(lines) for limit in self.limits)

    def _placed_lands(self, lands: LandPlays) -> LandPlays:
        """The lands the search places among the event spells (landfall: not a bounce land, played last)."""
        return tuple(land for land in lands if not land.returns_land) if self.landfall else ()

    def _first(self, lands: LandPlays) -> frozenset[int]:
        """The kinds best cast first (:func:`~planner.turn_choices.free_event`): free on the board the turn's
        first spell sees, with each number of the lands played (landfall or a bounce land may put them
        later); none when costs depend on the spells cast before."""
        if self.sensitive or self.cast_mana:
            return frozenset()  # (or which spell sets off a trigger adding mana matters)
        before = timeline_of(self.board, self.player, TurnSequence(items=self.exiles, optional=True)).boards[
            -1
        ]
        boards = [before]
        for count in range(1, len(lands) + 1):
            items = (*self.exiles, *(TurnItem(land=land) for land in lands[:count]))
            boards.append(
                timeline_of(self.board, self.player, TurnSequence(items=items, optional=True)).boards[-1]
            )
        views = [BoardView(board) for board in boards]
        return frozenset(
            kind
            for kind, copies in enumerate(self.kinds)
            if not planned_costs(copies[0].target.additional_costs)
            and all(free_event(copies[0], view, self.player) for view in views)
        )

    def _placed(self, items: list[TurnItem], lands: LandPlays) -> tuple[TurnItem, ...]:
        """The sequence of ``items`` (spells, the lands among them when landfall placed them) with the cards
        exiled first, then the lands not placed, and a bounce land last (played after every spell: its mana
        comes next turn, and the land it returns was tapped first)."""
        last = tuple(TurnItem(land=land) for land in lands if land.returns_land)
        if any(item.land is not None for item in items):
            return (*self.exiles, *items, *last)
        first = tuple(TurnItem(land=land) for land in lands if not land.returns_land)
        return (*self.exiles, *first, *items, *last)

    def _given(self, lands: LandPlays) -> None:
        """The spells in the order given, the lands first or (landfall) at each place among the events, in
        their order."""
        items = [TurnItem(spell=s) for s in self.given]
        placed_lands = self._placed_lands(lands)
        places = [0] + [n + 1 for n, s in enumerate(self.given) if s.event]
        for at in combinations_with_replacement(places, len(placed_lands)) if placed_lands else [()]:
            placed = list(items)
            for land, place in reversed(list(zip(placed_lands, at, strict=True))):
                placed.insert(place, TurnItem(land=land))
            for activated in with_abilities(placed, self.abilities):  # (optional, anywhere: turn_activated)
                self._solve(
                    TurnSequence(
                        items=self._placed(activated, lands),
                        optional=False,
                        energy=self.energy,
                        counted=self.sensitive,
                        cast_mana=self.cast_mana,
                    )
                )

    def _visit(self, order: tuple[int, ...], done: bool, lands: LandPlays) -> bool:
        """Solve the sequence of one order; True to search its extensions."""
        items: list[TurnItem] = []
        used = [0] * len(self.kinds)
        placed_lands = self._placed_lands(lands)
        placed = 0
        for kind in order:
            if kind == LAND:
                items.append(TurnItem(land=placed_lands[placed]))
                placed += 1
                continue
            items.append(TurnItem(spell=self.kinds[kind][used[kind]]))
            used[kind] += 1
        if self._beyond_limits(used):
            return False  # (more spells than a limit allows, CR 101.2: nor its extensions)
        spells = [k for k in order if k != LAND and self.kinds[k][0].ability is None]  # (no abilities)
        if self.chain is not None and self.chain.broken(self.kind_colors[k] for k in spells):
            return False  # (a spell sharing a color with the one before, CR 101.2: nor its extensions)
        # (every spell given in it: the abilities, turn_activated, are optional)
        spells_done = all(used[k] == len(c) for k, c in enumerate(self.kinds) if c[0].ability is None)
        if placed < len(placed_lands):
            if self.mode == "best" and not done:
                return True  # (the order is not complete without its lands)
            # (after the events so far: their triggers' mana comes last)
            items += [TurnItem(land=land) for land in placed_lands[placed:]]
        plain = [TurnItem(spell=s) for s in self.plain]
        if self.mode == "best":
            if not (done or spells_done):
                return True  # (only complete orders cast every spell given)
            self._solve(
                TurnSequence(
                    items=self._placed([*items, *plain], lands),
                    optional=False,
                    energy=self.energy,
                    counted=self.sensitive,
                    cast_mana=self.cast_mana,
                ),
                tuple(used),
            )
            # (an ability after its events may still pay the plain spells, cast last)
            return not done
        if order and order[-1] == LAND:
            return True  # (the same sequence as its parent's, solved there)
        sequence = TurnSequence(
            items=self._placed([*items, *plain], lands),
            optional=True,
            energy=self.energy,
            counted=self.sensitive,
            cast_mana=self.cast_mana,
        )
        events = [item.spell for item in items if item.spell is not None]
        exiled = [item.exile for item in self.exiles if item.exile]
        activations = sum(1 for s in events if s.ability is not None)
        if self._bounded(events, self.plain, lands, exiled, activations):
            return True  # (it can't beat the best found: only its extensions may)
        return self._solve(sequence, tuple(used))

    def _solve(self, sequence: TurnSequence, events: tuple[int, ...] | None = None) -> bool:
        """Solve one sequence with each way of paying its spells' additional costs
        (:func:`~planner.turn_additional.paid_sequences`), keeping the best so far; True when its event spells
        can all be cast in one of them (its extensions may then be), or when no order of its event spells
        (``events``: how many of each kind) can beat the best found (:meth:`_relaxed_beaten`: checked first,
        before the ways are worked out)."""
        if events is not None and self._relaxed_beaten(events, sequence):
            return True
        castable = False
        chosen_ways = (
            way_sequences(self.board, self.player, sequence, every_way=not self.ways_in_model)
            if self.alternatives
            else [sequence]
        )
        for chosen in chosen_ways:
            for paid, unplanned in paid_sequences(self.board, self.player, chosen):
                self.unplanned |= unplanned
                castable = self._solve_paid(paid) or castable
        return castable

    def _solve_paid(self, sequence: TurnSequence) -> bool:
        """Solve one sequence whose additional costs are chosen, once for each epoch from which the player's
        permanents deciding how others enter may be tapped (:mod:`planner.turn_entering`), and keep the best
        so far; True when its event spells can all be cast."""
        castable = False
        for variant in self._entry_variants(sequence):
            castable = self._solve_variant(variant) or castable
        return castable

    def _entry_variants(self, sequence: TurnSequence) -> list[TurnSequence]:
        """The sequence once for each epoch from which the player's permanents whose tapped state decides
        how others enter (Archelos) may be tapped (:attr:`TurnSequence.tapped_from`), when a permanent
        arrives after the first epoch (a land played among the events too: it enters as they make it,
        :func:`~planner.turn_entering.land_entering`); the sequence alone otherwise."""
        sources = self.entry_sources
        if not sources:
            return [sequence]
        timeline = timeline_of(self.board, self.player, sequence)
        if not any(timeline.arrivals.values()):
            return [sequence]
        last = len(timeline.boards) - 1
        if any(set(item.tapped_first) & set(sources) for item in sequence.items):
            last = 0  # (tapped at the start: from the first epoch)
        return [replace(sequence, tapped_from=k) for k in range(last + 1)]

    def _solve_variant(self, sequence: TurnSequence) -> bool:
        """Solve one sequence whose additional costs and entries are chosen, and keep it when it is the best
        so far; True when its event spells can all be cast."""
        self.check()
        most = discard_budget(self.board, self.player, sequence)
        if most is not None and most < 0:
            return False  # (its discards find too few cards, and its extensions use more)
        ways: tuple[tuple[TurnSpell, ...], ...] = ()
        worked: Timeline | None = None  # (worked out once, for the ways and the model)
        if any(spell.ability is not None for spell in sequence.spells):
            worked = timeline_of(self.board, self.player, sequence)
            if not abilities_hold(self.player, worked):
                return False  # (an ability that can't be activated there, nor in its extensions)
        if self.more_plays or self.alternatives:
            worked = worked or timeline_of(self.board, self.player, sequence)
            if not land_plays_hold(worked, self.player):
                return False  # (a land played before a spell of the turn added its play: CR 305.2)
        if self.alternatives:
            assert worked is not None  # (worked out just above)
            if not ways_hold(self.board, worked, self.player):
                return False  # (an alternative cost not usable where its spell is cast: another choice pays)
            if self.ways_in_model:  # (the ways paying only mana, Omniscience's, are the model's choice)
                ways = model_ways(self.board, self.player, worked)
        problem, timeline = sequence_problem(
            self.board, sequence, self.hold, self.shared, most, ways, timeline=worked
        )
        assert problem.turn is not None
        self.unplanned.update(problem.turn.notes)
        solution = solve_cpsat(problem)
        self.solved += 1
        if solution.status is SolveStatus.UNKNOWN:
            raise TimeUp
        if solution.turn is None:
            return False  # (this order can't cast its event spells, and no extension of it can)
        self.complete = self.complete and solution.status is SolveStatus.OPTIMAL
        if any(ways):  # (the ways the model chose, its casts numbered as the sequence's spells)
            sequence, solution = with_model_ways(sequence, ways, solution)
            timeline = timeline_of(self.board, self.player, sequence)
        casts = solution.turn.casts if solution.turn is not None else ()
        if most is not None:  # (the cards discarded, now that the spells cast are known)
            sequence = with_discards(self.board, self.player, sequence, casts)
            timeline = timeline_of(self.board, self.player, sequence)
        key = self._turn_key(sequence, solution, timeline)
        if self.best is None or key < self.best[0]:
            self.best = (key, sequence, solution, timeline)
        return True

    def _turn_key(self, sequence: TurnSequence, solution: Solution, timeline: Timeline) -> tuple[int, ...]:
        """:func:`_key`, with a plan that leaves land drops when the search takes them ranked after one that
        takes more (its third level)."""
        key = _key(sequence, solution, timeline, self.player)
        skipped = max(self.most_lands - len(sequence.lands), 0) if self.take_land else 0
        if (
            self.more_plays and self.mode == "choose"
        ):  # (land plays a spell of the turn added: turn_land_plays)
            hand = self.board.player(self.player).hand
            skipped = land_drops_left(
                timeline, self.player, sum(c.type_line.is_a("Land") for c in hand), sequence.lands
            )
        return (key[0], key[1], skipped, *key[2:])

    def _relaxed_beaten(self, events: tuple[int, ...], sequence: TurnSequence) -> bool:
        """True when no order of the sequence's event spells (``events``: how many of each kind) can beat the
        best plan found: the optimum of their relaxation (:mod:`planner.turn_relaxed`), a lower bound of
        every order's key, is no better. The relaxation is solved at the second order of those spells that
        have three orders or more (one order alone, or two, would cost a model more than it may save)."""
        if not self.relax or self.best is None or _orders(events) < 3:
            return False
        if events not in self.seen:
            self.seen.add(events)
            return False
        if events not in self.bounds:
            self.bounds[events] = self._relaxed_bound(sequence)
        bound = self.bounds[events]
        return bound is not None and bound >= self.best[0]

    def _relaxed_bound(self, sequence: TurnSequence) -> tuple[int, ...] | None:
        """The optimum of the sequence's relaxation (:func:`~planner.turn_relaxed.relaxed_sequence`) under
        the turn's objective, or None when it does not hold or is not proven."""
        if self.sensitive or self.landfall or discard_budget(self.board, self.player, sequence) is not None:
            return None  # (the order of every spell matters, or the land's place among them)
        if self.cast_mana:
            return None  # (a trigger on casting a spell adds mana: the relaxation does not count it)
        relaxed = relaxed_sequence(self.board, self.player, sequence)
        if relaxed is None:
            return None
        self.check()
        ways = relaxed.ways if self.ways_in_model else ()
        problem, timeline = sequence_problem(
            relaxed.board, relaxed.sequence, self.hold, self.shared, None, ways, timeline=relaxed.timeline
        )
        solution = solve_cpsat(problem)
        if solution.status is SolveStatus.UNKNOWN:
            raise TimeUp
        if solution.status is not SolveStatus.OPTIMAL or solution.turn is None:
            return None
        solved, solution = with_model_ways(relaxed.sequence, ways, solution)
        if any(ways):
            timeline = timeline_of(relaxed.board, self.player, solved)
        return self._turn_key(solved, solution, timeline)


def _orders(events: tuple[int, ...]) -> int:
    """How many orders ``events[k]`` copies of each kind ``k`` have (copies of a kind one order).

    >>> _orders((1, 1, 1)), _orders((2, 1)), _orders((0, 1))
    (6, 3, 1)
    """
    found = math.factorial(sum(events))
    for count in events:
        found //= math.factorial(count)
    return found


def _why_not(spells: list[TurnSpell], mandatory: bool) -> str:
    """Why a turn casts nothing, in a sentence."""
    if not spells:
        return "the hand has no spells to cast"
    if mandatory:
        names = ", ".join(s.card.name for s in spells)
        return f"the board can't pay for {names} in this turn, one after the other"
    return "nothing in the hand can be cast this turn"


@within_question
def plan_turn(
    board: Board,
    *,
    casts: Sequence[str] = (),
    order: Literal["given", "best"] = "given",
    hold: PaymentTarget | None = None,
    land: str | None = None,
    player: str | None = None,
    x: int = 1,
    time_limit: float = 10.0,
    strict: bool = False,
    cards: CardResolver | None = None,
    no_land: bool = False,
    activate: bool = True,
) -> TurnResult:
    """Plan the main phase of ``player`` (default: the active player) on ``board``.

    With ``casts`` (card names, from the hand or card data, or cost strings) the spells are cast in the
    given order or, with ``order="best"``, in the best one; without, the plan chooses the land to play and
    the spells of the hand that cast the greatest total mana value (ties: fewer cards used up, then the pay
    objective). ``land`` plays that land from the hand; otherwise, without ``casts``, the land drop is always
    taken when a land play is left and the hand holds a land (the best one: the one that casts the most, then
    the one whose colors the board lacks most: contract section 11), unless ``no_land``. A spell with no
    legal target now is not cast (CR 601.2c, a note says so). ``hold`` should stay payable at the end of the
    turn (a counterspell): first of all, when any plan allows it. Spells with X are cast with X = ``x``.
    ``cards`` resolves ``casts`` not in the hand, and gives the faces of the hand's modal double-faced cards
    (their land faces are land plays). Spirit Guides may be exiled for mana, fetchlands cracked, bounce
    lands played, spells cast for their alternative costs (Omniscience, Fireblast): see the module
    docstring. Without ``casts`` (or in the best order), the abilities that are no mana abilities but make
    mana for later spells are activated where that casts more (:mod:`planner.turn_activated`), unless not
    ``activate`` (Arena's turn, whose actions are the spells offered).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me",
    ...     "hand": ["Forest", "Sol Ring", "Counterspell", "Lightning Bolt"]}],
    ...     "permanents": [{"id": "m1", "card": "Mountain", "controller": "me"}]})
    >>> turn = plan_turn(board)
    >>> turn.land_played, [s.card for s in turn.spells], turn.mana_value_cast
    ('Forest', ['Sol Ring', 'Lightning Bolt'], 2)
    """
    deadline = time.monotonic() + time_limit
    player = checked_player(board, player)
    if x < 0:
        raise InputError(f"X must be 0 or more, not {x}")
    within(x, MAX_GENERIC, "X")
    analysis = BoardAnalysis(board, player)
    analysis.check_text(strict=strict)
    hand = list(board.player(player).hand)
    used_ids = Ids({p.id for p in board.permanents})
    spells: list[TurnSpell] = []
    # (the cards of the graveyard and exile the player may cast now, each for its one way: turn_other_zones)
    zones = zone_spells(board, player, x, used_ids)
    if casts:
        taken: set[int] = set()
        zone_taken: set[int] = set()
        for text in casts:
            if (from_zone := zone_cast(text, hand, taken, zones, zone_taken)) is not None:
                spells.append(from_zone)
                continue
            card, index = cast_card(board, player, text, hand, taken, cards)
            if index is not None:
                taken.add(index)
            spells.append(turn_spell(card, x, used_ids, -1 if index is None else index))
    else:
        spells = hand_spells(hand, x, used_ids) + list(zones.spells)
    spells, taken_out = without_graveyard_takers(spells)
    if casts and taken_out:  # (a card named the search does not cast from there: no answer)
        return TurnResult(castable=None, reason=taken_out[0], optimal=False, notes=tuple(taken_out))
    # (the spells' own sentences not read are warned of, as pay --spell warns of them: contract section 5;
    # and the cost changes that ask what the turn does not give, not applied)
    view = BoardView(board)
    spells = with_card_faces(spells, view, player, cards)
    warnings = analysis.warnings + spells_text_warnings(spells, strict=strict)
    warnings += tuple(
        dict.fromkeys(
            w
            for s in distinct(spells)
            for w in cast_fact_warnings(view, s.target, player)
            + undecided_ban_warnings(view, s.target, player)
            + turn_fact_warnings(board, player, s.target)  # (a fact of the turn not given: as pay warns it)
        )
    )
    lines = [s.card.type_line for s in distinct(spells)]
    # (a land of the graveyard a permission lets be played is a land play as one of the hand's, CR 305.1)
    playable_land = bool(hand_lands(hand, cards) or graveyard_lands(board, player))
    warnings += turn_count_warnings(view, player, lines, land_in_hand=playable_land)
    if playable_land:
        warnings += land_play_condition_warnings(view, player, lines)
        land_cards = [card for _, card in hand_lands(hand, cards)]
        if len(land_cards) > lands_left(board, player):  # (a land play a spell gives might play one more)
            warnings += land_play_spell_warnings(s.card for s in distinct(spells))
        warnings += life_entry_warnings(view, player, land_cards, [s.target for s in distinct(spells)])
    why_not = {
        id(s.card): why_not_castable_now(s.card, board, player)
        or why_forbidden(view, s.target, player, step="main", in_turn=True)
        or banned_life_reason(board, player, s.target.additional_life)  # (CR 118.3: Yasharn)
        for s in distinct(spells)
    }
    held_back = [why for s in distinct(spells) if (why := why_not[id(s.card)])]
    if casts and held_back:
        return TurnResult(castable=False, reason=held_back[0], warnings=warnings)
    # (the limits on the spells of a turn, CR 101.2: Archon of Emeria, Ethersworn Canonist)
    limits = spells_left(view, player)
    exceeded = [limit.why for limit in limits if limit.exceeded(s.card.type_line for s in spells)]
    if casts and exceeded:
        return TurnResult(castable=False, reason=exceeded[0], warnings=warnings)
    chain = color_chain(view, player)  # (Mana Maze: spell by spell, CR 101.2)
    if (
        casts
        and order == "given"
        and chain is not None
        and chain.broken(spell_colors(view, player, [s.target for s in spells]))
    ):
        return TurnResult(castable=False, reason=chain.why, warnings=warnings)
    alone = not board.opponents(player)  # (a Curse cast then enchants its caster: no other player, CR 303.4a)
    banning = banning_spells(view, spells, player, order if casts else "choose", alone=alone)
    if banning and casts:  # (in the order given, a "no"; in the best one, not searched: no answer)
        reason = next(iter(banning.values()))
        return TurnResult(castable=False if order == "given" else None, reason=reason, warnings=warnings)
    spells = [s for s in spells if s.card.name not in banning]
    # (a spell held back whose overload needs no target could be cast overloaded: not planned, said)
    overloads = [s for s in distinct(spells) if why_not[id(s.card)] and overloaded(board, player, s)]
    spells = additional_events([s for s in spells if why_not[id(s.card)] is None])
    spells = counted_events(energy_events(board, player, alternative_events(board, player, spells)))
    spells = converted_token_events(board, player, spells)  # (a Food made a Treasure too: CR 614.1a)
    spells = without_mana_events(spells)
    # (a permanent a mana ability counts once it resolved, Gaea's Cradle's creatures: an event, CR 608.2h)
    spells = battlefield_read_events(board, player, spells)
    spells = entering_read_events(spells)  # (and an enters trigger's mana counted so: turn_entering_mana)
    # (the spells that may set off a trigger adding mana, and its permanent spells: events)
    spells, cast_mana = cast_mana_events(board, player, spells)
    spells, cast_counters = cast_counter_events(board, player, spells)  # (and counters: CR 603.3)
    cast_mana = cast_mana or cast_counters
    energy = energy_counted(board, player, spells)
    discards = any(may_discard(spell) for spell in spells)
    if no_land and land is not None:
        raise InputError(f"--no-land and --land {land}: choose one")
    landfall = landfall_possible(board, spells) or (energy and landfall_energy_possible(board, spells))
    spells = landfall_again_events(spells) if landfall else spells  # (CR 603.2d: before a land play)
    more_plays = 0 if no_land else added_land_plays(board, player, spells)  # (CR 305.2a: turn_land_plays)
    spells, placed = (land_play_events(spells), True) if more_plays else (spells, landfall)
    lands: list[LandPlays] = [()]
    if not no_land:
        # (a discard may take a land instead: then playing fewer is tried too, and loses all else equal)
        lands = land_sequences(
            board,
            player,
            hand,
            land,
            used_ids,
            take=not casts and not discards,
            cards=cards,
            ordered=placed,
        )
        take = not casts and not discards
        lands += more_land_sequences(
            board, player, hand, land, used_ids, more=more_plays, take=take, cards=cards
        )
    taken_positions = {s.position for s in spells} if casts else set()
    exiles = exile_choices(hand_abilities(board, player), taken_positions)
    every_land = [played for sequence in lands for played in sequence]
    warnings += landfall_twice_warnings(board, player) if landfall and every_land else ()
    warnings += landfall_times_unknown(board, player) if landfall and every_land else ()
    notes = turn_notes(spells, every_land, board, player, landfall=landfall) + sorted(banning.values())
    replayed_land = bounce_replay_note(lands, board, player)
    notes += [replayed_land] if replayed_land is not None else []
    # (mana made with priority or by a trigger of casting, which the search does not make: said, never
    # silent; a token ability might cast what nothing else does, a cast trigger the spells given after the
    # first: then a plan that casts nothing is no "no")
    library_notes = library_life_notes(board, player)
    # (the activated abilities the search plans, without --cast: their notes go, turn_activated)
    abilities: list[TurnSpell] = []
    activating = activate
    if activating:  # (and the creature spells an equip ability may give haste: events)
        spells, abilities = ability_spells(board, player, spells)
    planned = planned_texts(board, player, spells) if activating else set()  # (planned, or not allowed now)
    ability_notes = token_ability_notes(board, player) + loyalty_mana_notes(board, player)
    ability_notes = [n for n in ability_notes if not any(n.startswith(f"{text} ") for text in planned)]
    # (the board's warning that such an ability is not planned is a payment's: the turn plans it)
    read = planned_sentences(board, player) if activating else set()
    warnings = tuple(w for w in warnings if (w.permanent, w.sentence) not in read)
    unplanned_mana = ability_notes + library_notes
    unplanned_mana += next_spell_notes(view, player)  # (Kaza's: activated before a spell, not planned)
    # (a landfall sentence's mana not counted, Omnath's "If it's the second time, add ...": with a land to
    # play, a plan that casts nothing is no "no")
    unread_triggers = landfall_unread_notes(board, player) if every_land else []
    # (and a trigger at the beginning of the main phase that makes mana, on a board at the turn's beginning)
    unread_triggers += main_phase_trigger_notes(board, player)
    unplanned_mana += unread_triggers
    cast_cards = [s.card for s in distinct(spells)]
    equip_notes = equip_haste_notes(board, player, cast_cards)  # (an equip activation's haste, CR 702.6a)
    unplanned_mana += [n for n in equip_notes if not any(n.startswith(f"{text} ") for text in planned)]
    unplanned_mana += graveyard_cost_notes(board, player, cast_cards)  # (the turn's spells' cards, 608.2n)
    unplanned_mana += mana_death_notes(board, player, spells)  # (deaths inside the model: CR 700.4)
    trigger_notes = cast_trigger_notes(board, player, cast_cards)
    trigger_notes += cast_token_notes(board, player, cast_cards)
    trigger_notes += token_replacement_notes(board, player, cast_cards)
    trigger_notes += cast_counter_notes(board, player, cast_cards)
    # (a card the player may cast from the graveyard, exile or the top of the library, which the search does
    # not cast: said, and a plan that casts nothing is then no "no")
    zone_notes = [] if casts else [*zones.notes, *taken_out, *library_cast_notes(board, player)]
    notes += [] if casts else recast_notes(board, player, spells)
    notes += unplanned_mana + trigger_notes + zone_notes
    if casts and len(spells) > 1:
        unplanned_mana += trigger_notes
    search = _Search(
        board=board,
        player=player,
        hold=hold,
        deadline=deadline,
        spells=spells + abilities,
        sensitive=taxed_by_count(BoardView(board), player, spells),
        mode="choose" if not casts else order,
        landfall=placed,
        energy=energy,
        limits=limits,
        chain=chain,
    )
    search.cast_mana = cast_mana
    search.more_plays = bool(more_plays)  # (checked, and the land drops a plan leaves ranked: _turn_key)
    if zones.spells:  # (their ways are checked where they are cast; the relaxation does not follow them)
        search.alternatives, search.relax = True, False
    # (and a land of the graveyard whose play uses up a permission a spell could use, Serra Paragon's: not
    # forced, turn_choices.land_choices; then, all else equal, the plan that plays it wins, as a discard's)
    uses_permission = any(
        graveyard_land_played(board, player, c) is not board for c in graveyard_lands(board, player)
    )
    search.take_land = not casts and (discards or uses_permission) and any(lands)
    search.most_lands = max((len(choice) for choice in lands), default=0)
    left_out = bool(notes)  # (the notes on spells held back follow the rules: nothing is left out there)
    notes += sorted({f"{why}: not cast" for why in held_back})
    notes += exceeded
    no_play = land_play_ban(view, player) if playable_land else None  # (CR 101.2: Ward of Bones)
    notes += [f"{no_play}: no land played"] if no_play is not None else []
    complete = search.run(lands, exiles)
    best = search.best
    if not complete:
        orders = f"{search.solved} order{'' if search.solved == 1 else 's'} of this turn"
        found = "the plan is the best found" if best is not None else "no plan was found before"
        notes.append(f"the time limit ran out after {orders}: {found}")
    hold_text = str(hold.cost) if hold is not None else None
    base = TurnResult(castable=False, hold=hold_text, warnings=warnings, notes=tuple(notes))
    if best is None:
        if not complete:
            return replace(base, castable=None, reason="time limit", optimal=False)
        # (nor may the unread mana or tokens of a spell's own effect, which would pay a later spell)
        unread_mana = unread_before_later(spells, order) if casts else []
        if (more := replayed_land or next(iter(unplanned_mana + zone_notes + unread_mana), None)) is not None:
            # (a land a bounce land returns played again, a Treasure made with priority, a cast trigger's
            # mana might cast them: a "no" of a search that plans none of them is no answer)
            return replace(base, castable=None, reason=more, optimal=False)
        return replace(base, reason=_why_not(spells, mandatory=bool(casts)))
    _, sequence, solution, timeline = best
    result = replayed(board, player, sequence, solution, timeline, hold)
    notes += loyalty_assumed(result.activations, abilities)
    for chosen in sequence.lands:
        if chosen.fetched is not None and board.player(player).library_cards is None:
            notes.append(
                f"{chosen.card.name}: the library is not listed; the plan assumes it holds a basic "
                f"{chosen.fetched.name}"
            )
    # (an additional cost the reader does not read is not paid: said, never silent)
    unpaid = unread_cost_notes(spells, {spell.card for spell in result.spells})
    notes += sorted(unpaid.values())
    # (a cost reading the turn's sacrifices, which the mana abilities' are not counted in: said)
    unseen_sacrifices = sacrificed_for_mana_notes(board, player, spells)
    notes += unseen_sacrifices
    notes += sorted(search.unplanned)
    # (an alternative cost the turn does not plan (mutate, overload), a land a cost returns to the hand,
    # energy gained in the turn not counted: said, never silent; the plan is then not called optimal)
    alternatives = alternative_cost_notes(board, player, spells) + returned_land_notes(board, player, spells)
    alternatives += alternative_cost_notes(board, player, overloads) if overloads else []
    notes += alternatives
    result = replace(
        result, spells=tuple(_unproven(spell) if spell.card in unpaid else spell for spell in result.spells)
    )
    castable: bool | None = bool(casts) or bool(result.spells)
    if not castable and not complete:
        castable = None  # (a time-out is never a 'no': an order not searched might cast something)
    unknown = (
        "time limit" if not complete else next(iter([*zone_notes, *library_notes, *unread_triggers]), "")
    )
    if not castable and unknown:
        # (nor is a card of the graveyard or exile the search does not cast, nor more life-cost activations
        # than the life total pays, which might cast something)
        castable = None
    return replace(
        result,
        castable=castable,
        reason=None if castable else unknown if castable is None else _why_not(spells, mandatory=False),
        optimal=complete
        and not left_out
        and not unpaid
        and not search.unplanned
        and not alternatives
        and not unseen_sacrifices,
        warnings=warnings,
        notes=tuple(notes),
    )


def _unproven(spell: SpellCast) -> SpellCast:
    """A spell cast whose payment is not called optimal (its additional costs are not planned)."""
    return replace(spell, payment=replace(spell.payment, optimal=False))
