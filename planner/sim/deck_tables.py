"""The fixed tables of one deck's lands-only goldfish: its land classes (lands that play alike), its spells
and their costs, the castability oracle of land states, and the choices a game makes with them (which lands
and spells a mulligan puts on the bottom, whether a land enters untapped).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

import numpy as np
import numpy.typing as npt

from models.cost import ManaCost
from models.decklist import Deck
from models.types import BASIC_LAND_TYPES
from planner.sim.bit_planes import Planes, bit_planes, plane_dots
from planner.sim.castability import Castability, sub_costs
from planner.sim.game import Bools, Ints, bottom_worst, commander_colors
from planner.sim.lands import Entry, LandProfile, land_profile

__all__ = ["DeckTables"]


_BASIC_TYPES: Final = tuple(BASIC_LAND_TYPES)


@dataclass(frozen=True, slots=True)
class _Spell:
    name: str
    copies: int
    cost: ManaCost | None
    commander: bool


class DeckTables:
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
        self._class_sources_float = self.class_sources.astype(np.float64)
        costs: dict[ManaCost, None] = {}
        for spell in self.spells:
            if spell.cost is not None:
                costs[spell.cost] = None
        spell_costs = list(costs)
        parts: dict[ManaCost, None] = {}
        for cost in spell_costs:
            for part in sub_costs(cost):
                parts.setdefault(part, None)
        self.costs = spell_costs + [part for part in parts if part not in costs]
        self.spell_costs = len(spell_costs)  # (the spells' costs come first, then the parts)
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
            spell_parts = sub_costs(spell.cost)
            for part in spell_parts:
                self.cover[index[part], column] = 1
            if spell_parts:
                self.full_part[column] = index[spell_parts[-1]]
        self.oracle = Castability(masks, self.costs)
        weights = self.oracle.code_weights
        # (a state's code is each class's count times its sources' code: one product per game)
        self._class_codes = self.class_sources @ weights if weights is not None else None
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
        self._states = _StateTables(self)

    def _sources(self, kind: int) -> tuple[int, ...]:
        """The sources a land class counts as: its own, or for a fetchland one of its targets' types."""
        if self.classes[kind].search is None:
            return self.classes[kind].sources
        union = 0
        for target in self.targets[kind]:
            union |= self.classes[target].types
        return (union,) if union else ()

    # ---- castability of land states

    def state_rows(self, lands: Ints) -> Ints:
        """Each row of land class counts' state: its row in the oracle's answers (the batch check asked of
        the states not met before), which :meth:`ask` and the ``*_in_hand`` questions read."""
        if self._class_codes is not None:
            rows = self.oracle.rows_of_codes(lands @ self._class_codes)
        else:
            rows = self.oracle.rows(lands @ self.class_sources)
        self._states.catch_up()
        return rows

    def state_after(self, states: Ints, kind: int, lands: Ints) -> Ints:
        """The states (:meth:`state_rows`) of the lands ``lands`` (rows of class counts, in states
        ``states``) with one more land of class ``kind``: each state's successor is kept, the others
        found."""
        after = np.take(self._states.after[:, kind], states)
        unknown = np.flatnonzero(after < 0)
        if unknown.size:
            more = np.take(lands, unknown, axis=0)
            more[:, kind] += 1
            after[unknown] = found = self.state_rows(more)
            self._states.after[states[unknown], kind] = found
        return after

    def ask(self, lands: Ints, life: Ints) -> tuple[Bools, npt.NDArray[np.int32]]:
        """For land class counts: which spells the lands (all untapped) can pay with that life, and how many
        parts of each spell's colored pips they cover (life not used).

        (The life each spell needs is compared in 16 bits, a life total clipped to the needs' range,
        ``NEVER`` included, answering alike.)"""
        rows = self.state_rows(lands)
        clipped = np.maximum(np.minimum(life, Castability.NEVER), -1).astype(np.int16)  # (np.clip, cheaper)
        # (np.take gathers rows faster than an index does)
        payable: Bools = np.take(self._states.needs, rows, axis=0) <= clipped[:, None]
        return payable, np.take(self._states.cover, rows, axis=0)

    def payable_in_hand(self, states: Ints, life: Ints, held: Planes) -> Ints:
        """For states (:meth:`state_rows`) and each game's life: how many of the spells ``held`` (each game's
        copies of each spell, as :func:`~planner.sim.bit_planes.bit_planes`) the lands can pay, copies
        counted: :meth:`ask`'s answers times the copies, summed."""
        return self._states.payable_in_hand(states, life, held)

    def payable_counts(self, states: Ints, life: Ints) -> Ints:
        """For states (:meth:`state_rows`) and each game's life: how many games can pay each spell, as
        :meth:`ask`'s answers summed over the games (counted by state and level of life)."""
        return self._states.payable_counts(states, life)

    def payable_spells(self, states: Ints, life: Ints, spells: Ints) -> Bools:
        """:meth:`ask`'s answers for states (:meth:`state_rows`), of the spells ``spells`` alone."""
        clipped = np.maximum(np.minimum(life, Castability.NEVER), -1).astype(np.int16)  # (np.clip, cheaper)
        payable: Bools = np.take(self._states.needs[:, spells], states, axis=0) <= clipped[:, None]
        return payable

    def cover_in_hand(self, states: Ints, held: Planes) -> Ints:
        """For states: :meth:`ask`'s cover times the copies ``held`` of each spell, summed."""
        return self._states.cover_in_hand(states, held)

    def in_deck(self, states: Ints) -> Ints:
        """For states: :meth:`ask`'s cover counted over the deck's copies of each spell."""
        covered: Ints = np.take(self._states.in_deck, states)
        return covered

    def hand_planes(self, hand: Ints) -> Planes:
        """The spells of hands (rows of land class counts, then spell counts) as bit planes, for the
        ``*_in_hand`` questions."""
        return bit_planes(hand[:, self.land_kinds :])

    # ---- mulligans

    def bottom_lands(self, hand: Ints, bottom: Ints) -> Ints:
        """Put lands on the bottom: each time the land whose loss leaves the most of the hand's colored pips
        payable (then the deck's), keeping untapped lands over taplands."""
        spells = hand[:, self.land_kinds :]
        held = self.hand_planes(hand)

        def value(rows: Ints, lands: Ints) -> Ints:
            states = self.state_rows(lands)
            in_hand = np.minimum(self.cover_in_hand(states, held.take(rows)), 255)
            in_deck = np.minimum(self.in_deck(states), (1 << 18) - 1)
            untapped = np.minimum(lands @ self.untapped_always, 63)
            scores: Ints = (in_hand << 24) + (in_deck << 6) + untapped
            return scores

        lands = bottom_worst(hand[:, : self.land_kinds], bottom, value, self.tie_order)
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


class _StateTables:
    """What :class:`DeckTables` reads of each state the oracle has answered (a row each, in the oracle's
    order, caught up as it grows): the life each spell needs, the parts of each spell's pips covered, those
    parts counted over the deck, and as bit planes (:mod:`planner.sim.bit_planes`) the spells payable at
    each level of life and the parts covered."""

    def __init__(self, plan: DeckTables) -> None:
        self.plan = plan
        # (the lives an answer can need, NEVER included: a life total pays what the greatest it reaches does)
        self.levels = np.array(sorted({0, Castability.NEVER, *plan.oracle.lives}), dtype=np.int64)
        self.words = max(1, -(-len(plan.spells) // 64))
        self.cover_depth = max(1, int(plan.cover.sum(axis=0).max(initial=0)).bit_length())
        self.copies = plan.copies.astype(np.float64)
        self.known = 0
        spells = len(plan.spells)
        self.needs = np.zeros((0, spells), dtype=np.int16)
        self.cover = np.zeros((0, spells), dtype=np.int32)
        self.in_deck = np.zeros(0, dtype=np.int64)
        # (row state * (levels + 1) + the levels a life reaches: the spells payable, packed)
        self.payable = np.zeros((0, self.words), dtype=np.uint64)
        self.cover_planes = np.zeros((0, self.cover_depth * self.words), dtype=np.uint64)
        self.after = np.zeros((0, plan.land_kinds), dtype=np.int64)  # (a land's successor state, -1 unknown)

    def catch_up(self) -> None:
        """Add the rows of the states the oracle answered since the last call."""
        answers = self.plan.oracle.answers
        if answers.shape[0] == self.known:
            return
        fresh = answers[self.known :]
        never = np.full((fresh.shape[0], 1), Castability.NEVER, dtype=np.int16)
        full = np.concatenate([fresh, never], axis=1)
        needs = full[:, self.plan.cost_column]
        cover = ((full == 0).astype(np.float32) @ self.plan.cover).astype(np.int32)
        by_level = np.zeros((fresh.shape[0], self.levels.size + 1, self.words), dtype=np.uint64)
        for level, life in enumerate(self.levels, start=1):
            by_level[:, level] = bit_planes((needs <= life).view(np.uint8), depth=1).bits
        self.needs = np.concatenate([self.needs, needs])
        self.cover = np.concatenate([self.cover, cover])
        # (a product of floats, exact for such small counts and faster than one of integers)
        self.in_deck = np.concatenate([self.in_deck, (cover @ self.copies).astype(np.int64)])
        self.payable = np.concatenate([self.payable, by_level.reshape(-1, self.words)])
        self.cover_planes = np.concatenate([self.cover_planes, bit_planes(cover, self.cover_depth).bits])
        self.after = np.concatenate([self.after, np.full((fresh.shape[0], self.plan.land_kinds), -1)])
        self.known = answers.shape[0]

    def payable_in_hand(self, states: Ints, life: Ints, held: Planes) -> Ints:
        """See :meth:`DeckTables.payable_in_hand`."""
        reached = np.searchsorted(self.levels, life, side="right")  # (0: below every need, none payable)
        bits = np.take(self.payable, states * (self.levels.size + 1) + reached, axis=0)
        return plane_dots(Planes(bits, 1, self.words), held)

    def payable_counts(self, states: Ints, life: Ints) -> Ints:
        """See :meth:`DeckTables.payable_counts`."""
        steps = self.levels.size + 1
        reached = np.searchsorted(self.levels, life, side="right")  # (0: below every need, none payable)
        games = np.bincount(states * steps + reached)
        present = np.flatnonzero(games)
        state, level = np.divmod(present, steps)
        lives = np.concatenate([[-1], self.levels])  # (a life at each level: it pays what the level does)
        payable = np.take(self.needs, state, axis=0) <= lives[level][:, None]
        counts: Ints = games[present] @ payable
        return counts

    def cover_in_hand(self, states: Ints, held: Planes) -> Ints:
        """See :meth:`DeckTables.cover_in_hand`."""
        planes = Planes(np.take(self.cover_planes, states, axis=0), self.cover_depth, self.words)
        return plane_dots(planes, held)
