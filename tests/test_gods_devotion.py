"""A Theros God's 'As long as your devotion to <colors> is less than N, ~ isn't a creature.' (issue 35): a
type change of layer 4 (CR 613.1d) that takes the card type Creature (and the subtype God, CR 205.3d) from the
God while its controller's devotion is below N (CR 700.5: each mana symbol of those colors among the mana
costs of the permanents they control, a hybrid one once, a Phyrexian one too). Types are checked all the
time (CR 613): a permanent sacrificed as a cost leaves at once, and a God whose devotion falls below N
stops being a creature at once, before the next ability is activated.

Each board's answer is worked out by hand from the rules cited and checked against the reference search
(:func:`boards.checked_verdict`); the cards are small fixtures written here (their names made up).
"""

from __future__ import annotations

from typing import Any

from boards import ME, agrees_with_reference, checked_verdict, could, custom, largest_x, make_board

from models.cost import PaymentTarget
from models.layer_effects import TypeChange
from models.oracle import parse_oracle
from planner.api import text_warnings
from planner.rules.view import BoardView

GOD_LINE = "Legendary Enchantment Creature — God"
CRADLE = "{T}: Add {G} for each creature you control."
ALTAR = "Sacrifice a creature: Add {C}{C}."
RITE = 'Creatures you control have "{T}: Add {G}."'


def god(below: str = "three", cost: str = "{1}{G}", colors: str = "green", **fields: Any) -> dict[str, Any]:
    """A God of "me" that isn't a creature while its devotion to ``colors`` is below ``below``."""
    text = f"Indestructible\nAs long as your devotion to {colors} is less than {below}, ~ isn't a creature."
    return custom("Wild God", "god", GOD_LINE, text, controller=ME, mana_cost=cost, **fields)


def elf(pid: str, cost: str = "{G}", **fields: Any) -> dict[str, Any]:
    """A green creature of "me" with no mana ability (its mana cost counts toward devotion)."""
    return custom(f"Elf {pid}", pid, "Creature — Elf", "", controller=ME, mana_cost=cost, **fields)


def cradle(pid: str = "c", oracle: str = CRADLE) -> dict[str, Any]:
    """A land of "me" that counts creatures."""
    return custom("Cradle", pid, "Land", oracle, controller=ME)


def test_the_gods_line_is_read_as_a_type_change_on_its_devotion() -> None:
    read = parse_oracle(god()["oracle"], "Wild God")
    (change,) = read.effects
    assert isinstance(change, TypeChange) and change.removes_card_types == ("Creature",)
    assert change.affected.self_only and change.devotion_below == 3
    assert change.devotion is not None and str(change.devotion.colors) == "G"
    assert not read.unsupported and not read.ignored
    # (the same words with another condition change a payment too: never ignored in silence)
    other = "As long as you control five Elves, ~ isn't a creature."
    assert parse_oracle(other, "Wild God").unsupported == (other,)
    # (Kruphix: its two colors, and nothing but its hand size ignored)
    kruphix = parse_oracle(
        "As long as your devotion to green and blue is less than seven, Kruphix isn't a creature.\n"
        "You have no maximum hand size.",
        "Kruphix, God of Horizons",
    )
    (change,) = kruphix.effects
    assert isinstance(change, TypeChange) and change.devotion is not None
    assert str(change.devotion.colors) == "UG" and change.devotion_below == 7
    assert kruphix.ignored == ("You have no maximum hand size.",)


def test_devotion_counts_hybrid_and_phyrexian_symbols_once() -> None:
    """CR 700.5: devotion to green and blue counts {G/U} once, {G/P} and {2/G} once each; {C} and {3} none.
    The God ({1}{G}: 1) needs 5: with the three hybrid cards it has 4, with {G}{U} too 6."""
    two_colors = god(below="five", colors="green and blue")
    hybrids = [elf("h1", "{G/U}"), elf("h2", "{G/P}"), elf("h3", "{2/G}{C}")]
    view = BoardView(make_board([two_colors, *hybrids]))
    assert not view.type_line("god").is_a("Creature")
    assert str(view.type_line("god")) == "Legendary Enchantment"  # (no God either: CR 205.3d)
    view = BoardView(make_board([two_colors, *hybrids, elf("h4", "{G}{U}")]))
    assert view.type_line("god").is_a("Creature") and "God" in view.type_line("god").subtypes
    # (an opponent's permanents count toward their devotion, not "me"'s)
    theirs = {**elf("o", "{G}{G}{G}{G}"), "controller": "opp"}
    assert not BoardView(make_board([two_colors, theirs])).type_line("god").is_a("Creature")


def test_cradle_counts_the_god_only_while_it_is_a_creature() -> None:
    """Gaea's Cradle adds {G} for each creature: the God ({1}{G}) and one Elf ({G}) make devotion 2, below 3:
    the Elf alone is a creature ({G}); with two Elves devotion is 3 and the God is one ({G}{G}{G})."""
    one = make_board([god(), cradle(), elf("e1", tapped=True)])
    assert checked_verdict(one, "{G}") and not checked_verdict(one, "{G}{G}")
    assert largest_x(one) == 1
    two = make_board([god(), cradle(), elf("e1", tapped=True), elf("e2", tapped=True)])
    assert checked_verdict(two, "{G}{G}{G}") and not checked_verdict(two, "{G}{G}{G}{G}")
    assert largest_x(two) == 3 and not text_warnings(two)  # (the God's line is read in full)
    assert could(two)["c"] == "G"


def test_an_altar_sacrifices_the_god_only_while_it_is_a_creature() -> None:
    """'Sacrifice a creature: Add {C}{C}' (CR 118.3): below its devotion the God is no creature to sacrifice
    ({C}{C} from the Elf alone); at it, the God goes first ({C}{C}{C}{C}{C}{C} with two Elves). Sacrificing an
    Elf first ends the God's creature status at once (devotion 2, CR 613): then {C}{C}{C}{C} at most."""
    altar = custom("Altar", "a", "Artifact", ALTAR, controller=ME, mana_cost="{3}")
    below = make_board([god(), altar, elf("e1")])
    assert checked_verdict(below, "{C}{C}") and not checked_verdict(below, "{C}{C}{C}")
    at = make_board([god(), altar, elf("e1"), elf("e2")])
    assert checked_verdict(at, "{C}{C}{C}{C}{C}{C}") and not checked_verdict(at, "{C}{C}{C}{C}{C}{C}{C}")
    assert largest_x(at) == 6


def test_a_sacrifice_that_pays_a_counting_cost_ends_the_gods_creature_status_first() -> None:
    """A Cradle that costs {1} to tap ('{1}, {T}: Add {G} for each creature you control') whose only mana is a
    green Petal ({G}: 'Sacrifice this artifact: Add {G}.'): the Petal's {G} pays the {1}, and as it is
    sacrificed the devotion falls from 3 (God, Petal, Elf) to 2: the God is no creature when the Cradle
    counts (CR 613, 608.2h), which adds {G} for the Elf alone. Net {G}: {G}{G} can't be paid (it could if
    the God stayed a creature), and max-x is 1."""
    petal = custom("Green Petal", "p", "Artifact", "Sacrifice this artifact: Add {G}.", controller=ME)
    petal["mana_cost"] = "{G}"
    costly = cradle(oracle="{1}, {T}: Add {G} for each creature you control.")
    board = make_board([god(), petal, costly, elf("e1", tapped=True)])
    assert BoardView(board).type_line("god").is_a("Creature")
    assert checked_verdict(board, "{G}") and not checked_verdict(board, "{G}{G}")
    assert largest_x(board) == 1


def test_a_god_made_no_creature_by_a_sacrifice_cant_convoke() -> None:
    """Convoke taps creatures after the mana abilities (CR 601.2g-h): the Petal sacrificed for {G} takes the
    God's devotion from 2 to 1 (below 2), so it is no creature to tap then: a {2} spell with convoke can't
    be paid (the Petal's {G} and nothing else); {1} can, either way."""
    petal = custom("Green Petal", "p", "Artifact", "Sacrifice this artifact: Add {G}.", controller=ME)
    petal["mana_cost"] = "{G}"
    board = make_board([god(below="two"), petal])
    assert BoardView(board).type_line("god").is_a("Creature")
    for cost, payable in (("{1}", True), ("{2}", False)):
        result = agrees_with_reference(board, PaymentTarget.of(cost, convoke=True), max_states=20_000)
        assert result is not None and bool(result.payable) is payable, cost
    # (with a colorless Petal the devotion stays 2: the God convokes beside it)
    petal["mana_cost"] = "{1}"
    board = make_board([god(below="two", cost="{G}{G}"), petal])
    result = agrees_with_reference(board, PaymentTarget.of("{2}", convoke=True), max_states=20_000)
    assert result is not None and result.payable


def test_a_sick_god_that_is_a_creature_cant_tap_for_a_granted_ability() -> None:
    """Cryptolith Rite's creatures have '{T}: Add {G}.': a God that is no creature has no such ability; one
    that is a creature and came under its controller's control this turn can't use it (CR 302.6); one that
    has been there since the turn began taps for {G}."""
    rite = custom("Rite", "rite", "Enchantment", RITE, controller=ME, mana_cost="{1}{G}")
    # devotion: God 1 + Rite 1 = 2, below 3: no creature
    assert not checked_verdict(make_board([god(), rite]), "{G}")
    # devotion 3 with a tapped Elf: a creature with the Rite's ability
    assert checked_verdict(make_board([god(), rite, elf("e1", tapped=True)]), "{G}")
    sick = make_board([god(summoning_sick=True), rite, elf("e1", tapped=True)])
    assert not checked_verdict(sick, "{G}")


def test_a_sick_god_taps_for_its_own_mana_only_while_it_is_no_creature() -> None:
    """A God with '{T}: Add {G}.' that came under its controller's control this turn: below its devotion it is
    an enchantment, and taps (CR 302.6 stops creatures only); at it, it is a sick creature and can't."""
    text = "{T}: Add {G}.\nAs long as your devotion to green is less than three, ~ isn't a creature."
    sick_god = custom("Tapping God", "god", GOD_LINE, text, controller=ME, mana_cost="{1}{G}")
    sick_god["summoning_sick"] = True
    assert checked_verdict(make_board([sick_god, elf("e1", tapped=True)]), "{G}")
    at = make_board([sick_god, elf("e1", tapped=True), elf("e2", tapped=True)])
    assert not checked_verdict(at, "{G}")
    assert could(at)["god"] == "G"  # (CR 106.7 reads the ability, sick or not)


def test_only_the_sacrifices_that_take_the_devotion_below_end_the_creature() -> None:
    """Devotion 5 (God {1}{G}, two Elves, two green Petals), below four: the God is a creature until both
    Petals are gone. A Cradle costing {1} to tap takes one Petal's {G}: devotion 4, the God still a creature,
    three creatures counted: the other Petal and {G}{G}{G}, four in all. One costing {2} takes both: devotion
    3, the God no creature, {G}{G} counted: two in all (the Petals alone make two as well; three if the God
    stayed a creature)."""

    def petal(pid: str) -> dict[str, Any]:
        entry = custom(f"Petal {pid}", pid, "Artifact", "Sacrifice this artifact: Add {G}.", controller=ME)
        return {**entry, "mana_cost": "{G}"}

    elves = [elf("e1", tapped=True), elf("e2", tapped=True)]
    for cost, most in (("{1}", 4), ("{2}", 2)):
        costly = cradle(oracle=cost + ", {T}: Add {G} for each creature you control.")
        board = make_board([god(below="four"), petal("p1"), petal("p2"), costly, *elves])
        assert checked_verdict(board, "{G}" * most), cost
        assert not checked_verdict(board, "{G}" * (most + 1)), cost
        assert largest_x(board) == most, cost
