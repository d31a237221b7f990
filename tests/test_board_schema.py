"""The board file's JSON Schema: generated from models/board_fields.py, published as docs/board.schema.json,
and every example board satisfies it; the loader and the schema agree on each field's name, requiredness and
nullability (both read them from the same declarations)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from models.board import Board
from models.board_fields import OBJECTS, PERMANENT, PLAYER
from models.errors import BoardError
from planner.service.schema import schema_text

jsonschema = pytest.importorskip("jsonschema", reason="jsonschema is in the dev extra")

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted(
    [*(ROOT / "examples" / "boards").glob("*.json"), *(ROOT / "docs" / "examples").glob("*.json")]
)


def validator() -> Any:  # jsonschema ships no type information
    schema = json.loads((ROOT / "docs" / "board.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_the_published_schema_is_the_generated_one() -> None:
    published = (ROOT / "docs" / "board.schema.json").read_text(encoding="utf-8")
    assert published == schema_text(), "regenerate: python -c 'from planner.service.schema import ...'"


def test_there_are_examples() -> None:
    assert len(EXAMPLES) >= 4


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_example_board_satisfies_the_schema(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator().iter_errors(data)]
    assert not errors  # (references, such as docs/examples/unknown-player.json's, are the loader's to check)


def minimal() -> dict[str, object]:
    return {
        "version": 1,
        "players": [{"id": "me"}],
        "permanents": [{"id": "f", "card": "Forest", "controller": "me"}],
    }


@pytest.mark.parametrize("spec", [PLAYER, PERMANENT], ids=lambda s: s.key)
def test_the_loader_and_the_schema_agree_on_unknown_fields_and_nulls(spec: object) -> None:
    check = validator()
    assert spec in OBJECTS.values()
    for field in spec.fields:  # type: ignore[attr-defined]
        data = minimal()
        target = data["players"][0] if spec is PLAYER else data["permanents"][0]  # type: ignore[index]
        target[field.name] = None
        schema_ok = check.is_valid(data)
        try:
            Board.from_dict(data)
            loader_ok = True
        except BoardError:
            loader_ok = False
        assert schema_ok == loader_ok, field.name
        if field.name != "card":  # without a card, a permanent needs a name and a type line
            assert loader_ok == field.nullable, field.name
    data = minimal()
    data["players"][0]["lfe"] = 3  # type: ignore[index]
    assert not check.is_valid(data)
    with pytest.raises(BoardError, match=r"unknown field 'lfe' in a player; did you mean 'life'\?"):
        Board.from_dict(data)


def test_a_permanent_without_card_needs_name_and_type_line_in_both() -> None:
    data = minimal()
    data["permanents"] = [{"id": "x", "controller": "me", "name": "Rock"}]
    assert not validator().is_valid(data)
    with pytest.raises(BoardError, match=r"permanents\[0\]\.type_line: missing required field"):
        Board.from_dict(data)
    data["permanents"][0]["type_line"] = "Artifact"  # type: ignore[index]
    assert validator().is_valid(data)
    Board.from_dict(data)
