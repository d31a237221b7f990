"""The public calls of the planner: what permanents could produce, and the best way to pay a cost.

Every plan :func:`pay` and :func:`max_x` return has been replayed by the rules
(:func:`planner.rules.replay.replay`); a plan the replayer rejects is a bug and raises instead of being
returned.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from models.board import Board
from models.cost import PaymentTarget, SymbolKind
from models.errors import InputError, OracleParseError, PlannerError
from models.mana import TYPE_ORDER, ManaBag, ManaType, ManaTypes
from planner.rules.payment import assign_symbols
from planner.rules.pool import ManaUnit, SpendRules, board_pool
from planner.rules.production import ManaTag, activation_outcomes
from planner.rules.replay import IllegalPlanError, PaymentSummary, Plan, could_produce_of, replay, view_of
from planner.rules.view import TextWarning, locked_in
from planner.solve.cpsat import ModelOptions, Solution, SolveStatus, solve_payment
from planner.solve.fast import solve_fast

__all__ = ["PayResult", "PlanStep", "could_produce", "max_x", "pay", "text_warnings"]


def text_warnings(board: Board, *, strict: bool = False) -> tuple[TextWarning, ...]:
    """The board's sentences the parser did not understand; with ``strict`` the first one is an error.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "x", "name": "Odd Rock", "type_line": "Artifact", "controller": "me",
    ...      "oracle": "{T}: Add mana of a strange sort."}]})
    >>> [str(w) for w in text_warnings(board)]
    ["x: unsupported text ignored: '{T}: Add mana of a strange sort.'"]
    """
    view = view_of(board)
    warnings = view.warnings
    if strict and warnings:
        first = warnings[0]
        raise OracleParseError(
            f"{view.path(first.permanent)}.oracle: unsupported text {first.sentence!r} (--strict)"
        )
    return warnings


def _check_player(board: Board, player: str | None) -> str:
    if player is None:
        return board.active_player
    if player not in {p.id for p in board.players}:
        known = ", ".join(p.id for p in board.players)
        raise InputError(f"unknown player {player!r}; the board's players are {known}")
    return player


def could_produce(board: Board, player: str | None = None) -> dict[str, ManaTypes]:
    """The types each permanent could produce (CR 106.7), for one player's permanents or all (``None``).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "pool", "card": "Reflecting Pool", "controller": "me"}]})
    >>> {pid: str(types) for pid, types in could_produce(board).items()}
    {'f1': 'G', 'pool': 'G'}
    """
    if player is not None:
        _check_player(board, player)
    sets = could_produce_of(board)
    return {p.id: sets[p.id] for p in board.permanents if player is None or p.controller == player}


@dataclass(frozen=True, slots=True)
class PlanStep:
    """One activation of a plan, as a player reads it."""

    permanent: str
    name: str
    ability: str
    produced: ManaBag
    replacement_order: tuple[str, ...] = ()
    sacrificed: tuple[str, ...] = ()
    tapped_for_cost: tuple[str, ...] = ()
    paid_with: ManaBag = ManaBag()

    def to_json(self) -> dict[str, Any]:
        """The step as CONTRACT §3 writes it, with our extra keys."""
        return {
            "permanent": self.permanent,
            "ability": self.ability,
            "produced": str(self.produced),
            "name": self.name,
            "replacement_order": list(self.replacement_order),
            "sacrificed": list(self.sacrificed),
            "tapped_for_cost": list(self.tapped_for_cost),
            "paid_with": str(self.paid_with),
        }


@dataclass(frozen=True, slots=True)
class PayResult:
    """The answer to 'how do I best pay this?': the plan in a player's terms, or why it can't be paid."""

    payable: bool
    cost: str
    total_cost: str = ""  # the cost after increases and reductions in force (CR 601.2f)
    steps: tuple[PlanStep, ...] = ()
    tapped: tuple[str, ...] = ()
    untapped: tuple[str, ...] = ()
    sacrificed: tuple[str, ...] = ()
    life_paid: int = 0
    damage_taken: int = 0
    mana_spent: ManaBag = ManaBag()
    floating: ManaBag = ManaBag()
    keep_satisfied: bool | None = None
    reason: str | None = None
    x: int | None = None
    engine: str = "cp-sat"
    optimal: bool = True
    symbols: tuple[tuple[str, str, int], ...] = ()
    objective: tuple[tuple[str, int], ...] = ()
    plan: Plan | None = field(default=None, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        """The JSON object of CONTRACT §3 (every key it names), plus ``total_cost`` (after cost increases and
        reductions), ``engine``, ``optimal``, ``payment`` (which mana paid which symbol) and ``x`` where X was
        chosen."""
        data: dict[str, Any] = {
            "payable": self.payable,
            "cost": self.cost,
            "total_cost": self.total_cost or self.cost,
            "steps": [s.to_json() for s in self.steps],
            "tapped": list(self.tapped),
            "untapped": list(self.untapped),
            "sacrificed": list(self.sacrificed),
            "life_paid": self.life_paid,
            "damage_taken": self.damage_taken,
            "mana_spent": str(self.mana_spent),
            "floating": str(self.floating),
            "keep_satisfied": self.keep_satisfied,
            "reason": self.reason,
            "engine": self.engine,
            "optimal": self.optimal,
            "payment": [{"symbol": s, "paid_with": m, "life": life} for s, m, life in self.symbols],
        }
        if self.x is not None or self.cost_has_x:
            data = {"x": self.x, **data}
        return data

    @property
    def cost_has_x(self) -> bool:
        """True when the cost asked for has an X."""
        return any(letter in self.cost for letter in ("{X}", "{Y}", "{Z}"))


def pay(
    board: Board,
    target: PaymentTarget,
    *,
    player: str | None = None,
    keep: PaymentTarget | None = None,
    hand: tuple[PaymentTarget, ...] = (),
    x: int | None = None,
    time_limit: float = 10.0,
    strict: bool = False,
) -> PayResult:
    """The best way to pay ``target`` from ``board`` for ``player`` (default: the active player).

    The objective is lexicographic (README, 'How the best payment is chosen'). ``keep`` should stay
    payable afterwards when the board allows both; ``hand`` costs are kept castable as far as possible.
    Simple boards are answered by the exact fast path (:mod:`planner.solve.fast`), the rest by the CP-SAT
    model;
    ``engine`` says which (``"fast"`` or ``"cp-sat"``).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "sol", "card": "Sol Ring", "controller": "me"}]})
    >>> result = pay(board, PaymentTarget.of("{2}{G}"))
    >>> result.payable, result.tapped, str(result.mana_spent), str(result.floating)
    (True, ('f1', 'sol'), '{G}{C}{C}', '')
    >>> pay(board, PaymentTarget.of("{G}{G}")).reason
    'needs {G}{G} but only one untapped source can make {G}'
    """
    who = _check_player(board, player)
    text_warnings(board, strict=strict)
    if target.cost.has_variable and x is None:
        raise InputError(
            f"the cost {target.cost} has X: give a value for X, or ask for the largest X (max_x)"
        )
    total = locked_in(view_of(board), target, who)
    if keep is None and not hand:
        fast = solve_fast(board, total, who, x=x)
        if fast is not None:
            return replace(_result(board, total, who, fast, target), engine="fast")
    solution = solve_payment(
        board, total, who, ModelOptions(x=x, keep=keep, hand=hand, time_limit=time_limit)
    )
    return _result(board, total, who, solution, target)


def max_x(
    board: Board,
    target: PaymentTarget,
    *,
    player: str | None = None,
    time_limit: float = 10.0,
    strict: bool = False,
) -> PayResult:
    """The largest X for which ``target`` (whose cost has X) is payable, with the best plan for it.

    ``x`` is None when the cost can't be paid even with X = 0.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "m1", "card": "Mountain", "controller": "me"},
    ...     {"id": "sol", "card": "Sol Ring", "controller": "me"}]})
    >>> result = max_x(board, PaymentTarget.of("{X}{R}"))
    >>> result.x, result.payable
    (2, True)
    """
    who = _check_player(board, player)
    text_warnings(board, strict=strict)
    if not target.cost.has_variable:
        raise InputError(f"the cost {target.cost} has no X")
    total = locked_in(view_of(board), target, who)
    solution = solve_payment(board, total, who, ModelOptions(time_limit=time_limit))
    return _result(board, total, who, solution, target)


def _result(
    board: Board, target: PaymentTarget, player: str, solution: Solution, asked: PaymentTarget
) -> PayResult:
    """The result for paying ``target`` (the total cost, CR 601.2f) of what was ``asked``."""
    cost_text = str(asked.cost)
    if solution.plan is None:
        if solution.status is SolveStatus.UNKNOWN:
            reason = "the solver's time limit ran out before it found a payment; try a longer time limit"
        else:
            reason = _reason(board, target, player, solution.core)
        return PayResult(
            False,
            cost_text,
            reason=reason,
            x=None,
            optimal=solution.status is not SolveStatus.UNKNOWN,
            total_cost=str(target.cost),
        )
    plan = solution.plan
    paid_target = target
    if target.cost.has_variable:
        paid_target = target.with_cost(target.cost.with_variables(solution.x or 0))
    try:
        summary = replay(board, paid_target, plan, player)
    except IllegalPlanError as error:
        raise PlannerError(f"internal: the model's plan fails the rules replay at {error}") from error
    return _describe(board, paid_target, player, plan, summary, solution, cost_text)


def _describe(
    board: Board,
    target: PaymentTarget,
    player: str,
    plan: Plan,
    summary: PaymentSummary,
    solution: Solution,
    cost_text: str,
) -> PayResult:
    view = view_of(board)
    names = {p.id: p.name for p in board.permanents}
    steps = tuple(
        PlanStep(
            permanent=step.permanent,
            name=names[step.permanent],
            ability=view.mana_abilities(step.permanent)[step.ability].text,
            produced=sum((bag for _, bag in step.produced), ManaBag()),
            replacement_order=step.order,
            sacrificed=step.sacrificed,
            tapped_for_cost=step.tapped,
            paid_with=_bag(step.paid_with),
        )
        for step in plan.steps
    )
    rules = SpendRules.for_player(view, player)
    symbols = tuple(
        (str(symbol), str(_bag(units)), life)
        for symbol, units, life in assign_symbols(plan.spent, target.cost, target, rules, plan.life)
    )
    order = {p.id: i for i, p in enumerate(board.permanents)}
    return PayResult(
        payable=True,
        cost=cost_text,
        total_cost=str(target.cost),
        steps=steps,
        tapped=tuple(sorted(summary.tapped, key=order.__getitem__)),
        untapped=tuple(sorted(summary.untapped, key=order.__getitem__)),
        sacrificed=tuple(sorted(summary.sacrificed, key=order.__getitem__)),
        life_paid=summary.life_paid,
        damage_taken=summary.damage,
        mana_spent=_bag(plan.spent),
        floating=summary.floating_bag,
        keep_satisfied=solution.keep_satisfied,
        x=solution.x,
        optimal=solution.status is SolveStatus.OPTIMAL,
        symbols=symbols,
        objective=solution.objective,
        plan=plan,
    )


def _bag(units: tuple[ManaUnit, ...]) -> ManaBag:
    return ManaBag.of(unit.type for unit in units)


_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _count_words(count: int, noun: str) -> str:
    word = _NUMBER_WORDS[count] if count < len(_NUMBER_WORDS) else str(count)
    return f"{word} untapped {noun}{'' if count == 1 else 's'}"


def _allowed(tag: ManaTag, target: PaymentTarget) -> bool:
    """True when mana with this tag may be spent on the target (its restriction, if any, allows it)."""
    return tag.restriction is None or tag.restriction.allows(target, tag.chosen_type)


def _reason(board: Board, target: PaymentTarget, player: str, core: tuple[str, ...]) -> str:
    """Why a cost can't be paid, in a player's words, from the solver's infeasibility core."""
    view = view_of(board)
    reflect = could_produce_of(board)
    pool = board_pool(board, player)
    makers: dict[ManaType, set[str]] = {t: set() for t in TYPE_ORDER}
    most = 0
    blocked: list[str] = []
    for permanent in board.controlled_by(player):
        best = 0
        for ability in view.mana_abilities(permanent.id):
            why = view.why_not_activatable(permanent.id, ability)
            if why is not None:
                blocked.append(why)
                continue
            for outcome in activation_outcomes(view, permanent.id, ability, reflect):
                # only mana whose restriction lets it pay for the target counts (CR 106.6)
                packets = [p for p in outcome.packets if _allowed(p.tag, target)]
                if len(packets) < len(outcome.packets):
                    blocked.append(
                        f"{permanent.name} ({permanent.id}): its restricted mana can't pay for this"
                    )
                best = max(best, sum(p.total for p in packets))
                for packet in packets:
                    for mana_type in packet.types if packet.total else ():
                        makers[mana_type].add(permanent.id)
        most += best
    usable = [unit for unit in pool if unit.allowed_for(target)]
    for unit in usable:
        makers[unit.type].add(unit.tag.source)
    needs = {
        t: sum(
            1
            for s in target.cost.symbols
            if (s.kind in (SymbolKind.COLORED, SymbolKind.COLORLESS) and t in s.colors)
            or (s.kind is SymbolKind.COLORLESS and t is ManaType.C)
        )
        for t in TYPE_ORDER
    }
    detail = ""
    unique_blocked = list(dict.fromkeys(blocked))
    if unique_blocked:
        detail = f" ({'; '.join(unique_blocked[:3])})"
    for label in core:
        if label in "WUBRGC" and len(label) == 1:
            mana_type = ManaType.parse(label)
            need = needs[mana_type] or 1
            have = len(makers[mana_type])
            symbol = f"{{{label}}}"
            if have >= need:
                continue  # enough sources of this type alone: the trouble is elsewhere in the core
            if have == 0:
                return f"needs {symbol * need} but no untapped source can make {symbol}{detail}"
            return f"needs {symbol * need} but only {_count_words(have, 'source')} can make {symbol}{detail}"
        if label == "snow":
            return f"needs {{S}} but no untapped snow source can pay it{detail}"
    total = target.cost.mana_value
    available = most + len(usable)
    phyrexian = sum(1 for s in target.cost.symbols if s.kind is SymbolKind.PHYREXIAN)
    if phyrexian:
        # each Phyrexian symbol could be paid with 2 life instead (CR 107.4f), if the life is there (119.4)
        life = board.player(player).life
        detail = f" (each Phyrexian symbol may take 2 life instead; {player} has {life} life){detail}"
    if ("generic" in core or not core) and available < total:
        return f"needs {total} mana in all but the untapped sources make at most {available}{detail}"
    return f"the untapped sources can't pay {target.cost} together{detail}"
