"""Whether a named spell may be cast from the top of its caster's library at all (CR 601.2a: a card is cast
from a zone other than the hand only when an effect allows it; CR 401.2: of a library only its top card):
the permissions the board's permanents and effects in force give (read), the sentences that speak of casting
or playing from the top of a library that are not read (named, never a silent "no"), and the reason for a
"no" when there is none.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from models.board import Board
from models.cost import PaymentKind, PaymentTarget
from models.mana_effects import GrantedAlternativeCost
from models.oracle.alternative_costs import library_permission_read, library_permission_spells
from models.oracle.resolved import read_resolved
from planner.rules.alternative_costs import granted_ways
from planner.rules.question import view_of
from planner.rules.records import TextWarning, WarningKind

__all__ = [
    "LibraryPermissions",
    "library_cast_error",
    "library_cast_unknown",
    "library_permissions",
    "pending_library_trigger",
    "unread_library_permissions",
]

#: A sentence that may be a permission to cast or play a card from the top of a library (a gate for the
#: warning of one not read, not a reader): 'cast'/'play' and 'top of ... library' in one sentence ('play
#: with the top card of your library revealed' is no permission, CR 401.2).
_SPEAKS_OF_LIBRARY_CASTS = re.compile(r"\b(cast|play)\b(?! with).*\btop\b.*\blibrar(y|ies)\b", re.IGNORECASE)

#: Why an unread sentence that speaks of casting from the top of the library leaves the answer open.
_UNREAD_PERMISSION = (
    "a sentence about casting or playing from the top of the library that is not read: whether it lets "
    "{name} be cast from there is not known (CR 601.2a)"
)


@dataclass(frozen=True, slots=True)
class LibraryPermissions:
    """The sentences of the player's permanents (by id) and effects in force (by path, ``effects[i]``)
    that are read as permissions to cast spells from the top of their library for their mana cost:
    ``texts`` as ``(source, sentence)``."""

    texts: tuple[tuple[str, str], ...]

    def allow(self, target: PaymentTarget) -> bool:
        """True when one of them lets the spell ``target`` (its type line) be cast."""
        return any(
            (spells := library_permission_spells(text)) is not None
            and spells.allows(target.type_line, bool(target.spell_colors))
            for _, text in self.texts
        )


def library_permissions(board: Board, player: str, *, granting: bool = True) -> LibraryPermissions:
    """The sentences of ``player``'s permanents and effects in force that may be permissions to cast from
    the top of their library; without ``granting``, not those of a permanent that grants a cost for spells
    cast from there (Bolas's Citadel's own permission is for that cost only, CR 118.9).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [{"id": "s",
    ...     "name": "Test Sight", "type_line": "Enchantment", "controller": "me", "oracle":
    ...     "You may cast creature spells from the top of your library."}]})
    >>> ogre = PaymentTarget.of("{2}{R}", name="Test Ogre", type_line="Creature — Ogre")
    >>> library_permissions(board, "me").allow(ogre)
    True
    """
    view = view_of(board)
    mine = [p for p in board.permanents if p.controller == player]
    texts = [
        (permanent.id, sentence.text)
        for permanent in mine
        if granting
        or not any(
            isinstance(effect, GrantedAlternativeCost) and effect.cost.from_library
            for effect in view.parsed[permanent.id].effects
        )
        for sentence in view.parsed[permanent.id].sentences
    ] + [
        (f"effects[{index}]", form.text)
        for index, entry in enumerate(board.effects)
        if entry.controller == player
        for form, _ in read_resolved(entry.text).sentences
        if form.text is not None
    ]
    return LibraryPermissions(tuple(texts))


def unread_library_permissions(board: Board, player: str, target: PaymentTarget) -> tuple[TextWarning, ...]:
    """A warning for each sentence of ``player``'s permanents and effects in force that speaks of casting or
    playing cards from the top of a library and that the reader does not read as a permission (nor as the
    cost one grants), when ``target`` is a named spell cast from the top of the library.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [{"id": "a",
    ...     "name": "Test Aperture", "type_line": "Artifact", "controller": "me", "oracle": "Play with the "
    ...     "top card of your library revealed. You may play the top card of your library this turn."}]})
    >>> from dataclasses import replace
    >>> ogre = replace(PaymentTarget.of("{2}{R}", name="Test Ogre"), cast_from="library")
    >>> [w.sentence for w in unread_library_permissions(board, "me", ogre)]
    ['You may play the top card of your library this turn.']
    """
    if target.zone != "library" or target.kind is not PaymentKind.SPELL or not target.name:
        return ()
    view = view_of(board)
    read_costs = {
        effect.text
        for permanent in board.permanents
        for effect in view.parsed[permanent.id].effects
        if isinstance(effect, GrantedAlternativeCost)
    }
    reason = _UNREAD_PERMISSION.format(name=target.name)
    return tuple(
        TextWarning(source, text, reason, WarningKind.NOT_WEIGHED)
        for source, text in library_permissions(board, player).texts
        if _SPEAKS_OF_LIBRARY_CASTS.search(text)
        and not library_permission_read(text)
        and not any(text in cost for cost in read_costs)
        and "this way" not in text.lower()
    )


def pending_library_trigger(board: Board, player: str) -> bool:
    """True when a permanent of ``player``'s grants a cost for spells cast from the top of the library by
    its trigger's effect (Gwenom, Remorseless's) and the board does not give whether that trigger resolved
    this turn (its ``resolved_this_turn``; CR 603.3, 611.2a)."""
    view = view_of(board)
    return any(
        permanent.controller == player
        and permanent.resolved_this_turn is None
        and any(
            isinstance(effect, GrantedAlternativeCost) and effect.after_trigger and effect.cost.from_library
            for effect in view.parsed[permanent.id].effects
        )
        for permanent in board.permanents
    )


def library_cast_error(board: Board, player: str, target: PaymentTarget) -> str | None:
    """Why the named spell ``target`` can't be cast from the top of ``player``'s library (CR 601.2a: no
    permission on the board allows it, read or not; CR 401.2: the library the board lists has another card
    on top); None when one may, and for a spell cast from elsewhere.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": []})
    >>> from dataclasses import replace
    >>> ogre = replace(PaymentTarget.of("{2}{R}", name="Test Ogre"), cast_from="library")
    >>> print(library_cast_error(board, "me", ogre))  # doctest: +ELLIPSIS
    Test Ogre: no permission to cast it from the top of the library (CR 601.2a): ...
    """
    if target.zone != "library" or target.kind is not PaymentKind.SPELL or not target.name:
        return None
    state = board.player(player)
    top = state.library_cards[0].name if state.library_cards else None
    if state.library_cards is not None and top != target.name:
        return (
            f"{target.name} is not the top card of {player}'s library ({top or 'it is empty'} is): only the "
            "top card may be cast from a library (CR 401.2, 601.2a)"
        )
    if _read_allows(board, player, target) or unread_library_permissions(board, player, target):
        return None
    return (
        f"{target.name}: no permission to cast it from the top of the library (CR 601.2a): no permanent "
        f"{player} controls and no effect in force allows it"
    )


def library_cast_unknown(board: Board, player: str, target: PaymentTarget) -> tuple[TextWarning, ...]:
    """The sentences not read that alone might let the named spell ``target`` be cast from the top of
    ``player``'s library (:func:`unread_library_permissions`), when nothing read allows it: whether it may
    be cast is then not known (never a "no"); () otherwise.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [{"id": "a",
    ...     "name": "Test Aperture", "type_line": "Artifact", "controller": "me", "oracle":
    ...     "You may play the top card of your library this turn."}]})
    >>> from dataclasses import replace
    >>> ogre = replace(PaymentTarget.of("{2}{R}", name="Test Ogre"), cast_from="library")
    >>> [w.permanent for w in library_cast_unknown(board, "me", ogre)]
    ['a']
    """
    if target.zone != "library" or _read_allows(board, player, target):
        return ()
    return unread_library_permissions(board, player, target)


def _read_allows(board: Board, player: str, target: PaymentTarget) -> bool:
    """True when a permission read may let ``target`` be cast from the top of the library: one for its
    mana cost that its type line matches, a cost granted for spells cast from there (its permission's, read
    with it, CR 118.9), or a trigger's whose resolution the board does not give (not known)."""
    return (
        library_permissions(board, player).allow(target)
        or any(way.cost.from_library for way in granted_ways(board, player))
        or pending_library_trigger(board, player)
    )
