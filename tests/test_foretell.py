"""Foretell (issue 35, CR 702.143a): a card its owner foretold (exiled face down from the hand) may be cast
from exile for its foretell cost rather than its mana cost, and only so. ``pay --spell <card> --cast-from
exile`` answered at the mana cost, "not payable", with no word of foretell. The board's player ``foretold``
lists the cards foretold; not given, the card is taken to be foretold with a warning naming the field. From
the hand the foretell cost is no way to cast it. The card is made up in the shape of a real one (Saw It
Coming: {1}{U}{U}, foretell {1}{U}).
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from models.board import Board, Card
from models.cost import PaymentTarget
from models.spells import spell_target
from planner.api import pay
from planner.cli import app

SEER: dict[str, Any] = {
    "name": "Test Seer",
    "type_line": "Instant",
    "mana_cost": "{1}{U}{U}",
    "oracle": "Counter target spell.\nForetell {1}{U} (During your turn, you may pay {2} and exile this card "
    "from your hand face down. Cast it on a later turn for its foretell cost.)",
}
OTHER: dict[str, Any] = {"name": "Test Other", "type_line": "Sorcery", "mana_cost": "{2}", "oracle": ""}


def _board(islands: int, **me: Any) -> Board:
    permanents = [{"id": f"i{n}", "card": "Island", "controller": "me"} for n in range(islands)]
    return Board.from_dict(
        {"version": 1, "players": [{"id": "me", **me}, {"id": "opp"}], "permanents": permanents}
    )


def _seer(cast_from: str) -> PaymentTarget:
    return replace(spell_target(Card.from_json(SEER)), cast_from=cast_from)


def test_a_foretold_card_is_cast_from_exile_for_its_foretell_cost() -> None:
    """Foretold: its foretell cost {1}{U} rather than {1}{U}{U} (CR 702.143a, 118.9): two Islands pay it."""
    result = pay(_board(2, foretold=[SEER]), _seer("exile"))
    assert result.payable is True
    assert result.total_cost == "{1}{U}"
    assert result.alternative_cost is not None and "foretell" in result.alternative_cost.describe()
    assert not result.warnings


def test_foretold_not_given_is_assumed_with_a_warning() -> None:
    """The board does not list the cards foretold: the card cast from exile is taken to be foretold (it is
    the only way foretell casts it from exile), and the answer names the field that would tell."""
    result = pay(_board(2), _seer("exile"))
    assert result.payable is True and result.total_cost == "{1}{U}"
    assert any(
        "players[0].foretold" in w.reason and w.sentence.startswith("Foretell") for w in result.warnings
    )


def test_a_card_not_foretold_is_not_cast_for_its_foretell_cost() -> None:
    """The board lists another card foretold: the Seer in exile was not foretold (CR 702.143a), so its
    foretell cost is no way; its mana cost {1}{U}{U} is more than two Islands make, and a warning says that
    the mana cost is paid only as another permission would allow (CR 601.2a)."""
    result = pay(_board(2, foretold=[OTHER]), _seer("exile"))
    assert result.payable is False
    assert any("not among the cards players[0].foretold lists" in w.reason for w in result.warnings)
    assert pay(_board(3, foretold=[OTHER]), _seer("exile")).total_cost == "{1}{U}{U}"


def test_from_the_hand_the_foretell_cost_is_no_way() -> None:
    """From the hand (CR 702.143a: only a foretold card, from exile): {1}{U}{U}: three Islands, not two."""
    assert pay(_board(2, hand=[SEER]), _seer("hand")).payable is False
    assert pay(_board(3, hand=[SEER]), _seer("hand")).payable is True


def test_the_cli_finds_the_spell_among_the_cards_foretold(tmp_path: Path) -> None:
    """``pay --spell NAME --cast-from exile`` takes the card's text from the player's ``foretold`` list (as
    ``--cast-from graveyard`` takes it from the graveyard): a card known only there was bad input on main
    ("neither in me's hand nor in card data", probe 17). Two Islands pay its foretell cost {1}{U}; one
    doesn't (CR 702.143a)."""
    for islands, payable in ((2, True), (1, False)):
        board = {
            "version": 1,
            "players": [{"id": "me", "foretold": [SEER]}, {"id": "opp"}],
            "permanents": [{"id": f"i{n}", "card": "Island", "controller": "me"} for n in range(islands)],
        }
        path = tmp_path / "board.json"
        path.write_text(json.dumps(board), encoding="utf-8")
        args = ["pay", str(path), "--spell", "Test Seer", "--cast-from", "exile", "--json"]
        result = CliRunner().invoke(app, args)
        assert result.exit_code == (0 if payable else 1), result.output
        assert json.loads(result.stdout)["payable"] is payable
