"""Permanents: which card each is, its printed characteristics and status, the choices made as it entered
(and the card exiled with it), and how a board file gives them.

>>> Permanent.from_dict({"id": "f", "card": "Forest", "controller": "me", "tapped": True}).to_dict()
{'id': 'f', 'card': 'Forest', 'controller': 'me', 'tapped': True}
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from models.board.copies import copied_json, copy_values, read_copied
from models.board.json_fields import (
    FieldError,
    Fields,
    JsonPath,
    checked,
    describe_json,
    json_list,
    quote,
    read_bool,
    read_color,
    read_colors,
    read_cost,
    read_count,
    read_counters,
    read_int,
    read_long_text,
    read_mana_type,
    read_named,
    read_printed,
    read_text,
    read_type_line,
)
from models.board.printed import (
    DESCRIBED,
    PrintedCard,
    card_colors,
    catalogue_card,
    printed_number,
    read_card,
    stored_card,
)
from models.board.zones import Card
from models.board_fields import CHOICES, IMPRINTED_CARD, PERMANENT
from models.catalogue import CardData, lookup
from models.cost import ManaCost
from models.errors import BoardError
from models.hashing import cached_hash, state_without_hash
from models.limits import MAX_COUNTERS, number
from models.mana import ManaType, ManaTypes
from models.oracle.levels import ENTERING, Level
from models.slots import slot_copier
from models.types import BASIC_LAND_TYPES, CARD_TYPES, TypeLine


@dataclass(frozen=True, slots=True)
class ImprintedCard:
    """The card exiled with a permanent as the board describes it (``choices.imprinted`` as an object, for any
    card, in the catalogue or not): its name, and the mana cost and color indicator its colors come from.

    >>> card = ImprintedCard.from_json({"name": "Homebrew Bolt", "mana_cost": "{R}"})
    >>> str(card.colors), card.to_json()
    ('R', {'name': 'Homebrew Bolt', 'mana_cost': '{R}'})
    """

    name: str
    mana_cost: ManaCost | None = None
    color_indicator: ManaTypes | None = None
    #: its type line and rules text, when the board or the card store gives them ('~ has all activated
    #: abilities of the exiled card': Territory Forge); None: a catalogue card's are looked up by its name
    type_line: TypeLine | None = None
    oracle: str | None = None

    def __post_init__(self) -> None:
        if self.color_indicator is not None and not self.color_indicator:
            object.__setattr__(self, "color_indicator", None)  # '' is no color indicator

    @classmethod
    def from_json(cls, value: object, source: str = "<imprinted>") -> ImprintedCard:
        """Read the object form; raises ``BoardError`` naming ``source``."""
        found = checked(source, lambda: _read_imprinted(value, ()))
        if not isinstance(found, ImprintedCard):
            raise BoardError(f"{source}: expected an object {{name, mana_cost, color_indicator}}")
        return found

    @classmethod
    def of_printed(cls, printed: PrintedCard) -> ImprintedCard:
        """The description of a card the card store or the catalogue knows (its text included).

        >>> forest = catalogue_card("Forest")
        >>> forest is not None and ImprintedCard.of_printed(forest).oracle
        '({T}: Add {G}.)'
        """
        return cls(
            name=printed.name,
            mana_cost=printed.mana_cost,
            color_indicator=printed.color_indicator,
            type_line=printed.type_line,
            oracle=printed.oracle,
        )

    def as_card(self) -> Card | None:
        """The card it describes, when its type line and rules text are given; None otherwise (a catalogue
        card's are then looked up by its name).

        >>> ImprintedCard("Homebrew Bolt", type_line=TypeLine.parse("Instant"), oracle="").as_card().name
        'Homebrew Bolt'
        """
        if self.oracle is None or self.type_line is None:
            return None
        return Card(
            card=None,
            name=self.name,
            type_line=self.type_line,
            oracle=self.oracle,
            mana_cost=self.mana_cost,
            color_indicator=self.color_indicator,
        )

    @property
    def colors(self) -> ManaTypes:
        """Its colors (CR 202.2)."""
        return card_colors(self.mana_cost, self.color_indicator)

    def to_json(self) -> dict[str, str]:
        """The board-file form: the object, its mana cost written even when it is none (``""``)."""
        out = {"name": self.name, "mana_cost": str(self.mana_cost) if self.mana_cost is not None else ""}
        if self.color_indicator is not None:
            out["color_indicator"] = str(self.color_indicator)
        if self.type_line is not None:
            out["type_line"] = str(self.type_line)
        if self.oracle is not None:
            out["oracle"] = self.oracle
        return out


@dataclass(frozen=True, slots=True)
class Choices:
    """What was chosen for a permanent as it entered: color, creature type, card type, basic land type, and
    the card exiled with it (``imprinted``: its name, as Extraplanar Lens's 'Imprint' ability asks; and
    ``imprinted_card`` when the board describes that card, whose colors Chrome Mox's ability reads), or the
    cards exiled with it when the board lists them (``imprinted_cards``: Pit of Offerings exiles up to three,
    its ability reads their colors), and what it entered as a copy of (``copied``: Vesuva, Clone;
    :mod:`models.board.copies`).

    ``color`` is one of the five colors (never colorless); names are stored in their canonical case.

    >>> choices = Choices.from_dict({"color": "g", "basic_land_type": "forest"})
    >>> choices.color, choices.basic_land_type, choices.to_dict()
    (<ManaType.G: 16>, 'Forest', {'color': 'G', 'basic_land_type': 'Forest'})
    >>> bool(Choices())
    False
    """

    color: ManaType | None = None
    creature_type: str | None = None
    card_type: str | None = None
    basic_land_type: str | None = None
    imprinted: str | None = None
    imprinted_card: ImprintedCard | None = None
    #: the cards exiled with it, when the board gives them as a list (each a name or a described card; ``()``
    #: when it exiled none); ``imprinted`` and ``imprinted_card`` are then None
    imprinted_cards: tuple[str | ImprintedCard, ...] | None = None
    #: the type of mana last noted by its ability (Jeweled Amulet's "Note the type of mana spent to pay this
    #: activation cost"), which its other ability adds; colorless is a type
    noted_type: ManaType | None = None
    #: the colors among the cards exiled to craft it (CR 702.167: Sunbird Effigy adds one mana of each), as
    #: printed; empty for colorless cards
    crafted_colors: ManaTypes | None = None
    #: the colors chosen as cards of its name were drafted (Paliano, the High City adds one mana of any)
    drafted_colors: ManaTypes | None = None
    #: the colors chosen as it entered when it chooses more than one ("choose two colors": Seal of the
    #: Guildpact's "for each of the chosen colors it is")
    colors: ManaTypes | None = None
    #: the number its trigger counted at this turn's upkeep (Chaos Moon's permanents: odd or even decides
    #: its effect until end of turn)
    upkeep_count: int | None = None
    #: 'odd' or 'even', chosen as it entered (Ashling's Prerogative: 'Each creature with mana value of the
    #: chosen value has haste')
    odd_or_even: str | None = None
    #: the basic land types chosen as it entered when it chooses more than one, in the order chosen
    #: (Illusionary Terrain: 'Basic lands of the first chosen type are the second chosen type')
    basic_land_types: tuple[str, ...] | None = None
    #: the id of the permanent its resolved trigger chose, whose effect lasts while it remains on the
    #: battlefield (The Wondrous Wasp's target: 'It loses all abilities for as long as ~ remains ...')
    linked_permanent: str | None = None
    #: the id of the creature it is paired with (soulbond, CR 702.95a: chosen as it or the other entered;
    #: either of the two may name the other)
    paired_with: str | None = None
    #: what it entered as a copy of (CR 707.2: Vesuva, Clone), by the copiable values of that object
    copied: PrintedCard | None = None
    #: the card name chosen as it entered (Alhammarret, High Arbiter's 'Your opponents can't cast spells with
    #: the chosen name.') or by its trigger this turn (Cheering Fanatic's 'Spells with the chosen name cost
    #: {1} less to cast this turn.'): one name, a split card's half's (CR 709.4a, 201.2)
    card_name: str | None = None
    #: the number chosen as it entered (Sanctum Prelate's 'Noncreature spells with mana value equal to the
    #: chosen number can't be cast.')
    number: int | None = None
    #: the word chosen as it entered (Meddling Kids' 'Spells with the chosen word in their text box can't be
    #: cast.'), as given
    word: str | None = None
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        """Worked out once: the planner's keys hold a permanent's choices (see :mod:`models.hashing`)."""
        return self._hash or cached_hash(self)

    def __getstate__(self) -> list[object]:
        return state_without_hash(self)

    def __post_init__(self) -> None:
        if self.imprinted_cards is not None and self.imprinted is not None:
            raise ValueError("the card exiled with it is given both alone and in a list")
        card = self.imprinted_card
        if card is not None:
            if self.imprinted is None:
                object.__setattr__(self, "imprinted", card.name)
            elif self.imprinted != card.name:
                raise ValueError(f"imprinted {self.imprinted!r} is not imprinted_card's name {card.name!r}")

    @property
    def imprinted_colors(self) -> ManaTypes | None:
        """The colors of the card exiled with it (CR 202.2): from the board's description of that card, else
        from the built-in catalogue; None when no card is given or the catalogue does not know its name.

        >>> str(Choices(imprinted="Llanowar Elves").imprinted_colors)
        'G'
        >>> Choices(imprinted="Homebrew Bolt").imprinted_colors is None
        True
        >>> bolt = ImprintedCard("Homebrew Bolt", ManaCost.parse("{R}"))
        >>> str(Choices(imprinted_cards=("Llanowar Elves", bolt)).imprinted_colors)  # (any of theirs)
        'RG'
        >>> str(Choices(imprinted_cards=()).imprinted_colors)  # (it exiled none: no color)
        ''
        """
        if self.imprinted_cards is not None:
            found_colors = ManaTypes()
            for exiled in self.imprinted_cards:
                colors = _exiled_colors(exiled)
                if colors is None:
                    return None
                found_colors |= colors
            return found_colors
        if self.imprinted_card is not None:
            return self.imprinted_card.colors
        return _exiled_colors(self.imprinted) if self.imprinted is not None else None

    @property
    def imprinted_card_types(self) -> tuple[str, ...] | None:
        """The card types of the one card exiled with it (CR 205.2a): from the board's description of that
        card, else from the built-in catalogue; None when no single card is given or its type line is not
        known (Semblance Anvil's 'share a card type with the exiled card').

        >>> Choices(imprinted="Lightning Bolt").imprinted_card_types
        ('Instant',)
        >>> Choices(imprinted="Homebrew Bolt").imprinted_card_types is None
        True
        >>> Choices(imprinted_card=ImprintedCard("Homebrew", type_line=TypeLine.parse("Artifact Creature"))
        ...     ).imprinted_card_types
        ('Artifact', 'Creature')
        """
        if self.imprinted_card is not None:
            line = self.imprinted_card.type_line
        elif self.imprinted is not None:
            found = catalogue_card(self.imprinted)
            line = found.type_line if found is not None else None
        else:
            return None  # (none given, or a list of several)
        return line.card_types if line is not None else None

    @property
    def chosen_type(self) -> str | None:
        """The type chosen as it entered that 'of the chosen type' reads: its creature type (Herald's Horn),
        else its card type (Cloud Key, Archon of Valor's Reach); None when neither was chosen.

        >>> Choices(card_type="Instant").chosen_type, Choices(creature_type="Elf").chosen_type
        ('Instant', 'Elf')
        """
        return self.creature_type if self.creature_type is not None else self.card_type

    @property
    def exiled_names(self) -> tuple[str, ...] | None:
        """The names of the cards exiled with it (``imprinted``, alone or listed): ``()`` when it exiled none,
        None when the board does not say.

        >>> Choices(imprinted="Llanowar Elves").exiled_names, Choices(imprinted_cards=()).exiled_names
        (('Llanowar Elves',), ())
        >>> Choices().exiled_names is None
        True
        """
        if self.imprinted_cards is not None:
            return tuple(c if isinstance(c, str) else c.name for c in self.imprinted_cards)
        return (self.imprinted,) if self.imprinted is not None else None

    @property
    def unknown_imprinted(self) -> tuple[str, ...]:
        """The names of the cards exiled with it whose colors are not known (not described, not in the
        built-in catalogue).

        >>> Choices(imprinted_cards=("Llanowar Elves", "Homebrew Bolt")).unknown_imprinted
        ('Homebrew Bolt',)
        """
        given = (
            self.imprinted_cards
            if self.imprinted_cards is not None
            else (self.imprinted_card or self.imprinted,)
        )
        return tuple(c for c in given if isinstance(c, str) and _exiled_colors(c) is None)

    @property
    def exiled_any(self) -> bool:
        """True when a card is exiled with it ('if a card is exiled with ~').

        >>> Choices(imprinted="Llanowar Elves").exiled_any, Choices(imprinted_cards=()).exiled_any
        (True, False)
        """
        return self.imprinted is not None or bool(self.imprinted_cards)

    @classmethod
    def from_dict(cls, data: object, source: str = "<choices>") -> Choices:
        """Read a ``choices`` object; raises ``BoardError`` naming ``source``."""
        return checked(source, lambda: read_choices(data, ()))

    def to_dict(self) -> dict[str, Any]:
        """The board-file form, listing only what was chosen."""
        out: dict[str, Any] = {}
        if self.color is not None:
            out["color"] = self.color.letter
        for key in ("creature_type", "card_type", "basic_land_type", "imprinted"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        if self.imprinted_card is not None:
            out["imprinted"] = self.imprinted_card.to_json()
        if self.imprinted_cards is not None:
            out["imprinted"] = [
                c.to_json() if isinstance(c, ImprintedCard) else c for c in self.imprinted_cards
            ]
        if self.noted_type is not None:
            out["noted_type"] = self.noted_type.letter
        if self.crafted_colors is not None:
            out["crafted_colors"] = str(self.crafted_colors)
        if self.drafted_colors is not None:
            out["drafted_colors"] = str(self.drafted_colors)
        if self.colors is not None:
            out["colors"] = str(self.colors)
        if self.upkeep_count is not None:
            out["upkeep_count"] = self.upkeep_count
        if self.odd_or_even is not None:
            out["odd_or_even"] = self.odd_or_even
        if self.basic_land_types is not None:
            out["basic_land_types"] = list(self.basic_land_types)
        if self.linked_permanent is not None:
            out["linked_permanent"] = self.linked_permanent
        if self.paired_with is not None:
            out["paired_with"] = self.paired_with
        if self.copied is not None:
            out["copied"] = copied_json(self.copied)
        if self.card_name is not None:
            out["card_name"] = self.card_name
        if self.number is not None:
            out["number"] = self.number
        if self.word is not None:
            out["word"] = self.word
        return out

    def __bool__(self) -> bool:
        chosen = (
            self.color,
            self.creature_type,
            self.card_type,
            self.basic_land_type,
            self.imprinted,
            self.imprinted_cards,
            self.noted_type,
            self.crafted_colors,
            self.drafted_colors,
            self.colors,
            self.upkeep_count,
            self.odd_or_even,
            self.basic_land_types,
            self.linked_permanent,
            self.paired_with,
            self.copied,
            self.card_name,
            self.number,
            self.word,
        )
        return any(value is not None for value in chosen)


def _exiled_colors(card: str | ImprintedCard) -> ManaTypes | None:
    """The colors of a card exiled with a permanent (CR 202.2): its description's, else the built-in
    catalogue's for its name; None when neither knows them."""
    if isinstance(card, ImprintedCard):
        return card.colors
    found = catalogue_card(card)
    if found is None:
        return None
    return card_colors(found.mana_cost, found.color_indicator, found.oracle, found.name)


#: The choices of a permanent for which nothing was chosen, one value shared by every such permanent: keys
#: that hold them compare by identity, without a call to ``__eq__`` (a board reads ``Choices()`` as this).
NOTHING_CHOSEN = Choices()


@dataclass(kw_only=True, frozen=True, slots=True)
class Permanent:
    """A permanent on the battlefield: which card it is, its characteristics as printed, and its status.

    ``card`` is the catalogue's name for it (``None`` for a card described directly); ``name``,
    ``type_line``, ``oracle``, ``mana_cost``, ``color_indicator``, ``power`` and ``toughness`` are its
    printed characteristics, from the catalogue unless the board overrides them. ``summoning_sick`` means
    its controller has not controlled it continuously since their most recent turn began (CR 302.6);
    ``entered_this_turn`` that it entered the battlefield this turn (Dark Fortress's 'if this land entered
    this turn', Alena's 'creatures you control that entered the battlefield this turn').
    ``counters`` are ``(name, count)`` pairs sorted by name, all positive (a zero count is dropped).
    ``class_level`` is a Class's level (CR 716.3: 1 as it enters), which with its ``level`` counters (a
    leveler's, CR 711) makes its :attr:`level`.
    Effects that change characteristics are applied by the planner, not here, but for one: a permanent that
    entered as a copy (``choices.copied``) has the copied card's values here (CR 707.2), its own in
    :attr:`original`.

    >>> dual = Permanent.from_dict({"id": "dual", "controller": "me", "name": "Homebrew Dual",
    ...                             "type_line": "land", "oracle": "{T}: Add {W} or {U}.",
    ...                             "counters": {"charge": 2}, "tapped": True})
    >>> str(dual.type_line), dual.counter("charge"), dual.counter("mining"), dual.tapped
    ('Land', 2, 0, True)
    >>> Permanent.from_dict({"id": "elf", "controller": "me", "card": "llanowar elves"}).to_dict()
    {'id': 'elf', 'card': 'Llanowar Elves', 'controller': 'me'}
    >>> joraga = Permanent(id="j", controller="me", card=None, name="Joraga", counters=(("level", 5),),
    ...     type_line=TypeLine.parse("Creature — Elf Druid"))
    >>> joraga.level, dual.level
    (Level(class_level=1, level_counters=5), Level(class_level=1, level_counters=0))
    """

    id: str
    controller: str
    card: str | None
    name: str
    type_line: TypeLine
    oracle: str = ""
    mana_cost: ManaCost | None = None
    color_indicator: ManaTypes | None = None
    tapped: bool = False
    summoning_sick: bool = False
    haste: bool = False
    entered_this_turn: bool = False
    designations: frozenset[str] = frozenset()
    counters: tuple[tuple[str, int], ...] = ()
    class_level: int = 1
    attached_to: str | None = None
    choices: Choices = NOTHING_CHOSEN
    token: bool = False
    #: the texts of its mana abilities that can be activated only once each turn and were this turn
    activated_this_turn: tuple[str, ...] = ()
    #: the card types of the cards its controller cast (or played) from their graveyard this turn by its
    #: permission to (Karador's 'one creature card': ('Creature',); Muldrotha's: the permanent type chosen for
    #: each card, CR 601.2a), which says what the permission has left this turn
    graveyard_uses_this_turn: tuple[str, ...] = ()
    #: the alternative cost it grants once each turn was used this turn (Warped Space's 'Once each turn, you
    #: may pay {0} rather than pay the mana cost for a spell you cast from exile.')
    alternative_cost_used_this_turn: bool = False
    #: how many times its triggered ability that counts its own resolutions this turn resolved this turn (CR
    #: 608.2c: Omnath, Locus of Creation's landfall, "If it's the second time, add {R}{G}{W}{U}."); None: not
    #: known (the board did not say)
    resolved_this_turn: int | None = None
    #: its printed power and toughness (before counters and effects); None when not known (no card data
    #: gives a number: a noncreature, a card given by its text without them, a printed '*')
    power: int | None = None
    toughness: int | None = None
    #: the id of the player who owns it (CR 108.3), when the board says; None: its controller
    owner: str | None = None
    #: its own printed values when it entered as a copy (``choices.copied``: its name, type line, text...
    #: above are then the copied card's, CR 707.2); None otherwise
    original: PrintedCard | None = None
    #: the level its text is read at (:mod:`models.oracle.levels`): its Class level and its number of level
    #: counters, set once as it is made (read for each permanent by every per-card analysis of a new board)
    level: Level = field(default=ENTERING, init=False, repr=False, compare=False)
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    @property
    def mana_value(self) -> int:
        """Its mana value (CR 202.3): its mana cost's, 0 without one (a land, a Treasure).

        >>> Permanent.from_dict({"id": "e", "card": "Llanowar Elves", "controller": "me"}).mana_value
        1
        """
        return 0 if self.mana_cost is None else self.mana_cost.mana_value

    @property
    def owned_by(self) -> str:
        """The id of the player who owns it (CR 108.3): its ``owner``, or else its controller's.

        >>> elf = {"id": "e", "card": "Llanowar Elves", "controller": "me", "owner": "op"}
        >>> Permanent.from_dict(elf).owned_by, Permanent.from_dict({**elf, "owner": "me"}).owner
        ('op', 'me')
        """
        return self.owner if self.owner is not None else self.controller

    def __hash__(self) -> int:
        """Worked out once per permanent: boards, which key the planner's caches, hash their permanents."""
        return self._hash or cached_hash(self)

    def __getstate__(self) -> list[object]:
        return state_without_hash(self)

    def __post_init__(self) -> None:
        names = [name for name, _ in self.counters]
        if len(set(names)) != len(names):
            raise ValueError(f"permanent {self.id!r}: a counter name is listed twice in {self.counters}")
        if any(count < 0 for _, count in self.counters):
            raise ValueError(f"permanent {self.id!r}: counter counts must not be negative: {self.counters}")
        object.__setattr__(self, "counters", tuple(sorted((n, c) for n, c in self.counters if c)))
        if self.mana_cost is not None and not self.mana_cost:
            object.__setattr__(self, "mana_cost", None)
        if self.color_indicator is not None and not self.color_indicator:
            object.__setattr__(self, "color_indicator", None)
        if self.choices.copied is not None and self.original is None:
            self._become_copy_of(self.choices.copied)
        if self.counters or self.class_level != 1:  # (most permanents: no counter looked for)
            object.__setattr__(self, "level", Level(self.class_level, self.counter("level")))

    def _become_copy_of(self, copied: PrintedCard) -> None:
        """Take the copied card's values with its own copy effect's exceptions (CR 707.2, 707.9), its own
        printed values kept as :attr:`original`, its status unchanged: a permanent made with
        ``choices.copied``, from a board file or in Python, is the copy.

        >>> vesuva = Permanent(id="v", controller="me", card="Vesuva", name="Vesuva",
        ...     type_line=TypeLine.parse("Land"), choices=Choices(copied=catalogue_card("Forest")))
        >>> vesuva.name, vesuva.oracle, vesuva.original.name
        ('Forest', '({T}: Add {G}.)', 'Vesuva')
        """
        own = PrintedCard(
            card=self.card,
            name=self.name,
            type_line=self.type_line,
            oracle=self.oracle,
            mana_cost=self.mana_cost,
            color_indicator=self.color_indicator,
            token=self.token,
            power=self.power,
            toughness=self.toughness,
        )
        values = copy_values(own, copied)[0]
        for name in ("name", "type_line", "oracle", "mana_cost", "color_indicator", "power", "toughness"):
            object.__setattr__(self, name, getattr(values, name))
        object.__setattr__(self, "original", own)

    def with_tapped(self, tapped: bool) -> Permanent:
        """This permanent tapped or untapped (``dataclasses.replace`` without checking again what can't have
        changed).

        >>> forest = Permanent.from_dict({"id": "f", "card": "Forest", "controller": "me"})
        >>> from dataclasses import replace
        >>> forest.with_tapped(True) == replace(forest, tapped=True)
        True
        """
        if tapped == self.tapped:
            return self
        copy = _copy_permanent(self)  # (each field's slot set directly, at C speed)
        object.__setattr__(copy, "tapped", tapped)
        object.__setattr__(copy, "_hash", 0)
        return copy

    @classmethod
    def from_dict(cls, data: object, source: str = "<permanent>") -> Permanent:
        """Read one permanent object (its controller and attachment are not checked against a board).

        Raises ``BoardError`` naming ``source``.
        """
        return checked(source, lambda: read_permanent(data, ()))

    @classmethod
    def of_card(cls, card: CardData, pid: str, controller: str) -> Permanent:
        """A card alone as a board file puts it on the battlefield, untapped: a catalogue card by its name,
        any other card (one from the card store) by its characteristics in full.

        >>> wastes = CardData(name="Mirrored Wastes", type_line="Land", oracle="{T}: Add {C}{C}.")
        >>> Permanent.of_card(wastes, "w", "me").to_dict()
        {'id': 'w', 'name': 'Mirrored Wastes', 'type_line': 'Land', 'oracle': '{T}: Add {C}{C}.', \
'controller': 'me'}
        """
        entry: dict[str, object] = {"id": pid, "controller": controller}
        if lookup(card.name) == card:
            entry["card"] = card.name
        else:
            entry.update(name=card.name, type_line=card.type_line, oracle=card.oracle, token=card.token)
            entry.update(mana_cost=card.mana_cost or "", color_indicator=card.color_indicator or "")
            entry.update(
                (key, number)
                for key, number in (
                    ("power", printed_number(card.power)),
                    ("toughness", printed_number(card.toughness)),
                )
                if number is not None
            )
        return cls.from_dict(entry, f"card {card.name!r}")

    def counter(self, name: str) -> int:
        """How many counters of this kind the permanent has (0 when none).

        >>> mine = Permanent(id="m", controller="me", card=None, name="Mine",
        ...     type_line=TypeLine.parse("Land"), counters=(("mining", 2),))
        >>> mine.counter("mining"), mine.counter("charge")
        (2, 0)
        """
        return next((count for counter_name, count in self.counters if counter_name == name), 0)

    def as_card(self) -> Card | None:
        """The card the permanent is once it leaves the battlefield for a hand or a graveyard, as printed;
        None for a token, which is no card there (CR 111.7, 111.8, 704.5d).

        >>> Permanent.from_dict({"id": "f", "card": "Forest", "controller": "me"}).as_card().name
        'Forest'
        """
        if self.token:
            return None
        own = self.original if self.original is not None else self  # (a copy is its own card elsewhere)
        return Card(
            card=self.card,
            name=own.name,
            type_line=own.type_line,
            oracle=own.oracle,
            mana_cost=own.mana_cost,
            color_indicator=own.color_indicator,
            power=own.power,
        )

    def to_dict(self) -> dict[str, Any]:
        """The board-file form: the card name plus whatever differs from the catalogue, and non-defaults (a
        copy's own printed values, with what it copied in its choices)."""
        catalogued = catalogue_card(self.card) if self.card is not None else None
        base = catalogued or DESCRIBED
        own = self.original if self.original is not None else self
        out: dict[str, Any] = {"id": self.id}
        if self.card is not None:
            out["card"] = self.card
        if catalogued is None or own.name != base.name:
            out["name"] = own.name
        if catalogued is None or own.type_line != base.type_line:
            out["type_line"] = str(own.type_line)
        if own.oracle != base.oracle:
            out["oracle"] = own.oracle
        if own.mana_cost != base.mana_cost:
            out["mana_cost"] = str(own.mana_cost or "")
        if own.color_indicator != base.color_indicator:
            out["color_indicator"] = str(own.color_indicator or "")
        for key, value, printed in (
            ("power", own.power, base.power),
            ("toughness", own.toughness, base.toughness),
        ):
            if value != printed and value is not None:
                out[key] = value
        out["controller"] = self.controller
        if self.owner is not None:
            out["owner"] = self.owner
        for key in ("tapped", "summoning_sick", "haste", "entered_this_turn"):
            if getattr(self, key):
                out[key] = True
        if self.designations:
            out["designations"] = sorted(self.designations)
        if self.counters:
            out["counters"] = dict(self.counters)
        if self.class_level != 1:
            out["class_level"] = self.class_level
        if self.attached_to is not None:
            out["attached_to"] = self.attached_to
        if self.choices:
            out["choices"] = self.choices.to_dict()
        if self.token != base.token:
            out["token"] = self.token
        if self.activated_this_turn:
            out["activated_this_turn"] = list(self.activated_this_turn)
        if self.graveyard_uses_this_turn:
            out["graveyard_uses_this_turn"] = [word.lower() for word in self.graveyard_uses_this_turn]
        if self.alternative_cost_used_this_turn:
            out["alternative_cost_used_this_turn"] = True
        if self.resolved_this_turn is not None:
            out["resolved_this_turn"] = self.resolved_this_turn
        return out


#: What :meth:`Permanent.with_tapped` copies a permanent with (its hash left unset: the caller sets it).
_copy_permanent = slot_copier(Permanent, leave=("_hash",))


# --------------------------------------------------------------------------------------------------------
# Reading a permanent from the board file


def _read_imprinted(value: object, path: JsonPath) -> str | ImprintedCard:
    """The card exiled with a permanent: its name as given (it need not be on any board or in card data), or
    an object ``{name, mana_cost, color_indicator?}`` describing it (``mana_cost`` may be left out when a
    ``color_indicator`` is given)."""
    if isinstance(value, str):
        return read_text(value, path).strip()
    if not isinstance(value, dict):
        expected = "a card name or an object {name, mana_cost}"
        raise FieldError(path, f"expected {expected}, got {describe_json(value)}")
    fields = Fields(value, path, IMPRINTED_CARD)
    why = ": an imprinted card object needs 'mana_cost' ('' for none) or 'color_indicator'"
    oracle = fields.optional("oracle", read_long_text, None)
    type_line = fields.optional("type_line", read_type_line, None)
    if oracle is not None and type_line is None:
        raise FieldError(path, "an imprinted card object with 'oracle' needs its 'type_line'")
    return ImprintedCard(
        name=fields.required("name", read_text).strip(),
        mana_cost=fields.required("mana_cost", read_cost, why)
        if not fields.given("color_indicator")
        else fields.optional("mana_cost", read_cost, None),
        color_indicator=fields.optional("color_indicator", read_colors, None),
        type_line=type_line,
        oracle=oracle,
    )


def _read_exiled(value: object, path: JsonPath) -> str | ImprintedCard | tuple[str | ImprintedCard, ...]:
    """The card exiled with a permanent (:func:`_read_imprinted`), or a list of the cards exiled with it
    (Pit of Offerings: up to three; ``[]`` when it exiled none)."""
    if isinstance(value, list):
        return tuple(_read_imprinted(entry, (*path, n)) for n, entry in enumerate(value))
    return _read_imprinted(value, path)


def _read_creature_type(value: object, path: JsonPath) -> str:
    """A creature type, capitalised (``elf`` becomes ``Elf``)."""
    text = read_text(value, path).strip()
    return text[0].upper() + text[1:]


_read_card_type = read_named(CARD_TYPES, "card type")


def _read_card_name(value: object, path: JsonPath) -> str:
    """A chosen card name: one name, so one half of a split card's two (CR 709.4a: not both)."""
    name = read_text(value, path).strip()
    if "//" in name:
        raise FieldError(path, f"{name!r} is two names: a chosen name is one half's (CR 709.4a)")
    return name


def _read_word(value: object, path: JsonPath) -> str:
    """A chosen word: one word, letters only (Meddling Kids' 'choose a word with four or more letters')."""
    word = read_text(value, path).strip()
    if not word.isalpha():
        raise FieldError(path, f"{word!r} is not one word of letters")
    return word


_read_basic_land_type = read_named(BASIC_LAND_TYPES, "basic land type")
_read_odd_or_even = read_named(("odd", "even"), "choice of odd or even")


def _read_basic_land_types(value: object, path: JsonPath) -> tuple[str, ...]:
    """The basic land types chosen as it entered, in order: a list of two (Illusionary Terrain's 'choose two
    basic land types')."""
    if not isinstance(value, list):
        raise FieldError(path, f"expected a list of two basic land types, got {describe_json(value)}")
    if len(value) != 2:
        raise FieldError(path, f"expected two basic land types, got {len(value)}")
    return tuple(_read_basic_land_type(item, (*path, n)) for n, item in enumerate(value))


def read_choices(value: object, path: JsonPath) -> Choices:
    """A ``choices`` object (a permanent's, or an effect in force's: :mod:`models.board.effects`)."""
    fields = Fields(value, path, CHOICES)
    exiled = fields.optional("imprinted", _read_exiled, None)
    if isinstance(exiled, str):
        exiled = _stored_imprinted(exiled, (*path, "imprinted"))
    listed = None
    if isinstance(exiled, tuple):
        where = (*path, "imprinted")
        listed = tuple(
            _stored_imprinted(c, (*where, n)) if isinstance(c, str) else c for n, c in enumerate(exiled)
        )
    choices = Choices(
        color=fields.optional("color", read_color, None),
        creature_type=fields.optional("creature_type", _read_creature_type, None),
        card_type=fields.optional("card_type", _read_card_type, None),
        basic_land_type=fields.optional("basic_land_type", _read_basic_land_type, None),
        imprinted=exiled if isinstance(exiled, str) else None,
        imprinted_card=exiled if isinstance(exiled, ImprintedCard) else None,
        imprinted_cards=listed,
        noted_type=fields.optional("noted_type", read_mana_type, None),
        crafted_colors=fields.optional("crafted_colors", read_colors, None),
        drafted_colors=fields.optional("drafted_colors", read_colors, None),
        colors=fields.optional("colors", read_colors, None),
        upkeep_count=fields.optional("upkeep_count", read_count, None),
        odd_or_even=fields.optional("odd_or_even", _read_odd_or_even, None),
        basic_land_types=fields.optional("basic_land_types", _read_basic_land_types, None),
        linked_permanent=fields.optional("linked_permanent", read_text, None),
        paired_with=fields.optional("paired_with", read_text, None),
        copied=fields.optional("copied", read_copied, None),
        card_name=fields.optional("card_name", _read_card_name, None),
        number=fields.optional("number", read_count, None),
        word=fields.optional("word", _read_word, None),
    )
    return NOTHING_CHOSEN if choices == NOTHING_CHOSEN else choices


def _stored_imprinted(name: str, path: JsonPath) -> str | ImprintedCard:
    """The exiled card named in ``choices.imprinted``: a card of the card store given to the loader becomes
    its description (name, mana cost, color indicator), since only catalogue cards are known by name alone;
    any other name stays as given."""
    base = stored_card(name, path)
    if base is None:
        return name
    return ImprintedCard.of_printed(base)


def read_permanent(value: object, path: JsonPath) -> Permanent:
    """One permanent object, with the catalogue's values for a ``card`` and the object's overrides."""
    fields = Fields(value, path, PERMANENT)
    permanent_id = fields.required("id", read_text)
    controller = fields.required("controller", read_text)
    base = fields.optional("card", read_card, None)
    if base is None:
        base = DESCRIBED
        why = ": a permanent without 'card' needs 'name' and 'type_line'"
        name = fields.required("name", read_text, why)
        type_line = fields.required("type_line", read_type_line, why)
    else:
        name = fields.optional("name", read_text, base.name)
        type_line = fields.optional("type_line", read_type_line, base.type_line)
    if not type_line.card_types:
        where = "type_line" if fields.given("type_line") else "card"
        raise FieldError((*path, where), f"the type line {quote(str(type_line))} has no card type")
    return Permanent(
        id=permanent_id,
        controller=controller,
        card=base.card,
        name=name,
        type_line=type_line,
        oracle=fields.optional("oracle", read_long_text, base.oracle),
        mana_cost=fields.optional("mana_cost", read_cost, base.mana_cost),
        color_indicator=fields.optional("color_indicator", read_colors, base.color_indicator),
        tapped=fields.optional("tapped", read_bool, False),
        summoning_sick=fields.optional("summoning_sick", read_bool, False),
        haste=fields.optional("haste", read_bool, False),
        entered_this_turn=fields.optional("entered_this_turn", read_bool, False),
        designations=fields.optional("designations", _read_designations, frozenset()),
        counters=fields.optional("counters", read_counters, ()),
        class_level=fields.optional("class_level", _class_level_of(type_line), 1),
        attached_to=fields.optional("attached_to", read_text, None),
        choices=fields.optional("choices", read_choices, NOTHING_CHOSEN),
        token=fields.optional("token", read_bool, base.token),
        activated_this_turn=fields.optional("activated_this_turn", _read_ability_texts, ()),
        graveyard_uses_this_turn=fields.optional("graveyard_uses_this_turn", _read_card_types, ()),
        alternative_cost_used_this_turn=fields.optional("alternative_cost_used_this_turn", read_bool, False),
        resolved_this_turn=fields.optional("resolved_this_turn", read_count, None),
        power=fields.optional("power", read_printed, base.power),
        toughness=fields.optional("toughness", read_printed, base.toughness),
        owner=fields.optional("owner", read_text, None),
    )


def _class_level_of(type_line: TypeLine) -> Callable[[object, JsonPath], int]:
    """A reader for the ``class_level`` of a permanent of this type line: a Class's level (CR 716), from 1
    up to :data:`~models.limits.MAX_COUNTERS`; any other permanent has none.

    >>> _class_level_of(TypeLine.parse("Enchantment — Class"))(2, ("class_level",))
    2
    >>> Permanent.from_dict({"id": "e", "controller": "me", "name": "E", "type_line": "Enchantment",
    ...     "class_level": 2}, "board.json")
    Traceback (most recent call last):
    ...
    models.errors.BoardError: board.json: class_level: only a Class has a level (CR 716), and 'Enchantment' \
is not a Class
    """

    def read(value: object, path: JsonPath) -> int:
        if not type_line.is_a("Class"):
            line = quote(str(type_line))
            raise FieldError(path, f"only a Class has a level (CR 716), and {line} is not a Class")
        level = read_int(value, path)
        if level < 1:
            raise FieldError(
                path, f"a Class's level is 1 or more (it enters at level 1, CR 716.3), got {level}"
            )
        if level > MAX_COUNTERS:
            raise FieldError(path, f"{number(level)} is more than the limit of {MAX_COUNTERS}")
        return level

    return read


#: The designations a permanent may have that rules text reads (CR 701.15 goaded, 701.37 monstrous, 702.112
#: renowned, 701.60 suspected, 702.171 saddled).
DESIGNATIONS = ("renowned", "monstrous", "suspected", "saddled", "goaded")


def _read_designations(value: object, path: JsonPath) -> frozenset[str]:
    """A permanent's designations: a list of some of :data:`DESIGNATIONS`."""
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise FieldError(path, f"expected a list of designations ({', '.join(DESIGNATIONS)})")
    for index, item in enumerate(value):
        if item.lower() not in DESIGNATIONS:
            known = ", ".join(DESIGNATIONS)
            raise FieldError((*path, index), f"unknown designation {quote(item)} (known: {known})")
    return frozenset(item.lower() for item in value)


def _read_card_types(value: object, path: JsonPath) -> tuple[str, ...]:
    """A list of card types (CR 205.2a, any case), as the rules spell them.

    >>> _read_card_types(["creature", "Artifact"], ("graveyard_uses_this_turn",))
    ('Creature', 'Artifact')
    >>> _read_card_types(["Zombie"], ("graveyard_uses_this_turn",))
    Traceback (most recent call last):
    ...
    models.board.json_fields.FieldError: 'Zombie' is not a card type (artifact, battle, creature, \
enchantment, instant, land, planeswalker, sorcery, ...)
    """
    known = {word.lower(): word for word in CARD_TYPES}
    read: list[str] = []
    for position, entry in enumerate(json_list(value, path, "card types")):
        word = read_text(entry, (*path, position))
        if word.strip().lower() not in known:
            raise FieldError(
                (*path, position),
                f"{quote(word)} is not a card type (artifact, battle, creature, enchantment, instant, land, "
                "planeswalker, sorcery, ...)",
            )
        read.append(known[word.strip().lower()])
    return tuple(read)


def _read_ability_texts(value: object, path: JsonPath) -> tuple[str, ...]:
    """A list of ability texts (each as Oracle text gives it, or as a plan's step names it): a text listed
    k times is k activations (the planner checks each against its ability's limit, CR 602.5b).

    >>> _read_ability_texts(["{1}: Add {R}.", "{1}: Add {R}."], ("activated_this_turn",))
    ('{1}: Add {R}.', '{1}: Add {R}.')
    """
    texts: list[str] = []
    for position, entry in enumerate(json_list(value, path, "ability texts")):
        text = read_long_text(entry, (*path, position))
        if not text.strip():
            raise FieldError((*path, position), "must not be empty")
        texts.append(text)
    return tuple(texts)
