"""An Aura that sets a permanent's card types and takes its other abilities away (issue 35, the families
the probes left warned): 'Enchanted permanent is a colorless land with "{T}: Add {C}." and loses all other
card types and abilities' (Imprisoned in the Moon), 'is a colorless Food artifact with "<no mana ability>"
and loses all other card types and abilities' (Sugar Coat).

By the rules: its card types are set (layer 4), and the subtypes of the card types it still has stay (CR
205.1a: a Forest stays a Forest, a Dryad Arbor loses Dryad with Creature); it is colorless (layer 5); it loses
its abilities but the quoted one (layer 6), the ability its basic land type gives included (CR 305.6: an
ability it has, lost in layer 6 after every type change of layer 4). A creature that is no longer one is not
summoning sick (CR 302.6). Blood Moon applies after it to a creature it makes a land (CR 613.8a: it changes
what Blood Moon applies to), and in either order the land keeps only {C}.

The cards are made up, written in the phrases of those cards. Values are derived by hand from the rules; each
board is checked against the reference search too.
"""

from __future__ import annotations

from typing import Any

from boards import checked_verdict, largest_x, make_board, mine

from models.layer_effects import ColorChange, GrantAbility, TypeChange
from models.oracle import parse_oracle
from planner.api import could_produce, text_warnings
from planner.rules.view import BoardView

#: Imprisoned in the Moon's sentence.
MOON: dict[str, Any] = {
    "name": "Test Moon",
    "type_line": "Enchantment — Aura",
    "mana_cost": "{2}{U}",
    "oracle": "Enchant creature, land, or planeswalker\nEnchanted permanent is a colorless land with "
    '"{T}: Add {C}." and loses all other card types and abilities.',
}
#: Sugar Coat's sentence: a Food's ability, no mana ability.
COAT: dict[str, Any] = {
    "name": "Test Coat",
    "type_line": "Enchantment — Aura",
    "mana_cost": "{2}{U}",
    "oracle": "Flash\nEnchant creature or Food\nEnchanted permanent is a colorless Food artifact with "
    '"{2}, {T}, Sacrifice this artifact: You gain 3 life" and loses all other card types and abilities.',
}
#: A count of Forests: whether the enchanted land is still one.
GROVE: dict[str, Any] = {
    "name": "Test Grove",
    "type_line": "Artifact",
    "oracle": "{T}: Add {G} for each Forest you control.",
}
#: A count of Dryads and of green permanents: what the enchanted Dryad Arbor no longer is.
DRYAD_CIRCLE: dict[str, Any] = {
    "name": "Test Circle",
    "type_line": "Artifact",
    "oracle": "{T}: Add {C} for each Dryad you control.",
}
GREEN_CIRCLE: dict[str, Any] = {
    "name": "Test Green Circle",
    "type_line": "Artifact",
    "oracle": "{T}: Add {C} for each green permanent you control.",
}


def _types_and_abilities(board: Any, pid: str) -> tuple[str, str, list[str]]:
    view = BoardView(board)
    return str(view.type_line(pid)), str(view.colors(pid)), [a.text for a in view.mana_abilities(pid)]


def test_the_sentence_is_read_as_types_set_colorless_and_one_ability() -> None:
    parsed = parse_oracle(MOON["oracle"], MOON["name"])
    assert [s.read_as for s in parsed.sentences] == ["ignored", "effect"]
    change, colors, grant = parsed.effects
    assert (
        isinstance(change, TypeChange) and isinstance(colors, ColorChange) and isinstance(grant, GrantAbility)
    )
    assert str(change.sets_types) == "Land" and change.keeps_subtypes
    assert str(colors.colors) == "" and not colors.adds and grant.ability.text == "{T}: Add {C}."
    # Sugar Coat's Food ability grants nothing a payment reads: its types and colors only
    coat = parse_oracle(COAT["oracle"], COAT["name"])
    assert [s.read_as for s in coat.sentences] == ["keyword", "keyword", "effect"]
    assert [type(e) for e in coat.effects] == [TypeChange, ColorChange]


def test_an_enchanted_forest_stays_a_forest_and_taps_for_colorless_only() -> None:
    """The Forest keeps its basic supertype and its Forest type (CR 205.1a) but not the ability the type gives
    (CR 305.6, lost in layer 6): {C}, never {G}. The Grove still counts it as a Forest, with the other one:
    {G}{G}, the other Forest {G}, the enchanted one {C}: {G}{G}{G}{C}, never four {G}."""
    board = make_board(
        [mine("m", MOON, attached_to="f"), mine("f", "Forest"), mine("g", "Forest"), mine("t", GROVE)],
        opponent=False,
    )
    assert _types_and_abilities(board, "f") == ("Basic Land — Forest", "", ["{T}: Add {C}."])
    assert str(could_produce(board)["f"]) == "C"
    assert checked_verdict(board, "{G}{G}{G}{C}") and not checked_verdict(board, "{G}{G}{G}{G}")
    assert largest_x(board) == 4 and not text_warnings(board)
    alone = make_board([mine("m", MOON, attached_to="f"), mine("f", "Forest")], opponent=False)
    assert checked_verdict(alone, "{C}") and not checked_verdict(alone, "{G}")


def test_an_enchanted_dryad_arbor_is_a_colorless_forest_land_that_is_not_summoning_sick() -> None:
    """Dryad Arbor loses Creature and with it Dryad (CR 205.1a), keeps Forest; it is colorless; it came in
    this turn but is no creature, so it taps (CR 302.6), for {C}. The circles count no Dryad and no green
    permanent: nothing. Without the Aura the Arbor is summoning sick and taps for nothing."""
    circles = [mine("d", DRYAD_CIRCLE), mine("c", GREEN_CIRCLE)]
    board = make_board(
        [mine("m", MOON, attached_to="a"), mine("a", "Dryad Arbor", summoning_sick=True), *circles],
        opponent=False,
    )
    assert _types_and_abilities(board, "a") == ("Land — Forest", "", ["{T}: Add {C}."])
    assert checked_verdict(board, "{C}") and not checked_verdict(board, "{C}{C}")
    assert not checked_verdict(board, "{G}") and largest_x(board) == 1
    bare = make_board([mine("a", "Dryad Arbor", summoning_sick=True), *circles], opponent=False)
    assert largest_x(bare) == 2  # (the circles count it: one Dryad, one green permanent; it can't tap)


def test_an_enchanted_creature_is_a_land_that_taps_for_colorless_the_turn_it_came() -> None:
    board = make_board(
        [mine("m", MOON, attached_to="e"), mine("e", "Llanowar Elves", summoning_sick=True)], opponent=False
    )
    assert _types_and_abilities(board, "e") == ("Land", "", ["{T}: Add {C}."])
    assert checked_verdict(board, "{C}") and not checked_verdict(board, "{G}")


def test_blood_moon_and_the_aura_leave_colorless_in_either_order() -> None:
    """On a Steam Vents, whichever came first: Blood Moon makes it a Mountain (layer 4), the Aura takes the
    Mountain's {R} away in layer 6: {C}. On an Elves, Blood Moon applies after the Aura, which makes it a
    nonbasic land (CR 613.8a): a Mountain with {C} only. The Moon's other Mountain, a Steam Vents, taps for
    {R}."""
    for first_moon in (True, False):
        order = [mine("b", "Blood Moon"), mine("m", MOON, attached_to="s")]
        board = make_board(
            [*(order if first_moon else order[::-1]), mine("s", "Steam Vents"), mine("v", "Steam Vents")],
            opponent=False,
        )
        assert _types_and_abilities(board, "s") == ("Land — Mountain", "", ["{T}: Add {C}."])
        assert checked_verdict(board, "{R}{C}") and not checked_verdict(board, "{R}{R}")
        assert not checked_verdict(board, "{U}")
    elves = make_board(
        [mine("b", "Blood Moon"), mine("m", MOON, attached_to="e"), mine("e", "Llanowar Elves")],
        opponent=False,
    )
    assert _types_and_abilities(elves, "e") == ("Land — Mountain", "", ["{T}: Add {C}."])
    assert checked_verdict(elves, "{C}") and not checked_verdict(elves, "{R}")


def test_a_food_coat_takes_a_mana_creature_s_ability_away() -> None:
    """Sugar Coat on a Llanowar Elves: a colorless Food artifact with no mana ability. The Forest's {G} alone:
    {G}, not {G}{G} (read as ignored before, the Elves' {G} was counted)."""
    board = make_board(
        [mine("m", COAT, attached_to="e"), mine("e", "Llanowar Elves"), mine("f", "Forest")], opponent=False
    )
    assert _types_and_abilities(board, "e") == ("Artifact — Food", "", [])
    assert checked_verdict(board, "{G}") and not checked_verdict(board, "{G}{G}")
    assert largest_x(board) == 1 and not text_warnings(board)
