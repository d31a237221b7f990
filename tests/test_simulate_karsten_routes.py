"""Karsten's lands-only measure (``planner.sim.karsten``) by its fast route (every game's choices of turn T's
land as columns of arrays, the choices that can't do better left out, the answers' bits packed, each
situation's answer kept) against the plain route: each game alone, every choice of lands its module
docstring defines enumerated here from the rules of each land's entry, on random decks of every kind of land
(basics, dual, pain, check, fast, slow, shock, bounce, taplands, a land creature, fetchlands that find an
untapped or a tapped land)."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace as changed

import numpy as np
import numpy.typing as npt
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from models.catalogue import CardData
from models.decklist import DeckCard, parse_deck
from planner.sim.deck_tables import DeckTables
from planner.sim.karsten import KarstenCastability
from planner.sim.lands import Entry

_CATALOGUE_LANDS = (
    "Plains",
    "Island",
    "Tundra",
    "Adarkar Wastes",
    "Glacial Fortress",
    "Seachrome Coast",
    "Hallowed Fountain",
    "Azorius Chancery",
    "Arctic Treeline",
    "Dryad Arbor",
)
_TEXT_LANDS = {
    "Test Beach": "This land enters tapped unless you control two or more other lands.\n{T}: Add {W} or {U}.",
    "Test Vista": "{T}, Pay 1 life, Sacrifice this land: Search your library for a basic land card, put it "
    "onto the battlefield, then shuffle.",
    "Test Wilds": "{T}, Sacrifice this land: Search your library for a basic land card, put it onto the "
    "battlefield tapped, then shuffle.",
}
_COSTS = ("{W}", "{U}{U}", "{1}{W}{U}", "{W}{W}{U}", "{2}{W/P}", "{G}", "{W/U}{W/U}", "{3}")


def _deck(lands: dict[str, int], costs: list[str]) -> DeckTables:
    listed = [f"{count} {name}" for name, count in lands.items() if name in _CATALOGUE_LANDS]
    spells = [f"4 Spell{n} {cost}" for n, cost in enumerate(costs)]
    base = parse_deck("\n".join([*listed, *spells]))
    written = tuple(
        DeckCard(
            name=name,
            count=count,
            lines=(0,),
            card=CardData(name=name, type_line="Land", oracle=_TEXT_LANDS[name]),
            cost=None,
            is_land=True,
        )
        for name, count in lands.items()
        if name in _TEXT_LANDS
    )
    return DeckTables(changed(base, cards=(*written, *base.cards)))


def _enters_untapped(plan: DeckTables, kind: int, others: list[int]) -> int | None:
    """The life a land of class ``kind`` pays to enter untapped beside ``others`` (classes), or None."""
    profile = plan.classes[kind]
    entry = profile.entry
    if entry is Entry.UNTAPPED:
        return 0
    if entry is Entry.SHOCK:
        return profile.shock_life
    if entry is Entry.CHECK:
        return 0 if any(plan.classes[o].land_types & profile.untapped_with for o in others) else None
    if entry is Entry.FAST:
        return 0 if len(others) <= 2 else None
    if entry is Entry.SLOW:
        return 0 if len(others) >= 2 else None
    return None  # (a tapland, a land creature: it adds nothing on its first turn)


def _by_the_definition(
    plan: DeckTables, life: int, turn: int, seen: list[int], new: int, whole: list[int]
) -> npt.NDArray[np.bool_]:
    """One game's answer: every land turn ``turn``'s land may be (none, one seen before, the land drawn),
    every set of at most ``turn`` - 1 others seen before (played earlier: untapped), each fetchland among
    them any land of its targets the library holds (paying its life), and turn T's land entering by its own
    rule beside them; a cost is castable when some such lands pay it with the life left."""
    library = Counter({kind: whole[kind] - seen[kind] for kind in range(plan.land_kinds)})
    if new >= 0:
        library[new] -= 1
    pool = [kind for kind, count in enumerate(seen) for _ in range(count)]
    lands_of: list[tuple[list[int], int]] = []  # (the classes in play untapped, life left)
    for land in {None, *pool, *([new] if new >= 0 else [])}:
        lands_of += _choices(plan, life, turn, land, pool, new, library)
    if not lands_of:
        return np.zeros(plan.spell_costs, dtype=np.bool_)
    manas = np.stack([plan.class_sources[classes].sum(axis=0) for classes, _ in lands_of])
    needed = plan.oracle.life_needed(manas)[:, : plan.spell_costs]
    lives = np.array([left for _, left in lands_of])
    return np.asarray((needed <= lives[:, None]).any(axis=0))


def _choices(
    plan: DeckTables, life: int, turn: int, land: int | None, pool: list[int], new: int, library: Counter[int]
) -> list[tuple[list[int], int]]:
    """The lands in play untapped and the life left of each choice with ``land`` as turn T's land (taken
    from the lands seen before, or the land drawn)."""
    found: list[tuple[list[int], int]] = []
    options: list[tuple[int | None, list[int]]] = [(None, pool)]
    if land is not None:
        options = []
        if land in pool:
            rest = list(pool)
            rest.remove(land)
            options.append((land, rest))
        if land == new:
            options.append((land, pool))
    for t_land, rest in options:
        for size in range(min(len(rest), turn - 1) + 1):
            for others in set(itertools.combinations(sorted(rest), size)):
                found += _played(plan, life, t_land, list(others), library)
    return found


def _played(
    plan: DeckTables, life: int, land: int | None, others: list[int], library: Counter[int]
) -> list[tuple[list[int], int]]:
    """Each way the fetchlands among ``others`` and turn T's ``land`` find lands, and what enters untapped."""
    plain = [kind for kind in others if plan.classes[kind].search is None]
    fetches = [kind for kind in others if plan.classes[kind].search is not None]
    paid = 0
    for kind in fetches:
        search = plan.classes[kind].search
        assert search is not None
        paid += search.life
    found: list[tuple[list[int], int]] = []
    for targets in itertools.product(*(plan.targets[kind] for kind in fetches)):
        used = Counter(targets)
        if any(used[t] > library[t] for t in used):
            continue
        before = [*plain, *targets]
        if land is None:
            found.append((before, life - paid))
            continue
        search = plan.classes[land].search
        if search is None:
            cost = _enters_untapped(plan, land, before)
            if cost is not None:
                found.append(([*before, land], life - paid - cost))
            continue
        if search.tapped:
            continue
        for target in plan.targets[land]:
            if library[target] - used[target] < 1:
                continue
            cost = _enters_untapped(plan, target, before)
            if cost is not None:
                found.append(([*before, target], life - paid - search.life - cost))
    return found


@settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_fast_route_answers_as_each_game_by_the_definition(data: st.DataObject) -> None:
    names = data.draw(
        st.lists(st.sampled_from([*_CATALOGUE_LANDS, *_TEXT_LANDS]), min_size=1, max_size=5, unique=True)
    )
    if any("Search" in _TEXT_LANDS.get(name, "") for name in names) and "Plains" not in names:
        names = [*names, "Plains"]  # (a basic for the fetchlands to find)
    lands = {name: data.draw(st.integers(1, 4)) for name in names}
    costs = data.draw(st.lists(st.sampled_from(_COSTS), min_size=1, max_size=4, unique=True))
    plan = _deck(lands, costs)
    karsten = KarstenCastability(plan, 20)
    whole = np.array(plan.class_copies, dtype=np.int64)
    kinds = plan.land_kinds
    for _ in range(2):  # (the second call meets situations kept by the first)
        turn = data.draw(st.integers(1, 5))
        games = data.draw(st.integers(1, 8))
        rows = st.lists(st.integers(0, 2), min_size=kinds, max_size=kinds)
        seen = np.minimum(np.array(data.draw(st.lists(rows, min_size=games, max_size=games))), whole - 1)
        new = np.array(data.draw(st.lists(st.integers(-1, kinds - 1), min_size=games, max_size=games)))
        drawn = np.maximum(new, 0)
        new = np.where(seen[np.arange(games), drawn] < whole[drawn], new, -1)  # (the library held it)
        fast = karsten.castable(turn, seen, new, whole)
        for game in range(games):
            plain = _by_the_definition(plan, 20, turn, seen[game].tolist(), int(new[game]), whole.tolist())
            assert (fast[game] == plain).all(), (lands, costs, turn, seen[game].tolist(), int(new[game]))


def test_two_fetchlands_with_one_basic_left_find_it_with_one_of_them() -> None:
    # turn 3: two Test Vistas seen, an Island drawn, the library's last Plains: one Vista finds the Plains
    # and pays {W} (main tried only the choices of two others, both Vistas, which can't both find a land)
    plan = _deck({"Island": 1, "Plains": 1, "Test Vista": 3}, ["{W}"])
    vista, island = plan.class_names.index("Test Vista"), plan.class_names.index("Island")
    whole = np.array(plan.class_copies, dtype=np.int64)
    seen = np.zeros((1, plan.land_kinds), dtype=np.int64)
    seen[0, vista] = 2
    answer = KarstenCastability(plan, 20).castable(3, seen, np.array([island]), whole)
    assert answer[0, 0]
    assert _by_the_definition(plan, 20, 3, seen[0].tolist(), island, whole.tolist())[0]


def test_a_fetchland_drawn_finds_a_basic_beside_basics_seen() -> None:
    # turn 3: two Plains seen, a Test Vista drawn, one Plains left in the library: the Vista finds it and
    # {3} is paid (main counted the Plains seen as found by a fetchland: none was left for the Vista)
    plan = _deck({"Plains": 3, "Test Vista": 1}, ["{3}"])
    vista, plains = plan.class_names.index("Test Vista"), plan.class_names.index("Plains")
    whole = np.array(plan.class_copies, dtype=np.int64)
    seen = np.zeros((1, plan.land_kinds), dtype=np.int64)
    seen[0, plains] = 2
    answer = KarstenCastability(plan, 20).castable(3, seen, np.array([vista]), whole)
    assert answer[0, 0]
    assert _by_the_definition(plan, 20, 3, seen[0].tolist(), vista, whole.tolist())[0]
