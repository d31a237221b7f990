"""The Oracle-text lexicon: numbers, colors, types and their plurals, controller phrases.

The fixtures are written here (a few type lines and phrases as Oracle text writes them); nothing is read from
card files.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import models.types
from models.abilities import Who
from models.mana import ALL_COLORS, ManaType
from models.oracle.lexicon import (
    CARD_TYPES,
    COLOR_WORDS,
    CONTROLLER_PHRASES,
    MULTI_WORD_SUBTYPES,
    NUMBER_WORDS,
    PLANAR_TYPES,
    SUBTYPE_KINDS,
    SUBTYPES,
    SUPERTYPES,
    canonical_supertype,
    canonical_type,
    number_value,
    plural_forms,
)
from models.types import TypeLine

TYPE_WORDS = sorted({*CARD_TYPES, *SUBTYPES})
SPELLINGS = [(canonical, spelling) for canonical in TYPE_WORDS for spelling in plural_forms(canonical)]

# --- numbers ------------------------------------------------------------------------------------------------


def test_number_words_are_zero_to_twenty_and_the_tens_to_fifty() -> None:
    assert sorted(NUMBER_WORDS.values()) == [*range(21), 30, 40, 50]
    assert all(word.isalpha() and word.islower() for word in NUMBER_WORDS)
    assert NUMBER_WORDS["zero"] == 0 and NUMBER_WORDS["twelve"] == 12 and NUMBER_WORDS["forty"] == 40


@pytest.mark.parametrize(
    ("word", "value"),
    [
        ("three", 3),
        ("Three", 3),
        ("THREE", 3),
        ("twenty", 20),
        ("a", 1),
        ("A", 1),
        ("an", 1),
        ("An", 1),
        ("0", 0),
        ("12", 12),
        ("007", 7),
        ("999999", 999999),
        ("1000000", None),
        ("", None),
        ("X", None),
        ("one-half", None),
        ("twenty-one", None),
        ("hundred", None),
        (" three", None),
        ("-1", None),
        ("1.5", None),
        ("²", None),
        ("٣", None),
        ("the", None),
    ],
)
def test_number_value(word: str, value: int | None) -> None:
    assert number_value(word) == value


@given(st.text(alphabet="0123456789", min_size=1, max_size=12))
def test_digits_are_read_up_to_six(digits: str) -> None:
    assert number_value(digits) == (int(digits) if len(digits) <= 6 else None)


@given(st.sampled_from(sorted(NUMBER_WORDS)), st.lists(st.booleans(), min_size=10, max_size=10))
def test_number_words_are_read_in_any_case(word: str, upper: list[bool]) -> None:
    mixed = "".join(c.upper() if u else c for c, u in zip(word, upper * 2, strict=False))
    assert number_value(mixed) == NUMBER_WORDS[word]


# --- colors -------------------------------------------------------------------------------------------------


def test_color_words_name_the_five_colors_by_their_mana_letter() -> None:
    assert list(COLOR_WORDS) == ["white", "blue", "black", "red", "green"]
    assert [ManaType.parse(letter) for letter in COLOR_WORDS.values()] == list(ALL_COLORS)
    assert "colorless" not in COLOR_WORDS


# --- the type words -----------------------------------------------------------------------------------------


def test_supertypes_and_card_types_are_those_of_the_type_line_model() -> None:
    assert SUPERTYPES is models.types.SUPERTYPES
    assert CARD_TYPES is models.types.CARD_TYPES


@pytest.mark.parametrize(
    ("kind", "listed"),
    [
        (
            "land",
            "Cave Desert Forest Gate Island Lair Locus Mine Mountain Plains Planet Power-Plant Sphere Swamp",
        ),
        ("land", "Tower Town Urza's"),
        (
            "artifact",
            "Attraction Blood Bobblehead Clue Contraption Equipment Food Fortification Gold Incubator",
        ),
        ("artifact", "Infinity Junk Lander Map Powerstone Spacecraft Treasure Vehicle"),
        ("enchantment", "Aura Background Cartouche Case Class Curse Plan Role Room Rune Saga Shard Shrine"),
        ("spell", "Adventure Arcane Lesson Omen Trap"),
        ("battle", "Siege"),
        ("planeswalker", "Ajani Chandra Jace Karn Liliana Nissa Sorin Teferi Ugin Urza Will"),
        ("creature", "Elf Dwarf Wolf Werewolf Mouse Fungus Octopus Sphinx Fox Ox Jellyfish Sheep Fish Myr"),
        ("creature", "Sliver Ally Phyrexian Djinn Efreet Homunculus Cyclops Assembly-Worker C'tan Time Lord"),
    ],
)
def test_subtypes_of_cr_205_3_have_their_kind(kind: str, listed: str) -> None:
    words = listed.split()
    if "Time" in words:  # the one subtype of two words
        words[words.index("Time") : words.index("Lord") + 1] = ["Time Lord"]
    assert {word: SUBTYPES.get(word) for word in words} == dict.fromkeys(words, kind)


def test_subtypes_are_canonical_words_of_known_kinds() -> None:
    assert set(SUBTYPES.values()) == set(SUBTYPE_KINDS)
    assert set(MULTI_WORD_SUBTYPES) == {subtype for subtype in SUBTYPES if " " in subtype} == {"Time Lord"}
    for subtype in SUBTYPES:
        assert subtype[0].isupper(), subtype
        assert all(c.isalpha() or c in "'- " for c in subtype), subtype
        assert subtype.capitalize() not in (*CARD_TYPES, *SUPERTYPES), subtype
    assert len(SUBTYPES) > 450


def test_planar_types_are_kept_apart() -> None:
    # 'Spacecraft' is an artifact type as well; 'Time' and 'Moon' would read everyday words as types.
    assert PLANAR_TYPES & set(SUBTYPES) == {"Spacecraft"}
    assert {"Zendikar", "Xerex", "Time", "Serra's Realm"} <= PLANAR_TYPES
    assert canonical_type("Zendikar") is None and canonical_type("time") is None


def test_printed_words_that_are_no_subtypes_stay_out() -> None:
    # Type-line jokes (Un-sets) and a promotional planeswalker's 'Dungeon Master' (Dungeon is a card type).
    for word in ("of", "and/or", "Elemental?", "Lady", "Proper", "Etiquette", "Igpay", "Master"):
        assert word not in SUBTYPES and canonical_type(word) is None
    assert canonical_type("dungeon") == "Dungeon" and "Dungeon" not in SUBTYPES


#: Type lines as Oracle writes them (typographic apostrophe included); a subtype of two words is read by
#: trying the next two words together first, as a grammar would.
TYPE_LINES = [
    ("Legendary Creature — Elf Druid", ["Elf", "Druid"]),
    ("Land — Urza’s Power-Plant", ["Urza's", "Power-Plant"]),
    ("Basic Snow Land — Forest", ["Forest"]),
    ("Legendary Artifact — Equipment", ["Equipment"]),
    ("Legendary Creature — Time Lord Doctor", ["Time Lord", "Doctor"]),
    ("Kindred Sorcery — Goblin", ["Goblin"]),
    ("Instant — Adventure", ["Adventure"]),
    ("Sorcery — Lesson", ["Lesson"]),
    ("Battle — Siege", ["Siege"]),
    ("Enchantment — Plan", ["Plan"]),
    ("Land — Planet", ["Planet"]),
    ("Artifact — Spacecraft", ["Spacecraft"]),
    ("Legendary Planeswalker — Jace", ["Jace"]),
    ("Dungeon — Undercity", ["Undercity"]),
    ("Artifact Creature — Myr", ["Myr"]),
    ("Enchantment Creature — Saga Dragon", ["Saga", "Dragon"]),
]


@pytest.mark.parametrize(("text", "expected"), TYPE_LINES)
def test_the_subtypes_of_type_lines_are_known(text: str, expected: list[str]) -> None:
    line = TypeLine.parse(text)
    words, read = list(line.subtypes), list[str]()
    while words:
        pair = " ".join(words[:2])
        taken = 2 if len(words) > 1 and canonical_type(pair, strict=True) else 1
        found = canonical_type(" ".join(words[:taken]), strict=True)
        assert found is not None, words
        read.append(found)
        del words[:taken]
    assert read == expected
    kinds = {t.lower() for t in line.card_types}
    kinds |= {"spell"} if kinds & {"instant", "sorcery"} else set()
    kinds |= {"creature"} if kinds & {"kindred", "tribal"} else set()
    assert {SUBTYPES[subtype] for subtype in read} <= kinds


# --- plurals and canonical spellings ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "canonical"),
    [
        ("artifacts", "Artifact"),
        ("Artifacts", "Artifact"),
        ("creature", "Creature"),
        ("sorceries", "Sorcery"),
        ("instants", "Instant"),
        ("planeswalkers", "Planeswalker"),
        ("battles", "Battle"),
        ("phenomena", "Phenomenon"),
        ("Elves", "Elf"),
        ("swamps", "Swamp"),
        ("Forests", "Forest"),
        ("Plains", "Plains"),
        ("Mice", "Mouse"),
        ("Dwarves", "Dwarf"),
        ("Wolves", "Wolf"),
        ("Werewolves", "Werewolf"),
        ("Sphinxes", "Sphinx"),
        ("Foxes", "Fox"),
        ("Oxen", "Ox"),
        ("Fungi", "Fungus"),
        ("Fungus", "Fungus"),
        ("Homunculi", "Homunculus"),
        ("Octopuses", "Octopus"),
        ("Allies", "Ally"),
        ("Faeries", "Faerie"),
        ("Equipment", "Equipment"),
        ("Myr", "Myr"),
        ("Jellyfish", "Jellyfish"),
        ("Sheep", "Sheep"),
        ("Fish", "Fish"),
        ("Slivers", "Sliver"),
        ("Phyrexians", "Phyrexian"),
        ("Djinn", "Djinn"),
        ("Djinns", "Djinn"),
        ("Efreets", "Efreet"),
        ("Heroes", "Hero"),
        ("Children", "Child"),
        ("Cybermen", "Cyberman"),
        ("Aurochs", "Aurochs"),
        ("Merfolk", "Merfolk"),
        ("Lesson", "Lesson"),
        ("Urza's", "Urza's"),
        ("Urza’s", "Urza's"),
        ("Power-Plants", "Power-Plant"),
        ("Assembly-Workers", "Assembly-Worker"),
        ("C’tan", "C'tan"),
        ("Time Lords", "Time Lord"),
        ("time  lord", "Time Lord"),
        ("Gates", "Gate"),
        ("Caves", "Cave"),
        ("Treasures", "Treasure"),
        ("Foods", "Food"),
        ("Sagas", "Saga"),
        ("Classes", "Class"),
        ("Sieges", "Siege"),
        ("Jace", "Jace"),
    ],
)
def test_canonical_type(word: str, canonical: str) -> None:
    assert canonical_type(word) == canonical


@pytest.mark.parametrize(
    "word",
    [
        "legendary",
        "basic",
        "snow",
        "token",
        "Token",
        "",
        "the",
        "Elfs",
        "Mouses",
        "Myrs",
        "Jaces",
        "Time",
        "Lord",
    ],
)
def test_words_that_name_no_type(word: str) -> None:
    assert canonical_type(word) is None


@pytest.mark.parametrize(
    ("canonical", "forms"),
    [
        ("Elf", ("Elf", "Elves")),
        ("Myr", ("Myr",)),
        ("Artifact", ("artifact", "artifacts")),
        ("Sorcery", ("sorcery", "sorceries")),
        ("Phenomenon", ("phenomenon", "phenomena")),
        ("Ally", ("Ally", "Allies")),
        ("Sphinx", ("Sphinx", "Sphinxes")),
        ("Equipment", ("Equipment",)),
        ("Plains", ("Plains",)),
        ("Urza's", ("Urza's",)),
        ("Chandra", ("Chandra",)),
        ("Time Lord", ("Time Lord", "Time Lords")),
        ("Elves", ("Elf", "Elves")),  # any spelling of the word is accepted
        ("swamp", ("Swamp", "Swamps")),
    ],
)
def test_plural_forms(canonical: str, forms: tuple[str, ...]) -> None:
    assert plural_forms(canonical) == forms


@pytest.mark.parametrize("word", ["legendary", "Zendikar", "of", ""])
def test_plural_forms_of_a_word_that_is_no_type(word: str) -> None:
    with pytest.raises(ValueError, match="not a card type or subtype"):
        plural_forms(word)


def test_every_spelling_reads_back_as_its_type() -> None:
    for canonical, spelling in SPELLINGS:
        assert canonical_type(spelling) == canonical, spelling
        assert canonical_type(spelling, strict=True) == canonical, spelling
        assert canonical_type(spelling.upper()) == canonical, spelling
        assert canonical_type(spelling.lower()) == canonical, spelling


def test_spellings_start_with_the_singular_as_oracle_capitalises_it() -> None:
    for canonical in TYPE_WORDS:
        forms = plural_forms(canonical)
        assert forms[0] == (canonical.lower() if canonical in CARD_TYPES else canonical)
        assert len(set(forms)) == len(forms), forms


def test_no_spelling_names_two_types() -> None:
    lowered = [spelling.lower() for _, spelling in SPELLINGS]
    assert len(lowered) == len(set(lowered))


@pytest.mark.parametrize(
    ("word", "canonical"),
    [
        ("Plan", "Plan"),
        ("plan", None),  # a plan counter
        ("time", None),
        ("Elves", "Elf"),
        ("elves", None),
        ("ELF", None),
        ("lands", "Land"),
        ("Lands", "Land"),  # at the start of a sentence
        ("LANDS", None),
        ("Urza’s", "Urza's"),
    ],
)
def test_strict_reading_takes_the_capitalisation_oracle_uses(word: str, canonical: str | None) -> None:
    assert canonical_type(word, strict=True) == canonical


@given(st.sampled_from(SPELLINGS), st.lists(st.booleans(), min_size=20, max_size=20))
def test_type_words_are_read_in_any_case(pair: tuple[str, str], upper: list[bool]) -> None:
    canonical, spelling = pair
    mixed = "".join(c.upper() if u else c.lower() for c, u in zip(spelling, upper * 2, strict=False))
    assert canonical_type(mixed) == canonical


@given(st.text(max_size=30))
def test_any_text_reads_as_a_type_or_none(text: str) -> None:
    found = canonical_type(text)
    assert found is None or found in SUBTYPES or found in CARD_TYPES
    assert canonical_type(text, strict=True) in (None, found)


#: Oracle phrases naming types in the plural; their capitalised words (and the lower-case card types) are
#: type words, read one word at a time.
PHRASES = [
    ("Other Mice you control get +1/+1.", ["Mouse"]),
    ("destroy all Djinns and Efreets.", ["Djinn", "Efreet"]),
    (
        "except for Merfolk, Krakens, Leviathans, Octopuses, and Serpents.",
        ["Merfolk", "Kraken", "Leviathan", "Octopus", "Serpent"],
    ),
    ("creatures you control that are Fungi and/or Saprolings.", ["Creature", "Fungus", "Saproling"]),
    ("Artifact creatures and Heroes you control get +1/+1", ["Artifact", "Creature", "Hero"]),
    ("the number of Gates you control.", ["Gate"]),
    ("for each Locus on the battlefield.", ["Locus"]),
    ("Exile all creatures and Spacecraft.", ["Creature", "Spacecraft"]),
]


@pytest.mark.parametrize(("text", "expected"), PHRASES)
def test_plural_type_words_in_oracle_phrases(text: str, expected: list[str]) -> None:
    words = [word.strip(".,") for word in text.split()]
    read = [canonical_type(word, strict=True) for word in words]
    assert [found for found in read if found is not None] == expected


# --- supertypes ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("word", "supertype"),
    [
        ("legendary", "Legendary"),
        ("Legendary", "Legendary"),
        ("basic", "Basic"),
        ("snow", "Snow"),
        ("SNOW", "Snow"),
        ("world", "World"),
        ("ongoing", "Ongoing"),
        ("token", None),
        ("elite", None),
        ("host", None),
        ("nonbasic", None),
        ("creature", None),
        ("", None),
    ],
)
def test_canonical_supertype(word: str, supertype: str | None) -> None:
    assert canonical_supertype(word) == supertype
    assert supertype is None or supertype in SUPERTYPES
    assert canonical_type(word) is None or supertype is None


# --- controllers --------------------------------------------------------------------------------------------


def test_controller_phrases() -> None:
    assert CONTROLLER_PHRASES["you control"] == "you"
    assert CONTROLLER_PHRASES["an opponent controls"] == "opponents"
    assert CONTROLLER_PHRASES["your opponents control"] == "opponents"
    assert CONTROLLER_PHRASES["you don't control"] == "opponents"
    assert CONTROLLER_PHRASES["on the battlefield"] == "any"
    assert "you own" not in CONTROLLER_PHRASES and "target opponent controls" not in CONTROLLER_PHRASES
    assert {Who(value) for value in CONTROLLER_PHRASES.values()} == set(Who)


def test_a_controller_phrase_comes_before_those_it_ends_with() -> None:
    phrases = list(CONTROLLER_PHRASES)
    for i, phrase in enumerate(phrases):
        for later in phrases[i + 1 :]:
            assert not later.endswith(" " + phrase), (later, phrase)
