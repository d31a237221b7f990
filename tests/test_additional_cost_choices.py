"""A choice of additional costs (issue 35, the families the probes left warned): Bone Shards' "As an
additional cost to cast this spell, sacrifice a creature or discard a card." The player chooses one as the
spell is cast (CR 601.2b) and pays it after the mana abilities (CR 601.2g-h); the planner solves each way as
the spell with that cost (:func:`planner.rules.additional_costs.cost_ways`) and pays the best by the whole
objective, which weighs a card lost from the hand before a permanent sacrificed (``docs/objective.md``).

Each answer is checked against the brute force of ``test_additional_costs`` (every plan of the reference
search, every choice of what pays the cost) run for each way, the best of them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from boards import ME, card, make_board
from test_additional_costs import BEARS, brute_force

from models.additional_costs import DiscardCost, EitherCost, OptionalSacrifice, SacrificeCost
from models.board import Board, Card
from models.cost import ManaCost
from models.oracle import parse_oracle
from models.oracle.additional_costs import additional_costs
from models.spells import spell_target
from planner.api import PayResult, pay, spell_text_warnings
from planner.rules.additional_costs import AdditionalPaid, cost_ways
from planner.rules.question import view_of
from planner.rules.view import locked_in

#: Bone Shards, as printed.
SHARDS: dict[str, Any] = {
    "name": "Bone Shards",
    "type_line": "Sorcery",
    "mana_cost": "{B}",
    "oracle": "As an additional cost to cast this spell, sacrifice a creature or discard a card.\nDestroy "
    "target creature or planeswalker.",
}


def _checked(board: Board) -> PayResult:
    """The payment of the hand's first card, checked against the best of the brute force over its ways."""
    target = spell_target(board.player(ME).hand[0])
    result = pay(board, target)
    found = [
        brute_force(board, locked_in(view_of(board), way.on(target), ME))
        for way in cost_ways(target.additional_costs)
    ]
    best = min((levels for levels in found if levels is not None), default=None)
    assert result.payable == (best is not None), result.reason
    if best is not None:
        assert result.plan is not None and result.optimal
        assert tuple(value for _, value in result.objective) == best
    return result


def test_the_choice_is_read_as_one_cost_of_two_ways() -> None:
    (cost,) = additional_costs(SHARDS["oracle"], SHARDS["name"])
    assert cost == EitherCost((SacrificeCost(1, ("Creature",)), DiscardCost(1)))
    assert str(cost) == "sacrifice a creature or discard a card"
    assert [tuple(map(str, way.costs)) for way in cost_ways((cost,))] == [
        ("sacrifice a creature",),
        ("discard a card",),
    ]
    # (a choice with a part not read stays unread: X life, whose X nothing names)
    (unread,) = additional_costs("As an additional cost to cast this spell, discard a card or pay X life.")
    assert str(unread) == "discard a card or pay X life" and not isinstance(unread, EitherCost)


def test_a_creature_is_sacrificed_rather_than_a_card_discarded() -> None:
    """A Swamp pays {B}; the Bears or the Forest card pay the cost: a card lost from the hand weighs first,
    so the Bears go."""
    board = make_board([card("Swamp", "s1"), {**BEARS, "id": "b"}], hand=[SHARDS, "Forest"])
    result = _checked(board)
    assert result.additional == AdditionalPaid(("b",), ())


def test_without_a_creature_a_card_is_discarded() -> None:
    board = make_board([card("Swamp", "s1")], hand=[SHARDS, "Forest"])
    result = _checked(board)
    assert result.additional == AdditionalPaid((), ("Forest",))


def test_the_dork_that_paid_the_mana_is_sacrificed() -> None:
    """{B} from the Swamp; the Elves, untouched, or the Forest card: the Elves (a card weighs first)."""
    board = make_board([card("Swamp", "s1"), card("Llanowar Elves", "elf")], hand=[SHARDS, "Forest"])
    assert _checked(board).additional == AdditionalPaid(("elf",), ())


def test_neither_way_payable_names_both() -> None:
    result = _checked(make_board([card("Swamp", "s1")], hand=[SHARDS]))
    assert result.reason == (
        "sacrifice a creature: me controls no creature; discard a card: me's hand has too few other cards"
    )


# ------------------------------------------------------------------------------------------ optional costs

#: Ice Out's bargain and its reduction (its effect aside).
ICE_OUT: dict[str, Any] = {
    "name": "Ice Out",
    "type_line": "Instant",
    "mana_cost": "{1}{U}{U}",
    "oracle": "Bargain (You may sacrifice an artifact, enchantment, or token as you cast this spell.)\n"
    "This spell costs {1} less to cast if it's bargained.\nCounter target spell. If this spell was "
    "bargained, draw a card.",
}
#: Dargo, the Shipwrecker's costs, on a smaller mana cost.
DARGO: dict[str, Any] = {
    "name": "Test Dargo",
    "type_line": "Legendary Creature — Giant Pirate",
    "mana_cost": "{4}{B}{R}",
    "oracle": "As an additional cost to cast this spell, you may sacrifice any number of artifacts and/or "
    "creatures. This spell costs {2} less to cast for each permanent sacrificed this way and {2} less to "
    "cast for each other artifact or creature you've sacrificed this turn.\nTrample",
}
STATUE: dict[str, Any] = {"name": "Ornate Statue", "type_line": "Artifact", "mana_cost": "{4}"}
SOLDIER: dict[str, Any] = {"name": "Soldier", "type_line": "Creature — Soldier", "token": True}


def _best_of(board: Board, ways: list[tuple[str, tuple[Any, ...]]]) -> tuple[int, ...] | None:
    """The brute force's best over ways of casting the hand's first card, each its total cost (worked out by
    hand) and its additional costs."""
    target = spell_target(board.player(ME).hand[0])
    found = [
        brute_force(board, replace(target, cost=ManaCost.parse(cost), additional_costs=costs))
        for cost, costs in ways
    ]
    return min((levels for levels in found if levels is not None), default=None)


def _agrees(board: Board, ways: list[tuple[str, tuple[Any, ...]]]) -> PayResult:
    result = pay(board, spell_target(board.player(ME).hand[0]))
    best = _best_of(board, ways)
    assert result.payable == (best is not None), result.reason
    if best is not None:
        assert result.optimal and tuple(value for _, value in result.objective) == best
    return result


#: Ice Out's two ways: its mana cost, or {U}{U} and a sacrifice (CR 702.166a, 601.2f).
ICE_WAYS = [("{1}{U}{U}", ()), ("{U}{U}", (SacrificeCost(1, ("Artifact", "Enchantment"), tokens=True),))]


def test_bargain_and_its_reduction_are_read_as_one_optional_cost() -> None:
    (cost,) = additional_costs(ICE_OUT["oracle"], ICE_OUT["name"])
    assert cost == OptionalSacrifice(
        SacrificeCost(1, ("Artifact", "Enchantment"), tokens=True), 1, reduction=1
    )
    assert [s.read_as for s in parse_oracle(ICE_OUT["oracle"], ICE_OUT["name"]).sentences] == [
        "ignored",
        "effect",
        "ignored",
        "ignored",
    ]
    assert not spell_text_warnings(spell_target(make_board([], hand=[ICE_OUT]).player(ME).hand[0]))


def test_two_islands_cast_ice_out_bargained_with_a_statue() -> None:
    """Two Islands can't pay {1}{U}{U}; bargained, the Statue sacrificed, {U}{U}."""
    board = make_board([card("Island", "i1"), card("Island", "i2"), {**STATUE, "id": "st"}], hand=[ICE_OUT])
    result = _agrees(board, ICE_WAYS)
    assert result.additional == AdditionalPaid(("st",), ()) and result.total_cost == "{U}{U}"


def test_three_islands_keep_the_statue() -> None:
    """Three Islands pay {1}{U}{U}: sacrificing the Statue is worse (a permanent lost)."""
    board = make_board(
        [card("Island", "i1"), card("Island", "i2"), card("Island", "i3"), {**STATUE, "id": "st"}],
        hand=[ICE_OUT],
    )
    result = _agrees(board, ICE_WAYS)
    assert not result.additional and result.total_cost == "{1}{U}{U}"


def test_a_token_creature_is_bargained_and_a_card_creature_is_not() -> None:
    token = make_board([card("Island", "i1"), card("Island", "i2"), {**SOLDIER, "id": "t"}], hand=[ICE_OUT])
    assert _agrees(token, ICE_WAYS).additional == AdditionalPaid(("t",), ())
    bears = make_board([card("Island", "i1"), card("Island", "i2"), {**BEARS, "id": "b"}], hand=[ICE_OUT])
    assert not _agrees(bears, ICE_WAYS).payable


def _dargo_board(permanents: list[dict[str, Any]], sacrificed: list[str] | None) -> Board:
    me: dict[str, Any] = {"id": ME, "hand": [DARGO]}
    if sacrificed is not None:
        me["sacrificed_this_turn"] = sacrificed
    entries = [{"controller": ME, **p} for p in permanents]
    return Board.from_dict({"version": 1, "players": [me], "permanents": entries})


def _dargo_ways(turn: int, candidates: int) -> list[tuple[str, tuple[Any, ...]]]:
    """{4}{B}{R}, {2} less for each permanent sacrificed this turn before (``turn``) and each one now."""
    ways: list[tuple[str, tuple[Any, ...]]] = []
    for k in range(candidates + 1):
        generic = max(4 - 2 * (turn + k), 0)
        sacrificed = (SacrificeCost(k, ("Artifact", "Creature")),) if k else ()
        ways.append(((f"{{{generic}}}" if generic else "") + "{B}{R}", sacrificed))
    return ways


def test_dargo_sacrifices_as_many_as_the_mana_needs() -> None:
    """A Swamp and a Mountain pay {B}{R}: both Statues go ({4} less); one is not enough ({2}{B}{R})."""
    lands = [card("Swamp", "s"), card("Mountain", "m")]
    two = _dargo_board([*lands, {**STATUE, "id": "a"}, {**STATUE, "id": "b"}], sacrificed=[])
    result = _agrees(two, _dargo_ways(0, 2))
    assert sorted(result.additional.sacrificed) == ["a", "b"] and result.total_cost == "{B}{R}"
    one = _dargo_board([*lands, {**STATUE, "id": "a"}], sacrificed=[])
    assert not _agrees(one, _dargo_ways(0, 1)).payable


def test_what_was_sacrificed_this_turn_takes_off_the_rest() -> None:
    """A Treasure sacrificed earlier this turn ({2} less; a Forest is neither an artifact nor a creature)
    and one Statue now: {B}{R}. Without the board's sacrificed_this_turn none is counted, and a warning says
    so."""
    lands = [card("Swamp", "s"), card("Mountain", "m")]
    board = _dargo_board([*lands, {**STATUE, "id": "a"}], sacrificed=["Treasure", "Forest"])
    result = _agrees(board, _dargo_ways(1, 1))
    assert result.additional == AdditionalPaid(("a",), ()) and not result.warnings
    unknown = _dargo_board([*lands, {**STATUE, "id": "a"}], sacrificed=None)
    refused = _agrees(unknown, _dargo_ways(0, 1))
    assert not refused.payable
    (warning,) = refused.warnings
    assert "players[0].sacrificed_this_turn is not given" in warning.reason


# ------------------------------------------------------------------------------------------ facts of the turn

#: Korvold, Gleeful Glutton's reduction and Blood for the Blood God!'s, on made-up spells.
KORVOLD_TEXT = (
    "This spell costs {1} less to cast for each card type among permanents you've sacrificed this turn."
)
DEATHS_TEXT = "This spell costs {1} less to cast for each creature that died this turn."


def _spell_board(text: str, lands: int, **facts: Any) -> tuple[Board, Any]:
    """Swamps for a {4}{B} spell with ``text``, and the board's facts of the turn (``died``: the board's
    ``creatures_died_this_turn``; ``sacrificed``: the player's ``sacrificed_this_turn``)."""
    me: dict[str, Any] = {"id": ME}
    if "sacrificed" in facts:
        me["sacrificed_this_turn"] = facts["sacrificed"]
    data: dict[str, Any] = {"version": 1, "players": [me]}
    if "died" in facts:
        data["creatures_died_this_turn"] = facts["died"]
    data["permanents"] = [{"id": f"s{n}", "card": "Swamp", "controller": ME} for n in range(lands)]
    spell = {"name": "Test Spell", "type_line": "Sorcery", "mana_cost": "{4}{B}", "oracle": text}
    return Board.from_dict(data), spell_target(Card.from_json(spell))


def test_card_types_among_permanents_sacrificed_this_turn_take_off_the_cost() -> None:
    """A Treasure (artifact), a Dryad Arbor (land and creature) and a Llanowar Elves (creature): three card
    types, {3} less: {1}{B} from two Swamps; {2}{B} is more than they make."""
    board, target = _spell_board(KORVOLD_TEXT, 2, sacrificed=["Treasure", "Dryad Arbor", "Llanowar Elves"])
    result = pay(board, target)
    assert result.payable and result.total_cost == "{1}{B}" and not result.warnings
    fewer, target = _spell_board(KORVOLD_TEXT, 2, sacrificed=["Treasure", "Treasure"])
    assert not pay(fewer, target).payable  # (one card type: {3}{B})


def test_creatures_that_died_this_turn_take_off_the_cost() -> None:
    board, target = _spell_board(DEATHS_TEXT, 1, died=4)
    assert pay(board, target).total_cost == "{B}"  # (never below {0}: CR 118.7a)
    many, target = _spell_board(DEATHS_TEXT, 1, died=9)
    assert pay(many, target).payable


def test_a_fact_of_the_turn_the_board_does_not_give_counts_none_with_a_warning() -> None:
    for text, path in (
        (DEATHS_TEXT, "creatures_died_this_turn"),
        (KORVOLD_TEXT, "players[0].sacrificed_this_turn"),
    ):
        board, target = _spell_board(text, 5)
        result = pay(board, target)
        assert result.payable and result.total_cost == "{4}{B}"
        (warning,) = result.warnings
        assert warning.reason == f"{path} is not given: none counted" and warning.sentence.startswith(
            "~ costs"
        )


#: Lullmage's Domination's reduction, on a made-up spell.
LULLMAGE_TEXT = "This spell costs {3} less to cast if an opponent has eight or more cards in their graveyard."


def test_an_opponents_graveyard_of_eight_cards_takes_off_the_cost() -> None:
    """{4}{B} less {3} when an opponent's graveyard holds eight cards (a count or the cards), else not; the
    player's own graveyard does not count; an opponent's not given is taken as empty, with a warning."""
    spell = {"name": "Test Spell", "type_line": "Sorcery", "mana_cost": "{4}{B}", "oracle": LULLMAGE_TEXT}
    target = spell_target(Card.from_json(spell))
    swamps = [{"id": f"s{n}", "card": "Swamp", "controller": ME} for n in range(2)]

    def board(mine: Any, theirs: Any) -> Board:
        players = [{"id": ME, "graveyard": mine}, {"id": "opp"}]
        if theirs is not None:
            players[1]["graveyard"] = theirs
        return Board.from_dict({"version": 1, "players": players, "permanents": swamps})

    assert pay(board(0, 8), target).total_cost == "{1}{B}"
    assert pay(board(0, ["Forest"] * 8), target).payable
    assert not pay(board(0, 7), target).payable and not pay(board(9, 0), target).payable
    unknown = pay(board(9, None), target)
    assert not unknown.payable
    (warning,) = unknown.warnings
    assert warning.reason == "players[1].graveyard is not given: none counted"
