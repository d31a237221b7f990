"""The reader's token layer (:mod:`models.oracle.text`) against plain definitions written with regular
expressions (which the package itself keeps to single words), on the catalogue, the card fixtures, the peers'
test cards, their lines alone, lines of different cards put together, the same texts written with letters
that case-insensitive matching takes for ASCII ones ('ſ' for 's'), and random strings of the characters the
helpers look at.
"""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from pathlib import Path

import pytest

from models import oracle
from models.catalogue import all_cards
from models.oracle import reader, text
from models.oracle.lexicon import KEYWORD_LINE_OPENINGS, KEYWORD_LINES
from planner.cards.importer import read_card_files

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = sorted((ROOT / "tests" / "fixtures" / "cards").glob("*.json.gz"))
PEER_CARDS = ROOT / "benchmarks" / "peer_cards.json"

_ONLY_COLORED = "This effect reduces only the amount of colored mana you pay."
#: Texts of the grammar's families in forms the card sets lack: Edgewalker's and Morophon's rider, which reads
#: the reduction before it (on its line or the line before); two lines that change the same thing about how
#: the permanent enters (the later one wins); one text for each effect grammar's gate.
FAMILY_TEXTS = [
    (f"Cleric spells you cast cost {{W}}{{B}} less to cast. {_ONLY_COLORED}", "Edgewalker"),
    (
        "Changeling\nAs Morophon enters, choose a creature type.\nSpells of the chosen type you cast cost "
        f"{{W}}{{U}}{{B}}{{R}}{{G}} less to cast. {_ONLY_COLORED}\n"
        "Other creatures you control of the chosen type get +1/+1.",
        "Morophon, the Boundless",
    ),
    (f"Cleric spells you cast cost {{W}}{{B}} less to cast.\n{_ONLY_COLORED}", "Edgewalker"),
    (f"Flying\n{_ONLY_COLORED}", "Edgewalker"),
    ("Mire enters tapped unless you control a Swamp.\nMire enters tapped.\n{T}: Add {B}.", "Mire"),
    ("Whenever Pit becomes tapped, it deals 1 damage to you.\n{T}: Add {C}.", "Pit"),
    ("If you tap a permanent for mana, it produces twice as much of that mana instead.", "Reflection"),
    ("Whenever enchanted land is tapped for mana, its controller adds an additional {G}.", "Sprawl"),
    ("Each land is a Forest in addition to its other land types.", "Yavimaya, Cradle of Growth"),
    ("Nonbasic lands are Mountains.", "Blood Moon"),
    ("Lands you control are every basic land type in addition to their other types.", "Prismatic Omen"),
    ('Lands you control have "{T}: Add one mana of any color."', "Chromatic Lantern"),
    ("Players don't lose unspent mana as steps and phases end.", "Upwelling"),
    ("Mana pools don't empty as steps and phases end.", "Upwelling"),
    ("Creature spells you cast cost {1} less to cast.", "Gem"),
    ("You may spend mana as though it were mana of any color to cast creature spells.", "Vizier"),
]
#: Letters that ``re.I`` matches with an ASCII letter which ``str.lower`` does not turn into it.
ODD_LETTERS = str.maketrans({"s": "\u017f", "i": "\u0131", "I": "\u0130", "k": "\u212a"})


def _cards() -> list[tuple[str, str]]:
    """(text, name) of every catalogue card, card fixture face and peers' test card, and the family texts."""
    cards = [(card.oracle, card.name) for card in all_cards().values()] + FAMILY_TEXTS
    cards += [(face.oracle, face.name) for card in read_card_files(FIXTURES).cards for face in card.faces]
    peers = json.loads(PEER_CARDS.read_text(encoding="utf-8"))["cards"]
    return cards + [(card["oracle"], card["name"]) for card in peers]


def _corpus() -> list[tuple[str, str]]:
    """The cards, their lines alone, lines of two to four cards together (with the first one's card name),
    then the cards and lines written with odd letters."""
    cards = _cards()
    lines = sorted({(line, name) for text, name in cards for line in text.split("\n") if line.strip()})
    rng = random.Random(14)
    mixed = []
    for _ in range(2000):
        picked = rng.sample(lines, rng.randint(2, 4))
        mixed.append(("\n".join(line for line, _ in picked), picked[0][1]))
    odd = [(text.translate(ODD_LETTERS), name) for text, name in cards + lines]
    return cards + lines + mixed + odd


CORPUS = _corpus()


def test_the_corpus_holds_what_the_helpers_are_about() -> None:
    texts = "\n".join(text for text, _ in CORPUS)
    for words in ("it produces", "This effect reduces only", "enters tapped", "Spend this mana", "\u017f"):
        assert words in texts
    assert len(CORPUS) > 4000


def test_the_later_line_says_how_the_permanent_enters() -> None:
    entering = oracle.parse_oracle(
        "Mire enters tapped unless you control a Swamp.\nMire enters tapped.", "Mire"
    )
    assert entering.entering == oracle.Entering(tapped=True, unless="")


# --------------------------------------------------------------------------------------------------------
# The helpers against their plain definitions


def _plain_split(text: str) -> tuple[str, ...]:
    """A sentence ends at a period a space or the end follows, with an even number of quotes before it."""
    ends = [m.end() for m in re.finditer(r"\.(?= |$)", text) if text.count('"', 0, m.start()) % 2 == 0]
    pieces = [text[start:end].strip() for start, end in zip([0, *ends], [*ends, len(text)], strict=True)]
    return tuple(piece for piece in pieces if piece)


def _plain_colon(line: str) -> int:
    quoted = False
    for index, char in enumerate(line):
        if char == '"':
            quoted = not quoted
        elif char == ":" and not quoted:
            return index
    return -1


_PLAIN_SELF_WORDS = re.compile(
    r"\bthis (?:creature|artifact|land|enchantment|permanent|token|card|spell|vehicle|equipment|aura"
    r"|planeswalker|battle)\b",
    re.I,
)


def _plain_normalise(line: str, name: str) -> str:
    typographic: dict[str, str | int | None] = {
        "\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u201c": '"', "\u201d": '"', "\u2212": "-"
    }  # fmt: skip
    line = line.translate(str.maketrans(typographic))
    while re.search(r"\([^()]*\)", line):
        line = re.sub(r"\s*\([^()]*\)", "", line)
    line = line.strip()
    names = [name] if name else []
    if name and "," in name:
        names.append(name.split(",")[0])
    for card_name in sorted(names, key=len, reverse=True):
        line = re.sub(rf"(?<![\w{{]){re.escape(card_name)}(?![\w}}])", "~", line)
    line = _PLAIN_SELF_WORDS.sub("~", line).strip()
    for older, newer in (
        (r" to your mana pool\b", ""),
        (r"\benters the battlefield\b", "enters"),
        (r"\bActivate this ability only\b", "Activate only"),
        (r"\bCARDNAME\b", "~"),
        (r"\bconverted mana cost\b", "mana value"),
    ):
        line = re.sub(older, newer, line)
    return line


def _plain_keywords(line: str) -> list[str] | None:
    parts = [p.strip().lower() for p in re.split(r",|;", line.rstrip("."))]
    if any(re.match(r"\S+ (?:abilit(?:y|ies)|costs?)(?: |$)", p) for p in parts):
        return None  # about those abilities or costs ('Cycling abilities you activate cost', 'Dash costs')
    if not parts or not all(p in KEYWORD_LINES or p.startswith(KEYWORD_LINE_OPENINGS) for p in parts):
        return None
    return parts


def _strings() -> list[str]:
    """Every line of the corpus, and short random strings of the characters the helpers look at."""
    rng = random.Random(14)
    lines = sorted({line for text, _ in CORPUS for line in text.split("\n")})
    return lines + ["".join(rng.choices('a. ":{}T,;', k=rng.randint(0, 12))) for _ in range(20000)]


_ABILITY_WORD = re.compile(r"^(?:[\u2022*]\s*)?[A-Z][A-Za-z' ]{2,30} — (?=\S)")
_CHAPTER = re.compile(r"^[IVX]+(?:, [IVX]+)* — (?=\S)")
_STATION = re.compile(r"^([0-9]{1,3})\+\s*\|\s*")
_RESULT_LINE = re.compile(r"^[0-9]+(?:\s*[-\u2013\u2014]\s*[0-9]+\+?)?\s*(?:\u2014|\|)\s*\S")
_COST_OPENING = re.compile(
    r"^(?:\{|[+\-]?[0-9]+$|sacrifice|tap|pay|remove|exile|discard|return|put|untap|collect|forage|reveal|mill|\[)",
    re.I,
)


def test_sentences_colons_keywords_and_openings_are_found_as_defined() -> None:
    for string in _strings():
        assert text.split_sentences(string) == _plain_split(string), string
        assert text.find_colon(string) == _plain_colon(string), string
        assert reader._keywords_of(string) == _plain_keywords(string), string
        assert text.ability_word_dropped(string) == _ABILITY_WORD.sub("", string), string
        chapter = _CHAPTER.match(string)
        assert text.chapter_prefix(string) == (chapter.group(0) if chapter else ""), string
        station = _STATION.match(string)
        expected = (int(station.group(1)), string[station.end() :]) if station else None
        assert text.station_threshold(string) == expected, string
        assert text._is_result_line(string.strip()) == bool(_RESULT_LINE.match(string.strip())), string
        assert text.looks_like_cost(string) == bool(_COST_OPENING.match(string.strip())), string


def test_lines_are_normalised_as_defined() -> None:
    for card_text, name in CORPUS:
        for line in card_text.split("\n"):
            assert text.normalise(line, name) == _plain_normalise(line, name), (name, line)


def test_self_names_are_found_as_the_pattern_found_them() -> None:
    """:func:`models.oracle.text.replace_whole` against the pattern it replaces, on every card's text and
    name (and the part of the name before its comma), plus names that are short words."""
    cases = [(line, name) for card_text, name in _cards() for line in card_text.split("\n")]
    cases += [(line, name.split(",")[0]) for line, name in cases if "," in name]
    cases += [("{T}: Add {C}. T deals 1 damage to you. A_T a T_ {T}T", name) for name in ("T", "a", "C")]
    for line, name in cases:
        if name:
            expected = re.sub(rf"(?<![\w{{]){re.escape(name)}(?![\w}}])", "~", line)
            assert text.replace_whole(line, name, "~") == expected, (line, name)


@pytest.mark.parametrize(
    ("card_text", "name"),
    [
        ("If you tap a permanent for mana, it produces three times as much of that mana instead.", ""),
        ("If a land is tapped for mana, it produces colorless mana instead of any other type.", ""),
        ("If a land is tapped for mana, it produces black mana instead of any other type.", ""),
        ("{T}: Add an amount of {G} equal to your devotion to green.", "Nykthos Shrine"),
        ("Each land is a Swamp and an Island in addition to its other land types.", ""),
    ],
)
def test_letters_that_match_ascii_ones_read_as_those(card_text: str, name: str) -> None:
    """A word written with letters that case-insensitive matching takes for ASCII ones ('ſ' for 's', 'ı' for
    'i') reads as the word where a pattern's match is looked up in a table of words (the multiplier, the
    color, the devotion's colors, the land types: a KeyError once). (The filters' words are still compared
    in ASCII: 'Nonbaſıc landſ' is reported unsupported, not misread.)"""
    odd = card_text.replace("s", "\u017f").replace("i", "\u0131")
    assert odd != card_text
    plain, read = oracle.parse_oracle(card_text, name), oracle.parse_oracle(odd, name)
    assert not plain.unsupported and not read.unsupported, read.unsupported
    assert [replace(e, text="") for e in read.effects] == [replace(e, text="") for e in plain.effects]
    assert [replace(a, text="") for a in read.mana_abilities] == [
        replace(a, text="") for a in plain.mana_abilities
    ]


@pytest.mark.parametrize(
    "text",
    [
        "If an opponent controls more lands than you, Test Land enters tapped.",
        "If you control a Plains or an Island, Test Land enters tapped.",  # (read; its negation is no field)
        "Test Land enters tapped if you control two or more other lands.",
        "Test Land enters with a charge counter on it. If X is 2 or less, it enters tapped.",
    ],
)
def test_a_way_of_entering_tapped_the_grammar_does_not_read_counts_as_tapped(text: str) -> None:
    """Never as untapped: the land is counted as entering tapped, with its sentence as the condition."""
    entering = oracle.parse_oracle(text, "Test Land").entering
    assert entering is not None and entering.tapped and "says otherwise" in entering.unless


def test_a_quoted_ability_that_puts_another_card_onto_the_battlefield_tapped_says_nothing_of_this_one() -> (
    None
):
    text = 'Equipped creature has "Whenever it attacks, put a card onto the battlefield. It enters tapped."'
    assert oracle.parse_oracle(text, "Test Gear").entering is None
