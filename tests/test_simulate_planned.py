"""The goldfish with the turn planner (``--ramp planner``): its turn search against the turn planner itself,
and its odds against exact probabilities and the lands-only measure."""

from __future__ import annotations

import math
import random
from dataclasses import replace as changed
from math import comb
from typing import Any

import pytest

from models.board import Board
from models.catalogue import CardData
from models.cost import ManaCost
from models.decklist import Deck, DeckCard, parse_deck
from models.mana import ManaType
from planner.sim.kinds import CardKind, card_kinds
from planner.sim.simulate import goldfish
from planner.sim.turn_search import TurnPlan, TurnState, TurnTables, best_turn
from planner.turn import plan_turn

DECK_TEXT = (
    "6 Forest\n6 Island\n4 Mountain\n4 Llanowar Elves\n2 Sol Ring\n2 Mind Stone\n2 Dark Ritual\n"
    "4 Lightning Bolt\n4 Counterspell\n6 Grizzly Bears {1}{G}\n6 Hill Giant {3}{R}\n6 Divination {2}{U}\n"
    "4 Hypnotic Specter {1}{B}{B}\n4 Swamp\n"
)
DECK = parse_deck(DECK_TEXT)
_INLINE = {
    "Grizzly Bears": {"type_line": "Creature — Bear", "mana_cost": "{1}{G}"},
    "Hill Giant": {"type_line": "Creature — Giant", "mana_cost": "{3}{R}"},
    "Divination": {"type_line": "Sorcery", "mana_cost": "{2}{U}"},
    "Hypnotic Specter": {"type_line": "Creature — Specter", "mana_cost": "{1}{B}{B}"},
}


def _card(name: str) -> object:
    return {"name": name, **_INLINE[name]} if name in _INLINE else name


def _state_of(in_play: list[CardKind], hand: list[int], **more: Any) -> TurnState:
    """The turn's state with these lands in play (untapped, at 20 life) and this hand."""
    return TurnState(
        ready=tuple(sorted(m for k in in_play for m in k.units)),
        land_types=frozenset(t for k in in_play if k.land for t in k.land.land_types),
        lands=len(in_play),
        hand=tuple(hand),
        life=20,
        **more,
    )


@pytest.mark.parametrize("seed", range(30))
def test_the_simulations_turn_search_casts_what_the_turn_planner_casts(seed: int) -> None:
    rng = random.Random(seed)
    kinds, _ = card_kinds(DECK, 1)
    lands = [k for k in kinds if k.role == "land"]
    in_play = [rng.choice(lands) for _ in range(rng.randint(0, 4))]
    hand = sorted(rng.randrange(len(kinds)) for _ in range(rng.randint(1, 5)))
    state = _state_of(in_play, hand)
    plan = best_turn(kinds, state)
    board = Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me", "hand": [_card(kinds[i].name) for i in hand]}],
            "permanents": [
                {"id": f"p{n}", "card": k.name, "controller": "me"} for n, k in enumerate(in_play)
            ],
        }
    )
    turn = plan_turn(board, time_limit=600.0)  # (a loaded machine must not cut the planner's search short)
    assert sum(kinds[i].mana_value for i in plan.cast) == turn.mana_value_cast
    if plan.cast or plan.land >= 0:  # (the goldfish always plays a land it has: the planner only if it helps)
        assert len(plan.cast) <= len(turn.spells) or turn.mana_value_cast == 0


#: Cards that make Treasures or change costs, given by their Oracle text (none is in the catalogue).
_TREASURE_AND_COSTS = {
    "Prosperous Pirates": {
        "type_line": "Creature — Human Pirate",
        "mana_cost": "{4}{U}",
        "oracle": "When Prosperous Pirates enters, create two Treasure tokens.",
    },
    "Strike It Rich": {
        "type_line": "Sorcery",
        "mana_cost": "{R}",
        "oracle": "Create a Treasure token.\nFlashback {2}{R}",
    },
    "Captain Lannery Storm": {
        "type_line": "Legendary Creature — Human Pirate",
        "mana_cost": "{2}{R}",
        "oracle": "Haste\nWhenever Captain Lannery Storm attacks, create a Treasure token.",
    },
    "Cheap Lesson": {
        "type_line": "Sorcery",
        "mana_cost": "{3}{U}",
        "oracle": "Draw two cards.",
    },
}


def _deck_with_treasures_and_costs() -> Deck:
    # (the cards given by text carry their type lines: whether a cost change applies reads them)
    base = parse_deck(
        "5 Forest\n5 Island\n5 Mountain\n3 Plains\n2 Goblin Electromancer\n2 Thalia, Guardian of Thraben\n"
        "4 Lightning Bolt\n2 Llanowar Elves\n"
    )
    given = {**{name: {**text, "oracle": ""} for name, text in _INLINE.items()}, **_TREASURE_AND_COSTS}
    extra = tuple(
        DeckCard(
            name=name,
            count=2,
            lines=(0,),
            card=CardData(name=name, type_line=text["type_line"], oracle=text["oracle"]),
            cost=ManaCost.parse(text["mana_cost"]),
            is_land=False,
        )
        for name, text in given.items()
        if name != "Hypnotic Specter"
    )
    return changed(base, cards=(*base.cards, *extra))


@pytest.mark.parametrize("seed", range(30))
def test_with_treasures_and_cost_changes_the_turn_search_casts_what_the_turn_planner_casts(seed: int) -> None:
    rng = random.Random(1000 + seed)
    kinds, ignored = card_kinds(_deck_with_treasures_and_costs(), 1)
    assert ignored == []
    lands = [k for k in kinds if k.role == "land"]
    changers = [k for k in kinds if k.cost_changes]
    in_play = [rng.choice(lands) for _ in range(rng.randint(0, 4))]
    changing = sorted(rng.sample(changers, rng.randint(0, 2)), key=lambda k: k.index)
    treasures = rng.randint(0, 2)
    hand = sorted(rng.randrange(len(kinds)) for _ in range(rng.randint(1, 5)))
    state = _state_of(in_play, hand, changers=tuple(k.index for k in changing), treasures=treasures)
    plan = best_turn(kinds, state)

    def card(name: str) -> object:
        return {"name": name, **_TREASURE_AND_COSTS[name]} if name in _TREASURE_AND_COSTS else _card(name)

    permanents: list[dict[str, object]] = [
        {"id": f"p{n}", "card": k.name, "controller": "me"} for n, k in enumerate(in_play)
    ]
    permanents += [{"id": f"c{n}", "card": card(k.name), "controller": "me"} for n, k in enumerate(changing)]
    permanents += [{"id": f"t{n}", "card": "Treasure", "controller": "me"} for n in range(treasures)]
    board = Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me", "hand": [card(kinds[i].name) for i in hand]}],
            "permanents": permanents,
        }
    )
    turn = plan_turn(board, time_limit=600.0)  # (a loaded machine must not cut the planner's search short)
    assert sum(kinds[i].mana_value for i in plan.cast) == turn.mana_value_cast, (plan, turn.spells)


def test_a_treasure_is_spent_only_when_the_turn_needs_it() -> None:
    kinds, _ = card_kinds(_deck_with_treasures_and_costs(), 1)
    index = {k.name: k.index for k in kinds}

    def turn(land: str, hand: list[str], treasures: int, land_play: bool = True) -> TurnPlan:
        state = TurnState(
            ready=kinds[index[land]].units,
            land_types=frozenset(),
            lands=1,
            hand=tuple(sorted(index[name] for name in hand)),
            life=20,
            land_play=land_play,
            treasures=treasures,
        )
        return best_turn(kinds, state)

    bears = turn("Forest", ["Grizzly Bears"], 2)
    assert bears.cast == (index["Grizzly Bears"],) and bears.treasures_left == 1
    elves = turn("Forest", ["Llanowar Elves"], 2)
    assert elves.cast == (index["Llanowar Elves"],) and elves.treasures_left == 2
    # a Treasure made this turn pays for the spell after it: Strike It Rich ({R}) then a Bolt with it
    rich = turn("Mountain", ["Strike It Rich", "Lightning Bolt"], 0, land_play=False)
    assert sorted(rich.cast) == sorted((index["Strike It Rich"], index["Lightning Bolt"]))
    assert rich.treasures_left == 0
    # Thalia makes a noncreature spell cost {1} more, an Electromancer an instant {1} less
    thalia, mancer = index["Thalia, Guardian of Thraben"], index["Goblin Electromancer"]
    tables = TurnTables(kinds)
    assert tables.demand(index["Lightning Bolt"], (thalia,)) == (int(ManaType.R), 63)
    assert tables.demand(index["Lightning Bolt"], (mancer, thalia)) == (int(ManaType.R),)
    assert tables.demand(index["Cheap Lesson"], (mancer,)) == (int(ManaType.U), 63, 63)  # (a sorcery)
    assert tables.demand(index["Grizzly Bears"], (thalia, mancer)) == kinds[index["Grizzly Bears"]].demand


def test_an_attack_trigger_makes_no_treasure_as_the_card_resolves() -> None:
    kinds, _ = card_kinds(_deck_with_treasures_and_costs(), 1)
    made = {k.name: k.treasures for k in kinds if k.treasures}
    assert made == {"Prosperous Pirates": 2, "Strike It Rich": 1}


def test_treasure_makers_count_in_the_goldfish() -> None:
    # A one-drop whose enters trigger makes a Treasure: by turn 3 a {G}{G}{G} Troll is castable with fewer
    # than three Forests, which the lands-only measure never allows
    deck = parse_deck("12 Forest\n12 Wastes\n18 Troll {G}{G}{G}")
    seeker = DeckCard(
        name="Gold Seeker",
        count=18,
        lines=(0,),
        card=CardData(
            name="Gold Seeker",
            type_line="Creature — Human",
            oracle="When Gold Seeker enters, create a Treasure token.",
        ),
        cost=ManaCost.parse("{1}"),
        is_land=False,
    )
    deck = changed(deck, cards=(*deck.cards, seeker))
    games = 4_000
    planned = {c.name: c for c in goldfish(deck, turns=(1, 3), games=games, seed=2).cards}["Troll"]
    lands_only = {c.name: c for c in goldfish(deck, turns=(1, 3), games=games, seed=2, ramp="none").cards}
    p, q = planned.on_curve or 0.0, lands_only["Troll"].on_curve or 0.0
    error = math.sqrt(p * (1 - p) / games + q * (1 - q) / games)
    assert p - q > 4 * error, (p, q)
    assert (planned.cast_on_curve or 0) > 0


def test_a_mana_elf_on_turn_one_casts_a_three_drop_on_turn_two_exactly_as_often_as_it_can() -> None:
    # 20 Forests, 8 Llanowar Elves, 32 three-drops; no mulligans, on the play: a 3-drop is castable on turn 2
    # exactly when an Elf and a Forest are among the first 7 cards and two Forests among the first 8
    deck = parse_deck("20 Forest\n8 Llanowar Elves\n32 Troll {2}{G}")
    games = 40_000
    result = goldfish(deck, turns=(1, 2), games=games, seed=3, mulligan="none")
    troll = next(c for c in result.cards if c.name == "Troll")
    total = comb(60, 8)
    exact = 0
    for forests_7 in range(8):
        for elves_7 in range(1, 8 - forests_7):
            others_7 = 7 - forests_7 - elves_7
            if forests_7 < 1:
                continue
            ways_7 = comb(20, forests_7) * comb(8, elves_7) * comb(32, others_7)
            # the eighth card: a Forest (if fewer than two so far) or anything
            left = 53
            forests_left = 20 - forests_7
            good_8 = left if forests_7 >= 2 else forests_left
            exact += ways_7 * good_8
    probability = exact / (comb(60, 7) * 53) if total else 0.0
    error = math.sqrt(probability * (1 - probability) / games)
    assert troll.by_turn[1] is not None
    assert abs(troll.by_turn[1] - probability) <= 4 * error, (troll.by_turn[1], probability)


def test_on_a_deck_of_basics_the_planner_agrees_with_the_lands_only_measure() -> None:
    deck = parse_deck("14 Forest\n10 Island\n18 Wall {1}{G}\n18 Wave {1}{U}{U}")
    games = 30_000
    planned = goldfish(deck, turns=(1, 4), games=games, seed=5)
    lands_only = goldfish(deck, turns=(1, 4), games=games, seed=6, ramp="none")
    for mine, theirs in zip(planned.cards, lands_only.cards, strict=True):
        # both measures agree: Karsten's (the best land sequence for each card) and the hand-driven one
        pairs = [(mine.by_turn, theirs.by_turn), (mine.by_turn_as_played, theirs.by_turn_as_played)]
        for ours, other in pairs:
            for p, q in zip(ours, other, strict=True):
                assert p is not None and q is not None
                error = math.sqrt(max(p * (1 - p), 1e-4) / games + max(q * (1 - q), 1e-4) / games)
                assert abs(p - q) <= 4 * error, (mine.name, ours, other)


def test_rocks_and_rituals_count_and_x_spells_start_at_one() -> None:
    deck = parse_deck("20 Swamp\n4 Dark Ritual\n4 Sol Ring\n16 Specter {1}{B}{B}\n16 Drain {X}{B}")
    planned = goldfish(deck, turns=(1, 2), games=4_000, seed=1)
    lands_only = goldfish(deck, turns=(1, 2), games=4_000, seed=1, ramp="none")
    specter = {c.name: c for c in planned.cards}["Specter"]
    assert (specter.by_turn[0] or 0.0) > 0.05
    assert {c.name: c for c in lands_only.cards}["Specter"].by_turn[0] == 0.0
    drain = {c.name: c for c in planned.cards}["Drain"]
    assert drain.mana_value == 2 and drain.cost == "{1}{B}"  # X = 1 (--min-x)
    assert goldfish(deck, turns=(1, 2), games=500, seed=1, min_x=0).cards[-1].cost == "{B}"


def test_a_fetchland_is_the_land_the_turn_needs_as_a_dual_land_is() -> None:
    # a fetchland for a Mountain or a Plains, with both in the library, is as good as a dual land of those
    # types for a {R}{W} spell on turn 2 (thinning the library changes later draws very little), and it
    # costs its 1 life each time it is played
    def deck_with(land: CardData) -> Deck:
        base = parse_deck("8 Mountain\n8 Plains\n36 Boros Charm {R}{W}")
        extra = DeckCard(name=land.name, count=8, lines=(0,), card=land, cost=None, is_land=True)
        return changed(base, cards=(extra, *base.cards))

    mesa = CardData(
        name="Arid Mesa",
        type_line="Land",
        oracle="{T}, Pay 1 life, Sacrifice Arid Mesa: Search your library for a Mountain or Plains card, "
        "put it onto the battlefield, then shuffle.",
    )
    dual = CardData(name="Plateau", type_line="Land — Mountain Plains", oracle="{T}: Add {R} or {W}.")
    games = 20_000
    fetching = goldfish(deck_with(mesa), turns=(1, 3), games=games, seed=2, mulligan="none")
    duals = goldfish(deck_with(dual), turns=(1, 3), games=games, seed=3, mulligan="none")
    p, q = fetching.cards[0].by_turn[1], duals.cards[0].by_turn[1]
    assert p is not None and q is not None and p > 0.5
    error = math.sqrt(p * (1 - p) / games + q * (1 - q) / games)
    assert abs(p - q) <= 4 * error, (p, q)
    assert 0.5 < fetching.life_paid < 3.0 and duals.life_paid == 0


def test_a_slow_land_enters_untapped_from_the_third_land_on() -> None:
    from planner.sim.simulate import Entry, land_profile

    slow = CardData(
        name="Deserted Beach",
        type_line="Land",
        oracle="This land enters tapped unless you control two or more other lands.\n{T}: Add {W} or {U}.",
    )
    assert land_profile(slow).entry is Entry.SLOW
    base = parse_deck("36 Wave {U}")
    deck = changed(
        base,
        cards=(
            DeckCard(name=slow.name, count=24, lines=(0,), card=slow, cost=None, is_land=True),
            *base.cards,
        ),
    )
    for ramp in ("planner", "none"):
        wave = goldfish(deck, turns=(1, 3), games=2_000, seed=1, mulligan="none", ramp=ramp).cards[0]
        # turns 1 and 2: the land enters tapped (fewer than two other lands); turn 3: untapped
        assert wave.by_turn[0] == 0.0 and (wave.by_turn[2] or 0) > 0.9, (ramp, wave.by_turn)


def test_a_modal_double_faced_card_is_a_land_when_the_turn_needs_one_and_a_spell_otherwise() -> None:
    from models.carddata.faces import CardFace

    front = CardFace(
        name="Hex",
        card_name="Hex // Crypt",
        face_index=0,
        type_line="Instant",
        mana_cost="{B}",
        layout="modal_dfc",
    )
    back = CardFace(
        name="Crypt",
        card_name="Hex // Crypt",
        face_index=1,
        type_line="Land",
        mana_cost="",
        oracle="{T}: Add {B}.",
        layout="modal_dfc",
    )
    data = CardData(name="Hex // Crypt", type_line="Instant", oracle="", mana_cost="{B}")
    mdfc = DeckCard(
        name="Hex // Crypt",
        count=12,
        lines=(0,),
        card=data,
        cost=ManaCost.parse("{B}"),
        is_land=False,
        faces=(front, back),
    )
    base = parse_deck("14 Swamp\n34 Knight {1}{B}")
    deck = changed(base, cards=(*base.cards, mdfc))
    games = 20_000
    result = goldfish(deck, turns=(1, 2), games=games, seed=4, mulligan="none")
    knight = {c.name: c for c in result.cards}["Knight"]
    hex_card = {c.name: c for c in result.cards}["Hex // Crypt"]
    as_spells = goldfish(
        parse_deck("14 Swamp\n34 Knight {1}{B}\n12 Hex {B}"),
        turns=(1, 2),
        games=games,
        seed=5,
        mulligan="none",
    )
    as_lands = goldfish(
        parse_deck("26 Swamp\n34 Knight {1}{B}"), turns=(1, 2), games=games, seed=6, mulligan="none"
    )
    low = {c.name: c for c in as_spells.cards}["Knight"].by_turn[1] or 0
    high = {c.name: c for c in as_lands.cards}["Knight"].by_turn[1] or 0
    error = 4 * math.sqrt(0.25 / games)
    # played as a land when a land drop needs it: a two-drop on turn 2 as often as with 26 Swamps
    assert low + 0.05 < (knight.by_turn[1] or 0) <= high + error
    assert (hex_card.cast_on_curve or 0) > 0.05  # and cast as a spell on turn 1 when there are lands enough
    assert any("played as its land face" in note for note in result.notes)


def test_a_bounce_land_returns_a_land_and_alone_returns_itself() -> None:
    # Azorius Chancery enters tapped and returns a land to hand: with only Chanceries it returns itself every
    # turn and the deck never has a land; with Plains it makes two mana from the turn after, one land down
    alone = goldfish(parse_deck("24 Azorius Chancery\n36 Wall {W}{U}"), turns=(1, 4), games=1_000, seed=1)
    assert alone.cards[0].by_turn == (0.0, 0.0, 0.0, 0.0)
    deck = parse_deck("16 Plains\n8 Azorius Chancery\n36 Angel {3}{W}{U}")
    mixed = goldfish(deck, turns=(1, 5), games=4_000, seed=1)
    lands_only = goldfish(deck, turns=(1, 5), games=4_000, seed=1, ramp="none")
    # a Chancery makes two mana but costs a land drop (the land it returns is played again): four lands'
    # worth of mana on turn 4 at most, so a five-drop waits for turn 5; counting it as a dual that returns
    # nothing (lands only) casts the five-drop on turn 4
    assert mixed.cards[0].by_turn[3] == 0.0 and (mixed.cards[0].by_turn[4] or 0) > 0.05
    assert (lands_only.cards[0].by_turn[3] or 0) > 0.1


@pytest.mark.parametrize(
    ("deck", "records"),
    [
        # (the compiled game loop's deck: its Karsten record is the memo's compiled one)
        (DECK, {"_Memo", "CompiledGames"}),
        # (a bounce land: the Python loop, with KarstenPlanned's record)
        (parse_deck(DECK_TEXT + "2 Azorius Chancery\n"), {"_Memo", "KarstenPlanned"}),
    ],
    ids=["compiled-loop", "python-loop"],
)
def test_a_memo_started_again_when_full_changes_no_answer(
    deck: Deck, records: set[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The memo of turns and Karsten's record forget everything past their budget (memory, issue 41): the
    figures stay the same, only worked out again."""
    from planner.sim import compiled_games, karsten_planned, planned

    monkeypatch.setattr(planned, "PLANNED_CHUNK", 256)  # (the compiled loop's memo forgets between chunks)
    whole = goldfish(deck, turns=(1, 5), games=1_500, seed=4)
    monkeypatch.setattr(planned, "MEMO_ENTRIES", 40)
    monkeypatch.setattr(planned, "BUDGET_CHECKED_EVERY", 8)
    monkeypatch.setattr(karsten_planned, "KARSTEN_ENTRIES", 40)
    monkeypatch.setattr(karsten_planned, "KARSTEN_CHECKED_EVERY", 8)
    forgotten: list[str] = []
    for owner in (planned._Memo, karsten_planned.KarstenPlanned, compiled_games.CompiledGames):
        monkeypatch.setattr(owner, "forget", _counting(owner.forget, owner.__name__, forgotten))
    again = goldfish(deck, turns=(1, 5), games=1_500, seed=4)
    assert again == whole
    assert records <= set(forgotten)  # (each started again at least once)


def test_the_games_pause_the_garbage_collector_and_leave_it_as_it_was() -> None:
    """The game loop runs with the cyclic collector paused (speed only: the same figures), and leaves it
    as it found it, when it stops on an error too."""
    import gc

    from models.errors import InputError
    from planner.sim.planned import planned_counts

    collecting: list[bool] = []

    def games(layout: tuple[str, ...] | None = None) -> None:
        gc.callbacks.append(seen)
        try:
            planned_counts(
                DECK,
                turns=(1, 3),
                games=20,
                seed=1,
                on_the_draw=False,
                mulligan="none",
                min_x=1,
                chunks=range(1),
                layout=layout,
            )
        finally:
            gc.callbacks.remove(seen)

    def seen(phase: str, info: dict[str, int]) -> None:
        collecting.append(True)

    assert gc.isenabled()
    games()
    assert gc.isenabled() and not collecting  # (no collection during the games)
    with pytest.raises(InputError):
        games(("Not a land",))
    assert gc.isenabled()
    gc.disable()
    try:
        games()
        assert not gc.isenabled()
    finally:
        gc.enable()


def _counting(forget: Any, name: str, forgotten: list[str]) -> Any:
    def counted(self: object) -> None:
        forgotten.append(name)
        forget(self)

    return counted


@pytest.mark.parametrize("seed", range(3))
def test_a_mulligans_bottom_depends_on_the_hand_not_its_order(seed: int) -> None:
    """A run works out the cards a kept hand puts on the bottom once per hand, by the hand sorted: sound
    only if the choice does not depend on the order the cards were dealt in (checked on random hands of
    the Simic ramp example, each in several orders, every split of lands and spells to bottom)."""
    from models.decklist import load_deck
    from planner.sim.planned import planned_run
    from planner.sim.planned_deals import bottomed

    run = planned_run(load_deck("examples/decks/simic-ramp.txt"), 1, compiled=False)
    land_kinds = sum(1 for k in run.kinds if k.role == "land")
    rng = random.Random(seed)
    cards = run.deck_ids.tolist()
    for _ in range(40):
        hand = rng.sample(cards, 7)
        lands = sum(1 for i in hand if i < land_kinds)
        for bottom_lands in range(min(lands, 3) + 1):
            spells = rng.randint(0, 3 - bottom_lands)
            first = bottomed(run.kinds, hand, land_kinds, bottom_lands, spells, run.memo.matchings)
            for _ in range(3):
                shuffled = rng.sample(hand, len(hand))
                again = bottomed(run.kinds, shuffled, land_kinds, bottom_lands, spells, run.memo.matchings)
                assert again == first
