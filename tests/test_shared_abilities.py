"""Abilities shared from other permanents (issue 35), read and executed: Experiment Kraj's 'Each creature with
a +1/+1 counter on it has all activated abilities of all creatures you control with a +1/+1 counter on them.'
(layer 6, CR 613.1f). Each receiver has each giver's mana abilities as its own: a {T} taps the receiver (so a
summoning-sick receiver can't use it, CR 302.6), 'Sacrifice ~' sacrifices the receiver; a giver that leaves
takes its abilities from the receivers (CR 611.3a). Before, the sentence was left unsupported.

What is not followed is set aside with a warning naming the effect: a mana ability that moves the counters of
a creature it may describe. Values are derived by hand from the rules; each verdict is checked against the
reference search too (:func:`boards.checked_verdict`). The cards are small fixtures written here.
"""

from __future__ import annotations

from typing import Any

from boards import ME, OPP, checked_verdict, could, custom, largest_x, make_board

from models.layer_effects import GainAbilitiesOf
from models.oracle import parse_oracle
from planner.api import text_warnings

SHARE = (
    "Each creature with a +1/+1 counter on it has all activated abilities of all creatures you control with "
    "a +1/+1 counter on them.\n{T}: Put a +1/+1 counter on target creature."
)
GROWN = {"+1/+1": 1}


def experiment(pid: str = "k", controller: str = ME, **fields: Any) -> dict[str, Any]:
    """The sharing creature (Test Experiment: Experiment Kraj's sentences), without a counter of its own."""
    return custom("Test Experiment", pid, "Legendary Creature — Ooze", SHARE, controller=controller, **fields)


def creature(pid: str, text: str = "", controller: str = ME, **fields: Any) -> dict[str, Any]:
    return custom(f"Test {pid}", pid, "Creature — Elf", text, controller=controller, **fields)


def test_the_sentence_is_read_as_shared_abilities() -> None:
    read = parse_oracle(SHARE, "Test Experiment")
    (shared,) = read.effects
    assert isinstance(shared, GainAbilitiesOf) and not read.unsupported
    assert shared.affected.counter == shared.sources.counter == "+1/+1"
    assert (shared.affected.controller.value, shared.sources.controller.value) == ("any", "you")


def test_a_creature_with_a_counter_taps_for_what_another_one_makes() -> None:
    """The Elf ('{T}: Add {G}', a +1/+1 counter) gives its ability to the Bear with a counter: {G} each; the
    Bear without a counter and the Experiment (none on it) get nothing: {G}{G}, X = 2."""
    elf = creature("elf", "{T}: Add {G}.", counters=GROWN)
    board = make_board([experiment(), elf, creature("bear", counters=GROWN), creature("bare")])
    assert checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{G}{G}{G}")
    assert largest_x(board) == 2 and not text_warnings(board)
    assert could(board) == {"k": "", "elf": "G", "bear": "G", "bare": ""}


def test_a_summoning_sick_receiver_cant_tap_for_the_shared_ability() -> None:
    """The Bear came this turn: its gained '{T}: Add {G}' needs {T}, which it can't pay (CR 302.6): {G}."""
    elf = creature("elf", "{T}: Add {G}.", counters=GROWN)
    board = make_board([experiment(), elf, creature("bear", counters=GROWN, summoning_sick=True)])
    assert checked_verdict(board, "{G}") and not checked_verdict(board, "{G}{G}")
    assert largest_x(board) == 1


def test_a_receiver_sacrifices_itself_before_the_giver_leaves() -> None:
    """'Sacrifice ~: Add {B}.' on the Imp (a counter) is the Bear's too, and sacrifices the Bear; once the Imp
    is gone the Bear has it no more (CR 611.3a), so the Bear goes first: {B}{B}, never {B}{B}{B}."""
    imp = creature("imp", "Sacrifice Test imp: Add {B}.", counters=GROWN)
    board = make_board([experiment(), imp, creature("bear", counters=GROWN)])
    assert checked_verdict(board, "{B}{B}") and not checked_verdict(board, "{B}{B}{B}")
    assert largest_x(board) == 2 and could(board)["bear"] == "B"


def test_an_opponents_experiment_shares_its_controllers_abilities() -> None:
    """The opponent's Experiment gives their creatures' abilities ('you control': its controller's) to every
    creature with a +1/+1 counter, mine too: my Bear and my Elf tap for their Elf's {R}; my Elf's {G} goes to
    no one (it gives only for its controller): {R}{R} or {R}{G}, never {G}{G}; X = 2."""
    theirs = creature("their_elf", "{T}: Add {R}.", controller=OPP, counters=GROWN)
    mine = creature("my_elf", "{T}: Add {G}.", counters=GROWN)
    board = make_board([experiment(controller=OPP), theirs, mine, creature("bear", counters=GROWN)])
    assert checked_verdict(board, "{R}{R}") and checked_verdict(board, "{R}{G}")
    assert not checked_verdict(board, "{G}{G}") and not checked_verdict(board, "{R}{R}{R}")
    assert largest_x(board) == 2 and could(board)["bear"] == "R" and could(board)["my_elf"] == "RG"


def test_a_giver_that_removes_its_counter_sets_the_sharing_aside() -> None:
    """'Remove a +1/+1 counter from ~: Add {C}.' on a giver: once removed, it gives nothing; not followed, so
    the sharing is set aside with a warning, never guessed: the Bear has no ability, the giver its own {C}."""
    giver = creature("giver", "Remove a +1/+1 counter from Test giver: Add {C}.", counters=GROWN)
    board = make_board([experiment(), giver, creature("bear", counters=GROWN)])
    (warning,) = text_warnings(board)
    assert warning.permanent == "k" and "moves the counters on Test giver (giver)" in str(warning)
    assert checked_verdict(board, "{C}") and not checked_verdict(board, "{C}{C}")
    assert largest_x(board) == 1
