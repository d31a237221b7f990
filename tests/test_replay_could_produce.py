"""What a replayed plan reads of what the permanents could produce (CR 106.7) is what the board at that step
could produce, worked out afresh.

The replay works a permanent's set out alone, on a view of the board's structure that it keeps up step by
step (removals, counters, the players), rather than the whole board's after each sacrifice; these tests walk
random legal plans (:func:`~planner.rules.replay.legal_steps`) on boards that sacrifice, remove counters and
reflect, and compare each set the replay gives, before every step, with :func:`could_produce_of` of the board
as the plan left it (a fresh analysis of its structure), and the view it keeps with :func:`structure` of it.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from benchmarks.boards import realistic_board
from models.board import Board
from models.mana import ManaTypes
from planner.rules import replay
from planner.rules.question import could_produce_of, question, structure

#: Cards that sacrifice (themselves or others), remove counters, read what sacrificed or other permanents
#: could produce, or the colors of legendary creatures that a sacrifice may take away.
_EXTRAS = (
    "Squandered Resources",
    "Squandered Resources",
    "Reflecting Pool",
    "Exotic Orchard",
    "Fellwar Stone",
    "Mox Amber",
    "Rosheen Meanderer",
    "Ashnod's Altar",
    "Phyrexian Altar",
    "Krark-Clan Ironworks",
    "Gemstone Mine",
    "Everflowing Chalice",
    "Lotus Petal",
    "Treasure",
    "Eldrazi Scion",
    "Urborg, Tomb of Yawgmoth",
)


def _board(rng: random.Random) -> Board:
    """A small realistic board with three to six of :data:`_EXTRAS`, its controller's graveyard known."""
    spec = realistic_board(rng, rng.randint(5, 12))
    data: dict[str, Any] = spec.data
    data["players"][0]["graveyard"] = []
    for number in range(rng.randint(3, 6)):
        entry: dict[str, Any] = {"id": f"x{number}", "card": rng.choice(_EXTRAS), "controller": "me"}
        if entry["card"] == "Everflowing Chalice":
            entry["counters"] = {"charge": rng.randint(1, 2)}
        if entry["card"] == "Gemstone Mine":
            entry["counters"] = {"mining": rng.randint(1, 3)}
        data["permanents"].append(entry)
    return Board.from_dict(data)


def _sets_read(live: replay._LiveState) -> dict[str, ManaTypes]:
    """Every permanent's set as the replay's state gives it now."""
    return {p.id: live._reflect[p.id] for p in live.view.board.permanents}


def _same_structure(live: replay._LiveState) -> None:
    """The state's view of the board's structure shows what :func:`structure` makes of the board now."""
    shape = structure(live._board())
    kept = live._structural()
    assert [kept.permanent(p.id) for p in kept.board.permanents] == list(shape.permanents)
    assert [kept.player(p.id) for p in kept.board.players] == list(shape.players)


def _same_board(live: replay._LiveState, walked: replay.PlanState) -> None:
    """The state's view shows the permanents of the board the walk has reached, in order, as they are now,
    and its board finds each by its id (its index of permanents is the board's, after each removal)."""
    board = live.view.board
    assert [live.view.permanent(p.id) for p in board.permanents] == list(walked.board.permanents)
    assert all(board.permanent(p.id) is p for p in board.permanents)


@pytest.mark.parametrize("seed", range(12))
def test_the_sets_a_replay_reads_are_the_boards_at_each_step(seed: int) -> None:
    rng = random.Random(seed)
    checked_after_removals = 0
    for _ in range(6):
        board = _board(rng)
        # the state's structure view is made when first read: at the start, or after a few steps
        first_read = rng.randint(0, 3)
        with question():
            walked = replay.initial_state(board)
            live = replay._LiveState(board, None)
            for index in range(16):
                if index >= first_read:
                    assert _sets_read(live) == could_produce_of(live._board())
                    _same_structure(live)
                    _same_board(live, walked)
                    checked_after_removals += bool(live.sacrificed)
                steps = list(replay.legal_steps(walked))
                if not steps:
                    break
                sacrificing = [(step, after) for step, after in steps if step.sacrificed]
                step, walked = rng.choice(sacrificing if sacrificing and rng.random() < 0.6 else steps)
                live.apply(step, index)
    assert checked_after_removals > 0  # (the walks did sacrifice)


def test_a_reflecting_permanents_set_is_the_whole_boards() -> None:
    board = Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me"}],
            "permanents": [
                {"id": "f", "card": "Forest", "controller": "me"},
                {"id": "i", "card": "Island", "controller": "me"},
                {"id": "rp", "card": "Reflecting Pool", "controller": "me"},
                {"id": "sq", "card": "Squandered Resources", "controller": "me"},
            ],
        }
    )
    with question():
        live = replay._LiveState(board, None)
        live._remove("i")  # (as a sacrifice does)
        assert str(live._reflect["f"]) == "G"
        assert str(live._reflect["rp"]) == "G"
        with pytest.raises(KeyError):
            live._reflect["i"]
