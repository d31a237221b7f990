"""A permanent's name after effects (issue 35, CR 201.2): an Aura's "Enchanted creature loses all abilities
and is a green and white Citizen creature with base power and toughness 1/1 named <name>." (Witness
Protection's kind, its reminder "It loses all other colors, card types, creature types, and names.") gives the
creature that name and takes its others, so what reads names sees it: a sacrifice of "a creature named X", a
count of creatures named X, "creatures that don't have the same name as this artifact", the names of nontoken
permanents a prohibition reads. The name is set on what the type change of the same sentence applied to (CR
613.6) and ends with its source (CR 611.3a). The cards are made up here; each answer is worked out by hand
(said in each test) and the payments are checked against the reference search
(:func:`boards.checked_verdict`).
"""

from __future__ import annotations

from typing import Any

from boards import ME, checked_verdict, custom, make_board

from models.cost import PaymentTarget
from models.layer_effects import AbilityLoss, ColorChange, TypeChange
from models.oracle import parse_oracle
from models.oracle.grammar import parse_static
from models.oracle.static_wording import render_static
from planner.api import pay, text_warnings
from planner.rules.names import permanent_name
from planner.rules.view import BoardView

SENTENCE = (
    "Enchanted creature loses all abilities and is a green and white Citizen creature with base power and "
    "toughness 1/1 named Quiet Neighbor."
)
ALIAS = f"Enchant creature\n{SENTENCE} (It loses all other colors, card types, creature types, and names.)"
NEIGHBOR = "Quiet Neighbor"


def bear(pid: str) -> dict[str, Any]:
    """A vanilla 2/2 "Test Bear" of "me"."""
    return custom("Test Bear", pid, "Creature — Bear", "", controller=ME, power=2, toughness=2)


def alias(on: str, pid: str = "w") -> dict[str, Any]:
    """The made-up Aura of "me" attached to ``on``."""
    return custom("Test Alias", pid, "Enchantment — Aura", ALIAS, controller=ME, attached_to=on)


def artifact(name: str, pid: str, oracle: str) -> dict[str, Any]:
    return custom(name, pid, "Artifact", oracle, controller=ME)


ALTAR = artifact("Neighbor Altar", "a", f"Sacrifice a creature named {NEIGHBOR}: Add {{C}}{{C}}.")
CHARM_ALTAR = artifact("Charm Altar", "c", "Sacrifice an enchantment: Add {R}.")


# ------------------------------------------------------------------------------------------------ reading


def test_the_name_is_read_with_the_type_change() -> None:
    parsed = parse_oracle(ALIAS, "Test Alias")
    assert not parsed.unsupported and not parsed.ignored
    change, colors, loss = parsed.effects
    assert isinstance(change, TypeChange) and change.name == NEIGHBOR
    assert str(change.sets_types) == "Creature — Citizen"
    assert isinstance(colors, ColorChange) and str(colors.colors) == "WG"
    assert isinstance(loss, AbilityLoss) and (loss.base_power, loss.base_toughness) == (1, 1)


def test_the_reading_renders_back_to_itself() -> None:
    reading = parse_static(SENTENCE.removesuffix("."))
    assert parse_static(render_static(reading)) == reading, render_static(reading)


def test_no_name_is_set_without_the_named_phrase() -> None:
    frog = (
        "Enchanted creature loses all abilities and is a blue Frog creature with base power and toughness 2/2"
    )
    change = parse_oracle(f"Enchant creature\n{frog}.").effects[0]
    assert isinstance(change, TypeChange) and change.name == ""


# ---------------------------------------------------------------------------------------------- the accessor


def test_the_enchanted_creature_has_the_name_and_the_board_keeps_the_copiable_one() -> None:
    """CR 201.2, 613.6: the creature the Aura's type change applied to is named Quiet Neighbor; the other bear
    and the Aura keep theirs; the board's name is the copiable one (CR 707.2: not the name set)."""
    view = BoardView(make_board([bear("b1"), bear("b2"), alias("b1")]))
    names = [permanent_name(view, view.permanent(pid)) for pid in ("b1", "b2", "w")]
    assert names == [NEIGHBOR, "Test Bear", "Test Alias"]
    assert view.permanent("b1").name == "Test Bear"
    assert not text_warnings(view.board)


# ------------------------------------------------------------------------------------------------ payments


def test_a_sacrifice_of_a_creature_named_so() -> None:
    """The Altar sacrifices a creature named Quiet Neighbor for {C}{C}: the enchanted bear is one, so {2} is
    paid; without the Aura no creature has that name and nothing else makes mana."""
    assert checked_verdict(make_board([bear("b"), alias("b"), ALTAR]), "{2}")
    assert not checked_verdict(make_board([bear("b"), ALTAR]), "{2}")
    assert not checked_verdict(make_board([bear("b"), alias("b"), ALTAR]), "{3}")


def test_the_name_ends_with_its_source() -> None:
    """CR 611.3a: the Aura sacrificed for {R} ends its effect, and the bear is Test Bear again. With the
    Altar, the bear is sacrificed first ({C}{C}) and then the Aura ({R}: no state-based action is checked
    while paying, CR 117.5, so the Aura is still there): {2}{R} is paid. The Furnace needs {R} to sacrifice a
    creature named Quiet Neighbor: the only {R} is the Aura's, after which no creature has that name, so
    {3} can't be paid and {1} (the Aura's {R}) can."""
    board = make_board([bear("b"), alias("b"), ALTAR, CHARM_ALTAR])
    assert checked_verdict(board, "{2}{R}")
    furnace = artifact(
        "Neighbor Furnace", "f", f"{{R}}, Sacrifice a creature named {NEIGHBOR}: Add {{C}}{{C}}{{C}}."
    )
    board = make_board([bear("b"), alias("b"), furnace, CHARM_ALTAR])
    assert not checked_verdict(board, "{3}")
    assert checked_verdict(board, "{1}")


def test_a_count_of_creatures_named_so() -> None:
    """The Lamp taps for {G} for each creature its controller controls named Quiet Neighbor: one of the two
    bears is enchanted, so one {G}."""
    lamp = artifact("Neighbor Lamp", "l", f"{{T}}: Add {{G}} for each creature you control named {NEIGHBOR}.")
    board = make_board([bear("b1"), bear("b2"), alias("b1"), lamp])
    assert checked_verdict(board, "{G}")
    assert not checked_verdict(board, "{G}{G}")


def test_creatures_without_the_artifacts_name() -> None:
    """An artifact named Quiet Neighbor taps for {C} for each creature its controller controls that doesn't
    have its name (CR 201.2): two bears make {C}{C}; with one of them named Quiet Neighbor, only {C}."""
    oracle = "{T}: Add {C} for each creature you control that doesn't have the same name as this artifact."
    drum = artifact(NEIGHBOR, "d", oracle)
    assert checked_verdict(make_board([bear("b1"), bear("b2"), drum]), "{2}")
    board = make_board([bear("b1"), bear("b2"), alias("b1"), drum])
    assert checked_verdict(board, "{1}")
    assert not checked_verdict(board, "{2}")


def test_a_count_the_end_of_the_name_raises() -> None:
    """CR 611.3a, 608.2h: the Aura sacrificed for {R} first, both bears are Test Bear again and the artifact
    counts two creatures without its name ({C}{C}): {2}{R} is paid (tapped first, it counts one: {1}{R}).
    A way to activate that only the board without the Aura offers
    (:func:`~planner.rules.activations.revealed_templates`)."""
    oracle = "{T}: Add {C} for each creature you control that doesn't have the same name as this artifact."
    board = make_board([bear("b1"), bear("b2"), alias("b1"), artifact(NEIGHBOR, "d", oracle), CHARM_ALTAR])
    assert checked_verdict(board, "{2}{R}")
    assert not checked_verdict(board, "{3}{R}")


def test_a_count_of_colors_the_end_of_a_color_change_raises() -> None:
    """The same for a color (layer 5): the Aura that made a green bear blue sacrificed for {R} first, the Lamp
    counts two green creatures: {G}{G}{R} is paid, {G}{G}{G}{R} is not."""
    blue = custom("Test Blue", "w", "Enchantment — Aura", "Enchant creature\nEnchanted creature is blue.")
    lamp = artifact("Green Lamp", "l", "{T}: Add {G} for each green creature you control.")
    green = [{**bear(pid), "mana_cost": "{1}{G}"} for pid in ("b1", "b2")]
    board = make_board([*green, {**blue, "controller": ME, "attached_to": "b1"}, lamp, CHARM_ALTAR])
    assert checked_verdict(board, "{G}{G}{R}")
    assert not checked_verdict(board, "{G}{G}{G}{R}")


def test_a_prohibition_by_the_names_of_nontoken_permanents() -> None:
    """ "Players can't cast spells with the same name as a nontoken permanent." (CR 101.2): the enchanted bear
    is named Quiet Neighbor and has no other name (CR 201.2), so a spell named Quiet Neighbor can't be cast
    and one named Test Bear can (the only Test Bear is the enchanted one); without the Aura, the reverse."""
    ban = custom(
        "Test Arbiter",
        "x",
        "Artifact",
        "Players can't cast spells with the same name as a nontoken permanent.",
    )
    forest = {"id": "f", "card": "Forest", "controller": ME}

    def answer(permanents: list[dict[str, Any]], name: str) -> bool | None:
        spell = PaymentTarget.of("{G}", type_line="Creature — Citizen", name=name)
        return pay(make_board([*permanents, ban, forest]), spell, player=ME).payable

    enchanted = [bear("b"), alias("b")]
    assert (answer(enchanted, NEIGHBOR), answer(enchanted, "Test Bear")) == (False, True)
    assert (answer([bear("b")], NEIGHBOR), answer([bear("b")], "Test Bear")) == (True, False)
