"""Color-changing effects (layer 5, CR 613.1e): Celestial Dawn, Painter's Servant, Mycosynth Lattice and the
like change the colors that 'colors among' palettes, convoke, an exiled card's colors (Chrome Mox), cost
reductions and spending restrictions read. Cards outside the catalogue are given as Oracle text; each case's
answer is the one the rules give, worked out by hand in its docstring."""

from __future__ import annotations

from typing import Any

import pytest

from models.abilities import Who
from models.board import Board, Card
from models.cost import PaymentTarget
from models.layer_effects import ColorChange, PowerChange
from models.mana import ManaTypes
from models.oracle import parse_oracle
from models.spells import spell_of
from planner.api import pay
from planner.rules.reference import reference_search
from planner.rules.view import BoardView

PAINTERS_SERVANT = {
    "name": "Painter's Servant",
    "type_line": "Artifact Creature — Scarecrow",
    "mana_cost": "{2}",
    "oracle": "As Painter's Servant enters the battlefield, choose a color.\nAll cards that aren't on the "
    "battlefield, spells, and permanents are the chosen color in addition to their other colors.",
}
MYCOSYNTH_LATTICE = {
    "name": "Mycosynth Lattice",
    "type_line": "Artifact",
    "mana_cost": "{6}",
    "oracle": "All permanents are artifacts in addition to their other types.\nAll cards that aren't on the "
    "battlefield, spells, and permanents are colorless.\nPlayers may spend mana as though it were mana of "
    "any color.",
}
DARKEST_HOUR = {
    "name": "Darkest Hour",
    "type_line": "Enchantment",
    "mana_cost": "{B}",
    "oracle": "All creatures are black.",
}
GHOSTFLAME_SLIVER = {
    "name": "Ghostflame Sliver",
    "type_line": "Creature — Sliver",
    "mana_cost": "{B}{R}",
    "oracle": "All Slivers are colorless.",
}
CHROME_MOX = {
    "name": "Chrome Mox",
    "type_line": "Artifact",
    "mana_cost": "{0}",
    "oracle": "Imprint — When Chrome Mox enters the battlefield, you may exile a nonartifact, nonland card "
    "from your hand.\n{T}: Add one mana of any of the exiled card's colors.",
}
BOLT = {"name": "Lightning Bolt", "mana_cost": "{R}"}


def board_of(*permanents: dict[str, Any], players: tuple[str, ...] = ("me",)) -> Board:
    """A board of permanents (each given with its id; controller 'me' unless it says)."""
    entries = [{"controller": "me", **permanent} for permanent in permanents]
    return Board.from_dict({"version": 1, "players": [{"id": p} for p in players], "permanents": entries})


@pytest.mark.parametrize(
    ("text", "subject", "colors", "adds", "chosen", "spells", "cards"),
    [
        ("All creatures are black.", "creature", "B", False, False, None, None),
        ("All Slivers are colorless.", "Sliver", "", False, False, None, None),
        ("~ is the chosen color.", "this permanent", "", False, True, None, None),
        (
            "Enchanted creature gets +3/-1 and is black.",
            "the enchanted/equipped creature",
            "B",
            False,
            False,
            None,
            None,
        ),
        (
            "All permanents you control are red and green.",
            "permanent you control",
            "RG",
            False,
            False,
            None,
            None,
        ),
        (PAINTERS_SERVANT["oracle"].split("\n")[1], "permanent", "", True, True, Who.ANY, Who.ANY),
        (MYCOSYNTH_LATTICE["oracle"].split("\n")[1], "permanent", "", False, False, Who.ANY, Who.ANY),
        (
            "Nonland permanents you control are white. The same is true for spells you control and nonland "
            "cards you own that aren't on the battlefield.",
            "nonland you control",
            "W",
            False,
            False,
            Who.YOU,
            Who.YOU,
        ),
        (
            "Creatures you control are blue. The same is true for spells.",
            "creature you control",
            "U",
            False,
            False,
            Who.ANY,
            None,
        ),
    ],
)
def test_color_changing_sentences_are_read_as_what_they_change(
    text: str,
    subject: str,
    colors: str,
    adds: bool,
    chosen: bool,
    spells: Who | None,
    cards: Who | None,
) -> None:
    parsed = parse_oracle(text)
    assert parsed.fully_read and [s.read_as for s in parsed.sentences] == ["effect"] * len(parsed.sentences)
    change, *pumps = parsed.effects  # ('gets +3/-1 and is black': the pump is an effect of layer 7c too)
    assert isinstance(change, ColorChange)
    assert [(p.affected, p.power, p.toughness) for p in pumps if isinstance(p, PowerChange)] == (
        [(change.affected, 3, -1)] if "gets +3/-1" in text else []
    )
    assert len(pumps) == ("gets" in text)
    described = "permanent" if change.affected.describe() == "" else change.affected.describe()
    assert (described, str(change.colors), change.adds, change.chosen) == (subject, colors, adds, chosen)
    assert (change.spells, change.cards) == (spells, cards)


@pytest.mark.parametrize(
    "text",
    [
        "Target creature is black until end of turn.",
        "As long as you control a Swamp, ~ is black.",
        "Creatures you control get +1/+1 and are black.",
    ],
)
def test_one_shot_conditional_and_mixed_color_sentences_are_not_read_as_color_changes(text: str) -> None:
    assert not any(isinstance(e, ColorChange) for e in parse_oracle(text).effects)


def test_color_changes_apply_in_timestamp_order() -> None:
    """Darkest Hour makes the Sliver black; Ghostflame Sliver, later, makes it colorless: the later effect
    wins (CR 613.7). In the other order the Sliver ends black."""
    sliver = {"id": "gs", **GHOSTFLAME_SLIVER}
    hour = {"id": "dh", **DARKEST_HOUR}
    elf = {"id": "elf", "card": "Llanowar Elves"}
    later = BoardView(board_of(hour, sliver, elf))
    assert (str(later.colors("gs")), str(later.colors("elf")), str(later.colors("dh"))) == ("", "B", "B")
    earlier = BoardView(board_of(sliver, hour, elf))
    assert str(earlier.colors("gs")) == "B"


def test_a_chosen_color_is_added_and_a_missing_choice_is_reported_not_guessed() -> None:
    servant = {"id": "ps", **PAINTERS_SERVANT, "choices": {"color": "U"}}
    view = BoardView(board_of(servant, {"id": "elf", "card": "Llanowar Elves"}))
    assert str(view.colors("elf")) == "UG"
    unchosen = BoardView(board_of({"id": "ps", **PAINTERS_SERVANT}, {"id": "elf", "card": "Llanowar Elves"}))
    assert str(unchosen.colors("elf")) == "G"
    assert any("choices.color" in w.reason or "color chosen" in w.reason for w in unchosen.warnings)


def test_bloom_tender_under_celestial_dawn_sees_only_white() -> None:
    """Celestial Dawn makes my nonland permanents white, Bloom Tender and Birds of Paradise included, so
    'for each color among permanents you control' is white alone: one {W}. {1}{W} needs two mana, and
    Birds is tapped. Without the color change Bloom Tender would make {W}{G}, and the {G} (spent as
    colorless under Dawn) would pay the {1}."""
    board = board_of(
        {"id": "dawn", "card": "Celestial Dawn"},
        {"id": "bloom", "card": "Bloom Tender"},
        {"id": "bop", "card": "Birds of Paradise", "tapped": True},
    )
    assert not pay(board, PaymentTarget.of("{1}{W}")).payable
    assert not reference_search(board, PaymentTarget.of("{1}{W}")).outcomes
    result = pay(board, PaymentTarget.of("{W}"))
    assert result.payable and result.tapped == ("bloom",)


def test_convoke_pays_with_the_colors_a_creature_has_now() -> None:
    """Under Darkest Hour, Llanowar Elves is black: convoked, it pays {B} (CR 702.51a), never {G}."""
    board = board_of(
        {"id": "dh", **DARKEST_HOUR},
        {"id": "elf", "card": "Llanowar Elves", "summoning_sick": True},
        {"id": "f", "card": "Forest"},
    )
    black = pay(board, PaymentTarget.of("{1}{B}", convoke=True))
    assert black.payable
    assert not pay(board, PaymentTarget.of("{G}{G}", convoke=True)).payable


def test_chrome_mox_reads_the_exiled_cards_colors_as_they_are_in_exile() -> None:
    """Painter's Servant (blue) makes the exiled Lightning Bolt blue and red: Chrome Mox makes {U} or {R}.
    Mycosynth Lattice makes it colorless: Chrome Mox makes nothing."""
    mox = {"id": "mox", **CHROME_MOX, "choices": {"imprinted": BOLT}}
    painted = board_of(mox, {"id": "ps", **PAINTERS_SERVANT, "choices": {"color": "U"}})
    assert pay(painted, PaymentTarget.of("{U}")).payable
    assert pay(painted, PaymentTarget.of("{R}")).payable
    alone = board_of(mox)
    assert not pay(alone, PaymentTarget.of("{U}")).payable
    lattice = board_of(mox, {"id": "ml", **MYCOSYNTH_LATTICE})
    assert not pay(lattice, PaymentTarget.of("{R}")).payable
    assert not pay(lattice, PaymentTarget.of("{1}")).payable


def test_a_spells_colors_change_what_reduces_its_cost() -> None:
    """Thunderscape Familiar: black and green spells cost {1} less. Painter's Servant (green) makes a red
    spell green too: {1}{R} costs {R}. Mycosynth Lattice makes a black spell colorless: {1}{B} stays."""
    familiar = {"id": "tf", "card": "Thunderscape Familiar"}
    painted = board_of(
        familiar, {"id": "ps", **PAINTERS_SERVANT, "choices": {"color": "G"}}, {"id": "m", "card": "Mountain"}
    )
    assert pay(painted, PaymentTarget.of("{1}{R}")).total_cost == "{R}"
    lattice = board_of(
        familiar,
        {"id": "ml", **MYCOSYNTH_LATTICE},
        {"id": "s", "card": "Swamp"},
        {"id": "s2", "card": "Swamp"},
    )
    assert pay(lattice, PaymentTarget.of("{1}{B}")).total_cost == "{1}{B}"
    assert (
        pay(board_of(familiar, {"id": "s", "card": "Swamp"}), PaymentTarget.of("{1}{B}")).total_cost == "{B}"
    )


def test_a_spell_made_colorless_may_be_paid_with_mana_for_colorless_spells_only() -> None:
    """Shrine of the Forsaken Gods' {C}{C} pays only for colorless spells. Mycosynth Lattice makes every spell
    colorless (and lets mana be spent as any color): seven lands make the eight mana {7}{R} takes. Spending
    as any color alone leaves the red spell red, the Shrine's {C}{C} unusable for it, and seven mana."""
    lands = [{"id": "shrine", "card": "Shrine of the Forsaken Gods"}]
    lands += [{"id": f"w{i}", "card": "Wastes"} for i in range(6)]
    spell = PaymentTarget.of("{7}{R}", type_line="Creature — Giant")
    lattice = board_of(*lands, {"id": "ml", **MYCOSYNTH_LATTICE, "controller": "op"}, players=("me", "op"))
    assert pay(lattice, spell).payable
    any_color = {
        "id": "any",
        "name": "Any Color",
        "type_line": "Enchantment",
        "mana_cost": "{6}",
        "oracle": MYCOSYNTH_LATTICE["oracle"].split("\n")[2],
    }
    assert not pay(board_of(*lands, any_color), spell).payable


def test_celestial_dawn_makes_only_its_controllers_spells_white() -> None:
    dawn = BoardView(board_of({"id": "dawn", "card": "Celestial Dawn"}, players=("me", "op")))
    red = ManaTypes.parse("R")
    assert str(dawn.colors_elsewhere(red, "me", spell=True)) == "W"
    assert str(dawn.colors_elsewhere(red, "op", spell=True)) == "R"


CULTIVATOR_DRONE = {
    "name": "Cultivator Drone",
    "type_line": "Creature — Eldrazi Drone",
    "mana_cost": "{2}{U}",
    "oracle": "Devoid (This card has no color.)\n{T}: Add {C}. Spend this mana only to cast a colorless "
    "spell, activate an ability of a colorless permanent, or pay a cost that contains {C}.",
}


def test_a_devoid_permanent_is_colorless() -> None:
    """Devoid (CR 702.114a): Cultivator Drone, {2}{U}, has no color; Bloom Tender sees only its own green."""
    board = board_of({"id": "drone", **CULTIVATOR_DRONE}, {"id": "bloom", "card": "Bloom Tender"})
    assert str(BoardView(board).colors("drone")) == ""
    assert not pay(board, PaymentTarget.of("{U}")).payable
    assert pay(board, PaymentTarget.of("{G}")).payable


def test_a_devoid_spell_is_colorless_and_may_take_mana_for_colorless_spells() -> None:
    """Eldrazi Temple's {C}{C} pays only for colorless Eldrazi spells. A devoid Eldrazi spell of {2}{U} is
    colorless (CR 702.114a, in every zone): the Temple's {C}{C} and an Island pay it. The same spell without
    devoid is blue, and the Temple's {C} with the Island make only two mana."""
    board = board_of({"id": "temple", "card": "Eldrazi Temple"}, {"id": "i", "card": "Island"})
    eldrazi = "Creature — Eldrazi Drone"
    devoid = spell_of("{2}{U}", type_line=eldrazi, text="Devoid (This card has no color.)")
    assert pay(board, devoid).payable
    assert not pay(board, PaymentTarget.of("{2}{U}", type_line=eldrazi)).payable
    hand_card = Card.from_json(
        {"name": "Drone", "type_line": eldrazi, "mana_cost": "{2}{U}", "oracle": "Devoid"}
    )
    assert str(hand_card.colors) == ""
