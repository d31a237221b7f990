"""'The same is true for fear, first strike, haste, ...' (Cairn Wanderer's, Death-Mask Duplicant's kind): each
keyword is granted as the sentence before grants its own, under the same condition with that keyword in
place of the first. Haste is the only one a payment reads: a creature's {T} ability needs it the turn the
creature came under its controller's control (CR 302.6, 702.10); the others are read as changing no payment.
Values worked out by hand, checked against the reference search."""

from __future__ import annotations

from typing import Any

from boards import checked_verdict, make_board, mine

from models.layer_effects import GrantHaste
from models.oracle import parse_oracle
from planner.api import text_warnings

#: A made-up mana creature whose haste follows another creature's (Cairn Wanderer's sentence shapes).
COPYCAT: dict[str, Any] = {
    "name": "Test Copycat",
    "type_line": "Creature — Shapeshifter",
    "mana_cost": "{2}{G}",
    "power": 1,
    "toughness": 1,
    "oracle": "{T}: Add {G}.\nAs long as you control another creature with flying, Test Copycat has flying. "
    "The same is true for first strike, haste, and trample.",
}
RAIDER: dict[str, Any] = {
    "name": "Test Raider",
    "type_line": "Creature — Goblin",
    "mana_cost": "{R}",
    "power": 1,
    "toughness": 1,
    "oracle": "Haste",
}
FLIER: dict[str, Any] = {**RAIDER, "name": "Test Flier", "oracle": "Flying"}


def test_haste_under_the_condition_of_the_sentence_before() -> None:
    """The Copycat came this turn: with another creature with haste it has haste (the condition read with
    'haste' for 'flying') and taps for {G} (CR 302.6); beside a creature with flying only, it has flying,
    not haste, and {G} is not paid."""
    hasty = make_board([mine("c", COPYCAT, summoning_sick=True), mine("r", RAIDER)], opponent=False)
    assert checked_verdict(hasty, "{G}") and not text_warnings(hasty)
    flying = make_board([mine("c", COPYCAT, summoning_sick=True), mine("f", FLIER)], opponent=False)
    assert not checked_verdict(flying, "{G}") and not text_warnings(flying)


def test_the_keywords_no_payment_reads_are_read_as_such() -> None:
    text = "As long as a creature card with flying is in a graveyard, ~ has flying. The same is true for "
    parsed = parse_oracle(text + "fear, first strike, landwalk, protection, and vigilance.", "Test")
    assert parsed.fully_read and not parsed.effects
    assert [s.read_as for s in parsed.sentences] == ["ignored", "ignored"]


def test_a_condition_the_board_does_not_judge_is_warned_where_haste_matters() -> None:
    """'a creature card with haste is in a graveyard' is not judged: a summoning-sick creature is taken as
    without haste and the sentence is named; one that is not sick needs no haste and nothing is said."""
    text = (
        "{T}: Add {B}.\nAs long as a creature card with flying is in a graveyard, ~ has flying. The same is "
        "true for first strike, haste, and trample."
    )
    wanderer = {**COPYCAT, "name": "Test Wanderer", "oracle": text}
    sick = make_board([mine("w", wanderer, summoning_sick=True)], opponent=False)
    assert not checked_verdict(sick, "{B}")
    (warning,) = text_warnings(sick)
    assert warning.sentence.startswith("The same is true for") and "haste" in warning.reason
    settled = make_board([mine("w", wanderer)], opponent=False)
    assert checked_verdict(settled, "{B}") and not text_warnings(settled)


def test_after_a_trigger_haste_is_read_from_this_turns_combat_on() -> None:
    """Odric's kind: the sentence before is a beginning-of-combat trigger (a keyword until end of turn, if
    the condition held): haste is read as granted from this turn's combat on, under the condition with
    'haste' for 'first strike' (boards: tests/test_layers36_families.py); after a trigger of another kind
    it stays unread, said, never dropped."""
    text = (
        "At the beginning of each combat, creatures you control gain first strike until end of turn if a "
        "creature you control has first strike. The same is true for flying, haste, and vigilance."
    )
    parsed = parse_oracle(text, "Test Marshal")
    assert parsed.fully_read and [s.read_as for s in parsed.sentences] == ["ignored", "effect"]
    (grant,) = parsed.effects
    assert isinstance(grant, GrantHaste) and grant.condition is not None
    assert grant.condition.describe() == "this turn's combat has begun and you control creature with haste"
    other = (
        "At the beginning of your upkeep, creatures you control gain first strike until end of turn if a "
        "creature you control has first strike. The same is true for flying, haste, and vigilance."
    )
    assert parse_oracle(other, "Test Marshal").unsupported == (
        "The same is true for flying, haste, and vigilance.",
    )


#: Death-Mask Duplicant's kind (made up): its keywords are those of the cards exiled with it.
MASK: dict[str, Any] = {
    "name": "Test Mask",
    "type_line": "Artifact Creature — Shapeshifter",
    "mana_cost": "{7}",
    "power": 5,
    "toughness": 5,
    "oracle": "{T}: Add {C}.\nAs long as a card exiled with Test Mask has flying, Test Mask has flying. The "
    "same is true for first strike, haste, and trample.",
}


def _masked(exiled: list[Any] | None) -> Any:
    choices = {} if exiled is None else {"imprinted": exiled}
    return make_board([mine("m", MASK, summoning_sick=True, choices=choices)], opponent=False)


def test_haste_of_a_card_exiled_with_it() -> None:
    """The Mask came this turn: with a card with haste exiled with it (its choices.imprinted, CR 607.2a) it
    has haste and taps for {C} (CR 302.6); with a card with flying only, or none exiled, it doesn't."""
    raider = {key: RAIDER[key] for key in ("name", "type_line", "mana_cost", "oracle")}
    flier = {key: FLIER[key] for key in ("name", "type_line", "mana_cost", "oracle")}
    assert checked_verdict(_masked([raider]), "{C}") and not text_warnings(_masked([raider]))
    assert checked_verdict(_masked([flier, raider]), "{C}")
    assert not checked_verdict(_masked([flier]), "{C}") and not text_warnings(_masked([flier]))
    assert not checked_verdict(_masked([]), "{C}") and not text_warnings(_masked([]))


def test_exiled_cards_the_board_does_not_give_are_warned() -> None:
    """No card given, or a card whose text is unknown: the Mask is taken as without haste, and the sentence
    is named with the field to give."""
    for board in (_masked(None), _masked(["Homebrew Thing"])):
        assert not checked_verdict(board, "{C}")
        (warning,) = text_warnings(board)
        assert "choices.imprinted" in warning.reason and warning.sentence.startswith("The same is true")
