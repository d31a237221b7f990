"""Restrictions on when players cast spells and activate abilities (issue 35): "Players can cast spells and
activate abilities only during their own turns." (City of Solitude's shape) and "Each opponent can cast
spells only any time they could cast a sorcery." (Teferi, Mage of Zhalfir's). A "can't" wins (CR 101.2): a
spell (an ability) the restriction forbids now can't be cast (CR 601.3; activated, CR 602.5), so its payment
is "not payable"; a mana ability is an activated ability (CR 605.3a), so on another player's turn the town's
players can't tap their lands for mana even for what isn't cast (turning a face-down creature face up, a
special action, CR 116.2b). A sorcery's time is its caster's own main phase with the stack empty (CR 307.1).
The board says whose turn (``active_player``) and which step (``step``). Answers are derived by hand from
those rules; the payments the rules leave to mana are checked against the exhaustive reference search.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from boards import ME, OPP

from models.board import Board
from models.cost import PaymentKind, PaymentTarget
from models.mana_effects import TimingLimit
from models.oracle import parse_oracle
from planner.api import pay
from planner.rules.reference import reference_search
from planner.turn import plan_turn

CITY = "Players can cast spells and activate abilities only during their own turns."
SORCERY_ONLY = "Each opponent can cast spells only any time they could cast a sorcery."


def _limit(oracle: str, controller: str = OPP) -> dict[str, Any]:
    return {
        "id": "q",
        "controller": controller,
        "name": "Test Quiet Town",
        "type_line": "Enchantment",
        "mana_cost": "{2}{G}",
        "oracle": oracle,
    }


MOUNTAIN = {"id": "m1", "controller": ME, "card": "Mountain"}
BOLT = PaymentTarget.of("{R}", type_line="Instant", name="Test Bolt")
#: An ability's cost ('{R}: ~ gets +1/+0 until end of turn.'), paid by activating it (CR 602.2b).
PUMP = replace(PaymentTarget.of("{R}"), kind=PaymentKind.ABILITY)
#: Turning a face-down creature face up for its morph cost {R}: a special action, no spell nor ability.
FACE_UP = replace(PaymentTarget.of("{R}"), purposes=frozenset({"turn_face_up"}))


def _board(*permanents: dict[str, Any], active: str = ME, step: str = "main", pool: bool = False) -> Board:
    me: dict[str, Any] = {"id": ME, "pool": ["{R}"]} if pool else {"id": ME}
    return Board.from_dict(
        {
            "version": 1,
            "active_player": active,
            "step": step,
            "players": [me, {"id": OPP}],
            "permanents": list(permanents),
        }
    )


@pytest.mark.parametrize(
    ("sentence", "fields"),
    [
        (CITY, (False, True, True, True, False)),
        (SORCERY_ONLY, (True, False, True, False, True)),
        ("You can cast spells only during their own turns.", (False, False, True, False, False)),
    ],
)
def test_the_restriction_is_read_by_the_grammar(sentence: str, fields: tuple[bool, ...]) -> None:
    """Whom (opponents, everyone, its controller), what (spells, abilities) and when (own turn, sorcery)."""
    (limit,) = parse_oracle(sentence, "Test Quiet Town").effects
    assert isinstance(limit, TimingLimit)
    assert (limit.opponents, limit.everyone, limit.spells, limit.abilities, limit.sorcery) == fields
    for near in ("Activate only as a sorcery.", "~ can block only creatures with flying."):
        assert not any(isinstance(e, TimingLimit) for e in parse_oracle(near, "Test Toy").effects)


@pytest.mark.parametrize("controller", [ME, OPP])
def test_no_spell_on_another_player_s_turn(controller: str) -> None:
    """On the opponent's turn the town forbids every player's instant (whoever controls it, 'Players'):
    "not payable", the reason naming the town and CR 101.2; on the payer's own turn the Mountain pays."""
    theirs = pay(_board(MOUNTAIN, _limit(CITY, controller), active=OPP), BOLT, player=ME)
    assert theirs.payable is False and theirs.reason is not None
    assert "Test Quiet Town" in theirs.reason and "CR 101.2" in theirs.reason
    mine = _board(MOUNTAIN, _limit(CITY, controller), active=ME)
    assert pay(mine, BOLT, player=ME).payable
    assert reference_search(mine, BOLT, player=ME, max_states=20_000).payable


def test_no_ability_on_another_player_s_turn() -> None:
    """The town's 'activate abilities': an ability's cost on the opponent's turn can't be paid (CR 602.5)."""
    assert pay(_board(MOUNTAIN, _limit(CITY), active=OPP), PUMP, player=ME).payable is False
    assert pay(_board(MOUNTAIN, _limit(CITY), active=ME), PUMP, player=ME).payable


def test_no_mana_ability_on_another_player_s_turn() -> None:
    """Turning a creature face up is neither a spell nor an ability (CR 116.2b), so the town allows it on the
    opponent's turn, but the Mountain's mana ability can't be activated then (CR 605.3a): "no" from the
    Mountain alone, "yes" with {R} already in the pool; on the payer's own turn the Mountain pays."""
    alone = _board(MOUNTAIN, _limit(CITY), active=OPP)
    assert pay(alone, FACE_UP, player=ME).payable is False
    assert not reference_search(alone, FACE_UP, player=ME, max_states=20_000).payable
    floating = _board(MOUNTAIN, _limit(CITY), active=OPP, pool=True)
    assert pay(floating, FACE_UP, player=ME).payable
    assert reference_search(floating, FACE_UP, player=ME, max_states=20_000).payable
    assert pay(_board(MOUNTAIN, _limit(CITY), active=ME), FACE_UP, player=ME).payable


def test_without_the_town_the_same_boards_pay() -> None:
    """The control: on the opponent's turn, without the town, the Mountain pays each of them."""
    board = _board(MOUNTAIN, active=OPP)
    for target in (BOLT, PUMP, FACE_UP):
        assert pay(board, target, player=ME).payable
        assert reference_search(board, target, player=ME, max_states=20_000).payable


@pytest.mark.parametrize(
    ("active", "step", "payable"),
    [
        (ME, "main", True),  # the payer's own main phase (the stack taken as empty): a sorcery's time
        (ME, "combat", False),  # their own turn, not their main phase (CR 307.1)
        (ME, "beginning", False),
        (OPP, "main", False),  # another player's turn
    ],
)
def test_an_opponent_casts_only_at_a_sorcery_s_time(active: str, step: str, payable: bool) -> None:
    """Teferi's shape binds its controller's opponents: the instant is cast at a sorcery's time only."""
    board = _board(MOUNTAIN, _limit(SORCERY_ONLY, OPP), active=active, step=step)
    assert pay(board, BOLT, player=ME).payable is payable


def test_its_controller_is_not_bound_by_each_opponent() -> None:
    """'Each opponent': its controller casts the instant in combat and on another's turn; its mana abilities
    are no abilities it names (spells only)."""
    for active, step in ((ME, "combat"), (OPP, "main")):
        board = _board(MOUNTAIN, _limit(SORCERY_ONLY, ME), active=active, step=step)
        assert pay(board, BOLT, player=ME).payable
        assert pay(_board(MOUNTAIN, _limit(SORCERY_ONLY, OPP), active=active), FACE_UP, player=ME).payable


def test_a_turn_plan_casts_in_the_main_phase() -> None:
    """A turn plan casts in its player's main phase (contract section 11): under Teferi's shape, its
    opponent's own turn whose board says 'beginning' still casts the instant then; on another player's turn
    the town holds the instant back, the reason naming it."""
    bolt = {"name": "Test Bolt", "type_line": "Instant", "mana_cost": "{R}", "oracle": "Draw a card."}

    def with_hand(limit: str, active: str, step: str) -> Board:
        board = _board(MOUNTAIN, _limit(limit), active=active, step=step).to_dict()
        board["players"][0]["hand"] = [bolt]
        return Board.from_dict(board)

    assert plan_turn(with_hand(SORCERY_ONLY, ME, "beginning"), casts=["Test Bolt"], player=ME).castable
    held = plan_turn(with_hand(CITY, OPP, "main"), casts=["Test Bolt"], player=ME)
    assert held.castable is False and held.reason is not None and "Test Quiet Town" in held.reason
