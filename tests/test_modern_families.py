"""Families of modern mana text read by the grammar and executed (issues 34 and 35): each on a small board,
with what `could_produce` and `pay` must answer derived by hand from the rules in each test's docstring, and
against the exhaustive reference search. Cards are written here by their text (fixtures of our own)."""

from __future__ import annotations

from typing import Any

import pytest

from models.abilities import SideEffectKind
from models.board import Board
from models.cost import PaymentTarget
from models.errors import InputError
from models.layer_effects import TypeChange
from models.mana import ManaType
from models.mana_effects import UnspentManaEffect, UnspentMode
from models.oracle import parse_oracle
from planner.api import could_produce, pay
from planner.rules.reference import reference_search

FORTRESS = {
    "name": "Test Fortress",
    "type_line": "Land",
    "oracle": "{T}: Add {C}.\n{T}: Add {B} or {R}. Activate only if this land entered this turn or if you "
    "control a basic land.",
}
AUDIENCE = {
    "name": "Test Audience",
    "type_line": "Creature — Human Citizen",
    "power": 2,
    "toughness": 1,
    "oracle": "{T}: Add {G}. If you control a creature with power 4 or greater, add {G}{G} instead.",
}
FOREST = {"name": "Forest", "type_line": "Basic Land — Forest", "oracle": "({T}: Add {G}.)"}


def board(*permanents: dict[str, Any]) -> Board:
    entries = [{"controller": "me", "id": f"p{n}", **p} for n, p in enumerate(permanents)]
    return Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": entries})


def could(found: Board) -> dict[str, str]:
    return {pid: str(types) for pid, types in could_produce(found).items()}


def agrees_with_the_reference(found: Board, cost: str) -> bool:
    """Whether ``pay`` finds a payment, checked against the reference search."""
    target = PaymentTarget.of(cost)
    payable = pay(found, target).payable
    assert payable == reference_search(found, target, max_states=20_000).payable, cost
    return payable


@pytest.mark.parametrize(
    ("extra", "entered", "colored"),
    [({}, False, False), ({}, True, True), (FOREST, False, True), (FOREST, True, True)],
)
def test_a_condition_of_two_kinds_joined_by_or(extra: dict[str, Any], entered: bool, colored: bool) -> None:
    """'Activate only if this land entered this turn or if you control a basic land' (Dark Fortress): {B}
    or {R} when either holds (the board's ``entered_this_turn``; a Forest is a basic land), {C} always. It
    could produce all three whatever holds (CR 106.7: unmet conditions don't matter)."""
    fortress = {**FORTRESS, "entered_this_turn": entered}
    found = board(fortress, extra) if extra else board(fortress)
    assert could(found)["p0"] == "BRC"
    assert agrees_with_the_reference(found, "{B}") is colored


@pytest.mark.parametrize(("power", "payable"), [(3, False), (4, True)])
def test_a_filter_on_power(power: int, payable: bool) -> None:
    """'If you control a creature with power 4 or greater, add {G}{G} instead': with a 4-power creature on
    the board it adds two (power 3: one)."""
    big = {"name": "Big", "type_line": "Creature — Beast", "power": power, "toughness": 4}
    found = board(AUDIENCE, big)
    assert agrees_with_the_reference(found, "{G}{G}") is payable


def test_a_power_the_board_does_not_give_is_bad_input() -> None:
    """A creature the filter looks at has no printed power on the board: bad input naming it, never a
    guess."""
    found = board(AUDIENCE, {"name": "Mystery", "type_line": "Creature — Horror"})
    with pytest.raises(InputError, match="power"):
        pay(found, PaymentTarget.of("{G}"))


def test_a_counter_removed_after_the_mana_changes_no_payment() -> None:
    """'{T}: Add {U}. Remove a time counter from this land.': the counter it removes is read by none of its
    mana abilities, so the ability is used."""
    text = "{T}: Add {U}. Remove a time counter from this land."
    temple = {"name": "Test Temple", "type_line": "Land", "oracle": text, "counters": {"time": 2}}
    (ability,) = parse_oracle(text, "Test Temple").mana_abilities
    assert [e.kind for e in ability.side_effects] == [SideEffectKind.REMOVE_COUNTER]
    assert agrees_with_the_reference(board(temple), "{U}")


def test_a_type_change_as_long_as_a_counter_is_on_its_source() -> None:
    """'As long as ~ has a conqueror counter on him, nonbasic lands are Mountains.': with the counter, a
    nonbasic land taps for {R}; without it, for its own mana."""
    text = "As long as Zhao has a conqueror counter on him, nonbasic lands are Mountains."
    (change,) = parse_oracle(text, "Zhao").effects
    assert isinstance(change, TypeChange) and change.while_counter == "conqueror"
    zhao = {"name": "Zhao", "type_line": "Legendary Creature — Human Warrior", "power": 3, "toughness": 3,
            "oracle": text}  # fmt: skip
    land = {"name": "Test Tower", "type_line": "Land", "oracle": "{T}: Add {C}."}
    assert could(board({**zhao, "counters": {"conqueror": 1}}, land))["p1"] == "R"
    assert could(board(zhao, land))["p1"] == "C"


def test_unspent_mana_that_becomes_red() -> None:
    """'If you would lose unspent mana, that mana becomes red instead.' (Ozai) is read as such."""
    (effect,) = parse_oracle("If you would lose unspent mana, that mana becomes red instead.").effects
    assert isinstance(effect, UnspentManaEffect)
    assert effect.mode is UnspentMode.BECOME and effect.becomes is ManaType.R


def test_keywords_while_a_condition_holds_change_no_payment() -> None:
    """'~ has flying and indestructible as long as you have six or more unspent mana': keywords only, which
    nothing in a payment reads: ignored, not unsupported."""
    parsed = parse_oracle("Ozai has flying and indestructible as long as you have six or more unspent mana.",
                          "Ozai")  # fmt: skip
    assert [s.read_as for s in parsed.sentences] == ["ignored"]


UNICORN = {
    "name": "Test Unicorn",
    "type_line": "Creature — Unicorn",
    "power": 2,
    "toughness": 2,
    "oracle": "{T}: Add {C}. Spend this mana only to pay cumulative upkeep costs.",
}


@pytest.mark.parametrize(("purposes", "payable"), [((), False), (("cumulative_upkeep",), True)])
def test_mana_for_a_purpose_pays_a_payment_that_says_it_is_that(
    purposes: tuple[str, ...], payable: bool
) -> None:
    """'Spend this mana only to pay cumulative upkeep costs' (Adarkar Unicorn): the {C} pays {1} exactly when
    the payment says it is a cumulative upkeep cost (``purposes``); otherwise nothing pays it."""
    from dataclasses import replace

    found = board(UNICORN)
    target = replace(PaymentTarget.of("{1}"), purposes=frozenset(purposes))
    assert pay(found, target).payable is payable
    assert reference_search(found, target, max_states=20_000).payable is payable


@pytest.mark.parametrize(("cost", "keywords", "payable"), [("{1}", (), False), ("{1}", ("devoid",), True)])
def test_mana_for_spells_with_a_keyword(cost: str, keywords: tuple[str, ...], payable: bool) -> None:
    """'Spend this mana only to cast a spell with devoid' (Corrupted Crossroads): the spell's keywords say."""
    from dataclasses import replace

    text = "{T}: Add one mana of any color. Spend this mana only to cast a spell with devoid."
    crossroads = {"name": "Test Crossroads", "type_line": "Land", "oracle": text}
    target = replace(PaymentTarget.of(cost), keywords=frozenset(keywords))
    assert pay(board(crossroads), target).payable is payable


@pytest.mark.parametrize(("cost", "payable"), [("{2}{G}", False), ("{3}{G}", True), ("{X}{G}", True)])
def test_mana_for_spells_of_a_mana_value(cost: str, payable: bool) -> None:
    """'Spend this mana only to cast spells with mana value 4 or greater' (Ashling): {2}{G} (mana value 3)
    can't use it, {3}{G} can; with X = 3, {X}{G} has mana value 4 on the stack (CR 202.3e)."""
    text = "{T}: Add {G}{G}. Spend this mana only to cast spells with mana value 4 or greater."
    ashling = {"name": "Test Ashling", "type_line": "Land", "oracle": text}
    forest = {**FOREST}
    found = board(ashling, forest, forest)
    target = PaymentTarget.of(cost)
    if target.cost.has_variable:
        target = target.with_x(3)
    assert pay(found, target).payable is payable
    assert reference_search(found, target, max_states=20_000).payable is payable


def test_the_purpose_option_is_checked_before_the_board_is_read() -> None:
    from planner.questions import PayQuestion
    from planner.requests import pay_request

    def never() -> Any:  # pragma: no cover (the option is refused first)
        raise AssertionError("the board was read")

    with pytest.raises(InputError, match="--purpose: expected one of cumulative-upkeep"):
        pay_request(lambda strict: never(), PayQuestion(cost="{1}", purposes=("upkeep",)))


def test_a_power_changed_by_an_effect_not_read_is_never_guessed() -> None:
    """An anthem that counts cards ('get +1/+1 for each card in your hand') makes a 3-power creature a
    bigger one with cards in hand; the reader reads no such effect (a pump for each permanent it reads), so
    the ability that reads a power is set aside with a warning naming the anthem, never used with the printed
    power."""
    from planner.api import text_warnings

    big = {"name": "Big", "type_line": "Creature — Beast", "power": 3, "toughness": 4}
    anthem = {
        "name": "Test Anthem",
        "type_line": "Enchantment",
        "oracle": "Creatures you control get +1/+1 for each card in your hand.",
    }
    found = board(AUDIENCE, big, anthem)
    assert any("changes creatures' power" in w.reason for w in text_warnings(found))
    assert not pay(found, PaymentTarget.of("{G}{G}")).payable  # (the Audience is not used at all)


@pytest.mark.parametrize(("designations", "payable"), [([], False), (["renowned"], True)])
def test_an_ability_while_the_permanent_is_renowned(designations: list[str], payable: bool) -> None:
    """'As long as ~ is renowned, it has "{T}: Add one mana of any color."' (Honored Hierarch): {U} from it
    exactly when the board says it is renowned (its ``designations``)."""
    hierarch = {
        "name": "Test Hierarch",
        "type_line": "Creature — Human Druid",
        "power": 1,
        "toughness": 1,
        "oracle": "Renown 1\nAs long as Test Hierarch is renowned, it has vigilance and "
        '"{T}: Add one mana of any color."',
        "designations": designations,
    }
    assert agrees_with_the_reference(board(hierarch), "{U}") is payable


def test_an_unknown_designation_is_bad_input() -> None:
    with pytest.raises(Exception, match=r"permanents\[0\]\.designations\[0\]: unknown designation"):
        board({"name": "X", "type_line": "Land", "designations": ["famous"]})


@pytest.mark.parametrize(
    ("active", "step", "payable"),
    [("me", "main", True), ("me", "end", False), ("opp", "main", False)],
)
def test_an_ability_only_during_your_turn_before_the_end_step(active: str, step: str, payable: bool) -> None:
    """'Any player may activate this ability but only during their turn before the end step' (Mana Cache):
    its controller pays {C} from it in their own main phase, not in the end step, not in another's turn."""
    cache = {
        "id": "c",
        "controller": "me",
        "name": "Test Cache",
        "type_line": "Enchantment",
        "oracle": "Remove a charge counter from Test Cache: Add {C}. Any player may activate this ability "
        "but only during their turn before the end step.",
        "counters": {"charge": 1},
    }
    found = Board.from_dict(
        {"version": 1, "players": [{"id": "me"}, {"id": "opp"}], "active_player": active, "step": step,
         "permanents": [cache]}
    )  # fmt: skip
    assert agrees_with_the_reference(found, "{1}") is payable
