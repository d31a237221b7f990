"""A spell's additional costs paid with its mana (CR 601.2f-h, :mod:`models.additional_costs`): what may pay
them, and the payment checked.

The player activates mana abilities first (CR 601.2g), then pays the total cost in any order (601.2h): a
land tapped for mana may then be sacrificed for Harrow's additional cost, but a permanent a mana ability
took off the battlefield (a Treasure sacrificed for its mana) is gone, and a card exiled from the hand for
its mana (Elvish Spirit Guide) can't also be discarded. The spell itself is on the stack (CR 601.2a), so a
copy of it in the hand is not a card to discard.

>>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
...     {"id": "f1", "card": "Forest", "controller": "me"},
...     {"id": "sol", "card": "Sol Ring", "controller": "me"}]})
>>> sacrifice_candidates(board, "me", SacrificeCost(1, ("Land",)))
('f1',)
>>> unpaid_reason(board, "me", (SacrificeCost(1, ("Creature",)),), "Bone Splinters")
'sacrifice a creature: me controls no creature'
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from models.additional_costs import (
    AdditionalCost,
    DiscardCost,
    EitherCost,
    ExtraMana,
    LifeCost,
    OptionalSacrifice,
    RevealCost,
    SacrificeCost,
    UnreadCost,
    asks_x,
    costs_that_may_pay,
)
from models.board import Board, Card, Permanent
from models.cost import ManaCost, PaymentKind, PaymentTarget
from models.mana import ManaTypes
from models.spells import own_alternative_costs
from planner.rules.amounts import mana_value
from planner.rules.payment_bans import life_forbidden_by, sacrifice_forbidden_by
from planner.rules.question import view_of
from planner.rules.records import TextWarning, WarningKind
from planner.rules.replay import IllegalPlanError, PaymentSummary
from planner.rules.spell_cost import unknown_turn_facts
from planner.rules.turn_facts import died_gap, turn_event_gap

__all__ = [
    "AdditionalPaid",
    "CostWay",
    "asks_x",
    "banned_life_reason",
    "check_additional",
    "cost_ways",
    "costs_that_may_pay",
    "discard_candidates",
    "discard_choices",
    "exiles_from_hand",
    "life_reason",
    "planned_costs",
    "plans_additional",
    "returns_permanents",
    "reveal_choices",
    "sacrifice_candidates",
    "sacrifice_choices",
    "sacrificed_ids",
    "taps_permanents",
    "taps_unplanned",
    "turn_fact_warnings",
    "turn_reduction",
    "unpaid_reason",
    "with_additional",
    "with_x",
    "without_cards",
    "written_cost",
]


#: One kind of cost part (:func:`costs_that_may_pay`).
_Part = TypeVar("_Part", SacrificeCost, DiscardCost, RevealCost)


@dataclass(frozen=True, slots=True)
class AdditionalPaid:
    """What paid a spell's additional costs: the permanents sacrificed (ids, in the board's order) and the
    names of the cards discarded (sorted).

    >>> AdditionalPaid(("f1",), ()).describe()
    'sacrificed f1 for the additional cost'
    >>> AdditionalPaid(("c1",), (), returned=True).to_json()
    {'sacrificed': [], 'discarded': [], 'returned': ['c1']}
    >>> march = AdditionalPaid((), ("Knight",), exiled=True)
    >>> march.to_json()
    {'sacrificed': [], 'discarded': [], 'exiled': ['Knight']}
    >>> march.describe()
    'exiled Knight from the hand for the additional cost'
    """

    sacrificed: tuple[str, ...] = ()
    discarded: tuple[str, ...] = ()
    #: True when the costs return the permanents to their owners' hands rather than sacrifice them
    #: (Familiar's Ruse's "return a creature you control to its owner's hand"): the answer names them so
    returned: bool = False
    #: True when the cards of ``discarded`` were exiled from the hand rather than discarded (the Marches'
    #: "exile any number of black cards from your hand"): the answer names them so
    exiled: bool = False
    #: the names of the cards revealed from the hand (Thunderherd Migration's "reveal a Dinosaur card"):
    #: they stay in the hand
    revealed: tuple[str, ...] = ()
    #: the life paid for them (Bitter Triumph's "or pay 3 life"), already in the payment's life paid
    life: int = 0
    #: True when the permanents of ``sacrificed`` were tapped rather than sacrificed (Disruption Protocol's
    #: "tap an untapped artifact you control"): the answer names them so
    tapped: bool = False

    def __bool__(self) -> bool:
        return bool(self.sacrificed or self.discarded or self.life)

    def to_json(self) -> dict[str, list[str] | int]:
        """The JSON object of the answer's ``additional_costs`` key (``returned`` only when the costs
        return permanents, ``revealed`` only when they reveal cards, ``life`` only when they pay some).

        >>> AdditionalPaid(revealed=("Test Dinosaur",)).to_json()
        {'sacrificed': [], 'discarded': [], 'revealed': ['Test Dinosaur']}
        >>> AdditionalPaid(life=3).to_json()
        {'sacrificed': [], 'discarded': [], 'life': 3}
        >>> AdditionalPaid(("r",), tapped=True).to_json()
        {'sacrificed': [], 'discarded': [], 'tapped': ['r']}
        """
        found: dict[str, list[str] | int] = {
            "sacrificed": list(self.sacrificed),
            "discarded": list(self.discarded),
        }
        if self.returned or self.tapped:
            kept = "returned" if self.returned else "tapped"
            found = {"sacrificed": [], "discarded": found["discarded"], kept: found["sacrificed"]}
        if self.exiled:
            found = {**found, "discarded": [], "exiled": found["discarded"]}
        found |= {"revealed": list(self.revealed)} if self.revealed else {}
        return found | ({"life": self.life} if self.life else {})

    def describe(self) -> str:
        """The payment in a sentence.

        >>> AdditionalPaid(revealed=("Test Dinosaur",)).describe()
        'revealed Test Dinosaur for the additional cost'
        >>> AdditionalPaid(life=3).describe()
        'paid 3 life for the additional cost'
        """
        parts = []
        if self.sacrificed:
            verb = "returned to hand " if self.returned else "tapped " if self.tapped else "sacrificed "
            parts.append(verb + ", ".join(self.sacrificed))
        if self.discarded:
            verb, zone = ("exiled ", " from the hand") if self.exiled else ("discarded ", "")
            parts.append(verb + ", ".join(self.discarded) + zone)
        if self.revealed:
            parts.append("revealed " + ", ".join(self.revealed))
        if self.life:
            parts.append(f"paid {self.life} life")
        return " and ".join(parts) + " for the additional cost"


def planned_costs(costs: tuple[AdditionalCost, ...]) -> tuple[SacrificeCost | DiscardCost, ...]:
    """The costs the planner plans as they are (an unread one is a warning on the spell's text, not a cost
    here; a choice of costs is planned way by way: :func:`cost_ways`)."""
    return tuple(cost for cost in costs if isinstance(cost, SacrificeCost | DiscardCost))


@dataclass(frozen=True, slots=True)
class CostWay:
    """One way of paying a spell's additional costs (:func:`cost_ways`): the costs to pay, the generic mana
    the optional ones paid take off its cost (:attr:`~models.cost.PaymentTarget.paid_reduction`), the mana
    they add to it (:attr:`~models.cost.PaymentTarget.additional_mana`: "or pay {3}{B}", Old Stickfingers'
    "pay {X}") and the life (:attr:`~models.cost.PaymentTarget.additional_life`: "or pay 3 life").

    >>> way = CostWay((), 0, ManaCost.parse("{3}{B}"))
    >>> str(way), str(way.on(PaymentTarget.of("{B}")).additional_mana)
    ('pay {3}{B}', '{3}{B}')
    >>> bitter = CostWay((), life=3)
    >>> str(bitter), bitter.on(PaymentTarget.of("{1}{B}")).additional_life
    ('pay 3 life', 3)
    """

    costs: tuple[SacrificeCost | DiscardCost | RevealCost, ...]
    less: int = 0
    mana: ManaCost = ManaCost(())
    life: int = 0

    def on(self, target: PaymentTarget) -> PaymentTarget:
        """``target`` (its additional costs not yet chosen, or chosen as another way) paid this way: its
        additional costs this way's, what they take off and add to its cost added to its own."""
        return replace(
            target,
            additional_costs=self.costs,
            paid_reduction=target.paid_reduction + self.less,
            additional_mana=target.additional_mana + self.mana,
            additional_life=target.additional_life + self.life,
        )

    def __str__(self) -> str:
        parts = [str(cost) for cost in self.costs] + ([f"pay {self.mana}"] if self.mana else [])
        parts += [str(LifeCost(self.life))] if self.life else []
        less = [f"{self.less} less"] if self.less else []
        return " and ".join(parts + less) or "nothing"


def _way_of(cost: SacrificeCost | DiscardCost | RevealCost | ExtraMana | LifeCost) -> CostWay:
    """The way of paying one cost as it is (a way of a choice, or a cost alone)."""
    if isinstance(cost, ExtraMana):
        return CostWay((), 0, ManaCost.parse(cost.symbols))
    if isinstance(cost, LifeCost):
        return CostWay((), life=cost.life)
    return CostWay((cost,))


def returns_permanents(costs: tuple[AdditionalCost, ...]) -> bool:
    """True when every permanent the planned costs take is returned to its owner's hand, not sacrificed.

    >>> returns_permanents((SacrificeCost(1, ("Creature",), returned=True),))
    True
    """
    sacrifices = [cost for cost in planned_costs(costs) if isinstance(cost, SacrificeCost)]
    return bool(sacrifices) and all(cost.returned for cost in sacrifices)


def _revealed(costs: tuple[AdditionalCost, ...]) -> tuple[RevealCost, ...]:
    return tuple(cost for cost in costs if isinstance(cost, RevealCost))


def taps_permanents(costs: tuple[AdditionalCost, ...]) -> bool:
    """True when every permanent the planned costs take is tapped for them, not sacrificed (CR 601.2h).

    >>> taps_permanents((SacrificeCost(1, ("Artifact",), tapped=True),))
    True
    """
    sacrifices = [cost for cost in planned_costs(costs) if isinstance(cost, SacrificeCost)]
    return bool(sacrifices) and all(cost.tapped for cost in sacrifices)


def taps_unplanned(costs: tuple[AdditionalCost, ...]) -> tuple[AdditionalCost, ...]:
    """The costs a turn plan pays: one that taps permanents (or a choice with such a way) kept as written, not
    planned (turn plans take a permanent a cost takes off the battlefield, not one it taps and leaves: their
    note says so, :func:`planner.turn_additional.unread_cost_notes`).

    >>> protocol = EitherCost((SacrificeCost(1, ("Artifact",), tapped=True), ExtraMana("{1}")))
    >>> taps_unplanned((protocol, DiscardCost(1)))
    (UnreadCost(words='tap an untapped artifact you control or pay {1}'), DiscardCost(count=1))
    """

    def taps(cost: AdditionalCost) -> bool:
        return any(c.tapped for c in costs_that_may_pay((cost,), SacrificeCost))

    return tuple(UnreadCost(str(cost)) if taps(cost) else cost for cost in costs)


def plans_additional(costs: tuple[AdditionalCost, ...]) -> bool:
    """True when the spell has additional costs the planner plans (as they are, a choice, an optional one)."""
    return any(not isinstance(cost, UnreadCost) for cost in costs)


def cost_ways(costs: tuple[AdditionalCost, ...], generic: int = 0) -> list[CostWay]:
    """Each way of paying the costs the planner plans: the costs as they are, with one of the ways of each
    choice of costs (:class:`~models.additional_costs.EitherCost`: Bone Shards' "sacrifice a creature or
    discard a card"), and each number of permanents of each optional sacrifice that takes something off the
    cost (:class:`~models.additional_costs.OptionalSacrifice`: none, or as many as take off no more than
    ``generic``, the generic mana of the total cost without them, with one more that takes off what is left:
    a sacrifice past that takes off nothing, and is never better); one way, the planned costs (maybe none),
    when there is no choice.

    >>> bone = EitherCost((SacrificeCost(1, ("Creature",)), DiscardCost(1)))
    >>> [str(way) for way in cost_ways((bone, SacrificeCost(1, ("Land",))))]
    ['sacrifice a land and sacrifice a creature', 'sacrifice a land and discard a card']
    >>> harvest = EitherCost((SacrificeCost(1, ("Creature",)), ExtraMana("{3}{B}")))
    >>> [str(way) for way in cost_ways((harvest,))]
    ['sacrifice a creature', 'pay {3}{B}']
    >>> bitter = EitherCost((DiscardCost(1), LifeCost(3)))
    >>> [str(way) for way in cost_ways((bitter,))], [str(way) for way in cost_ways((ExtraMana("{X}"),))]
    (['discard a card', 'pay 3 life'], ['pay {X}'])
    >>> dargo = OptionalSacrifice(SacrificeCost(1, ("Artifact", "Creature")), None, reduction=2)
    >>> [str(way) for way in cost_ways((dargo,), generic=3)][1:]
    ['sacrifice an artifact or creature and 2 less', 'sacrifice two artifacts or creatures and 4 less']
    """
    fixed = (*planned_costs(costs), *_revealed(costs))
    paid_as_is = [_way_of(cost) for cost in costs if isinstance(cost, ExtraMana | LifeCost)]
    choices: list[list[CostWay]] = [
        [_way_of(way) for way in cost.ways] for cost in costs if isinstance(cost, EitherCost)
    ]
    for cost in costs:
        if isinstance(cost, OptionalSacrifice) and cost.reduction > 0:
            useful = -(-generic // cost.reduction)  # (the last one may take off less than its reduction)
            most = useful if cost.most is None else min(cost.most, useful)
            choices.append(
                [CostWay(())]
                + [
                    CostWay((replace(cost.sacrifice, count=n),), n * cost.reduction)
                    for n in range(1, most + 1)
                ]
            )
    return [
        CostWay(
            (*fixed, *(c for way in chosen for c in way.costs)),
            sum(way.less for way in chosen),
            sum((way.mana for way in (*paid_as_is, *chosen)), ManaCost(())),
            sum(way.life for way in (*paid_as_is, *chosen)),
        )
        for chosen in itertools.product(*choices)
    ]


def turn_reduction(board: Board, player: str, costs: tuple[AdditionalCost, ...]) -> int:
    """The generic mana the spell's cost loses for the permanents ``player`` sacrificed this turn (the board's
    ``sacrificed_this_turn``; none when not given: :func:`turn_fact_warnings`), whether its optional costs are
    paid or not (Dargo's "{2} less to cast for each other artifact or creature you've sacrificed this turn").

    >>> dargo = OptionalSacrifice(SacrificeCost(1, ("Creature",)), None, 2, 2, ("Artifact", "Creature"))
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me",
    ...     "sacrificed_this_turn": ["Treasure", "Forest", "Llanowar Elves"]}], "permanents": []})
    >>> turn_reduction(board, "me", (dargo,))
    4
    """
    cards = board.player(player).sacrificed_this_turn or ()
    return sum(
        cost.turn_reduction * sum(any(card.type_line.is_a(t) for t in cost.turn_types) for card in cards)
        for cost in costs
        if isinstance(cost, OptionalSacrifice)
    )


def turn_fact_warnings(board: Board, player: str, target: PaymentTarget) -> tuple[TextWarning, ...]:
    """A warning for each fact of the turn the spell's cost reads that the board does not give (the
    permanents its caster sacrificed this turn, the creatures that died this turn, the cards its caster
    discarded this turn, which its own alternative cost may ask): none are counted."""
    if not target.text and not target.additional_costs:
        return ()  # (the common case: a cost alone, which reads no fact of the turn)
    position = [p.id for p in board.players].index(player)
    unknown = list(unknown_turn_facts(board, player, target))
    if board.player(player).cards_discarded_this_turn is None:
        # (its own alternative cost's "As long as you've discarded a card this turn": the card Asmor's)
        discarded = f"players[{position}].cards_discarded_this_turn"
        unknown += [
            (cost.text, f"{discarded} is not given: none counted")
            for cost in own_alternative_costs(target.text, target.name)
            if cost.if_discarded
        ]
    # (its own "You may cast this card from your graveyard if a [non-Zombie] creature died this turn.")
    unknown += [
        (cost.text, gap)
        for cost in own_alternative_costs(target.text, target.name)
        if cost.if_creature_died and (gap := died_gap(board, cost.died_what))
    ]
    unknown += [  # (spectacle's "an opponent lost life this turn", raid's "you attacked with a creature")
        (cost.text, gap)
        for cost in own_alternative_costs(target.text, target.name)
        for needed in cost.if_turn_facts
        if (gap := turn_event_gap(board, player, needed.amount))
    ]
    facts = tuple(
        TextWarning(target.name or "spell", sentence, why, WarningKind.ASSUMED) for sentence, why in unknown
    )
    if board.player(player).sacrificed_this_turn is not None:
        return facts
    return facts + tuple(
        TextWarning(
            target.name or "spell",
            f"{cost}: less for each {' or '.join(t.lower() for t in cost.turn_types)} sacrificed this turn",
            f"players[{position}].sacrificed_this_turn is not given: none counted",
            WarningKind.ASSUMED,
        )
        for cost in target.additional_costs
        if isinstance(cost, OptionalSacrifice) and cost.turn_reduction
    )


def sacrifice_candidates(board: Board, player: str, cost: SacrificeCost) -> tuple[str, ...]:
    """The permanents ``player`` controls (CR 701.17a) that may be sacrificed for ``cost`` (their types as
    effects leave them; of the cost's mana values when it names them, CR 202.3: "with mana value X" of any,
    X still to be chosen to match, :func:`with_x`), or tapped for it (the untapped ones, CR 601.2h), in the
    board's order; none a prohibition forbids ``player`` to sacrifice to cast a spell (CR 118.3: Yasharn's
    nonland permanents, :func:`~planner.rules.payment_bans.sacrifice_forbidden_by`; a permanent tapped or
    returned to the hand for a cost is not sacrificed).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "opp"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"},
    ...     {"id": "t", "card": "Treasure", "controller": "me", "token": True},
    ...     {"id": "sol", "card": "Sol Ring", "controller": "me", "tapped": True},
    ...     {"id": "opp_t", "card": "Treasure", "controller": "opp", "token": True}]})
    >>> sacrifice_candidates(board, "me", SacrificeCost(1, ("Permanent",), excluded=("Land",)))
    ('t', 'sol')
    >>> sacrifice_candidates(board, "me", SacrificeCost(1, ("Artifact",), tapped=True))
    ('t',)
    >>> sacrifice_candidates(board, "me", SacrificeCost(1, ("Artifact",), mana_value_at_least=1))
    ('sol',)
    """
    view = view_of(board)
    fitting = _fitting(board, player, cost)
    if cost.tapped or cost.returned:
        return fitting
    return tuple(
        pid for pid in fitting if sacrifice_forbidden_by(view, player, pid, PaymentKind.SPELL) is None
    )


def _fitting(board: Board, player: str, cost: SacrificeCost) -> tuple[str, ...]:
    """The permanents ``player`` controls that fit ``cost`` (:func:`sacrifice_candidates`), whatever a
    prohibition on sacrificing them says."""
    view = view_of(board)
    return tuple(
        permanent.id
        for permanent in board.permanents
        if view.permanent(permanent.id).controller == player
        and (cost.matches(view.type_line(permanent.id)) or (cost.tokens and permanent.token))
        and not (cost.nontoken and permanent.token)
        and not (cost.tapped and permanent.tapped)
        and (not cost.colors or bool(view.colors(permanent.id) & ManaTypes.parse(cost.colors)))
        and _of_mana_value(cost, mana_value(permanent))
        and (cost.mana_cost is None or written_cost(permanent) == cost.mana_cost)
    )


def _of_mana_value(cost: SacrificeCost, value: int) -> bool:
    """True when a permanent of mana ``value`` has the mana value ``cost`` asks of it (CR 202.3)."""
    return (
        (cost.mana_value is None or value == cost.mana_value)
        and (cost.mana_value_at_least is None or value >= cost.mana_value_at_least)
        and (cost.mana_value_at_most is None or value <= cost.mana_value_at_most)
    )


def with_x(costs: tuple[AdditionalCost, ...], x: int | None) -> tuple[AdditionalCost, ...]:
    """The costs with their "with mana value X" the X chosen for the spell (CR 107.3, 601.2b); as they are
    when X is not given (the caster chooses it as the permanent's mana value: any permanent may pay it).

    >>> nahiri = EitherCost((SacrificeCost(1, ("Creature",), mana_value_x=True), ExtraMana("{1}")))
    >>> [str(cost) for cost in with_x((nahiri,), 2)]
    ['sacrifice a creature with mana value 2 or pay {1}']
    """
    if x is None:
        return costs

    def fixed_sacrifice(cost: SacrificeCost) -> SacrificeCost:
        return replace(cost, mana_value=x, mana_value_x=False) if cost.mana_value_x else cost

    def fixed(cost: AdditionalCost) -> AdditionalCost:
        if isinstance(cost, EitherCost):
            ways = (fixed_sacrifice(way) if isinstance(way, SacrificeCost) else way for way in cost.ways)
            return EitherCost(tuple(ways))
        if isinstance(cost, OptionalSacrifice) and isinstance(cost.sacrifice, SacrificeCost):
            return replace(cost, sacrifice=fixed_sacrifice(cost.sacrifice))
        return fixed_sacrifice(cost) if isinstance(cost, SacrificeCost) else cost

    return tuple(fixed(cost) for cost in costs)


def written_cost(permanent: Permanent) -> str:
    """A permanent's mana cost as written ('' without one: a land, a token), its symbols in order.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "sol", "card": "Sol Ring", "controller": "me"}]})
    >>> written_cost(board.permanent("sol"))
    '{1}'
    """
    return "" if permanent.mana_cost is None else str(permanent.mana_cost)


def discard_candidates(
    board: Board, player: str, spell_name: str, costs: Sequence[AdditionalCost] = ()
) -> tuple[Card, ...]:
    """The cards in ``player``'s hand that may be discarded (or exiled) for the discards among ``costs``: all
    but the spell cast (one copy of its name), of the colors they name (the Marches' "black cards": a
    card's own colors, as Force of Will's exile reads them).

    >>> knight = {"name": "Knight", "type_line": "Creature", "mana_cost": "{1}{W}"}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "hand": [knight, "Forest", knight]}]})
    >>> white = DiscardCost(1, colors="W", exiled=True)
    >>> [card.name for card in discard_candidates(board, "me", "Knight", (white,))]
    ['Knight']
    """
    hand = list(board.player(player).hand)
    for index, card in enumerate(hand):
        if spell_name and card.name == spell_name:
            del hand[index]
            break
    discards = [cost for cost in planned_costs(tuple(costs)) if isinstance(cost, DiscardCost)]
    return tuple(card for card in hand if all(cost.matches(card.colors) for cost in discards))


def exiles_from_hand(costs: Sequence[AdditionalCost]) -> bool:
    """True when the discards among ``costs`` exile the cards rather than discard them (the Marches')."""
    return any(cost.exiled for cost in costs_that_may_pay(costs, DiscardCost))


def reveal_choices(
    board: Board, player: str, costs: tuple[AdditionalCost, ...], spell_name: str = ""
) -> list[tuple[str, ...]]:
    """Every different choice of cards (by name, one card for each of the costs' reveals) ``player``'s hand
    may reveal, the spell itself aside; ``[()]`` when nothing is revealed, ``[]`` when it can't be.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "hand": [{"name": "Test Dinosaur",
    ...     "type_line": "Creature — Dinosaur", "mana_cost": "{3}{G}"}, "Forest"]}]})
    >>> reveal_choices(board, "me", (RevealCost(("Dinosaur",)),))
    [('Test Dinosaur',)]
    >>> reveal_choices(board, "me", (RevealCost(("Elf",)),))
    []
    """
    choices: list[tuple[str, ...]] = [()]
    for cost in _revealed(costs):
        choices = [
            (*taken, card)
            for taken in choices
            for card in sorted(
                {
                    c.name
                    for c in discard_candidates(without_cards(board, player, taken), player, spell_name)
                    if cost.matches(c.type_line)
                }
            )
        ]
    return list(dict.fromkeys(tuple(sorted(choice)) for choice in choices))


def unpaid_reason(
    board: Board, player: str, costs: tuple[AdditionalCost, ...], spell_name: str = ""
) -> str | None:
    """Why no payment can pay the additional costs, whatever the mana does: too few permanents or cards;
    None when there are enough (whether a plan leaves enough is the planner's question)."""
    if _revealed(costs) and not reveal_choices(board, player, costs, spell_name):
        named = " and ".join(map(str, _revealed(costs)))
        return f"{named}: {player}'s hand has no such card other than the spell"
    for cost in planned_costs(costs):
        if isinstance(cost, SacrificeCost):
            found = len(sacrifice_candidates(board, player, cost))
            if found < cost.count:
                return _too_few_reason(board, player, cost, found)
        elif len(discard_candidates(board, player, spell_name, costs)) < cost.count:
            return f"{cost}: {player}'s hand has too few other {cost.kinds()}s"
    return None


def _too_few_reason(board: Board, player: str, cost: SacrificeCost, found: int) -> str:
    """Why ``player`` has only ``found`` permanents to sacrifice for ``cost``: too few fit it, or a
    prohibition forbids sacrificing the others (CR 118.3)."""
    view = view_of(board)
    forbidden = [
        source
        for pid in _fitting(board, player, cost)
        if (source := sacrifice_forbidden_by(view, player, pid, PaymentKind.SPELL)) is not None
    ]
    if forbidden and found + len(forbidden) >= cost.count:
        return f"{cost}: {forbidden[0]}'s prohibition forbids {player} sacrificing them (CR 118.3)"
    has = f"only {found}" if found else "no"
    return f"{cost}: {player} controls {has} {cost.kinds()}"


def life_reason(board: Board, player: str, way: CostWay) -> str | None:
    """Why ``player`` can't pay the life of a way of paying the additional costs, whatever the mana does
    (CR 119.4: paying life needs a life total of at least that much; 118.3: a prohibition forbids paying
    it); None when they may.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "life": 2}]})
    >>> life_reason(board, "me", CostWay((), life=3)), life_reason(board, "me", CostWay((), life=2))
    ('pay 3 life: me has 2 life (CR 119.4)', None)
    """
    life = board.player(player).life
    if way.life > life:
        return f"{LifeCost(way.life)}: {player} has {life} life (CR 119.4)"
    return banned_life_reason(board, player, way.life)


def banned_life_reason(board: Board, player: str, life: int) -> str | None:
    """Why ``player`` can't pay ``life`` life to cast a spell: a prohibition forbids it (CR 118.3: Yasharn);
    None when none does, or no life is paid (CR 119.4: paying 0 life is no life paid).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [{"id": "w",
    ...     "name": "Test Warden", "type_line": "Creature", "controller": "me",
    ...     "oracle": "Players can't pay life to cast spells."}]})
    >>> banned_life_reason(board, "me", 3), banned_life_reason(board, "me", 0)
    ("pay 3 life: w's prohibition forbids me paying life to cast spells (CR 118.3)", None)
    """
    if life <= 0:
        return None
    source = life_forbidden_by(view_of(board), player, PaymentKind.SPELL)
    if source is None:
        return None
    return f"{LifeCost(life)}: {source}'s prohibition forbids {player} paying life to cast spells (CR 118.3)"


def sacrifice_choices(
    candidates: tuple[str, ...], gone: frozenset[str], count: int
) -> Iterator[tuple[str, ...]]:
    """Every set of ``count`` candidates a plan left on the battlefield (``gone``: what it took off).

    >>> list(sacrifice_choices(("a", "b", "c"), frozenset({"b"}), 1))
    [('a',), ('c',)]
    """
    return itertools.combinations([pid for pid in candidates if pid not in gone], count)


def sacrificed_ids(
    counts: Sequence[tuple[tuple[str, ...], int]],
    used: frozenset[str],
    gone: frozenset[str],
    *,
    tapped: bool = False,
) -> tuple[str, ...]:
    """The permanents sacrificed, from each group's count: those the plan ``used`` (tapped for mana) but did
    not take off the battlefield (``gone``) first, then the others, each in the group's order; or, when the
    costs tap them (``tapped``), those the plan did not use.

    >>> sacrificed_ids([(("f1", "f2", "f3"), 1)], frozenset({"f2", "f3"}), frozenset())
    ('f2',)
    >>> sacrificed_ids([(("t1", "t2", "t3"), 2)], frozenset({"t1"}), frozenset({"t1"}))
    ('t2', 't3')
    >>> sacrificed_ids([(("r1", "r2"), 1)], frozenset({"r1"}), frozenset(), tapped=True)
    ('r2',)
    """
    ids: list[str] = []
    for members, count in counts:
        left = [pid for pid in members if pid not in (used if tapped else gone)]
        ranked = [pid for pid in left if pid in used] + [pid for pid in left if pid not in used]
        ids += ranked[:count]
    return tuple(ids)


def discard_choices(cards: tuple[Card, ...], count: int) -> list[tuple[str, ...]]:
    """Every different choice of ``count`` cards to discard, by name (copies of a card are one choice).

    >>> discard_choices(tuple(map(Card.from_json, ("Forest", "Forest", "Island"))), 2)
    [('Forest', 'Forest'), ('Forest', 'Island')]
    """
    names = sorted(card.name for card in cards)
    return sorted(set(itertools.combinations(names, count)))


def without_cards(board: Board, player: str, names: tuple[str, ...]) -> Board:
    """The board with one copy of each named card gone from ``player``'s hand (discarded)."""
    left = Counter(names)
    hand = []
    for card in board.player(player).hand:
        if left[card.name] > 0:
            left[card.name] -= 1
        else:
            hand.append(card)
    return board.replace_player(player, hand=tuple(hand))


def with_additional(summary: PaymentSummary, paid: AdditionalPaid) -> PaymentSummary:
    """A payment's summary with its additional costs paid after its mana abilities (CR 601.2h)."""
    if not paid:
        return summary
    chosen = frozenset(paid.sacrificed)
    if paid.tapped:  # (tapped for the cost: they stay on the battlefield)
        return replace(
            summary,
            tapped=summary.tapped | chosen,
            used=summary.used | chosen,
            discarded=tuple(sorted((*summary.discarded, *paid.discarded))),
        )
    return replace(
        summary,
        sacrificed=summary.sacrificed | chosen,
        used=summary.used | chosen,
        discarded=tuple(sorted((*summary.discarded, *paid.discarded))),
    )


def check_additional(
    board: Board,
    player: str,
    costs: tuple[AdditionalCost, ...],
    summary: PaymentSummary,
    paid: AdditionalPaid,
    spell_name: str = "",
    step: int = 0,
) -> None:
    """Check that ``paid`` pays the costs after the plan whose summary is ``summary`` (CR 601.2h), paid
    with the payment after its ``step`` steps: :class:`IllegalPlanError` when it does not."""
    sacrifices = [c for c in planned_costs(costs) if isinstance(c, SacrificeCost)]
    discards = sum(c.count for c in planned_costs(costs) if isinstance(c, DiscardCost))
    left = list(paid.sacrificed)
    if len(set(left)) != len(left):
        raise IllegalPlanError(step, f"a permanent sacrificed twice for the additional costs: {left}")
    for cost in sacrifices:
        fits = [pid for pid in sacrifice_candidates(board, player, cost) if pid in left]
        if len(fits) < cost.count:
            raise IllegalPlanError(step, f"{cost}: {paid.sacrificed} does not pay it")
        for pid in fits[: cost.count]:
            left.remove(pid)
    gone = summary.gone.intersection(paid.sacrificed)
    if any(cost.tapped for cost in sacrifices):  # (untapped as the cost is paid: none tapped for mana)
        gone = gone | summary.used.intersection(paid.sacrificed)
    if left or gone:
        raise IllegalPlanError(step, f"sacrificed for no cost, or already gone: {sorted({*left, *gone})}")
    hand = Counter(card.name for card in discard_candidates(board, player, spell_name, costs))
    hand.subtract(Counter(summary.from_hand))
    hand.subtract(Counter(summary.discarded))
    hand.subtract(Counter(summary.exiled_cards))
    hand.subtract(Counter(paid.discarded))
    if len(paid.discarded) != discards or any(count < 0 for count in hand.values()):
        raise IllegalPlanError(
            step, f"discarded {list(paid.discarded)}: not {discards} cards left in the hand"
        )
    _check_revealed(board, player, costs, paid.revealed, hand, step)


def _check_revealed(
    board: Board,
    player: str,
    costs: tuple[AdditionalCost, ...],
    revealed: tuple[str, ...],
    hand: Counter[str],
    step: int,
) -> None:
    """Check that ``revealed`` names one card for each reveal of the costs, of its types, each in the hand
    left (``hand``: the mana abilities and the discards took theirs; a card revealed is held apart from the
    discards, as the planner holds it: no printed card both reveals and discards)."""
    reveals = _revealed(costs)
    left = Counter(revealed)
    left.subtract(hand)
    types = {card.name: card.type_line for card in board.player(player).hand}
    if len(revealed) != len(reveals) or any(count > 0 for count in left.values()):
        raise IllegalPlanError(step, f"revealed {list(revealed)}: not in the hand left")
    for cost in reveals:
        fits = next((name for name in revealed if cost.matches(types[name])), None)
        if fits is None:
            raise IllegalPlanError(step, f"{cost}: {list(revealed)} does not pay it")
        revealed = tuple(name for index, name in enumerate(revealed) if index != revealed.index(fits))
