"""The rules replay and the fast path's whole answer, this checkout against another version, in one run.

Run ``python -m benchmarks.bench_replay [--against-rev REV | --against PATH] [--rounds N]``.

- *replay*: a plan of ``--steps`` activations (default 336) on realistic boards of 13 to 1,000 permanents
  (the board limit; :func:`benchmarks.boards.realistic_board`; the plan taps lands, creatures and rocks in
  turn, Signets paid from the pool, Treasures sacrificed), replayed by :func:`planner.rules.replay.replay`;
- *fast path*: :func:`planner.api.pay` on 20-permanent realistic boards the fast path answers, warm (the
  same question asked again in the same process), the median per board.

Both versions run in fresh processes with their own directory first on ``sys.path``, old and new interleaved
(the order alternating from round to round), and each figure is the fastest round's process CPU time: the
machine is shared, and load counts against neither version. The boards and plans are built here and handed
to both versions (boards as JSON, plans pickled), so both answer exactly the same questions.
"""

from __future__ import annotations

import argparse
import itertools
import json
import pickle
import random
import statistics
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from benchmarks.bench_versions import ROOT, _checkout, _environment, _table
from benchmarks.boards import realistic_board, realistic_cost
from models.board import Board, Permanent
from models.cost import PaymentTarget
from models.mana import ManaType
from planner.rules.eligibility import why_not_activatable
from planner.rules.replay import IllegalPlanError, Plan, Step, _LiveState, replay
from planner.rules.resolutions import resolutions

#: Board sizes (permanents of both players) of the replay table: realistic boards of n for "me" and
#: 3 + n // 20 lands for the opponent.
REPLAY_SIZES = ((10, 13), (160, 171), (950, 1000))

#: The most colored symbols of a plan's cost (a cost has at most 100 symbols).
COLORED_PIPS = 60

#: Times one version's replay of each pickled (board JSON, cost, plan) on standard input: the fastest of
#: ``repeats`` CPU seconds each (the first replay of a board also counts its view, which pay has built).
_REPLAY = """
import pickle, sys, time
from models.board import Board, Permanent
from models.cost import PaymentTarget
from planner.rules.replay import replay, view_of
cases, repeats = pickle.load(sys.stdin.buffer)
out = []
for board_json, cost, plan in cases:
    board = Board.loads(board_json)
    target = PaymentTarget.of(cost)
    view_of(board).mana_abilities(board.permanents[0].id)  # what pay has worked out before its replay
    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        replay(board, target, plan)
        best = min(best, time.process_time() - started)
    out.append(best)
import json; print(json.dumps(out))
"""

#: One version's warm fast-path answer per (board JSON, cost): the median CPU seconds of ``repeats`` calls
#: after a first one, and the engine that answered.
_FAST = """
import pickle, statistics, sys, time
from models.board import Board, Permanent
from models.cost import PaymentTarget
from planner.api import pay
cases, repeats = pickle.load(sys.stdin.buffer)
out = []
for board_json, cost in cases:
    board = Board.loads(board_json)
    target = PaymentTarget.of(cost)
    engine = pay(board, target).engine
    seconds = []
    for _ in range(repeats):
        started = time.process_time()
        pay(board, target)
        seconds.append(time.process_time() - started)
    out.append((statistics.median(seconds), engine))
import json; print(json.dumps(out))
"""


def _plan(board: Board, steps: int) -> tuple[Plan, str]:
    """A plan of up to ``steps`` activations: the payer's lands, creatures and rocks in turn, each its first
    ability that can be activated now, paid from the pool's first mana; the cost is the mana made (at most
    :data:`COLORED_PIPS` colored symbols, the rest generic)."""
    state = _LiveState(board, "me")
    chosen: list[Step] = []
    kinds: dict[str, list[Permanent]] = {}
    for permanent in board.permanents:
        kinds.setdefault(permanent.id[0], []).append(permanent)
    mixed = [p for group in itertools.zip_longest(*kinds.values()) for p in group if p is not None]
    for permanent in mixed:
        if len(chosen) == steps or permanent.controller != "me":
            continue
        view = state.view
        for number, ability in enumerate(view.mana_abilities(permanent.id)):
            cost = ability.cost
            if cost.tap_others is not None or cost.sacrifice is not None or cost.untap:
                continue
            if why_not_activatable(view, permanent.id, ability, life=state.life) is not None:
                continue
            paid_with = tuple(sorted(state.pool.elements(), key=lambda u: u.sort_key()))[
                : cost.mana.mana_value
            ]
            if len(paid_with) < cost.mana.mana_value:
                continue
            outcome = next(iter(resolutions(view, {}, permanent.id, number, ability, ())), None)
            if outcome is None:
                continue
            step = Step(
                permanent=permanent.id,
                ability=number,
                produced=outcome[1],
                order=outcome[0].replacements,
                paid_with=paid_with,
            )
            try:
                state.apply(step, len(chosen))
            except IllegalPlanError:  # mana this ability can't spend: the next ability
                continue
            chosen.append(step)
            break
    spent = tuple(state.pool.elements())
    colored = [f"{{{u.type.letter}}}" for u in spent if u.type is not ManaType.C][:COLORED_PIPS]
    generic = len(spent) - len(colored)
    price = (f"{{{generic}}}" if generic else "") + "".join(colored)
    plan = Plan(tuple(chosen), spent)
    replay(board, PaymentTarget.of(price), plan)  # a legal plan
    return plan, price


def _run(tree: Path, script: str, payload: Any) -> list[Any]:
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=tree,
        env=_environment(tree),
        input=pickle.dumps(payload),
        capture_output=True,
        check=True,
    )
    result: list[Any] = json.loads(done.stdout)
    return result


def _interleaved(old: Path, new: Path, script: str, payload: Any, rounds: int) -> dict[Path, list[Any]]:
    """Each case's fastest figure over the rounds for both versions, their order alternating."""
    best: dict[Path, list[Any]] = {}
    for number in range(rounds):
        for tree in (old, new) if number % 2 == 0 else (new, old):
            found = _run(tree, script, payload)
            best[tree] = [min(a, b) for a, b in zip(best.get(tree, found), found, strict=True)]
    return best


def replay_table(old: Path, new: Path, steps: int, rounds: int, seed: int) -> str:
    """Replay ms per board size for both versions, and old / new."""
    cases = []
    for size, _total in REPLAY_SIZES:
        spec = realistic_board(random.Random(f"{seed}:{size}"), size)
        board = Board.from_dict(spec.data)
        plan, cost = _plan(board, steps)
        cases.append((board.dumps(), cost, plan))
    best = _interleaved(old, new, _REPLAY, (cases, 3), rounds)
    rows = []
    for (_board, _cost, plan), (_size, total), old_s, new_s in zip(
        cases, REPLAY_SIZES, best[old], best[new], strict=True
    ):
        rows.append(
            [
                str(total),
                str(len(plan.steps)),
                f"{1000 * old_s:.1f}",
                f"{1000 * new_s:.2f}",
                f"{old_s / new_s:.1f}x",
            ]
        )
    return _table(["permanents", "steps", "against ms", "this ms", "ratio"], rows)


def fast_table(old: Path, new: Path, boards: int, rounds: int, seed: int) -> str:
    """The fast path's warm answer on 20-permanent boards: median and worst ms for both versions."""
    rng = random.Random(f"{seed}:fast")
    cases: list[tuple[str, str]] = []
    while len(cases) < boards:
        spec = realistic_board(rng, 20)
        cases.append((json.dumps(spec.data), realistic_cost(rng, spec)))
    best = _interleaved(old, new, _FAST, (cases, 20), rounds)
    fast = [i for i, (_, engine) in enumerate(best[new]) if engine == "fast"]
    old_s = [best[old][i][0] for i in fast]
    new_s = [best[new][i][0] for i in fast]
    row = [
        f"{len(fast)}/{boards}",
        f"{1000 * statistics.median(old_s):.3f}",
        f"{1000 * max(old_s):.3f}",
        f"{1000 * statistics.median(new_s):.3f}",
        f"{1000 * max(new_s):.3f}",
        f"{statistics.median(old_s) / statistics.median(new_s):.2f}x",
    ]
    header = ["fast-path boards", "against med", "against max", "this med", "this max", "ratio"]
    return _table(header, [row])


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the command line and print both tables."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_replay", description=__doc__)
    parser.add_argument("--against", type=Path, help="a checkout of the version to compare with")
    parser.add_argument("--against-rev", default="HEAD~1", help="a git revision to compare with")
    parser.add_argument("--steps", type=int, default=336, help="activations per plan")
    parser.add_argument("--boards", type=int, default=24, help="20-permanent boards for the fast path")
    parser.add_argument("--rounds", type=int, default=3, help="processes per version")
    parser.add_argument("--seed", type=int, default=14)
    args = parser.parse_args(argv)
    print("python -m benchmarks.bench_replay " + " ".join(sys.argv[1:] if argv is None else argv))

    def report(old: Path, label: str) -> None:
        print(f"against: {label}; this: {ROOT}")
        print(f"\nreplay of a plan (CPU ms, fastest of 3 in each of {args.rounds} processes per version)")
        print(replay_table(old, ROOT, args.steps, args.rounds, args.seed))
        print(
            "\npay on 20 permanents, fast path, warm "
            f"(CPU ms per call, median of 20 calls, best of {args.rounds} processes)"
        )
        print(fast_table(old, ROOT, args.boards, args.rounds, args.seed))

    if args.against is not None:
        report(args.against.resolve(), str(args.against))
    else:
        with _checkout(args.against_rev) as tree:
            report(tree, args.against_rev)


if __name__ == "__main__":
    main()
