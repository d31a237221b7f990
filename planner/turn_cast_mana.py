"""Mana of triggers on casting a spell in a turn's plan (contract section 11): 'Whenever you cast your first
spell each turn, add {R}{R}.', 'Whenever you cast an instant or sorcery spell, add {R}.'

Such a trigger is no mana ability (CR 605.1b): it triggers as its controller casts a spell it describes (CR
603.2), once the spell is cast (its costs paid, CR 601.2h-i), and resolves before the spell does (CR 603.3,
608.1): its mana is in the pool for the spells cast after that one, all main phase (CR 500.4), never for the
spell itself. The grammar reads the trigger (:func:`models.oracle.rider_clauses.cast_trigger`: the spells
it describes, 'your first ... spell each turn'); a trigger of "the first spell each turn" counts the spells
cast before this turn (the board's ``spells_cast_this_turn``, or the spells it lists when the trigger
describes some spells only). A permanent's trigger fires for the spells cast while it is on the battlefield
(not for its own spell). The spells that may set one off are events of the turn (their place matters).

A trigger of casting that creates Treasure tokens ('Whenever you cast a historic spell, create a Treasure
token.') makes no mana itself (CR 605.1a): the Treasures it creates as it resolves, before the spell (CR
603.3), are there for the spells cast after that one (CR 111.10a), never for the spell itself
(:class:`CastTreasure`). 'This ability triggers only once each turn.' after it (CR 603.2h) is read by the
grammar; a trigger that may already have fired this turn before the plan is not counted (the notes say so).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

from models.board import Board, Card, Permanent
from models.cost import PaymentTarget
from models.filters import ObjectFilter, Who
from models.mana import ManaTypes
from models.mana_effects import NotPaymentKind
from models.oracle import ParsedText, parse_oracle, read_card
from models.oracle import text as oracle_text
from models.oracle.grammar import read_as
from models.oracle.readings import OncePerTurn
from models.oracle.rider_clauses import CastTrigger, cast_trigger
from models.oracle.token_replacements import CreatedTokens, created_tokens_of
from models.spells import spell_target
from planner.rules.production import Packet
from planner.rules.turn import output_packets
from planner.rules.view import BoardView
from planner.turn_choices import TurnSpell, distinct

__all__ = [
    "COUNTED_TOKENS",
    "CastMana",
    "CastTokens",
    "CastTreasure",
    "card_cast_mana",
    "card_cast_treasures",
    "cast_mana_events",
    "cast_mana_of",
    "cast_treasures_of",
    "counted_tokens",
    "describes_every_spell",
    "mana_of_casting",
    "on_own_cast",
    "permanent_treasures",
    "treasures_of_casting",
    "triggered_events",
    "untold_treasures",
]


@dataclass(frozen=True, slots=True)
class CastMana:
    """A trigger on its controller's casting a spell that adds mana the turn's plan counts: its sentence,
    the trigger and the mana it adds."""

    text: str
    trigger: CastTrigger
    packets: tuple[Packet, ...]


def cast_mana_of(parsed: ParsedText, name: str) -> tuple[tuple[CastMana, ...], tuple[str, ...]]:
    """The triggers on its controller's casting a spell that add mana, of a card's text: those counted, and
    the sentences of those not counted (a trigger the grammar does not read, a condition, mana a
    restriction limits or of a shape not counted: the turn's notes say so).

    >>> from models.oracle import parse_oracle
    >>> parsed = parse_oracle("Whenever you cast your first spell each turn, add {R}{R}.")
    >>> counted, not_counted = cast_mana_of(parsed, "Test Rodeo")
    >>> [(c.trigger.nth, [(str(p.types), p.per_pick) for p in c.packets]) for c in counted], not_counted
    ([(1, [('R', 2)])], ())
    """
    counted: list[CastMana] = []
    not_counted: list[str] = []
    for record in parsed.not_payment:
        if (
            record.kind is not NotPaymentKind.TRIGGER
            or record.cost is not None
            or not on_own_cast(record.text)
        ):
            continue
        trigger = cast_trigger(record.text)
        packets = output_packets(record.output, name)
        limited = record.restriction is not None or "spend this mana only" in record.text.lower()
        if trigger is None or packets is None or limited:
            not_counted.append(record.text)
            continue
        if trigger.who in (Who.YOU, Who.ANY):
            counted.append(CastMana(record.text, trigger, packets))
    return tuple(counted), tuple(not_counted)


def on_own_cast(sentence: str) -> bool:
    """True for a trigger of its controller casting a spell ('Whenever you cast ...', 'When you cast ...').

    >>> on_own_cast("Whenever you cast your first spell each turn, add {R}{R}."), on_own_cast(
    ...     "Whenever an opponent casts a spell, add {C}.")
    (True, False)
    """
    words = sentence.lower().replace(",", " ").split()
    return len(words) > 2 and words[0] in ("when", "whenever") and words[1:3] == ["you", "cast"]


def mana_of_casting(
    board: Board, player: str, target: PaymentTarget, before: Sequence[Card] | None, count: int
) -> list[tuple[str, tuple[Packet, ...]]] | None:
    """The mana the triggers of ``player``'s permanents on ``board`` add once ``player`` casts the spell
    ``target`` (as printed), each with its permanent's id; ``before`` the spells cast earlier this turn
    (None: not listed) and ``count`` how many. None when a trigger of "the first ... spell each turn" can't
    tell whether it fires (the board gives only how many spells were cast before, and the trigger describes
    some spells only): then the plan does not count it.

    >>> rodeo = {"id": "r", "name": "Test Rodeo", "type_line": "Creature — Human", "power": 3,
    ...     "toughness": 4, "controller": "me",
    ...     "oracle": "Whenever you cast your first spell each turn, add {R}{R}."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [rodeo]})
    >>> bolt = PaymentTarget.of("{R}", type_line="Instant")
    >>> [(pid, packets[0].per_pick) for pid, packets in mana_of_casting(board, "me", bolt, (), 0) or ()]
    [('r', 2)]
    >>> mana_of_casting(board, "me", bolt, None, 1)
    []
    """
    view = BoardView(board)
    found: list[tuple[str, tuple[Packet, ...]]] = []
    own_turn = board.active_player == player
    for permanent in board.controlled_by(player):
        if view.lost_any_abilities(permanent.id):
            continue
        for mana in cast_mana_of(view.parsed[permanent.id], permanent.name)[0]:
            trigger = mana.trigger
            if not trigger.describes(target) or (trigger.your_turns and not own_turn):
                continue
            if trigger.nth:
                described = _described_before(trigger, before, count)
                if described is None:
                    return None
                if described != trigger.nth - 1:
                    continue
            found.append((permanent.id, mana.packets))
    return found


def describes_every_spell(trigger: CastTrigger) -> bool:
    """True when the trigger is about every spell ('your first spell each turn'), not some only.

    >>> describes_every_spell(cast_trigger("Whenever you cast your first spell each turn, add {R}."))
    True
    """
    return trigger.spells == ObjectFilter() and trigger.colors == ManaTypes()


def _described_before(trigger: CastTrigger, before: Sequence[Card] | None, count: int) -> int | None:
    """How many of the spells cast before this one this turn the trigger describes (None: not known)."""
    if describes_every_spell(trigger):
        return count  # (every spell: the count is enough)
    if before is None:
        return None if count else 0
    return sum(trigger.describes(spell_target(card)) for card in before)


def card_cast_mana(card: Card) -> tuple[tuple[CastMana, ...], tuple[str, ...]]:
    """:func:`cast_mana_of` of a card of the hand (a permanent spell: its triggers count once it resolves)."""
    return cast_mana_of(read_card(card.oracle, card.name, card.type_line), card.name)


def cast_mana_events(board: Board, player: str, spells: list[TurnSpell]) -> tuple[list[TurnSpell], bool]:
    """The spells with each one that may set off a counted trigger adding mana or creating Treasures (of the
    player's permanents, or of a permanent spell of the turn once it resolves) made an event, and each
    permanent spell with such a trigger (their places in the turn then matter); and whether there is any
    such trigger.

    >>> from planner.turn_choices import Ids, turn_spell
    >>> rodeo = Card.from_json({"name": "Test Rodeo", "type_line": "Creature — Human", "mana_cost": "{3}{R}",
    ...     "oracle": "Whenever you cast your first spell each turn, add {R}{R}."})
    >>> bolt = Card.from_json({"name": "Test Bolt", "type_line": "Instant", "mana_cost": "{R}"})
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}]})
    >>> spells = [turn_spell(card, 0, Ids(set())) for card in (rodeo, bolt)]
    >>> made, counted = cast_mana_events(board, "me", spells)
    >>> [s.event for s in spells], [s.event for s in made], counted
    ([False, False], [True, True], True)
    """
    view = BoardView(board)
    untold = untold_treasures(board, player)
    triggers: list[CastTrigger] = []
    for permanent in board.controlled_by(player):
        if view.lost_any_abilities(permanent.id):
            continue
        parsed = view.parsed[permanent.id]
        triggers += [mana.trigger for mana in cast_mana_of(parsed, permanent.name)[0]]
        if permanent.id not in untold:
            triggers += [made.trigger for made in permanent_treasures(view, permanent)[0]]
    sources: set[str] = set()
    for spell in distinct(spells):  # (copies of a card once: thirty thousand Sol Rings)
        if spell.card.type_line.is_permanent:
            own = [mana.trigger for mana in card_cast_mana(spell.card)[0]]
            own += [made.trigger for made in card_cast_treasures(spell.card)[0]]
            if own:
                sources.add(spell.card.name)
                triggers += own
    return triggered_events(spells, sources, triggers)


def triggered_events(
    spells: list[TurnSpell], sources: set[str], triggers: Sequence[CastTrigger]
) -> tuple[list[TurnSpell], bool]:
    """The spells with those that a cast trigger concerns made events of the turn's order search (a spell
    whose card is a ``sources`` trigger's own, or one a trigger describes: its casting sets it off, CR
    603.2), and whether any trigger is there at all.

    >>> made, counted = triggered_events([], set(), [])
    >>> made, counted
    ([], False)
    """
    if not triggers:
        return spells, False
    made = [
        replace(spell, event=True)
        if not spell.event
        and (spell.card.name in sources or any(trigger.describes(spell.as_printed) for trigger in triggers))
        else spell
        for spell in spells
    ]
    return made, True


@dataclass(frozen=True, slots=True)
class CastTreasure:
    """A trigger on its controller's casting a spell that creates tokens with a mana ability (Treasures,
    Gold, Eldrazi Spawn), which the turn's plan counts: its sentence, the trigger, the tokens it creates, and
    whether it triggers only once each turn (CR 603.2h)."""

    text: str
    trigger: CastTrigger
    made: CreatedTokens
    once_each_turn: bool = False

    @property
    def treasures(self) -> int:
        """How many tokens it creates (Treasures, or the token it names)."""
        return self.made.count


class CastTokens(NamedTuple):
    """The tokens one permanent's trigger on casting a spell creates (before the replacement effects on
    creating tokens: CR 614.1a)."""

    permanent: str
    made: CreatedTokens


#: the predefined tokens with a mana ability a trigger of casting may create that the plan counts: each is
#: made by :func:`~planner.rules.turn.created_token` (CR 111.10a Treasure, 111.10f Gold)
COUNTED_TOKENS = ("Treasure", "Gold")


def cast_treasures_of(
    parsed: ParsedText, oracle: str, name: str = "", *, legendary: bool = False
) -> tuple[tuple[CastTreasure, ...], tuple[str, ...]]:
    """The triggers on its controller's casting a spell that create Treasure tokens, of a card's text
    (``parsed``, read from ``oracle``, the card's ``name``, ``legendary`` or not): those counted, and the
    sentences of those not counted (a trigger the grammar does not read, an effect that does more than
    create Treasures, a token other than a Treasure, a later sentence of its ability not read: the turn's
    notes say so).

    >>> from models.oracle import parse_oracle
    >>> text = ("Whenever you cast a historic spell, create a Treasure token. This ability triggers only "
    ...     "once each turn.")
    >>> counted, not_counted = cast_treasures_of(parse_oracle(text), text)
    >>> [(c.trigger.spells.any_types, c.treasures, c.once_each_turn) for c in counted], not_counted
    ([(('Artifact', 'Legendary', 'Saga'), 1, True)], ())
    >>> spawn = ('Whenever you cast a colorless spell, create a 0/1 colorless Eldrazi Spawn creature token '
    ...     'with "Sacrifice this token: Add {C}."')
    >>> [(c.made.name, c.made.toughness) for c in cast_treasures_of(parse_oracle(spawn), spawn)[0]]
    [('Eldrazi Spawn', 1)]
    >>> stone = "Whenever you cast a spell, create a Powerstone token."
    >>> cast_treasures_of(parse_oracle(stone), stone)[1]
    ('Whenever you cast a spell, create a Powerstone token.',)
    """
    counted: list[CastTreasure] = []
    not_counted: list[str] = []
    for record in parsed.not_payment:
        if record.kind is not NotPaymentKind.TOKEN or record.cost is not None:
            continue
        if not on_own_cast(record.text):
            # ('... create two 0/1 ... Eldrazi Spawn creature tokens. They have "Sacrifice ~: Add {C}."':
            # the trigger's tokens, given their mana ability by a later sentence of its ability)
            ability = oracle_text.ability_through(oracle, record.text, name, legendary=legendary)
            if ability and on_own_cast(ability[0]):
                not_counted.append(" ".join(ability))
            continue
        trigger = cast_trigger(record.text)
        made = created_tokens_of(record.text.partition(",")[2])
        later = _later_sentences(oracle, record.text, name, legendary)
        once = later is not None and len(later) == 1 and _triggers_once(later[0])
        if (
            trigger is None
            or made is None
            or not counted_tokens(made)
            or later is None
            or (later and not once)
        ):
            not_counted.append(record.text)
            continue
        if trigger.who in (Who.YOU, Who.ANY):
            counted.append(CastTreasure(record.text, trigger, made, once))
    return tuple(counted), tuple(not_counted)


def counted_tokens(made: CreatedTokens) -> bool:
    """True for tokens the turn's plan counts: a predefined one of :data:`COUNTED_TOKENS`, or a creature
    token whose one ability is a mana ability the reader reads (an Eldrazi Spawn's 'Sacrifice this token:
    Add {C}.': CR 605.1a), with no restriction on its mana.

    >>> counted_tokens(CreatedTokens(1, "Treasure")), counted_tokens(CreatedTokens(1, "Powerstone"))
    (True, False)
    >>> counted_tokens(CreatedTokens(1, "Eldrazi Spawn", 0, 1, "Sacrifice ~: Add {C}."))
    True
    """
    if made.predefined:
        return made.name in COUNTED_TOKENS
    parsed = parse_oracle(made.ability, made.name)
    return (
        len(parsed.mana_abilities) == 1
        and not parsed.not_payment
        and not parsed.unsupported
        and all(ability.restriction is None for ability in parsed.mana_abilities)
    )


def _later_sentences(oracle: str, sentence: str, name: str, legendary: bool) -> tuple[str, ...] | None:
    """The sentences after ``sentence`` on the line of ``oracle`` it opens (the rest of its ability, as the
    reader reads it: :func:`~models.oracle.text.read_lines`), or None when no line opens with it.

    >>> _later_sentences("Lode — Whenever you cast a spell, draw. Twice. (Reminder.)", "Whenever you cast "
    ...     "a spell, draw.", "", False)
    ('Twice.',)
    """
    for sentences in oracle_text.read_lines(oracle, name, legendary=legendary):
        if sentences and sentences[0] == sentence.strip():
            return sentences[1:]
    return None


def _triggers_once(sentence: str) -> bool:
    """True for 'This ability triggers only once each turn.', read by the grammar.

    >>> _triggers_once("This ability triggers only once each turn."), _triggers_once("Draw a card.")
    (True, False)
    """
    try:
        return isinstance(read_as(sentence, "cast_trigger"), OncePerTurn)
    except Exception:  # (Lark's errors, or what a rule's method raised: not this sentence)
        return False


def treasures_of_casting(
    board: Board,
    player: str,
    target: PaymentTarget,
    before: Sequence[Card] | None,
    count: int,
    fired: frozenset[str] = frozenset(),
    untold: frozenset[str] = frozenset(),
) -> list[CastTokens]:
    """The Treasure tokens the triggers of ``player``'s permanents on ``board`` create once ``player`` casts
    the spell ``target`` (as printed), each with its permanent's id; ``before`` the spells cast earlier this
    turn (None: not listed) and ``count`` how many; ``fired`` the permanents whose trigger of once each turn
    already fired in the plan; ``untold`` those whose trigger can't tell whether it fires (the turn's first
    board's :func:`untold_treasures`): not counted.

    >>> gloin = {"id": "g", "name": "Test Emissary", "type_line": "Legendary Creature — Dwarf", "power": 3,
    ...     "toughness": 3, "controller": "me",
    ...     "oracle": "Whenever you cast a historic spell, create a Treasure token."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [gloin]})
    >>> [[(made.permanent, made.made.count) for made in treasures_of_casting(
    ...     board, "me", PaymentTarget.of("{2}", type_line=line), (), 0)] for line in ("Artifact", "Instant")]
    [[('g', 1)], []]
    """
    view = BoardView(board)
    found: list[CastTokens] = []
    own_turn = board.active_player == player
    for permanent in board.controlled_by(player):
        if view.lost_any_abilities(permanent.id) or permanent.id in untold:
            continue
        for made in permanent_treasures(view, permanent)[0]:
            trigger = made.trigger
            if not trigger.describes(target) or (trigger.your_turns and not own_turn):
                continue
            if made.once_each_turn and permanent.id in fired:
                continue  # (CR 603.2h: it triggered earlier this turn)
            if trigger.nth and _described_before(trigger, before, count) != trigger.nth - 1:
                continue
            found.append(CastTokens(permanent.id, made.made))
    return found


def untold_treasures(board: Board, player: str) -> dict[str, str]:
    """The permanents of ``player`` on the turn's first ``board`` whose counted trigger creating Treasures
    can't tell whether it fires this turn, each with its sentence: one of once each turn or of "the first
    ... spell each turn" after spells were cast this turn that the board does not list, or that it lists
    and the trigger describes (once each turn: it may have fired already, as the permanent was there or
    not)."""
    view = BoardView(board)
    record = board.player(player)
    before = record.spells_cast
    found: dict[str, str] = {}
    for permanent in board.controlled_by(player):
        if view.lost_any_abilities(permanent.id):
            continue
        for made in permanent_treasures(view, permanent)[0]:
            if not record.spells_cast_this_turn or not (made.once_each_turn or made.trigger.nth):
                continue
            if made.trigger.nth and describes_every_spell(made.trigger):
                continue  # (every spell: the count is enough)
            described = (
                None if before is None else sum(made.trigger.describes(spell_target(c)) for c in before)
            )
            if described is None or (made.once_each_turn and described):
                found[permanent.id] = made.text
    return found


def card_cast_treasures(card: Card) -> tuple[tuple[CastTreasure, ...], tuple[str, ...]]:
    """:func:`cast_treasures_of` of a card of the hand (a permanent spell: its triggers count once it
    resolves)."""
    legendary = card.type_line.is_a("Legendary")
    parsed = read_card(card.oracle, card.name, card.type_line)
    return cast_treasures_of(parsed, card.oracle, card.name, legendary=legendary)


def permanent_treasures(
    view: BoardView, permanent: Permanent
) -> tuple[tuple[CastTreasure, ...], tuple[str, ...]]:
    """:func:`cast_treasures_of` of a permanent on the board (its text as the board's view reads it)."""
    legendary = permanent.type_line.is_a("Legendary")
    return cast_treasures_of(view.parsed[permanent.id], permanent.oracle, permanent.name, legendary=legendary)
