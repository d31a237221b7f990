"""The replay's shortcuts give what the plain computations give (issue 14, a cold answer's result phase).

- A step's stated resolution, found without working out the others and kept across boards by outcome
  signature, is the first of the full list of resolutions that matches, on random boards with shuffled ids
  (and with the kept ones turned off);
- a packet's bags are kept by what they read, and the search for a stated choice is the first concrete
  result that gives it;
- whether units pay a cost exactly (the flow over unit kinds, and its shortcut when mana is spent only as
  itself) agrees with trying every assignment of units to slots, and which units pay which symbol is what
  the search over units found before it searched positions;
- whole plans replay alike with and without the kept resolutions, the first time a structure is replayed
  and the times after.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any

import pytest

from benchmarks.boards import realistic_board, realistic_cost
from models.abilities import Who
from models.board import Board
from models.cost import CostSymbol, ManaCost, PaymentTarget, Slot, SymbolKind
from models.errors import InputError
from models.kept import CACHING
from models.mana import ALL_TYPES, TYPE_ORDER, ManaBag, ManaType, ManaTypes
from models.mana_effects import SpendAsThough
from models.oracle import parse_restriction
from planner.api import SolverNeededError, fast_path_only, pay
from planner.rules import packets, payment, plan_steps, replay
from planner.rules import resolutions as resolution_module
from planner.rules.payment import GENERIC, assign_symbols, can_pay_exactly, cost_modes
from planner.rules.pool import ManaUnit, SpendRules
from planner.rules.production import ManaTag, Outcome, Packet
from planner.rules.question import question, view_of
from planner.rules.replay import IllegalPlanError, PaymentSummary, Plan, Step
from planner.solve.problem import PaymentProblem

#: Cards added now and then to a realistic board: tap damage, 'spend as though', snow, counters, restricted
#: mana, sacrifices, one-color choices, doublers and auras, reflecting and counting lands, land types.
_EXTRAS = (
    "City of Brass",
    "Celestial Dawn",
    "Snow-Covered Forest",
    "Gemstone Mine",
    "Pillar of the Paruns",
    "Eldrazi Temple",
    "Gilded Lotus",
    "Lotus Petal",
    "Ashnod's Altar",
    "Mana Reflection",
    "Mana Flare",
    "Exotic Orchard",
    "Reflecting Pool",
    "Cabal Coffers",
    "Blood Moon",
    "Springleaf Drum",
    "Grand Architect",
    "Contamination",
    "Pale Moon",
)


def _board(rng: random.Random) -> tuple[Board, str]:
    """A realistic board with some of :data:`_EXTRAS`, a Wild Growth or Utopia Sprawl now and then, and ids
    drawn anew (so that they sort in other orders: a packet's mana is ordered by its source); and a cost."""
    spec = realistic_board(rng, rng.randint(6, 20))
    data: dict[str, Any] = spec.data
    permanents = data["permanents"]
    extras = [rng.choice(_EXTRAS) for _ in range(rng.choice([0, 1, 2, 3]))]
    if rng.random() < 0.2:  # replacements whose order decides the mana (CR 616.1)
        extras += ["Contamination", "Mana Reflection"]
    for number, name in enumerate(extras):
        permanents.append({"id": f"x{number}", "card": name, "controller": "me"})
    lands = [p["id"] for p in permanents if p["controller"] == "me" and "tapped" not in p][:6]
    if lands and rng.random() < 0.3:
        aura = {"id": "aura", "card": "Wild Growth", "controller": rng.choice(["me", "opp"])}
        permanents.append({**aura, "attached_to": rng.choice(lands)})
    if lands and rng.random() < 0.2:
        sprawl = {"id": "sprawl", "card": "Utopia Sprawl", "choices": {"color": rng.choice("WUBRG")}}
        permanents.append({**sprawl, "controller": "me", "attached_to": rng.choice(lands)})
    names = {p["id"]: f"{rng.choice('abmqz')}{number}" for number, p in enumerate(permanents)}
    for permanent in permanents:
        permanent["id"] = names[permanent["id"]]
        if "attached_to" in permanent:
            permanent["attached_to"] = names[permanent["attached_to"]]
    return Board.from_dict(data), realistic_cost(rng, spec)


def _stated_truth(
    resolutions: Sequence[tuple[Outcome, tuple[tuple[str, ManaBag], ...], tuple[ManaUnit, ...]]], step: Step
) -> tuple[int, int, bool, tuple[ManaUnit, ...]] | None:
    """What the replay checked a step against before: the first full resolution that matches it."""
    for outcome, produced, units in resolutions:
        if produced == step.produced and (not step.order or step.order == outcome.replacements):
            return outcome.damage, outcome.life_loss, outcome.sacrifices_source, units
    return None


def _stated_answer(board: Board, step: Step) -> tuple[int, int, bool, tuple[ManaUnit, ...]] | None:
    """What the replay checks the step against now (without the view's memo)."""
    view = view_of(board)
    ability = view.mana_abilities(step.permanent)[step.ability]
    found = resolution_module.stated_resolution(view, plan_steps.reflect_of(board), step, ability, keep=False)
    if found is None:
        return None
    aftermath, units = found
    return aftermath.damage, aftermath.life_loss, aftermath.sacrifices_source, units


def _asked_steps(board: Board) -> Iterator[tuple[Step, tuple[int, int, bool, tuple[ManaUnit, ...]] | None]]:
    """Steps of every ability of the board, each with the answer of the full list of resolutions: each
    resolution's mana, and mana it does not make (one more, from another source, none), in any order and in
    each replacement order of the ability's resolutions."""
    view = view_of(board)
    reflect = plan_steps.reflect_of(board)
    for permanent in board.permanents:
        for number, ability in enumerate(view.mana_abilities(permanent.id)):
            resolutions = resolution_module.worked_out_resolutions(view, reflect, permanent.id, ability, ())
            orders = {
                (),
                *itertools.islice(dict.fromkeys(outcome.replacements for outcome, _, _ in resolutions), 3),
            }
            for _, produced, _ in resolutions[:8]:
                variants = [produced, ()]
                if produced:
                    source, bag = produced[0]
                    variants += [((source, bag + ManaBag.parse("{C}")), *produced[1:]), (("elsewhere", bag),)]
                for made in variants:
                    for order in orders:
                        step = Step(permanent=permanent.id, ability=number, produced=made, order=order)
                        yield step, _stated_truth(resolutions, step)


def test_stated_resolutions_are_the_first_of_the_full_list_that_match(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(141)
    boards = [_board(rng)[0] for _ in range(100)]
    cases = [(board, step, truth) for board in boards for step, truth in _asked_steps(board)]
    assert sum(truth is not None for _, _, truth in cases) > 1000
    resolution_module._STATED.clear()
    worked: list[Step] = []
    worked_out = resolution_module.worked_out_stated

    def counted(*args: Any) -> Any:
        worked.append(args[2])
        return worked_out(*args)

    monkeypatch.setattr(resolution_module, "worked_out_stated", counted)
    kept = 0
    for board, step, truth in cases:  # first asked (kept from earlier boards of the same signature, or not)
        before = len(worked)
        assert _stated_answer(board, step) == truth, step
        kept += truth is not None and len(worked) == before
    assert kept > 1000, "many were kept from earlier boards"
    for board, step, truth in cases:  # asked again: kept
        assert _stated_answer(board, step) == truth, step
    monkeypatch.setattr(resolution_module, "outcomes_signature", lambda *_: None)
    for board, step, truth in cases:  # worked out every time
        assert _stated_answer(board, step) == truth, step


def _outcome(rng: random.Random) -> Outcome:
    """An outcome of one to three packets of random types, picks and mana per pick, from a few sources."""
    packets = tuple(
        Packet(
            ManaTypes(rng.randrange(1, 64)),
            rng.randint(0, 3),
            rng.randint(1, 2),
            ManaTag(source=rng.choice("abc"), snow=rng.random() < 0.3),
        )
        for _ in range(rng.randint(1, 3))
    )
    return Outcome(packets)


def test_the_stated_choice_is_the_first_concrete_result_that_gives_it() -> None:
    rng = random.Random(142)
    found = 0
    for _ in range(3000):
        outcome = _outcome(rng)
        results = list(outcome.concrete())
        produced = resolution_module.grouped(rng.choice(results))
        if rng.random() < 0.3 and produced:
            source, bag = rng.choice(produced)
            changed = bag + ManaBag.of([rng.choice(TYPE_ORDER)])
            produced = tuple(sorted({**dict(produced), source: changed}.items()))
        expected = next((choice for choice in results if resolution_module.grouped(choice) == produced), None)
        assert resolution_module.stated_choice(outcome, produced) == expected, (outcome, produced)
        found += expected is not None
    assert found > 2000


def test_kept_bags_are_the_packets_concrete_results() -> None:
    rng = random.Random(143)
    packets._BAGS.clear()
    for _ in range(2000):
        packet = Packet(
            ManaTypes(rng.randrange(0, 64)), rng.randint(0, 6), rng.randint(1, 3), ManaTag(source="a")
        )
        expected = tuple(
            ManaBag.of(combo).scaled(packet.per_pick)
            for combo in itertools.combinations_with_replacement(tuple(packet.types), packet.picks)
        )
        assert tuple(packet.concrete()) == expected, packet  # worked out, or kept from the first time
        assert tuple(packet.concrete()) == expected, packet  # kept
    if CACHING:
        assert packets._BAGS.stats().size, "some were kept"


_CREATURES_ONLY = parse_restriction("Spend this mana only to cast creature spells.")
_RULES = (
    SpendRules(),
    SpendRules.of([(SpendAsThough(text="any", who=Who.YOU, types=ALL_TYPES, as_types=ALL_TYPES), None)]),
    SpendRules.of(
        [
            (
                SpendAsThough(
                    text="G as U", who=Who.YOU, types=ManaTypes.parse("G"), as_types=ManaTypes.parse("U")
                ),
                None,
            )
        ]
    ),
)
_SYMBOLS = (
    "{W}",
    "{U}",
    "{G}",
    "{C}",
    "{S}",
    "{1}",
    "{2}",
    "{W/U}",
    "{B/G}",
    "{2/W}",
    "{G/P}",
    "{C/G}",
    "{R/W/P}",
)


def _payment(rng: random.Random) -> tuple[list[ManaUnit], ManaCost, PaymentTarget, SpendRules, int]:
    """Units made to pay a random cost one way, then now and then changed, with rules and life."""
    cost = ManaCost.parse("".join(rng.choice(_SYMBOLS) for _ in range(rng.randint(1, 5))))
    target = PaymentTarget.of(str(cost), type_line=rng.choice(["Creature — Elf", "Instant"]))
    mode = rng.choice(cost_modes(cost))
    units = []
    for slot, count in mode.slots:
        for _ in range(count):
            mana_type = slot if isinstance(slot, ManaType) else rng.choice(TYPE_ORDER)
            snow = slot is payment.SNOW or rng.random() < 0.2
            restriction = _CREATURES_ONLY if rng.random() < 0.05 else None
            units.append(
                ManaUnit(mana_type, ManaTag(source=rng.choice("ab"), snow=snow, restriction=restriction))
            )
    if units and rng.random() < 0.3:
        units.pop(rng.randrange(len(units)))
    if rng.random() < 0.3:
        units.append(ManaUnit(rng.choice(TYPE_ORDER), ManaTag(source="a")))
    if units and rng.random() < 0.3:
        units[rng.randrange(len(units))] = ManaUnit(rng.choice(TYPE_ORDER), ManaTag(source="b"))
    rng.shuffle(units)
    life = mode.life if rng.random() < 0.8 else rng.choice([0, 2, 4])
    return units, cost, target, rng.choice(_RULES), life


def _pays_some_way(
    units: Sequence[ManaUnit], cost: ManaCost, target: PaymentTarget, rules: SpendRules, life: int
) -> bool:
    """Whether some mode with this much life has its slots filled by the units in some order."""
    if not all(unit.allowed_for(target) for unit in units):
        return False
    rules = rules.at(target)
    for mode in cost_modes(cost):
        slots = [slot for slot, count in mode.slots for _ in range(count)]
        if mode.life == life and len(slots) == len(units):
            for order in itertools.permutations(units):
                if all(rules.fits(u.type, u.tag.snow, s, target) for u, s in zip(order, slots, strict=True)):
                    return True
    return False


def _searched_symbols(
    units: Sequence[ManaUnit], cost: ManaCost, target: PaymentTarget, rules: SpendRules, life: int
) -> list[tuple[CostSymbol, tuple[ManaUnit, ...], int]]:
    """:func:`assign_symbols` as it searched before it searched positions: over the units themselves,
    each symbol's ways in order, the distinct units that fit in the order of what is left."""
    rules = rules.at(target)
    symbols = [symbol for symbol in cost.symbols if symbol.kind is not SymbolKind.GENERIC]
    remaining = list(units)
    chosen: dict[int, tuple[tuple[ManaUnit, ...], int, int]] = {}

    def picks(slot: Slot, count: int) -> list[tuple[ManaUnit, ...]]:
        seen: list[tuple[ManaUnit, ...]] = []
        for combo in itertools.combinations(range(len(remaining)), count):
            picked = tuple(remaining[i] for i in combo)
            if picked not in seen and all(rules.fits(u.type, u.tag.snow, slot, target) for u in picked):
                seen.append(picked)
        return seen

    def search(index: int, life_left: int, generic_needed: int) -> bool:
        if index == len(symbols):
            return len(remaining) == generic_needed and life_left == 0
        for way in symbols[index].ways():
            if way.life > life_left:
                continue
            slot = way.slot
            for picked in picks(slot, way.mana) if slot is not None and slot is not GENERIC else [()]:
                for unit in picked:
                    remaining.remove(unit)
                extra = way.mana if slot is GENERIC else 0
                chosen[index] = (picked, way.life, extra)
                if search(index + 1, life_left - way.life, generic_needed + extra):
                    return True
                remaining.extend(picked)
        return False

    if not search(0, life, cost.generic):
        raise InputError("no")
    merged: list[tuple[CostSymbol, tuple[ManaUnit, ...], int]] = []
    if cost.generic:
        merged.append(
            (CostSymbol(SymbolKind.GENERIC, amount=cost.generic), tuple(remaining[: cost.generic]), 0)
        )
    rest = remaining[cost.generic :]
    for index, symbol in enumerate(symbols):
        picked, life_paid, extra = chosen[index]
        merged.append((symbol, (*picked, *rest[:extra]), life_paid))
        rest = rest[extra:]
    return merged


def test_exact_payments_and_their_symbols_are_the_plain_search_s(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(144)
    cases = [_payment(rng) for _ in range(6000)]
    exact = [case for case in cases if _pays_some_way(*case)]
    assert 2000 < len(exact) < len(cases)
    for case in cases:
        assert can_pay_exactly(*case) == (case in exact), case
    for case in exact:
        assert assign_symbols(*case) == _searched_symbols(*case), case
    monkeypatch.setattr(SpendRules, "plain", property(lambda _: False))  # the flow every time
    for case in cases:
        assert can_pay_exactly(*case) == (case in exact), case


def _outcome_of(board: Board, cost: str, plan: Plan) -> PaymentSummary | str:
    """The plan replayed: its summary, or the ``IllegalPlanError`` message."""
    try:
        return replay.replay(board, PaymentTarget.of(cost), plan)
    except IllegalPlanError as error:
        return str(error)


def _immutable_outcome_of(board: Board, cost: str, plan: Plan) -> PaymentSummary | str:
    """The plan replayed on :class:`~planner.rules.replay.PlanState` (the reference search's path)."""
    try:
        state = replay.initial_state(board)
        for index, step in enumerate(plan.steps):
            state = replay.apply_step(state, step, index)
        return replay.finish(board, state, PaymentTarget.of(cost), plan.spent, plan.life, len(plan.steps))
    except IllegalPlanError as error:
        return str(error)


def _variants(plan: Plan) -> Iterator[Plan]:
    """The plan, and plans with one step's mana or order changed, or a step dropped."""
    yield plan
    for index, step in enumerate(plan.steps):
        yield replace(plan, steps=plan.steps[:index] + plan.steps[index + 1 :])
        for source, bag in step.produced:
            more = tuple(sorted({**dict(step.produced), source: bag + ManaBag.parse("{G}")}.items()))
            yield replace(
                plan, steps=(*plan.steps[:index], replace(step, produced=more), *plan.steps[index + 1 :])
            )
        if step.order:
            reversed_step = replace(step, order=step.order[::-1])
            yield replace(plan, steps=(*plan.steps[:index], reversed_step, *plan.steps[index + 1 :]))


def _walk(rng: random.Random, board: Board) -> tuple[Plan, str]:
    """A plan of up to six legal activations drawn at random (costs that tap other permanents and sacrifice
    included), spending most of the pool, and the cost of what it spends."""
    state = replay.initial_state(board)
    steps: list[Step] = []
    for _ in range(rng.randint(1, 6)):
        options = list(itertools.islice(replay.legal_steps(state), 40))
        if not options:
            break
        step, state = rng.choice(options)
        steps.append(step)
    spent = tuple(unit for unit in state.pool if rng.random() < 0.8)
    return Plan(tuple(steps), spent), "".join(f"{{{unit.type.letter}}}" for unit in spent) or "{0}"


def _replay_cases(rng: random.Random, plans: int) -> list[tuple[Board, str, Plan]]:
    """Random walks and ``plans`` fast-path plans on random boards, each with its variants (see
    :func:`_variants`), with the cost each pays."""
    cases: list[tuple[Board, str, Plan]] = []
    found = 0
    while found < plans:
        board, cost = _board(rng)
        walk, walk_cost = _walk(rng, board)
        cases += [(board, walk_cost, variant) for variant in _variants(walk)]
        try:
            with fast_path_only():
                result = pay(board, PaymentTarget.of(cost))
        except SolverNeededError:
            continue
        if result.plan is not None:
            found += 1
            cases += [(board, cost, variant) for variant in _variants(result.plan)]
    return cases


def test_plans_replay_alike_with_and_without_kept_resolutions(monkeypatch: pytest.MonkeyPatch) -> None:
    cases = _replay_cases(random.Random(145), 100)
    resolution_module._STATED.clear()
    with question():  # (one question: its views keep their structures' resolutions, replay to replay)
        rounds = [[_outcome_of(board, cost, plan) for board, cost, plan in cases] for _ in range(3)]
    assert rounds[0] == rounds[1] == rounds[2]  # a structure's first replay, then with what it kept
    assert rounds[0] == [_immutable_outcome_of(board, cost, plan) for board, cost, plan in cases]
    assert any(isinstance(found, str) for found in rounds[0])
    assert sum(isinstance(found, PaymentSummary) for found in rounds[0]) >= 100
    resolution_module._STATED.clear()
    monkeypatch.setattr(resolution_module, "outcomes_signature", lambda *_: None)
    assert [_outcome_of(board, cost, plan) for board, cost, plan in cases] == rounds[0]


def test_a_described_payment_says_what_its_plan_and_replay_say() -> None:
    """Each step's mana in all, its permanent's name and ability, the permanents tapped, untapped and
    sacrificed in board order, the mana spent and floating, and each symbol's mana: as the plan and its
    replay have them."""
    rng = random.Random(146)
    described = 0
    while described < 150:
        board, cost = _board(rng)
        if rng.random() < 0.3:
            board = Board.from_dict(
                {**board.to_dict(), "permanents": [*board.to_dict()["permanents"], _wild_growth(board)]}
            )
        target = PaymentTarget.of(cost)
        try:
            with fast_path_only():
                result = pay(board, target)
        except SolverNeededError:
            continue
        if result.plan is None:
            continue
        described += 1
        plan = result.plan
        summary = replay.replay(board, target, plan)
        view = view_of(board)
        for shown, step in zip(result.steps, plan.steps, strict=True):
            assert shown.produced == sum((bag for _, bag in step.produced), ManaBag())
            assert shown.name == board.permanent(step.permanent).name
            assert shown.ability == view.mana_abilities(step.permanent)[step.ability].text
            assert shown.paid_with == ManaBag.of(unit.type for unit in step.paid_with)
        order = [p.id for p in board.permanents]
        assert result.tapped == tuple(sorted(summary.tapped, key=order.index))
        assert result.untapped == tuple(sorted(summary.untapped, key=order.index))
        assert result.sacrificed == tuple(sorted(summary.sacrificed, key=order.index))
        assert result.mana_spent == ManaBag.of(unit.type for unit in plan.spent)
        assert result.floating == summary.floating_bag
        problem = PaymentProblem.of(board, target)
        assert (result.cost, result.total_cost) == (str(target.cost), str(problem.target.cost))
        paid = assign_symbols(plan.spent, problem.target.cost, problem.target, problem.rules, plan.life)
        assert result.symbols == tuple(
            (str(s), str(ManaBag.of(u.type for u in units)), life) for s, units, life in paid
        )


def _wild_growth(board: Board) -> dict[str, Any]:
    """A Wild Growth on the board's first land of the payer's (its mana has the Aura as its source)."""
    land = next(p.id for p in board.permanents if p.controller == "me" and p.type_line.is_a("Land"))
    return {"id": "growth", "card": "Wild Growth", "controller": "me", "attached_to": land}


def test_past_the_status_keys_size_a_replay_keeps_by_signature_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past ``_STATUS_KEYS_UP_TO`` permanents a replay keeps its steps' resolutions by what their outcomes
    read, not by every status: the same summaries and errors, replayed again and again."""
    cases = _replay_cases(random.Random(146), 40)
    monkeypatch.setattr(resolution_module, "_STATUS_KEYS_UP_TO", 0)
    resolution_module._STATED.clear()
    rounds = [[_outcome_of(board, cost, plan) for board, cost, plan in cases] for _ in range(3)]
    assert rounds[0] == rounds[1] == rounds[2]
    assert rounds[0] == [_immutable_outcome_of(board, cost, plan) for board, cost, plan in cases]
    assert sum(isinstance(found, PaymentSummary) for found in rounds[0]) >= 40
