"""A question's board reduced to the fast path's sources, or why it is outside the fragment.

What no cost reads is worked out once per board and player and kept in a :class:`FastAnalysis` held by the
board's view (:func:`fast_analysis`), which lives as long as the view (the question, or while the board is a
recent one: :mod:`planner.rules.question`); what a permanent is on a board with effects on mana is kept
across questions only by what it is (:data:`_ON_BOARD`, whose abilities are kept by their outcomes'
signatures: :func:`planner.solve.fast.kinds._analysed`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from models.board import Permanent
from models.kept import CACHING, KeptMap
from models.mana import ManaTypes
from planner.rules.could_produce import could_produce_all
from planner.rules.devotion import counted_by_devotions
from planner.rules.graveyard_grants import arriving_grants
from planner.rules.payment import target_modes
from planner.rules.production import reached, within_reach
from planner.rules.same_name import same_name_changer
from planner.rules.view import BoardView, ViewTable
from planner.solve.fast.kinds import (
    _HARMLESS_EFFECTS,
    KindsOfBoard,
    SourceKind,
    _analysed,
    _reflecting,
    _Usage,
    outside_on_any_board,
    source_kind,
)
from planner.solve.fast.sources import (
    _Layout,
    _layout,
    _Outside,
    _Reduced,
    _Source,
    _source,
    _with_keep_units,
)
from planner.solve.objective import (
    sacrificed_by_design,
)
from planner.solve.problem import PaymentProblem


def _on_board(view: BoardView, permanent: Permanent, sets: dict[str, ManaTypes]) -> SourceKind:
    """The kind of a permanent as its board has it: its abilities and their outcomes with the board's
    effects applied, reflecting palettes resolved, and what it could produce (``sets``, CR 106.7). Kinds
    alike are one object (:data:`_ON_BOARD`): what it offers in each state is then worked out once for all
    of them, on this board or another (every Forest under one Mana Reflection)."""
    pid = permanent.id
    abilities, _, _ = _analysed(view, pid, permanent.choices, sets)
    kind = SourceKind(
        blocking=None,
        abilities=abilities,
        reflect=sets[pid].mask,
        creature=view.type_line(pid).is_a("Creature"),
        haste=view.characteristics(pid).haste,
        designed=sacrificed_by_design(view, pid),
    )
    kept = _ON_BOARD.get(kind)
    if kept is None:
        _ON_BOARD.put(kind, kind)
        return kind
    return kept


#: The kinds :func:`_on_board` worked out, by what they are (their compared fields: everything a kind says),
#: so that kinds alike share one object and its usages; never by a board.
_ON_BOARD: KeptMap[SourceKind, SourceKind] = KeptMap(f"{__name__}._ON_BOARD", maxsize=65536)


def _changed_by_sacrifice(view: BoardView, player: str, sacrificable: Sequence[str]) -> str | None:
    """Why sacrificing one of these permanents could change what another activation makes: it is the
    source of an effect on mana, it adds to a devotion a type change reads (a God stops being a creature:
    CR 613, at once), or one of the player's reflecting sources reflects it; else None."""
    effects = {
        sourced.source for sourced in view.effects if not isinstance(sourced.effect, _HARMLESS_EFFECTS)
    }
    gone = next((pid for pid in sacrificable if pid in effects), None)
    if gone is not None:
        return f"{gone} can be sacrificed for mana, and it has an effect on mana"
    devoted = counted_by_devotions(view)
    gone = next((pid for pid in sacrificable if pid in devoted), None)
    if gone is not None:
        return f"{gone} can be sacrificed for mana, and a type change reads the devotion it adds to"
    return _reflected_sacrifice(view, player, sacrificable)


def _reflected_sacrifice(view: BoardView, player: str, sacrificable: Sequence[str]) -> str | None:
    """Why a plan could change what one of the player's reflecting sources makes (it sacrifices a permanent
    the source reflects), or None."""
    for permanent in view.board.controlled_by(player):
        for ability in view.mana_abilities(permanent.id):
            for wanted in ability.output.palette.among if _reflecting(ability.output) else ():
                gone = next((pid for pid in sacrificable if view.matches(wanted, pid, permanent.id)), None)
                if gone is not None:
                    return (
                        f"{permanent.name} ({permanent.id}) reflects {gone}, which can be sacrificed for mana"
                    )
    return None


def _could_produce(
    view: BoardView, kinds: Sequence[SourceKind], as_card: Sequence[bool]
) -> dict[str, ManaTypes]:
    """What each permanent could produce (CR 106.7), the per-card analysis standing in for the permanents
    whose mana is fixed and whose card's analysis holds on the board (``as_card``: see :func:`_as_card`)."""
    known = {
        p.id: ManaTypes(kind.reflect)
        for p, kind, alone in zip(view.board.permanents, kinds, as_card, strict=True)
        if alone and kind.reflect is not None
    }
    return could_produce_all(view, known)


@dataclass(slots=True, eq=False)
class _CouldProduce:
    """What each permanent of a view's board could produce (:func:`_could_produce`), worked out when first
    asked for and kept: the fast path reads it on a board with a reflecting source, and a question's CP-SAT
    model or explanation of a "no" reads it through :meth:`BoardAnalysis.keep_reflect`; a payable board
    without one never works it out."""

    view: BoardView
    first: _BoardKinds
    as_card: Sequence[bool] | None = None  # (:func:`_as_cards`, worked out when first needed)
    found: dict[str, ManaTypes] | None = None

    def __call__(self) -> dict[str, ManaTypes]:
        if self.found is None:
            self.found = _could_produce(self.view, self.first.kinds, self.cards())
        return self.found

    def cards(self) -> Sequence[bool]:
        """:func:`_as_cards` of the view's board, worked out once."""
        if self.as_card is None:
            self.as_card = _as_cards(self.view, self.first)
        return self.as_card


def _as_cards(view: BoardView, first: _BoardKinds) -> list[bool]:
    """Per permanent of the view's board, whether its card's analysis is its kind on the board
    (:func:`_as_card`; every one without effects on mana but those whose outputs reflect)."""
    if first.effects:
        return [_as_card(view, p, kind) for p, kind in zip(view.board.permanents, first.kinds, strict=True)]
    return [not kind.on_board for kind in first.kinds]


def _as_card(view: BoardView, permanent: Permanent, kind: SourceKind) -> bool:
    """True when the permanent's kind on this board is its card's (:func:`source_kind`) though the board has
    effects on mana: its mana is fixed and reflects nothing, it has no effect of its own, its characteristics
    are printed ones (:meth:`BoardView.as_printed`), and no replacement effect or mana trigger reaches its
    abilities (its outcomes are those of the card alone)."""
    if kind.blocking is not None or kind.on_board or kind.reflect is None:
        return False
    pid = permanent.id
    if not view.as_printed(pid):
        return False
    abilities = view.mana_abilities(pid)
    if pid not in within_reach(view):  # (no effect's filter matches it: nothing reaches its abilities)
        return not any(ability.sacrifice_when_empty for ability in abilities)
    return not any(ability.sacrifice_when_empty or reached(view, pid, ability) for ability in abilities)


@dataclass(slots=True)
class FastAnalysis:
    """The fast path's analysis of one question's board for its player: the two halves of the board's
    reduction that no cost reads, each worked out on first use (:func:`_board_kinds`,
    :func:`_board_sources`). The board's view holds it, by player (:data:`_ANALYSES`), and the question
    (:attr:`planner.solve.problem.PaymentProblem.fast`), whose problems for other values of X share it."""

    kinds: _BoardKinds | None = None
    sources: _BoardSources | None = None


#: The fast path's analysis of a view's board, by player (it reads the view's statuses, so it is not shared
#: with the views rebound from it).
_ANALYSES: ViewTable[str, FastAnalysis] = ViewTable("fast.analysis")


def fast_analysis(problem: PaymentProblem) -> FastAnalysis:
    """The fast path's analysis of the question, made the first time it is asked for.

    >>> from models import Board, PaymentTarget
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"}]})
    >>> problem = PaymentProblem.of(board, PaymentTarget.of("{G}"))
    >>> fast_analysis(problem) is fast_analysis(problem), type(fast_analysis(problem)).__name__
    (True, 'FastAnalysis')
    """
    held = problem.fast
    if not held:
        found = _ANALYSES.get(problem.view, problem.player)
        if found is None:
            found = FastAnalysis()
            _ANALYSES.put(problem.view, problem.player, found)
        held.append(found)
    return held[0]


@dataclass(frozen=True, slots=True, eq=False)
class _BoardKinds:
    """The first half of a board's reduction for one player, which no cost reads: each permanent's kind (up
    to the first one with an effect the board's outcomes can't stand for, whose reason is then
    ``unresolved``), the permanents whose 'spend as though' effects the target decides, and whether the board
    has effects on mana (``effects``) or the player a reflecting source (``reflecting``)."""

    kinds: tuple[SourceKind, ...]
    unresolved: str | None
    spending: tuple[tuple[Permanent, SourceKind], ...]
    effects: bool
    reflecting: bool


@dataclass(frozen=True, slots=True, eq=False)
class _BoardSources:
    """The second half, which no cost reads either: the permanents whose usage the target decides (a
    restriction on their mana) or that put the board outside (an ability outside the fragment, the last one
    listed), the sources, the reason a sacrifice or an ability's cost puts the board outside (``clash``),
    and the sources' layout for the search."""

    checks: tuple[tuple[Permanent, _Usage], ...]
    sources: tuple[_Source, ...]
    clash: str | None
    layout: _Layout | None = None
    #: what each permanent could produce (CR 106.7), worked out when first read
    could: _CouldProduce | None = None


def _board_kinds(problem: PaymentProblem) -> _BoardKinds:
    """The board's kinds for the problem's player, worked out once per question (:class:`FastAnalysis`)."""
    analysis = fast_analysis(problem)
    if analysis.kinds is not None:
        return analysis.kinds
    board, player = problem.board, problem.player
    commanders = {p.id: p.commander_colors for p in board.players}
    kinds: list[SourceKind] = []
    spending: list[tuple[Permanent, SourceKind]] = []
    unresolved: str | None = None
    # with effects on mana on the board, every permanent of the player is taken as the board has it (same
    # kinds shared, so that identical permanents stay interchangeable); else only the reflecting ones
    effects = reflecting = False
    # (permanents of one card share one analysis, so that they are interchangeable: the kept analyses see to
    # it, and with them off (MANA_PLANNER_CACHE=off) the board's own table)
    alike: KindsOfBoard | None = None if CACHING else {}
    for permanent in board.permanents:
        problem.check_time()
        kind = source_kind(permanent, commanders[permanent.controller], alike)
        if kind.unresolved is not None:
            unresolved = kind.unresolved
            break
        if kind.spending:
            spending.append((permanent, kind))
        effects = effects or kind.blocking is not None
        reflecting = reflecting or (kind.on_board and permanent.controller == player)
        kinds.append(kind)
    if unresolved is None and board.effects:
        unresolved = "the board gives effects in force (effects): no card's analysis has them"
    if unresolved is None:  # (the fast path counts Sasaya's Essence on the board as it is)
        unresolved = same_name_changer(problem.view)
    if unresolved is None and (problem.view.grants_from_graveyards or arriving_grants(problem.view)):
        unresolved = (
            "a card in a graveyard, or one a cost may put there, grants mana abilities (Riftstone Portal): "
            "no card's analysis has them"
        )
    found = _BoardKinds(tuple(kinds), unresolved, tuple(spending), effects, reflecting or effects)
    analysis.kinds = found
    return found


def _board_sources(problem: PaymentProblem, first: _BoardKinds) -> _BoardSources:
    """The board's sources for the problem's player, worked out once per question (:class:`FastAnalysis`)."""
    analysis = fast_analysis(problem)
    if analysis.sources is not None:
        if analysis.sources.could is not None:  # (this question's CP-SAT model or explanation reads it)
            problem.analysis.keep_reflect(analysis.sources.could)
        return analysis.sources
    view, player = problem.view, problem.player
    board = problem.board
    effects, reflecting = first.effects, first.reflecting
    # (exact, and cheap from the cards' analyses: CP-SAT needs it when the fast path declines, the explanation
    # of a "no" when it does not, the search below only on a board with a reflecting source)
    could = _CouldProduce(view, first)
    problem.analysis.keep_reflect(could)
    # the permanents whose card's analysis is theirs on this board (every one, without effects on mana)
    as_card = could.cards()
    sets = could() if reflecting else {}
    shared: dict[tuple[object, ...], SourceKind] = {}
    checks: list[tuple[Permanent, _Usage]] = []
    found: list[tuple[int, Permanent, SourceKind, _Usage]] = []
    for position, (permanent, kind, alone) in enumerate(
        zip(board.permanents, first.kinds, as_card, strict=True)
    ):
        if permanent.controller != player:
            continue
        if reflecting and (effects or not alone):
            if not alone:
                kind = _on_board(view, permanent, sets)
            # one kind for permanents alike, whether the board changes them or not (so that they stay
            # interchangeable), when the board has effects on mana
            kind = shared.setdefault(
                (kind.abilities, kind.reflect, kind.creature, kind.haste, kind.designed), kind
            )
        usage = kind.usage(permanent.tapped, permanent.summoning_sick)
        if usage.blocked is not None:
            checks.append((permanent, usage))
            break
        if not usage.usable:
            continue
        if usage.restrictions:
            checks.append((permanent, usage))
        found.append((position, permanent, kind, usage))
    if checks and checks[-1][1].blocked is not None:
        result = _BoardSources(tuple(checks), (), None, could=could)
        analysis.sources = result
        return result
    n = len(board.permanents)
    ranks = {pid: rank for rank, pid in enumerate(sorted(p.id for p in board.permanents))}
    sources = tuple(
        _source(position, p, kind, usage, ranks[p.id], n, view.untaps_normally(p.id))
        for position, p, kind, usage in found
    )
    clash = None
    if reflecting:
        sacrificable = [source.pid for source in sources if any(o.sacrifice for o in source.options)]
        clash = _changed_by_sacrifice(view, player, sacrificable)
    if clash is None and any(source.special for source in sources):
        costing = next((s for s in sources if any(o.net < o.total for o in s.options)), None)
        if costing is not None:
            # restricted mana might not be allowed to pay an ability's cost (CR 106.6): CP-SAT checks each
            restricted = next((p.id for _, p, _, usage in found if usage.restrictions), None)
            if restricted is not None or any(unit.tag.restriction is not None for unit in problem.pool):
                where = f"{restricted}'s mana" if restricted is not None else "floating mana"
                clash = f"{where} is restricted, and {costing.pid}'s ability costs mana"
    layout = _with_keep_units(problem, _layout(sources))
    result = _BoardSources(tuple(checks), sources, clash, layout, could)
    analysis.sources = result
    return result


def _surely_blocked(problem: PaymentProblem, first: _BoardKinds) -> str | None:
    """Why the board's reduction (:func:`_board_sources`) would find it outside, told before it is reduced,
    or None when that takes the reduction: a permanent of the player that could activate now an ability the
    fast path takes on no board (:func:`~planner.solve.fast.kinds.outside_on_any_board`: Cabal Coffers,
    Nykthos, Ashnod's Altar), read on the board as it is (its abilities, whether it is a creature and has
    haste). Its kind on the board has that ability without uses, so the reduction would stop at it, or at
    a permanent before it: outside all the same, perhaps for another reason (so only the verdict is told:
    :func:`_reduced`). Only the permanents whose card's analysis is blocked are looked at (a quick filter:
    a board that makes one so, Blood Moon on a land, is left to the reduction).

    Worth it where the reduction works each permanent out on the board (effects on mana, or a reflecting
    source: 40-200 ms on 1,000 permanents); elsewhere the reduction is as quick.

    >>> from models import Board, PaymentTarget
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "s", "card": "Swamp", "controller": "me"},
    ...     {"id": "c", "card": "Cabal Coffers", "controller": "me"}]})
    >>> problem = PaymentProblem.of(board, PaymentTarget.of("{B}"))
    >>> _surely_blocked(problem, _board_kinds(problem))
    "Cabal Coffers (c) has '{2}, {T}: Add {B} for each Swamp you control.'"
    """
    view, player = problem.view, problem.player
    for permanent, kind in zip(view.board.permanents, first.kinds, strict=False):
        if (
            permanent.controller != player
            or kind.usage(permanent.tapped, permanent.summoning_sick).blocked is None
        ):
            continue
        pid = permanent.id
        tapped = permanent.tapped
        sick = permanent.summoning_sick and view.type_line(pid).is_a("Creature")
        sick = sick and not view.characteristics(pid).haste
        for ability in view.mana_abilities(pid):
            cost = ability.cost
            if (cost.tap and tapped) or (cost.untap and not tapped) or ((cost.tap or cost.untap) and sick):
                continue  # can't be activated now (CR 107.5, 107.6, 302.6)
            if outside_on_any_board(ability, permanent.choices):
                return f"{permanent.name} ({pid}) has {ability.text!r}"
    return None


def _reduced(problem: PaymentProblem, *, verdict: bool = False) -> _Reduced | _Outside:
    """The board reduced for the fast path, or why it is outside the fragment (what no cost reads is worked
    out once per question: :func:`_board_kinds`, :func:`_board_sources`). With ``verdict``, a board that its
    cards put outside (:func:`_surely_blocked`) is told so before its reduction, for a reason that may not be
    the first the reduction would give."""
    board, target, player, x = problem.board, problem.target, problem.player, problem.x
    cost = target.cost
    if cost.has_variable:
        if x is None:
            return _Outside(f"the cost {cost} has X and no value is given for it")
        cost = cost.with_variables(x)
    if cost.has_snow:
        return _Outside(f"the cost {cost} has {{S}}, which needs to know which mana came from snow sources")
    if target.alternatives:
        return _Outside("convoke, improvise and delve are paid by the CP-SAT model")
    if (
        target.creature_mana_only
        or target.basic_land_mana_only
        or target.treasure_mana_only
        or target.no_mana
    ):
        return _Outside("mana of some sources only: the CP-SAT model reads each mana's source")
    if problem.life_value is not None:
        return _Outside("a value for life is weighed by the CP-SAT model")
    if problem.prefer:
        return _Outside("a preferred order of kinds is weighed by the CP-SAT model")
    if target.riders:
        return _Outside(
            "what the spell reads of the mana spent (converge, adamant) is weighed by the CP-SAT model"
        )
    me = board.player(player)
    if me.hand and problem.hand_mana:
        return _Outside("mana from cards in the hand (Elvish Spirit Guide) is paid by the CP-SAT model")
    pool = problem.pool if me.pool else ()
    for unit in pool:
        if unit.tag.persists:
            return _Outside(
                "floating mana persists between steps (the objective does not count it as wasted)"
            )
        if not unit.allowed_for(target):
            return _Outside(f"floating mana from {unit.tag.source} is restricted and can't pay for this")
        if not unit.pays_generic:
            return _Outside(f"floating mana from {unit.tag.source} can't be spent to pay generic mana costs")
    known = fast_analysis(problem).kinds
    first = known if known is not None else _board_kinds(problem)
    for permanent, kind in first.spending:
        covering = next((e for e in kind.spending if e.applies_to(target)), None)
        if covering is not None:
            where = f"{permanent.name} ({permanent.id})"
            return _Outside(f"{where} has {covering.text!r}, which covers this payment")
    if first.unresolved is not None:
        return _Outside(first.unresolved)
    analysis = fast_analysis(problem)
    if verdict and analysis.sources is None and first.reflecting:
        blocked = _surely_blocked(problem, first)
        if blocked is not None:
            # (what the reduction would keep for this question's CP-SAT model, worked out when read)
            problem.analysis.keep_reflect(_CouldProduce(problem.view, first))
            return _Outside(blocked)
    second = _board_sources(problem, first)
    for permanent, usage in second.checks:
        if usage.blocked is not None:
            return _Outside(f"{permanent.name} ({permanent.id}) has {usage.blocked!r}")
        for restriction in usage.restrictions:
            if restriction.not_generic:
                where = f"{permanent.name} ({permanent.id})"
                return _Outside(f"{where} makes mana that can't be spent to pay generic mana costs")
            if not restriction.allows(target, permanent.choices.creature_type):
                return _Outside(
                    f"{permanent.name} ({permanent.id}) makes restricted mana that can't pay for this"
                )
    if second.clash is not None:
        return _Outside(second.clash)
    modes = target_modes(cost, target, me.life)  # (with the additional costs' life: CR 601.2h)
    n = len(board.permanents)
    return _Reduced(second.sources, pool, modes, me.life, n, problem.deadline, second.layout)


# ------------------------------------------------------------------------------------------ the optimiser
