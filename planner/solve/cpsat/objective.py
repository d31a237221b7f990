"""The objective pass: the lexicographic levels of :mod:`planner.solve.objective` as expressions over the
payment's variables (docs/objective.md), most important first; :mod:`planner.solve.cpsat.solve` packs them
into stages."""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Sequence

from ortools.sat.python import cp_model

from models.mana import TYPE_ORDER
from planner.rules.costs import energy_paid
from planner.rules.tap_triggers import destroyed_by_tapping
from planner.solve.bounds import alternative_most
from planner.solve.cpsat.analysis import twin_runs
from planner.solve.cpsat.classes import class_touched
from planner.solve.cpsat.floating_floor import floor_colors_lost, floor_tied_up
from planner.solve.cpsat.literals import is_zero
from planner.solve.cpsat.record import Expr, PaymentModel, Term, total
from planner.solve.cpsat.resources import cards_lost
from planner.solve.cpsat.riders import rider_terms
from planner.solve.cpsat.sacrifice import touched_with
from planner.solve.objective import (
    ALTERNATIVE_COSTS,
    FINAL_LEVELS,
    RESTRICTED_FLOATING,
    TOUCHED_LEVELS,
    PermanentFacts,
    color_keeping,
    floating_level,
    permanent_facts,
    sacrificed_by_design,
    with_restricted_floating,
)


def objective(record: PaymentModel) -> None:
    """The lexicographic objective (:mod:`planner.solve.objective`, docs/objective.md), most important level
    first, each a (name, expression to minimise, one more than its largest value) in ``record.terms``: X,
    the kept cost, the cards in hand, a turn's spells, then cards, life, energy, sacrifices, the spell's
    riders on the mana spent, opponents' lands, mana floating, a kept cost's life, colors lost, the touched
    permanents' levels with restricted mana floating before their tie-break, delve and convoke."""
    record.terms = objective_terms(record)


def objective_terms(record: PaymentModel) -> list[Term]:
    """The objective's levels, most important first (see :func:`objective`)."""
    main = record.main
    used = touched_with(record, _touched(record))  # (with the spell's additional sacrifices)
    count = {pid: len(record.members[pid]) for pid in used}
    mana_bound = sum(t.outcome.total * t.bound for t in record.templates) + len(record.problem.pool) + 1
    mana_bound += alternative_most(record.problem) + record.hand_most
    terms: list[Term] = []
    if record.x is not None:
        upper = mana_bound
        terms.append(("x", upper - record.x, upper + 1))
    if record.keep_ok is not None:
        terms.append(("keep", 1 - record.keep_ok, 2))
    if record.hand_ok:
        terms.append(("hand", len(record.hand_ok) - sum(record.hand_ok), len(record.hand_ok) + 1))
    spell_symbols = 0
    if record.problem.turn is not None:
        # a turn casts the greatest total mana value, then uses up the fewest cards (contract section 7)
        values = [spell.mana_value for spell in record.problem.turn.spells]
        most = sum(values)
        cast_value = total([value * cast for value, cast in zip(values, main.cast, strict=True)])
        terms.append(("mana_value", most - cast_value, most + 1))
        terms.append(("cards", total(main.cast), len(main.cast) + 1))
        spell_symbols = sum(len(spell.target.cost.symbols) for spell in record.problem.turn.spells)
        mana_bound += sum(p.total for event in record.problem.turn.mana for p in event.packets)
    life_bound = (
        record.board.player(record.player).life
        + 4 * (len(record.templates) + len(main.target.cost.symbols) + spell_symbols)
        + 2
    )
    sacrificed_parts: dict[str, list[Expr]] = defaultdict(list)
    for template in record.templates:
        for gone in template.gone:
            sacrificed_parts[gone].append(main.use[template.index])
    if record.sacrifice is not None:
        for pid, amount in record.sacrifice.chosen.items():
            sacrificed_parts[pid].append(amount)
    sacrificed = {pid: total(parts) for pid, parts in sacrificed_parts.items()}
    designed = {pid for pid in sacrificed if sacrificed_by_design(record.problem.view, pid)}
    facts = permanent_facts(record.problem.analysis, record.problem.prefer)
    hurt = main.life_paid + main.damage
    life_value = record.problem.life_value
    # a card taken from the hand (exiled for its mana, Elvish Spirit Guide; discarded; exiled for a cost)
    # first: it is a card lost (a card a cost returns to the hand too: the hand's size is no bound)
    lost = cards_lost(record, main)
    terms.append(("hand_cards_lost", lost, record.most(lost) + 1))
    if life_value is None:
        terms.append(("life_and_damage", hurt, life_bound + 200))
    else:
        # (objective.life_weighed: life at the player's value, against the mana sacrificed by design)
        designed_mana = total([facts[pid].most * sacrificed[pid] for pid in sorted(designed)])
        most = sum(facts[pid].most * len(record.members[pid]) for pid in designed)
        terms.append(
            (
                "life_and_damage",
                life_value * hurt + designed_mana,
                life_value * (life_bound + 200) + most + 1,
            )
        )
    # energy counters paid ({E}: Aether Hub), a resource of the player's like life
    energy = [energy_paid(t.ability) * main.use[t.index] for t in record.templates if energy_paid(t.ability)]
    terms.append(("energy_paid", total(energy), record.board.player(record.player).counter("energy") + 1))
    # each bound below is one more than the level's largest value, no looser: stages hold more levels
    # (a permanent is sacrificed at most once, and used[p] never exceeds the permanents p stands for)
    valuable = sorted(pid for pid in sacrificed if pid not in designed)
    most_valuable = sum(len(record.members[pid]) for pid in valuable) + 1
    destroyed = _destroyed(record, sacrificed)
    most_valuable += sum(len(record.members[pid]) for pid in destroyed)
    lost_permanents = [sacrificed[pid] for pid in valuable] + list(destroyed.values())
    terms.append(("valuable_sacrificed", total(lost_permanents), most_valuable))
    # a permanent sacrificed by design weighs what it could still make (Black Lotus 3, Lotus Petal 1)
    weighed = [facts[pid].most * sacrificed[pid] for pid in sorted(designed)]
    most_weighed = sum(facts[pid].most * len(record.members[pid]) for pid in designed) + 1
    terms.append(("designed_sacrificed", total(weighed), most_weighed))
    # what the spell reads of the mana spent (converge, adamant), 0 without riders
    terms += rider_terms(record)
    # an opponent's land untapped for a cost is mana given to them
    untapping = [len(t.choices.untapped) * main.use[t.index] for t in record.templates if t.choices.untapped]
    most_untapped = len({pid for t in record.templates for pid in t.choices.untapped}) + 1
    terms.append(("opponent_lands_untapped", total(untapping), most_untapped))
    # mana left floating, each unit in its level (objective.floating_level: wasted, restricted, or kept)
    floating: dict[str | None, list[Expr]] = defaultdict(list)
    for group, amount in main.floating.items():
        floating[floating_level(group[0])].append(amount)
    terms.append(("mana_floating", total(floating["mana_floating"]), mana_bound))
    if record.keep_layer is not None:
        # a kept cost is reported satisfied by the plan that leaves it payable at the least life and
        # damage among the equally good payments (it is the next payment's cost)
        keep = record.keep_layer
        terms.append(("keep_life_and_damage", keep.life_paid + keep.damage, life_bound + 200))
    # keep options open: the colors still available from what stays (colorless is not a color), then
    # mana, lands before creatures, single-color sources before flexible ones, and a tie-break by id
    lost_colors = _lost_colors(record, count, used)
    terms.append(("colors_lost", total(lost_colors), len(lost_colors) + 1))
    restricted = (RESTRICTED_FLOATING, total(floating[RESTRICTED_FLOATING]), mana_bound)
    terms += with_restricted_floating(_touched_levels(record, used, facts), restricted)
    exiled_level, convoked_level = FINAL_LEVELS
    terms.append((exiled_level, record.chosen.exiled, record.chosen.most_exiled + 1))
    mana_makers = {m for t in record.templates for m in t.sources}
    convoking = [var for pid, var in record.chosen.creature_taps() if pid in mana_makers]
    terms.append((convoked_level, total(convoking), len(mana_makers) + 1))
    turn = record.problem.turn
    if turn is not None and any(spell.alternative for spell in turn.spells):
        # among equal plans, a turn's spells cast for their mana costs (as pay takes the mana cost)
        ways = [cast for cast, spell in zip(main.cast, turn.spells, strict=True) if spell.alternative]
        terms.append((ALTERNATIVE_COSTS, total(ways), len(ways) + 1))
    # a level can't exceed what its variables' domains allow either (life and damage, say, are bounded
    # by the few activations that cost life or deal damage): the smaller bound packs more levels per stage
    return [(name, expression, min(bound, record.most(expression) + 1)) for name, expression, bound in terms]


def _touched_levels(
    record: PaymentModel, used: dict[str, Expr], facts: dict[str, PermanentFacts]
) -> list[Term]:
    """The levels of what the payment touches (:data:`~planner.solve.objective.TOUCHED_LEVELS`: mana tied
    up, preference, not untapping, creatures, pain, flexibility, the tie-break by id), each the sum over
    the touched permanents of their value; a group taps its lowest ids first, so its value is the sum of
    its first k members' values for k used."""
    model = record.model
    terms: list[Term] = []
    for level in TOUCHED_LEVELS:
        parts: list[Expr] = []
        bound = 1
        for pid, amount in used.items():
            members = record.members[pid]
            values = [level.value(facts[member]) for member in members]
            bound += sum(values)
            if len(set(values)) == 1:
                parts.append(values[0] * amount)
                continue
            prefix = [sum(values[:k]) for k in range(len(members) + 1)]
            index = model.new_int_var(0, len(members), f"group_{pid}_used_{level.name}")
            model.add(index == amount)
            share = model.new_int_var(min(prefix), max(prefix), f"group_{pid}_{level.name}")
            model.add_element(index, prefix, share)
            parts.append(share)
        terms.append((level.name, total(parts), bound))
        if (
            level is TOUCHED_LEVELS[0]
        ):  # (mana tied up: the least any plan ties up, from the amounts: a row for the LP)
            floor_tied_up(record, terms[-1][1], {pid: level.value(each) for pid, each in facts.items()})
    return terms


def _destroyed(record: PaymentModel, sacrificed: dict[str, Expr]) -> dict[str, Expr]:
    """For each permanent a trigger on tapping destroys (Blight's 'When enchanted land becomes tapped,
    destroy it.': :func:`~planner.rules.tap_triggers.destroyed_by_tapping`), how many of those it stands
    for the payment taps (by their own {T}, for another's cost, for convoke or improvise) and leaves on the
    battlefield: each is lost once the trigger resolves, after the payment (CR 603.3), weighed as a
    permanent sacrificed is (the replay's ``destroyed``)."""
    view, main, model = record.problem.view, record.main, record.model
    taps: dict[str, list[Expr]] = defaultdict(list)
    for template in record.templates:
        own = (template.pid,) if template.ability.cost.tap else ()
        for pid in (*own, *template.tapped):
            taps[pid].append(main.use[template.index])
    if record.alternatives is not None:
        for pid, tapping in record.chosen.taps.items():
            taps[pid].append(tapping)
    found: dict[str, Expr] = {}
    for pid in sorted(taps):
        if not destroyed_by_tapping(view, pid):
            continue
        tapped, kept = total(taps[pid]), sacrificed.get(pid, 0)
        count = len(record.members[pid])
        lost = model.new_int_var(0, count, f"destroyed_{pid}")
        if count == 1:  # (tapped at all, and not taken away by the payment itself)
            most = max(record.most(tapped), 1)
            model.add(tapped <= most * (lost + kept))
        else:  # (each member tapped once: the group taps its lowest ids first)
            model.add(lost >= tapped - kept)
        found[pid] = lost
    return found


def _touched(record: PaymentModel) -> dict[str, Expr]:
    """How many of the permanents each permanent stands for the payment touches (tapped, sacrificed,
    untapped, its abilities activated: a group of interchangeable ones counts its taps; any other permanent
    is a flag tied to its activations both ways); of twins (:func:`~planner.solve.cpsat.analysis.
    twin_runs`), the payment uses the lower ids first: swapping two twins changes nothing but the
    tie-break, so every optimal plan already does, and the solver need not prove it pair by pair."""
    main = record.main
    model = record.model
    touching: dict[str, list[cp_model.IntVar]] = defaultdict(list)
    for template in record.templates:
        for pid in (template.pid, *template.tapped, *template.removed, *template.choices.untapped):
            touching[pid].append(main.use[template.index])
    for pid, tapping in record.chosen.taps.items():
        touching[pid].append(tapping)
    used: dict[str, Expr] = {}
    for pid, variables in touching.items():
        if pid in record.classes:
            used[pid] = class_touched(record, pid)
            continue
        if len(record.members[pid]) > 1:
            used[pid] = total(variables)
            continue
        flag = model.new_bool_var(f"used_{pid}")
        for variable in variables:
            model.add_implication(is_zero(record, variable).negated(), flag)
        model.add_bool_or([is_zero(record, v).negated() for v in variables]).only_enforce_if(flag)
        used[pid] = flag
    for twins in twin_runs(
        record.board, record.templates, record.members, lambda t: record.producer[t.index] >= 0
    ):
        for first, second in itertools.pairwise(twins):
            model.add(used[second] <= used[first])
    return used


def _lost_colors(record: PaymentModel, count: dict[str, int], used: dict[str, Expr]) -> list[Expr]:
    """Criterion 9.1, one 0-1 expression per color that stays open on the untouched board: 1 when no
    untouched source keeps it open (:func:`planner.solve.objective.color_keepers`; ``count[p] - used[p]``
    of the permanents ``p`` stands for are untouched).

    Each expression is only bounded from below (a color counts as kept only when some way keeps it):
    the objective minimises it, so a stage that holds this level has it exact at its optimum, and the
    other solutions' counts are worked out from what stays untouched
    (:func:`~planner.solve.cpsat.extract.solution_of`). On a board of 1,000 permanents this took the first
    stage of ``max_x`` from 7 s to about 1 s; the exact equivalences (a literal true exactly when the
    untouched members suffice) weakened its LP."""
    model = record.model
    keeping = color_keeping(record.problem.view, record.problem.reflect, record.templates)
    left = [count[pid] - used[pid] for pid in keeping.pids]
    record.colors_left = (keeping, left)
    conditions: dict[tuple[tuple[int, ...], int], cp_model.IntVar] = {}

    def at_least(units: Sequence[int], n: int) -> cp_model.IntVar:
        """A literal true only when the units' untouched members are ``n`` or more."""
        key = (tuple(sorted(units)), n)
        if key not in conditions:
            literal = model.new_bool_var(f"left_{len(conditions)}_at_least_{n}")
            untouched = total([left[u] for u in key[0]])
            model.add(untouched >= n).only_enforce_if(literal)
            conditions[key] = literal
        return conditions[key]

    lost_colors: list[Expr] = []
    for color, ways in enumerate(keeping.keepers):
        if not ways:
            continue
        letter = TYPE_ORDER[color].letter
        free = [way.unit for way in ways if not way.needs]
        costed = [way for way in ways if way.needs]
        if not costed:
            lost = model.new_bool_var(f"lost_{letter}")
            untouched = total([left[u] for u in free])
            model.add(untouched >= 1).only_enforce_if(lost.negated())
            lost_colors.append(lost)
            continue
        # kept: some free source untouched, or a source that costs mana untouched with what pays it
        options = [at_least(free, 1)] if free else []
        for number, way in enumerate(costed):
            parts = [at_least([way.unit], 1)]
            parts += [at_least(sorted(units), n + (way.unit in units)) for units, n in way.needs]
            both = model.new_bool_var(f"keeps_{letter}_{number}")
            model.add_bool_and(parts).only_enforce_if(both)
            options.append(both)
        kept = model.new_bool_var(f"kept_{letter}")
        model.add_bool_or(options).only_enforce_if(kept)
        lost_colors.append(1 - kept)
    # (the fewest colors any plan loses, from the amounts: a row for the LP)
    floor_colors_lost(record, total(lost_colors), keeping)
    return lost_colors
