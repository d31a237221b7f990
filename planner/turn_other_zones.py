"""The spells a turn casts from the graveyard and from exile (contract section 11, issue 35; CR 601.2a: a card
is cast from a zone other than the hand only by a permission): each card of the player's ``graveyard`` list
that its own text (flashback, CR 702.34a; escape, 702.138a; "You may cast ~ from your graveyard") or a
permanent's permission lets them cast now, each card of their ``foretold`` list (its foretell cost,
702.143a), and each card exiled with a permanent of theirs whose permission casts it (Hama's, 607.2a: that
permission's cost, during their turn), is a spell of the turn, cast for that way only, as ``pay
--cast-from`` pays it.

Each is an *event* of the turn's search (:mod:`planner.turn`): the card leaves its zone as it is cast (what
counts the graveyard's cards and delve no longer count it), escape's other cards are exiled, flashback exiles
it as it resolves, a permission of once each turn is used up for the later spells
(:mod:`planner.turn_zones`); the search weighs it in every order, and the replay checks it
(:func:`~planner.turn_zones.zone_cast_error`, and its way usable where it is cast). A card is not planned,
and a note names it (a plan that casts nothing is then no "no": castable null), when more than one way could
cast it (which one is a choice the search does not make), when its way pays more than mana, life and
escape's cards (energy, cards of the hand, permanents), when flashback would exile a permanent spell (or
its own text exiles it instead of putting it into a graveyard, which the turn does not follow), for a
card of several permanent types cast by Muldrotha's permission, for an escape its graveyard can't pay
yet (the turn's spells may fill it), and for a card whose own permission asks an event of the turn its own
spells may make (a creature's death: Undead Sprinter's shape) when the board does not give the fact it
reads; given, it is planned, its permission checked on the board it is cast on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from models.abilities import AmountKind
from models.board import Board, Card
from models.cost import PaymentTarget
from models.spells import spell_target
from planner.rules.alternative_costs import (
    Way,
    emerge_ways,
    exiled_card_only,
    foretold_only,
    own_alternative_costs,
    permits_x,
    usable_ways,
)
from planner.rules.exiled_card_ways import cards_exiled_with, unknown_exiled_names
from planner.rules.graveyard_permissions import PERMANENT_TYPES, graveyard_turn_notes, permissions
from planner.rules.graveyard_ways import graveyard_cast_error, graveyard_way_required
from planner.rules.turn_facts import died_gap, turn_event_gap
from planner.turn_alternative import spell_for_way
from planner.turn_choices import Ids, TurnSpell, same_name, turn_spell
from planner.turn_model import goes_to_graveyard
from planner.turn_zones import exiled_after

__all__ = [
    "ZoneSpells",
    "recast_notes",
    "without_graveyard_takers",
    "zone_cast",
    "zone_spell_named",
    "zone_spells",
]


@dataclass(frozen=True, slots=True)
class ZoneSpells:
    """The spells of the graveyard and exile a turn may cast (each for its one way), and a note for each
    card castable from there that the turn does not plan."""

    spells: tuple[TurnSpell, ...]
    notes: tuple[str, ...]


def zone_spells(board: Board, player: str, x: int, used_ids: Ids) -> ZoneSpells:
    """The spells ``player`` may cast from their graveyard and from exile (foretold) in the turn, and the
    notes on those not planned (see the module docstring); a graveyard not listed leaves a permission's note
    (:func:`~planner.rules.graveyard_permissions.graveyard_turn_notes`).

    >>> looting = {"name": "Test Looting", "type_line": "Sorcery", "mana_cost": "{R}",
    ...     "oracle": "Draw two cards.\\nFlashback {2}{R}"}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "graveyard": [looting]}]})
    >>> found = zone_spells(board, "me", 0, Ids(set()))
    >>> [(s.card.name, str(s.target.cost), s.mana_value, s.target.cast_from) for s in found.spells]
    [('Test Looting', '{2}{R}', 1, 'graveyard')]
    """
    record = board.player(player)
    spells: list[TurnSpell] = []
    notes: dict[str, None] = {}
    if not isinstance(record.graveyard, tuple):
        notes.update(dict.fromkeys(graveyard_turn_notes(board, player)))
    copies: dict[tuple[str, Card], Card] = {}
    exiled = (*(record.foretold or ()), *cards_exiled_with(board, player))
    for pid, name in unknown_exiled_names(board, player):  # (its type line and text not known)
        notes[
            f"{name}: exiled with {pid}, whose permission may cast it, but neither its type line nor its "
            "text is given (choices.imprinted as an object): not planned "
            f"(pay --spell {name!r} --cast-from exile)"
        ] = None
    for zone, cards in (("graveyard", record.graveyard), ("exile", exiled if exiled else record.foretold)):
        if not isinstance(cards, tuple):
            continue
        for card in cards:
            if card.type_line.is_a("Land") or card.mana_cost is None:
                continue  # (a land is played, CR 305.1: turn_lands)
            # (a Card object of its own, equal to the hand's copies: the turn reads its spells by their
            # card's object, turn_choices.distinct, and this one is cast from elsewhere)
            card = copies.setdefault((zone, card), replace(card))
            found = _zone_spell(board, player, card, zone, x, used_ids)
            if isinstance(found, TurnSpell):
                spells.append(found)
            elif found:
                how = f"pay --spell {card.name!r} --cast-from {zone}"
                notes[f"{card.name}: {found}, which turn plans don't cast ({how})"] = None
    return ZoneSpells(tuple(spells), tuple(notes))


def _zone_spell(board: Board, player: str, card: Card, zone: str, x: int, used_ids: Ids) -> TurnSpell | str:
    """The spell of ``card`` cast from ``zone`` for its one way usable now, or why it is not planned ('' when
    nothing lets it be cast from there now)."""
    target = replace(spell_target(card), cast_from=zone)
    if zone == "graveyard" and not graveyard_way_required(board, target):
        return ""  # (no way of its own nor a permission read: pay warns of a permission not read)
    if zone == "exile" and not (
        foretold_only(board, player, target) or exiled_card_only(board, player, target)
    ):
        return ""  # (foretold with no foretell cost read: pay warns, CR 702.143a)
    # (its X as the turn casts it counts in the mana value a permission allows, CR 202.3e)
    ways = tuple(
        way
        for way in _ways_now_or_after_a_death(board, player, target)
        if permits_x(board, player, target, way, x)
    )
    place = "from the graveyard" if zone == "graveyard" else "from exile"
    if not ways:
        later = [c for c in own_alternative_costs(target.text, target.name) if c.graveyard_exile]
        if zone == "graveyard" and later:
            return f"its {later[0].keyword or 'way'} may cast it {place} once the graveyard holds more cards"
        waiting = _waiting_for_the_turn(target.text, target.name) if zone == "graveyard" else ""
        ways = _followed_ways(board, player, target, x) if waiting else ()
        if not ways:
            return waiting

    why = _why_not_planned(board, player, card, ways)
    if why:
        return why
    (way,) = ways
    spell = turn_spell(card, x, used_ids)
    spell = replace(spell, target=replace(spell.target, cast_from=zone), event=True)
    return spell_for_way(spell, way)


def _ways_now_or_after_a_death(board: Board, player: str, target: PaymentTarget) -> tuple[Way, ...]:
    """The ways usable now to cast ``target``; none being usable, those of its own ways "if a creature died
    this turn" once one has (a creature the turn sacrifices dies, CR 700.4: :mod:`planner.turn_deaths`; the
    search keeps a way only where it holds on the board its spell is cast on,
    :func:`~planner.turn_alternative.ways_hold`, and the replay checks it)."""
    ways = tuple(usable_ways(board, player, target))
    if ways or not any(c.if_creature_died for c in own_alternative_costs(target.text, target.name)):
        return ways
    died = replace(board, creatures_died_this_turn=(board.creatures_died_this_turn or 0) + 1)
    return tuple(way for way in usable_ways(died, player, target) if way.cost.if_creature_died)


#: The events of the turn a plan's own spells make (planner.turn_additional.without_paid: a sacrifice, the
#: card it puts into a graveyard; planner.turn_zones.leaving_zone: a card cast from the graveyard).
_TURN_MADE = frozenset({AmountKind.SACRIFICED, AmountKind.PUT_INTO_GRAVEYARD, AmountKind.LEFT_GRAVEYARD})


def _followed_ways(board: Board, player: str, target: PaymentTarget, x: int) -> tuple[Way, ...]:
    """The ways of a card's own permission to be cast from its graveyard that ask events of the turn its own
    spells may make, when the board gives the facts they read (the turn follows them from there: each way
    is checked on the board its spell is cast on, :func:`~planner.turn_alternative.ways_hold`); none when
    one is not given (the card is then noted: :func:`_waiting_for_the_turn`)."""
    found: list[Way] = []
    for cost in own_alternative_costs(target.text, target.name):
        if not cost.from_graveyard or not (cost.if_creature_died or cost.if_turn_facts):
            continue
        listed = cost.died_what is None or board.creatures_died is not None  # (which died: the list's)
        if cost.if_creature_died and (died_gap(board, cost.died_what) or not listed):
            return ()
        if any(turn_event_gap(board, player, fact.amount) for fact in cost.if_turn_facts):
            return ()
        found += emerge_ways(board, player, Way(target.name, cost), target.cost)
    return tuple(way for way in found if permits_x(board, player, target, way, x))


def _waiting_for_the_turn(text: str, name: str) -> str:
    """Why a card whose own permission to be cast from its graveyard asks an event of the turn the board does
    not show yet ("if a non-Zombie creature died this turn": Undead Sprinter's shape; "if you descended
    this turn") is not planned: the turn's own events (a creature it sacrifices, CR 700.4) may meet it, which
    the turn's search, reading the permissions at the turn's start, does not follow; '' when none asks.

    >>> _waiting_for_the_turn("You may cast this card from your graveyard if a creature died this turn.", "x")
    'its permission may cast it once a creature died this turn (a sacrifice of the turn may make it so)'
    """
    for cost in own_alternative_costs(text, name):
        made = cost.if_creature_died or any(f.amount.kind in _TURN_MADE for f in cost.if_turn_facts)
        if not cost.from_graveyard or not made:
            continue
        asked = (
            [fact.text for fact in cost.if_turn_facts]
            if cost.if_turn_facts
            else [f"a {'creature' if cost.died_what is None else cost.died_what.describe()} died this turn"]
        )
        return (
            f"its permission may cast it once {' and '.join(asked)} (a sacrifice of the turn may make it so)"
        )
    return ""


def _why_not_planned(board: Board, player: str, card: Card, ways: Sequence[Way]) -> str:
    """Why the turn does not cast ``card`` from its zone for ``ways`` (those usable now), '' when it does."""
    named = " or ".join(dict.fromkeys(way.cost.describe() for way in ways))
    if len(ways) > 1:
        return f"more than one way may cast it ({named}): not planned"
    cost = ways[0].cost
    if cost.as_it_resolves:  # (The Infamous Cruelclaw's 'that card': cast as its trigger resolves, CR 608.2g)
        return f"its way ({named}) casts it only as the ability that exiled it resolves: not planned"
    if cost.energy or cost.exile is not None or cost.sacrifice:
        return f"its way ({named}) pays more than mana, life and graveyard cards: not planned"
    if exiled_after(ways[0]) and card.type_line.is_permanent:
        return f"its way ({named}) exiles the permanent spell as it resolves: not planned"
    if "exile it instead" in card.oracle and not exiled_after(ways[0]):
        # (its own replacement of where it goes, "If you cast ~ this way and it would be put into a
        # graveyard, exile it instead": not followed by the turn's boards)
        return f"its text exiles it instead of its graveyard when cast by its way ({named}): not planned"
    permission = next((p for p in permissions(board, player) if p.source == ways[0].permission), None)
    several = sum(card.type_line.is_a(word) for word in PERMANENT_TYPES) > 1
    if permission is not None and permission.effect.each_permanent_type and several:
        return f"{permission.source}'s permission may take one of its permanent types: not planned"
    return ""


def zone_spell_named(spells: Sequence[TurnSpell], name: str, taken: set[int]) -> int | None:
    """The index among ``spells`` (:func:`zone_spells`) of the first not ``taken`` whose card is ``name``, or
    None.

    >>> zone_spell_named([], "Test Looting", set()) is None
    True
    """
    return next(
        (n for n, spell in enumerate(spells) if n not in taken and same_name(spell.card.name, name)), None
    )


def zone_cast(
    text: str, hand: Sequence[Card], taken: set[int], zones: ZoneSpells, zone_taken: set[int]
) -> TurnSpell | None:
    """The spell of the graveyard or exile a ``--cast`` of ``text`` names (the first not ``zone_taken`` yet,
    then taken), or None: a card of that name left in the hand (not ``taken``) is cast from there first.

    >>> zone_cast("Test Looting", [], set(), ZoneSpells((), ()), set()) is None
    True
    """
    if any(n not in taken and same_name(card.name, text) for n, card in enumerate(hand)):
        return None
    at = zone_spell_named(zones.spells, text, zone_taken)
    if at is None:
        return None
    zone_taken.add(at)
    return zones.spells[at]


def recast_notes(board: Board, player: str, spells: Sequence[TurnSpell]) -> list[str]:
    """A note for each spell of the turn that goes to the graveyard as it resolves (an instant or sorcery,
    CR 608.2n; flashback's is exiled, 702.34a) and could then be cast from there again this turn (its own
    flashback or escape, a permission: :func:`~planner.rules.graveyard_ways.graveyard_cast_error` finds
    one): the turn's search casts each card once.

    >>> looting = Card.from_json({"name": "Test Looting", "type_line": "Sorcery", "mana_cost": "{R}",
    ...     "oracle": "Draw two cards.\\nFlashback {2}{R}"})
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}]})
    >>> recast_notes(board, "me", [turn_spell(looting, 0, Ids(set()), 0)])  # doctest: +NORMALIZE_WHITESPACE
    ["Test Looting: once it resolved it may be cast from the graveyard again this turn, which turn plans
    don't plan (CR 608.2n, 601.2a)"]
    """
    notes: dict[str, None] = {}
    for spell in spells:
        if not goes_to_graveyard(spell.card) or exiled_after(spell.way) or spell.card.mana_cost is None:
            continue
        again = replace(spell_target(spell.card), cast_from="graveyard")
        if graveyard_way_required(board, again) and graveyard_cast_error(board, player, again) is None:
            notes[
                f"{spell.card.name}: once it resolved it may be cast from the graveyard again this turn, "
                "which turn plans don't plan (CR 608.2n, 601.2a)"
            ] = None
    return list(notes)


def without_graveyard_takers(spells: Sequence[TurnSpell]) -> tuple[list[TurnSpell], list[str]]:
    """The spells with those cast from the graveyard left out when another spell of the turn exiles cards
    from the graveyard for its cost (delve, CR 702.66a; escape, 702.138a), and a note for each card left
    out: the model counts the cards such a cost takes, not which, and one of them could be the card a later
    spell is cast from there (never a plan the replay would refuse).

    >>> without_graveyard_takers([])
    ([], [])
    """

    def takes(spell: TurnSpell) -> bool:
        return spell.target.delve or (spell.way is not None and spell.way.cost.graveyard_exile > 0)

    kept: list[TurnSpell] = []
    notes: dict[str, None] = {}
    for spell in spells:
        if spell.target.cast_from == "graveyard" and any(takes(o) and o is not spell for o in spells):
            how = f"pay --spell {spell.card.name!r} --cast-from graveyard"
            notes[
                f"{spell.card.name}: another spell of the turn exiles cards from the graveyard for its cost "
                f"(delve, escape), which could take it: not cast from there in turn plans ({how})"
            ] = None
            continue
        kept.append(spell)
    return kept, list(notes)
