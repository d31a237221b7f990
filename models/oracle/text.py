"""The reader's tokens: a card's text cut into lines, abilities and sentences, and normalised.

Everything here works on characters and words, never on phrases (those are the grammar's): reminder text
dropped, quotes and dashes unified, the card's own name and every "this <type>" written ``~``, older Oracle
wordings written as today's, a die's table of results joined to its ability, ability words and Saga
chapters and station thresholds found, sentences cut outside quotes, the colon of an activated ability.

>>> normalise("Whenever this Spacecraft enters the battlefield, add {C} to your mana pool.", "")
'Whenever ~ enters, add {C}.'
>>> split_sentences('Flying. {T}: Add {C}. It has "{T}: Add {G}. Draw a card." and reach')
('Flying.', '{T}: Add {C}.', 'It has "{T}: Add {G}. Draw a card." and reach')
"""

from __future__ import annotations

import re
from typing import Final

from models.folding import plain_quotes
from models.kept import per_card
from models.oracle import lexicon

__all__ = [
    "abilities_of",
    "ability_through",
    "ability_word_dropped",
    "chapter_numbers",
    "chapter_prefix",
    "find_colon",
    "folded",
    "logical_lines",
    "looks_like_cost",
    "normalise",
    "quoted_parts",
    "read_lines",
    "short_name",
    "split_sentences",
    "station_threshold",
]

_DASHES: Final = "-\u2013\u2014"
#: The letters that case-insensitive matching takes for an ASCII letter which ``str.lower`` does not turn
#: into that letter (or turns into two characters): dotted and dotless i, long s, the Kelvin sign.
_ASCII_LETTER_OF: Final = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})


def folded(text: str) -> str:
    """The text in lower case, each letter that case-insensitive matching takes for an ASCII one written as
    that one, one character for one (an index into it is an index into the text).

    >>> folded("Spend THIS \u017fpell")
    'spend this spell'
    """
    # (an ASCII text has none of those letters: ``isascii`` is a flag of the string, read at once)
    return text.lower() if text.isascii() else text.translate(_ASCII_LETTER_OF).lower()


# --------------------------------------------------------------------------------------------------------
# Lines


def _result_separator(line: str) -> int:
    """Where the separator of a die's result line is ('2 — Add {W}.', '10-19 | Add {R}{R}.': CR 706.2), or -1
    when the line is no result."""
    index = _digits_end(line, 0)
    if index == 0:
        return -1
    index = _spaces_end(line, index)
    if line[index : index + 1] in tuple(_DASHES) and _spaces_end(line, index + 1) < len(line):
        after = _spaces_end(line, index + 1)
        end = _digits_end(line, after)
        if end > after:  # a range: '10-19', '20—29+'
            index = _spaces_end(line, end + 1 if line[end : end + 1] == "+" else end)
    if line[index : index + 1] not in ("\u2014", "|") or not line[index + 1 :].strip():
        return -1
    return index


def _spaces_end(text: str, start: int) -> int:
    """The index after the whitespace that opens ``text[start:]``."""
    index = start
    while index < len(text) and text[index].isspace():
        index += 1
    return index


def _is_result_line(line: str) -> bool:
    """A line of a die's table of results: '2 — Add {W}.', '10-19 | Add {R}{R}.' (CR 706.2).

    >>> _is_result_line("10-19 | Add {R}{R}."), _is_result_line("1—9 — x"), _is_result_line("2 lands")
    (True, True, False)
    """
    return _result_separator(line) >= 0


def result_body(sentence: str) -> str | None:
    """What a result of a die's table does ('2 — Add {W}' → 'Add {W}'), or None when the sentence is no
    result.

    >>> result_body("10-19 | Add {R}{R}"), result_body("1—9 — Add {C}"), result_body("Flying")
    ('Add {R}{R}', 'Add {C}', None)
    """
    separator = _result_separator(sentence)
    return None if separator < 0 else sentence[separator + 1 :].strip()


def _digits_end(text: str, start: int) -> int:
    """The index after the ASCII digits that open ``text[start:]``."""
    index = start
    while index < len(text) and "0" <= text[index] <= "9":
        index += 1
    return index


def _printed_station(line: str) -> tuple[str, str] | None:
    """A station threshold as a card prints it (and Forge's scripts write it), on a line of its own or before
    an ability ('STATION 12+'), where Oracle text writes '12+ | ...' on each ability's line (CR 702.184):
    its number and the text after it; None for any other line (the keyword's 'Station (Tap ...)').

    >>> _printed_station("STATION 12+"), _printed_station("STATION 20+ Flying")
    (('12', ''), ('20', 'Flying'))
    >>> _printed_station("Station (Tap another creature you control: ...)") is None
    True
    """
    word, _, rest = line.strip().partition(" ")
    rest = rest.lstrip()
    end = _digits_end(rest, 0)
    if word.upper() != "STATION" or not 0 < end <= 3 or rest[end : end + 1] != "+":
        return None
    return rest[:end], rest[end + 1 :].strip().removeprefix("|").strip()


def logical_lines(text: str) -> list[str]:
    """The text's lines, with the lines of a die's table of results joined to the ability before them, and
    the abilities after a printed station threshold ('STATION 12+', CR 702.184) written as Oracle text
    writes them ('12+ | ...'): every line after it has it, up to the next one (a card prints its station
    thresholds last).

    >>> logical_lines("{T}: Roll a four-sided die.\\n1-2 | Add {R}.\\n3-4 | Add {G}.\\nFlying")
    ['{T}: Roll a four-sided die. 1-2 | Add {R}. 3-4 | Add {G}.', 'Flying']
    >>> logical_lines("{T}: Add {G}.\\nSTATION 12+\\n{G}, {T}: Add {G}{G}.\\nSTATION 20+ Flying")
    ['{T}: Add {G}.', '12+ | {G}, {T}: Add {G}{G}.', '20+ | Flying']
    """
    lines: list[str] = []
    threshold = ""
    for line in text.replace("\r", "").split("\n"):
        if printed := _printed_station(line):
            threshold, line = printed
            if not line:
                continue
        if threshold and line.strip():
            line = f"{threshold}+ | {line.strip()}"
        if lines and _is_result_line(line.strip()):
            lines[-1] = lines[-1].rstrip() + " " + line.strip()
        else:
            lines.append(line)
    return lines


# --------------------------------------------------------------------------------------------------------
# Normalisation

_INNERMOST_PARENTHESES: Final = re.compile(r"\([^()]*\)")

#: What 'this ...' may be: the card's own kinds of object, which then mean the card itself ('this Saga',
#: 'this Spacecraft', 'this Room', 'this Siege': every card type and subtype).
_SELF_NOUNS: Final = frozenset(
    {"permanent", "token", "card", "spell"}
    | {
        form.lower()
        for word in (*lexicon.CARD_TYPES, *lexicon.SUBTYPES)
        for form in lexicon.plural_forms(word)[:1]
    }
)

_MULTI_WORD_SELF_NOUNS: Final = tuple(
    sorted((noun for noun in _SELF_NOUNS if " " in noun), key=len, reverse=True)
)
#: Older Oracle wordings and the current ones they became (2017 'to your mana pool', 2024 'enters').
_OLDER_WORDINGS: Final = (
    (" to your mana pool", ""),
    ("enters the battlefield", "enters"),
    ("Activate this ability only", "Activate only"),
    ("CARDNAME", "~"),
    ("converted mana cost", "mana value"),
)
#: Mana a player of the controller's choice adds (Victory Chimes, Spectral Searchlight, Valleymaker), written
#: as the controller adding it: the player who activates it may choose themselves, as a payment does, and it
#: stays a mana ability (CR 605.1a); the longer phrases first.
_CHOSEN_PLAYER_ADDS: Final = (
    ("Choose a player. That player adds one mana of any color they choose", "Add one mana of any color"),
    (
        "choose a player. That player adds two mana of any one color they choose",
        "add two mana of any one color",
    ),
    ("Choose a player. That player adds", "Add"),
    ("A player of your choice adds", "Add"),
)


def _without_reminders(line: str) -> str:
    """The line without its reminder text (parentheses, innermost first, with the spaces before them)."""
    while "(" in line:
        found = _INNERMOST_PARENTHESES.search(line)
        if found is None:
            return line
        line = line[: found.start()].rstrip() + line[found.end() :]
    return line


#: "If tapped for mana, Plains produce {R}, Swamps produce {G}, ... and Forests produce {B} instead of any
#: other type." (Reality Twist): one replacement of each basic land type, said in one sentence.
_LISTED_OPENING: Final = "If tapped for mana, "
_LISTED_CLOSING: Final = " instead of any other type."
_LISTED_TYPES: Final = {"Plains": "Plains", "Islands": "Island", "Swamps": "Swamp", "Mountains": "Mountain",
                        "Forests": "Forest"}  # fmt: skip
_ONE_SYMBOL: Final = re.compile(r"\{[WUBRGC]\}")


def _listed_replacements(line: str) -> str:
    """A line listing a replacement for each of several basic land types, written as one sentence each, as
    :mod:`models.oracle.readings.mana_effects` reads them; any other line as it is.

    >>> _listed_replacements("If tapped for mana, Plains produce {R}, and Forests produce {B} instead of "
    ...     "any other type.").split(". ")
    ['If a Plains is tapped for mana, it produces {R} instead of any other type', \
'If a Forest is tapped for mana, it produces {B} instead of any other type.']
    """
    if not (line.startswith(_LISTED_OPENING) and line.endswith(_LISTED_CLOSING)):
        return line
    sentences = []
    for part in line[len(_LISTED_OPENING) : -len(_LISTED_CLOSING)].split(","):
        words = part.split()
        if words[:1] == ["and"]:
            words = words[1:]
        if len(words) != 3 or words[0] not in _LISTED_TYPES or words[1] != "produce":
            return line
        if not _ONE_SYMBOL.fullmatch(words[2]):
            return line
        kind, symbol = _LISTED_TYPES[words[0]], words[2]
        sentences.append(f"If a {kind} is tapped for mana, it produces {symbol}{_LISTED_CLOSING}")
    return " ".join(sentences)


def normalise(line: str, name: str, *, legendary: bool = False) -> str:
    """Strip reminder text, unify quotes and dashes, write self-references as '~', older wordings as
    today's, and mana a player of the controller's choice adds as the controller's
    (:data:`_CHOSEN_PLAYER_ADDS`). A legendary card is also its short name (:func:`short_name`).

    >>> normalise("Sol Ring's ability (reminder) taps this artifact.", "Sol Ring")
    "~'s ability taps ~."
    >>> normalise("Remove a dream counter from Rasputin: Add {C}.", "Rasputin Dreamweaver", legendary=True)
    'Remove a dream counter from ~: Add {C}.'
    >>> normalise("Create Marit Lage, a token.", "Marit Lage's Slumber", legendary=True)  # another name
    'Create Marit Lage, a token.'
    >>> normalise("{T}: A player of your choice adds {C}.", "Victory Chimes")
    '{T}: Add {C}.'
    """
    line = _without_reminders(plain_quotes(line)).strip()
    if name:
        line = replace_whole(line, name, "~")
        if "," in name:  # 'Urza, Lord High Artificer' is also 'Urza' (after the whole name)
            line = replace_whole(line, name.split(",")[0], "~")
        elif (short := short_name(name, legendary=legendary)) and short in line:
            # (never the start of another name; no pattern is made for a line without the short name)
            line = re.sub(rf"(?<![\w{{']){re.escape(short)}(?![\w}}]| [A-Z])", "~", line)
    if "this" in folded(line):
        line = _self_words(line).strip()
    for older, newer in _OLDER_WORDINGS:
        if older in line:
            line = replace_whole(line, older.strip(), newer, eat_space_before=older.startswith(" "))
    if "player" in line:
        for chosen, controller_adds in _CHOSEN_PLAYER_ADDS:
            line = line.replace(chosen, controller_adds)
    if line.startswith(_LISTED_OPENING):
        line = _listed_replacements(line)
    return line


def short_name(name: str, *, legendary: bool) -> str:
    """What a card's text may call it besides its name, or '': the part before a comma ('Urza, Lord High
    Artificer' is 'Urza'), else a legendary card's first word ('Rasputin Dreamweaver' is 'Rasputin'), unless
    that word is an article or a type or supertype ('Sliver Queen' creates Sliver tokens; 'Urza's Tower', not
    legendary, names other Urza's lands).

    >>> short_name("Urza, Lord High Artificer", legendary=True), short_name("Rasputin Dream", legendary=True)
    ('Urza', 'Rasputin')
    >>> short_name("Urza's Tower", legendary=False), short_name("Sliver Queen", legendary=True)
    ('', '')
    >>> short_name("The Great Henge", legendary=True), short_name("Karakas", legendary=True)
    ('', '')
    """
    if "," in name:
        return name.split(",")[0]
    first, space, _ = name.partition(" ")
    if not (legendary and space) or first.lower() in _NOT_SHORT_NAMES or _is_type_word(first):
        return ""
    return first


def _is_type_word(word: str) -> bool:
    """Whether a word names a card type, subtype or supertype (in any case or number)."""
    return lexicon.canonical_type(word) is not None or lexicon.canonical_supertype(word) is not None


#: First words that never stand for a legendary card alone.
_NOT_SHORT_NAMES: Final = frozenset({"the", "a", "an", "of"})


def _self_words(line: str) -> str:
    """'this <noun>' written '~' where the noun is one of :data:`_SELF_NOUNS`, as whole words."""
    lowered = folded(line)  # (one character for one: no index moves)
    parts: list[str] = []
    start = 0
    found = lowered.find("this ")
    while found >= 0:
        noun_start = found + 5
        end = noun_start
        while end < len(line) and (line[end].isalpha() or line[end] in "'-"):
            end += 1
        noun = lowered[noun_start:end]
        for words in _MULTI_WORD_SELF_NOUNS:
            if lowered.startswith(words, noun_start):
                noun, end = words, noun_start + len(words)
        while noun and noun not in _SELF_NOUNS and noun[-1] in "'s-":  # "this Saga's": the noun is 'saga'
            noun = noun[:-1]
            end -= 1
        if (
            noun in _SELF_NOUNS
            and _outside_word(line[found - 1] if found else "", "")
            and _outside_word(line[end] if end < len(line) else "", "")
        ):
            parts += (line[start:found], "~")
            start = end
        found = lowered.find("this ", found + 1)
    return "".join(parts) + line[start:] if parts else line


def replace_whole(line: str, phrase: str, by: str, *, eat_space_before: bool = False) -> str:
    """The line with each whole-word occurrence of ``phrase`` written ``by``: never inside a symbol or
    another word (a card named 'T' or 'a').

    >>> replace_whole("{T}: Add {C}. Sol Ring's Ring", "Ring", "~")
    "{T}: Add {C}. Sol ~'s ~"
    >>> replace_whole("{T}: Tap T.", "T", "~")
    '{T}: Tap ~.'
    """
    parts: list[str] = []
    start = 0
    found = line.find(phrase)
    while found >= 0:
        end = found + len(phrase)
        before = line[found - 1] if found else ""
        after = line[end] if end < len(line) else ""
        if _outside_word(before, "{") and _outside_word(after, "}"):
            cut = found - 1 if eat_space_before and before == " " else found
            parts += (line[start:cut], by)
            start = end
            found = line.find(phrase, end)
        else:
            found = line.find(phrase, found + 1)
    return "".join(parts) + line[start:] if parts else line


def _outside_word(char: str, brace: str) -> bool:
    """True when ``char`` (a neighbour of a phrase, "" at an end of the line) is no word character (as the
    ``re`` module's ``\\w`` has it) and not ``brace``."""
    return not char or not (char.isalnum() or char == "_" or char == brace)


# --------------------------------------------------------------------------------------------------------
# Sentences


#: What can cut a text into sentences: a period, or a double quote (inside quotes, a period does not cut).
_SENTENCE_MARKS: Final = re.compile(r'[."]')


@per_card(maxsize=32768)  # (the same text is cut again as its sentences are read, and on many cards)
def split_sentences(text: str) -> tuple[str, ...]:
    """Split on sentence ends (a period before a space or the end) outside double quotes; each sentence
    keeps its final period."""
    sentences: list[str] = []
    start = 0
    quoted = False
    for mark in _SENTENCE_MARKS.finditer(text):  # (only the periods and double quotes: the rest can't cut)
        index = mark.start()
        if text[index] == '"':
            quoted = not quoted
        elif not quoted and (index + 1 == len(text) or text[index + 1] == " "):
            sentences.append(text[start : index + 1].strip())
            start = index + 1
    tail = text[start:].strip()
    if tail:
        sentences.append(tail)
    return tuple(sentences)


def find_colon(line: str) -> int:
    """Index of the colon separating an activated ability's cost from its effect (the first one outside
    double quotes), or -1.

    >>> find_colon('Lands have "{T}: Add {G}." {1}: Untap it.'), find_colon("Flying")
    (30, -1)
    """
    colon = line.find(":")
    while colon >= 0 and line.count('"', 0, colon) % 2:
        colon = line.find(":", colon + 1)
    return colon


def quoted_parts(text: str) -> list[str]:
    """The texts between pairs of double quotes.

    >>> quoted_parts('Lands have "{T}: Add {G}." and "Flying"')
    ['{T}: Add {G}.', 'Flying']
    """
    return text.split('"')[1::2][: text.count('"') // 2]


#: The words an activated ability's cost may open with (CR 602.1a, 118).
_COST_VERBS: Final = tuple(
    [
        "sacrifice",
        "tap",
        "pay",
        "remove",
        "exile",
        "discard",
        "return",
        "put",
        "untap",
        "collect",
        "forage",
        "reveal",
        "mill",
    ]
)


def looks_like_cost(text: str) -> bool:
    """True when ``text`` (before a colon) opens like a cost: a symbol, a loyalty number, a cost verb.

    >>> looks_like_cost("{T}, Sacrifice ~"), looks_like_cost("-2"), looks_like_cost("Chapter II")
    (True, True, False)
    """
    text = text.strip()
    if text[:1] in ("{", "["):
        return True
    number = text[1:] if text[:1] in "+-\u2212" else text
    if number.isascii() and number.isdigit():
        return True
    return folded(text).startswith(_COST_VERBS)


def abilities_of(line: str) -> list[str]:
    """A line cut where a new activated ability starts ('{T}: Add {C}. {T}: Add {R}.' is two)."""
    if ":" not in line:
        return [line]  # (no sentence of it opens an ability)
    chunks: list[str] = []
    for sentence in split_sentences(line):
        colon = find_colon(sentence)
        if chunks and not (colon > 0 and looks_like_cost(sentence[:colon])):
            chunks[-1] += " " + sentence
        else:
            chunks.append(sentence)
    return chunks or [line]


_ABILITY_DASH: Final = " \u2014 "


def read_lines(oracle: str, name: str, *, legendary: bool = False) -> list[tuple[str, ...]]:
    """The sentences of each line of ``oracle`` as the reader reads them: no reminder text, no ability
    word, the card's ``name`` as '~' (a triggered ability's later sentences are on its line: 'They have
    ...').

    >>> read_lines("Lode — Whenever you cast ~, draw. (Reminder.) Twice.\\nFlying", "Test Lode")
    [('Whenever you cast ~, draw.', 'Twice.'), ('Flying',)]
    """
    lines = []
    for raw in logical_lines(oracle):
        line = ability_word_dropped(normalise(raw, name, legendary=legendary))
        lines.append(tuple(sentence.strip() for sentence in split_sentences(line)))
    return lines


def ability_through(oracle: str, sentence: str, name: str, *, legendary: bool = False) -> tuple[str, ...]:
    """The sentences of the line of ``oracle`` from its first through ``sentence`` when ``sentence`` is a
    later one (the ability it is part of, opened by its trigger, as the reader reads it: :func:`read_lines`),
    else empty.

    >>> ability_through("When ~ enters, you may pay {C}. If you do, create two Spawn tokens. Those tokens "
    ...     'have \\"Sacrifice ~: Add {C}.\\"', 'Those tokens have "Sacrifice ~: Add {C}."', "Test")[:2]
    ('When ~ enters, you may pay {C}.', 'If you do, create two Spawn tokens.')
    """
    for sentences in read_lines(oracle, name, legendary=legendary):
        if sentence.strip() in sentences[1:]:
            return sentences[: sentences.index(sentence.strip(), 1) + 1]
    return ()


def ability_word_dropped(line: str) -> str:
    """The line without its ability word ('Metalcraft — ', 'Vivid — '): ability words have no rules
    meaning (CR 207.2c); a bullet before it goes with it.

    >>> ability_word_dropped("Metalcraft — {T}: Add one mana of any color.")
    '{T}: Add one mana of any color.'
    """
    dash = line.find(_ABILITY_DASH)
    if dash < 0:
        return line
    word = line[:dash]
    if word[:1] in ("\u2022", "*"):
        word = word[1:].lstrip()
    after = line[dash + len(_ABILITY_DASH) :]
    if (
        3 <= len(word) <= 31
        and "A" <= word[0] <= "Z"
        and all(char.isascii() and (char.isalpha() or char in "' ") for char in word[1:])
        and after[:1].strip()
    ):
        return after
    return line


def chapter_prefix(line: str) -> str:
    """A Saga's chapter symbols with their dash ('II, III — '), or '' when the line has none (CR 714.2b).

    >>> chapter_prefix("II, III — Add {R}."), chapter_prefix("Flying")
    ('II, III — ', '')
    """
    dash = line.find(_ABILITY_DASH)
    if dash <= 0 or not line[dash + len(_ABILITY_DASH) :][:1].strip():
        return ""
    numerals = line[:dash].split(", ")
    if all(numeral and set(numeral) <= set("IVX") for numeral in numerals):
        return line[: dash + len(_ABILITY_DASH)]
    return ""


def chapter_numbers(prefix: str) -> tuple[int, ...]:
    """The chapter numbers of a chapter prefix (:func:`chapter_prefix`), in Roman numerals there.

    >>> chapter_numbers("II, III — "), chapter_numbers("IV — ")
    ((2, 3), (4,))
    """
    values = {"I": 1, "V": 5, "X": 10}
    numbers: list[int] = []
    for numeral in prefix.split(_ABILITY_DASH)[0].split(", "):
        digits = [values[char] for char in numeral]
        numbers.append(sum(-d if d < after else d for d, after in zip(digits, [*digits[1:], 0], strict=True)))
    return tuple(numbers)


def station_threshold(line: str) -> tuple[int, str] | None:
    """A station threshold (CR 702.184) and the text after it: '12+ | {T}: Add {C}.' → (12, '{T}: Add {C}.').

    >>> station_threshold("12+ | {T}: Add {C}."), station_threshold("Flying")
    ((12, '{T}: Add {C}.'), None)
    """
    end = _digits_end(line, 0)
    if not 0 < end <= 3 or line[end : end + 1] != "+":
        return None
    rest = line[end + 1 :].lstrip()
    if not rest.startswith("|"):
        return None
    return int(line[:end]), rest[1:].lstrip()
