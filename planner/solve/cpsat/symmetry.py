"""Identical permanents that other permanents' costs single out one by one (eight Selesnya Signets beside
Krark-Clan Ironworks, whose "Sacrifice an artifact: Add {C}{C}." has a template per artifact it could
sacrifice): the model keeps them apart, one literal each, and without more the solver proves its optimum
over every way of relabelling them (two Ironworks and eight Signets paying {W}{W}: 36 s of CPU).

Such permanents are interchangeable: swapping two of them maps the model's templates, static edges and
variables onto themselves, so it maps every plan to a plan whose levels are all the same but the tie-break
(which ranks the ids). Among the plans a relabelling reaches, one lists them by what they do in the order
of their ids: a *key* per permanent, the uses of the templates that touch it (its own, those that tap or
take it), each weighted by what the template does to it (the same weight on each twin), is then
non-increasing along the run (:func:`order_singled_twins`). Relabelling an optimal plan that way keeps it
optimal (a touched permanent's key is positive, so the touched ones stay the lowest ids, as the tie-break
wants of every optimal plan), so the constraints remove no optimum. :func:`~planner.solve.cpsat.objective.
_touched` does the same for the twins nothing singles out.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import fields, is_dataclass, replace
from typing import Any

from models.abilities import ManaAbility
from models.cost import PaymentTarget
from planner.rules.activations import Activation
from planner.solve.cpsat.analysis import classable
from planner.solve.cpsat.record import Edge, PaymentModel, total

__all__ = ["order_singled_twins", "singled_twin_runs"]

#: What stands for a twin's id in a template's signature (no permanent's id: ids are not empty).
_ANY = ""

#: The fields of a template that name no permanent (the ability, from its card's text; the payment asked).
_ID_FREE = (ManaAbility, PaymentTarget)


#: The fields walked for ids of each type met (:func:`_walked`): a dataclass's own fields, none for others.
_WALKED: dict[type, tuple[str, ...]] = {}


def _walked(kind: type) -> tuple[str, ...]:
    """The fields of a dataclass type that :func:`_strings` and :func:`_renamed` look into (its ``__init__``
    fields); none for any other type, nor for an ability or a payment target (they name no permanent)."""
    found = _WALKED.get(kind)
    if found is None:
        plain = not is_dataclass(kind) or issubclass(kind, _ID_FREE)
        found = () if plain else tuple(f.name for f in fields(kind) if f.init)
        _WALKED[kind] = found
    return found


def _strings(value: object, into: set[str]) -> set[str]:
    """Every string in a value made of strings, tuples, sets and dataclasses, added to ``into``.

    >>> sorted(_strings(("s1", frozenset({"s2"}), 3), set()))
    ['s1', 's2']
    """
    if isinstance(value, str):
        into.add(value)
    elif isinstance(value, tuple | list | frozenset | set):
        for item in value:
            _strings(item, into)
    else:
        for name in _walked(type(value)):
            _strings(getattr(value, name), into)
    return into


def _renamed(value: Any, pid: str) -> Any:
    """The value with the string ``pid`` replaced by :data:`_ANY` wherever it occurs (as in
    :func:`_strings`); the value itself where it does not.

    >>> _renamed(("s1", ("s2", "s1")), "s1")
    ('', ('s2', ''))
    """
    if isinstance(value, str):
        return _ANY if value == pid else value
    if isinstance(value, tuple | frozenset):
        items = [_renamed(item, pid) for item in value]
        if all(new is old for new, old in zip(items, value, strict=True)):
            return value
        return type(value)(items)
    names = _walked(type(value))
    if not names:
        return value
    changes = {name: _renamed(getattr(value, name), pid) for name in names}
    if all(new is getattr(value, name) for name, new in changes.items()):
        return value
    return replace(value, **changes)


def _touches(template: Activation, pid: str) -> bool:
    """True when the template touches the permanent as :func:`~planner.solve.cpsat.objective._touched`
    counts it: its own ability, or a cost that taps, takes or untaps it."""
    return pid in (template.pid, *template.tapped, *template.removed, *template.choices.untapped)


def _signature(template: Activation, pid: str) -> Activation:
    """The template with ``pid`` renamed away and no index: equal for the templates of two twins that do
    the same to each."""
    renamed: Activation = _renamed(replace(template, index=0), pid)
    return renamed


def singled_twin_runs(record: PaymentModel) -> list[tuple[list[str], dict[int, int]]]:
    """Runs of permanents (lowest id first) that other templates take off the battlefield (sacrifice, exile,
    return) and that are interchangeable in the model, each with a weight per template that touches one of
    them (the same weight for what does the same to each): alike in every field but the id, with no effect
    of their own and nothing attached, each one permanent of the model, each named by templates that name
    no other of the run, and the templates naming each the same but for its id; the static edges the same
    under any swap of two of them. Only for a payment alone, whose templates read no amount that the
    payment changes, with no {Q} cycle, reliance, doubling of unspent mana or cost paid by tapping or
    sacrificing permanents outside
    the mana abilities (as :mod:`planner.solve.cpsat.classes` asks).

    >>> from collections import Counter
    >>> from models import Board, PaymentTarget
    >>> from planner.solve.cpsat.spine import build
    >>> from planner.solve.problem import PaymentProblem
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "k", "card": "Krark-Clan Ironworks", "controller": "me"}] + [
    ...     {"id": f"s{n}", "card": "Selesnya Signet", "controller": "me"} for n in range(3)]})
    >>> record = build(PaymentProblem.of(board, PaymentTarget.of("{W}")))
    >>> [(run, sorted(Counter(weights.values()).items())) for run, weights in singled_twin_runs(record)]
    [(['s0', 's1', 's2'], [(1, 3), (2, 3)])]
    """
    problem = record.problem
    alone = problem.turn is None and problem.keep is None and not problem.hand
    if (
        not alone
        or problem.dynamics.families
        or record.cycles
        or record.reliances
        or record.announce_edges
        or record.siblings
        or not classable(problem)
    ):
        return []
    board = record.board
    templates = record.templates
    # (only what a cost takes off the battlefield: the creatures Springleaf Drum taps, alike too, cost a
    # 1,000-permanent board 30 ms of checks where the solver needed no help, bench_big question 8)
    singled = {pid for t in templates for pid in t.removed}
    attached = {p.attached_to for p in board.permanents if p.attached_to is not None}
    attached |= board.singled_out_by_effects()
    alike: dict[object, list[str]] = defaultdict(list)
    for pid in sorted(singled):
        permanent = board.permanent(pid)
        if (
            permanent.attached_to is not None
            or pid in attached
            or pid in record.classes
            or len(record.members.get(pid, (pid,))) != 1
            or problem.view.parsed[pid].effects
        ):
            continue
        alike[replace(permanent, id="")].append(pid)
    groups = [candidates for candidates in alike.values() if len(candidates) > 1]
    if not groups:
        return []
    group_of = {pid: number for number, candidates in enumerate(groups) for pid in candidates}
    naming: dict[str, list[int]] = defaultdict(list)
    spoiled: set[int] = set()  # (a template naming two of a group: a swap is not a renaming of one template)
    for template in templates:
        named = {pid for pid in _strings(template, set()) if pid in group_of}
        if len({group_of[pid] for pid in named}) < len(named):
            spoiled.update(group_of[pid] for pid in named)
        for pid in named:
            naming[pid].append(template.index)
    edges = set(record.static_edges)
    edges_of: dict[int, list[Edge]] = defaultdict(list)
    for a, b in edges:
        edges_of[a].append((a, b))
        if b != a:
            edges_of[b].append((a, b))
    runs: list[tuple[list[str], dict[int, int]]] = []
    for number, candidates in enumerate(groups):
        if number not in spoiled:
            runs += _interchangeable(record, candidates, naming, (edges, edges_of))
    return runs


def _interchangeable(
    record: PaymentModel,
    candidates: Sequence[str],
    naming: dict[str, list[int]],
    edges: tuple[set[Edge], dict[int, list[Edge]]],
) -> list[tuple[list[str], dict[int, int]]]:
    """The runs of ``candidates`` (alike permanents, lowest id first, each named by templates that name no
    other of them: ``naming``) that the model can't tell apart, with each touching template's weight (see
    :func:`singled_twin_runs`); ``edges``: the static edges, and those of each template."""
    signatures: dict[str, dict[Activation, int]] = {}
    for pid in candidates:
        try:
            signed = {_signature(record.templates[i], pid): i for i in naming[pid]}
        except TypeError:  # (a template that can't be compared: left apart)
            return []
        if len(signed) != len(naming[pid]):
            return []  # (two of its templates alike but for their index)
        signatures[pid] = signed
    runs: list[list[str]] = []
    for pid in candidates:
        previous = runs[-1][-1] if runs else None
        if previous is not None and _swappable(signatures[previous], signatures[pid], *edges):
            runs[-1].append(pid)
        else:
            runs.append([pid])
    found: list[tuple[list[str], dict[int, int]]] = []
    for run in runs:
        if len(run) < 2:
            continue
        first = signatures[run[0]]
        touching = [s for s, i in first.items() if _touches(record.templates[i], run[0])]
        weight_of = {signature: rank + 1 for rank, signature in enumerate(touching)}
        weights = {
            index: weight_of[signature]
            for pid in run
            for signature, index in signatures[pid].items()
            if signature in weight_of
        }
        found.append((run, weights))
    return found


def _swappable(
    one: dict[Activation, int],
    other: dict[Activation, int],
    edges: set[Edge],
    edges_of: dict[int, list[Edge]],
) -> bool:
    """True when swapping two alike permanents, whose naming templates are ``one`` and ``other`` by their
    signatures, maps the templates and the static edges (``edges``, by template: ``edges_of``) onto
    themselves."""
    if one.keys() != other.keys():
        return False
    swap = {i: other[s] for s, i in one.items()} | {i: one[s] for s, i in other.items()}
    return all(
        (swap.get(a, a), swap.get(b, b)) in edges for index in swap for a, b in edges_of.get(index, ())
    )


def order_singled_twins(record: PaymentModel) -> None:
    """Each run of :func:`singled_twin_runs` listed by what it does in the order of its ids: the weighted
    uses of the templates that touch each (its key: positive once it is touched) non-increasing along the
    run. Some optimal plan meets this (the module docstring), so the optimum is the same; the solver no
    longer proves it over every relabelling of the twins."""
    main = record.main
    for run, weights in singled_twin_runs(record):
        keys = [
            total(
                [
                    weights[t.index] * main.use[t.index]
                    for t in record.templates
                    if t.index in weights and _touches(t, pid)
                ]
            )
            for pid in run
        ]
        for first, second in itertools.pairwise(keys):
            record.model.add(first >= second)
