"""Static effects that change creatures' power (layer 7c, CR 613.4c): an anthem ('Creatures you control get
+1/+1'), a lord ('Other Elf creatures you control get +1/+1'), an Aura or Equipment ('Enchanted creature gets
+2/+0'). What reads a creature's power (Marwyn's 'an amount of {G} equal to Marwyn's power', a greatest
power, 'a creature with power 4 or greater') reads it with these on top of its printed power and counters
(:func:`power_changes`).

A payment may take such an effect's source away first (sacrificed to Phyrexian Altar, returned by a cost),
and then what an ability reads depends on the order: an amount of a power or the greatest power is counted
as the ability resolves (CR 608.2h), without the pumps of the permanents gone by then
(:func:`power_changes`'s ``removed``; the CP-SAT model orders it: :mod:`planner.solve.dynamic`,
:func:`power_lost`). A condition or a filter that reads a power ('a creature with power 4 or greater') is
not followed in that order yet: on such a board it is set aside with a warning that names the permanent
(:func:`power_change_gap`), never used with a power that may be wrong. A spell's own cost reduction (The
Great Henge) is locked in before any mana ability is activated (CR 601.2f), so it reads the board as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from models.abilities import Amount, AmountKind
from models.layer_effects import PowerChange, TypeChange
from models.mana_effects import ManaTrigger
from planner.rules.steady import condition_gap, holds_steadily
from planner.rules.takers import may_take_away, possible_abilities

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = [
    "POWER_COUNTER",
    "base_power_gap",
    "counter_power",
    "power_change_gap",
    "power_changes",
    "power_lost",
    "unsteady_power_change",
]

#: The cost parts that take away a permanent other than the ability's own and may take a pump's source: and
#: Forage, whose Food may be a creature (a Food Golem).


#: A counter that changes power and toughness ("+1/+1", "-0/-2"), its power change captured (CR 122.1a)
POWER_COUNTER = re.compile(r"([+-]\d+)/[+-]\d+")


def counter_power(kind: str) -> int:
    """How much one counter of this kind changes a creature's power (CR 122.1a: ``+1/+1``, ``-1/-1``).

    >>> counter_power("+1/+1"), counter_power("-1/-1"), counter_power("+2/+0"), counter_power("charge")
    (1, -1, 2, 0)
    """
    found = POWER_COUNTER.fullmatch(kind.strip())
    return int(found.group(1)) if found else 0


def power_changes(view: BoardView, pid: str, removed: Iterable[str] = (), *, toughness: bool = False) -> int:
    """How much the effects in force change the permanent's power (with ``toughness``, its toughness), but
    those of the permanents ``removed``:
    each effect once, however many of its descriptions the permanent matches ('Elves and Warriors you
    control get +1/+1'), a change 'for each' of some permanents as many times as they are, less those
    ``removed``.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "you"}], "permanents": [
    ...     {"id": "e", "card": "Llanowar Elves", "controller": "me"},
    ...     {"id": "lord", "name": "Lord", "type_line": "Creature — Elf", "power": 2, "toughness": 2,
    ...      "oracle": "Other Elves and Druids you control get +1/+1.", "controller": "me"},
    ...     {"id": "a", "name": "Anthem", "type_line": "Enchantment", "controller": "you",
    ...      "oracle": "Creatures your opponents control get -2/-0."}]})
    >>> view = BoardView(board)
    >>> power_changes(view, "e"), power_changes(view, "lord")
    (-1, -2)
    """
    gone = frozenset(removed)
    total = 0
    counted: set[tuple[str, str]] = set()
    for sourced in view.effects_of(PowerChange):
        effect = sourced.effect
        assert isinstance(effect, PowerChange)
        key = (sourced.source, effect.text)
        if (
            sourced.source not in gone
            and key not in counted
            and view.matches(effect.affected, pid, sourced.source)
            and (effect.condition is None or holds_steadily(view, effect.condition, sourced.source))
        ):
            counted.add(key)
            change = effect.toughness if toughness else effect.power
            total += change * _times(view, effect, sourced.source, gone)
    return total


def _times(view: BoardView, effect: PowerChange, source: str, gone: frozenset[str]) -> int:
    """How many times the change applies: once, or once for each permanent its count matches ('for each
    Forest you control'), seen from its source, but those ``gone``."""
    if effect.per is None:
        return 1
    assert effect.per.filter is not None  # (a count of permanents: models.oracle.build_statics)
    if effect.per.kind is AmountKind.LAND_TYPES:  # ('for each basic land type among lands you control')
        lands = view.matching(effect.per.filter, source, gone)
        return len({land_type for land in lands for land_type in view.type_line(land).basic_land_types})
    return view.count(effect.per.filter, source, gone)


def power_lost(view: BoardView, gone: Iterable[str], pid: str) -> int:
    """How much the permanent's power changes when ``gone`` leave the battlefield: the pumps they give it
    taken off (negative for an anthem, positive for an opponent's '-1/-0').

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "e", "card": "Llanowar Elves", "controller": "me"},
    ...     {"id": "a", "name": "Anthem", "type_line": "Enchantment", "controller": "me",
    ...      "oracle": "Creatures you control get +1/+1."}]})
    >>> view = BoardView(board)
    >>> power_lost(view, ["a"], "e"), power_lost(view, ["e"], "e")
    (-1, 0)
    """
    left = tuple(gone)
    if not left:
        return 0
    return power_changes(view, pid, left) - power_changes(view, pid)


def unsteady_power_change(view: BoardView, read: Iterable[str] | None = None) -> str | None:
    """Why a power change 'as long as <condition>' (Werebear's threshold) can't be judged on the board as it
    is while paying, as the JSON path of its permanent and why; None when every such condition can
    (:func:`~planner.rules.steady.condition_gap`); with ``read``, only a change that applies to one of those
    permanents counts. What reads a power beside one is set aside, never read with a power that may be
    wrong.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> bear = {"id": "b", "name": "Bear", "type_line": "Creature — Bear", "power": 2, "toughness": 2,
    ...     "oracle": "This creature gets +1/+1 as long as you are the monarch.", "controller": "me"}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [bear]})
    >>> print(unsteady_power_change(BoardView(board)))
    permanents[0]: its power changes as long as you are the monarch, which no board records
    """
    looked_at = None if read is None else tuple(read)
    if why := _counter_while_paying(view, looked_at):
        return why
    for sourced in view.effects_of(PowerChange):
        effect = sourced.effect
        assert isinstance(effect, PowerChange)
        if (effect.condition is None and effect.per is None) or (
            looked_at is not None
            and not any(view.matches(effect.affected, pid, sourced.source) for pid in looked_at)
        ):
            continue
        if effect.condition is not None and (why := condition_gap(view, effect.condition, sourced.source)):
            written = effect.condition.describe()
            return f"{view.path(sourced.source)}: its power changes as long as {written}, {why}"
        if effect.per is not None and (why := _count_gap(view, effect.per, sourced.source, judged=False)):
            counted = effect.per.filter.describe() if effect.per.filter is not None else ""
            return f"{view.path(sourced.source)}: its power changes for each {counted}, {why}"
    return None


def _counter_while_paying(view: BoardView, read: tuple[str, ...] | None) -> str | None:
    """Why a power may change while paying by a triggered mana ability's counter on its own source (Crime
    Novelist's 'put a +1/+1 counter on ~ and add {R}', as a mana ability's sacrifice sets it off: CR 605.1b),
    as the JSON path of that source and why; None when no such trigger is on the board (with ``read``: none
    whose source is one of those permanents). The counters put while paying are not followed yet.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> novelist = {"id": "n", "name": "Novelist", "type_line": "Creature", "power": 3, "toughness": 2,
    ...     "controller": "me", "oracle": "Whenever you sacrifice an artifact, put a +1/+1 counter on ~ and"
    ...     " add {R}."}
    >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [novelist]}))
    >>> print(_counter_while_paying(view, None))
    permanents[0]: its trigger of sacrificing puts a +1/+1 counter on it while paying, which is not followed
    >>> _counter_while_paying(view, ("x",)) is None
    True
    """
    for sourced in view.effects_of(ManaTrigger):
        effect = sourced.effect
        assert isinstance(effect, ManaTrigger)
        if not counter_power(effect.counter_on_source) or (read is not None and sourced.source not in read):
            continue
        counter = effect.counter_on_source
        return (
            f"{view.path(sourced.source)}: its trigger of sacrificing puts a {counter} counter on it while"
            " paying, which is not followed"
        )
    return None


def _count_gap(view: BoardView, per: Amount, source: str, *, judged: bool) -> str | None:
    """Why what a power change counts ('for each Forest you control') can't be followed while paying, or
    None: a mana ability's cost may take away a permanent it counts, and the power is ``judged`` by a filter
    or condition (not followed in the payment's order yet), or the cost of one may take the change's source
    away too (the model orders a power's changes as a sum, which a count gone with its source is not: the
    source taking the whole change, the counted ones each one step of it)."""
    assert per.filter is not None
    counted = view.matching(per.filter, source)
    abilities = tuple(possible_abilities(view))
    taker = next(
        (
            (permanent.id, target)
            for permanent, ability in abilities
            for target in counted
            if may_take_away(view, ability, permanent.id, target)
        ),
        None,
    )
    if taker is None:
        return None
    written = f"and {view.path(taker[0])}'s cost may take away {view.path(taker[1])}"
    if per.kind is AmountKind.LAND_TYPES:  # (a count of types, not of permanents: no one step per removal)
        return f"{written}, a count of land types: not followed yet"
    if judged:
        return f"{written}, which a power judged is not followed with yet"
    remover = next((p.id for p, ability in abilities if may_take_away(view, ability, p.id, source)), None)
    if remover is None:
        return None
    itself = f"{view.path(remover)}'s cost may take away {view.path(source)} itself"
    return f"{written}, and {itself}: not followed yet"


def power_change_gap(view: BoardView) -> str | None:
    """Why a condition or filter that reads a power can't be judged on the board as it is while paying, as
    the JSON path of a permanent and why: a power change in force whose source a mana ability's cost may
    take away; None when none may.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> lord = {"id": "lord", "name": "Lord", "type_line": "Creature — Elf", "power": 2, "toughness": 2,
    ...     "oracle": "Other Elves you control get +1/+1.", "controller": "me"}
    >>> altar = {"id": "alt", "card": "Phyrexian Altar", "controller": "me"}
    >>> board = {"version": 1, "players": [{"id": "me"}], "permanents": [lord]}
    >>> power_change_gap(BoardView(Board.from_dict(board))) is None
    True
    >>> print(power_change_gap(BoardView(Board.from_dict({**board, "permanents": [lord, altar]}))))
    ... # doctest: +NORMALIZE_WHITESPACE
    permanents[1]: its cost may take away permanents[0], whose effect changes creatures' power: not
    followed yet
    """
    if why := _counter_while_paying(view, None):
        return why
    sources = dict.fromkeys(sourced.source for sourced in view.effects_of(PowerChange))
    if not sources:
        return None
    if why := unsteady_power_change(view):
        return why
    for sourced in view.effects_of(PowerChange):
        per = sourced.effect.per if isinstance(sourced.effect, PowerChange) else None
        if per is not None and (why := _count_gap(view, per, sourced.source, judged=True)):
            counted = per.filter.describe() if per.filter is not None else ""
            return f"{view.path(sourced.source)}: its power changes for each {counted}, {why}"
    for permanent, ability in possible_abilities(view):
        for source in sources:
            if may_take_away(view, ability, permanent.id, source):
                taken = view.path(source)
                return (
                    f"{view.path(permanent.id)}: its cost may take away {taken}, whose effect changes "
                    "creatures' power: not followed yet"
                )
    return None


def base_power_gap(view: BoardView, read: Iterable[str] | None = None) -> str | None:
    """Why a power read can't be followed while paying, as the JSON path of a permanent and why: an effect in
    force sets the base power of one of the permanents ``read`` (None: any; layer 7b, 'Forests you control
    are 1/1 green Elf creatures ...') and a mana ability's cost may take its source away, after which that
    power is its printed one again (CR 611.3a), a change the payment's order does not follow (it follows the
    pumps of layer 7c only: :func:`power_lost`); None when no cost may.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> ambusher = {"id": "c", "name": "Test Ambusher", "type_line": "Creature — Elf", "power": 2,
    ...     "toughness": 2, "oracle": "Forests you control are 1/1 green Elf creatures that are still lands.",
    ...     "controller": "me"}
    >>> board = {"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     ambusher, {"id": "f", "card": "Forest", "controller": "me"}]}
    >>> base_power_gap(BoardView(Board.from_dict(board))) is None
    True
    >>> altar = {"id": "alt", "card": "Phyrexian Altar", "controller": "me"}
    >>> board["permanents"].append(altar)
    >>> print(base_power_gap(BoardView(Board.from_dict(board)), ["f"]))
    ... # doctest: +NORMALIZE_WHITESPACE
    permanents[2]: its cost may take away permanents[0], whose effect sets the base power of permanents[1]:
    not followed yet
    """
    looked_at = None if read is None else frozenset(read)
    setters = []
    for sourced in view.effects_of(TypeChange):
        effect = sourced.effect
        assert isinstance(effect, TypeChange)
        if effect.base_pt is None and not effect.base_mana_value:
            continue
        applied = view.type_change_applied(sourced.source, effect.text)
        reached = applied if looked_at is None else applied & looked_at
        if reached:
            setters.append((sourced.source, next(p.id for p in view.board.permanents if p.id in reached)))
    if not setters:
        return None
    for permanent, ability in possible_abilities(view):
        for source, reached_one in setters:
            if may_take_away(view, ability, permanent.id, source):
                taken, setting = view.path(source), view.path(reached_one)
                return (
                    f"{view.path(permanent.id)}: its cost may take away {taken}, whose effect sets the base "
                    f"power of {setting}: not followed yet"
                )
    return None
