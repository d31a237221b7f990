"""Type-changing text found by reading real cards (the differential search's report): Realmwright's "Lands you
control are the chosen type in addition to their other types" gives each of its controller's lands the
chosen basic land type and so its mana ability (CR 305.6, 305.7, layer 4); permanents made artifacts or
enchantments (Mycosynth Lattice, Enchanted Evening) count as such (layer 4); a chosen creature type (Arcane
Adaptation) is not modelled: that sentence is reported, never ignored in silence (permanents made creatures,
Opalescence, are read: tests/test_ability_loss.py). Oracle text is given inline."""

from __future__ import annotations

from typing import Any

import pytest
from boards import OPP, agrees_with_reference, make_board

from models.cost import PaymentTarget
from planner import could_produce, max_x, pay

REALMWRIGHT = {
    "name": "Realmwright",
    "type_line": "Creature — Vedalken Wizard",
    "oracle": "As Realmwright enters, choose a basic land type.\nLands you control are the chosen type in "
    "addition to their other types.",
}


def _realmwright(controller: str = "me", chosen: str | None = "Island") -> dict[str, Any]:
    choices = {"choices": {"basic_land_type": chosen}} if chosen else {}
    return {"id": f"realm-{controller}", "controller": controller, **REALMWRIGHT, **choices}


def _land(pid: str, card: str, controller: str = "me") -> dict[str, Any]:
    return {"id": pid, "card": card, "controller": controller}


def test_my_lands_are_also_the_chosen_type() -> None:
    """With Island chosen, a Mountain is also an Island: it could produce {U} or {R}, and pays {U}{R} with
    another Mountain; an opponent's land is not mine, and stays as it is."""
    board = make_board(
        [_realmwright(), _land("m1", "Mountain"), _land("m2", "Mountain"), _land("f", "Forest", OPP)]
    )
    produced = {pid: str(types) for pid, types in could_produce(board).items()}
    assert produced["m1"] == "UR" and produced["f"] == "G"
    result = pay(board, PaymentTarget.of("{U}{R}"))
    assert result.payable and not result.warnings
    assert not pay(board, PaymentTarget.of("{G}")).payable


def test_an_opponent_s_realmwright_changes_only_their_lands() -> None:
    board = make_board([_realmwright(OPP), _land("m1", "Mountain"), _land("f", "Forest", OPP)])
    assert not pay(board, PaymentTarget.of("{U}")).payable
    assert str(could_produce(board)["f"]) == "UG"


def test_without_the_choice_the_effect_is_reported_and_not_used() -> None:
    board = make_board([_realmwright(chosen=None), _land("m1", "Mountain")])
    result = pay(board, PaymentTarget.of("{U}"))
    assert result.payable is False
    (warning,) = result.warnings
    assert warning.reason.startswith("permanents[0].choices.basic_land_type: ")
    assert "chosen type" in warning.sentence


@pytest.mark.parametrize("cost", ["{U}{U}", "{U}{R}", "{W}{U}", "{2}{U}", "{U}{U}{U}"])
def test_realmwright_agrees_with_the_reference_search(cost: str) -> None:
    board = make_board(
        [
            _realmwright(),
            _land("m1", "Mountain"),
            _land("p1", "Plains"),
            _land("t", "Tundra"),
            {"id": "sol", "card": "Sol Ring", "controller": "me"},
        ]
    )
    assert agrees_with_reference(board, PaymentTarget.of(cost), max_states=20_000) is not None


LATTICE = {
    "name": "Mycosynth Lattice",
    "type_line": "Artifact",
    "oracle": "All permanents are artifacts in addition to their other types.\nAll cards that aren't on the "
    "battlefield, spells, and permanents are colorless.\nPlayers may spend mana as though it were mana of "
    "any color.",
}
EVENING = {
    "name": "Enchanted Evening",
    "type_line": "Enchantment",
    "oracle": "All permanents are enchantments in addition to their other types.",
}


def test_permanents_made_artifacts_count_as_artifacts() -> None:
    """Under Mycosynth Lattice every permanent is an artifact (layer 4): Tolarian Academy counts the Lattice,
    itself and both lands, so it makes four mana (one without the Lattice's first sentence)."""
    board = make_board(
        [
            {"id": "lattice", "controller": "me", **LATTICE},
            _land("academy", "Tolarian Academy"),
            _land("f", "Forest"),
            _land("i", "Island"),
            _land("theirs", "Forest", OPP),  # (the Academy counts artifacts its controller controls)
        ]
    )
    assert max_x(board, PaymentTarget.of("{X}")).x == 4 + 2
    assert pay(board, PaymentTarget.of("{U}{U}{U}{U}{G}{U}")).payable


def test_permanents_made_enchantments_count_as_enchantments() -> None:
    """Enchanted Evening: Serra's Sanctum counts every permanent of its controller, itself included."""
    board = make_board(
        [
            {"id": "evening", "controller": "me", **EVENING},
            _land("sanctum", "Serra's Sanctum"),
            {"id": "sol", "card": "Sol Ring", "controller": "me"},
        ]
    )
    assert pay(board, PaymentTarget.of("{W}{W}{W}")).payable
    assert not pay(board, PaymentTarget.of("{W}{W}{W}{W}")).payable
    assert agrees_with_reference(board, PaymentTarget.of("{W}{W}{W}{C}"), max_states=20_000) is not None


# (Arcane Adaptation's 'Creatures you control are the chosen type ...': tests/test_lands_made_creatures.py)
