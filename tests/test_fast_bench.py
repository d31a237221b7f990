"""The fast-path benchmark's quick mode runs to the end and prints its table (timings are never asserted)."""

from __future__ import annotations

from benchmarks.bench_fast import main


def test_quick_mode_prints_the_table() -> None:
    lines: list[str] = []
    main(["--quick"], out=lines.append)
    text = "\n".join(lines)
    assert lines[0] == "$ python -m benchmarks.bench_fast --quick"
    for row in ("fast path", "CP-SAT", "pay (fast, replayed)", "pay on 20 permanents", "warm", "cold"):
        assert row in text
    for row in ("all 6 at once", "peak memory"):
        assert row in text
    assert "answers differ on 0 of 40 boards" in text
    # the last row: the C tapper's ratio, or why there is none (no C compiler)
    assert lines[-1].startswith("C tapper (weighted assignment")
    assert "fast path / C at the median: this" in lines[-1] or "not available" in lines[-1]
    assert "where the fast path says so on 40" in lines[-1] or "not available" in lines[-1]
