"""The default objective: one specification of what makes a payment better, read by both engines.

The levels, most important first (``docs/objective.md`` says why): cards exiled from the hand for their
mana (Elvish Spirit Guide: a card is worth more than any tap, so one is used only when nothing else pays);
life paid plus damage taken; valuable
permanents sacrificed; permanents sacrificed by design (Treasure, Lotus Petal); mana left floating; colors
no untouched source can make any more; then four levels that each add up one number per permanent the
payment touches (:data:`TOUCHED_LEVELS`): the most mana it could make, whether it doesn't untap normally
(Mana Vault), whether it is a creature, whether it makes its colors without pain (so that what stays open
pays the next spell painlessly), how many types it could produce, and its rank among the board's ids (a
tie-break); last, the cards exiled for delve
(:data:`FINAL_LEVELS`): a graveyard card pays {1} for a delve spell where a player would otherwise tap a
source, so delving is preferred to touching a permanent, and no card is exiled that need not be.

The CP-SAT model builds its terms from this specification, the fast path packs the touched levels into one
weight per source with :func:`packed_weight`, and :func:`objective_of` computes every level of a finished
payment (the reference search's, a heuristic's) so that any plan can be compared with the optimum.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from models.abilities import SideEffectKind, TapDamage
from models.board import Board, Permanent
from models.errors import InputError
from models.mana import ALL_COLORS, ManaTypes
from models.oracle import parse_oracle
from planner.rules.replay import PaymentSummary
from planner.rules.view import BoardView
from planner.solve.problem import BoardAnalysis

__all__ = [
    "FINAL_LEVELS",
    "OBJECTIVE_LEVELS",
    "PAYMENT_LEVELS",
    "PREFERABLE",
    "TOUCHED_LEVELS",
    "PermanentFacts",
    "TouchedLevel",
    "check_prefer",
    "kind_of",
    "life_weighed",
    "objective_of",
    "packed_unit",
    "packed_weight",
    "permanent_facts",
    "sacrificed_by_design",
    "touched_levels",
    "touched_values",
    "untaps_normally",
]


@dataclass(frozen=True, slots=True)
class PermanentFacts:
    """What the objective reads of one permanent a payment may touch.

    ``most``: the most mana one activation of it makes; ``flexibility``: how many types it could produce
    (CR 106.7); ``rank``: its position among the board's permanent ids, sorted; ``painful``: it makes
    colored mana, but none without damage or life (a painland's colors, City of Brass); ``untaps``: it
    untaps in its controller's untap step (Mana Vault and Grim Monolith don't); ``preference``: its kind's
    place in the player's ``prefer`` list (:data:`PREFERABLE`; 0 when the player gives none).
    """

    most: int
    creature: bool
    flexibility: int
    rank: int
    painful: bool = False
    untaps: bool = True
    preference: int = 0


@dataclass(frozen=True, slots=True)
class TouchedLevel:
    """A level that adds up one number per permanent the payment touches (taps, sacrifices, activates).

    ``sum_limit(n)`` is more than the level's sum over any set of permanents on a board of ``n`` (the fast
    path packs the levels after the first into one number with it); None for a level whose sum the board's
    own figures bound.
    """

    name: str
    value: Callable[[PermanentFacts], int]
    sum_limit: Callable[[int], int] | None = None


#: The kinds of permanent a player may say to use first (``prefer``), each permanent of one kind: a Treasure
#: or the like sacrificed by design, else a creature, a land, an artifact, or any other.
PREFERABLE = ("treasures", "creatures", "lands", "artifacts", "others")

#: The levels computed from the payment as a whole, most important first.
PAYMENT_LEVELS = (
    # a card in hand exiled for its mana (Elvish Spirit Guide) is a card lost: only when nothing else pays
    "hand_cards_exiled",
    "life_and_damage",
    "valuable_sacrificed",
    "designed_sacrificed",
    "mana_floating",
    "colors_lost",
)

#: The levels summed over the permanents the payment touches, after :data:`PAYMENT_LEVELS`: keep the sources
#: that make the most mana, creatures (which could attack or block) and flexible sources untouched.
TOUCHED_LEVELS = (
    TouchedLevel("mana_tied_up", lambda facts: facts.most),
    # the player's own order of kinds to use first (--prefer lands,artifacts,creatures,treasures)
    TouchedLevel("preference", lambda facts: facts.preference, lambda n: len(PREFERABLE) * n + 1),
    # tapping what stays tapped next turn is a cost (Mana Vault, Grim Monolith)
    TouchedLevel("not_untapping_used", lambda facts: int(not facts.untaps), lambda n: n + 1),
    TouchedLevel("creatures_used", lambda facts: int(facts.creature), lambda n: n + 1),
    # among equal payments, use the sources whose colors hurt (a painland for its {C}), so that what stays
    # open pays the next spell's colors without pain
    TouchedLevel("painless_used", lambda facts: int(not facts.painful), lambda n: n + 1),
    TouchedLevel("flexibility_used", lambda facts: facts.flexibility, lambda n: 6 * n + 1),
    # ranks are distinct, so their sum over any set stays below n * n + 1
    TouchedLevel("tie_break", lambda facts: facts.rank, lambda n: n * n + 1),
)

#: The levels after the touched ones: cards exiled from the graveyard for delve (CR 702.66), then creatures
#: that could tap for mana tapped for convoke instead (RULES §10b: both tap it; its mana is more flexible).
FINAL_LEVELS = ("cards_exiled", "mana_creatures_convoked")

#: The names of the objective's levels, most important first.
OBJECTIVE_LEVELS = (*PAYMENT_LEVELS, *(level.name for level in TOUCHED_LEVELS), *FINAL_LEVELS)


def _limit(level: TouchedLevel, permanents: int) -> int:
    if level.sum_limit is None:
        raise ValueError(f"the level {level.name!r} has no sum limit to pack below")
    return level.sum_limit(permanents)


@lru_cache(maxsize=65536)
def packed_weight(facts: PermanentFacts, permanents: int) -> int:
    """A permanent's share of the touched levels, packed so that sums compare level by level: each level's
    number times the product of the later levels' sum limits.

    >>> n = 3
    >>> # one mana; painless (times the later limits, 6n + 1 and n * n + 1); one type; rank 0
    >>> weight = packed_unit(n) + (6 * n + 1) * (n * n + 1) + 1 * (n * n + 1)
    >>> packed_weight(PermanentFacts(1, False, 1, 0), n) == weight
    True
    """
    values = touched_values(facts)
    weight = values[0]
    for level, value in zip(TOUCHED_LEVELS[1:], values[1:], strict=True):
        weight = weight * _limit(level, permanents) + value
    return weight


@lru_cache(maxsize=65536)
def touched_values(facts: PermanentFacts) -> tuple[int, ...]:
    """The permanent's number in each of :data:`TOUCHED_LEVELS`, in order (cached: facts are few).

    >>> touched_values(PermanentFacts(2, True, 1, 3))
    (2, 0, 0, 1, 1, 1, 3)
    """
    return tuple(level.value(facts) for level in TOUCHED_LEVELS)


@lru_cache(maxsize=1024)
def packed_unit(permanents: int) -> int:
    """One unit of the first touched level ('mana tied up') in :func:`packed_weight`'s packing.

    >>> packed_unit(2)
    19305
    """
    unit = 1
    for level in TOUCHED_LEVELS[1:]:
        unit *= _limit(level, permanents)
    return unit


_NO_UNTAP = re.compile(r"~ doesn't untap during (?:your|its controller's) untap steps?", re.I)


def untaps_normally(permanent: Permanent) -> bool:
    """False for a permanent whose printed text keeps it tapped through its controller's untap step (Mana
    Vault, Grim Monolith) or whose mana ability says it doesn't untap during the next one.

    >>> from dataclasses import replace
    >>> vault = Permanent.from_dict({"id": "v", "card": "Mana Vault", "controller": "me"})
    >>> untaps_normally(vault), untaps_normally(replace(vault, oracle="{T}: Add {C}."))
    (False, True)
    """
    return _untaps(permanent.oracle, permanent.name)


@lru_cache(maxsize=4096)
def _untaps(oracle: str, name: str) -> bool:
    """:func:`untaps_normally` from a card's text and name."""
    parsed = parse_oracle(oracle, name)
    if any(_NO_UNTAP.fullmatch(sentence.text.rstrip(".")) for sentence in parsed.sentences):
        return False
    return not any(
        effect.kind is SideEffectKind.NO_UNTAP
        for ability in parsed.mana_abilities
        for effect in ability.side_effects
    )


def sacrificed_by_design(view: BoardView, pid: str) -> bool:
    """A nonland permanent whose own ability sacrifices it (Treasure, Lotus Petal, Eldrazi Scion)."""
    if view.type_line(pid).is_a("Land"):
        return False
    return any(ability.cost.sacrifice_self for ability in view.mana_abilities(pid))


def kind_of(view: BoardView, pid: str) -> str:
    """The permanent's kind among :data:`PREFERABLE`."""
    line = view.type_line(pid)
    if sacrificed_by_design(view, pid):
        return "treasures"
    return next(
        (kind for kind in ("creatures", "lands", "artifacts") if line.is_a(kind[:-1].title())), "others"
    )


def check_prefer(prefer: Sequence[str]) -> tuple[str, ...]:
    """A ``prefer`` list checked: kinds of :data:`PREFERABLE`, each once; ``InputError`` otherwise.

    >>> check_prefer(["lands", "Artifacts"])
    ('lands', 'artifacts')
    >>> check_prefer(["land"])
    Traceback (most recent call last):
    ...
    models.errors.InputError: unknown kind 'land': prefer treasures, creatures, lands, artifacts, others
    """
    kinds = tuple(kind.strip().lower() for kind in prefer)
    for kind in kinds:
        if kind not in PREFERABLE:
            raise InputError(f"unknown kind {kind!r}: prefer {', '.join(PREFERABLE)}")
    if len(set(kinds)) != len(kinds):
        raise InputError(f"a kind is given twice in {', '.join(kinds)}")
    return kinds


def permanent_facts(analysis: BoardAnalysis, prefer: Sequence[str] = ()) -> dict[str, PermanentFacts]:
    """The objective's facts for every permanent on the board (a permanent the player can't activate makes
    no mana, ``most`` 0).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"},
    ...     {"id": "bop", "card": "Birds of Paradise", "controller": "me"}]})
    >>> permanent_facts(BoardAnalysis(board, "me"))["bop"]
    PermanentFacts(most=1, creature=True, flexibility=5, rank=0, painful=False, untaps=True, preference=0)
    """
    most: dict[str, int] = {}
    colored: set[str] = set()
    painless: set[str] = set()
    view, reflect = analysis.view, analysis.reflect
    hurting = {s.source for s in view.effects_of(TapDamage) if s.controller == analysis.player}
    for activation in analysis.templates:
        outcome = activation.outcome
        makes_color = any(packet.types & ALL_COLORS for packet in outcome.packets if packet.total)
        hurts = outcome.damage + outcome.life_loss + activation.ability.cost.life > 0
        for pid in activation.sources:
            most[pid] = max(most.get(pid, 0), outcome.total)
            if makes_color:
                colored.add(pid)
                if not hurts and pid not in hurting:
                    painless.add(pid)
    ids = sorted(p.id for p in analysis.board.permanents)
    # the kinds listed first to last, then the kinds not listed
    rank_of = {kind: rank for rank, kind in enumerate([*prefer, *(k for k in PREFERABLE if k not in prefer)])}
    return {
        pid: PermanentFacts(
            most=most.get(pid, 0),
            creature=view.type_line(pid).is_a("Creature"),
            flexibility=len(reflect.get(pid, ManaTypes())),
            rank=rank,
            painful=pid in colored and pid not in painless,
            untaps=untaps_normally(analysis.board.permanent(pid)),
            preference=rank_of[kind_of(view, pid)] if prefer else 0,
        )
        for rank, pid in enumerate(ids)
    }


def touched_levels(facts: Mapping[str, PermanentFacts], touched: frozenset[str]) -> tuple[int, ...]:
    """The touched levels' values for a set of touched permanents."""
    return tuple(sum(level.value(facts[pid]) for pid in touched) for level in TOUCHED_LEVELS)


def life_weighed(life_and_damage: int, designed_mana: int, life_value: int | None) -> int:
    """The first level: life paid plus damage taken, or, when the player says one life is worth
    ``life_value`` mana, that many mana a life plus the mana the permanents sacrificed by design would
    have made (a Treasure 1): at 40 life, ``life_value=0`` takes 1 damage rather than a Treasure.

    >>> life_weighed(1, 1, None), life_weighed(1, 0, 0), life_weighed(0, 1, 0), life_weighed(2, 0, 3)
    (1, 0, 1, 6)
    """
    if life_value is None:
        return life_and_damage
    return life_value * life_and_damage + designed_mana


def objective_of(
    board: Board,
    player: str,
    summary: PaymentSummary,
    *,
    life_value: int | None = None,
    prefer: Sequence[str] = (),
) -> tuple[int, ...]:
    """The objective's levels (see :data:`OBJECTIVE_LEVELS`) for a finished payment; smaller is better
    (``life_value``: see :func:`life_weighed`; ``prefer``: the kinds of :data:`PREFERABLE` to use first).

    >>> from models.cost import PaymentTarget
    >>> from planner.api import pay
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"}]})
    >>> result = pay(board, PaymentTarget.of("{G}"))
    >>> from planner.rules.replay import replay
    >>> objective_of(board, "me", replay(board, PaymentTarget.of("{G}"), result.plan))
    (0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 0, 0)
    """
    analysis = BoardAnalysis(board, player)
    view, reflect = analysis.view, analysis.reflect
    facts = permanent_facts(analysis, prefer)
    makers = {pid for activation in analysis.templates for pid in activation.sources}
    touched = summary.used
    designed = {pid for pid in summary.sacrificed if sacrificed_by_design(view, pid)}
    lost = 0
    for mana_type in ALL_COLORS:
        color_makers = [pid for pid in makers if mana_type in reflect.get(pid, ManaTypes())]
        if color_makers and all(pid in touched for pid in color_makers):
            lost += 1
    designed_mana = sum(facts[pid].most for pid in designed)
    return (
        len(summary.from_hand),
        life_weighed(summary.life_paid + summary.damage, designed_mana, life_value),
        len(summary.sacrificed - designed),
        len(designed),
        sum(1 for unit in summary.floating if not unit.tag.persists),
        lost,
        *touched_levels(facts, touched),
        summary.exiled,
        len(summary.convoked & makers),
    )
