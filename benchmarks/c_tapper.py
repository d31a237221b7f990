"""A small exact tapper in C, for the fast-path benchmark's last row (benchmark-only code).

It pays a board by weighted assignment: a dynamic programme over the sources in board order whose states
are the demand still open per type and the generic mana still open, minimising damage and life (first)
and then the sum of the tapped sources' weights (the most mana each makes, how many types it could produce,
its rank), over every payment mode of the cost. It has no 'colors lost' level, no pool and no abilities
that cost mana: the bar the issue sets (an optimal tapper in C paying a 20-permanent board in 2.3 µs), not
a second engine. The C source is compiled when the benchmark runs, with the system's C compiler, into a
temporary directory and loaded with ``ctypes``; without a compiler :func:`load` answers None.

>>> tapper = load()
>>> from models.board import Board
>>> from models.cost import PaymentTarget
>>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
...     {"id": "f1", "card": "Forest", "controller": "me"},
...     {"id": "sol", "card": "Sol Ring", "controller": "me"}]})
>>> tapper is None or tapper.best(encode(board, PaymentTarget.of("{2}{G}"))) is not None
True
"""

from __future__ import annotations

import ctypes
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from models.board import Board
from models.cost import PaymentTarget
from models.mana import TYPE_ORDER, ManaType
from planner.rules.payment import GENERIC, cost_modes
from planner.solve.fast import source_kind

__all__ = ["CTapper", "Encoded", "encode", "load"]

#: The weight of one damage or life: more than any sum of source weights on a benchmark board.
DAMAGE_WEIGHT = 1 << 40

C_SOURCE = r"""
#include <stdint.h>

#define STATES 8192
#define NONE INT64_MAX

/* option_start[s] .. option_start[s + 1]: source s's options; counts: 6 per option (WUBRGC); cost: per
   option; demand: 7 per mode (WUBRGC, then generic); mode_cost: per mode. The least cost of a payment, or
   NONE. */
int64_t best_payment(int sources, const int *option_start, const int *counts, const int64_t *cost,
                     int modes, const int *demand, const int64_t *mode_cost) {
    static int64_t current[STATES], next[STATES];
    int64_t best = NONE;
    for (int m = 0; m < modes; m++) {
        const int *want = demand + 7 * m;
        int stride[7], size = 1;
        for (int t = 0; t < 7; t++) { stride[t] = size; size *= want[t] + 1; }
        if (size > STATES) return -1;
        for (int i = 0; i < size; i++) current[i] = NONE;
        current[size - 1] = 0; /* everything open */
        for (int s = 0; s < sources; s++) {
            for (int i = 0; i < size; i++) next[i] = current[i];
            for (int i = 0; i < size; i++) {
                if (current[i] == NONE) continue;
                int open[7];
                for (int t = 0, rest = i; t < 7; t++) { open[t] = rest % (want[t] + 1); rest /= want[t] + 1; }
                for (int o = option_start[s]; o < option_start[s + 1]; o++) {
                    const int *made = counts + 6 * o;
                    int state = 0, extra = 0;
                    for (int t = 0; t < 6; t++) {
                        int covered = made[t] < open[t] ? made[t] : open[t];
                        extra += made[t] - covered;
                        state += (open[t] - covered) * stride[t];
                    }
                    int generic = open[6] > extra ? open[6] - extra : 0;
                    state += generic * stride[6];
                    int64_t value = current[i] + cost[o];
                    if (state != i && value < next[state]) next[state] = value;
                }
            }
            for (int i = 0; i < size; i++) current[i] = next[i];
        }
        if (current[0] != NONE && current[0] + mode_cost[m] < best) best = current[0] + mode_cost[m];
    }
    return best;
}

/* The CPU seconds of `repeats` calls, measured in C (clock), so that ctypes' call overhead is not counted. */
#include <time.h>
double time_payments(int repeats, int sources, const int *option_start, const int *counts,
                     const int64_t *cost, int modes, const int *demand, const int64_t *mode_cost) {
    volatile int64_t sink = 0;
    clock_t started = clock();
    for (int r = 0; r < repeats; r++)
        sink += best_payment(sources, option_start, counts, cost, modes, demand, mode_cost);
    return (double)(clock() - started) / CLOCKS_PER_SEC;
}
"""

_IntArray = ctypes.Array[ctypes.c_int]
_LongArray = ctypes.Array[ctypes.c_int64]


@dataclass(frozen=True)
class Encoded:
    """One payment question as the C tapper's arrays."""

    sources: int
    option_start: _IntArray
    counts: _IntArray
    cost: _LongArray
    modes: int
    demand: _IntArray
    mode_cost: _LongArray


def encode(board: Board, target: PaymentTarget, player: str = "me") -> Encoded:
    """The C tapper's input for paying ``target`` from the player's usable sources (no effects on the board,
    no abilities that cost mana: the benchmark's simple boards)."""
    ids = sorted(p.id for p in board.permanents)
    starts: list[int] = [0]
    counts: list[int] = []
    costs: list[int] = []
    for permanent in board.permanents:
        if permanent.controller != player:
            continue
        kind = source_kind(permanent)
        usage = kind.usage(permanent.tapped, permanent.summoning_sick)
        if not usage.options:
            continue
        flexibility = (kind.reflect or 0).bit_count()
        weight = (usage.most * 8 + flexibility) * 1024 + ids.index(permanent.id)
        for option in usage.options:
            counts += option.counts
            costs.append(option.damage * DAMAGE_WEIGHT + weight)
        starts.append(len(costs))
    demands: list[int] = []
    mode_costs: list[int] = []
    for mode in cost_modes(target.cost, board.player(player).life):
        wanted = [0] * 7
        for slot, count in mode.slots:
            if isinstance(slot, ManaType):
                wanted[TYPE_ORDER.index(slot)] += count
            elif slot == GENERIC:
                wanted[6] += count
        demands += wanted
        mode_costs.append(mode.life * DAMAGE_WEIGHT)
    return Encoded(
        len(starts) - 1,
        (ctypes.c_int * len(starts))(*starts),
        (ctypes.c_int * max(1, len(counts)))(*counts),
        (ctypes.c_int64 * max(1, len(costs)))(*costs),
        len(mode_costs),
        (ctypes.c_int * max(1, len(demands)))(*demands),
        (ctypes.c_int64 * max(1, len(mode_costs)))(*mode_costs),
    )


class CTapper:
    """The compiled tapper (see :func:`load`)."""

    def __init__(self, library: ctypes.CDLL) -> None:
        self._best = library.best_payment
        self._best.restype = ctypes.c_int64
        self._time = library.time_payments
        self._time.restype = ctypes.c_double

    def _arguments(self, encoded: Encoded) -> tuple[object, ...]:
        return (
            encoded.sources,
            encoded.option_start,
            encoded.counts,
            encoded.cost,
            encoded.modes,
            encoded.demand,
            encoded.mode_cost,
        )

    def best(self, encoded: Encoded) -> int | None:
        """The least cost of a payment (damage and life first, then weights), or None when there is none."""
        value: int = self._best(*self._arguments(encoded))
        if value < 0:
            raise ValueError("the cost has too many states for the C tapper")
        return None if value == 2**63 - 1 else value

    def seconds(self, encoded: Encoded, repeats: int) -> float:
        """CPU seconds per call, over ``repeats`` calls timed in C."""
        total: float = self._time(repeats, *self._arguments(encoded))
        return total / repeats


def load() -> CTapper | None:
    """The tapper compiled with the system's C compiler (``cc`` or ``gcc``), or None without one or when
    compiling fails."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        return None
    folder = Path(tempfile.mkdtemp(prefix="c_tapper-"))
    source, library = folder / "tapper.c", folder / "tapper.so"
    source.write_text(C_SOURCE)
    try:
        subprocess.run(
            [compiler, "-O2", "-shared", "-fPIC", "-o", str(library), str(source)],
            check=True,
            capture_output=True,
            timeout=60,
        )
        return CTapper(ctypes.CDLL(str(library)))
    except (OSError, subprocess.SubprocessError):
        return None
    finally:
        shutil.rmtree(folder, ignore_errors=True)
