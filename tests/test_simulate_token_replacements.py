"""The deck simulation's Treasures with replacement effects on creating tokens (issue 35, contract section
11's extension of tokens35): 'If you would create one or more Treasure tokens, instead create those tokens
plus an additional Treasure token.' (Xorn's shape) and 'If an effect would create one or more tokens under
your control, it creates twice that many of those tokens instead.' (a doubler), on the battlefield, change
how many Treasures each later effect creates (CR 614.1a), in the order the player chooses (CR 616.1), each
once (CR 614.5). Before, the simulation listed such a permanent among the sources it leaves out and counted
each effect's Treasures as printed. Hand-derived turns, and the simulation's turn search against the turn
planner (which the turn brute force checks: tests/test_turn_token_replacements.py).
"""

from __future__ import annotations

import random
from dataclasses import replace as changed
from typing import Any

import pytest
from test_turn_token_replacements import CHEF, DIGGER, TRINKET, TWINS, WINDFALL

from models.board import Board
from models.catalogue import CardData
from models.cost import ManaCost
from models.decklist import Deck, DeckCard, parse_deck
from planner.sim.kinds import CardKind, card_kinds
from planner.sim.turn_search import TurnState, best_turn
from planner.turn import plan_turn

#: a plain artifact of {2}, what the extra Treasures pay
IDOL = {"name": "Test Idol", "type_line": "Artifact", "mana_cost": "{2}", "oracle": ""}
#: a creature whose enters trigger makes a Treasure
SEEKER = {
    "name": "Test Seeker",
    "type_line": "Creature — Human",
    "mana_cost": "{1}",
    "power": 1,
    "toughness": 1,
    "oracle": "When Test Seeker enters, create a Treasure token.",
}
GIVEN = {card["name"]: card for card in (DIGGER, TWINS, CHEF, WINDFALL, TRINKET, IDOL, SEEKER)}


def _deck(names: list[str]) -> Deck:
    """Mountains and the cards named (given by their text, two of each)."""
    base = parse_deck("20 Mountain\n")
    extra = tuple(
        DeckCard(
            name=name,
            count=2,
            lines=(0,),
            card=CardData(
                name=name, type_line=str(GIVEN[name]["type_line"]), oracle=str(GIVEN[name]["oracle"])
            ),
            cost=ManaCost.parse(str(GIVEN[name]["mana_cost"])),
            is_land=False,
        )
        for name in names
    )
    return changed(base, cards=(*base.cards, *extra))


def _turn(kinds: list[CardKind], mountains: int, hand: list[str], in_play: list[str]) -> int:
    """The mana value the simulation's turn search casts with ``mountains`` untapped Mountains, no land
    play, the kinds ``in_play`` on the battlefield and ``hand``."""
    index = {k.name: k.index for k in kinds}
    state = TurnState(
        ready=kinds[index["Mountain"]].units * mountains,
        land_types=frozenset({"Mountain"}),
        lands=mountains,
        hand=tuple(sorted(index[name] for name in hand)),
        life=20,
        land_play=False,
        changers=tuple(sorted(index[name] for name in in_play)),
    )
    return sum(kinds[i].mana_value for i in best_turn(kinds, state).cast)


def test_read_replacements_are_simulated_and_an_unread_one_listed() -> None:
    """Xorn's and the doubler's results are read (CR 614.1a): simulated, not left out; a replacement whose
    result is not read (those tokens plus a Frog) is listed among the sources left out, never guessed."""
    kinds, ignored = card_kinds(_deck(["Test Digger", "Test Twins", "Test Chef"]), 1)
    read = {k.name: (k.treasure_plus, k.treasure_doublings) for k in kinds if k.role != "land"}
    assert read == {"Test Digger": (1, 0), "Test Twins": (0, 1), "Test Chef": (0, 0)}
    assert ignored == ["Test Chef"]


@pytest.mark.parametrize(
    ("in_play", "cast"),
    [
        # one Mountain: the Trinket ({R}) makes one Treasure, which pays no {2} Idol
        ([], 1),
        # with the Digger, the Trinket makes 1 + 1 Treasures (CR 614.1a): the Idol too, 1 + 2 = 3
        (["Test Digger"], 3),
        # with the Twins, twice one (CR 614.1a): the Idol too
        (["Test Twins"], 3),
    ],
)
def test_replacements_in_play_make_more_treasures(in_play: list[str], cast: int) -> None:
    kinds, _ = card_kinds(_deck(["Test Digger", "Test Twins", "Test Trinket", "Test Idol"]), 1)
    assert _turn(kinds, 1, ["Test Trinket", "Test Idol"], in_play) == cast


def test_a_replacement_cast_this_turn_counts_for_the_makers_after_it() -> None:
    """Two Mountains, a hand of the Twins ({1}), the Trinket ({R}) and the Idol ({2}): the Twins first,
    then the Trinket makes two Treasures (CR 614.1a), which pay the Idol: all three, mana value 4. Without
    the doubling, 2 Mountains and 1 Treasure pay 3 mana: the Trinket and the Idol (3); the Twins after the
    Trinket double nothing."""
    kinds, _ = card_kinds(_deck(["Test Twins", "Test Trinket", "Test Idol"]), 1)
    assert _turn(kinds, 2, ["Test Twins", "Test Trinket", "Test Idol"], []) == 4


def test_the_player_orders_the_replacements_for_the_most() -> None:
    """The Digger and the Twins in play, one Treasure to create: (1 + 1) x 2 = 4 Treasures (CR 616.1), not
    1 x 2 + 1 = 3. One Mountain: the Trinket, then four Treasures pay two Idols (mana value 5)."""
    kinds, _ = card_kinds(_deck(["Test Digger", "Test Twins", "Test Trinket", "Test Idol"]), 1)
    hand = ["Test Trinket", "Test Idol", "Test Idol"]
    assert _turn(kinds, 1, hand, ["Test Digger", "Test Twins"]) == 5


def test_an_enters_trigger_sees_a_replacement_of_its_own_turn() -> None:
    """One Mountain: with the Digger in play the Seeker ({1}) makes two Treasures as it enters (CR 614.1a),
    which pay the Idol: 1 + 2 = 3; without it, one Treasure pays no Idol: 1."""
    kinds, _ = card_kinds(_deck(["Test Digger", "Test Seeker", "Test Idol"]), 1)
    assert _turn(kinds, 1, ["Test Seeker", "Test Idol"], ["Test Digger"]) == 3
    assert _turn(kinds, 1, ["Test Seeker", "Test Idol"], []) == 1


@pytest.mark.parametrize("seed", range(16))
def test_the_simulation_casts_what_the_turn_planner_casts(seed: int) -> None:
    """Random turns with the replacements in play and in hand: the simulation's turn search casts the mana
    value the turn planner casts (the planner is checked against the turn brute force with them)."""
    rng = random.Random(3500 + seed)
    names = ["Test Digger", "Test Twins", "Test Trinket", "Test Windfall", "Test Idol", "Test Seeker"]
    kinds, ignored = card_kinds(_deck(names), 1)
    assert ignored == []
    mountains = rng.randint(1, 3)
    in_play = sorted(rng.sample(["Test Digger", "Test Twins"], rng.randint(0, 2)))
    # (Idols and Trinkets twice as likely: four of these turns cast more with the replacements than without)
    hand = sorted(rng.choice([*names, "Test Idol", "Test Trinket"]) for _ in range(rng.randint(2, 5)))
    simulated = _turn(kinds, mountains, hand, in_play)
    permanents: list[dict[str, Any]] = [
        {"id": f"m{n}", "card": "Mountain", "controller": "me"} for n in range(mountains)
    ]
    permanents += [{"id": f"r{n}", "controller": "me", **GIVEN[name]} for n, name in enumerate(in_play)]
    cards = [{k: v for k, v in GIVEN[name].items() if k != "toughness"} for name in hand]
    player = {"id": "me", "hand": cards, "spells_cast_this_turn": 0}
    board = Board.from_dict({"version": 1, "players": [player], "permanents": permanents})
    turn = plan_turn(board, time_limit=600.0)  # (a loaded machine must not cut the planner's search short)
    assert turn.optimal, turn.notes
    assert simulated == turn.mana_value_cast, (hand, in_play, turn.spells)
