"""Families of mana text the sixth probe left warned (issue 35), each now executed as the rules say. The cards
are made up, written in the phrases of real cards; values are derived by hand from the rules, and each board
is checked against the reference search too (:func:`boards.checked_verdict`).

- A conditional amount, "{T}: Add {C}. If you control creatures named Mine Worker and Power Plant Worker, add
  {C}{C}{C} instead." (Tower Worker): one creature of each name, else {C} (CR 608.2c: the condition is checked
  as the ability resolves).
- A number of permanents sacrificed, "{T}, Sacrifice X Goats: Add X mana of any one color. You gain X life."
  (Springjack Pasture): X chosen as the cost is paid (CR 601.2b, 602.2b), one ability for each X from 1 to
  the number of Goats its controller has (a bound from the board, never a constant), each Goat gone once
  sacrificed.
- An amount over the permanents that entered this turn, "{T}: Add an amount of {R} equal to the greatest power
  among creatures you control that entered the battlefield this turn." (Alena, Kessig Trapper): the board's
  ``entered_this_turn`` (contract section 10), counted as the ability resolves (CR 608.2h).
- A delayed trigger about the next spell, "{T}: Add {C}{C}. When you next cast a spell with {X} in its mana
  cost this turn, copy that spell." (Magus Lucea Kane): it triggers once a spell is cast, after its costs are
  paid (CR 601.2i, 603.7), so the mana is plain {C}{C}, spent on anything.
"""

from __future__ import annotations

from typing import Any

from boards import checked_verdict, largest_x, make_board, mine

from models.board import Board, Card
from models.cost import PaymentTarget
from models.oracle import parse_oracle
from models.spells import spell_target
from planner.api import could_produce, pay, text_warnings
from planner.rules.view import BoardView

#: Tower Worker's ability, on an artifact creature.
TOWER: dict[str, Any] = {
    "name": "Test Tower Worker",
    "type_line": "Artifact Creature — Assembly-Worker",
    "oracle": "{T}: Add {C}. If you control creatures named Mine Worker and Power Plant Worker, add "
    "{C}{C}{C} instead.",
}
#: Magus Lucea Kane's ability, with its delayed trigger.
LUCEA: dict[str, Any] = {
    "name": "Test Magus",
    "type_line": "Legendary Creature — Human Psyker",
    "oracle": "{T}: Add {C}{C}. When you next cast a spell with {X} in its mana cost or activate an ability "
    "with {X} in its activation cost this turn, copy that spell or ability. You may choose new targets for "
    "the copy.",
}


def _worker(pid: str, name: str) -> dict[str, Any]:
    return mine(pid, {"name": name, "type_line": "Artifact Creature — Assembly-Worker"})


def test_the_tower_worker_adds_its_colorless_mana_and_more_beside_both_workers() -> None:
    """Alone it adds {C}; beside a Mine Worker and a Power Plant Worker, {C}{C}{C} instead (not {C} more);
    beside one of them only, {C}."""
    parsed = parse_oracle(TOWER["oracle"], TOWER["name"])
    assert [s.read_as for s in parsed.sentences] == ["mana_ability", "mana_ability"]
    alone = make_board([mine("t", TOWER)], opponent=False)
    assert not text_warnings(alone) and str(could_produce(alone)["t"]) == "C"
    assert checked_verdict(alone, "{1}") and not checked_verdict(alone, "{2}") and largest_x(alone) == 1
    both = make_board(
        [mine("t", TOWER), _worker("m", "Mine Worker"), _worker("p", "Power Plant Worker")], opponent=False
    )
    assert not text_warnings(both)
    assert checked_verdict(both, "{C}{C}{C}") and not checked_verdict(both, "{4}") and largest_x(both) == 3
    one = make_board(
        [mine("t", TOWER), _worker("m", "Mine Worker"), _worker("n", "Mine Worker")], opponent=False
    )
    assert checked_verdict(one, "{C}") and not checked_verdict(one, "{2}") and largest_x(one) == 1


def test_the_tower_worker_counts_only_creatures_named_so() -> None:
    """A noncreature permanent named Power Plant Worker is no creature named so: {C} only."""
    board = make_board(
        [mine("t", TOWER), _worker("m", "Mine Worker"),
         mine("p", {"name": "Power Plant Worker", "type_line": "Artifact"})],
        opponent=False,
    )  # fmt: skip
    assert largest_x(board) == 1 and not checked_verdict(board, "{2}")


def test_the_magus_adds_two_colorless_mana_its_trigger_restricts_nothing() -> None:
    """The delayed trigger is read (no warning) and the {C}{C} pays any cost, one with {X} too."""
    parsed = parse_oracle(LUCEA["oracle"], LUCEA["name"])
    assert [s.read_as for s in parsed.sentences] == ["mana_ability"] * 3
    assert len(parsed.mana_abilities) == 1
    board = make_board([mine("k", LUCEA), mine("f", "Forest")], opponent=False)
    assert not text_warnings(board) and str(could_produce(board)["k"]) == "C"
    assert checked_verdict(board, "{2}{G}") and not checked_verdict(board, "{3}{G}") and largest_x(board) == 3
    assert not checked_verdict(board, "{C}{C}{C}")


#: Springjack Pasture's abilities (its Goat-making one is no mana ability: ignored).
PASTURE: dict[str, Any] = {
    "name": "Test Pasture",
    "type_line": "Land",
    "oracle": "{T}: Add {C}.\n{4}, {T}: Create a 0/1 white Goat creature token.\n"
    "{T}, Sacrifice X Goats: Add X mana of any one color. You gain X life.",
}
GOAT: dict[str, Any] = {"name": "Goat", "type_line": "Token Creature — Goat", "token": True}


def _goats(count: int) -> list[dict[str, Any]]:
    return [mine(f"g{n}", GOAT) for n in range(count)]


def test_the_pasture_adds_as_many_mana_of_one_color_as_goats_sacrificed() -> None:
    """X is chosen as the cost is paid, up to the Goats its controller has (a bound from the board, CR
    601.2b, 602.2b): with two Goats and a Forest, {U}{U}{G} (both Goats: {U}{U}), never {U}{R} (one color),
    never four mana (it taps for {C} or for X). The Goats sacrificed are gone."""
    board = make_board([mine("p", PASTURE), *_goats(2), mine("f", "Forest")], opponent=False)
    assert [a.cost.describe() for a in BoardView(board).mana_abilities("p")] == [
        "{T}",
        "{T}, Sacrifice 1 Goat you control",
        "{T}, Sacrifice 2 Goat you control",
    ]
    assert not text_warnings(board) and str(could_produce(board)["p"]) == "WUBRGC"
    assert checked_verdict(board, "{U}{U}{G}") and checked_verdict(board, "{B}{G}")
    assert not checked_verdict(board, "{U}{R}") and not checked_verdict(board, "{U}{U}{G}{C}")
    assert largest_x(board) == 3
    paid = pay(board, PaymentTarget.of("{U}{U}{G}"))
    assert sorted(paid.sacrificed) == ["g0", "g1"] and sorted(paid.tapped) == ["f", "p"]
    (pasture,) = [step for step in paid.steps if step.permanent == "p"]
    assert str(pasture.produced) == "{U}{U}"


def test_without_goats_the_pasture_taps_for_colorless_only() -> None:
    """No Goat: only its {C} can be activated, so a payment gets {C} alone; a Goat an opponent controls is
    none of its controller's to sacrifice (CR 701.21a). What it *could produce* ignores costs (CR 106.7:
    whether the Goats to sacrifice are there doesn't matter, as missing counters don't), so any color too."""
    board = make_board([mine("p", PASTURE), {"id": "og", "controller": "opp", **GOAT}])
    assert str(could_produce(board)["p"]) == "WUBRGC" and not checked_verdict(board, "{G}")
    assert checked_verdict(board, "{C}") and largest_x(board) == 1


def test_the_reference_search_and_the_model_agree_on_three_goats() -> None:
    """Three Goats: X up to 3, one color: {R}{R}{R} yes, {R}{R}{R}{R} no (the Pasture taps once)."""
    board = make_board([mine("p", PASTURE), *_goats(3)], opponent=False)
    assert checked_verdict(board, "{R}{R}{R}") and not checked_verdict(board, "{R}{R}{R}{R}")
    assert not checked_verdict(board, "{R}{R}{G}") and largest_x(board) == 3


#: Alena, Kessig Trapper's ability: an amount over the creatures that entered this turn.
ALENA: dict[str, Any] = {
    "name": "Test Trapper",
    "type_line": "Legendary Creature — Human Scout",
    "power": 4,
    "toughness": 3,
    "oracle": "First strike\n{T}: Add an amount of {R} equal to the greatest power among creatures you "
    "control that entered the battlefield this turn.",
}


def _creature(pid: str, power: int, **status: Any) -> dict[str, Any]:
    body = {"name": f"Body {power}", "type_line": "Creature — Beast", "power": power, "toughness": power}
    return mine(pid, body, **status)


def test_the_trapper_counts_the_greatest_power_among_creatures_that_entered_this_turn() -> None:
    """The amount is counted as the ability resolves (CR 608.2h) over the board's ``entered_this_turn``
    (contract section 10): a 3/3 that entered this turn beside a 5/5 that did not, {R}{R}{R}; the Trapper
    itself (power 4) entered earlier, so it is not counted."""
    board = make_board(
        [mine("a", ALENA), _creature("n", 3, entered_this_turn=True, summoning_sick=True), _creature("o", 5)],
        opponent=False,
    )
    assert not text_warnings(board) and str(could_produce(board)["a"]) == "R"
    assert checked_verdict(board, "{R}{R}{R}") and not checked_verdict(board, "{R}{R}{R}{R}")
    assert largest_x(board) == 3


def test_the_trapper_adds_nothing_when_no_creature_entered_this_turn() -> None:
    """None entered: the greatest power among none is 0 (CR 107.1 via 608.2h), so no mana; an opponent's
    creature that entered is not one its controller controls."""
    board = make_board(
        [mine("a", ALENA), _creature("o", 5),
         {"id": "x", "controller": "opp", "name": "Body 6", "type_line": "Creature — Beast", "power": 6,
          "toughness": 6, "entered_this_turn": True}],
    )  # fmt: skip
    assert not checked_verdict(board, "{R}") and largest_x(board) == 0


#: Hamza, Guardian of Arashin's two reductions, on a creature.
HAMZA: dict[str, Any] = {
    "name": "Test Guardian",
    "type_line": "Legendary Creature — Elephant Warrior",
    "mana_cost": "{4}{G}{W}",
    "oracle": "This spell costs {1} less to cast for each creature you control with a +1/+1 counter on it.\n"
    "Creature spells you cast cost {1} less to cast for each creature you control with a +1/+1 counter on "
    "it.",
}
#: A creature spell for the reduction to apply to.
GIANT: dict[str, Any] = {"name": "Test Giant", "type_line": "Creature — Giant", "mana_cost": "{4}{G}"}


def test_the_guardian_takes_one_off_creature_spells_for_each_creature_with_a_counter() -> None:
    """Two creatures with +1/+1 counters (an opponent's aside): a {4}{G} creature spell costs {2}{G} (CR
    601.2f), paid by three Forests; a sorcery costs its full {4}{G}; with no counters, {4}{G} too."""
    counted = {"name": "Body", "type_line": "Creature — Beast", "power": 1, "toughness": 1}
    creatures = [mine("c1", counted, counters={"+1/+1": 1}), mine("c2", counted, counters={"+1/+1": 2})]
    theirs = {"id": "oc", "controller": "opp", **counted, "counters": {"+1/+1": 1}}
    forests = [mine(f"f{n}", "Forest") for n in range(3)]
    board = make_board([mine("h", HAMZA), *creatures, theirs, *forests])
    giant = spell_target(Card.from_json(GIANT))
    paid = pay(board, giant)
    assert paid.payable and paid.total_cost == "{2}{G}" and not text_warnings(board)
    sorcery = spell_target(Card.from_json({**GIANT, "type_line": "Sorcery"}))
    assert pay(board, sorcery).total_cost == "{4}{G}" and not pay(board, sorcery).payable
    bare = make_board([mine("h", HAMZA), mine("c1", counted), *forests])
    assert not pay(bare, giant).payable
    # its own reduction, cast from the hand: {4}{G}{W} less two
    own = spell_target(Card.from_json(HAMZA))
    plains = [mine(f"p{n}", "Plains") for n in range(1)]
    hand_board = make_board([*creatures, *forests, *plains])
    assert pay(hand_board, own).total_cost == "{2}{W}{G}" and pay(hand_board, own).payable


#: Discontinuity's reduction of itself on its caster's turn.
DISCONTINUITY: dict[str, Any] = {
    "name": "Test Discontinuity",
    "type_line": "Instant",
    "mana_cost": "{3}{U}{U}",
    "oracle": "As long as it's your turn, this spell costs {2}{U}{U} less to cast.\nEnd the turn.",
}


def test_a_spell_costs_less_on_its_casters_turn_colored_mana_too() -> None:
    """On my turn, {3}{U}{U} less {2}{U}{U} is {1} (CR 601.2f, 118.7b: the {U}{U} comes off the colored
    part): a Plains pays it. On the opponent's turn (``active_player``), the full {3}{U}{U}."""
    spell = spell_target(Card.from_json(DISCONTINUITY))
    mine_turn = make_board([mine("p", "Plains")])
    paid = pay(mine_turn, spell)
    assert paid.payable and paid.total_cost == "{1}" and not paid.warnings
    theirs = Board.from_dict({**mine_turn.to_dict(), "active_player": "opp"})
    unpaid = pay(theirs, spell, player="me")
    assert unpaid.total_cost == "{3}{U}{U}" and not unpaid.payable


def test_a_goat_tapped_for_mana_is_still_sacrificed_to_the_pasture() -> None:
    """A Goat that taps for {G} first, then goes to the Pasture's cost (a tapped permanent can be sacrificed,
    CR 701.21a): two such Goats make {G}{G} and then X = 2: four mana, {G}{G}{B}{B}; five never."""
    elk = {**GOAT, "oracle": "{T}: Add {G}."}
    board = make_board([mine("p", PASTURE), mine("e0", elk), mine("e1", elk)], opponent=False)
    assert checked_verdict(board, "{G}{G}{B}{B}") and not checked_verdict(board, "{G}{G}{B}{B}{B}")
    assert largest_x(board) == 4
