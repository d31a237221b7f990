"""Real clients' files (issue 38): the shared MTG Arena logs and Forge puzzles, read and answered.

For each Arena log: the requests and actions read, how many carry Arena's own ``autoTapSolution``, our
agreement with it (by verdict), and the time per action through the service (``arena_autotap`` on a
:class:`~planner.service.methods.Service`, in process; each request sent with the game state messages before
it). For each puzzle: whether it loads, its permanents, and its warnings; then how many load with no warning.

The files are read from the shared folder (``--shared``, default ``../shared`` beside this checkout) and never
copied. Card names and Arena ids are looked up in ``--store`` (default: a temporary store imported from the
shared folder's ``cards/*.json.gz``, when there are any; ``--no-store``: the built-in catalogue alone).

Run ``PYTHONPATH=. python benchmarks/bench_clients.py``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


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


def _messages(text: str) -> list[tuple[int, dict[str, Any]]]:
    """Every GRE message of a log with its event's line (the order the service would be sent them)."""
    from models.arena import _events

    found: list[tuple[int, dict[str, Any]]] = []
    for line, event in _events(text, "log", []):
        for message in event["greToClientEvent"].get("greToClientMessages", []):
            if isinstance(message, dict):
                found.append((line, message))
    return found


def bench_log(path: Path, store: Path | None) -> None:
    from models.arena import read_log
    from planner.service.methods import Service

    text = path.read_text(encoding="utf-8")
    service = Service(store=store)
    log = read_log(text, str(path), cards=service.cards)
    states: list[dict[str, Any]] = []
    answers: list[dict[str, Any]] = []
    times: list[float] = []
    for _, message in _messages(text):
        kind = message.get("type")
        if kind in ("GREMessageType_GameStateMessage", "GREMessageType_QueuedGameStateMessage"):
            states.append(message["gameStateMessage"])
        elif kind == "GREMessageType_ActionsAvailableReq" and log.seat in message.get("systemSeatIds", []):
            started = time.perf_counter()
            answer = service.call(
                "arena_autotap", {"request": message, "game_state": states, "seat": log.seat}
            )
            elapsed = time.perf_counter() - started
            if answer["actions"]:
                times.extend([elapsed / len(answer["actions"])] * len(answer["actions"]))
            answers.extend(answer["actions"])
    verdicts: dict[str, int] = {}
    for action in answers:
        verdicts[action["agreement"]] = verdicts.get(action["agreement"], 0) + 1
    with_arena = [a for a in answers if a["arena_sources"] is not None]
    agree = sum(a["agreement"] in ("same sources", "equally good", "neither pays") for a in answers)
    agree_arena = sum(a["agreement"] in ("same sources", "equally good") for a in with_arena)
    print(
        f"\nArena log {path.name}: seat {log.seat}, {len(log.requests)} ActionsAvailableReq, "
        f"{len(answers)} actions"
    )
    print(f"  with Arena's autoTapSolution: {len(with_arena)}; we agree on {agree_arena} of them")
    print(
        f"  all actions: agree on {agree} of {len(answers)}: "
        + ", ".join(f"{k} {v}" for k, v in verdicts.items())
    )
    for action in answers:
        if action["agreement"] not in ("same sources", "neither pays"):
            print(
                f"  line {action['line']} {action['actionType']} {action['instanceId']} {action['cost']}: "
                f"{action['agreement']}: {action['why']}"
            )
    if times:
        print(
            f"  time per action through the service: median {1000 * statistics.median(times):.2f} ms, "
            f"mean {1000 * statistics.fmean(times):.2f} ms, max {1000 * max(times):.2f} ms "
            "(each request sent with every game state message before it)"
        )
    warned = list(dict.fromkeys(w for r in log.requests for w in r.warnings))
    print(f"  warnings: {len(warned)}" + (f" (first: {warned[0]})" if warned else ""))


def bench_puzzles(folder: Path, store: Path | None) -> None:
    from models.carddata.names import CardResolver
    from models.errors import PlannerError
    from models.forge import load_board_file
    from planner.cards.store import CardStore

    resolver = CardResolver(CardStore(store)) if store is not None else CardResolver()
    files = sorted(folder.rglob("*.pzl"))
    clean = 0
    print(f"\nForge puzzles under {folder} ({len(files)} files):")
    print(f"  {'file':<48} {'perms':>5} {'hand':>4} {'warn':>4}  first warning")
    for path in files:
        started = time.perf_counter()
        try:
            puzzle = load_board_file(path, cards=resolver)
        except PlannerError as error:
            print(f"  {path.relative_to(folder)!s:<48} refused: {error}")
            continue
        elapsed = 1000 * (time.perf_counter() - started)
        hand = sum(len(p.hand) for p in puzzle.board.players)
        clean += not puzzle.warnings
        first = puzzle.warnings[0][:90] if puzzle.warnings else "-"
        print(
            f"  {path.relative_to(folder)!s:<48} {len(puzzle.board.permanents):>5} {hand:>4} "
            f"{len(puzzle.warnings):>4}  {first}  ({elapsed:.1f} ms)"
        )
    print(f"  {clean} of {len(files)} puzzle files load with no warning")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--shared", default=str(ROOT.parent / "shared"), help="the shared folder")
    parser.add_argument("--store", help="a card store to use (default: one imported from the shared cards)")
    parser.add_argument("--no-store", action="store_true", help="the built-in catalogue alone")
    args = parser.parse_args()
    shared = Path(args.shared)
    clients = shared / "clients"
    if not clients.is_dir():
        sys.exit(f"bench_clients: no {clients}: give --shared")
    with tempfile.TemporaryDirectory() as folder:
        store = _store(args, shared, Path(folder))
        print(f"cards: {'store ' + str(store) if store else 'the built-in catalogue alone'}")
        for log in sorted((clients / "arena").glob("*.log")):
            bench_log(log, store)
        bench_puzzles(clients / "forge", store)


if __name__ == "__main__":
    main()
