"""Mana abilities with the activation restriction "Activate only once each turn" (CR 602.5b), with costs
other than {T}: Kozilek's Translator's life, Wall of Roots's -0/-1 counter, Mana Bloom's charge
counter, Shire Scarecrow's {1}. A plan activates each at most once, across the payment, the cost to keep and
the spells of a turn; a permanent's ``activated_this_turn`` says which were activated before the question.

The answers are derived by hand from the rules, and the random boards are checked against the reference
search, which replays every order of activations by the rules.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from boards import agrees_with_reference

from models.board import Board
from models.cost import PaymentTarget
from models.errors import InputError
from models.mana import ManaBag
from planner.api import pay, text_warnings
from planner.rules.replay import IllegalPlanError, Plan, Step, apply_step, initial_state, replay
from planner.turn import plan_turn

TRANSLATOR = "Pay 1 life: Add {C}. Activate only once each turn."
ROOTS = "Put a -0/-1 counter on Wall of Roots: Add {G}. Activate only once each turn."
BLOOM = "Remove a charge counter from Mana Bloom: Add one mana of any color. Activate only once each turn."
SCARECROW = "{1}: Add one mana of any color. Activate only once each turn."

#: The cards by name: type line, Oracle text (their mana abilities, as printed today).
CARDS: dict[str, tuple[str, str]] = {
    "Kozilek's Translator": ("Creature — Eldrazi Drone", "Devoid (This card has no color.)\n" + TRANSLATOR),
    "Wall of Roots": ("Creature — Plant Wall", "Defender\n" + ROOTS),
    "Mana Bloom": ("Enchantment", BLOOM),
    "Shire Scarecrow": ("Artifact Creature — Scarecrow", "Defender\n" + SCARECROW),
}


def permanent(pid: str, name: str, **fields: Any) -> dict[str, Any]:
    """A permanent of mine: one of :data:`CARDS` by its text, or a catalogue card."""
    if name in CARDS:
        type_line, oracle = CARDS[name]
        return {
            "id": pid,
            "name": name,
            "type_line": type_line,
            "oracle": oracle,
            "controller": "me",
            **fields,
        }
    return {"id": pid, "card": name, "controller": "me", **fields}


def board(*permanents: dict[str, Any], hand: tuple[str, ...] = ()) -> Board:
    me: dict[str, Any] = {"id": "me", "life": 20}
    if hand:
        me["hand"] = list(hand)
    return Board.from_dict({"version": 1, "players": [me], "permanents": list(permanents)})


def payable(on: Board, cost: str) -> bool:
    answer = pay(on, PaymentTarget.of(cost)).payable
    assert answer is not None, "no answer within the time limit"
    return answer


@pytest.mark.parametrize(
    ("name", "fields", "one", "two"),
    [
        ("Kozilek's Translator", {}, "{C}", "{2}"),
        ("Wall of Roots", {}, "{G}", "{G}{G}"),
        ("Mana Bloom", {"counters": {"charge": 3}}, "{R}", "{2}"),
    ],
)
def test_an_ability_limited_to_once_each_turn_makes_its_mana_once(
    name: str, fields: dict[str, Any], one: str, two: str
) -> None:
    alone = board(permanent("x", name, **fields))
    assert payable(alone, one)
    assert not payable(alone, two)  # a second activation this turn is not allowed
    assert text_warnings(alone) == ()
    for cost in (one, two):
        assert agrees_with_reference(alone, PaymentTarget.of(cost), max_states=20_000) is not None


def test_kozilek_s_translator_pays_its_life_once() -> None:
    result = pay(
        board(permanent("k", "Kozilek's Translator"), permanent("f", "Forest")), PaymentTarget.of("{1}{G}")
    )
    assert result.payable and result.life_paid == 1
    assert [step.permanent for step in result.steps] == ["k", "f"]


def test_wall_of_roots_puts_its_counter_and_is_marked_activated() -> None:
    """The cost puts a -0/-1 counter on it (state-based actions wait until a player would get priority, CR
    704.3, so it pays even at 0/1), and the game remembers that the ability was activated this turn."""
    wall = board(permanent("w", "Wall of Roots", counters={"-0/-1": 4}))
    assert payable(wall, "{G}")
    step = Step(permanent="w", ability=0, produced=(("w", ManaBag.parse("{G}")),))
    after = apply_step(initial_state(wall), step).board.permanent("w")
    assert after.counter("-0/-1") == 5
    assert after.activated_this_turn == (ROOTS,)
    with pytest.raises(IllegalPlanError, match="only once each turn"):
        apply_step(apply_step(initial_state(wall), step), step)


def test_a_plan_that_activates_it_twice_is_refused_by_the_replay() -> None:
    bloom = board(permanent("b", "Mana Bloom", counters={"charge": 2}))
    step = Step(permanent="b", ability=0, produced=(("b", ManaBag.parse("{G}")),))
    with pytest.raises(IllegalPlanError, match=r"step 2: .*only once each turn"):
        replay(bloom, PaymentTarget.of("{G}{G}"), Plan((step, step), (), 0))


def test_an_ability_already_activated_this_turn_is_not_activated_again() -> None:
    """The board names the ability as Oracle text gives it, or as a plan's step does, in any case and
    spacing, with or without its reminder text."""
    for named in (
        ROOTS,
        ROOTS.upper(),
        "put a -0/-1 counter on wall of roots:  add {g}. activate only once each turn.",
    ):
        used = board(permanent("w", "Wall of Roots", activated_this_turn=[named]), permanent("f", "Forest"))
        assert payable(used, "{G}")  # the Forest
        assert not payable(used, "{G}{G}")
        assert agrees_with_reference(used, PaymentTarget.of("{G}{G}"), max_states=20_000) is not None
    fresh = board(permanent("w", "Wall of Roots"), permanent("f", "Forest"))
    assert payable(fresh, "{G}{G}")


def test_naming_an_ability_the_permanent_does_not_have_is_an_error_with_its_path() -> None:
    wrong = board(
        permanent("f", "Forest"), permanent("w", "Wall of Roots", activated_this_turn=["{T}: Add {G}."])
    )
    with pytest.raises(
        InputError, match=r"permanents\[1\]\.activated_this_turn\[0\]: '\{T\}: Add \{G\}\.' is not"
    ):
        pay(wrong, PaymentTarget.of("{G}"))
    no_such = board(permanent("f", "Forest", activated_this_turn=["{T}: Add {G}."]))
    with pytest.raises(InputError, match="it has none"):
        pay(no_such, PaymentTarget.of("{G}"))


def test_the_field_is_kept_by_the_board_file() -> None:
    used = board(permanent("k", "Kozilek's Translator", activated_this_turn=[TRANSLATOR]))
    assert used.permanent("k").to_dict()["activated_this_turn"] == [TRANSLATOR]
    assert Board.loads(used.dumps()) == used


def test_the_cost_to_keep_can_t_use_what_the_payment_activated() -> None:
    both = board(permanent("w", "Wall of Roots"), permanent("f", "Forest"))
    kept = pay(both, PaymentTarget.of("{G}"), keep=PaymentTarget.of("{G}"))
    assert kept.payable and kept.keep_satisfied
    alone = board(permanent("w", "Wall of Roots"), permanent("s", "Swamp"))
    lost = pay(alone, PaymentTarget.of("{G}"), keep=PaymentTarget.of("{G}"))
    assert lost.payable and lost.keep_satisfied is False


def test_a_turn_activates_it_once_across_its_spells() -> None:
    """Two {G} spells: the Forest pays one, the Wall the other; a third finds the Wall used this turn."""
    forest_and_wall = board(permanent("w", "Wall of Roots"), permanent("f", "Forest"))
    two = plan_turn(forest_and_wall, casts=["{G}", "{G}"])
    assert two.castable
    assert sorted(str(step.permanent) for spell in two.spells for step in spell.payment.steps) == ["f", "w"]
    assert not plan_turn(forest_and_wall, casts=["{G}", "{G}", "{G}"]).castable
    used = board(permanent("w", "Wall of Roots", activated_this_turn=[ROOTS]), permanent("f", "Forest"))
    assert not plan_turn(used, casts=["{G}", "{G}"]).castable


#: What the random boards are made of: the four cards, with a source of each kind of cost they take.
_POOL = (
    "Kozilek's Translator",
    "Wall of Roots",
    "Mana Bloom",
    "Shire Scarecrow",
    "Forest",
    "Swamp",
    "Sol Ring",
)


def _random_board(rng: random.Random) -> Board:
    permanents = []
    for number in range(rng.randint(2, 4)):
        name = rng.choice(_POOL)
        fields: dict[str, Any] = {}
        if name == "Mana Bloom":
            fields["counters"] = {"charge": rng.randint(0, 2)}
        if name in CARDS and rng.random() < 0.25:
            fields["activated_this_turn"] = [CARDS[name][1].split("\n")[-1]]
        if rng.random() < 0.15:
            fields["tapped"] = True
        permanents.append(permanent(f"p{number}", name, **fields))
    return board(*permanents)


def test_random_boards_agree_with_the_reference_search() -> None:
    rng = random.Random(602)
    checked = 0
    for _ in range(80):
        on = _random_board(rng)
        cost = rng.choice(["{1}", "{2}", "{G}", "{C}", "{1}{G}", "{W}{G}", "{3}", "{G}{G}", "{2}{R}"])
        if agrees_with_reference(on, PaymentTarget.of(cost), max_states=30_000) is not None:
            checked += 1
    assert checked >= 70


def test_a_tap_ability_named_as_activated_this_turn_is_not_used_even_untapped() -> None:
    """An untapped land whose "{T}: Add {G}. Activate only once each turn." was activated this turn (it was
    untapped since) can't tap for mana again."""
    text = "{T}: Add {G}. Activate only once each turn."
    land = {"id": "l", "name": "Odd Land", "type_line": "Land", "oracle": text, "controller": "me"}
    assert payable(board(land), "{G}")
    used = board({**land, "activated_this_turn": [text]})
    assert not payable(used, "{G}")
    assert agrees_with_reference(used, PaymentTarget.of("{G}"), max_states=1_000) is not None


def test_each_permanent_activates_its_own_ability_once() -> None:
    walls = board(permanent("w1", "Wall of Roots"), permanent("w2", "Wall of Roots"))
    assert payable(walls, "{G}{G}")
    assert not payable(walls, "{G}{G}{G}")
    one_used = board(
        permanent("w1", "Wall of Roots", activated_this_turn=[ROOTS]), permanent("w2", "Wall of Roots")
    )
    result = pay(one_used, PaymentTarget.of("{G}"))
    assert [step.permanent for step in result.steps] == ["w2"]
    assert not payable(one_used, "{G}{G}")
