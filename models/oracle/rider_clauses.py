"""The clauses of a sentence that read the mana spent to cast a spell: a spell's own riders (converge,
adamant, "if {C} was spent": :class:`~models.riders.SpentRider`), and a permanent's trigger on a spell cast
whose later sentence reads the mana spent to cast that spell (:class:`~models.mana_effects.CastRider`: the
Opus creatures, Tellah). The grammar reads each clause (``spent_rider`` and ``cast_trigger`` in
``grammar.lark``); a rider is a phrase inside a sentence whose rest is any effect, so each clause (cut at
commas and periods) is tried from every word on.

>>> clause_riders("If at least three mana of the same color was spent to cast ~, ~ enters with a counter.")
(SameColorSpent(at_least=3),)
>>> line = ("Whenever you cast an instant or sorcery spell, draw a card. Then discard a card unless five or "
...     "more mana was spent to cast that spell.")
>>> cast_rider("Then discard a card unless five or more mana was spent to cast that spell.", line).rider
ManaSpent(at_least=5)
"""

from __future__ import annotations

from dataclasses import dataclass

from lark.exceptions import LarkError

from models.cost import PaymentTarget
from models.filters import ObjectFilter, Who
from models.kept import per_card
from models.mana import ManaTypes
from models.mana_effects import CastRider, spell_matches
from models.oracle import classify
from models.oracle import text as t
from models.oracle.build_cost_changes import CASTERS, spells_described
from models.oracle.grammar import read_as
from models.oracle.grammar_parser import UnreadError
from models.oracle.readings import Controller, Noun, Nouns
from models.oracle.spent_rules import NO_MANA, SpellsCast, ThisWay
from models.riders import (
    ColorsSpent,
    ManaSpent,
    PairSpent,
    SameColorSpent,
    SpentRider,
    TreasureSpent,
    TypeSpent,
)

__all__ = [
    "BASIC_LANDS",
    "CREATURES",
    "TREASURES",
    "CastTrigger",
    "cast_rider",
    "cast_trigger",
    "clause_riders",
    "parse_spent_rider",
    "sentence_mana_sources",
    "way_mana_sources",
]


def parse_spent_rider(phrase: str) -> SpentRider:
    """One rider of a spell's own text, the whole phrase; :class:`UnreadError` for anything else.

    >>> parse_spent_rider("if {C} was spent to cast it")
    TypeSpent(mana_type=<ManaType.C: 32>, at_least=1)
    >>> parse_spent_rider("if five or more mana was spent to cast this spell")
    ManaSpent(at_least=5)
    >>> parse_spent_rider("if mana from a Treasure was spent to cast it")
    TreasureSpent()
    >>> str(parse_spent_rider("if {W}{U} was spent to cast this spell"))
    'if {W}{U} was spent'
    """
    try:
        reading = read_as(phrase, "spent_rider")
    except LarkError as error:
        raise UnreadError(f"{phrase!r}: not a rider on the mana spent") from error
    except Exception as error:  # (what a rule's method raised as the phrase was read)
        raise UnreadError(f"{phrase!r}: {error}") from None
    assert isinstance(
        reading, ColorsSpent | TypeSpent | SameColorSpent | ManaSpent | TreasureSpent | PairSpent
    )
    return reading


def clause_riders(unit: str) -> tuple[SpentRider, ...]:
    """The riders of one reading unit of a spell's text on the mana spent to cast that spell, in the order
    written; none in a trigger on another spell ('Whenever you cast a spell, if {C} was spent to cast it').

    >>> clause_riders("Whenever you cast a spell, if {C} was spent to cast it, draw a card.")
    ()
    """
    if "spent" not in unit.lower() and "sunburst" not in unit.lower():
        return ()  # (a unit without the word has no rider: no parse to try)
    found: dict[SpentRider, None] = {}
    # ('Whenever you cast a spell, if {C} was spent to cast it': 'it' is another spell)
    others = unit.split()[0].lower() == "whenever"
    for clause in unit.replace(".", ",").split(","):
        words = clause.split()
        if others and words and words[-1].lower() == "it":
            continue
        for start in range(len(words)):
            try:
                found.setdefault(parse_spent_rider(" ".join(words[start:])), None)
            except UnreadError:
                continue
            break
    return tuple(found)


@dataclass(frozen=True, slots=True, kw_only=True)
class CastTrigger:
    """A trigger on a spell cast ('Whenever you cast a noncreature spell', CR 603.2): who casts (``who``,
    of the trigger's controller), the spells it triggers on (of every type of ``spells.types``, or of any
    with ``any_type``; of one of ``colors`` when there are some), and, for 'Whenever you cast your first
    spell each turn', the ``nth`` of those spells cast in a turn it triggers on (0: each one), only on its
    controller's turns with ``your_turns``."""

    who: Who
    spells: ObjectFilter
    any_type: bool = False
    colors: ManaTypes = ManaTypes()
    nth: int = 0
    your_turns: bool = False

    def describes(self, target: PaymentTarget) -> bool:
        """True when the spell cast (its payment target, as printed) is one the trigger is about.

        >>> first = cast_trigger("Whenever you cast your first noncreature spell each turn, add {R}.")
        >>> first.nth, first.describes(PaymentTarget.of("{R}", type_line="Instant"))
        (1, True)
        >>> first.describes(PaymentTarget.of("{R}", type_line="Creature — Goblin"))
        False
        """
        return spell_matches(self.spells, target, any_type=self.any_type, colors=self.colors)


@per_card(maxsize=4096)  # (a pure function of the sentence)
def cast_trigger(sentence: str) -> CastTrigger | None:
    """The trigger on a spell cast a sentence opens with, read by the grammar (``cast_trigger``), when its
    effect follows at once ('Whenever you cast a spell, add {R}.'); None for any other sentence, one whose
    spells the grammar does not read, and one with a condition before its effect ('Whenever you cast a
    spell, if ...,': not read here).

    >>> cast_trigger("Whenever you cast an instant or sorcery spell, add {R}.").spells.types
    ('Instant', 'Sorcery')
    >>> cast_trigger("Whenever you cast a spell, if it's red, add {R}.") is None
    True
    """
    opening, _, effect = sentence.partition(",")
    if not opening.lower().startswith("whenever") or not effect.strip() or effect.split()[0].lower() == "if":
        return None
    read = _described_trigger(opening)
    if read is None:
        return None
    trigger, spells, colors = read
    return CastTrigger(
        who=CASTERS[trigger.caster],
        spells=spells,
        any_type=len(trigger.what.nouns) > 1 and len(spells.types) > 1,
        colors=colors,
        nth=trigger.nth,
        your_turns=trigger.your_turns,
    )


@per_card(maxsize=4096)  # (a pure function of the sentence and its line)
def cast_rider(sentence: str, line: str) -> CastRider | None:
    """The rider a sentence of a trigger on a spell cast puts on the spells it triggers on ('If five or more
    mana was spent to cast that spell, ...' on a line that opens 'Whenever you cast an instant or sorcery
    spell'), or None: for any other sentence, a trigger whose spells the grammar does not read, and a
    sentence that adds mana (mana is no rider).

    >>> line = ("Whenever you cast a noncreature spell, create a token. If four or more mana was spent to "
    ...     "cast that spell, draw two cards.")
    >>> tellah = cast_rider("If four or more mana was spent to cast that spell, draw two cards.", line)
    >>> tellah.spells.excluded, tellah.rider, tellah.who
    (('Creature',), ManaSpent(at_least=4), <Who.YOU: 'you'>)
    >>> cast_rider("If four or more mana was spent to cast that spell, add {R}{R}.", line) is None
    True
    """
    if "spent" not in sentence.lower() or classify.adds_mana(sentence):
        return None
    opening = next(iter(t.split_sentences(line)), "")
    if not opening.lower().startswith("whenever") or (rider := _rider(sentence)) is None:
        return None
    read = _described_trigger(opening.split(",", 1)[0])
    if read is None or read[0].nth:
        return None  # (a rider of the turn's first spell only: not read)
    trigger, spells, colors = read
    return CastRider(
        text=sentence,
        who=CASTERS[trigger.caster],
        spells=spells,
        rider=rider,
        any_type=len(trigger.what.nouns) > 1 and len(spells.types) > 1,
        colors=colors,
    )


def _described_trigger(opening: str) -> tuple[SpellsCast, ObjectFilter, ManaTypes] | None:
    """A trigger on a spell cast ('Whenever you cast an instant or sorcery spell') read by the grammar, with
    the spells it is about as a filter of cards and their colors; None when the grammar does not read it, or
    its spells are not described by their cards (face down, of a chosen type)."""
    try:
        trigger = read_as(opening, "cast_trigger")
        if not isinstance(trigger, SpellsCast):
            return None
        spells, colors, face_down = spells_described(trigger.what)
    except LarkError:
        return None
    except Exception:  # (what a rule's method raised as the trigger was read: spells it can't describe)
        return None
    if face_down or spells.chosen_type:
        return None  # (a face-down spell or one of a chosen type: not described by its card here)
    return trigger, spells, colors


def _rider(sentence: str) -> SpentRider | None:
    """The first clause of the sentence that reads the mana spent to cast 'that spell' (or 'it', in the
    trigger's own sentence or after it: the spell cast), as a rider."""
    for clause in sentence.rstrip(".").split(","):
        words = clause.split()
        for start in range(len(words)):
            try:
                reading = read_as(" ".join(words[start:]), "cast_trigger")
            except LarkError:
                continue
            except Exception:  # (what a rule's method raised as the clause was read: not a number of mana)
                continue
            if isinstance(
                reading, ColorsSpent | TypeSpent | SameColorSpent | ManaSpent | TreasureSpent | PairSpent
            ):
                return reading
    return None


#: The sources a spell's own restriction on its mana is read for: 'creatures' (a creature's mana ability or a
#: trigger of a creature adds it: planner.rules.packets.ManaTag.creature) and 'basic lands' (a basic land's:
#: ManaTag.basic_land).
_CREATURES = Nouns((Noun(types=("Creature",), controller=Controller.UNSAID),))
_BASIC_LANDS = Nouns((Noun(types=("Land",), supertypes=("Basic",), controller=Controller.UNSAID),))

_TREASURES = Nouns((Noun(types=("Treasure",), controller=Controller.UNSAID),))

#: What :func:`only_mana_from` answers for each source it reads (and NO_MANA: no source, Hogaak's).
CREATURES = "creatures"
BASIC_LANDS = "basic lands"
#: What :func:`way_mana_sources` answers for Security Rhox's "... produced by Treasures ..."
TREASURES = "Treasures"


def sentence_mana_sources(sentence: str) -> str:
    """What one sentence says a spell's own mana must come from: ``CREATURES``, ``BASIC_LANDS``, ``NO_MANA``,
    or "" for none read (:func:`~models.oracle.spent_riders.only_mana_from` reads a whole text with it).

    >>> sentence_mana_sources("Spend only mana produced by basic lands to cast ~.")
    'basic lands'
    >>> sentence_mana_sources("You can't spend mana to cast ~."), sentence_mana_sources("Draw a card.")
    ('no mana', '')
    """
    if not sentence.lower().startswith(("spend only mana produced by", "you can't spend mana to cast")):
        return ""  # (a gate, not a reader)
    what = _mana_sources_read(sentence)
    if what is None or isinstance(what, ThisWay):
        return ""  # (an alternative cost's: way_mana_sources)
    if what == _CREATURES:
        return CREATURES
    if what == _BASIC_LANDS:
        return BASIC_LANDS
    return NO_MANA if what == NO_MANA else ""


def way_mana_sources(sentence: str) -> str:
    """What one sentence says the mana that pays the spell cast for the alternative cost before it must come
    from: ``TREASURES`` (Security Rhox's "Spend only mana produced by Treasures to cast it this way."), or ""
    for none read (another source stays warned).

    >>> way_mana_sources("Spend only mana produced by Treasures to cast it this way.")
    'Treasures'
    >>> way_mana_sources("Spend only mana produced by artifacts to cast it this way.")
    ''
    """
    if not sentence.lower().startswith("spend only mana produced by"):
        return ""  # (a gate, not a reader)
    return TREASURES if _mana_sources_read(sentence) == ThisWay(_TREASURES) else ""


def _mana_sources_read(sentence: str) -> object:
    """The grammar's reading of a sentence on the mana that may pay a spell ('mana_sources'), or None when
    it does not read it (or a rule's method refused it as it was read)."""
    try:
        return read_as(sentence, "mana_sources")
    except LarkError:
        return None
    except Exception:  # (what a rule's method raised as the sentence was read)
        return None
