"""The mana one activation adds, as *packets*: ``picks`` choices, each of one type from ``types``, each giving
``per_pick`` mana, with the tag of what the mana carries (its source, restrictions, riders); and an
*outcome*, one way an activation can resolve (:mod:`planner.rules.production` works them out).

>>> from models.mana import ManaTypes
>>> tag = ManaTag(source="sol")
>>> normalised([Packet(ManaTypes.parse("C"), 1, 1, tag), Packet(ManaTypes.parse("C"), 1, 1, tag)])[0].total
2
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, fields

from models.abilities import BoardFact, SpendRestriction, facts_read
from models.cost import PaymentTarget
from models.kept import KeptMap
from models.mana import TYPE_ORDER, ManaBag, ManaTypes

__all__ = ["TAG_READS", "ManaTag", "Outcome", "Packet", "bag_packets", "normalised"]


@dataclass(kw_only=True, frozen=True, slots=True)
class ManaTag:
    """What rides on mana besides its type: its source, snow status, restriction and riders (CR 106.6).
    Each field declares what it reads of its source as the mana is made (:data:`TAG_READS`)."""

    source: str = field(metadata=facts_read())  # (the source's id: a key of outcomes names it apart)
    snow: bool = field(default=False, metadata=facts_read(BoardFact.TYPES, of_source=True))
    restriction: SpendRestriction | None = field(default=None, metadata=facts_read())
    chosen_type: str | None = field(default=None, metadata=facts_read(BoardFact.CHOICES, of_source=True))
    riders: tuple[str, ...] = field(default=(), metadata=facts_read())
    #: floating mana that does not empty between steps (the board's 'persists')
    persists: bool = field(default=False, metadata=facts_read())
    #: a creature produced it (its source was a creature as the mana was added), which a spell's "Spend only
    #: mana produced by creatures to cast this spell" reads (Myr Superion)
    creature: bool = field(default=False, metadata=facts_read(BoardFact.TYPES, of_source=True))
    #: a basic land produced it (its source was a basic land as the mana was added), which a spell's "Spend
    #: only mana produced by basic lands to cast this spell" reads (Imperiosaur)
    basic_land: bool = field(default=False, metadata=facts_read(BoardFact.TYPES, of_source=True))
    #: a Treasure produced it (its source was a Treasure as the mana was added), which an alternative cost's
    #: "Spend only mana produced by Treasures to cast it this way" reads (Security Rhox)
    treasure: bool = field(default=False, metadata=facts_read(BoardFact.TYPES, of_source=True))

    def allows(self, target: PaymentTarget) -> bool:
        """True when mana with this tag may be spent on the target: its restriction, if any, allows it
        (CR 106.6), and the target's own restriction on the sources of its mana (Myr Superion's creatures,
        Imperiosaur's basic lands; Hogaak's "You can't spend mana to cast this spell": none).

        >>> ManaTag(source="f1").allows(PaymentTarget.of("{G}"))
        True
        >>> superion = PaymentTarget(cost=PaymentTarget.of("{2}").cost, creature_mana_only=True)
        >>> ManaTag(source="f1").allows(superion), ManaTag(source="elf", creature=True).allows(superion)
        (False, True)
        >>> saur = PaymentTarget(cost=PaymentTarget.of("{2}").cost, basic_land_mana_only=True)
        >>> elf, forest = ManaTag(source="elf", creature=True), ManaTag(source="f", basic_land=True)
        >>> elf.allows(saur), forest.allows(saur)
        (False, True)
        """
        if target.creature_mana_only and not self.creature:
            return False
        if target.no_mana or (target.basic_land_mana_only and not self.basic_land):
            return False
        if target.treasure_mana_only and not self.treasure:
            return False
        return self.restriction is None or self.restriction.allows(target, self.chosen_type)

    def with_source(self, source: str) -> ManaTag:
        """The tag with another source (``dataclasses.replace``, without its cost).

        >>> ManaTag(source="", snow=True).with_source("f1")  # doctest: +NORMALIZE_WHITESPACE
        ManaTag(source='f1', snow=True, restriction=None, chosen_type=None, riders=(), persists=False,
                creature=False, basic_land=False, treasure=False)
        """
        return ManaTag(
            source=source,
            snow=self.snow,
            restriction=self.restriction,
            chosen_type=self.chosen_type,
            riders=self.riders,
            persists=self.persists,
            creature=self.creature,
            basic_land=self.basic_land,
            treasure=self.treasure,
        )


#: What a mana's tag reads of its source as the mana is made, whichever of its fields are set: the union of
#: its fields' declarations (a field without one reads every fact: never keyed).
TAG_READS: frozenset[BoardFact] = frozenset().union(
    *(declared.metadata.get("reads", frozenset(BoardFact)) for declared in fields(ManaTag))
)


@dataclass(frozen=True, slots=True)
class Packet:
    """``picks`` choices of one type from ``types``, each adding ``per_pick`` mana with the same tag."""

    types: ManaTypes
    picks: int
    per_pick: int
    tag: ManaTag

    @property
    def total(self) -> int:
        """How many mana the packet adds."""
        return self.picks * self.per_pick

    def concrete(self) -> Iterable[ManaBag]:
        """Every bag of mana the packet can become, one per distinct choice; kept by all it reads (its
        types, picks and mana per pick) when there are at most :data:`_BAGS_KEPT`.

        >>> [str(bag) for bag in Packet(ManaTypes.parse("RG"), 2, 1, ManaTag(source="f")).concrete()]
        ['{R}{R}', '{R}{G}', '{G}{G}']
        """
        key = (self.types.mask, self.picks, self.per_pick)
        known = _BAGS.get(key)
        if known is not None:
            return known
        bags = (
            ManaBag.of(combo).scaled(self.per_pick)
            for combo in itertools.combinations_with_replacement(tuple(self.types), self.picks)
        )
        if math.comb(max(len(self.types) + self.picks - 1, 0), self.picks) > _BAGS_KEPT:
            return bags
        found = tuple(bags)
        _BAGS.put(key, found)
        return found


#: The most bags one packet may have for :meth:`Packet.concrete` to keep them, and how many packets' bags it
#: keeps, past which it forgets them all.
_BAGS_KEPT = 64
_BAGS: KeptMap[tuple[int, int, int], tuple[ManaBag, ...]] = KeptMap(
    f"{__name__}.Packet.concrete", maxsize=1024
)


@dataclass(frozen=True, slots=True)
class Outcome:
    """One way an activation can resolve: the mana it adds, what it costs in damage, and how it got there.

    ``replacements`` lists the ids of the permanents whose replacement effects applied, in order;
    ``devotion`` the color chosen for a devotion to the chosen color (Nykthos), whose amount it counted
    whatever type a replacement then made the mana (Pale Moon's {C}).
    """

    packets: tuple[Packet, ...]
    damage: int = 0
    life_loss: int = 0
    replacements: tuple[str, ...] = ()
    sacrifices_source: bool = False
    devotion: ManaTypes = ManaTypes()
    life_gain: int = 0  # life its controller gains as it resolves (Pristine Talisman)

    def with_packets(
        self, packets: tuple[Packet, ...], replacements: tuple[str, ...] | None = None
    ) -> Outcome:
        """The outcome with other packets (and replacements' sources, when given): ``dataclasses.replace``
        without its cost, as outcomes kept are renamed for every board that finds them.

        >>> outcome = Outcome((), damage=1, replacements=("a",))
        >>> outcome.with_packets((), ("b",)) == Outcome((), damage=1, replacements=("b",))
        True
        """
        return Outcome(
            packets,
            self.damage,
            self.life_loss,
            self.replacements if replacements is None else replacements,
            self.sacrifices_source,
            self.devotion,
            self.life_gain,
        )

    @property
    def total(self) -> int:
        """How many mana in all."""
        return sum(p.total for p in self.packets)

    @property
    def types(self) -> ManaTypes:
        """Every type this outcome can put into the pool."""
        result = ManaTypes()
        for packet in self.packets:
            if packet.total:
                result |= packet.types
        return result

    def concrete(self) -> Iterator[tuple[tuple[ManaBag, ManaTag], ...]]:
        """Every fully chosen result: for each packet, the bag it becomes with its tag."""
        choices = [[(bag, p.tag) for bag in p.concrete()] for p in self.packets]
        yield from itertools.product(*choices)


def normalised(packets: Iterable[Packet]) -> tuple[Packet, ...]:
    """Merge packets that can be merged and drop empty ones, in a canonical order.

    Single-type packets with the same tag add up; multi-type packets add up their picks when their type
    set, amount per pick and tag agree.
    """
    singles: dict[tuple[int, ManaTag], int] = {}
    choices: dict[tuple[int, int, ManaTag], int] = {}
    for packet in packets:
        if packet.total <= 0 or not packet.types:
            continue
        if len(packet.types) == 1:
            key = (packet.types.mask, packet.tag)
            singles[key] = singles.get(key, 0) + packet.total
        else:
            choice_key = (packet.types.mask, packet.per_pick, packet.tag)
            choices[choice_key] = choices.get(choice_key, 0) + packet.picks
    result = [Packet(ManaTypes(mask), 1, total, tag) for (mask, tag), total in singles.items()]
    result += [Packet(ManaTypes(mask), picks, each, tag) for (mask, each, tag), picks in choices.items()]
    if len(result) < 2:
        return tuple(result)
    return tuple(sorted(result, key=lambda p: (p.tag.source, p.types.mask, p.per_pick, p.picks, repr(p.tag))))


def bag_packets(bag: ManaBag, times: int, tag: ManaTag) -> list[Packet]:
    """A fixed bag of mana, ``times`` over, as single-type packets with the tag."""
    return [Packet(ManaTypes(t), 1, bag[t] * times, tag) for t in TYPE_ORDER if bag[t]]
