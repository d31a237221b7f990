"""Families the eighth probe of unseen cards (mostly printed before 2020) found, now read:

- SILENT before: emerge (CR 702.119a) was read as a keyword and dropped (a wrong "no" with no warning; the
  tests are in test_keyword_alternative_costs), and an offering ("Snake offering", CR 702.48a) too: it is
  now named in the answer's warnings;
- replacements of several basic land types written as one sentence ("If tapped for mana, Plains produce
  {R}, Swamps produce {G}, ... instead of any other type.", Reality Twist): before, not read (a warned wrong
  "yes" for {W} from a Plains);
- delayed triggers an ability's mana carries ("Draw a card at the beginning of the next turn's upkeep.",
  Barbed Sextant: the grammar's rule failed on every text; "During your next untap step, as you untap your
  permanents, return ~ to its owner's hand.", Undiscovered Paradise): nothing to pay this turn (CR 603.7);
- an alternative cost "If it's not your turn, ..." (Force of Rage): usable on another player's turn only.

Values are derived by hand from the rules and checked against the reference search (boards.checked_verdict;
the alternative cost against test_alternative_costs.brute_force's outcomes of each way, written by hand).
"""

from __future__ import annotations

from typing import Any

from boards import ME, OPP, checked_verdict, make_board, mine
from test_alternative_costs import Way, brute_force, checked

from models.additional_costs import EitherCost, ExtraMana, RevealCost, SacrificeCost
from models.board import Board, Card
from models.cost import PaymentTarget
from models.oracle import parse_oracle
from models.spells import spell_target
from planner.api import could_produce, pay
from planner.rules.additional_costs import without_cards
from planner.rules.alternative_costs import own_alternative_costs

REALITY_TWIST: dict[str, Any] = {
    "name": "Test Twist",
    "type_line": "Enchantment",
    "oracle": "Cumulative upkeep {1}{U}{U}\nIf tapped for mana, Plains produce {R}, Swamps produce {G}, "
    "Mountains produce {W}, and Forests produce {B} instead of any other type.",
}


def test_a_listed_replacement_is_one_replacement_for_each_land_type() -> None:
    sentences = [s.text for s in parse_oracle(REALITY_TWIST["oracle"], "Test Twist").sentences]
    assert sentences[1:] == [
        f"If a {kind} is tapped for mana, it produces {{{symbol}}} instead of any other type."
        for kind, symbol in (("Plains", "R"), ("Swamp", "G"), ("Mountain", "W"), ("Forest", "B"))
    ]
    # CR 614.1a: a Plains makes {R}, not {W}; an Island is not named and still makes {U}
    plains = make_board([mine("t", REALITY_TWIST), mine("p", "Plains")])
    assert checked_verdict(plains, "{R}") is True
    assert checked_verdict(plains, "{W}") is False
    island = make_board([mine("t", REALITY_TWIST), mine("i", "Island")])
    assert checked_verdict(island, "{U}") is True
    lands = make_board(
        [mine("t", REALITY_TWIST), mine("s", "Swamp"), mine("m", "Mountain"), mine("f", "Forest")]
    )
    produced = could_produce(lands)
    assert (str(produced["s"]), str(produced["m"]), str(produced["f"])) == ("G", "W", "B")


SEXTANT: dict[str, Any] = {
    "name": "Test Sextant",
    "type_line": "Artifact",
    "mana_cost": "{1}",
    "oracle": "{1}, {T}, Sacrifice this artifact: Add one mana of any color. Draw a card at the beginning of "
    "the next turn's upkeep.",
}
PARADISE: dict[str, Any] = {
    "name": "Test Paradise",
    "type_line": "Land",
    "oracle": "{T}: Add one mana of any color. During your next untap step, as you untap your permanents, "
    "return this land to its owner's hand.",
}


def test_a_delayed_trigger_of_a_mana_ability_pays_nothing_this_turn() -> None:
    # the Sextant turns the Wastes' {C} into one mana of any color (its draw waits for the next upkeep)
    sextant = make_board([mine("x", SEXTANT), mine("w", "Wastes")])
    assert checked_verdict(sextant, "{G}") is True
    assert checked_verdict(sextant, "{1}{G}") is False
    assert not pay(sextant, PaymentTarget.of("{G}")).warnings
    # the Paradise makes one mana of any color now; it returns to the hand during the next untap step
    paradise = make_board([mine("p", PARADISE)])
    assert checked_verdict(paradise, "{B}") is True
    assert checked_verdict(paradise, "{B}{B}") is False
    assert not pay(paradise, PaymentTarget.of("{B}")).warnings


FORCE_OF_RAGE: dict[str, Any] = {
    "name": "Test Rage",
    "type_line": "Instant",
    "mana_cost": "{1}{R}{R}",
    "oracle": "If it's not your turn, you may exile a red card from your hand rather than pay this spell's "
    "mana cost.\nCreate two 3/1 red Elemental creature tokens with trample and haste.",
}
RED_CARD: dict[str, Any] = {"name": "Test Ogre", "type_line": "Creature — Ogre", "mana_cost": "{1}{R}"}


def test_an_alternative_cost_on_another_players_turn_only() -> None:
    # on my turn, no land: {1}{R}{R} is not paid and the alternative cost is not there
    my_turn = make_board([], hand=[FORCE_OF_RAGE, RED_CARD])
    assert checked(my_turn, [None]).payable is False
    # on the opponent's turn, exiling the red card pays it (CR 118.9)
    their_turn = Board.from_dict({**my_turn.to_dict(), "active_player": OPP})
    target = spell_target(their_turn.player(ME).hand[0])
    result = pay(their_turn, target, player=ME)
    assert result.payable and result.alternative_cost is not None
    assert result.alternative_cost.exiled == ("Test Ogre",) and not result.warnings
    assert brute_force(their_turn, target, [None, Way("", exile=1, colors="R")]) is not None
    # without another red card in the hand, no way
    alone = Board.from_dict({**make_board([], hand=[FORCE_OF_RAGE]).to_dict(), "active_player": OPP})
    assert pay(alone, spell_target(alone.player(ME).hand[0]), player=ME).payable is False


# ------------------------------------------------------------------ reveal a card or pay {N} (CR 601.2f-h)
MIGRATION: dict[str, Any] = {
    "name": "Test Migration",
    "type_line": "Sorcery",
    "mana_cost": "{1}{G}",
    "oracle": "As an additional cost to cast this spell, reveal a Dinosaur card from your hand or pay {1}.\n"
    "You gain 3 life.",
}
DINOSAUR: dict[str, Any] = {
    "name": "Test Dinosaur",
    "type_line": "Creature — Dinosaur",
    "mana_cost": "{3}{G}",
}
GUIDE_DINOSAUR: dict[str, Any] = {
    "name": "Test Guide",
    "type_line": "Creature — Dinosaur Spirit",
    "mana_cost": "{2}{G}",
    "oracle": "Exile this card from your hand: Add {G}.",
}


def _migration_verdict(board: Board) -> bool:
    """The verdict derived from the rules with the reference search: the spell's {1}{G} paid on the board
    without a Dinosaur card of the hand (the card revealed stays there, so the mana abilities can't have
    taken it, CR 601.2g-h), or {2}{G} (its cost and the {1}, CR 601.2f) on the board as it is."""
    hand = board.player(ME).hand
    dinosaurs = sorted({c.name for c in hand[1:] if c.type_line.is_a("Dinosaur")})
    revealed = any(checked_verdict(without_cards(board, ME, (name,)), "{1}{G}") for name in dinosaurs)
    return revealed or checked_verdict(board, "{2}{G}")


def test_a_choice_of_revealing_a_card_or_paying_mana() -> None:
    costs = spell_target(Card.from_json(MIGRATION)).additional_costs
    assert costs == (EitherCost((RevealCost(("Dinosaur",)), ExtraMana("{1}"))),)
    # two Forests, no Dinosaur: {1}{G} and the {1} is three mana, two lands: no
    forests = [mine("f1", "Forest"), mine("f2", "Forest")]
    bare = make_board(forests, hand=[MIGRATION])
    result = pay(bare, spell_target(bare.player(ME).hand[0]))
    assert result.payable is False and _migration_verdict(bare) is False and not result.warnings
    # three Forests: the {1} paid
    three = make_board([*forests, mine("f3", "Forest")], hand=[MIGRATION])
    result = pay(three, spell_target(three.player(ME).hand[0]))
    assert result.payable and _migration_verdict(three)
    assert result.additional is not None and not result.additional.revealed
    # two Forests and a Dinosaur card in the hand: revealed, and the two Forests pay {1}{G}
    dino = make_board(forests, hand=[MIGRATION, DINOSAUR])
    result = pay(dino, spell_target(dino.player(ME).hand[0]))
    assert result.payable and _migration_verdict(dino)
    assert result.additional is not None and result.additional.revealed == ("Test Dinosaur",)
    assert result.additional.to_json()["revealed"] == ["Test Dinosaur"]
    # the spell itself is on the stack (CR 601.2a): a Dinosaur card it is not, and a second copy of it is
    # no Dinosaur either
    copies = make_board(forests, hand=[MIGRATION, MIGRATION])
    assert pay(copies, spell_target(copies.player(ME).hand[0])).payable is False


def test_a_card_exiled_for_mana_is_not_also_revealed() -> None:
    # one Forest and a Dinosaur that exiles itself for {G}: revealing it leaves {1}{G} to one Forest (no),
    # and exiling it makes {G}{G}, short of {2}{G} (no): CR 601.2g-h, mana abilities before the costs
    lone = make_board([mine("f1", "Forest")], hand=[MIGRATION, GUIDE_DINOSAUR])
    assert pay(lone, spell_target(lone.player(ME).hand[0])).payable is False
    assert _migration_verdict(lone) is False
    # with a second Forest: reveal it, the Forests pay {1}{G}; or exile it and pay {2}{G} with all three
    two = make_board([mine("f1", "Forest"), mine("f2", "Forest")], hand=[MIGRATION, GUIDE_DINOSAUR])
    result = pay(two, spell_target(two.player(ME).hand[0]))
    assert result.payable and _migration_verdict(two)


def test_a_card_to_reveal_alone() -> None:
    text = "As an additional cost to cast this spell, reveal a creature card from your hand.\nDraw a card."
    destiny = {"name": "Test Destiny", "type_line": "Instant", "mana_cost": "{G}", "oracle": text}
    assert spell_target(Card.from_json(destiny)).additional_costs == (RevealCost(("Creature",)),)
    forest = [mine("f1", "Forest")]
    assert pay(make_board(forest, hand=[destiny]), spell_target(Card.from_json(destiny))).payable is False
    board = make_board(forest, hand=[destiny, DINOSAUR])
    result = pay(board, spell_target(board.player(ME).hand[0]))
    assert result.payable and result.additional is not None
    assert result.additional.revealed == ("Test Dinosaur",)


# ------------------------------------------------- a reduction of abilities' costs with a floor of one mana
POWER_ARTIFACT: dict[str, Any] = {
    "name": "Test Power",
    "type_line": "Enchantment — Aura",
    "mana_cost": "{U}{U}",
    "oracle": "Enchant artifact\nEnchanted artifact's activated abilities cost {2} less to activate. "
    "This effect can't reduce the mana in that cost to less than one mana.",
}
TRAINING: dict[str, Any] = {
    "name": "Test Grounds",
    "type_line": "Enchantment",
    "mana_cost": "{U}",
    "oracle": "Activated abilities of creatures you control cost up to {2} less to activate. This effect "
    "can't reduce the amount of mana an ability costs to activate to less than one mana.",
}
PRISM: dict[str, Any] = {
    "name": "Test Prism",
    "type_line": "Artifact",
    "mana_cost": "{5}",
    "oracle": "{2}, {T}: Add one mana of any color.",
}
GOLEM: dict[str, Any] = {
    "name": "Test Golem",
    "type_line": "Artifact Creature — Golem",
    "mana_cost": "{5}",
    "oracle": "{3}, {T}, Sacrifice this creature: Add {R}{R}{R}.",
}


def test_a_reduction_that_leaves_one_mana() -> None:
    read = parse_oracle(TRAINING["oracle"], "Test Grounds")
    assert [s.read_as for s in read.sentences] == ["effect", "effect"]
    # the Aura on the Prism: {2} less would be {0}, the floor keeps {1}: one Wastes pays it and the Prism
    # makes {G} (CR 601.2f by way of 602.2b); {G}{G} would need a second mana for the {1}
    prism = [mine("a", POWER_ARTIFACT, attached_to="p"), mine("p", PRISM), mine("w", "Wastes")]
    board = make_board(prism)
    assert checked_verdict(board, "{G}") is True
    assert checked_verdict(board, "{1}") is True  # (the Wastes alone, or the Prism paid by it)
    assert checked_verdict(board, "{G}{C}") is False  # (the Wastes pays the Prism: one mana in all)
    assert str(could_produce(board)["p"]) == "WUBRG"
    # on the Golem: {3} less {2} is {1}, above the floor: the Wastes pays it, {R}{R}{R}
    golem = make_board([mine("a", POWER_ARTIFACT, attached_to="g"), mine("g", GOLEM), mine("w", "Wastes")])
    assert checked_verdict(golem, "{R}{R}{R}") is True
    assert checked_verdict(golem, "{R}{R}{R}{C}") is False
    # the Aura on another artifact: the Prism costs its {2}
    rock = {"name": "Test Rock", "type_line": "Artifact", "mana_cost": "{2}"}
    other = make_board(
        [mine("a", POWER_ARTIFACT, attached_to="r"), mine("r", rock), mine("p", PRISM), mine("w", "Wastes")]
    )
    assert checked_verdict(other, "{G}") is False


def test_training_grounds_wording_keeps_one_mana_too() -> None:
    elf = {**GOLEM, "name": "Test Shaman", "oracle": "{2}, {T}: Add {G}{G}{G}."}
    board = make_board([mine("t", TRAINING), mine("e", elf), mine("w", "Wastes")])
    assert checked_verdict(board, "{G}{G}{G}") is True  # ({2} up to {2} less, one mana kept: the Wastes)
    assert checked_verdict(board, "{G}{G}{G}{C}") is False
    assert not pay(board, PaymentTarget.of("{G}{G}{G}")).warnings


# ------------------------------------------------------- an alternative cost an opponent's life gain pays
CUTTER: dict[str, Any] = {
    "name": "Test Cutter",
    "type_line": "Creature — Beast",
    "mana_cost": "{4}{G}",
    "oracle": "If you control a Forest, rather than pay this spell's mana cost, you may have an opponent "
    "gain 5 life.",
}


def test_an_opponent_gains_life_rather_than_the_mana_cost() -> None:
    (cost,) = own_alternative_costs(CUTTER["oracle"], "Test Cutter")
    assert (cost.opponent_gains, cost.if_control, cost.mana) == (5, ("Forest",), "")
    # a Forest and an opponent: castable for no mana (CR 118.9), the Forest untouched
    forest = make_board([mine("f", "Forest")], hand=[CUTTER])
    result = checked(forest, [None, Way("")])
    assert result.payable and result.alternative_cost is not None and not result.warnings
    assert result.plan is not None and not result.plan.steps
    # a Plains only: the condition fails; {4}{G} is not paid by one land
    plains = make_board([mine("p", "Plains")], hand=[CUTTER])
    assert checked(plains, [None]).payable is False
    # no opponent to gain the life: the cost can't be paid (CR 118.3), the mana cost is too much
    alone = make_board([mine("f", "Forest")], hand=[CUTTER], opponent=False)
    assert checked(alone, [None]).payable is False


# --------------------------------------------------------------- offering (CR 702.48a): color comes off too
PATRON: dict[str, Any] = {
    "name": "Test Patron",
    "type_line": "Legendary Creature — Spirit",
    "mana_cost": "{6}{G}{G}",
    "oracle": "Snake offering (You may cast this card any time you could cast an instant by sacrificing a "
    "Snake and paying the difference in mana costs between this and the sacrificed Snake. Mana cost includes "
    "color.)",
}
SNAKE: dict[str, Any] = {
    "name": "Test Snake",
    "type_line": "Creature — Snake Shaman",
    "mana_cost": "{1}{G}",
    "oracle": "{T}: Add {G}.",
}


def test_an_offering_takes_the_snakes_mana_cost_off_color_included() -> None:
    # {6}{G}{G} less the Snake's {1}{G} is {5}{G}: the Snake tapped for {G} and then sacrificed (CR 601.2g-h)
    # and five Forests pay it
    snake = [mine("s", SNAKE)]
    five = make_board([*snake, *(mine(f"f{i}", "Forest") for i in range(5))], hand=[PATRON])
    result = checked(five, [None, Way("{5}{G}", sacrifice=(SacrificeCost(1, ("Snake",)),))])
    assert result.payable and result.alternative_cost is not None and not result.warnings
    # four Forests and the Snake make five mana, short of {5}{G}
    four = make_board([*snake, *(mine(f"f{i}", "Forest") for i in range(4))], hand=[PATRON])
    assert checked(four, [None, Way("{5}{G}", sacrifice=(SacrificeCost(1, ("Snake",)),))]).payable is False
    # a Bear is no Snake: no offering, {6}{G}{G} from six lands is not paid
    bear = {**SNAKE, "name": "Test Bear", "type_line": "Creature — Bear"}
    no_snake = make_board([mine("b", bear), *(mine(f"f{i}", "Forest") for i in range(5))], hand=[PATRON])
    assert checked(no_snake, [None]).payable is False
    # a black Snake's {B} comes off generic mana (CR 118.7c): {5}{G}{G} from seven Forests
    black = {**SNAKE, "name": "Test Adder", "mana_cost": "{B}", "oracle": ""}
    seven = make_board([mine("a", black), *(mine(f"f{i}", "Forest") for i in range(7))], hand=[PATRON])
    result = checked(seven, [None, Way("{5}{G}{G}", sacrifice=(SacrificeCost(1, ("Snake",)),))])
    assert result.payable and result.alternative_cost is not None
