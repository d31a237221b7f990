"""A resolved effect's sentence read by the grammar (``resolved_effect``: models/oracle/resolved_rules.py) as
the static sentence it is while it lasts (CR 611.2): the duration set apart, the verbs of change read as
those of a state, the referents bound; a sentence it does not read stays unread (warned, never guessed)."""

from __future__ import annotations

import pytest

from models.oracle.resolved import read_resolved, static_form


@pytest.mark.parametrize(
    ("sentence", "static", "duration", "bound_to"),
    [
        # CR 611.2a: 'until end of turn' at the start with its comma, or at the end
        (
            "Until end of turn, another target creature you control gains haste.",
            "Enchanted creature has haste.",
            "end_of_turn",
            "permanent",
        ),
        (
            "Target basic land an opponent controls becomes a Swamp until end of turn.",
            "Enchanted land is a Swamp.",
            "end_of_turn",
            "permanent",
        ),
        # CR 514.2 / 611.2a: 'this turn' anywhere (the static sentence says no turn)
        (
            "Creature spells you cast this turn cost {1} less to cast.",
            "Creature spells you cast cost {1} less to cast.",
            "this_turn",
            None,
        ),
        # a player referent binds the player ('target opponent' is an Aura's 'enchanted player')
        (
            "Until your next turn, target opponent can't cast noncreature spells.",
            "Enchanted player can't cast noncreature spells.",
            "your_next_turn",
            "player",
        ),
        # the words of a granted ability stay as printed: its 'becomes' is the ability's own
        (
            'Target land gains "{T}: Target creature becomes blue." until end of turn.',
            'Enchanted land has "{T}: Target creature becomes blue."',
            "end_of_turn",
            "permanent",
        ),
        # 'equipped creature' is the Equipment's, not a referent
        (
            "Equipped creature gains flying until end of turn.",
            "Equipped creature has flying.",
            "end_of_turn",
            None,
        ),
    ],
)
def test_the_grammar_reads_the_static_sentence(
    sentence: str, static: str, duration: str, bound_to: str | None
) -> None:
    form = static_form(sentence)
    assert (form.text, form.duration, form.bound_to) == (static, duration, bound_to)


def test_for_as_long_as_a_counter_is_on_it_at_the_end_after_a_comma() -> None:
    # CR 611.2b: the effect lasts while the referent has an ice counter
    form = static_form(
        "Up to one target artifact becomes a Swamp, for as long as it has an ice counter on it."
    )
    assert (form.text, form.duration, form.while_counter, form.bound_to) == (
        "Enchanted artifact is a Swamp.",
        "as_long_as",
        "ice",
        "permanent",
    )


def test_a_condition_other_than_a_counter_is_a_duration_with_no_counter() -> None:
    form = static_form("For as long as you control Test Toy, target land is an Island.")
    assert (form.text, form.duration, form.while_counter) == (
        "Enchanted land is an Island.",
        "as_long_as",
        None,
    )


def test_the_next_spell_is_the_once_only_form_and_not_read() -> None:
    # the next spell's cost changes once (CR 601.2f): the board can't tell whether it was cast
    ((form, parsed),) = read_resolved(
        "The next creature spell you cast this turn costs {1} less to cast."
    ).sentences
    assert form.once and parsed is None


@pytest.mark.parametrize(
    "sentence",
    [
        "Until end of combat, target creature gains flying.",  # (a duration the grammar does not read)
        # (several targets are read since effects37b: tests/test_effects_followups.py; not a count of them
        # that is no word before 'target')
        "Up to X plus one target lands become Islands until end of turn.",
    ],
)
def test_a_sentence_the_grammar_does_not_read_stays_unread(sentence: str) -> None:
    ((form, parsed),) = read_resolved(sentence).sentences
    assert form.text is None and parsed is None


def test_a_condition_runs_to_its_comma_or_the_end() -> None:
    # CR 611.2b: 'for as long as' takes the whole condition, whatever its words ('the', 'that')
    form = static_form("It loses all abilities for as long as Test Toy remains on the battlefield.")
    assert (form.text, form.duration) == ("Enchanted permanent loses all abilities.", "as_long_as")


def test_a_duration_between_two_commas_keeps_one() -> None:
    form = static_form("If you control Test Toy, until end of turn, creatures you control gain haste.")
    assert form.text == "If you control Test Toy, creatures you control have haste."


def test_reminder_text_and_contractions_stay_as_printed() -> None:
    form = static_form("Target land becomes a 2/2 creature that's still a land. (It's still a land.)")
    # (CR 207.2: reminder text has no rules meaning)
    assert form.text == "Enchanted land is a 2/2 creature that's still a land."
