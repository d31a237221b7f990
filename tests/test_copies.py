"""Permanents that entered as a copy (issue #35: Vesuva, Clone, Phyrexian Metamorph): the board's
``choices.copied`` names what was copied, and the permanent then IS that card for every stage (CR 707.2: its
copiable values replaced, its own status kept), with the exceptions its copy effect states (CR 707.9). A copy
the board says nothing of is read as itself and named in ``warnings``, never a silent "no". Expected values
are worked out by hand from the rules, with the same board beside it (the choice given or not, so that a
planner that ignores the copy fails), and checked against the reference search. Texts of real cards are
Oracle texts checked against ../shared/cards (2019 data: Phyrexian Metamorph, Spark Double, Phantasmal
Image, Thespian's Stage); the Vesuva-like land is a made-up card.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from boards import could, make_board

from models.board import Board
from models.cost import PaymentTarget
from models.errors import BoardError
from planner import max_x, pay
from planner.api import fast_path_only
from planner.rules.reference import reference_search

ROOT = Path(__file__).resolve().parents[1]
FOREST = {"id": "f", "card": "Forest"}
MIRROR_TEXT = "You may have Mirror Vale enter tapped as a copy of any land on the battlefield."
METAMORPH_TEXT = (
    "({U/P} can be paid with either {U} or 2 life.)\nYou may have Phyrexian Metamorph enter the battlefield "
    "as a copy of any artifact or creature on the battlefield, except it's an artifact in addition to its "
    "other types."
)
SPARK_DOUBLE_TEXT = (
    "You may have Spark Double enter the battlefield as a copy of a creature or planeswalker you control, "
    "except it enters with an additional +1/+1 counter on it if it's a creature, it enters with an "
    "additional loyalty counter on it if it's a planeswalker, and it isn't legendary if that permanent is "
    "legendary."
)
IMAGE_TEXT = (
    "You may have Phantasmal Image enter the battlefield as a copy of any creature on the battlefield, "
    "except it's an Illusion in addition to its other types and it has \"When this creature becomes the "
    'target of a spell or ability, sacrifice it."'
)
STAGE_TEXT = (
    "{T}: Add {C}.\n{2}, {T}: Thespian's Stage becomes a copy of target land, except it has this ability."
)


def _mirror(**fields: Any) -> dict[str, Any]:
    """A Vesuva-like land (made up): a land with no ability of its own but its copy effect."""
    return {"id": "v", "name": "Mirror Vale", "type_line": "Land", "oracle": MIRROR_TEXT, **fields}


def _metamorph(**fields: Any) -> dict[str, Any]:
    return {
        "id": "m",
        "name": "Phyrexian Metamorph",
        "type_line": "Artifact Creature — Shapeshifter",
        "mana_cost": "{3}{U/P}",
        "oracle": METAMORPH_TEXT,
        "power": 0,
        "toughness": 0,
        **fields,
    }


def _copy_warnings(result: Any, pid: str) -> list[Any]:
    return [w for w in result.warnings if w.permanent == pid and "choices.copied" in w.reason]


def test_a_land_copy_that_copied_nothing_the_board_names_is_no_mana_and_warned() -> None:
    """Mirror Vale with no ``copied``: read as itself, a land with no mana ability; with a Forest {G} is
    payable, {G}{G} is not (exit 1, never a silent answer: the copy is named with its path) and X of {X}{G}
    is 0."""
    board = make_board([FOREST, _mirror()])
    assert could(board) == {"f": "G", "v": ""}
    two = pay(board, PaymentTarget.of("{G}{G}"))
    assert two.payable is False
    (warning,) = _copy_warnings(two, "v")
    assert warning.reason.startswith("permanents[1].choices.copied: ") and warning.undefined
    assert "enter tapped as a copy" in warning.sentence
    assert _copy_warnings(pay(board, PaymentTarget.of("{G}")), "v")
    assert max_x(board, PaymentTarget.of("{X}{G}")).x == 0
    assert reference_search(board, PaymentTarget.of("{G}{G}")).payable is False


@pytest.mark.parametrize(("cost", "payable"), [("{G}{G}", True), ("{G}{G}{G}", False), ("{U}", False)])
def test_a_land_copy_of_a_forest_is_a_forest(cost: str, payable: bool) -> None:
    """Mirror Vale that copied a Forest is a Forest (CR 707.2): two Forests pay {G}{G}, not three mana or
    {U}; the reference search agrees, and nothing is warned."""
    board = make_board([FOREST, _mirror(choices={"copied": "Forest"})])
    assert could(board) == {"f": "G", "v": "G"}
    result = pay(board, PaymentTarget.of(cost))
    assert result.payable is payable is reference_search(board, PaymentTarget.of(cost)).payable
    assert not result.warnings
    assert max_x(board, PaymentTarget.of("{X}{G}")).x == 1


def test_the_copy_keeps_its_own_status() -> None:
    """Copiable values only (CR 707.2): a tapped copy of a Forest makes nothing; a copy of Gemstone Mine
    with one mining counter makes one mana of any color, with none it makes nothing (the counters are its
    own, which the board gives)."""
    tapped = make_board([FOREST, _mirror(tapped=True, choices={"copied": "Forest"})])
    assert could(tapped) == {"f": "G", "v": "G"}  # (what it could make, CR 106.7, tapped or not)
    unpaid = pay(tapped, PaymentTarget.of("{G}{G}"))
    assert unpaid.payable is False and "Forest (v) is already tapped" in (unpaid.reason or "")
    mine = make_board([FOREST, _mirror(counters={"mining": 1}, choices={"copied": "Gemstone Mine"})])
    assert could(mine) == {"f": "G", "v": "WUBRG"}
    assert pay(mine, PaymentTarget.of("{G}{R}")).payable
    assert reference_search(mine, PaymentTarget.of("{G}{R}")).payable
    assert pay(mine, PaymentTarget.of("{G}{R}{R}")).payable is False
    spent = make_board([FOREST, _mirror(choices={"copied": "Gemstone Mine"})])
    assert pay(spent, PaymentTarget.of("{G}{R}")).payable is False
    assert reference_search(spent, PaymentTarget.of("{G}{R}")).payable is False


def test_metamorph_is_an_artifact_in_addition_and_keeps_summoning_sickness() -> None:
    """Phyrexian Metamorph that copied Llanowar Elves is an Elf Druid artifact creature with the Elves' text
    and power (CR 707.9b: the exception's type added); summoning sick it can't tap for {G}, else it can. A
    copy of Sol Ring adds {C}{C}."""
    elves = make_board([FOREST, _metamorph(choices={"copied": "Llanowar Elves"})])
    metamorph = elves.permanent("m")
    assert (metamorph.name, str(metamorph.type_line), metamorph.power) == (
        "Llanowar Elves",
        "Artifact Creature — Elf Druid",
        1,
    )
    assert str(metamorph.mana_cost) == "{G}" and metamorph.card is None
    assert pay(elves, PaymentTarget.of("{G}{G}")).payable
    assert reference_search(elves, PaymentTarget.of("{G}{G}")).payable
    sick = make_board([FOREST, _metamorph(summoning_sick=True, choices={"copied": "Llanowar Elves"})])
    assert pay(sick, PaymentTarget.of("{G}{G}")).payable is False
    assert reference_search(sick, PaymentTarget.of("{G}{G}")).payable is False
    ring = make_board([FOREST, _metamorph(choices={"copied": "Sol Ring"})])
    assert str(ring.permanent("m").type_line) == "Artifact"
    assert max_x(ring, PaymentTarget.of("{X}{G}")).x == 2
    uncopied = make_board([FOREST, _metamorph()])
    assert max_x(uncopied, PaymentTarget.of("{X}{G}")).x == 0
    assert _copy_warnings(pay(uncopied, PaymentTarget.of("{G}")), "m")


def test_an_object_says_what_was_copied_and_exceptions_apply() -> None:
    """Spark Double that copied a legendary creature given by its text isn't legendary (its counters are
    status the board gives: no warning); Phantasmal Image is an Illusion too and has the quoted ability."""
    legend = {"name": "Homebrew Elder", "type_line": "Legendary Creature — Elf", "oracle": "{T}: Add {G}{G}."}
    double = {
        "id": "d",
        "name": "Spark Double",
        "type_line": "Creature — Illusion",
        "oracle": SPARK_DOUBLE_TEXT,
    }
    image = {"id": "i", "name": "Phantasmal Image", "type_line": "Creature — Illusion", "oracle": IMAGE_TEXT}
    board = make_board(
        [
            {**double, "counters": {"+1/+1": 1}, "choices": {"copied": legend}},
            {**image, "choices": {"copied": legend}},
        ]
    )
    assert str(board.permanent("d").type_line) == "Creature — Elf"
    assert str(board.permanent("i").type_line) == "Legendary Creature — Elf Illusion"
    assert board.permanent("i").oracle.endswith(
        "When this creature becomes the target of a spell or ability, sacrifice it."
    )
    result = pay(board, PaymentTarget.of("{G}{G}{G}{G}"))
    assert result.payable and not result.warnings
    assert pay(board, PaymentTarget.of("{G}{G}{G}{G}{G}")).payable is False
    assert reference_search(board, PaymentTarget.of("{G}{G}{G}{G}")).payable


def test_sakashimas_student_is_a_ninja_in_addition() -> None:
    """Sakashima's Student (Oracle text from card data) that copied Llanowar Elves: "except it's a Ninja in
    addition to its other creature types" adds the subtype."""
    text = (
        "Ninjutsu {1}{U} ({1}{U}, Return an unblocked attacker you control to hand: Put this card onto the "
        "battlefield from your hand tapped and attacking.)\nYou may have Sakashima's Student enter the "
        "battlefield as a copy of any creature on the battlefield, except it's a Ninja in addition to its "
        "other creature types."
    )
    student = {"id": "s", "name": "Sakashima's Student", "type_line": "Creature — Human Ninja"}
    student["oracle"] = text
    board = make_board([{**student, "choices": {"copied": "Llanowar Elves"}}])
    assert str(board.permanent("s").type_line) == "Creature — Elf Druid Ninja"
    assert could(board) == {"s": "G"} and not pay(board, PaymentTarget.of("{G}")).warnings


def test_thespians_stage_that_became_a_copy_keeps_this_ability() -> None:
    """Thespian's Stage that became a copy of a Forest is a Forest with the Stage's copy ability (CR 707.9a,
    "except it has this ability"), and no longer has its own {T}: Add {C}."""
    stage = {"id": "s", "name": "Thespian's Stage", "type_line": "Land", "oracle": STAGE_TEXT}
    board = make_board([{**stage, "choices": {"copied": "Forest"}}])
    assert could(board) == {"s": "G"}
    assert board.permanent("s").oracle.endswith(
        "{2}, {T}: Forest becomes a copy of target land, except it has this ability."
    )
    assert pay(board, PaymentTarget.of("{C}")).payable is False
    assert could(make_board([stage])) == {"s": "C"}
    assert not make_board([stage]).permanent("s").choices


def test_an_exception_not_read_is_warned() -> None:
    """An exception the reader doesn't know is named, at the copy's path, as unsupported (so --strict
    refuses the answer), the copy still used."""
    text = "You may have Odd Mirror enter as a copy of any land on the battlefield, except its name is Bob."
    board = make_board(
        [
            {
                "id": "o",
                "name": "Odd Mirror",
                "type_line": "Land",
                "oracle": text,
                "choices": {"copied": "Forest"},
            }
        ]
    )
    result = pay(board, PaymentTarget.of("{G}"))
    assert result.payable
    (warning,) = _copy_warnings(result, "o")
    assert warning.sentence == "its name is Bob" and warning.refused_by_strict


def test_the_board_file_keeps_the_copy_and_its_own_card() -> None:
    """Written back: its own values, what it copied in its choices (a catalogue card by name, any other as
    the object); read again, the same board. As a card (leaving the battlefield) it is itself. The
    published schema accepts both forms."""
    legend = {"name": "Homebrew Elder", "type_line": "Legendary Creature — Elf", "oracle": "{T}: Add {G}{G}."}
    board = make_board(
        [_mirror(tapped=True, choices={"copied": "Forest"}), _metamorph(choices={"copied": legend})]
    )
    written = board.to_dict()
    assert written["permanents"][0]["name"] == "Mirror Vale"
    assert written["permanents"][0]["choices"] == {"copied": "Forest"}
    assert written["permanents"][1]["choices"] == {"copied": legend}
    assert Board.loads(board.dumps()) == board
    card = board.permanent("v").as_card()
    assert card is not None and card.name == "Mirror Vale" and card.oracle == MIRROR_TEXT
    jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is in the dev extra")
    schema = json.loads((ROOT / "docs" / "board.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(written)


@pytest.mark.parametrize(
    ("copied", "message"),
    [
        (7, "permanents[0].choices.copied: expected a card name or an object {name, type_line, oracle}, got"),
        ("Forrest", "permanents[0].choices.copied: unknown card 'Forrest'; did you mean"),
        ({"name": "X"}, "permanents[0].choices.copied.type_line: missing required field"),
        ({"name": "X", "type_line": "Land", "power": "a"}, "permanents[0].choices.copied.power: "),
        ({"name": "X", "type_line": "Elf"}, "permanents[0].choices.copied.type_line: "),
        (
            {"name": "X", "type_line": "Land", "colour": "G"},
            "permanents[0].choices.copied.colour: unknown field 'colour'",
        ),
    ],
)
def test_a_bad_value_is_named_by_its_path(copied: object, message: str) -> None:
    data = {
        "version": 1,
        "players": [{"id": "me"}],
        "permanents": [{**_mirror(controller="me"), "choices": {"copied": copied}}],
    }
    with pytest.raises(BoardError) as raised:
        Board.from_dict(data, "b.json")
    assert str(raised.value).startswith("b.json: " + message), str(raised.value)


def test_the_fast_path_and_the_model_both_see_the_copy() -> None:
    """Two Forests, one a copy: the fast path pays {G}{G} (engine 'fast'); the CP-SAT model pays {G} keeping
    {G} payable (two green sources, so both hold), and not {G}{G} keeping {G}. The plan tells of both."""
    board = make_board([FOREST, _mirror(choices={"copied": "Forest"})])
    with fast_path_only():
        fast = pay(board, PaymentTarget.of("{G}{G}"))
    assert fast.payable and fast.engine == "fast"
    assert sorted((step.permanent, step.name) for step in fast.steps) == [("f", "Forest"), ("v", "Forest")]
    kept = pay(board, PaymentTarget.of("{G}"), keep=PaymentTarget.of("{G}"))
    assert kept.engine == "cp-sat" and kept.payable and kept.keep_satisfied
    too_much = pay(board, PaymentTarget.of("{G}{G}"), keep=PaymentTarget.of("{G}"))
    assert too_much.payable and not too_much.keep_satisfied
    uncopied = make_board([FOREST, _mirror()])
    assert not pay(uncopied, PaymentTarget.of("{G}"), keep=PaymentTarget.of("{G}")).keep_satisfied


def test_a_copy_made_in_python_is_the_copy_too() -> None:
    """A permanent built in Python with ``Choices(copied=...)`` (a library user's board, not a file) is the
    copy as the board file's is (CR 707.2): the same values, the same answers, the same file written."""
    from models.board import Permanent, Player
    from models.board.copies import read_copied
    from models.board.permanents import Choices
    from models.types import TypeLine

    vale = Permanent(
        id="v",
        controller="me",
        card=None,
        name="Mirror Vale",
        type_line=TypeLine.parse("Land"),
        oracle=MIRROR_TEXT,
        choices=Choices(copied=read_copied("Forest", ("copied",))),
    )
    forest = Permanent.from_dict({**FOREST, "controller": "me"})
    built = Board(version=1, active_player="me", players=(Player(id="me"),), permanents=(forest, vale))
    read = make_board([FOREST, _mirror(choices={"copied": "Forest"})])
    assert (vale.name, vale.original and vale.original.name) == ("Forest", "Mirror Vale")
    assert built.permanent("v") == read.permanent("v")
    assert could(built) == {"f": "G", "v": "G"}
    assert pay(built, PaymentTarget.of("{G}{G}")).payable is True
    assert vale.to_dict() == read.permanent("v").to_dict()
