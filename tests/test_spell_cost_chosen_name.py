"""'Spells with the chosen name cost {1} less to cast this turn.' (Cheering Fanatic's shape, after its attack
trigger chose a card name): a change of the cost of every player's spells with that name (CR 601.2f, 201.2),
read by the grammar ('with the chosen name', a spell filter; 'this turn', read only there). The board's
``choices.card_name`` is the name chosen this turn; left out, no name was chosen (or it is not known): the
change is not applied and ``warnings`` names the field. A spell given without its name (a cost alone) is
not known to have the name: not applied, warned ('name the card with --spell').

Each card is written under a made-up name with the sentence's shape; the totals are derived by hand (in
each docstring), and the verdicts are checked against the reference search on the spell as it is locked in.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from boards import ME, OPP
from test_spell_cost_conditions import board_of, mountains, reasons, source, total, verdict

from models.abilities import Who
from models.board import Board
from models.cost import PaymentTarget
from models.mana_effects import CostModifier
from models.oracle import parse_oracle
from planner.api import max_x
from planner.turn import plan_turn

ROOT = Path(__file__).resolve().parent.parent

FANATIC = "Spells with the chosen name cost {1} less to cast this turn."
OGRE = PaymentTarget.of("{2}{R}", type_line="Creature — Ogre", name="Test Ogre")
TROLL = PaymentTarget.of("{2}{R}", type_line="Creature — Troll", name="Test Troll")


def fanatic(name: str | None, controller: str = ME) -> dict[str, Any]:
    """The attack trigger's text and its effect, with the name it chose this turn (None: none given)."""
    oracle = f"Whenever ~ attacks, choose a card name. {FANATIC}"
    choices = {} if name is None else {"choices": {"card_name": name}}
    return source("fanatic", oracle, controller, **choices)


def test_the_sentence_reads_as_a_change_of_spells_with_the_chosen_name() -> None:
    """Every player's spells (no caster named), {1} less, only those with the chosen name; the board's
    ``card_name`` is the choice it reads. The same 'this turn' on spells described otherwise stays unread:
    without a choice given this turn, the board could not tell the effect is there."""
    parsed = parse_oracle(f"Whenever ~ attacks, choose a card name. {FANATIC}", "Test Fanatic")
    (change,) = parsed.effects
    assert isinstance(change, CostModifier)
    assert change.chosen_name and change.who is Who.ANY and change.generic_delta == -1
    assert "card_name" in parsed.choices_needed and not parsed.unsupported
    lasting = parse_oracle("Spells you cast cost {1} less to cast this turn.", "Test Rally")
    assert lasting.unsupported and not lasting.effects


def test_a_spell_with_the_chosen_name_costs_one_less() -> None:
    """Test Ogre ({2}{R}) named: {1}{R} (CR 601.2f), paid by two Mountains; Test Troll, another name: {2}{R},
    not payable from two. The name compares as card names do (case and punctuation aside)."""
    board = board_of(fanatic("Test Ogre"), *mountains(2))
    assert total(board, OGRE) == "{1}{R}" and verdict(board, OGRE)
    assert total(board, TROLL) == "{2}{R}" and not verdict(board, TROLL)
    assert not reasons(board, OGRE) and not reasons(board, TROLL)
    assert total(board_of(fanatic("test ogre"), *mountains(2)), OGRE) == "{1}{R}"


def test_an_opponents_fanatic_reduces_my_spell_too() -> None:
    """'Spells with the chosen name' are any player's (no caster named): an opponent's choice of Test Ogre
    takes {1} off my Test Ogre too, {1}{R} from two Mountains."""
    board = board_of(fanatic("Test Ogre", OPP), *mountains(2))
    assert total(board, OGRE) == "{1}{R}" and verdict(board, OGRE)


def test_no_name_given_or_no_spell_named_is_not_applied_and_warned() -> None:
    """No ``choices.card_name``: no name chosen this turn (or not known), {2}{R} stays, and the warning names
    the field; a cost alone ({2}{R}, no --spell) is not known to be Test Ogre: not applied, warned."""
    unnamed = board_of(fanatic(None), *mountains(2))
    assert total(unnamed, OGRE) == "{2}{R}" and not verdict(unnamed, OGRE)
    assert any("choices.card_name is not given" in why for why in reasons(unnamed, OGRE))
    named = board_of(fanatic("Test Ogre"), *mountains(2))
    bare = PaymentTarget.of("{2}{R}")
    assert total(named, bare) == "{2}{R}"
    assert any("name the card with --spell" in why for why in reasons(named, bare))


def test_max_x_of_a_named_spell_with_x() -> None:
    """Test Hydra ({X}{R}) named, three Mountains: X + 1 - 1 <= 3, so X = 3 (2 without the change)."""
    hydra = PaymentTarget.of("{X}{R}", type_line="Creature — Hydra", name="Test Hydra")
    assert max_x(board_of(fanatic("Test Hydra"), *mountains(3)), hydra, player=ME).x == 3
    assert max_x(board_of(fanatic("Test Ogre"), *mountains(3)), hydra, player=ME).x == 2


def test_plan_turn_casts_the_named_card_for_one_less() -> None:
    """Test Ogre in hand ({2}{R}) with two Mountains: {1}{R} with its name chosen, castable; Test Troll
    ({2}{R}, another name) is not."""
    data = board_of(fanatic("Test Ogre"), *mountains(2)).to_dict()
    ogre = {"name": "Test Ogre", "mana_cost": "{2}{R}", "type_line": "Creature — Ogre"}
    troll = {"name": "Test Troll", "mana_cost": "{2}{R}", "type_line": "Creature — Troll"}
    data["players"][0]["hand"] = [ogre, troll]
    board = Board.from_dict(data)
    turn = plan_turn(board, casts=["Test Ogre"], no_land=True)
    assert turn.castable and not turn.warnings
    assert not plan_turn(board, casts=["Test Troll"], no_land=True).castable


def test_the_command_pays_the_named_spell_and_writes_the_choice_back(tmp_path: Path) -> None:
    """``pay --spell`` from the hand: total {1}{R}, exit 0; the board's ``card_name`` is read and written back
    as given."""
    data = board_of(fanatic("Test Ogre"), *mountains(2)).to_dict()
    ogre = {"name": "Test Ogre", "mana_cost": "{2}{R}", "type_line": "Creature — Ogre"}
    data["players"][0]["hand"] = [ogre]
    assert Board.from_dict(data).to_dict()["permanents"][0]["choices"] == {"card_name": "Test Ogre"}
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    argv = [sys.executable, "-m", "planner", "pay", str(path), "--spell", "Test Ogre", "--json"]
    done = subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, check=False)
    answer = json.loads(done.stdout)
    assert done.returncode == 0 and answer["total_cost"] == "{1}{R}" and not answer["warnings"]
