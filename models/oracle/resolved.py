"""A resolved effect's sentence read as the static sentence it is while it lasts (CR 611.2: a continuous
effect from a spell or ability that resolved): its duration set apart ('until end of turn', 'until your next
turn', 'this turn', 'for as long as ...'), its verbs of change read as those of a state ('becomes' as 'is',
'gains' as 'has': CR 611.2 makes the change last), and its referents ('that land', 'target creature', 'it')
bound to what they name, as an Aura's 'enchanted land' is (the board's ``effects[i].refers_to``): all read by
the grammar's ``resolved_effect`` (:mod:`models.oracle.resolved_rules`). What is left is read by the static
grammar (:func:`~models.oracle.reader.parse_oracle`), so that an effect in force
is read exactly as a permanent's static ability of the same words.

>>> bound = static_form("Until end of turn, target land you control becomes an Island.")
>>> bound.text, bound.duration, bound.bound
('Enchanted land is an Island.', 'end_of_turn', True)
>>> static_form('Lands you control gain "{T}: Add {G}." until end of turn.').text
'Lands you control have "{T}: Add {G}."'
>>> quicksilver = static_form("That land is an Island for as long as it has a flood counter on it.")
>>> quicksilver.text, quicksilver.while_counter
('Enchanted land is an Island.', 'flood')
>>> static_form("The next instant or sorcery spell you cast this turn costs {2} less to cast.").once
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from models.oracle.parsed import ParsedText
from models.oracle.reader import parse_oracle
from models.oracle.static_forms import StaticForm, static_form
from models.oracle.text import split_sentences

__all__ = ["ResolvedReading", "StaticForm", "given_as_effect", "read_resolved", "static_form"]


@dataclass(frozen=True, slots=True)
class ResolvedReading:
    """An effect in force read: each sentence's static form with its reading (None: not read)."""

    sentences: tuple[tuple[StaticForm, ParsedText | None], ...]

    @property
    def bound(self) -> bool:
        """True when a sentence of it names a referent (its entry's ``refers_to`` binds it)."""
        return any(form.bound for form, _ in self.sentences)


def read_resolved(text: str) -> ResolvedReading:
    """Each sentence of an effect in force in its static form (:func:`static_form`), read by the static
    grammar; a sentence that reads as nothing a static ability does, or only in part, or changes only the
    next spell, is not read (None).

    >>> reading = read_resolved("Until end of turn, target land becomes an Island. You draw a card.")
    >>> [(form.text, parsed is not None) for form, parsed in reading.sentences]
    [('Enchanted land is an Island.', True), ('You draw a card.', False)]
    """
    found: list[tuple[StaticForm, ParsedText | None]] = []
    for sentence in split_sentences(text):
        form = static_form(sentence)
        if found and (joined := _with_way(found[-1][0], form)) is not None:
            found[-1] = joined  # ('If you cast a spell this way, ...': the cost of the permission before it)
            continue
        parsed = None if form.once else _read_static(form.text)
        ridden = _with_rider(found[-1], sentence) if parsed is None and found else None
        if ridden is not None:
            found[-1] = ridden
            continue
        if parsed is None and not form.once:
            parsed = _read_clauses(form.text)
        if parsed is None and form.duration is not None and not form.once:
            # (a static sentence that says its own duration, as printed or with its referents bound: Reflector
            # Mage's 'That creature's owner can't cast spells with the same name as that creature until your
            # next turn.')
            parsed = _read_static(form.with_duration) or _read_static(form.printed)
        found.append((form, parsed))
    return ResolvedReading(tuple(found))


def _with_rider(
    before: tuple[StaticForm, ParsedText | None], sentence: str
) -> tuple[StaticForm, ParsedText] | None:
    """The sentence before read with ``sentence`` as its rider, when the static grammar reads the two as one
    effect as it reads a permanent's ('Enchanted land is a 3/3 creature. It's still a land.': its other
    card types kept, CR 205.1b), else None.

    >>> form, parsed = _with_rider(read_resolved("Target land becomes a 2/2 creature until end of turn.")
    ...     .sentences[0], "It's still a land.")
    >>> form.text, [(e.adds, e.card_types) for e in parsed.effects]
    ("Enchanted land is a 2/2 creature. It's still a land.", [(True, ('Creature',))])
    """
    form, parsed = before
    if parsed is None or form.text is None:
        return None
    joined = _read_static(f"{form.text} {sentence}")
    if (
        joined is None
        or len(joined.effects) != len(parsed.effects)
        or any(read.read_as == "ignored" for read in joined.sentences)
    ):
        return None
    return replace(form, printed=f"{form.printed} {sentence}", text=f"{form.text} {sentence}"), joined


def _read_clauses(text: str | None) -> ParsedText | None:
    """A sentence of two effects joined by 'and', each a clause with its own subject and verb ('All creatures
    are black and all lands are Swamps.': Nightcreep's, CR 611.2), read by the static grammar as the two
    sentences it says, when both are read as effects in full (the first joiner that makes two such); else
    None.

    >>> parsed = _read_clauses("All creatures are black and all lands are Swamps.")
    >>> [type(e).__name__ for e in parsed.effects]
    ['ColorChange', 'TypeChange']
    >>> _read_clauses("Creatures you control get +1/+1 and gain flying.") is None
    True
    """
    if text is None:
        return None
    body = text.rstrip(".")
    pieces = body.split(" and ")
    for index in range(1, len(pieces)):
        # ('X and Y', 'X, and Y'; the second clause a sentence of its own)
        first = " and ".join(pieces[:index]).rstrip(",")
        second = " and ".join(pieces[index:])
        second = f"{second[:1].upper()}{second[1:]}"
        if _scoped(first, second) or _read_static(f"{first}.") is None or _read_static(f"{second}.") is None:
            continue
        parsed = _read_static(f"{first}. {second}.")
        if parsed is not None and all(read.read_as == "effect" for read in parsed.sentences):
            return parsed
    return None


#: Words of a condition or a count that may scope over both clauses of a sentence ('As long as you control
#: your commander, ~ gets +2/+2 and other creatures you control get +2/+2'): no such sentence is split
_SCOPING_WORDS = frozenset({"if", "unless", "as", "while", "during", "where", "for", "except", "only"})


def _scoped(first: str, second: str) -> bool:
    """True when a word of either clause may be a condition on both (a comma in the first: a lead, 'As long
    as X, ...'; a condition word in either: 'as long as', 'if', 'for each'), so that the two are not split.

    >>> _scoped("All creatures are black", "All lands are Swamps")
    False
    >>> _scoped("As long as you control a Forest, ~ gets +1/+1", "Other creatures get +1/+1")
    True
    """
    words = f"{first} {second}".lower().replace(",", " , ").split()
    return "," in first or not _SCOPING_WORDS.isdisjoint(words)


def _with_way(before: StaticForm, form: StaticForm) -> tuple[StaticForm, ParsedText] | None:
    """The permission ``before`` and the sentence ``form`` after it that says what a spell cast by it costs
    ("If you cast a spell this way, pay life equal to its mana value rather than pay its mana cost.", CR
    118.9), read as one static text (the way the grammar reads the pair on a permanent); None when ``form`` is
    no such sentence or the pair is not read.

    >>> before = static_form("Until end of turn, you may play cards from the top of your library.")
    >>> joined = _with_way(before, static_form("If you cast a spell this way, pay life equal to its mana "
    ...     "value rather than pay its mana cost."))
    >>> joined[0].duration, [type(e).__name__ for e in joined[1].effects]
    ('end_of_turn', ['GrantedAlternativeCost'])
    """
    if not form.printed.lower().startswith("if you cast a spell this way") or before.text is None:
        return None  # (a gate, not a reader: the grammar reads the pair below)
    if form.text is None or before.once or before.bound:
        return None
    parsed = _read_static(f"{before.text} {form.text}")
    if parsed is None:
        return None
    printed = f"{before.printed} {form.printed}"
    return replace(before, printed=printed, text=f"{before.text} {form.text}", with_duration=None), parsed


def _read_static(text: str | None) -> ParsedText | None:
    """The static grammar's reading of a sentence, None when it reads it as nothing or not in full."""
    if text is None:
        return None
    parsed = parse_oracle(text)
    if parsed.unsupported or not (parsed.effects or parsed.mana_abilities):
        return None
    return parsed


def given_as_effect(sentence: str) -> bool:
    """True when a card's sentence not read as its own ability reads as an effect in force that outlasts
    what made it once its referents are bound or its duration set apart (Quicksilver Fountain's 'That land
    is an Island for as long as it has a flood counter on it.'): the board's ``effects`` can give it.

    >>> given_as_effect("That land is an Island for as long as it has a flood counter on it.")
    True
    >>> given_as_effect("Draw a card.")
    False
    """
    sentences = read_resolved(sentence).sentences
    return bool(sentences) and all(
        parsed is not None and (form.bound or form.duration is not None) for form, parsed in sentences
    )
