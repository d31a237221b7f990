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
- ``attached_to`` may not point at the permanent itself nor form a loop; it may name a player (a Curse).
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

The parts, one idea each: :mod:`~models.board.state` (the board, and the file as a whole),
:mod:`~models.board.players`, :mod:`~models.board.permanents`, :mod:`~models.board.zones` (cards off the
battlefield), :mod:`~models.board.printed` (printed characteristics: the catalogue, the card store, colors)
and :mod:`~models.board.json_fields` (strict JSON, problems at a JSON path, typed fields). Each record reads
and writes its own part of the file beside its definition, so that ``Board.from_dict`` and the other
loaders stay on the records without an import cycle; the names below are re-exported for ``from
models.board import Board``.
"""

from models.board.json_fields import (
    ROOT,
    describe_json,
    json_path,
    loads_json,
    read_board_text,
    repeats_a_field,
)
from models.board.permanents import DESIGNATIONS, Choices, ImprintedCard, Permanent
from models.board.players import Player, PoolMana
from models.board.printed import card_colors, printed_number
from models.board.state import BOARD_VERSION, STEPS, Board, board_problems
from models.board.zones import Card

__all__ = [
    "BOARD_VERSION",
    "DESIGNATIONS",
    "ROOT",
    "STEPS",
    "Board",
    "Card",
    "Choices",
    "ImprintedCard",
    "Permanent",
    "Player",
    "PoolMana",
    "board_problems",
    "card_colors",
    "describe_json",
    "json_path",
    "loads_json",
    "printed_number",
    "read_board_text",
    "repeats_a_field",
]
