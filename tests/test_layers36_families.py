"""Families of sentences the layers follow (issue 35, layers36), on boards worked out by hand from the rules:

- a type change's rider, 'The same is true for creature spells you control and creature cards you own that
  aren't on the battlefield.' (Arcane Adaptation, Leyline of Transformation, Biotransference; CR 611.3a,
  613.1d, 205.3d): the cards part was unsupported text, so a creature card in a graveyard was counted with
  its printed types only. The cards a player owns that aren't on the battlefield now have the types added
  (the chosen creature type, the card types), wherever the planner reads such a card's types;
- 'The same is true for first strike, ..., haste, ...' after a beginning-of-combat trigger's grant until end
  of turn (Majestic Myriarch's '~ gains flying until end of turn if you control a creature with flying',
  Odric, Lunarch Marshal's 'creatures you control gain first strike ... if a creature you control has first
  strike') and after 'If a creature card with flying was exiled with ~'s delve ability, ~ has flying.'
  (Soulflayer): haste was unread, so a summoning-sick creature's {T} ability was never used (CR 302.6). The
  trigger's haste is in force from this turn's combat on (the board's ``step``: ``combat`` or ``end``; not
  at ``beginning``; ``main`` is either main phase, warned where the haste matters), under its condition
  judged on the board; the delve grant reads the cards exiled with it (``choices.imprinted``, CR 702.66a),
  warned when not given;
- a sentence whose 'That <noun>' names the permanent an earlier sentence marked with a counter: 'That land
  is an Island for as long as it has a flood counter on it.' (Quicksilver Fountain, CR 305.7: the land loses
  its rules text's abilities and its land types and has '{T}: Add {U}.') and 'That permanent is an
  enchantment in addition to its other types.' after '... put it onto the battlefield with a manifestation
  counter on it.' (Arbiter of the Ideal, CR 613.1d): both were unread. Each permanent with that counter on
  it is changed while the card is on the board (a counter with a meaning of its own marks nothing).

Values are derived by hand from the rules; each payment is checked against the reference search too.
"""

from __future__ import annotations

from typing import Any

from boards import ME, OPP, checked_verdict, could, custom, largest_x, mine

from models.board import Board
from planner.api import text_warnings

#: Arcane Adaptation's shape (made-up name, the same sentences).
ADAPTATION_TEXT = (
    "As this enchantment enters, choose a creature type.\n"
    "Creatures you control are the chosen type in addition to their other types. The same is true for "
    "creature spells you control and creature cards you own that aren't on the battlefield."
)
#: Biotransference's type change and rider (made-up name, the same sentences; its trigger left out).
ARTIFACT_MAKER_TEXT = (
    "Creatures you control are artifacts in addition to their other types. The same is true for creature "
    "spells you control and creature cards you own that aren't on the battlefield."
)

BEAR: dict[str, Any] = {"name": "Test Bear", "type_line": "Creature — Bear", "mana_cost": "{1}{G}"}
ELF: dict[str, Any] = {"name": "Test Elf", "type_line": "Creature — Elf", "mana_cost": "{G}"}
BOLT: dict[str, Any] = {"name": "Test Bolt", "type_line": "Instant", "mana_cost": "{R}"}


def _graveyard_board(permanents: list[dict[str, Any]], graveyard: list[dict[str, Any]]) -> Board:
    """A board of "me" (whose graveyard is ``graveyard``) and "opp", the permanents as given."""
    return Board.from_dict(
        {
            "version": 1,
            "players": [{"id": ME, "graveyard": graveyard}, {"id": OPP}],
            "permanents": permanents,
        }
    )


def test_creature_cards_in_a_graveyard_are_of_the_chosen_type() -> None:
    """'{T}: Add {G} for each Elf card in your graveyard.' with a Bear, an Elf and an instant in my graveyard:
    printed, one Elf card, {G}. With my Adaptation (Elf chosen) the Bear card is an Elf card too (CR 611.3a:
    the rider reaches the creature cards I own that aren't on the battlefield; 205.3d): {G}{G}, and max-x 2.
    The opponent's Adaptation changes the opponent's cards, not mine: {G}. The instant is never an Elf."""
    grove = custom("Test Grove", "g", "Land", "{T}: Add {G} for each Elf card in your graveyard.")
    grove["controller"] = ME
    adaptation = custom(
        "Test Adaptation", "a", "Enchantment", ADAPTATION_TEXT, choices={"creature_type": "Elf"}
    )
    graveyard = [BEAR, ELF, BOLT]
    mine = _graveyard_board([grove, {**adaptation, "controller": ME}], graveyard)
    assert could(mine)["g"] == "G" and not text_warnings(mine)
    assert checked_verdict(mine, "{G}{G}") and not checked_verdict(mine, "{G}{G}{G}")
    assert largest_x(mine) == 2
    theirs = _graveyard_board([grove, {**adaptation, "controller": OPP}], graveyard)
    assert checked_verdict(theirs, "{G}") and not checked_verdict(theirs, "{G}{G}")
    assert largest_x(theirs) == 1


def test_creature_cards_in_a_graveyard_are_artifact_cards() -> None:
    """'{T}: Add {C} for each artifact card in your graveyard.' with two creature cards and an instant in my
    graveyard: none printed is an artifact; with the artifact maker (Biotransference's shape) each creature
    card I own is an artifact card too (CR 611.3a, 613.1d): {C}{C}."""
    vault = custom("Test Vault", "v", "Land", "{T}: Add {C} for each artifact card in your graveyard.")
    maker = custom("Test Artifact Maker", "m", "Enchantment", ARTIFACT_MAKER_TEXT)
    board = _graveyard_board([{**vault, "controller": ME}, {**maker, "controller": ME}], [BEAR, ELF, BOLT])
    assert not text_warnings(board)
    assert checked_verdict(board, "{C}{C}") and not checked_verdict(board, "{C}{C}{C}")
    assert largest_x(board) == 2
    alone = _graveyard_board([{**vault, "controller": ME}], [BEAR, ELF, BOLT])
    assert largest_x(alone) == 0


# ------------------------------------------------------------------------- haste from 'The same is true'

RAIDER: dict[str, Any] = {
    "name": "Test Raider",
    "type_line": "Creature — Goblin",
    "mana_cost": "{R}",
    "power": 1,
    "toughness": 1,
    "oracle": "Haste",
}
FLIER: dict[str, Any] = {**RAIDER, "name": "Test Flier", "oracle": "Flying"}
#: Majestic Myriarch's trigger and rider (made-up name, the same sentences), with a mana ability of its own.
MYRIAD: dict[str, Any] = {
    "name": "Test Myriad",
    "type_line": "Creature — Chimera",
    "mana_cost": "{4}{G}",
    "power": 2,
    "toughness": 2,
    "oracle": "{T}: Add {G}.\nAt the beginning of each combat, Test Myriad gains flying until end of turn if "
    "you control a creature with flying. The same is true for first strike, double strike, haste, and "
    "trample.",
}
#: Odric, Lunarch Marshal's trigger and rider (made-up name, the same sentences).
MARSHAL: dict[str, Any] = {
    "name": "Test Marshal",
    "type_line": "Legendary Creature — Human Soldier",
    "mana_cost": "{3}{W}",
    "power": 3,
    "toughness": 3,
    "oracle": "At the beginning of each combat, creatures you control gain first strike until end of turn if "
    "a creature you control has first strike. The same is true for flying, deathtouch, haste, and vigilance.",
}
DORK: dict[str, Any] = {
    "name": "Test Dork",
    "type_line": "Creature — Elf",
    "mana_cost": "{G}",
    "power": 1,
    "toughness": 1,
    "oracle": "{T}: Add {G}.",
}
#: Soulflayer's grant and rider (made-up name, the same sentences), with a mana ability of its own.
DELVER: dict[str, Any] = {
    "name": "Test Delver",
    "type_line": "Creature — Demon",
    "mana_cost": "{4}{B}{B}",
    "power": 4,
    "toughness": 4,
    "oracle": "{T}: Add {B}.\nDelve\nIf a creature card with flying was exiled with Test Delver's delve "
    "ability, Test Delver has flying. The same is true for first strike, haste, and trample.",
}


def _stepped(permanents: list[dict[str, Any]], step: str) -> Board:
    """A board of "me" (active) and "opp" in ``step``."""
    players = [{"id": ME}, {"id": OPP}]
    return Board.from_dict({"version": 1, "step": step, "players": players, "permanents": permanents})


def test_a_combat_triggers_haste_from_this_turns_combat_on() -> None:
    """The Myriad came this turn (summoning sick): with the Raider (haste) under my control, its trigger gave
    it haste until end of turn at this turn's beginning of combat (CR 603.4, 611.2), so in the combat or the
    end step it taps for {G} (CR 302.6); at the beginning phase the trigger has not happened: no {G}, and
    nothing to say; with a flier only, no haste. 'main' may be either main phase: no {G}, and the sentence
    is named with the step to give."""
    sick = mine("m", MYRIAD, summoning_sick=True)
    for step in ("combat", "end"):
        board = _stepped([sick, mine("r", RAIDER)], step)
        assert checked_verdict(board, "{G}") and not text_warnings(board)
        assert largest_x(board) == 1
    early = _stepped([sick, mine("r", RAIDER)], "beginning")
    assert not checked_verdict(early, "{G}") and not text_warnings(early)
    flier = _stepped([sick, mine("f", FLIER)], "combat")
    assert not checked_verdict(flier, "{G}") and not text_warnings(flier)
    theirs = _stepped([sick, {**mine("r", RAIDER), "controller": OPP}], "combat")
    assert not checked_verdict(theirs, "{G}")
    main = _stepped([sick, mine("r", RAIDER)], "main")
    assert not checked_verdict(main, "{G}")
    (warning,) = text_warnings(main)
    assert "step" in warning.reason and warning.sentence.startswith("The same is true")
    settled = _stepped([mine("m", MYRIAD), mine("r", RAIDER)], "main")  # (not sick: no haste needed)
    assert checked_verdict(settled, "{G}") and not text_warnings(settled)


def test_a_combat_triggers_own_haste_is_read_the_same_way() -> None:
    """'At the beginning of each combat, ~ gains haste until end of turn if you control a creature with
    haste.' (the rider's sentence written out) is read as the rider is: the sick creature taps for {G} in the
    combat, not in the beginning phase."""
    text = (
        "{T}: Add {G}.\nAt the beginning of each combat, Test Myriad gains haste until end of turn if you "
        "control a creature with haste."
    )
    sick = mine("m", {**MYRIAD, "oracle": text}, summoning_sick=True)
    combat = _stepped([sick, mine("r", RAIDER)], "combat")
    assert checked_verdict(combat, "{G}") and not text_warnings(combat)
    assert not checked_verdict(_stepped([sick, mine("r", RAIDER)], "beginning"), "{G}")


def test_a_combat_trigger_gives_haste_to_creatures_you_control() -> None:
    """Odric's kind: 'if a creature you control has haste' (the Raider), every creature I control gains
    haste at this turn's combat: the sick Dork taps for {G} in the combat; without a creature with haste,
    or in the beginning phase, it doesn't."""
    marshal, dork = mine("o", MARSHAL), mine("d", DORK, summoning_sick=True)
    board = _stepped([marshal, dork, mine("r", RAIDER)], "combat")
    assert checked_verdict(board, "{G}") and not text_warnings(board)
    assert could(board)["d"] == "G"
    assert not checked_verdict(_stepped([marshal, dork, mine("f", FLIER)], "combat"), "{G}")
    assert not checked_verdict(_stepped([marshal, dork, mine("r", RAIDER)], "beginning"), "{G}")


def test_haste_of_a_creature_card_exiled_by_delve() -> None:
    """The Delver came this turn: with a creature card with haste among the cards its delve exiled (its
    ``choices.imprinted``, CR 702.66a, 607.2a) it has haste and taps for {B} (CR 302.6); a noncreature card
    with haste, or a creature card with flying only, gives none; with no cards given, the sentence is named
    with the field to give."""
    raider, flier = (
        {k: card[k] for k in ("name", "type_line", "mana_cost", "oracle")} for card in (RAIDER, FLIER)
    )
    trinket = {**raider, "name": "Test Trinket", "type_line": "Artifact"}

    def delved(exiled: list[Any] | None) -> Board:
        choices = {} if exiled is None else {"imprinted": exiled}
        return _stepped([mine("s", DELVER, summoning_sick=True, choices=choices)], "main")

    assert checked_verdict(delved([flier, raider]), "{B}") and not text_warnings(delved([raider]))
    assert largest_x(delved([raider])) == 1
    for exiled in ([flier], [trinket], []):
        assert not checked_verdict(delved(exiled), "{B}") and not text_warnings(delved(exiled))
    assert not checked_verdict(delved(None), "{B}")
    (warning,) = text_warnings(delved(None))
    assert "choices.imprinted" in warning.reason and warning.sentence.startswith("The same is true")


# ------------------------------------------------------------------ referents marked by a counter

#: Quicksilver Fountain's trigger and effect (made-up name, the same sentences).
FOUNTAIN_TEXT = (
    "At the beginning of each player's upkeep, that player puts a flood counter on target non-Island land "
    "they control of their choice. That land is an Island for as long as it has a flood counter on it.\n"
    "At the beginning of each end step, if all lands on the battlefield are Islands, remove all flood "
    "counters from them."
)
#: Arbiter of the Ideal's trigger and effect (made-up name, the same sentences).
ARBITER_TEXT = (
    "Flying\nInspired — Whenever Test Arbiter becomes untapped, reveal the top card of your library. If "
    "it's an artifact, creature, or land card, you may put it onto the battlefield with a manifestation "
    "counter on it. That permanent is an enchantment in addition to its other types."
)


def test_a_land_with_a_flood_counter_is_an_island() -> None:
    """With the Fountain on the board, a land with a flood counter is an Island (CR 305.7: its land type set,
    it loses the abilities of its rules text and has '{T}: Add {U}.'): the Grove (its text '{T}: Add {G}.')
    and a Forest, each flooded, make {U} alone; an unflooded Forest stays a Forest ({G}). Without the
    Fountain nothing is changed (its effect on the board is then the board's ``effects`` to give)."""
    fountain = custom("Test Fountain", "q", "Artifact", FOUNTAIN_TEXT)
    grove = custom("Test Grove", "g", "Land", "{T}: Add {G}.", counters={"flood": 1})
    flooded = {"card": "Forest", "id": "f", "counters": {"flood": 1}}
    dry = {"card": "Forest", "id": "d"}
    board = _stepped(
        [{**fountain, "controller": OPP}, mine("g", grove), mine("f", flooded), mine("d", dry)], "main"
    )
    assert not text_warnings(board)
    assert {pid: could(board)[pid] for pid in "gfd"} == {"g": "U", "f": "U", "d": "G"}
    assert checked_verdict(board, "{U}{U}{G}") and not checked_verdict(board, "{G}{G}")
    assert largest_x(board) == 3
    alone = _stepped([mine("g", grove), mine("f", flooded), mine("d", dry)], "main")
    assert checked_verdict(alone, "{G}{G}{G}") and not checked_verdict(alone, "{U}")


def test_a_permanent_with_a_manifestation_counter_is_an_enchantment() -> None:
    """With the Arbiter on the board, each permanent with a manifestation counter is an enchantment too (CR
    613.1d): the Sanctum's '{T}: Add {W} for each enchantment you control.' counts the marked Forest and the
    marked Bear (my enchantments), not the unmarked Forest: {W}{W}; with the unmarked Forest's {G}, max-x
    3 (the marked Forest is tapped). Without the Arbiter, none is: the Sanctum makes nothing."""
    arbiter = custom("Test Arbiter", "a", "Creature — Sphinx", ARBITER_TEXT, power=5, toughness=5)
    sanctum = custom("Test Sanctum", "s", "Land", "{T}: Add {W} for each enchantment you control.")
    marked_forest = {"card": "Forest", "id": "m", "counters": {"manifestation": 1}, "tapped": True}
    bear = {**BEAR, "power": 2, "toughness": 2, "oracle": "", "counters": {"manifestation": 1}}
    permanents = [
        mine("s", sanctum),
        mine("m", marked_forest),
        mine("b", bear),
        mine("f", {"card": "Forest"}),
    ]
    board = _stepped([mine("a", arbiter), *permanents], "main")
    assert not text_warnings(board)
    assert checked_verdict(board, "{W}{W}{G}") and not checked_verdict(board, "{W}{W}{W}")
    assert largest_x(board) == 3
    alone = _stepped(permanents, "main")
    assert not checked_verdict(alone, "{W}") and largest_x(alone) == 1
