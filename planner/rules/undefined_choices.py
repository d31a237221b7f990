"""The warnings for choices made as a permanent entered that the board doesn't give (contract section 10: a
copy never chose, a card put onto the battlefield without its choice). Each ability or effect that reads such
a choice is still used: it makes no mana of the undefined color or type (CR 106.5), lets its mana pay for no
spell of the undefined creature type, or changes the cost of none; the warning names the board field to give.

The check runs on every question about a new board, where a fast answer never works out the permanents'
abilities after the layers: it does so only where an ability could read a missing choice (one printed on the
permanent, or one a static effect or a graveyard card grants), and compares palette kinds by identity.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.abilities import ManaAbility, PaletteKind
from models.board import Choices
from models.board.copies import copy_values, enters_as_a_copy
from models.kept import per_card
from models.layer_effects import GrantAbility
from models.mana_effects import CostModifier, ManaTrigger
from models.oracle.parsed import ParsedText
from planner.rules.executed import reads_chosen_type
from planner.rules.records import TextWarning, WarningKind

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["grants_a_choice_reader", "may_read_a_choice", "undefined_choices"]

_NO_COLOR = "color: no color was chosen as it entered; mana of an undefined color is no mana (CR 106.5)"
_NO_TYPE = "creature_type: no creature type was chosen as it entered; "
_NO_NOTED = "noted_type: no type of mana was noted; mana of an undefined type is no mana (CR 106.5)"
_NO_CRAFTED = (
    "crafted_colors: the colors of the cards it was crafted with are not given; it adds no mana (CR 106.5)"
)
_NO_DRAFTED = "drafted_colors: the colors chosen as it was drafted are not given; it adds no mana (CR 106.5)"
_NO_COPY = (
    "copied: what it entered as a copy of is not given; it is read as itself, with no other ability "
    "(CR 707.2: as a copy, it would be the copied card)"
)


def undefined_choices(
    view: BoardView, *, reads: bool = True, grants: bool = True, copies: bool = True
) -> tuple[TextWarning, ...]:
    """The warnings of the mana abilities and effects on ``view``'s board that read a choice not given.
    What the board's texts hold, when known (:mod:`planner.rules.reading_facts`), spares the scans: without
    ``reads`` no permanent's reading may read a choice (:func:`may_read_a_choice`), without ``grants`` none
    grants an ability that does (:func:`grants_a_choice_reader`), and without ``copies`` no text says it
    may enter as a copy.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "h", "card": "Coldsteel Heart", "controller": "me"},
    ...     {"id": "f", "card": "Forest", "controller": "me"}]})
    >>> [(w.permanent, w.reason.split(":")[0]) for w in undefined_choices(BoardView(board))]
    [('h', 'permanents[0].choices.color')]
    """
    parsed = view.parsed
    granted_read = (grants and any(grants_a_choice_reader(own) for own in parsed.values())) or any(
        _undefined_in_ability(grant.ability, _EVERY_CHOICE) is not None for _, grant in view.graveyard_grants
    )
    if not granted_read and not (reads and any(may_read_a_choice(own) for own in parsed.values())):
        return _copy_choices(view, copies)  # (the common case: nothing here reads a choice)
    found: list[TextWarning] = []
    for index, permanent in enumerate(view.board.permanents):
        pid = permanent.id
        own = parsed[pid]
        if not granted_read and not may_read_a_choice(own):
            continue
        missing = _missing(permanent.choices)
        if not missing:
            continue
        where = f"permanents[{index}].choices."
        printed = own.mana_abilities
        if granted_read or any(_undefined_in_ability(a, missing) is not None for a in printed):
            for ability in view.mana_abilities(pid):  # (what the layers left and gave it)
                reason = _undefined_in_ability(ability, missing)
                if reason is not None:
                    found.append(TextWarning(pid, ability.text, where + reason, WarningKind.UNDEFINED))
        for effect in own.effects:
            if (
                "color" in missing
                and isinstance(effect, ManaTrigger)
                and (effect.chosen_color or effect.adds.palette.kind is PaletteKind.CHOSEN_COLOR)
            ):
                found.append(TextWarning(pid, effect.text, where + _NO_COLOR, WarningKind.UNDEFINED))
            elif (
                "creature_type" in missing
                and permanent.choices.card_type is None  # (Cloud Key chose a card type: the chosen type)
                and isinstance(effect, CostModifier)
                and effect.spells.chosen_type
            ):
                why = where + _NO_TYPE + "no spell is of that type"
                found.append(TextWarning(pid, effect.text, why, WarningKind.UNDEFINED))
    return tuple(found) + _copy_choices(view, copies)


def _copy_choices(view: BoardView, copies: bool = True) -> tuple[TextWarning, ...]:
    """The warnings of the permanents that entered as a copy of something the board doesn't name (their
    ``choices.copied``), and of the exceptions of a copy effect not read (CR 707.9); without ``copies``, no
    permanent's text says it may enter as a copy.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> vesuva = {"id": "v", "name": "Vesuva", "type_line": "Land", "controller": "me",
    ...           "oracle": "You may have Vesuva enter as a copy of any land on the battlefield."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [vesuva]})
    >>> [(w.permanent, w.reason.split(":")[0]) for w in _copy_choices(BoardView(board))]
    [('v', 'permanents[0].choices.copied')]
    """
    permanents = view.board.permanents
    if not copies and all(permanent.original is None for permanent in permanents):
        return ()  # (the common case: no copy, and no text that says one may enter as a copy)
    found: list[TextWarning] = []
    for index, permanent in enumerate(permanents):
        if permanent.original is None and "copy of" not in permanent.oracle:
            continue  # (most permanents: neither a copy nor a text that may enter as one)
        where = f"permanents[{index}].choices.copied"
        if permanent.original is not None and permanent.choices.copied is not None:
            for clause in copy_values(permanent.original, permanent.choices.copied)[1]:
                why = f"{where}: an exception of its copy effect is not read (CR 707.9)"
                found.append(TextWarning(permanent.id, clause, why, WarningKind.UNSUPPORTED))
        elif "copy of" in permanent.oracle:
            found.extend(
                TextWarning(permanent.id, sentence.text, f"{where[:-6]}{_NO_COPY}", WarningKind.UNDEFINED)
                for sentence in view.parsed[permanent.id].sentences
                if enters_as_a_copy(sentence.text)
            )
    return tuple(found)


def grants_a_choice_reader(own: ParsedText) -> bool:
    """True when a static effect of the reading grants a mana ability that reads a choice made as its
    permanent entered (any of them)."""
    return any(
        isinstance(effect, GrantAbility) and _undefined_in_ability(effect.ability, _EVERY_CHOICE) is not None
        for effect in own.effects
    )


def may_read_a_choice(own: ParsedText) -> bool:
    """True when a permanent's reading has a mana ability or an effect that may read a choice made as it
    entered: the only ones :func:`undefined_choices` warns of (a mana trigger, a cost modifier)."""
    if own.effects and any(isinstance(effect, (ManaTrigger, CostModifier)) for effect in own.effects):
        return True
    return _reads_a_choice(own.mana_abilities)


def _missing(choices: Choices) -> frozenset[str]:
    """The names of the choice fields the board leaves undefined.

    >>> sorted(_missing(Choices(color=None, creature_type="Elf")))
    ['color', 'crafted_colors', 'drafted_colors', 'noted_type']
    """
    return frozenset(
        name
        for name, given in (
            ("color", choices.color),
            ("creature_type", choices.creature_type),
            ("noted_type", choices.noted_type),
            ("crafted_colors", choices.crafted_colors),
            ("drafted_colors", choices.drafted_colors),
        )
        if given is None
    )


_EVERY_CHOICE = _missing(Choices())


@per_card(maxsize=8192)
def _reads_a_choice(abilities: tuple[ManaAbility, ...]) -> bool:
    """True when one of the abilities reads a choice made as its permanent entered (any of them: an ability
    that reads none of :data:`_EVERY_CHOICE` reads none of the choices a permanent lacks).

    >>> from models.oracle import parse_oracle
    >>> heart = parse_oracle("{T}: Add one mana of the chosen color.").mana_abilities
    >>> _reads_a_choice(heart), _reads_a_choice(parse_oracle("{T}: Add {G}.").mana_abilities)
    (True, False)
    """
    return any(_undefined_in_ability(a, _EVERY_CHOICE) is not None for a in abilities)


def _undefined_in_ability(ability: ManaAbility, missing: frozenset[str]) -> str | None:
    """Why the ability reads a choice among ``missing``, the field's name first; None when it reads none."""
    kinds = (ability.output.palette.kind, *(output.palette.kind for _, output in ability.conditional))
    if "color" in missing and PaletteKind.CHOSEN_COLOR in kinds:
        return _NO_COLOR
    if "creature_type" in missing and reads_chosen_type(ability):
        return _NO_TYPE + "its mana pays for no spell"
    if "noted_type" in missing and PaletteKind.NOTED_TYPE in kinds:
        return _NO_NOTED
    if "crafted_colors" in missing and PaletteKind.CRAFTED_COLORS in kinds:
        return _NO_CRAFTED
    if "drafted_colors" in missing and PaletteKind.DRAFTED_COLORS in kinds:
        return _NO_DRAFTED
    return None
