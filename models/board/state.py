"""The board: players, permanents in timestamp order and the step, with its queries and its changes (each a
new board), and the board file as a whole (its version, unique ids, references that point somewhere).

>>> Board.loads('{"version": 1, "players": [{"id": "me"}], "step": "END"}').step
'end'
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, TypeVar

from models import board_fields
from models.board.effects import EffectInForce, read_effect, read_effects
from models.board.json_fields import (
    FieldError,
    Fields,
    JsonPath,
    checked,
    describe_json,
    json_list,
    json_object,
    json_path,
    parse_json,
    quote,
    read_board_text,
    read_int,
    read_text,
)
from models.board.permanents import Permanent, read_permanent
from models.board.players import Player, read_player
from models.board.printed import CARD_RESOLVER
from models.board.zones import Card, read_creatures_died
from models.board_fields import BOARD as BOARD_FIELDS
from models.errors import BoardError
from models.hashing import cached_hash, state_without_hash
from models.limits import MAX_PERMANENTS, MAX_PLAYERS, not_text_in

if TYPE_CHECKING:
    from models.carddata.names import CardResolver

#: The board file version this module reads and writes.
BOARD_VERSION: Final = board_fields.BOARD_VERSION


_Item = TypeVar("_Item", "Player", "Permanent")


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
    #: how many creatures died this turn, whoever controlled them (an extension of contract section 10: Blood
    #: for the Blood God!'s "for each creature that died this turn"); None when not given
    creatures_died_this_turn: int | None = None
    #: the effects in force that no permanent's text holds now, oldest first (contract section 10 extension,
    #: issue 35: :mod:`models.board.effects`)
    effects: tuple[EffectInForce, ...] = ()
    #: not in the board file: the ids of the permanents of the board as loaded, whose set an effect in force
    #: locked in when its entry gives no ``affected`` (CR 611.2c: a permanent the plan puts onto the
    #: battlefield is none of them); None on a board built directly (then its permanents now)
    loaded_ids: frozenset[str] | None = None
    #: not in the board file: the largest X the planner lists of a mana ability paid with an {X} that adds X
    #: (Wizard's Rockets), set as a payment starts (the most mana its controller could pay for X then) and
    #: kept by every board the payment goes through, whose own count is smaller once mana is made; None:
    #: counted on this board alone
    paid_x_most: int | None = None
    #: not in the board file: the most mana in one player's pool on the board the planner's structure of a
    #: board (pools emptied) was made from, which such an X may be paid with; 0 on a board as loaded
    pool_most: int = 0
    #: the creatures that died this turn, as cards, when the board lists them (``creatures_died_this_turn``
    #: given as a list: ``creatures_died_this_turn`` is then their number), what "if a non-Zombie creature
    #: died this turn" reads; None: a count alone (or not given)
    creatures_died: tuple[Card, ...] | None = None
    _player_index: dict[str, int] = field(init=False, repr=False, compare=False)
    _permanent_index: dict[str, int] = field(init=False, repr=False, compare=False)
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_player_index", _index("player", (p.id for p in self.players)))
        object.__setattr__(self, "_permanent_index", _index("permanent", (p.id for p in self.permanents)))

    def __hash__(self) -> int:
        """Worked out once per board: boards key the planner's caches."""
        return self._hash or cached_hash(self)

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
        resolving = CARD_RESOLVER.set(cards)
        try:
            board = checked(source, lambda: _read_board(data))
        finally:
            CARD_RESOLVER.reset(resolving)
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
        return cls.from_dict(checked(source, lambda: parse_json(text)), source, cards=cards)

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
        if self.creatures_died is not None:
            out["creatures_died_this_turn"] = [card.to_json() for card in self.creatures_died]
        elif self.creatures_died_this_turn is not None:
            out["creatures_died_this_turn"] = self.creatures_died_this_turn
        if self.effects:
            out["effects"] = [effect.to_dict() for effect in self.effects]
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
        permanent, without loops, or a player (an Aura that enchants a player: a permanent of that id first);
        every ``choices.linked_permanent`` and ``choices.paired_with`` another permanent.

        >>> Board(1, "you", (Player("me"),)).check("b.json")
        Traceback (most recent call last):
        ...
        models.errors.BoardError: b.json: active_player: unknown player 'you'
        """
        checked(source, lambda: _check_references(self))

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

    def paired_with(self, permanent_id: str) -> str | None:
        """The id of the permanent paired with this one by soulbond (CR 702.95a: either's
        ``choices.paired_with`` names the other), or None.

        >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
        ...     {"id": "a", "name": "A", "type_line": "Creature", "controller": "me"},
        ...     {"id": "b", "name": "B", "type_line": "Creature", "controller": "me",
        ...      "choices": {"paired_with": "a"}}]})
        >>> board.paired_with("a"), board.paired_with("b")
        ('b', 'a')
        """
        if permanent_id not in self._permanent_index:
            return None
        named = self.permanent(permanent_id).choices.paired_with
        if named is not None:  # (a board left by a permanent a cost took: no longer paired)
            return named if named in self._permanent_index else None
        return next((p.id for p in self.permanents if p.choices.paired_with == permanent_id), None)

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

    def in_board_order(self, ids: Collection[str]) -> tuple[str, ...]:
        """Those of ``ids`` that are permanents of the board, in the board's order (one pass in C over its
        index of ids, no Python step per permanent).

        >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
        ...     {"id": pid, "card": "Forest", "controller": "me"} for pid in "abc"]})
        >>> board.in_board_order({"c", "a", "x"})
        ('a', 'c')
        """
        return tuple(filter(ids.__contains__, self._permanent_index)) if ids else ()

    def controlled_by(self, player_id: str) -> tuple[Permanent, ...]:
        """The permanents this player controls, in timestamp order.

        >>> from models.types import TypeLine
        >>> land = Permanent(id="w", controller="me", card=None, name="Wastes",
        ...     type_line=TypeLine.parse("Land"))
        >>> Board(1, "me", (Player("me"), Player("opp")), (land,)).controlled_by("opp")
        ()
        """
        return tuple(permanent for permanent in self.permanents if permanent.controller == player_id)

    def attachments(self, permanent_id: str) -> tuple[Permanent, ...]:
        """The permanents attached to this one (Auras, Equipment), in timestamp order.

        >>> from models.types import TypeLine
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

        >>> from models.types import TypeLine
        >>> land = Permanent(id="w", controller="me", card=None, name="Wastes",
        ...     type_line=TypeLine.parse("Land"))
        >>> board = Board(1, "me", (Player("me"),)).with_permanent(land)
        >>> [p.id for p in board.permanents], board.with_permanent(land) == board
        (['w'], True)
        """
        at = self._permanent_index.get(permanent.id)
        if at is None:
            return replace(self, permanents=(*self.permanents, permanent))
        # (the same ids in the same order: the indexes hold, as with_records keeps them)
        return self.with_records(self.players, (*self.permanents[:at], permanent, *self.permanents[at + 1 :]))

    def replace_permanent(self, permanent_id: str, **changes: Any) -> Board:
        """This board with some fields of one permanent changed (``dataclasses.replace`` style).

        >>> from models.types import TypeLine
        >>> land = Permanent(id="w", controller="me", card=None, name="Wastes",
        ...     type_line=TypeLine.parse("Land"))
        >>> Board(1, "me", (Player("me"),), (land,)).replace_permanent("w", tapped=True).permanents[0].tapped
        True
        """
        permanent = self.permanent(permanent_id)
        if changes.keys() == {"tapped"}:  # (a payment's most common change: nothing else checked again)
            tapped = permanent.with_tapped(changes["tapped"])
            return self if tapped is permanent else self.with_permanent(tapped)
        return self if _unchanged(permanent, changes) else self.with_permanent(replace(permanent, **changes))

    def without_permanent(self, permanent_id: str) -> Board:
        """This board without the permanent with this id (``KeyError`` if absent); attachments are kept.

        >>> from models.types import TypeLine
        >>> land = Permanent(id="w", controller="me", card=None, name="Wastes",
        ...     type_line=TypeLine.parse("Land"))
        >>> Board(1, "me", (Player("me"),), (land,)).without_permanent("w").permanents
        ()
        """
        return self.without_permanents((permanent_id,))

    def without_permanents(self, permanent_ids: Iterable[str]) -> Board:
        """This board without the permanents with these ids (``KeyError`` if one is absent).

        >>> from models.types import TypeLine
        >>> lands = tuple(Permanent(id=i, controller="me", card=None, name="Wastes",
        ...     type_line=TypeLine.parse("Land")) for i in "wxy")
        >>> [p.id for p in Board(1, "me", (Player("me"),), lands).without_permanents(["w", "y"]).permanents]
        ['x']
        """
        gone = set(permanent_ids)
        for permanent_id in gone:
            self.permanent(permanent_id)
        return replace(self, permanents=tuple(p for p in self.permanents if p.id not in gone))

    def singled_out_by_effects(self) -> frozenset[str]:
        """The permanents the board's effects in force tell apart from others alike in every field: those
        they refer to or list as affected, and (when one locked in its set, CR 611.2c) those not on the
        board as it was loaded. Empty without effects.

        >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
        ...     {"id": pid, "card": "Forest", "controller": "me"} for pid in "ab"], "effects": [
        ...     {"text": "Target land becomes an Island until end of turn.", "controller": "me",
        ...      "refers_to": ["a"]}]})
        >>> sorted(board.singled_out_by_effects()), board.identical_runs(["a", "b"])
        (['a'], [('a',), ('b',)])
        """
        if not self.effects:
            return frozenset()
        named = {pid for effect in self.effects for pid in (*effect.refers_to, *(effect.affected or ()))}
        if self.loaded_ids is not None:
            named.update(p.id for p in self.permanents if p.id not in self.loaded_ids)
        return frozenset(named)

    def identical_runs(self, permanent_ids: Iterable[str]) -> list[tuple[str, ...]]:
        """The permanents with these ids as runs of identical ones, in the order met: the same in every field
        but the id, and nothing attached to or by them (an Aura names what it enchants by id); each other
        permanent is a run of its own, as is each one an effect in force singles out
        (:meth:`singled_out_by_effects`). Which of a run's permanents is gone is the same to the rules.

        >>> from models.types import TypeLine
        >>> def treasure(pid: str) -> Permanent:
        ...     return Permanent(id=pid, controller="me", card="Treasure", name="Treasure",
        ...                      type_line=TypeLine.parse("Token Artifact — Treasure"), token=True)
        >>> board = Board(1, "me", (Player("me"),), (treasure("t1"), treasure("t2"), treasure("t3")))
        >>> board.identical_runs(["t1", "t2", "t3"])
        [('t1', 't2', 't3')]
        >>> tapped = board.with_permanent(replace(board.permanent("t2"), tapped=True))
        >>> tapped.identical_runs(["t1", "t2", "t3"])
        [('t1', 't3'), ('t2',)]
        """
        attached = {p.attached_to for p in self.permanents if p.attached_to is not None}
        attached |= self.singled_out_by_effects()
        runs: dict[object, list[str]] = {}
        for pid in permanent_ids:
            permanent = self.permanent(pid)
            alone = pid in attached or permanent.attached_to is not None
            key: object = pid if alone else replace(permanent, id="")
            runs.setdefault(key, []).append(pid)
        return [tuple(run) for run in runs.values()]

    def having_died(self, creatures: Iterable[Card]) -> Board:
        """This board once these creatures died (CR 700.4: put into a graveyard from the battlefield), as
        ``creatures_died_this_turn`` counts them: added to its count, and to its list when it gives one; not
        given, counted from 0 (the deaths before are not known, these are: a lower bound, whose warning the
        caller keeps), with no list (which died before is not known).

        >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}],
        ...     "creatures_died_this_turn": ["Llanowar Elves"]})
        >>> later = board.having_died([Card.from_json("Birds of Paradise")])
        >>> later.creatures_died_this_turn, [card.name for card in later.creatures_died or ()]
        (2, ['Llanowar Elves', 'Birds of Paradise'])
        >>> unknown = Board(1, "me", (Player("me"),)).having_died(later.creatures_died or ())
        >>> unknown.creatures_died_this_turn, unknown.creatures_died
        (2, None)
        """
        dead = tuple(creatures)
        if not dead:
            return self
        before = self.creatures_died_this_turn
        listed = None if self.creatures_died is None or before is None else (*self.creatures_died, *dead)
        return replace(self, creatures_died_this_turn=(before or 0) + len(dead), creatures_died=listed)

    def with_player(self, player: Player) -> Board:
        """This board with ``player`` replacing the one with its id in place, or else added last.

        >>> Board(1, "me", (Player("me"),)).with_player(Player("me", life=5)).player("me").life
        5
        """
        at = self._player_index.get(player.id)
        if at is None:
            return replace(self, players=(*self.players, player))
        # (the same ids in the same order: the indexes hold, as with_records keeps them)
        return self.with_records((*self.players[:at], player, *self.players[at + 1 :]), self.permanents)

    def with_remaining(self, players: tuple[Player, ...], remaining: dict[str, Permanent]) -> Board:
        """This board with these players (the ids of its own, in the same order) and, of its permanents,
        those of ``remaining`` (by id, in the order of its own, as given there): its index of permanents is
        built anew at C speed, nothing checked (a replay removes one permanent at a time from 1,000).

        >>> from models.types import TypeLine
        >>> land = TypeLine.parse("Land")
        >>> lands = [Permanent(id=i, controller="me", card=None, name="W", type_line=land) for i in "abc"]
        >>> board = Board(1, "me", (Player("me"),), tuple(lands))
        >>> left = board.with_remaining(board.players, {p.id: p for p in lands if p.id != "b"})
        >>> [p.id for p in left.permanents], left.permanent("c").id, left == board.without_permanent("b")
        (['a', 'c'], 'c', True)
        """
        copy = self.with_records(players, tuple(remaining.values()))
        object.__setattr__(copy, "_permanent_index", dict(zip(remaining, range(len(remaining)), strict=True)))
        return copy

    def with_records(self, players: tuple[Player, ...], permanents: tuple[Permanent, ...]) -> Board:
        """This board with these players and permanents, which have the ids of its own in the same order (so
        that its indexes by id hold: they are not worked out again, nor anything checked).

        >>> board = Board(1, "me", (Player("me", life=7),))
        >>> changed = board.with_records((Player("me", life=1),), ())
        >>> changed == Board(1, "me", (Player("me", life=1),)), changed.player("me").life
        (True, 1)
        """
        copy = object.__new__(Board)
        for name in _BOARD_FIELDS:
            object.__setattr__(copy, name, getattr(self, name))
        object.__setattr__(copy, "players", players)
        object.__setattr__(copy, "permanents", permanents)
        object.__setattr__(copy, "_hash", 0)
        return copy

    def replace_player(self, player_id: str, **changes: Any) -> Board:
        """This board with some fields of one player changed (``dataclasses.replace`` style).

        >>> Board(1, "me", (Player("me"),)).replace_player("me", life=12).player("me").life
        12
        """
        player = self.player(player_id)
        return self if _unchanged(player, changes) else self.with_player(replace(player, **changes))


def _unchanged(record: object, changes: dict[str, Any]) -> bool:
    """True when each changed field already has its value: the board with them is this board (an equal
    value, not made again: the payment's steps set the life total each time, mostly to what it was).

    >>> _unchanged(Player("me", life=20), {"life": 20}), _unchanged(Player("me", life=20), {"life": 19})
    (True, False)
    """
    return all(getattr(record, name) == value for name, value in changes.items())


#: The fields :meth:`Board.with_records` copies (the indexes by id included).
_BOARD_FIELDS = tuple(f.name for f in fields(Board) if f.name != "_hash")


def _index(kind: str, ids: Iterable[str]) -> dict[str, int]:
    """Position by id; a repeated id is a ``ValueError`` (loading reports it earlier, with its path)."""
    index: dict[str, int] = {}
    for position, item_id in enumerate(ids):
        if item_id in index:
            raise ValueError(f"duplicate {kind} id {item_id!r}")
        index[item_id] = position
    return index


# --------------------------------------------------------------------------------------------------------
# Reading the board file as a whole


def _read_unique(
    value: object, path: JsonPath, read: Callable[[object, JsonPath], _Item], what: str, most: int
) -> tuple[_Item, ...]:
    """A list of players or permanents, read by ``read``, whose ids must be unique."""
    items: list[_Item] = []
    seen: dict[str, int] = {}
    entries = json_list(value, path, f"{what}s")
    if len(entries) > most:
        raise FieldError(path, f"{len(entries)} {what}s are more than the limit of {most}")
    for position, entry in enumerate(entries):
        item = read(entry, (*path, position))
        if item.id in seen:
            also = json_path((*path, seen[item.id]))
            raise FieldError((*path, position, "id"), f"duplicate {what} id {quote(item.id)} (also {also})")
        seen[item.id] = position
        items.append(item)
    return tuple(items)


def _read_players(value: object, path: JsonPath) -> tuple[Player, ...]:
    """The ``players`` list: at least one, ids unique."""
    players = _read_unique(value, path, read_player, "player", MAX_PLAYERS)
    if not players:
        raise FieldError(path, "at least one player is required")
    return players


def _read_permanents(value: object, path: JsonPath) -> tuple[Permanent, ...]:
    """The ``permanents`` list, in timestamp order, ids unique."""
    return _read_unique(value, path, read_permanent, "permanent", MAX_PERMANENTS)


def _read_board(value: object) -> Board:
    """The whole board object; references between its parts are checked afterwards by ``Board.check``.
    Every string in it, field names too, is Unicode text (contract §14)."""
    unreadable = not_text_in(value)
    if unreadable is not None:
        raise FieldError(*unreadable)
    data = json_object(value, (), "a board")
    if "version" in data:  # before unknown fields, so a newer file is reported as such
        version = read_int(data["version"], ("version",))
        if version != BOARD_VERSION:
            raise FieldError(
                ("version",), f"unsupported version {version}: this planner reads version {BOARD_VERSION}"
            )
    fields = Fields(data, (), BOARD_FIELDS)
    version = fields.required("version", read_int)
    players = fields.required("players", _read_players)
    permanents: tuple[Permanent, ...] = fields.optional("permanents", _read_permanents, ())
    active_player = fields.optional("active_player", read_text, players[0].id)
    step = fields.optional("step", _read_step, "main")
    died = fields.optional("creatures_died_this_turn", read_creatures_died, None)
    effects: tuple[EffectInForce, ...] = fields.optional("effects", read_effects, ())
    loaded = frozenset(p.id for p in permanents) if effects else None
    count, cards = (died, None) if died is None or isinstance(died, int) else (len(died), died)
    return Board(
        version, active_player, players, permanents, step, count, effects, loaded, creatures_died=cards
    )


#: The steps and phases a board's ``step`` may name.
STEPS = ("beginning", "main", "combat", "end")


def _read_step(value: object, path: JsonPath) -> str:
    """The turn's step or phase: one of :data:`STEPS`."""
    if not isinstance(value, str) or value.lower() not in STEPS:
        raise FieldError(path, f"expected one of {', '.join(STEPS)}, got {describe_json(value)}")
    return value.lower()


def _check_references(board: Board) -> None:
    """Raise ``FieldError`` for the first reference that points nowhere (see ``Board.check``)."""
    if board.active_player not in board._player_index:
        raise FieldError(("active_player",), f"unknown player {quote(board.active_player)}")
    for position, player in enumerate(board.players):
        for n, attacked in enumerate(player.attacked_this_turn or ()):
            if attacked not in board._player_index:
                raise FieldError(
                    ("players", position, "attacked_this_turn", n), f"unknown player {quote(attacked)}"
                )
    for position, permanent in enumerate(board.permanents):
        if permanent.controller not in board._player_index:
            raise FieldError(
                ("permanents", position, "controller"), f"unknown player {quote(permanent.controller)}"
            )
        if permanent.owned_by not in board._player_index:
            raise FieldError(("permanents", position, "owner"), f"unknown player {quote(permanent.owned_by)}")
    for position, permanent in enumerate(board.permanents):
        for key, linked in (
            ("linked_permanent", permanent.choices.linked_permanent),
            ("paired_with", permanent.choices.paired_with),
        ):
            if linked is not None and linked not in board._permanent_index:
                where: JsonPath = ("permanents", position, "choices", key)
                raise FieldError(where, f"unknown permanent {quote(linked)}")
            if key == "paired_with" and linked == permanent.id:  # (CR 702.95a: with another creature)
                where = ("permanents", position, "choices", key)
                raise FieldError(where, f"{quote(linked)} cannot be paired with itself")
    _check_effects(board)
    for position, permanent in enumerate(board.permanents):
        path: JsonPath = ("permanents", position, "attached_to")
        target = permanent.attached_to
        if target is None:
            continue
        if target == permanent.id:
            raise FieldError(path, f"{quote(permanent.id)} cannot be attached to itself")
        if target not in board._permanent_index and target not in board._player_index:
            # (an Aura with 'Enchant player' names the player, a Curse: Overwhelming Splendor)
            raise FieldError(path, f"unknown permanent or player {quote(target)}")
        chain = [permanent.id]
        while target is not None and target not in chain:
            chain.append(target)
            target = board.permanent(target).attached_to if target in board._permanent_index else None
        if target == permanent.id:
            raise FieldError(path, f"attachments form a loop: {' -> '.join([*chain, target])}")


def _check_effects(board: Board) -> None:
    """Raise ``FieldError`` for an effect in force whose controller is no player, or one of whose ids is no
    permanent or player of the board (``affected``: no permanent)."""
    for position, effect in enumerate(board.effects):
        if effect.controller not in board._player_index:
            raise FieldError(
                ("effects", position, "controller"), f"unknown player {quote(effect.controller)}"
            )
        for number, named in enumerate(effect.refers_to):
            if named not in board._permanent_index and named not in board._player_index:
                path: JsonPath = ("effects", position, "refers_to", number)
                raise FieldError(path, f"unknown permanent or player {quote(named)}")
        for number, named in enumerate(effect.affected or ()):
            if named not in board._permanent_index:
                raise FieldError(
                    ("effects", position, "affected", number), f"unknown permanent {quote(named)}"
                )


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
    readers: tuple[tuple[str, Callable[[object, JsonPath], object]], ...] = (
        ("players", read_player),
        ("permanents", read_permanent),
        ("effects", read_effect),
    )
    for key, read in readers:
        items = data.get(key)
        if not isinstance(items, list):
            continue
        for position, item in enumerate(items):
            try:
                checked(source, lambda: read(item, (key, position)))  # noqa: B023 (called at once)
            except BoardError as error:
                if all(error.path != known.path for known in problems):
                    problems.append(error)
    return tuple(problems)
