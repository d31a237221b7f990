"""What the turn's own events change in its mana (contract section 11, issue 35): an amount is counted as
the ability resolves (CR 608.2h) and an activation condition as it is activated (CR 602.5b), on the board of
that moment, so a creature spell cast before Gaea's Cradle is tapped counts, and one cast after it does not
(planner.turn_amounts); and a permanent tapped during the turn whose tapped state decides how others enter
(Archelos, Lagoon Mystic: CR 614.1c) makes what enters after it enter tapped (planner.turn_entering).
Hand-derived turns, and the turn brute force (tests/turn_brute_force.py), which activates every ability on
the board as it stands and puts each permanent onto it as it enters then (each of these failed on main).
"""

from __future__ import annotations

from typing import Any

from turn_brute_force import brute_force, matches_brute_force

from models.board import Board
from planner.turn import plan_turn

#: Gaea's Cradle's shape
CRADLE = {
    "name": "Test Cradle",
    "type_line": "Land",
    "oracle": "{T}: Add {G} for each creature you control.",
}
GROWER = {"name": "Test Grower", "type_line": "Creature — Elf", "power": 1, "toughness": 1, "oracle": ""}
#: a creature that taps for mana the turn it comes (haste: CR 302.6 does not stop it)
DORK = {
    "name": "Test Dork",
    "type_line": "Creature — Elf",
    "mana_cost": "{G}",
    "oracle": "Haste\n{T}: Add {G}.",
}
ELF = {"name": "Test Elf", "type_line": "Creature — Elf", "mana_cost": "{G}", "oracle": ""}
BEAR = {"name": "Test Bear", "type_line": "Creature — Bear", "mana_cost": "{1}{G}", "oracle": ""}
CUB = {"name": "Test Cub", "type_line": "Creature — Bear", "mana_cost": "{G}", "oracle": ""}
#: a charge counter on each spell, and {C} for each charge counter
GENERATOR = {
    "name": "Test Generator",
    "type_line": "Artifact",
    "counters": {"charge": 1},
    "oracle": "Whenever you cast a spell, put a charge counter on this artifact.\n{T}: Add {C} for each "
    "charge counter on this artifact.",
}
LION = {"name": "Test Lion", "type_line": "Creature — Cat", "mana_cost": "{1}{W}"}
IDOL = {"name": "Test Idol", "type_line": "Artifact", "mana_cost": "{2}", "oracle": ""}
#: Mox Opal's shape (metalcraft as an activation condition)
MOX = {
    "name": "Test Mox",
    "type_line": "Legendary Artifact",
    "oracle": "{T}: Add one mana of any color. Activate only if you control three or more artifacts.",
}
BAUBLE = {"name": "Test Bauble", "type_line": "Artifact", "oracle": ""}
THOPTER = {"name": "Test Thopter", "type_line": "Artifact Creature — Thopter", "mana_cost": "{0}"}
SHOCK = {"name": "Test Shock", "type_line": "Sorcery", "mana_cost": "{R}", "oracle": ""}


def _board(permanents: list[Any], hand: list[Any]) -> Board:
    """``me``'s board on ``me``'s turn: permanents (a card name or a card's object) with ids p0, p1..., and
    the hand."""
    listed = [
        {"id": f"p{n}", "controller": "me", **({"card": p} if isinstance(p, str) else p)}
        for n, p in enumerate(permanents)
    ]
    player = {"id": "me", "hand": hand, "spells_cast_this_turn": 0}
    return Board.from_dict(
        {"version": 1, "active_player": "me", "players": [player, {"id": "opp"}], "permanents": listed}
    )


def test_cradle_tapped_before_the_creature_arrives_makes_what_it_counts_then() -> None:
    """Cradle and one creature; the hand a hasty dork {G} and a {G} creature. Cradle tapped first makes
    {G} (one creature, CR 608.2h): the dork; the dork's {G} then casts the Cub. Main answered 'no' to
    casting the dork alone (Cradle's only template was the last board's {G}{G}, from after the dork)."""
    board = _board([CRADLE, GROWER], [DORK, CUB])
    one = plan_turn(board, casts=["Test Dork"], time_limit=120)
    assert one.castable is True, (one.reason, one.notes)
    both = plan_turn(board, casts=["Test Dork", "Test Cub"], time_limit=120)
    assert both.castable is True, (both.reason, both.notes)
    assert brute_force(board) == (2, 2)
    assert [s.card for s in matches_brute_force(board).spells] == ["Test Dork", "Test Cub"]


def test_a_creature_cast_before_cradle_is_tapped_is_counted() -> None:
    """Cradle, a Forest and one creature; the hand a {G} creature and a {1}{G} one. The Forest casts the Elf
    first; Cradle then counts two creatures: {G}{G} for the Bear (3 mana value). Main cast the Elf with the
    plain spells, never before Cradle: the Bear alone, and 'no' to both given."""
    board = _board([CRADLE, "Forest", GROWER], [ELF, BEAR])
    both = plan_turn(board, casts=["Test Elf", "Test Bear"], time_limit=120)
    assert both.castable is True, (both.reason, both.notes)
    assert brute_force(board) == (3, 2)
    assert matches_brute_force(board).mana_value_cast == 3


def test_the_counter_of_a_cast_trigger_is_counted_for_the_later_spells() -> None:
    """A charge counter on each spell cast and {C} for each (one counter), and two Plains; the hand a {1}{W}
    Lion and a {2} Idol. The Plains cast the Lion; its trigger resolves first (CR 603.3): two counters,
    {C}{C} for the Idol. The other order casts one (the rock's {C} and a Plains for the Idol, one Plains
    left). Main left such counters unplanned (a note) and answered no plan for both."""
    board = _board([GENERATOR, "Plains", "Plains"], [LION, IDOL])
    turn = plan_turn(board, casts=["Test Lion", "Test Idol"], time_limit=120)
    assert turn.castable is True, (turn.reason, turn.notes)
    assert turn.notes == ()
    assert plan_turn(board, casts=["Test Idol", "Test Lion"], time_limit=120).castable is False
    assert brute_force(board) == (4, 2)
    assert matches_brute_force(board).mana_value_cast == 4


def test_an_activation_condition_met_by_an_artifact_cast_this_turn() -> None:
    """Metalcraft: the Mox and one artifact; the hand a {0} artifact creature and an {R} sorcery. Cast
    first, the Thopter is the third artifact (CR 602.5b: judged as the Mox is activated): the Mox pays the
    sorcery. Main cast the Thopter with the plain spells and answered 'nothing in the hand can be cast'."""
    board = _board([MOX, BAUBLE], [THOPTER, SHOCK])
    turn = plan_turn(board, casts=["Test Thopter", "Test Shock"], time_limit=120)
    assert turn.castable is True, (turn.reason, turn.notes)
    assert brute_force(board) == (1, 2)
    assert matches_brute_force(board).mana_value_cast == 1


def test_an_instant_in_the_graveyard_before_a_graveyard_count_is_tapped() -> None:
    """'{T}: Add {R} for each instant card in your graveyard.' with one there, and a Mountain; the hand an {R}
    instant and an {R}{R} sorcery. The Mountain casts the instant; once it resolved its card is in the
    graveyard (CR 608.2n): two instants, {R}{R} for the sorcery (3 mana value). Main cast the instant with
    the plain spells, after every activation, and answered the sorcery alone as the best."""
    crypt = {
        "name": "Test Crypt",
        "type_line": "Land",
        "oracle": "{T}: Add {R} for each instant card in your graveyard.",
    }
    bolt = {"name": "Test Bolt", "type_line": "Instant", "mana_cost": "{R}", "oracle": ""}
    blast = {"name": "Test Blast", "type_line": "Sorcery", "mana_cost": "{R}{R}", "oracle": ""}
    board = _board([crypt, "Mountain"], [bolt, blast])
    board = board.replace_player("me", graveyard=board.player("me").hand[:1])
    assert brute_force(board) == (3, 2)
    assert [s.card for s in matches_brute_force(board).spells] == ["Test Bolt", "Test Blast"]


#: Archelos, Lagoon Mystic's shape
TURTLE = {
    "name": "Test Lagoon Turtle",
    "type_line": "Legendary Creature — Turtle Shaman",
    "power": 1,
    "toughness": 4,
    "oracle": "As long as Test Lagoon Turtle is tapped, other permanents enter tapped.\nAs long as Test "
    "Lagoon Turtle is untapped, other permanents enter untapped.",
}
CHORUS = {"name": "Test Chorus", "type_line": "Sorcery", "mana_cost": "{1}{G}", "oracle": "Convoke"}
STONE = {"name": "Test Stone", "type_line": "Artifact", "mana_cost": "{1}", "oracle": "{T}: Add {C}."}
RELIC = {"name": "Test Relic", "type_line": "Artifact", "mana_cost": "{1}", "oracle": ""}


def test_what_enters_after_the_turtle_convoked_enters_tapped() -> None:
    """The turtle and two Forests; given in order a {1}{G} convoke sorcery, a {1} rock and a {1} artifact.
    Forest and Forest for the sorcery leave nothing for the rock, so the turtle convokes it (CR 702.51a); the
    rock then enters tapped (the turtle is tapped: CR 614.1c) and can't pay the artifact: 'no'. Main tapped
    the rock that entered tapped and answered 'yes'. In the best order the rock comes before the sorcery,
    untapped, and pays the artifact (4 mana value, the brute force's)."""
    board = _board([TURTLE, "Forest", "Forest"], [CHORUS, STONE, RELIC])
    given = plan_turn(board, casts=["Test Chorus", "Test Stone", "Test Relic"], time_limit=120)
    assert given.castable is False, [(s.card, s.payment.steps) for s in given.spells]
    best = plan_turn(board, casts=["Test Chorus", "Test Stone", "Test Relic"], order="best", time_limit=120)
    assert best.castable is True, (best.reason, best.notes)
    order = [s.card for s in best.spells]
    assert order.index("Test Stone") < order.index("Test Chorus"), order
    assert brute_force(board) == (4, 3)
    assert matches_brute_force(board).mana_value_cast == 4


def test_the_turtle_tapped_early_when_what_enters_after_it_needs_not_tap() -> None:
    """The turtle and one Forest; given in order a {1}{G} convoke sorcery and a {1} artifact with no
    ability. The turtle convokes the sorcery's {1} with the Forest's {G}; the artifact then enters tapped,
    which costs nothing: but nothing is left to pay its {1} either: 'no'. With a second Forest it is 'yes'
    (the artifact enters tapped, CR 614.1c, paid by the Forest): the turtle may be tapped in the first epoch
    when nothing after it needs to be untapped."""
    one = _board([TURTLE, "Forest"], [CHORUS, RELIC])
    assert plan_turn(one, casts=["Test Chorus", "Test Relic"], time_limit=120).castable is False
    two = _board([TURTLE, "Forest", "Forest"], [CHORUS, RELIC])
    turn = plan_turn(two, casts=["Test Chorus", "Test Relic"], time_limit=120)
    assert turn.castable is True, (turn.reason, turn.notes)
    assert brute_force(two) == (3, 2)
