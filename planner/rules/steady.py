"""Whether a condition of a static effect ('as long as ...': haste, a grant, a power change) can be judged on
the board as it is while paying: one the board records, and that no mana ability's cost may change (counters
moved, a card put into a graveyard it looks in, a power or a status; a permanent it counts taken away, but
for haste and grants, where the model orders what relies on the count before the removals that end it)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from models.abilities import BoardFact, Condition, CostPartKind, ManaAbility, SideEffectKind
from models.layer_effects import GrantAbility, TypeChange
from planner.rules.cards_elsewhere import exiled_cards
from planner.rules.library_top import top_card_gap
from planner.rules.records import SourcedEffect, TextWarning, WarningKind
from planner.rules.takers import may_take_away, possible_abilities

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = [
    "condition_gap",
    "counters_gap",
    "grants_in_force",
    "holds_steadily",
    "moves_own_counters",
    "unsteady_type_changes",
]

#: The cost parts that move counters (a condition on the source's counters may change while paying).
_COUNTER_PARTS = frozenset({CostPartKind.PUT_COUNTER, CostPartKind.REMOVE_X_COUNTERS})
#: The side effects of a mana ability that move counters on its own permanent.
_COUNTER_EFFECTS = frozenset(
    {SideEffectKind.PUT_COUNTER, SideEffectKind.PUT_COUNTER_FIRST, SideEffectKind.REMOVE_COUNTER}
)


def condition_gap(view: BoardView, held: Condition, source: str, *, ordered: bool = False) -> str | None:
    """Why a condition written on ``source`` ('as long as ...') can't be judged on the board as it is while
    paying, or None when it can (and it keeps its truth through the payment). With ``ordered``, a count of
    permanents a cost may take away is no gap: the condition is judged on the board as each activation
    finds it (what relies on it is ordered before the removals that end it, as what relies on an effect's
    source is: :func:`planner.solve.cpsat.analysis.effect_edges`), and a count of "at least" only falls
    as permanents leave.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "a", "card": "Sol Ring", "controller": "me"}]})
    >>> print(condition_gap(BoardView(board), Condition((), unevaluated="you are the monarch"), "a"))
    which no board records
    """
    if held.unevaluated:
        return "which no board records"
    if held.combat_began and view.board.step == "main":
        # (a beginning-of-combat trigger's grant until end of turn: the board's 'main' is either main phase)
        return (
            "which the board's step does not tell ('main' is before or after this turn's combat: give "
            "'combat' or 'end' once it began)"
        )
    if held.either:
        return _removal_gap(view, held, source, ordered=ordered) or next(
            (why for one in held.either if (why := condition_gap(view, one, source, ordered=ordered))), None
        )
    if held.in_graveyard is not None:
        return "which a cost that puts a card into the graveyard may change: not followed yet"
    if held.exiled_keyword and (gap := exiled_cards(view, source, "whose keywords it reads")[1]):
        return f"which the board does not give ({gap})"
    if held.top_of_library is not None and (gap := top_card_gap(view, view.permanent(source).controller)):
        return f"which the board does not give ({gap})"
    if held.counter and any(
        permanent.id == source
        and (
            ability.cost.remove_counter
            or ability.side_effects
            or any(part.kind in _COUNTER_PARTS for part in ability.cost.parts)
        )
        for permanent, ability in possible_abilities(view)
    ):
        return "which a cost that moves counters may change: not followed yet"
    # (what a payment changes, and a power, which a pump an activation sets off changes: as declared)
    if held.source_tapped is not None or any(
        flt.reads_status or BoardFact.POWER in flt.reads() for flt in held.filters
    ):
        return "which reads what may change while paying: not followed yet"
    return _removal_gap(view, held, source, ordered=ordered)


def moves_own_counters(ability: ManaAbility) -> bool:
    """True when activating the ability puts counters on its own permanent or removes some, by its cost or
    its effect (the only counters a mana ability the grammar reads moves).

    >>> from models.oracle import parse_oracle
    >>> [moves_own_counters(parse_oracle(text).mana_abilities[0]) for text in (
    ...     "{T}, Remove a -1/-1 counter from ~: Add one mana of any color.", "{T}: Add {G}.")]
    [True, False]
    """
    cost = ability.cost
    return (
        bool(cost.remove_counter)
        or any(part.kind in _COUNTER_PARTS for part in cost.parts)
        or any(effect.kind in _COUNTER_EFFECTS for effect in ability.side_effects)
    )


def counters_gap(view: BoardView, grant: GrantAbility, source: str) -> str | None:
    """Why a grant to permanents with counters ('Each creature you control with a counter on it has "{T}: Add
    {G}."') can't be judged on the board as it is while paying, or None: a mana ability of a permanent it
    may match but for the counters moves that permanent's counters. One that taps the permanent to do so
    (Channeler Initiate's '{T}, Remove a -1/-1 counter from ~') is no gap when the granted ability taps too
    and nothing untaps it: once it moved them, the granted {T} ability is out of its reach (CR 602.2b: a
    tapped permanent can't pay {T}).

    >>> from models.board import Board
    >>> from models.oracle import parse_oracle
    >>> from planner.rules.view import BoardView
    >>> grant = parse_oracle('Each creature you control with a counter on it has "{T}: Add {G}."').effects[0]
    >>> bear = {"id": "b", "name": "Bear", "type_line": "Creature — Bear", "controller": "me",
    ...     "counters": {"charge": 1}, "oracle": "Remove a charge counter from ~: Add {C}."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [bear]})
    >>> print(counters_gap(BoardView(board), grant, "b"))
    which a mana ability that moves the counters on Bear (b) may change: not followed yet
    """
    if grant.affected.counter is None:
        return None
    anyone = replace(grant.affected, counter=None)
    abilities = tuple(possible_abilities(view))
    untapping = {permanent.id for permanent, ability in abilities if ability.cost.untap}
    for permanent, ability in abilities:
        if not moves_own_counters(ability) or not view.matches(anyone, permanent.id, source):
            continue
        if ability.cost.tap and grant.ability.cost.tap and permanent.id not in untapping:
            continue  # (it taps itself to move them: the granted {T} ability is out of its reach after)
        return (
            f"which a mana ability that moves the counters on {permanent.name} ({permanent.id}) may change: "
            "not followed yet"
        )
    return None


def _removal_gap(view: BoardView, held: Condition, source: str, *, ordered: bool) -> str | None:
    """Why a count of permanents in the condition (in one of its parts, 'if <one> or <another>') can't be
    followed while paying: a cost may take away one it counts, and it isn't ``ordered`` (when it is, each
    activation finds the count on the board as it is, and the model orders it by a threshold on those
    removed before: :func:`planner.solve.cpsat.analysis.reliances`)."""
    if ordered:
        return None
    parts = held.either or (held,)
    if any(_taken_counted(view, part, source) for part in parts):
        return "which counts permanents a cost may take away: not followed yet"
    return None


def _taken_counted(view: BoardView, held: Condition, source: str) -> list[str]:
    """The permanents the condition written on ``source`` counts that a mana ability's cost may take away
    (:func:`~planner.rules.takers.may_take_away`; a Treasure sacrificed for its mana changes no count of
    lands)."""
    counted = dict.fromkeys(pid for wanted in held.filters for pid in view.matching(wanted, source))
    abilities = tuple(possible_abilities(view))
    return [
        target
        for target in counted
        if any(may_take_away(view, ability, permanent.id, target) for permanent, ability in abilities)
    ]


def holds_steadily(view: BoardView, held: Condition, source: str, *, ordered: bool = False) -> bool:
    """True when the condition written on ``source`` holds on the board and keeps holding while paying
    (:func:`condition_gap` finds nothing that may change it, ``ordered`` as there)."""
    return condition_gap(view, held, source, ordered=ordered) is None and view.holds(held, source)


def grants_in_force(
    view: BoardView, grants: Iterable[SourcedEffect]
) -> tuple[list[SourcedEffect], list[TextWarning]]:
    """The grants of abilities that apply on the board: each without a condition, and each 'as long as
    <condition>' (The World Tree) whose condition holds (:func:`holds_steadily`, ``ordered``: a count of
    lands a cost may lower is judged as each activation finds it); and a warning on
    the source of each whose condition can't be judged while paying and that would give an ability to a
    permanent: it is set aside, never granted on a guess.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> tree = {"id": "t", "name": "Tree", "type_line": "Land", "controller": "me", "oracle": "As long as "
    ...     'you control two or more lands, lands you control have "{T}: Add one mana of any color."'}
    >>> vein = {"id": "v", "name": "Vein", "type_line": "Land", "controller": "me",
    ...     "oracle": "{T}, Sacrifice this land: Add {C}{C}."}  # (it sacrifices itself, a land)
    >>> board = {"version": 1, "players": [{"id": "me"}], "permanents": [tree, vein]}
    >>> view = BoardView(Board.from_dict(board))
    >>> kept, warnings = grants_in_force(view, view.effects_of(GrantAbility))
    >>> [sourced.source for sourced in kept], warnings  # (judged as each activation finds the lands)
    (['t'], [])
    """
    kept: list[SourcedEffect] = []
    warnings: list[TextWarning] = []
    for sourced in grants:
        grant = sourced.effect
        assert isinstance(grant, GrantAbility)
        held = grant.condition
        if why := counters_gap(view, grant, sourced.source):
            if any(view.matches(grant.affected, p.id, sourced.source) for p in view.board.permanents):
                warnings.append(TextWarning(sourced.source, grant.text, f"grant: {why}"))
        elif held is None:
            kept.append(sourced)
        elif why := condition_gap(view, held, sourced.source, ordered=True):
            if any(view.matches(grant.affected, p.id, sourced.source) for p in view.board.permanents):
                reason = f"grant: as long as {held.describe()}, {why}"
                warnings.append(TextWarning(sourced.source, grant.text, reason))
        elif view.holds(held, sourced.source):
            kept.append(sourced)
    return kept, warnings


def unsteady_type_changes(view: BoardView) -> tuple[TextWarning, ...]:
    """The type changes in force on a condition ('~ is a 3/3 Golem artifact creature as long as you control
    three or more artifacts') that apply now and that a mana ability's cost may end while paying (a cost may
    take away a permanent the condition counts: :func:`condition_gap`): each is applied as the board is, and
    reported, as what it changes once the count falls (a creature no more, CR 611.3a) is not followed yet. A
    condition that does not hold now stays so: a count of 'N or more' only falls as permanents leave.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> relic = {"id": "r", "name": "Relic", "type_line": "Artifact", "controller": "me",
    ...     "oracle": "Relic is a 3/3 Golem artifact creature as long as you control two or more artifacts."}
    >>> board = {"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     relic, {"id": "t", "card": "Treasure", "controller": "me"}]}
    >>> (warning,) = unsteady_type_changes(BoardView(Board.from_dict(board)))
    >>> print(warning.reason)
    applied as the board is: its condition counts permanents a cost may take away: not followed yet
    """
    found = []
    for sourced in view.effects_of(TypeChange):
        effect = sourced.effect
        assert isinstance(effect, TypeChange)
        if effect.condition is None or not view.type_change_applied(sourced.source, effect.text):
            continue
        if why := condition_gap(view, effect.condition, sourced.source):
            reason = f"applied as the board is: its condition {why.removeprefix('which ')}"
            found.append(TextWarning(sourced.source, effect.text, reason, WarningKind.UNSUPPORTED))
    return tuple(found)
