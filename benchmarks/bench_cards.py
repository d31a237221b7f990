"""Benchmark of real card data: importing, streaming a big file, ``cards check``, lookups and board loading.

Run ``python -m benchmarks.bench_cards [--shared FILE] [--big-mb 500] [--workdir /tmp]``; it prints one table.

How things are measured:

- *import*: the shared 2019 Scryfall file (11,994 cards, gzip) into a new store, in a child process, whose
  wall-clock time and peak resident memory (``ru_maxrss``) are reported (targets: 10 s, 300 MB);
- *streaming*: all-cards-like files made from the shared file repeated with other set codes and release
  dates (every printing is a new printing of the same cards, as in Scryfall's all-cards file), of about
  ``--big-mb`` and that doubled ``--doublings`` times (default: 500 MB, 1 GB, 2 GB), plain JSON, each made
  in the work directory, imported in a child process and deleted: the peak memory must not grow with the
  file's size (it holds one copy of each distinct card, whatever the number of printings);
- *check*: ``cards check`` over the whole store: with the readings the store cached at import, and with
  every face read again by the parser (target: 30 s);
- *lookup*: one name looked up in a warm store (the connection open), median and 99th percentile over
  random names and spellings (target: 1 ms);
- *board*: a board of 100 permanents named by ``card`` loaded with a warm store (target: 50 ms): the first
  load and the median of the next ones.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SHARED = Path("/work/shared/cards/scryfall-oracle-2019-dev.json.gz")

_CHILD = """
import json, resource, sys, time
from planner.cards.importer import import_files
from planner.cards.store import CardStore
started = time.perf_counter()
summary = import_files([sys.argv[1]], CardStore(sys.argv[2]))
elapsed = time.perf_counter() - started
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"seconds": elapsed, "peak_mb": peak, "printings": summary.printings,
                  "imported": summary.imported, "updated": summary.updated}))
"""


def import_in_child(path: Path, store: Path) -> dict[str, float]:
    """Import one file into a store in a fresh interpreter; its time, peak memory and counts."""
    environment = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(path), str(store)],
        capture_output=True,
        text=True,
        check=True,
        env=environment,
    )
    result: dict[str, float] = json.loads(done.stdout)
    return result


def make_all_cards_file(shared: Path, target: Path, megabytes: int) -> int:
    """Write an all-cards-like file of about ``megabytes`` (the shared cards reprinted); returns printings."""
    with gzip.open(shared, "rt", encoding="utf-8") as file:
        cards = json.load(file)  # the small source file; the file made here is what gets streamed
    printings = 0
    written = 0
    with target.open("w", encoding="utf-8") as out:
        out.write("[\n")
        repeat = 0
        while written < megabytes * 1_000_000:
            year = 1993 + repeat % 40
            for card in cards:
                printing = {
                    **card,
                    "set": f"r{repeat:03d}",
                    "released_at": f"{year}-01-01",
                    "id": f"{repeat}-{printings}",
                }
                text = json.dumps(printing, ensure_ascii=False)
                out.write((",\n" if printings else "") + text)
                written += len(text) + 2
                printings += 1
            repeat += 1
        out.write("\n]\n")
    return printings


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=SHARED)
    parser.add_argument("--big-mb", type=int, default=500, help="size of the smallest streamed file (MB)")
    parser.add_argument("--doublings", type=int, default=2, help="how many times that size is doubled")
    parser.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()))
    options = parser.parse_args(argv)
    from models.board import Board
    from models.carddata.check import check_cards
    from models.carddata.names import CardResolver
    from models.folding import fold_name
    from planner.cards.store import CardStore

    work = Path(tempfile.mkdtemp(prefix="bench-cards-", dir=options.workdir))
    rows: list[tuple[str, str, str]] = []
    print(f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs, work directory {work}", flush=True)

    store_path = work / "cards.sqlite3"
    first = import_in_child(options.shared, store_path)
    rows.append(
        (
            f"import {options.shared.name} ({int(first['printings'])} printings)",
            f"{first['seconds']:.2f} s, peak {first['peak_mb']:.0f} MB",
            "≤ 10 s, ≤ 300 MB",
        )
    )
    again = import_in_child(options.shared, store_path)
    rows.append(
        ("import again (all updated)", f"{again['seconds']:.2f} s, peak {again['peak_mb']:.0f} MB", "")
    )

    for megabytes in (options.big_mb * 2**doubling for doubling in range(options.doublings + 1)):
        big = work / f"all-cards-{megabytes}mb.json"
        printings = make_all_cards_file(options.shared, big, megabytes)
        size = big.stat().st_size / 1e6
        result = import_in_child(big, work / f"big-{megabytes}.sqlite3")
        rows.append(
            (
                f"stream {size:.0f} MB all-cards-like ({printings:,} printings)",
                f"{result['seconds']:.1f} s, peak {result['peak_mb']:.0f} MB, "
                f"{int(result['imported'])} cards",
                "constant memory",
            )
        )
        big.unlink()

    store = CardStore(store_path)
    cards = list(store.cards())
    started = time.perf_counter()
    report = check_cards(cards, store.readings())
    cached = time.perf_counter() - started
    started = time.perf_counter()
    fresh = check_cards(cards)
    parsed = time.perf_counter() - started
    assert report == fresh
    summary = report.summary()
    rows.append(
        (
            f"cards check, whole store ({summary['cards']} cards, {summary['faces']} faces)",
            f"{cached:.2f} s cached, {parsed:.2f} s parsing every face",
            "≤ 30 s",
        )
    )
    rows.append(
        (
            "  faces with mana text / fully read",
            f"{summary['faces_with_mana_text']} / {summary['fully_read']}",
            "",
        )
    )

    generator = random.Random(1)
    names = [card.name for card in cards]
    store.find("Forest")  # open the connection
    times = []
    for _ in range(2000):
        name = generator.choice(names)
        spelling = name.upper() if generator.random() < 0.5 else fold_name(name)
        started = time.perf_counter()
        found = store.find(spelling)
        times.append(time.perf_counter() - started)
        assert found is not None
    times.sort()
    rows.append(
        (
            "lookup, warm store",
            f"median {statistics.median(times) * 1e6:.0f} µs, "
            f"p99 {times[int(len(times) * 0.99)] * 1e6:.0f} µs",
            "≤ 1 ms",
        )
    )
    started = time.perf_counter()
    suggestions = [store.suggestions(name[:-2] + "zz") for name in generator.sample(names, 200)]
    per_suggestion = (time.perf_counter() - started) / len(suggestions)
    rows.append(("suggestions for an unknown name", f"{per_suggestion * 1e3:.2f} ms each", ""))

    permanents_cards = [
        card for card in cards if card.front.is_permanent and "//" not in card.front.type_line
    ]
    board_text = json.dumps(
        {
            "version": 1,
            "players": [{"id": "me"}],
            "permanents": [
                {"id": f"p{i}", "card": card.front.name, "controller": "me"}
                for i, card in enumerate(generator.sample(permanents_cards, 100))
            ],
        }
    )
    resolver = CardResolver(store)
    started = time.perf_counter()
    Board.loads(board_text, "board.json", cards=resolver)
    first_load = time.perf_counter() - started
    loads = []
    for _ in range(20):
        started = time.perf_counter()
        Board.loads(board_text, "board.json", cards=resolver)
        loads.append(time.perf_counter() - started)
    rows.append(
        (
            "board of 100 named permanents, warm store",
            f"first {first_load * 1e3:.1f} ms, then median {statistics.median(loads) * 1e3:.1f} ms",
            "≤ 50 ms",
        )
    )
    store.close()
    print(f"peak memory of this process: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB")
    width = max(len(row[0]) for row in rows)
    value_width = max(len(row[1]) for row in rows)
    print(f"| {'measure':<{width}} | {'result':<{value_width}} | target |")
    print(f"|{'-' * (width + 2)}|{'-' * (value_width + 2)}|--------|")
    for label, value, target in rows:
        print(f"| {label:<{width}} | {value:<{value_width}} | {target} |")


if __name__ == "__main__":
    main()
