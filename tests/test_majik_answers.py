"""The assertions of another engine's own card tests (Majik, a C# engine: ``TrinisphereTests``,
``ThornOfAmethystTests``, ``GemstoneCavernsTests``), replayed on the planner (issue 35 item 4: the peers'
truths). Each assertion about paying (the total cost as locked in, what a permanent could produce) becomes the
same board and the same question on our API; the answer is derived from the Comprehensive Rules in the
docstring first. Where the peer's answer is not the rules' (its Trinisphere skips spells with {X}, "a deferred
gap"), the rules' answer is asserted and the docstring says why.

The cards are given by their current Oracle text and mana cost (:data:`CARDS`; other names are the
catalogue's). Facts only: no code or prose of the peer is copied here.
"""

from __future__ import annotations

from typing import Any, Final

import pytest
from boards import ME, OPP, PEER_TEXTS

from models.board import Board
from models.spells import spell_of
from planner.api import PayResult, could_produce, pay

#: The peers' cards by their current Oracle text and mana cost (``benchmarks/peer_cards.json``).
CARDS: Final = PEER_TEXTS.cards

TEXTS = PEER_TEXTS


def board(*permanents: tuple[str, str, str], **status: dict[str, Any]) -> Board:
    """A board of "me" and "opp" with the permanents given as (name, id, controller); ``status`` by id."""
    entries = [
        {**TEXTS.permanent(name, pid, controller), **status.get(pid, {})}
        for name, pid, controller in permanents
    ]
    return Board.from_dict({"version": 1, "players": [{"id": ME}, {"id": OPP}], "permanents": entries})


def total(on: Board, cost: str, type_line: str = "Sorcery", player: str = ME, x: int | None = None) -> str:
    """The total cost of a spell of that mana cost and type line as ``player`` casts it (CR 601.2f)."""
    return pay(
        on, spell_of(cost, type_line=type_line, text="", name="Test Toy"), player=player, x=x
    ).total_cost


TRINISPHERE = board(("Trinisphere", "tri", ME))


# --- TrinisphereTests: a floor on the total cost (CR 601.2f; Trinisphere's rulings) -------------------------


@pytest.mark.parametrize(
    ("cost", "type_line", "locked_in"),
    [
        ("{0}", "Artifact", "{3}"),  # ZeroCostSpell_FloorsToThree
        ("{1}", "Sorcery", "{3}"),  # OneGenericSpell_FloorsToThree
        ("{2}", "Sorcery", "{3}"),  # TwoGenericSpell_FloorsToThree
        ("{U}", "Instant", "{2}{U}"),  # OneColoredPipSpell_FloorsToThree_PaysCcGeneric
        ("{U}{U}", "Instant", "{1}{U}{U}"),  # TwoColoredPipSpell_FloorsToThree_PaysOneGeneric
        ("{2}{W}{W}", "Sorcery", "{2}{W}{W}"),  # ThreeCostSpell_Untouched
        ("{3}", "Sorcery", "{3}"),  # ExactlyThreeCostSpell_Untouched
    ],
)
def test_trinisphere_raises_a_cheap_spell_to_three_mana(cost: str, type_line: str, locked_in: str) -> None:
    """TrinisphereTests: a spell whose total cost would be less than three mana costs three: the mana added is
    generic (the reminder text: any type of mana pays it), the colored symbols stay (CR 601.2f, 118.7); a
    spell of three or more mana is untouched."""
    assert total(TRINISPHERE, cost, type_line) == locked_in


def test_trinisphere_floors_its_controllers_and_opponents_spells() -> None:
    """TrinisphereTests.ControllerOwnSpell_AlsoFloored_Symmetric (and every case cast by the opponent): "each
    spell" is every player's: Lightning Bolt's {R} costs {2}{R} for either player."""
    assert total(TRINISPHERE, "{R}", "Instant") == "{2}{R}"
    assert total(TRINISPHERE, "{R}", "Instant", player=OPP) == "{2}{R}"


def test_a_tapped_trinisphere_does_nothing() -> None:
    """TrinisphereTests.TappedTrinisphere_DoesNotFloor: "As long as Trinisphere is untapped": tapped, its
    effect does not exist; Mishra's Bauble's {0} stays {0} (and is payable on an empty board)."""
    tapped = board(("Trinisphere", "tri", ME), tri={"tapped": True})
    assert total(tapped, "{0}", "Artifact") == "{0}"
    assert pay(tapped, spell_of("{0}", type_line="Artifact", text="", name="Test Toy")).payable


@pytest.mark.parametrize(("x", "locked_in"), [(0, "{2}{R}"), (1, "{2}{R}"), (2, "{2}{R}"), (3, "{3}{R}")])
def test_trinisphere_counts_the_value_of_x(x: int, locked_in: str) -> None:
    """TrinisphereTests.XSpell_NotFloored_DocumentedGap asserts that an {X}{R} spell is not raised (a gap the
    peer documents); the rules disagree: X's value is chosen before the total cost is determined (CR 601.2b,
    601.2f, 107.3), so {X}{R} with X = 0 or 1 would cost one or two mana and costs three, {2}{R}; with X = 2
    it costs {2}{R} as printed, with X = 3 {3}{R}."""
    assert total(TRINISPHERE, "{X}{R}", x=x) == locked_in


def test_trinisphere_applies_after_the_other_cost_changes() -> None:
    """(Trinisphere's ruling, CR 601.2f.) Its floor applies after every increase and reduction: with Helm of
    Awakening ({1} less), {2}{R} would cost {1}{R} and costs {2}{R}; with Thorn of Amethyst ({1} more for
    noncreature spells), {U} would cost {1}{U} and costs {2}{U}, while {U}{U} would cost {1}{U}{U}, three
    mana: untouched."""
    helm = board(("Trinisphere", "tri", ME), ("Helm of Awakening", "helm", OPP))
    assert total(helm, "{2}{R}") == "{2}{R}"
    thorn = board(("Trinisphere", "tri", ME), ("Thorn of Amethyst", "thorn", OPP))
    assert total(thorn, "{U}", "Instant") == "{2}{U}"
    assert total(thorn, "{U}{U}", "Instant") == "{1}{U}{U}"


# --- ThornOfAmethystTests: noncreature spells cost {1} more (CR 601.2f) -------------------------------------


def test_thorn_of_amethyst_taxes_noncreature_spells_of_every_player() -> None:
    """ThornOfAmethystTests.OpponentNoncreatureSpell_CostsOneMoreGeneric_WhileThornIsOut,
    ControllerOwnNoncreatureSpell_AlsoCostsOneMore_Symmetric, ArtifactSpell_CostsOneMore_NoncreatureType:
    Counterspell's {U}{U} costs {1}{U}{U} for the opponent, Wrath of God's {2}{W}{W} costs {3}{W}{W} for
    Thorn's controller, Mishra's Bauble (an artifact, no creature) {0} costs {1}."""
    thorn = board(("Thorn of Amethyst", "thorn", ME))
    assert total(thorn, "{U}{U}", "Instant", player=OPP) == "{1}{U}{U}"
    assert total(thorn, "{2}{W}{W}") == "{3}{W}{W}"
    assert total(thorn, "{0}", "Artifact", player=OPP) == "{1}"


def test_thorn_of_amethyst_leaves_creature_spells_alone() -> None:
    """ThornOfAmethystTests.CreatureSpells_AreNotAffected_ByThornRider, ThornLeavesBattlefield_...: a creature
    spell (Goblin Guide, {R}) costs {R}; without Thorn on the battlefield Counterspell costs {U}{U}. An
    artifact creature spell is a creature spell: untouched too."""
    thorn = board(("Thorn of Amethyst", "thorn", ME))
    assert total(thorn, "{R}", "Creature — Goblin Scout", player=OPP) == "{R}"
    assert total(thorn, "{2}", "Artifact Creature — Golem") == "{2}"
    assert total(board(), "{U}{U}", "Instant") == "{U}{U}"


def payable(on: Board, cost: str) -> bool | None:
    """Whether "me" can pay a sorcery of that cost."""
    result: PayResult = pay(on, spell_of(cost, type_line="Sorcery", text="", name="Test Toy"))
    return result.payable


# --- GemstoneCavernsTests: "instead" on a counter (CR 122.1, 106.7) -----------------------------------------


def test_gemstone_caverns_without_a_luck_counter_taps_for_colorless() -> None:
    """GemstoneCavernsTests.GemstoneCaverns_NoLuckCounter_TapsForColorless and ..._ColorAbilitiesInactive:
    with no luck counter the ability adds {C}: it could produce {C} alone (CR 106.7); {1} is payable, {G} is
    not."""
    caverns = board(("Gemstone Caverns", "caverns", ME))
    assert {pid: str(types) for pid, types in could_produce(caverns).items()} == {"caverns": "C"}
    assert payable(caverns, "{1}") and not payable(caverns, "{G}")


def test_gemstone_caverns_with_a_luck_counter_taps_for_any_color() -> None:
    """GemstoneCavernsTests.GemstoneCaverns_WithLuckCounter_TapsForAnyColor and
    ..._ColorlessSuppressed_AnyColorActive: with a luck counter the ability adds one mana of any color instead
    of {C}: it could produce W, U, B, R or G and no {C}: {G} is payable, {C} is not, and one mana in all
    ({G}{G} is not)."""
    caverns = board(("Gemstone Caverns", "caverns", ME), caverns={"counters": {"luck": 1}})
    assert {pid: str(types) for pid, types in could_produce(caverns).items()} == {"caverns": "WUBRG"}
    assert payable(caverns, "{G}") and not payable(caverns, "{C}") and not payable(caverns, "{G}{G}")
