"""Families of Oracle phrases met on cards of 2020-2026 outside the development files (issue 35, "every
ability it reads, it uses"), read by the grammar by phrase category and executed by the rules:

- haste *as long as* a condition ('~ has haste as long as you control another Elf', 'As long as you control an
  artifact, creatures you control have haste'): haste while the board says the condition holds, judged as each
  activation finds the board where a cost may take away what it counts; a condition no board records, or
  one a payment may change otherwise, is reported beside a summoning-sick creature, never guessed;
- keywords and a quoted mana ability granted together ('Other legendary creatures you control have vigilance
  and "{T}: Add one mana of any color."', Esika), also beside a pump ('Equipped creature gets +3/+3 and has
  vigilance and "{T}, Sacrifice this creature: Add three mana of any one color."', Lotus Ring);
- 'add N mana of that type instead' after 'one mana of any type ...' (Incubation Druid): N of one type of
  the same palette.

Values are derived by hand from the rules; each board is checked against the reference search too.
"""

from __future__ import annotations

from typing import Any

from boards import agrees_with_reference, checked_verdict, could, graveyard_board, largest_x, make_board, mine
from cost_part_cards import (
    ENCHANTMENT_OUTLET,
    ESIKA,
    FIRES_OF_YAVIMAYA,
    FORGE_RALLY,
    FORGE_RALLY_OF_THREE,
    GREEN_RITUALIST,
    GREY_HAVENS,
    INCUBATION_DRUID,
    KINNAN,
    RAINBOW_VALE,
    SONG_OF_FREYALISE,
    THE_CORE,
)

from models.board import Board
from models.cost import PaymentTarget
from models.layer_effects import GrantAbility, GrantHaste, PowerChange
from models.mana_effects import CostModifier
from models.oracle import parse_oracle
from planner.api import could_produce, max_x, pay, text_warnings
from planner.rules.view import BoardView, locked_in

#: A mana creature with its own conditional haste (made up: Markov Crusader's sentence on an Elf druid).
ELF_SCOUT: dict[str, Any] = {
    "name": "Test Elf Scout",
    "type_line": "Creature — Elf Druid",
    "oracle": "{T}: Add {G}.\nThis creature has haste as long as you control another Elf.",
    "mana_cost": "{G}",
    "power": 1,
    "toughness": 1,
}
#: The same with a condition no board records (Bloodghast's).
LIFE_SCOUT: dict[str, Any] = {
    **ELF_SCOUT,
    "name": "Test Life Scout",
    "oracle": "{T}: Add {G}.\nThis creature has haste as long as an opponent has 10 or less life.",
}
LOTUS_RING: dict[str, Any] = {
    "name": "Lotus Ring",
    "type_line": "Artifact — Equipment",
    "oracle": 'Indestructible\nEquipped creature gets +3/+3 and has vigilance and "{T}, Sacrifice this '
    'creature: Add three mana of any one color."\nEquip {3}',
    "mana_cost": "{3}",
}
BAUBLE: dict[str, Any] = {"name": "Test Bauble", "type_line": "Artifact", "oracle": "", "mana_cost": "{1}"}
TREASURE: dict[str, Any] = {
    "name": "Treasure",
    "type_line": "Token Artifact — Treasure",
    "oracle": "{T}, Sacrifice this token: Add one mana of any color.",
    "token": True,
}
LEGEND: dict[str, Any] = {
    "name": "Test Legend",
    "type_line": "Legendary Creature — Human",
    "oracle": "",
    "mana_cost": "{2}",
    "power": 2,
    "toughness": 2,
}
BEAR: dict[str, Any] = {
    "name": "Test Bear",
    "type_line": "Creature — Bear",
    "oracle": "",
    "mana_cost": "{1}{G}",
    "power": 2,
    "toughness": 2,
}


def test_the_sentences_are_read_by_their_families() -> None:
    (rally,) = parse_oracle(FORGE_RALLY["oracle"], FORGE_RALLY["name"]).effects
    assert isinstance(rally, GrantHaste) and rally.affected.describe() == "creature you control"
    assert rally.condition is not None and rally.condition.describe() == "you control artifact"
    scout = parse_oracle(ELF_SCOUT["oracle"], ELF_SCOUT["name"])
    (own,) = scout.effects
    assert isinstance(own, GrantHaste) and own.affected.self_only
    assert own.condition is not None and not own.condition.unevaluated
    (unknown,) = parse_oracle(LIFE_SCOUT["oracle"], LIFE_SCOUT["name"]).effects
    assert isinstance(unknown, GrantHaste) and unknown.condition is not None
    assert unknown.condition.unevaluated == "an opponent has 10 or less life"
    # other keywords as long as a condition change no payment: read as nothing to do
    assert parse_oracle("This creature has flying as long as you control an artifact.").effects == ()
    (esika,) = [e for e in parse_oracle(ESIKA["oracle"], ESIKA["name"]).effects]
    assert (
        isinstance(esika, GrantAbility)
        and esika.affected.describe() == "other Legendary creature you control"
    )
    ring = parse_oracle(LOTUS_RING["oracle"], LOTUS_RING["name"]).effects
    assert [type(e) for e in ring] == [PowerChange, GrantAbility]
    haste_and_mana = parse_oracle('Creatures you control have haste and "{T}: Add {G}."').effects
    assert sorted(type(e).__name__ for e in haste_and_mana) == ["GrantAbility", "GrantHaste"]
    druid = parse_oracle(INCUBATION_DRUID["oracle"], INCUBATION_DRUID["name"])
    assert all(s.read_as != "unsupported" for s in druid.sentences)
    ((_, instead),) = druid.mana_abilities[0].conditional
    assert instead.amount.constant == 3 and instead.palette == druid.mana_abilities[0].output.palette
    # a quoted ability about mana that adds none is not read (never dropped as if it were nothing)
    about_mana = parse_oracle('Equipped creature gets +1/+1 and has "{3}: This ability costs {1} less."')
    assert [s.read_as for s in about_mana.sentences] == ["unsupported"]


def test_haste_as_long_as_you_control_an_artifact() -> None:
    # Forge Rally and an artifact: the summoning-sick Elves tap ({G} and the Forest's {G}); not without it
    sick = mine("e", "Llanowar Elves", summoning_sick=True)
    board = make_board([sick, mine("r", FORGE_RALLY), mine("a", BAUBLE), mine("f", "Forest")])
    assert str(could_produce(board)["e"]) == "G"
    assert checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{G}{G}{G}")
    assert largest_x(board) == 2 and not text_warnings(board)
    without = make_board([sick, mine("r", FORGE_RALLY), mine("f", "Forest")])
    assert checked_verdict(without, "{G}") and not checked_verdict(without, "{G}{G}")
    assert largest_x(without) == 1 and not text_warnings(without)


def test_a_creatures_own_haste_as_long_as_you_control_another_elf() -> None:
    # the Scout (sick) with Llanowar Elves beside it: haste, {G} each and the Forest's: three
    board = make_board(
        [mine("s", ELF_SCOUT, summoning_sick=True), mine("e", "Llanowar Elves"), mine("f", "Forest")]
    )
    assert checked_verdict(board, "{G}{G}{G}") and not checked_verdict(board, "{G}{G}{G}{G}")
    assert largest_x(board) == 3 and not text_warnings(board)
    # alone (the Scout is an Elf, but not another one): it can't tap
    alone = make_board([mine("s", ELF_SCOUT, summoning_sick=True), mine("f", "Forest")])
    assert checked_verdict(alone, "{G}") and not checked_verdict(alone, "{G}{G}")
    assert largest_x(alone) == 1


def test_a_condition_the_board_cant_answer_is_reported_where_haste_matters() -> None:
    # no board records an opponent's life threshold as a haste condition: the Scout is taken as sick, warned
    board = make_board([mine("s", LIFE_SCOUT, summoning_sick=True), mine("f", "Forest")])
    assert checked_verdict(board, "{G}") and largest_x(board) == 1
    (warning,) = text_warnings(board)
    assert warning.permanent == "s" and "haste: as long as an opponent has 10 or less life" in warning.reason
    # not sick: the haste changes nothing, nothing to report
    awake = make_board([mine("s", LIFE_SCOUT), mine("f", "Forest")])
    assert largest_x(awake) == 2 and not text_warnings(awake)


def test_haste_on_a_count_is_judged_as_each_activation_finds_the_board() -> None:
    """A Treasure a payment may sacrifice is the artifact Forge Rally counts (CR 611.3a, 302.6): the Elves tap
    while it is there, so Elves, Forest and Treasure pay {G}{G}{G}; the Ritualist's ability is announced
    while the only Treasure is there (hasty: CR 602.2b, 601.2e) and its {1} then paid by sacrificing that
    Treasure (601.2g): {G}{G}{G} (X is 3); by a Forest, the Treasure too (4)."""
    sick_elves = mine("e", "Llanowar Elves", summoning_sick=True)
    treasure = make_board([sick_elves, mine("r", FORGE_RALLY), mine("t", TREASURE), mine("f", "Forest")])
    assert str(could_produce(treasure)["e"]) == "G"
    assert checked_verdict(treasure, "{G}{G}{G}") and not checked_verdict(treasure, "{G}{G}{G}{G}")
    assert largest_x(treasure) == 3 and not text_warnings(treasure)
    two = make_board([*treasure.to_dict()["permanents"], mine("u", TREASURE)])
    assert largest_x(two) == 4 and not text_warnings(two)
    ritualist = mine("k", GREEN_RITUALIST, summoning_sick=True)
    alone = make_board([ritualist, mine("r", FORGE_RALLY), mine("t", TREASURE)])
    assert checked_verdict(alone, "{G}{G}{G}") and not checked_verdict(alone, "{G}{G}{G}{G}")
    assert largest_x(alone) == 3 and not text_warnings(alone)
    forest = make_board([ritualist, mine("r", FORGE_RALLY), mine("t", TREASURE), mine("f", "Forest")])
    assert checked_verdict(forest, "{G}{G}{G}{G}") and not checked_verdict(forest, "{G}{G}{G}{G}{G}")
    assert largest_x(forest) == 4


def test_haste_on_a_count_of_three_ends_when_the_third_artifact_goes() -> None:
    """Three or more artifacts, judged as the Ritualist's ability is announced (CR 602.2b, 601.2e), before
    the Treasure sacrificed for its {1} (601.2g): with three Treasures its {G}{G}{G} and the two left (5),
    with four, three left (6), with six, five (8: which Treasures go is the same to the rules, so the model
    counts them by run)."""
    ritualist = mine("k", GREEN_RITUALIST, summoning_sick=True)
    for count, expected in ((3, 5), (4, 6), (6, 8), (12, 14)):
        treasures = [mine(f"t{i}", TREASURE) for i in range(count)]
        board = make_board([ritualist, mine("r", FORGE_RALLY_OF_THREE), *treasures])
        assert largest_x(board) == expected and not text_warnings(board)
    three = make_board(
        [ritualist, mine("r", FORGE_RALLY_OF_THREE), *(mine(f"t{i}", TREASURE) for i in range(3))]
    )
    assert checked_verdict(three, "{G}" * 5) and not checked_verdict(three, "{G}" * 6)
    six = make_board(
        [ritualist, mine("r", FORGE_RALLY_OF_THREE), *(mine(f"t{i}", TREASURE) for i in range(6))]
    )
    # (past the reference search's reach: the values worked out by hand above)
    assert pay(six, PaymentTarget.of("{G}" * 8)).payable and not pay(six, PaymentTarget.of("{G}" * 9)).payable


def test_haste_on_a_count_of_three_with_runs_of_different_artifacts() -> None:
    """Two Treasures, two Gold tokens and a tapped Treasure (three runs of identical artifacts, a cost may
    take four): the Ritualist's {1} paid by one leaves four artifacts, so it keeps its haste (X is 3 and
    the other three: 6); six different artifacts of the same text are one class to the count (which of
    them goes is the same to 'three or more artifacts'), so they pay as six Treasures do: 8."""
    gold = {
        **TREASURE,
        "name": "Gold",
        "type_line": "Token Artifact — Gold",
        "oracle": "Sacrifice this token: Add one mana of any color.",
    }
    ritualist = mine("k", GREEN_RITUALIST, summoning_sick=True)
    artifacts = [
        mine("t1", TREASURE),
        mine("t2", TREASURE),
        mine("g1", gold),
        mine("g2", gold),
        mine("t3", TREASURE, tapped=True),
    ]
    board = make_board([ritualist, mine("r", FORGE_RALLY_OF_THREE), *artifacts])
    assert largest_x(board) == 6 and not text_warnings(board)
    assert pay(board, PaymentTarget.of("{G}" * 6)).payable
    assert not pay(board, PaymentTarget.of("{G}" * 7)).payable
    kinds = [{**TREASURE, "name": f"Trinket {n}"} for n in range(6)]
    distinct = make_board(
        [ritualist, mine("r", FORGE_RALLY_OF_THREE), *(mine(f"x{n}", kind) for n, kind in enumerate(kinds))]
    )
    assert largest_x(distinct) == 8 and not text_warnings(distinct)
    assert pay(distinct, PaymentTarget.of("{G}" * 8)).payable
    assert not pay(distinct, PaymentTarget.of("{G}" * 9)).payable


def test_haste_from_a_source_a_cost_may_sacrifice() -> None:
    """Fires of Yavimaya sacrificed for {R} ends the haste (CR 611.3a): the Ritualist taps before it, its {1}
    paid by a Forest (X is 4); without the Forest the Fires' {R} pays it, sacrificed after the Ritualist's
    ability was announced while the Ritualist had haste (CR 602.2b, 601.2e before 601.2g): {G}{G}{G} (X is 3;
    the model's plan once failed the replay here)."""
    ritualist = mine("k", GREEN_RITUALIST, summoning_sick=True)
    board = make_board([ritualist, mine("r", FIRES_OF_YAVIMAYA), mine("o", ENCHANTMENT_OUTLET)])
    assert checked_verdict(board, "{R}") and checked_verdict(board, "{G}{G}{G}")
    assert not checked_verdict(board, "{G}{G}{G}{G}") and not checked_verdict(board, "{G}{G}{G}{R}")
    assert largest_x(board) == 3
    forest = make_board([*board.to_dict()["permanents"], mine("f", "Forest")])
    assert checked_verdict(forest, "{G}{G}{G}{R}") and not checked_verdict(forest, "{G}{G}{G}{R}{G}")
    assert largest_x(forest) == 4


def test_esika_grants_her_ability_to_other_legendary_creatures() -> None:
    board = make_board([mine("k", ESIKA), mine("l", LEGEND), mine("b", BEAR)])
    produced = could_produce(board)
    assert str(produced["l"]) == "WUBRG" and str(produced["b"]) == ""
    assert checked_verdict(board, "{W}{U}") and not checked_verdict(board, "{W}{U}{B}")
    assert largest_x(board) == 2 and not text_warnings(board)


def test_lotus_ring_gives_the_equipped_creature_three_of_one_color() -> None:
    board = make_board([mine("r", LOTUS_RING, attached_to="b"), mine("b", BEAR)])
    assert str(could_produce(board)["b"]) == "WUBRG"
    assert checked_verdict(board, "{R}{R}{R}") and not checked_verdict(board, "{R}{R}{G}")
    assert not checked_verdict(board, "{R}{R}{R}{R}")
    assert largest_x(board) == 3 and not text_warnings(board)
    # on nothing: no creature has the ability
    loose = make_board([mine("r", LOTUS_RING), mine("b", BEAR)])
    assert str(could_produce(loose)["b"]) == "" and largest_x(loose) == 0


def test_incubation_druid_adds_three_of_a_type_with_a_counter() -> None:
    lands = [mine("i", "Island", tapped=True), mine("f", "Forest", tapped=True)]
    grown = make_board([mine("d", INCUBATION_DRUID, counters={"+1/+1": 1}), *lands])
    assert str(could_produce(grown)["d"]) == "UG"
    assert checked_verdict(grown, "{U}{U}{U}") and not checked_verdict(grown, "{G}{U}")
    assert not checked_verdict(grown, "{U}{U}{U}{U}")
    assert largest_x(grown) == 3 and not text_warnings(grown)
    plain = make_board([mine("d", INCUBATION_DRUID), *lands])
    assert checked_verdict(plain, "{G}") and not checked_verdict(plain, "{G}{G}")
    assert largest_x(plain) == 1


#: A legendary white and blue creature card for the graveyard.
LEGEND_CARD: dict[str, Any] = {
    "name": "Test Legend",
    "type_line": "Legendary Creature — Elf",
    "mana_cost": "{W}{U}",
}


def _havens(graveyard: Any, *others: dict[str, Any]) -> Any:
    return graveyard_board(mine("h", GREY_HAVENS), mine("f", "Forest"), *others, graveyard=graveyard)


def test_the_grey_havens_adds_a_color_among_legendary_creature_cards_in_the_graveyard() -> None:
    board = _havens(["Llanowar Elves", LEGEND_CARD, "Lightning Bolt"])
    assert str(could_produce(board)["h"]) == "WUC"
    assert checked_verdict(board, "{W}{G}") and checked_verdict(board, "{U}{G}")
    assert not checked_verdict(board, "{B}{G}") and not checked_verdict(board, "{R}{G}")
    assert not text_warnings(board)
    # no legendary creature card there (Llanowar Elves isn't legendary; a legendary creature on the
    # battlefield is not in the graveyard): {C} alone
    none = _havens(["Llanowar Elves"], mine("l", LEGEND))
    assert str(could_produce(none)["h"]) == "C" and not checked_verdict(none, "{W}{G}")
    # a cost that puts a card there first: Ashnod's Altar sacrificing a white and blue legendary creature
    # (in the graveyard a legendary creature card of those colors, CR 400.7) lets the Havens make {W} or {U}
    # after it; sacrificing the Llanowar Elves (not legendary) brings no {G}
    legend = {**LEGEND_CARD, "power": 2, "toughness": 2}
    altar = _havens(
        ["Llanowar Elves"], mine("l", legend), mine("a", "Ashnod's Altar"), mine("e", "Llanowar Elves")
    )
    assert str(could_produce(altar)["h"]) == "C" and not text_warnings(altar)
    assert checked_verdict(altar, "{W}{G}") and checked_verdict(altar, "{U}{G}")
    assert not checked_verdict(altar, "{G}{G}{G}") and not checked_verdict(altar, "{W}{U}")
    # {X}{W}: the Elves' {G}, then both creatures sacrificed ({C}{C} each), the Havens' {W}, the Forest's {G}
    assert max_x(altar, PaymentTarget.of("{X}{W}")).x == 6
    # a colorless Lotus Petal brings no color: nothing to follow, nothing set aside
    petal = _havens([LEGEND_CARD], mine("p", "Lotus Petal"))
    assert not text_warnings(petal) and str(could_produce(petal)["h"]) == "WUC"
    # a graveyard given as a count: which colors is not known, set aside and reported
    counted = _havens(3)
    (warning,) = text_warnings(counted)
    assert warning.permanent == "h" and "give the graveyard's cards" in warning.reason


def test_the_core_counts_the_permanent_cards_in_the_graveyard() -> None:
    # a land, a creature and an artifact card count; an instant does not (CR 110.4a): X = 3, of one color
    board = graveyard_board(
        mine("c", THE_CORE), graveyard=["Forest", "Llanowar Elves", "Lightning Bolt", "Sol Ring"]
    )
    assert checked_verdict(board, "{R}{R}{R}") and not checked_verdict(board, "{R}{R}{R}{R}")
    assert not checked_verdict(board, "{R}{G}")
    assert largest_x(board) == 3 and not text_warnings(board)
    spells = graveyard_board(mine("c", THE_CORE), graveyard=["Lightning Bolt"])
    assert largest_x(spells) == 0
    # a count of cards: how many are permanent cards is not known, set aside and reported
    (warning,) = text_warnings(graveyard_board(mine("c", THE_CORE), graveyard=4))
    assert warning.permanent == "c"


def test_a_permanent_made_snow_is_warned_about() -> None:
    # 'Enchanted land is snow.' (Glittering Frost): its mana would pay {S} (CR 107.4h); not read, so warned
    frost = parse_oracle("Enchant land\nEnchanted land is snow.")
    assert [s.read_as for s in frost.sentences] == ["keyword", "unsupported"]
    # a condition on a card's being snow is no such effect
    sheets = parse_oracle("If that card is snow, you may reveal it and put it into your hand.")
    assert [s.read_as for s in sheets.sentences] == ["ignored"]


def test_a_cost_that_taps_or_sacrifices_an_artifact_or_a_creature() -> None:
    """'Tap an untapped artifact or creature you control' (Moonsnare Prototype's kind) and 'Sacrifice an
    artifact or creature' take one permanent of either type, nothing else. By hand, beside a Sol Ring, a
    Llanowar Elves and a Forest:

    - the prototype ({T}, tap an artifact or creature: {C}{C}) taps the Elves or the Sol Ring, never the
      Forest: {C}{C}{C}{C}{G} is payable (the prototype tapping the Elves, the Sol Ring's {C}{C}, the Forest's
      {G}), {C}{C}{C}{C}{G}{G} is not (the Elves tapped for the prototype or for {G}, not both);
    - the outlet ('Sacrifice an artifact or creature: Add {R}.') takes the Sol Ring or the Elves, each after
      its own mana: {R}{R}{C}{C}{G}{G} is payable, a third {R} is not (the Forest is neither)."""
    prototype = {"name": "Test Prototype", "type_line": "Artifact",
                 "oracle": "{T}, Tap an untapped artifact or creature you control: Add {C}{C}."}  # fmt: skip
    outlet = {"name": "Test Outlet", "type_line": "Enchantment",
              "oracle": "Sacrifice an artifact or creature: Add {R}."}  # fmt: skip
    others = [mine("s", "Sol Ring"), mine("e", "Llanowar Elves"), mine("f", "Forest")]
    tapping = make_board([mine("p", prototype), *others])
    assert checked_verdict(tapping, "{C}{C}{C}{C}{G}") and not checked_verdict(tapping, "{C}{C}{C}{C}{G}{G}")
    assert not text_warnings(tapping)
    eating = make_board([mine("o", outlet), *others])
    assert checked_verdict(eating, "{R}{R}{C}{C}{G}{G}") and not checked_verdict(eating, "{R}{R}{R}")
    assert not text_warnings(eating)


URZAS_SAGA: dict[str, Any] = {
    "name": "Urza's Saga",
    "type_line": "Enchantment Land — Urza's Saga",
    "oracle": "(As this Saga enters and after your draw step, add a lore counter.)\n"
    'I — Urza\'s Saga gains "{T}: Add {C}."\n'
    "II — Urza's Saga gains \"{2}, {T}: Create a 0/0 colorless Construct artifact creature token with 'This "
    "creature gets +1/+1 for each artifact you control.'\"\n"
    "III — Search your library for an artifact card with mana cost {0} or {1}, put it onto the battlefield, "
    "then shuffle.",
}


def test_a_saga_that_gained_a_mana_ability_at_its_first_chapter_taps_for_it() -> None:
    """Urza's Saga's chapter I ('Urza's Saga gains "{T}: Add {C}."') triggered when its first lore counter was
    put on it (CR 714.2b) and the Saga has the ability from then on: with one or two lore counters it taps
    for {C} (once: one {T}); with none (a board where no chapter has triggered) it has no mana ability."""
    for lore, makes in ((1, "C"), (2, "C"), (0, "")):
        board = make_board(
            [mine("u", URZAS_SAGA, counters={"lore": lore} if lore else {}), mine("f", "Forest")]
        )
        assert str(could_produce(board)["u"]) == makes
        assert checked_verdict(board, "{1}{G}") is bool(makes) and not checked_verdict(board, "{2}{G}")
        assert not text_warnings(board)


ROAR_OF_THE_FIFTH_PEOPLE: dict[str, Any] = {
    "name": "Roar of the Fifth People",
    "type_line": "Enchantment — Saga",
    "oracle": "(As this Saga enters and after your draw step, add a lore counter.)\n"
    "I — Create two 3/3 green Dinosaur creature tokens.\n"
    "II — This Saga gains \"Creatures you control have '{T}: Add {R}, {G}, or {W}.'\"\n"
    "III — Search your library for a Dinosaur card, reveal it, put it into your hand, then shuffle.\n"
    "IV — Dinosaurs you control gain double strike and trample until end of turn.",
}


def test_a_saga_that_gained_a_granting_ability_grants_it_from_that_chapter_on() -> None:
    """Roar of the Fifth People's chapter II ('This Saga gains "Creatures you control have '{T}: Add {R},
    {G}, or {W}.'"'): from its second lore counter on, the Saga has a static ability (CR 611.2c) by which
    each creature its controller controls taps for {R}, {G} or {W}, a summoning-sick one not (CR 302.6),
    though it could produce them (CR 106.7);
    with one lore counter the creatures make nothing. Before, the sentence was filed as a chapter's mana
    outside a payment, and a board of such creatures answered "no" to what they pay."""
    for lore in (2, 3, 1):
        board = make_board(
            [
                mine("r", ROAR_OF_THE_FIFTH_PEOPLE, counters={"lore": lore}),
                mine("b", BEAR),
                mine("c", BEAR, summoning_sick=True),
                mine("f", "Forest"),
            ]
        )
        granted = lore >= 2
        made = "WRG" if granted else ""  # (what it could make, whatever its costs: CR 106.7)
        assert could(board) == {"r": "", "b": made, "c": made, "f": "G"}
        assert checked_verdict(board, "{R}{G}") is granted and checked_verdict(board, "{W}") is granted
        assert not checked_verdict(board, "{R}{R}") and not checked_verdict(board, "{2}{G}")
        assert largest_x(board) == (2 if granted else 1) and not text_warnings(board)


def _song_board(lore: int, active: str = "me", step: str = "main") -> Board:
    permanents = [
        {"id": "s", **SONG_OF_FREYALISE, "controller": "me", "counters": {"lore": lore}},
        {"id": "b", **BEAR, "controller": "me"},
        {"id": "f", "card": "Forest", "controller": "me"},
    ]
    players = [{"id": "me"}, {"id": "opp"}]
    data = {"version": 1, "active_player": active, "step": step, "players": players, "permanents": permanents}
    return Board.from_dict(data)


def test_a_chapters_grant_until_your_next_turn_holds_from_its_chapter_to_that_turn() -> None:
    """Song of Freyalise's 'I, II — Until your next turn, creatures you control gain "{T}: Add one mana of
    any color."': the effect of chapter I or II lasts until its controller's next turn begins (CR 611.2a),
    and the next chapter triggers after that turn's draw step (CR 714.2b). So with one or two lore counters
    the Bear taps for any color, on its controller's turn from the main phase on and all through the
    opponent's turn; in the beginning phase of its controller's turn, and with none or three counters, it
    makes nothing. Before, the sentence was filed as a chapter's mana outside a payment: "no", no warning."""
    for lore, active, step, granted in (
        (1, "me", "main", True),
        (2, "me", "end", True),
        (2, "opp", "beginning", True),
        (1, "me", "beginning", False),
        (3, "me", "main", False),
        (0, "me", "main", False),
    ):
        board = _song_board(lore, active, step)
        assert could(board, "me")["b"] == ("WUBRG" if granted else ""), (lore, active, step)
        if active == "me":
            assert checked_verdict(board, "{U}{G}") is granted and not checked_verdict(board, "{U}{U}")
        else:  # (an instant on the opponent's turn: "me" pays)
            assert pay(board, PaymentTarget.of("{U}{G}"), player="me").payable is granted
        assert not text_warnings(board)
    # 'have' for 'gain' reads alike; another verb is unsupported, never a chapter's mana outside a payment
    for verb, read_as in (("have", "effect"), ("get", "unsupported")):
        text = SONG_OF_FREYALISE["oracle"].replace(
            'creatures you control gain "', f'creatures you control {verb} "'
        )
        assert parse_oracle(text, "Song of Freyalise").sentences[0].read_as == read_as


def test_a_delayed_triggers_target_leaves_a_mana_ability_a_mana_ability() -> None:
    """Rainbow Vale's 'At the beginning of the next end step, target opponent gains control of ~.' makes a
    delayed trigger whose target is chosen when it triggers (CR 603.7c): the ability itself has no target,
    so it is a mana ability (CR 605.1a) and pays. Before, the word 'target' anywhere in the effect filed it
    as mana outside a payment, and a board of it answered "no" with no warning. A delayed trigger the reader
    does not read sets the ability aside with a warning, never silently."""
    board = make_board([mine("v", RAINBOW_VALE), mine("f", "Forest")])
    assert could(board) == {"v": "WUBRG", "f": "G"}
    assert checked_verdict(board, "{U}{G}") and checked_verdict(board, "{1}{G}")
    assert not checked_verdict(board, "{U}{U}") and largest_x(board) == 2 and not text_warnings(board)
    rider = "target creature gets +1/+1 until end of turn"
    text = RAINBOW_VALE["oracle"].replace("target opponent gains control of Rainbow Vale", rider)
    unread = {**RAINBOW_VALE, "name": "Test Vale", "oracle": text}
    other = make_board([mine("v", unread), mine("f", "Forest")])
    (warning,) = text_warnings(other)
    assert warning.permanent == "v" and not checked_verdict(other, "{U}")


URZAS_FILTER: dict[str, Any] = {
    "name": "Urza's Filter",
    "type_line": "Artifact",
    "oracle": "Multicolored spells cost up to {2} less to cast.",
    "mana_cost": "{4}",
}


def test_a_reduction_up_to_an_amount_takes_the_whole_amount() -> None:
    """'Multicolored spells cost up to {2} less to cast.' (Urza's Filter): the caster chooses how much of
    the {2} to take off (CR 601.2f), and taking it all never pays less well: a {2}{W}{U} instant costs
    {W}{U}, a {3}{W}{U} one {1}{W}{U}; a monocolored spell pays its whole cost ({1}{W} yes, {2}{W} no).
    Before, the sentence was ignored with no warning, and a Plains and an Island answered "no" to the
    {2}{W}{U} instant. (The reference search takes a total cost as given: it pays the totals derived here
    from the lands alone.)"""
    lands = [mine("p", "Plains"), mine("i", "Island")]
    board = make_board([mine("u", URZAS_FILTER), *lands])
    cases = (("{2}{W}{U}", "WU", "{W}{U}"), ("{3}{W}{U}", "WU", "{1}{W}{U}"), ("{1}{W}", "W", "{1}{W}"))
    for cost, colors, total in (*cases, ("{2}{W}", "W", "{2}{W}")):
        target = PaymentTarget.of(cost, type_line="Instant", colors=colors)
        assert str(locked_in(BoardView(board), target, "me").cost) == total
        assert pay(board, target).payable is checked_verdict(make_board(lands), total), cost
    assert not text_warnings(board)
    (filter_,) = parse_oracle(URZAS_FILTER["oracle"], URZAS_FILTER["name"]).effects
    assert isinstance(filter_, CostModifier) and filter_.generic_delta == -2


CHIEF_ENGINEER: dict[str, Any] = {
    "name": "Chief Engineer",
    "type_line": "Creature — Human Artificer",
    "oracle": "Artifact spells you cast have convoke.",
    "mana_cost": "{1}{U}",
    "power": 1,
    "toughness": 3,
}
INSPIRING_STATUARY: dict[str, Any] = {
    "name": "Inspiring Statuary",
    "type_line": "Artifact",
    "oracle": "Nonartifact spells you cast have improvise.",
    "mana_cost": "{3}",
}


def test_keywords_a_permanent_gives_spells_help_pay_them() -> None:
    """'Artifact spells you cast have convoke.' (Chief Engineer) and 'Nonartifact spells you cast have
    improvise.' (Inspiring Statuary): the spells they describe are paid as though their cards had the
    keyword (CR 702.51, 702.126): the Chief and a Bear tapped pay {2} of an artifact spell, the Wastes the
    third; an instant gets no help from the Chief but improvise from the Statuary (itself an artifact), an
    artifact spell none from it. Before, the sentences were ignored with no warning: "no" to all of them.
    (The reference search pays the target as locked in, keywords included: checked with them here.)"""
    board = make_board([mine("c", CHIEF_ENGINEER), mine("b", BEAR), mine("w", "Wastes")])
    for cost, type_line, payable in (
        ("{3}", "Artifact", True),
        ("{4}", "Artifact", False),
        ("{2}", "Instant", False),
    ):
        target = locked_in(BoardView(board), PaymentTarget.of(cost, type_line=type_line), "me")
        assert target.convoke is (type_line == "Artifact") and not target.improvise
        result = agrees_with_reference(board, target, max_states=20_000)
        assert result is not None and result.payable is payable, cost
    statuary = make_board([mine("s", INSPIRING_STATUARY), mine("w", "Wastes")])
    instant = locked_in(BoardView(statuary), PaymentTarget.of("{2}", type_line="Instant"), "me")
    assert instant.improvise and not instant.convoke
    result = agrees_with_reference(statuary, instant, max_states=20_000)
    assert result is not None and result.payable
    artifact = locked_in(BoardView(statuary), PaymentTarget.of("{2}", type_line="Artifact"), "me")
    assert not artifact.improvise and not pay(statuary, artifact).payable
    assert not text_warnings(board) and not text_warnings(statuary)
    # the command line's --for gives the spell's type line, and the grant applies as in the library
    assert pay(board, PaymentTarget.of("{3}", type_line="Artifact")).payable


CASTLE_GARENBRIG: dict[str, Any] = {
    "name": "Castle Garenbrig",
    "type_line": "Land",
    "oracle": "Castle Garenbrig enters tapped unless you control a Forest.\n{T}: Add {G}.\n"
    "{2}{G}{G}, {T}: Add six {G}. Spend this mana only to cast creature spells or activate abilities of "
    "creatures.",
}


def test_a_number_word_before_a_symbol_adds_it_that_many_times() -> None:
    """'{2}{G}{G}, {T}: Add six {G}. Spend this mana only to cast creature spells or activate abilities of
    creatures.' (Castle Garenbrig): four Forests pay the {2}{G}{G} and the Castle makes six {G} for a
    creature spell ({6} yes, {7} no); for an instant it taps for {G} beside the Forests ({5} yes, {6} no).
    Before, 'six {G}' was not read and the ability was set aside with a warning."""
    board = make_board([mine("c", CASTLE_GARENBRIG), *(mine(f"f{n}", "Forest") for n in range(4))])
    cases = (("{6}", "Creature — Bear", True), ("{7}", "Creature — Bear", False))
    for cost, type_line, payable in (*cases, ("{5}", "Instant", True), ("{6}", "Instant", False)):
        result = agrees_with_reference(board, PaymentTarget.of(cost, type_line=type_line), max_states=50_000)
        assert result is not None and result.payable is payable, (cost, type_line)
    assert not text_warnings(board)


THRIVING_GROVE: dict[str, Any] = {
    "name": "Thriving Grove",
    "type_line": "Land",
    "oracle": "Thriving Grove enters the battlefield tapped. As it enters the battlefield, choose a color "
    "other than green.\n{T}: Add {G} or one mana of the chosen color.",
}


def test_a_thriving_land_adds_its_color_or_the_chosen_one() -> None:
    """The Thriving lands: 'As it enters, choose a color other than green.' and '{T}: Add {G} or one mana of
    the chosen color.' With blue chosen: {G} or {U} (one mana: {U}{G} needs the Forest too); with no color
    chosen (a copy): {G} only, the chosen half undefined (CR 106.5) and named in the warnings."""
    blue = make_board([mine("t", {**THRIVING_GROVE, "choices": {"color": "U"}}), mine("f", "Forest")])
    assert str(could_produce(blue)["t"]) == "UG"
    assert checked_verdict(blue, "{U}{G}") and checked_verdict(blue, "{G}{G}")
    assert not checked_verdict(blue, "{U}{U}") and not checked_verdict(blue, "{R}")
    assert largest_x(blue) == 2 and not text_warnings(blue)
    unchosen = make_board([mine("t", THRIVING_GROVE), mine("f", "Forest")])
    assert str(could_produce(unchosen)["t"]) == "G"
    assert checked_verdict(unchosen, "{G}{G}") and not checked_verdict(unchosen, "{U}{G}")
    (warning,) = text_warnings(unchosen)
    assert warning.permanent == "t" and "choices.color" in warning.reason
    assert parse_oracle(THRIVING_GROVE["oracle"], "Thriving Grove").choices_needed == ("color",)


def test_a_permanent_that_has_the_activated_abilities_of_others_is_warned_about() -> None:
    """'~ has all activated abilities of the exiled card.' (Territory Forge), '... of creatures you control
    that don't have the same name as this creature' (Marvin): the mana abilities of what it copies are among
    them, which the reader does not read yet: the sentence is named in the warnings, never dropped in silence
    (it was ignored). 'except mana abilities' (Sharkey) copies none, and changes no payment."""
    forge = {"name": "Territory Forge", "type_line": "Artifact",
             "oracle": "Territory Forge has all activated abilities of the exiled card."}  # fmt: skip
    board = make_board([mine("t", forge), mine("f", "Forest")])
    (warning,) = text_warnings(board)
    assert warning.permanent == "t" and "all activated abilities" in warning.sentence
    sharkey = "Sharkey has all activated abilities of lands your opponents control except mana abilities."
    assert [s.read_as for s in parse_oracle(sharkey, "Sharkey").sentences] == ["ignored"]


def test_one_additional_mana_of_a_type_that_permanent_produced() -> None:
    """Kinnan's 'Whenever you tap a nonland permanent for mana, add one additional mana of any type that
    permanent produced.' (a triggered mana ability, CR 605.1b): Sol Ring makes {C}{C} and one more {C}, Birds
    of Paradise its color twice, a Forest (a land) only its {G}: six in all. Before, 'additional' was not
    read there."""
    board = make_board(
        [mine("k", KINNAN), mine("s", "Sol Ring"), mine("b", "Birds of Paradise"), mine("f", "Forest")]
    )
    assert checked_verdict(board, "{C}{C}{C}{G}") and not checked_verdict(board, "{C}{C}{C}{C}")
    assert checked_verdict(board, "{G}{G}{G}") and not checked_verdict(board, "{G}{G}{G}{G}")
    assert checked_verdict(board, "{U}{U}{C}{C}{C}{G}") and largest_x(board) == 6 and not text_warnings(board)
