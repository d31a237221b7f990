"""'This mana can't be spent to pay generic mana costs' (Jegantha, the Wellspring; CR 106.6): the mana pays
colored symbols, hybrid symbols' colored halves and Phyrexian symbols' colored part, never {1}, {X}, an
ability's generic cost, nor the generic half of {2/W}.

Values are derived by hand from the rules; the random boards are checked against the reference search.
"""

from __future__ import annotations

from typing import Any

from boards import agrees_with_reference
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from models.board import Board
from models.cost import PaymentTarget, SymbolKind
from models.mana import ManaType
from models.oracle import parse_oracle
from planner.api import could_produce, max_x, pay
from planner.rules.executed import unexecuted_part
from planner.rules.payment import assign_symbols, can_pay_exactly
from planner.rules.pool import ManaUnit, SpendRules, pays_generic
from planner.rules.production import ManaTag
from planner.solve.fast import fragment_reason
from planner.solve.problem import PaymentProblem

JEGANTHA_TEXT = "{T}: Add {W}{U}{B}{R}{G}. This mana can't be spent to pay generic mana costs."
JEGANTHA = {
    "name": "Jegantha, the Wellspring",
    "type_line": "Legendary Creature — Elemental Elk",
    "mana_cost": "{4}{R/G}",
    "power": 5,
    "toughness": 5,
    "oracle": (
        "Companion — No card in your starting deck has more than one of the same mana symbol in its mana "
        "cost.\n" + JEGANTHA_TEXT
    ),
}
CREATURE = "Creature — Human"


def _board(*permanents: dict[str, Any], life: int = 20) -> Board:
    return Board.from_dict(
        {"version": 1, "players": [{"id": "me", "life": life}, {"id": "opp"}], "permanents": [*permanents]}
    )


def _mine(pid: str, card: str | dict[str, Any], **status: Any) -> dict[str, Any]:
    described = {"card": card} if isinstance(card, str) else dict(card)
    return {"id": pid, "controller": "me", **described, **status}


def _spell(cost: str) -> PaymentTarget:
    return PaymentTarget.of(cost, type_line=CREATURE)


_RESTRICTION = parse_oracle(JEGANTHA_TEXT).mana_abilities[0].restriction


def _jegantha_unit(mana_type: ManaType) -> ManaUnit:
    return ManaUnit(mana_type, ManaTag(source="j", restriction=_RESTRICTION))


# ---------------------------------------------------------------------------------------------- reading


def test_the_sentence_is_read_and_executed_not_set_aside() -> None:
    (ability,) = parse_oracle(JEGANTHA_TEXT).mana_abilities
    assert ability.restriction is not None and ability.restriction.not_generic
    assert unexecuted_part(ability) is None
    assert not pays_generic(ManaTag(source="j", restriction=ability.restriction))
    # the restriction limits nothing else: the mana may be spent on any spell or ability
    assert ability.restriction.allows(_spell("{W}")) and ability.restriction.allows(
        PaymentTarget.of("{W}", kind="ability")
    )
    result = pay(_board(_mine("j", JEGANTHA)), _spell("{W}{U}"))
    assert result.payable and result.warnings == ()


# ---------------------------------------------------------------------------------------------- spending


def test_exact_payments_keep_the_mana_off_generic_symbols() -> None:
    forest = ManaUnit(ManaType.G, ManaTag(source="f"))
    white, green = _jegantha_unit(ManaType.W), _jegantha_unit(ManaType.G)
    rules = SpendRules()
    cases = [
        # (units, cost, life, payable by CR 106.6 and 107.4)
        ([white, forest], "{1}{W}", 0, True),  # the Forest's {G} pays {1}
        ([white, green], "{1}{W}", 0, False),  # Jegantha's {G} can't pay {1}
        ([white], "{2/W}", 0, True),  # {2/W} paid as {W}
        ([forest, forest], "{2/W}", 0, True),  # {2/W} paid as two generic
        ([green, green], "{2/W}", 0, False),  # the generic half isn't Jegantha's to pay
        ([green, forest], "{2/W}", 0, False),
        ([white], "{W/P}", 0, True),  # the Phyrexian symbol's colored part
        ([white, green], "{W/G}{G/U}", 0, True),  # hybrid colored halves
        ([green, forest], "{G}{G}", 0, True),
    ]
    for units, cost, life, payable in cases:
        target = _spell(cost)
        assert can_pay_exactly(units, target.cost, target, rules, life) is payable, (cost, units)


def test_symbols_are_assigned_with_the_unrestricted_mana_on_generic() -> None:
    forest = ManaUnit(ManaType.G, ManaTag(source="f"))
    colors = (ManaType.W, ManaType.U, ManaType.B, ManaType.R, ManaType.G)
    white, blue, black, red, green = (_jegantha_unit(t) for t in colors)
    # Jegantha's {G} comes first: it must not be taken for {1}, whatever order the units come in
    for spent, cost in (([green, forest], "{1}{G}"), ([white, blue, black, red, forest], "{1}{W}{U}{B}{R}")):
        target = _spell(cost)
        assigned = assign_symbols(spent, target.cost, target, SpendRules(), 0)
        assert [paid for symbol, paid, _ in assigned if symbol.kind is SymbolKind.GENERIC] == [(forest,)]


# ---------------------------------------------------------------------------------------------- questions


def test_jegantha_alone_pays_colored_symbols_and_no_generic() -> None:
    board = _board(_mine("j", JEGANTHA))
    assert str(could_produce(board)["j"]) == "WUBRG"  # the restriction limits spending, not production
    assert pay(board, _spell("{W}{U}")).payable
    assert pay(board, _spell("{W}{U}{B}{R}{G}")).payable
    assert pay(board, _spell("{2/W}{U}")).payable  # {2/W} as {W}
    assert pay(board, _spell("{W/P}{W/P}")).payable  # {W} and 2 life
    assert not pay(board, _spell("{2}")).payable
    assert not pay(board, _spell("{1}{W}")).payable
    assert not pay(board, _spell("{2/W}{2/W}")).payable  # one {W}: the other would need two generic
    assert not pay(board, PaymentTarget.of("{1}", kind="ability")).payable  # an ability's generic cost too
    answer = max_x(board, _spell("{X}{W}"))
    assert answer.payable and answer.x == 0 and answer.optimal  # X is generic (CR 107.3)


def test_jegantha_and_a_forest_pay_one_generic_with_the_forest() -> None:
    board = _board(_mine("j", JEGANTHA), _mine("f", "Forest"))
    assert pay(board, _spell("{1}{W}{U}{B}{R}")).payable
    assert not pay(board, _spell("{2}{W}{U}{B}{R}")).payable
    assert not pay(board, _spell("{2}")).payable
    answer = max_x(board, _spell("{X}{W}"))
    assert answer.payable and answer.x == 1 and answer.optimal
    answer = max_x(board, _spell("{X}{G}{G}"))
    assert answer.payable and answer.x == 0  # both {G} pay the {G}{G}: none is left for X


def test_an_activation_cost_is_not_paid_with_the_mana() -> None:
    """Azorius Signet's {1} is a generic cost: Jegantha's mana can't pay it, a Forest's can."""
    signet_only = _board(_mine("j", JEGANTHA), _mine("s", "Azorius Signet"))
    assert not pay(signet_only, _spell("{W}{W}")).payable
    with_forest = _board(_mine("j", JEGANTHA), _mine("s", "Azorius Signet"), _mine("f", "Forest"))
    assert pay(with_forest, _spell("{W}{W}")).payable  # Forest pays the Signet; Signet {W}, Jegantha {W}


def test_the_fast_path_declines_the_board() -> None:
    board = _board(_mine("j", JEGANTHA), _mine("f", "Forest"))
    reason = fragment_reason(PaymentProblem.of(board, _spell("{G}")))
    assert reason is not None and "generic" in reason


# ---------------------------------------------------------------------------------------------- the reference

_CARDS: list[str | dict[str, Any]] = [
    "Forest",
    "Island",
    "Plains",
    "Wastes",
    "Birds of Paradise",
    "Sol Ring",
    "Azorius Signet",
    "Celestial Dawn",
    JEGANTHA,
]
_COSTS = [
    "{G}",
    "{1}{G}",
    "{2}",
    "{W}{U}",
    "{2/W}",
    "{2/W}{2/W}",
    "{W/P}{G}",
    "{1}{W}{U}",
    "{W/U}{1}",
    "{C}{W}",
]


@st.composite
def jegantha_boards(draw: st.DrawFn) -> Board:
    """1 to 4 permanents for 'me', with Jegantha most often."""
    permanents = [_mine(f"p{n}", draw(st.sampled_from(_CARDS))) for n in range(draw(st.integers(1, 4)))]
    if draw(st.integers(0, 3)) > 0:
        permanents.append(_mine("j", JEGANTHA))
    return _board(*permanents)


@st.composite
def targets(draw: st.DrawFn) -> PaymentTarget:
    kind = draw(st.sampled_from(["spell", "ability"]))
    return PaymentTarget.of(draw(st.sampled_from(_COSTS)), type_line=CREATURE, kind=kind)


@settings(max_examples=100, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(jegantha_boards(), targets())
def test_the_planner_agrees_with_the_reference_search(board: Board, target: PaymentTarget) -> None:
    assume(agrees_with_reference(board, target, max_states=1500) is not None)
