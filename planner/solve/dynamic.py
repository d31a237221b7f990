"""Amounts that a payment changes before they are counted, in the CP-SAT model (CR 608.2h).

An amount is counted when its ability resolves, so what the activations before it did counts: Sanctum of the
Sun makes as much mana as its controller has life *then*, after Mana Confluence's 1 life or a painland's
damage; Crypt of Agadeem counts the black creature cards in the graveyard, the ones the payment has just
sacrificed too; Avatar Kyoshi's greatest power is among the creatures still there, with the counters a cost
put on them; Prismatic Geoscope's basic land types are among the lands still there. The activations that
change such an amount are its *changers*: those that pay life or deal damage to its controller (LIFE), that
sacrifice a card it counts (GRAVEYARD) or a permanent it looks at (GREATEST_POWER, DISTINCT_POWERS,
LAND_TYPES), that put or remove a power-changing counter on a creature it reads, or that take away a permanent
whose static effect pumps it (layer 7c: an anthem, a lord; POWER, GREATEST_POWER, DISTINCT_POWERS). A
trigger counting the other lands with the name of the land tapped for mana (Sasaya's Essence, SAME_NAME) is
counted as it resolves too: its changers are the activations whose costs take one of those lands away (an
outlet sacrificing a Forest, another Crystal Vein sacrificing itself), and its members the lands, each still
there or not. So are the colors of the cards in a graveyard that an ability chooses its mana's color from
(Corrupted Grafstone): a variant for each color only a sacrificed card may bring, which needs at least one
card of that color put there before it (a family per color, ``at_least``).

Each activation (a permanent, an ability, its cost choices) of such an amount with changers on the board is
one *family* of templates, its *variants*: one for each value the amount may count, with the outcome it
makes then (:func:`~planner.rules.production.activation_outcomes`'s ``counted``). The variants share one
{T}, so a layer uses at most one, and the model requires its value to be what the changers ordered
before it leave (:mod:`planner.solve.cpsat`, ``_Layer._count_as_resolved``): ``n_s``, how often changer
``s`` is activated before the family (all of its activations or none, as the model orders each template as
one), gives the life ``base - sum(loss_s * n_s)``, the cards
``base + sum(cards_s * n_s)``, a permanent's power ``power + sum(change_s * n_s)``, and whether it is still
there (``1 - sum(n_s)`` over what sacrifices it; the lands of a name: how many are). A layer after the payment
(a cost to keep payable, a card in hand) counts from what the payment left. The model then chooses the order,
and with it the amount, that its objective likes best: counted before Mana Confluence when the mana is needed,
after it when the mana would float.

An activation of such an amount that the model can't order as one (activated more than once: no {T}), whose
amount is conditional, or whose lands' types an effect of a permanent the payment may sacrifice changes, is
counted on the board as it is, before any of its changers (static edges); so is a land whose own amount is
dynamic and that a trigger counting its name reaches too, or whose such triggers look at different lands. A
turn's plan does the same.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from models.abilities import AmountKind, ManaAbility, PaletteKind
from models.layer_effects import TypeChange
from models.mana import ManaTypes
from models.mana_effects import ManaTrigger
from planner.rules.activations import Activation, converter_bound, converts_mana
from planner.rules.amounts import (
    AMONG_POWERS,
    among_cards,
    card_matches,
    graveyard_colors,
    known_power,
    power_change,
    quantity,
    revealed_filter,
    revealing,
)
from planner.rules.hand import hand_abilities
from planner.rules.power_changes import power_lost
from planner.rules.production import activation_outcomes, same_name_triggers
from planner.rules.same_name import counted_lands
from planner.rules.view import BoardView

__all__ = ["DYNAMIC_AMOUNTS", "Change", "Dynamics", "Family", "Member", "expand"]

#: The amounts that the activations of a payment may change before they are counted.
DYNAMIC_AMOUNTS = frozenset(
    {
        AmountKind.LIFE,
        AmountKind.GRAVEYARD,
        AmountKind.POWER,
        AmountKind.GREATEST_POWER,
        AmountKind.DISTINCT_POWERS,
        AmountKind.LAND_TYPES,
    }
)
#: The amounts counted as a sum of what each changer adds (the others look at permanents: :class:`Member`).
_LINEAR = frozenset({AmountKind.LIFE, AmountKind.GRAVEYARD, AmountKind.POWER})

_Key = tuple[str, int, tuple[str, ...], tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class Change:
    """A changer: a template, and how much one of its activations changes what is counted."""

    template: int
    each: int


@dataclass(frozen=True, slots=True)
class Member:
    """A permanent a GREATEST_POWER, DISTINCT_POWERS or LAND_TYPES amount looks at: its power now and what
    changes it, the templates that sacrifice it, and its basic land types."""

    pid: str
    power: int
    changes: tuple[Change, ...]
    gone_by: tuple[int, ...]
    types: frozenset[str]


@dataclass(frozen=True, slots=True)
class Family:
    """The variants of one activation whose amount the payment may change: (template index, value counted)
    each; what a linear amount counts with nothing changed (``base``) and its changers, or the permanents a
    greatest power or land types amount looks at."""

    kind: AmountKind
    variants: tuple[tuple[int, int], ...]
    base: int = 0
    changes: tuple[Change, ...] = ()
    members: tuple[Member, ...] = ()
    #: True when a variant needs at least its value counted, not exactly it (a color of a card in the
    #: graveyard: one card of that color there is enough)
    at_least: bool = False

    @property
    def linear(self) -> bool:
        """True when the amount is counted as ``base`` plus what each changer adds (life, cards, a power)."""
        return self.kind in _LINEAR

    @property
    def changers(self) -> tuple[int, ...]:
        """Every template whose activations may change what the family counts."""
        found = [c.template for c in self.changes]
        for member in self.members:
            found += [c.template for c in member.changes] + list(member.gone_by)
        return tuple(dict.fromkeys(found))


@dataclass(frozen=True, slots=True)
class Dynamics:
    """The model's templates with the variants in place of what they stand for, the families, and the static
    edges of the amounts counted on the board as it is (indices into ``templates``)."""

    templates: tuple[Activation, ...]
    families: tuple[Family, ...] = ()
    edges: tuple[tuple[int, int], ...] = ()


@dataclass(frozen=True, slots=True)
class _ColorsPlan:
    """How the payment may change the colors of the cards in the graveyard an ability chooses its mana's
    color from (Corrupted Grafstone): the colors it may choose only once a card is sacrificed first, each
    with what each changer puts there of that color (its variants are made with the templates)."""

    colors: tuple[tuple[ManaTypes, tuple[Change, ...]], ...]


def _reads_graveyard_colors(ability: ManaAbility) -> bool:
    """True when the ability's mana is of a color of a card in its controller's graveyard (of any card, or of
    some cards: The Grey Havens' legendary creature cards)."""
    return not ability.conditional and ability.output.palette.kind is PaletteKind.GRAVEYARD_COLORS


def _colors_plan(view: BoardView, template: Activation, changers: Sequence[Activation]) -> _ColorsPlan:
    """The colors the ability may choose once the changers have put cards into the graveyard, beyond those
    of the cards there now, and how many cards of each color one activation of each changer puts there
    (a sacrificed card goes to the graveyard, with its colors there: CR 400.7)."""
    owner = view.permanent(template.pid).controller
    palette = template.ability.output.palette
    # (the colors of some of its cards only: The Grey Havens' legendary creatures)
    now = graveyard_colors(view, owner, template.pid, palette.among)
    moved = {c.index: _moved_colors(view, template, c) for c in changers}
    arriving = ManaTypes()
    for cards in moved.values():
        for colors in cards:
            arriving |= colors
    found: list[tuple[ManaTypes, tuple[Change, ...]]] = []
    for color in (palette.types & arriving) - now:
        changes = tuple(
            Change(index, count)
            for index, cards in moved.items()
            if (count := sum(1 for colors in cards if color in colors))
        )
        found.append((ManaTypes.of((color,)), changes))
    return _ColorsPlan(tuple(found))


def _moved_colors(view: BoardView, counting: Activation, changer: Activation) -> list[ManaTypes]:
    """The colors in the graveyard of each card one activation of ``changer`` puts into the graveyard of
    ``counting``'s controller (the permanents its cost sacrifices that are cards), of those the palette looks
    among."""
    owner = view.permanent(counting.pid).controller
    own = frozenset(counting.gone)
    among = counting.ability.output.palette.among
    cards = [view.permanent(pid).as_card() for pid in changer.gone if pid not in own]
    return [
        view.colors_elsewhere(card.colors, owner, spell=False)
        for card in cards
        if card is not None and among_cards(view, among, card, owner, counting.pid)
    ]


def _key(template: Activation) -> _Key:
    return (template.pid, template.ability_index, template.sacrificed, template.tapped)


def _loss(template: Activation) -> int:
    """The life one activation takes from its controller during the payment: its cost's life and its own
    damage and life loss, less the life its effect gains (a 'becomes tapped' trigger waits for the stack)."""
    outcome = template.outcome
    return template.ability.cost.life + outcome.damage + outcome.life_loss - outcome.life_gain


def _each(view: BoardView, counting: Activation, changer: Activation) -> tuple[int, tuple[str, ...]]:
    """What one activation of ``changer`` does to the amount ``counting`` counts: how much it changes a
    linear amount (or the power of its own permanent, for a greatest power), and the permanents it takes
    away that the amount looks at."""
    amount = counting.ability.output.amount
    kind = amount.kind
    own = frozenset(counting.gone)
    if kind is AmountKind.LIFE:
        return -_loss(changer), ()
    if kind is AmountKind.POWER:
        return _power_each(view, changer, counting.pid), ()
    assert amount.filter is not None
    if kind is AmountKind.GRAVEYARD:
        cards = (view.permanent(pid).as_card() for pid in changer.gone if pid not in own)
        owner = view.permanent(counting.pid).controller
        flt = amount.filter
        return sum(1 for c in cards if c is not None and card_matches(view, flt, c, owner, counting.pid)), ()
    looked_at = view.matching(amount.filter, counting.pid, own)
    gone = tuple(pid for pid in changer.gone if pid in looked_at)
    if kind in AMONG_POWERS:
        # (what it changes of one member's power: any, for a changer that only takes a pump away)
        each = [_power_each(view, changer, pid) for pid in looked_at if pid not in changer.gone]
        return next((e for e in each if e), 0), gone
    return 0, gone


def _power_each(view: BoardView, changer: Activation, pid: str) -> int:
    """How much one activation of ``changer`` changes the power of ``pid``: the counters its cost puts on
    its own permanent, and the pumps of the permanents it takes away (layer 7c)."""
    own = power_change(changer.ability.cost) if changer.pid == pid else 0
    return own + power_lost(view, changer.gone, pid)


def _linear_base(view: BoardView, template: Activation) -> int:
    """What a linear amount counts before any changer (its own cost paid), not cut at 0."""
    ability = template.ability
    return quantity(
        view,
        template.pid,
        ability.output.amount,
        removed=frozenset(template.gone),
        sacrificed=template.sacrificed,
        cost=ability.cost,
        below_zero=True,
    )


def _family(
    view: BoardView, template: Activation, changers: Sequence[Activation]
) -> tuple[Family, list[int]] | None:
    """The family of an activation and the values it may count (a family with no variants yet), or None
    when the model can't order it as one (see the module docstring)."""
    ability = template.ability
    kind = ability.output.amount.kind
    if ability.conditional or (template.bound > 1 and not ability.once_each_turn):
        return None
    effects = {s.source for s in view.effects if isinstance(s.effect, TypeChange)}
    if kind is AmountKind.LAND_TYPES and any(pid in effects for c in changers for pid in c.gone):
        return None
    if kind in _LINEAR:
        base = _linear_base(view, template)
        changes = tuple(Change(c.index, each) for c in changers if (each := _each(view, template, c)[0]) != 0)
        low = base + sum(min(c.each, 0) * _bound_of(changers, c.template) for c in changes)
        high = base + sum(max(c.each, 0) * _bound_of(changers, c.template) for c in changes)
        return Family(kind, (), base, changes), list(range(max(low, 0), max(high, 0) + 1))
    amount = ability.output.amount
    assert amount.filter is not None
    own = frozenset(template.gone)
    members: list[Member] = []
    for pid in view.matching(amount.filter, template.pid, own):
        # (the board gives every power read, and no power change in force may leave while paying:
        # planner.rules.amount_gaps.board_gap)
        found = known_power(view, pid, own) if kind in AMONG_POWERS else 0
        if pid == template.pid:
            found += power_change(ability.cost)
        powered: list[Change] = []
        gone_by: list[int] = []
        for changer in changers:
            _, gone = _each(view, template, changer)
            if pid in gone:
                gone_by.append(changer.index)
            elif kind in AMONG_POWERS and (each := _power_each(view, changer, pid)):
                powered.append(Change(changer.index, each))
        types = frozenset(view.type_line(pid).basic_land_types if kind is AmountKind.LAND_TYPES else ())
        members.append(Member(pid, found, tuple(powered), tuple(gone_by), types))
    if kind is AmountKind.LAND_TYPES:
        high = len({t for member in members for t in member.types})
    elif kind is AmountKind.DISTINCT_POWERS:
        high = len(members)
    else:
        high = max(
            [0]
            + [
                m.power + sum(max(c.each, 0) * _bound_of(changers, c.template) for c in m.changes)
                for m in members
            ]
        )
    return Family(kind, (), members=tuple(members)), list(range(0, high + 1))


def _same_name_lands(view: BoardView, template: Activation) -> tuple[frozenset[str], bool] | None:
    """The lands that the triggers counting the lands with the name of the template's land (Sasaya's
    Essence: :mod:`planner.rules.same_name`) look at, and whether every such trigger looks at the same ones;
    None when no such trigger triggers on the activation."""
    triggers = same_name_triggers(view, template.pid, template.ability)
    if not triggers:
        return None
    own = frozenset(template.gone)
    found = set()
    for sourced in triggers:
        assert isinstance(sourced.effect, ManaTrigger)
        flt = sourced.effect.adds.amount.filter
        assert flt is not None
        found.add(frozenset(counted_lands(view, template.pid, flt, own)))
    return frozenset().union(*found), len(found) == 1


def _same_name_family(
    template: Activation, looked_at: tuple[frozenset[str], bool], changers: Sequence[Activation]
) -> tuple[Family, list[int]] | None:
    """The family of an activation whose triggers count the lands with its land's name, each a member the
    changers may take away, and the values it may count (a family with no variants yet); None when the model
    can't order it as one (activated more than once) or its triggers look at different lands."""
    lands, same = looked_at
    if not same or (template.bound > 1 and not template.ability.once_each_turn):
        return None
    members = tuple(
        Member(pid, 0, (), tuple(c.index for c in changers if pid in c.gone), frozenset())
        for pid in sorted(lands)
    )
    return Family(AmountKind.SAME_NAME, (), members=members), list(range(len(members) + 1))


def _bound_of(changers: Sequence[Activation], index: int) -> int:
    """How often the changer template ``index`` may be activated in a plan."""
    return next(c.bound for c in changers if c.index == index)


def expand(
    view: BoardView,
    player: str,
    reflect: Mapping[str, ManaTypes],
    templates: Sequence[Activation],
    *,
    variants: bool = True,
) -> Dynamics:
    """The model's templates for a board (see the module docstring): each activation of a dynamic amount with
    changers as a family of variants (with ``variants``), or counted before its changers (static edges).

    >>> from models.board import Board
    >>> from planner.solve.problem import BoardAnalysis
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "life": 3}], "permanents": [
    ...     {"id": "sanctum", "name": "Sanctum of the Sun", "type_line": "Artifact", "controller": "me",
    ...      "oracle": "{T}: Add X mana of any one color, where X is your life total."},
    ...     {"id": "conf", "card": "Mana Confluence", "controller": "me"}]})
    >>> analysis = BoardAnalysis(board, "me")
    >>> found = expand(analysis.view, "me", analysis.reflect, analysis.templates)
    >>> [(found.templates[i].pid, value) for i, value in found.families[0].variants]
    [('sanctum', 2), ('sanctum', 3)]
    """
    if variants:  # (a turn's plan exiles no card from the hand for mana: its spells are cast from there)
        templates = _without_exiled_reveals(view, player, reflect, templates)
    by_key: dict[_Key, list[Activation]] = defaultdict(list)
    for template in templates:
        by_key[_key(template)].append(template)
    plans: dict[_Key, tuple[Family, list[int]] | list[Activation] | _ColorsPlan] = {}
    naming_possible = any(  # (the common case: no trigger counting lands of a name, Sasaya's Essence)
        isinstance(t.effect, ManaTrigger) and t.effect.adds.amount.kind is AmountKind.SAME_NAME
        for t in view.effects_of(ManaTrigger)
    )
    for key, group in by_key.items():
        first = group[0]
        looked_at = _same_name_lands(view, first) if naming_possible else None
        naming = (  # (only beside Sasaya's Essence: every template looked at for every key is quadratic)
            [t for t in templates if _key(t) != key and looked_at[0].intersection(t.gone)]
            if looked_at
            else []
        )
        filling: list[Activation] = []  # (what may put a card of a new color into a graveyard it reads)
        if _reads_graveyard_colors(first.ability):
            movers = [t for t in templates if _key(t) != key and _moved_colors(view, first, t)]
            colors = _colors_plan(view, first, movers) if movers else _ColorsPlan(())
            if colors.colors:
                if (
                    variants
                    and not naming
                    and (first.bound == 1 or first.ability.once_each_turn)
                    and first.ability.output.amount.kind not in DYNAMIC_AMOUNTS
                ):
                    plans[key] = colors
                    continue
                bringing = {change.template for _, changes in colors.colors for change in changes}
                filling = [m for m in movers if m.index in bringing]
        if first.ability.output.amount.kind not in DYNAMIC_AMOUNTS:
            if naming and looked_at is not None:
                found = _same_name_family(first, looked_at, naming) if variants and not filling else None
                plans[key] = found if found is not None else _either(naming, filling)
            elif filling:
                plans[key] = filling
            continue  # (nothing it counts, or what it counts the payment does not change)
        changers = [t for t in templates if _key(t) != key and _changes(view, first, t)]
        if not changers and not naming and not filling:
            continue  # (counted on the board as it is, which the payment does not change)
        alone = variants and changers and not naming and not filling
        found = _family(view, first, changers) if alone else None
        plans[key] = found if found is not None else _either(changers, naming, filling)
    if not plans:
        return Dynamics(tuple(templates))
    # the templates, with each family's variants where its templates were
    new: list[Activation] = []
    indices: dict[int, list[int]] = defaultdict(list)  # an old template's new indices
    made: dict[_Key, list[tuple[int, int]]] = {}
    for template in templates:
        key = _key(template)
        plan = plans.get(key)
        if isinstance(plan, _ColorsPlan):  # (as it is, then a variant per color a sacrifice may bring)
            indices[template.index].append(len(new))
            new.append(replace(template, index=len(new)))
            if key not in made:
                made[key] = []
                for color, _ in plan.colors:
                    for outcome in activation_outcomes(
                        view,
                        template.pid,
                        template.ability,
                        reflect,
                        sacrificed=template.sacrificed,
                        graveyard=color,
                    ):
                        made[key].append((len(new), color.mask))
                        new.append(replace(template, index=len(new), outcome=outcome))
            indices[template.index] += [i for i, _ in made[key]]
            continue
        if not isinstance(plan, tuple):
            indices[template.index].append(len(new))
            new.append(replace(template, index=len(new)))
            continue
        if key in made:
            indices[template.index] = [i for i, _ in made[key]]
            continue
        amount = template.ability.output.amount
        made[key] = []
        for value in plan[1]:
            if (
                plan[0].kind is AmountKind.SAME_NAME
            ):  # (the trigger's count: none still counts the land's own)
                for outcome in activation_outcomes(
                    view,
                    template.pid,
                    template.ability,
                    reflect,
                    sacrificed=template.sacrificed,
                    same_name=value,
                ):
                    made[key].append((len(new), value))
                    new.append(replace(template, index=len(new), outcome=outcome, same_name=value))
                continue
            counts = amount.multiplier * value + amount.plus
            if counts <= 0:
                continue
            for outcome in activation_outcomes(
                view, template.pid, template.ability, reflect, sacrificed=template.sacrificed, counted=counts
            ):
                made[key].append((len(new), value))
                new.append(replace(template, index=len(new), outcome=outcome, counted=counts))
        indices[template.index] = [i for i, _ in made[key]]

    def renamed(index: int) -> list[int]:
        return indices[index]

    families: list[Family] = []
    edges: list[tuple[int, int]] = []
    for key, plan in plans.items():
        if isinstance(plan, _ColorsPlan):  # (a family per color: one card of it there before is enough)
            for color, changes in plan.colors:
                chosen = tuple((i, 1) for i, mask in made[key] if mask == color.mask)
                if chosen:
                    family = Family(AmountKind.GRAVEYARD, chosen, 0, changes, at_least=True)
                    families.append(_renumbered(family, renamed))
            continue
        if isinstance(plan, tuple):
            if not made[key]:
                continue  # (whatever the payment does, it counts nothing: no template)
            family = _renumbered(plan[0], renamed)
            families.append(replace(family, variants=tuple(made[key])))
            if family.kind is AmountKind.LIFE:
                edges += _life_before_damage(new, family)
            continue
        counting = [i for t in by_key[key] for i in renamed(t.index)]
        edges += [(c, i) for c in counting for changer in plan for i in renamed(changer.index)]
    return Dynamics(_with_converter_bounds(view, player, new), tuple(families), tuple(edges))


def _either(*changers: Sequence[Activation]) -> list[Activation]:
    """The templates of any of these lists, once each: what an amount counted on the board as it is comes
    before (static edges)."""
    return list({t.index: t for found in changers for t in found}.values())


def _without_exiled_reveals(
    view: BoardView, player: str, reflect: Mapping[str, ManaTypes], templates: Sequence[Activation]
) -> Sequence[Activation]:
    """The templates with what a reveal from the hand counts (Metalworker's artifact cards) less the cards
    the model may exile from the hand for their own mana first (its hand steps come first in a plan): such a
    card may not be there to reveal. No printed card is both; a board's own cards may be."""
    hand = list({ability.position: ability.card for ability in hand_abilities(view.board, player)}.values())
    if not hand or not any(t.ability.output.amount.kind is AmountKind.REVEALED for t in templates):
        return templates
    found: list[Activation] = []
    for template in templates:
        ability = template.ability
        amount = ability.output.amount
        what = revealing(ability)
        wanted = revealed_filter(what) if amount.kind is AmountKind.REVEALED and what is not None else None
        gone = sum(
            1
            for card in hand
            if wanted is not None and card_matches(view, wanted, card, player, template.pid)
        )
        if not gone:
            found.append(template)
            continue
        cards = quantity(view, template.pid, amount, reveal=what) - gone
        counts = amount.multiplier * max(cards, 0) + amount.plus
        outcomes = activation_outcomes(
            view, template.pid, ability, reflect, sacrificed=template.sacrificed, counted=counts
        )
        if template.outcome in outcomes:
            found.append(template)
    return [replace(t, index=number) for number, t in enumerate(found)]


def _changes(view: BoardView, counting: Activation, other: Activation) -> bool:
    """True when ``other``'s activations change what ``counting``'s amount counts."""
    each, gone = _each(view, counting, other)
    return bool(each or gone)


def _renumbered(family: Family, renamed: Callable[[int], list[int]]) -> Family:
    """A family with its changers' old indices replaced by their new ones (a changer that is itself a
    family stands for each of its variants)."""

    def changes(found: tuple[Change, ...]) -> tuple[Change, ...]:
        return tuple(Change(i, c.each) for c in found for i in renamed(c.template))

    members = tuple(
        replace(m, changes=changes(m.changes), gone_by=tuple(i for g in m.gone_by for i in renamed(g)))
        for m in family.members
    )
    return replace(family, changes=changes(family.changes), members=members)


def _life_before_damage(templates: Sequence[Activation], family: Family) -> list[tuple[int, int]]:
    """Static edges from each life-paying changer to each damage-dealing one: the model checks life costs
    against the life total before damage is dealt (CR 119.4), and now orders those activations."""
    changers = [templates[c.template] for c in family.changes]
    payers = [t for t in changers if t.ability.cost.life]
    hurting = [t for t in changers if t.outcome.damage + t.outcome.life_loss]
    return [(p.index, h.index) for p in payers for h in hurting if p.index != h.index]


def _with_converter_bounds(
    view: BoardView, player: str, templates: list[Activation]
) -> tuple[Activation, ...]:
    """The templates with the converters' bounds worked out again from the variants (a family may count
    more than the board has now: Crypt of Agadeem after a sacrifice)."""
    converting = [converts_mana(t) for t in templates]
    if not any(converting):
        return tuple(templates)
    bound = converter_bound(view, player, templates)
    return tuple(
        replace(t, bound=max(t.bound, bound)) if converts else t
        for t, converts in zip(templates, converting, strict=True)
    )
