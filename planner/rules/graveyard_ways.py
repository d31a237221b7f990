"""Casting a spell from a graveyard as the payment sees it (CR 601.2a): whether its card's own text or a
permanent's permission allows it and which way must be paid (flashback's cost, escape's, CR 702.34a,
702.138a; a permission's own cost, CR 118.9), what the graveyard holds besides the spell, and the warnings on
permissions not read.
"""

from __future__ import annotations

from dataclasses import dataclass

from models.alternative_costs import (
    GRAVEYARD_KEYWORDS,
)
from models.board import Board
from models.cost import PaymentKind, PaymentTarget
from models.oracle.alternative_costs import alternative_cost_of
from models.oracle.classify import grants_graveyard_casting, own_alternative_cost
from models.oracle.read_statics import graveyard_permission_of
from models.oracle.reader import reading_units
from models.spells import own_alternative_costs
from planner.rules.graveyard_permissions import (
    check_graveyard_uses,
    keyword_permission_warnings,
    permissions,
    why_not_permitted,
)
from planner.rules.question import view_of
from planner.rules.records import TextWarning, WarningKind

__all__ = [
    "GraveyardXCap",
    "graveyard_cast_error",
    "graveyard_grant_warnings",
    "graveyard_grants",
    "graveyard_only",
    "graveyard_others",
    "graveyard_way_required",
    "graveyard_x_cap",
    "unread_graveyard_permission",
]


def graveyard_others(board: Board, player: str, target: PaymentTarget) -> int:
    """How many cards other than the spell the player's graveyard holds while the spell is cast from it
    (CR 601.2a: the spell is on the stack; a graveyard given as a count counts it): 0 when not given."""
    state = board.player(player)
    size = state.graveyard_size or 0
    if isinstance(state.graveyard, tuple) and not any(card.name == target.name for card in state.graveyard):
        return size
    return max(size - 1, 0)


def graveyard_only(target: PaymentTarget) -> bool:
    """True when ``target`` is cast from the graveyard and its own text gives it a keyword that lets it be
    cast from there (flashback, escape, jump-start: :data:`~models.alternative_costs.GRAVEYARD_KEYWORDS`):
    its mana cost alone is then no way to cast it (CR 601.2a: no other permission is read), only that
    keyword's cost.

    >>> from dataclasses import replace
    >>> from models.spells import spell_of
    >>> blast = spell_of("{2}{R}", name="Test Blast", text="Flashback {3}{R}{R}")
    >>> graveyard_only(replace(blast, cast_from="graveyard")), graveyard_only(blast)
    (True, False)
    """
    return target.zone == "graveyard" and any(
        cost.keyword in GRAVEYARD_KEYWORDS or cost.from_graveyard
        for cost in own_alternative_costs(target.text, target.name)
    )


def graveyard_cast_error(board: Board, player: str, target: PaymentTarget) -> str | None:
    """Why ``target``, cast from the graveyard, can't be cast from there at all (CR 601.2a: a card is cast
    from a zone other than the hand only by a permission): its own text gives none (:func:`graveyard_only`)
    and no permanent has a sentence that grants one (read or not:
    :func:`~models.oracle.classify.grants_graveyard_casting`); None otherwise, for another zone, and for a
    spell not named (its text unknown).

    >>> from dataclasses import replace
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": []})
    >>> from models.spells import spell_of
    >>> bolt = spell_of("{R}", name="Test Bolt", text="Deal 3 damage.")
    >>> bolt = replace(bolt, cast_from="graveyard")
    >>> print(graveyard_cast_error(board, "me", bolt))  # doctest: +ELLIPSIS
    Test Bolt: no permission to cast it from the graveyard (CR 601.2a): its text gives none ...
    >>> graveyard_cast_error(board, "me", replace(bolt, cast_from="hand")) is None
    True
    """
    if target.zone != "graveyard" or target.kind is not PaymentKind.SPELL or not target.name:
        return None  # (a cost given for a spell not named, --for: its permission is the asker's to know)
    check_graveyard_uses(view_of(board))
    if graveyard_only(target) or unread_graveyard_permission(target) or graveyard_grants(board):
        return None
    granted = permissions(board, player)
    reasons = [why for permission in granted if (why := why_not_permitted(board, player, target, permission))]
    if granted and len(reasons) < len(granted):
        return None
    return (
        f"{target.name or 'the spell'}: no permission to cast it from the graveyard (CR 601.2a): its text "
        "gives none (flashback, escape, jump-start, 'you may cast ~ from your graveyard') and "
        + ("no permanent on the board grants one" if not reasons else "; ".join(reasons))
    )


def graveyard_way_required(board: Board, target: PaymentTarget) -> bool:
    """True when ``target``, a named spell cast from the graveyard, may be cast only by one of the ways
    :func:`usable_ways` gives (CR 601.2a): its own keyword or sentence's (:func:`graveyard_only`), or one a
    permanent's permission allows; False when it is paid its mana cost on an assumption (a permission not
    read, its own or a permanent's: warned), and for a spell cast from elsewhere.

    >>> from dataclasses import replace
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "keeper", "name": "Test Keeper", "type_line": "Enchantment", "controller": "me",
    ...      "oracle": "You may cast spells from your graveyard."}]})
    >>> bolt = replace(PaymentTarget.of("{R}", name="Test Bolt"), cast_from="graveyard")
    >>> graveyard_way_required(board, bolt), graveyard_way_required(board, replace(bolt, cast_from="hand"))
    (True, False)
    """
    if target.zone != "graveyard" or target.kind is not PaymentKind.SPELL or not target.name:
        return False
    if graveyard_only(target):
        return True
    return not (unread_graveyard_permission(target) or graveyard_grants(board))


@dataclass(frozen=True, slots=True)
class GraveyardXCap:
    """The largest X (``most``) a spell cast from the graveyard may have for a permission to allow it: the
    permission's greatest mana value (``sentence``, of the permanent ``source``) counts X as chosen (CR
    202.3e, 601.2a)."""

    most: int
    source: str
    sentence: str


def graveyard_x_cap(board: Board, player: str, target: PaymentTarget) -> GraveyardXCap | None:
    """The cap a permission's mana value puts on the X of ``target``, a named spell cast from the graveyard,
    when each way that allows it there is such a permission (Lurrus's 'with mana value 2 or less', Serra
    Paragon's '3 or less': on the stack X counts as chosen, CR 202.3e, so {X}{G} is allowed X = 2 by '3 or
    less'; of several such, the largest); None when a way without one allows it (its own flashback, a
    permission of any mana value, or one not read: warned), and for a spell from elsewhere or with no X.

    >>> from dataclasses import replace
    >>> board = Board.from_dict({"version": 1, "active_player": "me", "players": [{"id": "me"}],
    ...     "permanents": [{"id": "para", "name": "Test Paragon", "type_line": "Creature", "controller":
    ...     "me", "oracle": "Once during each of your turns, you may play a land from your graveyard or cast "
    ...     "a permanent spell with mana value 3 or less from your graveyard."}]})
    >>> hydra = replace(PaymentTarget.of("{X}{G}", name="Test Hydra", type_line="Creature"),
    ...     cast_from="graveyard")
    >>> graveyard_x_cap(board, "me", hydra).most
    2
    >>> graveyard_x_cap(board, "me", replace(hydra, cast_from="hand")) is None
    True
    """
    if (
        target.zone != "graveyard"
        or not target.cost.has_variable
        or not graveyard_way_required(board, target)
    ):
        return None
    if graveyard_only(target):
        return None  # (its own flashback, escape or sentence: no mana value asked)
    allowing = [p for p in permissions(board, player) if why_not_permitted(board, player, target, p) is None]
    capped = [(p.effect.most_mana_value, p) for p in allowing if p.effect.most_mana_value is not None]
    if not allowing or len(capped) < len(allowing):
        return None
    most, permission = max(capped, key=lambda pair: pair[0])
    base = target.with_x(0).mana_value
    each = target.with_x(1).mana_value - base  # (each X of the cost counts X: {X}{X} twice)
    if each <= 0:
        return None
    return GraveyardXCap((most - base) // each, permission.source, permission.effect.text)


def unread_graveyard_permission(target: PaymentTarget) -> str | None:
    """The spell's own sentence that lets it be cast from the graveyard but that the reader does not read
    ("You may cast ~ from your graveyard if you gained life this turn."), or None: such a spell is paid its
    mana cost from there, and the sentence is warned of (:func:`planner.answer_warnings.spell_text_warnings`).

    >>> from models.spells import spell_of
    >>> unread_graveyard_permission(spell_of("{1}{B}", name="Test Vampire", text="You may cast ~ "
    ...     "from your graveyard if you gained life this turn."))
    'You may cast ~ from your graveyard if you gained life this turn.'
    """
    return next(
        (
            unit
            for unit in reading_units(target.text, target.name)
            if "graveyard" in unit and own_alternative_cost(unit) and alternative_cost_of(unit) is None
        ),
        None,
    )


def graveyard_grant_warnings(board: Board, player: str, target: PaymentTarget) -> tuple[TextWarning, ...]:
    """For a spell cast from the graveyard with no permission of its own, a warning for each sentence of a
    permanent that lets spells be cast from a graveyard (:func:`graveyard_grants`, not read): the spell is
    paid its mana cost as though it applied (which spells, whose graveyard, how often, and whether an
    ability was activated or triggered are not checked); and one for each permission read that allows only
    a keyword's cost (:func:`~planner.rules.graveyard_permissions.keyword_permission_warnings`).

    >>> from dataclasses import replace
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "keeper", "name": "Test Keeper", "type_line": "Enchantment", "controller": "me",
    ...      "oracle": "Until end of turn, you may cast spells from your graveyard."}]})
    >>> bolt = replace(PaymentTarget.of("{R}", name="Test Bolt"), cast_from="graveyard")
    >>> [(w.permanent, w.sentence) for w in graveyard_grant_warnings(board, "me", bolt)]
    [('keeper', 'Until end of turn, you may cast spells from your graveyard.')]
    """
    if target.zone != "graveyard" or not target.name or graveyard_only(target):
        return ()
    return tuple(
        TextWarning(
            permanent.id,
            unit,
            "a permission to cast spells from a graveyard, not read (CR 601.2a): "
            f"{target.name} is paid its mana cost as though it applied",
            WarningKind.ASSUMED,
        )
        for permanent in board.permanents
        if "graveyard" in permanent.oracle
        for unit in reading_units(permanent.oracle, permanent.name)
        if _unread_grant(unit)
    ) + keyword_permission_warnings(board, player, target)


def graveyard_grants(board: Board) -> tuple[str, ...]:
    """The ids of the permanents with a sentence that lets spells be cast from a graveyard that the reader
    does not read (an activated or triggered ability's, "Discard a card: You may cast a creature card from
    your graveyard this turn."; a static one of another shape): its controller, which spells and how often
    are not known, so a spell cast from the graveyard beside one is paid its mana cost, and the sentence is
    warned of. A permission read (:mod:`planner.rules.graveyard_permissions`) is none of them."""
    return tuple(
        permanent.id
        for permanent in board.permanents
        if "graveyard" in permanent.oracle
        and any(_unread_grant(unit) for unit in reading_units(permanent.oracle, permanent.name))
    )


def _unread_grant(unit: str) -> bool:
    """True when a sentence lets spells be cast from a graveyard and is not a static permission the reader
    reads (:func:`~models.oracle.read_statics.graveyard_permission_of`)."""
    return grants_graveyard_casting(unit) and graveyard_permission_of(unit) is None
