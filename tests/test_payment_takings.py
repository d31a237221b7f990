"""The payments of a cost from a pool (:func:`planner.rules.payment.payments`): with plain spending rules the
takings that fill a mode's slots are searched with what each type still needs in sight
(:func:`~planner.rules.payment._filling_takings`); they must be exactly, and in the same order, the takings
of every size-``mana`` choice that the bipartite check (:func:`~planner.rules.payment._perfect`) finds fill
the slots (CR 107.4: each typed symbol takes its own type, generic takes any mana that may pay it, CR 106.6).
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from models.cost import PaymentTarget, Slot
from models.mana import TYPE_ORDER, ManaType
from planner.rules.payment import GENERIC, Mode, _filling_takings, _perfect_takings, _slot_order
from planner.rules.pool import SpendRules

_TARGET = PaymentTarget.of("{1}")

kinds = st.tuples(st.sampled_from(TYPE_ORDER), st.booleans(), st.booleans())
slots = st.dictionaries(st.sampled_from([*TYPE_ORDER, GENERIC]), st.integers(1, 3), max_size=4)


@settings(max_examples=400, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(st.lists(st.tuples(st.integers(1, 3), kinds), max_size=7), slots)
def test_the_filling_takings_are_the_perfect_ones_in_order(
    classes: list[tuple[int, tuple[ManaType, bool, bool]]], wanted: dict[Slot, int]
) -> None:
    counts = [count for count, _ in classes]
    kinded = [kind for _, kind in classes]
    mode = Mode(tuple(sorted(wanted.items(), key=lambda item: _slot_order(item[0]))), 0)
    rules = SpendRules().at(_TARGET)
    assert rules.plain
    expected = list(_perfect_takings(counts, kinded, mode, rules, _TARGET))
    assert list(_filling_takings(counts, kinded, mode)) == expected


def test_mana_that_cannot_pay_generic_fills_only_its_own_slots() -> None:
    """Two {W} that can't pay generic (Jegantha's) and two {G}: for {W}{2} one {W} pays {W} and both {G} pay
    the generic part; the second {W} can't (by hand: CR 106.6, the restriction)."""
    jegantha = [(ManaType.W, False, False), (ManaType.G, False, True)]
    mode = Mode(((ManaType.W, 1), (GENERIC, 2)), 0)
    assert list(_filling_takings([2, 2], jegantha, mode)) == [(1, 2)]
