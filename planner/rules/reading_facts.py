"""What a board's texts hold that the board-wide scans for warnings look for, decided once per board from a
per-card summary of each permanent's reading, so that a board without any of it skips the scans (most boards:
no sentence unread, no choice read, no copy, no untap with priority, no trigger counting same-named lands).

Each fact is a bit of :func:`card_facts` (the bits are defined in :mod:`planner.rules.records`, which the
rules that test them import), a pure function of a card's text as read at a level (the arguments of
:func:`models.oracle.read_card`, kept per card); :func:`board_facts` is their union over the permanents, kept
with the view's structure (it reads the permanents' texts and levels, no status; ``BoardView.text_facts``).
A bit set says only that a scan must run: the scan still decides, permanent by permanent, exactly as without
it.

>>> from models.board import Board
>>> from planner.rules.view import BoardView
>>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
...     {"id": "h", "card": "Coldsteel Heart", "controller": "me"},
...     {"id": "f", "card": "Forest", "controller": "me"}]})
>>> facts = board_facts(BoardView(board))
>>> bool(facts & MAY_READ_A_CHOICE), bool(facts & UNREAD_SENTENCE), bool(facts & ENTERS_AS_A_COPY)
(True, False, False)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from models.abilities import AmountKind
from models.board.permanents import NOTHING_CHOSEN
from models.kept import per_card
from models.mana_effects import ManaTrigger
from models.oracle import read_card
from models.oracle.levels import Level
from models.oracle.parsed import (
    PRIORITY_NO_MANA_ABILITY,
    PRIORITY_TOKEN,
    PRIORITY_UNTAP,
    SACRIFICE_TRIGGER,
    TAPPING_TRIGGER,
    SentenceReading,
)
from models.types import TypeLine
from planner.rules.layers import missing_choice
from planner.rules.records import (
    ENTERS_AS_A_COPY,
    GRANTS_A_CHOICE_READER,
    MAY_LEAVE_AN_EFFECT,
    MAY_MISS_A_CHOICE,
    MAY_READ_A_CHOICE,
    PRIORITY_UNTAP_SENTENCE,
    SAME_NAME_TRIGGER,
    UNREAD_SENTENCE,
    ViewTable,
)
from planner.rules.undefined_choices import grants_a_choice_reader, may_read_a_choice

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = ["board_facts", "card_facts", "is_priority_untap"]


@per_card(maxsize=8192)
def card_facts(oracle: str, name: str, type_line: TypeLine, level: Level) -> int:
    """The facts (bits) of a card's text read at ``level``.

    >>> essence = ("Whenever a land you control is tapped for mana, add an additional one mana of any type "
    ...     "that land produced for each other land you control with the same name as it.")
    >>> facts = card_facts(essence, "Sasaya's Essence", TypeLine.parse("Legendary Enchantment"), Level())
    >>> bool(facts & SAME_NAME_TRIGGER), bool(facts & MAY_MISS_A_CHOICE), bool(facts & UNREAD_SENTENCE)
    (True, False, False)
    """
    reading = read_card(oracle, name, type_line, level)
    facts = 0
    if reading.unsupported:
        facts |= UNREAD_SENTENCE
    if may_read_a_choice(reading):
        facts |= MAY_READ_A_CHOICE
    if grants_a_choice_reader(reading):
        facts |= GRANTS_A_CHOICE_READER
    if "copy of" in oracle:
        facts |= ENTERS_AS_A_COPY
    if any(missing_choice(effect, NOTHING_CHOSEN) is not None for effect in reading.effects):
        facts |= MAY_MISS_A_CHOICE
    if any(is_priority_untap(s) for s in reading.sentences):
        facts |= PRIORITY_UNTAP_SENTENCE
    if any(
        isinstance(effect, ManaTrigger) and effect.adds.amount.kind is AmountKind.SAME_NAME
        for effect in reading.effects
    ):
        facts |= SAME_NAME_TRIGGER
    if any(
        s.read_as == "ignored" and ("for as long as" in s.text or " less" in s.text)
        for s in reading.sentences
    ):
        facts |= MAY_LEAVE_AN_EFFECT
    return facts


def board_facts(view: BoardView) -> int:
    """The union of the facts of the board's permanents' texts, worked out once per board structure."""
    known = _BOARD_FACTS.get(view, None)
    if known is None:
        known = 0
        for permanent in view.board.permanents:
            known |= card_facts(permanent.oracle, permanent.name, permanent.type_line, permanent.level)
        _BOARD_FACTS.put(view, None, known)
    return known


#: The board's facts, kept with its structure (keyed by None: one entry).
_BOARD_FACTS: ViewTable[None, int] = ViewTable("reading_facts.board", shared=True)


def is_priority_untap(sentence: SentenceReading) -> bool:
    """True for a sentence that lets a player make more mana with priority before casting than a payment
    plans: an activated ability that untaps and adds no mana (:data:`PRIORITY_UNTAP`), or a trigger of
    tapping that is no mana ability and untaps or makes mana (:data:`TAPPING_TRIGGER`), or one of
    sacrificing that makes mana (:data:`SACRIFICE_TRIGGER`), or an activated ability that creates a token
    that makes mana (:data:`PRIORITY_TOKEN`), or one that adds mana and is no mana ability because it
    targets, moves a library's card or is a loyalty ability (:data:`PRIORITY_NO_MANA_ABILITY`; the sentence
    with its cost, once for the ability).

    >>> from models.oracle import parse_oracle
    >>> [is_priority_untap(s) for s in parse_oracle("{T}, Mill a card: Add {G}. Draw a card.").sentences]
    [True, False]
    """
    return (sentence.note in _PRIORITY_ACTIVATED and ":" in sentence.text) or sentence.note in (
        TAPPING_TRIGGER,
        SACRIFICE_TRIGGER,
    )


#: The notes of activated abilities (the sentence with the colon) that :func:`is_priority_untap` holds.
_PRIORITY_ACTIVATED = frozenset({PRIORITY_UNTAP, PRIORITY_TOKEN, *PRIORITY_NO_MANA_ABILITY.values()})
