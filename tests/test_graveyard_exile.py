"""'Exile a card from your graveyard' as a mana ability's cost (Titans' Nest, Rubble Rouser): each activation
takes one card of its controller's graveyard (a list or a count), delve shares the same cards, and a board
where the payment may put cards into that graveyard, or where an ability reads it, sets the ability aside
with a warning naming what stops it.

Values are derived by hand from the rules; the random boards are checked against the reference search.
"""

from __future__ import annotations

from typing import Any

from boards import agrees_with_reference, graveyard_board, mine
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from models.board import Board
from models.cost import PaymentTarget
from models.oracle import parse_oracle
from planner.api import could_produce, max_x, pay
from planner.rules.executed import unexecuted_part

NEST = {
    "name": "Titans' Nest",
    "type_line": "Enchantment",
    "oracle": "Exile a card from your graveyard: Add {C}. Spend this mana only to cast a colored spell "
    "without {X} in its mana cost.",
}
ROUSER = {
    "name": "Rubble Rouser",
    "type_line": "Creature — Dwarf",
    "oracle": "{T}, Exile a card from your graveyard: Add {R}. When you do, this creature deals 1 damage to "
    "each opponent.",
}
ELDER = {"name": "Elder", "type_line": "Creature — Snake", "oracle": "Sacrifice this creature: Add {G}."}
PLAIN_NEST = {"name": "Pit", "type_line": "Artifact", "oracle": "Exile a card from your graveyard: Add {C}."}


def test_the_cost_is_read_and_executed() -> None:
    for text in (NEST["oracle"], ROUSER["oracle"]):
        (ability,) = parse_oracle(text).mana_abilities
        assert unexecuted_part(ability) is None
    (filtered,) = parse_oracle("{T}, Exile a creature card from your graveyard: Add {G}.").mana_abilities
    assert "only 'a card'" in (unexecuted_part(filtered) or "")


def test_each_card_in_the_graveyard_pays_one_activation() -> None:
    # two cards in the graveyard, a Forest: {C}{C}{G} at most
    board = graveyard_board(mine("pit", PLAIN_NEST), mine("f", "Forest"), graveyard=2)
    assert pay(board, PaymentTarget.of("{2}{G}")).payable
    assert not pay(board, PaymentTarget.of("{3}{G}")).payable
    assert max_x(board, PaymentTarget.of("{X}")).x == 3
    assert max_x(board, PaymentTarget.of("{X}{G}")).x == 2
    # could produce ignores whether the cost can be paid (CR 106.7): an empty graveyard still says C
    assert str(could_produce(graveyard_board(mine("pit", PLAIN_NEST), graveyard=0))["pit"]) == "C"
    assert not pay(graveyard_board(mine("pit", PLAIN_NEST), graveyard=0), PaymentTarget.of("{1}")).payable


def test_a_graveyard_given_as_cards_is_exiled_from_too() -> None:
    board = graveyard_board(mine("pit", PLAIN_NEST), graveyard=["Forest", "Lightning Bolt", "Island"])
    assert max_x(board, PaymentTarget.of("{X}")).x == 3


def test_titans_nest_pays_only_a_colored_spell_without_x() -> None:
    board = graveyard_board(mine("nest", NEST), mine("m", "Mountain"), graveyard=3)
    assert pay(board, PaymentTarget.of("{2}{R}", type_line="Creature — Goblin", colors="R")).payable
    assert not pay(board, PaymentTarget.of("{2}", type_line="Artifact")).payable


def test_rubble_rouser_taps_once_and_hurts_each_opponent() -> None:
    board = graveyard_board(mine("r", ROUSER), graveyard=5)
    assert pay(board, PaymentTarget.of("{R}")).payable
    assert not pay(board, PaymentTarget.of("{R}{R}")).payable


def test_delve_shares_the_graveyard_with_the_cost() -> None:
    # three cards: the Pit exiles one for {C}, delve the other two for {2}; {4} needs one card too many
    board = graveyard_board(mine("pit", PLAIN_NEST), graveyard=3)
    assert pay(board, PaymentTarget.of("{3}", delve=True)).payable
    assert not pay(board, PaymentTarget.of("{4}", delve=True)).payable


def test_boards_that_cannot_be_planned_exactly_set_it_aside_with_a_warning() -> None:
    unknown = pay(
        graveyard_board(mine("pit", PLAIN_NEST), mine("f", "Forest"), graveyard=None), PaymentTarget.of("{G}")
    )
    assert unknown.payable and any("players[0].graveyard" in str(w) for w in unknown.warnings)
    # a sacrifice of a card puts it into the graveyard mid-payment: that order is not followed yet
    elder = graveyard_board(mine("pit", PLAIN_NEST), mine("s", ELDER), mine("f", "Forest"), graveyard=1)
    answer = pay(elder, PaymentTarget.of("{G}"))
    assert answer.payable and any("permanents[1]" in str(w) for w in answer.warnings)
    # an ability that reads the graveyard's cards: which ones are exiled would matter
    crypt = {
        "name": "Crypt",
        "type_line": "Land",
        "oracle": "{T}: Add {B} for each creature card in your graveyard.",
    }
    read = graveyard_board(mine("pit", PLAIN_NEST), mine("c", crypt), graveyard=["Llanowar Elves", "Forest"])
    answer = pay(read, PaymentTarget.of("{B}"))
    assert answer.payable and any("permanents[1]" in str(w) and "pit" in str(w) for w in answer.warnings)
    assert not pay(read, PaymentTarget.of("{1}{B}")).payable


# ---------------------------------------------------------------------------------------------- the reference

_CARDS: list[str | dict[str, Any]] = ["Forest", "Mountain", "Sol Ring", PLAIN_NEST, ROUSER, NEST]
_COSTS = ["{1}", "{2}", "{R}", "{1}{R}", "{2}{R}", "{3}", "{C}{C}"]


@st.composite
def graveyard_boards(draw: st.DrawFn) -> Board:
    """1 to 3 permanents for 'me', with a graveyard-exiling one most often, and 0 to 3 graveyard cards."""
    permanents = [mine(f"p{n}", draw(st.sampled_from(_CARDS))) for n in range(draw(st.integers(1, 3)))]
    if draw(st.integers(0, 3)) > 0:
        permanents.append(mine("x", draw(st.sampled_from([PLAIN_NEST, ROUSER]))))
    return graveyard_board(*permanents, graveyard=draw(st.integers(0, 3)))


@st.composite
def targets(draw: st.DrawFn) -> PaymentTarget:
    delve = draw(st.booleans())
    return PaymentTarget.of(
        draw(st.sampled_from(_COSTS)), type_line="Creature — Goblin", colors="R", delve=delve
    )


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(graveyard_boards(), targets())
def test_the_planner_agrees_with_the_reference_search(board: Board, target: PaymentTarget) -> None:
    assume(agrees_with_reference(board, target, max_states=1500) is not None)
