"""The domain of mana-planner: mana, costs, cards and their Oracle text, boards and deck lists.

Pure data and parsing: nothing here plans a payment (that is :mod:`planner`), and nothing here imports it.

>>> from models import Board, ManaCost
>>> ManaCost.parse("2GG").mana_value
4
>>> Board.loads('{"version": 1, "players": [{"id": "me"}]}').active_player
'me'
"""

from models.board import Board, Choices, Permanent, Player, PoolMana
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

__all__ = [
    "Board",
    "BoardError",
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
