"""Tests of the built-in card catalogue: every card parses fully, the required cards are there, and the cycles
are complete."""

from __future__ import annotations

import json
from importlib import resources
from itertools import combinations

import pytest

from models.abilities import OutputKind
from models.catalogue import CardData, all_cards, closest_names, lookup
from models.cost import ManaCost
from models.mana import ManaTypes
from models.oracle import parse_oracle
from models.types import BASIC_LAND_TYPES, TypeLine

CARDS = list(all_cards().values())

# Issue 2, point 5: the cards the catalogue must hold.
BASICS = ["Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"] + [
    f"Snow-Covered {name}" for name in ("Plains", "Island", "Swamp", "Mountain", "Forest")
]
DUALS = [
    "Tundra", "Underground Sea", "Badlands", "Taiga", "Savannah",
    "Scrubland", "Volcanic Island", "Bayou", "Plateau", "Tropical Island",
]  # fmt: skip
SHOCKLANDS = [
    "Hallowed Fountain", "Watery Grave", "Blood Crypt", "Stomping Ground", "Temple Garden",
    "Godless Shrine", "Steam Vents", "Overgrown Tomb", "Sacred Foundry", "Breeding Pool",
]  # fmt: skip
PAINLANDS = [
    "Adarkar Wastes", "Underground River", "Sulfurous Springs", "Karplusan Forest", "Brushland",
    "Caves of Koilos", "Shivan Reef", "Llanowar Wastes", "Battlefield Forge", "Yavimaya Coast",
]  # fmt: skip
FILTER_LANDS = [
    "Mystic Gate", "Sunken Ruins", "Graven Cairns", "Fire-Lit Thicket", "Wooded Bastion",
    "Fetid Heath", "Cascade Bluffs", "Twilight Mire", "Rugged Prairie", "Flooded Grove",
]  # fmt: skip
BOUNCE_LANDS = [
    "Azorius Chancery", "Dimir Aqueduct", "Rakdos Carnarium", "Gruul Turf", "Selesnya Sanctuary",
    "Orzhov Basilica", "Izzet Boilerworks", "Golgari Rot Farm", "Boros Garrison", "Simic Growth Chamber",
]  # fmt: skip
SIGNETS = [
    f"{guild} Signet"
    for guild in (
        "Azorius",
        "Dimir",
        "Rakdos",
        "Gruul",
        "Selesnya",
        "Orzhov",
        "Izzet",
        "Golgari",
        "Boros",
        "Simic",
    )
]
TALISMANS = [
    f"Talisman of {name}"
    for name in (
        "Progress", "Dominance", "Indulgence", "Impulse", "Unity",
        "Hierarchy", "Creativity", "Resilience", "Conviction", "Curiosity",
    )
]  # fmt: skip
OTHER_LANDS = [
    "Urza's Tower", "Urza's Mine", "Urza's Power Plant", "Ancient Tomb", "City of Brass", "Mana Confluence",
    "Command Tower", "Exotic Orchard", "Reflecting Pool", "Gaea's Cradle", "Cabal Coffers",
    "Urborg, Tomb of Yawgmoth", "Tolarian Academy", "Eldrazi Temple", "Cavern of Souls", "Gemstone Mine",
    "Dryad Arbor", "Cascading Cataracts",
]  # fmt: skip
CREATURES = [
    "Llanowar Elves", "Elvish Mystic", "Fyndhorn Elves", "Birds of Paradise", "Noble Hierarch",
    "Avacyn's Pilgrim", "Elves of Deep Shadow", "Priest of Titania", "Elvish Archdruid", "Sylvan Caryatid",
    "Dryad of the Ilysian Grove", "Nyxbloom Ancient", "Pili-Pala", "Warden of Geometries",
]  # fmt: skip
ARTIFACTS = [
    "Sol Ring", "Mana Crypt", "Mana Vault", "Grim Monolith", "Arcane Signet", "Thought Vessel", "Mind Stone",
    "Fellwar Stone", "Gilded Lotus", "Lotus Petal", "Jeweled Lotus", "Chromatic Lantern", "Phyrexian Altar",
    "Ashnod's Altar", "Treasure", "Eldrazi Scion",
]  # fmt: skip
ENCHANTMENTS_AND_EFFECTS = [
    "Mana Reflection", "Mana Flare", "Heartbeat of Spring", "Zendikar Resurgent", "Wild Growth",
    "Utopia Sprawl", "Fertile Ground", "Overgrowth", "Caged Sun", "Gauntlet of Power", "Contamination",
    "Blood Moon", "Pale Moon", "Damping Sphere", "Upwelling", "Horizon Stone", "Kruphix, God of Horizons",
    "Squandered Resources",
]  # fmt: skip
SPELLS = ["Thought-Knot Seer", "Beseech the Queen", "Gitaxian Probe", "Lightning Bolt", "Counterspell"]

REQUIRED = (
    BASICS + DUALS + SHOCKLANDS + PAINLANDS + FILTER_LANDS + BOUNCE_LANDS + OTHER_LANDS + CREATURES
    + ARTIFACTS + SIGNETS + TALISMANS + ENCHANTMENTS_AND_EFFECTS + SPELLS
)  # fmt: skip
ALL_PAIRS = {ManaTypes.parse(a + b) for a, b in combinations("WUBRG", 2)}


@pytest.mark.parametrize("card", CARDS, ids=[card.name for card in CARDS])
def test_every_card_parses_with_nothing_unsupported(card: CardData) -> None:
    parsed = parse_oracle(card.oracle, card.name)
    assert parsed.unsupported == ()
    assert parse_oracle(card.oracle, card.name, strict=True) == parsed
    TypeLine.parse(card.type_line)  # raises on a malformed type line
    if card.mana_cost is not None:
        ManaCost.parse(card.mana_cost)
    if card.color_indicator is not None:
        assert ManaTypes.parse(card.color_indicator)


@pytest.mark.parametrize("name", REQUIRED)
def test_required_card_is_present(name: str) -> None:
    card = lookup(name)
    assert card is not None, f"{name} is missing from the catalogue"
    assert card.name == name


def test_names_are_unique_ignoring_case() -> None:
    raw = json.loads(resources.files("models").joinpath("data/cards.json").read_text(encoding="utf-8"))
    names = [entry["name"].lower() for entry in raw]
    assert len(names) == len(set(names))
    assert len(all_cards()) == len(raw)


def test_lookup_ignores_case_and_spacing() -> None:
    assert lookup("  llanowar   ELVES ") == lookup("Llanowar Elves")
    assert lookup("No Such Card") is None


@pytest.mark.parametrize(
    ("query", "first"),
    [
        ("Llanowar Elfs", "Llanowar Elves"),
        ("Reflectng Pool", "Reflecting Pool"),
        ("sol rng", "Sol Ring"),
        ("nykthos", "Nykthos, Shrine to Nyx"),
        ("urborg", "Urborg, Tomb of Yawgmoth"),
    ],
)
def test_closest_names_suggest_the_intended_card(query: str, first: str) -> None:
    suggestions = closest_names(query)
    assert suggestions[0] == first
    assert len(suggestions) <= 3


def test_closest_names_of_nonsense_is_empty() -> None:
    assert closest_names("zzzzqqqq") == []


def test_tokens_and_printed_facts() -> None:
    assert all(lookup(name).token for name in ("Treasure", "Eldrazi Scion"))  # type: ignore[union-attr]
    assert not any(card.token for card in CARDS if card.name not in ("Treasure", "Eldrazi Scion"))
    arbor = lookup("Dryad Arbor")
    assert arbor is not None and arbor.color_indicator == "G" and arbor.mana_cost is None
    costs = {name: lookup(name).mana_cost for name in SPELLS}  # type: ignore[union-attr]
    assert costs == {
        "Thought-Knot Seer": "{3}{C}",
        "Beseech the Queen": "{2/B}{2/B}{2/B}",
        "Gitaxian Probe": "{U/P}",
        "Lightning Bolt": "{R}",
        "Counterspell": "{U}{U}",
    }


# cycles -----------------------------------------------------------------------------------------------------


def _card(name: str) -> CardData:
    card = lookup(name)
    assert card is not None
    return card


@pytest.mark.parametrize("cycle", [DUALS, SHOCKLANDS], ids=["duals", "shocklands"])
def test_two_type_lands_cover_every_pair(cycle: list[str]) -> None:
    pairs = set()
    for name in cycle:
        land_types = TypeLine.parse(_card(name).type_line).basic_land_types
        pairs.add(ManaTypes.parse("".join(BASIC_LAND_TYPES[t] for t in land_types)))
    assert pairs == ALL_PAIRS


@pytest.mark.parametrize(
    "cycle",
    [PAINLANDS, TALISMANS, FILTER_LANDS, BOUNCE_LANDS, SIGNETS],
    ids=["pain", "talisman", "filter", "bounce", "signet"],
)
def test_colored_outputs_cover_every_pair(cycle: list[str]) -> None:
    pairs = set()
    for name in cycle:
        card = _card(name)
        colored = [
            a for a in parse_oracle(card.oracle, card.name).mana_abilities if a.output.options[0].types.colors
        ]
        (ability,) = colored
        assert ability.output.kind in (OutputKind.FIXED, OutputKind.CHOICE)
        types = ManaTypes()
        for option in ability.output.options:
            types |= option.types
        pairs.add(types)
    assert pairs == ALL_PAIRS
