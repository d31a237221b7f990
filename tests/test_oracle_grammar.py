"""The Oracle grammar (models/oracle/grammar.lark): readings of real wordings, the round trip
parse(render(x)) == x over generated readings (as python-chess fuzzes FEN and SAN), the records built from
them, and the rule that structure comes from the grammar, never from a regular expression over a sentence."""

from __future__ import annotations

import ast
import re
from dataclasses import replace
from pathlib import Path
from typing import get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from models.abilities import AmountKind, CostPartKind, OutputKind, Who
from models.cost import PaymentTarget
from models.mana_effects import ManaTrigger, NotPaymentKind, ProductionReplacement, SpendAsThough
from models.oracle import classify, parse_oracle, parse_restriction
from models.oracle import readings as r
from models.oracle.build import build_cost
from models.oracle.grammar import UnreadError, parse_costs, parse_effect, parse_mana_effect, parse_static
from models.oracle.static_wording import render_static
from models.oracle.statics import (
    KeepUnspent,
    SpellsCost,
    StaticSentence,
    TypeChangeReading,
    TypeSet,
    UnspentBecomes,
)

ORACLE = Path(__file__).resolve().parents[1] / "models" / "oracle"

# ------------------------------------------------------------------------------------------ readings


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("{T}, Pay 1 life", (r.TapSymbol(), r.PayLife(1))),
        ("{2}, {Q}", (r.ManaSymbols("{2}"), r.UntapSymbol())),
        ("Sacrifice ~", (r.SacrificeSelf(),)),
        ("Sacrifice a Forest", (r.Sacrifice(1, r.Nouns((r.Noun(types=("Forest",)),))),)),
        (
            "Tap two untapped Elves you control",
            (r.TapOthers(2, r.Nouns((r.Noun(types=("Elf",), untapped=True, controller=r.Controller.YOU),))),),
        ),
        ("Remove any number of storage counters from ~", (r.RemoveCounters(r.ANY_NUMBER, "storage"),)),
        ("Remove a +1/+1 counter from ~", (r.RemoveCounters(1, "+1/+1"),)),
        ("Pay {E}{E}", (r.PayEnergy(2),)),
        ("Exile ~ from your hand", (r.ExileSelfFromHand(),)),
        ("Discard a card", (r.Discard(1, r.Noun(head=r.Head.CARD)),)),
        ("Forage", (r.Forage(),)),
        ("Collect evidence 4", (r.CollectEvidence(4),)),
    ],
)
def test_costs_read_as_their_parts(text: str, expected: tuple[r.CostPart, ...]) -> None:
    assert parse_costs(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Add {W}, {U}, or {B}.", r.AddMana(r.ManaChoice(("{W}", "{U}", "{B}")))),
        ("Add two mana of any one color.", r.AddMana(r.AnyOf(2, r.Palette.COLOR, one=True))),
        ("~ deals 1 damage to you.", r.DamageToYou(1)),
        (
            "~ deals 1 damage to you if you don't control an Ogre.",
            r.DamageToYou(1, r.Nouns((r.Noun(types=("Ogre",)),))),
        ),
        ("Activate only once each turn.", r.ActivateOnly((r.OncePerTurn(),))),
        ("Activate only no more than three times each turn.", r.ActivateOnly((r.TimesPerTurn(3),))),
        (
            "Activate only during your turn and only once each turn.",
            r.ActivateOnly((r.Timing.YOUR_TURN, r.OncePerTurn())),
        ),
        (
            "Add {G} for each creature you control with power 4 or greater.",
            r.AddMana(
                r.FixedForEach(
                    "{G}",
                    r.CountOf(
                        r.Nouns(
                            (
                                r.Noun(
                                    types=("Creature",),
                                    controller=r.Controller.YOU,
                                    qualities=(r.WithPower(4),),
                                ),
                            )
                        )
                    ),
                )
            ),
        ),
        (
            "Add {U} for each artifact you control with a charge counter on it.",
            r.AddMana(
                r.FixedForEach(
                    "{U}",
                    r.CountOf(
                        r.Nouns(
                            (
                                r.Noun(
                                    types=("Artifact",),
                                    controller=r.Controller.YOU,
                                    qualities=(r.WithCounter("charge"),),
                                ),
                            )
                        )
                    ),
                )
            ),
        ),
        (
            "If you control an Urza's Mine and an Urza's Power-Plant, add {C}{C}{C} instead.",
            r.IfInstead(
                r.ControlsAny(
                    r.Nouns(
                        (r.Noun(types=("Urza's", "Mine")), r.Noun(types=("Urza's", "Power-Plant"))), "and"
                    )
                ),
                r.FixedMana("{C}{C}{C}"),
            ),
        ),
    ],
)
def test_sentences_read_as_their_meaning(text: str, expected: r.EffectSentence) -> None:
    assert parse_effect(text) == expected


@pytest.mark.parametrize(
    "text",
    ["Add {G} and draw a card.", "Sacrifice a creature or", "Add four mana of any one flavor.", "Tap ~"],
)
def test_what_the_grammar_does_not_cover_is_unread_never_a_guess(text: str) -> None:
    with pytest.raises(UnreadError):
        parse_effect(text) if text.startswith("Add") else parse_costs(text)


# ------------------------------------------------------------------------------------------ round trip

_SUBTYPES = ("Elf", "Goblin", "Forest", "Swamp", "Ally", "Locus", "Treasure", "Urza's", "Equipment", "Sliver")
_CARD_TYPES = ("Artifact", "Creature", "Land", "Enchantment", "Planeswalker")
_COUNTER_KINDS = ("charge", "storage", "+1/+1", "depletion", "oil", "ki")

_controllers = st.sampled_from(list(r.Controller))
_qualities = st.one_of(
    st.builds(r.WithPower, st.integers(1, 12)),
    st.builds(r.WithCounter, st.sampled_from(("", *_COUNTER_KINDS))),
    st.builds(r.WithKeyword, st.sampled_from(("flying", "defender", "haste"))),
)


@st.composite
def _nouns(draw: st.DrawFn, *, controller: bool = True) -> r.Noun:
    types = tuple(
        draw(st.lists(st.sampled_from(_CARD_TYPES + _SUBTYPES), min_size=0, max_size=2, unique=True))
    )
    head = r.Head.PERMANENT if not types else draw(st.sampled_from((r.Head.TYPES, r.Head.PERMANENT)))
    return r.Noun(
        types=types,
        supertypes=tuple(draw(st.lists(st.sampled_from(("Basic", "Legendary", "Snow")), max_size=1))),
        excluded=tuple(draw(st.lists(st.sampled_from(("Land", "Creature", "Basic")), max_size=1))),
        colors="".join(draw(st.lists(st.sampled_from("WUBRG"), max_size=2, unique=True))),
        other=draw(st.booleans()),
        untapped=draw(st.booleans()),
        head=head,
        qualities=tuple(draw(st.lists(_qualities, max_size=1))),
        controller=draw(_controllers) if controller else r.Controller.UNSAID,
    )


def _one(noun: st.SearchStrategy[r.Noun]) -> st.SearchStrategy[r.Nouns]:
    return noun.map(lambda n: r.Nouns((n,)))


_counts = st.integers(1, 9)
_symbols = st.lists(st.sampled_from(("{W}", "{U}", "{B}", "{R}", "{G}", "{C}")), min_size=1, max_size=3).map(
    "".join
)
_cost_parts = st.one_of(
    _symbols.map(r.ManaSymbols),
    st.just(r.TapSymbol()),
    st.just(r.UntapSymbol()),
    st.builds(r.PayLife, st.integers(1, 20)),
    st.builds(r.PayEnergy, st.integers(1, 4)),
    st.just(r.SacrificeSelf()),
    st.builds(r.Sacrifice, _counts, _one(_nouns())),
    st.builds(
        r.RemoveCounters,
        st.one_of(_counts, st.just(r.X), st.just(r.ANY_NUMBER)),
        st.sampled_from(_COUNTER_KINDS),
    ),
    st.builds(r.TapOthers, _counts, _one(_nouns())),
    st.just(r.ExileSelfFromHand()),
    st.just(r.ReturnSelf()),
    st.just(r.Exert()),
    st.just(r.Forage()),
)
_quantities = st.one_of(
    st.builds(r.CountOf, _one(_nouns())),
    st.builds(r.CountersOnSelf, st.sampled_from(_COUNTER_KINDS)),
    st.just(r.SelfPower()),
    st.just(r.LifeTotal()),
    st.builds(r.GreatestPower, _one(_nouns())),
    st.builds(r.Devotion, st.sampled_from(("B", "G", "UR", "WUB"))),
    st.builds(r.Counted, st.sampled_from(("removed", "revealed"))),
)
#: What 'for each' counts (objects, counters, what the cost counted).
_each = st.one_of(
    st.builds(r.CountOf, _one(_nouns())),
    st.builds(r.CountersOnSelf, st.sampled_from(_COUNTER_KINDS)),
    st.builds(r.Counted, st.sampled_from(("removed", "revealed"))),
)
_outputs = st.one_of(
    _symbols.map(r.FixedMana),
    st.lists(_symbols, min_size=2, max_size=4, unique=True).map(lambda o: r.ManaChoice(tuple(o))),
    st.builds(r.FixedForEach, _symbols, _each),
    st.builds(r.FixedEqualTo, _symbols, _quantities),
    st.builds(r.AnyOf, _counts, st.sampled_from((r.Palette.COLOR, r.Palette.TYPE)), one=st.booleans()),
    st.builds(lambda q: r.AnyOf(r.X, r.Palette.COLOR, one=True, where=q), _quantities),
    st.builds(r.AnyOf, _counts, st.just(r.Palette.CHOSEN_COLOR)),
    st.builds(r.Different, st.integers(1, 5)),
    st.builds(r.Combination, _counts),
)
_conditions = st.one_of(
    st.builds(r.ControlAtLeast, st.integers(2, 9), _one(_nouns(controller=False))),
    st.builds(r.CountersOnSelfAtLeast, st.integers(2, 9), st.sampled_from(_COUNTER_KINDS)),
    st.just(r.PlayedLand()),
)
_spell_nouns = st.builds(
    r.Noun,
    types=st.lists(
        st.sampled_from((*_CARD_TYPES, "Instant", "Sorcery", *_SUBTYPES)), max_size=2, unique=True
    ).map(tuple),
    excluded=st.lists(st.sampled_from(("Creature", "Artifact")), max_size=1).map(tuple),
    colorless=st.booleans(),
    head=st.just(r.Head.SPELL),
    chosen_type=st.booleans(),
)
_spend_uses = st.one_of(
    st.builds(r.CastUse, st.lists(_spell_nouns, min_size=1, max_size=2).map(lambda n: r.Nouns(tuple(n)))),
    st.just(r.CommanderUse()),
    st.just(r.ActivateUse()),
    st.builds(
        r.ActivateUse, _one(_nouns(controller=False).map(lambda n: r.Noun(types=n.types or ("Creature",))))
    ),
    st.builds(r.KeywordAbilityUse, st.sampled_from(("equip", "crew"))),
    st.builds(r.PurposeUse, st.sampled_from([p for p in r.Purpose if p is not r.Purpose.MAKES_TOKENS])),
    st.builds(lambda paid: r.TurnFaceUp(r.Nouns((r.Noun(head=r.Head.PERMANENT),)), paid), st.booleans()),
    st.just(r.CostsWith("{C}")),
)
_sentences = st.one_of(
    st.builds(
        lambda uses, rider: r.SpendOnly(tuple(uses), rider),
        st.lists(_spend_uses, min_size=1, max_size=3),
        st.sampled_from(("", "that spell can't be countered")),
    ),
    _outputs.map(r.AddMana),
    st.builds(r.DamageToYou, st.integers(1, 9)),
    st.builds(r.LoseLife, st.integers(1, 9)),
    st.builds(r.GainLife, st.integers(1, 9)),
    st.just(r.NoUntap()),
    st.builds(r.PutCounterOnSelf, st.sampled_from(_COUNTER_KINDS)),
    st.builds(r.IfInstead, _conditions, _outputs),
    st.builds(
        lambda limits: r.ActivateOnly(tuple(limits)),
        st.lists(
            st.one_of(
                st.just(r.OncePerTurn()),
                st.builds(r.TimesPerTurn, st.integers(2, 5)),
                st.sampled_from(list(r.Timing)),
                _conditions,
            ),
            min_size=1,
            max_size=2,
        ),
    ),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_cost_parts, min_size=1, max_size=3).map(tuple))
def test_a_cost_read_back_from_its_rendering_is_the_same_cost(cost: tuple[r.CostPart, ...]) -> None:
    assert parse_costs(r.render(cost)) == cost


@settings(max_examples=400, deadline=None)
@given(_sentences)
def test_a_sentence_read_back_from_its_rendering_is_the_same_sentence(sentence: r.EffectSentence) -> None:
    assert parse_effect(r.render(sentence)) == sentence


# ------------------------------------------------------------------------------------------ spending


@pytest.mark.parametrize(
    ("text", "allowed", "refused"),
    [
        (
            "to cast an artifact spell or activate an ability of an artifact source",
            [("{2}", "Artifact", "spell"), ("{1}", "Artifact Creature — Golem", "ability")],
            [("{2}", "Instant", "spell"), ("{1}", "Creature — Elf", "ability")],
        ),
        (
            "to cast a noncreature spell",
            [("{2}", "Sorcery", "spell")],
            [("{2}", "Artifact Creature — Golem", "spell")],
        ),
        (
            "to cast Elemental spells or activate abilities of Elemental sources",
            [("{1}{R}", "Creature — Elemental", "spell"), ("{1}", "Creature — Elemental Shaman", "ability")],
            [("{1}{R}", "Creature — Goblin", "spell")],
        ),
        (
            "to cast an Equipment spell or activate an equip ability",
            [("{2}", "Artifact — Equipment", "spell")],
            [("{2}", "Artifact", "spell"), ("{2}", "Artifact — Equipment", "ability")],
        ),
        (
            "to cast red instant or sorcery spells",
            [("{R}", "Instant", "spell"), ("{1}{R}", "Sorcery", "spell")],
            [("{U}", "Instant", "spell"), ("{1}{U}", "Sorcery", "spell")],
        ),
    ],
)
def test_spending_restrictions_allow_what_they_say(
    text: str, allowed: list[tuple[str, str, str]], refused: list[tuple[str, str, str]]
) -> None:
    """CR 106.6: restricted mana pays only for what the restriction names (a spell's type line and colors,
    an ability's source); an 'equip ability' is a use no payment target says it is, so never promised."""
    restriction = parse_restriction(text)
    for cost, type_line, kind in allowed:
        assert restriction.allows(PaymentTarget.of(cost, type_line=type_line, kind=kind)), (cost, type_line)
    for cost, type_line, kind in refused:
        assert not restriction.allows(PaymentTarget.of(cost, type_line=type_line, kind=kind)), (
            cost,
            type_line,
        )


# ------------------------------------------------------------------------------------------ never silent


@pytest.mark.parametrize(
    ("text", "read_as"),
    [
        # a granted mana ability is an effect, never a keyword line (it was: 'equip' opened the line)
        ('Equipped creature has "{T}: Add one mana of any color."\nEquip {2}', ["effect", "keyword"]),
        # a Treasure is a token with a mana ability (CR 111.10a), with or without its reminder text
        ("{T}: Create a Treasure token.", ["not_payment"]),
        ("When ~ enters, create two Treasure tokens.", ["not_payment"]),
        # mana added by a trigger is never 'ignored'
        ("Whenever one or more Treefolk you control attack, add twice that much {G}.", ["not_payment"]),
        # a rider on the mana once spent may choose targets for a copy: the ability itself has none
        (
            "{T}: Add {R}. When that mana is spent to cast a red instant or sorcery spell, copy that spell "
            "and you may choose new targets for the copy.",
            ["mana_ability", "mana_ability"],
        ),
    ],
)
def test_a_sentence_that_adds_mana_is_never_ignored(text: str, read_as: list[str]) -> None:
    parsed = parse_oracle(text, "Test Card")
    assert [s.read_as for s in parsed.sentences] == read_as


@pytest.mark.parametrize(
    ("text", "read_as"),
    [
        # an 'If' clause tests the land's types (CR 608.2c), it changes none (a damage rider of a trigger)
        (
            "Whenever a land enters under your control, ~ deals 1 damage to any target. If that land is a "
            "Mountain, ~ deals 2 damage to that permanent or player instead.",
            ["ignored", "ignored"],
        ),
        # landwalk (CR 702.14) of the types counted, and a land type chosen for it: no payment reads either
        ("For each basic land type among lands you control, ~ has landwalk of that type.", ["ignored"]),
        (
            "As ~ enters, choose a land type.\nEnchanted creature has landwalk of the chosen type.",
            ["ignored", "ignored"],
        ),
        # delve named in a condition grants no delve; the keywords 'the same is true for' names after it
        # include haste, which lets a summoning-sick creature pay {T} (CR 302.6): read under the condition
        # with 'haste' for 'flying' (the cards exiled with it: tests/test_layers36_families.py)
        (
            "Delve\nIf a creature card with flying was exiled with ~'s delve ability, ~ has flying. The same "
            "is true for first strike, haste, and trample.",
            ["keyword", "ignored", "effect"],
        ),
        ("Creature spells you cast have convoke.", ["effect"]),
    ],
)
def test_a_sentence_is_about_mana_by_what_it_grants_or_changes(text: str, read_as: list[str]) -> None:
    parsed = parse_oracle(text, "Test Toy")
    assert [s.read_as for s in parsed.sentences] == read_as


def test_a_permission_for_a_card_cast_from_exile_is_read_and_never_a_boards_payment() -> None:
    """'Mana of any type can be spent to cast those spells' (2023-2026) and 'you may spend mana as though it
    were mana of any color to cast that spell' (older): spending as though, only for a spell cast from exile
    (a use no payment target is known to be)."""
    for text in (
        "Until end of turn, you may cast spells from among those cards, and mana of any type can be spent to "
        "cast those spells.",
        "You may cast that card this turn, and you may spend mana as though it were mana of any color to "
        "cast that spell.",
    ):
        (effect,) = parse_oracle(text, "Test").effects
        assert isinstance(effect, SpendAsThough) and effect.when_paying is not None
        assert not effect.applies_to(PaymentTarget.of("{2}", type_line="Sorcery"))


def test_a_restriction_after_a_trigger_is_on_the_triggers_mana() -> None:
    text = (
        "At the beginning of your first main phase, add {C} for each Room you control. Spend this mana only "
        "to cast Room spells and unlock doors."
    )
    parsed = parse_oracle(text, "Test Lounge")
    assert [s.read_as for s in parsed.sentences] == ["not_payment", "not_payment"]
    (record,) = parsed.not_payment
    assert record.restriction is not None
    assert record.restriction.allows(PaymentTarget.of("{2}", type_line="Enchantment — Room"))


def test_a_station_threshold_is_an_activation_condition_on_charge_counters() -> None:
    """CR 702.184: the ability after '20+ |' exists while the permanent has 20 charge counters."""
    text = "{T}: Add {C}.\n20+ | {T}: Add {C}{C}{C}."
    (_, charged) = parse_oracle(text, "Test Elevator").mana_abilities
    condition = charged.activation_condition
    assert condition is not None and (condition.at_least, condition.counter) == (20, "charge")


_OPENINGS = (
    "",
    "When ~ enters, ",
    "Whenever you cast a creature spell, ",
    "At the beginning of your precombat main phase, ",
    "Whenever ~ attacks, ",
    "Until end of turn, ",
    "Target creature gets +1/+1 until end of turn and ",
    "Equipped creature gets +1/+0 and ",
    "Flying, ",
)
_ADDS = ("add {G}", "add {R}{R}", "add two mana of any one color", "add X mana of any one color", "add {C}")
_TAILS = (
    "",
    " for each creature you control",
    " and you gain 1 life",
    " instead",
    " unless a player pays {2}",
)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(_OPENINGS), st.sampled_from(_ADDS), st.sampled_from(_TAILS))
def test_no_sentence_that_adds_mana_is_ignored_or_a_keyword(opening: str, adds: str, tail: str) -> None:
    """Never silent (issue 34): whatever surrounds it, a sentence that adds mana is read (a mana ability,
    an effect, not_payment) or reported unsupported, never 'ignored' and never a keyword line."""
    sentence = f"{opening}{adds}{tail}."
    sentence = sentence[0].upper() + sentence[1:]
    parsed = parse_oracle(sentence, "Test Card")
    assert parsed.sentences
    assert all(s.read_as not in ("ignored", "keyword") for s in parsed.sentences), parsed.sentences


def test_a_treasure_makes_one_mana_of_any_color_outside_a_payment() -> None:
    (token,) = parse_oracle("When ~ enters, create a Treasure token.", "Test").not_payment
    assert token.kind is NotPaymentKind.TOKEN
    assert token.output is not None and token.output.kind is OutputKind.ANY_ONE


_tapped = st.builds(
    r.Tapped,
    _one(_nouns(controller=False).map(lambda n: r.Noun(types=n.types or ("Land",), supertypes=n.supertypes))),
    who=st.sampled_from(("", "you tap", "a player taps", "an opponent taps")),
)
_mana_effects = st.one_of(
    st.builds(r.Replacement, _tapped, st.builds(r.Multiplied, st.integers(2, 4))),
    st.builds(
        r.Replacement,
        _tapped,
        st.sampled_from([r.ProducedMana(s) for s in ("{B}", "{C}", "{G}{G}", "")]),
        st.sampled_from(("type", "type and amount")),
    ),
    st.builds(
        r.Trigger,
        _tapped,
        st.sampled_from(("add", "that player adds", "its controller adds")),
        _outputs,
        additional=st.booleans(),
    ),
)


@settings(max_examples=300, deadline=None)
@given(_mana_effects)
def test_an_effect_on_mana_read_back_from_its_rendering_is_the_same_effect(effect: r.ManaEffect) -> None:
    assert parse_mana_effect(r.render(effect)) == effect


@pytest.mark.parametrize(
    "text",
    [
        "If you tap a permanent for mana, it produces three times as much of that mana instead.",
        "If a land is tapped for two or more mana, it produces {C} instead of any other type and amount.",
        "Whenever enchanted Forest is tapped for mana, its controller adds an additional one mana of the "
        "chosen color.",
        "Whenever a land's ability causes you to add one or more mana of the chosen color, add one "
        "additional mana of that color.",
        "Whenever you tap an artifact token for mana, add one mana of any type that artifact token produced.",
        "Whenever a player taps a land for mana, that player adds one mana of any type that land produced, "
        "and ~ deals 1 damage to them.",
    ],
)
def test_effects_on_mana_are_read_into_their_records(text: str) -> None:
    (effect,) = parse_oracle(text, "Test").effects
    assert isinstance(effect, ProductionReplacement | ManaTrigger)


# ------------------------------------------------------------------------------------------ records


def test_plural_subtypes_count_their_own_type() -> None:
    """Irregular plurals name their type (CR 205.3m): 'Allies' counts Allies and 'Loci' Loci, not a
    type 'Allie' that nothing has (the reader before the grammar counted nothing for both)."""
    text = "{T}: Add X mana of any one color, where X is the number of Allies you control."
    (ability,) = parse_oracle(text, "Test Druid").mana_abilities
    assert ability.output.amount.kind is AmountKind.COUNT
    assert ability.output.amount.filter is not None and ability.output.amount.filter.types == ("Ally",)
    (locus,) = parse_oracle("{T}: Add {C} for each Locus on the battlefield.", "Test Post").mana_abilities
    assert locus.output.amount.filter is not None and locus.output.amount.filter.types == ("Locus",)


def test_costs_build_their_records() -> None:
    cost = build_cost("{1}, {T}, Tap an untapped creature you control, Sacrifice a token named Wood")
    assert (str(cost.mana), cost.tap, cost.tap_others_count) == ("{1}", True, 1)
    assert cost.tap_others is not None and cost.tap_others.controller is Who.YOU and cost.tap_others.untapped
    assert [part.kind for part in cost.parts] == [CostPartKind.SACRIFICE_TOKEN]


def test_x_removed_by_the_cost_is_the_amount_added() -> None:
    text = "{1}, Remove X storage counters from ~: Add X mana in any combination of {U} and/or {B}."
    (ability,) = parse_oracle(text, "Test Depot").mana_abilities
    assert ability.output.kind is OutputKind.COMBINATION
    assert ability.output.amount.kind is AmountKind.REMOVED


def test_a_read_part_no_record_holds_leaves_the_ability_unsupported() -> None:
    """'With mana value 4 or greater' is read by the grammar, but no filter of permanents holds it yet: the
    ability is reported, never used as if it counted every creature."""
    parsed = parse_oracle("{T}: Add {G} for each creature you control with mana value 4 or greater.", "Test")
    assert not parsed.mana_abilities and parsed.unsupported


# ------------------------------------------------------------------------------------------ the rule


def _patterns(path: Path) -> list[tuple[int, str]]:
    """Every string literal passed to a function of the ``re`` module in a module."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "re"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            found.append((node.lineno, node.args[0].value))
    return found


def test_no_regular_expression_reads_more_than_a_word() -> None:
    """Regular expressions stay at the token level: a pattern with a space (or \\s) in it matches a phrase,
    and phrases are the grammar's."""
    offenders = [
        f"{path.name}:{line}: {pattern!r}"
        for path in sorted(ORACLE.rglob("*.py"))
        for line, pattern in _patterns(path)
        if re.search(r" |\\s", pattern)
    ]
    assert offenders == []


def test_the_rule_catches_a_sentence_pattern(tmp_path: Path) -> None:
    module = tmp_path / "reader.py"
    module.write_text('import re\nADD = re.compile(r"add (.+) for each (.+)")\n', encoding="utf-8")
    assert _patterns(module) == [(2, "add (.+) for each (.+)")]


# ------------------------------------------------------------------------------------------ static sentences

#: One sentence of every kind of static reading (:mod:`models.oracle.statics`), in the wordings cards use.
STATIC_SENTENCES = [
    "It has defender and loses all other abilities.",
    "It loses all abilities for as long as ~ remains on the battlefield.",
    "Equipped creature has flying and is a legendary Demon in addition to its other types.",
    "Creatures lose all abilities and can't become untapped.",
    "You may play two additional lands on each of your turns.",
    "Each player may play an additional land on each of their turns.",
    "If an opponent controls seven or more lands, ~ costs {6} less to cast.",
    "This effect can't reduce the amount of mana ~ costs by more than {5}.",
    "Nonbasic lands are Mountains.",
    "Each land is a Forest in addition to its other land types.",
    "Lands you control are every basic land type in addition to their other types.",
    "Lands you control are the chosen type in addition to their other types.",
    "All permanents are artifacts in addition to their other types.",
    "Each noncreature artifact loses all abilities and becomes an artifact creature with power and toughness "
    "each equal to its mana value.",
    "If ~ leaves the battlefield, this effect continues until end of turn.",
    "Spells you cast cost {1} less to cast for each target.",
    "~ costs {2} less to cast for each card exiled this way.",
    "As long as ~ has a conqueror counter on it, nonbasic lands are Mountains.",
    "As long as your devotion to green and blue is less than seven, ~ isn't a creature.",
    "All lands are no longer snow.",
    "Players can't play lands as long as ten or more lands are on the battlefield.",
    "As long as you control another Elf, you may play an additional land on each of your turns.",
    "Players can cast spells and activate abilities only during their own turns.",
    "Each opponent can cast spells only any time they could cast a sorcery.",
    "Your life total can't change.",
    "You can't lose life.",
    "Equipped creature gets +3/+0 and is a Knight in addition to its other types.",
    "Equipped creature has flying and is a Demon in addition to its other types.",
    "Each creature with a +1/+1 counter on it has all activated abilities of all creatures you control "
    "with a +1/+1 counter on them.",
    "Enchanted creature gets +1/+1, has trample and haste, and is a Dragon in addition to its other types.",
    "All creatures are black.",
    "Nonland permanents you control are white and blue.",
    "~ is the chosen color.",
    "Enchanted creature gets +1/+1 and is black.",
    "Other Elf creatures you control get +1/+1.",
    "Equipped creature gets +2/-1.",
    "Creatures you control get +1/+0 for each artifact you control.",
    "~ gets +1/+1 for each Forest you control.",
    "Enchanted creature gets +1/+1 and has flying and haste.",
    "Creatures you control have haste.",
    "All cards that aren't on the battlefield, spells, and permanents are colorless.",
    'Lands you control have "{T}: Add one mana of any color."',
    'Enchanted permanent is a Treasure artifact with "{T}, Sacrifice ~: Add one mana of any color," and it '
    "loses all other abilities.",
    'Enchanted permanent is a colorless land with "{T}: Add {C}." and loses all other card types and '
    "abilities.",
    "Enchanted permanent is a colorless Forest land.",
    'As long as ~ is in your graveyard, lands you control have "{T}: Add {G} or {W}."',
    'As long as ~ is renowned, it has vigilance and "{T}: Add one mana of any color."',
    "~ has flying and indestructible as long as you have six or more unspent mana.",
    "Mana pools don't empty as steps and phases end.",
    "You don't lose unspent green mana as steps and phases end.",
    "Each player doesn't lose unspent mana as steps and phases end.",
    "If you would lose unspent mana, that mana becomes red instead.",
    "If a player would lose unspent mana, that mana becomes colorless instead.",
    "~ costs {1} less to cast for each artifact you control.",
    "~ costs {2}{B} more to cast for each target beyond the first.",
    "~ costs {X} less to cast, where X is the greatest power among creatures you control.",
    "~ costs {X} less to cast, where X is the total mana value of Dragons you control.",
    "~ costs {2} less to cast for each basic land type among lands you control.",
    "~ costs {1} less to cast if you control a Spirit.",
    "It also costs {1} less to cast if you control an enchantment.",
    "If there are ten or more creature cards total in all graveyards, ~ costs {6} less to cast.",
    "~ costs {1} less to cast for each creature on the battlefield.",
    "Spells you cast cost {1} less to cast for each card with the same name as that spell in your graveyard.",
    "Each artifact spell costs {1} more to cast for each artifact its controller controls.",
    "~ costs {1} less to cast if it's bargained.",
    "~ costs {1} less to cast for each card type among permanents you've sacrificed this turn.",
    "~ costs {1} less to cast for each creature that died this turn.",
    "~ costs {3} less to cast if an opponent has eight or more cards in their graveyard.",
    "~ costs {U} less to cast if an opponent cast two or more spells this turn.",
    "~ costs {U} less to cast for each instant and sorcery you've cast this turn.",
    "~ costs {2} less to cast if you've cast another instant or sorcery spell this turn.",
    "You can't cast permanent spells.",
    "The second spell you cast each turn costs {1} less to cast.",
    "The first instant or sorcery spell you cast each turn costs {3} less to cast.",
    "Your opponents can't cast spells during your turn.",
    "Each player can't cast more than one spell each turn.",
    "Your opponents can't cast spells from anywhere other than their hands.",
    "Players can't cast spells from graveyards or libraries.",
    "Each opponent can't cast creature spells from exile during your turn.",
    "You can't cast noncreature spells.",
    "Your opponents can't cast spells of the chosen color.",
    "Players can't cast spells of the chosen type.",
    "Your opponents can't cast spells with the chosen name.",
    "Players can't cast spells with the same name as the exiled card.",
    "Your opponents can't cast spells with the same name as a card exiled with ~.",
    "Players can't cast spells with the same name as a nontoken permanent.",
    "Players can't play nonbasic lands with the same name as a nontoken permanent.",
    "Players can't pay life or sacrifice nonland permanents to cast spells or activate abilities.",
    "Your opponents can't sacrifice creatures to activate abilities.",
    "As long as ~ is untapped, other permanents enter untapped.",
    "Lands you control enter untapped.",
    "You can't play lands.",
    "Your opponents can't play land cards from graveyards.",
    "That creature's owner can't cast spells with the same name as that creature until your next turn.",
    "Your opponents can't cast spells with mana value 3 or less.",
    "Each opponent can't cast noncreature spells with mana value 4 or greater during your turn.",
    "Nonbasic lands your opponents control enter tapped.",
    "Artifacts, creatures, and lands your opponents control enter the battlefield tapped.",
    "As long as it's your turn, ~ costs {2}{U}{U} less to cast.",
    "Creature spells you cast cost {1} less to cast for each creature you control with a +1/+1 counter on "
    "it.",
    "~ costs {2} less to cast for each permanent sacrificed this way and {2} less to cast for each other "
    "artifact or creature you've sacrificed this turn.",
    "Creature spells you cast cost {1} less to cast.",
    "Artifact, instant, and sorcery spells your opponents cast cost {1} more to cast.",
    "Noncreature spells cost {1} more to cast for each other spell that player has cast this turn.",
    "You may spend mana as though it were mana of any color to cast creature spells.",
    "Players may spend mana as though it were mana of any color.",
    "You may spend other mana only as though it were colorless mana.",
    "You may spend mana as though it were mana of any type to cast that spell.",
    "Activated abilities of artifacts can't be activated.",
    "Enchanted player can't cast more than one spell each turn.",
    "Each opponent can't cast noncreature spells with mana value greater than the number of lands that "
    "player controls.",
    "Each opponent who controls more creatures than you can't cast creature spells.",
    "The same is true for artifacts and enchantments.",
    "Each opponent who controls more lands than you can't play lands.",
    "As long as ~ is attached to a creature, your opponents can't cast spells during your turn.",
    "Your opponents can't cast spells during combat.",
    "During combat, players can't cast instant spells or activate abilities that aren't mana abilities.",
    "As long as ~ is attacking, defending player can't cast spells.",
    "Creatures played by your opponents enter the battlefield tapped.",
    "All creatures lose all abilities and have base power and toughness 1/1.",
    "All lands lose all abilities except mana abilities.",
    "Enchanted creature loses all abilities and is a blue Frog creature with base power and toughness 1/1.",
    "Enchanted creature loses all abilities and is a colorless Noggle with base power and toughness 1/1.",
    "Enchanted creature loses all abilities and is a Toy artifact creature with base power and toughness 0/2 "
    "in addition to its other types.",
    "Enchanted creature gets -2/-0 and loses all abilities.",
    "Enchanted creature's activated abilities can't be activated.",
    "Activated abilities of artifacts, creatures, and planeswalkers can't be activated.",
    "You may activate abilities of creatures you control as though those creatures had haste.",
    "~ has deathtouch and haste.",
    "Each creature that's a Barbarian, a Warrior, or a Berserker gets +2/+2 and has haste.",
    "~ has all activated abilities of all creatures you control that don't have the same name as ~.",
    "As long as you control an artifact, ~ gets +1/+0 and has haste.",
    "Each other enchantment is a creature in addition to its other types and has base power and base "
    "toughness each equal to its mana value.",
    "Creatures an opponent controls lose all abilities.",
    "Activated abilities of lands you control cost {1} less to activate.",
    "Whenever ~ becomes tapped, it deals 1 damage to you.",
    "Whenever a player taps a land for mana, ~ deals 1 damage to that player.",
    "Whenever enchanted land becomes tapped, ~ deals 2 damage to its controller.",
    "Whenever enchanted land becomes tapped, its controller loses 2 life.",
    "For each {B} in a cost, you may pay 2 life rather than pay that mana.",
    "During your turn, spells your opponents cast cost {1} more to cast and abilities your opponents "
    "activate cost {1} more to activate unless they're mana abilities.",
    "Permanent spells you cast that have an Adventure cost {1} less to cast.",
    "Spells with the chosen name cost {1} less to cast this turn.",
    "Spells with the chosen name you cast cost {1} less to cast.",
    "Each spell cast this way costs {1} more to cast.",
    "That copy costs {2} less to cast.",
    "~ has all activated abilities of all cards you own in exile with cage counters on them.",
    "You may activate each of those abilities only once each turn.",
    "~ has each activated ability of the exiled cards used to craft it.",
    "~ costs {1} less to cast if it targets a creature with flying.",
    "All morph costs cost {2} more.",
    "Plotting cards from your hand costs {2} less.",
    "Your commander costs {1} less to cast for each time it's been cast from the command zone this game.",
    "As ~ enters, choose a color.",
    "As ~ enters, choose a creature type other than Wall.",
    "As ~ enters, choose a land type.",
    "As long as ~ is paired with another creature, both creatures have haste.",
    "Creatures you control but don't own are Mercenaries in addition to their other types.",
    "For each basic land type among lands you control, ~ has landwalk of that type.",
    "As ~ enters, you may pay 2 life.",
    "As ~ enters, you may reveal a Plains or Island card from your hand.",
    "If you don't, it enters tapped.",
    "~ enters tapped.",
    "~ enters tapped unless you control a Plains or an Island.",
    "When ~ enters, return a land you control to its owner's hand.",
    "When ~ enters, you may exile target land you control.",
    "The same is true for spells you control and nonland cards you own that aren't on the battlefield.",
    "The same is true for fear, first strike, haste, and vigilance.",
    "As long as a creature card with flying is in a graveyard, ~ has flying.",
    "This effect reduces only the amount of colored mana you pay.",
    "This effect reduces only the amount of white mana you pay.",
    "As an additional cost to cast white permanent spells, you may pay 2 life.",
    "Those spells cost {W} less to cast if you paid life this way.",
    "Instant and sorcery spells you cast cost {X} less to cast, where X is ~'s power.",
    "This effect can't reduce the mana in that cost to less than one mana.",
    "Instant and sorcery spells you cast cost {1} less to cast for each experience counter you have.",
    "Each spell costs {3} more to cast except during its controller's turn.",
    "~ costs {2} less to cast for each creature sacrificed this way.",
    "~ costs {G} less to cast for each green creature you control.",
    "Activated abilities of creatures you control cost up to {2} less to activate.",
    "Double the amount of each type of unspent mana you have.",
    "Your devotion to each color and each combination of colors is increased by one.",
    "A player losing unspent mana causes that player to lose that much life.",
    "If you would pay life while your library has at least that many cards in it, exile that many cards from "
    "the top of your library instead.",
    "Roll a six-sided die.",
    "This ability has the indicated effect.",
    "If you control two or more other lands, ~ enters tapped.",
    "If a player has 13 or less life, ~ enters tapped.",
    "If you have two or more opponents, ~ enters tapped.",
    "Forests you control are 1/1 green Elf creatures that are still lands.",
    "Enchanted Mountain is a 7/7 red Giant creature with haste.",
    "Lands you control are 0/1 creatures with first strike.",
    "They're still lands.",
    "Equipped creature gets +1/+1 and is every creature type.",
    'Equipped creature is a Wizard in addition to its other types and has "Whenever you cast a noncreature '
    'spell, draw a card."',
    'Equipped creature gets +1/+1, has "Whenever this creature attacks, you gain 1 life," and is a Cleric in '
    "addition to its other types.",
    "Equipped creature gets +1/+1 for each artifact you control and is an Artificer in addition to its other "
    "types.",
    "All Goblins are black and are Zombies in addition to their other creature types.",
    "~'s power and toughness are each equal to twice the number of creatures you control.",
    "~ has all activated abilities of the exiled card.",
    "~ has all activated abilities of all creature cards exiled with ~.",
    "Activated abilities of creatures you control cost {X} less to activate, where X is ~'s power.",
    "Activated abilities cost {2} more to activate unless they're mana abilities.",
    "Abilities you activate that aren't mana abilities cost {2} less to activate.",
    "Exhaust abilities of other permanents you control cost {2} less to activate.",
    "Equip abilities you activate cost {1} less to activate.",
    "Equip abilities you activate that target ~ cost {3} less to activate.",
    "As long as ~ is untapped, each spell that would cost less than three mana to cast costs three mana to "
    "cast.",
    "Spells you cast that would cost less than 2 mana to cast cost 2 mana to cast.",
    "~'s equip ability costs {2} less to activate if it targets a colorless creature.",
    "As long as it's your turn, creatures you control have first strike and equip abilities you activate "
    "cost {1} less to activate.",
]


@pytest.mark.parametrize("sentence", STATIC_SENTENCES)
def test_a_static_reading_renders_back_to_itself(sentence: str) -> None:
    """parse(render(x)) == x for a reading of every static kind (and each sentence is read at all)."""
    reading = parse_static(sentence)
    assert parse_static(render_static(reading)) == reading, render_static(reading)


def test_every_static_kind_has_a_sentence() -> None:
    kinds = {type(parse_static(sentence)) for sentence in STATIC_SENTENCES}
    assert kinds == set(get_args(StaticSentence)), set(get_args(StaticSentence)) - kinds


_SPELL_TYPES = st.sampled_from(("Creature", "Artifact", "Instant", "Sorcery", "Enchantment"))
_land_types = st.lists(st.sampled_from(("Plains", "Island", "Swamp", "Mountain", "Forest")), min_size=1,
                       max_size=3, unique=True).map(tuple)  # fmt: skip


@given(
    subject=_one(_nouns(controller=False).map(lambda n: replace(n, qualities=(), types=("Land",)))),
    types=_land_types,
    adds=st.booleans(),
)
@settings(max_examples=60, deadline=None)
def test_land_type_changes_round_trip(subject: r.Nouns, types: tuple[str, ...], adds: bool) -> None:
    reading = TypeChangeReading(subject, types, TypeSet.LISTED, adds)
    assert parse_static(render_static(reading)) == reading, render_static(reading)


@given(
    who=st.sampled_from(("you", "players", "each player")),
    color=st.sampled_from(("", "W", "U", "B", "R", "G")),
    becomes=st.sampled_from(("C", "W", "U", "B", "R", "G")),
    loser=st.sampled_from(("you", "a player")),
)
@settings(max_examples=40, deadline=None)
def test_unspent_mana_readings_round_trip(who: str, color: str, becomes: str, loser: str) -> None:
    for reading in (KeepUnspent(who, color), UnspentBecomes(loser, becomes)):
        assert parse_static(render_static(reading)) == reading, render_static(reading)


@given(
    words=st.lists(_SPELL_TYPES, min_size=1, max_size=3, unique=True),
    symbols=st.sampled_from(("{1}", "{2}", "{W}{B}", "{1}{G}")),
    caster=st.sampled_from(("", "you cast", "your opponents cast", "a player casts")),
    per_other=st.booleans(),
)
@settings(max_examples=60, deadline=None)
def test_spell_cost_changes_round_trip(words: list[str], symbols: str, caster: str, per_other: bool) -> None:
    *first, last = words
    nouns = (*(r.Noun(types=(word,)) for word in first), r.Noun(types=(last,), head=r.Head.SPELL))
    reading = SpellsCost(r.Nouns(nouns, "and" if first else "or"), symbols, False, caster, per_other)
    assert parse_static(render_static(reading)) == reading, render_static(reading)


@pytest.mark.parametrize("sentence", STATIC_SENTENCES)
def test_the_gate_lets_every_static_sentence_through(sentence: str) -> None:
    """The word gate that keeps most sentences from the grammar (:func:`classify.may_be_static`) admits a
    sentence of every static kind."""
    assert classify.may_be_static(sentence)


#: Terminals of the grammar whose pattern spans words, each with why. The LALR(1) joiners keep one token where
#: two would need a second token of lookahead; the text kept as written is what a condition says when no rule
#: reads it; the rest are phrases of the first grammar still written as one terminal (to be split into words).
_PHRASE_TERMINALS = {
    # LALR(1) joiners: a comma or a word whose meaning depends on the word after it
    "AND_ONLY", "_WHERE", "_UNLESS", "USE_JOINER", "RIDER_AND", "_LIST_COMMA", "CASTER", "OR_IF", "TAPPER",
    "ADDER", "QUOTED_AFTER_AND", "PART_AND", "PART_OR", "AND_IS", "_AND_ATTACK", "_THAT_DONT", "_AND_EACH",
    "_AND_LOSES", "_THAT_COULD_PRODUCE", "GERUND_AND",
    # (a resolved effect's 'the basic land type of your choice' apart from 'the basic lands you control')
    "_BASIC_LAND_TYPE",
    # (a resolved effect's count of targets, 'X target lands', 'any number of target lands', and 'Each of
    # those lands': the word before 'target', 'number of target' or 'of those', any other a word of it)
    "RESOLVED_COUNT", "RESOLVED_EACH", "RESOLVED_ANY",
    # kept as written
    "THIS_TURN_TEXT",
    # phrases still written as one terminal
    "COUNTED", "_EXILED_WITH", "TIMES", "COMMANDER_SPELLS", "PURPOSE_COSTS", "FACE_UP", "UNLOCK_DOOR",
    "MAKE_TOKENS", "THAT_ONE", "WHEN_SPENT", "UNLESS_WHO",
}  # fmt: skip


def test_the_grammars_terminals_are_words() -> None:
    """A terminal of ``grammar.lark`` matches a word (or a symbol, a number), not a phrase: phrases are rules
    of words, so that they compose. The exceptions are listed, each with why (:data:`_PHRASE_TERMINALS`)."""
    text = (ORACLE / "grammar.lark").read_text(encoding="utf-8")
    spanning = {
        found.group(1)
        for found in re.finditer(r"^([A-Z_]+)(?:\.-?\d+)?: /(.*)/\w*$", text, re.M)
        if re.search(r" |\\s(?![^\[]*\])", found.group(2))
    }
    assert spanning - _PHRASE_TERMINALS == set()
    assert _PHRASE_TERMINALS - spanning == set()  # (the list keeps up with the grammar)
