"""Type changes that make lands of creatures, and a land's own 'is every basic land type' (issue 35, layer 4,
CR 613.1d):

- 'Nontoken creatures you control are Forest lands in addition to their other types.' (Ashaya's shape): each
  nontoken creature of its controller is also a land and a Forest (CR 205.1b), so it has "{T}: Add {G}." (CR
  305.6); it is still a creature, so that ability waits for summoning sickness like its others (CR 302.6);
  what reads lands (a grant to lands, a Verge's 'if you control a Forest', domain) sees it;
- 'This land is every basic land type.' (the Everywhere token's): its own text (a characteristic-defining
  ability, CR 604.3) gives it the five basic land types and their five mana abilities (CR 305.6); it takes
  nothing away (CR 305.7 speaks of an effect that sets a land's subtype); it is not basic (CR 205.4c);
- with other type changes, the order of CR 613.8 (dependency) and 613.7 (timestamp, the board's order): a
  'nonbasic lands are Mountains' effect depends on the effect that makes the creatures lands, so it applies
  after it whatever their timestamps, and the creatures made lands become Mountains that lose their text's
  abilities (CR 305.7).

The cards are small fixtures written here (their names made up); each answer is worked out by hand from the
rules named, and every verdict is checked against CP-SAT alone and the reference search
(:func:`boards.checked_verdict`), max-x's largest X against the reference search's."""

from __future__ import annotations

from typing import Any

import pytest
from boards import ME, checked_verdict, could, custom, make_board, mine

from models.board import Board
from models.cost import PaymentTarget
from models.layer_effects import TypeChange
from models.oracle import parse_oracle
from models.spells import spell_of
from models.types import BASIC_LAND_TYPES
from planner.api import max_x, pay, text_warnings
from planner.rules.reference import reference_search
from planner.rules.same_name import same_name_changer
from planner.rules.view import BoardView, locked_in

SOULROOT_TEXT = "Nontoken creatures you control are Forest lands in addition to their other types."
ANYWHERE_TEXT = "This land is every basic land type."


def soulroot(pid: str = "s", **fields: Any) -> dict[str, Any]:
    """A creature of "me" whose static ability makes its controller's nontoken creatures Forest lands."""
    return custom(
        "Test Soulroot", pid, "Legendary Creature — Elemental", SOULROOT_TEXT, power=3, toughness=3, **fields
    )


def bear(pid: str, **fields: Any) -> dict[str, Any]:
    """A vanilla creature."""
    return custom(f"Test Bear {pid}", pid, "Creature — Bear", "", power=2, toughness=2, **fields)


def darkling(pid: str, **fields: Any) -> dict[str, Any]:
    """A creature with its own mana ability: '{T}: Add {B}.'"""
    return custom(
        f"Test Darkling {pid}", pid, "Creature — Elf", "{T}: Add {B}.", power=1, toughness=1, **fields
    )


def anywhere(pid: str, **fields: Any) -> dict[str, Any]:
    """A land token whose only text is 'This land is every basic land type.' (no subtype printed)."""
    return custom("Test Anywhere", pid, "Land", ANYWHERE_TEXT, token=True, **fields)


def enchantment(pid: str, text: str) -> dict[str, Any]:
    return custom(f"Test Charm {pid}", pid, "Enchantment", text)


MOON = "Nonbasic lands are Mountains."
OMEN = "Lands you control are every basic land type in addition to their other types."
SPECTRUM = 'Lands you control have "{T}: Add one mana of any color."'
VERGE = "{T}: Add {U}.\n{T}: Add {R}. Activate only if you control an Island or a Mountain."
GLADE_VERGE = "{T}: Add {G}.\n{T}: Add {W}. Activate only if you control a Forest or a Plains."
TRIPLER = "If you tap a basic land for mana, it produces three times as much of that mana instead."
ALTAR = "Sacrifice a creature: Add {C}{C}."
DOMAIN_SPELL: dict[str, Any] = {
    "name": "Test Domain Ward",
    "type_line": "Enchantment",
    "mana_cost": "{5}{W}",
    "oracle": "Domain — This spell costs {1} less to cast for each basic land type among lands you control.",
}


def reference_largest_x(board: Board, cost: str) -> int:
    """The largest X for which the reference search pays ``cost`` (-1: none)."""
    largest = -1
    while reference_search(board, PaymentTarget.of(cost), ME, x=largest + 1, max_states=20_000).payable:
        largest += 1
    return largest


def checked_x(board: Board, cost: str) -> int:
    """max-x's largest X, checked against the reference search's."""
    found = max_x(board, PaymentTarget.of(cost))
    assert found.x is not None
    assert found.x == reference_largest_x(board, cost)
    return found.x


def spell(card: dict[str, Any]) -> PaymentTarget:
    return spell_of(card["mana_cost"], type_line=card["type_line"], text=card["oracle"], name=card["name"])


# ------------------------------------------------------------------------------------------------ reading


def test_the_sentences_are_read_as_type_additions() -> None:
    read = parse_oracle(SOULROOT_TEXT, "Test Soulroot")
    (change,) = read.effects
    assert isinstance(change, TypeChange) and change.adds
    assert (change.card_types, change.land_types) == (("Land",), ("Forest",))
    assert change.affected.types == ("Creature",) and not read.unsupported
    assert "token" in change.affected.describe()  # (nontoken only)
    everywhere = parse_oracle(ANYWHERE_TEXT, "Test Anywhere")
    (own,) = everywhere.effects
    assert isinstance(own, TypeChange) and own.affected.self_only and own.adds
    assert set(own.land_types) == set(BASIC_LAND_TYPES) and not everywhere.unsupported
    # (one creature, 'a Forest land', reads alike)
    (each,) = parse_oracle("Each creature is a Forest land in addition to its other types.").effects
    assert isinstance(each, TypeChange) and (each.card_types, each.land_types) == (("Land",), ("Forest",))
    # (two creature types in a row, as 'Forest lands' reads: an Equipment's)
    suit = parse_oracle("Equipped creature gets +1/+1 and is a Spider Hero in addition to its other types.")
    assert [e.subtypes for e in suit.effects if isinstance(e, TypeChange)] == [("Spider", "Hero")]
    # (the card's name as the subject reads alike)
    named = parse_oracle("Test Anywhere is every basic land type.", "Test Anywhere")
    assert named.effects == (own,)


def test_what_is_not_read_stays_reported() -> None:
    # (card types set, not added, CR 205.1a: not read)
    text = "Creatures you control are Forest lands."
    assert parse_oracle(text).unsupported == (text,)
    # (a card's own land type set, which would take its own text away: not read)
    assert parse_oracle("Test Marsh is a Swamp.", "Test Marsh").unsupported == ("~ is a Swamp.",)
    # (a creature type added to what may be no creature: CR 205.3d)
    knight = "Nontoken permanents you control are Knight lands in addition to their other types."
    assert parse_oracle(knight).unsupported == (knight,)


# ------------------------------------------------------------------------------------- creatures made lands


def test_each_nontoken_creature_taps_for_green() -> None:
    """The Soulroot and a Bear are Forests: each has '{T}: Add {G}.' (CR 305.6): {G}{G} is paid, {G}{G}{G}
    is not; the Soulroot's own type line changes (it is one of the nontoken creatures)."""
    board = make_board([soulroot(), bear("b")], opponent=False)
    assert could(board) == {"s": "G", "b": "G"}
    assert checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{G}{G}{G}")
    line = BoardView(board).type_line("b")
    assert line.is_a("Land") and line.is_a("Creature") and line.subtypes == ("Bear", "Forest")
    assert not text_warnings(board)


def test_a_token_creature_is_no_land() -> None:
    """A token Bear is not a nontoken creature: the Soulroot alone taps ({G}), not {G}{G}."""
    board = make_board([soulroot(), bear("b", token=True)], opponent=False)
    assert could(board) == {"s": "G", "b": ""}
    assert checked_verdict(board, "{G}") and not checked_verdict(board, "{G}{G}")
    # (a nontoken Bear of the same name and text beside two tokens: it alone is a land, {G}{G}, no more)
    same = {"name": "Test Bear", "type_line": "Creature — Bear", "oracle": "", "power": 2, "toughness": 2}
    twins = [mine("t1", same, token=True), mine("n", same), mine("t2", same, token=True)]
    board = make_board([twins[0], soulroot(), *twins[1:]], opponent=False)
    assert checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{G}{G}{G}")


def test_a_creature_made_a_forest_keeps_its_own_ability_and_its_sickness() -> None:
    """The Darkling has '{T}: Add {B}.' and the Forest's '{T}: Add {G}.': one tap, either ({B} or {G}).
    Summoning sick, neither {T} ability may be activated (CR 302.6: it is still a creature): the Soulroot's
    {G} alone."""
    board = make_board([soulroot(), darkling("d")], opponent=False)
    assert could(board)["d"] == "BG"
    assert checked_verdict(board, "{G}{G}") and checked_verdict(board, "{B}{G}")
    assert not checked_verdict(board, "{B}{G}{G}")
    sick = make_board([soulroot(), darkling("d", summoning_sick=True)], opponent=False)
    assert not checked_verdict(sick, "{G}{G}") and checked_verdict(sick, "{G}")
    assert checked_x(board, "{X}") == 2 and checked_x(sick, "{X}") == 1


def test_a_grant_to_lands_reaches_the_creatures_made_lands() -> None:
    """'Lands you control have "{T}: Add one mana of any color."': the Soulroot and the Bear are lands, so
    each may tap for {U}: {U}{U} is paid. A sick Bear's granted {T} ability waits too (CR 302.6)."""
    spectrum = enchantment("w", SPECTRUM)
    board = make_board([spectrum, soulroot(), bear("b")], opponent=False)
    assert checked_verdict(board, "{U}{U}") and not checked_verdict(board, "{U}{U}{U}")
    sick = make_board([spectrum, soulroot(), bear("b", summoning_sick=True)], opponent=False)
    assert not checked_verdict(sick, "{U}{U}") and checked_verdict(sick, "{U}")
    assert checked_x(board, "{X}{W}") == 1


def test_a_verge_sees_a_creature_forest() -> None:
    """'{T}: Add {W}. Activate only if you control a Forest or a Plains.': the Soulroot is a Forest, so the
    Verge makes {W} and the Soulroot {G}."""
    verge = custom("Test Glade Verge", "v", "Land", GLADE_VERGE)
    board = make_board([soulroot(), verge], opponent=False)
    assert checked_verdict(board, "{W}{G}")
    assert could(board) == {"s": "G", "v": "WG"}


def test_sacrificing_the_soulroot_ends_its_effect() -> None:
    """'Sacrifice a creature: Add {C}{C}.' (an artifact): the Soulroot and the Bear tap for {G} each, then
    both are sacrificed for {C}{C} each: {G}{G}{C}{C}{C}{C}. Once the Soulroot is gone the Bear is no land,
    but it was tapped first; three {G} are never there."""
    altar = custom("Test Altar", "a", "Artifact", ALTAR)
    board = make_board([altar, soulroot(), bear("b")], opponent=False)
    assert checked_verdict(board, "{G}{G}{C}{C}{C}{C}")
    assert not checked_verdict(board, "{G}{G}{G}{C}{C}")
    assert checked_x(board, "{X}{G}") == 5


# -------------------------------------------------------------------------------- dependency and timestamp


def test_nonbasic_lands_are_mountains_after_the_creatures_are_made_lands() -> None:
    """The Moon first (earliest timestamp), then the Soulroot: the Moon's effect depends on the Soulroot's
    (CR 613.8a: the Soulroot's changes what the Moon's applies to), so the Soulroot's applies first whatever
    the timestamps: every nontoken creature is a nonbasic land, then a Mountain (CR 305.7: its Forest type
    and its text's abilities gone, the Darkling's {B} too): {R} each, no {G}, no {B}."""
    board = make_board([enchantment("m", MOON), soulroot(), darkling("d")], opponent=False)
    assert could(board) == {"m": "", "s": "R", "d": "R"}
    assert checked_verdict(board, "{R}{R}")
    assert not checked_verdict(board, "{G}") and not checked_verdict(board, "{B}")
    line = BoardView(board).type_line("d")
    assert line.is_a("Land") and line.is_a("Creature") and line.subtypes == ("Elf", "Mountain")


@pytest.mark.parametrize(
    ("order", "expected"),
    [
        # Soulroot first (dependency); then the Moon and every basic land type by timestamp (613.7)
        (("s", "d", "o", "m"), "R"),  # every type, then Mountains: R only
        (("m", "s", "d", "o"), "WUBRG"),  # Mountains, then every type: all five
        (("s", "m", "d", "o"), "WUBRG"),
        (("o", "s", "d", "m"), "R"),  # the omen depends on the Soulroot too: it applies after it
    ],
)
def test_three_type_changes_apply_by_dependency_then_timestamp(order: tuple[str, ...], expected: str) -> None:
    """The Soulroot, 'Lands you control are every basic land type in addition to their other types.' and
    'Nonbasic lands are Mountains.': both others depend on the Soulroot (it changes what they apply to, CR
    613.8a) and not on each other, so the Soulroot's applies first, then those two in timestamp order (CR
    613.7). The Moon last: Mountains only ({R}); the Moon before the omen: Mountains that are every basic
    land type (all five; the Darkling's own {B} is gone with its text, CR 305.7, but the Swamp type gives
    {B})."""
    cards = {
        "s": soulroot(),
        "d": darkling("d"),
        "o": enchantment("o", OMEN),
        "m": enchantment("m", MOON),
    }
    board = make_board([cards[pid] for pid in order], opponent=False)
    found = could(board)
    assert (found["s"], found["d"]) == (expected, expected)
    assert checked_verdict(board, "{R}{R}")
    assert checked_verdict(board, "{W}{U}") == (expected == "WUBRG")


# ---------------------------------------------------------------------------------- every basic land type


def test_a_land_that_is_every_basic_land_type_taps_for_each_color() -> None:
    """The five types' five abilities (CR 305.6): any one color, one at a time."""
    board = make_board([anywhere("e")], opponent=False)
    assert could(board) == {"e": "WUBRG"}
    assert checked_verdict(board, "{B}") and checked_verdict(board, "{G}")
    assert not checked_verdict(board, "{W}{U}") and checked_x(board, "{X}") == 1
    assert str(BoardView(board).type_line("e")) == "Land — Plains Island Swamp Mountain Forest"
    assert not text_warnings(board)


def test_a_verge_sees_its_island() -> None:
    """'{T}: Add {R}. Activate only if you control an Island or a Mountain.': the land is both: the Verge
    makes {U} or {R}; {R}{R} is the Verge's {R} and the land's."""
    board = make_board([custom("Test River Verge", "v", "Land", VERGE), anywhere("e")], opponent=False)
    assert could(board) == {"v": "UR", "e": "WUBRG"}
    assert checked_verdict(board, "{R}{R}") and not checked_verdict(board, "{R}{R}{R}")


def test_the_land_is_not_basic() -> None:
    """'If you tap a basic land for mana, it produces three times as much': the land has no basic supertype
    (CR 205.4c): one {W}, not three."""
    board = make_board([enchantment("t", TRIPLER), anywhere("e")], opponent=False)
    assert checked_verdict(board, "{W}") and not checked_verdict(board, "{W}{W}")


def test_nonbasic_lands_are_mountains_takes_its_types_away() -> None:
    """The Moon sets the nonbasic land's subtype: Mountain only (CR 305.7), whatever the order."""
    for order in ((anywhere("e"), enchantment("m", MOON)), (enchantment("m", MOON), anywhere("e"))):
        board = make_board(list(order), opponent=False)
        assert could(board)["e"] == "R"
        assert checked_verdict(board, "{R}") and not checked_verdict(board, "{G}")


def test_domain_counts_the_five_types() -> None:
    """'costs {1} less for each basic land type among lands you control': the tapped land gives five types
    (the Plains' type among them), {5}{W} less {5} is {W}, which the Plains pays. The opponent's land counts
    nothing (CR 'lands you control'): {4}{W} from one Plains, not paid."""
    plains = custom("Test Plains", "p", "Basic Land — Plains", "")
    board = make_board([anywhere("e", tapped=True), plains], hand=[DOMAIN_SPELL])
    assert str(locked_in(BoardView(board), spell(DOMAIN_SPELL), ME).cost) == "{W}"
    assert pay(board, spell(DOMAIN_SPELL)).payable
    theirs = make_board([anywhere("e", controller="opp"), plains], hand=[DOMAIN_SPELL])
    assert str(locked_in(BoardView(theirs), spell(DOMAIN_SPELL), ME).cost) == "{4}{W}"
    assert not pay(theirs, spell(DOMAIN_SPELL)).payable


def test_domain_counts_a_creature_forest() -> None:
    """The Soulroot is a Forest: with a Plains, two basic land types: {5}{W} less {2} is {3}{W}."""
    plains = custom("Test Plains", "p", "Basic Land — Plains", "")
    board = make_board([soulroot(), plains], hand=[DOMAIN_SPELL])
    assert str(locked_in(BoardView(board), spell(DOMAIN_SPELL), ME).cost) == "{3}{W}"


def test_creatures_made_lands_share_a_name_for_a_same_name_trigger() -> None:
    """'Whenever a land you control is tapped for mana, add an additional one mana of any type that land
    produced for each other land you control with the same name as it.': two Twins (one name) made Forest
    lands make {G} and one more each; the Soulroot {G}: five {G}, not six. With 'Sacrifice a creature: Add
    {C}{C}.' a cost may take a Twin away before the other is tapped, which changes what the trigger counts:
    the fast path must leave that board to the model (:func:`same_name_changer` sees the lands the
    creatures are now); every Twin tapped first, then the three sacrificed: {G}x5 and {C}x6."""
    essence = enchantment(
        "e",
        "Whenever a land you control is tapped for mana, add an additional one mana of any type that land "
        "produced for each other land you control with the same name as it.",
    )
    twins = [custom("Test Twin", pid, "Creature — Bear", "", power=2, toughness=2) for pid in ("t1", "t2")]
    board = make_board([soulroot(), essence, *twins], opponent=False)
    assert checked_verdict(board, "{G}" * 5) and not checked_verdict(board, "{G}" * 6)
    altar = custom("Test Altar", "a", "Artifact", ALTAR)
    sacrificing = make_board([soulroot(), essence, altar, *twins], opponent=False)
    assert same_name_changer(BoardView(sacrificing)) is not None
    assert checked_verdict(sacrificing, "{G}" * 5 + "{C}" * 6)
    assert not checked_verdict(sacrificing, "{G}" * 6 + "{C}" * 4)


# ------------------------------------------------------------------------- a creature's own types set


ISLE_TEXT = (
    "As long as Test Isle has a slumber counter on it, it's a land. (It's not a creature.)\n{T}: Add {G}{U}."
)


def isle(**fields: Any) -> dict[str, Any]:
    """A creature that is a land (only) while it has a slumber counter, with '{T}: Add {G}{U}.'"""
    return custom(
        "Test Isle", "i", "Legendary Creature — Kraken", ISLE_TEXT, power=12, toughness=12, **fields
    )


def test_a_creature_that_is_a_land_while_it_has_a_counter() -> None:
    """'As long as ~ has a slumber counter on it, it's a land.': its card types are set (CR 205.1a), so with
    a counter it is a land and no creature (no Kraken either, CR 205.3d): though it came this turn it taps
    for {G}{U} (CR 302.6 is about creatures), keeping its text's ability (no land type is set, CR 305.7),
    and '{T}: Add {G} for each creature you control.' counts the Bear alone: {G}{G}{U}. Without a counter it
    is a summoning-sick creature: the land counts two creatures, {G}{G}, and {U} is never there."""
    read = parse_oracle(ISLE_TEXT, "Test Isle", legendary=True)
    (change,) = read.effects
    assert isinstance(change, TypeChange) and change.while_counter == "slumber" and not read.unsupported
    cradle = custom("Test Cradle", "c", "Legendary Land", "{T}: Add {G} for each creature you control.")
    slumbering = make_board([isle(counters={"slumber": 2}, summoning_sick=True), cradle, bear("b")])
    line = BoardView(slumbering).type_line("i")
    assert line.is_a("Land") and not line.is_a("Creature") and not line.subtypes
    assert checked_verdict(slumbering, "{G}{G}{U}") and not checked_verdict(slumbering, "{G}{G}{G}")
    assert checked_x(slumbering, "{X}") == 3
    awake = make_board([isle(summoning_sick=True), cradle, bear("b")])
    assert checked_verdict(awake, "{G}{G}") and not checked_verdict(awake, "{U}")
    assert checked_x(awake, "{X}") == 2
    # (other conditions on its own types, and a creature's own types set, are not read)
    for text in (
        "As long as it's your turn, Test Isle is an artifact creature.",
        "As long as Test Isle has a slumber counter on it, it's a creature.",
    ):
        assert parse_oracle(text, "Test Isle").unsupported
