"""Karsten's "castable (in hand or not)" in the lands-only goldfish (``planner.sim.karsten``): against
exact probabilities derived here (hypergeometric, and Karsten's methodology enumerated with its mulligans),
and the arrays' answers against the general enumeration they stand for."""

from __future__ import annotations

import math
from dataclasses import replace as changed
from fractions import Fraction
from math import comb

import numpy as np
import numpy.typing as npt
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from models.catalogue import CardData
from models.decklist import DeckCard, parse_deck
from planner.sim.deck_tables import DeckTables
from planner.sim.goldfish import goldfish
from planner.sim.karsten import KarstenCastability

Bools = npt.NDArray[np.bool_]


def within(estimate: float | None, exact: float, games: int, sigmas: float = 4.0) -> bool:
    assert estimate is not None
    error = math.sqrt(max(exact * (1 - exact), 1e-12) / games)
    return abs(estimate - exact) <= sigmas * error + 1e-12


def at_least(population: int, good: int, drawn: int, k: int) -> float:
    """P(at least k good among ``drawn`` cards from ``population`` holding ``good``)."""
    return sum(comb(good, i) * comb(population - good, drawn - i) for i in range(k, drawn + 1)) / comb(
        population, drawn
    )


GAMES = 40_000


def test_a_red_one_drop_on_turn_one_is_a_mountain_in_the_opening_hand() -> None:
    deck = parse_deck("12 Mountain\n12 Island\n18 Bolt {R}\n18 Wave {U}")
    result = goldfish(deck, turns=(1, 2), games=GAMES, seed=11, mulligan="none", ramp="none")
    truth = 1 - comb(48, 7) / comb(60, 7)
    for card in result.cards:
        assert within(card.by_turn[0], truth, GAMES), (card.name, card.by_turn[0], truth)
        # the hand-driven figure plays one land for the hand and misses the other color: far below
        assert card.by_turn_as_played[0] is not None and card.by_turn_as_played[0] < truth - 0.1
    # turn 2: a Mountain among the eight cards seen
    assert within(result.cards[0].by_turn[1], 1 - comb(48, 8) / comb(60, 8), GAMES)


def test_double_blue_on_turn_two_is_two_islands_among_eight_cards() -> None:
    deck = parse_deck("12 Mountain\n12 Island\n36 Counterspell {U}{U}")
    result = goldfish(deck, turns=(1, 3), games=GAMES, seed=12, mulligan="none", ramp="none")
    card = result.cards[0]
    assert card.by_turn[0] == 0.0
    assert within(card.by_turn[1], at_least(60, 12, 8, 2), GAMES)
    assert within(card.by_turn[2], at_least(60, 12, 9, 2), GAMES)


def test_a_check_land_with_a_plains_seen_enters_untapped() -> None:
    # {W}{U} on turn 2 with Glacial Fortress and Plains: castable when the eight cards hold one of each (the
    # Plains first and the Fortress second, or the Fortress first and the Plains second); a Fortress after a
    # Fortress enters tapped
    deck = parse_deck("12 Glacial Fortress\n12 Plains\n36 Wall {W}{U}")
    result = goldfish(deck, turns=(2, 2), games=GAMES, seed=13, mulligan="none", ramp="none")
    none_f, none_p, neither = comb(48, 8), comb(48, 8), comb(36, 8)
    truth = 1 - (none_f + none_p - neither) / comb(60, 8)
    assert within(result.cards[0].by_turn[0], truth, GAMES)


def test_a_tapland_is_turn_one_land_only_when_nothing_else_is() -> None:
    tapped = goldfish(parse_deck("24 Arctic Treeline\n36 Bear {G}"), turns=(1, 2), games=2_000, seed=1)
    assert tapped.cards[0].by_turn == (0.0, 1.0)


def test_a_fetchland_is_any_basic_left_in_the_library() -> None:
    vista = CardData(
        name="Prismatic Vista",
        type_line="Land",
        oracle="{T}, Pay 1 life, Sacrifice Prismatic Vista: Search your library for a basic land card, "
        "put it onto the battlefield, then shuffle.",
    )
    base = parse_deck("12 Mountain\n36 Bolt {R}")
    deck = changed(
        base,
        cards=(
            DeckCard(name=vista.name, count=12, lines=(0,), card=vista, cost=None, is_land=True),
            *base.cards,
        ),
    )
    result = goldfish(deck, turns=(1, 1), games=GAMES, seed=14, mulligan="none", ramp="none")
    assert within(result.cards[0].by_turn[0], 1 - comb(36, 7) / comb(60, 7), GAMES)


def _exact_karsten(
    deck: int, lands: int, good: int, turn: int, pips: int, mana_value: int
) -> tuple[Fraction, Fraction]:
    """Karsten's methodology, enumerated exactly with the London mulligan (as ``tests/test_simulate.py``
    has it, written again here): (P(castable), P(enough lands seen))."""

    def hyper(population: int, marked: int, drawn: int, k: int) -> Fraction:
        if k < 0 or k > marked or drawn - k < 0 or drawn - k > population - marked:
            return Fraction(0)
        return Fraction(comb(marked, k) * comb(population - marked, drawn - k), comb(population, drawn))

    stages = [(0, 2, 5), (1, 2, 4), (2, 2, 4), (3, 0, 7)]
    draws = turn - 1
    reach = Fraction(1)
    hits = counted = Fraction(0)
    for index, (bottom, low, high) in enumerate(stages):
        keep = Fraction(0)
        for in_hand in range(8):
            p_hand = hyper(deck, lands, 7, in_hand)
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
            if not p_hand or not (low <= kept <= high or index == len(stages) - 1):
                continue
            keep += p_hand
            for good_in_hand in range(in_hand + 1):
                p_good = hyper(lands, good, in_hand, good_in_hand)
                good_kept = good_in_hand - max(0, put_back - (in_hand - good_in_hand))
                for met in range(draws + 1):
                    p_met = hyper(deck - 7, lands - in_hand, draws, met)
                    if not p_good or not p_met or kept + met < mana_value:
                        continue
                    weight = reach * p_hand * p_good * p_met
                    counted += weight
                    for good_met in range(met + 1):
                        if good_kept + good_met >= pips:
                            hits += weight * hyper(lands - in_hand, good - good_in_hand, met, good_met)
        reach *= 1 - keep
    return hits, counted


@pytest.mark.parametrize(
    ("good", "cost", "pips", "value"), [(16, "{1}{G}{G}", 2, 3), (14, "{G}", 1, 1), (20, "{G}{G}", 2, 2)]
)
def test_on_curve_is_karstens_methodology_on_basics(good: int, cost: str, pips: int, value: int) -> None:
    deck = parse_deck(f"{good} Forest\n{24 - good} Island\n36 Spell {cost}")
    result = goldfish(deck, turns=(1, value), games=GAMES, seed=15, ramp="none")
    hits, counted = _exact_karsten(60, 24, good, value, pips, value)
    card = result.cards[0]
    assert within(card.on_curve, float(hits), GAMES)
    assert within(card.on_curve_given_land_drops, float(hits / counted), int(GAMES * float(counted)))


def _azorius_plan() -> DeckTables:
    """A deck of every kind of land entry (basics, check, fast, shock, dual, bounce, pain, land creature,
    slow) and costs with hybrid and Phyrexian symbols."""
    base = parse_deck(
        "3 Plains\n3 Island\n2 Glacial Fortress\n2 Seachrome Coast\n2 Hallowed Fountain\n2 Tundra\n"
        "2 Azorius Chancery\n2 Adarkar Wastes\n2 Arctic Treeline\n"
        "4 A {W}\n4 B {U}{U}\n4 C {1}{W}{U}\n4 D {W}{W}{U}{U}\n4 E {2}{W/P}\n"
    )
    beach = CardData(
        name="Deserted Beach",
        type_line="Land",
        oracle="This land enters tapped unless you control two or more other lands.\n{T}: Add {W} or {U}.",
    )
    extra = DeckCard(name=beach.name, count=2, lines=(0,), card=beach, cost=None, is_land=True)
    return DeckTables(changed(base, cards=(extra, *base.cards)))


def _with_fetchlands(text: str) -> DeckTables:
    vista = CardData(
        name="Prismatic Vista",
        type_line="Land",
        oracle="{T}, Pay 1 life, Sacrifice Prismatic Vista: Search your library for a basic land card, "
        "put it onto the battlefield, then shuffle.",
    )
    base = parse_deck(text)
    card = DeckCard(name=vista.name, count=4, lines=(0,), card=vista, cost=None, is_land=True)
    return DeckTables(changed(base, cards=(card, *base.cards)))


_AZORIUS = _azorius_plan()
_FETCHING = _with_fetchlands(
    "6 Plains\n6 Island\n4 Glacial Fortress\n4 Hallowed Fountain\n18 A {W}{U}\n18 B {1}{U}"
)


def _enumerated(karsten: KarstenCastability, turn: int, land: int, groups: npt.NDArray[np.int16]) -> Bools:
    """The answer of one key by the enumeration of every choice (``_choices``: the definition)."""
    plan = karsten.plan
    rows = list(karsten._choices(turn, land, groups, np.zeros(0, dtype=np.int16)))
    if not rows:
        return np.zeros(len(plan.costs), dtype=bool)
    needed = plan.oracle.life_needed(np.stack([mana for mana, _ in rows]))
    return np.asarray((needed <= np.array([life for _, life in rows])[:, None]).any(axis=0))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    turn=st.integers(1, 9),
    keys=st.lists(
        st.tuples(st.integers(-1, 9), st.lists(st.integers(0, 8), min_size=9, max_size=9)), max_size=12
    ),
)
def test_the_arrays_agree_with_the_general_enumeration(turn: int, keys: list[tuple[int, list[int]]]) -> None:
    # the arrays' answer (_plain: every key at once) of random keys against the enumeration of each key's
    # choices (_choices)
    plan = _AZORIUS
    karsten = KarstenCastability(plan, 20)
    rows = np.array(
        [[min(land, plan.land_kinds - 1), *groups[: karsten.groups]] for land, groups in keys],
        dtype=np.int16,
    ).reshape(len(keys), 1 + karsten.groups)
    rows[:, 1:] = np.minimum(rows[:, 1:], turn - 1)
    owners, manas, lives = karsten._plain(turn, rows)
    quick = np.zeros((len(keys), len(plan.costs)), dtype=bool)
    if owners.size:
        np.logical_or.at(quick, owners, plan.oracle.life_needed(manas) <= lives[:, None])
    for n, row in enumerate(rows):
        slow = _enumerated(karsten, turn, int(row[0]), row[1:])
        assert (quick[n] == slow).all(), (turn, row.tolist())


@pytest.mark.parametrize("plan", [_AZORIUS, _FETCHING], ids=["no fetchland", "fetchlands"])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_situation_kept_answers_as_worked_out_again(plan: DeckTables, data: st.DataObject) -> None:
    # castable (each game's answer kept by its situation, capped) against the same games worked out from
    # their own lands (_castable_rows), over a run of calls that meet situations again
    karsten = KarstenCastability(plan, 20)
    whole = np.array(plan.class_copies, dtype=np.int64)
    kinds = plan.land_kinds
    for _ in range(3):
        turn = data.draw(st.integers(1, 8))
        games = data.draw(st.integers(1, 30))
        seen = np.array(
            data.draw(
                st.lists(
                    st.lists(st.integers(0, 4), min_size=kinds, max_size=kinds),
                    min_size=games,
                    max_size=games,
                )
            ),
            dtype=np.int64,
        )
        seen = np.minimum(seen, whole - 1)
        new = np.array(
            data.draw(st.lists(st.integers(-1, kinds - 1), min_size=games, max_size=games)), dtype=np.int64
        )
        kept = karsten.castable(turn, seen, new, whole)
        again = KarstenCastability(plan, 20)._castable_rows(turn, seen, new, whole)
        assert (kept == again).all()


def test_two_check_lands_alone_do_not_cast_a_two_color_spell_on_turn_two() -> None:
    # two Glacial Fortresses seen by turn 2 with nothing else: the second enters tapped beside the first (no
    # Plains or Island), so {W}{U} is not castable; with a Prismatic Vista beside them it is (the Vista finds
    # a Plains or an Island, then the Fortress enters untapped)
    plan = _FETCHING
    fortress = next(k for k, name in enumerate(plan.class_names) if name == "Glacial Fortress")
    whole = np.array(plan.class_copies, dtype=np.int64)
    seen = np.zeros((2, plan.land_kinds), dtype=np.int64)
    seen[:, fortress] = 1
    seen[0, plan.fetches[0]] = 1
    wu = [str(cost) for cost in plan.costs].index("{W}{U}")
    answer = KarstenCastability(plan, 20).castable(2, seen, np.array([fortress, fortress]), whole)
    assert answer[0, wu] and not answer[1, wu]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_game_answers_as_it_would_alone(data: st.DataObject) -> None:
    # the games of one call, with fetchlands (keys worked out by the enumeration) and without (on arrays),
    # each answer as that game's alone (main before this change paired the enumerated keys' choices with
    # other keys' life totals when both kinds were new in one call)
    plan = _FETCHING
    whole = np.array(plan.class_copies, dtype=np.int64)
    kinds = plan.land_kinds
    turn = data.draw(st.integers(1, 7))
    games = data.draw(st.integers(1, 40))
    rows = st.lists(st.integers(0, 3), min_size=kinds, max_size=kinds)
    seen = np.minimum(np.array(data.draw(st.lists(rows, min_size=games, max_size=games))), whole - 1)
    new = np.array(data.draw(st.lists(st.integers(-1, kinds - 1), min_size=games, max_size=games)))
    together = KarstenCastability(plan, 20).castable(turn, seen, new, whole)
    for game in range(games):
        alone = KarstenCastability(plan, 20).castable(
            turn, seen[game : game + 1], new[game : game + 1], whole
        )
        assert (together[game] == alone[0]).all(), (turn, seen[game].tolist(), int(new[game]))
