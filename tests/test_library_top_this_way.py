"""'If you cast a spell this way, <alternative cost> rather than pay its mana cost.' after a permission to
cast from the top of the library (issue 35): Gwenom, Remorseless's trigger's ("Whenever ~ attacks, until end
of turn, you may look at the top card of your library any time and you may play cards from the top of your
library."), an effect in force (CR 611.2a) given in the board's ``effects`` or by the permanent's
``resolved_this_turn`` (CR 603.3: the trigger resolved this turn), and the phrase's other costs.

The cost is granted to the spells the permission lets be cast (CR 118.9) and is no option: a spell cast that
way pays it, not its mana cost (CR 601.2a). Life equal to the spell's mana value (CR 202.3; an {X} the cost
does not include is 0, 107.3b) is paid only with that much life (119.4). Answers are derived by hand from
those rules, on boards with made-up cards.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from boards import ME, agrees_with_reference

from models.board import Board
from models.cost import PaymentTarget
from models.mana_effects import GrantedAlternativeCost
from models.oracle import parse_oracle
from models.oracle.alternative_costs import alternative_cost_of
from models.spells import spell_of
from planner.api import max_x, pay
from planner.turn import plan_turn

TRIGGER = (
    "Whenever ~ attacks, until end of turn, you may look at the top card of your library any time and you "
    "may play cards from the top of your library."
)
LIFE_COST = "If you cast a spell this way, pay life equal to its mana value rather than pay its mana cost."
EFFECT = (
    "Until end of turn, you may look at the top card of your library any time and you may play cards from "
    "the top of your library. " + LIFE_COST
)
OGRE = {"name": "Test Ogre", "type_line": "Creature — Ogre", "mana_cost": "{2}{R}"}
FIRE = {
    "name": "Test Fire",
    "type_line": "Sorcery",
    "mana_cost": "{X}{R}",
    "oracle": "Test Fire deals X damage.",
}
BOLT = {
    "name": "Test Bolt",
    "type_line": "Sorcery",
    "mana_cost": "{R}",
    "oracle": "Test Bolt deals 3 damage.",
}


def _gwen(resolved: int | None) -> dict[str, Any]:
    gwen: dict[str, Any] = {
        "id": "g",
        "name": "Test Gwen",
        "type_line": "Legendary Creature — Spider",
        "controller": ME,
        "power": 4,
        "toughness": 4,
        "oracle": f"Deathtouch, lifelink\n{TRIGGER} {LIFE_COST}",
    }
    if resolved is not None:
        gwen["resolved_this_turn"] = resolved
    return gwen


def _mountain(pid: str) -> dict[str, Any]:
    return {"id": pid, "card": "Mountain", "controller": ME}


def _board(
    library: list[Any],
    *permanents: dict[str, Any],
    life: int = 20,
    effects: tuple[dict[str, Any], ...] = (),
    hand: list[Any] | None = None,
) -> Board:
    me: dict[str, Any] = {"id": ME, "life": life, "library": library}
    if hand is not None:
        me["hand"] = hand
    return Board.from_dict(
        {
            "version": 1,
            "active_player": ME,
            "step": "main",
            "players": [me, {"id": "opp"}],
            "permanents": list(permanents),
            "effects": list(effects),
        }
    )


def _from_library(card: dict[str, Any]) -> PaymentTarget:
    spell = spell_of(
        card["mana_cost"], name=card["name"], type_line=card["type_line"], text=card.get("oracle", "")
    )
    return replace(spell, cast_from="library")


def test_the_triggers_permission_and_its_cost_are_read() -> None:
    """The trigger's permission (ignored: no mana) and the cost its next sentence grants, marked as a
    trigger's (in force once it resolved, CR 603.3, 611.2a)."""
    parsed = parse_oracle(f"{TRIGGER} {LIFE_COST}", "Test Gwen")
    assert [s.read_as for s in parsed.sentences] == ["ignored", "effect"]
    (granted,) = parsed.effects
    assert isinstance(granted, GrantedAlternativeCost) and granted.after_trigger
    assert granted.cost.life_is_mana_value and granted.cost.from_library


def test_this_way_of_another_permission_stays_warned() -> None:
    """'this way' after a permission to play exiled cards (Inside Information's shape, cards exiled from a
    library, not its top): not read, so warned, never applied as a library's cost."""
    text = (
        "Exile the top three cards of target opponent's library. You may play those cards this turn. "
        + LIFE_COST
    )
    assert [s.read_as for s in parse_oracle(text, "Test Insight").sentences][-1] == "unsupported"


def test_the_phrase_reads_any_alternative_cost() -> None:
    """The phrase's cost is read as other alternative costs are: '{1} and 2 life' for a spell from the top
    (the Ogre, mana value 3: one Mountain pays the {1}, CR 118.9); life equal to a mana value is not read as
    a spell's own cost (nothing works it out for the spell itself: not read, never free)."""
    permission = "You may play lands and cast spells from the top of your library."
    cost = "If you cast a spell this way, pay {1} and pay 2 life rather than pay its mana cost."
    (granted,) = parse_oracle(f"{permission}\n{cost}", "Test Keep").effects
    assert isinstance(granted, GrantedAlternativeCost)
    assert (granted.cost.mana, granted.cost.life, granted.cost.from_library) == ("{1}", 2, True)
    keep = {
        "id": "k",
        "name": "Test Keep",
        "type_line": "Artifact",
        "controller": ME,
        "oracle": f"{permission}\n{cost}",
    }
    answer = pay(_board([OGRE], keep, _mountain("m1"), _mountain("m2")), _from_library(OGRE))
    assert (answer.payable, answer.life_paid, len(answer.tapped)) == (True, 2, 1)
    own = "You may pay life equal to its mana value rather than pay this spell's mana cost."
    assert alternative_cost_of(own) is None


def test_the_top_card_is_paid_with_life_once_the_trigger_resolved() -> None:
    """resolved_this_turn 1: the Ogre on top (mana value 3) costs 3 life (CR 202.3, 118.9); 0: the trigger
    did not resolve, no permission, "no" (CR 601.2a) with nothing to warn of; not given: the answer rests on
    that fact (once resolved, 3 of the 20 life pay it): not known (payable None), the reason and the warning
    naming permanents[0].resolved_this_turn (never a "no")."""
    paid = pay(_board([OGRE, "Forest"], _gwen(1)), _from_library(OGRE))
    assert (paid.payable, paid.life_paid) == (True, 3)
    assert paid.alternative_cost is not None and paid.alternative_cost.source == "g"
    unresolved = pay(_board([OGRE], _gwen(0)), _from_library(OGRE))
    assert unresolved.payable is False and not unresolved.warnings
    unknown = pay(_board([OGRE], _gwen(None)), _from_library(OGRE))
    assert unknown.payable is None and not unknown.optimal
    assert unknown.reason is not None and unknown.reason.startswith("permanents[0].resolved_this_turn")
    assert [(w.permanent, w.reason.split(":")[0]) for w in unknown.warnings] == [
        ("g", "permanents[0].resolved_this_turn is not given")
    ]


def test_the_cost_is_no_option() -> None:
    """At 2 life the Ogre's 3 life can't be paid (CR 119.4), and three Mountains don't cast it for its mana
    cost: the permission casts it only for that cost (CR 601.2a, 118.9). A permission of its own to cast
    from the top ('You may play lands and cast spells from the top of your library.' alone) lets the
    Mountains pay {2}{R}."""
    mountains = [_mountain(f"m{i}") for i in range(3)]
    assert pay(_board([OGRE], _gwen(1), *mountains, life=2), _from_library(OGRE)).payable is False
    sight = {
        "id": "s",
        "name": "Test Sight",
        "type_line": "Enchantment",
        "controller": ME,
        "oracle": "You may play lands and cast spells from the top of your library.",
    }
    mana = pay(_board([OGRE], _gwen(1), sight, *mountains, life=2), _from_library(OGRE))
    assert (mana.payable, mana.life_paid, len(mana.tapped)) == (True, 0, 3)
    # a permission for creature spells only lets the Ogre's mana cost be paid, not Test Bolt's (a sorcery):
    # at 0 life the Bolt's 1 life can't be paid (CR 119.4), and the Mountain doesn't cast it
    creatures = {**sight, "oracle": "You may cast creature spells from the top of your library."}
    ogre = pay(_board([OGRE], _gwen(1), creatures, *mountains, life=2), _from_library(OGRE))
    assert (ogre.payable, ogre.life_paid) == (True, 0)
    bolt = pay(_board([BOLT], _gwen(1), creatures, *mountains, life=0), _from_library(BOLT))
    assert bolt.payable is False


def test_an_effect_in_force_gives_the_permission() -> None:
    """Gwen gone (or never listed), the trigger's effect given in `effects` (CR 611.2a: it lasts until end of
    turn whatever its source does) pays the Ogre with 3 life; an entry whose 'this way' refers to a
    permission not read is warned, not applied."""
    entry = {"text": EFFECT, "controller": ME, "source": "Test Gwen"}
    paid = pay(_board([OGRE], effects=(entry,)), _from_library(OGRE))
    assert (paid.payable, paid.life_paid, paid.warnings) == (True, 3, ())
    other = {"text": "You may play those cards this turn. " + LIFE_COST, "controller": ME}
    refused = pay(_board([OGRE], effects=(other,)), _from_library(OGRE))
    assert refused.payable is False
    assert {w.permanent for w in refused.warnings} == {"effects[0]"}


def test_an_x_the_cost_does_not_include_is_zero() -> None:
    """CR 107.3b: cast for life equal to its mana value, Test Fire's X is 0: 1 life whatever X is asked;
    max-x is 0."""
    paid = pay(_board([FIRE], _gwen(1)), _from_library(FIRE), x=3)
    assert (paid.payable, paid.life_paid, paid.x) == (True, 1, 0)
    largest = max_x(_board([FIRE], _gwen(1), life=10), _from_library(FIRE))
    assert (largest.x, largest.payable, largest.life_paid) == (0, True, 1)


def test_a_cost_increase_is_paid_with_the_life_as_the_reference_search_pays_it() -> None:
    """'Noncreature spells cost {1} more to cast.' (CR 601.2f) applies to the way: Test Bolt (mana value 1)
    costs 1 life and {1}. The {1} left, locked in after the life (CR 601.2f-h: 19 life, the increase in it, so
    the board without the Test Tax), is what the exhaustive reference search pays (the same verdict and
    objective); without a land it can't be paid, nor the Bolt."""
    tax = {
        "id": "t",
        "name": "Test Tax",
        "type_line": "Creature — Human",
        "controller": "opp",
        "power": 2,
        "toughness": 1,
        "oracle": "Noncreature spells cost {1} more to cast.",
    }
    lands = (_mountain("m"), {"id": "f", "card": "Forest", "controller": ME})
    paid = pay(_board([BOLT], _gwen(1), tax, *lands), _from_library(BOLT))
    assert (paid.payable, paid.life_paid, len(paid.tapped)) == (True, 1, 1)
    after = _board([BOLT], _gwen(1), *lands, life=19)
    locked = agrees_with_reference(after, PaymentTarget.of("{1}"), max_states=20_000)
    assert locked is not None and locked.payable
    assert pay(_board([BOLT], _gwen(1), tax), _from_library(BOLT)).payable is False
    bare = agrees_with_reference(
        _board([BOLT], _gwen(1), life=19), PaymentTarget.of("{1}"), max_states=20_000
    )
    assert bare is not None and bare.payable is False


def test_a_turn_plan_notes_the_top_card() -> None:
    """plan-turn does not cast from the library: with nothing in hand and the Ogre on top that 3 life would
    cast, a plan that casts nothing is no "no" (castable null) and the note names the card and the way;
    the trigger's resolution not given, the note says so; not resolved (0), nothing casts: "no"."""
    turn = plan_turn(_board([OGRE], _gwen(1), hand=[]))
    assert turn.castable is None
    assert any(n.startswith("Test Ogre: Test Gwen may let it be cast") for n in turn.notes)
    unknown = plan_turn(_board([OGRE], _gwen(None), hand=[]))
    assert unknown.castable is None
    assert any("permanents[0].resolved_this_turn is not given" in n for n in unknown.notes)
    assert plan_turn(_board([OGRE], _gwen(0), hand=[])).castable is False
