"""Mana in a pool: units with their type and tag, what each unit may be spent on, and emptying (CR 500.4).

A unit of mana keeps its source, snow status, restriction and riders (CR 106.6); 'spend as though'
effects (CR 609.4b, Celestial Dawn) change only what it may pay for. At the end of each step and phase a
pool empties unless an effect keeps the mana (Upwelling) or turns it colorless instead (Horizon Stone,
Kruphix), which keeps its restriction and riders.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from models.board import Board, PoolMana
from models.cost import PaymentTarget, Slot, SlotKind
from models.hashing import cached_hash, state_without_hash
from models.kept import per_card
from models.mana import TYPE_ORDER, ManaType, ManaTypes
from models.mana_effects import SpendAsThough, UnspentManaEffect, UnspentMode
from models.oracle import parse_restriction
from planner.rules.production import ManaTag
from planner.rules.records import TextWarning, WarningKind
from planner.rules.view import BoardView

__all__ = [
    "ManaUnit",
    "SpendRules",
    "board_pool",
    "empty_pool",
    "one_card_assumptions",
    "pays_generic",
    "pool_units",
]


@dataclass(frozen=True, slots=True, order=False)
class ManaUnit:
    """One mana in a pool: its type and what rides on it.

    >>> unit = ManaUnit(ManaType.G, ManaTag(source="f1"))
    >>> str(unit)
    '{G} from f1'
    """

    type: ManaType
    tag: ManaTag
    _hash: int = field(default=0, init=False, repr=False, compare=False)
    # (its sort_key, worked out once: each state's pool is sorted again as mana is added and spent)
    _order: tuple[int, str, bool, str] | None = field(default=None, init=False, repr=False, compare=False)

    def __hash__(self) -> int:
        """Worked out once: pools are counters of units."""
        return self._hash or cached_hash(self)

    def __getstate__(self) -> list[object]:
        return state_without_hash(self)

    def allowed_for(self, target: PaymentTarget) -> bool:
        """True when the unit's restriction (if any) lets it pay for the target (CR 106.6)."""
        return self.tag.allows(target)

    @property
    def pays_generic(self) -> bool:
        """True when the unit may pay generic mana (:func:`pays_generic`)."""
        return pays_generic(self.tag)

    def sort_key(self) -> tuple[int, str, bool, str]:
        """A stable order for pools: by type, then source, then the rest (worked out once per unit).

        >>> ManaUnit(ManaType.G, ManaTag(source="f1")).sort_key()[:3]
        (4, 'f1', False)
        """
        order = self._order
        if order is None:
            order = (TYPE_ORDER.index(self.type), self.tag.source, self.tag.snow, _tag_text(self.tag))
            object.__setattr__(self, "_order", order)
        return order

    def __str__(self) -> str:
        return f"{{{self.type.letter}}} from {self.tag.source}"


def pays_generic(tag: ManaTag) -> bool:
    """True when mana with this tag may pay generic mana: not so for 'This mana can't be spent to pay
    generic mana costs' (Jegantha, the Wellspring), which pays colored symbols, hybrid symbols' colored
    halves and Phyrexian symbols' colored part, never {1}, {X} nor the generic half of {2/W}.

    >>> from models.oracle import parse_oracle
    >>> jegantha = parse_oracle("{T}: Add {W}{U}. This mana can't be spent to pay generic mana costs.")
    >>> restriction = jegantha.mana_abilities[0].restriction
    >>> pays_generic(ManaTag(source="j", restriction=restriction)), pays_generic(ManaTag(source="f"))
    (False, True)
    """
    return tag.restriction is None or not tag.restriction.not_generic


@per_card(maxsize=4096)
def _tag_text(tag: ManaTag) -> str:
    return repr(tag)


def pool_units(pool: Iterable[PoolMana], player: str) -> tuple[ManaUnit, ...]:
    """The units of a player's floating mana from the board file, tags included.

    >>> from models.mana import ManaBag
    >>> [str(u) for u in pool_units([PoolMana(ManaBag.parse("{G}{C}"))], "me")]
    ['{G} from pool:me', '{C} from pool:me']
    """
    units: list[ManaUnit] = []
    for entry in pool:
        restriction = parse_restriction(entry.spend_only) if entry.spend_only else None
        tag = ManaTag(
            source=entry.source or f"pool:{player}",
            restriction=restriction,
            riders=(entry.rider,) if entry.rider else (),
            persists=entry.persists,
        )
        units += [ManaUnit(mana_type, tag) for mana_type in entry.mana.units()]
    return tuple(units)


#: A 'spend as though' effect in force for a player, with its source's chosen creature type (which a
#: 'spells of the chosen type' filter reads).
_Sourced = tuple[SpendAsThough, str | None]
_IDENTITY = tuple(ManaTypes(t) for t in TYPE_ORDER)


@dataclass(frozen=True, slots=True)
class SpendRules:
    """What each type of mana may be spent as, for one player (CR 609.4b); by default, itself.

    An effect limited to some payments ('to cast creature spells': Vizier of the Menagerie) is kept in
    ``conditional`` and applies only where the payment's target matches it: every question takes the target
    (:meth:`at` gives the rules for one target).

    >>> from models.abilities import SpendRestriction, SpendUse, Who
    >>> from models.cost import PaymentKind
    >>> from models.mana import ALL_TYPES
    >>> creatures = SpendRestriction((SpendUse(kind=PaymentKind.SPELL, types=("Creature",)),), "...")
    >>> vizier = SpendAsThough(text="...", who=Who.YOU, types=ALL_TYPES, as_types=ALL_TYPES,
    ...     when_paying=creatures)
    >>> rules = SpendRules.of([(vizier, None)])
    >>> elf = PaymentTarget.of("{G}", type_line="Creature — Elf")
    >>> bolt = PaymentTarget.of("{R}", type_line="Instant")
    >>> rules.fits(ManaType.U, False, ManaType.G, elf), rules.fits(ManaType.U, False, ManaType.R, bolt)
    (True, False)
    """

    spend_as: tuple[ManaTypes, ...] = _IDENTITY
    conditional: tuple[_Sourced, ...] = ()
    #: every effect in force for the player (only needed when some are conditional)
    effects: tuple[_Sourced, ...] = ()

    @classmethod
    def for_player(cls, view: BoardView, player: str) -> SpendRules:
        """The rules in force for a player's spending, from the 'spend as though' effects on the board."""
        effects = [
            (s.effect, view.permanent(s.source).choices.creature_type)
            for s in view.effects_of(SpendAsThough)
            if isinstance(s.effect, SpendAsThough) and s.effect.who.includes(s.controller, player)
        ]
        return cls.of(effects)

    @classmethod
    def of(cls, effects: Iterable[_Sourced]) -> SpendRules:
        """The rules of these effects (all in force for one player), in timestamp order."""
        effects = tuple(effects)
        if not effects:
            return cls()
        conditional = tuple(e for e in effects if e[0].when_paying is not None)
        if not conditional:
            return cls(_combined(tuple(e for e, _ in effects)))
        return cls(_combined(tuple(e for e, _ in effects if e.when_paying is None)), conditional, effects)

    @property
    def plain(self) -> bool:
        """True when every type of mana may be spent only as itself, whatever the payment (no 'spend as
        though' effect).

        >>> SpendRules().plain
        True
        """
        return not self.conditional and self.spend_as == _IDENTITY

    def at(self, target: PaymentTarget) -> SpendRules:
        """The rules for a payment for ``target``: the conditional effects that cover it applied, the others
        dropped."""
        if not self.conditional:
            return self
        applying = tuple(e for e, chosen in self.effects if e.applies_to(target, chosen))
        return SpendRules(_combined(applying))

    def can_pay(self, unit_type: ManaType, needed: ManaType, target: PaymentTarget) -> bool:
        """True when mana of ``unit_type`` may pay a symbol that needs ``needed`` in a payment for
        ``target``."""
        rules = self.at(target) if self.conditional else self
        return needed in rules.spend_as[TYPE_ORDER.index(unit_type)]

    def fits(
        self, unit_type: ManaType, snow: bool, slot: Slot, target: PaymentTarget, *, generic: bool = True
    ) -> bool:
        """True when mana of ``unit_type`` (from a snow source or not, and allowed to pay generic mana or
        not: :func:`pays_generic`) may pay ``slot`` in a payment for ``target``: mana that may pay generic
        pays generic, snow mana pays {S} (CR 107.4h), a typed slot takes what may be spent as that type.

        >>> rules, target = SpendRules(), PaymentTarget.of("{G}")
        >>> rules.fits(ManaType.G, False, SlotKind.GENERIC, target)
        True
        >>> rules.fits(ManaType.G, False, SlotKind.SNOW, target)
        False
        >>> rules.fits(ManaType.G, True, ManaType.G, target), rules.fits(ManaType.G, True, ManaType.W, target)
        (True, False)
        >>> rules.fits(ManaType.G, False, SlotKind.GENERIC, target, generic=False)
        False
        """
        if slot is SlotKind.GENERIC:
            return generic
        if slot is SlotKind.SNOW:
            return snow
        return self.can_pay(unit_type, slot, target)


#: Why a one-card permission applied to a payment is an assumption.
_ONE_CARD = (
    "the spell cast from exile is taken to be the card this permanent's effect exiled: the board does not "
    "record which effect exiled a card"
)


def one_card_assumptions(view: BoardView, player: str, target: PaymentTarget) -> tuple[TextWarning, ...]:
    """The permissions for one exiled card (:attr:`SpendAsThough.one_card`: Gonti's 'you may spend mana as
    though it were mana of any type to cast that spell') that a payment for ``target`` uses as the player's
    spending rules: the board can't say that the spell is that card, so each is a warning of an assumption.

    >>> from dataclasses import replace
    >>> from models.board import Board
    >>> gonti = {"id": "g", "name": "Thief", "type_line": "Creature", "controller": "me", "oracle": "You may "
    ...     "cast that card for as long as it remains exiled, and you may spend mana as though it were mana "
    ...     "of any type to cast that spell."}
    >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [gonti]}))
    >>> exiled = replace(PaymentTarget.of("{U}"), purposes=frozenset({"from_exile"}))
    >>> [w.permanent for w in one_card_assumptions(view, "me", exiled)]
    ['g']
    >>> one_card_assumptions(view, "me", PaymentTarget.of("{U}"))
    ()
    """
    return tuple(
        TextWarning(sourced.source, effect.text, _ONE_CARD, WarningKind.ASSUMED)
        for sourced in view.effects_of(SpendAsThough)
        if isinstance(effect := sourced.effect, SpendAsThough)
        and effect.one_card
        and effect.who.includes(sourced.controller, player)
        and effect.applies_to(target, view.permanent(sourced.source).choices.creature_type)
    )


@per_card(maxsize=1024)
def _combined(effects: tuple[SpendAsThough, ...]) -> tuple[ManaTypes, ...]:
    """What each type may be spent as once these effects apply ('other mana': the types none names)."""
    if not effects:
        return _IDENTITY
    named = ManaTypes()
    for effect in effects:
        if not effect.others:
            named |= effect.types
    result = list(_IDENTITY)
    for effect in effects:
        for index, mana_type in enumerate(TYPE_ORDER):
            covered = (mana_type not in named) if effect.others else (mana_type in effect.types)
            if not covered:
                continue
            result[index] = effect.as_types if effect.only else result[index] | effect.as_types
    return tuple(result)


def empty_pool(view: BoardView, player: str, units: Iterable[ManaUnit]) -> tuple[ManaUnit, ...]:
    """What stays in a player's pool when a step or phase ends (CR 500.4).

    Mana an effect keeps stays as it is (Upwelling; then nothing is lost, so nothing is converted: 614.7);
    otherwise mana a conversion effect covers becomes colorless with its tag kept (Horizon Stone, Kruphix);
    the rest is lost. Units whose tag ``persists`` (the board's ``persists`` pool mana) always stay.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "hs", "card": "Horizon Stone", "controller": "me"}]})
    >>> [str(u) for u in empty_pool(BoardView(board), "me", [ManaUnit(ManaType.G, ManaTag(source="f"))])]
    ['{C} from f']
    """
    effects = [
        (s.effect, s.controller)
        for s in view.effects_of(UnspentManaEffect)
        if isinstance(s.effect, UnspentManaEffect)
    ]
    kept: list[ManaUnit] = []
    for unit in units:
        if unit.tag.persists:
            kept.append(unit)
            continue
        applicable = [
            e for e, controller in effects if e.who.includes(controller, player) and unit.type in e.types
        ]
        if any(e.mode is UnspentMode.KEEP for e in applicable):
            kept.append(unit)
        elif becoming := [e for e in applicable if e.mode is UnspentMode.BECOME]:
            kept.append(ManaUnit(becoming[0].becomes, unit.tag))
    return tuple(kept)


def board_pool(board: Board, player: str) -> tuple[ManaUnit, ...]:
    """A player's floating mana from the board, as units."""
    return pool_units(board.player(player).pool, player)
