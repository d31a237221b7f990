"""Two colors a question can't tell apart (issue 41, :mod:`planner.solve.cpsat.color_symmetry`): a swap of
them that maps the question onto itself is found where the board's outcomes come in swapped pairs and
nothing asks for either color, and not where a cost, a kept cost, a card in hand or a source of one color
alone tells them apart; CP-SAT's symmetry detection then runs in the default search of those questions
only; and the answers on such boards (filters among them) agree with the reference search."""

from __future__ import annotations

from typing import Any

import pytest
from boards import agrees_with_reference, custom, make_board
from ortools.sat.python import cp_model

import planner.solve.cpsat.solve as solve_module
from models.board import Board
from models.cost import PaymentTarget
from models.mana import ManaType
from planner.solve.cpsat import solve_payment
from planner.solve.cpsat.color_symmetry import ColorSwap, color_transposition
from planner.solve.cpsat.spine import build
from planner.solve.problem import PaymentProblem
from planner.solve.solution import SolveStatus

#: A painland of two colors whose outcomes are two templates, one per color (CR 106.1: one of the two).
_TOLL = custom(
    "Test Toll", "t", "Land", "{T}: Add {C}.\n{T}: Add {B} or {R}. Test Toll deals 1 damage to you."
)
#: A land that pays {2} for two mana of any colors: an outcome per set of colors beside a trigger that reads
#: a color (Caged Sun's), as Cascading Cataracts has.
_CASCADE = custom(
    "Test Cascade", "c", "Land", "{T}: Add {C}.\n{2}, {T}: Add two mana in any combination of colors."
)
#: A filter land of the two colors nobody swaps (its {G/W} is its own under B <-> R).
_BASTION = custom("Test Bastion", "b", "Land", "{T}: Add {C}.\n{G/W}, {T}: Add {G}{G}, {G}{W}, or {W}{W}.")
_SUN = {"card": "Caged Sun", "choices": {"color": "G"}}


def _swap(board: Board, cost: str, **asked: Any) -> ColorSwap | None:
    """The swap :func:`color_transposition` finds in the model of paying ``cost`` on ``board``."""
    return color_transposition(build(PaymentProblem.of(board, PaymentTarget.of(cost), **asked)))


def _pair(swap: ColorSwap | None) -> tuple[str, str] | None:
    """The swap's two colors, when it maps some template onto another (None otherwise)."""
    return (swap.first.letter, swap.second.letter) if swap is not None and swap.moves else None


def test_outcomes_in_pairs_swapped_by_two_colors() -> None:
    """The Toll's {B} and {R} outcomes are the same but for the color, and nothing asks for either: the
    swap maps each onto the other, and every other template onto itself."""
    board = make_board([_TOLL, {"card": "Forest"}], opponent=False)
    record = build(PaymentProblem.of(board, PaymentTarget.of("{1}{G}")))
    swap = color_transposition(record)
    assert swap is not None and (swap.first, swap.second) == (ManaType.B, ManaType.R)
    made = {t.index: str(t.outcome.packets[0].types) for t in record.templates}
    assert sorted((made[i], made[j]) for i, j in enumerate(swap.image) if i != j) == [("B", "R"), ("R", "B")]


def test_the_cascade_under_a_caged_sun_swaps_its_outcomes() -> None:
    """An outcome per set of colors (Caged Sun's trigger reads the {G}): W, U, B and R are each asked for
    by nobody, so the first pair in WUBRG order swaps (the Forests' {G} and the Sun's keep G apart)."""
    board = make_board([_CASCADE, _SUN, {"card": "Forest"}, {"card": "Forest"}], opponent=False)
    assert _pair(_swap(board, "{1}{G}")) == ("W", "U")
    assert _pair(_swap(board, "{1}{W}{G}")) == ("U", "B")  # (the {W} asked for)


@pytest.mark.parametrize(
    ("extra", "cost", "asked"),
    [
        ({"card": "Swamp"}, "{1}{G}", {}),  # (a source of {B} alone)
        ({"card": "Forest"}, "{B}{G}", {}),  # (the cost asks for {B})
        ({"card": "Forest"}, "{B/G}", {}),  # (a hybrid of {B})
        ({"card": "Forest"}, "{1}{G}", {"keep": PaymentTarget.of("{R}")}),  # (a kept {R})
        ({"card": "Forest"}, "{1}{G}", {"hand": (PaymentTarget.of("{1}"),)}),  # (a card in hand: refused)
    ],
)
def test_what_tells_the_colors_apart_leaves_no_swap(extra: dict[str, Any], cost: str, asked: Any) -> None:
    """A source of one of the two colors, a cost or a kept cost that asks for one, or what the swap does not
    check (a card in hand to keep castable): no swap that moves the Toll's outcomes."""
    board = make_board([_TOLL, {"card": "Forest"}, extra], opponent=False)
    assert _pair(_swap(board, cost, **asked)) is None


@pytest.mark.parametrize(
    ("permanents", "cost"),
    [
        ((_TOLL, {"card": "Forest"}, {"card": "Forest"}), "{2}{G}"),
        ((_TOLL, _CASCADE, {"card": "Forest"}, {"card": "Plains"}), "{1}{W}{G}"),
        ((_CASCADE, _SUN, _BASTION, {"card": "Forest"}, {"card": "Plains"}), "{1}{W}{G}"),
        ((_CASCADE, _SUN, _BASTION, {"card": "Forest"}, {"card": "Wastes"}), "{W}{W}{G}"),
    ],
)
def test_boards_with_interchangeable_colors_agree_with_the_reference_search(
    permanents: tuple[dict[str, Any], ...], cost: str
) -> None:
    """The answers where two colors are interchangeable (a filter land among them), level by level against
    the reference search."""
    board = make_board(list(permanents), opponent=False)
    assert _pair(_swap(board, cost)) is not None
    assert agrees_with_reference(board, PaymentTarget.of(cost), max_states=50_000) is not None


def _default_searches(board: Board, cost: str, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The symmetry level of each default search CP-SAT runs for the model of paying ``cost`` on ``board``,
    with no share for the LP-guided search (every stage falls to the default search)."""
    levels: list[int] = []
    solve = cp_model.CpSolver.solve

    def solving(solver: cp_model.CpSolver, model: cp_model.CpModel, *args: Any, **kwargs: Any) -> Any:
        if solver.parameters.search_branching == cp_model.AUTOMATIC_SEARCH:
            levels.append(solver.parameters.symmetry_level)
        return solve(solver, model, *args, **kwargs)

    monkeypatch.setattr(solve_module, "_LP_FIRST", 0.0)
    monkeypatch.setattr(cp_model.CpSolver, "solve", solving)
    solution = solve_payment(PaymentProblem.of(board, PaymentTarget.of(cost)))
    assert solution.status is SolveStatus.OPTIMAL
    return levels


def test_the_default_search_detects_symmetry_only_where_colors_swap(monkeypatch: pytest.MonkeyPatch) -> None:
    """CP-SAT's symmetry detection in the default search where the question has a swap that moves a
    template, and not elsewhere (a Swamp beside the Toll: its {B} alone)."""
    swapped = make_board([_TOLL, {"card": "Forest"}, {"card": "Forest"}, {"card": "Forest"}], opponent=False)
    levels = _default_searches(swapped, "{2}{G}", monkeypatch)
    assert levels and set(levels) == {solve_module._SYMMETRY_LEVEL}
    told = make_board([_TOLL, {"card": "Forest"}, {"card": "Forest"}, {"card": "Swamp"}], opponent=False)
    levels = _default_searches(told, "{2}{G}", monkeypatch)
    assert levels and set(levels) == {0}
