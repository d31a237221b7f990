"""The board file's JSON Schema as the service serves it, from :func:`models.board_fields.board_schema`.

>>> board_schema()["title"]
'mana-planner board file'
>>> openapi_components()["Board"]["properties"]["players"]["items"]
{'$ref': '#/components/schemas/player'}
"""

from __future__ import annotations

import json
from typing import Any

from models.board_fields import board_schema

__all__ = ["board_schema", "openapi_components", "schema_text"]


def schema_text() -> str:
    """The schema as ``docs/board.schema.json`` holds it: indented JSON ending in a newline."""
    return json.dumps(board_schema(), indent=2, ensure_ascii=False) + "\n"


def openapi_components() -> dict[str, Any]:
    """The schema's objects as OpenAPI components (``Board``, ``player``, ``permanent``...), references
    pointing at each other."""
    schema = board_schema()
    definitions = schema.pop("$defs")
    for key in ("$schema", "$id"):
        schema.pop(key)
    components = {"Board": schema, **definitions}
    text = json.dumps(components).replace('"#/$defs/', '"#/components/schemas/')
    loaded: dict[str, Any] = json.loads(text)
    return loaded
