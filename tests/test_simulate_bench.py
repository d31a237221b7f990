"""The deck-simulation benchmark's quick mode runs to the end and prints its table (timings are never
asserted)."""

from __future__ import annotations

from benchmarks.bench_simulate import main


def test_quick_mode_prints_the_table() -> None:
    lines: list[str] = []
    main(["--quick", "--seed", "1"], out=lines.append)
    assert lines[0] == "$ python -m benchmarks.bench_simulate --quick --seed 1"
    text = "\n".join(lines)
    assert "games/s" in text and "sources-needed --table" in text
    assert (
        "mana-planner simulate examples/decks/azorius-control.txt --ramp none --games 5000 --seed 1" in text
    )
    assert "mana-planner simulate examples/decks/simic-ramp.txt --games 5000 --seed 1" in text
    assert "18 sources" in text  # 1GG with 24 lands, as Karsten's table says for 25


def test_the_side_by_side_table_matches_workloads_and_gives_the_ratio() -> None:
    from benchmarks.bench_simulate import Row, side_by_side

    this = [Row("planned", "", 100, 2.0, "Serra 0.733"), Row("new", "", 10, 1.0, "x")]
    other = [Row("planned", "", 100, 20.0, "Serra 0.733")]
    lines = side_by_side(this, other, "against")
    assert lines[0].split()[:6] == ["workload", "games", "against", "s", "this", "s"]
    planned = lines[2].split()
    assert planned[:6] == ["planned", "100", "20.00", "2.00", "10.00x", "50"]
    assert planned[6:] == ["Serra", "0.733", "Serra", "0.733"]
    assert lines[3].split()[:5] == ["new", "10", "-", "1.00", "-"]
