"""'Mana abilities of <permanents> cost an additional N life to activate.' (Thran Portal's own): each
activation's total cost has that much more life in it (CR 602.2b by way of 601.2f), paid with the rest and
never beyond the life total (CR 119.4), and not at all where life can't be paid (CR 118.3 with a ban on
paying life). Our own cards; each verdict is checked against the reference search, which activates
abilities one at a time (:func:`boards.checked_verdict`).
"""

from __future__ import annotations

from boards import checked_verdict, custom, largest_x, make_board

from models.board import Board
from models.cost import PaymentTarget
from planner.api import pay

TOLL_GROVE = custom(
    "Toll Grove",
    "grove",
    "Land",
    "{T}: Add {G}.\n{T}: Add {R}.\nMana abilities of Toll Grove cost an additional 1 life to activate.",
)
#: lands you control: every land's mana ability, granted or printed, costs 2 life more
TOLL_KEEPER = custom(
    "Toll Keeper",
    "keeper",
    "Creature — Human",
    "Mana abilities of lands you control cost an additional 2 life to activate.",
    power=1,
    toughness=1,
)


def _forests(count: int) -> list[dict[str, object]]:
    return [{"card": "Forest", "id": f"f{i}"} for i in range(count)]


def test_its_own_abilities_cost_one_life_each() -> None:
    """Either ability of the Grove costs {T} and 1 life: {R} is paid for 1 life, a Forest's {G} for none."""
    board = make_board([TOLL_GROVE, *_forests(1)], life=5)
    result = pay(board, PaymentTarget.of("{R}"))
    assert result.payable and result.life_paid == 1
    both = pay(board, PaymentTarget.of("{G}"))
    assert both.payable and both.life_paid == 0  # (the Forest pays without life: the objective's least life)
    assert checked_verdict(board, "{R}{G}")
    assert not pay(make_board([TOLL_GROVE], life=0), PaymentTarget.of("{R}")).payable  # (CR 119.4)


def test_a_description_covers_every_land_and_life_bounds_the_activations() -> None:
    """Three Forests under the Keeper at 5 life: each activation costs 2 life, so two of them (4 life) and
    not three (6 > 5, CR 119.4): {G}{G} payable, {G}{G}{G} not, the largest X is 2. The Keeper's own
    abilities (a creature's) are not described."""
    board = make_board([TOLL_KEEPER, *_forests(3)], life=5)
    assert checked_verdict(board, "{G}{G}")
    assert not checked_verdict(board, "{G}{G}{G}")
    assert largest_x(board) == 2
    two = pay(board, PaymentTarget.of("{G}{G}"))
    assert two.life_paid == 4 and two.warnings == ()
    rich: Board = make_board([TOLL_KEEPER, *_forests(3)], life=6)
    assert checked_verdict(rich, "{G}{G}{G}") and largest_x(rich) == 3


def test_no_life_can_be_paid_so_no_mana_is_made() -> None:
    """With 'You can't pay life' in force (CR 118.3: a cost with life in it can't be paid), the Grove makes
    nothing and the Forest alone pays."""
    lock = "You can't pay life to cast spells or activate abilities."
    ban = custom("Life Lock", "lock", "Enchantment", lock)
    board = make_board([TOLL_GROVE, ban, *_forests(1)], life=20)
    assert checked_verdict(board, "{G}")
    assert not checked_verdict(board, "{R}")
    assert pay(board, PaymentTarget.of("{R}")).warnings == ()  # (both sentences read and applied)
