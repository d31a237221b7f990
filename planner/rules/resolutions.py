"""What an activation resolves into, as a plan's replay checks it: every concrete result of its outcomes
(the mana by source, the units added), and the first one that produces what a step says, found without
working out the others; kept with the view's structure (by every status they read), or across boards by
the activation's outcome signature (:func:`~planner.rules.production.outcomes_signature`)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Protocol

from models.abilities import AmountKind, ManaAbility, PaletteKind
from models.board import Board, Player
from models.kept import KeptMap, per_card
from models.mana import ManaBag, ManaTypes
from planner.rules.amounts import PLAYER_AMOUNTS
from planner.rules.could_produce import could_produce_alone
from planner.rules.plan import Step
from planner.rules.pool import ManaUnit
from planner.rules.production import (
    ManaTag,
    Outcome,
    activation_outcomes,
    anonymous,
    anonymous_tag,
    outcomes_signature,
)
from planner.rules.question import could_produce_of
from planner.rules.view import BoardView, ViewTable

__all__ = [
    "Aftermath",
    "LazyReflect",
    "grouped",
    "resolutions",
    "stated_choice",
    "stated_resolution",
    "units_of",
]


class LazyReflect(Mapping[str, ManaTypes]):
    """:func:`could_produce_of` a board, worked out on first use: only reflecting palettes read it.

    Given ``shape``, which makes a view of the board's structure (:func:`~planner.rules.question.structure`),
    the set of a permanent none of whose abilities reflects others is worked out alone
    (:func:`~planner.rules.could_produce.could_produce_alone`), and the whole board's only when a reflecting
    permanent's is read or the sets are listed: a step of a plan reads a few sets (the land Squandered
    Resources sacrifices), not the board's.

    >>> from models.board import Board
    >>> from planner.rules.question import structure, view_of
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me", "tapped": True},
    ...     {"id": "rp", "card": "Reflecting Pool", "controller": "me"}]})
    >>> sets = LazyReflect(lambda: board, lambda: view_of(structure(board)))
    >>> str(sets["f"]), sets._sets is None, str(sets["rp"]), sets._sets is None
    ('G', True, 'G', False)
    """

    def __init__(self, board: Callable[[], Board], shape: Callable[[], BoardView] | None = None) -> None:
        self._board = board
        self._shape = shape
        self._sets: dict[str, ManaTypes] | None = None
        self._alone: dict[str, ManaTypes] = {}

    def _found(self) -> dict[str, ManaTypes]:
        if self._sets is None:
            self._sets = could_produce_of(self._board())
        return self._sets

    def __getitem__(self, pid: str) -> ManaTypes:
        if self._sets is None and self._shape is not None:
            found = self._alone.get(pid)
            if found is not None:
                return found
            shape = self._shape()
            if not shape.has(pid):
                raise KeyError(pid)
            found = could_produce_alone(shape, pid)
            if found is not None:
                self._alone[pid] = found
                return found
        return self._found()[pid]

    def __iter__(self) -> Iterator[str]:
        return iter(self._found())

    def __len__(self) -> int:
        return len(self._found())


class Aftermath(Protocol):
    """What an activation's resolution does besides adding mana: all the replay reads of its
    :class:`Outcome`."""

    @property
    def damage(self) -> int: ...

    @property
    def life_loss(self) -> int: ...

    @property
    def life_gain(self) -> int: ...

    @property
    def sacrifices_source(self) -> bool: ...


def grouped(concrete: Sequence[tuple[ManaBag, ManaTag]]) -> tuple[tuple[str, ManaBag], ...]:
    """A concrete result's mana by source, sorted, without sources that gave none (a plan step's
    ``produced``)."""
    if len(concrete) == 1:
        bag, tag = concrete[0]
        return ((tag.source, bag),) if bag else ()
    by_source: dict[str, ManaBag] = {}
    for bag, tag in concrete:
        by_source[tag.source] = by_source.get(tag.source, ManaBag()) + bag
    return tuple(sorted((source, bag) for source, bag in by_source.items() if bag))


#: The most resolutions a view's structure keeps (:func:`resolutions`), past which it forgets them all.
_RESOLUTIONS_LIMIT = 1024
_Resolution = tuple[Outcome, tuple[tuple[str, ManaBag], ...], tuple[ManaUnit, ...]]
#: :func:`resolutions` kept with a view's structure, by the permanent, the ability's number, what its cost
#: sacrificed, every permanent's status and the player record its amount reads.
_RESOLUTIONS: ViewTable[
    tuple[
        str, int, tuple[str, ...], tuple[tuple[str, bool, tuple[tuple[str, int], ...]], ...], Player | None
    ],
    tuple[_Resolution, ...],
] = ViewTable("replay.resolutions", shared=True, limit=_RESOLUTIONS_LIMIT)
#: :func:`stated_resolution` kept with a view's structure, by the key of :data:`_RESOLUTIONS` and what the
#: step says it produced, in which replacement order.
_STATED_RESOLUTIONS: ViewTable[
    tuple[
        str,
        int,
        tuple[str, ...],
        tuple[tuple[str, bool, tuple[tuple[str, int], ...]], ...],
        Player | None,
        tuple[tuple[str, ManaBag], ...],
        tuple[str, ...],
    ],
    tuple[Aftermath, tuple[ManaUnit, ...]],
] = ViewTable("replay.stated_resolution", shared=True, limit=_RESOLUTIONS_LIMIT)


def resolutions(
    view: BoardView,
    reflect: Mapping[str, ManaTypes],
    pid: str,
    number: int,
    ability: ManaAbility,
    sacrificed: tuple[str, ...],
) -> tuple[_Resolution, ...]:
    """Every concrete result of the ability (number ``number`` of ``pid``) resolving: (outcome, produced by
    source, units added), with ``reflect`` for what the permanents could produce.

    When ``reflect`` is a :class:`LazyReflect` (what the view's board could produce, as this module's
    callers make it), they are kept with the view's structure, keyed by everything else they read: the
    permanent, the ability, what its cost sacrificed and every permanent's status
    (:meth:`BoardView.statuses`); asking again (the same plan replayed, the same activation in another
    state) reuses them."""
    if not isinstance(reflect, LazyReflect):
        return worked_out_resolutions(view, reflect, pid, ability, sacrificed)
    key = (pid, number, sacrificed, view.statuses(), player_read(view, pid, ability))
    known = _RESOLUTIONS.get(view, key)
    if known is not None:
        return known
    found = worked_out_resolutions(view, reflect, pid, ability, sacrificed)
    _RESOLUTIONS.put(view, key, found)
    return found


def player_read(view: BoardView, pid: str, ability: ManaAbility) -> Player | None:
    """The player record an ability's amount reads (its controller's life, graveyard or hand:
    :data:`~planner.rules.amounts.PLAYER_AMOUNTS`), or its palette (the colors of the cards in the
    graveyard), which keys what is kept of its resolutions with the statuses; None when it reads none
    (:func:`reads_player`)."""
    return view.player(view.permanent(pid).controller) if reads_player(ability) else None


@per_card(maxsize=4096)
def reads_player(ability: ManaAbility) -> bool:
    """True when the ability's amount (or a conditional one) reads its controller's record
    (:data:`~planner.rules.amounts.PLAYER_AMOUNTS`), or its palette the colors of the cards in the graveyard
    (Corrupted Grafstone, after a sacrifice put one there): a fact of the ability, kept per card.

    >>> from models.oracle import parse_oracle
    >>> [reads_player(parse_oracle(text).mana_abilities[0]) for text in ("{T}: Add {G}.",
    ...     "{T}: Add {C} for each card in your graveyard.",
    ...     "{T}: Add one mana of any color among cards in your graveyard.")]
    [False, True, True]
    """
    kind = ability.output.amount.kind
    return not (
        (kind is AmountKind.CONSTANT or kind not in PLAYER_AMOUNTS)
        and (
            not ability.conditional
            or all(output.amount.kind not in PLAYER_AMOUNTS for _, output in ability.conditional)
        )
        and ability.output.palette.kind is not PaletteKind.GRAVEYARD_COLORS
    )


def worked_out_resolutions(
    view: BoardView,
    reflect: Mapping[str, ManaTypes],
    pid: str,
    ability: ManaAbility,
    sacrificed: tuple[str, ...],
) -> tuple[_Resolution, ...]:
    """:func:`resolutions` worked out."""
    seen: set[tuple[tuple[str, ...], tuple[tuple[str, ManaBag], ...]]] = set()
    found: list[_Resolution] = []
    for outcome in activation_outcomes(view, pid, ability, reflect, sacrificed=sacrificed, every_order=True):
        for concrete in outcome.concrete():
            produced = grouped(concrete)
            if (outcome.replacements, produced) in seen:
                continue
            seen.add((outcome.replacements, produced))
            found.append((outcome, produced, units_of(concrete)))
    return tuple(found)


def stated_resolution(
    view: BoardView, reflect: Mapping[str, ManaTypes], step: Step, ability: ManaAbility, keep: bool
) -> tuple[Aftermath, tuple[ManaUnit, ...]] | None:
    """What the first of :func:`resolutions` of the step's activation that produces what the step says (in
    its replacement order when it gives one) does besides its mana, and the units it adds; None when none
    does.

    Found without working out the others (:func:`stated_choice`); with ``keep``, kept like
    :func:`resolutions`, with what the step says in the key, on boards of at most
    :data:`_STATUS_KEYS_UP_TO` permanents: past that a key holding every status costs more to compare than
    :func:`first_stated` costs (which reads what the activation's outcomes read, not the whole board), and
    a plan's replay stays linear in its length and the board's size."""
    if not keep or not isinstance(reflect, LazyReflect) or len(view.board.permanents) > _STATUS_KEYS_UP_TO:
        return first_stated(view, reflect, step, ability)
    key = (
        step.permanent,
        step.ability,
        step.removed,
        view.statuses(),
        player_read(view, step.permanent, ability),
        step.produced,
        step.order,
    )
    known = _STATED_RESOLUTIONS.get(view, key)
    if known is not None:
        return known
    found = first_stated(view, reflect, step, ability)
    if found is not None:
        _STATED_RESOLUTIONS.put(view, key, found)
    return found


#: The most permanents a board may have for :func:`stated_resolution` to key what it keeps by every status.
_STATUS_KEYS_UP_TO = 200


def first_stated(
    view: BoardView, reflect: Mapping[str, ManaTypes], step: Step, ability: ManaAbility
) -> tuple[Aftermath, tuple[ManaUnit, ...]] | None:
    """:func:`stated_resolution` without the view's memo: kept across boards by the activation's outcome
    signature when it has one and the step sacrifices nothing (:func:`outcomes_signature`: everything its
    outcomes read, the other permanents they name included, so that two activations of one signature
    have the same outcomes up to their own permanent's name), with what the step says; the step's own
    permanent is written "" there (:func:`anonymous_tag`), and its units get its name back."""
    pid = step.permanent
    signature = None if step.removed else outcomes_signature(view, pid, ability)
    if signature is None:
        return worked_out_stated(view, reflect, step, ability)
    key = (
        signature,
        tuple([("" if source == pid else source, bag) for source, bag in step.produced]),
        tuple(["" if source == pid else source for source in step.order]) if step.order else (),
    )
    known = _STATED.get(key)
    if known is None:
        found = worked_out_stated(view, reflect, step, ability)
        if found is None:
            return None
        outcome, units = found
        _STATED.put(
            key, (anonymous(outcome, pid), tuple(ManaUnit(u.type, anonymous_tag(u.tag, pid)) for u in units))
        )
        return found
    aftermath, kept = known
    return aftermath, tuple([u if u.tag.source else ManaUnit(u.type, u.tag.with_source(pid)) for u in kept])


#: The resolutions :func:`first_stated` keeps across boards, by outcome signature and what the step says
#: (the step's own permanent written ""), at most 4,096 of them.
_STATED: KeptMap[tuple[object, ...], tuple[Aftermath, tuple[ManaUnit, ...]]] = KeptMap(
    f"{__name__}.stated_resolutions", maxsize=4096
)


def worked_out_stated(
    view: BoardView, reflect: Mapping[str, ManaTypes], step: Step, ability: ManaAbility
) -> tuple[Outcome, tuple[ManaUnit, ...]] | None:
    """:func:`stated_resolution` worked out from the activation's outcomes."""
    outcomes = activation_outcomes(
        view, step.permanent, ability, reflect, sacrificed=step.removed, every_order=True
    )
    for outcome in outcomes:
        if step.order and step.order != outcome.replacements:
            continue
        choice = stated_choice(outcome, step.produced)
        if choice is not None:
            return outcome, units_of(choice)
    return None


def stated_choice(
    outcome: Outcome, produced: tuple[tuple[str, ManaBag], ...]
) -> tuple[tuple[ManaBag, ManaTag], ...] | None:
    """The first of ``outcome.concrete()`` whose mana, grouped by source (:func:`grouped`), is
    ``produced``, or None. A packet's bags that put more of a type from a source than ``produced`` has (or
    any from a source it does not name) are left out first: no choice with them can give ``produced``.

    >>> from models.mana import ManaTypes
    >>> from planner.rules.production import Packet
    >>> any_color = Outcome((Packet(ManaTypes.parse("WUBRG"), 1, 1, ManaTag(source="a")),))
    >>> [(str(bag), tag.source) for bag, tag in stated_choice(any_color, (("a", ManaBag.parse("{R}")),))]
    [('{R}', 'a')]
    >>> stated_choice(any_color, (("a", ManaBag.parse("{C}")),)) is None
    True
    """
    packets = outcome.packets
    if len(packets) == 1:
        tag = packets[0].tag
        for bag in packets[0].concrete():
            choice = ((bag, tag),)
            if grouped(choice) == produced:
                return choice
        return None
    wanted = dict(produced)
    options: list[list[tuple[ManaBag, ManaTag]]] = []
    for packet in packets:
        room = wanted.get(packet.tag.source)
        fitting = [(bag, packet.tag) for bag in packet.concrete() if _within(bag, room)]
        if not fitting:
            return None
        options.append(fitting)
    return next((choice for choice in itertools.product(*options) if grouped(choice) == produced), None)


def _within(bag: ManaBag, room: ManaBag | None) -> bool:
    """True when ``bag`` has no more of any type than ``room`` (None: no room at all)."""
    if room is None:
        return not bag
    return bag == room or all(have <= most for have, most in zip(bag.counts, room.counts, strict=True))


def units_of(concrete: Iterable[tuple[ManaBag, ManaTag]]) -> tuple[ManaUnit, ...]:
    """The units a concrete result adds to the pool, packet by packet in ``WUBRGC`` order."""
    units: list[ManaUnit] = []
    for bag, tag in concrete:
        units += [ManaUnit(mana_type, tag) for mana_type in bag.units()]
    return tuple(units)
