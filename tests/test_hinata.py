"""Hinata, Dawn-Crowned's "Spells you cast cost {1} less to cast for each target." and "Spells your opponents
cast cost {1} more to cast for each target." (issue 35). The targets are chosen before the total cost is
locked in (CR 601.2c, 601.2f), so the change counts the spell's targets: each instance of the word "target"
(CR 115.1), from the spell's text when it says so plainly (:func:`models.spell_targets.printed_targets`), else
as the question gives it (``targets``, ``--targets``), else none with a warning. Only the generic part is
reduced (CR 601.2f, 118.7).

Each answer is worked out by hand first and checked against the reference search paying the total cost so
worked out (:func:`boards.checked_verdict`); the cards are small fixtures written here.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from boards import ME, OPP, card, checked_verdict, custom, make_board

from models.board import Board
from models.cost import PaymentTarget
from models.mana_effects import CostModifier
from models.oracle import parse_oracle
from models.spell_targets import printed_targets
from models.spells import find_spell, spell_target
from models.types import TypeLine
from planner.api import max_x, pay

HINATA = (
    "Flying, trample\nSpells you cast cost {1} less to cast for each target.\n"
    "Spells your opponents cast cost {1} more to cast for each target."
)
BOLT = {"name": "Test Bolt", "type_line": "Instant", "oracle": "Test Bolt deals 3 damage to any target.",
        "mana_cost": "{1}{R}"}  # fmt: skip
TWO = {"name": "Test Twin", "type_line": "Instant", "mana_cost": "{2}{R}",
       "oracle": "Tap two target creatures. Test Twin deals 1 damage to target player."}  # fmt: skip
RED_TWO = {**TWO, "name": "Test Red Twin", "mana_cost": "{R}{R}"}
UP_TO = {"name": "Test Up", "type_line": "Sorcery", "mana_cost": "{2}{R}",
         "oracle": "Up to two target creatures each get +1/+0 until end of turn."}  # fmt: skip
BLAST = {"name": "Test Blast", "type_line": "Sorcery", "mana_cost": "{X}{R}",
         "oracle": "Test Blast deals X damage to any target."}  # fmt: skip


def hinata(controller: str = ME) -> dict[str, Any]:
    return custom(
        "Hinata", "h", "Legendary Creature — Kirin Spirit", HINATA, controller=controller, power=4,
        toughness=4, mana_cost="{1}{U}{R}{W}",
    )  # fmt: skip


def mountains(count: int) -> list[dict[str, Any]]:
    return [card("Mountain", f"m{n}") for n in range(count)]


def cast(board: Board, name: str) -> PaymentTarget:
    return spell_target(find_spell(board.player(ME), name))


def test_hinata_is_read_as_two_changes_for_each_target() -> None:
    read = parse_oracle(HINATA, "Hinata, Dawn-Crowned")
    less, more = read.effects
    assert isinstance(less, CostModifier) and isinstance(more, CostModifier)
    assert (less.per_target, less.generic_delta, more.per_target, more.generic_delta) == (True, -1, True, 1)
    assert not read.unsupported


def test_the_targets_a_spells_text_says() -> None:
    instant = TypeLine.parse("Instant")
    assert printed_targets(BOLT["oracle"], instant) == 1
    assert printed_targets(TWO["oracle"], instant) == 3
    assert printed_targets(UP_TO["oracle"], TypeLine.parse("Sorcery")) is None
    assert printed_targets("Counter target spell. You may choose new targets for the copy.", instant) is None
    assert printed_targets("Choose one —\n• Destroy target artifact.\n• Draw a card.", instant) is None
    assert printed_targets("Change the target of target spell with a single target.", instant) == 1
    aura = TypeLine.parse("Enchantment — Aura")
    assert printed_targets("Enchant land\nEnchanted land has '{T}: Add {G}.'", aura) == 1


def test_my_hinata_takes_one_off_a_bolt() -> None:
    """One target: {1}{R} less {1} is {R}, which a Mountain pays (without Hinata it doesn't)."""
    board = make_board([hinata(), *mountains(1)], hand=[BOLT])
    result = pay(board, cast(board, "Test Bolt"))
    assert result.payable and result.total_cost == "{R}" and not result.warnings
    assert checked_verdict(board, "{R}") and not checked_verdict(board, "{1}{R}")
    alone = make_board(mountains(1), hand=[BOLT])
    assert not pay(alone, cast(alone, "Test Bolt")).payable


def test_an_opponents_hinata_adds_one() -> None:
    """CR 601.2f: {1}{R} and {1} more is {2}{R}: two Mountains don't pay it, three do."""
    two = make_board([hinata(OPP), *mountains(2)], hand=[BOLT])
    assert not pay(two, cast(two, "Test Bolt")).payable
    assert not checked_verdict(two, "{2}{R}")
    three = make_board([hinata(OPP), *mountains(3)], hand=[BOLT])
    result = pay(three, cast(three, "Test Bolt"))
    assert result.payable and result.total_cost == "{2}{R}"
    assert checked_verdict(three, "{2}{R}")


def test_three_targets_take_three_but_only_generic_mana() -> None:
    """Three targets: {2}{R} less {3} is {R} (the generic part goes, no more: CR 118.7); {R}{R} stays {R}{R}
    (the change reduces no colored mana), which one Mountain can't pay."""
    board = make_board([hinata(), *mountains(1)], hand=[TWO, RED_TWO])
    result = pay(board, cast(board, "Test Twin"))
    assert result.payable and result.total_cost == "{R}"
    red = pay(board, cast(board, "Test Red Twin"))
    assert not red.payable and red.total_cost == "{R}{R}"
    assert not checked_verdict(board, "{R}{R}")


def test_a_number_the_caster_chooses_is_given_or_warned() -> None:
    """'Up to two target creatures': the number is the caster's choice (CR 601.2c); given as 2, {2}{R} less
    {2} is {R}; not given, none is counted ({2}{R}) and a warning says so."""
    board = make_board([hinata(), *mountains(1)], hand=[UP_TO])
    target = cast(board, "Test Up")
    unknown = pay(board, target)
    assert not unknown.payable and any("number of targets" in w.reason for w in unknown.warnings)
    given = pay(board, replace(target, targets=2))
    assert given.payable and given.total_cost == "{R}" and not given.warnings
    assert pay(board, replace(target, targets=0)).total_cost == "{2}{R}"


def test_max_x_with_hinata() -> None:
    """{X}{R} with one target: X = 2 from two Mountains ({2}{R} less {1} is {1}{R}); X = 3 leaves {2}{R}."""
    board = make_board([hinata(), *mountains(2)], hand=[BLAST])
    assert max_x(board, cast(board, "Test Blast")).x == 2
    assert checked_verdict(board, "{1}{R}") and not checked_verdict(board, "{2}{R}")


def test_an_ability_is_no_spell() -> None:
    """Hinata changes spells' costs only: an ability's {1}{R} stays {1}{R}."""
    board = make_board([hinata(), *mountains(1)])
    ability = replace(PaymentTarget.of("{1}{R}", kind="ability"), targets=1)
    assert not pay(board, ability).payable
