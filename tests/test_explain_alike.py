"""The explanation of an unpayable cost works out permanents alike once (:class:`planner.explain._Offers`):
its words are those of working out every permanent on its own, on random boards whose permanents are
doubled (every one with a twin that differs only in its id)."""

from __future__ import annotations

import random

import pytest

from benchmarks.boards import MULTIPLIERS, random_question
from models.board import Board, Permanent
from models.cost import PaymentTarget, Slot, SlotKind
from models.mana import TYPE_ORDER, ManaType, ManaTypes
from planner import explain
from planner.explain import why_not_payable
from planner.rules.could_produce import could_produce_all
from planner.rules.production import Outcome, activation_outcomes
from planner.rules.view import BoardView
from planner.solve.bounds import unpayable_core
from planner.solve.fast import reduction, solve_fast
from planner.solve.problem import PaymentProblem

#: The cores asked about: each type alone, snow, generic, and none.
_CORES: tuple[tuple[Slot, ...], ...] = (
    *((t,) for t in TYPE_ORDER),
    (SlotKind.SNOW,),
    (SlotKind.GENERIC,),
    (),
)


def _doubled(data: dict[str, object]) -> dict[str, object]:
    """The board with a twin of every permanent (its id and what points at it aside)."""
    permanents = data["permanents"]
    assert isinstance(permanents, list)
    twins = [{**p, "id": f"{p['id']}-twin"} for p in permanents if "attached_to" not in p]
    return {**data, "permanents": [*permanents, *twins]}


def _words(problem: PaymentProblem) -> list[str]:
    return [why_not_payable(problem, core) for core in _CORES]


@pytest.mark.parametrize("seed", range(30))
def test_alike_permanents_are_explained_as_each_on_its_own(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    question = random_question(random.Random(seed))
    board = Board.from_dict(_doubled(question.board))
    target = PaymentTarget.of(question.cost)
    grouped = _words(PaymentProblem.of(board, target, x=question.x))
    # every permanent its own group: each worked out on its own, as before the grouping
    monkeypatch.setattr(explain, "_ALIKE", lambda permanent: permanent.id)
    alone = _words(PaymentProblem.of(board, target, x=question.x))
    assert grouped == alone


def test_alike_permanents_are_worked_out_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hundred Forests, twenty of them tapped, are two offers; the words name the tapped ones."""
    permanents = [
        {"id": f"f{n:03}", "card": "Forest", "controller": "me", "tapped": n < 20} for n in range(100)
    ]
    board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": permanents})
    worked: list[str] = []
    original = explain._Offers._worked_out

    def counted(self: explain._Offers, permanent: Permanent, could: ManaTypes) -> explain._Offer:
        worked.append(permanent.id)
        return original(self, permanent, could)

    monkeypatch.setattr(explain._Offers, "_worked_out", counted)
    problem = PaymentProblem.of(board, PaymentTarget.of("{G}" * 81))
    words = why_not_payable(problem, (ManaType.G,))
    assert words.startswith(
        "needs " + "{G}" * 81 + " but only 80 untapped sources can make {G} (Forest (f000)"
    )
    assert worked == ["f000", "f020"]


@pytest.mark.parametrize("seed", range(30))
def test_what_the_fast_path_keeps_could_produce_is_worked_out_in_full(seed: int) -> None:
    """The fast path hands its question what each permanent could produce, from its cards' analyses: the same
    as working it out on the board (:func:`could_produce_all`), whatever the board."""
    question = random_question(random.Random(1000 + seed))
    board = Board.from_dict(question.board)
    problem = PaymentProblem.of(board, PaymentTarget.of(question.cost), x=question.x)
    solve_fast(problem)
    assert problem.reflect == could_produce_all(problem.view)


def test_a_payable_plain_board_works_out_no_could_produce(monkeypatch: pytest.MonkeyPatch) -> None:
    """What each permanent could produce is worked out when first read: a plain board (no reflecting source)
    that the fast path pays never needs it, a question that reads it afterwards gets it in full."""
    board = Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me"}],
            "permanents": [
                {"id": "f", "card": "Forest", "controller": "me"},
                {"id": "sol", "card": "Sol Ring", "controller": "me"},
            ],
        }
    )
    worked: list[int] = []
    real = reduction._could_produce

    def counted(*args: object, **kwargs: object) -> dict[str, ManaTypes]:
        worked.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(reduction, "_could_produce", counted)
    problem = PaymentProblem.of(board, PaymentTarget.of("{2}{G}"))
    solution = solve_fast(problem)
    assert solution is not None and solution.plan is not None
    assert worked == []
    assert problem.reflect == could_produce_all(problem.view)
    assert worked == [1]


@pytest.mark.parametrize("seed", range(20))
def test_the_verdicts_outcomes_explain_as_outcomes_worked_out_again(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The explanation reads the outcomes the verdict's templates worked out (the CP-SAT model and the
    counts that prove "no" read them): its words are those of working each out again, on random boards
    with mana multipliers (Mana Reflection reaches every land: no permanent is alike another there)."""
    question = random_question(random.Random(2000 + seed), spice=MULTIPLIERS)
    board = Board.from_dict(question.board)
    problem = PaymentProblem.of(board, PaymentTarget.of(question.cost), x=question.x)
    assert problem.templates is not None  # (the verdict's analysis, as the model and the counts have it)
    assert problem.analysis.outcomes
    reused = _words(problem)
    monkeypatch.setattr(problem.analysis, "outcomes", {})
    assert _words(problem) == reused


def test_the_verdicts_outcomes_are_not_worked_out_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Forests under Mana Reflection are each reached by its effect (none alike another): once the templates
    are worked out, explaining a "no" works out no outcome again."""
    permanents: list[dict[str, object]] = [
        {"id": f"f{n:03}", "card": "Forest", "controller": "me"} for n in range(50)
    ]
    permanents.append({"id": "mr", "card": "Mana Reflection", "controller": "me"})
    board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": permanents})
    problem = PaymentProblem.of(board, PaymentTarget.of("{101}"))
    assert unpayable_core(problem) == (SlotKind.GENERIC,)  # (the verdict, from the templates)
    worked: list[str] = []
    original = activation_outcomes

    def counted(view: BoardView, pid: str, *args: object, **kwargs: object) -> list[Outcome]:
        worked.append(pid)
        return original(view, pid, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr("planner.explain.activation_outcomes", counted)
    words = why_not_payable(problem, (SlotKind.GENERIC,))
    assert words == "needs 101 mana in all but the untapped sources make at most 100"
    assert worked == []
