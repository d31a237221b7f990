"""Boards: players with their mana pools, the permanents in play, and the board file (JSON) they come from.

The board file format is the public contract's section 2. Loading validates everything and reports the
first problem as a :class:`~models.errors.BoardError` whose message is one line, ``{source}: {path}:
{problem}``, where ``path`` is a JSON path such as ``permanents[3].controller`` or :data:`ROOT` for problems
with the document as a whole (unreadable file, invalid JSON, not an object). Saving writes the same format,
leaving out values that equal their defaults, and ``Board.loads(board.dumps()) == board``.

Rules of the format beyond the contract's text, chosen to be what a user expects:

- ``null`` is accepted, and means the same as leaving the field out, for the fields that may be absent in
  the model (``card``, ``attached_to``, ``mana_cost``, ``color_indicator``, ``power``, ``toughness``,
  ``commander_colors``, ``graveyard``, ``library``, the pool
  entries' ``spend_only``, ``rider`` and ``source``, and each ``choices`` field); elsewhere it
  is a type error.
- Integers are JSON integers (``true`` is not a number, ``20.0`` and ``"20"`` are not integers) between
  ``-(2**53 - 1)`` and ``2**53 - 1``; counts (counters, ``spells_cast_this_turn``) are not negative.
- A field given twice in one JSON object is an error, and so are ``NaN`` and ``Infinity``.
- A permanent may also give ``mana_cost`` (a cost string; ``""`` means none) and ``color_indicator`` (color
  letters; ``""`` means none), overriding the catalogue's, so that cards outside the catalogue can say them;
  and ``power`` and ``toughness`` (integers: the printed values, before counters and effects; contract
  section 10), from card data otherwise.
- Its type line must have a card type. It need not be a permanent type: an instant or sorcery whose effect
  lasts for the turn (High Tide, Pale Moon) may be listed among the permanents to stand for that effect.
- A zero counter is the same as no counter.
- ``attached_to`` may not point at the permanent itself nor form a loop.
- A player may give ``spells_cast_this_turn`` (default 0), which Damping Sphere-style taxes read, and the
  zones of the contract's section 6: ``hand`` (cards), ``graveyard`` (cards, or a count), ``library`` (a
  count), ``lands_played_this_turn`` and ``land_plays``. A card in a zone is a card name (resolved like
  ``card``) or an object with ``card``, ``name``, ``type_line``, ``oracle``, ``mana_cost`` and
  ``color_indicator`` whose type line has a card type.
- ``card`` is resolved by the built-in catalogue, or by the resolver given as ``cards=`` to
  :meth:`Board.load`, :meth:`Board.loads` or :meth:`Board.from_dict` (the card store, then the catalogue:
  :class:`models.carddata.names.CardResolver`). A permanent is one face of its card: a face's own name
  (``Insectile Aberration``) picks that face, and the card's name (``Delver of Secrets // Insectile
  Aberration``) picks the front face; ``Permanent.card`` is then the face's name. Saving a board writes a
  store card's characteristics out in full (only catalogue cards are written by name alone).
"""

from __future__ import annotations

import difflib
import json
import math
import os
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, NoReturn, TypeVar

from models import board_fields
from models.board_fields import BOARD as BOARD_FIELDS
from models.board_fields import (
    CHOICES,
    IMPRINTED_CARD,
    PERMANENT,
    PLAYER,
    POOL_ENTRY,
    ZONE_CARD,
    ObjectFields,
)
from models.catalogue import CardData, closest_names, lookup
from models.cost import ManaCost
from models.errors import BoardError, OracleParseError
from models.hashing import cached_hash, state_without_hash
from models.kept import per_card
from models.limits import (
    MAX_COUNTERS,
    MAX_NAME_LENGTH,
    MAX_ORACLE_LENGTH,
    MAX_PERMANENTS,
    MAX_PLAYERS,
    MAX_POOL_MANA,
    MAX_ZONE_CARDS,
    not_text_in,
    number,
)
from models.mana import ManaBag, ManaType, ManaTypes, parse_mana_string
from models.oracle import parse_oracle, parse_restriction
from models.types import BASIC_LAND_TYPES, CARD_TYPES, TypeLine

if TYPE_CHECKING:
    from models.carddata.faces import CardFace
    from models.carddata.names import CardResolver

__all__ = [
    "BOARD_VERSION",
    "ROOT",
    "Board",
    "Card",
    "Choices",
    "ImprintedCard",
    "Permanent",
    "Player",
    "PoolMana",
    "board_problems",
    "describe_json",
    "json_path",
    "loads_json",
    "printed_number",
    "read_board_text",
    "repeats_a_field",
]

#: The board file version this module reads and writes.
BOARD_VERSION: Final = board_fields.BOARD_VERSION
#: The JSON path printed for problems with the document as a whole.
ROOT: Final = "(root)"
#: The largest integer magnitude a board file may hold (what every JSON reader represents exactly).
_MAX_INT: Final = 2**53 - 1
_COLOR_LETTERS: Final = "WUBRG"

_T = TypeVar("_T")
_Path = tuple[str | int, ...]
#: The resolver of ``card`` names while a board is being read (None: the catalogue alone).
_CARDS: ContextVar[CardResolver | None] = ContextVar("board_cards", default=None)
_Item = TypeVar("_Item", "Player", "Permanent")


# --------------------------------------------------------------------------------------------------------
# The model


@dataclass(frozen=True, slots=True)
class PoolMana:
    """Mana floating in a player's pool, with the restriction and rider it carries (CR 106.6).

    ``spend_only`` is the restriction in Oracle wording (``"to cast creature spells"``), ``rider`` what
    the mana does when spent, ``source`` a note on where it came from, and ``persists`` true for mana that
    does not empty between steps and phases. In a board file an entry is a mana string or an object with
    these fields.

    >>> entry = PoolMana.from_json({"mana": "{C}{C}", "spend_only": "to cast colorless Eldrazi spells"})
    >>> entry.mana.total, entry.to_json()
    (2, {'mana': '{C}{C}', 'spend_only': 'to cast colorless Eldrazi spells'})
    >>> PoolMana(ManaBag.parse("{G}")).to_json()
    '{G}'
    """

    mana: ManaBag
    spend_only: str | None = None
    rider: str | None = None
    source: str | None = None
    persists: bool = False

    @classmethod
    def from_json(cls, value: object, source: str = "<pool>") -> PoolMana:
        """Read one pool entry (a mana string or an object); raises ``BoardError`` naming ``source``."""
        return _checked(source, lambda: _read_pool_entry(value, ()))

    def to_json(self) -> str | dict[str, Any]:
        """The board-file form: a bare mana string when nothing else is set, else an object."""
        extras: dict[str, Any] = {}
        for key in ("spend_only", "rider", "source"):
            value = getattr(self, key)
            if value is not None:
                extras[key] = value
        if self.persists:
            extras["persists"] = True
        return {"mana": str(self.mana), **extras} if extras else str(self.mana)


def card_colors(
    mana_cost: ManaCost | None, color_indicator: ManaTypes | None, oracle: str = "", name: str = ""
) -> ManaTypes:
    """A card's colors: none when its text has devoid (CR 702.114a, in every zone), else its color indicator,
    else its mana cost's colors (CR 105.2, 202.2).

    >>> str(card_colors(ManaCost.parse("{1}{R}{G}"), None)), str(card_colors(None, ManaTypes.parse("U")))
    ('RG', 'U')
    >>> str(card_colors(ManaCost.parse("{2}{U}"), None, "Devoid (This card has no color.)"))
    ''
    """
    if oracle and "devoid" in parse_oracle(oracle, name).keywords:
        return ManaTypes()
    if color_indicator is not None:
        return color_indicator
    return mana_cost.colors if mana_cost is not None else ManaTypes()


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

    def __post_init__(self) -> None:
        if self.color_indicator is not None and not self.color_indicator:
            object.__setattr__(self, "color_indicator", None)  # '' is no color indicator

    @classmethod
    def from_json(cls, value: object, source: str = "<imprinted>") -> ImprintedCard:
        """Read the object form; raises ``BoardError`` naming ``source``."""
        found = _checked(source, lambda: _read_imprinted(value, ()))
        if not isinstance(found, ImprintedCard):
            raise BoardError(f"{source}: expected an object {{name, mana_cost, color_indicator}}")
        return found

    @property
    def colors(self) -> ManaTypes:
        """Its colors (CR 202.2)."""
        return card_colors(self.mana_cost, self.color_indicator)

    def to_json(self) -> dict[str, str]:
        """The board-file form: the object, its mana cost written even when it is none (``""``)."""
        out = {"name": self.name, "mana_cost": str(self.mana_cost) if self.mana_cost is not None else ""}
        if self.color_indicator is not None:
            out["color_indicator"] = str(self.color_indicator)
        return out


@dataclass(frozen=True, slots=True)
class Choices:
    """What was chosen for a permanent as it entered: color, creature type, card type, basic land type, and
    the card exiled with it (``imprinted``: its name, as Extraplanar Lens's 'Imprint' ability asks; and
    ``imprinted_card`` when the board describes that card, whose colors Chrome Mox's ability reads).

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

    def __post_init__(self) -> None:
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
        """
        if self.imprinted_card is not None:
            return self.imprinted_card.colors
        found = _catalogue_card(self.imprinted) if self.imprinted is not None else None
        if found is None:
            return None
        return card_colors(found.mana_cost, found.color_indicator, found.oracle, found.name)

    @classmethod
    def from_dict(cls, data: object, source: str = "<choices>") -> Choices:
        """Read a ``choices`` object; raises ``BoardError`` naming ``source``."""
        return _checked(source, lambda: _read_choices(data, ()))

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
        return out

    def __bool__(self) -> bool:
        chosen = (self.color, self.creature_type, self.card_type, self.basic_land_type, self.imprinted)
        return any(value is not None for value in chosen)


@dataclass(kw_only=True, frozen=True, slots=True)
class Card:
    """A card outside the battlefield (in a hand or a graveyard): its printed characteristics.

    ``card`` is its name in card data (``None`` for a card described by its text). In a board file a card
    is its name, or an object ``{name, type_line, oracle, mana_cost}`` as for permanents.

    >>> guide = Card.from_json("elvish spirit guide")
    >>> guide.name, str(guide.type_line), str(guide.mana_cost), guide.to_json()
    ('Elvish Spirit Guide', 'Creature — Elf Spirit', '{2}{G}', 'Elvish Spirit Guide')
    >>> Card.from_json({"name": "Homebrew Bolt", "type_line": "Instant", "mana_cost": "{R}"}).to_json()
    {'name': 'Homebrew Bolt', 'type_line': 'Instant', 'mana_cost': '{R}'}
    """

    card: str | None
    name: str
    type_line: TypeLine
    oracle: str = ""
    mana_cost: ManaCost | None = None
    color_indicator: ManaTypes | None = None
    power: int | None = None  # printed ('creature cards with power 5 or greater' reads it)

    @classmethod
    def from_json(cls, value: object, source: str = "<card>") -> Card:
        """Read one card (a name or an object); raises ``BoardError`` naming ``source``."""
        return _checked(source, lambda: _read_zone_card(value, ()))

    @property
    def colors(self) -> ManaTypes:
        """The card's colors (:func:`card_colors`: devoid, its color indicator, its mana cost)."""
        return card_colors(self.mana_cost, self.color_indicator, self.oracle, self.name)

    def to_json(self) -> str | dict[str, Any]:
        """The board-file form: the bare name of a catalogue card as printed, else an object."""
        catalogued = _catalogue_card(self.card) if self.card is not None else None
        if catalogued is not None and (
            self.name,
            self.type_line,
            self.oracle,
            self.mana_cost,
            self.color_indicator,
            self.power,
        ) == (
            catalogued.name,
            catalogued.type_line,
            catalogued.oracle,
            catalogued.mana_cost,
            catalogued.color_indicator,
            catalogued.power,
        ):
            return self.name
        out: dict[str, Any] = {"name": self.name, "type_line": str(self.type_line)}
        if self.oracle:
            out["oracle"] = self.oracle
        if self.mana_cost is not None:
            out["mana_cost"] = str(self.mana_cost)
        if self.color_indicator is not None:
            out["color_indicator"] = str(self.color_indicator)
        if self.power is not None:
            out["power"] = self.power
        return out


@dataclass(frozen=True, slots=True)
class Player:
    """A player: id, life total, mana pool, and the facts about them that mana abilities read.

    ``commander_colors`` is the commander's color identity (``None`` outside Commander; the empty set for a
    colorless commander). ``spells_cast_this_turn`` is an extension of the board format (not in the contract):
    how many spells the player has cast this turn, which taxes such as Damping Sphere's read.

    The zones (contract section 6): ``hand``, the cards in hand; ``graveyard``, the cards in the graveyard,
    or just how many there are (an ``int``), or None when not given (delve then has nothing to exile);
    ``library``, how many cards are in the library (None: unknown, large), and ``library_cards``, the cards in
    it when the board lists them (contract section 10: ``library`` is then their number);
    ``lands_played_this_turn`` and ``land_plays`` (how many lands the player may play this turn).
    ``counters`` (contract section 10) are the player's own, ``(name, count)`` pairs sorted by name, all
    positive, as a permanent's: energy (Aether Hub pays {E} from it), experience, poison.
    ``cards_drawn_this_turn`` and ``life_gained_this_turn`` (contract section 10) are what "if you've drawn
    two or more cards this turn" and "if you've gained life this turn" read.

    >>> player = Player.from_dict({"id": "me", "pool": ["{G}"], "commander_colors": "gw"})
    >>> player.life, str(player.pool[0].mana), str(player.commander_colors)
    (20, '{G}', 'WG')
    >>> player.to_dict()
    {'id': 'me', 'pool': ['{G}'], 'commander_colors': 'WG'}
    >>> hub = Player.from_dict({"id": "me", "counters": {"energy": 3, "poison": 0}})
    >>> hub.counter("energy"), hub.counter("experience"), hub.to_dict()
    (3, 0, {'id': 'me', 'counters': {'energy': 3}})
    >>> turn = Player.from_dict({"id": "me", "cards_drawn_this_turn": 2, "library": ["Forest", "Island"]})
    >>> turn.cards_drawn_this_turn, turn.life_gained_this_turn, turn.library, turn.to_dict()["library"]
    (2, 0, 2, ['Forest', 'Island'])
    """

    id: str
    life: int = 20
    pool: tuple[PoolMana, ...] = ()
    commander_colors: ManaTypes | None = None
    spells_cast_this_turn: int = 0
    hand: tuple[Card, ...] = ()
    graveyard: tuple[Card, ...] | int | None = None
    library: int | None = None
    lands_played_this_turn: int = 0
    land_plays: int = 1
    counters: tuple[tuple[str, int], ...] = ()
    cards_drawn_this_turn: int = 0
    life_gained_this_turn: int = 0
    library_cards: tuple[Card, ...] | None = None

    def __post_init__(self) -> None:
        if self.library_cards is not None and self.library != len(self.library_cards):
            object.__setattr__(self, "library", len(self.library_cards))
        if any(count < 0 for _, count in self.counters):
            raise ValueError(f"player {self.id!r}: counter counts must not be negative: {self.counters}")
        object.__setattr__(self, "counters", tuple(sorted((n, c) for n, c in self.counters if c)))

    @classmethod
    def from_dict(cls, data: object, source: str = "<player>") -> Player:
        """Read one player object; raises ``BoardError`` naming ``source``."""
        return _checked(source, lambda: _read_player(data, ()))

    def to_dict(self) -> dict[str, Any]:
        """The board-file form, leaving out defaults."""
        out: dict[str, Any] = {"id": self.id}
        if self.life != 20:
            out["life"] = self.life
        if self.pool:
            out["pool"] = [entry.to_json() for entry in self.pool]
        if self.commander_colors is not None:
            out["commander_colors"] = str(self.commander_colors)
        if self.spells_cast_this_turn:
            out["spells_cast_this_turn"] = self.spells_cast_this_turn
        if self.hand:
            out["hand"] = [card.to_json() for card in self.hand]
        if isinstance(self.graveyard, int):
            out["graveyard"] = self.graveyard
        elif self.graveyard is not None:
            out["graveyard"] = [card.to_json() for card in self.graveyard]
        if self.library_cards is not None:
            out["library"] = [card.to_json() for card in self.library_cards]
        elif self.library is not None:
            out["library"] = self.library
        if self.lands_played_this_turn:
            out["lands_played_this_turn"] = self.lands_played_this_turn
        if self.land_plays != 1:
            out["land_plays"] = self.land_plays
        if self.counters:
            out["counters"] = dict(self.counters)
        if self.cards_drawn_this_turn:
            out["cards_drawn_this_turn"] = self.cards_drawn_this_turn
        if self.life_gained_this_turn:
            out["life_gained_this_turn"] = self.life_gained_this_turn
        return out

    def counter(self, name: str) -> int:
        """How many counters of this kind the player has (0 when none): ``counter("energy")``."""
        return next((count for counter_name, count in self.counters if counter_name == name), 0)

    @property
    def graveyard_size(self) -> int | None:
        """How many cards are in the graveyard (None: the board does not say).

        >>> Player("me", graveyard=3).graveyard_size, Player("me").graveyard_size
        (3, None)
        """
        if self.graveyard is None or isinstance(self.graveyard, int):
            return self.graveyard
        return len(self.graveyard)

    def in_hand(self, name: str) -> Card | None:
        """The first card in hand with this name (any case), or None.

        >>> Player.from_dict({"id": "me", "hand": ["Forest"]}).in_hand("forest").name
        'Forest'
        """
        wanted = name.strip().casefold()
        return next((card for card in self.hand if card.name.casefold() == wanted), None)

    def casting(self, name: str) -> Player:
        """The player once the first card in hand with this name is cast: it is on the stack, no longer in
        the hand (CR 601.2a), so its own abilities in the hand (a Spirit Guide's) can't pay for it.

        >>> player = Player.from_dict({"id": "me", "hand": ["Forest", "Island"]})
        >>> [card.name for card in player.casting("forest").hand]
        ['Island']
        """
        held = self.in_hand(name)
        if held is None:
            return self
        index = self.hand.index(held)
        return replace(self, hand=(*self.hand[:index], *self.hand[index + 1 :]))


@dataclass(kw_only=True, frozen=True, slots=True)
class Permanent:
    """A permanent on the battlefield: which card it is, its characteristics as printed, and its status.

    ``card`` is the catalogue's name for it (``None`` for a card described directly); ``name``,
    ``type_line``, ``oracle``, ``mana_cost``, ``color_indicator``, ``power`` and ``toughness`` are its
    printed characteristics, from the catalogue unless the board overrides them. ``summoning_sick`` means
    its controller has not controlled it continuously since their most recent turn began (CR 302.6);
    ``entered_this_turn`` that it entered the battlefield this turn (Dark Fortress's 'if this land entered
    this turn').
    ``counters`` are ``(name, count)`` pairs sorted by name, all positive (a zero count is dropped).
    Effects that change characteristics are applied by the planner, not here.

    >>> dual = Permanent.from_dict({"id": "dual", "controller": "me", "name": "Homebrew Dual",
    ...                             "type_line": "land", "oracle": "{T}: Add {W} or {U}.",
    ...                             "counters": {"charge": 2}, "tapped": True})
    >>> str(dual.type_line), dual.counter("charge"), dual.counter("mining"), dual.tapped
    ('Land', 2, 0, True)
    >>> Permanent.from_dict({"id": "elf", "controller": "me", "card": "llanowar elves"}).to_dict()
    {'id': 'elf', 'card': 'Llanowar Elves', 'controller': 'me'}
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
    attached_to: str | None = None
    choices: Choices = Choices()
    token: bool = False
    #: the texts of its mana abilities that can be activated only once each turn and were this turn
    activated_this_turn: tuple[str, ...] = ()
    #: its printed power and toughness (before counters and effects); None when not known (no card data
    #: gives a number: a noncreature, a card given by its text without them, a printed '*')
    power: int | None = None
    toughness: int | None = None
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        """Worked out once per permanent: boards, which key the planner's caches, hash their permanents."""
        return cached_hash(self)

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

    def with_tapped(self, tapped: bool) -> Permanent:
        """This permanent tapped or untapped (``dataclasses.replace`` without checking again what can't have
        changed).

        >>> forest = Permanent.from_dict({"id": "f", "card": "Forest", "controller": "me"})
        >>> forest.with_tapped(True) == replace(forest, tapped=True)
        True
        """
        if tapped == self.tapped:
            return self
        copy = object.__new__(Permanent)
        for name in _PERMANENT_FIELDS:
            object.__setattr__(copy, name, getattr(self, name))
        object.__setattr__(copy, "tapped", tapped)
        object.__setattr__(copy, "_hash", 0)
        return copy

    @classmethod
    def from_dict(cls, data: object, source: str = "<permanent>") -> Permanent:
        """Read one permanent object (its controller and attachment are not checked against a board).

        Raises ``BoardError`` naming ``source``.
        """
        return _checked(source, lambda: _read_permanent(data, ()))

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
        return Card(
            card=self.card,
            name=self.name,
            type_line=self.type_line,
            oracle=self.oracle,
            mana_cost=self.mana_cost,
            color_indicator=self.color_indicator,
            power=self.power,
        )

    def to_dict(self) -> dict[str, Any]:
        """The board-file form: the card name plus whatever differs from the catalogue, and non-defaults."""
        catalogued = _catalogue_card(self.card) if self.card is not None else None
        base = catalogued or _CardBase(self.card, "", TypeLine(), "", None, None, False)
        out: dict[str, Any] = {"id": self.id}
        if self.card is not None:
            out["card"] = self.card
        if catalogued is None or self.name != base.name:
            out["name"] = self.name
        if catalogued is None or self.type_line != base.type_line:
            out["type_line"] = str(self.type_line)
        if self.oracle != base.oracle:
            out["oracle"] = self.oracle
        if self.mana_cost != base.mana_cost:
            out["mana_cost"] = str(self.mana_cost or "")
        if self.color_indicator != base.color_indicator:
            out["color_indicator"] = str(self.color_indicator or "")
        for key, value, printed in (
            ("power", self.power, base.power),
            ("toughness", self.toughness, base.toughness),
        ):
            if value != printed and value is not None:
                out[key] = value
        out["controller"] = self.controller
        for key in ("tapped", "summoning_sick", "haste", "entered_this_turn"):
            if getattr(self, key):
                out[key] = True
        if self.designations:
            out["designations"] = sorted(self.designations)
        if self.counters:
            out["counters"] = dict(self.counters)
        if self.attached_to is not None:
            out["attached_to"] = self.attached_to
        if self.choices:
            out["choices"] = self.choices.to_dict()
        if self.token != base.token:
            out["token"] = self.token
        if self.activated_this_turn:
            out["activated_this_turn"] = list(self.activated_this_turn)
        return out


#: The fields :meth:`Permanent.with_tapped` copies.
_PERMANENT_FIELDS = tuple(f.name for f in fields(Permanent) if f.name != "_hash")


@dataclass(frozen=True, slots=True)
class Board:
    """A game state for planning payments: the players, whose turn it is, and the permanents in play.

    The order of ``permanents`` is their timestamp order (oldest first) and is kept by every operation.
    Load with :meth:`loads`, :meth:`load` or :meth:`from_dict`, which validate everything; a board built
    directly is not checked for dangling references until :meth:`check` is called. Ids must be unique.

    >>> board = Board.loads('''{"version": 1, "players": [{"id": "me"}, {"id": "opp", "life": 7}],
    ...   "permanents": [{"id": "w", "name": "Wastes", "type_line": "Basic Land",
    ...                   "oracle": "{T}: Add {C}.", "controller": "me"}]}''')
    >>> board.active_player, board.player("opp").life, [p.id for p in board.controlled_by("me")]
    ('me', 7, ['w'])
    >>> tapped = board.replace_permanent("w", tapped=True)
    >>> tapped.permanent("w").tapped, board.permanent("w").tapped, Board.loads(tapped.dumps()) == tapped
    (True, False, True)
    """

    version: int
    active_player: str
    players: tuple[Player, ...]
    permanents: tuple[Permanent, ...] = ()
    #: the turn's step or phase the payment is made in (contract section 10 extension): 'beginning', 'main'
    #: (the default), 'combat' or 'end' ('during your turn before the end step' reads it)
    step: str = "main"
    _player_index: dict[str, int] = field(init=False, repr=False, compare=False)
    _permanent_index: dict[str, int] = field(init=False, repr=False, compare=False)
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_player_index", _index("player", (p.id for p in self.players)))
        object.__setattr__(self, "_permanent_index", _index("permanent", (p.id for p in self.permanents)))

    def __hash__(self) -> int:
        """Worked out once per board: boards key the planner's caches."""
        return cached_hash(self)

    def __getstate__(self) -> list[object]:
        return state_without_hash(self)

    # ---- loading and saving

    @classmethod
    def from_dict(cls, data: object, source: str = "<board>", *, cards: CardResolver | None = None) -> Board:
        """Read and validate a board from parsed JSON; every problem raises ``BoardError`` naming ``source``.

        ``cards`` resolves ``card`` names (default: the built-in catalogue alone).

        >>> Board.from_dict({"version": 1, "players": [{"id": "me", "life": True}]}, "b.json")
        Traceback (most recent call last):
        ...
        models.errors.BoardError: b.json: players[0].life: expected an integer, got true
        """
        resolving = _CARDS.set(cards)
        try:
            board = _checked(source, lambda: _read_board(data))
        finally:
            _CARDS.reset(resolving)
        board.check(source)
        return board

    @classmethod
    def loads(cls, text: str, source: str = "<board>", *, cards: CardResolver | None = None) -> Board:
        """Read and validate a board from JSON text; every problem raises ``BoardError`` naming ``source``.

        >>> Board.loads('{"version": 1, "players": []}', "b.json")
        Traceback (most recent call last):
        ...
        models.errors.BoardError: b.json: players: at least one player is required
        """
        return cls.from_dict(_checked(source, lambda: _parse_json(text)), source, cards=cards)

    @classmethod
    def load(cls, path: str | os.PathLike[str], *, cards: CardResolver | None = None) -> Board:
        """Read and validate a board file (UTF-8 JSON); errors name the path as given.

        >>> Board.load("no/such/board.json")
        Traceback (most recent call last):
        ...
        models.errors.BoardError: no/such/board.json: (root): cannot read the file: No such file or directory
        """
        return cls.loads(read_board_text(path), os.fspath(path), cards=cards)

    def to_dict(self) -> dict[str, Any]:
        """The board-file form as plain JSON data, leaving out defaults.

        >>> Board(1, "me", (Player("me"),)).to_dict()
        {'version': 1, 'players': [{'id': 'me'}]}
        """
        out: dict[str, Any] = {"version": self.version}
        if not self.players or self.active_player != self.players[0].id:
            out["active_player"] = self.active_player
        out["players"] = [player.to_dict() for player in self.players]
        if self.permanents:
            out["permanents"] = [permanent.to_dict() for permanent in self.permanents]
        if self.step != "main":
            out["step"] = self.step
        return out

    def dumps(self) -> str:
        """The board file's text: indented JSON (UTF-8, not ASCII-escaped) ending in a newline.

        >>> print(Board(1, "me", (Player("me", life=3),)).dumps())
        {
          "version": 1,
          "players": [
            {
              "id": "me",
              "life": 3
            }
          ]
        }
        <BLANKLINE>
        """
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False) + "\n"

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the board file (see :meth:`dumps`) to ``path``."""
        Path(path).write_text(self.dumps(), encoding="utf-8")

    def check(self, source: str = "<board>") -> None:
        """Check that the board's references point somewhere; raises ``BoardError`` naming ``source``.

        The active player and every controller must be players; every ``attached_to`` must be another
        permanent, without loops.

        >>> Board(1, "you", (Player("me"),)).check("b.json")
        Traceback (most recent call last):
        ...
        models.errors.BoardError: b.json: active_player: unknown player 'you'
        """
        _checked(source, lambda: _check_references(self))

    # ---- queries

    def player(self, player_id: str) -> Player:
        """The player with this id; ``KeyError`` if there is none.

        >>> Board(1, "me", (Player("me"), Player("opp"))).player("opp").life
        20
        """
        if player_id not in self._player_index:
            raise KeyError(f"no player {player_id!r} on the board")
        return self.players[self._player_index[player_id]]

    @property
    def active(self) -> Player:
        """The active player, for whom the planner acts unless told otherwise.

        >>> Board(1, "opp", (Player("me"), Player("opp"))).active.id
        'opp'
        """
        return self.player(self.active_player)

    def opponents(self, player_id: str) -> tuple[Player, ...]:
        """Every other player, in board order; ``KeyError`` if ``player_id`` is not a player.

        >>> [p.id for p in Board(1, "a", (Player("a"), Player("b"), Player("c"))).opponents("b")]
        ['a', 'c']
        """
        self.player(player_id)
        return tuple(player for player in self.players if player.id != player_id)

    def permanent(self, permanent_id: str) -> Permanent:
        """The permanent with this id; ``KeyError`` if there is none.

        >>> Board(1, "me", (Player("me"),)).permanent("f1")
        Traceback (most recent call last):
        ...
        KeyError: "no permanent 'f1' on the board"
        """
        if permanent_id not in self._permanent_index:
            raise KeyError(f"no permanent {permanent_id!r} on the board")
        return self.permanents[self._permanent_index[permanent_id]]

    def has_permanent(self, permanent_id: str) -> bool:
        """True when a permanent with this id is on the board.

        >>> Board(1, "me", (Player("me"),)).has_permanent("f1")
        False
        """
        return permanent_id in self._permanent_index

    def controlled_by(self, player_id: str) -> tuple[Permanent, ...]:
        """The permanents this player controls, in timestamp order.

        >>> land = Permanent(id="w", controller="me", card=None, name="Wastes",
        ...     type_line=TypeLine.parse("Land"))
        >>> Board(1, "me", (Player("me"), Player("opp")), (land,)).controlled_by("opp")
        ()
        """
        return tuple(permanent for permanent in self.permanents if permanent.controller == player_id)

    def attachments(self, permanent_id: str) -> tuple[Permanent, ...]:
        """The permanents attached to this one (Auras, Equipment), in timestamp order.

        >>> land = Permanent(id="f", controller="me", card=None, name="Wastes",
        ...     type_line=TypeLine.parse("Land"))
        >>> aura = Permanent(id="a", controller="me", card=None, name="Growth",
        ...     type_line=TypeLine.parse("Enchantment — Aura"), attached_to="f")
        >>> [p.id for p in Board(1, "me", (Player("me"),), (land, aura)).attachments("f")]
        ['a']
        """
        return tuple(permanent for permanent in self.permanents if permanent.attached_to == permanent_id)

    # ---- changes, each returning a new board

    def with_permanent(self, permanent: Permanent) -> Board:
        """This board with ``permanent`` replacing the one with its id in place, or else added as the newest.

        >>> land = Permanent(id="w", controller="me", card=None, name="Wastes",
        ...     type_line=TypeLine.parse("Land"))
        >>> board = Board(1, "me", (Player("me"),)).with_permanent(land)
        >>> [p.id for p in board.permanents], board.with_permanent(land) == board
        (['w'], True)
        """
        if permanent.id in self._permanent_index:
            at = self._permanent_index[permanent.id]
            permanents = (*self.permanents[:at], permanent, *self.permanents[at + 1 :])
        else:
            permanents = (*self.permanents, permanent)
        return replace(self, permanents=permanents)

    def replace_permanent(self, permanent_id: str, **changes: Any) -> Board:
        """This board with some fields of one permanent changed (``dataclasses.replace`` style).

        >>> land = Permanent(id="w", controller="me", card=None, name="Wastes",
        ...     type_line=TypeLine.parse("Land"))
        >>> Board(1, "me", (Player("me"),), (land,)).replace_permanent("w", tapped=True).permanents[0].tapped
        True
        """
        return self.with_permanent(replace(self.permanent(permanent_id), **changes))

    def without_permanent(self, permanent_id: str) -> Board:
        """This board without the permanent with this id (``KeyError`` if absent); attachments are kept.

        >>> land = Permanent(id="w", controller="me", card=None, name="Wastes",
        ...     type_line=TypeLine.parse("Land"))
        >>> Board(1, "me", (Player("me"),), (land,)).without_permanent("w").permanents
        ()
        """
        self.permanent(permanent_id)
        return replace(self, permanents=tuple(p for p in self.permanents if p.id != permanent_id))

    def with_player(self, player: Player) -> Board:
        """This board with ``player`` replacing the one with its id in place, or else added last.

        >>> Board(1, "me", (Player("me"),)).with_player(Player("me", life=5)).player("me").life
        5
        """
        if player.id in self._player_index:
            at = self._player_index[player.id]
            players = (*self.players[:at], player, *self.players[at + 1 :])
        else:
            players = (*self.players, player)
        return replace(self, players=players)

    def replace_player(self, player_id: str, **changes: Any) -> Board:
        """This board with some fields of one player changed (``dataclasses.replace`` style).

        >>> Board(1, "me", (Player("me"),)).replace_player("me", life=12).player("me").life
        12
        """
        return self.with_player(replace(self.player(player_id), **changes))


def read_board_text(path: str | os.PathLike[str]) -> str:
    """A board file's text (UTF-8, a byte order mark dropped); a file that can't be read raises ``BoardError``
    naming the path as given (a JSON board and a Forge puzzle alike).

    >>> read_board_text("no/such/board.json")
    Traceback (most recent call last):
    ...
    models.errors.BoardError: no/such/board.json: (root): cannot read the file: No such file or directory
    """
    source = os.fspath(path)
    try:
        return Path(path).read_text(encoding="utf-8-sig")
    except UnicodeDecodeError as error:
        problem = f"the file is not UTF-8 text ({error.reason})"
        raise BoardError(f"{source}: {ROOT}: {problem}", path=ROOT) from None
    except OSError as error:
        problem = f"cannot read the file: {error.strerror or error}"
        raise BoardError(f"{source}: {ROOT}: {problem}", path=ROOT) from None


def _index(kind: str, ids: Iterable[str]) -> dict[str, int]:
    """Position by id; a repeated id is a ``ValueError`` (loading reports it earlier, with its path)."""
    index: dict[str, int] = {}
    for position, item_id in enumerate(ids):
        if item_id in index:
            raise ValueError(f"duplicate {kind} id {item_id!r}")
        index[item_id] = position
    return index


@dataclass(frozen=True, slots=True)
class _CardBase:
    """A card's characteristics before the board's overrides: the catalogue's, or none for a custom card."""

    card: str | None
    name: str
    type_line: TypeLine
    oracle: str
    mana_cost: ManaCost | None
    color_indicator: ManaTypes | None
    token: bool
    power: int | None = None
    toughness: int | None = None


def printed_number(text: str | None) -> int | None:
    """A printed power or toughness as a number, or None when it is not one (``"*"``, ``"1+*"``, none).

    >>> printed_number("2"), printed_number("-1"), printed_number("*"), printed_number(None)
    (2, -1, None, None)
    """
    if text is None:
        return None
    try:
        return int(text.strip())
    except ValueError:
        return None


def _catalogue_card(name: str) -> _CardBase | None:
    """The catalogue card with this name (any case), parsed; None when unknown; ValueError when malformed."""
    data = lookup(name)
    return None if data is None else _parsed_catalogue_card(data.name)


@per_card(maxsize=65536)  # (one parsed card per catalogue name: bounded by the catalogue)
def _parsed_catalogue_card(name: str) -> _CardBase:
    """The catalogue card with this exact name, parsed once (so the cache is bounded by the catalogue)."""
    data = lookup(name)
    assert data is not None
    return _CardBase(
        card=data.name,
        name=data.name,
        type_line=TypeLine.parse(data.type_line),
        oracle=data.oracle,
        mana_cost=ManaCost.parse(data.mana_cost) if data.mana_cost and data.mana_cost.strip() else None,
        color_indicator=_parse_colors(data.color_indicator) if data.color_indicator else None,
        token=data.token,
        power=printed_number(data.power),
        toughness=printed_number(data.toughness),
    )


# --------------------------------------------------------------------------------------------------------
# Reading the board file: every reader takes the JSON value and its path and raises _FieldError


class _FieldError(Exception):
    """A problem at a JSON path; turned into a ``BoardError`` with the source name by :func:`_checked`."""

    def __init__(self, path: _Path, problem: str) -> None:
        super().__init__(problem)
        self.path = path
        self.problem = problem


def _checked(source: str, read: Callable[[], _T]) -> _T:
    """Run a reader, turning its ``_FieldError`` into the one-line ``BoardError`` of the contract."""
    try:
        return read()
    except _FieldError as invalid:
        path = _format_path(invalid.path)
        raise BoardError(f"{source}: {path}: {invalid.problem}", path=path) from None


def _format_path(path: _Path) -> str:
    """A JSON path as users write it: ``players[0].pool[1].mana``, ``counters["+1/+1"]``, or ``(root)``."""
    parts: list[str] = []
    for segment in path:
        if isinstance(segment, int):
            parts.append(f"[{segment}]")
        elif segment.isidentifier() and segment.isascii():
            parts.append(f".{segment}" if parts else segment)
        else:
            parts.append(f"[{json.dumps(_shorten(segment))}]")
    return "".join(parts) or ROOT


def _shorten(text: str, limit: int = 60) -> str:
    """The text cut to ``limit`` characters, marked with '...' when cut."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _quote(text: str) -> str:
    """A user's string quoted for a message (Python quoting, so it stays on one line), cut if long."""
    return repr(_shorten(text))


def _describe(value: object) -> str:
    """What a JSON value is, for 'expected X, got Y' messages, without printing big values."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return f"the number {value}" if abs(value) < 10**30 else "a very large number"
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, _HugeNumber):
        return f"the number {_shorten(value.text, 20)}, too large to be read"
    if isinstance(value, str):
        return f"the string {_quote(value)}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return f"a {type(value).__name__}"


def _parse_json(text: str) -> object:
    """Parse JSON text strictly: no NaN or Infinity, no over-long numbers, no field given twice."""
    if not isinstance(text, str):
        raise _FieldError((), f"expected JSON text, got {_describe(text)}")
    try:
        return json.loads(
            text,
            object_pairs_hook=_JsonObject.of,
            parse_constant=_reject_constant,
            parse_int=_parse_int,
            parse_float=_parse_float,
        )
    except json.JSONDecodeError as error:
        raise _FieldError(
            (), f"invalid JSON at line {error.lineno} column {error.colno}: {error.msg}"
        ) from None
    except RecursionError:
        raise _FieldError((), "invalid JSON: nested too deeply") from None
    except ValueError as error:
        raise _FieldError((), f"invalid JSON: {error}") from None


def board_problems(data: object, source: str = "<board>") -> tuple[BoardError, ...]:
    """Every problem of a board read from parsed JSON, as far as they can be told apart: the first one
    :meth:`Board.from_dict` reports, then the first problem of each other player and permanent that has one
    (each read on its own). Empty when the board loads.

    >>> data = {"version": 1, "players": [{"id": "me", "life": "x"}], "permanents": [
    ...     {"id": "a", "controller": "me"}, {"id": "b", "card": "Forrest", "controller": "me"}]}
    >>> [error.path for error in board_problems(data, "b.json")]
    ['players[0].life', 'permanents[0].name', 'permanents[1].card']
    """
    try:
        Board.from_dict(data, source)
    except BoardError as first:
        problems = [first]
    else:
        return ()
    if not isinstance(data, dict):
        return tuple(problems)
    readers: tuple[tuple[str, Callable[[object, _Path], object]], ...] = (
        ("players", _read_player),
        ("permanents", _read_permanent),
    )
    for key, read in readers:
        items = data.get(key)
        if not isinstance(items, list):
            continue
        for position, item in enumerate(items):
            try:
                _checked(source, lambda: read(item, (key, position)))  # noqa: B023 (called at once)
            except BoardError as error:
                if all(error.path != known.path for known in problems):
                    problems.append(error)
    return tuple(problems)


def json_path(path: Sequence[str | int]) -> str:
    """A JSON path as the board's errors write it.

    >>> json_path(("hand", 1)), json_path(())
    ('hand[1]', '(root)')
    """
    return _format_path(tuple(path))


def describe_json(value: object) -> str:
    """What a JSON value is, in a few words, for 'expected X, got Y' messages (the loader's wording).

    >>> describe_json(True), describe_json("x" * 70), describe_json([1])
    ('true', "the string 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...'", 'a list')
    """
    return _describe(value)


def loads_json(text: str, source: str = "<board>") -> object:
    """Parse JSON text as board files are parsed (no NaN or Infinity, no over-long numbers); objects keep
    the names of fields given twice, which :meth:`Board.from_dict` then refuses. Errors name ``source``.

    >>> loads_json('{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> repeats_a_field(loads_json('{"a": {"b": 1, "b": 2}}'))
    True
    >>> loads_json('{"a": NaN}', "req")
    Traceback (most recent call last):
    ...
    models.errors.BoardError: req: (root): invalid JSON: NaN is not allowed: JSON numbers are finite
    """
    return _checked(source, lambda: _parse_json(text))


def repeats_a_field(value: object) -> bool:
    """True when some object in JSON data read by :func:`loads_json` gave a field more than once.

    >>> repeats_a_field(loads_json('[{"a": 1}, {"b": 2}]'))
    False
    """
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, dict):
            if isinstance(item, _JsonObject) and item.duplicates:
                return True
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return False


class _JsonObject(dict[str, Any]):
    """A parsed JSON object that remembers which field names it saw more than once."""

    __slots__ = ("duplicates",)

    def __init__(self, pairs: list[tuple[str, Any]]) -> None:
        super().__init__(pairs)
        if len(self) == len(pairs):  # (the usual case, told apart cheaply: no name was seen twice)
            self.duplicates: tuple[str, ...] = ()
        else:
            counts = Counter(key for key, _ in pairs)
            self.duplicates = tuple(key for key, count in counts.items() if count > 1)

    @classmethod
    def of(cls, pairs: list[tuple[str, Any]]) -> _JsonObject:
        """The object for the decoder's list of (name, value) pairs."""
        return cls(pairs)


def _reject_constant(name: str) -> float:
    """Refuse JSON's non-standard constants."""
    raise ValueError(f"{name} is not allowed: JSON numbers are finite")


@dataclass(frozen=True, slots=True)
class _HugeNumber:
    """A JSON number too large for a float (``1e400``): kept as written, so that the field that holds it
    can say so (no field takes one)."""

    text: str


def _parse_float(text: str) -> float | _HugeNumber:
    """A JSON number with a fraction or an exponent; one beyond a float's range stays as written."""
    value = float(text)
    return value if math.isfinite(value) else _HugeNumber(text)


def _parse_int(text: str) -> int | _HugeNumber:
    """A JSON integer; one of absurdly many digits (which Python would refuse past 4,300) stays as written,
    for the field that holds it to refuse with its path, as :func:`_parse_float` keeps ``1e400``."""
    if len(text.lstrip("-")) > 30:
        return _HugeNumber(text)
    return int(text)


def _object(value: object, path: _Path, what: str) -> dict[str, object]:
    """The value as a JSON object with string field names, each given once."""
    if not isinstance(value, dict):
        raise _FieldError(path, f"expected {what} (a JSON object), got {_describe(value)}")
    for key in value:
        if not isinstance(key, str):
            raise _FieldError(path, f"field names must be strings, got {_describe(key)}")
    if isinstance(value, _JsonObject) and value.duplicates:
        duplicate = value.duplicates[0]
        raise _FieldError((*path, duplicate), f"field {_quote(duplicate)} is given more than once")
    return value


def _list(value: object, path: _Path, what: str) -> list[object]:
    """The value as a JSON list."""
    if not isinstance(value, list):
        raise _FieldError(path, f"expected a list of {what}, got {_describe(value)}")
    return value


class _Fields:
    """One JSON object's fields, as :mod:`models.board_fields` declares them: unknown names are refused up
    front, then each field is read by name (required, or optional with ``null`` accepted where declared)."""

    __slots__ = ("_data", "_path", "_spec")

    def __init__(self, value: object, path: _Path, spec: ObjectFields) -> None:
        self._data = _object(value, path, spec.what)
        self._path = path
        self._spec = spec
        allowed = spec.names
        for key in self._data:
            if key not in allowed:
                close = difflib.get_close_matches(key, allowed, n=1)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                listed = ", ".join(allowed)
                raise _FieldError(
                    (*path, key),
                    f"unknown field {_quote(key)} in {spec.what}{hint} (allowed fields: {listed})",
                )

    def required(self, key: str, read: Callable[[object, _Path], _T], why: str = "") -> _T:
        """The field read by ``read``; missing is an error (``why`` explains when it is required)."""
        declared = self._spec.field(key)
        assert declared.required or declared.required_without, f"{key} is not declared required"
        if key not in self._data:
            raise _FieldError((*self._path, key), f"missing required field{why}")
        return read(self._data[key], (*self._path, key))

    def optional(self, key: str, read: Callable[[object, _Path], _T], default: _T) -> _T:
        """The field read by ``read``, or ``default`` when absent (or null, where the field is nullable)."""
        if key not in self._data or (self._spec.field(key).nullable and self._data[key] is None):
            return default
        return read(self._data[key], (*self._path, key))

    def given(self, key: str) -> bool:
        """True when the field is present and not null."""
        return self._data.get(key) is not None


def _read_int(value: object, path: _Path) -> int:
    """A JSON integer in the safe range (booleans are not integers)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise _FieldError(path, f"expected an integer, got {_describe(value)}")
    if abs(value) > _MAX_INT:
        raise _FieldError(path, f"{_describe(value)} is out of range (at most {_MAX_INT} either way)")
    return value


def _read_count(value: object, path: _Path) -> int:
    """A non-negative JSON integer."""
    count = _read_int(value, path)
    if count < 0:
        raise _FieldError(path, f"expected a count of 0 or more, got {count}")
    return count


def _read_printed(value: object, path: _Path) -> int:
    """A printed power or toughness: a JSON integer (a printed '*' is given as the number it is now)."""
    if isinstance(value, str):
        hint = "give the number printed (for '*', the value now)"
        raise _FieldError(path, f"expected an integer, got {_describe(value)}: {hint}")
    return _read_int(value, path)


def _read_bool(value: object, path: _Path) -> bool:
    """A JSON boolean."""
    if not isinstance(value, bool):
        raise _FieldError(path, f"expected true or false, got {_describe(value)}")
    return value


def _read_str(value: object, path: _Path) -> str:
    """A JSON string, possibly empty."""
    if not isinstance(value, str):
        raise _FieldError(path, f"expected a string, got {_describe(value)}")
    return value


def _read_text(value: object, path: _Path) -> str:
    """A JSON string with something in it (ids, names), at most :data:`~models.limits.MAX_NAME_LENGTH`
    characters long."""
    text = _read_str(value, path)
    if not text.strip():
        raise _FieldError(path, "must not be empty")
    if len(text) > MAX_NAME_LENGTH:
        raise _FieldError(
            path, f"{len(text)} characters are more than the limit of {MAX_NAME_LENGTH} for a name or an id"
        )
    return text


def _read_long_text(value: object, path: _Path) -> str:
    """Rules text (Oracle text, a spending restriction), at most :data:`~models.limits.MAX_ORACLE_LENGTH`
    characters long."""
    text = _read_str(value, path)
    if len(text) > MAX_ORACLE_LENGTH:
        raise _FieldError(
            path, f"{len(text)} characters are more than the limit of {MAX_ORACLE_LENGTH} for rules text"
        )
    return text


def _read_rule(value: object, path: _Path) -> str:
    """Non-empty rules text (``spend_only``, ``rider``)."""
    text = _read_long_text(value, path)
    if not text.strip():
        raise _FieldError(path, "must not be empty")
    return text


def _parse_colors(letters: str) -> ManaTypes:
    """A set of colors from WUBRG letters (any case, repeats allowed); ValueError otherwise."""
    for letter in letters:
        if letter.upper() == "C":
            raise ValueError("colorless (C) is not a color; use the letters W, U, B, R, G")
        if len(letter.upper()) != 1 or letter.upper() not in _COLOR_LETTERS:
            raise ValueError(f"invalid color letter {letter!r} in {_quote(letters)}: use W, U, B, R, G")
    return ManaTypes.parse(letters)


def _read_colors(value: object, path: _Path) -> ManaTypes:
    """A set of colors written as letters, e.g. ``"WUG"``; ``""`` is the empty set."""
    try:
        return _parse_colors(_read_str(value, path))
    except ValueError as error:
        raise _FieldError(path, str(error)) from None


def _read_color(value: object, path: _Path) -> ManaType:
    """One color letter, W, U, B, R or G."""
    letter = _read_str(value, path)
    try:
        colors = _parse_colors(letter)
    except ValueError as error:
        raise _FieldError(path, str(error)) from None
    if len(letter) != 1:
        raise _FieldError(path, f"expected one color letter (W, U, B, R or G), got {_quote(letter)}")
    return next(iter(colors))


def _read_mana(value: object, path: _Path) -> ManaBag:
    """A mana string such as ``{G}{G}``, holding at least one mana."""
    text = _read_str(value, path)
    try:
        mana = parse_mana_string(text)
    except ValueError as error:
        raise _FieldError(path, str(error)) from None
    if not mana:
        raise _FieldError(path, "a pool entry must hold some mana, e.g. '{G}'")
    return mana


def _read_cost(value: object, path: _Path) -> ManaCost | None:
    """A mana cost string; ``""`` means no mana cost (as for lands)."""
    text = _read_str(value, path)
    if not text.strip():
        return None
    try:
        return ManaCost.parse(text)
    except ValueError as error:
        raise _FieldError(path, str(error)) from None


def _read_type_line(value: object, path: _Path) -> TypeLine:
    """A type line such as ``Basic Land — Forest``."""
    text = _read_text(value, path)
    try:
        return TypeLine.parse(text)
    except ValueError as error:
        raise _FieldError(path, str(error)) from None


def _read_named(options: Iterable[str], what: str) -> Callable[[object, _Path], str]:
    """A reader for one name out of a fixed list (any case), returning its canonical spelling."""
    canonical = {option.lower(): option for option in options}

    def read(value: object, path: _Path) -> str:
        text = _read_str(value, path)
        if text.strip().lower() not in canonical:
            raise _FieldError(
                path, f"unknown {what} {_quote(text)}: expected one of {', '.join(canonical.values())}"
            )
        return canonical[text.strip().lower()]

    return read


def _read_creature_type(value: object, path: _Path) -> str:
    """A creature type, capitalised (``elf`` becomes ``Elf``)."""
    text = _read_text(value, path).strip()
    return text[0].upper() + text[1:]


def _read_imprinted(value: object, path: _Path) -> str | ImprintedCard:
    """The card exiled with a permanent: its name as given (it need not be on any board or in card data), or
    an object ``{name, mana_cost, color_indicator?}`` describing it (``mana_cost`` may be left out when a
    ``color_indicator`` is given)."""
    if isinstance(value, str):
        return _read_text(value, path).strip()
    if not isinstance(value, dict):
        expected = "a card name or an object {name, mana_cost}"
        raise _FieldError(path, f"expected {expected}, got {_describe(value)}")
    fields = _Fields(value, path, IMPRINTED_CARD)
    why = ": an imprinted card object needs 'mana_cost' ('' for none) or 'color_indicator'"
    return ImprintedCard(
        name=fields.required("name", _read_text).strip(),
        mana_cost=fields.required("mana_cost", _read_cost, why)
        if not fields.given("color_indicator")
        else fields.optional("mana_cost", _read_cost, None),
        color_indicator=fields.optional("color_indicator", _read_colors, None),
    )


_read_card_type = _read_named(CARD_TYPES, "card type")
_read_basic_land_type = _read_named(BASIC_LAND_TYPES, "basic land type")


def _read_pool_entry(value: object, path: _Path) -> PoolMana:
    """One pool entry: a mana string, or ``{mana, spend_only?, rider?, source?, persists?}``."""
    if isinstance(value, str):
        return PoolMana(_read_mana(value, path))
    if not isinstance(value, dict):
        raise _FieldError(path, f"expected a mana string or a pool entry object, got {_describe(value)}")
    fields = _Fields(value, path, POOL_ENTRY)
    return PoolMana(
        mana=fields.required("mana", _read_mana),
        spend_only=fields.optional("spend_only", _read_restriction, None),
        rider=fields.optional("rider", _read_rule, None),
        source=fields.optional("source", _read_text, None),
        persists=fields.optional("persists", _read_bool, False),
    )


def _read_restriction(value: object, path: _Path) -> str:
    """A spending restriction in Oracle wording (``"to cast creature spells"``), checked by the parser now so
    that a restriction it can't read is an error with its path, not a failure of a later payment."""
    text = _read_rule(value, path)
    try:
        parse_restriction(text)
    except OracleParseError as error:
        raise _FieldError(path, str(error)) from None
    return text


def _read_pool(value: object, path: _Path) -> tuple[PoolMana, ...]:
    """A player's pool: a list of pool entries."""
    entries = _list(value, path, "pool entries (mana strings or objects)")
    pool = tuple(_read_pool_entry(entry, (*path, position)) for position, entry in enumerate(entries))
    total = sum(entry.mana.total for entry in pool)
    if total > MAX_POOL_MANA:
        raise _FieldError(path, f"the pool holds {total} mana, more than the limit of {MAX_POOL_MANA}")
    return pool


def _read_player(value: object, path: _Path) -> Player:
    """One player object."""
    fields = _Fields(value, path, PLAYER)
    library = fields.optional("library", _read_library, None)
    return Player(
        id=fields.required("id", _read_text),
        life=fields.optional("life", _read_int, 20),
        pool=fields.optional("pool", _read_pool, ()),
        commander_colors=fields.optional("commander_colors", _read_colors, None),
        spells_cast_this_turn=fields.optional("spells_cast_this_turn", _read_count, 0),
        hand=fields.optional("hand", _read_cards, ()),
        graveyard=fields.optional("graveyard", _read_graveyard, None),
        library=library if isinstance(library, int) or library is None else len(library),
        library_cards=None if isinstance(library, int) else library,
        lands_played_this_turn=fields.optional("lands_played_this_turn", _read_count, 0),
        land_plays=fields.optional("land_plays", _read_count, 1),
        counters=fields.optional("counters", _read_counters, ()),
        cards_drawn_this_turn=fields.optional("cards_drawn_this_turn", _read_count, 0),
        life_gained_this_turn=fields.optional("life_gained_this_turn", _read_count, 0),
    )


def _read_zone_card(value: object, path: _Path) -> Card:
    """One card in a hand or graveyard: a card name, or an object describing the card (as for permanents)."""
    if isinstance(value, str):
        base = _read_card(value, path)
        return Card(
            card=base.card,
            name=base.name,
            type_line=base.type_line,
            oracle=base.oracle,
            mana_cost=base.mana_cost,
            color_indicator=base.color_indicator,
            power=base.power,
        )
    if not isinstance(value, dict):
        raise _FieldError(path, f"expected a card (a card name or an object), got {_describe(value)}")
    fields = _Fields(value, path, ZONE_CARD)
    named = fields.optional("card", _read_card, None)
    if named is None:
        base = _CardBase(None, "", TypeLine(), "", None, None, False)
        why = ": a card without 'card' needs 'name' and 'type_line'"
        name = fields.required("name", _read_text, why)
        type_line = fields.required("type_line", _read_type_line, why)
    else:
        base = named
        name = fields.optional("name", _read_text, base.name)
        type_line = fields.optional("type_line", _read_type_line, base.type_line)
    if not type_line.card_types:
        where = "type_line" if fields.given("type_line") else "card"
        raise _FieldError((*path, where), f"the type line {_quote(str(type_line))} has no card type")
    return Card(
        card=base.card,
        name=name,
        type_line=type_line,
        oracle=fields.optional("oracle", _read_str, base.oracle),
        mana_cost=fields.optional("mana_cost", _read_cost, base.mana_cost),
        color_indicator=fields.optional("color_indicator", _read_colors, base.color_indicator),
        power=fields.optional("power", _read_printed, base.power),
    )


def _read_cards(value: object, path: _Path) -> tuple[Card, ...]:
    """A list of cards (a hand, a graveyard), at most :data:`~models.limits.MAX_ZONE_CARDS`."""
    entries = _list(value, path, "cards (card names or objects)")
    _zone_size(len(entries), path)
    return tuple(_read_zone_card(entry, (*path, position)) for position, entry in enumerate(entries))


def _zone_size(size: int, path: _Path) -> int:
    """A zone's number of cards, at most :data:`~models.limits.MAX_ZONE_CARDS`."""
    if size > MAX_ZONE_CARDS:
        raise _FieldError(path, f"{size} cards is more than the limit of {MAX_ZONE_CARDS:,}")
    return size


def _read_graveyard(value: object, path: _Path) -> tuple[Card, ...] | int:
    """A graveyard: a list of cards, or how many cards it holds when only the number matters."""
    if isinstance(value, int) and not isinstance(value, bool):
        return _zone_size(_read_count(value, path), path)
    if not isinstance(value, list):
        raise _FieldError(path, f"expected a list of cards or a count of cards, got {_describe(value)}")
    return _read_cards(value, path)


def _read_library(value: object, path: _Path) -> tuple[Card, ...] | int:
    """A library: how many cards it holds, or the cards in it (names or objects, as in a hand)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return _zone_size(_read_count(value, path), path)
    if not isinstance(value, list):
        raise _FieldError(path, f"expected a count of cards or a list of cards, got {_describe(value)}")
    return _read_cards(value, path)


def _read_ability_texts(value: object, path: _Path) -> tuple[str, ...]:
    """A list of ability texts (each as Oracle text gives it, or as a plan's step names it), each once."""
    texts: list[str] = []
    for position, entry in enumerate(_list(value, path, "ability texts")):
        text = _read_long_text(entry, (*path, position))
        if not text.strip():
            raise _FieldError((*path, position), "must not be empty")
        if text in texts:
            raise _FieldError((*path, position), f"{_quote(text)} is listed twice")
        texts.append(text)
    return tuple(texts)


def _read_counters(value: object, path: _Path) -> tuple[tuple[str, int], ...]:
    """A ``counters`` object: counter name to a count of 0 or more."""
    counters = _object(value, path, "counters (counter name to count)")
    for name in counters:
        if not name.strip():
            raise _FieldError((*path, name), "a counter name must not be empty")
        if len(name) > MAX_NAME_LENGTH:
            raise _FieldError(
                path, f"a counter name is longer than the limit of {MAX_NAME_LENGTH} characters"
            )
    return tuple((name, _read_limited_count(count, (*path, name))) for name, count in counters.items())


def _read_limited_count(value: object, path: _Path) -> int:
    """A count of counters, at most :data:`~models.limits.MAX_COUNTERS`."""
    count = _read_count(value, path)
    if count > MAX_COUNTERS:
        raise _FieldError(path, f"{number(count)} counters are more than the limit of {MAX_COUNTERS}")
    return count


def _read_choices(value: object, path: _Path) -> Choices:
    """A ``choices`` object."""
    fields = _Fields(value, path, CHOICES)
    exiled = fields.optional("imprinted", _read_imprinted, None)
    if isinstance(exiled, str):
        exiled = _stored_imprinted(exiled, (*path, "imprinted"))
    return Choices(
        color=fields.optional("color", _read_color, None),
        creature_type=fields.optional("creature_type", _read_creature_type, None),
        card_type=fields.optional("card_type", _read_card_type, None),
        basic_land_type=fields.optional("basic_land_type", _read_basic_land_type, None),
        imprinted=exiled if isinstance(exiled, str) else None,
        imprinted_card=exiled if isinstance(exiled, ImprintedCard) else None,
    )


def _stored_imprinted(name: str, path: _Path) -> str | ImprintedCard:
    """The exiled card named in ``choices.imprinted``: a card of the card store given to the loader becomes
    its description (name, mana cost, color indicator), since only catalogue cards are known by name alone;
    any other name stays as given."""
    resolver = _CARDS.get()
    if resolver is None or resolver.store is None or lookup(name) is not None:
        return name
    found = resolver.resolve(name)
    if found is None or found.source != "store":
        return name
    try:
        base = _face_base(found.face)
    except ValueError as error:
        raise _FieldError(
            path, f"the card data for {_quote(found.face.name)} is malformed: {error}"
        ) from None
    return ImprintedCard(name=base.name, mana_cost=base.mana_cost, color_indicator=base.color_indicator)


def _read_card(value: object, path: _Path) -> _CardBase:
    """A card name, with its characteristics from the catalogue (or from the resolver given to the loader);
    unknown names get suggestions."""
    name = _read_text(value, path)
    resolver = _CARDS.get()
    if resolver is not None:
        found = resolver.resolve(name)
        if found is None:
            where = "the built-in catalogue" if resolver.store is None else "the card store nor the catalogue"
            _unknown_card(name, resolver.suggestions(name), where, path)
        if found.source == "store":
            try:
                return _face_base(found.face)
            except ValueError as error:
                problem = f"the card data for {_quote(found.face.name)} is malformed: {error}"
                raise _FieldError(path, problem) from None
        name = found.name
    elif lookup(name) is None:
        _unknown_card(name, closest_names(name), "the built-in catalogue", path)
    return _catalogue_base(name, path)


def _unknown_card(name: str, close: list[str], where: str, path: _Path) -> NoReturn:
    """Raise the unknown-card error, with suggestions when some names are close."""
    if close:
        options = " or ".join(filter(None, (", ".join(map(repr, close[:-1])), repr(close[-1]))))
        raise _FieldError(path, f"unknown card {_quote(name)}; did you mean {options}?")
    raise _FieldError(
        path,
        f"unknown card {_quote(name)}: it is not in {where}; "
        "describe it with name, type_line and oracle instead",
    )


def _catalogue_base(name: str, path: _Path) -> _CardBase:
    """The catalogue card with this name (known to exist)."""
    try:
        card = _catalogue_card(name)
    except ValueError as error:
        raise _FieldError(path, f"the catalogue entry for {_quote(name)} is malformed: {error}") from None
    assert card is not None
    return card


@per_card(maxsize=4096)
def _face_base(face: CardFace) -> _CardBase:
    """A stored card face's characteristics, parsed once."""
    return _CardBase(
        card=face.name,
        name=face.name,
        type_line=TypeLine.parse(face.type_line),
        oracle=face.oracle,
        mana_cost=ManaCost.parse(face.mana_cost) if face.mana_cost.strip() else None,
        color_indicator=_parse_colors(face.color_indicator) if face.color_indicator else None,
        token=False,
        power=printed_number(face.power),
        toughness=printed_number(face.toughness),
    )


def _read_permanent(value: object, path: _Path) -> Permanent:
    """One permanent object, with the catalogue's values for a ``card`` and the object's overrides."""
    fields = _Fields(value, path, PERMANENT)
    permanent_id = fields.required("id", _read_text)
    controller = fields.required("controller", _read_text)
    base = fields.optional("card", _read_card, None)
    if base is None:
        base = _CardBase(None, "", TypeLine(), "", None, None, False)
        why = ": a permanent without 'card' needs 'name' and 'type_line'"
        name = fields.required("name", _read_text, why)
        type_line = fields.required("type_line", _read_type_line, why)
    else:
        name = fields.optional("name", _read_text, base.name)
        type_line = fields.optional("type_line", _read_type_line, base.type_line)
    if not type_line.card_types:
        where = "type_line" if fields.given("type_line") else "card"
        raise _FieldError((*path, where), f"the type line {_quote(str(type_line))} has no card type")
    return Permanent(
        id=permanent_id,
        controller=controller,
        card=base.card,
        name=name,
        type_line=type_line,
        oracle=fields.optional("oracle", _read_long_text, base.oracle),
        mana_cost=fields.optional("mana_cost", _read_cost, base.mana_cost),
        color_indicator=fields.optional("color_indicator", _read_colors, base.color_indicator),
        tapped=fields.optional("tapped", _read_bool, False),
        summoning_sick=fields.optional("summoning_sick", _read_bool, False),
        haste=fields.optional("haste", _read_bool, False),
        entered_this_turn=fields.optional("entered_this_turn", _read_bool, False),
        designations=fields.optional("designations", _read_designations, frozenset()),
        counters=fields.optional("counters", _read_counters, ()),
        attached_to=fields.optional("attached_to", _read_text, None),
        choices=fields.optional("choices", _read_choices, Choices()),
        token=fields.optional("token", _read_bool, base.token),
        activated_this_turn=fields.optional("activated_this_turn", _read_ability_texts, ()),
        power=fields.optional("power", _read_printed, base.power),
        toughness=fields.optional("toughness", _read_printed, base.toughness),
    )


#: The designations a permanent may have that rules text reads (CR 701.15 goaded, 701.37 monstrous, 702.112
#: renowned, 701.60 suspected, 702.171 saddled).
DESIGNATIONS = ("renowned", "monstrous", "suspected", "saddled", "goaded")


def _read_designations(value: object, path: _Path) -> frozenset[str]:
    """A permanent's designations: a list of some of :data:`DESIGNATIONS`."""
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise _FieldError(path, f"expected a list of designations ({', '.join(DESIGNATIONS)})")
    for index, item in enumerate(value):
        if item.lower() not in DESIGNATIONS:
            known = ", ".join(DESIGNATIONS)
            raise _FieldError((*path, index), f"unknown designation {_quote(item)} (known: {known})")
    return frozenset(item.lower() for item in value)


def _read_unique(
    value: object, path: _Path, read: Callable[[object, _Path], _Item], what: str, most: int
) -> tuple[_Item, ...]:
    """A list of players or permanents, read by ``read``, whose ids must be unique."""
    items: list[_Item] = []
    seen: dict[str, int] = {}
    entries = _list(value, path, f"{what}s")
    if len(entries) > most:
        raise _FieldError(path, f"{len(entries)} {what}s are more than the limit of {most}")
    for position, entry in enumerate(entries):
        item = read(entry, (*path, position))
        if item.id in seen:
            also = _format_path((*path, seen[item.id]))
            raise _FieldError((*path, position, "id"), f"duplicate {what} id {_quote(item.id)} (also {also})")
        seen[item.id] = position
        items.append(item)
    return tuple(items)


def _read_players(value: object, path: _Path) -> tuple[Player, ...]:
    """The ``players`` list: at least one, ids unique."""
    players = _read_unique(value, path, _read_player, "player", MAX_PLAYERS)
    if not players:
        raise _FieldError(path, "at least one player is required")
    return players


def _read_permanents(value: object, path: _Path) -> tuple[Permanent, ...]:
    """The ``permanents`` list, in timestamp order, ids unique."""
    return _read_unique(value, path, _read_permanent, "permanent", MAX_PERMANENTS)


def _read_board(value: object) -> Board:
    """The whole board object; references between its parts are checked afterwards by ``Board.check``.
    Every string in it, field names too, is Unicode text (contract §14)."""
    unreadable = not_text_in(value)
    if unreadable is not None:
        raise _FieldError(*unreadable)
    data = _object(value, (), "a board")
    if "version" in data:  # before unknown fields, so a newer file is reported as such
        version = _read_int(data["version"], ("version",))
        if version != BOARD_VERSION:
            raise _FieldError(
                ("version",), f"unsupported version {version}: this planner reads version {BOARD_VERSION}"
            )
    fields = _Fields(data, (), BOARD_FIELDS)
    version = fields.required("version", _read_int)
    players = fields.required("players", _read_players)
    permanents: tuple[Permanent, ...] = fields.optional("permanents", _read_permanents, ())
    active_player = fields.optional("active_player", _read_text, players[0].id)
    step = fields.optional("step", _read_step, "main")
    return Board(version, active_player, players, permanents, step)


#: The steps and phases a board's ``step`` may name.
STEPS = ("beginning", "main", "combat", "end")


def _read_step(value: object, path: _Path) -> str:
    """The turn's step or phase: one of :data:`STEPS`."""
    if not isinstance(value, str) or value.lower() not in STEPS:
        raise _FieldError(path, f"expected one of {', '.join(STEPS)}, got {_describe(value)}")
    return value.lower()


def _check_references(board: Board) -> None:
    """Raise ``_FieldError`` for the first reference that points nowhere (see ``Board.check``)."""
    if board.active_player not in board._player_index:
        raise _FieldError(("active_player",), f"unknown player {_quote(board.active_player)}")
    for position, permanent in enumerate(board.permanents):
        if permanent.controller not in board._player_index:
            raise _FieldError(
                ("permanents", position, "controller"), f"unknown player {_quote(permanent.controller)}"
            )
    for position, permanent in enumerate(board.permanents):
        path: _Path = ("permanents", position, "attached_to")
        target = permanent.attached_to
        if target is None:
            continue
        if target == permanent.id:
            raise _FieldError(path, f"{_quote(permanent.id)} cannot be attached to itself")
        if target not in board._permanent_index:
            raise _FieldError(path, f"unknown permanent {_quote(target)}")
        chain = [permanent.id]
        while target is not None and target not in chain:
            chain.append(target)
            target = board.permanent(target).attached_to if target in board._permanent_index else None
        if target == permanent.id:
            raise _FieldError(path, f"attachments form a loop: {' -> '.join([*chain, target])}")
