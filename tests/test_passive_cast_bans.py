"""Prohibitions on casting in the passive (issue 35, CR 101.2): "Spells with the chosen name can't be cast."
(Meddling Mage: ``choices.card_name``), "Noncreature spells with mana value 4 or greater can't be cast." and
"Noncreature spells with {X} in their mana costs can't be cast." (Gaddock Teeg), "Noncreature spells with
mana value equal to the chosen number can't be cast." (Sanctum Prelate: ``choices.number``), "Spells with
the chosen word in their text box can't be cast." (Meddling Kids: ``choices.word``).

A prohibition that names no player binds every player, its controller too (CR 101.2: a "can't" beats a
"can"); a spell that can't be cast is "not castable" whatever mana there is (CR 601.2e, 601.3). Read by the
grammar as a noun phrase whose qualities are the spells it forbids, and answered as the active form is
("Players can't cast ..."). The cards are made up in the phrases of real cards; a spell that may be cast is
paid as the reference search pays it.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import agrees_with_reference

from models.board import Board
from models.cost import PaymentTarget
from models.errors import BoardError
from models.mana_effects import CastBan
from models.oracle import parse_oracle
from models.oracle.grammar import parse_static
from models.oracle.static_wording import render_static
from models.spells import spell_of
from planner.api import could_produce, max_x, pay
from planner.rules.records import WarningKind
from planner.turn import plan_turn

NAMED = "Spells with the chosen name can't be cast."
FOUR_OR_MORE = "Noncreature spells with mana value 4 or greater can't be cast."
WITH_X = "Noncreature spells with {X} in their mana costs can't be cast."
NUMBER = "Noncreature spells with mana value equal to the chosen number can't be cast."
WORD = "Spells with the chosen word in their text box can't be cast."


def _board(
    sentence: str,
    owner: str = "me",
    *,
    choices: dict[str, Any] | None = None,
    hand: list[Any] | None = None,
    forests: int = 4,
) -> Board:
    """``forests`` Forests of "me" and a made-up "Test Warden" of ``owner`` with ``sentence`` and
    ``choices``; "me" is the active player."""
    permanents: list[dict[str, Any]] = [
        {"id": f"f{n}", "card": "Forest", "controller": "me"} for n in range(forests)
    ]
    warden = {"id": "w", "name": "Test Warden", "type_line": "Creature — Human Wizard", "oracle": sentence}
    permanents.append({**warden, "controller": owner, **({"choices": choices} if choices else {})})
    players = [{"id": "me", "hand": hand or []}, {"id": "opp"}]
    return Board.from_dict(
        {"version": 1, "active_player": "me", "players": players, "permanents": permanents}
    )


def _spell(name: str, type_line: str, cost: str, text: str = "") -> PaymentTarget:
    return spell_of(cost, type_line=type_line, name=name, text=text)


def _forbidden(result: Any, sentence: str) -> bool:
    """True for a "no" naming the Warden, its sentence and CR 101.2."""
    reason = result.reason or ""
    return bool(
        result.payable is False and "Test Warden" in reason and sentence in reason and "101.2" in reason
    )


def _paid_as_the_reference_pays(board: Board, target: PaymentTarget) -> bool:
    """True when ``pay`` answers as the reference search does (payable, the same best plan)."""
    result = agrees_with_reference(board, target, max_states=20_000)
    return result is not None and result.payable is True


@pytest.mark.parametrize(
    ("sentence", "fields"),
    [
        (NAMED, {"named": "CHOSEN"}),
        (FOUR_OR_MORE, {"excluded": ("Creature",), "least": 4}),
        (WITH_X, {"excluded": ("Creature",), "x_in_cost": True}),
        (NUMBER, {"excluded": ("Creature",), "chosen_number": True}),
        (WORD, {"chosen_word": True}),
        (
            "Noncreature spells with converted mana cost 4 or greater can't be cast.",
            {"excluded": ("Creature",), "least": 4},
        ),
    ],
)
def test_the_passive_form_is_read_as_a_ban_of_every_player(sentence: str, fields: dict[str, Any]) -> None:
    parsed = parse_oracle(sentence, "Test Warden")
    assert [s.read_as for s in parsed.sentences] == ["effect"]
    (ban,) = parsed.effects
    assert isinstance(ban, CastBan)
    assert ban.everyone and not ban.opponents  # (no player named: every player, CR 101.2)
    found = {
        "named": ban.named.name if ban.named else None,
        "excluded": ban.spells.excluded,
        "least": ban.mana_values.least,
        "x_in_cost": ban.x_in_cost,
        "chosen_number": ban.chosen_number,
        "chosen_word": ban.chosen_word,
    }
    expected = {"named": None, "excluded": (), "least": 0, "x_in_cost": False, "chosen_number": False}
    assert found == {**expected, "chosen_word": False, **fields}


@pytest.mark.parametrize("sentence", [NAMED, FOUR_OR_MORE, WITH_X, NUMBER, WORD])
def test_the_reading_renders_back_to_itself(sentence: str) -> None:
    reading = parse_static(sentence)
    assert parse_static(render_static(reading)) == reading


@pytest.mark.parametrize(
    "sentence",
    [
        "Creature spells you control can't be cast.",  # (a controller: not a prohibition's phrase)
        "Spells and abilities can't be cast.",
        "Green spells can't be cast.",  # (a color: no prohibition holds one)
        "Spells with flying can't be cast.",
    ],
)
def test_other_phrases_stay_unread(sentence: str) -> None:
    """A noun phrase with more than a prohibition holds is never read as a narrower or wider one."""
    assert [s.read_as for s in parse_oracle(sentence, "Test Warden").sentences] == ["unsupported"]


def test_the_chosen_name_binds_its_controller_too() -> None:
    """Meddling Mage's 'Spells with the chosen name can't be cast.' on "me"'s own permanent: "me" can't cast
    the named spell either (CR 101.2, 201.2a); another name is paid as the reference search pays it."""
    board = _board(NAMED, choices={"card_name": "Test Spark"})
    assert _forbidden(pay(board, _spell("Test Spark", "Instant", "{G}"), player="me"), NAMED)
    assert _paid_as_the_reference_pays(board, _spell("Test Bear", "Creature — Bear", "{1}{G}"))
    opponents = _board(NAMED, "opp", choices={"card_name": "Test Spark"})
    assert _forbidden(pay(opponents, _spell("Test Spark", "Instant", "{G}"), player="me"), NAMED)


def test_no_chosen_name_is_a_board_gap() -> None:
    result = pay(_board(NAMED), _spell("Test Spark", "Instant", "{G}"), player="me")
    assert result.payable is True
    assert [w for w in result.warnings if w.sentence == NAMED and "choices.card_name" in w.reason]


@pytest.mark.parametrize(
    ("type_line", "cost", "forbidden"),
    [
        ("Sorcery", "{3}{G}", True),  # (noncreature, mana value 4)
        ("Artifact", "{4}", True),
        ("Sorcery", "{2}{G}", False),  # (mana value 3)
        ("Creature — Bear", "{3}{G}", False),  # (a creature spell)
        ("Artifact Creature — Golem", "{4}", False),
    ],
)
def test_noncreature_spells_of_mana_value_four_or_greater(type_line: str, cost: str, forbidden: bool) -> None:
    board = _board(FOUR_OR_MORE)
    target = _spell("Test Spell", type_line, cost)
    if forbidden:
        assert _forbidden(pay(board, target, player="me"), FOUR_OR_MORE)
    else:
        assert _paid_as_the_reference_pays(board, target)


def test_x_of_four_or_greater_is_forbidden_whatever_x() -> None:
    """'{X}{G}{G}{G}{G}': mana value 4 with X 0 already (CR 202.3e): no X may be cast; '{X}{G}' for some X
    only, which is said (not judged for X)."""
    board = _board(FOUR_OR_MORE, forests=6)
    assert _forbidden(
        max_x(board, _spell("Test Flood", "Sorcery", "{X}{G}{G}{G}{G}"), player="me"), FOUR_OR_MORE
    )
    some = max_x(board, _spell("Test Blaze", "Sorcery", "{X}{G}"), player="me")
    assert [w for w in some.warnings if w.sentence == FOUR_OR_MORE and "202.3e" in w.reason]


@pytest.mark.parametrize(
    ("type_line", "cost", "forbidden"),
    [
        ("Sorcery", "{X}{G}", True),
        ("Instant", "{X}{X}{G}", True),
        ("Creature — Hydra", "{X}{G}", False),  # (a creature spell)
        ("Sorcery", "{1}{G}", False),  # (no X in its mana cost)
    ],
)
def test_noncreature_spells_with_x(type_line: str, cost: str, forbidden: bool) -> None:
    """Gaddock Teeg's second sentence: a noncreature spell with {X} in its mana cost can't be cast, for any
    X (CR 107.3); max-x answers "not castable". A creature's X: four Forests pay X = 3 of '{X}{G}'."""
    board = _board(WITH_X)
    target = _spell("Test Spell", type_line, cost)
    if not target.cost.has_variable:
        assert _paid_as_the_reference_pays(board, target)
        return
    most = max_x(board, target, player="me")
    if forbidden:
        assert _forbidden(most, WITH_X)
        assert _forbidden(pay(board, target.with_x(1), player="me"), WITH_X)
    else:
        assert most.payable is True and most.x == 3
        assert _paid_as_the_reference_pays(board, target.with_x(3))


@pytest.mark.parametrize(
    ("type_line", "cost", "forbidden"),
    [
        ("Instant", "{1}{G}", True),  # (mana value 2, the number chosen)
        ("Enchantment", "{2}", True),
        ("Instant", "{G}", False),
        ("Instant", "{2}{G}", False),
        ("Creature — Bear", "{1}{G}", False),
    ],
)
def test_the_chosen_number(type_line: str, cost: str, forbidden: bool) -> None:
    """Sanctum Prelate with 2 chosen: a noncreature spell of mana value 2 can't be cast (CR 202.3)."""
    board = _board(NUMBER, "opp", choices={"number": 2})
    target = _spell("Test Spell", type_line, cost)
    if forbidden:
        assert _forbidden(pay(board, target, player="me"), NUMBER)
    else:
        assert _paid_as_the_reference_pays(board, target)


def test_the_chosen_number_and_x() -> None:
    """'{X}{G}' with 2 chosen: X = 1 only is forbidden (CR 202.3e). Asked with X given, the answer is exact;
    asked for the largest X, the X it forbids is said (not judged for X)."""
    board = _board(NUMBER, choices={"number": 2})
    blaze = _spell("Test Blaze", "Sorcery", "{X}{G}")
    assert _forbidden(pay(board, blaze.with_x(1), player="me"), NUMBER)
    assert pay(board, blaze.with_x(2), player="me").payable is True
    most = max_x(board, blaze, player="me")
    assert [w for w in most.warnings if w.sentence == NUMBER and "202.3e" in w.reason]


def test_no_chosen_number_forbids_nothing_and_says_so() -> None:
    result = pay(_board(NUMBER), _spell("Test Spell", "Instant", "{1}{G}"), player="me")
    assert result.payable is True
    (gap,) = [w for w in result.warnings if w.sentence == NUMBER]
    assert gap.kind is WarningKind.UNDEFINED and "permanents[4].choices.number" in gap.reason


def test_a_chosen_number_is_a_count() -> None:
    with pytest.raises(BoardError, match="number"):
        _board(NUMBER, choices={"number": -1})


BOLT_TEXT = "~ deals 3 damage to any target."


@pytest.mark.parametrize(
    ("word", "forbidden"),
    [("damage", True), ("DAMAGE", True), ("Bolt", True), ("target", True)],  # (its name: '~', CR 201.4)
)
def test_the_chosen_word_in_the_rules_text(word: str, forbidden: bool) -> None:
    board = _board(WORD, "opp", choices={"word": word})
    bolt = _spell("Test Bolt", "Instant", "{G}", BOLT_TEXT)
    assert _forbidden(pay(board, bolt, player="me"), WORD) is forbidden


@pytest.mark.parametrize("word", ["dama", "targets", "flying"])
def test_a_word_not_in_the_rules_text_is_not_judged(word: str) -> None:
    """Not a whole word of its rules text: the text box may still hold it in flavor text, which no board
    gives (CR 207.2): paid, with a warning, never a silent yes."""
    board = _board(WORD, "opp", choices={"word": word})
    result = pay(board, _spell("Test Bolt", "Instant", "{G}", BOLT_TEXT), player="me")
    assert result.payable is True
    assert [w for w in result.warnings if w.sentence == WORD and "207.2" in w.reason]


def test_no_chosen_word_and_no_text_are_warned() -> None:
    unchosen = pay(_board(WORD), _spell("Test Bolt", "Instant", "{G}", BOLT_TEXT), player="me")
    assert unchosen.payable is True
    assert [w for w in unchosen.warnings if "choices.word" in w.reason and w.kind is WarningKind.UNDEFINED]
    textless = pay(
        _board(WORD, choices={"word": "damage"}), _spell("Test Bolt", "Instant", "{G}"), player="me"
    )
    assert textless.payable is True and [w for w in textless.warnings if "--spell" in w.reason]


@pytest.mark.parametrize("sentence", [NAMED, FOUR_OR_MORE, WITH_X, NUMBER, WORD])
def test_what_the_lands_could_produce_is_unchanged(sentence: str) -> None:
    """A prohibition on casting changes no mana ability (CR 106.7)."""
    choices = {"card_name": "Test Spark", "number": 1, "word": "damage"}
    assert str(could_produce(_board(sentence, choices=choices), "me")["f0"]) == "G"


SPARK: dict[str, Any] = {"name": "Test Spark", "type_line": "Instant", "mana_cost": "{G}", "oracle": ""}
BEAR: dict[str, Any] = {
    "name": "Test Bear",
    "type_line": "Creature — Bear",
    "mana_cost": "{1}{G}",
    "oracle": "",
}
TOME: dict[str, Any] = {"name": "Test Tome", "type_line": "Artifact", "mana_cost": "{4}", "oracle": ""}


def test_plan_turn_casts_no_forbidden_spell() -> None:
    """Four Forests, a Spark ({G}), a Bear ({1}{G}) and a Tome ({4}) in hand: Gaddock Teeg's first sentence
    forbids the Tome, Meddling Mage with the Spark named the Spark; the plan casts what is left, and asked
    to cast the forbidden one, a "no" naming the Warden."""
    teeg = _board(FOUR_OR_MORE, hand=[SPARK, BEAR, TOME])
    assert sorted(spell.card for spell in plan_turn(teeg).spells) == ["Test Bear", "Test Spark"]
    asked = plan_turn(teeg, casts=["Test Tome"])
    assert asked.castable is False and asked.reason is not None and "Test Warden" in asked.reason
    mage = _board(NAMED, "opp", choices={"card_name": "Test Spark"}, hand=[SPARK, BEAR])
    assert [spell.card for spell in plan_turn(mage).spells] == ["Test Bear"]
