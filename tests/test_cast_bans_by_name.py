"""Prohibitions on casting by a choice or a name (issue 35, CR 101.2): "Players can't cast spells of the
chosen type." (Archon of Valor's Reach: ``choices.card_type``), "Your opponents can't cast spells with the
chosen name." (Alhammarret, High Arbiter: ``choices.card_name``), "... with the same name as the exiled card."
(Exclusion Ritual, Ixalan's Binding) and "... as a card exiled with ~." (Circu, Dimir Lobotomist:
``choices.imprinted``), "... as a nontoken permanent." (Cornered Market) and Reflector Mage's lasting "That
creature's owner can't cast spells with the same name as that creature until your next turn.".

Two objects have the same name when they share one (CR 201.2a); a split card's two halves are two names
(709.4a) and a split spell on the stack has only its half's (709.3a-b). What the board or the question does
not give is a warning, never a silent yes or no. The cards are made up in the phrases of real cards.
"""

from __future__ import annotations

from typing import Any

import pytest

from models.board import Board
from models.cost import PaymentTarget
from models.errors import BoardError, InputError
from models.mana_effects import CastBan
from models.oracle import parse_oracle
from planner.api import max_x, pay
from planner.rules.records import WarningKind
from planner.turn import plan_turn

CHOSEN_TYPE = "Players can't cast spells of the chosen type."
CHOSEN_NAME = "Your opponents can't cast spells with the chosen name."
EXILED = "Players can't cast spells with the same name as the exiled card."
EXILED_THEIRS = "Your opponents can't cast spells with the same name as the exiled card."
EXILED_WITH_IT = "Your opponents can't cast spells with the same name as a card exiled with ~."
NONTOKEN = "Players can't cast spells with the same name as a nontoken permanent."
THAT_CREATURE = (
    "That creature's owner can't cast spells with the same name as that creature until your next turn."
)

BEAR: dict[str, Any] = {
    "name": "Test Bear",
    "type_line": "Creature — Bear",
    "mana_cost": "{1}{G}",
    "oracle": "",
}
SPARK: dict[str, Any] = {"name": "Test Spark", "type_line": "Instant", "mana_cost": "{G}", "oracle": ""}


def _board(
    sentence: str,
    owner: str = "opp",
    *,
    choices: dict[str, Any] | None = None,
    hand: list[Any] | None = None,
    others: list[dict[str, Any]] | None = None,
    **arbiter: Any,
) -> Board:
    """Two Forests of "me" and a made-up "Test Arbiter" of ``owner`` with ``sentence`` and ``choices``; "me"
    is the active player."""
    permanents: list[dict[str, Any]] = [{"id": f"f{n}", "card": "Forest", "controller": "me"} for n in (1, 2)]
    arbiter_json = {"id": "a", "name": "Test Arbiter", "type_line": "Creature — Sphinx", "oracle": sentence}
    permanents.append(
        {**arbiter_json, "controller": owner, **({"choices": choices} if choices else {}), **arbiter}
    )
    permanents += others or []
    players = [{"id": "me", "hand": hand or []}, {"id": "opp"}]
    return Board.from_dict(
        {"version": 1, "active_player": "me", "players": players, "permanents": permanents}
    )


def _spell(name: str, type_line: str = "Creature — Bear", cost: str = "{1}{G}") -> PaymentTarget:
    return PaymentTarget.of(cost, type_line=type_line, name=name)


def _forbidden(result: Any, sentence: str) -> bool:
    """True for a "no" naming the Arbiter, its sentence and CR 101.2."""
    reason = result.reason or ""
    return bool(
        result.payable is False and "Test Arbiter" in reason and sentence in reason and "101.2" in reason
    )


@pytest.mark.parametrize(
    ("sentence", "scope", "chosen_type", "named"),
    [
        (CHOSEN_TYPE, "everyone", True, None),
        (CHOSEN_NAME, "opponents", False, "CHOSEN"),
        (EXILED, "everyone", False, "EXILED"),
        (EXILED_WITH_IT, "opponents", False, "EXILED_WITH_IT"),
        (NONTOKEN, "everyone", False, "NONTOKEN_PERMANENT"),
        (THAT_CREATURE, "opponents", False, "THAT_CREATURE"),  # (an owner is its controller: an opponent)
    ],
)
def test_the_filters_are_read_by_the_grammar(
    sentence: str, scope: str, chosen_type: bool, named: str | None
) -> None:
    parsed = parse_oracle(sentence, "Test Arbiter")
    assert [s.read_as for s in parsed.sentences] == ["effect"]
    (ban,) = parsed.effects
    assert isinstance(ban, CastBan)
    assert ("everyone" if ban.everyone else "opponents" if ban.opponents else "you") == scope
    assert (ban.chosen_type, ban.named.name if ban.named else None) == (chosen_type, named)


def test_other_subjects_and_durations_are_not_guessed() -> None:
    """'That creature's owner' is the subject of Reflector Mage's lasting effect alone, and 'a nontoken
    permanent' is no 'nonland permanent': such sentences stay unread (warned), never read as anything else."""
    for sentence in (
        "That creature's owner can't cast spells.",
        "Players can't cast spells with the same name as a nonland permanent.",
    ):
        assert [s.read_as for s in parse_oracle(sentence, "Test Arbiter").sentences] == ["unsupported"]


@pytest.mark.parametrize(
    ("spell", "forbidden"),
    [
        ("Test Spark", True),
        ("test  spark", True),  # (a name compares folded: case and spacing)
        ("Test Bear", False),
        ("Test Spark // Test Ice", True),  # (a split spell cast fused has both names, CR 201.2a)
    ],
)
def test_the_chosen_name_is_forbidden_the_opponents(spell: str, forbidden: bool) -> None:
    """Alhammarret's opponent ("me") can't cast a spell with the chosen name (CR 101.2): a "no" naming it;
    another name is paid from the Forests."""
    result = pay(_board(CHOSEN_NAME, choices={"card_name": "Test Spark"}), _spell(spell), player="me")
    assert _forbidden(result, CHOSEN_NAME) if forbidden else result.payable is True


def test_the_chosen_name_binds_only_the_opponents() -> None:
    board = _board(CHOSEN_NAME, "me", choices={"card_name": "Test Spark"})
    assert pay(board, _spell("Test Spark"), player="me").payable is True


def test_a_split_cards_half_is_its_own_name() -> None:
    """'Test Fire' chosen (one half of 'Test Fire // Test Ice', CR 709.4a): the half Test Ice, cast alone,
    has only its own name on the stack (CR 709.3b) and may be cast; both halves can't be chosen."""
    board = _board(CHOSEN_NAME, choices={"card_name": "Test Fire"})
    assert _forbidden(pay(board, _spell("Test Fire", "Instant", "{G}"), player="me"), CHOSEN_NAME)
    assert pay(board, _spell("Test Ice", "Instant", "{G}"), player="me").payable is True
    with pytest.raises(BoardError, match=r"card_name.*709\.4a"):
        _board(CHOSEN_NAME, choices={"card_name": "Test Fire // Test Ice"})


def test_no_chosen_name_is_warned_never_a_silent_yes() -> None:
    """No name given for Alhammarret: whether the spell is forbidden is not known; the warning names the
    choice (choices.card_name), and the cost is answered."""
    result = pay(_board(CHOSEN_NAME), _spell("Test Spark"), player="me")
    assert result.payable is True
    assert [w for w in result.warnings if w.sentence == CHOSEN_NAME and "choices.card_name" in w.reason]


@pytest.mark.parametrize("type_line", [None, "Creature — Bear"])
def test_a_spell_without_a_name_is_a_question_gap(type_line: str | None) -> None:
    """A cost given without --spell (with or without a type line) names no spell: whether a ban by name
    forbids it is not known, and a warning says to name the card (never a silent yes)."""
    target = PaymentTarget.of("{1}{G}", type_line=type_line) if type_line else PaymentTarget.of("{1}{G}")
    result = pay(_board(CHOSEN_NAME, choices={"card_name": "Test Spark"}), target, player="me")
    assert result.payable is True
    assert [w for w in result.warnings if w.sentence == CHOSEN_NAME and "--spell" in w.reason]


@pytest.mark.parametrize(
    ("type_line", "forbidden"),
    [("Instant", True), ("Tribal Instant — Elf", True), ("Creature — Elf", False), ("Sorcery", False)],
)
def test_spells_of_the_chosen_type_are_forbidden_every_player(type_line: str, forbidden: bool) -> None:
    """Instant chosen (Archon of Valor's Reach): an instant spell can't be cast, by its controller either
    ('Players', CR 101.2); a spell of other types is paid."""
    board = _board(CHOSEN_TYPE, "me", choices={"card_type": "instant"})
    result = pay(board, _spell("Test Spell", type_line, "{G}"), player="me")
    assert _forbidden(result, CHOSEN_TYPE) if forbidden else result.payable is True


def test_no_chosen_type_is_warned() -> None:
    result = pay(_board(CHOSEN_TYPE), _spell("Test Spark", "Instant", "{G}"), player="me")
    assert result.payable is True
    assert [w for w in result.warnings if w.sentence == CHOSEN_TYPE and w.kind is WarningKind.UNDEFINED]


@pytest.mark.parametrize(("sentence", "owner"), [(EXILED, "me"), (EXILED_THEIRS, "opp")])
def test_the_exiled_cards_name_is_forbidden(sentence: str, owner: str) -> None:
    """Test Bear exiled (Exclusion Ritual binds every player, Ixalan's Binding the opponents): a spell named
    Test Bear can't be cast, another can."""
    board = _board(sentence, owner, choices={"imprinted": "Test Bear"})
    assert _forbidden(pay(board, _spell("Test Bear"), player="me"), sentence)
    assert pay(board, _spell("Test Elk"), player="me").payable is True


def test_the_controller_of_the_binding_may_cast_the_exiled_name() -> None:
    board = _board(EXILED_THEIRS, "me", choices={"imprinted": "Test Bear"})
    assert pay(board, _spell("Test Bear"), player="me").payable is True


def test_no_exiled_card_given_is_warned() -> None:
    result = pay(_board(EXILED), _spell("Test Bear"), player="me")
    assert result.payable is True
    assert [w for w in result.warnings if w.sentence == EXILED and "choices.imprinted" in w.reason]


@pytest.mark.parametrize(
    ("exiled", "spell", "forbidden"),
    [
        (["Test Spark", "Test Bear"], "Test Bear", True),
        (["Test Spark", "Test Bear"], "Test Elk", False),
        ([], "Test Bear", False),  # (none exiled with it: no name is forbidden, no warning)
    ],
)
def test_any_card_exiled_with_it_forbids_its_name(exiled: list[str], spell: str, forbidden: bool) -> None:
    """Circu's: every card exiled with it (``choices.imprinted`` as a list) names a spell its opponents can't
    cast."""
    board = _board(EXILED_WITH_IT, choices={"imprinted": exiled} if exiled else None)
    if not exiled:  # (an empty list is the board's 'none', not 'not given'; _board drops empty choices)
        data = board.to_dict()
        for permanent in data["permanents"]:
            if permanent["id"] == "a":
                permanent["choices"] = {"imprinted": []}
        board = Board.from_dict(data)
    result = pay(board, _spell(spell), player="me")
    assert _forbidden(result, EXILED_WITH_IT) if forbidden else result.payable is True
    assert not [w for w in result.warnings if w.sentence == EXILED_WITH_IT and not forbidden]


@pytest.mark.parametrize(("token", "forbidden"), [(False, True), (True, False)])
def test_a_nontoken_permanents_name_is_forbidden(token: bool, forbidden: bool) -> None:
    """Cornered Market: a Test Bear on the battlefield (the opponent's) forbids casting a Test Bear, unless
    that permanent is a token."""
    bear = {
        "id": "b",
        "name": "Test Bear",
        "type_line": "Creature — Bear",
        "controller": "opp",
        "token": token,
    }
    result = pay(_board(NONTOKEN, others=[bear]), _spell("Test Bear"), player="me")
    assert _forbidden(result, NONTOKEN) if forbidden else result.payable is True


@pytest.mark.parametrize(
    ("sick", "type_line", "warned"),
    [(True, "Creature — Bear", True), (True, "Instant", False), (False, "Creature — Bear", False)],
)
def test_reflector_mages_lasting_effect_is_warned(sick: bool, type_line: str, warned: bool) -> None:
    """The opponent's Mage entered since its controller's last turn began (summoning sick): its trigger's
    effect may forbid "me" a spell with a creature's name, not recorded: a warning, the cost answered. An
    instant never has a creature's name (CR 110.4); a Mage its controller has had since their last turn
    began: the effect has ended ('until your next turn')."""
    board = _board(THAT_CREATURE, summoning_sick=sick)
    result = pay(board, _spell("Test Spell", type_line, "{G}"), player="me")
    assert result.payable is True
    assert bool([w for w in result.warnings if w.sentence == THAT_CREATURE]) is warned


def test_max_x_refuses_a_forbidden_name() -> None:
    board = _board(CHOSEN_NAME, choices={"card_name": "Test Blaze"})
    result = max_x(board, _spell("Test Blaze", "Sorcery", "{X}{G}"), player="me")
    assert _forbidden(result, CHOSEN_NAME)


def test_plan_turn_does_not_cast_the_chosen_name() -> None:
    """The Spark named: plan-turn casts the Bear alone; asked to cast the Spark, a "no" naming the card."""
    board = _board(CHOSEN_NAME, choices={"card_name": "Test Spark"}, hand=[BEAR, SPARK])
    assert [spell.card for spell in plan_turn(board).spells] == ["Test Bear"]
    asked = plan_turn(board, casts=["Test Spark"])
    assert asked.castable is False and asked.reason is not None and "Test Arbiter" in asked.reason


ELF: dict[str, Any] = {"name": "Test Elf", "type_line": "Creature — Elf", "mana_cost": "{G}", "oracle": ""}


def test_plan_turn_casts_no_second_spell_of_a_permanents_name() -> None:
    """Cornered Market: the first Elf resolves as a nontoken permanent named Test Elf, so the second can't
    be cast (CR 101.2, 201.2a): asked for both, a "no" naming the Elf and the Arbiter; unasked, no plan casts
    both (a note says why, and the plan is not called optimal). Without the Market both are cast."""
    board = _board(NONTOKEN, hand=[ELF, ELF])
    both = plan_turn(board, casts=["Test Elf", "Test Elf"])
    assert both.castable is False and both.reason is not None
    assert "Test Elf" in both.reason and "Test Arbiter" in both.reason
    unasked = plan_turn(board)
    assert [spell.card for spell in unasked.spells].count("Test Elf") < 2
    assert not unasked.optimal and any("Test Arbiter" in note for note in unasked.notes)
    free = plan_turn(_board("", hand=[ELF, ELF]))
    assert [spell.card for spell in free.spells] == ["Test Elf", "Test Elf"]


LAND_BAN = "Players can't play nonbasic lands with the same name as a nontoken permanent."
VENTS: dict[str, Any] = {"name": "Test Vents", "type_line": "Land", "oracle": "{T}: Add {U} or {R}."}


def test_the_land_play_ban_is_read() -> None:
    """Cornered Market's second sentence, read by the grammar (ignored before: a land play obeys it)."""
    parsed = parse_oracle(LAND_BAN, "Test Arbiter")
    assert [s.read_as for s in parsed.sentences] == ["effect"]


@pytest.mark.parametrize(
    ("on_battlefield", "played"),
    [
        ({"id": "v", **VENTS, "controller": "opp"}, None),  # (a nontoken Test Vents: it can't be played)
        ({"id": "v", **VENTS, "controller": "opp", "token": True}, "Test Vents"),  # (a token's name: allowed)
        (None, "Test Vents"),
    ],
)
def test_plan_turn_plays_no_land_of_a_permanents_name(
    on_battlefield: dict[str, Any] | None, played: str | None
) -> None:
    """Cornered Market: a nonbasic land with the name of a nontoken permanent can't be played (CR 101.2,
    305.1): plan-turn plays no land then; asked for it with --land, bad input naming why."""
    board = _board(LAND_BAN, hand=[VENTS], others=[on_battlefield] if on_battlefield else None)
    assert plan_turn(board).land_played == played
    if played is None:
        with pytest.raises(InputError, match=r"Test Vents can't be played.*101\.2"):
            plan_turn(board, land="Test Vents")


def test_a_basic_land_of_a_permanents_name_may_be_played() -> None:
    """'nonbasic lands': a Forest is played beside the two Forests on the battlefield."""
    assert plan_turn(_board(LAND_BAN, hand=["Forest"])).land_played == "Forest"


@pytest.mark.parametrize(
    ("sentence", "owner", "played"),
    [
        ("You can't play lands.", "me", None),  # (Aggressive Mining's: its controller plays none)
        ("You can't play lands.", "opp", "Test Vents"),  # (its controller's alone)
        (
            "Your opponents can't play land cards from graveyards.",
            "opp",
            "Test Vents",
        ),  # (from the hand: allowed)
    ],
)
def test_other_land_play_bans(sentence: str, owner: str, played: str | None) -> None:
    """'You can't play lands.' forbids its controller every land play (CR 101.2, 305.1); Tomik's forbids only
    land plays from graveyards, and a turn's plan plays its land from the hand."""
    assert plan_turn(_board(sentence, owner, hand=[VENTS])).land_played == played
