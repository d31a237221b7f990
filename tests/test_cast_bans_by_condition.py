"""Prohibitions on casting by condition (issue 35, CR 101.2): whom they bind ("Enchanted player": a Curse's
``attached_to``; "defending player"; "Each opponent who controls more creatures than you"), when ("during
combat": the board's ``step``; "As long as ~ is attached to a creature"; "As long as ~ is attacking"), which
spells ("with mana value greater than the number of lands that player controls") and what else ("or activate
abilities that aren't mana abilities", CR 602.5; "can't play lands", CR 305.1); and "Creatures played by your
opponents enter the battlefield tapped." (a permanent played: cast or played as a land, CR 614.1c). The
answers are worked out by hand from the rules; the cards are made up in the phrases of real cards.
"""

from __future__ import annotations

from typing import Any

import pytest

from models.board import Board, Card
from models.cost import PaymentKind, PaymentTarget
from models.mana_effects import CastBan, LandPlayBan, OthersEnterTapped
from models.oracle import parse_oracle
from planner.api import max_x, pay
from planner.rules.records import WarningKind
from planner.rules.turn import arriving, tapped_by_others
from planner.turn import plan_turn

HEX = "Enchanted player can't cast more than one spell each turn."
RENEGADE = (
    "Each opponent can't cast noncreature spells with mana value greater than the number of lands that "
    "player controls."
)
WARD = "Each opponent who controls more creatures than you can't cast creature spells."
WARD_TYPES = "The same is true for artifacts and enchantments."
WARD_LANDS = "Each opponent who controls more lands than you can't play lands."
BREAKER = "Your opponents can't cast spells during combat."
BRAWL = "During combat, players can't cast instant spells or activate abilities that aren't mana abilities."
FLAIL = "As long as ~ is attached to a creature, your opponents can't cast spells during your turn."
WYRM = "As long as ~ is attacking, defending player can't cast spells."
CLIMB = "Creatures played by your opponents enter the battlefield tapped."


def _forest(pid: str, controller: str = "me") -> dict[str, Any]:
    return {"id": pid, "card": "Forest", "controller": controller}


def _bear(pid: str, controller: str) -> dict[str, Any]:
    return {"id": pid, "name": "Test Bear", "type_line": "Creature — Bear", "controller": controller}


def _source(oracle: str, controller: str = "opp", **more: Any) -> dict[str, Any]:
    """The made-up permanent with ``oracle``: an enchantment unless ``more`` says otherwise."""
    return {"id": "x", "name": "Test Source", "type_line": "Enchantment", "controller": controller,
            "oracle": oracle, **more}  # fmt: skip


def _board(permanents: list[dict[str, Any]], **more: Any) -> Board:
    """ "me" and "opp" (``more``: the board's other fields, players as dicts by id)."""
    players = [{"id": "me", **more.pop("me", {})}, {"id": "opp", **more.pop("opp", {})}]
    return Board.from_dict({"version": 1, "players": players, "permanents": permanents, **more})


def _refused_by(result: Any, sentence: str, rule: str = "CR 101.2") -> bool:
    return result.payable is False and sentence in (result.reason or "") and rule in (result.reason or "")


@pytest.mark.parametrize(
    "sentence",
    [HEX, RENEGADE, WARD, WARD_LANDS, BREAKER, BRAWL, FLAIL, WYRM],
)
def test_the_prohibitions_are_read(sentence: str) -> None:
    """Each sentence is one prohibition (never a sentence left unread: a payment reads them), on casting or,
    for Ward of Bones' lands, on playing lands."""
    parsed = parse_oracle(sentence, "Test Source")
    assert [s.read_as for s in parsed.sentences] == ["effect"]
    (ban,) = parsed.effects
    assert isinstance(ban, LandPlayBan if sentence == WARD_LANDS else CastBan)


def test_the_same_is_true_repeats_the_prohibition_for_each_type() -> None:
    """Ward of Bones' second sentence: the prohibition again, artifacts counted for artifact spells and
    enchantments for enchantment spells."""
    parsed = parse_oracle(f"{WARD} {WARD_TYPES}", "Test Source")
    assert [s.read_as for s in parsed.sentences] == ["effect", "effect"]
    bans = [e for e in parsed.effects if isinstance(e, CastBan)]
    counted = [(b.spells.types, b.terms.more_than_you and b.terms.more_than_you.types) for b in bans]
    assert counted == [
        (("Creature",), ("Creature",)),
        (("Artifact",), ("Artifact",)),
        (("Enchantment",), ("Enchantment",)),
    ]


# ------------------------------------------------------------------ the enchanted player (a Curse)


@pytest.mark.parametrize(
    ("attached_to", "player", "cast_before", "forbidden"),
    [
        ("opp", "opp", 1, True),  # (the enchanted player's second spell this turn)
        ("opp", "opp", 0, False),  # (its first)
        ("opp", "me", 1, False),  # (its controller is not enchanted)
        ("me", "me", 1, True),  # (a Curse may enchant its own controller)
    ],
)
def test_the_enchanted_player_casts_one_spell_each_turn(
    attached_to: str, player: str, cast_before: int, forbidden: bool
) -> None:
    """The Hex of "me" enchants ``attached_to``: that player can't cast a spell after one this turn (CR
    101.2); the {G} is paid from a Forest of each player."""
    curse = _source(
        f"Enchant player\n{HEX}", "me", type_line="Enchantment — Aura Curse", attached_to=attached_to
    )
    board = _board(
        [curse, _forest("f"), _forest("of", "opp")],
        me={"spells_cast_this_turn": cast_before},
        opp={"spells_cast_this_turn": cast_before},
    )
    result = pay(board, PaymentTarget.of("{G}", type_line="Instant"), player=player)
    assert _refused_by(result, HEX) if forbidden else result.payable is True


def test_plan_turn_casts_one_spell_of_the_enchanted_player() -> None:
    """The enchanted opponent, on its turn, with two {G} instants and two Forests: one is cast (a note says
    why); asked for both, a 'no' naming the Hex."""
    curse = _source(HEX, "me", type_line="Enchantment — Aura Curse", attached_to="opp")
    spark = {"name": "Test Spark", "type_line": "Instant", "mana_cost": "{G}", "oracle": ""}
    hand = [spark, {**spark, "name": "Test Flare"}]
    board = _board(
        [curse, _forest("o1", "opp"), _forest("o2", "opp")], active_player="opp", opp={"hand": hand}
    )
    turn = plan_turn(board)
    assert len(turn.spells) == 1 and any(HEX in note for note in turn.notes)
    both = plan_turn(board, casts=["Test Spark", "Test Flare"])
    assert both.castable is False and HEX in (both.reason or "")


# ------------------------------------------------------------------ a count of the caster's lands


@pytest.mark.parametrize(
    ("mana_cost", "type_line", "forbidden"),
    [
        ("{2}{G}{G}", "Sorcery", True),  # (mana value 4, three lands: 4 > 3)
        ("{1}{G}{G}", "Sorcery", False),  # (3 is not greater than 3)
        ("{2}{G}{G}", "Creature — Bear", False),  # (a creature spell: 'noncreature' only)
        ("{X}{2}{G}{G}", "Sorcery", True),  # (4 with X 0 already, and more with more X, CR 202.3e)
    ],
)
def test_noncreature_spells_over_the_lands_count_are_forbidden(
    mana_cost: str, type_line: str, forbidden: bool
) -> None:
    """ "me" controls three Forests and a Mind Stone (four mana): the opponent's Renegade forbids "me" the
    noncreature spells of mana value greater than three (the lands "me" controls, CR 202.3)."""
    board = _board([_forest("f1"), _forest("f2"), _forest("f3"), {"id": "s", "card": "Mind Stone",
                    "controller": "me"}, _source(RENEGADE)])  # fmt: skip
    result = pay(board, PaymentTarget.of(mana_cost, type_line=type_line), player="me", x=0)
    assert _refused_by(result, RENEGADE) if forbidden else result.payable is True
    if "X" in mana_cost:
        assert _refused_by(
            max_x(board, PaymentTarget.of(mana_cost, type_line=type_line), player="me"), RENEGADE
        )


def test_an_x_spell_under_the_lands_count_is_warned() -> None:
    """{X}{G}: mana value 1 + X against three lands: X up to 2 allowed, more forbidden (CR 202.3e): not
    judged for X, a warning names the Renegade (never a silent yes)."""
    board = _board([_forest("f1"), _forest("f2"), _forest("f3"), _source(RENEGADE)])
    result = pay(board, PaymentTarget.of("{X}{G}", type_line="Sorcery"), player="me", x=1)
    assert result.payable is True
    assert [w for w in result.warnings if w.kind is WarningKind.FORBIDDEN and w.sentence == RENEGADE]


# ------------------------------------------------------------------ more creatures than you


@pytest.mark.parametrize("animated", [False, True])
def test_an_opponent_with_more_creatures_cant_cast_creature_spells(animated: bool) -> None:
    """A Bear each; with the Animator, the Forests of "me" are creatures too (layer 4): "me" controls more
    creatures than the Ward's controller and can't cast the Elf (CR 101.2); without it, one each: paid."""
    animator = _source("Forests you control are 1/1 green Elf creatures that are still lands.", "me")
    animator["id"] = "an"
    permanents = [_forest("f"), _bear("b", "me"), _bear("ob", "opp"), _source(WARD)]
    board = _board(permanents + ([animator] if animated else []))
    result = pay(board, PaymentTarget.of("{G}", type_line="Creature — Elf"), player="me")
    assert _refused_by(result, WARD) if animated else result.payable is True


@pytest.mark.parametrize(("type_line", "forbidden"), [("Artifact", True), ("Enchantment", False)])
def test_the_same_is_true_for_artifacts(type_line: str, forbidden: bool) -> None:
    """ "me" controls a Mind Stone (an artifact), the opponent none (its Ward is an enchantment): "me" can't
    cast an artifact spell; of enchantments "me" controls fewer: an enchantment spell is paid."""
    ward = _source(f"{WARD} {WARD_TYPES}")
    board = _board([_forest("f"), {"id": "s", "card": "Mind Stone", "controller": "me"}, ward])
    result = pay(board, PaymentTarget.of("{1}", type_line=type_line), player="me")
    assert _refused_by(result, WARD_TYPES) if forbidden else result.payable is True


@pytest.mark.parametrize("opponent_lands", [1, 2])
def test_an_opponent_with_more_lands_plays_none(opponent_lands: int) -> None:
    """Two Forests of "me", a Forest and the Giant ({2}{G}) in hand: against one land of the Ward's
    controller, "me" can't play a land (CR 305.1, 101.2; a note says why) and the Giant is not cast; against
    two, the Forest is played and pays the Giant."""
    opponents = [{"id": f"o{n}", "card": "Plains", "controller": "opp"} for n in range(opponent_lands)]
    giant = {"name": "Test Giant", "type_line": "Creature — Giant", "mana_cost": "{2}{G}", "oracle": ""}
    board = _board([_forest("f1"), _forest("f2"), _source(WARD_LANDS), *opponents],
                   me={"hand": ["Forest", giant]})  # fmt: skip
    turn = plan_turn(board)
    if opponent_lands == 1:
        assert turn.land_played is None and not turn.spells
        assert any(WARD_LANDS in note for note in turn.notes)
    else:
        assert turn.land_played == "Forest" and [spell.card for spell in turn.spells] == ["Test Giant"]


def test_plan_turn_warns_that_the_turns_creatures_change_the_count() -> None:
    """A Bear each and two Elves in hand: the first Elf makes "me" control more creatures, so the second
    would be forbidden; a turn's plan judges the prohibition on the board before the turn and says so."""
    elf = {"name": "Test Elf", "type_line": "Creature — Elf", "mana_cost": "{G}", "oracle": ""}
    board = _board([_forest("f1"), _forest("f2"), _bear("b", "me"), _bear("ob", "opp"), _source(WARD)],
                   me={"hand": [elf, {**elf, "name": "Test Elder"}]})  # fmt: skip
    turn = plan_turn(board)
    assert [w for w in turn.warnings if w.sentence == WARD and w.kind is WarningKind.FORBIDDEN]


# ------------------------------------------------------------------ combat


@pytest.mark.parametrize(("step", "forbidden"), [(None, False), ("main", False), ("combat", True)])
def test_no_spells_during_combat(step: str | None, forbidden: bool) -> None:
    """The Breaker's opponents can't cast spells during combat (CR 506.1): the board's step, the main phase
    when it is left out (contract: ``step`` defaults to ``main``)."""
    board = _board([_forest("f"), _source(BREAKER)], **({"step": step} if step else {}))
    result = pay(board, PaymentTarget.of("{G}", type_line="Instant"), player="me")
    assert _refused_by(result, BREAKER) if forbidden else result.payable is True
    assert pay(board, PaymentTarget.of("{G}", type_line="Instant"), player="opp").warnings == ()


@pytest.mark.parametrize("step", ["main", "combat"])
def test_hand_to_hand_forbids_instants_and_abilities_in_combat(step: str) -> None:
    """In combat, no player can cast an instant (CR 101.2) nor activate an ability that isn't a mana ability
    (a payment for an ability is for one: CR 602.5); a sorcery's cost is no instant's; in the main phase
    all are paid."""
    board = _board([_forest("f"), _forest("of", "opp"), _source(BRAWL)], step=step)
    combat = step == "combat"
    for player in ("me", "opp"):
        instant = pay(board, PaymentTarget.of("{G}", type_line="Instant"), player=player)
        assert _refused_by(instant, BRAWL) if combat else instant.payable is True
        ability = pay(board, PaymentTarget.of("{G}", kind=PaymentKind.ABILITY), player=player)
        assert _refused_by(ability, BRAWL, "CR 602.5") if combat else ability.payable is True
    assert pay(board, PaymentTarget.of("{G}", type_line="Sorcery"), player="me").payable is True


@pytest.mark.parametrize(
    ("attached_to", "active", "forbidden"),
    [
        ("ob", "opp", True),  # (on a creature, its controller's turn)
        (None, "opp", False),  # (attached to nothing, CR 301.5)
        ("ob", "me", False),  # (not its controller's turn)
        ("of", "opp", False),  # (attached to a land: no creature)
    ],
)
def test_an_equipment_forbids_while_attached_to_a_creature(
    attached_to: str | None, active: str, forbidden: bool
) -> None:
    """The Flail of "opp": as long as it is attached to a creature, "me" can't cast spells on opp's turn."""
    flail = _source(
        FLAIL, type_line="Artifact — Equipment", **({"attached_to": attached_to} if attached_to else {})
    )
    board = _board([_forest("f"), _forest("of", "opp"), _bear("ob", "opp"), flail], active_player=active)
    result = pay(board, PaymentTarget.of("{G}", type_line="Instant"), player="me")
    assert _refused_by(result, FLAIL) if forbidden else result.payable is True


@pytest.mark.parametrize(("step", "active", "warned"), [(None, "opp", False), ("combat", "opp", True),
                                                        ("combat", "me", False)])  # fmt: skip
def test_a_prohibition_while_attacking_is_warned_in_its_combat(
    step: str | None, active: str, warned: bool
) -> None:
    """The board does not say which creatures attack: in its controller's combat the Wyrm may be attacking
    "me" (a warning naming it, never a silent yes); out of combat, or on "me"'s turn, it attacks no one (CR
    506.2, 508.1)."""
    wyrm = _source(f"Flying\n{WYRM}", type_line="Creature — Dragon")
    board = _board([_forest("f"), wyrm], active_player=active, **({"step": step} if step else {}))
    result = pay(board, PaymentTarget.of("{G}", type_line="Instant"), player="me")
    assert result.payable is True
    found = [w for w in result.warnings if w.sentence == WYRM and w.kind is WarningKind.FORBIDDEN]
    assert bool(found) is warned


# ------------------------------------------------------------------ creatures played enter tapped


#: a creature with haste whose mana pays the next spell the turn it is cast
SPRINTER = {"name": "Test Sprinter", "type_line": "Creature — Goblin", "mana_cost": "{G}",
            "oracle": "Haste\n{T}: Add {R}{R}."}  # fmt: skip
BLAST = {"name": "Test Blast", "type_line": "Sorcery", "mana_cost": "{R}{R}", "oracle": ""}


@pytest.mark.parametrize(("controller", "both"), [("opp", False), ("me", True)])
def test_creatures_played_by_opponents_enter_tapped(controller: str, both: bool) -> None:
    """One Forest casts the Sprinter, whose {R}{R} pays the Blast; under the opponent's Climb the Sprinter
    enters tapped (CR 614.1c) and the Blast is not paid; the Climb's controller's own creatures are not
    affected."""
    board = _board([_forest("f"), _source(CLIMB, controller)], me={"hand": [SPRINTER, BLAST]})
    turn = plan_turn(board, casts=["Test Sprinter", "Test Blast"])
    assert turn.castable is both


def test_only_a_permanent_played_enters_tapped() -> None:
    """A creature land played enters tapped under the Climb, one put onto the battlefield (a fetchland's
    find) does not: 'played' is cast or played as a land (CR 305.1, 601.2)."""
    (climb,) = parse_oracle(CLIMB, "Test Source").effects
    assert isinstance(climb, OthersEnterTapped) and climb.played
    board = _board([_source(CLIMB)])
    arbor = Card.from_json({"name": "Test Arbor", "type_line": "Land Creature — Forest Dryad", "oracle": ""})
    entered = arriving(arbor, "new", "me")
    assert tapped_by_others(board, entered, played=True) is True
    assert tapped_by_others(board, entered, played=False) is False


@pytest.mark.parametrize(
    "sentence",
    [
        "Each opponent who attacked you this turn can't cast spells.",
        # (Ethersworn Canonist's and Mana Maze's are read since: tests/test_cast_bans_this_turn.py)
        "Each player who has cast a creature spell this turn can't cast additional noncreature spells.",
    ],
)
def test_a_prohibition_not_read_is_warned_never_ignored(sentence: str) -> None:
    """A permanent's prohibition the grammar does not read (a player who attacked, the spells cast this turn)
    is unsupported text, warned: "this turn" inside it is no duration of a
    spell's effect (those, "Target player can't cast spells this turn.", are not the permanent's)."""
    parsed = parse_oracle(sentence, "Test Source")
    assert [s.read_as for s in parsed.sentences] == ["unsupported"]
    assert [s.read_as for s in parse_oracle("Players can't cast spells this turn.").sentences] == ["ignored"]
