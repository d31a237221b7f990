"""Two colors that a question can't tell apart (issue 41): Cascading Cataracts' "five mana in any combination
of colors" on a board where nothing asks for {B} or {R} and nothing else makes either has an outcome for
each set of colors, and those come in pairs swapped by B <-> R. CP-SAT then proves a stage's optimum over
both of each pair (bench_no --multipliers seed 15 question 104: the default search's 0.020 and 0.113 of
deterministic time), unless its own symmetry detection finds the swap (0.005 and 0.039), which costs more
than it saves on most models: so it is turned on where :func:`color_transposition` finds such a swap
(:func:`~planner.solve.cpsat.solve._searched`).

A transposition of two colors *maps the question onto itself* when it maps each template onto a template
of the same permanent and ability, with the same cost, taps, sacrifices and choices, whose outcome is the
template's own with the two colors swapped (its packets' types, its devotion); the static and announce
edges, the producer nodes, the depths and epochs onto themselves; and the costs paid (the target's, the
kept cost's, every template's own mana cost) onto themselves; and the question has nothing else that reads
a color of the mana (:func:`color_transposition` refuses a turn, cards in hand, riders on the mana spent,
convoke and improvise, 'spend as though' effects, floating mana of either color, amounts that the payment
changes, {Q} cycles, reliances, doublings of the unspent mana). The swap then maps every plan onto a plan
with the same level at every level of the objective: each activation onto the same permanent's same
ability choosing the swapped colors, each mana spent where its swapped twin is. Nothing here adds a row or
removes a plan: CP-SAT's symmetry handling is its own and exact (it breaks only the symmetries it proves of
the model it solves), and a swap found where the model had none would cost time, never change an answer.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from models.cost import ManaCost, PaymentTarget
from models.mana import ManaType, ManaTypes
from planner.rules.activations import Activation
from planner.rules.packets import Outcome
from planner.solve.cpsat.record import PaymentModel

__all__ = ["ColorSwap", "color_transposition", "interchangeable_colors", "swapped_types"]

#: The colors, in the order the pairs are tried.
_COLORS = (ManaType.W, ManaType.U, ManaType.B, ManaType.R, ManaType.G)


@dataclass(frozen=True, slots=True)
class ColorSwap:
    """A transposition of two colors that maps the question onto itself, and the templates it maps to one
    another (by index; a template it fixes maps to itself)."""

    first: ManaType
    second: ManaType
    image: tuple[int, ...]

    @property
    def moves(self) -> bool:
        """True when the swap maps some template onto another (Cascading Cataracts' outcomes in swapped
        pairs), not only the choices within each template (a Treasure's "one mana of any color").

        >>> B, R = ManaType.B, ManaType.R
        >>> ColorSwap(B, R, (0, 2, 1)).moves, ColorSwap(B, R, (0, 1)).moves
        (True, False)
        """
        return any(index != image for index, image in enumerate(self.image))


def swapped_types(types: ManaTypes, first: ManaType, second: ManaType) -> ManaTypes:
    """The set of types with ``first`` and ``second`` swapped.

    >>> str(swapped_types(ManaTypes.parse("WB"), ManaType.B, ManaType.R))
    'WR'
    >>> str(swapped_types(ManaTypes.parse("BRG"), ManaType.B, ManaType.R))
    'BRG'
    """
    has_first, has_second = first in types, second in types
    if has_first == has_second:
        return types
    moved = ManaTypes.of([first]) if has_first else ManaTypes.of([second])
    into = ManaTypes.of([second]) if has_first else ManaTypes.of([first])
    return (types - moved) | into


def _swapped_cost(cost: ManaCost, first: ManaType, second: ManaType) -> ManaCost:
    """The cost with its symbols' colors swapped (``{B/P}`` becomes ``{R/P}``).

    >>> str(_swapped_cost(ManaCost.parse("{2}{B}{W/R}"), ManaType.B, ManaType.R))
    '{2}{W/B}{R}'
    """
    symbols = tuple(
        replace(symbol, colors=swapped_types(symbol.colors, first, second)) if symbol.colors else symbol
        for symbol in cost.symbols
    )
    return ManaCost(symbols)


def _fixed_cost(target: PaymentTarget | None, first: ManaType, second: ManaType) -> bool:
    """True when the swap maps the target's cost onto itself (no target: nothing to map)."""
    return target is None or _swapped_cost(target.cost, first, second) == target.cost


def _swapped(types: ManaTypes, pair: tuple[ManaType, ManaType] | None) -> ManaTypes:
    """The types with the pair's colors swapped (None: as they are)."""
    return types if pair is None else swapped_types(types, *pair)


def _outcome_key(outcome: Outcome, pair: tuple[ManaType, ManaType] | None) -> tuple[object, ...]:
    """The outcome with the pair's colors swapped (None: as it is), its packets as a multiset (their order
    names no color).

    >>> from planner.rules.packets import ManaTag, Packet
    >>> def made(*letters):
    ...     return Outcome(tuple(Packet(ManaTypes.parse(x), 1, 1, ManaTag(source="s")) for x in letters))
    >>> _outcome_key(made("B", "W"), (ManaType.B, ManaType.R)) == _outcome_key(made("W", "R"), None)
    True
    """
    packets = Counter((_swapped(p.types, pair).mask, p.picks, p.per_pick, p.tag) for p in outcome.packets)
    return (
        frozenset(packets.items()),
        outcome.damage,
        outcome.life_loss,
        outcome.replacements,
        outcome.sacrifices_source,
        _swapped(outcome.devotion, pair).mask,
        outcome.life_gain,
    )


#: The outcome every template's base has (:func:`color_transposition`).
_NO_OUTCOME = Outcome(())


def _refused(record: PaymentModel) -> bool:
    """True when the question has something that reads a color of the mana beyond what
    :func:`color_transposition` maps, or that it does not check (the module docstring)."""
    problem = record.problem
    chosen = record.alternatives
    return bool(
        problem.turn is not None
        or problem.hand
        or problem.hand_mana
        or problem.target.riders
        or (problem.keep is not None and problem.keep.riders)
        or (chosen is not None and chosen.paying)
        or not problem.rules.plain
        or problem.dynamics.families
        or record.cycles
        or record.reliances
        or record.siblings
        or any(layer.doubled for layer in record.layers)
    )


def color_transposition(record: PaymentModel) -> ColorSwap | None:
    """The first transposition of two colors (in WUBRG order) that maps the question onto itself (the
    module docstring) and :attr:`~ColorSwap.moves` a template, else the first that maps it onto itself,
    else None.

    >>> from models import Board, PaymentTarget
    >>> from planner.solve.cpsat.spine import build
    >>> from planner.solve.problem import PaymentProblem
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"},
    ...     {"id": "b", "card": "Birds of Paradise", "controller": "me"}]})
    >>> swap = color_transposition(build(PaymentProblem.of(board, PaymentTarget.of("{1}{G}"))))
    >>> swap.first.letter, swap.second.letter
    ('W', 'U')
    >>> swap = color_transposition(build(PaymentProblem.of(board, PaymentTarget.of("{W}{G}"))))
    >>> swap.first.letter, swap.second.letter  # (the Birds' W is asked for, its U and B are not)
    ('U', 'B')
    >>> print(color_transposition(build(PaymentProblem.of(board, PaymentTarget.of("{W}{W}{B}{R}{R}{R}")))))
    None
    """
    if _refused(record):
        return None
    try:  # (everything the model reads of a template but its index and outcome)
        bases = [replace(t, index=0, outcome=_NO_OUTCOME) for t in record.templates]
        keys = [
            (base, _outcome_key(t.outcome, None)) for base, t in zip(bases, record.templates, strict=True)
        ]
    except TypeError:  # (a template that can't be compared: no swap)
        return None
    own = {key: index for index, key in enumerate(keys)}
    if len(own) != len(bases):
        return None  # (two templates alike but for their index: a map would not be one to one)
    found: ColorSwap | None = None
    for number, first in enumerate(_COLORS):
        for second in _COLORS[number + 1 :]:
            swap = _transposition(record, (first, second), bases, own)
            if swap is not None and swap.moves:
                return swap
            found = found or swap
    return found


def interchangeable_colors(record: PaymentModel) -> ColorSwap | None:
    """:func:`color_transposition` of the record, looked for once and kept in it."""
    if not record.color_swap_sought:
        record.color_swap = color_transposition(record)
        record.color_swap_sought = True
    return record.color_swap


def _transposition(
    record: PaymentModel,
    pair: tuple[ManaType, ManaType],
    bases: list[Activation],
    own: dict[tuple[Activation, tuple[object, ...]], int],
) -> ColorSwap | None:
    """The swap of the ``pair`` of colors when it maps the question onto itself, else None; ``bases`` are
    the templates without index and outcome, ``own`` each template's index by its base and outcome."""
    first, second = pair
    problem = record.problem
    if not (_fixed_cost(problem.target, first, second) and _fixed_cost(problem.keep, first, second)):
        return None
    if any(unit.type in (first, second) for unit in problem.pool):
        return None
    templates = record.templates
    if any(not _fixed_cost(t.target, first, second) for t in templates):
        return None
    found = [own.get((base, _outcome_key(t.outcome, pair))) for base, t in zip(bases, templates, strict=True)]
    image = [index for index in found if index is not None]
    if len(image) != len(templates):
        return None
    if not _maps_structure(record, image):
        return None
    return ColorSwap(first, second, tuple(image))


def _maps_structure(record: PaymentModel, image: list[int]) -> bool:
    """True when the template map keeps the static and announce edges, the producer nodes (one node onto
    one node), the untracked templates' depth and every template's epoch."""
    for edges in (record.static_edges, record.announce_edges):
        present = set(edges)
        if any((image[a], image[b]) not in present for a, b in present):
            return False
    nodes: dict[int, int] = {}
    for index, node in enumerate(record.producer):
        if nodes.setdefault(node, record.producer[image[index]]) != record.producer[image[index]]:
            return False
    if len(set(nodes.values())) != len(nodes):
        return False
    if any(record.depth.get(i) != record.depth.get(image[i]) for i in range(len(image))):
        return False
    return all(record.template_epochs[i] == record.template_epochs[image[i]] for i in range(len(image)))
