"""Paying part of a total cost without mana: convoke, improvise, delve and waterbend (CR 702.51, 702.126,
702.66, 701.67).

These are not mana abilities and make no mana: while paying (CR 601.2h) the player taps untapped creatures
(convoke: each pays {1} or one mana of the creature's color), taps untapped artifacts (improvise: each pays
{1}), exiles cards from the graveyard (delve: each pays {1}) or, for a cost with a waterbend part, taps
untapped artifacts and creatures (waterbend: each pays {1} of that part's generic mana, at most as many as it
has, CR 701.67a-b). A permanent tapped for mana is tapped and can't also be tapped this way; a
summoning-sick creature may convoke or waterbend (tapping for them is not a {T} cost, CR 302.6 doesn't
apply). None of them pays {C} or {S}: generic only, or (convoke) a symbol of a color the creature has, a
hybrid or Phyrexian symbol's colored way included.

This module is the one place that says which permanents may pay this way and what a choice of them leaves
to the mana: the replayer checks a plan's choices with :func:`apply_alternatives`, the reference search
enumerates them with :func:`alternative_choices`, and both pay the rest through :func:`reduced_costs`.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from models.board import Board
from models.cost import CostSymbol, ManaCost, PaymentTarget, Slot, SlotKind, SymbolKind
from models.kept import per_card
from models.mana import ALL_COLORS, ManaType
from planner.rules.tap_triggers import destroyed_by_tapping, tap_damage
from planner.rules.view import BoardView

__all__ = [
    "CREATURE_KINDS",
    "TAPPING_KINDS",
    "AlternativeKind",
    "AlternativePayment",
    "AlternativeWay",
    "Alternatives",
    "allowed",
    "alternative_choices",
    "alternative_ways",
    "apply_alternatives",
    "candidates",
    "covered_slots",
    "destroyed_by_alternatives",
    "reduced_costs",
    "slots_for",
]

GENERIC = SlotKind.GENERIC


class AlternativeKind(Enum):
    """A way to pay part of a cost without mana."""

    CONVOKE = "convoke"  # 702.51a: tap an untapped creature you control: {1} or one mana of its color
    IMPROVISE = "improvise"  # 702.126a: tap an untapped artifact you control: {1}
    DELVE = "delve"  # 702.66a: exile a card from your graveyard: {1}
    #: 601.2b, 601.2f: tap an untapped creature you control for the spell's optional additional cost, {1} less
    #: (Explosive Singularity: :attr:`~models.cost.PaymentTarget.tap_creatures`)
    TAPPED_CREATURE = "tapped_creature"
    #: 701.67a: tap an untapped artifact or creature you control: {1} of the waterbend cost's generic mana
    #: (:attr:`~models.cost.PaymentTarget.waterbend`, at most that many)
    WATERBEND = "waterbend"


#: The kinds that tap a permanent (a creature tapped for one is tapped for no other, nor for mana).
TAPPING_KINDS = (
    AlternativeKind.CONVOKE,
    AlternativeKind.IMPROVISE,
    AlternativeKind.TAPPED_CREATURE,
    AlternativeKind.WATERBEND,
)
#: The kinds that tap a creature instead of what it could make (the objective's last level reads them;
#: waterbend's mana artifacts too: what the level keeps is a mana maker untapped).
CREATURE_KINDS = frozenset(
    {AlternativeKind.CONVOKE, AlternativeKind.TAPPED_CREATURE, AlternativeKind.WATERBEND}
)


def allowed(target: PaymentTarget, kind: AlternativeKind) -> bool:
    """True when the target may be paid this way: its convoke, improvise or delve, its optional tap of
    creatures for {1} less each, or its waterbend part.

    >>> allowed(PaymentTarget.of("{2}", convoke=True), AlternativeKind.CONVOKE)
    True
    >>> allowed(PaymentTarget.of("{2}", convoke=True), AlternativeKind.TAPPED_CREATURE)
    False
    """
    ways = {
        AlternativeKind.CONVOKE: target.convoke,
        AlternativeKind.IMPROVISE: target.improvise,
        AlternativeKind.DELVE: target.delve,
        AlternativeKind.TAPPED_CREATURE: target.tap_creatures,
        AlternativeKind.WATERBEND: target.waterbend + target.waterbend_x > 0,
    }
    return ways[kind]


@dataclass(kw_only=True, frozen=True, slots=True)
class AlternativePayment:
    """One alternative payment of a plan: what was tapped (convoke, improvise) or how many cards were
    exiled (delve), and what it paid: generic (``SlotKind.GENERIC``) or, for convoke, a color.

    >>> elf = AlternativePayment(kind=AlternativeKind.CONVOKE, permanent="elf", paid=ManaType.G)
    >>> elf.to_json(), AlternativePayment(kind=AlternativeKind.DELVE, cards=3).to_json()
    ({'kind': 'convoke', 'permanent': 'elf', 'paid': '{G}'}, {'kind': 'delve', 'cards': 3, 'paid': '{3}'})
    """

    kind: AlternativeKind
    permanent: str = ""
    paid: Slot = GENERIC
    cards: int = 0

    @property
    def amount(self) -> int:
        """How much of the cost it pays."""
        return self.cards if self.kind is AlternativeKind.DELVE else 1

    @property
    def paid_text(self) -> str:
        """What it paid, as a cost string: ``{G}``, ``{1}``, ``{3}``."""
        if isinstance(self.paid, ManaType):
            return f"{{{self.paid.letter}}}"
        return f"{{{self.amount}}}"

    def to_json(self) -> dict[str, Any]:
        """The JSON of contract section 6."""
        if self.kind is AlternativeKind.DELVE:
            return {"kind": self.kind.value, "cards": self.cards, "paid": self.paid_text}
        return {"kind": self.kind.value, "permanent": self.permanent, "paid": self.paid_text}


Alternatives = tuple[AlternativePayment, ...]


def candidates(
    view: BoardView,
    player: str,
    target: PaymentTarget,
    kind: AlternativeKind,
    *,
    untapping: frozenset[str] = frozenset(),
) -> tuple[str, ...]:
    """The permanents that may pay this way now for the target, in board order: the player's untapped
    creatures (convoke, its optional tap of creatures), artifacts (improvise) or both (waterbend), when the
    target allows it; none for delve. ``untapping``
    names permanents tapped now that a {Q} ability may untap before (the CP-SAT model's candidates).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "elf", "card": "Llanowar Elves", "controller": "me", "summoning_sick": True},
    ...     {"id": "f", "card": "Forest", "controller": "me"}]})
    >>> candidates(BoardView(board), "me", PaymentTarget.of("{G}", convoke=True), AlternativeKind.CONVOKE)
    ('elf',)
    """
    if kind is AlternativeKind.DELVE:
        return ()
    if not allowed(target, kind):
        return ()
    wanted = _TAPPED_TYPES.get(kind, ("Creature",))
    return tuple(
        p.id
        for p in view.board.permanents
        if p.controller == player
        and (not p.tapped or p.id in untapping)
        and any(view.type_line(p.id).is_a(card_type) for card_type in wanted)
    )


#: The card types a kind taps other than creatures (CR 702.126a: artifacts; 701.67a: artifacts or creatures).
_TAPPED_TYPES = {
    AlternativeKind.IMPROVISE: ("Artifact",),
    AlternativeKind.WATERBEND: ("Artifact", "Creature"),
}


def _what_taps(kind: AlternativeKind) -> str:
    """What a kind taps, in words: 'creature', 'artifact', 'artifact or creature'."""
    return " or ".join(t.lower() for t in _TAPPED_TYPES.get(kind, ("Creature",)))


def slots_for(view: BoardView, kind: AlternativeKind, pid: str) -> tuple[Slot, ...]:
    """What one permanent may pay this way: generic, and (convoke) each of its colors."""
    if kind is AlternativeKind.CONVOKE:
        return (GENERIC, *(t for t in ALL_COLORS if t in view.colors(pid)))
    return (GENERIC,)


#: One way to pay without mana: a permanent, convoke, improvise or the optional tap, and the slot it pays.
AlternativeWay = tuple[str, AlternativeKind, Slot]


def alternative_ways(
    view: BoardView,
    player: str,
    target: PaymentTarget,
    *,
    untapping: frozenset[str] = frozenset(),
    without: frozenset[str] = frozenset(),
) -> frozenset[AlternativeWay]:
    """Every way a permanent may pay part of the target by tapping (:func:`candidates`, each slot of
    :func:`slots_for`): what ``pay``'s model and a turn's spells choose among; ``without``: permanents that
    can't (those the spell's own additional cost sacrifices).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "elf", "card": "Llanowar Elves", "controller": "me"}]})
    >>> ways = alternative_ways(BoardView(board), "me", PaymentTarget.of("{1}{G}", convoke=True))
    >>> sorted(AlternativePayment(kind=kind, permanent=pid, paid=slot).paid_text for pid, kind, slot in ways)
    ['{1}', '{G}']
    """
    return frozenset(
        (pid, kind, slot)
        for kind in TAPPING_KINDS
        for pid in candidates(view, player, target, kind, untapping=untapping)
        if pid not in without
        for slot in slots_for(view, kind, pid)
    )


def covered_slots(alternatives: Alternatives) -> Counter[Slot]:
    """The slots a set of alternative payments fills, with how many of each."""
    covered: Counter[Slot] = Counter()
    for alternative in alternatives:
        covered[alternative.paid] += alternative.amount
    return covered


def _lowered(symbol: CostSymbol, slot: Slot) -> bool:
    """True when a payment of ``slot`` may pay this (non-generic) symbol whole: one of its ways is that
    color (702.51a: a hybrid or Phyrexian symbol's colored way too)."""
    return isinstance(slot, ManaType) and any(way.slot == slot and way.mana == 1 for way in symbol.ways())


def reduced_costs(cost: ManaCost, covered: Mapping[Slot, int]) -> tuple[ManaCost, ...]:
    """Every cost the mana must still pay once the alternative payments fill ``covered``: each colored
    payment takes a symbol with that color among its ways, generic payments take generic mana (of the
    generic part or of a {2/W} paid as two generic). Empty when they can't all be placed.

    >>> [str(c) for c in reduced_costs(ManaCost.parse("{2}{G/W}{G}"), Counter({ManaType.G: 1, GENERIC: 1}))]
    ['{1}{G/W}', '{1}{G}']
    >>> reduced_costs(ManaCost.parse("{C}"), Counter({GENERIC: 1}))
    ()
    """
    if cost.has_variable:
        raise ValueError(f"choose X in {cost} before paying")
    return _reduced_costs(cost, tuple(sorted(covered.items(), key=lambda item: str(item[0]))))


@per_card(maxsize=4096)
def _reduced_costs(cost: ManaCost, covered_items: tuple[tuple[Slot, int], ...]) -> tuple[ManaCost, ...]:
    """:func:`reduced_costs`, of the covered slots as sorted items (a pure function of a cost and counts,
    kept as a per-card analysis is: the reference search asks it again at every state)."""
    covered = dict(covered_items)
    results: dict[ManaCost, None] = {}
    others = [s for s in cost.symbols if s.kind is not SymbolKind.GENERIC]
    colored = [slot for slot, count in covered.items() if isinstance(slot, ManaType) for _ in range(count)]
    generic = covered.get(GENERIC, 0)
    for chosen in itertools.permutations(range(len(others)), len(colored)):
        if not all(_lowered(others[i], slot) for i, slot in zip(chosen, colored, strict=True)):
            continue
        rest = [s for i, s in enumerate(others) if i not in chosen]
        for spread in _generic_spreads(cost.generic, rest, generic):
            results[spread] = None
    return tuple(sorted(results, key=str))


def _generic_spreads(plain: int, rest: list[CostSymbol], generic: int) -> Iterator[ManaCost]:
    """The costs left when ``generic`` generic payments go to the generic part and to {2/W} symbols paid
    as generic (each such symbol then becomes what is left of its generic half)."""
    hybrids = [i for i, s in enumerate(rest) if s.kind is SymbolKind.MONO_HYBRID]
    for takes in itertools.product(*(range(rest[i].amount + 1) for i in hybrids)):
        from_plain = generic - sum(takes)
        if not 0 <= from_plain <= plain:
            continue
        symbols = [s for i, s in enumerate(rest) if i not in hybrids]
        left = plain - from_plain
        for i, take in zip(hybrids, takes, strict=True):
            if take:
                left += rest[i].amount - take  # committed to its generic way
            else:
                symbols.append(rest[i])
        if left or not symbols:
            symbols.append(CostSymbol(SymbolKind.GENERIC, amount=left))
        yield ManaCost(tuple(symbols))


def _graveyard(board: Board, player: str) -> int:
    return board.player(player).graveyard_size or 0


def destroyed_by_alternatives(view: BoardView, alternatives: Alternatives) -> tuple[str, ...]:
    """The permanents convoke and improvise tap (``alternatives``) that a trigger on tapping destroys once
    it resolves, after the payment (Blight's shape on a creature: CR 603.3)."""
    return tuple(
        a.permanent
        for a in alternatives
        if a.kind is not AlternativeKind.DELVE and destroyed_by_tapping(view, a.permanent)
    )


def apply_alternatives(
    view: BoardView, player: str, target: PaymentTarget, alternatives: Alternatives
) -> tuple[Board, int]:
    """The board after the alternative payments (tapped creatures and artifacts), and the damage their
    tapping deals ('whenever ~ becomes tapped'); ``ValueError`` with the reason when one breaks the rules.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "elf", "card": "Llanowar Elves", "controller": "me", "tapped": True}]})
    >>> elf = AlternativePayment(kind=AlternativeKind.CONVOKE, permanent="elf", paid=ManaType.G)
    >>> apply_alternatives(BoardView(board), "me", PaymentTarget.of("{G}", convoke=True), (elf,))
    Traceback (most recent call last):
    ...
    ValueError: convoke: Llanowar Elves (elf) is not an untapped creature you control
    """
    board = view.board
    tapped: list[str] = []
    exiled = 0
    for alternative in alternatives:
        kind = alternative.kind
        if not allowed(target, kind):
            raise ValueError(f"{kind.value}: the spell doesn't have {kind.value}")
        if kind is AlternativeKind.DELVE:
            if alternative.cards < 1 or alternative.paid is not GENERIC:
                raise ValueError("delve: each card exiled pays {1} (generic only)")
            exiled += alternative.cards
            if exiled > _graveyard(board, player):
                have = _graveyard(board, player)
                raise ValueError(f"delve: {exiled} cards to exile, and the graveyard holds {have}")
            continue
        pid = alternative.permanent
        if pid in tapped:
            raise ValueError(f"{kind.value}: {pid} is tapped twice")
        if pid not in candidates(view, player, target, kind):
            what = _what_taps(kind)
            name = f"{view.permanent(pid).name} ({pid})" if pid in {p.id for p in board.permanents} else pid
            raise ValueError(f"{kind.value}: {name} is not an untapped {what} you control")
        if alternative.paid not in slots_for(view, kind, pid):
            raise ValueError(f"{kind.value}: {pid} can't pay {alternative.paid_text}")
        tapped.append(pid)
    waterbent = sum(1 for a in alternatives if a.kind is AlternativeKind.WATERBEND)
    if waterbent > target.waterbend:
        raise ValueError(
            f"waterbend: {waterbent} permanents tapped, and the waterbend part has {{{target.waterbend}}} "
            "generic mana (CR 701.67a-b: each pays {1} of it)"
        )
    damage = sum(tap_damage(view, pid, for_mana=False) for pid in tapped)
    for pid in tapped:
        board = board.replace_permanent(pid, tapped=True)
    return board, damage


def alternative_choices(
    view: BoardView, player: str, target: PaymentTarget, cost: ManaCost
) -> Iterator[Alternatives]:
    """Every choice of alternative payments for the target that fits in ``cost`` (for the reference search):
    each candidate unused or paying one of its slots, and from 0 to every card of the graveyard delved.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "graveyard": 1}]})
    >>> target = PaymentTarget.of("{1}", delve=True)
    >>> [[a.to_json() for a in choice] for choice in
    ...  alternative_choices(BoardView(board), "me", target, target.cost)]
    [[], [{'kind': 'delve', 'cards': 1, 'paid': '{1}'}]]
    """
    options: list[list[AlternativePayment | None]] = []
    for kind in TAPPING_KINDS:
        for pid in candidates(view, player, target, kind):
            options.append(
                [None]
                + [AlternativePayment(kind=kind, permanent=pid, paid=s) for s in slots_for(view, kind, pid)]
            )
    most = cost.mana_value
    delve = min(_graveyard(view.board, player), most) if target.delve else 0
    for picks in itertools.product(*options):
        chosen = [p for p in picks if p is not None]
        # one permanent is one choice: an artifact creature convokes or improvises (or is tapped for the
        # spell's optional cost), not two of them
        pids = [p.permanent for p in chosen]
        if len(set(pids)) != len(pids) or len(chosen) > most:
            continue
        if sum(1 for p in chosen if p.kind is AlternativeKind.WATERBEND) > target.waterbend:
            continue  # (CR 701.67a-b: the waterbend part's generic mana only)
        for cards in range(delve + 1):
            extra = (AlternativePayment(kind=AlternativeKind.DELVE, cards=cards),) if cards else ()
            choice = (*chosen, *extra)
            if reduced_costs(cost, covered_slots(choice)):
                yield choice
