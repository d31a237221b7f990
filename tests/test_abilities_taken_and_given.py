"""Statics that take abilities away, forbid their activation or give haste, in the shapes real cards write
them (issue 35, layer 6, CR 613.1f): an Aura's 'Enchanted creature loses all abilities and is a blue Frog
creature with base power and toughness 1/1' (its types in layer 4, CR 205.1a-b; its colors in layer 5),
'gets -2/-0 and loses all abilities', 'Enchanted creature's activated abilities can't be activated' and
'Activated abilities of artifacts, creatures, and planeswalkers can't be activated' (mana abilities are
activated abilities, CR 605.1a, 602.5), '~ has deathtouch and haste', 'As long as <condition>, ~ gets +1/+0
and has haste', 'Creatures you control have haste and attack each combat if able' and Thousand-Year Elixir's
'You may activate abilities of creatures you control as though those creatures had haste' (CR 302.6, 702.10).
Before, each sentence was left unread: its permanent's mana was used as if the sentence were not there (a
wrong "yes" under a loss or a ban) or a summoning-sick creature's was not (a wrong "no" beside haste).

Values are derived by hand from the rules cited by each test, and each board is checked against the
reference search (:func:`boards.checked_verdict`). The cards are small fixtures written here.
"""

from __future__ import annotations

from typing import Any

from boards import ME, checked_verdict, could, custom, largest_x, make_board, mine

from models.layer_effects import AbilityLoss, ColorChange, GrantHaste, PowerChange, TypeChange
from models.mana_effects import ActivationBan
from models.oracle import parse_oracle
from planner.api import text_warnings
from planner.rules.view import BoardView


def aura(pid: str, sentence: str, attached_to: str) -> dict[str, Any]:
    """An Aura of "me" with this static sentence, on ``attached_to``."""
    text = f"Enchant creature\n{sentence}"
    return custom(f"Test Aura {pid}", pid, "Enchantment — Aura", text, controller=ME, attached_to=attached_to)


def elf(pid: str, oracle: str = "{T}: Add {G}.", **fields: Any) -> dict[str, Any]:
    """A 1/1 Elf creature of "me" with this text (a Llanowar Elves by default)."""
    return custom(f"Test Elf {pid}", pid, "Creature — Elf Druid", oracle, controller=ME, power=1, toughness=1,
                  **fields)  # fmt: skip


def producers(board: Any) -> dict[str, str]:
    """What each permanent that could produce mana could (CR 106.7), as letters."""
    return {pid: made for pid, made in could(board).items() if made}


FROG = "Enchanted creature loses all abilities and is a blue Frog creature with base power and toughness 1/1."
CHICKEN = "Enchanted creature is a Chicken with base power and toughness 1/1 and loses all abilities."
DOMINATED = "Enchanted creature gets -2/-0 and loses all abilities."
TOY = ("Enchanted creature loses all abilities and is a Toy artifact creature with base power and toughness "
       "0/2 in addition to its other types.")  # fmt: skip
DETAINED = "Enchanted creature's activated abilities can't be activated."
CONQUEROR = "Activated abilities of artifacts, creatures, and planeswalkers can't be activated."
#: Elvish Archdruid's shape: counts Elves, so that a type set in layer 4 changes what it adds
ELF_LORD = "{T}: Add {G} for each Elf you control."


# ------------------------------------------------------------------------------------------------ reading


def test_each_shape_is_read_into_its_layers() -> None:
    frog = parse_oracle(FROG).effects
    assert [type(e) for e in frog] == [TypeChange, ColorChange, AbilityLoss]
    change, colors, loss = frog
    assert isinstance(change, TypeChange) and str(change.sets_types) == "Creature — Frog"
    assert isinstance(colors, ColorChange) and str(colors.colors) == "U" and not colors.adds
    assert isinstance(loss, AbilityLoss) and loss.linked and (loss.base_power, loss.base_toughness) == (1, 1)
    chicken = parse_oracle(CHICKEN).effects
    assert [type(e) for e in chicken] == [TypeChange, AbilityLoss]
    assert isinstance(chicken[0], TypeChange) and chicken[0].sets_types is not None
    assert chicken[0].sets_types.subtypes == ("Chicken",) and chicken[0].sets_types.card_types == ()
    assert [type(e) for e in parse_oracle(DOMINATED).effects] == [PowerChange, AbilityLoss]
    toy = parse_oracle(TOY).effects
    assert isinstance(toy[0], TypeChange) and toy[0].adds and toy[0].card_types == ("Artifact", "Creature")
    (detained,) = parse_oracle(DETAINED).effects
    assert isinstance(detained, ActivationBan) and detained.affected.attached
    bans = parse_oracle(CONQUEROR).effects
    assert [b.affected.describe() for b in bans if isinstance(b, ActivationBan)] == [
        "artifact",
        "creature",
        "planeswalker",
    ]
    for text in (
        "Test Rider has deathtouch and haste.",
        "Creatures you control have haste and attack each combat if able.",
        "You may activate abilities of creatures you control as though those creatures had haste.",
    ):
        read = parse_oracle(text, "Test Rider")
        assert not read.unsupported and [type(e) for e in read.effects] == [GrantHaste], text
    raider = parse_oracle(
        "As long as you control an artifact, Test Raider gets +1/+0 and has haste.", "Test Raider"
    )
    assert [type(e) for e in raider.effects] == [PowerChange, GrantHaste]
    assert all(e.condition is not None for e in raider.effects if isinstance(e, GrantHaste | PowerChange))


# ------------------------------------------------------------------------------------------------ losses


def test_an_enchanted_mana_creature_that_loses_all_abilities_makes_no_mana() -> None:
    # (CR 613.1f: its '{T}: Add {G}' is gone; the other Elf and the Forest make {G} each)
    for sentence in (FROG, CHICKEN, DOMINATED, TOY):
        board = make_board([elf("e"), elf("e2"), mine("f", "Forest"), aura("a", sentence, "e")])
        assert "e" not in producers(board), sentence
        assert checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{G}{G}{G}"), sentence
        assert largest_x(board) == 2, sentence
        assert not text_warnings(board), sentence
    # (the Aura elsewhere: all three make {G})
    away = make_board([elf("e"), elf("e2"), mine("f", "Forest"), aura("a", FROG, "e2")])
    assert checked_verdict(away, "{G}{G}") and not checked_verdict(away, "{G}{G}{G}")


def test_a_creature_type_set_in_layer_4_changes_what_counts_elves() -> None:
    # the lord counts Elves it controls (itself and the other): 2; the other made a Frog (CR 205.1a) or a
    # Chicken (205.1b: its creature types replaced) is no Elf, and the lord adds {G} for itself alone
    lord = elf("l", ELF_LORD)
    plain = make_board([lord, elf("e", "")])
    assert checked_verdict(plain, "{G}{G}") and not checked_verdict(plain, "{G}{G}{G}")
    for sentence in (FROG, CHICKEN):
        board = make_board([lord, elf("e", ""), aura("a", sentence, "e")])
        assert BoardView(board).type_line("e").subtypes in (("Frog",), ("Chicken",))
        assert checked_verdict(board, "{G}") and not checked_verdict(board, "{G}{G}"), sentence
        assert largest_x(board) == 1, sentence
    # 'in addition to its other types' keeps it an Elf (CR 205.1a): still 2
    toyed = make_board([lord, elf("e", ""), aura("a", TOY, "e")])
    assert checked_verdict(toyed, "{G}{G}") and not checked_verdict(toyed, "{G}{G}{G}")


def test_a_land_creature_that_loses_all_abilities_loses_its_land_types_ability_too() -> None:
    # Dryad Arbor stays a Forest under 'gets -2/-0 and loses all abilities', but the intrinsic '{T}: Add {G}'
    # a Forest has (CR 305.6) is an ability like any other, taken in layer 6 after layer 4 gave it (CR 613.1)
    arbor = mine("d", "Dryad Arbor")
    dominated = make_board([arbor, mine("f", "Forest"), aura("a", DOMINATED, "d")])
    assert BoardView(dominated).type_line("d").is_a("Forest")
    assert "d" not in producers(dominated)
    assert checked_verdict(dominated, "{G}") and not checked_verdict(dominated, "{G}{G}")
    # made 'a blue Frog creature' it is no land and no Forest at all (CR 205.1a): no mana either
    frog = make_board([arbor, mine("f", "Forest"), aura("a", FROG, "d")])
    assert not BoardView(frog).type_line("d").is_a("Land")
    assert checked_verdict(frog, "{G}") and not checked_verdict(frog, "{G}{G}")
    bare = make_board([arbor, mine("f", "Forest")])
    assert checked_verdict(bare, "{G}{G}")


# ------------------------------------------------------------------------------------------------ bans


def test_an_enchanted_creatures_activated_abilities_cant_be_activated() -> None:
    # (CR 602.5: a rule or effect that forbids an ability's activation; its mana ability is one, 605.1a)
    board = make_board([elf("e"), elf("e2"), aura("a", DETAINED, "e")])
    assert "e" not in producers(board)
    assert checked_verdict(board, "{G}") and not checked_verdict(board, "{G}{G}")
    assert largest_x(board) == 1


def test_activated_abilities_of_artifacts_creatures_and_planeswalkers_cant_be_activated() -> None:
    # (CR 602.5, 605.1a: Sol Ring's and the Elf's mana abilities too; the Forest, a land alone, is free)
    conqueror = custom("Test Conqueror", "c", "Creature — Dragon", f"Flying\n{CONQUEROR}", controller=ME,
                       power=3, toughness=3)  # fmt: skip
    board = make_board([elf("e"), mine("s", "Sol Ring"), mine("f", "Forest"), conqueror])
    assert set(producers(board)) == {"f"}
    assert checked_verdict(board, "{G}") and not checked_verdict(board, "{1}{G}")
    assert largest_x(board) == 1


# ------------------------------------------------------------------------------------------------ haste


def test_haste_from_the_shapes_lets_a_summoning_sick_creature_tap_for_mana() -> None:
    # (CR 302.6, 702.10c: a summoning-sick creature with haste activates its {T} abilities)
    own = custom("Test Rider", "r", "Creature — Human", "Test Rider has deathtouch and haste.\n{T}: Add {R}.",
                 controller=ME, power=1, toughness=1, summoning_sick=True)  # fmt: skip
    assert checked_verdict(make_board([own]), "{R}")
    raiser = "Creatures you control have haste and attack each combat if able."
    hellraiser = custom("Test Raiser", "h", "Creature — Goblin", raiser, controller=ME, power=2, toughness=2)
    sick = make_board([elf("e", summoning_sick=True), hellraiser])
    assert producers(sick) == {"e": "G"} and checked_verdict(sick, "{G}")
    assert checked_verdict(make_board([elf("e", summoning_sick=True)]), "{G}") is False


def test_haste_as_long_as_a_condition_holds() -> None:
    # 'As long as you control an artifact': with the Sol Ring the sick Raider taps for {R} (and the Ring for
    # {C}{C}: {R} and two more); without an artifact it can't (CR 302.6)
    text = "As long as you control an artifact, Test Raider gets +1/+0 and has haste.\n{T}: Add {R}."
    raider = custom("Test Raider", "r", "Creature — Goblin", text, controller=ME, power=1, toughness=1,
                    summoning_sick=True)  # fmt: skip
    with_ring = make_board([raider, mine("s", "Sol Ring")])
    assert checked_verdict(with_ring, "{2}{R}") and largest_x(with_ring) == 3
    alone = make_board([raider, mine("f", "Mountain")])
    assert checked_verdict(alone, "{R}") and not checked_verdict(alone, "{R}{R}")


def test_a_permission_as_though_creatures_had_haste_survives_their_loss_of_abilities() -> None:
    # Dress Down (earlier) takes the creatures' abilities; the later grant of '{T}: Add {G}' is kept (CR
    # 613.7); haste granted earlier than the loss is lost with the rest (CR 613.1f), but the Elixir's
    # permission is its controller's, no ability of the creature's: the sick creature taps either way
    elixir = custom("Test Elixir", "x", "Artifact", "You may activate abilities of creatures you control as "
                    "though those creatures had haste.", controller=ME)  # fmt: skip
    fires = custom("Test Fires", "x", "Enchantment", "Creatures you control have haste.", controller=ME)
    dress = custom("Test Dress", "d", "Enchantment", "Creatures lose all abilities.", controller=ME)
    rite = custom(
        "Test Rite", "g", "Enchantment", 'Creatures you control have "{T}: Add {G}."', controller=ME
    )
    vanilla = elf("e", "", summoning_sick=True)
    with_elixir = make_board([vanilla, elixir, dress, rite])
    assert checked_verdict(with_elixir, "{G}")
    with_fires = make_board([vanilla, fires, dress, rite])
    assert not checked_verdict(with_fires, "{G}")


# ------------------------------------------------------------------------------------------------ shared


def test_a_permanent_has_the_activated_abilities_of_creatures_with_another_name() -> None:
    # Marvin's shape: the mimic has the Elf's '{T}: Add {G}' as its own (CR 613.1f), its {T} tapping the
    # mimic (CR 602.1a); a creature named as the mimic gives nothing (its name is the same, CR 201.2)
    text = (
        "Test Mimic has all activated abilities of creatures you control that don't have the same name as "
        "Test Mimic."
    )
    mimic = custom("Test Mimic", "m", "Artifact Creature — Toy", text, controller=ME, power=0, toughness=0)
    board = make_board([mimic, elf("e")])
    assert producers(board) == {"m": "G", "e": "G"}
    assert checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{G}{G}{G}")
    assert largest_x(board) == 2
    # a summoning-sick mimic can't use a {T} ability it has (CR 302.6)
    sick = make_board([{**mimic, "summoning_sick": True}, elf("e")])
    assert checked_verdict(sick, "{G}") and not checked_verdict(sick, "{G}{G}")
    # another mimic, with the '{T}: Add {C}' of its own, shares nothing with the first
    twin = custom("Test Mimic", "t", "Artifact Creature — Toy", f"{text}\n{{T}}: Add {{C}}.", controller=ME,
                  power=0, toughness=0)  # fmt: skip
    twins = make_board([mimic, twin])
    assert producers(twins) == {"t": "C"}
    assert not text_warnings(board)


def test_haste_for_each_creature_of_listed_types() -> None:
    # Lovisa's 'Each creature that's a Barbarian, a Warrior, or a Berserker': a sick Warrior taps (CR 302.6),
    # a sick Elf doesn't
    text = "Each creature that's a Barbarian, a Warrior, or a Berserker gets +2/+2 and has haste."
    lovisa = custom(
        "Test Lovisa", "l", "Legendary Creature — Human", text, controller=ME, power=3, toughness=3
    )
    warrior = custom("Test Warrior", "w", "Creature — Human Warrior", "{T}: Add {R}.", controller=ME, power=1,
                     toughness=1, summoning_sick=True)  # fmt: skip
    board = make_board([lovisa, warrior, elf("e", summoning_sick=True)])
    assert checked_verdict(board, "{R}") and not checked_verdict(board, "{R}{G}")


def test_equipped_creatures_you_control_are_those_with_an_equipment() -> None:
    # Firion's 'Equipped creatures you control have haste' is written on a creature, attached to nothing:
    # the creatures it gives haste are those an Equipment is attached to (CR 301.5)
    text = "Equipped creatures you control have haste."
    firion = custom(
        "Test Firion", "fi", "Legendary Creature — Human", text, controller=ME, power=3, toughness=3
    )
    sword = custom("Test Sword", "s", "Artifact — Equipment", "Equipped creature gets +1/+1.", controller=ME,
                   attached_to="e")  # fmt: skip
    board = make_board([firion, elf("e", summoning_sick=True), elf("e2", summoning_sick=True), sword])
    assert checked_verdict(board, "{G}") and not checked_verdict(board, "{G}{G}")
    bare = make_board([firion, elf("e", summoning_sick=True)])
    assert not checked_verdict(bare, "{G}")
