"""Extraplanar Lens: a triggered mana ability on lands with the same name as the card exiled with it, read
from the permanent's ``choices.imprinted`` (contract §5: without that choice the ability is reported, never
used as if anything or nothing had been exiled). Chrome Mox: one mana of any of the exiled card's colors
(CR 105.2, 202.2: its mana cost's colors, or its color indicator), the card given by name (a catalogue
card) or described as an object.

Values are derived by hand from the rules: the trigger adds one more mana of a type the land produced (CR
106.12a: only when the land's ability resolves and produced mana); random boards are checked against the
reference search.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from boards import agrees_with_reference
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from models.board import Board, Choices, ImprintedCard
from models.carddata.names import CardResolver
from models.cost import PaymentTarget
from models.errors import InputError
from models.mana_effects import ManaTrigger
from models.oracle import parse_oracle
from planner.api import could_produce, max_x, pay
from planner.cards.importer import import_files
from planner.cards.store import CardStore
from planner.sim.batch import board_row, source_units
from planner.sim.simulate import land_profile

LENS = {
    "name": "Extraplanar Lens",
    "type_line": "Artifact",
    "mana_cost": "{3}",
    "oracle": (
        "Imprint — When Extraplanar Lens enters, you may exile target land you control.\n"
        "Whenever a land with the same name as the exiled card is tapped for mana, its controller adds an "
        "additional one mana of any type that land produced."
    ),
}
#: The 2019 wording (before 'enters the battlefield' became 'enters' and 'adds' became 'adds an additional').
LENS_2019 = (
    "Imprint — When Extraplanar Lens enters the battlefield, you may exile target land you control.\n"
    "Whenever a land with the same name as the exiled card is tapped for mana, its controller adds one mana "
    "of any type that land produced."
)


SCRYFALL_FIXTURE = Path(__file__).resolve().parent / "fixtures" / "cards" / "scryfall.json.gz"


def _board(*permanents: dict[str, Any]) -> Board:
    return Board.from_dict(
        {"version": 1, "players": [{"id": "me"}, {"id": "opp"}], "permanents": [*permanents]}
    )


def _lens(imprinted: str | None, pid: str = "lens", controller: str = "me") -> dict[str, Any]:
    entry: dict[str, Any] = {"id": pid, "controller": controller, **LENS}
    if imprinted is not None:
        entry["choices"] = {"imprinted": imprinted}
    return entry


def _mine(pid: str, card: str, **status: Any) -> dict[str, Any]:
    return {"id": pid, "card": card, "controller": "me", **status}


@pytest.mark.parametrize("oracle", [LENS["oracle"], LENS_2019])
def test_both_wordings_read_as_a_trigger_on_lands_named_as_the_exiled_card(oracle: str) -> None:
    parsed = parse_oracle(oracle, "Extraplanar Lens")
    assert parsed.unsupported == () and parsed.choices_needed == ("imprinted",)
    assert [s.read_as for s in parsed.sentences] == ["choice", "effect"]
    (trigger,) = parsed.effects
    assert isinstance(trigger, ManaTrigger)
    assert trigger.affected.named_as_imprinted and trigger.affected.types == ("Land",)
    assert trigger.to_tapper  # 'its controller adds'


def test_the_choice_is_read_and_written_back() -> None:
    choices = Choices.from_dict({"imprinted": "Gemstone Mine"})
    assert choices.imprinted == "Gemstone Mine" and choices.to_dict() == {"imprinted": "Gemstone Mine"}
    with pytest.raises(InputError, match=r"permanents\[0\]\.choices\.imprinted"):
        _board({**_lens(None), "choices": {"imprinted": 3}})


def test_a_land_with_the_exiled_card_s_name_makes_one_more_mana_of_its_type() -> None:
    board = _board(_lens("Forest"), _mine("f1", "Forest"), _mine("i1", "Island"))
    # the Forest makes {G}{G}: with the Island, {G}{G}{U} and X = 3
    assert pay(board, PaymentTarget.of("{G}{G}{U}")).payable
    assert not pay(board, PaymentTarget.of("{G}{G}{G}")).payable
    result = max_x(board, PaymentTarget.of("{X}"))
    assert result.payable and result.x == 3
    produced = {pid: str(types) for pid, types in could_produce(board, "me").items()}
    assert produced == {"lens": "", "f1": "G", "i1": "U"}
    # the name is compared as card names are: case and punctuation folded
    assert pay(_board(_lens("forest"), _mine("f1", "Forest")), PaymentTarget.of("{G}{G}")).payable


def test_other_names_get_nothing() -> None:
    board = _board(_lens("Island"), _mine("f1", "Forest"), _mine("f2", "Forest"), _mine("i1", "Island"))
    # only the Island doubles: {G}{G}{U}{U} is payable, {G}{G}{G} is not
    assert pay(board, PaymentTarget.of("{G}{G}{U}{U}")).payable
    assert not pay(board, PaymentTarget.of("{G}{G}{G}")).payable
    # a basic land type is not a name: a Tundra is a Plains Island, not an 'Island'
    tundra = _board(_lens("Island"), _mine("t1", "Tundra"))
    assert not pay(tundra, PaymentTarget.of("{U}{U}")).payable


def test_the_added_mana_is_of_a_type_the_land_produced() -> None:
    # Azorius Chancery makes {W}{U}: the trigger adds {W} or {U}, never {G}
    board = _board(_lens("Azorius Chancery"), _mine("ch", "Azorius Chancery"))
    assert pay(board, PaymentTarget.of("{W}{W}{U}")).payable
    assert pay(board, PaymentTarget.of("{W}{U}{U}")).payable
    assert not pay(board, PaymentTarget.of("{W}{U}{G}")).payable
    assert max_x(board, PaymentTarget.of("{X}")).x == 3


def test_an_opponent_s_lens_gives_the_tapping_player_the_mana() -> None:
    """'Its controller adds': the land's controller gets it, whoever controls the Lens."""
    board = _board(_lens("Forest", controller="opp"), _mine("f1", "Forest"))
    assert pay(board, PaymentTarget.of("{G}{G}")).payable


def test_without_the_choice_the_trigger_is_a_warning_and_is_not_used() -> None:
    board = _board(_lens(None), _mine("f1", "Forest"))
    result = pay(board, PaymentTarget.of("{G}"))
    assert result.payable  # the Forest alone
    (warning,) = result.warnings
    assert warning.permanent == "lens" and "choices.imprinted" in warning.reason
    assert "same name as the exiled card" in warning.sentence
    assert result.to_json()["warnings"][0]["permanent"] == "lens"
    # the trigger is not used: {G}{G} is not payable, and the answer carries the warning
    doubled = pay(board, PaymentTarget.of("{G}{G}"))
    assert not doubled.payable and doubled.warnings
    with pytest.raises(InputError, match="imprinted"):
        pay(board, PaymentTarget.of("{G}"), strict=True)


# ---------------------------------------------------------------------------------------------- Chrome Mox

MOX = {
    "name": "Chrome Mox",
    "type_line": "Artifact",
    "mana_cost": "{0}",
    "oracle": (
        "Imprint — When Chrome Mox enters, you may exile a nonartifact, nonland card from your hand.\n"
        "{T}: Add one mana of any of the exiled card's colors."
    ),
}


def _mox(imprinted: str | dict[str, str] | None, pid: str = "mox", **status: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {"id": pid, "controller": "me", **MOX, **status}
    if imprinted is not None:
        entry["choices"] = {"imprinted": imprinted}
    return entry


def _pays(board: Board, cost: str) -> bool:
    return bool(pay(board, PaymentTarget.of(cost)).payable)


def test_chrome_mox_reads_as_a_palette_of_the_exiled_card_s_colors() -> None:
    parsed = parse_oracle(MOX["oracle"], "Chrome Mox")
    assert parsed.unsupported == () and parsed.choices_needed == ("imprinted",)
    assert [s.read_as for s in parsed.sentences] == ["choice", "mana_ability"]
    (ability,) = parsed.mana_abilities
    assert ability.output.describe() == "1 mana of any one: the exiled card's colors"
    # the 'imprinted card' and 'card exiled with ~' wordings read the same
    for text in (
        "{T}: Add one mana of any of the imprinted card's colors.",
        "{T}: Add one mana of any of the colors of the card exiled with ~.",
    ):
        (other,) = parse_oracle(text, "Mox").mana_abilities
        assert other.output == ability.output


def test_a_red_card_pays_red_not_green() -> None:
    board = _board(_mox("Lightning Bolt"))
    assert _pays(board, "{R}") and _pays(board, "{1}")
    assert not _pays(board, "{G}") and not _pays(board, "{C}") and not _pays(board, "{R}{R}")
    assert pay(board, PaymentTarget.of("{R}")).warnings == ()
    assert {pid: str(t) for pid, t in could_produce(board, "me").items()} == {"mox": "R"}


def test_a_two_color_card_gives_either_color() -> None:
    board = _board(_mox({"name": "Homebrew Charm", "mana_cost": "{R}{W}"}))
    assert _pays(board, "{R}") and _pays(board, "{W}")
    assert not _pays(board, "{G}") and not _pays(board, "{R}{W}")
    assert max_x(board, PaymentTarget.of("{X}")).x == 1
    # a hybrid cost gives both its colors (CR 202.2d: a hybrid symbol is of both)
    hybrid = _board(_mox({"name": "Homebrew Hybrid", "mana_cost": "{2}{B/G}"}))
    assert _pays(hybrid, "{B}") and _pays(hybrid, "{G}") and not _pays(hybrid, "{U}")


def test_the_color_indicator_decides_a_card_without_colored_mana_cost() -> None:
    # Ancestral Vision: no mana cost, a blue color indicator (CR 202.2e, 204)
    board = _board(_mox({"name": "Ancestral Vision", "color_indicator": "U"}))
    assert _pays(board, "{U}") and not _pays(board, "{G}")
    # a color indicator overrides the mana cost's colors (CR 105.2)
    painted = _board(_mox({"name": "Homebrew", "mana_cost": "{R}", "color_indicator": "G"}))
    assert _pays(painted, "{G}") and not _pays(painted, "{R}")


def test_a_colorless_exiled_card_gives_no_mana_and_is_no_input_error() -> None:
    # by the rules its ability makes no mana (an empty palette), which is an answer, not a missing choice
    board = _board(_mox({"name": "Homebrew Eldrazi", "mana_cost": "{7}"}), _mine("f", "Forest"))
    result = pay(board, PaymentTarget.of("{1}{G}"))
    assert result.payable is False and result.warnings == ()
    assert max_x(board, PaymentTarget.of("{X}")).x == 1
    assert {pid: str(t) for pid, t in could_produce(board, "me").items()} == {"mox": "", "f": "G"}
    # the batch format declines it, as it does Command Tower with a colorless commander (it never miscounts)
    with pytest.raises(InputError, match="Chrome Mox is not a simple mana source"):
        source_units(board.permanents[0])


def test_the_name_form_and_the_object_form_agree() -> None:
    by_name = _board(_mox("Llanowar Elves"))
    described = _board(_mox({"name": "Llanowar Elves", "mana_cost": "{G}"}))
    for cost in ("{G}", "{R}", "{1}", "{G}{G}"):
        assert _pays(by_name, cost) == _pays(described, cost), cost
    assert by_name.permanents[0].choices.imprinted_colors == described.permanents[0].choices.imprinted_colors
    # Extraplanar Lens reads the name either way
    lens = _board(
        {**_lens(None), "choices": {"imprinted": {"name": "Forest", "mana_cost": ""}}}, _mine("f", "Forest")
    )
    assert _pays(lens, "{G}{G}")


def test_the_imprinted_card_is_written_back_as_given() -> None:
    for written in (
        "Lightning Bolt",
        {"name": "Homebrew Charm", "mana_cost": "{1}{W}{R}"},  # (costs are written in WUBRG order)
        {"name": "Ancestral Vision", "mana_cost": "", "color_indicator": "U"},
        {"name": "Lightning Bolt", "mana_cost": "{3}"},  # the object says what the card is, not the catalogue
    ):
        board = _board(_mox(written))
        assert board.to_dict()["permanents"][0]["choices"] == {"imprinted": written}
        again = Board.loads(board.dumps())
        assert again == board
    # the object is its own description: Lightning Bolt described as colorless gives no mana
    assert not _pays(_board(_mox({"name": "Lightning Bolt", "mana_cost": "{3}"})), "{R}")
    card = ImprintedCard.from_json({"name": "Homebrew", "color_indicator": "WU"})
    assert str(card.colors) == "WU" and Choices(imprinted_card=card).imprinted == "Homebrew"


def test_a_name_from_the_card_store_is_read_there(tmp_path: Path) -> None:
    """With a card store, a name the catalogue doesn't know is looked up in it (Lim-Dûl's Vault, {U}{B}, in
    the Scryfall fixture), whatever its case and accents, and the board is written back with the card's
    description, its type line and text too (only catalogue cards are written by name alone); without the
    store it stays unknown."""
    store = CardStore(tmp_path / "cards.sqlite3")
    import_files([SCRYFALL_FIXTURE], store)
    data = {"version": 1, "players": [{"id": "me"}], "permanents": [_mox("lim-dul's vault")]}
    board = Board.from_dict(data, cards=CardResolver(store))
    store.close()
    assert str(board.permanents[0].choices.imprinted_colors) == "UB"
    assert _pays(board, "{B}") and _pays(board, "{U}") and not _pays(board, "{R}")
    written = board.to_dict()["permanents"][0]["choices"]["imprinted"]
    # (with its type line and text: what '~ has all activated abilities of the exiled card' reads)
    assert {key: written[key] for key in ("name", "mana_cost", "type_line")} == {
        "name": "Lim-Dûl's Vault",
        "mana_cost": "{U}{B}",
        "type_line": "Instant",
    }
    assert written["oracle"].startswith("Look at the top five cards of your library")
    assert Board.loads(board.dumps()) == board
    alone = Board.from_dict(data)
    assert alone.permanents[0].choices.imprinted_colors is None
    assert not _pays(alone, "{B}")


def test_a_malformed_imprinted_object_is_an_input_error_with_its_path() -> None:
    for bad, where in (
        ({"name": "Homebrew"}, r"choices\.imprinted\.mana_cost"),
        ({"mana_cost": "{R}"}, r"choices\.imprinted\.name"),
        ({"name": "Homebrew", "mana_cost": "{Q}"}, r"choices\.imprinted\.mana_cost"),
        ({"name": "Homebrew", "mana_cost": "{R}", "colors": "R"}, r"choices\.imprinted\.colors"),
        (7, r"choices\.imprinted"),  # (a list is the cards exiled with it: tests/test_exiled_cards_colors.py)
        ([7], r"choices\.imprinted\[0\]"),
    ):
        with pytest.raises(InputError, match=r"permanents\[0\]\." + where):
            _board(_mox(bad))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("imprinted", "why"),
    [
        ("Homebrew Bolt", "the colors of 'Homebrew Bolt' are not known"),
        (None, "the card it exiled is not given (if it exiled none, the ability makes no mana)"),
    ],
)
def test_an_unknown_or_missing_exiled_card_is_a_warning_and_the_ability_is_not_used(
    imprinted: str | None, why: str
) -> None:
    board = _board(_mox(imprinted), _mine("f", "Forest"))
    result = pay(board, PaymentTarget.of("{1}{G}"))
    assert result.payable is False  # never as if the Mox made anything (nor, silently, nothing)
    (warning,) = result.warnings
    assert warning.permanent == "mox" and warning.reason.startswith("permanents[0].choices.imprinted: ")
    assert why in warning.reason and "exiled card's colors" in warning.sentence
    assert pay(board, PaymentTarget.of("{G}")).warnings == result.warnings
    with pytest.raises(InputError, match="imprinted"):
        pay(board, PaymentTarget.of("{G}"), strict=True)
    # the batch format can't count it, and says so
    with pytest.raises(InputError, match=r"Chrome Mox's .* is not counted"):
        board_row(board)


def test_the_outcomes_cache_keys_the_exiled_card_s_colors() -> None:
    """The same board but for the exiled card answers by its own card: the outcomes kept for one Mox
    (keyed by :func:`planner.rules.production._own_facts`) are not the other's."""
    for first, second in (("Lightning Bolt", "Llanowar Elves"), ("Llanowar Elves", "Lightning Bolt")):
        red, green = (_board(_mox(name), _mine("i", "Island")) for name in (first, second))
        colors = {"Lightning Bolt": "R", "Llanowar Elves": "G"}
        for board, name in ((red, first), (green, second), (red, first)):
            letter = colors[name]
            other = "G" if letter == "R" else "R"
            assert _pays(board, f"{{{letter}}}{{U}}") and not _pays(board, f"{{{other}}}{{U}}"), name
            assert {pid: str(t) for pid, t in could_produce(board, "me").items()}["mox"] == letter


def test_the_simulation_and_the_batch_format_say_what_they_can_t_count() -> None:
    from models.catalogue import CardData

    mox = CardData(name="Chrome Mox", type_line="Artifact", mana_cost="{0}", oracle=MOX["oracle"])
    profile = land_profile(mox)
    assert profile.sources == ()
    assert profile.notes == (
        "Chrome Mox: '{T}: Add one mana of any of the exiled card's colors.' is not counted (the card it "
        "exiles is chosen in the game)",
    )
    known = _board(_mox({"name": "Homebrew Charm", "mana_cost": "{R}{W}"}), _mine("f", "Forest"))
    assert source_units(known.permanents[0]) == (9,)  # W | R: one mana of either
    assert list(board_row(known)) == [9, 16]


# ---------------------------------------------------------------------------------------------- the reference

_LANDS = ["Forest", "Island", "Azorius Chancery", "Tundra", "Wastes"]


@st.composite
def lens_boards(draw: st.DrawFn) -> Board:
    permanents = [_lens(draw(st.sampled_from([*_LANDS, "Plains"])))]
    if draw(st.integers(0, 3)) == 0:
        permanents.append(_lens(draw(st.sampled_from(_LANDS)), pid="lens2"))
    for number in range(draw(st.integers(1, 4))):
        permanents.append(
            _mine(f"p{number}", draw(st.sampled_from([*_LANDS, "Sol Ring", "Mana Reflection"])))
        )
    if draw(st.integers(0, 4)) == 0:
        permanents[-1]["tapped"] = True
    return _board(*permanents)


@settings(max_examples=80, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(lens_boards(), st.sampled_from(["{G}{G}", "{U}{U}{W}", "{W}{W}{W}", "{3}", "{C}{C}{U}", "{4}{U}"]))
def test_the_planner_agrees_with_the_reference_search(board: Board, cost: str) -> None:
    assume(agrees_with_reference(board, PaymentTarget.of(cost), max_states=1500) is not None)


_EXILED: list[str | dict[str, str]] = [
    "Lightning Bolt",
    "Llanowar Elves",
    {"name": "Homebrew Charm", "mana_cost": "{W}{U}"},
    {"name": "Homebrew Eldrazi", "mana_cost": "{4}"},
]


@st.composite
def mox_boards(draw: st.DrawFn) -> Board:
    permanents = [_mox(draw(st.sampled_from(_EXILED)))]
    if draw(st.booleans()):
        permanents.append(_mox(draw(st.sampled_from(_EXILED)), pid="mox2"))
    for number in range(draw(st.integers(0, 3))):
        extra = draw(st.sampled_from(["Forest", "Island", "Mountain", "Sol Ring", "Mana Reflection"]))
        permanents.append(_mine(f"p{number}", extra))
    if draw(st.integers(0, 4)) == 0:
        permanents[0]["tapped"] = True
    return _board(*permanents)


@settings(max_examples=80, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(mox_boards(), st.sampled_from(["{R}", "{G}{U}", "{W}{R}", "{R}{R}", "{2}", "{1}{G}", "{U}{U}{W}"]))
def test_chrome_mox_agrees_with_the_reference_search(board: Board, cost: str) -> None:
    assume(agrees_with_reference(board, PaymentTarget.of(cost), max_states=1500) is not None)
