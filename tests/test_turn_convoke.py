"""Convoke, improvise, delve and the optional tap of creatures in a turn's plan (contract §11; CR 702.51a,
702.126a, 702.66a, 601.2b): the best turns of small boards derived by hand, and random small boards against
the brute force of tests/test_turn.py (every action in every order, each spell paid with every choice of
creatures, artifacts and graveyard cards: :func:`test_turn._paid_without_mana`)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from turn_brute_force import brute_force, matches_brute_force

from models.board import Board
from models.cost import PaymentTarget
from planner.api import pay
from planner.turn import TurnResult, plan_turn

BEAR = {"name": "Test Bear", "type_line": "Creature — Bear", "mana_cost": "{1}{G}"}
CAT = {"name": "Test Cat", "type_line": "Creature — Cat", "mana_cost": "{W}"}
TRINKET = {"name": "Test Trinket", "type_line": "Artifact", "mana_cost": "{1}"}
BOLT = {
    "name": "Test Bolt",
    "type_line": "Instant",
    "mana_cost": "{R}",
    "oracle": "Test Bolt deals 3 damage to any target.",
}
HYMN = {"name": "Test Hymn", "type_line": "Sorcery", "mana_cost": "{3}{W}", "oracle": "Convoke\nDraw a card."}
CHORUS = {
    "name": "Test Chorus",
    "type_line": "Creature — Elemental",
    "mana_cost": "{2}{G}",
    "oracle": "Convoke (Your creatures can help cast this spell. Each creature you tap while casting this "
    "spell pays for {1} or one mana of that creature's color.)",
}
GADGET = {
    "name": "Test Gadget",
    "type_line": "Sorcery",
    "mana_cost": "{2}{U}",
    "oracle": "Improvise (Your artifacts can help cast this spell. Each artifact you tap after you're done "
    "activating mana abilities pays for {1}.)\nDraw two cards.",
}
CRUISE = {
    "name": "Test Cruise",
    "type_line": "Sorcery",
    "mana_cost": "{4}{U}",
    "oracle": "Delve (Each card you exile from your graveyard while casting this spell pays for {1}.)\n"
    "Draw three cards.",
}
ANGLER = {
    "name": "Test Angler",
    "type_line": "Creature — Zombie Fish",
    "mana_cost": "{3}{B}",
    "oracle": "Delve",
}
BLAST = {
    "name": "Test Blast",
    "type_line": "Sorcery",
    "mana_cost": "{4}{R}",
    "oracle": "As an additional cost to cast this spell, you may tap any number of untapped creatures you "
    "control. This spell costs {1} less to cast for each creature tapped this way.\n"
    "Test Blast deals 5 damage to any target.",
}


def _board(permanents: list[Any], hand: list[Any], graveyard: int | None = None) -> Board:
    """A board of ``me``'s permanents (ids p0, p1...: a card name, or a card described directly) and hand."""
    player: dict[str, Any] = {"id": "me", "hand": hand}
    if graveyard is not None:
        player["graveyard"] = graveyard
    listed = []
    for n, permanent in enumerate(permanents):
        described = permanent if isinstance(permanent, dict) else {"card": permanent}
        listed.append({"id": f"p{n}", "controller": "me", **described})
    return Board.from_dict({"version": 1, "players": [player], "permanents": listed})


#: every plan_turn here has a time limit a loaded machine can't reach: a time-out is no answer, never a "no"


def _paid(turn: TurnResult) -> list[tuple[str, list[dict[str, Any]]]]:
    return [(s.card, [a.to_json() for a in s.payment.alternative_payments]) for s in turn.spells]


def test_a_creature_cast_earlier_convokes_for_a_later_spell() -> None:
    """Four lands and a Cat: the Bear ({1}{G}: both Forests), then the Hymn ({3}{W}) paid by both Plains
    ({W} and {1}), the Cat and the Bear, summoning sick (CR 702.51a; 302.6 does not apply): 6 mana value.
    Without convoke only one of them (the Hymn: 4)."""
    board = _board(["Forest", "Forest", "Plains", "Plains", CAT], [BEAR, HYMN])
    turn = plan_turn(board, time_limit=120)
    assert turn.optimal and turn.notes == ()
    assert turn.mana_value_cast == 6
    assert [card for card, _ in _paid(turn)] == ["Test Bear", "Test Hymn"]
    convoked = sorted(a["permanent"] for a in _paid(turn)[1][1])
    assert convoked == ["new-test-bear", "p4"]
    assert json.loads(json.dumps(turn.to_json()))["spells"][1]["payment"]["alternative_payments"]


def test_a_creature_convokes_only_for_the_spells_after_it() -> None:
    """The board of the test above: in the order given, the Hymn before the Bear, the Bear is not there to
    convoke and the Hymn takes a Forest, leaving the Bear one land: a "no"; in the best order, both."""
    board = _board(["Forest", "Forest", "Plains", "Plains", CAT], [BEAR, HYMN])
    assert plan_turn(board, casts=["Test Hymn", "Test Bear"], time_limit=120).castable is False
    best = plan_turn(board, casts=["Test Hymn", "Test Bear"], order="best", time_limit=120)
    assert best.castable and [s.card for s in best.spells] == ["Test Bear", "Test Hymn"]


def test_a_creature_taps_once_in_the_turn() -> None:
    """A Forest, a Plains, Llanowar Elves and a Cat: four taps in all, each permanent once (a creature
    tapped for mana can't convoke, one tapped for a spell stays tapped: CR 702.51a). The Bear and the Hymn
    would take six ({1}{G} and {3}{W}, less one for the Bear convoking): only the Hymn (4)."""
    board = _board(["Forest", "Plains", "Llanowar Elves", CAT], [BEAR, HYMN])
    turn = plan_turn(board, time_limit=120)
    assert turn.optimal
    assert turn.mana_value_cast == 4 and [s.card for s in turn.spells] == ["Test Hymn"]
    assert brute_force(board)[0] == 4


def test_instants_cast_earlier_are_delved_by_a_later_spell() -> None:
    """Two Mountains, an Island, two cards in the graveyard: both Bolts (each {R}) go to the graveyard as
    they resolve (CR 608.2n), four cards, then the Cruise ({4}{U}) exiles them all (702.66a) and the Island
    pays {U}: 7 mana value, where without delve only the Bolts are cast."""
    board = _board(["Mountain", "Mountain", "Island"], [BOLT, CRUISE, BOLT], graveyard=2)
    turn = plan_turn(board, time_limit=120)
    assert turn.optimal and turn.mana_value_cast == 7
    assert _paid(turn)[-1] == ("Test Cruise", [{"kind": "delve", "cards": 4, "paid": "{4}"}])
    assert brute_force(board) == (7, 3)


def test_an_instant_is_delved_only_by_the_spells_after_it() -> None:
    """The board of the test above, the Cruise first in the order given: two cards to delve, the Island and
    both Mountains pay the rest, and the Bolts find no red mana: a "no"; in the best order, all three."""
    board = _board(["Mountain", "Mountain", "Island"], [BOLT, CRUISE, BOLT], graveyard=2)
    given = ["Test Cruise", "Test Bolt", "Test Bolt"]
    assert plan_turn(board, casts=given, time_limit=120).castable is False
    best = plan_turn(board, casts=given, order="best", time_limit=120)
    assert best.castable and [s.card for s in best.spells][-1] == "Test Cruise"


def test_two_delve_spells_share_the_graveyard() -> None:
    """Three cards in the graveyard, an Island and a Swamp: the Cruise ({4}{U}) and the Angler ({3}{B})
    need seven cards between them; one of them only (each card is exiled once, CR 702.66a): the Cruise, 5."""
    board = _board(["Island", "Swamp"], [CRUISE, ANGLER], graveyard=3)
    turn = plan_turn(board, time_limit=120)
    assert turn.optimal and turn.mana_value_cast == 5
    assert brute_force(board) == (5, 1)


def test_cards_a_mana_ability_puts_into_the_graveyard_are_noted() -> None:
    """Lotus Petal sacrificed for its mana goes to the graveyard (CR 701.21a), where the Cruise could delve
    it; the turn model does not count it: the plan says so and is not called optimal."""
    board = _board(["Island", "Lotus Petal"], [CRUISE], graveyard=4)
    turn = plan_turn(board, time_limit=120)
    assert turn.mana_value_cast == 5 and not turn.optimal
    assert any("not delved" in note for note in turn.notes)


def test_an_artifact_cast_earlier_improvises() -> None:
    """Three Islands: the Trinket ({1}), then the Gadget ({2}{U}) paid by the Trinket (improvise, CR
    702.126a) and two Islands: 4 mana value, where without improvise only the Gadget (3)."""
    board = _board(["Island", "Island", "Island"], [TRINKET, GADGET])
    turn = plan_turn(board, time_limit=120)
    assert turn.optimal and turn.mana_value_cast == 4
    assert _paid(turn) == [
        ("Test Trinket", []),
        ("Test Gadget", [{"kind": "improvise", "permanent": "new-test-trinket", "paid": "{1}"}]),
    ]


def test_creatures_tapped_for_the_optional_additional_cost() -> None:
    """Two Mountains and three creatures: the Blast ({4}{R}) costs {1} less for each creature tapped for its
    additional cost (CR 601.2b, 601.2f): {1}{R} with all three, paid by the Mountains."""
    board = _board(["Mountain", "Mountain", CAT, CAT, BEAR], [BLAST])
    turn = plan_turn(board, time_limit=120)
    assert turn.optimal and turn.mana_value_cast == 5
    assert sorted(a["kind"] for a in _paid(turn)[0][1]) == ["tapped_creature"] * 3


def test_a_turn_of_one_spell_pays_it_as_pay_does() -> None:
    """A turn that casts one convoke spell pays it as ``pay`` does (the same objective, contract §12): the
    same permanents tapped, the same alternative payments."""
    board = _board(["Plains", "Forest", "Llanowar Elves", CAT, "Island"], [HYMN])
    turn = plan_turn(board, time_limit=120)
    paid = pay(board, PaymentTarget.of("{3}{W}", convoke=True))
    (spell,) = turn.spells
    assert sorted(spell.payment.tapped) == sorted(paid.tapped)
    assert [a.to_json() for a in spell.payment.alternative_payments] == [
        a.to_json() for a in paid.alternative_payments
    ]


#: what a random case's battlefield and hand may hold: lands, creatures and artifacts, a spell paid without
#: mana in part and others
_LANDS = ["Forest", "Island", "Plains", "Mountain", "Swamp"]
_HELPERS: list[Any] = [CAT, TRINKET, "Llanowar Elves", "Sol Ring"]
_PAID_OTHERWISE: list[Any] = [HYMN, CHORUS, GADGET, CRUISE, ANGLER, BLAST]
_OTHERS: list[Any] = [BEAR, CAT, TRINKET, BOLT, "Sol Ring", *_PAID_OTHERWISE]


def _random_case(rng: random.Random) -> Board:
    permanents = rng.choices(_LANDS, k=rng.randint(1, 3)) + rng.choices(_HELPERS, k=rng.randint(1, 3))
    hand = [rng.choice(_PAID_OTHERWISE)] + [rng.choice(_OTHERS) for _ in range(rng.randint(0, 2))]
    return _board(permanents, hand, graveyard=rng.randint(0, 3))


@pytest.mark.parametrize("seed", range(40))
def test_best_turn_with_convoke_improvise_and_delve_matches_the_brute_force(seed: int) -> None:
    board = _random_case(random.Random(seed))
    matches_brute_force(board)
