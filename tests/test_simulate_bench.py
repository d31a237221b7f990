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
