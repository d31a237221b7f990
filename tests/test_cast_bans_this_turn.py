"""Prohibitions on casting that read what the turn has seen (issue 35, CR 101.2): "Each player who has cast a
nonartifact spell this turn can't cast additional nonartifact spells." (Ethersworn Canonist: the spells of
the kind in ``spells_cast_this_turn``, and in a turn's plan the turn's own casts).

A spell that can't be cast is "not castable" whatever mana there is (CR 601.2e, 601.3); what the board
does not say (a count of the spells cast, not the spells) is warned of, never a silent yes or no. The cards
are made up in the phrases of real cards; turns are checked against the brute force, payments against the
reference search.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import agrees_with_reference
from turn_brute_force import matches_brute_force

from models.board import Board
from models.errors import BoardError
from models.mana_effects import CastBan
from models.oracle import parse_oracle
from models.oracle.grammar import parse_static
from models.oracle.static_wording import render_static
from models.spells import spell_of
from planner.api import could_produce, max_x, pay
from planner.turn import plan_turn

CANONIST = "Each player who has cast a nonartifact spell this turn can't cast additional nonartifact spells."

SPARK: dict[str, Any] = {"name": "Test Spark", "type_line": "Instant", "mana_cost": "{G}", "oracle": ""}
BEAR: dict[str, Any] = {
    "name": "Test Bear",
    "type_line": "Creature — Bear",
    "mana_cost": "{1}{G}",
    "oracle": "",
}
TOME: dict[str, Any] = {"name": "Test Tome", "type_line": "Artifact", "mana_cost": "{2}", "oracle": ""}
ROCK: dict[str, Any] = {"name": "Test Rock", "type_line": "Artifact", "mana_cost": "{1}", "oracle": ""}


def _board(
    sentence: str,
    owner: str = "opp",
    *,
    cast: Any = 0,
    hand: list[Any] | None = None,
    forests: int = 4,
    **board: Any,
) -> Board:
    """``forests`` Forests of "me", who cast ``cast`` this turn, and a made-up "Test Canon" of ``owner``
    with ``sentence``; "me" is the active player."""
    permanents: list[dict[str, Any]] = [
        {"id": f"f{n}", "card": "Forest", "controller": "me"} for n in range(forests)
    ]
    canon = {"id": "c", "name": "Test Canon", "type_line": "Artifact Creature — Golem", "oracle": sentence}
    permanents.append({**canon, "controller": owner})
    players = [{"id": "me", "hand": hand or [], "spells_cast_this_turn": cast}, {"id": "opp"}]
    return Board.from_dict(
        {"version": 1, "active_player": "me", "players": players, "permanents": permanents, **board}
    )


def _forbidden(result: Any, sentence: str) -> bool:
    """True for a "no" naming the Canon, its sentence and CR 101.2."""
    reason = result.reason or ""
    return bool(
        result.payable is False and "Test Canon" in reason and sentence in reason and "101.2" in reason
    )


def test_the_canonist_is_read_as_a_limit_of_a_kind() -> None:
    parsed = parse_oracle(CANONIST, "Test Canon")
    assert [s.read_as for s in parsed.sentences] == ["effect"]
    (ban,) = parsed.effects
    assert isinstance(ban, CastBan)
    assert (ban.everyone, ban.most, ban.spells.excluded) == (True, 1, ("Artifact",))
    reading = parse_static(CANONIST)
    assert parse_static(render_static(reading)) == reading


def test_two_kinds_are_not_read() -> None:
    sentence = "Each player who has cast a creature spell this turn can't cast additional noncreature spells."
    assert [s.read_as for s in parse_oracle(sentence, "Test Canon").sentences] == ["unsupported"]


BEAR_SPELL = spell_of("{1}{G}", type_line="Creature — Bear", name="Test Bear", text="")
TOME_SPELL = spell_of("{2}", type_line="Artifact", name="Test Tome", text="")


@pytest.mark.parametrize(
    ("cast", "bear_forbidden"),
    [
        ([SPARK], True),  # (a nonartifact spell cast: no additional one, CR 101.2)
        ([ROCK], False),  # (an artifact spell is not of the kind)
        ([ROCK, ROCK], False),
        ([], False),
    ],
)
def test_a_nonartifact_spell_cast_forbids_another(cast: list[Any], bear_forbidden: bool) -> None:
    """Every player, the Canon's controller too; an artifact spell is never forbidden by it."""
    for owner in ("me", "opp"):
        board = _board(CANONIST, owner, cast=cast)
        bear = pay(board, BEAR_SPELL, player="me")
        if bear_forbidden:
            assert _forbidden(bear, CANONIST)
        else:
            assert agrees_with_reference(board, BEAR_SPELL, max_states=20_000) is not None
        assert agrees_with_reference(board, TOME_SPELL, max_states=20_000) is not None


def test_max_x_of_a_forbidden_spell_is_not_castable() -> None:
    board = _board(CANONIST, cast=[SPARK])
    blaze = spell_of("{X}{G}", type_line="Sorcery", name="Test Blaze", text="")
    assert _forbidden(max_x(board, blaze, player="me"), CANONIST)
    engine = spell_of("{X}", type_line="Artifact", name="Test Engine", text="")
    assert max_x(board, engine, player="me").x == 4


def test_a_count_alone_is_warned() -> None:
    """The board says one spell was cast, not which: whether it was nonartifact is not known; none counted,
    with a warning naming the field, never a silent yes."""
    result = pay(_board(CANONIST, cast=1), BEAR_SPELL, player="me")
    assert result.payable is True
    assert [w for w in result.warnings if "spells_cast_this_turn" in w.reason and w.sentence == CANONIST]


def test_could_produce_is_unchanged() -> None:
    assert str(could_produce(_board(CANONIST, cast=[SPARK]), "me")["f0"]) == "G"


def test_plan_turn_casts_one_nonartifact_spell() -> None:
    """Five Forests; a Spark ({G}), a Bear ({1}{G}) and a Tome ({2}) in hand: without the Canon all three
    (mana value 5); with it one nonartifact spell only, the Bear, and the Tome (4), as the brute force
    finds; asked to cast the Spark and the Bear, a "no" naming the Canon."""
    free = plan_turn(_board("", hand=[SPARK, BEAR, TOME], forests=5))
    assert free.mana_value_cast == 5
    board = _board(CANONIST, hand=[SPARK, BEAR, TOME], forests=5)
    turn = matches_brute_force(board)
    assert sorted(spell.card for spell in turn.spells) == ["Test Bear", "Test Tome"]
    asked = plan_turn(board, casts=["Test Spark", "Test Bear"])
    assert asked.castable is False and asked.reason is not None and "Test Canon" in asked.reason


def test_plan_turn_counts_the_spells_cast_before() -> None:
    """A nonartifact spell already cast this turn: the turn casts no other, the Tome only."""
    board = _board(CANONIST, cast=[SPARK], hand=[SPARK, BEAR, TOME], forests=5)
    turn = matches_brute_force(board)
    assert [spell.card for spell in turn.spells] == ["Test Tome"]


MAZE = "Players can't cast spells that share a color with the spell most recently cast this turn."

SHOCK: dict[str, Any] = {"name": "Test Shock", "type_line": "Instant", "mana_cost": "{R}", "oracle": ""}
CHARM: dict[str, Any] = {"name": "Test Charm", "type_line": "Instant", "mana_cost": "{R}{G}", "oracle": ""}
SHOCK_SPELL = spell_of("{R}", type_line="Instant", name="Test Shock", text="")


def _maze(cast: Any = 0, hand: list[Any] | None = None, opp_cast: Any = 0) -> Board:
    """Two Forests and two Mountains of "me", who cast ``cast`` this turn ("opp" ``opp_cast``), and a
    made-up "Test Canon" of "opp" with Mana Maze's sentence."""
    lands = [{"id": f"f{n}", "card": "Forest", "controller": "me"} for n in range(2)]
    lands += [{"id": f"m{n}", "card": "Mountain", "controller": "me"} for n in range(2)]
    maze = {"id": "c", "name": "Test Canon", "type_line": "Enchantment", "oracle": MAZE, "controller": "opp"}
    players = [
        {"id": "me", "hand": hand or [], "spells_cast_this_turn": cast},
        {"id": "opp", "spells_cast_this_turn": opp_cast},
    ]
    return Board.from_dict(
        {"version": 1, "active_player": "me", "players": players, "permanents": [*lands, maze]}
    )


@pytest.mark.parametrize("sentence", [MAZE, MAZE.replace("the spell most recently", "the last spell")])
def test_mana_maze_is_read(sentence: str) -> None:
    (ban,) = parse_oracle(sentence, "Test Canon").effects
    assert isinstance(ban, CastBan) and ban.everyone and ban.shares_last_color
    reading = parse_static(sentence)
    assert parse_static(render_static(reading)) == reading


@pytest.mark.parametrize(
    ("cast", "forbidden"),
    [
        ([SHOCK], True),  # (red after red, CR 105.2)
        ([CHARM], True),  # (red and green: shares red)
        ([SPARK], False),  # (green)
        ([SHOCK, SPARK], False),  # (the most recent is the green Spark)
        ([SPARK, SHOCK], True),
        ([ROCK], False),  # (a colorless spell shares no color)
        ([], False),  # (no spell cast this turn)
    ],
)
def test_mana_maze_reads_the_spell_cast_last(cast: list[Any], forbidden: bool) -> None:
    board = _maze(cast)
    if forbidden:
        assert _forbidden(pay(board, SHOCK_SPELL, player="me"), MAZE)
    else:
        assert agrees_with_reference(board, SHOCK_SPELL, max_states=20_000) is not None


@pytest.mark.parametrize(("cast", "opp_cast"), [(1, 0), ([SPARK], [SHOCK]), (0, 2)])
def test_an_unknown_last_spell_is_warned(cast: Any, opp_cast: Any) -> None:
    """A count without the spells, or spells of two players (their order is not given): which spell was cast
    last is not known; paid, with a warning, never a silent yes."""
    result = pay(_maze(cast, opp_cast=opp_cast), SHOCK_SPELL, player="me")
    assert result.payable is True
    assert [w for w in result.warnings if w.sentence == MAZE and "most recently" in w.reason]


def test_plan_turn_alternates_colors() -> None:
    """Two Shocks and a Spark, four lands: red, green, red (mana value 3), as the brute force finds; the
    two Shocks in a row are not castable; after a red spell cast before the turn, the Spark first."""
    turn = matches_brute_force(_maze([], [SHOCK, SHOCK, SPARK]))
    assert [spell.card for spell in turn.spells] == ["Test Shock", "Test Spark", "Test Shock"]
    both = plan_turn(_maze([], [SHOCK, SHOCK]), casts=["Test Shock", "Test Shock"])
    assert both.castable is False and both.reason is not None and "Test Canon" in both.reason
    after_red = matches_brute_force(_maze([SHOCK], [SHOCK, SPARK]))
    assert [spell.card for spell in after_red.spells] == ["Test Spark", "Test Shock"]
    best = plan_turn(_maze([SHOCK], [SHOCK, SPARK]), casts=["Test Shock", "Test Spark"], order="best")
    assert best.castable is True and [spell.card for spell in best.spells] == ["Test Spark", "Test Shock"]


GLYPH = "Each opponent who attacked you or a planeswalker you control this turn can't cast spells."


def _glyph(owner: str = "opp", *, active: str = "me", step: str = "main", **me: Any) -> Board:
    """Two Forests of "me" and a made-up "Test Canon" of ``owner`` with Sandswirl Wanderglyph's sentence."""
    lands = [{"id": f"f{n}", "card": "Forest", "controller": "me"} for n in range(2)]
    glyph = {"id": "c", "name": "Test Canon", "type_line": "Creature — Sphinx", "oracle": GLYPH}
    return Board.from_dict(
        {
            "version": 1,
            "active_player": active,
            "step": step,
            "players": [{"id": "me", "hand": [BEAR, SPARK], **me}, {"id": "opp"}],
            "permanents": [*lands, {**glyph, "controller": owner}],
        }
    )


def test_sandswirl_is_read() -> None:
    (ban,) = parse_oracle(GLYPH, "Test Canon").effects
    assert isinstance(ban, CastBan) and ban.opponents and ban.terms.attacked_you
    reading = parse_static(GLYPH)
    assert parse_static(render_static(reading)) == reading
    alone = "Each opponent who attacked you this turn can't cast spells."  # (the board can't tell it apart)
    assert [s.read_as for s in parse_oracle(alone, "Test Canon").sentences] == ["unsupported"]


def test_an_opponent_who_attacked_can_cast_no_spell() -> None:
    """ "me" attacked the Canon's controller this turn (CR 508.1): no spell at all (CR 101.2)."""
    board = _glyph(attacked_this_turn=["opp"])
    assert _forbidden(pay(board, SHOCK_SPELL, player="me"), GLYPH)
    assert plan_turn(board).spells == ()
    asked = plan_turn(board, casts=["Test Spark"])
    assert asked.castable is False and asked.reason is not None and "Test Canon" in asked.reason


@pytest.mark.parametrize(
    ("board", "warned"),
    [
        (_glyph(attacked_this_turn=[]), False),  # (it attacked no one)
        (_glyph(active="opp"), False),  # (not its turn: it attacked no one this turn, CR 506.2)
        (_glyph(step="beginning"), False),  # (no combat yet this turn)
        (_glyph("me", attacked_this_turn=["opp"]), False),  # (its controller is not bound)
        (_glyph(), True),  # (its turn, the attacks not given: not known)
    ],
)
def test_a_player_who_did_not_or_may_have_attacked(board: Board, warned: bool) -> None:
    spark = spell_of("{G}", type_line="Instant", name="Test Spark", text="")
    result = pay(board, spark, player="me")
    assert result.payable is True
    said = [w for w in result.warnings if w.sentence == GLYPH and "attacked_this_turn" in w.reason]
    assert bool(said) is warned


def test_the_attacked_players_are_board_players() -> None:
    with pytest.raises(BoardError, match=r"players\[0\]\.attacked_this_turn\[0\].*unknown player"):
        _glyph(attacked_this_turn=["nobody"])
    board = _glyph(attacked_this_turn=["opp"])
    assert board.player("me").to_dict()["attacked_this_turn"] == ["opp"]
