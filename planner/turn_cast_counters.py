"""Counters that triggers on casting a spell put on permanents in a turn's plan (contract section 11):
'Whenever you cast a creature spell, put a +1/+1 counter on ~.' (Animar's), 'Whenever you cast a spell,
put a charge counter on ~.'

Such a trigger triggers once its controller's spell is cast (its costs paid, CR 601.2h-i, 603.2) and
resolves before the spell does (CR 603.3, 608.1): the counter is on the permanent for the spells cast after
that one, never for the spell itself, whose total cost was locked in before (CR 601.2f). So a cost reduction
"for each +1/+1 counter on ~" (CR 117.3b/c: the next spell is cast after the trigger resolved) sees it for
the later spells. A permanent's trigger fires for the spells cast while it is on the battlefield (not for
its own spell). The grammar reads the trigger (:func:`models.oracle.rider_clauses.cast_trigger`) and its
effect ('put a <kind> counter on ~': :func:`models.oracle.grammar.parse_effect`'s ``PutCounterOnSelf``);
an ability with more sentences, of 'the first ... spell each turn', or another effect that puts counters is
not planned, and the turn's notes say so (:func:`cast_counter_notes`). A replacement effect on counters put
(Hardened Scales's 'If one or more +1/+1 counters would be put ...', CR 614.1a) is not applied: with one on
the battlefield the counters are not planned (said). The counters go on the permanent as the trigger
resolves; a +1/+1 and a -1/-1 counter on it are removed in pairs (CR 704.5q).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from models.board import Board, Card, Permanent
from models.cost import PaymentTarget
from models.filters import Who
from models.oracle import read_card
from models.oracle import text as oracle_text
from models.oracle.grammar import parse_effect
from models.oracle.readings import PutCounterOnSelf
from models.oracle.rider_clauses import CastTrigger, cast_trigger
from planner.rules.view import BoardView
from planner.turn_cast_mana import triggered_events
from planner.turn_choices import TurnSpell, distinct

__all__ = [
    "CastCounter",
    "card_cast_counters",
    "cast_counter_events",
    "cast_counter_notes",
    "cast_counters_of",
    "counters_of_casting",
    "counters_planned",
    "with_counters",
]


@dataclass(frozen=True, slots=True)
class CastCounter:
    """A trigger on a spell cast that puts one counter of ``kind`` on its own permanent, which the turn's
    plan applies: its sentence, the trigger and the counter's kind."""

    text: str
    trigger: CastTrigger
    kind: str


#: 'put ... counter(s) on': an effect that puts counters (the word 'counter' as a noun)
_PUTS_COUNTERS = re.compile(r"\bput\b[^.]*\bcounters? on\b", re.IGNORECASE)
#: a replacement effect on counters put ('If one or more +1/+1 counters would be put on ...', 'would put')
_COUNTERS_REPLACED = re.compile(r"counters? would be put|would put one or more[^.]*counters?", re.IGNORECASE)


def cast_counters_of(
    oracle: str, name: str, *, legendary: bool = False
) -> tuple[tuple[CastCounter, ...], tuple[str, ...]]:
    """The triggers on a spell cast that put a counter on their own permanent, of a card's text: those the
    turn's plan applies, and the lines of the others that put counters (another effect, more sentences, 'the
    first ... spell each turn', a trigger the grammar does not read: the turn's notes say so).

    >>> animar = "Whenever you cast a creature spell, put a +1/+1 counter on Test Toy."
    >>> counted, other = cast_counters_of(animar, "Test Toy")
    >>> [(c.kind, c.trigger.spells.types) for c in counted], other
    ([('+1/+1', ('Creature',))], ())
    >>> cast_counters_of("Whenever you cast a spell, put a +1/+1 counter on target creature.", "Test Toy")
    ((), ('Whenever you cast a spell, put a +1/+1 counter on target creature.',))
    """
    counted: list[CastCounter] = []
    other: list[str] = []
    for sentences in oracle_text.read_lines(oracle, name, legendary=legendary):
        if not sentences or not sentences[0].lower().startswith(("whenever", "when")):
            continue
        line = " ".join(sentences)
        if " cast" not in line.lower() or not _PUTS_COUNTERS.search(line):
            continue
        read = _counter_trigger(sentences)
        if read is None:
            other.append(line)
        else:
            counted.append(read)
    return tuple(counted), tuple(other)


def _counter_trigger(sentences: tuple[str, ...]) -> CastCounter | None:
    """The trigger of a line of one sentence 'Whenever you (a player) cast(s) <spells>, put a <kind> counter
    on ~.', read by the grammar; None for any other line."""
    if len(sentences) != 1:
        return None
    trigger = cast_trigger(sentences[0])
    if trigger is None or trigger.nth or trigger.who not in (Who.YOU, Who.ANY):
        return None
    try:
        effect = parse_effect(sentences[0].partition(",")[2].strip())
    except Exception:  # (Lark's errors, or what a rule's method raised: not this effect)
        return None
    if not isinstance(effect, PutCounterOnSelf):
        return None
    return CastCounter(sentences[0], trigger, effect.kind)


def card_cast_counters(card: Card) -> tuple[tuple[CastCounter, ...], tuple[str, ...]]:
    """:func:`cast_counters_of` of a card (of the hand: its triggers count once it resolves)."""
    return cast_counters_of(card.oracle, card.name, legendary=card.type_line.is_a("Legendary"))


def _permanent_counters(permanent: Permanent) -> tuple[tuple[CastCounter, ...], tuple[str, ...]]:
    """:func:`cast_counters_of` of a permanent's text."""
    return cast_counters_of(permanent.oracle, permanent.name, legendary=permanent.type_line.is_a("Legendary"))


def _counters_replaced(board: Board, cast: Iterable[Card] = ()) -> list[str]:
    """The names of the permanents of ``board`` (and permanent spells ``cast``) with a replacement effect on
    counters put (CR 614.1a), which the turn's plan does not apply."""
    texts = [(p.name, p.oracle) for p in board.permanents]
    texts += [(card.name, card.oracle) for card in cast if card.type_line.is_permanent]
    return sorted({name for name, text in texts if _COUNTERS_REPLACED.search(text or "")})


def counters_of_casting(board: Board, player: str, target: PaymentTarget) -> list[tuple[str, str]]:
    """The counters the triggers of ``player``'s permanents on ``board`` put once ``player`` casts the spell
    ``target`` (as printed): (permanent id, kind) for each; none while a replacement effect on counters is
    on the battlefield (not planned: :func:`cast_counter_notes`).

    >>> animar = {"id": "a", "name": "Test Toy", "type_line": "Creature — Elemental", "power": 1,
    ...     "toughness": 1, "controller": "me",
    ...     "oracle": "Whenever you cast a creature spell, put a +1/+1 counter on Test Toy."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [animar]})
    >>> [counters_of_casting(board, "me", PaymentTarget.of("{1}{W}", type_line=line))
    ...     for line in ("Creature — Cat", "Instant")]
    [[('a', '+1/+1')], []]
    """
    if _counters_replaced(board):
        return []
    view = BoardView(board)
    own_turn = board.active_player == player
    found: list[tuple[str, str]] = []
    for permanent in board.controlled_by(player):
        if view.lost_any_abilities(permanent.id):
            continue
        for counter in _permanent_counters(permanent)[0]:
            trigger = counter.trigger
            if trigger.describes(target) and not (trigger.your_turns and not own_turn):
                found.append((permanent.id, counter.kind))
    return found


def with_counters(board: Board, counters: Iterable[tuple[str, str]]) -> Board:
    """``board`` with one counter of each (permanent id, kind) put on, a +1/+1 and a -1/-1 counter on one
    permanent then removed in pairs (CR 704.5q).

    >>> toy = {"id": "a", "name": "Test Toy", "type_line": "Creature — Elemental", "power": 1,
    ...     "toughness": 1, "controller": "me", "counters": {"-1/-1": 1}}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [toy]})
    >>> with_counters(board, [("a", "+1/+1"), ("a", "+1/+1"), ("a", "charge")]).permanent("a").counters
    (('+1/+1', 1), ('charge', 1))
    """
    for pid, kind in counters:
        if not board.has_permanent(pid):
            continue
        now = dict(board.permanent(pid).counters)
        now[kind] = now.get(kind, 0) + 1
        paired = min(now.get("+1/+1", 0), now.get("-1/-1", 0))
        for name in ("+1/+1", "-1/-1"):
            if paired:
                now[name] -= paired
        board = board.replace_permanent(pid, counters=tuple((k, n) for k, n in now.items() if n > 0))
    return board


def counters_planned(board: Board, player: str, cast: Iterable[Card]) -> bool:
    """True when the turn's plan puts the counters of triggers on casting (:func:`counters_of_casting`) for
    the spells ``cast`` on the turn's first ``board``: some trigger it plans is there (a permanent's, or a
    permanent spell's of ``cast``), no replacement effect on counters is, and something may read counters:
    a text of the board's permanents or of ``cast`` other than those triggers names counters, or, for +1/+1
    and -1/-1 counters, power or toughness; and no mana ability's cost removes them
    (:func:`_counters_read`: not planned, said). Otherwise the counters change nothing a cost reads, and the
    spells need no place in the turn.

    >>> toy = {"id": "a", "name": "Test Toy", "type_line": "Creature — Elemental", "power": 1,
    ...     "toughness": 1, "controller": "me",
    ...     "oracle": "Whenever you cast a creature spell, put a +1/+1 counter on Test Toy."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [toy]})
    >>> reader = Card.from_json({"name": "Test Reader", "type_line": "Sorcery", "mana_cost": "{5}",
    ...     "oracle": "This spell costs {X} less to cast, where X is the greatest power among creatures you "
    ...     "control."})
    >>> counters_planned(board, "me", []), counters_planned(board, "me", [reader])
    (False, True)
    """
    cards = list(cast)
    if _counters_replaced(board, cards):
        return False
    read, mana_reads = _counters_read(board, player, cards)
    return read and not mana_reads


def _counters_read(board: Board, player: str, cards: list[Card]) -> tuple[bool, bool]:
    """Whether something may read the counters of the planned triggers on casting (of the player's
    permanents on ``board`` and of the permanent spells ``cards``): a text other than those triggers naming
    counters, or power or toughness for +1/+1 and -1/-1 counters; and whether a mana ability does (the
    turn's search counts a permanent's mana ability as the turn's last board gives it, CR 603.3: such
    counters are not planned, said)."""
    view = BoardView(board)
    texts: list[str] = []
    kinds: set[str] = set()
    abilities = [ability for p in board.controlled_by(player) for ability in view.mana_abilities(p.id)]
    for permanent in board.permanents:
        counted = (
            _permanent_counters(permanent)[0]
            if permanent.controller == player and not view.lost_any_abilities(permanent.id)
            else ()
        )
        kinds |= {c.kind for c in counted}
        legendary = permanent.type_line.is_a("Legendary")
        texts.append(_other_lines(permanent.oracle, permanent.name, legendary, counted))
    for card in cards:
        counted = card_cast_counters(card)[0] if card.type_line.is_permanent else ()
        kinds |= {c.kind for c in counted}
        texts.append(_other_lines(card.oracle, card.name, card.type_line.is_a("Legendary"), counted))
        if card.type_line.is_permanent:
            abilities += read_card(card.oracle, card.name, card.type_line).mana_abilities
    if not kinds:
        return False, False
    words = ["counter"] + (["power", "toughness"] if kinds & {"+1/+1", "-1/-1"} else [])
    read = any(word in text.lower() for text in texts for word in words)
    # (an amount of counters is counted on each epoch's board, planner.turn_amounts; a cost that removes
    # them is counted on the turn's last board, with the counters of every trigger of the turn: not planned)
    taken = [a.text for a in abilities if a.cost.remove_counter or a.sacrifice_when_empty]
    return read, any(word in text.lower() for text in taken for word in words)


def _other_lines(oracle: str, name: str, legendary: bool, counted: tuple[CastCounter, ...]) -> str:
    """The lines of a card's text (as the reader reads them: self-references '~') but the triggers
    ``counted``.

    >>> engine = "Whenever you cast a spell, put a charge counter on Test Toy."
    >>> _other_lines(engine + "\\nFlying", "Test Toy", False, cast_counters_of(engine, "Test Toy")[0])
    'Flying'
    """
    skipped = {c.text for c in counted}
    lines = oracle_text.read_lines(oracle or "", name, legendary=legendary)
    return "\\n".join(" ".join(line) for line in lines if " ".join(line) not in skipped)


def cast_counter_events(board: Board, player: str, spells: list[TurnSpell]) -> tuple[list[TurnSpell], bool]:
    """The spells with each one that may set off a planned trigger putting counters (of the player's
    permanents, or of a permanent spell of the turn once it resolves) made an event, and each permanent
    spell with such a trigger (their places in the turn then matter); and whether there is any such trigger.

    >>> from planner.turn_choices import Ids, turn_spell
    >>> animar = Card.from_json({"name": "Test Toy", "type_line": "Creature — Elemental", "mana_cost": "{G}",
    ...     "oracle": "Whenever you cast a creature spell, put a +1/+1 counter on Test Toy.\\nCreature "
    ...     "spells you cast cost {1} less to cast for each +1/+1 counter on Test Toy."})
    >>> bolt = Card.from_json({"name": "Test Bolt", "type_line": "Instant", "mana_cost": "{R}"})
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}]})
    >>> spells = [turn_spell(card, 0, Ids(set())) for card in (animar, bolt)]
    >>> made, counted = cast_counter_events(board, "me", spells)
    >>> [s.event for s in made], counted
    ([True, False], True)
    """
    cards = [s.card for s in distinct(spells)]
    if not counters_planned(board, player, cards):
        return spells, False
    view = BoardView(board)
    triggers = [
        counter.trigger
        for permanent in board.controlled_by(player)
        if not view.lost_any_abilities(permanent.id)
        for counter in _permanent_counters(permanent)[0]
    ]
    sources: set[str] = set()
    for card in cards:
        if card.type_line.is_permanent and (own := card_cast_counters(card)[0]):
            sources.add(card.name)
            triggers += [counter.trigger for counter in own]
    return triggered_events(spells, sources, triggers)


def cast_counter_notes(board: Board, player: str, cast: Iterable[Card]) -> list[str]:
    """A note for each trigger on a spell cast that puts counters which the turn's plan does not apply (of
    the player's permanents and of the permanent spells ``cast``): one :func:`cast_counters_of` does not
    plan, every one while a replacement effect on counters is on the battlefield (CR 614.1a), and every one
    it plans while a mana ability's cost removes such counters (the search counts the counters a cost takes
    on the turn's last board: :func:`_counters_read`).

    >>> toy = {"id": "a", "name": "Test Toy", "type_line": "Artifact", "controller": "me",
    ...     "oracle": "Whenever you cast a spell, put a +1/+1 counter on target creature."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [toy]})
    >>> cast_counter_notes(board, "me", [])  # doctest: +NORMALIZE_WHITESPACE
    ["Test Toy: the counters of 'Whenever you cast a spell, put a +1/+1 counter on target creature.' are not
    planned (a trigger of casting, CR 603.3: they are put before the later spells are cast): the plan may
    not be the best"]
    """
    cards = list(cast)
    view = BoardView(board)
    replaced = _counters_replaced(board, cards)
    mana_reads = _counters_read(board, player, cards)[1]
    sources: list[tuple[str, tuple[tuple[CastCounter, ...], tuple[str, ...]]]] = [
        (p.name, _permanent_counters(p))
        for p in board.controlled_by(player)
        if not view.lost_any_abilities(p.id)
    ]
    sources += [(card.name, card_cast_counters(card)) for card in cards if card.type_line.is_permanent]
    notes: set[str] = set()
    why = "(a trigger of casting, CR 603.3: they are put before the later spells are cast)"
    if mana_reads and not replaced:
        why = "(a trigger of casting, CR 603.3: a mana ability's cost removes them, counted on one board)"
    for name, (counted, other) in sources:
        texts = [*other, *(c.text for c in counted)] if replaced or mana_reads else list(other)
        notes |= {
            f"{name}: the counters of {text!r} are not planned {why}: the plan may not be the best"
            for text in texts
        }
    if replaced:
        notes |= {
            f"{name}: its replacement effect on counters put is not applied (CR 614.1a): the counters of "
            "triggers of casting are not planned: the plan may not be the best"
            for name in replaced
            if any(counted or other for _, (counted, other) in sources)
        }
    return sorted(notes)
