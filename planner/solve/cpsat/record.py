"""The record every pass of the CP-SAT model receives and extends: :class:`PaymentModel` (the question, the
templates' analysis, the ``CpModel`` under construction and the variables each pass adds), with its
:class:`Layer` per payment and the small types and expressions the passes share.

Nothing here adds a constraint: the passes (:mod:`planner.solve.cpsat.spine` lists them) do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ortools.sat.python import cp_model, cp_model_helper

from models.board import Board
from models.cost import PaymentTarget, Slot
from models.mana import ManaType
from planner.rules.activations import Activation
from planner.rules.alternatives import CREATURE_KINDS, AlternativeKind
from planner.rules.pool import ManaUnit, SpendRules
from planner.rules.production import ManaTag
from planner.solve.objective import KeepBoard
from planner.solve.problem import PaymentProblem

if TYPE_CHECKING:
    from planner.solve.cpsat.color_symmetry import ColorSwap
    from planner.solve.cpsat.riders import RiderVars
    from planner.solve.cpsat.sacrifice import SacrificeVars

#: A linear expression over the model's variables (or a plain number).
Expr = cp_model.LinearExpr | int

#: A class of mana to the model: type, spending tag, producer node (-1 - epoch: untracked, see
#: :func:`planner.solve.cpsat.analysis.producers`).
ClassKey = tuple[ManaType, ManaTag, int]

#: A class without its type: what a slot taking any type ({1}, {S}) draws on.
GroupKey = tuple[ManaTag, int]

#: The picks of the packets with a choice of types that the model counts together (:func:`planner.solve.cpsat.
#: layer.pick_pool`): producer node, permanent, ability, the types' mask, mana per pick, spending tag.
PickPool = tuple[int, str, int, int, int, ManaTag]

#: One level of the lexicographic objective: its name, the expression minimised, one more than its largest
#: value.
Term = tuple[str, Expr, int]


def spending(tag: ManaTag) -> ManaTag:
    """The part of a tag that decides what the mana may pay: mana from different sources with the same
    snow status, restriction and persistence is one class to the model (riders ride along unchanged).

    >>> spending(ManaTag(source="f1", snow=True)) == ManaTag(source="", snow=True)
    True
    """
    return ManaTag(
        source="",
        snow=tag.snow,
        restriction=tag.restriction,
        chosen_type=tag.chosen_type,
        riders=(),
        persists=tag.persists,
        creature=tag.creature,
        basic_land=tag.basic_land,
        treasure=tag.treasure,
    )


def total(parts: Sequence[Expr]) -> Expr:
    """The sum of some expressions, as a new expression (``+=`` on CP-SAT sums changes them in place).

    >>> from ortools.sat.python import cp_model
    >>> x = cp_model.CpModel().new_int_var(0, 3, "x")
    >>> total([]), str(total([x, 2 * x]))
    (0, '(x + (2 * x))')
    """
    return cp_model.LinearExpr.sum(list(parts)) if parts else 0


def slot_name(slot: Slot) -> str:
    """The slot as a variable name reads it: a type's letter, or generic's and snow's names.

    >>> from planner.rules.payment import GENERIC
    >>> slot_name(ManaType.G), slot_name(GENERIC)
    ('G', 'generic')
    """
    return slot.letter if isinstance(slot, ManaType) else slot.value


@dataclass(slots=True)
class Consumer:
    """Something that spends mana in a layer: the layer's target, a turn's spell, or a template's own mana
    cost."""

    name: str
    target: PaymentTarget
    template: int  # -1 for the layer's target and a turn's spells
    demand: dict[Slot, Expr]
    life: Expr
    epoch: int = 0  # the epoch it pays in: it may spend mana made in this epoch or before (TurnPayments)
    spell: int = -1  # which of a turn's spells it pays for (-1: not one of them)
    pay: dict[tuple[ClassKey, Slot], cp_model.IntVar] = field(default_factory=dict)
    # generic and snow slots take mana of any type: they draw on a group of classes, not on each class
    blind: dict[tuple[GroupKey, Slot], cp_model.IntVar] = field(default_factory=dict)


#: Two templates (by index) that must come in this order when both are used.
Edge = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Reliance:
    """An activation (``template``) relying on what several permanents make true together: an effect that
    each of them gives alone (two Dryads of the Ilysian Grove), or a count of them ('as long as you control
    three or more artifacts'). The permanents come in groups of those alike to the activation (identical
    ones, or six different artifacts the count reads alike), and ``removers`` holds, for each group and
    each of its permanents, the templates that take it off the battlefield; ``needed`` says, for each
    group, how many of its permanents gone take the activation away together with those of the other
    groups. When the activation is used, some group has fewer than ``needed`` gone before it: for one group,
    a threshold ('three or more' of six: at most three gone before;
    :func:`planner.solve.cpsat.analysis.reliances`).

    >>> dryads = Reliance(0, (((1,),), ((2,),)), (1, 1))  # (not both Dryads gone before template 0)
    >>> dryads.templates, dryads.renumbered({0: 5, 1: 6, 2: 7}).removers
    ((0, 1, 2), (((6,),), ((7,),)))
    """

    template: int
    removers: tuple[tuple[tuple[int, ...], ...], ...]
    needed: tuple[int, ...]
    #: True when no more than the activation's haste is lost: judged as it is announced, before the mana
    #: abilities that pay its mana cost (CR 602.2b, 601.2g: :attr:`Layer.announced`)
    judged: bool = False

    @property
    def templates(self) -> tuple[int, ...]:
        """The activation and every remover."""
        return (self.template, *(r for group in self.removers for removing in group for r in removing))

    def renumbered(self, new: dict[int, int]) -> Reliance:
        """The same reliance with the templates numbered anew (twins merged)."""
        removers = tuple(tuple(tuple(new[r] for r in rs) for rs in group) for group in self.removers)
        return Reliance(new[self.template], removers, self.needed, self.judged)


@dataclass(slots=True)
class Cycle:
    """A permanent with a {Q} ability: whether it is tapped now, and the templates that tap and untap it."""

    tapped: bool
    taps: list[int] = field(default_factory=list)
    untaps: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Layer:
    """One payment inside the shared model (the payment asked for, a cost to keep payable, a card in hand):
    what it pays, from which pool, and the variables its passes add (the spine's ``LAYER_PASSES``)."""

    name: str
    target: PaymentTarget
    pool: Sequence[ManaUnit]
    #: None for the payment asked for; a keep or hand layer's literal, true when it is paid
    enforce: cp_model.IntVar | None
    #: the generic mana the target's X symbols stand for
    x: Expr
    #: what convoke, improvise and delve pay of each slot (the payment asked for only)
    alternative: dict[Slot, Expr] | None = None
    #: the epoch of a turn the target is paid in
    epoch: int = 0
    use: list[cp_model.IntVar] = field(default_factory=list)
    #: each pool of picks' number (:data:`PickPool`), and the pool of each template's packet by (template, k)
    pick_pool: dict[PickPool, int] = field(default_factory=dict)
    pools_of: dict[tuple[int, int], int] = field(default_factory=dict)
    #: how many picks of each pool take each type
    choice: dict[tuple[int, ManaType], cp_model.IntVar] = field(default_factory=dict)
    event_choice: dict[tuple[int, int, ManaType], cp_model.IntVar] = field(default_factory=dict)
    hand_use: list[cp_model.IntVar] = field(default_factory=list)
    supply: dict[ClassKey, Expr] = field(default_factory=dict)
    #: the most mana of each class there can be: a tight bound for every variable that counts it
    supply_bound: dict[ClassKey, int] = field(default_factory=dict)
    consumers: list[Consumer] = field(default_factory=list)
    #: whether each of a turn's spells is cast
    cast: list[Expr] = field(default_factory=list)
    #: the classes of each group (a producer's mana of one spending tag, whatever its type)
    groups: dict[GroupKey, list[ClassKey]] = field(default_factory=dict)
    #: the target's slots' literals (assumptions when a "no" is explained)
    assumptions: dict[Slot, cp_model.IntVar] = field(default_factory=dict)
    floating: dict[GroupKey, cp_model.IntVar] = field(default_factory=dict)
    ability_life: Expr = 0
    damage: Expr = 0
    life_paid: Expr = 0
    #: each ordered producer node's place in the order of the activations
    position: dict[int, cp_model.IntVar] = field(default_factory=dict)
    #: the nodes announced before the mana abilities that pay them may come: where each is announced, at
    #: most its position (CR 601.2g; :func:`~planner.solve.cpsat.order.add_order`)
    announced: dict[int, cp_model.IntVar] = field(default_factory=dict)
    #: what each doubling of the unspent mana adds of each type, by its template, and each class's mana left
    #: in the pool as it resolves (:mod:`planner.solve.cpsat.unspent`)
    doubled: dict[int, dict[ManaType, cp_model.IntVar]] = field(default_factory=dict)
    unspent: dict[int, dict[ClassKey, cp_model.IntVar]] = field(default_factory=dict)

    @property
    def main(self) -> bool:
        """True for the payment asked for (a keep or hand layer has an enforcing literal)."""
        return self.enforce is None


@dataclass(slots=True)
class AlternativeVars:
    """The payment's convoke, improvise and delve choices (CR 702.51a, 702.126a, 702.66a): how many of each
    group of interchangeable permanents pay each slot each way, and how many graveyard cards are exiled."""

    #: what they pay of each slot of the target
    fill: dict[Slot, Expr]
    #: how many of each group they tap
    taps: dict[str, cp_model.IntVar]
    #: (group, kind, slot) -> how many of the group pay that slot this way
    paying: dict[tuple[str, AlternativeKind, Slot], cp_model.IntVar]
    #: each group of interchangeable permanents (a permanent alone is a group of one)
    units: dict[str, tuple[str, ...]]
    most_exiled: int
    exiled: Expr
    damage: Expr
    #: a turn's spells' own (:attr:`~planner.solve.problem.SpellPayment.ways`): what they pay of each slot of
    #: each spell (by its number among the turn's spells), (spell, group, kind, slot) -> how many of the group
    #: pay it that way, and how many graveyard cards each spell's delve exiles (``taps``, ``exiled`` and
    #: ``damage`` count them too: the whole turn's)
    spell_fill: dict[int, dict[Slot, Expr]] = field(default_factory=dict)
    spell_paying: dict[tuple[int, str, AlternativeKind, Slot], cp_model.IntVar] = field(default_factory=dict)
    spell_exiled: dict[int, cp_model.IntVar] = field(default_factory=dict)

    def creature_taps(self) -> list[tuple[str, cp_model.IntVar]]:
        """Each group's count of creatures tapped instead of making mana (convoke, the optional tap of
        creatures), the payment's and a turn's spells' (the objective's last level reads them)."""
        found = [(pid, var) for (pid, kind, _), var in self.paying.items() if kind in CREATURE_KINDS]
        spells = self.spell_paying.items()
        return found + [(pid, var) for (_, pid, kind, _), var in spells if kind in CREATURE_KINDS]


@dataclass(slots=True)
class PaymentModel:
    """The record of one payment's CP-SAT model: the question and its templates' analysis (made before any
    variable), the model, and what each pass adds to it, in the order they add it."""

    problem: PaymentProblem
    #: the templates (twins merged into groups when ``relaxed``), indexed by ``Activation.index``
    templates: tuple[Activation, ...]
    #: the epoch each template can first be activated in (all 0 outside a turn)
    template_epochs: tuple[int, ...]
    last_epoch: int
    #: the permanents each template's permanent stands for: itself, or its group of interchangeable ones
    members: dict[str, tuple[str, ...]]
    #: pairs of templates that must come in this order when both are used
    static_edges: list[Edge]
    #: pairs whose first's restrictions are judged before the second, which may come inside the payment of
    #: the first's mana cost (:func:`~planner.solve.cpsat.analysis.announceable`, CR 601.2g)
    announce_edges: list[Edge]
    #: activations relying on an effect several permanents give, and what removes each of them
    reliances: list[Reliance]
    cycles: dict[str, Cycle]
    #: True when twins are merged into groups (or permanents counted as classes) and the activations' order
    #: is left out at first
    relaxed: bool
    #: each template's producer node (-1 - epoch: untracked)
    producer: list[int]
    #: the untracked templates' order: each after everything with an edge to it
    depth: dict[int, int]
    #: the classes of identical sacrificed permanents, by their lowest id (:mod:`planner.solve.cpsat.classes`)
    classes: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: the copies of an ability activated more than once beside a doubling of the unspent mana, which share
    #: its bound, each group its template's index first (:func:`~planner.solve.cpsat.unspent.split_apart`)
    siblings: tuple[tuple[int, ...], ...] = ()
    #: True when the relaxed model orders the producer nodes' first activations
    #: (:mod:`planner.solve.cpsat.first_paid`: its optimum without them could not be ordered)
    firsts_ordered: bool = False
    #: the used nodes of the relaxed model's optimum that no order pays first, when it could not be ordered
    unfed: frozenset[int] = frozenset()
    #: True when an ability's own cost is paid "as though" only where the layer removes none of the sources
    #: of the spending rules (narrower than the rules: :func:`~planner.solve.cpsat.literals.only_where`)
    narrowed: bool = False
    #: True when the order judges some activation's restrictions where the plan lists it though the rules
    #: judge them as it is announced, before the mana abilities that pay its mana cost (CR 601.2g, 602.2b:
    #: :func:`~planner.solve.cpsat.analysis.static_edges`): narrower than the rules
    judged_late: bool = False
    model: cp_model.CpModel = field(default_factory=cp_model.CpModel)
    #: literals made once each, by name (:mod:`planner.solve.cpsat.literals`)
    literals: dict[str, cp_model.IntVar] = field(default_factory=dict)
    x: cp_model.IntVar | None = None
    #: the generic mana X stands for in the target's cost (X itself, times its count, less a reduction)
    x_value: Expr = 0
    alternatives: AlternativeVars | None = None
    layers: list[Layer] = field(default_factory=list)
    keep_ok: cp_model.IntVar | None = None
    hand_ok: list[cp_model.IntVar] = field(default_factory=list)
    #: 'colors lost''s reading of the board and what each of its units leaves untouched
    colors_left: tuple[KeepBoard, list[Expr]] | None = None
    #: what the target spends, when the spell reads it (planner.solve.cpsat.riders.RiderVars)
    riders: RiderVars | None = None
    #: what the spell's additional costs sacrifice (planner.solve.cpsat.sacrifice.SacrificeVars)
    sacrifice: SacrificeVars | None = None
    terms: list[Term] = field(default_factory=list)
    #: two colors the question can't tell apart, once looked for (:mod:`~planner.solve.cpsat.color_symmetry`:
    #: the first solve that needs CP-SAT's default search looks; None before, or where there are none)
    color_swap: ColorSwap | None = None
    color_swap_sought: bool = False
    #: True once the first stage's LP-guided share did not prove it (:func:`~planner.solve.cpsat.solve.
    #: _searched`)
    share_fell_through: bool = False
    #: True when the first stage goes straight to CP-SAT's default search, without the LP-guided share
    #: (:func:`~planner.solve.cpsat.spine.solved`: the model with its first activations ordered, after a
    #: relaxed model whose share fell through)
    default_first: bool = False

    @property
    def board(self) -> Board:
        """The board the payment is made from."""
        return self.problem.board

    @property
    def player(self) -> str:
        """The player who pays."""
        return self.problem.player

    @property
    def hand_most(self) -> int:
        """The most mana the cards in hand make together (a bound for X and for the mana floating)."""
        return sum(hand.mana.total for hand in self.problem.hand_mana)

    @property
    def main(self) -> Layer:
        """The layer of the payment asked for."""
        return self.layers[0]

    @property
    def keep_layer(self) -> Layer | None:
        """The layer of the cost to keep payable, if any."""
        return next((layer for layer in self.layers if layer.name == "keep"), None)

    @property
    def hand_layers(self) -> list[Layer]:
        """The layers of the cards in hand that should stay castable."""
        return [layer for layer in self.layers[1:] if layer.name != "keep"]

    @property
    def chosen(self) -> AlternativeVars:
        """The convoke, improvise and delve variables (made by the pass that declares them)."""
        assert self.alternatives is not None
        return self.alternatives

    def epoch_of(self, producer: int) -> int:
        """The epoch mana of a producer key is made in: an untracked key -1 - e stands for epoch e."""
        return -1 - producer if producer < 0 else self.template_epochs[producer]

    def rules_in(self, epoch: int) -> SpendRules:
        """The spending rules in force in an epoch of the turn (the payment's own outside a turn)."""
        turn = self.problem.turn
        if turn is None or not turn.rules:
            return self.problem.rules
        return turn.rules[min(epoch, len(turn.rules) - 1)]

    def most(self, expression: Expr) -> int:
        """The largest value the expression takes over its variables' domains."""
        return self._extreme(expression, max)

    def least(self, expression: Expr) -> int:
        """The smallest value the expression takes over its variables' domains."""
        return self._extreme(expression, min)

    def _extreme(self, expression: Expr, pick: Callable[[int, int], int]) -> int:
        """The largest (``pick`` max) or smallest (min) value of the expression over its variables' domains,
        each variable taken at one end of its domain."""
        if isinstance(expression, int):
            return expression
        flat = cp_model_helper.FlatIntExpr(expression)
        extreme = int(flat.offset)
        for variable, coefficient in zip(flat.vars, flat.coeffs, strict=True):
            domain = self.model.proto.variables[variable.index].domain
            extreme += pick(coefficient * domain[0], coefficient * domain[len(domain) - 1])
        return extreme
