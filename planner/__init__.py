"""mana-planner: what permanents could produce, whether a cost can be paid, and the best way to pay it.

The calls a user needs, and the domain types they take (re-exported from :mod:`models`). Importing this
package does not import OR-Tools: the CP-SAT model is loaded on the first question that needs it.

>>> from planner import Board, PaymentTarget, pay
>>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
...     {"id": "f1", "card": "Forest", "controller": "me"}]})
>>> pay(board, PaymentTarget.of("{G}")).tapped
('f1',)
"""

from typing import TYPE_CHECKING

from models.lazy import lazy_attributes

if TYPE_CHECKING:
    from models import Board, ManaBag, ManaCost, ManaType, ManaTypes, PaymentKind, PaymentTarget, PlannerError
    from planner.api import PayResult, PlanStep, could_produce, max_x, pay, prepare, text_warnings

#: Where each public name lives: it is imported on first use, so that importing the package costs nothing.
_HOMES = {
    "Board": "models",
    "ManaBag": "models",
    "ManaCost": "models",
    "ManaType": "models",
    "ManaTypes": "models",
    "PayResult": "planner.api",
    "PaymentKind": "models",
    "PaymentTarget": "models",
    "PlanStep": "planner.api",
    "PlannerError": "models",
    "could_produce": "planner.api",
    "max_x": "planner.api",
    "pay": "planner.api",
    "prepare": "planner.api",
    "text_warnings": "planner.api",
}

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
    "prepare",
    "text_warnings",
]


#: A public name, imported from its module on first use (PEP 562).
__getattr__ = lazy_attributes(__name__, _HOMES, globals())
