"""Static effects that make permanents creatures (issue 35: layer 4, CR 613.1d, with their colors, layer 5,
and their base power and toughness, layer 7b):

- 'Forests you control are 1/1 green Elf creatures that are still lands.', 'All Forests are 1/1 creatures
  that are still lands.': each such land is also a creature (and an Elf, green) and keeps its other types (CR
  205.1b), so its '{T}: Add {G}.' waits for summoning sickness (CR 302.6), and what counts creatures or Elves
  counts it;
- an Aura's 'Enchanted land is a 3/3 black Ooze creature.' followed by 'It's still a land.' (CR 205.1b); the
  first sentence alone sets the card types and subtypes (CR 205.1a): the land is then no land and no Swamp,
  so it has no '{T}: Add {B}.' (CR 305.6);
- 'Enchanted Mountain is a 7/7 red Giant creature with haste. It's still a land.': haste lifts the summoning
  sickness (CR 302.6, 702.10) of what the type change took (CR 613.6);
- 'Equipped creature gets +1/+1 and is every creature type.' (CR 205.3m).

The base power and toughness such an effect sets (layer 7b) is applied to what reads a power
(tests/test_base_power.py). The cards are small fixtures written here (their names made
up); each answer is worked out by hand from the rules named, and every verdict is checked against CP-SAT alone
and the reference search (:func:`boards.checked_verdict`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from boards import ME, agrees_with_reference, checked_verdict, could, custom, make_board, mine
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

from models.board import Board
from models.cost import PaymentTarget
from models.layer_effects import ColorChange, GrantHaste, PowerDefined, TypeChange
from models.mana import ManaTypes
from models.oracle import parse_oracle
from models.spells import find_spell, spell_target
from models.types import TypeLine
from planner.api import max_x, pay, text_warnings
from planner.rules.reference import reference_search
from planner.rules.view import BoardView, locked_in

COMMANDER_TEXT = "Forests you control are 1/1 green Elf creatures that are still lands."
LIVING_TEXT = "All Forests are 1/1 creatures that are still lands."
OOZE_TEXT = "Enchant land\nEnchanted land is a 3/3 black Ooze creature. It's still a land."
OOZE_ALONE_TEXT = "Enchant land\nEnchanted land is a 3/3 black Ooze creature."
GIANT_TEXT = "Enchant Mountain\nEnchanted Mountain is a 7/7 red Giant creature with haste. It's still a land."
LIMB_TEXT = (
    "All Forests and all Saprolings are 1/1 green Saproling creatures and Forest lands in addition to their "
    "other types."
)
CRADLE_TEXT = "{T}: Add {G} for each creature you control."
ARCHDRUID_TEXT = "{T}: Add {G} for each Elf you control."


def forest(pid: str, **fields: Any) -> dict[str, Any]:
    return mine(pid, "Forest", **fields)


def commander(pid: str = "c", **fields: Any) -> dict[str, Any]:
    """An Elf creature whose static ability makes its controller's Forests 1/1 green Elf creatures."""
    return custom("Test Ambusher", pid, "Creature — Elf", COMMANDER_TEXT, power=2, toughness=2, **fields)


def enchantment(pid: str, text: str) -> dict[str, Any]:
    return custom(f"Test Charm {pid}", pid, "Enchantment", text)


def aura(pid: str, text: str, attached_to: str) -> dict[str, Any]:
    return custom(f"Test Aura {pid}", pid, "Enchantment — Aura", text, attached_to=attached_to)


def reference_largest_x(board: Any, cost: str) -> int:
    """The largest X for which the reference search pays ``cost`` (-1: none)."""
    largest = -1
    while reference_search(board, PaymentTarget.of(cost), ME, x=largest + 1, max_states=20_000).payable:
        largest += 1
    return largest


def checked_x(board: Any, cost: str) -> int:
    """max-x's largest X, checked against the reference search's."""
    found = max_x(board, PaymentTarget.of(cost))
    assert found.x is not None
    assert found.x == reference_largest_x(board, cost)
    return found.x


# ------------------------------------------------------------------------------------------------ reading


def test_the_sentences_are_read_as_layered_effects() -> None:
    read = parse_oracle(COMMANDER_TEXT, "Test Ambusher")
    change, colors = read.effects
    assert isinstance(change, TypeChange) and change.adds and not read.unsupported
    assert (change.card_types, change.subtypes, change.base_pt) == (("Creature",), ("Elf",), (1, 1))
    assert isinstance(colors, ColorChange) and colors.colors == ManaTypes.parse("G") and colors.linked
    assert not read.changes_power  # (layer 7b: applied to what reads a power, tests/test_base_power.py)
    # (set, then kept by the next sentence, CR 205.1a-b)
    alone = parse_oracle(OOZE_ALONE_TEXT).effects[0]
    assert isinstance(alone, TypeChange) and not alone.adds and str(alone.sets_types) == "Creature — Ooze"
    kept = parse_oracle(OOZE_TEXT)
    assert isinstance(kept.effects[0], TypeChange) and kept.effects[0].adds and not kept.unsupported
    giant = parse_oracle(GIANT_TEXT).effects
    assert [type(e) for e in giant] == [TypeChange, ColorChange, GrantHaste]
    # ('still a land' after anything else, two descriptions with more than a type: reported, never guessed)
    assert parse_oracle("It's still a land.").unsupported == ("It's still a land.",)
    odd = "All Forests and all green Saprolings are 1/1 green Saproling creatures that are still lands."
    assert parse_oracle(odd).unsupported == (odd,)
    (limb, _) = parse_oracle(LIMB_TEXT).effects
    assert isinstance(limb, TypeChange) and limb.affected.any_types == ("Forest", "Saproling")
    assert (limb.card_types, limb.subtypes, limb.land_types) == (
        ("Creature", "Land"),
        ("Saproling",),
        ("Forest",),
    )


# ------------------------------------------------------------------------------------- summoning sickness


def test_a_forest_made_a_creature_waits_for_summoning_sickness() -> None:
    """Two Forests, one played this turn (summoning_sick: not controlled since the turn began). Made 1/1
    creatures, the new one can't use its {T} ability (CR 302.6): {G}{G} is not paid, {G} is; without the
    Ambusher (a land is no creature) both tap."""
    board = make_board([commander(), forest("f1"), forest("f2", summoning_sick=True)], opponent=False)
    assert checked_verdict(board, "{G}") and not checked_verdict(board, "{G}{G}")
    assert checked_x(board, "{X}") == 1
    line = BoardView(board).type_line("f2")
    assert line.is_a("Creature") and line.is_a("Land") and line.is_a("Forest") and line.is_a("Elf")
    assert BoardView(board).colors("f2") == ManaTypes.parse("G")  # (layer 5: green)
    plain = make_board([forest("f1"), forest("f2", summoning_sick=True)], opponent=False)
    assert checked_verdict(plain, "{G}{G}")
    assert not text_warnings(board)


def test_an_aura_that_keeps_the_land() -> None:
    """'Enchanted land is a 3/3 black Ooze creature. It's still a land.' on a Swamp played this turn: still a
    Swamp (CR 205.1b) but a creature, summoning sick (CR 302.6): only the other Swamp taps."""
    swamp = mine("s", "Swamp", summoning_sick=True)
    board = make_board([aura("a", OOZE_TEXT, "s"), swamp, mine("s2", "Swamp")], opponent=False)
    assert checked_verdict(board, "{B}") and not checked_verdict(board, "{B}{B}")
    ready = make_board([aura("a", OOZE_TEXT, "s"), mine("s", "Swamp"), mine("s2", "Swamp")], opponent=False)
    assert checked_verdict(ready, "{B}{B}")
    assert BoardView(ready).colors("s") == ManaTypes.parse("B")


def test_an_aura_that_sets_the_types_takes_the_land_type() -> None:
    """'Enchanted land is a 3/3 black Ooze creature.' alone sets its card types and subtypes (CR 205.1a): the
    Swamp is a Creature — Ooze, no Swamp, and has no '{T}: Add {B}.' (CR 305.6)."""
    board = make_board(
        [aura("a", OOZE_ALONE_TEXT, "s"), mine("s", "Swamp"), mine("s2", "Swamp")], opponent=False
    )
    assert str(BoardView(board).type_line("s")) == "Basic Creature — Ooze"
    assert could(board)["s"] == ""
    assert checked_verdict(board, "{B}") and not checked_verdict(board, "{B}{B}")


def test_haste_with_the_type_change() -> None:
    """'Enchanted Mountain is a 7/7 red Giant creature with haste. It's still a land.': the Mountain played
    this turn is a creature with haste (CR 702.10), so it taps (CR 302.6), and '{T}: Add {G} for each
    creature you control.' counts it: {R}{G} is paid, {R}{G}{G} is not."""
    giant = aura("a", GIANT_TEXT, "m")
    cradle = custom("Test Cradle", "k", "Legendary Land", CRADLE_TEXT)
    board = make_board([giant, mine("m", "Mountain", summoning_sick=True), cradle], opponent=False)
    assert checked_verdict(board, "{R}{G}") and not checked_verdict(board, "{R}{G}{G}")
    assert checked_x(board, "{X}") == 2


def test_forests_and_saprolings_are_each_other() -> None:
    """'All Forests and all Saprolings are 1/1 green Saproling creatures and Forest lands in addition to their
    other types.': a Saproling token is a Forest land, so it has '{T}: Add {G}.' (CR 305.6) and waits for
    summoning sickness (CR 302.6) like a Forest played this turn (a creature too): the old Saproling and the
    old Forest tap, {G}{G}; the new ones don't."""
    saproling = {"name": "Saproling", "type_line": "Token Creature — Saproling", "power": 1, "toughness": 1}
    board = make_board(
        [
            enchantment("e", LIMB_TEXT),
            mine("t1", saproling, token=True),
            mine("t2", saproling, token=True, summoning_sick=True),
            forest("f1"),
            forest("f2", summoning_sick=True),
        ],
        opponent=False,
    )
    assert could(board)["t1"] == "G"
    assert checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{G}{G}{G}")
    assert BoardView(board).type_line("f1").is_a("Saproling") and not text_warnings(board)


def test_a_sacrificed_source_ends_the_sickness_it_made() -> None:
    """'All Swamps are 1/1 black creatures that are still lands.' on an artifact, 'Sacrifice an artifact: Add
    {C}.', and a Swamp played this turn: sick while a creature (CR 302.6); once the artifact is sacrificed
    for {C}, its effect ends (CR 611.3a) and the Swamp is no creature, so it taps: {B}{C} is paid (and
    {B}{C}{C}, the outlet sacrificing itself too)."""
    bell = custom("Test Bell", "b", "Artifact", "All Swamps are 1/1 black creatures that are still lands.")
    outlet = custom("Test Outlet", "o", "Artifact", "Sacrifice an artifact: Add {C}.")
    board = make_board([bell, outlet, mine("s", "Swamp", summoning_sick=True)], opponent=False)
    assert checked_verdict(board, "{B}") and checked_verdict(board, "{B}{C}{C}")
    assert not checked_verdict(board, "{B}{B}")
    assert checked_x(board, "{X}") == 3


# ------------------------------------------------------------------------------------------------- counts


def test_creatures_counted_include_the_lands_made_creatures() -> None:
    """'{T}: Add {G} for each creature you control.' beside 'All Forests are 1/1 creatures that are still
    lands.' and two Forests: two creatures, so {G}{G} from it, and each Forest's {G}: {G}{G}{G}{G}; on main
    (the sentence unread) it counted none."""
    cradle = custom("Test Cradle", "k", "Legendary Land", CRADLE_TEXT)
    board = make_board([enchantment("e", LIVING_TEXT), cradle, forest("f1"), forest("f2")], opponent=False)
    assert checked_verdict(board, "{G}{G}{G}{G}") and not checked_verdict(board, "{G}{G}{G}{G}{G}")
    assert checked_x(board, "{X}") == 4


def test_elves_counted_include_the_forests_made_elves() -> None:
    """'{T}: Add {G} for each Elf you control.' (a 2/2 Elf of its own, tapping as it has been there) beside
    the Ambusher (an Elf) and a Forest made an Elf: three Elves, {G}{G}{G}, and the Forest's {G}."""
    druid = custom("Test Archdruid", "d", "Creature — Elf Druid", ARCHDRUID_TEXT, power=2, toughness=2)
    board = make_board([commander(), druid, forest("f1")], opponent=False)
    assert checked_verdict(board, "{G}{G}{G}{G}") and not checked_verdict(board, "{G}{G}{G}{G}{G}")


# ---------------------------------------------------------------------------------------------------- power


def test_a_power_read_beside_a_base_power_set_is_applied() -> None:
    """Layer 7b is applied: an ability that adds mana equal to the greatest power among creatures (the Forest
    made a 1/1 among them, the Ambusher 2, itself 3) adds 3 of one color, the Forest {G} (a creature, there
    since the turn began, CR 302.6): {X} up to 4. On main it was set aside with a warning."""
    strongarm = custom(
        "Test Strongarm",
        "g",
        "Creature — Elf",
        "{T}: Add X mana of any one color, where X is the greatest power among creatures you control.",
        power=3,
        toughness=3,
    )
    board = make_board([commander(), strongarm, forest("f")], opponent=False)
    assert not text_warnings(board) and could(board)["g"] == "WUBRG"
    assert checked_x(board, "{X}") == 4


# -------------------------------------------------------------------------------------- every creature type


def test_an_equipment_makes_every_creature_type() -> None:
    """'Equipped creature gets +1/+1 and is every creature type.' (CR 205.3m) on a Bear: an Elf for '{T}: Add
    {G} for each Elf you control.', which then counts two Elves."""
    druid = custom("Test Archdruid", "d", "Creature — Elf Druid", ARCHDRUID_TEXT, power=2, toughness=2)
    bear = custom("Test Bear", "b", "Creature — Bear", "", power=2, toughness=2)
    rod = custom(
        "Test Rod",
        "r",
        "Artifact — Equipment",
        "Equipped creature gets +1/+1 and is every creature type.",
        attached_to="b",
    )
    board = make_board([druid, bear, rod], opponent=False)
    assert BoardView(board).type_line("b").is_a("Elf")
    assert checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{G}{G}{G}")


MIMIC = {
    "name": "Test Mimic",
    "type_line": "Legendary Creature",
    "mana_cost": "{2}{G}",
    "oracle": "Test Mimic is every creature type (even if this card isn't on the battlefield).",
    "power": 2,
    "toughness": 2,
}


def test_a_card_that_is_every_creature_type_is_an_elf_everywhere() -> None:
    """'~ is every creature type' is a characteristic-defining ability (CR 604.3, as changeling, 702.73a): on
    the battlefield it is an Elf for '{T}: Add {G} for each Elf you control.' ({G}{G} with the Archdruid), and
    as a spell it is an Elf spell for 'Elf spells you cast cost {1} less to cast.' ({2}{G} paid by two
    Forests)."""
    read = parse_oracle(str(MIMIC["oracle"]), "Test Mimic")
    assert read.keywords == frozenset({"changeling"}) and not read.unsupported
    druid = custom("Test Archdruid", "d", "Creature — Elf Druid", ARCHDRUID_TEXT, power=2, toughness=2)
    board = make_board([druid, mine("m", MIMIC)], opponent=False)
    assert checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{G}{G}{G}")
    herald = custom("Test Herald", "h", "Enchantment", "Elf spells you cast cost {1} less to cast.")
    hand = [{k: MIMIC[k] for k in ("name", "type_line", "oracle", "mana_cost")}]
    lands = make_board([herald, forest("f1"), forest("f2")], hand=hand, opponent=False)
    cast = spell_target(find_spell(lands.player(ME), "Test Mimic"))
    assert cast.type_line.is_a("Elf") and str(locked_in(BoardView(lands), cast, ME).cost) == "{1}{G}"
    assert pay(lands, cast).payable
    plain = replace(cast, type_line=TypeLine.parse("Legendary Creature"))
    assert str(locked_in(BoardView(lands), plain, ME).cost) == "{2}{G}" and not pay(lands, plain).payable


# ------------------------------------------------------------------------------------- the chosen type

XENO_TEXT = (
    "As this enchantment enters, choose a creature type.\n"
    "Each creature you control is the chosen type in addition to its other types."
)
ADAPTATION_TEXT = (
    "As this enchantment enters, choose a creature type.\n"
    "Creatures you control are the chosen type in addition to their other types. The same is true for "
    "creature spells you control and creature cards you own that aren't on the battlefield."
)
THRONE_TEXT = (
    "As this creature enters, choose a creature type.\n"
    "This creature is the chosen type in addition to its other types."
)
PASSAGE_TEXT = (
    "As this land enters, choose a basic land type. Then you may pay 2 life. If you don't, it enters "
    "tapped.\nThis land is the chosen type."
)


def test_creatures_of_the_chosen_type_are_counted() -> None:
    """'Each creature you control is the chosen type in addition to its other types.' with Elf chosen: the
    Bear is an Elf (CR 205.3d), so '{T}: Add {G} for each Elf you control.' counts it and the Archdruid:
    {G}{G}. An opponent's Bear is not changed. With no choice given the effect is reported, not guessed."""
    druid = custom("Test Archdruid", "d", "Creature — Elf Druid", ARCHDRUID_TEXT, power=2, toughness=2)
    bear = {"name": "Test Bear", "type_line": "Creature — Bear", "oracle": "", "power": 2, "toughness": 2}
    xeno = custom("Test Graft", "x", "Enchantment", XENO_TEXT, choices={"creature_type": "Elf"})
    theirs = {**mine("o", bear), "controller": "opp"}
    board = make_board([xeno, druid, mine("b", bear), theirs])
    assert checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{G}{G}{G}")
    assert not BoardView(board).type_line("o").is_a("Elf") and not text_warnings(board)
    unchosen = make_board([{**xeno, "choices": {}}, druid, mine("b", bear)], opponent=False)
    assert checked_verdict(unchosen, "{G}") and not checked_verdict(unchosen, "{G}{G}")
    assert any("creature_type" in warning.reason for warning in text_warnings(unchosen))


def test_creature_spells_of_the_chosen_type() -> None:
    """Arcane Adaptation's shape with Elf chosen: a Bear spell its controller casts is an Elf spell too (CR
    613.1d reaching the spell), so 'Elf spells you cast cost {1} less to cast.' takes {1} off its {2}{G}."""
    adaptation = custom(
        "Test Adaptation", "x", "Enchantment", ADAPTATION_TEXT, choices={"creature_type": "Elf"}
    )
    herald = custom("Test Herald", "h", "Enchantment", "Elf spells you cast cost {1} less to cast.")
    board = make_board([adaptation, herald, forest("f1"), forest("f2")], opponent=False)
    bear = PaymentTarget.of("{2}{G}", type_line="Creature — Bear", name="Test Bear")
    assert str(locked_in(BoardView(board), bear, ME).cost) == "{1}{G}" and pay(board, bear).payable
    bolt = PaymentTarget.of("{2}{R}", type_line="Instant", name="Test Bolt")
    assert str(locked_in(BoardView(board), bolt, ME).cost) == "{2}{R}"


def test_a_creature_of_its_own_chosen_type() -> None:
    """'This creature is the chosen type in addition to its other types.' with Elf chosen: the Throne is an
    Elf counted by the Archdruid: {G}{G}."""
    druid = custom("Test Archdruid", "d", "Creature — Elf Druid", ARCHDRUID_TEXT, power=2, toughness=2)
    throne = custom(
        "Test Throne",
        "t",
        "Artifact Creature — Golem",
        THRONE_TEXT,
        power=4,
        toughness=4,
        choices={"creature_type": "Elf"},
    )
    board = make_board([druid, throne], opponent=False)
    assert checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{G}{G}{G}")


def test_a_land_of_its_own_chosen_basic_land_type() -> None:
    """'This land is the chosen type.' with Island chosen: the land is an Island, so it has '{T}: Add {U}.'
    (CR 305.6); with no choice given it makes no mana, reported."""
    passage = custom("Test Passage", "p", "Land", PASSAGE_TEXT, choices={"basic_land_type": "Island"})
    board = make_board([passage], opponent=False)
    assert could(board) == {"p": "U"} and checked_verdict(board, "{U}") and not text_warnings(board)
    unchosen = make_board([{**passage, "choices": {}}], opponent=False)
    assert could(unchosen) == {"p": ""}
    assert any("basic_land_type" in warning.reason for warning in text_warnings(unchosen))


# ------------------------------------------------------------------------------------- power defined (7a)

BRAWLER_TEXT = (
    "Domain — Test Brawler's power is equal to the number of basic land types among lands you control."
)


def test_a_power_defined_by_its_own_text_is_read_and_applied_where_read() -> None:
    """'~'s power is equal to the number of basic land types among lands you control.' (a characteristic-
    defining ability, layer 7a, CR 604.3): read and applied (tests/test_defined_power.py): an ability that
    reads its power ('Add an amount of {G} equal to ~'s power') beside a Forest reads 1, never the printed
    '*' (0 on the board); another creature's power is read as before. A sentence of that shape the grammar
    does not read ('... the number of cards in your hand') defines it too: what reads it is set aside with a
    warning, never used with the power the board gave."""
    read = parse_oracle(BRAWLER_TEXT, "Test Brawler")
    (defined,) = read.effects
    assert isinstance(defined, PowerDefined) and not defined.toughness
    maro = parse_oracle(
        "Test Maro's power and toughness are each equal to twice the number of basic land types among lands "
        "you control.",
        "Test Maro",
    )
    assert [(e.times, e.toughness) for e in maro.effects if isinstance(e, PowerDefined)] == [(2, True)]
    brawler = custom(
        "Test Brawler",
        "b",
        "Creature — Cat Warrior",
        f"{BRAWLER_TEXT}\n{{T}}: Add an amount of {{G}} equal to Test Brawler's power.",
        power=0,
        toughness=3,
    )
    board = make_board([brawler, forest("f")], opponent=False)
    assert not text_warnings(board)
    assert checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{G}{G}{G}")
    # (a shape the grammar does not read defines the power too: its read is reported, not taken as given)
    hand_text = "Test Sage's power is equal to the number of cards in your hand."
    assert parse_oracle(hand_text, "Test Sage").defines_power
    sage = {
        **brawler,
        "name": "Test Sage",
        "oracle": f"{hand_text}\n{{T}}: Add an amount of {{G}} equal to Test Sage's power.",
    }
    (unread,) = text_warnings(make_board([sage], opponent=False))
    assert "its text defines its power" in unread.reason
    # (another creature's power is its own: 'Add an amount of {G} equal to ~'s power' on a 3/3 beside the
    # Brawler adds {G}{G}{G}, CR 604.3 defines the Brawler's alone)
    strongarm = custom(
        "Test Strongarm",
        "g",
        "Creature — Elf",
        "{T}: Add an amount of {G} equal to this creature's power.",
        power=3,
        toughness=3,
    )
    beside = make_board([{**brawler, "oracle": BRAWLER_TEXT}, strongarm], opponent=False)
    assert checked_verdict(beside, "{G}{G}{G}") and not checked_verdict(beside, "{G}{G}{G}{G}")
    assert not text_warnings(beside)


# ---------------------------------------------------------------------------- types beside pumps and grants


def test_types_added_beside_a_grant_or_a_color() -> None:
    """Three sentences that add a type beside something else (CR 205.1b, in addition), each counted:
    'Equipped creature gets +1/+1, has "...", and is a Wizard in addition to its other types.' makes the
    Bear a Wizard for '{T}: Add {U} for each Wizard you control.' ({U}{U} with the Sage itself); 'All Goblins
    are black and are Zombies in addition to their other creature types.' makes the Goblin a Zombie (and
    black, layer 5) for '{T}: Add {B} for each Zombie you control.'; 'Artifacts you control are Foods in
    addition to their other types and have "..."' makes a Bauble a Food for 'Sacrifice a Food: Add
    {C}{C}.'."""
    sage = custom(
        "Test Sage",
        "s",
        "Creature — Human Wizard",
        "{T}: Add {U} for each Wizard you control.",
        power=1,
        toughness=1,
    )
    bear = custom("Test Bear", "b", "Creature — Bear", "", power=2, toughness=2)
    staff = custom(
        "Test Staff",
        "r",
        "Artifact — Equipment",
        'Equipped creature gets +1/+1, has "Whenever this creature attacks, you gain 1 life," and is a '
        "Wizard in addition to its other types.",
        attached_to="b",
    )
    board = make_board([sage, bear, staff], opponent=False)
    assert checked_verdict(board, "{U}{U}") and not checked_verdict(board, "{U}{U}{U}")
    crusade = enchantment(
        "c", "All Goblins are black and are Zombies in addition to their other creature types."
    )
    goblin = custom("Test Goblin", "g", "Creature — Goblin", "", power=1, toughness=1)
    crypt = custom("Test Crypt", "k", "Land", "{T}: Add {B} for each Zombie you control.")
    board = make_board([crusade, goblin, crypt], opponent=False)
    assert checked_verdict(board, "{B}") and not checked_verdict(board, "{B}{B}")
    assert BoardView(board).colors("g") == ManaTypes.parse("B")
    pantry = enchantment(
        "p",
        'Artifacts you control are Foods in addition to their other types and have "{2}, {T}, Sacrifice this '
        'artifact: You gain 3 life."',
    )
    bauble = custom("Test Bauble", "a", "Artifact", "")
    eater = custom("Test Eater", "e", "Land", "Sacrifice a Food: Add {C}{C}.")
    board = make_board([pantry, bauble, eater], opponent=False)
    assert checked_verdict(board, "{C}{C}") and not checked_verdict(board, "{C}{C}{C}")


# ---------------------------------------------------------------------------------- a Vehicle's own types


def test_a_vehicle_is_a_creature_on_a_turn_or_with_counters() -> None:
    """'During turns other than yours, ~ is an artifact creature.': on an opponent's turn the Vehicle is a
    creature (CR 205.1b: still an artifact, its printed 3/3), counted by '{T}: Add {G} for each creature you
    control.' ({G}); on its controller's turn it is none ({G} is not paid). 'As long as ~ has three or more
    fire counters on it, it's an artifact creature.': with three it is counted, with two it is not."""
    cradle = custom("Test Cradle", "k", "Legendary Land", CRADLE_TEXT)
    mangler = custom(
        "Test Mangler",
        "v",
        "Artifact — Vehicle",
        "During turns other than yours, this Vehicle is an artifact creature.\nCrew 2",
        power=3,
        toughness=3,
    )
    mine_turn = make_board([cradle, mangler])
    assert not checked_verdict(mine_turn, "{G}")
    theirs = Board.from_dict({**mine_turn.to_dict(), "active_player": "opp"})
    for cost, payable in (("{G}", True), ("{G}{G}", False)):  # (paid by "me" on the opponent's turn)
        assert pay(theirs, PaymentTarget.of(cost), player=ME).payable is payable
        assert reference_search(theirs, PaymentTarget.of(cost), ME).payable is payable
    assert BoardView(theirs).type_line("v").is_a("Artifact") and BoardView(theirs).type_line("v").is_a(
        "Vehicle"
    )
    balloon_text = "As long as this Vehicle has three or more fire counters on it, it's an artifact creature."
    balloon = custom("Test Balloon", "b", "Artifact — Vehicle", balloon_text, power=1, toughness=1)
    three = make_board([cradle, {**balloon, "counters": {"fire": 3}}], opponent=False)
    assert checked_verdict(three, "{G}")
    two = make_board([cradle, {**balloon, "counters": {"fire": 2}}], opponent=False)
    assert not checked_verdict(two, "{G}")


# ---------------------------------------------------------------------------- against the reference search

#: Effects that make lands creatures (or Elves), on an enchantment or an artifact a cost may sacrifice.
_ANIMATORS = (
    ("Enchantment", LIVING_TEXT),
    ("Artifact", "All Swamps are 1/1 black creatures that are still lands."),
    ("Enchantment", COMMANDER_TEXT),
)
#: What reads creatures, Elves, or sacrifices them or the animators.
_READERS = (
    ("Legendary Land", CRADLE_TEXT),
    ("Land", ARCHDRUID_TEXT),
    ("Artifact", "Sacrifice a creature: Add {C}{C}."),
    ("Artifact", "Sacrifice an enchantment: Add {C}."),
    ("Artifact", "Sacrifice an artifact: Add {C}."),
)


@st.composite
def _animated_boards(draw: st.DrawFn) -> Board:
    """An animator, one or two readers, and up to three basic lands, some played this turn."""
    kind, text = draw(st.sampled_from(_ANIMATORS))
    permanents = [custom("Test Animator", "a", kind, text)]
    for number, (line, reader) in enumerate(
        draw(st.lists(st.sampled_from(_READERS), min_size=1, max_size=2))
    ):
        permanents.append(custom(f"Test Reader {number}", f"r{number}", line, reader))
    for number in range(draw(st.integers(1, 3))):
        land = draw(st.sampled_from(["Forest", "Swamp"]))
        permanents.append(mine(f"l{number}", land, summoning_sick=draw(st.booleans())))
    return make_board(permanents, opponent=False)


@settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(_animated_boards(), st.sampled_from(["{G}", "{G}{G}", "{B}{C}", "{G}{G}{G}", "{2}{G}", "{C}{C}{B}"]))
def test_made_creatures_agree_with_the_reference_search(board: Board, cost: str) -> None:
    """pay (and CP-SAT alone) against the reference search: verdicts and best plans (boards.agrees...)."""
    if agrees_with_reference(board, PaymentTarget.of(cost), max_states=5_000) is None:
        reject()
