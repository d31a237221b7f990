"""What an ability's filter matches ("a nonland permanent you control"), and what it reads of the board to
match it: whose objects an effect looks at (:class:`Who`), the facts a reading declares
(:class:`BoardFact`), and the filter itself (:class:`ObjectFilter`).

Nothing here executes anything; the rules engine matches filters against a board.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, dataclass, field, fields
from enum import Enum

from models.mana import ManaTypes

__all__ = [
    "HISTORIC_TYPES",
    "STATUS_FACTS",
    "BoardFact",
    "ObjectFilter",
    "Who",
    "colors_match",
    "declared_reads",
    "facts_read",
]


#: The types that make an object historic (CR 700.6): the legendary supertype, the artifact card type, the
#: Saga subtype (any one of them: an :attr:`ObjectFilter.any_types`)
HISTORIC_TYPES = ("Artifact", "Legendary", "Saga")


class Who(Enum):
    """Whose permanents or actions an effect looks at, relative to the effect's controller."""

    __hash__ = object.__hash__  # (members are singletons: a C hash by identity, not Enum's Python call)

    YOU = "you"
    OPPONENTS = "opponents"
    ANY = "any"

    def includes(self, controller: str, player: str) -> bool:
        """True when ``player`` is among those an effect controlled by ``controller`` looks at.

        >>> Who.YOU.includes("me", "me"), Who.OPPONENTS.includes("me", "me"), Who.ANY.includes("me", "op")
        (True, False, True)
        """
        if self is Who.YOU:
            return controller == player
        if self is Who.OPPONENTS:
            return controller != player
        return True


class BoardFact(Enum):
    """A fact of the board that a reading (a filter, an amount, a condition, a palette, an ability's or an
    effect's resolution) may read: each field of a reading declares the facts it reads when it is set
    (:func:`facts_read`), so that what is kept of its answers can be keyed by them, and kept no longer than
    they hold. A fact of a permanent is the source's own unless the reading also declares that it looks at
    other objects (``BATTLEFIELD``, ``GRAVEYARD``, ``PLAYER``): a filter's facts are those of what it
    matches, and what holds a filter (an amount that counts, a condition on what you control) declares
    ``BATTLEFIELD`` beside them."""

    __hash__ = object.__hash__  # (members are singletons: a C hash by identity, not Enum's Python call)

    TAPPED = "tapped"  # a permanent's tapped status
    COUNTERS = "counters"  # the counters on a permanent
    TYPES = "types"  # a permanent's types, after the type-changing effects
    COLORS = "colors"  # a permanent's colors, after the color-changing effects
    POWER = "power"  # a permanent's printed power
    CONTROLLER = "controller"  # who controls a permanent (and who owns it)
    TOKEN = "token"  # whether a permanent is a token
    NAME = "name"  # a permanent's name
    MANA_VALUE = "mana_value"  # a permanent's mana value (CR 202.3): its mana cost's
    IDENTITY = "identity"  # which permanent it is (the source itself, or another)
    ATTACHMENT = "attachment"  # what a permanent is attached to
    CHOICES = "choices"  # what was chosen as a permanent entered (a creature type, the card it exiled)
    COMMANDER = "commander"  # the color identity of a permanent's controller's commander
    #: the colors of the card exiled with a permanent (and of those exiled to craft it), as they are
    EXILED_CARD_COLORS = "exiled_card_colors"
    BATTLEFIELD = "battlefield"  # the other permanents on the battlefield, and what they could produce
    GRAVEYARD = "graveyard"  # the cards in a player's graveyard
    KEYWORDS = "keywords"  # a permanent's keywords: those of its rules text, unless an effect took them
    ENTERED = "entered"  # whether a permanent entered the battlefield this turn (its ``entered_this_turn``)
    DESIGNATIONS = "designations"  # the designations a permanent has ('renowned', 'monstrous')
    #: the players' records: their life, hand, library, counters, status (monarch, initiative) and what they
    #: did this turn (the lands played, the spells cast, the cards drawn, what died)
    PLAYER = "player"
    #: what the activation's cost took as it was paid (the counters removed, the X paid, the permanents
    #: sacrificed, the cards revealed): no fact of the board, a choice of the activation
    COST_PAID = "cost_paid"


#: The facts a payment changes as it is made (a permanent tapped, a counter removed): what reads them is
#: never kept from one step of a payment to the next.
STATUS_FACTS = frozenset({BoardFact.TAPPED, BoardFact.COUNTERS})
#: What a field that declares nothing is taken to read: everything (so that a new field fails closed).
_EVERY_FACT = frozenset(BoardFact)


def facts_read(*facts: BoardFact, of_source: bool = False, nested: bool = False) -> dict[str, object]:
    """The declaration of a reading's field (its dataclass ``metadata``): the facts of the board it reads
    when it is set, and whether it reads the permanent the reading is written on beyond its controller
    (``of_source``: itself, what it is attached to, its choices); with ``nested``, the field holds readings
    (a filter, an amount, a condition, an output, or a tuple of them) and reads what they read besides.

    >>> facts_read(BoardFact.TAPPED)
    {'reads': frozenset({<BoardFact.TAPPED: 'tapped'>}), 'of_source': False, 'nested': False}
    """
    return {"reads": frozenset(facts), "of_source": of_source, "nested": nested}


def declared_reads(reading: object) -> frozenset[BoardFact]:
    """What the fields set on ``reading`` (a dataclass) declare they read (:func:`facts_read`), with what the
    readings they hold read; a field set without a declaration reads every fact (so that a new field fails
    closed). A field is set when it differs from its default (without one: when it is not empty); the
    readings a field holds read what they declare, set or not (an amount's kind declares what it counts).

    >>> from models.abilities import Condition
    >>> sorted(f.value for f in declared_reads(Condition((ObjectFilter(types=("Elf",)),), at_least=2)))
    ['battlefield', 'types']
    """
    return _declared_reads(reading)[0]


def _declared_reads(reading: object) -> tuple[frozenset[BoardFact], bool]:
    """:func:`declared_reads`, and whether a field set reads its source."""
    found: set[BoardFact] = set()
    of_source = False
    for name, default, facts, source, nested in _declarations(type(reading)):
        value = getattr(reading, name)
        if nested:  # (a reading held reads what it declares, at its default too)
            found |= _nested_reads(value)
        if value == default or (default is MISSING and not value):
            continue
        found |= facts
        of_source = of_source or source
    return frozenset(found), of_source


#: A compared field's declaration: its name, its default, the facts it reads when set, whether it reads its
#: source, whether it holds readings (a field without a declaration reads every fact, and its source).
_Declared = tuple[str, object, frozenset[BoardFact], bool, bool]
#: The declarations of each class's compared fields, read once per class (a constant of the class: its
#: fields' metadata, no answer).
_DECLARATIONS: dict[type, tuple[_Declared, ...]] = {}


def _declarations(kind: type) -> tuple[_Declared, ...]:
    """The declarations of the compared fields of a dataclass (:data:`_DECLARATIONS`)."""
    known = _DECLARATIONS.get(kind)
    if known is None:
        found: list[_Declared] = []
        for declared in fields(kind):
            if not declared.compare:
                continue
            facts = declared.metadata.get("reads")
            reads = facts if isinstance(facts, frozenset) else _EVERY_FACT
            source = bool(declared.metadata.get("of_source", facts is None))
            found.append(
                (declared.name, declared.default, reads, source, bool(declared.metadata.get("nested")))
            )
        known = _DECLARATIONS[kind] = tuple(found)
    return known


def _nested_reads(value: object) -> frozenset[BoardFact]:
    """What the readings a field holds read: a reading's own ``reads()``, or for a tuple each member's (a
    value that is no reading reads nothing: a mana output's bags, a condition's threshold)."""
    if isinstance(value, tuple):
        found: frozenset[BoardFact] = frozenset()
        for member in value:
            found |= _nested_reads(member)
        return found
    reads = getattr(value, "reads", None)
    if reads is None:
        return frozenset()
    known = reads()
    assert isinstance(known, frozenset)
    return known


def colors_match(colors: ManaTypes, colorless: bool, multicolored: bool, monocolored: bool) -> bool:
    """True when an object of ``colors`` is as colorless, multicolored or monocolored as asked (CR 105.2).

    >>> colors_match(ManaTypes(), True, False, False), colors_match(ManaTypes.parse("WU"), False, False, True)
    (True, False)
    """
    if colorless and colors:
        return False
    return not ((multicolored and len(colors) < 2) or (monocolored and len(colors) != 1))


@dataclass(kw_only=True, frozen=True, slots=True)
class ObjectFilter:
    """A description of permanents, e.g. 'an untapped blue creature you control' or 'nonbasic lands'.

    ``types`` must all match (card types or subtypes, e.g. ``("Land", "Swamp")``); ``excluded`` must all be
    absent (``nonbasic`` excludes ``Basic``). ``self_only`` means the ability's own permanent;
    ``attached`` means the permanent the effect's source is attached to (enchanted or equipped);
    ``named_as_imprinted`` asks for the name of the card exiled with the source (its ``imprinted`` choice:
    'a land with the same name as the exiled card'); ``token`` asks for a token (True) or a nontoken
    (False), ``named`` for a name ('a token named Wood'), ``named_as_source`` for the name of the permanent
    the filter is written on ('each artifact named ~ you control': Powerstone Shard, CR 201.2).

    >>> ObjectFilter(types=("Elf",), controller=Who.YOU, other=True).describe()
    'other Elf you control'
    >>> ObjectFilter(token=True, named="Wood", controller=Who.YOU).describe()
    'token named Wood you control'
    >>> ObjectFilter(types=("Artifact",), named_as_source=True, controller=Who.YOU).describe()
    'artifact named as this permanent you control'
    """

    types: tuple[str, ...] = field(default=(), metadata=facts_read(BoardFact.TYPES))
    excluded: tuple[str, ...] = field(default=(), metadata=facts_read(BoardFact.TYPES))
    #: 'an artifact or creature': at least one of these types (with ``types``, all of those too)
    any_types: tuple[str, ...] = field(default=(), metadata=facts_read(BoardFact.TYPES))
    colors: ManaTypes = field(default=ManaTypes(), metadata=facts_read(BoardFact.COLORS))
    #: 'a black or artifact creature': of one of ``colors``, or else of one of these types
    or_types: tuple[str, ...] = field(default=(), metadata=facts_read(BoardFact.TYPES, BoardFact.COLORS))
    controller: Who = field(default=Who.ANY, metadata=facts_read(BoardFact.CONTROLLER))
    other: bool = field(default=False, metadata=facts_read(BoardFact.IDENTITY))
    untapped: bool = field(default=False, metadata=facts_read(BoardFact.TAPPED))
    chosen_type: bool = field(
        default=False, metadata=facts_read(BoardFact.TYPES, BoardFact.CHOICES, of_source=True)
    )
    #: 'of the chosen color': one of its colors is the color chosen for the source (Caged Sun)
    chosen_color: bool = field(
        default=False, metadata=facts_read(BoardFact.COLORS, BoardFact.CHOICES, of_source=True)
    )
    self_only: bool = field(default=False, metadata=facts_read(BoardFact.IDENTITY, of_source=True))
    attached: bool = field(default=False, metadata=facts_read(BoardFact.ATTACHMENT, of_source=True))
    named_as_imprinted: bool = field(
        default=False, metadata=facts_read(BoardFact.NAME, BoardFact.CHOICES, of_source=True)
    )
    #: True: tokens only ('creature tokens'); False: 'nontoken'
    token: bool | None = field(default=None, metadata=facts_read(BoardFact.TOKEN))
    colorless: bool = field(default=False, metadata=facts_read(BoardFact.COLORS))
    multicolored: bool = field(default=False, metadata=facts_read(BoardFact.COLORS))
    monocolored: bool = field(default=False, metadata=facts_read(BoardFact.COLORS))
    #: 'with a counter on it' (''), 'with a charge counter on it' ('charge')
    counter: str | None = field(default=None, metadata=facts_read(BoardFact.COUNTERS))
    #: 'with power 4 or greater': its power now, printed with its counters on top, of a creature (CR 208.3)
    power_at_least: int | None = field(
        default=None, metadata=facts_read(BoardFact.POWER, BoardFact.COUNTERS, BoardFact.TYPES)
    )
    named: str = field(default="", metadata=facts_read(BoardFact.NAME))  # 'a token named Wood'
    #: 'with defender': a keyword it has (CR 702), written in lower case
    keyword: str = field(default="", metadata=facts_read(BoardFact.KEYWORDS))
    #: 'that could produce {C}' (Obsidian Charmaw): one of these types among what it could produce (CR 106.7)
    #: (its abilities, its types and its choices, and the other permanents: reflecting ones, Blood Moon)
    could_produce: ManaTypes = field(
        default=ManaTypes(), metadata=facts_read(BoardFact.BATTLEFIELD, BoardFact.TYPES, BoardFact.CHOICES)
    )
    #: 'named ~': the name of the permanent it is written on (its own included, CR 201.2)
    named_as_source: bool = field(default=False, metadata=facts_read(BoardFact.NAME, of_source=True))
    #: 'that don't have the same name as ~': any name but the one of the permanent it is written on (Marvin)
    other_name: bool = field(default=False, metadata=facts_read(BoardFact.NAME, of_source=True))
    #: 'creatures enchanted player controls' (Overwhelming Splendor): controlled by the player the source, an
    #: Aura with 'Enchant player', is attached to (its ``attached_to`` names a player)
    enchanted_player: bool = field(
        default=False, metadata=facts_read(BoardFact.CONTROLLER, BoardFact.ATTACHMENT, of_source=True)
    )
    #: 'equipped creatures you control' (Firion, Wild Rose Warrior), 'enchanted creatures you control' (Syr
    #: Armont): a permanent with an Equipment ('Equipment') or an Aura ('Aura') attached to it, whatever the
    #: source is attached to (CR 301.5, 303.4); '' for no such test (the source itself may be the one)
    carrying: str = field(
        default="", metadata=facts_read(BoardFact.ATTACHMENT, BoardFact.TYPES, of_source=True)
    )
    #: 'that entered the battlefield this turn': the permanent's ``entered_this_turn`` (Alena, Kessig Trapper)
    entered_this_turn: bool = field(default=False, metadata=facts_read(BoardFact.ENTERED))
    #: 'with mana value of the chosen value' (Ashling's Prerogative): its mana value (CR 202.3) is odd or even
    #: as chosen for the source (its ``choices.odd_or_even``)
    chosen_parity: bool = field(
        default=False, metadata=facts_read(BoardFact.MANA_VALUE, BoardFact.CHOICES, of_source=True)
    )
    #: 'of the first chosen type' (Illusionary Terrain): of the first of the basic land types chosen as the
    #: source entered (its ``choices.basic_land_types``)
    first_chosen_land_type: bool = field(
        default=False, metadata=facts_read(BoardFact.TYPES, BoardFact.CHOICES, of_source=True)
    )
    #: the permanent the source's resolved trigger chose, whose effect lasts while the source remains (The
    #: Wondrous Wasp's target): the source's ``choices.linked_permanent``
    linked_permanent: bool = field(
        default=False, metadata=facts_read(BoardFact.IDENTITY, BoardFact.CHOICES, of_source=True)
    )
    #: the source and the creature it is paired with while they are paired (soulbond, CR 702.95: Lightning
    #: Mauler's 'both creatures'): the pair its ``choices.paired_with`` (or the other's) names, both
    #: creatures of one controller (CR 702.95e)
    paired: bool = field(
        default=False,
        metadata=facts_read(
            BoardFact.IDENTITY, BoardFact.CHOICES, BoardFact.TYPES, BoardFact.CONTROLLER, of_source=True
        ),
    )
    #: 'you control but don't own' (Laughing Jasper Flint): owned by a player other than the source's
    #: controller (the board's ``owner``, CR 108.3)
    not_owned: bool = field(default=False, metadata=facts_read(BoardFact.CONTROLLER))
    #: what the filter reads (:meth:`reads`), worked out on first use
    _reads: tuple[frozenset[BoardFact], bool] | None = field(
        default=None, init=False, repr=False, compare=False
    )

    def colors_match(self, colors: ManaTypes) -> bool:
        """True when an object of ``colors`` is as colorless, multicolored or monocolored as the filter asks
        (CR 105.2).

        >>> two = ManaTypes.parse("WU")
        >>> colorless, monocolored = ObjectFilter(colorless=True), ObjectFilter(monocolored=True)
        >>> colorless.colors_match(ManaTypes()), monocolored.colors_match(two)
        (True, False)
        """
        return colors_match(colors, self.colorless, self.multicolored, self.monocolored)

    def colors_or_types_match(self, colors: ManaTypes, is_a: Callable[[str], bool]) -> bool:
        """True when an object of ``colors`` (and of the types ``is_a`` answers) has one of the filter's
        ``colors``, or one of its ``or_types`` ('a black or artifact creature'); True without ``colors``.

        >>> either = ObjectFilter(types=("Creature",), colors=ManaTypes.parse("B"), or_types=("Artifact",))
        >>> either.colors_or_types_match(ManaTypes(), lambda word: word == "Artifact")
        True
        >>> either.colors_or_types_match(ManaTypes.parse("G"), lambda word: word == "Creature")
        False
        """
        if not self.colors or colors & self.colors:
            return True
        return any(is_a(word) for word in self.or_types)

    def reads(self) -> frozenset[BoardFact]:
        """The facts of the board it reads: those its fields that are set declare (:func:`facts_read`; a field
        that declares none reads them all).

        >>> sorted(fact.value for fact in ObjectFilter(types=("Elf",), controller=Who.YOU).reads())
        ['controller', 'types']
        """
        return self._declared()[0]

    @property
    def reads_status(self) -> bool:
        """True when what it matches can change while a payment is made (a permanent becomes tapped, a
        cost removes a counter: :data:`STATUS_FACTS`): its matches are never kept across the steps of a
        payment.

        >>> ObjectFilter(untapped=True).reads_status, ObjectFilter(types=("Elf",)).reads_status
        (True, False)
        >>> ObjectFilter(power_at_least=4).reads_status  # (power counts +1/+1 counters)
        True
        """
        return not self._declared()[0].isdisjoint(STATUS_FACTS)

    @property
    def reads_source(self) -> bool:
        """True when what it matches depends on the permanent it is written on beyond its controller
        (itself, what it is attached to, its choices): a field set that declares ``of_source``."""
        return self._declared()[1]

    def _declared(self) -> tuple[frozenset[BoardFact], bool]:
        known = self._reads
        if known is None:
            known = _declared_reads(self)
            object.__setattr__(self, "_reads", known)
        return known

    def describe(self) -> str:
        """A short English description for display."""
        if self.self_only:
            return "this permanent"
        words = [*("non" + w.lower() for w in self.excluded)]
        if self.other:
            words.insert(0, "other")
        if self.untapped:
            words.append("untapped")
        either = [t if t[0].isupper() and t not in _CARD_TYPE_WORDS else t.lower() for t in self.or_types]
        # (of one of its colors, or else of one of its other types: 'black or red', 'black or artifact')
        words += [" or ".join([_COLOR_NAMES[t.letter] for t in self.colors] + either)] if self.colors else []
        words += [w for w, on in (("colorless", self.colorless), ("multicolored", self.multicolored),
                                  ("monocolored", self.monocolored)) if on]  # fmt: skip
        if self.token is False:
            words.insert(0, "nontoken")
        if self.chosen_type:
            words.append("of the chosen type")
        words += [t if t[0].isupper() and t not in _CARD_TYPE_WORDS else t.lower() for t in self.types]
        if self.any_types:
            words.append(" or ".join(t if t[0].isupper() and t not in _CARD_TYPE_WORDS else t.lower()
                                     for t in self.any_types))  # fmt: skip
        if self.chosen_color:
            words.append("of the chosen color")
        if self.token:
            words.append("token")
        if self.named:
            words += ["named", self.named]
        if self.named_as_source:
            words += ["named as this permanent"]
        if self.other_name:
            words += ["not named as this permanent"]
        if self.attached:
            words.insert(0, "the enchanted/equipped")
        if self.carrying:
            words.insert(0, "equipped" if self.carrying == "Equipment" else "enchanted")
        tail = {Who.YOU: " you control", Who.OPPONENTS: " an opponent controls", Who.ANY: ""}[self.controller]
        if self.enchanted_player:
            tail = " enchanted player controls"
        if self.not_owned:
            tail += " but don't own"
        if self.keyword:
            tail = f" with {self.keyword}" + tail
        if self.counter is not None:
            tail += f" with a {self.counter + ' ' if self.counter else ''}counter on it"
        if self.named_as_imprinted:
            tail = " with the same name as the exiled card" + tail
        if self.entered_this_turn:
            tail += " that entered the battlefield this turn"
        if self.could_produce:
            tail += " that could produce " + "".join(f"{{{letter}}}" for letter in str(self.could_produce))
        if self.first_chosen_land_type:
            tail = " of the first chosen type" + tail
        if self.chosen_parity:
            tail = " with mana value of the chosen value" + tail
        if self.linked_permanent:
            words = ["the permanent its trigger chose", *words]
        if self.paired:
            tail = " paired with ~" + tail if self.other else " of ~'s pair" + tail
        return " ".join(words or ["permanent"]) + tail


_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}
_CARD_TYPE_WORDS = frozenset({"Artifact", "Creature", "Land", "Enchantment", "Planeswalker", "Battle"})
