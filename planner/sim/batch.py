"""Can these boards pay this cost? Many boards at once, by Hall's condition vectorised with numpy.

**The array format.** A batch of ``N`` boards is an ``N x S`` array of ``uint8`` *source masks*: entry
``[i, j]`` is the ``j``-th mana source of board ``i``, written as the set of mana types one activation of it
can make, one bit per type as in :class:`models.mana.ManaType`::

    W = 1   U = 2   B = 4   R = 8   G = 16   C = 32        (0: no source; rows are padded with 0)

A Forest is ``16``, Tundra ``1 | 2 = 3``, Birds of Paradise ``31`` (any color), a painland such as Adarkar
Wastes ``1 | 2 | 32 = 35``. Each source makes one mana when tapped. A source that makes several mana of one
fixed type (Sol Ring's {C}{C}) is either that many columns (``32, 32``) or one column with an *amount*
(``amounts[i, j] = 2``); a fixed bag of several types (a bounce land's {W}{U}) is one column per mana
(``1, 2``): making all of a bag is exactly as good as choosing from it when the question is only whether a
cost can be paid. :func:`names_row` and :func:`board_row` build rows from card names or a board.

**What is decided.** Whether some choice of sources (each tapped at most once, for one of its types) pays the
cost under some payment mode (each hybrid, monocolored hybrid and Phyrexian symbol paid one way, CR 601.2b):
for every set Q of the mode's demanded types, the sources able to make a type in Q must number at least Q's
demand, and all sources together at least the mode's mana (Hall's condition for this bipartite matching);
paying L life for Phyrexian symbols needs at least L life (CR 119.4). Sources deal no damage here: a
painland's row is exact unless a Phyrexian symbol would be paid with life the painland's damage takes away
(exact whenever ``life`` minus the number of damaging sources is at least twice the Phyrexian symbols).

For each board the sources are counted once per needed Q through a lookup table of packed 8-bit counters,
one gather per column; the per-mode comparisons are whole-array operations. No Python loop runs over boards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
from numpy.typing import ArrayLike, NDArray

from models.board import Board, Permanent
from models.catalogue import lookup
from models.cost import ManaCost, SymbolKind
from models.errors import InputError
from models.mana import ManaTypes
from planner.rules.payment import cost_modes
from planner.rules.replay import view_of
from planner.rules.view import BoardView, card_view, catalogue_permanent
from planner.solve.fast import SourceKind, source_kind

__all__ = ["ANY_SOURCE", "board_row", "castable", "names_row", "source_units"]

#: The mask of every type: Q = all types counts every source, for the total mana a mode needs.
ANY_SOURCE = 0b111111
#: Rows processed at a time (bounds the temporary arrays; the answer does not depend on it).
_CHUNK = 1 << 16
#: The largest amount folded into the lookup index (four 64-entry blocks fill a byte).
_FOLDED = 4

_Mode = tuple[tuple[tuple[int, int], ...], int]  # ((Q mask, mana needed), ...), life paid


def _modes(cost: str | ManaCost) -> list[_Mode]:
    """Each way to pay the cost as Hall requirements (Q, need) plus the life it pays."""
    parsed = cost if isinstance(cost, ManaCost) else ManaCost.parse(cost)
    for symbol in parsed.symbols:
        if symbol.kind in (SymbolKind.VARIABLE, SymbolKind.SNOW):
            raise InputError(f"the batch check can't pay {symbol} in {parsed}: give X a value, and no {{S}}")
    result: list[_Mode] = []
    for mode in cost_modes(parsed):
        demand = mode.typed
        types = [t for t in range(6) if demand[t]]
        needs = [(ANY_SOURCE, mode.mana)] if mode.mana else []
        for subset in range(1, 1 << len(types)):
            members = [t for bit, t in enumerate(types) if subset >> bit & 1]
            needs.append((sum(1 << t for t in members), sum(demand[t] for t in members)))
        result.append((tuple(needs), mode.life))
    return result


def castable(
    sources: ArrayLike,
    costs: str | ManaCost | Sequence[str | ManaCost],
    *,
    life: int | ArrayLike = 20,
    amounts: ArrayLike | None = None,
) -> NDArray[np.bool_]:
    """Which boards can pay the cost(s): ``(N,)`` booleans for one cost, ``(N, K)`` for a list of ``K``.

    ``sources`` is the ``N x S`` mask array of the module docstring; ``life`` is every board's life total or
    one per board (it pays Phyrexian symbols); ``amounts`` (``N x S``, default 1) is how many mana each source
    makes of its one type (a source with an amount above 1 must have a single-type mask).

    >>> import numpy as np
    >>> boards = np.array([[16, 16, 3, 0],     # Forest, Forest, Tundra
    ...                    [16, 2, 0, 0],      # Forest, Island
    ...                    [32, 16, 0, 0]], dtype=np.uint8)  # Sol Ring (amount 2), Forest
    >>> amounts = np.array([[1, 1, 1, 1], [1, 1, 1, 1], [2, 1, 1, 1]], dtype=np.uint8)
    >>> castable(boards, "{1}{G}{G}", amounts=amounts)
    array([ True, False, False])
    >>> castable(boards, ["{G}{U}", "{2}{G}", "{G}{G/P}{U/P}"], life=np.array([20, 20, 3]), amounts=amounts)
    array([[ True,  True,  True],
           [ True, False,  True],
           [False,  True, False]])
    """
    masks = _masks(sources)
    rows, width = masks.shape
    weights = None if amounts is None else _amounts(amounts, masks)
    largest = 1 if weights is None else int(weights.max(initial=1))
    if width * largest > 0xFFFF:
        raise InputError(f"a board can make at most {0xFFFF} mana here; these make up to {width * largest}")
    bits = 8 if width * largest <= 0xFF else 16
    # small amounts ride in the lookup index (mask + 64 * (amount - 1)); larger ones multiply
    folded = weights is not None and largest <= _FOLDED
    single = isinstance(costs, str | ManaCost)
    cost_list: list[str | ManaCost] = [costs] if isinstance(costs, str | ManaCost) else list(costs)
    modes = [_modes(cost) for cost in cost_list]
    lives = np.broadcast_to(np.asarray(life, dtype=np.int64), (rows,))
    # the sets Q to count, packed into 64-bit words of `bits`-bit counters
    wanted = sorted({q for per_cost in modes for needs, _ in per_cost for q, _ in needs})
    per_word = 64 // bits
    words = [wanted[i : i + per_word] for i in range(0, len(wanted), per_word)]
    tables = [_table(word, bits) for word in words]
    place = {q: (w, k * bits) for w, word in enumerate(words) for k, q in enumerate(word)}
    field = np.uint64((1 << bits) - 1)
    answer = np.zeros((rows, len(cost_list)), dtype=np.bool_)
    for start in range(0, rows, _CHUNK):
        stop = min(start + _CHUNK, rows)
        columns = np.ascontiguousarray(masks[start:stop].T)
        scale = None
        if weights is not None:
            made = np.ascontiguousarray(weights[start:stop].T)
            if folded:
                columns = np.where(made > 0, columns | ((made - 1) << 6), 0).astype(np.uint8)
            else:
                scale = made.astype(np.uint64)
        counts = []
        for table in tables:
            total = np.zeros(stop - start, dtype=np.uint64)
            for j in range(width):
                gathered = table[columns[j]]
                total += gathered if scale is None else gathered * scale[j]
            counts.append(total)
        hits = {q: (counts[w] >> np.uint64(shift)) & field for q, (w, shift) in place.items()}
        for index, per_cost in enumerate(modes):
            ok = answer[start:stop, index]
            for needs, paid in per_cost:
                fits = lives[start:stop] >= paid if paid else np.ones(stop - start, dtype=np.bool_)
                for q, need in needs:
                    fits &= hits[q] >= need
                ok |= fits
    return answer[:, 0] if single else answer


def _masks(sources: ArrayLike) -> NDArray[np.uint8]:
    """The source masks as a 2-D ``uint8`` array, checked."""
    array = np.asarray(sources)
    if array.ndim != 2:
        raise InputError(f"sources must be an N x S array of type masks, got shape {array.shape}")
    if array.size and (array.min() < 0 or array.max() > ANY_SOURCE):
        raise InputError("a source mask is a set of mana types: an integer from 0 to 63 (W=1 ... C=32)")
    return array.astype(np.uint8, copy=False)


def _amounts(amounts: ArrayLike, masks: NDArray[np.uint8]) -> NDArray[np.uint16]:
    """The per-source amounts, checked against the masks."""
    array = np.asarray(amounts)
    if array.shape != masks.shape:
        raise InputError(f"amounts must have the shape of sources {masks.shape}, got {array.shape}")
    if array.size and array.min() < 0:
        raise InputError("an amount of mana can't be negative")
    several = (masks & (masks - 1)) != 0  # more than one type
    if np.any(several & (array > 1)):
        raise InputError(
            "a source making more than one mana needs a single-type mask; "
            "write a fixed bag such as {W}{U} as one column per mana"
        )
    if array.size and array.max() > 0xFFFF:
        raise InputError("an amount of mana must be at most 65535")
    return array.astype(np.uint16)


def _table(word: Sequence[int], bits: int) -> NDArray[np.uint64]:
    """For each index ``mask + 64 * (amount - 1)``, one counter per Q in ``word``: the amount when the mask
    makes some type of Q, else 0."""
    table = np.zeros(256, dtype=np.uint64)
    index = np.arange(256)
    for k, q in enumerate(word):
        table[(index & q) != 0] += np.uint64(1 << (bits * k))
    return table * (index // 64 + 1).astype(np.uint64)


# -------------------------------------------------------------------------------------------- building rows


def source_units(card: str | Permanent, commander: str | ManaTypes | None = None) -> tuple[int, ...]:
    """The masks one permanent contributes to a row: one per mana of a fixed bag, one for a choice.

    ``card`` is a catalogue name or a permanent (untapped, as it would be in play); ``commander`` its
    controller's commander colors. Raises ``InputError`` for a card the batch format can't describe exactly
    (a cost beyond {T}, a restriction, an effect on other permanents, mana that depends on the board, mana
    text the planner does not read).

    >>> [source_units(name) for name in ("Forest", "Tundra", "Sol Ring", "Azorius Chancery")]
    [(16,), (3,), (32, 32), (1, 2)]
    >>> source_units("Adarkar Wastes")  # {C}, or {W} or {U} with 1 damage (not counted)
    (35,)
    >>> source_units("Command Tower", commander="WG")
    (17,)
    >>> source_units("Selesnya Signet")
    Traceback (most recent call last):
    ...
    models.errors.InputError: Selesnya Signet is not a simple mana source ...
    """
    permanent = card if isinstance(card, Permanent) else _catalogue_permanent(card)
    colors = ManaTypes.parse(commander) if isinstance(commander, str) else commander
    kind = source_kind(permanent, colors)
    if kind.uncounted is not None:
        raise InputError(f"{kind.uncounted}: the batch format can't count it")
    if kind.unresolved is not None:
        raise InputError(f"{kind.unresolved}: the batch format can't describe it")
    _refuse_unread(card_view(permanent, colors), permanent.id, permanent.name)
    units = _units(kind, tapped=False, sick=False)
    if units is None:
        raise InputError(
            f"{permanent.name} is not a simple mana source (its abilities cost more than {{T}}, make "
            "restricted mana or mana that depends on the board, or it has an effect on other permanents)"
        )
    return units


def _refuse_unread(view: BoardView, pid: str, where: str, *, effects_only: bool = False) -> None:
    """Raise ``InputError`` when the permanent has text the planner does not read or mana abilities it does
    not execute (Doubling Cube, storage counters): a row without them would count less than the board makes,
    and say "no" where the answer is "yes". With ``effects_only`` (another player's permanent, whose mana
    abilities are not in the row), only text not read at all counts: it might be an effect on mana."""
    unread = next((w for w in view.warnings if w.permanent == pid and not (effects_only and w.reason)), None)
    if unread is not None:
        why = f" ({unread.reason})" if unread.reason else ""
        raise InputError(
            f"{where} has {unread.sentence!r}, which the planner does not read{why}: the batch "
            "format can't count it (pay and max_x report it as a warning)"
        )


def _catalogue_permanent(name: str) -> Permanent:
    card = lookup(name)
    if card is None:
        raise InputError(f"unknown card {name!r}: it is not in the built-in catalogue")
    return catalogue_permanent(card)


def _units(kind: SourceKind, *, tapped: bool, sick: bool) -> tuple[int, ...] | None:
    if kind.blocking is not None or kind.uncounted is not None:
        return None
    usage = kind.usage(tapped, sick)
    return usage.units() if usage.usable else ()


def names_row(names: Iterable[str], width: int | None = None) -> NDArray[np.uint8]:
    """One row of the mask array for untapped catalogue cards in play, padded with 0 to ``width``.

    >>> names_row(["Forest", "Island", "Sol Ring"], width=6)
    array([16,  2, 32, 32,  0,  0], dtype=uint8)
    """
    return _row([mask for name in names for mask in source_units(name)], width)


def board_row(board: Board, player: str | None = None, width: int | None = None) -> NDArray[np.uint8]:
    """One row of the mask array for what a player could tap now on a board, plus floating pool mana.

    Tapped permanents and summoning-sick creatures add nothing; each floating mana is a source of its type.
    Raises ``InputError`` when the board is outside what the batch format describes exactly (see
    :func:`source_units`; also restricted pool mana). The player's life is ``board.player(...).life``.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "pool": ["{G}"]}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me", "tapped": True},
    ...     {"id": "t", "card": "Tundra", "controller": "me"},
    ...     {"id": "bop", "card": "Birds of Paradise", "controller": "me", "summoning_sick": True}]})
    >>> board_row(board, width=4)
    array([ 3, 16,  0,  0], dtype=uint8)
    """
    who = player or board.active_player
    commanders = {p.id: p.commander_colors for p in board.players}
    view = view_of(board)
    masks: list[int] = []
    for permanent in board.permanents:
        kind = source_kind(permanent, commanders[permanent.controller])
        if kind.blocking is not None:
            raise InputError(f"{kind.blocking}: the batch format can't describe this board")
        where = f"{permanent.name} ({permanent.id})"
        if permanent.controller != who:
            _refuse_unread(view, permanent.id, where, effects_only=True)
            continue
        if kind.uncounted is not None:
            raise InputError(f"{kind.uncounted}: the batch format can't count it")
        if kind.unresolved is not None:
            raise InputError(f"{kind.unresolved}: the batch format can't describe it")
        _refuse_unread(view, permanent.id, where)
        units = _units(kind, tapped=permanent.tapped, sick=permanent.summoning_sick)
        if units is None:
            raise InputError(f"{permanent.name} ({permanent.id}) is not a simple mana source")
        masks += units
    for entry in board.player(who).pool:
        if entry.spend_only is not None:
            raise InputError(f"floating mana {entry.mana} is restricted: the batch format can't describe it")
        masks += [int(t) for t in entry.mana.units()]
    return _row(masks, width)


def _row(masks: Sequence[int], width: int | None) -> NDArray[np.uint8]:
    if width is not None and len(masks) > width:
        raise InputError(f"{len(masks)} sources don't fit in a row of width {width}")
    row = np.zeros(len(masks) if width is None else width, dtype=np.uint8)
    row[: len(masks)] = masks
    return row
