"""Issue 37 item 3 (contract §12): converge, sunburst, adamant and "if {C} / a Treasure's mana / N mana
was spent" are read from a spell's text, and the objective pays for them right after life and sacrifices;
`--prefer colors-spent` asks for the most colors with a bare cost. Each board is one where the old objective
spends less than it could: the best count is worked out by hand in its comment, and checked against the
reference search (every legal payment, scored by :func:`planner.solve.objective.objective_of`)."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from boards import ME, agrees_with_reference, card, make_board
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from models.board import Board, Player
from models.cost import PaymentTarget
from models.mana import ManaType
from models.oracle.grammar_parser import UnreadError
from models.oracle.spent_riders import parse_spent_rider, spent_riders
from models.riders import ColorsSpent, ManaSpent, SameColorSpent, SpentRider, TreasureSpent, TypeSpent
from models.spells import find_spell, spell_target
from planner.api import PayResult, max_x, pay
from planner.cli import app
from planner.rules.reference import reference_search
from planner.rules.replay import replay
from planner.solve.objective import OBJECTIVE_LEVELS, objectives_on

# ------------------------------------------------------------------------------------------------ the reader


@pytest.mark.parametrize(
    ("text", "riders"),
    [
        # Prismatic Ending; Radiant Flames; Woodland Wanderer (a permanent: "cast it")
        (
            "Converge — Exile target nonland permanent if its mana value is less than or equal to the number "
            "of colors of mana spent to cast this spell.",
            (ColorsSpent(),),
        ),
        (
            "Converge — Radiant Flames deals X damage to each creature, where X is the number of colors of "
            "mana spent to cast this spell.",
            (ColorsSpent(),),
        ),
        (
            "Vigilance, trample\nConverge — Woodland Wanderer enters with a +1/+1 counter on it for each "
            "color of mana spent to cast it.",
            (ColorsSpent(),),
        ),
        # sunburst is a keyword (CR 702.44); its reminder text is dropped
        (
            "Sunburst (This enters with a +1/+1 counter on it for each color of mana spent to cast it. If "
            "it's not a creature, it enters with a charge counter instead.)",
            (ColorsSpent(),),
        ),
        (
            "Adamant — If at least three green mana was spent to cast this spell, put a +1/+1 counter on "
            "that creature.",
            (TypeSpent(ManaType.G, 3),),
        ),
        ("When ~ enters, if {C} was spent to cast it, draw a card.", (TypeSpent(ManaType.C),)),
        ("If {C}{C} was spent to cast this spell, counter target spell.", (TypeSpent(ManaType.C, 2),)),
        ("When ~ enters, if mana from a Treasure was spent to cast it, draw a card.", (TreasureSpent(),)),
        ("If seven or more mana was spent to cast this spell, draw two cards.", (ManaSpent(7),)),
        ("If at least five mana was spent to cast this spell, ~ deals 3 damage.", (ManaSpent(5),)),
        # none: mana spent on something else, a Food's mana, spending restrictions
        ("Whenever you spend mana, draw a card.", ()),
        ("When ~ enters, if mana from a Food was spent to cast it, draw a card.", ()),
        # a trigger on other spells: 'it' is the spell cast, not this card
        ("Whenever you cast a colorless spell, if {C} was spent to cast it, draw a card.", ()),
        ("{T}: Add {C}. Spend this mana only to cast colorless spells.", ()),
    ],
)
def test_the_reader_reads_each_rider_into_its_typed_value(text: str, riders: tuple[SpentRider, ...]) -> None:
    assert spent_riders(text, "Woodland Wanderer") == riders


def test_a_phrase_that_is_no_rider_is_unread() -> None:
    for phrase in ("if X or more mana was spent to cast it", "if {W/U} was spent to cast it", "draw a card"):
        with pytest.raises(UnreadError):
            parse_spent_rider(phrase)


def test_a_spell_named_with_spell_carries_its_riders() -> None:
    player = make_board([], hand=[_CONVERGE_CARD]).player(ME)
    assert spell_target(find_spell(player, "Prismatic Test")).riders == (ColorsSpent(),)
    assert spell_target(find_spell(Player(ME), "Lightning Bolt")).riders == ()


# ------------------------------------------------------------------------------------------------ the boards

_CONVERGE_CARD = {
    "name": "Prismatic Test",
    "type_line": "Sorcery",
    "mana_cost": "{2}{W}",
    "oracle": "Converge — You gain 1 life for each color of mana spent to cast this spell.",
}


def _with(cost: str, *riders: SpentRider, **fields: Any) -> PaymentTarget:
    return dataclasses.replace(PaymentTarget.of(cost, **fields), riders=riders)


def _best(board: Board, target: PaymentTarget) -> tuple[int, ...]:
    """The reference search's best objective, the rider levels scored from each payment's mana."""
    found = reference_search(board, target)
    return min(map(objectives_on(board, ME, riders=target.riders), found.outcomes))


def _level(levels: tuple[int, ...], name: str) -> int:
    return levels[OBJECTIVE_LEVELS.index(name)]


def _checked(board: Board, target: PaymentTarget) -> PayResult:
    """``pay``'s answer, which must reach the reference's best (and so must the CP-SAT model alone)."""
    result = agrees_with_reference(board, target, max_states=200_000)
    assert result is not None and result.payable
    return result


def _colors(result: PayResult) -> int:
    return sum(1 for t in "WUBRG" if ManaType[t] in result.mana_spent.types)


def test_converge_spends_three_colors_where_the_old_objective_spends_two() -> None:
    # {2}{W} from three Plains, an Island and a Swamp: the old objective keeps {U} and {B} open (it taps
    # Plains for the generic); converge can spend W, U and B, and no more (no other color is there): 3
    board = make_board(
        [card("Plains", f"p{n}") for n in range(3)] + [card("Island", "i"), card("Swamp", "s")]
    )
    old = pay(board, PaymentTarget.of("{2}{W}"))
    assert _colors(old) == 2
    result = _checked(board, _with("{2}{W}", ColorsSpent()))
    assert _colors(result) == 3 and sorted(result.tapped) == ["i", "p0", "s"]
    assert _level(_best(board, _with("{2}{W}", ColorsSpent())), "colors_unspent") == 5 - 3


def test_converge_splits_the_generic_mana_of_dual_lands_among_colors() -> None:
    # {X}{W}{U} with X = 2 from Plains, Island, Underground Sea, Taiga and Forest: the Sea gives {B}, the
    # Taiga {R} (or the Forest {G}): four colors, the most four mana can have
    board = make_board(
        [
            card("Plains", "p"),
            card("Island", "i"),
            card("Underground Sea", "sea"),
            card("Taiga", "taiga"),
            card("Forest", "f"),
        ]
    )
    target = _with("{X}{W}{U}", ColorsSpent()).with_x(2)
    result = _checked(board, target)
    assert _colors(result) == 4
    assert _level(_best(board, target), "colors_unspent") == 1


@pytest.mark.parametrize("other", ["City of Brass", "Treasure"])
def test_life_and_sacrifices_come_before_the_colors(other: str) -> None:
    # {1}{G} from two Forests and a City of Brass (or a Treasure): a second color costs a life (or the
    # Treasure), which contract §12 weighs first: the two Forests pay, one color
    board = make_board([card("Forest", "f0"), card("Forest", "f1"), card(other, "x")])
    result = _checked(board, _with("{1}{G}", ColorsSpent()))
    assert sorted(result.tapped) == ["f0", "f1"] and _colors(result) == 1


def test_adamant_spends_three_red_where_the_old_objective_keeps_a_mountain() -> None:
    # {1}{R}{R} from three Mountains and two Plains: the old objective pays the generic with a Plains and
    # keeps a Mountain for {R}; adamant (three red) needs the three Mountains
    board = make_board(
        [card("Mountain", f"m{n}") for n in range(3)] + [card("Plains", f"p{n}") for n in range(2)]
    )
    old = pay(board, PaymentTarget.of("{1}{R}{R}"))
    assert old.mana_spent[ManaType.R] == 2
    result = _checked(board, _with("{1}{R}{R}", TypeSpent(ManaType.R, 3)))
    assert result.mana_spent[ManaType.R] == 3
    assert _level(_best(board, _with("{1}{R}{R}", TypeSpent(ManaType.R, 3))), "riders_unmet") == 0


def test_if_colorless_was_spent_taps_sol_ring() -> None:
    # {1}{G} from Sol Ring and two Forests: the old objective taps the Forests (Sol Ring ties up two mana);
    # "if {C} was spent" taps Sol Ring for the generic and the Forest for {G}, one {C} left floating
    board = make_board([card("Sol Ring", "sol"), card("Forest", "f0"), card("Forest", "f1")])
    old = pay(board, PaymentTarget.of("{1}{G}"))
    assert "sol" not in old.tapped
    result = _checked(board, _with("{1}{G}", TypeSpent(ManaType.C)))
    assert "sol" in result.tapped and result.mana_spent[ManaType.C] == 1


def test_if_n_mana_was_spent_pays_with_mana_rather_than_convoke() -> None:
    # {2}{G} with convoke from three Forests and Grizzly Bears: the old objective taps the Bears (it makes
    # no mana, so it ties up none), and two mana are spent; "if three or more mana was spent" taps the
    # three Forests
    bears = {
        "id": "bears",
        "name": "Grizzly Bears",
        "type_line": "Creature — Bear",
        "oracle": "",
        "power": 2,
        "toughness": 2,
    }
    board = make_board([card("Forest", f"f{n}") for n in range(3)] + [bears])
    old = pay(board, PaymentTarget.of("{2}{G}", convoke=True))
    assert old.mana_spent.total == 2
    result = _checked(board, _with("{2}{G}", ManaSpent(3), convoke=True))
    assert result.mana_spent.total == 3 and "bears" not in result.tapped


def test_treasure_mana_goes_to_the_spell_rather_than_to_the_signet() -> None:
    # {W}{B}{G} from a Forest, a Treasure and an Orzhov Signet: the Signet's {1} is paid by the Forest or by
    # the Treasure, and the Treasure is sacrificed either way; "if mana from a Treasure was spent" wants the
    # Forest to pay the Signet and the Treasure's {G} to pay the spell
    board = make_board([card("Forest", "f"), card("Treasure", "t"), card("Orzhov Signet", "sig")])
    target = _with("{W}{B}{G}", TreasureSpent())
    result = _checked(board, target)
    assert result.plan is not None
    assert replay(board, target, result.plan).spent_mana.from_treasures == 1
    assert _level(_best(board, target), "riders_unmet") == 0


def test_a_spell_without_riders_is_answered_as_a_bare_cost() -> None:
    # no rider, no --prefer: the rider levels are 0 and the fast path still answers, as before
    board = make_board([card("Mountain", "m0"), card("Mountain", "m1"), card("Island", "i")])
    bare = pay(board, PaymentTarget.of("{R}"))
    bolt = spell_target(find_spell(Player(ME), "Lightning Bolt"))
    assert bolt.riders == ()
    spell = pay(board, bolt)
    assert bare.engine == spell.engine == "fast"
    assert dict(bare.objective)["colors_unspent"] == dict(bare.objective)["riders_unmet"] == 0
    assert spell.tapped == bare.tapped and spell.objective == bare.objective


_COLORED = st.sampled_from(
    [
        "Plains",
        "Island",
        "Swamp",
        "Mountain",
        "Forest",
        "Underground Sea",
        "Taiga",
        "Birds of Paradise",
        "Sol Ring",
        "Treasure",
        "Wastes",
    ]
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    names=st.lists(_COLORED, min_size=2, max_size=5),
    cost=st.sampled_from(["{1}{W}", "{2}{U}", "{1}{G}", "{3}", "{2}", "{1}{W/U}", "{1}{G/P}", "{2/W}"]),
    rider=st.sampled_from(
        [ColorsSpent(), TypeSpent(ManaType.C), ManaSpent(3), TreasureSpent(), SameColorSpent(2)]
    ),
)
def test_both_engines_reach_the_reference_best_with_a_rider(
    names: list[str], cost: str, rider: SpentRider
) -> None:
    board = make_board([card(name, f"p{n}") for n, name in enumerate(names)])
    agrees_with_reference(board, _with(cost, rider), max_states=20_000)


def test_max_x_weighs_the_colors_after_x() -> None:
    # {X}{W} with Plains, Island, Swamp: X = 2 at most, and then all three colors are spent
    board = make_board([card("Plains", "p"), card("Island", "i"), card("Swamp", "s")])
    result = max_x(board, PaymentTarget.of("{X}{W}"), prefer=("colors-spent",))
    assert result.x == 2 and _colors(result) == 3


# ------------------------------------------------------------------------------------------------ the command


def _cli(*args: str) -> tuple[int, Any]:
    result = CliRunner().invoke(app, list(args))
    return result.exit_code, json.loads(result.stdout) if result.stdout.strip() else result.output


def _board_file(tmp_path: Path, hand: list[Any] | None = None) -> Path:
    board = {
        "version": 1,
        "players": [{"id": "me", **({"hand": hand} if hand else {})}],
        "permanents": [
            *({"id": f"p{n}", "card": "Plains", "controller": "me"} for n in range(3)),
            {"id": "i", "card": "Island", "controller": "me"},
            {"id": "s", "card": "Swamp", "controller": "me"},
        ],
    }
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board), encoding="utf-8")
    return path


def test_prefer_colors_spent_on_the_command_line(tmp_path: Path) -> None:
    path = _board_file(tmp_path)
    code, plain = _cli("pay", str(path), "{2}{W}", "--json")
    assert code == 0 and sorted(plain["tapped"]) == ["i", "p0", "p1"]
    code, colors = _cli("pay", str(path), "{2}{W}", "--prefer", "colors-spent,lands", "--json")
    assert code == 0 and sorted(colors["tapped"]) == ["i", "p0", "s"]
    code, output = _cli("pay", str(path), "{2}{W}", "--prefer", "colours")
    assert code == 2 and "unknown kind 'colours'" in output and "colors-spent" in output


def test_a_converge_spell_named_with_spell_on_the_command_line(tmp_path: Path) -> None:
    path = _board_file(tmp_path, hand=[_CONVERGE_CARD])
    code, answer = _cli("pay", str(path), "--spell", "Prismatic Test", "--json")
    assert code == 0 and sorted(answer["tapped"]) == ["i", "p0", "s"]
