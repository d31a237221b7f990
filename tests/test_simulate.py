"""sources-needed: the sampler against exact probabilities, Karsten's published tables, land mixes, and the
batch castability against the planner."""

from __future__ import annotations

import math
import random
from fractions import Fraction
from functools import cache

import numpy as np
import pytest

from models.board import Board
from models.catalogue import all_cards
from models.cost import ManaCost, PaymentTarget
from models.errors import InputError
from planner.api import pay
from planner.sim.batch import castable
from planner.sim.simulate import (
    TABLE_SHAPES,
    default_threshold,
    land_mix_probability,
    land_profile,
    lands_to_bottom,
    mulligan_stages,
    parse_land_mix,
    sources_needed,
    sources_table,
)
from planner.sim.sources import _karsten, _Query
from planner.solve.fast import source_kind

# --------------------------------------------------------------------------------------------------------
# Exact references


def hypergeometric(population: int, good: int, drawn: int, k: int) -> Fraction:
    """P(exactly k good among `drawn` cards from `population` holding `good`)."""
    if k < 0 or k > good or drawn - k > population - good or drawn - k < 0:
        return Fraction(0)
    return Fraction(
        math.comb(good, k) * math.comb(population - good, drawn - k), math.comb(population, drawn)
    )


@cache
def karsten_exact(
    deck: int, lands: int, good: int, turn: int, pips: int, mana_value: int, commander: bool
) -> tuple[Fraction, Fraction]:
    """Karsten's methodology by exact enumeration: (P(castable and counted), P(counted)).

    Independent of the sampler: every mulligan stage, the lands and good lands among the seven, the
    bottoming rule spelled out as the issue writes it (non-good lands first), and the draws.
    """
    stages = [(0, 2, 5), (1, 2, 4), (2, 2, 4), (3, 0, 7)]
    if commander:
        stages = [(0, 3, 5), *stages]
    draws = turn - 1 + (1 if commander else 0)
    reach = Fraction(1)
    castable_and_counted = counted = Fraction(0)
    for index, (bottom, low, high) in enumerate(stages):
        keep_here = Fraction(0)
        for in_hand in range(8):
            p_hand = hypergeometric(deck, lands, 7, in_hand)
            if not p_hand:
                continue
            spells = 7 - in_hand
            if bottom == 0 or spells > 3:
                put_back = 0
            elif bottom == 1:
                put_back = 1
            elif bottom == 2:
                put_back = 1 if spells == 3 else 2
            else:
                put_back = {3: 1, 2: 2}.get(spells, 3)
            kept = in_hand - put_back
            if not (low <= kept <= high or index == len(stages) - 1):
                continue
            keep_here += p_hand
            for good_in_hand in range(in_hand + 1):
                p_good = hypergeometric(lands, good, in_hand, good_in_hand)
                if not p_good:
                    continue
                other = in_hand - good_in_hand
                good_kept = good_in_hand - max(0, put_back - other)
                for met in range(draws + 1):
                    p_met = hypergeometric(deck - 7, lands - in_hand, draws, met)
                    if not p_met or kept + met < mana_value:
                        continue
                    weight = reach * p_hand * p_good * p_met
                    counted += weight
                    for good_met in range(met + 1):
                        if good_kept + good_met >= pips:
                            castable_and_counted += weight * hypergeometric(
                                lands - in_hand, good - good_in_hand, met, good_met
                            )
        reach *= 1 - keep_here
    return castable_and_counted, counted


def within(estimate: float, exact: float, games: int, sigmas: float = 4.0) -> bool:
    """True when a sampled proportion is within `sigmas` standard errors of the exact value."""
    error = math.sqrt(max(exact * (1 - exact), 1e-12) / games)
    return abs(estimate - exact) <= sigmas * error + 1e-12


# --------------------------------------------------------------------------------------------------------
# The sampler


def test_bottoming_follows_the_issue_rule() -> None:
    # Lands among the seven -> lands bottomed, for bottoming 1, 2, 3 cards.
    assert lands_to_bottom(np.arange(8), 1).tolist() == [0, 0, 0, 0, 1, 1, 1, 1]
    assert lands_to_bottom(np.arange(8), 2).tolist() == [0, 0, 0, 0, 1, 2, 2, 2]
    assert lands_to_bottom(np.arange(8), 3).tolist() == [0, 0, 0, 0, 1, 2, 3, 3]
    assert [(s.bottom, s.keep_min, s.keep_max) for s in mulligan_stages()] == [
        (0, 2, 5),
        (1, 2, 4),
        (2, 2, 4),
        (3, 0, 7),
    ]


@pytest.mark.parametrize(("deck", "lands", "turn", "pips"), [(60, 24, 3, 2), (40, 17, 1, 1), (99, 40, 5, 3)])
def test_without_mulligans_or_conditioning_the_sampler_is_hypergeometric(
    deck: int, lands: int, turn: int, pips: int
) -> None:
    games = 40_000
    ((counted, histogram),) = _karsten(
        deck,
        lands,
        [_Query(turn, pips, 0)],
        games=games,
        seed=11,
        commander=False,
        progress=None,
        london=False,
    )
    assert counted == games
    hits = np.cumsum(histogram)
    seen = 7 + turn - 1
    for good in range(0, lands + 1, 3):
        exact = float(sum(hypergeometric(deck, good, seen, k) for k in range(pips, seen + 1)))
        assert within(hits[good] / games, exact, games), (good, hits[good] / games, exact)


@pytest.mark.parametrize(
    ("deck", "lands", "cost", "commander"),
    [(60, 24, "1GG", False), (60, 25, "G", False), (40, 17, "3GG", False), (99, 40, "1GG", True)],
)
def test_the_sampler_agrees_with_the_exact_methodology(
    deck: int, lands: int, cost: str, commander: bool
) -> None:
    games = 60_000
    answer = sources_needed(deck, lands, cost, games=games, seed=5, commander=commander)
    for good in {answer.sources - 4, answer.sources - 1, answer.sources, answer.sources + 2}:
        both, counted = karsten_exact(
            deck, lands, good, answer.turn, answer.pips, answer.mana_value, commander
        )
        exact = float(both / counted)
        assert within(answer.curve[good], exact, answer.counted), (good, answer.curve[good], exact)
    _, counted = karsten_exact(deck, lands, 0, answer.turn, 0, answer.mana_value, commander)
    assert within(answer.counted / games, float(counted), games)


def test_same_seed_same_numbers_and_the_curve_is_monotone() -> None:
    first = sources_needed(60, 24, "2GG", games=30_000, seed=9)
    again = sources_needed(60, 24, "2GG", games=30_000, seed=9)
    other = sources_needed(60, 24, "2GG", games=30_000, seed=10)
    assert first == again
    assert first.curve != other.curve
    assert all(a <= b for a, b in zip(first.curve, first.curve[1:], strict=False))
    assert first.curve[0] == 0.0 and first.curve[-1] == 1.0
    assert first.probability >= first.threshold > first.curve[first.sources - 1]


def test_the_table_rows_are_the_single_estimates() -> None:
    rows = sources_table(60, 24, games=20_000, seed=4)
    assert [row.shape for row in rows] == list(TABLE_SHAPES)
    for row in rows:
        alone = sources_needed(60, 24, row.shape.replace("C", "R"), games=20_000, seed=4)
        assert (alone.sources, alone.curve, alone.turn) == (row.sources, row.curve, row.turn)


def test_threshold_turn_and_json() -> None:
    assert [float(default_threshold(m)) for m in range(1, 8)] == [0.90, 0.91, 0.92, 0.93, 0.94, 0.95, 0.96]
    relaxed = sources_needed(60, 24, "1GG", games=20_000, seed=1, threshold=0.8)
    strict = sources_needed(60, 24, "1GG", games=20_000, seed=1)
    assert relaxed.sources < strict.sources and relaxed.threshold == 0.8
    later = sources_needed(60, 24, "1GG", turn=5, games=20_000, seed=1)
    assert later.turn == 5 and later.sources < strict.sources
    assert set(strict.to_json()) == {"sources", "probability", "threshold", "turn", "games"}
    assert sources_needed(60, 24, "{3}", games=1_000, seed=1).sources == 0
    assert sources_needed(60, 24, "{C}{C}", games=1_000, seed=1).pips == 2


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ((60, 61, "G"), "between 0 and the deck size"),
        ((60, 24, "1WU"), "needs 2 types of mana"),
        ((60, 24, "{W/U}"), "--land-mix"),
        ((60, 1, "2GG"), "no game saw 4 lands"),
        ((5, 1, "G"), "more than 7 cards"),
    ],
)
def test_bad_input(arguments: tuple[int, int, str], message: str) -> None:
    with pytest.raises(InputError, match=message):
        sources_needed(*arguments, games=1_000)


# --------------------------------------------------------------------------------------------------------
# Karsten's published tables
#
# Frank Karsten, "How Many Sources Do You Need to Consistently Cast Your Spells? A 2022 Update"
# (ChannelFireball, 2022-08-02; reprinted at https://peasant-magic.com/articles/magic-deckbuilding/
# how-many-sources-do-you-need-to-consistently-cast-your-spells). The article itself could only be read up
# to its introduction here; the numbers below are its tables as a third-party project's test suite
# reproduces them ("Tabelle pubblicate da Frank Karsten (2022)": 60 cards with 25 lands, Commander 99 cards
# with 41 lands, 40 cards with 17 lands, 60 cards with 30 lands), found with the code search. With 1,000,000
# games a cost our methodology gives every one of these 76 numbers exactly (README); here, with fewer games,
# we ask for ±1.
PUBLISHED = {
    (60, 25, False): [14, 13, 12, 10, 9, 9, 21, 18, 16, 15, 13, 12, 23, 21, 19, 17, 16, 24, 22],
    (99, 41, True): [19, 19, 18, 16, 15, 14, 30, 28, 26, 23, 22, 20, 36, 33, 30, 28, 26, 39, 36],
    (40, 17, False): [9, 9, 8, 7, 6, 6, 14, 12, 11, 10, 9, 8, 16, 14, 13, 11, 10, 17, 15],
}


@pytest.mark.parametrize(("deck", "lands", "commander"), list(PUBLISHED))
def test_karsten_2022_tables_within_one_source(deck: int, lands: int, commander: bool) -> None:
    rows = sources_table(deck, lands, games=150_000, seed=2022, commander=commander)
    published = PUBLISHED[(deck, lands, commander)]
    off = {
        row.shape: (row.sources, want)
        for row, want in zip(rows, published, strict=True)
        if abs(row.sources - want) > 1
    }
    assert not off


def test_karsten_rules_of_thumb_for_24_lands() -> None:
    # The issue's sanity numbers for a 60-card deck with 24 lands.
    assert abs(sources_needed(60, 24, "G", games=200_000, seed=7).sources - 14) <= 1
    assert sources_needed(60, 24, "GG", games=200_000, seed=7).sources in (20, 21)
    assert abs(sources_needed(60, 24, "1G", games=200_000, seed=7).sources - 13) <= 1


# --------------------------------------------------------------------------------------------------------
# Land mixes and castability


def test_a_one_color_mix_gives_exactly_the_sources_needed_curve() -> None:
    single = sources_needed(60, 24, "1GG", games=30_000, seed=3)
    mix = land_mix_probability(60, 24, "1GG", parse_land_mix("G=16"), games=30_000, seed=3)
    assert mix.probability == single.curve[16]
    commander = sources_needed(99, 40, "2G", games=30_000, seed=3, commander=True)
    mix = land_mix_probability(99, 40, "2G", parse_land_mix("G=15"), games=30_000, seed=3, commander=True)
    assert mix.probability == commander.curve[15]


def test_duals_pay_one_pip_and_more_duals_help() -> None:
    few = land_mix_probability(60, 25, "1WU", parse_land_mix("W=10,U=10,WU=2"), games=30_000, seed=1)
    many = land_mix_probability(60, 25, "1WU", parse_land_mix("W=6,U=6,WU=10"), games=30_000, seed=1)
    assert few.probability < many.probability
    assert many.sources == {"W": 16, "U": 16}
    only_duals = land_mix_probability(60, 25, "WU", parse_land_mix("WU=25"), games=5_000, seed=1)
    assert only_duals.probability == 1.0  # two duals pay W and U
    hybrid = land_mix_probability(60, 25, "{W/U}{W/U}", parse_land_mix("W=12,U=13"), games=5_000, seed=1)
    assert hybrid.probability == 1.0


@pytest.mark.parametrize(
    ("text", "message"),
    [("W=8,Q=2", "letters of WUBRGC"), ("W8", "TYPES=COUNT"), ("W=8,W=2", "given twice"), ("", "empty")],
)
def test_bad_land_mix(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_land_mix(text)
    with pytest.raises(InputError, match="has 30 lands"):
        land_mix_probability(60, 25, "1WU", parse_land_mix("W=15,U=15"), games=100)


def test_castable_is_hall_condition() -> None:
    w, u, b = 1, 2, 4
    masks = np.array([[w | u, w | u, 0], [w | u, b, 0], [w, w, u]], dtype=np.uint8)
    costs = [
        ManaCost.parse(c) for c in ("{W}{U}", "{W}{W}{U}", "{1}{B}", "{W/B}{W/B}", "{2/U}{W}", "{B/P}{W}")
    ]
    assert castable(masks, costs).tolist() == [  # the batch check the simulation relies on
        [True, False, False, True, True, True],
        [False, False, True, True, False, True],
        [True, True, False, True, True, True],
    ]
    assert castable(masks, costs, life=1)[:, 5].tolist() == [False, True, False]


# Catalogue lands whose mana the goldfish counts, in play untapped on a board, against the planner.
_LANDS = [
    "Plains",
    "Island",
    "Swamp",
    "Forest",
    "Wastes",
    "Tundra",
    "Badlands",
    "Hallowed Fountain",
    "Breeding Pool",
    "Adarkar Wastes",
    "Karplusan Forest",
    "Glacial Fortress",
    "Seachrome Coast",
    "City of Brass",
    "Mana Confluence",
    "Azorius Chancery",
    "Ancient Tomb",
    "Gemstone Mine",
    "Arctic Treeline",
]
_COSTS = [
    "{W}{U}",
    "{1}{W}{W}",
    "{2}{G}",
    "{W/U}{B}",
    "{C}{C}",
    "{2/W}{U}",
    "{1}{B/P}{B/P}",
    "{R}{G}{G}",
    "{4}",
]


def test_castable_agrees_with_the_planner_on_real_lands() -> None:
    rng = random.Random(6)
    for _ in range(60):
        names = [rng.choice(_LANDS) for _ in range(rng.randint(1, 5))]
        cost = ManaCost.parse(rng.choice(_COSTS))
        life = rng.choice([20, 3, 1])
        board = Board.from_dict(
            {
                "version": 1,
                "players": [{"id": "me", "life": life}],
                "permanents": [
                    {"id": f"p{i}", "card": name, "controller": "me", **_counters(name)}
                    for i, name in enumerate(names)
                ],
            }
        )
        catalogue = all_cards()
        sources = [mask for name in names for mask in land_profile(catalogue[name.lower()]).sources]
        ours = bool(castable(np.array([sources], dtype=np.uint8), [cost], life=life)[0, 0])
        # (a limit far past what five lands take: the answer is compared, never the time, and a machine
        # loaded twenty times over ran past the default 10 s wall clock: no answer, not a 'no')
        answer = pay(board, PaymentTarget.of(str(cost)), time_limit=300.0)
        assert ours == answer.payable, (names, str(cost), life)


def _counters(name: str) -> dict[str, object]:
    return {"counters": {"mining": 3}} if name == "Gemstone Mine" else {}


def test_land_profiles_agree_with_the_fast_path_where_it_knows_the_land() -> None:
    board_lands = [card for card in all_cards().values() if "Land" in card.type_line.split()]
    compared = 0
    for card in board_lands:
        board = Board.from_dict(
            {
                "version": 1,
                "players": [{"id": "me"}],
                "permanents": [{"id": "x", "card": card.name, "controller": "me"}],
            }
        )
        units = source_kind(board.permanents[0]).units()
        if units is None:
            continue
        compared += 1
        assert sorted(land_profile(card).sources) == sorted(units), card.name
    assert compared >= 40
