"""The lands-only goldfish's questions by state (``DeckTables.state_rows`` and what reads it: the hand's sums
by bit planes, the counts over games, a land's successor state) against their definitions: the batch check
asked of each game's sources (``Castability.life_needed``), a spell payable when its cost needs no more life
than the game has, a part of its pips covered when the lands pay it with no life, and products summed
spell by spell. Random decks of basics, duals, shocklands, painlands and a fetchland, with Phyrexian costs
(so that life counts) and lives below zero and above every need."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from models.decklist import parse_deck
from planner.sim.bit_planes import bit_planes, plane_dots
from planner.sim.castability import Castability, sub_costs
from planner.sim.deck_tables import DeckTables

_LANDS = ("Plains", "Island", "Swamp", "Tundra", "Hallowed Fountain", "Caves of Koilos", "Adarkar Wastes")
_COSTS = ("{W}", "{U}{U}", "{1}{W}{U}", "{W}{W}{U}", "{2}{W/P}", "{B/P}{B/P}", "{W/U}{W/U}", "{3}", "{B}{W}")

Ints = npt.NDArray[np.int64]


@st.composite
def _decks(draw: st.DrawFn) -> DeckTables:
    lands = draw(st.lists(st.sampled_from(_LANDS), min_size=1, max_size=5, unique=True))
    costs = draw(st.lists(st.sampled_from(_COSTS), min_size=1, max_size=len(_COSTS), unique=True))
    copies = draw(st.lists(st.integers(1, 4), min_size=len(costs), max_size=len(costs)))
    spells = [f"{count} Spell{n} {cost}" for n, (count, cost) in enumerate(zip(copies, costs, strict=True))]
    listed = [f"{draw(st.integers(1, 9))} {name}" for name in lands]
    return DeckTables(parse_deck("\n".join([*listed, *spells])))


def _by_the_definition(plan: DeckTables, lands: Ints, life: Ints) -> tuple[Ints, Ints]:
    """Each game's payable spells (0/1) and parts of each spell's pips covered, from the batch check."""
    needed = plan.oracle.life_needed(lands @ plan.class_sources)
    games, spells = lands.shape[0], len(plan.spells)
    payable = np.zeros((games, spells), dtype=np.int64)
    cover = np.zeros((games, spells), dtype=np.int64)
    for column, spell in enumerate(plan.spells):
        if spell.cost is None:
            continue
        cost = plan.costs.index(spell.cost)
        payable[:, column] = needed[:, cost] <= life
        for part in sub_costs(spell.cost):
            cover[:, column] += needed[:, plan.costs.index(part)] == 0
    return payable, cover


def _counts(data: st.DataObject, rows: int, columns: int) -> Ints:
    """Rows of counts from 0 to 4."""
    row = st.lists(st.integers(0, 4), min_size=columns, max_size=columns)
    drawn = data.draw(st.lists(row, min_size=rows, max_size=rows))
    return np.array(drawn, dtype=np.int64).reshape(rows, columns)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_bit_planes_sum_the_products_of_counts(data: st.DataObject) -> None:
    rows = data.draw(st.integers(0, 6))
    columns = data.draw(st.integers(1, 150))  # (more than one 64-bit word)
    top = data.draw(st.sampled_from([1, 2, 7, 300]))
    cells = st.lists(st.integers(0, top), min_size=columns, max_size=columns)
    left = np.array(data.draw(st.lists(cells, min_size=rows, max_size=rows)), dtype=np.int64)
    right = np.array(data.draw(st.lists(cells, min_size=rows, max_size=rows)), dtype=np.int64)
    left, right = left.reshape(rows, columns), right.reshape(rows, columns)
    depth = data.draw(st.integers(top.bit_length(), 10))  # (a given depth, deeper than the counts need)
    dots = plane_dots(bit_planes(left, depth), bit_planes(right))
    assert dots.tolist() == (left * right).sum(axis=1).tolist()


#: Fifteen source masks (five basics, ten shocklands): more than a state's code holds (the rows by bytes).
_RAINBOW = DeckTables(
    parse_deck(
        "\n".join(
            [
                *(f"2 {basic}" for basic in ("Plains", "Island", "Swamp", "Mountain", "Forest")),
                *(
                    f"1 {shock}"
                    for shock in (
                        "Hallowed Fountain",
                        "Watery Grave",
                        "Blood Crypt",
                        "Stomping Ground",
                        "Temple Garden",
                        "Godless Shrine",
                        "Steam Vents",
                        "Overgrown Tomb",
                        "Sacred Foundry",
                        "Breeding Pool",
                    )
                ),
                "4 Spell0 {W}{U}{B}",
                "4 Spell1 {1}{R/P}{G}",
                "1 Spell2 {G/W}{B/P}",
            ]
        )
    )
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(plan=_decks(), data=st.data())
def test_questions_by_state_answer_as_the_batch_check(plan: DeckTables, data: st.DataObject) -> None:
    _check_questions(plan, data)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_questions_by_state_with_more_masks_than_a_code_holds(data: st.DataObject) -> None:
    assert _RAINBOW.oracle.code_weights is None
    _check_questions(_RAINBOW, data)


def _check_questions(plan: DeckTables, data: st.DataObject) -> None:
    """Each question by state against the definition, on a few calls' random lands, lives and hands."""
    kinds, spells = plan.land_kinds, len(plan.spells)
    for _ in range(3):  # (states met again, and new ones, as the tables grow)
        games = data.draw(st.integers(1, 12))
        lands = _counts(data, games, kinds)
        lives = st.sampled_from([-3, -1, 0, 1, 2, 3, 4, 17, 20, Castability.NEVER, Castability.NEVER + 5])
        life = np.array(data.draw(st.lists(lives, min_size=games, max_size=games)), dtype=np.int64)
        hand = _counts(data, games, spells)
        payable, cover = _by_the_definition(plan, lands, life)

        asked_payable, asked_cover = plan.ask(lands, life)
        assert asked_payable.astype(np.int64).tolist() == payable.tolist()
        assert asked_cover.tolist() == cover.tolist()
        states = plan.state_rows(lands)
        held = plan.hand_planes(np.concatenate([lands, hand], axis=1))
        assert plan.payable_in_hand(states, life, held).tolist() == (payable * hand).sum(axis=1).tolist()
        assert plan.cover_in_hand(states, held).tolist() == (cover * hand).sum(axis=1).tolist()
        assert plan.in_deck(states).tolist() == (cover @ plan.copies).tolist()
        assert plan.payable_counts(states, life).tolist() == payable.sum(axis=0).tolist()
        chosen = np.array(data.draw(st.lists(st.integers(0, spells - 1), min_size=1, max_size=3)))
        asked = plan.payable_spells(states, life, chosen)
        assert asked.astype(np.int64).tolist() == payable[:, chosen].tolist()
        kind = data.draw(st.integers(0, kinds - 1))
        more = lands.copy()
        more[:, kind] += 1
        after = plan.state_after(states, kind, lands)
        assert (plan.oracle.answers[after] == plan.oracle.answers[plan.state_rows(more)]).all()
        assert plan.state_after(states, kind, lands).tolist() == after.tolist()  # (kept: the same states)
