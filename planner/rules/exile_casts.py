"""Whether a named spell may be cast from exile at all (CR 601.2a: a card is cast from a zone other than the
hand only when an effect allows it): foretell (CR 702.143a: its own or a granted one, the player's
``foretold`` list), a permanent's permission for the card it exiled (CR 607.2a: Hama's), or the card's own
text that speaks of exile or names a keyword that casts it from there (plot, suspend, madness, rebound; an
Adventure, CR 715.4), or the source the question names (``cast_by``) allow it, as the answer already
follows them. Otherwise a sentence of a permanent (any player's: "each opponent ... may play that card") or of
the player's effect in force that speaks of casting or playing from exile, or a cost granted for spells cast
from exile, lets the mana cost be paid on that assumption, named in ``warnings`` (as a graveyard grant not
read is, contract section 5); with none the answer is "no".
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from models.board import Board
from models.cost import PaymentKind, PaymentTarget
from models.mana_effects import GrantedAlternativeCost
from planner.rules.alternative_costs import exiled_card_only, foretold_only
from planner.rules.question import view_of
from planner.rules.records import TextWarning, WarningKind

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["exile_cast_assumed", "exile_cast_error"]

#: A sentence that may be a permission to cast or play a card from exile (a gate for the warning of one not
#: read, not a reader): 'cast'/'play' and 'exile'/'exiled' in one sentence, or an effect's 'that card'.
_SPEAKS_OF_EXILE_CASTS = re.compile(
    r"\b(cast|play)\b(?! with).*\b(exiled?|that card|those cards)\b", re.IGNORECASE
)

#: The keywords that let a card be cast from exile by its own rules (CR 702.170d plot, 702.62a suspend,
#: 702.35a madness, 702.88a rebound, 702.143a foretell).
_OWN_EXILE_KEYWORDS = ("plot", "suspend", "madness", "rebound", "foretell")

#: Why a sentence that speaks of casting from exile is taken as the spell's permission.
_SPOKEN_PERMISSION = (
    "{name} is taken to be cast from exile by this sentence (not read as a permission for it, CR 601.2a): "
    "the mana cost is paid on that assumption"
)


#: Why a cost granted for spells cast from exile is taken to stand for a permission the board does not give.
_ASSUMED_PERMISSION = (
    "{name} is taken to be cast from exile by a permission the board does not give (CR 601.2a: none is "
    "read; this cost is for a spell so cast, not a permission): give the effect that lets it be cast in "
    "`effects` to have it checked"
)


def exile_cast_assumed(board: Board, player: str, target: PaymentTarget) -> tuple[TextWarning, ...]:
    """When nothing read lets the named spell ``target`` be cast from exile (:func:`_permitted`), the
    sentences that may: of a permanent (any player's: "each opponent exiles a card from their hand and may
    play that card") or of the player's effects in force that speak of casting or playing cards from exile,
    and the costs the player's permanents grant for spells cast from exile (Warped Space's "Once each turn,
    you may pay {0} rather than pay the mana cost for a spell you cast from exile.": the question presumes
    a permission from elsewhere); each named as an assumption, never in silence.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [{"id": "w",
    ...     "name": "Test Space", "type_line": "Enchantment", "controller": "me", "oracle": "Once each turn, "
    ...     "you may pay {0} rather than pay the mana cost for a spell you cast from exile."}], "effects": [{
    ...     "text": "Exile the top card of your library. You may play that card this turn.", "controller":
    ...     "me"}]})
    >>> from dataclasses import replace
    >>> ogre = replace(PaymentTarget.of("{2}{R}", name="Test Ogre"), cast_from="exile")
    >>> [w.permanent for w in exile_cast_assumed(board, "me", ogre)]
    ['w', 'effects[0]']
    """
    if target.zone != "exile" or target.kind is not PaymentKind.SPELL or not target.name:
        return ()
    if _permitted(board, player, target):
        return ()
    view = view_of(board)
    costs = _ASSUMED_PERMISSION.format(name=target.name)
    spoken = _SPOKEN_PERMISSION.format(name=target.name)
    found = []
    for permanent in board.permanents:
        for sentence in view.parsed[permanent.id].sentences:
            if _a_cost_only(view, permanent.id, sentence.text):
                if permanent.controller == player:
                    found.append(TextWarning(permanent.id, sentence.text, costs, WarningKind.ASSUMED))
            elif _SPEAKS_OF_EXILE_CASTS.search(sentence.text):
                found.append(TextWarning(permanent.id, sentence.text, spoken, WarningKind.ASSUMED))
    found += [
        TextWarning(f"effects[{index}]", entry.text, spoken, WarningKind.ASSUMED)
        for index, entry in enumerate(board.effects)
        if entry.controller == player and _SPEAKS_OF_EXILE_CASTS.search(entry.text)
    ]
    return tuple(found)


def exile_cast_error(board: Board, player: str, target: PaymentTarget) -> str | None:
    """Why the named spell ``target`` can't be cast from exile (CR 601.2a: nothing on the board allows it,
    read or not, nor its own text); None when something may, and for a spell cast from elsewhere.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}]})
    >>> from dataclasses import replace
    >>> ogre = replace(PaymentTarget.of("{2}{R}", name="Test Ogre"), cast_from="exile")
    >>> print(exile_cast_error(board, "me", ogre))  # doctest: +ELLIPSIS
    Test Ogre: no permission to cast it from exile (CR 601.2a): ...
    """
    if target.zone != "exile" or target.kind is not PaymentKind.SPELL or not target.name:
        return None
    if _permitted(board, player, target) or exile_cast_assumed(board, player, target):
        return None
    return (
        f"{target.name}: no permission to cast it from exile (CR 601.2a): it is not foretold nor exiled "
        "with a permanent whose permission casts it, its own text gives none (plot, suspend, madness, "
        f"rebound, an Adventure), and no permanent {player} controls nor effect in force speaks of it; give "
        "the effect that lets it be cast in `effects`"
    )


def _permitted(board: Board, player: str, target: PaymentTarget) -> bool:
    """True when what the answer already follows may let ``target`` be cast from exile: foretell (its own,
    a granted one, or the card listed as foretold), a permanent's permission for the card it exiled, or
    its own text (a sentence that speaks of exile, a keyword that casts it from there, an Adventure)."""
    if target.cast_by is not None:
        return True  # (the question names the source whose effect casts it)
    state = board.player(player)
    if foretold_only(board, player, target) or exiled_card_only(board, player, target):
        return True
    if state.foretold is not None and any(card.name == target.name for card in state.foretold):
        return True  # (listed as foretold: its warning says another permission is assumed)
    keywords = {keyword.split(" ")[0].lower() for keyword in target.keywords}
    own_text = target.text.lower()
    return (
        "exile" in own_text
        or "adventure" in str(target.type_line).lower()
        or any(word in keywords or re.search(rf"\b{word}\b", own_text) for word in _OWN_EXILE_KEYWORDS)
    )


def _a_cost_only(view: BoardView, pid: str, text: str) -> bool:
    """True when the sentence is read as a cost granted for spells cast from exile (Warped Space's "Once
    each turn, you may pay {0} rather than pay the mana cost for a spell you cast from exile."): a cost, no
    permission (CR 118.9). A permission for the card a permanent exiled (Hama's) is not: its card not this
    one or not given, it leaves the answer open."""
    return any(
        isinstance(effect, GrantedAlternativeCost)
        and effect.cost.from_exile
        and not effect.cost.exiled_card
        and bool(effect.text)
        and effect.text in text
        for effect in view.parsed[pid].effects
    )
