"""XMage's own tests of costs with X and additional costs (Mage.Tests ``cost/additional``: AdjusterCostTest,
BeholdTest), replayed on the planner (issue 35 item 4: the peers' truths), each answer derived from the
Comprehensive Rules in the docstring. Where a cost is not read yet, the test asserts the answer is warned,
never a silent answer, and says what the rules answer. Facts only: no XMage code or prose is copied here.
"""

from __future__ import annotations

from boards import ME
from test_xmage_keyword_costs37 import board, cast

from models.spells import find_spell, spell_of, spell_target
from planner.answer import PayResult
from planner.api import max_x, pay


def _x_toy(on_forests: int, x: int) -> PayResult:
    """AdjusterCostTest's custom enchantment of mana cost {X}{1}, cast with that X on that many Forests."""
    toy = spell_of("{X}{1}", type_line="Enchantment", text="", name="Test Card")
    return pay(board(("Forest", on_forests)), toy, player=ME, x=x)


def test_an_x_spell_pays_x_plus_one() -> None:
    """AdjusterCostTest.test_X_SpellAbility: {X}{1} with X = 2 is {3} (CR 107.3a, 601.2f): three Forests,
    all tapped; X = 3 is {4}, not paid; the largest X three Forests pay is 2 (by hand: 3 - 1)."""
    two = _x_toy(3, 2)
    assert (two.payable, two.total_cost, len(two.tapped)) == (True, "{3}", 3)
    assert _x_toy(3, 3).payable is False
    toy = spell_of("{X}{1}", type_line="Enchantment", text="", name="Test Card")
    assert max_x(board(("Forest", 3)), toy, player=ME).x == 2


def test_scorched_earths_discard_of_x_land_cards_is_warned() -> None:
    """AdjusterCostTest.test_prepareX_SpellAbility_ScorchedEarth_PayZero / PaySome / PayAll: Scorched Earth
    ({X}{R}, "As an additional cost to cast this spell, discard X land cards.") with X = 0 costs {R}, one
    Mountain; X = 2 costs {2}{R} and two land cards discarded (CR 601.2b, 601.2h); X = 10, {10}{R} and ten.
    The mana is planned; the discard of X land cards is not read yet, so each answer warns of it (with one
    Island in the hand, X = 2 is "no" by the rules: the warning says the answer did not weigh it)."""
    zero = cast(board(("Mountain", 1), hand=("Scorched Earth", "Island")), "Scorched Earth", x=0)
    assert (zero.payable, zero.total_cost) == (True, "{R}")
    hand = ("Scorched Earth", *("Island",) * 10)
    two = cast(board(("Mountain", 3), hand=hand), "Scorched Earth", x=2)
    ten = cast(board(("Mountain", 11), hand=hand), "Scorched Earth", x=10)
    assert (two.payable, two.total_cost, ten.payable, ten.total_cost) == (True, "{2}{R}", True, "{10}{R}")
    assert cast(board(("Mountain", 10), hand=hand), "Scorched Earth", x=10).payable is False
    for answer in (zero, two, ten):
        assert any("discard X land cards" in warning.sentence for warning in answer.warnings)


def test_champions_of_the_perfects_behold_is_warned() -> None:
    """BeholdTest.testBeholdFromHand / testBeholdFromBattlefield: Champions of the Perfect ({3}{G}; "As an
    additional cost to cast this spell, behold an Elf and exile it") is cast on four Forests with Llanowar
    Elves in the hand or on the battlefield (CR 601.2b, 601.2h; the Elves exiled, not tapped). Behold is not
    read yet: the answer is warned of it, never a silent one; three Forests don't pay the mana at all."""
    from_hand = board(("Forest", 4), hand=("Champions of the Perfect", "Llanowar Elves"))
    from_battlefield = board(("Forest", 4), ("Llanowar Elves", 1), hand=("Champions of the Perfect",))
    for on in (from_hand, from_battlefield):
        result = cast(on, "Champions of the Perfect")
        assert result.payable is True
        assert any("behold an Elf" in warning.sentence for warning in result.warnings)
    three = board(("Forest", 3), hand=("Champions of the Perfect", "Llanowar Elves"))
    assert cast(three, "Champions of the Perfect").payable is False
    assert str(spell_target(find_spell(three.player(ME), "Champions of the Perfect")).cost) == "{3}{G}"
