"""Criterion 9.1, 'colors lost': a color stays open only through an untouched source that could still be
activated for it (docs/objective.md). Each board here is answered differently than when every untouched
source counted as open, except the last ones, where the refinement must not change the plan; every engine
(the fast path, CP-SAT on its own, the reference search through :func:`objective_of`) agrees."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ortools.sat.python import cp_model

from models.board import Board
from models.catalogue import all_cards
from models.cost import PaymentTarget
from planner.api import pay
from planner.rules.could_produce import ability_could_produce
from planner.rules.production import reached, triggers_on, within_reach
from planner.rules.reference import reference_search
from planner.rules.replay import replay
from planner.solve.cpsat import solve_payment
from planner.solve.cpsat.extract import solution_of
from planner.solve.cpsat.solve import sources_of, stages
from planner.solve.cpsat.spine import build
from planner.solve.fast import reduction, sources
from planner.solve.fast import search as fast_search
from planner.solve.objective import (
    OBJECTIVE_LEVELS,
    CostedAbility,
    KeepUnit,
    color_keepers,
    color_keeping,
    colors_lost,
    colors_open,
    objective_of,
    objectives_on,
)
from planner.solve.problem import BoardAnalysis, PaymentProblem

LOST = OBJECTIVE_LEVELS.index("colors_lost")
#: A card of my own: its {C} could pay a twin's {1}.
FILTER_ROCK = {"name": "Twin Rock", "type_line": "Artifact", "oracle": "{T}: Add {C}.\n{1}, {T}: Add {R}{G}."}


def board_of(*permanents: tuple[str, str | dict[str, str]], pool: list[str] | None = None) -> Board:
    """A board of my permanents: (id, card name or custom card)."""
    entries: list[dict[str, Any]] = []
    for pid, card in permanents:
        entry: dict[str, Any] = {"id": pid, "controller": "me"}
        entry.update({"card": card} if isinstance(card, str) else card)
        entries.append(entry)
    me: dict[str, Any] = {"id": "me", "pool": pool or []}
    return Board.from_dict({"version": 1, "players": [me], "permanents": entries})


def answer(board: Board, cost: str) -> tuple[set[str], tuple[int, ...]]:
    """The permanents ``pay`` uses and its objective; CP-SAT alone and the reference search must reach the
    same objective, and ``pay``'s reported levels must be the plan's."""
    target = PaymentTarget.of(cost)
    result = pay(board, target)
    assert result.plan is not None
    summary = replay(board, target, result.plan)
    ours = objective_of(board, "me", summary)
    assert ours == tuple(value for _, value in result.objective[-len(ours) :])
    model = solve_payment(PaymentProblem.of(board, target, "me"))
    assert model.plan is not None
    assert objective_of(board, "me", replay(board, target, model.plan)) == ours
    reference = reference_search(board, target)
    assert min(map(objectives_on(board, "me"), reference.outcomes)) == ours
    return set(summary.used), ours


def test_a_signet_is_used_so_that_the_plains_keeps_the_other_signet_alive() -> None:
    """Both lands for {R}{W} leave two Signets that nothing can pay for: every color is gone. The Mountain
    paying a Signet's {1} keeps the Plains, which makes {W} and pays the other Signet's {1} for {R}."""
    board = board_of(("m", "Mountain"), ("p", "Plains"), ("s1", "Boros Signet"), ("s2", "Boros Signet"))
    used, levels = answer(board, "{R}{W}")
    assert used == {"m", "s1"}
    assert levels[LOST] == 0
    assert pay(board, PaymentTarget.of("{R}{W}")).engine == "fast"
    # the lands for {R}{W} lose both colors by the new count
    keeping = color_keeping(*_reading(board))
    assert keeping.lost({"m", "p"}) == 2 and keeping.lost({"m", "s1"}) == 0


def _reading(board: Board) -> tuple[Any, Any, Any]:
    analysis = BoardAnalysis(board, "me")
    return analysis.view, analysis.reflect, analysis.templates


def test_a_filter_land_stays_open_only_with_a_land_that_pays_its_hybrid_symbol() -> None:
    """Swamp and Mountain for {B}{R} leave Graven Cairns, whose {C} can't pay its own {B/R}: black and red
    are lost. The Mountain paying the Cairns' {B/R} for {B}{R} keeps the Swamp, and black with it."""
    board = board_of(("gc", "Graven Cairns"), ("m", "Mountain"), ("s", "Swamp"))
    used, levels = answer(board, "{B}{R}")
    assert used == {"gc", "m"}
    assert levels[LOST] == 1  # (red: the Mountain and the Cairns are used)


def test_cabal_coffers_needs_two_mana_from_what_stays() -> None:
    """Two Swamps for {B}{B} leave Cabal Coffers with only Wastes to pay its {2}: black is lost. A Swamp and
    the Wastes paying the Coffers' {2} for {B}{B} (two Swamps) keep the other Swamp."""
    board = board_of(("cc", "Cabal Coffers"), ("s1", "Swamp"), ("s2", "Swamp"), ("w", "Wastes"))
    used, levels = answer(board, "{B}{B}")
    assert used == {"cc", "s1", "w"}
    assert levels[LOST] == 0


def test_a_twin_pays_for_its_twin() -> None:
    """Two artifacts that tap for {C} or pay {1} for {R}{G}: for {1}{G}, the Forest and one's {C} leave the
    other with nothing to pay its {1} (red and green lost); one paying the other's {1} for {R}{G} keeps the
    Forest, and green with it. The fast path keeps the top two members of the pair apart to see it."""
    board = board_of(("r1", FILTER_ROCK), ("r2", FILTER_ROCK), ("f", "Forest"))
    used, levels = answer(board, "{1}{G}")
    assert used == {"r1", "r2"} and levels[LOST] == 1
    assert pay(board, PaymentTarget.of("{1}{G}")).engine == "fast"
    used, levels = answer(board, "{1}")
    assert used == {"f"} and levels[LOST] == 0  # (the rocks still pay for each other)


def test_floating_mana_does_not_keep_a_signet_open() -> None:
    """Mana left in the pool empties at the end of the step (CR 500.4): it pays no Signet later, so the
    Wastes paying {1} with a {C} left floating loses the Signet's colors."""
    board = board_of(("s", "Boros Signet"), ("w", "Wastes"), pool=["{C}"])
    target = PaymentTarget.of("{1}")
    by_used = {
        frozenset(s.used): objective_of(board, "me", s) for s in reference_search(board, target).outcomes
    }
    assert by_used[frozenset({"w"})][LOST] == 2
    used, levels = answer(board, "{1}")
    assert used == set() and levels[LOST] == 0  # the pool pays; the Wastes still pays for the Signet


@pytest.mark.parametrize(
    ("permanents", "cost", "tapped", "lost"),
    [
        # the Plains keeps the Signet alive after the Mountain pays {R}: as before
        ((("m", "Mountain"), ("p", "Plains"), ("s", "Boros Signet")), "{R}", {"m"}, 0),
        # a Talisman costs no mana: it keeps its colors open whatever stays
        ((("t", "Talisman of Progress"), ("w", "Wastes")), "{1}", {"w"}, 0),
        # two Signets and a land: the land pays a Signet; the other one is dead whatever the plan, and white
        # and blue are now counted lost
        ((("s1", "Azorius Signet"), ("s2", "Azorius Signet"), ("i", "Island")), "{W}{U}", {"i", "s1"}, 2),
    ],
)
def test_the_refinement_keeps_plans_it_does_not_concern(
    permanents: tuple[tuple[str, str], ...], cost: str, tapped: set[str], lost: int
) -> None:
    used, levels = answer(board_of(*permanents), cost)
    assert used == tapped and levels[LOST] == lost


def test_reflecting_pool_reads_what_a_filter_land_could_produce() -> None:
    """Reflecting Pool could produce what Graven Cairns could produce, costs ignored (CR 106.7), and costs
    no mana itself: the Mountain paying the Cairns' {B/R} for {R}{R} keeps the Pool, and black and red with
    it; the Mountain and the Pool would leave the Cairns with nothing to pay its {B/R}."""
    board = board_of(("gc", "Graven Cairns"), ("rp", "Reflecting Pool"), ("m", "Mountain"))
    keeping = color_keeping(*_reading(board))
    assert keeping.lost({"gc", "m"}) == 0
    assert keeping.lost({"rp", "m"}) == 2  # the Cairns' {C} can't pay its own {B/R}
    used, levels = answer(board, "{R}{R}")
    assert used == {"gc", "m"} and levels[LOST] == 0


CATALOGUE = sorted(card.name for card in all_cards().values())
AURAS = {card.name for card in all_cards().values() if "Aura" in card.type_line}


@st.composite
def catalogue_boards(draw: st.DrawFn) -> Board:
    """1 to 12 catalogue permanents of mine (Auras on earlier ones), some tapped or summoning sick, every
    choice a card may read made."""
    entries: list[dict[str, Any]] = []
    for number in range(draw(st.integers(1, 12))):
        name = draw(st.sampled_from(CATALOGUE))
        entry: dict[str, Any] = {"id": f"p{number}", "card": name, "controller": "me"}
        entry["tapped"] = draw(st.integers(0, 5)) == 0
        entry["summoning_sick"] = draw(st.integers(0, 4)) == 0
        entry["choices"] = {
            "color": draw(st.sampled_from("WUBRG")),
            "creature_type": "Elf",
            "basic_land_type": draw(st.sampled_from(["Forest", "Island", "Swamp", "Mountain", "Plains"])),
        }
        if name in AURAS:
            if not entries:
                continue
            entry["attached_to"] = draw(st.sampled_from([e["id"] for e in entries]))
        entries.append(entry)
    return Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "opp"}], "permanents": entries})


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(catalogue_boards())
def test_the_fast_paths_colors_per_ability_are_what_it_could_produce(board: Board) -> None:
    """The colors the fast path reads off each source's abilities for 'colors lost' are what each ability
    could produce (CR 106.7), worked out on the board by the rules."""
    problem = PaymentProblem.of(board, PaymentTarget.of("{1}"), "me")
    reduced = reduction._reduced(problem)
    if not isinstance(reduced, sources._Reduced):
        return
    view, reflect = problem.view, problem.reflect
    triggered = within_reach(view, triggers_only=True)  # (as the fast path reads it)
    for source in reduced.sources:
        abilities = view.mana_abilities(source.pid)
        expected = tuple(
            ability_could_produce(view, source.pid, ability, reflect).mask & 0b11111 for ability in abilities
        )
        assert sources._ability_colors(view, source, abilities, reflect, triggered) == expected, source.pid


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(catalogue_boards())
def test_what_an_effect_on_mana_could_reach_holds_every_permanent_it_reaches(board: Board) -> None:
    """``within_reach`` (what the fast path asks before it looks at a permanent's abilities one by one)
    holds every permanent that a replacement effect or a mana trigger applies to, and (``triggers_only``)
    every one a mana trigger would trigger on."""
    view = PaymentProblem.of(board, PaymentTarget.of("{1}"), "me").view
    reach, triggered = within_reach(view), within_reach(view, triggers_only=True)
    for permanent in board.permanents:
        for ability in view.mana_abilities(permanent.id):
            assert not reached(view, permanent.id, ability) or permanent.id in reach
            assert not triggers_on(view, permanent.id, ability) or permanent.id in triggered


def test_a_solution_cut_off_before_colors_lost_reports_the_colors_its_plan_loses() -> None:
    """The model only bounds 'colors lost' from below, so a solution found before that level is optimised
    (one the time limit could end on, as after ``max_x``'s first stage, which holds X and not this level)
    reads the count from what its plan leaves untouched: the objective's count of the replayed plan."""
    board = board_of(
        ("f", "Forest"),
        ("i", "Island"),
        ("m", "Mountain"),
        ("p", "Plains"),
        ("s", "Boros Signet"),
        ("gc", "Graven Cairns"),
    )
    problem = PaymentProblem.of(board, PaymentTarget.of("{X}{G}"), "me")
    record = build(problem, merge=False)
    first = stages(record.terms, sources=sources_of(record))[0]
    assert "x" in [name for name, _, _ in first] and "colors_lost" not in [name for name, _, _ in first]
    for wanted in range(5):  # any plan for each X the board can pay: no objective, the solver's first
        built = build(problem, merge=False)
        assert built.x is not None
        built.model.add(built.x == wanted)
        for literal in built.main.assumptions.values():  # (the target's slots are paid, as solve fixes them)
            built.model.add(literal == 1)
        solver = cp_model.CpSolver()
        assert solver.solve(built.model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)
        solution = solution_of(built, solver, built.terms)
        assert solution.plan is not None and solution.x == wanted
        summary = replay(board, problem.paid_target(wanted), solution.plan)
        assert dict(solution.objective)["colors_lost"] == objective_of(board, "me", summary)[LOST]


#: Cards with an ability whose cost contains mana, and cards whose mana could pay it.
COSTED = (
    "Orzhov Signet",
    "Simic Signet",
    "Fetid Heath",
    "Flooded Grove",
    "Cabal Coffers",
    "Cascading Cataracts",
)
PAYERS = ("Plains", "Swamp", "Island", "Wastes", "Sol Ring", "Mind Stone", "Talisman of Indulgence")


@st.composite
def boards_of_multiples(draw: st.DrawFn) -> tuple[Board, list[int]]:
    """Up to 7 copies each of a few cards with costed abilities and of cards that pay them (my own twin rock
    among them), some tapped, and a set of the untapped ones (by index) a payment touches."""
    cards: list[str | dict[str, str]] = [*COSTED, *PAYERS, FILTER_ROCK]
    chosen = draw(st.lists(st.sampled_from(range(len(cards))), min_size=1, max_size=5, unique=True))
    entries: list[dict[str, Any]] = []
    for index in chosen:
        card = cards[index]
        for _ in range(draw(st.integers(1, 7))):
            entry: dict[str, Any] = {"id": f"p{len(entries)}", "controller": "me"}
            entry.update({"card": card} if isinstance(card, str) else card)
            entry["tapped"] = draw(st.integers(0, 4)) == 0
            entries.append(entry)
    board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": entries})
    touched = draw(st.lists(st.integers(0, len(entries) - 1), unique=True))
    return board, touched


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(boards_of_multiples())
def test_the_fast_paths_colors_lost_on_many_copies_is_the_objectives(case: tuple[Board, list[int]]) -> None:
    """The fast path reads the ways to keep each color from groups with their counts cut at what a cost can
    take (so that boards with more copies share them); the colors a set of taps loses are still exactly
    those the objective counts from every permanent (:func:`color_keeping`)."""
    board, touched = case
    problem = PaymentProblem.of(board, PaymentTarget.of("{1}"), "me")
    reduced = reduction._reduced(problem)
    if not isinstance(reduced, sources._Reduced):
        return
    search = fast_search._Search(reduced)
    by_pid = {source.pid: source for source in reduced.sources}
    pids = [p.id for number, p in enumerate(board.permanents) if number in touched and p.id in by_pid]
    taps = tuple((by_pid[pid], by_pid[pid].options[0]) for pid in pids)
    keeping = color_keeping(problem.view, problem.reflect, problem.templates)
    assert len(search.lost(taps)) == keeping.lost(set(pids))
    # the same colors once the search has the sets of groups that keep each one to branch on
    layout = reduced.layout
    if layout is not None and layout.keep_units is not None:
        branching = replace(reduced, layout=sources._with_keepers(layout))
        if branching.layout is not None and branching.layout.unkept is None:
            assert fast_search._Search(branching).lost(taps) == search.lost(taps)


#: A unit's offers: bags of mana (W, U, B, R, G, C) that one activation makes.
OFFERS = st.lists(st.tuples(*[st.integers(0, 2)] * 6), max_size=3).map(
    lambda bags: tuple(dict.fromkeys(bags))
)


@st.composite
def keep_boards(draw: st.DrawFn) -> tuple[list[KeepUnit], list[int]]:
    """Up to 5 units of up to 4 members, with free colors and costed abilities whose ways to be paid take
    up to 3 mana of some types and generic mana, and the members of each a payment leaves untouched."""
    size = draw(st.integers(1, 5))
    offers = tuple(draw(OFFERS) for _ in range(size))
    units = []
    for _ in range(size):
        costed = []
        for _ in range(draw(st.integers(0, 2))):
            modes = draw(
                st.lists(
                    st.tuples(st.tuples(*[st.integers(0, 1)] * 6), st.integers(0, 2)), min_size=1, max_size=2
                ).filter(lambda ms: all(sum(pays) + generic <= 3 for pays, generic in ms))
            )
            costed.append(CostedAbility(draw(st.integers(1, 31)), tuple(dict.fromkeys(modes)), offers))
        units.append(KeepUnit(draw(st.integers(1, 4)), draw(st.integers(0, 31)), tuple(costed)))
    left = [draw(st.integers(0, unit.count)) for unit in units]
    return units, left


@settings(max_examples=500, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(keep_boards())
def test_colors_open_are_those_some_way_to_keep_them_holds(case: tuple[list[KeepUnit], list[int]]) -> None:
    """The colors open read directly (:func:`colors_open`, the fast path's first reading) are those for
    which one of :func:`color_keepers`'s least ways holds, on the untouched board and after a payment; so
    the colors a payment loses are the same by both."""
    units, left = case
    keepers = color_keepers(units)
    for members in ([unit.count for unit in units], left):
        held = sum(1 << color for color, ways in enumerate(keepers) if any(w.holds(members) for w in ways))
        assert colors_open(units, members) == held
    lost = colors_open(units, [unit.count for unit in units]) & ~colors_open(units, left)
    assert lost.bit_count() == colors_lost(keepers, left)


@pytest.mark.parametrize("cost", ["{X}{G}", "{X}{W}{U}"])
def test_max_x_later_stage_is_the_reference_searchs_best(cost: str) -> None:
    """``max_x``'s levels from 'colors lost' on are a stage after the first (:func:`stages`), which CP-SAT's
    default search, when it takes over, solves from no hint (:func:`planner.solve.cpsat.solve._searched`):
    the model's largest X is the reference search's, and its plan there is the reference search's best,
    level by level (a damage land, a creature, a filter land and a Signet give the later levels choices)."""
    board = board_of(
        ("f", "Forest"),
        ("i", "Island"),
        ("p", "Plains"),
        ("c", "City of Brass"),
        ("b", "Birds of Paradise"),
        ("s", "Azorius Signet"),
        ("g", "Mystic Gate"),
    )
    problem = PaymentProblem.of(board, PaymentTarget.of(cost), "me")
    record = build(problem)
    assert len(stages(record.terms, sources=sources_of(record))) >= 2
    solution = solve_payment(problem)
    assert solution.plan is not None and solution.x is not None
    largest = solution.x
    # the reference search pays X = largest and not X = largest + 1: on this board whatever pays a larger X
    # pays a smaller one, the mana it no longer needs left in the pool (CR 106.4, 107.3), so that no larger
    # X is paid either (and every smaller one is)
    asked = PaymentTarget.of(cost)
    assert reference_search(board, asked, "me", x=largest, max_states=20_000).payable
    assert not reference_search(board, asked, "me", x=largest + 1, max_states=20_000).payable
    assert largest > 0
    paid = problem.paid_target(largest)
    reference = reference_search(board, paid, "me", max_states=20_000)
    best = min(map(objectives_on(board, "me"), reference.outcomes))
    assert objective_of(board, "me", replay(board, paid, solution.plan)) == best
