"""Real clients' files (issue 38): the shared MTG Arena logs and Forge puzzles, read and answered through a
real ``mana-planner serve`` process, printed as one table per kind of file and a summary.

For each Arena log, one row per ``ActionsAvailableReq``: the actions read, how many carry Arena's own
``autoTapSolution``, our agreement with it (:mod:`planner.arena`), the time per action through the service
(``arena_autotap``: the request and the game state messages since the last full state, sent to the process on
its pipe; wall clock of the round trip divided by the request's actions), what ``arena_turn`` takes and its
time, the ids Arena gave those cards later in the log (``ObjectIdChanged``: where the player took them too,
the ids an ``entersThisTurn`` tap becomes) and the warnings; then every verdict
that is not "same sources" or "neither pays", with its reason, and every warning. For each puzzle: whether it
loads, its permanents and hand, the time of ``plan_turn`` through the service (``plan-turn`` on a puzzle
plays its hand), the mana value it casts, and its warnings; then every warning, grouped: an unknown card is a
gap of the card store given, not of the reader.

The files are read from the shared folder (``--shared``, default ``../shared`` beside this checkout) and never
copied. Card names and Arena ids are looked up in ``--store`` (default: a temporary store imported from the
shared folder's ``cards/*.json.gz``, when there are any; ``--no-store``: the built-in catalogue alone).

Run ``PYTHONPATH=. python benchmarks/bench_clients.py`` (``--store PATH`` skips the import).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from models.arena import GameState, gre_messages, read_log  # noqa: E402
from models.carddata.names import CardResolver  # noqa: E402
from models.errors import PlannerError  # noqa: E402
from models.forge import load_board_file  # noqa: E402
from planner.arena import AGREEING  # noqa: E402
from planner.tables import table  # noqa: E402

#: Verdicts not listed one by one (the others are, with their reasons).
PLAIN: frozenset[str] = frozenset({"same sources", "neither pays"})
#: The warning of an unknown card: the store's gap, not the reader's.
UNKNOWN_CARD = "unknown card"


class Server:
    """A ``mana-planner serve`` process of this checkout, called on its pipes, one request at a time."""

    def __init__(self, store: Path | None, folder: Path) -> None:
        # (no store: a path where none is, so that the built-in catalogue alone answers)
        path = store if store is not None else folder / "no-store.sqlite3"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "planner", "serve", "--store", str(path)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            cwd=ROOT,
        )
        assert self.process.stdin is not None and self.process.stdout is not None
        self.stdin: IO[bytes] = self.process.stdin
        self.stdout: IO[bytes] = self.process.stdout
        self.next_id = 0

    def call(self, method: str, params: dict[str, Any]) -> tuple[dict[str, Any], float]:
        """The result of one call and its round trip in seconds; an error answer stops the benchmark."""
        self.next_id += 1
        line = json.dumps({"jsonrpc": "2.0", "method": method, "params": params, "id": self.next_id})
        started = time.perf_counter()
        self.stdin.write(line.encode() + b"\n")
        self.stdin.flush()
        answer = json.loads(self.stdout.readline())
        elapsed = time.perf_counter() - started
        if "error" in answer:
            raise RuntimeError(f"{method}: {answer['error']}")
        result: dict[str, Any] = answer["result"]
        return result, elapsed

    def close(self) -> None:
        self.stdin.close()
        self.process.wait(timeout=60)


@dataclass
class Totals:
    """What the summary adds up."""

    actions: int = 0
    with_arena: int = 0
    agree_with_arena: int = 0
    agree: int = 0
    verdicts: Counter[str] = field(default_factory=Counter)
    action_seconds: list[float] = field(default_factory=list)
    first_seconds: list[float] = field(default_factory=list)  # (the first request's: the process warms up)
    puzzles: int = 0
    clean: int = 0
    clean_but_store: int = 0
    turn_seconds: list[float] = field(default_factory=list)  # arena_turn
    puzzle_seconds: list[float] = field(default_factory=list)  # plan_turn
    warnings: Counter[str] = field(default_factory=Counter)


def _store(args: argparse.Namespace, shared: Path, folder: Path) -> Path | None:
    """The card store to use: the one given, or one imported now from the shared card files."""
    from planner.cards.importer import import_files
    from planner.cards.store import CardStore

    if args.no_store:
        return None
    if args.store:
        return Path(args.store)
    files = sorted((shared / "cards").glob("*.json.gz"))
    if not files:
        return None
    path = folder / "cards.sqlite3"
    started = time.perf_counter()
    summary = import_files(files, CardStore(path))
    print(
        f"store: {summary.imported} cards imported from {len(files)} shared files "
        f"in {time.perf_counter() - started:.0f} s"
    )
    return path


def _ms(seconds: list[float]) -> str:
    return f"{1000 * statistics.median(seconds):.1f}" if seconds else "-"


def bench_log(path: Path, server: Server, resolver: CardResolver, totals: Totals) -> None:
    """One Arena log: a row per request, then the verdicts to explain and the warnings."""
    text = path.read_text(encoding="utf-8")
    log = read_log(text, str(path), cards=resolver)  # (the seat; and what the command's own reading warns)
    states: list[dict[str, Any]] = []
    game = GameState()  # (the whole log: where Arena renumbered the cards our plans take)
    plans: list[list[int]] = []
    rows: list[list[str]] = []
    explained: list[str] = []
    warned: dict[str, None] = dict.fromkeys(log.warnings)
    for _, message in gre_messages(text):
        kind = message.get("type")
        if kind in ("GREMessageType_GameStateMessage", "GREMessageType_QueuedGameStateMessage"):
            state = message.get("gameStateMessage", {})
            if state.get("type") == "GameStateType_Full":
                states.clear()  # (a full state replaces what came before)
            states.append(state)
            game.apply(state)
            continue
        if kind != "GREMessageType_ActionsAvailableReq" or log.seat not in message.get("systemSeatIds", []):
            continue
        answer, seconds = server.call(
            "arena_autotap", {"request": message, "game_state": states, "seat": log.seat}
        )
        actions = answer["actions"]
        per_action = seconds / len(actions) if actions else None
        if per_action is not None:
            first = not totals.action_seconds and not totals.first_seconds
            (totals.first_seconds if first else totals.action_seconds).extend([per_action] * len(actions))
        turn, turn_seconds = server.call(
            "arena_turn", {"request": message, "game_state": states, "seat": log.seat}
        )
        totals.turn_seconds.append(turn_seconds)
        taken = " ".join(f"{a['actionType']} {a['instanceId']}" for a in turn["actions"]) or "-"
        plans.append([a["instanceId"] for a in turn["actions"]])
        with_arena = [a for a in actions if a["arena_sources"] is not None]
        agree_arena = sum(a["agreement"] in AGREEING for a in with_arena)
        agree = sum(a["agreement"] in AGREEING for a in actions)
        verdicts = Counter(a["agreement"] for a in actions)
        totals.actions += len(actions)
        totals.with_arena += len(with_arena)
        totals.agree_with_arena += agree_arena
        totals.agree += agree
        totals.verdicts.update(verdicts)
        warned.update(dict.fromkeys(answer["warnings"]))
        rows.append(
            [
                f"{answer['gameStateId']}",
                str(len(actions)),
                f"{agree_arena}/{len(with_arena)}",
                f"{agree}/{len(actions)}",
                ", ".join(f"{name} {count}" for name, count in sorted(verdicts.items())),
                "-" if per_action is None else f"{1000 * per_action:.1f}",
                taken,
                f"{1000 * turn_seconds:.1f}",
                str(len(answer["warnings"])),
            ]
        )
        explained += [
            f"  state {answer['gameStateId']}, {a['actionType']} {a['instanceId']} {a['cost']}: "
            f"{a['agreement']}: {a['why']}"
            for a in actions
            if a["agreement"] not in PLAIN
        ]
    for row, plan in zip(rows, plans, strict=True):
        moved = [f"{iid}→{game.current_id(iid)}" for iid in plan if game.current_id(iid) != iid]
        row.insert(-1, " ".join(moved) or "-")
    headers = [
        "state",
        "actions",
        "agree (Arena's)",
        "agree (all)",
        "verdicts",
        "ms/action",
        "arena_turn takes",
        "arena_turn ms",
        "later ids",
        "warnings",
    ]
    print(f"\nArena log {path.name}: seat {log.seat}, {len(log.requests)} ActionsAvailableReq")
    print(table(headers, rows) if rows else "  (no request for the local seat)")
    for line in explained:
        print(line)
    for warning in warned:
        totals.warnings[_kind(warning)] += 1
    print(f"  warnings ({len(warned)} distinct):")
    for warning in warned:
        print(f"    {warning}")


def _kind(warning: str) -> str:
    """A warning's kind, for the summary: the store's gaps apart from the rest.

    >>> _kind("line 3: hand: 'X': unknown card 'X'"), _kind("instance 3: grpId 7 is not in the card store")
    ('unknown card (the store lacks it)', 'unknown grpId (the store lacks it)')
    """
    if UNKNOWN_CARD in warning:
        return "unknown card (the store lacks it)"
    if "is not in the card store" in warning:
        return "unknown grpId (the store lacks it)"
    return "other"


def bench_puzzles(folder: Path, server: Server, resolver: CardResolver, totals: Totals) -> None:
    """Every puzzle under a folder: a row each, then every warning that is not an unknown card."""
    files = sorted(folder.rglob("*.pzl"))
    rows: list[list[str]] = []
    others: list[str] = []
    notes: list[str] = []
    for path in files:
        name = str(path.relative_to(folder))
        totals.puzzles += 1
        try:
            puzzle = load_board_file(path, cards=resolver)
        except PlannerError as error:
            rows.append([name, "refused", "", "", "", "", str(error)[:60]])
            continue
        warnings = list(puzzle.warnings)
        totals.clean += not warnings
        totals.clean_but_store += all(UNKNOWN_CARD in w for w in warnings)
        for warning in warnings:
            totals.warnings[_kind(warning)] += 1
            if UNKNOWN_CARD not in warning:
                others.append(f"  {name}: {warning}")
        turn, seconds = server.call("plan_turn", {"board": puzzle.board.to_dict(), "time_limit": 10})
        totals.puzzle_seconds.append(seconds)
        notes += [f"  {name}: {note}" for note in turn.get("notes", [])]
        hand = sum(len(p.hand) for p in puzzle.board.players)
        unknown = sum(UNKNOWN_CARD in w for w in warnings)
        rows.append(
            [
                name,
                str(len(puzzle.board.permanents)),
                str(hand),
                f"{1000 * seconds:.1f}",
                f"{turn['mana_value_cast']}{'' if turn.get('optimal', True) else ' (not optimal)'}",
                str(len(warnings)),
                str(unknown),
            ]
        )
    print(f"\nForge puzzles under {folder} ({len(files)} files):")
    headers = ["file", "permanents", "hand", "plan_turn ms", "mana value cast", "warnings", "unknown cards"]
    print(table(headers, rows))
    print("  warnings other than unknown cards:")
    for line in others:
        print(f"  {line}")
    print("  the plans' notes (what plan_turn could not consider):")
    for line in notes:
        print(f"  {line}")


def summary(totals: Totals) -> None:
    times = totals.action_seconds
    print("\nSummary")
    print(
        f"  Arena: {totals.actions} actions; {totals.with_arena} with Arena's autoTapSolution, we agree on "
        f"{totals.agree_with_arena}; on all actions we agree on {totals.agree} "
        f"({', '.join(f'{k} {v}' for k, v in sorted(totals.verdicts.items()))})"
    )
    if times:
        median, mean, most = (1000 * f(times) for f in (statistics.median, statistics.fmean, max))
        print(
            f"  time per action through the service (arena_autotap): median {median:.1f} ms, "
            f"mean {mean:.1f} ms, max {most:.1f} ms (round trip on the pipe of a real serve process); the "
            f"first request, as the process loads the solver: {_ms(totals.first_seconds)} ms per action; "
            f"arena_turn: median {_ms(totals.turn_seconds)} ms per request"
        )
    print(
        f"  Forge: {totals.clean} of {totals.puzzles} puzzle files load with no warning; "
        f"{totals.clean_but_store} with none but unknown cards (the store's gaps); "
        f"plan_turn through the service: median {_ms(totals.puzzle_seconds)} ms"
    )
    print("  warnings by kind: " + ", ".join(f"{k} {v}" for k, v in sorted(totals.warnings.items())))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--shared", default=str(ROOT.parent / "shared"), help="the shared folder")
    parser.add_argument("--store", help="a card store to use (default: one imported from the shared cards)")
    parser.add_argument("--no-store", action="store_true", help="the built-in catalogue alone")
    args = parser.parse_args()
    shared = Path(args.shared)
    clients = shared / "clients"
    if not clients.is_dir():
        sys.exit(f"bench_clients: no {clients}: give --shared")
    from planner.cards.store import CardStore

    with tempfile.TemporaryDirectory() as folder:
        store = _store(args, shared, Path(folder))
        print(f"cards: {'store ' + str(store) if store else 'the built-in catalogue alone'}")
        resolver = CardResolver(CardStore(store)) if store is not None else CardResolver()
        server = Server(store, Path(folder))
        totals = Totals()
        try:
            for log in sorted((clients / "arena").glob("*.log")):
                bench_log(log, server, resolver, totals)
            bench_puzzles(clients / "forge", server, resolver, totals)
        finally:
            server.close()
        summary(totals)


if __name__ == "__main__":
    main()
