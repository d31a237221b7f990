"""Prohibitions on casting that name their spells by a choice or a name (CR 101.2): 'spells of the
chosen type' (Archon of Valor's Reach: the permanent's ``choices.card_type``), 'spells with the chosen
name' (Alhammarret, High Arbiter: ``choices.card_name``), '... with the same name as the exiled card'
(Exclusion Ritual, Ixalan's Binding) or '... as a card exiled with ~' (Circu, Dimir Lobotomist:
``choices.imprinted``), '... as a nontoken permanent' (Cornered Market: the board's permanents), and
Reflector Mage's '... as that creature until your next turn', the effect of a resolved trigger that the
board does not record.

Two objects have the same name when they share one (CR 201.2a); a split card has two (709.4a), but a split
spell on the stack only the name of the half cast (709.3a-b), an Adventure only its Adventure's name
(715.3b): the spell's name is the one ``--spell`` gives (the face cast). A face-down spell has no name
(CR 708.2). What the board or the question does not give is never guessed: :func:`judged` answers a
warning instead.
"""

from __future__ import annotations

import re

from models.alternative_costs import SpellName
from models.board import Card
from models.cost import PaymentTarget
from models.folding import folded_names
from models.mana_effects import CastBan, LandPlayBan
from planner.rules.ban_scope import applies
from planner.rules.names import permanent_name
from planner.rules.records import SourcedEffect, TextWarning, WarningKind
from planner.rules.view import BoardView

__all__ = ["forbidden_land", "judged"]


def judged(view: BoardView, sourced: SourcedEffect, spell: PaymentTarget) -> bool | TextWarning:
    """Whether the spell ``spell`` is among those the prohibition ``sourced`` names by its chosen type or
    by a name (True for a prohibition of neither), or the warning that says why it is not known.

    >>> from models.board import Board
    >>> market = {"id": "m", "name": "Test Market", "type_line": "Enchantment", "controller": "opp",
    ...     "oracle": "Players can't cast spells with the same name as a nontoken permanent."}
    >>> elf = {"id": "e", "name": "Test Elf", "type_line": "Creature — Elf", "controller": "me"}
    >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "opp"}],
    ...     "permanents": [market, elf]}))
    >>> (ban,) = view.effects_of(CastBan)
    >>> [judged(view, ban, PaymentTarget.of("{G}", type_line="Creature", name=name)) is True
    ...  for name in ("Test Elf", "Test Bear")]
    [True, False]
    >>> print(judged(view, ban, PaymentTarget.of("{G}", type_line="Creature")).reason)  # doctest: +ELLIPSIS
    the spell's name is not known: whether it can be cast is not judged; name the card with --spell ...
    """
    ban = sourced.effect
    assert isinstance(ban, CastBan)
    permanent = view.permanent(sourced.source)
    where = f"{view.path(sourced.source)}.choices."
    if ban.chosen_type:
        chosen = permanent.choices.chosen_type
        if chosen is None:
            return _warning(sourced, where + "card_type is not given: no type chosen", WarningKind.UNDEFINED)
        if not spell.type_line.is_a(chosen):
            return False  # (a cost given without a type line is forbidden nothing, as for any type)
    if ban.chosen_word:
        word = permanent.choices.word
        if word is None:
            return _warning(
                sourced,
                where + "word is not given: no word chosen, no spell forbidden by it",
                WarningKind.UNDEFINED,
            )
        has_word = _text_has_word(spell, word)
        if has_word is not True:
            return _warning(sourced, has_word) if isinstance(has_word, str) else False
    if ban.named is None:
        return True
    names = _spell_names(spell)
    if names is not None and not names:
        return False  # (a face-down spell has no name, CR 708.2)
    if ban.named.lasting:
        return _lasting(view, sourced, spell)
    banned = _banned_names(view, sourced, ban.named)
    if isinstance(banned, str):
        return _warning(sourced, where + banned, WarningKind.UNDEFINED)
    if names is None:
        if not banned:
            return False  # (no name is banned: no spell is)
        return _warning(sourced, _NAME_NOT_KNOWN)
    return not names.isdisjoint(banned)


#: Why a prohibition of some names is not judged for a spell given by its cost alone.
_NAME_NOT_KNOWN = (
    "the spell's name is not known: whether it can be cast is not judged; "
    "name the card with --spell (CR 201.2a)"
)


def _text_has_word(spell: PaymentTarget, word: str) -> bool | str:
    """Whether the word ``word`` is in the text box of ``spell`` (Meddling Kids, CR 207.2): True when its
    rules text has it as a whole word (any case; '~' is the spell's name as printed there, CR 201.4); else
    why it is not known: the text not given, or flavor text, which the text box holds too and no board
    gives. A face-down spell has no text (CR 708.2).

    >>> from models.spells import spell_of
    >>> bolt = spell_of("{R}", type_line="Instant", name="Test Bolt", text="~ deals 3 damage to any target.")
    >>> _text_has_word(bolt, "damage"), _text_has_word(bolt, "bolt"), _text_has_word(bolt, "dam")
    (True, True, "its text box may hold 'dam' in flavor text, which is not given: not judged (CR 207.2)")
    """
    if "face_down" in spell.purposes:
        return False
    if not spell.text:
        return (
            "the spell's rules text is not given: whether its text box holds the chosen word is not judged; "
            "give the card with --spell (CR 207.2)"
        )
    text = spell.text.replace("~", spell.name) if spell.name else spell.text
    if re.search(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])", text, re.IGNORECASE):
        return True
    return f"its text box may hold {word!r} in flavor text, which is not given: not judged (CR 207.2)"


def _warning(sourced: SourcedEffect, reason: str, kind: WarningKind = WarningKind.FORBIDDEN) -> TextWarning:
    """The warning on the prohibition ``sourced`` that its verdict on a spell is not known, and why."""
    return TextWarning(sourced.source, sourced.effect.text, reason, kind)


def _spell_names(spell: PaymentTarget) -> frozenset[str] | None:
    """The spell's names as it is cast, folded: none for a face-down spell (CR 708.2), None when not known
    (a cost given without ``--spell``)."""
    if "face_down" in spell.purposes:
        return frozenset()
    return folded_names(spell.name) if spell.name else None


def _banned_names(view: BoardView, sourced: SourcedEffect, named: SpellName) -> frozenset[str] | str:
    """The names the prohibition forbids, folded; or the path of the choice the board does not give."""
    choices = view.permanent(sourced.source).choices
    if named is SpellName.CHOSEN:
        if choices.card_name is None:
            return "card_name is not given: no name chosen"
        return folded_names(choices.card_name)
    if named is SpellName.NONTOKEN_PERMANENT:
        permanents = view.board.permanents
        return frozenset(
            name for p in permanents if not p.token for name in folded_names(permanent_name(view, p))
        )
    exiled = choices.exiled_names
    if exiled is None:
        return "imprinted is not given: the card exiled with it is not known"
    return frozenset(name for card in exiled for name in folded_names(card))


def _lasting(view: BoardView, sourced: SourcedEffect, spell: PaymentTarget) -> bool | TextWarning:
    """Reflector Mage's '... until your next turn': the effect of its resolved trigger, which the board does
    not record. It may be in force only while its permanent is new to its controller (it entered since its
    controller's last turn began: ``summoning_sick``, or ``entered_this_turn``, CR 302.6), and it forbids
    only a spell that may have a creature's name (a permanent spell, or one whose types are not known: an
    instant or sorcery is never a creature, CR 110.4); such a spell is warned of, never judged."""
    permanent = view.permanent(sourced.source)
    if sourced.source in view.given_effects.by_id:  # (the board gives the effect: its entry names the card)
        if permanent.choices.card_name is None:
            where = f"{view.path(sourced.source)}.named"
            return _warning(
                sourced, f"{where} is not given: the creature's name is not known", WarningKind.UNDEFINED
            )
        names = _spell_names(spell)
        if names is None:
            return _warning(sourced, _NAME_NOT_KNOWN)
        return not names.isdisjoint(folded_names(permanent.choices.card_name))
    if not (permanent.summoning_sick or permanent.entered_this_turn):
        return False  # (its controller's turn began since it entered: the effect has ended)
    if spell.type_line.card_types and not spell.type_line.is_permanent:
        return False
    return _warning(
        sourced,
        "the effect of its trigger lasts until its controller's next turn, and the creature it returned is "
        "not recorded: whether the spell has that creature's name is not judged (CR 101.2); give the effect "
        "in `effects`, with the creature's owner in `refers_to` and its name in `named`",
    )


def forbidden_land(view: BoardView, card: Card, player: str, zone: str = "hand") -> str | None:
    """Why ``player`` can't play the land ``card`` from ``zone`` (the hand, or the graveyard a permission
    lets it be played from) on this board: a prohibition on playing lands ("Players can't play nonbasic lands
    with the same name as a nontoken permanent.": Cornered Market; "can't play land cards from
    graveyards": Tomik, CR 101.2, 305.1, names as CR 201.2a compares them), or None.

    >>> from models.board import Board
    >>> market = {"id": "m", "name": "Test Market", "type_line": "Enchantment", "controller": "opp",
    ...     "oracle": "Players can't play nonbasic lands with the same name as a nontoken permanent."}
    >>> vents = {"id": "v", "name": "Test Vents", "type_line": "Land", "controller": "opp"}
    >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "opp"}],
    ...     "permanents": [market, vents]}))
    >>> print(forbidden_land(view, Card.from_json({"name": "Test Vents", "type_line": "Land"}), "me"))
    Test Vents can't be played: Test Market's "Players can't play nonbasic lands with the same name as a \
nontoken permanent." forbids it (CR 101.2)
    >>> forbidden_land(view, Card.from_json({"name": "Test Vents", "type_line": "Basic Land"}), "me") is None
    True
    >>> tomik = {"id": "t", "name": "Test Advokist", "type_line": "Creature", "controller": "opp",
    ...     "oracle": "Your opponents can't play land cards from graveyards."}
    >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "opp"}],
    ...     "permanents": [tomik]}))
    >>> forest = Card.from_json("Forest")
    >>> forbidden_land(view, forest, "me") is None, forbidden_land(view, forest, "me", "graveyard") is None
    (True, False)
    """
    for sourced in view.effects_of(LandPlayBan):
        ban = sourced.effect
        assert isinstance(ban, LandPlayBan)
        if applies(view, sourced, player) is not True:
            continue  # ('Your opponents can't': the others'; 'You can't': its controller's; its terms)
        if any(card.type_line.is_a(word) for word in ban.excluded):
            continue  # ('nonbasic lands': a basic land may be played)
        if ban.zones is not None and zone not in ban.zones:
            continue  # ('from graveyards': not a land played from the hand)
        if ban.named is not None:
            banned = _banned_names(view, sourced, ban.named)
            if isinstance(banned, str) or folded_names(card.name).isdisjoint(banned):
                continue  # (a name the board does not give is not read: the grammar reads none such)
        source = view.permanent(sourced.source).name
        return f"{card.name} can't be played: {source}'s {ban.text!r} forbids it (CR 101.2)"
    return None
