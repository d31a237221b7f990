"""What on a board reads the colors of permanents, for the mana abilities that change their own permanent's
color as they resolve ("This creature becomes that color until end of turn": Foraging Wickermaw).

Such a change matters to a payment only through what reads permanents' colors after it: a filter with a
color ("for each green creature you control", "if you control a blue permanent"), the colors among some
permanents (Bloom Tender). The rules don't follow a color changed mid-payment yet, so an ability that
changes one is set aside, with a warning naming what reads colors, on a board where something does; on any
other board the change is read and reads nothing (:func:`color_change_gap`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import TYPE_CHECKING

from models.abilities import BoardFact, ManaAbility, ObjectFilter, Palette, PaletteKind, SideEffectKind

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["changes_own_color", "color_change_gap", "nested_parts", "reads_permanent_colors"]


def changes_own_color(ability: ManaAbility) -> bool:
    """True when the ability's effect changes its permanent's color ('~ becomes that color until end of
    turn').

    >>> from models.oracle import parse_oracle
    >>> (wickermaw,) = parse_oracle("{1}: Add one mana of any color. This creature becomes that color until "
    ...     "end of turn. Activate only once each turn.", "Foraging Wickermaw").mana_abilities
    >>> changes_own_color(wickermaw), changes_own_color(parse_oracle("{T}: Add {G}.").mana_abilities[0])
    (True, False)
    """
    return any(effect.kind is SideEffectKind.BECOMES_COLOR for effect in ability.side_effects)


def reads_permanent_colors(reading: object) -> bool:
    """True when a reading (an ability, an effect, any record of the reader) holds a filter that reads
    colors or a palette of the colors among permanents, anywhere in its fields.

    >>> from models.oracle import parse_oracle
    >>> [reads_permanent_colors(parse_oracle(text).mana_abilities[0]) for text in (
    ...     "{T}: Add {G} for each green creature you control.",
    ...     "{T}: For each color among permanents you control, add one mana of that color.",
    ...     "{T}: Add {G} for each Elf you control.")]
    [True, True, False]
    """
    for found in nested_parts(reading):
        if isinstance(found, ObjectFilter) and BoardFact.COLORS in found.reads():
            return True
        if isinstance(found, Palette) and found.kind is PaletteKind.COLORS_AMONG:
            return True
    return False


def nested_parts(reading: object) -> Iterator[object]:
    """The reading and every record nested in its fields (dataclasses, tuples), depth first.

    >>> [type(part).__name__ for part in nested_parts(ObjectFilter(types=("Elf",)))]
    ['ObjectFilter']
    """
    yield reading
    if isinstance(reading, ObjectFilter):
        return  # (a filter holds no other record)
    if dataclasses.is_dataclass(reading) and not isinstance(reading, type):
        for field in dataclasses.fields(reading):
            yield from nested_parts(getattr(reading, field.name))
    elif isinstance(reading, tuple | list | frozenset):
        for item in reading:
            yield from nested_parts(item)


def color_change_gap(view: BoardView, pid: str, ability: ManaAbility) -> str | None:
    """Why the board can't plan an ability that changes its permanent's color: the path of a permanent
    whose text reads the colors of permanents (its mana abilities or its effects); None when the ability
    changes no color, or nothing reads one.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> wickermaw = {"id": "w", "name": "Foraging Wickermaw", "type_line": "Artifact Creature — Scarecrow",
    ...     "controller": "me", "oracle": "{1}: Add one mana of any color. This creature becomes that color "
    ...     "until end of turn. Activate only once each turn."}
    >>> tender = {"id": "t", "name": "Bloom Tender", "type_line": "Creature — Elf", "controller": "me",
    ...     "oracle": "{T}: For each color among permanents you control, add one mana of that color."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [wickermaw, tender]})
    >>> view = BoardView(board)
    >>> (ability,) = view.parsed["w"].mana_abilities
    >>> color_change_gap(view, "w", ability)
    'permanents[1]: it reads the colors of permanents, which the ability changes (not followed yet)'
    """
    if not changes_own_color(ability):
        return None
    for permanent in view.board.permanents:
        parsed = view.parsed[permanent.id]
        if reads_permanent_colors(parsed.mana_abilities) or reads_permanent_colors(parsed.effects):
            return (
                f"{view.path(permanent.id)}: it reads the colors of permanents, which the ability changes "
                "(not followed yet)"
            )
    return None
