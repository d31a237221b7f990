"""Exact fast path for common boards: the best payment by a greedy or a small dynamic programme, not CP-SAT.

**The fragment** (:func:`fragment_reason` decides it, and says why a board is outside):

- no permanent on the board, whoever controls it, has an effect on a payment that one activation's outcome
  can't stand for: no 'spend as though' (but one for some spells only, Vizier of the Menagerie's 'to cast
  creature spells', when the target is not one of them: no activation cost is such a spell), no 'becomes
  tapped' damage (cost changes and effects on unspent
  mana, which a single payment never reads, are fine; type changes, granted abilities, replacement effects
  and triggered mana, Mana Reflection, Wild Growth, Blood Moon, Chromatic Lantern, are read from the board's
  outcome of each activation), and nothing that can be sacrificed for mana is the source of such an effect
  or reflected by a source (sacrificing it would change what later activations make);
- every ability the paying player could activate now adds a fixed bag or one of a few fixed bags of mana:
  one mana of a type from a fixed set (a basic land, a dual, Birds of Paradise, Command Tower), fixed
  multi-mana (Sol Ring's {C}{C}, a bounce land's {W}{U}, Gilded Lotus's three of one color), with damage
  dealt as part of it (a painland, Ancient Tomb), or one mana of any type some permanents could produce
  (Fellwar Stone, Exotic Orchard, Reflecting Pool: resolved on the board by CR 106.7);
- its cost is {T}, or {T} and/or sacrificing the permanent itself, plus fixed mana that makes no more than
  it gives back (a Signet's {1}, a filter land's {W/U}, Treasure, Lotus Petal, Eldrazi Scion); no life,
  counters, other permanents, activation condition or untap symbol; a permanent with a sacrifice ability
  without {T} has no other ability it could use now;
- a spending restriction on that mana, or on floating pool mana, lets it pay for the target (a restriction
  that forbids it matters, so the board goes to CP-SAT), and with an ability that costs mana on the board no
  mana is restricted at all; pool mana does not persist between steps;
- the cost has no {S} (and X only with its value given); no cost is to be kept payable or cards in hand kept
  castable.

Everything else goes to the CP-SAT model (:func:`planner.solve.cpsat.solve_payment`), always.

Without effects on the board, what a permanent offers comes from its card alone (:class:`SourceKind`, cached
per card); with them, or for a reflecting source, from the board (:func:`_on_board`), where identical
permanents share one kind so that they stay interchangeable.

**Why this is exact.** Each source is used at most once and puts a known bag of typed mana into the pool.
Colored and {C} slots take only their own type and generic slots take anything, so chosen bags pay a payment
mode (CR 601.2b: each hybrid and Phyrexian symbol paid one way) exactly when every demanded type and the total
are covered (Hall's condition for this bipartite graph). Pool mana pays its own type's slots first, then
generic (swapping it with a source's mana of its type that pays generic changes nothing). Per mode, the
objective (:func:`planner.solve.objective.objective_of`) is then: damage plus life, sacrifices, mana made net
of
what abilities take, colors lost, and a sum of per-permanent weights (the most mana each makes, creature,
flexibility, rank of its id). Two solvers minimise all but 'colors lost' exactly: when every source only
taps and a payment without damage exists (the common case), a greedy over the transversal matroid of the
one-mana sources, with every choice for the few sources that make more (:class:`_Greedy`); else a dynamic
programme over the demand still open (:class:`_Programme`), bounded by the greedy's payment when there is one.
'Colors lost' is handled by branching on the colors a solution loses (:class:`_Search` has the proof); with
an ability that costs mana on the board, a color is kept by a set of groups (a Signet's and that of a land
that pays its {1}: :func:`_with_keepers`).

Abilities that cost mana (specials) enter the programme as totals: what they take is added to the demand.
That is a relaxation, since it does not ask whether some order pays each cost with mana made before it; so
the best relaxed payment is optimal whenever such an order exists, and :func:`_plan` looks for one. When it
finds none, or past fixed limits on the branching and the programme's states, the fast path declines and
CP-SAT answers. The tests compare answers with CP-SAT and the reference search on thousands of random boards.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

from models.abilities import (
    AbilityCost,
    CostModifier,
    GrantAbility,
    ManaAbility,
    ManaOutput,
    ManaTrigger,
    OutputKind,
    PaletteKind,
    ProductionReplacement,
    SpendAsThough,
    SpendRestriction,
    StaticEffect,
    TypeChange,
    UnspentManaEffect,
)
from models.board import Choices, Permanent
from models.cost import PaymentKind, Slot, SlotKind, SymbolKind
from models.hashing import cached_hash, state_without_hash
from models.limits import MAX_GENERIC
from models.mana import TYPE_ORDER, ManaBag, ManaType, ManaTypes
from models.oracle import reads_imprinted_colors
from models.types import TypeLine
from planner.rules.amounts import may_lack_board_facts
from planner.rules.could_produce import ability_could_produce, could_produce_all, reflects
from planner.rules.payment import Mode, cost_modes
from planner.rules.pool import ManaUnit
from planner.rules.production import (
    ManaTag,
    activation_outcomes,
    anonymous_tag,
    outcomes_signature,
    reached,
    triggers_on,
    within_reach,
)
from planner.rules.replay import Plan, Step
from planner.rules.view import (
    BoardView,
    ViewTable,
    card_view,
    counters_removed_any,
    unexecuted_part,
    unknown_imprint,
)
from planner.solve.objective import (
    OBJECTIVE_LEVELS,
    TOUCHED_LEVELS,
    CostedAbility,
    KeepUnit,
    PermanentFacts,
    color_keepers,
    colors_open,
    mode_counts,
    packed_unit,
    packed_weight,
    sacrificed_by_design,
    touched_values,
)
from planner.solve.problem import PaymentProblem, TimeUp
from planner.solve.solution import Solution, SolveStatus

__all__ = [
    "SourceKind",
    "commander_identities",
    "fragment_reason",
    "in_fast_fragment",
    "solve_fast",
    "solve_fast_max_x",
    "source_kind",
]

#: Effects a single payment never reads: cost changes (the cost given is the total) and unspent mana.
_HARMLESS_EFFECTS = (CostModifier, UnspentManaEffect)
#: Effects the board view resolves for each activation on its own (what a permanent is and what its
#: abilities make), so that the fast path can work from the board's outcomes instead of the card's.
_RESOLVED_EFFECTS = (ProductionReplacement, ManaTrigger, TypeChange, GrantAbility)
#: Palettes whose types the board does not change.
_FIXED_PALETTES = (
    PaletteKind.TYPES,
    PaletteKind.COMMANDER,
    PaletteKind.CHOSEN_COLOR,
    PaletteKind.IMPRINTED_COLORS,
)
#: The most concrete results one simple ability may have ('three mana in any combination of colors': 35).
_MAX_ALTERNATIVES = 35
#: Limits past which the fast path declines (CP-SAT answers): payment modes times witness sets, DP states,
#: and choices for the sources that make several mana.
_MAX_SUBPROBLEMS = 64
_MAX_STATES = 4096
#: The most transitions (state times option) the dynamic programme tries in one fast-path call, a bound on its
#: time (about a tenth of a second); past it CP-SAT answers (a cost of {114} on 160 permanents).
_MAX_MOVES = 150_000
_MAX_CHOICES = 256
#: The most demands a usage keeps its useful options for (:meth:`_Usage.useful`), and a board's layout its
#: dynamic programme's and greedy's tables for (:attr:`_Layout.programmes`, :attr:`_Layout.greedy`).
_USEFUL_LIMIT = 64
_PROGRAMMES_LIMIT = 64
#: The id the per-card analysis gives its permanent (replaced by the real id on a board).
_PLACEHOLDER = "~"

Counts = tuple[int, int, int, int, int, int]
#: An option with what it covers of each demanded type (:func:`_useful`).
_Useful = tuple[tuple[int, ...], "_Option"]
#: A use of a source in the dynamic programme: its key (what it does to a state), its cost, and the option.
_Move = tuple[tuple[object, ...], int, "_Option"]


# ------------------------------------------------------------------------------------------ per-card analysis

#: The six types' bits as plain integers (``ManaType`` arithmetic is slow Python code), in ``WUBRGC`` order.
_BITS = tuple(int(t) for t in TYPE_ORDER)
_COLOR_MASK = 0b11111  # W, U, B, R, G in a type mask (colorless is not a color)


@dataclass(frozen=True, slots=True)
class _Option:
    """One way to use a source: which ability, the mana it makes (six counts), the damage it deals, and for
    an ability with more than {T} in its cost, what that takes: typed mana (``pays``, its hybrid symbols
    paid one way), generic mana, the permanent itself (``sacrifice``). ``net`` is the mana made less the
    mana paid (never negative in the fragment)."""

    ability: int
    counts: Counts
    total: int
    damage: int
    bag: ManaBag
    pays: Counts = (0, 0, 0, 0, 0, 0)
    generic: int = 0
    sacrifice: bool = False
    net: int = 0
    parts: tuple[tuple[ManaBag, ManaTag], ...] = ()  # the mana by tag; source "" is the permanent itself
    order: tuple[str, ...] = ()  # the replacement effects' sources in the order they applied ("": itself)
    #: True when using it takes more than a tap: mana, or the permanent (read on every question: kept)
    special: bool = field(default=False, init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "special", self.sacrifice or self.generic > 0 or any(self.pays))


@dataclass(frozen=True, slots=True)
class _Ability:
    """One mana ability as the fast path sees it."""

    text: str
    tap: bool
    untap: bool
    simple_cost: bool  # exactly {T}, nothing else to pay or check
    options: tuple[_Option, ...] | None  # every concrete result, or None when the output is not fixed
    uses: tuple[_Option, ...] | None  # the options with each way to pay the cost, or None when outside
    restriction: SpendRestriction | None
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __hash__(self) -> int:  # (kinds alike are found by their abilities: see _board_sources)
        return cached_hash(self)

    def __getstate__(self) -> list[object]:
        return state_without_hash(self)


@dataclass(frozen=True, slots=True, eq=False)
class _Usage:
    """What a permanent of a kind offers in one state (tapped or not, summoning sick or not).

    ``blocked`` is the text of an ability that could be activated now but is outside the fragment; ``usable``
    says whether any ability can be activated now; ``free`` is the mask of types it makes without damage.
    Compared by identity: permanents sharing a usage are interchangeable.
    """

    blocked: str | None
    usable: bool
    options: tuple[_Option, ...]
    most: int
    free: int
    restrictions: tuple[SpendRestriction, ...]
    maxima: tuple[int, ...] = ()
    special: bool = False  # some option takes more than a tap (mana, or the permanent)
    gain: int = 0  # the most mana one use adds net of the mana it takes
    painful: bool = False  # the objective's 'painful': it makes colors, none without damage
    _useful_memo: dict[tuple[tuple[int, ...], tuple[int, ...]], tuple[_Useful, ...]] = field(
        default_factory=dict, repr=False
    )
    _moves_memo: dict[tuple[object, ...], list[_Move]] = field(default_factory=dict, repr=False)

    def moves(self, types: Sequence[int], cap: Sequence[int], damage: int, mana: int) -> list[_Move]:
        """Its options as the dynamic programme's moves when every option only taps (see
        :meth:`_Programme._tables`): what each covers of the demanded ``types`` (capped by ``cap``) and
        makes in all, priced at ``damage`` per damage and ``mana`` per mana made; kept per question like
        :meth:`useful` (boards of one card share them). The list is never changed by the callers."""
        key = (tuple(types), tuple(cap), damage, mana)
        memo = self._moves_memo
        found = memo.get(key)
        if found is None:
            if len(memo) >= _USEFUL_LIMIT:
                memo.clear()
            found = memo[key] = [
                ((cover, option.total), option.damage * damage + option.total * mana, option)
                for cover, option in self.useful(types, cap)
            ]
        return found

    def useful(self, types: Sequence[int], demand: Sequence[int]) -> tuple[_Useful, ...]:
        """:func:`_useful` of its options for the demanded ``types`` (``demand``: per type, what is open),
        kept per demand (a few dozen at most: past that they are forgotten); a demand past the most of a
        type one activation makes reads as that most (the covers are the same)."""
        maxima = self.maxima
        key = (
            tuple(types),
            tuple(min(demand[t], maxima[t]) for t in types) if maxima else tuple(demand[t] for t in types),
        )
        memo = self._useful_memo
        found = memo.get(key)
        if found is None:
            if len(memo) >= _USEFUL_LIMIT:
                memo.clear()
            found = memo[key] = tuple(_useful(self.options, types, demand))
        return found

    def units(self) -> tuple[int, ...] | None:
        """The type masks of the one-mana units an activation makes, for feasibility, or None if not simple.

        When every option is one mana of a type from a set, one mask (Tundra: W|U); when there is one fixed
        bag, one mask per mana (Sol Ring: C, C; a bounce land: W, U), since making all of a bag is as good
        as choosing from it for deciding whether a cost can be paid. Damage is not part of it.
        """
        bags = {o.counts for o in self.options}
        if self.blocked is not None or self.restrictions or self.special or not bags:
            return None
        if all(sum(bag) == 1 for bag in bags):
            return (sum(_mask_of(bag) for bag in bags),)
        if len(bags) == 1:
            (bag,) = bags
            return tuple(_BITS[t] for t in range(6) for _ in range(bag[t]))
        return None


@dataclass(kw_only=True, frozen=True, slots=True)
class SourceKind:
    """What the fast path knows about a permanent from its card alone (valid when no effect is on the board).

    ``blocking`` names an effect of the permanent that puts every board holding it outside the fragment;
    ``reflect`` is what it could produce (CR 106.7) as a type mask, or None when an output is not fixed.
    """

    blocking: str | None
    abilities: tuple[_Ability, ...]
    reflect: int | None
    creature: bool
    haste: bool
    # sacrificed by design (Treasure): see planner.solve.objective.sacrificed_by_design
    designed: bool = False
    on_board: bool = False  # some output reflects other permanents: see :func:`_on_board`
    unresolved: str | None = None  # an effect the board's outcomes can't stand for (City of Brass's damage)
    #: 'spend as though' effects for some spells only: the board is outside the fragment when one covers the
    #: target (see :func:`_for_spells_only`)
    spending: tuple[SpendAsThough, ...] = ()
    #: an ability set aside because the board does not say what it reads (Chrome Mox without the colors of
    #: the card it exiled): the payment reports it, the batch format can't count it
    uncounted: str | None = None
    #: the kinds of counter its abilities remove a number of, chosen as the cost is paid (storage lands:
    #: :func:`~planner.rules.view.counters_removed_any`): a permanent with such counters is outside the
    #: fragment (CP-SAT chooses how many), one without them has no such ability to activate
    removes_counters: tuple[str, ...] = ()
    _usages: dict[tuple[bool, bool], _Usage] = field(default_factory=dict, compare=False, repr=False)
    #: :meth:`colors_made`, once worked out
    _colors: list[tuple[int, ...] | None] = field(default_factory=list, compare=False, repr=False)

    def colors_made(self) -> tuple[int, ...] | None:
        """The colors (a mask) each of its analysed abilities' options make, or None when some ability's
        output is not fixed (worked out once per kind: kinds are kept across boards)."""
        if not self._colors:
            fixed = all(a.options is not None for a in self.abilities)
            self._colors.append(tuple(_ability_made(a) for a in self.abilities) if fixed else None)
        return self._colors[0]

    def usage(self, tapped: bool, sick: bool) -> _Usage:
        """What it offers when tapped or not and summoning sick or not (``sick`` counts only for creatures
        without haste, CR 302.6)."""
        key = (tapped, sick and self.creature and not self.haste)
        found = self._usages.get(key)
        if found is None:
            found = self._usages[key] = self._usage(*key)
        return found

    def _usage(self, tapped: bool, sick: bool) -> _Usage:
        options: list[_Option] = []
        restrictions: list[SpendRestriction] = []
        usable: list[_Ability] = []
        for ability in self.abilities:
            if (
                (ability.tap and tapped)
                or (ability.untap and not tapped)
                or ((ability.tap or ability.untap) and sick)
            ):
                continue  # can't be activated now (CR 107.5, 107.6, 302.6)
            if ability.uses is None:
                return _Usage(ability.text, True, (), 0, 0, ())
            usable.append(ability)
            options += ability.uses
            if ability.restriction is not None:
                restrictions.append(ability.restriction)
        untapping = next((a for a in usable if not a.tap), None)
        if untapping is not None and len(usable) > 1:
            # a sacrifice without {T} beside another ability: the permanent could be used twice
            return _Usage(untapping.text, True, (), 0, 0, ())
        if usable and self.reflect is None:
            # what it could produce (CR 106.7) depends on another ability, whose mana is not fixed
            unknown = next(a for a in self.abilities if a.options is None)
            return _Usage(unknown.text, True, (), 0, 0, ())
        free = 0
        for option in options:
            if not option.damage:
                free |= _mask_of(option.counts)
        most = max((o.total for o in options), default=0)
        maxima = tuple(max((o.counts[t] for o in options), default=0) for t in range(6))
        special = any(o.special for o in options)
        gain = max((o.net for o in options), default=0)
        made = _made_mask(options)
        painful = bool(made & _COLOR_MASK) and not free & _COLOR_MASK
        return _Usage(
            None,
            bool(usable),
            tuple(options),
            most,
            free,
            tuple(restrictions),
            maxima,
            special,
            gain,
            painful,
        )

    def units(self) -> tuple[int, ...] | None:
        """The type masks of the one-mana units it offers untapped (see :meth:`_Usage.units`), or None when
        it is not that simple (an effect, a cost beyond {T}, a restriction, several multi-mana choices)."""
        if self.blocking is not None:
            return None
        return self.usage(False, False).units()


def _mask_of(counts: Counts) -> int:
    return sum(bit for bit, count in zip(_BITS, counts, strict=True) if count)


def _made_mask(options: Iterable[_Option]) -> int:
    """The mask of every type some of the options makes."""
    mask = 0
    for option in options:
        mask |= _mask_of(option.counts)
    return mask


def _fixed_output(output: ManaOutput, choices: Choices) -> bool:
    """True when the output's mana does not depend on the board (beyond its own choices, once known)."""
    if not output.amount.is_constant or output.amount.constant < 1:
        return False
    if output.kind in (OutputKind.FIXED, OutputKind.CHOICE):
        return True
    if output.kind not in (OutputKind.ANY_ONE, OutputKind.COMBINATION):
        return False
    palette = output.palette.kind
    if palette is PaletteKind.CHOSEN_COLOR:
        return choices.color is not None
    if palette is PaletteKind.IMPRINTED_COLORS:
        return choices.imprinted_colors is not None
    return palette in _FIXED_PALETTES


@lru_cache(maxsize=4096)
def _kind(
    name: str,
    oracle: str,
    type_line: TypeLine,
    haste: bool,
    choices: Choices,
    commander: ManaTypes | None,
) -> SourceKind:
    """The analysis of one card on a board of its own (what it is on any board without effects)."""
    permanent = Permanent(
        id=_PLACEHOLDER,
        controller="me",
        card=None,
        name=name,
        type_line=type_line,
        oracle=oracle,
        haste=haste,
        choices=choices,
    )
    view = card_view(permanent, commander)
    effects = view.parsed[_PLACEHOLDER].effects
    spending = tuple(e for e in effects if isinstance(e, SpendAsThough) and _for_spells_only(e))
    effects = tuple(e for e in effects if e not in spending)
    blocking = next((f"{name} has {e.text!r}" for e in effects if not isinstance(e, _HARMLESS_EFFECTS)), None)
    unresolved = next(
        (
            f"{name} has {e.text!r}"
            for e in effects
            if not isinstance(e, _HARMLESS_EFFECTS) and not isinstance(e, _RESOLVED_EFFECTS)
        ),
        None,
    ) or next(
        (
            f"{name}'s {a.text!r} can be activated only once each turn: the CP-SAT model counts its uses"
            for a in view.mana_abilities(_PLACEHOLDER)
            if a.once_each_turn and not a.cost.tap
        ),
        None,
    )
    abilities, reflect, on_board = _analysed(view, _PLACEHOLDER, choices, None)
    # an ability whose amount reads what no board of the card alone gives (a power, a graveyard) is set
    # aside there; on a real board it is no fixed output either: kept, unanalysed, so that a board where it
    # can be activated goes to CP-SAT
    kept = view.mana_abilities(_PLACEHOLDER)
    counting = tuple(
        _Ability(a.text, a.cost.tap, a.cost.untap, False, None, None, a.restriction)
        for a in view.parsed[_PLACEHOLDER].mana_abilities
        if may_lack_board_facts(a) and a not in kept and unexecuted_part(a) is None
    )
    if counting:
        abilities, reflect = (*abilities, *counting), None
    why = unknown_imprint(choices)
    uncounted = next(
        (
            f"{name}'s {a.text!r} is not counted ({why})"
            for a in view.parsed[_PLACEHOLDER].mana_abilities
            if why is not None and reads_imprinted_colors(a)
        ),
        None,
    )
    haste = view.characteristics(_PLACEHOLDER).haste
    designed = sacrificed_by_design(view, _PLACEHOLDER)
    removes = tuple(
        dict.fromkeys(
            counter for a in view.parsed[_PLACEHOLDER].mana_abilities if (counter := counters_removed_any(a))
        )
    )
    return SourceKind(
        blocking=blocking,
        abilities=abilities,
        reflect=reflect,
        creature=type_line.is_a("Creature"),
        haste=haste,
        designed=designed,
        on_board=on_board,
        unresolved=unresolved,
        spending=spending,
        uncounted=uncounted,
        removes_counters=removes,
    )


def _for_spells_only(effect: StaticEffect) -> bool:
    """True for a 'spend as though' effect limited to some spells ('to cast creature spells'): it changes
    nothing in a payment for anything else, an activation's cost included (the target says which).

    >>> from models.oracle import parse_oracle
    >>> [_for_spells_only(e) for e in parse_oracle(
    ...     "You can spend mana as though it were mana of any type to cast creature spells.").effects]
    [True]
    """
    if not isinstance(effect, SpendAsThough) or effect.when_paying is None:
        return False
    return all(use.kind is PaymentKind.SPELL and not use.chosen_type for use in effect.when_paying.uses)


def _analysed(
    view: BoardView, pid: str, choices: Choices, reflect: dict[str, ManaTypes] | None
) -> tuple[tuple[_Ability, ...], int | None, bool]:
    """A permanent's mana abilities as the fast path sees them, what it could produce (a mask, None when
    an output is not fixed), and whether an output reflects other permanents (Fellwar Stone, Exotic
    Orchard). ``reflect``, what each permanent on the real board could produce (CR 106.7), resolves those;
    without it (a card on a board of its own) they stay unknown."""
    abilities: list[_Ability] = []
    mask: int | None = 0
    on_board = False
    for number, ability in enumerate(view.mana_abilities(pid)):
        fixed = _fixed_output(ability.output, choices)
        reflecting = not fixed and _reflecting(ability.output)
        on_board = on_board or reflecting
        # a fixed or reflecting output's analysis reads only what its outcomes read: kept by their signature
        # (one analysis for '{T}: Add {G}.' on a Forest, a Taiga and Llanowar Elves, on this board or
        # another; a reflecting palette's by the types it resolves to)
        signature = outcomes_signature(view, pid, ability, reflect) if fixed or reflecting else None
        key = None if signature is None else (signature, number)
        analysed = None if key is None else _ABILITIES.get(key)
        if analysed is None:
            analysed = _ability_analysed(view, pid, number, ability, fixed, reflecting, reflect)
            if key is not None:
                if len(_ABILITIES) >= _KNOWN_LIMIT:
                    _ABILITIES.clear()
                _ABILITIES[key] = analysed
        mask = None if analysed.options is None or mask is None else mask | _made_mask(analysed.options)
        abilities.append(analysed)
    return tuple(abilities), mask, on_board


def _ability_analysed(
    view: BoardView,
    pid: str,
    number: int,
    ability: ManaAbility,
    fixed: bool,
    reflecting: bool,
    reflect: dict[str, ManaTypes] | None,
) -> _Ability:
    """One of a permanent's mana abilities (its ``number``-th) as the fast path sees it (see
    :func:`_analysed`)."""
    cost = ability.cost
    simple_cost = (
        cost == AbilityCost(tap=True)
        and ability.activation_condition is None
        and not ability.sacrifice_when_empty
    )
    options: tuple[_Option, ...] | None = None
    if not ability.conditional and (fixed or (reflecting and reflect is not None)):
        options = _options(view, pid, number, ability, reflect or {})
    uses = options if simple_cost else _uses(ability, options)
    return _Ability(ability.text, cost.tap, cost.untap, simple_cost, options, uses, ability.restriction)


#: The abilities :func:`_analysed` worked out, by their outcomes' signature and their place in their
#: permanent's list (see :func:`planner.rules.production.outcomes_signature`).
_ABILITIES: dict[tuple[object, ...], _Ability] = {}


def _options(
    view: BoardView, pid: str, number: int, ability: ManaAbility, reflect: dict[str, ManaTypes]
) -> tuple[_Option, ...] | None:
    """Every concrete result of activating the ability (replacement effects and triggered mana included),
    one per bag of mana, with the least damage it comes with; None past the fast path's limit, or when some
    of the mana carries a restriction or rider the ability itself does not give."""
    found: dict[Counts, tuple[int, tuple[tuple[ManaBag, ManaTag], ...], tuple[str, ...]]] = {}
    for outcome in activation_outcomes(view, pid, ability, reflect):
        packets = outcome.packets  # (none empty: every choice of each makes mana)
        if not packets:
            continue
        if any(p.tag.riders or p.tag.restriction != ability.restriction for p in packets):
            return None
        damage = outcome.damage + outcome.life_loss
        order = tuple("" if source == pid else source for source in outcome.replacements)
        tags = [anonymous_tag(p.tag, pid) for p in packets]
        for bags in itertools.product(*(p.concrete() for p in packets)):
            counts = bags[0].counts if len(bags) == 1 else sum(bags, ManaBag()).counts
            known = found.get(counts)
            if known is None or damage < known[0]:
                found[counts] = (damage, tuple(zip(bags, tags, strict=True)), order)
    if len(found) > _MAX_ALTERNATIVES:
        return None
    return tuple(
        _Option(
            number, counts, sum(counts), damage, ManaBag(counts), net=sum(counts), parts=parts, order=order
        )
        for counts, (damage, parts, order) in found.items()
    )


def _reflecting(output: ManaOutput) -> bool:
    """True for a fixed amount of 'mana of any type that some permanents could produce' (CR 106.7)."""
    return (
        output.kind in (OutputKind.ANY_ONE, OutputKind.COMBINATION)
        and output.palette.kind is PaletteKind.REFLECT
        and output.amount.is_constant
        and output.amount.constant >= 1
    )


def _on_board(view: BoardView, permanent: Permanent, sets: dict[str, ManaTypes]) -> SourceKind:
    """The kind of a permanent as its board has it: its abilities and their outcomes with the board's
    effects applied, reflecting palettes resolved, and what it could produce (``sets``, CR 106.7)."""
    known = _ON_BOARD_OF_VIEW.get(view, permanent)  # (sets are the view's board's: the callers' work)
    if known is not None:
        return known
    pid = permanent.id
    creature = view.type_line(pid).is_a("Creature")
    haste = view.characteristics(pid).haste
    designed = sacrificed_by_design(view, pid)
    # what the kind reads of the board, when its outcomes read only what their signatures hold: permanents
    # with one signature (every Forest under one Mana Reflection, on this board or another) share a kind
    signatures = tuple(outcomes_signature(view, pid, ability, sets) for ability in view.mana_abilities(pid))
    shared_key = (
        None
        if None in signatures
        else (signatures, permanent.choices, sets[pid].mask, creature, haste, designed)
    )
    kind = None if shared_key is None else _ON_BOARD.get(shared_key)
    if kind is None:
        abilities, _, _ = _analysed(view, pid, permanent.choices, sets)
        kind = SourceKind(
            blocking=None,
            abilities=abilities,
            reflect=sets[pid].mask,
            creature=creature,
            haste=haste,
            designed=designed,
        )
        if shared_key is not None:
            if len(_ON_BOARD) >= _KNOWN_LIMIT:
                _ON_BOARD.clear()
            _ON_BOARD[shared_key] = kind
    _ON_BOARD_OF_VIEW.put(view, permanent, kind)
    return kind


#: The kinds :func:`_on_board` worked out, by everything they read (the permanents' outcome signatures).
_ON_BOARD: dict[tuple[object, ...], SourceKind] = {}


def _changed_by_sacrifice(view: BoardView, player: str, sacrificable: Sequence[str]) -> str | None:
    """Why sacrificing one of these permanents could change what another activation makes: it is the
    source of an effect on mana, or one of the player's reflecting sources reflects it; else None."""
    effects = {
        sourced.source for sourced in view.effects if not isinstance(sourced.effect, _HARMLESS_EFFECTS)
    }
    gone = next((pid for pid in sacrificable if pid in effects), None)
    if gone is not None:
        return f"{gone} can be sacrificed for mana, and it has an effect on mana"
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


def _uses(ability: ManaAbility, options: tuple[_Option, ...] | None) -> tuple[_Option, ...] | None:
    """The options of an ability whose cost is {T} or a sacrifice of its permanent, or both, plus fixed mana
    (a Signet, a filter land, a Treasure), once per way to pay that mana (CR 601.2b for its hybrid symbols);
    None for any other cost, or when an option makes less mana than it takes."""
    cost = ability.cost
    plain = AbilityCost(mana=cost.mana, tap=cost.tap, sacrifice_self=cost.sacrifice_self)
    if (
        options is None
        or cost != plain
        or not (cost.tap or cost.sacrifice_self)
        or cost.mana.has_variable
        or ability.activation_condition is not None
        or ability.sacrifice_when_empty
    ):
        return None
    payments: list[tuple[Counts, int]] = []
    for mode in cost_modes(cost.mana):
        counted = mode_counts(mode)
        if counted is None:
            return None  # {S}: which mana came from snow sources is not tracked here
        if mode.life:
            return None  # Phyrexian mana in an ability's cost: life is not part of the fast path's costs
        payments.append(counted)
    uses = tuple(
        replace(option, pays=pays, generic=generic, sacrifice=cost.sacrifice_self, net=option.total - paid)
        for option in options
        for pays, generic in payments
        for paid in (sum(pays) + generic,)
    )
    if len(uses) > _MAX_ALTERNATIVES or any(use.net < 0 for use in uses):
        return None
    return uses


def source_kind(permanent: Permanent, commander: ManaTypes | None = None) -> SourceKind:
    """The fast path's analysis of a permanent's card, cached per card (``commander``: its controller's
    commander colors, for 'any color in your commander's color identity').

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "t", "card": "Tundra", "controller": "me"},
    ...     {"id": "s", "card": "Sol Ring", "controller": "me"}]})
    >>> [source_kind(p).units() for p in board.permanents]
    [(3,), (32, 32)]
    """
    if commander is not None and not _reads_commander(permanent.oracle):
        commander = None  # the card can't read it: one analysis for every board, whatever its commander
    known = _KNOWN.get(id(permanent))
    if known is not None and known[0] is permanent and known[1] == commander:
        return known[2]
    kind = _kind(
        permanent.name, permanent.oracle, permanent.type_line, permanent.haste, permanent.choices, commander
    )
    counted = next((c for c in kind.removes_counters if permanent.counter(c)), None)
    if permanent.activated_this_turn:
        kind = replace(
            kind,
            unresolved=f"{permanent.name} ({permanent.id}) has activated an ability this turn that can be "
            "activated only once each turn: the CP-SAT model reads it",
            _usages={},
        )
    elif counted is not None:
        kind = replace(
            kind,
            unresolved=f"{permanent.name} ({permanent.id}) can remove any number of its {counted} counters "
            "for mana: the CP-SAT model chooses how many",
            _usages={},
        )
    if len(_KNOWN) >= _KNOWN_LIMIT:
        _KNOWN.clear()
    _KNOWN[id(permanent)] = (permanent, commander, kind)
    return kind


@lru_cache(maxsize=8192)
def _reads_commander(oracle: str) -> bool:
    """True when the text could read its controller's commander (the word is in it)."""
    return "commander" in oracle.lower()


#: Every commander color identity (CR 903.4): the sets of colors, the empty one included.
_IDENTITIES = tuple(ManaTypes(mask) for mask in range(1 << 5))


def commander_identities(permanent: Permanent) -> tuple[ManaTypes | None, ...]:
    """The commander colors its controller could have that its analysis (:func:`source_kind`) tells apart:
    outside Commander only, unless its text could read its controller's commander (Command Tower, Arcane
    Signet), then every color identity too.

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"},
    ...     {"id": "t", "card": "Command Tower", "controller": "me"}]})
    >>> [len(commander_identities(p)) for p in board.permanents]
    [1, 33]
    """
    return (None, *_IDENTITIES) if _reads_commander(permanent.oracle) else (None,)


#: Kinds by permanent object (boards share unchanged permanents): the entry holds the permanent, so its id
#: can't be reused while the entry exists.
_KNOWN: dict[int, tuple[Permanent, ManaTypes | None, SourceKind]] = {}
_KNOWN_LIMIT = 65536


# ------------------------------------------------------------------------------------------ the problem


_NO_TOUCH = (0,) * len(TOUCHED_LEVELS)


@dataclass(slots=True, eq=False)
class _Source:
    """A permanent the player can tap now, with what the objective reads about it; ``group`` is the same for
    interchangeable permanents (same card, same state). Never changed once made (not frozen only because a
    frozen dataclass is slower to make, and one is made per source of every query)."""

    pid: str
    position: int
    rank: int
    kind: SourceKind
    group: int
    options: tuple[_Option, ...]
    most: int
    creature: bool
    reflect: int
    free: int
    weight: int  # the touched levels (planner.solve.objective.TOUCHED_LEVELS) packed in one: packed_weight
    maxima: tuple[int, ...]  # the most of each type one activation makes
    colors: tuple[int, ...]  # the colors it could produce (indices into WUBRG)
    special: bool = False  # some option takes more than a tap (see :attr:`_Option.special`)
    gain: int = 0  # the most mana one use adds net of the mana it takes
    designed: bool = False  # sacrificed by design (Treasure): 'designed_sacrificed', else 'valuable'
    touched: tuple[int, ...] = ()  # its number in each touched level (objective.touched_values)
    usage: _Usage | None = None  # what it offers (its options are the usage's)
    #: per option (by id: the source holds its options), what it makes (see :func:`_making`)
    made: dict[int, tuple[tuple[tuple[str, ManaBag], ...], tuple[tuple[int, ManaUnit, int], ...]]] = field(
        default_factory=dict
    )
    #: per option that only taps (by id), its step in a plan and the units it makes (see :func:`_tap_step`)
    steps: dict[int, tuple[Step, tuple[tuple[int, ManaUnit, int], ...]]] = field(default_factory=dict)


#: The greedy's tables (:meth:`_Greedy._tables`): the one-mana sources with their profiles, the profiles
#: alone, the choices of the sources that make more, and per one-mana source used so far (by permanent id)
#: its option for each type
_GreedyTables = tuple[
    list[tuple[_Source, int]],
    tuple[int, ...],
    list[tuple[int, list[_Option]]],
    dict[str, tuple[_Option, ...]],
]


@dataclass(slots=True)
class _Reduced:
    """A board inside the fragment, reduced to what the payment needs (built for every question, so not
    frozen: a frozen dataclass's fields cost a call each; nothing changes it)."""

    sources: tuple[_Source, ...]
    pool: tuple[ManaUnit, ...]
    modes: tuple[Mode, ...]
    life: int
    permanents: int
    deadline: float = math.inf  # when the question's time limit runs out (time.monotonic)
    layout: _Layout | None = None  # the sources' layout, when it was worked out with them

    def check_time(self) -> None:
        """Raise TimeUp once the time limit has run out (the programme's long loops call it)."""
        if time.monotonic() > self.deadline:
            raise TimeUp


@dataclass(frozen=True, slots=True)
class _Outside:
    """Why a payment is outside the fast path's fragment, in a sentence."""

    reason: str


def _source(
    position: int, permanent: Permanent, kind: SourceKind, usage: _Usage, rank: int, n: int, untaps: bool
) -> _Source:
    """The source for a permanent the player can use now (``n``: the permanents on the board; ``untaps``:
    whether it untaps normally, :meth:`BoardView.untaps_normally`)."""
    reflect = kind.reflect or 0
    weight, touched = _unranked(usage.most, kind.creature, reflect.bit_count(), usage.painful, untaps, n)
    return _Source(
        permanent.id,
        position,
        rank,
        kind,
        id(usage),
        usage.options,
        usage.most,
        kind.creature,
        reflect,
        usage.free,
        weight + rank,
        usage.maxima,
        _COLORS_OF[reflect & _COLOR_MASK],
        usage.special,
        usage.gain,
        kind.designed,
        (*touched, rank),
        usage,
    )


@lru_cache(maxsize=4096)
def _unranked(
    most: int, creature: bool, flexibility: int, painful: bool, untaps: bool, n: int
) -> tuple[int, tuple[int, ...]]:
    """A source's packed weight and touched values but for its rank (the last level, the tie-break, whose
    number is the rank: the packed weight adds it, and the touched values end with it).

    >>> facts = PermanentFacts(1, False, 2, 7, painful=True)
    >>> weight, touched = _unranked(1, False, 2, True, True, 20)
    >>> (weight + 7, (*touched, 7)) == (packed_weight(facts, 20), touched_values(facts))
    True
    """
    facts = PermanentFacts(most, creature, flexibility, 0, painful=painful, untaps=untaps)
    assert TOUCHED_LEVELS[-1].value(replace(facts, rank=1)) == 1  # the tie-break is last, and is the rank
    return packed_weight(facts, n), touched_values(facts)[:-1]


#: The colors (indices into WUBRG) in each mask of colors.
_COLORS_OF = tuple(tuple(t for t in range(5) if mask >> t & 1) for mask in range(32))


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


#: What the fast path keeps in a view (it reads the view's statuses): each permanent's kind as the board has
#: it (:func:`_on_board`), and the board's kinds and sources for a player.
_ON_BOARD_OF_VIEW: ViewTable[Permanent, SourceKind] = ViewTable("fast.on_board")
_BOARD_KINDS: ViewTable[str, _BoardKinds] = ViewTable("fast.board_kinds")
_BOARD_SOURCES: ViewTable[str, _BoardSources] = ViewTable("fast.board_sources")


def _board_kinds(problem: PaymentProblem) -> _BoardKinds:
    """The board's kinds for the problem's player, worked out once per board (kept in its view's memo)."""
    view, player = problem.view, problem.player
    known = _BOARD_KINDS.get(view, player)
    if known is not None:
        return known
    board = problem.board
    commanders = {p.id: p.commander_colors for p in board.players}
    kinds: list[SourceKind] = []
    spending: list[tuple[Permanent, SourceKind]] = []
    unresolved: str | None = None
    # with effects on mana on the board, every permanent of the player is taken as the board has it (same
    # kinds shared, so that identical permanents stay interchangeable); else only the reflecting ones
    effects = reflecting = False
    for permanent in board.permanents:
        problem.check_time()
        kind = source_kind(permanent, commanders[permanent.controller])
        if kind.unresolved is not None:
            unresolved = kind.unresolved
            break
        if kind.spending:
            spending.append((permanent, kind))
        effects = effects or kind.blocking is not None
        reflecting = reflecting or (kind.on_board and permanent.controller == player)
        kinds.append(kind)
    found = _BoardKinds(tuple(kinds), unresolved, tuple(spending), effects, reflecting or effects)
    _BOARD_KINDS.put(view, player, found)
    return found


def _board_sources(problem: PaymentProblem, first: _BoardKinds) -> _BoardSources:
    """The board's sources for the problem's player, worked out once per board (kept in its view's memo)."""
    view, player = problem.view, problem.player
    known = _BOARD_SOURCES.get(view, player)
    if known is not None:
        return known
    board = problem.board
    effects, reflecting = first.effects, first.reflecting
    # the permanents whose card's analysis is theirs on this board (every one, without effects on mana)
    as_card = (
        [_as_card(view, p, kind) for p, kind in zip(board.permanents, first.kinds, strict=True)]
        if effects
        else [not kind.on_board for kind in first.kinds]
    )
    sets: dict[str, ManaTypes] = {}
    if reflecting:
        sets = _could_produce(view, first.kinds, as_card)
        problem.analysis.keep_reflect(sets)  # (exact: CP-SAT needs it when the fast path declines)
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
        result = _BoardSources(tuple(checks), (), None)
        _BOARD_SOURCES.put(view, player, result)
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
    result = _BoardSources(tuple(checks), sources, clash, _with_keep_units(problem, _layout(sources)))
    _BOARD_SOURCES.put(view, player, result)
    return result


def _reduced(problem: PaymentProblem) -> _Reduced | _Outside:
    """The board reduced for the fast path, or why it is outside the fragment (what no cost reads is worked
    out once per board: :func:`_board_kinds`, :func:`_board_sources`)."""
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
    if problem.life_value is not None:
        return _Outside("a value for life is weighed by the CP-SAT model")
    if problem.prefer:
        return _Outside("a preferred order of kinds is weighed by the CP-SAT model")
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
    first = _board_kinds(problem)
    for permanent, kind in first.spending:
        covering = next((e for e in kind.spending if e.applies_to(target)), None)
        if covering is not None:
            where = f"{permanent.name} ({permanent.id})"
            return _Outside(f"{where} has {covering.text!r}, which covers this payment")
    if first.unresolved is not None:
        return _Outside(first.unresolved)
    second = _board_sources(problem, first)
    for permanent, usage in second.checks:
        if usage.blocked is not None:
            return _Outside(f"{permanent.name} ({permanent.id}) has {usage.blocked!r}")
        for restriction in usage.restrictions:
            if not restriction.allows(target, permanent.choices.creature_type):
                return _Outside(
                    f"{permanent.name} ({permanent.id}) makes restricted mana that can't pay for this"
                )
    if second.clash is not None:
        return _Outside(second.clash)
    modes = cost_modes(cost, me.life)
    n = len(board.permanents)
    return _Reduced(second.sources, pool, modes, me.life, n, problem.deadline, second.layout)


# ------------------------------------------------------------------------------------------ the optimiser


_Taps = tuple[tuple[_Source, _Option], ...]


@dataclass(slots=True)
class _Choice:
    """An optimal payment: the mode, the sources tapped with their options, and the objective's levels (not
    frozen, like :class:`_Reduced`)."""

    mode: Mode
    taps: _Taps
    levels: tuple[int, ...]


class _DeclinedError(Exception):
    """The board needs more subproblems than the fast path allows: CP-SAT answers instead."""


class _KeepersNeededError(Exception):
    """A payment loses a color on a board with an ability that costs mana: the search starts again with
    the sets of groups that keep each color (:func:`_with_keepers`) to branch on."""


class _TooManyChoicesError(Exception):
    """The greedy would try too many choices for the sources that make several mana (a doubler makes every
    land one): the dynamic programme answers instead."""


@dataclass(frozen=True, slots=True)
class _Group:
    """Identical sources (same options, weights and could-produce), lowest rank first."""

    members: tuple[_Source, ...]
    reflect: int


@dataclass(frozen=True, slots=True)
class _Layout:
    """What the search reads of the sources whatever the cost: their groups of interchangeable ones (lowest
    rank first), the sources that make mana without damage from the lightest, how many sources make each
    color (colorless is not a color: 'colors lost' does not count it), the most mana they make in all, and
    whether some ability takes more than a tap."""

    groups: tuple[_Group, ...]
    light_first: tuple[_Source, ...]
    makers: tuple[int, ...]
    most: int
    special: bool
    #: the most mana all sources add net of what they take, and the most of each type (WUBRGC) they make
    gain: int = 0
    maxima: tuple[int, ...] = (0,) * 6
    #: the dynamic programme's tables per demand (:meth:`_Programme._tables`), at most _PROGRAMMES_LIMIT
    programmes: dict[tuple[object, ...], tuple[list[list[_Move]], dict[int, tuple[int, ...]]]] = field(
        default_factory=dict, compare=False, repr=False
    )
    #: the greedy's tables per demand (:meth:`_Greedy._tables`), at most _PROGRAMMES_LIMIT
    greedy: dict[
        tuple[tuple[int, ...], tuple[int, ...]],
        _GreedyTables,
    ] = field(default_factory=dict, compare=False, repr=False)
    #: with an ability that costs mana on the board, the board's groups as 'colors lost' reads them, and
    #: the colors (a mask) open on the untouched board (:func:`_with_keep_units`); None without one
    keep_units: tuple[KeepUnit, ...] | None = None
    open_colors: int = 0
    #: the board's group of each source, by id, and each such group's size (with :attr:`keep_units`)
    group_of: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    sizes: tuple[int, ...] = ()
    #: per color (W, U, B, R, G), the sets of groups whose top members, untouched, keep it open, once a
    #: payment lost one (:func:`_with_keepers`, which splits groups); None before
    keepers: tuple[tuple[frozenset[int], ...], ...] | None = None
    #: per color, the same ways as how many untouched members of which of the board's groups (before a
    #: group is split into pieces for :attr:`keepers`) each needs
    keep_counts: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = ()
    #: why the search can't read 'colors lost' by top members here (it declines), or None
    unkept: str | None = None
    #: this layout with :attr:`keepers`, once worked out (:func:`_with_keepers`)
    with_keepers: list[_Layout] = field(default_factory=list, compare=False, repr=False)


def _layout(sources: Sequence[_Source]) -> _Layout:
    """The sources' layout for the search (worked out once per board: :func:`_board_sources`)."""
    makers = [0] * 5
    for source in sources:
        for t in source.colors:
            makers[t] += 1
    return _Layout(
        _groups(sources),
        tuple(sorted((s for s in sources if s.free), key=lambda s: s.weight)),
        tuple(makers),
        sum(s.most for s in sources),
        any(s.special for s in sources),
        sum(s.gain for s in sources),
        tuple(map(sum, zip(*(s.maxima for s in sources), strict=True))) if sources else (0,) * 6,
    )


def _groups(sources: Sequence[_Source]) -> tuple[_Group, ...]:
    """The sources' groups of interchangeable ones: one usage (the same options) and the same weights but
    for the rank (two cards with the same abilities under Blood Moon share a kind, and may still differ in
    what the objective reads: whether they untap normally)."""
    by_key: dict[tuple[int, int], list[_Source]] = {}
    for source in sources:
        by_key.setdefault((source.group, source.weight - source.rank), []).append(source)
    return tuple(
        _Group(tuple(sorted(members, key=lambda s: s.rank)), members[0].reflect)
        for members in by_key.values()
    )


#: The most sets of groups that keep colors open (:attr:`_Layout.keepers`) before the fast path declines.
_MAX_KEEPERS = 256


def _with_keep_units(problem: PaymentProblem, layout: _Layout) -> _Layout:
    """The layout with 'colors lost' read as the objective reads it (:func:`planner.solve.objective.
    color_keepers`) when a source has a mana ability whose cost contains mana: one unit per group
    (:attr:`_Layout.keep_units`) and the colors open on the untouched board; the layout unchanged otherwise.
    The sets of groups that keep each color are worked out only when a payment loses one
    (:func:`_with_keepers`)."""
    view = problem.view
    groups = layout.groups
    abilities_of = [view.mana_abilities(g.members[0].pid) for g in groups]
    if not any(a.cost.mana for abilities in abilities_of for a in abilities):
        return layout
    # (what the board could produce is read only by abilities that reflect it: worked out only for them)
    reflect = problem.reflect if any(reflects(a) for abilities in abilities_of for a in abilities) else {}
    # a way to keep a color needs at most as many members of a group as the dearest ability's cost takes mana
    # (each member makes one at least), and one more: the counts past that read alike, and so boards with
    # more or fewer of a card share the ways
    limit = 1 + max(
        (sum(o.pays) + o.generic for g in groups for o in g.members[0].options if o.generic or any(o.pays)),
        default=0,
    )
    triggered = within_reach(view, triggers_only=True)
    shape = []
    for group, abilities in zip(groups, abilities_of, strict=True):
        source = group.members[0]
        assert source.usage is not None  # (every source is made with its usage: _source)
        colors = _ability_colors(view, source, abilities, reflect, triggered)
        costs_mana = tuple(bool(a.cost.mana) for a in abilities)
        count = min(len(group.members), limit)
        shape.append((source.usage, count, tuple(zip(costs_mana, colors, strict=True))))
    units = _keep_units(tuple(shape))
    sizes = tuple(len(group.members) for group in groups)
    return replace(
        layout,
        keep_units=units,
        open_colors=colors_open(units, sizes),
        group_of={source.pid: index for index, group in enumerate(groups) for source in group.members},
        sizes=sizes,
    )


def _with_keepers(layout: _Layout) -> _Layout:
    """The layout (with :attr:`_Layout.keep_units`) with the sets of groups' top members that keep each
    color open, for the search to branch on (worked out once per layout). A way to keep a color may need
    several members of one group: the group's last members then become groups of their own. When there
    are too many ways, :attr:`_Layout.unkept` says so."""
    if layout.with_keepers:
        return layout.with_keepers[0]
    assert layout.keep_units is not None  # (only a layout with units is read this way)
    keepers, counted, most, unkept = _keeping_needs(layout.keep_units)
    split: list[_Group] = []
    for group, k in zip(layout.groups, most, strict=True):
        alike = group.members
        cut = len(alike) - (k - 1)
        split.append(_Group(alike[:cut], group.reflect))
        split += [_Group((member,), group.reflect) for member in alike[cut:]]
    found = replace(
        layout,
        groups=tuple(split),
        keepers=keepers,
        keep_counts=counted,
        unkept=unkept,
        programmes={},
        greedy={},
        with_keepers=[],
    )
    layout.with_keepers.append(found)
    return found


def _ability_colors(
    view: BoardView,
    source: _Source,
    abilities: Sequence[ManaAbility],
    reflect: dict[str, ManaTypes],
    triggered: frozenset[str],
) -> tuple[int, ...]:
    """The colors each of the source's mana ``abilities`` (the view's) could produce (CR 106.7, costs
    ignored), as masks (``triggered``: the permanents a mana trigger could reach, :func:`within_reach`). An
    analysed ability that sets off no mana trigger has its outcomes as options (those of its card alone when
    its kind is its card's, :func:`_as_card`): their colors are read from them; the other abilities are
    worked out on the board."""
    kind = source.kind
    analysed = kind.abilities if len(kind.abilities) == len(abilities) else None
    triggers = source.pid in triggered
    if analysed is not None and not triggers:
        made = kind.colors_made()
        if made is not None:
            return made
    masks: list[int] = []
    for number, ability in enumerate(abilities):
        fixed = analysed is not None and analysed[number].options is not None
        if not fixed or (triggers and triggers_on(view, source.pid, ability)):
            masks.append(ability_could_produce(view, source.pid, ability, reflect).mask & _COLOR_MASK)
        else:
            assert analysed is not None
            masks.append(_ability_made(analysed[number]))
    return tuple(masks)


def _ability_made(ability: _Ability) -> int:
    """The colors (a mask) an analysed ability's options make (none when its output is not fixed)."""
    return 0 if ability.options is None else _made_mask(ability.options) & _COLOR_MASK


@lru_cache(maxsize=4096)
def _keep_units(
    shape: tuple[tuple[_Usage, int, tuple[tuple[bool, int], ...]], ...],
) -> tuple[KeepUnit, ...]:
    """A board's groups as 'colors lost' reads them (:class:`planner.solve.objective.KeepUnit`), each given
    as what it offers now (its usage, compared by identity: kinds are kept across boards), how many members
    it has, and per ability whether its cost contains mana and the colors it could produce; kept by that
    shape, which is quicker to compare than the units it makes."""
    offers = tuple(
        tuple(dict.fromkeys(o.counts for o in usage.options if not (o.generic or any(o.pays))))
        for usage, _, _ in shape
    )
    units: list[KeepUnit] = []
    for usage, count, abilities in shape:
        free = 0
        for costs_mana, colors in abilities:
            if not costs_mana:
                free |= colors
        paid: dict[int, list[tuple[tuple[int, ...], int]]] = {}
        for option in usage.options:
            if option.generic or any(option.pays):
                paid.setdefault(option.ability, []).append((option.pays, option.generic))
        costed = tuple(
            CostedAbility(abilities[number][1], tuple(dict.fromkeys(modes)), offers)
            for number, modes in paid.items()
        )
        units.append(KeepUnit(count, free, costed))
    return tuple(units)


@lru_cache(maxsize=4096)
def _keeping_needs(
    units: tuple[KeepUnit, ...],
) -> tuple[
    tuple[tuple[frozenset[int], ...], ...],
    tuple[tuple[tuple[tuple[int, int], ...], ...], ...],
    tuple[int, ...],
    str | None,
]:
    """What the search reads of 'colors lost' for a board's units (boards of the same cards in the same
    numbers share it): per color, the sets of the split groups' top members that keep it open
    (:attr:`_Layout.keepers`) and the same ways as how many untouched members of which units each needs
    (:attr:`_Layout.keep_counts`); the most members of each unit some way needs, past one (the unit is
    then split: its last members become groups of their own, see :func:`_with_keepers`); and why the fast
    path declines, when there are too many ways."""
    needed: list[list[dict[int, int]]] = []
    unkept = None
    for keeping in color_keepers(units):
        counts: list[dict[int, int]] = []
        for way in keeping:
            picks = []
            for members, n in way.needs:
                ordered = sorted(members)
                picks.append(list(_spread(ordered, n, [units[g].count - (g == way.unit) for g in ordered])))
            for chosen in itertools.product(*picks):
                need = {way.unit: 1}
                for part in chosen:
                    for g, k in part.items():
                        need[g] = need.get(g, 0) + k
                counts.append(need)
        if len(counts) > _MAX_KEEPERS:
            unkept = "there are too many ways to keep a color open"
        needed.append(counts)
    most = [1] * len(units)
    for ways in needed:
        for need in ways:
            for g, k in need.items():
                most[g] = max(most[g], k)
    # the split groups: each unit's first members stay one group, its last k - 1 become groups of one; a
    # unit's pieces, in the order their top members go untouched: the singles from the last, then the rest
    pieces: list[list[int]] = []
    position = 0
    for k in most:
        singles = list(range(position + k - 1, position, -1))
        pieces.append([*singles, position])
        position += k
    keepers = tuple(
        tuple(dict.fromkeys(frozenset(p for g, k in need.items() for p in pieces[g][:k]) for need in ways))
        for ways in needed
    )
    counted = tuple(tuple(dict.fromkeys(tuple(sorted(need.items())) for need in ways)) for ways in needed)
    return keepers, counted, tuple(most), unkept


def _spread(units: Sequence[int], n: int, room: Sequence[int]) -> Iterator[dict[int, int]]:
    """Every way to take ``n`` members from some units, at most ``room[i]`` from ``units[i]``."""
    if n == 0:
        yield {}
        return
    if not units:
        return
    for k in range(min(n, room[0]), -1, -1):
        for more in _spread(units[1:], n - k, room[1:]):
            yield {units[0]: k, **more} if k else more


def _after_pool(mode: Mode, pool: Sequence[ManaUnit]) -> tuple[list[int], int]:
    """The demand per type and the mana needed in all once the pool has paid what it can.

    Pool mana pays its own type's slots first, then generic: swapping it with a source's mana of the same type
    that pays generic changes nothing, so this is never worse.
    """
    if not pool:
        return list(mode.typed), mode.mana
    signed, _ = _balance(mode, pool)
    demand = [max(0, d) for d in signed]
    generic = mode.mana - sum(mode.typed)  # (the fragment has no {S})
    left = sum(max(0, -d) for d in signed)  # pool mana its own type's slots did not take
    return demand, sum(demand) + max(0, generic - left)


def _balance(mode: Mode, pool: Sequence[ManaUnit]) -> tuple[list[int], int]:
    """The demand per type less the pool's mana of that type, and the mana needed in all less the pool's
    (negative: mana the pool has over, which could still pay an ability's cost)."""
    demand = list(mode.typed)
    for unit in pool:
        demand[TYPE_ORDER.index(unit.type)] -= 1
    return demand, mode.mana - len(pool)


class _Search:
    """The search for one problem's optimum: per mode, an exact solver under every needed set of witnesses.

    'Colors lost' is the one level that is not a sum over tapped sources. A solver minimises everything else
    (damage, mana made, then the per-permanent weights) given ``skipped``: groups whose highest-ranked member
    must stay untapped, as a witness that some color stays available. :meth:`best_in_mode` branches on the
    colors a solution loses: concede the color, or keep one more group's top member untapped (with an
    ability that costs mana on the board, one more set of groups' top members that keeps it:
    :attr:`_Layout.keepers`, worked out the first time a solution loses a color; until then 'colors lost'
    is read from the units, :meth:`lost_open`).

    Why that is exact: let T* be an optimal payment and P* the colors it keeps available. In each group T*
    leaves the highest-ranked members untapped (else swapping two lowers the tie-break), so every color of P*
    has a group whose top member is an untapped maker (or a set of groups whose top members keep it:
    :func:`_with_keepers` declines the boards where that could take two members of one group). Follow the
    branches that concede colors outside P* and, for a lost color of P*, add its group or set (not all
    skipped yet, or the color would not be lost). At the leaf
    reached, the solution T keeps P* available and is no worse than T* on the other levels (T* avoids the
    skipped members), so T is optimal too. Pruning a node whose damage or mana is already worse than the best
    leaf found is safe: skipping more members never lowers them.
    """

    def __init__(self, problem: _Reduced) -> None:
        self.problem = problem
        layout = problem.layout if problem.layout is not None else _layout(problem.sources)
        self.layout = layout
        self.makers = layout.makers
        total = layout.most + 1
        n = problem.permanents
        # packed levels: damage, valuable and designed sacrifices, mana made net of what abilities take,
        # then the weights (each level's sum over any payment stays below the next one's unit)
        self.mana_base = total * packed_unit(n)
        self.designed_base = total * self.mana_base
        self.valuable_base = (n + 1) * self.designed_base
        self.damage_base = (n + 1) * self.valuable_base
        self.special = layout.special
        self.gain = layout.gain  # the most mana net, all sources used
        self.light_first = layout.light_first
        self.budget = _MAX_SUBPROBLEMS
        self.moves = 0  # the dynamic programme's transitions so far (see _MAX_MOVES)
        self.best: _Choice | None = None
        self.groups = layout.groups
        if layout.unkept is not None:
            raise _DeclinedError(layout.unkept)
        self.keepers = layout.keepers
        # (with units but no keepers yet: a payment that loses a color needs them to branch on)
        self.unbranched = layout.keep_units is not None and layout.keepers is None

    def may_pay(self, demand: Sequence[int], needed: int, skipped: frozenset[int] = frozenset()) -> bool:
        """A necessary condition for paying without the skipped groups' top members: enough mana of each
        demanded type and in all (a source makes one option, so each type's best is an upper bound)."""
        gain = self.gain
        maxima: Sequence[int] = self.layout.maxima
        if skipped:
            maxima = list(maxima)
            for index in skipped:
                top = self.groups[index].members[-1]
                gain -= top.gain
                for t, most in enumerate(top.maxima):
                    maxima[t] -= most
        # with abilities that cost mana, pool mana the target does not take could pay for them
        spare = len(self.problem.pool) if self.special else 0
        return gain + spare >= needed and all(map(int.__ge__, maxima, demand))

    def lost(self, taps: _Taps) -> list[int]:
        """The colors whose every maker is tapped (with abilities that cost mana: :meth:`lost_keeping`, or
        :meth:`lost_open` before the keepers are worked out)."""
        if self.keepers is not None:
            return self.lost_keeping(taps)
        if self.unbranched:
            return self.lost_open(taps)
        touched = [0] * 5
        for source, _ in taps:
            for t in source.colors:
                touched[t] += 1
        return [t for t in range(5) if touched[t] and touched[t] == self.makers[t]]

    def lost_open(self, taps: _Taps) -> list[int]:
        """The colors open on the untouched board and no longer open after ``taps``, read from the units
        (:func:`planner.solve.objective.colors_open`)."""
        layout = self.layout
        assert layout.keep_units is not None  # (see unbranched)
        left = list(layout.sizes)
        group_of = layout.group_of
        for source, _ in taps:
            left[group_of[source.pid]] -= 1
        lost = layout.open_colors & ~colors_open(layout.keep_units, left)
        return [t for t in range(5) if lost >> t & 1]

    def lost_keeping(self, taps: _Taps) -> list[int]:
        """The colors that some set of groups kept open on the untouched board, and none does after ``taps``
        (:attr:`_Layout.keepers`: a group keeps its part while one of its members is untouched)."""
        layout = self.layout
        left = list(layout.sizes)
        group_of = layout.group_of
        for source, _ in taps:
            left[group_of[source.pid]] -= 1
        return [
            t
            for t, ways in enumerate(layout.keep_counts)
            if ways and not any(all(left[g] >= k for g, k in way) for way in ways)
        ]

    def levels(self, mode: Mode, taps: _Taps, lost: Sequence[int] | None = None) -> tuple[int, ...]:
        """The objective's levels (:data:`planner.solve.objective.OBJECTIVE_LEVELS`) of a payment (``lost``:
        the colors it loses, when known)."""
        damage = valuable = designed = made = 0
        for source, option in taps:
            damage += option.damage
            if option.sacrifice:
                designed += source.designed
                valuable += not source.designed
            made += option.net
        floating = made + len(self.problem.pool) - mode.mana
        lost_count = len(self.lost(taps) if lost is None else lost)
        touched = tuple(map(sum, zip(*(s.touched for s, _ in taps), strict=True))) if taps else _NO_TOUCH
        # (the fast path declines convoke and delve: the last levels are 0)
        return (damage + mode.life, valuable, designed, floating, lost_count, *touched, 0, 0)

    def packed(self, source: _Source, option: _Option) -> int:
        """One use's share of the levels the solvers minimise (all but 'colors lost'), packed in one."""
        sacrifice = 0
        if option.sacrifice:
            sacrifice = self.designed_base if source.designed else self.valuable_base
        return option.damage * self.damage_base + sacrifice + option.net * self.mana_base + source.weight

    def _solved(
        self, mode: Mode, solve: Callable[[frozenset[int]], _Taps | None], skipped: frozenset[int]
    ) -> tuple[_Taps, tuple[int, ...], list[int]] | None:
        """The solver's taps with the skipped groups' top members untouched, their levels and the colors they
        lose; None when there are none. Counts against the budget of subproblems."""
        self.budget -= 1
        if self.budget < 0:
            raise _DeclinedError
        self.problem.check_time()
        found = solve(skipped)
        if found is None:
            return None
        colors = self.lost(found)
        if colors and self.unbranched:
            raise _KeepersNeededError
        return found, self.levels(mode, found, colors), colors

    def best_in_mode(self, mode: Mode, solve: Callable[[frozenset[int]], _Taps | None]) -> None:
        """Search one mode with ``solve`` (exact given the skipped groups), updating :attr:`best`."""
        # the common case first: the best payment with nothing skipped loses no color (or there is none)
        first = self._solved(mode, solve, _NOTHING)
        if first is None:
            return
        taps, levels, colors = first
        if not colors:
            if not (mode.life and levels[0] > self.problem.life) and (
                self.best is None or levels < self.best.levels
            ):
                self.best = _Choice(mode, taps, levels)
            return
        # per set of skipped groups: the solver's taps, their levels and the colors they lose (None: no taps)
        solved: dict[frozenset[int], tuple[_Taps, tuple[int, ...], list[int]] | None] = {_NOTHING: first}
        stack: list[tuple[frozenset[int], frozenset[int]]] = [(frozenset(), frozenset())]
        seen: set[tuple[frozenset[int], frozenset[int]]] = set()
        while stack:
            node = stack.pop()
            if node in seen:
                continue
            seen.add(node)
            skipped, conceded = node
            if skipped not in solved:
                solved[skipped] = self._solved(mode, solve, skipped)
            entry = solved[skipped]
            if entry is None:
                continue
            taps, levels, colors = entry
            if mode.life and levels[0] > self.problem.life:
                continue  # too little life left to pay it after the damage (CR 119.4), here and below
            best = self.best
            if best is not None and (
                levels[:4] > best.levels[:4]
                or (levels[:4] == best.levels[:4] and best.levels[4] == 0 and best.levels[5:] <= levels[5:])
            ):
                continue  # nothing below can do better: skipping more never lowers damage, mana or weights
            lost = [t for t in colors if t not in conceded]
            if not lost:
                if self.best is None or levels < self.best.levels:
                    self.best = _Choice(mode, taps, levels)
                continue
            stack.append((skipped, conceded | {lost[0]}))
            if self.keepers is not None:
                # (keep one more set of groups' top members untouched that keeps the color open)
                stack += [(skipped | way, conceded) for way in self.keepers[lost[0]] if not way <= skipped]
                continue
            bit = _BITS[lost[0]]
            stack += [
                (skipped | {index}, conceded)
                for index, group in enumerate(self.groups)
                if index not in skipped and group.reflect & bit
            ]


#: No group skipped: the search's first set.
_NOTHING: frozenset[int] = frozenset()


def _useful(options: Sequence[_Option], types: Sequence[int], demand: Sequence[int]) -> list[_Useful]:
    """Options with what each covers of the demand, without dominated ones: an option covering at least as
    much of every demanded type, with the same mana and damage, is never worse."""
    seen: dict[tuple[tuple[int, ...], int, int], _Option] = {}
    for option in options:
        cover = tuple(min(option.counts[t], demand[t]) for t in types)
        seen.setdefault((cover, option.total, option.damage), option)
    return [
        (cover, option)
        for (cover, total, damage), option in seen.items()
        if not any(
            other != cover and (t, d) == (total, damage) and all(map(int.__ge__, other, cover))
            for other, t, d in seen
        )
    ]


def _useful_of(source: _Source, types: Sequence[int], demand: Sequence[int]) -> Sequence[_Useful]:
    """:func:`_useful` of the source's options, kept with its usage when it has one."""
    if source.usage is None:
        return _useful(source.options, types, demand)
    return source.usage.useful(types, demand)


class _Programme:
    """The dynamic programme for one mode: uses minimising (damage, sacrifices, mana made, weights) that pay
    the demand.

    States are the demand still open per type plus the mana still needed in all. Members of a group are used
    lowest rank first, and a use must change the state (one that does not only wastes mana). Sources whose
    abilities cost mana or a sacrifice come first, with signed states: what they take adds to the demand,
    and a surplus is kept as far as later costs could still take it (beyond that it can only pay generic
    mana, which the total counts). Whether they can be activated in some order is not a question here: the
    totals are a relaxation, and :func:`_plan` finds an order or declines.
    """

    def __init__(self, search: _Search, demand: Sequence[int], balance: tuple[Sequence[int], int]) -> None:
        """``demand``: per type, what the pool leaves open; ``balance``: the demand less the pool, signed
        (see :func:`_balance`), where the states start."""
        self.search = search
        groups = search.groups
        # specials first, then the rest, each in the order of search.groups
        specials = [group for group in groups if group.members[0].special] if search.special else []
        self.order = list(range(len(groups)))
        if specials:
            self.order.sort(key=lambda i: not groups[i].members[0].special)
        costs = [0] * 6
        for group in specials:
            for t in range(6):
                costs[t] += len(group.members) * max(o.pays[t] for o in group.members[0].options)
        self.types = [t for t in range(6) if demand[t] or costs[t]]
        # a cut that keeps the totals honest about order: the first ability that costs mana is paid with
        # mana from the pool or from a source that costs no mana, so with an empty pool some such source is
        # used (the last part of a state: 0 nothing yet, 1 only sources that cost mana, 2 fed)
        self.feeding = not search.problem.pool and any(
            o.net < o.total for group in specials for o in group.members[0].options
        )
        signed, needed = balance
        self.start = (*(signed[t] for t in self.types), needed, *((0,) if self.feeding else ()))
        cap = tuple(demand[t] + costs[t] for t in range(6))
        # what the options and the bounds on surpluses are depends on the demand's types and the cap alone
        # (the board's sources and weights being the search's): kept with the layout
        memo = search.layout.programmes
        key = (tuple(self.types), cap, search.damage_base, search.mana_base)
        tables = memo.get(key)
        if tables is None:
            if len(memo) >= _PROGRAMMES_LIMIT:
                memo.clear()
            tables = memo[key] = self._tables(cap, len(specials))
        self.options, self.room = tables

    def _tables(
        self, cap: Sequence[int], specials: int
    ) -> tuple[list[list[_Move]], dict[int, tuple[int, ...]]]:
        """Each group's options as moves (key, cost, option), and the most each type (and the total) could
        still be asked for by the specials after each special group's position (its surplus bound)."""
        search = self.search
        groups = search.groups
        damage, mana = search.damage_base, search.mana_base
        options: list[list[_Move]] = []
        for group in groups:
            first = group.members[0]
            if first.special:
                # options with the same effect on the totals and the same cost are one option here
                effects: dict[tuple[object, ...], _Move] = {}
                for o in first.options:
                    key = (tuple(o.pays[t] - o.counts[t] for t in self.types), o.net, o.net < o.total)
                    cost = search.packed(first, o) - first.weight
                    if (key, cost) not in effects:
                        effects[(key, cost)] = (key, cost, o)
                options.append(list(effects.values()))
                continue
            # (only taps: no sacrifice, and the mana made is the net)
            assert first.usage is not None  # (every source is made with its usage: _source)
            options.append(first.usage.moves(self.types, cap, damage, mana))
        room: dict[int, tuple[int, ...]] = {}
        left = [0] * (len(self.types) + 1)
        for index in reversed(self.order[:specials]):
            group = groups[index]
            ask = [max(o.pays[t] for o in group.members[0].options) for t in self.types]
            ask.append(max(sum(o.pays) + o.generic for o in group.members[0].options))
            # one bound for the whole group (the loosest, after its first member): more moves are shared
            room[index] = tuple(a + b * (len(group.members) - 1) for a, b in zip(left, ask, strict=True))
            left = [a + b * len(group.members) for a, b in zip(left, ask, strict=True)]
        return options, room

    def _move(
        self, state: tuple[int, ...], key: tuple[object, ...], room: tuple[int, ...] | None
    ) -> tuple[int, ...]:
        """The state after one use: a special adds what it takes and subtracts what it makes (keeping as much
        surplus as later costs could take, ``room``); another source covers open demand."""
        width = len(self.types)
        feed: tuple[int, ...] = ()
        if room is not None:
            change, net, costly = key
            assert isinstance(change, tuple) and isinstance(net, int)
            if self.feeding:
                feed = (max(state[-1], 1) if costly else 2,)
            signed = [max(state[t] + change[t], -room[t]) for t in range(width)]
            return (*signed, max(state[width] - net, -room[width]), *feed)
        cover, total = key
        assert isinstance(cover, tuple) and isinstance(total, int)
        if self.feeding:
            feed = (2 if total else state[-1],)
        return (*map(_minus, state[:width], cover), max(0, state[width] - total), *feed)

    def solve(
        self, skipped: frozenset[int], bound: int | None = None, *, plain: bool = False, beyond: bool = False
    ) -> _Taps | None:
        """The best uses, with the top member of each ``skipped`` group left unused, or None; with a
        ``bound`` (the value of a known payment), only payments at most that good are looked for; with
        ``plain``, only the sources that just tap are used (a quick payment whose value bounds the rest);
        with ``beyond``, ``bound`` is the value of the best payment by those sources alone, and only payments
        that use some other source and are better still are looked for."""
        frontier: dict[tuple[int, ...], tuple[int, object]] = {self.start: (0, None)}
        groups = self.search.groups
        # a surplus (from the pool, or from what specials make) is dropped before the sources that only tap
        clamped = not self.search.special and min(self.start) >= 0
        width = len(self.types)
        # each mana still needed is made by some later use: at least that much mana made and tied up
        per_mana = self.search.mana_base + packed_unit(self.search.problem.permanents)
        bounded = bound is not None
        limit = 0 if bound is None else bound - beyond
        # with ``beyond``, the start goes once the specials are done: what follows from it uses sources that
        # just tap, whose best is known
        started = not beyond
        for index in self.order:
            group = groups[index]
            special = group.members[0].special
            if special and plain:
                continue
            if not special and not started:
                frontier.pop(self.start, None)
                started = True
            if not special and not clamped:
                # no cost can take a surplus any more: only what is still open counts
                frontier = _clamped(frontier)
                clamped = True
            members = group.members[:-1] if index in skipped else group.members
            options = self.options[index]
            if not members or not options:
                continue
            merged = dict(frontier)
            current = frontier
            room = self.room[index] if special else None
            # the state after each move, one table per option (looked up by the state alone)
            tables = [_moves_table(room, self.feeding, key) for key, _, _ in options]
            plain = room is None and not self.feeding  # the common case, worked out inline
            for member in members:
                self.search.moves += len(current) * len(options)
                if self.search.moves > _MAX_MOVES:
                    raise _DeclinedError
                self.search.problem.check_time()
                weight = member.weight
                priced = [
                    (table, key, cost + weight, option)
                    for table, (key, cost, option) in zip(tables, options, strict=True)
                ]
                step: dict[tuple[int, ...], tuple[int, object]] = {}
                for state, (value, chain) in current.items():
                    for table, key, price, option in priced:
                        new = table.get(state)
                        if new is None:
                            if plain:
                                cover, total = key
                                assert isinstance(cover, tuple) and isinstance(total, int)
                                new = (*map(_minus, state, cover), max(0, state[-1] - total))
                            else:
                                new = self._move(state, key, room)
                            table[state] = new
                            _MOVES_SIZE[0] += 1
                        if new == state:
                            continue
                        candidate = value + price
                        if bounded and candidate + max(new[width], 0) * per_mana > limit:
                            continue
                        known = step.get(new)
                        if known is None or candidate < known[0]:
                            step[new] = (candidate, (chain, member, option))
                if not step:
                    break
                for state, entry in step.items():
                    known = merged.get(state)
                    if known is None or entry[0] < known[0]:
                        merged[state] = entry
                current = step
            frontier = merged
            if len(frontier) > _MAX_STATES:
                raise _DeclinedError
        if not started:
            frontier.pop(self.start, None)
        if not clamped:
            frontier = _clamped(frontier)
        done = (0,) * (len(self.types) + 1)
        ends = [frontier.get((*done, *feed)) for feed in (((0,), (2,)) if self.feeding else ((),))]
        goal = min((end for end in ends if end is not None), default=None, key=lambda end: end[0])
        if goal is None:
            return None
        taps: list[tuple[_Source, _Option]] = []
        link = goal[1]
        while link is not None:
            assert isinstance(link, tuple)
            link, member, option = link
            taps.append((member, option))
        return tuple(taps)


#: The dynamic programme's moves, shared by every programme: the state after a move is a function of the
#: state, the move's key, the surplus bound and whether feeding is tracked (:meth:`_Programme._move`), so
#: one table per (bound, feeding, key) holds it by state. At most :data:`_MOVES_LIMIT` states in all are
#: kept (past that the tables are dropped and start again).
_MOVES: dict[tuple[object, ...], dict[tuple[int, ...], tuple[int, ...]]] = {}
_MOVES_SIZE = [0]
_MOVES_LIMIT = 100_000


def _moves_table(
    room: tuple[int, ...] | None, feeding: bool, key: tuple[object, ...]
) -> dict[tuple[int, ...], tuple[int, ...]]:
    """The shared table of the states after a move (see :data:`_MOVES`)."""
    if _MOVES_SIZE[0] > _MOVES_LIMIT:
        _MOVES.clear()
        _MOVES_SIZE[0] = 0
    found = _MOVES.get((room, feeding, key))
    if found is None:
        found = _MOVES[(room, feeding, key)] = {}
    return found


def _clamped(
    frontier: dict[tuple[int, ...], tuple[int, object]],
) -> dict[tuple[int, ...], tuple[int, object]]:
    """The frontier with surpluses dropped (negative parts of states set to 0), the best entry per state."""
    result: dict[tuple[int, ...], tuple[int, object]] = {}
    for state, entry in frontier.items():
        key = tuple(value if value > 0 else 0 for value in state)
        known = result.get(key)
        if known is None or entry[0] < known[0]:
            result[key] = entry
    return result


def _minus(have: int, take: int) -> int:
    return have - take if have > take else 0


#: For each number of demanded types, each profile (a subset, as bits) and the subsets containing it.
_SUPERSETS = tuple(
    tuple(tuple(u for u in range(1 << width) if u & profile == profile) for profile in range(1 << width))
    for width in range(7)
)


class _Greedy:
    """The exact greedy for one mode, when a payment without damage exists.

    Sources that make one mana are the elements of a transversal matroid: a set of them can fill a demand
    when, for every set U of demanded types, the sources whose damage-free types meet the demand only inside
    U number at most the generic slots plus U's slots (Hall's condition). A payment without damage taps as few
    of them as the demand needs, so the levels left are a sum of per-permanent weights, and adding sources
    in increasing weight while independence holds gives the optimum (Rado-Edmonds). Sources that make more
    than one mana (Sol Ring, a bounce land) are not: every choice for them (untapped, or one of their
    damage-free options, identical ones lowest rank first) is tried with the greedy for the rest. Damage is
    the first level, so a payment without damage found this way is optimal; when there is none,
    :meth:`solve` answers None and the dynamic programme decides.
    """

    def __init__(self, search: _Search, demand: Sequence[int], needed: int) -> None:
        self.search = search
        self.demand = demand
        self.needed = needed
        self.types = types = [t for t in range(6) if demand[t]]
        # the one-mana sources with their profiles, and the choices of the others: kept with the layout
        memo = search.layout.greedy
        key = (tuple(types), tuple(demand))
        tables = memo.get(key)
        if tables is None:
            if len(memo) >= _PROGRAMMES_LIMIT:
                memo.clear()
            tables = memo[key] = self._tables()
        self.singles, self.profiles, self.multiple, self.picks = tables

    def _tables(self) -> _GreedyTables:
        """The sources that make one mana and only tap, lightest first, each with its profile (the demanded
        types it makes without damage, as bits), their profiles, per group of sources that make more and only
        tap, its useful options without damage, and an empty table of the options the greedy's one-mana
        sources use."""
        search, types, demand = self.search, self.types, self.demand
        bits = [(1 << index, _BITS[t]) for index, t in enumerate(types)]
        # only sources that just tap: with others on the board this is an upper bound for the programme
        singles = [
            (source, sum(mine for mine, bit in bits if source.free & bit))
            for source in search.light_first
            if source.most == 1 and not source.special
        ]
        multiple = [
            (
                index,
                [option for _, option in _useful_of(group.members[0], types, demand) if not option.damage],
            )
            for index, group in enumerate(search.groups)
            if group.members[0].most > 1 and not group.members[0].special
        ]
        return singles, tuple(profile for _, profile in singles), multiple, {}

    def solve(self, skipped: frozenset[int]) -> _Taps | None:
        """The best payment without damage avoiding the top member of each ``skipped`` group, or None."""
        groups = self.search.groups
        avoided = {groups[index].members[-1].pid for index in skipped}
        if not self.multiple:  # one choice: no source makes several mana
            return self._base(self.demand, max(sum(self.demand), self.needed), avoided)
        best: tuple[int, int, _Taps] | None = None
        for picks in self._choices(skipped):
            open_types = list(self.demand)
            made = 0
            for _, option in picks:
                made += option.total
                for t in self.types:
                    open_types[t] = max(0, open_types[t] - option.counts[t])
            colored = sum(open_types)
            rest = self._base(open_types, max(colored, self.needed - made), avoided)
            if rest is None:
                continue
            taps = (*picks, *rest)
            key = (made + len(rest), sum(source.weight for source, _ in taps))
            if best is None or key < best[:2]:
                best = (*key, taps)
        return None if best is None else best[2]

    def _choices(self, skipped: frozenset[int]) -> Iterator[tuple[tuple[_Source, _Option], ...]]:
        """Every choice for the sources that make several mana: per group, how many members (lowest rank
        first) and which damage-free option each."""
        # (a group of m members with k options has C(m + k, k) choices: counted before any is built, for a
        # group of hundreds of doubled sources has millions)
        sizes = [
            len(self.search.groups[index].members) - (1 if index in skipped else 0)
            for index, _ in self.multiple
        ]
        counts = (
            math.comb(m + len(options), len(options))
            for m, (_, options) in zip(sizes, self.multiple, strict=True)
        )
        if math.prod(counts) > _MAX_CHOICES:
            raise _TooManyChoicesError
        per_group = []
        for index, options in self.multiple:
            members = self.search.groups[index].members
            members = members[:-1] if index in skipped else members
            per_group.append(
                [
                    tuple(zip(members, chosen, strict=False))
                    for count in range(len(members) + 1)
                    for chosen in itertools.combinations_with_replacement(options, count)
                ]
            )
        if math.prod(len(choices) for choices in per_group) > _MAX_CHOICES:
            raise _TooManyChoicesError
        for parts in itertools.product(*per_group):
            yield tuple(pick for part in parts for pick in part)

    def _base(self, demand: Sequence[int], needed: int, avoided: set[str]) -> _Taps | None:
        """The lightest one-mana sources (outside ``avoided``) filling the demand and ``needed`` in all
        (:func:`_lightest`), each with the option that makes its type."""
        if needed <= 0:
            return ()
        singles = self.singles
        skip = tuple(i for i, (source, _) in enumerate(singles) if source.pid in avoided) if avoided else ()
        found = _lightest(self.profiles, skip, tuple([demand[t] for t in self.types]), needed)
        if found is None:
            return None
        taps = []
        for i, bit in found:
            source = singles[i][0]
            picks = self.picks.get(source.pid)
            if picks is None:
                picks = self.picks[source.pid] = _free_picks(source, self.types)
            taps.append((source, picks[bit]))
        return tuple(taps)


@lru_cache(maxsize=8192)
def _lightest(
    profiles: tuple[int, ...], skip: tuple[int, ...], slots: tuple[int, ...], needed: int
) -> tuple[tuple[int, int], ...] | None:
    """The first sources (in the order of ``profiles``, lightest first, but those at the ``skip`` positions)
    that fill the ``slots`` of each demanded type and ``needed`` mana in all, each with the demanded type it
    makes (its index among the demanded types; -1: generic); None when they can't. A source's profile is
    the demanded types it makes, as bits. Boards share it by their profiles alone.

    A set of sources fits when, for every set U of demanded types, the sources whose profile lies inside U
    number at most the generic slots plus U's slots (Hall's condition): each source is added while that
    holds, and a matching then gives each its type (:func:`_matching`).

    >>> _lightest((0b01, 0b01, 0b10), (), (1, 1), 2)  # the second {W} source can't pay {U}: the third does
    ((0, 0), (2, 1))
    >>> _lightest((0b01, 0b01), (), (1, 1), 2) is None
    True
    """
    # per set U of demanded types (as bits), how many more sources whose profile lies inside U fit: the
    # generic slots plus U's slots, less the sources already chosen
    room = [needed - sum(slots)] * (1 << len(slots))
    for subset in range(1, len(room)):
        low = subset & -subset
        room[subset] = room[subset ^ low] + slots[low.bit_length() - 1]
    supersets = _SUPERSETS[len(slots)]
    chosen: list[int] = []
    for i, profile in enumerate(profiles):
        if i in skip:
            continue
        above = supersets[profile]
        for u in above:
            if room[u] <= 0:
                break
        else:
            for u in above:
                room[u] -= 1
            chosen.append(i)
            if len(chosen) == needed:
                made = _matching(tuple(profiles[i] for i in chosen), slots)
                return tuple(zip(chosen, made, strict=True))
    return None


@lru_cache(maxsize=8192)
def _matching(profiles: tuple[int, ...], slots: tuple[int, ...]) -> tuple[int, ...]:
    """Which demanded type (its index among the demanded types; -1: none, generic) each source makes: a
    maximum matching of sources, by their profiles (the demanded types each makes, as bits), into the
    ``slots`` of each type, by augmenting paths in source order; by Hall's condition it fills every slot
    when :func:`_lightest` chose the sources.

    >>> _matching((0b11, 0b01), (1, 1))  # the first source moves to the second type for the second
    (1, 0)
    """
    room = list(slots)
    made: dict[int, int] = {}

    def place(i: int, seen: set[int]) -> bool:
        profile = profiles[i]
        for bit in range(len(room)):
            if not profile >> bit & 1 or bit in seen:
                continue
            seen.add(bit)
            if room[bit]:
                room[bit] -= 1
                made[i] = bit
                return True
            for j, held in list(made.items()):
                if held == bit and place(j, seen):
                    made[i] = bit
                    return True
        return False

    for i in range(len(profiles)):
        place(i, set())
    return tuple(made.get(i, -1) for i in range(len(profiles)))


def _free_picks(source: _Source, types: Sequence[int]) -> tuple[_Option, ...]:
    """The option a one-mana source uses in the greedy's payment for each demanded type (its first
    damage-free option making that type; its first damage-free option where it makes none), then for generic
    mana (its first damage-free option)."""
    free = [o for o in source.options if not o.damage]
    return (*(next((o for o in free if o.counts[t]), free[0]) for t in types), free[0])


class _Solver:
    """One mode's solver for :meth:`_Search.best_in_mode`: the greedy, else the dynamic programme."""

    def __init__(self, search: _Search, mode: Mode, demand: Sequence[int], needed: int) -> None:
        self.search = search
        self.mode = mode
        self.life = mode.life
        self.demand = demand
        self.needed = needed
        self.greedy = _Greedy(search, demand, needed)
        self.programme: _Programme | None = None

    def solve(self, skipped: frozenset[int]) -> _Taps | None:
        """The taps minimising (damage, mana made, weights) with the skipped groups' top members untapped;
        None also when every such payment takes damage and the best found so far is already better."""
        if skipped and not self.search.may_pay(self.demand, self.needed, skipped):
            return None
        declined = False
        try:
            found = self.greedy.solve(skipped)
        except _TooManyChoicesError:
            found, declined = None, True
        else:
            if not self.search.special:
                if found is not None:
                    return found
                best = self.search.best
                if best is not None and best.levels[0] <= self.life:
                    return None  # no payment here without damage: worse than the best on the first level
        # the greedy's exchange argument needs sources that only tap: with others on the board its payment
        # (without them) bounds what the programme must beat
        if self.programme is None:
            balance = _balance(self.mode, self.search.problem.pool)
            self.programme = _Programme(self.search, self.demand, balance)
        if declined:
            # the best payment by sources that just tap is quick to find
            # (without other sources, it is the answer), and bounds the programme with the rest: chains of
            # abilities that cost mana then end early
            found = self.programme.solve(skipped, plain=True)
            if not self.search.special:
                return found
        # ``found`` is the best payment by the sources that just tap: the programme looks for better ones
        # that use the others
        bound = None if found is None else sum(self.search.packed(s, o) for s, o in found)
        better = self.programme.solve(skipped, bound, beyond=found is not None)
        return found if better is None else better


def _optimise(problem: _Reduced) -> _Choice | None:
    """The optimal payment, or None when there is none; raises ``_DeclinedError`` past the limits.

    On a board with an ability that costs mana, the sets of groups that keep each color are worked out
    only when a payment loses one (most lose none: each mode's first solution is then optimal)."""
    try:
        return _optimise_by(problem)
    except _KeepersNeededError:
        assert problem.layout is not None  # (only a layout with units is searched without keepers)
        return _optimise_by(replace(problem, layout=_with_keepers(problem.layout)))


def _optimise_by(problem: _Reduced) -> _Choice | None:
    """:func:`_optimise` with the problem's layout as it is."""
    search = _Search(problem)
    for mode in sorted(problem.modes, key=lambda m: m.life):
        if search.best is not None and mode.life > search.best.levels[0]:
            break  # the life alone is worse than the best found
        demand, needed = _after_pool(mode, problem.pool)
        if search.may_pay(demand, needed):
            search.best_in_mode(mode, _Solver(search, mode, demand, needed).solve)
    return search.best


# ------------------------------------------------------------------------------------------ the plan


#: How many partial orders :func:`_plan` may try for the specials before it declines.
_MAX_ARRANGEMENTS = 256

_Pool = list[list[ManaUnit]]  # the mana in the pool, by type in WUBRGC order


def _plan(problem: _Reduced, choice: _Choice) -> Plan:
    """The plan for a choice: one step per source that only taps, in board order, then the specials in an
    order in which each one's cost is paid by mana made before it, then the exact payment. Raises
    ``_DeclinedError`` when it finds no such order (the choice came from totals, a relaxation).

    A special may make and take other types than the choice says, with the same ability, amounts and
    damage (:func:`_same_use`): every level of the objective stays the same."""
    steps: list[Step] = []
    pool: _Pool = [[] for _ in range(6)]
    for unit in problem.pool:
        pool[TYPE_ORDER.index(unit.type)].append(unit)
    taps = sorted(choice.taps, key=lambda tap: tap[0].position)
    for source, option in taps:
        if not option.special:
            steps.append(_tap_step(pool, source, option))
    target = list(choice.mode.typed)
    budget = [_MAX_ARRANGEMENTS]
    waiting = [tap for tap in taps if tap[1].special]
    arranged = _arrange(pool, waiting, target, choice.mode.mana, budget)
    if arranged is None:
        raise _DeclinedError
    more, spent = arranged
    return Plan((*steps, *more), spent, choice.mode.life)


def _arrange(
    pool: _Pool, waiting: list[tuple[_Source, _Option]], target: list[int], mana: int, budget: list[int]
) -> tuple[list[Step], tuple[ManaUnit, ...]] | None:
    """Steps activating the waiting specials in some order, each paid from the pool as it is then, and the
    mana that pays the target (``target`` per type, ``mana`` in all) at the end; None when there is none
    (or the budget of partial orders runs out)."""
    if not waiting:
        return _pay_target(pool, target, mana)
    for number, (source, chosen) in enumerate(waiting):
        rest = waiting[:number] + waiting[number + 1 :]
        wanted = [target[t] + sum(o.pays[t] for _, o in rest) for t in range(6)]
        for option in sorted(_same_use(source, chosen), key=lambda o: o != chosen):
            budget[0] -= 1
            if budget[0] < 0:
                return None
            after = [list(units) for units in pool]
            paid = _fund(after, option, wanted)
            if paid is None:
                continue
            step = Step(
                permanent=source.pid,
                ability=option.ability,
                produced=_made(after, source, option),
                order=_order(source, option),
                paid_with=paid,
            )
            found = _arrange(after, rest, target, mana, budget)
            if found is not None:
                return [step, *found[0]], found[1]
    return None


def _pay_target(pool: _Pool, target: list[int], mana: int) -> tuple[list[Step], tuple[ManaUnit, ...]] | None:
    """The pool's mana that pays the target: its typed part, then generic mana from what is left."""
    spent: list[ManaUnit] = []
    for t, count in enumerate(target):
        if len(pool[t]) < count:
            return None
        spent += pool[t][:count]
    left = [unit for t, units in enumerate(pool) for unit in units[target[t] :]]
    generic = mana - sum(target)
    if len(left) < generic:
        return None
    return [], (*spent, *left[:generic])


def _made(pool: _Pool, source: _Source, option: _Option) -> tuple[tuple[str, ManaBag], ...]:
    """Put the option's mana in the pool; what it made, by source (as the replayer groups it)."""
    known = source.made.get(id(option))  # (the source holds the option: its id is not reused meanwhile)
    if known is None:
        known = source.made[id(option)] = _making(source, option)
    produced, units = known
    for t, unit, count in units:
        pool[t] += [unit] * count
    return produced


def _tap_step(pool: _Pool, source: _Source, option: _Option) -> Step:
    """The step of an option that only taps, its mana put in the pool (kept with the source with the units
    it makes, as :func:`_made` keeps what it makes: such a step is the same in every plan)."""
    known = source.steps.get(id(option))  # (the source holds the option: its id is not reused meanwhile)
    if known is None:
        produced, units = _making(source, option)
        step = Step(
            permanent=source.pid, ability=option.ability, produced=produced, order=_order(source, option)
        )
        known = source.steps[id(option)] = (step, units)
    step, units = known
    for t, unit, count in units:
        pool[t] += [unit] * count
    return step


def _making(
    source: _Source, option: _Option
) -> tuple[tuple[tuple[str, ManaBag], ...], tuple[tuple[int, ManaUnit, int], ...]]:
    """What the option makes, by source (as the replayer groups it), and its units as (type's index, unit,
    how many), in the order they go into the pool."""
    by_source: dict[str, ManaBag] = {}
    units: list[tuple[int, ManaUnit, int]] = []
    for bag, tag in option.parts:
        if not tag.source:
            tag = ManaTag(
                source=source.pid,
                snow=tag.snow,
                restriction=tag.restriction,
                chosen_type=tag.chosen_type,
                riders=tag.riders,
                persists=tag.persists,
            )
        by_source[tag.source] = by_source[tag.source] + bag if tag.source in by_source else bag
        for t, count in enumerate(bag.counts):
            if count:
                units.append((t, ManaUnit(TYPE_ORDER[t], tag), count))
    produced = tuple(sorted(by_source.items())) if len(by_source) > 1 else tuple(by_source.items())
    return produced, tuple(units)


def _same_use(source: _Source, chosen: _Option) -> list[_Option]:
    """The source's options that differ from ``chosen`` only in the types of the mana they make and take
    (the same ability, amounts and damage): every level of the objective is the same for them."""
    key = (chosen.ability, chosen.total, chosen.damage, chosen.generic, chosen.sacrifice, sum(chosen.pays))
    return [
        o
        for o in source.options
        if (o.ability, o.total, o.damage, o.generic, o.sacrifice, sum(o.pays)) == key
    ]


def _order(source: _Source, option: _Option) -> tuple[str, ...]:
    """The order in which replacement effects applied to the option's mana, with real ids."""
    return tuple(pid or source.pid for pid in option.order)


def _fund(by_type: _Pool, option: _Option, wanted: Sequence[int]) -> tuple[ManaUnit, ...] | None:
    """Take the mana for a special's cost from what is made so far: its typed part, then generic mana from
    the types with the most to spare over what the target and the other specials still want of them; None
    (nothing taken) when there is not enough."""
    if any(len(by_type[t]) < option.pays[t] for t in range(6)):
        return None
    # what the special makes counts as spare too: it is there again once the special resolves
    spare = [len(by_type[t]) - option.pays[t] - wanted[t] + option.counts[t] for t in range(6)]
    takes = list(option.pays)
    for _ in range(option.generic):
        t = max(range(6), key=lambda k: (spare[k] if len(by_type[k]) > takes[k] else -(10**9), -k))
        if len(by_type[t]) <= takes[t]:
            return None
        takes[t] += 1
        spare[t] -= 1
    paid: list[ManaUnit] = []
    for t, count in enumerate(takes):
        paid += by_type[t][:count]
        del by_type[t][:count]
    return tuple(paid)


# ------------------------------------------------------------------------------------------ the public calls


def fragment_reason(problem: PaymentProblem) -> str | None:
    """Why the fast path can't answer this payment (a sentence), or None when it is inside the fragment.

    >>> from models import Board, PaymentTarget
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "conf", "card": "Mana Confluence", "controller": "me"}]})
    >>> fragment_reason(PaymentProblem.of(board, PaymentTarget.of("{1}{G}")))
    "Mana Confluence (conf) has '{T}, Pay 1 life: Add one mana of any color.'"
    >>> tapped = board.replace_permanent("conf", tapped=True)
    >>> fragment_reason(PaymentProblem.of(tapped, PaymentTarget.of("{1}{G}"))) is None
    True
    """
    reduced = _reduced(problem)
    return reduced.reason if isinstance(reduced, _Outside) else None


def in_fast_fragment(problem: PaymentProblem) -> bool:
    """True when the payment is inside the fast path's fragment (see the module docstring).

    >>> from models import Board, PaymentTarget
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "dawn", "card": "Celestial Dawn", "controller": "me"}]})
    >>> in_fast_fragment(PaymentProblem.of(board, PaymentTarget.of("{G}")))
    False
    """
    return fragment_reason(problem) is None


def solve_fast(problem: PaymentProblem) -> Solution | None:
    """The optimal payment by the fast path, as CP-SAT would return it, or None when it can't answer.

    None means the board is outside the fragment or the fast path declined; the solution is otherwise
    ``OPTIMAL`` (with the objective's levels) or ``INFEASIBLE`` (with the cost parts that can't be paid).
    The plan is not replayed here (:func:`planner.api.pay` replays every plan).

    >>> from models import Board, PaymentTarget
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "sol", "card": "Sol Ring", "controller": "me"},
    ...     {"id": "bop", "card": "Birds of Paradise", "controller": "me"}]})
    >>> solution = solve_fast(PaymentProblem.of(board, PaymentTarget.of("{2}{G}")))
    >>> solution.status.value, [step.permanent for step in solution.plan.steps]
    ('optimal', ['f1', 'sol'])
    >>> [slot.letter for slot in solve_fast(PaymentProblem.of(board, PaymentTarget.of("{G}{G}{G}"))).core]
    ['G']
    """
    try:
        reduced = _reduced(problem)
        if isinstance(reduced, _Outside):
            return None
        choice = _optimise(reduced)
        if choice is None:
            return Solution(status=SolveStatus.INFEASIBLE, core=_core(reduced))
        return _optimal(reduced, choice, problem.x)
    except _DeclinedError:
        return None
    except TimeUp:  # the time limit ran out: no answer, never a 'no' (contract §9)
        return Solution(status=SolveStatus.UNKNOWN)


def _optimal(reduced: _Reduced, choice: _Choice, x: int | None, *, x_level: bool = False) -> Solution:
    """The optimal solution of a choice, its plan made (:func:`_plan`, which may decline); with
    ``x_level``, the objective starts with X, as CP-SAT's does when it chooses X (maximised first)."""
    plan = _plan(reduced, choice)
    objective = tuple(zip(OBJECTIVE_LEVELS, _all_levels(choice.levels), strict=True))
    if x_level:
        assert x is not None
        objective = (("x", x), *objective)
    return Solution(status=SolveStatus.OPTIMAL, plan=plan, x=x, objective=objective)


def solve_fast_max_x(problem: PaymentProblem) -> Solution | None:
    """The largest X for which the problem's cost (with X, left to choose) is payable, and the optimal
    payment for it, by the fast path, as CP-SAT answers ``max_x`` (X first, then the objective); None when
    it can't answer (the board outside the fragment at some X searched, something that reads X besides the
    cost's generic mana, or a decline).

    **Why a search over X is exact.** Inside the fragment each source is used at most once for a fixed bag,
    and a set of activations that pays a cost also pays any cost with the same other symbols and less
    generic mana (the rest floats; damage and life are the same). X changes only the generic part: cost
    changes read the spell's types and colors, never its mana value (:meth:`CostModifier.matches`), so the
    total cost's generic mana is ``max(0, generic + changes + X)``, never smaller for a larger X (checked
    at every X tried). What else could read X is declined here: spending restrictions (one may read the
    mana value, 'spells with mana value 4 or greater'), restricted floating mana, and 'spend as though'
    effects whose target decides them. So payability is monotone in X, and a binary search finds the
    largest X: first over a necessary condition (enough mana of each type and in all), whose largest X is
    usually payable, then over the exact check below it. The exact check is the fast path's optimiser over
    totals (a relaxation for abilities that cost mana: only the final X's plan is made, and a failure to
    make it declines rather than guess).

    >>> from models import Board, PaymentTarget
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "m1", "card": "Mountain", "controller": "me"},
    ...     {"id": "sol", "card": "Sol Ring", "controller": "me"}]})
    >>> solution = solve_fast_max_x(PaymentProblem.of(board, PaymentTarget.of("{X}{R}")))
    >>> solution.x, [step.permanent for step in solution.plan.steps], solution.objective[0]
    (2, ['m1', 'sol'], ('x', 2))
    >>> [slot.letter for slot in solve_fast_max_x(PaymentProblem.of(board, PaymentTarget.of("{X}{G}"))).core]
    ['G']
    """
    if problem.x is not None or not problem.target.cost.has_variable:
        return None
    try:
        search = _XSearch(problem)
        if search.bottom is None:
            return None
        most = search.most_possible()
        if most < 0:
            return Solution(status=SolveStatus.INFEASIBLE, core=_core(search.bottom))
        found = search.exact_below(most)
        if found is None:
            return Solution(status=SolveStatus.INFEASIBLE, core=_core(search.bottom))
        x, reduced, choice = found
        if x >= MAX_GENERIC:
            return None  # (X at its limit: CP-SAT says that a larger X may be payable)
        return _optimal(reduced, choice, x, x_level=True)
    except (_DeclinedError, _NotMonotoneError):
        return None
    except TimeUp:  # the time limit ran out: no answer, never a 'no' (contract §9)
        return Solution(status=SolveStatus.UNKNOWN)


class _NotMonotoneError(Exception):
    """Something on the board or in the cost may read X other than through the cost's generic mana."""


class _XSearch:
    """The search for the largest payable X (:func:`solve_fast_max_x`): the problem at each X tried, with
    the board's reduction shared (the board's analysis and view are the problem's)."""

    def __init__(self, problem: PaymentProblem) -> None:
        self.problem = problem
        self.count = sum(problem.target.cost.variables.values())
        self.reduced: dict[int, _Reduced] = {}
        self.shape: tuple[object, ...] | None = None
        self.generic: dict[int, int] = {}
        bottom = self.at(0)
        self.bottom = bottom
        if bottom is None:
            return
        first = _board_kinds(problem)
        second = _board_sources(problem, first)
        if first.spending or second.checks or any(u.tag.restriction is not None for u in bottom.pool):
            raise _NotMonotoneError

    def at(self, x: int) -> _Reduced | None:
        """The board reduced for X = ``x`` (None: outside the fragment, where CP-SAT answers)."""
        known = self.reduced.get(x)
        if known is not None:
            return known
        problem = self.problem
        paid = problem.paid_target(x)
        cost = paid.cost
        shape = tuple(sorted(str(s) for s in cost.symbols if s.kind is not SymbolKind.GENERIC))
        if self.shape is None:
            self.shape = shape
        # (the argument for a search over X: the same other symbols, generic mana never less for more X)
        if shape != self.shape or any(
            (x < y and cost.generic > g) or (x > y and cost.generic < g) for y, g in self.generic.items()
        ):
            raise _NotMonotoneError
        self.generic[x] = cost.generic
        reduced = _reduced(replace(problem, x=x, target=paid, x_reduction=0))
        if isinstance(reduced, _Outside):
            if self.reduced:
                raise _DeclinedError  # (inside at one X and outside at another: CP-SAT answers)
            return None
        self.reduced[x] = reduced
        return reduced

    def possible(self, x: int) -> bool:
        """The necessary condition at X = ``x``: some mode has enough mana of each type and in all."""
        reduced = self.at(x)
        if reduced is None:
            raise _DeclinedError
        search = _Search(reduced)
        return any(search.may_pay(*_after_pool(mode, reduced.pool)) for mode in reduced.modes)

    def most_possible(self) -> int:
        """The largest X at which :meth:`possible` holds (-1: none), by binary search (it is monotone too)."""
        assert self.bottom is not None
        total = sum(s.gain for s in self.bottom.sources) + len(self.bottom.pool)
        high = min((total - self.problem.x_reduction) // self.count, MAX_GENERIC) + 1  # (never payable)
        low = -1
        while high - low > 1:
            middle = (low + high) // 2
            if self.possible(middle):
                low = middle
            else:
                high = middle
        return low

    def exact_below(self, most: int) -> tuple[int, _Reduced, _Choice] | None:
        """The largest X up to ``most`` that the optimiser pays, with its reduction and optimal choice."""
        low: tuple[int, _Reduced, _Choice] | None = None
        high = most + 1
        start = -1
        middle = most  # (the largest possible X first: usually payable)
        while high - start > 1:
            reduced = self.at(middle)
            assert reduced is not None
            choice = _optimise(reduced)
            if choice is not None:
                start, low = middle, (middle, reduced, choice)
            else:
                high = middle
            middle = (start + high) // 2
        return low


#: The levels of :data:`planner.solve.objective.OBJECTIVE_LEVELS` the fast path's own levels leave out, all
#: 0 on its boards: it declines boards with a card in hand that makes mana (it exiles none), and abilities
#: whose cost takes cards, energy, or permanents other than their own (:func:`_uses`).
_ZERO_LEVELS = ("hand_cards_lost", "energy_paid", "opponent_lands_untapped")


def _all_levels(levels: tuple[int, ...]) -> tuple[int, ...]:
    """The fast path's levels (:meth:`_Search.levels`) as :data:`OBJECTIVE_LEVELS` has them.

    >>> len(_all_levels((0,) * (len(OBJECTIVE_LEVELS) - len(_ZERO_LEVELS)))) == len(OBJECTIVE_LEVELS)
    True
    """
    found = iter(levels)
    return tuple(0 if level in _ZERO_LEVELS else next(found) for level in OBJECTIVE_LEVELS)


def _core(problem: _Reduced) -> tuple[Slot, ...]:
    """The cost's slots that can't all be paid, as :func:`planner.explain.why_not_payable` reads them: every
    type a payment mode demands, and generic when no mode's total can be reached."""
    demanded = {slot for mode in problem.modes for slot, _ in mode.slots if isinstance(slot, ManaType)}
    slots: list[Slot] = [t for t in TYPE_ORDER if t in demanded]
    total = sum(s.most for s in problem.sources) + len(problem.pool)
    if all(mode.mana > total for mode in problem.modes):
        slots.append(SlotKind.GENERIC)
    return tuple(slots)
