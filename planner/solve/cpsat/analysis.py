"""The first pass: what the templates need of one another before any variable exists. The pairs that must
come in an order (static edges), the permanents tapped and untapped in turn ({Q} cycles), the twins merged
into groups when nothing orders them, and each template's producer node (whose mana the model tells apart).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations, product

from models.abilities import Amount, AmountKind, BoardFact, Condition, ObjectFilter, Palette, PaletteKind
from models.additional_costs import SacrificeCost
from models.board import Board, Permanent
from models.mana import ALL_COLORS, ManaTypes
from planner.rules.activations import Activation
from planner.rules.announced import judged_apart
from planner.rules.colors_read import nested_parts
from planner.rules.conditions import counted_by_conditions
from planner.rules.costs import chosen_fit, discards_hand
from planner.rules.devotion import devotion_of
from planner.rules.doubling import doubles_unspent
from planner.rules.eligibility import is_sick
from planner.rules.production import activation_outcomes, anonymous
from planner.rules.replay import could_produce_of, view_of
from planner.rules.view import BoardView
from planner.solve.cpsat.classes import classed, sacrificed_classes
from planner.solve.cpsat.doubling_scope import split_apart
from planner.solve.cpsat.record import Cycle, Edge, PaymentModel, Reliance
from planner.solve.problem import PaymentProblem
from planner.solve.riders import from_treasure, reads_treasures

#: The palettes that read other permanents: what they could produce (CR 106.7), or their colors.
_AMONG = (PaletteKind.REFLECT, PaletteKind.COLORS_AMONG)


@dataclass(frozen=True, slots=True)
class _Counted:
    """An amount counted on the board (a count or a devotion), the permanent whose ability counts it, and
    the colors a devotion without its own colors counts (the color the mana is chosen in)."""

    amount: Amount
    whose: str
    colors: ManaTypes


def analysed(problem: PaymentProblem, *, merge: bool) -> PaymentModel:
    """The record of a payment's model before its variables: the templates (with the variants of amounts the
    payment changes, :mod:`planner.solve.dynamic`), their static edges and {Q} cycles, twins merged into
    groups (``merge``: only for one payment, with no keep or hand cost and no {Q} cycle, and only twins that
    no static edge orders, when :func:`few_paid_apart` holds of the rest; the order of a relaxed model
    comes back at its optimum, see :mod:`planner.solve.cpsat.solve`), identical permanents that outlets
    sacrifice counted as classes under the same conditions (:mod:`planner.solve.cpsat.classes`, before the
    twins: the edges inside a class go with it), and each template's producer node."""
    board = problem.board
    turn = problem.turn
    # (an ability activated more than once beside a doubling of the unspent mana: a copy for each stretch
    # between doublings, planner.solve.cpsat.unspent)
    templates, siblings = split_apart(problem, problem.dynamics.templates)
    template_epochs = turn.epochs if turn is not None else (0,) * len(templates)
    last_epoch = max(
        [0, *template_epochs, *(s.epoch for s in turn.spells), *(m.epoch for m in turn.mana)]
        if turn is not None
        else [0]
    )
    # the permanents each template's permanent stands for: itself, or its group of interchangeable ones
    members: dict[str, tuple[str, ...]] = defaultdict(tuple)
    for permanent in board.permanents:
        members[permanent.id] = (permanent.id,)
    for template in templates:
        members[template.pid] = template.sources
    problem.check_time()
    edges, announced, judged_late = static_edges(problem, templates)
    relying, relying_late = reliances(problem, templates, [*edges, *announced])
    judged_late = judged_late or relying_late
    cycles = tap_cycles(board, templates)
    relaxed = False
    alone = turn is None and problem.keep is None and not problem.hand
    doubling = any(doubles_unspent(t.ability) for t in templates)  # (each activation before or after it)
    classes: dict[str, tuple[str, ...]] = {}
    if merge and alone and not cycles and not problem.dynamics.families and not doubling:
        # (no classes beside reliances: those name templates one by one)
        # (nor beside an activation announced early: the plan keeps what pays it just before it)
        counted = classable(problem) and not relying and not announced
        runs = sacrificed_classes(board, problem.view, templates, edges) if counted else []
        if runs:
            relaxed = True
            templates, classes, edges = classed(templates, edges, runs)
            template_epochs = (0,) * len(templates)
            members.update(classes)
        # (a static edge's templates stay apart: what it orders is each of them)
        ordered = frozenset(templates[i].pid for edge in (*edges, *announced) for i in edge) | {
            templates[i].pid for reliance in relying for i in reliance.templates
        }
        merged, origin = twins_merged(board, templates, ordered)
        if len(merged) < len(templates) and (not (edges or relying) or few_paid_apart(merged)):
            relaxed = True
            templates = merged
            template_epochs = (0,) * len(merged)
            for template in merged:
                members[template.pid] = template.sources
            renumbered = {old: new for new, old in enumerate(origin)}
            edges = [(renumbered[a], renumbered[b]) for a, b in edges]
            announced = [(renumbered[a], renumbered[b]) for a, b in announced]
            relying = [reliance.renumbered(renumbered) for reliance in relying]
    producer, depth = producers(problem, templates, template_epochs, [*edges, *announced], cycles, relying)
    # (a turn's, a kept cost's and the hand's layers judge restrictions where the plan lists the activation)
    judged_late = judged_late or (not alone and bool(announced or any(r.judged for r in relying)))
    problem.check_time()
    return PaymentModel(
        problem=problem,
        templates=templates,
        template_epochs=template_epochs,
        last_epoch=last_epoch,
        members=members,
        static_edges=edges,
        announce_edges=announced,
        reliances=relying,
        cycles=cycles,
        relaxed=relaxed,
        judged_late=judged_late,
        producer=producer,
        depth=depth,
        classes=classes,
        siblings=siblings,
    )


def classable(problem: PaymentProblem) -> bool:
    """True when a payment's identical sacrificed permanents may be counted as classes
    (:mod:`planner.solve.cpsat.classes`): nothing pays the target by tapping or sacrificing permanents
    outside the mana abilities (convoke, improvise, an additional sacrifice), which reads them one by one."""
    target = problem.target
    sacrifices = any(isinstance(cost, SacrificeCost) for cost in problem.asked.additional_costs)
    return not (target.alternatives or sacrifices)


# ------------------------------------------------------------------------------------------- static edges


def static_edges(
    problem: PaymentProblem, templates: Sequence[Activation]
) -> tuple[list[Edge], list[Edge], bool]:
    """Pairs of templates that must come in this order when both are used: what uses a permanent (its
    own activations, and those that tap it for their cost) before it is sacrificed, counting activations
    before what sacrifices something they count, and reflecting ones before what sacrifices something
    they reflect. Apart from them (second), the pairs whose first needs no more than its restrictions
    judged before the second (its haste, its activation condition) and may be announced before the mana
    abilities that pay its mana cost (:func:`announceable`, CR 601.2g): the second may come inside that
    payment (:func:`planner.solve.cpsat.order.add_order`). Third: True when a pair of the first kind orders
    an activation only by restrictions the rules judge at its announcement but the model can't announce
    early (activated more than once, a group of permanents: :func:`announceable`), so the order is
    narrower than the rules."""
    view = problem.view
    sacrificers = [t for t in templates if t.gone]
    using: dict[str, list[Activation]] = defaultdict(list)
    for template in templates:
        for pid in (template.pid, *template.tapped):
            using[pid].append(template)
    edges: list[Edge] = []
    restricted: list[Edge] = []  # (restriction alone, of an announceable template)
    late = False  # (restriction alone, of a template judged at its announcement that can't be announced)
    for sacrificer in sacrificers:
        problem.check_time()
        for victim in sacrificer.gone:
            # every other activation of a permanent, and every one that taps it for its cost
            # (Springleaf Drum tapping a creature that Ashnod's Altar then sacrifices: a tapped creature
            # can be sacrificed, a sacrificed one can't be tapped, CR 602.2b), comes before what
            # sacrifices it, its own self-sacrifice included (an Eldrazi Scion tapped through Cryptolith
            # Rite, then sacrificed); an ability that sacrifices its own source as its cost (Krark-Clan
            # Ironworks sacrificing itself: CR 602.2b pays the cost as it is activated) comes before
            # nothing for that
            edges += [(t.index, sacrificer.index) for t in using[victim] if t.index != sacrificer.index]
    for counting in templates:
        counted = _counted(view, counting)
        judged = _judged(counting)
        if not counted and not judged:
            continue
        problem.check_time()
        for sacrificer in sacrificers:
            if sacrificer.index == counting.index:
                continue
            gone = sacrificer.gone
            if any(_counts(view, count, pid) for count in counted for pid in gone):
                edges.append((counting.index, sacrificer.index))
            elif any(view.matches(wanted, pid, counting.pid) for wanted in judged for pid in gone):
                early = announceable(view, counting)
                late = late or (not early and _judged_apart(view, counting))
                (restricted if early else edges).append((counting.index, sacrificer.index))
    effects, hasty, effects_late = _effect_edges(problem, templates)
    late = late or effects_late
    edges += effects
    restricted += hasty
    edges += problem.dynamics.edges
    edges += _hand_edges(templates) + _return_edges(templates) + revealing_edges(templates)
    # a reflecting source (Reflecting Pool) before what sacrifices a permanent it reflects: its outcomes
    # are worked out with that permanent still there (CR 106.7)
    for reflecting in templates:
        reflected = _reflected(view, reflecting)
        if not reflected:
            continue
        problem.check_time()
        for sacrificer in sacrificers:
            if sacrificer.index != reflecting.index and any(
                view.matches(wanted, gone, whose) for wanted, whose in reflected for gone in sacrificer.gone
            ):
                edges.append((reflecting.index, sacrificer.index))
    kept = set(edges)
    return edges, [edge for edge in dict.fromkeys(restricted) if edge not in kept], late


def announceable(view: BoardView, template: Activation) -> bool:
    """True when the model may announce the template's activation before the mana abilities that pay its
    mana cost, its restrictions judged there (CR 601.2g, 602.2b): restrictions a payment may change
    (:func:`~planner.rules.reference.judged_apart`), on one permanent activated at most once."""
    if template.bound != 1 or len(template.sources) != 1:
        return False
    return _judged_apart(view, template)


def _judged_apart(view: BoardView, template: Activation) -> bool:
    """True when the rules judge the template's restrictions before the mana abilities that pay its mana
    cost (:func:`~planner.rules.announced.judged_apart`)."""
    return judged_apart(template.ability, view.permanent(template.pid).summoning_sick)


def _hand_edges(templates: Sequence[Activation]) -> list[Edge]:
    """'Discard your hand' after what takes chosen cards from the hand (they are chosen from what is
    there), and before what returns a permanent to the hand: a plan discards only the cards the hand held
    before the payment, and never a card a cost returned to it (CR 601.2h orders the costs; see
    docs/rules.md)."""
    discarding = [t.index for t in templates if discards_hand(t.ability)]
    if not discarding:
        return []
    choosing = [t.index for t in templates if t.choices.cards and not discards_hand(t.ability)]
    returning = [t.index for t in templates if t.choices.returned]
    return [(a, d) for d in discarding for a in choosing] + [(d, r) for d in discarding for r in returning]


def _return_edges(templates: Sequence[Activation]) -> list[Edge]:
    """What takes a card from the hand that a cost returns to it (:attr:`Activation.after_return`) after
    that cost."""
    return [
        (returner.index, taker.index)
        for taker in templates
        if taker.after_return
        for returner in templates
        if taker.after_return in returner.choices.returned
    ]


def revealing(templates: Sequence[Activation], template: Activation) -> dict[str, list[int]]:
    """For an ability given back once its permanent's effects' sources are gone
    (:attr:`~planner.rules.activations.Activation.after_gone`): each of those sources, with the templates
    whose costs take it off the battlefield (one of them comes first, CR 611.3a)."""
    return {
        pid: [t.index for t in templates if pid in t.gone and not t.after_gone] for pid in template.after_gone
    }


def revealing_edges(templates: Sequence[Activation]) -> list[Edge]:
    """What removes an effect's source before the abilities that its leaving gives back (Phyrexian Altar
    sacrificing Magus of the Moon before Boros Garrison taps for {R}{W})."""
    return [
        (remover, template.index)
        for template in templates
        for removers in revealing(templates, template).values()
        for remover in removers
    ]


def _counted(view: BoardView, template: Activation) -> list[_Counted]:
    """The amounts counted on the board that the template's mana depends on: its own ('{B} for each
    Swamp you control'; devotion to the color it makes, Nykthos: CR 700.5), and (Squandered Resources)
    those of the permanents it sacrifices, which could produce their mana only while their count is not
    0 (CR 106.7)."""
    ability = template.ability
    outcome = template.outcome
    found = [_Counted(ability.output.amount, template.pid, outcome.devotion or outcome.types)]
    if any(
        output.palette.kind is PaletteKind.REFLECT_SACRIFICED
        for output in (ability.output, *(o for _, o in ability.conditional))
    ):
        for victim in template.sacrificed:
            found += [_Counted(a.output.amount, victim, ALL_COLORS) for a in view.mana_abilities(victim)]
    return [
        counted
        for counted in found
        if counted.amount.kind is AmountKind.DEVOTION
        or (counted.amount.kind is AmountKind.COUNT and counted.amount.filter is not None)
    ]


def _judged(template: Activation) -> list[ObjectFilter]:
    """The filters of the permanents the conditions of the template's ability count: whether it can be
    activated (Mox Opal's 'three or more artifacts') and which output it makes (Urza's Tower), judged
    when it is activated and resolves (CR 602.5b, 608.2h), so before the payment sacrifices them."""
    ability = template.ability
    conditions = [
        ability.activation_condition,
        ability.damage_unless,  # (Tomb of Urami's Ogre, as it resolves)
        *(condition for condition, _ in ability.conditional),
    ]
    return [wanted for c in conditions if c is not None for wanted in c.counted_filters]


def _counts(view: BoardView, counted: _Counted, gone: str) -> bool:
    """True when sacrificing ``gone`` changes a counted amount: it matches the count's filter, or it has
    mana symbols of the devotion's colors."""
    amount = counted.amount
    if amount.kind is AmountKind.DEVOTION:
        owner = view.permanent(counted.whose).controller
        colors = amount.colors or counted.colors
        return view.permanent(gone).controller == owner and devotion_of(view, gone, colors) > 0
    assert amount.filter is not None
    return view.matches(amount.filter, gone, counted.whose)


def _relied_on(view: BoardView) -> set[str]:
    """The permanents whose leaving may change what an effect does: the effects' sources (CR 611.3a), and
    those a condition of one counts (Forge Rally's artifacts:
    :func:`~planner.rules.conditions.counted_by_conditions`)."""
    return {sourced.source for sourced in view.effects} | counted_by_conditions(view)


def _effect_edges(
    problem: PaymentProblem, templates: Sequence[Activation]
) -> tuple[list[Edge], list[Edge], bool]:
    """Activations before what sacrifices a permanent whose effect they rely on: a template's ability,
    outcome or cost choice that the board without the sacrificed permanents no longer has (Dryad of the
    Ilysian Grove's land types, Nyxbloom Ancient's tripling, an Elf that is an artifact creature to sacrifice
    only while "All permanents are artifacts" lasts: CR 611.3a, an effect of a static ability stops when
    its permanent leaves) comes before the sacrifice. (An effect that several permanents give, each alone
    enough: :func:`reliances`.) Apart (second): those where only the haste is lost, of a template that may
    be announced first (:func:`announceable`). Third: True when one where only the haste is lost is of a
    template the rules announce first but the model can't (:func:`static_edges`)."""
    sources = _relied_on(problem.view)
    edges: list[Edge] = []
    hasty: list[Edge] = []
    late = False
    after: _Without = {}
    for sacrificer in templates:
        if not sources.intersection(sacrificer.gone):
            continue
        problem.check_time()
        for template in templates:
            if template.index == sacrificer.index or template.pid in sacrificer.gone:
                continue  # (a permanent's own activations come before it goes anyway)
            if not set(template.removed).isdisjoint(sacrificer.gone):
                continue  # (it takes off a permanent the sacrificer takes too: never both in one plan)
            if not _still_fits(problem, template, sacrificer.gone, after):
                only_haste = _judged_apart(problem.view, template) and _still_fits(
                    problem, template, sacrificer.gone, after, haste=False
                )
                early = only_haste and announceable(problem.view, template)
                late = late or (only_haste and not early)
                (hasty if early else edges).append((template.index, sacrificer.index))
    return edges, hasty, late


#: The boards without some permanents, as a view and what each permanent could produce, by those removed.
_Without = dict[tuple[str, ...], tuple[BoardView, dict[str, ManaTypes]]]


def _still_fits(
    problem: PaymentProblem, template: Activation, gone: Iterable[str], after: _Without, *, haste: bool = True
) -> bool:
    """True when the template's ability, cost choice and outcome are still there on the board without the
    ``gone`` permanents, and its permanent the haste its {T} or {Q} needs (an ability given back by a
    removal is judged on the board without what it waits for too); ``after`` keeps the boards already
    made. Without ``haste``, the haste is not looked at."""
    view, reflect = _board_without(problem.board, [*gone, *template.after_gone], after)
    abilities = view.mana_abilities(template.pid)
    number = template.ability_index
    cost = template.ability.cost
    return (
        number < len(abilities)
        and abilities[number] == template.ability
        and not (haste and (cost.tap or cost.untap) and is_sick(view, template.pid))  # (its haste: 302.6)
        and chosen_fit(
            view, template.pid, template.ability, template.sacrificed, template.tapped, template.choices
        )
        and template.outcome
        in activation_outcomes(
            view,
            template.pid,
            template.ability,
            reflect,
            sacrificed=template.sacrificed,
            counted=template.counted,
            same_name=template.same_name,
        )
    )


def reliances(
    problem: PaymentProblem, templates: Sequence[Activation], edges: Sequence[Edge]
) -> tuple[list[Reliance], bool]:
    """Activations relying on what several permanents make true together: an effect that each of them gives
    alone (two Dryads of the Ilysian Grove make a land every basic land type; CR 611.3a), or a count of
    them (haste 'as long as you control three or more artifacts' beside Treasures). For each smallest way
    of removing them that takes the activation's ability, cost choice, outcome or haste away, and that no
    static edge already keeps (:func:`_effect_edges`), not all of it is done before the activation. Ways
    are counts of classes of permanents that are the same to the activation (:func:`_alike_classes`: six
    different artifacts a condition counts are one class, and 'three or more' of them a threshold: at
    most three gone before), every smallest one found (:func:`_breaking_counts`), with no bound but the
    question's time limit. Second: True when one that loses only haste is of a template the rules announce
    first but the model can't (:func:`static_edges`)."""
    sources = sorted(_relied_on(problem.view))
    removers = {s: [t.index for t in templates if s in t.gone] for s in sources}
    removable = [s for s in sources if removers[s]]
    if len(removable) < 2:
        return [], False
    kept = set(edges)
    late = False
    after: _Without = {}
    found: list[Reliance] = []
    effects_read: _FiltersRead | None = None
    for template in templates:
        ways = {
            s: tuple(
                r
                for r in removers[s]
                if r != template.index
                and (template.index, r) not in kept
                and set(template.removed).isdisjoint(templates[r].gone)
            )
            for s in removable
            if s != template.pid
        }
        candidates = [s for s, ways_of in ways.items() if ways_of]
        if len(candidates) < 2:
            continue
        problem.check_time()
        if _still_fits(problem, template, candidates, after):
            continue
        if effects_read is None:
            effects_read = _filters_read((sourced.source, sourced.effect) for sourced in problem.view.effects)
        runs = _alike_classes(problem, template, candidates, effects_read, after)
        # (only its haste lost however many go: judged as it is announced, CR 602.2b)
        only_haste = _judged_apart(problem.view, template) and _still_fits(
            problem, template, candidates, after, haste=False
        )
        judged = only_haste and announceable(problem.view, template)
        late = late or (only_haste and not judged)
        for counts in _breaking_counts(problem, template, runs, after):
            groups = [(run, n) for run, n in zip(runs, counts, strict=True) if n]
            found.append(
                Reliance(
                    template.index,
                    tuple(tuple(ways[s] for s in run) for run, _ in groups),
                    tuple(n for _, n in groups),
                    judged,
                )
            )
    return found, late


#: The amounts that read no more of another permanent than whether a filter matches it (a count): of
#: those of other kinds (devotion, powers, names, the graveyard a sacrifice fills) which permanent goes
#: matters, not only how many.
_COUNTED_ONLY = frozenset(
    {
        AmountKind.CONSTANT,
        AmountKind.COUNT,
        AmountKind.COUNTERS,
        AmountKind.LIFE,
        AmountKind.DRAWN,
        AmountKind.REMOVED,
        AmountKind.REVEALED,
        AmountKind.MANA_VALUE,
    }
)
#: The palettes that read other permanents (what they could produce, their colors) or the graveyard.
_PALETTES_READING_OTHERS = frozenset({*_AMONG, PaletteKind.REFLECT_SACRIFICED, PaletteKind.GRAVEYARD_COLORS})
#: What a filter may read of a permanent that a removal may change otherwise than for the others it
#: matches alike (a power that counts them, a keyword a grant gives, what the battlefield or the graveyard
#: holds).
_FACTS_READ_APART = frozenset(
    {BoardFact.POWER, BoardFact.KEYWORDS, BoardFact.BATTLEFIELD, BoardFact.GRAVEYARD}
)
#: The most sources of effects among the permanents relied on whose every combination the classes are
#: checked against (:func:`_alike_classes`); with more, only identical permanents make a class.
MOST_SOURCES_COMBINED = 3


#: The filters some readings hold, each with the permanent it is written on, and whether one of them reads
#: more of a permanent than whether a filter matches it (:func:`_filters_read`).
_FiltersRead = tuple[tuple[tuple[ObjectFilter, str], ...], bool]


def _filters_read(readings: Iterable[tuple[str, object]]) -> _FiltersRead:
    """The filters in the readings (effects, abilities, anywhere in their fields), each with the permanent
    it is written on, and True when something there reads more of a permanent than whether a filter
    matches it: a devotion, its power, what it could produce, the colors among them, a graveyard.

    >>> from models.oracle import parse_oracle
    >>> def ability(text: str) -> object:
    ...     return parse_oracle(text).mana_abilities[0]
    >>> devotion = ability("{T}: Add an amount of {G} equal to your devotion to green.")
    >>> elves = ability("{T}: Add {G} for each Elf you control.")
    >>> [(len(found), apart) for found, apart in (_filters_read([("n", a)]) for a in (elves, devotion))]
    [(1, False), (0, True)]
    """
    filters: list[tuple[ObjectFilter, str]] = []
    apart = False
    for source, reading in readings:
        for part in nested_parts(reading):
            if isinstance(part, ObjectFilter):
                filters.append((part, source))
                apart = apart or not _FACTS_READ_APART.isdisjoint(part.reads())
            elif isinstance(part, Amount):
                apart = apart or part.kind not in _COUNTED_ONLY
            elif isinstance(part, Palette):
                apart = apart or part.kind in _PALETTES_READING_OTHERS
            elif isinstance(part, Condition):
                apart = apart or part.in_graveyard is not None
    return tuple(filters), apart


def _alike_classes(
    problem: PaymentProblem,
    template: Activation,
    candidates: Sequence[str],
    effects_read: _FiltersRead,
    after: _Without,
) -> list[tuple[str, ...]]:
    """The ``candidates`` as classes of permanents that are the same to whether ``template`` fits: whichever
    of a class is gone, the board is the same to it as far as it reads. The permanents the template
    singles out (sacrificed, tapped, untapped) stand alone, and the sources of effects with identical
    ones only (:meth:`~models.board.Board.identical_runs`); the others go by the filters of the effects in
    force (``effects_read``: :func:`_filters_read`) and of the template's ability that match them (six
    different artifacts that 'three or more artifacts' counts are one class), matched on the board and on
    the board without each combination of the sources among ``candidates`` (a source's type change may
    make them differ). Only identical ones make a class when something there reads more of a permanent
    than whether a filter matches it (a devotion, its power, what it could produce) or the sources are
    more than :data:`MOST_SOURCES_COMBINED`."""
    view = problem.view
    board = problem.board
    singled = {*template.removed, *template.tapped, *template.choices.untapped}
    effect_sources = {sourced.source for sourced in view.effects}
    own_filters, own_apart = _filters_read([(template.pid, template.ability)])
    filters = (*effects_read[0], *own_filters)
    sources = [s for s in candidates if s in effect_sources and s not in singled]
    pooled = [s for s in candidates if s not in effect_sources and s not in singled]
    alone = [(s,) for s in candidates if s in singled]
    if effects_read[1] or own_apart or len(sources) > MOST_SOURCES_COMBINED:
        return [*board.identical_runs(pooled), *board.identical_runs(sources), *alone]
    views: list[tuple[BoardView, frozenset[str]]] = [(view, frozenset())]
    for size in range(1, len(sources) + 1):
        for gone in combinations(sources, size):
            views.append((_board_without(board, gone, after)[0], frozenset(gone)))
    classes: dict[tuple[bool, ...], list[str]] = {}
    for pid in pooled:
        matched = tuple(
            seen.matches(wanted, pid, source)
            for seen, gone in views
            for wanted, source in filters
            if source not in gone
        )
        classes.setdefault(matched, []).append(pid)
    return [*(tuple(pids) for pids in classes.values()), *board.identical_runs(sources), *alone]


def _board_without(
    board: Board, gone: Iterable[str], after: _Without
) -> tuple[BoardView, dict[str, ManaTypes]]:
    """The board without the ``gone`` permanents, as a view and what each permanent could produce, kept in
    ``after``."""
    key = tuple(sorted(set(gone)))
    if key not in after:
        board = board.without_permanents(key)
        after[key] = (view_of(board), could_produce_of(board))
    return after[key]


def _breaking_counts(
    problem: PaymentProblem, template: Activation, runs: Sequence[tuple[str, ...]], after: _Without
) -> list[tuple[int, ...]]:
    """The smallest counts of each class's permanents whose removal takes the template's ability, choice,
    outcome or haste away (the first ones of each class removed, which is the same as any), two or more
    permanents in all (one alone is a static edge).

    Fewer removed never takes more away (a count of 'at least' only falls as permanents leave, an effect
    only ends), so for each count of the other classes the largest class's smallest breaking count is
    found by halving (no larger than the one with a class's count one lower), and a count is smallest when
    each class one lower breaks only later: for one class (six different artifacts, 'three or more'), a
    handful of boards, the threshold. There is no bound but the question's time limit
    (:meth:`~planner.solve.problem.PaymentProblem.check_time`: no answer in time, never a 'no').
    """
    sizes = [len(run) for run in runs]
    last = max(range(len(runs)), key=lambda i: sizes[i])
    others = [i for i in range(len(runs)) if i != last]
    never = sizes[last] + 1  # (no count of the last class breaks it)

    def breaks(counts: dict[int, int]) -> bool:
        problem.check_time()
        gone = [pid for i, n in counts.items() for pid in runs[i][:n]]
        return not _still_fits(problem, template, gone, after)

    smallest: dict[tuple[int, ...], int] = {}
    breaking: list[tuple[int, ...]] = []
    for prefix in product(*(range(sizes[i] + 1) for i in others)):
        lower = [(*prefix[:k], prefix[k] - 1, *prefix[k + 1 :]) for k in range(len(prefix)) if prefix[k]]
        high = min((smallest[below] for below in lower), default=never)
        counts = dict(zip(others, prefix, strict=True))
        if high == never:
            if not breaks({**counts, last: sizes[last]}):
                smallest[prefix] = never
                continue
            high = sizes[last]
        low = 0  # (the smallest count breaking is in [low, high]; high breaks)
        while low < high:
            middle = (low + high) // 2
            if breaks({**counts, last: middle}):
                high = middle
            else:
                low = middle + 1
        smallest[prefix] = high
        if all(smallest[below] > high for below in lower) and sum(prefix) + high >= 2:
            whole = dict(counts)
            whole[last] = high
            breaking.append(tuple(whole[i] for i in range(len(runs))))
    return breaking


def _reflected(view: BoardView, template: Activation) -> list[tuple[ObjectFilter, str]]:
    """The permanents the template's mana types are read from, as filters with the permanent they are
    written on: its own palette's that reflects them (CR 106.7) or takes the colors among them (Bloom
    Tender), or (Squandered Resources) those of the permanents it sacrifices."""
    ability = template.ability
    found: list[tuple[ObjectFilter, str]] = []
    for output in (ability.output, *(o for _, o in ability.conditional)):
        if output.palette.kind in _AMONG:
            found += [(wanted, template.pid) for wanted in output.palette.among]
        elif output.palette.kind is PaletteKind.REFLECT_SACRIFICED:
            for victim in template.sacrificed:
                for other in view.mana_abilities(victim):
                    for made in (other.output, *(o for _, o in other.conditional)):
                        if made.palette.kind in _AMONG:
                            found += [(wanted, victim) for wanted in made.palette.among]
    return found


# ------------------------------------------------------------------------------------- cycles and producers


def tap_cycles(board: Board, templates: Sequence[Activation]) -> dict[str, Cycle]:
    """The permanents with a {Q} ability among the templates: what taps and untaps each (see
    :class:`~planner.solve.cpsat.record.Cycle`)."""
    cycles: dict[str, Cycle] = {}
    for template in templates:
        if template.ability.cost.untap:
            permanent = board.permanent(template.pid)
            cycles.setdefault(template.pid, Cycle(permanent.tapped)).untaps.append(template.index)
    for template in templates:
        tapping = {template.pid} if template.ability.cost.tap else set()
        for pid in tapping | set(template.tapped):
            if pid in cycles:
                cycles[pid].taps.append(template.index)
    return cycles


def _reachable(graph: dict[int, list[int]], starts: Sequence[int]) -> set[int]:
    """The nodes reachable from ``starts`` (themselves included) along the graph's edges.

    >>> sorted(_reachable({1: [2], 2: [3], 4: [1]}, [1]))
    [1, 2, 3]
    """
    seen = set(starts)
    stack = list(starts)
    while stack:
        for following in graph.get(stack.pop(), ()):
            if following not in seen:
                seen.add(following)
                stack.append(following)
    return seen


def producers(
    problem: PaymentProblem,
    templates: Sequence[Activation],
    template_epochs: Sequence[int],
    edges: Sequence[Edge],
    cycles: dict[str, Cycle],
    relying: Sequence[Reliance],
) -> tuple[list[int], dict[int, int]]:
    """Each template's producer key (the node its mana is told apart by, or -1 - its epoch when it need
    not be), and the untracked templates' order (each after everything with an edge to it).

    A template needs its mana tracked (and a place in the order) only when something may have to come
    before it: it has a mana cost, a static edge leads to it from such a template or from a cycle of
    static edges, or it relies on an effect several permanents give or removes one of them. The others
    form an acyclic graph that nothing outside leads into, so they can all go first, in its order, and
    their mana (a Treasure's, Squandered Resources' for a basic land) joins the untracked classes without
    changing any answer. The outcomes of one {T} ability (a filter land's) are one node: the {T} lets at
    most one of them happen in a layer, so they share a producer key, a consumer and a position, which
    keeps the model's size linear in them.
    """
    families = problem.dynamics.families
    after: dict[int, list[int]] = defaultdict(list)
    for a, b in edges:
        after[a].append(b)
    cyclic = {i for i in after if i in _reachable(after, after[i])}
    # (what taps and untaps a permanent in turn is ordered too: see planner.solve.cpsat.order)
    cycling = [i for cycle in cycles.values() if cycle.taps for i in (*cycle.taps, *cycle.untaps)]
    counting = [i for family in families for i, _ in family.variants]
    changing = [i for family in families for i in family.changers]
    # (a Treasure's mana is told apart when the spell, or a turn's, reads whether it was spent:
    # planner.solve.riders)
    spells = [problem.target, *(s.target for s in problem.turn.spells)] if problem.turn else [problem.target]
    treasures = (
        [t.index for t in templates if from_treasure(problem.view, t.pid)]
        if any(reads_treasures(target) for target in spells)
        else []
    )
    tracked = _reachable(
        after,
        [t.index for t in templates if t.costs_mana]
        + sorted(cyclic)
        + sorted(cycling)
        + counting
        + changing
        + treasures
        + [i for reliance in relying for i in reliance.templates]
        # (with a doubling of the unspent mana, every activation comes before or after it: all are ordered)
        + ([t.index for t in templates] if any(doubles_unspent(t.ability) for t in templates) else []),
    )
    depth: dict[int, int] = {}
    waiting = {t.index: 0 for t in templates if t.index not in tracked}
    for _, b in edges:
        if b not in tracked:
            waiting[b] += 1
    ready = [i for i, count in waiting.items() if count == 0]
    for i in ready:  # (grows while it is read)
        for b in after[i]:
            if b in tracked:
                continue
            depth[b] = max(depth.get(b, 0), depth.get(i, 0) + 1)
            waiting[b] -= 1
            if waiting[b] == 0:
                ready.append(b)
    nodes: dict[tuple[str, int, tuple[str, ...], tuple[str, ...], int], int] = {}
    # (an untracked template's mana is told apart only by the epoch it is made in: key -1 - epoch)
    producer = [-1 - template_epochs[t.index] for t in templates]
    # (a family's variants are one activation at most: one node, as a {T} ability's outcomes are)
    counted = set(counting)
    for template in templates:
        if template.index in tracked:
            producer[template.index] = template.index
            if (template.ability.cost.tap or template.index in counted) and not template.members:
                epoch = template_epochs[template.index]
                key = (template.pid, template.ability_index, template.sacrificed, template.tapped, epoch)
                producer[template.index] = nodes.setdefault(key, template.index)
    return producer, depth


# ------------------------------------------------------------------------------------------------ twins


def twin_runs(
    board: Board,
    templates: Sequence[Activation],
    members: dict[str, tuple[str, ...]],
    tracked: Callable[[Activation], bool],
) -> list[list[str]]:
    """Runs of the player's permanents the model can't tell apart but by id, lowest id first: the same
    permanent in every field but its id, nothing attached to or by them, no cost that could sacrifice or
    tap them, and the same templates (their own mana named alike; ``tracked`` says which templates' mana the
    model tells apart). Interchangeable permanents that :func:`activation_templates` groups are not here
    (``members`` holds their groups): these are the ones it keeps apart, such as filter lands, Signets,
    Treasures and Cascading Cataracts."""
    singled_out = {pid for t in templates for pid in (*t.removed, *t.tapped, *t.choices.untapped)}
    for permanent in board.permanents:
        if permanent.attached_to is not None:
            singled_out.update((permanent.id, permanent.attached_to))
    singled_out |= board.singled_out_by_effects()
    own: dict[str, list[Activation]] = defaultdict(list)
    for template in templates:
        own[template.pid].append(template)
    alike: dict[Permanent, list[str]] = defaultdict(list)
    for pid in own:
        if pid not in singled_out and len(members[pid]) == 1:
            alike[replace(board.permanent(pid), id="")].append(pid)
    runs: dict[object, list[str]] = defaultdict(list)
    for blank, pids in alike.items():
        for pid in pids if len(pids) > 1 else ():
            signature = tuple(
                (t.ability_index, t.ability, t.bound, t.target, tracked(t), anonymous(t.outcome, pid))
                for t in own[pid]
            )
            runs[(blank, signature)].append(pid)
    return [sorted(run) for run in runs.values() if len(run) > 1]


def merged_twins(board: Board, templates: Sequence[Activation]) -> tuple[Activation, ...]:
    """The templates with each run of twins (:func:`twin_runs`) whose every ability taps its permanent, costs
    no life, singles out no other permanent and has few outcomes that cost mana (:func:`few_paid_outcomes`),
    as one group: its lowest id's templates stand for the run,
    with bounds that many times larger, so the model counts how many of them do each thing (identical
    Signets, filter lands, Treasures) instead of choosing among them one by one.

    >>> from planner.solve.problem import BoardAnalysis
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": f"s{n}", "card": "Izzet Signet", "controller": "me"} for n in range(3)]})
    >>> [(t.pid, t.sources, t.bound) for t in merged_twins(board, BoardAnalysis(board, "me").templates)]
    [('s0', ('s0', 's1', 's2'), 3)]
    """
    return twins_merged(board, templates, frozenset())[0]


def twins_merged(
    board: Board, templates: Sequence[Activation], apart: frozenset[str]
) -> tuple[tuple[Activation, ...], tuple[int, ...]]:
    """:func:`merged_twins`, leaving apart the runs with a permanent in ``apart`` (those a static edge
    orders), with the index each merged template had among ``templates``.

    >>> from planner.solve.problem import BoardAnalysis
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"}] + [
    ...     {"id": f"s{n}", "card": "Izzet Signet", "controller": "me"} for n in range(3)]})
    >>> templates = BoardAnalysis(board, "me").templates
    >>> [(t.pid, t.index, old) for t, old in zip(*twins_merged(board, templates, frozenset()))]
    [('f', 0, 0), ('s0', 1, 1)]
    >>> len(twins_merged(board, templates, frozenset({"s1"}))[0])
    4
    """
    members: dict[str, tuple[str, ...]] = defaultdict(tuple)
    for template in templates:
        members[template.pid] = template.sources
    own: dict[str, list[Activation]] = defaultdict(list)
    for template in templates:
        own[template.pid].append(template)

    def mergeable(run: Sequence[str]) -> bool:
        return few_paid_outcomes(own[run[0]], len(run)) and all(
            t.ability.cost.tap
            and not t.sacrificed
            and not t.tapped
            and not t.ability.cost.parts
            and all(way.slot is not None for symbol in t.ability.cost.mana.symbols for way in symbol.ways())
            for t in own[run[0]]
        )

    runs = [
        run
        for run in twin_runs(board, templates, members, lambda t: t.costs_mana)
        if apart.isdisjoint(run) and mergeable(run)
    ]
    run_of = {run[0]: tuple(run) for run in runs}
    merged_away = {pid for run in runs for pid in run[1:]}
    merged: list[Activation] = []
    origin: list[int] = []
    for template in templates:
        if template.pid in merged_away:
            continue
        origin.append(template.index)
        run = run_of.get(template.pid)
        if run is not None:
            template = replace(template, members=run, bound=template.bound * len(run))
        merged.append(replace(template, index=len(merged)))
    return tuple(merged), tuple(origin)


#: The most templates that cost mana a board with static edges may keep apart (not in a merged group) and
#: still have its twins merged (:func:`few_paid_apart`).
MOST_PAID_APART = 8


def few_paid_apart(merged: Sequence[Activation]) -> bool:
    """True when the merged templates keep at most :data:`MOST_PAID_APART` that cost mana apart.

    With static edges, the relaxed model keeps the activations' order (:func:`~planner.solve.cpsat.order.
    ordered_late`), whose size grows with the square of the nodes that cost mana; merging pays off when it
    takes (nearly) all of them into groups. On 1,000 permanents with Squandered Resources, which singles out
    44 filter lands, merging the board's Signets alone took the model from 8 s to no answer in 35 s; with
    Ashnod's Altar, whose edges leave the filter lands and Signets to merge, from 1.1 s to 0.1 s.

    >>> from planner.solve.problem import BoardAnalysis
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": f"s{n}", "card": "Izzet Signet", "controller": "me"} for n in range(9)]})
    >>> templates = BoardAnalysis(board, "me").templates
    >>> few_paid_apart(templates), few_paid_apart(merged_twins(board, templates))
    (False, True)
    """
    return sum(1 for t in merged if t.costs_mana and len(t.members) <= 1) <= MOST_PAID_APART


#: The most outcomes with a mana cost a run of twins may have and still be merged whatever its size (a
#: filter land's three).
MOST_MERGED_PAID_OUTCOMES = 3


def few_paid_outcomes(own: Sequence[Activation], twins: int) -> bool:
    """True when merging a run of ``twins`` permanents with these templates keeps the model small: the
    outcomes that cost mana are at most :data:`MOST_MERGED_PAID_OUTCOMES`, or at most one per twin.

    Merged, each such outcome is a producer node of its own whose cost the others' mana may pay, so the
    model grows with the square of their number; apart, the outcomes of each twin's {T} ability are one
    node (:func:`producers`), so it grows with the square of the twins. Two Cascading Cataracts under
    Caged Sun had 126 outcomes each (which colors the five are decides whether the Sun adds one; 31 since
    outcomes are split by the set of types made): merged, the model had 16,808 variables and no answer in
    10 s; apart, 653 and an optimal plan in 60 ms. The answers are the same either way (:func:`analysed`).

    >>> from planner.solve.problem import BoardAnalysis
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "m", "card": "Mystic Gate", "controller": "me"}]})
    >>> few_paid_outcomes(BoardAnalysis(board, "me").templates, 2)
    True
    """
    return sum(t.costs_mana for t in own) <= max(MOST_MERGED_PAID_OUTCOMES, twins)
