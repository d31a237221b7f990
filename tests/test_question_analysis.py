"""The question's analysis and its quick copies give what their plain definitions give (issue 36, "nothing
may get slower"):

- a board's structure (:func:`planner.rules.question.structure`) is the board with its statuses reset as
  ``dataclasses.replace`` writes it, and its indexes by id find every player and permanent;
- :meth:`Player.with_life_and_pool` and :meth:`Board.with_records` are ``dataclasses.replace`` and the
  constructor;
- a rebound view's :class:`Structure` is a copy of every field, its shared tables the same dictionary;
- :func:`within_question` answers nested calls in the outer question and leaves none behind, on a return
  and on an error.
"""

from __future__ import annotations

import random
from dataclasses import fields, replace

import pytest

from benchmarks.boards import realistic_board
from models.board import Board, PoolMana
from models.mana import ManaBag
from planner.rules import question as question_module
from planner.rules.question import current_question, structure, within_question
from planner.rules.records import Structure


def _boards(seed: int, count: int) -> list[Board]:
    """Realistic boards with statuses of every kind: tapped, abilities activated, life totals, pools."""
    rng = random.Random(seed)
    boards = []
    for _ in range(count):
        data = realistic_board(rng, rng.randint(1, 30)).data
        for permanent in data["permanents"]:
            if rng.random() < 0.3:
                permanent["tapped"] = True
            if rng.random() < 0.1:
                permanent["activated_this_turn"] = ["0"]
        for player in data["players"]:
            player["life"] = rng.choice([-3, 0, 1, 7, 20, 40])
            if rng.random() < 0.3:
                player["pool"] = ["{G}{C}"]
        boards.append(Board.from_dict(data))
    return boards


def _plain_structure(board: Board) -> Board:
    """The structure as ``dataclasses.replace`` writes it (the definition): the most mana in one pool is kept
    as :attr:`Board.pool_most` (what an X paid with it may reach: planner.rules.paid_x)."""
    floating = max((sum(entry.mana.total for entry in p.pool) for p in board.players), default=0)
    return replace(
        board,
        permanents=tuple(replace(p, activated_this_turn=(), tapped=False) for p in board.permanents),
        players=tuple(replace(p, life=1 if p.life > 0 else 0, pool=()) for p in board.players),
        pool_most=max(board.pool_most, floating),
    )


@pytest.mark.parametrize("seed", range(4))
def test_structure_is_the_board_with_its_statuses_reset(seed: int) -> None:
    for board in _boards(seed, 25):
        shape = structure(board)
        plain = _plain_structure(board)
        assert shape == plain
        assert hash(shape) == hash(plain)
        assert [shape.player(p.id) for p in board.players] == list(plain.players)
        assert [shape.permanent(p.id) for p in board.permanents] == list(plain.permanents)
        assert structure(shape) == shape
        # (the board file holds no field of the planner's own: Board.pool_most, Board.paid_x_most)
        assert Board.loads(shape.dumps()) == replace(shape, pool_most=0, paid_x_most=None)


def test_quick_copies_are_replace_and_the_constructor() -> None:
    for board in _boards(9, 25):
        for player in board.players:
            for life, pool in ((1, ()), (player.life, player.pool), (5, (PoolMana(ManaBag.parse("{R}")),))):
                assert player.with_life_and_pool(life, pool) == replace(player, life=life, pool=pool)
        players = tuple(replace(p, life=p.life + 1) for p in board.players)
        permanents = tuple(p.with_tapped(not p.tapped) for p in board.permanents)
        built = Board(board.version, board.active_player, players, permanents, board.step)
        copied = board.with_records(players, permanents)
        assert copied == built and hash(copied) == hash(built)
        assert all(copied.permanent(p.id) == p for p in permanents)


def test_a_handed_on_structure_copies_every_field() -> None:
    # (every field set to an object of its own: a field the copy forgets would be left at its default)
    values = {f.name: object() for f in fields(Structure)}
    original = Structure(**values)  # type: ignore[arg-type]
    copied = original.handed_on()
    assert copied is not original
    assert all(getattr(copied, name) is value for name, value in values.items())


def test_within_question_shares_the_outer_question_and_leaves_none() -> None:
    seen = []

    @within_question
    def inner() -> None:
        seen.append(current_question())

    @within_question
    def outer(fail: bool) -> None:
        seen.append(current_question())
        inner()
        if fail:
            raise ValueError("stop")

    outer(False)
    assert seen[0] is seen[1]
    assert question_module._CURRENT.get() is None
    with pytest.raises(ValueError, match="stop"):
        outer(True)
    assert seen[2] is seen[3] and seen[2] is not seen[0]
    assert question_module._CURRENT.get() is None
