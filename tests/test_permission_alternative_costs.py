"""Permissions to cast a card from another zone for an alternative cost written as gerunds (issue 35, CR
118.9, 601.2a-b, 601.2h): a card's own "You may cast ~ from your graveyard by paying {B}{B} and sacrificing
two creatures rather than paying its mana cost." (the sacrifice is part of the total cost, 601.2b, and obeys
the prohibitions on sacrificing, 118.3), a permanent's "For as long as you control ~, you may cast the exiled
card during your turn by waterbending {X} rather than paying its mana cost, where X is its mana value." (the
card its linked ability exiled, CR 607.2a, the board's ``choices.imprinted``; waterbend, 701.67a) and a
resolving trigger's "You may cast that card by discarding a card rather than paying its mana cost." (the
discarded card is one of the hand; the spell is in exile, not in the hand).

Made-up cards; every answer is derived by hand in its docstring, and the payable ones are checked against the
reference search on the spell cast for the way (its total cost, CR 601.2f) or the brute force over the
way's choices (:func:`test_alternative_costs.brute_force`).
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from boards import ME, make_board, mine
from test_alternative_costs import Way, brute_force
from typer.testing import CliRunner

from models.additional_costs import SacrificeCost
from models.board import Board, Card
from models.cost import PaymentTarget
from models.oracle import parse_oracle, read_card
from models.oracle.alternative_costs import alternative_cost_of, granted_alternative_cost
from models.spells import spell_target
from models.types import TypeLine
from planner.api import max_x, pay
from planner.cli import app
from planner.rules.alternative_costs import cast_for, usable_ways
from planner.rules.reference import reference_search
from planner.solve.problem import PaymentProblem
from planner.turn import plan_turn

SCOURGE_TEXT = (
    "You may cast Test Scourge from your graveyard by paying {B}{B} and sacrificing two creatures rather "
    "than paying its mana cost."
)
SCOURGE = {
    "name": "Test Scourge",
    "type_line": "Creature — Zombie Dragon",
    "mana_cost": "{5}{B}{B}",
    "oracle": "Flying\n" + SCOURGE_TEXT,
}
BENDER_TEXT = (
    "When ~ enters, target opponent mills three cards. Exile up to one noncreature, nonland card from that "
    "player's graveyard. For as long as you control ~, you may cast the exiled card during your turn by "
    "waterbending {X} rather than paying its mana cost, where X is its mana value."
)
CLAW_TEXT = (
    "Menace\nWhenever ~ deals combat damage to a player, exile cards from the top of your library until you "
    "exile a nonland card. You may cast that card by discarding a card rather than paying its mana cost."
)
BLAST = {"name": "Test Blast", "type_line": "Sorcery", "mana_cost": "{2}{R}", "oracle": "Deal 3."}
BLAZE = {"name": "Test Blaze", "type_line": "Sorcery", "mana_cost": "{X}{R}", "oracle": "Deal X."}
BEAR = {"name": "Test Bear", "type_line": "Creature — Bear", "power": 2, "toughness": 2}
ROCK = {"name": "Test Rock", "type_line": "Artifact", "oracle": ""}
BAN = {
    "name": "Test Warden",
    "type_line": "Creature — Human",
    "oracle": "Players can't pay life or sacrifice nonland permanents to cast spells or activate abilities.",
}


def _scourge_board(*permanents: dict[str, Any]) -> Board:
    """ "me" with Test Scourge in the graveyard (and an opponent "opp"), on their turn."""
    return Board.from_dict(
        {
            "version": 1,
            "active_player": ME,
            "players": [{"id": ME, "graveyard": [SCOURGE]}, {"id": "opp"}],
            "permanents": list(permanents),
        }
    )


def _from(card: dict[str, Any], zone: str | None) -> PaymentTarget:
    return replace(spell_target(Card.from_json(card)), cast_from=zone)


def _bender(imprinted: Any = BLAST) -> dict[str, Any]:
    bender = mine(
        "hb", {"name": "Test Bender", "type_line": "Legendary Creature — Human", "oracle": BENDER_TEXT}
    )
    return bender if imprinted is None else {**bender, "choices": {"imprinted": imprinted}}


def _claw(imprinted: Any = BLAST) -> dict[str, Any]:
    claw = mine("cc", {"name": "Test Claw", "type_line": "Legendary Creature — Rat", "oracle": CLAW_TEXT})
    return claw if imprinted is None else {**claw, "choices": {"imprinted": imprinted}}


def _on_turn_of(board: Board, player: str) -> Board:
    return Board.from_dict({**board.to_dict(), "active_player": player})


def _reference_pays(board: Board, target: PaymentTarget) -> bool:
    """The reference search on the spell cast for its one usable way (CR 601.2f: that way's total cost)."""
    (way,) = usable_ways(board, ME, target)
    cast = cast_for(target, way)
    return bool(reference_search(board, PaymentProblem.of(board, cast).target, max_states=50_000).payable)


# ------------------------------------------------------------------------------------------- the reading
def test_the_gerund_costs_are_read_by_the_grammar() -> None:
    """'by paying <mana> and sacrificing <count> <objects>', 'by waterbending {X} ... where X is its mana
    value', 'by discarding a card' (CR 118.9): the parts of an alternative cost; 'discarding a Swamp card'
    is a part no record holds (not read: None)."""
    own = alternative_cost_of(SCOURGE_TEXT.replace("Test Scourge", "~"))
    assert own is not None and own.from_graveyard and own.mana == "{B}{B}"
    assert own.sacrifice == (SacrificeCost(2, ("Creature",)),)
    bender = granted_alternative_cost(BENDER_TEXT.split(". ", 2)[2])
    assert bender is not None and bender.exiled_card and bender.waterbend and bender.x_is_mana_value
    assert bender.if_your_turn and not bender.as_it_resolves
    claw = granted_alternative_cost(
        "You may cast that card by discarding a card rather than paying its mana cost."
    )
    assert claw is not None and claw.exiled_card and claw.as_it_resolves and not claw.if_your_turn
    assert claw.exile is not None and claw.exile.discard and claw.exile.count == 1
    unread = "You may cast ~ from your graveyard by paying {B} and discarding a Swamp card rather than paying"
    assert alternative_cost_of(unread + " its mana cost.") is None


def test_the_sentences_are_read_not_warned() -> None:
    """On the battlefield the card's own cost is no ability of the permanent's (ignored, read: the spell's);
    the permissions are effects; none is unsupported text any more (main: all three were)."""
    scourge = read_card(SCOURGE["oracle"], "Test Scourge", TypeLine.parse(SCOURGE["type_line"]))
    assert [s.read_as for s in scourge.sentences] == ["keyword", "ignored"]
    assert [s.read_as for s in parse_oracle(BENDER_TEXT, "Test Bender").sentences][-1] == "effect"
    assert [s.read_as for s in parse_oracle(CLAW_TEXT, "Test Claw").sentences][-1] == "effect"


# ------------------------------------------------------------------------------ Scourge's own permission
def test_the_graveyard_way_pays_two_black_and_sacrifices_two_creatures() -> None:
    """Two Swamps and two Test Bears: {B}{B} from the Swamps, both Bears sacrificed (CR 601.2b, 601.2h); the
    mana cost ({5}{B}{B}, seven mana) is no way from the graveyard. The brute force over that one way
    agrees on the objective."""
    board = _scourge_board(mine("s0", "Swamp"), mine("s1", "Swamp"), mine("b0", BEAR), mine("b1", BEAR))
    target = _from(SCOURGE, "graveyard")
    answer = pay(board, target)
    assert answer.payable and set(answer.tapped) == {"s0", "s1"}
    assert answer.alternative_cost is not None and set(answer.alternative_cost.sacrificed) == {"b0", "b1"}
    way = Way("{B}{B}", sacrifice=(SacrificeCost(2, ("Creature",)),))
    assert brute_force(board, target, [way]) == tuple(value for _, value in answer.objective)


def test_one_creature_or_a_ban_on_sacrificing_is_a_no() -> None:
    """One Bear: two creatures can't be sacrificed; two Bears beside an opponent's "Players can't ...
    sacrifice nonland permanents to cast spells" (CR 118.3): none may be. Both "no", the reason naming why;
    the brute force over the way finds nothing either for one Bear."""
    swamps = (mine("s0", "Swamp"), mine("s1", "Swamp"))
    one = _scourge_board(*swamps, mine("b0", BEAR))
    answer = pay(one, _from(SCOURGE, "graveyard"))
    assert answer.payable is False and "1 creature" in (answer.reason or "")
    assert (
        brute_force(
            one, _from(SCOURGE, "graveyard"), [Way("{B}{B}", sacrifice=(SacrificeCost(2, ("Creature",)),))]
        )
        is None
    )
    banned = _scourge_board(
        *swamps, mine("b0", BEAR), mine("b1", BEAR), {"id": "w", "controller": "opp", **BAN}
    )
    refused = pay(banned, _from(SCOURGE, "graveyard"))
    assert refused.payable is False and "prohibition" in (refused.reason or "")


def test_from_the_hand_only_the_mana_cost_casts_it() -> None:
    """From the hand the graveyard way is none (CR 601.2a): two Swamps can't pay {5}{B}{B}."""
    board = _scourge_board(mine("s0", "Swamp"), mine("s1", "Swamp"), mine("b0", BEAR), mine("b1", BEAR))
    assert pay(board, _from(SCOURGE, "hand")).payable is False


def test_plan_turn_notes_the_sacrificing_way_never_a_no() -> None:
    """A turn plan does not cast a graveyard card whose way sacrifices permanents: it is named in the notes,
    and a plan that casts nothing is no "no" (castable null)."""
    board = _scourge_board(mine("s0", "Swamp"), mine("s1", "Swamp"), mine("b0", BEAR), mine("b1", BEAR))
    turn = plan_turn(board, no_land=True)
    assert turn.castable is None and any("Test Scourge" in note for note in turn.notes)


# ------------------------------------------------------------------------- the exiled card's waterbend
def test_the_exiled_card_is_cast_by_waterbending_its_mana_value() -> None:
    """Test Blast ({2}{R}, mana value 3) exiled with Test Bender, three Test Rocks and no land, on "me"'s
    turn: waterbend {3} taps the three artifacts (CR 701.67a, 202.3); its mana cost could not be paid. The
    reference search on the spell cast for that way agrees."""
    board = make_board([_bender(), *(mine(f"a{n}", ROCK) for n in range(3))])
    target = _from(BLAST, "exile")
    answer = pay(board, target)
    assert answer.payable and set(answer.tapped) == {"a0", "a1", "a2"} and not answer.warnings
    assert answer.alternative_cost is not None and answer.alternative_cost.source == "hb"
    assert answer.alternative_cost.cost.mana == "{3}"
    assert _reference_pays(board, target)


def test_the_exiled_card_is_cast_only_by_the_permission() -> None:
    """Three Mountains pay {2}{R}, but the permission is for the waterbend only (CR 601.2a, 118.9a): with
    ``--alternative-cost forbid`` the answer is "no"; on the opponent's turn ("during your turn") nothing
    casts it, "no" with that reason, though the Mountains could pay its mana cost."""
    mountains = [mine(f"m{n}", "Mountain") for n in range(3)]
    board = make_board([_bender(), *mountains])
    forbidden = pay(board, _from(BLAST, "exile"), alternative_cost="forbid")
    assert forbidden.payable is False and "not its mana cost" in (forbidden.reason or "")
    theirs = pay(_on_turn_of(board, "opp"), _from(BLAST, "exile"), player=ME)
    assert theirs.payable is False and "not me's turn" in (theirs.reason or "")
    mine_now = pay(board, _from(BLAST, "exile"))
    assert mine_now.payable and mine_now.alternative_cost is not None


def test_a_card_not_exiled_with_it_or_not_given_is_not_taken() -> None:
    """Test Blaze is not the card exiled with Test Bender: its permission does not cast it (the mana cost is
    paid as for any card cast from exile). ``choices.imprinted`` not given: which card it exiled is not
    known, so the permission is not weighed, and the warning names that path (never a silent "no")."""
    rocks = [mine(f"a{n}", ROCK) for n in range(3)]
    other = pay(make_board([_bender(), *rocks]), _from({**BLAST, "name": "Test Other"}, "exile"))
    assert other.payable is False and other.alternative_cost is None
    unknown = pay(make_board([_bender(None), *rocks]), _from(BLAST, "exile"))
    assert unknown.payable is False
    assert any("permanents[0].choices.imprinted" in w.reason for w in unknown.warnings)


def test_max_x_of_an_exiled_x_card_counts_x_in_its_mana_value() -> None:
    """Test Blaze ({X}{R}) exiled with Test Bender: the waterbend {X} is an alternative cost that includes X,
    so the player chooses the spell's X (CR 107.3b), and its mana value on the stack is X + 1 (CR 202.3e).
    Three Test Rocks and the Bender itself (a creature: waterbend taps artifacts and creatures, no {T} cost,
    so summoning sickness does not matter, CR 701.67a, 302.6) and no land: waterbend {4} taps all four for
    X = 3, not {5} for X = 4; with one Rock, X = 1."""
    rocks = [mine(f"a{n}", ROCK) for n in range(3)]
    board = make_board([_bender(BLAZE), *rocks])
    answer = max_x(board, _from(BLAZE, "exile"))
    assert answer.payable and answer.x == 3 and answer.alternative_cost is not None
    assert not answer.warnings
    three = pay(board, _from(BLAZE, "exile"), x=3)
    assert three.payable and three.x == 3 and set(three.tapped) == {"hb", "a0", "a1", "a2"}
    assert pay(board, _from(BLAZE, "exile"), x=4).payable is False
    one = max_x(make_board([_bender(BLAZE), rocks[0]]), _from(BLAZE, "exile"))
    assert one.payable and one.x == 1


def test_plan_turn_casts_the_exiled_card_and_it_leaves_exile() -> None:
    """A turn plan casts Test Blast from exile by waterbending the three Rocks ("from": "exile"); a second
    cast of it is not there to make (it left exile as it was cast, CR 601.2a)."""
    board = make_board([_bender(), *(mine(f"a{n}", ROCK) for n in range(3))])
    turn = plan_turn(board, casts=["Test Blast"], no_land=True)
    assert turn.castable is True
    (spell,) = turn.to_json()["spells"]
    assert spell["from"] == "exile" and set(spell["payment"]["tapped"]) == {"a0", "a1", "a2"}
    twice = plan_turn(make_board([_bender(), *(mine(f"a{n}", ROCK) for n in range(6))]), no_land=True)
    assert [s["card"] for s in twice.to_json()["spells"]] == ["Test Blast"]


def test_the_cli_finds_the_card_exiled_with_the_permanent() -> None:
    """`pay --spell NAME --cast-from exile` finds the card in the permanent's ``choices.imprinted`` (its text
    given there: no card data), and pays the waterbend."""
    board = make_board([_bender(), *(mine(f"a{n}", ROCK) for n in range(3))]).to_dict()
    result = CliRunner().invoke(
        app, ["pay", "-", "--spell", "Test Blast", "--cast-from", "exile", "--json"], input=json.dumps(board)
    )
    answer = json.loads(result.stdout)
    assert answer["payable"] is True and set(answer["tapped"]) == {"a0", "a1", "a2"}


# ----------------------------------------------------------------------------- that card, for a discard
def test_that_card_is_cast_by_discarding_a_card_from_the_hand() -> None:
    """Test Blast exiled by Test Claw's trigger, a Forest card in hand and one Mountain: the Forest is
    discarded, nothing tapped (the mana cost {2}{R} could not be paid). With a copy of Test Blast in hand
    instead, that copy may be discarded: the spell is the exiled card, not the hand's."""
    board = make_board([_claw(), mine("m", "Mountain")], hand=["Forest"])
    answer = pay(board, _from(BLAST, "exile"))
    assert answer.payable and answer.tapped == ()
    assert answer.alternative_cost is not None and answer.alternative_cost.to_json()["discarded"] == [
        "Forest"
    ]
    copy = pay(make_board([_claw(), mine("m", "Mountain")], hand=[BLAST]), _from(BLAST, "exile"))
    assert copy.payable and copy.alternative_cost is not None
    assert copy.alternative_cost.to_json()["discarded"] == ["Test Blast"]


def test_an_empty_hand_is_a_no_and_plan_turn_does_not_cast_it() -> None:
    """No card to discard: "no" (the permission is for the discard only, CR 601.2a). A turn plan does not
    cast the card (it is cast as the trigger resolves, not later): a note, no "no"."""
    empty = pay(make_board([_claw(), mine("m", "Mountain")]), _from(BLAST, "exile"))
    assert empty.payable is False and "too few" in (empty.reason or "")
    turn = plan_turn(make_board([_claw(), mine("m", "Mountain")], hand=["Forest"]), no_land=True)
    assert any("Test Blast" in note and "resolves" in note for note in turn.notes)


def test_a_card_exiled_by_name_is_cast_from_the_catalogue_or_noted() -> None:
    """``choices.imprinted`` "Lightning Bolt" (a catalogue card, {R}, mana value 1) with one Test Rock: the
    turn plan casts it from exile by waterbending {1}, tapping the Rock. A name no card data knows is not
    cast in turn plans: a note names it (never a silent "no")."""
    bolt = plan_turn(make_board([_bender("Lightning Bolt"), mine("a0", ROCK)]), no_land=True)
    (spell,) = bolt.to_json()["spells"]
    assert (spell["card"], spell["from"], spell["payment"]["tapped"]) == ("Lightning Bolt", "exile", ["a0"])
    unknown = plan_turn(make_board([_bender("Homebrew Thing"), mine("a0", ROCK)]), no_land=True)
    assert unknown.castable is None and any("Homebrew Thing" in note for note in unknown.notes)
