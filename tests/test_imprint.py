"""Extraplanar Lens: a triggered mana ability on lands with the same name as the card exiled with it, read
from the permanent's ``choices.imprinted`` (contract §5: without that choice the ability is reported, never
used as if anything or nothing had been exiled).

Values are derived by hand from the rules: the trigger adds one more mana of a type the land produced (CR
106.12a: only when the land's ability resolves and produced mana); random boards are checked against the
reference search.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import agrees_with_reference
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from models.abilities import ManaTrigger
from models.board import Board, Choices
from models.cost import PaymentTarget
from models.errors import InputError
from models.oracle import parse_oracle
from planner.api import could_produce, max_x, pay

LENS = {
    "name": "Extraplanar Lens",
    "type_line": "Artifact",
    "mana_cost": "{3}",
    "oracle": (
        "Imprint — When Extraplanar Lens enters, you may exile target land you control.\n"
        "Whenever a land with the same name as the exiled card is tapped for mana, its controller adds an "
        "additional one mana of any type that land produced."
    ),
}
#: The 2019 wording (before 'enters the battlefield' became 'enters' and 'adds' became 'adds an additional').
LENS_2019 = (
    "Imprint — When Extraplanar Lens enters the battlefield, you may exile target land you control.\n"
    "Whenever a land with the same name as the exiled card is tapped for mana, its controller adds one mana "
    "of any type that land produced."
)


def _board(*permanents: dict[str, Any]) -> Board:
    return Board.from_dict(
        {"version": 1, "players": [{"id": "me"}, {"id": "opp"}], "permanents": [*permanents]}
    )


def _lens(imprinted: str | None, pid: str = "lens", controller: str = "me") -> dict[str, Any]:
    entry: dict[str, Any] = {"id": pid, "controller": controller, **LENS}
    if imprinted is not None:
        entry["choices"] = {"imprinted": imprinted}
    return entry


def _mine(pid: str, card: str, **status: Any) -> dict[str, Any]:
    return {"id": pid, "card": card, "controller": "me", **status}


@pytest.mark.parametrize("oracle", [LENS["oracle"], LENS_2019])
def test_both_wordings_read_as_a_trigger_on_lands_named_as_the_exiled_card(oracle: str) -> None:
    parsed = parse_oracle(oracle, "Extraplanar Lens")
    assert parsed.unsupported == () and parsed.choices_needed == ("imprinted",)
    assert [s.read_as for s in parsed.sentences] == ["choice", "effect"]
    (trigger,) = parsed.effects
    assert isinstance(trigger, ManaTrigger)
    assert trigger.affected.named_as_imprinted and trigger.affected.types == ("Land",)
    assert trigger.to_tapper  # 'its controller adds'


def test_the_choice_is_read_and_written_back() -> None:
    choices = Choices.from_dict({"imprinted": "Gemstone Mine"})
    assert choices.imprinted == "Gemstone Mine" and choices.to_dict() == {"imprinted": "Gemstone Mine"}
    with pytest.raises(InputError, match=r"permanents\[0\]\.choices\.imprinted"):
        _board({**_lens(None), "choices": {"imprinted": 3}})


def test_a_land_with_the_exiled_card_s_name_makes_one_more_mana_of_its_type() -> None:
    board = _board(_lens("Forest"), _mine("f1", "Forest"), _mine("i1", "Island"))
    # the Forest makes {G}{G}: with the Island, {G}{G}{U} and X = 3
    assert pay(board, PaymentTarget.of("{G}{G}{U}")).payable
    assert not pay(board, PaymentTarget.of("{G}{G}{G}")).payable
    result = max_x(board, PaymentTarget.of("{X}"))
    assert result.payable and result.x == 3
    produced = {pid: str(types) for pid, types in could_produce(board, "me").items()}
    assert produced == {"lens": "", "f1": "G", "i1": "U"}
    # the name is compared as card names are: case and punctuation folded
    assert pay(_board(_lens("forest"), _mine("f1", "Forest")), PaymentTarget.of("{G}{G}")).payable


def test_other_names_get_nothing() -> None:
    board = _board(_lens("Island"), _mine("f1", "Forest"), _mine("f2", "Forest"), _mine("i1", "Island"))
    # only the Island doubles: {G}{G}{U}{U} is payable, {G}{G}{G} is not
    assert pay(board, PaymentTarget.of("{G}{G}{U}{U}")).payable
    assert not pay(board, PaymentTarget.of("{G}{G}{G}")).payable
    # a basic land type is not a name: a Tundra is a Plains Island, not an 'Island'
    tundra = _board(_lens("Island"), _mine("t1", "Tundra"))
    assert not pay(tundra, PaymentTarget.of("{U}{U}")).payable


def test_the_added_mana_is_of_a_type_the_land_produced() -> None:
    # Azorius Chancery makes {W}{U}: the trigger adds {W} or {U}, never {G}
    board = _board(_lens("Azorius Chancery"), _mine("ch", "Azorius Chancery"))
    assert pay(board, PaymentTarget.of("{W}{W}{U}")).payable
    assert pay(board, PaymentTarget.of("{W}{U}{U}")).payable
    assert not pay(board, PaymentTarget.of("{W}{U}{G}")).payable
    assert max_x(board, PaymentTarget.of("{X}")).x == 3


def test_an_opponent_s_lens_gives_the_tapping_player_the_mana() -> None:
    """'Its controller adds': the land's controller gets it, whoever controls the Lens."""
    board = _board(_lens("Forest", controller="opp"), _mine("f1", "Forest"))
    assert pay(board, PaymentTarget.of("{G}{G}")).payable


def test_without_the_choice_the_trigger_is_a_warning_and_is_not_used() -> None:
    board = _board(_lens(None), _mine("f1", "Forest"))
    result = pay(board, PaymentTarget.of("{G}"))
    assert result.payable  # the Forest alone
    (warning,) = result.warnings
    assert warning.permanent == "lens" and "choices.imprinted" in warning.reason
    assert "same name as the exiled card" in warning.sentence
    assert result.to_json()["warnings"][0]["permanent"] == "lens"
    # the trigger is not used: {G}{G} is not payable, and the answer carries the warning
    doubled = pay(board, PaymentTarget.of("{G}{G}"))
    assert not doubled.payable and doubled.warnings
    with pytest.raises(InputError, match="imprinted"):
        pay(board, PaymentTarget.of("{G}"), strict=True)


# ---------------------------------------------------------------------------------------------- the reference

_LANDS = ["Forest", "Island", "Azorius Chancery", "Tundra", "Wastes"]


@st.composite
def lens_boards(draw: st.DrawFn) -> Board:
    permanents = [_lens(draw(st.sampled_from([*_LANDS, "Plains"])))]
    if draw(st.integers(0, 3)) == 0:
        permanents.append(_lens(draw(st.sampled_from(_LANDS)), pid="lens2"))
    for number in range(draw(st.integers(1, 4))):
        permanents.append(
            _mine(f"p{number}", draw(st.sampled_from([*_LANDS, "Sol Ring", "Mana Reflection"])))
        )
    if draw(st.integers(0, 4)) == 0:
        permanents[-1]["tapped"] = True
    return _board(*permanents)


@settings(max_examples=80, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(lens_boards(), st.sampled_from(["{G}{G}", "{U}{U}{W}", "{W}{W}{W}", "{3}", "{C}{C}{U}", "{4}{U}"]))
def test_the_planner_agrees_with_the_reference_search(board: Board, cost: str) -> None:
    assume(agrees_with_reference(board, PaymentTarget.of(cost), max_states=1500) is not None)
