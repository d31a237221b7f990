"""The families of issue 35 the reader used to leave unread, read and executed: 'Exile three cards from your
graveyard', Forage (CR 701.61a: exile three cards from your graveyard or sacrifice a Food, the solver
choosing), 'Activate only if there is an Elf card in your graveyard' (the board's graveyard as a list of
cards), the crafted cards' colors (Sunbird Effigy, the board's ``choices.crafted_colors``), '~ becomes that
color until end of turn' (Foraging Wickermaw), Sharkey's permission on its own abilities' costs (which
no spell's payment reads), a legendary card's short name (Rasputin Dreamweaver) and a trigger that works
only while you're the monarch (Regal Behemoth, the board's ``players[i].monarch``).

Values are derived by hand from the rules; each board is checked against the reference search too, and
random boards of these cards are.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from boards import agrees_with_reference, graveyard_board, mine
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from models.board import Board
from models.cost import PaymentTarget
from models.mana_effects import ManaTrigger
from models.oracle import parse_oracle
from planner.api import could_produce, max_x, pay
from planner.rules.executed import unexecuted_part

FORAGER = {
    "name": "Thornvault Forager",
    "type_line": "Creature — Squirrel Ranger",
    "oracle": "{T}: Add {G}.\n{T}, Forage: Add two mana in any combination of colors. (To forage, exile "
    "three cards from your graveyard or sacrifice a Food.)",
}
NIBBLER = {"name": "Nibbler", "type_line": "Artifact", "oracle": "Forage: Add {B}."}
PIT = {
    "name": "Deep Pit",
    "type_line": "Artifact",
    "oracle": "Exile three cards from your graveyard: Add {B}.",
}
DIGNITARY = {
    "name": "Lys Alana Dignitary",
    "type_line": "Creature — Elf Advisor",
    "oracle": "{T}: Add {G}{G}. Activate only if there is an Elf card in your graveyard.",
}
FOOD = {
    "name": "Food",
    "type_line": "Token Artifact — Food",
    "oracle": "{2}, {T}, Sacrifice this token: You gain 3 life.",
    "token": True,
}
FOOD_CARD = {"name": "Gingerbread Cabin", "type_line": "Artifact — Food", "oracle": ""}
ELF_ELDER = {"name": "Elder", "type_line": "Creature — Elf", "oracle": "Sacrifice this creature: Add {G}."}
SHARKEY = {
    "name": "Sharkey, Tyrant of the Shire",
    "type_line": "Legendary Creature — Halfling Rogue",
    "oracle": "Sharkey, Tyrant of the Shire has all activated abilities of lands your opponents control "
    "except mana abilities.\nMana of any type can be spent to activate Sharkey's abilities.",
}


def _agrees(board: Board, cost: str) -> None:
    assert agrees_with_reference(board, PaymentTarget.of(cost), max_states=20_000) is not None


def _warnings(board: Board, cost: str) -> list[str]:
    return [str(warning) for warning in pay(board, PaymentTarget.of(cost)).warnings]


# ------------------------------------------------------------------------------------- exile three cards


def test_exile_three_cards_is_read_with_its_count() -> None:
    (pit,) = parse_oracle(PIT["oracle"]).mana_abilities
    assert [(part.count, part.what) for part in pit.cost.parts] == [(3, "card")]
    assert unexecuted_part(pit) is None
    # (the number before 'cards' was lexed as the deed noun of "you've drawn two cards this turn")
    (drawn,) = parse_oracle(
        "{T}: Add {G}. Activate only if you've drawn two or more cards this turn."
    ).mana_abilities
    assert drawn.activation_condition is not None and drawn.activation_condition.at_least == 2


def test_each_three_cards_pay_one_activation() -> None:
    # seven cards: two activations ({B}{B}), the seventh card is left; with a Swamp, {X} is 3
    board = graveyard_board(mine("pit", PIT), mine("s", "Swamp"), graveyard=7)
    assert str(could_produce(board)["pit"]) == "B"
    assert pay(board, PaymentTarget.of("{B}{B}{B}")).payable
    assert not pay(board, PaymentTarget.of("{3}{B}")).payable
    assert max_x(board, PaymentTarget.of("{X}")).x == 3
    two = graveyard_board(mine("pit", PIT), graveyard=["Forest", "Island"])
    assert max_x(two, PaymentTarget.of("{X}")).x == 0
    for graveyard, cost in ((7, "{2}{B}"), (6, "{B}{B}{B}"), (["Forest", "Island", "Swamp"], "{B}")):
        _agrees(graveyard_board(mine("pit", PIT), mine("s", "Swamp"), graveyard=graveyard), cost)


# ------------------------------------------------------------------------------------------------- forage


def test_forage_is_read_and_becomes_one_ability_for_each_way() -> None:
    forager = parse_oracle(FORAGER["oracle"], FORAGER["name"])
    assert not forager.unsupported
    board = graveyard_board(mine("t", FORAGER), graveyard=3)
    assert str(could_produce(board)["t"]) == "WUBRG"  # (CR 106.7: whether the cost can be paid is not asked)
    assert not _warnings(board, "{G}")


def test_thornvault_forager_forages_with_three_cards_or_a_food() -> None:
    # its two abilities both tap it: {G}, or two mana of any colors when it can forage
    three = graveyard_board(mine("t", FORAGER), graveyard=3)
    exiling = pay(three, PaymentTarget.of("{W}{U}"))
    assert exiling.payable and exiling.parts.exiled_from_graveyard == 3 and not exiling.sacrificed
    assert [step.parts.exiled_from_graveyard for step in exiling.steps] == [3]
    assert max_x(three, PaymentTarget.of("{X}")).x == 2
    two = graveyard_board(mine("t", FORAGER), graveyard=2)
    assert not pay(two, PaymentTarget.of("{W}{U}")).payable
    assert pay(two, PaymentTarget.of("{G}")).payable
    assert max_x(two, PaymentTarget.of("{X}")).x == 1
    fed = graveyard_board(mine("t", FORAGER), mine("food", FOOD), graveyard=2)
    eating = pay(fed, PaymentTarget.of("{W}{U}"))
    assert eating.payable and eating.sacrificed == ("food",) and not eating.parts.exiled_from_graveyard
    assert max_x(fed, PaymentTarget.of("{X}")).x == 2
    for board in (three, two, fed):
        _agrees(board, "{R}{B}")
        _agrees(board, "{G}")


def test_an_untapping_forage_uses_both_ways() -> None:
    # Forage with no {T}: seven cards exile twice (one left), each Food once: 2 + 2 = 4
    board = graveyard_board(mine("n", NIBBLER), mine("f1", FOOD), mine("f2", FOOD), graveyard=7)
    assert max_x(board, PaymentTarget.of("{X}")).x == 4
    assert pay(board, PaymentTarget.of("{B}{B}{B}{B}")).payable
    assert not pay(board, PaymentTarget.of("{5}")).payable
    _agrees(board, "{B}{B}{B}")
    _agrees(graveyard_board(mine("n", NIBBLER), mine("f1", FOOD), graveyard=4), "{B}{B}")


def test_forage_that_may_put_a_food_card_in_the_graveyard_sets_the_exile_aside() -> None:
    # a Food that is a card goes to the graveyard the other way exiles from: that order is not followed yet
    board = graveyard_board(mine("n", NIBBLER), mine("cabin", FOOD_CARD), graveyard=3)
    warnings = _warnings(board, "{B}")
    assert any("permanents[0]" in w and "graveyard" in w for w in warnings)


# ----------------------------------------------------------------------------------- an Elf card there


def test_the_dignitary_needs_an_elf_card_in_the_graveyard() -> None:
    with_elf = graveyard_board(
        mine("d", DIGNITARY), mine("f", "Forest"), graveyard=["Forest", "Llanowar Elves"]
    )
    assert pay(with_elf, PaymentTarget.of("{G}{G}{G}")).payable
    assert max_x(with_elf, PaymentTarget.of("{X}")).x == 3
    without = graveyard_board(
        mine("d", DIGNITARY), mine("f", "Forest"), graveyard=["Forest", "Lightning Bolt"]
    )
    assert not pay(without, PaymentTarget.of("{G}{G}")).payable
    assert max_x(without, PaymentTarget.of("{X}")).x == 1
    described_elf = {
        "name": "Elvish Archdruid",
        "type_line": "Creature — Elf Druid",
        "mana_cost": "{1}{G}{G}",
    }
    assert (
        max_x(graveyard_board(mine("d", DIGNITARY), graveyard=[described_elf]), PaymentTarget.of("{X}")).x
        == 2
    )
    for board in (with_elf, without):
        assert not _warnings(board, "{G}")
        _agrees(board, "{G}{G}")
        _agrees(board, "{1}{G}")


def test_a_graveyard_the_board_does_not_list_sets_the_dignitary_aside_with_a_warning() -> None:
    for graveyard, says in ((None, "not given"), (2, "given as a count")):
        board = graveyard_board(mine("d", DIGNITARY), mine("f", "Forest"), graveyard=graveyard)
        warnings = _warnings(board, "{G}")
        assert any("players[0].graveyard" in w and says in w for w in warnings), warnings
        assert max_x(board, PaymentTarget.of("{X}")).x == 1
    # 'a card' is any card: a count says whether there is one
    anything = dict(DIGNITARY, oracle="{T}: Add {G}{G}. Activate only if there is a card in your graveyard.")
    assert max_x(graveyard_board(mine("d", anything), graveyard=1), PaymentTarget.of("{X}")).x == 2
    assert max_x(graveyard_board(mine("d", anything), graveyard=0), PaymentTarget.of("{X}")).x == 0


def test_a_payment_that_may_put_an_elf_card_there_is_not_followed_yet() -> None:
    # the Elder sacrificed puts an Elf card into the graveyard: the condition would hold after it
    board = graveyard_board(mine("d", DIGNITARY), mine("e", ELF_ELDER), graveyard=["Forest"])
    assert any("permanents[1]" in w for w in _warnings(board, "{G}"))
    # when it holds already, cards coming in change nothing
    held = graveyard_board(mine("d", DIGNITARY), mine("e", ELF_ELDER), graveyard=["Llanowar Elves"])
    assert not _warnings(held, "{G}")
    assert max_x(held, PaymentTarget.of("{X}")).x == 3
    _agrees(held, "{G}{G}{G}")


def test_a_cost_exiling_from_the_graveyard_the_dignitary_reads_is_set_aside() -> None:
    board = graveyard_board(
        mine("d", DIGNITARY), mine("pit", PIT), graveyard=["Llanowar Elves", "Forest", "Island"]
    )
    assert any("pit" in w and "permanents[0]" in w for w in _warnings(board, "{G}"))
    assert max_x(board, PaymentTarget.of("{X}")).x == 2


# ------------------------------------------------------------------------------------------------ Sharkey


def test_sharkeys_permission_changes_no_payment() -> None:
    parsed = parse_oracle(SHARKEY["oracle"], SHARKEY["name"])
    assert not parsed.unsupported
    board = graveyard_board(mine("s", SHARKEY), mine("f", "Forest"))
    assert not _warnings(board, "{G}")
    elemental = parse_oracle(
        "{U}: Quicksilver Elemental gains all activated abilities of target creature until end of turn.\nYou "
        "may spend blue mana as though it were mana of any color to pay the activation costs of Quicksilver "
        "Elemental's abilities.",
        "Quicksilver Elemental",
    )
    assert not elemental.unsupported
    # with a mana ability whose cost asks a type of mana, the permission would change it: not read
    colored = parse_oracle(
        "{G}: Add {R}.\nMana of any type can be spent to activate Sharkey's abilities.", "Sharkey"
    )
    assert colored.unsupported == ("Mana of any type can be spent to activate ~'s abilities.",)


# ----------------------------------------------------------------------------------------- Sunbird Effigy

EFFIGY = {
    "name": "Sunbird Effigy",
    "type_line": "Artifact Creature — Dinosaur Bird",
    "mana_cost": "{5}",
    "oracle": "Reach\nSunbird Effigy's power and toughness are each equal to the number of colors among the "
    "exiled cards used to craft it.\n{T}: For each color among the exiled cards used to craft this creature, "
    "add one mana of that color.",
}
PAINTER = {
    "name": "Painter's Servant",
    "type_line": "Artifact Creature — Scarecrow",
    "oracle": "As Painter's Servant enters, choose a color.\nAll cards that aren't on the battlefield, "
    "spells, and permanents are the chosen color in addition to their other colors.",
    "choices": {"color": "R"},
}


def test_sunbird_effigy_adds_one_mana_of_each_crafted_color() -> None:
    assert not parse_oracle(EFFIGY["oracle"], EFFIGY["name"]).unsupported
    board = graveyard_board(mine("s", EFFIGY, choices={"crafted_colors": "WUG"}))
    assert str(could_produce(board)["s"]) == "WUG"
    assert pay(board, PaymentTarget.of("{W}{U}{G}")).payable
    assert not pay(board, PaymentTarget.of("{W}{W}")).payable
    assert max_x(board, PaymentTarget.of("{X}")).x == 3
    assert max_x(board, PaymentTarget.of("{X}{U}")).x == 2
    colorless = graveyard_board(mine("s", EFFIGY, choices={"crafted_colors": ""}))
    assert max_x(colorless, PaymentTarget.of("{X}")).x == 0
    # the exiled cards are red too with Painter's Servant (CR 613.1e)
    painted = graveyard_board(mine("s", EFFIGY, choices={"crafted_colors": "G"}), mine("p", PAINTER))
    assert str(could_produce(painted)["s"]) == "RG"
    assert pay(painted, PaymentTarget.of("{R}{G}")).payable
    for each in (board, colorless, painted):
        _agrees(each, "{G}{U}")
        _agrees(each, "{2}")


def test_crafted_colors_the_board_leaves_out_are_no_mana_with_a_warning() -> None:
    board = graveyard_board(mine("s", EFFIGY), mine("f", "Forest"))
    assert str(could_produce(board)["s"]) == ""
    answer = pay(board, PaymentTarget.of("{G}"))
    assert answer.payable
    assert any(
        "permanents[0].choices.crafted_colors" in str(w) and "CR 106.5" in str(w) for w in answer.warnings
    )
    assert max_x(board, PaymentTarget.of("{X}")).x == 1
    assert Board.from_dict(board.to_dict()) == board  # (no choices written back either)
    given = graveyard_board(mine("s", EFFIGY, choices={"crafted_colors": "WU"}))
    assert Board.from_dict(given.to_dict()) == given
    assert given.permanent("s").choices.to_dict() == {"crafted_colors": "WU"}


def test_the_toys_note_is_no_rule() -> None:
    workshop = parse_oracle(
        "{T}: Add {C}.\n{T}: Add {C}. Spend this mana only on spells and abilities that put tokens onto the "
        "battlefield. Use toys to represent the tokens.",
        "Mishra's Toy Workshop",
    )
    assert not workshop.unsupported
    restricted = workshop.mana_abilities[1]
    assert restricted.restriction is not None and not restricted.side_effects


# ------------------------------------------------------------------------------------- Foraging Wickermaw

WICKERMAW = {
    "name": "Foraging Wickermaw",
    "type_line": "Artifact Creature — Scarecrow",
    "mana_cost": "{2}",
    "oracle": "When this creature enters, surveil 1.\n{1}: Add one mana of any color. This creature becomes "
    "that color until end of turn. Activate only once each turn.",
}
TENDER = {
    "name": "Bloom Tender",
    "type_line": "Creature — Elf Druid",
    "mana_cost": "{1}{G}",
    "oracle": "{T}: For each color among permanents you control, add one mana of that color.",
}


def test_the_wickermaw_filters_one_mana_each_turn() -> None:
    (ability,) = parse_oracle(WICKERMAW["oracle"], WICKERMAW["name"]).mana_abilities
    assert unexecuted_part(ability) is None and ability.once_each_turn
    # a Forest's {G} becomes one mana of any color, once: {U} is paid, {U}{U} is not
    board = graveyard_board(mine("w", WICKERMAW), mine("f", "Forest"))
    assert str(could_produce(board)["w"]) == "WUBRG"
    assert pay(board, PaymentTarget.of("{U}")).payable
    assert not pay(board, PaymentTarget.of("{U}{G}")).payable
    assert max_x(board, PaymentTarget.of("{X}")).x == 1
    ringed = graveyard_board(mine("w", WICKERMAW), mine("f", "Forest"), mine("s", "Sol Ring"))
    assert max_x(ringed, PaymentTarget.of("{X}{U}")).x == 2
    assert not pay(ringed, PaymentTarget.of("{U}{B}")).payable
    assert not _warnings(ringed, "{U}")
    for each in (board, ringed):
        _agrees(each, "{U}")
        _agrees(each, "{1}{R}")
    # once activated this turn, it can't be again
    used = graveyard_board(mine("w", WICKERMAW, activated_this_turn=[ability.text]), mine("f", "Forest"))
    assert not pay(used, PaymentTarget.of("{U}")).payable


def test_a_board_that_reads_permanents_colors_sets_the_wickermaw_aside() -> None:
    # Bloom Tender counts the colors among permanents: the Wickermaw's new color would change what it adds
    board = graveyard_board(mine("w", WICKERMAW), mine("t", TENDER), mine("f", "Forest"))
    warnings = _warnings(board, "{G}")
    assert any("permanents[1]" in w and "colors of permanents" in w for w in warnings), warnings


# ------------------------------------------------------------------------------------------ the reference

_CRAFTED = dict(EFFIGY, choices={"crafted_colors": "UG"})
_CARDS: list[str | dict[str, Any]] = [
    *("Forest", "Swamp", "Sol Ring"),
    *(FORAGER, NIBBLER, PIT, DIGNITARY, FOOD, _CRAFTED, WICKERMAW),
]
_GRAVEYARDS: list[Any] = [0, 2, 3, 6, ["Llanowar Elves", "Forest", "Island"], ["Forest"]]
_COSTS = ["{1}", "{2}", "{G}", "{U}", "{B}{B}", "{1}{G}", "{W}{U}", "{2}{G}", "{3}"]


@st.composite
def forage_boards(draw: st.DrawFn) -> Board:
    """1 to 3 permanents for 'me' from the families' cards, and a graveyard of up to six cards."""
    permanents = [mine(f"p{n}", draw(st.sampled_from(_CARDS))) for n in range(draw(st.integers(1, 3)))]
    return graveyard_board(*permanents, graveyard=draw(st.sampled_from(_GRAVEYARDS)))


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(forage_boards(), st.sampled_from(_COSTS))
def test_the_planner_agrees_with_the_reference_search(board: Board, cost: str) -> None:
    assume(agrees_with_reference(board, PaymentTarget.of(cost), max_states=3000) is not None)


# ------------------------------------------------------------------------------- a legendary's short name

RASPUTIN = {
    "name": "Rasputin Dreamweaver",
    "type_line": "Legendary Creature — Human Wizard",
    "oracle": "Rasputin Dreamweaver enters the battlefield with seven dream counters on it.\nRemove a dream "
    "counter from Rasputin: Add {C}.\nRemove a dream counter from Rasputin: Prevent the next 1 damage that "
    "would be dealt to Rasputin this turn.\nAt the beginning of your upkeep, if Rasputin started the turn "
    "untapped, put a dream counter on it.\nRasputin can't have more than seven dream counters on it.",
}
URZAS_TOWER = (
    "{T}: Add {C}. If you control an Urza's Mine and an Urza's Power-Plant, add {C}{C}{C} instead.",
    "Urza's Tower",
)


def test_a_legendary_card_is_its_first_word_and_only_a_legendary_card() -> None:
    legendary = parse_oracle(RASPUTIN["oracle"], RASPUTIN["name"], legendary=True)
    assert not legendary.unsupported
    assert [(a.cost.remove_counter, a.cost.remove_count) for a in legendary.mana_abilities] == [("dream", 1)]
    not_legendary = parse_oracle(RASPUTIN["oracle"], RASPUTIN["name"])  # 'Rasputin' is then another card
    assert not_legendary.unsupported == ("Remove a dream counter from Rasputin: Add {C}.",)
    # Urza's is a land type, and Urza's Tower names other lands: its reading does not change either way
    assert parse_oracle(*URZAS_TOWER, legendary=True) == parse_oracle(*URZAS_TOWER)
    # the first word that starts another name is not the card ('create Marit Lage, a ... token')
    slumber = "Sacrifice Marit Lage's Slumber. If you do, create Marit Lage, a legendary 20/20 token."
    assert "Marit Lage, a" in parse_oracle(slumber, "Marit Lage's Slumber", legendary=True).sentences[-1].text


def test_rasputin_removes_one_dream_counter_for_each_colorless_mana() -> None:
    # 'Remove a dream counter from Rasputin: Add {C}.' has no {T}: three counters, three activations
    board = graveyard_board(mine("r", RASPUTIN, counters={"dream": 3}), mine("f", "Forest"))
    assert str(could_produce(board)["r"]) == "C"
    assert not _warnings(board, "{1}")
    assert pay(board, PaymentTarget.of("{3}{G}")).payable
    assert not pay(board, PaymentTarget.of("{4}{G}")).payable
    assert not pay(board, PaymentTarget.of("{C}{C}{C}{C}")).payable
    assert max_x(board, PaymentTarget.of("{X}")).x == 4
    empty = graveyard_board(mine("r", RASPUTIN, counters={"dream": 0}))
    assert not pay(empty, PaymentTarget.of("{1}")).payable
    for counters, cost in ((3, "{3}{G}"), (3, "{C}{C}{C}{C}"), (2, "{2}"), (1, "{C}{G}")):
        _agrees(graveyard_board(mine("r", RASPUTIN, counters={"dream": counters}), mine("f", "Forest")), cost)


# ------------------------------------------------------------------------------------------ the monarch

BEHEMOTH = {
    "name": "Regal Behemoth",
    "type_line": "Creature — Dinosaur",
    "oracle": "Trample\nWhen Regal Behemoth enters the battlefield, you become the monarch.\nWhenever you "
    "tap a land for mana while you're the monarch, add an additional one mana of any color.",
}


def _monarch_board(*, monarch: str | None, behemoth_controller: str = "me") -> Board:
    players: list[dict[str, Any]] = [{"id": "me"}, {"id": "opp"}]
    for player in players:
        if player["id"] == monarch:
            player["monarch"] = True
    permanents = [
        {"id": "b", "controller": behemoth_controller, **BEHEMOTH},
        mine("f", "Forest"),
        mine("w", "Wastes"),
    ]
    return Board.from_dict({"version": 1, "players": players, "permanents": permanents})


def test_the_monarch_trigger_is_read_with_its_condition() -> None:
    (trigger,) = parse_oracle(BEHEMOTH["oracle"], BEHEMOTH["name"]).effects
    assert isinstance(trigger, ManaTrigger) and trigger.while_monarch
    (plain,) = parse_oracle(
        "Whenever you tap a land for mana, add an additional one mana of any color."
    ).effects
    assert isinstance(plain, ManaTrigger) and not plain.while_monarch
    assert (
        replace(trigger, while_monarch=False, text=plain.text) == plain
    )  # the condition is all that differs
    assert _monarch_board(monarch="me").player("me").monarch
    assert Board.from_dict(_monarch_board(monarch="me").to_dict()) == _monarch_board(monarch="me")


def test_regal_behemoth_adds_one_mana_of_any_color_only_while_you_are_the_monarch() -> None:
    # the monarch: the Forest makes {G} and one mana of any color, the Wastes {C} and one of any color
    crowned = _monarch_board(monarch="me")
    assert not _warnings(crowned, "{G}")
    assert pay(crowned, PaymentTarget.of("{U}{R}")).payable
    assert pay(crowned, PaymentTarget.of("{G}{C}{B}{W}")).payable
    assert not pay(crowned, PaymentTarget.of("{W}{U}{B}")).payable
    assert max_x(crowned, PaymentTarget.of("{X}")).x == 4
    # not the monarch (no one is, or the opponent is): the lands alone
    for uncrowned in (_monarch_board(monarch=None), _monarch_board(monarch="opp")):
        assert not pay(uncrowned, PaymentTarget.of("{U}")).payable
        assert pay(uncrowned, PaymentTarget.of("{G}{C}")).payable
        assert max_x(uncrowned, PaymentTarget.of("{X}")).x == 2
    # the opponent's Behemoth, the opponent the monarch: 'whenever you tap' is its controller tapping
    theirs = _monarch_board(monarch="opp", behemoth_controller="opp")
    assert max_x(theirs, PaymentTarget.of("{X}")).x == 2
    for monarch, cost in (
        ("me", "{U}{R}"),
        ("me", "{W}{U}{B}"),
        ("me", "{3}{G}"),
        (None, "{U}"),
        ("opp", "{1}"),
    ):
        _agrees(_monarch_board(monarch=monarch), cost)
