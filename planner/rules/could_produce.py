"""CR 106.7, 'could produce': the types of mana each permanent's abilities would make if they resolved now.

Costs are ignored, every replacement order is tried, and reflecting sources (Reflecting Pool, Exotic
Orchard, Fellwar Stone, Squandered Resources) are computed as a least fixed point starting from nothing, so
that sources reflecting only each other produce nothing (CR 106.5).
"""

from __future__ import annotations

from models.abilities import AmountKind, ManaAbility, PaletteKind
from models.mana import ManaTypes
from planner.rules.doubling import doubles_unspent, resolved_doubling, unspent_bag
from planner.rules.pool import board_pool
from planner.rules.production import activation_outcomes
from planner.rules.view import BoardView

__all__ = ["ability_could_produce", "could_produce_all", "could_produce_alone", "reflects"]


def could_produce_all(view: BoardView, known: dict[str, ManaTypes] | None = None) -> dict[str, ManaTypes]:
    """The could-produce set of every permanent on the board (CR 106.7), by least fixed point. ``known``
    gives the sets of permanents none of whose abilities reflect others, when the caller has them already.

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "opp"}], "permanents": [
    ...     {"id": "o1", "card": "Exotic Orchard", "controller": "me"},
    ...     {"id": "o2", "card": "Exotic Orchard", "controller": "opp"}]})
    >>> {pid: str(types) for pid, types in could_produce_all(BoardView(board)).items()}
    {'o1': '', 'o2': ''}
    """
    # Abilities that don't reflect other permanents make the same types whatever the sets are: one pass.
    sets: dict[str, ManaTypes] = {}
    reflecting: list[tuple[str, ManaAbility]] = []
    for permanent in view.board.permanents:
        if known is not None and permanent.id in known:
            sets[permanent.id] = known[permanent.id]
            continue
        sets[permanent.id] = _unreflected(view, permanent.id, reflecting)
    changed = bool(reflecting)
    while changed:  # monotone in the sets, so this reaches the least fixed point
        changed = False
        for pid, ability in reflecting:
            found = sets[pid] | _ability_types(view, pid, ability, sets)
            if found != sets[pid]:
                sets[pid] = found
                changed = True
    return sets


def could_produce_alone(view: BoardView, pid: str) -> ManaTypes | None:
    """The permanent's entry of :func:`could_produce_all` worked out alone, when none of its abilities
    reflects others (what it could produce then reads no other permanent's set); None when one does.

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "gc", "card": "Graven Cairns", "controller": "me"},
    ...     {"id": "rp", "card": "Reflecting Pool", "controller": "me"}]})
    >>> view = BoardView(board)
    >>> str(could_produce_alone(view, "gc")), could_produce_alone(view, "rp")
    ('BRC', None)
    """
    reflecting: list[tuple[str, ManaAbility]] = []
    found = _unreflected(view, pid, reflecting)
    return None if reflecting else found


def _unreflected(view: BoardView, pid: str, reflecting: list[tuple[str, ManaAbility]]) -> ManaTypes:
    """The types the permanent's abilities that reflect no other permanent could produce, those it can't
    activate now for want of counters included (costs are ignored: Bottomless Vault without counters could
    produce {B}); its reflecting abilities are added to ``reflecting``.

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "v", "name": "Vault", "type_line": "Land", "controller": "me", "oracle": "{T}, Remove any "
    ...      "number of storage counters from this land: Add {B} for each storage counter removed this way."},
    ...     {"id": "rp", "card": "Reflecting Pool", "controller": "me"}]})
    >>> {pid: str(types) for pid, types in could_produce_all(BoardView(board)).items()}
    {'v': 'B', 'rp': 'B'}
    """
    found = ManaTypes()
    for ability in (*view.mana_abilities(pid), *view.idle_mana_abilities(pid)):
        if reflects(ability):
            reflecting.append((pid, ability))
        else:
            found |= _ability_types(view, pid, ability, {})
    return found


def ability_could_produce(
    view: BoardView, pid: str, ability: ManaAbility, sets: dict[str, ManaTypes]
) -> ManaTypes:
    """The types one of the permanent's abilities could produce (CR 106.7, costs ignored), given what every
    permanent could produce (``sets``, from :func:`could_produce_all`): the permanent's set is the union of
    these over its abilities.

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "gc", "card": "Graven Cairns", "controller": "me"}]})
    >>> view = BoardView(board)
    >>> [str(ability_could_produce(view, "gc", a, {})) for a in view.mana_abilities("gc")]
    ['C', 'BR']
    """
    return _ability_types(view, pid, ability, sets)


def reflects(ability: ManaAbility) -> bool:
    """True when what the ability makes depends on what other permanents could produce.

    >>> from models.oracle import parse_oracle
    >>> [reflects(parse_oracle(t).mana_abilities[0]) for t in ("{T}: Add {G}.",
    ...     "{T}: Add one mana of any type that a land you control could produce.")]
    [False, True]
    """
    outputs = (ability.output, *(output for _, output in ability.conditional))
    return any(o.palette.kind in _REFLECTING for o in outputs)


#: The palettes that read what other permanents could produce.
_REFLECTING = (PaletteKind.REFLECT, PaletteKind.REFLECT_SACRIFICED, PaletteKind.REFLECT_UNTAPPED)


def _ability_types(view: BoardView, pid: str, ability: ManaAbility, sets: dict[str, ManaTypes]) -> ManaTypes:
    """The types one ability would make now, over every choice and replacement order, costs ignored: what it
    reads of the permanent its cost sacrifices (the types it could produce, its mana value) is read of every
    permanent the cost could sacrifice."""
    sacrificed: tuple[str, ...] = ()
    reads_sacrificed = (
        ability.output.palette.kind is PaletteKind.REFLECT_SACRIFICED
        or ability.output.amount.kind is AmountKind.MANA_VALUE
    )
    if reads_sacrificed and ability.cost.sacrifice is not None:
        sacrifice_filter = ability.cost.sacrifice
        sacrificed = tuple(p.id for p in view.board.permanents if view.matches(sacrifice_filter, p.id, pid))
    if doubles_unspent(ability):  # (it resolves now: it doubles the pool the board gives, costs ignored)
        pool = board_pool(view.board, view.permanent(pid).controller)
        ability = resolved_doubling(ability, unspent_bag(pool))
    found = ManaTypes()
    for outcome in activation_outcomes(view, pid, ability, sets, sacrificed=sacrificed, with_triggers=False):
        found |= outcome.types
    return found
