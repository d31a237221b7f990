"""The machinery the baseline tappers share: what a board offers them, and one greedy payer they configure.

A baseline is a :class:`Policy`: the order in which it pays the cost's symbols, the order in which it
tries sources, and whether it looks at abilities that cost mana (Signets, filter lands) and at restricted
mana (Eldrazi Temple, Cavern of Souls). :func:`greedy_pay` then pays one symbol at a time: from mana
already floating if some fits, else by activating the first source in the policy's order that can make a
fitting mana (paying that source's own mana cost the same way first), choosing the source's color to cover
the symbols still to pay where it can. A Phyrexian symbol no source can pay costs 2 life; a ``{2/W}`` no
source can pay with ``{W}`` takes two generic mana. Nothing is ever undone: that is what makes it greedy.

The plan is made of the same :class:`~planner.rules.replay.Step` records as the optimal planner's, built from
the same outcomes (:func:`~planner.rules.production.activation_outcomes`), so that the rules replayer can
check
it. The outcomes are read from the board as it was before the payment: a baseline that sacrifices a
creature and then taps Gaea's Cradle states the Cradle's old amount, and the replayer says so.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from models.board import Board, Permanent
from models.cost import CostSymbol, ManaCost, PaymentTarget, SlotKind
from models.kept import per_card
from models.mana import TYPE_ORDER, ManaBag, ManaType, ManaTypes
from models.types import TypeLine
from planner.rules.activations import Activation, activation_bound
from planner.rules.could_produce import could_produce_all
from planner.rules.eligibility import why_not_activatable
from planner.rules.pool import ManaUnit, SpendRules, board_pool, pays_generic
from planner.rules.production import ManaTag, Packet, activation_outcomes
from planner.rules.question import view_of
from planner.rules.records import ViewTable
from planner.rules.replay import ACTIVATION_CAP, Plan, Step
from planner.rules.step_costs import ability_target
from planner.rules.view import BoardView

__all__ = ["BoardFacts", "Need", "Option", "Policy", "board_facts", "greedy_pay", "symbol_needs"]

#: How deep a baseline goes to fund an ability that costs mana (a Signet funded by a filter land funded
#: by a basic is depth 2).
FUNDING_DEPTH = 2


@dataclass(frozen=True, slots=True, kw_only=True)
class Option(Activation):
    """One way to activate one mana ability of one permanent now (an :class:`Activation`: its cost choices
    and one outcome), with the facts baselines sort sources by.

    ``sacrifice_value`` counts the permanents it sacrifices that are not tokens (a Treasure sacrificing
    itself counts 0; Phyrexian Altar eating a creature counts 1).
    """

    permanent: Permanent
    type_line: TypeLine
    could_make: ManaTypes
    abilities: int
    position: int
    sacrifice_value: int

    @property
    def is_land(self) -> bool:
        """True for lands (after type-changing effects)."""
        return self.type_line.is_a("Land")

    @property
    def is_basic_land(self) -> bool:
        """True for basic lands."""
        return self.type_line.is_a("Basic") and self.is_land

    @property
    def is_creature(self) -> bool:
        """True for creatures."""
        return self.type_line.is_a("Creature")

    @property
    def sacrifices(self) -> bool:
        """True when activating it sacrifices something (its source, or another permanent)."""
        return bool(self.gone)

    @property
    def hurts(self) -> int:
        """The life it costs: life paid, damage dealt and life lost by the activation itself."""
        return self.ability.cost.life + self.outcome.damage + self.outcome.life_loss


@dataclass(kw_only=True, frozen=True, slots=True)
class BoardFacts:
    """What a board offers the paying player: activation options, floating mana, spending rules, life."""

    board: Board
    player: str
    view: BoardView
    options: tuple[Option, ...]
    pool: tuple[ManaUnit, ...]
    rules: SpendRules
    life: int


#: Each board's facts, kept in the question's view of that board (one case of the harness is one question).
_FACTS: ViewTable[str, BoardFacts] = ViewTable("heuristics.board_facts")


def board_facts(board: Board, player: str) -> BoardFacts:
    """The facts baselines read from a board, worked out once per board and player in a question.

    >>> from planner.bench.corpus import scenario
    >>> facts = board_facts(scenario("painland-or-basic").board, "me")
    >>> [(o.pid, o.ability_index, str(o.outcome.types), o.hurts) for o in facts.options]
    [('p0', 0, 'C', 0), ('p0', 1, 'R', 1), ('p0', 1, 'W', 1), ('p1', 0, 'R', 0)]
    """
    view = view_of(board)
    facts = _FACTS.get(view, player)
    if facts is None:
        reflect = could_produce_all(view)
        facts = BoardFacts(
            board=board,
            player=player,
            view=view,
            options=tuple(_options(view, player, reflect)),
            pool=board_pool(board, player),
            rules=SpendRules.for_player(view, player),
            life=board.player(player).life,
        )
        _FACTS.put(view, player, facts)
    return facts


def _options(view: BoardView, player: str, reflect: dict[str, ManaTypes]) -> Iterator[Option]:
    """Every way the player could activate each mana ability now, permanent by permanent, as the same
    :class:`Activation` records the CP-SAT model chooses among.

    (The model's activation templates may stand one permanent for a group of identical ones; a tapper picks
    permanents, so it lists each.) {Q} abilities and abilities that make no mana are left out.
    """
    board = view.board
    index = 0
    for position, permanent in enumerate(board.permanents):
        pid = permanent.id
        if permanent.controller != player:
            continue
        abilities = view.mana_abilities(pid)
        for number, ability in enumerate(abilities):
            cost = ability.cost
            if cost.untap or cost.mana.has_variable or why_not_activatable(view, pid, ability) is not None:
                continue
            if cost.remove_counter and permanent.counter(cost.remove_counter) < cost.remove_count:
                continue
            victims: list[tuple[str, ...]] = [()]
            if cost.sacrifice is not None:
                wanted = cost.sacrifice
                fitting = [p.id for p in board.permanents if view.matches(wanted, p.id, pid)]
                victims = list(itertools.combinations(fitting, cost.sacrifice_count))
            tapped: list[tuple[str, ...]] = [()]
            if cost.tap_others is not None:
                tappable = cost.tap_others
                fitting = [p.id for p in board.permanents if view.matches(tappable, p.id, pid)]
                tapped = list(itertools.combinations(fitting, cost.tap_others_count))
            target = ability_target(view, pid, ability)
            counters = permanent.counter(cost.remove_counter) if cost.remove_counter else 0
            # (a tapper stops repeating an ability that nothing bounds after ACTIVATION_CAP activations)
            limit = activation_bound(ability, counters, life=board.player(player).life)
            bound = ACTIVATION_CAP if limit is None else limit
            line, makes = view.type_line(pid), reflect.get(pid, ManaTypes())
            for sacrificed in victims:
                for outcome in activation_outcomes(view, pid, ability, reflect, sacrificed=sacrificed):
                    if outcome.total <= 0:
                        continue
                    own = cost.sacrifice_self or outcome.sacrifices_source
                    value = sum(0 if view.permanent(g).token else 1 for g in (*sacrificed, *[pid] * own))
                    for others in tapped:
                        yield Option(
                            index=index,
                            pid=pid,
                            ability_index=number,
                            ability=ability,
                            sacrificed=sacrificed,
                            tapped=others,
                            outcome=outcome,
                            bound=bound,
                            target=target,
                            permanent=permanent,
                            type_line=line,
                            could_make=makes,
                            abilities=len(abilities),
                            position=position,
                            sacrifice_value=value,
                        )
                        index += 1


@dataclass(frozen=True, slots=True)
class Need:
    """One mana a symbol asks for: of one of ``types``, or from a snow source, or (neither) generic.

    >>> str(Need(ManaTypes.parse("WU"))), str(Need(snow=True)), Need().generic
    ('WU', 'S', True)
    """

    types: ManaTypes = ManaTypes()
    snow: bool = False

    @property
    def generic(self) -> bool:
        """True when any mana will do."""
        return not self.types and not self.snow

    def __str__(self) -> str:
        return "S" if self.snow else str(self.types) or "generic"


def symbol_needs(symbol: CostSymbol) -> tuple[tuple[Need, ...], int | tuple[Need, ...] | None]:
    """The mana a symbol asks for first, and its fallback: life for Phyrexian, generic for ``{2/W}``.

    >>> needs, fallback = symbol_needs(CostSymbol.parse("2/W"))
    >>> [str(n) for n in needs], [str(n) for n in fallback]
    (['W'], ['generic', 'generic'])
    """
    ways = symbol.ways()
    colored = ManaTypes()
    for way in ways:
        if isinstance(way.slot, ManaType):
            colored |= ManaTypes(way.slot)
    if not colored:  # generic or snow: one way, a need per mana
        (only,) = ways
        return (Need(snow=only.slot is SlotKind.SNOW),) * only.mana, None
    # the typed ways are one need for a mana of any of their types; the other way, if any, is the fallback
    other = next((way for way in ways if not isinstance(way.slot, ManaType)), None)
    if other is None:
        return (Need(colored),), None
    if other.slot is None:
        return (Need(colored),), other.life
    return (Need(colored),), (Need(),) * other.mana


@dataclass(frozen=True, slots=True)
class Policy:
    """A baseline's choices: symbol order, source order (both smaller first), and what it looks at.

    ``symbol_order`` ranks a symbol of the cost; ``source_order`` ranks an option for paying ``cost``.
    Ties keep the cost's printed order and the board's order.
    """

    symbol_order: Callable[[BoardFacts, CostSymbol], float]
    source_order: Callable[[Option, ManaCost], tuple[float, ...]]
    mana_costs: bool = True
    restricted: bool = True


@per_card(maxsize=4096)
def _can_spend(rules: SpendRules, made: int, wanted: int) -> bool:
    """True when mana of a type in the mask ``made`` may pay a symbol asking for a type in ``wanted``, under
    rules already resolved for the payment (:meth:`SpendRules.at`)."""
    return any(t in rules.spend_as[TYPE_ORDER.index(m)] for m in ManaTypes(made) for t in ManaTypes(wanted))


_Saved = tuple[list[ManaUnit], int, int, set[int], set[str], set[str], dict[str, int]]


@dataclass(slots=True)
class _Payer:
    """The greedy payer's state while it builds one plan."""

    facts: BoardFacts
    target: PaymentTarget
    policy: Policy
    options: list[Option]
    siblings: dict[int, list[Option]]
    pool: list[ManaUnit]
    life: int
    steps: list[Step] = field(default_factory=list)
    used: set[int] = field(default_factory=set)
    tapped: set[str] = field(default_factory=set)
    gone: set[str] = field(default_factory=set)
    pending: list[Need] = field(default_factory=list)
    activations: dict[str, int] = field(default_factory=dict)

    def snapshot(self) -> _Saved:
        return (
            list(self.pool),
            self.life,
            len(self.steps),
            set(self.used),
            set(self.tapped),
            set(self.gone),
            dict(self.activations),
        )

    def restore(self, saved: _Saved) -> None:
        self.pool, self.life, steps, self.used, self.tapped, self.gone, self.activations = saved
        del self.steps[steps:]

    # ---- what fits

    def fits(self, unit: ManaUnit, need: Need, consumer: PaymentTarget) -> bool:
        if not unit.allowed_for(consumer):
            return False
        if need.snow:
            return unit.tag.snow
        if need.generic:
            return unit.pays_generic  # (not Jegantha's mana: CR 106.6)
        return _can_spend(self.facts.rules.at(consumer), int(unit.type), need.types.mask)

    def packet_fits(self, packet: Packet, need: Need, consumer: PaymentTarget) -> bool:
        if packet.total <= 0:
            return False
        restricted = packet.tag.restriction is not None
        if restricted and not (self.policy.restricted and packet.tag.allows(consumer)):
            return False
        if need.snow:
            return packet.tag.snow
        if need.generic:
            return pays_generic(packet.tag)
        return _can_spend(self.facts.rules.at(consumer), packet.types.mask, need.types.mask)

    def available(self, option: Option, exclude: frozenset[str], depth: int) -> bool:
        cost = option.ability.cost
        if option.index in self.used or option.pid in self.gone or option.pid in exclude:
            return False
        if self.activations.get(option.pid, 0) >= ACTIVATION_CAP:
            return False
        if cost.tap and option.pid in self.tapped:
            return False
        if any(pid in self.gone or pid in exclude for pid in option.sacrificed):
            return False
        if any(pid in self.gone or pid in self.tapped or pid in exclude for pid in option.tapped):
            return False
        if cost.life and cost.life > self.life:
            return False
        return not option.costs_mana or (self.policy.mana_costs and depth < FUNDING_DEPTH)

    # ---- getting one mana

    def take(self, need: Need, consumer: PaymentTarget) -> ManaUnit | None:
        """A fitting unit from the pool (colorless first for generic needs), removed from it."""
        fitting = [unit for unit in self.pool if self.fits(unit, need, consumer)]
        if not fitting:
            return None
        if need.generic:
            wanted = [n for n in self.pending if not n.generic]
            fitting.sort(
                key=lambda u: (u.type is not ManaType.C, any(self.fits(u, n, consumer) for n in wanted))
            )
        unit = fitting[0]
        self.pool.remove(unit)
        return unit

    def obtain(
        self, need: Need, consumer: PaymentTarget, exclude: frozenset[str], depth: int
    ) -> ManaUnit | None:
        """One mana fitting ``need`` for ``consumer``: from the pool, else by activating a source.

        Sources are tried in the policy's order; of the options of one permanent that the policy ranks
        alike (a filter land's {W}{W}, {W}{U} or {U}{U}), the one whose mana covers the most of what is
        still to pay is taken.
        """
        unit = self.take(need, consumer)
        if unit is not None:
            return unit
        tried: set[str] = set()
        for first in self.options:
            if first.pid in tried or not self.fitting(first, need, consumer, exclude, depth):
                continue
            tried.add(first.pid)
            best: tuple[Option, _Choice] | None = None
            for option in self.siblings[first.index]:
                if option is not first and not self.fitting(option, need, consumer, exclude, depth):
                    continue
                choice = self.choose(option, need, consumer)
                if choice is not None and (best is None or choice.score > best[1].score):
                    best = (option, choice)
            if best is None:
                continue
            saved = self.snapshot()
            if self.activate(*best, exclude, depth):
                unit = self.take(need, consumer)
                if unit is not None:
                    return unit
            self.restore(saved)
        return None

    def fitting(
        self, option: Option, need: Need, consumer: PaymentTarget, exclude: frozenset[str], depth: int
    ) -> bool:
        """True when the option can be activated now and can make a mana fitting ``need``."""
        if not self.available(option, exclude, depth):
            return False
        return any(self.packet_fits(packet, need, consumer) for packet in option.outcome.packets)

    def activate(self, option: Option, choice: _Choice, exclude: frozenset[str], depth: int) -> bool:
        """Activate one option with the chosen result: pay its mana cost, then add its mana."""
        ability = option.ability
        paid: list[ManaUnit] = []
        for symbol in ability.cost.mana.symbols:
            needs, _ = symbol_needs(symbol)
            for cost_need in needs:
                unit = self.obtain(cost_need, option.target, exclude | {option.pid}, depth + 1)
                if unit is None:
                    return False
                paid.append(unit)
        step = Step(
            permanent=option.pid,
            ability=option.ability_index,
            produced=choice.produced,
            order=option.outcome.replacements,
            sacrificed=option.sacrificed,
            tapped=option.tapped,
            paid_with=tuple(paid),
        )
        self.steps.append(step)
        self.used.add(option.index)
        self.activations[option.pid] = self.activations.get(option.pid, 0) + 1
        if ability.cost.tap:
            self.tapped.add(option.pid)
        self.tapped.update(option.tapped)
        self.gone.update(option.gone)
        self.life -= option.hurts
        self.pool += choice.units
        return True

    def choose(self, option: Option, need: Need, consumer: PaymentTarget) -> _Choice | None:
        """The concrete result to take: one with a unit for ``need`` that covers the most of what is still
        to pay (each unit matched to one pending need, colored needs first)."""
        best: _Choice | None = None
        pending = sorted(self.pending, key=lambda n: n.generic)
        for concrete in option.outcome.concrete():
            units = [ManaUnit(t, tag) for bag, tag in concrete for t in bag.units()]
            first = next((u for u in units if self.fits(u, need, consumer)), None)
            if first is None:
                continue
            free = list(units)
            free.remove(first)
            score = 1
            for other in pending:
                match = next((u for u in free if self.fits(u, other, self.target)), None)
                if match is not None:
                    free.remove(match)
                    score += 1
            if best is None or score > best.score:
                best = _Choice(score, _grouped(concrete), units)
        return best


@dataclass(frozen=True, slots=True)
class _Choice:
    """A concrete result of an activation: how much still-to-pay it covers, what it adds, by source."""

    score: int
    produced: tuple[tuple[str, ManaBag], ...]
    units: list[ManaUnit]


def _grouped(concrete: tuple[tuple[ManaBag, ManaTag], ...]) -> tuple[tuple[str, ManaBag], ...]:
    """What one activation put into the pool, by source, as a :class:`Step` states it."""
    by_source: dict[str, ManaBag] = {}
    for bag, tag in concrete:
        by_source[tag.source] = by_source.get(tag.source, ManaBag()) + bag
    return tuple(sorted((source, bag) for source, bag in by_source.items() if bag))


def greedy_pay(board: Board, target: PaymentTarget, policy: Policy) -> Plan | None:
    """Pay ``target`` for the board's active player the greedy way ``policy`` says, or None when stuck.

    >>> from planner.bench.corpus import scenario
    >>> case = scenario("dual-for-generic")
    >>> printed_order = Policy(lambda facts, symbol: 0, lambda option, cost: (option.position,))
    >>> greedy_pay(case.board, case.target, printed_order) is None  # Tundra went to the {1}
    True
    """
    facts = board_facts(board, board.active_player)
    if target.cost.has_variable:
        return None
    ranks = {o.index: (*policy.source_order(o, target.cost), o.position) for o in facts.options}
    options = sorted(facts.options, key=lambda o: ranks[o.index])
    siblings = {  # the options of the same permanent that the policy ranks alike, in order
        o.index: [s for s in options if s.pid == o.pid and ranks[s.index] == ranks[o.index]] for o in options
    }
    payer = _Payer(facts, target, policy, options, siblings, list(facts.pool), facts.life)
    symbols = sorted(target.cost.symbols, key=lambda s: policy.symbol_order(facts, s))
    plan_needs = [symbol_needs(symbol) for symbol in symbols]
    payer.pending = [need for needs, _ in plan_needs for need in needs]
    spent: list[ManaUnit] = []
    life = 0
    for needs, fallback in plan_needs:
        got: list[ManaUnit] = []
        for need in needs:
            payer.pending.remove(need)
            unit = payer.obtain(need, target, frozenset(), 0)
            if unit is None:
                break
            got.append(unit)
        if len(got) == len(needs):
            spent += got
            continue
        payer.pool += got
        if isinstance(fallback, int) and payer.life - life >= fallback:
            life += fallback
            continue
        if not isinstance(fallback, tuple):
            return None
        for need in fallback:
            unit = payer.obtain(need, target, frozenset(), 0)
            if unit is None:
                return None
            spent.append(unit)
    return Plan(tuple(payer.steps), tuple(spent), life)
