"""Property tests of the rules engine over random small boards of catalogue cards (and Manabarbs, given by
its Oracle text).

(a) could-produce (CR 106.7) covers every type any activation actually makes, and every type the
    reference search's plans make; (b) the replayer accepts every plan the reference search returns and
    finds the same outcome; (c) a tampered plan is rejected with ``IllegalPlanError`` or is still legal,
    and then reaches an outcome the search also found; (d) nothing hangs: every example has a deadline.

The boards are 2 to 6 permanents drawn from about forty catalogue cards chosen to exercise the rules the
worked examples touch; some permanents are tapped or summoning sick, some belong to an opponent. The
reference search refuses boards it cannot finish quickly (its documented limit); such examples are
counted as events and skipped, not failed.

At the end are the rules bugs these tests turned up, as minimal reproductions: ``xfail(strict)`` while the
bug is open, a plain regression test once it is fixed.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from boards import ME, OPP, card, custom, make_board
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from models.board import Board
from models.cost import PaymentTarget
from models.mana import TYPE_ORDER, ManaBag, ManaType, ManaTypes
from planner.api import could_produce
from planner.rules.could_produce import could_produce_all
from planner.rules.production import activation_outcomes
from planner.rules.reference import ReferenceLimitError, ReferenceResult, reference_search
from planner.rules.replay import (
    IllegalPlanError,
    PaymentSummary,
    Plan,
    Step,
    apply_step,
    finish,
    initial_state,
    legal_steps,
    replay,
)
from planner.rules.view import BoardView

LANDS = (
    "Plains",
    "Island",
    "Swamp",
    "Mountain",
    "Forest",
    "Wastes",
    "Snow-Covered Forest",
    "Tundra",
    "Bayou",
    "Breeding Pool",
    "Llanowar Wastes",
    "Adarkar Wastes",
    "Mystic Gate",
    "Twilight Mire",
    "Ancient Tomb",
    "City of Brass",
    "Reflecting Pool",
    "Exotic Orchard",
    "Urborg, Tomb of Yawgmoth",
    "Eldrazi Temple",
    "Cabal Coffers",
    "Gaea's Cradle",
)
CREATURES = (
    "Llanowar Elves",
    "Birds of Paradise",
    "Noble Hierarch",
    "Elves of Deep Shadow",
    "Boreal Druid",
    "Dryad Arbor",
)
OTHERS = (
    "Selesnya Signet",
    "Dimir Signet",
    "Talisman of Progress",
    "Talisman of Resilience",
    "Sol Ring",
    "Treasure",
    "Lotus Petal",
    "Chromatic Lantern",
    "Phyrexian Altar",
    "Mana Reflection",
    "Mana Flare",
    "Contamination",
    "Pale Moon",
    "Blood Moon",
    "Squandered Resources",
    "Wild Growth",
    "Springleaf Drum",  # a cost that taps another permanent
)
#: Cards outside the catalogue, by name: their type line and Oracle text.
TEXTS = {
    "Manabarbs": (
        "Enchantment",
        "Whenever a player taps a land for mana, Manabarbs deals 1 damage to that player.",
    ),
}
CARDS = LANDS + CREATURES + OTHERS + tuple(TEXTS)

COST_SYMBOLS = (
    "{W}",
    "{U}",
    "{B}",
    "{R}",
    "{G}",
    "{C}",
    "{1}",
    "{2}",
    "{W/U}",
    "{B/G}",
    "{2/W}",
    "{G/P}",
    "{B/P}",
    "{S}",
)
TARGET_TYPES = ("Creature — Elf Druid", "Artifact", "Instant", "Creature — Eldrazi")
POOL_ENTRIES: tuple[str | dict[str, Any], ...] = (
    "{W}",
    "{U}",
    "{B}",
    "{R}",
    "{G}",
    "{C}",
    {"mana": "{G}", "spend_only": "to cast creature spells"},
)

#: The reference search's state limit in these tests. The search takes about 1 to 6 ms a state, and a board
#: of six any-color sources has thousands of states, so this keeps each example short.
MAX_STATES = 400

#: (no deadline: tests never assert wall-clock time, and a machine under load takes many times longer)
PROPERTY_SETTINGS = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


# ------------------------------------------------------------------------------------------ strategies


@st.composite
def permanent_entries(draw: st.DrawFn, opponent: bool) -> list[dict[str, Any]]:
    """2 to 6 permanents; Wild Growth is attached to a land (and left out when there is none)."""
    names = draw(st.lists(st.sampled_from(CARDS), min_size=2, max_size=6))
    entries: list[dict[str, Any]] = []
    for index, name in enumerate(names):
        entry: dict[str, Any] = (
            custom(name, f"p{index}", *TEXTS[name], controller=ME)
            if name in TEXTS
            else card(name, f"p{index}")
        )
        if opponent and draw(st.integers(0, 3)) == 0:
            entry["controller"] = OPP
        if name not in ("Pale Moon",) and draw(st.integers(0, 4)) == 0:
            entry["tapped"] = True
        if name in CREATURES and draw(st.booleans()):
            entry["summoning_sick"] = True
            if draw(st.integers(0, 3)) == 0:
                entry["haste"] = True
        entries.append(entry)
    lands = [entry["id"] for entry in entries if entry.get("card") in LANDS]
    kept: list[dict[str, Any]] = []
    for entry in entries:
        if entry.get("card") == "Wild Growth":
            if not lands:
                continue
            entry["attached_to"] = draw(st.sampled_from(lands))
        kept.append(entry)
    if len(kept) < 2:
        kept.append(card("Forest", "extra"))
    return kept


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """A random small board: the active player "me", sometimes an opponent, some floating mana."""
    opponent = draw(st.booleans())
    entries = draw(permanent_entries(opponent))
    life = draw(st.sampled_from((1, 2, 3, 20)))
    pool = draw(st.lists(st.sampled_from(POOL_ENTRIES), max_size=2))
    return make_board(entries, life=life, pool=pool, opponent=opponent)


@st.composite
def targets(draw: st.DrawFn) -> PaymentTarget:
    """A cost of 1 to 3 symbols (hybrid, {2/W}, Phyrexian, {C}, {S} included) for some kind of spell."""
    symbol = st.one_of(st.sampled_from(COST_SYMBOLS), st.just("{1}"))  # generic twice as likely as others
    symbols = draw(st.lists(symbol, min_size=1, max_size=3))
    type_line = draw(st.sampled_from(TARGET_TYPES))
    return PaymentTarget.of("".join(symbols), type_line=type_line)


# --------------------------------------------------------------------------------------------- helpers


def sacrifice_choices(view: BoardView, pid: str, count: int, flt: Any) -> Iterator[tuple[str, ...]]:
    """Every set of permanents an ability's sacrifice cost could name (the engine's own filter)."""
    candidates = [p.id for p in view.board.permanents if view.matches(flt, p.id, pid)]
    yield from itertools.combinations(candidates, count)


def produced_types(produced: tuple[tuple[str, ManaBag], ...], source: str) -> ManaTypes:
    """The types a step put into the pool with ``source`` as the mana's source."""
    found = ManaTypes()
    for where, bag in produced:
        if where == source:
            found |= bag.types
    return found


def search_or_skip(
    board: Board, target: PaymentTarget, max_states: int = MAX_STATES
) -> ReferenceResult | None:
    """The reference search, or None (recorded as an event) when the board is past its stated limits."""
    try:
        return reference_search(board, target, max_states=max_states)
    except ReferenceLimitError:
        event("reference search refused the board (state limit)")
        return None


def next_type(mana_type: ManaType) -> ManaType:
    """Another type of mana, cycling W U B R G C."""
    return TYPE_ORDER[(TYPE_ORDER.index(mana_type) + 1) % len(TYPE_ORDER)]


def tampered(plan: Plan) -> Iterator[tuple[str, Plan]]:
    """Variants of a plan: a step dropped or repeated, a step's produced mana changed, the payment changed."""
    steps = plan.steps
    for index, step in enumerate(steps):
        yield f"drop step {index}", replace(plan, steps=steps[:index] + steps[index + 1 :])
        yield f"repeat step {index}", replace(plan, steps=steps[: index + 1] + steps[index:])
        for position, (source, bag) in enumerate(step.produced):
            units = list(bag.units())
            changed = ManaBag.of([next_type(units[0]), *units[1:]])
            more = bag + ManaBag.of([units[0]])
            for label, new_bag in (("change", changed), ("add to", more)):
                produced = (*step.produced[:position], (source, new_bag), *step.produced[position + 1 :])
                new_step = replace(step, produced=produced)
                yield (
                    f"{label} the mana of step {index}",
                    replace(plan, steps=(*steps[:index], new_step, *steps[index + 1 :])),
                )
        if step.order:
            yield (
                f"reverse the order of step {index}",
                replace(
                    plan,
                    steps=(*steps[:index], replace(step, order=step.order[::-1]), *steps[index + 1 :]),
                ),
            )
    if plan.spent:
        yield "spend one mana less", replace(plan, spent=plan.spent[1:])
        yield "spend one mana more", replace(plan, spent=(*plan.spent, plan.spent[0]))
    yield "pay 2 life more", replace(plan, life=plan.life + 2)


# ------------------------------------------------------------------------------------------ properties


@PROPERTY_SETTINGS
@given(boards())
def test_could_produce_covers_every_activation_outcome(board: Board) -> None:
    """(a) CR 106.7: whatever any ability of any permanent makes, with any cost choice, it could produce."""
    could = could_produce(board)
    view = BoardView(board)
    reflect = could_produce_all(view)
    assert reflect == could
    for permanent in board.permanents:
        pid = permanent.id
        for ability in view.mana_abilities(pid):
            cost = ability.cost
            choices: list[tuple[str, ...]] = [()]
            if cost.sacrifice is not None:
                choices = list(sacrifice_choices(view, pid, cost.sacrifice_count, cost.sacrifice))
            for sacrificed in choices:
                for outcome in activation_outcomes(view, pid, ability, reflect, sacrificed=sacrificed):
                    own = ManaTypes()
                    for packet in outcome.packets:
                        if packet.tag.source == pid and packet.total:
                            own |= packet.types
                    assert own - could[pid] == ManaTypes(), (pid, ability.text, sacrificed, outcome)


@PROPERTY_SETTINGS
@given(boards(), targets())
def test_replayer_accepts_every_reference_plan(board: Board, target: PaymentTarget) -> None:
    """(b) Every plan the search returns replays to the outcome it was returned for; and (a) along the way,
    every step makes only types its permanent could produce on the board it was activated on."""
    result = search_or_skip(board, target)
    if result is None:
        return
    event("payable" if result.payable else "not payable")
    mine = {p.id for p in board.permanents if p.controller == ME}
    for summary, plan in result.outcomes.items():
        assert replay(board, target, plan) == summary
        assert summary.tapped | summary.sacrificed <= mine  # only the payer's own permanents (701.21a)
        state = initial_state(board)
        for index, step in enumerate(plan.steps):
            could = could_produce(state.board)
            made = produced_types(step.produced, step.permanent)
            assert made - could[step.permanent] == ManaTypes(), (index, step, str(could[step.permanent]))
            state = apply_step(state, step, index)


@PROPERTY_SETTINGS
@given(boards(), targets())
def test_tampered_plans_are_rejected_or_still_legal(board: Board, target: PaymentTarget) -> None:
    """(c) A changed plan either raises ``IllegalPlanError`` or is legal, and then reaches an outcome the
    exhaustive search also found (so the replayer accepts nothing the search could not do)."""
    result = search_or_skip(board, target)
    if result is None:
        return
    event("payable" if result.payable else "not payable")
    reachable: set[PaymentSummary] = set(result.outcomes)
    for plan in itertools.islice(result.outcomes.values(), 4):
        for label, variant in tampered(plan):
            try:
                summary = replay(board, target, variant)
            except IllegalPlanError as error:
                assert str(error).startswith(f"step {error.step + 1}: "), label
                assert 0 <= error.step <= len(variant.steps), label
                continue
            event(f"tampered plan still legal: {label.split(' step')[0]}")
            assert summary in reachable, label


def immutable_replay(board: Board, target: PaymentTarget, plan: Plan) -> PaymentSummary | str:
    """The plan replayed on :class:`PlanState` with :func:`apply_step` (the reference's path): its summary,
    or the ``IllegalPlanError`` message."""
    try:
        state = initial_state(board)
        for index, step in enumerate(plan.steps):
            state = apply_step(state, step, index)
        return finish(board, state, target, plan.spent, plan.life, len(plan.steps))
    except IllegalPlanError as error:
        return str(error)


def live_replay(board: Board, target: PaymentTarget, plan: Plan) -> PaymentSummary | str:
    """The plan replayed by :func:`replay` (changed in place step by step): its summary, or the message."""
    try:
        return replay(board, target, plan)
    except IllegalPlanError as error:
        return str(error)


@PROPERTY_SETTINGS
@given(boards(), st.randoms(use_true_random=False), st.integers(min_value=0, max_value=8))
def test_replay_agrees_with_the_immutable_steps(board: Board, rng: random.Random, length: int) -> None:
    """The replay, which changes its state in place, ends where :func:`apply_step` from
    :func:`initial_state` ends, on random walks of legal steps paying part of the pool (legal or not) and
    on their tampered variants: the same summary, or the same ``IllegalPlanError`` message."""
    state = initial_state(board)
    steps: list[Step] = []
    for _ in range(length):
        options = list(itertools.islice(legal_steps(state), 40))
        if not options:
            break
        step, state = rng.choice(options)
        steps.append(step)
    spent = tuple(unit for unit in state.pool if rng.random() < 0.7)
    cost = "".join(f"{{{unit.type.letter}}}" for unit in spent) if rng.random() < 0.8 else "{1}"
    target = PaymentTarget.of(cost or "{0}")
    plan = Plan(tuple(steps), spent)
    event("legal" if isinstance(live_replay(board, target, plan), PaymentSummary) else "illegal")
    for variant in (plan, *(v for _, v in tampered(plan))):
        assert live_replay(board, target, variant) == immutable_replay(board, target, variant)


@settings(max_examples=6, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(("Island", "Wastes", "Mana Reflection", "Sol Ring")), max_size=1))
def test_loops_are_capped_not_followed(extra: list[str]) -> None:
    """(d) Grand Architect with a blue Pili-Pala is an unbounded loop (CR 729): the search ends, says so."""
    board = make_board(
        [
            card("Grand Architect", "architect"),
            card("Pili-Pala", "pili", color_indicator="U"),
            *(card(name, f"x{i}") for i, name in enumerate(extra)),
        ]
    )
    result = reference_search(board, PaymentTarget.of("{W}{U}"), max_states=2_000)
    assert result.payable
    assert result.capped


# --------------------------------------------------------------------------------- rules bugs found here


def test_sacrifice_cost_can_only_name_your_own_permanents() -> None:
    """Regression (CR 701.21a): a cost's 'sacrifice a creature/land' names only its payer's permanents.

    Found while these tests were written, and fixed meanwhile: the sacrifice filter now says "you control".
    """
    creature = make_board([card("Phyrexian Altar", "altar"), card("Llanowar Elves", "elf", controller=OPP)])
    assert not reference_search(creature, PaymentTarget.of("{G}")).payable
    land = make_board([card("Squandered Resources", "sq"), card("Forest", "forest", controller=OPP)])
    assert not reference_search(land, PaymentTarget.of("{G}")).payable
    assert could_produce(land)["sq"] == ManaTypes()  # nothing it could sacrifice could make mana
    step = Step(permanent="sq", ability=0, produced=(("sq", ManaBag.parse("{G}")),), sacrificed=("forest",))
    with pytest.raises(IllegalPlanError):
        apply_step(initial_state(land), step)


def test_city_of_brass_damage_does_not_block_paying_life() -> None:
    board = make_board([card("City of Brass", "city")], life=2, opponent=False)
    result = reference_search(board, PaymentTarget.of("{W}{B/P}"))
    assert {s.life_paid for s in result.outcomes} == {2}


def test_city_of_brass_damage_is_still_counted() -> None:
    """The part of the City of Brass behaviour that is right: its damage is recorded in the summary."""
    board = make_board([card("City of Brass", "city")], life=20, opponent=False)
    result = reference_search(board, PaymentTarget.of("{W}"))
    assert {(frozenset(s.tapped), s.damage) for s in result.outcomes} == {(frozenset({"city"}), 1)}
