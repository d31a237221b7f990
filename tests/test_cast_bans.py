"""Prohibitions on casting (issue 35): "You can't cast permanent spells." and "Your opponents can't cast
spells during your turn." (Codie, Vociferous Codex), "Each player can't cast more than one spell each turn."
(Archon of Emeria), "Your opponents can't cast spells from anywhere other than their hands." (Drannith
Magistrate), "Players can't cast spells from graveyards or libraries." (Weathered Runestone). A "can't" wins
over what would allow the spell (CR 101.2): ``pay`` of a spell the board forbids its caster is a "no" naming
the card and the sentence; ``plan-turn`` does not cast the spell. "Permanent spells" are artifact, battle,
creature, enchantment and planeswalker spells (CR 110.4b); "during your turn" is the prohibition's
controller's turn. The cards are made up in the phrases of real cards.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from models.board import Board, Card
from models.cost import PaymentTarget
from models.mana_effects import CastBan
from models.oracle import parse_oracle
from models.spells import spell_target
from planner.api import pay
from planner.rules.records import WarningKind
from planner.turn import plan_turn

#: Codie's two prohibitions on a made-up artifact.
CODEX: dict[str, Any] = {
    "id": "c",
    "name": "Test Codex",
    "type_line": "Legendary Artifact Creature — Construct",
    "oracle": "You can't cast permanent spells.\nYour opponents can't cast spells during your turn.",
}
#: a permanent spell whose own prohibition would forbid the creature spells cast after it
WARDEN: dict[str, Any] = {
    "name": "Test Warden",
    "type_line": "Artifact",
    "mana_cost": "{1}",
    "oracle": "You can't cast creature spells.",
}


def _board(*, active: str = "me", hand: list[Any] | None = None, codex: bool = True) -> Board:
    permanents: list[dict[str, Any]] = [
        {"id": "f", "card": "Forest", "controller": "me"},
        {"id": "m", "card": "Mountain", "controller": "me"},
        {"id": "of", "card": "Forest", "controller": "opp"},
    ]
    if codex:
        permanents.append({**CODEX, "controller": "me"})
    players = [{"id": "me", "hand": hand or []}, {"id": "opp"}]
    return Board.from_dict(
        {"version": 1, "active_player": active, "players": players, "permanents": permanents}
    )


def test_the_prohibitions_are_read() -> None:
    parsed = parse_oracle(CODEX["oracle"], CODEX["name"])
    assert [s.read_as for s in parsed.sentences] == ["effect", "effect"]
    mine, theirs = parsed.effects
    assert isinstance(mine, CastBan) and isinstance(theirs, CastBan)
    assert (mine.spells.permanent, mine.opponents, mine.your_turn) == (True, False, False)
    assert (theirs.spells.permanent, theirs.opponents, theirs.your_turn) == (False, True, True)


@pytest.mark.parametrize(
    ("type_line", "player", "active", "forbidden"),
    [
        ("Creature — Elf", "me", "me", "You can't cast permanent spells."),
        ("Artifact", "me", "opp", "You can't cast permanent spells."),  # (any turn)
        ("Instant", "me", "me", None),  # (not a permanent spell, CR 110.4b)
        ("Instant", "opp", "me", "Your opponents can't cast spells during your turn."),
        ("Instant", "opp", "opp", None),  # (the opponent's own turn)
    ],
)
def test_pay_refuses_a_spell_the_board_forbids(
    type_line: str, player: str, active: str, forbidden: str | None
) -> None:
    """The cost alone is payable ({G} from a Forest), but the spell can't be cast (CR 101.2): a "no" whose
    reason names the Codex, its sentence and the rule. An allowed spell is paid as before."""
    result = pay(_board(active=active), PaymentTarget.of("{G}", type_line=type_line), player=player)
    if forbidden is None:
        assert result.payable
        assert not [w for w in result.warnings if w.kind is WarningKind.FORBIDDEN]
    else:
        assert result.payable is False and result.reason is not None
        assert "Test Codex" in result.reason and forbidden in result.reason and "101.2" in result.reason


def test_a_bare_cost_is_forbidden_nothing() -> None:
    """A cost that names no spell (no type line) may be an ability's: no prohibition is said of it."""
    assert not pay(_board(), PaymentTarget.of("{G}"), player="opp").warnings


def test_plan_turn_does_not_cast_a_forbidden_spell() -> None:
    """With the Codex: the Elves (a permanent spell) are held back, the Bolt cast; asked to cast the Elves,
    the answer is a 'no' that names the sentence. Without it both are cast."""
    hand = ["Llanowar Elves", "Lightning Bolt"]
    turn = plan_turn(_board(hand=hand))
    assert [spell.card for spell in turn.spells] == ["Lightning Bolt"]
    assert any("You can't cast permanent spells." in note for note in turn.notes)
    asked = plan_turn(_board(hand=hand), casts=["Llanowar Elves"])
    assert asked.castable is False and asked.reason is not None and "Test Codex" in asked.reason
    free = plan_turn(_board(hand=hand, codex=False))
    assert sorted(spell.card for spell in free.spells) == ["Lightning Bolt", "Llanowar Elves"]


def test_plan_turn_does_not_cast_a_creature_after_a_spell_that_forbids_it() -> None:
    """The Warden ({1}) resolves with "You can't cast creature spells.": in the order given, the Elves after
    it are a 'no', before it both are cast; unasked, the Warden is not planned with the Elves (a note, and
    the plan is not called optimal)."""
    hand = [WARDEN, "Llanowar Elves"]
    after = plan_turn(_board(hand=hand, codex=False), casts=["Test Warden", "Llanowar Elves"])
    assert after.castable is False and after.reason is not None and "Test Warden" in after.reason
    before = plan_turn(_board(hand=hand, codex=False), casts=["Llanowar Elves", "Test Warden"])
    assert [spell.card for spell in before.spells] == ["Llanowar Elves", "Test Warden"]
    unasked = plan_turn(_board(hand=hand, codex=False))
    assert [spell.card for spell in unasked.spells] == ["Llanowar Elves"]
    assert not unasked.optimal and any("Test Warden" in note for note in unasked.notes)


#: the phrases of Archon of Emeria's, Drannith Magistrate's and Weathered Runestone's prohibitions
ONE_SPELL = "Each player can't cast more than one spell each turn."
HANDS_ONLY = "Your opponents can't cast spells from anywhere other than their hands."
NO_GRAVEYARDS = "Players can't cast spells from graveyards or libraries."
#: a spell with escape, cast from the graveyard (Fruit of Tizerus's shape, CR 702.138a)
ESCAPER: dict[str, Any] = {
    "name": "Test Escaper",
    "type_line": "Instant",
    "mana_cost": "{B}",
    "oracle": "Target opponent loses 2 life.\nEscape—{1}{B}, Exile three other cards from your graveyard.",
}
BEAR: dict[str, Any] = {
    "name": "Test Bear",
    "type_line": "Creature — Bear",
    "mana_cost": "{1}{G}",
    "oracle": "",
}
SPARK: dict[str, Any] = {"name": "Test Spark", "type_line": "Instant", "mana_cost": "{R}", "oracle": ""}


def _banned(sentence: str, owner: str, *, cast: int = 0, hand: list[Any] | None = None, **me: Any) -> Board:
    """Two Forests and two Swamps of "me", an opponent's Forest, and a made-up card with ``sentence``."""
    permanents: list[dict[str, Any]] = [
        {"id": f"{card[0].lower()}{n}", "card": card, "controller": "me"}
        for card in ("Forest", "Swamp")
        for n in (1, 2)
    ]
    permanents += [
        {"id": "of", "card": "Forest", "controller": "opp"},
        {
            "id": "a",
            "name": "Test Archon",
            "type_line": "Creature — Archon",
            "oracle": sentence,
            "controller": owner,
        },
    ]
    players = [{"id": "me", "hand": hand or [], "spells_cast_this_turn": cast, **me}, {"id": "opp"}]
    return Board.from_dict({"version": 1, "players": players, "permanents": permanents})


@pytest.mark.parametrize(
    ("sentence", "players", "zones", "most"),
    [
        (ONE_SPELL, "everyone", None, 1),
        (HANDS_ONLY, "opponents", {"graveyard", "exile", "library", "command"}, None),
        (NO_GRAVEYARDS, "everyone", {"graveyard", "library"}, None),
        ("You can't cast more than one spell each turn.", "you", None, 1),
        ("Each opponent can't cast creature spells.", "opponents", None, None),
    ],
)
def test_the_scope_zone_and_limit_are_read(
    sentence: str, players: str, zones: set[str] | None, most: int | None
) -> None:
    (ban,) = parse_oracle(sentence, "Test Archon").effects
    assert isinstance(ban, CastBan)
    scope = "everyone" if ban.everyone else "opponents" if ban.opponents else "you"
    assert (scope, ban.zones, ban.most) == (players, zones, most)


def _spell(card: dict[str, Any], cast_from: str | None = None) -> PaymentTarget:
    """The spell of ``card`` as ``pay --spell`` asks it (its text read: escape), cast from ``cast_from``."""
    target = spell_target(Card.from_json(card))
    return target if cast_from is None else replace(target, cast_from=cast_from)


@pytest.mark.parametrize("owner", ["me", "opp"])
def test_one_spell_each_turn_forbids_a_second(owner: str) -> None:
    """'Each player' binds its controller and the others (CR 101.2). A first spell is paid ({1}{G}: two
    Forests); after one spell this turn the second is a "no" naming the card, whoever controls it."""
    assert pay(_banned(ONE_SPELL, owner), _spell(BEAR), player="me").payable is True
    second = pay(_banned(ONE_SPELL, owner, cast=1), _spell(BEAR), player="me")
    assert second.payable is False and second.reason is not None
    assert "Test Archon" in second.reason and "101.2" in second.reason


def test_hands_only_binds_the_opponents_and_spares_the_hand() -> None:
    """Drannith's shape: its controller's opponent can't cast the escape spell from the graveyard (CR 101.2),
    its controller can ({1}{B} from a Swamp and a Forest, CR 702.138a); from the hand it is allowed."""
    graveyard = [ESCAPER, BEAR, SPARK, BEAR]
    theirs = _banned(HANDS_ONLY, "opp", graveyard=graveyard)
    refused = pay(theirs, _spell(ESCAPER, "graveyard"), player="me")
    assert refused.payable is False and refused.reason is not None and "Test Archon" in refused.reason
    mine = _banned(HANDS_ONLY, "me", graveyard=graveyard)
    assert pay(mine, _spell(ESCAPER, "graveyard"), player="me").payable is True
    assert pay(_banned(HANDS_ONLY, "opp", hand=[ESCAPER]), _spell(ESCAPER, "hand"), player="me").payable


def test_no_spells_from_graveyards_binds_its_controller_too() -> None:
    """Runestone's shape ('Players'): no escape from the graveyard for anyone (CR 101.2), the hand is fine."""
    board = _banned(NO_GRAVEYARDS, "me", graveyard=[ESCAPER, BEAR, SPARK, BEAR])
    refused = pay(board, _spell(ESCAPER, "graveyard"), player="me")
    assert refused.payable is False and refused.reason is not None and NO_GRAVEYARDS in refused.reason
    assert pay(board, _spell(BEAR), player="me").payable is True


def test_plan_turn_casts_one_spell_under_the_limit() -> None:
    """Two Forests and two Swamps pay the Bear ({1}{G}) and a Spark of {B} (CR 601.2h), but the opponent's
    Archon allows one spell a turn (CR 101.2): asked for both, a "no" naming the card;
    unasked, one is cast (the Bear: the greater mana value, contract section 11); after a spell this turn,
    none."""
    spark = {**SPARK, "mana_cost": "{B}"}
    board = _banned(ONE_SPELL, "opp", hand=[BEAR, spark])
    both = plan_turn(board, casts=["Test Bear", "Test Spark"])
    assert both.castable is False and both.reason is not None and "Test Archon" in both.reason
    unasked = plan_turn(board)
    assert [spell.card for spell in unasked.spells] == ["Test Bear"]
    free = plan_turn(_banned("", "opp", hand=[BEAR, spark]))
    assert sorted(spell.card for spell in free.spells) == ["Test Bear", "Test Spark"]
    after = plan_turn(_banned(ONE_SPELL, "opp", cast=1, hand=[BEAR, spark]))
    assert after.spells == () and not after.castable


def test_a_spell_with_the_limit_of_its_own_is_the_turns_last() -> None:
    """A permanent spell whose own "You can't cast more than one spell each turn." would forbid a spell cast
    after it (CR 101.2): in the order given, a "no"."""
    limiter = {
        "name": "Test Limiter",
        "type_line": "Artifact",
        "mana_cost": "{1}",
        "oracle": "You can't cast more than one spell each turn.",
    }
    board = _banned("", "opp", hand=[limiter, BEAR])
    assert plan_turn(board, casts=["Test Limiter", "Test Bear"]).castable is False
    assert plan_turn(board, casts=["Test Bear", "Test Limiter"]).castable is not False


#: Nullhide Ferox's prohibition: a spell of any type but creature (CR 205.4a's 'non' type word)
NONCREATURE = "You can't cast noncreature spells."


@pytest.mark.parametrize(
    ("type_line", "forbidden"),
    [
        ("Instant", True),  # (not a creature: forbidden, CR 101.2)
        ("Artifact", True),
        ("Artifact Creature — Golem", False),  # (a creature, whatever its other types)
        ("Creature — Bear", False),
    ],
)
def test_noncreature_spells_are_forbidden_their_controller(type_line: str, forbidden: bool) -> None:
    """Two Forests pay {G} (CR 601.2h); the Archon's controller can't cast a spell that is not a creature
    (CR 101.2), a "no" naming the card; a creature spell is paid; the opponent is not bound ('You')."""
    board = _banned(NONCREATURE, "me")
    result = pay(board, PaymentTarget.of("{G}", type_line=type_line), player="me")
    if forbidden:
        assert result.payable is False and result.reason is not None
        assert "Test Archon" in result.reason and NONCREATURE in result.reason and "101.2" in result.reason
    else:
        assert result.payable is True
    assert pay(_banned(NONCREATURE, "opp"), PaymentTarget.of("{G}", type_line=type_line), player="me").payable


def test_plan_turn_casts_the_creature_under_a_noncreature_ban() -> None:
    """Two Forests and two Swamps pay the Bear ({1}{G}) and a Spark of {B}; under 'You can't cast
    noncreature spells.' only the Bear is cast (CR 101.2)."""
    spark = {**SPARK, "mana_cost": "{B}"}
    turn = plan_turn(_banned(NONCREATURE, "me", hand=[BEAR, spark]))
    assert [spell.card for spell in turn.spells] == ["Test Bear"]


#: Brisela's prohibition (CR 202.3: a spell's mana value is its mana cost's)
THREE_OR_LESS = "Your opponents can't cast spells with mana value 3 or less."


@pytest.mark.parametrize(
    ("mana_cost", "forbidden"),
    [
        ("{G}", True),  # (mana value 1)
        ("{1}{G}{G}", True),  # (3: 'or less' includes it)
        ("{2}{G}{G}", False),  # (4)
    ],
)
def test_small_spells_are_forbidden_the_opponents(mana_cost: str, forbidden: bool) -> None:
    """Two Forests and two Swamps of "me" pay each cost (CR 601.2h); the opponent's card forbids "me" the
    spells of mana value 3 or less (CR 101.2), a "no" naming it; its own controller is not bound."""
    spell = PaymentTarget.of(mana_cost, type_line="Creature — Bear")
    result = pay(_banned(THREE_OR_LESS, "opp"), spell, player="me")
    if forbidden:
        assert result.payable is False and result.reason is not None
        assert "Test Archon" in result.reason and THREE_OR_LESS in result.reason and "101.2" in result.reason
    else:
        assert result.payable is True
    assert pay(_banned(THREE_OR_LESS, "me"), spell, player="me").payable is True


def test_a_mana_value_ban_on_an_x_spell_is_warned_not_refused() -> None:
    """{X}{G}'s mana value counts X (CR 202.3e): under 'mana value 4 or greater' X 0 to 2 are allowed, more
    forbidden. The answer is never a silent yes: a warning names the card."""
    sentence = "Your opponents can't cast spells with mana value 4 or greater."
    result = pay(_banned(sentence, "opp"), PaymentTarget.of("{X}{G}", type_line="Sorcery"), player="me", x=3)
    assert [w for w in result.warnings if w.kind is WarningKind.FORBIDDEN and w.sentence == sentence]


#: Iona's prohibition: the color its permanent's choice named (choices.color)
CHOSEN_COLOR = "Your opponents can't cast spells of the chosen color."


def _iona(choices: dict[str, Any] | None) -> Board:
    """Two Forests and two Swamps of "me"; the opponent's Archon with CHOSEN_COLOR and ``choices``."""
    board = _banned(CHOSEN_COLOR, "opp").to_dict()
    for permanent in board["permanents"]:
        if permanent["id"] == "a" and choices is not None:
            permanent["choices"] = choices
    return Board.from_dict(board)


@pytest.mark.parametrize(
    ("mana_cost", "forbidden"),
    [("{B}", True), ("{1}{B}{G}", True), ("{G}", False), ("{2}", False)],  # (a colorless spell: no color)
)
def test_spells_of_the_chosen_color_are_forbidden(mana_cost: str, forbidden: bool) -> None:
    """Black chosen: a spell that is black (of one color or more, CR 105.2) can't be cast by the Archon's
    opponent (CR 101.2), a "no" naming it; others are paid from the Forests and Swamps."""
    result = pay(_iona({"color": "B"}), PaymentTarget.of(mana_cost, type_line="Sorcery"), player="me")
    if forbidden:
        assert result.payable is False and result.reason is not None
        assert "Test Archon" in result.reason and CHOSEN_COLOR in result.reason and "101.2" in result.reason
    else:
        assert result.payable is True


def test_no_chosen_color_is_warned_never_a_silent_yes() -> None:
    """No color given for the Archon: whether the {B} spell is forbidden is not known, a warning names the
    choice (choices.color)."""
    result = pay(_iona(None), PaymentTarget.of("{B}", type_line="Sorcery"), player="me")
    assert [w for w in result.warnings if w.sentence == CHOSEN_COLOR and w.kind is WarningKind.UNDEFINED]


def test_plan_turn_warns_of_a_chosen_color_not_given() -> None:
    """plan-turn alike: black chosen, the black Spark is held back (CR 101.2) and the Bear cast; no color
    given, a warning names the choice."""
    chosen = _iona({"color": "B"}).to_dict()
    chosen["players"][0]["hand"] = [BEAR, {**SPARK, "mana_cost": "{B}"}]
    turn = plan_turn(Board.from_dict(chosen))
    assert [spell.card for spell in turn.spells] == ["Test Bear"]
    unknown = _iona(None).to_dict()
    unknown["players"][0]["hand"] = [BEAR, {**SPARK, "mana_cost": "{B}"}]
    warned = plan_turn(Board.from_dict(unknown))
    assert [w for w in warned.warnings if w.sentence == CHOSEN_COLOR and w.kind is WarningKind.UNDEFINED]
