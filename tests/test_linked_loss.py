"""A resolved trigger's loss of abilities on the permanent it chose (issue 35, layer 6, CR 613.1f): 'When this
creature enters, tap up to one target creature. It loses all abilities for as long as this creature remains on
the battlefield.' (The Wondrous Wasp's shape), Tishana's Tidebinder's 'that permanent loses all abilities
...', Opportunistic Dragon's 'For as long as ~ remains on the battlefield, gain control of that permanent, it
loses all abilities, ...'. The permanent chosen is the board's ``choices.linked_permanent`` (an id) on the
source; the effect lasts while the source is on the battlefield (CR 611.2b: a cost that sacrifices it ends the
loss), whatever abilities the source has (it is no static ability of the source: no dependency on a loss of
the source's abilities, CR 613.8a), with the source's timestamp (CR 613.7). Without the link the effect is not
applied and is named in the warnings, never guessed.

The cards are small fixtures written here (their names made up); each answer is worked out by hand from the
rules named, and every verdict and largest X is checked against the reference search too
(:func:`boards.checked_verdict`, :func:`test_lands_made_creatures.checked_x`). On main the sentences were
unsupported (warned) and the chosen permanent kept its abilities.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import ME, checked_verdict, could, custom, make_board, mine
from test_lands_made_creatures import checked_x

from models.errors import BoardError
from models.layer_effects import AbilityLoss
from models.oracle import parse_oracle
from planner.api import text_warnings

WASP = (
    "Flash\nFlying\nWasp's Sting — When this creature enters, tap up to one target creature. It loses all "
    "abilities for as long as this creature remains on the battlefield."
)
TIDEBINDER = (
    "When this creature enters, counter up to one target activated or triggered ability. If an ability of an "
    "artifact, creature, or planeswalker is countered this way, that permanent loses all abilities for as "
    "long as this creature remains on the battlefield."
)
DRAGON = (
    "Flying\nWhen this creature enters, choose target Human or artifact an opponent controls. For as "
    "long as this creature remains on the battlefield, gain control of that permanent, it loses all "
    "abilities, and it can't attack or block."
)
ALTAR = "Sacrifice a creature: Add {C}{C}."
PLAIN_LOSS = "Enchant creature\nEnchanted creature loses all abilities."


def chooser(text: str, link: str | None, pid: str = "w") -> dict[str, Any]:
    """A 1/1 creature of "me" with this text, whose trigger chose ``link`` (no link given with None)."""
    chosen = {"choices": {"linked_permanent": link}} if link is not None else {}
    return custom(
        f"Test Chooser {pid}", pid, "Creature — Human", text, controller=ME, power=1, toughness=1, **chosen
    )


def test_the_three_shapes_are_read_as_a_linked_loss() -> None:
    for text in (WASP, TIDEBINDER, DRAGON):
        parsed = parse_oracle(text)
        assert not parsed.unsupported, text
        (loss,) = parsed.effects
        assert isinstance(loss, AbilityLoss) and loss.affected.linked_permanent and loss.resolved
        assert parsed.choices_needed == ("linked_permanent",)


def test_the_chosen_elf_makes_no_mana() -> None:
    """CR 613.1f: the Elf the Wasp chose loses '{T}: Add {G}'; the Forest alone pays: {G}, not {G}{G}, X = 1
    (2 on main, with a warning)."""
    board = make_board([mine("e", "Llanowar Elves"), mine("f", "Forest"), chooser(WASP, "e")])
    assert could(board) == {"e": "", "f": "G", "w": ""} and not text_warnings(board)
    assert checked_verdict(board, "{G}") and not checked_verdict(board, "{G}{G}")
    assert checked_x(board, "{X}") == 1


def test_each_shape_takes_the_linked_permanents_abilities() -> None:
    """The Tidebinder's and the Dragon's sentences do the same to the permanent the board links (the Dragon's
    control is the board's controller already)."""
    for text in (TIDEBINDER, DRAGON):
        board = make_board([mine("e", "Llanowar Elves"), mine("f", "Forest"), chooser(text, "e")])
        assert could(board)["e"] == "" and not checked_verdict(board, "{G}{G}")


def test_without_the_link_it_is_warned_not_guessed() -> None:
    board = make_board([mine("e", "Llanowar Elves"), mine("f", "Forest"), chooser(WASP, None)])
    (warning,) = text_warnings(board)
    assert warning.permanent == "w" and "choices.linked_permanent" in warning.reason
    assert could(board)["e"] == "G"


def test_sacrificing_the_source_ends_the_loss() -> None:
    """CR 611.2b: 'for as long as ~ remains on the battlefield'. An Altar's 'Sacrifice a creature: Add
    {C}{C}.' sacrifices the Wasp first ({C}{C}), the Elf then has its ability back ({G}) and is sacrificed
    after tapping ({C}{C}); with the Forest, X = 1 + 2 + 1 + 2 = 6 and {G}{G}{C}{C} is payable."""
    altar = custom("Test Altar", "a", "Artifact", ALTAR, controller=ME)
    board = make_board([mine("e", "Llanowar Elves"), mine("f", "Forest"), chooser(WASP, "e"), altar])
    assert checked_verdict(board, "{G}{G}{C}{C}")
    assert checked_x(board, "{X}") == 6


def test_the_loss_outlasts_the_sources_own_abilities() -> None:
    """An Aura taking the Wasp's abilities does not end the loss its trigger gave (no static ability of the
    Wasp's, so no dependency on that loss, CR 613.8a): the Elf still makes nothing."""
    aura = custom("Test Aura", "a", "Enchantment — Aura", PLAIN_LOSS, controller=ME, attached_to="w")
    board = make_board([mine("e", "Llanowar Elves"), mine("f", "Forest"), chooser(WASP, "e"), aura])
    assert could(board)["e"] == ""
    assert not checked_verdict(board, "{G}{G}")


def test_a_later_grant_stays() -> None:
    """CR 613.7: an enchantment granting '{T}: Add {R}.' to creatures after the Wasp (the loss's timestamp
    is its source's) is kept by the Elf: with the Wasp's own {R} and the Forest, {R}{R}{G} is payable; granted
    before it, the Elf's is lost: {R}{G} (the Wasp's and the Forest's) but not {R}{R}{G}."""
    grant = 'Creatures you control have "{T}: Add {R}."'
    rite = custom("Test Rite", "r", "Enchantment", grant, controller=ME)
    after = make_board([mine("e", "Llanowar Elves"), mine("f", "Forest"), chooser(WASP, "e"), rite])
    assert could(after)["e"] == "R" and checked_verdict(after, "{R}{R}{G}")
    before = make_board([rite, mine("e", "Llanowar Elves"), mine("f", "Forest"), chooser(WASP, "e")])
    assert could(before)["e"] == "" and checked_verdict(before, "{R}{G}")
    assert not checked_verdict(before, "{R}{R}{G}")


def test_a_link_to_no_permanent_is_a_clear_error() -> None:
    with pytest.raises(
        BoardError, match=r"permanents\[0\]\.choices\.linked_permanent: unknown permanent 'zz'"
    ):
        make_board([chooser(WASP, "zz")])
