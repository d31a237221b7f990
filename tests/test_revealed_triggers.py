"""What a permanent has once a cost took away the source of an effect on it (CR 611.3a): an ability only
several removals give back together (two Magus of the Moon), its triggers on tapping (City of Brass's
damage) and what the others make after the payment.

Magus of the Moon makes Urborg and City of Brass Mountains (CR 305.7: they lose their own abilities). Once
Ashnod's Altar sacrifices the Magus, Urborg makes every land a Swamp again and City of Brass deals 1 damage
when it becomes tapped. Paying {B} then taps Urborg, not City of Brass: no damage (the least life, level 5
of the objective), which the reference search finds; the model had counted City's damage on the board with
the Magus, where City has no trigger, and claimed a plan taking 1 damage optimal.
"""

from __future__ import annotations

from boards import agrees_with_reference, card, make_board

from models.cost import PaymentTarget
from models.mana import ManaTypes
from planner.api import pay
from planner.describe import still_open

MOON_BOARD = [
    card("Urborg, Tomb of Yawgmoth", "urborg"),
    card("City of Brass", "city"),
    card("Magus of the Moon", "magus"),
    card("Ashnod's Altar", "altar"),
]


def test_a_trigger_given_back_counts_on_the_board_without_its_remover() -> None:
    board = make_board(MOON_BOARD)
    result = agrees_with_reference(board, PaymentTarget.of("{B}"), max_states=200_000)
    assert result is not None and result.plan is not None
    assert result.damage_taken == 0
    assert "magus" in result.sacrificed and "urborg" in result.tapped


def test_the_damage_is_taken_where_only_city_can_pay() -> None:
    # (Urborg tapped for {B} too: the second {B} is City's, 1 damage after the Magus is gone)
    board = make_board(MOON_BOARD)
    result = agrees_with_reference(board, PaymentTarget.of("{B}{B}"), max_states=200_000)
    assert result is not None and result.damage_taken == 1


def test_what_is_still_open_is_what_the_board_left_makes() -> None:
    board = make_board(MOON_BOARD)
    result = pay(board, PaymentTarget.of("{B}"))
    # City of Brass, no longer a Mountain once the Magus is sacrificed, makes any color (and Urborg's
    # Swamp type: {B}), not the {R} it made under the Magus
    assert still_open(board, "me", result) == {"city": ManaTypes.parse("WUBRG")}


def test_with_the_magus_kept_the_lands_stay_mountains() -> None:
    board = make_board(MOON_BOARD)
    result = pay(board, PaymentTarget.of("{R}"))
    assert result.payable and not result.sacrificed
    assert set(still_open(board, "me", result).values()) == {ManaTypes.parse("R"), ManaTypes.parse("C")}


def _moons(count: int, *, blood_moon: bool = False) -> list[dict[str, object]]:
    moons = [card("Magus of the Moon", f"m{i}") for i in range(count)]
    moon = [card("Blood Moon", "moon")] if blood_moon else []
    return [*moons, *moon, card("Phyrexian Altar", "altar"), card("Boros Garrison", "garrison")]


def test_an_ability_two_removals_give_back_together() -> None:
    # each Magus sacrificed to the Altar for one mana of any color; with both gone, Boros Garrison is no
    # Mountain and taps for {R}{W}: four mana, where either Magus left keeps it a Mountain ({R})
    board = make_board(_moons(2))
    for cost, payable in (("{R}{R}{W}{W}", True), ("{1}{R}{W}{W}", True), ("{R}{R}{W}{W}{W}", False)):
        result = agrees_with_reference(board, PaymentTarget.of(cost), max_states=200_000)
        assert result is not None and result.payable is payable, cost


def test_three_removals_together() -> None:
    board = make_board(_moons(3))
    for cost, payable in (("{R}{R}{W}{W}{W}", True), ("{R}{R}{R}{W}{W}{W}", False)):
        result = agrees_with_reference(board, PaymentTarget.of(cost), max_states=400_000)
        assert result is not None and result.payable is payable, cost


def test_an_effect_no_cost_removes_keeps_it_away() -> None:
    # Blood Moon stays: the Garrison stays a Mountain whatever the Altar sacrifices
    board = make_board(_moons(2, blood_moon=True))
    result = agrees_with_reference(board, PaymentTarget.of("{R}{R}{W}"), max_states=200_000)
    assert result is not None and result.payable is True
    result = agrees_with_reference(board, PaymentTarget.of("{R}{R}{W}{W}"), max_states=200_000)
    assert result is not None and result.payable is False
