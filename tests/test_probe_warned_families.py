"""Families the eighth and ninth probes of unseen cards found still warned (issue 35), now executed:

- "Activate no more than three times each turn." (Manaforge Cinder's shape, CR 602.5b): before, the limit
  was read and then left out with a warning ("no record holds it yet"), so the ability was not used at all;
  it is now activated at most as often as the limit leaves this turn, across the payment and a turn's spells,
  the board's ``activated_this_turn`` listing a text once for each activation this turn;
- "{T}, Remove X charge counters from this artifact: Add X mana of {C}, and then add an additional {C}."
  (Kyren Toy's shape): before, not read (a warned wrong "no"); X is chosen as the cost is paid, from 0 to the
  counters there are (CR 107.3, 601.2b), and the ability adds X + 1 {C};
- "As an additional cost to cast this spell, you may tap any number of untapped creatures you control. This
  spell costs {1} less to cast for each creature tapped this way." (Explosive Singularity's shape): before,
  the reduction was not read (a warned wrong "no"); each untapped creature tapped so takes {1} of generic
  mana off (CR 601.2b, 601.2f), tapped with the mana (601.2h): a creature tapped for mana can't be tapped for
  it too, and summoning sickness doesn't matter (CR 302.6 is about {T} in its own abilities' costs);
- "Spend only mana produced by creatures to cast this spell." (Myr Superion's shape): before, not read (a
  warned wrong "yes" with a Forest's mana); each mana's tag now says whether a creature produced it, and
  only such mana pays the spell (floating mana from the board, whose source is not known, is not spent on
  it, with a warning).

Values are derived by hand from the rules (the rule in a comment) and checked against the reference search
(:func:`boards.agrees_with_reference`), which replays every order of activations by the rules.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import ME, OPP, agrees_with_reference, could, make_board

from models.board import Board
from models.cost import PaymentTarget
from models.errors import InputError
from models.oracle import parse_oracle
from models.spells import spell_target
from planner.api import max_x, pay
from planner.rules.alternatives import AlternativeKind
from planner.rules.records import WarningKind
from planner.rules.replay import IllegalPlanError, Plan, apply_step, initial_state, replay
from planner.turn import plan_turn

CINDER_ABILITY = "{1}: Add {B} or {R}. Activate no more than three times each turn."
CINDER: dict[str, Any] = {
    "id": "cinder",
    "name": "Test Cinder",
    "type_line": "Creature — Elemental",
    "oracle": CINDER_ABILITY,
    "power": 3,
    "toughness": 3,
}


def _cinder_board(wastes: int, activated: int = 0) -> Board:
    """The Cinder and ``wastes`` Wastes, its ability activated ``activated`` times this turn already."""
    cinder = dict(CINDER)
    if activated:
        cinder["activated_this_turn"] = [CINDER_ABILITY] * activated
    return make_board([cinder, *({"card": "Wastes", "id": f"w{i}"} for i in range(wastes))])


def test_no_more_than_n_times_each_turn_is_read() -> None:
    (three,) = parse_oracle(CINDER_ABILITY).mana_abilities
    assert three.times_each_turn == 3 and three.limited_each_turn and not three.once_each_turn
    (twice,) = parse_oracle("{B}: Add {R}. Activate no more than twice each turn.").mana_abilities
    assert twice.times_each_turn == 2
    older_text = "{B}: Add {R}. Activate this ability no more than four times each turn."
    (older,) = parse_oracle(older_text).mana_abilities
    assert older.times_each_turn == 4
    (once,) = parse_oracle("{1}: Add {G}. Activate only once each turn.").mana_abilities
    assert once.times_each_turn == 1 and once.once_each_turn


@pytest.mark.parametrize(
    ("wastes", "activated", "cost", "payable"),
    [
        # each activation turns one {C} into {B} or {R}, three times at most this turn (CR 602.5b)
        (4, 0, "{R}", True),
        (4, 0, "{B}{R}{R}", True),
        (4, 0, "{B}{B}{R}{R}", False),  # a fourth activation is forbidden, four Wastes or not
        (4, 0, "{B}{R}{R}{1}", True),  # three converted, the fourth Wastes pays the {1}
        (5, 0, "{B}{B}{R}{R}", False),
        # twice already this turn: once more
        (4, 2, "{R}", True),
        (4, 2, "{B}{R}", False),
        (4, 2, "{R}{3}", True),
        (4, 3, "{R}", False),  # three times already: not again
        (4, 3, "{4}", True),
    ],
)
def test_an_ability_activated_no_more_than_three_times(
    wastes: int, activated: int, cost: str, payable: bool
) -> None:
    board = _cinder_board(wastes, activated)
    result = agrees_with_reference(board, PaymentTarget.of(cost), max_states=200_000)
    assert result is not None and result.payable is payable and not result.warnings


def test_could_produce_and_max_x_with_a_limit() -> None:
    # could-produce reads what the ability could add, not how often it may (CR 106.7)
    assert could(_cinder_board(1, 3))["cinder"] == "BR"
    # {X}{R}: one activation for the {R}, three Wastes left for X (the Cinder's own mana is no better)
    assert max_x(_cinder_board(4), PaymentTarget.of("{X}{R}")).x == 3
    # {X}{B}{B}{R}: three activations take three Wastes, the fourth pays X = 1
    assert max_x(_cinder_board(4), PaymentTarget.of("{X}{B}{B}{R}")).x == 1
    # {X}{B}{B}{R}{R} needs four activations: not even X = 0, however many Wastes
    assert max_x(_cinder_board(8), PaymentTarget.of("{X}{B}{B}{R}{R}")).x is None
    assert max_x(_cinder_board(4, 2), PaymentTarget.of("{X}{B}{R}")).x is None
    assert max_x(_cinder_board(4, 2), PaymentTarget.of("{X}{R}")).x == 3


def test_a_turn_shares_the_limit_across_its_spells() -> None:
    board = _cinder_board(4)
    # four red symbols in two spells: four activations in one turn (CR 602.5b counts the turn's)
    assert not plan_turn(board, casts=["{R}{R}", "{R}{R}"]).castable
    assert plan_turn(board, casts=["{R}{R}", "{R}"]).castable
    assert not plan_turn(_cinder_board(4, 1), casts=["{R}{R}", "{R}"]).castable


def test_the_replay_records_each_activation_and_refuses_one_beyond_the_limit() -> None:
    board = _cinder_board(4)
    plan = pay(board, PaymentTarget.of("{B}{R}{R}")).plan
    assert plan is not None
    state = initial_state(board)
    for step in plan.steps:
        state = apply_step(state, step)
    # each activation is one listing of its text (the turn's count, CR 602.5b)
    assert state.board.permanent("cinder").activated_this_turn == (CINDER_ABILITY,) * 3
    fourth = next(step for step in plan.steps if step.permanent == "cinder")
    with pytest.raises(IllegalPlanError, match="no more than 3 times each turn, and it was"):
        apply_step(state, fourth)
    # a plan with four activations is refused as a whole
    with pytest.raises(IllegalPlanError, match="no more than 3 times each turn"):
        replay(board, PaymentTarget.of("{B}{R}{R}{R}"), Plan((*plan.steps, fourth), (), 0))


def test_activations_listed_beyond_the_limit_are_an_error_with_their_path() -> None:
    with pytest.raises(InputError, match=r"permanents\[0\]\.activated_this_turn\[3\]: .* is listed 4 times"):
        pay(_cinder_board(4, 4), PaymentTarget.of("{R}"))


TOY_ABILITY = (
    "{T}, Remove X charge counters from this artifact: Add X mana of {C}, and then add an additional {C}."
)
TOY: dict[str, Any] = {
    "id": "toy",
    "name": "Test Toy",
    "type_line": "Artifact",
    "oracle": "{1}, {T}: Put a charge counter on this artifact.\n" + TOY_ABILITY,
}


def _toy_board(charge: int, *others: dict[str, Any]) -> Board:
    return make_board([{**TOY, "counters": {"charge": charge}} if charge else TOY, *others])


def test_x_mana_of_a_symbol_and_then_an_additional_one_is_read() -> None:
    (toy,) = parse_oracle(TOY_ABILITY, "Test Toy").mana_abilities
    assert toy.output.amount.plus == 1 and str(toy.output.options[0]) == "{C}"
    (plain,) = parse_oracle("{T}: Add two mana of {C}.").mana_abilities
    assert str(plain.output.options[0]) == "{C}{C}"
    # an X nothing in the cost says, or an additional mana of another symbol, stays unread (warned)
    assert not parse_oracle("{T}: Add X mana of {C}.").mana_abilities
    other = TOY_ABILITY.replace("X mana of {C}", "X mana of {R}")
    assert not parse_oracle(other, "Test Toy").mana_abilities


@pytest.mark.parametrize(
    ("charge", "cost", "payable"),
    [
        # X is chosen as the cost is paid, 0 to the counters there are (CR 107.3, 601.2b); X + 1 {C}
        (0, "{1}", True),  # X = 0: the additional {C} alone
        (0, "{2}", False),
        (3, "{4}", True),  # X = 3
        (3, "{5}", False),
        (2, "{C}{C}{1}", True),
        (2, "{R}", False),  # colorless only
    ],
)
def test_remove_x_counters_for_x_mana_and_one_more(charge: int, cost: str, payable: bool) -> None:
    result = agrees_with_reference(_toy_board(charge), PaymentTarget.of(cost), max_states=100_000)
    assert result is not None and result.payable is payable and not result.warnings


def test_could_produce_and_max_x_of_the_toy() -> None:
    assert could(_toy_board(0))["toy"] == "C"
    # the largest X: every counter removed, one {C} more (the tap makes it one activation)
    assert max_x(_toy_board(3), PaymentTarget.of("{X}")).x == 4
    assert max_x(_toy_board(0), PaymentTarget.of("{X}")).x == 1
    assert max_x(_toy_board(2, {"card": "Wastes", "id": "w"}), PaymentTarget.of("{X}{C}")).x == 3
    # a plan removes only as many as it needs: {2} takes one counter (X = 1) and leaves two
    plan = pay(_toy_board(3), PaymentTarget.of("{2}"))
    assert plan.payable and [str(step.produced) for step in plan.steps] == ["{C}{C}"]


def _spell(name: str, mana_cost: str, reduction: str = "{1}") -> dict[str, Any]:
    return {
        "name": name,
        "type_line": "Sorcery",
        "mana_cost": mana_cost,
        "oracle": "As an additional cost to cast this spell, you may tap any number of untapped creatures "
        f"you control. This spell costs {reduction} less to cast for each creature tapped this way.\n"
        f"{name} deals 4 damage to any target.",
    }


BLAST = _spell("Test Blast", "{3}{R}")


def _bear(pid: str, **status: Any) -> dict[str, Any]:
    """A creature that makes no mana, summoning sick unless told."""
    fields: dict[str, Any] = {"summoning_sick": True, **status}
    return {
        "id": pid,
        "name": "Test Bear",
        "type_line": "Creature — Bear",
        "oracle": "",
        "power": 2,
        "toughness": 2,
        **fields,
    }


def _blast_target(board: Board) -> PaymentTarget:
    return spell_target(board.player(ME).hand[0])


def test_the_optional_tap_and_its_reduction_are_read_together() -> None:
    board = make_board([], hand=[BLAST])
    target = _blast_target(board)
    assert target.tap_creatures and not target.convoke and target.additional_costs == ()
    assert not pay(board, target).warnings
    # {2} less for each is not what the planner pays by tapping: not used, and its sentence warned
    two = make_board([], hand=[_spell("Test Blast", "{3}{R}", "{2}")])
    assert not _blast_target(two).tap_creatures
    assert [w.sentence for w in pay(two, _blast_target(two)).warnings] == [
        "~ costs {2} less to cast for each creature tapped this way."
    ]


@pytest.mark.parametrize(
    ("permanents", "payable"),
    [
        # {3}{R}: the Mountain's {R}; the Elves' {G} pays {1}; each Bear tapped takes {1} off (CR 601.2f)
        ([{"card": "Mountain"}, {"card": "Llanowar Elves"}, _bear("b1")], False),
        ([{"card": "Mountain"}, {"card": "Llanowar Elves"}, _bear("b1"), _bear("b2")], True),
        # the Elves tapped for mana can't be tapped for the cost too: two generic at most here
        ([{"card": "Mountain"}, {"card": "Llanowar Elves"}], False),
        # a summoning-sick creature may be tapped for the cost (CR 302.6: not a {T} cost of its own)
        ([{"card": "Mountain"}, _bear("b1"), _bear("b2"), _bear("b3")], True),
        # a tapped creature can't, nor an opponent's
        ([{"card": "Mountain"}, _bear("b1"), _bear("b2"), _bear("b3", tapped=True)], False),
        ([{"card": "Mountain"}, _bear("b1"), _bear("b2"), _bear("b3", controller=OPP)], False),
        # only generic mana is taken off (CR 601.2f): the {R} still needs red mana
        ([{"card": "Wastes"}, _bear("b1"), _bear("b2"), _bear("b3")], False),
    ],
)
def test_creatures_tapped_for_the_additional_cost(permanents: list[dict[str, Any]], payable: bool) -> None:
    board = make_board(permanents, hand=[BLAST])
    result = agrees_with_reference(board, _blast_target(board), max_states=200_000)
    assert result is not None and result.payable is payable and not result.warnings
    if payable:
        tapped = [a for a in result.alternative_payments if a.kind is AlternativeKind.TAPPED_CREATURE]
        assert all(a.paid_text == "{1}" and a.permanent.startswith("b") for a in tapped)


def test_max_x_and_could_produce_with_creatures_tapped() -> None:
    board = make_board(
        [{"card": "Mountain"}, _bear("b1"), _bear("b2"), _bear("b3")], hand=[_spell("Test Burst", "{X}{R}")]
    )
    # X = 3: each Bear takes {1} off the generic part X makes (CR 107.3, 601.2f)
    assert max_x(board, _blast_target(board)).x == 3
    # the Bears make no mana: what could be produced is the Mountain's (CR 106.7)
    assert could(board) == {"p0": "R", "b1": "", "b2": "", "b3": ""}


SUPERION: dict[str, Any] = {
    "name": "Test Superion",
    "type_line": "Artifact Creature — Myr",
    "mana_cost": "{2}",
    "oracle": "Spend only mana produced by creatures to cast this spell.",
    "power": 5,
}
SUPERION_X: dict[str, Any] = {**SUPERION, "name": "Test Myr Swarm", "mana_cost": "{X}{G}"}
ELF: dict[str, Any] = {"card": "Llanowar Elves"}
SIGIL: dict[str, Any] = {
    "name": "Test Sigil",
    "type_line": "Artifact Creature — Golem",
    "oracle": "{T}: Add {C}.",
    "power": 1,
    "toughness": 1,
}


def _superion_target(board: Board) -> PaymentTarget:
    return spell_target(board.player(ME).hand[0])


def test_the_spells_restriction_on_its_mana_sources_is_read() -> None:
    board = make_board([], hand=[SUPERION])
    target = _superion_target(board)
    assert target.creature_mana_only and not pay(board, target).warnings
    # basic lands are read too (Imperiosaur: tests/test_spell_cost_ways.py); other sources are not read:
    # the sentence stays warned
    lands = make_board(
        [], hand=[{**SUPERION, "oracle": SUPERION["oracle"].replace("creatures", "basic lands")}]
    )
    assert _superion_target(lands).basic_land_mana_only and not pay(lands, _superion_target(lands)).warnings
    rocks_text = SUPERION["oracle"].replace("creatures", "artifacts")
    rocks = make_board([], hand=[{**SUPERION, "oracle": rocks_text}])
    target = _superion_target(rocks)
    assert not target.creature_mana_only and not target.basic_land_mana_only and pay(rocks, target).warnings


@pytest.mark.parametrize(
    ("permanents", "payable"),
    [
        # {2}: two mana, each produced by a creature (the restriction is the spell's, like CR 106.6's)
        ([ELF, ELF], True),
        ([ELF, {"card": "Forest"}], False),  # a land's mana can't pay it
        ([ELF, {"card": "Forest"}, SIGIL], True),  # an artifact creature is a creature
        ([ELF, {"card": "Sol Ring"}], False),  # an artifact's {C}{C} is no creature's
        ([{**ELF, "summoning_sick": True}, ELF], False),  # (CR 302.6: the sick Elves can't tap)
    ],
)
def test_only_mana_produced_by_creatures_pays_it(permanents: list[dict[str, Any]], payable: bool) -> None:
    board = make_board(permanents, hand=[SUPERION])
    result = agrees_with_reference(board, _superion_target(board), max_states=200_000)
    assert result is not None and result.payable is payable and not result.warnings
    if payable:
        assert all(step.name not in ("Forest", "Sol Ring") for step in result.steps)


def test_floating_mana_of_no_known_source_is_not_spent_on_it_and_is_warned() -> None:
    board = make_board([ELF], pool=["{G}"], hand=[SUPERION])
    result = pay(board, _superion_target(board))
    assert result.payable is False
    assert [w.kind for w in result.warnings] == [WarningKind.ASSUMED]
    # without the restriction the same board pays {2}
    assert pay(board, PaymentTarget.of("{2}")).payable


def test_max_x_could_produce_and_a_turn_with_creature_mana_only() -> None:
    board = make_board([ELF, ELF, SIGIL, {"card": "Forest"}, {"card": "Forest"}], hand=[SUPERION_X])
    # {X}{G}: the Elves' {G}{G} and the Sigil's {C}: X = 2; the Forests' mana can't be spent on it
    assert max_x(board, _superion_target(board)).x == 2
    # what could be produced reads no spell (CR 106.7)
    assert could(board) == {"p0": "G", "p1": "G", "p2": "C", "p3": "G", "p4": "G"}
    # a turn: the Superion takes two creatures' mana, and a {G} after it takes a Forest's
    two = make_board([ELF, ELF, {"card": "Forest"}], hand=[SUPERION])
    assert plan_turn(two, casts=["Test Superion", "{G}"]).castable
    assert not plan_turn(two, casts=["{G}{G}", "Test Superion"]).castable


def test_the_replay_refuses_a_land_s_mana_spent_on_it() -> None:
    board = make_board([ELF, {"card": "Forest"}], hand=[SUPERION])
    plain = pay(board, PaymentTarget.of("{2}")).plan
    assert plain is not None
    with pytest.raises(IllegalPlanError):
        replay(board, _superion_target(board), plain)
