"""The questions the commands and the service answer, each a frozen record that is the one declaration of its
parameters (name, type, default, help, validation: :mod:`planner.params`) and is checked as it is built, so a
bad option gets the same one-line error from ``mana-planner pay`` (exit 2) and from the service (-32602).

What needs no board is checked here, in the order the options are listed; what needs the board (the
``--spell`` card, whether the cost has X) is checked by :mod:`planner.requests` as it answers.

>>> question = PayQuestion(cost="2G", keep="{G}")
>>> str(question.bare_target.cost), str(question.keep_target.cost)
('{2}{G}', '{G}')
>>> PayQuestion(cost="{X}{G}", x=-1)
Traceback (most recent call last):
...
models.errors.InputError: --x: must be 0 or more, got -1
>>> PlanTurnQuestion(order="best")
Traceback (most recent call last):
...
models.errors.InputError: --order best: give the spells to order with --cast
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Final

from models.abilities import SpendPurpose
from models.alternative_costs import ALTERNATIVE_COST_OPTIONS
from models.cost import SPELL_ZONES, ManaCost, PaymentKind, PaymentTarget
from models.errors import CostParseError, InputError
from models.limits import checked_name
from models.types import TypeLine
from planner.params import OBJECT, ParamKind, bad, param

__all__ = [
    "PURPOSES",
    "QUESTIONS",
    "ArenaAutotapQuestion",
    "ArenaTurnQuestion",
    "CardQuestion",
    "CouldProduceQuestion",
    "MaxXQuestion",
    "PayQuestion",
    "PlanTurnQuestion",
    "Question",
    "checked_type_line",
]

#: The program's name, for the hints that suggest another command.
PROG: Final = "mana-planner"

#: What a payment may say it is (``--purpose``), for mana only such payments may spend (SpendPurpose's
#: values but the keyword ones, which ``--keyword`` and a spell's own text give).
PURPOSES: Final = tuple(
    p.value for p in SpendPurpose if p not in (SpendPurpose.KEYWORD, SpendPurpose.KEYWORD_ABILITY)
)

# --------------------------------------------------------------------------------------------------------
# The parameters (each a function, so that two records can each hold a field of it)


def _cost() -> Any:
    return param(
        None,
        "The cost to pay: '{2}{G}{G}', or the bare form deck tools print ('2GG'); any case. May be left out "
        "with --spell (the card's mana cost).",
        argument="COST",
        metavar="[COST]",
    )


def _spell() -> Any:
    return param(
        None,
        "Pay for this card: from the player's hand if it is there (with --cast-from graveyard, their "
        "graveyard; with exile, also the cards they foretold and those exiled with their permanents whose "
        "permission casts them, choices.imprinted), else from card data; its mana cost, type "
        "line, colors, convoke, improvise, delve and own cost reductions (affinity) are used.",
        metavar="NAME",
    )


def _targets() -> Any:
    return param(
        None,
        "How many targets the spell is cast with (CR 601.2c), which 'for each target' cost changes read "
        "(Hinata, Dawn-Crowned). Default: what the --spell's text says plainly, else none counted (warned).",
        metavar="N",
    )


def _commander_casts() -> Any:
    return param(
        None,
        "How many times the commander paid for (--commander) was cast from the command zone this game (CR "
        "903.8; an extension), which 'Your commander costs {1} less to cast for each time it's been cast "
        "from the command zone this game' reads (Myth Unbound). Default: not known (such changes are "
        "warned).",
        metavar="N",
    )


def _cast_by() -> Any:
    return param(
        None,
        "The id of the permanent whose ability lets the spell be cast (an extension): Lightstall "
        "Inquisitor's exiled card ('Each spell cast this way costs {1} more to cast'), God-Eternal Kefnet's "
        "copy ('That copy costs {2} less to cast'), which such changes read. Default: not known (such "
        "changes are warned, not applied).",
        metavar="ID",
    )


def _cast_from() -> Any:
    return param(
        None,
        "The zone the spell is cast from (CR 601.2a): hand, graveyard, exile, library or command, which "
        "'Spells you cast from your graveyard cost {1} less' reads (an extension). Default: the hand for a "
        "--spell in the hand, exile with --purpose from-exile, else not known (such changes are warned).",
        metavar="ZONE",
    )


def _targeted() -> Any:
    return param(
        (),
        "A permanent the spell targets, by id (repeatable; CR 601.2c), which 'Spells that target ~ cost {1} "
        "less' reads (an extension). Default: not known (such changes are warned, not applied).",
        flag="--target",
        metavar="ID",
    )


def _convoke() -> Any:
    return param(False, "Creatures may help pay: each tapped pays {1} or one of its colors.")


def _improvise() -> Any:
    return param(False, "Artifacts may help pay: each tapped pays {1}.")


def _waterbend() -> Any:
    return param(
        None,
        "The cost's waterbend part, e.g. 3 or X for 'Waterbend {3}' or 'Waterbend {X}' (CR 701.67a): "
        "each of its generic mana may be paid by tapping an untapped artifact or creature you control; "
        "the part is already in COST. Default: none.",
        metavar="AMOUNT",
    )


def _delve() -> Any:
    return param(False, "Cards exiled from the graveyard may help pay: each pays {1} (needs graveyard).")


def _for() -> Any:
    return param(
        "",
        "The type line of what is paid for, e.g. 'Creature — Eldrazi' or 'Instant' (spending restrictions "
        "read it). Default: none.",
        metavar="TYPE_LINE",
    )


def _colors() -> Any:
    return param(
        None,
        "The colors of what is paid for, e.g. 'UR' ('' for colorless). Default: the cost's colors.",
        metavar="WUBRG",
    )


def _kind() -> Any:
    return param(PaymentKind.SPELL, "Whether the payment casts a spell or activates an ability.")


def _commander() -> Any:
    return param(False, "What is paid for is your commander (Jeweled Lotus reads this).")


def _purposes() -> Any:
    return param(
        (),
        "What else the payment is, for mana only such payments may spend (repeatable): "
        "cumulative-upkeep, face-down, turn-face-up, watermark, makes-tokens, kicked, from-exile, "
        "unlock-door, class-level, plot.",
        flag="--purpose",
        metavar="PURPOSE",
    )


def _keywords() -> Any:
    return param(
        (),
        "A keyword of what is paid for (repeatable), e.g. 'devoid', or an ability's 'equip' (a --spell's "
        "own keywords count without it).",
        flag="--keyword",
        metavar="KEYWORD",
    )


def _payer() -> Any:
    return param(
        None,
        "Who pays, with their own permanents and pool. Default: the board's active player.",
        metavar="ID",
    )


def _time_limit() -> Any:
    return param(
        10.0,
        "Seconds the solver may search; when it runs out, the best payment found so far is given (marked as "
        "not proven optimal), or none.",
        metavar="S",
    )


def _value() -> Any:
    return param(
        (),
        "What you value: 'life=N' says one life is worth N mana, weighed against the Treasures and the like "
        "a payment would sacrifice instead (at 40 life, life=0 takes 1 damage rather than a Treasure).",
        metavar="life=N",
    )


def _prefer() -> Any:
    return param(
        None,
        "Kinds of permanent to use first when payments tie on the mana they tie up, in order, e.g. "
        "'lands,artifacts,creatures,treasures' (kinds: treasures, creatures, lands, artifacts, others); "
        "'colors-spent' asks for the most colors of mana spent, as a converge spell does.",
        metavar="KINDS",
    )


def _alternative_cost() -> Any:
    return param(
        "allow",
        "With --spell: whether it may be paid for an alternative cost instead of its mana cost (CR 118.9: "
        "its own, 'rather than pay this spell's mana cost', or one a permanent grants): 'allow' (the best "
        "of all), 'forbid' (its mana cost only: castable by its mana cost?) or 'require'.",
        metavar="allow|forbid|require",
    )


def _strict() -> Any:
    return param(
        False,
        "Make Oracle text the parser does not understand an error (exit 2) instead of a warning on stderr.",
    )


# --------------------------------------------------------------------------------------------------------
# The records


class _Payment:
    """What ``pay`` and ``max-x`` check alike: the cost (or ``--spell``), what it pays for, and how to weigh
    the payment. The checked forms are kept on the record (``bare_target``...)."""

    __slots__ = ()
    cost: str | None
    spell: str | None
    for_: str
    colors: str | None
    kind: PaymentKind
    commander: bool
    purposes: tuple[str, ...]
    keywords: tuple[str, ...]
    time_limit: float
    value: tuple[str, ...]
    prefer: str | None
    alternative_cost: str
    purpose_set: frozenset[str]
    keyword_set: frozenset[str]

    def _check_what(self) -> None:
        """COST (or --spell), --for, --kind, --colors, --purpose and --keyword, checked in that order."""
        record = type(self)
        if self.cost is None and self.spell is None:
            raise bad(record, "cost", "give the cost to pay, or --spell NAME")
        targets = getattr(self, "targets", None)
        if targets is not None and not 0 <= targets <= 1000:
            raise bad(record, "targets", f"must be from 0 to 1000, got {targets}")
        casts = getattr(self, "commander_casts", None)
        if casts is not None and not 0 <= casts <= 1000:
            raise bad(record, "commander_casts", f"must be from 0 to 1000, got {casts}")
        cast_from = getattr(self, "cast_from", None)
        if cast_from is not None and cast_from not in SPELL_ZONES:
            raise bad(record, "cast_from", f"expected one of {', '.join(SPELL_ZONES)}, got {cast_from!r}")
        mana_cost = _parse_cost(record, "cost", self.cost) if self.cost is not None else None
        type_line = checked_type_line(record, self.for_)
        try:
            kind = PaymentKind(self.kind)
        except ValueError:
            choices = ", ".join(repr(k.value) for k in PaymentKind)
            raise bad(record, "kind", f"expected one of {choices}, got {self.kind!r}") from None
        object.__setattr__(self, "kind", kind)
        bare = None
        if mana_cost is not None:
            try:
                bare = PaymentTarget.of(
                    mana_cost, type_line=type_line, colors=self.colors, kind=kind, commander=self.commander
                )
            except InputError as error:
                raise bad(record, "colors", str(error)) from None
        object.__setattr__(self, "bare_target", bare)
        object.__setattr__(self, "type_line", type_line)
        named = frozenset(purpose.strip().lower().replace("-", "_") for purpose in self.purposes)
        for purpose in sorted(named):
            if purpose not in PURPOSES:
                choices = ", ".join(p.replace("_", "-") for p in PURPOSES)
                raise bad(record, "purposes", f"expected one of {choices}, got {purpose!r}")
        object.__setattr__(self, "purpose_set", named)
        extra = frozenset(keyword.strip().lower() for keyword in self.keywords if keyword.strip())
        object.__setattr__(self, "keyword_set", extra)

    def _check_weighing(self) -> None:
        """--time-limit, --value and --prefer, checked in that order."""
        record = type(self)
        _check_time_limit(record, self.time_limit)
        if self.alternative_cost not in ALTERNATIVE_COST_OPTIONS:
            choices = ", ".join(ALTERNATIVE_COST_OPTIONS)
            got = self.alternative_cost
            raise bad(record, "alternative_cost", f"expected one of {choices}, got {got!r}")
        object.__setattr__(self, "life_value", _life_value(record, self.value))
        object.__setattr__(self, "prefer_kinds", _kinds(record, self.prefer))

    def what_for(self, target: PaymentTarget) -> PaymentTarget:
        """``target`` with the purposes of ``--purpose`` and, besides its own, the keywords of ``--keyword``.

        >>> target = PayQuestion(cost="{1}", purposes=("cumulative-upkeep",), keywords=("Devoid",)).what_for(
        ...     PaymentTarget.of("{1}"))
        >>> sorted(target.purposes), sorted(target.keywords)
        (['cumulative_upkeep'], ['devoid'])
        """
        return dataclasses.replace(
            target, purposes=target.purposes | self.purpose_set, keywords=target.keywords | self.keyword_set
        )


def _derived() -> Any:
    """A record's field that holds a checked form of its parameters, set as the record is built."""
    return dataclasses.field(init=False, repr=False, compare=False)


@dataclass(frozen=True, slots=True, kw_only=True)
class PayQuestion(_Payment):
    """``mana-planner pay`` / the service's ``pay``: the best way to pay a cost (contract §3)."""

    cost: str | None = _cost()
    spell: str | None = _spell()
    targets: int | None = _targets()
    cast_from: str | None = _cast_from()
    targeted: tuple[str, ...] = _targeted()
    convoke: bool = _convoke()
    improvise: bool = _improvise()
    delve: bool = _delve()
    waterbend: str | None = _waterbend()
    for_: str = _for()
    colors: str | None = _colors()
    kind: PaymentKind = _kind()
    commander: bool = _commander()
    commander_casts: int | None = _commander_casts()
    cast_by: str | None = _cast_by()
    purposes: tuple[str, ...] = _purposes()
    keywords: tuple[str, ...] = _keywords()
    keep: str | None = param(
        None,
        "A cost that should stay payable from what is left afterwards, e.g. '{U}{U}' for a counterspell, "
        "when the board allows both (keep_satisfied says whether it does).",
        metavar="COST",
    )
    hand: tuple[str, ...] = param(
        (),
        "The cost of a card in hand to keep castable afterwards as far as possible; repeat the option for "
        "several cards (below --keep in priority).",
        metavar="COST",
    )
    player: str | None = _payer()
    x: int | None = param(None, "The value of X when COST has {X}.", metavar="N")
    time_limit: float = _time_limit()
    value: tuple[str, ...] = _value()
    prefer: str | None = _prefer()
    alternative_cost: str = _alternative_cost()
    strict: bool = _strict()

    bare_target: PaymentTarget | None = _derived()
    type_line: TypeLine = _derived()
    purpose_set: frozenset[str] = _derived()
    keyword_set: frozenset[str] = _derived()
    keep_target: PaymentTarget | None = _derived()
    hand_targets: tuple[PaymentTarget, ...] = _derived()
    life_value: int | None = _derived()
    prefer_kinds: tuple[str, ...] = _derived()

    def __post_init__(self) -> None:
        self._check_what()
        keep = _plain_target(PayQuestion, "keep", self.keep) if self.keep is not None else None
        object.__setattr__(self, "keep_target", keep)
        hand = tuple(_plain_target(PayQuestion, "hand", text) for text in self.hand)
        object.__setattr__(self, "hand_targets", hand)
        if self.x is not None and self.x < 0:
            raise bad(PayQuestion, "x", f"must be 0 or more, got {self.x}")
        self._check_weighing()


@dataclass(frozen=True, slots=True, kw_only=True)
class MaxXQuestion(_Payment):
    """``mana-planner max-x`` / the service's ``max_x``: the largest X for which a cost is payable."""

    cost: str | None = _cost()
    spell: str | None = _spell()
    targets: int | None = _targets()
    cast_from: str | None = _cast_from()
    targeted: tuple[str, ...] = _targeted()
    convoke: bool = _convoke()
    improvise: bool = _improvise()
    delve: bool = _delve()
    waterbend: str | None = _waterbend()
    for_: str = _for()
    colors: str | None = _colors()
    kind: PaymentKind = _kind()
    commander: bool = _commander()
    commander_casts: int | None = _commander_casts()
    cast_by: str | None = _cast_by()
    purposes: tuple[str, ...] = _purposes()
    keywords: tuple[str, ...] = _keywords()
    player: str | None = _payer()
    time_limit: float = _time_limit()
    value: tuple[str, ...] = _value()
    prefer: str | None = _prefer()
    alternative_cost: str = _alternative_cost()
    strict: bool = _strict()

    bare_target: PaymentTarget | None = _derived()
    type_line: TypeLine = _derived()
    purpose_set: frozenset[str] = _derived()
    keyword_set: frozenset[str] = _derived()
    life_value: int | None = _derived()
    prefer_kinds: tuple[str, ...] = _derived()

    def __post_init__(self) -> None:
        self._check_what()
        self._check_weighing()


@dataclass(frozen=True, slots=True, kw_only=True)
class CouldProduceQuestion:
    """``mana-planner could-produce`` / the service's ``could_produce``: the types each permanent could
    produce (CR 106.7)."""

    player: str | None = param(
        None,
        "Whose permanents to list: a player id, or 'all' for every permanent. Default: the board's active "
        "player.",
        metavar="ID",
    )
    strict: bool = _strict()


@dataclass(frozen=True, slots=True, kw_only=True)
class PlanTurnQuestion:
    """``mana-planner plan-turn`` / the service's ``plan_turn``: the turn's plan (contract §7 and §11)."""

    cast: tuple[str, ...] = param(
        (),
        "A spell to cast: a card name (from the hand, else card data) or a cost such as '{1}{U}'; repeat it "
        "for several, in order. Without --cast the plan chooses from the hand.",
        metavar="CARD",
    )
    order: str = param(
        "given", "Cast the --cast spells in the given order or the best one.", metavar="given|best"
    )
    hold: str | None = param(
        None,
        "A cost to keep payable at the end of the turn, e.g. '{U}{U}' for a counterspell: it comes first, "
        "when any plan allows it.",
        metavar="COST",
    )
    land: str | None = param(
        None,
        "Play this land from the hand. Default: the plan plays the best one when a play is left.",
        metavar="NAME",
    )
    no_land: bool = param(False, "Keep the land drop: without it the plan always plays a land when it can.")
    x: int = param(1, "The value of X for spells with {X}.", metavar="N", null_is_default=True)
    player: str | None = _payer()
    time_limit: float = _time_limit()
    strict: bool = _strict()

    hold_target: PaymentTarget | None = _derived()

    def __post_init__(self) -> None:
        record = PlanTurnQuestion
        if self.order not in ("given", "best"):
            raise bad(record, "order", f"must be 'given' or 'best', got {self.order!r}")
        if self.order == "best" and not self.cast:
            raise InputError("--order best: give the spells to order with --cast", param="order")
        hold = _plain_target(record, "hold", self.hold) if self.hold is not None else None
        object.__setattr__(self, "hold_target", hold)
        if self.x < 0:
            raise bad(record, "x", f"must be 0 or more, got {self.x}")
        if self.no_land and self.land is not None:
            raise InputError(f"--no-land and --land {self.land}: choose one", param="no_land")
        for text in self.cast:
            if text.lstrip().startswith("{"):
                _parse_cost(record, "cast", text)
        _check_time_limit(record, self.time_limit)


@dataclass(frozen=True, slots=True, kw_only=True)
class CardQuestion:
    """``mana-planner cards NAME`` / the service's ``card``: one card's text and parsed abilities."""

    name: str = param(dataclasses.MISSING, "The card's name (any case).", argument="NAME")

    def __post_init__(self) -> None:
        checked_name(self.name, "name", "a card name", param="name")


#: An Arena game state: a ``gameStateMessage``, a list of them in order, or none.
_GAME_STATE: Final = ParamKind(
    {"oneOf": [{"type": "object"}, {"type": "array", "items": {"type": "object"}}, {"type": "null"}]},
    "an object, a list of objects or null",
    lambda v: (
        v is None or isinstance(v, dict) or (isinstance(v, list) and all(isinstance(i, dict) for i in v))
    ),
)


def _arena_request() -> Any:
    return param(dataclasses.MISSING, "The ActionsAvailableReq GRE message, or its body.", kind=OBJECT)


def _game_state() -> Any:
    return param(
        None,
        "The last game state: a gameStateMessage, or a list of them in order (full, then diffs).",
        kind=_GAME_STATE,
    )


def _seat() -> Any:
    return param(None, "The local seat; default the message's systemSeatIds.", metavar="N")


@dataclass(frozen=True, slots=True, kw_only=True)
class ArenaAutotapQuestion:
    """The service's ``arena_autotap``: our autoTapSolution for each action of one MTG Arena
    ``ActionsAvailableReq`` (the command ``arena LOG`` reads a whole log instead; :mod:`planner.arena` checks
    the messages)."""

    request: Any = _arena_request()
    game_state: Any = _game_state()
    seat: int | None = _seat()
    time_limit: float = _time_limit()

    def __post_init__(self) -> None:
        _check_time_limit(ArenaAutotapQuestion, self.time_limit)


@dataclass(frozen=True, slots=True, kw_only=True)
class ArenaTurnQuestion:
    """The service's ``arena_turn``: which of one ``ActionsAvailableReq``'s offered casts can be taken
    together this turn, and with which taps (:mod:`planner.arena_turn`)."""

    request: Any = _arena_request()
    game_state: Any = _game_state()
    seat: int | None = _seat()
    time_limit: float = _time_limit()

    def __post_init__(self) -> None:
        _check_time_limit(ArenaTurnQuestion, self.time_limit)


@dataclass(frozen=True, slots=True)
class Question:
    """A question as the command (None: the service's alone) and the service name it, with its record and
    what it answers."""

    command: str | None
    method: str
    record: type
    help: str


#: Every question, by the service's method name.
QUESTIONS: Final[dict[str, Question]] = {
    question.method: question
    for question in (
        Question(
            "pay", "pay", PayQuestion, "The best way to pay a cost: what `mana-planner pay --json` prints."
        ),
        Question(
            "max-x",
            "max_x",
            MaxXQuestion,
            "The largest X for which a cost is payable: what `mana-planner max-x --json` prints.",
        ),
        Question(
            "could-produce",
            "could_produce",
            CouldProduceQuestion,
            "The mana types each permanent could produce: what `mana-planner could-produce --json` prints.",
        ),
        Question(
            "plan-turn",
            "plan_turn",
            PlanTurnQuestion,
            "A turn's plan, the land and the spells in order: what `mana-planner plan-turn --json` prints.",
        ),
        Question(
            None,
            "arena_autotap",
            ArenaAutotapQuestion,
            "Our autoTapSolution for each action of an MTG Arena ActionsAvailableReq, compared with Arena's.",
        ),
        Question(
            None,
            "arena_turn",
            ArenaTurnQuestion,
            "Which of an MTG Arena ActionsAvailableReq's offered casts can be taken together this turn, in "
            "order, each with our autoTapSolution.",
        ),
        Question(
            "cards",
            "card",
            CardQuestion,
            "One card's text and parsed abilities: what `mana-planner cards NAME --json` prints.",
        ),
    )
}

# --------------------------------------------------------------------------------------------------------
# The checks


def _parse_cost(record: type, attribute: str, text: str) -> ManaCost:
    """A cost given as a parameter; a bad one is an input error naming the option."""
    try:
        return ManaCost.parse(text)
    except CostParseError as error:
        named = bad(record, attribute, str(error))
        raise CostParseError(str(named), param=named.param) from None


def checked_type_line(record: type, text: str) -> TypeLine:
    """A --for type line, which must name a card type when it is given (the record's ``for_``)."""
    try:
        types = TypeLine.parse(text)
    except ValueError as error:
        raise bad(record, "for_", str(error)) from None
    if text.strip() and not types.card_types:
        raise bad(record, "for_", f"the type line {text!r} has no card type, e.g. 'Creature — Elf'")
    return types


def _plain_target(record: type, attribute: str, cost: str) -> PaymentTarget:
    """A --keep, --hand or --hold cost: a spell with no type line, of the cost's colors."""
    mana_cost = _parse_cost(record, attribute, cost)
    if mana_cost.has_variable:
        raise bad(record, attribute, f"{mana_cost} has X; give the cost with a number for X")
    return PaymentTarget.of(mana_cost)


def _check_time_limit(record: type, seconds: float) -> None:
    if not seconds > 0:
        raise bad(record, "time_limit", f"must be more than 0 seconds, got {seconds:g}")


def _life_value(record: type, values: tuple[str, ...]) -> int | None:
    """The mana one life is worth, from --value life=N (None: life comes first, whatever it costs)."""
    found: int | None = None
    for text in values:
        key, _, number = text.partition("=")
        if key.strip().lower() != "life":
            raise bad(record, "value", f"{text!r}: only 'life=N' can be valued (one life is worth N mana)")
        if not number.strip().isdigit() or len(number.strip()) > 6:
            raise bad(record, "value", f"{text!r}: N must be a whole number of mana, 0 or more")
        found = int(number)
    return found


def _kinds(record: type, prefer: str | None) -> tuple[str, ...]:
    """The kinds of --prefer, checked."""
    if prefer is None:
        return ()
    from planner.solve.objective import check_prefer
    from planner.solve.riders import COLORS_SPENT, split_prefer

    kinds, colors_spent = split_prefer([kind for kind in prefer.split(",") if kind.strip()])
    try:
        return (*check_prefer(kinds), *((COLORS_SPENT,) if colors_spent else ()))
    except InputError as error:
        raise bad(record, "prefer", f"{error} (or {COLORS_SPENT})") from None
