"""A prohibition on paying life or sacrificing (Yasharn's "Players can't pay life or sacrifice nonland
permanents to cast spells or activate abilities.", Angel of Jubilation's "... sacrifice creatures ...")
followed for a spell's additional and alternative costs and a fetchland's sacrifice of itself (issue 35).

A cost that includes a forbidden payment can't be paid (CR 118.3), so a spell whose additional cost asks
it can't be cast (601.2h), and an alternative cost that asks it is no way to cast the spell (118.9); a
way of a choice of costs that asks it is not chosen (601.2b). Paying 0 life is no life paid (119.4). The
answers below are derived by hand from those rules; the reference search (which pays the total cost's life)
agrees on the life of additional costs.
"""

from __future__ import annotations

from typing import Any

from boards import ME, OPP, make_board

from models.board import Board
from models.cost import PaymentTarget
from models.spells import spell_of
from planner.api import pay, text_warnings
from planner.rules.reference import reference_search
from planner.turn import plan_turn

YASHARN = "Players can't pay life or sacrifice nonland permanents to cast spells or activate abilities."
ANGEL = "Players can't pay life or sacrifice creatures to cast spells or activate abilities."


def _warden(oracle: str) -> dict[str, Any]:
    """The prohibition on a made-up creature the opponent controls ("Players": it binds me too)."""
    return {
        "id": "w",
        "name": "Test Cost Warden",
        "type_line": "Creature — Angel",
        "power": 3,
        "toughness": 3,
        "controller": OPP,
        "oracle": oracle,
    }


GOLEM = {
    "id": "g",
    "name": "Test Golem",
    "type_line": "Artifact Creature — Golem",
    "power": 2,
    "toughness": 2,
}
IDOL = {"id": "i", "name": "Test Idol", "type_line": "Artifact"}
SWAMPS = [{"id": "s1", "card": "Swamp"}, {"id": "s2", "card": "Swamp"}]
MOUNTAINS = [{"id": "m1", "card": "Mountain"}, {"id": "m2", "card": "Mountain"}]

#: Altar's Reap's shape: a creature sacrificed as an additional cost.
REAP = {
    "name": "Test Reap",
    "type_line": "Instant",
    "mana_cost": "{1}{B}",
    "oracle": "As an additional cost to cast this spell, sacrifice a creature.\nDraw two cards.",
}
#: A life payment as an additional cost.
PACT = {
    "name": "Test Pact",
    "type_line": "Sorcery",
    "mana_cost": "{B}",
    "oracle": "As an additional cost to cast this spell, pay 3 life.\nDraw two cards.",
}
#: Bitter Triumph's shape: a choice of a discard or life.
TRIUMPH = {
    "name": "Test Triumph",
    "type_line": "Instant",
    "mana_cost": "{1}{B}",
    "oracle": "As an additional cost to cast this spell, discard a card or pay 3 life.\n"
    "Destroy target creature.",
}


def _spell(card: dict[str, Any]) -> PaymentTarget:
    return spell_of(card["mana_cost"], name=card["name"], type_line=card["type_line"], text=card["oracle"])


def _artifact_trade() -> PaymentTarget:
    """An artifact sacrificed as an additional cost."""
    return spell_of(
        "{1}",
        name="Test Trade",
        type_line="Sorcery",
        text="As an additional cost to cast this spell, sacrifice an artifact.\nDraw a card.",
    )


def test_an_additional_sacrifice_of_a_forbidden_permanent_can_t_be_paid() -> None:
    """Test Reap with two Swamps and a creature: the sacrifice of the creature is forbidden by either
    prohibition (CR 118.3), so the spell can't be cast: "no", the reason naming the warden; plan-turn agrees.
    Without the warden, "yes", the creature sacrificed."""
    for ban in (YASHARN, ANGEL):
        board = make_board([*SWAMPS, GOLEM, _warden(ban)], hand=[REAP])
        answer = pay(board, _spell(REAP))
        assert answer.payable is False and answer.reason is not None and "w's prohibition" in answer.reason
        assert plan_turn(board, casts=["Test Reap"]).castable is False
    free = make_board([*SWAMPS, GOLEM], hand=[REAP])
    answer = pay(free, _spell(REAP))
    assert answer.payable and answer.additional.sacrificed == ("g",)
    assert plan_turn(free, casts=["Test Reap"]).castable is True


def test_each_prohibition_forbids_only_what_it_names() -> None:
    """Sacrifice an artifact: Yasharn forbids every nonland permanent (the Idol and the Golem: "no");
    Angel of Jubilation forbids creatures only: the Idol (an artifact, no creature) may be sacrificed,
    the Golem (an artifact creature) may not."""
    wastes = {"id": "x", "card": "Wastes"}
    for permanent, yasharn, angel in ((IDOL, False, True), (GOLEM, False, False)):
        for ban, payable in ((YASHARN, yasharn), (ANGEL, angel)):
            answer = pay(make_board([wastes, permanent, _warden(ban)]), _artifact_trade())
            assert answer.payable is payable, (permanent["name"], ban)
            if payable:
                assert answer.additional.sacrificed == ("i",)


def test_an_additional_life_payment_can_t_be_paid() -> None:
    """Test Pact with a Swamp at 20 life: its 3 life can't be paid (CR 118.3): "no" from pay, plan-turn and
    the reference search; main's model paid the life and its replay failed (an internal error). Without
    the warden, "yes" with 3 life paid."""
    board = make_board([*SWAMPS[:1], _warden(YASHARN)], hand=[PACT])
    answer = pay(board, _spell(PACT))
    assert answer.payable is False and answer.reason is not None and "CR 118.3" in answer.reason
    assert not reference_search(board, _spell(PACT), max_states=20_000).payable
    assert plan_turn(board, casts=["Test Pact"]).castable is False
    free = make_board(SWAMPS[:1], hand=[PACT])
    answer = pay(free, _spell(PACT))
    assert answer.payable and answer.life_paid == 3
    assert reference_search(free, _spell(PACT), max_states=20_000).payable
    assert plan_turn(free, casts=["Test Pact"]).castable is True


def test_a_choice_of_costs_takes_the_way_the_prohibition_allows() -> None:
    """Test Triumph with a card in hand: its life can't be paid, so the card is discarded (CR 601.2b: the
    caster chooses the way; 118.3): "yes", no life paid; in plan-turn too. With an empty hand, neither way
    can be paid: "no"."""
    hand: list[str | dict[str, Any]] = [TRIUMPH, "Forest"]
    board = make_board([*SWAMPS, _warden(YASHARN)], hand=hand)
    answer = pay(board, _spell(TRIUMPH))
    assert answer.payable and answer.life_paid == 0 and answer.additional.discarded == ("Forest",)
    assert plan_turn(board, casts=["Test Triumph"]).castable is True
    empty = make_board([*SWAMPS, _warden(YASHARN)], hand=[TRIUMPH])
    assert pay(empty, _spell(TRIUMPH)).payable is False
    assert plan_turn(empty, casts=["Test Triumph"]).castable is False
    # (the control: without the warden the life pays it from an empty hand)
    assert pay(make_board(SWAMPS), _spell(TRIUMPH)).payable is True


def test_an_alternative_cost_in_life_or_a_forbidden_sacrifice_is_no_way() -> None:
    """Snuff Out's and Fling's shapes with no mana at all: the alternative cost alone could cast them (CR
    118.9); beside the warden its life, its creature's sacrifice can't be paid (118.3): "no". Pulverize's
    shape sacrifices two Mountains: lands, which neither prohibition forbids: "yes" beside either."""
    snuff = spell_of(
        "{3}{B}",
        name="Test Snuff",
        type_line="Instant",
        text="You may pay 4 life rather than pay this spell's mana cost.\nDestroy target creature.",
    )
    fling = spell_of(
        "{3}{R}",
        name="Test Fling",
        type_line="Instant",
        text="You may sacrifice a creature rather than pay this spell's mana cost.\nDraw a card.",
    )
    pulverize = spell_of(
        "{3}{R}{R}",
        name="Test Pulverize",
        type_line="Sorcery",
        text="You may sacrifice two Mountains rather than pay this spell's mana cost.\n"
        "Destroy all artifacts.",
    )
    for spell, permanents in ((snuff, []), (fling, [GOLEM])):
        assert pay(make_board(permanents), spell).payable is True
        for ban in (YASHARN, ANGEL):
            assert pay(make_board([*permanents, _warden(ban)]), spell).payable is False
    for ban in (YASHARN, ANGEL):
        answer = pay(make_board([*MOUNTAINS, _warden(ban)]), pulverize)
        assert answer.payable and answer.alternative_cost is not None
        assert answer.alternative_cost.sacrificed == ("m1", "m2")


def _grove(type_line: str) -> dict[str, Any]:
    """A fetchland that pays no life (Evolving Wilds' shape, its land untapped); as a land creature, with
    haste (CR 302.6 does not then keep it from tapping)."""
    return {
        "name": "Test Grove",
        "type_line": type_line,
        "oracle": "Haste\n{T}, Sacrifice Test Grove: Search your library for a Forest card, put it onto the "
        "battlefield, then shuffle.",
        **({"power": 1} if "Creature" in type_line else {}),
    }


def _grove_board(type_line: str, ban: str | None) -> Board:
    bear = {"name": "Test Bear", "type_line": "Creature — Bear", "mana_cost": "{G}{G}"}
    forest = {"id": "f", "card": "Forest"}
    warden = [_warden(ban)] if ban is not None else []
    return make_board([forest, *warden], hand=[_grove(type_line), bear])


def test_a_fetchland_s_sacrifice_of_itself_follows_the_prohibition() -> None:
    """A Forest and a fetchland in hand, for {G}{G}: cracking it finds the second Forest. A land is no
    creature and no nonland permanent: beside either prohibition it is cracked ("yes"); a land creature is
    a creature: Angel of Jubilation's forbids its sacrifice (CR 118.3: the search can't be activated),
    "no"; Yasharn's does not (it is a land)."""
    assert plan_turn(_grove_board("Land", YASHARN), casts=["Test Bear"]).castable is True
    assert plan_turn(_grove_board("Land", ANGEL), casts=["Test Bear"]).castable is True
    dryad = "Land Creature — Dryad"
    assert plan_turn(_grove_board(dryad, None), casts=["Test Bear"]).castable is True
    assert plan_turn(_grove_board(dryad, YASHARN), casts=["Test Bear"]).castable is True
    assert plan_turn(_grove_board(dryad, ANGEL), casts=["Test Bear"]).castable is False


def test_the_prohibition_is_no_longer_warned() -> None:
    """Every part of it is followed now: its sentence is read and used (issue 35), not warned."""
    board = make_board([*SWAMPS, GOLEM, _warden(ANGEL)])
    assert not text_warnings(board)
    assert not pay(board, _spell(REAP)).warnings
    assert board.player(ME).life == 20
