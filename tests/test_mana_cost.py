"""Tests of mana strings and the cost notation (CONTRACT section 1): parsing, printing, mana value, errors."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from models.cost import CostSymbol, ManaCost, PaymentKind, PaymentTarget, SymbolKind
from models.errors import CostParseError, InputError, ManaParseError, PlannerError
from models.mana import ALL_COLORS, ALL_TYPES, ManaBag, ManaType, ManaTypes, parse_mana_string
from planner.rules.payment import cost_modes

# mana types -------------------------------------------------------------------------------------------------


def test_mana_types_print_in_wubrgc_order() -> None:
    assert str(ManaTypes.parse("cgw")) == "WGC"
    assert str(ALL_COLORS) == "WUBRG" and str(ALL_TYPES) == "WUBRGC"
    assert ManaType.C in ALL_TYPES and ManaType.C not in ALL_COLORS
    assert ManaTypes.parse("WUG").colors == ManaTypes.parse("WUG")
    assert ManaTypes.parse("GC").colors == ManaTypes.parse("G")


def test_mana_type_letter_errors_name_the_letter() -> None:
    with pytest.raises(ManaParseError, match="invalid mana type 'Q'"):
        ManaTypes.parse("WQ")


# mana strings -----------------------------------------------------------------------------------------------


def test_mana_string_counts_each_type() -> None:
    bag = parse_mana_string("{G}{g}{C}")
    assert (bag[ManaType.G], bag[ManaType.C], bag.total) == (2, 1, 3)
    assert str(bag) == "{G}{G}{C}"
    assert str(ManaBag.parse("{C}{W}")) == "{W}{C}"  # canonical WUBRGC order
    assert ManaBag.parse("") == ManaBag() and not ManaBag()


@pytest.mark.parametrize("text", ["{2}", "{W/U}", "{X}", "{S}", "{G/P}"])
def test_mana_string_rejects_cost_only_symbols(text: str) -> None:
    with pytest.raises(ManaParseError, match=r"invalid mana symbol '{.*}' at position 0 in '{.*}'"):
        parse_mana_string(text)


def test_mana_string_rejects_text_outside_braces() -> None:
    with pytest.raises(ManaParseError, match="at position 3"):
        parse_mana_string("{G}G")


# cost symbols -----------------------------------------------------------------------------------------------

# Every symbol kind of CONTRACT section 1: (text, kind, colors, generic amount, canonical text, mana value)
SYMBOLS = [
    ("{W}", SymbolKind.COLORED, "W", 0, "{W}", 1),
    ("{U}", SymbolKind.COLORED, "U", 0, "{U}", 1),
    ("{B}", SymbolKind.COLORED, "B", 0, "{B}", 1),
    ("{R}", SymbolKind.COLORED, "R", 0, "{R}", 1),
    ("{G}", SymbolKind.COLORED, "G", 0, "{G}", 1),
    ("{C}", SymbolKind.COLORLESS, "", 0, "{C}", 1),
    ("{0}", SymbolKind.GENERIC, "", 0, "{0}", 0),
    ("{1}", SymbolKind.GENERIC, "", 1, "{1}", 1),
    ("{12}", SymbolKind.GENERIC, "", 12, "{12}", 12),
    ("{X}", SymbolKind.VARIABLE, "", 0, "{X}", 0),
    ("{Y}", SymbolKind.VARIABLE, "", 0, "{Y}", 0),
    ("{Z}", SymbolKind.VARIABLE, "", 0, "{Z}", 0),
    ("{W/U}", SymbolKind.HYBRID, "WU", 0, "{W/U}", 1),
    ("{2/W}", SymbolKind.MONO_HYBRID, "W", 2, "{2/W}", 2),
    ("{C/W}", SymbolKind.COLORLESS_HYBRID, "W", 0, "{C/W}", 1),
    ("{W/P}", SymbolKind.PHYREXIAN, "W", 0, "{W/P}", 1),
    ("{W/U/P}", SymbolKind.PHYREXIAN, "WU", 0, "{W/U/P}", 1),
    ("{S}", SymbolKind.SNOW, "", 0, "{S}", 1),
]


@pytest.mark.parametrize(("text", "kind", "colors", "amount", "canonical", "mana_value"), SYMBOLS)
def test_every_symbol_kind_parses(
    text: str, kind: SymbolKind, colors: str, amount: int, canonical: str, mana_value: int
) -> None:
    cost = ManaCost.parse(text)
    (symbol,) = cost.symbols
    assert symbol.kind is kind
    assert str(symbol.colors) == colors
    assert symbol.amount == amount
    assert str(cost) == canonical
    assert cost.mana_value == mana_value
    assert CostSymbol.parse(text[1:-1]) == symbol


@pytest.mark.parametrize(("text", "kind", "colors", "amount", "canonical", "mana_value"), SYMBOLS)
def test_parsing_is_case_insensitive(
    text: str, kind: SymbolKind, colors: str, amount: int, canonical: str, mana_value: int
) -> None:
    assert ManaCost.parse(text.lower()) == ManaCost.parse(text)


@pytest.mark.parametrize(
    ("one", "other", "printed"),
    [
        ("{U/W}", "{W/U}", "{W/U}"),
        ("{W/G}", "{G/W}", "{G/W}"),  # the shorter way round the color wheel: G then W
        ("{R/U}", "{U/R}", "{U/R}"),
        ("{u/w/p}", "{W/U/P}", "{W/U/P}"),
        ("{G/B/P}", "{B/G/P}", "{B/G/P}"),
    ],
)
def test_hybrid_halves_in_either_order_are_equal(one: str, other: str, printed: str) -> None:
    assert ManaCost.parse(one) == ManaCost.parse(other)
    assert str(ManaCost.parse(one)) == printed


@pytest.mark.parametrize(
    ("bare", "braced"),
    [
        ("2WW", "{2}{W}{W}"),
        ("1UB", "{1}{U}{B}"),
        ("X2R", "{X}{2}{R}"),
        ("2ww", "{2}{W}{W}"),
        ("12G", "{12}{G}"),
        ("C", "{C}"),
        ("S2", "{2}{S}"),
        ("2{W/U}", "{2}{W/U}"),  # bare and braced forms mix
        ("W U", "{W}{U}"),  # spaces between symbols are allowed
    ],
)
def test_bare_deck_tool_forms(bare: str, braced: str) -> None:
    assert ManaCost.parse(bare) == ManaCost.parse(braced)


def test_generic_amounts_merge_and_symbols_sort() -> None:
    assert str(ManaCost.parse("{2}{3}")) == "{5}"
    assert str(ManaCost.parse("{G}{2}{U/W}")) == "{2}{W/U}{G}"
    assert str(ManaCost.parse("{R}{X}{1}")) == "{X}{1}{R}"
    assert str(ManaCost.parse("{0}")) == "{0}"
    assert str(ManaCost.parse("{0}{G}")) == "{G}"


@pytest.mark.parametrize(
    "text",
    [
        "{2}{G}{G}",
        "{X}{X}{R}",
        "{1}{B/P}{B/P}",
        "{2/B}{2/B}{2/B}",
        "{3}{C}",
        "{C/W}{C/U}",
        "{S}{S}{G}",
        "{W/U/P}{G/W}",
        "{X}{Y}{Z}{10}",
        "{0}",
    ],
)
def test_canonical_string_round_trips(text: str) -> None:
    cost = ManaCost.parse(text)
    assert ManaCost.parse(str(cost)) == cost
    assert str(ManaCost.parse(str(cost))) == str(cost)
    assert eval(repr(cost), {"ManaCost": ManaCost}) == cost  # repr is constructor syntax


# mana value (CR 202.3) --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "cost", "mana_value"),
    [
        ("Dismember", "{1}{B/P}{B/P}", 3),  # Phyrexian symbols count 1 each (202.3g)
        ("Beseech the Queen", "{2/B}{2/B}{2/B}", 6),  # monocolored hybrid counts its larger half
        ("Fireball", "{X}{R}", 1),  # X is 0 off the stack (202.3e)
        ("Gitaxian Probe", "{U/P}", 1),
        ("Kitchen Finks", "{1}{G/W}{G/W}", 3),
        ("Thought-Knot Seer", "{3}{C}", 4),
        ("Ornithopter", "{0}", 0),
        ("Emrakul, the Aeons Torn", "{15}", 15),
        ("Treasure Cruise", "{7}{U}", 8),
        ("Coldsnap snow", "{S}{S}", 2),
        ("Hydroid Krasis", "{X}{G}{U}", 2),
        ("Ugin's Labyrinth-style", "{C/W}", 1),
    ],
)
def test_mana_value(name: str, cost: str, mana_value: int) -> None:
    assert ManaCost.parse(cost).mana_value == mana_value, name


def test_colors_of_a_cost() -> None:
    assert str(ManaCost.parse("{2}{W/U}{G}").colors) == "WUG"
    assert str(ManaCost.parse("{2/B}{C/W}{R/P}").colors) == "WBR"
    assert str(ManaCost.parse("{3}{C}{S}").colors) == ""


def test_x_is_replaced_by_its_value() -> None:
    cost = ManaCost.parse("{X}{X}{R}")
    assert cost.has_variable and cost.variables["X"] == 2
    assert str(cost.with_variables(3)) == "{6}{R}"
    assert str(cost.with_variables(0)) == "{0}{R}" or str(cost.with_variables(0)) == "{R}"
    with pytest.raises(ValueError):
        cost.with_variables(-1)


# errors -----------------------------------------------------------------------------------------------------


def test_error_quotes_the_bad_symbol_and_its_position() -> None:
    with pytest.raises(CostParseError) as caught:
        ManaCost.parse("{2}{Q/Z}")
    assert str(caught.value) == "invalid mana symbol '{Q/Z}' at position 3 in '{2}{Q/Z}'"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{G}{H}", "invalid mana symbol '{H}' at position 3 in '{G}{H}'"),
        ("2WQ", "invalid mana symbol 'Q' at position 2 in '2WQ'"),
        ("{W/W}", "invalid mana symbol '{W/W}' at position 0 in '{W/W}'"),
        ("{2/C}", "invalid mana symbol '{2/C}' at position 0 in '{2/C}'"),
        ("{P}", "invalid mana symbol '{P}' at position 0 in '{P}'"),
        ("{}", "invalid mana symbol '{}' at position 0 in '{}'"),
        ("{W/U/B}", "invalid mana symbol '{W/U/B}' at position 0 in '{W/U/B}'"),
        ("{1}{G", "unclosed '{' at position 3 in '{1}{G'"),
        ("G}", "invalid mana symbol '}' at position 1 in 'G}'"),
    ],
)
def test_errors_name_the_bad_part(text: str, message: str) -> None:
    with pytest.raises(CostParseError) as caught:
        ManaCost.parse(text)
    assert str(caught.value) == message


@pytest.mark.parametrize("text", ["", "   ", "\t"])
def test_empty_cost_is_an_error(text: str) -> None:
    with pytest.raises(CostParseError, match="empty cost"):
        ManaCost.parse(text)


def test_cost_errors_belong_to_the_error_tree() -> None:
    with pytest.raises(CostParseError) as caught:
        ManaCost.parse("{Q}")
    assert isinstance(caught.value, InputError)
    assert isinstance(caught.value, PlannerError)
    assert isinstance(caught.value, ValueError)


def test_a_non_string_cost_is_an_error() -> None:
    with pytest.raises(CostParseError, match="a cost must be a string"):
        ManaCost.parse(3)  # type: ignore[arg-type]


# payment target ---------------------------------------------------------------------------------------------


def test_payment_target_takes_colors_from_the_cost_unless_given() -> None:
    target = PaymentTarget.of("{3}{C}", type_line="Creature — Eldrazi")
    assert str(target.spell_colors) == "" and target.type_line.is_a("Eldrazi")
    assert target.kind is PaymentKind.SPELL
    assert str(PaymentTarget.of("{1}{G}").spell_colors) == "G"
    assert str(PaymentTarget.of("{1}{G}", colors="ug").spell_colors) == "UG"
    assert PaymentTarget.of("{1}", kind="ability").kind is PaymentKind.ABILITY
    with pytest.raises(CostParseError, match="colorless is not a color"):
        PaymentTarget.of("{1}", colors="C")


# property tests ---------------------------------------------------------------------------------------------


@given(st.text(max_size=30))
def test_random_text_only_ever_raises_cost_parse_error(text: str) -> None:
    try:
        cost = ManaCost.parse(text)
    except CostParseError:
        return
    assert ManaCost.parse(str(cost)) == cost


_BRACE_SYMBOL_TEXT = st.sampled_from(
    [text for text, *_ in SYMBOLS]
    + ["{G/W}", "{U/B}", "{B/R}", "{R/G}", "{W/B}", "{U/R}", "{B/G}", "{R/W}", "{G/U}", "{2/U}", "{2/G}"]
    + ["{C/U}", "{C/R}", "{B/P}", "{G/U/P}", "{R/W/P}", "{3}", "{20}"]
)
_SYMBOL_TEXT = st.one_of(_BRACE_SYMBOL_TEXT, _BRACE_SYMBOL_TEXT.map(str.lower))


@given(st.lists(_SYMBOL_TEXT, min_size=1, max_size=8))
def test_random_valid_symbol_sequences_round_trip(symbols: list[str]) -> None:
    text = "".join(symbols)
    cost = ManaCost.parse(text)
    assert ManaCost.parse(str(cost)) == cost
    assert str(ManaCost.parse(str(cost))) == str(cost)
    assert cost.mana_value == sum(ManaCost.parse(symbol).mana_value for symbol in symbols)
    assert ManaCost.parse("".join(reversed(symbols))) == cost  # order does not matter


_SYMBOLS = (
    "{1}",
    "{2}",
    "{0}",
    "{W}",
    "{B}",
    "{G}",
    "{C}",
    "{S}",
    "{W/U}",
    "{B/R}",
    "{2/W}",
    "{C/G}",
    "{G/P}",
)


@given(st.lists(st.sampled_from(_SYMBOLS), min_size=1, max_size=6), st.sampled_from([None, 0, 1, 2, 4]))
def test_cost_modes_are_every_way_to_pay_each_symbol(symbols: list[str], life: int | None) -> None:
    """cost_modes against every choice of a way for each symbol on its own (CR 107.4, 119.4): the same
    distinct (slots, life), each once."""
    cost = ManaCost.parse("".join(symbols))
    expected = set()
    for ways in itertools.product(*(symbol.ways() for symbol in cost.symbols)):
        slots: dict[object, int] = {}
        for way in ways:
            if way.slot is not None and way.mana:
                slots[way.slot] = slots.get(way.slot, 0) + way.mana
        paid = sum(way.life for way in ways)
        if life is None or paid == 0 or paid <= life:
            expected.add((frozenset(slots.items()), paid))
    modes = cost_modes(cost, life)
    found = [(frozenset(mode.slots), mode.life) for mode in modes]
    assert len(found) == len(set(found))
    assert set(found) == expected
    assert all(mode.mana == sum(count for _, count in mode.slots) for mode in modes)
