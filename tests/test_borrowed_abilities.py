"""Abilities a permanent has because cards elsewhere have them (issue 35; layer 6, CR 613.1f), in the shapes
real cards write them: '~ has all activated abilities of the exiled card' (Territory Forge's shape), '... of
all creature cards exiled with it' (Dark Impostor's), '... of all Elf cards in your graveyard' (Thranduil's).
The exiled cards are the board's ``choices.imprinted`` (CR 607.2a), the graveyard its controller's list; the
borrowed abilities are the card's text read as the permanent's own ('~' is the permanent that has the
ability now, CR 201.5; a {T} taps it). Before, each sentence was unsupported: the permanent's borrowed mana
was never used (a wrong "no", with a warning).

Values are derived by hand from the rules cited by each test, and each board is checked against the
reference search (:func:`boards.checked_verdict`). The cards are small fixtures written here.
"""

from __future__ import annotations

from typing import Any

from boards import ME, checked_verdict, could, custom, largest_x, make_board, mine

from models.board import Board
from models.layer_effects import AbilitiesOfCards
from models.oracle import parse_oracle
from planner.api import text_warnings

FORGE = "Test Forge has all activated abilities of the exiled card."
IMPOSTOR = "Test Impostor has all activated abilities of all creature cards exiled with it."
KING = "Test King has all activated abilities of all Elf cards in your graveyard."

#: a land card whose ability names itself: '~' is the permanent that has the ability (CR 201.5)
GROVE = {"name": "Test Grove", "mana_cost": "", "type_line": "Land",
         "oracle": "{T}, Sacrifice Test Grove: Add {R}{R}{R}."}  # fmt: skip


def forge(imprinted: Any = None, **fields: Any) -> dict[str, Any]:
    choices = {} if imprinted is None else {"choices": {"imprinted": imprinted}}
    return custom("Test Forge", "t", "Artifact", FORGE, controller=ME, **choices, **fields)


def with_graveyard(board: Board, cards: Any) -> Board:
    data = board.to_dict()
    data["players"][0]["graveyard"] = cards
    return Board.from_dict(data)


def test_each_shape_is_read() -> None:
    (exiled,) = parse_oracle(FORGE, "Test Forge").effects
    assert isinstance(exiled, AbilitiesOfCards) and (exiled.zone, exiled.cards.types) == ("exiled", ())
    (creatures,) = parse_oracle(IMPOSTOR, "Test Impostor").effects
    assert isinstance(creatures, AbilitiesOfCards) and creatures.cards.types == ("Creature",)
    (elves,) = parse_oracle(KING, "Test King").effects
    assert isinstance(elves, AbilitiesOfCards) and (elves.zone, elves.cards.types) == ("graveyard", ("Elf",))


def test_the_exiled_cards_ability_is_the_forges_own() -> None:
    """The exiled Grove's '{T}, Sacrifice ~: Add {R}{R}{R}' is the Forge's: tapping and sacrificing the Forge
    adds {R}{R}{R} (CR 613.1f, 201.5); with a Forest, four mana at most, {R}{R}{R}{G} and no more."""
    board = make_board([forge(GROVE), mine("f", "Forest")])
    assert could(board)["t"] == "R"
    assert checked_verdict(board, "{R}{R}{R}{G}")
    assert not checked_verdict(board, "{R}{R}{R}{R}")
    assert largest_x(board) == 4
    assert not text_warnings(board)


def test_a_land_card_exiled_gives_its_land_types_ability() -> None:
    """A Forest card exiled with it: its land type gives it '{T}: Add {G}' in any zone (CR 305.6), which the
    Forge has; a card from card data is known by its name alone."""
    board = make_board([forge("Forest")])
    assert checked_verdict(board, "{G}") and not checked_verdict(board, "{G}{G}")


def test_only_the_creature_cards_exiled_with_it() -> None:
    """Dark Impostor's shape: of an exiled Llanowar Elves and an exiled Forest, only the creature card's
    '{T}: Add {G}' is the Impostor's (a Forest card is no creature card); one {G}, not two."""
    impostor = custom("Test Impostor", "i", "Creature — Vampire Assassin", IMPOSTOR, controller=ME, power=2,
                      toughness=2, choices={"imprinted": ["Llanowar Elves", "Forest"]})  # fmt: skip
    board = make_board([impostor])
    assert checked_verdict(board, "{G}") and not checked_verdict(board, "{G}{G}")
    sick = make_board([{**impostor, "summoning_sick": True}])  # (a creature's {T}: CR 302.6)
    assert not checked_verdict(sick, "{G}")


def test_the_elf_cards_in_your_graveyard() -> None:
    """Thranduil's shape: an Elf card's '{T}: Add {G}{G}' in its controller's graveyard is the King's; a
    Lightning Bolt there is no Elf card. Without the Elf card, no mana."""
    king = custom("Test King", "k", "Legendary Creature — Elf Noble", KING, controller=ME, power=5,
                  toughness=6)  # fmt: skip
    elf_card = {"name": "Test Elf Card", "type_line": "Creature — Elf Druid", "oracle": "{T}: Add {G}{G}."}
    board = with_graveyard(make_board([king]), [elf_card, "Lightning Bolt"])
    assert checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{G}{G}{G}")
    assert not checked_verdict(with_graveyard(make_board([king]), ["Lightning Bolt"]), "{G}")


def test_what_the_board_does_not_give_is_warned_never_guessed() -> None:
    """No exiled card given, a name the card data does not know, a graveyard given as a count, a payment
    that may change the graveyard (a sacrifice of a nontoken creature): the effect is set aside, and the
    warning names the path to give."""
    reasons = [w.reason for w in text_warnings(make_board([forge()]))]
    assert any("permanents[0].choices.imprinted" in why for why in reasons), reasons
    reasons = [w.reason for w in text_warnings(make_board([forge("Homebrew Grove")]))]
    assert any("type_line and oracle" in why for why in reasons), reasons
    king = custom("Test King", "k", "Legendary Creature — Elf Noble", KING, controller=ME, power=5,
                  toughness=6)  # fmt: skip
    reasons = [w.reason for w in text_warnings(with_graveyard(make_board([king]), 2))]
    assert any("players[0].graveyard" in why for why in reasons), reasons
    elf_card = {"name": "Test Elf Card", "type_line": "Creature — Elf Druid", "oracle": "{T}: Add {G}{G}."}
    moving = with_graveyard(make_board([king, mine("a", "Ashnod's Altar"), mine("e", "Llanowar Elves")]),
                            [elf_card])  # fmt: skip
    reasons = [w.reason for w in text_warnings(moving)]
    assert any("may change the graveyard" in why for why in reasons), reasons
