"""The fast path's analysis of a card: its kind of source (:class:`SourceKind`), what it offers in each state.

Everything here is a per-card analysis (:mod:`models.kept`): a pure function of a card's printed
characteristics and choices (:func:`source_kind`, kept by :func:`_kind`), or of what its abilities' outcomes
read (:func:`_analysed`, kept by the outcomes' signature), or of its options and a cost's shape
(:func:`useful_options`, :func:`tap_moves`). What a board makes of its permanents is
:mod:`planner.solve.fast.reduction`'s.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Final

from models.abilities import AbilityCost, ManaAbility, ManaOutput, OutputKind, PaletteKind, SpendRestriction
from models.board import Choices, Permanent
from models.cost import PaymentKind
from models.hashing import cached_hash, state_without_hash
from models.kept import KeptMap, per_card
from models.layer_effects import AbilityLoss, GrantAbility, PowerChange, PowerDefined, TypeChange
from models.mana import TYPE_ORDER, ManaBag, ManaTypes
from models.mana_effects import (
    CastRider,
    CostModifier,
    GrantedAlternativeCost,
    GraveyardPermission,
    ManaTrigger,
    ProductionReplacement,
    SpellKeywords,
    SpendAsThough,
    StaticEffect,
    UnspentManaEffect,
)
from models.oracle import Level, reads_imprinted_colors
from models.oracle.levels import ENTERING
from models.types import TypeLine
from planner.rules.amount_gaps import may_lack_board_facts
from planner.rules.could_produce import ability_could_produce, reflects
from planner.rules.executed import sacrifices_x
from planner.rules.paid_x import pays_x
from planner.rules.payment import cost_modes
from planner.rules.production import (
    ManaTag,
    activation_outcomes,
    anonymous_tag,
    outcomes_signature,
)
from planner.rules.view import BoardView, card_view, counters_removed_any, unexecuted_part, unknown_imprint
from planner.solve.objective import (
    mode_counts,
    sacrificed_by_design,
)

#: Effects the fast path never reads: cost changes, alternative costs, keywords and riders on the mana spent
#: given to spells (the target given is the total, with them: planner.rules.spell_cost.locked_in,
#: planner.rules.alternative_costs), unspent mana, and power changes (an ability that reads a power is no
#: fixed output: a board where it can be activated goes to CP-SAT, below).
_HARMLESS_EFFECTS = (
    CostModifier,
    SpellKeywords,
    CastRider,
    UnspentManaEffect,
    PowerChange,
    PowerDefined,
    GrantedAlternativeCost,
    GraveyardPermission,
)
#: Effects the board view resolves for each activation on its own (what a permanent is and what its
#: abilities make), so that the fast path can work from the board's outcomes instead of the card's.
_RESOLVED_EFFECTS = (ProductionReplacement, ManaTrigger, TypeChange, GrantAbility, AbilityLoss)
#: Palettes whose types the board does not change.
_FIXED_PALETTES = (
    PaletteKind.TYPES,
    PaletteKind.COMMANDER,
    PaletteKind.CHOSEN_COLOR,
    PaletteKind.IMPRINTED_COLORS,
)
#: The most concrete results one simple ability may have ('three mana in any combination of colors': 35).
_MAX_ALTERNATIVES = 35
#: The id the per-card analysis gives its permanent (replaced by the real id on a board).
_PLACEHOLDER = "~"

Counts = tuple[int, int, int, int, int, int]
#: An option with what it covers of each demanded type (:func:`useful_options`).
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
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "special", self.sacrifice or self.generic > 0 or any(self.pays))

    def __hash__(self) -> int:  # (options key the per-card tables: useful_options, tap_moves)
        return self._hash or cached_hash(self)

    def __getstate__(self) -> list[object]:
        return state_without_hash(self)


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
        return self._hash or cached_hash(self)

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

    def moves(self, types: Sequence[int], cap: Sequence[int], damage: int, mana: int) -> tuple[_Move, ...]:
        """Its options as the dynamic programme's moves when every option only taps (:func:`tap_moves`)."""
        return tap_moves(self.options, tuple(types), self._open(types, cap), damage, mana)

    def useful(self, types: Sequence[int], demand: Sequence[int]) -> tuple[_Useful, ...]:
        """:func:`useful_options` of its options for the demanded ``types`` (``demand``: per type, what is
        open)."""
        return useful_options(self.options, tuple(types), self._open(types, demand))

    def _open(self, types: Sequence[int], demand: Sequence[int]) -> tuple[int, ...]:
        """What is open of each demanded type, a demand past the most of a type one activation makes read as
        that most (the covers are the same), so that more demands share the per-card tables."""
        maxima = self.maxima
        if maxima:
            # (not min: Python 3.11's min and max parse keywords on every call)
            # (a list made first: a generator resumes once per item)
            return tuple([demand[t] if demand[t] < maxima[t] else maxima[t] for t in types])
        return tuple(map(demand.__getitem__, types))

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
        free, most, gain, special = 0, 0, 0, False
        maxima = [0] * 6
        if options:
            # (the most of each in one loop, from the first option's: max parses keywords on every call)
            most, gain, maxima = options[0].total, options[0].net, list(options[0].counts)
        for option in options:
            counts = option.counts
            if not option.damage:
                free |= _mask_of(counts)
            most = option.total if option.total > most else most
            gain = option.net if option.net > gain else gain
            special = special or option.special
            for t in range(6):
                if counts[t] > maxima[t]:
                    maxima[t] = counts[t]
        made = _made_mask(options)
        painful = bool(made & _COLOR_MASK) and not free & _COLOR_MASK
        return _Usage(
            None,
            bool(usable),
            tuple(options),
            most,
            free,
            tuple(restrictions),
            tuple(maxima),
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
    # (the bits of the counts that are not 0, picked at C speed)
    return sum(itertools.compress(_BITS, counts))


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


#: The printed mana abilities whose amount is chosen as they are paid, which the fast path leaves to CP-SAT
#: (in this order), with why.
_CHOSEN_AS_PAID: Final[tuple[tuple[Callable[[ManaAbility], bool], str], ...]] = (
    (
        sacrifices_x,
        "sacrifices a number of permanents chosen as it is paid: the CP-SAT model chooses how many",
    ),
    (
        pays_x,
        "is paid with an X chosen as it is paid: its abilities, one per X, go as far as the board pays "
        "(planner.rules.paid_x), and the CP-SAT model chooses X",
    ),
)


@per_card(maxsize=4096)
def _kind(
    name: str,
    oracle: str,
    type_line: TypeLine,
    haste: bool,
    choices: Choices,
    commander: ManaTypes | None,
    level: Level = ENTERING,
) -> SourceKind:
    """The analysis of one card on a board of its own (what it is on any board without effects): a pure
    function of its printed characteristics, choices, level (a Class's, a leveler's: its text is read at
    it) and its controller's commander colors, kept across questions."""
    permanent = Permanent(
        id=_PLACEHOLDER,
        controller="me",
        card=None,
        name=name,
        type_line=type_line,
        oracle=oracle,
        haste=haste,
        choices=choices,
        class_level=level.class_level,
        counters=(("level", level.level_counters),),
    )
    view = card_view(permanent, commander)
    effects = view.parsed[_PLACEHOLDER].effects
    spending = tuple(e for e in effects if isinstance(e, SpendAsThough) and _for_spells_only(e))
    effects = tuple(e for e in effects if e not in spending)
    blocking = next((f"{name} has {e.text!r}" for e in effects if not isinstance(e, _HARMLESS_EFFECTS)), None)
    unresolved = (
        next(
            (
                f"{name} has {e.text!r}"
                for e in effects
                if not isinstance(e, _HARMLESS_EFFECTS) and not isinstance(e, _RESOLVED_EFFECTS)
            ),
            None,
        )
        or next(
            (
                f"{name}'s {a.text!r} can be activated only so many times each turn: the CP-SAT model counts "
                "its uses"
                for a in view.mana_abilities(_PLACEHOLDER)
                if a.limited_each_turn and not a.cost.tap
            ),
            None,
        )
        or next(
            (
                f"{name}'s {a.text!r} {why}"
                for chosen_as_paid, why in _CHOSEN_AS_PAID
                for a in view.parsed[_PLACEHOLDER].mana_abilities
                if chosen_as_paid(a)
            ),
            None,
        )
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
                _ABILITIES.put(key, analysed)
        mask = None if analysed.options is None or mask is None else mask | _made_mask(analysed.options)
        abilities.append(analysed)
    for idle in view.idle_mana_abilities(pid):  # (what it could produce without counters: CR 106.7)
        reflecting = reflects(idle)
        on_board = on_board or reflecting
        if mask is not None:
            made = ability_could_produce(view, pid, idle, reflect or {})
            mask = None if reflecting and reflect is None else mask | made.mask
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
    unconditional = not ability.conditional and ability.damage_unless is None
    if unconditional and (fixed or (reflecting and reflect is not None)):
        options = _options(view, pid, number, ability, reflect or {})
    uses = options if simple_cost else _uses(ability, options)
    return _Ability(ability.text, cost.tap, cost.untap, simple_cost, options, uses, ability.restriction)


#: The abilities :func:`_analysed` worked out, by their outcomes' signature and their place in their
#: permanent's list: the signature (:func:`planner.rules.production.outcomes_signature`) holds everything
#: the outcomes read of a board, so the analysis is a pure function of it, kept across questions.
_ABILITIES: KeptMap[tuple[object, ...], _Ability] = KeptMap(f"{__name__}._ABILITIES", maxsize=65536)


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
        if outcome.life_gain:
            return None  # life gained while paying may pay life costs after it: the CP-SAT model weighs that
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


def _uses(ability: ManaAbility, options: tuple[_Option, ...] | None) -> tuple[_Option, ...] | None:
    """The options of an ability whose cost is {T} or a sacrifice of its permanent, or both, plus fixed mana
    (a Signet, a filter land, a Treasure), once per way to pay that mana (CR 601.2b for its hybrid symbols);
    None for any other cost, or when an option makes less mana than it takes."""
    cost = ability.cost
    if options is None or _cost_outside(ability):
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


def _cost_outside(ability: ManaAbility) -> bool:
    """True when the ability's cost is more than {T} and/or sacrificing its permanent plus fixed mana (or
    neither), or it has an activation condition or is sacrificed once empty: the fast path never takes it
    (:func:`_uses`), whatever it makes."""
    cost = ability.cost
    plain = AbilityCost(mana=cost.mana, tap=cost.tap, sacrifice_self=cost.sacrifice_self)
    return (
        cost != plain
        or not (cost.tap or cost.sacrifice_self)
        or cost.mana.has_variable
        or ability.activation_condition is not None
        or bool(ability.sacrifice_when_empty)
    )


def outside_on_any_board(ability: ManaAbility, choices: Choices) -> bool:
    """True when the fast path can't take the ability whatever a board does to its outcomes (what replacement
    effects and mana triggers make of it) or resolves of what permanents could produce: its output is
    conditional, or not fixed (an amount that counts, a color chosen as it resolves) and reflects nothing, or
    its cost is outside (:func:`_cost_outside`). Its analysis on any board has no uses (:func:`_analysed`).

    >>> from models.oracle import parse_oracle
    >>> [outside_on_any_board(a, Choices()) for a in parse_oracle(
    ...     "{T}: Add {C}." + chr(10) + "{2}, {T}: Add {B} for each Swamp you control.").mana_abilities]
    [False, True]
    """
    output = ability.output
    unfixed = not _fixed_output(output, choices) and not _reflecting(output)
    return bool(ability.conditional) or unfixed or _cost_outside(ability)


#: Cards' analyses (:func:`_kind`) by what it reads of each, for one board (:func:`source_kind`'s ``alike``).
KindsOfBoard = dict[tuple[str, str, TypeLine, bool, Choices, ManaTypes | None, Level], SourceKind]


def source_kind(
    permanent: Permanent, commander: ManaTypes | None = None, alike: KindsOfBoard | None = None
) -> SourceKind:
    """The fast path's analysis of a permanent's card (``commander``: its controller's commander colors, for
    'any color in your commander's color identity'), kept per card (:func:`_kind`); a permanent that
    activated an ability this turn or has counters an ability removes any number of is outside the fragment.
    With ``alike`` (a board's own table), permanents of one card share one analysis even with the kept tables
    off (``MANA_PLANNER_CACHE=off``): a usage compared by identity is what makes them interchangeable
    (:func:`~planner.solve.fast.sources._groups`).

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "t", "card": "Tundra", "controller": "me"},
    ...     {"id": "s", "card": "Sol Ring", "controller": "me"}]})
    >>> [source_kind(p).units() for p in board.permanents]
    [(3,), (32, 32)]
    """
    if commander is not None and not _reads_commander(permanent.oracle):
        commander = None  # the card can't read it: one analysis for every board, whatever its commander
    read = (
        permanent.name,
        permanent.oracle,
        permanent.type_line,
        permanent.haste,
        permanent.choices,
        commander,
        permanent.level,
    )
    if alike is None:
        kind = _kind(*read)
    elif (known := alike.get(read)) is not None:
        kind = known
    else:
        kind = alike[read] = _kind(*read)
    removes = kind.removes_counters  # (mostly none: no generator made then)
    counted = next((c for c in removes if permanent.counter(c)), None) if removes else None
    if permanent.activated_this_turn:
        kind = replace(
            kind,
            unresolved=f"{permanent.name} ({permanent.id}) has activated an ability this turn that can be "
            "activated only so many times each turn: the CP-SAT model reads it",
            _usages={},
        )
    elif counted is not None:
        kind = replace(
            kind,
            unresolved=f"{permanent.name} ({permanent.id}) can remove any number of its {counted} counters "
            "for mana: the CP-SAT model chooses how many",
            _usages={},
        )
    return kind


@per_card(maxsize=8192)
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


def _ability_made(ability: _Ability) -> int:
    """The colors (a mask) an analysed ability's options make (none when its output is not fixed)."""
    return 0 if ability.options is None else _made_mask(ability.options) & _COLOR_MASK


@per_card(maxsize=8192)
def useful_options(
    options: tuple[_Option, ...], types: tuple[int, ...], open_: tuple[int, ...]
) -> tuple[_Useful, ...]:
    """Options with what each covers of what is open of the demanded ``types`` (``open_``, in their order),
    without dominated ones: an option covering at least as much of every demanded type, with the same mana
    and damage, is never worse. A pure function of a card's options and a cost's shape: kept across
    questions.

    >>> from models.mana import ManaBag
    >>> white = _Option(0, (1, 0, 0, 0, 0, 0), 1, 0, ManaBag())
    >>> green = _Option(0, (0, 0, 0, 0, 1, 0), 1, 0, ManaBag())
    >>> [(cover, option is green) for cover, option in useful_options((white, green), (4,), (1,))]
    [((1,), True)]
    """
    seen: dict[tuple[tuple[int, ...], int, int], _Option] = {}
    for option in options:
        # (a count per type; neither a zip's strict nor min: each parses keywords on every call)
        counts = option.counts
        cover = tuple([counts[t] if counts[t] < wanted else wanted for t, wanted in zip(types, open_)])  # noqa: B905
        seen.setdefault((cover, option.total, option.damage), option)
    return tuple(
        (cover, option)
        for (cover, total, damage), option in seen.items()
        if not any(
            other != cover and (t, d) == (total, damage) and all(map(int.__ge__, other, cover))
            for other, t, d in seen
        )
    )


@per_card(maxsize=8192)
def tap_moves(
    options: tuple[_Option, ...], types: tuple[int, ...], open_: tuple[int, ...], damage: int, mana: int
) -> tuple[_Move, ...]:
    """Options that only tap as the dynamic programme's moves (see :meth:`planner.solve.fast.programme.
    _Programme._tables`): what each covers of what is open of the demanded ``types`` (:func:`useful_options`)
    and makes in all, priced at ``damage`` per damage and ``mana`` per mana made. Kept across questions.

    >>> from models.mana import ManaBag
    >>> green = _Option(0, (0, 0, 0, 0, 1, 0), 1, 0, ManaBag())
    >>> [(key, cost) for key, cost, _ in tap_moves((green,), (4,), (1,), 100, 10)]
    [(((1,), 1), 10)]
    """
    return tuple(
        ((cover, option.total), option.damage * damage + option.total * mana, option)
        for cover, option in useful_options(options, types, open_)
    )
