"""A spell's own cost changed on a condition, by a count or by an amount (issue 35): "~ costs {3} less to cast
if a creature died this turn", "If an opponent controls seven or more lands, ~ costs {6} less to cast", "~
costs {1} less to cast for each card type among cards in your graveyard", "~ costs {X} less to cast, where X
is the total power of creatures you control", "This effect can't reduce the amount of mana ~ costs by more
than {5}".

Each is worked out as the total cost is locked in (CR 601.2f), before any mana ability is activated (CR
601.2g); a generic reduction takes generic mana only (CR 118.7a), X is chosen before it (CR 601.2b). Each
total below is derived by hand in the case's comment, and each verdict is checked against the reference
search paying that total (which pays the cost it is given). Cards are this file's own, in the shapes of real
ones; on main every sentence here was unread (the spell paid its full cost, with a warning).
"""

from __future__ import annotations

from typing import Any

import pytest

from models.board import Board
from models.cost import PaymentTarget
from models.errors import InputError
from models.oracle import parse_oracle
from models.spells import spell_target
from planner.api import max_x, pay
from planner.rules.reference import reference_search
from planner.turn import plan_turn

ME, OPP = "me", "opp"


def _spell(
    text: str, cost: str, type_line: str = "Creature — Beast", name: str = "Test Toy"
) -> dict[str, Any]:
    return {"name": name, "type_line": type_line, "mana_cost": cost, "oracle": text}


def _creature(
    pid: str, types: str = "Bear", power: int = 2, toughness: int = 2, **extra: Any
) -> dict[str, Any]:
    return {
        "id": pid,
        "name": f"Test {pid}",
        "type_line": f"Creature — {types}",
        "power": power,
        "toughness": toughness,
        "controller": ME,
        **extra,
    }


def _board(
    spell: dict[str, Any],
    lands: int,
    *,
    me: dict[str, Any] | None = None,
    opp: dict[str, Any] | None = None,
    permanents: tuple[dict[str, Any], ...] = (),
    **board: Any,
) -> Board:
    """``lands`` Wastes of mine ({C} each) and ``permanents``; the spell in my hand."""
    wastes = [{"id": f"w{n}", "card": "Wastes", "controller": ME} for n in range(lands)]
    players = [{"id": ME, "hand": [spell], **(me or {})}, {"id": OPP, **(opp or {})}]
    return Board.from_dict({"version": 1, "players": players, "permanents": [*wastes, *permanents], **board})


def _pays(board: Board, total: str, *, warned: str = "") -> bool:
    """``pay``'s verdict on the hand's spell, checked against the reference search on ``total`` (by hand);
    ``warned``: what the one warning's reason names (a board field), '' for none."""
    result = pay(board, spell_target(board.player(ME).hand[0]))
    assert result.payable == reference_search(board, PaymentTarget.of(total), ME).payable
    assert result.total_cost == total
    assert [warned in w.reason for w in result.warnings] == ([True] if warned else []), result.warnings
    return bool(result.payable)


# the sentences, all read (on main each was unread)
_SENTENCES = [
    "This spell costs {3} less to cast if a creature died this turn.",
    "This spell costs {2} less to cast if you control a Wolf or Werewolf.",
    "This spell costs {2} less to cast if there is a land card in your graveyard.",
    "This spell costs {2} less to cast if there are four or more card types among cards in your graveyard.",
    "This spell costs {2} less to cast if your opponent controls a green permanent.",
    "If an opponent controls seven or more lands, this spell costs {6} less to cast.",
    "If you have 3 or less life, this spell costs {6} less to cast.",
    "If an opponent controls at least four more creatures than you, this spell costs {6} less to cast.",
    "If an opponent has no cards in hand, this spell costs {6} less to cast.",
    "This spell costs {3} less to cast if creatures you control have total toughness 10 or greater.",
    "This spell costs {1} less to cast for each permanent sacrificed this turn.",
    "This spell costs {1} less to cast for each Cave you control and each Cave card in your graveyard.",
    "This spell costs {1} less to cast for each artifact and/or creature card in your graveyard.",
    "This spell costs {2} less for each creature card in your graveyard.",
    "This spell costs {1} less to cast for each card type among cards in your graveyard.",
    "This spell costs {1} less to cast for each creature your opponents control.",
    "This spell costs {1} less to cast for each attacking creature.",
    "This spell costs {1} less to cast for each attacking creature you control.",
    "This spell costs {1} less to cast for each 1 life you gained this turn.",
    "This spell costs {1} less to cast for each creature type among creatures you control. This effect can't "
    "reduce the amount of mana this spell costs by more than {5}.",
    "This spell costs {X} less to cast, where X is the total power of creatures you control.",
    "This spell costs {X} less to cast, where X is the total power of creatures you control with flying.",
    "This spell costs {X} less to cast, where X is your devotion to black.",
    "This spell costs {X} less to cast, where X is the number of differently named lands you control.",
    "Vivid — This spell costs {1} less to cast for each color among permanents you control.",
    "This spell costs {1} less to cast for each creature card you own in exile and in your graveyard.",
]


@pytest.mark.parametrize("text", _SENTENCES)
def test_the_sentence_is_read(text: str) -> None:
    parsed = parse_oracle(text, "Test Toy")
    assert parsed.fully_read and not parsed.unsupported and parsed.effects


def test_a_creature_died_this_turn() -> None:
    """{3}{C} less {3} once a creature died: {C}, which one Wastes pays."""
    picker = _spell(_SENTENCES[0], "{3}{C}")
    assert _pays(_board(picker, 1, creatures_died_this_turn=1), "{C}")
    assert not _pays(_board(picker, 1, creatures_died_this_turn=0), "{3}{C}")


def test_no_creature_death_given_is_warned_and_counts_none() -> None:
    """The board does not say how many creatures died: none counted (the full {3}{C}), and the answer says
    so."""
    assert not _pays(_board(_spell(_SENTENCES[0], "{3}{C}"), 1), "{3}{C}", warned="creatures_died_this_turn")


def test_either_of_two_types_controlled() -> None:
    """{5}{C} less {2} with a Werewolf (either type): {3}{C}, four Wastes; with a Bear alone, {5}{C}."""
    outcast = _spell(_SENTENCES[1], "{5}{C}")
    werewolf = _creature("c", "Human Werewolf")
    assert _pays(_board(outcast, 4, permanents=(werewolf,)), "{3}{C}")
    assert not _pays(_board(outcast, 4, permanents=(_creature("c"),)), "{5}{C}")


@pytest.mark.parametrize(("graveyard", "total"), [(["Forest"], "{2}{C}"), (["Lightning Bolt"], "{4}{C}")])
def test_a_land_card_in_the_graveyard(graveyard: list[str], total: str) -> None:
    """{4}{C} less {2} while a land card is in its caster's graveyard."""
    elemental = _spell(_SENTENCES[2], "{4}{C}")
    assert _pays(_board(elemental, 3, me={"graveyard": graveyard}), total) == (total == "{2}{C}")


def test_four_card_types_in_the_graveyard() -> None:
    """Delirium (CR 205.2a): an artifact creature, a land and an instant are four card types: {5}{C} less
    {2} is {3}{C}; without the instant three types, no reduction."""
    feaster = _spell(_SENTENCES[3], "{5}{C}")
    golem = {"name": "Test Golem", "type_line": "Artifact Creature — Golem", "mana_cost": "{3}"}
    four = [golem, "Forest", "Lightning Bolt"]
    assert _pays(_board(feaster, 4, me={"graveyard": four}), "{3}{C}")
    assert not _pays(_board(feaster, 4, me={"graveyard": four[:2]}), "{5}{C}")


def test_each_card_type_in_the_graveyard_needs_its_cards() -> None:
    """For each card type (three here: artifact, creature, land): {6} less {3} is {3}; a graveyard given as a
    count says no types: bad input naming it."""
    promised = _spell(_SENTENCES[14], "{6}", "Legendary Creature — Eldrazi")
    golem = {"name": "Test Golem", "type_line": "Artifact Creature — Golem", "mana_cost": "{3}"}
    assert not _pays(_board(promised, 2, me={"graveyard": [golem, "Forest", "Forest"]}), "{3}")
    assert _pays(_board(promised, 3, me={"graveyard": [golem, "Forest"]}), "{3}")
    counted = _board(promised, 3, me={"graveyard": 3})
    with pytest.raises(InputError, match=r"players\[0\]\.graveyard"):
        pay(counted, spell_target(counted.player(ME).hand[0]))


def test_an_opponent_controls_a_green_permanent() -> None:
    """{3}{C} less {2} while an opponent controls a green permanent (Llanowar Elves); mine don't count."""
    adversary = _spell(_SENTENCES[4], "{3}{C}")
    elves = {"id": "e", "card": "Llanowar Elves", "controller": OPP}
    assert _pays(_board(adversary, 2, permanents=(elves,)), "{1}{C}")
    assert not _pays(_board(adversary, 2, permanents=({**elves, "controller": ME},)), "{3}{C}")


@pytest.mark.parametrize(("lands", "total"), [(7, "{2}"), (6, "{8}")])
def test_an_opponent_controls_seven_lands(lands: int, total: str) -> None:
    """{8} less {6} when one opponent controls seven or more lands; two {C} in my pool pay {2}."""
    fury = _spell(_SENTENCES[5], "{8}")
    theirs = tuple({"id": f"o{n}", "card": "Forest", "controller": OPP} for n in range(lands))
    board = _board(fury, 0, me={"pool": ["{C}", "{C}"]}, permanents=theirs)
    assert _pays(board, total) == (total == "{2}")


@pytest.mark.parametrize(("life", "total"), [(3, "{2}"), (4, "{8}")])
def test_three_or_less_life(life: int, total: str) -> None:
    """{8} less {6} at 3 life or less."""
    hope = _spell(_SENTENCES[6], "{8}")
    assert _pays(_board(hope, 2, me={"life": life}), total) == (total == "{2}")


@pytest.mark.parametrize(("theirs", "total"), [(5, "{2}"), (4, "{8}")])
def test_an_opponent_controls_four_more_creatures(theirs: int, total: str) -> None:
    """I control one creature: an opponent with five has four more ({8} less {6}); with four, three more."""
    might = _spell(_SENTENCES[7], "{8}")
    creatures = (_creature("mine"), *(_creature(f"o{n}", controller=OPP) for n in range(theirs)))
    assert _pays(_board(might, 2, permanents=creatures), total) == (total == "{2}")


def test_an_opponent_with_no_cards_in_hand() -> None:
    """An opponent whose hand lists a card: no reduction ({8}); listing none: {2}, and the answer says how
    the hand was taken."""
    will = _spell(_SENTENCES[8], "{8}")
    assert not _pays(_board(will, 2, opp={"hand": ["Forest"]}), "{8}")
    assert _pays(_board(will, 2), "{2}", warned="players[1].hand")


@pytest.mark.parametrize(("counters", "total"), [(1, "{1}{C}"), (0, "{4}{C}")])
def test_total_toughness_ten(counters: int, total: str) -> None:
    """Creatures of toughness 4 and 5, one with a +1/+1 counter (CR 122.1a): 10, {4}{C} less {3}."""
    orysa = _spell(_SENTENCES[9], "{4}{C}")
    creatures = (_creature("a", toughness=4), _creature("b", toughness=5, counters={"+1/+1": counters}))
    assert _pays(_board(orysa, 2, permanents=creatures), total) == (total == "{1}{C}")


def test_permanents_sacrificed_by_every_player() -> None:
    """Two sacrificed by me, one by the opponent: {5}{C} less {3}; the opponent's not given: warned, mine
    alone counted."""
    balrog = _spell(_SENTENCES[10], "{5}{C}")
    me = {"sacrificed_this_turn": ["Treasure", "Forest"]}
    assert _pays(_board(balrog, 3, me=me, opp={"sacrificed_this_turn": ["Treasure"]}), "{2}{C}")
    assert not _pays(_board(balrog, 3, me=me), "{3}{C}", warned="players[1].sacrificed_this_turn")


def test_caves_controlled_and_in_the_graveyard() -> None:
    """One Cave I control and two Cave cards in my graveyard: {7}{C} less {3}."""
    leech = _spell(_SENTENCES[11], "{7}{C}")
    cave = {"name": "Test Cave", "type_line": "Land — Cave"}
    mine = {**cave, "id": "c", "controller": ME}
    board = _board(leech, 5, me={"graveyard": [cave, cave, "Forest"]}, permanents=(mine,))
    assert _pays(board, "{4}{C}")


def test_an_artifact_creature_card_counts_once() -> None:
    """'artifact and/or creature card': an artifact creature card is one card: {5}{C} less {2}."""
    stalker = _spell(_SENTENCES[12], "{5}{C}")
    golem = {"name": "Test Golem", "type_line": "Artifact Creature — Golem", "mana_cost": "{3}"}
    assert _pays(_board(stalker, 4, me={"graveyard": [golem, "Llanowar Elves", "Forest"]}), "{3}{C}")


def test_cards_in_exile_are_not_on_the_board() -> None:
    """Two creature cards in my graveyard: {4}{C} less {2}; the board has no exile, so its cards are not
    counted, and the answer says so."""
    swarm = _spell(_SENTENCES[25], "{4}{C}", "Creature — Elemental Insect")
    board = _board(swarm, 3, me={"graveyard": ["Llanowar Elves", "Llanowar Elves", "Forest"]})
    assert _pays(board, "{2}{C}", warned="no exile")


def test_less_without_to_cast() -> None:
    """'costs {2} less for each creature card': two of them, {5}{C} less {4}."""
    cauldron = _spell(_SENTENCES[13], "{5}{C}", "Legendary Artifact")
    assert not _pays(_board(cauldron, 1, me={"graveyard": ["Llanowar Elves"] * 2}), "{1}{C}")
    assert _pays(_board(cauldron, 2, me={"graveyard": ["Llanowar Elves"] * 2}), "{1}{C}")


def test_each_creature_opponents_control() -> None:
    """Three creatures of the opponent's, one of mine: {4}{C} less {3}."""
    protector = _spell(_SENTENCES[15], "{4}{C}")
    creatures = (_creature("mine"), *(_creature(f"o{n}", controller=OPP) for n in range(3)))
    assert not _pays(_board(protector, 1, permanents=creatures), "{1}{C}")
    assert _pays(_board(protector, 2, permanents=creatures), "{1}{C}")


@pytest.mark.parametrize("text", [_SENTENCES[16], _SENTENCES[17]])
def test_no_creature_attacks_in_a_main_phase(text: str) -> None:
    """Outside combat no creature is attacking (CR 506.4, 511.3): the full {4}{C}; in combat, the board
    does not say which creatures attack: none counted, and warned."""
    idol = _spell(text, "{4}{C}", "Artifact Creature — Golem")
    assert not _pays(_board(idol, 4, permanents=(_creature("a"),)), "{4}{C}")
    assert not _pays(
        _board(idol, 4, permanents=(_creature("a"),), step="combat"), "{4}{C}", warned="step is combat"
    )


def test_life_gained_this_turn() -> None:
    """Three life gained: {5}{C} less {3}."""
    licia = _spell(_SENTENCES[18], "{5}{C}", "Legendary Creature — Vampire Soldier")
    assert _pays(_board(licia, 3, me={"life_gained_this_turn": 3}), "{2}{C}")


def test_max_x_chooses_x_before_the_reduction() -> None:
    """{X}{C} less {1} for each of 2 life gained, with three Wastes: X is chosen first (CR 601.2b), then the
    total {X}{C} loses {2} of its generic part (CR 601.2f, 118.7a): X = 4 costs {2}{C}; X = 5, {3}{C}."""
    blast = _spell(_SENTENCES[18], "{X}{C}", "Sorcery")
    board = _board(blast, 3, me={"life_gained_this_turn": 2})
    result = max_x(board, spell_target(board.player(ME).hand[0]))
    assert result.x == 4
    assert reference_search(board, PaymentTarget.of("{2}{C}"), ME).payable
    assert not reference_search(board, PaymentTarget.of("{3}{C}"), ME).payable


def test_creature_types_limited_to_five() -> None:
    """A changeling creature is every creature type (CR 702.73a): far more than five, the reduction limited
    to {5}: {7}{C} less {5}; a Bear and an Elf Druid: three types, {4}{C}."""
    changeling = _spell(_SENTENCES[19], "{7}{C}", "Creature — Shapeshifter")
    shifter = _creature("s", "Shapeshifter", oracle="Changeling")
    assert _pays(_board(changeling, 3, permanents=(shifter,)), "{2}{C}")
    three = (_creature("b"), _creature("e", "Elf Druid"))
    assert not _pays(_board(changeling, 3, permanents=three), "{4}{C}")


def test_total_power() -> None:
    """Powers 3 and 4 (one with a -1/-1 counter: 3): 6, {10}{C} less {6}; with flying only the 3 counts."""
    ghalta = _spell(_SENTENCES[20], "{10}{C}", "Legendary Creature — Elder Dinosaur")
    eagles = _spell(_SENTENCES[21], "{10}{C}", "Legendary Creature — Bird Noble")
    creatures = (
        _creature("a", power=3, oracle="Flying"),
        _creature("b", power=4, counters={"-1/-1": 1}),
    )
    assert _pays(_board(ghalta, 5, permanents=creatures), "{4}{C}")
    assert not _pays(_board(eagles, 5, permanents=creatures), "{7}{C}")


def test_devotion_to_black() -> None:
    """{B}{B} and {1}{B} among my permanents' costs: devotion 3 (CR 700.5), {6}{C} less {3}."""
    titan = _spell(_SENTENCES[22], "{6}{C}", "Creature — Giant")
    creatures = (_creature("a", mana_cost="{B}{B}"), _creature("b", mana_cost="{1}{B}"))
    assert _pays(_board(titan, 4, permanents=creatures), "{3}{C}")


def test_differently_named_lands() -> None:
    """Wastes and a Forest: two names however many Wastes (CR 201.2), {6}{C} less {2}."""
    colossus = _spell(_SENTENCES[23], "{6}{C}", "Creature — Fungus Beast")
    forest = {"id": "f", "card": "Forest", "controller": ME}
    assert not _pays(_board(colossus, 3, permanents=(forest,)), "{4}{C}")
    assert _pays(_board(colossus, 5, permanents=(forest,)), "{4}{C}")


def test_colors_among_permanents() -> None:
    """A green creature and a white-blue one: three colors (CR 105.2), {6}{C} less {3}."""
    pummeler = _spell(_SENTENCES[24], "{6}{C}", "Creature — Giant Berserker")
    creatures = (_creature("g", mana_cost="{G}"), _creature("wu", mana_cost="{W}{U}"))
    assert _pays(_board(pummeler, 4, permanents=creatures), "{3}{C}")


def test_plan_turn_casts_a_creature_before_the_total_power_reduction() -> None:
    """A 3/3 and six Wastes, a hand of a 2/2 for {1}{C} and the spell {X} less by the total power for {8}{C}:
    cast alone it costs {5}{C}, all six Wastes (mana value 9); the 2/2 first (two Wastes), it costs {3}{C},
    which the four left pay: both are cast (mana value 2 + 9 = 11). The total is locked in as it is cast
    (CR 601.2f), with the 2/2 on the battlefield then."""
    ghalta = _spell(_SENTENCES[20], "{8}{C}", "Legendary Creature — Elder Dinosaur", name="Test Ghalta")
    bear = {
        "name": "Test Bear",
        "type_line": "Creature — Bear",
        "mana_cost": "{1}{C}",
        "power": 2,
    }
    board = _board(ghalta, 6, permanents=(_creature("a", power=3),))
    board = Board.from_dict(
        {**board.to_dict(), "players": [{**board.player(ME).to_dict(), "hand": [ghalta, bear]}, {"id": OPP}]}
    )
    turn = plan_turn(board)
    assert [spell.card for spell in turn.spells] == ["Test Bear", "Test Ghalta"]
    assert turn.spells[1].payment.total_cost == "{3}{C}"


def test_plan_turn_casts_an_artifact_before_an_affinity_spell() -> None:
    """Affinity for artifacts (CR 702.41a) counts the artifacts its caster controls as its total cost is
    locked in (CR 601.2f): two on the battlefield, three Islands. Cast alone, the {4}{U} sorcery costs {2}{U}
    (mana value 5); the {1} artifact first (an Island), it costs {1}{U}, which the two Islands left pay (mana
    value 1 + 5 = 6). Before, an artifact with no text was no event of the search, and the plan cast the
    sorcery alone."""
    relics = [
        {
            "id": f"r{n}",
            "name": f"Test Relic {n}",
            "type_line": "Artifact",
            "mana_cost": "{2}",
            "controller": ME,
        }
        for n in range(2)
    ]
    islands = [{"id": f"i{n}", "card": "Island", "controller": ME} for n in range(3)]
    trinket = {"name": "Test Trinket", "type_line": "Artifact", "mana_cost": "{1}"}
    sorcery = {
        "name": "Test Thoughts",
        "type_line": "Sorcery",
        "mana_cost": "{4}{U}",
        "oracle": "Affinity for artifacts\nDraw two cards.",
    }
    players = [{"id": ME, "hand": [trinket, sorcery]}]
    turn = plan_turn(Board.from_dict({"version": 1, "players": players, "permanents": [*relics, *islands]}))
    assert [spell.card for spell in turn.spells] == ["Test Trinket", "Test Thoughts"]
    assert turn.mana_value_cast == 6 and turn.spells[1].payment.total_cost == "{1}{U}"
