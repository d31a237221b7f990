"""The columns of the arrays the compiled game loop and Karsten's compiled step read (no numba here): a
deck's kinds, a run's settings, a position's row and the counts of the record's tables.

>>> KIND_COLUMNS, SETTINGS, ROW_HEAD
(11, 16, 4)
"""

from __future__ import annotations

__all__ = [
    "COUNTS",
    "COUNT_FRONTIERS",
    "COUNT_NEEDED",
    "COUNT_POOL",
    "COUNT_POSITIONS",
    "COUNT_SETS",
    "COUNT_STEPS",
    "KIND_COLUMNS",
    "KIND_DUE",
    "KIND_LAND",
    "KIND_LAND_SOURCES",
    "KIND_LAND_TYPES",
    "KIND_MOVABLE",
    "KIND_PAINFUL",
    "KIND_RELEVANT",
    "KIND_SOURCE",
    "KIND_UNITS",
    "KIND_WAITS",
    "KIND_WEIGHT",
    "ROW_HAND",
    "ROW_HEAD",
    "ROW_LANDS",
    "ROW_LIFE",
    "ROW_SOURCES",
    "SETTINGS",
    "SET_ANY_PAINFUL",
    "SET_EVERYTHING",
    "SET_EXTRA",
    "SET_FIRST",
    "SET_HAND_WIDTH",
    "SET_LANDS_WIDTH",
    "SET_LAND_LIFE",
    "SET_LAST",
    "SET_LIFE_CAP",
    "SET_PHYREXIAN_LIFE",
    "SET_READS_LANDS",
    "SET_READS_LAND_TYPES",
    "SET_READS_LIFE",
    "SET_READY_WIDTH",
    "SET_START_LIFE",
    "SET_STAYS_CASTABLE",
]

#: The columns of the deck's ``kind_info`` rows.
(
    KIND_LAND,  # 1 for a land kind (the kinds below the deck's count of land kinds)
    KIND_SOURCE,  # 1 for a rock or mana creature (its units join the ready mana once cast)
    KIND_UNITS,  # how many units it makes as a source
    KIND_LAND_SOURCES,  # how many units it makes as a land
    KIND_LAND_TYPES,  # its basic land types, one bit each
    KIND_PAINFUL,  # 1 for a land that deals damage when tapped
    KIND_RELEVANT,  # 1 for a card that Karsten's measure follows
    KIND_WEIGHT,  # the copies that count towards a game's score
    KIND_DUE,  # the turn it is due on (its curve), -1 for a land
    KIND_WAITS,  # 1 for a mana creature without haste (cast after a turn's events, ready the next turn)
    KIND_MOVABLE,  # 1 for a card that does in play whatever it could from the hand (KarstenPlanned.movable)
) = range(11)
KIND_COLUMNS = 11

#: The positions of the game's settings in the ``settings`` array.
(
    SET_FIRST,
    SET_LAST,
    SET_EXTRA,  # 1 when the first turn draws (on the draw, or a Commander game)
    SET_READS_LAND_TYPES,
    SET_READS_LANDS,
    SET_READS_LIFE,
    SET_LIFE_CAP,
    SET_START_LIFE,
    SET_EVERYTHING,  # the number of the castable set that holds every kind asked about
    SET_STAYS_CASTABLE,  # 1 when a game with every kind castable keeps them castable (no fetchland)
    SET_READY_WIDTH,  # the most units ready in a game
    SET_ANY_PAINFUL,
    SET_LAND_LIFE,  # KarstenPlanned.land_life: the most life a turn's land can cost
    SET_PHYREXIAN_LIFE,  # KarstenPlanned.phyrexian_life
    SET_LANDS_WIDTH,  # the most lands in play a position holds (the turns asked about)
    SET_HAND_WIDTH,  # the most cards in hand, or mana permanents in play, a position holds
) = range(16)
SETTINGS = 16

#: A position of Karsten's measure as a row: its life, how many lands in play, mana permanents in play and
#: relevant cards in hand, then the three (each sorted, padded with 0) from ROW_HEAD, at widths
#: SET_LANDS_WIDTH, SET_HAND_WIDTH and SET_HAND_WIDTH.
ROW_LIFE, ROW_LANDS, ROW_SOURCES, ROW_HAND = range(4)
ROW_HEAD = 4

#: The counts of Karsten's compiled record (its ``counts`` array): the positions and frontiers numbered, the
#: frontiers' pool used, the castable sets numbered, the steps kept, and the room a step found missing.
COUNT_POSITIONS, COUNT_FRONTIERS, COUNT_POOL, COUNT_SETS, COUNT_STEPS, COUNT_NEEDED = range(6)
COUNTS = 6
