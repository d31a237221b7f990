"""Effects in force on mana (issue 35, the board's ``effects``; effects37's audit): a resolved spell's or
ability's effect on the mana permanents tapped for mana produce (CR 106.12, 614.1a: 'Until end of turn, if
you tap a land for mana, it produces one mana of a color of your choice instead of any other type and
amount.', Harvest Mage's), a trigger it sets up until end of turn ('whenever a player taps an Island for
mana, that player adds an additional {U}', High Tide's: CR 605.1b), a ban on activating a permanent's
abilities (Trickbind's: its mana abilities too, CR 605.1a), and a land made a creature that is still a land
(CR 205.1b), and a choice made as it resolved (the entry's ``choices``: Jinx's 'the basic land type of your
choice', Hall of Gemstone's color this turn). Before, each was read and not applied (warned) or, for 'It's
still a land.' in its own sentence and a chosen color, applied wrongly: the land was made a creature alone and
tapped for nothing; every land tapped for no mana.

Every card name is made up; values are derived by hand from the rules (the rule in a comment), the payments
checked against the reference search too (``checked_verdict``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from boards import ME, OPP, checked_verdict, effect_entry, mine
from typer.testing import CliRunner

from models.board import Board
from models.cost import PaymentTarget
from models.errors import BoardError
from models.oracle.resolved import read_resolved, static_form
from planner.answer_warnings import text_warnings
from planner.api import could_produce, max_x, pay
from planner.cli import app
from planner.rules.records import WarningKind
from planner.turn import plan_turn

HARVEST = (
    "Until end of turn, if you tap a land for mana, it produces one mana of a color of your choice instead "
    "of any other type and amount."
)
TWO_FORESTS = [mine("f1", "Forest"), mine("f2", "Forest")]
VAULT = mine("v", {"name": "Test Vault", "type_line": "Land", "oracle": "{T}: Add {C}{C}."})


def _board(
    permanents: list[dict[str, Any]], *effects: dict[str, Any], hand: list[str] | None = None
) -> Board:
    players: list[dict[str, Any]] = [{"id": ME, "hand": hand or []}, {"id": OPP}]
    return Board.from_dict(
        {"version": 1, "players": players, "permanents": permanents, "effects": list(effects)}
    )


def _letters(board: Board) -> dict[str, str]:
    return {pid: str(types) for pid, types in could_produce(board).items()}


def test_each_land_tapped_makes_one_mana_of_a_color_its_player_chooses() -> None:
    # CR 614.1a: the mana a land tapped for mana would make is replaced by one mana of a color chosen as it
    # is made: two Forests pay {U}{R} (one blue, one red), never three mana
    board = _board(TWO_FORESTS, effect_entry(HARVEST))
    assert _letters(board) == {"f1": "WUBRG", "f2": "WUBRG"} and not text_warnings(board)
    assert checked_verdict(board, "{U}{R}") and checked_verdict(board, "{W}{1}")
    assert not checked_verdict(board, "{U}{R}{G}")
    # ('instead of any other type and amount': the Vault's {C}{C} becomes one mana, so X is 1 + 1)
    vaulted = _board([mine("f1", "Forest"), VAULT], effect_entry(HARVEST))
    assert max_x(vaulted, PaymentTarget.of("{X}")).x == 2
    assert checked_verdict(vaulted, "{B}{B}") and not checked_verdict(vaulted, "{C}{C}{G}")
    assert max_x(_board([mine("f1", "Forest"), VAULT]), PaymentTarget.of("{X}")).x == 3


def test_only_tapping_for_mana_is_replaced_and_only_the_effects_controllers() -> None:
    # CR 106.12b: an ability without {T} in its cost is no tapping for mana: the Altar's {C}{C} stays (the
    # Forest tapped for one blue, then sacrificed for {C}{C}: three mana, not two)
    altar = mine(
        "a", {"name": "Test Altar", "type_line": "Artifact", "oracle": "Sacrifice a land: Add {C}{C}."}
    )
    board = _board([mine("f1", "Forest"), altar], effect_entry(HARVEST))
    assert checked_verdict(board, "{U}{C}{C}") and not checked_verdict(board, "{U}{C}{C}{C}")
    # 'you tap': the opponent's effect replaces what the opponent's lands make, not mine
    theirs = _board(TWO_FORESTS, effect_entry(HARVEST, controller=OPP))
    assert _letters(theirs) == {"f1": "G", "f2": "G"} and not checked_verdict(theirs, "{U}")
    # a creature is no land: the Elves make {G}
    elves = _board([mine("e", "Llanowar Elves")], effect_entry(HARVEST))
    assert _letters(elves) == {"e": "G"}


def test_the_command_pays_two_colors_from_two_forests(tmp_path: Path) -> None:
    # issue 35's example: 'unsupported text ignored' and 'not payable' before
    data = {
        "version": 1,
        "players": [{"id": ME}],
        "permanents": TWO_FORESTS,
        "effects": [effect_entry(HARVEST)],
    }
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(app, ["pay", str(path), "{U}{R}", "--json"])
    answer = json.loads(result.stdout)
    assert result.exit_code == 0 and answer["payable"] is True and not answer["warnings"]


def test_a_type_set_instead_keeps_the_amount() -> None:
    # 'it produces {U} instead of any other type' (Deep Water's): the Vault's {C}{C} is {U}{U}
    text = (
        "Until end of turn, if you tap a land you control for mana, it produces {U} instead of any other "
        "type."
    )
    board = _board([mine("f1", "Forest"), VAULT], effect_entry(text))
    assert _letters(board) == {"f1": "U", "v": "U"}
    assert checked_verdict(board, "{U}{U}{U}") and not checked_verdict(board, "{G}")
    # 'a player taps a nonbasic land': any player's, basic lands untouched (Pale Moon's)
    moon = (
        "Until end of turn, if a player taps a nonbasic land for mana, it produces colorless mana instead of "
        "any other type."
    )
    dual = mine("d", {"name": "Test Dual", "type_line": "Land", "oracle": "{T}: Add {W} or {U}."})
    mooned = _board([mine("f1", "Forest"), dual], effect_entry(moon, controller=OPP))
    assert _letters(mooned) == {"f1": "G", "d": "C"}
    assert checked_verdict(mooned, "{G}{C}") and not checked_verdict(mooned, "{G}{W}")


def test_a_trigger_until_end_of_turn_adds_to_each_island_tapped() -> None:
    # CR 605.1b: a triggered mana ability set up by a resolved spell (High Tide's): whoever taps an Island
    # adds an additional {U}; 'that player' is the one who tapped it, no referent
    text = "Until end of turn, whenever a player taps an Island for mana, that player adds an additional {U}."
    assert static_form(text).bound_to is None
    board = _board([mine("i", "Island"), mine("f", "Forest")], effect_entry(text, controller=OPP))
    assert checked_verdict(board, "{U}{U}{G}") and not checked_verdict(board, "{U}{U}{U}")
    assert max_x(board, PaymentTarget.of("{X}")).x == 3 and not text_warnings(board)
    # 'that Mountain produces' after its tapping is the Mountain tapped (Chaos Moon's even effect)
    even = (
        "Until end of turn, if a player taps a Mountain for mana, that Mountain produces colorless mana "
        "instead of any other type."
    )
    assert static_form(even).bound_to is None
    assert _letters(_board([mine("m", "Mountain")], effect_entry(even))) == {"m": "C"}


def test_twice_as_much_is_the_tapping_players_own() -> None:
    # CR 614.1a: 'if you tap': my two lands make {G}{G} and {U}{U}; the opponent's effect doubles theirs only
    text = "Until end of turn, if you tap a land for mana, it produces twice as much of that mana instead."
    lands = [mine("i", "Island"), mine("f", "Forest")]
    assert max_x(_board(lands, effect_entry(text)), PaymentTarget.of("{X}")).x == 4
    assert checked_verdict(_board(lands, effect_entry(text)), "{U}{U}{G}{G}")
    assert max_x(_board(lands, effect_entry(text, controller=OPP)), PaymentTarget.of("{X}")).x == 2


def test_a_land_made_a_creature_that_is_still_a_land() -> None:
    # CR 205.1b: 'It's still a land.' keeps its card types: the Forest taps for {G}; the sentence before read
    # alone sets its card type to creature (205.1a), so it is no Forest and has no mana ability (305.6)
    rider = "Target land becomes a 3/3 creature until end of turn. It's still a land."
    (form, parsed), *rest = read_resolved(rider).sentences
    assert not rest and parsed is not None and form.printed == rider
    still = _board(TWO_FORESTS, effect_entry(rider, "f1"))
    assert _letters(still) == {"f1": "G", "f2": "G"} and not text_warnings(still)
    assert checked_verdict(still, "{G}{G}")
    alone = _board(TWO_FORESTS, effect_entry("Target land becomes a 3/3 creature until end of turn.", "f1"))
    assert _letters(alone) == {"f1": "", "f2": "G"}
    # CR 302.6: a land that came under my control this turn, now a creature, can't be tapped for mana
    sick = _board(
        [mine("f1", "Forest", summoning_sick=True), mine("f2", "Forest")], effect_entry(rider, "f1")
    )
    assert checked_verdict(sick, "{G}") and not checked_verdict(sick, "{G}{G}")
    # a sentence after that says nothing the static grammar reads is not taken as a rider
    drawn = read_resolved("Target land becomes an Island until end of turn. You draw a card.").sentences
    assert [parsed is not None for _, parsed in drawn] == [True, False]


def test_activated_abilities_of_that_permanent_cant_be_activated_this_turn() -> None:
    # CR 605.1a: a mana ability is an activated ability, and the ban names no exception: the Elves the
    # opponent's effect refers to add nothing; the Forest pays {G}
    text = "Activated abilities of that permanent can't be activated this turn."
    board = _board(
        [mine("e", "Llanowar Elves"), mine("f", "Forest")], effect_entry(text, "e", controller=OPP)
    )
    assert checked_verdict(board, "{G}") and not checked_verdict(board, "{G}{G}")
    assert not text_warnings(board)


def test_the_color_chosen_as_it_was_made_is_given_in_choices_never_guessed() -> None:
    # Hall of Gemstone's effect of this turn: lands tapped for mana make mana of the color its trigger chose
    # instead of any other color (CR 614.1a, 106.5). The entry's choices.color gives it: red Forests. Not
    # given: warned at effects[0].choices.color, not applied (before: every land made no mana, unwarned)
    text = (
        "Until end of turn, lands tapped for mana produce mana of the chosen color instead of any other "
        "color."
    )
    red = _board(TWO_FORESTS, {**effect_entry(text), "choices": {"color": "R"}})
    assert _letters(red) == {"f1": "R", "f2": "R"} and not text_warnings(red)
    assert checked_verdict(red, "{R}{R}") and not checked_verdict(red, "{G}")
    board = _board(TWO_FORESTS, effect_entry(text))
    (warning,) = text_warnings(board)
    assert warning.kind is WarningKind.NOT_USED and "effects[0].choices.color" in warning.reason
    assert _letters(board) == {"f1": "G", "f2": "G"}
    assert pay(board, PaymentTarget.of("{G}{G}")).payable


def test_the_basic_land_type_of_your_choice_is_the_entrys_chosen_type() -> None:
    # Jinx's 'Target land becomes the basic land type of your choice until end of turn.': read as an Aura's
    # 'Enchanted land is the chosen type.' with the type chosen as it resolved (choices.basic_land_type): the
    # Forest is an Island (CR 305.7: {T}: Add {U} alone); not given, warned and not applied
    text = "Target land becomes the basic land type of your choice until end of turn."
    island = _board(TWO_FORESTS, {**effect_entry(text, "f1"), "choices": {"basic_land_type": "Island"}})
    assert _letters(island) == {"f1": "U", "f2": "G"} and not text_warnings(island)
    assert checked_verdict(island, "{U}{G}") and not checked_verdict(island, "{G}{G}")
    unchosen = _board(TWO_FORESTS, effect_entry(text, "f1"))
    (warning,) = text_warnings(unchosen)
    assert "effects[0].choices.basic_land_type" in warning.reason
    assert _letters(unchosen) == {"f1": "G", "f2": "G"}
    # the field round-trips, and a bad choice is bad input naming its path
    assert island.to_dict()["effects"][0]["choices"] == {"basic_land_type": "Island"}
    assert Board.loads(island.dumps()) == island
    with pytest.raises(BoardError) as raised:
        _board(TWO_FORESTS, {**effect_entry(text, "f1"), "choices": {"basic_land_type": "Desert"}})
    assert raised.value.path == "effects[0].choices.basic_land_type"


def test_a_land_played_later_is_tapped_under_the_effect_too() -> None:
    # CR 611.2c locks in the permanents an effect on characteristics affects; a replacement of what a land
    # tapped for mana makes, and a mana trigger, apply to every tapping while in force: the Forest played this
    # turn makes one mana of a chosen color as well ({U}{R}, not three mana), the Island played this turn two
    # {U} (four in all, not five)
    harvest = _board([mine("f1", "Forest")], effect_entry(HARVEST), hand=["Forest"])
    assert plan_turn(harvest, casts=["{U}{R}"]).castable is True
    assert plan_turn(harvest, casts=["{U}{R}{B}"]).castable is False
    tide = "Until end of turn, whenever a player taps an Island for mana, that player adds an additional {U}."
    islands = _board([mine("i1", "Island")], effect_entry(tide), hand=["Island"])
    assert plan_turn(islands, casts=["{U}{U}{U}{U}"]).castable is True
    assert plan_turn(islands, casts=["{U}{U}{U}{U}{U}"]).castable is False
