"""The grammar's families on boards: the planner's answers against values derived by hand from the rules.

Each test reads a real card's wording (or an older one) and checks could-produce, pay or max-x, and that
what the planner does not execute is set aside with a warning rather than used without its unread part.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from models.board import Board
from models.cost import PaymentTarget
from models.mana_effects import NotPaymentKind
from models.oracle import parse_oracle
from planner.api import could_produce, max_x, pay, text_warnings
from planner.rules.records import WarningKind


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
    assert payable(b, "{W}{U}")  # it is executed, not set aside: colored symbols are paid
    assert text_warnings(b) == ()


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


def test_once_each_turn_without_tap_makes_one_mana_a_turn() -> None:
    bloom = card(
        "m",
        "Mana Bloom",
        "Enchantment",
        "Remove a charge counter from Mana Bloom: Add one mana of any color. "
        "Activate this ability only once each turn.",
        counters={"charge": 3},
    )
    b = board(bloom)
    assert payable(b, "{G}")
    assert not payable(b, "{2}")  # once each turn: at most one mana this turn, never two
    assert text_warnings(b) == ()


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
    heart = card("s", "Selvala, Heart of the Wilds", "Legendary Creature — Elf Scout", selvala)
    b = board(crypt, cube, heart, {"id": "f", "card": "Forest"})
    # the counts are read (cards in a graveyard, the greatest power) but this board gives neither the
    # graveyard nor Selvala's power: never zero, the abilities are set aside and the warnings name the
    # fields to give (tests/test_counted_amounts.py counts them); the Forest alone pays {G}, nothing {1}{G}
    assert payable(b, "{G}") and not payable(b, "{1}{G}")
    reasons = {w.permanent: w.reason for w in text_warnings(b)}
    assert reasons["c"].startswith("players[0].graveyard: the graveyard is not given")
    assert reasons["s"].startswith("permanents[2].power: the power of Selvala")
    assert (
        "d" not in reasons
    )  # (the Cube is executed: tests/test_doubling_cube.py; here it can't pay its {3})


def test_cost_parts_the_planner_does_not_execute_are_set_aside() -> None:
    vault = card("rv", "Reveal Vault", "Artifact", "{B}, {T}, Reveal a card from your hand: Add {B}{B}{B}.")
    b = board(vault, {"id": "s", "card": "Swamp"})
    assert parse_oracle(vault["oracle"], "Reveal Vault").fully_read
    assert payable(b, "{B}") and not payable(b, "{B}{B}")  # only the Swamp is used
    assert {w.permanent for w in text_warnings(b)} == {"rv"}
    # (Bog Witch's "Discard a card" and the other parts of issue 35 are executed now:
    # tests/test_cost_parts.py; Firemind Vessel's 'two mana of different colors' too:
    # tests/test_forge_answers.py)


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


GATED: list[tuple[str, ...]] = [
    (
        "Jack-in-the-Mox",
        "Artifact",
        "{T}: Roll a six-sided die. This ability has the indicated effect.\n1 — Sacrifice Jack-in-the-Mox "
        "and "
        "you lose 5 life.\n2 — Add {W}.\n3 — Add {U}.\n4 — Add {B}.\n5 — Add {R}.\n6 — Add {G}.",
        "uncertain: roll a six-sided die",
    ),
    (
        "Mana Screw",
        "Artifact",
        "{1}: Flip a coin. If you win the flip, add {C}{C}. Activate this ability only any time you could "
        "cast "
        "an instant.",
        "uncertain: flip a coin",
    ),
    (
        "Rhystic Cave",
        "Land",
        "{T}: Choose a color. Add one mana of that color unless any player pays {1}. Activate only any time "
        "you could cast an instant.",
        "uncertain: unless any player pays {1}",
    ),
]  # (Doubling Cube is executed: tests/test_doubling_cube.py)


@pytest.mark.parametrize("case", GATED, ids=[g[0] for g in GATED])
def test_read_but_not_executed_families_are_set_aside(case: tuple[str, ...]) -> None:
    """Random results, opponents' choices, counts no board gives, uses no payment is known to be: each is read
    (the face is fully read) and the ability is unusable, with a warning naming the part."""
    name, type_line, oracle, reason, *beyond = case
    assert parse_oracle(oracle, name).fully_read
    it = card("x", name, type_line, oracle, counters={"charge": 3})
    forests = [{"id": f"f{i}", "card": "Forest"} for i in range(3)]
    b = board(it, *forests)
    # three Forests make {G}{G}{G}; each of these abilities would add at least one more mana (a die result, a
    # won flip, an unpaid {1}, a renowned Hierarch, a charge counter...)
    assert payable(b, "{2}{G}") and not payable(b, beyond[0] if beyond else "{3}{G}")
    reasons = [w.reason for w in text_warnings(b) if w.permanent == "x"]
    assert reasons and all(r.startswith(reason) for r in reasons)


@pytest.mark.parametrize(
    ("name", "oracle", "says", "cost"),
    [
        (
            "Corrupted Crossroads",
            "{T}: Add {C}.\n{T}, Pay 1 life: Add one mana of any color. Spend this mana only to cast a spell "
            "with devoid.",
            {"keywords": frozenset({"devoid"})},
            "{2}{G}{B}",
        ),
        (
            "Qarsi Deceiver",
            "{T}: Add {C}. Spend this mana only to cast a face-down creature spell, pay a mana cost to turn "
            "a manifested creature face up, or pay a morph cost.",
            {"purposes": frozenset({"face_down"})},
            "{3}{G}",
        ),
    ],
)
def test_mana_for_what_a_payment_says_it_is(name: str, oracle: str, says: dict[str, Any], cost: str) -> None:
    """Mana that only some payments may spend (a spell with devoid, a face-down spell) pays exactly those
    the payment says it is (its keywords, its purposes), with no warning: three Forests and the restricted
    mana pay ``cost`` only then."""
    from dataclasses import replace

    from models.cost import PaymentTarget
    from planner.api import pay

    b = board(
        card("x", name, "Creature — Naga Wizard", oracle),
        *[{"id": f"f{i}", "card": "Forest"} for i in range(3)],
    )
    assert text_warnings(b) == ()
    target = PaymentTarget.of(cost)
    assert not pay(b, target).payable
    assert pay(b, replace(target, **says)).payable


def test_a_luck_counter_turns_colorless_into_any_color() -> None:
    text = "{T}: Add {C}. If Gemstone Caverns has a luck counter on it, instead add one mana of any color."
    lucky = card("g", "Gemstone Caverns", "Legendary Land", text, counters={"luck": 1})
    plain = {**lucky, "counters": {}}
    assert payable(board(lucky), "{U}") and text_warnings(board(lucky)) == ()
    assert not payable(board(plain), "{U}") and payable(board(plain), "{C}")


def test_a_chosen_player_may_be_its_controller() -> None:
    valley = card(
        "v",
        "Valleymaker",
        "Creature — Giant Shaman",
        "{T}, Sacrifice a Forest: Choose a player. That player adds {G}{G}{G}.",
    )
    # CR 115.10: choosing a player is no target, so this is a mana ability; tap the Forest for {G}, then
    # sacrifice it (a tapped Forest may be sacrificed) for {G}{G}{G}: four green mana
    b = board(valley, {"id": "f", "card": "Forest"})
    assert payable(b, "{G}{G}{G}{G}") and not payable(b, "{G}{G}{G}{G}{G}")
    assert text_warnings(b) == ()


def test_pulse_of_llanowar_lets_basics_make_any_color() -> None:
    pulse = card(
        "p",
        "Pulse of Llanowar",
        "Enchantment",
        "If a basic land you control is tapped for mana, it produces mana of a color of your choice "
        "instead of "
        "any other type.",
    )
    b = board(pulse, {"id": "f", "card": "Forest"}, {"id": "i", "card": "Island"})
    assert payable(b, "{B}{R}")  # 614.1a: each basic's mana becomes a color of its controller's choice
    assert not payable(board({"id": "f", "card": "Forest"}, {"id": "i", "card": "Island"}), "{B}{R}")


def test_token_abilities_chapters_and_modes_are_kept_outside_payments() -> None:
    bed = (
        "{T}: Add {C}.\n{6}, {T}, Sacrifice Spawning Bed: Create three 1/1 colorless Eldrazi Scion creature "
    )
    bed += 'tokens. They have "Sacrifice this creature: Add {C}."'
    eruption = "I — The First Eruption deals 1 damage to each creature without flying.\nII — Add {R}{R}.\n"
    eruption += "III — Sacrifice a Mountain. If you do, The First Eruption deals 3 damage to each creature."
    siege = (
        "As Frontier Siege enters, choose Khans or Dragons.\n• Khans — At the beginning of each of your main "
    )
    siege += (
        "phases, add {G}{G}.\n• Dragons — Whenever a creature with flying you control enters, you may have "
    )
    siege += "it fight target creature you don't control."
    read = [parse_oracle(bed, "Spawning Bed"), parse_oracle(eruption, "The First Eruption")]
    read.append(parse_oracle(siege, "Frontier Siege"))
    assert all(p.fully_read for p in read)
    kinds = [[n.kind for n in p.not_payment] for p in read]
    assert kinds == [[NotPaymentKind.TOKEN], [NotPaymentKind.CHAPTER], [NotPaymentKind.PHASE]]
    assert str(read[0].not_payment[0].output.options[0]) == "{C}"  # type: ignore[union-attr]
    b = board(
        card("s", "Spawning Bed", "Land", bed),
        card("e", "The First Eruption", "Enchantment — Saga", eruption),
        card("fs", "Frontier Siege", "Enchantment", siege),
    )
    assert payable(b, "{C}") and not payable(b, "{1}{C}")  # only the Bed's own {T}: Add {C}
    assert text_warnings(b) == ()


def test_riders_and_one_card_permissions_dont_change_a_payment() -> None:
    hall = card(
        "h",
        "Hall of the Bandit Lord",
        "Legendary Land",
        "Hall of the Bandit Lord enters tapped.\n{T}, Pay 3 life: Add {C}. If that mana is spent on a "
        "creature "
        "spell, it gains haste.",
    )
    daxos = card(
        "d",
        "Daxos of Meletis",
        "Legendary Creature — Human Soldier",
        "Daxos of Meletis can't be blocked by creatures with power 3 or greater.\nWhenever Daxos of "
        "Meletis deals "
        "combat damage to a player, exile the top card of that player's library. You gain life equal to that "
        "card's mana value. Until end of turn, you may cast that card and you may spend mana as though it "
        "were "
        "mana of any color to cast that spell.",
    )
    crawler = card(
        "c",
        "Crystalline Crawler",
        "Artifact Creature — Construct",
        "Converge — Crystalline Crawler enters with a +1/+1 counter on it for each color of mana spent to "
        "cast "
        "it.\nRemove a +1/+1 counter from Crystalline Crawler: Add one mana of any color.\n{T}: Put a +1/+1 "
        "counter on Crystalline Crawler.",
        counters={"+1/+1": 2},
    )
    b = board(hall, daxos, crawler)
    # Hall: {C} for 3 life; Crawler: one mana of any color per counter removed, two counters
    assert payable(b, "{1}{W}{U}") and not payable(b, "{W}{U}{B}")
    assert text_warnings(b) == ()
    (permission,) = [
        s for s in parse_oracle(daxos["oracle"], daxos["name"]).sentences if "as though" in s.text
    ]
    # (a sentence about spending mana is never 'ignored' (issue 34): it is read, for a spell cast from exile)
    assert permission.read_as == "effect" and "exiled" in permission.note


def test_a_permission_for_one_exiled_card_is_an_assumption_the_answer_names() -> None:
    # Gonti's permission covers the card its own effect exiled (CR 609.4b, CR 611.2a): the board records no
    # exiled card, so a spell paid for as cast from exile is taken to be that card, and the answer says so;
    # a spell cast from the hand is paid as the rules have it, with no word of the permission
    gonti = card(
        "g",
        "Gonti, Lord of Luxury",
        "Legendary Creature — Aetherborn Rogue",
        "Deathtouch\nWhen Gonti enters, look at the top four cards of target opponent's library, exile one "
        "of them face down, then put the rest on the bottom of that library in a random order. You may look "
        "at and cast that card for as long as it remains exiled, and you may spend mana as though it were "
        "mana of any type to cast that spell.",
    )
    b = board(gonti, {"id": "f", "card": "Forest"})
    from_exile = replace(PaymentTarget.of("{U}"), purposes=frozenset({"from_exile"}))
    exiled = pay(b, from_exile)
    assert exiled.payable  # (the Forest's {G} spent as though it were {U})
    (assumption,) = exiled.warnings
    assert assumption.permanent == "g" and assumption.kind is WarningKind.ASSUMED
    assert "taken to be" in assumption.reason and not assumption.refused_by_strict
    from_hand = pay(b, PaymentTarget.of("{U}"))
    assert not from_hand.payable and from_hand.warnings == ()


@pytest.mark.parametrize(
    ("limit", "reason"),
    [
        ("Activate only as a sorcery.", "as a sorcery"),
        ("Activate only any time you could cast an instant.", "instant"),
    ],
)
def test_mana_abilities_with_a_timing_limit_are_not_used_while_paying(limit: str, reason: str) -> None:
    # the spell being paid for is on the stack already (CR 601.2a), and nobody casts an instant mid-cast
    b = board(
        card("r", "Timed Rock", "Artifact", f"{{T}}: Add {{G}}. {limit}"), {"id": "f", "card": "Forest"}
    )
    assert payable(b, "{G}")  # the Forest
    assert not payable(b, "{G}{G}")
    assert any(w.permanent == "r" and reason in w.reason for w in text_warnings(b))
