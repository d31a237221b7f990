"""Characteristics after type-changing and ability-granting effects, and which mana abilities can be
activated now.

Layer 4 (CR 305.7, 613.1d) sets or adds basic land types in dependency order (CR 613.8), then timestamp
order (the order of the board's permanents). Layer 6 (613.1f) adds the intrinsic mana ability of each
basic land type (CR 305.6) and abilities granted by other permanents (Chromatic Lantern). A land whose
subtype is *set* loses the abilities from its rules text, but keeps granted ones (305.7).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Iterator, Sequence
from copy import copy
from dataclasses import dataclass, field, replace
from typing import Any, Generic, TypeVar

from models.abilities import (
    ActivationBan,
    AmountKind,
    ColorChange,
    Condition,
    CostModifier,
    CostPartKind,
    GrantAbility,
    ManaAbility,
    ManaTrigger,
    ObjectFilter,
    OutputKind,
    PaletteKind,
    SideEffectKind,
    StaticEffect,
    TapDamage,
    TypeChange,
    Who,
)
from models.board import BOARD_VERSION, Board, Choices, Permanent, Player, card_colors
from models.catalogue import CardData
from models.cost import CostSymbol, ManaCost, PaymentKind, PaymentTarget, SymbolKind
from models.errors import InputError
from models.folding import fold_ability_text, fold_name
from models.kept import CACHING, per_card
from models.lazy import cached_property
from models.mana import ManaBag, ManaType, ManaTypes
from models.oracle import ParsedText, needs_imprinted, parse_oracle, reads_imprinted_colors
from models.types import BASIC_LAND_TYPES, TypeLine
from planner.rules.amounts import (
    board_gap,
    known_power,
    may_lack_board_facts,
    revealed_filter,
    revealing,
)
from planner.rules.costs import EXECUTED_PARTS, exerts, lowered, part_unread

__all__ = [
    "CARD_CONTROLLER",
    "CARD_ID",
    "BoardView",
    "Characteristics",
    "SourcedEffect",
    "Structure",
    "TextWarning",
    "ViewTable",
    "activated_this_turn",
    "card_view",
    "catalogue_permanent",
    "colored_reduction",
    "cost_change",
    "unexecuted_part",
    "unknown_imprint",
]


@dataclass(frozen=True, slots=True)
class SourcedEffect:
    """A static, triggered or replacement effect together with the permanent it comes from."""

    source: str
    controller: str
    effect: StaticEffect


@dataclass(frozen=True, slots=True)
class Characteristics:
    """A permanent as it is now: its type line after layer 4 and its mana abilities after layer 6."""

    type_line: TypeLine
    mana_abilities: tuple[ManaAbility, ...]
    lost_text_abilities: bool
    haste: bool


@dataclass(frozen=True, slots=True)
class TextWarning:
    """Text on a permanent that the parser did not understand: reported, never silently dropped; or, with
    ``undefined``, text that reads a choice the permanent never made (a copy of Coldsteel Heart): it is used,
    and what it reads of the choice is undefined, so its mana is no mana (CR 106.5). That is no bad input and
    no unsupported text: ``--strict`` lets it pass.

    >>> print(TextWarning("h", "{T}: Add one mana of the chosen color.", "choices.color: none", True))
    h: reads a choice never made (choices.color: none): '{T}: Add one mana of the chosen color.'
    """

    permanent: str
    sentence: str
    reason: str = ""
    undefined: bool = False

    def __str__(self) -> str:
        if self.undefined:
            return f"{self.permanent}: reads a choice never made ({self.reason}): {self.sentence!r}"
        if self.reason:
            return f"{self.permanent}: mana ability not used ({self.reason}): {self.sentence!r}"
        return f"{self.permanent}: unsupported text ignored: {self.sentence!r}"


#: Amounts the rules layer counts (:func:`planner.rules.amounts.counted`): every kind but REMOVED, which the
#: abilities of a family that removes counters (:func:`removing`) turn into the number each one removes.
_EXECUTED_AMOUNTS = frozenset(AmountKind) - {AmountKind.REMOVED}
#: Side effects that can't change a payment (life gained, untap steps, later triggers, depletion counters),
#: and those the rules layer executes: a counter put before the mana is counted (Empowered Autogenerator), the
#: reveal a REVEALED amount counts.
_HARMLESS_SIDE_EFFECTS = frozenset(
    {
        SideEffectKind.GAIN_LIFE,
        SideEffectKind.OPPONENTS_GAIN_LIFE,
        SideEffectKind.NO_UNTAP,
        SideEffectKind.DELAYED,
        SideEffectKind.PUT_COUNTER_FIRST,
        SideEffectKind.REVEAL_FIRST,  # (the reveal is what a REVEALED amount counts: executed there)
        SideEffectKind.DAMAGE_OPPONENTS,
    }
)


#: Timings the planner doesn't check, by what the warning says.
#: Timing limits the planner can't honour during a payment. A spell being cast or an ability being activated
#: is on the stack already (CR 601.2a, 602.2a), so the stack is never empty then, and nobody can cast an
#: instant in the middle of casting something: an ability usable only as a sorcery or only when an instant
#: could be cast can't be activated while paying.
_UNEXECUTED_TIMINGS = {
    "sorcery": "activate only as a sorcery, and the stack is not empty while a cost is paid (CR 601.2a)",
    "instant": "activate only when you could cast an instant, which you can't while paying (CR 601.2g)",
}


def unknown_imprint(choices: Choices) -> str | None:
    """Why the colors of the card exiled with a permanent are not known, or None when they are.

    >>> unknown_imprint(Choices(imprinted="Llanowar Elves")) is None
    True
    >>> print(unknown_imprint(Choices(imprinted="Homebrew Bolt")))  # doctest: +NORMALIZE_WHITESPACE
    the colors of 'Homebrew Bolt' are not known (it is not in the built-in catalogue):
    give it as {name, mana_cost}
    """
    if choices.imprinted is None:
        return "the card it exiled is not given (if it exiled none, the ability makes no mana)"
    if choices.imprinted_colors is None:
        return (
            f"the colors of {choices.imprinted!r} are not known (it is not in the built-in catalogue): "
            "give it as {name, mana_cost}"
        )
    return None


def unexecuted_part(ability: ManaAbility) -> str | None:
    """The part of a mana ability the planner reads but does not execute, or None when it executes all.

    Such an ability is never used as if that part were absent (contract section 5): it is unusable and
    reported.

    >>> from models.oracle import parse_oracle
    >>> cube = parse_oracle("{3}, {T}: Double the amount of each type of unspent mana you have.")
    >>> unexecuted_part(cube.mana_abilities[0])
    'output: double the amount of each type of unspent mana'
    >>> unexecuted_part(parse_oracle("{T}: Add {G}.").mana_abilities[0]) is None
    True
    """
    cost = ability.cost
    output = ability.output
    amount = output.amount
    restriction = ability.restriction
    if (
        not cost.parts
        and not ability.conditional
        and not ability.side_effects
        and amount.kind in _EXECUTED_AMOUNTS
        and not (amount.kind is AmountKind.REVEALED and _unread_reveal(ability))
        and output.kind not in (OutputKind.DIFFERENT, OutputKind.DOUBLE_UNSPENT)
        and (restriction is None or not restriction.not_generic)
        and not (ability.uncertain or ability.exists_while)
        and ability.timing not in _UNEXECUTED_TIMINGS
        and (ability.activation_condition is None or not ability.activation_condition.unevaluated)
    ):
        return None  # the common case, checked at once: this runs for every ability of every view
    if output.kind is OutputKind.DOUBLE_UNSPENT:
        return "output: double the amount of each type of unspent mana"
    if ability.uncertain:
        return f"uncertain: {ability.uncertain} (no plan can count on it)"
    if ability.exists_while:
        return f"condition: {ability.exists_while}"
    if ability.timing in _UNEXECUTED_TIMINGS:
        return f"condition: {_UNEXECUTED_TIMINGS[ability.timing]}"
    conditions = [ability.activation_condition, *(condition for condition, _ in ability.conditional)]
    if unevaluated := next((c.unevaluated for c in conditions if c is not None and c.unevaluated), ""):
        return f"condition: if {unevaluated}"
    if unexecuted := next((p for p in cost.parts if p.kind not in EXECUTED_PARTS), None):
        return f"cost: {unexecuted.text}"
    if unpaid := next(((p, why) for p in cost.parts if (why := part_unread(p)) is not None), None):
        return f"cost: {unpaid[0].text} ({unpaid[1]})"
    kinds = [p.kind for p in cost.parts if p.kind is not CostPartKind.PUT_COUNTER]
    if len(set(kinds)) != len(kinds):
        return f"cost: {cost.describe()} (two parts of one kind)"
    amounts = [ability.output.amount, *(output.amount for _, output in ability.conditional)]
    if any(amount.kind not in _EXECUTED_AMOUNTS for amount in amounts):
        return "amount: " + next(a.kind.value for a in amounts if a.kind not in _EXECUTED_AMOUNTS)
    if unread := _unread_reveal(ability):
        return f"amount: the cards revealed ({unread!r}) are not read as cards"
    if ability.output.kind is OutputKind.DIFFERENT:
        return f"output: {ability.output.amount.constant} mana of different colors".replace(
            "2 mana", "two mana"
        ).replace("3 mana", "three mana")
    if ability.restriction is not None and ability.restriction.not_generic:
        return "restriction: this mana can't be spent to pay generic mana costs"
    for effect in ability.side_effects:
        if effect.kind not in _HARMLESS_SIDE_EFFECTS and not (
            effect.kind in (SideEffectKind.PUT_COUNTER, SideEffectKind.REMOVE_COUNTER)
            and effect.what not in _counters_read(ability)
        ):
            return f"side effect: {effect.text}"
    return None


#: The timing of 'only during your turn before the end step' (Mana Cache): the board's ``active_player`` and
#: ``step`` say.
_BEFORE_END_STEP = "your_turn_before_end_step"


def _counters_read(ability: ManaAbility) -> set[str]:
    """The kinds of counters on its permanent the ability reads: its cost removes them, a condition or an
    amount counts them (a counter its effect puts or removes after the mana is added changes none of
    that)."""
    conditions = [ability.activation_condition, *(condition for condition, _ in ability.conditional)]
    amounts = [ability.output.amount, *(output.amount for _, output in ability.conditional)]
    return (
        {ability.cost.remove_counter}
        | {c.counter for c in conditions if c is not None and c.counter}
        | {a.counter for a in amounts if a.counter}
    ) - {""}


def _unread_reveal(ability: ManaAbility) -> str:
    """What a REVEALED amount reveals, when it is not read as cards ('creature card with power 5 or
    greater'); "" when it is (or the ability reveals nothing)."""
    what = revealing(ability)
    if ability.output.amount.kind is not AmountKind.REVEALED:
        return ""
    if what is None:
        return "(nothing)"
    return "" if revealed_filter(what) is not None else what


_EXECUTED = ""
_FROM_HAND = "from the hand"


def _executed(
    abilities: list[ManaAbility],
) -> tuple[tuple[ManaAbility, ...], tuple[tuple[str, str], ...]]:
    """The abilities the planner executes in full, and the text and verdict of the others (but those
    activated from the hand only, which are not on the battlefield: 605.1a)."""
    kept: list[ManaAbility] = []
    set_aside: list[tuple[str, str]] = []
    for ability in map(lowered, abilities):
        verdict = _verdict(ability)
        if verdict == _EXECUTED:
            kept.append(ability)
        elif verdict != _FROM_HAND:
            set_aside.append((ability.text, verdict))
    return tuple(kept), tuple(set_aside)


def _banned(sourced: SourcedEffect, view: BoardView, pid: str) -> bool:
    """True when an :class:`ActivationBan` in force covers the permanent ``pid``."""
    ban = sourced.effect
    assert isinstance(ban, ActivationBan)
    return view.matches(ban.affected, pid, sourced.source)


@per_card(maxsize=8192)
def _printed_characteristics(
    oracle: str, name: str, line: TypeLine, haste: bool
) -> tuple[Characteristics, tuple[tuple[str, str], ...]]:
    """A permanent's characteristics as printed (no effect changes its types or grants it abilities), and
    the text and verdict of the mana abilities the planner does not execute.

    >>> found, _ = _printed_characteristics("", "Forest", TypeLine.parse("Basic Land — Forest"), False)
    >>> [ability.text for ability in found.mana_abilities]
    ['{T}: Add {G}.']
    """
    parsed = parse_oracle(oracle, name)
    fixed = [a for a in parsed.mana_abilities if not counters_removed_any(a)]
    kept, set_aside = _executed([*fixed, *_intrinsic(line)])
    return Characteristics(line, kept, False, haste or parsed.has_haste), set_aside


def counters_removed_any(ability: ManaAbility) -> str:
    """The kind of counter a cost 'Remove X (or any number of) ... counters from ~' removes ('storage'), or
    '' for any other ability. Such an ability is a family, one for each number of counters the permanent
    has to remove (:func:`removing`): the number is chosen as the cost is paid (CR 601.2b, 602.2b).

    >>> from models.oracle import parse_oracle
    >>> (network,) = parse_oracle("{T}, Remove any number of storage counters from this land: Add {C} for "
    ...     "each storage counter removed this way.").mana_abilities
    >>> counters_removed_any(network), counters_removed_any(parse_oracle("{T}: Add {G}.").mana_abilities[0])
    ('storage', '')
    """
    for part in ability.cost.parts:
        if part.kind is CostPartKind.REMOVE_X_COUNTERS:
            return part.what
    return ""


@per_card(maxsize=4096)
def removing(ability: ManaAbility, count: int) -> ManaAbility:
    """The ability of a family (:func:`counters_removed_any`) that removes ``count`` counters: its cost
    removes that many (none: no counter at all), and 'for each counter removed this way' (or X) is that
    number, plus what the text adds to it ('Add {U}, then add an additional {U} for each ...': 1 + count).

    >>> from models.oracle import parse_oracle
    >>> (pools,) = parse_oracle("{1}, Remove X storage counters from this land: Add X mana in any "
    ...     "combination of {W} and/or {U}.").mana_abilities
    >>> three = removing(pools, 3)
    >>> three.cost.describe(), three.output.amount.constant, three.text == pools.text
    ('{1}, Remove 3 storage counter(s)', 3, True)
    >>> (battery,) = parse_oracle("{T}, Remove any number of charge counters from this artifact: Add {U}, "
    ...     "then add an additional {U} for each charge counter removed this way.").mana_abilities
    >>> [(removing(battery, n).cost.describe(), removing(battery, n).output.amount.constant) for n in (0, 2)]
    [('{T}', 1), ('{T}, Remove 2 charge counter(s)', 3)]
    """
    cost = ability.cost
    parts = tuple(part for part in cost.parts if part.kind is not CostPartKind.REMOVE_X_COUNTERS)
    amount = ability.output.amount
    if amount.kind is AmountKind.REMOVED:
        constant = amount.multiplier * count + amount.plus
        amount = replace(amount, kind=AmountKind.CONSTANT, constant=constant, multiplier=1, plus=0)
    kind = counters_removed_any(ability) if count else ""
    return replace(
        ability,
        cost=replace(cost, remove_counter=kind, remove_count=count, parts=parts),
        output=replace(ability.output, amount=amount),
    )


def _fewest_removed(ability: ManaAbility) -> int:
    """The fewest counters a family's ability (:func:`counters_removed_any`) usefully removes: none when it
    makes mana anyway (Blue Mana Battery's {U}, 'then an additional {U} for each'), else one."""
    amount = ability.output.amount
    return 0 if amount.kind is AmountKind.REMOVED and amount.plus > 0 else 1


@per_card(maxsize=8192)
def _removal_families(oracle: str, name: str) -> tuple[ManaAbility, ...]:
    """The card's abilities whose cost removes a number of counters chosen as it is paid."""
    return tuple(a for a in parse_oracle(oracle, name).mana_abilities if counters_removed_any(a))


def _removals(permanent: Permanent, families: Sequence[ManaAbility]) -> list[ManaAbility]:
    """The abilities of each family (:func:`counters_removed_any`) the permanent can activate now: one for
    each number of its counters from 1 up (removing none makes no mana; from none up when it does:
    :func:`_fewest_removed`), in that order, so that the list for fewer counters starts the list for more (a
    plan's steps keep their numbers as counters go)."""
    return [
        removing(family, count)
        for family in families
        for count in range(_fewest_removed(family), permanent.counter(counters_removed_any(family)) + 1)
    ]


def _reads_chosen_color(ability: ManaAbility) -> bool:
    """True when some of the ability's mana is of the color chosen as its permanent entered.

    >>> from models.oracle import parse_oracle
    >>> (heart,) = parse_oracle("{T}: Add one mana of the chosen color.").mana_abilities
    >>> _reads_chosen_color(heart)
    True
    """
    outputs = (ability.output, *(output for _, output in ability.conditional))
    return any(output.palette.kind is PaletteKind.CHOSEN_COLOR for output in outputs)


def _reads_chosen_type(ability: ManaAbility) -> bool:
    """True when the ability's mana may be spent only on spells of the creature type chosen as its permanent
    entered (Cavern of Souls), or its amount counts permanents of that type."""
    restriction = ability.restriction
    if restriction is not None and any(use.chosen_type for use in restriction.uses):
        return True
    outputs = (ability.output, *(output for _, output in ability.conditional))
    return any(o.amount.filter is not None and o.amount.filter.chosen_type for o in outputs)


def _missing_choice(effect: StaticEffect, choices: Choices) -> str | None:
    """What the effect reads of its permanent's choices that the board doesn't give, as the choice's key and
    why (``"imprinted: ..."``), or None: such an effect is set aside and reported, never used as if nothing,
    or anything, had been chosen."""
    if needs_imprinted(effect) and choices.imprinted is None:
        return "imprinted: the card it exiled is not given"
    if isinstance(effect, TypeChange) and effect.chosen and choices.basic_land_type is None:
        return "basic_land_type: the basic land type chosen as it entered is not given"
    if isinstance(effect, ColorChange) and effect.chosen and choices.color is None:
        return "color: the color chosen as it entered is not given"
    return None


def _in_force(effect: StaticEffect, permanent: Permanent) -> bool:
    """True when a static effect of the permanent applies: it reads no choice the board doesn't give
    (:func:`_missing_choice`), and the counter it applies while is on the permanent (Zhao)."""
    if _missing_choice(effect, permanent.choices) is not None:
        return False
    if isinstance(effect, TypeChange) and effect.while_counter:
        return permanent.counter(effect.while_counter) > 0
    return True


def _with_chosen_type(effect: TypeChange, choices: Choices) -> TypeChange:
    """The type change with the chosen basic land type in it, when its types are the chosen one (Realmwright).

    >>> from models.oracle import parse_oracle
    >>> text = "Lands you control are the chosen type in addition to their other types."
    >>> (realm,) = parse_oracle(text).effects
    >>> assert isinstance(realm, TypeChange)
    >>> _with_chosen_type(realm, Choices(basic_land_type="Island")).land_types
    ('Island',)
    """
    if not effect.chosen or choices.basic_land_type is None:
        return effect
    return replace(effect, land_types=(choices.basic_land_type,))


_NO_UNTAP = re.compile(r"~ doesn't untap during (?:your|its controller's) untap steps?", re.I)


@per_card(maxsize=4096)
def _stays_tapped(oracle: str, name: str) -> bool:
    """True when a card's text says it doesn't untap during its controller's untap step (Mana Vault)."""
    parsed = parse_oracle(oracle, name)
    return any(_NO_UNTAP.fullmatch(sentence.text.rstrip(".")) for sentence in parsed.sentences)


def _intrinsic(line: TypeLine) -> list[ManaAbility]:
    """The mana abilities a land has for its basic land types (CR 305.6), in the order of the types."""
    if not line.is_a("Land"):
        return []
    return [parse_oracle(_INTRINSIC[t]).mana_abilities[0] for t in line.basic_land_types]


@per_card(maxsize=1 << 16)  # (a pure function of the ability's printed text, read once per ability)
def _verdict(ability: ManaAbility) -> str:
    """``_EXECUTED``, ``_FROM_HAND``, or the part of the ability the planner does not execute."""
    parts = ability.cost.parts
    if parts and any(part.kind is CostPartKind.EXILE_SELF_FROM_HAND for part in parts):
        return _FROM_HAND
    return unexecuted_part(ability) or _EXECUTED


_INTRINSIC = {land_type: f"{{T}}: Add {{{letter}}}." for land_type, letter in BASIC_LAND_TYPES.items()}


_Key = TypeVar("_Key", bound=Hashable)
_Value = TypeVar("_Value")


class ViewTable(Generic[_Key, _Value]):
    """A table of answers that a module works out from views, declared once (at module level) with the types
    of what it holds. Its entries live in the view they were worked out from and die with it (and so with
    the question: nothing here is kept across questions). With ``shared``, they live with the view's
    :class:`Structure`, shared by every view rebound from it (a replay's view, step by step), so that a
    key must hold every status its answer reads; ``limit`` bounds the entries (past it they are all
    forgotten). ``MANA_PLANNER_CACHE=off`` (:mod:`models.kept`) turns the tables off: each call then works
    its answer out again.

    >>> from models.board import Board
    >>> lengths: ViewTable[str, int] = ViewTable("example.lengths")
    >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}]}))
    >>> lengths.put(view, "Forest", 6)
    >>> lengths.get(view, "Forest") == (6 if CACHING else None)
    True
    >>> lengths.get(view.rebind(view.board), "Forest") is None  # (a rebound view's statuses may differ)
    True
    """

    __slots__ = ("limit", "name", "shared")

    def __init__(self, name: str, *, shared: bool = False, limit: int | None = None) -> None:
        self.name = name
        self.shared = shared
        self.limit = limit

    def _entries(self, view: BoardView) -> dict[_Key, _Value]:
        tables = view.structure.tables if self.shared else view.tables
        entries = tables.get(self)
        if entries is None:
            entries = tables[self] = {}
        return entries

    def get(self, view: BoardView, key: _Key) -> _Value | None:
        """The answer kept in ``view`` for ``key``, or None."""
        tables = view.structure.tables if self.shared else view.tables
        entries = tables.get(self)
        return None if entries is None else entries.get(key)

    def put(self, view: BoardView, key: _Key, value: _Value) -> None:
        """Keep ``value`` for ``key`` in ``view`` (nothing with the tables off)."""
        if not CACHING:
            return
        entries = self._entries(view)
        if self.limit is not None and len(entries) >= self.limit:
            entries.clear()
        entries[key] = value

    def __repr__(self) -> str:
        return f"ViewTable({self.name!r})"


@dataclass(slots=True)
class Structure:
    """What a view has worked out of its board's permanents as they are printed and as the effects in force
    make them: their parsed text, the layers (CR 613), the effects in force, their characteristics and what
    is not executed. It reads which permanents there are and what they are, and their counters (a counter
    an effect applies while, the abilities of a family that removes counters), never their tapped flags,
    abilities activated this turn, life totals or pools. :meth:`BoardView.rebind` hands a copy of it to a
    view of a board that differs only in those, which then need not work it out again; each field is
    worked out on first use. ``tables`` holds the shared :class:`ViewTable` tables' entries, the same
    dictionary in every copy."""

    parsed: dict[str, ParsedText] | None = None
    warnings: tuple[TextWarning, ...] | None = None
    missing_choices: tuple[TextWarning, ...] | None = None
    #: layer 4: the type lines after type-changing effects, and the lands that lost their text abilities
    layer4: tuple[dict[str, TypeLine], frozenset[str]] | None = None
    #: layer 5: the colors of the permanents color-changing effects change
    layer5: dict[str, ManaTypes] | None = None
    effects: tuple[SourcedEffect, ...] | None = None
    #: the effects in force by kind, filled as they are asked for (the same dictionary in every copy)
    effects_by_kind: dict[type[StaticEffect], tuple[SourcedEffect, ...]] = field(default_factory=dict)
    characteristics: dict[str, Characteristics] | None = None
    #: the mana abilities set aside because a part of them is not executed (with :attr:`characteristics`)
    unexecuted: tuple[TextWarning, ...] = ()
    tables: dict[ViewTable[Any, Any], dict[Any, Any]] = field(default_factory=dict)

    def handed_on(self) -> Structure:
        """A copy for a rebound view: what is worked out so far, and the same shared tables."""
        return copy(self)


#: The permanents a filter matches (:meth:`BoardView.matching`), by the filter, its source's controller and
#: the permanents removed.
_MATCHING: ViewTable[tuple[ObjectFilter, str | None, frozenset[str]], tuple[str, ...]] = ViewTable(
    "view.matching"
)


class BoardView:
    """A board with its rules applied: parsed text, characteristics, effects in force, and eligibility.

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"},
    ...     {"id": "bm", "card": "Blood Moon", "controller": "me"},
    ...     {"id": "pool", "card": "Reflecting Pool", "controller": "me"}]})
    >>> view = BoardView(board)
    >>> [a.text for a in view.characteristics("pool").mana_abilities]
    ['{T}: Add {R}.']
    """

    def __init__(self, board: Board, structure: Structure | None = None) -> None:
        self.board = board
        #: what this view has worked out of its permanents' characteristics (:meth:`rebind` hands it on)
        self.structure = structure if structure is not None else Structure()
        #: the entries of the :class:`ViewTable` tables that are this view's own (they read its statuses)
        self.tables: dict[ViewTable[Any, Any], dict[Any, Any]] = {}
        self._by_id: dict[str, Permanent] = {p.id: p for p in board.permanents}
        #: the statuses (see :meth:`statuses`) once asked for, kept up to date by :meth:`update`, and where
        #: each permanent's is in the list
        self._statuses: list[tuple[str, bool, tuple[tuple[str, int], ...]]] | None = None
        self._status_at: dict[str, int] = {}
        self._players: dict[str, Player] = {}

    # ---------------------------------------------------------------- parsing

    @cached_property
    def parsed(self) -> dict[str, ParsedText]:
        """Each permanent's parsed rules text."""
        structure = self.structure
        if structure.parsed is None:
            structure.parsed = {p.id: parse_oracle(p.oracle, p.name) for p in self.board.permanents}
        return structure.parsed

    @cached_property
    def warnings(self) -> tuple[TextWarning, ...]:
        """Every unsupported sentence on the board, and every mana ability read but not executed, with its
        permanent's id."""
        structure = self.structure
        if structure.warnings is None:
            structure.warnings = self._worked_out_warnings()
        return structure.warnings

    def _worked_out_warnings(self) -> tuple[TextWarning, ...]:
        unread = tuple(
            TextWarning(pid, sentence)
            for pid, parsed in self.parsed.items()
            for sentence in parsed.unsupported
        )
        return (
            unread + self._missing_choices + self._undefined_choices + tuple(dict.fromkeys(self._unexecuted))
        )

    @cached_property
    def _missing_choices(self) -> tuple[TextWarning, ...]:
        """The effects set aside because they read a choice the board doesn't give (the card exiled with
        Extraplanar Lens): never used as if nothing, or anything, had been chosen."""
        structure = self.structure
        if structure.missing_choices is None:
            structure.missing_choices = tuple(
                TextWarning(p.id, e.text, f"{self.path(p.id)}.choices.{missing}")
                for p in self.board.permanents
                for e in self.parsed[p.id].effects
                if (missing := _missing_choice(e, p.choices)) is not None
            )
        return structure.missing_choices

    @cached_property
    def _undefined_choices(self) -> tuple[TextWarning, ...]:
        """The mana abilities and effects that read a choice made as their permanent entered that the board
        doesn't give (contract section 10: a copy never chose): each is used, and makes no mana of the
        undefined color (CR 106.5), lets its mana pay for no spell of the undefined creature type, or changes
        the cost of none."""
        found: list[TextWarning] = []
        for permanent in self.board.permanents:
            pid, choices = permanent.id, permanent.choices
            if choices.color is not None and choices.creature_type is not None:
                continue  # (the common case: no choice, or both made)
            where = f"{self.path(pid)}.choices"
            color = (
                f"{where}.color: no color was chosen as it entered; mana of an undefined color is no mana "
                "(CR 106.5)"
            )
            kind = f"{where}.creature_type: no creature type was chosen as it entered; "
            for ability in self.mana_abilities(pid):
                if choices.color is None and _reads_chosen_color(ability):
                    found.append(TextWarning(pid, ability.text, color, True))
                elif choices.creature_type is None and _reads_chosen_type(ability):
                    found.append(TextWarning(pid, ability.text, kind + "its mana pays for no spell", True))
            for effect in self.parsed[pid].effects:
                if (
                    choices.color is None
                    and isinstance(effect, ManaTrigger)
                    and (effect.chosen_color or effect.adds.palette.kind is PaletteKind.CHOSEN_COLOR)
                ):
                    found.append(TextWarning(pid, effect.text, color, True))
                elif (
                    choices.creature_type is None
                    and isinstance(effect, CostModifier)
                    and effect.spells.chosen_type
                ):
                    found.append(TextWarning(pid, effect.text, kind + "no spell is of that type", True))
        return tuple(found)

    @cached_property
    def _unexecuted(self) -> tuple[TextWarning, ...]:
        """The mana abilities set aside because the planner does not execute one of their parts."""
        self._characteristics  # noqa: B018 - fills the structure's list
        return self.structure.unexecuted

    def permanent(self, pid: str) -> Permanent:
        """The permanent with this id."""
        return self._by_id[pid]

    def player(self, player_id: str) -> Player:
        """The player with this id as the game has them now: what :meth:`update_player` put in place, else
        the board's (its life total, graveyard and hand are what amounts read mid-plan)."""
        return self._players.get(player_id) or self.board.player(player_id)

    def update_player(self, player: Player) -> None:
        """Put a player's new life total, graveyard or hand in place, in this view only (a replay's view,
        changed step by step); ``board`` keeps the players it was built with.

        >>> from models.board import Board
        >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}]}))
        >>> view.update_player(replace(view.player("me"), life=7))
        >>> view.player("me").life, view.board.player("me").life
        (7, 20)
        """
        self._players[player.id] = player

    def statuses(self) -> tuple[tuple[str, bool, tuple[tuple[str, int], ...]], ...]:
        """The permanents on the view's board now, in order, with what a rebound view may change of them:
        their tapped flags and counters.

        >>> from dataclasses import replace
        >>> from models.board import Board
        >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
        ...     {"id": "f", "card": "Forest", "controller": "me"}]})
        >>> view = BoardView(board)
        >>> view.update(replace(view.permanent("f"), tapped=True))
        >>> view.statuses()
        (('f', True, ()),)
        """
        if self._statuses is None:
            by_id = self._by_id
            self._statuses = [(p.id, by_id[p.id].tapped, by_id[p.id].counters) for p in self.board.permanents]
            self._status_at = {p.id: number for number, p in enumerate(self.board.permanents)}
        return tuple(self._statuses)

    def has(self, pid: str) -> bool:
        """True when the permanent is on this view's board."""
        return pid in self._by_id

    def update(self, permanent: Permanent) -> None:
        """Put a new status (tapped, counters, abilities activated this turn) of one of the view's permanents
        in place, in this view only (a replay's view, changed step by step). Its printed characteristics must
        be the ones it had.

        Statuses are read through :meth:`permanent`; ``board`` keeps the statuses it was built with.

        >>> from dataclasses import replace
        >>> from models.board import Board
        >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
        ...     {"id": "f", "card": "Forest", "controller": "me"}]})
        >>> view = BoardView(board)
        >>> view.update(replace(view.permanent("f"), tapped=True))
        >>> view.why_not_activatable("f", view.mana_abilities("f")[0])
        'Forest (f) is already tapped'
        """
        assert self._by_id[permanent.id].name == permanent.name
        self._by_id[permanent.id] = permanent
        if self._statuses is not None:
            self._statuses[self._status_at[permanent.id]] = (
                permanent.id,
                permanent.tapped,
                permanent.counters,
            )

    def without(self, pid: str, board: Board) -> BoardView | None:
        """A view of ``board``, this view's board without ``pid`` (sacrificed mid-plan), reusing what was
        worked out here; None when that can't be reused: ``pid`` is a source of effects, or a land-type
        effect is in force (whose dependencies may read it).

        >>> from models.board import Board
        >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
        ...     {"id": "f", "card": "Forest", "controller": "me"},
        ...     {"id": "t", "card": "Treasure", "controller": "me"}]})
        >>> view = BoardView(board)
        >>> [p.id for p in view.without("t", board.without_permanent("t")).board.permanents]
        ['f']
        """
        if self.parsed[pid].effects:
            return None
        # a land-type effect applies to lands only, and never makes a land of a nonland (CR 305.7): a
        # nonland's leaving changes no land's type, nor the order the effects apply in (CR 613.8)
        if self.type_line(pid).is_a("Land") and any(isinstance(e.effect, TypeChange) for e in self.effects):
            return None
        return self.rebind(board)

    def rebind(self, board: Board) -> BoardView:
        """A view of ``board``, which must differ from this view's only in what no characteristic reads
        (tapped flags, counters, abilities activated this turn, life totals, pools), reusing everything
        already worked out here."""
        return BoardView(board, self.structure.handed_on())

    def path(self, pid: str) -> str:
        """The JSON path of a permanent in the board file, e.g. ``permanents[3]``."""
        return f"permanents[{[p.id for p in self.board.permanents].index(pid)}]"

    # ---------------------------------------------------------------- layer 4

    @cached_property
    def _layer4(self) -> tuple[dict[str, TypeLine], frozenset[str]]:
        """Type lines after type-changing effects (land types, added card types), and the ids of lands that
        lost their text abilities."""
        structure = self.structure
        if structure.layer4 is None:
            structure.layer4 = self._worked_out_layer4()
        return structure.layer4

    def _worked_out_layer4(self) -> tuple[dict[str, TypeLine], frozenset[str]]:
        candidates = [
            SourcedEffect(p.id, p.controller, _with_chosen_type(e, p.choices))
            for p in self.board.permanents
            for e in self.parsed[p.id].effects
            if isinstance(e, TypeChange) and _in_force(e, p)
        ]
        types = {p.id: p.type_line for p in self.board.permanents}
        lost: frozenset[str] = frozenset()
        remaining = list(candidates)
        # what each effect applies to now, kept up to date as effects apply (see _updated)
        sets = {id(e): self._affected_by(e, types, lost) for e in remaining}
        while remaining:
            depends = self._dependencies(types, lost, sets)
            chosen = next(
                (e for e in remaining if not any(depends(e, f) for f in remaining if f is not e)),
                remaining[0],  # a dependency loop: timestamp order (CR 613.8b)
            )
            remaining.remove(chosen)
            new_types, new_lost = self._apply_type_change(chosen, types, lost, sets[id(chosen)])
            changed = tuple(pid for pid in new_types if new_types[pid] is not types[pid])
            for effect in remaining:
                sets[id(effect)] = self._updated(effect, sets[id(effect)], new_types, new_lost, changed)
            types, lost = new_types, new_lost
        return types, lost

    def _updated(
        self,
        sourced: SourcedEffect,
        was: frozenset[str] | None,
        types: dict[str, TypeLine],
        lost: frozenset[str],
        changed: tuple[str, ...],
    ) -> frozenset[str] | None:
        """What a type change applies to once the type lines of ``changed`` (only) are ``types``' and the
        lands in ``lost`` lost their abilities: whether a permanent is among them reads only its own type
        line, so only the changed ones are looked at again (:meth:`_affected_by` in the new state)."""
        if was is None or sourced.source in lost:
            return None
        effect = sourced.effect
        assert isinstance(effect, TypeChange)
        now = set(was)
        for pid in changed:
            if (effect.card_types or types[pid].is_a("Land")) and self.matches(
                effect.affected, pid, sourced.source, types
            ):
                now.add(pid)
            else:
                now.discard(pid)
        return frozenset(now)

    def _dependencies(
        self, types: dict[str, TypeLine], lost: frozenset[str], sets: dict[int, frozenset[str] | None]
    ) -> Callable[[SourcedEffect, SourcedEffect], bool]:
        """Whether ``first`` depends on ``other`` in one state (CR 613.8a: applying ``other`` would change
        whether ``first`` exists or what it applies to), given what each effect applies to there (``sets``),
        each other effect's result worked out once."""
        after: dict[int, tuple[dict[str, TypeLine], frozenset[str], tuple[str, ...]]] = {}

        def depends(first: SourcedEffect, other: SourcedEffect) -> bool:
            was = sets[id(first)]
            if sets[id(other)] is None or was is None:
                return False  # (an effect that does not exist stays so: lost abilities are not regained)
            if id(other) not in after:
                new_types, new_lost = self._apply_type_change(other, types, lost, sets[id(other)])
                changed = tuple(pid for pid in new_types if new_types[pid] is not types[pid])
                after[id(other)] = (new_types, new_lost, changed)
            new_types, new_lost, changed = after[id(other)]
            return self._updated(first, was, new_types, new_lost, changed) != was

        return depends

    def _affected_by(
        self, sourced: SourcedEffect, types: dict[str, TypeLine], lost: frozenset[str]
    ) -> frozenset[str] | None:
        """The ids a type change applies to in a state, or None when the effect does not exist there."""
        if sourced.source in lost:
            return None
        effect = sourced.effect
        assert isinstance(effect, TypeChange)
        return frozenset(
            p.id
            for p in self.board.permanents
            if (effect.card_types or types[p.id].is_a("Land"))
            and self.matches(effect.affected, p.id, sourced.source, types)
        )

    def _apply_type_change(
        self,
        sourced: SourcedEffect,
        types: dict[str, TypeLine],
        lost: frozenset[str],
        known: frozenset[str] | None = None,
    ) -> tuple[dict[str, TypeLine], frozenset[str]]:
        """The type lines and lost abilities after one type change; ``known``: what it applies to there, when
        already worked out."""
        affected = known if known is not None else self._affected_by(sourced, types, lost)
        if not affected:
            return types, lost
        effect = sourced.effect
        assert isinstance(effect, TypeChange)
        new_types = dict(types)
        newly_lost = set(lost)
        for pid in affected:
            line = types[pid]
            if effect.card_types:
                added = tuple(t for t in effect.card_types if t not in line.card_types)
                if added:
                    new_types[pid] = replace(line, card_types=(*line.card_types, *added))
                continue
            if effect.adds:
                subtypes = (*line.subtypes, *(t for t in effect.land_types if t not in line.subtypes))
            else:
                # 305.7: the new land types replace the old ones; other subtypes (Dryad) stay.
                kept = tuple(t for t in line.subtypes if not _is_land_subtype(t))
                subtypes = (*kept, *effect.land_types)
                newly_lost.add(pid)
            new_types[pid] = line.with_subtypes(subtypes)
        return new_types, frozenset(newly_lost)

    # ---------------------------------------------------------------- effects and layer 6

    def type_line(self, pid: str) -> TypeLine:
        """The permanent's type line after layer 4."""
        return self._layer4[0][pid]

    def lost_text_abilities(self, pid: str) -> bool:
        """True when a set-land-type effect removed the abilities of its rules text (CR 305.7)."""
        return pid in self._layer4[1]

    @cached_property
    def effects(self) -> tuple[SourcedEffect, ...]:
        """The effects in force: those of permanents that still have their text abilities, but for those that
        read a choice the board doesn't give (reported in :attr:`warnings`)."""
        structure = self.structure
        if structure.effects is None:
            structure.effects = tuple(
                SourcedEffect(p.id, p.controller, e)
                for p in self.board.permanents
                if not self.lost_text_abilities(p.id)
                for e in self.parsed[p.id].effects
                if _in_force(e, p)
            )
        return structure.effects

    def effects_of(self, kind: type[StaticEffect]) -> Iterator[SourcedEffect]:
        """The effects in force of one kind, in timestamp order."""
        by_kind = self.structure.effects_by_kind
        found = by_kind.get(kind)
        if found is None:
            found = by_kind[kind] = tuple(e for e in self.effects if isinstance(e.effect, kind))
        return iter(found)

    @cached_property
    def _characteristics(self) -> dict[str, Characteristics]:
        """Each permanent's characteristics now (its type line after layer 4, its abilities after layer 6)."""
        structure = self.structure
        if structure.characteristics is None:
            structure.characteristics, structure.unexecuted = self._worked_out_characteristics()
        return structure.characteristics

    def _worked_out_characteristics(self) -> tuple[dict[str, Characteristics], tuple[TextWarning, ...]]:
        grants = list(self.effects_of(GrantAbility))
        bans = list(self.effects_of(ActivationBan))
        result: dict[str, Characteristics] = {}
        unexecuted: list[TextWarning] = []
        for permanent in self.board.permanents:
            pid = permanent.id
            line = self.type_line(pid)
            lost = self.lost_text_abilities(pid)
            if not grants and not bans and line is permanent.type_line and not lost:
                # as printed: the card's own characteristics, kept per card
                found, set_aside = _printed_characteristics(
                    permanent.oracle, permanent.name, line, permanent.haste
                )
                unexecuted += [TextWarning(pid, text, verdict) for text, verdict in set_aside]
                families = _removal_families(permanent.oracle, permanent.name)
                if families:
                    extra = self._executable(pid, _removals(permanent, families), unexecuted)
                    found = replace(found, mana_abilities=(*found.mana_abilities, *extra))
                found = self._with_known_amounts(permanent, found, unexecuted)
                result[pid] = self._with_known_imprint(permanent, found, unexecuted)
                continue
            abilities: list[ManaAbility] = [] if lost else list(self.parsed[pid].mana_abilities)
            abilities += _intrinsic(line)
            granted: set[tuple[str, str]] = set()  # (one effect granting 'each land and Ally' gives it once)
            for sourced in grants:
                grant = sourced.effect
                assert isinstance(grant, GrantAbility)
                once = (sourced.source, grant.text)
                if once not in granted and self.matches(grant.affected, pid, sourced.source):
                    granted.add(once)
                    abilities.append(grant.ability)
            families = tuple(a for a in abilities if counters_removed_any(a))
            if families:
                abilities = [a for a in abilities if not counters_removed_any(a)]
                abilities += _removals(permanent, families)
            haste = permanent.haste or (not lost and self.parsed[pid].has_haste)
            if any(_banned(ban, self, pid) for ban in bans):
                # Null Rod, Cursed Totem: none of its activated abilities can be activated, mana abilities
                # included (a simplification: what reflects what it could produce, CR 106.7, sees none either)
                abilities = []
            found = Characteristics(line, self._executable(pid, abilities, unexecuted), lost, haste)
            found = self._with_known_amounts(permanent, found, unexecuted)
            result[pid] = self._with_known_imprint(permanent, found, unexecuted)
        return result, tuple(unexecuted)

    def _with_known_amounts(
        self, permanent: Permanent, found: Characteristics, unexecuted: list[TextWarning]
    ) -> Characteristics:
        """The characteristics without the abilities whose amounts the board can't answer (a power it does
        not give, a graveyard given as a bare count: :func:`~planner.rules.amounts.board_gap`): reported in
        ``unexecuted`` with the path of what to give, never used with a guessed amount."""
        if not any(may_lack_board_facts(a) for a in found.mana_abilities):
            return found  # (the common case, checked at once)
        kept: list[ManaAbility] = []
        for ability in found.mana_abilities:
            gap = board_gap(self, permanent.id, ability)
            if gap is None:
                kept.append(ability)
            else:
                unexecuted.append(TextWarning(permanent.id, ability.text, gap))
        return found if len(kept) == len(found.mana_abilities) else replace(found, mana_abilities=tuple(kept))

    def _with_known_imprint(
        self, permanent: Permanent, found: Characteristics, unexecuted: list[TextWarning]
    ) -> Characteristics:
        """The characteristics without the abilities that read the colors of the card exiled with the
        permanent (Chrome Mox) when the board does not give them: reported in ``unexecuted``, never used as
        if that card had no colors."""
        for ability in found.mana_abilities:  # (the common case, no such ability, checked at once)
            if ability.output.palette.kind is PaletteKind.IMPRINTED_COLORS or ability.conditional:
                break
        else:
            return found
        if not any(reads_imprinted_colors(a) for a in found.mana_abilities):
            return found
        why = unknown_imprint(permanent.choices)
        if why is None:
            return found
        where = f"{self.path(permanent.id)}.choices.imprinted"
        unexecuted += [
            TextWarning(permanent.id, a.text, f"{where}: {why}")
            for a in found.mana_abilities
            if reads_imprinted_colors(a)
        ]
        kept = tuple(a for a in found.mana_abilities if not reads_imprinted_colors(a))
        return replace(found, mana_abilities=kept)

    @staticmethod
    def _executable(
        pid: str, abilities: list[ManaAbility], unexecuted: list[TextWarning]
    ) -> tuple[ManaAbility, ...]:
        """The abilities the planner executes in full; the others go to ``unexecuted`` as warnings."""
        kept, set_aside = _executed(abilities)
        unexecuted += [TextWarning(pid, text, verdict) for text, verdict in set_aside]
        return kept

    def characteristics(self, pid: str) -> Characteristics:
        """The permanent's characteristics now."""
        return self._characteristics[pid]

    def as_printed(self, pid: str) -> bool:
        """True when the permanent's characteristics are its card's: no effect changes its types or colors,
        takes its abilities away or grants it one (what it is alone on the battlefield).

        >>> from models.board import Board
        >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
        ...     {"id": "f", "card": "Forest", "controller": "me"},
        ...     {"id": "u", "card": "Urborg, Tomb of Yawgmoth", "controller": "me"},
        ...     {"id": "s", "card": "Sol Ring", "controller": "me"}]})
        >>> [BoardView(board).as_printed(pid) for pid in ("f", "u", "s")]  # Urborg makes every land a Swamp
        [False, False, True]
        """
        permanent = self._by_id[pid]
        if self.type_line(pid) is not permanent.type_line or self.lost_text_abilities(pid):
            return False
        if pid in self._layer5:
            return False  # (its colors changed: what reads them, convoke, sees other ones)
        for sourced in (*self.effects_of(GrantAbility), *self.effects_of(ActivationBan)):
            effect = sourced.effect
            assert isinstance(effect, GrantAbility | ActivationBan)
            if self.matches(effect.affected, pid, sourced.source):
                return False
        return True

    def untaps_normally(self, pid: str) -> bool:
        """False for a permanent whose text keeps it tapped through its controller's untap step (Mana Vault,
        Grim Monolith) or with a mana ability that says it doesn't untap during the next one (Waterveil
        Cavern), or that exerts it (Oasis Ritualist, CR 701.39: it won't untap during the next one); a land
        that lost its text abilities (a Waterveil Cavern under Blood Moon) has none of these.

        >>> from models.board import Board
        >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
        ...     {"id": "v", "card": "Mana Vault", "controller": "me"},
        ...     {"id": "f", "card": "Forest", "controller": "me"}]})
        >>> BoardView(board).untaps_normally("v"), BoardView(board).untaps_normally("f")
        (False, True)
        """
        permanent = self._by_id[pid]
        if not self.lost_text_abilities(pid) and _stays_tapped(permanent.oracle, permanent.name):
            return False
        return not any(
            exerts(ability) or any(effect.kind is SideEffectKind.NO_UNTAP for effect in ability.side_effects)
            for ability in self.mana_abilities(pid)
        )

    def mana_abilities(self, pid: str) -> tuple[ManaAbility, ...]:
        """The permanent's mana abilities now, in a stable order (text, intrinsic, granted)."""
        return self._characteristics[pid].mana_abilities

    # ---------------------------------------------------------------- filters and conditions

    def matches(
        self,
        flt: ObjectFilter,
        pid: str,
        source: str,
        types: dict[str, TypeLine] | None = None,
        removed: frozenset[str] = frozenset(),
    ) -> bool:
        """True when permanent ``pid`` matches a filter written on ``source`` (relative to its controller)."""
        if pid in removed:
            return False
        permanent = self._by_id[pid]
        source_permanent = self._by_id.get(source)
        line = types[pid] if types is not None else self.type_line(pid)
        if flt.self_only and pid != source:
            return False
        if flt.attached and (source_permanent is None or source_permanent.attached_to != pid):
            return False
        if flt.other and pid == source:
            return False
        if flt.untapped and permanent.tapped:
            return False
        if source_permanent is not None:
            if flt.controller is Who.YOU and permanent.controller != source_permanent.controller:
                return False
            if flt.controller is Who.OPPONENTS and permanent.controller == source_permanent.controller:
                return False
        if not all(line.is_a(word) for word in flt.types):
            return False
        if any(line.is_a(word) for word in flt.excluded):
            return False
        if flt.token is not None and permanent.token is not flt.token:
            return False
        if flt.power_at_least is not None and not self._power_at_least(pid, line, flt.power_at_least):
            return False
        if flt.counter is not None and not any(
            count > 0 and (not flt.counter or kind == flt.counter) for kind, count in permanent.counters
        ):
            return False
        if flt.colors or flt.colorless or flt.multicolored or flt.monocolored:
            # (layer 4's effects apply before colors change: what they apply to reads the printed colors)
            colors = self.printed_colors(pid) if types is not None else self.colors(pid)
            if flt.colors and not colors & flt.colors:
                return False
            if not flt.colors_match(colors):
                return False
        if flt.chosen_type:
            chosen = source_permanent.choices.creature_type if source_permanent else None
            if chosen is None or not line.is_a(chosen):
                return False
        if flt.named_as_imprinted:
            exiled = source_permanent.choices.imprinted if source_permanent else None
            if exiled is None or fold_name(exiled) != fold_name(permanent.name):
                return False
        return not flt.named or fold_name(flt.named) == fold_name(permanent.name)

    def colors(self, pid: str) -> ManaTypes:
        """A permanent's colors: its printed ones (:meth:`printed_colors`) after the color-changing effects
        (layer 5).

        >>> from models.board import Board
        >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "op"}], "permanents": [
        ...     {"id": "bop", "card": "Birds of Paradise", "controller": "me"},
        ...     {"id": "dawn", "card": "Celestial Dawn", "controller": "op"},
        ...     {"id": "elf", "card": "Llanowar Elves", "controller": "op"}]})
        >>> view = BoardView(board)
        >>> str(view.colors("bop")), str(view.colors("elf")), str(view.printed_colors("elf"))
        ('G', 'W', 'G')
        """
        changed = self._layer5.get(pid)
        return changed if changed is not None else self.printed_colors(pid)

    def printed_colors(self, pid: str) -> ManaTypes:
        """A permanent's colors before any effect: none with devoid (CR 702.114a), else its color indicator,
        else its mana cost's (CR 202.2)."""
        permanent = self._by_id[pid]
        return card_colors(permanent.mana_cost, permanent.color_indicator, permanent.oracle, permanent.name)

    @cached_property
    def _layer5(self) -> dict[str, ManaTypes]:
        """The colors of the permanents that color-changing effects change (layer 5, CR 613.1e), each effect
        applied in timestamp order (the board's), to what it matches once those before it applied."""
        structure = self.structure
        if structure.layer5 is None:
            structure.layer5 = self._worked_out_layer5()
        return structure.layer5

    def _worked_out_layer5(self) -> dict[str, ManaTypes]:
        changes = list(self.effects_of(ColorChange))
        if not changes:
            return {}
        printed = {p.id: self.printed_colors(p.id) for p in self.board.permanents}
        colors = dict(printed)
        for sourced in changes:
            effect = sourced.effect
            assert isinstance(effect, ColorChange)
            chosen = self._by_id[sourced.source].choices.color
            wanted = effect.affected.colors
            uncolored = replace(effect.affected, colors=ManaTypes())  # (colors read as they are by now)
            for permanent in self.board.permanents:
                pid = permanent.id
                if (not wanted or colors[pid] & wanted) and self.matches(uncolored, pid, sourced.source):
                    colors[pid] = effect.recolored(colors[pid], chosen)
        return {pid: found for pid, found in colors.items() if found != printed[pid]}

    def graveyard_colors(self, player: str) -> ManaTypes:
        """The colors of the cards in a player's graveyard (as the board lists them), after the effects that
        change the colors of cards that aren't on the battlefield (:meth:`colors_elsewhere`)."""
        graveyard = self.board.player(player).graveyard
        found = ManaTypes()
        for card in graveyard if isinstance(graveyard, tuple) else ():
            found |= self.colors_elsewhere(card.colors, player, spell=False)
        return found

    def colors_elsewhere(self, colors: ManaTypes, player: str, *, spell: bool) -> ManaTypes:
        """The colors of a spell ``player`` controls (``spell``), or of a card ``player`` owns that isn't on
        the battlefield (the card exiled with a permanent), whose colors are ``colors`` before the
        color-changing effects that reach it there (Painter's Servant, Mycosynth Lattice, Celestial Dawn),
        applied in timestamp order.

        >>> from models.board import Board
        >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "op"}], "permanents": [
        ...     {"id": "dawn", "card": "Celestial Dawn", "controller": "me"}]})
        >>> view, red = BoardView(board), ManaTypes.parse("R")
        >>> [str(view.colors_elsewhere(red, player, spell=True)) for player in ("me", "op")]
        ['W', 'R']
        """
        for sourced in self.effects_of(ColorChange):
            effect = sourced.effect
            assert isinstance(effect, ColorChange)
            whose = effect.spells if spell else effect.cards
            if whose is not None and whose.includes(sourced.controller, player):
                colors = effect.recolored(colors, self._by_id[sourced.source].choices.color)
        return colors

    def count(self, flt: ObjectFilter, source: str, removed: frozenset[str] = frozenset()) -> int:
        """How many permanents match a filter written on ``source``."""
        return len(self.matching(flt, source, removed))

    def matching(
        self, flt: ObjectFilter, source: str, removed: frozenset[str] = frozenset()
    ) -> tuple[str, ...]:
        """The ids of the permanents that match a filter written on ``source``, in board order.

        What a filter reads of its source is only its controller, unless it names the source itself, what
        it is attached to or its choices; the matches are then kept in the view (:data:`_MATCHING`) per
        controller (a filter on untapped permanents reads statuses, which :meth:`update` changes: never
        kept), so that a board's many Reflecting Pools or Cabal Coffers look through it once.

        >>> from models.board import Board
        >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
        ...     {"id": "f", "card": "Forest", "controller": "me"},
        ...     {"id": "s", "card": "Swamp", "controller": "me"}]})
        >>> view = BoardView(board)
        >>> view.matching(ObjectFilter(types=("Land",), controller=Who.YOU, other=True), "f")
        ('s',)
        """
        if flt.reads_status or flt.reads_source:
            return tuple(
                p.id for p in self.board.permanents if self.matches(flt, p.id, source, removed=removed)
            )
        anyone = replace(flt, other=False) if flt.other else flt
        owner = self._by_id.get(source)
        key = (anyone, None if owner is None else owner.controller, removed)
        found = _MATCHING.get(self, key)
        if found is None:
            found = tuple(
                p.id for p in self.board.permanents if self.matches(anyone, p.id, source, removed=removed)
            )
            _MATCHING.put(self, key, found)
        return tuple(pid for pid in found if pid != source) if flt.other else found

    def tap_damage(self, pid: str, *, for_mana: bool) -> int:
        """The damage its controller takes from triggers on tapping the permanent, tapped for mana (CR
        106.12) or for another cost: its own 'whenever ~ becomes tapped' (City of Brass), and effects on the
        permanents they match, tapped for mana (Manabarbs) or at all (Psychic Venom). A trigger, not a mana
        ability (605.1b): it waits for the stack, so the damage is taken, not lost from the life the payment
        has.

        >>> from models.board import Board
        >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "opp"}], "permanents": [
        ...     {"id": "f", "card": "Forest", "controller": "me"},
        ...     {"id": "sol", "card": "Sol Ring", "controller": "me"},
        ...     {"id": "mb", "name": "Manabarbs", "type_line": "Enchantment", "controller": "opp", "oracle":
        ...      "Whenever a player taps a land for mana, Manabarbs deals 1 damage to that player."}]})
        >>> view = BoardView(board)
        >>> [view.tap_damage(pid, for_mana=mana) for pid, mana in (("f", True), ("f", False), ("sol", True))]
        [1, 0, 0]
        """
        permanent = self._by_id[pid]
        total = 0
        for sourced in self.effects_of(TapDamage):
            effect = sourced.effect
            assert isinstance(effect, TapDamage)
            if effect.affected is None:
                # '~ deals N damage to you': to its controller, who taps it
                if sourced.source == pid and sourced.controller == permanent.controller:
                    total += effect.damage
                continue
            if effect.for_mana and not for_mana:
                continue
            if effect.who is Who.YOU and permanent.controller != sourced.controller:
                continue
            if effect.who is Who.OPPONENTS and permanent.controller == sourced.controller:
                continue
            if self.matches(effect.affected, pid, sourced.source):
                total += effect.damage
        return total

    def _power_at_least(self, pid: str, line: TypeLine, floor: int) -> bool:
        """True when a permanent's power now is at least ``floor`` (a noncreature has no power, CR 208.3)."""
        if not line.is_a("Creature"):
            return False
        return known_power(self, pid) >= floor

    def holds(self, condition: Condition, source: str, removed: frozenset[str] = frozenset()) -> bool:
        """True when the condition written on ``source`` holds."""
        if condition.either:
            return any(self.holds(one, source, removed) for one in condition.either)
        if condition.entered_this_turn:
            return self._by_id[source].entered_this_turn
        if condition.designation:
            return condition.designation in self._by_id[source].designations
        if condition.played_land:
            return self.board.player(self._by_id[source].controller).lands_played_this_turn >= 1
        if condition.exiled_card:
            return self._by_id[source].choices.imprinted is not None
        if condition.counter:
            return self._by_id[source].counter(condition.counter) >= condition.at_least
        if condition.done_this_turn:
            counted: int = getattr(self.player(self._by_id[source].controller), condition.done_this_turn)
            return counted >= condition.at_least
        met = (self.count(f, source, removed) >= condition.at_least for f in condition.filters)
        return any(met) if condition.any_of else all(met)

    def devotion(self, player: str, colors: ManaTypes) -> int:
        """A player's devotion to some colors: mana symbols of those colors among their permanents' costs."""
        return sum(self.devotion_of(p.id, colors) for p in self.board.permanents if p.controller == player)

    def devotion_of(self, pid: str, colors: ManaTypes) -> int:
        """What one permanent adds to its controller's devotion to some colors: the mana symbols of those
        colors in its mana cost (CR 700.5; a hybrid symbol counts toward both its colors)."""
        mana_cost = self._by_id[pid].mana_cost
        return 0 if mana_cost is None else sum(1 for symbol in mana_cost.symbols if symbol.colors & colors)

    def imprinted_colors(self, pid: str) -> ManaTypes:
        """The colors of the card exiled with the permanent (CR 202.2, after the effects that change the
        colors of cards that aren't on the battlefield: :meth:`colors_elsewhere`); unknown ones are an input
        error (the abilities that read them are set aside before, see :func:`unknown_imprint`)."""
        colors = self.known_imprinted_colors(pid)
        if colors is None:
            why = unknown_imprint(self._by_id[pid].choices)
            raise InputError(f"{self.path(pid)}.choices.imprinted: {why}")
        return colors

    def known_imprinted_colors(self, pid: str) -> ManaTypes | None:
        """:meth:`imprinted_colors`, or None when the board does not give them. The exiled card is taken to
        be owned by the permanent's controller, who exiled it from their hand (Chrome Mox)."""
        permanent = self._by_id[pid]
        colors = permanent.choices.imprinted_colors
        if colors is None:
            return None
        return self.colors_elsewhere(colors, permanent.controller, spell=False)

    def chosen_color(self, pid: str) -> ManaTypes:
        """The color chosen as the permanent entered, as a set: empty when the board gives none (a copy that
        never chose): mana of that undefined color is no mana (CR 106.5), and the board's warnings say so
        (:func:`missing_choice_warnings`)."""
        color = self._by_id[pid].choices.color
        return ManaTypes() if color is None else ManaTypes(color)

    # ---------------------------------------------------------------- eligibility (302.6, 107.5, 107.6)

    def is_sick(self, pid: str) -> bool:
        """True when a creature can't use its own {T}/{Q} abilities yet (CR 302.6, 702.10)."""
        permanent = self._by_id[pid]
        chars = self._characteristics[pid]
        return permanent.summoning_sick and chars.type_line.is_a("Creature") and not chars.haste

    def why_not_activatable(
        self, pid: str, ability: ManaAbility, *, tapped: bool | None = None, life: int | None = None
    ) -> str | None:
        """Why this ability can't be activated now, in a player's words, or None when it can.

        Mana costs are not checked here: the planner pays them. ``tapped`` and ``life`` override the board
        (the replayer passes the state mid-plan).
        """
        permanent = self._by_id[pid]
        is_tapped = permanent.tapped if tapped is None else tapped
        player = self.board.player(permanent.controller)
        life_total = player.life if life is None else life
        cost = ability.cost
        if cost.tap and is_tapped:
            return f"{permanent.name} ({pid}) is already tapped"
        if cost.untap and not is_tapped:
            return f"{permanent.name} ({pid}) is untapped, so it can't pay {{Q}}"
        if (cost.tap or cost.untap) and self.is_sick(pid):
            return f"{permanent.name} ({pid}) is summoning sick"
        if cost.life and life_total < cost.life:
            return (
                f"paying {cost.life} life needs at least {cost.life} life, and {player.id} has {life_total}"
            )
        if cost.remove_counter and permanent.counter(cost.remove_counter) < cost.remove_count:
            return f"{permanent.name} ({pid}) has no {cost.remove_counter} counter to remove"
        in_turn = self.board.active_player == permanent.controller
        if ability.timing in ("your_turn", _BEFORE_END_STEP) and not in_turn:
            return f"{permanent.name} ({pid}): its ability can be activated only during its controller's turn"
        if ability.timing == _BEFORE_END_STEP and self.board.step == "end":
            return f"{permanent.name} ({pid}): its ability can be activated only before the end step"
        if ability.activation_condition is not None and not self.holds(ability.activation_condition, pid):
            return f"{permanent.name} ({pid}): its activation condition does not hold"
        if (
            ability.once_each_turn
            and permanent.activated_this_turn
            and activated_this_turn(permanent, ability)
        ):
            return f"{permanent.name} ({pid}): its ability can be activated only once each turn, and it was"
        return None

    def check_activated_this_turn(self) -> None:
        """Raise ``InputError`` (naming the field's JSON path) when a permanent's ``activated_this_turn``
        names a text that is none of its mana abilities that can be activated only once each turn (its
        printed ones count even when the planner sets them aside)."""
        for permanent in self.board.permanents:
            if not permanent.activated_this_turn:
                continue
            pid = permanent.id
            abilities = (*self.parsed[pid].mana_abilities, *self.mana_abilities(pid))
            once = list(dict.fromkeys(a.text for a in abilities if a.once_each_turn))
            known = {fold_ability_text(text) for text in once}
            for position, text in enumerate(permanent.activated_this_turn):
                if fold_ability_text(text) not in known:
                    which = "; ".join(repr(t) for t in once) if once else "it has none"
                    raise InputError(
                        f"{self.path(pid)}.activated_this_turn[{position}]: {text!r} is not one of the mana "
                        f"abilities of {permanent.name} ({pid}) that can be activated only once each turn "
                        f"({which})"
                    )


def activated_this_turn(permanent: Permanent, ability: ManaAbility) -> bool:
    """True when the permanent's ``activated_this_turn`` names this ability (its text, compared as
    :func:`~models.folding.fold_ability_text` folds it).

    >>> from models.board import Board
    >>> from models.oracle import parse_oracle
    >>> bloom = parse_oracle("Remove a charge counter from Mana Bloom: Add one mana of any color. "
    ...     "Activate only once each turn.", "Mana Bloom").mana_abilities[0]
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [{"id": "b",
    ...     "name": "Mana Bloom", "type_line": "Enchantment", "oracle": bloom.text, "controller": "me",
    ...     "activated_this_turn": ["remove a charge counter from mana bloom: add one mana of any color. "
    ...     "activate only once each turn."]}]})
    >>> activated_this_turn(board.permanent("b"), bloom)
    True
    """
    key = fold_ability_text(ability.text)
    return any(fold_ability_text(text) == key for text in permanent.activated_this_turn)


#: The id of a catalogue card's permanent in :func:`catalogue_permanent` and :func:`card_view`, and of the
#: player who controls it.
CARD_ID = "it"
CARD_CONTROLLER = "you"


@per_card(maxsize=4096)
def catalogue_permanent(card: CardData, pid: str = CARD_ID, controller: str = CARD_CONTROLLER) -> Permanent:
    """A catalogue card on the battlefield as a board file puts it there: untapped, as printed.

    >>> from models.catalogue import lookup
    >>> elves = catalogue_permanent(lookup("Llanowar Elves"))
    >>> elves.id, elves.controller, str(elves.type_line), str(elves.mana_cost)
    ('it', 'you', 'Creature — Elf Druid', '{G}')
    """
    entry = {"id": pid, "card": card.name, "controller": controller}
    return Permanent.from_dict(entry, f"catalogue card {card.name!r}")


def card_view(card: Permanent | CardData, commander: ManaTypes | None = None) -> BoardView:
    """A permanent, or a catalogue card (see :func:`catalogue_permanent`), alone on an otherwise empty
    battlefield: what it is on any board without effects. Its controller is the only player, with
    ``commander`` as their commander's color identity (None: not a Commander game).

    >>> from models.catalogue import lookup
    >>> view = card_view(lookup("Command Tower"), ManaTypes.parse("WG"))
    >>> view.board.player(CARD_CONTROLLER).commander_colors, view.board.permanent(CARD_ID).name
    (ManaTypes.parse('WG'), 'Command Tower')
    >>> [a.text for a in card_view(lookup("Forest")).mana_abilities(CARD_ID)]
    ['{T}: Add {G}.']
    """
    permanent = card if isinstance(card, Permanent) else catalogue_permanent(card)
    player = Player(permanent.controller, commander_colors=commander)
    return BoardView(Board(BOARD_VERSION, permanent.controller, (player,), (permanent,)))


def locked_in(view: BoardView, target: PaymentTarget, player: str) -> PaymentTarget:
    """The target with its total cost (CR 601.2f): the cost plus increases minus reductions in force for
    this spell, its own text's included (affinity, 702.41a); increases and reductions of generic mana change
    only the generic part, never below zero: a generic reduction can't reduce colored mana (118.7a). A
    reduction of colored or colorless mana takes that many such symbols off, and what the cost lacks of them
    comes off the generic part (118.7b-d), unless the reduction says it reduces only colored mana
    (Edgewalker). X is chosen before the total cost is determined (601.2b), so a cost with X has it replaced
    by its value first (an X still in the cost keeps what a reduction has left over: see :func:`cost_change`).

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "spells_cast_this_turn": 2}],
    ...     "permanents": [{"id": "ds", "card": "Damping Sphere", "controller": "me"}]})
    >>> str(locked_in(BoardView(board), PaymentTarget.of("{1}{R}"), "me").cost)
    '{3}{R}'
    >>> thoughtcast = PaymentTarget.of("{4}{U}", text="Affinity for artifacts")
    >>> str(locked_in(BoardView(board), thoughtcast, "me").cost)  # the Sphere taxes {2}, and is an artifact
    '{5}{U}'
    """
    devoid_read = target.colors is None and bool(target.text)
    changes = next(view.effects_of(ColorChange), None) is not None
    if target.kind is PaymentKind.SPELL and (devoid_read or changes):
        # a spell's colors: its card's (devoid makes it colorless), then layer 5's changes (Celestial Dawn)
        colors = (
            card_colors(target.cost, None, target.text, target.name) if devoid_read else target.spell_colors
        )
        if changes:
            colors = view.colors_elsewhere(colors, player, spell=True)
        if colors != target.spell_colors:
            target = replace(target, colors=colors)
    if not target.text and not _has_cost_modifiers(view):
        return target  # (nothing on the board or in the spell's text changes its cost)
    delta = cost_change(view, target, player)
    removed, _ = colored_reduction(view, target, player)
    if delta == 0 and not removed:
        return target
    kept_symbols: list[CostSymbol] = []
    left = dict.fromkeys(removed.types, 0)
    for symbol in target.cost.symbols:
        if symbol.kind is SymbolKind.GENERIC:
            continue
        plain = _plain_type(symbol)
        if plain is not None and plain in left and left[plain] < removed[plain]:
            left[plain] += 1  # (this symbol is reduced away)
            continue
        kept_symbols.append(symbol)
    kept = tuple(kept_symbols)
    generic = max(target.cost.generic + delta, 0)
    symbols = (*kept, CostSymbol(SymbolKind.GENERIC, amount=generic)) if generic or not kept else kept
    return target.with_cost(ManaCost(symbols))


def cost_change(view: BoardView, target: PaymentTarget, player: str) -> int:
    """The generic mana that increases add and reductions take off the target's cost (CR 601.2f), summed:
    negative when the reductions are larger.

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "tf", "card": "Thunderscape Familiar", "controller": "me"}]})
    >>> cost_change(BoardView(board), PaymentTarget.of("{X}{G}"), "me")
    -1
    """
    if target.kind is not PaymentKind.SPELL:
        return 0
    spells_cast = view.board.player(player).spells_cast_this_turn
    delta = colored_reduction(view, target, player)[1]
    for sourced in _modifiers_in_force(view, target, player):
        effect = sourced.effect
        assert isinstance(effect, CostModifier)
        delta += effect.generic_delta * (spells_cast if effect.per_other_spell_this_turn else 1)
    # the spell's own reductions (affinity, CR 702.41a): for each permanent its caster controls that counts
    for effect in parse_oracle(target.text, target.name).effects if target.text else ():
        if isinstance(effect, CostModifier) and effect.own and effect.for_each is not None:
            counted = effect.for_each
            delta += effect.generic_delta * sum(
                view.matches(counted, p.id, p.id) for p in view.board.permanents if p.controller == player
            )
    return delta


def _has_cost_modifiers(view: BoardView) -> bool:
    """True when some permanent on the board has an effect that changes costs (CR 601.2f)."""
    return next(view.effects_of(CostModifier), None) is not None


def _modifiers_in_force(view: BoardView, target: PaymentTarget, player: str) -> Iterator[SourcedEffect]:
    """The permanents' cost changes that apply to this spell, cast by ``player`` (its own are not here)."""
    for sourced in view.effects_of(CostModifier):
        effect = sourced.effect
        assert isinstance(effect, CostModifier)
        if effect.own:
            continue  # 'this spell costs less' is about the card as a spell, not a permanent's effect
        if effect.who is Who.YOU and sourced.controller != player:
            continue
        if effect.who is Who.OPPONENTS and sourced.controller == player:
            continue
        if not effect.matches(target):
            continue
        if effect.spells.chosen_type:
            chosen = view.permanent(sourced.source).choices.creature_type
            if chosen is None or not target.type_line.is_a(chosen):
                continue  # (none chosen: no spell is of that type, and the board's warnings say so)
        yield sourced


def _plain_type(symbol: CostSymbol) -> ManaType | None:
    """The one type a {W} or {C} symbol asks for; None for any other symbol."""
    if symbol.kind is SymbolKind.COLORLESS:
        return ManaType.C
    if symbol.kind is SymbolKind.COLORED:
        (only,) = tuple(symbol.colors)
        return only
    return None


def colored_reduction(view: BoardView, target: PaymentTarget, player: str) -> tuple[ManaBag, int]:
    """The colored and colorless symbols that reductions in force take off the spell's cost, and the generic
    mana (negative) that what the cost lacks of them takes off instead (CR 118.7b-d; none for a reduction
    that 'reduces only the amount of colored mana you pay'). A reduction of a type that the cost asks for by
    a hybrid or Phyrexian symbol is refused (118.7e-f: the planner doesn't choose such a symbol's half here).

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "e", "name": "Edgewalker", "type_line": "Creature — Human Cleric", "controller": "me",
    ...      "oracle": "Cleric spells you cast cost {W}{B} less to cast. This effect reduces only the amount "
    ...                "of colored mana you pay."}]})
    >>> cleric = PaymentTarget.of("{3}{W}", type_line="Creature — Human Cleric")
    >>> removed, spill = colored_reduction(BoardView(board), cleric, "me")
    >>> str(removed), spill
    ('{W}', 0)
    """
    if target.kind is not PaymentKind.SPELL or not _has_cost_modifiers(view):
        return ManaBag(), 0  # (no reduction in force: nothing to take off)
    asked: dict[ManaType, int] = {}
    shared = ManaTypes()
    for symbol in target.cost.symbols:
        plain = _plain_type(symbol)
        if plain is not None:
            asked[plain] = asked.get(plain, 0) + 1
        elif symbol.kind in (SymbolKind.HYBRID, SymbolKind.MONO_HYBRID, SymbolKind.PHYREXIAN):
            shared |= symbol.colors
        elif symbol.kind is SymbolKind.COLORLESS_HYBRID:
            shared |= symbol.colors | ManaTypes(ManaType.C)
    removed: list[ManaType] = []
    spill = 0
    for sourced in _modifiers_in_force(view, target, player):
        effect = sourced.effect
        assert isinstance(effect, CostModifier)
        for mana_type in effect.colored.types:
            if mana_type in shared:
                written = f"{{{mana_type.letter}}}"
                raise InputError(
                    f"{view.path(sourced.source)}.oracle: {effect.text!r}: a reduction of {written} on a "
                    f"cost with hybrid or Phyrexian {written} ({target.cost}) is not supported (CR 118.7e-f)"
                )
            wanted = effect.colored[mana_type]
            taken = min(wanted, asked.get(mana_type, 0))
            asked[mana_type] = asked.get(mana_type, 0) - taken
            removed += [mana_type] * taken
            if not effect.only_colored:
                spill -= wanted - taken
    return ManaBag.of(removed), spill


def _is_land_subtype(subtype: str) -> bool:
    """True for land subtypes that 305.7 replaces: the basic land types and the other land types."""
    return subtype in BASIC_LAND_TYPES or subtype in _OTHER_LAND_TYPES


_OTHER_LAND_TYPES = frozenset(
    {"Desert", "Gate", "Lair", "Locus", "Mine", "Power-Plant", "Tower", "Urza's", "Cave", "Sphere", "Town"}
)
