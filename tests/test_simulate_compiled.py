"""The compiled turn search of the planned goldfish (:mod:`planner.sim.compiled_turn`) against the Python
reference (:func:`planner.sim.turn_search.best_turn`): the same plan, state by state, on random decks of
every land entry, rocks, mana creatures, rituals and spells; Karsten's compiled step
(:mod:`planner.sim.compiled_karsten`) against ``KarstenPlanned.step``, step by step; and the same simulate
figures, game by game."""

from __future__ import annotations

import random

import numpy as np
import pytest

from models.decklist import Deck, parse_deck
from planner.sim.compiled_games import CompiledGames
from planner.sim.compiled_turn import CompiledTurns, compiled_covers
from planner.sim.karsten_planned import KarstenPlanned, Position
from planner.sim.kinds import CardKind
from planner.sim.lands import Entry, LandProfile
from planner.sim.matching import ANY_TYPE
from planner.sim.planned import PlannedRuns, _Reads, planned_counts, planned_run
from planner.sim.turn_search import TurnState, best_turn

COLORS = (1, 2, 4, 8, 16)  # W U B R G
COLORLESS = 32
BASIC_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")


def _random_kinds(rng: random.Random) -> list[CardKind]:
    """A random deck of the compiled search's fragment: lands of every entry, then nonland kinds."""
    kinds: list[CardKind] = []
    for _ in range(rng.randint(1, 4)):
        sources = tuple(
            rng.choice(COLORS) | (rng.choice(COLORS) if rng.random() < 0.3 else 0)
            for _ in range(1 if rng.random() < 0.85 else 2)
        )
        entry = rng.choice(list(Entry))
        profile = LandProfile(
            sources=sources,
            entry=entry,
            untapped_with=frozenset(rng.sample(BASIC_TYPES, 2)),
            land_types=frozenset(rng.sample(BASIC_TYPES, rng.randint(0, 2))),
            shock_life=2 if entry is Entry.SHOCK else 0,
        )
        kinds.append(CardKind(len(kinds), f"land{len(kinds)}", "land", 0, units=sources, land=profile))
    for _ in range(rng.randint(1, 7)):
        role = rng.choice(("spell", "spell", "spell", "source", "ritual"))
        colored = [rng.choice(COLORS) for _ in range(rng.randint(0, 2))]
        generic = rng.randint(0, 4)
        demand = tuple(sorted(colored) + [ANY_TYPE] * generic)
        units: tuple[int, ...] = ()
        creature = haste = False
        if role == "source":
            units = tuple(rng.choice((*COLORS, COLORLESS, ANY_TYPE)) for _ in range(rng.randint(1, 2)))
            creature = rng.random() < 0.5
            haste = creature and rng.random() < 0.3
        elif role == "ritual":
            units = tuple(rng.choice(COLORS) for _ in range(rng.randint(1, 3)))
        kinds.append(
            CardKind(
                len(kinds),
                f"card{len(kinds)}",
                role,
                len(demand),
                demand=demand,
                units=units,
                creature=creature,
                haste=haste,
                copies=rng.randint(1, 4),
                permanent=role in ("source", "spell") and rng.random() < 0.7,
            )
        )
    return kinds


def _random_state(rng: random.Random, kinds: list[CardKind]) -> TurnState:
    lands = [k for k in kinds if k.role == "land"]
    in_play = [rng.choice(lands) for _ in range(rng.randint(0, 5))]
    ready = [m for k in in_play for m in k.units]
    ready += [rng.choice((*COLORS, COLORLESS)) for _ in range(rng.randint(0, 2))]  # (rocks in play)
    hand = sorted(rng.randrange(len(kinds)) for _ in range(rng.randint(0, 7)))
    return TurnState(
        ready=tuple(sorted(ready)),
        land_types=frozenset(t for k in in_play if k.land for t in k.land.land_types),
        lands=len(in_play),
        hand=tuple(hand),
        life=rng.choice((1, 2, 3, 20)),
    )


@pytest.mark.parametrize("seed", range(40))
def test_the_compiled_turn_search_finds_the_reference_plan(seed: int) -> None:
    rng = random.Random(seed)
    kinds = _random_kinds(rng)
    castable_of = [k.index for k in kinds if k.role != "land"]
    compiled = CompiledTurns(kinds, castable_of)
    for _ in range(40):
        state = _random_state(rng, kinds)
        assert compiled.best_turn(state) == best_turn(kinds, state, castable_of), state


def test_only_the_fragment_is_compiled() -> None:
    land = CardKind(0, "Forest", "land", 0, units=(16,), land=LandProfile(sources=(16,)))
    assert compiled_covers([land, CardKind(1, "Elf", "source", 1, demand=(16,), units=(16,), creature=True)])
    for outside in (
        CardKind(1, "Mutagenic Growth", "spell", 1, phyrexian=1),
        CardKind(1, "Treasure maker", "spell", 2, demand=(ANY_TYPE, ANY_TYPE), treasures=1),
        CardKind(1, "Cost changer", "spell", 2, demand=(ANY_TYPE, ANY_TYPE), cost_changes=((1, -1),)),
    ):
        assert not compiled_covers([land, outside])


RAMP = parse_deck(
    "10 Forest\n8 Island\n4 Llanowar Elves\n2 Sol Ring\n2 Mind Stone\n4 Opt {U}\n4 Counterspell\n"
    "2 Dark Ritual\n4 Grizzly Bears {1}{G}\n4 Divination {2}{U}\n4 Hill Giant {3}{G}\n"
    "4 Mulldrifter {4}{U}\n4 Serra Angel {3}{U}{U}\n4 Swamp\n"
)


# a bounce land, fast lands, a shock land, check lands, rocks, mana creatures and a ritual
BOUNCE_FAST = parse_deck(
    "4 Plains\n3 Mountain\n3 Island\n3 Azorius Chancery\n3 Seachrome Coast\n3 Sacred Foundry\n"
    "2 Glacial Fortress\n3 Llanowar Elves\n2 Sol Ring\n2 Mind Stone\n2 Dark Ritual\n3 Swamp\n"
    "6 A {W}\n6 B {1}{R}\n6 C {1}{W}{U}\n5 D {2}{W}{W}\n4 E {3}{R}{R}\n"
)


# the compiled game loop's lands (BOUNCE_FAST's but the bounce land, which the Python loop plays), a painland
PAIN_FAST = parse_deck(
    "4 Plains\n3 Mountain\n3 Island\n3 Battlefield Forge\n3 Seachrome Coast\n3 Sacred Foundry\n"
    "2 Glacial Fortress\n3 Llanowar Elves\n2 Sol Ring\n2 Mind Stone\n2 Dark Ritual\n3 Swamp\n"
    "6 A {W}\n6 B {1}{R}\n6 C {1}{W}{U}\n5 D {2}{W}{W}\n4 E {3}{R}{R}\n"
)


@pytest.mark.parametrize(
    ("deck", "mulligan", "on_the_draw", "turns"),
    [
        (RAMP, "london", False, (1, 6)),
        (RAMP, "none", True, (1, 6)),
        (RAMP, "london", True, (3, 8)),
        (BOUNCE_FAST, "london", True, (1, 6)),
        (PAIN_FAST, "london", False, (1, 6)),
        (PAIN_FAST, "london", True, (2, 7)),
    ],
    ids=[
        "ramp-london-play",
        "ramp-none-draw",
        "ramp-london-draw-3-8",
        "bounce-fast-london-draw",
        "pain-fast-london-play",
        "pain-fast-london-draw-2-7",
    ],
)
def test_the_simulate_figures_are_the_reference_searchs(
    deck: Deck, mulligan: str, on_the_draw: bool, turns: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    # every tally, and each game's score and life lost (game by game), as the Python reference plays them:
    # the compiled turn search, and the compiled game loop where it covers the deck (not the bounce land's),
    # over chunks of 64 games (the loop's tables kept from chunk to chunk)
    from planner.sim import planned

    run = planned_run(deck, 1)
    assert run.memo.compiled is not None  # (the deck is in the compiled fragment)
    assert run.memo.games_covered == (deck is not BOUNCE_FAST)
    monkeypatch.setattr(planned, "PLANNED_CHUNK", 64)
    settings = {
        "turns": turns,
        "games": 300,
        "seed": 5,
        "on_the_draw": on_the_draw,
        "mulligan": mulligan,
        "min_x": 1,
        "chunks": range(5),
        "game_scores": True,
    }
    fast = planned_counts(deck, runs=PlannedRuns(), **settings)  # type: ignore[arg-type]
    reference = planned_counts(deck, runs=PlannedRuns(compiled=False), **settings)  # type: ignore[arg-type]
    for name in reference.__dataclass_fields__:
        mine, theirs = getattr(fast, name), getattr(reference, name)
        if isinstance(theirs, np.ndarray):
            assert np.array_equal(mine, theirs), name
        else:
            assert mine == theirs, name


def test_a_deck_outside_the_fragment_is_played_by_the_reference_search() -> None:
    deck = parse_deck("24 Forest\n36 Gut Shot {R/P}")
    assert planned_run(deck, 1).memo.compiled is None


def _compared_steps(games: CompiledGames, rng: random.Random, walks: int) -> int:
    """Random games' Karsten steps by the compiled record (``games.step``) and by the Python reference
    (``KarstenPlanned.step``, with a record of its own): the same castable kinds and the same next positions,
    step by step; the steps compared."""
    kinds, turns = games.kinds, games.turns
    reference = KarstenPlanned(kinds, [4] * len(kinds), games.karsten.start_life)
    relevant = reference.relevant
    compared = 0
    for _ in range(walks):
        hand = sorted(rng.randrange(len(kinds)) for _ in range(7))
        number = games.start(hand)
        start: Position = ((), (), tuple(i for i in hand if relevant[i]), reference.start_life, (), (), 0)
        frontier: tuple[Position, ...] = (reference.within(start, turns),)
        assert games.frontier(number) == frontier
        for turns_left in range(turns - 1, -1, -1):
            drawn = rng.randrange(len(kinds)) if rng.random() < 0.9 else -1
            drawn = drawn if drawn >= 0 and relevant[drawn] else -1
            castable, frontier = reference.step(frontier, drawn, (), turns_left)
            found, number = games.step(number, drawn, turns_left)
            assert found == castable, (frontier, drawn, turns_left)
            assert games.frontier(number) == frontier, (drawn, turns_left)
            compared += 1
    return compared


@pytest.mark.parametrize("seed", range(30))
def test_karstens_compiled_step_is_the_references_on_random_decks(seed: int) -> None:
    # every land entry (but bounce), rocks, mana creatures with and without haste, rituals, and little life
    rng = random.Random(seed)
    kinds = _random_kinds(rng)
    start_life = rng.choice((2, 3, 20))
    karsten = KarstenPlanned(kinds, [4] * len(kinds), start_life)
    search = CompiledTurns(kinds, [k.index for k in kinds if k.role != "land"])
    games = CompiledGames(kinds, [1] * len(kinds), karsten, search, 6, 7, _Reads.of(kinds))
    assert _compared_steps(games, rng, 30) == 30 * 6


@pytest.mark.parametrize("deck", [RAMP, PAIN_FAST], ids=["ramp", "pain-fast"])
def test_karstens_compiled_step_is_the_references_on_decks(deck: Deck) -> None:
    run = planned_run(deck, 1)
    games = run.memo.compiled_games(run, 7)
    assert _compared_steps(games, random.Random(3), 200) == 200 * 7
