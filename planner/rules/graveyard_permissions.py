"""Permissions that permanents grant to cast spells from their controller's graveyard (CR 601.2a: a card is
cast from a zone other than the hand only by an effect that allows it), as the reader reads them
(:class:`~models.mana_effects.GraveyardPermission`): "During each of your turns, you may cast one creature
card from your graveyard." (Karador), "During your turn, you may cast instant and sorcery spells from your
graveyard by paying 1 life in addition to their other costs." (Festival of Embers), "You may cast nonland
cards with cycling from your graveyard." (Abandoned Sarcophagus), Muldrotha's "one permanent card of each
permanent type".

A permission is in force for the permanents the paying player controls whose abilities are not lost
(:meth:`~planner.rules.view.BoardView.effects_of`). It lets a spell be cast when the card is one it names
(its types, "with cycling": a cycling or typecycling ability, CR 702.29e), on its controller's turn where it
says so, and while it has a use left this turn: what the permanent's ``graveyard_uses_this_turn`` lists
(the card types of the cards cast by it this turn; contract §6) has used it up. The spell is then paid its
mana cost, or an alternative cost a permanent grants (CR 118.9), and the life the permission adds (an
additional cost, CR 118.8, 601.2b). One that allows only a keyword's cost ("using their sneak abilities") is
not weighed: the keyword's condition is none the board records, and it is named in ``warnings``.

>>> from models.board import Board, Card
>>> from models.cost import PaymentTarget
>>> from dataclasses import replace
>>> board = Board.from_dict({"version": 1, "active_player": "me", "players": [{"id": "me"}], "permanents": [
...     {"id": "ghost", "name": "Test Ghost", "type_line": "Creature", "controller": "me", "oracle":
...      "During each of your turns, you may cast one creature card from your graveyard."}]})
>>> bear = replace(PaymentTarget.of("{1}{G}", name="Test Bear", type_line="Creature — Bear"),
...     cast_from="graveyard")
>>> [(p.source, why_not_permitted(board, "me", bear, p)) for p in permissions(board, "me")]
[('ghost', None)]
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from models.board import Board, Card
from models.cost import ManaCost, PaymentTarget
from models.errors import InputError
from models.filters import ObjectFilter
from models.mana_effects import GraveyardPermission, spell_matches
from models.oracle.reader import keyword_names
from models.spells import spell_of, spell_target
from planner.rules.question import view_of
from planner.rules.records import TextWarning, WarningKind
from planner.rules.view import BoardView

__all__ = [
    "Permission",
    "check_graveyard_uses",
    "graveyard_land_played",
    "graveyard_lands",
    "graveyard_turn_notes",
    "keyword_permission_warnings",
    "permissions",
    "why_not_permitted",
]

#: The permanent card types (CR 110.4), of which Muldrotha's permission allows one card each.
PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")


@dataclass(frozen=True, slots=True)
class Permission:
    """A permission in force: the permanent that grants it (its id) and what it allows."""

    source: str
    effect: GraveyardPermission


def permissions(board: Board, player: str) -> tuple[Permission, ...]:
    """The permissions to cast spells from the graveyard that the permanents ``player`` controls grant them,
    in force (abilities not lost), in the board's order."""
    return tuple(
        Permission(sourced.source, sourced.effect)
        for sourced in view_of(board).effects_of(GraveyardPermission)
        if isinstance(sourced.effect, GraveyardPermission) and sourced.controller == player
    )


def why_not_permitted(board: Board, player: str, target: PaymentTarget, permission: Permission) -> str | None:
    """Why the permission does not let ``player`` cast ``target`` from their graveyard now, or None when it
    does (its keyword's cost aside: :func:`keyword_permission_warnings`).

    >>> from models.cost import PaymentTarget
    >>> board = Board.from_dict({"version": 1, "active_player": "opp", "players": [{"id": "me"},
    ...     {"id": "opp"}], "permanents": [{"id": "fest", "name": "Test Fest", "type_line": "Enchantment",
    ...     "controller": "me", "oracle": "During your turn, you may cast instant and sorcery spells from "
    ...     "your graveyard by paying 1 life in addition to their other costs."}]})
    >>> (fest,) = permissions(board, "me")
    >>> why_not_permitted(board, "me", PaymentTarget.of("{R}", name="Test Bolt", type_line="Instant"), fest)
    "fest: it is not me's turn (its permission is for that player's turn only)"
    >>> print(why_not_permitted(board, "me", PaymentTarget.of("{1}{G}", name="Test Bear",
    ...     type_line="Creature"), fest))
    fest: not for Test Bear (its permission is for Instant or Sorcery cards)
    """
    effect = permission.effect
    name = target.name or "the spell"
    if not any(card_matches(card, target) for card in effect.cards):
        cards = " or ".join(card.describe() or "any" for card in effect.cards)
        return f"{permission.source}: not for {name} (its permission is for {cards} cards)"
    if effect.most_mana_value is not None and target.mana_value > effect.most_mana_value:
        # (the spell's mana value, CR 202.3: its card's, X as chosen; an alternative cost changes none)
        most = effect.most_mana_value
        return f"{permission.source}: not for {name} (its permission is for mana value {most} or less)"
    if effect.your_turn and board.active_player != player:
        return (
            f"{permission.source}: it is not {player}'s turn (its permission is for that player's turn only)"
        )
    used = board.permanent(permission.source).graveyard_uses_this_turn
    where = f"{view_of(board).path(permission.source)}.graveyard_uses_this_turn"
    if effect.once_each_turn and used:
        return f"{permission.source}: its permission was used this turn ({where})"
    if effect.each_permanent_type:
        left = [word for word in PERMANENT_TYPES if target.type_line.is_a(word) and word not in used]
        if not left:
            cast = f"a card of each of {name}'s permanent types was cast this turn"
            return f"{permission.source}: {cast} ({where})"
    return None


def card_matches(card: ObjectFilter, target: PaymentTarget) -> bool:
    """True when the spell's card is one the filter describes: its types, and a keyword 'with' names (a
    card 'with cycling' has a cycling or a typecycling ability, CR 702.29e).

    >>> from models.spells import spell_of
    >>> cycler = spell_of("{3}{B}", name="Test Cycler", type_line="Creature", text="Swampcycling {2}")
    >>> card_matches(ObjectFilter(excluded=("Land",), keyword="cycling"), cycler)
    True
    >>> card_matches(ObjectFilter(keyword="cycling"), PaymentTarget.of("{B}", name="Test Plain"))
    False
    """
    if not spell_matches(replace(card, keyword=""), target):
        return False
    found = {keyword.split(" ")[0] for keyword in target.keywords}
    return not card.keyword or card.keyword in found | keyword_names(target.text, target.name)


def keyword_permission_warnings(board: Board, player: str, target: PaymentTarget) -> tuple[TextWarning, ...]:
    """A warning for each permission in force that would let ``target`` be cast from the graveyard only by a
    keyword's cost ("using their sneak abilities"): that keyword's condition is none the board records, so
    the way is not weighed (never a silent "no")."""
    if target.zone != "graveyard" or not target.name:
        return ()
    return tuple(
        TextWarning(
            permission.source,
            permission.effect.text,
            f"{target.name} may be cast from the graveyard by its {permission.effect.keyword} cost only, "
            "which is paid under a condition no board field records: not weighed",
            WarningKind.NOT_WEIGHED,
        )
        for permission in permissions(board, player)
        if permission.effect.keyword and why_not_permitted(board, player, target, permission) is None
    )


def check_graveyard_uses(view: BoardView) -> None:
    """Raise ``InputError`` (naming the field's JSON path) when a permanent's ``graveyard_uses_this_turn``
    lists more than its permission allows each turn: one card for 'one creature card' (and none for a
    permanent with no such permission), one of each permanent type for Muldrotha's (CR 110.4).

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [{"id": "ghost",
    ...     "name": "Test Ghost", "type_line": "Creature", "controller": "me", "oracle": "During each of "
    ...     "your turns, you may cast one creature card from your graveyard.", "graveyard_uses_this_turn":
    ...     ["creature", "creature"]}]})
    >>> check_graveyard_uses(BoardView(board))
    Traceback (most recent call last):
    ...
    models.errors.InputError: permanents[0].graveyard_uses_this_turn[1]: its permission allows one card each \
turn (CR 601.2a)
    """
    for permanent in view.board.permanents:
        used = permanent.graveyard_uses_this_turn
        if not used:
            continue
        where = f"{view.path(permanent.id)}.graveyard_uses_this_turn"
        limited = [
            effect
            for effect in view.parsed[permanent.id].effects
            if isinstance(effect, GraveyardPermission)
            and (effect.once_each_turn or effect.each_permanent_type)
        ]
        if not limited:
            raise InputError(
                f"{where}: {permanent.name} ({permanent.id}) has no permission to cast a limited number of "
                "cards from a graveyard each turn"
            )
        if any(effect.once_each_turn for effect in limited) and len(used) > 1:
            raise InputError(f"{where}[1]: its permission allows one card each turn (CR 601.2a)")
        for position, word in enumerate(used):
            if word not in PERMANENT_TYPES and not any(effect.once_each_turn for effect in limited):
                raise InputError(f"{where}[{position}]: {word.lower()} is not a permanent type (CR 110.4)")
            if word in used[:position]:
                raise InputError(
                    f"{where}[{position}]: {word.lower()} is listed twice: its permission allows one card of "
                    "each permanent type each turn"
                )


def graveyard_lands(board: Board, player: str) -> list[Card]:
    """The land cards of ``player``'s graveyard (given as a list) that a permission in force lets them play
    now (CR 305.1: "You may play lands from your graveyard.", Muldrotha's 'play ... one permanent card of
    each permanent type' while no land was played by it this turn): each a land play a turn's plan may
    make, as one from the hand (a permission to cast spells plays no land; the land plays left and the
    prohibitions on playing lands from graveyards are the plan's to check).

    >>> board = Board.from_dict({"version": 1, "active_player": "me", "players": [{"id": "me", "graveyard":
    ...     ["Mountain", "Lightning Bolt"]}], "permanents": [{"id": "cw", "name": "Test Crucible",
    ...     "type_line": "Artifact", "controller": "me",
    ...     "oracle": "You may play lands from your graveyard."}]})
    >>> [card.name for card in graveyard_lands(board, "me")]
    ['Mountain']
    """
    cards = board.player(player).graveyard
    lands = [card for card in cards if card.type_line.is_a("Land")] if isinstance(cards, tuple) else []
    if not lands:
        return []  # (before the permissions: most graveyards hold no land a turn could play)
    playing = [p for p in permissions(board, player) if p.effect.play and not p.effect.keyword]
    found: list[Card] = []
    for card in lands if playing else ():
        land = spell_of(ManaCost(()), name=card.name, type_line=card.type_line, text=card.oracle)
        if any(why_not_permitted(board, player, land, permission) is None for permission in playing):
            found.append(card)
    return found


def graveyard_land_played(board: Board, player: str, card: Card) -> Board:
    """The board once ``player`` played the land ``card`` from their graveyard (still listed there): its use
    recorded on the permission that allowed it (``graveyard_uses_this_turn``, 'Land') when only permissions
    limited each turn do (Serra Paragon's 'Once during each of your turns, you may play a land from your
    graveyard or cast a permanent spell ...' is then used up for the turn's spells too, CR 305.1, 601.2a).
    Of several, Muldrotha's land slot is used first (no spell can use it); an unlimited permission ('You may
    play lands from your graveyard.') records nothing.

    >>> board = Board.from_dict({"version": 1, "active_player": "me", "players": [{"id": "me", "graveyard":
    ...     ["Forest"]}], "permanents": [{"id": "para", "name": "Test Paragon", "type_line": "Creature",
    ...     "controller": "me", "oracle": "Once during each of your turns, you may play a land from your "
    ...     "graveyard or cast a permanent spell with mana value 3 or less from your graveyard."}]})
    >>> after = graveyard_land_played(board, "me", Card.from_json("Forest"))
    >>> after.permanent("para").graveyard_uses_this_turn, graveyard_lands(after, "me")
    (('Land',), [])
    """
    land = spell_of(ManaCost(()), name=card.name, type_line=card.type_line, text=card.oracle)
    allowing = [
        permission
        for permission in permissions(board, player)
        if permission.effect.play
        and not permission.effect.keyword
        and why_not_permitted(board, player, land, permission) is None
    ]
    if not allowing or any(not _limited(permission.effect) for permission in allowing):
        return board
    chosen = min(allowing, key=lambda permission: not permission.effect.each_permanent_type)
    used = board.permanent(chosen.source).graveyard_uses_this_turn
    return board.replace_permanent(chosen.source, graveyard_uses_this_turn=(*used, "Land"))


def _limited(effect: GraveyardPermission) -> bool:
    """True when the permission allows a limited number of cards each turn (once, or one of each permanent
    type: what ``graveyard_uses_this_turn`` records)."""
    return effect.once_each_turn or effect.each_permanent_type


def graveyard_turn_notes(board: Board, player: str) -> list[str]:
    """The notes of a turn plan that chooses its spells from the hand: for each card of ``player``'s
    graveyard (given as a list) that a permission in force lets them cast now, and for a permission when the
    graveyard's cards are not listed, that turn plans don't cast from the graveyard (CR 601.2a; ``pay
    --cast-from graveyard`` answers for one spell): never a silent plan that leaves it out.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "graveyard": [{"name": "Test Bear",
    ...     "type_line": "Creature", "mana_cost": "{1}{G}"}]}], "permanents": [{"id": "ghost", "name":
    ...     "Test Ghost", "type_line": "Creature", "controller": "me", "oracle": "You may cast creature "
    ...     "spells from your graveyard."}]})
    >>> graveyard_turn_notes(board, "me")
    ["Test Bear: ghost's permission may cast it from the graveyard, which turn plans don't (pay --spell \
'Test Bear' --cast-from graveyard)"]
    """
    granted = [permission for permission in permissions(board, player) if not permission.effect.keyword]
    if not granted:
        return []
    cards = board.player(player).graveyard
    if not isinstance(cards, tuple):
        sources = ", ".join(permission.source for permission in granted)
        return [
            f"{sources}: a permission to cast from the graveyard, whose cards are not listed: not planned"
        ]
    notes: dict[str, None] = {}
    for card in cards:
        if card.type_line.is_a("Land") or card.mana_cost is None:
            continue  # (a land is played, CR 305.1: turn plans play lands from the hand)
        target = replace(spell_target(card), cast_from="graveyard")
        for permission in granted:
            if why_not_permitted(board, player, target, permission) is None:
                how = f"pay --spell {card.name!r} --cast-from graveyard"
                may = f"{permission.source}'s permission may cast it from the graveyard"
                notes[f"{card.name}: {may}, which turn plans don't ({how})"] = None
                break
    return list(notes)
