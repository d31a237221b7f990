"""Haste for a soulbond pair (issue 35, layer 6): 'As long as ~ is paired with another creature, both
creatures have haste.' (Lightning Mauler's shape). Soulbond pairs the creature with another unpaired
creature as either enters, and they stay paired while one player controls both and both are creatures (CR
702.95a, 702.95e); the board states a pair by either creature's ``choices.paired_with`` naming the other.
Both creatures of a pair have haste, so a summoning-sick one may activate its {T} mana abilities (CR 302.6,
702.10); unpaired, neither has it.

The cards are small fixtures written here (their names made up); each answer is worked out by hand from the
rules named, and every verdict and largest X is checked against the reference search too. On main the
sentence was unsupported (warned) and no creature had that haste.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import ME, checked_verdict, custom, make_board, mine
from test_lands_made_creatures import checked_x

from models.board import Board
from models.errors import BoardError
from models.layer_effects import GrantHaste
from models.oracle import parse_oracle
from planner.api import text_warnings
from planner.turn import plan_turn

BERSERKER = (
    "Soulbond (You may pair this creature with another unpaired creature when either enters the "
    "battlefield. They remain paired for as long as you control both of them.)\n"
    "As long as ~ is paired with another creature, both creatures have haste."
)


def berserker(**fields: Any) -> dict[str, Any]:
    """The soulbond creature, summoning sick, tapping for {R} itself."""
    return custom(
        "Test Berserker",
        "b",
        "Creature — Human Berserker",
        BERSERKER + "\n{T}: Add {R}.",
        controller=ME,
        mana_cost="{1}{R}",
        power=2,
        toughness=2,
        summoning_sick=True,
        **fields,
    )


def sick_board(*, paired: str | None, named_by_elf: bool = False, elf_controller: str = ME) -> Board:
    """A Forest, a summoning-sick Llanowar Elves ('e') and the Berserker ('b'), paired as given: the
    Berserker's choices.paired_with, or the Elf's naming the Berserker with ``named_by_elf``."""
    pair = {"choices": {"paired_with": paired}} if paired is not None and not named_by_elf else {}
    elf_pair = {"choices": {"paired_with": "b"}} if named_by_elf else {}
    elf = {**mine("e", "Llanowar Elves", summoning_sick=True, **elf_pair), "controller": elf_controller}
    return make_board([mine("f", "Forest"), elf, berserker(**pair), mine("w", "Wastes")])


def test_the_sentence_is_read_as_haste_for_the_pair() -> None:
    parsed = parse_oracle(BERSERKER)
    assert not parsed.unsupported
    (grant,) = parsed.effects
    assert isinstance(grant, GrantHaste) and grant.affected.paired and grant.condition is None


@pytest.mark.parametrize("named_by_elf", [False, True])
def test_a_pair_has_haste_and_taps_for_mana(named_by_elf: bool) -> None:
    """Paired (whichever names the other): both have haste, so the Elf's {G} and the Berserker's {R} join the
    Forest's {G} and the Wastes' {C}: {R}{G}{G}{C} is payable, X = 4 (CR 302.6, 702.95a)."""
    board = sick_board(paired="e", named_by_elf=named_by_elf)
    assert not text_warnings(board)
    assert checked_verdict(board, "{R}{G}{G}")
    assert checked_x(board, "{X}") == 4


def test_unpaired_neither_has_haste() -> None:
    """No pair: both are summoning sick and can't pay {T} (CR 302.6): the lands alone pay, X = 2."""
    board = sick_board(paired=None)
    assert not checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{R}")
    assert checked_x(board, "{X}") == 2


def test_a_pair_with_a_noncreature_gives_no_haste() -> None:
    """A pair holds only while both are creatures (CR 702.95e): 'paired' with the Wastes, nothing is hasty."""
    board = sick_board(paired="w")
    assert not checked_verdict(board, "{R}")
    assert checked_x(board, "{X}") == 2


def test_a_pair_under_two_controllers_gives_no_haste() -> None:
    """A pair holds only while one player controls both (CR 702.95e): the opponent's Elf breaks it."""
    board = sick_board(paired="e", elf_controller="opp")
    assert not checked_verdict(board, "{R}")


def test_plan_turn_casts_with_the_pairs_mana() -> None:
    """plan-turn: a spell of {1}{R}{G} is cast with the pair's {R} and {G} beside a land; unpaired, the two
    lands can't cast it."""
    paired = plan_turn(sick_board(paired="e"), casts=["{1}{R}{G}"], no_land=True)
    assert paired.castable is True
    unpaired = plan_turn(sick_board(paired=None), casts=["{1}{R}{G}"], no_land=True)
    assert unpaired.castable is False


def test_a_pair_with_itself_is_a_clear_error() -> None:
    with pytest.raises(BoardError, match=r"choices\.paired_with.*itself"):
        make_board([berserker(choices={"paired_with": "b"})])


def test_a_pair_with_no_such_permanent_is_a_clear_error() -> None:
    with pytest.raises(BoardError, match=r"choices\.paired_with.*unknown permanent"):
        make_board([berserker(choices={"paired_with": "nobody"})])
