"""The closed word classes of Oracle text: number words, color words, the types of CR 205 with their plurals,
and the phrases that say whose permanents a description names.

This module is word-level: each function reads one word (or one fixed phrase) and never a sentence; the
Oracle-text grammar builds its terminals from these tables, so each word class has one home.

>>> number_value("three"), COLOR_WORDS["green"], canonical_type("Elves"), canonical_supertype("snow")
(3, 'G', 'Elf', 'Snow')
>>> plural_forms("Elf"), plural_forms("Artifact"), SUBTYPES["Urza's"], CONTROLLER_PHRASES["you control"]
(('Elf', 'Elves'), ('artifact', 'artifacts'), 'land', 'you')

The subtypes are those of CR 205.3g-205.3q as of 2026, with the subtypes printed on type lines that the rules'
lists lack (Un-set and promotional cards, the newest sets) added to their kinds; planar types are kept apart
(:data:`PLANAR_TYPES`), as they include everyday words (``Time``, ``Moon``) and a word that is also an
artifact type (``Spacecraft``).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from models.folding import plain_quotes
from models.types import BASIC_LAND_TYPES, CARD_TYPES, SUPERTYPES

__all__ = [
    "CARD_TYPES",
    "COLOR_WORDS",
    "CONTROLLER_PHRASES",
    "KEYWORDS",
    "KEYWORD_LINES",
    "KEYWORD_LINE_OPENINGS",
    "MANA_TOKENS",
    "MULTI_WORD_SUBTYPES",
    "NONBASIC_LAND_TYPES",
    "NUMBER_WORDS",
    "PLANAR_TYPES",
    "RULES_SUPERTYPES",
    "SUBTYPES",
    "SUBTYPE_KINDS",
    "SUPERTYPES",
    "article",
    "canonical_supertype",
    "canonical_type",
    "number_value",
    "plural_forms",
]

# --- numbers ------------------------------------------------------------------------------------------------

_UNITS = (
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty"
)
#: The number words Oracle text spells out, in lower case: ``zero`` to ``twenty``, ``thirty``, ``forty``,
#: ``fifty``. The articles ``a`` and ``an`` also count one (see :func:`number_value`) but are not listed.
NUMBER_WORDS: Mapping[str, int] = MappingProxyType(
    {word: value for value, word in enumerate(_UNITS.split())} | {"thirty": 30, "forty": 40, "fifty": 50}
)
_MAX_DIGITS = 6  # a number written in digits: at most six ASCII digits, as the parser has always read them


def number_value(word: str) -> int | None:
    """The number a word names, in any case: a number word, ``a`` or ``an`` (one), or up to six ASCII digits.

    >>> number_value("Three"), number_value("an"), number_value("12"), number_value("fifty")
    (3, 1, 12, 50)
    >>> number_value("1234567"), number_value("²"), number_value("X"), number_value("")
    (None, None, None, None)
    """
    if 0 < len(word) <= _MAX_DIGITS and word.isascii() and word.isdigit():
        return int(word)
    lowered = word.lower()
    if lowered in ("a", "an"):
        return 1
    return NUMBER_WORDS.get(lowered)


# --- colors -------------------------------------------------------------------------------------------------

#: The five colors (CR 105.1) as written in rules text → their mana letter (``models.mana.ManaType``).
#: Colorless is not a color (CR 105.2c) and is not listed.
COLOR_WORDS: Mapping[str, str] = MappingProxyType(
    {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
)

# --- subtypes (CR 205.3) ------------------------------------------------------------------------------------

_ARTIFACT_TYPES = """
    Attraction Blood Bobblehead Book Clue Contraption Equipment Food Fortification Gold Incubator Infinity
    Junk Lander Map Mutagen Powerstone Spacecraft Stone Treasure Vehicle
"""
_ENCHANTMENT_TYPES = "Aura Background Cartouche Case Class Curse Plan Role Room Rune Saga Shard Shrine"
_LAND_TYPES = """
    Cave Desert Forest Gate Island Lair Locus Mine Mountain Plains Planet Power-Plant Sphere Swamp Tower Town
    Urza's
"""
_PLANESWALKER_TYPES = """
    Ajani Aminatou Angrath Arlinn Ashiok Bahamut Basri Bolas Calix Chandra Comet Dack Dakkon Daretti Davriel
    Dihada Domri Dovin Ellywick Elminster Elspeth Estrid Freyalise Garruk Gideon Grist Guff Huatli Jace Jared
    Jaya Jeska Kaito Karn Kasmina Kaya Kiora Koth Liliana Lolth Lukka Minsc Mordenkainen Nahiri Narset Niko
    Nissa Nixilis Oko Quintorius Ral Rowan Saheeli Samut Sarkhan Serra Sivitri Sorin Szat Tamiyo Tasha Teferi
    Teyo Tezzeret Tibalt Tyvar Ugin Urza Venser Vivien Vraska Vronos Will Windgrace Wrenn Xenagos Yanggu
    Yanling Zariel
"""
#: Instants and sorceries share these (CR 205.3k); ``Chorus`` is printed but not yet in the rules' list.
_SPELL_TYPES = "Adventure Arcane Chorus Lesson Omen Trap"
_BATTLE_TYPES = "Siege"
_DUNGEON_TYPES = "Undercity"
_CREATURE_TYPES = """
    Advisor Aetherborn Alien Ally Angel Antelope Ape Archer Archon Armadillo Army Artificer Assassin
    Assembly-Worker Astartes Atog Aurochs Avatar Azra Badger Balloon Barbarian Bard Basilisk Bat Bear Beast
    Beaver Beeble Beholder Berserker Bird Bison Blinkmoth Boar Bringer Brushwagg C'tan Camarid Camel Capybara
    Caribou Carrier Cat Centaur Cephalid Child Chimera Citizen Cleric Clown Cockatrice Construct Coward Coyote
    Crab Crocodile Custodes Cyberman Cyclops Dalek Dauthi Demigod Demon Deserter Detective Devil Dinosaur
    Djinn Doctor Dog Dragon Drake Dreadnought Drix Drone Druid Dryad Dwarf Echidna Efreet Egg Elder Eldrazi
    Elemental Elephant Elf Elk Employee Eternal Eye Faerie Ferret Fish Flagbearer Fox Fractal Frog Fungus
    Gamer Gamma Gargoyle Germ Giant Gith Glimmer Gnoll Gnome Goat Goblin God Golem Gorgon Graveborn Gremlin
    Griffin Guest Hag Halfling Hamster Harpy Hedgehog Hellion Hero Hippo Hippogriff Homarid Homunculus
    Horror Horse Hound Human Hydra Hyena Illusion Imp Incarnation Inhuman Inkling Inquisitor Insect Jackal
    Jellyfish Juggernaut Kangaroo Kavu Kirin Kithkin Klingon Knight Kobold Kor Kraken Kree Lamia Lammasu
    Leech Lemur Leviathan Lhurgoyf Licid Lizard Llama Lobster Manticore Masticore Mercenary Merfolk Metathran
    Minion Minotaur Mite Mole Monger Mongoose Monk Monkey Moogle Moonfolk Mount Mouse Mutant Myr Mystic Naga
    Nautilus Necron Nephilim Nightmare Nightstalker Ninja Noble Noggle Nomad Nymph Octopus Ogre Ooze Orb Orc
    Orgg Otter Ouphe Ox Oyster Pangolin Peasant Pegasus Pentavite Performer Pest Phelddagrif Phoenix
    Phyrexian Pilot Pincher Pirate Plant Platypus Porcupine Possum Praetor Primarch Prism Processor Qu Rabbit
    Raccoon Ranger Rat Rebel Reflection Rhino Rigger Robot Rogue Sable Salamander Samurai Sand Saproling
    Satyr Scarecrow Scientist Scion Scorpion Scout Sculpture Seal Serf Serpent Servo Shade Shaman
    Shapeshifter Shark Sheep Siren Skeleton Skrull Skunk Slith Sliver Sloth Slug Snail Snake Soldier Soltari
    Sorcerer Spawn Specter Spellshaper Sphinx Spider Spike Spirit Splinter Sponge Spy Squid Squirrel Starfish
    Surrakar Survivor Symbiote Synth Tentacle Tetravite Thalakos Thopter Thrull Tiefling Toy Treefolk
    Trilobite Triskelavite Troll Turtle Tyranid Unicorn Utrom Vampire Varmint Vedalken Viashino Villain
    Volver Wall Walrus Warlock Warrior Weasel Weird Werewolf Whale Wizard Wolf Wolverine Wombat Worm Wraith
    Wurm Yeti Zombie Zubera
"""
#: Creature types printed only on Un-set, promotional or challenge-deck cards (not in CR 205.3m).
_CREATURE_TYPES_OFF_THE_RULES = """
    Autobot Brainiac Bureaucrat Chicken Clamfolk Cow Cyborg Designer Donkey Gus Hatificer Head Killbot Mime
    Paratrooper Penguin Reveler Townsfolk Vampyre Wrestler
"""
#: The subtypes of more than one word (CR 205.3m: "One creature type is two words long").
MULTI_WORD_SUBTYPES: tuple[str, ...] = ("Time Lord",)

#: The kinds of subtype, named by the card type they belong to (spell: instants and sorceries, CR 205.3k;
#: creature: creatures and kindreds, CR 205.3m).
#: Every land type (CR 205.3i), basic and not: what 'every land type' gives.
LAND_TYPES: tuple[str, ...] = tuple(_LAND_TYPES.split())
#: The land types that are not basic (CR 205.3i): what 'every nonbasic land type' gives (Planar Nexus).
NONBASIC_LAND_TYPES: tuple[str, ...] = tuple(t for t in LAND_TYPES if t not in BASIC_LAND_TYPES)
SUBTYPE_KINDS = ("artifact", "enchantment", "land", "planeswalker", "spell", "creature", "battle", "dungeon")
_LISTS = (
    ("artifact", _ARTIFACT_TYPES.split()),
    ("enchantment", _ENCHANTMENT_TYPES.split()),
    ("land", _LAND_TYPES.split()),
    ("planeswalker", _PLANESWALKER_TYPES.split()),
    ("spell", _SPELL_TYPES.split()),
    ("creature", [*_CREATURE_TYPES.split(), *_CREATURE_TYPES_OFF_THE_RULES.split(), *MULTI_WORD_SUBTYPES]),
    ("battle", _BATTLE_TYPES.split()),
    ("dungeon", _DUNGEON_TYPES.split()),
)


def _kinds() -> dict[str, str]:
    """Each subtype → its kind; raises ``ValueError`` for a subtype listed twice (it would have one kind)."""
    kinds: dict[str, str] = {}
    for kind, subtypes in _LISTS:
        for subtype in sorted(subtypes):
            if kinds.setdefault(subtype, kind) != kind or subtypes.count(subtype) > 1:
                raise ValueError(f"subtype {subtype!r} is listed twice")
    return kinds


#: Every subtype in its canonical spelling (``Elf``, ``Urza's``, ``Power-Plant``, ``Time Lord``) → its kind,
#: one of :data:`SUBTYPE_KINDS`.
SUBTYPES: Mapping[str, str] = MappingProxyType(_kinds())
#: Every creature type (CR 205.3m, with those printed off the rules' list): what changeling makes an object.
CREATURE_TYPES: tuple[str, ...] = tuple(word for word, kind in SUBTYPES.items() if kind == "creature")

#: The planar types (CR 205.3n), apart from :data:`SUBTYPES`: a plane is never on the battlefield, and these
#: include everyday words (``Time``, ``Moon``, ``Earth``) and ``Spacecraft``, also an artifact type.
_PLANAR_TYPES = """
    Alara Amonkhet Antausia Apalapucia Arcavios Arkhos Avishkar Azgol Belenon Capenna Cridhe Darillium
    Dominaria Earth Echoir Eldraine Equilor Ergamon Fabacin Fiora Gallifrey Gargantikar Gobakhan Ikoria
    Innistrad Iquatana Ir Ixalan Kaldheim Kamigawa Kandoka Karsus Kephalai Kinshala Kolbahan Kylem Kyneth
    Lorwyn Luvion Mars Mercadia Mirrodin Moag Mongseng Moon Muraganda Necros Phyrexia Pyrulea Rabiah Rath
    Ravnica Regatha Segovia Shadowmoor Shandalar Shenmeng Skaro Spacecraft Tarkir Theros Time Trenzalore
    Ulgrotha Valla Vryn Wildfire Xerex Zendikar Zhalfir
"""
PLANAR_TYPES: frozenset[str] = frozenset(_PLANAR_TYPES.split()) | {
    "Alfava Metraxis",
    "Androzani Minor",
    "Bolas's Meditation Realm",
    "Horsehead Nebula",
    "New Earth",
    "New Phyrexia",
    "Outside Mutter's Spiral",
    "Serra's Realm",
    "The Abyss",
    "The Dalek Asylum",
    "The Library",
    "Unknown Planet",
}

# --- plurals ------------------------------------------------------------------------------------------------

#: Plurals that English's regular rules do not give; the singular is always a spelling too. Where Oracle text
#: has used the plural, these are its spellings (``Djinns`` beside ``Djinn``); the others are English's
#: (``Cyclopes``, ``Loci``, ``Pegasi``), and ``Aurochses`` and ``Octopi`` are kept from the first parser.
_IRREGULAR_PLURALS: Mapping[str, tuple[str, ...]] = {
    "Aurochs": ("Aurochses",),
    "Child": ("Children",),
    "Cyberman": ("Cybermen",),
    "Cyclops": ("Cyclopes",),
    "Djinn": ("Djinns",),
    "Dwarf": ("Dwarves",),
    "Elf": ("Elves",),
    "Fungus": ("Fungi",),
    "Hero": ("Heroes",),
    "Homunculus": ("Homunculi",),
    "Locus": ("Loci",),
    "Mouse": ("Mice",),
    "Octopus": ("Octopuses", "Octopi"),
    "Ox": ("Oxen",),
    "Pegasus": ("Pegasi",),
    "Werewolf": ("Werewolves",),
    "Wolf": ("Wolves",),
    "phenomenon": ("phenomena",),
}
#: Words whose plural is the singular: peoples and animals so written (``Merfolk``, ``Sheep``, ``Myr``), mass
#: nouns (``Equipment``), and names; every planeswalker type is a name and is invariant too.
_INVARIANT_WORDS = """
    Aetherborn Arcane Astartes Azra Bison C'tan Caribou Clamfolk Custodes Dauthi Drix Eldrazi Elk Equipment
    Fish Gith Gus Jellyfish Junk Kavu Kirin Kithkin Kor Kree Lammasu Merfolk Metathran Moonfolk Myr Naga
    Nephilim Plains Qu Samurai Sheep Slith Soltari Spacecraft Spawn Starfish Surrakar Thalakos Townsfolk
    Treefolk Urza's Vedalken Viashino Zubera
"""
_INVARIANT = frozenset(_INVARIANT_WORDS.split())


def _regular_plural(word: str) -> str:
    """English's regular plural: ``-es`` after a sibilant, ``-ies`` for a consonant and ``y``, else ``-s``.

    >>> _regular_plural("Sphinx"), _regular_plural("Ally"), _regular_plural("Monkey"), _regular_plural("Rat")
    ('Sphinxes', 'Allies', 'Monkeys', 'Rats')
    """
    lowered = word.lower()
    if lowered.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    if lowered.endswith("y") and lowered[-2:-1] not in ("", "a", "e", "i", "o", "u"):
        return word[:-1] + "ies"
    return word + "s"


def _spellings(canonical: str, written: str) -> tuple[str, ...]:
    """Every spelling of one type word, ``written`` as running text writes it, singular first."""
    if written in _IRREGULAR_PLURALS:
        return (written, *_IRREGULAR_PLURALS[written])
    if written in _INVARIANT or SUBTYPES.get(canonical) == "planeswalker":
        return (written,)
    return (written, _regular_plural(written))


def _build() -> tuple[dict[str, tuple[str, ...]], dict[str, str], dict[str, str]]:
    """The spellings of each type word, and the two ways back: from a lower-cased spelling, and from an exact
    one (with card types also capitalised, as at the start of a sentence). Raises ``ValueError`` if two type
    words share a spelling, which would make :func:`canonical_type` ambiguous."""
    forms: dict[str, tuple[str, ...]] = {}
    for card_type in CARD_TYPES:  # card types run lower-case in rules text ("artifacts you control")
        forms[card_type] = _spellings(card_type, card_type.lower())
    for subtype in SUBTYPES:
        forms[subtype] = _spellings(subtype, subtype)
    by_lower: dict[str, str] = {}
    by_spelling: dict[str, str] = {}
    for canonical, spellings in forms.items():
        exact = list(spellings)
        if canonical in CARD_TYPES:
            exact += [spelling.capitalize() for spelling in spellings]
        for spelling in exact:
            by_spelling[spelling] = canonical
        for spelling in spellings:
            other = by_lower.setdefault(spelling.lower(), canonical)
            if other != canonical:
                raise ValueError(f"{spelling!r} spells both {other!r} and {canonical!r}")
    return forms, by_lower, by_spelling


_FORMS, _BY_LOWER, _BY_SPELLING = _build()


def _normalised(word: str) -> str:
    """One spelling for the typographic apostrophe (``Urza’s``) and for the spaces of ``Time Lord``."""
    return " ".join(plain_quotes(word).split())


def canonical_type(word: str, *, strict: bool = False) -> str | None:
    """The card type or subtype a word names, singular or plural, in its canonical spelling; else ``None``.

    Any case is read unless ``strict``, which takes only the spellings Oracle text uses: subtypes capitalised
    as in :func:`plural_forms`, card types in lower case or capitalised (so a ``plan`` or ``time`` counter is
    not a type). Supertypes are not types here (:func:`canonical_supertype`), nor are planar types.

    >>> [canonical_type(word) for word in ("artifacts", "Dwarves", "swamps", "MICE", "Lesson", "creature")]
    ['Artifact', 'Dwarf', 'Swamp', 'Mouse', 'Lesson', 'Creature']
    >>> canonical_type("Urza’s"), canonical_type("time lords"), canonical_type("legendary")
    ("Urza's", 'Time Lord', None)
    >>> [canonical_type(word, strict=True) for word in ("Plan", "plan", "Lands", "lands", "LANDS")]
    ['Plan', None, 'Land', 'Land', None]
    """
    key = _normalised(word)
    return _BY_SPELLING.get(key) if strict else _BY_LOWER.get(key.lower())


#: The supertypes of CR 205.4a. ``models.types.SUPERTYPES`` also holds the type-line words ``Token``,
#: ``Elite`` and ``Host``, which rules text never uses as supertypes ("a Treasure token" names a token).
RULES_SUPERTYPES: tuple[str, ...] = ("Basic", "Legendary", "Ongoing", "Snow", "World")
_RULES_SUPERTYPES = RULES_SUPERTYPES
_SUPERTYPE_BY_LOWER = {supertype.lower(): supertype for supertype in _RULES_SUPERTYPES}


def canonical_supertype(word: str) -> str | None:
    """The supertype (CR 205.4a) a word names, in any case; else ``None``.

    >>> canonical_supertype("legendary"), canonical_supertype("Basic"), canonical_supertype("token")
    ('Legendary', 'Basic', None)
    """
    return _SUPERTYPE_BY_LOWER.get(word.lower())


def plural_forms(canonical: str) -> tuple[str, ...]:
    """Every spelling of a type word that rules text may use, singular first, capitalised as Oracle writes
    them: card types in lower case, subtypes capitalised. Any spelling of the word is accepted; one that names
    no card type or subtype raises ``ValueError``.

    >>> plural_forms("Elf"), plural_forms("Myr"), plural_forms("Sorcery"), plural_forms("Octopus")
    (('Elf', 'Elves'), ('Myr',), ('sorcery', 'sorceries'), ('Octopus', 'Octopuses', 'Octopi'))
    >>> plural_forms("Jace"), plural_forms("Ally"), plural_forms("Equipment"), plural_forms("Plains")
    (('Jace',), ('Ally', 'Allies'), ('Equipment',), ('Plains',))
    """
    found = canonical_type(canonical)
    if found is None:
        raise ValueError(f"{canonical!r} is not a card type or subtype")
    return _FORMS[found]


# --- controllers --------------------------------------------------------------------------------------------

#: How a description of permanents ends when it says whose they are → whose: ``you``, ``opponents`` or
#: ``any`` (the values of ``models.abilities.Who``). Longer phrases come first, so an alternation built from
#: the keys in order tries ``your opponents control`` before ``opponents control``.
#:
#: ``you don't control`` is ``opponents``: that value means "controlled by a player other than you". Left
#: out: ``you own`` (ownership, of cards mostly off the battlefield, is not control) and the phrases naming a
#: chosen player (``target opponent controls``, ``that player controls``, ``defending player controls``),
#: which need that player from the sentence; a mana ability has no targets (CR 605.1a).
CONTROLLER_PHRASES: Mapping[str, str] = MappingProxyType(
    {
        "your opponents control": "opponents",
        "an opponent controls": "opponents",
        "each player controls": "any",
        "on the battlefield": "any",
        "opponents control": "opponents",
        "you don't control": "opponents",
        "a player controls": "any",
        "you control": "you",
    }
)


#: Keyword abilities a noun phrase's 'with' clause names ('a creature with defender', 'a spell with
#: devoid'; CR 702), lower case.

KEYWORDS: tuple[str, ...] = (
    "flying", "haste", "vigilance", "defender", "hexproof", "trample", "indestructible", "first strike",
    "double strike", "deathtouch", "lifelink", "reach", "flash", "menace", "shroud", "devoid", "changeling",
    "fear", "intimidate", "shadow", "prowess", "wither", "infect", "convoke", "delve", "flashback",
    "improvise", "kicker", "cycling", "ward", "toxic", "offspring", "morph", "disguise", "affinity",
    "sneak", "landwalk", "protection", "skulk", "mutate",
)  # fmt: skip

#: The keywords a keyword line holds alone ('Flying', 'Defender, hexproof'), and the openings of keywords
#: with a parameter ('Equip {2}', 'Protection from red', 'Affinity for artifacts').
KEYWORD_LINES: frozenset[str] = frozenset(
    (
        "flying", "haste", "vigilance", "defender", "hexproof", "trample", "indestructible", "exalted",
        "deathtouch", "lifelink", "reach", "flash", "menace", "shroud", "devoid", "changeling", "fear",
        "intimidate", "shadow", "prowess", "wither", "infect", "convoke", "delve", "flanking",
        "horsemanship", "islandwalk", "swampwalk", "forestwalk", "mountainwalk", "plainswalk", "landwalk",
        "persist", "undying", "skulk", "ward", "storm", "rebound", "cascade", "improvise", "station",
        "first strike", "double strike",
        "split second", "affinity for artifacts", "living weapon",
    )
)  # fmt: skip
KEYWORD_LINE_OPENINGS: tuple[str, ...] = (
    "enchant ", "equip ", "equip\u2014", "protection from ", "ward ", "cumulative upkeep", "echo ",
    "kicker ", "cycling ", "landcycling", "flashback ", "morph ", "buyback ", "madness ", "ninjutsu ",
    "crew ", "bushido ",
    "bestow ", "affinity for ", "annihilator ", "landwalk", "suspend ", "evoke ", "emerge ", "entwine ",
    "fortify ", "dash ", "transmute ", "unearth ", "level up ", "reconfigure ", "toxic ", "offspring ",
    "cleave ", "mutate ", "cycling\u2014",
)  # fmt: skip


def is_typecycling(keyword: str) -> bool:
    """True for a typecycling or landcycling keyword as a keyword line writes it, lower case ('swampcycling
    {2}', 'basic landcycling {1}{g}', 'wizardcycling {3}'): a variant of cycling (CR 702.29e).

    >>> [is_typecycling(k) for k in ("swampcycling {2}", "basic landcycling {1}{g}", "cycling {2}")]
    [True, True, False]
    """
    head = keyword.split("{", 1)[0].split("\u2014", 1)[0].strip()
    return head.endswith("cycling") and head != "cycling" and head.replace(" ", "").isalpha()


def unknown_subtype(word: str) -> str:
    """A capitalised word in a type's place that the lexicon doesn't know, as a subtype: a new set's
    creature type. A final 's' is taken for a plural.

    >>> unknown_subtype("Glorbs"), unknown_subtype("Glorb"), unknown_subtype("Moss")
    ('Glorb', 'Glorb', 'Moss')
    """
    if word.endswith("s") and not word.endswith(("ss", "'s")) and len(word) > 3:
        return word[:-1]
    return word


#: The predefined tokens with a mana ability (CR 111.10) and that ability's text: a card that creates one
#: makes mana outside a payment, whether or not it prints the reminder.
MANA_TOKENS: Mapping[str, str] = MappingProxyType(
    {
        "Treasure": "{T}, Sacrifice this token: Add one mana of any color.",
        "Gold": "Sacrifice this token: Add one mana of any color.",
        "Powerstone": "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell.",
    }
)


def article(word: str) -> str:
    """The indefinite article before a word.

    >>> article("Island"), article("Plains")
    ('an', 'a')
    """
    return "an" if word[:1].lower() in "aeiou" else "a"
