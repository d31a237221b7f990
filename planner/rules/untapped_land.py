"""Mana of a type the land a cost untapped could produce: Benthic Explorers' '{T}, Untap a tapped land an
opponent controls: Add one mana of any type that land could produce.' (CR 106.7). The land is chosen as the
cost is paid (CR 602.2b, 601.2h), so the types may depend on which one: the planner follows the ability where
they don't, every land the cost's words describe (an opponent's, tapped or not: what a permanent could
produce, and the characteristics, are worked out without the tapped flags, which only the cost reads) could
produce the same types, each read from its own mana abilities (constant amounts of fixed types, which no
payment changes: nothing it sacrifices is reflected or counted there) with no replacement effect on the board
that could change what a land produces. The ability then makes one mana of those types, and could produce
them (CR 106.7 ignores whether the cost could be paid); elsewhere it is set aside with a warning naming the
lands, never guessed. Two Explorers can't untap the same land unless it is tapped again: the cost takes a
land tapped now (:mod:`planner.rules.costs`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from models.abilities import ManaAbility, ManaOutput, OutputKind, PaletteKind
from models.mana import ManaTypes
from models.mana_effects import ProductionReplacement
from planner.rules.records import Characteristics, TextWarning

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["reflects_untapped", "untap_candidates", "without_unfollowed_untaps"]


def reflects_untapped(ability: ManaAbility) -> bool:
    """True when what the ability makes is a type the land its cost untapped could produce.

    >>> from models.oracle import parse_oracle
    >>> reflects_untapped(parse_oracle("{T}, Untap a tapped land an opponent controls: Add one mana of any "
    ...     "type that land could produce.").mana_abilities[0])
    True
    """
    outputs = (ability.output, *(output for _, output in ability.conditional))
    return any(output.palette.kind is PaletteKind.REFLECT_UNTAPPED for output in outputs)


def untap_candidates(view: BoardView, output: ManaOutput, pid: str) -> tuple[str, ...]:
    """The lands the words of the cost of ``pid``'s ability describe for this output, tapped or not (those
    it may untap now are among them)."""
    return tuple(other for wanted in output.palette.among for other in view.matching(wanted, pid))


def without_unfollowed_untaps(
    view: BoardView, result: dict[str, Characteristics], unexecuted: list[TextWarning]
) -> None:
    """Set aside from ``result``, reported in ``unexecuted``, each ability making a type the land its cost
    untapped could produce where the lands the cost describes could produce different types, or types not
    read from their abilities alone (:func:`_fixed_types`)."""
    replaced = any(isinstance(sourced.effect, ProductionReplacement) for sourced in view.effects)
    for pid, found in result.items():
        unfollowed: list[tuple[ManaAbility, str]] = []
        for ability in found.mana_abilities:
            if not reflects_untapped(ability):
                continue
            outputs = (ability.output, *(output for _, output in ability.conditional))
            for output in outputs:
                if output.palette.kind is not PaletteKind.REFLECT_UNTAPPED:
                    continue
                lands = untap_candidates(view, output, pid)
                if not lands:
                    continue  # (its cost can't be paid)
                kinds = {
                    land: _fixed_types((*result[land].mana_abilities, *result[land].idle)) for land in lands
                }
                if replaced:
                    why = "a replacement effect may change what the land it untaps could produce"
                elif any(types is None for types in kinds.values()):
                    named = ", ".join(lands)
                    why = f"what the lands it may untap ({named}) could produce is not a fixed output"
                elif len(set(kinds.values())) > 1:
                    why = f"the lands it may untap could produce different types ({', '.join(lands)})"
                else:
                    continue
                unfollowed.append((ability, f"{why}: not followed yet"))
        if unfollowed:
            gone = [ability for ability, _ in unfollowed]
            kept = tuple(ability for ability in found.mana_abilities if ability not in gone)
            result[pid] = replace(found, mana_abilities=kept)
            unexecuted += [TextWarning(pid, ability.text, why) for ability, why in unfollowed]


def _fixed_types(abilities: tuple[ManaAbility, ...]) -> ManaTypes | None:
    """The types a permanent with these mana abilities (those it can't activate now for want of counters
    too) could produce (CR 106.7) when each makes a constant,
    positive amount of mana of fixed types; None otherwise (an amount the board counts may be 0, a palette
    may read other permanents).

    >>> from models.oracle import parse_oracle
    >>> str(_fixed_types(parse_oracle("{T}: Add {U} or {B}.").mana_abilities))
    'UB'
    >>> print(_fixed_types(parse_oracle("{T}: Add {G} for each Elf you control.").mana_abilities))
    None
    """
    found = ManaTypes()
    for ability in abilities:
        for output in (ability.output, *(output for _, output in ability.conditional)):
            amount = output.amount
            if not amount.is_constant or amount.constant <= 0:
                return None
            if output.kind in (OutputKind.FIXED, OutputKind.CHOICE):
                for bag in output.options:
                    found |= bag.types
            elif output.palette.kind is PaletteKind.TYPES and output.kind is not OutputKind.DOUBLE_UNSPENT:
                found |= output.palette.types
            else:
                return None
    return found
