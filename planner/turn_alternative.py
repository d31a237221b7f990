"""A turn plan casts spells for their alternative costs (CR 118.9, contract sections 11 and 12): a spell's own
("If you control a Mountain, you may sacrifice two Mountains rather than pay this spell's mana cost",
Fireblast; Snuff Out's 4 life) and those a permanent grants (Omniscience's "without paying their mana costs",
Fist of Suns' {W}{U}{B}{R}{G}, Nissa's eight {E}).

How the turn's search stays exact with them:

- each spell of a sequence is cast for its mana cost or for one of the alternative costs usable on the board
  it is cast on (:func:`way_sequences`), each choice a sequence the search solves and weighs under the turn's
  objective (:mod:`planner.turn`), so the spell is cast at most once, whichever way; copies of a plain spell
  are interchangeable (only how many take each way counts);
- the way's mana is what the turn's model pays (:func:`~planner.rules.alternative_costs.cast_for`: its
  increases and reductions still apply, CR 601.2f; X is 0, CR 107.3b, unless the way's mana has X: then the
  turn's X, :func:`spell_for_way`; the mana value is the card's, with that X where its mana cost has X), its
  sacrifices are planned as additional costs' are (:mod:`planner.turn_additional`: gone for the later spells,
  tapped for their mana first when that can be), its life and energy are paid from the totals the later
  spells see (:func:`~planner.rules.alternative_costs.paid_board`); a spell with such a way is an *event*
  of the search (:func:`alternative_events`). The model's life (and energy) are counted on the turn's last
  board, so every life payment of the turn, mana's and the ways', fits the life total in any order
  (CR 119.4);
- a choice is kept only when every way is usable on the board its spell is cast on (:func:`ways_hold`: the
  condition "If you control a Mountain" after the sacrifices before it, the life left), and the way's
  life, energy and sacrifices count in the turn's objective as they do in ``pay``'s (:func:`way_levels`);
- the cards a way exiles from the hand (Force of Will's blue card) are cards the turn does not use: not cast,
  played or exiled for mana before or after, nor discarded (:func:`way_sequences`: each choice of cards the
  way may exile, a plain spell among them left out); they count as cards used up, as a card discarded does;
- a way that pays only mana (Omniscience's nothing, Fist of Suns' {W}{U}{B}{R}{G}) is not a choice of the
  search but of each sequence's model, beside the mana cost (:func:`model_ways`, :func:`with_model_ways`):
  a sequence is solved once, not once per choice of each spell's way;
- the energy the turn gives (an enters or landfall trigger's "you get {E}{E}") is counted on the boards after
  it when a way pays energy and no mana ability does (:func:`energy_counted`, :func:`energy_events`);
- a way a keyword gives (evoke, dash, blitz, warp, impending, prototype, morph) is planned for a plain spell
  with no mana ability, as a way paying only mana (:data:`PLAIN_KEYWORDS`: the turn does not follow what
  resolves); mutate's and overload's ways, a keyword's for an event spell (what resolves
  then is not what the turn follows), are not planned: the spell pays its mana cost, and a note says so
  (:func:`alternative_cost_notes`: the plan is then not called optimal).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from dataclasses import replace

from models.additional_costs import SacrificeCost
from models.alternative_costs import AlternativeCost
from models.board import Board, Card, Permanent
from models.oracle import read_card
from models.oracle.alternative_costs import granted_alternative_cost
from models.oracle.parsed import GRANTED_ALTERNATIVE_COST
from models.spells import spell_target
from planner.alternative import split_sacrificed
from planner.rules.additional_costs import planned_costs, sacrifice_candidates
from planner.rules.alternative_costs import (
    AlternativeCostPaid,
    Way,
    cast_for,
    check_alternative,
    exile_choices,
    granted_ways,
    own_alternative_costs,
    usable_ways,
)
from planner.rules.costs import energy_paid
from planner.rules.replay import IllegalPlanError, view_of
from planner.rules.turn import land_plays_allowed, resolution
from planner.solve.objective import permanent_facts, sacrificed_by_design
from planner.solve.problem import BoardAnalysis
from planner.solve.solution import Solution
from planner.turn_choices import TurnSpell, distinct, landfall_energy
from planner.turn_model import Stage, Timeline, TurnSequence, timeline_of

__all__ = [
    "PLAIN_KEYWORDS",
    "alternative_cost_notes",
    "alternative_events",
    "energy_counted",
    "energy_events",
    "landfall_energy_possible",
    "may_have_ways",
    "model_ways",
    "overloaded",
    "paid_way",
    "plannable",
    "returned_land_notes",
    "spell_for_way",
    "way_levels",
    "way_sequences",
    "ways_hold",
    "with_model_ways",
]

#: Words of a permanent's text that may grant an alternative cost (a quick test before any reading).
_GRANTS = ("rather than pay", "without paying")


def _has_parts(cost: AlternativeCost) -> bool:
    """True when the cost pays more than mana: life, energy, permanents or cards (the later spells see it)."""
    return bool(cost.life or cost.energy or cost.sacrifice or cost.exile)


#: The keywords whose ways a plain spell (one the turn does not follow past its payment: no mana, no
#: Treasure, no energy, no cost change; :mod:`planner.turn`) is cast for as for any way paying only mana:
#: what they change comes after the spell resolves (evoke's sacrifice, warp's and dash's return, blitz's
#: sacrifice, impending's time counters, cleave's words removed, CR 702.148a) or is the spell's cast itself (a
#: prototype's cost, colors and mana value, a face-down spell's {3} and mana value 0:
#: :func:`~planner.rules.alternative_costs.cast_for`).
#: Overload (no target) and mutate (a target) change what the spell targets: not planned.
PLAIN_KEYWORDS = frozenset(
    ("evoke", "dash", "blitz", "warp", "impending", "cleave", "prototype", "morph", "megamorph", "disguise")
)


def plannable(way: Way, spell: TurnSpell) -> bool:
    """True when the turn's search plans casting ``spell`` for ``way`` (its X, when its mana has X, the
    turn's): it is not a cost for a spell from the hand cast from elsewhere, a way that pays more than mana
    (life, energy, permanents, cards) is for an event spell (:func:`alternative_events`), and a way a
    keyword gives is one of
    :data:`PLAIN_KEYWORDS` paying only mana, for a plain spell whose card has no mana ability (a dashed or
    blitzed one would have haste): what resolves otherwise is not the spell the turn follows.

    >>> from models.alternative_costs import HandExile
    >>> from planner.turn_choices import Ids, hand_spells
    >>> bolt = hand_spells([Card.from_json("Lightning Bolt")], 0, Ids(set()))[0]
    >>> free, life = AlternativeCost(""), AlternativeCost("", life=2)
    >>> plannable(Way("omni", free), bolt), plannable(Way("Bolt", life), bolt)
    (True, False)
    >>> plannable(Way("Bolt", AlternativeCost("", exile=HandExile(1, "U"))), replace(bolt, event=True))
    True
    >>> plannable(Way("Bolt", AlternativeCost("{X}")), replace(bolt, event=True))
    True
    >>> dash = Way("Bolt", AlternativeCost("{1}{R}", keyword="dash"))
    >>> plannable(dash, replace(bolt, event=True)), plannable(dash, bolt)
    (False, True)
    >>> plannable(Way("Bolt", AlternativeCost("{1}{R}", keyword="mutate")), bolt)
    False
    """
    cost = way.cost
    if cost.keyword and not _plain_keyword(way, spell):
        return False  # (a keyword's changes what resolves: not followed for an event, mutate, overload)
    if cost.spells is not None and cost.spells.from_hand and spell.position < 0:
        return False
    return spell.event or not _has_parts(cost)


def _plain_keyword(way: Way, spell: TurnSpell) -> bool:
    """True for a way of :data:`PLAIN_KEYWORDS` paying only mana, for a plain spell whose card has no mana
    ability and whose resolution the turn does not follow (nothing it brings: :func:`resolution`)."""
    if way.cost.keyword not in PLAIN_KEYWORDS or spell.event or _has_parts(way.cost):
        return False
    card = spell.card
    effect = resolution(card)
    if effect.changes_payments or effect.energy or effect.landfall_energy:
        return False
    return not read_card(card.oracle, card.name, card.type_line).mana_abilities


def alternative_events(board: Board, player: str, spells: list[TurnSpell]) -> list[TurnSpell]:
    """The spells with each one made an event that may be cast for an alternative cost paying more than
    mana (its own, or one the board's permanents or the turn's permanent spells grant): what it pays changes
    what later spells can use."""
    granted = [way.cost for way in granted_ways(board, player) if _has_parts(way.cost)]
    for spell in distinct(spells):  # (a permanent cast this turn grants its ways to the later spells)
        if spell.card.type_line.is_permanent:
            granted += [cost for cost in _granted_costs(spell.card) if _has_parts(cost)]

    def event(spell: TurnSpell) -> bool:
        if spell.card.type_line.is_permanent and _granted_costs(spell.card):
            return True  # (cast before them, its permanent lets the later spells take its way)
        target = spell.target
        own = own_alternative_costs(target.text, target.name) if target.name else ()
        return any(
            _has_parts(cost) and (cost.spells is None or cost.spells.matches(target.type_line))
            for cost in (*own, *granted)
        )

    return [replace(spell, event=True) if not spell.event and event(spell) else spell for spell in spells]


def _granted_costs(card: Card) -> list[AlternativeCost]:
    """The alternative costs the card's permanent grants (Omniscience, Fist of Suns), as
    :func:`~planner.rules.alternative_costs.granted_ways` reads them on the battlefield.

    >>> [c.describe() for c in _granted_costs(Card.from_json({"name": "Omniscience",
    ...     "type_line": "Enchantment", "mana_cost": "{7}{U}{U}{U}",
    ...     "oracle": "You may cast spells from your hand without paying their mana costs."}))]
    ['without paying its mana cost']
    """
    if not any(words in card.oracle for words in _GRANTS):
        return []
    parsed = read_card(card.oracle, card.name, card.type_line)
    return [
        cost
        for sentence in parsed.sentences
        if sentence.note == GRANTED_ALTERNATIVE_COST
        and (cost := granted_alternative_cost(sentence.text)) is not None
    ]


def spell_for_way(spell: TurnSpell, way: Way | None) -> TurnSpell:
    """The spell cast for ``way`` (None: its mana cost): what is paid and its mana value, X being 0 unless
    the way's mana has X (CR 107.3b): then X is the turn's (``spell.x``), and the mana value the card's with
    that X where its mana cost has X (CR 202.3e: the mana cost's X, as chosen on the stack).

    >>> from planner.turn_choices import Ids, hand_spells
    >>> card = Card.from_json({"name": "Growth", "type_line": "Creature", "mana_cost": "{X}{G}{G}",
    ...     "oracle": "Warp {X}{G}"})
    >>> growth = hand_spells([card], 3, Ids(set()))[0]
    >>> warped = spell_for_way(growth, Way("Growth", AlternativeCost("{X}{G}", keyword="warp")))
    >>> str(warped.target.cost), warped.mana_value, str(warped.as_printed.cost)
    ('{3}{G}', 5, '{X}{G}{G}')
    >>> free = spell_for_way(growth, Way("omni", AlternativeCost("")))
    >>> str(free.target.cost), free.mana_value
    ('{0}', 2)
    """
    if way is None:
        return spell
    printed = spell.target
    if printed.chosen_x is not None:  # (X is 0: the card's cost, X not chosen, CR 107.3)
        printed = replace(spell_target(spell.card), cast_from=spell.target.cast_from)
    cast = cast_for(printed, way)
    if cast.cost.has_variable:  # (the way's X is chosen: the turn's; the mana value counts the card's X)
        mana_value = printed.with_x(spell.x).mana_value if printed.cost.has_variable else printed.mana_value
        cast = replace(cast.with_x(spell.x), stack_mana_value=mana_value)
    return replace(spell, target=cast, mana_value=cast.mana_value, way=way, printed=printed)


def may_have_ways(board: Board, spells: Sequence[TurnSpell]) -> bool:
    """False when none of ``spells`` can be cast for an alternative cost on ``board`` or after the turn's
    spells (the common case, said at once: the turn's search then tries none).

    >>> from models.board import Card
    >>> from planner.turn_choices import Ids, hand_spells
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}]})
    >>> may_have_ways(board, hand_spells([Card.from_json("Lightning Bolt")], 0, Ids(set())))
    False
    """
    for spell in spells:
        if spell.target.name and own_alternative_costs(spell.target.text, spell.target.name):
            return True
        if any(words in spell.card.oracle for words in _GRANTS):
            return True  # (a permanent cast this turn may grant one to the later spells)
    return any(words in p.oracle for p in board.permanents for words in _GRANTS)


def way_sequences(
    board: Board, player: str, sequence: TurnSequence, *, every_way: bool = False
) -> Iterator[TurnSequence]:
    """Every choice of the way each spell of ``sequence`` is cast for among its mana cost and the
    alternative costs paying more than mana (life, energy, permanents, cards) usable on the board it is cast
    on and planned (:func:`plannable`); for copies of a plain spell, how many take each way. The ways paying
    only mana are not choices here: the turn's model chooses among them and the mana cost
    (:func:`model_ways`; with ``every_way``, they are choices here too: one model per choice, the search
    tests compare with). The choices with the most alternative costs first, the sequence itself last
    (every spell for its mana cost or the model's choice; among equal plans the turn's objective takes the
    fewest alternative costs, as ``pay`` takes the mana cost); the caller tries the others only when
    :func:`may_have_ways`.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "hand": ["Lightning Bolt"] * 2}],
    ...     "permanents": [{"id": "m", "card": "Mountain", "controller": "me"}]})
    >>> from planner.turn_choices import Ids, hand_spells
    >>> from planner.turn_model import TurnItem
    >>> bolt = {"name": "Test Bolt", "type_line": "Instant", "mana_cost": "{R}", "oracle": "If you "
    ...     "control a Mountain, you may pay 1 life rather than pay this spell's mana cost.\\nDraw a card."}
    >>> bolts = hand_spells([Card.from_json(bolt)] * 2, 0, Ids(set()))
    >>> bolts = [replace(spell, event=True) for spell in bolts]
    >>> found = way_sequences(board, "me", TurnSequence(items=tuple(TurnItem(spell=s) for s in bolts),
    ...     optional=True))
    >>> [[str(s.target.cost) for s in chosen.spells] for chosen in found]
    [['{0}', '{0}'], ['{0}', '{R}'], ['{R}', '{0}'], ['{R}', '{R}']]
    """
    timeline = timeline_of(board, player, sequence)
    groups: dict[tuple[object, ...], list[int]] = {}
    options: list[list[_Option]] = []
    places = [n for n, item in enumerate(sequence.items) if item.spell is not None]
    for stage in timeline.stages:
        spell = stage.item.spell
        if spell is None:
            continue
        ways = [
            way
            for way in usable_ways(stage.board, player, spell.target)
            if plannable(way, spell) and (every_way or _has_parts(way.cost)) and spell.way is None
        ]  # (a spell cast from the graveyard or exile comes with its way: turn_other_zones)
        number = len(options)
        options.append(
            [
                (None, ()),
                *(
                    (way, names)
                    for way in ways
                    for names in exile_choices(stage.board, player, spell.target, way)
                ),
            ]
        )
        key: tuple[object, ...] = ("event", number) if spell.event else (id(spell.card), tuple(ways))
        groups.setdefault(key, []).append(number)
    choices = [
        list(itertools.combinations_with_replacement(range(len(options[numbers[0]])), len(numbers)))[::-1]
        for numbers in groups.values()
    ]
    hand = board.player(player).hand
    for picked in itertools.product(*choices):
        if not any(any(choice) for choice in picked):
            continue  # (every spell for its mana cost: the sequence itself, given last)
        chosen: dict[int, _Option] = {}
        for numbers, choice in zip(groups.values(), picked, strict=True):
            for number, option in zip(numbers, choice, strict=True):
                chosen[number] = options[number][option]
        found = _with_ways(sequence, hand, places, chosen)
        if found is not None:
            yield found
    yield sequence


def model_ways(board: Board, player: str, timeline: Timeline) -> tuple[tuple[TurnSpell, ...], ...]:
    """For each spell of the timeline cast for its mana cost, the spell cast for each alternative cost
    usable on the board it is cast on, planned (:func:`plannable`) and paying only mana (Omniscience's
    nothing, Fist of Suns' {W}{U}{B}{R}{G}): entries of the turn's model beside it, which chooses one
    (:func:`~planner.turn_model.sequence_problem`), so that a sequence is solved once however many spells
    have such ways (not once per choice of each). Ways alike (two Omniscience) are one entry.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "hand": ["Lightning Bolt"] * 2}],
    ...     "permanents": [{"id": "omni", "name": "Omniscience", "type_line": "Enchantment",
    ...     "controller": "me",
    ...     "oracle": "You may cast spells from your hand without paying their mana costs."}]})
    >>> from planner.turn_choices import Ids, hand_spells
    >>> from planner.turn_model import TurnItem
    >>> bolts = hand_spells([Card.from_json("Lightning Bolt")] * 2, 0, Ids(set()))
    >>> sequence = TurnSequence(items=tuple(TurnItem(spell=s) for s in bolts), optional=True)
    >>> [[str(s.target.cost) for s in ways] for ways in model_ways(board, "me", timeline_of(board, "me",
    ...     sequence))]
    [['{0}'], ['{0}']]
    """
    found: list[tuple[TurnSpell, ...]] = []
    for stage in timeline.stages:
        spell = stage.item.spell
        if spell is None:
            continue
        variants: dict[tuple[str, str], TurnSpell] = {}
        if spell.way is None:
            for way in usable_ways(stage.board, player, spell.target):
                if plannable(way, spell) and not _has_parts(way.cost):
                    variants.setdefault((way.cost.mana, way.cost.describe()), spell_for_way(spell, way))
        found.append(tuple(variants.values()))
    return tuple(found)


def with_model_ways(
    sequence: TurnSequence, ways: Sequence[Sequence[TurnSpell]], solution: Solution
) -> tuple[TurnSequence, Solution]:
    """The sequence with each spell cast for the way its model chose among ``ways`` (:func:`model_ways`,
    given to :func:`~planner.turn_model.sequence_problem`), and the solution with the casts numbered as
    the spells of that sequence (the model's entries are each spell's ways side by side)."""
    turn = solution.turn
    if not any(ways) or turn is None:
        return sequence, solution
    owners: list[tuple[int, TurnSpell | None]] = []  # (each entry: its spell's number, the way's spell)
    for number, variants in enumerate(ways):
        owners += [(number, None), *((number, variant) for variant in variants)]
    chosen = {owners[entry][0]: owners[entry][1] for entry in turn.casts}
    items = list(sequence.items)
    number = -1
    for place, item in enumerate(items):
        if item.spell is None:
            continue
        number += 1
        variant = chosen.get(number)
        if variant is not None:
            items[place] = replace(item, spell=variant)
    casts = tuple(owners[entry][0] for entry in turn.casts)
    return replace(sequence, items=tuple(items)), replace(solution, turn=replace(turn, casts=casts))


#: A way a spell is cast for (None: its mana cost) and the names of the cards it exiles from the hand.
_Option = tuple[Way | None, tuple[str, ...]]


def _with_ways(
    sequence: TurnSequence, hand: Sequence[Card], places: list[int], chosen: dict[int, _Option]
) -> TurnSequence | None:
    """The sequence with each spell (``chosen`` by its number, at ``places`` among the items) cast for its
    way, each card a way exiles taken from the hand's cards the turn does not use (a plain spell the sequence
    may leave out is then not cast: a card exiled is not cast); None when the cards can't be found."""
    items = list(sequence.items)
    used = {item.spell.position for item in items if item.spell is not None}
    used |= {item.exile.position for item in items if item.exile is not None}
    for land in sequence.lands:
        if land.from_hand >= 0 or land.position >= 0:  # (its place in the hand; an MDFC's land face's)
            used.add(land.from_hand if land.from_hand >= 0 else land.position)
        else:  # (a land card: the first of its name no spell is)
            used.add(next((n for n, c in enumerate(hand) if c.name == land.card.name and n not in used), -1))
    droppable = {
        item.spell.position
        for item in items
        if item.spell is not None and sequence.optional and not item.spell.event and item.spell.position >= 0
    }
    taken: set[int] = set()
    for number, (way, names) in sorted(chosen.items()):
        item = items[places[number]]
        assert item.spell is not None
        exiled = []
        for name in names:  # (a card the turn does not use first, else a plain spell left out)
            free = [n for n, card in enumerate(hand) if card.name == name and n not in taken]
            place = next((n for n in free if n not in used), next((n for n in free if n in droppable), None))
            if place is None:
                return None
            taken.add(place)
            exiled.append(place)
        items[places[number]] = replace(item, spell=spell_for_way(item.spell, way), way_exiled=tuple(exiled))
    kept = [item for item in items if item.spell is None or item.spell.position not in taken]
    return replace(sequence, items=tuple(kept))


def ways_hold(board: Board, timeline: Timeline, player: str) -> bool:
    """True when every spell of the timeline cast for an alternative cost may be cast for it on the board
    it is cast on (after the life, energy, permanents and cards the spells before it paid), and what its
    sequence chose pays it (:func:`~planner.rules.alternative_costs.check_alternative`)."""
    for stage in timeline.stages:
        spell = stage.item.spell
        if spell is None or spell.way is None:
            continue
        try:
            check_alternative(stage.board, player, spell.as_printed, paid_way(board, stage, player), spell.x)
        except IllegalPlanError:
            return False
    return True


def paid_way(board: Board, stage: Stage, player: str) -> AlternativeCostPaid:
    """What the spell of ``stage``, cast for its way, paid it with: the permanents it sacrificed that paid
    the way (the rest paid its additional costs), the cards of ``board``'s hand its way exiled (names)."""
    spell = stage.item.spell
    assert spell is not None and spell.way is not None
    taken = split_sacrificed(stage.board, player, spell.way, stage.item.sacrificed)
    hand = board.player(player).hand
    exiled = tuple(sorted(hand[n].name for n in stage.item.way_exiled))
    return AlternativeCostPaid(spell.way.source, spell.way.cost, taken, exiled, spell.way.permission)


def way_levels(timeline: Timeline, player: str, casts: Sequence[int]) -> dict[str, int]:
    """What the ways of the spells cast (``casts``: their numbers among the timeline's spells) add to the
    turn's levels (the cards used up) and the objective's, as ``pay`` counts them (docs/objective.md): cards
    exiled from the hand, life paid, energy paid, permanents sacrificed (valuable ones, and those sacrificed
    by design weighed by the mana they could make), the way's and the additional costs' (a bargain's)."""
    levels = {
        "cards": 0,
        "hand_cards_lost": 0,
        "life_and_damage": 0,
        "energy_paid": 0,
        "valuable_sacrificed": 0,
        "designed_sacrificed": 0,
    }
    cast = set(casts)
    number = -1
    for stage in timeline.stages:
        spell = stage.item.spell
        if spell is None:
            continue
        number += 1
        if number not in cast:
            continue
        if spell.way is not None:
            levels["cards"] += len(stage.item.way_exiled)  # (a card exiled is a card used up, as one cast)
            levels["hand_cards_lost"] += len(stage.item.way_exiled)
            levels["life_and_damage"] += spell.way.cost.life
            levels["energy_paid"] += spell.way.cost.energy
        if not stage.item.sacrificed:
            continue
        view = view_of(stage.board)
        for pid in stage.item.sacrificed:  # (the way's and the additional costs': pay counts both)
            if sacrificed_by_design(view, pid):
                facts = permanent_facts(BoardAnalysis(stage.board, player))
                levels["designed_sacrificed"] += facts[pid].most
            else:
                levels["valuable_sacrificed"] += 1
    return levels


def _pays_energy(board: Board, player: str, spells: list[TurnSpell]) -> bool:
    """True when a cost the turn may pay takes energy: an alternative cost of the board's permanents, of a
    spell's own, or of a permanent spell's (Nissa's eight {E})."""
    costs = [way.cost for way in granted_ways(board, player)]
    for spell in distinct(spells):
        costs += own_alternative_costs(spell.target.text, spell.target.name)
        costs += _granted_costs(spell.card) if spell.card.type_line.is_permanent else []
    return any(cost.energy for cost in costs)


def energy_counted(board: Board, player: str, spells: list[TurnSpell]) -> bool:
    """True when the turn counts the energy its spells and land give (:func:`~planner.rules.turn.
    energy_gained`: an enters or landfall trigger's, on the boards after it): an alternative cost of the
    turn pays energy, and no mana ability of the board's or of the spells' permanents does (the model counts
    energy on the turn's last board: a mana ability could spend energy before it is given).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [{"id": "nissa",
    ...     "name": "Nissa", "type_line": "Creature", "controller": "me", "oracle": "Landfall — Whenever a "
    ...     "land you control enters, you get {E}{E}.\\nYou may pay eight {E} rather than pay the mana cost "
    ...     "for permanent spells you cast."}]})
    >>> energy_counted(board, "me", [])
    True
    >>> hub = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "hub", "name": "Hub", "type_line": "Land", "controller": "me",
    ...     "oracle": "{T}, Pay {E}: Add one mana of any color."}]}).permanent("hub")
    >>> energy_counted(board.with_permanent(hub), "me", [])
    False
    """
    if not _pays_energy(board, player, spells):
        return False
    view = view_of(board)
    abilities = [ability for p in board.controlled_by(player) for ability in view.mana_abilities(p.id)]
    for spell in distinct(spells):
        if spell.card.type_line.is_permanent:
            abilities += read_card(spell.card.oracle, spell.card.name, spell.card.type_line).mana_abilities
    return not any(energy_paid(ability) for ability in abilities)


def energy_events(board: Board, player: str, spells: list[TurnSpell]) -> list[TurnSpell]:
    """The spells with each one made an event that gives energy as it resolves or by its landfall trigger,
    when the turn counts energy (:func:`energy_counted`): the later spells may pay it."""
    if not energy_counted(board, player, spells):
        return spells

    def gives(spell: TurnSpell) -> bool:
        effect = resolution(spell.card)
        return bool(effect.energy or effect.landfall_energy)

    return [replace(spell, event=True) if not spell.event and gives(spell) else spell for spell in spells]


def landfall_energy_possible(board: Board, spells: list[TurnSpell]) -> bool:
    """True when a land entering gives energy (Nissa's landfall on the board or among the spells): where the
    turn counts energy, the land's place among the events then matters."""
    return any(landfall_energy(p) for p in board.permanents) or any(
        resolution(s.card).landfall_energy for s in distinct(spells)
    )


def alternative_cost_notes(board: Board, player: str, spells: list[TurnSpell]) -> list[str]:
    """A note for each spell the turn may cast that has a usable alternative cost the turn does not plan
    (:func:`plannable`: a keyword gives it, mutate, overload; a spell from card data for a cost of spells
    from the hand): the plan pays its mana cost (``pay --spell`` weighs every alternative cost:
    :mod:`planner.alternative`). And one when a way pays energy and a permanent gives energy in a way the
    turn does not count ("you get {E}{E}" in a line :func:`~planner.rules.turn.energy_gained` does not
    read, or with a mana ability that pays energy: :func:`energy_counted`).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [{"id": "nissa",
    ...     "name": "Nissa", "type_line": "Creature", "controller": "me", "oracle": "Landfall — Whenever a "
    ...     "land you control enters, you get {E}{E}.\\nYou may pay eight {E} rather than pay the mana cost "
    ...     "for permanent spells you cast."}]})
    >>> alternative_cost_notes(board, "me", [])
    []
    >>> hub = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "hub", "name": "Hub", "type_line": "Land", "controller": "me",
    ...     "oracle": "{T}, Pay {E}: Add one mana of any color."}]}).permanent("hub")
    >>> alternative_cost_notes(board.with_permanent(hub), "me", [])
    ['nissa: energy gained during the turn is not counted in turn plans (an alternative cost pays {E})']
    """
    notes = []
    for spell in distinct(spells):
        if spell.way is not None:
            continue  # (cast from the graveyard or exile for its one way: turn_other_zones)
        usable = usable_ways(board, player, spell.target)
        ways = [way.cost.describe() for way in usable if not plannable(way, spell)]
        # (a keyword's way usable once an event of the turn happens, which the turn's own spells may bring:
        # surge's "another spell cast this turn", CR 702.117a; not planned, so never a silent better plan)
        ways += [
            f"{cost.describe()}, once {' and '.join(fact.text for fact in cost.if_turn_facts)}"
            for cost in own_alternative_costs(spell.target.text, spell.target.name)
            if cost.keyword and cost.if_turn_facts and all(way.cost != cost for way in usable)
        ]
        if ways:
            named = " or ".join(ways)
            notes.append(
                f"{spell.card.name}: its alternative cost ({named}) is not planned in turn plans: the plan "
                "pays its mana cost"
            )
    if _pays_energy(board, player, spells):
        counted = energy_counted(board, player, spells)

        def unread(card: Card) -> bool:
            return not counted or bool(resolution(card).energy_unread)

        givers = [p.id for p in board.permanents if "you get {E}" in p.oracle and unread(_as_card(p))]
        givers += [
            spell.card.name
            for spell in distinct(spells)
            if "you get {E}" in spell.card.oracle and unread(spell.card)
        ]
        notes += [
            f"{giver}: energy gained during the turn is not counted in turn plans (an alternative cost pays "
            "{E})"
            for giver in givers
        ]
    return notes


def overloaded(board: Board, player: str, spell: TurnSpell) -> bool:
    """True when ``spell`` may be cast for an overload cost on ``board`` (CR 702.96: its targets become
    "each", so it needs none), which the turn does not plan (:func:`plannable`)."""
    return any(way.cost.keyword == "overload" for way in usable_ways(board, player, spell.target))


def returned_land_notes(board: Board, player: str, spells: list[TurnSpell]) -> list[str]:
    """A note for each spell the turn may cast for a cost that returns a land the player controls to the
    hand (Gush's two Islands, a Borderpost's basic land: an alternative cost usable on ``board``, or an
    additional cost) while the player has a land play left: the land is in the hand again and may be
    played as the turn's land (CR 305.2), which the turn's search does not plan (its land is played from
    the hand it starts with), so the plan is not called optimal.

    >>> gush = Card.from_json({"name": "Gush", "type_line": "Instant", "mana_cost": "{4}{U}", "oracle":
    ...     "You may return two Islands you control to their owner's hand rather than pay this spell's "
    ...     "mana cost.\\nDraw two cards."})
    >>> from planner.turn_choices import Ids, hand_spells
    >>> spells = hand_spells([gush], 0, Ids(set()))
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "i1", "card": "Island", "controller": "me"},
    ...     {"id": "i2", "card": "Island", "controller": "me"}]})
    >>> returned_land_notes(board, "me", spells)  # doctest: +NORMALIZE_WHITESPACE
    ["Gush: a land its cost returns to the hand is not planned as the turn's land play (CR 305.2): the plan
    may not be the best"]
    >>> returned_land_notes(board.replace_player("me", lands_played_this_turn=1), "me", spells)
    []
    """
    view = view_of(board)
    if board.player(player).lands_played_this_turn >= land_plays_allowed(view, player)[0]:
        return []
    lands = {p.id for p in board.controlled_by(player) if view.type_line(p.id).is_a("Land")}
    notes = []
    for spell in distinct(spells):
        costs = [
            cost for cost in planned_costs(spell.target.additional_costs) if isinstance(cost, SacrificeCost)
        ]
        for way in usable_ways(board, player, spell.target):
            costs += way.cost.sacrifice
        if any(cost.returned and set(sacrifice_candidates(board, player, cost)) & lands for cost in costs):
            notes.append(
                f"{spell.card.name}: a land its cost returns to the hand is not planned as the turn's land "
                "play (CR 305.2): the plan may not be the best"
            )
    return notes


def _as_card(permanent: Permanent) -> Card:
    """A permanent's card, for the reading of what it does (:func:`~planner.rules.turn.resolution`)."""
    return Card(card=None, name=permanent.name, type_line=permanent.type_line, oracle=permanent.oracle)
