"""Cards analysed ahead (:func:`planner.api.prepare`) are not analysed again by the first board that holds
them, and the answers are the ones a process that prepared nothing gives."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from models.board import Board
from models.catalogue import lookup
from models.cost import PaymentTarget
from models.kept import CACHING, forget_all, kept_tables
from planner.api import pay, prepare

#: (with the kept tables off, every question analyses its cards: there is nothing to prepare)
_KEPT = pytest.mark.skipif(not CACHING, reason="the tables kept across questions are off")


def _analysed() -> int:
    """How many cards the fast path has analysed so far (its per-card table's misses)."""
    (table,) = (t for t in kept_tables() if t.name == "planner.solve.fast.kinds._kind")
    return table.misses


_NAMES = ("Karplusan Forest", "Llanowar Elves", "Talisman of Impulse", "Exotic Orchard", "Mountain")


@_KEPT
def test_prepared_cards_are_not_analysed_again() -> None:
    cards = [lookup(name) for name in _NAMES]
    forget_all()  # (earlier tests may have met these cards)
    assert prepare(card for card in cards if card is not None) == len(_NAMES)
    board = Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me"}, {"id": "opp"}],
            "permanents": [
                {"id": f"p{number}", "card": name, "controller": "opp" if name == "Mountain" else "me"}
                for number, name in enumerate(_NAMES)
            ],
        }
    )
    analysed = _analysed()
    assert pay(board, PaymentTarget.of("{1}{R}{G}")).payable
    assert _analysed() == analysed


@_KEPT
def test_cards_that_read_the_commander_are_prepared_for_every_color_identity() -> None:
    """Command Tower's and Arcane Signet's analysis depends on their controller's commander colors, which
    prepare can't know: it analyses them for each identity, so a Commander board's first payment does not."""
    names = ("Command Tower", "Arcane Signet", "Forest")
    forget_all()
    prepare(card for card in map(lookup, names) if card is not None)
    analysed = _analysed()
    for number, colors in enumerate(("g", "wub", "", "wubrg")):
        board = Board.from_dict(
            {
                "version": 1,
                "players": [{"id": "me", "commander_colors": colors}],
                "permanents": [
                    {"id": f"p{number}-{index}", "card": name, "controller": "me"}
                    for index, name in enumerate(names)
                ],
            }
        )
        pay(board, PaymentTarget.of("{2}"))
    assert _analysed() == analysed


_ANSWERS = """
import json, random, sys
from benchmarks.boards import realistic_board, realistic_cost
from models.board import Board
from models.catalogue import all_cards
from models.cost import PaymentTarget
from planner.api import pay, prepare
if sys.argv[1] == "prepared":
    prepare(all_cards().values())
rng = random.Random(6)
answers = []
for _ in range(40):
    spec = realistic_board(rng, rng.randint(8, 24))
    answers.append(pay(Board.from_dict(spec.data), PaymentTarget.of(realistic_cost(rng, spec))).to_json())
print(json.dumps(answers))
"""


def test_prepare_changes_no_answer() -> None:
    def answers(mode: str) -> list[object]:
        done = subprocess.run(
            [sys.executable, "-c", _ANSWERS, mode], capture_output=True, text=True, check=True
        )
        found: list[object] = json.loads(done.stdout)
        return found

    assert answers("prepared") == answers("plain")
