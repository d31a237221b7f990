"""Players: life, the mana pool with its restrictions and riders, zones and counters, and how a board file
gives them.

>>> Player.from_dict({"id": "me", "pool": ["{G}", {"mana": "{C}", "persists": True}]}).pool[1].persists
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from models.board.json_fields import (
    FieldError,
    Fields,
    JsonPath,
    checked,
    describe_json,
    json_list,
    read_bool,
    read_colors,
    read_count,
    read_counters,
    read_int,
    read_mana,
    read_rule,
    read_text,
)
from models.board.zones import (
    Card,
    read_attackers,
    read_cards,
    read_graveyard,
    read_library,
    read_spells_cast,
)
from models.board_fields import PLAYER, POOL_ENTRY
from models.errors import OracleParseError
from models.limits import MAX_POOL_MANA
from models.mana import ManaBag, ManaTypes
from models.oracle import parse_restriction
from models.slots import slot_copier


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
        return checked(source, lambda: _read_pool_entry(value, ()))

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


@dataclass(frozen=True, slots=True)
class Player:
    """A player: id, life total, mana pool, and the facts about them that mana abilities read.

    ``commander_colors`` is the commander's color identity (``None`` outside Commander; the empty set for a
    colorless commander). ``spells_cast_this_turn`` is an extension of the board format (not in the contract):
    how many spells the player has cast this turn, which taxes such as Damping Sphere's read, and
    ``spells_cast_cards`` the spells themselves when the board lists them (the count is then their number):
    what "for each instant and sorcery you've cast this turn" reads (:attr:`spells_cast`).

    The zones (contract section 6): ``hand``, the cards in hand; ``graveyard``, the cards in the graveyard,
    or just how many there are (an ``int``), or None when not given (delve then has nothing to exile);
    ``library``, how many cards are in the library (None: unknown, large), and ``library_cards``, the cards in
    it when the board lists them (contract section 10: ``library`` is then their number);
    ``lands_played_this_turn`` and ``land_plays`` (how many lands the player may play this turn, as the
    board gives it; None when not given: one, with those the player's permanents add, CR 305.2a, counted by
    the planner from the board).
    ``counters`` (contract section 10) are the player's own, ``(name, count)`` pairs sorted by name, all
    positive, as a permanent's: energy (Aether Hub pays {E} from it), experience, poison.
    ``cards_drawn_this_turn`` and ``life_gained_this_turn`` (contract section 10) are what "if you've drawn
    two or more cards this turn" and "if you've gained life this turn" read; ``monarch``, whether the player
    is the monarch (CR 724), what "while you're the monarch" reads (Regal Behemoth); ``initiative`` (an
    extension), whether the player has the initiative (CR 725), what "if you have the initiative" reads.

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
    >>> Player.from_dict({"id": "me", "monarch": True}).to_dict()
    {'id': 'me', 'monarch': True}
    >>> Player.from_dict({"id": "me", "initiative": True}).to_dict()
    {'id': 'me', 'initiative': True}
    >>> Player.from_dict({"id": "me", "cards_discarded_this_turn": 0}).to_dict()
    {'id': 'me', 'cards_discarded_this_turn': 0}
    >>> Player.from_dict({"id": "me", "speed": 3}).speed, Player.from_dict({"id": "me"}).speed
    (3, None)
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
    land_plays: int | None = None
    counters: tuple[tuple[str, int], ...] = ()
    cards_drawn_this_turn: int = 0
    life_gained_this_turn: int = 0
    library_cards: tuple[Card, ...] | None = None
    monarch: bool = False
    initiative: bool = False
    #: the permanents the player sacrificed this turn, as cards (None: not given), what "for each other
    #: artifact or creature you've sacrificed this turn" reads (Dargo, the Shipwrecker)
    sacrificed_this_turn: tuple[Card, ...] | None = None
    #: the spells the player cast this turn, as cards, when the board lists them (None: a count alone)
    spells_cast_cards: tuple[Card, ...] | None = None
    #: how many cards the player discarded this turn (None: not given), what "As long as you've discarded a
    #: card this turn" reads (Asmoranomardicadaistinaculdacar's alternative cost)
    cards_discarded_this_turn: int | None = None
    #: the player's speed (CR 702.179: 0 to 4; None: not given), what Samut, the Driving Force's "where X is
    #: your speed" reads
    speed: int | None = None
    #: the cards the player foretold (exiled face down by foretell, CR 702.143a: each may be cast from exile
    #: for its foretell cost), as cards (None: not given)
    foretold: tuple[Card, ...] | None = None
    #: the ids of the players the player attacked this turn, themselves or a planeswalker they control (CR
    #: 506.2, 508.1; None: not given), what Sandswirl Wanderglyph's "Each opponent who attacked you or a
    #: planeswalker you control this turn can't cast spells." reads
    attacked_this_turn: tuple[str, ...] | None = None
    #: events of the turn the player's conditions read (contract section 10 extensions; None: not given, none
    #: counted, with a warning): how much life the player lost this turn (CR 119.3: spectacle's "if an
    #: opponent lost life this turn"), how many creatures the player attacked with this turn (CR 508.1a:
    #: raid's "if you attacked with a creature this turn") and, when the board lists them, which
    #: (``attacked_with_cards``: the count is then their number), whether the player committed a crime this
    #: turn (CR 700.13), how many cards left the player's graveyard this turn, the cards put into the
    #: player's graveyard this turn from anywhere (descend's 'if you descended this turn': a permanent card
    #: among them, CR 110.4b; as they were put there)
    life_lost_this_turn: int | None = None
    attacked_with_this_turn: int | None = None
    attacked_with_cards: tuple[Card, ...] | None = None
    committed_crime_this_turn: bool | None = None
    cards_left_graveyard_this_turn: int | None = None
    cards_put_into_graveyard_this_turn: tuple[Card, ...] | None = None
    #: how many activated abilities of artifacts the player activated this turn (None: not given), what
    #: 'The first activated ability of an artifact you activate each turn costs {2} less' reads (CR 602.2b)
    artifact_abilities_activated_this_turn: int | None = None

    def __post_init__(self) -> None:
        if self.library_cards is not None and self.library != len(self.library_cards):
            object.__setattr__(self, "library", len(self.library_cards))
        if self.spells_cast_cards is not None and self.spells_cast_this_turn != len(self.spells_cast_cards):
            object.__setattr__(self, "spells_cast_this_turn", len(self.spells_cast_cards))
        if any(count < 0 for _, count in self.counters):
            raise ValueError(f"player {self.id!r}: counter counts must not be negative: {self.counters}")
        object.__setattr__(self, "counters", tuple(sorted((n, c) for n, c in self.counters if c)))

    def with_life_and_pool(self, life: int, pool: tuple[PoolMana, ...]) -> Player:
        """This player with another life total and pool (``dataclasses.replace`` without checking again what
        can't have changed: a board's structure is made of these for every board a question meets).

        >>> player = Player.from_dict({"id": "me", "life": 7, "pool": ["{G}"], "counters": {"energy": 2}})
        >>> from dataclasses import replace
        >>> player.with_life_and_pool(1, ()) == replace(player, life=1, pool=())
        True
        """
        if life == self.life and pool == self.pool:
            return self
        copy = _copy_player(self)  # (each field's slot set directly, at C speed)
        object.__setattr__(copy, "life", life)
        object.__setattr__(copy, "pool", pool)
        return copy

    @classmethod
    def from_dict(cls, data: object, source: str = "<player>") -> Player:
        """Read one player object; raises ``BoardError`` naming ``source``."""
        return checked(source, lambda: read_player(data, ()))

    def to_dict(self) -> dict[str, Any]:
        """The board-file form, leaving out defaults."""
        out: dict[str, Any] = {"id": self.id}
        if self.life != 20:
            out["life"] = self.life
        if self.pool:
            out["pool"] = [entry.to_json() for entry in self.pool]
        if self.commander_colors is not None:
            out["commander_colors"] = str(self.commander_colors)
        if self.spells_cast_cards:
            out["spells_cast_this_turn"] = [card.to_json() for card in self.spells_cast_cards]
        elif self.spells_cast_this_turn:
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
        if self.land_plays is not None:
            out["land_plays"] = self.land_plays
        if self.counters:
            out["counters"] = dict(self.counters)
        if self.cards_drawn_this_turn:
            out["cards_drawn_this_turn"] = self.cards_drawn_this_turn
        if self.life_gained_this_turn:
            out["life_gained_this_turn"] = self.life_gained_this_turn
        if self.monarch:
            out["monarch"] = True
        if self.initiative:
            out["initiative"] = True
        if self.sacrificed_this_turn is not None:
            out["sacrificed_this_turn"] = [card.to_json() for card in self.sacrificed_this_turn]
        if self.cards_discarded_this_turn is not None:
            out["cards_discarded_this_turn"] = self.cards_discarded_this_turn
        if self.speed is not None:
            out["speed"] = self.speed
        if self.foretold is not None:
            out["foretold"] = [card.to_json() for card in self.foretold]
        if self.attacked_this_turn is not None:
            out["attacked_this_turn"] = list(self.attacked_this_turn)
        if self.attacked_with_cards is not None:
            out["attacked_with_this_turn"] = [card.to_json() for card in self.attacked_with_cards]
        elif self.attacked_with_this_turn is not None:
            out["attacked_with_this_turn"] = self.attacked_with_this_turn
        if self.cards_put_into_graveyard_this_turn is not None:
            out["cards_put_into_graveyard_this_turn"] = [
                card.to_json() for card in self.cards_put_into_graveyard_this_turn
            ]
        for key in (
            "life_lost_this_turn",
            "committed_crime_this_turn",
            "cards_left_graveyard_this_turn",
            "artifact_abilities_activated_this_turn",
        ):
            if (value := getattr(self, key)) is not None:
                out[key] = value
        return out

    @property
    def spells_cast(self) -> tuple[Card, ...] | None:
        """The spells the player cast this turn, when the board says which (None: it gives only how many,
        one or more): none cast is known to be none.

        >>> Player("me").spells_cast, Player("me", spells_cast_this_turn=2).spells_cast
        ((), None)
        >>> [card.name for card in Player.from_dict(
        ...     {"id": "me", "spells_cast_this_turn": ["Lightning Bolt"]}).spells_cast or ()]
        ['Lightning Bolt']
        """
        if self.spells_cast_cards is not None:
            return self.spells_cast_cards
        return () if self.spells_cast_this_turn == 0 else None

    def having_cast(self, spell: Card | None) -> Player:
        """The player once one more spell is cast this turn (CR 601.2i: it becomes cast when its costs are
        paid): ``spell`` is added to the spells listed, when the board says which (None: a spell of no
        card, such as a bare cost, makes the list unknown).

        >>> player = Player.from_dict({"id": "me", "spells_cast_this_turn": ["Lightning Bolt"]})
        >>> later = player.having_cast(Card.from_json("Sol Ring"))
        >>> later.spells_cast_this_turn, [card.name for card in later.spells_cast or ()]
        (2, ['Lightning Bolt', 'Sol Ring'])
        >>> Player("me", spells_cast_this_turn=1).having_cast(Card.from_json("Sol Ring")).spells_cast is None
        True
        """
        known = self.spells_cast
        cards = None if known is None or spell is None else (*known, spell)
        return replace(self, spells_cast_this_turn=self.spells_cast_this_turn + 1, spells_cast_cards=cards)

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

    def in_graveyard(self, name: str) -> Card | None:
        """The first card of a graveyard given as a list with this name (any case), or None.

        >>> Player.from_dict({"id": "me", "graveyard": ["Forest"]}).in_graveyard("forest").name
        'Forest'
        """
        wanted = name.strip().casefold()
        cards = self.graveyard if isinstance(self.graveyard, tuple) else ()
        return next((card for card in cards if card.name.casefold() == wanted), None)

    def in_foretold(self, name: str) -> Card | None:
        """The first card of the ``foretold`` list with this name (any case), or None (none listed).

        >>> Player.from_dict({"id": "me", "foretold": ["Forest"]}).in_foretold("forest").name
        'Forest'
        """
        wanted = name.strip().casefold()
        return next((card for card in self.foretold or () if card.name.casefold() == wanted), None)

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

    def casting_from_graveyard(self, name: str) -> Player:
        """The player once the first card of their graveyard (given as a list) with this name is cast: it is
        on the stack, no longer in the graveyard (CR 601.2a), so what counts the graveyard's cards as the
        total cost is worked out (601.2f: Karador's "for each creature card in your graveyard") or pays
        (delve, escape) does not count it. A graveyard given as a count is left as it is (it holds the
        spell itself: contract §6).

        >>> player = Player.from_dict({"id": "me", "graveyard": ["Forest", "Island"]})
        >>> [card.name for card in player.casting_from_graveyard("island").graveyard]
        ['Forest']
        """
        held = self.in_graveyard(name)
        if held is None or not isinstance(self.graveyard, tuple):
            return self
        index = self.graveyard.index(held)
        return replace(self, graveyard=(*self.graveyard[:index], *self.graveyard[index + 1 :]))


# --------------------------------------------------------------------------------------------------------
# Reading a player from the board file


#: What :meth:`Player.with_life_and_pool` copies a player with.
_copy_player = slot_copier(Player)


def _read_pool_entry(value: object, path: JsonPath) -> PoolMana:
    """One pool entry: a mana string, or ``{mana, spend_only?, rider?, source?, persists?}``."""
    if isinstance(value, str):
        return PoolMana(read_mana(value, path))
    if not isinstance(value, dict):
        raise FieldError(path, f"expected a mana string or a pool entry object, got {describe_json(value)}")
    fields = Fields(value, path, POOL_ENTRY)
    return PoolMana(
        mana=fields.required("mana", read_mana),
        spend_only=fields.optional("spend_only", _read_restriction, None),
        rider=fields.optional("rider", read_rule, None),
        source=fields.optional("source", read_text, None),
        persists=fields.optional("persists", read_bool, False),
    )


def _read_restriction(value: object, path: JsonPath) -> str:
    """A spending restriction in Oracle wording (``"to cast creature spells"``), checked by the parser now so
    that a restriction it can't read is an error with its path, not a failure of a later payment."""
    text = read_rule(value, path)
    try:
        parse_restriction(text)
    except OracleParseError as error:
        raise FieldError(path, str(error)) from None
    return text


def _read_pool(value: object, path: JsonPath) -> tuple[PoolMana, ...]:
    """A player's pool: a list of pool entries."""
    entries = json_list(value, path, "pool entries (mana strings or objects)")
    pool = tuple(_read_pool_entry(entry, (*path, position)) for position, entry in enumerate(entries))
    total = sum(entry.mana.total for entry in pool)
    if total > MAX_POOL_MANA:
        raise FieldError(path, f"the pool holds {total} mana, more than the limit of {MAX_POOL_MANA}")
    return pool


def read_player(value: object, path: JsonPath) -> Player:
    """One player object."""
    fields = Fields(value, path, PLAYER)
    library = fields.optional("library", read_library, None)
    cast = fields.optional("spells_cast_this_turn", read_spells_cast, None) or 0
    attacked = fields.optional("attacked_with_this_turn", read_attackers, None)
    return Player(
        id=fields.required("id", read_text),
        life=fields.optional("life", read_int, 20),
        pool=fields.optional("pool", _read_pool, ()),
        commander_colors=fields.optional("commander_colors", read_colors, None),
        spells_cast_this_turn=cast if isinstance(cast, int) else len(cast),
        spells_cast_cards=None if isinstance(cast, int) else cast,
        hand=fields.optional("hand", read_cards, ()),
        graveyard=fields.optional("graveyard", read_graveyard, None),
        library=library if isinstance(library, int) or library is None else len(library),
        library_cards=None if isinstance(library, int) else library,
        lands_played_this_turn=fields.optional("lands_played_this_turn", read_count, 0),
        land_plays=fields.optional("land_plays", read_count, None),
        counters=fields.optional("counters", read_counters, ()),
        cards_drawn_this_turn=fields.optional("cards_drawn_this_turn", read_count, 0),
        life_gained_this_turn=fields.optional("life_gained_this_turn", read_count, 0),
        monarch=fields.optional("monarch", read_bool, False),
        initiative=fields.optional("initiative", read_bool, False),
        sacrificed_this_turn=fields.optional("sacrificed_this_turn", read_cards, None),
        cards_discarded_this_turn=fields.optional("cards_discarded_this_turn", read_count, None),
        speed=fields.optional("speed", _read_speed, None),
        foretold=fields.optional("foretold", read_cards, None),
        attacked_this_turn=fields.optional("attacked_this_turn", _read_player_ids, None),
        life_lost_this_turn=fields.optional("life_lost_this_turn", read_count, None),
        attacked_with_this_turn=attacked if attacked is None or isinstance(attacked, int) else len(attacked),
        attacked_with_cards=None if attacked is None or isinstance(attacked, int) else attacked,
        committed_crime_this_turn=fields.optional("committed_crime_this_turn", read_bool, None),
        cards_left_graveyard_this_turn=fields.optional("cards_left_graveyard_this_turn", read_count, None),
        cards_put_into_graveyard_this_turn=fields.optional(
            "cards_put_into_graveyard_this_turn", read_cards, None
        ),
        artifact_abilities_activated_this_turn=fields.optional(
            "artifact_abilities_activated_this_turn", read_count, None
        ),
    )


def _read_player_ids(value: object, path: JsonPath) -> tuple[str, ...]:
    """A list of player ids (each checked against the board's players with the other references)."""
    if not isinstance(value, list):
        raise FieldError(path, f"expected a list of player ids, got {describe_json(value)}")
    return tuple(read_text(item, (*path, n)) for n, item in enumerate(value))


#: A player's highest speed (CR 702.179d: it can't increase past 4).
MAX_SPEED = 4


def _read_speed(value: object, path: JsonPath) -> int:
    """A player's speed: an integer from 0 to 4 (CR 702.179).

    >>> Player.from_dict({"id": "me", "speed": 5})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    models...: ...speed: expected a speed from 0 to 4 (CR 702.179), got 5
    """
    speed = read_int(value, path)
    if not 0 <= speed <= MAX_SPEED:
        raise FieldError(path, f"expected a speed from 0 to {MAX_SPEED} (CR 702.179), got {speed}")
    return speed
