"""A triggered ability's later sentence (issue 35, the families the probes left warned): The Irencrag's
'Whenever a legendary creature you control enters, you may have ~ become a legendary Equipment artifact
named Everflame, Heroes' Legacy. If you do, it gains equip {3} and "Equipped creature gets +3/+3" and loses
all other abilities.'

The second sentence is the rest of the trigger's effect: it happens only as the triggered ability resolves
(CR 603.3: put on the stack the next time a player would receive priority, never while a cost is paid, CR
601.2i), and no legendary creature enters while mana is paid. So it can't change a payment: ignored, as the
trigger's first sentence is, and the card's mana ability ({T}: Add {C}) is used as printed. The same words
outside a trigger stay unread (a permanent that says it loses its abilities changes what it can make).

The card is made up, written in the phrases of the printed one; values are derived by hand from the rules,
and each board is checked against the reference search too.
"""

from __future__ import annotations

from typing import Any

from boards import checked_verdict, could, make_board, mine

from models.oracle import parse_oracle
from planner.api import text_warnings

#: The Irencrag's text (the mana ability first, as printed).
IRENCRAG: dict[str, Any] = {
    "name": "Test Irencrag",
    "type_line": "Legendary Artifact",
    "mana_cost": "{2}",
    "oracle": "{T}: Add {C}.\nWhenever a legendary creature you control enters, you may have this artifact "
    "become a legendary Equipment artifact named Everflame, Heroes' Legacy. If you do, it gains equip {3} "
    'and "Equipped creature gets +3/+3" and loses all other abilities.',
}


def test_the_sentence_after_a_trigger_is_read_with_it() -> None:
    parsed = parse_oracle(IRENCRAG["oracle"], IRENCRAG["name"])
    assert [s.read_as for s in parsed.sentences] == ["mana_ability", "ignored", "ignored"]
    # (outside a trigger, a permanent losing its abilities is about its mana: not read)
    (alone,) = parse_oracle("If you do, it loses all other abilities.", "Test").sentences
    assert alone.read_as == "unsupported"


def test_the_mana_ability_is_used_as_printed() -> None:
    """The Irencrag and a Forest: {C} and {G}, once each ({T}); no warning, since nothing of the text is left
    unread. By hand: {C}{G} yes, {C}{C} and {G}{G} no."""
    board = make_board([mine("i", IRENCRAG), mine("f", "Forest")], opponent=False)
    assert not text_warnings(board)
    assert could(board) == {"i": "C", "f": "G"}
    assert checked_verdict(board, "{C}{G}") and checked_verdict(board, "{2}")
    assert not checked_verdict(board, "{C}{C}") and not checked_verdict(board, "{G}{G}")
