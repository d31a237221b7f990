"""Effects in force, the follow-ups of effects37's audit (issue 35): a tapped permanent's controller as the
one who adds a trigger's mana ('that land's controller adds', CR 106.12, 605.1b, 602.2), Channel's
permission to pay life for mana any time a mana ability could be activated (warned, never dropped in
silence), the missing choice of an effect that resolved named as made 'as it resolved' (CR 608.2), and the
sentences that hold more than one effect or referent (two effects joined by 'and', CR 611.2; several
targets, CR 115.1).

Every card name is made up; values are derived by hand from the rules (the rule in a comment), the payments
checked against the reference search too (``checked_verdict``).
"""

from __future__ import annotations

from typing import Any

from boards import ME, OPP, checked_verdict, could, effect_entry, mine

from models.board import Board
from models.cost import PaymentKind, PaymentTarget
from models.mana_effects import ManaTrigger
from models.oracle import parse_oracle
from models.oracle.resolved import static_form
from planner.answer_warnings import text_warnings
from planner.api import max_x, pay
from planner.rules.records import WarningKind


def _board(permanents: list[dict[str, Any]], *effects: dict[str, Any], life: int = 20) -> Board:
    players: list[dict[str, Any]] = [{"id": ME, "life": life}, {"id": OPP}]
    return Board.from_dict(
        {"version": 1, "players": players, "permanents": permanents, "effects": list(effects)}
    )


def _theirs(pid: str, name: str, type_line: str, oracle: str) -> dict[str, Any]:
    return {"id": pid, "controller": OPP, "name": name, "type_line": type_line, "oracle": oracle}


FOREST_AND_ISLAND = [mine("f", "Forest"), mine("i", "Island")]


def test_that_lands_controller_is_the_player_who_tapped_it() -> None:
    # CR 106.12, 605.1b: 'that land's controller' after 'a land is tapped for mana' is the tapped land's
    # controller (only its controller activates its mana abilities, CR 602.2), no referent: the opponent's
    # effect gives me {G} for each of my lands tapped. Forest: {G}{G}; Island: {U}{G}: four mana, three {G}
    text = (
        "Until end of turn, whenever a land is tapped for mana, that land's controller adds an "
        "additional {G}."
    )
    assert static_form(text).bound_to is None
    board = _board(FOREST_AND_ISLAND, effect_entry(text, controller=OPP))
    assert not text_warnings(board)
    assert max_x(board, PaymentTarget.of("{X}")).x == 4
    assert checked_verdict(board, "{G}{G}{G}{U}") and not checked_verdict(board, "{G}{G}{G}{G}")
    # with no tapping before it, 'that land's controller' is still a referent: the player refers_to names
    alone = static_form("That land's controller adds {G}.")
    assert alone.bound_to == "player" and alone.text == "Enchanted player adds {G}."


def test_a_permanents_trigger_gives_the_tapped_lands_controller_its_mana() -> None:
    # the same words on a permanent (the opponent's): a triggered mana ability whose mana goes to the player
    # who tapped (CR 605.1b); before, the sentence was unsupported. 'that Forest's controller' after 'a
    # player taps a Forest': my Forest makes {G}{R}, my Island {U} alone
    text = "Whenever a player taps a Forest for mana, that Forest's controller adds an additional {R}."
    (trigger,) = parse_oracle(text).effects
    assert isinstance(trigger, ManaTrigger) and trigger.to_tapper
    bloom = _theirs("b", "Test Bloom", "Enchantment", text)
    board = _board([*FOREST_AND_ISLAND, bloom])
    assert not text_warnings(board)
    assert checked_verdict(board, "{G}{R}{U}") and not checked_verdict(board, "{G}{R}{R}")
    assert max_x(board, PaymentTarget.of("{X}")).x == 3


def test_paying_life_for_mana_any_time_is_warned_never_dropped() -> None:
    # Channel's 'Any time you could activate a mana ability, you may pay 1 life. If you do, add {C}.': a
    # permission to add {C} for 1 life while paying too (CR 605.3a, 119.4). The planner does not apply it:
    # on a permanent and as an effect in force each sentence is warned (before, on a permanent, the first
    # was ignored and the second taken for a trigger's mana outside a payment, in silence)
    text = "Any time you could activate a mana ability, you may pay 1 life. If you do, add {C}."
    conduit = mine("c", {"name": "Test Conduit", "type_line": "Enchantment", "oracle": text})
    on_permanent = _board([mine("f", "Forest"), conduit])
    warned = text_warnings(on_permanent)
    assert [(w.permanent, w.kind) for w in warned] == [("c", WarningKind.UNSUPPORTED)] * 2
    assert [w.sentence for w in warned] == [
        "Any time you could activate a mana ability, you may pay 1 life.",
        "If you do, add {C}.",
    ]
    as_effect = _board([mine("f", "Forest")], effect_entry(f"Until end of turn, {text[0].lower()}{text[1:]}"))
    assert [(w.permanent, w.kind) for w in text_warnings(as_effect)] == [
        ("effects[0]", WarningKind.UNSUPPORTED)
    ] * 2


def test_a_choice_an_effect_did_not_get_is_one_made_as_it_resolved() -> None:
    # CR 608.2: what an effect in force chose, it chose as its spell or ability resolved (Jinx's basic land
    # type), a permanent's as it entered (CR 614.12): the warning says which
    text = "Target land becomes the basic land type of your choice until end of turn."
    (warning,) = text_warnings(_board([mine("f", "Forest")], effect_entry(text, "f")))
    assert "effects[0].choices.basic_land_type" in warning.reason
    assert "as it resolved" in warning.reason and "as it entered" not in warning.reason
    realm = {
        "name": "Test Realm",
        "type_line": "Enchantment — Aura",
        "oracle": "Enchanted land is the chosen type.",
    }
    (kept,) = text_warnings(_board([mine("f", "Forest"), mine("r", realm, attached_to="f")]))
    assert "as it entered" in kept.reason


def test_two_effects_joined_by_and_are_both_in_force() -> None:
    # CR 611.2: 'all creatures become black and all lands become Swamps' (Nightcreep's): two effects, each a
    # clause with its own subject. The Forest is a Swamp (CR 305.7: {T}: Add {B} alone); the Elves are black,
    # which changes nothing of their {G}. Before, the sentence was warned and nothing applied
    text = "Until end of turn, all creatures become black and all lands become Swamps."
    board = _board([mine("f", "Forest"), mine("e", "Llanowar Elves")], effect_entry(text))
    assert could(board) == {"f": "B", "e": "G"} and not text_warnings(board)
    assert checked_verdict(board, "{B}{G}") and not checked_verdict(board, "{G}{G}")
    # a clause the static grammar does not read leaves the whole sentence warned, never half applied
    half = _board(
        [mine("f", "Forest")], effect_entry("Until end of turn, all lands become Swamps and you draw a card.")
    )
    assert [w.kind for w in text_warnings(half)] == [WarningKind.UNSUPPORTED]
    assert could(half) == {"f": "G"}


def test_each_of_several_targets_is_one_referent() -> None:
    # CR 115.1: 'X target lands become Forests' (Deepwood Elder's) with X = 2: the two Wastes refers_to names
    # are Forests ({T}: Add {G}, CR 305.7), the third is not: {G}{G}{C}, never three {G}
    text = "X target lands become Forests until end of turn."
    wastes = [mine("w1", "Wastes"), mine("w2", "Wastes"), mine("w3", "Wastes")]
    board = _board(wastes, effect_entry(text, "w1", "w2"))
    assert could(board) == {"w1": "G", "w2": "G", "w3": "C"} and not text_warnings(board)
    assert checked_verdict(board, "{G}{G}{C}") and not checked_verdict(board, "{G}{G}{G}")
    # 'up to two target lands you control': the same, one referent each
    upto = _board(
        wastes, effect_entry("Until end of turn, up to two target lands you control become Islands.", "w3")
    )
    assert could(upto) == {"w1": "C", "w2": "C", "w3": "U"}
    many = effect_entry("Any number of target lands become Swamps until end of turn.", "w1", "w2", "w3")
    assert could(_board(wastes, many)) == {"w1": "B", "w2": "B", "w3": "B"}


def test_each_of_those_lands_while_it_has_a_counter_is_a_creature_still_a_land() -> None:
    # Liege of the Tangle's 'Each of those lands is an 8/8 green Elemental creature for as long as it has an
    # awakening counter on it. They're still lands.': on each land refers_to names that has the counter
    # (CR 611.2b), a creature that is still a Forest (CR 205.1b). Both Forests came this turn: the one with
    # the counter is a creature that can't be tapped (CR 302.6), the other, no creature, taps for {G}
    text = (
        "Each of those lands is an 8/8 green Elemental creature for as long as it has an awakening counter "
        "on it. They're still lands."
    )
    woken = mine("f1", "Forest", summoning_sick=True, counters={"awakening": 1})
    board = _board([woken, mine("f2", "Forest", summoning_sick=True)], effect_entry(text, "f1", "f2"))
    assert not text_warnings(board)
    assert checked_verdict(board, "{G}") and not checked_verdict(board, "{G}{G}")
    # not sick: both tap for {G} (still Forests)
    awake = _board([{**woken, "summoning_sick": False}, mine("f2", "Forest")], effect_entry(text, "f1", "f2"))
    assert checked_verdict(awake, "{G}{G}")


def test_two_targets_or_a_condition_over_two_clauses_stay_warned() -> None:
    # CR 115.1: 'target creature you control ... and target creature an opponent controls ...' are two
    # objects, which refers_to (one list of ids) can't tell apart: never both effects on each, warned
    two = (
        "Until end of turn, target creature you control gets +1/+1 and target creature an opponent controls "
        "gets -1/-1."
    )
    assert static_form(two).text is None
    elves = [mine("e1", "Llanowar Elves"), {"id": "e2", "card": "Llanowar Elves", "controller": OPP}]
    assert [w.kind for w in text_warnings(_board(elves, effect_entry(two, "e1", "e2")))] == [
        WarningKind.UNSUPPORTED
    ]
    # a condition before the first clause is the second's too: the sentence is not split (warned), never
    # the second clause applied without it
    scoped = "As long as you control a Plains, all creatures are black and all lands are Swamps."
    board = _board([mine("f", "Forest")], effect_entry(scoped))
    assert [w.kind for w in text_warnings(board)] == [WarningKind.UNSUPPORTED] and could(board) == {"f": "G"}


def test_two_bans_on_one_target_player_in_one_sentence() -> None:
    # Abeyance's 'target player can't cast instant or sorcery spells, and that player can't activate
    # abilities that aren't mana abilities' (CR 101.2, 602.5): the opponent's effect on me forbids my instant
    # and my sorcery and an activated ability's cost, not a creature spell, not the opponent's instant; my
    # mana abilities still pay (CR 605.1a: they are no 'abilities that aren't mana abilities')
    text = (
        "Until end of turn, target player can't cast instant or sorcery spells, and that player can't "
        "activate abilities that aren't mana abilities."
    )
    board = _board([mine("f", "Forest")], effect_entry(text, ME, controller=OPP))
    assert not text_warnings(board)
    for kind in ("Instant", "Sorcery"):
        refused = pay(board, PaymentTarget.of("{G}", type_line=kind))
        assert not refused.payable and "CR 101.2" in (refused.reason or "")
    ability = pay(board, PaymentTarget.of("{G}", kind=PaymentKind.ABILITY))
    assert not ability.payable and "CR 602.5" in (ability.reason or "")
    assert pay(board, PaymentTarget.of("{G}", type_line="Creature")).payable
    theirs = _board([mine("f", "Forest")], effect_entry(text, OPP, controller=ME))
    assert pay(theirs, PaymentTarget.of("{G}", type_line="Instant")).payable


def test_a_permanent_made_a_land_is_warned_never_ignored() -> None:
    # 'Enchanted creature is a land.' (and Hydro-Man's 'he becomes a land and gains "{T}: Add {U}."', in
    # force): a creature made a land alone is no creature, so summoning sickness no longer stops its {T}
    # (CR 205.1a, 302.6); the grammar does not read it: warned (before, ignored in silence)
    shift = {
        "name": "Test Shift",
        "type_line": "Enchantment — Aura",
        "oracle": "Enchanted creature is a land.",
    }
    board = _board([mine("e", "Llanowar Elves"), mine("a", shift, attached_to="e")])
    assert [(w.permanent, w.kind) for w in text_warnings(board)] == [("a", WarningKind.UNSUPPORTED)]
    hydro = 'Until your next turn, it becomes a land and gains "{T}: Add {U}."'
    warned = text_warnings(_board([mine("e", "Llanowar Elves")], effect_entry(hydro, "e")))
    assert [(w.permanent, w.kind) for w in warned] == [("effects[0]", WarningKind.UNSUPPORTED)]
