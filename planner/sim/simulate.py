"""The deck simulation's public names in one place (``from planner.sim.simulate import goldfish``); each idea
lives in its own module:

- :mod:`planner.sim.game`: the deck as played, dealing, Karsten's London mulligan, the options of a mode;
- :mod:`planner.sim.sources`: Karsten's sources-needed (one cost, his whole table, a mix of lands);
- :mod:`planner.sim.lands`: what each land is to the simulation (:func:`land_profile`);
- :mod:`planner.sim.castability`: the castability of many land states at once;
- :mod:`planner.sim.goldfish`: goldfishing a deck list (:func:`goldfish`), either mode;
- :mod:`planner.sim.lands_only`, :mod:`planner.sim.deck_tables`, :mod:`planner.sim.karsten`: the lands-only
  goldfish, its deck's tables and Karsten's "castable (in hand or not)";
- :mod:`planner.sim.planned`, :mod:`planner.sim.turn_search`, :mod:`planner.sim.kinds`,
  :mod:`planner.sim.matching`: the planned goldfish, its turn search and what it reads of the cards;
- :mod:`planner.sim.results`: the report.
"""

from __future__ import annotations

from planner.sim.defaults import DEFAULT_GAMES, DEFAULT_GOLDFISH_GAMES, DEFAULT_SEED, TABLE_SHAPES
from planner.sim.game import (
    COMMANDER_LIFE,
    DEFAULT_MIN_X,
    HAND_SIZE,
    LONDON,
    STARTING_LIFE,
    MulliganStage,
    Progress,
    check_mulligan,
    check_ramp,
    chosen_x,
    commander_colors,
    lands_to_bottom,
    mulligan_stages,
    played_as_land,
    with_x,
)
from planner.sim.goldfish import goldfish, plot_goldfish
from planner.sim.lands import Entry, LandProfile, land_profile
from planner.sim.lands_only import (
    GOLDFISH_BATCH,
    GoldfishCounts,
    default_layout,
    goldfish_batches,
    goldfish_counts,
    goldfish_result,
    merge_counts,
)
from planner.sim.results import CardOdds, GoldfishResult
from planner.sim.sources import (
    BATCH,
    MixAnswer,
    SourcesAnswer,
    default_threshold,
    land_mix_probability,
    parse_land_mix,
    sources_needed,
    sources_table,
)

__all__ = [
    "BATCH",
    "COMMANDER_LIFE",
    "DEFAULT_GAMES",
    "DEFAULT_GOLDFISH_GAMES",
    "DEFAULT_MIN_X",
    "DEFAULT_SEED",
    "GOLDFISH_BATCH",
    "HAND_SIZE",
    "LONDON",
    "STARTING_LIFE",
    "TABLE_SHAPES",
    "CardOdds",
    "Entry",
    "GoldfishCounts",
    "GoldfishResult",
    "LandProfile",
    "MixAnswer",
    "MulliganStage",
    "Progress",
    "SourcesAnswer",
    "check_mulligan",
    "check_ramp",
    "chosen_x",
    "commander_colors",
    "default_layout",
    "default_threshold",
    "goldfish",
    "goldfish_batches",
    "goldfish_counts",
    "goldfish_result",
    "land_mix_probability",
    "land_profile",
    "lands_to_bottom",
    "merge_counts",
    "mulligan_stages",
    "parse_land_mix",
    "played_as_land",
    "plot_goldfish",
    "sources_needed",
    "sources_table",
    "with_x",
]
