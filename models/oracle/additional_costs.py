"""The reader of a spell's additional costs (:mod:`models.additional_costs`, CR 601.2f-h): each sentence of
the spell's text (:func:`~models.oracle.reader.reading_units`) "As an additional cost to cast this spell,
<costs>.", read by the grammar (``additional_cost`` in ``grammar.lark``: sacrifices and discards joined by
"and"). A cost it can't read is kept as :class:`~models.additional_costs.UnreadCost` (the sentence's frame
``additional_frame`` gives its words); an optional cost ("you may sacrifice") is the player's choice not to
pay, and is not a cost here.

>>> additional_costs("As an additional cost to cast this spell, sacrifice a land.\\nSearch your library.")
(SacrificeCost(count=1, types=('Land',)),)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from models.additional_costs import (
    AdditionalCost,
    DiscardCost,
    OptionalSacrifice,
    OptionalTap,
    SacrificeCost,
    UnreadCost,
)
from models.kept import per_card
from models.oracle.grammar import UnreadError, parse_additional_cost, parse_additional_frame, parse_static
from models.oracle.reader import reading_units
from models.oracle.statics import (
    OwnCostIfBargained,
    OwnCostPerSacrificed,
    plain_types,
    taps_creatures_for_one_each,
)

__all__ = ["additional_costs", "sentence_costs", "taps_creatures"]


def sentence_costs(sentence: str) -> tuple[AdditionalCost, ...]:
    """The additional costs one sentence of a spell gives: none when it is not an additional cost's.

    >>> sentence_costs("As an additional cost to cast ~, sacrifice an artifact or creature.")
    (SacrificeCost(count=1, types=('Artifact', 'Creature')),)
    >>> sentence_costs("As an additional cost to cast ~, discard a card and sacrifice a Goblin you control.")
    (DiscardCost(count=1), SacrificeCost(count=1, types=('Goblin',)))
    >>> sentence_costs("As an additional cost to cast ~, pay 3 life or sacrifice a creature.")
    (EitherCost(ways=(LifeCost(life=3), SacrificeCost(count=1, types=('Creature',)))),)
    >>> sentence_costs("Destroy target creature.")
    ()
    """
    if "additional cost" not in sentence.lower():
        return ()  # (the grammar would not read it: a gate, not a reader)
    try:
        return parse_additional_cost(sentence)
    except UnreadError:
        pass
    try:
        return (UnreadCost(parse_additional_frame(sentence)),)
    except UnreadError:
        return ()


@per_card(maxsize=4096)  # (a pure function of the card's text and name)
def additional_costs(text: str, name: str = "") -> tuple[AdditionalCost, ...]:
    """The additional costs of a spell's text, in the order written; an optional one (bargain, "you may
    sacrifice any number of ...") with what paying it takes off the cost, read from the sentence that says so
    (:func:`_with_reductions`).

    >>> additional_costs("As an additional cost to cast this spell, discard a card.\\nDraw two cards.")
    (DiscardCost(count=1),)
    >>> additional_costs("As an additional cost to cast this spell, pay 3 life or sacrifice a creature.")
    (EitherCost(ways=(LifeCost(life=3), SacrificeCost(count=1, types=('Creature',)))),)
    >>> additional_costs("As an additional cost to cast this spell, put a +1/+1 counter on a creature you "
    ...     "control or pay 3 life.")
    (UnreadCost(words='put a +1/+1 counter on a creature you control or pay 3 life'),)
    >>> additional_costs("As an additional cost to cast this spell, you may sacrifice a creature.")
    ()
    >>> [str(c) for c in additional_costs("Bargain\\nThis spell costs {1} less to cast if it's bargained.")]
    ['you may sacrifice an artifact or enchantment or token ({1} less)']
    >>> march = ("As an additional cost to cast this spell, you may exile any number of white cards from "
    ...     "your hand. This spell costs {2} less to cast for each card exiled this way.")
    >>> [str(c) for c in additional_costs(march)]
    ['you may exile any number of white card ({2} less for each)']
    """
    units = reading_units(text, name)
    # (an optional tap is no cost here: what it takes off is paid by tapping, :func:`taps_creatures`)
    costs = [cost for unit in units for cost in sentence_costs(unit) if not isinstance(cost, OptionalTap)]
    if any(unit.strip().rstrip(".").lower() == "bargain" for unit in units):  # (CR 702.166a)
        costs.append(OptionalSacrifice(SacrificeCost(1, ("Artifact", "Enchantment"), tokens=True), 1))
    return _one_kind_of_card(_with_reductions(tuple(costs), units))


@per_card(maxsize=4096)  # (a pure function of the card's text and name)
def taps_creatures(text: str, name: str = "") -> bool:
    """True when the spell's text has "As an additional cost to cast this spell, you may tap any number of
    untapped creatures you control." and "This spell costs {1} less to cast for each creature tapped this
    way." (Explosive Singularity): each creature tapped takes {1} off its total cost (CR 601.2b, 601.2f), as
    a way to pay generic mana by tapping an untapped creature its caster controls (summoning sick or not:
    CR 302.6 is about {T} costs of the creature's own abilities), chosen with the mana (CR 601.2h).

    >>> taps_creatures("As an additional cost to cast this spell, you may tap any number of untapped "
    ...     "creatures you control. This spell costs {1} less to cast for each creature tapped this way.")
    True
    >>> taps_creatures("As an additional cost to cast this spell, you may tap any number of untapped "
    ...     "creatures you control. This spell costs {2} less to cast for each creature tapped this way.")
    False
    """
    units = reading_units(text, name)
    tap = any(isinstance(cost, OptionalTap) for unit in units for cost in sentence_costs(unit))
    if not tap:
        return False
    for unit in units:
        if "tapped this way" not in unit.lower():
            continue  # (a gate, not a reader)
        try:
            reading = parse_static(unit.rstrip("."))
        except UnreadError:
            continue
        if isinstance(reading, OwnCostPerSacrificed) and taps_creatures_for_one_each(reading):
            return True
    return False


def _one_kind_of_card(costs: tuple[AdditionalCost, ...]) -> tuple[AdditionalCost, ...]:
    """The costs, with an optional exile of cards of a color (the Marches') kept as written when another
    cost discards: the planner pays one kind of card a spell.

    >>> exile = OptionalSacrifice(DiscardCost(1, colors="B", exiled=True), None, 2)
    >>> _one_kind_of_card((DiscardCost(1), exile))
    (DiscardCost(count=1), UnreadCost(words='you may exile any number of black card ({2} less for each)'))
    """
    exiles = [c for c in costs if isinstance(c, OptionalSacrifice) and isinstance(c.sacrifice, DiscardCost)]
    if not exiles or len(costs) == 1:
        return costs
    return tuple(UnreadCost(str(cost)) if cost in exiles else cost for cost in costs)


def _with_reductions(costs: tuple[AdditionalCost, ...], units: Sequence[str]) -> tuple[AdditionalCost, ...]:
    """The optional costs with what the spell's sentences say paying them takes off its cost: "~ costs {1}
    less to cast if it's bargained" (a bargain's), "~ costs {2} less to cast for each permanent sacrificed
    this way [and {2} less ... for each other <types> you've sacrificed this turn]" (any number's)."""
    if not any(isinstance(cost, OptionalSacrifice) for cost in costs):
        return costs
    found: list[OwnCostIfBargained | OwnCostPerSacrificed] = []
    for unit in units:
        lower = unit.lower()
        if ("less" in lower and ("sacrificed" in lower or "exiled" in lower)) or "bargained" in lower:
            try:
                reading = parse_static(unit.rstrip("."))
            except UnreadError:
                continue
            tapping = isinstance(reading, OwnCostPerSacrificed) and reading.tapped  # (taps_creatures)
            if (
                isinstance(reading, OwnCostIfBargained | OwnCostPerSacrificed)
                and not reading.more
                and not tapping
            ):
                found.append(reading)
    changed: list[AdditionalCost] = []
    for cost in costs:
        if isinstance(cost, OptionalSacrifice):
            bargain = cost.most == 1
            exiles = isinstance(cost.sacrifice, DiscardCost)
            for reading in found:
                per_card = isinstance(reading, OwnCostPerSacrificed) and reading.exiled
                if isinstance(reading, OwnCostIfBargained) == bargain and (bargain or per_card == exiles):
                    cost = _reduced(cost, reading)
        changed.append(cost)
    return tuple(changed)


def _reduced(
    cost: OptionalSacrifice, reading: OwnCostIfBargained | OwnCostPerSacrificed
) -> OptionalSacrifice:
    """The optional cost with the generic mana a reading takes off (an unread amount takes off none)."""
    generic = _generic(reading.symbols)
    # ('for each creature sacrificed this way': Torgaar; only a cost sacrificing that type alone is read)
    named = reading.sacrificed if isinstance(reading, OwnCostPerSacrificed) else "permanent"
    if named != "permanent" and (
        isinstance(cost.sacrifice, DiscardCost) or cost.sacrifice.types != (named.capitalize(),)
    ):
        return cost
    if isinstance(reading, OwnCostIfBargained) or reading.turn_what is None:
        return replace(cost, reduction=generic)
    if not plain_types(reading.turn_what):
        return cost  # (the sentence is unsupported: models.oracle.read_statics)
    types = tuple(noun.types[0] for noun in reading.turn_what.nouns)
    return replace(cost, reduction=generic, turn_reduction=_generic(reading.turn_symbols), turn_types=types)


def _generic(symbols: str) -> int:
    """{N}'s N; 0 for anything else."""
    inner = symbols[1:-1]
    return int(inner) if symbols.count("{") == 1 and inner.isascii() and inner.isdigit() else 0
