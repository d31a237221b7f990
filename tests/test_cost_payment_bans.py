"""A prohibition on paying a kind of cost (issue 35, probe 16): "Players can't pay life or sacrifice
nonland permanents to cast spells or activate abilities." (Yasharn, Implacable Earth) and "... sacrifice
creatures ..." (Angel of Jubilation). A cost that includes a forbidden payment can't be paid (CR 118.3),
so a mana ability with one can't be activated (CR 602.2b, 605.1a), and a Phyrexian symbol must be paid with
its mana (CR 107.4f). Answers are derived by hand from those rules and checked against the exhaustive
reference search.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import ME, OPP, make_board

from models.cost import PaymentTarget
from models.mana_effects import CostPaymentBan
from models.oracle import parse_oracle
from planner.api import pay, text_warnings
from planner.rules.reference import reference_search
from planner.rules.view import BoardView
from planner.turn import plan_turn

BAN = "Players can't pay life or sacrifice nonland permanents to cast spells or activate abilities."


def _warden(controller: str, oracle: str = BAN) -> dict[str, Any]:
    """Yasharn's prohibition on a made-up creature."""
    return {
        "id": "w",
        "name": "Test Cost Warden",
        "type_line": "Creature — Boar",
        "mana_cost": "{2}{G}{W}",
        "power": 4,
        "toughness": 4,
        "controller": controller,
        "oracle": oracle,
    }


TREASURE = {"id": "t", "card": "Treasure", "token": True, "controller": ME}
#: A Horizon land's shape: its mana ability pays life.
CANOPY = {"id": "c", "name": "Test Canopy", "type_line": "Land", "oracle": "{T}, Pay 1 life: Add {G} or {W}."}
#: A land that sacrifices itself for mana (a land may still be sacrificed beside Yasharn).
VEIN = {"id": "v", "name": "Test Vein", "type_line": "Land", "oracle": "{T}, Sacrifice ~: Add {C}{C}."}
#: Ashnod's Altar's shape: sacrifice a creature for mana.
ALTAR = {
    "id": "a",
    "name": "Test Altar",
    "type_line": "Artifact",
    "oracle": "Sacrifice a creature: Add {C}{C}.",
}
GOLEM = {
    "id": "g",
    "name": "Test Golem",
    "type_line": "Artifact Creature — Golem",
    "power": 2,
    "toughness": 2,
}


def _agree(board: Any, cost: str) -> bool:
    """The planner's answer, checked against the reference search's (an independent exhaustive one)."""
    target = PaymentTarget.of(cost)
    answer = pay(board, target)
    assert answer.payable == reference_search(board, target, max_states=50_000).payable
    return answer.payable


def test_the_prohibition_is_read_by_the_grammar() -> None:
    """Who (players, opponents, you), what (life, the sacrifice of some permanents), for what."""
    (ban,) = parse_oracle(BAN, "Test Cost Warden").effects
    assert isinstance(ban, CostPaymentBan)
    assert (ban.everyone, ban.life, ban.spells, ban.abilities) == (True, True, True, True)
    assert [f.describe() for f in ban.sacrificed] == ["nonland"]
    (angel,) = parse_oracle(BAN.replace("nonland permanents", "creatures")).effects
    assert isinstance(angel, CostPaymentBan)
    assert [f.describe() for f in angel.sacrificed] == ["creature"]
    (mine,) = parse_oracle("Your opponents can't sacrifice creatures to activate abilities.").effects
    assert isinstance(mine, CostPaymentBan)
    assert (mine.opponents, mine.life, mine.spells, mine.abilities) == (True, False, False, True)
    for text in ("You can't sacrifice ~.", "Target player can't pay life to cast spells this turn."):
        assert not any(type(e).__name__ == "CostPaymentBan" for e in parse_oracle(text, "Test Toy").effects)


@pytest.mark.parametrize("controller", [ME, OPP])
@pytest.mark.parametrize(
    ("permanents", "cost", "payable"),
    [
        ([TREASURE], "{R}", False),  # the Treasure sacrifices itself, a nonland permanent (CR 118.3)
        ([{"id": "lp", "card": "Lotus Petal", "controller": ME}], "{U}", False),  # the same
        ([CANOPY], "{G}", False),  # paying life to activate is forbidden
        ([VEIN], "{2}", True),  # a land may still be sacrificed
        ([ALTAR, GOLEM], "{2}", False),  # the Golem is a nonland permanent
        ([{"id": "f", "card": "Forest", "controller": ME}, TREASURE], "{G}{R}", False),
        ([{"id": "f", "card": "Forest", "controller": ME}, TREASURE], "{G}", True),
    ],
)
def test_mana_abilities_whose_costs_are_forbidden_can_t_be_activated(
    controller: str, permanents: list[dict[str, Any]], cost: str, payable: bool
) -> None:
    """'Players': whoever controls the prohibition, it binds the payer."""
    board = make_board([*permanents, _warden(controller)])
    assert _agree(board, cost) is payable


def test_without_the_prohibition_the_same_boards_pay() -> None:
    """The control: each board above pays without the warden (the Treasure, the Canopy, the Altar)."""
    controls: tuple[tuple[list[dict[str, Any]], str], ...] = (
        ([TREASURE], "{R}"),
        ([CANOPY], "{G}"),
        ([ALTAR, GOLEM], "{2}"),
    )
    for permanents, cost in controls:
        assert _agree(make_board(permanents), cost)


def test_a_sacrifice_of_creatures_only_forbids_creatures() -> None:
    """Angel of Jubilation's shape: a Treasure is no creature (it pays), a creature for the Altar is."""
    angel = _warden(OPP, BAN.replace("nonland permanents", "creatures"))
    assert _agree(make_board([TREASURE, angel]), "{R}")
    assert not _agree(make_board([ALTAR, GOLEM, angel]), "{2}")


def test_a_prohibition_on_opponents_does_not_bind_its_controller() -> None:
    """'Your opponents can't ...': its controller's Treasure pays, an opponent's would not."""
    board = make_board(
        [TREASURE, _warden(ME, "Your opponents can't sacrifice artifacts to activate abilities.")]
    )
    assert _agree(board, "{R}")
    assert not _agree(make_board([TREASURE, _warden(OPP, board.permanent("w").oracle)]), "{R}")


def test_a_phyrexian_symbol_is_paid_with_mana() -> None:
    """{G/P} from Wastes: 2 life can't be paid (CR 107.4f, 118.3), no green mana: "no"; from a Forest, the
    Forest's {G} pays it and no life is paid."""
    wastes = {"id": "x", "card": "Wastes", "controller": ME}
    assert not _agree(make_board([wastes, _warden(OPP)]), "{G/P}")
    forest = {"id": "f", "card": "Forest", "controller": ME}
    answer = pay(make_board([forest, _warden(OPP)]), PaymentTarget.of("{G/P}"))
    assert answer.payable and answer.life_paid == 0
    assert _agree(make_board([wastes]), "{G/P}")  # (the control: 2 life pays it)


def test_what_could_be_produced_ignores_costs() -> None:
    """CR 106.7: what a permanent could produce ignores whether its costs could be paid: the Treasure still
    could produce any color though its ability can't be activated."""
    view = BoardView(make_board([TREASURE, _warden(OPP)]))
    assert view.mana_abilities("t") == ()
    assert [a.text for a in view.characteristics("t").idle] == [
        "{T}, Sacrifice this token: Add one mana of any color."
    ]


def test_the_prohibition_is_followed_everywhere_so_nothing_is_warned() -> None:
    """A spell's additional and alternative costs follow it too (tests/test_spell_cost_payment_bans.py): the
    warden's sentence is executed, no warning names it."""
    board = make_board([TREASURE, _warden(OPP)])
    assert not text_warnings(board)
    assert not pay(board, PaymentTarget.of("{R}")).warnings


def test_a_fetchland_whose_life_can_t_be_paid_finds_nothing() -> None:
    """A Mountain and a fetchland in hand: cracking it needs 1 life, which can't be paid (CR 118.3), so
    the turn can't make {R}{R} for the Test Goblin: "no"; without the warden it can: "yes"."""
    foothills = {
        "name": "Test Foothills",
        "type_line": "Land",
        "oracle": "{T}, Pay 1 life, Sacrifice ~: Search your library for a Mountain card, put it onto the "
        "battlefield, then shuffle.",
    }
    goblin = {"name": "Test Goblin", "type_line": "Creature — Goblin", "mana_cost": "{R}{R}"}
    mountain = {"id": "m", "card": "Mountain", "controller": ME}
    with_warden = make_board([mountain, _warden(OPP)], hand=[foothills, goblin])
    assert plan_turn(with_warden, casts=["Test Goblin"]).castable is False
    assert plan_turn(make_board([mountain], hand=[foothills, goblin]), casts=["Test Goblin"]).castable is True
