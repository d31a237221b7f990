"""Seeded generators of benchmark boards: realistic Commander-style boards of a given size, the Cascading
Cataracts series, and spell costs the boards can mostly pay.

Everything here is deterministic given the ``random.Random`` passed in: same seed, same boards, same costs.

A realistic board of size ``n`` is ``n`` permanents of the paying player ("me"), drawn by recipe for a
deck of two or three colors (its commander's color identity):

- about 60% lands: basics, original duals, shocklands, painlands, filter lands, bounce lands, Command Tower;
- about 12% mana creatures (Llanowar Elves, Elvish Mystic, Birds of Paradise, Noble Hierarch), in green
  decks, some of them summoning sick;
- about 15% mana rocks (Sol Ring, Arcane Signet, Mind Stone, Fellwar Stone, the deck's Signets and
  Talismans), a few Treasures;
- the rest creatures and enchantments without mana abilities;
- now and then a doubler (Mana Reflection, Heartbeat of Spring, Zendikar Resurgent) or a Wild Growth on
  one of the lands; about a fifth of the lands and rocks already tapped.

The opponent ("opp") has a few lands of their own (two on the smallest boards, else ``3 + n // 20``).

>>> import random
>>> spec = realistic_board(random.Random(1), 20)
>>> len([p for p in spec.data["permanents"] if p["controller"] == "me"]), spec.capacity > 0
(20, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

__all__ = [
    "CATARACTS_LANDS",
    "DIFFERENTIAL_CARDS",
    "DIFFERENTIAL_COSTS",
    "MULTIPLIERS",
    "SPICE",
    "BoardSpec",
    "Question",
    "big_board",
    "cataracts_board",
    "cataracts_cost",
    "long_programme_questions",
    "multiplier_questions",
    "random_question",
    "realistic_board",
    "realistic_cost",
    "small_slow_questions",
]

#: The cards of the differential suite's random boards (``tests/test_model_differential.py``), whose rules the
#: model covers fully (no untap loops): basics, duals, pain and filter lands, rocks, dorks, sacrifice outlets,
#: reflecting lands, doublers, triggers, replacements, restrictions. :mod:`benchmarks.bench_reference` draws
#: from the same list (but Wild Growth); the order is part of both draws (hypothesis's and a seeded
#: ``random.Random``'s): a card added at the end keeps every earlier board.
DIFFERENTIAL_CARDS = (
    "Forest",
    "Island",
    "Plains",
    "Swamp",
    "Mountain",
    "Wastes",
    "Snow-Covered Forest",
    "Tundra",
    "Bayou",
    "Breeding Pool",
    "Adarkar Wastes",
    "Llanowar Wastes",
    "Mystic Gate",
    "Graven Cairns",
    "Azorius Chancery",
    "Ancient Tomb",
    "City of Brass",
    "Mana Confluence",
    "Reflecting Pool",
    "Exotic Orchard",
    "Gemstone Mine",
    "Eldrazi Temple",
    "Cabal Coffers",
    "Gaea's Cradle",
    "Urborg, Tomb of Yawgmoth",
    "Sol Ring",
    "Azorius Signet",
    "Golgari Signet",
    "Talisman of Progress",
    "Arcane Signet",
    "Fellwar Stone",
    "Lotus Petal",
    "Treasure",
    "Llanowar Elves",
    "Birds of Paradise",
    "Elves of Deep Shadow",
    "Noble Hierarch",
    "Phyrexian Altar",
    "Ashnod's Altar",
    "Squandered Resources",
    "Mana Reflection",
    "Mana Flare",
    "Wild Growth",
    "Contamination",
    "Pale Moon",
    "Blood Moon",
    "Chromatic Lantern",
    "Celestial Dawn",
)
#: The costs of the differential suite's random boards (the same users, the same order).
DIFFERENTIAL_COSTS = (
    "{G}",
    "{1}{G}",
    "{W}{U}",
    "{2}",
    "{C}",
    "{1}{C}",
    "{W/U}{W/U}",
    "{2/W}",
    "{G/P}",
    "{1}{B/P}",
    "{B}{B}",
    "{R}",
    "{S}",
    "{3}",
    "{U}{U}",
    "{C/W}",
    "{G}{W}{U}",
    "{0}",
)

COLORS = "WUBRG"

#: The ten two-color pairs, each with its dual, shockland, painland, filter land, bounce land, Signet and
#: Talisman.
_PAIRS: dict[str, dict[str, str]] = {
    "WU": {
        "dual": "Tundra",
        "shock": "Hallowed Fountain",
        "pain": "Adarkar Wastes",
        "filter": "Mystic Gate",
        "bounce": "Azorius Chancery",
        "signet": "Azorius Signet",
        "talisman": "Talisman of Progress",
    },
    "UB": {
        "dual": "Underground Sea",
        "shock": "Watery Grave",
        "pain": "Underground River",
        "filter": "Sunken Ruins",
        "bounce": "Dimir Aqueduct",
        "signet": "Dimir Signet",
        "talisman": "Talisman of Dominance",
    },
    "BR": {
        "dual": "Badlands",
        "shock": "Blood Crypt",
        "pain": "Sulfurous Springs",
        "filter": "Graven Cairns",
        "bounce": "Rakdos Carnarium",
        "signet": "Rakdos Signet",
        "talisman": "Talisman of Indulgence",
    },
    "RG": {
        "dual": "Taiga",
        "shock": "Stomping Ground",
        "pain": "Karplusan Forest",
        "filter": "Fire-Lit Thicket",
        "bounce": "Gruul Turf",
        "signet": "Gruul Signet",
        "talisman": "Talisman of Impulse",
    },
    "WG": {
        "dual": "Savannah",
        "shock": "Temple Garden",
        "pain": "Brushland",
        "filter": "Wooded Bastion",
        "bounce": "Selesnya Sanctuary",
        "signet": "Selesnya Signet",
        "talisman": "Talisman of Unity",
    },
    "WB": {
        "dual": "Scrubland",
        "shock": "Godless Shrine",
        "pain": "Caves of Koilos",
        "filter": "Fetid Heath",
        "bounce": "Orzhov Basilica",
        "signet": "Orzhov Signet",
        "talisman": "Talisman of Hierarchy",
    },
    "UR": {
        "dual": "Volcanic Island",
        "shock": "Steam Vents",
        "pain": "Shivan Reef",
        "filter": "Cascade Bluffs",
        "bounce": "Izzet Boilerworks",
        "signet": "Izzet Signet",
        "talisman": "Talisman of Creativity",
    },
    "BG": {
        "dual": "Bayou",
        "shock": "Overgrown Tomb",
        "pain": "Llanowar Wastes",
        "filter": "Twilight Mire",
        "bounce": "Golgari Rot Farm",
        "signet": "Golgari Signet",
        "talisman": "Talisman of Resilience",
    },
    "RW": {
        "dual": "Plateau",
        "shock": "Sacred Foundry",
        "pain": "Battlefield Forge",
        "filter": "Rugged Prairie",
        "bounce": "Boros Garrison",
        "signet": "Boros Signet",
        "talisman": "Talisman of Conviction",
    },
    "UG": {
        "dual": "Tropical Island",
        "shock": "Breeding Pool",
        "pain": "Yavimaya Coast",
        "filter": "Flooded Grove",
        "bounce": "Simic Growth Chamber",
        "signet": "Simic Signet",
        "talisman": "Talisman of Curiosity",
    },
}
_BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}

#: Land kinds with their weights in the land mix, and how much each makes when tapped.
_LAND_KINDS = (
    ("basic", 40),
    ("dual", 8),
    ("shock", 10),
    ("pain", 10),
    ("filter", 8),
    ("bounce", 6),
    ("tower", 4),
)
#: Mana creatures of green decks: name -> the colors they make ("*" for any color).
_DORKS = {"Llanowar Elves": "G", "Elvish Mystic": "G", "Birds of Paradise": "*", "Noble Hierarch": "GWU"}
#: Creatures and enchantments without mana abilities: (name, type line, Oracle text).
_OTHERS = (
    ("Grizzly Bears", "Creature — Bear", ""),
    ("Serra Angel", "Creature — Angel", "Flying, vigilance"),
    ("Hill Giant", "Creature — Giant", ""),
    ("Glorious Anthem", "Enchantment", "Creatures you control get +1/+1."),
)
_DOUBLERS = ("Mana Reflection", "Heartbeat of Spring", "Zendikar Resurgent")

#: The six land types of the Cascading Cataracts series: the five basics and Wastes.
CATARACTS_LANDS = ("Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes")


@dataclass(frozen=True, slots=True)
class BoardSpec:
    """A generated board as board-file data, with what the generator knows it can make.

    ``capacity`` is a cautious count of the mana the paying player's untapped sources make (doublers and
    Wild Growth not counted); ``colors`` maps each color letter to how many of those sources can make it;
    ``deck`` is the deck's color identity.
    """

    data: dict[str, Any]
    capacity: int
    colors: dict[str, int]
    deck: str

    @property
    def size(self) -> int:
        """How many permanents the board holds, both players'."""
        return len(self.data["permanents"])


def _pair(a: str, b: str) -> str:
    return next(key for key in _PAIRS if set(key) == {a, b})


def _deck_colors(rng: random.Random) -> str:
    count = rng.choices((2, 3), weights=(60, 40))[0]
    picked = rng.sample(COLORS, count)
    return "".join(c for c in COLORS if c in picked)


def _land(rng: random.Random, deck: str) -> tuple[str, str, int]:
    """One land of the deck: (card name, colors it makes, mana it makes)."""
    kind = rng.choices([k for k, _ in _LAND_KINDS], weights=[w for _, w in _LAND_KINDS])[0]
    if kind == "basic":
        color = rng.choice(deck)
        return _BASICS[color], color, 1
    if kind == "tower":
        return "Command Tower", deck, 1
    a, b = rng.sample(deck, 2)
    name = _PAIRS[_pair(a, b)][kind]
    return name, a + b, 2 if kind == "bounce" else 1


def _rock(rng: random.Random, deck: str) -> tuple[str, str, int]:
    """One mana rock of the deck: (card name, colors it makes, mana it adds net)."""
    kind = rng.choices(
        ("sol", "arcane", "mind", "fellwar", "signet", "talisman", "treasure"),
        weights=(6, 8, 8, 4, 14, 12, 10),
    )[0]
    if kind == "sol":
        return "Sol Ring", "", 2
    if kind == "arcane":
        return "Arcane Signet", deck, 1
    if kind == "mind":
        return "Mind Stone", "", 1
    if kind == "fellwar":
        return "Fellwar Stone", "", 0  # what it makes depends on the opponent's lands: not counted
    if kind == "treasure":
        return "Treasure", COLORS, 1
    a, b = rng.sample(deck, 2)
    return _PAIRS[_pair(a, b)][kind], a + b, 1


def realistic_board(rng: random.Random, size: int) -> BoardSpec:
    """A realistic board with ``size`` permanents for "me" and a few lands for "opp" (module docstring)."""
    deck = _deck_colors(rng)
    green = "G" in deck
    permanents: list[dict[str, Any]] = []
    capacity = 0
    colors = dict.fromkeys(COLORS, 0)
    lands: list[str] = []

    def add(entry: dict[str, Any], makes: str, amount: int) -> None:
        nonlocal capacity
        permanents.append(entry)
        if entry.get("tapped") or entry.get("summoning_sick"):
            return
        capacity += amount
        for color in set(makes):
            colors[color] += 1

    n_lands = max(1, round(size * 0.6))
    n_dorks = round(size * 0.12) if green else 0
    n_rocks = round(size * 0.15) + (0 if green else round(size * 0.06))
    n_rocks = min(n_rocks, size - n_lands - n_dorks)
    for number in range(n_lands):
        name, makes, amount = _land(rng, deck)
        pid = f"l{number}"
        tapped = rng.random() < 0.2
        add(
            {"id": pid, "card": name, "controller": "me", **({"tapped": True} if tapped else {})},
            makes,
            amount,
        )
        lands.append(pid)
    for number in range(n_dorks):
        name = rng.choice(list(_DORKS))
        makes = COLORS if _DORKS[name] == "*" else _DORKS[name]
        status = {"summoning_sick": True} if rng.random() < 0.3 else {}
        add({"id": f"c{number}", "card": name, "controller": "me", **status}, makes, 1)
    for number in range(n_rocks):
        name, makes, amount = _rock(rng, deck)
        entry: dict[str, Any] = {"id": f"r{number}", "card": name, "controller": "me"}
        if rng.random() < 0.2:
            entry["tapped"] = True
        add(entry, makes, amount)
    extras = size - len(permanents)
    if extras > 0 and rng.random() < 0.15:
        name = rng.choice(_DOUBLERS)
        add({"id": "doubler", "card": name, "controller": "me"}, "", 0)
        extras -= 1
    if extras > 0 and green and rng.random() < 0.25:
        add(
            {"id": "growth", "card": "Wild Growth", "controller": "me", "attached_to": rng.choice(lands)},
            "",
            0,
        )
        extras -= 1
    for number in range(extras):
        name, type_line, oracle = rng.choice(_OTHERS)
        add(
            {"id": f"o{number}", "name": name, "type_line": type_line, "oracle": oracle, "controller": "me"},
            "",
            0,
        )
    opponent_lands = 2 if size < 10 else 3 + size // 20
    for number in range(opponent_lands):
        opp_color = rng.choice(COLORS)
        entry = {"id": f"opp{number}", "card": _BASICS[opp_color], "controller": "opp"}
        if rng.random() < 0.5:
            entry["tapped"] = True
        permanents.append(entry)
    data = {
        "version": 1,
        "active_player": "me",
        "players": [{"id": "me", "life": 40, "commander_colors": deck}, {"id": "opp", "life": 40}],
        "permanents": permanents,
    }
    return BoardSpec(data, capacity, colors, deck)


def realistic_cost(rng: random.Random, spec: BoardSpec) -> str:
    """A fixed spell cost with one to three colors whose mana value the board can mostly reach.

    Most costs are in the deck's colors with no more pips of a color than the board has sources of it;
    one in twenty asks for a color outside the deck (a card the player can't cast); one in six is a large
    cost reaching for much of the board.
    """
    deck = spec.deck
    n_colors = min(len(deck), rng.choices((1, 2, 3), weights=(45, 40, 15))[0])
    picked = rng.sample(deck, n_colors)
    if rng.random() < 0.05:
        picked[-1] = rng.choice([c for c in COLORS if c not in deck])
    hybrid = n_colors == 2 and rng.random() < 0.2
    pips: list[str] = []
    if hybrid:
        a, b = sorted(picked, key=COLORS.index)
        pips = [f"{{{a}/{b}}}"] * 2
    else:
        for color in sorted(picked, key=COLORS.index):
            most = max(1, min(3 if n_colors == 1 else 2, spec.colors.get(color, 0)))
            pips += [f"{{{color}}}"] * rng.randint(1, most)
    capacity = max(spec.capacity, len(pips))
    if rng.random() < 1 / 6 and capacity > 8:
        mana_value = rng.randint(capacity // 2, capacity)
    else:
        mana_value = min(capacity, rng.choices(range(1, 9), weights=(4, 14, 18, 16, 12, 8, 5, 3))[0])
    generic = max(0, mana_value - len(pips))
    return (f"{{{generic}}}" if generic else "") + "".join(pips)


def cataracts_board(n: int) -> dict[str, Any]:
    """Board-file data with ``n`` each of the six :data:`CATARACTS_LANDS` and ``n`` Cascading Cataracts."""
    permanents = [
        {"id": f"{name.lower()}{i}", "card": name, "controller": "me"}
        for name in (*CATARACTS_LANDS, "Cascading Cataracts")
        for i in range(n)
    ]
    return {"version": 1, "players": [{"id": "me"}, {"id": "opp"}], "permanents": permanents}


def cataracts_cost(n: int) -> str:
    """A demanding cost for :func:`cataracts_board`: all five colors, one more {G} than the Forests make (so
    a Cataracts must turn {5} into colors) and generic up to all but one mana of what the board can make.

    The board makes 7n mana, and each Cataracts activated for colors makes one less in all, so the cost's
    mana value is 7n - 2 (for n of at least 2).

    >>> cataracts_cost(2)
    '{5}{W}{U}{B}{R}{G}{G}{G}'
    """
    generic = max(0, 7 * n - 2 - (4 + n + 1))
    return (f"{{{generic}}}" if generic else "") + "{W}{U}{B}{R}" + "{G}" * (n + 1)


# ------------------------------------------------------------------------------- random questions, yes and no

#: Cards a random question's board may get on top of a realistic board: the ones whose models are the
#: largest or whose "no" was slow (issue 14): reflecting and counting lands, untappers, doublers, altars.
SPICE = (
    "Exotic Orchard",
    "Reflecting Pool",
    "Cabal Coffers",
    "Urborg, Tomb of Yawgmoth",
    "Cascading Cataracts",
    "Gaea's Cradle",
    "Mana Reflection",
    "Springleaf Drum",
    "Nykthos, Shrine to Nyx",
    "Ancient Tomb",
    "City of Brass",
    "Mana Confluence",
    "Treasure",
    "Ashnod's Altar",
    "Eldrazi Scion",
    "Rosheen Meanderer",
    "Everflowing Chalice",
    "Gilded Lotus",
    "Squandered Resources",
)


@dataclass(frozen=True, slots=True)
class Question:
    """One random payment question: board-file data, a cost, and optionally a cost to keep and a value of
    X (for a cost with X)."""

    board: dict[str, Any]
    cost: str
    keep: str | None = None
    x: int | None = None
    kind: str = ""

    def to_json(self) -> dict[str, Any]:
        """The question as JSON data (what a benchmark hands to another version)."""
        return {"board": self.board, "cost": self.cost, "keep": self.keep, "x": self.x, "kind": self.kind}


def random_question(
    rng: random.Random, low: int = 10, high: int = 60, spice: tuple[str, ...] = SPICE
) -> Question:
    """A board of ``low`` to ``high`` permanents of the payer (a realistic board, with up to four of
    ``spice``: :data:`SPICE`, or :data:`MULTIPLIERS`) and a cost that is, by design, often unpayable: more
    pips of a color than it has sources, more mana than it makes, a color outside the deck, or X beyond the
    board; one in four asks to keep a small cost payable too.

    >>> question = random_question(random.Random(3))
    >>> 10 <= len([p for p in question.board["permanents"] if p["controller"] == "me"]) <= 60
    True
    """
    size = rng.randint(low, high)
    spiced = rng.choices((0, 1, 2, 3, 4), weights=(30, 25, 20, 15, 10))[0]
    spec = realistic_board(rng, size - spiced)
    data = spec.data
    for number in range(spiced):
        name = rng.choice(spice)
        entry: dict[str, Any] = {"id": f"s{number}", "card": name, "controller": "me"}
        if name == "Everflowing Chalice":
            entry["counters"] = {"charge": rng.randint(1, 3)}
        elif name == "Caged Sun":
            entry["choices"] = {"color": rng.choice(spec.deck)}
        elif name == "Cavern of Souls":
            entry["choices"] = {"creature_type": "Elf"}
        data["permanents"].insert(size - spiced, entry)
    deck = spec.deck
    kind = rng.choice(("fits", "pips", "big", "off", "x"))
    base = realistic_cost(rng, spec)
    x: int | None = None
    if kind == "pips":
        color = rng.choice(deck)
        cost = "{" + str(rng.randint(0, 3)) + "}" + f"{{{color}}}" * (spec.colors[color] + rng.randint(1, 3))
    elif kind == "big":
        color = rng.choice(deck)
        cost = f"{{{spec.capacity + rng.randint(1, 8)}}}{{{color}}}"
    elif kind == "off":
        outside = [c for c in COLORS if c not in deck]
        cost = base + f"{{{rng.choice(outside)}}}"
    elif kind == "x":
        color = rng.choice(deck)
        cost = f"{{X}}{{{color}}}"
        x = max(0, spec.capacity + rng.randint(-2, 3))
    else:
        cost = base
    keep = None
    if rng.random() < 0.25:
        keep = "".join(f"{{{rng.choice(deck)}}}" for _ in range(rng.randint(1, 2)))
    return Question(board=data, cost=cost, keep=keep, x=x, kind=kind)


# ------------------------------------------------------------------------------------------ 1,000 permanents

#: What a :func:`big_board` is made of, by share of the payer's permanents (the rest: Forests).
_BIG_MIX = (
    ("basic", 0.30),
    ("dual", 0.08),
    ("pain", 0.08),
    ("filter", 0.06),
    ("signet", 0.08),
    ("rock", 0.06),
    ("dork", 0.08),
    ("treasure", 0.06),
    ("pool", 0.02),
    ("cataracts", 0.01),
    ("other", 0.10),
)


def _big_entry(rng: random.Random, kind: str, pair: str, deck: str) -> tuple[str, str]:
    """One permanent of a :func:`big_board` of a kind: its card name ("" for a creature without mana
    abilities) and the colors it makes."""
    if kind == "basic":
        color = rng.choice(deck)
        return _BASICS[color], color
    if kind in ("dual", "pain", "filter", "signet"):
        return _PAIRS[pair][kind], pair
    if kind == "rock":
        return rng.choice(("Sol Ring", "Arcane Signet", "Mind Stone")), deck
    if kind == "dork":
        return rng.choice(("Llanowar Elves", "Elvish Mystic", "Birds of Paradise")), "G"
    named = {
        "treasure": ("Treasure", COLORS),
        "pool": ("Reflecting Pool", deck),
        "cataracts": ("Cascading Cataracts", ""),
    }
    return named.get(kind, ("", ""))


def big_board(rng: random.Random, size: int = 1000, deck: str = "BRG") -> BoardSpec:
    """A board at the board limit (``size`` permanents in all, the opponent's 20 lands among them): basics,
    original duals, painlands, filter lands, Signets, rocks, mana creatures, Treasures, Reflecting Pools and
    Cascading Cataracts of a three-color deck, with Cabal Coffers, Urborg, Gaea's Cradle and Mana
    Reflection; about a fifth of it tapped.

    >>> spec = big_board(random.Random(1))
    >>> spec.size, spec.deck
    (1000, 'BRG')
    """
    permanents: list[dict[str, Any]] = []
    capacity = 0
    colors = dict.fromkeys(COLORS, 0)
    mine = size - 20
    fixed = ["Cabal Coffers", "Urborg, Tomb of Yawgmoth", "Gaea's Cradle", "Mana Reflection"]
    for number, name in enumerate(fixed):
        permanents.append({"id": f"k{number}", "card": name, "controller": "me"})
    pairs = [_pair(a, b) for a, b in (("B", "R"), ("R", "G"), ("B", "G"))]
    counts = {kind: round(share * mine) for kind, share in _BIG_MIX}
    for kind, count in counts.items():
        for number in range(count):
            name, makes = _big_entry(rng, kind, rng.choice(pairs), deck)
            pid = f"{kind[:2]}{number}"
            if not name:
                permanents.append(
                    {"id": pid, "name": "Grizzly Bears", "type_line": "Creature — Bear", "controller": "me"}
                )
                continue
            entry: dict[str, Any] = {"id": pid, "card": name, "controller": "me"}
            if rng.random() < 0.2 and kind not in ("treasure", "cataracts"):
                entry["tapped"] = True
            permanents.append(entry)
            if not entry.get("tapped"):
                capacity += 1
                for color in set(makes):
                    colors[color] += 1
    while len(permanents) < mine:
        permanents.append({"id": f"fo{len(permanents)}", "card": "Forest", "controller": "me"})
        capacity += 1
        colors["G"] += 1
    permanents = permanents[:mine]
    for number in range(size - len(permanents)):
        permanents.append({"id": f"opp{number}", "card": _BASICS[rng.choice(COLORS)], "controller": "opp"})
    data = {
        "version": 1,
        "active_player": "me",
        "players": [{"id": "me", "life": 40, "commander_colors": deck}, {"id": "opp", "life": 40}],
        "permanents": permanents,
    }
    return BoardSpec(data, capacity, colors, deck)


# ------------------------------------------------------------------------------------------ mana multipliers

#: Cards that multiply or count mana (issue 41: their models were the slowest to solve), for
#: :func:`random_question`'s ``spice`` and the regression boards of :func:`multiplier_questions`.
MULTIPLIERS = (
    "Nyxbloom Ancient",
    "Mana Reflection",
    "Cascading Cataracts",
    "Caged Sun",
    "Cabal Coffers",
    "Grim Monolith",
    "Priest of Titania",
    "Reflecting Pool",
    "Heartbeat of Spring",
    "Zendikar Resurgent",
    "Gaea's Cradle",
    "Cavern of Souls",
)

#: The fillers of a multiplier board, in turn: lands and elves of a black-red-green deck.
_FILLERS = ("Swamp", "Mountain", "Forest", "Llanowar Elves", "Badlands", "Elvish Mystic", "Taiga", "Bayou")


def _filled(special: list[dict[str, Any]], size: int, fillers: tuple[str, ...] = _FILLERS) -> dict[str, Any]:
    """Board-file data: ``special`` then fillers in turn up to ``size`` permanents of "me"."""
    permanents = list(special)
    for number in range(size - len(special)):
        name = fillers[number % len(fillers)]
        permanents.append({"id": f"f{number}", "card": name, "controller": "me"})
    return {"version": 1, "players": [{"id": "me"}], "permanents": permanents}


def multiplier_questions() -> dict[str, Question]:
    """The three boards of issue 41 where mana multipliers made the CP-SAT model slow, by name.

    >>> questions = multiplier_questions()
    >>> {name: len(q.board["permanents"]) for name, q in questions.items()}
    {'caged sun 26': 26, 'priest 59': 59, 'coffers 36': 36}
    """

    def me(pid: str, card: str, **extra: Any) -> dict[str, Any]:
        return {"id": pid, "card": card, "controller": "me", **extra}

    caged = _filled(
        [
            me("sun", "Caged Sun", choices={"color": "G"}),
            me("cat1", "Cascading Cataracts"),
            me("cat2", "Cascading Cataracts"),
            me("grim1", "Grim Monolith"),
            me("grim2", "Grim Monolith"),
            me("nyx", "Nyxbloom Ancient"),
        ],
        26,
    )
    priest = _filled(
        [
            me("nyx", "Nyxbloom Ancient"),
            me("priest", "Priest of Titania"),
            me("pool", "Reflecting Pool"),
            me("cavern", "Cavern of Souls", choices={"creature_type": "Elf"}),
        ],
        59,
        ("Forest", "Llanowar Elves", "Island", "Elvish Mystic", "Forest", "Tropical Island"),
    )
    coffers = _filled(
        [me("coffers", "Cabal Coffers"), me("reflection", "Mana Reflection"), me("nyx", "Nyxbloom Ancient")],
        36,
        ("Swamp", "Forest", "Llanowar Elves", "Swamp", "Bayou", "Elvish Mystic"),
    )
    return {
        "caged sun 26": Question(board=caged, cost="{3}{B}{R/U}", kind="multiplier"),
        "priest 59": Question(board=priest, cost="{38}{U}", kind="multiplier"),
        "coffers 36": Question(board=coffers, cost="{30}{B}{B}", kind="multiplier"),
    }


def small_slow_questions() -> dict[str, Question]:
    """Small boards without a multiplier where the CP-SAT model was slow (issue 41), by name: eight Mystic
    Gates, seven Swamps, Krark-Clan Ironworks and a Wooded Bastion paying {2}{G} (nothing makes the colors
    the filters take: "no"; main took minutes to prove it); two Krark-Clan Ironworks and eight Selesnya
    Signets paying {W}{W} (the Ironworks single out each Signet: 36 s before the model listed them in
    order, :mod:`planner.solve.cpsat.symmetry`).

    >>> {name: len(q.board["permanents"]) for name, q in small_slow_questions().items()}
    {'mystic gates 17': 17, 'ironworks signets 10': 10}
    """

    def board(cards: list[tuple[str, int]]) -> dict[str, Any]:
        permanents = [
            {"id": f"{card.split()[0].lower()}{n}", "card": card, "controller": "me"}
            for card, count in cards
            for n in range(count)
        ]
        return {"version": 1, "players": [{"id": "me", "life": 20}], "permanents": permanents}

    gates = board([("Krark-Clan Ironworks", 1), ("Mystic Gate", 8), ("Swamp", 7), ("Wooded Bastion", 1)])
    signets = board([("Krark-Clan Ironworks", 2), ("Selesnya Signet", 8)])
    return {
        "mystic gates 17": Question(board=gates, cost="{2}{G}", kind="small"),
        "ironworks signets 10": Question(board=signets, cost="{W}{W}", kind="small"),
    }


def long_programme_questions() -> dict[str, Question]:
    """Boards of ``bench_no --multipliers`` where the fast path's programme ran long (issue 41), by name:
    question 114 of seed 14, {G} 28 times on 55 permanents of the payer (every payment taps the last white,
    red and green sources, and the branching on them would take some 390,000 moves: the programme took
    75,509, 84 ms, before it declined and CP-SAT answered in 44 ms); question 183 of the same seed, {R} 34
    times on 60 (the programme answered in 81,134 moves, 82 ms, where CP-SAT takes 50).

    >>> questions = long_programme_questions()
    >>> {name: sum(p["controller"] == "me" for p in q.board["permanents"]) for name, q in questions.items()}
    {'seed 14 question 114': 55, 'seed 14 question 183': 60}
    """
    # (as benchmarks.bench_no.questions rebuilds them)
    return {
        f"seed 14 question {i}": random_question(random.Random(f"bench_no 14:{i}"), spice=MULTIPLIERS)
        for i in (114, 183)
    }


def stalled_share_questions() -> dict[str, Question]:
    """Boards of ``bench_no --multipliers`` whose first stage the LP-guided share did not prove (issue 41,
    session 37), by name: question 51 of seed 6 ({X}{U} with X 20 keeping {G}, 22 permanents) and question
    193 of seed 2 ({2}{R}{R}{B}, 43 permanents: its model of every twin), whose share found no plan at all
    (the default search at the full linearization then took 0.035 and its restart 0.096-0.106 of
    deterministic time, where the restart alone takes 0.03-0.07); question 219 of seed 4 ({2}{W}{W}{U}, 59
    permanents), whose share ended with a plan far from the optimum (the probes of its levels walked down
    one plan at a time: 17 probes).

    >>> questions = stalled_share_questions()
    >>> {name: sum(p["controller"] == "me" for p in q.board["permanents"]) for name, q in questions.items()}
    {'seed 6 question 51': 22, 'seed 2 question 193': 43, 'seed 4 question 219': 59}
    """
    # (as benchmarks.bench_no.questions rebuilds them)
    return {
        f"seed {seed} question {i}": random_question(random.Random(f"bench_no {seed}:{i}"), spice=MULTIPLIERS)
        for seed, i in ((6, 51), (2, 193), (4, 219))
    }
