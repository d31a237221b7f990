"""Families of Oracle phrases the second probe of unseen 2020-2026 cards left (issue 35), read by the grammar
by phrase category and executed by the rules:

- a player's designation as a condition, 'if you're the monarch or you have the initiative' (CR 724, 725;
  the board's ``players[i].monarch`` and ``initiative``): Undermountain Adventurer's 'add ... instead';
- a grant of a mana ability *as long as* a condition ('As long as you control six or more lands, lands you
  control have "{T}: Add one mana of any color."', The World Tree): the grant while the board says the
  condition holds; one the grammar does not read is unsupported text, one a payment may change is warned
  about: neither is guessed;
- 'Each player adds {B}{R}{G}' (Yurlok of Scorch Thrash): its controller, who activates it, is one of the
  players; what the others add is in pools no payment of the controller's may spend;
- a pump for each permanent of a description ('+1/+0 for each artifact you control'), where a power reader
  exists (Marwyn's amount, a creature's own power);
- sentences that change no payment, read as such: Yurlok's 'A player losing unspent mana causes that player to
  lose that much life' (mana is lost as a step ends, CR 500.4), Manascape Refractor's permission on its own
  abilities' costs while none of its mana abilities has a colored cost.

Values are derived by hand from the rules; each board is checked against the reference search too.
"""

from __future__ import annotations

from typing import Any

from boards import checked_verdict, largest_x, make_board, mine
from cost_part_cards import FOREST_GROWER, MARWYN, TEST_TREE, UNDERMOUNTAIN_ADVENTURER, YURLOK
from test_unseen_families import BAUBLE, TREASURE

from models.abilities import Condition
from models.board import Board
from models.cost import PaymentTarget
from models.layer_effects import GrantAbility, PowerChange
from models.oracle import parse_oracle
from planner.api import could_produce, pay, text_warnings

#: The World Tree as printed (its six lands make boards too large for the reference search: the tests'
#: boards use TEST_TREE, the same sentence with three).
THE_WORLD_TREE = (
    "The World Tree enters the battlefield tapped.\n{T}: Add {G}.\nAs long as you control six or more lands, "
    'lands you control have "{T}: Add one mana of any color."\n{W}{W}{U}{U}{B}{B}{R}{R}{G}{G}, {T}, '
    "Sacrifice The World Tree: Search your library for any number of God cards, put them onto the "
    "battlefield, then shuffle."
)
#: A land that sacrifices a land for mana (made up): a payment may take away a land the Tree counts.
LAND_OUTLET: dict[str, Any] = {
    "name": "Test Land Outlet",
    "type_line": "Enchantment",
    "oracle": "Sacrifice a land: Add {R}.",
}


def _with_me(board: Board, **fields: Any) -> Board:
    """The board with fields of the player "me" set (``monarch``, ``initiative``)."""
    data = board.to_dict()
    data["players"][0].update(fields)
    return Board.from_dict(data)


def test_the_sentences_are_read_by_their_families() -> None:
    (adventurer,) = parse_oracle(UNDERMOUNTAIN_ADVENTURER["oracle"]).mana_abilities
    ((held, instead),) = adventurer.conditional
    assert held.describe() == "you're the monarch or you have the initiative"
    assert [one.player_status for one in held.either] == ["monarch", "initiative"]
    assert str(instead.options[0]) == "{G}{G}{G}{G}{G}{G}"
    # a designation of the player is a condition wherever conditions are read: a pump while the monarch
    (pump,) = parse_oracle("This creature gets +1/+1 as long as you're the monarch.").effects
    assert isinstance(pump, PowerChange) and pump.condition == Condition((), player_status="monarch")
    tree = parse_oracle(THE_WORLD_TREE, "The World Tree")
    (grant,) = [e for e in tree.effects if isinstance(e, GrantAbility)]
    assert grant.condition is not None and grant.condition.describe() == "you control 6 or more land"
    assert grant.affected.describe() == "land you control" and not grant.from_graveyard
    assert all(s.read_as != "unsupported" for s in tree.sentences)
    yurlok = parse_oracle(YURLOK["oracle"], YURLOK["name"])
    assert [s.read_as for s in yurlok.sentences] == ["keyword", "ignored", "mana_ability"]
    assert "CR 500.4" in yurlok.sentences[1].note
    assert str(yurlok.mana_abilities[0].output.options[0]) == "{B}{R}{G}"
    refractor = (
        "You may spend mana as though it were mana of any color to pay the activation costs of ~'s abilities."
    )
    assert [s.read_as for s in parse_oracle(refractor).sentences] == ["ignored"]
    # beside a mana ability with a colored cost, the permission would change what pays it: not read
    assert [s.read_as for s in parse_oracle("{G}, {T}: Add {R}{R}.\n" + refractor).sentences] == [
        "mana_ability",
        "unsupported",
    ]


def test_undermountain_adventurer_adds_six_while_the_monarch_or_with_the_initiative() -> None:
    """{T}: {G}{G}, or six {G} when its controller is the monarch or has the initiative; a Forest beside it:
    three mana without either designation, seven with one (or both)."""
    board = make_board([mine("a", UNDERMOUNTAIN_ADVENTURER), mine("f", "Forest")])
    assert checked_verdict(board, "{G}{G}{G}") and not checked_verdict(board, "{G}{G}{G}{G}")
    assert largest_x(board) == 3 and not text_warnings(board)
    for fields in ({"monarch": True}, {"initiative": True}, {"monarch": True, "initiative": True}):
        crowned = _with_me(board, **fields)
        assert str(could_produce(crowned)["a"]) == "G"
        assert checked_verdict(crowned, "{G}" * 7) and not checked_verdict(crowned, "{G}" * 8)
        assert largest_x(crowned) == 7 and not text_warnings(crowned)
    # the opponent's designation is not its controller's
    theirs = Board.from_dict(
        {**board.to_dict(), "players": [{"id": "me"}, {"id": "opp", "monarch": True, "initiative": True}]}
    )
    assert largest_x(theirs) == 3


def test_a_grant_as_long_as_you_control_three_lands() -> None:
    """The Tree's sentence with three lands: with two Forests beside it, every land taps for any color (the
    Tree once: its {G} or the granted ability), so {W}{U}{B} is payable and X is 3; with one Forest (two
    lands) only the printed {G}s."""
    board = make_board([mine("t", TEST_TREE), mine("f", "Forest"), mine("g", "Forest")])
    assert {pid: str(c) for pid, c in could_produce(board).items()} == {
        "t": "WUBRG",
        "f": "WUBRG",
        "g": "WUBRG",
    }
    assert checked_verdict(board, "{W}{U}{B}") and not checked_verdict(board, "{W}{U}{B}{R}")
    assert largest_x(board) == 3 and not text_warnings(board)
    two = make_board([mine("t", TEST_TREE), mine("f", "Forest")])
    assert checked_verdict(two, "{G}{G}") and not checked_verdict(two, "{W}")
    assert largest_x(two) == 2 and not text_warnings(two)
    # a Treasure sacrificed for its mana is no land: the count of lands holds through any payment
    treasure = make_board(
        [mine("t", TEST_TREE), mine("f", "Forest"), mine("g", "Forest"), mine("x", TREASURE)]
    )
    assert checked_verdict(treasure, "{W}{U}{B}{R}") and not checked_verdict(treasure, "{W}{U}{B}{R}{G}")
    assert not text_warnings(treasure)


def test_a_grant_on_a_count_of_lands_a_cost_may_sacrifice() -> None:
    """A cost that sacrifices a land lowers the Tree's count while paying: the lands tap for any color while
    three are there (CR 611.3a), then the outlet sacrifices each for {R}: {W}{U}{B}{R}{R}{R}, X is 6."""
    eaten = make_board(
        [mine("t", TEST_TREE), mine("f", "Forest"), mine("g", "Forest"), mine("o", LAND_OUTLET)]
    )
    assert str(could_produce(eaten)["f"]) == "WUBRG"
    assert checked_verdict(eaten, "{W}{U}{B}{R}{R}{R}") and not checked_verdict(
        eaten, "{W}{U}{B}{R}{R}{R}{R}"
    )
    assert largest_x(eaten) == 6 and not text_warnings(eaten)


def test_a_grant_whose_condition_cant_be_judged_is_set_aside_and_warned_about() -> None:
    # six Forests and the Tree the outlet may take, of which ending the count takes five: which Forests go
    # is the same to the rules (14 ways of removing them), so the grant is followed: each land taps for
    # any color while seven are there, then each is sacrificed for {R}
    forests = [mine(f"f{i}", "Forest") for i in range(6)]
    eaten = make_board([mine("t", TEST_TREE), *forests, mine("o", LAND_OUTLET)])
    assert str(could_produce(eaten)["f0"]) == "WUBRG"
    assert largest_x(eaten) == 14 and not text_warnings(eaten)
    assert pay(eaten, PaymentTarget.of("{W}" * 7 + "{R}" * 7)).payable
    assert not pay(eaten, PaymentTarget.of("{W}" * 8 + "{R}" * 6)).payable
    # five different basic lands and the Tree (64 ways of removing them): one class to the count, followed
    # alike (each land taps for any color while three are there: tests/test_threshold_reliances.py)
    basics = [mine(name[0].lower(), name) for name in ("Plains", "Island", "Swamp", "Mountain", "Forest")]
    different = make_board([mine("t", TEST_TREE), *basics, mine("o", LAND_OUTLET)])
    assert str(could_produce(different)["p"]) == "WUBRG"
    assert largest_x(different) == 12 and not text_warnings(different)
    assert pay(different, PaymentTarget.of("{W}" * 6 + "{R}" * 6)).payable
    # a condition the grammar does not read: the sentence is unsupported text (a warning), no grant guessed
    unknown = {**TEST_TREE, "oracle": TEST_TREE["oracle"].replace("you control three or more lands", "an "
               "opponent has 10 or less life")}  # fmt: skip
    assert [s.read_as for s in parse_oracle(unknown["oracle"]).sentences] == ["mana_ability", "unsupported"]
    board = make_board([mine("t", unknown), mine("f", "Forest")])
    assert largest_x(board) == 2 and not checked_verdict(board, "{W}")
    (gap,) = text_warnings(board)
    assert gap.permanent == "t" and "an opponent has 10 or less life" in gap.sentence


def test_yurlok_adds_to_each_player_and_its_controller_spends_its_own() -> None:
    """{1}, {T}: each player adds {B}{R}{G}. With a Forest paying the {1}: {B}{R}{G} for its controller (X is
    3: the Forest's {G} went into the cost); an opponent's Yurlok is no source of the player's."""
    board = make_board([mine("y", YURLOK), mine("f", "Forest")])
    assert str(could_produce(board)["y"]) == "BRG"
    assert checked_verdict(board, "{B}{R}{G}") and not checked_verdict(board, "{B}{R}{G}{G}")
    assert largest_x(board) == 3 and not text_warnings(board)
    theirs = make_board([{**mine("y", YURLOK), "controller": "opp"}, mine("f", "Forest")])
    assert not checked_verdict(theirs, "{B}") and largest_x(theirs) == 1


#: A pump 'for each' (made up: Faeburrow Elder's kind, counting permanents): an anthem by the artifacts its
#: controller controls (the creature that counts Forests and reads its own power: FOREST_GROWER).
ARTIFACT_BANNER: dict[str, Any] = {
    "name": "Test Artifact Banner",
    "type_line": "Enchantment",
    "oracle": "Creatures you control get +1/+0 for each artifact you control.",
}


def _marwyn() -> dict[str, Any]:
    return mine("m", MARWYN, counters={"+1/+1": 2})  # (1/1 with two counters: 3/3)


def test_a_pump_for_each_artifact_adds_to_the_power_an_ability_reads() -> None:
    """Marwyn (3) under '+1/+0 for each artifact you control' with a Sol Ring and a Bauble is 5: {G}x5, and
    the Sol Ring's {C}{C} (X is 7); with the Bauble alone, 4."""
    board = make_board([_marwyn(), mine("a", ARTIFACT_BANNER), mine("s", "Sol Ring"), mine("b", BAUBLE)])
    assert checked_verdict(board, "{G}" * 5) and not checked_verdict(board, "{G}" * 6)
    assert largest_x(board) == 7 and not text_warnings(board)
    one = make_board([_marwyn(), mine("a", ARTIFACT_BANNER), mine("b", BAUBLE)])
    assert checked_verdict(one, "{G}" * 4) and not checked_verdict(one, "{G}" * 5)
    assert largest_x(one) == 4 and not text_warnings(one)
    # Ashnod's Altar (an artifact the banner counts) sacrifices creatures, none of them an artifact here: the
    # count can't change while paying. Marwyn is 3 + 1 = 4 and taps for four {G}, then the Altar sacrifices
    # her for {C}{C}
    altar = make_board([_marwyn(), mine("a", ARTIFACT_BANNER), mine("t", "Ashnod's Altar")])
    assert checked_verdict(altar, "{C}{C}" + "{G}" * 4) and not checked_verdict(altar, "{C}{C}" + "{G}" * 5)
    assert not text_warnings(altar)


def test_a_creature_that_counts_forests_reads_its_own_power() -> None:
    """0/1 and +1/+1 for each Forest: with two Forests it taps for {G}{G}, and the Forests for theirs."""
    board = make_board([mine("g", FOREST_GROWER), mine("f", "Forest"), mine("h", "Forest")])
    assert checked_verdict(board, "{G}" * 4) and not checked_verdict(board, "{G}" * 5)
    assert largest_x(board) == 4 and not text_warnings(board)
    alone = make_board([mine("g", FOREST_GROWER), mine("i", "Island")])
    assert checked_verdict(alone, "{U}") and not checked_verdict(alone, "{G}")
    assert largest_x(alone) == 1
