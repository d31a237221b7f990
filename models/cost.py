"""Cost symbols (CR 107.4), mana costs with ``parse``/``str`` round-trips, mana value (CR 202.3), and the
payment target: a cost together with what it pays for.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from enum import Enum

from models.additional_costs import AdditionalCost
from models.errors import CostParseError, InputError
from models.kept import per_card
from models.limits import MAX_COST_SYMBOLS, MAX_GENERIC, shortened
from models.mana import ALL_COLORS, TYPE_ORDER, ManaType, ManaTypes
from models.riders import SpentRider
from models.types import TypeLine

__all__ = [
    "SPELL_ZONES",
    "CostSymbol",
    "ManaCost",
    "PaymentKind",
    "PaymentTarget",
    "Slot",
    "SlotKind",
    "SymbolKind",
    "SymbolWay",
    "hybrid_pair_name",
]


class SymbolKind(Enum):
    """What a cost symbol asks for (CR 107.4)."""

    __hash__ = object.__hash__  # (members are singletons: a C hash by identity, not Enum's Python call)

    GENERIC = "generic"  # {0}, {1}, {12}: any type of mana
    VARIABLE = "variable"  # {X}, {Y}, {Z}: generic, amount chosen by the payer
    SNOW = "snow"  # {S}: one mana from a snow source
    COLORLESS = "colorless"  # {C}: one colorless mana
    MONO_HYBRID = "mono_hybrid"  # {2/W}: W, or `amount` generic
    COLORLESS_HYBRID = "colorless_hybrid"  # {C/W}: W, or one colorless
    HYBRID = "hybrid"  # {W/U}: W or U
    COLORED = "colored"  # {W}
    PHYREXIAN = "phyrexian"  # {W/P}, {W/U/P}: a listed color, or 2 life


class SlotKind(Enum):
    """A requirement slot that takes mana of any type: any mana at all, or mana from a snow source."""

    __hash__ = object.__hash__  # (members are singletons: a C hash by identity, not Enum's Python call)

    GENERIC = "generic"  # any mana (CR 107.4b)
    SNOW = "snow"  # one mana from a snow source (CR 107.4h)


#: A requirement slot: one mana of a type, or one mana of any type (generic), or one from a snow source.
Slot = ManaType | SlotKind


@dataclass(frozen=True, slots=True)
class SymbolWay:
    """One way to pay a cost symbol: ``mana`` mana into ``slot`` (None: no mana), plus ``life`` life.

    >>> SymbolWay(SlotKind.GENERIC, 2), SymbolWay(None, 0, 2).life
    (SymbolWay(slot=<SlotKind.GENERIC: 'generic'>, mana=2, life=0), 2)
    """

    slot: Slot | None
    mana: int = 1
    life: int = 0


# Canonical order of kinds within a cost string; colored-like kinds are then ordered by color.
_KIND_ORDER = {kind: rank for rank, kind in enumerate(SymbolKind)}
_COLOR_WHEEL = "WUBRG"


def hybrid_pair_name(colors: ManaTypes) -> str:
    """The printed order of a two-color pair: the shorter way round the color wheel (``W/U``, ``G/W``).

    >>> hybrid_pair_name(ManaTypes.parse("WG")), hybrid_pair_name(ManaTypes.parse("UW"))
    ('G/W', 'W/U')
    """
    first, second = (_COLOR_WHEEL.index(t.letter) for t in colors)
    if second - first > 2:
        first, second = second, first
    return f"{_COLOR_WHEEL[first]}/{_COLOR_WHEEL[second]}"


@dataclass(frozen=True, slots=True)
class CostSymbol:
    """One symbol of a cost, e.g. ``{W/U}``; ``amount`` is the generic count of ``{3}`` or ``{2/W}``.

    >>> CostSymbol.parse("u/w"), str(CostSymbol.parse("2/w")), CostSymbol.parse("G/U/P").mana_value
    (CostSymbol.parse('W/U'), '{2/W}', 1)
    """

    kind: SymbolKind
    colors: ManaTypes = ManaTypes()
    amount: int = 0
    variable: str = ""

    @classmethod
    def parse(cls, body: str) -> CostSymbol:
        """Parse the inside of one symbol's braces, e.g. ``"2/W"``; raises ``CostParseError``."""
        symbol = _parse_symbol_body(body.strip().upper())
        if symbol is None:
            raise CostParseError(f"invalid mana symbol {'{' + body + '}'!r}")
        return symbol

    @property
    def single_type(self) -> ManaType | None:
        """The one type of mana this symbol asks for ({C}, {R}); None for any other symbol.

        >>> [CostSymbol.parse(body).single_type for body in ("R", "C", "R/G")]
        [<ManaType.R: 8>, <ManaType.C: 32>, None]
        """
        if self.kind is SymbolKind.COLORLESS:
            return ManaType.C
        if self.kind is SymbolKind.COLORED:
            (only,) = tuple(self.colors)
            return only
        return None

    @property
    def mana_value(self) -> int:
        """This symbol's share of the mana value off the stack (CR 202.3): X is 0, {2/W} is 2."""
        if self.kind is SymbolKind.GENERIC:
            return self.amount
        if self.kind is SymbolKind.VARIABLE:
            return 0
        if self.kind is SymbolKind.MONO_HYBRID:
            return max(self.amount, 1)
        return 1

    def ways(self) -> tuple[SymbolWay, ...]:
        """The ways to pay this symbol (CR 107.4, 107.4e-f, 601.2f): each of its colors, then the other
        half of a hybrid ({2/W}'s two generic, {C/W}'s colorless) or a Phyrexian symbol's 2 life.

        X has no ways until a value is chosen for it (CR 107.3): asking raises ``InputError``.

        >>> [(w.slot, w.mana, w.life) for w in CostSymbol.parse("2/W").ways()]
        [(<ManaType.W: 1>, 1, 0), (<SlotKind.GENERIC: 'generic'>, 2, 0)]
        >>> CostSymbol.parse("G/P").ways()[-1]
        SymbolWay(slot=None, mana=0, life=2)
        """
        return _ways_of(self)

    def _sort_key(self) -> tuple[int, tuple[int, ...], int, str]:
        """Kind, then colors in printed order, then amount: a total order, so equal multisets of symbols
        give equal costs whatever order they were written in."""
        colors = tuple(TYPE_ORDER.index(t) for t in self.colors)
        if len(self.colors) == 2:  # a hybrid pair prints the shorter way round the color wheel
            colors = tuple(_COLOR_WHEEL.index(letter) for letter in hybrid_pair_name(self.colors).split("/"))
        return (_KIND_ORDER[self.kind], colors, self.amount, self.variable)

    def __str__(self) -> str:
        kind = self.kind
        if kind is SymbolKind.GENERIC:
            return f"{{{self.amount}}}"
        if kind is SymbolKind.VARIABLE:
            return f"{{{self.variable}}}"
        if kind is SymbolKind.SNOW:
            return "{S}"
        if kind is SymbolKind.COLORLESS:
            return "{C}"
        if kind is SymbolKind.COLORED:
            return f"{{{self.colors}}}"
        if kind is SymbolKind.MONO_HYBRID:
            return f"{{{self.amount}/{self.colors}}}"
        if kind is SymbolKind.COLORLESS_HYBRID:
            return f"{{C/{self.colors}}}"
        if kind is SymbolKind.HYBRID:
            return f"{{{hybrid_pair_name(self.colors)}}}"
        colors = hybrid_pair_name(self.colors) if len(self.colors) == 2 else str(self.colors)
        return f"{{{colors}/P}}"

    def __repr__(self) -> str:
        return f"CostSymbol.parse({str(self)[1:-1]!r})"


_COLOR_LETTERS = frozenset(_COLOR_WHEEL)


@per_card(maxsize=1024)
def _ways_of(symbol: CostSymbol) -> tuple[SymbolWay, ...]:
    """:meth:`CostSymbol.ways`, worked out once per distinct symbol."""
    kind = symbol.kind
    if kind is SymbolKind.GENERIC:
        return (SymbolWay(SlotKind.GENERIC, symbol.amount),)
    if kind is SymbolKind.SNOW:
        return (SymbolWay(SlotKind.SNOW),)
    if kind is SymbolKind.COLORLESS:
        return (SymbolWay(ManaType.C),)
    if kind is SymbolKind.VARIABLE:
        raise InputError(f"choose a value for {symbol} before paying (CR 107.3)")
    colors = tuple(SymbolWay(t) for t in symbol.colors)
    if kind is SymbolKind.MONO_HYBRID:
        return (*colors, SymbolWay(SlotKind.GENERIC, symbol.amount))
    if kind is SymbolKind.COLORLESS_HYBRID:
        return (*colors, SymbolWay(ManaType.C))
    if kind is SymbolKind.PHYREXIAN:
        return (*colors, SymbolWay(None, 0, 2))
    return colors  # colored and hybrid


def _generic(digits: str) -> int:
    """A generic amount written in ASCII digits, at most :data:`~models.limits.MAX_GENERIC`."""
    if len(digits.lstrip("0")) > len(str(MAX_GENERIC)) or int(digits) > MAX_GENERIC:
        raise CostParseError(
            f"the generic amount {{{shortened(digits, 12)}}} is more than the limit of {MAX_GENERIC}"
        )
    return int(digits)


def _parse_symbol_body(body: str) -> CostSymbol | None:
    """The symbol for an upper-cased brace body, or None when it is not a cost symbol."""
    if _DIGITS.fullmatch(body):
        return CostSymbol(SymbolKind.GENERIC, amount=_generic(body))
    if body in ("X", "Y", "Z"):
        return CostSymbol(SymbolKind.VARIABLE, variable=body)
    if body == "S":
        return CostSymbol(SymbolKind.SNOW)
    if body == "C":
        return CostSymbol(SymbolKind.COLORLESS)
    if body in _COLOR_LETTERS:
        return CostSymbol(SymbolKind.COLORED, ManaTypes.parse(body))
    parts = body.split("/")
    if len(parts) == 2 and parts[1] in _COLOR_LETTERS:
        if _DIGITS.fullmatch(parts[0]) and _generic(parts[0]) > 0:
            return CostSymbol(SymbolKind.MONO_HYBRID, ManaTypes.parse(parts[1]), amount=_generic(parts[0]))
        if parts[0] == "C":
            return CostSymbol(SymbolKind.COLORLESS_HYBRID, ManaTypes.parse(parts[1]))
    colors = parts[:-1] if parts[-1] == "P" else parts
    if not 1 <= len(colors) <= 2 or not all(c in _COLOR_LETTERS for c in colors):
        return None
    if len(set(colors)) != len(colors):
        return None
    mana_types = ManaTypes.parse("".join(colors))
    if parts[-1] == "P":
        return CostSymbol(SymbolKind.PHYREXIAN, mana_types)
    if len(colors) == 2:
        return CostSymbol(SymbolKind.HYBRID, mana_types)
    return None


_BARE_TOKEN = re.compile(r"[0-9]+|[WUBRGCXYZS]", re.IGNORECASE)
#: A generic amount: ASCII digits only ('²', '３' and '٣' are not numbers in a cost).
_DIGITS = re.compile(r"[0-9]+")


@dataclass(frozen=True, slots=True)
class ManaCost:
    """A mana cost: its symbols in canonical order, generic amounts merged into one.

    Parsing accepts ``{}`` symbols in any case and order, and the bare forms deck tools print.

    >>> cost = ManaCost.parse("{g}{2}{U/W}")
    >>> str(cost), cost.mana_value, str(cost.colors)
    ('{2}{W/U}{G}', 4, 'WUG')
    >>> ManaCost.parse("2WW") == ManaCost.parse("{W}{2}{W}")
    True
    >>> ManaCost.parse("{2}{Q/Z}")
    Traceback (most recent call last):
    ...
    models.errors.CostParseError: invalid mana symbol '{Q/Z}' at position 3 in '{2}{Q/Z}'
    """

    symbols: tuple[CostSymbol, ...] = field(default=())
    _variable: bool = field(default=False, init=False, repr=False, compare=False)  # see has_variable
    _snow: bool = field(default=False, init=False, repr=False, compare=False)  # see has_snow
    _hash: int = field(default=0, init=False, repr=False, compare=False)  # 0 until first asked

    def __post_init__(self) -> None:
        symbols = _canonical(self.symbols)
        object.__setattr__(self, "symbols", symbols)
        object.__setattr__(self, "_variable", any(s.kind is SymbolKind.VARIABLE for s in symbols))
        object.__setattr__(self, "_snow", any(s.kind is SymbolKind.SNOW for s in symbols))

    def __hash__(self) -> int:
        # (kept after the first time: costs are looked up in caches by the solvers at every question)
        if not self._hash:
            object.__setattr__(self, "_hash", hash(self.symbols) or 1)
        return self._hash

    def __reduce__(self) -> tuple[type[ManaCost], tuple[tuple[CostSymbol, ...]]]:
        # pickled as its symbols alone: another process hashes strings differently (no kept hash)
        return (ManaCost, (self.symbols,))

    @classmethod
    def parse(cls, text: str) -> ManaCost:
        """Parse a cost string; raises ``CostParseError`` quoting the bad part and its position."""
        if not isinstance(text, str):
            raise CostParseError(f"a cost must be a string such as '{{2}}{{G}}', got {text!r}")
        stripped = text.strip()
        if not stripped:
            raise CostParseError("empty cost: write at least one symbol, e.g. '{0}' or '{1}{G}'")
        shown = repr(shortened(stripped))
        symbols: list[CostSymbol] = []
        position = 0
        while position < len(stripped):
            char = stripped[position]
            if char.isspace():
                position += 1
            elif char == "{":
                end = stripped.find("}", position)
                if end < 0:
                    raise CostParseError(f"unclosed '{{' at position {position} in {shown}")
                symbol = _parse_symbol_body(stripped[position + 1 : end].strip().upper())
                if symbol is None:
                    bad = shortened(stripped[position : end + 1], 20)
                    raise CostParseError(f"invalid mana symbol {bad!r} at position {position} in {shown}")
                symbols.append(symbol)
                position = end + 1
            else:
                match = _BARE_TOKEN.match(stripped, position)
                if match is None:
                    raise CostParseError(
                        f"invalid mana symbol {shortened(char)!r} at position {position} in {shown}"
                    )
                token = match.group(0).upper()
                symbol = _parse_symbol_body(token)
                assert symbol is not None  # every bare token is a valid symbol body
                symbols.append(symbol)
                position = match.end()
            if len(symbols) > MAX_COST_SYMBOLS:
                raise CostParseError(f"the cost {shown} has more than {MAX_COST_SYMBOLS} symbols")
        generic = sum(symbol.amount for symbol in symbols if symbol.kind is SymbolKind.GENERIC)
        if generic > MAX_GENERIC:
            raise CostParseError(f"the cost {shown} has {generic} generic mana, more than {MAX_GENERIC}")
        return cls(tuple(symbols))

    @property
    def mana_value(self) -> int:
        """The mana value off the stack (CR 202.3): X counts 0, hybrid its larger half, Phyrexian 1."""
        return sum(symbol.mana_value for symbol in self.symbols)

    @property
    def colors(self) -> ManaTypes:
        """The cost's colors (CR 202.2): every color named by a colored, hybrid or Phyrexian symbol."""
        colors = ManaTypes()
        for symbol in self.symbols:
            colors |= symbol.colors
        return colors & ALL_COLORS

    @property
    def generic(self) -> int:
        """The fixed generic amount ({3} gives 3; X is not counted)."""
        return sum(s.amount for s in self.symbols if s.kind is SymbolKind.GENERIC)

    @property
    def variables(self) -> Counter[str]:
        """How many times each of X, Y, Z appears."""
        return Counter(s.variable for s in self.symbols if s.kind is SymbolKind.VARIABLE)

    @property
    def has_variable(self) -> bool:
        """True when the cost contains {X}, {Y} or {Z}."""
        return self._variable

    @property
    def has_snow(self) -> bool:
        """True when the cost contains {S} (mana from a snow source, CR 107.4h).

        >>> ManaCost.parse("{1}{S}").has_snow, ManaCost.parse("{1}{G}").has_snow
        (True, False)
        """
        return self._snow

    def with_variables(self, value: int) -> ManaCost:
        """This cost with every X, Y and Z replaced by ``value`` generic mana (CR 107.3)."""
        if value < 0:
            raise ValueError(f"X cannot be negative, got {value}")
        kept = [s for s in self.symbols if s.kind is not SymbolKind.VARIABLE]
        count = sum(self.variables.values())
        return ManaCost((*kept, CostSymbol(SymbolKind.GENERIC, amount=value * count)))

    def with_generic_change(self, change: int) -> ManaCost:
        """This cost with its fixed generic part changed by ``change`` (negative: less), never below {0}
        (CR 118.7a); its other symbols are kept.

        >>> valley, red = ManaCost.parse("{1}{G}"), ManaCost.parse("{R}")
        >>> str(valley.with_generic_change(-1)), str(red.with_generic_change(-2))
        ('{G}', '{R}')
        >>> str(ManaCost(()).with_generic_change(2)), str(ManaCost.parse("{2}").with_generic_change(-1))
        ('{2}', '{1}')
        """
        generic = max(self.generic + change, 0)
        kept = tuple(s for s in self.symbols if s.kind is not SymbolKind.GENERIC)
        return ManaCost((*kept, CostSymbol(SymbolKind.GENERIC, amount=generic)) if generic else kept)

    def __add__(self, other: ManaCost) -> ManaCost:
        return ManaCost(self.symbols + other.symbols)

    def __bool__(self) -> bool:
        return bool(self.symbols)

    def __str__(self) -> str:
        return "".join(str(symbol) for symbol in self.symbols)

    def __repr__(self) -> str:
        return f"ManaCost.parse({str(self)!r})"


def _canonical(symbols: tuple[CostSymbol, ...]) -> tuple[CostSymbol, ...]:
    """Merge generic amounts and sort; a lone {0} is kept so that the cost '{0}' prints as such."""
    generic = sum(s.amount for s in symbols if s.kind is SymbolKind.GENERIC)
    has_generic = any(s.kind is SymbolKind.GENERIC for s in symbols)
    others = sorted((s for s in symbols if s.kind is not SymbolKind.GENERIC), key=CostSymbol._sort_key)
    variables = [s for s in others if s.kind is SymbolKind.VARIABLE]
    rest = [s for s in others if s.kind is not SymbolKind.VARIABLE]
    merged: list[CostSymbol] = list(variables)
    if generic or (has_generic and not others):
        merged.append(CostSymbol(SymbolKind.GENERIC, amount=generic))
    return (*merged, *rest)


class PaymentKind(Enum):
    """Whether a payment casts a spell or activates an ability."""

    SPELL = "spell"
    ABILITY = "ability"


#: The zones a spell may be cast from (CR 601.2a), as :attr:`PaymentTarget.cast_from` names them.
SPELL_ZONES = ("hand", "graveyard", "exile", "library", "command")


@dataclass(kw_only=True, frozen=True, slots=True)
class PaymentTarget:
    """What a payment is for: the cost, plus what it pays for, which spending restrictions read.

    ``colors=None`` means the cost's colors (CR 202.2); ``type_line`` is the spell's (or the ability's
    source's). ``convoke``, ``improvise`` and ``delve`` allow those ways of paying part of the total cost
    (CR 702.51, 702.126, 702.66); ``text`` is the spell's own rules text, whose cost reductions ("costs {1}
    less to cast for each artifact you control", affinity) apply when the total cost is locked in.

    >>> target = PaymentTarget.of("{3}{C}", type_line="Creature — Eldrazi Horror")
    >>> str(target.cost), target.type_line.is_a("Eldrazi"), str(target.spell_colors)
    ('{3}{C}', True, '')
    """

    cost: ManaCost
    type_line: TypeLine = TypeLine()
    colors: ManaTypes | None = None
    kind: PaymentKind = PaymentKind.SPELL
    commander: bool = False
    name: str = ""
    #: The value chosen for X once the cost's X symbols are replaced by it (CR 601.2b); None before.
    chosen_x: int | None = None
    convoke: bool = False
    improvise: bool = False
    delve: bool = False
    #: "As an additional cost to cast this spell, you may tap any number of untapped creatures you control.
    #: This spell costs {1} less to cast for each creature tapped this way." (Explosive Singularity, CR
    #: 601.2b, 601.2f): each creature tapped so pays {1} of the generic mana, chosen with the mana (601.2h)
    tap_creatures: bool = False
    #: The generic mana of the cost that its waterbend part lets the payer pay by tapping untapped artifacts
    #: and creatures they control, {1} each (CR 701.67a: "Waterbend {3}: ..."; 701.67b: only the waterbend
    #: cost's own generic mana when it is part of a total cost); 0: none
    waterbend: int = 0
    #: How many X the waterbend part has before X is chosen ("Waterbend {X}": 1); :meth:`with_x` adds X
    #: for each to ``waterbend``
    waterbend_x: int = 0
    #: "Spend only mana produced by creatures to cast this spell." (Myr Superion, CR 106.6-like): only mana a
    #: creature produced pays it (:attr:`planner.rules.packets.ManaTag.creature`)
    creature_mana_only: bool = False
    #: "Spend only mana produced by basic lands to cast this spell." (Imperiosaur): only mana a basic land
    #: produced pays it (:attr:`planner.rules.packets.ManaTag.basic_land`)
    basic_land_mana_only: bool = False
    #: an alternative cost's "Spend only mana produced by Treasures to cast it this way." (Security Rhox, CR
    #: 106.6-like): only mana a Treasure produced pays the spell cast that way
    #: (:attr:`planner.rules.packets.ManaTag.treasure`)
    treasure_mana_only: bool = False
    #: "You can't spend mana to cast this spell." (Hogaak, CR 101.2): no mana pays it, only what is no mana
    #: (convoke's creatures, delve's cards, CR 702.51a, 702.66a)
    no_mana: bool = False
    #: The spell's rules text (a card's Oracle text), which its own cost changes, spending rules, riders and
    #: additional costs come from: read once, by :func:`models.spells.with_text_read`
    text: str = ""
    #: What else the payment is, for mana only such payments may spend ('cumulative_upkeep', 'face_down',
    #: 'turn_face_up', 'watermark', 'makes_tokens', 'kicked', 'from_exile', 'unlock_door', 'class_level',
    #: 'plot'), and
    #: the keywords
    #: of what is paid for ('devoid'; an ability's 'equip'): Adarkar Unicorn's or Corrupted Crossroads' mana
    purposes: frozenset[str] = frozenset()
    keywords: frozenset[str] = frozenset()
    #: The mana value when ``cost`` is a total cost (changed by effects: :meth:`with_cost`); None: the cost's
    stack_mana_value: int | None = None
    #: What the spell reads of the mana spent to cast it (converge, adamant, "if {C} was spent":
    #: :mod:`models.riders`), which the objective weighs (contract §12)
    riders: tuple[SpentRider, ...] = ()
    #: The spell's additional costs ("As an additional cost to cast this spell, sacrifice a land":
    #: :mod:`models.additional_costs`), planned with the mana (CR 601.2f-h, contract §12)
    additional_costs: tuple[AdditionalCost, ...] = ()
    #: The generic mana the optional additional costs paid take off the cost (CR 601.2f): a bargained Ice
    #: Out's {1}, Dargo, the Shipwrecker's {2} for each permanent sacrificed (:mod:`planner.additional`)
    paid_reduction: int = 0
    #: The mana the additional costs chosen add to the total cost (CR 601.2f): Thunderherd Migration's {1},
    #: "sacrifice a creature or pay {3}{B}"'s {3}{B} when no creature is sacrificed
    #: (:mod:`planner.additional`)
    additional_mana: ManaCost = ManaCost(())
    #: The life the additional costs chosen add to the total cost (CR 601.2f): Bitter Triumph's "pay 3 life"
    #: when no card is discarded, paid with the mana after the mana abilities (601.2h), so that it needs
    #: the life left then, Phyrexian life included (CR 119.4: zero life can always be paid)
    additional_life: int = 0
    #: The life per X the additional costs add once X is chosen (Toxic Deluge's "pay X life": 1; CR 107.3,
    #: 601.2b): :meth:`with_x` adds it to :attr:`additional_life`
    additional_life_x: int = 0
    #: The monocolored hybrid symbols ({2/W}) the caster announces as their generic half so that a generic
    #: reduction left over takes them (CR 601.2b, 601.2f: Reaper King); None: the planner's own choice where
    #: the choice can't matter (:func:`planner.rules.spell_cost.announcements` lists the others)
    announced: tuple[CostSymbol, ...] | None = None
    #: The spell is cast from its owner's hand (an alternative cost may ask it: Omniscience, CR 118.9)
    from_hand: bool = False
    #: How many targets the spell is cast with (CR 601.2c), which "Spells you cast cost {1} less to cast for
    #: each target" reads (Hinata, Dawn-Crowned); None: not known (:mod:`models.spell_targets`)
    targets: int | None = None
    #: The zone the spell is cast from (CR 601.2a: 'hand', 'graveyard', 'exile', 'library', 'command'), which
    #: "Spells you cast from your graveyard cost {1} less" reads (Green Goblin); None: not known, but a
    #: spell ``from_hand`` (its owner's hand) or for the purpose ``from_exile`` says it (:attr:`zone`)
    cast_from: str | None = None
    #: The ids of the permanents the spell targets (CR 601.2c), which "Spells your opponents cast that target
    #: ~ cost {2} more" reads (Icefall Regent); None: not known
    targeted: tuple[str, ...] | None = None
    #: The spell's power as it is cast (its card's printed power, CR 208.1), which "Creature spells you cast
    #: with power 4 or greater cost {2} less" reads (Goreclaw); None: not known, or the card has none
    power: int | None = None
    #: Whether the spell's card has an Adventure (an adventurer card, CR 715.2: card data's faces), which
    #: "Permanent spells you cast that have an Adventure cost {1} less" reads (Beluna Grandsquall); None: not
    #: known (a card given by its text, or one of the catalogue, says nothing of its faces)
    has_adventure: bool | None = None
    #: How many times the commander paid for was cast from the command zone this game (CR 903.8's count),
    #: which "Your commander costs {1} less to cast for each time it's been cast from the command zone this
    #: game" reads (Myth Unbound); None: not known
    commander_casts: int | None = None
    #: The id of the permanent whose ability let the spell be cast (an extension: Lightstall Inquisitor's
    #: exiled card, 'Each spell cast this way'; God-Eternal Kefnet's copy, 'That copy'), which such cost
    #: changes read; None: not known
    cast_by: str | None = None

    @property
    def zone(self) -> str | None:
        """The zone the spell is cast from, as far as the target says it (:attr:`cast_from`, else its
        ``from_hand``, else the purpose ``from_exile``); None when it does not.

        >>> PaymentTarget.of("{1}").zone, replace(PaymentTarget.of("{1}"), from_hand=True).zone
        (None, 'hand')
        """
        if self.cast_from is not None:
            return self.cast_from
        if self.from_hand:
            return "hand"
        return "exile" if "from_exile" in self.purposes else None

    @classmethod
    def of(
        cls,
        cost: str | ManaCost,
        *,
        type_line: str | TypeLine = "",
        colors: str | ManaTypes | None = None,
        kind: str | PaymentKind = PaymentKind.SPELL,
        commander: bool = False,
        name: str = "",
        convoke: bool = False,
        improvise: bool = False,
        delve: bool = False,
    ) -> PaymentTarget:
        """Build a target from strings as a user writes them; ``colors=None`` takes the cost's colors (a
        spell given by its rules text: :func:`models.spells.spell_of`, which reads the text)."""
        mana_cost = cost if isinstance(cost, ManaCost) else ManaCost.parse(cost)
        types = type_line if isinstance(type_line, TypeLine) else TypeLine.parse(type_line)
        spell_colors = ManaTypes.parse(colors) if isinstance(colors, str) else colors
        if spell_colors is not None and ManaType.C in spell_colors:
            raise CostParseError(f"colors {str(spell_colors)!r}: colorless is not a color; use WUBRG letters")
        return cls(
            cost=mana_cost,
            type_line=types,
            colors=spell_colors,
            kind=PaymentKind(kind),
            commander=commander,
            name=name,
            convoke=convoke,
            improvise=improvise,
            delve=delve,
        )

    @property
    def spell_colors(self) -> ManaTypes:
        """The colors of what is paid for: the given colors, or else the cost's colors."""
        return self.cost.colors if self.colors is None else self.colors

    @property
    def mana_value(self) -> int:
        """The mana value of what is paid for, as on the stack (CR 202.3e: X is the value chosen).

        >>> PaymentTarget.of("{X}{X}{G}").with_x(3).mana_value, PaymentTarget.of("{2}{W}").mana_value
        (7, 3)
        >>> PaymentTarget.of("{4}{G}").with_cost(ManaCost.parse("{3}{G}")).mana_value
        5
        """
        return self.cost.mana_value if self.stack_mana_value is None else self.stack_mana_value

    @property
    def alternatives(self) -> bool:
        """True when part of the cost may be paid by convoke, improvise or delve, by tapping creatures for
        the spell's optional additional cost (``tap_creatures``) or by waterbending (``waterbend``)."""
        return self.taps_permanents or self.delve

    @property
    def taps_permanents(self) -> bool:
        """True when part of the cost may be paid by tapping permanents: convoke, improvise, the optional
        tap of creatures, waterbend (CR 702.51a, 702.126a, 601.2b, 701.67a).

        >>> bent = replace(PaymentTarget.of("{3}"), waterbend=3)
        >>> PaymentTarget.of("{3}").taps_permanents, bent.taps_permanents
        (False, True)
        """
        return self.convoke or self.improvise or self.tap_creatures or self.waterbend + self.waterbend_x > 0

    def with_cost(self, cost: ManaCost) -> PaymentTarget:
        """The same target with another cost, its colors and mana value kept (a spell's are its mana cost's,
        not its total cost's: CR 202.2, 202.3, 601.2f).

        >>> str(PaymentTarget.of("{1}{W}{B}").with_cost(ManaCost.parse("{1}")).spell_colors)
        'WB'
        """
        return replace(self, cost=cost, colors=self.spell_colors, stack_mana_value=self.mana_value)

    def with_x(self, value: int) -> PaymentTarget:
        """The target with X chosen: its X, Y and Z replaced by ``value`` generic mana each (CR 107.3); it
        still is a cost that contains {X} (Rosheen Meanderer's mana may pay it).

        >>> target = PaymentTarget.of("{X}{G}").with_x(3)
        >>> str(target.cost), target.contains_x
        ('{3}{G}', True)
        >>> sticky = replace(PaymentTarget.of("{X}{B}{G}"), additional_mana=ManaCost.parse("{X}")).with_x(2)
        >>> str(sticky.cost), str(sticky.additional_mana), sticky.mana_value
        ('{2}{B}{G}', '{2}', 4)
        >>> replace(PaymentTarget.of("{X}"), waterbend_x=1).with_x(4).waterbend
        4
        >>> replace(PaymentTarget.of("{2}{B}"), additional_life_x=1).with_x(5).additional_life
        5
        """
        chosen = self.cost.with_variables(value)
        kept = self.stack_mana_value
        if kept is not None:  # (X chosen after the total cost was set: the X symbols are the same)
            kept += chosen.mana_value - self.cost.mana_value
        # (an additional cost's "pay {X}" is the same X, CR 107.3: Old Stickfingers)
        added = self.additional_mana.with_variables(value) if self.additional_mana.has_variable else None
        return replace(
            self,
            cost=chosen,
            chosen_x=value,
            stack_mana_value=kept,
            additional_mana=self.additional_mana if added is None else added,
            waterbend=self.waterbend + self.waterbend_x * value,
            waterbend_x=0,
            additional_life=self.additional_life + self.additional_life_x * value,
            additional_life_x=0,
        )

    @property
    def chooses_x(self) -> bool:
        """True when X is still to be chosen as the spell is cast (CR 107.3, 601.2b): its cost has X, or an
        additional cost does though its mana cost has none (Toxic Deluge's "pay X life", Crashing Wave's
        "waterbend {X}").

        >>> deluge = replace(PaymentTarget.of("{2}{B}"), additional_life_x=1)
        >>> PaymentTarget.of("{X}{R}").chooses_x, deluge.chooses_x
        (True, True)
        >>> PaymentTarget.of("{X}{R}").with_x(2).chooses_x, PaymentTarget.of("{R}").chooses_x
        (False, False)
        """
        return self.cost.has_variable or self.additional_mana.has_variable or self.additional_life_x > 0

    @property
    def contains_x(self) -> bool:
        """True when the cost has X, chosen or not ('spend this mana only on costs that contain {X}')."""
        return self.chosen_x is not None or self.cost.has_variable
