"""What the planner executes of a card's mana abilities, worked out per card: the verdict on each ability
(executed in full, activated from the hand, or the part it does not execute, reported), the abilities of a
family that removes a number of counters chosen as it is paid, the intrinsic abilities of basic land types,
and a permanent's characteristics as printed."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from models.abilities import (
    AmountKind,
    CostPartKind,
    ManaAbility,
    OutputKind,
    PaletteKind,
    SideEffectKind,
)
from models.board import Choices, Permanent
from models.filters import ObjectFilter
from models.kept import per_card
from models.oracle import Level, parse_oracle, read_card
from models.oracle.levels import ENTERING
from models.oracle.mana_outputs import reads_palette
from models.types import BASIC_LAND_TYPES, TypeLine
from planner.rules.amounts import (
    revealed_filter,
    revealing,
)
from planner.rules.costs import EXECUTED_PARTS, cost_variants, lowered, part_unread
from planner.rules.paid_x import pays_x
from planner.rules.records import Characteristics

__all__ = [
    "BEFORE_END_STEP",
    "counters_removed_any",
    "executed_abilities",
    "idle_members",
    "intrinsic_abilities",
    "is_family",
    "printed_characteristics",
    "reads_chosen_color",
    "reads_chosen_type",
    "reads_noted_type",
    "removal_families",
    "removals",
    "removing",
    "sacrifices_x",
    "sacrificing",
    "stays_tapped",
    "unexecuted_part",
    "unknown_imprint",
]


#: Amounts the rules layer counts (:func:`planner.rules.amounts.counted`): every kind but REMOVED, which the
#: abilities of a family that removes counters (:func:`removing`) turn into the number each one removes,
#: PAID_X, which those of a family of X (:func:`planner.rules.paid_x.paying`) turn into their X, and
#: SACRIFICED_X, which those of a family that sacrifices X permanents (:func:`sacrificing`) turn into theirs.
_EXECUTED_AMOUNTS = frozenset(AmountKind) - {AmountKind.REMOVED, AmountKind.PAID_X, AmountKind.SACRIFICED_X}
#: Side effects that can't change a payment (an opponent's life gained, untap steps, later triggers,
#: depletion counters), and those the rules layer executes: life gained (the replay adds it as the ability
#: resolves), a counter put before the mana is counted (Empowered Autogenerator), the reveal a REVEALED amount
#: counts.
_HARMLESS_SIDE_EFFECTS = frozenset(
    {
        SideEffectKind.GAIN_LIFE,
        SideEffectKind.OPPONENTS_GAIN_LIFE,
        SideEffectKind.NO_UNTAP,
        SideEffectKind.DELAYED,
        SideEffectKind.PUT_COUNTER_FIRST,
        SideEffectKind.REVEAL_FIRST,  # (the reveal is what a REVEALED amount counts: executed there)
        SideEffectKind.DAMAGE_OPPONENTS,
        SideEffectKind.DAMAGE_TARGET,  # (the reflexive trigger's: it waits for the stack, CR 603.12)
        SideEffectKind.BECOMES_COLOR,  # (set aside where a board reads colors: colors_read.color_change_gap)
    }
)


#: Timings the planner doesn't check, by what the warning says.
#: Timing limits the planner can't honour during a payment. A spell being cast or an ability being activated
#: is on the stack already (CR 601.2a, 602.2a), so the stack is never empty then, and nobody can cast an
#: instant in the middle of casting something: an ability usable only as a sorcery or only when an instant
#: could be cast can't be activated while paying.
_UNEXECUTED_TIMINGS = {
    "sorcery": "activate only as a sorcery, and the stack is not empty while a cost is paid (CR 601.2a)",
    "instant": "activate only when you could cast an instant, which you can't while paying (CR 601.2g)",
}


def unknown_imprint(choices: Choices) -> str | None:
    """Why the colors of the card exiled with a permanent are not known, or None when they are.

    >>> unknown_imprint(Choices(imprinted="Llanowar Elves")) is None
    True
    >>> print(unknown_imprint(Choices(imprinted="Homebrew Bolt")))  # doctest: +NORMALIZE_WHITESPACE
    the colors of 'Homebrew Bolt' are not known (it is not in the built-in catalogue):
    give it as {name, mana_cost}
    """
    if choices.imprinted is None and choices.imprinted_cards is None:
        return "the card it exiled is not given (if it exiled none, the ability makes no mana)"
    unknown = choices.unknown_imprinted
    if len(unknown) == 1 and choices.imprinted_cards is None:
        return (
            f"the colors of {unknown[0]!r} are not known (it is not in the built-in catalogue): "
            "give it as {name, mana_cost}"
        )
    if unknown:
        return (
            f"the colors of {', '.join(map(repr, unknown))} are not known (not in the built-in catalogue): "
            "give each as {name, mana_cost}"
        )
    return None


def unexecuted_part(ability: ManaAbility) -> str | None:
    """The part of a mana ability the planner reads but does not execute, or None when it executes all.

    Such an ability is never used as if that part were absent (contract section 5): it is unusable and
    reported.

    >>> from models.oracle import parse_oracle
    >>> unexecuted_part(parse_oracle("{T}: Add {G}. Activate only as a sorcery.").mana_abilities[0])
    'condition: activate only as a sorcery, and the stack is not empty while a cost is paid (CR 601.2a)'
    >>> unexecuted_part(parse_oracle("{T}: Add {G}.").mana_abilities[0]) is None
    True
    """
    cost = ability.cost
    output = ability.output
    amount = output.amount
    if (
        not cost.parts
        and not ability.conditional
        and not ability.side_effects
        and amount.kind in _EXECUTED_AMOUNTS
        and not (amount.kind is AmountKind.REVEALED and _unread_reveal(ability))
        and output.kind is not OutputKind.DIFFERENT
        and not (ability.uncertain or ability.exists_while)
        and ability.timing not in _UNEXECUTED_TIMINGS
        and (ability.activation_condition is None or not ability.activation_condition.unevaluated)
    ):
        return None  # the common case, checked at once: this runs for every ability of every view
    if ability.uncertain:
        return f"uncertain: {ability.uncertain} (no plan can count on it)"
    if ability.exists_while:
        return f"condition: {ability.exists_while}"
    if ability.timing in _UNEXECUTED_TIMINGS:
        return f"condition: {_UNEXECUTED_TIMINGS[ability.timing]}"
    conditions = [ability.activation_condition, *(condition for condition, _ in ability.conditional)]
    if unevaluated := next((c.unevaluated for c in conditions if c is not None and c.unevaluated), ""):
        return f"condition: if {unevaluated}"
    if unexecuted := next((p for p in cost.parts if p.kind not in EXECUTED_PARTS), None):
        return f"cost: {unexecuted.text}"
    if unpaid := next(((p, why) for p in cost.parts if (why := part_unread(p)) is not None), None):
        return f"cost: {unpaid[0].text} ({unpaid[1]})"
    kinds = [p.kind for p in cost.parts if p.kind is not CostPartKind.PUT_COUNTER]
    if len(set(kinds)) != len(kinds):
        return f"cost: {cost.describe()} (two parts of one kind)"
    amounts = [ability.output.amount, *(output.amount for _, output in ability.conditional)]
    if any(amount.kind not in _EXECUTED_AMOUNTS for amount in amounts):
        return "amount: " + next(a.kind.value for a in amounts if a.kind not in _EXECUTED_AMOUNTS)
    if unread := _unread_reveal(ability):
        return f"amount: the cards revealed ({unread!r}) are not read as cards"
    if ability.output.kind is OutputKind.DIFFERENT:
        return f"output: {ability.output.amount.constant} mana of different colors".replace(
            "2 mana", "two mana"
        ).replace("3 mana", "three mana")
    for effect in ability.side_effects:
        if effect.kind not in _HARMLESS_SIDE_EFFECTS and not (
            effect.kind in (SideEffectKind.PUT_COUNTER, SideEffectKind.REMOVE_COUNTER)
            and effect.what not in _counters_read(ability)
        ):
            return f"side effect: {effect.text}"
    return None


#: The timing of 'only during your turn before the end step' (Mana Cache): the board's ``active_player`` and
#: ``step`` say.
BEFORE_END_STEP = "your_turn_before_end_step"


def _counters_read(ability: ManaAbility) -> set[str]:
    """The kinds of counters on its permanent the ability reads: its cost removes them, a condition or an
    amount counts them (a counter its effect puts or removes after the mana is added changes none of
    that)."""
    conditions = [ability.activation_condition, *(condition for condition, _ in ability.conditional)]
    amounts = [ability.output.amount, *(output.amount for _, output in ability.conditional)]
    return (
        {ability.cost.remove_counter}
        | {c.counter for c in conditions if c is not None and c.counter}
        | {a.counter for a in amounts if a.counter}
    ) - {""}


def _unread_reveal(ability: ManaAbility) -> str:
    """What a REVEALED amount reveals, when it is not read as cards ('creature card with power 5 or
    greater'); "" when it is (or the ability reveals nothing)."""
    what = revealing(ability)
    if ability.output.amount.kind is not AmountKind.REVEALED:
        return ""
    if what is None:
        return "(nothing)"
    return "" if revealed_filter(what) is not None else what


_EXECUTED = ""
_FROM_ELSEWHERE = "from the hand or the graveyard"
#: The cost parts that exile the card itself from another zone: the ability works only from there (CR
#: 113.6b: Elvish Spirit Guide from the hand, Jack-o'-Lantern from the graveyard), never on the battlefield.
_ELSEWHERE_ONLY = frozenset({CostPartKind.EXILE_SELF_FROM_HAND, CostPartKind.EXILE_SELF_FROM_GRAVEYARD})


def executed_abilities(
    abilities: list[ManaAbility],
) -> tuple[tuple[ManaAbility, ...], tuple[tuple[str, str], ...]]:
    """The abilities the planner executes in full, and the text and verdict of the others (but those
    activated from the hand or the graveyard only, which are not on the battlefield: 605.1a, 113.6b). An
    ability whose cost offers a choice (Forage) is one for each way (:func:`~planner.rules.costs.
    cost_variants`)."""
    kept: list[ManaAbility] = []
    set_aside: list[tuple[str, str]] = []
    for ability in (variant for one in abilities for variant in cost_variants(lowered(one))):
        verdict = _verdict(ability)
        if verdict == _EXECUTED:
            kept.append(ability)
        elif verdict != _FROM_ELSEWHERE:
            set_aside.append((ability.text, verdict))
    return tuple(kept), tuple(set_aside)


@per_card(maxsize=8192)
def printed_characteristics(
    oracle: str, name: str, line: TypeLine, haste: bool, level: Level = ENTERING
) -> tuple[Characteristics, tuple[tuple[str, str], ...]]:
    """A permanent's characteristics as printed (no effect changes its types or grants it abilities), at its
    ``level`` (a Class's, a leveler's: :mod:`models.oracle.levels`), and the text and verdict of the mana
    abilities the planner does not execute.

    >>> found, _ = printed_characteristics("", "Forest", TypeLine.parse("Basic Land — Forest"), False)
    >>> [ability.text for ability in found.mana_abilities]
    ['{T}: Add {G}.']
    """
    parsed = read_card(oracle, name, line, level)
    fixed = [a for a in parsed.mana_abilities if not is_family(a)]
    kept, set_aside = executed_abilities([*fixed, *intrinsic_abilities(line)])
    return Characteristics(line, kept, False, haste or parsed.has_haste), set_aside


def is_family(ability: ManaAbility) -> bool:
    """True for an ability that stands for one ability for each number chosen as its cost is paid: of
    counters removed (:func:`counters_removed_any`), of permanents sacrificed (:func:`sacrifices_x`), or the
    X of its mana cost (:func:`pays_x`)."""
    return bool(counters_removed_any(ability)) or sacrifices_x(ability) or pays_x(ability)


def sacrifices_x(ability: ManaAbility) -> bool:
    """True for an ability whose cost sacrifices X permanents, X chosen as it is paid (CR 601.2b, 602.2b):
    'Sacrifice X Goats: Add X mana of any one color.' (Springjack Pasture), a family of one ability for each
    number of such permanents its controller has (:func:`sacrificing`).

    >>> from models.oracle import parse_oracle
    >>> (pasture,) = parse_oracle("{T}, Sacrifice X Goats: Add X mana of any one color.").mana_abilities
    >>> sacrifices_x(pasture), sacrifices_x(parse_oracle("{T}: Add {G}.").mana_abilities[0])
    (True, False)
    """
    return any(part.kind is CostPartKind.SACRIFICE_X for part in ability.cost.parts)


@per_card(maxsize=4096)
def sacrificing(ability: ManaAbility, count: int) -> ManaAbility:
    """The ability of a family (:func:`sacrifices_x`) that sacrifices ``count`` permanents: its cost
    sacrifices that many, and X (what it adds, the life it gains) is that number.

    >>> from models.oracle import parse_oracle
    >>> (pasture,) = parse_oracle("{T}, Sacrifice X Goats: Add X mana of any one color. You gain X life."
    ...     ).mana_abilities
    >>> two = sacrificing(pasture, 2)
    >>> two.cost.describe(), two.output.amount.constant, [e.amount for e in two.side_effects]
    ('{T}, Sacrifice 2 Goat you control', 2, [2])
    """
    cost = ability.cost
    parts = tuple(part for part in cost.parts if part.kind is not CostPartKind.SACRIFICE_X)
    amount = ability.output.amount
    if amount.kind is AmountKind.SACRIFICED_X:
        amount = amount.counting(count)
    side_effects = tuple(
        replace(effect, amount=count, what="") if effect.what == "X" else effect
        for effect in ability.side_effects
    )
    return replace(
        ability,
        cost=replace(cost, sacrifice_count=count, parts=parts),
        output=replace(ability.output, amount=amount),
        side_effects=side_effects,
    )


def counters_removed_any(ability: ManaAbility) -> str:
    """The kind of counter a cost 'Remove X (or any number of) ... counters from ~' removes ('storage'), or
    '' for any other ability. Such an ability is a family, one for each number of counters the permanent
    has to remove (:func:`removing`): the number is chosen as the cost is paid (CR 601.2b, 602.2b).

    >>> from models.oracle import parse_oracle
    >>> (network,) = parse_oracle("{T}, Remove any number of storage counters from this land: Add {C} for "
    ...     "each storage counter removed this way.").mana_abilities
    >>> counters_removed_any(network), counters_removed_any(parse_oracle("{T}: Add {G}.").mana_abilities[0])
    ('storage', '')
    """
    for part in ability.cost.parts:
        if part.kind is CostPartKind.REMOVE_X_COUNTERS:
            return part.what
    return ""


@per_card(maxsize=4096)
def removing(ability: ManaAbility, count: int) -> ManaAbility:
    """The ability of a family (:func:`counters_removed_any`) that removes ``count`` counters: its cost
    removes that many (none: no counter at all), and 'for each counter removed this way' (or X) is that
    number, plus what the text adds to it ('Add {U}, then add an additional {U} for each ...': 1 + count).

    >>> from models.oracle import parse_oracle
    >>> (pools,) = parse_oracle("{1}, Remove X storage counters from this land: Add X mana in any "
    ...     "combination of {W} and/or {U}.").mana_abilities
    >>> three = removing(pools, 3)
    >>> three.cost.describe(), three.output.amount.constant, three.text == pools.text
    ('{1}, Remove 3 storage counter(s)', 3, True)
    >>> (battery,) = parse_oracle("{T}, Remove any number of charge counters from this artifact: Add {U}, "
    ...     "then add an additional {U} for each charge counter removed this way.").mana_abilities
    >>> [(removing(battery, n).cost.describe(), removing(battery, n).output.amount.constant) for n in (0, 2)]
    [('{T}', 1), ('{T}, Remove 2 charge counter(s)', 3)]
    """
    cost = ability.cost
    parts = tuple(part for part in cost.parts if part.kind is not CostPartKind.REMOVE_X_COUNTERS)
    amount = ability.output.amount
    if amount.kind is AmountKind.REMOVED:
        amount = amount.counting(count)
    kind = counters_removed_any(ability) if count else ""
    return replace(
        ability,
        cost=replace(cost, remove_counter=kind, remove_count=count, parts=parts),
        output=replace(ability.output, amount=amount),
    )


def _fewest_removed(ability: ManaAbility) -> int:
    """The fewest counters a family's ability (:func:`counters_removed_any`) usefully removes: none when it
    makes mana anyway (Blue Mana Battery's {U}, 'then an additional {U} for each'), else one."""
    amount = ability.output.amount
    return 0 if amount.kind is AmountKind.REMOVED and amount.plus > 0 else 1


@per_card(maxsize=8192)
def removal_families(
    oracle: str, name: str, line: TypeLine, level: Level = ENTERING
) -> tuple[ManaAbility, ...]:
    """The card's families of abilities (:func:`is_family`): those whose cost removes a number of counters,
    or is paid with an X, chosen as it is paid (its text read with its type line at its level, as
    :func:`printed_characteristics` reads it).

    >>> network = ("{T}, Remove any number of storage counters from this land: Add {C} for each storage "
    ...     "counter removed this way.")
    >>> len(removal_families(network, "Network", TypeLine.parse("Land")))
    1
    >>> len(removal_families("{X}, {T}: Add X mana of any one color.", "Rocket", TypeLine.parse("Artifact")))
    1
    >>> removal_families("{T}: Add {G}.", "Forest", TypeLine.parse("Land"))
    ()
    """
    return tuple(a for a in read_card(oracle, name, line, level).mana_abilities if is_family(a))


def removals(
    permanent: Permanent, families: Sequence[ManaAbility], sacrificable: Callable[[ObjectFilter], int]
) -> list[ManaAbility]:
    """The abilities of each family (:func:`counters_removed_any`) the permanent can activate now: one for
    each number of its counters from 1 up (removing none makes no mana; from none up when it does:
    :func:`_fewest_removed`), in that order, so that the list for fewer counters starts the list for more (a
    plan's steps keep their numbers as counters go); for a family that sacrifices X permanents
    (:func:`sacrifices_x`), one for each X from 1 to the number of them ``sacrificable`` counts (X = 0 adds
    nothing), a bound from the board that no payment can pass."""
    found: list[ManaAbility] = []
    for family in families:
        if kind := counters_removed_any(family):
            found += [
                removing(family, n) for n in range(_fewest_removed(family), permanent.counter(kind) + 1)
            ]
        elif sacrifices_x(family) and family.cost.sacrifice is not None:
            found += [sacrificing(family, n) for n in range(1, sacrificable(family.cost.sacrifice) + 1)]
    return found


def idle_members(
    permanent: Permanent, families: Sequence[ManaAbility], sacrificable: Callable[[ObjectFilter], int]
) -> tuple[ManaAbility, ...]:
    """For each family (:func:`removals`) of which the permanent can activate no ability now, none of its
    counters or nothing it could sacrifice being there, the ability that removes or sacrifices one: never
    activated, it is what the permanent could produce by that family all the same (CR 106.7: costs are
    ignored; the Reflecting Pool ruling: it "doesn't check their costs").

    >>> from models.board import Permanent
    >>> from models.oracle import parse_oracle
    >>> (vault,) = parse_oracle("{T}, Remove any number of storage counters from this land: Add {B} for each "
    ...     "storage counter removed this way.").mana_abilities
    >>> empty = Permanent.from_dict({"id": "v", "name": "Vault", "type_line": "Land", "controller": "me"})
    >>> [a.cost.describe() for a in idle_members(empty, [vault], lambda _: 0)]
    ['{T}, Remove 1 storage counter(s)']
    >>> idle_members(replace(empty, counters=(("storage", 2),)), [vault], lambda _: 0)
    ()
    """
    idle: list[ManaAbility] = []
    for family in families:
        if kind := counters_removed_any(family):
            if permanent.counter(kind) < _fewest_removed(family):
                idle.append(removing(family, 1))
        elif sacrifices_x(family) and family.cost.sacrifice and not sacrificable(family.cost.sacrifice):
            idle.append(sacrificing(family, 1))
    return tuple(idle)


def reads_chosen_color(ability: ManaAbility) -> bool:
    """True when some of the ability's mana is of the color chosen as its permanent entered.

    >>> from models.oracle import parse_oracle
    >>> (heart,) = parse_oracle("{T}: Add one mana of the chosen color.").mana_abilities
    >>> reads_chosen_color(heart)
    True
    """
    return reads_palette(ability, PaletteKind.CHOSEN_COLOR)


def reads_noted_type(ability: ManaAbility) -> bool:
    """True when some of the ability's mana is of the type its permanent last noted (Jeweled Amulet).

    >>> from models.oracle import parse_oracle
    >>> (amulet,) = parse_oracle("{T}, Remove a charge counter from ~: Add one mana of ~'s last noted "
    ...     "type.").mana_abilities
    >>> reads_noted_type(amulet)
    True
    """
    return reads_palette(ability, PaletteKind.NOTED_TYPE)


def reads_chosen_type(ability: ManaAbility) -> bool:
    """True when the ability's mana may be spent only on spells of the creature type chosen as its permanent
    entered (Cavern of Souls), or its amount counts permanents of that type."""
    restriction = ability.restriction
    if restriction is not None and any(use.chosen_type for use in restriction.uses):
        return True
    outputs = (ability.output, *(output for _, output in ability.conditional))
    return any(o.amount.filter is not None and o.amount.filter.chosen_type for o in outputs)


_NO_UNTAP = re.compile(r"~ doesn't untap during (?:your|its controller's) untap steps?", re.I)


@per_card(maxsize=4096)
def stays_tapped(oracle: str, name: str) -> bool:
    """True when a card's text says it doesn't untap during its controller's untap step (Mana Vault)."""
    parsed = parse_oracle(oracle, name)
    return any(_NO_UNTAP.fullmatch(sentence.text.rstrip(".")) for sentence in parsed.sentences)


def intrinsic_abilities(line: TypeLine) -> list[ManaAbility]:
    """The mana abilities a land has for its basic land types (CR 305.6), in the order of the types."""
    if not line.is_a("Land"):
        return []
    return [parse_oracle(_INTRINSIC[t]).mana_abilities[0] for t in line.basic_land_types]


@per_card(maxsize=1 << 16)  # (a pure function of the ability's printed text, read once per ability)
def _verdict(ability: ManaAbility) -> str:
    """``_EXECUTED``, ``_FROM_ELSEWHERE``, or the part of the ability the planner does not execute."""
    parts = ability.cost.parts
    if parts and any(part.kind in _ELSEWHERE_ONLY for part in parts):
        return _FROM_ELSEWHERE
    return unexecuted_part(ability) or _EXECUTED


_INTRINSIC = {land_type: f"{{T}}: Add {{{letter}}}." for land_type, letter in BASIC_LAND_TYPES.items()}
