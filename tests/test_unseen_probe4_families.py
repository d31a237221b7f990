"""Families of Oracle phrases the fourth probe of unseen 2020-2026 cards left (issue 35), found by boards
worked out by hand from the rules:

- a triggered mana ability on a list of basic land types, 'Whenever a player taps a Mountain, Forest, or
  Plains for mana, that player adds one mana of any type that land produced' (Keeper of Progenitus, CR 605.1b,
  605.4a): it was filed as a trigger outside payments, a silent "no" where the rules pay;
- an alternative cost, 'You may pay eight {E} rather than pay the mana cost for permanent spells you cast'
  (Nissa, Worldsoul Speaker), 'You may sacrifice a nontoken green creature rather than pay this spell's mana
  cost' (Flare of Cultivation; CR 118.9): read and paid since (tests/test_alternative_costs.py); one the
  reader does not read is unsupported text (a warning), never an ignored sentence behind a silent "no";
- a rider 'When you spend this mana to cast ...' (Jade Orb of Dragonkind, Opal Palace), read as the riders
  'When that mana is spent ...' are (the line was unsupported: its mana ability lost);
- 'Affinity for outlaws' (Hellspur Brute, CR 702.41a): an outlaw is an Assassin, Mercenary, Pirate, Rogue or
  Warlock;
- a cost change by mana value, 'Noncreature spells your opponents cast with mana value 4 or greater cost {2}
  more to cast' (Reidane, God of the Worthy; CR 202.3, 601.2f): the sentence was unsupported and the tax left
  out (a warned "yes" where the rules say no);
- 'Spend this mana only to turn permanents face up' (Overgrown Zealot; Tin Street Gossip's 'to cast face-down
  spells or to turn creatures face up'): the plural without an article, as 'to turn a permanent face up';
- Corrupted's 'Activate only if an opponent has three or more poison counters' (Glistening Sphere): the
  opponents' counters on the board (``players[i].counters``).

Values are derived by hand from the rules; each board is checked against the reference search too (a cost
changed as it is locked in: the locked-in cost).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from boards import checked_verdict, make_board, mine

from models.abilities import SpendPurpose
from models.cost import PaymentTarget
from models.mana_effects import CostModifier, ManaTrigger
from models.oracle import parse_oracle
from models.spells import spell_of
from planner.api import pay, text_warnings
from planner.rules.view import BoardView, locked_in

#: Keeper of Progenitus's trigger (made up name, the same sentence).
LAND_KEEPER: dict[str, Any] = {
    "name": "Test Land Keeper",
    "type_line": "Creature — Elf",
    "oracle": "Whenever a player taps a Mountain, Forest, or Plains for mana, that player adds one mana of "
    "any type that land produced.",
    "mana_cost": "{3}{G}",
    "power": 1,
    "toughness": 3,
}
#: The same with two types and 'or' alone.
TWO_LAND_KEEPER: dict[str, Any] = {
    **LAND_KEEPER,
    "name": "Test Two-Land Keeper",
    "oracle": LAND_KEEPER["oracle"].replace("a Mountain, Forest, or Plains", "an Island or Swamp"),
}
#: Nissa, Worldsoul Speaker's alternative cost (made up name, the same sentence).
ENERGY_ALTERNATIVE: dict[str, Any] = {
    "name": "Test Energy Alternative",
    "type_line": "Enchantment",
    "oracle": "You may pay eight {E} rather than pay the mana cost for permanent spells you cast.",
}


def test_a_trigger_on_a_list_of_land_types_is_a_triggered_mana_ability() -> None:
    (keeper,) = parse_oracle(LAND_KEEPER["oracle"]).effects
    assert isinstance(keeper, ManaTrigger)
    assert keeper.affected.any_types == ("Mountain", "Forest", "Plains")
    (two,) = parse_oracle(TWO_LAND_KEEPER["oracle"]).effects
    assert isinstance(two, ManaTrigger) and two.affected.any_types == ("Island", "Swamp")
    # a type change's list of land types still reads with the list's commas
    change = parse_oracle("Enchanted land is a Plains, Island, and Swamp in addition to its other types.")
    assert [s.read_as for s in change.sentences] == ["effect"]


def test_keeper_adds_one_more_for_a_forest_and_none_for_an_island() -> None:
    """Forest: {G} and one more of a type it produced ({G}); Island: {U} alone. {G}{G}{U}, not four."""
    board = make_board([mine("k", LAND_KEEPER), mine("f", "Forest"), mine("i", "Island")])
    assert checked_verdict(board, "{G}{G}{U}") and not checked_verdict(board, "{G}{G}{U}{U}")
    assert not text_warnings(board)
    # the opponent's Keeper doubles the player's Forest too ('a player taps')
    theirs = make_board([{**mine("k", LAND_KEEPER), "controller": "opp"}, mine("f", "Forest")])
    assert checked_verdict(theirs, "{G}{G}") and not checked_verdict(theirs, "{G}{G}{G}")
    two = make_board([mine("k", TWO_LAND_KEEPER), mine("f", "Forest"), mine("s", "Swamp")])
    assert checked_verdict(two, "{G}{B}{B}") and not checked_verdict(two, "{G}{G}{B}")


def test_an_alternative_cost_is_read_or_unsupported_text_never_ignored() -> None:
    """Issue 35: the alternative costs the reader reads are effects the planner pays
    (tests/test_alternative_costs.py); one it does not read stays unsupported text, never ignored."""
    for sentence in (
        ENERGY_ALTERNATIVE["oracle"],
        "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast.",
    ):
        assert [s.read_as for s in parse_oracle(sentence).sentences] == ["effect"], sentence
    board = make_board([mine("n", ENERGY_ALTERNATIVE)])
    assert not text_warnings(board)
    # (Warped Space's "... from exile." is read since issue 35's exile grants; a from-graveyard one is not)
    unread = (
        "Once each turn, you may pay {0} rather than pay the mana cost for a spell you cast from your "
        "graveyard."
    )
    assert [s.read_as for s in parse_oracle(unread).sentences] == ["unsupported"]
    (warning,) = text_warnings(make_board([mine("n", {**ENERGY_ALTERNATIVE, "oracle": unread})]))
    assert warning.permanent == "n" and "rather than pay the mana cost" in warning.sentence


def test_a_cards_own_alternative_cost_is_reported_only_for_the_spell_paid_for() -> None:
    """'rather than pay this spell's mana cost' (CR 118.9) is about casting that card: a permanent on the
    battlefield with it (a Borderpost) pays as ever with no warning; the spell paid for reports it."""
    own = (
        "You may pay {1} and return a basic land you control to its owner's hand rather than pay this "
        "spell's mana cost."
    )
    post = {
        "name": "Test Borderpost",
        "type_line": "Artifact",
        "mana_cost": "{3}{G}",
        "oracle": f"{own}\n{{T}}: Add {{G}}.",
    }
    board = make_board([mine("p", post)])
    assert checked_verdict(board, "{G}") and not text_warnings(board)
    # (the spell paid for with such a cost the reader does not read: a warning; Flare of Cultivation's
    # 'sacrifice a nontoken green creature' is read and paid: tests/test_alternative_costs.py)
    unread = "You may tap an untapped creature you control rather than pay this spell's mana cost."
    flare = spell_of(
        "{1}{G}{G}",
        name="Test Flare",
        type_line="Sorcery",
        text=f"{unread}\nDraw a card.",
    )
    (warning,) = pay(board, flare).warnings
    assert warning.permanent == "Test Flare" and "rather than pay ~'s mana cost" in warning.sentence


def test_affinity_for_outlaws_counts_the_five_types() -> None:
    """{4}{R} with affinity for outlaws: a Rogue and a Pirate make it {2}{R}, an Elf does not count; a
    Mountain and two Wastes pay {2}{R}, not {3}{R}."""
    brute = spell_of(
        "{4}{R}", type_line="Creature — Minotaur Mercenary", text="Affinity for outlaws\nTrample"
    )
    rogue = {"name": "Test Rogue", "type_line": "Creature — Human Rogue", "oracle": "", "mana_cost": "{B}"}
    pirate = {**rogue, "name": "Test Pirate", "type_line": "Creature — Human Pirate"}
    elf = {**rogue, "name": "Test Elf", "type_line": "Creature — Elf"}
    lands = [mine("m", "Mountain"), mine("w", "Wastes"), mine("x", "Wastes")]
    board = make_board([mine("r", rogue), mine("p", pirate), mine("e", elf), *lands])
    assert str(locked_in(BoardView(board), brute, "me").cost) == "{2}{R}"
    # (the reference search pays a cost as locked in: the locked-in cost is checked against it)
    assert pay(board, brute).payable and checked_verdict(board, "{2}{R}")
    short = make_board([mine("r", rogue), mine("e", elf), *lands])
    assert str(locked_in(BoardView(short), brute, "me").cost) == "{3}{R}"
    assert not pay(short, brute).payable and not checked_verdict(short, "{3}{R}")


#: Jade Orb of Dragonkind's rider (made up name, the same text): the rider changes no payment.
DRAGON_ORB: dict[str, Any] = {
    "name": "Test Dragon Orb",
    "type_line": "Artifact",
    "oracle": "{T}: Add {G}. When you spend this mana to cast a Dragon creature spell, it enters with an "
    "additional +1/+1 counter on it and gains hexproof until your next turn.",
}


def test_a_rider_when_you_spend_this_mana_keeps_the_mana_ability() -> None:
    """'When you spend this mana to cast ...' is a rider on the mana once spent (as 'When that mana is
    spent'): the Orb taps for {G} whatever it pays for; unread, the whole line was unsupported."""
    (orb,) = parse_oracle(DRAGON_ORB["oracle"]).mana_abilities
    assert orb.riders and str(orb.output.options[0]) == "{G}"
    board = make_board([mine("o", DRAGON_ORB), mine("w", "Wastes")])
    assert checked_verdict(board, "{1}{G}") and not checked_verdict(board, "{G}{G}")
    assert not text_warnings(board)


#: Reidane, God of the Worthy's tax (made up name, the same sentence).
TAX_BY_MANA_VALUE: dict[str, Any] = {
    "name": "Test Worthy Tax",
    "type_line": "Enchantment",
    "oracle": "Noncreature spells your opponents cast with mana value 4 or greater cost {2} more to cast.",
}


def test_a_tax_on_spells_with_mana_value_four_or_greater() -> None:
    """The opponent's tax: my sorcery {3}{R} (mana value 4) costs {5}{R}, my {2}{R} sorcery and my {3}{R}
    creature cost what they say; the tax of the player's own permanent is not on the player's spells."""
    (tax,) = parse_oracle(TAX_BY_MANA_VALUE["oracle"]).effects
    assert isinstance(tax, CostModifier) and tax.min_mana_value == 4 and tax.generic_delta == 2
    mountains = [mine(f"m{i}", "Mountain") for i in range(4)]
    board = make_board([{**mine("t", TAX_BY_MANA_VALUE), "controller": "opp"}, *mountains])
    view = BoardView(board)
    sorcery = PaymentTarget.of("{3}{R}", type_line="Sorcery")
    assert str(locked_in(view, sorcery, "me").cost) == "{5}{R}"
    assert not pay(board, sorcery).payable and not checked_verdict(board, "{5}{R}")
    small = PaymentTarget.of("{2}{R}", type_line="Sorcery")
    assert str(locked_in(view, small, "me").cost) == "{2}{R}"
    creature = PaymentTarget.of("{3}{R}", type_line="Creature — Elf")
    assert str(locked_in(view, creature, "me").cost) == "{3}{R}" and pay(board, creature).payable
    # X counts in the mana value on the stack (CR 202.3e): {X}{R} with X = 3 is taxed
    assert str(locked_in(view, PaymentTarget.of("{X}{R}", type_line="Sorcery").with_x(3), "me").cost) == (
        "{5}{R}"
    )
    own = make_board([mine("t", TAX_BY_MANA_VALUE), *mountains])
    assert pay(own, sorcery).payable


#: Overgrown Zealot's second ability (made up name, the same text).
FACE_UP_ZEALOT: dict[str, Any] = {
    "name": "Test Face-Up Zealot",
    "type_line": "Creature — Elf Druid",
    "oracle": "{T}: Add two mana of any one color. Spend this mana only to turn permanents face up.",
    "mana_cost": "{1}{G}",
    "power": 0,
    "toughness": 4,
}


def test_spend_only_to_turn_permanents_face_up_without_an_article() -> None:
    """'to turn permanents face up' reads as 'to turn a permanent face up' (CR 702.37e): its two mana
    pay for turning a permanent face up, and nothing else."""
    (zealot,) = parse_oracle(FACE_UP_ZEALOT["oracle"]).mana_abilities
    assert zealot.restriction is not None
    creature = PaymentTarget.of("{R}{R}", type_line="Creature — Elf")
    assert not zealot.restriction.allows(creature)
    assert zealot.restriction.allows(replace(creature, purposes=frozenset({SpendPurpose.TURN_FACE_UP.value})))
    board = make_board([mine("z", FACE_UP_ZEALOT)])
    assert not checked_verdict(board, "{R}{R}") and not text_warnings(board)


#: Glistening Sphere's abilities (made up name, the same text).
CORRUPTED_SPHERE: dict[str, Any] = {
    "name": "Test Corrupted Sphere",
    "type_line": "Artifact",
    "oracle": "{T}: Add one mana of any color.\nCorrupted — {T}: Add three mana of any one color. Activate "
    "only if an opponent has three or more poison counters.",
}


def _poisoned(board: Any, poison: int) -> Any:
    data = board.to_dict()
    data["players"][1]["counters"] = {"poison": poison}
    return type(board).from_dict(data)


def test_corrupted_reads_an_opponents_poison_counters() -> None:
    """{G}{G}{G} from the Sphere alone when an opponent has three poison counters, {G} with two; the
    player's own poison counters are no opponent's."""
    (_, corrupted) = parse_oracle(CORRUPTED_SPHERE["oracle"]).mana_abilities
    held = corrupted.activation_condition
    assert held is not None and held.describe() == "an opponent has 3 or more poison counters"
    board = make_board([mine("s", CORRUPTED_SPHERE)])
    three = _poisoned(board, 3)
    assert checked_verdict(three, "{G}{G}{G}") and not checked_verdict(three, "{G}{G}{G}{G}")
    assert not text_warnings(three)
    two = _poisoned(board, 2)
    assert checked_verdict(two, "{G}") and not checked_verdict(two, "{G}{G}")
    data = board.to_dict()
    data["players"][0]["counters"] = {"poison": 5}
    mine_only = type(board).from_dict(data)
    assert not checked_verdict(mine_only, "{G}{G}")
