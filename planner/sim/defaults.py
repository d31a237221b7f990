"""The simulations' defaults, apart from the simulations themselves (the command line reads them for its
options without loading numpy).

>>> DEFAULT_SEED, len(TABLE_SHAPES)
(0, 19)
"""

from __future__ import annotations

from typing import Final

__all__ = ["DEFAULT_GAMES", "DEFAULT_GOLDFISH_GAMES", "DEFAULT_SEED", "TABLE_SHAPES"]

#: Games dealt by ``sources-needed`` unless told.
DEFAULT_GAMES: Final = 1_000_000
#: Games goldfished by ``simulate`` unless told.
DEFAULT_GOLDFISH_GAMES: Final = 100_000
DEFAULT_SEED: Final = 0
#: The cost shapes of Karsten's tables; C stands for "the color" (computed with one real color).
TABLE_SHAPES: Final = (
    *("C", "1C", "2C", "3C", "4C", "5C"),
    *("CC", "1CC", "2CC", "3CC", "4CC", "5CC"),
    *("CCC", "1CCC", "2CCC", "3CCC", "4CCC"),
    *("CCCC", "1CCCC"),
)
