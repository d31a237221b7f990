"""What a reading reads of the board is declared by its type (:class:`~models.abilities.BoardFact` on each
field of a filter, on each palette kind), and what is kept of its answers is keyed by those declarations.
For every field and every fact, two boards that differ only in that fact: when the reading's answer differs
between them, the reading declares the fact, and the key derived from the declarations tells them apart.
A new field or palette kind without a declaration fails here."""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

import pytest

from models.abilities import (
    AMOUNT_READS,
    PALETTE_READS,
    STATUS_FACTS,
    AbilityCost,
    Amount,
    AmountKind,
    BoardFact,
    Condition,
    ManaAbility,
    ManaOutput,
    ObjectFilter,
    OutputKind,
    Palette,
    PaletteKind,
    Who,
)
from models.board import Board
from models.mana import ManaTypes
from models.mana_effects import ManaTrigger, ProductionReplacement, TriggerEvent
from planner.rules import production
from planner.rules.view import BoardView, SourcedEffect

#: A value to set each field of :class:`ObjectFilter` to (several for a field whose values read differently).
_FILTER_VALUES: dict[str, tuple[object, ...]] = {
    "types": (("Elf",), ("Creature",)),
    "excluded": (("Elf",),),
    "any_types": (("Elf", "Bear"), ("Artifact", "Land")),
    "colors": (ManaTypes.parse("G"),),
    "or_types": (("Elf",), ("Bear",)),
    "controller": (Who.YOU, Who.OPPONENTS),
    "other": (True,),
    "untapped": (True,),
    "chosen_type": (True,),
    "chosen_color": (True,),
    "self_only": (True,),
    "attached": (True,),
    "named_as_imprinted": (True,),
    "token": (True, False),
    "colorless": (True,),
    "multicolored": (True,),
    "monocolored": (True,),
    "counter": ("", "+1/+1"),
    "power_at_least": (3,),
    "named": ("Subject",),
    "named_as_source": (True,),
    "other_name": (True,),
    "carrying": ("Aura", "Equipment"),
    "keyword": ("defender",),
    "entered_this_turn": (True,),
    "enchanted_player": (True,),
    "chosen_parity": (True,),
    "first_chosen_land_type": (True,),
    "linked_permanent": (True,),
    "paired": (True,),
    "not_owned": (True,),
    "could_produce": (ManaTypes.parse("G"), ManaTypes.parse("C")),
}

#: The permanent a filter looks at, and the one it is written on (its source), on the base board.
_SUBJECT: dict[str, Any] = {
    "id": "sub",
    "name": "Subject",
    "type_line": "Creature — Elf",
    "mana_cost": "{G}",
    "power": 2,
    "controller": "me",
}
_SOURCE: dict[str, Any] = {
    "id": "src",
    "name": "Source",
    "type_line": "Enchantment — Aura",
    "controller": "me",
    "attached_to": "sub",
    "choices": {
        "creature_type": "Elf",
        "imprinted": "Subject",
        "color": "G",
        "odd_or_even": "odd",
        "basic_land_types": ["Forest", "Island"],
        "linked_permanent": "sub",
        "paired_with": "sub",
    },
}

#: For each fact, how the board changes in it alone: the subject's or the source's fields replaced.
_CHANGED: dict[BoardFact, tuple[str, dict[str, Any]]] = {
    BoardFact.TAPPED: ("sub", {"tapped": True}),
    BoardFact.COUNTERS: ("sub", {"counters": {"+1/+1": 1}}),
    BoardFact.TYPES: ("sub", {"type_line": "Creature — Bear"}),
    BoardFact.COLORS: ("sub", {"mana_cost": "{U/R}"}),  # (two colors, the same mana value: CR 202.3f)
    BoardFact.MANA_VALUE: ("sub", {"mana_cost": "{1}{G}"}),
    BoardFact.POWER: ("sub", {"power": 5}),
    BoardFact.CONTROLLER: ("sub", {"controller": "op"}),
    BoardFact.TOKEN: ("sub", {"token": True}),
    BoardFact.NAME: ("sub", {"name": "Another"}),
    BoardFact.KEYWORDS: ("sub", {"oracle": "Defender"}),
    BoardFact.ENTERED: ("sub", {"entered_this_turn": True}),
    BoardFact.ATTACHMENT: ("src", {"attached_to": None}),
    BoardFact.CHOICES: (
        "src",
        {
            "choices": {
                "creature_type": "Bear",
                "imprinted": "Another",
                "color": "U",
                "odd_or_even": "even",
                "basic_land_types": ["Island", "Forest"],
                "linked_permanent": "src",
            }
        },
    ),
}


def _board(changed: tuple[str, dict[str, Any]] | None = None) -> Board:
    permanents = [dict(_SUBJECT), dict(_SOURCE)]
    if changed is not None:
        which, values = changed
        entry = permanents[0] if which == "sub" else permanents[1]
        entry.update(values)
        if entry.get("attached_to", "") is None:
            del entry["attached_to"]
    return Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "op"}], "permanents": permanents})


def _filters() -> list[tuple[str, ObjectFilter]]:
    found: list[tuple[str, ObjectFilter]] = []
    for name, values in _FILTER_VALUES.items():
        for value in values:
            settings: dict[str, Any] = {name: value}
            found.append((name, ObjectFilter(**settings)))
    return found


def test_every_field_of_a_filter_declares_what_it_reads() -> None:
    compared = {f.name for f in fields(ObjectFilter) if f.compare}
    assert compared == set(_FILTER_VALUES), "a field of ObjectFilter without a value in this test"
    for declared in fields(ObjectFilter):
        if declared.compare:
            assert isinstance(declared.metadata.get("reads"), frozenset), declared.name


def test_every_palette_kind_declares_what_it_reads() -> None:
    assert set(PALETTE_READS) == set(PaletteKind)


@pytest.mark.parametrize(("name", "flt"), _filters(), ids=[f"{n}={v}" for n, v in _filters()])
def test_a_filter_reads_what_tells_its_matches_apart(name: str, flt: ObjectFilter) -> None:
    """For each fact: where changing it alone changes whether the filter matches, the filter declares it, and
    its matches are kept only as long as the fact holds (a status fact: never across a payment's steps)."""
    base = BoardView(_board()).matches(flt, "sub", "src")
    for fact, changed in _CHANGED.items():
        if BoardView(_board(changed)).matches(flt, "sub", "src") != base:
            assert fact in flt.reads(), (name, fact)
            if fact in STATUS_FACTS:
                assert flt.reads_status, (name, fact)
            if changed[0] == "src":
                assert flt.reads_source, (name, fact)
    # which permanent is which: the subject, or its twin as the source
    twin = Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me"}],
            "permanents": [dict(_SUBJECT), {**_SUBJECT, "id": "twin"}],
        }
    )
    view = BoardView(twin)
    if view.matches(flt, "sub", "sub") != view.matches(flt, "sub", "twin"):
        assert BoardFact.IDENTITY in flt.reads(), name


#: An ability of each palette kind whose outcomes read only its own permanent, and the board changes that
#: alter one fact of it.
_PALETTE_TEXTS = {
    PaletteKind.TYPES: "{T}: Add one mana of any color.",
    PaletteKind.COMMANDER: "{T}: Add one mana of any color in your commander's color identity.",
    PaletteKind.CHOSEN_COLOR: "{T}: Add one mana of the chosen color.",
    PaletteKind.IMPRINTED_COLORS: "{T}: Add one mana of any of the exiled card's colors.",
    PaletteKind.NOTED_TYPE: "{T}: Add one mana of Rock's last noted type.",
}
_OWN_CHANGES: dict[BoardFact, dict[str, Any]] = {
    BoardFact.TYPES: {"type_line": "Snow Artifact"},
    BoardFact.CHOICES: {
        "choices": {"color": "U", "creature_type": "Bear", "imprinted": "Lightning Bolt", "noted_type": "U"}
    },
    BoardFact.EXILED_CARD_COLORS: {
        "choices": {"color": "G", "creature_type": "Elf", "imprinted": "Island", "noted_type": "G"}
    },
}


def _rock(text: str, commander: str, **changed: Any) -> Board:
    rock = {
        "id": "rock",
        "name": "Rock",
        "type_line": "Artifact",
        "controller": "me",
        "oracle": text,
        "choices": {"color": "G", "creature_type": "Elf", "imprinted": "Llanowar Elves", "noted_type": "G"},
        **changed,
    }
    player = {"id": "me", "commander_colors": commander}
    return Board.from_dict({"version": 1, "players": [player], "permanents": [rock]})


def _key_and_outcomes(board: Board) -> tuple[object, list[object]]:
    view = BoardView(board)
    (ability,) = view.mana_abilities("rock")
    keyed = production._outcomes_key(view, "rock", ability, [], [], False)
    assert keyed is not None
    key, _ = keyed
    outcomes = production._worked_out(view, "rock", ability, {}, (), [], [], False)
    return key, [(o.packets, o.devotion) for o in outcomes]


@pytest.mark.parametrize("kind", list(_PALETTE_TEXTS), ids=[k.value for k in _PALETTE_TEXTS])
def test_the_outcomes_key_tells_apart_what_the_outcomes_read(kind: PaletteKind) -> None:
    """The key of the outcomes :func:`~planner.rules.production.activation_outcomes` keeps across boards
    (derived from the declarations) differs wherever the
    outcomes do, for a change of each fact of the permanent (and of its controller's commander)."""
    text = _PALETTE_TEXTS[kind]
    base_key, base = _key_and_outcomes(_rock(text, "G"))
    variants = [(fact, _rock(text, "G", **changed)) for fact, changed in _OWN_CHANGES.items()]
    variants.append((BoardFact.COMMANDER, _rock(text, "UR")))
    differing = 0
    for fact, board in variants:
        key, outcomes = _key_and_outcomes(board)
        if outcomes != base:
            differing += 1
            assert key != base_key, (kind, fact)
    if kind is not PaletteKind.TYPES:
        assert differing, f"no change of a fact changed the outcomes of {kind}: the test reads nothing"


# What an ability's resolution reads (its amount, its palette, its conditions, its sacrifice when empty) and
# what a triggered mana ability's resolution reads are declared too (:meth:`ManaAbility.resolution_reads`,
# :meth:`ManaTrigger.resolution_reads`): the key of outcomes holds the value of each fact they declare of
# their permanent, and a reading that declares a fact no key holds, or declares nothing, is never keyed.

_TAP = AbilityCost(tap=True)


def _fresh(**fields_set: Any) -> ManaAbility:
    """An ability built here (its declarations worked out afresh: none kept from a parsed card)."""
    settings: dict[str, Any] = {"text": "{T}: Add {G}.", "cost": _TAP, "output": ManaOutput.fixed("{G}")}
    settings.update(fields_set)
    return ManaAbility(**settings)


def _key_of(ability: ManaAbility, **changed: Any) -> object:
    view = BoardView(_rock("{T}: Add {G}.", "G", **changed))
    keyed = production._outcomes_key(view, "rock", ability, [], [], False)
    return None if keyed is None else keyed[0]


def test_every_amount_kind_and_ability_field_declares_what_it_reads() -> None:
    assert set(AMOUNT_READS) == set(AmountKind)
    for reading in (ManaAbility, ManaOutput, Amount, Palette, Condition, ManaTrigger, ProductionReplacement):
        for declared in fields(reading):
            if declared.compare and declared.name != "unevaluated":  # (a condition no board records)
                assert isinstance(declared.metadata.get("reads"), frozenset), (reading, declared.name)


def test_a_kind_or_a_field_without_a_declaration_is_never_keyed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail closed: an amount kind, a palette kind or a field of an ability that declares nothing reads every
    fact, which no key holds; so its outcomes are worked out on each board."""
    assert _key_of(_fresh()) is not None  # (the same ability, declared: keyed)
    monkeypatch.delitem(AMOUNT_READS, AmountKind.CONSTANT)
    assert _key_of(_fresh()) is None
    monkeypatch.undo()
    monkeypatch.delitem(PALETTE_READS, PaletteKind.TYPES)
    any_color = ManaOutput(OutputKind.ANY_ONE, palette=Palette(PaletteKind.TYPES))
    assert _key_of(_fresh(output=any_color)) is None
    monkeypatch.undo()
    assert _key_of(_fresh(output=any_color)) is not None

    @dataclass(kw_only=True, frozen=True, slots=True)
    class Extended(ManaAbility):  # a field added without a declaration
        extra: int = 0

    assert _key_of(Extended(text="{T}: Add {G}.", cost=_TAP, output=ManaOutput.fixed("{G}"))) is not None
    assert _key_of(Extended(text="{T}: Add {G}.", cost=_TAP, output=ManaOutput.fixed("{G}"), extra=1)) is None
    # a condition no board records declares nothing: never keyed
    unrecorded = Condition((), unevaluated="you gained life this turn")
    assert _key_of(_fresh(conditional=((unrecorded, ManaOutput.fixed("{G}{G}")),))) is None


def test_what_an_ability_reads_of_its_own_permanent_keys_its_outcomes() -> None:
    """'If a card is exiled with this land, add {C}{C} instead' (a Labyrinth's condition reads the land's
    choices, CR 406.6) and 'sacrifice it when it has no counters' (its counters): keyed by those facts, so
    that boards that differ in them (and outcomes that differ: {C} or {C}{C}; sacrificed or not) never share
    a key. A condition on what else its controller controls reads the battlefield: never keyed."""
    exiled = Condition((), exiled_card=True)
    labyrinth = _fresh(
        text="...", output=ManaOutput.fixed("{C}"), conditional=((exiled, ManaOutput.fixed("{C}{C}")),)
    )
    choices = {"color": "G", "creature_type": "Elf", "noted_type": "G"}
    without = _key_of(labyrinth, choices=choices)
    with_card = _key_of(labyrinth, choices={**choices, "imprinted": "Llanowar Elves"})
    assert without is not None and with_card is not None and without != with_card
    for board in (
        _rock("...", "G", choices=choices),
        _rock("...", "G", choices={**choices, "imprinted": "X"}),
    ):
        view = BoardView(board)
        made = [o.total for o in production._worked_out(view, "rock", labyrinth, {}, (), [], [], False)]
        assert made == ([1] if board.permanent("rock").choices.imprinted is None else [2])
    mine = _fresh(
        cost=AbilityCost(tap=True, remove_counter="mining", remove_count=1), sacrifice_when_empty="mining"
    )
    one, two = _key_of(mine, counters={"mining": 1}), _key_of(mine, counters={"mining": 2})
    assert one is not None and two is not None and one != two
    ogre = Condition((ObjectFilter(types=("Ogre",), controller=Who.YOU),))
    assert _key_of(_fresh(self_damage=1, damage_unless=ogre)) is None


def test_a_trigger_is_keyed_by_what_its_resolution_reads_of_its_source() -> None:
    """A triggered mana ability that adds mana of its source's chosen color reads its source's choices; one
    that counts other permanents reads the battlefield, and an activation it reaches is never keyed."""
    lands = ObjectFilter(types=("Land",))
    chosen = ManaTrigger(
        text="...",
        event=TriggerEvent.TAPPED_FOR_MANA,
        who=Who.ANY,
        affected=lands,
        adds=ManaOutput(OutputKind.ANY_ONE, palette=Palette(PaletteKind.CHOSEN_COLOR)),
    )
    counting = replace(
        chosen,
        adds=ManaOutput.fixed("{G}", Amount(kind=AmountKind.COUNT, filter=ObjectFilter(types=("Elf",)))),
    )
    assert chosen.resolution_reads() == {BoardFact.CHOICES}
    assert BoardFact.BATTLEFIELD in counting.resolution_reads()
    keys = []
    for color in ("G", "U"):
        view = BoardView(_rock("{T}: Add {G}.", "G", choices={"color": color}))
        (ability,) = view.mana_abilities("rock")
        for trigger in (chosen, counting):
            sourced = SourcedEffect("rock", "me", trigger)
            keyed = production._outcomes_key(view, "rock", ability, [], [sourced], False)
            keys.append(None if keyed is None else keyed[0])
    assert keys[0] is not None and keys[2] is not None and keys[0] != keys[2]
    assert keys[1] is None and keys[3] is None
