"""Planning a turn (contract section 7): against a brute force over every order of every action, and the
rules of a turn's main phase one by one."""

from __future__ import annotations

import random
import tracemalloc
from pathlib import Path

import pytest
from turn_brute_force import brute_force, matches_brute_force

from models.board import Board, Card
from models.carddata.faces import Card as StoredCard
from models.carddata.faces import CardFace
from models.carddata.names import CardResolver
from models.cost import PaymentTarget
from models.errors import InputError
from planner.cards.store import CardStore
from planner.rules.hand import hand_abilities
from planner.turn import TurnResult, plan_turn
from planner.turn_choices import exile_choices, why_not_castable_now

BEARS = {"name": "Grizzly Bears", "type_line": "Creature — Bear", "mana_cost": "{1}{G}"}
OGRE = {"name": "Hill Giant", "type_line": "Creature — Giant", "mana_cost": "{3}{R}"}
DIVINATION = {"name": "Divination", "type_line": "Sorcery", "mana_cost": "{2}{U}"}
SPECTER = {"name": "Hypnotic Specter", "type_line": "Creature — Specter", "mana_cost": "{1}{B}{B}"}

#: Polluted Delta, as its Oracle text reads today
DELTA = {
    "name": "Polluted Delta",
    "type_line": "Land",
    "oracle": "{T}, Pay 1 life, Sacrifice Polluted Delta: Search your library for an Island or Swamp card, "
    "put it onto the battlefield, then shuffle.",
}
#: Evolving Wilds, as its Oracle text reads today
WILDS = {
    "name": "Evolving Wilds",
    "type_line": "Land",
    "oracle": "{T}, Sacrifice Evolving Wilds: Search your library for a basic land card, put it onto the "
    "battlefield tapped, then shuffle.",
}
#: the board's library, when a case lists it (what the fetchlands may find)
LIBRARY = ["Island", "Swamp", "Lightning Bolt"]

#: the lands a random case may have on the battlefield
BASIC_LANDS = ["Forest", "Island", "Mountain", "Swamp"]
LANDS: list[object] = [
    *BASIC_LANDS,
    "Hallowed Fountain",
    "Glacial Fortress",
    DELTA,
    WILDS,
    "Dimir Aqueduct",
]
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
    "Simian Spirit Guide",
    "Lotus Petal",
]


def _board(permanents: list[str], hand: list[object], **player: object) -> Board:
    """A board of ``me``'s permanents (ids p0, p1...) and hand."""
    return Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me", "hand": hand, **player}],
            "permanents": [
                {"id": f"p{i}", "card": name, "controller": "me"} for i, name in enumerate(permanents)
            ],
        }
    )


def _random_case(rng: random.Random) -> Board:
    permanents = rng.sample(BASIC_LANDS, rng.randint(0, 3)) + rng.sample(ROCKS, rng.randint(0, 2))
    hand: list[object] = [rng.choice(LANDS) for _ in range(rng.randint(0, 2))]
    hand += [rng.choice(SPELLS) for _ in range(rng.randint(1, 4))]
    return _board(permanents, hand[:5], library=LIBRARY)


@pytest.mark.parametrize("seed", range(40))
def test_best_turn_matches_the_brute_force(seed: int) -> None:
    board = _random_case(random.Random(seed))
    matches_brute_force(board)


@pytest.mark.parametrize("seed", range(16))
def test_best_turn_with_more_land_plays_matches_the_brute_force(seed: int) -> None:
    """Two or three land plays (CR 305.2a, the board's land_plays): every one is taken, each land entering as
    the lands before it make it, fetchlands cracked for what the library holds. (No bounce land: the land it
    returns could be played again, which neither the plan nor the brute force does, and the plan says so.)"""
    rng = random.Random(1_000 + seed)
    permanents = rng.sample(BASIC_LANDS, rng.randint(0, 2)) + rng.sample(ROCKS, rng.randint(0, 1))
    lands = [land for land in LANDS if land != "Dimir Aqueduct"]
    hand: list[object] = [rng.choice(lands) for _ in range(rng.randint(1, 3))]
    hand += [rng.choice(SPELLS) for _ in range(rng.randint(1, 2))]
    matches_brute_force(_board(permanents, hand, library=LIBRARY, land_plays=rng.choice([2, 3])))


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


def test_ten_sol_rings_and_more_are_replayed() -> None:
    """Twelve Sol Rings on three Mountains: each Ring pays {1} and taps for {C}{C}, so each one cast pays for
    the next (by hand: all twelve). A Ring's activation after the last cast, its mana floating for no spell,
    once went with the last cast's plan, before that Ring was on the battlefield: the replay refused it (an
    internal error from ten Rings on)."""
    turn = plan_turn(_board(["Mountain"] * 3, ["Sol Ring"] * 12), time_limit=60)
    assert turn.optimal and turn.mana_value_cast == 12 and len(turn.spells) == 12


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


def test_thousands_of_spirit_guides_are_exile_choices_made_one_at_a_time() -> None:
    """3,000 Simian Spirit Guides are 3,001 choices of how many to exile: made as the search asks for them,
    never all at once (that list would hold about 4.5 million references)."""
    board = _board([], ["Simian Spirit Guide"] * 3_000)
    abilities = hand_abilities(board, "me")
    tracemalloc.start()
    try:
        choices = exile_choices(abilities, set())
        first = [next(choices) for _ in range(3)]
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert [len(choice) for choice in first] == [0, 1, 2]
    assert peak < 1_000_000
    assert sum(1 for _ in choices) == 3_001 - 3


def test_a_free_mana_spell_is_cast_first_and_the_plan_matches_the_brute_force() -> None:
    """Lotus Petals cost nothing and only bring mana: the search casts them first (an order that casts one
    later is never better). A Swamp, two Petals, Dark Ritual, Hypnotic Specter and Lightning Bolt: by hand,
    the Swamp casts the Ritual, its {B}{B}{B} the Specter, one Petal's {R} the Bolt: mana value 5 for four
    cards (the other Petal stays in the hand). The brute force agrees, and the Petal is cast first."""
    board = _board(["Swamp"], ["Dark Ritual", SPECTER, "Lotus Petal", "Lightning Bolt", "Lotus Petal"])
    turn = plan_turn(board)
    cast = [s.card for s in turn.spells]
    assert turn.optimal
    assert (turn.mana_value_cast, len(cast)) == (5, 4) == brute_force(board)
    assert cast[0] == "Lotus Petal" and cast.count("Lotus Petal") == 1


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


def test_a_spirit_guide_is_exiled_for_mana_when_that_casts_more() -> None:
    """Four Mountains, Simian Spirit Guide and a five-mana instant: by hand, the Guide cast as a creature is 3
    mana value; exiled from the hand for {R} (CR 605.3a: a mana ability of a card in hand), it casts the
    instant, 5. With three Mountains and nothing else to cast, the Guide is cast. The brute force agrees."""
    big = {"name": "Big Instant", "type_line": "Instant", "mana_cost": "{4}{R}"}
    board = _board(["Mountain"] * 4, ["Simian Spirit Guide", big])
    turn = plan_turn(board)
    assert [s.card for s in turn.spells] == ["Big Instant"] and turn.mana_value_cast == 5
    assert turn.exiled == (("Simian Spirit Guide", "{R}"),) and turn.optimal and turn.notes == ()
    assert turn.to_json()["exiled_from_hand"] == [{"card": "Simian Spirit Guide", "mana": "{R}"}]
    assert brute_force(board) == (5, 2)
    asked = plan_turn(board, casts=["Big Instant"])
    assert asked.castable and asked.exiled == (("Simian Spirit Guide", "{R}"),)
    alone = _board(["Mountain"] * 3, ["Simian Spirit Guide"])
    turn = plan_turn(alone)
    assert [s.card for s in turn.spells] == ["Simian Spirit Guide"] and turn.exiled == ()
    assert brute_force(alone) == (3, 1)


def test_two_guides_of_two_colors_pay_a_two_color_spell() -> None:
    """No permanent; Elvish and Simian Spirit Guide and a {R}{G} spell: both exiled cast it (2 mana value, 3
    cards); neither Guide can be cast (each costs 3)."""
    blade = {"name": "Test Blade", "type_line": "Sorcery", "mana_cost": "{R}{G}"}
    board = _board([], ["Elvish Spirit Guide", "Simian Spirit Guide", blade])
    turn = plan_turn(board)
    assert [s.card for s in turn.spells] == ["Test Blade"] and turn.optimal
    assert sorted(turn.exiled) == [("Elvish Spirit Guide", "{G}"), ("Simian Spirit Guide", "{R}")]
    assert brute_force(board) == (2, 3)


def test_lotus_petal_and_treasures_pay_once_each() -> None:
    """Two Mountains, Lotus Petal and Divination ({2}{U}): the Petal is cast for {0} and sacrificed for {U}:
    3 mana value. A Mountain, a Treasure and Strike It Rich ({R}: create a Treasure) with two {U} spells:
    the Mountain pays Strike It Rich, each Treasure is sacrificed for one {U} (CR 111.10a): 3 mana value.
    By hand and by the brute force."""
    board = _board(["Mountain", "Mountain"], ["Lotus Petal", DIVINATION])
    turn = plan_turn(board)
    assert [s.card for s in turn.spells] == ["Lotus Petal", "Divination"] and turn.mana_value_cast == 3
    assert "new-lotus-petal" in turn.spells[1].payment.sacrificed
    assert brute_force(board) == (3, 2)
    opt = {"name": "Test Opt", "type_line": "Instant", "mana_cost": "{U}"}
    rich = {
        "name": "Strike It Rich",
        "type_line": "Sorcery",
        "mana_cost": "{R}",
        "oracle": "Create a Treasure token.\nFlashback {2}{R}",
    }
    board = _board(["Mountain", "Treasure"], [rich, opt, opt])
    turn = plan_turn(board)
    assert turn.mana_value_cast == 3 and sorted(s.card for s in turn.spells) == sorted(
        ["Strike It Rich", "Test Opt", "Test Opt"]
    )
    assert brute_force(board) == (3, 3)


def test_a_fetchland_is_played_and_cracked_for_the_land_the_plan_needs() -> None:
    """A Mountain; Polluted Delta and a {1}{U} sorcery in hand; the library lists an Island and a Swamp: the
    Delta is played and cracked at once (1 life, CR 701.23) for the Island, untapped: Mountain and Island pay
    the sorcery. Evolving Wilds puts its land in tapped: the sorcery waits. Without a library list, a basic
    land of each type the search names is assumed, and a note says so."""
    think = {"name": "Test Think", "type_line": "Sorcery", "mana_cost": "{1}{U}"}
    board = _board(["Mountain"], [DELTA, think], library=LIBRARY)
    turn = plan_turn(board)
    assert turn.land_played == "Polluted Delta" and turn.land_fetched == "Island" and turn.land_life == 1
    assert [s.card for s in turn.spells] == ["Test Think"] and turn.optimal and turn.notes == ()
    assert turn.to_json()["land"]["fetched"] == "Island"
    assert brute_force(board) == (2, 2)
    wilds = _board(["Mountain"], [WILDS, think], library=LIBRARY)
    turn = plan_turn(wilds)
    assert turn.land_played == "Evolving Wilds" and turn.land_tapped and turn.spells == ()
    assert brute_force(wilds) == (0, 1)
    swamps_only = _board(["Mountain"], [DELTA, think], library=["Swamp"])
    turn = plan_turn(swamps_only)  # (the Swamp adds a color for later turns: the Delta is cracked for it)
    assert turn.spells == () and turn.land_fetched == "Swamp"
    unlisted = plan_turn(_board(["Mountain"], [DELTA, think]))
    assert unlisted.land_fetched == "Island" and unlisted.mana_value_cast == 2
    assert any("library is not listed" in note for note in unlisted.notes)


def test_a_fetchland_cracked_makes_landfall_trigger_twice() -> None:
    """Lotus Cobra ("Whenever a land you control enters, add one mana of any color") and Divination ({2}{U}):
    an Island played makes 2 mana (the trigger and the Island), not enough; Polluted Delta played (one
    trigger) and cracked for an Island (a second trigger, and the Island untapped) makes 3."""
    cobra = {
        "id": "cobra",
        "name": "Lotus Cobra",
        "type_line": "Creature — Snake",
        "mana_cost": "{1}{G}",
        "controller": "me",
        "oracle": "Landfall — Whenever a land you control enters, add one mana of any color.",
    }

    def turn_with(land: object) -> TurnResult:
        me = {"id": "me", "hand": [land, DIVINATION], "library": LIBRARY}
        return plan_turn(Board.from_dict({"version": 1, "players": [me], "permanents": [cobra]}))

    assert turn_with("Island").spells == ()
    turn = turn_with(DELTA)
    assert turn.land_fetched == "Island" and [s.card for s in turn.spells] == ["Divination"] and turn.optimal


def test_a_bounce_land_is_played_last_and_returns_a_land_already_tapped() -> None:
    """Island, Island and Mountain; Dimir Aqueduct (enters tapped, returns a land you control) and Lightning
    Bolt, holding {U}{U} for a counterspell: by hand the Mountain pays the Bolt, the Aqueduct is played after
    it and returns the tapped Mountain (the Islands stay open: CR 500.4 keeps no mana, the returned land's
    was spent). With no other land the Aqueduct would return itself: it is not played."""
    board = _board(["Island", "Island", "Mountain"], ["Dimir Aqueduct", "Lightning Bolt"])
    turn = plan_turn(board, hold=PaymentTarget.of("{U}{U}"))
    assert turn.land_played == "Dimir Aqueduct" and turn.land_tapped and turn.land_returned == "p2"
    assert [s.card for s in turn.spells] == ["Lightning Bolt"] and turn.hold_satisfied
    assert set(turn.left_open) == {"p0", "p1"} and turn.optimal
    assert brute_force(board) == (1, 2)
    alone = plan_turn(_board([], ["Dimir Aqueduct"]))
    assert alone.land_played is None and alone.optimal


def test_an_mdfc_is_played_as_its_land_face_or_cast_as_its_spell_face(tmp_path: Path) -> None:
    """Shatterskull Smashing // Shatterskull, the Hammer Pass (its Oracle text today), from a card store:
    with a Mountain and a {1}{R} sorcery, the land face is played untapped for 3 life and the two pay the
    sorcery (2 mana value; the spell face, {X}{R}{R}, can't be cast from one Mountain). With three Mountains
    and a Mountain in hand, the Mountain is played and the spell face cast with X = 1 (3 mana value)."""
    store = CardStore(tmp_path / "cards.sqlite3")
    store.write_cards([_shatterskull()])
    cards = CardResolver(store)
    strike = {"name": "Test Strike", "type_line": "Sorcery", "mana_cost": "{1}{R}"}
    board = Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me", "hand": ["Shatterskull Smashing", strike]}],
            "permanents": [{"id": "m", "card": "Mountain", "controller": "me"}],
        },
        cards=cards,
    )
    turn = plan_turn(board, cards=cards)
    assert (
        turn.land_played == "Shatterskull, the Hammer Pass" and turn.land_life == 3 and not turn.land_tapped
    )
    assert [s.card for s in turn.spells] == ["Test Strike"] and turn.optimal
    assert plan_turn(board).land_played is None  # (without the card data, its back face is unknown)
    more = Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me", "hand": ["Shatterskull Smashing", "Mountain"]}],
            "permanents": [{"id": f"m{n}", "card": "Mountain", "controller": "me"} for n in range(3)],
        },
        cards=cards,
    )
    turn = plan_turn(more, cards=cards)
    assert turn.land_played == "Mountain" and [s.card for s in turn.spells] == ["Shatterskull Smashing"]
    assert turn.mana_value_cast == 3


def _shatterskull() -> StoredCard:
    """Shatterskull Smashing // Shatterskull, the Hammer Pass as Scryfall gives it today."""
    both = "Shatterskull Smashing // Shatterskull, the Hammer Pass"
    front = CardFace(
        name="Shatterskull Smashing",
        card_name=both,
        face_index=0,
        type_line="Sorcery",
        mana_cost="{X}{R}{R}",
        oracle="Shatterskull Smashing deals X damage divided as you choose among up to two target creatures "
        "and/or planeswalkers. If X is 6 or more, Shatterskull Smashing deals twice X damage divided as "
        "you choose among them instead.",
        colors="R",
        layout="modal_dfc",
    )
    back = CardFace(
        name="Shatterskull, the Hammer Pass",
        card_name=both,
        face_index=1,
        type_line="Land",
        oracle="As Shatterskull, the Hammer Pass enters, you may pay 3 life. If you don't, it enters "
        "tapped.\n{T}: Add {R}.",
        layout="modal_dfc",
    )
    return StoredCard("shatterskull-test-id", both, "modal_dfc", (front, back))


def test_what_the_plan_leaves_out_is_noted_and_then_it_is_not_optimal() -> None:
    """Fabled Passage's search ("Then if you control four or more lands, untap that land") is not read:
    the plan plays it uncracked, says so in a note and is not called optimal."""
    passage = {
        "name": "Fabled Passage",
        "type_line": "Land",
        "oracle": "{T}, Sacrifice Fabled Passage: Search your library for a basic land card, put it onto the "
        "battlefield tapped, then shuffle. Then if you control four or more lands, untap that land.",
    }
    turn = plan_turn(_board(["Mountain"], [passage, "Lightning Bolt"], library=LIBRARY))
    assert turn.land_played == "Fabled Passage" and turn.land_fetched is None
    assert [s.card for s in turn.spells] == ["Lightning Bolt"] and not turn.optimal
    assert any("Fabled Passage: its search is not read" in note for note in turn.notes)


@pytest.mark.parametrize(
    ("oracle", "castable"),
    [
        ("Return target nonland permanent you don't control to its owner's hand.", False),
        ("Destroy target artifact you don't control.", False),
        ("Destroy target artifact an opponent controls.", False),
        ("Destroy target artifact you control.", True),
        ("Destroy target noncreature artifact.", True),
        ("Destroy target nonartifact permanent.", True),
        ("Destroy target nonland nonartifact permanent.", False),
    ],
)
def test_a_target_is_judged_with_its_controller_and_the_types_it_is_not(oracle: str, castable: bool) -> None:
    # an Island and a Sol Ring of the player's, nothing of the opponent's (CR 601.2c: a spell with no legal
    # target can't be cast, CR 115.1): "you don't control" and "an opponent controls" find nothing, "nonland
    # nonartifact" neither
    board = _board(["Island", "Sol Ring"], [])
    card = Card.from_json(
        {"name": "Test Target", "type_line": "Instant", "mana_cost": "{U}", "oracle": oracle}
    )
    assert (why_not_castable_now(card, board, "me") is None) == castable
