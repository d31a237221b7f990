"""Damage from triggers on tapping (City of Brass's own; Manabarbs, Burning Earth and Psychic Venom on the
permanents they name): taken by the player who taps, counted in the payment's damage (objective criterion 5)
and checked against the exhaustive reference search. The triggers are not mana abilities (CR 605.1b): the
damage waits for the stack, so it never takes away life the same payment needs."""

from __future__ import annotations

from typing import Any

import pytest
from boards import agrees_with_reference

from models.board import Board
from models.cost import PaymentTarget
from models.oracle import parse_oracle
from planner.api import max_x, pay, text_warnings

MANABARBS = "Whenever a player taps a land for mana, Manabarbs deals 1 damage to that player."
BURNING_EARTH = (
    "Whenever a player taps a nonbasic land for mana, Burning Earth deals 1 damage to that player."
)
MY_LANDS = "Whenever you tap a land for mana, Pain Engine deals 1 damage to you."
#: life lost rather than damage dealt (Contaminated Ground's shape): to a payment the same life (CR 119.3)
TAINTED_SOIL = "Enchant land\nWhenever enchanted land becomes tapped, its controller loses 2 life."
PSYCHIC_VENOM = (
    "Enchant land\n"
    "Whenever enchanted land becomes tapped, Psychic Venom deals 2 damage to that land's controller."
)


def _enchantment(pid: str, name: str, oracle: str, controller: str, **fields: Any) -> dict[str, Any]:
    return {
        "id": pid,
        "name": name,
        "type_line": "Enchantment",
        "oracle": oracle,
        "controller": controller,
        **fields,
    }


def _board(*permanents: dict[str, Any], life: int = 20) -> Board:
    players = [{"id": "me", "life": life}, {"id": "opp"}]
    return Board.from_dict({"version": 1, "players": players, "permanents": list(permanents)})


def _mine(pid: str, card: str, **fields: Any) -> dict[str, Any]:
    return {"id": pid, "card": card, "controller": "me", **fields}


def test_the_texts_are_read_as_tap_damage() -> None:
    for name, oracle in (
        ("Manabarbs", MANABARBS),
        ("Burning Earth", BURNING_EARTH),
        ("Psychic Venom", PSYCHIC_VENOM),
    ):
        parsed = parse_oracle(oracle, name)
        assert parsed.fully_read and len(parsed.effects) == 1, name
    # another player's tapping that hurts the effect's controller: not what the payer takes, reported
    hurts_me = parse_oracle("Whenever a player taps a land for mana, Tax deals 1 damage to you.", "Tax")
    assert hurts_me.unsupported and not hurts_me.effects


def test_an_opponents_manabarbs_hurts_me_for_each_land_but_not_for_sol_ring() -> None:
    barbs = _enchantment("mb", "Manabarbs", MANABARBS, "opp")
    lands = _board(_mine("f1", "Forest"), _mine("f2", "Forest"), barbs)
    assert pay(lands, PaymentTarget.of("{G}{G}")).damage_taken == 2
    ring = _board(_mine("f1", "Forest"), _mine("f2", "Forest"), _mine("sol", "Sol Ring"), barbs)
    assert pay(ring, PaymentTarget.of("{2}")).tapped == ("sol",)  # no damage: Sol Ring is no land
    result = pay(ring, PaymentTarget.of("{1}{G}"))  # Sol Ring's {C} pays the {1}, one Forest the {G}
    assert result.damage_taken == 1 and "sol" in result.tapped and len(result.tapped) == 2
    assert not text_warnings(ring)


def test_burning_earth_spares_basic_lands() -> None:
    earth = _enchantment("be", "Burning Earth", BURNING_EARTH, "opp")
    board = _board(_mine("f", "Forest"), _mine("bp", "Breeding Pool"), earth)
    assert (pay(board, PaymentTarget.of("{G}")).tapped, pay(board, PaymentTarget.of("{G}")).damage_taken) == (
        ("f",),
        0,
    )
    blue = pay(board, PaymentTarget.of("{U}"))
    assert (blue.tapped, blue.damage_taken) == (("bp",), 1)


def test_you_tap_counts_only_its_controllers_lands() -> None:
    engine = _enchantment("pe", "Pain Engine", MY_LANDS, "opp")
    board = _board(_mine("f", "Forest"), engine)
    assert pay(board, PaymentTarget.of("{G}")).damage_taken == 0  # the opponent's 'you tap': not my lands
    mine = _board(_mine("f", "Forest"), _enchantment("pe", "Pain Engine", MY_LANDS, "me"))
    assert pay(mine, PaymentTarget.of("{G}")).damage_taken == 1


def test_psychic_venom_hurts_only_through_its_land() -> None:
    venom = _enchantment("pv", "Psychic Venom", PSYCHIC_VENOM, "opp", attached_to="f1")
    board = _board(_mine("f1", "Forest"), _mine("f2", "Forest"), venom)
    assert pay(board, PaymentTarget.of("{G}")).tapped == ("f2",)
    both = pay(board, PaymentTarget.of("{G}{G}"))
    assert (both.damage_taken, both.payable) == (2, True)


def test_the_damage_waits_for_the_stack() -> None:
    # at 1 life, a Phyrexian symbol paid with 2 life is out of reach, but tapping under Manabarbs is not:
    # its damage comes after the payment (CR 605.1b, 603.3)
    barbs = _enchantment("mb", "Manabarbs", MANABARBS, "opp")
    board = _board(_mine("f1", "Forest"), _mine("f2", "Forest"), barbs, life=1)
    result = pay(board, PaymentTarget.of("{G}{G}"))
    assert result.payable and result.damage_taken == 2


def test_life_lost_when_the_enchanted_land_becomes_tapped_is_weighed_as_its_damage_would_be() -> None:
    soil = _enchantment("ts", "Tainted Soil", TAINTED_SOIL, "opp", attached_to="f1")
    assert parse_oracle(TAINTED_SOIL, "Tainted Soil").fully_read
    board = _board(_mine("f1", "Forest"), _mine("f2", "Forest"), soil)
    assert pay(board, PaymentTarget.of("{G}")).tapped == ("f2",)  # the other Forest: no life lost
    both = pay(board, PaymentTarget.of("{G}{G}"))
    # each tapping sets the trigger off once: 2 life, taken after the payment (CR 603.3)
    assert (both.payable, both.damage_taken, sorted(both.tapped)) == (True, 2, ["f1", "f2"])
    assert agrees_with_reference(board, PaymentTarget.of("{G}{G}"), max_states=200_000) is not None


#: Royal Decree's shape: a list of what is tapped, with its own commas before the trigger's
DECREE = (
    "Whenever a Swamp, Mountain, black permanent, or red permanent becomes tapped, Test Decree deals 1 damage"
    " to that permanent's controller."
)


def _decree_board() -> Board:
    thrull = {"id": "th", "name": "Test Thrull", "type_line": "Creature — Thrull", "mana_cost": "{B}",
              "oracle": "{T}: Add {B}.", "power": 1, "toughness": 1, "controller": "me"}  # fmt: skip
    marsh = {"id": "bm", "name": "Test Marsh", "type_line": "Land — Swamp Mountain", "controller": "me"}
    return _board(
        _mine("s", "Swamp"),
        _mine("f", "Forest"),
        thrull,
        marsh,
        _enchantment("d", "Test Decree", DECREE, "opp"),
    )


def test_a_list_of_what_is_tapped_hurts_once_for_each_permanent_any_of_it_describes() -> None:
    assert parse_oracle(DECREE, "Test Decree").fully_read
    board = _decree_board()
    # the Forest is none of them: no damage
    assert pay(board, PaymentTarget.of("{G}")).damage_taken == 0
    # the Swamp, the black Thrull and the Swamp Mountain each set it off once, the last however many of the
    # list describe it (one event, one trigger: CR 603.2): 3 damage, not 4
    every = pay(board, PaymentTarget.of("{B}{B}{B}{G}"))
    assert (every.payable, every.damage_taken) == (True, 3)
    for cost in ("{B}", "{B}{G}", "{B}{B}{B}{G}", "{R}{G}"):
        assert agrees_with_reference(board, PaymentTarget.of(cost), max_states=200_000) is not None


#: Blight's shape: what was tapped is destroyed, once the trigger resolves after the payment (CR 603.3)
BLIGHT = "Enchant land\nWhen enchanted land becomes tapped, destroy it."
#: Steam Vines' shape: destroyed and 1 damage, the Aura then moved (after the payment: nothing it reads)
VINES = (
    "Enchant land\nWhen enchanted land becomes tapped, destroy it and Test Vines deals 1 damage to that"
    " land's controller. That player attaches Test Vines to a land of their choice."
)
#: Brink of Disaster's shape, on any permanent
BRINK = "Enchant permanent\nWhen enchanted permanent becomes tapped, destroy it."


def _aura(pid: str, name: str, oracle: str, on: str) -> dict[str, Any]:
    return _enchantment(pid, name, oracle, "opp", type_line="Enchantment — Aura", attached_to=on)


@pytest.mark.parametrize("oracle", [BLIGHT, VINES, BRINK])
def test_a_trigger_on_tapping_that_destroys_is_read(oracle: str) -> None:
    parsed = parse_oracle(oracle, "Test Vines")
    assert parsed.fully_read and len(parsed.effects) == 1


def test_a_land_a_trigger_destroys_once_tapped_is_tapped_last() -> None:
    board = _board(
        _mine("f1", "Forest"),
        _mine("f2", "Forest"),
        _mine("s", "Sol Ring"),
        _aura("b", "Test Blight", BLIGHT, "f1"),
    )
    # the other Forest pays {G}: a permanent lost weighs as one sacrificed (contract section 12, criterion 6)
    one = pay(board, PaymentTarget.of("{G}"))
    assert (one.tapped, one.destroyed) == (("f2",), ())
    # {G}{G} needs both: payable, the trigger waits for the stack (CR 603.3, 605.1b) and destroys f1 after
    both = pay(board, PaymentTarget.of("{G}{G}"))
    assert (both.payable, sorted(both.tapped), both.destroyed) == (True, ["f1", "f2"], ("f1",))
    assert both.to_json()["destroyed"] == ["f1"] and "destroyed" not in one.to_json()
    # {2}{G}: Sol Ring and the other Forest, nothing lost; {X}: every source, the largest X first (level 1)
    assert pay(board, PaymentTarget.of("{2}{G}")).destroyed == ()
    widest = max_x(board, PaymentTarget.of("{X}"))
    assert (widest.x, widest.destroyed) == (4, ("f1",))
    for cost in ("{G}", "{G}{G}", "{2}{G}", "{3}{G}", "{1}"):
        assert agrees_with_reference(board, PaymentTarget.of(cost), max_states=200_000) is not None


def test_destroyed_and_hurt_is_worse_than_a_mountain() -> None:
    board = _board(_mine("f1", "Forest"), _mine("m", "Mountain"), _aura("v", "Test Vines", VINES, "f1"))
    assert not text_warnings(board)  # (the Aura's move after the trigger: read, nothing a payment reads)
    green = pay(board, PaymentTarget.of("{G}"))
    assert (green.tapped, green.damage_taken, green.destroyed) == (("f1",), 1, ("f1",))
    generic = pay(board, PaymentTarget.of("{1}"))
    assert (generic.tapped, generic.damage_taken, generic.destroyed) == (("m",), 0, ())
    for cost in ("{G}", "{1}", "{1}{G}"):
        assert agrees_with_reference(board, PaymentTarget.of(cost), max_states=200_000) is not None


def test_a_creature_tapped_for_convoke_is_destroyed_too() -> None:
    # Brink on the elf: tapped for its {G} or for convoke, it becomes tapped either way (CR 702.51a)
    elf = _mine("e", "Llanowar Elves")
    board = _board(_mine("f", "Forest"), elf, _aura("b", "Test Brink", BRINK, "e"))
    assert pay(board, PaymentTarget.of("{G}")).tapped == ("f",)
    target = PaymentTarget.of("{1}{G}", convoke=True)
    both = pay(board, target)
    assert (both.payable, both.destroyed) == (True, ("e",))
    assert agrees_with_reference(board, target, max_states=200_000) is not None


@pytest.mark.parametrize(
    ("permanents", "cost"),
    [
        (["Forest", "Karplusan Forest", "Sol Ring", "Llanowar Elves"], "{1}{G}"),
        (["Breeding Pool", "Forest", "Island", "Birds of Paradise"], "{G}{U}"),
        (["City of Brass", "Mountain", "Sol Ring"], "{2}{R}"),
        (["Forest", "Forest", "Springleaf Drum", "Llanowar Elves"], "{G}{G}"),
    ],
)
@pytest.mark.parametrize("effect", ["Manabarbs", "Burning Earth", "Psychic Venom", "Tainted Soil"])
def test_payments_under_tap_damage_agree_with_the_reference_search(
    permanents: list[str], cost: str, effect: str
) -> None:
    oracle = {
        "Manabarbs": MANABARBS,
        "Burning Earth": BURNING_EARTH,
        "Psychic Venom": PSYCHIC_VENOM,
        "Tainted Soil": TAINTED_SOIL,
    }[effect]
    extra = {"attached_to": "p0"} if effect in ("Psychic Venom", "Tainted Soil") else {}
    board = _board(
        *(_mine(f"p{i}", name) for i, name in enumerate(permanents)),
        _enchantment("e", effect, oracle, "opp", **extra),
    )
    assert agrees_with_reference(board, PaymentTarget.of(cost), max_states=200_000) is not None


#: Artifact Possession's shape: its tapping, and each activation of its abilities without {T}, hurt
POSSESSION = (
    "Enchant artifact\nWhenever enchanted artifact becomes tapped or a player activates an ability of"
    " enchanted artifact without {T} in its activation cost, Test Possession deals 2 damage to that"
    " artifact's controller."
)
#: Chromatic Sphere's shape: an artifact's mana ability without {T}
SPHERE = {"id": "c", "name": "Test Sphere", "type_line": "Artifact", "controller": "me",
          "oracle": "{1}, Sacrifice this artifact: Add one mana of any color."}  # fmt: skip


def _possessed(on: str) -> Board:
    return _board(
        _mine("s", "Sol Ring"), SPHERE, _mine("f", "Forest"), _mine("f2", "Forest"),
        _aura("ap", "Test Possession", POSSESSION, on),
    )  # fmt: skip


def test_an_artifact_hurts_when_tapped_or_activated_without_tapping() -> None:
    assert parse_oracle(POSSESSION, "Test Possession").fully_read
    # on Sol Ring: tapped, 2 damage (after the payment, CR 603.3); the Forests pay {2} without it
    ring = _possessed("s")
    two = pay(ring, PaymentTarget.of("{2}"))
    assert (sorted(two.tapped), two.damage_taken) == (["f", "f2"], 0)
    assert pay(ring, PaymentTarget.of("{3}")).damage_taken == 2  # (Sol Ring's {C}{C} and a Forest)
    # on the Sphere: its ability has no {T}, and activating it hurts; {R} has no other source
    sphere = _possessed("c")
    red = pay(sphere, PaymentTarget.of("{R}"))
    assert (red.sacrificed, red.damage_taken) == (("c",), 2)
    assert pay(sphere, PaymentTarget.of("{2}")).damage_taken == 0  # (Sol Ring: no activation of the Sphere)
    for board in (ring, sphere):
        for cost in ("{2}", "{R}", "{1}{R}", "{3}"):
            assert agrees_with_reference(board, PaymentTarget.of(cost), max_states=200_000) is not None
