"""Two "no"s the rules pay (issue 35, item 3): an untap loop (CR 729) and an ability a permanent has only
once another leaves (CR 611.3a). Each board's answers are worked out by hand in its test's docstring, and
checked against the reference search; random small boards of both families are checked against it too.
"""

from __future__ import annotations

from typing import Any

from boards import card, could, custom, make_board
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st
from test_model_differential import agrees_with_the_reference_search

from models.board import Board
from models.cost import PaymentTarget
from planner.api import max_x, pay
from planner.rules.reference import ReferenceLimitError, reference_search

# ------------------------------------------------------------------------------------------- untap loops


def _pili_pala() -> Board:
    """Grand Architect ("Tap an untapped blue creature you control: Add {C}{C}", for artifacts' abilities)
    and a blue Pili-Pala ("{2}, {Q}: Add one mana of any color.")."""
    return make_board([card("Grand Architect", "architect"), card("Pili-Pala", "pili", color_indicator="U")])


def test_grand_architect_and_pili_pala_loop_pays_two_colored_mana() -> None:
    """The Architect taps Pili-Pala for {C}{C}, which pays its {2}, {Q}: {G}, and Pili-Pala is untapped
    again; once more for another mana: {1}{G} is paid with two loops (the Architect's own {C}{C} pays
    neither {1} nor {G}: its mana is for artifacts). Each activation finds Pili-Pala as its cost needs it
    (CR 602.2b), so the steps come in turn."""
    board = _pili_pala()
    assert reference_search(board, PaymentTarget.of("{1}{G}")).payable
    result = pay(board, PaymentTarget.of("{1}{G}"))
    assert result.payable and result.optimal, result.reason
    assert [step.permanent for step in result.steps] == ["architect", "pili", "architect", "pili"]
    assert result.tapped == ()  # (Pili-Pala ends untapped; the Architect never tapped itself)
    # what each could produce ignores costs (CR 106.7): Pili-Pala any color, the Architect {C}
    assert could(board) == {"architect": "C", "pili": "WUBRG"}


def _golem() -> Board:
    """Grand Architect, a blue "Loop Golem" ("{3}, {Q}: Add {G}."), Sol Ring and Wastes.

    Each loop (the Architect taps the Golem for {C}{C}, the Golem's {3}, {Q} makes {G}) needs one more
    mana than it makes for its cost: the Architect tapping itself ({C}{C}, for artifacts only), Sol Ring's
    {C}{C} or the Wastes' {C}, five in all, three of them for anything."""
    golem = custom(
        "Loop Golem", "golem", "Artifact Creature — Golem", "{3}, {Q}: Add {G}.", color_indicator="U"
    )
    return make_board(
        [card("Grand Architect", "architect"), golem, card("Sol Ring", "sol"), card("Wastes", "w")]
    )


def test_a_loop_bounded_by_the_mana_that_pays_its_untaps() -> None:
    """Five loops at most (five mana besides the loop's own): {G} five times is paid, six times not; a
    spell's whole mana is k {G} from k loops and what Sol Ring and the Wastes have left (3 less what the
    loops past two took), at most 5: {4}{G} is paid, {5}{G} not, and the largest X of {X}{G} is 4."""
    board = _golem()
    for cost, payable in (("{G}{G}{G}{G}{G}", True), ("{G}{G}{G}{G}{G}{G}", False), ("{4}{G}", True)):
        result = pay(board, PaymentTarget.of(cost))
        assert result.payable is payable and result.optimal, (cost, result.reason)
    assert not pay(board, PaymentTarget.of("{5}{G}")).payable
    largest = max_x(board, PaymentTarget.of("{X}{G}"))
    assert largest.x == 4 and largest.optimal
    # the reference search agrees (a loop that makes no more than it takes is bounded there too)
    assert reference_search(board, PaymentTarget.of("{G}{G}{G}{G}")).payable
    assert reference_search(board, PaymentTarget.of("{4}{G}")).payable
    assert not reference_search(board, PaymentTarget.of("{5}{G}")).payable


def test_a_loop_at_its_bound_is_not_called_optimal() -> None:
    """The Architect and Pili-Pala make as much as anyone wants: a plan that activates the loop as often as
    the bound the payment gives it proves no largest X, so the answer is never "no" and never optimal."""
    board = _pili_pala()
    result = max_x(board, PaymentTarget.of("{X}{G}"))
    assert result.payable is not False and not result.optimal


# -------------------------------------------------------------------------- abilities given back by a removal


def _magus() -> Board:
    """Magus of the Moon ("Nonbasic lands are Mountains."), Phyrexian Altar ("Sacrifice a creature: Add one
    mana of any color.") and Boros Garrison ("{T}: Add {R}{W}.", a Mountain's {T}: Add {R} while the Magus
    is there)."""
    return make_board(
        [
            card("Magus of the Moon", "magus"),
            card("Phyrexian Altar", "altar"),
            card("Boros Garrison", "garrison"),
        ]
    )


def test_boros_garrison_taps_for_two_once_magus_of_the_moon_is_sacrificed() -> None:
    """The Altar sacrifices the Magus (one mana of any color); the Garrison, no longer a Mountain, taps for
    {R}{W} (CR 611.3a): {3} is paid, {4} not (three mana at most: tapped first, the Garrison makes one),
    and the largest X of {X} is 3. {W}{W}: the Altar's {W} and the Garrison's {R}{W}."""
    board = _magus()
    for cost, payable in (("{3}", True), ("{4}", False), ("{W}{W}", True), ("{R}{W}{B}", True)):
        assert reference_search(board, PaymentTarget.of(cost)).payable is payable, cost
        result = pay(board, PaymentTarget.of(cost))
        assert result.payable is payable and result.optimal, (cost, result.reason)
    result = pay(board, PaymentTarget.of("{3}"))
    assert [(step.permanent, step.ability) for step in result.steps] == [
        ("altar", "Sacrifice a creature: Add one mana of any color."),
        ("garrison", "{T}: Add {R}{W}."),
    ]
    largest = max_x(board, PaymentTarget.of("{X}"))
    assert largest.x == 3 and largest.optimal
    # what it could produce now: the Garrison is a Mountain (CR 106.7 reads the board as it is)
    assert could(board) == {"magus": "", "altar": "WUBRG", "garrison": "R"}


def test_without_a_way_to_remove_the_magus_the_garrison_stays_a_mountain() -> None:
    """No sacrifice outlet: the Garrison makes {R} only, so {R}{W} is not paid."""
    board = make_board([card("Magus of the Moon", "magus"), card("Boros Garrison", "garrison")])
    assert not reference_search(board, PaymentTarget.of("{R}{W}")).payable
    assert not pay(board, PaymentTarget.of("{R}{W}")).payable


# ------------------------------------------------------------------------------ against the reference search

_LOOP_CARDS: list[dict[str, Any]] = [
    {"card": "Grand Architect"},
    {"card": "Pili-Pala", "color_indicator": "U"},
    {"card": "Pili-Pala"},
    {"card": "Springleaf Drum"},
    {"card": "Sol Ring"},
    {"card": "Wastes"},
    {"card": "Forest"},
    {"card": "Llanowar Elves"},
]
_REMOVAL_CARDS: list[dict[str, Any]] = [
    {"card": "Magus of the Moon"},
    {"card": "Phyrexian Altar"},
    {"card": "Ashnod's Altar"},
    {"card": "Boros Garrison"},
    {"card": "Azorius Chancery"},
    {"card": "Tundra"},
    {"card": "Mystic Gate"},
    {"card": "Forest"},
    {"card": "Llanowar Elves"},
]
_FAMILY_COSTS = ["{G}", "{1}{G}", "{W}{U}", "{2}", "{3}", "{R}{W}", "{W}{W}", "{1}{C}", "{U}{B}"]


@st.composite
def family_boards(draw: st.DrawFn) -> tuple[Board, PaymentTarget]:
    """A board of two to five permanents drawn from one family (untap loops, or effects a sacrifice ends),
    some tapped, with a cost."""
    family = draw(st.sampled_from([_LOOP_CARDS, _REMOVAL_CARDS]))
    permanents = []
    for number in range(draw(st.integers(2, 5))):
        entry = {**draw(st.sampled_from(family)), "id": f"p{number}", "controller": "me"}
        if draw(st.integers(0, 4)) == 0:
            entry["tapped"] = True
        permanents.append(entry)
    board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": permanents})
    return board, PaymentTarget.of(draw(st.sampled_from(_FAMILY_COSTS)))


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(family_boards())
def test_loops_and_removals_agree_with_the_reference_search(case: tuple[Board, PaymentTarget]) -> None:
    """Whether the cost can be paid, and the best objective level by level, as the reference search finds
    them, where its loop cap cut nothing."""
    board, target = case
    try:
        if reference_search(board, target, max_states=1500).capped:
            reject()  # (the search cut a loop: its "no" proves nothing)
    except ReferenceLimitError:
        reject()
    agrees_with_the_reference_search(board, target)
