"""More of Forge's own tests (forge-gui-desktop ``forge/ai/ability``: ``ConvergeXCastTest``,
``ConvergePredictionTest``, ``ManaRitualAiTest``), replayed on the planner (issue 35 item 4: the peers'
truths). Forge's tests check what its AI chose to do; only what the rules decide is asserted here: whether the
spell can be paid on that board, and what the payment decides (the colors of mana spent for a converge or
sunburst spell, CR 601.2h; the spells a ritual's mana casts in a turn, CR 500.4). Each answer is derived from
the Comprehensive Rules in the docstring first.

The cards are given by their current Oracle text and mana cost (:data:`CARDS`; other names are the
catalogue's). Facts only: no Forge code or prose is copied here.
"""

from __future__ import annotations

from typing import Any, Final

import pytest
from boards import ME, OPP, PEER_TEXTS

from models.board import Board
from models.spells import find_spell, spell_target
from planner.api import PayResult, pay
from planner.turn import plan_turn

#: The peers' cards by their current Oracle text and mana cost (``benchmarks/peer_cards.json``).
CARDS: Final = PEER_TEXTS.cards

TEXTS = PEER_TEXTS
FIVE_BASICS = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def board(lands: tuple[str, ...], *others: dict[str, Any], hand: tuple[str, ...] = ()) -> Board:
    """A board of "me" with the lands named (ids ``l0``, ``l1``, ...), the other permanents as given and the
    cards of ``hand`` (:data:`CARDS` by text, other names the catalogue's), and an opponent "opp"."""
    permanents = [TEXTS.permanent(name, f"l{n}") for n, name in enumerate(lands)] + list(others)
    cards = [TEXTS.text_of(name) if name in CARDS else name for name in hand]
    me = {"id": ME, "hand": cards}
    return Board.from_dict({"version": 1, "players": [me, {"id": OPP}], "permanents": permanents})


def cast(on: Board, name: str, **options: Any) -> PayResult:
    """``pay`` for casting the card called ``name`` from "me"'s hand."""
    return pay(on, spell_target(find_spell(on.player(ME), name)), player=ME, **options)


# --- ConvergeXCastTest, ConvergePredictionTest: colors of mana spent (CR 601.2h; sunburst 702.44a) ----------


@pytest.mark.parametrize(("x", "colors"), [(5, "WUBRG"), (4, 4), (1, 1)])
def test_sunburst_counts_one_color_per_mana_of_x(x: int, colors: str | int) -> None:
    """ConvergeXCastTest.sunburstCountsEveryColourItCouldPayFor: Engineered Explosives ({X}) with the five
    basic land types: X = 5 is paid by all five lands, one mana of each color: five charge counters (sunburst
    counts the colors spent, CR 702.44a). X = 4 spends four mana, so four colors at most; X = 1 one."""
    result = cast(board(FIVE_BASICS, hand=("Engineered Explosives",)), "Engineered Explosives", x=x)
    assert result.payable and result.colors_spent is not None
    assert result.colors_spent == colors if isinstance(colors, str) else len(result.colors_spent) == colors


def test_converge_with_x_buys_the_colors_the_fixed_cost_lacks() -> None:
    """ConvergeXCastTest.convergeSizesAnEffectTheCostDoesNotName: Sweep the Skies ({X}{U}{U}) with the five
    basics and a second Island: {U}{U} take both Islands, so X is paid by the Plains, Swamp, Mountain and
    Forest: X = 4 spends all five colors (Forge's AI announces X = 4); X = 3 leaves one of them out (four
    colors); X = 5 needs seven lands (not payable)."""
    on = board((*FIVE_BASICS, "Island"), hand=("Sweep the Skies",))
    assert cast(on, "Sweep the Skies", x=4).colors_spent == "WUBRG"
    three = cast(on, "Sweep the Skies", x=3)
    assert three.payable and three.colors_spent is not None and len(three.colors_spent) == 4
    assert cast(on, "Sweep the Skies", x=5).payable is False


def test_converge_spends_five_colors_with_mana_to_spare() -> None:
    """ConvergePredictionTest.convergeSizesATokenSpellOnTheXPath: the five basics and two more Islands: X is
    at most 5 (seven lands less {U}{U}); with X = 5 every land is tapped, five colors spent: five Thopters."""
    on = board((*FIVE_BASICS, "Island", "Island"), hand=("Sweep the Skies",))
    result = cast(on, "Sweep the Skies", x=5)
    assert result.payable and result.colors_spent == "WUBRG" and len(result.tapped) == 7
    assert cast(on, "Sweep the Skies", x=6).payable is False


def test_converge_of_a_three_mana_spell_counts_three_colors() -> None:
    """ConvergePredictionTest.convergeSizesADrawSpellWithoutTheAiOverride: Painful Truths ({2}{B}) with the
    five basics: three mana are spent, so at most three colors, {B} among them: three cards, 3 life."""
    result = cast(board(FIVE_BASICS, hand=("Painful Truths",)), "Painful Truths")
    assert result.payable and result.colors_spent is not None
    assert len(result.colors_spent) == 3 and "B" in result.colors_spent


def test_bring_to_light_paid_by_five_basics_spends_five_colors() -> None:
    """ConvergePredictionTest.bringToLightSearchesForWhatItCanActuallyAfford: Bring to Light ({3}{G}{U}) with
    the five basics: all five lands pay it, one mana of each color: five colors spent, so it may find a card
    of mana value 5 (Forge's Serra Angel)."""
    result = cast(board(FIVE_BASICS, hand=("Bring to Light",)), "Bring to Light")
    assert result.payable and result.colors_spent == "WUBRG"


# --- ManaRitualAiTest: a ritual's mana stays in the pool for the next spell (CR 500.4, 106.4) ---------------


def test_dark_ritual_funds_juggernaut() -> None:
    """ManaRitualAiTest.darkRitualFundsAndCastsTheIntendedPayoff: two Swamps, Dark Ritual and Juggernaut ({4})
    in hand: one Swamp casts the Ritual ({B}: add {B}{B}{B}), whose mana stays in the pool within the main
    phase (CR 500.4), and with the other Swamp's {B} pays {4}: both cast, both Swamps tapped, nothing left."""
    on = board(("Swamp", "Swamp"), hand=("Dark Ritual", "Juggernaut"))
    turn = plan_turn(on, casts=("Dark Ritual", "Juggernaut"))
    assert turn.castable and [s.card for s in turn.spells] == ["Dark Ritual", "Juggernaut"]
    assert str(turn.floating) == ""


def test_dark_ritual_alone_is_one_mana_short() -> None:
    """(The same hand with one Swamp.) The Ritual turns {B} into {B}{B}{B}: three mana, one short of {4}."""
    on = board(("Swamp",), hand=("Dark Ritual", "Juggernaut"))
    assert plan_turn(on, casts=("Dark Ritual", "Juggernaut")).castable is False


def test_seething_song_funds_fire_elemental() -> None:
    """ManaRitualAiTest.seethingSongFundsAndCastsARedPayoff: three Mountains pay Seething Song's {2}{R}, which
    adds {R}{R}{R}{R}{R}: Fire Elemental's {3}{R}{R} is paid by those five. With two Mountains the Song can't
    be cast, and two mana can't pay the Elemental."""
    hand = ("Seething Song", "Fire Elemental")
    turn = plan_turn(board(("Mountain",) * 3, hand=hand), casts=hand)
    assert turn.castable and [s.card for s in turn.spells] == list(hand)
    assert plan_turn(board(("Mountain",) * 2, hand=hand), casts=hand).castable is False


def test_apprentice_wizard_turns_blue_into_three_colorless() -> None:
    """ManaRitualAiTest.apprenticeWizardFundsAndCastsAColorlessPayoff: Apprentice Wizard ("{U}, {T}: Add
    {C}{C}{C}."), an Island and Wastes: the Island's {U} pays the Wizard's cost, its {C}{C}{C} and the Wastes'
    {C} pay Juggernaut's {4} (a mana ability activated while paying, CR 601.2g): all three tapped. A
    summoning-sick Wizard can't pay {T} (CR 302.6): two lands are two mana short."""
    wizard = {**TEXTS.permanent("Apprentice Wizard", "wizard")}
    result = cast(board(("Island", "Wastes"), wizard, hand=("Juggernaut",)), "Juggernaut")
    assert result.payable and sorted(result.tapped) == ["l0", "l1", "wizard"]
    sick = board(("Island", "Wastes"), {**wizard, "summoning_sick": True}, hand=("Juggernaut",))
    assert cast(sick, "Juggernaut").payable is False
