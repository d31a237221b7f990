"""Mana of a type the land a cost untapped could produce (issue 35): Benthic Explorers' '{T}, Untap a tapped
land an opponent controls: Add one mana of any type that land could produce.' (CR 106.7). Before, the output
was not read and the ability was never used (a warning). Now it is executed where the land chosen makes no
difference to the types (every land the cost's words describe could produce the same ones, read from fixed
outputs with no replacement effect on the board); elsewhere it stays set aside with a warning naming the
lands. Each Explorers untaps a land tapped now: two can't untap the same one (CR 118.3: an untapped land
can't pay "untap a tapped land").

Values are derived by hand from the rules; each verdict is checked against the reference search too
(:func:`boards.checked_verdict`). The cards are small fixtures written here (and basic lands).
"""

from __future__ import annotations

from typing import Any

from boards import ME, OPP, card, checked_verdict, could, custom, largest_x, make_board

from models.abilities import PaletteKind
from models.oracle import parse_oracle
from planner.api import text_warnings

EXPLORERS = "{T}, Untap a tapped land an opponent controls: Add one mana of any type that land could produce."


def explorers(pid: str) -> dict[str, Any]:
    return custom("Test Explorers", pid, "Creature — Merfolk Scout", EXPLORERS, controller=ME)


def theirs(name: str, pid: str, **fields: Any) -> dict[str, Any]:
    return card(name, pid, controller=OPP, **fields)


def test_the_output_is_read_as_what_the_untapped_land_could_produce() -> None:
    read = parse_oracle(EXPLORERS, "Test Explorers")
    (ability,) = read.mana_abilities
    assert ability.output.palette.kind is PaletteKind.REFLECT_UNTAPPED and not read.unsupported
    # ('that land' with no land its cost untaps: not read, never guessed)
    other = "{T}: Add one mana of any type that land could produce."
    assert parse_oracle(other).unsupported == (other,)


def test_an_opponents_tapped_forest_gives_green() -> None:
    """The opponent's Forests, one tapped: the Explorers untaps it for {G} (CR 106.7); with my Swamp,
    {1}{G} but not {G}{G}; X = 2. What it could produce: {G} (CR 106.7 ignores whether the cost could be
    paid: any Forest of theirs). No warning."""
    board = make_board(
        [explorers("ex"), card("Swamp", "s"), theirs("Forest", "f1", tapped=True), theirs("Forest", "f2")]
    )
    assert checked_verdict(board, "{1}{G}") and not checked_verdict(board, "{G}{G}")
    assert largest_x(board) == 2 and could(board, ME) == {"ex": "G", "s": "B"} and not text_warnings(board)


def test_two_explorers_cant_untap_the_same_land() -> None:
    """Two Explorers, one tapped Forest of theirs: one {G} (the land is untapped after the first, CR 118.3);
    with two tapped Forests, {G}{G}."""
    one = make_board(
        [explorers("e1"), explorers("e2"), theirs("Forest", "f1", tapped=True), theirs("Forest", "f2")]
    )
    assert checked_verdict(one, "{G}") and not checked_verdict(one, "{G}{G}") and largest_x(one) == 1
    two = make_board(
        [
            explorers("e1"),
            explorers("e2"),
            theirs("Forest", "f1", tapped=True),
            theirs("Forest", "f2", tapped=True),
        ]
    )
    assert checked_verdict(two, "{G}{G}") and largest_x(two) == 2


def test_no_tapped_land_of_theirs_makes_nothing() -> None:
    """An untapped Forest only: the cost can't be paid (CR 118.3): nothing, though it could produce {G}."""
    board = make_board([explorers("ex"), theirs("Forest", "f")])
    assert not checked_verdict(board, "{G}") and largest_x(board) == 0 and could(board)["ex"] == "G"


def test_lands_of_different_types_set_the_ability_aside() -> None:
    """A tapped Forest and an Island of theirs: which land it untaps decides {G} or {U}, which is not
    followed: the ability is set aside with a warning naming the lands, and my Swamp alone pays: X = 1."""
    board = make_board(
        [explorers("ex"), card("Swamp", "s"), theirs("Forest", "f", tapped=True), theirs("Island", "i")]
    )
    (warning,) = text_warnings(board)
    assert warning.permanent == "ex" and "(f, i)" in str(warning)
    assert not checked_verdict(board, "{G}") and largest_x(board) == 1


def test_a_land_whose_mana_is_counted_sets_the_ability_aside() -> None:
    """A tapped land of theirs that adds {G} for each Elf its controller controls: what it could produce is
    not read from a fixed output (the count may be 0, or change), so the Explorers' ability is set aside with
    a warning, never guessed: nothing from it."""
    grove = custom(
        "Test Grove", "g", "Land", "{T}: Add {G} for each Elf you control.", controller=OPP, tapped=True
    )
    board = make_board([explorers("ex"), grove])
    (warning,) = text_warnings(board)
    assert warning.permanent == "ex" and "(g)" in str(warning)
    assert not checked_verdict(board, "{G}") and largest_x(board) == 0


def test_a_storage_land_of_theirs_gives_its_color() -> None:
    """A tapped land of theirs with storage counters ('Remove any number of storage counters ...: Add {B} for
    each ...'): each way of removing them makes {B}, so the Explorers untaps it for {B}: X = 1."""
    vault = custom(
        "Test Vault",
        "v",
        "Land",
        "{T}, Remove any number of storage counters from this land: Add {B} for each storage counter removed "
        "this way.",
        controller=OPP,
        tapped=True,
        counters={"storage": 2},
    )
    board = make_board([explorers("ex"), vault])
    assert checked_verdict(board, "{B}") and largest_x(board) == 1 and not text_warnings(board)
