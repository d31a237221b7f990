"""How fast ``mana-planner serve`` answers, measured in one run, printed as a table.

- **pipe**: ``pay`` on a realistic 20-permanent board over standard input and output, one request at a time
  (round trip), against a ``mana-planner pay --json`` process per question: the median of each, and the ratio
  (issue 17 asks for a median of at most 3 ms and at least 100 times faster).
- **http**: ``POST /v1/pay`` from 4 concurrent clients (threads, one keep-alive connection each, 127.0.0.1),
  with the worker pool as processes and as threads: requests per second, and whether every answer equals the
  one the pipe gave for the same question (at least 500 per second asked).
- **memory**: the service's resident memory over many pipe requests (20 boards, many costs): the growth from
  after the warm-up (the first tenth) to the end (at most 10 % asked); and over 6,000 requests on boards
  that never repeat (realistic boards of 10 to 40 permanents, each asked once): the resident memory at the
  end (issue 41 asks at most 200 MB), bounded by what the service keeps across questions (the per-card
  tables and the recent boards of ``models.kept``, its board cache).

With ``--against PATH`` (another checkout) or ``--against-rev REV`` (a revision of this repository, checked
out in a temporary git worktree), every figure but memory is also measured for that version, interleaved with
this checkout's so that both see the same machine load: the pipe's questions alternate between one service of
each, the HTTP runs alternate (``--repeats`` runs each, the median kept), and the table adds the other
version's column and the ratio (above 1: this checkout is better). Both versions' answers are checked against
this checkout's pipe answers, so a change of any answer shows as "wrong". The CPU rows are the server's own
CPU time (its processes together) per request: less noisy than wall time on a shared machine.

Run ``PYTHONPATH=. python benchmarks/bench_service.py`` (100,000 requests for memory), or ``--quick``
(10,000, and shorter HTTP runs). Every server it starts it stops; it binds 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.bench_versions import _checkout  # noqa: E402
from benchmarks.boards import realistic_board, realistic_cost  # noqa: E402
from planner.service.methods import Service  # noqa: E402

SERVE = [sys.executable, "-m", "planner", "serve"]


def environment(tree: Path) -> dict[str, str]:
    """The environment that runs ``tree``'s mana-planner (with ``cwd=tree``: ``-m`` puts it first)."""
    return {**os.environ, "PYTHONPATH": str(tree)}


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process and of its children that are still running, in seconds."""
    total = 0.0
    pids = [pid]
    children = Path(f"/proc/{pid}/task/{pid}/children")
    if children.exists():
        pids += [int(child) for child in children.read_text().split()]
    for number in pids:
        try:
            fields = Path(f"/proc/{number}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def questions(seed: int, boards: int, costs: int) -> list[dict[str, Any]]:
    """``pay`` params: ``costs`` costs on each of ``boards`` realistic 20-permanent boards."""
    rng = random.Random(seed)
    out = []
    for _ in range(boards):
        spec = realistic_board(rng, 20)
        out += [{"board": spec.data, "cost": realistic_cost(rng, spec)} for _ in range(costs)]
    return out


class PipeClient:
    """A ``mana-planner serve`` process and its pipes."""

    def __init__(self, tree: Path = ROOT) -> None:
        self.process = subprocess.Popen(
            SERVE,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env=environment(tree),
            cwd=tree,
        )
        assert self.process.stdin is not None and self.process.stdout is not None
        self.stdin: IO[bytes] = self.process.stdin
        self.stdout: IO[bytes] = self.process.stdout
        self.next_id = 0

    def send(self, params: dict[str, Any]) -> None:
        self.next_id += 1
        request = {"jsonrpc": "2.0", "method": "pay", "params": params, "id": self.next_id}
        self.stdin.write(json.dumps(request).encode() + b"\n")

    def receive(self) -> dict[str, Any]:
        answer: dict[str, Any] = json.loads(self.stdout.readline())
        return answer

    def call(self, params: dict[str, Any]) -> dict[str, Any]:
        self.send(params)
        self.stdin.flush()
        return self.receive()

    def rss_kib(self) -> int:
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
        return 0

    def close(self) -> None:
        self.stdin.close()
        self.process.wait(timeout=30)


def bench_pipe(
    qs: list[dict[str, Any]], rounds: int, trees: list[Path]
) -> tuple[list[float], list[float], list[dict[str, Any]]]:
    """For each tree, the median round trip (ms) of pay over the pipe and the service's CPU time (ms) per
    request; and the answers (results) of the first tree to ``qs``. One service per tree, the questions
    asked of each in turn (the order alternating), so that both see the same load."""
    clients = [PipeClient(tree) for tree in trees]
    try:
        answers = [clients[0].call(q)["result"] for q in qs]  # warm-up, and the reference answers
        for client in clients[1:]:
            for q in qs:
                client.call(q)
        times: list[list[float]] = [[] for _ in trees]
        cpu = [cpu_seconds(client.process.pid) for client in clients]
        for number in range(rounds * len(qs)):
            order = list(enumerate(clients))
            if number % 2:
                order.reverse()
            for index, client in order:
                start = time.perf_counter()
                client.call(qs[number % len(qs)])
                times[index].append(time.perf_counter() - start)
        cpu = [cpu_seconds(client.process.pid) - before for client, before in zip(clients, cpu, strict=True)]
    finally:
        for client in clients:
            client.close()
    medians = [statistics.median(t) * 1000 for t in times]
    return medians, [1000 * c / (rounds * len(qs)) for c in cpu], answers


def bench_process(qs: list[dict[str, Any]], runs: int, trees: list[Path]) -> list[float]:
    """For each tree, the median wall time (ms) of a ``mana-planner pay BOARD COST --json`` process (the
    trees taking turns)."""
    times: list[list[float]] = [[] for _ in trees]
    with tempfile.TemporaryDirectory() as folder:
        for number, q in enumerate(qs[:runs]):
            path = Path(folder) / f"board{number}.json"
            path.write_text(json.dumps(q["board"]))
            for index, tree in enumerate(trees):
                start = time.perf_counter()
                subprocess.run(
                    [sys.executable, "-m", "planner", "pay", str(path), q["cost"], "--json"],
                    env=environment(tree),
                    cwd=tree,
                    capture_output=True,
                    check=False,
                )
                times[index].append(time.perf_counter() - start)
    return [statistics.median(t) * 1000 for t in times]


def start_http(pool: str, tree: Path = ROOT) -> tuple[subprocess.Popen[str], int]:
    process = subprocess.Popen(
        [*SERVE, "--http", "127.0.0.1:0", "--pool", pool],
        stderr=subprocess.PIPE,
        env=environment(tree),
        cwd=tree,
        text=True,
    )
    assert process.stderr is not None
    line = process.stderr.readline()
    if "serving on" not in line:
        process.kill()
        raise RuntimeError(f"the server did not start: {line}")
    return process, int(line.rsplit(":", 1)[1])


def bench_http(
    pool: str,
    qs: list[dict[str, Any]],
    answers: list[dict[str, Any]],
    seconds: float,
    clients: int = 4,
    method: str = "pay",
    tree: Path = ROOT,
) -> tuple[float, float, int, int]:
    """Requests per second with ``clients`` concurrent clients, the server's CPU time (ms) per request, and
    how many answers were right, and wrong."""
    process, port = start_http(pool, tree)
    bodies = [json.dumps(q).encode() for q in qs]
    counts = [[0, 0] for _ in range(clients)]
    stop = time.perf_counter() + seconds

    def client(number: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        rng = random.Random(number)
        while time.perf_counter() < stop:
            index = rng.randrange(len(bodies))
            connection.request("POST", f"/v1/{method}", bodies[index], {"Content-Type": "application/json"})
            response = connection.getresponse()
            result = json.loads(response.read())
            counts[number][0 if response.status == 200 and result == answers[index] else 1] += 1
        connection.close()

    try:
        warm = http.client.HTTPConnection("127.0.0.1", port)
        for body in bodies[:50]:
            warm.request("POST", f"/v1/{method}", body)
            warm.getresponse().read()
        warm.close()
        stop = time.perf_counter() + seconds
        cpu = cpu_seconds(process.pid)
        started = time.perf_counter()
        threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - started
        cpu = cpu_seconds(process.pid) - cpu
    finally:
        process.terminate()
        process.wait(timeout=30)
    right = sum(c[0] for c in counts)
    wrong = sum(c[1] for c in counts)
    return (right + wrong) / elapsed, 1000 * cpu / max(right + wrong, 1), right, wrong


#: Requests on boards that never repeat, for the memory row of distinct boards.
DISTINCT_BOARDS = 6000


def distinct_questions(seed: int, boards: int) -> list[dict[str, Any]]:
    """``pay`` params: one cost on each of ``boards`` realistic boards of 10 to 40 permanents, all different.

    >>> qs = distinct_questions(1, 3)
    >>> len(qs), len({json.dumps(q["board"], sort_keys=True) for q in qs})
    (3, 3)
    """
    rng = random.Random(seed)
    out = []
    for _ in range(boards):
        spec = realistic_board(rng, rng.randint(10, 40))
        out.append({"board": spec.data, "cost": realistic_cost(rng, spec)})
    return out


def bench_memory(qs: list[dict[str, Any]], total: int) -> tuple[int, int, float]:
    """RSS (KiB) after the warm-up (a tenth of ``total``) and at the end, and the growth in percent; a thread
    writes the requests while this one reads the answers (so neither pipe fills up and blocks the other)."""
    client = PipeClient()

    def write() -> None:
        for number in range(total):
            client.send(qs[number % len(qs)])
        client.stdin.flush()

    writer = threading.Thread(target=write)
    warm_rss = 0
    try:
        writer.start()
        for number in range(1, total + 1):
            client.receive()
            if number == total // 10:
                warm_rss = client.rss_kib()
        end_rss = client.rss_kib()
        writer.join()
    finally:
        client.close()
    return warm_rss, end_rss, 100 * (end_rss - warm_rss) / warm_rss


def repeated_http(
    pool: str,
    qs: list[dict[str, Any]],
    answers: list[dict[str, Any]],
    seconds: float,
    trees: list[Path],
    repeats: int,
    method: str = "pay",
) -> list[tuple[float, float, int, int]]:
    """For each tree, :func:`bench_http` ``repeats`` times, the trees taking turns: the median rate and CPU
    per request, and the answers right and wrong summed over the runs."""
    runs: list[list[tuple[float, float, int, int]]] = [[] for _ in trees]
    for repeat in range(repeats):
        order = list(enumerate(trees))
        if repeat % 2:
            order.reverse()
        for index, tree in order:
            runs[index].append(bench_http(pool, qs, answers, seconds, method=method, tree=tree))
    return [
        (
            statistics.median(r[0] for r in tree_runs),
            statistics.median(r[1] for r in tree_runs),
            sum(r[2] for r in tree_runs),
            sum(r[3] for r in tree_runs),
        )
        for tree_runs in runs
    ]


#: A row of the table: the measure, this checkout's value, the other version's (or ""), the ratio (or ""),
#: what the issue asks, and whether this checkout meets it.
Row = tuple[str, str, str, str, str, bool]


def _ratio(this: float, other: float | None, higher_is_better: bool) -> str:
    """How many times better this checkout's figure is than the other's."""
    if other is None or not this or not other:
        return ""
    return f"{(this / other if higher_is_better else other / this):.2f}x"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="10,000 requests for memory, short HTTP runs")
    parser.add_argument("--requests", type=int, help="requests for the memory run")
    parser.add_argument("--against", type=Path, help="another checkout, measured side by side")
    parser.add_argument("--against-rev", help="a revision of this repository, measured side by side")
    parser.add_argument("--repeats", type=int, help="HTTP runs per version and pool (median kept)")
    options = parser.parse_args()
    if options.against_rev:
        with _checkout(options.against_rev) as tree:
            report(options, tree, options.against_rev)
    else:
        report(options, options.against, options.against.resolve().name if options.against else "")


def report(options: argparse.Namespace, against: Path | None, label: str) -> None:
    """Measure, and print the table."""
    total = options.requests or (10_000 if options.quick else 100_000)
    seconds = 5.0 if options.quick else 15.0
    repeats = options.repeats or (1 if against is None else 2 if options.quick else 3)
    trees = [ROOT] if against is None else [ROOT, against.resolve()]
    qs = questions(17, boards=20, costs=10)

    def pair(values: list[float], fmt: str, higher_is_better: bool) -> tuple[str, str, str]:
        other = values[1] if len(values) > 1 else None
        return (
            fmt.format(values[0]),
            "" if other is None else fmt.format(other),
            _ratio(values[0], other, higher_is_better),
        )

    load = os.getloadavg()[0]
    pipe_ms, pipe_cpu, answers = bench_pipe(qs, 2 if options.quick else 5, trees)
    process_ms = bench_process(qs, 5 if options.quick else 10, trees)
    speedup = [process / pipe for process, pipe in zip(process_ms, pipe_ms, strict=True)]
    rows: list[Row] = [
        ("load average (1 min) at the start", f"{load:.1f}", "", "", "", True),
        ("pipe: pay, 20 permanents, median", *pair(pipe_ms, "{:.2f} ms", False), "<= 3 ms", pipe_ms[0] <= 3),
        ("pipe: service CPU per request", *pair(pipe_cpu, "{:.2f} ms", False), "", True),
        ("process: mana-planner pay, median", *pair(process_ms, "{:.0f} ms", False), "", True),
        ("pipe against process", *pair(speedup, "{:.0f}x", True), ">= 100x", speedup[0] >= 100),
    ]
    for pool in ("process", "thread"):
        measured = repeated_http(pool, qs, answers, seconds, trees, repeats)
        rates = [m[0] for m in measured]
        label_pool = f"http ({pool} pool, {os.cpu_count()} cores)"
        rows.append(
            (f"{label_pool}: 4 clients", *pair(rates, "{:.0f} req/s", True), ">= 500", rates[0] >= 500)
        )
        rows.append(
            (
                f"http ({pool} pool): server CPU per request",
                *pair([m[1] for m in measured], "{:.2f} ms", False),
                "",
                True,
            )
        )
        right_wrong = [f"{m[2]} / {m[3]}" for m in measured]
        rows.append(
            (
                f"http ({pool} pool): answers right / wrong",
                right_wrong[0],
                right_wrong[1] if len(measured) > 1 else "",
                "",
                "0 wrong",
                all(m[3] == 0 for m in measured),
            )
        )
    version: list[dict[str, Any]] = [{}]
    measured = repeated_http("process", version, [Service().version()], seconds, trees, 1, method="version")
    rows.append(
        (
            "http: version (the HTTP layer alone), 4 clients",
            *pair([m[0] for m in measured], "{:.0f} req/s", True),
            "",
            measured[0][3] == 0,
        )
    )
    warm, end, growth = bench_memory(qs, total)
    rows.append(
        (f"memory: RSS over {total:,} requests", f"{warm // 1024} -> {end // 1024} MiB", "", "", "", True)
    )
    rows.append(("memory: growth after warm-up", f"{growth:+.1f} %", "", "", "<= 10 %", growth <= 10))
    distinct = distinct_questions(29, DISTINCT_BOARDS)
    _, end, _ = bench_memory(distinct, len(distinct))
    rows.append(
        (
            f"memory: RSS after {len(distinct):,} distinct boards",
            f"{end // 1024} MiB",
            "",
            "",
            "<= 200 MB",
            end * 1024 <= 200_000_000,
        )
    )
    header: Row = (
        "measure",
        "this checkout",
        label if against is not None else "",
        "ratio" if against is not None else "",
        "asked",
        True,
    )
    width = [max(len(str(row[i])) for row in [header, *rows]) for i in range(5)]

    def line(row: Row, verdict: str) -> str:
        cells = [row[0].ljust(width[0]), row[1].rjust(width[1])]
        if against is not None:
            cells += [row[2].rjust(width[2]), row[3].rjust(width[3])]
        cells += [row[4].ljust(width[4]), verdict]
        return "  ".join(cells)

    print(line(header, "ok"))
    for row in rows:
        print(line(row, "yes" if row[5] else "NO"))
    if against is not None:
        print("(ratio: how many times better this checkout is; memory, and ok, are this checkout's)")


if __name__ == "__main__":
    main()
