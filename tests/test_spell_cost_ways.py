"""Ways to pay a cost and cost changes that read a fact the board carries (issue 35, after spellcost35):

- K'rrik's "For each {B} in a cost, you may pay 2 life rather than pay that mana.": each {B} of a cost its
  controller pays is paid with {B} or 2 life (CR 601.2h, 119.4; as a Phyrexian symbol is, 107.4f), after
  the total cost is locked in (601.2f); a hybrid symbol is no {B}; a mana ability's own {B} is not weighed
  (warned).
- Imperiosaur's "Spend only mana produced by basic lands to cast this spell.": only mana a basic land made
  pays it (a restriction on the spell's mana sources, as Myr Superion's creatures are: each mana's tag
  says whether its source was a basic land as the mana was added, CR 205.4a, 106.6-like); floating mana
  whose source is a note is not spent on it (warned).
- Hogaak's "You can't spend mana to cast this spell.": no mana pays it (CR 101.2: the "can't" wins), only
  convoke's creatures and delve's cards (CR 702.51a, 702.66a): payable or not by those alone.
- Samut's "Noncreature spells you cast cost {X} less to cast, where X is your speed.": the controller's
  speed (CR 702.179, the board's player ``speed``, 0 to 4) as the total cost is locked in (601.2f); not
  given, not applied and warned with the JSON path.
- Seal of the Guildpact's "Each spell you cast costs {1} less to cast for each of the chosen colors it is.":
  the spell's colors (CR 202.2, a hybrid symbol's both) among the two chosen as it entered (the board's
  ``choices.colors``); not given, not applied and warned.
- The first spell of a turn with more words (Radagast's "... and can be cast as though it had flash": a
  permission of timing no payment asks; Momo's "The first non-Lemur creature spell with flying you cast
  during each of your turns": the spell's keyword, CR 702, the other spells cast this turn counted by the
  board's ``spells_cast_this_turn`` list, and only on its controller's turns); a spell given without its
  card (no name, no text) may have the keyword: not applied and warned.
- Semblance Anvil's "Spells you cast that share a card type with the exiled card cost {2} less to cast.": a
  card type (CR 205.2a) of the card exiled with it (the board's ``choices.imprinted``: a name the catalogue
  knows, or an object with its ``type_line``); not given or not known, not applied and warned.
- Kentaro's "You may pay {X} rather than pay the mana cost for Samurai spells you cast, where X is that
  spell's mana value.": an alternative cost a permanent grants (CR 118.9), its {X} the spell's mana value
  (CR 202.3), weighed for a spell named (as every granted cost is).

Each card is written under a made-up name with the sentence's shape; the answers are derived by hand from
the rules (in each test), and the verdicts checked against the reference search on the cost derived by hand.
"""

from __future__ import annotations

from typing import Any

import pytest
from boards import ME, OPP, make_board, mine

from models.board import Board, Card
from models.cost import PaymentTarget
from models.errors import InputError
from models.filters import ObjectFilter
from models.mana_effects import CostModifier, LifeForMana
from models.oracle import parse_oracle
from models.oracle.spent_riders import BASIC_LANDS, only_mana_from
from models.spells import spell_target
from planner.api import max_x, pay
from planner.rules.reference import reference_search
from planner.rules.view import BoardView, locked_in
from planner.turn import plan_turn

KRRIK = "For each {B} in a cost, you may pay 2 life rather than pay that mana."


def source(pid: str, oracle: str, controller: str = ME) -> dict[str, Any]:
    """A permanent with one sentence of text ("~" is its name)."""
    name = f"Test {pid.title()}"
    return {
        "id": pid,
        "name": name,
        "type_line": "Creature — Horror",
        "power": 2,
        "toughness": 2,
        "controller": controller,
        "oracle": oracle.replace("~", name),
    }


def swamps(count: int) -> list[dict[str, Any]]:
    return [mine(f"s{n}", "Swamp") for n in range(count)]


def total(board: Board, target: PaymentTarget) -> str:
    return str(locked_in(BoardView(board), target, ME).cost)


def test_the_life_for_mana_sentence_is_read_by_the_grammar() -> None:
    (effect,) = parse_oracle(KRRIK).effects
    assert isinstance(effect, LifeForMana) and effect.mana_type.name == "B"
    # (another amount of life, or a hybrid symbol: not read, so warned as unread)
    assert parse_oracle(KRRIK.replace("2 life", "3 life")).effects == ()
    assert parse_oracle(KRRIK.replace("{B}", "{B/G}")).effects == ()


def test_each_black_symbol_of_the_controllers_costs_may_be_paid_with_life() -> None:
    """CR 601.2h: the {B} of the total cost (601.2f: the Sphere's tax is generic) may each be 2 life; a
    hybrid {B/G} is no {B}; an opponent's K'rrik is not the payer's."""
    board = make_board([source("k", KRRIK)])
    assert total(board, PaymentTarget.of("{2}{B}{B}")) == "{2}{B/P}{B/P}"
    assert total(board, PaymentTarget.of("{B/G}{G}")) == "{B/G}{G}"
    theirs = make_board([source("k", KRRIK, controller=OPP)])
    assert total(theirs, PaymentTarget.of("{2}{B}{B}")) == "{2}{B}{B}"


@pytest.mark.parametrize(
    ("cost", "life", "payable", "life_paid"),
    [
        # one Swamp: {B}{B} is the Swamp's {B} and 2 life (CR 601.2h)
        ("{B}{B}", 20, True, 2),
        # three {B}: the Swamp and 4 life; at 3 life only one symbol can be life (119.4: 3 < 4)
        ("{B}{B}{B}", 20, True, 4),
        ("{B}{B}{B}", 3, False, 0),
        ("{B}{B}{B}", 4, True, 4),
        # generic mana is never paid with life: {2}{B} needs two mana
        ("{2}{B}", 20, False, 0),
        ("{1}{B}{B}", 20, True, 4),
    ],
)
def test_pay_spends_life_for_black_symbols(cost: str, life: int, payable: bool, life_paid: int) -> None:
    board = make_board([source("k", KRRIK), *swamps(1)], life=life)
    result = pay(board, PaymentTarget.of(cost), player=ME)
    assert result.payable is payable, result.reason
    # the verdict of the reference search on the cost derived by hand: each {B} a Phyrexian {B/P}
    hand = PaymentTarget.of(cost.replace("{B}", "{B/P}"))
    assert reference_search(board, hand, player=ME, max_states=20_000).payable is payable
    if payable:
        assert result.life_paid == life_paid
        paid_by_life = [(symbol, life) for symbol, _, life in result.symbols if life]
        assert paid_by_life == [("{B/P}", 2)] * (life_paid // 2)


def test_without_the_effect_the_black_symbols_need_mana() -> None:
    board = make_board(swamps(1))
    assert not pay(board, PaymentTarget.of("{B}{B}"), player=ME).payable


def test_max_x_pays_black_symbols_with_life_and_spends_the_mana_on_x() -> None:
    """Two Swamps and {X}{B}{B}: both {B} paid with 4 life, both Swamps on X (CR 601.2h, 107.3): X = 2; at
    2 life one {B} takes a Swamp, X = 1; without the effect X = 0."""
    krrik = make_board([source("k", KRRIK), *swamps(2)])
    assert max_x(krrik, PaymentTarget.of("{X}{B}{B}"), player=ME).x == 2
    low = make_board([source("k", KRRIK), *swamps(2)], life=2)
    assert max_x(low, PaymentTarget.of("{X}{B}{B}"), player=ME).x == 1
    assert max_x(make_board(swamps(2)), PaymentTarget.of("{X}{B}{B}"), player=ME).x == 0


def test_a_mana_abilitys_own_black_symbol_is_warned_as_not_weighed() -> None:
    """'{B}, {T}: Add {R}{R}.': by the rules its {B} may be 2 life too (CR 602.2b, 605.3a), which the
    planner does not weigh: the answer says so, never a silent 'no'."""
    rock = {"id": "r", "name": "Test Rock", "type_line": "Artifact", "oracle": "{B}, {T}: Add {R}{R}."}
    board = make_board([source("k", KRRIK), rock])
    result = pay(board, PaymentTarget.of("{R}{R}"), player=ME)
    assert any(w.permanent == "k" and "mana ability" in w.reason for w in result.warnings)
    plain = make_board([source("k", KRRIK), *swamps(1)])
    assert not any(w.permanent == "k" for w in pay(plain, PaymentTarget.of("{B}{B}"), player=ME).warnings)


SAUR_TEXT = "Spend only mana produced by basic lands to cast this spell."
SAUR: dict[str, Any] = {
    "name": "Test Saur",
    "type_line": "Creature — Dinosaur",
    "mana_cost": "{2}{G}{G}",
    "power": 5,
    "oracle": SAUR_TEXT,
}


def saur_board(*extra: dict[str, Any], basics: int = 3, pool: tuple[str, ...] = ()) -> Board:
    """Forests (one of them snow), a nonbasic Forest, a mana creature, a mana rock, and the Saur in hand."""
    lands = [mine(f"f{n}", "Snow-Covered Forest" if n == 0 else "Forest") for n in range(basics)]
    others = [mine("t", "Temple Garden"), mine("elf", "Llanowar Elves"), mine("sol", "Sol Ring")]
    return make_board([*lands, *others, *extra], hand=[SAUR], pool=pool)


def saur() -> PaymentTarget:
    return spell_target(Card.from_json(SAUR))


def test_the_basic_lands_restriction_is_read() -> None:
    assert only_mana_from(SAUR_TEXT) == BASIC_LANDS
    target = saur()
    assert target.basic_land_mana_only and not target.creature_mana_only


@pytest.mark.parametrize(("basics", "payable"), [(3, False), (4, True)])
def test_only_basic_lands_pay_the_spell(basics: int, payable: bool) -> None:
    """{2}{G}{G} from basic lands only: three Forests can't (the Temple Garden, a Land — Forest Plains, is not
    basic; the Elves and the Sol Ring are no lands), four can (a Basic Snow Land is basic, CR 205.4a)."""
    board = saur_board(basics=basics)
    result = pay(board, saur(), player=ME)
    assert result.payable is payable, result.reason
    assert reference_search(board, saur(), player=ME, max_states=20_000).payable is payable
    if payable:
        assert sorted(result.tapped) == [f"f{n}" for n in range(basics)]
        assert not result.warnings


def test_floating_mana_of_no_known_source_is_not_spent_and_is_warned() -> None:
    board = saur_board(pool=("{G}",))
    result = pay(board, saur(), player=ME)
    assert not result.payable
    assert any("not known to be a basic land" in w.reason for w in result.warnings)


def test_plan_turn_casts_it_with_basic_lands_only() -> None:
    assert not plan_turn(saur_board(), casts=["Test Saur"], no_land=True).castable
    turn = plan_turn(saur_board(basics=4), casts=["Test Saur"], no_land=True)
    assert turn.castable


HOG: dict[str, Any] = {
    "name": "Test Hog",
    "type_line": "Legendary Creature — Avatar",
    "mana_cost": "{5}{B/G}{B/G}",
    "power": 8,
    "oracle": "You can't spend mana to cast this spell.\nConvoke, delve",
}
BEAR: dict[str, Any] = {"name": "Test Bear", "type_line": "Creature — Bear", "mana_cost": "{G}", "power": 2}
RAT: dict[str, Any] = {"name": "Test Rat", "type_line": "Creature — Rat", "mana_cost": "{B}", "power": 1}


def hog_board(graveyard: int, pool: tuple[str, ...] = ()) -> Board:
    """A Forest, a green and a black creature, ``graveyard`` cards in the graveyard, the Hog in hand."""
    board = make_board([mine("f", "Forest"), mine("c1", BEAR), mine("c2", RAT)], hand=[HOG], pool=pool)
    data = board.to_dict()
    data["players"][0]["graveyard"] = graveyard
    return Board.from_dict(data)


def hog() -> PaymentTarget:
    return spell_target(Card.from_json(HOG))


def test_no_mana_is_read() -> None:
    target = hog()
    assert target.no_mana and target.convoke and target.delve


@pytest.mark.parametrize(
    ("graveyard", "pool", "payable"),
    [
        # the two creatures convoke the two {B/G} (the Bear's green, the Rat's black), five cards delve {5}
        (5, (), True),
        # four cards: the Forest's {G} would pay the last {1}, but no mana may be spent (CR 101.2)
        (4, (), False),
        (4, ("{G}",), False),
    ],
)
def test_only_convoke_and_delve_pay_it(graveyard: int, pool: tuple[str, ...], payable: bool) -> None:
    board = hog_board(graveyard, pool)
    result = pay(board, hog(), player=ME)
    assert result.payable is payable, result.reason
    assert reference_search(board, hog(), player=ME, max_states=50_000).payable is payable
    if payable:
        assert str(result.mana_spent) == "" and "f" not in result.tapped
        assert not result.warnings


SAMUT = "Noncreature spells you cast cost {X} less to cast, where X is your speed."


def samut_board(speed: int | None, islands: int = 1, controller: str = ME) -> Board:
    data = make_board([source("sam", SAMUT, controller=controller), *islands_of(islands)]).to_dict()
    if speed is not None:
        data["players"][0]["speed"] = speed
    return Board.from_dict(data)


def islands_of(count: int) -> list[dict[str, Any]]:
    return [mine(f"i{n}", "Island") for n in range(count)]


def instant(cost: str) -> PaymentTarget:
    return PaymentTarget.of(cost, type_line="Instant")


@pytest.mark.parametrize(
    ("speed", "cost", "locked"),
    [
        (3, "{3}{U}", "{U}"),  # {3} less (CR 601.2f)
        (4, "{2}{U}", "{U}"),  # never below zero generic, never a colored symbol (118.7a)
        (0, "{3}{U}", "{3}{U}"),
        (1, "{U}{U}", "{U}{U}"),
    ],
)
def test_the_speed_takes_generic_mana_off(speed: int, cost: str, locked: str) -> None:
    assert total(samut_board(speed), instant(cost)) == locked


def test_speed_applies_to_noncreature_spells_of_its_controller_only() -> None:
    # a creature spell is not reduced; an opponent's Samut reads their speed for their spells, not mine
    assert total(samut_board(3), PaymentTarget.of("{3}{G}", type_line="Creature — Bear")) == "{3}{G}"
    assert total(samut_board(3, controller=OPP), instant("{3}{U}")) == "{3}{U}"


@pytest.mark.parametrize(("speed", "payable"), [(3, True), (2, False)])
def test_pay_and_the_reference_search(speed: int, payable: bool) -> None:
    """One Island and {3}{U}: speed 3 leaves {U} (payable), speed 2 leaves {1}{U} (not)."""
    board = samut_board(speed)
    result = pay(board, instant("{3}{U}"), player=ME)
    assert result.payable is payable, result.reason
    hand = instant("{U}" if speed == 3 else "{1}{U}")
    assert reference_search(board, hand, player=ME, max_states=20_000).payable is payable


def test_max_x_counts_the_speed_off_x() -> None:
    """{X}{U} from two Islands at speed 2: X = 3 (one Island for {U}, one for the {X} left after {2} off,
    CR 601.2b, 601.2f)."""
    assert max_x(samut_board(2, islands=2), instant("{X}{U}"), player=ME).x == 3


def test_a_speed_not_given_is_not_guessed() -> None:
    board = samut_board(None)
    assert total(board, instant("{3}{U}")) == "{3}{U}"
    result = pay(board, instant("{3}{U}"), player=ME)
    assert not result.payable
    assert any("players[0].speed is not given" in w.reason for w in result.warnings)
    assert not any("speed" in w.reason for w in pay(samut_board(0), instant("{U}"), player=ME).warnings)


def test_a_speed_out_of_range_is_bad_input() -> None:
    with pytest.raises(InputError, match="speed"):
        samut_board(5)


SEAL = (
    "As ~ enters, choose two colors.\n"
    "Each spell you cast costs {1} less to cast for each of the chosen colors it is."
)


def seal_board(colors: str | None, islands: int = 1) -> Board:
    seal = {**source("seal", SEAL), "type_line": "Artifact"}
    if colors is not None:
        seal["choices"] = {"colors": colors}
    return make_board([seal, *islands_of(islands)])


@pytest.mark.parametrize(
    ("cost", "locked"),
    [
        ("{2}{W}{U}", "{W}{U}"),  # white and blue: {2} less (CR 202.2, 601.2f)
        ("{2}{U}", "{1}{U}"),  # blue only: {1} less
        ("{3}{W/U}", "{1}{W/U}"),  # a hybrid {W/U} makes it white and blue (CR 202.2)
        ("{2}{R}", "{2}{R}"),  # red: none of the chosen colors
        ("{2}", "{2}"),  # colorless
        ("{U}{U}", "{U}{U}"),  # generic only (CR 118.7a)
    ],
)
def test_each_chosen_color_of_the_spell_takes_one_off(cost: str, locked: str) -> None:
    assert total(seal_board("WU"), instant(cost)) == locked


@pytest.mark.parametrize(("cost", "payable"), [("{2}{U}", False), ("{1}{U}", True), ("{2}{W/U}", True)])
def test_seal_pay_and_the_reference_search(cost: str, payable: bool) -> None:
    """One Island: {2}{U} totals {1}{U} (not payable), {1}{U} totals {U}, {2}{W/U} totals {W/U}."""
    board = seal_board("WU")
    result = pay(board, instant(cost), player=ME)
    assert result.payable is payable, result.reason
    hand = {"{2}{U}": "{1}{U}", "{1}{U}": "{U}", "{2}{W/U}": "{W/U}"}[cost]
    assert reference_search(board, instant(hand), player=ME, max_states=20_000).payable is payable
    assert not result.warnings


def test_seal_max_x() -> None:
    """{X}{U} from two Islands: blue takes {1} off the generic part, X included (CR 601.2b, 601.2f): X = 2."""
    assert max_x(seal_board("WU", islands=2), instant("{X}{U}"), player=ME).x == 2


def test_chosen_colors_not_given_are_not_guessed() -> None:
    board = seal_board(None)
    assert total(board, instant("{2}{U}")) == "{2}{U}"
    reasons = [w.reason for w in pay(board, instant("{2}{U}"), player=ME).warnings]
    assert any("permanents[0].choices.colors is not given" in reason for reason in reasons)


RADAGAST = (
    "The first creature spell you cast each turn costs {1} less to cast "
    "and can be cast as though it had flash."
)
MOMO = (
    "The first non-Lemur creature spell with flying you cast during each of your turns costs {1} less to "
    "cast."
)
BIRD: dict[str, Any] = {
    "name": "Test Bird",
    "type_line": "Creature — Bird",
    "mana_cost": "{1}{W}",
    "power": 1,
}
FLYING_BIRD: dict[str, Any] = {**BIRD, "oracle": "Flying"}
FLYING_LEMUR: dict[str, Any] = {**FLYING_BIRD, "name": "Test Lemur", "type_line": "Creature — Lemur"}
CAT: dict[str, Any] = {"name": "Test Cat", "type_line": "Creature — Cat", "mana_cost": "{W}", "power": 1}


def turn_board(oracle: str, cast: list[dict[str, Any]], active: str = ME) -> Board:
    data = make_board([source("momo", oracle), mine("p", "Plains")]).to_dict()
    data["players"][0]["spells_cast_this_turn"] = cast
    data["active_player"] = active
    return Board.from_dict(data)


def card_target(card: dict[str, Any]) -> PaymentTarget:
    return spell_target(Card.from_json(card))


def test_the_flash_rider_of_the_first_creature_spell_is_read() -> None:
    """Radagast: the first creature spell of the turn, {1} less (CR 601.2f); the flash permission changes no
    payment. One Plains pays {1}{W} for the first, not for the second."""
    (effect,) = parse_oracle(RADAGAST).effects
    assert isinstance(effect, CostModifier) and isinstance(effect.spells, ObjectFilter)
    assert effect.nth_spell == 1 and effect.spells.types == ("Creature",)
    assert total(turn_board(RADAGAST, []), card_target(BIRD)) == "{W}"
    assert total(turn_board(RADAGAST, [CAT]), card_target(BIRD)) == "{1}{W}"
    assert pay(turn_board(RADAGAST, []), card_target(BIRD), player=ME).payable
    assert reference_search(turn_board(RADAGAST, []), instant("{W}"), player=ME).payable


@pytest.mark.parametrize(
    ("spell", "cast", "active", "locked"),
    [
        (FLYING_BIRD, [], ME, "{W}"),  # the first non-Lemur creature spell with flying this turn
        (FLYING_BIRD, [CAT], ME, "{W}"),  # a Cat without flying was not one of them
        (FLYING_BIRD, [{**FLYING_BIRD, "name": "Test Owl"}], ME, "{1}{W}"),  # an Owl with flying was first
        (FLYING_BIRD, [], OPP, "{1}{W}"),  # not during its controller's turn
        (FLYING_LEMUR, [], ME, "{1}{W}"),  # a Lemur
        (BIRD, [], ME, "{1}{W}"),  # no flying
    ],
)
def test_the_first_flying_spell_of_your_turns(
    spell: dict[str, Any], cast: list[dict[str, Any]], active: str, locked: str
) -> None:
    board = turn_board(MOMO, cast, active)
    assert total(board, card_target(spell)) == locked
    result = pay(board, card_target(spell), player=ME)
    assert result.payable is (locked == "{W}"), result.reason
    assert not result.warnings


def test_a_spell_without_its_card_is_not_known_to_fly() -> None:
    board = turn_board(MOMO, [])
    bare = PaymentTarget.of("{1}{W}", type_line="Creature — Bird")
    assert total(board, bare) == "{1}{W}"
    assert any("keywords are not known" in w.reason for w in pay(board, bare, player=ME).warnings)


ANVIL = (
    "Imprint — When ~ enters, you may exile a nonland card from your hand.\n"
    "Spells you cast that share a card type with the exiled card cost {2} less to cast."
)


def anvil_board(imprinted: object, mountains: int = 1) -> Board:
    anvil = {**source("anvil", ANVIL), "type_line": "Artifact"}
    if imprinted is not None:
        anvil["choices"] = {"imprinted": imprinted}
    return make_board([anvil, *[mine(f"m{n}", "Mountain") for n in range(mountains)]])


@pytest.mark.parametrize(
    ("imprinted", "type_line", "locked"),
    [
        ("Lightning Bolt", "Instant", "{R}"),  # an instant shares Instant (CR 205.2a)
        ("Lightning Bolt", "Sorcery", "{2}{R}"),
        ("Sol Ring", "Artifact Creature — Golem", "{R}"),  # Artifact is shared
        (
            {"name": "Homebrew", "mana_cost": "{1}", "type_line": "Artifact Creature — Golem"},
            "Creature",
            "{R}",
        ),
        ({"name": "Homebrew", "mana_cost": "{1}", "type_line": "Enchantment"}, "Creature", "{2}{R}"),
    ],
)
def test_a_spell_sharing_a_card_type_with_the_exiled_card(
    imprinted: object, type_line: str, locked: str
) -> None:
    board = anvil_board(imprinted)
    target = PaymentTarget.of("{2}{R}", type_line=type_line)
    assert total(board, target) == locked
    result = pay(board, target, player=ME)
    assert result.payable is (locked == "{R}"), result.reason
    assert reference_search(board, PaymentTarget.of(locked, type_line=type_line), player=ME).payable is (
        locked == "{R}"
    )
    assert not result.warnings


@pytest.mark.parametrize(
    ("imprinted", "why"),
    [
        (None, "choices.imprinted"),
        ({"name": "Homebrew", "mana_cost": "{R}"}, "type line is not known"),
    ],
)
def test_an_exiled_card_not_known_is_not_guessed(imprinted: object, why: str) -> None:
    board = anvil_board(imprinted)
    target = PaymentTarget.of("{2}{R}", type_line="Instant")
    assert total(board, target) == "{2}{R}"
    assert any(why in w.reason for w in pay(board, target, player=ME).warnings)


KENTARO = (
    "You may pay {X} rather than pay the mana cost for Samurai spells you cast, where X is that spell's mana "
    "value."
)
SAMURAI: dict[str, Any] = {
    "name": "Test Samurai",
    "type_line": "Creature — Human Samurai",
    "mana_cost": "{1}{W}{W}",
    "power": 3,
}


def kentaro_board(mountains: int) -> Board:
    lands = [mine(f"m{n}", "Mountain") for n in range(mountains)]
    return make_board([source("cat", KENTARO), *lands], hand=[SAMURAI])


@pytest.mark.parametrize(("mountains", "payable"), [(3, True), (2, False)])
def test_a_samurai_is_paid_with_its_mana_value_in_generic_mana(mountains: int, payable: bool) -> None:
    """{1}{W}{W} from Mountains: not by its mana cost, but for {X} = its mana value 3 (CR 118.9, 202.3):
    three Mountains pay it, two don't."""
    board = kentaro_board(mountains)
    result = pay(board, card_target(SAMURAI), player=ME)
    assert result.payable is payable, result.reason
    assert reference_search(board, instant("{3}"), player=ME).payable is payable
    if payable:
        assert result.alternative_cost is not None and result.alternative_cost.cost.mana == "{3}"
        assert not result.warnings


def test_a_samurai_with_x_chooses_x_and_pays_its_mana_value() -> None:
    """{X}{W}{W} under Kentaro from five Mountains: the alternative cost includes X, so the spell's X is
    chosen (CR 107.3b) and counts in its mana value on the stack (CR 202.3e): X = 3 pays {5}, X = 4 would need
    {6}; so max-x is 3 (its mana cost, {W}{W}, no Mountain pays). The reference search agrees on {5} and
    {6}."""
    blade = {**SAMURAI, "name": "Test Blade", "mana_cost": "{X}{W}{W}"}
    lands = [mine(f"m{n}", "Mountain") for n in range(5)]
    board = make_board([source("cat", KENTARO), *lands], hand=[blade])
    most = max_x(board, card_target(blade), player=ME)
    assert most.x == 3 and most.optimal and most.alternative_cost is not None
    three = pay(board, card_target(blade), player=ME, x=3)
    assert three.payable and three.x == 3 and three.total_cost == "{5}"
    assert pay(board, card_target(blade), player=ME, x=4).payable is False
    assert reference_search(board, instant("{5}"), player=ME).payable
    assert not reference_search(board, instant("{6}"), player=ME).payable


def test_a_spell_not_a_samurai_pays_its_mana_cost() -> None:
    board = make_board([source("cat", KENTARO), *[mine(f"m{n}", "Mountain") for n in range(3)]])
    bear = {"name": "Test Bear", "type_line": "Creature — Bear", "mana_cost": "{1}{W}{W}"}
    assert not pay(board, card_target(bear), player=ME).payable


def test_an_x_that_is_not_the_mana_value_is_not_read() -> None:
    assert parse_oracle(KENTARO.replace(", where X is that spell's mana value", "")).effects == ()
