"""Permissions that permanents grant to cast spells from their controller's graveyard, read by the grammar
(``graveyard_permission``) and executed (planner/rules/graveyard_permissions.py). CR 601.2a: a card is cast
from a zone other than the hand only by an effect that allows it; the permission names the cards (601.2a:
"one creature card", "instant and sorcery spells", "nonland cards with cycling", 702.29e: typecycling is
cycling), its turn ("During each of your turns"), how many cards each turn (one; Muldrotha's one of each
permanent type, 110.4: what the permanent's ``graveyard_uses_this_turn`` lists has used it up) and what it
adds to the costs (Festival of Embers' 1 life, an additional cost: 118.8, 601.2b, 119.4). The spell is paid
its mana cost (601.2f) or an alternative cost a permanent grants (118.9). Expected answers are worked out by
hand from those rules; each verdict of a payment is checked against the reference search paying the cost the
rules give.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from test_graveyard_keywords import reference_pays

from models.board import Board, Card
from models.cost import PaymentTarget
from models.errors import InputError
from models.filters import ObjectFilter
from models.mana_effects import GraveyardPermission
from models.oracle.classify import grants_graveyard_casting
from models.oracle.read_statics import graveyard_permission_of
from models.oracle.reader import read_card
from models.spells import spell_target
from models.types import TypeLine
from planner.api import PayResult, max_x, pay
from planner.turn import plan_turn

ME = "me"

#: Permanents with the sentence shapes of real cards (the names are made up).
CHIEFTAIN = "During each of your turns, you may cast one creature card from your graveyard."
NECROMANCERS = "During each of your turns, you may cast a Zombie creature card from your graveyard."
FESTIVAL = (
    "During your turn, you may cast instant and sorcery spells from your graveyard by paying 1 life in "
    "addition to their other costs."
)
SARCOPHAGUS = "You may cast nonland cards with cycling from your graveyard."
GRAVETIDE = (
    "During each of your turns, you may play up to one permanent card of each permanent type from your "
    "graveyard. (If a card has multiple permanent types, choose one as you play it.)"
)
SNEAKY = "You may cast creature spells from your graveyard using their sneak abilities."
ONCE = "Once during each of your turns, you may cast a permanent spell from your graveyard."
KNIGHTS = "As long as ~ is on the battlefield, you may play Knight cards from your graveyard."
FIST = "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast."

#: Cards cast from the graveyard.
BEAR = {"name": "Test Bear", "type_line": "Creature — Bear", "mana_cost": "{1}{G}"}
ZOMBIE = {"name": "Test Zombie", "type_line": "Creature — Zombie", "mana_cost": "{2}{B}"}
HYDRA = {"name": "Test Hydra", "type_line": "Creature — Hydra", "mana_cost": "{X}{G}"}
BOLT = {"name": "Test Bolt", "type_line": "Instant", "mana_cost": "{R}", "oracle": "Deal 3 damage."}
GIANT = {"name": "Test Giant", "type_line": "Creature — Giant", "mana_cost": "{6}{G}{G}"}
CYCLER = {
    "name": "Test Cycler",
    "type_line": "Instant",
    "mana_cost": "{1}{U}",
    "oracle": "Draw a card.\nCycling {2}",
}
SWAMP_CYCLER = {
    "name": "Test Swampcycler",
    "type_line": "Creature — Horror",
    "mana_cost": "{3}{B}",
    "oracle": "Swampcycling {2}",
}
#: Lurrus of the Dream-Den's permission: one permanent spell of mana value 2 or less each of your turns
LURRUS = (
    "During each of your turns, you may cast one permanent spell with mana value 2 or less from your "
    "graveyard."
)
OGRE = {"name": "Test Ogre", "type_line": "Creature — Ogre", "mana_cost": "{2}{R}{R}"}
SHOCK = {"name": "Test Shock", "type_line": "Instant", "mana_cost": "{R}"}
GOLEM = {"name": "Test Golem", "type_line": "Artifact Creature — Golem", "mana_cost": "{3}"}
RING = {"name": "Test Ring", "type_line": "Artifact", "mana_cost": "{2}"}


def permanent(pid: str, oracle: str, **fields: Any) -> dict[str, Any]:
    """A permanent of "me" with this text."""
    return {
        "id": pid,
        "controller": ME,
        "name": f"Test {pid}",
        "type_line": "Enchantment",
        "oracle": oracle,
        **fields,
    }


def board_of(lands: list[str], others: list[dict[str, Any]], *, active: str = ME, life: int = 20) -> Board:
    """A board of "me" (and an opponent, "opp") with these basic lands (ids l0, l1, ...) and other
    permanents, on ``active``'s turn."""
    lands_ = [{"id": f"l{i}", "card": land, "controller": ME} for i, land in enumerate(lands)]
    return Board.from_dict(
        {
            "version": 1,
            "active_player": active,
            "players": [{"id": ME, "life": life, "hand": []}, {"id": "opp"}],
            "permanents": lands_ + others,
        }
    )


def from_graveyard(card: dict[str, Any]) -> PaymentTarget:
    """The target of casting ``card`` from its owner's graveyard."""
    return replace(spell_target(Card.from_json(card, "card")), cast_from="graveyard")


def paid_by(result: PayResult) -> str:
    """The permanent whose permission the answer cast the spell by ('' for none)."""
    return "" if result.alternative_cost is None else result.alternative_cost.permission


@pytest.mark.parametrize(
    ("sentence", "read"),
    [
        (CHIEFTAIN, GraveyardPermission(CHIEFTAIN, (ObjectFilter(types=("Creature",)),), True, True)),
        (
            NECROMANCERS,
            GraveyardPermission(NECROMANCERS, (ObjectFilter(types=("Zombie", "Creature")),), True, True),
        ),
        (
            FESTIVAL,
            GraveyardPermission(
                FESTIVAL, (ObjectFilter(types=("Instant",)), ObjectFilter(types=("Sorcery",))), True, life=1
            ),
        ),
        (
            SARCOPHAGUS,
            GraveyardPermission(SARCOPHAGUS, (ObjectFilter(excluded=("Land",), keyword="cycling"),)),
        ),
        (
            GRAVETIDE,
            GraveyardPermission(
                GRAVETIDE,
                (ObjectFilter(excluded=("Instant", "Sorcery")),),
                True,
                each_permanent_type=True,
                play=True,
            ),
        ),
        (SNEAKY, GraveyardPermission(SNEAKY, (ObjectFilter(types=("Creature",)),), keyword="sneak")),
        (ONCE, GraveyardPermission(ONCE, (ObjectFilter(excluded=("Instant", "Sorcery")),), True, True)),
        # (a static ability works on the battlefield only, CR 113.6: "as long as ~ is on the battlefield"
        # asks nothing more)
        (
            KNIGHTS,
            GraveyardPermission(KNIGHTS, (ObjectFilter(types=("Knight",)),), play=True),
        ),
        # (a condition no board field records: not read)
        ("You may cast spells from your graveyard if you gained life this turn.", None),
        # (Lurrus's: the spell's mana value at most 2, CR 202.3)
        (
            LURRUS,
            GraveyardPermission(
                LURRUS, (ObjectFilter(excluded=("Instant", "Sorcery")),), True, True, most_mana_value=2
            ),
        ),
        # ('or more' is no phrase of this shape: not read)
        (LURRUS.replace("or less", "or more"), None),
        ("You may cast creature spells from exile.", None),
    ],
)
def test_permissions_read_by_the_grammar(sentence: str, read: GraveyardPermission | None) -> None:
    assert graveyard_permission_of(sentence) == read


def test_a_read_permission_is_an_effect_and_lands_alone_cast_no_spell() -> None:
    reading = read_card(CHIEFTAIN, "Test Chieftain", TypeLine.parse("Creature — Spirit"))
    assert [s.read_as for s in reading.sentences] == ["effect"]
    # (playing a land casts no spell, CR 305.1: Crucible's sentence is a permission to play lands alone,
    # which no spell matches: tests/test_graveyard_land_plays.py plans it)
    crucible = read_card(
        "You may play lands from your graveyard.", "Test Crucible", TypeLine.parse("Artifact")
    )
    (permission,) = [e for e in crucible.effects if isinstance(e, GraveyardPermission)]
    assert permission.play and [card.types for card in permission.cards] == [("Land",)]
    assert not grants_graveyard_casting("You may play lands from your graveyard.")
    # a trigger's permission is set aside as before (warned where a spell is cast from the graveyard)
    trigger = "Whenever ~ attacks, you may cast an artifact spell from your graveyard."
    raider = read_card(trigger, "Test Raider", TypeLine.parse("Creature"))
    assert [s.read_as for s in raider.sentences] == ["ignored"]


# --- one creature card each turn (Karador's shape) -------------------------------------------------------


def test_one_creature_card_pays_its_mana_cost() -> None:
    # 601.2a, 601.2f: the permission changes no cost: {1}{G} from two Forests, not from one
    two = board_of(["Forest"] * 2, [permanent("ghost", CHIEFTAIN)])
    result = pay(two, from_graveyard(BEAR))
    assert result.payable and paid_by(result) == "ghost" and len(result.tapped) == 2
    assert reference_pays(two, from_graveyard(BEAR), "{1}{G}")
    one = board_of(["Forest"], [permanent("ghost", CHIEFTAIN)])
    assert not pay(one, from_graveyard(BEAR)).payable
    assert not reference_pays(one, from_graveyard(BEAR), "{1}{G}")


def test_no_permission_is_a_no() -> None:
    # 601.2a: with no permanent granting it, a creature card can't be cast from the graveyard at all
    result = pay(board_of(["Forest"] * 4, []), from_graveyard(BEAR))
    assert not result.payable and result.reason is not None and "601.2a" in result.reason


def test_the_use_spent_this_turn_is_a_no() -> None:
    # "one creature card" each turn (601.2a): a creature card already cast by it this turn uses it up
    spent = permanent("ghost", CHIEFTAIN, graveyard_uses_this_turn=["creature"])
    result = pay(board_of(["Forest"] * 4, [spent]), from_graveyard(BEAR))
    assert not result.payable and result.reason is not None
    assert "601.2a" in result.reason and "permanents[4].graveyard_uses_this_turn" in result.reason


def test_only_on_its_controllers_turn_and_only_creature_cards() -> None:
    # "During each of your turns": on the opponent's turn it allows nothing (the board's active_player)
    theirs = board_of(["Forest"] * 4, [permanent("ghost", CHIEFTAIN)], active="opp")
    assert not pay(theirs, from_graveyard(BEAR), player=ME).payable
    # an instant is no creature card (601.2a: the permission names the cards)
    mine = board_of(["Mountain"] * 2, [permanent("ghost", CHIEFTAIN)])
    assert not pay(mine, from_graveyard(BOLT)).payable


def test_largest_x_by_the_permission() -> None:
    # 107.3, 601.2f: {X}{G} from the graveyard by the permission, four Forests: X = 3 (the reference search
    # pays {3}{G} and not {4}{G})
    board = board_of(["Forest"] * 4, [permanent("ghost", CHIEFTAIN)])
    result = max_x(board, from_graveyard(HYDRA))
    assert result.payable and result.x == 3
    assert reference_pays(board, from_graveyard(HYDRA).with_x(3), "{3}{G}")
    assert not reference_pays(board, from_graveyard(HYDRA).with_x(4), "{4}{G}")
    spent = board_of(["Forest"] * 4, [permanent("ghost", CHIEFTAIN, graveyard_uses_this_turn=["creature"])])
    assert not max_x(spent, from_graveyard(HYDRA)).payable


def test_a_granted_alternative_cost_joins_the_permission() -> None:
    # 118.9: the permission lets the card be cast; an alternative cost a permanent grants may be paid rather
    # than its mana cost: five basics pay {W}{U}{B}{R}{G}, never {6}{G}{G}
    lands = ["Plains", "Island", "Swamp", "Mountain", "Forest"]
    board = board_of(lands, [permanent("ghost", CHIEFTAIN), permanent("fist", FIST)])
    result = pay(board, from_graveyard(GIANT))
    assert result.payable and paid_by(result) == "ghost"
    assert result.alternative_cost is not None and result.alternative_cost.source == "fist"
    assert reference_pays(board, from_graveyard(GIANT), "{W}{U}{B}{R}{G}")
    assert not reference_pays(board, from_graveyard(GIANT), "{6}{G}{G}")
    # an alternative cost for spells cast from the hand is none for the graveyard's copy, whatever copy the
    # hand holds (601.2a, 118.9: "You may cast spells from your hand without paying their mana costs")
    omniscience = permanent("mind", "You may cast spells from your hand without paying their mana costs.")
    held = board_of(["Forest"], [permanent("ghost", CHIEFTAIN), omniscience])
    held = held.replace_player(ME, hand=(Card.from_json(GIANT, "card"),))
    assert not pay(held, from_graveyard(GIANT)).payable
    # without the permission the Fist's cost is no permission (601.2a)
    assert not pay(board_of(lands, [permanent("fist", FIST)]), from_graveyard(GIANT)).payable


# --- a Zombie creature card (Gisa and Geralf's shape) ----------------------------------------------------


def test_a_zombie_creature_card_only() -> None:
    board = board_of(["Swamp"] * 3, [permanent("twins", NECROMANCERS)])
    result = pay(board, from_graveyard(ZOMBIE))
    assert result.payable and paid_by(result) == "twins"
    assert reference_pays(board, from_graveyard(ZOMBIE), "{2}{B}")
    assert not pay(board_of(["Forest"] * 3, [permanent("twins", NECROMANCERS)]), from_graveyard(BEAR)).payable
    spent = permanent("twins", NECROMANCERS, graveyard_uses_this_turn=["creature"])
    assert not pay(board_of(["Swamp"] * 3, [spent]), from_graveyard(ZOMBIE)).payable


# --- 1 life in addition (Festival of Embers' shape) -------------------------------------------------------


def test_life_in_addition_to_the_mana_cost() -> None:
    # 118.8, 601.2b: {R} and 1 life; 119.4: a player with 1 life may pay it
    board = board_of(["Mountain"], [permanent("fest", FESTIVAL)], life=1)
    result = pay(board, from_graveyard(BOLT))
    assert result.payable and result.life_paid == 1 and paid_by(result) == "fest"
    assert reference_pays(board, from_graveyard(BOLT), "{R}")
    # 119.4: with no life, 1 life can't be paid
    assert not pay(
        board_of(["Mountain"], [permanent("fest", FESTIVAL)], life=0), from_graveyard(BOLT)
    ).payable


def test_life_permission_is_for_instants_and_sorceries_on_its_turn() -> None:
    assert not pay(board_of(["Forest"] * 2, [permanent("fest", FESTIVAL)]), from_graveyard(BEAR)).payable
    theirs = board_of(["Mountain"], [permanent("fest", FESTIVAL)], active="opp")
    assert not pay(theirs, from_graveyard(BOLT), player=ME).payable


def test_no_uses_to_list_for_an_unlimited_permission() -> None:
    # the permission allows any number of spells: a use listed for it is bad input, named by its path
    listed = permanent("fest", FESTIVAL, graveyard_uses_this_turn=["instant"])
    with pytest.raises(
        InputError, match=r"permanents\[1\]\.graveyard_uses_this_turn: .* no permission to cast a"
    ):
        pay(board_of(["Mountain"], [listed]), from_graveyard(BOLT))


# --- cards with cycling (Abandoned Sarcophagus' shape) ---------------------------------------------------


def test_cards_with_cycling_any_turn() -> None:
    # no turn named: on the opponent's turn too; {1}{U} from two Islands
    board = board_of(["Island"] * 2, [permanent("tomb", SARCOPHAGUS)], active="opp")
    result = pay(board, from_graveyard(CYCLER), player=ME)
    assert result.payable and paid_by(result) == "tomb"
    assert reference_pays(board, from_graveyard(CYCLER), "{1}{U}")
    # 702.29e: a card with typecycling has cycling
    swamps = board_of(["Swamp"] * 4, [permanent("tomb", SARCOPHAGUS)])
    assert pay(swamps, from_graveyard(SWAMP_CYCLER)).payable
    # a card without cycling: no permission
    assert not pay(board_of(["Forest"] * 2, [permanent("tomb", SARCOPHAGUS)]), from_graveyard(BEAR)).payable


# --- one of each permanent type (Muldrotha's shape) -------------------------------------------------------


def test_one_card_of_each_permanent_type() -> None:
    fresh = board_of(["Forest"] * 3, [permanent("tide", GRAVETIDE)])
    assert paid_by(pay(fresh, from_graveyard(BEAR))) == "tide"
    creature_used = [permanent("tide", GRAVETIDE, graveyard_uses_this_turn=["creature"])]
    # 601.2a: the creature is used this turn, the artifact is not
    assert not pay(board_of(["Forest"] * 3, creature_used), from_graveyard(BEAR)).payable
    assert pay(board_of(["Forest"] * 3, creature_used), from_graveyard(RING)).payable
    # an artifact creature may be cast as the artifact (the type chosen, 110.4)
    assert pay(board_of(["Forest"] * 3, creature_used), from_graveyard(GOLEM)).payable
    both = [permanent("tide", GRAVETIDE, graveyard_uses_this_turn=["creature", "artifact"])]
    golem = pay(board_of(["Forest"] * 3, both), from_graveyard(GOLEM))
    assert not golem.payable and golem.reason is not None and "graveyard_uses_this_turn" in golem.reason
    # an instant is no permanent card
    assert not pay(board_of(["Mountain"], [permanent("tide", GRAVETIDE)]), from_graveyard(BOLT)).payable


@pytest.mark.parametrize("uses", [["sorcery"], ["creature", "Creature"]])
def test_uses_a_permission_cannot_have_are_bad_input(uses: list[str]) -> None:
    listed = permanent("tide", GRAVETIDE, graveyard_uses_this_turn=uses)
    with pytest.raises(InputError, match=r"graveyard_uses_this_turn\[\d\]"):
        pay(board_of(["Forest"] * 3, [listed]), from_graveyard(BEAR))


def test_once_each_turn_a_permanent_spell() -> None:
    board = board_of(["Forest"] * 2, [permanent("once", ONCE)])
    assert paid_by(pay(board, from_graveyard(BEAR))) == "once"
    spent = board_of(["Forest"] * 2, [permanent("once", ONCE, graveyard_uses_this_turn=["creature"])])
    assert not pay(spent, from_graveyard(BEAR)).payable


# --- a keyword's cost only (Ninja Teen's shape) -----------------------------------------------------------


def test_a_keyword_only_permission_is_warned_not_weighed() -> None:
    # "using their sneak abilities": the card is cast only for its sneak cost, whose condition (an unblocked
    # attacker returned) no board field records: not weighed, and named in the warnings, never silent
    result = pay(board_of(["Forest"] * 2, [permanent("teen", SNEAKY)]), from_graveyard(BEAR))
    assert not result.payable
    assert any(w.permanent == "teen" and "sneak" in w.reason for w in result.warnings)


def test_the_spell_cast_from_the_graveyard_is_not_counted_there() -> None:
    # 601.2a: the card moves to the stack before its total cost is worked out (601.2f): "{1} less for each
    # creature card in your graveyard" counts the two others, not itself: {5}{G} less {2} is {3}{G}; three
    # Forests don't pay it, four do
    centaur = {
        "name": "Test Centaur",
        "type_line": "Creature — Centaur",
        "mana_cost": "{5}{G}",
        "oracle": "This spell costs {1} less to cast for each creature card in your graveyard.\n"
        "You may cast Test Centaur from your graveyard.",
    }

    def board(forests: int) -> Board:
        lands = [{"id": f"l{i}", "card": "Forest", "controller": ME} for i in range(forests)]
        player = {"id": ME, "hand": [], "graveyard": [centaur, BEAR, ZOMBIE]}
        return Board.from_dict({"version": 1, "players": [player], "permanents": lands})

    four = pay(board(4), from_graveyard(centaur))
    assert four.payable and four.total_cost == "{3}{G}"
    assert not pay(board(3), from_graveyard(centaur)).payable


def test_plan_turn_casts_from_the_graveyard_by_the_permission() -> None:
    # turn plans cast the creature card the permission lets "me" cast from the graveyard (601.2a) for its
    # mana cost {1}{G}, two Forests; not the Bolt (no permission for an instant); nothing left out
    board = Board.from_dict(
        {
            "version": 1,
            "active_player": ME,
            "players": [{"id": ME, "hand": [], "graveyard": [BEAR, BOLT]}],
            "permanents": [
                {"id": "l0", "card": "Forest", "controller": ME},
                {"id": "l1", "card": "Forest", "controller": ME},
                permanent("ghost", CHIEFTAIN),
            ],
        }
    )
    turn = plan_turn(board, time_limit=120)
    assert [(s.card, s.cast_from) for s in turn.spells] == [("Test Bear", "graveyard")]
    assert turn.spells[0].payment.alternative_cost is not None
    assert turn.spells[0].payment.alternative_cost.permission == "ghost"
    assert turn.optimal and not turn.notes


def test_forbidding_alternative_costs_leaves_the_permissions_that_add_nothing() -> None:
    # --alternative-cost forbid asks "castable by its mana cost?": Karador's permission casts the card for
    # its mana cost (601.2a, 601.2f), Festival's asks 1 life more (118.8) and flashback is an alternative
    # cost (702.34a): those two are no way to cast it for its mana cost alone
    chieftain = board_of(["Forest"] * 2, [permanent("ghost", CHIEFTAIN)])
    assert pay(chieftain, from_graveyard(BEAR), alternative_cost="forbid").payable
    festival = board_of(["Mountain"], [permanent("fest", FESTIVAL)])
    refused = pay(festival, from_graveyard(BOLT), alternative_cost="forbid")
    assert not refused.payable and refused.reason is not None and "1 life" in refused.reason
    assert pay(festival, from_graveyard(BOLT)).payable
    blast = {
        "name": "Test Blast",
        "type_line": "Instant",
        "mana_cost": "{2}{R}",
        "oracle": "Flashback {3}{R}{R}",
    }
    flashback = board_of(["Mountain"] * 3, [])
    assert not pay(flashback, from_graveyard(blast), alternative_cost="forbid").payable
    assert not max_x(
        board_of(["Mountain"] * 3, [permanent("fest", FESTIVAL)]),
        from_graveyard({"name": "Test Blaze", "type_line": "Sorcery", "mana_cost": "{X}{R}"}),
        alternative_cost="forbid",
    ).payable


def test_a_permanent_spell_of_mana_value_two_or_less() -> None:
    """Lurrus's permission, four Forests: Test Bear ({1}{G}, mana value 2, a creature) is cast from the
    graveyard for its mana cost by it; Test Ogre (mana value 4) and Test Shock (an instant: no permanent
    spell, CR 110.4b) are not (601.2a: no permission lets them), nor a second card once its use is spent
    (on main: the sentence unread, each paid its mana cost with a warning)."""
    cat = permanent("cat", LURRUS)
    board = board_of(["Forest"] * 4 + ["Mountain"] * 2, [cat])
    bear = pay(board, from_graveyard(BEAR))
    assert bear.payable and paid_by(bear) == "cat" and not bear.warnings
    ogre = pay(board, from_graveyard(OGRE))
    assert not ogre.payable and "mana value 2 or less" in (ogre.reason or "")
    assert not pay(board, from_graveyard(SHOCK)).payable
    spent = permanent("cat", LURRUS, graveyard_uses_this_turn=["creature"])
    assert not pay(board_of(["Forest"] * 4, [spent]), from_graveyard(BEAR)).payable
