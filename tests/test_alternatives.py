"""Convoke, improvise and delve (CR 702.51, 702.126, 702.66; RULES.md §10b): one test per rules point, and the
CP-SAT model against the exhaustive reference search on random small boards with creatures, artifacts and
graveyards (payable the same, the plan replays, the objective of :func:`objective_of` the best the reference
reaches)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from models.board import Board
from models.cost import PaymentTarget
from models.errors import InputError
from models.mana import ManaType
from planner.api import max_x, pay
from planner.rules.alternatives import AlternativeKind, AlternativePayment
from planner.rules.reference import ReferenceLimitError, reference_search
from planner.rules.replay import IllegalPlanError, Plan, replay
from planner.solve.cpsat import solve_payment
from planner.solve.fast import fragment_reason
from planner.solve.objective import objective_of, objectives_on
from planner.solve.problem import PaymentProblem

_EXAMPLES = int(os.environ.get("MANA_PLANNER_EXAMPLES", "60"))


def _board(*permanents: dict[str, Any], graveyard: int | None = None, life: int = 20) -> Board:
    player: dict[str, Any] = {"id": "me", "life": life}
    if graveyard is not None:
        player["graveyard"] = graveyard
    return Board.from_dict({"version": 1, "players": [player], "permanents": list(permanents)})


def _card(pid: str, card: str, **extra: Any) -> dict[str, Any]:
    return {"id": pid, "card": card, "controller": "me", **extra}


def _alternatives(result: Any) -> list[dict[str, Any]]:
    return [a.to_json() for a in result.alternative_payments]


# ---- 702.51a convoke


def test_convoke_pays_a_symbol_of_the_creatures_color_and_taps_it() -> None:
    board = _board(_card("elf", "Llanowar Elves", summoning_sick=True), _card("m", "Mountain"))
    result = pay(board, PaymentTarget.of("{R}{G}", convoke=True))
    assert result.payable and result.tapped == ("elf", "m")
    assert _alternatives(result) == [{"kind": "convoke", "permanent": "elf", "paid": "{G}"}]


def test_a_mana_creature_taps_for_mana_rather_than_convoke_when_both_pay() -> None:
    """RULES §10b [derived]: both tap it, and its mana could pay any symbol."""
    board = _board(_card("elf", "Llanowar Elves"), _card("m", "Mountain"))
    result = pay(board, PaymentTarget.of("{R}{G}", convoke=True))
    assert result.tapped == ("elf", "m") and result.alternative_payments == ()


def test_a_summoning_sick_creature_can_convoke() -> None:
    """Tapping for convoke is not a {T} cost: CR 302.6 doesn't apply."""
    board = _board(_card("elf", "Llanowar Elves", summoning_sick=True))
    assert pay(board, PaymentTarget.of("{G}", convoke=True)).payable
    assert not pay(board, PaymentTarget.of("{G}")).payable


def test_a_creature_tapped_for_mana_cannot_also_convoke() -> None:
    """Llanowar Elves either taps for {G} or convokes: {G}{G} needs a second source."""
    board = _board(_card("elf", "Llanowar Elves"))
    assert not pay(board, PaymentTarget.of("{G}{G}", convoke=True)).payable
    step = pay(board, PaymentTarget.of("{G}")).plan
    assert step is not None
    both = Plan(
        step.steps,
        step.spent,
        0,
        (AlternativePayment(kind=AlternativeKind.CONVOKE, permanent="elf", paid=ManaType.G),),
    )
    with pytest.raises(IllegalPlanError, match="not an untapped creature"):
        replay(board, PaymentTarget.of("{G}{G}", convoke=True), both)


def test_convoke_pays_a_hybrid_or_phyrexian_symbols_colored_way() -> None:
    board = _board(_card("elf", "Llanowar Elves", summoning_sick=True))
    for cost in ("{G/W}", "{G/P}", "{2/G}"):
        result = pay(board, PaymentTarget.of(cost, convoke=True))
        assert result.payable and result.life_paid == 0, cost


def test_convoke_cannot_pay_a_color_the_creature_lacks_nor_colorless() -> None:
    board = _board(_card("elf", "Llanowar Elves", summoning_sick=True))
    for cost in ("{R}", "{C}", "{S}"):
        assert not pay(board, PaymentTarget.of(cost, convoke=True)).payable, cost
    assert pay(board, PaymentTarget.of("{1}", convoke=True)).payable


def test_convoke_needs_the_spell_to_have_it() -> None:
    board = _board(_card("elf", "Llanowar Elves", summoning_sick=True))
    elf = AlternativePayment(kind=AlternativeKind.CONVOKE, permanent="elf", paid=ManaType.G)
    with pytest.raises(IllegalPlanError, match="doesn't have convoke"):
        replay(board, PaymentTarget.of("{G}"), Plan((), (), 0, (elf,)))


# ---- 702.126a improvise


def test_improvise_taps_an_artifact_for_generic_only() -> None:
    board = _board(_card("orn", "Ornithopter"), _card("i", "Island"))
    result = pay(board, PaymentTarget.of("{1}{U}", improvise=True))
    assert result.payable and _alternatives(result) == [
        {"kind": "improvise", "permanent": "orn", "paid": "{1}"}
    ]
    assert "orn" in result.tapped
    assert not pay(board, PaymentTarget.of("{U}{U}", improvise=True)).payable
    assert not pay(_board(_card("orn", "Ornithopter")), PaymentTarget.of("{C}", improvise=True)).payable


def test_a_mana_rock_tapped_for_improvise_makes_no_mana() -> None:
    """Sol Ring either makes {C}{C} or pays {1} by improvise: {3} is beyond it alone."""
    board = _board(_card("sol", "Sol Ring"))
    assert not pay(board, PaymentTarget.of("{3}", improvise=True)).payable
    assert pay(board, PaymentTarget.of("{2}", improvise=True)).payable


# ---- 702.66a delve


def test_delve_exiles_graveyard_cards_for_generic_only() -> None:
    """Dig Through Time ({6}{U}{U}) with two Islands and six cards in the graveyard (phase-rs #780)."""
    board = _board(_card("i1", "Island"), _card("i2", "Island"), graveyard=6)
    result = pay(board, PaymentTarget.of("{6}{U}{U}", delve=True))
    assert result.payable and _alternatives(result) == [{"kind": "delve", "cards": 6, "paid": "{6}"}]
    assert not pay(board, PaymentTarget.of("{7}{U}{U}", delve=True)).payable
    assert not pay(board, PaymentTarget.of("{U}{U}{U}", delve=True)).payable


def test_delve_is_preferred_to_tapping_a_land_and_exiles_no_more_than_needed() -> None:
    board = _board(_card("i1", "Island"), _card("i2", "Island"), graveyard=5)
    result = pay(board, PaymentTarget.of("{2}{U}", delve=True))
    assert result.tapped == ("i1",) and _alternatives(result) == [
        {"kind": "delve", "cards": 2, "paid": "{2}"}
    ]


def test_delve_cannot_exile_more_cards_than_the_graveyard_holds() -> None:
    board = _board(graveyard=1)
    two = AlternativePayment(kind=AlternativeKind.DELVE, cards=2)
    with pytest.raises(IllegalPlanError, match="the graveyard holds 1"):
        replay(board, PaymentTarget.of("{2}", delve=True), Plan((), (), 0, (two,)))


def test_the_largest_x_counts_convoke_improvise_and_delve() -> None:
    board = _board(
        _card("elf", "Llanowar Elves"), _card("orn", "Ornithopter"), _card("f", "Forest"), graveyard=2
    )
    result = max_x(board, PaymentTarget.of("{X}{G}", convoke=True, improvise=True, delve=True))
    assert result.x == 4  # Forest {G}, the elf's {G} or convoke, Ornithopter, two cards


def test_the_fast_path_declines_alternative_payments() -> None:
    board = _board(_card("f", "Forest"))
    problem = PaymentProblem.of(board, PaymentTarget.of("{G}", convoke=True))
    assert fragment_reason(problem) == "convoke, improvise and delve are paid by the CP-SAT model"


# ---- the model against the reference search

_CREATURES = ["Llanowar Elves", "Birds of Paradise", "Ornithopter", "Thalia, Guardian of Thraben"]
_OTHERS = [
    "Forest",
    "Island",
    "Plains",
    "Mountain",
    "Sol Ring",
    "Azorius Signet",
    "Adarkar Wastes",
    "City of Brass",
]


@st.composite
def _boards(draw: st.DrawFn) -> Board:
    count = draw(st.integers(1, 5))
    permanents = []
    for number in range(count):
        card = draw(st.sampled_from(_CREATURES + _OTHERS))
        permanents.append(
            _card(f"p{number}", card, tapped=draw(st.booleans()) and draw(st.booleans()))
            | ({"summoning_sick": True} if card in _CREATURES and draw(st.booleans()) else {})
        )
    graveyard = draw(st.one_of(st.none(), st.integers(0, 3)))
    return _board(*permanents, graveyard=graveyard, life=draw(st.sampled_from([1, 20])))


@st.composite
def _targets(draw: st.DrawFn) -> PaymentTarget:
    cost = draw(
        st.sampled_from(
            ["{1}", "{2}", "{G}", "{W}", "{1}{G}", "{2}{W}", "{G/W}", "{W/P}", "{3}", "{1}{U}{G}", "{C}"]
        )
    )
    return PaymentTarget.of(
        cost, convoke=draw(st.booleans()), improvise=draw(st.booleans()), delve=draw(st.booleans())
    )


@settings(
    max_examples=_EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(_boards(), _targets())
def test_the_model_agrees_with_the_reference_search(board: Board, target: PaymentTarget) -> None:
    problem = PaymentProblem.of(board, target)
    target = problem.target  # the total cost (Thalia's tax): what the reference search pays
    try:
        reference = reference_search(board, target, max_states=20_000)
    except ReferenceLimitError:
        reject()
    solution = solve_payment(problem)
    assert (solution.plan is not None) == reference.payable
    if solution.plan is None:
        return
    ours = objective_of(board, "me", replay(board, target, solution.plan))
    assert ours == tuple(value for _, value in solution.objective[-len(ours) :])
    assert ours == min(map(objectives_on(board, "me"), reference.outcomes))


# ---- the boards, tried as a new user would (docs/objective.md)

_EXAMPLES_DIR = Path(__file__).resolve().parents[1] / "examples" / "boards"


@pytest.mark.parametrize("engine", ["pay", "cp-sat"])
def test_the_painland_pays_colorless_so_the_next_spells_blue_is_painless(engine: str) -> None:
    """Plains, Island, Hallowed Fountain, Adarkar Wastes: {1}{W} is Plains plus the Wastes' painless {C},
    which leaves Island and Fountain for a Counterspell at no damage (tapping Plains and Island would leave
    {U}{U} costing 1 damage)."""
    board = Board.load(_EXAMPLES_DIR / "painlands.json")
    target = PaymentTarget.of("{1}{W}")
    if engine == "pay":
        tapped = pay(board, target).tapped
    else:
        plan = solve_payment(PaymentProblem.of(board, target)).plan
        assert plan is not None
        tapped = tuple(
            sorted(replay(board, target, plan).tapped, key=["plains", "island", "fountain", "wastes"].index)
        )
    assert tapped == ("plains", "wastes")
    left = board
    for pid in tapped:
        left = left.replace_permanent(pid, tapped=True)
    counterspell = pay(left, PaymentTarget.of("{U}{U}"))
    assert counterspell.payable and counterspell.damage_taken == 0


def test_keeping_counterspell_makes_the_same_choice_and_says_so() -> None:
    board = Board.load(_EXAMPLES_DIR / "painlands.json")
    result = pay(board, PaymentTarget.of("{1}{W}"), keep=PaymentTarget.of("{U}{U}"))
    assert result.tapped == ("plains", "wastes") and result.keep_satisfied is True


@pytest.mark.parametrize("engine", ["pay", "cp-sat"])
def test_mana_vault_is_not_tapped_while_sol_ring_and_lands_pay(engine: str) -> None:
    """Mana Vault doesn't untap during its controller's untap step: tapping it is a cost next turn."""
    board = Board.load(_EXAMPLES_DIR / "mana-vault.json")
    target = PaymentTarget.of("{2}{G}")
    if engine == "pay":
        tapped = set(pay(board, target).tapped)
    else:
        plan = solve_payment(PaymentProblem.of(board, target)).plan
        assert plan is not None
        tapped = set(replay(board, target, plan).tapped)
    assert tapped == {"sol", "forest"}


#: A land of my own that makes {W} but stays tapped through its controller's untap steps.
_VAULT_LAND = {
    "name": "Vault Land",
    "type_line": "Land",
    "oracle": "{T}: Add {W}.\nVault Land doesn't untap during your untap step.",
}
_STAY_ROCK = {
    "name": "Stay Rock",
    "type_line": "Artifact",
    "mana_cost": "{2}",
    "oracle": "{T}: Add {C}{C}.\nStay Rock doesn't untap during your untap step.",
}
_PLAIN_ROCK = {
    "name": "Plain Rock",
    "type_line": "Artifact",
    "mana_cost": "{2}",
    "oracle": "{T}: Add {C}{C}.",
}
_WATERVEIL_CAVERN = {
    "name": "Waterveil Cavern",
    "type_line": "Land",
    "oracle": "{T}: Add {C}.\n{T}: Add {U} or {B}. Waterveil Cavern doesn't untap during your next untap "
    "step.",
}


def _tapped_by(engine: str, cost: str, *permanents: dict[str, Any]) -> set[str]:
    """What ``engine`` (``pay``, or CP-SAT alone) taps to pay ``cost`` from my permanents (each with its
    id), checked to be as good as the reference search's best."""
    entries = [{"controller": "me", **permanent} for permanent in permanents]
    board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": entries})
    target = PaymentTarget.of(cost)
    plan = (
        pay(board, target).plan if engine == "pay" else solve_payment(PaymentProblem.of(board, target)).plan
    )
    assert plan is not None
    summary = replay(board, target, plan)
    best = min(map(objectives_on(board, "me"), reference_search(board, target).outcomes))
    assert objective_of(board, "me", summary) == best
    return set(summary.tapped)


@pytest.mark.parametrize("engine", ["pay", "cp-sat"])
def test_a_land_that_does_not_untap_is_not_grouped_with_a_plains_that_does(engine: str) -> None:
    """Vault Land and Plains make the same {W} by the same ability, but tapping Vault Land is a cost next
    turn: they are not interchangeable, and the Plains pays."""
    assert _tapped_by(engine, "{W}", {"id": "a", **_VAULT_LAND}, {"id": "b", "card": "Plains"}) == {"b"}


@pytest.mark.parametrize("engine", ["pay", "cp-sat"])
def test_two_rocks_alike_but_for_untapping_are_told_apart_under_blood_moon(engine: str) -> None:
    """Blood Moon is an effect on mana, under which permanents with the same abilities share what the fast
    path knows of them; a rock that doesn't untap is still not interchangeable with one that does."""
    rocks = ({"id": "a", **_STAY_ROCK}, {"id": "b", **_PLAIN_ROCK}, {"id": "moon", "card": "Blood Moon"})
    assert _tapped_by(engine, "{2}", *rocks) == {"b"}


@pytest.mark.parametrize("engine", ["pay", "cp-sat"])
def test_a_waterveil_cavern_made_a_plains_untaps_normally(engine: str) -> None:
    """Under Celestial Dawn, Waterveil Cavern is a Plains that lost its text abilities (CR 305.7): its
    '{T}: Add {W}' leaves it to untap like the Forest made a Plains, so the lower id, the Cavern, pays."""
    lands = (
        {"id": "a", **_WATERVEIL_CAVERN},
        {"id": "b", "card": "Forest"},
        {"id": "dawn", "card": "Celestial Dawn"},
    )
    assert _tapped_by(engine, "{W}", *lands) == {"a"}


@pytest.mark.parametrize(
    ("life_value", "tapped", "sacrificed"), [(None, (), ("treasure",)), (0, ("wastes",), ())]
)
def test_at_40_life_a_player_who_values_life_at_0_takes_1_damage_rather_than_a_treasure(
    life_value: int | None, tapped: tuple[str, ...], sacrificed: tuple[str, ...]
) -> None:
    board = Board.load(_EXAMPLES_DIR / "treasure-at-40.json")
    result = pay(board, PaymentTarget.of("{W}"), life_value=life_value)
    assert (result.tapped, result.sacrificed) == (tapped, sacrificed)


_VALUED = [
    "Treasure",
    "Lotus Petal",
    "Adarkar Wastes",
    "City of Brass",
    "Forest",
    "Plains",
    "Mana Confluence",
]


@st.composite
def _valued_boards(draw: st.DrawFn) -> Board:
    cards = draw(st.lists(st.sampled_from(_VALUED), min_size=1, max_size=4))
    return _board(
        *(_card(f"p{n}", card) for n, card in enumerate(cards)), life=draw(st.sampled_from([1, 3, 40]))
    )


@settings(
    max_examples=_EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(_valued_boards(), st.sampled_from(["{W}", "{1}", "{G}{W}", "{2}", "{W/P}"]), st.integers(0, 3))
def test_a_value_for_life_is_weighed_alike_by_the_model_and_the_reference(
    board: Board, cost: str, life_value: int
) -> None:
    target = PaymentTarget.of(cost)
    reference = reference_search(board, target)
    result = pay(board, target, life_value=life_value)
    assert result.payable == reference.payable
    if result.plan is None:
        return
    ours = objective_of(board, "me", replay(board, target, result.plan), life_value=life_value)
    assert ours == min(map(objectives_on(board, "me", life_value=life_value), reference.outcomes))


def test_prefer_puts_the_players_kinds_first_among_payments_that_tie_the_mana() -> None:
    """XMage #9144: a priority list of what to tap; Sol Ring alone or two Wastes tie up two mana."""
    board = _board(_card("sol", "Sol Ring"), _card("w1", "Wastes"), _card("w2", "Wastes"))
    assert pay(board, PaymentTarget.of("{2}")).tapped == ("sol",)
    assert pay(board, PaymentTarget.of("{2}"), prefer=("lands", "artifacts")).tapped == ("w1", "w2")
    with pytest.raises(InputError, match="unknown kind 'land'"):
        pay(board, PaymentTarget.of("{2}"), prefer=("land",))


_PREFERRED = ["Sol Ring", "Wastes", "Forest", "Llanowar Elves", "Treasure", "Azorius Signet", "Ornithopter"]


@settings(
    max_examples=_EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(
    st.lists(st.sampled_from(_PREFERRED), min_size=1, max_size=4),
    st.sampled_from(["{1}", "{2}", "{G}", "{1}{G}", "{3}"]),
    st.permutations(["lands", "artifacts", "creatures", "treasures"]),
)
def test_a_preferred_order_is_followed_alike_by_the_model_and_the_reference(
    cards: list[str], cost: str, prefer: list[str]
) -> None:
    board = _board(*(_card(f"p{n}", card) for n, card in enumerate(cards)))
    target = PaymentTarget.of(cost)
    reference = reference_search(board, target)
    result = pay(board, target, prefer=tuple(prefer))
    assert result.payable == reference.payable
    if result.plan is None:
        return
    ours = objective_of(board, "me", replay(board, target, result.plan), prefer=prefer)
    assert ours == min(map(objectives_on(board, "me", prefer=prefer), reference.outcomes))


def test_a_kept_cost_is_satisfied_at_the_least_pain_among_equally_good_payments() -> None:
    """Island and Adarkar Wastes, pay {1} keeping {U}: the Wastes' {C} pays, so the Island pays {U} later at
    no damage; without --keep the Island pays, which keeps {W} available from the Wastes (colors lost)."""
    board = _board(_card("island", "Island"), _card("wastes", "Adarkar Wastes"))
    assert pay(board, PaymentTarget.of("{1}")).tapped == ("island",)
    kept = pay(board, PaymentTarget.of("{1}"), keep=PaymentTarget.of("{U}"))
    assert kept.tapped == ("wastes",) and kept.keep_satisfied is True
    assert dict(kept.objective)["keep_life_and_damage"] == 0
