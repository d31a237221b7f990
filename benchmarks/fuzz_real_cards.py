"""Differential search on real cards: the planner against the exhaustive reference search, on random small
boards of cards given by their Oracle text.

Run ``python -m benchmarks.fuzz_real_cards [--seconds S] [--seed N] [--jobs J] [--out FILE] [--matching RE]
[FILE...]``
(bulk files in any format ``cards import`` reads; by default the development snapshot
``../shared/cards/scryfall-oracle-2019-dev.json.gz`` next to the repository). The pool of cards is every
permanent face with mana text (:func:`~models.carddata.check.has_mana_text`) that the parser reads in full,
plus the basic lands. Each board holds 3 to 8 permanents described without ``card`` (name, type line, Oracle
text, mana cost), some tapped or summoning sick, some with counters or choices their text asks for, Auras
attached to what they enchant, sometimes an opponent's permanents and floating mana; each cost mixes colored,
generic, ``{C}``, hybrid, monocolored hybrid, Phyrexian, ``{S}`` and X symbols (X with a value).

For every board and cost the script compares :func:`planner.api.pay` with
:func:`~planner.rules.reference.reference_search` on feasibility and on the objective (replayed by the
rules), checks that the reported objective is the replayed one, and, where the fast path answers, that the
CP-SAT model reaches the same objective on its own. Every exception that is not bad input, every
disagreement and every time-out is recorded, with the board and cost, as one JSON line in ``--out``
(default ``fuzz_real_cards.jsonl`` in the working directory); the summary table at the end counts boards
and problems by kind, with the first example of each. Boards too large for the reference search's state
budget are counted and skipped. The same seed draws the same boards (``--jobs`` workers take seeds
``seed``, ``seed + 1``, ...).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import re
import sys
import time
import traceback
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from models.board import Board
from models.carddata.check import read_card_face
from models.cost import PaymentTarget
from models.errors import CardDataError, InputError
from planner.api import pay
from planner.rules.reference import ReferenceLimitError, reference_search
from planner.rules.replay import replay
from planner.solve.cpsat import solve_payment
from planner.solve.fast import solve_fast
from planner.solve.objective import objective_of, objectives_on
from planner.solve.problem import PaymentProblem

__all__ = ["DEFAULT_FILE", "CardSpec", "Case", "check_case", "load_cards", "main", "random_case"]

DEFAULT_FILE = (
    Path(__file__).resolve().parents[1] / ".." / "shared" / "cards" / "scryfall-oracle-2019-dev.json.gz"
)
#: The reference search's state budget per case (larger cases are counted as skipped).
STATE_LIMIT = 4000
#: The planner's time limit per question, in seconds.
TIME_LIMIT = 20.0

_BASICS = [
    ("Plains", "Basic Land — Plains"),
    ("Island", "Basic Land — Island"),
    ("Swamp", "Basic Land — Swamp"),
    ("Mountain", "Basic Land — Mountain"),
    ("Forest", "Basic Land — Forest"),
    ("Wastes", "Basic Land"),
    ("Snow-Covered Forest", "Basic Snow Land — Forest"),
]
_TYPE_LINES = [
    "Creature — Elf Druid",
    "Artifact",
    "Creature — Eldrazi",
    "Instant",
    "Sorcery",
    "Enchantment",
    "Creature — Sliver",
    "Artifact Creature — Golem",
    "Legendary Creature — Human Wizard",
    "Creature — Dragon",
    "Planeswalker — Chandra",
]
_CREATURE_TYPES = ["Elf", "Sliver", "Eldrazi", "Human", "Dragon", "Goblin", "Wizard", "Golem"]
_CARD_TYPES = ["Creature", "Artifact", "Instant", "Sorcery", "Enchantment", "Land"]
_BASIC_TYPES = ["Plains", "Island", "Swamp", "Mountain", "Forest"]
_COUNTER = re.compile(r"\b(\w+) counters?\b", re.I)
_NOT_COUNTER_NAMES = {"a", "an", "the", "of", "x", "that", "those", "each", "no", "any", "more", "all", "two"}


@dataclass(frozen=True, slots=True)
class CardSpec:
    """One face to draw: what a permanent described by its text needs."""

    name: str
    type_line: str
    oracle: str
    mana_cost: str = ""
    color_indicator: str = ""

    def entry(self) -> dict[str, Any]:
        """The permanent's fields (without id and controller), as a board file writes a card by its text."""
        data: dict[str, Any] = {"name": self.name, "type_line": self.type_line, "oracle": self.oracle}
        data["mana_cost"] = self.mana_cost
        if self.color_indicator:
            data["color_indicator"] = self.color_indicator
        return data


@dataclass(frozen=True, slots=True)
class Case:
    """One question: a board (as its file's object), a cost, a value for X, the spell's type line."""

    board: dict[str, Any]
    cost: str
    x: int | None
    type_line: str
    kind: str = "spell"

    def to_json(self) -> dict[str, Any]:
        """The case as one JSON object (what ``--out`` records)."""
        return {"board": self.board, "cost": self.cost, "x": self.x, "for": self.type_line, "kind": self.kind}

    def target(self) -> PaymentTarget:
        """The payment target the case asks about."""
        return PaymentTarget.of(self.cost, type_line=self.type_line, kind=self.kind)


@dataclass(slots=True)
class Tally:
    """What a run found: cases by outcome, problems by kind with their first example."""

    cases: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    problems: Counter[str] = field(default_factory=Counter)
    examples: dict[str, dict[str, Any]] = field(default_factory=dict)
    cards: Counter[str] = field(default_factory=Counter)


def load_cards(paths: Sequence[Path]) -> list[CardSpec]:
    """The permanent faces with mana text that the parser reads in full (no sentence ``unsupported``)."""
    from planner.cards.importer import read_card_files

    specs: list[CardSpec] = []
    for card in read_card_files(list(paths)).cards:
        for face in card.faces:
            if not face.is_permanent:
                continue
            reading = read_card_face(face)
            if reading.has_mana_text and reading.fully_read:
                specs.append(
                    CardSpec(face.name, face.type_line, face.oracle, face.mana_cost, face.color_indicator)
                )
    return specs


def _counter_names(oracle: str) -> list[str]:
    """The counter kinds a text mentions ("charge counter", "+1/+1 counters" as ``+1/+1``)."""
    names = [m.group(1).lower() for m in _COUNTER.finditer(oracle)]
    if "+1/+1 counter" in oracle:
        names.append("+1/+1")
    return [n for n in names if n not in _NOT_COUNTER_NAMES]


def _choices(rng: random.Random, oracle: str) -> dict[str, str]:
    """Random answers to what a text asks to choose as the permanent enters."""
    text = oracle.lower()
    choices: dict[str, str] = {}
    if "choose a color" in text or "chosen color" in text:
        choices["color"] = rng.choice("WUBRG")
    if "creature type" in text:
        choices["creature_type"] = rng.choice(_CREATURE_TYPES)
    if "card type" in text:
        choices["card_type"] = rng.choice(_CARD_TYPES)
    if "basic land type" in text:
        choices["basic_land_type"] = rng.choice(_BASIC_TYPES)
    return choices


def _permanent(rng: random.Random, spec: CardSpec, pid: str, controller: str) -> dict[str, Any]:
    """A permanent of the card in a random state its text allows."""
    entry: dict[str, Any] = {"id": pid, "controller": controller, **spec.entry()}
    if rng.random() < 0.15:
        entry["tapped"] = True
    if "creature" in spec.type_line.lower() and rng.random() < 0.3:
        entry["summoning_sick"] = True
    names = _counter_names(spec.oracle)
    if names and rng.random() < 0.7:
        entry["counters"] = {rng.choice(names): rng.randint(0, 3)}
    choices = _choices(rng, spec.oracle)
    if choices:
        entry["choices"] = choices
    return entry


def _attach(rng: random.Random, entry: dict[str, Any], permanents: list[dict[str, Any]]) -> bool:
    """Attach an Aura to something it could enchant; False when there is nothing to attach it to."""
    text = entry["oracle"].lower()
    wanted = "land" if "enchant land" in text or "enchant forest" in text else "creature"
    if "enchant artifact" in text:
        wanted = "artifact"
    if "enchant forest" in text:
        hosts = [p for p in permanents if "forest" in p["type_line"].lower()]
    else:
        hosts = [p for p in permanents if wanted in p["type_line"].lower()]
    if not hosts:
        return False
    entry["attached_to"] = rng.choice(hosts)["id"]
    return True


def random_board(rng: random.Random, cards: Sequence[CardSpec]) -> dict[str, Any]:
    """A board of 3 to 8 permanents: real cards, basics, sometimes the opponent's, sometimes floating mana."""
    count = rng.randint(3, 8)
    permanents: list[dict[str, Any]] = []
    for number in range(count):
        controller = "opp" if rng.random() < 0.15 else "me"
        if rng.random() < 0.35:
            name, type_line = rng.choice(_BASICS)
            spec = CardSpec(name, type_line, "")
        else:
            spec = rng.choice(cards)
        entry = _permanent(rng, spec, f"p{number}", controller)
        if "aura" in spec.type_line.lower() and not _attach(rng, entry, permanents):
            continue
        if "equipment" in spec.type_line.lower() and rng.random() < 0.5:
            _attach(rng, entry, permanents)
        permanents.append(entry)
    me: dict[str, Any] = {"id": "me", "life": rng.choice([1, 2, 3, 4, 20])}
    if rng.random() < 0.25:
        me["pool"] = [rng.choice(["{G}", "{C}", "{W}{U}", "{R}", "{B}{B}", "{C}{C}"])]
    if rng.random() < 0.1:
        me["commander_colors"] = "".join(c for c in "WUBRG" if rng.random() < 0.4)
    return {"version": 1, "players": [me, {"id": "opp", "life": 20}], "permanents": permanents}


def random_cost(rng: random.Random) -> tuple[str, int | None]:
    """A cost of one to four symbols of every kind, and a value for X when it has one."""
    colors = "WUBRG"
    parts: list[str] = []
    x: int | None = None
    for _ in range(rng.choice([1, 1, 2, 2, 3, 4])):
        roll = rng.random()
        if roll < 0.35:
            parts.append("{" + rng.choice(colors) + "}")
        elif roll < 0.55:
            parts.append("{" + str(rng.randint(1, 3)) + "}")
        elif roll < 0.62:
            parts.append("{C}")
        elif roll < 0.7:
            first, second = rng.sample(colors, 2)
            parts.append("{" + first + "/" + second + "}")
        elif roll < 0.75:
            parts.append("{2/" + rng.choice(colors) + "}")
        elif roll < 0.78:
            parts.append("{C/" + rng.choice(colors) + "}")
        elif roll < 0.86:
            parts.append("{" + rng.choice(colors) + "/P}")
        elif roll < 0.89:
            parts.append("{S}")
        elif x is None:
            parts.append("{X}")
            x = rng.randint(0, 3)
    return "".join(parts) or "{0}", x


def random_case(rng: random.Random, cards: Sequence[CardSpec]) -> Case:
    """A random board and cost, for a random kind of spell (now and then an ability)."""
    cost, x = random_cost(rng)
    kind = "ability" if rng.random() < 0.1 else "spell"
    return Case(random_board(rng, cards), cost, x, rng.choice(_TYPE_LINES), kind)


def _paid(board: Board, target: PaymentTarget, x: int | None) -> PaymentTarget:
    """What the replay pays: the total cost with X replaced by its value, the board's increases and
    reductions applied and the spell's colors as the board's effects make them (CR 601.2f, 613.1e)."""
    return PaymentProblem.of(board, target, "me", x=x).paid_target(x)


def check_case(case: Case, state_limit: int = STATE_LIMIT) -> tuple[str, str | None]:
    """The outcome of one case (``skipped``, ``bad input``, ``payable``, ``not payable``) and the problem
    found, if any (a short kind; the details are in the recorded case); ``state_limit`` is the reference
    search's budget."""
    try:
        board = Board.from_dict(case.board)
        target = case.target()
        paid = _paid(board, target, case.x)
    except InputError:
        return "bad input", None
    except Exception as error:
        return "crash", f"the total cost: {type(error).__name__}: {_first_line(error)}"
    try:
        reference = reference_search(board, paid, max_states=state_limit)
    except ReferenceLimitError:
        return "skipped", None
    except InputError:
        return "bad input", None
    except Exception as error:
        return "crash", f"reference: {type(error).__name__}: {_first_line(error)}"
    try:
        result = pay(board, target, x=case.x, time_limit=TIME_LIMIT)
    except InputError as error:
        return "bad input", f"pay refuses what the reference search answers: {_first_line(error)}"
    except Exception as error:
        return "crash", f"pay: {type(error).__name__}: {_first_line(error)}"
    outcome = "payable" if reference.payable else "not payable"
    if result.warnings:
        outcome += ", with warnings"
    if result.payable is None:
        return outcome, f"pay ran out of time ({result.engine})"
    if result.payable != reference.payable:
        answer = f"payable={result.payable} ({result.engine})"
        return outcome, f"pay says {answer}, the reference {reference.payable}"
    if not reference.payable:
        return outcome, None if result.reason else "no reason given"
    assert result.plan is not None
    try:
        ours = objective_of(board, "me", replay(board, paid, result.plan))
    except Exception as error:
        return outcome, f"pay's plan does not replay: {type(error).__name__}: {_first_line(error)}"
    reported = tuple(value for _, value in result.objective[-len(ours) :])
    if ours != reported:
        return outcome, f"pay misreports its objective ({result.engine})"
    best = min(map(objectives_on(board, "me"), reference.outcomes))
    if ours != best:
        level = next(i for i, (a, b) in enumerate(zip(ours, best, strict=True)) if a != b)
        worse = "worse" if ours > best else "better"
        return outcome, f"pay's objective is {worse} than the reference's at level {level} ({result.engine})"
    return outcome, _other_engine(board, target, case.x, result.engine, best)


def _other_engine(
    board: Board, target: PaymentTarget, x: int | None, engine: str, best: tuple[int, ...]
) -> str | None:
    """Where pay answered with one engine, the other one's disagreement with the best objective, if any."""
    paid = _paid(board, target, x)
    try:
        if engine == "fast":
            other = solve_payment(PaymentProblem.of(board, target, "me", x=x, time_limit=TIME_LIMIT))
            name = "cp-sat"
        else:
            fast = solve_fast(PaymentProblem.of(board, target, "me", x=x))
            if fast is None:
                return None
            other, name = fast, "fast"
        if other.plan is None:
            return f"{name} alone finds no plan ({other.status.name})"
        objective = objective_of(board, "me", replay(board, paid, other.plan))
    except Exception as error:
        return f"the other engine: {type(error).__name__}: {_first_line(error)}"
    if objective != best:
        return f"{name} alone reaches another objective"
    return None


def _first_line(error: BaseException) -> str:
    """The first line of an error's message, with ids and numbers folded so that similar errors group."""
    text = str(error).splitlines()[0] if str(error) else ""
    return re.sub(r"\bp\d+\b", "pN", text)[:160]


def _cards_of(case: Case) -> list[str]:
    """The names of the non-basic cards on a case's board."""
    basics = {name for name, _ in _BASICS}
    return sorted({p["name"] for p in case.board["permanents"] if p["name"] not in basics})


def run(seed: int, seconds: float, cards: Sequence[CardSpec], out: Path, limit: int | None = None) -> Tally:
    """Draw and check cases from ``seed`` for ``seconds`` (or ``limit`` cases), appending problems to
    ``out``."""
    rng = random.Random(seed)
    tally = Tally()
    stop = time.monotonic() + seconds
    with out.open("a", encoding="utf-8") as sink:
        while time.monotonic() < stop and (limit is None or tally.cases < limit):
            case = random_case(rng, cards)
            tally.cases += 1
            try:
                outcome, problem = check_case(case)
            except Exception as error:
                outcome, problem = "crash", f"check: {type(error).__name__}: {_first_line(error)}"
                traceback.print_exc()
            tally.outcomes[outcome] += 1
            if problem is None:
                continue
            kind = re.sub(r"\d+", "N", problem) if "level" not in problem else problem
            tally.problems[kind] += 1
            tally.cards.update(_cards_of(case))
            record = {"seed": seed, "number": tally.cases, "problem": problem, **case.to_json()}
            tally.examples.setdefault(kind, record)
            sink.write(json.dumps(record) + "\n")
            sink.flush()
    return tally


def _worker(arguments: tuple[int, float, list[CardSpec], str, int | None]) -> Tally:
    """One worker process's run (for :mod:`multiprocessing`)."""
    seed, seconds, cards, out, limit = arguments
    return run(seed, seconds, cards, Path(out), limit)


def _merge(tallies: Sequence[Tally]) -> Tally:
    """The tallies of several workers as one."""
    total = Tally()
    for tally in tallies:
        total.cases += tally.cases
        total.outcomes.update(tally.outcomes)
        total.problems.update(tally.problems)
        total.cards.update(tally.cards)
        for kind, example in tally.examples.items():
            total.examples.setdefault(kind, example)
    return total


def summary(tally: Tally, elapsed: float) -> list[str]:
    """The summary table: cases by outcome, then problems by kind with the cards of the first example."""
    lines = [f"{'cases':<40}{tally.cases:>8}   ({tally.cases / max(elapsed, 1e-9):.1f} per second)"]
    lines += [f"  {outcome:<38}{count:>8}" for outcome, count in tally.outcomes.most_common()]
    lines.append(f"\nproblems ({sum(tally.problems.values())}, {len(tally.problems)} kinds):")
    for kind, count in tally.problems.most_common():
        example = tally.examples[kind]
        names = ", ".join(sorted({p["name"] for p in example["board"]["permanents"]}))
        lines.append(f"{count:>6}  {kind}\n        e.g. {example['cost']} x={example['x']} on {names[:150]}")
    if tally.cards:
        lines.append("\ncards most often on boards with a problem:")
        lines += [f"{count:>6}  {name}" for name, count in tally.cards.most_common(15)]
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    """Run the search and print the summary table; the exit code is 1 when a problem was found."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("files", nargs="*", type=Path, default=[DEFAULT_FILE])
    parser.add_argument("--seconds", type=float, default=60.0, help="how long to search")
    parser.add_argument("--cases", type=int, default=None, help="stop after this many cases per worker")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--out", type=Path, default=Path("fuzz_real_cards.jsonl"))
    parser.add_argument("--matching", help="only the cards whose Oracle text matches this regular expression")
    args = parser.parse_args(argv)
    try:
        cards = load_cards(args.files)
    except CardDataError as error:  # (a missing or unreadable file: said, not a traceback)
        print(f"fuzz_real_cards: {error}", file=sys.stderr)
        return 2
    if args.matching:
        cards = [card for card in cards if re.search(args.matching, card.oracle)]
    print(f"{len(cards)} faces with mana text read in full", flush=True)
    started = time.monotonic()
    work = [(args.seed + j, args.seconds, cards, str(args.out), args.cases) for j in range(args.jobs)]
    if args.jobs == 1:
        tally = _worker(work[0])
    else:
        with multiprocessing.Pool(args.jobs) as workers:
            tally = _merge(workers.map(_worker, work))
    for line in summary(tally, time.monotonic() - started):
        print(line)
    return 1 if tally.problems else 0


if __name__ == "__main__":
    sys.exit(main())
