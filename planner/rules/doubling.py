"""Doubling Cube's "Double the amount of each type of unspent mana you have.": the mana the ability adds is
read from the pool as it resolves, once its own cost was paid (CR 602.2, 608.2h).

The ability adds, for each type of mana (CR 106.1b: the five colors and colorless; snow is no type), as much
of that type as the player's pool holds then. It adds mana; it copies none: what rides on the mana in the
pool (a restriction, a rider, its source's snow supertype) does not ride on the new mana, which comes from
the ability's own permanent, tapped for mana like any other (its replacement effects and triggers apply).
The rules layer executes it by turning the ability, at each activation, into one that adds that fixed bag
(:func:`resolved_doubling`); with no pool to read (what the ability's outcomes are elsewhere), it adds
nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from models.abilities import ManaAbility, ManaOutput, OutputKind
from models.mana import ManaBag
from planner.rules.pool import ManaUnit

__all__ = ["doubles_unspent", "resolved_doubling", "unspent_bag"]


def doubles_unspent(ability: ManaAbility) -> bool:
    """True for an ability that doubles the unspent mana (Doubling Cube).

    >>> from models.oracle import parse_oracle
    >>> [doubles_unspent(parse_oracle(text).mana_abilities[0]) for text in (
    ...     "{3}, {T}: Double the amount of each type of unspent mana you have.", "{T}: Add {C}{C}.")]
    [True, False]
    """
    return ability.output.kind is OutputKind.DOUBLE_UNSPENT


def unspent_bag(units: Iterable[ManaUnit]) -> ManaBag:
    """The amount of each type of mana in a pool of units, whatever rides on them.

    >>> from planner.rules.production import ManaTag
    >>> from models.mana import ManaType
    >>> str(unspent_bag([ManaUnit(ManaType.G, ManaTag(source="f")), ManaUnit(ManaType.C, ManaTag(source="s")),
    ...     ManaUnit(ManaType.G, ManaTag(source="pool:me", snow=True))]))
    '{G}{G}{C}'
    """
    return ManaBag.of(unit.type for unit in units)


def resolved_doubling(ability: ManaAbility, unspent: ManaBag) -> ManaAbility:
    """The ability as it resolves with ``unspent`` in the pool (after its own cost was paid): one that adds
    that bag once more; any other ability unchanged.

    >>> from models.oracle import parse_oracle
    >>> cube = parse_oracle("{3}, {T}: Double the amount of each type of unspent mana you have.")
    >>> resolved_doubling(cube.mana_abilities[0], ManaBag.parse("{R}{R}{C}")).output.describe()
    '{R}{R}{C}'
    >>> resolved_doubling(cube.mana_abilities[0], ManaBag()).output.options
    (ManaBag.parse(''),)
    """
    if not doubles_unspent(ability):
        return ability
    return replace(ability, output=ManaOutput(OutputKind.FIXED, (unspent,)))
