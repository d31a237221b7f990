"""A life total that can't change (issue 35): "Your life total can't change." (Platinum Emperion's shape) and
"You can't lose life.": its player can't pay life other than 0 for any cost (CR 119.8; a life total that can't
change can't lose any, CR 119.7), so a mana ability whose cost pays life can't be activated (CR 118.3, 602.2b,
605.1a) and a Phyrexian symbol is paid with its mana (CR 107.4f). It is read as the prohibition Yasharn's
sentence gives (a :class:`~models.mana_effects.CostPaymentBan` on life). Answers are derived by hand from
those rules and checked against the exhaustive reference search.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import ME, OPP, make_board

from models.cost import PaymentTarget
from models.mana_effects import CostPaymentBan
from models.oracle import parse_oracle
from planner.api import pay
from planner.rules.reference import reference_search

EMPERION = "Your life total can't change."


def _emperor(controller: str, oracle: str = EMPERION) -> dict[str, Any]:
    """Platinum Emperion's sentence on a made-up artifact creature."""
    return {
        "id": "e",
        "name": "Test Still Emperor",
        "type_line": "Artifact Creature — Golem",
        "mana_cost": "{8}",
        "power": 8,
        "toughness": 8,
        "controller": controller,
        "oracle": oracle,
    }


#: A Horizon land's shape: its mana ability pays life.
CANOPY = {"id": "c", "name": "Test Canopy", "type_line": "Land", "oracle": "{T}, Pay 1 life: Add {G} or {W}."}
WASTES = {"id": "x", "card": "Wastes", "controller": ME}
FOREST = {"id": "f", "card": "Forest", "controller": ME}


def _agree(board: Any, cost: str) -> bool:
    """The planner's answer, checked against the reference search's (an independent exhaustive one)."""
    target = PaymentTarget.of(cost)
    answer = pay(board, target)
    assert answer.payable == reference_search(board, target, max_states=50_000).payable
    return answer.payable


@pytest.mark.parametrize(
    ("sentence", "opponents", "everyone"),
    [
        (EMPERION, False, False),
        ("You can't lose life.", False, False),
        ("Your opponents can't lose life.", True, False),
        ("Players can't lose life.", False, True),
    ],
)
def test_the_sentence_is_read_as_a_ban_on_paying_life(sentence: str, opponents: bool, everyone: bool) -> None:
    """Whose life (its controller's, its opponents', every player's); no life for spells or abilities."""
    (ban,) = parse_oracle(sentence, "Test Still Emperor").effects
    assert isinstance(ban, CostPaymentBan)
    assert (ban.opponents, ban.everyone, ban.life, ban.sacrificed) == (opponents, everyone, True, ())
    assert (ban.spells, ban.abilities) == (True, True)


def test_a_turn_s_own_effect_is_no_ban() -> None:
    """A spell's 'You can't lose life this turn.' is its effect for a turn, no permanent's (not a ban)."""
    effects = parse_oracle("You can't lose life this turn.", "Test Toy").effects
    assert not any(isinstance(effect, CostPaymentBan) for effect in effects)


@pytest.mark.parametrize(
    ("permanents", "cost", "payable"),
    [
        ([CANOPY], "{G}", False),  # the Canopy's cost pays 1 life: it can't be activated (CR 119.8, 118.3)
        ([WASTES], "{G/P}", False),  # 2 life can't pay the symbol (CR 107.4f), Wastes make no {G}
        ([FOREST], "{G/P}", True),  # the Forest's {G} pays it
        ([FOREST, CANOPY], "{G}{W}", False),  # the {W} needs the Canopy's life
    ],
)
def test_its_controller_pays_no_life(permanents: list[dict[str, Any]], cost: str, payable: bool) -> None:
    """The payer controls the Emperor: no life is paid."""
    assert _agree(make_board([*permanents, _emperor(ME)]), cost) is payable


def test_an_opponent_s_life_total_does_not_bind_the_payer() -> None:
    """'Your life total' is its controller's: an opponent's Emperor leaves the payer's life payable, and the
    Canopy and the Phyrexian symbol pay (the controls of the boards above)."""
    assert _agree(make_board([CANOPY, _emperor(OPP)]), "{G}")
    assert _agree(make_board([WASTES, _emperor(OPP)]), "{G/P}")
    assert _agree(make_board([FOREST, CANOPY, _emperor(OPP)]), "{G}{W}")


def test_a_phyrexian_symbol_pays_no_life_beside_it() -> None:
    """From a Forest, {G/P} is paid with its {G} (CR 107.4f) and no life is paid."""
    answer = pay(make_board([FOREST, _emperor(ME)]), PaymentTarget.of("{G/P}"))
    assert answer.payable and answer.life_paid == 0
