"""Permanents that entered as a copy (Vesuva, Clone, Phyrexian Metamorph): what the board says they copied
(``choices.copied``) and the values they then have (CR 707.2: the copied object's copiable values, with the
exceptions the copy effect states, CR 707.9).

>>> forest = catalogue_card("Forest")
>>> vesuva = PrintedCard(None, "Vesuva", TypeLine.parse("Land"), VESUVA, None, None, False)
>>> copy, unread = copy_values(vesuva, forest)
>>> copy.name, str(copy.type_line), copy.oracle, unread
('Forest', 'Basic Land — Forest', '({T}: Add {G}.)', ())
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, Final

from models.board.json_fields import (
    FieldError,
    Fields,
    JsonPath,
    describe_json,
    read_colors,
    read_cost,
    read_long_text,
    read_printed,
    read_text,
    read_type_line,
)
from models.board.printed import PrintedCard, catalogue_card, printed_json, read_card
from models.board_fields import COPIED_CARD
from models.types import CARD_TYPES, TypeLine

__all__ = ["COPIES", "copied_json", "copy_values", "enters_as_a_copy", "read_copied"]

#: Vesuva's Oracle text (for the examples).
VESUVA: Final = "You may have Vesuva enter tapped as a copy of any land on the battlefield."

#: A sentence of a copy effect: one that makes its permanent enter as a copy, or become one.
COPIES: Final = re.compile(
    r"\b(?:enters?(?: the battlefield)?(?: tapped)? as|becomes?) a copy of\b", re.IGNORECASE
)

#: A sentence that makes its permanent enter as a copy (CR 707.5: the choice is made as it enters).
_ENTERS_AS_A_COPY: Final = re.compile(
    r"\benters?(?: the battlefield)?(?: tapped)? as a copy of\b", re.IGNORECASE
)

_EXCEPT: Final = re.compile(r"\bexcept (?P<clauses>.*?)\.?\s*$", re.IGNORECASE)
#: Where the exceptions split: at a comma or an "and it", outside quoted abilities.
_CLAUSE_SPLIT: Final = re.compile(r'(?:,\s*(?:and\s+)?|\s+and\s+(?=it\b))(?=(?:[^"]*"[^"]*")*[^"]*$)')
_ADDED_TYPES: Final = re.compile(
    r"^(?:it's|it is) (?:an? )?(?P<types>[\w' -]+?) "
    r"in addition to its other (?:creature |card |land )?types$",
    re.IGNORECASE,
)
_NOT_LEGENDARY: Final = re.compile(r"^it (?:isn't|is not) legendary(?: if .*)?$", re.IGNORECASE)
_THIS_ABILITY: Final = re.compile(r"^it has this ability$", re.IGNORECASE)
_QUOTED_ABILITY: Final = re.compile(r'^it has "(?P<ability>.+)"$', re.IGNORECASE)
#: Exceptions about how it enters (tapped, with counters): its status, which the board gives itself.
_STATUS: Final = re.compile(
    r"^it enters(?: the battlefield)? (?:tapped|with .* counters? on it)(?: if .*)?$", re.IGNORECASE
)


def enters_as_a_copy(sentence: str) -> bool:
    """True when the sentence has its permanent enter as a copy of something (the board's ``choices.copied``
    says what).

    >>> enters_as_a_copy(VESUVA), enters_as_a_copy("{2}, {T}: ~ becomes a copy of target land.")
    (True, False)
    """
    return _ENTERS_AS_A_COPY.search(sentence) is not None


def copy_values(own: PrintedCard, copied: PrintedCard) -> tuple[PrintedCard, tuple[str, ...]]:
    """The values of a permanent with ``own`` printed values that copies ``copied``: the copied card's name,
    mana cost, color indicator, type line, rules text, power and toughness (CR 707.2), the exceptions of its
    own copy effect applied (CR 707.9: types in addition, not legendary, "it has this ability"); whether it is
    a token is its own. Also the exceptions not read, each as its text.

    >>> metamorph = PrintedCard(None, "Metamorph", TypeLine.parse("Artifact Creature"), "You may have "
    ...     "~ enter as a copy of any artifact or creature, except it's an artifact in addition to its other "
    ...     "types.", None, None, False)
    >>> copy, unread = copy_values(metamorph, catalogue_card("Llanowar Elves"))
    >>> str(copy.type_line), copy.power, unread
    ('Artifact Creature — Elf Druid', 1, ())
    """
    type_line = copied.type_line
    oracle = copied.oracle
    unread: list[str] = []
    for line in own.oracle.splitlines():
        if COPIES.search(line) is None:
            continue
        found = _EXCEPT.search(line)
        if found is None:
            continue
        for clause in filter(None, (c.strip() for c in _CLAUSE_SPLIT.split(found["clauses"]))):
            if (added := _ADDED_TYPES.match(clause)) is not None:
                type_line = _with_types(type_line, added["types"])
            elif _NOT_LEGENDARY.match(clause):
                type_line = replace(
                    type_line, supertypes=tuple(t for t in type_line.supertypes if t != "Legendary")
                )
            elif _THIS_ABILITY.match(clause):
                ability = line.replace(own.name, copied.name) if own.name else line
                oracle = f"{oracle}\n{ability}" if oracle else ability
            elif (quoted := _QUOTED_ABILITY.match(clause)) is not None:
                oracle = f"{oracle}\n{quoted['ability']}" if oracle else quoted["ability"]
            elif not _STATUS.match(clause):
                unread.append(clause)
    values = replace(copied, card=own.card, type_line=type_line, oracle=oracle, token=own.token)
    return values, tuple(unread)


def _with_types(line: TypeLine, words: str) -> TypeLine:
    """The type line with these card types or subtypes added (``"artifact"``, ``"Ninja"``).

    >>> str(_with_types(TypeLine.parse("Creature — Elf"), "artifact")), str(_with_types(TypeLine.parse(
    ...     "Creature — Elf"), "Ninja"))
    ('Artifact Creature — Elf', 'Creature — Elf Ninja')
    """
    card_types = list(line.card_types)
    subtypes = list(line.subtypes)
    for word in words.split():
        known = next((t for t in CARD_TYPES if t.lower() == word.lower()), None)
        if known is not None:
            if known not in card_types:
                card_types.append(known)
        elif word not in subtypes:
            subtypes.append(word[0].upper() + word[1:])
    ordered = tuple(sorted(card_types, key=_written_order))
    return replace(line, card_types=ordered, subtypes=tuple(subtypes))


def _written_order(card_type: str) -> int:
    """Where a card type goes on a type line: :data:`_TYPE_ORDER`'s types first, in its order."""
    return _TYPE_ORDER.index(card_type) if card_type in _TYPE_ORDER else len(_TYPE_ORDER)


#: The order card types are written in on a type line (``Artifact Creature``, ``Enchantment Land``).
_TYPE_ORDER: Final = ("Kindred", "Tribal", "Enchantment", "Artifact", "Land", "Creature", "Planeswalker")


def read_copied(value: object, path: JsonPath) -> PrintedCard:
    """``choices.copied``: a card name (the built-in catalogue's, or the card store's when the board is read
    with one) or an object ``{name, type_line, oracle, mana_cost, color_indicator, power, toughness}`` giving
    the copiable values (CR 707.2) of what it copied.

    >>> read_copied("forest", ("copied",)).name
    'Forest'
    >>> from models.board.json_fields import checked
    >>> checked("b.json", lambda: read_copied(7, ("permanents", 0, "choices", "copied")))
    Traceback (most recent call last):
    ...
    models.errors.BoardError: b.json: permanents[0].choices.copied: expected a card name or an object \
{name, type_line, oracle}, got the number 7
    """
    if isinstance(value, str):
        return read_card(value, path)
    if not isinstance(value, dict):
        expected = "a card name or an object {name, type_line, oracle}"
        raise FieldError(path, f"expected {expected}, got {describe_json(value)}")
    fields = Fields(value, path, COPIED_CARD)
    type_line = fields.required("type_line", read_type_line)
    if not type_line.card_types:
        raise FieldError((*path, "type_line"), f"the type line {str(type_line)!r} has no card type")
    return PrintedCard(
        card=None,
        name=fields.required("name", read_text).strip(),
        type_line=type_line,
        oracle=fields.optional("oracle", read_long_text, ""),
        mana_cost=fields.optional("mana_cost", read_cost, None),
        color_indicator=fields.optional("color_indicator", read_colors, None),
        token=False,
        power=fields.optional("power", read_printed, None),
        toughness=fields.optional("toughness", read_printed, None),
    )


def copied_json(copied: PrintedCard) -> str | dict[str, Any]:
    """The board-file form of ``choices.copied``: a catalogue card's name, else the object.

    >>> copied_json(catalogue_card("Forest"))
    'Forest'
    >>> copied_json(PrintedCard(None, "Homebrew Grove", TypeLine.parse("Land"), "{T}: Add {G}.", None, None,
    ...     False))
    {'name': 'Homebrew Grove', 'type_line': 'Land', 'oracle': '{T}: Add {G}.'}
    """
    if copied.card is not None and catalogue_card(copied.card) == copied:
        return copied.card
    return printed_json(
        copied.name,
        copied.type_line,
        copied.oracle,
        copied.mana_cost,
        copied.color_indicator,
        copied.power,
        copied.toughness,
    )
