"""A spell's own 'You may discard a card rather than pay ~'s mana cost.' (and '... this spell's mana cost'):
an alternative cost (CR 118.9) whose part is a card of the hand discarded as the spell is cast (CR 601.2a:
the spell itself is on the stack, so it is no card of the hand that may pay it; 601.2h: the cost is paid
with the mana). Read by the grammar's alternative-cost parts (a discard of any cards); a discard of a
typed card ('a Swamp card') stays unread.

The verdicts are derived by hand (each docstring) and checked against the brute force over the reference
search's outcomes of each way (:func:`test_alternative_costs.checked`: the mana cost, or the card discarded
as the exile of one card of the hand).
"""

from __future__ import annotations

from dataclasses import replace

from boards import make_board, mine
from test_alternative_costs import Way, checked, paid_instead

from models.alternative_costs import AlternativeCost, HandExile
from models.oracle.alternative_costs import alternative_cost_of

SPARK_TEXT = "You may discard a card rather than pay ~'s mana cost.\nTest Spark deals 2 damage."
SPARK = {"name": "Test Spark", "type_line": "Instant", "mana_cost": "{3}{R}", "oracle": SPARK_TEXT}


def test_the_sentence_reads_as_a_discard_of_the_hand() -> None:
    """Both wordings ('~'s', 'this spell's'), and a count: that many cards of the hand (CR 118.9)."""
    one = AlternativeCost("", exile=HandExile(1, discard=True))
    for text in (
        "You may discard a card rather than pay ~'s mana cost.",
        "You may discard a card rather than pay this spell's mana cost.",
    ):
        read = alternative_cost_of(text)
        assert read is not None and replace(read, text="") == one
    two = alternative_cost_of("You may discard two cards rather than pay ~'s mana cost.")
    assert two is not None and two.exile == HandExile(2, discard=True)
    assert alternative_cost_of("You may discard a Swamp card rather than pay ~'s mana cost.") is None


def test_another_card_of_the_hand_pays_it() -> None:
    """No land, the Spark and a Forest in hand: the Forest is discarded, nothing tapped (CR 118.9); the
    Spark alone in hand can't pay it (it is on the stack, CR 601.2a) and no mana pays {3}{R}: "no"."""
    result = checked(make_board([], hand=[SPARK, "Forest"]), [None, Way("", exile=1)])
    paid = paid_instead(result)
    assert paid is not None and paid.source == "Test Spark" and result.tapped == ()
    assert result.to_json()["discarded"] == ["Forest"]
    alone = checked(make_board([], hand=[SPARK]), [None, Way("", exile=1)])
    assert alone.payable is False


def test_with_the_mana_there_either_way_is_weighed() -> None:
    """Four Mountains pay {3}{R}, and the Forest pays the discard: both ways are weighed by the objective,
    the answer the brute force's best."""
    board = make_board([mine(f"m{i}", "Mountain") for i in range(4)], hand=[SPARK, "Forest"])
    assert checked(board, [None, Way("", exile=1)]).payable
