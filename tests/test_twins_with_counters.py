"""Identical permanents whose mana ability removes a counter: each removes its own (CR 602.2b: a cost is paid
by the permanent whose ability it is; CR 122.1 counters are on one object). The model merges such twins into
one group of templates (``planner.solve.cpsat.analysis.twins_merged``) and counted the counters of the
group's first member only: two Gemstone Mines with one mining counter each answered {W}{U} "not payable",
with no warning (found by ``tests/test_noted_type.py``'s random boards: two Jeweled Amulets that noted {G}).

Values are derived by hand from the rules and checked against the reference search (``checked_verdict``).
"""

from __future__ import annotations

from boards import card, checked_verdict, custom, make_board
from hypothesis import given, settings
from hypothesis import strategies as st

#: "{T}, Remove a charge counter from ~: Add one mana of any color." with no other ability: a twin that
#: the model merges (a {T} ability without parts or sacrifices).
CELL = "{T}, Remove a charge counter from Test Cell: Add one mana of any color."


#: The costs tried, with the mana each asks for in all.
MANA = {"{G}": 1, "{G}{G}": 2, "{W}{U}": 2, "{2}{R}": 3, "{W}{U}{B}": 3}


def test_two_gemstone_mines_with_a_counter_each_pay_two_colors() -> None:
    # each Mine taps and removes its own mining counter for one mana of any color: {W} and {U}
    board = make_board([card("Gemstone Mine", f"g{n}", counters={"mining": 1}) for n in range(2)])
    assert checked_verdict(board, "{W}{U}")
    assert not checked_verdict(board, "{W}{U}{B}")  # two {T} abilities: two mana at most


def test_twins_pay_as_many_symbols_as_they_have_counters_and_untapped_members() -> None:
    cells = [custom("Test Cell", f"c{n}", "Artifact", CELL, counters={"charge": 1}) for n in range(3)]
    board = make_board(cells)
    assert checked_verdict(board, "{R}{G}{B}")
    assert not checked_verdict(board, "{R}{G}{B}{1}")


@settings(max_examples=12, deadline=None)
@given(
    counts=st.lists(st.integers(0, 2), min_size=2, max_size=3),
    cost=st.sampled_from(sorted(MANA)),
)
def test_twins_with_counters_agree_with_the_reference_search(counts: list[int], cost: str) -> None:
    # (equal counts make twins the model merges; unequal ones are told apart: both are checked)
    cells = [
        custom("Test Cell", f"c{n}", "Artifact", CELL, **({"counters": {"charge": k}} if k else {}))
        for n, k in enumerate(counts)
    ]
    board = make_board(cells)
    # each cell with a counter makes one mana of any color, once (its {T}): the cost's mana in all decides
    assert checked_verdict(board, cost) == (sum(1 for k in counts if k) >= MANA[cost])
