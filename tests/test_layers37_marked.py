"""A permanent's trigger whose continuous effect names the permanents it marked with a counter, read as
changing each permanent with that counter on it (issue 35, layers37): 'Each of those lands is an 8/8 green
Elemental creature for as long as it has an awakening counter on it. They're still lands.' (Liege of the
Tangle's, after '... put an awakening counter on each of them.'). It was ignored in silence on a permanent:
a land with the counter is a creature (CR 613.1d layer 4, 613.4b layer 7b; still a land and its land types,
CR 205.1b), counted where creatures are, and can't {T} while summoning sick (CR 302.6).

Every card name is made up; values are derived by hand from the rules (in a comment), each payment checked
against the reference search too (``checked_verdict``).
"""

from __future__ import annotations

from typing import Any

from boards import checked_verdict, custom, largest_x, mine

from models.board import Board
from models.layer_effects import TypeChange
from models.oracle import parse_oracle
from planner.api import text_warnings

#: Liege of the Tangle's trigger (made-up name, the same sentences).
LIEGE_TEXT = (
    "Trample\n"
    "Whenever Test Liege deals combat damage to a player, you may choose any number of target lands you "
    "control and put an awakening counter on each of them. Each of those lands is an 8/8 green Elemental "
    "creature for as long as it has an awakening counter on it. They're still lands."
)
LIEGE = custom("Test Liege", "l", "Creature — Elemental", LIEGE_TEXT, controller="me")
#: Gaea's Cradle's shape: a count of the creatures I control.
CRADLE = custom("Test Cradle", "c", "Land", "{T}: Add {G} for each creature you control.", controller="me")


def _board(*permanents: dict[str, Any]) -> Board:
    players: list[dict[str, Any]] = [{"id": "me"}, {"id": "opp"}]
    return Board.from_dict({"version": 1, "players": players, "permanents": list(permanents)})


def test_each_of_those_lands_is_read_as_the_lands_with_the_counter() -> None:
    # the sentence is an effect on each land with an awakening counter, a creature still a land (205.1b)
    sentences = parse_oracle(LIEGE_TEXT.split("\n")[1]).sentences
    assert [s.read_as for s in sentences] == ["ignored", "effect", "effect"]
    (change,) = [e for e in parse_oracle(LIEGE_TEXT).effects if isinstance(e, TypeChange)]
    assert change.affected.counter == "awakening" and change.affected.types == ("Land",)
    assert change.adds and change.card_types == ("Creature",) and change.base_pt == (8, 8)


def test_an_awakened_land_is_a_creature_the_cradle_counts() -> None:
    # creatures I control: the Liege and the Forest with the counter (CR 613.1d): the Cradle adds {G}{G};
    # each Forest {G} (the awakened one still a Forest, 205.1b; not sick): four {G}. Without the counter,
    # one creature: three {G}
    woken = mine("f1", "Forest", counters={"awakening": 1})
    board = _board(LIEGE, CRADLE, woken, mine("f2", "Forest"))
    assert not text_warnings(board)
    assert checked_verdict(board, "{G}{G}{G}{G}") and not checked_verdict(board, "{G}{G}{G}{G}{G}")
    assert largest_x(board) == 4
    asleep = _board(LIEGE, CRADLE, mine("f1", "Forest"), mine("f2", "Forest"))
    assert checked_verdict(asleep, "{G}{G}{G}") and not checked_verdict(asleep, "{G}{G}{G}{G}")


def test_a_summoning_sick_awakened_land_cant_tap() -> None:
    # both Forests came under my control this turn: the awakened one is a creature, so its {T} can't be
    # paid (CR 302.6); the other is no creature and taps: {G} alone (before: {G}{G})
    woken = mine("f1", "Forest", counters={"awakening": 1}, summoning_sick=True)
    board = _board(LIEGE, woken, mine("f2", "Forest", summoning_sick=True))
    assert checked_verdict(board, "{G}") and not checked_verdict(board, "{G}{G}")
    assert largest_x(board) == 1
    # with the Cradle: it counts two creatures (the Liege, the awakened Forest): {G}{G} and the other
    # Forest's {G}
    cradled = _board(LIEGE, CRADLE, woken, mine("f2", "Forest", summoning_sick=True))
    assert checked_verdict(cradled, "{G}{G}{G}") and not checked_verdict(cradled, "{G}{G}{G}{G}")


def test_a_counter_of_its_own_meaning_marks_nothing() -> None:
    # CR 122.1a: a +1/+1 counter has its own meaning, it marks no referent: the sentence stays unread, warned
    text = (
        "Whenever ~ attacks, put a +1/+1 counter on each of up to two target lands. Each of those lands is a "
        "0/0 creature for as long as it has a +1/+1 counter on it. They're still lands."
    )
    assert [s.read_as for s in parse_oracle(text).sentences][1] == "unsupported"
    keeper = custom("Test Keeper", "k", "Creature — Elf", text.replace("~", "Test Keeper"), controller="me")
    board = _board(keeper, mine("f", "Forest", counters={"+1/+1": 1}))
    # (its rider 'They're still lands.' is warned with it: the rider of an unread change, CR 205.1b)
    assert [w.sentence for w in text_warnings(board)] == [
        "Each of those lands is a 0/0 creature for as long as it has a +1/+1 counter on it.",
        "They're still lands.",
    ]


def test_an_activated_abilitys_effect_on_the_land_it_marked() -> None:
    # Cyclopean Tomb's '{2}, {T}: Put a mire counter on target non-Swamp land. That land is a Swamp for as
    # long as it has a mire counter on it.' (made-up name): the ability's effect, ignored before, on each land
    # with a mire counter: a Swamp, its land type set (CR 305.7: '{T}: Add {B}' alone); the other Forest {G}
    text = (
        "{2}, {T}: Put a mire counter on target non-Swamp land. That land is a Swamp for as long as it has a "
        "mire counter on it. Activate only during your upkeep."
    )
    assert [s.read_as for s in parse_oracle(text).sentences] == ["ignored", "effect", "ignored"]
    tomb = custom("Test Tomb", "t", "Artifact", text, controller="me")
    board = _board(tomb, mine("f1", "Forest", counters={"mire": 1}), mine("f2", "Forest"))
    assert not text_warnings(board)
    assert checked_verdict(board, "{B}{G}") and not checked_verdict(board, "{G}{G}")


def test_its_an_island_in_addition_while_it_has_the_counter() -> None:
    # Eluge's "put a flood counter on target land. It's an Island in addition to its other types for as long
    # as it has a flood counter on it." (made-up name): 'it' is the target land (CR 608.2c), each land with a
    # flood counter an Island too (CR 305.6: '{T}: Add {U}' beside its Forest's '{T}: Add {G}'): {U}{G} from
    # two Forests of which one is flooded; never {U}{U}. Ignored before
    text = (
        "Whenever Test Eel enters or attacks, put a flood counter on target land. It's an Island in addition "
        "to its other types for as long as it has a flood counter on it."
    )
    eel = custom("Test Eel", "e", "Creature — Fish", text, controller="me")
    board = _board(eel, mine("f1", "Forest", counters={"flood": 1}), mine("f2", "Forest"))
    assert not text_warnings(board)
    assert checked_verdict(board, "{U}{G}") and not checked_verdict(board, "{U}{U}")


def test_lost_land_types_while_it_has_the_counter_are_warned() -> None:
    # Ultima's 'For as long as that land has a blight counter on it, it loses all land types and abilities
    # and has "{T}: Add {C}."' (CR 305.7, 613.1d, 613.1f): not read, it was taken for mana made outside a
    # payment (not_payment) in silence; now warned
    text = (
        "Whenever Test Blight attacks, put a blight counter on target land. For as long as that land has a "
        'blight counter on it, it loses all land types and abilities and has "{T}: Add {C}."'
    )
    blight = custom("Test Blight", "b", "Creature — God", text, controller="me")
    board = _board(blight, mine("f", "Forest", counters={"blight": 1}))
    assert [w.sentence for w in text_warnings(board)] == [text.split(". ", 1)[1]]


def test_a_creature_made_a_land_is_counted_as_no_creature() -> None:
    # 'Enchanted creature is a land.': the Elves' card types set to Land alone (CR 205.1a), so the Cradle
    # counts no creature (my only one is the Elves): the Elves' {G} alone. Without the Aura: {G}{G}
    shift = custom("Test Shift", "a", "Enchantment — Aura", "Enchanted creature is a land.", controller="me")
    elves = mine("e", "Llanowar Elves")
    made = _board(CRADLE, elves, {**shift, "attached_to": "e"})
    assert not text_warnings(made)
    assert checked_verdict(made, "{G}") and not checked_verdict(made, "{G}{G}")
    assert checked_verdict(_board(CRADLE, elves), "{G}{G}")
    # of many permanents ('Creatures you control are lands.') the card types set stay unread, warned
    many = custom("Test Shifts", "m", "Enchantment", "Creatures you control are lands.", controller="me")
    assert [w.permanent for w in text_warnings(_board(CRADLE, elves, many))] == ["m"]


def test_an_effect_in_force_returned_it_as_an_enchantment_alone() -> None:
    # the Enduring cycle's 'return it to the battlefield under its owner's control. It's an enchantment.' in
    # force ('It's' read as 'it is'): its card types set to Enchantment (CR 205.1a; Glimmer kept, Elk gone,
    # 205.3d), so it is no creature: its grant to creatures misses itself and the Cradle counts none: no
    # mana at all. Without the effect: the Vigor's any color and the Cradle's {G}
    vigor = custom(
        "Test Vigor",
        "v",
        "Enchantment Creature — Elk Glimmer",
        'Creatures you control have "{T}: Add one mana of any color."',
        controller="me",
    )
    returned = {"text": "It's an enchantment. (It's not a creature.)", "controller": "me", "refers_to": ["v"]}
    players: list[dict[str, Any]] = [{"id": "me"}, {"id": "opp"}]
    board = Board.from_dict(
        {"version": 1, "players": players, "permanents": [vigor, CRADLE], "effects": [returned]}
    )
    assert not text_warnings(board)
    assert not checked_verdict(board, "{G}") and not checked_verdict(board, "{W}")
    assert checked_verdict(_board(vigor, CRADLE), "{G}{W}")
