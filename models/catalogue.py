"""The built-in card catalogue: real cards' names, type lines, Oracle text and mana costs, from one data file.

The data file is ``models/data/cards.json``: a JSON list of objects with ``name``, ``type_line``,
``oracle`` (abilities separated by ``\\n``), and optionally ``mana_cost``, ``color_indicator`` (e.g. ``"G"``
for Dryad Arbor), ``power`` and ``toughness`` (as printed, ``"1"``) and ``token`` (true for token definitions
such as Treasure). It is loaded once and cached.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from models.folding import fold_name

__all__ = ["CardData", "all_cards", "closest_names", "did_you_mean", "lookup"]


@dataclass(kw_only=True, frozen=True, slots=True)
class CardData:
    """One catalogue card as printed in Oracle: nothing derived, nothing executed.

    >>> card = lookup("llanowar elves")
    >>> card.name, card.type_line, card.oracle, card.mana_cost
    ('Llanowar Elves', 'Creature — Elf Druid', '{T}: Add {G}.', '{G}')
    """

    name: str
    type_line: str
    oracle: str
    mana_cost: str | None = None
    color_indicator: str | None = None
    token: bool = False
    power: str | None = None
    toughness: str | None = None


@cache  # (the built-in catalogue, a constant file read once per process: no answer is kept here)
def all_cards() -> dict[str, CardData]:
    """Every catalogue card, keyed by lower-cased name, in file order."""
    raw = resources.files("models").joinpath("data/cards.json").read_text(encoding="utf-8")
    cards: dict[str, CardData] = {}
    for entry in json.loads(raw):
        card = CardData(
            name=entry["name"],
            type_line=entry["type_line"],
            oracle=entry.get("oracle", ""),
            mana_cost=entry.get("mana_cost"),
            color_indicator=entry.get("color_indicator"),
            token=bool(entry.get("token", False)),
            power=entry.get("power"),
            toughness=entry.get("toughness"),
        )
        key = card.name.lower()
        if key in cards:
            raise RuntimeError(f"catalogue lists {card.name!r} twice")
        cards[key] = card
    return cards


@cache  # (an index of the constant catalogue, built once per process)
def _by_folded_name() -> dict[str, CardData]:
    """Every catalogue card by its folded name (:func:`~models.folding.fold_name`)."""
    return {fold_name(card.name): card for card in all_cards().values()}


def lookup(name: str) -> CardData | None:
    """The card with this name, or None: case, accents, punctuation and spacing do not matter.

    >>> lookup("  gaea's CRADLE ").name, lookup("Gaeas Cradle").name, lookup("Gaea") is None
    ("Gaea's Cradle", "Gaea's Cradle", True)
    """
    exact = all_cards().get(" ".join(name.split()).lower())
    return exact if exact is not None else _by_folded_name().get(fold_name(name))


def closest_names(name: str, limit: int = 3) -> list[str]:
    """Catalogue names closest to a misspelt or shortened one, best first, for 'did you mean' messages.

    Names that start with the query come first (so a legend's short name finds it), then similar spellings.

    >>> closest_names("Llanowar Elfs")
    ['Llanowar Elves', 'Llanowar Wastes']
    >>> closest_names("nykthos")
    ['Nykthos, Shrine to Nyx']
    """
    cards = all_cards()
    query = " ".join(name.split()).lower()
    starting = [key for key in cards if query and key.startswith(query)]
    similar = difflib.get_close_matches(query, list(cards), n=limit, cutoff=0.6)
    keys = list(dict.fromkeys([*starting, *similar]))[:limit]
    return [cards[key].name for key in keys]


def did_you_mean(name: str) -> str:
    """The 'did you mean' part of an unknown-card message, or ``""`` when no name is close.

    >>> did_you_mean("Llanowar Elfs")
    "did you mean 'Llanowar Elves' or 'Llanowar Wastes'?"
    >>> did_you_mean("Talisman")
    "did you mean 'Talisman of Progress', 'Talisman of Dominance' or 'Talisman of Indulgence'?"
    >>> did_you_mean("zzzz")
    ''
    """
    close = closest_names(name)
    if not close:
        return ""
    options = " or ".join(filter(None, (", ".join(map(repr, close[:-1])), repr(close[-1]))))
    return f"did you mean {options}?"
