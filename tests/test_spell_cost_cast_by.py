"""'Each spell cast this way costs {1} more to cast.' (Lightstall Inquisitor's shape: the card its trigger let
an opponent cast from exile) and 'That copy costs {2} less to cast.' (God-Eternal Kefnet's: the copy its
trigger let its controller cast): a change of the cost of the spell its source's ability let be cast (CR
601.2f), which the question's ``cast_by`` (``--cast-by ID``, an extension) names. Not given, such a spell is
not known to be that one: not applied, warned (for 'this way', a spell cast from exile or from a zone not
given: the exiled card is cast from exile, CR 601.2a).

Each card is written under a made-up name with the sentence's shape; the totals are derived by hand (in
each docstring), and the verdicts are checked against the reference search on the spell as it is locked in.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from boards import ME, OPP
from test_spell_cost_conditions import board_of, mountains, reasons, source, total, verdict

from models.cost import PaymentTarget
from models.mana_effects import CostModifier
from models.oracle import parse_oracle
from planner.api import max_x

ROOT = Path(__file__).resolve().parent.parent

INQUISITOR = (
    "When ~ enters, each opponent exiles a card from their hand and may play that card for as long as it "
    "remains exiled. Each spell cast this way costs {1} more to cast."
)
KEFNET = (
    "Whenever you reveal an instant or sorcery card this way, copy that card and you may cast the copy. "
    "That copy costs {2} less to cast."
)
OGRE = PaymentTarget.of("{2}{R}", type_line="Creature — Ogre", name="Test Ogre")
BOLT = PaymentTarget.of("{2}{R}", type_line="Sorcery", name="Test Blast")


def test_the_sentences_read_as_changes_of_the_spell_cast_by_their_source() -> None:
    for text, delta, kind in ((INQUISITOR, 1, "this way"), (KEFNET, -2, "copy")):
        parsed = parse_oracle(text, "Test Source")
        (change,) = parsed.effects
        assert isinstance(change, CostModifier) and change.cast_by_source == kind
        assert change.generic_delta == delta and not parsed.unsupported


def test_the_inquisitors_card_cast_from_exile_costs_one_more() -> None:
    """The opponent's Inquisitor let me cast Test Ogre ({2}{R}) from exile: {3}{R} (CR 601.2f), four mana,
    not payable from three Mountains, payable from four; another spell, or one cast by another permanent's
    ability, stays {2}{R}."""
    inquisitor = source("inq", INQUISITOR, OPP)
    exiled = replace(OGRE, cast_from="exile", cast_by="inq")
    three, four = board_of(inquisitor, *mountains(3)), board_of(inquisitor, *mountains(4))
    assert total(three, exiled) == "{3}{R}" and not verdict(three, exiled) and verdict(four, exiled)
    assert total(three, replace(exiled, cast_by="m0")) == "{2}{R}" and verdict(
        three, replace(exiled, cast_by="m0")
    )
    assert total(three, replace(OGRE, cast_from="hand")) == "{2}{R}" and not reasons(
        three, replace(OGRE, cast_from="hand")
    )


def test_not_known_to_be_cast_this_way_is_not_applied_and_warned() -> None:
    """From exile (or a zone not given) with no --cast-by: not applied ({2}{R}, payable from three
    Mountains), and the warning names --cast-by inq; from the hand it can't be the exiled card: no warning."""
    board = board_of(source("inq", INQUISITOR, OPP), *mountains(3))
    for zone in ("exile", None):
        spell = replace(OGRE, cast_from=zone)
        assert total(board, spell) == "{2}{R}" and verdict(board, spell)
        assert any("give --cast-by inq" in why for why in reasons(board, spell))


def test_kefnets_copy_costs_two_less() -> None:
    """Kefnet's copy of Test Blast ({2}{R}): {R} (CR 601.2f), payable from one Mountain; not said to be the
    copy: {2}{R}, not payable, warned ('give --cast-by kef')."""
    board = board_of(source("kef", KEFNET), *mountains(1))
    copy = replace(BOLT, cast_by="kef")
    assert total(board, copy) == "{R}" and verdict(board, copy)
    assert total(board, BOLT) == "{2}{R}" and not verdict(board, BOLT)
    assert any("give --cast-by kef" in why for why in reasons(board, BOLT))


def test_max_x_of_kefnets_copy() -> None:
    """Kefnet's copy of Test Fireball ({X}{R}) from two Mountains: X is chosen before the total cost, which
    the {2} less reduces (CR 601.2b, 601.2f): {X-2}{R} <= 2 mana gives X = 3; not the copy, X + 1 <= 2: 1."""
    fireball = PaymentTarget.of("{X}{R}", type_line="Sorcery", name="Test Fireball")
    board = board_of(source("kef", KEFNET), *mountains(2))
    assert max_x(board, replace(fireball, cast_by="kef"), player=ME).x == 3
    assert max_x(board, fireball, player=ME).x == 1


def test_the_command_reads_cast_by_and_refuses_an_unknown_id(tmp_path: Path) -> None:
    """``pay --cast-by inq --cast-from exile`` of {2}{R} for a sorcery: {3}{R}; an id no permanent has is
    bad input (exit 2, naming --cast-by)."""
    data = board_of(source("inq", INQUISITOR, OPP), *mountains(4)).to_dict()
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data), encoding="utf-8")

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        argv = [sys.executable, "-m", "planner", "pay", str(path), "{2}{R}", "--for", "Sorcery", *args]
        return subprocess.run(argv, capture_output=True, text=True, cwd=ROOT, check=False)

    done = run("--cast-from", "exile", "--cast-by", "inq", "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["total_cost"] == "{3}{R}"
    refused = run("--cast-by", "nobody")
    assert refused.returncode == 2 and "--cast-by nobody" in refused.stderr
