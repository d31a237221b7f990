"""mana-planner: what permanents could produce, whether a cost can be paid, and the best way to pay it.

The calls a user needs, and the domain types they take (re-exported from :mod:`models`). Importing this
package does not import OR-Tools: the CP-SAT model is loaded on the first question that needs it.

>>> from planner import Board, PaymentTarget, pay
>>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
...     {"id": "f1", "card": "Forest", "controller": "me"}]})
>>> pay(board, PaymentTarget.of("{G}")).tapped
('f1',)
"""

from models import Board, ManaBag, ManaCost, ManaType, ManaTypes, PaymentKind, PaymentTarget, PlannerError
from planner.api import PayResult, PlanStep, could_produce, max_x, pay, text_warnings

__all__ = [
    "Board",
    "ManaBag",
    "ManaCost",
    "ManaType",
    "ManaTypes",
    "PayResult",
    "PaymentKind",
    "PaymentTarget",
    "PlanStep",
    "PlannerError",
    "could_produce",
    "max_x",
    "pay",
    "text_warnings",
]
