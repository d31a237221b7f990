"""Bolas's Citadel's alternative cost (issue 35): "You may play lands and cast spells from the top of your
library. If you cast a spell this way, pay life equal to its mana value rather than pay its mana cost."

An alternative cost a permanent grants (CR 118.9) to a spell cast from the top of its caster's library (CR
601.2a): life equal to the spell's mana value (CR 202.3; an {X} it does not include is 0, CR 107.3b), paid as
a cost (CR 119.4: not with less life than asked; 118.3: not beside a prohibition on paying life). Answers
are derived by hand from those rules, on boards with made-up cards.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from typer.testing import CliRunner

from models.board import Board
from models.cost import PaymentTarget
from models.mana_effects import GrantedAlternativeCost
from models.oracle import parse_oracle
from models.spells import spell_of
from planner.api import max_x, pay
from planner.cli import app

PERMISSION = "You may play lands and cast spells from the top of your library."
LIFE_COST = "If you cast a spell this way, pay life equal to its mana value rather than pay its mana cost."
CITADEL = {
    "id": "c",
    "name": "Test Citadel",
    "type_line": "Legendary Artifact",
    "controller": "me",
    "oracle": f"{PERMISSION}\n{LIFE_COST}",
}
OGRE = {"name": "Test Ogre", "type_line": "Creature — Ogre", "mana_cost": "{2}{R}"}
FIRE = {
    "name": "Test Fire",
    "type_line": "Sorcery",
    "mana_cost": "{X}{R}",
    "oracle": "Test Fire deals X damage.",
}


def _board(library: list[Any], *, life: int = 20, others: tuple[dict[str, Any], ...] = ()) -> Board:
    return Board.from_dict(
        {
            "version": 1,
            "active_player": "me",
            "players": [{"id": "me", "life": life, "library": library}, {"id": "opp"}],
            "permanents": [CITADEL, *others],
        }
    )


def _from_library(card: dict[str, Any]) -> PaymentTarget:
    spell = spell_of(
        card["mana_cost"], name=card["name"], type_line=card["type_line"], text=card.get("oracle", "")
    )
    return replace(spell, cast_from="library")


def test_the_sentences_are_read_as_a_granted_alternative_cost() -> None:
    """Read after its permission: life equal to the mana value, for spells cast from the library. Alone
    ('this way' of another permission, Gwenom's cards exiled from a library), it is not read: warned."""
    parsed = parse_oracle(f"{PERMISSION}\n{LIFE_COST}", "Test Citadel")
    assert [s.read_as for s in parsed.sentences] == ["ignored", "effect"]
    (granted,) = parsed.effects
    assert isinstance(granted, GrantedAlternativeCost)
    assert granted.cost.life_is_mana_value and granted.cost.from_library
    assert [s.read_as for s in parse_oracle(LIFE_COST, "Test Gwen").sentences] == ["unsupported"]


def test_the_top_card_is_paid_with_life_equal_to_its_mana_value() -> None:
    """No mana at all, 20 life: the Ogre ({2}{R}, mana value 3) on top is cast for 3 life (CR 118.9,
    202.3)."""
    answer = pay(_board([OGRE, "Forest"]), _from_library(OGRE))
    assert answer.payable and answer.life_paid == 3
    assert answer.alternative_cost is not None and answer.alternative_cost.source == "c"


def test_only_the_top_card_of_the_library_and_only_from_there() -> None:
    """Under the Forest the Ogre is not the top card (CR 601.2a): "no"; from the hand the cost is not for it:
    "no"; the zone not given, the cost is not weighed and the answer says so (never a guess)."""
    assert pay(_board(["Forest", OGRE]), _from_library(OGRE)).payable is False
    board = _board([OGRE])
    assert pay(board, replace(_from_library(OGRE), cast_from="hand")).payable is False
    unknown = pay(board, replace(_from_library(OGRE), cast_from=None))
    assert unknown.payable is False
    assert any("--cast-from library" in w.reason for w in unknown.warnings)


def test_the_life_must_be_there_and_may_be_paid() -> None:
    """CR 119.4: 2 life can't pay 3 ("no"); 3 life can (to 0, with the warning pay gives); beside a
    prohibition on paying life (Yasharn's, CR 118.3) it can't."""
    assert pay(_board([OGRE], life=2), _from_library(OGRE)).payable is False
    three = pay(_board([OGRE], life=3), _from_library(OGRE))
    assert three.payable and three.life_paid == 3
    warden = {
        "id": "w",
        "name": "Test Warden",
        "type_line": "Creature — Boar",
        "controller": "opp",
        "power": 4,
        "toughness": 4,
        "oracle": "Players can't pay life or sacrifice nonland permanents to cast spells or activate "
        "abilities.",
    }
    assert pay(_board([OGRE], others=(warden,)), _from_library(OGRE)).payable is False


def test_an_x_the_cost_does_not_include_is_zero() -> None:
    """CR 107.3b: cast for a cost without X, the spell's X is 0: Test Fire ({X}{R}) costs 1 life, X = 0,
    whatever X is asked for; with no mana, max-x is 0."""
    paid = pay(_board([FIRE]), _from_library(FIRE), x=3)
    assert paid.payable and paid.life_paid == 1 and paid.x == 0
    largest = max_x(_board([FIRE], life=10), _from_library(FIRE))
    assert (largest.x, largest.payable, largest.life_paid) == (0, True, 1)


def test_the_cli_finds_the_spell_on_top_of_the_library() -> None:
    """`pay --spell NAME --cast-from library` takes the library's top card (main: not in the hand)."""
    board = {
        "version": 1,
        "active_player": "me",
        "players": [{"id": "me", "life": 20, "library": [OGRE, "Forest"]}, {"id": "opp"}],
        "permanents": [CITADEL],
    }
    result = CliRunner().invoke(
        app, ["pay", "-", "--spell", "Test Ogre", "--cast-from", "library", "--json"], input=json.dumps(board)
    )
    answer = json.loads(result.stdout)
    assert answer["payable"] is True and answer["life_paid"] == 3
