"""Amounts counted when a mana ability resolves (CR 608.2h): what each :class:`~models.abilities.AmountKind`
reads of the game, in one place for could-produce, the CP-SAT model's outcomes, the replay and the reference
search.

An amount is ``multiplier`` times what it counts, plus ``plus`` ('Add {U}, then add an additional {U} for
each ...'). What it counts:

- ``COUNT``, ``COUNTERS``, ``DEVOTION``: permanents matching a filter, counters on the source, devotion
  (CR 700.5); ``SAME_NAME``: the other permanents matching a filter with the same name as the one tapped for
  mana (Sasaya's Essence's trigger, counted with that permanent as ``pid``: :mod:`planner.rules.same_name`);
- ``LIFE``: its controller's life total now (Sanctum of the Sun); life paid or lost earlier in the same
  payment is gone by then;
- ``POWER``: the source's power (Marwyn, Viridian Joiner); ``GREATEST_POWER``: the greatest power among the
  matching creatures, 0 when there are none (Selvala, Avatar Kyoshi); ``DISTINCT_POWERS``: how many
  different powers the matching creatures have (Selvala, Eager Trailblazer: 1, 2 and 2 are two; 0 and a
  negative power are powers too). A power is the permanent's printed
  ``power`` (the board's, or its card's) with its power-changing counters on top (``+1/+1``, ``-1/-1``);
- ``LAND_TYPES``: the basic land types among the matching lands (domain: Prismatic Geoscope), after the
  effects that change land types (CR 305.7);
- ``GRAVEYARD``: the matching cards in its controller's graveyard (Crypt of Agadeem), by their printed
  characteristics (the colors after effects on cards that aren't on the battlefield);
- ``MANA_VALUE``: the mana value of the permanent the cost sacrificed (Priest of Yawgmoth, CR 202.3), as it
  last existed on the battlefield (608.2h);
- ``REVEALED``: how many cards the ability reveals from its controller's hand (Metalworker): any number of
  the matching ones, chosen as it resolves, so the most it can count is how many match.

A board that can't answer an amount (a power it doesn't give, a graveyard given as a bare count when the
amount counts some cards only) sets the ability aside with a warning that names the field to give:
:func:`planner.rules.amount_gaps.board_gap`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING

from models.abilities import (
    AbilityCost,
    Amount,
    AmountKind,
    CostPartKind,
    ManaAbility,
    ObjectFilter,
    SideEffectKind,
)
from models.board import Board, Card, Permanent, Player
from models.errors import InputError
from models.kept import per_card
from models.mana import ManaTypes
from models.oracle import parse_oracle, read_card
from models.oracle.defining import defined_types
from models.oracle.levels import striation_power
from planner.rules.defined_powers import defined_power_gap, own_defined_power
from planner.rules.devotion import devotion
from planner.rules.layers import types_elsewhere
from planner.rules.party import party_size
from planner.rules.power_changes import (
    POWER_COUNTER,
    counter_power,
    power_changes,
)
from planner.rules.same_name import same_named

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = [
    "AMONG_POWERS",
    "PLAYER_AMOUNTS",
    "among_cards",
    "card_matches",
    "cost_source_power",
    "counted",
    "counter_power",
    "counts_every_card",
    "counts_life",
    "graveyard_cards",
    "graveyard_colors",
    "graveyard_conditions",
    "graveyard_gap",
    "graveyard_growth",
    "greatest_power",
    "in_graveyard",
    "into_graveyard",
    "layered_power",
    "mana_value",
    "player_path",
    "power",
    "power_change",
    "power_changer",
    "power_gap",
    "quantity",
    "revealed_filter",
    "revealing",
    "spells_cast_matching",
    "spells_cast_unlisted",
    "top_card_matches",
    "unread_power_change",
]

#: The amounts that read their controller's player record (life, graveyard, hand) rather than permanents.
PLAYER_AMOUNTS = frozenset({AmountKind.LIFE, AmountKind.GRAVEYARD, AmountKind.REVEALED, AmountKind.DRAWN})
#: The amounts that read the powers of the permanents their filter matches.
AMONG_POWERS = frozenset({AmountKind.GREATEST_POWER, AmountKind.DISTINCT_POWERS})


def power(permanent: Permanent) -> int | None:
    """A permanent's power now: its printed power (a leveler's striation's in force, CR 711.2a:
    :func:`~models.oracle.levels.striation_power`) with its power-changing counters on top; None when the
    board does not give a printed power (nor does its card).

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "e", "card": "Llanowar Elves", "controller": "me", "counters": {"+1/+1": 2, "-1/-1": 1}},
    ...     {"id": "m", "name": "Mystery", "type_line": "Creature", "controller": "me"}]})
    >>> power(board.permanent("e")), power(board.permanent("m"))
    (2, None)
    """
    printed = permanent.power
    if (
        permanent.counter("level")
        and (striated := striation_power(permanent.oracle, permanent.level)) is not None
    ):
        printed = striated
    if printed is None:
        return None
    return printed + sum(counter_power(kind) * count for kind, count in permanent.counters)


def mana_value(permanent: Permanent) -> int:
    """A permanent's mana value (CR 202.3): its mana cost's, 0 without one (a land, a Treasure).

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "sol", "card": "Sol Ring", "controller": "me"},
    ...     {"id": "t", "card": "Treasure", "controller": "me"}]})
    >>> mana_value(board.permanent("sol")), mana_value(board.permanent("t"))
    (1, 0)
    """
    return permanent.mana_value


def card_matches(view: BoardView, flt: ObjectFilter, card: Card, player: str, source: str) -> bool:
    """True when a card in ``player``'s hand or graveyard matches a filter written on ``source``: its printed
    types (a type, subtype or supertype each), exclusions and colors (after the effects on cards that aren't
    on the battlefield), and the source's chosen creature type when the filter names it.

    >>> from models.board import Board, Card
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": []})
    >>> black_creature = ObjectFilter(types=("Creature",), colors=ManaTypes.parse("B"))
    >>> from planner.rules.view import BoardView
    >>> knight = {"name": "Black Knight", "type_line": "Creature — Human Knight", "mana_cost": "{B}{B}"}
    >>> [card_matches(BoardView(board), black_creature, Card.from_json(card), "me", "")
    ...  for card in (knight, "Llanowar Elves", "Elves of Deep Shadow")]
    [True, False, False]
    """
    read = read_card(card.oracle, card.name, card.type_line)
    keywords = read.keywords
    line = types_elsewhere(view, defined_types(card.type_line, keywords, read.effects), player, spell=False)
    if not all(line.is_a(word) for word in flt.types) or any(line.is_a(word) for word in flt.excluded):
        return False
    if flt.keyword and flt.keyword not in keywords:
        return False  # ('creature spell with flying': Momo's, counted among the spells cast this turn)
    if flt.any_types and not any(line.is_a(word) for word in flt.any_types):
        return False
    if flt.power_at_least is not None and (card.power is None or card.power < flt.power_at_least):
        # (a creature card with no power given is a board gap: :func:`planner.rules.amount_gaps.board_gap`)
        return False
    if flt.colors and not flt.colors_or_types_match(
        view.colors_elsewhere(card.colors, player, spell=False), line.is_a
    ):
        return False
    if flt.chosen_color:
        color = view.permanent(source).choices.color if view.has(source) else None
        if color is None or color not in view.colors_elsewhere(card.colors, player, spell=False):
            return False
    if flt.chosen_type:
        chosen = view.permanent(source).choices.creature_type if view.has(source) else None
        return chosen is not None and line.is_a(chosen)
    return True


def counts_every_card(flt: ObjectFilter) -> bool:
    """True when a filter on cards lets every card through ('for each card in your graveyard')."""
    return not (
        flt.types
        or flt.any_types
        or flt.excluded
        or flt.colors
        or flt.chosen_type
        or flt.chosen_color
        or flt.keyword
    )


@per_card(maxsize=256)
def revealed_filter(what: str) -> ObjectFilter | None:
    """The cards a reveal from the hand names (``SideEffect.what``: 'artifact card'), read by the Oracle
    reader as the cards an amount counts; None when it does not read them ('creature card with a counter on
    it': no filter of cards holds a counter).

    >>> strong = revealed_filter("creature card with power 5 or greater")
    >>> revealed_filter("artifact card").types, strong.power_at_least if strong else None
    (('Artifact',), 5)
    """
    parsed = parse_oracle(f"{{T}}: Add {{C}} for each {what} in your graveyard.")
    if parsed.unsupported or len(parsed.mana_abilities) != 1:
        return None
    amount = parsed.mana_abilities[0].output.amount
    return amount.filter if amount.kind is AmountKind.GRAVEYARD else None


def revealing(ability: ManaAbility) -> str | None:
    """What a REVEALED amount's reveal names ('artifact card'), or None when the ability reveals nothing.

    >>> (metalworker,) = parse_oracle("{T}: Reveal any number of artifact cards in your hand. Add {C}{C} for "
    ...     "each card revealed this way.").mana_abilities
    >>> revealing(metalworker), revealing(parse_oracle("{T}: Add {G}.").mana_abilities[0])
    ('artifact card', None)
    """
    return next((e.what for e in ability.side_effects if e.kind is SideEffectKind.REVEAL_FIRST), None)


def into_graveyard(player: Player, gone: Iterable[Permanent]) -> Player:
    """The player once the permanents ``gone`` left the battlefield for their graveyard (sacrificed: CR
    701.21a, each to its owner's, taken to be its controller): their cards added to a graveyard given as a
    list, counted in one given as a number; a graveyard the board does not give stays so (tokens are no
    cards).

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "graveyard": 2}], "permanents": [
    ...     {"id": "e", "card": "Llanowar Elves", "controller": "me"},
    ...     {"id": "t", "card": "Treasure", "controller": "me"}]})
    >>> into_graveyard(board.player("me"), board.permanents).graveyard
    3
    """
    if player.graveyard is None:
        return player
    cards = tuple(card for permanent in gone if (card := permanent.as_card()) is not None)
    if not cards:
        return player
    if isinstance(player.graveyard, int):
        return replace(player, graveyard=player.graveyard + len(cards))
    return replace(player, graveyard=(*player.graveyard, *cards))


def graveyard_growth(board: Board, player: str, gone: Iterable[str]) -> int:
    """How many cards the permanents ``gone`` (sacrificed) put into ``player``'s graveyard: none when the
    board does not give that graveyard (:func:`into_graveyard`).

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "graveyard": 0}], "permanents": [
    ...     {"id": "petal", "card": "Lotus Petal", "controller": "me"},
    ...     {"id": "t", "card": "Treasure", "controller": "me"}]})
    >>> graveyard_growth(board, "me", ["petal", "t"])
    1
    """
    if board.player(player).graveyard is None:
        return 0
    return sum(1 for pid in gone if board.permanent(pid).as_card() is not None)


def player_path(board: Board, player: str) -> str:
    return f"players[{[p.id for p in board.players].index(player)}]"


def counts_life(ability: ManaAbility) -> bool:
    """True when one of the ability's amounts is its controller's life total (Sanctum of the Sun).

    >>> sanctum = parse_oracle("{T}: Add X mana of any one color, where X is your life total.")
    >>> counts_life(sanctum.mana_abilities[0]), counts_life(parse_oracle("{T}: Add {G}.").mana_abilities[0])
    (True, False)
    """
    amounts = (ability.output.amount, *(output.amount for _, output in ability.conditional))
    return any(amount.kind is AmountKind.LIFE for amount in amounts)


def power_change(cost: AbilityCost) -> int:
    """How much paying a cost changes its own permanent's power: the power-changing counters it puts on it
    (Channeler Initiate's -1/-1) or removes from it (CR 122.1a).

    >>> from models.oracle import parse_oracle
    >>> (initiate,) = parse_oracle("{T}, Put a -1/-1 counter on this creature: Add {G}.").mana_abilities
    >>> power_change(initiate.cost), power_change(parse_oracle("{T}: Add {G}.").mana_abilities[0].cost)
    (-1, 0)
    """
    change = -counter_power(cost.remove_counter) * cost.remove_count if cost.remove_counter else 0
    for part in cost.parts:
        if part.kind is CostPartKind.PUT_COUNTER:
            change += counter_power(part.what) * part.count
    return change


def counted(
    view: BoardView,
    pid: str,
    amount: Amount,
    *,
    removed: frozenset[str] = frozenset(),
    sacrificed: tuple[str, ...] = (),
    color: ManaTypes = ManaTypes(),
    reveal: str | None = None,
    cost: AbilityCost | None = None,
) -> int:
    """The amount now, for the ability of ``pid`` resolving: ``multiplier`` times :func:`quantity`, plus
    ``plus``.

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "life": 7}], "permanents": [
    ...     {"id": "s", "name": "Sanctum", "type_line": "Artifact", "controller": "me"}]})
    >>> from planner.rules.view import BoardView
    >>> counted(BoardView(board), "s", Amount(kind=AmountKind.LIFE, multiplier=2, plus=1))
    15
    """
    if amount.kind is AmountKind.CONSTANT:
        return amount.constant + amount.plus
    found = quantity(
        view, pid, amount, removed=removed, sacrificed=sacrificed, color=color, reveal=reveal, cost=cost
    )
    return amount.multiplier * found + amount.plus


def quantity(
    view: BoardView,
    pid: str,
    amount: Amount,
    *,
    removed: frozenset[str] = frozenset(),
    sacrificed: tuple[str, ...] = (),
    color: ManaTypes = ManaTypes(),
    reveal: str | None = None,
    cost: AbilityCost | None = None,
    below_zero: bool = False,
) -> int:
    """What an amount counts now (the module docstring), for the ability of ``pid`` resolving once its
    ``cost`` was paid (CR 602.2b, 608.2h): ``removed`` are the permanents the cost took away (gone when it
    resolves: a sacrificed card is in the graveyard by then), ``sacrificed`` those it sacrificed (their mana
    value: the most of them, 0 for none, since could-produce asks with every candidate at once), the life
    it paid is paid and the counters it put on ``pid`` are there; ``color`` is the color chosen for
    'devotion to that color', ``reveal`` what a REVEALED amount reveals (the most it can count). A life
    total or a power below 0 counts 0, unless ``below_zero``.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "graveyard": ["Llanowar Elves"]}],
    ...     "permanents": [{"id": "e", "card": "Elvish Mystic", "controller": "me"}]})
    >>> creature_cards = Amount(kind=AmountKind.GRAVEYARD, filter=ObjectFilter(types=("Creature",)))
    >>> quantity(BoardView(board), "e", creature_cards), quantity(BoardView(board), "e", creature_cards,
    ...     removed=frozenset({"e"}))  # (a creature the cost sacrificed is in the graveyard as it resolves)
    (1, 2)
    """
    kind = amount.kind
    permanent = view.permanent(pid)
    controller = permanent.controller
    own_power = power_change(cost) if cost is not None else 0
    if kind is AmountKind.COUNT:
        assert amount.filter is not None
        return view.count(amount.filter, pid, removed)
    if kind is AmountKind.SAME_NAME:  # (``pid`` is the permanent tapped for mana: planner.rules.same_name)
        assert amount.filter is not None
        return same_named(view, pid, amount.filter, removed)
    if kind is AmountKind.COUNTERS:
        return permanent.counter(amount.counter)
    if kind is AmountKind.DEVOTION:
        return devotion(view, controller, amount.colors or color)
    if kind is AmountKind.PARTY:  # ('for each creature in your party', CR 700.8)
        return party_size(view, controller)
    if kind is AmountKind.DRAWN:  # (constant while paying: no mana ability draws, CR 605.1a)
        return view.player(controller).cards_drawn_this_turn
    floor = None if below_zero else 0
    if kind is AmountKind.LIFE:
        return _at_least(view.player(controller).life - (cost.life if cost is not None else 0), floor)
    if kind is AmountKind.POWER:
        return _at_least(known_power(view, pid, removed) + own_power, floor)
    if kind in AMONG_POWERS:
        assert amount.filter is not None
        powers = [
            known_power(view, other, removed) + (own_power if other == pid else 0)
            for other in view.matching(amount.filter, pid, removed)
        ]
        return max([0, *powers]) if kind is AmountKind.GREATEST_POWER else len(set(powers))
    if kind is AmountKind.LAND_TYPES:
        assert amount.filter is not None
        lands = view.matching(amount.filter, pid, removed)
        return len({land_type for land in lands for land_type in view.type_line(land).basic_land_types})
    if kind is AmountKind.MANA_VALUE:
        gone = sacrificed or ((pid,) if pid in removed else ())
        return max((mana_value(view.permanent(other)) for other in gone), default=0)
    if kind is AmountKind.GRAVEYARD:
        assert amount.filter is not None
        player = view.player(controller)
        graveyard = into_graveyard(player, (view.permanent(other) for other in sorted(removed))).graveyard
        return _in_graveyard(view, graveyard, amount.filter, controller, pid)
    if kind is AmountKind.REVEALED:
        wanted = revealed_filter(reveal) if reveal is not None else None
        if wanted is None:
            raise InputError(f"{view.path(pid)}: the cards {permanent.name} reveals are not read")
        hand = view.player(controller).hand
        return sum(1 for card in hand if card_matches(view, wanted, card, controller, pid))
    raise AssertionError(f"{kind} is counted by the cost that removes it")  # (REMOVED: view.removing)


def _at_least(value: int, floor: int | None) -> int:
    return value if floor is None else max(value, floor)


def layered_power(view: BoardView, pid: str) -> int | None:
    """A permanent's power before the static effects that change it (layer 7c): the base power an effect in
    force sets (layer 7b, CR 613.4b: :meth:`~planner.rules.view.BoardView.base_power_and_toughness`), else
    its printed power (:func:`power`), with its power-changing counters on top (CR 613.4c); None when neither
    is known.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> text = "Enchanted land is a 4/4 green Treefolk creature that's still a land."
    >>> aura = {"id": "a", "name": "Test Aura", "type_line": "Enchantment — Aura", "controller": "me",
    ...     "attached_to": "f", "oracle": text}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me", "counters": {"+1/+1": 1}}, aura,
    ...     {"id": "g", "card": "Forest", "controller": "me"}]})
    >>> layered_power(BoardView(board), "f"), layered_power(BoardView(board), "g")
    (5, None)
    """
    permanent = view.permanent(pid)
    base = view.base_power_and_toughness(pid)
    found = base[0] if base is not None else own_defined_power(view, pid)  # (7b, else 7a)
    if found is None:
        return power(permanent)
    return found + sum(counter_power(kind) * count for kind, count in permanent.counters)


def known_power(view: BoardView, pid: str, removed: Iterable[str] = ()) -> int:
    """A permanent's power now: :func:`layered_power` with the static effects in force that change it on top
    (layer 7c: :func:`~planner.rules.power_changes.power_changes`), but those of the permanents ``removed``;
    bad input when the board does not give it."""
    found = layered_power(view, pid)
    if found is None:
        raise InputError(f"{view.path(pid)}.power: {power_gap(view.permanent(pid))}")
    return found + power_changes(view, pid, removed)


def known_toughness(view: BoardView, pid: str) -> int:
    """A permanent's toughness now: its printed toughness with its counters (CR 122.1a) and the static effects
    in force that change it on top (layer 7c); bad input when the board does not give it, or it is a leveler
    whose level sets it (not read).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "e", "card": "Llanowar Elves", "controller": "me", "counters": {"+1/+1": 2, "+0/+3": 1}},
    ...     {"id": "a", "name": "Anthem", "type_line": "Enchantment", "controller": "me",
    ...      "oracle": "Creatures you control get +1/+2."}]})
    >>> known_toughness(BoardView(board), "e")
    8
    """
    permanent = view.permanent(pid)
    base = view.base_power_and_toughness(pid)
    defined = own_defined_power(view, pid, toughness=True) if base is None else base[1]  # (7b, else 7a)
    printed = permanent.toughness if defined is None else defined
    if printed is None or (
        defined is None
        and permanent.counter("level")
        and striation_power(permanent.oracle, permanent.level) is not None
    ):
        raise InputError(
            f"{view.path(pid)}.toughness: the toughness of {permanent.name} ({permanent.id}) is not known: "
            "give its printed toughness as `toughness`"
        )
    counters = sum(_counter_toughness(kind) * count for kind, count in permanent.counters)
    return printed + counters + power_changes(view, pid, toughness=True)


def _counter_toughness(kind: str) -> int:
    """How much one counter of this kind changes a creature's toughness (CR 122.1a: ``+1/+1``, ``-0/-2``)."""
    found = POWER_COUNTER.fullmatch(kind.strip())
    return int(kind.strip().split("/")[1]) if found else 0


def power_gap(permanent: Permanent) -> str:
    return f"the power of {permanent.name} ({permanent.id}) is not known: give its printed power as `power`"


def graveyard_cards(view: BoardView, flt: ObjectFilter, player: str) -> int:
    """How many cards in ``player``'s graveyard match ``flt``: what a spell's own cost change counts as its
    total cost is locked in ('This spell costs {1} less to cast for each creature card in your graveyard',
    CR 601.2f); a graveyard the board gives only as a count answers a filter on every card alone.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "graveyard": [
    ...     "Llanowar Elves", "Forest", "Lightning Bolt"]}], "permanents": []})
    >>> spells = ObjectFilter(any_types=("Instant", "Sorcery"))
    >>> view = BoardView(board)
    >>> graveyard_cards(view, spells, "me"), graveyard_cards(view, ObjectFilter(), "me")
    (1, 3)
    """
    return _in_graveyard(view, view.player(player).graveyard, flt, player, "")


def spells_cast_matching(view: BoardView, flt: ObjectFilter, player: str) -> int:
    """How many spells ``player`` cast this turn match ``flt`` (Demilich's 'for each instant and sorcery
    you've cast this turn'): the board's ``spells_cast_this_turn``, whose count alone answers a filter on
    every spell; with a count alone of one or more, a filter on some spells counts none (the caller warns:
    :func:`~planner.rules.spell_cost.unknown_turn_facts`).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "spells_cast_this_turn": [
    ...     "Lightning Bolt", "Sol Ring"]}, {"id": "opp", "spells_cast_this_turn": 3}], "permanents": []})
    >>> spells = ObjectFilter(any_types=("Instant", "Sorcery"))
    >>> view = BoardView(board)
    >>> [spells_cast_matching(view, flt, p) for p in ("me", "opp") for flt in (spells, ObjectFilter())]
    [1, 2, 0, 3]
    """
    who = view.board.player(player)
    cast = who.spells_cast
    if cast is None:
        return 0 if spells_cast_unlisted(view.board, flt, player) else who.spells_cast_this_turn
    return sum(1 for card in cast if card_matches(view, flt, card, player, ""))


def spells_cast_unlisted(board: Board, flt: ObjectFilter, player: str) -> bool:
    """True when ``flt`` asks which spells ``player`` cast this turn (a type, a color) and the board gives
    only how many (``spells_cast_this_turn`` as a count): such a filter then counts none, with a warning;
    a filter on every spell ('another spell') is answered by the count.

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "spells_cast_this_turn": 2}]})
    >>> [spells_cast_unlisted(board, flt, "me") for flt in (ObjectFilter(types=("Instant",)), ObjectFilter())]
    [True, False]
    """
    return board.player(player).spells_cast is None and not counts_every_card(flt)


def _in_graveyard(
    view: BoardView, graveyard: tuple[Card, ...] | int | None, flt: ObjectFilter, player: str, source: str
) -> int:
    """How many of ``player``'s graveyard's cards match a filter written on ``source``; a graveyard not
    given, or given as a count when the filter counts some cards only, is a board gap (bad input)."""
    where = f"{player_path(view.board, player)}.graveyard"
    if graveyard is None:
        raise InputError(f"{where}: the graveyard is not given (the amount counts cards in it)")
    if isinstance(graveyard, int) and not counts_every_card(flt):
        raise InputError(f"{where}: {graveyard_gap(flt)}")
    if isinstance(graveyard, int):
        return graveyard
    return sum(1 for card in graveyard if card_matches(view, flt, card, player, source))


def graveyard_gap(counted: ObjectFilter) -> str:
    return (
        f"the graveyard is given as a count, and the amount counts only {counted.describe()} cards: "
        "give the graveyard's cards"
    )


def graveyard_conditions(ability: ManaAbility) -> tuple[ObjectFilter, ...]:
    """The filters of the cards its conditions look for in its controller's graveyard ('Activate only if
    there is an Elf card in your graveyard').

    >>> (dignitary,) = parse_oracle("{T}: Add {G}{G}. Activate only if there is an Elf card in your "
    ...     "graveyard.").mana_abilities
    >>> [flt.types for flt in graveyard_conditions(dignitary)]
    [('Elf',)]
    """
    written = ability.written_conditions
    return tuple(condition.in_graveyard for condition in written if condition.in_graveyard is not None)


def in_graveyard(view: BoardView, flt: ObjectFilter, player: str, source: str, at_least: int = 1) -> bool:
    """True when ``at_least`` cards matching ``flt`` (written on ``source``) are in ``player``'s graveyard:
    of its cards given as a list, or of a count when the filter takes every card; False when the board does
    not say (:func:`planner.rules.amount_gaps.board_gap` sets such an ability aside before).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "graveyard": ["Llanowar Elves"]},
    ...     {"id": "you", "graveyard": 2}], "permanents": []})
    >>> elf, any_card = ObjectFilter(types=("Elf",)), ObjectFilter()
    >>> view = BoardView(board)
    >>> [in_graveyard(view, flt, who, "") for flt, who in ((elf, "me"), (any_card, "you"), (elf, "you"))]
    [True, True, False]
    """
    graveyard = view.player(player).graveyard  # (as a replay left it)
    if graveyard is None:
        return False
    if isinstance(graveyard, int):
        return graveyard >= at_least and counts_every_card(flt)
    return sum(1 for card in graveyard if card_matches(view, flt, card, player, source)) >= at_least


def top_card_matches(view: BoardView, flt: ObjectFilter, player: str, source: str) -> bool:
    """True when the card on top of ``player``'s library (the first listed) matches ``flt``, written on
    ``source``; False when the library is empty, or not listed (reported before:
    :func:`~planner.rules.library_top.top_card_gap`).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "library": ["Forest", "Sol Ring"]},
    ...     {"id": "you", "library": []}], "permanents": []})
    >>> lands = ObjectFilter(types=("Land",))
    >>> [top_card_matches(BoardView(board), lands, who, "") for who in ("me", "you")]
    [True, False]
    """
    cards = view.player(player).library_cards
    return cards is not None and bool(cards) and card_matches(view, flt, cards[0], player, source)


def graveyard_colors(
    view: BoardView, player: str, source: str, among: tuple[ObjectFilter, ...] = ()
) -> ManaTypes:
    """The colors of the cards in ``player``'s graveyard now (as the board lists them, with what a replay put
    there since), of every card or, with ``among``, of those one of the filters matches (written on
    ``source``: The Grey Havens' 'legendary creature cards'), after the effects that change the colors of
    cards that aren't on the battlefield; none when the graveyard is not given as cards
    (:func:`planner.rules.amount_gaps.board_gap` sets such an ability aside before).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "graveyard": [
    ...     "Llanowar Elves", "Lightning Bolt", {"name": "Test Legend",
    ...     "type_line": "Legendary Creature — Elf", "mana_cost": "{W}"}]}], "permanents": []})
    >>> legends = (ObjectFilter(types=("Legendary", "Creature")),)
    >>> view = BoardView(board)
    >>> str(graveyard_colors(view, "me", "", legends)), str(graveyard_colors(view, "me", ""))
    ('W', 'WRG')
    """
    graveyard = view.player(player).graveyard
    found = ManaTypes()
    for card in graveyard if isinstance(graveyard, tuple) else ():
        if among_cards(view, among, card, player, source):
            found |= view.colors_elsewhere(card.colors, player, spell=False)
    return found


def among_cards(
    view: BoardView, among: tuple[ObjectFilter, ...], card: Card, player: str, source: str
) -> bool:
    """True when the card is one of those a palette's ``among`` describes (every card without filters)."""
    return not among or any(card_matches(view, flt, card, player, source) for flt in among)


def greatest_power(view: BoardView, flt: ObjectFilter, player: str) -> int:
    """The greatest power among the permanents ``player`` controls that ``flt`` matches, 0 without any (CR
    107.1b), as a spell's own cost reduction counts it (The Great Henge: the spell is no permanent, so its
    caster's are looked at); bad input when a power is not known, or an effect on the board changes powers
    (not read).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "you"}], "permanents": [
    ...     {"id": "e", "card": "Llanowar Elves", "controller": "me", "counters": {"+1/+1": 2}},
    ...     {"id": "b", "card": "Elvish Mystic", "controller": "you"}]})
    >>> creatures = ObjectFilter(types=("Creature",))
    >>> view = BoardView(board)
    >>> greatest_power(view, creatures, "me"), greatest_power(view, creatures, "nobody")
    (3, 0)
    """
    mine = [p.id for p in view.board.permanents if p.controller == player and view.matches(flt, p.id, p.id)]
    # (the reduction is locked in before mana abilities: CR 601.2f)
    why = unread_power_change(view) or defined_power_gap(view, mine, while_paying=False)
    if why is not None:
        raise InputError(f"{why}: a spell's cost reduction reads the greatest power")
    return max([0, *(known_power(view, pid) for pid in mine)])


def cost_source_power(view: BoardView, pid: str, reader: str = "a spell's cost reduction") -> int:
    """A permanent's power as a cost change reads it when the total cost is locked in (CR 601.2f: Vadrik,
    Astral Archmage's '{X} less, where X is ~'s power'), 0 when negative (CR 107.1b); bad input when it is not
    known, or an effect on the board changes powers (not read), as :func:`greatest_power`.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "e", "card": "Llanowar Elves", "controller": "me", "counters": {"+1/+1": 2}},
    ...     {"id": "m", "card": "Llanowar Elves", "controller": "me", "counters": {"-1/-1": 3}}]})
    >>> cost_source_power(BoardView(board), "e"), cost_source_power(BoardView(board), "m")
    (3, 0)
    """
    why = unread_power_change(view) or defined_power_gap(view, (pid,), while_paying=False)
    if why is not None:
        raise InputError(f"{why}: {reader} reads a power")
    return max(known_power(view, pid), 0)


def power_changer(view: BoardView) -> str | None:
    """A permanent whose text changes creatures' power in a way the reader does not read ('+1/+1 for each
    Forest', 'base power 1', 'as long as ...'), or None."""
    return next(
        (
            p.id
            for p in view.board.permanents
            if view.parsed[p.id].changes_power and not view.lost_text_abilities(p.id)
        ),
        None,
    )


def unread_power_change(view: BoardView) -> str | None:
    """The JSON path of a permanent whose text changes creatures' power unread (:func:`power_changer`), and
    why, or None."""
    changer = power_changer(view)
    if changer is None:
        return None
    return f"{view.path(changer)}: its text changes creatures' power, which is not read"
