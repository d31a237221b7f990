"""Families the seventh probe of unseen 2020-2026 cards found answered wrong WITHOUT a warning, now read:

- a spell's own "If an opponent controls a Plains and you control a Swamp, you may cast this spell without
  paying its mana cost." (Massacre, the Mercadian Masques Legates, Mogg Salvage): an alternative cost of no
  mana (CR 118.9) under conditions on the board; such a sentence the reader does not read ("If you control a
  commander, ...", which no board field records) is named in the answer's warnings, never dropped;
- a station threshold as the card prints it (and as Forge's card scripts write it), "STATION 12+" on a line
  of its own before its abilities, where Oracle text writes "12+ | ..." (CR 702.184): the abilities exist
  only with that many charge counters.

Values are derived by hand from the rules; the alternative costs are checked against the reference search's
outcomes of each way to cast the spell (test_alternative_costs.checked), the mana abilities against the
reference search (boards.checked_verdict).
"""

from __future__ import annotations

from typing import Any

from boards import OPP, checked_verdict, make_board, mine
from test_alternative_costs import Way, checked, paid_instead

from models.additional_costs import SacrificeCost
from models.board import Board
from models.cost import PaymentTarget
from models.oracle import parse_oracle
from models.oracle.alternative_costs import alternative_cost_of
from models.spells import spell_target
from planner.api import pay

#: Massacre's sentence under a test name (Mercadian Masques; reprinted 2023).
MASSACRE: dict[str, Any] = {
    "name": "Test Massacre",
    "type_line": "Sorcery",
    "mana_cost": "{2}{B}{B}",
    "oracle": "If an opponent controls a Plains and you control a Swamp, you may cast this spell without "
    "paying its mana cost.\nAll creatures get -2/-2 until end of turn.",
}
#: The Commander 2020 cycle's sentence: no board field says which permanent is a commander.
ROLLICK: dict[str, Any] = {
    "name": "Test Rollick",
    "type_line": "Instant",
    "mana_cost": "{3}{B}",
    "oracle": "If you control a commander, you may cast this spell without paying its mana cost.\n"
    "Exile target creature.",
}


def theirs(pid: str, card: str) -> dict[str, Any]:
    return {"id": pid, "card": card, "controller": OPP}


def test_the_reader_reads_the_conditions_of_a_free_cast() -> None:
    read = alternative_cost_of(
        "If an opponent controls an Island and you control a Mountain, you may cast ~ without paying its "
        "mana cost."
    )
    assert read is not None
    assert (read.if_opponent_controls, read.if_control, read.without_mana) == (
        ("Island",),
        ("Mountain",),
        True,
    )
    assert (
        alternative_cost_of("If you control a commander, you may cast ~ without paying its mana cost.")
        is None
    )


def test_massacre_is_free_while_an_opponent_controls_a_plains_and_i_a_swamp() -> None:
    # one Swamp can't pay {2}{B}{B}; the opponent's Plains and my Swamp make it free (CR 118.9)
    board = make_board([mine("s", "Swamp"), theirs("op", "Plains")], hand=[MASSACRE])
    result = checked(board, [None, Way("")])
    paid = paid_instead(result)
    assert paid is not None and paid.cost.describe() == "without paying its mana cost"
    assert result.tapped == () and not result.warnings
    # by its mana cost alone: no
    assert pay(board, spell_target(board.player("me").hand[0]), alternative_cost="forbid").payable is False


def test_massacre_needs_both_conditions() -> None:
    # no Plains across the table: only the mana cost, which one Swamp can't pay
    no_plains = make_board([mine("s", "Swamp"), theirs("oi", "Island")], hand=[MASSACRE])
    assert checked(no_plains, [None]).payable is False
    # my own Plains is not an opponent's
    my_plains = make_board([mine("s", "Swamp"), mine("p", "Plains")], hand=[MASSACRE])
    assert checked(my_plains, [None]).payable is False
    # the opponent's Plains but no Swamp of mine (an Island): no
    no_swamp = make_board([mine("i", "Island"), theirs("op", "Plains")], hand=[MASSACRE])
    result = checked(no_swamp, [None])
    assert result.payable is False
    required = pay(no_swamp, spell_target(no_swamp.player("me").hand[0]), alternative_cost="require")
    assert required.payable is False and "me controls no Swamp" in (required.reason or "")
    # four lands with two Swamps pay its mana cost: the mana is not needed, so it is free all the same
    four = make_board(
        [
            mine("s1", "Swamp"),
            mine("s2", "Swamp"),
            mine("f1", "Forest"),
            mine("f2", "Forest"),
            theirs("op", "Plains"),
        ],
        hand=[MASSACRE],
    )
    assert checked(four, [None, Way("")]).payable


def test_a_free_cast_under_a_condition_no_board_records_is_warned() -> None:
    board = make_board([mine("s", "Swamp")], hand=[ROLLICK])
    result = pay(board, spell_target(board.player("me").hand[0]))
    assert result.payable is False
    assert [w.sentence for w in result.warnings] == [
        "If you control a commander, you may cast ~ without paying its mana cost."
    ]


#: Evendo, Waking Haven as Forge's card script and the printed card write its station threshold.
EVENDO_PRINTED: dict[str, Any] = {
    "name": "Test Haven",
    "type_line": "Land — Planet",
    "oracle": "This land enters tapped.\n{T}: Add {G}.\nStation (Tap another creature you control: Put "
    "charge counters equal to its power on this Planet. Station only as a sorcery.)\nSTATION 12+\n{G}, {T}: "
    "Add {G} for each creature you control.",
}
BEAR: dict[str, Any] = {
    "name": "Test Bear",
    "type_line": "Creature — Bear",
    "oracle": "",
    "mana_cost": "{1}{G}",
}


def test_a_printed_station_threshold_reads_as_the_oracle_one() -> None:
    printed = parse_oracle(EVENDO_PRINTED["oracle"], "Test Haven")
    oracle = parse_oracle(EVENDO_PRINTED["oracle"].replace("STATION 12+\n", "12+ | "), "Test Haven")
    assert printed.mana_abilities == oracle.mana_abilities and len(printed.mana_abilities) == 2
    assert [a.activation_condition is not None for a in printed.mana_abilities] == [False, True]


def test_a_printed_station_ability_needs_its_charge_counters() -> None:
    # Forest + Evendo + three creatures: with 12 charge counters the Forest's {G} pays Evendo's {G}, which
    # adds {G}{G}{G}; with 11 (or none) only {T}: Add {G} is there: {G}{G} at most (CR 702.184)
    def board(charge: int) -> Any:
        bears = [mine(f"b{i}", BEAR, power=2, toughness=2) for i in range(3)]
        counters = {"charge": charge} if charge else {}
        return make_board([mine("f", "Forest"), mine("e", EVENDO_PRINTED, counters=counters), *bears])

    assert checked_verdict(board(12), "{G}{G}{G}") is True
    assert checked_verdict(board(11), "{G}{G}{G}") is False
    assert checked_verdict(board(0), "{G}{G}{G}") is False
    assert checked_verdict(board(0), "{G}{G}") is True


# ------------------------------------------------------------------ mana a player of your choice adds
VICTORY_CHIMES: dict[str, Any] = {
    "name": "Test Chimes",
    "type_line": "Artifact",
    "oracle": "Untap this artifact during each other player's untap step.\n{T}: A player of your choice "
    "adds {C}.",
}
SEARCHLIGHT: dict[str, Any] = {
    "name": "Test Searchlight",
    "type_line": "Artifact",
    "oracle": "{T}: Choose a player. That player adds one mana of any color they choose.",
}
VALLEYMAKER: dict[str, Any] = {
    "name": "Test Valleymaker",
    "type_line": "Creature — Giant Shaman",
    "oracle": "{T}, Sacrifice a Mountain: This creature deals 3 damage to target creature.\n{T}, Sacrifice a "
    "Forest: Choose a player. That player adds {G}{G}{G}.",
    "power": 5,
    "toughness": 5,
}


def test_mana_a_player_of_my_choice_adds_is_mine_to_pay_with() -> None:
    # the controller activates it and chooses themselves (a mana ability all the same, CR 605.1a)
    chimes = make_board([mine("v", VICTORY_CHIMES)])
    assert checked_verdict(chimes, "{1}") is True and checked_verdict(chimes, "{C}{C}") is False
    searchlight = make_board([mine("s", SEARCHLIGHT), mine("f", "Forest")])
    assert checked_verdict(searchlight, "{U}{G}") is True and checked_verdict(searchlight, "{U}{U}") is False
    # an opponent's is theirs to activate: nothing for me
    theirs_only = make_board([{**VICTORY_CHIMES, "id": "v", "controller": OPP}])
    assert checked_verdict(theirs_only, "{1}") is False
    assert not pay(chimes, PaymentTarget.of("{1}")).warnings


def test_valleymaker_taps_the_forest_then_sacrifices_it() -> None:
    # the Forest's {G} first, then the Forest is sacrificed for {G}{G}{G} (mana abilities before costs are
    # paid, CR 601.2g-h and 605.3a): {G}{G}{G}{G} from two permanents; five is one too many
    board = make_board([mine("v", VALLEYMAKER), mine("f", "Forest")])
    assert checked_verdict(board, "{G}{G}{G}{G}") is True
    assert checked_verdict(board, "{G}{G}{G}{G}{G}") is False
    assert checked_verdict(make_board([mine("v", VALLEYMAKER), mine("m", "Mountain")]), "{G}") is False


# ------------------------------------------------------------------ returning a land instead of the mana
DAZE: dict[str, Any] = {
    "name": "Test Daze",
    "type_line": "Instant",
    "mana_cost": "{1}{U}",
    "oracle": "You may return an Island you control to its owner's hand rather than pay this spell's mana "
    "cost.\nCounter target spell unless its controller pays {1}.",
}
BORDERPOST: dict[str, Any] = {
    "name": "Test Borderpost",
    "type_line": "Artifact",
    "mana_cost": "{1}{B}{R}",
    "oracle": "You may pay {1} and return a basic land you control to its owner's hand rather than pay this "
    "spell's mana cost.\nThis artifact enters tapped.\n{T}: Add {B} or {R}.",
}
WASTELAND: dict[str, Any] = {"name": "Test Waste", "type_line": "Land", "oracle": "{T}: Add {C}."}
RETURN_ISLAND = SacrificeCost(1, ("Island",), returned=True)
RETURN_BASIC = SacrificeCost(1, ("Land",), returned=True, basic=True)


def test_daze_returns_an_island_rather_than_pay() -> None:
    # one Island can't pay {1}{U}; returning it pays the alternative cost (CR 118.9)
    board = make_board([mine("i", "Island")], hand=[DAZE])
    result = checked(board, [None, Way("", sacrifice=(RETURN_ISLAND,))])
    paid = paid_instead(result)
    assert paid is not None and paid.sacrificed == ("i",) and not result.warnings
    assert "returned to hand i" in paid.describe()
    # a client reads the returned Island where returns are named, never among the sacrificed
    entry = paid.to_json()
    assert entry["returned"] == ["i"] and entry["sacrificed"] == []
    # no Island: only the mana cost, which a Forest can't pay
    assert checked(make_board([mine("f", "Forest")], hand=[DAZE]), [None]).payable is False


def test_a_borderpost_taps_the_basic_land_for_its_1_then_returns_it() -> None:
    # a Swamp alone: its {B} pays the {1}, then it is the basic land returned (mana abilities are activated
    # before the costs are paid, CR 601.2g-h), so one land casts the Borderpost
    board = make_board([mine("s", "Swamp")], hand=[BORDERPOST])
    result = checked(board, [None, Way("{1}", sacrifice=(RETURN_BASIC,))])
    paid = paid_instead(result)
    assert paid is not None and paid.sacrificed == ("s",) and result.tapped == ("s",)
    # a nonbasic land makes the {1} but is no basic land to return: no
    nonbasic = make_board([mine("w", WASTELAND)], hand=[BORDERPOST])
    assert checked(nonbasic, [None]).payable is False
    # the nonbasic land's {C} for the {1} and a Mountain to return
    both = make_board([mine("w", WASTELAND), mine("m", "Mountain")], hand=[BORDERPOST])
    assert checked(both, [None, Way("{1}", sacrifice=(RETURN_BASIC,))]).payable


MINE_COLLAPSE: dict[str, Any] = {
    "name": "Test Collapse",
    "type_line": "Instant",
    "mana_cost": "{3}{R}",
    "oracle": "If it's your turn, you may sacrifice a Mountain rather than pay this spell's mana cost.\n"
    "This spell deals 5 damage to target creature or planeswalker.",
}


def test_mine_collapse_sacrifices_a_mountain_on_my_turn_only() -> None:
    # one Mountain can't pay {3}{R}; on my turn it is sacrificed instead (CR 118.9); on the opponent's
    # turn the alternative cost is not there
    mine_turn = make_board([mine("m", "Mountain")], hand=[MINE_COLLAPSE])
    result = checked(mine_turn, [None, Way("", sacrifice=(SacrificeCost(1, ("Mountain",)),))])
    paid = paid_instead(result)
    assert paid is not None and paid.sacrificed == ("m",)
    their_turn = Board.from_dict({**mine_turn.to_dict(), "active_player": OPP})
    target = spell_target(their_turn.player("me").hand[0])
    assert pay(their_turn, target, player="me").payable is False
    required = pay(their_turn, target, player="me", alternative_cost="require")
    assert "it is not me's turn" in (required.reason or "")


ABJURE: dict[str, Any] = {
    "name": "Test Abjure",
    "type_line": "Instant",
    "mana_cost": "{U}",
    "oracle": "As an additional cost to cast this spell, sacrifice a blue permanent.\nCounter target spell.",
}
BLUE_SPRITE: dict[str, Any] = {
    "name": "Test Sprite",
    "type_line": "Creature — Faerie",
    "oracle": "",
    "mana_cost": "{1}{U}",
    "power": 1,
    "toughness": 1,
}


def test_abjure_sacrifices_a_blue_permanent_and_a_land_is_none() -> None:
    # an Island pays {U}; the Sprite (blue) is the permanent sacrificed; an Island is colorless (CR 105.2c),
    # so an Island alone can't pay the additional cost (was a warned "yes")
    board = make_board([mine("i", "Island"), mine("s", BLUE_SPRITE)], hand=[ABJURE])
    result = checked(board, [None])
    assert result.payable and result.additional is not None and result.additional.sacrificed == ("s",)
    assert not result.warnings
    assert checked(make_board([mine("i", "Island")], hand=[ABJURE]), [None]).payable is False
    # the Sprite is sacrificed, not returned: the answer says so
    assert result.additional.to_json() == {"sacrificed": ["s"], "discarded": []}


RUSE: dict[str, Any] = {
    "name": "Test Ruse",
    "type_line": "Instant",
    "mana_cost": "{U}{U}",
    "oracle": "As an additional cost to cast this spell, return a creature you control to its owner's hand.\n"
    "Counter target spell.",
}


def test_a_creature_returned_for_an_additional_cost_is_named_returned() -> None:
    # two Islands pay {U}{U}; the Sprite is returned to its owner's hand (CR 601.2h), which the answer
    # names as returned, in its JSON and its words, so that a client doesn't sacrifice it
    board = make_board([mine("i", "Island"), mine("j", "Island"), mine("s", BLUE_SPRITE)], hand=[RUSE])
    result = checked(board, [None])
    assert result.payable and result.additional is not None
    assert result.additional.to_json() == {"sacrificed": [], "discarded": [], "returned": ["s"]}
    assert result.additional.describe() == "returned to hand s for the additional cost"
    no_creature = make_board([mine("i", "Island"), mine("j", "Island")], hand=[RUSE])
    assert checked(no_creature, [None]).payable is False
