"""The parser benchmark's *usable* measure (issue 34, item 4): each face with mana text alone on a board, the
planner's warnings sorted, and the tables printed per file. The cards are written here (no real card file is
needed: the development files next to the repository may be absent)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from models.carddata.faces import CardFace
from planner.api import PayResult
from planner.rules.view import TextWarning

# benchmarks/ is not an installed package: make it importable however pytest is started
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import benchmarks.bench_parser as bench  # noqa: E402
from benchmarks.bench_parser import (  # noqa: E402
    FileMeasure,
    ManaFace,
    coverage,
    face_board,
    file_report,
    main,
    usability,
    usable_coverage,
    warning_family,
)
from models.carddata.check import read_face  # noqa: E402

HEART = "As Bench Heart enters, choose a color.\n{T}: Add one mana of the chosen color."
TUESDAY = "{T}: Add {G}. Spend this mana only on Tuesdays."
#: How the benchmark names it: the ability, and in brackets its part the reader did not read.
TUESDAY_UNREAD = "unread: {T}: Add {M}. Spend this mana only on Tuesdays. [Spend this mana only on Tuesdays.]"


def face(name: str, text: str, type_line: str = "Artifact", mana_cost: str = "") -> CardFace:
    return CardFace(
        name=name, card_name=name, face_index=0, type_line=type_line, mana_cost=mana_cost, oracle=text
    )


def squeezed(lines: list[str]) -> list[str]:
    """The lines with each run of spaces as one (the tables' columns are padded)."""
    return [" ".join(line.split()) for line in lines]


def mana_face(name: str, text: str, year: str = "2025", type_line: str = "Artifact") -> ManaFace:
    return ManaFace(face(name, text, type_line), read_face(name, type_line, text), year)


# ---- the board


def test_the_face_is_alone_when_its_text_reads_nothing_else() -> None:
    board = face_board(face("Bench Elf", "{T}: Add {G}.", "Creature — Elf Druid", "{G}"))
    assert board["players"] == [{"id": "me", "life": 20}]
    assert board["permanents"] == [
        {
            "id": "face",
            "controller": "me",
            "name": "Bench Elf",
            "type_line": "Creature — Elf Druid",
            "oracle": "{T}: Add {G}.",
            "mana_cost": "{G}",
        }
    ]


def test_the_board_gives_what_the_text_reads() -> None:
    text = (
        "{T}: Add {C} for each charge counter on Bench Relic.\n"
        "{T}, Discard a card from your hand: Add one mana of any color in your commander's color identity.\n"
        "Bench Relic gets +1/+1 for each creature card in your graveyard of the chosen creature type."
    )
    board = face_board(face("Bench Relic", text))
    (player,) = board["players"]
    assert player["commander_colors"] == "WUBRG"
    assert player["hand"] == player["graveyard"] == ["Forest", "Llanowar Elves", "Lightning Bolt", "Sol Ring"]
    (relic,) = board["permanents"]
    assert relic["counters"] == {"charge": 3}
    assert relic["choices"] == {"creature_type": "Elf"}


def test_grants_get_hosts_and_auras_and_equipment_are_attached() -> None:
    aura = face(
        "Bench Growth", 'Enchant creature\nEnchanted creature has "{T}: Add {G}."', "Enchantment — Aura"
    )
    board = face_board(aura)
    assert [(p["id"], p.get("attached_to")) for p in board["permanents"]] == [
        ("face", "host_creature"),
        ("host_land", None),
        ("host_creature", None),
    ]
    anthem = face("Bench Anthem", 'Lands you control have "{T}: Add {B}."', "Enchantment")
    assert [p.get("attached_to") for p in face_board(anthem)["permanents"]] == [None, None, None]
    sword = face("Bench Sword", "Equipped creature gets +1/+1.\nEquip {2}", "Artifact — Equipment")
    assert face_board(sword)["permanents"][0]["attached_to"] == "host_creature"


# ---- one face


def test_a_plain_mana_face_is_usable() -> None:
    found = usability(face("Bench Rock", "{T}: Add {C}{C}."))
    assert (found.usable, found.short, found.rules, found.produces) == (True, (), (), "C")


def test_an_unread_sentence_makes_the_face_short() -> None:
    found = usability(face("Bench Odd", TUESDAY))
    assert not found.usable
    assert found.short == (TUESDAY_UNREAD,)


def test_an_ability_read_and_set_aside_makes_the_face_short() -> None:
    found = usability(face("Bench Vault", "{T}, Reveal a card from your hand: Add {B}."))
    assert (found.usable, found.short) == (False, ("not used (cost: Reveal a card from your hand)",))


def test_a_granted_ability_set_aside_on_a_host_counts_against_the_face() -> None:
    granted = '"{T}, Reveal a card from your hand: Add {G}."'
    aura = face("Bench Growth", f"Enchant land\nEnchanted land has {granted}")
    assert usability(aura).short == ("not used (cost: Reveal a card from your hand)",)


def test_what_the_rules_forbid_while_paying_does_not_count() -> None:
    found = usability(face("Bench Ritual", "{T}: Add {R}{R}. Activate only as a sorcery."))
    assert found.usable
    assert found.rules == (
        "not used (condition: activate only as a sorcery, and the stack is not empty while a cost is paid "
        "(CR 601.2a))",
    )


def test_the_chosen_color_and_the_counters_are_on_the_board() -> None:
    # without the choice the planner refuses the board; without counters the second makes nothing
    assert usability(face("Bench Heart", HEART)).produces == "G"
    assert usability(face("Bench Heart", HEART)).usable
    assert usability(face("Bench Battery", "{T}: Add {G} for each charge counter on ~.")).produces == "G"


def test_a_planner_that_does_not_answer_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: Any, **kwargs: Any) -> None:
        raise RuntimeError("no luck\nsecond line")

    monkeypatch.setattr(bench, "pay", refuse)
    assert usability(face("Bench Rock", "{T}: Add {C}.")).short == ("no answer: RuntimeError: no luck",)


def test_no_answer_in_time_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    def late(*args: Any, **kwargs: Any) -> PayResult:
        return PayResult(payable=None, cost="{1}", reason="time limit")

    monkeypatch.setattr(bench, "pay", late)
    assert usability(face("Bench Rock", "{T}: Add {C}.")).short == ("no answer: time limit",)


def test_warning_kinds() -> None:
    assert warning_family(TextWarning("face", "Bench Odd deals 2 damage to you.", ""), "Bench Odd") == (
        "short",
        "unread: ~ deals N damage to you.",
    )
    assert warning_family(TextWarning("face", "x", "uncertain: flip a coin (no plan can count on it)"), "")[
        0
    ] == ("rules")
    assert warning_family(TextWarning("face", "x", "amount: power"), "") == (
        "short",
        "not used (amount: power)",
    )
    gap = TextWarning("face", "x", "permanents[0].choices.basic_land_type: the basic land type ... not given")
    assert warning_family(gap, "")[0] == "board"


# ---- counting


def test_read_and_usable_are_counted_per_face_and_per_year() -> None:
    faces = [
        mana_face("Bench Elf", "{T}: Add {G}.", "2024"),
        mana_face("Bench Vault", "{T}, Reveal a card from your hand: Add {B}.", "2024"),
        mana_face("Bench Battery", "{T}, Reveal a card from your hand: Add {R}.", "2025"),
        mana_face("Bench Odd", TUESDAY, "2025"),
        mana_face("Bench Ritual", "{T}: Add {R}. Activate only as a sorcery.", "2025"),
    ]
    calls: list[tuple[int, int]] = []
    result = usable_coverage(faces, lambda done, total: calls.append((done, total)))
    assert (result.faces, result.read, result.usable) == (5, 4, 2)
    assert result.percent == 40.0 and result.read_percent == 80.0
    assert result.short.most_common() == [
        ("not used (cost: Reveal a card from your hand)", 2),
        (TUESDAY_UNREAD, 1),
    ]
    assert result.examples["not used (cost: Reveal a card from your hand)"] == "Bench Vault"
    assert sum(result.rules.values()) == 1
    assert result.read_not_usable == ["Bench Vault", "Bench Battery"]
    assert result.years == {"2024": [2, 2, 1], "2025": [3, 2, 1]}
    assert calls == [(5, 5)]
    # read as coverage() counts it: the same faces
    assert coverage(f.reading for f in faces).fully_read == result.read


def test_the_report_shows_the_target_the_families_and_the_years() -> None:
    faces = [mana_face("Bench Elf", "{T}: Add {G}.", "2024"), mana_face("Bench Odd", TUESDAY, "")]
    lines = file_report(
        FileMeasure(2, tuple(f.reading for f in faces), tuple(faces)), usable_coverage(faces), top=5
    )
    text = "\n".join(lines)
    squeezed_lines = squeezed(lines)
    assert "read % 50.0% (target 98 %: short by 1 face)" in squeezed_lines
    assert "usable % 50.0% (target 98 %: short by 1 face)" in squeezed_lines
    assert f"1 Bench Odd {TUESDAY_UNREAD}" in squeezed_lines
    assert squeezed_lines[-3:] == [
        "year faces read % usable %",
        "2024 1 100.0% 100.0%",
        "unknown 1 0.0% 0.0%",
    ]
    assert "usable, not read" in text


# ---- the command


def _card(name: str, type_line: str, text: str, released: str) -> dict[str, Any]:
    return {
        "object": "card",
        "name": name,
        "lang": "en",
        "layout": "normal",
        "type_line": type_line,
        "mana_cost": "{1}",
        "oracle_text": text,
        "released_at": released,
    }


@pytest.fixture
def card_file(tmp_path: Path) -> Path:
    cards = [
        _card("Bench Elf", "Creature — Elf Druid", "{T}: Add {G}.", "2024-02-09"),
        _card("Bench Vault", "Artifact", "{T}, Reveal a card from your hand: Add {B}.", "2024-02-09"),
        _card("Bench Battery", "Artifact", "{T}, Reveal a card from your hand: Add {R}.", "2025-06-13"),
        _card("Bench Odd", "Artifact", TUESDAY, "2025-06-13"),
        _card("Bench Bolt", "Instant", "Bench Bolt deals 3 damage to any target.", "2025-06-13"),
    ]
    path = tmp_path / "bench-cards.json"
    path.write_text(json.dumps(cards), encoding="utf-8")
    return path


def test_the_command_prints_each_file_with_its_families(
    card_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([str(card_file), "--top", "1"]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0].startswith(f"$ python -m benchmarks.bench_parser {card_file} --top 1   (parser version ")
    assert "== bench-cards.json" in lines
    lines = squeezed(lines)
    assert "faces with mana text 4" in lines
    assert "as cards check counts 3 (it does not count [ignored] misreads as unread)" in lines
    assert "usable 1" in lines
    assert "usable % 25.0% (target 98 %: short by 3 faces)" in lines
    at = lines.index("faces example card family")
    assert lines[at - 1] == "families still short (3 faces not usable, 2 families; the first 1):"
    assert lines[at + 1] == "2 Bench Vault not used (cost: Reveal a card from your hand)"
    assert lines[at + 2] == ""  # --top 1: the unread family is left out
    assert "2025 2 50.0% 0.0%" in lines
    assert "bench-cards.json: 4/4 faces on their boards" in err


def test_two_files_end_with_a_summary_row_each(card_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    other = card_file.with_name("other.json")
    other.write_text(json.dumps([_card("Bench Elf", "Creature — Elf", "{T}: Add {G}.", "2021-01-01")]))
    main([str(card_file), str(other)])
    lines = capsys.readouterr().out.splitlines()
    assert lines[-3].split() == ["file", "mana", "faces", "read", "%", "usable", "%", "usable", "target"]
    assert lines[-2].split() == ["bench-cards.json", "4", "75.0%", "25.0%", "short", "by", "3", "faces"]
    assert lines[-1].split() == ["other.json", "1", "100.0%", "100.0%", "met"]


def test_absent_default_files_are_skipped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    absent = (tmp_path / "scryfall-oracle-2019-dev.json.gz", tmp_path / "modern-2020-2026-dev.json.gz")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(bench, "DEFAULT_FILES", absent)
        assert main([]) == 0
    assert capsys.readouterr().out.splitlines()[1:] == [
        "scryfall-oracle-2019-dev.json.gz: not found next to the repository, skipped",
        "modern-2020-2026-dev.json.gz: not found next to the repository, skipped",
    ]


def test_peers_are_measured_as_usable_too(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--peers", "--top", "3"])
    lines = capsys.readouterr().out.splitlines()
    assert "== --peers (peer_cards.json)" in lines
    assert any(line.startswith("usable %") for line in lines)
    assert lines[-1] == "by year: the file gives no release dates"


def test_speed_still_times_the_files(card_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[dict[str, list[tuple[str, str]]]] = []

    def table(card_sets: dict[str, list[tuple[str, str]]], against: Path | None, rounds: int) -> list[str]:
        seen.append(card_sets)
        return ["timed"]

    monkeypatch.setattr(bench, "speed_table", table)
    assert main(["--speed", "--rounds", "1", str(card_file)]) == 0
    assert list(seen[0]) == ["catalogue", "bench-cards.json"]
    assert len(seen[0]["bench-cards.json"]) == 5


@pytest.mark.parametrize(
    ("text", "has_mana_text", "fully_read"),
    [
        # (issue 35) a face whose only sentence about mana is a static the reader refuses is a face with
        # mana text, not read: before, the words alone decided ('adds', 'tapped for mana'...): not counted
        ("Creatures you control are Forest lands.", True, False),
        ("Spells you cast cost {X} less to cast, where X is the number of cards in your hand.", True, False),
        # ... and read once the reader knows it (Ashaya's type addition, Vadrik's power): counted, and read
        ("Nontoken creatures you control are Forest lands in addition to their other types.", True, True),
        ("Instant and sorcery spells you cast cost {X} less to cast, where X is ~'s power.", True, True),
        # a cost reduction read is about costs: counted, and read
        ("Creature spells you cast cost {1} less to cast.", True, True),
        # an anthem or a keyword granted is not about mana: not counted
        ("Green creatures you control get +1/+1.", False, True),
        ("Enchanted creature has vigilance.", False, True),
    ],
)
def test_a_face_about_mana_is_counted_whether_read_or_refused(
    text: str, has_mana_text: bool, fully_read: bool
) -> None:
    reading = read_face("Bench Druid", "Creature — Elf", text)
    assert (reading.has_mana_text, reading.fully_read) == (has_mana_text, fully_read)
    result = coverage([reading])
    assert (result.with_mana_text, result.fully_read) == (
        int(has_mana_text),
        int(has_mana_text and fully_read),
    )
