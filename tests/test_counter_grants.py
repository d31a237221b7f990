"""Grants to permanents with counters (issue 35), read and executed: 'Each creature you control with a counter
on it has "{T}: Add {G}."' (layer 6, CR 613.1f) gives the ability to each creature of its controller with any
counter on it (the board's ``counters``); a summoning-sick one can't use it (CR 302.6). Before, the sentence
was left unsupported: a warning, and the mana never counted.

A mana ability of a creature the grant may match that moves that creature's counters could change what has
the ability while paying: the grant is then set aside with a warning (never guessed), unless the ability taps
the creature to do so and the granted ability taps too (once it moved them, the creature can't pay {T} again,
CR 602.2b).

Values are derived by hand from the rules; each verdict is checked against the reference search too
(:func:`boards.checked_verdict`). The cards are small fixtures written here.
"""

from __future__ import annotations

from typing import Any

from boards import ME, OPP, checked_verdict, could, custom, largest_x, make_board

from models.layer_effects import GrantAbility
from models.oracle import parse_oracle
from planner.api import text_warnings

GROVE = 'Each creature you control with a counter on it has "{T}: Add {G}."'
PLUS_GROVE = 'Each creature you control with a +1/+1 counter on it has "{T}: Add {G}."'


def shepherd(pid: str = "r", text: str = GROVE, **fields: Any) -> dict[str, Any]:
    """A creature of "me" whose text grants the ability (Test Shepherd: Rishkar's sentence)."""
    return custom("Test Shepherd", pid, "Legendary Creature — Elf Druid", text, controller=ME, **fields)


def bear(pid: str, controller: str = ME, **fields: Any) -> dict[str, Any]:
    """A vanilla creature (no ability of its own)."""
    return custom(f"Bear {pid}", pid, "Creature — Bear", "", controller=controller, **fields)


def test_the_grant_is_read_with_its_counter_filter() -> None:
    for text, kind in ((GROVE, ""), (PLUS_GROVE, "+1/+1")):
        read = parse_oracle(text, "Test Shepherd")
        (grant,) = read.effects
        assert isinstance(grant, GrantAbility) and grant.affected.counter == kind
        assert grant.ability.text == "{T}: Add {G}." and not read.unsupported


def test_each_creature_with_a_counter_taps_for_green() -> None:
    """The Shepherd (a +1/+1 counter), a Bear with charge counters: {G} each; a Bear without a counter, a
    summoning-sick one with a counter (CR 302.6) and the opponent's ('you control'): none. {G}{G} at most."""
    board = make_board(
        [
            shepherd(counters={"+1/+1": 1}),
            bear("charged", counters={"charge": 2}),
            bear("bare"),
            bear("sick", counters={"+1/+1": 1}, summoning_sick=True),
            bear("theirs", OPP, counters={"+1/+1": 2}),
        ]
    )
    assert checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{G}{G}{G}")
    assert largest_x(board) == 2 and not text_warnings(board)
    found = could(board)
    assert (found["r"], found["charged"], found["bare"], found["theirs"]) == ("G", "G", "", "")


def test_a_plus_one_counter_filter_wants_that_kind() -> None:
    """'with a +1/+1 counter on it': the Bear with charge counters has no +1/+1 counter, the Shepherd without
    counters has none: only the Bear with a +1/+1 counter taps for {G}."""
    charged, grown = bear("charged", counters={"charge": 2}), bear("grown", counters={"+1/+1": 1})
    board = make_board([shepherd(text=PLUS_GROVE), charged, grown])
    assert checked_verdict(board, "{G}") and not checked_verdict(board, "{G}{G}")
    assert largest_x(board) == 1 and could(board) == {"r": "", "charged": "", "grown": "G"}


def test_a_creature_tapping_to_remove_its_counter_keeps_the_grant() -> None:
    """'{T}, Remove a -1/-1 counter from ~: Add one mana of any color.' (an Initiate with -1/-1 counters): it
    has the granted '{T}: Add {G}.' too; either taps it, so removing its counter never strands the other
    (CR 602.2b). With the Shepherd (a counter): {G}{G}, or {W}{G}: X = 2, and no warning."""
    initiate = custom(
        "Test Initiate",
        "i",
        "Creature — Elf Druid",
        "{T}, Remove a -1/-1 counter from Test Initiate: Add one mana of any color.",
        controller=ME,
        counters={"-1/-1": 3},
    )
    board = make_board([shepherd(counters={"+1/+1": 1}), initiate])
    assert checked_verdict(board, "{G}{G}") and checked_verdict(board, "{W}{G}")
    assert not checked_verdict(board, "{W}{U}") and largest_x(board) == 2
    assert could(board)["i"] == "WUBRG" and not text_warnings(board)


def test_a_cost_that_removes_counters_without_tapping_sets_the_grant_aside() -> None:
    """'Remove a dream counter from ~: Add {C}.' on a creature with one: after it, the creature may have no
    counter and lose the granted ability (or gain it back, in another order): not followed, so the grant is
    set aside with a warning naming why, never guessed; the dreamer's own {C} stays."""
    dreamer = custom(
        "Test Dreamer",
        "d",
        "Creature — Human Wizard",
        "Remove a dream counter from Test Dreamer: Add {C}.",
        controller=ME,
        counters={"dream": 1},
    )
    board = make_board([shepherd(counters={"+1/+1": 1}), dreamer])
    (warning,) = text_warnings(board)
    assert warning.permanent == "r" and "moves the counters on Test Dreamer (d)" in str(warning)
    assert checked_verdict(board, "{C}") and not checked_verdict(board, "{G}")
    assert largest_x(board) == 1
