"""Amounts counted when a mana ability resolves (CR 608.2h, issue 35): each family on a small board, with what
`could_produce`, `pay` and `max_x` must answer derived by hand from the rules in each test's docstring, and
the same boards against the exhaustive reference search.

The cards are described by their text (:data:`tests.boards.COUNTED`). Where the order of the activations
changes what an amount counts, the docstring says which order the objective (docs/objective.md) prefers:
criterion 5 (life), 6 (valuable permanents sacrificed), 8 (mana left floating).
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import BAUBLE, BLACK_KNIGHT, COUNTED, counted

from models.board import Board
from models.cost import PaymentTarget
from models.errors import BoardError
from planner.api import PayResult, could_produce, max_x, pay
from planner.rules.reference import reference_search
from planner.rules.replay import replay
from planner.solve.objective import objective_of, objectives_on


def board(
    *permanents: dict[str, Any],
    life: int = 20,
    graveyard: list[Any] | int | None = None,
    hand: list[Any] | None = None,
) -> Board:
    """A board of 'me' (ids as given), with a graveyard and a hand when given."""
    me: dict[str, Any] = {"id": "me", "life": life}
    if graveyard is not None:
        me["graveyard"] = graveyard
    if hand is not None:
        me["hand"] = hand
    entries = [{"controller": "me", **p} for p in permanents]
    return Board.from_dict({"version": 1, "players": [me], "permanents": entries})


def could(found: Board) -> dict[str, str]:
    return {pid: str(types) for pid, types in could_produce(found).items()}


def steps(result: PayResult) -> list[tuple[str | None, str]]:
    """The plan's activations in order: (permanent, mana produced)."""
    return [(step.permanent, str(step.produced)) for step in result.steps]


def best_of_reference(found: Board, cost: str) -> tuple[int, ...] | None:
    """The best objective the reference search reaches, or None when it finds no payment."""
    target = PaymentTarget.of(cost)
    result = reference_search(found, target, max_states=20_000)
    if not result.payable:
        return None
    return min(map(objectives_on(found, "me"), result.outcomes))


def agrees_with_the_reference(found: Board, *costs: str) -> None:
    """``pay`` finds a payment exactly when the reference search does, as good by every level."""
    for cost in costs:
        target = PaymentTarget.of(cost)
        result = pay(found, target)
        best = best_of_reference(found, cost)
        assert result.payable == (best is not None), cost
        if best is not None:
            assert result.plan is not None
            assert objective_of(found, "me", replay(found, target, result.plan)) == best, cost


def floating(result: PayResult) -> str:
    return str(result.floating)


# ------------------------------------------------------------------------------------------------- life


def test_sanctum_of_the_sun_counts_the_life_left_as_it_resolves() -> None:
    """Sanctum of the Sun (X = your life total) and Mana Confluence ({T}, Pay 1 life: any color) at 3 life.

    - could produce: Sanctum, X = 3 > 0 mana of any one color: WUBRG (CR 106.7; "any color" is no {C});
      Confluence any color.
    - {W}{W}{W}{R}: Sanctum must make three {W} and resolve while the life is 3, so before Confluence pays
      its 1 life (CR 608.2h: X is counted as it resolves); Confluence makes {R}: steps Sanctum then
      Confluence, 1 life paid.
    - {W}{W}{R}: Confluence's {R} is needed (1 life either way, criterion 5). Activated first, it leaves 2
      life, and Sanctum makes exactly {W}{W}; Sanctum first makes three, one floating: criterion 8 prefers
      Confluence first, nothing floating.
    - {W}{W}{W}{W}{W}: Sanctum at most 3 (before Confluence), Confluence 1: 4 mana, not payable.
    - max X for {X}: 3 + 1 = 4.
    """
    found = board(counted("sanctum", "s"), {"id": "conf", "card": "Mana Confluence"}, life=3)
    assert could(found) == {"s": "WUBRG", "conf": "WUBRG"}
    first = pay(found, PaymentTarget.of("{W}{W}{W}{R}"))
    assert first.payable and steps(first) == [("s", "{W}{W}{W}"), ("conf", "{R}")] and first.life_paid == 1
    second = pay(found, PaymentTarget.of("{W}{W}{R}"))
    assert second.payable and steps(second) == [("conf", "{R}"), ("s", "{W}{W}")]
    assert floating(second) == "" and second.life_paid == 1
    assert pay(found, PaymentTarget.of("{W}{W}{W}{W}{W}")).payable is False
    assert max_x(found, PaymentTarget.of("{X}")).x == 4
    assert not first.warnings
    agrees_with_the_reference(found, "{W}{W}{W}{R}", "{W}{W}{R}", "{W}{W}{W}{W}{W}", "{G}")


def test_sanctum_of_the_sun_at_no_life_makes_no_mana() -> None:
    """At 0 life X = 0: Sanctum would add no mana, so it could produce nothing (CR 106.5, 106.7), and no
    payment can use it; Mana Confluence can't pay 1 life at 0 (CR 119.4): {W} is not payable."""
    found = board(counted("sanctum", "s"), {"id": "conf", "card": "Mana Confluence"}, life=0)
    assert could(found) == {"s": "", "conf": "WUBRG"}
    assert pay(found, PaymentTarget.of("{W}")).payable is False
    agrees_with_the_reference(found, "{W}")


# -------------------------------------------------------------------------------------------- the power


def test_the_greatest_power_is_among_the_creatures_still_there() -> None:
    """Avatar Kyoshi (3/3; X = the greatest power among creatures you control), a 2/2 bear with two +1/+1
    counters (power 4) and Phyrexian Altar (sacrifice a creature: one mana of any color).

    - could produce: Kyoshi, X = 4 mana of any one color: WUBRG.
    - {G}{G}{G}{G}: Kyoshi alone, X = 4.
    - {G}{G}{G}{R}: {R} comes only from the Altar, which sacrifices a creature (criterion 6: one either
      way). Sacrificing the bear first leaves Kyoshi's own 3 as the greatest power: {G}{G}{G}, nothing
      floating; Kyoshi before the sacrifice makes four, one floating (criterion 8).
    - max X: Kyoshi first (4), then the Altar sacrifices the bear and Kyoshi (a tapped creature can be
      sacrificed): 6.
    """
    bear = {"id": "bear", "name": "Grizzly Bears", "type_line": "Creature — Bear", "power": 2,
            "toughness": 2, "counters": {"+1/+1": 2}}  # fmt: skip
    found = board(counted("kyoshi", "k"), bear, {"id": "altar", "card": "Phyrexian Altar"})
    assert could(found)["k"] == "WUBRG"
    alone = pay(found, PaymentTarget.of("{G}{G}{G}{G}"))
    assert alone.payable and steps(alone) == [("k", "{G}{G}{G}{G}")]
    both = pay(found, PaymentTarget.of("{G}{G}{G}{R}"))
    assert both.payable and steps(both) == [("altar", "{R}"), ("k", "{G}{G}{G}")]
    assert both.sacrificed == ("bear",) and floating(both) == ""
    assert max_x(found, PaymentTarget.of("{X}")).x == 6
    agrees_with_the_reference(found, "{G}{G}{G}{G}", "{G}{G}{G}{R}", "{G}{G}{G}{G}{G}")


def test_a_creature_counts_its_own_power_with_its_counters() -> None:
    """Marwyn (printed 1/1) with three +1/+1 counters has power 4 (CR 122.1a): it could produce {G}, pays
    {G}{G}{G}{G} alone, and the largest X is 4; with no power given (a card given by its text without
    `power`), its ability is not used and the warning names `permanents[0].power`."""
    found = board(counted("marwyn", "m", counters={"+1/+1": 3}))
    assert could(found) == {"m": "G"}
    result = pay(found, PaymentTarget.of("{G}{G}{G}{G}"))
    assert result.payable and steps(result) == [("m", "{G}{G}{G}{G}")]
    assert max_x(found, PaymentTarget.of("{X}")).x == 4
    agrees_with_the_reference(found, "{G}{G}{G}{G}", "{G}{G}{G}{G}{G}")
    unknown = {k: v for k, v in COUNTED["marwyn"].items() if k != "power"}
    blank = board({"id": "m", **unknown})
    assert could(blank) == {"m": ""}
    answer = pay(blank, PaymentTarget.of("{G}"))
    assert answer.payable is False
    assert [w.reason.split(":")[0] for w in answer.warnings] == ["permanents[0].power"]


def test_a_power_changed_by_a_cost_is_counted_after_it() -> None:
    """Sprouting Giant (printed 3/3, two +1/+1 counters: power 5) taps for {G} times its power, and removes a
    +1/+1 counter for {B} (no {T}).

    - {G}{G}{G}{G}{G}{B}{B}: tap first (five {G}), then remove both counters ({B}{B}).
    - {G}{G}{G}{B}{B}: removing both counters first leaves power 3, and the tap makes exactly {G}{G}{G};
      tapping first makes five, two floating (criterion 8).
    - max X: 5 + 2 = 7.
    """
    found = board(counted("giant", "g", counters={"+1/+1": 2}))
    assert could(found) == {"g": "BG"}
    assert pay(found, PaymentTarget.of("{G}{G}{G}{G}{G}{B}{B}")).payable
    exact = pay(found, PaymentTarget.of("{G}{G}{G}{B}{B}"))
    assert exact.payable and steps(exact) == [("g", "{B}"), ("g", "{B}"), ("g", "{G}{G}{G}")]
    assert floating(exact) == ""
    assert max_x(found, PaymentTarget.of("{X}")).x == 7
    agrees_with_the_reference(found, "{G}{G}{G}{G}{G}{B}{B}", "{G}{G}{G}{B}{B}", "{G}{G}{G}{G}{G}{G}")


# --------------------------------------------------------------------------------------------- the graveyard


GRAVEYARD = [BLACK_KNIGHT, "Elves of Deep Shadow", BLACK_KNIGHT, BLACK_KNIGHT, "Swamp"]


def test_crypt_of_agadeem_counts_the_black_creature_cards_in_the_graveyard() -> None:
    """Crypt of Agadeem ({T}: {B}; {2}, {T}: {B} for each black creature card in your graveyard), Sol Ring,
    a Swamp and Blood Pet (sacrifice it: {B}); the graveyard holds three Black Knights ({B}{B}: black
    creature cards), Elves of Deep Shadow (a green one: its mana cost is {G}) and a Swamp: 3.

    - could produce: the Crypt {B}.
    - {B}{B}{B}{B}: Sol Ring pays the Crypt's {2}, the Crypt makes {B}{B}{B}, the Swamp {B}; nothing
      sacrificed (criterion 6 keeps Blood Pet).
    - {B}{B}{B}{B}{B}{B}: Blood Pet sacrificed first goes to the graveyard (CR 701.21a): the Crypt then counts
      4; with the Swamp and the Pet's own {B}, 6. The Crypt before the Pet counts 3: 5 only.
    - max X: 1 + 4 + 1 = 6 (Sol Ring's mana pays the Crypt).
    """
    found = board(
        counted("crypt", "c"),
        {"id": "sol", "card": "Sol Ring"},
        {"id": "sw", "card": "Swamp"},
        counted("bloodpet", "pet"),
        graveyard=GRAVEYARD,
    )
    assert could(found)["c"] == "B"
    four = pay(found, PaymentTarget.of("{B}{B}{B}{B}"))
    assert four.payable and not four.sacrificed and ("c", "{B}{B}{B}") in steps(four)
    six = pay(found, PaymentTarget.of("{B}{B}{B}{B}{B}{B}"))
    assert six.payable and six.sacrificed == ("pet",)
    order = [pid for pid, _ in steps(six)]
    assert order.index("pet") < order.index("c") and ("c", "{B}{B}{B}{B}") in steps(six)
    assert max_x(found, PaymentTarget.of("{X}")).x == 6
    agrees_with_the_reference(found, "{B}{B}{B}{B}", "{B}{B}{B}{B}{B}{B}", "{B}{B}{B}{B}{B}{B}{B}")


def test_a_graveyard_given_as_a_count_or_not_at_all_leaves_the_crypt_unused() -> None:
    """A count of cards can't say how many are black creature cards, and a graveyard not given says nothing:
    the Crypt's counting ability is not used (its plain {B} is), and the warning names the field to give."""
    for given, why in ((5, "only black creature"), (None, "not given")):
        found = board(counted("crypt", "c"), {"id": "sol", "card": "Sol Ring"}, graveyard=given)
        result = pay(found, PaymentTarget.of("{B}{B}"))
        assert result.payable is False
        (warning,) = result.warnings
        assert warning.reason.startswith("players[0].graveyard") and why in warning.reason
        assert could(found)["c"] == "B"


def test_a_crypt_beside_a_cost_that_discards_is_set_aside_with_why() -> None:
    """A card discarded by a cost goes to the graveyard the Crypt counts (CR 701.9a); until the planner
    follows that card, the Crypt's counting ability is set aside on such a board, named by the warning, and
    never counted without the discarded card: {B}{B}{B}{B} is then paid without it."""
    witch = {
        "id": "witch",
        "name": "Test Witch",
        "type_line": "Creature — Human Warlock",
        "oracle": "{B}, {T}, Discard a card: Add {B}{B}{B}.",
    }
    found = board(counted("crypt", "c"), {"id": "sw", "card": "Swamp"}, witch, graveyard=GRAVEYARD)
    result = pay(found, PaymentTarget.of("{B}{B}{B}{B}"))
    assert any(w.permanent == "c" and "discards" in w.reason for w in result.warnings)
    assert all(pid != "c" or produced == "{B}" for pid, produced in steps(result))


def test_delve_exiles_a_card_the_payment_sacrificed() -> None:
    """Lotus Petal sacrificed for {U} goes to the graveyard (CR 701.21a) before the total cost is paid
    (601.2g-h): delve exiles it for the {1} of {1}{U}. With an empty graveyard and nothing else that is the
    only payment."""
    found = board({"id": "petal", "card": "Lotus Petal"}, graveyard=[])
    target = PaymentTarget.of("{1}{U}", delve=True)
    result = pay(found, target)
    assert result.payable and [a.kind.value for a in result.alternative_payments] == ["delve"]
    assert reference_search(found, target).payable


# ------------------------------------------------------------------------------------------ land types


def test_prismatic_geoscope_counts_basic_land_types_still_there() -> None:
    """Prismatic Geoscope (X = basic land types among lands you control), a Forest, a Tundra (Plains
    Island) and Squandered Resources (sacrifice a land: a type it could produce): Forest, Plains, Island, 3.

    - could produce: the Geoscope, any combination of colors: WUBRG.
    - {W}{U}{B}{G}: the Geoscope's three ({W}{U}{B}) and the Forest's {G}.
    - {W}{W}: the Geoscope alone (one mana floating) sacrifices nothing; counting 2 would need a land
      sacrificed first (criterion 6 before 8).
    - max X: the Geoscope before any land is sacrificed (3), both lands tapped (2), then sacrificed to
      Squandered Resources (2): 7.
    """
    found = board(
        counted("geoscope", "g"),
        {"id": "f", "card": "Forest"},
        {"id": "t", "card": "Tundra"},
        {"id": "sq", "card": "Squandered Resources"},
    )
    assert could(found)["g"] == "WUBRG"
    assert pay(found, PaymentTarget.of("{W}{U}{B}{G}")).payable
    two = pay(found, PaymentTarget.of("{W}{W}"))
    assert two.payable and steps(two)[0][0] == "g" and not two.sacrificed and two.floating.total == 1
    assert max_x(found, PaymentTarget.of("{X}")).x == 7
    agrees_with_the_reference(found, "{W}{U}{B}{G}", "{W}{W}", "{W}{U}{B}{R}{G}")


# ----------------------------------------------------------------------------------------- mana value


def test_priest_of_yawgmoth_adds_the_sacrificed_artifacts_mana_value() -> None:
    """Priest of Yawgmoth ({T}, sacrifice an artifact: {B} times its mana value), Sol Ring (mana value 1), a
    statue costing {4} and a Treasure (no mana cost: 0, CR 202.3a).

    - could produce: the Priest {B} (some artifact it could sacrifice has a mana value above 0).
    - {B}{B}{B}{B}: the Priest sacrificing the statue.
    - max X: Sol Ring's {C}{C}, the Priest sacrificing the statue (4), the Treasure (1): 7.
    - With only the Treasure to sacrifice the Priest could produce nothing (0 mana, CR 106.7).
    """
    statue = {"id": "statue", "name": "Ornate Statue", "type_line": "Artifact", "mana_cost": "{4}"}
    found = board(
        counted("priest", "pr"), {"id": "sol", "card": "Sol Ring"}, statue, {"id": "t", "card": "Treasure"}
    )
    assert could(found)["pr"] == "B"
    result = pay(found, PaymentTarget.of("{B}{B}{B}{B}"))
    assert result.payable and result.sacrificed == ("statue",) and steps(result) == [("pr", "{B}{B}{B}{B}")]
    assert max_x(found, PaymentTarget.of("{X}")).x == 7
    agrees_with_the_reference(found, "{B}{B}{B}{B}", "{B}{B}{B}{B}{B}", "{2}{B}")
    poor = board(counted("priest", "pr"), {"id": "t", "card": "Treasure"})
    assert could(poor)["pr"] == ""


# ------------------------------------------------------------------------------------------- revealed


def test_metalworker_reveals_as_many_artifact_cards_as_it_needs() -> None:
    """Metalworker ({T}: reveal any number of artifact cards in your hand, {C}{C} for each) with Sol Ring,
    Lotus Petal, an artifact Bauble and a Forest in hand: three artifact cards, 0 to 6 mana, chosen as it
    resolves.

    - could produce: {C}.
    - {C}{C}{C}{C}: two cards revealed, nothing floating; {2}: one.
    - max X: 6.
    - With only a Forest in hand it could produce nothing and pays nothing.
    """
    hand = ["Sol Ring", "Lotus Petal", BAUBLE, "Forest"]
    found = board(counted("metalworker", "m"), hand=hand)
    assert could(found) == {"m": "C"}
    four = pay(found, PaymentTarget.of("{C}{C}{C}{C}"))
    assert four.payable and steps(four) == [("m", "{C}{C}{C}{C}")] and floating(four) == ""
    assert steps(pay(found, PaymentTarget.of("{2}"))) == [("m", "{C}{C}")]
    assert max_x(found, PaymentTarget.of("{X}")).x == 6
    agrees_with_the_reference(found, "{C}{C}{C}{C}", "{2}", "{7}")
    empty = board(counted("metalworker", "m"), hand=["Forest"])
    assert could(empty) == {"m": ""} and pay(empty, PaymentTarget.of("{C}")).payable is False


def test_a_reveal_of_cards_by_power_counts_only_those() -> None:
    """Sacellum Godspeaker reveals creature cards with power 5 or greater: Llanowar Elves (power 1, from card
    data) is not one, so the ability adds nothing and {G} is not payable, with no warning."""
    godspeaker = {"id": "sg", "name": "Sacellum Godspeaker", "type_line": "Creature — Elf Druid",
                  "power": 2, "toughness": 2, "oracle": "{T}: Reveal any number of creature cards with "
                  "power 5 or greater from your hand. Add {G} for each card revealed this way."}  # fmt: skip
    result = pay(board(godspeaker, hand=["Llanowar Elves"]), PaymentTarget.of("{G}"))
    assert result.payable is False
    assert [w.reason for w in result.warnings] == []


# ------------------------------------------------------------------------------------- counters removed


def test_blue_mana_battery_adds_one_more_than_the_counters_it_removes() -> None:
    """Blue Mana Battery ({T}, remove any number of charge counters: {U}, then an additional {U} for each):
    with two counters it makes {U} to {U}{U}{U}; with none, {U} (removing none is allowed, CR 107.1b).

    - could produce {U}; {U}{U}{U} payable with two counters, max X 3; {U} payable with none, {U}{U} not.
    """
    charged = board(counted("battery", "b", counters={"charge": 2}))
    assert could(charged) == {"b": "U"}
    three = pay(charged, PaymentTarget.of("{U}{U}{U}"))
    assert three.payable and not three.warnings
    assert max_x(charged, PaymentTarget.of("{X}")).x == 3
    empty = board(counted("battery", "b"))
    assert (
        pay(empty, PaymentTarget.of("{U}")).payable
        and pay(empty, PaymentTarget.of("{U}{U}")).payable is False
    )
    agrees_with_the_reference(charged, "{U}{U}{U}", "{U}", "{U}{U}{U}{U}")


# ---------------------------------------------------------------------------------------- the board fields


def test_power_and_toughness_are_read_with_their_paths() -> None:
    """A permanent's `power` and `toughness` are integers (contract §10); a catalogue creature has its
    card's; a string or a fraction is an error naming its path."""
    found = board({"id": "elf", "card": "Llanowar Elves"}, {"id": "m", **COUNTED["marwyn"], "toughness": 3})
    assert (found.permanent("elf").power, found.permanent("elf").toughness) == (1, 1)
    assert (found.permanent("m").power, found.permanent("m").toughness) == (1, 3)
    assert Board.loads(found.dumps()) == found
    for field, value, problem in (
        ("power", "*", "permanents[0].power: expected an integer, got the string '*'"),
        ("toughness", 1.5, "permanents[0].toughness: expected an integer, got the number 1.5"),
    ):
        with pytest.raises(
            BoardError, match=problem.replace("[", r"\[").replace("]", r"\]").replace("*", r"\*")
        ):
            board({"id": "x", "name": "X", "type_line": "Creature", field: value})


def test_a_card_exiled_from_the_hand_for_mana_may_not_be_revealed_too() -> None:
    """A homebrew artifact card in hand, "Exile this card from your hand: Add {C}.", beside Metalworker with
    that card and Sol Ring in hand. Revealed, the homebrew card counts only while it is still in the hand
    (CR 608.2h). The model takes a payment's steps from the hand first, so it counts Metalworker's reveal
    without that card (docs/rules.md: a narrowing; no printed card is both): {C}{C} is Metalworker's alone
    (Sol Ring revealed); {C}{C}{C} is paid, and its plan replays (by the rules, Metalworker revealing both
    cards pays it too, one {C} floating, without exiling a card)."""
    charm = {"name": "Iron Charm", "type_line": "Artifact", "mana_cost": "{1}",
             "oracle": "Exile this card from your hand: Add {C}."}  # fmt: skip
    found = board(counted("metalworker", "m"), hand=["Sol Ring", charm])
    two = pay(found, PaymentTarget.of("{C}{C}"))
    assert two.payable and steps(two) == [("m", "{C}{C}")]
    assert pay(found, PaymentTarget.of("{C}{C}{C}")).payable  # (pay replays every plan)


def test_a_turn_never_counts_life_a_spell_paid_before() -> None:
    """In a turn's plan a life total is counted on the turn's last board (docs/rules.md): after a spell paid
    4 life for {R/P}{R/P} at 4 life, Sanctum of the Sun makes nothing, and the plan must not count on it (it
    did, and the replay rejected the plan: an internal error). The answer is now a "no" or a plan the rules
    replay (plan_turn replays every plan), never an error."""
    from planner.turn import plan_turn

    hand = [
        {"name": "Phyrexian Bolt", "type_line": "Instant", "mana_cost": "{R/P}{R/P}"},
        {"name": "Big Thing", "type_line": "Sorcery", "mana_cost": "{W}{W}{W}{W}"},
    ]
    found = board(counted("sanctum", "s"), life=4, hand=hand)
    assert plan_turn(found, casts=["Phyrexian Bolt", "Big Thing"]).castable is not None


_GODSPEAKER = (
    "{T}: Reveal any number of creature cards with power 5 or greater from your hand. Add {G} for each card "
    "revealed this way."
)


_GODSPEAKER_CARD = {
    "id": "s",
    "name": "Test Godspeaker",
    "type_line": "Creature — Elf Druid",
    "power": 2,
    "toughness": 2,
    "oracle": _GODSPEAKER,
}


@pytest.mark.parametrize(("powers", "payable"), [((5, 2), False), ((5, 6), True)])
def test_revealed_cards_read_by_their_printed_power(powers: tuple[int, int], payable: bool) -> None:
    """'Reveal any number of creature cards with power 5 or greater from your hand. Add {G} for each card
    revealed this way.' (Sacellum Godspeaker): the hand's creature cards of power 5 or more count, by the
    power the board gives them: with powers 5 and 2 it adds {G}, with 5 and 6 {G}{G}."""
    hand = [
        {"name": f"Big {p}", "type_line": "Creature — Giant", "mana_cost": "{5}{G}", "power": p}
        for p in powers
    ]
    found = board(_GODSPEAKER_CARD, hand=hand)
    agrees_with_the_reference(found, "{G}{G}")
    assert pay(found, PaymentTarget.of("{G}{G}")).payable is payable


def test_a_revealed_creature_card_with_no_power_given_is_a_board_gap() -> None:
    found = board(
        _GODSPEAKER_CARD, hand=[{"name": "Mystery", "type_line": "Creature — Horror", "mana_cost": "{5}"}]
    )
    reasons = [w.reason for w in pay(found, PaymentTarget.of("{G}")).warnings]
    assert any("hand[0].power" in reason for reason in reasons), reasons


_GRAFSTONE = {
    "id": "g",
    "name": "Test Grafstone",
    "type_line": "Artifact",
    "oracle": "{T}: Choose a color of a card in your graveyard. Add one mana of that color.",
}


@pytest.mark.parametrize(
    ("graveyard", "could_make"), [(["Llanowar Elves", "Lightning Bolt"], "RG"), ([], "")]
)
def test_a_color_of_a_card_in_the_graveyard(graveyard: list[str], could_make: str) -> None:
    """'Choose a color of a card in your graveyard. Add one mana of that color.' (Corrupted Grafstone): with
    Llanowar Elves and Lightning Bolt there, {G} or {R}; with an empty graveyard, nothing (CR 106.5)."""
    found = board(_GRAFSTONE, graveyard=graveyard)
    assert could(found)["g"] == could_make
    for color in "GRU":
        agrees_with_the_reference(found, f"{{{color}}}")
    assert pay(found, PaymentTarget.of("{R}")).payable is ("R" in could_make)


_RACK = {  # (a cost that discards: the card it puts into the graveyard is one the plan would choose)
    "id": "r",
    "name": "Test Rack",
    "type_line": "Artifact",
    "oracle": "{T}, Discard a card: Add {R}.",
}
_WHITE_CAT = {
    "id": "cat",
    "name": "White Cat",
    "type_line": "Creature — Cat",
    "mana_cost": "{W}",
    "power": 2,
    "toughness": 1,
}


def test_a_graveyard_that_a_discard_can_fill_is_a_board_gap_for_its_colors() -> None:
    """A card discarded while paying goes to the graveyard whose colors the Grafstone reads, and which card
    it is is not followed: the Grafstone is set aside with a warning naming the discarding permanent."""
    found = board(_GRAFSTONE, _RACK, graveyard=["Llanowar Elves"], hand=["Mountain"])
    reasons = [w.reason for w in pay(found, PaymentTarget.of("{G}")).warnings]
    assert any("permanents[1]: its cost changes the graveyard whose colors are read" in r for r in reasons), (
        reasons
    )


@pytest.mark.parametrize("graveyard", [[], ["Lightning Bolt"]])
def test_a_sacrificed_card_brings_its_color_to_the_graveyard_before_the_grafstone_resolves(
    graveyard: list[str],
) -> None:
    """Ashnod's Altar ("Sacrifice a creature: Add {C}{C}.") sacrifices the White Cat, a white card, into the
    graveyard whose colors the Grafstone reads (CR 400.7: it is a new object there, still white), so the
    Grafstone activated after it may make {W}; before it, only what is there now ({R} with a Lightning
    Bolt, nothing with an empty graveyard). By hand, with a Forest:

    - could produce (CR 106.7, the board now): the Grafstone {R} or nothing, the Altar {C}, the Forest {G};
    - {W}: sacrifice the Cat ({C}{C} floating), then the Grafstone for {W}: payable, one sacrifice;
    - {1}{W}{G}: the Cat's {C}{C} pays {1} (one {C} floats), the Grafstone {W}, the Forest {G};
    - {W}{R}: the Grafstone makes one mana only: not payable, with or without the Bolt;
    - max-x {X}{W}: {C}{C} and the Forest's {G}, the Grafstone's {W}: X = 3.

    Each cost also against the reference search, which tries every order."""
    found = board(
        _GRAFSTONE,
        {"id": "a", "card": "Ashnod's Altar"},
        _WHITE_CAT,
        {"id": "f", "card": "Forest"},
        graveyard=graveyard,
    )
    assert could(found)["g"] == ("R" if graveyard else "")
    for cost, payable in [("{W}", True), ("{1}{W}{G}", True), ("{W}{R}", False)]:
        result = pay(found, PaymentTarget.of(cost))
        assert result.payable is payable, cost
        assert not result.warnings
        if payable:
            assert result.sacrificed == ("cat",)
            assert ("g", "{W}") in steps(result)
    agrees_with_the_reference(found, "{W}", "{1}{W}{G}", "{W}{R}", "{R}", "{G}{W}", "{3}{W}", "{4}{W}")
    assert max_x(found, PaymentTarget.of("{X}{W}")).x == 3


def test_an_ability_set_aside_for_another_permanent_is_usable_once_it_is_gone() -> None:
    """The Grafstone is set aside while the Rack (a cost that discards into the graveyard it reads) is
    there; once Krark-Clan Ironworks has sacrificed the Rack, nothing can discard, and the Grafstone taps for
    {G} (a Llanowar Elves card in the graveyard). The reference search finds those plans, and the rules'
    replay must accept them: a view of the board after a sacrifice may not keep what was set aside for the
    permanent that left."""
    ironworks = {"id": "k", "card": "Krark-Clan Ironworks"}
    found = board(_GRAFSTONE, _RACK, ironworks, graveyard=["Llanowar Elves"], hand=["Mountain"])
    target = PaymentTarget.of("{G}")
    result = reference_search(found, target, max_states=20_000)
    plans = list(result.outcomes.values())
    assert any(step.permanent == "g" for plan in plans for step in plan.steps)
    for plan in plans:
        replay(found, target, plan)  # (raises on a step the rules do not allow)
