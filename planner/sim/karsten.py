"""Karsten's "castable (in hand or not)": per card and turn, whether the lands seen by then, played in the
best order *for that card*, could pay it on that turn.

Frank Karsten's methodology asks of each spell, whatever the hand does with its lands, whether the lands
drawn so far could cast it on curve. The goldfish's own land choices serve the hand it holds (a Forest when
the hand needs green), so they are not that measure: this module works it out exactly from the lands seen.

**The definition.** On turn T the lands seen are those of the kept hand and of the draws until then (the
mulligan's bottomed cards are not seen). One land is played a turn, so at most T of them are in play on turn
T, and any T of them can be (at most one land is drawn a turn, so they can always be scheduled), except
that a land drawn on turn T can only be turn T's land. The lands played before turn T are untapped on turn
T; turn T's land enters by its own rule, given the others: a check land needs a land of its types among
them, a fast land at most two others, a slow land two or more, a shockland pays 2 life, a tapland or a land
creature adds nothing that turn. A fetchland is a land of its types the library holds (the deck less the
cards seen), entering as that land would (tapped when its search says so), and pays its life. A card is
castable when some such choice of lands pays its cost (the batch check: exactly the planner's answer), the
life paid for lands leaving enough for its Phyrexian symbols.

The draws are the game's own, as played (a fetch the game cracked may have shuffled the library: the
counterfactual sequences keep the draws that game saw).

**The computation.** Lands that pay alike (the same mana, the same basic land types as far as a check land
of the deck reads them) are one group; for each game and each choice of turn T's land, the groups of the
other lands seen (capped at T - 1 each: no more can be in play) are a key, and each distinct key is worked
out once (the sub-multisets of T - 1 lands, or at most two for a fast land, and the fetchlands' targets;
with fetchlands, of fewer lands too: one may find nothing left in the library), for the spells' costs at
once, then kept for the rest of the run (in the run's own :class:`KarstenCastability`, which dies with it).
Keys without a fetchland are worked out together on arrays (:meth:`KarstenCastability._plain`), the others
one by one (:meth:`KarstenCastability._choices`, the definition). Before all that, each game's whole
situation on turn T (the classes seen, capped at T, the land drawn, the library's copies of the fetchlands'
targets) is one integer whose answer is kept too: a run meets a few thousand situations a turn, so most
games' answers are one look-up.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from models.kept import per_card
from planner.sim.castability import distinct_rows
from planner.sim.deck_tables import DeckTables
from planner.sim.lands import Entry

__all__ = ["KEPT_ANSWERS", "KEPT_DECKS", "KarstenCastability", "KarstenRuns", "compositions_of", "multisets"]

Bools = npt.NDArray[np.bool_]
Packed = npt.NDArray[np.uint8]  # (rows of answers, one bit per cost: np.packbits)
Ints = npt.NDArray[np.int64]

_NONE: Final = -1

#: The decks (land classes and costs) whose answers a run keeps, and the answers kept for one deck (each a row
#: of costs; a run meets some tens of thousands): past them the kept answers start again.
KEPT_DECKS: Final = 8
KEPT_ANSWERS: Final = 400_000


class KarstenRuns:
    """The :class:`KarstenCastability` of each deck's lands and costs that one run keeps: a goldfish's
    batches, or every mix an optimisation scores (mixes of the same lands share the keys they meet). The run
    creates it and passes it down; it dies with the run.

    >>> from models.decklist import parse_deck
    >>> from planner.sim.deck_tables import DeckTables
    >>> runs, plan = KarstenRuns(), DeckTables(parse_deck("24 Forest\\n36 Bear {1}{G}"))
    >>> runs.of(plan, 20) is runs.of(DeckTables(parse_deck("20 Forest\\n40 Bear {1}{G}")), 20)
    True
    """

    def __init__(self) -> None:
        self._by_deck: dict[tuple[object, ...], KarstenCastability] = {}

    def of(self, plan: DeckTables, start_life: int) -> KarstenCastability:
        """The castability of this deck's land classes and costs, from this life total."""
        key = (tuple(plan.classes), tuple(plan.costs), start_life)
        found = self._by_deck.get(key)
        if found is None:
            if len(self._by_deck) >= KEPT_DECKS:
                self._by_deck.clear()
            found = self._by_deck[key] = KarstenCastability(plan, start_life)
        return found


def multisets(counts: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    """Every sub-multiset of ``size`` elements of the multiset with ``counts[g]`` copies of element ``g``.

    >>> list(multisets((2, 1), 2))
    [(1, 1), (2, 0)]
    >>> list(multisets((1, 1), 3))
    []
    """
    if not counts:
        if size == 0:
            yield ()
        return
    head, rest = counts[0], counts[1:]
    room = sum(rest)
    for take in range(max(0, size - room), min(head, size) + 1):
        for tail in multisets(rest, size - take):
            yield (take, *tail)


@per_card(maxsize=256)
def compositions_of(number: int, parts: int) -> Ints:
    """Every row of ``parts`` counts that sum to ``number`` (read-only: the rows are kept for every run).

    >>> compositions_of(2, 2).tolist()
    [[0, 2], [1, 1], [2, 0]]
    """
    every = list(multisets((number,) * parts, number))
    found = np.array(every, dtype=np.int64).reshape(len(every), parts)
    found.flags.writeable = False
    return found


class KarstenCastability:
    """Karsten's castability of a deck's costs (``plan.costs``), per game and turn (see the module
    docstring), from the land classes seen; the answers of the distinct keys are kept across calls."""

    def __init__(self, plan: DeckTables, start_life: int) -> None:
        self.plan = plan
        self.start_life = start_life
        classes = plan.classes
        relevant: set[str] = set()
        for profile in classes:
            relevant |= profile.untapped_with
        self.relevant = frozenset(relevant)
        # the groups: a fetchland is a group of its own; other lands group by their mana and read types
        group_key: dict[object, int] = {}
        self.group_of = np.zeros(len(classes), dtype=np.int64)
        self.group_class: list[int] = []  # a class of each group (all its classes pay alike)
        for kind, profile in enumerate(classes):
            key: object = (
                ("fetch", kind)
                if profile.search is not None
                else (
                    profile.sources,
                    profile.land_types & self.relevant,
                )
            )
            if key not in group_key:
                group_key[key] = len(self.group_class)
                self.group_class.append(kind)
            self.group_of[kind] = group_key[key]
        self.groups = len(self.group_class)
        self.one_hot = np.zeros((len(classes), self.groups), dtype=np.int64)
        self.one_hot[np.arange(len(classes)), self.group_of] = 1
        # the classes a fetchland of the deck can find: how many each library holds matters
        self.targets = sorted({t for kind in plan.fetches for t in plan.targets[kind]})
        # the answers are of the spells' costs (the first of plan.costs), their bits packed while worked out
        self.columns = plan.spell_costs
        self._known: dict[bytes, Packed] = {}
        self.group_mana = plan.class_sources[self.group_class]
        self.is_fetch = np.array([classes[k].search is not None for k in self.group_class], dtype=np.bool_)
        self.is_fetch_class = np.array([p.search is not None for p in classes] + [False], dtype=np.bool_)
        self.group_types = [classes[k].land_types for k in self.group_class]
        self._by_turn: dict[int, tuple[Ints, Packed]] = {}  # (situations' codes, sorted; their answers)
        self._situations_kept = 0
        self._no_answers = np.zeros((0, (self.columns + 7) // 8), dtype=np.uint8)
        typed = [[bool(t & profile.untapped_with) for t in self.group_types] for profile in classes]
        self.group_typed = np.array(typed, dtype=np.int64).reshape(len(classes), self.groups)
        # per class, and last for no land (index -1): what turn T's land does
        entries = [profile.entry for profile in classes]
        self.may_add = np.array(
            [
                (p.search is None and p.entry not in (Entry.TAPPED, Entry.SICK))
                or (p.search is not None and not p.search.tapped)
                for p in classes
            ]
            + [True],
            dtype=np.bool_,
        )  # (whether it can enter untapped: else the choice of none answers for it)
        self.fast_land = np.array([e is Entry.FAST for e in entries] + [False], dtype=np.bool_)
        self.slow_land = np.array([e is Entry.SLOW for e in entries] + [False], dtype=np.bool_)
        self.check_land = np.array([e is Entry.CHECK for e in entries] + [False], dtype=np.bool_)
        self.land_mana = np.concatenate([plan.class_sources, np.zeros_like(plan.class_sources[:1])])
        self.land_life = np.array(
            [p.shock_life if p.entry is Entry.SHOCK else 0 for p in classes] + [0], dtype=np.int64
        )
        self.group_typed = np.concatenate([self.group_typed, np.zeros_like(self.group_typed[:1])])
        self.is_fetch_option = np.array([0, *self.is_fetch_class[:-1], 0], dtype=np.int64)
        self.always_untapped = np.array(
            [p.search is None and p.entry is Entry.UNTAPPED for p in classes], dtype=np.bool_
        )
        self.group_mana_float = self.group_mana.astype(np.float64)  # (a product of floats: exact, faster)

    # ---- per game

    def castable(self, turn: int, seen: Ints, new: Ints, whole: Ints) -> Bools:
        """For each game (rows): which of the spells' costs (the first :attr:`columns` of ``plan.costs``)
        are castable on ``turn`` by Karsten's measure.
        ``seen`` holds the land classes seen before turn ``turn``'s draw (kept hand and earlier draws),
        ``new`` the class of the land drawn on turn ``turn`` (-1 for none), ``whole`` the deck's copies of
        each class.

        Each game's answer is kept by its situation (:meth:`_situations`), so that a situation met again
        (most are: a run meets some thousands a turn) is one look-up in a sorted array."""
        rows, answers = self.castable_rows(turn, seen, new, whole)
        return self.unpacked(np.take(answers, rows, axis=0))  # (np.take: faster than an index)

    def castable_rows(self, turn: int, seen: Ints, new: Ints, whole: Ints) -> tuple[Ints, Packed]:
        """:meth:`castable` as each game's row in a table of packed answers (:meth:`unpacked`), so that a
        count over the games can be one per row."""
        codes = self._situations(turn, seen, new, whole)
        if codes is None:
            return np.arange(seen.shape[0]), self._packed_rows(turn, seen, new, whole)
        if self._situations_kept > KEPT_ANSWERS:  # (memory stays bounded: the answers are worked out again)
            self._by_turn.clear()
            self._situations_kept = 0
        known, answers = self._by_turn.get(turn, (np.zeros(0, dtype=np.int64), self._no_answers))
        place = np.searchsorted(known, codes)
        found = place < known.size
        found[found] = known[place[found]] == codes[found]
        if not found.all():
            missing = np.flatnonzero(~found)
            fresh, first = np.unique(codes[missing], return_index=True)
            games = missing[first]
            worked = self._packed_rows(turn, seen[games], new[games], whole)
            merged = np.concatenate([known, fresh])
            order = np.argsort(merged, kind="stable")
            known, answers = merged[order], np.concatenate([answers, worked])[order]
            self._by_turn[turn] = (known, answers)
            self._situations_kept += fresh.size
            place = np.searchsorted(known, codes)
        return place, answers

    def unpacked(self, packed: Packed) -> Bools:
        """Rows of packed answers as booleans, one column per cost."""
        answer: Bools = np.unpackbits(packed, axis=1, count=self.columns).view(np.bool_)
        return answer

    def _situations(self, turn: int, seen: Ints, new: Ints, whole: Ints) -> Ints | None:
        """Each game's situation on ``turn`` as one integer (None when it does not fit in one): the land
        classes seen before the draw and the library's copies of the fetchlands' targets after it, each
        capped at ``turn``, and the class of the land drawn. The answer depends on nothing else: a class
        seen ``turn`` times or more is still so after turn T's land leaves it (its group is capped at T - 1
        anyway, as the fetchlands' count is at T), and a library's copies count up to the fetchlands' T.

        >>> from models.decklist import parse_deck
        >>> karsten = KarstenCastability(DeckTables(parse_deck("12 Forest\\n12 Island\\n36 Bear {G}")), 20)
        >>> seen, whole = np.array([[5, 1], [2, 1]]), np.array([12, 12])
        >>> karsten._situations(2, seen, np.array([1, 1]), whole).tolist()
        [23, 23]
        """
        kinds = seen.shape[1]
        digits = [np.minimum(seen, turn)]
        if self.targets:
            library = whole[None, :] - seen
            drawn = np.flatnonzero(new >= 0)
            library[drawn, new[drawn]] -= 1
            digits.append(np.clip(library[:, self.targets], 0, turn))  # (none and fewer answer alike)
        width = kinds + len(self.targets)
        if (turn + 1) ** width * (kinds + 1) >= 1 << 62:
            return None
        weights = (turn + 1) ** np.arange(width, dtype=np.int64)
        codes: Ints = np.concatenate(digits, axis=1).astype(np.int64) @ weights
        codes += (new.astype(np.int64) + 1) * (turn + 1) ** width
        return codes

    def _castable_rows(self, turn: int, seen: Ints, new: Ints, whole: Ints) -> Bools:
        """:meth:`castable` worked out for each row (the answers of the choices' keys are kept)."""
        return self.unpacked(self._packed_rows(turn, seen, new, whole))

    def _packed_rows(self, turn: int, seen: Ints, new: Ints, whole: Ints) -> Packed:
        """:meth:`_castable_rows`, packed.

        Every game's choices of turn T's land are columns of one array (none, a land of each class seen
        before, the land drawn on turn T), and those that can't do better than another are left out: a land
        that can't enter untapped (a tapland, a land creature, a fetchland that finds a tapped land) adds
        nothing to the choice of none; a land seen before of the class of the land drawn does no better than
        the land drawn (the same land, beside more others); and without fetchlands, none does no better
        than a land seen that always enters untapped (the same others, or more, and that land). A game's
        answer is its choices' answers together (the keys of the choices it has, in order)."""
        plan = self.plan
        games, kinds = seen.shape
        if not games:
            return self._no_answers
        before = turn - 1
        options = kinds + 2
        lands = np.empty((games, options), dtype=np.int64)
        lands[:, 0] = _NONE
        lands[:, 1:-1] = np.arange(kinds)
        lands[:, -1] = new
        chosen = np.empty((games, options), dtype=np.bool_)
        chosen[:, 1:-1] = (
            (seen > 0) & self.may_add[None, :kinds] & (np.arange(kinds)[None, :] != new[:, None])
        )
        chosen[:, -1] = (new >= 0) & self.may_add[new]
        chosen[:, 0] = True if self.targets else ~(seen[:, self.always_untapped] > 0).any(axis=1)
        rest = np.repeat((seen @ self.one_hot)[:, None, :], options, axis=1)  # (the others' groups)
        rest[:, 1:-1] -= self.one_hot[None, :, :]
        keys = np.empty((games, options, 1 + self.groups + len(self.targets)), dtype=np.int16)
        keys[:, :, 0] = lands
        keys[:, :, 1 : 1 + self.groups] = np.minimum(rest, before)
        if self.targets:
            library = whole[None, :] - seen
            drawn = np.flatnonzero(new >= 0)
            library[drawn, new[drawn]] -= 1
            fetches = seen[:, plan.fetches].sum(axis=1)[:, None] - self.is_fetch_option[None, :]
            reach = np.minimum(fetches + 1, before + 1)  # (the fetchlands among the others, and turn T's)
            keys[:, :, 1 + self.groups :] = np.minimum(library[:, None, self.targets], reach[:, :, None])
        flat = chosen.ravel()
        found = self._answers(turn, np.ascontiguousarray(keys.reshape(games * options, -1)[flat]))
        starts = np.concatenate([[0], np.cumsum(chosen.sum(axis=1))[:-1]])  # (every game has one)
        answer: Packed = np.bitwise_or.reduceat(found, starts, axis=0)
        return answer

    def _answers(self, turn: int, keys: npt.NDArray[np.int16]) -> Packed:
        """The answers of rows of keys (turn T's land, the groups of the others, the targets' copies): those
        without a fetchland worked out together on arrays, the others by their enumeration, kept."""
        answer = np.zeros((keys.shape[0], self._no_answers.shape[1]), dtype=np.uint8)
        fetching = keys[:, 1 : 1 + self.groups][:, self.is_fetch].any(axis=1)
        fetching |= self.is_fetch_class[keys[:, 0]]  # (-1, no land, reads the last entry: False)
        plain = np.flatnonzero(~fetching)
        if plain.size:
            first, inverse = distinct_rows(keys[plain])
            chosen = self._chosen_answers(*self._plain(turn, keys[plain[first]]), first.size)
            answer[plain] = np.take(chosen, inverse, axis=0)
        enumerated = np.flatnonzero(fetching)
        if enumerated.size:
            answer[enumerated] = self._enumerated(turn, keys[enumerated])
        return answer

    def _chosen_answers(self, owners: Ints, manas: Ints, lives: Ints, keys: int) -> Packed:
        """The answers of ``keys`` keys from their choices: each choice's key, mana and life left. Each
        distinct state's answers are packed once for each life left, then each key's choices together (a
        run of them, sorted by key) answer as any of them."""
        answers = np.zeros((keys, self._no_answers.shape[1]), dtype=np.uint8)
        if owners.size:
            table, state = self.plan.oracle.states(manas)
            levels, level = np.unique(lives, return_inverse=True)
            packed = np.packbits(table[None, :, : self.columns] <= levels[:, None, None], axis=2)
            packed = packed.reshape(-1, packed.shape[2])  # (a row per life left and state)
            order = np.argsort(owners, kind="stable")
            owners = owners[order]
            starts = np.flatnonzero(np.concatenate([[True], owners[1:] != owners[:-1]]))
            payable = np.take(packed, level.ravel()[order] * table.shape[0] + state[order], axis=0)
            answers[owners[starts]] = np.bitwise_or.reduceat(payable, starts, axis=0)
        return answers

    def _enumerated(self, turn: int, keys: npt.NDArray[np.int16]) -> Packed:
        """The answers of keys with a fetchland, each key's choices enumerated (:meth:`_choices`) once."""
        if len(self._known) > KEPT_ANSWERS:  # (memory stays bounded: the answers are worked out again)
            self._known.clear()
        width = keys.shape[1]
        first, inverse = distinct_rows(keys)
        unique = keys[first].view(np.dtype((np.void, 2 * width))).ravel()
        tagged = [turn.to_bytes(2, "little") + bytes(key) for key in unique.tolist()]
        new = [i for i, key in enumerate(tagged) if key not in self._known]
        if new:
            owners: list[int] = []
            manas: list[Ints] = [np.zeros((0, self.plan.class_sources.shape[1]), dtype=np.int64)]
            lives: list[int] = []
            for n, i in enumerate(new):
                key = keys[first[i]]
                land, groups, copies = int(key[0]), key[1 : 1 + self.groups], key[1 + self.groups :]
                for mana, life in self._choices(turn, land, groups, copies):
                    owners.append(n)
                    manas.append(mana[None, :])
                    lives.append(life)
            answers = self._chosen_answers(
                np.array(owners, dtype=np.int64),
                np.concatenate(manas),
                np.array(lives, dtype=np.int64),
                len(new),
            )
            for n, i in enumerate(new):
                self._known[tagged[i]] = answers[n]
        table = np.stack([self._known[key] for key in tagged])
        answer: Packed = np.take(table, inverse, axis=0)
        return answer

    # ---- one key

    def _plain(self, turn: int, keys: npt.NDArray[np.int16]) -> tuple[Ints, Ints, Ints]:
        """:meth:`_choices` of keys without fetchlands, all at once, on arrays: each choice's key (its row in
        ``keys``), mana (source counts) and life left. The sub-multisets of ``size`` lands of a key's groups
        are the compositions of ``size`` within them, or when fewer are left out, the groups less each
        composition of those left out within them (the same sets, fewer to try); keys whose choices are
        tried alike are tried together, whatever turn T's land (which then keeps the choices its entry
        allows, adds its mana and pays its life)."""
        before = turn - 1
        lands = keys[:, 0].astype(np.int64)
        counts = keys[:, 1 : 1 + self.groups].astype(np.int64)
        total = counts.sum(axis=1)
        size = np.minimum(total, np.where(self.fast_land[lands], min(before, 2), before))
        tried = np.flatnonzero(self.may_add[lands] & (~self.slow_land[lands] | (size >= 2)))
        left = total[tried] - size[tried]
        by_left_out = left < size[tried]
        part = np.where(by_left_out, left, size[tried])
        every = part == 0  # (the choice is every land, or none: one choice, nothing to try)
        owners = [tried[every]]
        chosen = [np.where(by_left_out[every, None], counts[tried[every]], 0)]
        kind = part * 2 + by_left_out
        for alike in np.unique(kind[~every]).tolist():
            number, left_out = divmod(alike, 2)
            compositions = compositions_of(number, self.groups)
            chunk = max(1, (1 << 22) // compositions.size)
            among = tried[kind == alike]
            for start in range(0, among.size, chunk):
                held = counts[among[start : start + chunk]]
                which, composition = np.nonzero((compositions[None, :, :] <= held[:, None, :]).all(axis=2))
                owners.append(among[start : start + chunk][which])
                picked = compositions[composition]
                chosen.append(held[which] - picked if left_out else picked)
        owner = np.concatenate(owners)
        choice = np.concatenate(chosen)
        land = lands[owner]
        checked = self.check_land[land]
        if checked.any():  # (a check land enters untapped beside a land of its types)
            kept = ~checked
            kept[checked] = (choice[checked] * self.group_typed[land[checked]]).sum(axis=1) > 0
            if not kept.all():
                owner, choice, land = owner[kept], choice[kept], land[kept]
        mana = (choice @ self.group_mana_float).astype(np.int64) + self.land_mana[land]
        return owner, mana, self.start_life - self.land_life[land]

    def _choices(
        self, turn: int, land: int, groups: npt.NDArray[np.int16], copies: npt.NDArray[np.int16]
    ) -> Iterator[tuple[Ints, int]]:
        """The mana (source counts) and life left of each choice of lands for a key in which turn T's land
        enters untapped (or there is none): every choice of at most T - 1 others (at most two beside a fast
        land)."""
        plan = self.plan
        before = turn - 1
        counts = [int(n) for n in groups]
        available = dict(zip(self.targets, (int(n) for n in copies), strict=True))
        profile = plan.classes[land] if land >= 0 else None
        most = min(before, sum(counts))
        if profile is not None and profile.search is None and profile.entry is Entry.FAST:
            most = min(before, 2, sum(counts))
        # (every size: beside fetchlands fewer lands can do better, when the library holds too few lands
        # for them all to find one, or when the life they pay is the life a Phyrexian symbol needs)
        for size in range(most + 1):
            for chosen in multisets(counts, size):
                for plain, found, life in self._expanded(chosen, available):
                    lands = plain + found
                    used = dict.fromkeys(self.targets, 0)
                    for kind in found:  # (the library's lands the others found: not those seen)
                        used[kind] += 1
                    mana = (
                        plan.class_sources[lands].sum(axis=0)
                        if lands
                        else np.zeros(plan.class_sources.shape[1], dtype=np.int64)
                    )
                    if profile is None:
                        yield mana, self.start_life - life
                        continue
                    for entered, paid in self._entries(land, lands, available, used):
                        yield mana + plan.class_sources[entered], self.start_life - life - paid

    def _expanded(
        self, chosen: tuple[int, ...], available: dict[int, int]
    ) -> Iterator[tuple[list[int], list[int], int]]:
        """The land classes of a choice of groups: those seen that are not fetchlands, the lands the
        fetchlands find (each any land of its targets, within the library's copies), and the life the
        fetchlands pay."""
        plain: list[int] = []
        fetched: list[int] = []
        for group, number in enumerate(chosen):
            kind = self.group_class[group]
            if self.plan.classes[kind].search is None:
                plain += [kind] * number
            else:
                fetched += [kind] * number
        if not fetched:
            yield plain, [], 0
            return
        life = sum(self._search_life(kind) for kind in fetched)
        options = [self.plan.targets[kind] for kind in fetched]
        seen: set[tuple[int, ...]] = set()
        for found in itertools.product(*options):
            key = tuple(sorted(found))
            if key in seen:
                continue
            seen.add(key)
            if all(key.count(t) <= available.get(t, 0) for t in set(key)):
                yield plain, list(key), life

    def _search_life(self, kind: int) -> int:
        search = self.plan.classes[kind].search
        return search.life if search is not None else 0

    def _entries(
        self, land: int, others: list[int], available: dict[int, int], used: dict[int, int]
    ) -> Iterator[tuple[int, int]]:
        """The land class turn T's land adds untapped, beside ``others``, and the life it pays."""
        profile = self.plan.classes[land]
        search = profile.search
        if search is None:
            paid = self._untapped(land, others)
            if paid is not None:
                yield land, paid
            return
        if search.tapped:
            return
        for target in self.plan.targets[land]:
            if available.get(target, 0) - used.get(target, 0) < 1:
                continue
            paid = self._untapped(target, others)
            if paid is not None:
                yield target, paid + search.life

    def _untapped(self, kind: int, others: list[int]) -> int | None:
        """The life a land of class ``kind`` pays to enter untapped beside ``others``, or None if it can't."""
        profile = self.plan.classes[kind]
        entry = profile.entry
        if entry is Entry.UNTAPPED:
            return 0
        if entry is Entry.SHOCK:
            return profile.shock_life
        if entry is Entry.CHECK:
            types: set[str] = set()
            for other in others:
                types |= self.plan.classes[other].land_types
            return 0 if types & profile.untapped_with else None
        if entry is Entry.FAST:
            return 0 if len(others) <= 2 else None
        if entry is Entry.SLOW:
            return 0 if len(others) >= 2 else None
        return None
