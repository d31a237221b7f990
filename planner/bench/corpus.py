"""A corpus of payment problems for benchmarking tappers: seeded realistic boards and named tricky scenarios.

Generated boards come from format-like recipes drawing real cards from the catalogue:

- ``two-color`` and ``three-color``: a 60-card deck's board on turns 2 to 8. The mana base mixes basics with
  original duals, shocklands, painlands and filter lands (a few snow basics, Mana Confluence, City of
  Brass); green decks add mana creatures, some summoning sick. Life is 20, now and then low.
- ``commander``: a Commander board on turns 3 to 12 (mostly 4 to 8) with Command Tower, the deck's duals,
  painlands, filter and bounce lands, Sol Ring, Arcane Signet, Signets, Talismans and other rocks, Treasures,
  mana creatures, sometimes a doubler (Mana Reflection, Zendikar Resurgent, Wild Growth ...), a sacrifice
  outlet (Phyrexian Altar, Ashnod's Altar) with creatures to feed it, and restricted mana (Eldrazi Temple
  with Eldrazi to cast, Cavern of Souls naming the deck's tribe, Ancient Ziggurat). Life is 40; the
  commander's colors are the deck's.

Costs are those of the deck's spells: one to three colors, now and then hybrid, monocolored hybrid,
Phyrexian or snow symbols, a tribal creature for Cavern of Souls, a colorless Eldrazi for Eldrazi Temple, the
commander itself; mostly within what the board makes, sometimes just beyond it (a spell you can't cast yet).

Board ``index`` of seed ``seed`` is the same whatever the number of boards asked for, so a report on 100
boards is a prefix of one on 2000.

>>> first = generate(3, seed=7)
>>> [case.name for case in first] == [case.name for case in generate(5, seed=7)[:3]]
True
>>> len(scenarios()) >= 12 and all(case.story for case in scenarios())
True
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from models.board import Board
from models.cost import PaymentTarget
from models.errors import InputError

__all__ = ["RECIPES", "Case", "generate", "generated_case", "scenario", "scenarios"]

#: The recipes of generated boards, with how often each is drawn.
RECIPES: dict[str, int] = {"two-color": 35, "three-color": 25, "commander": 40}

_COLORS = "WUBRG"
_BASIC = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
_SNOW_BASIC = {c: f"Snow-Covered {name}" for c, name in _BASIC.items()}
#: Per color pair (in WUBRG order): original dual, shockland, painland, filter land, bounce land, Signet,
#: Talisman.
_PAIR_CARDS: dict[str, tuple[str, str, str, str, str, str, str]] = {
    "WU": (
        "Tundra",
        "Hallowed Fountain",
        "Adarkar Wastes",
        "Mystic Gate",
        "Azorius Chancery",
        "Azorius Signet",
        "Talisman of Progress",
    ),
    "UB": (
        "Underground Sea",
        "Watery Grave",
        "Underground River",
        "Sunken Ruins",
        "Dimir Aqueduct",
        "Dimir Signet",
        "Talisman of Dominance",
    ),
    "BR": (
        "Badlands",
        "Blood Crypt",
        "Sulfurous Springs",
        "Graven Cairns",
        "Rakdos Carnarium",
        "Rakdos Signet",
        "Talisman of Indulgence",
    ),
    "RG": (
        "Taiga",
        "Stomping Ground",
        "Karplusan Forest",
        "Fire-Lit Thicket",
        "Gruul Turf",
        "Gruul Signet",
        "Talisman of Impulse",
    ),
    "WG": (
        "Savannah",
        "Temple Garden",
        "Brushland",
        "Wooded Bastion",
        "Selesnya Sanctuary",
        "Selesnya Signet",
        "Talisman of Unity",
    ),
    "WB": (
        "Scrubland",
        "Godless Shrine",
        "Caves of Koilos",
        "Fetid Heath",
        "Orzhov Basilica",
        "Orzhov Signet",
        "Talisman of Hierarchy",
    ),
    "UR": (
        "Volcanic Island",
        "Steam Vents",
        "Shivan Reef",
        "Cascade Bluffs",
        "Izzet Boilerworks",
        "Izzet Signet",
        "Talisman of Creativity",
    ),
    "BG": (
        "Bayou",
        "Overgrown Tomb",
        "Llanowar Wastes",
        "Twilight Mire",
        "Golgari Rot Farm",
        "Golgari Signet",
        "Talisman of Resilience",
    ),
    "RW": (
        "Plateau",
        "Sacred Foundry",
        "Battlefield Forge",
        "Rugged Prairie",
        "Boros Garrison",
        "Boros Signet",
        "Talisman of Conviction",
    ),
    "UG": (
        "Tropical Island",
        "Breeding Pool",
        "Yavimaya Coast",
        "Flooded Grove",
        "Simic Growth Chamber",
        "Simic Signet",
        "Talisman of Curiosity",
    ),
}
_DUAL, _SHOCK, _PAIN, _FILTER, _BOUNCE, _SIGNET, _TALISMAN = range(7)
_DORKS = (
    "Llanowar Elves",
    "Elvish Mystic",
    "Birds of Paradise",
    "Noble Hierarch",
    "Avacyn's Pilgrim",
    "Sylvan Caryatid",
    "Utopia Tree",
    "Fyndhorn Elves",
)
_BIG_DORKS = ("Priest of Titania", "Elvish Archdruid", "Bloom Tender")
_ROCKS = (
    ("Sol Ring", 10),
    ("Arcane Signet", 9),
    ("Mind Stone", 4),
    ("Thought Vessel", 4),
    ("Fellwar Stone", 3),
    ("Coalition Relic", 2),
    ("Gilded Lotus", 1),
    ("Hedron Archive", 2),
    ("Thran Dynamo", 2),
    ("Chromatic Lantern", 1),
    ("Worn Powerstone", 2),
)
_DOUBLERS = ("Mana Reflection", "Zendikar Resurgent", "Heartbeat of Spring", "Mirari's Wake", "Vernal Bloom")
_AURAS = ("Wild Growth", "Fertile Ground", "Overgrowth", "Utopia Sprawl")
#: Creatures without mana abilities, by tribe: (name, type line, mana cost).
_TRIBES: dict[str, tuple[tuple[str, str, str], ...]] = {
    "Elf": (
        ("Elvish Visionary", "Creature — Elf Shaman", "{1}{G}"),
        ("Imperious Perfect", "Creature — Elf Warrior", "{2}{G}"),
    ),
    "Human": (
        ("Thalia's Lieutenant", "Creature — Human Soldier", "{1}{W}"),
        ("Champion of the Parish", "Creature — Human Soldier", "{W}"),
    ),
    "Vampire": (
        ("Vampire Nighthawk", "Creature — Vampire Shaman", "{1}{B}{B}"),
        ("Bloodline Keeper", "Creature — Vampire", "{2}{B}{B}"),
    ),
    "Wizard": (
        ("Naban, Dean of Iteration", "Creature — Human Wizard", "{1}{U}"),
        ("Sage of Epityr", "Creature — Human Wizard", "{U}"),
    ),
    "Dragon": (
        ("Shivan Dragon", "Creature — Dragon", "{4}{R}{R}"),
        ("Thunderbreak Regent", "Creature — Dragon", "{2}{R}{R}"),
    ),
}
_TRIBE_COLOR = {"Elf": "G", "Human": "W", "Vampire": "B", "Wizard": "U", "Dragon": "R"}
_SPELL_TYPES = ("Instant", "Sorcery", "Creature — Beast", "Enchantment", "Artifact Creature — Golem")


@dataclass(frozen=True, slots=True)
class Case:
    """One payment problem: a board, what to pay (for the board's active player), and where it came from.

    ``story`` is, for a named scenario, what a naive tapper gets wrong on it ("" for generated boards).

    >>> case = scenario("birds-or-forest")
    >>> case.recipe, str(case.target.cost), [p.card for p in case.board.permanents]
    ('scenario', '{G}', ['Birds of Paradise', 'Forest'])
    """

    name: str
    recipe: str
    board: Board
    target: PaymentTarget
    story: str = ""


# --------------------------------------------------------------------------------------------------------
# Generated boards


def generate(count: int, seed: int = 0) -> list[Case]:
    """``count`` realistic boards for ``seed``, each with a cost to pay (see the module docstring)."""
    return [generated_case(seed, index) for index in range(count)]


def generated_case(seed: int, index: int) -> Case:
    """Board ``index`` of the corpus for ``seed``: the same board whatever the corpus size.

    >>> case = generated_case(1, 0)
    >>> case.name, case.recipe in RECIPES, case.board.active_player
    ('two-color-1-0', True, 'me')
    """
    rng = random.Random(f"mana-planner corpus {seed}:{index}")
    recipe = rng.choices(list(RECIPES), weights=list(RECIPES.values()))[0]
    builder = _Builder(rng, recipe)
    data, target = builder.build()
    return Case(f"{recipe}-{seed}-{index}", recipe, Board.from_dict(data, f"corpus board {index}"), target)


class _Builder:
    """Builds one board of a recipe: permanents as board-file entries, then a cost of the deck's spells."""

    def __init__(self, rng: random.Random, recipe: str) -> None:
        self.rng = rng
        self.recipe = recipe
        self.commander = recipe == "commander"
        size = {"two-color": 2, "three-color": 3}.get(recipe) or rng.choices((1, 2, 3, 4), (10, 45, 35, 10))[
            0
        ]
        picked = rng.sample(_COLORS, size)
        self.deck = "".join(c for c in _COLORS if c in picked)
        self.permanents: list[dict[str, Any]] = []
        self.tribe: str | None = None
        self.eldrazi = False
        self.snow = False
        self.capacity = 0  # a cautious count of the mana the untapped sources make

    # ---- permanents

    def pick_tribe(self, chance: float) -> str | None:
        """A creature type the deck is built around (one of its colors), or None."""
        tribes = [tribe for tribe, color in _TRIBE_COLOR.items() if color in self.deck]
        return self.rng.choice(tribes) if tribes and self.rng.random() < chance else None

    def add(self, prefix: str, card: str, makes: int = 1, **fields: Any) -> str:
        pid = f"{prefix}{sum(p['id'].startswith(prefix) for p in self.permanents)}"
        self.permanents.append({"id": pid, "card": card, "controller": "me", **fields})
        if not (fields.get("tapped") or fields.get("summoning_sick")):
            self.capacity += makes
        return pid

    def pair(self) -> str:
        a, b = self.rng.sample(self.deck, 2)
        return next(key for key in _PAIR_CARDS if set(key) == {a, b})

    def land_pool(self) -> list[tuple[str, int]]:
        """The deck's lands as (card, mana made) entries, one per copy in the deck."""
        rng, deck = self.rng, self.deck
        lands: list[tuple[str, int]] = []
        self.snow = not self.commander and rng.random() < 0.12
        basics = _SNOW_BASIC if self.snow else _BASIC
        n_basics = 14 if len(deck) <= 2 else 10
        if self.commander:
            n_basics = 8 + 6 // len(deck)
        for number in range(n_basics):
            lands.append((basics[deck[number % len(deck)]], 1))
        if len(deck) >= 2:
            kinds = [_DUAL, _SHOCK, _PAIN, _FILTER] + ([_BOUNCE] if self.commander else [])
            for _ in range(10 if self.commander else 8):
                kind = rng.choice(kinds)
                lands.append((_PAIR_CARDS[self.pair()][kind], 2 if kind == _BOUNCE else 1))
        extras = ["Mana Confluence", "City of Brass"]
        if self.commander:
            lands.append(("Command Tower", 1))
            extras += ["Exotic Orchard", "Reflecting Pool", "Ancient Tomb", "Vivid Creek"]
            if "G" in deck:
                extras.append("Gaea's Cradle")
        for name in rng.sample(extras, rng.randint(0, 2)):
            lands.append((name, 2 if name == "Ancient Tomb" else 1))
        if self.eldrazi:
            lands += [("Eldrazi Temple", 1)] * 2 + [("Wastes", 1)] * 2
        if self.tribe is not None:
            lands.append(("Cavern of Souls", 1))
        if self.commander and self.tribe is not None and rng.random() < 0.3:
            lands.append(("Ancient Ziggurat", 1))
        return lands

    def lay_lands(self, count: int) -> list[str]:
        lands = self.land_pool()
        self.rng.shuffle(lands)
        placed: list[str] = []
        for card, makes in lands[:count]:
            fields: dict[str, Any] = {}
            if card == "Cavern of Souls":
                fields["choices"] = {"creature_type": self.tribe or "Elf"}
            if card == "Vivid Creek":
                fields["counters"] = {"charge": self.rng.randint(0, 2)}
            if self.rng.random() < 0.15:
                fields["tapped"] = True
            placed.append(self.add("l", card, makes, **fields))
        return placed

    def creatures(self, count: int) -> None:
        """Mana creatures (green decks) and creatures without mana abilities."""
        rng = self.rng
        for _ in range(count):
            if "G" in self.deck and rng.random() < 0.6:
                name = rng.choice(_DORKS + (_BIG_DORKS if self.commander else ()))
                sick = {"summoning_sick": True} if rng.random() < 0.25 else {}
                self.add("c", name, 1, **sick)
            else:
                tribe = self.tribe or rng.choice(list(_TRIBES))
                name, type_line, cost = rng.choice(_TRIBES[tribe])
                self.permanents.append(
                    {
                        "id": f"x{len(self.permanents)}",
                        "name": name,
                        "type_line": type_line,
                        "mana_cost": cost,
                        "controller": "me",
                    }
                )

    def commander_extras(self, lands: Sequence[str]) -> None:
        rng, deck = self.rng, self.deck
        for _ in range(rng.choices((0, 1, 2, 3, 4), (10, 25, 30, 20, 15))[0]):
            kind = rng.random()
            if kind < 0.35 and len(deck) >= 2:
                self.add("r", _PAIR_CARDS[self.pair()][_SIGNET if rng.random() < 0.6 else _TALISMAN], 1)
            else:
                name = rng.choices([n for n, _ in _ROCKS], [w for _, w in _ROCKS])[0]
                makes = {"Sol Ring": 2, "Hedron Archive": 2, "Thran Dynamo": 3, "Gilded Lotus": 3}.get(
                    name, 1
                )
                worn = {"tapped": True} if name == "Worn Powerstone" and rng.random() < 0.5 else {}
                self.add("r", name, makes, **worn)
        for _ in range(rng.choices((0, 1, 2, 3), (55, 25, 12, 8))[0]):
            self.add("t", "Treasure", 1)
        if rng.random() < 0.12:
            self.add("d", rng.choice(_DOUBLERS), 0)
        if "G" in deck and lands and rng.random() < 0.15:
            aura = rng.choice(_AURAS)
            fields: dict[str, Any] = {"attached_to": rng.choice(list(lands))}
            if aura == "Utopia Sprawl":
                forest = self.add("l", "Forest", 1)
                fields = {"attached_to": forest, "choices": {"color": rng.choice(deck)}}
            self.add("a", aura, 1, **fields)
        if rng.random() < 0.12:
            self.add("s", rng.choice(("Phyrexian Altar", "Ashnod's Altar")), 0)
            for _ in range(rng.randint(1, 3)):
                self.add("t", "Eldrazi Scion", 1)
        if rng.random() < 0.05:
            self.add("r", "Springleaf Drum", 0)

    def build(self) -> tuple[dict[str, Any], PaymentTarget]:
        rng = self.rng
        if self.commander:
            self.eldrazi = rng.random() < 0.1
            self.tribe = self.pick_tribe(0.25)
            turn = rng.choices(range(3, 13), (8, 12, 14, 14, 12, 10, 8, 6, 4, 3))[0]
            lands = self.lay_lands(turn + rng.choice((-1, 0, 0, 1, 2)))
            self.commander_extras(lands)
            self.creatures(rng.randint(0, 4))
        else:
            self.tribe = self.pick_tribe(0.1)
            turn = rng.choices(range(2, 9), (6, 14, 20, 20, 16, 14, 10))[0]
            self.lay_lands(max(1, turn - rng.choice((0, 0, 0, 1))))
            self.creatures(rng.choices((0, 1, 2, 3), (35, 35, 20, 10))[0])
        life = 40 if self.commander else 20
        if rng.random() < 0.1:
            life = rng.randint(1, 6)
        player: dict[str, Any] = {"id": "me", "life": life}
        if self.commander:
            player["commander_colors"] = self.deck
        if rng.random() < 0.04:
            player["pool"] = ["{" + rng.choice(self.deck) + "}"]
        opponent = [
            {"id": f"o{n}", "card": _BASIC[rng.choice(_COLORS)], "controller": "opp"}
            for n in range(rng.randint(1, 4))
        ]
        data = {
            "version": 1,
            "players": [player, {"id": "opp", "life": life}],
            "permanents": self.permanents + opponent,
        }
        return data, self.cost()

    # ---- the cost

    def cost(self) -> PaymentTarget:
        rng, deck = self.rng, self.deck
        reach = max(1, self.capacity)
        special = rng.random()
        if self.eldrazi and special < 0.35:
            generic = rng.randint(2, max(2, reach - 1))
            return PaymentTarget.of(f"{{{generic}}}{{C}}", type_line="Creature — Eldrazi", name="Eldrazi")
        if self.tribe is not None and special < 0.4:
            name, type_line, cost = rng.choice(_TRIBES[self.tribe])
            return PaymentTarget.of(cost, type_line=type_line, name=name)
        mana_value = min(
            reach + (1 if rng.random() < 0.12 else 0),
            rng.choices(range(1, 9), (6, 16, 20, 18, 14, 10, 8, 8))[0],
        )
        if rng.random() < 0.15:
            mana_value = reach + rng.choice((0, 0, 1))
        colors = rng.sample(deck, min(len(deck), rng.choices((1, 2, 3), (50, 38, 12))[0]))
        if rng.random() < 0.04:
            colors[-1] = rng.choice([c for c in _COLORS if c not in deck] or list(_COLORS))
        pips: list[str] = []
        for color in sorted(colors, key=_COLORS.index):
            pips += [color] * rng.choices((1, 2, 3), (60, 32, 8))[0]
        symbols = "".join(f"{{{pip}}}" for pip in pips)
        flavour = rng.random()
        if flavour < 0.08 and len(colors) >= 2:  # hybrid pips
            pair = "/".join(sorted(colors[:2], key=_COLORS.index))
            symbols = f"{{{pair}}}" * rng.randint(1, 2) + "".join(f"{{{pip}}}" for pip in pips[2:])
        elif flavour < 0.17 and self.snow:
            symbols += "{S}"
        generic = max(0, mana_value - symbols.count("{"))
        text = (f"{{{generic}}}" if generic else "") + symbols
        if flavour > 0.94:  # Phyrexian spells as printed: one or two {X/P} and little generic
            generic = rng.choice((0, 0, 1, 2, 3, 4))
            text = (f"{{{generic}}}" if generic else "") + f"{{{colors[0]}/P}}" * rng.choice((1, 1, 2))
        elif flavour > 0.91:  # monocolored hybrid as printed: Beseech the Queen, Spectral Procession
            text = f"{{2/{colors[0]}}}" * rng.randint(1, 3)
        commander = self.commander and rng.random() < 0.1
        type_line = "Legendary Creature — Human" if commander else rng.choice(_SPELL_TYPES)
        return PaymentTarget.of(text, type_line=type_line, commander=commander, name="spell")


# --------------------------------------------------------------------------------------------------------
# Named scenarios

_SCENARIOS: tuple[tuple[str, str, str, str, list[dict[str, Any]], dict[str, Any]], ...] = (
    # name, cost, what it is for, story, permanents, player fields
    (
        "dual-for-generic",
        "{1}{W}",
        "Instant",
        "taps Tundra for the generic {1} first and then has no source left for {W}",
        [{"card": "Tundra"}, {"card": "Island"}],
        {},
    ),
    (
        "painland-or-basic",
        "{R}",
        "Instant",
        "taps Battlefield Forge for {R} and takes 1 damage while the Mountain would do",
        [{"card": "Battlefield Forge"}, {"card": "Mountain"}],
        {},
    ),
    (
        "altar-or-treasure",
        "{B}",
        "Instant",
        "sacrifices the Elves to Phyrexian Altar while the Treasure would do",
        [{"card": "Phyrexian Altar"}, {"card": "Llanowar Elves", "tapped": True}, {"card": "Treasure"}],
        {},
    ),
    (
        "birds-or-forest",
        "{G}",
        "Creature — Elf",
        "taps the flexible Birds of Paradise instead of the Forest",
        [{"card": "Birds of Paradise"}, {"card": "Forest"}],
        {},
    ),
    (
        "filter-land-route",
        "{U}{U}",
        "Instant",
        "misses the filter-land route: the Plains pays Mystic Gate's {W/U}, and the Gate makes {U}{U}",
        [{"card": "Mystic Gate"}, {"card": "Plains"}],
        {},
    ),
    (
        "signet-output-wasted",
        "{U}",
        "Instant",
        "runs the Island through Izzet Signet for a one-mana spell and lets the {R} float away",
        [{"card": "Izzet Signet"}, {"card": "Island"}],
        {},
    ),
    (
        "signet-funding-route",
        "{U}{R}",
        "Sorcery",
        "can't see the Signet funding route: the Mountain pays Izzet Signet's {1}, which makes {U}{R}",
        [{"card": "Izzet Signet"}, {"card": "Mountain"}],
        {},
    ),
    (
        "eldrazi-temple",
        "{3}{C}",
        "Creature — Eldrazi",
        "ignores Eldrazi Temple's restricted {C}{C}, which may pay for a colorless Eldrazi",
        [{"card": "Eldrazi Temple"}, {"card": "Wastes"}, {"card": "Island"}],
        {},
    ),
    (
        "cavern-of-souls",
        "{1}{G}{G}",
        "Creature — Elf Druid",
        "taps Cavern of Souls for {C} and misses that its colored mana may pay for an Elf",
        [
            {"card": "Cavern of Souls", "choices": {"creature_type": "Elf"}},
            {"card": "Forest"},
            {"card": "Wastes"},
        ],
        {},
    ),
    (
        "dismember-life",
        "{1}{B/P}{B/P}",
        "Instant",
        "pays 4 life for Dismember while two Swamps could pay the black",
        [{"card": "Swamp"}, {"card": "Swamp"}, {"card": "Island"}],
        {},
    ),
    (
        "command-tower",
        "{W}{U}",
        "Creature — Human Wizard",
        "taps Command Tower for blue and has nothing left for white",
        [{"card": "Command Tower"}, {"card": "Island"}],
        {"commander_colors": "WU", "life": 40},
    ),
    (
        "sol-ring-for-one",
        "{1}{G}",
        "Creature — Bear",
        "taps Sol Ring for a single generic mana and wastes its second {C}",
        [{"card": "Sol Ring"}, {"card": "Forest"}, {"card": "Mountain"}],
        {},
    ),
    (
        "snow-symbol",
        "{S}{G}",
        "Instant",
        "pays {G} with the Snow-Covered Forest and has no snow source left for {S}",
        [{"card": "Snow-Covered Forest"}, {"card": "Forest"}],
        {},
    ),
    (
        "ancient-tomb",
        "{1}",
        "Artifact",
        "takes 2 damage from Ancient Tomb and floats a {C} where the Wastes pays the {1}",
        [{"card": "Ancient Tomb"}, {"card": "Wastes"}],
        {},
    ),
    (
        "hybrid-first",
        "{W/U}{U}",
        "Instant",
        "pays the hybrid {W/U} with Tundra's {U} and then can't make the {U}",
        [{"card": "Tundra"}, {"card": "Plains"}],
        {},
    ),
    (
        "treasure-or-plains",
        "{W}",
        "Instant",
        "sacrifices the Treasure, which can make any color, while the Plains would do",
        [{"card": "Treasure"}, {"card": "Plains"}],
        {},
    ),
    (
        "wild-growth-waste",
        "{G}",
        "Instant",
        "taps the Forest with Wild Growth for a one-mana spell and floats the extra {G}",
        [
            {"card": "Forest", "id": "grown"},
            {"card": "Wild Growth", "attached_to": "grown"},
            {"card": "Forest"},
        ],
        {},
    ),
    (
        "sick-dork",
        "{G}{G}",
        "Creature — Elf",
        "taps the summoning-sick Llanowar Elves for the second {G}: there is no legal payment",
        [{"card": "Llanowar Elves", "summoning_sick": True}, {"card": "Forest"}],
        {},
    ),
    (
        "beseech-the-queen",
        "{2/B}{2/B}{2/B}",
        "Sorcery",
        "pays every {2/B} with two generic mana instead of the Swamp's {B} and runs out of mana",
        [{"card": "Swamp"}, {"card": "Island"}, {"card": "Island"}, {"card": "Island"}, {"card": "Island"}],
        {},
    ),
)


def scenarios() -> tuple[Case, ...]:
    """The hand-written named scenarios, each with the story of what a naive tapper gets wrong there."""
    return tuple(_scenario_case(entry) for entry in _SCENARIOS)


def scenario(name: str) -> Case:
    """One named scenario by name; ``KeyError`` when there is none."""
    for entry in _SCENARIOS:
        if entry[0] == name:
            return _scenario_case(entry)
    raise KeyError(f"no scenario named {name!r}")


def case_named(name: str) -> Case:
    """A case by the name reports give it: a scenario's name, or ``RECIPE-SEED-INDEX`` for a generated
    board (rebuilt exactly: board ``INDEX`` of the corpus for ``SEED``); ``InputError`` for any other name.

    >>> case_named("three-color-0-4").name == generated_case(0, 4).name
    True
    >>> case_named("birds-or-forest").recipe
    'scenario'
    >>> case_named("two-color-0-4")
    Traceback (most recent call last):
    ...
    models.errors.InputError: board 'two-color-0-4': board 4 of seed 0 is 'three-color-0-4'
    """
    if match := re.fullmatch(r"([a-z-]+)-(\d{1,9})-(\d{1,9})", name):
        recipe, seed, index = match.group(1), int(match.group(2)), int(match.group(3))
        if recipe in RECIPES:
            case = generated_case(seed, index)
            if case.recipe != recipe:
                raise InputError(f"board {name!r}: board {index} of seed {seed} is {case.name!r}")
            return case
    try:
        return scenario(name)
    except KeyError:
        names = ", ".join(entry[0] for entry in _SCENARIOS[:4])
        raise InputError(
            f"board {name!r}: not a board of the corpus; give RECIPE-SEED-INDEX ({', '.join(RECIPES)}), "
            f"or a scenario's name ({names}, ...)"
        ) from None


def _scenario_case(entry: tuple[str, str, str, str, list[dict[str, Any]], dict[str, Any]]) -> Case:
    name, cost, type_line, story, permanents, player = entry
    entries = [{"id": f"p{n}", "controller": "me", **p} for n, p in enumerate(permanents)]
    data = {"version": 1, "players": [{"id": "me", **player}, {"id": "opp"}], "permanents": entries}
    board = Board.from_dict(data, f"scenario {name!r}")
    return Case(name, "scenario", board, PaymentTarget.of(cost, type_line=type_line, name=name), story)
