"""A family of mana text the tenth probe (issue 35, cards printed 2020-2026) found answered "no" without a
warning: a mana ability followed by a delayed trigger on the next spell cast, in the wording "When you
cast your next spell this turn, ..." (Codie, Vociferous Codex), whose effect looks at or moves cards of
the library. And a spell's own reduction of colored mana on a fact of the turn the board gives, "This spell
costs {U} less to cast if an opponent cast two or more spells this turn." (Ertai's Scorn), read as the
opponents' ``spells_cast_this_turn`` (contract section 10), the {U} off the cost's colored part (CR
601.2f, 118.7b-d).

The amended CR 605.1a (2026-08-07) makes an ability whose cost or effect moves a card to or from a library no
mana ability; but the delayed trigger is an ability of its own (CR 603.7a), created as the mana is added and
done when a later spell is cast (CR 601.2i), never during the payment the mana is made for: the ability stays
a mana ability, and the sentences after the trigger are that trigger's effect. The cards are made up, in the
phrases of real cards; values are derived by hand, and each verdict is checked against the reference search
(:func:`boards.checked_verdict`).
"""

from __future__ import annotations

from typing import Any

from boards import checked_verdict, make_board, mine

from models.board import Board, Card
from models.cost import PaymentTarget
from models.oracle import parse_oracle
from models.spells import spell_target
from planner.api import pay, text_warnings

#: Codie's shape: a generic cost for five colors, then a delayed trigger that exiles from the library.
CODEX: dict[str, Any] = {
    "name": "Test Codex",
    "type_line": "Legendary Artifact Creature — Construct",
    "oracle": "You can't cast creature spells.\n{4}, {T}: Add {W}{U}{B}{R}{G}. When you cast your next spell "
    "this turn, exile cards from the top of your library until you exile a land card. Put the rest on the "
    "bottom of your library in a random order.",
}


def _forests(count: int) -> list[dict[str, Any]]:
    return [mine(f"f{n}", "Forest") for n in range(count)]


def test_the_codex_ability_is_read_as_a_mana_ability_with_its_delayed_trigger() -> None:
    """Every sentence of the ability is read (the trigger and its effect), none filed as no mana ability."""
    parsed = parse_oracle(CODEX["oracle"], CODEX["name"])
    assert [s.read_as for s in parsed.sentences][1:] == ["mana_ability"] * 3
    assert len(parsed.mana_abilities) == 1


def test_four_forests_pay_the_codex_and_its_five_colors_pay_the_spell() -> None:
    """Four Forests pay {4} while the spell is paid (CR 605.3a): WUBRG, but the Forests' mana is then spent,
    so {W}{U}{B}{R}{G}{1} is one more than the board makes; three Forests can't pay {4}."""
    board = make_board([mine("c", CODEX), *_forests(4)], opponent=False)
    assert not text_warnings(board)
    assert checked_verdict(board, "{W}{U}{B}{R}{G}")
    assert not checked_verdict(board, "{W}{U}{B}{R}{G}{1}")
    assert not checked_verdict(make_board([mine("c", CODEX), *_forests(3)], opponent=False), "{W}")


def test_a_restriction_after_the_trigger_still_restricts_the_mana() -> None:
    """'Spend this mana only ...' after the trigger is the mana's, not the trigger's: its {G} pays a creature
    spell, not an instant (CR 106.6)."""
    idol = {
        "name": "Test Idol",
        "type_line": "Artifact",
        "oracle": "{T}: Add {G}. When you cast your next spell this turn, look at the top card of your "
        "library. Spend this mana only to cast creature spells.",
    }
    board = make_board([mine("i", idol)], opponent=False)
    assert not text_warnings(board)
    assert pay(board, PaymentTarget.of("{G}", type_line="Creature — Bear")).payable
    assert not pay(board, PaymentTarget.of("{G}", type_line="Instant")).payable


def test_mana_words_after_the_trigger_stay_unread() -> None:
    """A sentence after the trigger that adds mana is not swallowed as the trigger's effect: it stays
    unread, and the ability is set aside with a warning (contract section 5)."""
    odd = {
        "name": "Test Odd Idol",
        "type_line": "Artifact",
        "oracle": "{T}: Add {G}. When you cast your next spell this turn, look at the top card of your "
        "library. Add {R} for each card in your hand.",
    }
    board = make_board([mine("o", odd)], opponent=False)
    assert text_warnings(board)
    assert not pay(board, PaymentTarget.of("{G}")).payable


def test_an_ability_that_exiles_from_the_library_itself_is_still_no_mana_ability() -> None:
    """'{T}: Add {C}. Exile the top card of your library.' moves a card as it resolves (CR 605.1a as amended
    2026-08-07): no mana ability, so it pays nothing."""
    parsed = parse_oracle("{T}: Add {C}. Exile the top card of your library.", "Test Reliquary")
    assert [s.read_as for s in parsed.sentences] == ["not_payment"] * 2 and not parsed.mana_abilities


#: Ertai's Scorn's shape, on a made-up counterspell.
SCORN: dict[str, Any] = {
    "name": "Test Scorn",
    "type_line": "Instant",
    "mana_cost": "{1}{U}{U}",
    "oracle": "This spell costs {U} less to cast if an opponent cast two or more spells this turn.\n"
    "Counter target spell.",
}


def _scorn_board(islands: int, mine: int, theirs: int, *, ral: bool = False) -> Board:
    """Islands (and a Ral-like '{1} less' for instants) of "me", with the spells each player cast."""
    permanents: list[dict[str, Any]] = [
        {"id": f"i{n}", "card": "Island", "controller": "me"} for n in range(islands)
    ]
    if ral:
        permanents.append(
            {"id": "r", "name": "Test Mage", "type_line": "Creature — Human Wizard", "controller": "me",
             "oracle": "Instant and sorcery spells you cast cost {1} less to cast."}
        )  # fmt: skip
    players = [{"id": "me", "spells_cast_this_turn": mine}, {"id": "opp", "spells_cast_this_turn": theirs}]
    return Board.from_dict({"version": 1, "players": players, "permanents": permanents})


def test_the_scorn_costs_one_blue_less_once_an_opponent_cast_two_spells() -> None:
    """{1}{U}{U} less {U}: {1}{U} from two Islands once the opponent cast two spells (three too), not after
    one; the player's own spells don't count. No warning: the board gives the fact (0 when not given)."""
    target = spell_target(Card.from_json(SCORN))
    read = pay(_scorn_board(2, 0, 2), target)
    assert read.payable and read.total_cost == "{1}{U}" and not read.warnings
    assert pay(_scorn_board(2, 0, 3), target).payable
    assert not pay(_scorn_board(2, 0, 1), target).payable
    assert not pay(_scorn_board(2, 5, 0), target).payable
    assert not pay(_scorn_board(1, 0, 2), target).payable


def test_the_scorn_and_a_generic_reduction_leave_one_blue() -> None:
    """With an instant's '{1} less' too, {1}{U}{U} loses {1} and {U}: one Island pays {U} (CR 601.2f)."""
    target = spell_target(Card.from_json(SCORN))
    both = pay(_scorn_board(1, 0, 2, ral=True), target)
    assert both.payable and both.total_cost == "{U}"
    assert not pay(_scorn_board(1, 0, 1, ral=True), target).payable
