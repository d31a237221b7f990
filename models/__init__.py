"""The domain of mana-planner: mana, costs, cards and their Oracle text, boards and deck lists.

Pure data and parsing: nothing here plans a payment (that is :mod:`planner`), and nothing here imports it.

>>> from models import Board, ManaCost
>>> ManaCost.parse("2GG").mana_value
4
>>> Board.loads('{"version": 1, "players": [{"id": "me"}]}').active_player
'me'
"""

from typing import TYPE_CHECKING

from models.lazy import lazy_attributes

if TYPE_CHECKING:
    from models.board import Board, Card, Choices, Permanent, Player, PoolMana
    from models.catalogue import CardData, all_cards, lookup
    from models.cost import CostSymbol, ManaCost, PaymentKind, PaymentTarget, SymbolKind
    from models.decklist import Deck, DeckCard, load_deck, parse_deck
    from models.errors import (
        BoardError,
        CostParseError,
        InputError,
        ManaParseError,
        OracleParseError,
        PlannerError,
    )
    from models.mana import ManaBag, ManaType, ManaTypes
    from models.oracle import ParsedText, parse_oracle

#: Where each public name lives: it is imported on first use, so that importing the package costs nothing.
_HOMES = {
    "Board": "models.board",
    "BoardError": "models.errors",
    "CardData": "models.catalogue",
    "Card": "models.board",
    "Choices": "models.board",
    "CostParseError": "models.errors",
    "CostSymbol": "models.cost",
    "Deck": "models.decklist",
    "DeckCard": "models.decklist",
    "InputError": "models.errors",
    "ManaBag": "models.mana",
    "ManaCost": "models.cost",
    "ManaParseError": "models.errors",
    "ManaType": "models.mana",
    "ManaTypes": "models.mana",
    "OracleParseError": "models.errors",
    "ParsedText": "models.oracle",
    "PaymentKind": "models.cost",
    "PaymentTarget": "models.cost",
    "Permanent": "models.board",
    "PlannerError": "models.errors",
    "Player": "models.board",
    "PoolMana": "models.board",
    "SymbolKind": "models.cost",
    "all_cards": "models.catalogue",
    "load_deck": "models.decklist",
    "lookup": "models.catalogue",
    "parse_deck": "models.decklist",
    "parse_oracle": "models.oracle",
}

__all__ = [
    "Board",
    "BoardError",
    "Card",
    "CardData",
    "Choices",
    "CostParseError",
    "CostSymbol",
    "Deck",
    "DeckCard",
    "InputError",
    "ManaBag",
    "ManaCost",
    "ManaParseError",
    "ManaType",
    "ManaTypes",
    "OracleParseError",
    "ParsedText",
    "PaymentKind",
    "PaymentTarget",
    "Permanent",
    "PlannerError",
    "Player",
    "PoolMana",
    "SymbolKind",
    "all_cards",
    "load_deck",
    "lookup",
    "parse_deck",
    "parse_oracle",
]


#: A public name, imported from its module on first use (PEP 562).
__getattr__ = lazy_attributes(__name__, _HOMES, globals())
