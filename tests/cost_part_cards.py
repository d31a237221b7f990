"""Cards whose mana abilities have the cost parts of issue 35 (``planner.rules.costs``), written out by their
Oracle text (some as printed, some made up where no printed card has the part without another that the
planner does not execute yet): shared by the tests of those parts, the differential test and the fuzzing."""

from __future__ import annotations

from typing import Any

#: "Discard a card" (Bog Witch, as printed).
BOG_WITCH: dict[str, Any] = {
    "name": "Bog Witch",
    "type_line": "Creature — Human Spellshaper",
    "oracle": "{B}, {T}, Discard a card: Add {B}{B}{B}.",
    "mana_cost": "{2}{B}",
}
#: "Discard a card" with no {T}: activated as often as the hand allows (Skirge Familiar, as printed).
SKIRGE_FAMILIAR: dict[str, Any] = {
    "name": "Skirge Familiar",
    "type_line": "Creature — Phyrexian Imp",
    "oracle": "Flying\nDiscard a card: Add {B}.",
    "mana_cost": "{4}{B}",
}
#: "Discard your hand" (made up: Lion's Eye Diamond's can be activated only as an instant).
HAND_BURNER: dict[str, Any] = {
    "name": "Hand Burner",
    "type_line": "Artifact",
    "oracle": "{T}, Discard your hand: Add {R}{R}.",
    "mana_cost": "{2}",
}
#: "Pay {E}" (Aether Hub, without its enters trigger).
AETHER_HUB: dict[str, Any] = {
    "name": "Aether Hub",
    "type_line": "Land",
    "oracle": "{T}: Add {C}.\n{T}, Pay {E}: Add one mana of any color.",
}
#: "Exert ~" (Oasis Ritualist, as printed).
OASIS_RITUALIST: dict[str, Any] = {
    "name": "Oasis Ritualist",
    "type_line": "Creature — Human Druid",
    "oracle": "{T}: Add one mana of any color.\n{T}, Exert Oasis Ritualist: Add two mana of any one color.",
    "mana_cost": "{3}{G}",
}
#: "Exile a card from your hand" (Cadaverous Bloom, as printed).
CADAVEROUS_BLOOM: dict[str, Any] = {
    "name": "Cadaverous Bloom",
    "type_line": "Enchantment",
    "oracle": "Exile a card from your hand: Add {B}{B} or {G}{G}.",
    "mana_cost": "{3}{B}{G}",
}
#: "Exile a creature you control" with a fixed amount (made up: Food Chain's amount reads the exiled
#: creature's mana value).
FEEDING_PIT: dict[str, Any] = {
    "name": "Feeding Pit",
    "type_line": "Enchantment",
    "oracle": "Exile a creature you control: Add {G}{G}.",
    "mana_cost": "{2}{G}",
}
#: "Sacrifice a Prism token" (Diamond Kaleidoscope's mana ability), and a Prism token.
DIAMOND_KALEIDOSCOPE: dict[str, Any] = {
    "name": "Diamond Kaleidoscope",
    "type_line": "Artifact",
    "oracle": "Sacrifice a Prism token: Add one mana of any color.",
    "mana_cost": "{4}",
}
PRISM: dict[str, Any] = {"name": "Prism", "type_line": "Artifact Creature — Prism", "token": True}
#: "Sacrifice a token named Wood" (Jungle Patrol's mana ability), and a Wood token.
JUNGLE_PATROL: dict[str, Any] = {
    "name": "Jungle Patrol",
    "type_line": "Creature — Human Soldier",
    "oracle": "Sacrifice a token named Wood: Add {R}.",
    "mana_cost": "{3}{G}",
}
WOOD: dict[str, Any] = {"name": "Wood", "type_line": "Artifact Creature — Wall", "token": True}
#: "Untap a tapped land an opponent controls" with a fixed output (made up: Benthic Explorers' output, "any
#: type that land could produce", is not read yet).
TIDE_SCOUT: dict[str, Any] = {
    "name": "Tide Scout",
    "type_line": "Creature — Merfolk Scout",
    "oracle": "{T}, Untap a tapped land an opponent controls: Add {C}{C}.",
    "mana_cost": "{3}{U}",
}
#: The same with no {T}: once for each tapped land of an opponent's (made up).
TIDE_WELL: dict[str, Any] = {
    "name": "Tide Well",
    "type_line": "Enchantment",
    "oracle": "Untap a tapped land an opponent controls: Add {C}.",
    "mana_cost": "{2}{U}",
}
#: "Return a land you control to its owner's hand" (made up: no printed mana ability has it).
ROOT_CALLER: dict[str, Any] = {
    "name": "Root Caller",
    "type_line": "Creature — Elf Druid",
    "oracle": "{T}, Return a land you control to its owner's hand: Add {G}{G}{G}.",
    "mana_cost": "{1}{G}",
}
#: "Remove any number of charge counters": one {U} more than it removes (Blue Mana Battery's mana ability).
BLUE_MANA_BATTERY: dict[str, Any] = {
    "name": "Blue Mana Battery",
    "type_line": "Artifact",
    "oracle": "{T}, Remove any number of charge counters from this artifact: Add {U}, then add an additional "
    "{U} for each charge counter removed this way.",
    "mana_cost": "{4}",
}
#: A counter put on before X is counted (Empowered Autogenerator's mana ability).
EMPOWERED_AUTOGENERATOR: dict[str, Any] = {
    "name": "Empowered Autogenerator",
    "type_line": "Artifact",
    "oracle": "{T}: Put a charge counter on this artifact. Add X mana of any one color, where X is the "
    "number of charge counters on this artifact.",
    "mana_cost": "{4}",
}

#: "Forage" (CR 701.61a: exile three cards from your graveyard or sacrifice a Food; Thornvault Forager).
THORNVAULT_FORAGER: dict[str, Any] = {
    "name": "Thornvault Forager",
    "type_line": "Creature — Squirrel Ranger",
    "oracle": "{T}: Add {G}.\n{T}, Forage: Add two mana in any combination of colors.",
    "mana_cost": "{1}{G}",
}
#: "Activate only if there is an Elf card in your graveyard" (Lys Alana Dignitary, without its casting cost).
LYS_ALANA_DIGNITARY: dict[str, Any] = {
    "name": "Lys Alana Dignitary",
    "type_line": "Creature — Elf Advisor",
    "oracle": "{T}: Add {G}{G}. Activate only if there is an Elf card in your graveyard.",
    "mana_cost": "{1}{G}",
}
#: The colors of the cards exiled to craft it (Sunbird Effigy's mana ability, crafted with blue and green).
SUNBIRD_EFFIGY: dict[str, Any] = {
    "name": "Sunbird Effigy",
    "type_line": "Artifact Creature — Dinosaur Bird",
    "oracle": "{T}: For each color among the exiled cards used to craft this creature, add one mana of that "
    "color.",
    "mana_cost": "{5}",
    "choices": {"crafted_colors": "UG"},
}
#: "~ becomes that color until end of turn" (Foraging Wickermaw's mana ability).
FORAGING_WICKERMAW: dict[str, Any] = {
    "name": "Foraging Wickermaw",
    "type_line": "Artifact Creature — Scarecrow",
    "oracle": "{1}: Add one mana of any color. This creature becomes that color until end of turn. Activate "
    "only once each turn.",
    "mana_cost": "{2}",
}
#: Lands make the color chosen at this turn's upkeep instead of any other color (Hall of Gemstone's effect).
HALL_OF_GEMSTONE: dict[str, Any] = {
    "name": "Hall of Gemstone",
    "type_line": "World Enchantment",
    "oracle": "At the beginning of each player's upkeep, that player chooses a color. Until end of turn, "
    "lands tapped for mana produce mana of the chosen color instead of any other color.",
    "mana_cost": "{1}{G}{G}",
    "choices": {"color": "R"},
}
#: The number of permanents counted at this turn's upkeep decides what Mountains make (Chaos Moon's effects).
CHAOS_MOON_TEXT = (
    "At the beginning of each upkeep, count the number of permanents. If the number is odd, until end of "
    "turn, red creatures get +1/+1 and whenever a player taps a Mountain for mana, that player adds an "
    "additional {R}. If the number is even, until end of turn, red creatures get -1/-1 and if a player taps "
    "a Mountain for mana, that Mountain produces colorless mana instead of any other type."
)
CHAOS_MOON_ODD: dict[str, Any] = {
    "name": "Chaos Moon",
    "type_line": "Enchantment",
    "oracle": CHAOS_MOON_TEXT,
    "mana_cost": "{3}{R}",
    "choices": {"upkeep_count": 7},
}
CHAOS_MOON_EVEN: dict[str, Any] = {**CHAOS_MOON_ODD, "choices": {"upkeep_count": 8}}
#: One mana of any color chosen as cards of its name were drafted (Paliano, the High City's second ability).
PALIANO: dict[str, Any] = {
    "name": "Paliano, the High City",
    "type_line": "Legendary Land",
    "oracle": "As you draft a card named Paliano, the High City, reveal it. As you do, choose a color.\n"
    "{T}: Add one mana of any color chosen as you drafted cards named Paliano, the High City.",
    "choices": {"drafted_colors": "WB"},
}
#: The last families of the 2019 card file (tests/test_last_2019_families.py): a trigger counting lands of the
#: same name (Sasaya's Essence, the flipped face), a land that grants from its graveyard (Riftstone Portal),
#: and The Great Henge, whose reduction of its own cost no permanent's payment reads (it taps for {G}{G}).
SASAYAS_ESSENCE: dict[str, Any] = {
    "name": "Sasaya's Essence",
    "type_line": "Legendary Enchantment",
    "oracle": "Whenever a land you control is tapped for mana, add an additional one mana of any type that "
    "land produced for each other land you control with the same name as it.",
}
RIFTSTONE_PORTAL: dict[str, Any] = {
    "name": "Riftstone Portal",
    "type_line": "Land",
    "oracle": '{T}: Add {C}.\nAs long as Riftstone Portal is in your graveyard, lands you control have "{T}: '
    'Add {G} or {W}."',
}
THE_GREAT_HENGE: dict[str, Any] = {
    "name": "The Great Henge",
    "type_line": "Legendary Artifact",
    "mana_cost": "{7}{G}{G}",
    "oracle": "This spell costs {X} less to cast, where X is the greatest power among creatures you control."
    "\n{T}: Add {G}{G}. You gain 2 life.\nWhenever a nontoken creature enters the battlefield under your "
    "control, put a +1/+1 counter on it and draw a card.",
}
#: Effects that change creatures' power (layer 7c: planner.rules.power_changes) and what reads a power: an
#: anthem, a lord that taps for {G} per Elf (Elvish Archdruid), and Marwyn, the Nurturer's {G} per power.
GLORIOUS_ANTHEM: dict[str, Any] = {
    "name": "Glorious Anthem",
    "type_line": "Enchantment",
    "oracle": "Creatures you control get +1/+1.",
    "mana_cost": "{1}{W}{W}",
}
ELVISH_ARCHDRUID: dict[str, Any] = {
    "name": "Elvish Archdruid",
    "type_line": "Creature — Elf Druid",
    "oracle": "Other Elf creatures you control get +1/+1.\n{T}: Add {G} for each Elf you control.",
    "mana_cost": "{1}{G}{G}",
    "power": 2,
    "toughness": 2,
}
#: Haste for a summoning-sick creature's {T} abilities (layer 6, CR 302.6: planner.rules.haste).
FIRES_OF_YAVIMAYA: dict[str, Any] = {
    "name": "Fires of Yavimaya",
    "type_line": "Enchantment",
    "oracle": "Creatures you control have haste.\nSacrifice Fires of Yavimaya: Target creature gets +2/+2 "
    "until end of turn.",
    "mana_cost": "{1}{R}{G}",
}
#: Haste as long as a condition the board answers (made up: the condition of Rattleblaze Scarecrow's kind on
#: Fires of Yavimaya's grant).
FORGE_RALLY: dict[str, Any] = {
    "name": "Forge Rally",
    "type_line": "Enchantment",
    "oracle": "As long as you control an artifact, creatures you control have haste.",
    "mana_cost": "{1}{R}",
}
#: Forge Rally's haste on a count of three (made up: the three-artifact threshold of Rattleblaze Scarecrow's
#: kind): ending it takes several of the artifacts it counts.
FORGE_RALLY_OF_THREE: dict[str, Any] = {
    **FORGE_RALLY,
    "name": "Forge Rally of Three",
    "oracle": "As long as you control three or more artifacts, creatures you control have haste.",
}
#: A summoning-sick creature's {T} ability with a mana cost (made up): the mana paying its {1} is made first,
#: and a Treasure sacrificed for it may end the haste the creature needs.
GREEN_RITUALIST: dict[str, Any] = {
    "name": "Green Ritualist",
    "type_line": "Creature — Elf Druid",
    "oracle": "{1}, {T}: Add {G}{G}{G}.",
    "mana_cost": "{1}{G}",
    "power": 1,
    "toughness": 1,
}
#: A sacrifice outlet for enchantments (made up): it may take away the source of a haste effect.
ENCHANTMENT_OUTLET: dict[str, Any] = {
    "name": "Enchantment Outlet",
    "type_line": "Artifact",
    "oracle": "Sacrifice an enchantment: Add {R}.",
    "mana_cost": "{2}",
}
#: Three mana of the type of a land's mana with a +1/+1 counter (as printed), and keywords with a mana ability
#: granted to other legendary creatures (Esika, God of the Tree, as printed).
INCUBATION_DRUID: dict[str, Any] = {
    "name": "Incubation Druid",
    "type_line": "Creature — Elf Druid",
    "oracle": "{T}: Add one mana of any type that a land you control could produce. If this creature has a "
    "+1/+1 counter on it, add three mana of that type instead.\n{3}{G}{G}: Adapt 3. (If this creature has no "
    "+1/+1 counters on it, put three +1/+1 counters on it.)",
    "mana_cost": "{1}{G}",
    "power": 0,
    "toughness": 2,
}
ESIKA: dict[str, Any] = {
    "name": "Esika, God of the Tree",
    "type_line": "Legendary Creature — God",
    "oracle": "Vigilance\n{T}: Add one mana of any color.\nOther legendary creatures you control have "
    'vigilance and "{T}: Add one mana of any color."',
    "mana_cost": "{1}{G}{G}",
    "power": 1,
    "toughness": 4,
}
#: Colors among some cards of the graveyard (The Grey Havens), and a count of its permanent cards (The Core):
#: both as printed.
GREY_HAVENS: dict[str, Any] = {
    "name": "The Grey Havens",
    "type_line": "Legendary Land",
    "oracle": "When The Grey Havens enters, scry 1.\n{T}: Add {C}.\n{T}: Add one mana of any color among "
    "legendary creature cards in your graveyard.",
}
THE_CORE: dict[str, Any] = {
    "name": "The Core",
    "type_line": "Legendary Land",
    "oracle": "Fathomless descent — {T}: Add X mana of any one color, where X is the number of permanent "
    "cards in your graveyard.",
}
MARWYN: dict[str, Any] = {
    "name": "Marwyn, the Nurturer",
    "type_line": "Legendary Creature — Elf Druid",
    "oracle": "Whenever another Elf you control enters, put a +1/+1 counter on Marwyn, the Nurturer.\n"
    "{T}: Add an amount of {G} equal to Marwyn's power.",
    "mana_cost": "{2}{G}",
    "power": 1,
    "toughness": 1,
}
#: Costs that take a land away before Sasaya's Essence counts the lands of its name: a sacrifice of a land
#: (made up: Squandered Resources' mana depends on the land), and a land sacrificing itself (Crystal Vein).
LAND_EATER: dict[str, Any] = {
    "name": "Land Eater",
    "type_line": "Artifact",
    "oracle": "Sacrifice a land: Add {C}.",
}
CRYSTAL_VEIN: dict[str, Any] = {
    "name": "Crystal Vein",
    "type_line": "Land",
    "oracle": "{T}: Add {C}.\n{T}, Sacrifice Crystal Vein: Add {C}{C}.",
}
#: "Choose a color of a card in your graveyard. Add one mana of that color." (Corrupted Grafstone, as
#: printed): a sacrifice may bring a color there first (planner.solve.dynamic).
CORRUPTED_GRAFSTONE: dict[str, Any] = {
    "name": "Corrupted Grafstone",
    "type_line": "Artifact",
    "oracle": "Corrupted Grafstone enters the battlefield tapped.\n{T}: Choose a color of a card in your "
    "graveyard. Add one mana of that color.",
    "mana_cost": "{2}",
}
#: The second probe's families (issue 35): a designation of the player as a condition (as printed), a grant
#: as long as a condition (The World Tree's sentence with three lands, made up: six make boards too large),
#: each player adding mana (as printed).
UNDERMOUNTAIN_ADVENTURER: dict[str, Any] = {
    "name": "Undermountain Adventurer",
    "type_line": "Creature — Giant Warrior",
    "oracle": "Vigilance\nWhen this creature enters, you take the initiative.\n{T}: Add {G}{G}. If you're "
    "the monarch or you have the initiative, add {G}{G}{G}{G}{G}{G} instead.",
    "mana_cost": "{3}{G}",
    "power": 3,
    "toughness": 4,
}
TEST_TREE: dict[str, Any] = {
    "name": "Test Tree",
    "type_line": "Land",
    "oracle": '{T}: Add {G}.\nAs long as you control three or more lands, lands you control have "{T}: Add '
    'one mana of any color."',
}
#: A pump for each permanent (made up: Faeburrow Elder's kind counting Forests) that its own mana reads.
FOREST_GROWER: dict[str, Any] = {
    "name": "Test Forest Grower",
    "type_line": "Creature — Elf Druid",
    "oracle": "This creature gets +1/+1 for each Forest you control.\n"
    "{T}: Add an amount of {G} equal to this creature's power.",
    "power": 0,
    "toughness": 1,
}
YURLOK: dict[str, Any] = {
    "name": "Yurlok of Scorch Thrash",
    "type_line": "Legendary Creature — Viashino Shaman",
    "oracle": "Vigilance\nA player losing unspent mana causes that player to lose that much life.\n{1}, {T}: "
    "Each player adds {B}{R}{G}.",
    "mana_cost": "{3}{B}{R}{G}",
    "power": 4,
    "toughness": 5,
}

#: A Food token, for Forage to sacrifice.
FOOD: dict[str, Any] = {
    "name": "Food",
    "type_line": "Token Artifact — Food",
    "oracle": "{2}, {T}, Sacrifice this token: You gain 3 life.",
    "token": True,
}

#: A made-up anthem that counts: 'for each Forest you control' (Kird Ape's and Jolrael's kind of count).
GROVE_HYMN: dict[str, Any] = {
    "name": "Test Grove Hymn",
    "type_line": "Enchantment",
    "oracle": "Creatures you control get +1/+1 for each Forest you control.",
}

RAINBOW_VALE: dict[str, Any] = {
    "name": "Rainbow Vale",
    "type_line": "Land",
    "oracle": "{T}: Add one mana of any color. At the beginning of the next end step, target opponent gains "
    "control of Rainbow Vale.",
}

KINNAN: dict[str, Any] = {
    "name": "Kinnan, Bonder Prodigy",
    "type_line": "Legendary Creature — Human Druid",
    "oracle": "Whenever you tap a nonland permanent for mana, add one additional mana of any type that "
    "permanent produced.",
    "mana_cost": "{G}{U}",
    "power": 2,
    "toughness": 2,
}

SONG_OF_FREYALISE: dict[str, Any] = {
    "name": "Song of Freyalise",
    "type_line": "Enchantment — Saga",
    "oracle": "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after III.)\n"
    'I, II — Until your next turn, creatures you control gain "{T}: Add one mana of any color."\n'
    "III — Put a +1/+1 counter on each creature you control. Those creatures gain vigilance, trample, and "
    "indestructible until end of turn.",
}

#: Powerstone Shard, as printed (2019's and current Oracle text).
POWERSTONE_SHARD: dict[str, Any] = {
    "name": "Powerstone Shard",
    "type_line": "Artifact",
    "mana_cost": "{3}",
    "oracle": "{T}: Add {C} for each artifact named Powerstone Shard you control.",
}
#: Selvala, Eager Trailblazer as printed (its Mercenary trigger pays nothing).
SELVALA: dict[str, Any] = {
    "name": "Selvala, Eager Trailblazer",
    "type_line": "Legendary Creature — Elf Scout",
    "mana_cost": "{2}{G}{W}",
    "power": 4,
    "toughness": 5,
    "oracle": (
        "Vigilance\nWhenever you cast a creature spell, create a 1/1 red Mercenary creature token with "
        '"{T}: Target creature you control gets +1/+0 until end of turn. Activate only as a sorcery."\n'
        "{T}: Choose a color. Add one mana of that color for each different power among creatures you "
        "control."
    ),
}
#: Cryptex as printed (its sacrifice ability is no mana ability).
CRYPTEX: dict[str, Any] = {
    "name": "Cryptex",
    "type_line": "Artifact",
    "mana_cost": "{2}",
    "oracle": (
        "{T}, Collect evidence 3: Add one mana of any color. Put an unlock counter on Cryptex. (To collect "
        "evidence 3, exile cards with total mana value 3 or greater from your graveyard.)\n"
        "Sacrifice Cryptex: Surveil 3, then draw three cards. Activate only if Cryptex has five or more "
        "unlock counters on it."
    ),
}
#: A leveler that taps for {G}{G} with one to four level counters and gives every Elf that ability from five
#: on (Joraga Treespeaker's words, as printed).
TEST_TREESPEAKER: dict[str, Any] = {
    "name": "Test Treespeaker",
    "type_line": "Creature — Elf Druid",
    "mana_cost": "{G}",
    "power": 1,
    "toughness": 1,
    "oracle": "Level up {1}{G} ({1}{G}: Put a level counter on this. Level up only as a sorcery.)\n"
    "LEVEL 1-4\n1/2\n{T}: Add {G}{G}.\nLEVEL 5+\n1/4\n"
    'Elves you control have "{T}: Add {G}{G}."',
}
#: The cards above with the cost parts of planner.rules.costs (all but the graveyard and color families).
COST_PART_CARDS: tuple[dict[str, Any], ...] = (
    BOG_WITCH,
    SKIRGE_FAMILIAR,
    HAND_BURNER,
    AETHER_HUB,
    OASIS_RITUALIST,
    CADAVEROUS_BLOOM,
    FEEDING_PIT,
    DIAMOND_KALEIDOSCOPE,
    JUNGLE_PATROL,
    TIDE_SCOUT,
    TIDE_WELL,
    ROOT_CALLER,
    BLUE_MANA_BATTERY,
    EMPOWERED_AUTOGENERATOR,
)
#: Agatha of the Vile Cauldron's shape ('{X} less, where X is ~'s power', a floor of one mana) with a mana
#: ability it changes: '{2}, {T}' costs {1} at power 2 (CR 601.2f via 602.2b).
TEST_WITCH: dict[str, Any] = {
    "name": "Test Witch",
    "type_line": "Legendary Creature — Human Warlock",
    "power": 2,
    "toughness": 2,
    "oracle": "Activated abilities of creatures you control cost {X} less to activate, where X is Test "
    "Witch's power. This effect can't reduce the mana in that cost to less than one mana.\n"
    "{2}, {T}: Add {B}{B}{B}.",
}
#: Thranduil's shape: the abilities of the Elf cards in its controller's graveyard (Llanowar Elves among
#: GRAVEYARD_CARDS), its own (CR 613.1f).
TEST_KING: dict[str, Any] = {
    "name": "Test King",
    "type_line": "Legendary Creature — Elf Noble",
    "power": 5,
    "toughness": 6,
    "oracle": "Test King has all activated abilities of all Elf cards in your graveyard.",
}
#: Territory Forge's shape, a land card exiled with it whose ability sacrifices '~' (CR 201.5: the Forge).
TEST_FORGE: dict[str, Any] = {
    "name": "Test Forge",
    "type_line": "Artifact",
    "oracle": "Test Forge has all activated abilities of the exiled card.",
    "choices": {
        "imprinted": {
            "name": "Test Grove",
            "mana_cost": "",
            "type_line": "Land",
            "oracle": "{T}, Sacrifice Test Grove: Add {R}{R}.",
        }
    },
}
#: Every card above that has a mana ability or changes lands' mana, for the generators of random boards.
FAMILY_CARDS: tuple[dict[str, Any], ...] = (
    *COST_PART_CARDS,
    *(THORNVAULT_FORAGER, LYS_ALANA_DIGNITARY, SUNBIRD_EFFIGY, FORAGING_WICKERMAW),
    *(SASAYAS_ESSENCE, RIFTSTONE_PORTAL, THE_GREAT_HENGE, LAND_EATER, CRYSTAL_VEIN),
    *(HALL_OF_GEMSTONE, CHAOS_MOON_ODD, CHAOS_MOON_EVEN),  # (no mana ability: effects on lands' mana)
    PALIANO,
    *(GLORIOUS_ANTHEM, ELVISH_ARCHDRUID, MARWYN),  # (layer 7c: the anthem has no mana ability)
    GROVE_HYMN,  # (layer 7c, 'for each Forest you control': a Land Eater may take a Forest first)
    *(
        RAINBOW_VALE,
        KINNAN,
        SONG_OF_FREYALISE,
    ),  # (a delayed trigger's target, 'additional', a chapter's grant)
    FIRES_OF_YAVIMAYA,  # (layer 6: haste)
    CORRUPTED_GRAFSTONE,  # (the colors of a graveyard a sacrifice may fill)
    *(FORGE_RALLY, INCUBATION_DRUID, ESIKA),  # (2020-2026's families: haste while, that type, grants)
    *(GREY_HAVENS, THE_CORE),  # (the graveyard's cards: colors among some, a count of permanent cards)
    *(UNDERMOUNTAIN_ADVENTURER, TEST_TREE, YURLOK),  # (the monarch's 'instead', a grant while, each player)
    FOREST_GROWER,  # (a pump for each Forest, which its own mana reads)
    *(FORGE_RALLY_OF_THREE, GREEN_RITUALIST, ENCHANTMENT_OUTLET),  # (haste ended by a cost mid-payment)
    *(POWERSTONE_SHARD, SELVALA, CRYPTEX),  # (a count by its own name, different powers, collect evidence)
    TEST_TREESPEAKER,  # (a leveler's striations, by its level counters)
    *(TEST_WITCH, TEST_KING, TEST_FORGE),  # (a power's cost reduction, abilities of cards elsewhere)
)
#: What those cards' costs take besides the card itself: tokens to sacrifice, creatures to exile; lands taken
#: away before Sasaya's Essence counts them.
FAMILY_EXTRAS: tuple[dict[str, Any], ...] = (
    *(PRISM, WOOD, FOOD),
    *({"card": "Llanowar Elves"}, {"card": "Forest"}, {"card": "Ashnod's Altar"}),
    *(LAND_EATER, CRYSTAL_VEIN),
)
#: Cards for a hand those costs discard or exile (Elvish Spirit Guide's own ability shares the hand).
HAND_CARDS: tuple[str, ...] = ("Forest", "Lightning Bolt", "Elvish Spirit Guide")
#: Cards for a graveyard those costs exile from and conditions look in (an Elf card among them), one that
#: grants its owner's lands an ability from there (Riftstone Portal), and a legendary creature card (The Grey
#: Havens' colors).
GRAVEYARD_CARDS: tuple[str | dict[str, Any], ...] = (
    "Forest",
    "Lightning Bolt",
    "Llanowar Elves",
    RIFTSTONE_PORTAL,
    {"name": "Test Legend", "type_line": "Legendary Creature — Human", "mana_cost": "{W}{U}"},
)


def counters_for(card: dict[str, Any], count: int) -> dict[str, Any]:
    """The counters a board gives a family card (charge counters for those that read them), none else."""
    if card in (BLUE_MANA_BATTERY, EMPOWERED_AUTOGENERATOR) and count:
        return {"counters": {"charge": count}}
    if card is SONG_OF_FREYALISE:
        return {"counters": {"lore": count}}
    if card is TEST_TREESPEAKER and count:
        return {"counters": {"level": count}}
    return {}
