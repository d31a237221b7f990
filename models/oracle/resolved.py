"""A resolved effect's sentence read as the static sentence it is while it lasts (CR 611.2: a continuous
effect from a spell or ability that resolved): its duration set apart ('until end of turn', 'until your next
turn', 'this turn', 'for as long as ...'), its verbs of change read as those of a state ('becomes' as 'is',
'gains' as 'has': CR 611.2 makes the change last), and its referents ('that land', 'target creature', 'it')
bound to what they name, as an Aura's 'enchanted land' is (the board's ``effects[i].refers_to``). What is
left is read by the static grammar (:func:`~models.oracle.reader.parse_oracle`), so that an effect in force
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

import re
from dataclasses import dataclass
from typing import Final

from models.oracle.parsed import ParsedText
from models.oracle.reader import parse_oracle
from models.oracle.text import split_sentences

__all__ = ["ResolvedReading", "StaticForm", "given_as_effect", "read_resolved", "static_form"]

#: The durations an effect's words may give (CR 611.2a-b, 514.2), at the sentence's start (with a comma)
#: or its end, by what they are recorded as.
_DURATIONS: Final = (
    ("until end of turn", "end_of_turn"),
    ("until your next turn", "your_next_turn"),
    ("this turn", "this_turn"),
)
#: 'for as long as <condition>' (CR 611.2b), at the start (with a comma) or the end.
_AS_LONG_AS: Final = re.compile(
    r"^for as long as (?P<lead>[^,]+), |,? for as long as (?P<tail>[^,.]+)(?=\.?$)", re.I
)
#: The condition of 'for as long as it has a flood counter on it': the counter on what it refers to.
_WHILE_COUNTER: Final = re.compile(r"^(?:it|that \w+) has an? (?P<kind>[\w-]+) counter on it$", re.I)
#: A referent: what the effect names that its entry's ``refers_to`` gives ('target land you control',
#: 'that creature', 'up to one target artifact', 'enchanted land'), whose last type word is kept.
_REFERENT: Final = re.compile(
    r"(?<!same name as )\b(?:up to one )?(?:another )?(?:target|that|enchanted) (?:[\w-]+ )*?"
    r"(?P<noun>land|creature|permanent|artifact|enchantment|planeswalker|Forest|Island|Swamp|Mountain|Plains)"
    r"(?!'s)(?: (?:you|they|an opponent|that player|its controller) controls?)?(?: of their choice)?\b",
    re.I,
)
#: A player referent: 'target player', 'that player', 'target opponent', 'that creature's owner' (Reflector
#: Mage's: the owner of what it returned), bound as an Aura's 'enchanted player' is.
_PLAYER_REFERENT: Final = re.compile(
    r"\b(?:target|that) (?:player|opponent)\b|\bthat (?:creature|permanent|card)'s (?:owner|controller)\b",
    re.I,
)
#: A sentence whose subject is 'it' (what the effect refers to): 'It becomes an Island until end of turn.'
_IT_SUBJECT: Final = re.compile(r"^it (?=(?:becomes|gains|is|has|loses|gets)\b)", re.I)
#: The verbs of a change made by an effect, by the verb of the state it makes while it lasts.
_VERBS: Final = {"becomes": "is", "become": "are", "gains": "has", "gain": "have"}
_VERB: Final = re.compile(r"\b(becomes|become|gains|gain)\b")
#: 'The next instant or sorcery spell you cast this turn': a change of one spell's cost (the first cast
#: after the effect began), which no board records the spells cast since of.
_NEXT_SPELL: Final = re.compile(r"\bthe next\b[^.]*\bspell\b", re.I)


@dataclass(frozen=True, slots=True)
class StaticForm:
    """A resolved effect's sentence as a static sentence: ``text`` (None when it has no words left), its
    ``duration`` ('end_of_turn', 'your_next_turn', 'this_turn', 'as_long_as' or None), what kind of referent
    it names (``bound_to``: 'permanent', 'player' or None), the counter whose presence on the referent it
    lasts while (``while_counter``), whether it changes only the next spell (``once``), and the sentence
    with its referents bound and its duration kept (``with_duration``: a static sentence may say its own,
    'with the same name as that creature until your next turn')."""

    printed: str
    text: str | None
    duration: str | None = None
    bound_to: str | None = None
    while_counter: str | None = None
    once: bool = False
    with_duration: str | None = None

    @property
    def bound(self) -> bool:
        """True when it names a referent (its entry's ``refers_to`` binds it)."""
        return self.bound_to is not None


def _unquoted(sentence: str, change: re.Pattern[str], by: object) -> tuple[str, int]:
    """The sentence with ``change`` made outside double quotes (a granted ability's words stay as
    printed), and how many changes were made."""
    parts = sentence.split('"')
    made = 0
    for index in range(0, len(parts), 2):
        parts[index], count = change.subn(by, parts[index])  # type: ignore[call-overload]
        made += count
    return '"'.join(parts), made


def static_form(sentence: str) -> StaticForm:
    """The static sentence a resolved effect's sentence is while it lasts (see the module).

    >>> static_form("Creatures you control gain haste until end of turn.").text
    'Creatures you control have haste.'
    >>> static_form("Spells you cast this turn cost {1} less to cast.").text
    'Spells you cast cost {1} less to cast.'
    >>> form = static_form("Until your next turn, it is an enchantment in addition to its other types.")
    >>> form.text, form.duration, form.bound
    ('Enchanted permanent is an enchantment in addition to its other types.', 'your_next_turn', True)
    """
    text = sentence.strip()
    body = text[:-1] if text.endswith(".") and text.count('"') % 2 == 0 else text
    kept, players = _unquoted(body, _PLAYER_REFERENT, "enchanted player")
    kept, referents = _unquoted(kept, _REFERENT, lambda found: f"enchanted {found.group('noun').lower()}")
    bound_to = "player" if players else "permanent" if referents else None
    duration: str | None = None
    while_counter: str | None = None
    for words, recorded in _DURATIONS:
        lowered = body.lower()
        if lowered.startswith(words + ", "):
            body, duration = body[len(words) + 2 :], recorded
        elif lowered.endswith(" " + words):
            body, duration = body[: -len(words) - 1], recorded
    condition = _AS_LONG_AS.search(body)
    if condition is not None:
        duration = "as_long_as"
        held = condition.group("lead") or condition.group("tail")
        counted = _WHILE_COUNTER.match(held.strip())
        while_counter = counted.group("kind").lower() if counted else None
        body = body[: condition.start()] + body[condition.end() :]
    once = _NEXT_SPELL.search(body) is not None
    body, _ = _unquoted(body, re.compile(r" this turn\b", re.I), "")
    body, _ = _unquoted(body, _PLAYER_REFERENT, "enchanted player")
    body, _ = _unquoted(body, _REFERENT, lambda found: f"enchanted {found.group('noun').lower()}")
    body, its = _unquoted(body, _IT_SUBJECT, "enchanted permanent ")
    if its and bound_to is None:
        bound_to = "permanent"
    body, _ = _unquoted(body, _VERB, lambda found: _VERBS[found.group(1)])
    static = _sentence(body)
    if static is None:
        return StaticForm(sentence, None, duration)
    return StaticForm(sentence, static, duration, bound_to, while_counter, once, _sentence(kept))


def _sentence(body: str) -> str | None:
    """The words as a sentence: capitalised, ending in a period (or a closing quote); None when empty."""
    body = body.strip()
    if not body:
        return None
    return body[0].upper() + body[1:] + ("" if body.endswith(('"', ".")) else ".")


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
        parsed = None if form.once else _read_static(form.text)
        if parsed is None and form.duration is not None and not form.once:
            # (a static sentence that says its own duration, as printed or with its referents bound: Reflector
            # Mage's 'That creature's owner can't cast spells with the same name as that creature until your
            # next turn.')
            parsed = _read_static(form.with_duration) or _read_static(form.printed)
        found.append((form, parsed))
    return ResolvedReading(tuple(found))


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
