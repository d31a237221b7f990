"""The cost parts of mana abilities that :class:`~models.abilities.AbilityCost`'s fields don't hold
(:class:`~models.abilities.CostPart`), as the rules pay them (CR 118, 601.2b, 602.2b): what each asks of the
game, and what it leaves the payer to choose.

- **Discard a card** (Bog Witch), **Exile a card from your hand** (Cadaverous Bloom): which cards, chosen as
  the cost is paid, from the player's ``hand``; cards of one name are alike, so a choice names cards by name.
  **Discard your hand** takes every card in the hand then, none if it is empty (a cost of zero cards can
  always be paid, CR 118.3b);
- **Exile a card from your graveyard** (Titans' Nest, Rubble Rouser): any cards of the player's
  ``graveyard`` (a list or a count: cards only counted are alike); a part that names some cards only ('a
  creature card') sets its ability aside. Which board lets it be paid:
  :func:`planner.rules.amount_gaps.board_gap`;
- **Collect evidence N** (Cryptex, CR 701.59a): exile cards from the graveyard with total mana value N or
  more. Nothing else the payment does reads which cards the graveyard holds (else the ability is set aside:
  :func:`planner.rules.amount_gaps.board_gap`), so the cards it takes are the fewest that add up to N, those
  of the greatest mana value (:func:`evidence_cards`), and those a part that takes any card takes are of
  the least; the board must give the graveyard's cards, and at most one such activation may be made in a
  payment;
- **Forage** (Thornvault Forager, CR 701.61a): exile three cards from the graveyard, as above, or sacrifice
  a Food; the ability is one for each (:func:`cost_variants`), and the solver chooses;
- **Pay {E}** (Aether Hub): energy counters from the player's ``counters`` (CR 107.14, 122.1);
- **Exert ~** (CR 701.39): it won't untap during its controller's next untap step; a permanent can be
  exerted whatever its state (701.39b), so the part is always payable;
- **Exile a creature you control** (Food Chain), **Return a land you control to its owner's hand**: which
  permanents, as for a sacrifice; they leave the battlefield (a returned card goes to its owner's hand, a
  returned token ceases to exist, CR 111.8);
- **Untap a tapped land an opponent controls**: which of the opponents' tapped lands;
- **Sacrifice a Prism token**, **Sacrifice a token named Wood**: a sacrifice of a token (:func:`lowered` makes
  it the cost's ``sacrifice``, so that it is paid as every other sacrifice is);
- **Put a -0/-1 counter on ~** (Wall of Roots): the counter is added (the replay does it).

A choice is a :class:`CostChoices`; the permanents a cost removes (sacrificed, exiled or returned) are
:attr:`CostChoices.removed` with the sacrificed ones, what an amount counted from them reads (Food Chain's
"the exiled creature's mana value").
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from models.abilities import CostPart, CostPartKind, ManaAbility, ObjectFilter, SideEffectKind, Who
from models.board import Card
from models.cost import ManaCost
from models.kept import per_card
from models.mana import ManaTypes
from models.mana_effects import AbilityCostChange
from models.oracle import readings as r
from models.oracle.build_filters import object_filter
from models.oracle.grammar import UnreadError, parse_costs

if TYPE_CHECKING:  # (the view reads this module's lowering: imported for types only)
    from planner.rules.view import BoardView

__all__ = [
    "EXECUTED_PARTS",
    "FLOOR_LEFT_OUT",
    "NO_CHOICES",
    "CardFilter",
    "CostChoices",
    "card_filter",
    "card_mana_value",
    "changed_mana",
    "check_choices",
    "choice_options",
    "collects_evidence",
    "combined_changes",
    "consumes",
    "cost_variants",
    "discards_hand",
    "energy_paid",
    "evidence_cards",
    "exerts",
    "graveyard_exiled",
    "keep_tapped",
    "lowered",
    "part_unread",
    "permanent_candidates",
    "permanent_filter",
    "returns",
    "uses_hand",
    "victim_filters",
    "why_unpayable",
]

#: The kinds of cost part the rules layer pays (the others set their ability aside).
EXECUTED_PARTS = frozenset(
    {
        CostPartKind.PUT_COUNTER,
        CostPartKind.DISCARD,
        CostPartKind.EXILE_FROM_HAND,
        CostPartKind.EXILE_FROM_GRAVEYARD,
        CostPartKind.COLLECT_EVIDENCE,
        CostPartKind.EXILE_PERMANENT,
        CostPartKind.RETURN_PERMANENT,
        CostPartKind.UNTAP_OPPONENT_LAND,
        CostPartKind.ENERGY,
        CostPartKind.EXERT,
    }
)
#: The parts that choose permanents, each kind with the field of :class:`CostChoices` that holds the choice.
_PERMANENT_PARTS = {
    CostPartKind.EXILE_PERMANENT: "exiled",
    CostPartKind.RETURN_PERMANENT: "returned",
    CostPartKind.UNTAP_OPPONENT_LAND: "untapped",
}
#: The parts that choose cards in the hand, likewise.
_HAND_PARTS = {CostPartKind.DISCARD: "discarded", CostPartKind.EXILE_FROM_HAND: "exiled_cards"}


@dataclass(frozen=True, slots=True)
class CostChoices:
    """What a payer chose for an activation's cost parts besides its sacrifices and taps (CR 601.2b): the
    permanents it exiles and returns to their owners' hands, the opponents' tapped lands it untaps, and the
    cards it discards and exiles from the hand, by name.

    >>> choices = CostChoices(exiled=("elf",), discarded=("Forest",))
    >>> choices.removed, choices.cards, bool(choices), bool(NO_CHOICES)
    (('elf',), ('Forest',), True, False)
    """

    exiled: tuple[str, ...] = ()
    returned: tuple[str, ...] = ()
    untapped: tuple[str, ...] = ()
    discarded: tuple[str, ...] = ()
    exiled_cards: tuple[str, ...] = ()

    @property
    def removed(self) -> tuple[str, ...]:
        """The permanents these choices take off the battlefield (exiled, returned)."""
        return (*self.exiled, *self.returned)

    @property
    def cards(self) -> tuple[str, ...]:
        """The names of the cards these choices take out of the hand (discarded, exiled)."""
        return (*self.discarded, *self.exiled_cards)

    def __bool__(self) -> bool:
        return bool(self.exiled or self.returned or self.untapped or self.discarded or self.exiled_cards)

    def describe(self) -> str:
        """The choices in a few words ('exiled elf; discarded Forest'), '' for none."""
        words = [
            f"{label} {', '.join(chosen)}"
            for label, chosen in (
                ("exiled", self.exiled),
                ("returned", self.returned),
                ("untapped", self.untapped),
                ("discarded", self.discarded),
                ("exiled from the hand", self.exiled_cards),
            )
            if chosen
        ]
        return "; ".join(words)


NO_CHOICES = CostChoices()


@dataclass(frozen=True, slots=True)
class CardFilter:
    """A description of cards in a hand: 'a card', 'a creature card', 'a nonland card', 'a red card'.

    >>> CardFilter(types=("Creature",)).matches(Card.from_json("Llanowar Elves"))
    True
    """

    types: tuple[str, ...] = ()
    excluded: tuple[str, ...] = ()
    colors: ManaTypes = ManaTypes()

    def matches(self, card: Card) -> bool:
        """True when the card is one this describes."""
        if not all(card.type_line.is_a(word) for word in self.types):
            return False
        if any(card.type_line.is_a(word) for word in self.excluded):
            return False
        return not self.colors or bool(card.colors & self.colors)


def _noun(part: CostPart) -> r.Noun:
    """The noun phrase of a cost part that names objects, as the grammar reads its text."""
    (reading,) = parse_costs(part.text)
    what = getattr(reading, "what", None)
    if isinstance(what, r.Nouns):
        if len(what.nouns) != 1:
            raise UnreadError(f"{what.joiner} between descriptions of objects")
        return what.nouns[0]
    if isinstance(what, r.Noun):
        return what
    raise UnreadError(f"{part.text!r} names no objects")


@per_card(maxsize=1024)
def permanent_filter(part: CostPart) -> ObjectFilter:
    """The permanents a part that chooses some may choose from (its own controller's: CR 701.21a for a
    sacrifice; 'an opponent controls' for an untap); raises ``UnreadError`` for a description no filter holds.
    The opponents' lands an untap part names must be tapped besides (:func:`choice_options` checks it).

    >>> part = CostPart(CostPartKind.UNTAP_OPPONENT_LAND, 1, "tapped land",
    ...     "Untap a tapped land an opponent controls")
    >>> permanent_filter(part).describe()
    'land an opponent controls'
    """
    noun = _noun(part)
    if part.kind is CostPartKind.UNTAP_OPPONENT_LAND:
        return object_filter(replace(noun, tapped=False))
    return replace(object_filter(noun), controller=Who.YOU)


@per_card(maxsize=1024)
def card_filter(part: CostPart) -> CardFilter:
    """The cards in the hand a discard or exile part may choose from; raises ``UnreadError`` for a
    description it doesn't hold (a name, a 'with' clause).

    >>> card_filter(CostPart(CostPartKind.DISCARD, 1, "creature card", "Discard a creature card"))
    CardFilter(types=('Creature',), excluded=(), colors=ManaTypes.parse(''))
    """
    if part.kind is CostPartKind.DISCARD and part.count == 0:
        return CardFilter()  # (your hand: every card in it)
    noun = _noun(part)
    unheld = [
        what
        for what, present in (
            ("a name", bool(noun.named)),
            ("a 'with' clause", bool(noun.qualities)),
            ("colorless", noun.colorless),
            ("the chosen type", noun.chosen_type),
            ("the chosen color", noun.chosen_color),
            ("a permanent's state", noun.tapped or noun.untapped or noun.attacking or noun.other),
        )
        if present
    ]
    if unheld:
        raise UnreadError(f"the cards {noun.words()!r} ({', '.join(unheld)}) are read but not chosen yet")
    return CardFilter(
        types=(*noun.supertypes, *noun.types),
        excluded=noun.excluded,
        colors=ManaTypes.parse(noun.colors) if noun.colors else ManaTypes(),
    )


def part_unread(part: CostPart) -> str | None:
    """Why a part of a kind the rules pay (:data:`EXECUTED_PARTS`) can't be paid as written, or None.

    >>> part_unread(CostPart(CostPartKind.DISCARD, 1, "card", "Discard a card")) is None
    True
    >>> part_unread(CostPart(CostPartKind.DISCARD, 1, "card named x", "Discard a card named Bolt"))
    "the cards 'card named Bolt' (a name) are read but not chosen yet"
    """
    try:
        if part.kind is CostPartKind.EXILE_FROM_GRAVEYARD and card_filter(part) != CardFilter():
            return f"the cards {part.what!r} in a graveyard: only 'a card' (any card) is chosen yet"
        if part.kind in _HAND_PARTS:
            card_filter(part)
        elif part.kind in _PERMANENT_PARTS:
            permanent_filter(part)
    except UnreadError as error:
        return str(error)
    return None


def _parts(ability: ManaAbility, kinds: Iterable[CostPartKind]) -> list[CostPart]:
    parts = ability.cost.parts
    if not parts:
        return []
    wanted = set(kinds)
    return [part for part in parts if part.kind in wanted]


def energy_paid(ability: ManaAbility) -> int:
    """The energy counters ('Pay {E}{E}') one activation takes from its controller.

    >>> from models.oracle import parse_oracle
    >>> energy_paid(parse_oracle("{T}, Pay {E}: Add one mana of any color.").mana_abilities[0])
    1
    """
    return sum(part.count for part in _parts(ability, (CostPartKind.ENERGY,)))


def graveyard_exiled(ability: ManaAbility, graveyard: Sequence[Card] | int | None = ()) -> int:
    """The cards one activation exiles from its controller's ``graveyard`` ('Exile a card from your
    graveyard'; 'Collect evidence N': :func:`evidence_cards`).

    >>> from models.oracle import parse_oracle
    >>> graveyard_exiled(parse_oracle("Exile a card from your graveyard: Add {C}.").mana_abilities[0])
    1
    >>> (cryptex,) = parse_oracle("{T}, Collect evidence 3: Add one mana of any color.").mana_abilities
    >>> graveyard_exiled(cryptex, [Card.from_json(name) for name in ("Sol Ring", "Llanowar Elves")])
    3
    """
    exiled = 0
    for part in _parts(ability, (CostPartKind.EXILE_FROM_GRAVEYARD, CostPartKind.COLLECT_EVIDENCE)):
        exiled += (
            part.count
            if part.kind is CostPartKind.EXILE_FROM_GRAVEYARD
            else evidence_cards(graveyard, part.count)
        )
    return exiled


def collects_evidence(ability: ManaAbility) -> bool:
    """True when its cost collects evidence (CR 701.59a).

    >>> from models.oracle import parse_oracle
    >>> collects_evidence(parse_oracle("{T}, Collect evidence 3: Add {C}.").mana_abilities[0])
    True
    """
    return bool(_parts(ability, (CostPartKind.COLLECT_EVIDENCE,)))


def evidence_cards(graveyard: Sequence[Card] | int | None, total: int) -> int:
    """How many cards collecting evidence ``total`` exiles from ``graveyard`` (CR 701.59a): the fewest
    whose mana values add up to ``total`` or more, those of the greatest; one more than it holds when they
    can't (or when it is given as a count, which says no mana value), so that no check finds it payable.

    >>> cards = [Card.from_json(name) for name in ("Forest", "Sol Ring", "Llanowar Elves", "Thran Dynamo")]
    >>> evidence_cards(cards, 5), evidence_cards(cards, 6), evidence_cards(cards, 7), evidence_cards(4, 1)
    (2, 3, 5, 5)
    >>> evidence_cards(cards, 0)  # (collecting evidence 0 exiles no card: CR 701.59a allows none)
    0
    """
    if graveyard is None or isinstance(graveyard, int):
        return (graveyard or 0) + 1
    collected = 0
    for taken, value in enumerate(sorted((card_mana_value(card) for card in graveyard), reverse=True)):
        if collected >= total:
            return taken
        collected += value
    return len(graveyard) if collected >= total else len(graveyard) + 1


def card_mana_value(card: Card) -> int:
    """A card's mana value (CR 202.3): its mana cost's, 0 without one (a land).

    >>> card_mana_value(Card.from_json("Thran Dynamo")), card_mana_value(Card.from_json("Forest"))
    (4, 0)
    """
    return card.mana_cost.mana_value if card.mana_cost is not None else 0


@per_card(maxsize=8192)  # (asked of every source of every new board)
def keep_tapped(abilities: tuple[ManaAbility, ...]) -> bool:
    """True when activating one of the abilities keeps its permanent tapped through the next untap step: it
    exerts it (:func:`exerts`) or says it doesn't untap then (Waterveil Cavern).

    >>> from models.oracle import parse_oracle
    >>> keep_tapped(parse_oracle("{T}, Exert ~: Add {G}{G}.").mana_abilities)
    True
    >>> keep_tapped(parse_oracle("{T}: Add {G}.").mana_abilities)
    False
    """
    return any(
        exerts(ability) or any(effect.kind is SideEffectKind.NO_UNTAP for effect in ability.side_effects)
        for ability in abilities
    )


def exerts(ability: ManaAbility) -> bool:
    """True when activating it exerts its permanent (CR 701.39: it won't untap during the next untap step).

    >>> from models.oracle import parse_oracle
    >>> exerts(parse_oracle("{T}, Exert ~: Add {G}{G}.").mana_abilities[0])
    True
    """
    parts = ability.cost.parts
    return bool(parts) and any(part.kind is CostPartKind.EXERT for part in parts)


def discards_hand(ability: ManaAbility) -> bool:
    """True for 'Discard your hand' in its cost.

    >>> from models.oracle import parse_oracle
    >>> [discards_hand(parse_oracle(text).mana_abilities[0])
    ...     for text in ("{T}, Discard your hand: Add {R}.", "Discard a card: Add {B}.")]
    [True, False]
    """
    return any(p.kind is CostPartKind.DISCARD and p.count == 0 for p in ability.cost.parts)


def uses_hand(ability: ManaAbility) -> bool:
    """True when its cost takes chosen cards out of the hand (discard a card, exile a card from your hand).

    >>> from models.oracle import parse_oracle
    >>> [uses_hand(parse_oracle(text).mana_abilities[0])
    ...     for text in ("Exile a card from your hand: Add {B}{B}.", "{T}, Discard your hand: Add {R}.")]
    [True, False]
    """
    return any(p.kind in _HAND_PARTS and p.count > 0 for p in ability.cost.parts)


def consumes(ability: ManaAbility) -> bool:
    """True when its cost uses up something there is only so much of (a permanent sacrificed, exiled,
    returned or untapped, counters, cards, energy): how often it can be activated is bounded by that, not
    by a loop cap ('Discard your hand' takes no more than there is, and can be paid with none).

    >>> from models.oracle import parse_oracle
    >>> [consumes(parse_oracle(text).mana_abilities[0]) for text in ("Discard a card: Add {B}.",
    ...     "{T}: Add {G}.", "Discard your hand: Add {R}.")]
    [True, False, False]
    """
    cost = ability.cost
    if cost.sacrifice_self or cost.sacrifice is not None or cost.remove_counter:
        return True
    return any(
        part.kind
        in (
            *_PERMANENT_PARTS,
            CostPartKind.ENERGY,
            CostPartKind.EXILE_FROM_GRAVEYARD,
            CostPartKind.COLLECT_EVIDENCE,
        )
        or (part.kind in _HAND_PARTS and part.count > 0)
        for part in cost.parts
    )


def returns(ability: ManaAbility) -> tuple[CostPart, ...]:
    """Its cost's parts that return permanents to their owners' hands.

    >>> from models.oracle import parse_oracle
    >>> text = "{T}, Return a land you control to its owner's hand: Add {G}."
    >>> [part.what for part in returns(parse_oracle(text).mana_abilities[0])]
    ['land you control']
    """
    return tuple(_parts(ability, (CostPartKind.RETURN_PERMANENT,)))


def victim_filters(ability: ManaAbility) -> tuple[ObjectFilter, ...]:
    """The filters of the permanents its cost may take or change besides its own (a sacrifice, a tap, an
    exile, a return, an untap): a permanent one of them matches is singled out, never interchangeable.

    >>> from models.oracle import parse_oracle
    >>> (pit,) = parse_oracle("Exile a creature you control: Add {G}{G}.").mana_abilities
    >>> [f.describe() for f in victim_filters(pit)]
    ['creature you control']
    """
    cost = ability.cost
    found = [f for f in (cost.sacrifice, cost.tap_others) if f is not None]
    found += [permanent_filter(p) for p in _parts(ability, _PERMANENT_PARTS)]
    return tuple(found)


@per_card(maxsize=4096)
def lowered(ability: ManaAbility) -> ManaAbility:
    """The ability with 'Sacrifice a Prism token' (a token whose name or type matches) as its cost's
    ``sacrifice``, so that it is paid as every other sacrifice is; itself when it has no such part, or when
    its cost sacrifices something else too (then the part stays, and the ability is set aside).

    >>> from models.oracle import parse_oracle
    >>> (kaleidoscope,) = parse_oracle("Sacrifice a Prism token: Add one mana of any color.").mana_abilities
    >>> low = lowered(kaleidoscope)
    >>> low.cost.sacrifice.describe(), low.cost.sacrifice_count, low.cost.parts, low.text == kaleidoscope.text
    ('Prism token you control', 1, (), True)
    """
    tokens = _parts(ability, (CostPartKind.SACRIFICE_TOKEN,))
    cost = ability.cost
    if len(tokens) != 1 or cost.sacrifice is not None:
        return ability
    (part,) = tokens
    try:
        noun = _noun(part)
    except UnreadError:
        return ability
    if (
        noun.qualities
        or noun.excluded
        or noun.colors
        or noun.colorless
        or noun.chosen_type
        or noun.chosen_color
    ):
        return ability
    wanted = ObjectFilter(
        types=(*noun.supertypes, *noun.types),
        controller=Who.YOU,
        other=noun.other,
        token=True,
        named=noun.named,
    )
    parts = tuple(p for p in cost.parts if p is not part)
    return replace(ability, cost=replace(cost, sacrifice=wanted, sacrifice_count=part.count, parts=parts))


#: The parts a Forage cost is paid with (CR 701.61a: "exile three cards from your graveyard or sacrifice a
#: Food"), as this module pays them.
FORAGE_EXILE = CostPart(CostPartKind.EXILE_FROM_GRAVEYARD, 3, "card", "Exile three cards from your graveyard")
FOOD = ObjectFilter(types=("Food",), controller=Who.YOU)


@per_card(maxsize=1024)
def cost_variants(ability: ManaAbility) -> tuple[ManaAbility, ...]:
    """The ability once for each way its cost can be paid, when the cost offers a choice: Forage (CR
    701.61a) exiles three cards from its controller's graveyard or sacrifices a Food, chosen as the cost is
    paid (601.2b), so the ability is two, one for each (a choice the solver makes like any other: both tap
    the same permanent when the cost says {T}). Itself when there is no such choice, or when it can't be
    split without changing what it allows (activated only once each turn, or its cost sacrifices or exiles
    from a graveyard already: the Forage part then stays, and the ability is set aside).

    >>> from models.oracle import parse_oracle
    >>> (forager,) = parse_oracle("{T}, Forage: Add two mana in any combination of colors.").mana_abilities
    >>> exiling, eating = cost_variants(forager)
    >>> [(part.text, part.count) for part in exiling.cost.parts], exiling.cost.sacrifice
    ([('Exile three cards from your graveyard', 3)], None)
    >>> eating.cost.parts, eating.cost.sacrifice.describe(), eating.cost.sacrifice_count
    ((), 'Food you control', 1)
    """
    forage = _parts(ability, (CostPartKind.FORAGE,))
    cost = ability.cost
    if not forage:
        return (ability,)
    if (
        len(forage) != 1
        or ability.limited_each_turn
        or cost.sacrifice is not None
        or cost.sacrifice_self
        or _parts(ability, (CostPartKind.EXILE_FROM_GRAVEYARD,))
    ):
        return (ability,)
    others = tuple(part for part in cost.parts if part.kind is not CostPartKind.FORAGE)
    exiling = replace(ability, cost=replace(cost, parts=(*others, FORAGE_EXILE)))
    eating = replace(ability, cost=replace(cost, parts=others, sacrifice=FOOD, sacrifice_count=1))
    return (exiling, eating)


def _hand_choices(part: CostPart, hand: Sequence[Card], left: Counter[str]) -> list[tuple[str, ...]]:
    """The ways a hand part can choose its cards among ``left`` (cards of each name not chosen yet): names
    in hand order, each way once ('Discard your hand': the whole hand)."""
    if part.kind is CostPartKind.DISCARD and part.count == 0:
        return [tuple(name for name, count in left.items() for _ in range(count))]
    wanted = card_filter(part)
    fitting = Counter(card.name for card in hand if wanted.matches(card))
    room = {name: min(count, left[name]) for name, count in fitting.items() if left[name]}
    names = [name for name, count in room.items() for _ in range(count)]
    return list(dict.fromkeys(itertools.combinations(names, part.count)))


#: The permanents a part may choose (``candidates(filter, kind)``): see :func:`permanent_candidates`.
Candidates = Callable[[ObjectFilter, CostPartKind], Sequence[str]]


def permanent_candidates(view: BoardView, pid: str) -> Candidates:
    """The permanents on the view's board that a part of an ability of ``pid`` may choose: those its filter
    matches, and for an untap only tapped ones.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "op"}], "permanents": [
    ...     {"id": "p", "card": "Plains", "controller": "op", "tapped": True},
    ...     {"id": "i", "card": "Island", "controller": "op"},
    ...     {"id": "f", "card": "Forest", "controller": "me"}]})
    >>> lands = ObjectFilter(types=("Land",), controller=Who.OPPONENTS)
    >>> permanent_candidates(BoardView(board), "f")(lands, CostPartKind.UNTAP_OPPONENT_LAND)
    ['p']
    """

    def found(wanted: ObjectFilter, kind: CostPartKind) -> list[str]:
        untapping = kind is CostPartKind.UNTAP_OPPONENT_LAND
        return [
            p.id
            for p in view.board.permanents
            if view.has(p.id)
            and (not untapping or view.permanent(p.id).tapped)
            and view.matches(wanted, p.id, pid)
        ]

    return found


def why_unpayable(view: BoardView, pid: str, ability: ManaAbility) -> str | None:
    """Why the ability's cost can't be paid now for what its parts of :mod:`this module <planner.rules.costs>`
    take (too little energy, too few cards in the hand, no token to sacrifice, nothing a filter matches), in a
    player's words; None when they can be (a card a cost returns to the hand first is not looked for here).

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [{"id": "hub",
    ...     "name": "Aether Hub", "type_line": "Land", "oracle": "{T}, Pay {E}: Add one mana of any color.",
    ...     "controller": "me"}]})
    >>> from planner.rules.view import BoardView
    >>> view = BoardView(board)
    >>> why_unpayable(view, "hub", view.mana_abilities("hub")[0])
    'Aether Hub (hub): paying {E} needs 1 energy, and me has none'
    """
    cost = ability.cost
    tokens = cost.sacrifice if cost.sacrifice is not None and cost.sacrifice.token else None
    if not cost.parts and tokens is None:
        return None
    permanent = view.permanent(pid)
    player = view.board.player(permanent.controller)
    who = f"{permanent.name} ({pid})"
    needed = energy_paid(ability)
    energy = player.counter("energy")
    if needed > energy:
        return f"{who}: paying {'{E}' * needed} needs {needed} energy, and {player.id} has {energy or 'none'}"
    exiled = graveyard_exiled(ability, player.graveyard)
    graveyard = player.graveyard_size or 0
    for part in _parts(ability, (CostPartKind.COLLECT_EVIDENCE,)):
        if evidence_cards(player.graveyard, part.count) > graveyard:
            cards = player.graveyard if isinstance(player.graveyard, tuple) else ()
            held = sum(card_mana_value(card) for card in cards)
            return f"{who}: collecting evidence {part.count}, and {player.id}'s graveyard adds up to {held}"
    if exiled > graveyard:
        holds = f"{player.id}'s holds {graveyard or 'none'}"
        return f"{who}: exiling {exiled} card(s) from the graveyard, and {holds}"
    candidates = permanent_candidates(view, pid)
    if tokens is not None and len(candidates(tokens, CostPartKind.EXILE_PERMANENT)) < cost.sacrifice_count:
        return f"{who}: there is no {tokens.describe()} to sacrifice"
    for part in cost.parts:
        if part.kind in _HAND_PARTS and part.count > 0:
            wanted = card_filter(part)
            held = sum(1 for card in player.hand if wanted.matches(card))
            if held < part.count:
                return f"{who}: {player.id}'s hand holds {held or 'no'} card(s) for {part.text!r}"
        elif (
            part.kind in _PERMANENT_PARTS and len(candidates(permanent_filter(part), part.kind)) < part.count
        ):
            return f"{who}: nothing on the battlefield can pay {part.text!r}"
    return None


def choice_options(
    ability: ManaAbility,
    hand: Sequence[Card],
    candidates: Candidates,
    taken: Sequence[str] = (),
) -> Iterator[CostChoices]:
    """Every way to choose what the ability's cost parts take (:class:`CostChoices`), from the player's
    ``hand`` and the permanents ``candidates(filter, kind)`` gives for a part (:func:`permanent_candidates`);
    ``taken`` are the permanents the cost sacrifices already. Nothing when a part can't be paid; one choice
    of nothing when no part chooses.

    >>> from models.oracle import parse_oracle
    >>> (witch,) = parse_oracle("{B}, {T}, Discard a card: Add {B}{B}{B}.").mana_abilities
    >>> hand = [Card.from_json(name) for name in ("Forest", "Forest", "Lightning Bolt")]
    >>> [c.discarded for c in choice_options(witch, hand, lambda f, k: ())]
    [('Forest',), ('Lightning Bolt',)]
    """
    per_part: list[tuple[str, list[tuple[str, ...]]]] = []
    left = Counter(card.name for card in hand)
    used: set[str] = set(taken)
    for part in ability.cost.parts:
        if part.kind in _PERMANENT_PARTS:
            found = [o for o in candidates(permanent_filter(part), part.kind) if o not in used]
            per_part.append((_PERMANENT_PARTS[part.kind], list(itertools.combinations(found, part.count))))
        elif part.kind in _HAND_PARTS:
            per_part.append((_HAND_PARTS[part.kind], _hand_choices(part, hand, left)))
    for combination in itertools.product(*(ways for _, ways in per_part)):
        fields: dict[str, tuple[str, ...]] = {}
        for (field, _), chosen in zip(per_part, combination, strict=True):
            fields[field] = fields.get(field, ()) + chosen
        chosen_permanents = [p for f in ("exiled", "returned", "untapped") for p in fields.get(f, ())]
        if len(set(chosen_permanents)) != len(chosen_permanents):
            continue  # (one permanent can't pay two parts)
        cards = Counter(name for f in ("discarded", "exiled_cards") for name in fields.get(f, ()))
        if any(count > left[name] for name, count in cards.items()):
            continue
        yield CostChoices(**fields) if fields else NO_CHOICES


def chosen_fit(
    view: BoardView,
    pid: str,
    ability: ManaAbility,
    sacrificed: Sequence[str],
    tapped: Sequence[str],
    choices: CostChoices,
) -> bool:
    """True when every permanent an activation's cost names (the ones it sacrifices and taps, and those
    its other parts exile, return or untap) still matches its part's filter on ``view``: an effect that
    made it match (CR 611.3a: "All permanents are artifacts") may have left with its source.

    >>> from models.board import Board
    >>> from models.oracle import parse_oracle
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "elf", "card": "Llanowar Elves", "controller": "me"}]})
    >>> (altar,) = parse_oracle("Sacrifice an artifact creature: Add {C}{C}.").mana_abilities
    >>> (outlet,) = parse_oracle("Sacrifice a creature: Add {C}{C}.").mana_abilities
    >>> view = BoardView(board)
    >>> [chosen_fit(view, "x", ability, ["elf"], [], NO_CHOICES) for ability in (altar, outlet)]
    [False, True]
    """
    cost = ability.cost
    named: list[tuple[ObjectFilter | None, Sequence[str]]] = [
        (cost.sacrifice, sacrificed),
        (cost.tap_others, tapped),
    ]
    for kind, field in _PERMANENT_PARTS.items():
        chosen = getattr(choices, field)
        if chosen:
            (part,) = [p for p in cost.parts if p.kind is kind]
            named.append((permanent_filter(part), chosen))
    return all(
        wanted is not None and view.has(other) and view.matches(wanted, other, pid)
        for wanted, chosen in named
        for other in chosen
    )


def check_choices(
    ability: ManaAbility,
    pid: str,
    choices: CostChoices,
    hand: Sequence[Card],
    energy: int,
    fits: Callable[[str, ObjectFilter, CostPartKind], str | None],
    taken: Sequence[str] = (),
    graveyard: Sequence[Card] | int = 0,
) -> tuple[Card, ...]:
    """The hand once the ability's cost parts are paid with ``choices`` (CR 601.2h), checked by the rules;
    raises ``ValueError`` with the reason. ``fits(permanent, filter, kind)`` says why a permanent can't pay a
    part (None when it can); ``taken`` are the permanents the cost sacrifices; ``graveyard`` the cards in the
    player's graveyard.

    >>> from models.oracle import parse_oracle
    >>> (witch,) = parse_oracle("{B}, {T}, Discard a card: Add {B}{B}{B}.").mana_abilities
    >>> hand = (Card.from_json("Forest"),)
    >>> check_choices(witch, "w", CostChoices(discarded=("Forest",)), hand, 0, lambda *_: None)
    ()
    >>> check_choices(witch, "w", CostChoices(discarded=("Island",)), hand, 0, lambda *_: None)
    Traceback (most recent call last):
    ...
    ValueError: the hand holds no card named Island that 'Discard a card' can take
    """
    needed = energy_paid(ability)
    if needed > energy:
        raise ValueError(f"paying {'{E}' * needed} needs {needed} energy, and the player has {energy}")
    exiled = graveyard_exiled(ability, graveyard)
    held_cards = graveyard if isinstance(graveyard, int) else len(graveyard)
    if exiled > held_cards:
        raise ValueError(f"the cost exiles {exiled} card(s) from the graveyard, and it holds {held_cards}")
    given = {field: getattr(choices, field) for field in (*_PERMANENT_PARTS.values(), *_HAND_PARTS.values())}
    asked = {
        field: [p for p in ability.cost.parts if p.kind is kind]
        for kind, field in (*_PERMANENT_PARTS.items(), *_HAND_PARTS.items())
    }
    left = list(hand)
    chosen: list[str] = list(taken)
    for field, chosen_now in given.items():
        parts = asked[field]
        if not parts:
            if chosen_now:
                raise ValueError(f"the cost has no part that {field.replace('_', ' ')} anything")
            continue
        (part,) = parts
        if field in _HAND_PARTS.values():
            left = _take(part, chosen_now, left)
            continue
        if len(chosen_now) != part.count:
            raise ValueError(f"{part.text!r} takes {part.count} permanent(s); the step names {chosen_now}")
        for other in chosen_now:
            if other in chosen:
                raise ValueError(f"{other} pays two parts of the cost")
            why = fits(other, permanent_filter(part), part.kind)
            if why is not None:
                raise ValueError(why)
            chosen.append(other)
    return tuple(left)


def _take(part: CostPart, names: Sequence[str], hand: list[Card]) -> list[Card]:
    """The hand once a hand part took the cards ``names`` from it; raises ``ValueError`` when it can't."""
    if part.kind is CostPartKind.DISCARD and part.count == 0:
        if sorted(names) != sorted(card.name for card in hand):
            held = ", ".join(card.name for card in hand) or "no card"
            raise ValueError(f"'Discard your hand' discards the whole hand ({held}), not {list(names)}")
        return []
    if len(names) != part.count:
        raise ValueError(f"{part.text!r} takes {part.count} card(s); the step names {list(names)}")
    wanted = card_filter(part)
    left = list(hand)
    for name in names:
        card = next((c for c in left if c.name == name and wanted.matches(c)), None)
        if card is None:
            raise ValueError(f"the hand holds no card named {name} that {part.text!r} can take")
        left.remove(card)
    return left


def with_cost_change(ability: ManaAbility, change: int, floor: int = 0, life: int = 0) -> ManaAbility:
    """The ability with the generic part of its mana cost changed by ``change`` (an effect's 'cost {1} less
    to activate': -1), never below {0} (CR 602.2b, 601.2f), nor a reduction below ``floor`` mana in all
    (:func:`changed_mana`), and ``life`` more life to pay ('cost an additional 1 life': Thran Portal).

    >>> from models.oracle import parse_oracle
    >>> (valley,) = parse_oracle("{1}, {T}: Add {R}{G}.").mana_abilities
    >>> str(with_cost_change(valley, -1).cost.mana), str(with_cost_change(valley, -2).cost.mana)
    ('', '')
    >>> str(with_cost_change(valley, 1).cost.mana), str(with_cost_change(valley, -1, floor=1).cost.mana)
    ('{2}', '{1}')
    >>> with_cost_change(valley, 0, life=1).cost.describe()
    '{1}, {T}, Pay 1 life'
    """
    mana = changed_mana(ability.cost.mana, change, floor)
    return replace(ability, cost=replace(ability.cost, mana=mana, life=ability.cost.life + life))


def changed_mana(mana: ManaCost, change: int, floor: int = 0) -> ManaCost:
    """An activation cost's mana with its generic part changed by ``change``, never below {0} (CR 118.7a),
    and a reduction with a ``floor`` taking the mana in the cost no lower than that ('This effect can't
    reduce the mana in that cost to less than one mana': Heartstone; a cost already at or below it keeps
    all its mana).

    >>> [str(changed_mana(ManaCost.parse(c), -1, floor=1)) for c in ("{1}{U}", "{1}", "{2}", "{U}")]
    ['{U}', '{1}', '{1}', '{U}']
    >>> str(changed_mana(ManaCost.parse("{3}"), -2, floor=1)), str(changed_mana(ManaCost.parse("{3}"), -2))
    ('{1}', '{1}')
    """
    if change < 0 and floor:
        change = max(change, -max(mana.mana_value - floor, 0))
    return mana.with_generic_change(change)


#: Why a reduction with a floor is not applied beside another change of the same cost
#: (:func:`combined_changes`).
FLOOR_LEFT_OUT = (
    "beside another change of the same cost: the order they apply in would matter, which is not followed"
)


def combined_changes(
    changes: Sequence[AbilityCostChange],
) -> tuple[int, int, tuple[AbilityCostChange, ...]]:
    """The generic change and the floor that the changes of one ability's cost in force make together, and
    those left out: a reduction with a floor (Heartstone) is applied only alone, as the order in which it
    and another change apply would matter (a floored reduction before another one leaves less), which is
    not followed; the caller reports what it leaves out.

    >>> from models.abilities import ObjectFilter
    >>> heartstone = AbilityCostChange("...", ObjectFilter(), -1, floor=1)
    >>> tortoise = AbilityCostChange("...", ObjectFilter(), -1)
    >>> combined_changes([heartstone])[:2], combined_changes([heartstone, tortoise])[:2]
    ((-1, 1), (-1, 0))
    """
    floored = tuple(c for c in changes if c.floor)
    if len(floored) == 1 and len(changes) == 1:
        return changes[0].generic, changes[0].floor, ()
    return sum(c.generic for c in changes if not c.floor), 0, floored
