"""'Spend mana as though it were mana of any type' limited to some payments (CR 609.4b): Vizier of the
Menagerie's 'to cast creature spells' applies to a creature spell and to nothing else, an activation's cost
included.

Values are derived by hand from the rules; the random boards are checked against the reference search.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import agrees_with_reference
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from models.board import Board
from models.cost import PaymentKind, PaymentTarget
from models.mana import ALL_COLORS, ALL_TYPES, ManaType
from models.mana_effects import SpendAsThough
from models.oracle import parse_oracle
from planner.api import max_x, pay
from planner.rules.pool import SpendRules
from planner.rules.view import BoardView
from planner.solve.fast import fragment_reason
from planner.solve.problem import PaymentProblem

VIZIER = {
    "name": "Vizier of the Menagerie",
    "type_line": "Creature — Naga Cleric",
    "mana_cost": "{3}{G}",
    "oracle": (
        "You may look at the top card of your library any time.\n"
        "You may cast creature spells from the top of your library.\n"
        "You can spend mana as though it were mana of any type to cast creature spells."
    ),
}
#: The same template with a creature type (an invented card: the grammar, not the sentence).
DRAGON_LORD = {
    "name": "Dragon Lord",
    "type_line": "Creature — Dragon",
    "oracle": "You may spend mana as though it were mana of any color to cast Dragon spells.",
}
#: A filter land whose activation cost asks for a color (an ability's cost: Vizier doesn't cover it).
FILTER = {"name": "Test Filter", "type_line": "Land", "oracle": "{G}, {T}: Add {W}{W}."}
ELF = PaymentTarget.of("{G}{G}", type_line="Creature — Elf")
BOLT = PaymentTarget.of("{R}", type_line="Instant")


def _board(*permanents: dict[str, Any], life: int = 20) -> Board:
    return Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me", "life": life}, {"id": "opp"}],
            "permanents": [*permanents],
        }
    )


def _mine(pid: str, card: str | dict[str, Any], **status: Any) -> dict[str, Any]:
    described = {"card": card} if isinstance(card, str) else dict(card)
    return {"id": pid, "controller": "me", **described, **status}


# ---------------------------------------------------------------------------------------------- parsing


def test_the_filter_is_read_as_a_spending_restriction_on_the_payment() -> None:
    (effect,) = parse_oracle(VIZIER["oracle"], VIZIER["name"]).effects
    assert isinstance(effect, SpendAsThough)
    assert effect.types == ALL_TYPES and effect.as_types == ALL_TYPES
    assert effect.when_paying is not None
    assert [(use.kind, use.types) for use in effect.when_paying.uses] == [(PaymentKind.SPELL, ("Creature",))]
    (dragons,) = parse_oracle(DRAGON_LORD["oracle"], DRAGON_LORD["name"]).effects
    assert isinstance(dragons, SpendAsThough) and dragons.as_types == ALL_COLORS
    assert dragons.when_paying is not None and dragons.when_paying.uses[0].types == ("Dragon",)
    # without a 'to ...' the effect covers every payment (Mycosynth Lattice)
    (lattice,) = parse_oracle("Players may spend mana as though it were mana of any color.", "L").effects
    assert isinstance(lattice, SpendAsThough) and lattice.when_paying is None


@pytest.mark.parametrize(
    "sentence",
    [
        # a use no payment target describes: applied never would be a silent misreading
        "You may spend mana as though it were mana of any color to pay cumulative upkeep costs.",
        # (the source's own abilities' costs are read as changing no spell's payment unless one of its mana
        # abilities has a cost asking a type: tests/test_last_unread_families.py)
        # 'you control' is not a type
        "You may spend mana as though it were mana of any color to activate abilities of creatures you "
        "control.",
    ],
)
def test_a_filter_not_understood_is_unsupported(sentence: str) -> None:
    parsed = parse_oracle(sentence, "Card")
    assert parsed.unsupported == (sentence,) and parsed.effects == ()


# ---------------------------------------------------------------------------------------------- rules


def test_the_rules_apply_the_effect_only_to_the_payments_it_names() -> None:
    board = _board(_mine("vizier", VIZIER), _mine("i1", "Island"))
    rules = SpendRules.for_player(BoardView(board), "me")
    assert rules.can_pay(ManaType.U, ManaType.G, ELF) and rules.can_pay(ManaType.U, ManaType.C, ELF)
    assert not rules.can_pay(ManaType.U, ManaType.R, BOLT)
    ability = PaymentTarget.of("{G}", type_line="Creature — Elf", kind="ability")
    assert not rules.can_pay(ManaType.U, ManaType.G, ability)  # activating a creature's ability: not a spell
    # an opponent's Vizier is not yours (Who.YOU)
    theirs = _board({"id": "vizier", "controller": "opp", **VIZIER}, _mine("i1", "Island"))
    assert not SpendRules.for_player(BoardView(theirs), "me").can_pay(ManaType.U, ManaType.G, ELF)


def test_a_creature_spell_is_payable_with_off_color_mana_and_an_instant_is_not() -> None:
    board = _board(_mine("vizier", VIZIER), _mine("i1", "Island"), _mine("s1", "Swamp"))
    creature = pay(board, ELF)  # {G}{G} from {U} and {B}: both spent as though green
    assert creature.payable and {step.permanent for step in creature.steps} == {"i1", "s1"}
    assert not pay(board, BOLT).payable  # {R} for an instant: the Island and Swamp make no red
    # a noncreature artifact spell isn't covered either; an artifact creature is
    assert not pay(board, PaymentTarget.of("{G}", type_line="Artifact")).payable
    assert pay(board, PaymentTarget.of("{G}", type_line="Artifact Creature — Golem")).payable
    # {C} of a creature spell (an Eldrazi) may be paid with colored mana too: 'any type'
    assert pay(board, PaymentTarget.of("{C}", type_line="Creature — Eldrazi")).payable


def test_max_x_counts_the_off_color_mana_only_for_a_creature_spell() -> None:
    board = _board(_mine("vizier", VIZIER), *(_mine(f"i{n}", "Island") for n in range(3)))
    creature = max_x(board, PaymentTarget.of("{X}{G}", type_line="Creature — Hydra"))
    assert creature.payable and creature.x == 2  # three Islands: one pays {G} as though green, two pay X
    sorcery = max_x(board, PaymentTarget.of("{X}{G}", type_line="Sorcery"))
    assert not sorcery.payable


def test_an_activation_cost_is_paid_with_mana_of_its_own_type() -> None:
    """A filter land's {G} cost is an ability's, not a creature spell's: Vizier doesn't let the Island's {U}
    pay it, whatever the filter's mana then pays for; a Forest's {G} does."""
    filter_land = FILTER
    board = _board(_mine("vizier", VIZIER), _mine("i1", "Island"), _mine("fl", filter_land))
    for type_line in ("Instant", "Creature — Human"):
        # for a creature the Island's {U} could pay {W} itself, but then nothing pays the filter's {G}
        assert not pay(board, PaymentTarget.of("{W}{W}", type_line=type_line)).payable
    with_forest = _board(_mine("vizier", VIZIER), _mine("f1", "Forest"), _mine("fl", filter_land))
    assert pay(with_forest, PaymentTarget.of("{W}{W}", type_line="Instant")).payable


def test_the_fast_path_answers_only_where_the_effect_does_not_apply() -> None:
    board = _board(_mine("vizier", VIZIER), _mine("i1", "Island"), _mine("f1", "Forest"))
    assert fragment_reason(PaymentProblem.of(board, BOLT)) is None
    reason = fragment_reason(PaymentProblem.of(board, ELF))
    assert reason is not None and "covers this payment" in reason
    instant = pay(board, PaymentTarget.of("{G}", type_line="Instant"))
    assert instant.payable and instant.engine == "fast"


# ---------------------------------------------------------------------------------------------- the reference

_CARDS: list[str | dict[str, Any]] = [
    "Forest",
    "Island",
    "Swamp",
    "Wastes",
    "Llanowar Elves",
    "Birds of Paradise",
    "Sol Ring",
    "Azorius Signet",
    "Mystic Gate",
    "Celestial Dawn",
    "Eldrazi Temple",
    "Graven Cairns",
    FILTER,
    VIZIER,
    DRAGON_LORD,
]
_COSTS = ["{G}", "{G}{G}", "{1}{R}", "{C}", "{W}{U}", "{U/R}", "{2}{B}", "{W/U}{W/U}"]
_TYPE_LINES = [
    "Creature — Elf",
    "Creature — Dragon",
    "Instant",
    "Artifact",
    "Artifact Creature — Golem",
    "Creature — Eldrazi",
]


@st.composite
def vizier_boards(draw: st.DrawFn) -> Board:
    """1 to 5 permanents for 'me', among them often Vizier or the Dragon lord, sometimes the opponent's."""
    permanents: list[dict[str, Any]] = []
    for number in range(draw(st.integers(1, 5))):
        card = draw(st.sampled_from(_CARDS))
        entry = _mine(f"p{number}", card)
        if draw(st.integers(0, 5)) == 0:
            entry["tapped"] = True
        permanents.append(entry)
    if draw(st.booleans()):
        permanents.append(_mine("viz", VIZIER))
    if draw(st.integers(0, 4)) == 0:
        permanents.append({"id": "ov", "controller": "opp", **VIZIER})
    return _board(*permanents)


@st.composite
def spell_targets(draw: st.DrawFn) -> PaymentTarget:
    return PaymentTarget.of(draw(st.sampled_from(_COSTS)), type_line=draw(st.sampled_from(_TYPE_LINES)))


@settings(max_examples=120, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(vizier_boards(), spell_targets())
def test_the_planner_agrees_with_the_reference_search(board: Board, target: PaymentTarget) -> None:
    assume(agrees_with_reference(board, target, max_states=1500) is not None)
