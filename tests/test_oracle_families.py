"""The grammar's families on boards: the planner's answers against values derived by hand from the rules.

Each test reads a real card's wording (or an older one) and checks could-produce, pay or max-x, and that
what the planner does not execute is set aside with a warning rather than used without its unread part.
"""

from __future__ import annotations

from typing import Any

from models.abilities import NotPaymentKind
from models.board import Board
from models.cost import PaymentTarget
from models.oracle import parse_oracle
from planner.api import could_produce, max_x, pay, text_warnings


def board(*permanents: dict[str, Any]) -> Board:
    return Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me"}],
            "permanents": [{"controller": "me", **p} for p in permanents],
        }
    )


def card(pid: str, name: str, type_line: str, oracle: str, **extra: Any) -> dict[str, Any]:
    return {"id": pid, "name": name, "type_line": type_line, "oracle": oracle, **extra}


def payable(b: Board, cost: str, **target: Any) -> bool:
    answer = pay(b, PaymentTarget.of(cost, **target)).payable
    assert answer is not None, "no answer within the time limit"
    return answer


JEGANTHA = card(
    "j",
    "Jegantha, the Wellspring",
    "Legendary Creature — Elemental Elk",
    "{T}: Add {W}{U}{B}{R}{G}. This mana can't be spent to pay generic mana costs.",
)


def test_mana_that_cant_pay_generic_never_pays_generic() -> None:
    b = board(JEGANTHA)
    assert not payable(b, "{2}")  # 106.6: the restriction forbids generic; the planner must not ignore it
    (warning,) = text_warnings(b)
    assert warning.permanent == "j" and "generic" in warning.reason


def test_three_tree_city_counts_the_creatures_of_the_chosen_type() -> None:
    city = card(
        "t",
        "Three Tree City",
        "Legendary Land",
        "As Three Tree City enters, choose a creature type.\n{T}: Add {C}.\n{2}, {T}: Choose a color. "
        "Add an amount of mana of that color equal to the number of creatures you control of the "
        "chosen type.",
        choices={"creature_type": "Elf"},
    )
    elves = [card(f"e{i}", "Llanowar Elves", "Creature — Elf Druid", "") for i in range(4)]
    forests = [{"id": f"f{i}", "card": "Forest"} for i in range(2)]
    b = board(city, *elves, *forests)
    # the Forests pay {2}; four Elves make {U}{U}{U}{U}: one for {U}, three for X
    assert max_x(b, PaymentTarget.of("{X}{U}")).x == 3
    assert text_warnings(b) == ()


def test_once_each_turn_without_tap_is_set_aside() -> None:
    bloom = card(
        "m",
        "Mana Bloom",
        "Enchantment",
        "Remove a charge counter from Mana Bloom: Add one mana of any color. "
        "Activate this ability only once each turn.",
        counters={"charge": 3},
    )
    b = board(bloom)
    assert not payable(b, "{2}")  # once each turn: at most one mana this turn, never two
    assert [w.reason for w in text_warnings(b)] == ["condition: activate only once each turn"]


def test_activation_conditions_older_and_newer_wording() -> None:
    field = card(
        "tf",
        "Tainted Field",
        "Land",
        "{T}: Add {C}.\n{T}: Add {W} or {B}. Activate this ability only if you control a Swamp.",
    )
    assert payable(board(field, {"id": "s", "card": "Swamp"}), "{W}{B}")
    assert not payable(board(field, {"id": "i", "card": "Island"}), "{W}")
    either = card(
        "x", "Homebrew Field", "Land", "{T}: Add {R}. Activate only if you control an Island or a Swamp."
    )
    assert payable(board(either, {"id": "i", "card": "Island"}), "{R}{U}")
    assert not payable(board(either, {"id": "p", "card": "Plains"}), "{R}")


def test_counters_on_the_source_as_a_condition() -> None:
    text = "{2}, {T}: Put a brick counter on Pyramid of the Pantheon.\n{T}: Add three mana of any one color. "
    text += "Activate only if there are three or more brick counters on Pyramid of the Pantheon."
    two = card("p", "Pyramid of the Pantheon", "Artifact", text, counters={"brick": 2})
    three = {**two, "counters": {"brick": 3}}
    assert not payable(board(two), "{R}")
    assert payable(board(three), "{R}{R}{R}")
    assert "R" in str(could_produce(board(three))["p"])


def test_library_moving_abilities_are_not_mana_abilities() -> None:
    sphere = card(
        "cs",
        "Chromatic Sphere",
        "Artifact",
        "{1}, {T}, Sacrifice Chromatic Sphere: Add one mana of any color. Draw a card.",
    )
    parsed = parse_oracle(sphere["oracle"], "Chromatic Sphere")
    assert parsed.mana_abilities == () and [s.read_as for s in parsed.sentences] == ["not_payment"] * 2
    assert parsed.not_payment[0].kind is NotPaymentKind.LIBRARY
    # RULES.md section 10 (CR 605.1a as amended 2026-08-07): it can't be activated while paying
    assert not payable(board(sphere, {"id": "w", "card": "Wastes"}), "{R}")


def test_mana_outside_a_payment_is_kept_as_records() -> None:
    cobra = parse_oracle(
        "Landfall — Whenever a land you control enters, add one mana of any color.", "Lotus Cobra"
    )
    older = parse_oracle(
        "Whenever a land enters the battlefield under your control, you may add one mana of any color."
    )
    loyalty = parse_oracle("+1: Add {R}{R}.")
    enters = parse_oracle("When Akki Rockspeaker enters the battlefield, add {R}.", "Akki Rockspeaker")
    kinds = [p.not_payment[0].kind for p in (cobra, older, loyalty, enters)]
    assert kinds == [
        NotPaymentKind.LANDFALL,
        NotPaymentKind.LANDFALL,
        NotPaymentKind.LOYALTY,
        NotPaymentKind.ENTERS,
    ]
    assert str(loyalty.not_payment[0].output.options[0]) == "{R}{R}"  # type: ignore[union-attr]
    assert all(p.mana_abilities == () and p.fully_read for p in (cobra, older, loyalty, enters))


def test_caged_sun_2019_wording() -> None:
    sun = card(
        "sun",
        "Caged Sun",
        "Artifact",
        "As Caged Sun enters the battlefield, choose a color.\nCreatures you control of the chosen color get "
        "+1/+1.\nWhenever a land's ability causes you to add one or more mana of the chosen color, add one "
        "additional mana of that color.",
        choices={"color": "G"},
    )
    b = board(sun, {"id": "f", "card": "Forest"})
    assert payable(b, "{G}{G}") and not payable(b, "{G}{G}{G}")  # one Forest: {G} plus one more {G}
    assert text_warnings(b) == ()


def test_side_effects_that_dont_change_the_payment() -> None:
    talisman = card("pt", "Pristine Talisman", "Artifact", "{T}: Add {C}. You gain 1 life.")
    cinder = card(
        "cm",
        "Cinder Marsh",
        "Land",
        "{T}: Add {C}.\n{T}: Add {B} or {R}. Cinder Marsh doesn't untap during your next untap step.",
    )
    b = board(talisman, cinder)
    assert payable(b, "{1}{R}") and not payable(b, "{R}{B}")
    assert text_warnings(b) == ()


def test_unread_counts_are_unsupported_never_zero() -> None:
    crypt = card(
        "c", "Crypt of Agadeem", "Land", "{2}, {T}: Add {B} for each black creature card in your graveyard."
    )
    cube = card(
        "d", "Doubling Cube", "Artifact", "{3}, {T}: Double the amount of each type of unspent mana you have."
    )
    selvala = "{G}, {T}: Add X mana in any combination of colors, where X is the greatest power among "
    selvala += "creatures you control."
    assert parse_oracle(selvala, "Selvala, Heart of the Wilds").mana_abilities == ()
    b = board(crypt, cube)
    assert {w.permanent for w in text_warnings(b)} == {"c", "d"}


def test_cost_parts_the_planner_does_not_execute_are_set_aside() -> None:
    witch = card(
        "bw", "Bog Witch", "Creature — Human Spellshaper", "{B}, {T}, Discard a card: Add {B}{B}{B}."
    )
    vessel = card(
        "fv",
        "Firemind Vessel",
        "Artifact",
        "Firemind Vessel enters tapped.\n{T}: Add two mana of different colors.",
    )
    b = board(witch, vessel, {"id": "s", "card": "Swamp"})
    assert parse_oracle(witch["oracle"], "Bog Witch").fully_read
    assert payable(b, "{B}") and not payable(b, "{B}{B}")  # only the Swamp is used
    assert {w.permanent for w in text_warnings(b)} == {"bw", "fv"}


def test_a_cost_that_contains_colorless() -> None:
    drone = card(
        "cd",
        "Cultivator Drone",
        "Creature — Eldrazi Drone",
        "Devoid\n{T}: Add {C}. Spend this mana only to cast a colorless spell, activate an ability of a "
        "colorless permanent, or pay a cost that contains {C}.",
    )
    b = board(drone, {"id": "i", "card": "Island"})
    assert payable(b, "{U}{C}", type_line="Creature — Eldrazi")  # the cost contains {C}
    assert not payable(b, "{1}{U}", type_line="Creature — Merfolk")  # a blue spell without {C}
