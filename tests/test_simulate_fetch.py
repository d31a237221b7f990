"""Fetchlands in the goldfish, in both modes (lands only and planned): both Oracle wordings, the land found
leaves the library (deck thinning), the life paid, and a note for a land the simulation can't use."""

from __future__ import annotations

import math
from dataclasses import replace as changed
from math import comb

import pytest

from models.catalogue import CardData
from models.decklist import Deck, DeckCard, parse_deck
from planner.sim.simulate import goldfish

MODES = ("none", "planner")


def _vista(wording: str = "then shuffle.") -> CardData:
    return CardData(
        name="Prismatic Vista",
        type_line="Land",
        oracle="{T}, Pay 1 life, Sacrifice Prismatic Vista: Search your library for a basic land card, "
        f"put it onto the battlefield, {wording}",
    )


def _with(base: str, land: CardData, count: int) -> Deck:
    deck = parse_deck(base)
    extra = DeckCard(name=land.name, count=count, lines=(0,), card=land, cost=None, is_land=True)
    return changed(deck, cards=(extra, *deck.cards))


@pytest.mark.parametrize("ramp", MODES)
def test_both_wordings_play_alike(ramp: str) -> None:
    # the 2019 wording ("then shuffle your library.") and today's ("then shuffle.") are one fetchland
    new, old = (
        _with("6 Mountain\n6 Plains\n48 Bolt {R}", _vista(w), 12)
        for w in ("then shuffle.", "then shuffle your library.")
    )
    a = goldfish(new, turns=(1, 3), games=600, seed=3, ramp=ramp)
    b = goldfish(old, turns=(1, 3), games=600, seed=3, ramp=ramp)
    assert a == b
    assert a.life_paid > 0.3 and (a.cards[0].by_turn[0] or 0) > 0.9


@pytest.mark.parametrize("ramp", MODES)
def test_the_land_found_leaves_the_library(ramp: str) -> None:
    # one Mountain in the deck: a fetchland finds it only while it is in the library, so never two red
    # sources; {R}{R} is never castable, {R} is as soon as the Mountain or a fetchland is played
    deck = _with("1 Mountain\n29 Bolt {R}\n30 Fireball {R}{R}", _vista(), 4)
    result = goldfish(deck, turns=(1, 7), games=3_000, seed=5, mulligan="none", ramp=ramp)
    by_name = {card.name: card for card in result.cards}
    assert all(p == 0.0 for p in by_name["Fireball"].by_turn)
    assert (by_name["Bolt"].by_turn[-1] or 0) > 0.4


@pytest.mark.parametrize("ramp", MODES)
def test_the_life_a_fetchland_pays_on_turn_one(ramp: str) -> None:
    # turn 1: a Mountain is played when there is one (it costs no life), else a Vista (1 life): the life paid
    # is P(no Mountain and a Vista among the seven), hypergeometric
    deck = _with("12 Mountain\n36 Bolt {R}", _vista(), 12)
    games = 20_000
    result = goldfish(deck, turns=(1, 1), games=games, seed=7, mulligan="none", ramp=ramp)
    truth = (comb(48, 7) - comb(36, 7)) / comb(60, 7)
    error = math.sqrt(truth * (1 - truth) / games)
    assert abs(result.life_paid - truth) <= 4 * error, (result.life_paid, truth)


@pytest.mark.parametrize("ramp", MODES)
def test_a_land_left_out_is_a_note(ramp: str) -> None:
    maze = CardData(name="Maze of Ith", type_line="Land", oracle="{T}: Untap target attacking creature.")
    tarn = CardData(
        name="Scalding Tarn",
        type_line="Land",
        oracle="{T}, Pay 1 life, Sacrifice Scalding Tarn: Search your library for an Island or Mountain "
        "card, put it onto the battlefield, then shuffle your library.",
    )
    deck = _with("12 Forest\n46 Bear {G}", maze, 1)
    deck = changed(
        deck,
        cards=(
            DeckCard(name=tarn.name, count=1, lines=(0,), card=tarn, cost=None, is_land=True),
            *deck.cards,
        ),
    )
    notes = goldfish(deck, turns=(1, 2), games=50, seed=1, ramp=ramp).notes
    assert any(note.startswith("Maze of Ith: it makes no mana") for note in notes), notes
    assert "Scalding Tarn: its search finds no land of this deck" in notes
