"""CR 118.7's colored reductions, from the rules text and real cards: a reduction of a colored or colorless
symbol takes that symbol off; what the cost lacks of it comes off the generic part (118.7b-d), unless the
card says it "reduces only the amount of colored mana you pay" (Edgewalker, Morophon); a generic reduction
never touches colored mana (118.7a)."""

from __future__ import annotations

from typing import Any

import pytest

from models.board import Board
from models.cost import PaymentTarget
from models.errors import InputError
from models.mana_effects import CostModifier
from models.oracle import parse_oracle
from planner.api import pay
from planner.rules.view import BoardView, locked_in

_ONLY = "This effect reduces only the amount of colored mana you pay."
EDGEWALKER = {
    "id": "edge",
    "name": "Edgewalker",
    "type_line": "Creature — Human Cleric",
    "mana_cost": "{1}{W}{B}",
    "oracle": f"Cleric spells you cast cost {{W}}{{B}} less to cast. {_ONLY}",
}
MOROPHON = {
    "id": "moro",
    "name": "Morophon, the Boundless",
    "type_line": "Legendary Creature — Shapeshifter",
    "mana_cost": "{7}",
    "choices": {"creature_type": "Elf"},
    "oracle": "Changeling\nAs Morophon enters, choose a creature type.\n"
    f"Spells of the chosen type you cast cost {{W}}{{U}}{{B}}{{R}}{{G}} less to cast. {_ONLY}\n"
    "Other creatures you control of the chosen type get +1/+1.",
}
#: A colored reduction without the rider (118.7b-c apply): "costs {G} less".
VERDANT = {
    "id": "gem",
    "name": "Verdant Gem",
    "type_line": "Artifact",
    "oracle": "Creature spells you cast cost {G} less to cast.",
}


def _total(cost: str, type_line: str, *permanents: dict[str, Any], controller: str = "me") -> str:
    board = Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me"}, {"id": "opp"}],
            "permanents": [{**p, "controller": controller} for p in permanents],
        }
    )
    return str(locked_in(BoardView(board), PaymentTarget.of(cost, type_line=type_line), "me").cost)


@pytest.mark.parametrize(
    ("cost", "total"),
    [("{3}{W}", "{3}"), ("{1}{B}{B}", "{1}{B}"), ("{W}{B}", "{0}"), ("{2}", "{2}"), ("{W}{W}{B}", "{W}")],
)
def test_edgewalker_reduces_only_the_white_and_black_its_cleric_spells_ask_for(cost: str, total: str) -> None:
    """'This effect reduces only the amount of colored mana you pay': a {2} Cleric costs {2}."""
    assert _total(cost, "Creature — Human Cleric", EDGEWALKER) == total
    assert _total(cost, "Creature — Elf Druid", EDGEWALKER) == cost  # not a Cleric
    assert _total(cost, "Creature — Human Cleric", EDGEWALKER, controller="opp") == cost  # 'you cast'


@pytest.mark.parametrize(
    ("cost", "total"),
    [("{4}{G}{G}", "{4}{G}"), ("{G}", "{0}"), ("{3}", "{3}"), ("{1}{W}{U}{B}{R}{G}", "{1}")],
)
def test_morophon_reduces_one_of_each_color_of_spells_of_the_chosen_type(cost: str, total: str) -> None:
    assert _total(cost, "Creature — Elf Warrior", MOROPHON) == total
    assert _total(cost, "Creature — Goblin", MOROPHON) == cost


def test_morophon_without_its_chosen_type_reduces_nothing_and_says_so() -> None:
    """A creature type never chosen is a type no spell has (contract section 10, CR 106.5's spirit): the
    reduction reduces nothing, and the warnings name the missing choice; it is not bad input."""
    from planner.api import text_warnings

    chooser = {**MOROPHON, "choices": {}}
    assert _total("{G}", "Creature — Elf", chooser) == "{G}"
    board = Board.from_dict(
        {"version": 1, "players": [{"id": "me"}], "permanents": [{**chooser, "controller": "me"}]}
    )
    assert any("choices.creature_type" in w.reason for w in text_warnings(board))


@pytest.mark.parametrize(
    ("cost", "total"), [("{2}{G}", "{2}"), ("{2}", "{1}"), ("{G}{G}", "{G}"), ("{U}", "{U}")]
)
def test_a_colored_reduction_the_cost_lacks_reduces_generic_mana(cost: str, total: str) -> None:
    """118.7b: a {G} reduction of a cost without {G} reduces {1}; it never reduces another color (118.7a's
    counterpart: {U} stays)."""
    assert _total(cost, "Creature — Bear", VERDANT) == total


def test_generic_reductions_still_never_reduce_colored_mana() -> None:
    medallion = {
        "id": "rm",
        "name": "Ruby Medallion",
        "type_line": "Artifact",
        "oracle": "Red spells you cast cost {1} less to cast.",
    }
    assert _total("{R}{R}", "Instant", medallion) == "{R}{R}"
    assert _total("{1}{R}", "Creature — Goblin", medallion, VERDANT) == "{R}"


def test_a_colored_reduction_of_a_hybrid_symbol_is_refused_not_ignored() -> None:
    with pytest.raises(InputError, match=r"permanents\[0\]\.oracle: .*hybrid or Phyrexian \{W\}"):
        _total("{2}{W/B}", "Creature — Cleric", EDGEWALKER)


def test_the_rider_is_read_with_its_reduction_and_alone_it_is_unsupported() -> None:
    parsed = parse_oracle(EDGEWALKER["oracle"], "Edgewalker")
    assert parsed.unsupported == ()
    assert [s.read_as for s in parsed.sentences] == ["effect", "effect"]
    alone = parse_oracle(_ONLY, "Odd")
    assert alone.unsupported == (_ONLY,)
    # an increase of colored mana is read as one (Derelor, test_unseen9_families), and the rider after it is
    # not understood; one for each object is not either: reported, never ignored
    more = parse_oracle("Spells cost {B} more to cast.", "Odd")
    assert more.unsupported == ()
    assert [isinstance(e, CostModifier) and e.colored_more for e in more.effects] == [True]
    assert parse_oracle(f"Spells cost {{B}} more to cast.\n{_ONLY}", "Odd").unsupported == (_ONLY,)
    each = "Spells cost {B} more to cast for each artifact you control."
    assert parse_oracle(each, "Odd").unsupported == (each,)


def test_paying_a_cleric_with_edgewalker() -> None:
    """A {3}{W} Cleric costs {3}: three Swamps pay it; a {2} Cleric still needs two mana."""
    board = Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me"}],
            "permanents": [
                {**EDGEWALKER, "controller": "me"},
                *({"id": f"s{n}", "card": "Swamp", "controller": "me"} for n in range(3)),
            ],
        }
    )
    result = pay(board, PaymentTarget.of("{3}{W}", type_line="Creature — Human Cleric"))
    assert result.payable and result.total_cost == "{3}" and len(result.tapped) == 3
    cheap = pay(board, PaymentTarget.of("{2}", type_line="Creature — Human Cleric"))
    assert cheap.total_cost == "{2}" and len(cheap.tapped) == 2
