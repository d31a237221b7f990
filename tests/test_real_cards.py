"""Real cards given by their Oracle text: the problems the differential search on a Scryfall snapshot found
(``benchmarks/fuzz_real_cards.py``), each with the card's text inline, and a small seeded run of that search
on the real cards copied into ``tests/fixtures/real_cards.json``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from benchmarks.fuzz_real_cards import CardSpec, check_case, random_case
from models.board import Board
from models.catalogue import CardData
from models.cost import PaymentTarget
from planner.api import pay
from planner.describe import card_details, card_summary, format_details
from planner.rules.reference import reference_search
from planner.rules.replay import replay
from planner.solve.objective import objective_of, objectives_on

FIXTURE = Path(__file__).parent / "fixtures" / "real_cards.json"

SCARECROW = {
    "name": "Signpost Scarecrow",
    "type_line": "Artifact Creature — Scarecrow",
    "oracle": "Vigilance\n{2}: Add one mana of any color.",
    "mana_cost": "{4}",
}
NOMADIC_ELF = {
    "name": "Nomadic Elf",
    "type_line": "Creature — Elf Nomad",
    "oracle": "{1}{G}: Add one mana of any color.",
    "mana_cost": "{1}{G}",
}
SOL_RING = {"name": "Sol Ring", "type_line": "Artifact", "oracle": "{T}: Add {C}{C}.", "mana_cost": "{1}"}
ELVES = {
    "name": "Llanowar Elves",
    "type_line": "Creature — Elf Druid",
    "oracle": "{T}: Add {G}.",
    "mana_cost": "{G}",
}
NULL_ROD = {
    "name": "Null Rod",
    "type_line": "Artifact",
    "oracle": "Activated abilities of artifacts can't be activated.",
    "mana_cost": "{2}",
}
CURSED_TOTEM = {
    "name": "Cursed Totem",
    "type_line": "Artifact",
    "oracle": "Activated abilities of creatures can't be activated.",
    "mana_cost": "{2}",
}
KARN = {
    "name": "Karn, the Great Creator",
    "type_line": "Legendary Planeswalker — Karn",
    "oracle": "Activated abilities of artifacts your opponents control can't be activated.\n"
    "+1: Until your next turn, up to one target noncreature artifact becomes an artifact creature with power "
    "and toughness each equal to its mana value.\n"
    "−2: You may reveal an artifact card you own from outside the game or choose a face-up artifact card you "
    "own in exile. Put that card into your hand.",
    "mana_cost": "{4}",
}
ENCRUST = {
    "name": "Encrust",
    "type_line": "Enchantment — Aura",
    "oracle": "Enchant artifact or creature\nEnchanted permanent doesn't untap during its controller's untap "
    "step and its activated abilities can't be activated.",
    "mana_cost": "{1}{U}{U}",
}
DAMPING_MATRIX = {
    "name": "Damping Matrix",
    "type_line": "Artifact",
    "oracle": "Activated abilities of artifacts and creatures can't be activated unless they're mana "
    "abilities.",
    "mana_cost": "{3}",
}


def _board(*permanents: dict[str, Any], pool: tuple[str, ...] = ()) -> Board:
    """A board of permanents given as (id, controller, card text) objects, with mana floating for me."""
    return Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me", "pool": list(pool)}, {"id": "opp"}],
            "permanents": list(permanents),
        }
    )


def _card(pid: str, text: dict[str, str], controller: str = "me", **extra: Any) -> dict[str, Any]:
    return {"id": pid, "controller": controller, **text, **extra}


def _best(board: Board, cost: str) -> tuple[int, ...]:
    """The reference search's best objective for a cost."""
    reference = reference_search(board, PaymentTarget.of(cost), max_states=100_000)
    return min(map(objectives_on(board, "me"), reference.outcomes))


def _ours(board: Board, cost: str) -> tuple[int, ...]:
    """The objective of pay's plan, replayed by the rules."""
    target = PaymentTarget.of(cost)
    result = pay(board, target)
    assert result.plan is not None
    return objective_of(board, "me", replay(board, target, result.plan))


def test_an_ability_without_tap_pays_its_next_activation_with_its_own_mana() -> None:
    """Signpost Scarecrow's {2}: each activation resolves before the next (CR 605.3c), so its {G} pays half
    of the next one's {2}: five floating {C} become one {G} with nothing left over, as the reference search
    finds (the model once kept each activation's mana from the later ones and left {W}{C} floating)."""
    board = _board(_card("s", SCARECROW), pool=("{C}{C}{C}{C}{C}",))
    result = pay(board, PaymentTarget.of("{G}"))
    assert result.payable and str(result.floating) == ""
    assert len(result.steps) == 4
    assert _ours(board, "{G}") == _best(board, "{G}")


def test_an_ability_pays_its_own_colored_symbol_with_its_own_mana() -> None:
    """Nomadic Elf's {1}{G}: the {G} its first activation makes pays the {G} of the second, which makes the
    {R}: the floating {B}{B} and the Forest's {G} leave nothing floating."""
    board = _board(
        _card("f", {"name": "Forest", "type_line": "Basic Land — Forest"}),
        _card("elf", NOMADIC_ELF),
        pool=("{B}{B}",),
    )
    result = pay(board, PaymentTarget.of("{R}"))
    assert result.payable and str(result.floating) == ""
    assert _ours(board, "{R}") == _best(board, "{R}")


@pytest.mark.parametrize(
    ("ban", "banned", "controller"),
    [
        (NULL_ROD, SOL_RING, "me"),
        (CURSED_TOTEM, ELVES, "me"),
        (NULL_ROD, SOL_RING, "opp"),
        (KARN, SOL_RING, "opp"),
    ],
)
def test_activated_abilities_that_cant_be_activated_make_no_mana(
    ban: dict[str, str], banned: dict[str, str], controller: str
) -> None:
    """Null Rod, Cursed Totem, an opponent's Karn: 'activated abilities of ... can't be activated' covers mana
    abilities (nothing exempts them, unlike Damping Matrix's 'unless they're mana abilities'), whoever
    controls the permanent with the text. The sentence was once ignored and Sol Ring paid {2}."""
    board = _board(_card("ban", ban, controller), _card("src", banned))
    cost = "{2}" if banned is SOL_RING else "{G}"
    result = pay(board, PaymentTarget.of(cost))
    assert result.payable is False
    assert not reference_search(board, PaymentTarget.of(cost)).payable


def test_karn_stops_only_the_opponents_artifacts() -> None:
    """Karn, the Great Creator: my own Sol Ring still taps."""
    board = _board(_card("karn", KARN), _card("sol", SOL_RING))
    assert pay(board, PaymentTarget.of("{2}")).payable


def test_an_aura_that_stops_activated_abilities_stops_the_permanent_it_enchants() -> None:
    """Encrust on one Sol Ring: the other still taps."""
    board = _board(
        _card("sol", SOL_RING), _card("sol2", SOL_RING), _card("crust", ENCRUST, attached_to="sol")
    )
    result = pay(board, PaymentTarget.of("{2}"))
    assert result.payable and result.tapped == ("sol2",)
    assert not pay(board, PaymentTarget.of("{4}")).payable


def test_unless_they_are_mana_abilities_leaves_mana_abilities_alone() -> None:
    board = _board(_card("matrix", DAMPING_MATRIX), _card("sol", SOL_RING))
    assert pay(board, PaymentTarget.of("{2}")).payable


def test_a_graveyard_color_palette_is_described() -> None:
    """Corrupted Grafstone: ``cards NAME`` once failed with a KeyError on its palette."""
    grafstone = CardData(
        name="Corrupted Grafstone",
        type_line="Artifact",
        oracle="Corrupted Grafstone enters the battlefield tapped.\n"
        "{T}: Choose a color of a card in your graveyard. Add one mana of that color.",
        mana_cost="{2}",
    )
    assert card_summary(grafstone)["name"] == "Corrupted Grafstone"
    assert "a color of a card in your graveyard" in format_details(card_details(grafstone))


#: The seeded cases the short run checks (it stopped after 12 s of wall clock, which a busy machine cut to
#: fewer than the 20 it asked for).
_REAL_CASES = 40


def test_the_differential_search_on_real_cards_finds_nothing() -> None:
    """A short seeded run of ``benchmarks/fuzz_real_cards.py`` on the fixture's cards: pay agrees with the
    reference search on every board (feasibility and objective), and so does the other engine."""
    cards = [CardSpec(**entry) for entry in json.loads(FIXTURE.read_text(encoding="utf-8"))["cards"]]
    rng = random.Random(11)
    problems: list[tuple[str, dict[str, Any]]] = []
    for _ in range(_REAL_CASES):  # (a count, not a clock: the same cases however busy the machine is)
        case = random_case(rng, cards)
        _, problem = check_case(case, state_limit=600)
        if problem is not None:
            problems.append((problem, case.to_json()))
    assert not problems, problems[:3]


def test_the_search_says_which_file_it_could_not_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from benchmarks.fuzz_real_cards import main

    missing = tmp_path / "cards.json"
    assert main([str(missing), "--seconds", "1"]) == 2
    assert (
        capsys.readouterr().err
        == f"fuzz_real_cards: {missing}: cannot read the file: No such file or directory\n"
    )
