"""Builders and small readers shared by the rules tests: boards from short permanent lists, and what an
activation produces written as plain strings, so that tests read like the worked examples they check.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from benchmarks.bench_parser import PEER_CARDS
from models.board import Board
from models.cost import PaymentTarget
from models.mana import ManaBag, ManaTypes
from planner.api import PayResult, could_produce, max_x
from planner.rules.could_produce import could_produce_all
from planner.rules.production import ManaTag, Outcome, activation_outcomes
from planner.rules.reference import ReferenceResult, reference_search
from planner.rules.replay import PaymentSummary
from planner.rules.view import BoardView

ME = "me"
OPP = "opp"

#: What one activation put into the pool: (source id, mana string) pairs sorted by source.
Produced = tuple[tuple[str, str], ...]


def make_board(
    permanents: Sequence[Mapping[str, Any]],
    *,
    life: int = 20,
    pool: Sequence[str | Mapping[str, Any]] = (),
    hand: Sequence[str | Mapping[str, Any]] = (),
    opponent: bool = True,
    commander_colors: str | None = None,
) -> Board:
    """A validated board where "me" is the active player; permanents default to id ``p<i>`` and to being
    controlled by "me". ``opponent`` adds a second player "opp" (needed when a permanent is theirs).
    """
    me: dict[str, Any] = {"id": ME, "life": life}
    if pool:
        me["pool"] = list(pool)
    if hand:
        me["hand"] = list(hand)
    if commander_colors is not None:
        me["commander_colors"] = commander_colors
    players: list[dict[str, Any]] = [me]
    if opponent:
        players.append({"id": OPP})
    entries: list[dict[str, Any]] = []
    for index, permanent in enumerate(permanents):
        entry = dict(permanent)
        entry.setdefault("id", f"p{index}")
        entry.setdefault("controller", ME)
        entries.append(entry)
    return Board.from_dict({"version": 1, "players": players, "permanents": entries})


def graveyard_board(*permanents: dict[str, Any], graveyard: Any = 0) -> Board:
    """A board whose "me" has ``graveyard`` (a count or a list of cards; None: unknown) and an opponent "opp",
    with the permanents as given (:func:`mine` writes one of "me")."""
    me: dict[str, Any] = {"id": ME}
    if graveyard is not None:
        me["graveyard"] = graveyard
    return Board.from_dict({"version": 1, "players": [me, {"id": OPP}], "permanents": [*permanents]})


def turn_board(permanents: list[Any], hand: list[Any], theirs: list[Any] | None = None) -> Board:
    """A turn's board: "me"'s permanents (ids p0, p1...; a name is a built-in card) and hand (cards as given,
    their toughness left out), no spell cast yet, and the opponent's permanents (ids q0...)."""
    listed = [
        {"id": f"p{n}", "controller": ME, **({"card": p} if isinstance(p, str) else p)}
        for n, p in enumerate(permanents)
    ]
    listed += [
        {"id": f"q{n}", "controller": OPP, **({"card": p} if isinstance(p, str) else p)}
        for n, p in enumerate(theirs or [])
    ]
    cards = [{k: v for k, v in c.items() if k != "toughness"} for c in hand]
    player = {"id": ME, "hand": cards, "spells_cast_this_turn": 0}
    return Board.from_dict({"version": 1, "players": [player, {"id": OPP}], "permanents": listed})


def mine(pid: str, card: str | dict[str, Any], **status: Any) -> dict[str, Any]:
    """A permanent of "me": a catalogue card by name, or a card described by its fields, with its status."""
    described = {"card": card} if isinstance(card, str) else dict(card)
    return {"id": pid, "controller": ME, **described, **status}


def card(name: str, pid: str, **fields: Any) -> dict[str, Any]:
    """A catalogue permanent entry: ``card("Forest", "f", tapped=True)``."""
    return {"card": name, "id": pid, **fields}


class CardTexts:
    """Cards given by their Oracle text (name -> (type line, mana cost, text): the peers' test boards', whose
    cards the catalogue lacks), as hand cards and as permanents; another name is a catalogue card.

    >>> texts = CardTexts({"Test Rock": ("Artifact", "{2}", "{T}: Add {C}.")})
    >>> texts.text_of("Test Rock")["mana_cost"], texts.permanent("Forest", "f")["card"]
    ('{2}', 'Forest')
    """

    def __init__(self, cards: Mapping[str, tuple[str, str, str]]) -> None:
        self.cards = cards

    def text_of(self, name: str) -> dict[str, Any]:
        """The card as a hand card (or a permanent's description)."""
        type_line, mana_cost, oracle = self.cards[name]
        return {"name": name, "type_line": type_line, "mana_cost": mana_cost, "oracle": oracle}

    def permanent(self, name: str, pid: str, controller: str = ME) -> dict[str, Any]:
        """A permanent of ``controller``: the card by its text, or a catalogue card by name."""
        if name in self.cards:
            return {"id": pid, "controller": controller, **self.text_of(name)}
        return card(name, pid, controller=controller)


def _peer_card_texts() -> dict[str, tuple[str, str, str]]:
    """The cards of ``benchmarks/peer_cards.json``: name -> (type line, mana cost, Oracle text)."""
    cards = json.loads(PEER_CARDS.read_text(encoding="utf-8"))["cards"]
    return {c["name"]: (c["type_line"], c.get("mana_cost") or "", c["oracle"]) for c in cards}


#: The cards of the peers' own tests, in their current Oracle wording and mana cost: the one fixture
#: (``benchmarks/peer_cards.json``, also read by ``bench_parser --peers`` and tests/test_peer_cards.py) that
#: every test replaying a peer's board takes its cards from.
PEER_TEXTS: Final = CardTexts(_peer_card_texts())


def custom(name: str, pid: str, type_line: str, oracle: str, **fields: Any) -> dict[str, Any]:
    """A permanent described by its Oracle text (for cards outside the catalogue)."""
    return {"name": name, "id": pid, "type_line": type_line, "oracle": oracle, **fields}


def effect_entry(text: str, *refers_to: str, controller: str = ME, **fields: Any) -> dict[str, Any]:
    """An entry of the board's ``effects``: its text, controller, the ids its referents name, other fields."""
    entry: dict[str, Any] = {"text": text, "controller": controller, **fields}
    if refers_to:
        entry["refers_to"] = list(refers_to)
    return entry


def letters(types: ManaTypes) -> str:
    """A set of mana types as ``WUBRGC`` letters."""
    return str(types)


def could(board: Board, player: str | None = None) -> dict[str, str]:
    """``planner.api.could_produce`` with each set written as letters."""
    return {pid: letters(types) for pid, types in could_produce(board, player).items()}


def ability_texts(board: Board, pid: str) -> list[str]:
    """The permanent's mana abilities now (after layers 4 and 6), as their text."""
    return [ability.text for ability in BoardView(board).mana_abilities(pid)]


def outcomes(
    board: Board, pid: str, ability: int = 0, *, sacrificed: tuple[str, ...] = (), every_order: bool = True
) -> list[Outcome]:
    """Every outcome of activating one ability of ``pid`` on ``board`` (costs are not checked)."""
    view = BoardView(board)
    reflect = could_produce_all(view)
    chosen = view.mana_abilities(pid)[ability]
    return activation_outcomes(view, pid, chosen, reflect, sacrificed=sacrificed, every_order=every_order)


def concrete_results(outcome: Outcome) -> set[Produced]:
    """Every fully chosen result of one outcome, as (source, mana) pairs."""
    results: set[Produced] = set()
    for concrete in outcome.concrete():
        by_source: dict[str, ManaBag] = {}
        for bag, tag in concrete:
            by_source[tag.source] = by_source.get(tag.source, ManaBag()) + bag
        results.add(tuple(sorted((source, str(bag)) for source, bag in by_source.items() if bag)))
    return results


def produced(board: Board, pid: str, ability: int = 0, *, sacrificed: tuple[str, ...] = ()) -> set[Produced]:
    """Every fully chosen result the controller can reach by activating one ability, over all orders."""
    found: set[Produced] = set()
    for outcome in outcomes(board, pid, ability, sacrificed=sacrificed):
        found |= concrete_results(outcome)
    return found


def produced_by_order(board: Board, pid: str, ability: int = 0) -> dict[tuple[str, ...], set[Produced]]:
    """The results of one ability keyed by the replacement order (ids of the effects, first applied first)."""
    by_order: dict[tuple[str, ...], set[Produced]] = {}
    for outcome in outcomes(board, pid, ability):
        by_order.setdefault(outcome.replacements, set()).update(concrete_results(outcome))
    return by_order


def tags_of(outcome: Outcome) -> list[ManaTag]:
    """The tags of an outcome's packets (restrictions and riders ride on them)."""
    return [packet.tag for packet in outcome.packets]


def target(cost: str, **fields: Any) -> PaymentTarget:
    """``PaymentTarget.of`` under a shorter name."""
    return PaymentTarget.of(cost, **fields)


def search(board: Board, cost: str, **fields: Any) -> ReferenceResult:
    """The reference search for a cost written as a string (with the target's other fields)."""
    return reference_search(board, PaymentTarget.of(cost, **fields))


def floating(summary: PaymentSummary) -> str:
    """A summary's floating mana as a mana string."""
    return str(summary.floating_bag)


def summaries(result: ReferenceResult) -> Iterable[PaymentSummary]:
    """The distinct payment outcomes of a reference search."""
    return result.outcomes.keys()


def agrees_with_reference(board: Board, target: PaymentTarget, *, max_states: int) -> PayResult | None:
    """Check ``pay`` (fast path or CP-SAT) and the CP-SAT model alone against the reference search on one
    board: the same verdict, and a plan whose objective is the reference's best, level by level. Returns
    ``pay``'s answer, or None, having checked nothing, when the reference search would need more than
    ``max_states`` states: the caller decides what that means (a test of one board asserts it is not None; a
    hypothesis test rejects the example, with ``assume`` or ``reject``)."""
    from planner.api import pay
    from planner.rules.reference import ReferenceLimitError
    from planner.rules.replay import replay
    from planner.solve.cpsat import solve_payment
    from planner.solve.objective import objective_of, objectives_on
    from planner.solve.problem import PaymentProblem

    try:
        reference = reference_search(board, target, max_states=max_states)
    except ReferenceLimitError:
        return None
    result = pay(board, target)
    assert result.payable == reference.payable, result.reason
    if not reference.payable:
        return result
    assert result.plan is not None
    riders = target.riders  # (what the spell reads of the mana spent: planner.solve.riders)
    best = min(map(objectives_on(board, ME, riders=riders), reference.outcomes))
    assert objective_of(board, ME, replay(board, target, result.plan), riders=riders) == best
    model = solve_payment(PaymentProblem.of(board, target, ME))
    assert model.plan is not None
    assert objective_of(board, ME, replay(board, target, model.plan), riders=riders) == best
    return result


#: Cards whose mana abilities count what the game has when they resolve (issue 35: life, power, the greatest
#: power, basic land types, cards in a graveyard, a sacrificed permanent's mana value, cards revealed from the
#: hand, counters removed), as a board describes them: name, type line, Oracle text, mana cost, and the
#: printed power and toughness of creatures. The tests of these amounts, the differential tests and the fuzz
#: draw their boards from them.
COUNTED: dict[str, dict[str, Any]] = {
    "sanctum": {
        "name": "Sanctum of the Sun",
        "type_line": "Artifact",
        "mana_cost": "{5}",
        "oracle": "{T}: Add X mana of any one color, where X is your life total.",
    },
    "selvala": {
        "name": "Selvala, Heart of the Wilds",
        "type_line": "Legendary Creature — Elf Scout",
        "mana_cost": "{1}{G}{G}",
        "power": 2,
        "toughness": 3,
        "oracle": "{G}, {T}: Add X mana in any combination of colors, where X is the greatest power among "
        "creatures you control.",
    },
    "kyoshi": {
        "name": "Avatar Kyoshi",
        "type_line": "Legendary Creature — Avatar",
        "mana_cost": "{3}{G}",
        "power": 3,
        "toughness": 3,
        "oracle": "{T}: Add X mana of any one color, where X is the greatest power among creatures you "
        "control.",
    },
    "marwyn": {
        "name": "Marwyn, the Nurturer",
        "type_line": "Legendary Creature — Elf Druid",
        "mana_cost": "{2}{G}",
        "power": 1,
        "toughness": 1,
        "oracle": "{T}: Add an amount of {G} equal to Marwyn's power.",
    },
    "giant": {
        "name": "Sprouting Giant",
        "type_line": "Creature — Giant",
        "mana_cost": "{3}{G}",
        "power": 3,
        "toughness": 3,
        "oracle": "{T}: Add an amount of {G} equal to this creature's power.\n"
        "Remove a +1/+1 counter from this creature: Add {B}.",
    },
    "initiate": {
        "name": "Channeler Initiate",
        "type_line": "Creature — Elf Druid",
        "mana_cost": "{1}{G}",
        "power": 2,
        "toughness": 2,
        "oracle": "{T}, Put a -1/-1 counter on this creature: Add one mana of any color.",
    },
    "crypt": {
        "name": "Crypt of Agadeem",
        "type_line": "Land",
        "oracle": "{T}: Add {B}.\n{2}, {T}: Add {B} for each black creature card in your graveyard.",
    },
    "bloodpet": {
        "name": "Blood Pet",
        "type_line": "Creature — Thrull",
        "mana_cost": "{B}",
        "power": 1,
        "toughness": 1,
        "oracle": "Sacrifice Blood Pet: Add {B}.",
    },
    "geoscope": {
        "name": "Prismatic Geoscope",
        "type_line": "Artifact",
        "mana_cost": "{5}",
        "oracle": "Domain — {T}: Add X mana in any combination of colors, where X is the number of basic "
        "land types among lands you control.",
    },
    "priest": {
        "name": "Priest of Yawgmoth",
        "type_line": "Creature — Human Cleric",
        "mana_cost": "{1}{B}",
        "power": 1,
        "toughness": 2,
        "oracle": "{T}, Sacrifice an artifact: Add an amount of {B} equal to the sacrificed artifact's mana "
        "value.",
    },
    "metalworker": {
        "name": "Metalworker",
        "type_line": "Artifact Creature — Construct",
        "mana_cost": "{3}",
        "power": 1,
        "toughness": 2,
        "oracle": "{T}: Reveal any number of artifact cards in your hand. Add {C}{C} for each card revealed "
        "this way.",
    },
    "battery": {
        "name": "Blue Mana Battery",
        "type_line": "Artifact",
        "mana_cost": "{4}",
        "oracle": "{4}, {T}: Put a charge counter on this artifact.\n{T}, Remove any number of charge "
        "counters from this artifact: Add {U}, then add an additional {U} for each charge counter removed "
        "this way.",
    },
}
#: Cards in a graveyard or hand that those amounts count: black creature cards, a green one, artifacts.
BLACK_KNIGHT = {"name": "Black Knight", "type_line": "Creature — Human Knight", "mana_cost": "{B}{B}"}
BAUBLE = {"name": "Mox Bauble", "type_line": "Artifact", "mana_cost": "{1}"}


#: For each of :data:`COUNTED`: the cards (catalogue names, or keys of :data:`COUNTED`) that change what it
#: counts or pay beside it (life paid and damage, creatures and lands sacrificed, power changed, cards
#: sacrificed into the graveyard), and costs where the order of the activations decides what it counts.
COUNTED_PARTNERS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "sanctum": (
        ("Mana Confluence", "Adarkar Wastes", "Llanowar Wastes", "Ancient Tomb", "City of Brass", "Tundra"),
        ("{W}{W}{R}", "{W}{W}{W}{R}", "{W}{U}", "{W}{W}{W}", "{2}{W}", "{W}{G}{B}", "{C}{C}{W}{W}", "{4}"),
    ),
    "kyoshi": (
        ("Phyrexian Altar", "Ashnod's Altar", "Llanowar Elves", "bear", "initiate", "Forest"),
        ("{G}{G}{G}{R}", "{G}{G}{G}", "{G}{G}{R}", "{G}{G}{G}{G}", "{3}{R}", "{G}{G}{C}{C}", "{W}{G}"),
    ),
    "selvala": (
        ("Phyrexian Altar", "Ashnod's Altar", "bear", "initiate", "Forest", "Llanowar Elves"),
        ("{W}{U}{R}", "{G}{G}{G}", "{W}{U}{B}{R}", "{3}", "{W}{W}{C}{C}", "{R}{R}"),
    ),
    "marwyn": (("Phyrexian Altar", "Forest", "initiate"), ("{G}{G}", "{G}{G}{G}{B}", "{G}{G}{R}", "{2}")),
    "giant": (("Phyrexian Altar", "Forest", "Swamp"), ("{G}{G}{B}", "{G}{G}{B}{B}", "{G}{G}{G}{B}", "{5}")),
    "initiate": (("kyoshi", "Forest", "Phyrexian Altar"), ("{G}{G}{G}", "{R}{G}{G}", "{3}", "{W}{U}")),
    "crypt": (
        (
            "bloodpet",
            "Phyrexian Altar",
            "Ashnod's Altar",
            "Swamp",
            "Sol Ring",
            "Elves of Deep Shadow",
            "knight",
        ),
        ("{B}{B}{B}", "{B}{B}{B}{B}", "{2}{B}{B}", "{B}{B}{B}{B}{B}", "{1}{B}"),
    ),
    "bloodpet": (("crypt", "Swamp", "Phyrexian Altar"), ("{B}{B}", "{B}{B}{B}", "{2}{B}")),
    "geoscope": (
        ("Squandered Resources", "Forest", "Tundra", "Swamp", "Lotus Petal", "Ashnod's Altar"),
        ("{W}{W}", "{W}{U}{G}", "{3}", "{W}{U}{B}{G}", "{G}{G}{G}{G}", "{2}{W}"),
    ),
    "priest": (
        ("Sol Ring", "Treasure", "Lotus Petal", "statue", "Ashnod's Altar", "Swamp"),
        ("{B}{B}", "{B}{B}{B}", "{4}", "{2}{B}", "{B}{B}{B}{B}{B}", "{C}{B}"),
    ),
    "metalworker": (
        ("Sol Ring", "Forest", "Phyrexian Altar"),
        ("{C}{C}", "{4}", "{C}{C}{C}{C}{C}", "{1}{G}"),
    ),
    "battery": (("Island", "Sol Ring"), ("{U}{U}", "{U}{U}{U}", "{2}{U}", "{U}")),
}
#: The partners that are neither catalogue cards nor :data:`COUNTED`: a 2/2 with two +1/+1 counters, a black
#: creature card that sacrifices itself for mana, an artifact of mana value 4.
COUNTED_EXTRAS: dict[str, dict[str, Any]] = {
    "bear": {
        "name": "Grizzly Bears",
        "type_line": "Creature — Bear",
        "mana_cost": "{1}{G}",
        "power": 2,
        "toughness": 2,
        "counters": {"+1/+1": 2},
    },
    "knight": {**BLACK_KNIGHT, "power": 2, "toughness": 2, "oracle": "Sacrifice this creature: Add {B}."},
    "statue": {"name": "Ornate Statue", "type_line": "Artifact", "mana_cost": "{4}"},
}


def largest_x(board: Board) -> int:
    """``max-x``'s largest X for a bare {X} on the board (an answer is expected)."""
    found = max_x(board, PaymentTarget.of("{X}"))
    assert found.x is not None
    return found.x


def checked_verdict(board: Board, cost: str, *, max_states: int = 20_000) -> bool:
    """``pay``'s verdict on a small board, having checked it (and the plan's objective, level by level)
    against the reference search (:func:`agrees_with_reference`)."""
    result = agrees_with_reference(board, PaymentTarget.of(cost), max_states=max_states)
    assert result is not None, f"{cost}: too large for the reference search"
    return bool(result.payable)


def partner(name: str, pid: str) -> dict[str, Any]:
    """A permanent entry for one of :data:`COUNTED_PARTNERS`' partners."""
    if name in COUNTED:
        return counted(name, pid)
    if name in COUNTED_EXTRAS:
        return {**COUNTED_EXTRAS[name], "id": pid}
    return {"card": name, "id": pid}


def counted(key: str, pid: str, **fields: Any) -> dict[str, Any]:
    """A permanent entry for one of :data:`COUNTED`: ``counted("sanctum", "s", tapped=True)``."""
    return {**COUNTED[key], "id": pid, **fields}


#: Issue 39's cards outside the catalogue, as a board describes them (no id): what a sacrifice changes
#: ('colors among', devotion, who may convoke or improvise, the spending rules) and what sacrifices them.
SACRIFICE_TEXT: dict[str, dict[str, Any]] = {
    "mox": {"name": "Mox Jet", "type_line": "Artifact", "mana_cost": "{0}", "oracle": "{T}: Add {B}."},
    "thrull": {
        "name": "Basal Thrull",
        "type_line": "Creature — Thrull",
        "mana_cost": "{B}{B}",
        "oracle": "{T}, Sacrifice this creature: Add {B}{B}.",
    },
    "lattice petal": {
        "name": "Lattice Petal",
        "type_line": "Artifact",
        "mana_cost": "{0}",
        "oracle": "{T}, Sacrifice this artifact: Add one mana of any color.\n"
        "All permanents are artifacts in addition to their other types.",
    },
    "painter": {
        "name": "Painter's Servant",
        "type_line": "Artifact Creature — Scarecrow",
        "mana_cost": "{2}",
        "oracle": "As this creature enters, choose a color.\n"
        "All permanents are the chosen color in addition to their other colors.",
        "choices": {"color": "U"},
    },
    "orrery": {
        "name": "Chromatic Orrery",
        "type_line": "Legendary Artifact",
        "mana_cost": "{7}",
        "oracle": "You may spend mana as though it were mana of any color.\n{T}: Add {C}{C}{C}{C}{C}.",
    },
    "golem altar": {
        "name": "Golem Altar",
        "type_line": "Enchantment",
        "mana_cost": "{3}",
        "oracle": "Sacrifice an artifact creature: Add {C}{C}.",
    },
    "bears": {"name": "Grizzly Bears", "type_line": "Creature — Bear", "mana_cost": "{1}{G}", "oracle": ""},
}

#: The fuzz's pools for issue 39 (catalogue names, or keys of :data:`SACRIFICE_TEXT`): what reads the board
#: as it resolves or is paid, what sacrifices or taps permanents, what they sacrifice, and effects that change
#: what the others read.
SACRIFICE_READERS = (
    "Gaea's Cradle",
    "Priest of Titania",
    "Tolarian Academy",
    "Mox Amber",
    "Mox Opal",
    "Reflecting Pool",
    "Bloom Tender",
    "Nykthos, Shrine to Nyx",
    "Karametra's Acolyte",
    "Elvish Archdruid",
    "Serra's Sanctum",
    "Cabal Coffers",
    "Exotic Orchard",
    "Fellwar Stone",
)
SACRIFICE_OUTLETS = (
    "Phyrexian Altar",
    "Ashnod's Altar",
    "Krark-Clan Ironworks",
    "Springleaf Drum",
    "Squandered Resources",
    "Cryptolith Rite",
    "golem altar",
)
SACRIFICE_FODDER = (
    "Eldrazi Scion",
    "Treasure",
    "Llanowar Elves",
    "Birds of Paradise",
    "Ornithopter",
    "Pili-Pala",
    "Sol Ring",
    "Lotus Petal",
    "Forest",
    "Swamp",
    "Plains",
    "thrull",
    "mox",
    "bears",
)
SACRIFICE_EFFECTS = (
    "Nyxbloom Ancient",
    "Pale Moon",
    "Mana Reflection",
    "Dryad of the Ilysian Grove",
    "Celestial Dawn",
    "painter",
    "lattice petal",
    "orrery",
)


def sacrifice_card(name: str, pid: str, **fields: Any) -> dict[str, Any]:
    """A permanent entry for a name of the pools above."""
    if name in SACRIFICE_TEXT:
        return {**SACRIFICE_TEXT[name], "id": pid, **fields}
    return {"card": name, "id": pid, **fields}
