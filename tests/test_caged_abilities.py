"""'~ has all activated abilities of all cards you own in exile with cage counters on them. You may activate
each of those abilities only once each turn.' (Mairsil, the Pretender's shape; layer 6, CR 613.1f,
602.5b), and '~ has each activated ability of the exiled cards used to craft it.' before the same rider
(Locus of Enlightenment's, CR 702.167):
the permanent has the mana abilities of the cards its ``choices.imprinted`` lists (the cards its controller
owns in exile with cage counters: a board has no exile zone), each of them once each turn (the board's
``activated_this_turn`` counts the uses of this turn). Not given: the effect is not used, named in
``warnings``. The verdicts are derived by hand (in each docstring) and checked against the reference search.
"""

from __future__ import annotations

from typing import Any

from boards import ME, make_board, mine

from models.board import Board
from models.cost import PaymentTarget
from models.oracle import parse_oracle
from planner.api import pay
from planner.rules.reference import reference_search
from planner.turn import plan_turn

CAGED = (
    "~ has all activated abilities of all cards you own in exile with cage counters on them. You may "
    "activate each of those abilities only once each turn."
)
RUBY = {"name": "Test Ruby", "type_line": "Artifact", "mana_cost": "{1}", "oracle": "Pay 2 life: Add {R}."}


def pretender(imprinted: list[Any] | None = None, **status: Any) -> dict[str, Any]:
    card = {"name": "Test Pretender", "type_line": "Artifact Creature — Shapeshifter", "power": 4,
            "toughness": 4, "oracle": CAGED.replace("~", "Test Pretender")}  # fmt: skip
    choices = {} if imprinted is None else {"choices": {"imprinted": imprinted}}
    return mine("p", card, **choices, **status)


def verdict(board: Board, cost: str) -> bool:
    """``pay``'s verdict for "me", checked against the reference search."""
    result = pay(board, PaymentTarget.of(cost), player=ME)
    assert result.payable == reference_search(board, PaymentTarget.of(cost), player=ME).payable
    return bool(result.payable)


def test_the_sentences_read_as_abilities_of_caged_cards_once_each_turn() -> None:
    parsed = parse_oracle(CAGED, "Test Pretender")
    (effect,) = parsed.effects
    assert not parsed.unsupported and effect.zone == "caged" and effect.once_each_turn  # type: ignore[union-attr]


def test_a_caged_cards_mana_ability_once_each_turn() -> None:
    """Test Ruby caged: the Pretender has 'Pay 2 life: Add {R}.', once this turn (CR 602.5b): {R} is paid
    for 2 life, {R}{R} is not payable (a second activation is not allowed; without the limit it would be,
    for 4 life); activated once this turn already, not even {R}."""
    board = make_board([pretender([RUBY])])
    assert verdict(board, "{R}") and not verdict(board, "{R}{R}")
    assert pay(board, PaymentTarget.of("{R}"), player=ME).life_paid == 2
    used = make_board([pretender([RUBY], activated_this_turn=["Pay 2 life: Add {R}."])])
    assert not verdict(used, "{R}")


def test_caged_cards_not_given_are_warned_not_guessed() -> None:
    board = make_board([pretender()])
    result = pay(board, PaymentTarget.of("{R}"), player=ME)
    assert result.payable is False
    assert any("cage counters are not given" in w.reason for w in result.warnings)


def test_a_turn_casts_one_spell_with_the_caged_ability() -> None:
    """Two Test Sparks ({R} each) and the Pretender with Test Ruby caged: the ability pays for one of them
    only, once this turn (CR 602.5b); two can't both be cast."""
    spark = {"name": "Test Spark", "type_line": "Instant", "mana_cost": "{R}", "oracle": "Draw a card."}
    board = make_board([pretender([RUBY])], hand=[spark, spark])
    assert plan_turn(board, casts=["Test Spark"], no_land=True).castable
    assert not plan_turn(board, casts=["Test Spark", "Test Spark"], no_land=True).castable


def test_a_crafted_permanent_has_the_abilities_of_the_cards_exiled_to_craft_it_once_each_turn() -> None:
    """Test Locus crafted with Test Ruby: 'Pay 2 life: Add {R}.', once this turn: {R} payable, {R}{R} not (on
    main the sentence was set aside in silence and neither was payable)."""
    text = (
        "Test Locus has each activated ability of the exiled cards used to craft it. You may activate each "
        "of those abilities only once each turn."
    )
    locus = {"name": "Test Locus", "type_line": "Legendary Artifact", "oracle": text}
    board = make_board([mine("l", locus, choices={"imprinted": [RUBY]})])
    assert verdict(board, "{R}") and not verdict(board, "{R}{R}")
