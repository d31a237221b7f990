"""The cost changes of the peers' boards that were warned and not applied (issue 35 item 4, XMage
CostReduceForEachTest, MizzixOfTheIzmagnusTest, HeartstoneTest), read and applied as the total cost is locked
in (CR 601.2f), on boards of our own around each:

- a spell's own reduction of colored mana for each permanent ('costs {G} less to cast for each green creature
  you control': Khalni Hydra), what the colored part lacks coming off the generic part (CR 118.7b-d);
- 'costs {2} less to cast for each creature sacrificed this way' after 'you may sacrifice any number of
  creatures' (Torgaar, Famine Incarnate);
- 'cost {1} less to cast for each experience counter you have' (Mizzix of the Izmagnus): its controller's
  player counters (contract section 10);
- 'Activated abilities of creatures cost {1} less to activate. This effect can't reduce the mana in that cost
  to less than one mana.' (Heartstone): on an ability paid for and on creatures' mana abilities.

Each card is written under a made-up name with its Oracle sentences. The values are derived by hand from the
rules (in each docstring, before the run); verdicts are checked against the reference search on the cost as
it is locked in (the reference search pays the cost it is given).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from boards import ME, OPP, make_board, mine

from models.board import Board
from models.cost import PaymentTarget
from models.oracle import parse_oracle
from models.spells import find_spell, spell_of, spell_target
from planner.api import PayResult, pay
from planner.rules.reference import reference_search
from planner.rules.view import BoardView, locked_in

BEAR: dict[str, Any] = {
    "name": "Test Bear",
    "type_line": "Creature — Bear",
    "mana_cost": "{1}{G}",
    "power": 2,
    "toughness": 2,
}
GOLEM: dict[str, Any] = {
    "name": "Test Golem",
    "type_line": "Artifact Creature — Golem",
    "mana_cost": "{3}",
    "power": 3,
    "toughness": 3,
}
HYDRA: dict[str, Any] = {
    "name": "Test Hydra",
    "type_line": "Creature — Hydra",
    "mana_cost": "{2}{G}{G}{G}",
    "oracle": "This spell costs {G} less to cast for each green creature you control.",
}
AVATAR: dict[str, Any] = {
    "name": "Test Avatar",
    "type_line": "Creature — Avatar",
    "mana_cost": "{6}{B}{B}",
    "oracle": "As an additional cost to cast this spell, you may sacrifice any number of creatures. This "
    "spell costs {2} less to cast for each creature sacrificed this way.",
}
MIZZIX: dict[str, Any] = {
    "name": "Test Izmagnus",
    "type_line": "Legendary Creature — Goblin Wizard",
    "mana_cost": "{2}{U}{R}",
    "oracle": "Instant and sorcery spells you cast cost {1} less to cast for each experience counter you "
    "have.",
    "power": 3,
    "toughness": 3,
}
HEARTSTONE: dict[str, Any] = {
    "name": "Test Heartstone",
    "type_line": "Artifact",
    "mana_cost": "{3}",
    "oracle": "Activated abilities of creatures cost {1} less to activate. This effect can't reduce the mana "
    "in that cost to less than one mana.",
}
TORTOISE: dict[str, Any] = {
    "name": "Test Tortoise",
    "type_line": "Enchantment",
    "mana_cost": "{2}",
    "oracle": "Activated abilities of creatures you control cost {1} less to activate.",
}


def spell(card: dict[str, Any], x: int | None = None) -> PaymentTarget:
    target = spell_of(
        card["mana_cost"], type_line=card["type_line"], text=card.get("oracle", ""), name=card["name"]
    )
    return target if x is None else target.with_x(x)


def total(board: Board, target: PaymentTarget) -> str:
    return str(locked_in(BoardView(board), target, ME).cost)


def verdict(board: Board, target: PaymentTarget, x: int | None = None) -> bool:
    """``pay``'s verdict, checked against the reference search on the cost as it is locked in, and with
    nothing warned."""
    locked = replace(locked_in(BoardView(board), target if x is None else target.with_x(x), ME), text="")
    reference = reference_search(board, locked, ME, max_states=20_000)
    result = pay(board, target, x=x, player=ME)
    assert result.payable == reference.payable, result.reason
    assert result.warnings == ()
    return bool(result.payable)


def theirs(pid: str, card: str | dict[str, Any]) -> dict[str, Any]:
    return {**mine(pid, card), "controller": OPP}


def with_counters(board: Board, mine_counters: dict[str, int], their_counters: dict[str, int]) -> Board:
    """The board with these player counters of "me" and "opp" (contract section 10)."""
    data = board.to_dict()
    for player, counters in zip(data["players"], (mine_counters, their_counters), strict=True):
        player["counters"] = counters
    return Board.from_dict(data)


def test_every_sentence_is_read() -> None:
    for card in (HYDRA, AVATAR, MIZZIX, HEARTSTONE):
        read = parse_oracle(card["oracle"], card["name"])
        assert read.unsupported == (), card["name"]


def test_a_colored_reduction_for_each_green_creature() -> None:
    """{2}{G}{G}{G} less {G} for each green creature I control: two Bears leave {2}{G}, so three Forests pay
    it and two don't; a colorless Golem and the opponent's Bear count for nothing ({2}{G}{G}{G} with none of
    mine). Four Bears: {G}{G}{G} off and one more off the generic part (CR 118.7b-d): {1}; five or more: {0},
    paid by nothing."""
    bears = [mine("b1", BEAR), mine("b2", BEAR)]
    forests = [mine(f"f{n}", "Forest") for n in range(3)]
    assert total(make_board(bears), spell(HYDRA)) == "{2}{G}"
    assert verdict(make_board([*bears, *forests]), spell(HYDRA))
    assert not verdict(make_board([*bears, *forests[:2]]), spell(HYDRA))
    others = make_board([mine("g", GOLEM), theirs("o", BEAR)])
    assert total(others, spell(HYDRA)) == "{2}{G}{G}{G}"
    four = [mine(f"b{n}", BEAR) for n in range(4)]
    assert total(make_board(four), spell(HYDRA)) == "{1}"
    assert verdict(make_board([*four, forests[0]]), spell(HYDRA))
    assert not verdict(make_board(four), spell(HYDRA))
    six = [mine(f"b{n}", BEAR) for n in range(6)]
    assert total(make_board(six), spell(HYDRA)) in ("", "{0}")
    assert verdict(make_board(six), spell(HYDRA))


def test_two_less_for_each_creature_sacrificed() -> None:
    """{6}{B}{B}, {2} less for each creature sacrificed as it is cast: two Swamps, two Forests and two
    Bears pay {2}{B}{B} with both Bears sacrificed; with one Bear {4}{B}{B} is past the four lands. Four Bears
    and two Swamps: {B}{B} (the generic part never below zero, CR 118.7a), with three sacrificed at least.
    No Bears, two Swamps: not payable."""
    lands = [mine("s1", "Swamp"), mine("s2", "Swamp"), mine("f1", "Forest"), mine("f2", "Forest")]
    two = cast(make_board([*lands, mine("b1", BEAR), mine("b2", BEAR)], hand=[AVATAR]), AVATAR)
    assert two.payable and sorted(two.additional.sacrificed) == ["b1", "b2"] and two.warnings == ()
    assert cast(make_board([*lands, mine("b1", BEAR)], hand=[AVATAR]), AVATAR).payable is False
    bears = [mine(f"b{n}", BEAR) for n in range(4)]
    four = cast(make_board([*lands[:2], *bears], hand=[AVATAR]), AVATAR)
    assert four.payable and len(four.additional.sacrificed) >= 3
    assert cast(make_board(lands[:2], hand=[AVATAR]), AVATAR).payable is False


def cast(board: Board, card: dict[str, Any]) -> PayResult:
    """``pay`` for casting the card from the hand: its cost, its additional costs and its text."""
    return pay(board, spell_target(find_spell(board.player(ME), card["name"])), player=ME)


def test_one_less_for_each_experience_counter_its_controller_has() -> None:
    """Two experience counters: an instant of {2}{R} costs {R} (one Mountain); five: still {R}; a sorcery of
    {X}{R} with X = 3 costs {1}{R} (X's value first, CR 601.2b); a creature spell is not reduced; the
    opponent's counters count for nothing, and the opponent's Izmagnus reduces only their spells."""
    bolt = {"name": "Test Bolt", "type_line": "Instant", "mana_cost": "{2}{R}"}
    blaze = {"name": "Test Blaze", "type_line": "Sorcery", "mana_cost": "{X}{R}"}
    mountain = [mine("m1", "Mountain")]
    two = with_counters(make_board([mine("iz", MIZZIX), *mountain]), {"experience": 2}, {})
    assert total(two, spell(bolt)) == "{R}" and verdict(two, spell(bolt))
    five = with_counters(make_board([mine("iz", MIZZIX), *mountain]), {"experience": 5}, {})
    assert total(five, spell(bolt)) == "{R}"
    assert total(two, spell(blaze, x=3)) == "{1}{R}"
    assert not verdict(two, spell(blaze), x=3)
    assert verdict(
        with_counters(
            make_board([mine("iz", MIZZIX), *mountain, mine("m2", "Mountain")]), {"experience": 2}, {}
        ),
        spell(blaze),
        x=3,
    )
    assert total(two, spell(BEAR)) == "{1}{G}"
    theirs_only = with_counters(make_board([mine("iz", MIZZIX), *mountain]), {}, {"experience": 2})
    assert total(theirs_only, spell(bolt)) == "{2}{R}"
    their_mizzix = with_counters(make_board([theirs("iz", MIZZIX), *mountain]), {"experience": 2}, {})
    assert total(their_mizzix, spell(bolt)) == "{2}{R}"


def ability(cost: str, type_line: str = "Creature — Merfolk Wizard") -> PaymentTarget:
    return PaymentTarget.of(cost, kind="ability", type_line=type_line)


def test_heartstone_keeps_one_mana_in_an_abilitys_cost() -> None:
    """Under the Heartstone a creature's ability of {1}{U} costs {U}, of {3}{G} {2}{G}, of {2} {1}; of {1} it
    stays {1} and of {U} {U} (never less than one mana); an artifact's ability is not reduced. One Island pays
    {1}{U}, none doesn't."""
    stone = make_board([mine("hs", HEARTSTONE), mine("i", "Island")])
    expected = {"{1}{U}": "{U}", "{3}{G}": "{2}{G}", "{2}": "{1}", "{1}": "{1}", "{U}": "{U}"}
    assert {cost: total(stone, ability(cost)) for cost in expected} == expected
    assert total(stone, ability("{1}{U}", "Artifact")) == "{1}{U}"
    assert verdict(stone, ability("{1}{U}"))
    assert not verdict(make_board([mine("hs", HEARTSTONE)]), ability("{1}{U}"))


def test_heartstone_on_creatures_mana_abilities() -> None:
    """A creature's '{2}, {T}: Add {G}{G}{G}.' costs {1} under the Heartstone: one Forest pays it and the
    creature's {G}{G}{G} pays {G}{G}{G}; its '{1}, {T}: Add {G}{G}.' stays {1} (the floor): a Forest and that
    creature make {G}{G} at most, not {G}{G}{G}. Without the Heartstone one Forest doesn't pay the {2}."""
    three = {
        "name": "Test Grower",
        "type_line": "Creature — Elf",
        "oracle": "{2}, {T}: Add {G}{G}{G}.",
        "power": 1,
        "toughness": 1,
    }
    two = {
        "name": "Test Sprout",
        "type_line": "Creature — Elf",
        "oracle": "{1}, {T}: Add {G}{G}.",
        "power": 1,
        "toughness": 1,
    }
    forest = mine("f", "Forest")
    assert verdict(
        make_board([mine("hs", HEARTSTONE), mine("e", three), forest]), PaymentTarget.of("{G}{G}{G}")
    )
    assert not verdict(make_board([mine("e", three), forest]), PaymentTarget.of("{G}{G}{G}"))
    sprout = make_board([mine("hs", HEARTSTONE), mine("e", two), forest])
    assert verdict(sprout, PaymentTarget.of("{G}{G}"))
    assert not verdict(sprout, PaymentTarget.of("{G}{G}{G}"))


def test_a_floored_reduction_beside_another_change_is_reported() -> None:
    """The Heartstone and a second reduction of the same creatures' abilities: the order they apply in would
    matter ({2} to {1} then {0}, or to {1} and no further), which is not followed: the Heartstone is left
    out and warned, the other applies ({2}{U} costs {1}{U})."""
    board = make_board(
        [mine("hs", HEARTSTONE), mine("t", TORTOISE), mine("i1", "Island"), mine("i2", "Island")]
    )
    assert total(board, ability("{2}{U}")) == "{1}{U}"
    result = pay(board, ability("{2}{U}"))
    assert result.payable and [w.permanent for w in result.warnings] == ["hs"]


KING: dict[str, Any] = {
    "name": "Test Scarecrow King",
    "type_line": "Artifact Creature — Scarecrow",
    "mana_cost": "{2/W}{2/U}{2/B}{2/R}{2/G}",
}
HYBRID_GOLEM: dict[str, Any] = {"name": "Test Hybrid Golem", "type_line": "Artifact", "mana_cost": "{1}{2/W}"}
SCULPTOR: dict[str, Any] = {
    "name": "Test Sculptor",
    "type_line": "Artifact Creature — Vedalken Artificer",
    "mana_cost": "{1}{U}",
    "oracle": "Artifact spells you cast cost {1} less to cast.",
    "power": 1,
    "toughness": 2,
}


def sculptors(count: int) -> list[dict[str, Any]]:
    return [mine(f"es{n}", SCULPTOR) for n in range(count)]


def colorless(count: int) -> list[str]:
    """A pool of ``count`` {C} (the reference search takes eight permanents at most)."""
    return ["{C}"] * count


def test_hybrid_symbols_announced_as_generic_take_a_reduction_left_over() -> None:
    """{2/W}{2/U}{2/B}{2/R}{2/G} with no generic part, paid with {C} (every symbol costs {2}
    whichever way it is announced, CR 601.2b): one reduction of {1} leaves 9 ({1} of a symbol announced as
    {2}, and four symbols), two leave 8, three leave 7. Beside a Plains and an Island with one reduction, a
    symbol of a color no permanent makes is announced ({2/B}): W and U by their lands, {2} twice and {1} by
    {C}: five {C}, not four (the {C} floating in the pool). {1}{2/W} under two reductions: {1} (the {2/W}
    as {2}, CR 601.2f), one Plains pays it."""
    for count, needed in ((1, 9), (2, 8), (3, 7)):
        assert verdict(make_board(sculptors(count), pool=colorless(needed)), spell(KING)), count
        assert not verdict(make_board(sculptors(count), pool=colorless(needed - 1)), spell(KING)), count
    assert total(make_board(sculptors(2)), spell(KING)) == "{2/U}{2/B}{2/R}{2/G}"
    colors = [mine("p", "Plains"), mine("i", "Island")]
    assert total(make_board([*sculptors(1), *colors]), spell(KING)) == "{1}{2/W}{2/U}{2/R}{2/G}"
    assert verdict(make_board([*sculptors(1), *colors], pool=colorless(5)), spell(KING))
    assert not verdict(make_board([*sculptors(1), *colors], pool=colorless(4)), spell(KING))
    assert total(make_board([*sculptors(2), colors[0]]), spell(HYBRID_GOLEM)) == "{1}"
    assert verdict(make_board([*sculptors(2), colors[0]]), spell(HYBRID_GOLEM))


GRID: dict[str, Any] = {
    "name": "Test Grid",
    "type_line": "Artifact",
    "mana_cost": "{2}",
    "oracle": "Each spell costs {3} more to cast except during its controller's turn.",
}
TRAP: dict[str, Any] = {
    "name": "Test Trap",
    "type_line": "Instant — Trap",
    "mana_cost": "{2}{U}{U}",
    "oracle": "If an opponent cast three or more spells this turn, you may pay {0} rather than pay this "
    "spell's mana cost.",
}
BOLT: dict[str, Any] = {"name": "Test Bolt", "type_line": "Instant", "mana_cost": "{R}"}


def on_turn_of(board: Board, active: str, opponent_spells: int = 0, my_spells: int = 0) -> Board:
    """The board on ``active``'s turn, each player having cast so many spells this turn."""
    data = board.to_dict()
    data["active_player"] = active
    for player, cast_count in zip(data["players"], (my_spells, opponent_spells), strict=True):
        player["spells_cast_this_turn"] = cast_count
    return Board.from_dict(data)


def test_a_tax_except_during_the_casters_turn() -> None:
    """Each spell costs {3} more except during its controller's turn: my {R} costs {R} on my turn and {3}{R}
    on the opponent's, whoever controls the Grid; four Mountains pay it then, three don't."""
    mountains = [mine(f"m{n}", "Mountain") for n in range(4)]
    for grid in (mine("g", GRID), theirs("g", GRID)):
        assert total(on_turn_of(make_board([grid]), ME), spell(BOLT)) == "{R}"
        assert total(on_turn_of(make_board([grid]), OPP), spell(BOLT)) == "{3}{R}"
    assert verdict(on_turn_of(make_board([theirs("g", GRID), *mountains]), OPP), spell(BOLT))
    assert not verdict(on_turn_of(make_board([theirs("g", GRID), *mountains[:3]]), OPP), spell(BOLT))


def test_an_alternative_cost_once_an_opponent_cast_three_spells() -> None:
    """'If an opponent cast three or more spells this turn, you may pay {0}': with three cast by the opponent
    the Trap costs nothing; with two, or three of my own, it costs {2}{U}{U} (no land: not payable). On the
    opponent's turn under their Grid the {0} is taxed {3} (increases apply to an alternative cost, CR
    601.2f): three Islands pay it, two don't."""
    nothing = make_board([], hand=[TRAP])
    free = cast(on_turn_of(nothing, OPP, opponent_spells=3), TRAP)
    assert free.payable and free.alternative_cost is not None and free.warnings == ()
    assert cast(on_turn_of(nothing, OPP, opponent_spells=2), TRAP).payable is False
    assert cast(on_turn_of(nothing, ME, my_spells=3), TRAP).payable is False
    islands = [mine(f"i{n}", "Island") for n in range(3)]
    taxed = cast(on_turn_of(make_board([theirs("g", GRID), *islands], hand=[TRAP]), OPP, 3), TRAP)
    assert taxed.payable and taxed.alternative_cost is not None and len(taxed.tapped) == 3
    short = on_turn_of(make_board([theirs("g", GRID), *islands[:2]], hand=[TRAP]), OPP, 3)
    assert cast(short, TRAP).payable is False
