"""Treasures of triggers on casting a spell in a turn's plan (contract section 11, issue 35): "Whenever you
cast a historic spell, create a Treasure token." makes no mana itself (CR 605.1a); it triggers as its
controller casts a spell it describes (CR 603.2), historic being legendary, an artifact or a Saga (CR 700.6),
and resolves before that spell (CR 603.3), so the Treasure (CR 111.10a) pays the spells cast after it, never
the spell that set it off. "This ability triggers only once each turn." limits it (CR 603.2h). Hand-derived
plans, and the turn brute force (tests/turn_brute_force.py).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from turn_brute_force import brute_force, matches_brute_force

from models.board import Board, Card
from models.cost import PaymentTarget
from models.oracle.rider_clauses import cast_trigger
from models.oracle.token_rules import CreatedTokens
from planner import pay
from planner.rules.replay import IllegalPlanError
from planner.turn import plan_turn
from planner.turn_cast_mana import CastTokens
from planner.turn_choices import Ids, turn_spell
from planner.turn_model import Stage, TurnItem
from planner.turn_replay import TreasureCheck

#: a trigger of casting a historic spell that creates a Treasure, once each turn (Gloin's shape)
EMISSARY = {
    "name": "Test Emissary",
    "type_line": "Legendary Creature — Dwarf",
    "mana_cost": "{1}{R}",
    "power": 3,
    "toughness": 3,
    "oracle": "Whenever you cast a historic spell, create a Treasure token. This ability triggers only once "
    "each turn.",
}
#: the same trigger with no limit
PROSPECTOR = {
    **EMISSARY,
    "name": "Test Prospector",
    "type_line": "Creature — Dwarf",
    "oracle": "Whenever you cast a historic spell, create a Treasure token.",
}
CROWN = {"name": "Test Crown", "type_line": "Legendary Artifact", "mana_cost": "{2}", "oracle": ""}
RELIC = {"name": "Test Relic", "type_line": "Artifact", "mana_cost": "{1}", "oracle": ""}
TALE = {"name": "Test Tale", "type_line": "Enchantment — Saga", "mana_cost": "{2}", "oracle": ""}
ELF = {"name": "Test Elf", "type_line": "Creature — Elf", "mana_cost": "{2}", "power": 2, "toughness": 2}
HERO = {
    "name": "Test Hero",
    "type_line": "Legendary Creature — Elf",
    "mana_cost": "{2}",
    "power": 2,
    "toughness": 2,
}
SPARK = {"name": "Test Spark", "type_line": "Instant", "mana_cost": "{R}", "oracle": ""}


def _board(permanents: list[Any], hand: list[Any], **me: Any) -> Board:
    """``me``'s board: permanents (a card name or a card's object) with ids p0, p1..., and the hand."""
    listed = [
        {"id": f"p{n}", "controller": "me", **({"card": p} if isinstance(p, str) else p)}
        for n, p in enumerate(permanents)
    ]
    cards = [{k: v for k, v in c.items() if k != "toughness"} if isinstance(c, dict) else c for c in hand]
    player = {"id": "me", "hand": cards, "spells_cast_this_turn": 0, **me}
    return Board.from_dict({"version": 1, "players": [player, {"id": "opp"}], "permanents": listed})


def test_historic_is_read_by_the_grammar() -> None:
    """'historic' (CR 700.6): a legendary, artifact or Saga spell; a plain creature or instant is not."""
    trigger = cast_trigger("Whenever you cast a historic spell, create a Treasure token.")
    assert trigger is not None
    lines = ("Legendary Creature — Elf", "Artifact", "Enchantment — Saga", "Creature — Elf", "Instant")
    described = [trigger.describes(PaymentTarget.of("{2}", type_line=line)) for line in lines]
    assert described == [True, True, True, False, False]


def test_historic_spells_cost_less() -> None:
    """'Historic spells you cast cost {1} less to cast.' (Jhoira's Familiar's shape, CR 601.2f): two Forests
    pay a legendary {2}{G} creature, not a plain one (before 'historic' was read, the sentence was not and
    neither was payable)."""
    familiar = {
        "id": "f",
        "name": "Test Familiar",
        "type_line": "Artifact Creature — Bird",
        "power": 2,
        "toughness": 2,
        "controller": "me",
        "oracle": "Historic spells you cast cost {1} less to cast.",
    }
    board = _board(["Forest", "Forest", familiar], [])
    legendary = pay(board, PaymentTarget.of("{2}{G}", type_line="Legendary Creature — Elf"), player="me")
    plain = pay(board, PaymentTarget.of("{2}{G}", type_line="Creature — Elf"), player="me")
    assert (legendary.payable, plain.payable) == (True, False)


def test_the_treasure_pays_the_next_spell() -> None:
    """Two Mountains and the Emissary: the Crown (legendary: historic) takes both Mountains, its trigger
    resolves first and leaves a Treasure (CR 603.3), which pays the Spark: mana value 3 (on main the
    Treasure was only noted, the plan cast 2 and was not called optimal). The brute force agrees."""
    board = _board(["Mountain", "Mountain", EMISSARY], [CROWN, SPARK])
    turn = matches_brute_force(board)
    assert turn.mana_value_cast == 3 and [s.card for s in turn.spells] == ["Test Crown", "Test Spark"]
    assert not turn.notes


@pytest.mark.parametrize(("source", "most"), [(EMISSARY, 3), (PROSPECTOR, 4)])
def test_once_each_turn(source: dict[str, Any], most: int) -> None:
    """Two Mountains, the Crown, the Relic and the Spark. Without a limit: Crown (both Mountains) leaves a
    Treasure, the Relic (that Treasure) another, the Spark is paid by it: 2 + 1 + 1 = 4. Once each turn
    (CR 603.2h): the Relic leaves none, so Crown with the Relic or the Spark: 3."""
    board = _board(["Mountain", "Mountain", source], [CROWN, RELIC, SPARK])
    assert brute_force(board)[0] == most
    assert matches_brute_force(board).mana_value_cast == most


@pytest.mark.parametrize(("spell", "most"), [(ELF, 2), (HERO, 3), (TALE, 3)])
def test_only_historic_spells_set_it_off(spell: dict[str, Any], most: int) -> None:
    """A plain Elf ({2}) sets nothing off: with two Mountains the Elf or the Spark, never both (mana value
    2); a legendary Elf does, the Spark then paid by the Treasure (3); a Saga too (CR 700.6)."""
    board = _board(["Mountain", "Mountain", PROSPECTOR], [spell, SPARK])
    assert matches_brute_force(board).mana_value_cast == most


def test_reminder_text_and_ability_words_are_the_readers() -> None:
    """The trigger as printed, with an ability word, its name for itself and reminder text after the limit:
    read as the reader reads the line (CR 207.2c: the ability word means nothing), so counted, once."""
    printed = {
        **EMISSARY,
        "name": "Test Hoard Keeper",
        "oracle": "Hoard — Whenever you cast a historic spell, create a Treasure token. This ability "
        "triggers only once each turn. (Artifacts, legendaries, and Sagas are historic.)",
    }
    board = _board(["Mountain", "Mountain", printed], [CROWN, RELIC, SPARK])
    turn = matches_brute_force(board)
    assert turn.mana_value_cast == 3 and not turn.notes


def test_a_permanent_spell_of_the_turn_triggers_for_the_later_ones() -> None:
    """Three Mountains; the Prospector cast first ({1}{R}: two Mountains), then the Relic (the third) leaves
    a Treasure that pays the Spark: mana value 4; the Prospector's own spell sets off nothing (it is not on
    the battlefield as it is cast, CR 603.2). The brute force agrees."""
    board = _board(["Mountain", "Mountain", "Mountain"], [PROSPECTOR, RELIC, SPARK])
    turn = matches_brute_force(board)
    assert turn.mana_value_cast == 4
    assert [s.card for s in turn.spells] == ["Test Prospector", "Test Relic", "Test Spark"]


def test_spells_given_in_order() -> None:
    """--cast Crown then Spark on two Mountains: castable (the Treasure pays the Spark); Spark then Crown: the
    Spark sets nothing off and leaves one Mountain for the Crown's {2}: a 'no' (on main: no answer, null)."""
    board = _board(["Mountain", "Mountain", EMISSARY], [CROWN, SPARK])
    given = plan_turn(board, casts=["Test Crown", "Test Spark"], time_limit=120)
    assert given.castable is True and given.optimal
    spark_paid = given.spells[1].payment
    assert [step.permanent for step in spark_paid.steps] == ["new-treasure"]
    other = plan_turn(board, casts=["Test Spark", "Test Crown"], time_limit=120)
    assert other.castable is False
    best = plan_turn(board, casts=["Test Spark", "Test Crown"], order="best", time_limit=120)
    assert best.castable is True and [s.card for s in best.spells] == ["Test Crown", "Test Spark"]


def test_a_trigger_that_may_have_fired_before_the_plan_is_not_counted() -> None:
    """Once each turn, with a spell cast before the plan that the board does not list: the trigger may have
    fired (CR 603.2h), so its Treasure is not planned, said in the notes, the plan not called optimal (mana
    value 2). With the spell listed and not historic, it has not fired: the Treasure is planned (3)."""
    board = _board(["Mountain", "Mountain", EMISSARY], [CROWN, SPARK], spells_cast_this_turn=1)
    turn = plan_turn(board, time_limit=120)
    assert turn.mana_value_cast == 2 and not turn.optimal
    assert any("may have triggered before the plan" in note for note in turn.notes)
    listed = _board(["Mountain", "Mountain", EMISSARY], [CROWN, SPARK], spells_cast_this_turn=[SPARK])
    assert plan_turn(listed, time_limit=120).mana_value_cast == 3
    historic = _board(["Mountain", "Mountain", EMISSARY], [CROWN, SPARK], spells_cast_this_turn=[RELIC])
    assert not plan_turn(historic, time_limit=120).optimal


def test_a_token_other_than_a_treasure_stays_noted() -> None:
    """'create a Powerstone token' (a token whose mana a restriction limits, which the search does not
    make; a Gold token is made since turnevents35: tests/test_turn_cast_tokens.py): noted, the plan not
    called optimal, and with the spells given a plan that can't cast them all is no 'no'."""
    golden = {**PROSPECTOR, "oracle": "Whenever you cast a historic spell, create a Powerstone token."}
    board = _board(["Mountain", "Mountain", golden], [CROWN, SPARK])
    turn = plan_turn(board, time_limit=120)
    assert not turn.optimal and any("Powerstone token" in note for note in turn.notes)
    given = plan_turn(board, casts=["Test Crown", "Test Spark"], time_limit=120)
    assert given.castable is None


#: the permanents and cards of the random boards: lands, the triggers (a limit, two Treasures, the first spell
#: of the turn), a Treasure, and spells historic or not
_HOARDER = {
    **PROSPECTOR,
    "name": "Test Hoarder",
    "oracle": "Whenever you cast an artifact spell, create two Treasure tokens.",
}
_FIRSTLING = {
    **PROSPECTOR,
    "name": "Test Firstling",
    "oracle": "Whenever you cast your first spell each turn, create a Treasure token.",
}
_BEAR = {
    "name": "Test Bear",
    "type_line": "Creature — Bear",
    "mana_cost": "{1}{G}",
    "power": 2,
    "toughness": 2,
}
_PERMANENTS: list[Any] = ["Mountain", "Mountain", "Forest", "Swamp", "Treasure", EMISSARY, PROSPECTOR]
_PERMANENTS += [_HOARDER, _FIRSTLING]
_HAND: list[Any] = [CROWN, RELIC, TALE, ELF, HERO, SPARK, _BEAR, EMISSARY, _HOARDER, "Mountain", "Forest"]


@pytest.mark.parametrize("seed", range(12))
def test_random_turns_with_treasure_triggers_match_the_brute_force(seed: int) -> None:
    """Random boards of those: the plan is optimal and casts the brute force's mana value with its cards."""
    rng = random.Random(seed)
    permanents = [rng.choice(_PERMANENTS) for _ in range(rng.randint(1, 4))]
    hand = [rng.choice(_HAND) for _ in range(rng.randint(1, 4))]
    matches_brute_force(_board(permanents, hand))


def test_the_replay_counts_the_treasures_again() -> None:
    """The replay's own count of a spell's Treasures (from the rules on the board it is cast on) refuses a
    stage that claims a Treasure for the Spark (an instant: not historic) or none for the Crown."""
    board = _board(["Mountain", PROSPECTOR], [])
    ids = Ids({"p0", "p1"})
    crown, spark = (turn_spell(Card.from_json(card), 0, ids) for card in (CROWN, SPARK))
    check = TreasureCheck(board, "me")
    one = (CastTokens("p1", CreatedTokens(1, "Treasure")),)
    check.check(board, crown, Stage(item=TurnItem(spell=crown), epoch=0, board=board, cast_treasures=one))
    with pytest.raises(IllegalPlanError, match="Test Spark"):
        check.check(board, spark, Stage(item=TurnItem(spell=spark), epoch=1, board=board, cast_treasures=one))
    with pytest.raises(IllegalPlanError, match="Test Crown"):
        TreasureCheck(board, "me").check(
            board, crown, Stage(item=TurnItem(spell=crown), epoch=0, board=board)
        )
