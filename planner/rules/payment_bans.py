"""Prohibitions on paying a kind of cost (CR 101.2, 118.3): Yasharn, Implacable Earth's "Players can't pay
life or sacrifice nonland permanents to cast spells or activate abilities."
(:class:`~models.mana_effects.CostPaymentBan`).

A cost that includes a forbidden payment can't be paid at all, so a mana ability with one can't be activated
(CR 602.2b, 605.1a: a mana ability is an activated ability): it is set aside as an idle ability, which what a
permanent could produce still reads (CR 106.7 ignores whether costs could be paid). A spell's additional and
alternative costs follow it too (CR 601.2h): a permanent it forbids is no candidate for a sacrifice
(:func:`planner.rules.additional_costs.sacrifice_candidates`), a way of paying that pays life is refused
with the prohibition named (:func:`life_forbidden_by`); a fetchland whose life or sacrifice of itself can't
be paid finds nothing (:func:`planner.turn_choices.fetched_entries`). A Phyrexian symbol is paid with its
mana (CR 107.4f: its 2 life can't be paid), whatever made it one (K'rrik's "you may pay 2 life rather than
pay that mana").

>>> from models.board import Board
>>> from planner.rules.view import BoardView
>>> ban = "Players can't pay life or sacrifice nonland permanents to cast spells or activate abilities."
>>> warden = {"id": "w", "name": "Test Warden", "type_line": "Creature — Boar", "controller": "opp",
...     "oracle": ban}
>>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "opp"}],
...     "permanents": [warden, {"id": "t", "card": "Treasure", "controller": "me", "token": True}]}))
>>> view.mana_abilities("t"), [a.text for a in view.characteristics("t").idle]
((), ['{T}, Sacrifice this token: Add one mana of any color.'])
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Final

from models.abilities import AbilityCost, CostPartKind, ManaAbility
from models.cost import CostSymbol, ManaCost, PaymentKind, PaymentTarget, SymbolKind
from models.mana_effects import CostPaymentBan
from planner.rules.records import Characteristics, SourcedEffect, TextWarning

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = [
    "forbidden_payment",
    "life_banned",
    "life_forbidden_by",
    "sacrifice_forbidden_by",
    "without_banned_payments",
    "without_life_symbols",
]

#: Why an ability whose sacrifice may be of a permanent the prohibition allows is set aside.
_SOME_ALLOWED: Final = (
    "{source}'s prohibition on paying costs forbids sacrificing some of what it may sacrifice: which one "
    "is sacrificed is not followed yet (CR 118.3)"
)

#: Cost parts that sacrifice a permanent the cost describes only in words (a Prism token; forage's Food).
_WORDED_SACRIFICES: Final = frozenset({CostPartKind.SACRIFICE_TOKEN, CostPartKind.FORAGE})


def _sacrifice_banned(view: BoardView, sourced: SourcedEffect, pid: str) -> bool:
    """True when the prohibition forbids sacrificing the permanent ``pid`` (one of its descriptions)."""
    ban = sourced.effect
    assert isinstance(ban, CostPaymentBan)
    return any(view.matches(flt, pid, sourced.source) for flt in ban.sacrificed)


def forbidden_payment(view: BoardView, sourced: SourcedEffect, pid: str, cost: AbilityCost) -> bool | None:
    """True when the cost of an ability of the permanent ``pid`` includes a payment the prohibition
    ``sourced`` forbids its controller (CR 118.3: the ability can't be activated), False when none; None
    when it may or may not (a sacrifice of one of several permanents, some of which it allows).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> angel = {"id": "a", "name": "Test Angel", "type_line": "Creature — Angel", "controller": "me",
    ...     "oracle": "Players can't pay life or sacrifice creatures to cast spells or activate abilities."}
    >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [angel,
    ...     {"id": "t", "card": "Treasure", "controller": "me", "token": True},
    ...     {"id": "x", "card": "Ashnod's Altar", "controller": "me"}]}))
    >>> (sourced,) = view.effects_of(CostPaymentBan)
    >>> [forbidden_payment(view, sourced, pid, view.characteristics(pid).idle[0].cost if pid == "x" else
    ...     view.mana_abilities(pid)[0].cost) for pid in ("t", "x")]
    [False, True]
    """
    ban = sourced.effect
    assert isinstance(ban, CostPaymentBan)
    controller = view.board.permanent(pid).controller
    if not ban.abilities or not ban.binds(sourced.controller, controller):
        return False
    if ban.life and cost.life > 0:
        return True
    if not ban.sacrificed:
        return False
    if cost.sacrifice_self and _sacrifice_banned(view, sourced, pid):
        return True
    if any(part.kind in _WORDED_SACRIFICES for part in cost.parts):
        return None
    if cost.sacrifice is None:
        return False
    candidates = [c for c in view.matching(cost.sacrifice, pid) if view.permanent(c).controller == controller]
    banned = [_sacrifice_banned(view, sourced, c) for c in candidates]
    return True if all(banned) else None if any(banned) else False


def without_banned_payments(
    view: BoardView, result: dict[str, Characteristics], unexecuted: list[TextWarning]
) -> None:
    """The mana abilities whose costs include a payment a prohibition forbids their controller set aside in
    ``result`` as idle (CR 118.3, 106.7), those it may forbid set aside with a warning in ``unexecuted``."""
    bans = list(view.effects_of(CostPaymentBan))
    for pid, found in result.items():
        kept: list[ManaAbility] = []
        idle: list[ManaAbility] = []
        for ability in found.mana_abilities:
            verdicts = [forbidden_payment(view, sourced, pid, ability.cost) for sourced in bans]
            if True in verdicts:
                idle.append(ability)
            elif None in verdicts:
                source = bans[verdicts.index(None)].source
                unexecuted.append(TextWarning(pid, ability.text, _SOME_ALLOWED.format(source=source)))
                idle.append(ability)
            else:
                kept.append(ability)
        if idle:
            result[pid] = replace(found, mana_abilities=tuple(kept), idle=(*found.idle, *idle))


def _binding(view: BoardView, player: str, kind: PaymentKind) -> Iterator[tuple[str, CostPaymentBan]]:
    """Each prohibition in force that binds ``player`` casting a spell (``kind`` SPELL) or activating an
    ability (ABILITY), with the id of its permanent."""
    for sourced in view.effects_of(CostPaymentBan):
        ban = sourced.effect
        assert isinstance(ban, CostPaymentBan)
        covered = ban.spells if kind is PaymentKind.SPELL else ban.abilities
        if covered and ban.binds(sourced.controller, player):
            yield sourced.source, ban


def life_forbidden_by(view: BoardView, player: str, kind: PaymentKind) -> str | None:
    """The id of a permanent whose prohibition forbids ``player`` paying life to cast a spell (``kind``
    SPELL) or activate an ability (ABILITY), CR 118.3; None when none does.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> warden = {"id": "w", "name": "Test Warden", "type_line": "Creature", "controller": "me",
    ...     "oracle": "Your opponents can't pay life to cast spells."}
    >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "opp"}],
    ...     "permanents": [warden]}))
    >>> life_forbidden_by(view, "opp", PaymentKind.SPELL), life_forbidden_by(view, "opp", PaymentKind.ABILITY)
    ('w', None)
    """
    return next((source for source, ban in _binding(view, player, kind) if ban.life), None)


def life_banned(view: BoardView, player: str, kind: PaymentKind) -> bool:
    """True when a prohibition in force forbids ``player`` paying life to cast a spell (``kind`` SPELL) or
    activate an ability (ABILITY)."""
    return life_forbidden_by(view, player, kind) is not None


def sacrifice_forbidden_by(view: BoardView, player: str, pid: str, kind: PaymentKind) -> str | None:
    """The id of a permanent whose prohibition forbids ``player`` sacrificing the permanent ``pid`` (as it is
    on the board, effects applied) to cast a spell (``kind`` SPELL) or activate an ability (ABILITY), CR
    118.3; None when none does. Angel of Jubilation's forbids creatures, Yasharn's nonland permanents: a land
    that is no creature may still be sacrificed beside either.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> angel = {"id": "a", "name": "Test Angel", "type_line": "Creature — Angel", "controller": "opp",
    ...     "oracle": "Players can't pay life or sacrifice creatures to cast spells or activate abilities."}
    >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "opp"}],
    ...     "permanents": [angel, {"id": "f", "card": "Forest", "controller": "me"},
    ...     {"id": "e", "card": "Llanowar Elves", "controller": "me"}]}))
    >>> [sacrifice_forbidden_by(view, "me", pid, PaymentKind.SPELL) for pid in ("f", "e")]
    [None, 'a']
    """
    return next(
        (
            source
            for source, ban in _binding(view, player, kind)
            if any(view.matches(flt, pid, source) for flt in ban.sacrificed)
        ),
        None,
    )


def without_life_symbols(view: BoardView, target: PaymentTarget, player: str) -> PaymentTarget:
    """The total cost with each Phyrexian symbol its mana alone when ``player`` can't pay life for it (CR
    107.4f, 118.3): {G/P} is {G}, {G/W/P} is {G/W}.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> warden = {"id": "w", "name": "Test Warden", "type_line": "Creature", "controller": "me",
    ...     "oracle": "Your opponents can't pay life to cast spells."}
    >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "opp"}],
    ...     "permanents": [warden]}))
    >>> mite = PaymentTarget.of("{1}{G/P}{G/W/P}")
    >>> str(without_life_symbols(view, mite, "opp").cost), str(without_life_symbols(view, mite, "me").cost)
    ('{1}{G/W}{G}', '{1}{G/P}{G/W/P}')
    """
    if not life_banned(view, player, target.kind):  # (first: most boards have no ban, every cost has symbols)
        return target
    if not any(s.kind is SymbolKind.PHYREXIAN for s in target.cost.symbols):
        return target
    symbols = tuple(
        CostSymbol(SymbolKind.COLORED if len(s.colors) == 1 else SymbolKind.HYBRID, colors=s.colors)
        if s.kind is SymbolKind.PHYREXIAN
        else s
        for s in target.cost.symbols
    )
    return target.with_cost(ManaCost(symbols))
