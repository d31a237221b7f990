"""How fast ``mana-planner serve`` answers, measured in one run, printed as a table.

- **pipe**: ``pay`` on a realistic 20-permanent board over standard input and output, one request at a time
  (round trip), against a ``mana-planner pay --json`` process per question: the median of each, and the ratio
  (issue 17 asks for a median of at most 3 ms and at least 100 times faster).
- **http**: ``POST /v1/pay`` from 4 concurrent clients (threads, one keep-alive connection each, 127.0.0.1),
  with the worker pool as processes and as threads: requests per second, and whether every answer equals the
  one the pipe gave for the same question (at least 500 per second asked).
- **memory**: the service's resident memory over many pipe requests (20 boards, many costs): the growth from
  after the warm-up (the first tenth) to the end (at most 10 % asked).

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

from benchmarks.boards import realistic_board, realistic_cost  # noqa: E402
from planner.service.methods import Service  # noqa: E402

ENV = {**os.environ, "PYTHONPATH": str(ROOT)}
SERVE = [sys.executable, "-m", "planner", "serve"]


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

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            SERVE, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=ENV
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


def bench_pipe(qs: list[dict[str, Any]], rounds: int) -> tuple[float, list[dict[str, Any]]]:
    """Median round trip (ms) of pay over the pipe, and the answers (results) to ``qs``."""
    client = PipeClient()
    try:
        answers = [client.call(q)["result"] for q in qs]  # warm-up, and the reference answers
        times = []
        for _ in range(rounds):
            for q in qs:
                start = time.perf_counter()
                client.call(q)
                times.append(time.perf_counter() - start)
    finally:
        client.close()
    return statistics.median(times) * 1000, answers


def bench_process(qs: list[dict[str, Any]], runs: int) -> float:
    """Median wall time (ms) of a ``mana-planner pay BOARD COST --json`` process."""
    times = []
    with tempfile.TemporaryDirectory() as folder:
        for number, q in enumerate(qs[:runs]):
            path = Path(folder) / f"board{number}.json"
            path.write_text(json.dumps(q["board"]))
            start = time.perf_counter()
            subprocess.run(
                [sys.executable, "-m", "planner", "pay", str(path), q["cost"], "--json"],
                env=ENV,
                capture_output=True,
                check=False,
            )
            times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def start_http(pool: str) -> tuple[subprocess.Popen[str], int]:
    process = subprocess.Popen(
        [*SERVE, "--http", "127.0.0.1:0", "--pool", pool], stderr=subprocess.PIPE, env=ENV, text=True
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
) -> tuple[float, int, int]:
    """Requests per second with ``clients`` concurrent clients; how many answers were right, and wrong."""
    process, port = start_http(pool)
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
            warm.request("POST", "/v1/pay", body)
            warm.getresponse().read()
        warm.close()
        stop = time.perf_counter() + seconds
        started = time.perf_counter()
        threads = [threading.Thread(target=client, args=(n,)) for n in range(clients)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.perf_counter() - started
    finally:
        process.terminate()
        process.wait(timeout=30)
    right = sum(c[0] for c in counts)
    wrong = sum(c[1] for c in counts)
    return (right + wrong) / elapsed, right, wrong


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="10,000 requests for memory, short HTTP runs")
    parser.add_argument("--requests", type=int, help="requests for the memory run")
    options = parser.parse_args()
    total = options.requests or (10_000 if options.quick else 100_000)
    seconds = 5.0 if options.quick else 15.0
    qs = questions(17, boards=20, costs=10)

    pipe_ms, answers = bench_pipe(qs, rounds=2 if options.quick else 5)
    process_ms = bench_process(qs, runs=5 if options.quick else 10)
    load = os.getloadavg()[0]
    rows = [
        ("load average (1 min) at the start", f"{load:.1f}", "", True),
        ("pipe: pay, 20 permanents, median", f"{pipe_ms:.2f} ms", "<= 3 ms", pipe_ms <= 3),
        ("process: mana-planner pay, median", f"{process_ms:.0f} ms", "", True),
        ("pipe against process", f"{process_ms / pipe_ms:.0f}x", ">= 100x", process_ms / pipe_ms >= 100),
    ]
    for pool in ("process", "thread"):
        rate, right, wrong = bench_http(pool, qs, answers, seconds)
        rows.append(
            (
                f"http ({pool} pool, {os.cpu_count()} cores): 4 clients",
                f"{rate:.0f} req/s",
                ">= 500",
                rate >= 500,
            )
        )
        rows.append(
            (f"http ({pool} pool): answers right / wrong", f"{right} / {wrong}", "0 wrong", wrong == 0)
        )
    version: list[dict[str, Any]] = [{}]
    rate, right, wrong = bench_http("process", version, [Service().version()], seconds, method="version")
    rows.append(("http: version (the HTTP layer alone), 4 clients", f"{rate:.0f} req/s", "", wrong == 0))
    warm, end, growth = bench_memory(qs, total)
    rows.append((f"memory: RSS over {total:,} requests", f"{warm // 1024} -> {end // 1024} MiB", "", True))
    rows.append(("memory: growth after warm-up", f"{growth:+.1f} %", "<= 10 %", growth <= 10))
    width = [max(len(str(row[i])) for row in rows) for i in range(3)]
    print(f"{'measure'.ljust(width[0])}  {'value'.rjust(width[1])}  {'asked'.ljust(width[2])}  ok")
    for label, value, asked, ok in rows:
        verdict = "yes" if ok else "NO"
        print(f"{label.ljust(width[0])}  {value.rjust(width[1])}  {asked.ljust(width[2])}  {verdict}")


if __name__ == "__main__":
    main()
