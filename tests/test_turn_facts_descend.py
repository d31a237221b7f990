"""The cards put into a player's graveyard this turn (issue 35 item 2, contract section 10): the board's
``players[i].cards_put_into_graveyard_this_turn`` lists them (names or objects, as ``hand`` allows), from
anywhere. Descend's "if you descended this turn" asks a permanent card among them (CR 110.4b: an
artifact, battle, creature, enchantment, land or planeswalker card); "if a creature card was put into your
graveyard from anywhere this turn" (Macabre Reconstruction's shape) a creature card. The cards are as
they are in the graveyard, as printed (CR 400.7). Not given, none is counted (warned with the field's
path). A turn plan's own sacrifice of a card (not a token, CR 111.7) and its own discard (CR 701.8) put the
card into its owner's graveyard: the turn's later spells see it.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import ME, search
from turn_brute_force import brute_force, matches_brute_force

from models.abilities import AmountKind
from models.board import Board, Card
from models.errors import BoardError
from models.mana_effects import CostModifier
from models.oracle import read_card
from models.oracle.alternative_costs import alternative_cost_of
from models.spells import spell_target
from models.types import TypeLine
from planner.api import pay
from planner.turn import plan_turn

#: your own cards: {3}{B}, {2} less once a creature card was put into your graveyard this turn; {2}{R},
#: {2} less once you descended
RECLAIM = {
    "name": "Test Reclaim",
    "type_line": "Sorcery",
    "mana_cost": "{3}{B}",
    "oracle": "This spell costs {2} less to cast if a creature card was put into your graveyard from "
    "anywhere this turn.\nDraw a card.",
}
DELVER = {
    "name": "Test Cave Delver",
    "type_line": "Sorcery",
    "mana_cost": "{2}{R}",
    "oracle": "This spell costs {2} less to cast if you descended this turn.",
}
BOLT = {"name": "Test Bolt", "type_line": "Instant", "mana_cost": "{R}", "oracle": ""}


def _board(
    put: Any,
    *,
    lands: str = "Swamp",
    count: int = 2,
    hand: list[Any] | None = None,
    more: tuple[dict[str, Any], ...] = (),
) -> Board:
    player: dict[str, Any] = {"id": ME, "hand": hand or []}
    if put is not None:
        player["cards_put_into_graveyard_this_turn"] = put
    return Board.from_dict(
        {
            "version": 1,
            "players": [player],
            "permanents": [
                *({"id": f"l{n}", "card": lands, "controller": ME} for n in range(count)),
                *more,
            ],
        }
    )


def _amount_types(text: str) -> tuple[str, ...] | None:
    (effect,) = read_card(text, "Test", TypeLine.parse("Sorcery")).effects
    assert isinstance(effect, CostModifier) and effect.amount is not None
    assert effect.amount.kind is AmountKind.PUT_INTO_GRAVEYARD and effect.amount.filter is not None
    return effect.amount.filter.types


def test_the_conditions_are_read() -> None:
    assert _amount_types("This spell costs {1} less to cast if you descended this turn.") == ("Permanent",)
    creature = "This spell costs {2} less to cast if a creature card was put into your graveyard this turn."
    assert _amount_types(creature) == ("Creature",)
    # ('a card': an instant or sorcery card too, which the turn plans do not record as they resolve: unread)
    plain = read_card(
        "This spell costs {1} less to cast if a card was put into your graveyard this turn.",
        "Test",
        TypeLine.parse("Sorcery"),
    )
    assert not plain.effects and plain.unsupported
    # (the same phrase in an alternative cost's condition)
    way = alternative_cost_of("If you descended this turn, you may pay {R} rather than pay ~'s mana cost.")
    assert way is not None
    assert [c.amount.kind for c in way.if_turn_facts] == [AmountKind.PUT_INTO_GRAVEYARD]


@pytest.mark.parametrize(
    ("card", "lands", "put", "reduced"),
    [
        (RECLAIM, "Swamp", ["Llanowar Elves"], True),  # a creature card
        (RECLAIM, "Swamp", [BOLT, "Forest"], False),  # an instant and a land: no creature card
        (RECLAIM, "Swamp", [], False),
        (DELVER, "Mountain", ["Forest"], True),  # a land card is a permanent card (CR 110.4b)
        (DELVER, "Mountain", ["Sol Ring"], True),
        (DELVER, "Mountain", [BOLT], False),  # an instant card is not
    ],
)
def test_the_list_answers(card: dict[str, Any], lands: str, put: list[Any], reduced: bool) -> None:
    """Two lands pay the reduced cost ({1}{B}, {R}: CR 601.2f), never the full one (four mana, three):
    the reference search agrees on both."""
    board = _board(put, lands=lands)
    result = pay(board, spell_target(Card.from_json(card)))
    assert result.payable is reduced, result.to_json()
    assert not result.warnings
    reduced_cost = "{1}{B}" if card is RECLAIM else "{R}"
    assert search(board, reduced_cost).payable
    assert not search(board, str(Card.from_json(card).mana_cost)).payable


def test_not_given_none_counted_and_warned() -> None:
    result = pay(_board(None), spell_target(Card.from_json(RECLAIM)))
    assert not result.payable
    assert [w.reason for w in result.warnings] == [
        "players[0].cards_put_into_graveyard_this_turn is not given: none counted"
    ]


def test_the_list_is_kept() -> None:
    board = _board(["Llanowar Elves", BOLT])
    assert [c.name for c in board.player(ME).cards_put_into_graveyard_this_turn or ()] == [
        "Llanowar Elves",
        "Test Bolt",
    ]
    assert Board.from_dict(board.to_dict()) == board


@pytest.mark.parametrize(("put", "why"), [(2, "expected a list of cards"), ([3], "expected a card")])
def test_bad_input_names_its_path(put: Any, why: str) -> None:
    with pytest.raises(BoardError) as error:
        _board(put)
    assert "players[0].cards_put_into_graveyard_this_turn" in str(error.value) and why in str(error.value)


#: your own spells: one sacrifices a creature (CR 701.21a), one discards a card (CR 701.8)
OFFERING = {
    "name": "Test Offering",
    "type_line": "Sorcery",
    "mana_cost": "{B}",
    "oracle": "As an additional cost to cast this spell, sacrifice a creature.\nDraw a card.",
}
DISCARD_NOTE = (
    "Test Reclaim: its cost reads the cards put into your graveyard this turn, and the cards the plan"
)
TOSS = {
    "name": "Test Toss",
    "type_line": "Sorcery",
    "mana_cost": "{B}",
    "oracle": "As an additional cost to cast this spell, discard a card.\nDraw a card.",
}


@pytest.mark.parametrize(("put", "cast"), [([], ["Test Offering", "Test Reclaim"]), (None, ["Test Reclaim"])])
def test_a_plan_sacrifice_puts_the_card_into_the_graveyard(put: list[Any] | None, cast: list[str]) -> None:
    """Three Swamps and Llanowar Elves (a card, not a token). Offering ({B}) sacrifices the Elves: a creature
    card is put into its owner's graveyard, so Reclaim costs {3}{B} - {2} = {1}{B}, the other two Swamps
    (CR 601.2f): both cast. Reclaim first would cost {3}{B}: three Swamps and the Elves pay it, leaving
    nothing for the Offering and no creature to sacrifice. Not given, the cards before the turn are not
    known: none counted, Reclaim ({3}{B}) is not cast after the Offering (two Swamps left), and Reclaim alone
    (mana value 4, paid by the three Swamps and the Elves) beats the Offering alone (1). The turn brute force
    agrees."""
    elves = {"id": "e", "card": "Llanowar Elves", "controller": ME}
    board = _board(put, count=3, hand=[OFFERING, RECLAIM], more=(elves,))
    turn = matches_brute_force(board)
    assert sorted(s.card for s in turn.spells) == sorted(cast), turn.to_json()


def test_a_plan_discard_is_not_counted_and_said() -> None:
    """Three Swamps; hand Toss, Reclaim and Llanowar Elves (a creature card). By the rules both spells are
    cast: Toss ({B}) discards the Elves (CR 701.8), a creature card put into the graveyard, so Reclaim costs
    {1}{B} (the brute force: mana value 5, three cards used up). The turn chooses the cards it discards
    after its spells: they are not counted in the field, which the notes say, and the plan (Toss alone:
    Reclaim's {3}{B} is more than two Swamps) is not called optimal. With five Swamps both are cast, Reclaim
    for {3}{B}, and the plan is replayed by the rules."""
    board = _board([], count=3, hand=[TOSS, RECLAIM, "Llanowar Elves"])
    assert brute_force(board) == (5, 3)
    turn = plan_turn(board, time_limit=60)
    assert not turn.optimal
    assert any(note.startswith(DISCARD_NOTE) for note in turn.notes), turn.notes
    more = plan_turn(_board([], count=5, hand=[TOSS, RECLAIM, "Llanowar Elves"]), time_limit=60)
    assert [(s.card, s.cost) for s in more.spells] == [("Test Toss", "{B}"), ("Test Reclaim", "{3}{B}")]
    assert not more.optimal


def test_a_card_listed_before_a_discard_still_counts() -> None:
    """Three Swamps, Llanowar Elves already put into the graveyard this turn; hand Toss, Reclaim and a
    Swamp card. Reclaim costs {1}{B} whatever Toss discards: both cast ({B} + {1}{B}, the three Swamps:
    mana value 5), replayed by the rules (the discard leaves what was listed as it was). The brute force
    agrees on the most mana value; the plan is not called optimal (the note on discards)."""
    board = _board(["Llanowar Elves"], count=3, hand=[TOSS, RECLAIM, "Swamp"])
    turn = plan_turn(board, time_limit=60)
    assert sorted(s.card for s in turn.spells) == ["Test Reclaim", "Test Toss"], turn.to_json()
    assert turn.mana_value_cast == brute_force(board)[0] == 5
    assert any(note.startswith(DISCARD_NOTE) for note in turn.notes), turn.notes
