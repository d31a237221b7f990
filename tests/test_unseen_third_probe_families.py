"""Families of Oracle phrases the third probe of unseen cards left (issue 35), read by the grammar and
executed by the rules in every stage (could-produce, the CP-SAT model, the replay, the reference search):

- a count of the permanents with a name ('Add {C} for each artifact named Powerstone Shard you control'): the
  card's own name is written '~' by the reader, so the filter asks for the name of the permanent it is
  written on (``ObjectFilter.named_as_source``, declared as reading names and its source); another name
  is asked for as written (``ObjectFilter.named``);
- the number of different powers among creatures ('Choose a color. Add one mana of that color for each
  different power among creatures you control.', Selvala, Eager Trailblazer): counted as the ability
  resolves (CR 608.2h), among the creatures still there, with the counters a cost put on them;
- 'Collect evidence N' as a cost (Cryptex, CR 701.59a): exile cards with total mana value N or more from the
  graveyard (the board's ``players[i].graveyard``, contract section 6): the fewest that add up, so that the
  most are left for delve and other exiles; a graveyard given as a count, or evidence that may be collected
  twice in a payment, sets the ability aside with a warning that says why;
- a reflexive trigger's target ('When you do, ~ deals 1 damage to any target.', CR 603.12): the trigger's,
  chosen as it triggers after the payment, so the ability stays a mana ability (CR 605.1a); another
  reflexive trigger with a target is unsupported (warned), never filed as no mana ability;
- a permanent whose types are set as it loses its other abilities ('Enchanted permanent is a Treasure
  artifact with "{T}, Sacrifice this artifact: Add one mana of any color," and it loses all other
  abilities.', Minimus Containment): layer 4 sets its card types and subtypes (its supertypes kept, CR
  613.1d), layer 6 leaves it the Treasure's ability alone (a creature no more, so never summoning sick,
  CR 302.6); its own effects end; an ability another effect grants it is warned about (which came first,
  CR 613.7, is not on the board);
- Roxanne, Starfall Savant's 'Whenever you tap an artifact token for mana, add one mana of any type that
  artifact token produced.' (read before this session: checked on a board with her Meteorite);
- 'This mana can't be spent to cast nonartifact spells.' after a trigger's mana (Karn, Legacy Reforged's
  upkeep mana): a restriction on that mana's record, as on an ability's;
- Agatha's Soul Cauldron's grant of the abilities of the creature cards exiled with it: no board has an
  exile zone, so it is unsupported, with a note that says so.

Values are derived by hand from the rules; each board is checked against the reference search too.
"""

from __future__ import annotations

from typing import Any

from boards import agrees_with_reference, checked_verdict, largest_x, make_board, mine
from cost_part_cards import CRYPTEX, POWERSTONE_SHARD, SELVALA

from models.abilities import AmountKind, BoardFact, CostPartKind, SideEffectKind
from models.board import Board
from models.cost import PaymentTarget
from models.layer_effects import GrantAbility, TypeChange
from models.oracle import parse_oracle
from models.oracle.parsed import EXILED_ABILITIES_NOTE
from models.types import TypeLine
from planner.api import could_produce, pay, text_warnings
from planner.rules.view import BoardView

#: A made-up card that counts Powerstone Shards by name: its own name is not the one counted.
SHARD_KEEPER: dict[str, Any] = {
    "name": "Shard Keeper",
    "type_line": "Artifact",
    "mana_cost": "{2}",
    "oracle": "{T}: Add {C} for each artifact you control named Powerstone Shard.",
}
#: A made-up outlet: any artifact sacrificed for {C}.
SCRAPPER: dict[str, Any] = {
    "name": "Test Scrapper",
    "type_line": "Enchantment",
    "oracle": "Sacrifice an artifact: Add {C}.",
}
BEAR: dict[str, Any] = {"name": "Test Bear", "type_line": "Creature — Bear", "power": 2, "toughness": 2}
WALL: dict[str, Any] = {"name": "Test Wall", "type_line": "Creature — Wall", "power": 0, "toughness": 4}
#: A made-up creature whose mana ability's cost grows its power (a +1/+1 counter on itself).
GROWER: dict[str, Any] = {
    "name": "Test Grower",
    "type_line": "Creature — Elf",
    "power": 2,
    "toughness": 2,
    "oracle": "{T}, Put a +1/+1 counter on this creature: Add {G}.",
}
#: A made-up outlet: any creature sacrificed for {C}{C}.
ALTAR: dict[str, Any] = {
    "name": "Test Altar",
    "type_line": "Artifact",
    "oracle": "Sacrifice a creature: Add {C}{C}.",
}


# ------------------------------------------------------------------------------------------ named


def test_a_count_of_artifacts_with_its_own_name_is_read_in_both_wordings() -> None:
    for text in (
        POWERSTONE_SHARD["oracle"],
        "{T}: Add {C} for each artifact you control named Powerstone Shard.",
    ):
        parsed = parse_oracle(text, "Powerstone Shard")
        assert [s.read_as for s in parsed.sentences] == ["mana_ability"]
        (ability,) = parsed.mana_abilities
        counted = ability.output.amount
        assert counted.kind is AmountKind.COUNT and counted.filter is not None
        assert counted.filter.named_as_source and not counted.filter.named
        assert counted.filter.describe() == "artifact named as this permanent you control"
        # (it reads the names of permanents and of its own: what is kept of it is keyed by both)
        assert BoardFact.NAME in counted.filter.reads() and counted.filter.reads_source
    (keeper,) = parse_oracle(SHARD_KEEPER["oracle"], SHARD_KEEPER["name"]).mana_abilities
    assert keeper.output.amount.filter is not None
    assert keeper.output.amount.filter.named == "Powerstone Shard"
    assert not keeper.output.amount.filter.named_as_source
    # a name with the card's own name inside it is not guessed at
    inside = parse_oracle("{T}: Add {C} for each artifact named Urza's Tower you control.", "Urza")
    assert [s.read_as for s in inside.sentences] == ["unsupported"]


def test_each_powerstone_shard_counts_every_shard_of_its_controller() -> None:
    """Two Shards tap for {C}{C} each, and a Sol Ring for {C}{C}: six mana, so X is 6."""
    board = make_board([mine("a", POWERSTONE_SHARD), mine("b", POWERSTONE_SHARD), mine("s", "Sol Ring")])
    assert {pid: str(c) for pid, c in could_produce(board).items()} == {"a": "C", "b": "C", "s": "C"}
    assert checked_verdict(board, "{6}") and not checked_verdict(board, "{7}")
    assert largest_x(board) == 6 and not text_warnings(board)
    # three Shards: three each, nine
    three = make_board([mine(pid, POWERSTONE_SHARD) for pid in "abc"])
    assert largest_x(three) == 9


def test_only_artifacts_of_its_name_that_its_controller_controls_count() -> None:
    """An opponent's Shard, an artifact of another name and a Shard that is no artifact don't count: the Shard
    taps for {C} alone; a token named Powerstone Shard (a copy) is one."""
    shard_land = {**POWERSTONE_SHARD, "type_line": "Land", "oracle": ""}
    board = Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me"}, {"id": "op"}],
            "permanents": [
                {"id": "a", "controller": "me", **POWERSTONE_SHARD},
                {"id": "o", "controller": "op", **POWERSTONE_SHARD},
                {"id": "s", "controller": "me", "card": "Sol Ring"},
                {"id": "l", "controller": "me", **shard_land},
            ],
        }
    )
    assert checked_verdict(board, "{3}") and not checked_verdict(board, "{4}")  # (1 + Sol Ring's 2)
    copy = make_board(
        [
            mine("a", POWERSTONE_SHARD),
            mine("t", {**POWERSTONE_SHARD, "token": True, "type_line": "Token Artifact"}),
        ]
    )
    assert largest_x(copy) == 4


def test_each_card_counts_its_own_name() -> None:
    """Two Shards and a card of another name with the same sentence about its own name ('named ~'): each
    Shard taps for two, the other card for one (the matches of a filter that reads its source's name are
    never shared between sources of one controller)."""
    other = {
        **POWERSTONE_SHARD,
        "name": "Test Shard",
        "oracle": "{T}: Add {C} for each artifact named Test Shard you control.",
    }
    board = make_board([mine("a", POWERSTONE_SHARD), mine("t", other), mine("b", POWERSTONE_SHARD)])
    assert checked_verdict(board, "{5}") and not checked_verdict(board, "{6}")


def test_a_name_written_on_another_card_is_that_name() -> None:
    """Shard Keeper counts the Shards, not itself: with two Shards it taps for {C}{C}, they for two each."""
    board = make_board([mine("k", SHARD_KEEPER), mine("a", POWERSTONE_SHARD), mine("b", POWERSTONE_SHARD)])
    assert checked_verdict(board, "{6}") and not checked_verdict(board, "{7}")
    alone = make_board([mine("k", SHARD_KEEPER)])
    assert largest_x(alone) == 0


def test_shards_are_counted_before_they_are_sacrificed() -> None:
    """Two Shards and an outlet: each Shard taps for two while both are there, then each is sacrificed for
    {C}: 2 + 2 + 1 + 1 = 6 (sacrificed first, a Shard would tap for less)."""
    board = make_board([mine("a", POWERSTONE_SHARD), mine("b", POWERSTONE_SHARD), mine("o", SCRAPPER)])
    assert checked_verdict(board, "{6}") and not checked_verdict(board, "{7}")
    assert largest_x(board) == 6 and not text_warnings(board)


# ------------------------------------------------------------------------------------------ different powers


def test_different_powers_are_read_as_an_amount() -> None:
    parsed = parse_oracle(SELVALA["oracle"], SELVALA["name"])
    assert [s.read_as for s in parsed.sentences] == ["keyword", "ignored", "mana_ability", "mana_ability"]
    (ability,) = parsed.mana_abilities
    amount = ability.output.amount
    assert amount.kind is AmountKind.DISTINCT_POWERS and amount.filter is not None
    assert amount.filter.describe() == "creature you control"


def test_selvala_adds_one_mana_for_each_different_power() -> None:
    """Selvala (4), Llanowar Elves (1) and two 2-power Bears: three different powers, so {W}{W}{W} from
    Selvala and {G} from the Elves; X is 4."""
    board = make_board([mine("s", SELVALA), mine("e", "Llanowar Elves"), mine("g", BEAR), mine("h", BEAR)])
    assert str(could_produce(board)["s"]) == "WUBRG"
    assert checked_verdict(board, "{W}{W}{W}{G}") and not checked_verdict(board, "{W}{W}{W}{W}{G}")
    assert not checked_verdict(board, "{W}{W}{U}{G}")  # (one color for all of it)
    assert largest_x(board) == 4 and not text_warnings(board)
    # a power of 0 is a power: Selvala and a 0/4 Wall, two
    wall = make_board([mine("s", SELVALA), mine("w", WALL)])
    assert checked_verdict(wall, "{G}{G}") and not checked_verdict(wall, "{G}{G}{G}")
    # Selvala alone: one
    assert largest_x(make_board([mine("s", SELVALA)])) == 1


def test_the_powers_are_those_of_the_creatures_still_there() -> None:
    """Selvala, two Bears and an outlet that sacrifices creatures for {C}{C}: Selvala taps while the Bears are
    there (powers 4 and 2: two mana), then all three are sacrificed (six): eight; {W}{W}{W} never."""
    board = make_board([mine("s", SELVALA), mine("g", BEAR), mine("h", BEAR), mine("a", ALTAR)])
    assert checked_verdict(board, "{W}{W}{6}") and not checked_verdict(board, "{W}{W}{7}")
    assert not checked_verdict(board, "{W}{W}{W}{4}")
    assert largest_x(board) == 8 and not text_warnings(board)


def test_a_counter_a_cost_puts_on_makes_a_new_power() -> None:
    """Selvala (4), a Bear (2) and a Grower (2) whose {G} puts a +1/+1 counter on it: tapped first, the Grower
    is a 3 and Selvala adds three mana ({W}{W}{W} and {G}: four); the Grower's counter is counted only when
    its mana ability comes first."""
    board = make_board([mine("s", SELVALA), mine("g", BEAR), mine("h", GROWER)])
    assert checked_verdict(board, "{W}{W}{W}{G}") and not checked_verdict(board, "{W}{W}{W}{W}")
    assert largest_x(board) == 4 and not text_warnings(board)
    # two Growers: one grown to 3, the other left at 2 (Selvala first, then the other): 4, 3, 2
    growers = make_board([mine("s", SELVALA), mine("g", GROWER), mine("h", GROWER)])
    assert checked_verdict(growers, "{W}{W}{W}{G}{G}") and not checked_verdict(growers, "{W}{W}{W}{W}{G}")


def test_a_power_the_board_does_not_give_sets_the_ability_aside() -> None:
    unknown = {"name": "Mystery", "type_line": "Creature — Horror"}
    board = make_board([mine("s", SELVALA), mine("m", unknown)])
    assert str(could_produce(board)["s"]) == ""
    (warning,) = text_warnings(board)
    assert warning.permanent == "s" and warning.reason.startswith("permanents[1].power: the power of Mystery")


# ------------------------------------------------------------------------------------------ collect evidence

#: A made-up outlet that exiles any card from the graveyard (Titans' Nest's part alone).
GRAVE_EATER: dict[str, Any] = {
    "name": "Test Grave Eater",
    "type_line": "Enchantment",
    "oracle": "Exile a card from your graveyard: Add {C}.",
}


def _with_graveyard(board: Board, graveyard: Any) -> Board:
    data = board.to_dict()
    data["players"][0]["graveyard"] = graveyard
    return Board.from_dict(data)


def test_collect_evidence_is_read_as_a_cost_part() -> None:
    parsed = parse_oracle(CRYPTEX["oracle"], CRYPTEX["name"])
    assert [s.read_as for s in parsed.sentences] == ["mana_ability", "mana_ability", "ignored", "ignored"]
    (ability,) = parsed.mana_abilities
    (part,) = ability.cost.parts
    assert part.kind is CostPartKind.COLLECT_EVIDENCE and part.count == 3 and ability.cost.tap
    assert [e.what for e in ability.side_effects] == ["unlock"]


def test_cryptex_collects_cards_of_total_mana_value_three() -> None:
    """Thran Dynamo (4) alone is evidence 3; Sol Ring and Llanowar Elves (1 each) are not, a third card of
    mana value 1 makes them so, a land (0) never."""
    cryptex = make_board([mine("c", CRYPTEX)])
    for graveyard, payable in (
        (["Sol Ring", "Llanowar Elves", "Thran Dynamo"], True),
        (["Sol Ring", "Llanowar Elves"], False),
        (["Sol Ring", "Llanowar Elves", "Birds of Paradise"], True),
        (["Forest", "Forest", "Sol Ring", "Llanowar Elves"], False),
        ([], False),
    ):
        board = _with_graveyard(cryptex, graveyard)
        assert checked_verdict(board, "{U}") is payable, graveyard
        assert largest_x(board) == int(payable) and not text_warnings(board)
    paid = pay(
        _with_graveyard(cryptex, ["Sol Ring", "Llanowar Elves", "Thran Dynamo"]), PaymentTarget.of("{B}")
    )
    assert paid.payable and [step.parts.exiled_from_graveyard for step in paid.steps] == [1]


def test_evidence_takes_the_fewest_cards_so_that_the_rest_pay_other_costs() -> None:
    """Worn Powerstone (3), Sol Ring and Llanowar Elves (1 each), and an outlet that exiles any card for {C}:
    Cryptex takes the Powerstone, the outlet the other two: {U} and {C}{C}. Whatever the order, the
    outlet never takes the Powerstone that Cryptex needs."""
    for graveyard in (
        ["Worn Powerstone", "Sol Ring", "Llanowar Elves"],
        ["Sol Ring", "Llanowar Elves", "Worn Powerstone"],
    ):
        board = _with_graveyard(make_board([mine("c", CRYPTEX), mine("e", GRAVE_EATER)]), graveyard)
        assert checked_verdict(board, "{U}{2}") and not checked_verdict(board, "{U}{3}")
        assert largest_x(board) == 3 and not text_warnings(board)


def test_evidence_and_delve_share_the_graveyard() -> None:
    """Thran Dynamo (4), Sol Ring, Llanowar Elves and a Forest, Cryptex and an Island: Cryptex's {U} takes
    the Dynamo, the Island's {U}, and delve the three cards left: {3}{U}{U}, not {4}{U}{U}."""
    board = _with_graveyard(
        make_board([mine("c", CRYPTEX), mine("i", "Island")]),
        ["Thran Dynamo", "Sol Ring", "Llanowar Elves", "Forest"],
    )
    for cost, payable in (("{3}{U}{U}", True), ("{4}{U}{U}", False)):
        result = agrees_with_reference(board, PaymentTarget.of(cost, delve=True), max_states=20_000)
        assert result is not None and result.payable is payable, cost


def test_evidence_the_board_cant_judge_sets_the_ability_aside() -> None:
    # a graveyard given as a count says no mana value
    counted = _with_graveyard(make_board([mine("c", CRYPTEX)]), 5)
    assert str(could_produce(counted)["c"]) == ""
    (warning,) = text_warnings(counted)
    assert warning.reason.startswith("players[0].graveyard: the graveyard is given as a count")
    # two Cryptexes: the cards each collects are not chosen together (their evidence may overlap)
    twins = _with_graveyard(
        make_board([mine("c", CRYPTEX), mine("d", CRYPTEX)]), ["Thran Dynamo", "Sol Ring", "Llanowar Elves"]
    )
    assert {w.permanent for w in text_warnings(twins)} == {"c", "d"}
    assert all("collects evidence too" in w.reason for w in text_warnings(twins))


# ------------------------------------------------------------------------------------------ reflexive targets

#: A made-up land whose reflexive trigger has a target (Rubble Rouser's, aimed).
AIMED_ROUSER: dict[str, Any] = {
    "name": "Test Aimed Rouser",
    "type_line": "Land",
    "oracle": (
        "{T}, Exile a card from your graveyard: Add {R}. When you do, this land deals 1 damage to any target."
    ),
}


def test_a_reflexive_triggers_target_leaves_a_mana_ability_a_mana_ability() -> None:
    for target in ("any target", "target opponent", "target player"):
        text = f"{{T}}, Pay 1 life: Add {{B}}. When you do, ~ deals 1 damage to {target}."
        parsed = parse_oracle(text, "Test Card")
        assert [s.read_as for s in parsed.sentences] == ["mana_ability", "mana_ability"], target
        ((effect,),) = [a.side_effects for a in parsed.mana_abilities]
        assert effect.kind is SideEffectKind.DAMAGE_TARGET and effect.what == target
    # a reflexive trigger the grammar does not read is unsupported, never 'no mana ability'
    pump = parse_oracle(
        "{T}, Pay 1 life: Add {B}. When you do, target creature gets -1/-1 until end of turn."
    )
    assert [s.read_as for s in pump.sentences] == ["unsupported", "unsupported"]
    # the ability's own target still makes it no mana ability (CR 605.1a)
    aimed = parse_oracle("{T}: Add {R}. ~ deals 1 damage to target opponent.", "Test Card")
    assert [s.read_as for s in aimed.sentences] == ["not_payment", "not_payment"]


def test_a_land_with_a_reflexive_target_pays() -> None:
    """{R} for a card of the graveyard: one activation (it taps), the damage after the payment (CR 603.12)."""
    board = _with_graveyard(
        make_board([mine("r", AIMED_ROUSER), mine("m", "Mountain")]), ["Sol Ring", "Forest"]
    )
    assert checked_verdict(board, "{R}{R}") and not checked_verdict(board, "{R}{R}{R}")
    assert not text_warnings(board)
    empty = _with_graveyard(board, [])
    assert not checked_verdict(empty, "{R}{R}")


def test_the_cauldrons_grant_of_exiled_cards_abilities_says_why_it_is_not_used() -> None:
    cauldron = "\n".join(
        (
            "You may spend mana as though it were mana of any type to activate abilities of creatures you "
            "control.",
            "Creatures you control with +1/+1 counters on them have all activated abilities of all creature "
            "cards exiled with Agatha's Soul Cauldron.",
            "{T}: Exile target card from a graveyard. When a creature card is exiled this way, put a +1/+1 "
            "counter on target creature you control.",
        )
    )
    parsed = parse_oracle(cauldron, "Agatha's Soul Cauldron")
    grant = parsed.sentences[1]
    assert grant.read_as == "unsupported" and grant.note == EXILED_ABILITIES_NOTE
    assert "no exile zone" in grant.note


# ------------------------------------------------------------------------------ types set, abilities lost

#: Minimus Containment as printed.
MINIMUS_CONTAINMENT: dict[str, Any] = {
    "name": "Minimus Containment",
    "type_line": "Enchantment — Aura",
    "mana_cost": "{2}{W}",
    "oracle": (
        'Enchant nonland permanent\nEnchanted permanent is a Treasure artifact with "{T}, Sacrifice this '
        'artifact: Add one mana of any color," and it loses all other abilities. (If it was a creature, '
        "it's no longer a creature.)"
    ),
}
#: A made-up enchantment whose triggered mana ability Minimus Containment takes away.
LAND_DOUBLER: dict[str, Any] = {
    "name": "Test Land Doubler",
    "type_line": "Enchantment",
    "oracle": "Whenever you tap a land for mana, add one additional mana of any type that land produced.",
}
#: A made-up enchantment granting artifacts a mana ability (its timestamp against Minimus's is not known).
ARTIFACT_GIVER: dict[str, Any] = {
    "name": "Test Artifact Giver",
    "type_line": "Enchantment",
    "oracle": 'Artifacts you control have "{T}: Add {C}."',
}


def _contained(pid: str, card: str | dict[str, Any], *others: dict[str, Any], **status: Any) -> Board:
    """A board with Minimus Containment on ``pid`` (``card``) beside ``others``."""
    return make_board([mine(pid, card, **status), mine("m", MINIMUS_CONTAINMENT, attached_to=pid), *others])


def test_the_enchanted_permanent_is_a_treasure_with_that_ability_alone() -> None:
    parsed = parse_oracle(MINIMUS_CONTAINMENT["oracle"], MINIMUS_CONTAINMENT["name"])
    assert [s.read_as for s in parsed.sentences] == ["keyword", "effect"]
    change, grant = parsed.effects
    assert isinstance(change, TypeChange) and isinstance(grant, GrantAbility)
    assert str(change.sets_types) == "Artifact — Treasure" and change.affected.attached
    assert grant.ability.cost.sacrifice_self and grant.ability.cost.tap
    # Sol Ring loses {C}{C}: a Treasure, and a Forest beside it: two mana, any color from the Treasure
    ring = _contained("s", "Sol Ring", mine("f", "Forest"))
    assert {pid: str(c) for pid, c in could_produce(ring).items()} == {"s": "WUBRG", "m": "", "f": "G"}
    assert checked_verdict(ring, "{W}{G}") and not checked_verdict(ring, "{2}{G}")
    assert largest_x(ring) == 2 and not text_warnings(ring)
    assert BoardView(ring).type_line("s") == TypeLine.parse("Artifact — Treasure")
    # a legendary permanent stays legendary (supertypes are no card types)
    legend = _contained("s", {**SELVALA}, mine("f", "Forest"))
    assert BoardView(legend).type_line("s") == TypeLine.parse("Legendary Artifact — Treasure")


def test_a_summoning_sick_creature_under_it_is_no_creature_and_taps() -> None:
    """Llanowar Elves that entered this turn: a Treasure, no creature, so its {T} is no creature's (CR 302.6);
    its {G} is gone; a 'Sacrifice a creature' outlet can't take it."""
    sick = _contained("e", "Llanowar Elves", mine("f", "Forest"), summoning_sick=True)
    assert checked_verdict(sick, "{U}{G}") and not checked_verdict(sick, "{G}{G}{G}")
    assert largest_x(sick) == 2
    altar = _contained("e", "Llanowar Elves", mine("a", ALTAR))
    assert checked_verdict(altar, "{W}") and not checked_verdict(altar, "{W}{1}")


def test_the_enchanted_permanents_own_effects_end() -> None:
    """A doubler under Minimus Containment doubles nothing: the Forest taps for {G}, the doubler is a
    Treasure; unattached, the Forest taps for {G}{G}."""
    doubled = _contained("d", LAND_DOUBLER, mine("f", "Forest"))
    assert checked_verdict(doubled, "{G}{W}") and not checked_verdict(doubled, "{G}{G}{G}")
    assert largest_x(doubled) == 2
    loose = make_board([mine("d", LAND_DOUBLER), mine("m", MINIMUS_CONTAINMENT), mine("f", "Forest")])
    assert checked_verdict(loose, "{G}{G}") and not checked_verdict(loose, "{G}{W}")


def test_another_grant_to_the_enchanted_permanent_is_warned_about() -> None:
    board = _contained("s", "Sol Ring", mine("g", ARTIFACT_GIVER))
    (warning,) = text_warnings(board)
    assert warning.permanent == "s" and "CR 613.7" in warning.reason and warning.sentence == "{T}: Add {C}."
    assert checked_verdict(board, "{1}") and not checked_verdict(board, "{2}")


def test_a_restriction_after_a_triggers_mana_is_that_manas() -> None:
    karn = (
        "At the beginning of your upkeep, add {C} for each artifact you control. This mana can't be spent to "
        "cast nonartifact spells. Until end of turn, you don't lose this mana as steps and phases end."
    )
    parsed = parse_oracle(karn, "Karn, Legacy Reforged")
    assert [s.read_as for s in parsed.sentences] == ["not_payment", "not_payment", "ignored"]
    (record,) = parsed.not_payment
    assert record.restriction is not None
    assert record.restriction.allows(PaymentTarget.of("{3}", type_line="Artifact Creature — Golem"))
    assert record.restriction.allows(PaymentTarget.of("{3}", kind="ability"))
    assert not record.restriction.allows(PaymentTarget.of("{3}", type_line="Creature — Bear"))


#: Roxanne, Starfall Savant (current Oracle text) and the Meteorite token she makes.
ROXANNE: dict[str, Any] = {
    "name": "Roxanne, Starfall Savant",
    "type_line": "Legendary Creature — Cat Druid",
    "power": 4,
    "toughness": 3,
    "oracle": (
        "Whenever Roxanne enters or attacks, create a tapped colorless artifact token named Meteorite with "
        '"When this token enters, it deals 2 damage to any target" and "{T}: Add one mana of any color."\n'
        "Whenever you tap an artifact token for mana, add one mana of any type that artifact token produced."
    ),
}
METEORITE: dict[str, Any] = {
    "name": "Meteorite",
    "type_line": "Token Artifact",
    "token": True,
    "oracle": "When this token enters, it deals 2 damage to any target.\n{T}: Add one mana of any color.",
}


def test_roxanne_adds_one_more_for_an_artifact_token_tapped_for_mana() -> None:
    """A Meteorite taps for {R}{R} (its {R} and Roxanne's), a Treasure for {G}{G}, a Sol Ring (no token)
    for {C}{C} only: six mana, two of each of two colors at most."""
    treasure = {**SCRAPPER, "name": "Treasure", "type_line": "Token Artifact — Treasure", "token": True}
    treasure["oracle"] = "{T}, Sacrifice this artifact: Add one mana of any color."
    board = make_board([mine("r", ROXANNE), mine("m", METEORITE), mine("t", treasure), mine("s", "Sol Ring")])
    assert checked_verdict(board, "{R}{R}{G}{G}{2}") and not checked_verdict(board, "{R}{R}{R}{G}")
    assert largest_x(board) == 6 and not text_warnings(board)
