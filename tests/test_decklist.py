"""Deck lists (models.decklist): the plain format as before, and every export format resolved by card data."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from models.carddata.names import CardResolver
from models.catalogue import lookup
from models.decklist import Deck, DeckListError, load_deck, parse_deck
from planner.cards.importer import import_files
from planner.cards.store import CardStore

ROOT = Path(__file__).resolve().parents[1]
DECKS = ROOT / "tests" / "fixtures" / "decks"
EXAMPLES = ROOT / "examples" / "decks"
SCRYFALL = ROOT / "tests" / "fixtures" / "cards" / "scryfall.json.gz"


@pytest.fixture(scope="module")
def cards(tmp_path_factory: pytest.TempPathFactory) -> Iterator[CardResolver]:
    store = CardStore(tmp_path_factory.mktemp("decks") / "cards.sqlite3")
    import_files([SCRYFALL], store)
    yield CardResolver(store)
    store.close()


# --------------------------------------------------------------------------------------------------------
# The plain format, as planner.decklist reads it (the same tests, against models.decklist)


def test_the_export_format() -> None:
    text = "\n".join(
        [
            "// a comment",
            "Deck",
            "4 Llanowar Elves (DOM) 168",
            "4x Lightning Bolt",
            "2 Lightning Bolt",
            "10 Forest",
            "10 Mountain",
            "30 Grizzly Bears {1}{G}",
            "",
            "SB: 3 Pyroblast {R}",
            "Sideboard",
            "2 Flusterstorm",
            "3 Anything At All",
        ]
    )
    deck = parse_deck(text, "deck.txt")
    assert deck.size == 60 and deck.lands == 20 and not deck.is_commander
    assert [(c.name, c.count, c.lines) for c in deck.spells] == [
        ("Llanowar Elves", 4, (3,)),
        ("Lightning Bolt", 6, (4, 5)),
        ("Grizzly Bears", 30, (8,)),
    ]
    assert str(deck.spells[1].cost) == "{R}" and deck.spells[2].card is None
    assert [(c.name, c.count) for c in deck.sideboard] == [("Pyroblast", 3)]  # the others are unknown...
    assert deck.warnings and "Flusterstorm" in deck.warnings[0] and "Anything At All" in deck.warnings[0]


def test_a_commander_deck() -> None:
    deck = parse_deck("Commander\n1 Omnath {G}{W}{U}\nDeck\n1 Command Tower\n40 Forest\n58 Thing {2}{G}\n")
    assert deck.is_commander and deck.size == 99
    assert [c.name for c in deck.commanders] == ["Omnath"] and deck.warnings == ()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("4 Forest\nLightning Bolt", "deck.txt: line 2: expected '<count> <card name>'"),
        ("0 Forest", "deck.txt: line 1: a count must be at least 1"),
        ("4 Forest {G}", "deck.txt: line 1: Forest is a land: it has no mana cost"),
        ("4 Bolt {Q}", "deck.txt: line 1: invalid mana symbol '{Q}'"),
        ("Sideboard\n4 Forest", "deck.txt: the deck list has no cards"),
        ("4 Bolt {R}\n4 Bolt {U}", "deck.txt: line 2: 'Bolt' has the cost {U} here but {R} on line 1"),
    ],
)
def test_malformed_deck_lists(text: str, message: str) -> None:
    with pytest.raises(DeckListError) as error:
        parse_deck(text, "deck.txt")
    assert str(error.value).startswith(message)
    assert "\n" not in str(error.value)


def test_unknown_cards_in_one_error_with_lines_and_suggestions() -> None:
    with pytest.raises(DeckListError) as error:
        parse_deck("4 Llanowar Elfs\n20 Forest\n2 Goblin Guide\n1 Goblin Guide\n4 Tundr", "my deck.txt")
    message = str(error.value)
    assert message.startswith(
        "my deck.txt: unknown cards: line 1 'Llanowar Elfs' (did you mean 'Llanowar Elves'"
    )
    assert "line 3, 4 'Goblin Guide'" in message and "line 5 'Tundr' (did you mean 'Tundra'" in message
    assert "\n" not in message


def test_load_deck_names_the_file() -> None:
    with pytest.raises(DeckListError, match=r"^nowhere\.txt: can't read"):
        load_deck("nowhere.txt")


def test_the_example_decks_read_as_before() -> None:
    deck = load_deck(EXAMPLES / "azorius-control.txt")
    assert deck.size == 60 and deck.lands == 24 and deck.format == "arena"
    assert {c.name for c in deck.sideboard} >= {"Rest in Peace", "Mystical Dispute"}
    assert lookup("Hallowed Fountain") == next(c.card for c in deck.cards if c.name == "Hallowed Fountain")


# --------------------------------------------------------------------------------------------------------
# Every format, resolved by the card store


MAIN = {
    "Llanowar Elves": 4, "Birds of Paradise": 4, "Delver of Secrets // Insectile Aberration": 4,
    "Fire // Ice": 4, "Brazen Borrower // Petty Theft": 4, "Bonecrusher Giant // Stomp": 4,
    "Beanstalk Giant // Fertile Footsteps": 4, "Kazandu Mammoth // Kazandu Valley": 4, "Breeding Pool": 4,
    "Forest": 12, "Island": 12,
}  # fmt: skip


@pytest.mark.parametrize(
    ("file", "format", "sideboard"),
    [
        ("plain.txt", "plain", {}),
        ("arena.txt", "arena", {"Lim-Dûl's Vault": 1, "Dark Ritual": 3, "Elvish Spirit Guide": 2}),
        ("mtgo.txt", "mtgo", {"Dark Ritual": 3, "Elvish Spirit Guide": 2, "Sol Ring": 4}),
        ("mtgo.dek", "mtgo-dek", {"Dark Ritual": 3, "Elvish Spirit Guide": 2}),
    ],
)
def test_sixty_card_formats(cards: CardResolver, file: str, format: str, sideboard: dict[str, int]) -> None:
    deck = load_deck(DECKS / file, cards=cards)
    assert deck.format == format and deck.warnings == ()
    assert {c.name: c.count for c in deck.cards} == MAIN
    assert {c.name: c.count for c in deck.sideboard} == sideboard
    assert deck.size == 60 and deck.lands == 28  # the MDFC's front is a creature: not counted as a land
    mammoth = next(c for c in deck.cards if c.name.startswith("Kazandu"))
    assert (
        not mammoth.is_land and mammoth.land_face is not None and mammoth.land_face.name == "Kazandu Valley"
    )
    assert str(mammoth.cost) == "{2}{G}{G}" and len(mammoth.faces) == 2


@pytest.mark.parametrize(("file", "format"), [("moxfield.txt", "moxfield"), ("archidekt.txt", "archidekt")])
def test_commander_exports(cards: CardResolver, file: str, format: str) -> None:
    deck = load_deck(DECKS / file, cards=cards)
    assert deck.format == format and deck.warnings == ()
    assert [c.name for c in deck.commanders] == ["Bruna, the Fading Light"]
    assert deck.size == 99 and deck.lands == 88
    assert {c.name: c.count for c in deck.cards}["Forest"] == 40
    if format == "archidekt":
        assert [c.name for c in deck.sideboard] == ["Lim-Dûl's Vault"]  # the maybeboard is left out
        assert all(c.name != "Cabal Ritual" for c in (*deck.cards, *deck.sideboard))


def test_lands_are_lands_by_card_data(cards: CardResolver) -> None:
    with pytest.raises(
        DeckListError, match=r"deck\.txt: line 2: Breeding Pool is a land: it has no mana cost"
    ):
        parse_deck("56 Island\n4 Breeding Pool {0}", "deck.txt", cards=cards)
    deck = parse_deck("56 Island\n4 Breeding Pool", "deck.txt", cards=cards)
    assert deck.lands == 60


def test_unknown_names_are_reported_together_with_suggestions(cards: CardResolver) -> None:
    with pytest.raises(DeckListError) as error:
        parse_deck("4 Llanowar Elfs\n4 Brazen Borower (ELD) 39\n52 Island", "deck.txt", cards=cards)
    message = str(error.value)
    assert "line 1 'Llanowar Elfs' (did you mean 'Llanowar Elves'" in message
    assert "line 2 'Brazen Borower' (did you mean 'Brazen Borrower" in message


def test_a_deck_of_unusual_size_is_a_warning(cards: CardResolver) -> None:
    deck = parse_deck("4 Llanowar Elves\n20 Forest\n12 Island", "deck.txt", cards=cards)
    assert deck.size == 36 and len(deck.warnings) == 1 and "36 cards" in deck.warnings[0]
    assert parse_deck("17 Forest\n23 Llanowar Elves", cards=cards).warnings == ()
    commander = parse_deck("Commander\n1 Bruna, the Fading Light\nDeck\n60 Forest", cards=cards)
    assert commander.warnings and "61" in commander.warnings[0]


def test_dek_files_with_a_doctype_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "bomb.dek"
    path.write_text(
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">]><Deck>'
        '<Cards Quantity="4" Sideboard="false" Name="&lol;" /></Deck>',
        encoding="utf-8",
    )
    with pytest.raises(DeckListError, match=r"bomb\.dek: a \.dek file must not have a DOCTYPE"):
        load_deck(path)
    path.write_text('<Deck><Cards Quantity="four" Name="Forest" /></Deck>', encoding="utf-8")
    with pytest.raises(DeckListError, match=r"bomb\.dek: card entry 1: expected Name and a Quantity"):
        load_deck(path)


def test_a_blank_line_with_headers_does_not_start_a_sideboard(cards: CardResolver) -> None:
    deck: Deck = parse_deck("Deck\n30 Forest\n\n30 Island", cards=cards)
    assert deck.size == 60 and deck.sideboard == ()
    three_blocks = parse_deck("20 Forest\n\n20 Island\n\n20 Llanowar Elves", cards=cards)
    assert three_blocks.size == 60 and three_blocks.format == "plain"


def test_a_card_named_by_its_faces_is_one_entry(cards: CardResolver) -> None:
    deck = parse_deck(
        "2 Brazen Borrower // Petty Theft\n52 Island\n3 petty theft\n3 Brazen Borrower", cards=cards
    )
    assert [(c.name, c.count, c.lines) for c in deck.spells] == [
        ("Brazen Borrower // Petty Theft", 8, (1, 3, 4))
    ]


def test_counts_are_ascii_numbers_of_a_readable_size() -> None:
    with pytest.raises(DeckListError, match="a count of 5000 digits"):
        parse_deck("4" * 5000 + " Forest", "deck.txt")  # (Python refuses to read an int of 5,000 digits)
    with pytest.raises(DeckListError, match="line 1: expected '<count> <card name>'"):
        parse_deck("٣ Forest\n20 Forest", "deck.txt")  # an Arabic-Indic three is not a count
