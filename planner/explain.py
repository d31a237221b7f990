"""Why a cost can't be paid, in a player's words: from the infeasibility core the solver found.

The core names the parts of the cost that can't all be paid together; the explanation counts the untapped
sources that could make each part and the mana they could make of it, and says what stopped the others
(tapped, summoning sick, restricted).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, fields
from operator import attrgetter

from models.abilities import ManaAbility, PaletteKind
from models.board import Permanent
from models.cost import PaymentTarget, Slot, SlotKind, SymbolKind
from models.mana import ALL_TYPES, TYPE_ORDER, ManaType, ManaTypes
from planner.rules.activations import cycle_state, tap_cycling
from planner.rules.alternatives import AlternativeKind, allowed, candidates
from planner.rules.costs import why_unpayable
from planner.rules.eligibility import why_not_activatable
from planner.rules.production import Outcome, activation_outcomes, within_reach
from planner.rules.view import BoardView
from planner.solve.problem import PaymentProblem

__all__ = ["why_not_payable"]


_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _count_words(count: int, noun: str) -> str:
    word = _NUMBER_WORDS[count] if count < len(_NUMBER_WORDS) else str(count)
    return f"{word} untapped {noun}{'' if count == 1 else 's'}"


def _once(ability: ManaAbility, pid: str, cycling: frozenset[str]) -> bool:
    """True when the ability can be activated only once in a payment: its cost taps or untaps its permanent,
    which no plan takes through the other state (``cycling``, see :func:`tap_cycling`), or sacrifices it."""
    cost = ability.cost
    return (cost.tap or cost.untap or cost.sacrifice_self) and pid not in cycling


@dataclass(frozen=True, slots=True)
class _Offer:
    """What one permanent could do towards a cost: the most mana of each type it could make at once (one
    activation, or one tap for convoke), before any costs (``amounts``, only types it makes), the most mana in
    all (``best``), the types an ability that may be activated again makes (``repeated``: Ashnod's Altar), the
    types it could produce (``could``, CR 106.7), and what stopped it: each ability that can't be activated
    now, in order, or None for mana whose restriction can't pay for the target (worded only when named:
    :meth:`_Offers.why_blocked`)."""

    amounts: tuple[tuple[ManaType, int], ...]
    best: int
    repeated: frozenset[ManaType]
    could: ManaTypes
    blocked: tuple[ManaAbility | None, ...]


_NOTHING = ManaTypes()
_NONE: frozenset[ManaType] = frozenset()

#: A permanent's fields but its id: permanents alike in all of them (and in what the board does to them) offer
#: the same (:meth:`_Offers.of`).
_ALIKE = attrgetter(*(f.name for f in fields(Permanent) if f.compare and f.name != "id"))


class _Offers:
    """Each permanent's :class:`_Offer` for one target, worked out once for permanents alike: the same fields
    but the id, in the same state (cycling, tapped for convoke or improvise), could producing the same, and
    none of them set apart (the source of an effect, reached by a replacement effect or mana trigger, or
    something attached to it): every effect's filter then reads them alike, so what the board does to one it
    does to the other (a thousand plain lands are a few offers)."""

    def __init__(
        self,
        view: BoardView,
        target: PaymentTarget,
        reflect: Mapping[str, ManaTypes],
        cycling: frozenset[str],
        tappers: set[str],
        known: Mapping[tuple[str, int, tuple[str, ...]], list[Outcome]],
    ) -> None:
        self.view, self.target, self.reflect = view, target, reflect
        self.cycling, self.tappers = cycling, tappers
        #: outcomes the verdict already worked out on this board, with this ``reflect``
        #: (:attr:`~planner.solve.problem.BoardAnalysis.outcomes`): the same call's answer, read, not redone
        self.known = known
        # the permanents the board may treat apart from one alike: a replacement effect or a mana trigger
        # reaches it, something is attached to it, or it is the source of an effect (whose order with one
        # alike's could matter, CR 613.7)
        board = view.board
        self.apart = (
            within_reach(view)
            | {p.attached_to for p in board.permanents if p.attached_to is not None}
            | {sourced.source for sourced in view.effects}
        )
        # the offers worked out, by name and state, each with the fields of its permanent (compared, not
        # hashed: a hash of every field costs more than a plain land's offer); a permanent whose name no
        # other has is alike to none
        self.alike: dict[tuple[object, ...], list[tuple[tuple[object, ...], _Offer]]] = {}
        self.named = Counter(p.name for p in board.permanents)

    def of(self, permanent: Permanent) -> _Offer:
        """The permanent's offer (see the class)."""
        pid = permanent.id
        could = self.reflect.get(pid, _NOTHING)
        if pid in self.apart or self.named[permanent.name] == 1:
            return self._worked_out(permanent, could)
        fields_but_id = _ALIKE(permanent)
        offers = self.alike.setdefault((permanent.name, pid in self.cycling, pid in self.tappers, could), [])
        for fields_of, offer in offers:
            if fields_of == fields_but_id:
                return offer
        offer = self._worked_out(permanent, could)
        offers.append((fields_but_id, offer))
        return offer

    def why_blocked(self, permanent: Permanent, ability: ManaAbility | None) -> str:
        """Why the permanent's ability can't help (None: its restricted mana), in a player's words."""
        pid = permanent.id
        if ability is None:
            return f"{permanent.name} ({pid}): its restricted mana can't pay for this"
        view = self.view
        tapped = cycle_state(ability, pid, self.cycling)
        why = why_not_activatable(view, pid, ability, tapped=tapped) or why_unpayable(view, pid, ability)
        assert why is not None, f"{pid} offers what a permanent alike offers"
        return why

    def _worked_out(self, permanent: Permanent, could: ManaTypes) -> _Offer:
        view, target, pid = self.view, self.target, permanent.id
        best = 1 if pid in self.tappers else 0
        amounts: dict[ManaType, int] = {}
        repeated: set[ManaType] = set()
        blocked: list[ManaAbility | None] = []
        for number, ability in enumerate(view.mana_abilities(pid)):
            if self._stopped(pid, ability):
                blocked.append(ability)
                continue
            outcomes = self.known.get((pid, number, ()))
            if outcomes is None:
                outcomes = activation_outcomes(view, pid, ability, self.reflect)
            for outcome in outcomes:
                # only mana whose restriction lets it pay for the target counts (CR 106.6)
                packets = outcome.packets
                if not all(p.tag.allows(target) for p in packets):
                    packets = tuple(p for p in packets if p.tag.allows(target))
                    blocked.append(None)
                made: dict[ManaType, int] = {}
                total = 0
                for packet in packets:
                    amount = packet.total
                    total += amount
                    for mana_type in packet.types if amount else ():
                        made[mana_type] = made.get(mana_type, 0) + amount
                best = max(best, total)
                for mana_type, amount in made.items():
                    if amount > amounts.get(mana_type, 0):  # (every amount made is above 0)
                        amounts[mana_type] = amount
                if made and not _once(ability, pid, self.cycling):
                    repeated.update(made)
        return _Offer(
            tuple(amounts.items()), best, frozenset(repeated) if repeated else _NONE, could, tuple(blocked)
        )

    def _stopped(self, pid: str, ability: ManaAbility) -> bool:
        """True when the ability can't be activated now (:meth:`why_blocked` says why)."""
        view = self.view
        tapped = cycle_state(ability, pid, self.cycling)
        return why_not_activatable(view, pid, ability, tapped=tapped) is not None or (
            why_unpayable(view, pid, ability) is not None
        )


def _missing_commander_identity(problem: PaymentProblem) -> list[str]:
    """What can't make mana because the board gives no commander color identity (Command Tower, Arcane
    Signet), naming the field that would, in one sentence (none when nothing is missing)."""
    board, player = problem.board, problem.player
    if board.player(player).commander_colors is not None:
        return []
    names = [
        f"{permanent.name} ({permanent.id})"
        for permanent in board.controlled_by(player)
        if any(
            ability.output.palette.kind is PaletteKind.COMMANDER
            for ability in problem.view.mana_abilities(permanent.id)
        )
    ]
    if not names:
        return []
    position = [p.id for p in board.players].index(player)
    makes = "makes" if len(names) == 1 else "make"
    return [
        f"{_listed(names)} {makes} only mana of your commander's color identity, which the board doesn't "
        f'give: set players[{position}].commander_colors, e.g. "WUG"'
    ]


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def why_not_payable(problem: PaymentProblem, core: tuple[Slot, ...]) -> str:
    """Why the problem's total cost can't be paid, in a player's words, from the solver's infeasibility core
    (the cost's slots that can't all be paid together: mana types, snow, generic).

    >>> from models.board import Board
    >>> from models.cost import PaymentTarget
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f1", "card": "Forest", "controller": "me"}]})
    >>> why_not_payable(PaymentProblem.of(board, PaymentTarget.of("{G}{G}")), (ManaType.G,))
    'needs {G}{G} but only one untapped source can make {G}'

    Only the sources that could have made what is missing are named (an Island is no excuse for {R}):

    >>> tapped = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "m1", "card": "Mountain", "controller": "me"},
    ...     {"id": "i1", "card": "Island", "controller": "me", "tapped": True},
    ...     {"id": "elf", "card": "Llanowar Elves", "controller": "me", "summoning_sick": True}]})
    >>> why_not_payable(PaymentProblem.of(tapped, PaymentTarget.of("{R}{R}")), (ManaType.R,))
    'needs {R}{R} but only one untapped source can make {R}'

    A source that makes several mana counts them all (Sol Ring's {C}{C}):

    >>> ring = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "sol", "card": "Sol Ring", "controller": "me"}]})
    >>> why_not_payable(PaymentProblem.of(ring, PaymentTarget.of("{C}{C}{C}")), (ManaType.C,))
    'needs {C}{C}{C} but the untapped sources can make at most {C}{C}'
    """
    board, target, player = problem.board, problem.target, problem.player
    view = problem.view
    reflect = problem.reflect
    pool = problem.pool
    makers: dict[ManaType, set[str]] = {t: set() for t in TYPE_ORDER}
    # the most mana of each type each permanent could make at once (one activation, or one tap for
    # convoke), before any costs
    amounts: dict[ManaType, dict[str, int]] = {t: defaultdict(int) for t in TYPE_ORDER}
    repeated: set[ManaType] = set()  # types an ability that may be activated again makes (Ashnod's Altar)
    most = 0
    # what stopped a source (the ability, or None for its restricted mana), with the types it could have
    # made (CR 106.7): only those that could have helped are named, and only the first few are worded
    blocked: list[tuple[Permanent, ManaAbility | None, ManaTypes]] = []
    missing_identity = _missing_commander_identity(problem)
    cycling = tap_cycling(view, player)
    # convoke and improvise tap a creature or an artifact instead of its mana ability: {1}, or (convoke) one
    # of its colors (CR 702.51a, 702.126a)
    convoking = candidates(view, player, target, AlternativeKind.CONVOKE)
    tappers = set(convoking) | {
        pid
        for kind in (AlternativeKind.IMPROVISE, AlternativeKind.TAPPED_CREATURE, AlternativeKind.WATERBEND)
        for pid in candidates(view, player, target, kind)
    }
    for pid in convoking:
        for mana_type in view.colors(pid):
            makers[mana_type].add(pid)
            amounts[mana_type][pid] = 1
    offers = _Offers(view, target, reflect, cycling, tappers, problem.analysis.outcomes)
    for permanent in board.controlled_by(player):
        pid = permanent.id
        offer = offers.of(permanent)
        for mana_type, amount in offer.amounts:
            makers[mana_type].add(pid)
            amounts[mana_type][pid] = max(amounts[mana_type][pid], amount)
        repeated.update(offer.repeated)
        blocked.extend((permanent, ability, offer.could) for ability in offer.blocked)
        most += offer.best
    usable = [unit for unit in pool if unit.allowed_for(target)]
    for unit in usable:
        makers[unit.type].add(unit.tag.source)
    floating = {t: sum(1 for unit in usable if unit.type is t) for t in TYPE_ORDER}
    needs = {
        t: sum(
            1
            for s in target.cost.symbols
            if (s.kind in (SymbolKind.COLORED, SymbolKind.COLORLESS) and t in s.colors)
            or (s.kind is SymbolKind.COLORLESS and t is ManaType.C)
        )
        for t in TYPE_ORDER
    }

    def detail(wanted: ManaTypes) -> str:
        """What stopped the sources that could have made some of ``wanted``, in parentheses."""
        unique = dict.fromkeys(missing_identity)
        for permanent, ability, could in blocked:
            if len(unique) >= 3:
                break
            if could & wanted:
                unique[offers.why_blocked(permanent, ability)] = None
        return f" ({'; '.join(list(unique)[:3])})" if unique else ""

    for slot in core:
        if isinstance(slot, ManaType):
            mana_type = slot
            need = needs[mana_type] or 1
            have = len(makers[mana_type])
            mana = sum(amounts[mana_type].values()) + floating[mana_type]
            if mana_type in repeated:
                mana = have  # (one activation's mana is no bound on what it makes then: count sources)
            symbol = f"{{{mana_type.letter}}}"
            if mana >= need:
                continue  # enough mana of this type alone: the trouble is elsewhere in the core
            why = detail(ManaTypes.of([mana_type]))
            if have == 0:
                return f"needs {symbol * need} but no untapped source can make {symbol}{why}"
            if mana > have:  # (a source makes several: Sol Ring, a land under Mana Reflection)
                return f"needs {symbol * need} but the untapped sources can make at most {symbol * mana}{why}"
            return f"needs {symbol * need} but only {_count_words(have, 'source')} can make {symbol}{why}"
        if slot is SlotKind.SNOW:
            return f"needs {{S}} but no untapped snow source can pay it{detail(ALL_TYPES)}"
    total = target.cost.mana_value
    available = most + len(usable)
    why = detail(ALL_TYPES)  # generic: any source could have helped
    sources = "the untapped sources"
    if target.alternatives:
        graveyard = board.player(player).graveyard_size or 0
        available += graveyard if target.delve else 0
        kinds = [
            "creatures tapped for its additional cost" if k is AlternativeKind.TAPPED_CREATURE else k.value
            for k in AlternativeKind
            if allowed(target, k)
        ]
        sources += f" and {' and '.join(kinds)}"
    phyrexian = sum(1 for s in target.cost.symbols if s.kind is SymbolKind.PHYREXIAN)
    if phyrexian:
        # each Phyrexian symbol could be paid with 2 life instead (CR 107.4f), if the life is there (119.4)
        life = board.player(player).life
        why = f" (each Phyrexian symbol may take 2 life instead; {player} has {life} life){why}"
    # (one activation per permanent bounds the mana in all only when none may be activated again)
    if (SlotKind.GENERIC in core or not core) and available < total and not repeated:
        return f"needs {total} mana in all but {sources} make at most {available}{why}"
    return f"{sources} can't pay {target.cost} together{why}"
