"""Descriptions of objects the grammar reads and the planner executes: tokens and nontokens, colorless,
monocolored and multicolored permanents, permanents with counters, several descriptions joined ('each land
and Ally you control'), and the spending restrictions of 2020-2026 wordings.

Values are derived by hand from the rules (each test says how); boards are also checked against the
reference search (tests/boards.py). The cards are invented, written in current Oracle wording.
"""

from __future__ import annotations

from typing import Any

from boards import agrees_with_reference

from models.board import Board
from models.cost import PaymentTarget
from models.layer_effects import GrantAbility
from models.oracle import parse_oracle
from planner.api import could_produce, pay

MAX_STATES = 200_000


def _board(*permanents: dict[str, Any]) -> Board:
    return Board.from_dict(
        {"version": 1, "players": [{"id": "me"}, {"id": "opp"}], "permanents": [*permanents]}
    )


def _mine(pid: str, name: str, type_line: str, oracle: str = "", **status: Any) -> dict[str, Any]:
    return {"id": pid, "controller": "me", "name": name, "type_line": type_line, "oracle": oracle, **status}


#: Tap an untapped nontoken artifact you control (Meria's wording).
SCHOLAR = _mine("scholar", "Test Scholar", "Legendary Creature — Human", "Tap an untapped nontoken artifact "
                "you control: Add {R}.")  # fmt: skip
ROCK = _mine("rock", "Test Rock", "Artifact")
THOPTER = _mine("thopter", "Thopter", "Artifact Creature — Thopter", token=True)


def test_a_cost_that_taps_a_nontoken_artifact_never_taps_a_token() -> None:
    """With only a token artifact the Scholar has nothing to tap (CR 111.1: a token is not a nontoken);
    with a nontoken artifact too, {R} is paid by tapping it."""
    assert not pay(_board(SCHOLAR, THOPTER), PaymentTarget.of("{R}")).payable
    result = pay(_board(SCHOLAR, THOPTER, ROCK), PaymentTarget.of("{R}"))
    assert result.payable and result.plan is not None
    assert agrees_with_reference(
        _board(SCHOLAR, THOPTER, ROCK), PaymentTarget.of("{R}"), max_states=MAX_STATES
    )


#: For each color among monocolored permanents you control (Tarnation Vista's wording).
VISTA = _mine("vista", "Test Vista", "Land", "{T}: For each color among monocolored permanents you control, "
              "add one mana of that color.")  # fmt: skip
GOLD = _mine("gold", "Test Gold Bear", "Creature — Bear", mana_cost="{G}{W}")
RED = _mine("red", "Test Red Bear", "Creature — Bear", mana_cost="{1}{R}")


def test_colors_among_monocolored_permanents_leave_out_multicolored_ones() -> None:
    """A green-white bear is multicolored (CR 105.2): only the red bear's color counts, so the Vista makes
    {R} and nothing else."""
    board = _board(VISTA, GOLD, RED)
    assert str(could_produce(board)["vista"]) == "R"
    assert pay(board, PaymentTarget.of("{R}")).payable
    assert not pay(board, PaymentTarget.of("{G}")).payable


#: Creature tokens you control have ... (Insidious Roots' wording).
ROOTS = _mine("roots", "Test Roots", "Enchantment", 'Creature tokens you control have "{T}: Add one mana of '
              'any color."')  # fmt: skip
#: Each land and Ally you control has ... (Great Divide Guide's wording).
GUIDE = _mine("guide", "Test Guide", "Creature — Human Scout Ally",
              'Each land and Ally you control has "{T}: Add one mana of any color."')  # fmt: skip


def test_creature_tokens_are_given_the_ability_and_nontoken_creatures_are_not() -> None:
    """The token creature taps for any color; a nontoken creature is not given the ability."""
    plant = _mine("plant", "Plant", "Creature — Plant", token=True)
    bear = _mine("bear", "Test Bear", "Creature — Bear")
    assert not pay(_board(ROOTS, bear), PaymentTarget.of("{B}")).payable
    board = _board(ROOTS, bear, plant)
    result = pay(board, PaymentTarget.of("{B}"))
    assert result.payable and [step.permanent for step in result.steps] == ["plant"]
    assert agrees_with_reference(board, PaymentTarget.of("{B}"), max_states=MAX_STATES)


def test_a_permanent_matching_two_descriptions_is_given_the_ability_once() -> None:
    """'Each land and Ally': the Guide (an Ally) and a land each tap for any color; a land that is also an
    Ally has the ability once, so it makes one mana, not two (one effect gives an ability once)."""
    (land_grant, ally_grant) = parse_oracle(GUIDE["oracle"], GUIDE["name"]).effects
    assert isinstance(land_grant, GrantAbility) and isinstance(ally_grant, GrantAbility)
    assert (land_grant.affected.types, ally_grant.affected.types) == (("Land",), ("Ally",))
    dryad = _mine("dryad", "Test Dryad", "Land Creature — Dryad Ally", haste=True)
    board = _board(GUIDE, dryad)
    assert pay(board, PaymentTarget.of("{W}{U}")).payable  # the Guide and the dryad, one each
    assert not pay(board, PaymentTarget.of("{W}{U}{B}")).payable
    assert agrees_with_reference(board, PaymentTarget.of("{W}{U}"), max_states=MAX_STATES)


#: The 2023-2026 spending restrictions: an artifact spell or an ability of an artifact source (Oaken Siren).
SIREN = _mine("siren", "Test Siren", "Artifact Creature — Siren",
              "{T}: Add {U}. Spend this mana only to cast an artifact spell or activate an ability of an "
              "artifact source.", haste=True)  # fmt: skip


def test_mana_for_artifacts_pays_an_artifact_spell_and_an_artifacts_ability_only() -> None:
    """CR 106.6: the Siren's {U} pays for an artifact spell or an artifact's ability, never an instant."""
    board = _board(SIREN)
    assert pay(board, PaymentTarget.of("{U}", type_line="Artifact")).payable
    assert pay(board, PaymentTarget.of("{U}", type_line="Artifact Creature — Golem", kind="ability")).payable
    assert not pay(board, PaymentTarget.of("{U}", type_line="Instant")).payable
    assert not pay(board, PaymentTarget.of("{U}", type_line="Creature — Elf", kind="ability")).payable


#: 'If a card is exiled with this land, add ... instead' (Ugin's Labyrinth's wording).
LABYRINTH = _mine("maze", "Test Labyrinth", "Land", "{T}: Add {C}. If a card is exiled with this land, add "
                  "{C}{C} instead.")  # fmt: skip


def test_the_mana_changes_with_a_card_exiled_with_the_land() -> None:
    """The condition is the land's imprint: with a card exiled it adds {C}{C} (pays {2} alone), without one
    {C} (CR 608.2c: the 'instead' applies only when the condition holds)."""
    assert not pay(_board(LABYRINTH), PaymentTarget.of("{2}")).payable
    exiled = _board({**LABYRINTH, "choices": {"imprinted": "Ugin, the Spirit Dragon"}})
    assert pay(exiled, PaymentTarget.of("{2}")).payable
    assert agrees_with_reference(exiled, PaymentTarget.of("{2}"), max_states=MAX_STATES)


#: 'Add X {G} or X {U}, where X is ...' (Brigid's wording): X of one color, chosen.
DRUID = _mine("druid", "Test Druid", "Creature — Kithkin Druid", "{T}: Add X {G} or X {U}, where X is the "
              "number of other creatures you control.")  # fmt: skip


def test_x_mana_of_one_of_two_colors_is_all_of_one_color() -> None:
    """Two other creatures: X is 2, and the two mana are both {G} or both {U}, never one of each."""
    bears = [_mine(f"bear{n}", "Test Bear", "Creature — Bear") for n in range(2)]
    board = _board(DRUID, *bears)
    assert pay(board, PaymentTarget.of("{U}{U}")).payable
    assert not pay(board, PaymentTarget.of("{G}{U}")).payable
    assert not pay(board, PaymentTarget.of("{U}{U}{U}")).payable
    assert agrees_with_reference(board, PaymentTarget.of("{G}{G}"), max_states=MAX_STATES)


#: 'Sacrifice another Goblin' (Bolg's Company's wording).
COMPANY = _mine("company", "Test Company", "Creature — Goblin Soldier", "{T}, Sacrifice another Goblin: Add "
                "{R}.")  # fmt: skip


def test_another_goblin_is_not_the_source_itself() -> None:
    """'Another' (CR 109.1): the Company can't sacrifice itself to pay its own cost."""
    assert not pay(_board(COMPANY), PaymentTarget.of("{R}")).payable
    board = _board(COMPANY, _mine("gob", "Test Goblin", "Creature — Goblin"))
    result = pay(board, PaymentTarget.of("{R}"))
    assert result.payable and result.plan is not None
    assert agrees_with_reference(board, PaymentTarget.of("{R}"), max_states=MAX_STATES)
