"""Counted classes of identical sacrificed permanents: permanents alike in every field but their id (the same
card, state and templates), which a sacrifice outlet's templates single out one by one (Squandered
Resources: "Sacrifice a land: Add one mana of any type that land could produce."), as one class: the
class's own templates stand for all of it (as merged twins do) and each outlet's templates that sacrifice
one of it become one template used up to that many times. The model then counts how many of the class are
tapped and how many sacrificed, instead of a literal per permanent and an order literal per pair of them.

The classed model is a relaxation of the model of every permanent (each plan's counts are one of its
solutions: a class's taps and sacrifices each at most its size, the order of what uses a permanent before
it is sacrificed left out), so its optimum is at least as good as the best plan's; :mod:`planner.solve.
cpsat.extract` reads a plan back that sacrifices the tapped members after their taps
(:func:`after_taps`), and when its order can't be kept (the mana of a sacrifice pays what comes before
it), the model of every permanent answers (:func:`planner.solve.cpsat.solve.solve`, as for merged twins).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import replace

from models.board import Board
from planner.rules.activations import Activation
from planner.rules.costs import NO_CHOICES
from planner.rules.production import anonymous
from planner.rules.view import BoardView
from planner.solve.cpsat.record import Edge, Expr, PaymentModel, total

__all__ = ["Classed", "after_taps", "class_sacrifices", "class_touched", "classed", "sacrificed_classes"]

#: The merged templates, the classes by their lowest id (each run of permanents, lowest id first), and the
#: static edges renumbered (those inside a class gone).
Classed = tuple[tuple[Activation, ...], dict[str, tuple[str, ...]], list[Edge]]


def _outlet_key(template: Activation) -> tuple[object, ...]:
    """What an outlet's template is, but for the permanent it sacrifices."""
    return (
        template.pid,
        template.ability_index,
        template.ability,
        template.outcome,
        template.target,
        template.bound,
        template.counted,
        template.open,
        template.loop,
        template.after_gone,
        template.after_return,
    )


def _is_outlet(template: Activation, pid: str) -> bool:
    """True when ``template`` singles ``pid`` out only by sacrificing it, alone, and costs no mana."""
    return (
        template.sacrificed == (pid,)
        and (template.choices is NO_CHOICES or not template.choices)
        and not template.tapped
        and not template.members
        and not template.costs_mana
        and template.pid != pid
    )


def _own_mergeable(own: Sequence[Activation]) -> bool:
    """True when a permanent's own templates may stand for a class (as :func:`~planner.solve.cpsat.analysis.
    twins_merged` merges twins): each taps it, takes nothing off the battlefield (itself included: a
    Treasure sacrificed for its mana is not there for an outlet), taps nothing else, takes no other part,
    has mana slots only, and they have at most three outcomes that cost mana."""
    return sum(t.costs_mana for t in own) <= 3 and all(
        t.ability.cost.tap
        and not t.gone
        and not t.tapped
        and not t.ability.cost.parts
        and not t.members
        and all(way.slot is not None for symbol in t.ability.cost.mana.symbols for way in symbol.ways())
        for t in own
    )


def sacrificed_classes(
    board: Board, view: BoardView, templates: Sequence[Activation], edges: Sequence[Edge]
) -> list[tuple[str, ...]]:
    """Runs of permanents (lowest id first) the model may count as one class: alike in every field but the
    id, with no effect of their own and nothing attached, their own templates alike (and mergeable), and
    singled out only by outlets that sacrifice them alone for no mana, alike for each of them; no static
    edge touches their templates but those from a permanent's own activations to its sacrifice, and those
    to its sacrifice from an activation singling out a permanent kept apart (Reflecting Pool, which reflects
    it), alike for each of them.

    >>> from planner.solve.problem import BoardAnalysis
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "sq", "card": "Squandered Resources", "controller": "me"}] + [
    ...     {"id": f"w{n}", "card": "Wooded Bastion", "controller": "me"} for n in range(3)]})
    >>> analysis = BoardAnalysis(board, "me")
    >>> sacrificed_classes(board, analysis.view, analysis.templates, [])
    [('w0', 'w1', 'w2')]
    """
    own: dict[str, list[Activation]] = defaultdict(list)
    outlets: dict[str, list[Activation]] = defaultdict(list)
    spoiled: set[str] = set()  # (singled out otherwise: kept apart)
    for template in templates:
        own[template.pid].append(template)
        choices = template.choices
        others = (
            *template.removed,
            *template.tapped,
            *(choices.untapped if choices is not NO_CHOICES else ()),
        )
        for pid in others:
            if _is_outlet(template, pid):
                outlets[pid].append(template)
            else:
                spoiled.add(pid)
    for permanent in board.permanents:
        if permanent.attached_to is not None:
            spoiled.update((permanent.id, permanent.attached_to))
    # a class's templates: its permanents' own and their outlets'; an edge may link a permanent's own
    # activation to its sacrifice, or an activation that singles out another permanent (kept apart) to its
    # sacrifice (what reads it before it goes, as Reflecting Pool reflects it, Gaea's Cradle counts it or
    # Squandered Resources reflects it sacrificing a Reflecting Pool: :func:`classed` keeps it to the
    # class's sacrifices when every member has it alike)
    whose: dict[int, str] = {}
    for pid, found in outlets.items():
        for template in found:
            whose[template.index] = pid
    before: dict[str, set[tuple[int, tuple[object, ...]]]] = defaultdict(set)
    for a, b in edges:
        first, then = templates[a], templates[b]
        if then.index in whose:
            subject = whose.get(first.index, first.pid)  # (whom the activation before it singles out)
            if subject != whose[then.index]:
                before[whose[then.index]].add((first.index, _outlet_key(then)))
                spoiled.add(subject)
                continue
            if first.index not in whose:
                continue
        for index in (a, b):
            spoiled.add(whose.get(index, templates[index].pid))
    alike: dict[object, list[str]] = defaultdict(list)
    spoiled.update(board.singled_out_by_effects())  # (told apart from their twins by an effect in force)
    for pid in sorted(outlets):
        if pid in spoiled or view.parsed[pid].effects or not _own_mergeable(own[pid]):
            continue
        signature = (
            replace(board.permanent(pid), id=""),
            tuple(
                (t.ability_index, t.ability, t.bound, t.target, anonymous(t.outcome, pid)) for t in own[pid]
            ),
            # (as multisets, rather than sorted by their repr: a repr of each outlet template per land)
            frozenset(Counter(_outlet_key(t) for t in outlets[pid]).items()),
            frozenset(before[pid]),
        )
        alike[signature].append(pid)
    return [tuple(run) for run in alike.values() if len(run) > 1]


def classed(
    templates: Sequence[Activation], edges: Sequence[Edge], runs: Sequence[tuple[str, ...]]
) -> Classed:
    """The templates with each run (:func:`sacrificed_classes`) as one class: its lowest id's own templates
    stand for it (``members``, bounds that many times larger), and each outlet's templates that sacrifice
    one of it are one, sacrificing its lowest id, with a bound that many times larger; the static edges
    inside a class are left out (the relaxation: see the module docstring), and an edge from another
    permanent's activation to a sacrifice of the class (which :func:`sacrificed_classes` found alike for
    every member) is kept once, to the class's sacrifice: it comes before each of them, as before each of
    the members' sacrifices.

    >>> from planner.solve.problem import BoardAnalysis
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "sq", "card": "Squandered Resources", "controller": "me"}] + [
    ...     {"id": f"f{n}", "card": "Forest", "controller": "me", "tapped": n > 0} for n in range(3)]})
    >>> templates = BoardAnalysis(board, "me").templates
    >>> merged, classes, _ = classed(templates, [], [("f1", "f2")])
    >>> classes, [(t.pid, t.sacrificed, t.bound) for t in merged]
    ({'f1': ('f1', 'f2')}, [('sq', ('f0',), 1), ('sq', ('f1',), 2), ('f0', (), 1)])
    """
    run_of = {pid: run for run in runs for pid in run}
    merged: list[Activation] = []
    origin: list[int] = []
    for template in templates:
        sacrificed = template.sacrificed[0] if len(template.sacrificed) == 1 else ""
        if template.pid in run_of:
            run = run_of[template.pid]
            if template.pid != run[0]:
                continue
            template = replace(template, members=run, bound=template.bound * len(run))
        elif sacrificed in run_of:
            run = run_of[sacrificed]
            if sacrificed != run[0]:
                continue
            template = replace(template, bound=template.bound * len(run))
        origin.append(template.index)
        merged.append(replace(template, index=len(merged)))
    renumbered = {old: new for new, old in enumerate(origin)}

    def inside(a: int, b: int) -> bool:
        return templates[a].pid in run_of and templates[b].sacrificed == (templates[a].pid,)

    def member_sacrificed(
        b: int,
    ) -> bool:  # (a sacrifice of a member but the lowest: its edges are the class's)
        sacrificed = templates[b].sacrificed
        return len(sacrificed) == 1 and sacrificed[0] in run_of and sacrificed[0] != run_of[sacrificed[0]][0]

    kept = [(renumbered[a], renumbered[b]) for a, b in edges if not inside(a, b) and not member_sacrificed(b)]
    return tuple(merged), {run[0]: run for run in runs}, kept


def class_sacrifices(templates: Sequence[Activation], classes: dict[str, tuple[str, ...]]) -> dict[int, str]:
    """The templates that sacrifice one of a class (by index), and the class's lowest id."""
    return {
        t.index: t.sacrificed[0]
        for t in templates
        if len(t.sacrificed) == 1 and t.sacrificed[0] in classes and t.pid != t.sacrificed[0]
    }


def after_taps(activations: Sequence[Activation], classes: dict[str, tuple[str, ...]]) -> list[Activation]:
    """The activations (once per use, in the plan's order) with, for each class, as many of its sacrifices
    as it can sacrifice of its tapped members (the fewer of its taps and sacrifices) moved after its last
    own activation, so that each sacrifices a member already tapped; the others stay where they are and
    sacrifice members left untapped (:func:`planner.solve.cpsat.extract`).

    >>> from planner.solve.problem import BoardAnalysis
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "sq", "card": "Squandered Resources", "controller": "me"}] + [
    ...     {"id": f"f{n}", "card": "Forest", "controller": "me"} for n in range(3)]})
    >>> merged, classes, _ = classed(BoardAnalysis(board, "me").templates, [], [("f0", "f1", "f2")])
    >>> tap, sacrifice = sorted(merged, key=lambda t: t.pid)
    >>> [t.pid for t in after_taps([sacrifice, sacrifice, sacrifice, tap, tap], classes)]
    ['sq', 'f0', 'f0', 'sq', 'sq']
    """
    ordered = list(activations)
    sacrificing = class_sacrifices(ordered, classes)
    for root in classes:
        own = [k for k, t in enumerate(ordered) if t.pid == root]
        sacrifices = [k for k, t in enumerate(ordered) if sacrificing.get(t.index) == root]
        reused = min(len(own), len(sacrifices))
        if not reused:
            continue
        last = own[-1]
        moving = {k for k in sacrifices[-reused:] if k < last}
        moved = [ordered[k] for k in sorted(moving)]
        kept = [t for k, t in enumerate(ordered) if k not in moving]
        at = last - len(moving) + 1
        ordered = kept[:at] + moved + kept[at:]
    return ordered


def class_touched(record: PaymentModel, root: str) -> Expr:
    """How many of a class the payment touches: the more of its taps and its sacrifices (the members
    sacrificed are those tapped first, then the lowest ids left: :func:`after_taps`)."""
    main = record.main
    sacrificing = class_sacrifices(record.templates, record.classes)
    taps = total([main.use[t.index] for t in record.templates if t.pid == root])
    sacrifices = total([main.use[t.index] for t in record.templates if sacrificing.get(t.index) == root])
    touched = record.model.new_int_var(0, len(record.classes[root]), f"class_{root}_touched")
    record.model.add_max_equality(touched, [taps, sacrifices])
    return touched
