"""What a turn may do, read from the hand and the board (contract sections 7 and 11): the spells it may cast
(each with its cost as printed, X chosen, and whether it changes what later spells can use), the land plays to
try, and the notes on what the plan does not count.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import partial
from itertools import product
from typing import TYPE_CHECKING

from models.abilities import AmountKind, CostPartKind
from models.board import Board, Card, Permanent
from models.carddata.faces import CardFace
from models.carddata.names import CardResolver
from models.cost import ManaCost, PaymentKind, PaymentTarget
from models.errors import InputError
from models.folding import fold_name
from models.mana import ManaTypes
from models.mana_effects import CostModifier, CostPaymentBan
from models.oracle import LandSearch, ParsedText, parse_land_search, read_card
from models.oracle.classify import triggers_again_on_entering
from models.oracle.entering_again import entering_again_of
from models.oracle.reader import reading_units
from models.spells import card_has_adventure, find_spell, spell_target
from models.types import TypeLine
from planner.rules.additional_costs import taps_unplanned
from planner.rules.alternative_costs import Way, own_alternative_costs
from planner.rules.ban_names import forbidden_land
from planner.rules.cast_bans import land_play_ban
from planner.rules.graveyard_permissions import graveyard_land_played, graveyard_lands
from planner.rules.hand import HandAbility, hand_abilities, usable_from_hand
from planner.rules.payment_bans import life_banned, sacrifice_forbidden_by
from planner.rules.production import Packet
from planner.rules.records import TextWarning, WarningKind
from planner.rules.replay import could_produce_of
from planner.rules.token_replacements import TREASURE, replacements_of
from planner.rules.turn import (
    LandEntry,
    Resolution,
    arriving,
    land_entries,
    land_plays_allowed,
    resolution,
    untapped_by_others,
)
from planner.rules.view import BoardView, locked_in

if TYPE_CHECKING:
    from planner.turn_abilities import TurnAbility

__all__ = [
    "Ids",
    "LandPlay",
    "TurnSpell",
    "cast_card",
    "colors_made",
    "converted_token_events",
    "counts_landfall_resolutions",
    "distinct",
    "exile_choices",
    "face_card",
    "fetched_entries",
    "findable_lands",
    "free_event",
    "hand_lands",
    "hand_spells",
    "land_choices",
    "landfall_mana",
    "landfall_possible",
    "landfall_times_unknown",
    "landfall_twice_warnings",
    "only_mana_permanent",
    "returned_land",
    "same_name",
    "taxed_by_count",
    "turn_notes",
    "turn_spell",
    "unread_mana_notes",
    "with_card_faces",
    "without_mana_events",
]

_COST = re.compile(r"^\s*\{")

#: The place a land of the graveyard takes among the hand's lands to try (no place in the hand).
GRAVEYARD = -2


@dataclass(frozen=True, kw_only=True, slots=True)
class TurnSpell:
    """A spell the turn may cast: the card, its payment target as printed (X chosen), and what it does. Cast
    for an alternative cost (``way``, CR 118.9: :mod:`planner.turn_alternative`), ``target`` is what is paid
    (the way's mana, its sacrifices among the additional costs) and ``printed`` the spell's target as
    printed."""

    card: Card
    target: PaymentTarget
    mana_value: int
    event: bool  # it changes what later spells can use (see the module docstring)
    pid: str  # its permanent's id once it resolves (when it is a permanent)
    position: int = -1  # its place in the hand (-1: not from the hand)
    way: Way | None = None
    printed: PaymentTarget | None = None
    #: the X the turn casts spells with (``plan-turn --x``): the mana cost's, or an alternative cost's X
    x: int = 0
    #: an activated ability of a permanent rather than a spell (:mod:`planner.turn_abilities`): an event
    #: paid as a spell is (CR 602.2b), with no card, no spell cast and its own effect
    ability: TurnAbility | None = None

    @property
    def as_printed(self) -> PaymentTarget:
        """The spell's payment target as printed (X chosen), whatever way it is cast for."""
        return self.printed if self.printed is not None else self.target


@dataclass(frozen=True, kw_only=True, slots=True)
class LandPlay:
    """A land play to try: the card, how it enters, and its permanent's id. A fetchland cracked at once
    names the land it finds (``fetched``: it enters as ``entry`` says, and ``entry.life`` counts the
    fetchland's life too); a bounce land (``returns_land``) is played after the turn's spells and returns a
    land; ``position`` is the card's place in the hand when it is an MDFC's land face (its spell face is then
    not cast), ``from_hand`` its place in the hand whatever it is (-1: not known); ``from_graveyard``: a land
    card of the graveyard a permission lets be played (CR 305.1: it leaves the graveyard, not the hand)."""

    card: Card
    entry: LandEntry
    pid: str
    fetched: Card | None = None
    returns_land: bool = False
    position: int = -1
    from_hand: int = -1
    from_graveyard: bool = False

    @property
    def arriving_card(self) -> Card:
        """The card whose permanent the play leaves on the battlefield (the found land for a fetchland)."""
        return self.fetched if self.fetched is not None else self.card


def landfall_energy(permanent: Permanent) -> int:
    """The energy a permanent's landfall trigger gives when a land enters under its controller's control
    (:func:`~planner.rules.turn.energy_gained`: Nissa's "you get {E}{E}")."""
    card = Card(card=None, name=permanent.name, type_line=permanent.type_line, oracle=permanent.oracle)
    return resolution(card).landfall_energy if "{E}" in permanent.oracle else 0


def landfall_mana(permanent: Permanent) -> tuple[Packet, ...]:
    """The mana a permanent's landfall trigger adds when a land enters under its controller's control, as it
    resolves next: with the mana it adds only on one resolution this turn (Omnath's "If it's the second
    time, add {R}{G}{W}{U}.", CR 608.2c) when that one is next by its ``resolved_this_turn`` (not known: not
    counted, :func:`landfall_times_unknown`).

    >>> omen = {"id": "o", "name": "Test Omen", "type_line": "Creature", "controller": "me", "oracle":
    ...     "Landfall — Whenever a land you control enters, you gain 4 life if this is the first time this "
    ...     "ability has resolved this turn. If it's the second time, add {R}{G}{W}{U}.",
    ...     "resolved_this_turn": 1}
    >>> [str(p.types) for p in landfall_mana(Permanent.from_dict(omen))]
    ['W', 'U', 'R', 'G']
    >>> landfall_mana(Permanent.from_dict(omen | {"resolved_this_turn": 0}))
    ()
    """
    card = Card(card=None, name=permanent.name, type_line=permanent.type_line, oracle=permanent.oracle)
    read = resolution(card)
    if not read.landfall_timed or permanent.resolved_this_turn is None:
        return read.landfall
    next_time = permanent.resolved_this_turn + 1
    return read.landfall + tuple(
        p for time, packets in read.landfall_timed if time == next_time for p in packets
    )


def counts_landfall_resolutions(permanent: Permanent) -> bool:
    """True when a permanent's landfall trigger adds mana on one of its resolutions this turn only (Omnath's
    "If it's the second time, add ...": CR 608.2c), which its ``resolved_this_turn`` counts."""
    if "time" not in permanent.oracle:
        return False
    card = Card(card=None, name=permanent.name, type_line=permanent.type_line, oracle=permanent.oracle)
    return bool(resolution(card).landfall_timed)


def landfall_times_unknown(board: Board, player: str) -> tuple[TextWarning, ...]:
    """A warning for each of ``player``'s permanents whose landfall trigger adds mana on one of its
    resolutions this turn only while the board does not say how many times it resolved this turn
    (``permanents[i].resolved_this_turn``): that mana is not counted in a turn's plan, never guessed.

    >>> omen = {"id": "o", "name": "Test Omen", "type_line": "Creature", "controller": "me", "oracle":
    ...     "Whenever a land you control enters, you gain 4 life if this is the first time this ability "
    ...     "has resolved this turn. If it's the second time, add {R}{G}{W}{U}."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [omen]})
    >>> print(landfall_times_unknown(board, "me")[0].reason)
    permanents[0].resolved_this_turn is not given: how many times its landfall trigger resolved this turn \
(CR 608.2c) is not known, and the mana of its later resolutions is not counted
    """
    return tuple(
        TextWarning(
            permanent.id,
            "; ".join(_timed_texts(permanent)),
            f"permanents[{index}].resolved_this_turn is not given: how many times its landfall trigger "
            "resolved this turn (CR 608.2c) is not known, and the mana of its later resolutions is not "
            "counted",
            WarningKind.NOT_USED,
        )
        for index, permanent in enumerate(board.permanents)
        if permanent.controller == player
        and permanent.resolved_this_turn is None
        and counts_landfall_resolutions(permanent)
    )


def _timed_texts(permanent: Permanent) -> list[str]:
    """The sentences of a permanent's landfall trigger that add mana on one resolution this turn only."""
    parsed = read_card(permanent.oracle, permanent.name, permanent.type_line)
    return [r.text for r in parsed.not_payment if r.resolution_time is not None]


def cast_card(
    board: Board, player: str, text: str, hand: list[Card], taken: set[int], cards: CardResolver | None
) -> tuple[Card, int | None]:
    """The card a ``--cast`` names, and its place in the hand: a cost string stands for a spell of that
    cost; a name, the first copy in the hand not cast yet, else the card from card data."""
    if _COST.match(text):
        cost = ManaCost.parse(text)
        return Card(card=None, name=str(cost), type_line=TypeLine(), mana_cost=cost), None
    for index, card in enumerate(hand):
        if index not in taken and same_name(card.name, text):
            return card, index
    try:
        return find_spell(replace(board.player(player), hand=()), text, cards), None
    except InputError as error:
        record = board.player(player)
        for zone, listed in (("graveyard", record.graveyard), ("exile", record.foretold)):
            if isinstance(listed, tuple) and any(same_name(card.name, text) for card in listed):
                raise InputError(
                    f"{text!r} is in {player}'s {'graveyard' if zone == 'graveyard' else 'foretold cards'}: "
                    f"plan-turn casts the cards of the hand (pay --spell {text!r} --cast-from {zone})"
                ) from error
        raise


def same_name(name: str, asked: str) -> bool:
    """True when two card names are the same once case, accents and punctuation are folded."""
    return fold_name(name) == fold_name(asked)


def turn_spell(card: Card, x: int, used_ids: Ids, position: int = -1) -> TurnSpell:
    """A spell of the turn: its target (X chosen), mana value, whether it is an event, its permanent's id
    (``position``: its place in the hand)."""
    if card.type_line.is_a("Land"):
        raise InputError(f"{card.name} is a land: a land is played (--land), not cast")
    target = spell_target(card)
    # (a cost that taps a permanent is not planned in turn plans: a note says so)
    target = replace(target, additional_costs=taps_unplanned(target.additional_costs))
    if position >= 0:  # (a card of the hand is cast from there, CR 601.2a)
        target = replace(target, cast_from="hand")
    if target.chooses_x:  # (its X chosen as it is cast, its mana cost's or an additional cost's, CR 107.3)
        target = target.with_x(x)
    parsed = read_card(card.oracle, card.name, card.type_line)
    creature = card.type_line.is_a("Creature")
    taps = bool(parsed.mana_abilities) and (not creature or "haste" in parsed.keywords)
    # (a permanent's replacement effect on creating tokens changes later spells' Treasures: CR 614.1a)
    event = resolution(card).changes_payments or (
        card.type_line.is_permanent and (taps or bool(parsed.effects) or bool(parsed.token_replacements))
    )
    pid = used_ids.fresh(card.name) if card.type_line.is_permanent else ""
    return TurnSpell(
        card=card,
        target=target,
        mana_value=target.cost.mana_value,
        event=event,
        pid=pid,
        position=position,
        x=x,
    )


def with_card_faces(
    spells: list[TurnSpell], view: BoardView, player: str, cards: CardResolver | None
) -> list[TurnSpell]:
    """The spells, each with whether its card has an Adventure (CR 715.2: card data's faces, found through
    ``cards`` as ``pay --spell`` finds them) when a cost change of the board reads it ('Permanent spells you
    cast that have an Adventure': Beluna Grandsquall); the spells as they are otherwise."""
    reads = any(
        isinstance(s.effect, CostModifier) and s.effect.has_adventure for s in view.effects_of(CostModifier)
    )
    if not reads:
        return spells
    known: dict[str, bool | None] = {}
    found = []
    for spell in spells:
        name = spell.card.card or spell.card.name
        if name not in known:
            known[name] = card_has_adventure(view.board.player(player), name, cards)
        found.append(replace(spell, target=replace(spell.target, has_adventure=known[name])))
    return found


def hand_spells(hand: list[Card], x: int, used_ids: Ids) -> list[TurnSpell]:
    """The spells of the hand (its cards but its lands), in hand order, each with its place in the hand: a
    card is analysed once however many copies the hand holds (30,000 Sol Rings are one reading), each copy
    having its own permanent's id.

    >>> hand = [Card.from_json(name) for name in ("Sol Ring", "Forest", "Sol Ring", "Lightning Bolt")]
    >>> [(s.card.name, s.pid, s.position) for s in hand_spells(hand, 1, Ids(set()))]
    [('Sol Ring', 'new-sol-ring', 0), ('Sol Ring', 'new-sol-ring-2', 2), ('Lightning Bolt', '', 3)]
    """
    analysed: dict[Card, TurnSpell] = {}
    spells: list[TurnSpell] = []
    for position, card in enumerate(hand):
        first = analysed.get(card)
        if first is None:
            if card.type_line.is_a("Land"):
                continue
            first = analysed[card] = turn_spell(card, x, used_ids, position)
            spells.append(first)
            continue
        pid = used_ids.fresh(card.name) if first.pid else ""
        spells.append(
            TurnSpell(
                card=first.card,
                target=first.target,
                mana_value=first.mana_value,
                event=first.event,
                pid=pid,
                position=position,
            )
        )
    return spells


#: What a spell's own cost change counts among its caster's permanents (besides a ``for_each`` count): a
#: permanent spell cast before it may change it (CR 601.2f: counted as its total cost is locked in).
_COUNTS_PERMANENTS = frozenset(
    {
        AmountKind.LAND_TYPES,
        AmountKind.TOTAL_MANA_VALUE,
        AmountKind.GREATEST_POWER,
        AmountKind.DEVOTION,
        AmountKind.CREATURE_TYPES,
        AmountKind.COLORS_AMONG,
        AmountKind.TOTAL_POWER,
        AmountKind.TOTAL_TOUGHNESS,
        AmountKind.DISTINCT_NAMES,
        AmountKind.MORE_THAN_YOU,
    }
)


def counted_events(spells: list[TurnSpell]) -> list[TurnSpell]:
    """The spells with every permanent spell made an event when another's own cost change counts its caster's
    permanents ('{X} less, where X is the total power of creatures you control', affinity): cast before it,
    the permanent is counted (CR 601.2f), so its place in the order matters.

    >>> bear = Card.from_json({"name": "Test Bear", "type_line": "Creature — Bear", "mana_cost": "{1}{G}"})
    >>> big = Card.from_json({"name": "Test Big", "type_line": "Creature — Dinosaur", "mana_cost": "{9}",
    ...     "oracle": "This spell costs {X} less to cast, where X is the total power of "
    ...     "creatures you control."})
    >>> bolt = Card.from_json({"name": "Test Bolt", "type_line": "Instant", "mana_cost": "{R}"})
    >>> ids = Ids(set())
    >>> [s.event for s in counted_events([turn_spell(card, 0, ids) for card in (bear, big, bolt)])]
    [True, True, False]
    """

    def counts(spell: TurnSpell) -> bool:
        target = spell.target
        effects = read_card(target.text, target.name, target.type_line).effects if target.text else ()
        return any(
            isinstance(e, CostModifier)
            and e.own
            and (e.for_each is not None or (e.amount is not None and e.amount.kind in _COUNTS_PERMANENTS))
            for e in effects
        )

    if not any(counts(spell) for spell in distinct(spells)):
        return spells
    return [
        replace(spell, event=True) if spell.card.type_line.is_permanent and not spell.event else spell
        for spell in spells
    ]


def converted_token_events(board: Board, player: str, spells: list[TurnSpell]) -> list[TurnSpell]:
    """The spells with each one made an event whose tokens a replacement effect of ``player``'s may turn
    into Treasures (CR 614.1a: Academy Manufactor's 'If you would create a Clue, Food, or Treasure token,
    instead create one of each.' makes a Treasure of a Food): one on ``board``, or one of the turn's
    permanent spells (cast before it, its permanent's replacement applies)."""
    replacements = list(replacements_of(board, player))
    for spell in distinct(spells):
        if spell.card.type_line.is_permanent:
            replacements += read_card(
                spell.card.oracle, spell.card.name, spell.card.type_line
            ).token_replacements
    converted = {
        name for r in replacements if r.result == "each" and TREASURE in r.one_of for name in r.one_of
    }
    if not converted:
        return spells
    return [
        replace(spell, event=True)
        if not spell.event
        and any(name in converted for event in resolution(spell.card).token_events for name, _ in event)
        else spell
        for spell in spells
    ]


def without_mana_events(spells: list[TurnSpell]) -> list[TurnSpell]:
    """The spells with each one made an event whose card a later spell may pay with, without mana: a
    creature spell when a spell of the turn has convoke or the optional tap of creatures, an artifact spell
    when one has improvise (its permanent arrives untapped and may be tapped for a later spell: CR 702.51a,
    601.2b, 702.126a; a summoning-sick creature may convoke, 302.6 does not apply), an instant or sorcery
    when two spells have delve or one that is an event (once it resolves its card is in the graveyard,
    608.2n, for a later spell to exile: 702.66a). Cast before, each helps; their order then matters. (One
    delve spell cast with the plain spells is cast after them, and their instants and sorceries feed it:
    :attr:`~planner.solve.problem.SpellPayment.fed_by`.)

    >>> ids = Ids(set())
    >>> bear = Card.from_json({"name": "Test Bear", "type_line": "Creature — Bear", "mana_cost": "{1}{G}"})
    >>> hymn = Card.from_json({"name": "Test Hymn", "type_line": "Sorcery", "mana_cost": "{3}{W}",
    ...     "oracle": "Convoke"})
    >>> bolt = Card.from_json({"name": "Test Bolt", "type_line": "Instant", "mana_cost": "{R}"})
    >>> spells = [turn_spell(card, 0, ids) for card in (bear, hymn, bolt)]
    >>> [s.event for s in spells], [s.event for s in without_mana_events(spells)]
    ([False, False, False], [True, False, False])
    """
    targets = [spell.target for spell in distinct(spells)]
    wanted: list[str] = []
    if any(t.convoke or t.tap_creatures or t.waterbend for t in targets):
        wanted.append("Creature")
    if any(t.improvise or t.waterbend for t in targets):
        wanted.append("Artifact")
    spells = _made_events(spells, wanted)
    delving = [spell for spell in spells if spell.target.delve]
    if len(delving) > 1 or any(spell.event for spell in delving):
        spells = _made_events(spells, ["Instant", "Sorcery"])
    return spells


def _made_events(spells: list[TurnSpell], kinds: list[str]) -> list[TurnSpell]:
    """The spells with those of any of these card types made events."""
    if not kinds:
        return spells
    return [
        replace(spell, event=True)
        if not spell.event and any(spell.card.type_line.is_a(kind) for kind in kinds)
        else spell
        for spell in spells
    ]


def free_event(spell: TurnSpell, view: BoardView, player: str) -> bool:
    """True for an event spell that costs nothing now and only brings a permanent whose text is mana
    abilities (Lotus Petal): casting it first is never worse than casting it later (nothing it does changes
    another spell's cost, and its mana is there sooner), so the search casts such spells first, when costs
    don't depend on the spells cast before (:func:`taxed_by_count`, the caller's to check).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}]})
    >>> petal, ring = hand_spells([Card.from_json("Lotus Petal"), Card.from_json("Sol Ring")], 1, Ids(set()))
    >>> free_event(petal, BoardView(board), "me"), free_event(ring, BoardView(board), "me")
    (True, False)
    """
    return (
        spell.event
        and spell.ability is None  # (an ability's place matters: planner.turn_activated)
        and only_mana_permanent(spell.card)
        and locked_in(view, spell.target, player).cost.mana_value == 0
    )


def only_mana_permanent(card: Card) -> bool:
    """True for a card that resolves into a permanent and does nothing else, and whose text is only mana
    abilities, fully read (Lotus Petal, Sol Ring): once there it adds sources of mana and changes no cost.

    >>> only_mana_permanent(Card.from_json("Sol Ring")), only_mana_permanent(Card.from_json("Dark Ritual"))
    (True, False)
    """
    parsed = read_card(card.oracle, card.name, card.type_line)
    only_mana = parsed == ParsedText(
        mana_abilities=parsed.mana_abilities, keywords=parsed.keywords, sentences=parsed.sentences
    )
    return resolution(card) == Resolution(permanent=True) and only_mana and parsed.fully_read


def distinct(spells: list[TurnSpell]) -> list[TurnSpell]:
    """One spell of each card read (:func:`hand_spells` gives the copies of a card one ``Card`` object).

    >>> hand = [Card.from_json(name) for name in ("Sol Ring", "Sol Ring", "Lightning Bolt")]
    >>> [s.card.name for s in distinct(hand_spells(hand, 1, Ids(set())))]
    ['Sol Ring', 'Lightning Bolt']
    """
    return list({id(s.card): s for s in spells}.values())


class Ids:
    """The permanent ids taken, and fresh ones for the permanents that arrive this turn: ``new-`` and the
    card's name, numbered when taken.

    >>> ids = Ids({"new-sol-ring"})
    >>> ids.fresh("Sol Ring"), ids.fresh("Sol Ring"), ids.fresh("Forest")
    ('new-sol-ring-2', 'new-sol-ring-3', 'new-forest')
    """

    def __init__(self, taken: set[str]) -> None:
        self.taken = set(taken)
        self.next: dict[str, int] = {}  # (the next number to try for each stem: ids are never freed)

    def fresh(self, name: str) -> str:
        """A new id for a permanent called ``name``."""
        stem = "new-" + (re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "card")
        pid, number = stem, self.next.get(stem, 1)
        if number > 1:
            pid = f"{stem}-{number}"
        while pid in self.taken:
            number += 1
            pid = f"{stem}-{number}"
        self.next[stem] = number + 1
        self.taken.add(pid)
        return pid


def land_choices(
    board: Board,
    player: str,
    hand: list[Card],
    forced: str | None,
    used_ids: Ids,
    *,
    take: bool = False,
    cards: CardResolver | None = None,
    played: frozenset[int] = frozenset(),
    new_pid: Callable[[], str] | None = None,
) -> list[LandPlay | None]:
    """The land plays to try: none, and each different land in the hand (an MDFC's land face too, when
    ``cards`` knows its faces) in each way it can enter; a fetchland also cracked at once for each land its
    search may find (:func:`findable_lands`); a bounce land only when the player controls another land
    (it would return itself). Only ``forced`` when given: a land in the hand, with a land play left. With
    ``take`` the land drop is always taken when one can be (contract section 11): no play is tried only
    when no land can be played. The cards at the places ``played`` of the hand were played already (an
    earlier land play of the turn); ``new_pid`` gives the land's permanent id (else a fresh one)."""
    me = board.player(player)
    allowed, _ = land_plays_allowed(BoardView(board), player)
    left = allowed - me.lands_played_this_turn
    in_hand = [(position, card) for position, card in hand_lands(hand, cards) if position not in played]
    # (the graveyard's lands a permission lets be played, CR 305.1: place -1, as no card of the hand)
    in_hand += [(GRAVEYARD, card) for card in graveyard_lands(board, player)]
    if forced is not None:
        if left <= 0:
            banned = land_play_ban(BoardView(board), player)
            raise InputError(
                f"--land {forced}: {player} has no land play left this turn "
                f"({me.lands_played_this_turn} of {allowed} made)" + (f": {banned}" if banned else "")
            )
        chosen = [(position, card) for position, card in in_hand if same_name(card.name, forced)]
        if not chosen:
            names = ", ".join(sorted({c.name for _, c in in_hand})) or "none"
            raise InputError(
                f"--land {forced}: no such land in {player}'s hand, nor one its graveyard may be played "
                f"from (its lands: {names})"
            )
        in_hand = chosen[:1]
        zone = "graveyard" if in_hand[0][0] == GRAVEYARD else "hand"
        why = forbidden_land(BoardView(board), in_hand[0][1], player, zone)
        if why is not None:
            raise InputError(f"--land {forced}: {why}")
    choices: list[LandPlay | None] = [] if forced is not None else [None]
    if left <= 0:
        return choices
    view = BoardView(board)
    pid = new_pid() if new_pid is not None else used_ids.fresh("land")
    controls_a_land = any(view.type_line(p.id).is_a("Land") for p in board.controlled_by(player))
    seen: set[tuple[object, ...]] = set()
    for position, card in in_hand:
        buried = position == GRAVEYARD
        if forbidden_land(view, card, player, "graveyard" if buried else "hand") is not None:
            continue  # (a prohibition on playing it, CR 101.2: Cornered Market's, Tomik's)
        # (an MDFC's land face: its place in the hand)
        face = -1 if buried or hand[position] is card else position
        entering = read_card(card.oracle, card.name, card.type_line).entering
        returns = entering is not None and entering.returns_land
        if returns and not controls_a_land:
            continue  # (it would return itself: no player makes that play)
        # (the card played, from where: the same for each way it enters and each land it finds)
        play_of = partial(
            LandPlay,
            card=card,
            pid=pid,
            position=face,
            from_hand=-1 if buried else position,
            from_graveyard=buried,
        )
        plays = [play_of(entry=entry, returns_land=returns) for entry in land_entries(view, card, player)]
        search = parse_land_search(card.oracle, card.name)
        if search is not None:
            for found in findable_lands(board, player, search):
                entries = fetched_entries(view, found, player, search, card)
                plays += [play_of(entry=e, fetched=found) for e in entries]
        for play in plays:
            fetched = play.fetched.name if play.fetched else None
            key = (card.name, play.entry, fetched, play.position >= 0, buried)
            if key not in seen:
                seen.add(key)
                choices.append(play)
    # (an MDFC alone may be cast rather than played: CR 712.4 lets either be; a land of the graveyard that
    # uses up a permission its spells could use, Serra Paragon's, may be left for a spell: contract section 11
    # takes the hand's lands)
    forcing = [
        c
        for c in choices
        if c is not None
        and c.position < 0
        and not (c.from_graveyard and graveyard_land_played(board, player, c.card) is not board)
    ]
    if take and choices and choices[0] is None and forcing:
        return choices[1:]
    return choices


def hand_lands(hand: list[Card], cards: CardResolver | None) -> list[tuple[int, Card]]:
    """The lands the hand may play, with their places in it: its land cards, and the land faces of its
    modal double-faced cards (CR 712.4: either face may be played; ``cards`` knows the faces).

    >>> hand_lands([Card.from_json("Forest"), Card.from_json("Lightning Bolt")], None)[0][1].name
    'Forest'
    """
    found: list[tuple[int, Card]] = []
    for position, card in enumerate(hand):
        if card.type_line.is_a("Land"):
            found.append((position, card))
        for face in _other_land_faces(card, cards):
            found.append((position, face_card(face)))
    return found


def _other_land_faces(card: Card, cards: CardResolver | None) -> list[CardFace]:
    """The land faces of a modal double-faced card other than the face ``card`` is."""
    if cards is None:
        return []
    resolved = cards.resolve(card.card or card.name)
    if resolved is None or len(resolved.faces) < 2:
        return []
    return [
        face
        for face in resolved.faces
        if face.layout == "modal_dfc" and face.is_land and not same_name(face.name, card.name)
    ]


def face_card(face: CardFace) -> Card:
    """One face of a card as a card of the hand (its own name and characteristics)."""
    return Card(
        card=face.name,
        name=face.name,
        type_line=TypeLine.parse(face.type_line),
        oracle=face.oracle,
        mana_cost=ManaCost.parse(face.mana_cost) if face.mana_cost.strip() else None,
    )


#: The basic land of each basic land type (CR 205.3i).
BASICS = {
    "Plains": "Plains",
    "Island": "Island",
    "Swamp": "Swamp",
    "Mountain": "Mountain",
    "Forest": "Forest",
}


def findable_lands(board: Board, player: str, search: LandSearch) -> list[Card]:
    """The lands a fetchland's search may find (CR 701.23), one of each name: from the library when the
    board lists it, else a basic land of each basic land type it names (any type for "a basic land card").

    >>> from models.oracle import LandSearch
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}]})
    >>> [c.name for c in findable_lands(board, "me", LandSearch(types=("Island", "Mountain")))]
    ['Island', 'Mountain']
    >>> listed = Board.from_dict({"version": 1, "players": [{"id": "me",
    ...     "library": ["Steam Vents", "Forest", "Lightning Bolt", "Island"]}]})
    >>> [c.name for c in findable_lands(listed, "me", LandSearch(types=("Island", "Mountain")))]
    ['Steam Vents', 'Island']
    >>> [c.name for c in findable_lands(listed, "me", LandSearch(basic=True))]
    ['Forest', 'Island']
    """
    library = board.player(player).library_cards
    if library is None:
        types = search.types or tuple(BASICS)
        library = tuple(Card.from_json(BASICS[t]) for t in types if t in BASICS)
    found: dict[str, Card] = {}
    for card in library:
        line = card.type_line
        if not line.is_a("Land"):
            continue
        if search.basic and "Basic" not in line.supertypes:
            continue
        if search.types and not set(search.types) & set(line.subtypes):
            continue
        found.setdefault(card.name, card)
    return list(found.values())


def fetched_entries(
    view: BoardView, found: Card, player: str, search: LandSearch, fetchland: Card
) -> list[LandEntry]:
    """The ways a land found by the ``fetchland`` enters (tapped when the search says so; otherwise its own
    text decides, a shockland's 2 life included), each with the fetchland's life added; none when its
    controller can't pay that life or sacrifice the fetchland (Yasharn's prohibition, CR 118.3: the search
    can't be activated; the fetchland judged as the permanent it would be, 613: a land is no nonland
    permanent, a land creature is a creature)."""
    if search.life and life_banned(view, player, PaymentKind.ABILITY):
        return []
    if next(view.effects_of(CostPaymentBan), None) is not None:
        played = view.board.with_permanent(arriving(fetchland, "cracked fetchland", player))
        if sacrifice_forbidden_by(BoardView(played), player, "cracked fetchland", PaymentKind.ABILITY):
            return []
    if search.tapped and not untapped_by_others(
        view.board, arriving(found, "found land", player), played=False
    ):
        return [LandEntry(tapped=True, life=search.life)]  # (else Archelos untapped: applied last, CR 616.1)
    # (put onto the battlefield, not played: 'Creatures played by your opponents ...' does not apply)
    entries = land_entries(view, found, player, played=False)
    return [replace(e, life=e.life + search.life) for e in entries]


def exile_choices(abilities: tuple[HandAbility, ...], taken: set[int]) -> Iterator[tuple[HandAbility, ...]]:
    """Which cards of the hand to exile for their mana (Spirit Guides), copies of a card being one choice:
    every number of copies of each card, none first, made one at a time (30,000 Guides are 30,001 choices,
    never a list of them); cards in ``taken`` (cast by ``--cast``) are not.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "hand": [
    ...     "Simian Spirit Guide", "Simian Spirit Guide", "Elvish Spirit Guide"]}]})
    >>> found = list(exile_choices(hand_abilities(board, "me"), set()))
    >>> len(found), [a.card.name for a in found[-1]]
    (6, ['Simian Spirit Guide', 'Simian Spirit Guide', 'Elvish Spirit Guide'])
    """
    kinds: dict[tuple[str, str], list[HandAbility]] = {}
    seen: set[int] = set()
    for ability in abilities:
        if ability.position not in taken and ability.position not in seen:
            # (a card with two abilities in its hand would need each split: the first one is used)
            seen.add(ability.position)
            kinds.setdefault((ability.card.name, ability.card.oracle), []).append(ability)
    copies = list(kinds.values())
    for counts in product(*(range(len(kind) + 1) for kind in copies)):
        yield tuple(ability for kind, count in zip(copies, counts, strict=True) for ability in kind[:count])


def unread_mana_notes(card: Card) -> list[str]:
    """A note for each sentence of ``card``'s effect or enters trigger whose mana a turn's plan does not
    count (:func:`~planner.rules.turn.resolution`'s ``unread``)."""
    return [
        f"{card.name}: the mana of {sentence!r} is not counted in turn plans"
        for sentence in resolution(card).unread
    ]


def turn_notes(
    spells: list[TurnSpell],
    lands: Sequence[LandPlay | None],
    board: Board,
    player: str,
    *,
    landfall: bool = False,
) -> list[str]:
    """What the plan does not count, a sentence each (nothing the user gave is silently ignored): a plan with
    any of these is not called optimal (contract section 11)."""
    notes = {note for spell in distinct(spells) for note in unread_mana_notes(spell.card)}
    usable: dict[int, int] = {}
    for ability in hand_abilities(board, player):
        usable[ability.position] = usable.get(ability.position, 0) + 1
    for position, card in enumerate(board.player(player).hand):
        if usable.get(position, 0) > 1:
            notes.add(f"{card.name}: only its first mana ability in the hand is used by turn plans")
        parsed = read_card(card.oracle, card.name, card.type_line)
        if any(
            not usable_from_hand(ability)
            and any(part.kind is CostPartKind.EXILE_SELF_FROM_HAND for part in ability.cost.parts)
            for ability in parsed.mana_abilities
        ):
            notes.add(f"{card.name}: a mana ability in the hand with other costs is not used by turn plans")
        if not card.type_line.is_a("Land"):
            continue
        entering = parsed.entering
        if landfall and entering is not None and entering.returns_land:
            notes.add(
                f"{card.name}: a bounce land is played after the turn's spells: its landfall is not counted"
            )
        searches = "search your library" in card.oracle.lower()
        if searches and parse_land_search(card.oracle, card.name) is None:
            notes.add(f"{card.name}: its search is not read: it may be played, but turn plans don't crack it")
    for choice in lands:
        if choice is not None and choice.entry.note:
            notes.add(f"{choice.arriving_card.name}: {choice.entry.note}")
    return sorted(notes)


def taxed_by_count(view: BoardView, player: str, spells: list[TurnSpell]) -> bool:
    """True when a spell's cost depends on the spells cast before it this turn (Damping Sphere's count,
    Demilich's instants and sorceries): then the order of every spell matters. Each spell is tried as the one
    cast before (with the spells cast given as a count alone, any one of them).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": []})
    >>> lich = Card.from_json({"name": "Test Lich", "type_line": "Creature", "mana_cost": "{U}{U}",
    ...     "oracle": "This spell costs {U} less to cast for each instant you've cast this turn."})
    >>> ids = Ids(set())
    >>> spells = [turn_spell(lich, 0, ids), turn_spell(Card.from_json("Sol Ring"), 0, ids)]
    >>> taxed_by_count(BoardView(board), player="me", spells=spells)
    False
    >>> bolt = turn_spell(Card.from_json("Lightning Bolt"), 0, ids)
    >>> taxed_by_count(BoardView(board), "me", [*spells, bolt])
    True
    """
    board = view.board
    caster = board.player(player)
    if any(
        cost.if_cast is not None
        for spell in distinct(spells)
        if spell.target.text
        for cost in own_alternative_costs(spell.target.text, spell.target.name)
    ):
        return True  # ('If you've cast another white spell this turn, you may cast ~ without paying ...')
    once = {id(s.target): s.target for s in spells}.values()  # (copies of a card share their target)
    before: dict[tuple[str, str, str], Card] = {}
    for spell in spells:
        card = spell.card
        before.setdefault((card.name, str(card.type_line), card.oracle), card)
    if caster.spells_cast is None:  # (a count alone: one more is all it can say)
        before = dict(list(before.items())[:1])
    for card in before.values():
        later = BoardView(board.with_player(caster.having_cast(card)))
        if any(locked_in(view, t, player).cost != locked_in(later, t, player).cost for t in once):
            return True
    return False


def landfall_possible(board: Board, spells: list[TurnSpell]) -> bool:
    """True when a land entering adds mana (Lotus Cobra on the board or among the spells): the land's place
    among the events then matters."""
    return any(landfall_mana(p) or counts_landfall_resolutions(p) for p in board.permanents) or any(
        resolution(s.card).landfall or resolution(s.card).landfall_timed for s in distinct(spells)
    )


def landfall_twice_warnings(board: Board, player: str) -> tuple[TextWarning, ...]:
    """A warning for each sentence of ``player``'s permanents that makes a land entering trigger an ability
    an additional time (CR 603.2d) and that the grammar does not read (Ancient Greenwarden's is read and
    planned: :mod:`planner.turn_events`): a turn's plan counts each landfall trigger's mana once for it, so
    its answer may be short of that mana, which is said, never silent.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [{"id": "w",
    ...     "name": "Test Warden", "type_line": "Creature", "controller": "me", "oracle": "If a land "
    ...     "entering the battlefield causes a triggered ability of a permanent an opponent controls to "
    ...     "trigger, that ability triggers an additional time."}]})
    >>> [w.permanent for w in landfall_twice_warnings(board, "me")]
    ['w']
    """
    reason = "a landfall trigger's additional time is not planned: its mana is counted once (CR 603.2d)"
    return tuple(
        TextWarning(permanent.id, unit, reason, WarningKind.NOT_USED)
        for permanent in board.controlled_by(player)
        if "entering" in permanent.oracle
        for unit in reading_units(permanent.oracle, permanent.name)
        if triggers_again_on_entering(unit) and entering_again_of(unit) is None  # (read: planned)
    )


_TARGET = re.compile(
    r"\b(up to (?:one|two|three|\w+) |any number of )?target ((?:[\w'-]+ ){0,3}?)"
    r"(spell|ability|creature|artifact|enchantment|land|planeswalker|permanent)s?\b"
    r"(?: or (creature|artifact|enchantment|land|planeswalker|permanent)\b)?"
    r"( you control\b| you don't control\b| an opponent controls\b| your opponents control\b)?",
    re.I,
)


def why_not_castable_now(card: Card, board: Board, player: str) -> str | None:
    """Why ``card`` can't be cast in its controller's main phase with an empty stack, or None: a spell that
    targets needs a legal target as it is cast (CR 601.2c, 115.1): a spell or an ability only while one is
    on the stack, a creature (artifact, land...) only when the battlefield has one. Read from an instant's or
    a sorcery's own sentences (not those of its activated or triggered abilities); a modal spell, a permanent
    spell and "up to one target" are not held back.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "i", "card": "Island", "controller": "me"}]})
    >>> why_not_castable_now(Card.from_json("Counterspell"), board, "me")
    'Counterspell targets a spell: none is on the stack in the main phase (CR 601.2c)'
    >>> why_not_castable_now(Card.from_json("Lightning Bolt"), board, "me") is None
    True
    >>> bounce = Card.from_json({"name": "Bounce", "type_line": "Instant", "mana_cost": "{U}",
    ...     "oracle": "Return target nonland permanent you don't control to its owner's hand."})
    >>> why_not_castable_now(bounce, board, "me")
    "Bounce needs a target nonland permanent you don't control: the battlefield has none (CR 601.2c)"
    """
    if not card.type_line.is_a("Instant") and not card.type_line.is_a("Sorcery"):
        return None
    text = card.oracle
    if re.search(r"\bchoose (?:one|two|one or more|one or both)\b", text, re.I):
        return None
    view = BoardView(board)
    for line in text.splitlines():
        if re.match(r"^\s*(?:When|Whenever|At)\b", line):
            continue
        for match in _TARGET.finditer(line):
            if match.group(1) or ":" in line[: match.start()]:
                continue
            nouns = [noun.lower() for noun in (match.group(3), match.group(4)) if noun]
            if nouns[0] in ("spell", "ability"):
                return f"{card.name} targets a {nouns[0]}: none is on the stack in the main phase (CR 601.2c)"
            whose = (match.group(5) or "").strip()
            # ("nonland permanent": a type the target is not; other words, "tapped", "black", are not judged)
            words = match.group(2).split()
            excluded = [word[3:].strip("-").capitalize() for word in words if word.startswith("non")]
            if not any(
                (noun == "permanent" or view.type_line(p.id).is_a(noun.capitalize()))
                and not any(view.type_line(p.id).is_a(kind) for kind in excluded)
                and (not whose or (p.controller == player) == (whose == "you control"))
                for p in board.permanents
                for noun in nouns
            ):
                wanted = match.group(2) + " or ".join(nouns) + (f" {whose}" if whose else "")
                return f"{card.name} needs a target {wanted}: the battlefield has none (CR 601.2c)"
    return None


def colors_made(board: Board, player: str) -> int:
    """How many colors the player's permanents could produce (CR 106.7)."""
    sets = could_produce_of(board)
    made = ManaTypes.of(())
    for permanent in board.controlled_by(player):
        made = made | sets.get(permanent.id, ManaTypes.of(()))
    return len(made.colors)


def returned_land(board: Board, player: str, played: str, held: frozenset[str] = frozenset()) -> str:
    """The land a bounce land (``played``, on ``board``) returns to its owner's hand as it enters: one the
    plan does not hold open (``held``), the one whose leaving keeps the most colors, a tapped one first
    (its mana was made before: CR 500.4 keeps it in the pool), then by id; the bounce land itself only when
    no other land may go.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "m", "card": "Mountain", "controller": "me", "tapped": True},
    ...     {"id": "f", "card": "Forest", "controller": "me"},
    ...     {"id": "k", "card": "Gruul Turf", "controller": "me", "tapped": True}]})
    >>> returned_land(board, "me", "k"), returned_land(board, "me", "k", frozenset({"m", "f"}))
    ('m', 'k')
    """
    view = BoardView(board)
    lands = [
        p
        for p in board.controlled_by(player)
        if p.id != played and p.id not in held and view.type_line(p.id).is_a("Land")
    ]
    if not lands:
        return played
    ranked = [(-colors_made(board.without_permanent(p.id), player), not p.tapped, p.id) for p in lands]
    return min(ranked)[2]
