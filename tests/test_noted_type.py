"""The last noted type (Jeweled Amulet, issue 35): "{T}, Remove a charge counter from Jeweled Amulet: Add one
mana of Jeweled Amulet's last noted type." reads the type its other ability noted, which the board gives as
``choices.noted_type`` (a type of mana: colorless too); with none given the mana is of an undefined type,
which is no mana (CR 106.5), and the answer's warnings say so.

Values are derived by hand from the rules; the random boards are checked against the reference search.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from models.board import Board
from models.cost import PaymentTarget
from models.oracle import parse_oracle
from planner.api import could_produce, max_x, pay
from planner.rules.executed import reads_noted_type, unexecuted_part
from planner.rules.reference import ReferenceLimitError, reference_search

AMULET_TEXT = (
    "{1}, {T}: Put a charge counter on Jeweled Amulet. Note the type of mana spent to pay this activation "
    "cost. Activate only if there are no charge counters on Jeweled Amulet.\n"
    "{T}, Remove a charge counter from Jeweled Amulet: Add one mana of Jeweled Amulet's last noted type."
)
AMULET = {"name": "Jeweled Amulet", "type_line": "Artifact", "mana_cost": "{0}", "oracle": AMULET_TEXT}


def _amulet(pid: str, noted: str | None, charges: int = 1) -> dict[str, Any]:
    described: dict[str, Any] = {"id": pid, "controller": "me", **AMULET}
    if noted is not None:
        described["choices"] = {"noted_type": noted}
    if charges:
        described["counters"] = {"charge": charges}
    return described


def _board(*permanents: dict[str, Any]) -> Board:
    return Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": list(permanents)})


def _forest(pid: str) -> dict[str, Any]:
    return {"id": pid, "card": "Forest", "controller": "me"}


def test_the_sentence_is_read_and_executed() -> None:
    parsed = parse_oracle(AMULET_TEXT, "Jeweled Amulet")
    (ability,) = parsed.mana_abilities  # (the first ability notes the type: no mana ability)
    assert reads_noted_type(ability) and unexecuted_part(ability) is None
    assert parsed.unsupported == ()
    assert ability.cost.remove_counter == "charge" and ability.cost.tap


def test_the_amulet_adds_its_noted_type() -> None:
    board = _board(_amulet("a", "R"), _forest("f"))
    assert str(could_produce(board)["a"]) == "R"
    assert pay(board, PaymentTarget.of("{R}{G}")).payable
    assert pay(board, PaymentTarget.of("{R}")).tapped == ("a",)
    assert pay(board, PaymentTarget.of("{R}{R}")).payable is False  # one counter, one {T}: one mana
    assert pay(board, PaymentTarget.of("{U}{G}")).payable is False
    answer = max_x(board, PaymentTarget.of("{X}{R}"))
    assert answer.payable and answer.x == 1 and answer.optimal
    assert pay(board, PaymentTarget.of("{R}")).warnings == ()


def test_colorless_is_a_type_it_may_note() -> None:
    board = _board(_amulet("a", "C"))
    assert str(could_produce(board)["a"]) == "C"
    assert pay(board, PaymentTarget.of("{C}")).payable
    assert pay(board, PaymentTarget.of("{W}")).payable is False


def test_without_a_charge_counter_it_makes_nothing() -> None:
    board = _board(_amulet("a", "R", charges=0), _forest("f"))
    assert pay(board, PaymentTarget.of("{R}")).payable is False  # its cost can't be paid
    assert max_x(board, PaymentTarget.of("{X}")).x == 1  # the Forest


def test_a_type_never_noted_is_no_mana_with_a_warning() -> None:
    board = _board(_amulet("a", None), _forest("f"))
    assert str(could_produce(board)["a"]) == ""
    answer = pay(board, PaymentTarget.of("{G}"))
    assert answer.payable
    (warning,) = answer.warnings
    assert warning.undefined and "permanents[0].choices.noted_type" in warning.reason
    assert "CR 106.5" in warning.reason
    assert pay(board, PaymentTarget.of("{1}{G}")).payable is False  # not bad input: the same answer
    assert max_x(board, PaymentTarget.of("{X}")).x == 1


def test_the_board_file_round_trips_the_noted_type() -> None:
    board = _board(_amulet("a", "u"))
    assert board.permanent("a").to_dict()["choices"] == {"noted_type": "U"}
    assert Board.from_dict(board.to_dict()) == board


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    noted=st.lists(st.sampled_from(("W", "U", "R", "G", "C", None)), min_size=1, max_size=3),
    charges=st.lists(st.integers(0, 1), min_size=3, max_size=3),
    forests=st.integers(0, 2),
    cost=st.sampled_from(("{R}", "{G}{G}", "{C}{R}", "{2}", "{1}{U}", "{W}{U}{R}")),
)
def test_against_the_reference_search(
    noted: list[str | None], charges: list[int], forests: int, cost: str
) -> None:
    permanents = [_amulet(f"a{n}", t, charges[n]) for n, t in enumerate(noted)]
    board = _board(*permanents, *(_forest(f"f{n}") for n in range(forests)))
    target = PaymentTarget.of(cost)
    try:
        reference = reference_search(board, target, max_states=20_000)
    except ReferenceLimitError:
        assume(False)
        return
    answer = pay(board, target)
    assert answer.payable is reference.payable
    assert answer.optimal
