"""'Spend this mana only to cast a colored spell' and '... a spell without {X} in its mana cost' (Titans'
Nest's restriction; CR 106.6): a colored object has one color or more (CR 105.2), and {X} in a mana cost is
a symbol of the cost, whatever X is chosen (CR 107.3).

The answers are derived by hand from those rules, and each board is checked against the reference search.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import agrees_with_reference

from models.board import Board
from models.cost import PaymentTarget
from models.oracle import parse_oracle
from planner.api import could_produce, max_x, pay

COLORED_NO_X = "{T}: Add {C}. Spend this mana only to cast a colored spell without {X} in its mana cost."
COLORED = "{T}: Add {C}{C}. Spend this mana only to cast a colored spell."
NO_X = "{T}: Add {C}{C}. Spend this mana only to cast a spell without {X} in its mana cost."


def _land(pid: str, text: str) -> dict[str, Any]:
    return {"id": pid, "controller": "me", "name": f"Test land {pid}", "type_line": "Land", "oracle": text}


def _board(*permanents: dict[str, Any]) -> Board:
    return Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [*permanents]})


def _forest(pid: str) -> dict[str, Any]:
    return {"id": pid, "controller": "me", "card": "Forest"}


def _spell(cost: str, colors: str, type_line: str = "Sorcery") -> PaymentTarget:
    return PaymentTarget.of(cost, colors=colors, type_line=type_line)


@pytest.mark.parametrize("text", [COLORED_NO_X, COLORED, NO_X])
def test_each_restriction_is_read_whole(text: str) -> None:
    parsed = parse_oracle(text)
    assert parsed.unsupported == ()
    (ability,) = parsed.mana_abilities
    assert ability.restriction is not None


def test_colored_spell_without_x() -> None:
    board = _board(_land("nest", COLORED_NO_X), _forest("f"))
    assert str(could_produce(board)["nest"]) == "C"
    # a green sorcery without {X}: the restricted {C} pays its generic mana
    assert pay(board, _spell("{1}{G}", "G")).payable
    # a colorless spell may not spend it, nor a spell with {X} in its cost (even with X = 0)
    assert not pay(board, _spell("{2}", "", "Artifact")).payable
    assert not pay(board, PaymentTarget.of("{X}{G}", colors="G", type_line="Sorcery"), x=1).payable
    assert pay(board, PaymentTarget.of("{X}{G}", colors="G", type_line="Sorcery"), x=0).payable
    # the most X a green {X}{G} spell gets is 0: the restricted mana can't go to it at all
    assert max_x(board, PaymentTarget.of("{X}{G}", colors="G", type_line="Sorcery")).x == 0
    # a multicolored spell is colored
    assert pay(board, _spell("{1}{G}", "GU")).payable
    for target in (_spell("{1}{G}", "G"), _spell("{2}", "", "Artifact"), _spell("{1}{G}", "GU")):
        assert agrees_with_reference(board, target, max_states=20_000) is not None


def test_colored_spell_alone_allows_x() -> None:
    board = _board(_land("a", COLORED), _forest("f"))
    target = PaymentTarget.of("{X}{G}", colors="G", type_line="Instant")
    assert max_x(board, target).x == 2
    assert not pay(board, _spell("{2}", "", "Artifact")).payable
    assert agrees_with_reference(board, _spell("{2}{G}", "G"), max_states=20_000) is not None


def test_without_x_alone_allows_colorless_spells() -> None:
    board = _board(_land("a", NO_X), _forest("f"))
    assert pay(board, _spell("{2}", "", "Artifact")).payable
    # the Forest pays X = 1; the restricted mana never pays a cost with {X}
    assert pay(board, PaymentTarget.of("{X}", type_line="Artifact"), x=1).payable
    assert not pay(board, PaymentTarget.of("{X}", type_line="Artifact"), x=2).payable
    assert max_x(board, PaymentTarget.of("{X}", type_line="Artifact")).x == 1
    assert agrees_with_reference(board, _spell("{3}", "", "Artifact"), max_states=20_000) is not None


def test_colored_objects_elsewhere_are_not_read_as_any_object() -> None:
    """'colored' is held by spending restrictions only: an amount counting colored creatures is not read
    as one counting every creature."""
    parsed = parse_oracle("{T}: Add {G} for each colored creature you control.")
    assert parsed.mana_abilities == () and parsed.unsupported
