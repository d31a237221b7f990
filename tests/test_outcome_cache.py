"""The outcomes of activations kept across boards (:func:`planner.rules.production.activation_outcomes`)
are the ones worked out afresh: on many random boards, with doublers, Wild Growths, Utopia Sprawls, Blood
Moon and effects of the opponent's, every ability's outcomes agree with the uncached answer; and card names
found in their text without a pattern per name."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from benchmarks.boards import realistic_board
from models.abilities import ObjectFilter, Who
from models.board import Board
from models.kept import CACHING
from models.mana import ManaTypes
from planner.rules import production
from planner.rules.could_produce import could_produce_all
from planner.rules.production import Outcome, activation_outcomes
from planner.rules.view import BoardView
from planner.solve.fast import kinds, reduction

#: Cards with effects on mana, added now and then to a realistic board (for either player).
_EFFECTS = ("Mana Reflection", "Heartbeat of Spring", "Zendikar Resurgent", "Blood Moon", "Mana Flare")


def _random_board(rng: random.Random) -> Board:
    """A realistic board with, now and then, more effects on mana, some of them the opponent's."""
    data: dict[str, Any] = realistic_board(rng, rng.randint(6, 20)).data
    permanents = data["permanents"]
    lands = [p["id"] for p in permanents if p["controller"] == "me" and "tapped" not in p][:6]
    for number in range(rng.choice([0, 0, 1, 2])):
        owner = rng.choice(["me", "me", "opp"])
        permanents.append({"id": f"fx{number}", "card": rng.choice(_EFFECTS), "controller": owner})
    if lands and rng.random() < 0.3:
        permanents.append(
            {"id": "aura", "card": "Wild Growth", "controller": "opp", "attached_to": rng.choice(lands)}
        )
    if lands and rng.random() < 0.3:
        color = rng.choice("WUBRG")
        permanents.append(
            {
                "id": "sprawl",
                "card": "Utopia Sprawl",
                "controller": "me",
                "attached_to": rng.choice(lands),
                "choices": {"color": color},
            }
        )
    return Board.from_dict(_renamed_ids(rng, data))


def _renamed_ids(rng: random.Random, data: dict[str, Any]) -> dict[str, Any]:
    """The board with its permanents' ids drawn anew, so that they sort in other orders (the order of a
    packet's mana follows its source's id)."""
    names = {p["id"]: f"{rng.choice('abmqz')}{number}" for number, p in enumerate(data["permanents"])}
    for permanent in data["permanents"]:
        permanent["id"] = names[permanent["id"]]
        if "attached_to" in permanent:
            permanent["attached_to"] = names[permanent["attached_to"]]
    return data


def _every_outcome(board: Board) -> list[list[Outcome]]:
    """Every ability's outcomes on the board, in every mode the callers ask for."""
    view = BoardView(board)
    reflect: dict[str, ManaTypes] = could_produce_all(view)
    found: list[list[Outcome]] = []
    for permanent in board.permanents:
        for ability in view.mana_abilities(permanent.id):
            for with_triggers in (True, False):
                for every_order in (False, True):
                    found.append(
                        activation_outcomes(
                            view,
                            permanent.id,
                            ability,
                            reflect,
                            with_triggers=with_triggers,
                            every_order=every_order,
                        )
                    )
    return found


def test_kept_outcomes_are_the_worked_out_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(14)
    boards = [_random_board(rng) for _ in range(300)]
    production._OUTCOMES.clear()
    kept = [_every_outcome(board) for board in boards]
    if CACHING:
        assert production._OUTCOMES.stats().size, "some outcomes were kept"
    monkeypatch.setattr(production, "_outcomes_key", lambda *_: None)
    afresh = [_every_outcome(board) for board in boards]
    assert kept == afresh


def _kinds(board: Board) -> list[kinds.SourceKind]:
    """The fast path's kind of every permanent as its board has it."""
    view = BoardView(board)
    sets = could_produce_all(view)
    return [reduction._on_board(view, permanent, sets) for permanent in board.permanents]


def test_shared_fast_path_kinds_are_the_worked_out_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fast path's kinds shared by permanents of one outcome signature, on a board and across boards,
    are the ones each permanent's own analysis gives."""
    rng = random.Random(15)
    boards = [_random_board(rng) for _ in range(300)]
    reduction._ON_BOARD.clear()
    kinds._ABILITIES.clear()
    shared = [_kinds(board) for board in boards]
    reused = sum(len(kinds) - len({id(kind) for kind in kinds}) for kinds in shared)
    assert reused > 100 or not CACHING, "permanents shared kinds"
    reduction._ON_BOARD.clear()
    kinds._ABILITIES.clear()
    monkeypatch.setattr(kinds, "outcomes_signature", lambda *_: None)  # (no ability kept by its signature)
    afresh = [_kinds(board) for board in boards]
    assert shared == afresh


def test_kept_matches_are_the_worked_out_ones() -> None:
    """:meth:`BoardView.matching` (kept per filter and controller) lists what :meth:`BoardView.matches`
    finds, asked twice and after permanents are tapped (filters on untapped permanents read that)."""
    rng = random.Random(16)
    filters = [
        ObjectFilter(types=types, controller=who, other=other, untapped=untapped)
        for types in ((), ("Land",), ("Creature",), ("Land", "Swamp"), ("Elf",))
        for who in Who
        for other in (False, True)
        for untapped in (False, True)
    ]
    for _ in range(60):
        board = _random_board(rng)
        view = BoardView(board)
        for rounds in range(2):
            for flt in filters:
                for source in board.permanents:
                    expected = tuple(p.id for p in board.permanents if view.matches(flt, p.id, source.id))
                    assert view.matching(flt, source.id) == expected, (flt, source.id, rounds)
            for permanent in board.permanents[::2]:
                view.update(replace(view.permanent(permanent.id), tapped=not permanent.tapped))
