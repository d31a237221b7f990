"""The records of a board's analysis: an effect with its source, a permanent's characteristics, a warning
about its text, and what a view keeps: the :class:`Structure` of what it worked out of its permanents, which
the views rebound from it share, and the typed :class:`ViewTable` tables callers keep answers in (they die
with the view, and so with the question)."""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from models.abilities import ManaAbility, ObjectFilter
from models.kept import CACHING
from models.mana import ManaTypes
from models.mana_effects import StaticEffect
from models.oracle import ParsedText
from models.oracle.classify import unrecorded_fact
from models.oracle.resolved import given_as_effect
from models.types import TypeLine

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = [
    "ENTERS_AS_A_COPY",
    "GIVE_AS_EFFECT",
    "GRANTS_A_CHOICE_READER",
    "MAY_LEAVE_AN_EFFECT",
    "MAY_MISS_A_CHOICE",
    "MAY_READ_A_CHOICE",
    "PRIORITY_UNTAP_SENTENCE",
    "SAME_NAME_TRIGGER",
    "UNREAD_SENTENCE",
    "Characteristics",
    "LostAbilities",
    "SourcedEffect",
    "Structure",
    "TextWarning",
    "ViewTable",
    "WarningKind",
    "unread_warning",
]


@dataclass(frozen=True, slots=True)
class SourcedEffect:
    """A static, triggered or replacement effect together with the permanent it comes from."""

    source: str
    controller: str
    effect: StaticEffect


@dataclass(frozen=True, slots=True)
class Characteristics:
    """A permanent as it is now: its type line after layer 4 and its mana abilities after layer 6."""

    type_line: TypeLine
    mana_abilities: tuple[ManaAbility, ...]
    lost_text_abilities: bool
    haste: bool
    #: One ability of each family it can't activate now for want of counters to remove or permanents to
    #: sacrifice (Bottomless Vault without storage counters): what it could produce reads them all the same,
    #: as CR 106.7 ignores costs (:func:`planner.rules.executed.idle_members`); never activated
    idle: tuple[ManaAbility, ...] = ()


@dataclass(frozen=True, slots=True)
class LostAbilities:
    """What a permanent lost in layer 6 to effects that take abilities from what a filter matches (CR
    613.1f: Humility, Blood Sun): ``every``, the source of the last effect (by timestamp, CR 613.7) that took
    all its abilities, None when only 'except mana abilities' ones did; ``last``, the source of the last
    effect of either kind. An ability granted in layer 6 by an effect of a later timestamp is kept (CR
    613.7). Sources are named by id, as the board's order (its timestamps) stays when a permanent leaves.
    """

    every: str | None
    last: str
    #: one of the effects also keeps it tapped ('loses all abilities and can't become untapped': Frozen in
    #: Ice): it doesn't untap, and no {Q} cost of it can be paid (CR 107.6)
    stays_tapped: bool = False

    def keeps_grant(self, source: str, timestamps: Mapping[str, int], *, mana: bool) -> bool:
        """True when an ability granted by an effect of ``source`` stays (``timestamps``: each permanent's
        position among the board's): a mana ability (``mana``) when no effect that took every ability came
        later, another when no loss did.

        >>> order = {"rite": 0, "humility": 1, "sun": 2, "later": 3}
        >>> LostAbilities(every=None, last="sun").keeps_grant("rite", order, mana=True)
        True
        >>> LostAbilities(every="humility", last="sun").keeps_grant("rite", order, mana=True)
        False
        >>> LostAbilities(every="humility", last="sun").keeps_grant("later", order, mana=False)
        True
        """
        latest = self.every if mana else self.last
        return latest is None or timestamps[source] > timestamps[latest]


class WarningKind(Enum):
    """What a warning says of its text, as its answer reads: ``--strict`` refuses the first two (text the
    planner does not follow), and lets the others pass (the text is followed as the rules and the board
    allow)."""

    #: text the parser did not understand, or read and found reading a fact no board records
    UNSUPPORTED = "unsupported text ignored"
    #: a mana ability (or an effect) read and set aside: a part of it the planner does not execute
    NOT_USED = "mana ability not used"
    #: text reading a choice the permanent never made: used, and its mana of that choice is no mana (CR 106.5)
    UNDEFINED = "reads a choice never made"
    #: text used on an assumption the board can't settle
    ASSUMED = "used on an assumption"
    #: an ability that is no mana ability, which a payment never activates (CR 601.2g)
    NOT_PLANNED = "not planned while paying"
    #: what may pay the question another way that the planner does not weigh for it (an alternative cost
    #: a permanent grants, for a spell not named)
    NOT_WEIGHED = "not weighed for this cost"
    #: used within a bound the board may pass (Wizard's Rockets' X up to 16): an answer with it is never
    #: called optimal, and its "no" is no answer (CR 107.3a lets X go further)
    BOUNDED = "used within a bound"
    #: a payment that leaves its player at 0 or less life: legal (CR 119.4), but the player loses the game
    #: when state-based actions are next checked, once the spell is cast (CR 704.5a, 117.5, 704.3)
    LIFE_AT_ZERO = "leaves the player at 0 or less life"
    #: a "can't" on the board forbids casting the spell paid for (Codie's 'You can't cast permanent spells.',
    #: CR 101.2): the cost is payable, the spell can't be cast; a turn's plan does not cast it
    FORBIDDEN = "forbids casting the spell"

    @property
    def refused_by_strict(self) -> bool:
        """True for the kinds ``--strict`` makes an error."""
        return self in (WarningKind.UNSUPPORTED, WarningKind.NOT_USED)


@dataclass(frozen=True, slots=True)
class TextWarning:
    """Text on a permanent that the planner reports rather than follow in full, never dropped in silence:
    its ``kind`` (:class:`WarningKind`; by default, text not understood, or with a ``reason`` a mana ability
    set aside for that reason) and why.

    >>> print(TextWarning("x", "{T}: Add mana of a strange sort."))
    x: unsupported text ignored: '{T}: Add mana of a strange sort.'
    >>> print(TextWarning("h", "{T}: Add one mana of the chosen color.", "choices.color: none",
    ...     WarningKind.UNDEFINED))
    h: reads a choice never made (choices.color: none): '{T}: Add one mana of the chosen color.'
    >>> TextWarning("r", "{T}: Add {R}.", "a reason").kind
    <WarningKind.NOT_USED: 'mana ability not used'>
    """

    permanent: str
    sentence: str
    reason: str = ""
    kind: WarningKind | None = None

    def __post_init__(self) -> None:
        if self.kind is None:
            default = WarningKind.NOT_USED if self.reason else WarningKind.UNSUPPORTED
            object.__setattr__(self, "kind", default)

    @property
    def undefined(self) -> bool:
        """True for text reading a choice never made (:attr:`WarningKind.UNDEFINED`)."""
        return self.kind is WarningKind.UNDEFINED

    @property
    def refused_by_strict(self) -> bool:
        """True when ``--strict`` makes this warning an error (:attr:`WarningKind.refused_by_strict`)."""
        return self.kind is not None and self.kind.refused_by_strict

    def __str__(self) -> str:
        label = (self.kind or WarningKind.UNSUPPORTED).value
        reason = f" ({self.reason})" if self.reason else ""
        return f"{self.permanent}: {label}{reason}: {self.sentence!r}"


def unread_warning(permanent: str, sentence: str) -> TextWarning:
    """The warning for a sentence not read: with the fact of the turn it reads that no board records, when it
    reads one (:func:`~models.oracle.classify.unrecorded_fact`), so that the warning names what is missing.

    >>> print(unread_warning("spell", "~ costs {1} less to cast for each creature that attacked this turn."))
    ... # doctest: +NORMALIZE_WHITESPACE
    spell: unsupported text ignored (it reads which creatures attacked this turn, which no board field
    records): '~ costs {1} less to cast for each creature that attacked this turn.'
    >>> unread_warning("p", "Flying.") == TextWarning("p", "Flying.")
    True
    >>> print(unread_warning("f", "That land is an Island for as long as it has a flood counter on it."))
    ... # doctest: +NORMALIZE_WHITESPACE
    f: unsupported text ignored (it is an effect that outlasts what made it, which the card's text alone
    can't tell: give the effect in `effects`, with what it refers to in `refers_to`): 'That land is an Island
    for as long as it has a flood counter on it.'
    >>> unread_warning("s", "Until end of turn, target land becomes a Forest.").reason != ""
    True
    """
    fact = unrecorded_fact(sentence)
    if fact is None and given_as_effect(sentence):
        fact = GIVE_AS_EFFECT
    return (
        TextWarning(permanent, sentence)
        if fact is None
        else TextWarning(permanent, sentence, fact, WarningKind.UNSUPPORTED)
    )


#: Why a card's sentence that is the effect of a resolved trigger or ability (which outlasts it) is not
#: read as the card's own: the board records it in ``effects`` (:mod:`planner.rules.effects_in_force`).
GIVE_AS_EFFECT = (
    "it is an effect that outlasts what made it, which the card's text alone can't tell: give the effect in "
    "`effects`, with what it refers to in `refers_to`"
)


_Key = TypeVar("_Key", bound=Hashable)
_Value = TypeVar("_Value")


class ViewTable(Generic[_Key, _Value]):
    """A table of answers that a module works out from views, declared once (at module level) with the types
    of what it holds. Its entries live in the view they were worked out from and die with it (and so with
    the question: nothing here is kept across questions). With ``shared``, they live with the view's
    :class:`Structure`, shared by every view rebound from it (a replay's view, step by step), so that a
    key must hold every status its answer reads; ``limit`` bounds the entries (past it they are all
    forgotten). ``MANA_PLANNER_CACHE=off`` (:mod:`models.kept`) turns the tables off: each call then works
    its answer out again.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> lengths: ViewTable[str, int] = ViewTable("example.lengths")
    >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}]}))
    >>> lengths.put(view, "Forest", 6)
    >>> lengths.get(view, "Forest") == (6 if CACHING else None)
    True
    >>> lengths.get(view.rebind(view.board), "Forest") is None  # (a rebound view's statuses may differ)
    True
    """

    __slots__ = ("limit", "name", "shared")

    def __init__(self, name: str, *, shared: bool = False, limit: int | None = None) -> None:
        self.name = name
        self.shared = shared
        self.limit = limit

    def _entries(self, view: BoardView) -> dict[_Key, _Value]:
        tables = view.structure.tables if self.shared else view.tables
        entries = tables.get(self)
        if entries is None:
            entries = tables[self] = {}
        return entries

    def get(self, view: BoardView, key: _Key) -> _Value | None:
        """The answer kept in ``view`` for ``key``, or None."""
        tables = view.structure.tables if self.shared else view.tables
        entries = tables.get(self)
        return None if entries is None else entries.get(key)

    def put(self, view: BoardView, key: _Key, value: _Value) -> None:
        """Keep ``value`` for ``key`` in ``view`` (nothing with the tables off)."""
        if not CACHING:
            return
        entries = self._entries(view)
        if self.limit is not None and len(entries) >= self.limit:
            entries.clear()
        entries[key] = value

    def __repr__(self) -> str:
        return f"ViewTable({self.name!r})"


# The facts of a card's text that the board-wide scans for warnings look for, bits of
# :func:`planner.rules.reading_facts.card_facts` (here, beside the view's records: the rules that read them
# import nothing more).

#: a sentence of it is not read (``unsupported``)
UNREAD_SENTENCE = 1
#: a mana ability or an effect of it may read a choice made as it entered (:mod:`~planner.rules.
#: undefined_choices`)
MAY_READ_A_CHOICE = 2
#: an effect of it grants a mana ability that reads such a choice
GRANTS_A_CHOICE_READER = 4
#: its text says it may enter as a copy ("copy of")
ENTERS_AS_A_COPY = 8
#: an effect of it is set aside when a choice is not given (:func:`~planner.rules.layers.missing_choice`)
MAY_MISS_A_CHOICE = 16
#: an activated ability of it untaps permanents with priority (:data:`~models.oracle.parsed.PRIORITY_UNTAP`)
PRIORITY_UNTAP_SENTENCE = 32
#: a mana trigger of it counts lands with the tapped land's name (Sasaya's Essence)
SAME_NAME_TRIGGER = 64
#: a sentence of it read as nothing about mana may make an effect that outlasts it or changes the next
#: spell's cost ('for as long as', 'less': :mod:`planner.rules.effects_in_force`'s trigger_effect_gaps,
#: :mod:`planner.rules.next_spell_abilities`)
MAY_LEAVE_AN_EFFECT = 128


@dataclass(slots=True)
class Structure:
    """What a view has worked out of its board's permanents as they are printed and as the effects in force
    make them: their parsed text, the layers (CR 613), the effects in force, their characteristics and what
    is not executed. It reads which permanents there are and what they are, and their counters (a counter
    an effect applies while, the abilities of a family that removes counters), never their tapped flags,
    abilities activated this turn, life totals or pools. :meth:`BoardView.rebind` hands a copy of it to a
    view of a board that differs only in those, which then need not work it out again; each field is
    worked out on first use. ``tables`` holds the shared :class:`ViewTable` tables' entries, the same
    dictionary in every copy."""

    parsed: dict[str, ParsedText] | None = None
    warnings: tuple[TextWarning, ...] | None = None
    missing_choices: tuple[TextWarning, ...] | None = None
    #: layer 4: the type lines after type-changing effects, the lands that lost their text abilities, and what
    #: each effect (by source and text) applied to
    layer4: tuple[dict[str, TypeLine], frozenset[str], dict[tuple[str, str], frozenset[str]]] | None = None
    #: layer 5: the colors of the permanents color-changing effects change
    layer5: dict[str, ManaTypes] | None = None
    effects: tuple[SourcedEffect, ...] | None = None
    #: the effects in force by kind, filled as they are asked for (the same dictionary in every copy)
    effects_by_kind: dict[type[StaticEffect], tuple[SourcedEffect, ...]] = field(default_factory=dict)
    characteristics: dict[str, Characteristics] | None = None
    #: the mana abilities set aside because a part of them is not executed (with :attr:`characteristics`)
    unexecuted: tuple[TextWarning, ...] = ()
    tables: dict[ViewTable[Any, Any], dict[Any, Any]] = field(default_factory=dict)
    #: the effects in force before layer 6's losses of abilities, and those losses (:class:`LostAbilities`)
    layer6: tuple[tuple[SourcedEffect, ...], dict[str, LostAbilities] | None] | None = None
    #: the largest X the families of X are listed to (with :attr:`characteristics`; None: none on the board)
    paid_x_most: int | None = None
    #: the permanents whose leaving may end a God's devotion
    #: (:func:`~planner.rules.devotion.counted_by_devotions`)
    devoted: frozenset[str] | None = None
    #: the permanents the conditions of the effects in force count whatever their statuses, and the filters
    #: (with the permanents they are written on) of those counted by their statuses
    #: (:func:`~planner.rules.conditions.counted_by_conditions`)
    counted: tuple[frozenset[str], tuple[tuple[ObjectFilter, str], ...]] | None = None
    #: layer 7b: the base power and toughness the effects in force set, by permanent (most boards: none)
    layer7b: dict[str, tuple[int, int]] | None = None
    #: the names effects set, by permanent (most boards: none; :func:`~planner.rules.names.permanent_name`)
    names: dict[str, str] | None = None

    def handed_on(self) -> Structure:
        """A copy for a rebound view: what is worked out so far, and the same shared tables (made field by
        field: :func:`copy.copy` of a record with slots goes through pickling's protocol, several times
        slower, at every replay).

        >>> structure = Structure(layer5={})
        >>> copied = structure.handed_on()
        >>> copied is not structure, copied == structure, copied.tables is structure.tables
        (True, True, True)
        """
        return Structure(
            self.parsed,
            self.warnings,
            self.missing_choices,
            self.layer4,
            self.layer5,
            self.effects,
            self.effects_by_kind,
            self.characteristics,
            self.unexecuted,
            self.tables,
            self.layer6,
            self.paid_x_most,
            self.devoted,
            self.counted,
            self.layer7b,
            self.names,
        )
