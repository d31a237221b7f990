"""The hint sources' benchmark dumps a question's stages and solves them again under every source, each
reaching the optimum pay's own search reaches (a hint changes the search, never the optimum; timings are
never asserted)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

# benchmarks/ is not an installed package: make it importable however pytest is started
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.bench_hints import SOURCES, dump, main, tried  # noqa: E402
from benchmarks.boards import multiplier_questions, small_slow_questions  # noqa: E402


def test_every_source_reaches_pay_s_optimum_on_the_dumped_stages(tmp_path: Path) -> None:
    boards = {**multiplier_questions(), **small_slow_questions()}
    named = {"caged_sun": boards["caged sun 26"], "gates": boards["mystic gates 17"]}
    index = dump(tmp_path, named)
    assert {row["label"] for row in index} == {"caged_sun", "gates"}
    assert (tmp_path / "index.json").exists()
    for row in index:
        spent, reached = tried(Path(row["path"]), list(SOURCES))
        assert len(spent) == len(SOURCES)
        assert len(reached) == 1, (row["label"], reached)
    statuses = {row["label"]: tried(Path(row["path"]), ["pay"])[1].pop()[0] for row in index}
    assert statuses == {"caged_sun": "OPTIMAL", "gates": "INFEASIBLE"}  # (bench_no: caged sun yes, gates no)


def test_try_prints_a_row_per_stage_and_the_sums(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    boards = multiplier_questions()
    dump(tmp_path, {"coffers": boards["coffers 36"]})
    main(["try", str(tmp_path), "--sources", "pay,uses most", "--over", "0"])
    out = capsys.readouterr().out
    assert out.startswith("coffers_0")
    assert "uses most      sum" in out and "pay            sum" in out
