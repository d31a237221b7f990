"""The default objective: one specification of what makes a payment better, read by both engines.

The levels, most important first (``docs/objective.md`` says why): life paid plus damage taken; valuable
permanents sacrificed; permanents sacrificed by design (Treasure, Lotus Petal); mana left floating; colors
no untouched source can make any more; then four levels that each add up one number per permanent the
payment touches (:data:`TOUCHED_LEVELS`): the most mana it could make, whether it is a creature, how many
types it could produce, and its rank among the board's ids (a tie-break).

The CP-SAT model builds its terms from this specification, the fast path packs the touched levels into one
weight per source with :func:`packed_weight`, and :func:`objective_of` computes every level of a finished
payment (the reference search's, a heuristic's) so that any plan can be compared with the optimum.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from models.board import Board
from models.mana import ALL_COLORS, ManaTypes
from planner.rules.replay import PaymentSummary
from planner.rules.view import BoardView
from planner.solve.problem import BoardAnalysis

__all__ = [
    "OBJECTIVE_LEVELS",
    "PAYMENT_LEVELS",
    "TOUCHED_LEVELS",
    "PermanentFacts",
    "TouchedLevel",
    "objective_of",
    "packed_unit",
    "packed_weight",
    "permanent_facts",
    "sacrificed_by_design",
    "touched_levels",
]


@dataclass(frozen=True, slots=True)
class PermanentFacts:
    """What the objective reads of one permanent a payment may touch.

    ``most``: the most mana one activation of it makes; ``flexibility``: how many types it could produce
    (CR 106.7); ``rank``: its position among the board's permanent ids, sorted.
    """

    most: int
    creature: bool
    flexibility: int
    rank: int


@dataclass(frozen=True, slots=True)
class TouchedLevel:
    """A level that adds up one number per permanent the payment touches (taps, sacrifices, activates).

    ``sum_limit(n)`` is more than the level's sum over any set of permanents on a board of ``n`` (the fast
    path packs the levels after the first into one number with it); None for a level whose sum the board's
    own figures bound.
    """

    name: str
    value: Callable[[PermanentFacts], int]
    sum_limit: Callable[[int], int] | None = None


#: The levels computed from the payment as a whole, most important first.
PAYMENT_LEVELS = (
    "life_and_damage",
    "valuable_sacrificed",
    "designed_sacrificed",
    "mana_floating",
    "colors_lost",
)

#: The levels summed over the permanents the payment touches, after :data:`PAYMENT_LEVELS`: keep the sources
#: that make the most mana, creatures (which could attack or block) and flexible sources untouched.
TOUCHED_LEVELS = (
    TouchedLevel("mana_tied_up", lambda facts: facts.most),
    TouchedLevel("creatures_used", lambda facts: int(facts.creature), lambda n: n + 1),
    TouchedLevel("flexibility_used", lambda facts: facts.flexibility, lambda n: 6 * n + 1),
    # ranks are distinct, so their sum over any set stays below n * n + 1
    TouchedLevel("tie_break", lambda facts: facts.rank, lambda n: n * n + 1),
)

#: The names of the objective's levels, most important first.
OBJECTIVE_LEVELS = (*PAYMENT_LEVELS, *(level.name for level in TOUCHED_LEVELS))


def _limit(level: TouchedLevel, permanents: int) -> int:
    if level.sum_limit is None:
        raise ValueError(f"the level {level.name!r} has no sum limit to pack below")
    return level.sum_limit(permanents)


def packed_weight(facts: PermanentFacts, permanents: int) -> int:
    """A permanent's share of the touched levels, packed so that sums compare level by level: each level's
    number times the product of the later levels' sum limits.

    >>> n = 3
    >>> packed_weight(PermanentFacts(1, False, 1, 0), n) == packed_unit(n) + 1 * (n * n + 1)
    True
    """
    weight = TOUCHED_LEVELS[0].value(facts)
    for level in TOUCHED_LEVELS[1:]:
        weight = weight * _limit(level, permanents) + level.value(facts)
    return weight


def packed_unit(permanents: int) -> int:
    """One unit of the first touched level ('mana tied up') in :func:`packed_weight`'s packing.

    >>> packed_unit(2)
    195
    """
    unit = 1
    for level in TOUCHED_LEVELS[1:]:
        unit *= _limit(level, permanents)
    return unit


def sacrificed_by_design(view: BoardView, pid: str) -> bool:
    """A nonland permanent whose own ability sacrifices it (Treasure, Lotus Petal, Eldrazi Scion)."""
    if view.type_line(pid).is_a("Land"):
        return False
    return any(ability.cost.sacrifice_self for ability in view.mana_abilities(pid))


def permanent_facts(analysis: BoardAnalysis) -> dict[str, PermanentFacts]:
    """The objective's facts for every permanent on the board (a permanent the player can't activate makes
    no mana, ``most`` 0).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "bop", "card": "Birds of Paradise", "controller": "me"}]})
    >>> permanent_facts(BoardAnalysis(board, "me"))["bop"]
    PermanentFacts(most=1, creature=True, flexibility=5, rank=0)
    """
    most: dict[str, int] = {}
    for activation in analysis.templates:
        for pid in activation.sources:
            most[pid] = max(most.get(pid, 0), activation.outcome.total)
    view, reflect = analysis.view, analysis.reflect
    ids = sorted(p.id for p in analysis.board.permanents)
    return {
        pid: PermanentFacts(
            most=most.get(pid, 0),
            creature=view.type_line(pid).is_a("Creature"),
            flexibility=len(reflect.get(pid, ManaTypes())),
            rank=rank,
        )
        for rank, pid in enumerate(ids)
    }


def touched_levels(facts: Mapping[str, PermanentFacts], touched: frozenset[str]) -> tuple[int, ...]:
    """The touched levels' values for a set of touched permanents."""
    return tuple(sum(level.value(facts[pid]) for pid in touched) for level in TOUCHED_LEVELS)


def objective_of(board: Board, player: str, summary: PaymentSummary) -> tuple[int, ...]:
    """The objective's levels (see :data:`OBJECTIVE_LEVELS`) for a finished payment; smaller is better.

    >>> from models.cost import PaymentTarget
    >>> from planner.api import pay
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"}]})
    >>> result = pay(board, PaymentTarget.of("{G}"))
    >>> from planner.rules.replay import replay
    >>> objective_of(board, "me", replay(board, PaymentTarget.of("{G}"), result.plan))
    (0, 0, 0, 0, 1, 1, 0, 1, 0)
    """
    analysis = BoardAnalysis(board, player)
    view, reflect = analysis.view, analysis.reflect
    facts = permanent_facts(analysis)
    makers = {pid for activation in analysis.templates for pid in activation.sources}
    touched = summary.used
    designed = {pid for pid in summary.sacrificed if sacrificed_by_design(view, pid)}
    lost = 0
    for mana_type in ALL_COLORS:
        color_makers = [pid for pid in makers if mana_type in reflect.get(pid, ManaTypes())]
        if color_makers and all(pid in touched for pid in color_makers):
            lost += 1
    return (
        summary.life_paid + summary.damage,
        len(summary.sacrificed - designed),
        len(designed),
        sum(1 for unit in summary.floating if not unit.tag.persists),
        lost,
        *touched_levels(facts, touched),
    )
