"""Planning a turn (contract section 7): against a brute force over every order of every action, and the
rules of a turn's main phase one by one."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from models.board import Board, Card
from models.cost import PaymentTarget
from models.errors import InputError
from models.spells import spell_target
from planner.rules.payment import payments
from planner.rules.pool import SpendRules
from planner.rules.replay import PlanState, initial_state, legal_steps, remove_units
from planner.rules.turn import arriving, land_entries, packet_units, resolution, treasure
from planner.rules.view import BoardView, locked_in
from planner.turn import plan_turn
from planner.turn_choices import why_not_castable_now

BEARS = {"name": "Grizzly Bears", "type_line": "Creature — Bear", "mana_cost": "{1}{G}"}
OGRE = {"name": "Hill Giant", "type_line": "Creature — Giant", "mana_cost": "{3}{R}"}
DIVINATION = {"name": "Divination", "type_line": "Sorcery", "mana_cost": "{2}{U}"}
SPECTER = {"name": "Hypnotic Specter", "type_line": "Creature — Specter", "mana_cost": "{1}{B}{B}"}

LANDS = ["Forest", "Island", "Mountain", "Swamp", "Hallowed Fountain", "Glacial Fortress"]
ROCKS = ["Sol Ring", "Mind Stone", "Arcane Signet", "Izzet Signet", "Fellwar Stone", "Treasure"]
SPELLS = [
    "Lightning Bolt",
    "Counterspell",
    "Dark Ritual",
    "Llanowar Elves",
    "Sol Ring",
    "Mind Stone",
    "Izzet Signet",
    "Seething Song",
    BEARS,
    OGRE,
    DIVINATION,
    SPECTER,
]


def _board(permanents: list[str], hand: list[object], **player: object) -> Board:
    return Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me", "hand": hand, **player}],
            "permanents": [
                {"id": f"p{i}", "card": name, "controller": "me"} for i, name in enumerate(permanents)
            ],
        }
    )


def _brute_force(board: Board) -> tuple[int, int]:
    """The most mana value a turn can cast, with the fewest cards used up for it (the land counts; the land
    drop is taken whenever the hand holds a land, contract section 11), found by trying every action in every
    order: each mana ability, each spell the pool pays exactly, each land
    play. Independent of the planner's epochs and orders: it only uses the rules (legal_steps, payments)
    and what a card does when it resolves."""
    start = initial_state(board, "me")
    hand = tuple(board.player("me").hand)
    best = (-1, 0)  # (a state with the land drop taken, when the hand holds a land, replaces it)
    seen: set[object] = set()
    stack: list[tuple[PlanState, tuple[Card, ...], bool, int, int]] = [(start, hand, False, 0, 0)]
    while stack:
        state, cards, played, value, used = stack.pop()
        key = (state.board, tuple(sorted(state.pool, key=repr)), cards, played)
        if key in seen:
            continue
        seen.add(key)
        assert len(seen) < 400_000, "the brute force grew too large for a test"
        land_left = not played and any(card.type_line.is_a("Land") for card in cards)
        if not land_left and (value, -used) > (best[0], -best[1]):  # (the land drop is always taken)
            best = (value, used)
        for _, after in legal_steps(state):
            stack.append((after, cards, played, value, used))
        view = BoardView(state.board)
        rules = SpendRules.for_player(view, "me")
        for index, card in enumerate(cards):
            rest = cards[:index] + cards[index + 1 :]
            if card.type_line.is_a("Land"):
                if played:
                    continue
                for entry in land_entries(view, card, "me"):
                    land = arriving(card, "land", "me", tapped=entry.tapped)
                    board_after = state.board.with_permanent(land)
                    board_after = board_after.replace_player("me", life=state.life - entry.life)
                    stack.append((replace(state, board=board_after), rest, True, value, used + 1))
                continue
            if why_not_castable_now(card, state.board, "me") is not None:
                continue  # (no legal target now: CR 601.2c)
            target = locked_in(view, spell_target(card), "me")
            for spent, life in payments(state.pool, target.cost, target, rules, state.life):
                pool = remove_units(state.pool, spent)
                assert pool is not None
                board_after = state.board.replace_player(
                    "me",
                    life=state.life - life,
                    spells_cast_this_turn=state.board.player("me").spells_cast_this_turn + 1,
                )
                effect = resolution(card)
                if effect.permanent:
                    pid = f"new{len(board_after.permanents)}"
                    board_after = board_after.with_permanent(arriving(card, pid, "me"))
                for _ in range(effect.treasures):
                    pid = f"t{len(board_after.permanents)}"
                    board_after = board_after.with_permanent(treasure(pid, "me"))
                mana = packet_units(tuple(p for p in effect.mana if len(p.types) == 1))
                assert all(len(p.types) == 1 for p in effect.mana), "the brute force takes fixed rituals"
                after = replace(state, board=board_after, pool=(*pool, *mana))
                stack.append((after, rest, played, value + target.cost.mana_value, used + 1))
    return best


def _random_case(rng: random.Random) -> Board:
    permanents = rng.sample(LANDS[:4], rng.randint(0, 3)) + rng.sample(ROCKS, rng.randint(0, 2))
    hand: list[object] = [rng.choice(LANDS) for _ in range(rng.randint(0, 2))]
    hand += [rng.choice(SPELLS) for _ in range(rng.randint(1, 4))]
    return _board(permanents, hand[:5])


@pytest.mark.parametrize("seed", range(40))
def test_best_turn_matches_the_brute_force(seed: int) -> None:
    board = _random_case(random.Random(seed))
    turn = plan_turn(board)
    cards_used = len(turn.spells) + (1 if turn.land_played else 0)
    assert turn.optimal
    assert (turn.mana_value_cast, cards_used) == _brute_force(board), json.dumps(turn.to_json())[:2000]


def test_mana_floats_from_one_spell_to_the_next() -> None:
    # Sol Ring's {C}{C} pays half of each spell: the pool carries within the main phase (CR 500.4)
    board = _board(["Sol Ring", "Forest", "Island"], [BEARS, "Counterspell"])
    turn = plan_turn(board, casts=["Grizzly Bears", "Counterspell"])
    assert turn.castable is False  # Counterspell needs {U}{U}: one Island
    turn = plan_turn(board, casts=["Grizzly Bears", "{1}{U}"])
    assert turn.castable and [s.payment.total_cost for s in turn.spells] == ["{1}{G}", "{1}{U}"]
    first, second = turn.spells
    assert "p0" in first.payment.tapped and str(first.payment.floating) == "{C}"
    assert "p0" not in second.payment.tapped and "{C}" in str(second.payment.mana_spent)


def test_a_ritual_pays_for_what_comes_after_it_only() -> None:
    board = _board(["Swamp"], ["Dark Ritual", SPECTER])
    assert plan_turn(board, casts=["Dark Ritual", "Hypnotic Specter"]).castable
    assert not plan_turn(board, casts=["Hypnotic Specter", "Dark Ritual"]).castable
    best = plan_turn(board, casts=["Hypnotic Specter", "Dark Ritual"], order="best")
    assert [s.card for s in best.spells] == ["Dark Ritual", "Hypnotic Specter"]


def test_a_rock_taps_the_turn_it_is_cast_and_a_creature_does_not() -> None:
    board = _board(["Mountain", "Forest", "Forest"], ["Sol Ring", "Llanowar Elves", OGRE])
    turn = plan_turn(board)
    assert [s.card for s in turn.spells] == ["Sol Ring", "Hill Giant"] and turn.mana_value_cast == 5
    assert "new-sol-ring" in turn.spells[1].payment.tapped
    elves_first = plan_turn(board, casts=["Llanowar Elves", "Hill Giant"])
    assert not elves_first.castable  # the Elves can't tap this turn (CR 302.6)


def test_the_land_is_chosen_and_counted_once() -> None:
    board = _board([], ["Island", "Forest", BEARS, "Lightning Bolt"])
    turn = plan_turn(board)  # one land makes one mana, nothing costs 1: the land drop is taken all the same
    assert turn.castable is False and turn.land_played in ("Island", "Forest") and turn.optimal
    assert plan_turn(board, no_land=True).land_played is None
    turn = plan_turn(_board(["Forest"], ["Island", "Mountain", BEARS, "Lightning Bolt"]))
    assert turn.land_played in ("Island", "Mountain") and turn.mana_value_cast == 2


def test_a_shockland_pays_life_only_when_it_must_enter_untapped() -> None:
    board = _board(
        ["Plains"], ["Hallowed Fountain", {"name": "Bird", "type_line": "Creature", "mana_cost": "{W}{U}"}]
    )
    turn = plan_turn(board)
    assert turn.land_played == "Hallowed Fountain" and turn.land_life == 2 and not turn.land_tapped


def test_hold_keeps_a_counterspell_open() -> None:
    board = _board(["Island", "Island", "Mountain"], ["Lightning Bolt", DIVINATION])
    turn = plan_turn(board, hold=PaymentTarget.of("{U}{U}"))
    assert turn.hold_satisfied and [s.card for s in turn.spells] == ["Lightning Bolt"]
    assert set(turn.hold_untapped) == {"p0", "p1"}
    free = plan_turn(board)
    assert [s.card for s in free.spells] == ["Divination"]


def test_every_plan_is_replayed_and_the_pool_empties_into_nothing() -> None:
    board = _board(["Sol Ring", "Forest"], ["Lightning Bolt"])
    turn = plan_turn(board)
    assert not turn.castable and turn.reason == "nothing in the hand can be cast this turn"


def test_bad_input_is_one_line() -> None:
    board = _board(["Forest"], ["Forest"], lands_played_this_turn=1)
    with pytest.raises(InputError, match="no land play left"):
        plan_turn(board, land="Forest")
    with pytest.raises(InputError, match="neither in me's hand nor in card data"):
        plan_turn(board, casts=["Nonexistent Card Name"])
    with pytest.raises(InputError, match="is a land"):
        plan_turn(board, casts=["Forest"])


def test_a_land_played_counts_for_river_of_tears() -> None:
    """River of Tears makes {B} once a land was played this turn (the board's lands_played_this_turn, which
    the turn's land play adds to): after a Swamp, {B}{B}; after an Island, only one {B} with the Island's
    {U}."""
    river = {
        "id": "river",
        "name": "River of Tears",
        "type_line": "Land",
        "controller": "me",
        "oracle": "{T}: Add {U}. If you played a land this turn, add {B} instead.",
    }
    rats = {"name": "Test Rats", "type_line": "Creature — Rat", "mana_cost": "{B}{B}"}

    def board_with(land: str) -> Board:
        return Board.from_dict(
            {"version": 1, "players": [{"id": "me", "hand": [land, rats]}], "permanents": [river]}
        )

    assert plan_turn(board_with("Swamp"), casts=["Test Rats"]).castable
    assert not plan_turn(board_with("Island"), casts=["Test Rats"]).castable


# ---------------------------------------------------------------- a bounded search (issue 37, contract §11)

BIG_HAND: list[object] = [
    "Dark Ritual",
    "Lotus Petal",
    "Simian Spirit Guide",
    "Elvish Spirit Guide",
    "Llanowar Elves",
    "Sol Ring",
    "Mind Stone",
    "Arcane Signet",
    "Seething Song",
    "Lotus Petal",
    "Dark Ritual",
    "Izzet Signet",
    "Fellwar Stone",
    "Lightning Bolt",
    "Counterspell",
    "Thought Vessel",
    "Sol Ring",
    "Mind Stone",
]


def test_copies_of_a_card_are_one_choice() -> None:
    """Eight Sol Rings and a Mountain: the Mountain casts one, each Ring pays for two more (by hand: all eight
    are cast, the last one's {C}{C} left over). Eight copies are 9 orders, not 8! (40,320): the search
    finishes and proves it."""
    turn = plan_turn(_board(["Mountain"], ["Sol Ring"] * 8))
    assert turn.optimal and turn.notes == ()
    assert turn.mana_value_cast == 8 and [s.card for s in turn.spells] == ["Sol Ring"] * 8


def test_a_time_out_is_never_a_no_nor_a_traceback() -> None:
    """An 18-card hand of rituals, Petals, Guides and rocks (the issue's) with time limits too short to
    search it all: the answer is no plan in time (castable None) or the best plan found, never 'no', never
    optimal, and a note says the search stopped."""
    board = _board(["Swamp", "Mountain", "Island", "Forest"] * 3, BIG_HAND)
    for limit in (0.001, 0.3, 1.5):
        turn = plan_turn(board, time_limit=limit)
        assert turn.castable is not False and not turn.optimal, limit
        assert any("time limit ran out" in note for note in turn.notes)
        if turn.castable is None:
            assert turn.reason == "time limit"
        else:
            assert turn.mana_value_cast > 0 and turn.spells


def test_thirty_thousand_identical_cards_answer_in_time() -> None:
    """30,000 Sol Rings: the order search is lazy (one order at a time), so this is answered (or not, in
    time) rather than built in memory first."""
    turn = plan_turn(_board(["Mountain"] * 3, ["Sol Ring"] * 30_000), time_limit=1.0)
    assert turn.castable is not False and not turn.optimal


# ---------------------------------------------------------------- a turn as a player plays it (contract §11)


def test_the_land_drop_is_taken_even_when_nothing_becomes_castable() -> None:
    """Urza's Tower completing Tron casts nothing this turn (the hand has no spell) but is played; --no-land
    keeps it; --cast leaves the choice to the plan (it is not needed)."""
    board = _board(["Urza's Mine", "Urza's Power-Plant"], ["Urza's Tower"])
    turn = plan_turn(board)
    assert turn.land_played == "Urza's Tower" and turn.castable is False and turn.optimal
    assert plan_turn(board, no_land=True).land_played is None
    with pytest.raises(InputError, match="--no-land"):
        plan_turn(board, no_land=True, land="Urza's Tower")


def test_the_land_played_is_the_one_that_adds_a_color() -> None:
    """A Mountain on the board, Mountain and Island in hand, Lightning Bolt: either land casts the Bolt (by
    hand: the Mountain on the board pays {R}); the Island keeps two colors for later turns."""
    board = _board(["Mountain"], ["Mountain", "Island", "Lightning Bolt"])
    turn = plan_turn(board)
    assert turn.land_played == "Island" and [s.card for s in turn.spells] == ["Lightning Bolt"]


def test_a_spell_that_targets_a_spell_is_never_cast_with_an_empty_stack() -> None:
    """CR 601.2c: Counterspell needs a spell to target; in the main phase the stack is empty. Two Islands,
    Counterspell and Divination in hand: nothing is cast (Divination costs 3), Counterspell is held back with
    a note; --cast Counterspell is a 'no' that says why. A spell that targets a creature waits for one."""
    board = _board(["Island", "Island"], ["Counterspell", DIVINATION])
    turn = plan_turn(board)
    assert turn.castable is False and turn.spells == ()
    assert any("Counterspell targets a spell" in note for note in turn.notes)
    asked = plan_turn(board, casts=["Counterspell"])
    assert asked.castable is False and "CR 601.2c" in (asked.reason or "")
    growth = {
        "name": "Giant Growth",
        "type_line": "Instant",
        "mana_cost": "{G}",
        "oracle": "Target creature gets +3/+3 until end of turn.",
    }
    alone = plan_turn(_board(["Forest"], [growth]))
    assert alone.castable is False and any("needs a target creature" in note for note in alone.notes)
    assert plan_turn(_board(["Forest", "Llanowar Elves"], [growth])).mana_value_cast == 1


def test_what_the_plan_leaves_out_is_noted_and_then_it_is_not_optimal() -> None:
    """Simian Spirit Guide's mana ability in the hand is not in turn plans yet: the plan (four Mountains: by
    hand, the Guide as a creature, 3 mana value) says so in a note and is not called optimal (exiling it
    would cast a five-mana instant)."""
    big = {"name": "Big Instant", "type_line": "Instant", "mana_cost": "{4}{R}"}
    turn = plan_turn(_board(["Mountain"] * 4, ["Simian Spirit Guide", big]))
    assert turn.mana_value_cast == 3 and not turn.optimal
    assert any("Simian Spirit Guide: its mana ability in the hand" in note for note in turn.notes)
