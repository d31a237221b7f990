"""Karsten's "castable (in hand or not)" with the ramp drawn, in the planned goldfish
(``planner.sim.karsten_planned``): against exact probabilities derived here (hypergeometric, and an
enumeration of every deal of a tiny deck), against the lands-only measure game by game on a deck without
ramp, and never below the hand-driven figure."""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import replace as changed
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from models.catalogue import CardData
from models.decklist import Deck, DeckCard, parse_deck
from planner.sim.deck_tables import DeckTables
from planner.sim.game import STARTING_LIFE
from planner.sim.karsten import KarstenCastability
from planner.sim.karsten_planned import KarstenPlanned, Position, _undominated
from planner.sim.kinds import card_kinds
from planner.sim.planned import planned_chunks, planned_counts
from planner.sim.simulate import goldfish

GAMES = 20_000


def within(estimate: float | None, exact: float, games: int, sigmas: float = 4.0) -> bool:
    assert estimate is not None
    error = math.sqrt(max(exact * (1 - exact), 1e-12) / games)
    return abs(estimate - exact) <= sigmas * error + 1e-12


def test_sol_ring_makes_a_three_drop_castable_on_turn_two() -> None:
    # 20 Forest, 4 Sol Ring, 36 Troll {2}{G}; on the play, no mulligans: turn 2 sees 8 cards. A Troll is
    # castable on turn 2 when a Sol Ring is among them and either a Forest and a Sol Ring are in the opening
    # seven (Forest, Sol Ring on turn 1: G + CC on turn 2) or two Forests are among the eight (both lands
    # pay, the Sol Ring cast on turn 2 leaves G + C + C - 1 = 3 mana); Sol Ring on turn 1 is a Forest in 7
    deck = parse_deck("20 Forest\n4 Sol Ring\n36 Troll {2}{G}")
    result = goldfish(deck, turns=(1, 2), games=GAMES, seed=21, mulligan="none")
    cards = {c.name: c for c in result.cards}
    exact = Fraction(0)
    for forests in range(8):
        for rings in range(8 - forests):
            others = 7 - forests - rings
            ways = comb(20, forests) * comb(4, rings) * comb(36, others)
            for eighth, left in (("F", 20 - forests), ("S", 4 - rings), ("T", 36 - others)):
                f8, s8 = forests + (eighth == "F"), rings + (eighth == "S")
                if s8 >= 1 and (f8 >= 2 or (forests >= 1 and rings >= 1)):
                    exact += Fraction(ways * left, comb(60, 7) * 53)
    assert within(cards["Troll"].by_turn[1], float(exact), GAMES), (cards["Troll"].by_turn, float(exact))
    assert cards["Troll"].by_turn[0] == 0.0
    assert within(cards["Sol Ring"].by_turn[0], 1 - comb(40, 7) / comb(60, 7), GAMES)


def test_a_ritual_casts_a_three_drop_on_turn_one() -> None:
    # Dark Ritual ({B}: add {B}{B}{B}) and a Swamp in the opening seven cast a {1}{B}{B} on turn 1
    deck = parse_deck("20 Swamp\n4 Dark Ritual\n36 Specter {1}{B}{B}")
    result = goldfish(deck, turns=(1, 1), games=GAMES, seed=22, mulligan="none")
    specter = {c.name: c for c in result.cards}["Specter"]
    exact = 1 - (comb(40, 7) + comb(56, 7) - comb(36, 7)) / comb(60, 7)
    assert within(specter.by_turn[0], exact, GAMES), (specter.by_turn, exact)


def test_every_deal_of_a_tiny_deck() -> None:
    # 4 Forest, 2 Sol Ring, 4 Troll {2}{G}, no mulligans, on the draw: turn 1 sees 8 cards, turn 2 nine, every
    # order of the ten cards equally likely. Turn 1: one land at most, and a Forest spent on Sol Ring leaves
    # no G: never. Turn 2: a Sol Ring among the nine, and two Forests among them or a Forest and a Sol Ring
    # among the first eight (Forest, Sol Ring on turn 1; G + C + C on turn 2)
    deck = parse_deck("4 Forest\n2 Sol Ring\n4 Troll {2}{G}")
    orders = set(itertools.permutations("FFFFSSTTTT"))
    hits = 0
    for order in orders:
        nine, eight = order[:9], order[:8]
        if "S" in nine and (nine.count("F") >= 2 or ("S" in eight and "F" in eight)):
            hits += 1
    result = goldfish(deck, turns=(1, 2), games=GAMES, seed=23, mulligan="none", on_the_draw=True)
    troll = {c.name: c for c in result.cards}["Troll"]
    assert troll.by_turn[0] == 0.0
    assert within(troll.by_turn[1], hits / len(orders), GAMES), (troll.by_turn, hits / len(orders))


def test_without_ramp_it_is_the_lands_only_measure_game_by_game() -> None:
    # one land of each entry rule (each its own class of the lands-only tables) and a Phyrexian cost: every
    # game's answer on every turn is the lands-only Karsten answer from the same cards seen
    beach = CardData(
        name="Deserted Beach",
        type_line="Land",
        oracle="This land enters tapped unless you control two or more other lands.\n{T}: Add {W} or {U}.",
    )
    base = parse_deck(
        "4 Plains\n4 Island\n3 Glacial Fortress\n3 Seachrome Coast\n3 Hallowed Fountain\n3 Arctic Treeline\n"
        "6 A {W}\n6 B {U}{U}\n6 C {1}{W}{U}\n6 D {W}{W}{U}{U}\n6 E {2}{W/P}\n6 F {3}{U}{U}\n"
    )
    beaches = DeckCard(name=beach.name, count=3, lines=(0,), card=beach, cost=None, is_land=True)
    deck = changed(base, cards=(beaches, *base.cards))
    kinds, _ = card_kinds(deck, 1)
    plan = DeckTables(deck)
    lands = plan.land_kinds
    assert lands == sum(1 for k in kinds if k.role == "land")  # (each land its own class, in deck order)
    counts = [c.count for c in deck.cards]
    record = KarstenPlanned(kinds, counts, STARTING_LIFE)
    lands_only = KarstenCastability(plan, STARTING_LIFE)
    whole = np.array(plan.class_copies, dtype=np.int64)
    deck_ids = [i for i, n in enumerate(counts) for _ in range(n)]
    rng = random.Random(5)
    for _ in range(300):
        order = rng.sample(deck_ids, len(deck_ids))
        hand = order[:7]
        game = record.game(hand, 6)
        seen = np.zeros(lands, dtype=np.int64)
        for i in hand:
            if i < lands:
                seen[i] += 1
        for turn in range(1, 7):
            drawn = order[6 + turn] if turn > 1 else -1
            mine = game.turn(drawn)
            new = np.array([drawn if 0 <= drawn < lands else -1])
            theirs = lands_only.castable(turn, seen[None, :], new, whole)[0]
            for column in range(len(plan.spells)):
                kind = lands + column
                assert (kind in mine) == bool(theirs[plan.cost_column[column]]), (
                    hand,
                    turn,
                    kinds[kind].name,
                )
            if 0 <= drawn < lands:
                seen[drawn] += 1


RAMP_DECK = parse_deck(
    "6 Forest\n6 Island\n4 Mountain\n4 Llanowar Elves\n2 Sol Ring\n2 Mind Stone\n2 Dark Ritual\n"
    "4 Lightning Bolt\n4 Counterspell\n4 Breeding Pool\n2 Glacial Fortress\n"
    "4 Grizzly Bears {1}{G}\n4 Hill Giant {3}{R}\n4 Divination {2}{U}\n4 Specter {1}{B}{B}\n4 Swamp\n"
)


@pytest.mark.parametrize("draw", [False, True])
def test_never_below_the_hand_driven_figure(draw: bool) -> None:
    # the game as played is one of the sequences the measure tries: per card and turn, the games counted
    # castable by Karsten's measure include those castable as played (exact counts, not estimates)
    games = 3_000
    counts = planned_counts(
        RAMP_DECK,
        turns=(1, 5),
        games=games,
        seed=7,
        on_the_draw=draw,
        mulligan="london",
        min_x=1,
        chunks=range(planned_chunks(games)),
    )
    assert counts.castable_as_played is not None and counts.hits_as_played is not None
    assert (counts.castable >= counts.castable_as_played).all()
    assert (counts.hits >= counts.hits_as_played).all()
    assert (counts.castable > counts.castable_as_played).any()  # (and it does find better sequences)


def test_the_report_keeps_both_figures_and_a_run_gives_the_same_answer_twice() -> None:
    one = goldfish(RAMP_DECK, turns=(1, 4), games=2_000, seed=8)
    two = goldfish(RAMP_DECK, turns=(1, 4), games=2_000, seed=8)
    assert one == two
    report = one.to_json()
    assert report["cards_as_played"] and report["on_curve_as_played"]
    for card in one.cards:
        assert len(card.by_turn_as_played) == len(card.by_turn)
        for karsten, played in zip(card.by_turn, card.by_turn_as_played, strict=True):
            assert karsten is not None and played is not None and karsten >= played


MESA = CardData(
    name="Arid Mesa",
    type_line="Land",
    oracle="{T}, Pay 1 life, Sacrifice Arid Mesa: Search your library for a Mountain or Plains card, put it "
    "onto the battlefield, then shuffle.",
)


def _with_mesa(text: str) -> Deck:
    base = parse_deck(text)
    mesas = DeckCard(name=MESA.name, count=3, lines=(0,), card=MESA, cost=None, is_land=True)
    return changed(base, cards=(mesas, *base.cards))


# a bounce land, fast lands (lands in play then do not dominate lands in hand), a shock land, rocks, mana
# creatures and a ritual
BOUNCE_FAST = (
    "4 Plains\n3 Mountain\n3 Island\n3 Azorius Chancery\n3 Seachrome Coast\n3 Sacred Foundry\n"
    "3 Llanowar Elves\n2 Sol Ring\n2 Mind Stone\n2 Dark Ritual\n"
    "6 A {W}\n6 B {1}{R}\n6 C {1}{W}{U}\n6 D {2}{W}{W}\n5 E {3}{R}{R}\n"
)


@pytest.mark.parametrize(
    "deck",
    [RAMP_DECK, parse_deck(BOUNCE_FAST + "3 Swamp\n"), _with_mesa(BOUNCE_FAST)],
    ids=["ramp", "bounce-fast", "bounce-fast-fetch"],
)
def test_the_shortcuts_give_the_exhaustive_answer_game_by_game(deck: Deck) -> None:
    # the record leaves out work whose answer it knows (the turn without a land play when a free land keeps
    # up, the last turn once everything is castable, the later turns of a game once everything is castable
    # without fetchlands, positions compared within their group): every game's castable kinds on every turn
    # are those of the exhaustive record, which tries everything
    kinds, _ = card_kinds(deck, 1)
    counts = [c.count for c in deck.cards if c.is_land] + [c.count for c in deck.cards if not c.is_land]
    fast = KarstenPlanned(kinds, counts, STARTING_LIFE)
    reference = KarstenPlanned(kinds, counts, STARTING_LIFE, exhaustive=True)
    deck_ids = [i for i, n in enumerate(counts) for _ in range(n)]
    rng = random.Random(11)
    for _ in range(150):
        order = rng.sample(deck_ids, len(deck_ids))
        hand = order[:7]
        games = (fast.game(hand, 6), reference.game(hand, 6))
        for turn in range(1, 7):
            drawn = order[6 + turn] if turn > 1 else -1
            mine, theirs = (game.turn(drawn) for game in games)
            assert mine == theirs, (hand, turn, sorted(mine ^ theirs))


@pytest.mark.parametrize(
    ("deck", "stops"),
    [
        (RAMP_DECK, True),
        (parse_deck(BOUNCE_FAST + "3 Swamp\n"), False),
    ],  # (its {3}{R}{R} needs 2 of 6 red lands)
    ids=["ramp", "bounce-fast"],
)
def test_without_fetchlands_what_is_castable_stays_castable(deck: Deck, stops: bool) -> None:
    # what lets a game stop following its positions once every kind is castable (KarstenGame.turn): by the
    # definition, turn by turn, the exhaustive record's castable kinds only grow; and the fast record does
    # stop in some games of the ramp deck
    kinds, _ = card_kinds(deck, 1)
    counts = [c.count for c in deck.cards if c.is_land] + [c.count for c in deck.cards if not c.is_land]
    reference = KarstenPlanned(kinds, counts, STARTING_LIFE, exhaustive=True)
    fast = KarstenPlanned(kinds, counts, STARTING_LIFE)
    deck_ids = [i for i, n in enumerate(counts) for _ in range(n)]
    rng = random.Random(5)
    stopped = 0
    for _ in range(120):
        order = rng.sample(deck_ids, len(deck_ids))
        game, quick = reference.game(order[:7], 7), fast.game(order[:7], 7)
        before: frozenset[int] = frozenset()
        for turn in range(1, 8):
            drawn = order[6 + turn] if turn > 1 else -1
            now, quickly = game.turn(drawn), quick.turn(drawn)
            assert before <= now, (order[:7], turn, sorted(before - now))
            before = now
            stopped += turn < 7 and quickly == fast.everything
    assert stopped > 0 or not stops


def test_the_grouped_comparison_keeps_what_comparing_every_pair_keeps() -> None:
    # _undominated compares a position only with those of its group (the same cards, lands fetched, cost
    # changers and cards in play that are not movable), each group sorted alone: the same positions as
    # comparing each with every position kept before it (the exhaustive reference), on random sets of
    # positions whose cards are shared out between play and hand, some kinds not movable
    rng = random.Random(40)
    dominated = 0
    for _ in range(400):
        movable = frozenset(k for k in range(5) if rng.random() < 0.6)
        positions: set[Position] = set()
        for _ in range(rng.randint(2, 14)):
            cards = sorted(rng.choices(range(5), k=rng.randint(0, 5)))
            shares: tuple[list[int], list[int], list[int]] = ([], [], [])
            for card in cards:
                shares[rng.randrange(3)].append(card)
            lands, sources, hand = shares
            positions.add(
                (
                    tuple(lands),
                    tuple(sources),
                    tuple(hand),
                    rng.randint(18, 20),
                    tuple(rng.choices([(), (0,)], weights=(3, 1))[0]),
                    (),
                    rng.randint(0, 1),
                )
            )
        kept = _undominated(positions, movable)
        assert kept == _undominated(positions, movable, exhaustive=True)
        dominated += len(positions) - len(kept)
    assert dominated > 100  # (the sets are not all of positions that no other dominates)
