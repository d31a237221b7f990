"""A card's own characteristic-defining power (layer 7a, CR 604.3, 613.4a): '~'s power is equal to the number
of basic land types among lands you control' (Nishoba Brawler), '~'s power and toughness are each equal to the
number of creatures you control'. Its value is counted on the board as it is, before the base power other
effects set (layer 7b, which replaces it) and the counters and pumps on top (layer 7c); a permanent that lost
its abilities in layer 6 has no such ability left (its printed power stands).

A count a mana ability's cost may change while paying (a permanent it counts taken away, or the source of a
type change whose types it counts) is not followed in the payment's order yet: what reads such a power is set
aside with a warning (:func:`defined_power_gap`), as are the amounts counted otherwise (a graveyard, a hand)
and the shapes the grammar does not read (Tarmogoyf's)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from models.abilities import AmountKind
from models.filters import STATUS_FACTS, BoardFact
from models.layer_effects import PowerDefined, TypeChange
from planner.rules.takers import may_take_away, possible_abilities

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["defined_power_gap", "own_defined_power"]

#: The amounts a defined power is counted by here: permanents on the battlefield, by what layer 4 makes them.
_COUNTED_KINDS = frozenset({AmountKind.COUNT, AmountKind.LAND_TYPES})


def _defining(view: BoardView, pid: str) -> PowerDefined | None:
    """The permanent's own power-defining ability in force that is counted here (:data:`_COUNTED_KINDS`, by
    a filter reading no status nor power), or None."""
    for sourced in view.effects_of(PowerDefined):
        effect = sourced.effect
        assert isinstance(effect, PowerDefined)
        flt = effect.amount.filter
        if (
            sourced.source == pid
            and effect.amount.kind in _COUNTED_KINDS
            and flt is not None
            and not (flt.reads() & (STATUS_FACTS | {BoardFact.POWER}))
            and not flt.reads_status
        ):
            return effect
    return None


def own_defined_power(view: BoardView, pid: str, *, toughness: bool = False) -> int | None:
    """The power (with ``toughness``, the toughness) the permanent's own characteristic-defining ability gives
    it (layer 7a), or None when it has none counted here (:func:`_defining`).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> maro = {"id": "m", "name": "Maro", "type_line": "Creature — Elemental", "power": 0, "toughness": 0,
    ...     "controller": "me",
    ...     "oracle": "Maro's power and toughness are each equal to twice the number of Forests you control."}
    >>> forests = [{"id": pid, "card": "Forest", "controller": "me"} for pid in ("f", "g")]
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [maro, *forests]})
    >>> own_defined_power(BoardView(board), "m"), own_defined_power(BoardView(board), "m", toughness=True)
    (4, 4)
    """
    effect = _defining(view, pid)
    if effect is None or (toughness and not effect.toughness):
        return None
    flt = effect.amount.filter
    assert flt is not None
    if effect.amount.kind is AmountKind.LAND_TYPES:
        lands = view.matching(flt, pid)
        counted = len({land_type for land in lands for land_type in view.type_line(land).basic_land_types})
    else:
        counted = view.count(flt, pid)
    return effect.times * counted


def defined_power_gap(
    view: BoardView, read: Iterable[str] | None, *, while_paying: bool = True
) -> str | None:
    """Why a power read can't be answered, as the JSON path of a permanent among ``read`` (None: any on the
    board) whose own text defines its power, and why: a shape not read, or an amount not counted here
    (:func:`_defining`), or, ``while_paying``, a count a mana ability's cost may change (a permanent it
    counts, or the source of a type change in force, taken away); None when none. A spell's cost change
    reads the power before any mana ability is activated (CR 601.2f): not ``while_paying``.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> sage = {"id": "s", "name": "Sage", "type_line": "Creature — Human", "power": 0, "toughness": 3,
    ...     "controller": "me", "oracle": "Sage's power is equal to the number of cards in your hand."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [sage]})
    >>> print(defined_power_gap(BoardView(board), ("s",)))
    permanents[0]: its text defines its power (layer 7a), which is not read
    """
    pids = tuple(read) if read is not None else tuple(p.id for p in view.board.permanents)
    for pid in pids:
        if not view.parsed[pid].defines_power or view.lost_any_abilities(pid):
            continue
        effect = _defining(view, pid)
        if effect is None:
            return f"{view.path(pid)}: its text defines its power (layer 7a), which is not read"
        if not while_paying:
            continue
        flt = effect.amount.filter
        assert flt is not None
        counted = set(view.matching(flt, pid))
        counted.update(s.source for s in view.effects_of(TypeChange))
        for permanent, ability in possible_abilities(view):
            taken = next((c for c in counted if may_take_away(view, ability, permanent.id, c)), None)
            if taken is not None:
                return (
                    f"{view.path(pid)}: its text defines its power (layer 7a) by a count, and "
                    f"{view.path(permanent.id)}'s cost may take away {view.path(taken)}: not followed yet"
                )
    return None
