"""What a turn may do, read from the hand and the board (contract sections 7 and 11): the spells it may cast
(each with its cost as printed, X chosen, and whether it changes what later spells can use), the land plays to
try, and the notes on what the plan does not count.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from models.board import Board, Card, Permanent
from models.carddata.names import CardResolver
from models.cost import ManaCost, PaymentTarget
from models.errors import InputError
from models.folding import fold_name
from models.oracle import parse_land_search, parse_oracle
from models.spells import find_spell, spell_target
from models.types import TypeLine
from planner.rules.hand import hand_abilities
from planner.rules.production import Packet
from planner.rules.turn import LandEntry, land_entries, resolution
from planner.rules.view import BoardView, locked_in

__all__ = [
    "Ids",
    "LandPlay",
    "TurnSpell",
    "cast_card",
    "land_choices",
    "landfall_mana",
    "landfall_possible",
    "same_name",
    "taxed_by_count",
    "turn_notes",
    "turn_spell",
]

_COST = re.compile(r"^\s*\{")


@dataclass(frozen=True, kw_only=True, slots=True)
class TurnSpell:
    """A spell the turn may cast: the card, its payment target as printed (X chosen), and what it does."""

    card: Card
    target: PaymentTarget
    mana_value: int
    event: bool  # it changes what later spells can use (see the module docstring)
    pid: str  # its permanent's id once it resolves (when it is a permanent)


@dataclass(frozen=True, kw_only=True, slots=True)
class LandPlay:
    """A land play to try: the card, how it enters, and its permanent's id."""

    card: Card
    entry: LandEntry
    pid: str


def landfall_mana(permanent: Permanent) -> tuple[Packet, ...]:
    """The mana a permanent's landfall trigger adds when a land enters under its controller's control."""
    card = Card(card=None, name=permanent.name, type_line=permanent.type_line, oracle=permanent.oracle)
    return resolution(card).landfall


def cast_card(
    board: Board, player: str, text: str, hand: list[Card], taken: set[int], cards: CardResolver | None
) -> tuple[Card, int | None]:
    """The card a ``--cast`` names, and its place in the hand: a cost string stands for a spell of that
    cost; a name, the first copy in the hand not cast yet, else the card from card data."""
    if _COST.match(text):
        cost = ManaCost.parse(text)
        return Card(card=None, name=str(cost), type_line=TypeLine(), mana_cost=cost), None
    for index, card in enumerate(hand):
        if index not in taken and same_name(card.name, text):
            return card, index
    return find_spell(replace(board.player(player), hand=()), text, cards), None


def same_name(name: str, asked: str) -> bool:
    """True when two card names are the same once case, accents and punctuation are folded."""
    return fold_name(name) == fold_name(asked)


def turn_spell(card: Card, x: int, used_ids: Ids) -> TurnSpell:
    """A spell of the turn: its target (X chosen), mana value, whether it is an event, its permanent's id."""
    if card.type_line.is_a("Land"):
        raise InputError(f"{card.name} is a land: a land is played (--land), not cast")
    target = spell_target(card)
    if target.cost.has_variable:
        target = target.with_x(x)
    parsed = parse_oracle(card.oracle, card.name)
    creature = card.type_line.is_a("Creature")
    taps = bool(parsed.mana_abilities) and (not creature or "haste" in parsed.keywords)
    event = resolution(card).changes_payments or (
        card.type_line.is_permanent and (taps or bool(parsed.effects))
    )
    pid = used_ids.fresh(card.name) if card.type_line.is_permanent else ""
    return TurnSpell(card=card, target=target, mana_value=target.cost.mana_value, event=event, pid=pid)


class Ids:
    """The permanent ids taken, and fresh ones for the permanents that arrive this turn: ``new-`` and the
    card's name, numbered when taken.

    >>> ids = Ids({"new-sol-ring"})
    >>> ids.fresh("Sol Ring"), ids.fresh("Sol Ring"), ids.fresh("Forest")
    ('new-sol-ring-2', 'new-sol-ring-3', 'new-forest')
    """

    def __init__(self, taken: set[str]) -> None:
        self.taken = set(taken)
        self.next: dict[str, int] = {}  # (the next number to try for each stem: ids are never freed)

    def fresh(self, name: str) -> str:
        """A new id for a permanent called ``name``."""
        stem = "new-" + (re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "card")
        pid, number = stem, self.next.get(stem, 1)
        if number > 1:
            pid = f"{stem}-{number}"
        while pid in self.taken:
            number += 1
            pid = f"{stem}-{number}"
        self.next[stem] = number + 1
        self.taken.add(pid)
        return pid


def land_choices(
    board: Board, player: str, hand: list[Card], forced: str | None, used_ids: Ids, *, take: bool = False
) -> list[LandPlay | None]:
    """The land plays to try: none, and each different land in the hand in each way it can enter (only
    ``forced`` when given: a land in the hand, with a land play left). With ``take`` the land drop is always
    taken when one can be (contract section 11): no play is tried only when no land can be played."""
    me = board.player(player)
    left = me.land_plays - me.lands_played_this_turn
    in_hand = [card for card in hand if card.type_line.is_a("Land")]
    if forced is not None:
        if left <= 0:
            raise InputError(
                f"--land {forced}: {player} has no land play left this turn "
                f"({me.lands_played_this_turn} of {me.land_plays} made)"
            )
        chosen = next((card for card in in_hand if same_name(card.name, forced)), None)
        if chosen is None:
            names = ", ".join(sorted({c.name for c in in_hand})) or "none"
            raise InputError(f"--land {forced}: no such land in {player}'s hand (its lands: {names})")
        in_hand = [chosen]
    choices: list[LandPlay | None] = [] if forced is not None else [None]
    if left <= 0:
        return choices
    view = BoardView(board)
    pid = used_ids.fresh("land")
    seen: set[tuple[str, LandEntry]] = set()
    for card in in_hand:
        entering = parse_oracle(card.oracle, card.name).entering
        if entering is not None and entering.returns_land:
            continue  # (a bounce land: see _notes)
        for entry in land_entries(view, card, player):
            if (card.name, entry) not in seen:
                seen.add((card.name, entry))
                choices.append(LandPlay(card=card, entry=entry, pid=pid))
    if take and len(choices) > 1 and choices[0] is None:
        return choices[1:]
    return choices


def turn_notes(spells: list[TurnSpell], lands: list[LandPlay | None], board: Board, player: str) -> list[str]:
    """What the plan does not count, a sentence each (nothing the user gave is silently ignored): a plan with
    any of these is not called optimal (contract section 11)."""
    notes = set()
    for spell in spells:
        for sentence in resolution(spell.card).unread:
            notes.add(f"{spell.card.name}: the mana of {sentence!r} is not counted in turn plans")
        if spell.target.convoke or spell.target.improvise or spell.target.delve:
            notes.add(f"{spell.card.name}: convoke, improvise and delve are not used in turn plans yet")
    for card in board.player(player).hand:
        entering = parse_oracle(card.oracle, card.name).entering
        if card.type_line.is_a("Land") and entering is not None and entering.returns_land:
            notes.add(f"{card.name}: a land that returns a land to hand is not played by turn plans yet")
        if card.type_line.is_a("Land") and parse_land_search(card.oracle, card.name) is not None:
            notes.add(f"{card.name}: a fetchland may be played, but turn plans don't crack it yet")
    for ability in hand_abilities(board, player):
        name = ability.card.name
        notes.add(f"{name}: its mana ability in the hand (exiling it) is not used by turn plans yet")
    for choice in lands:
        if choice is not None and choice.entry.note:
            notes.add(f"{choice.card.name}: {choice.entry.note}")
    return sorted(notes)


def taxed_by_count(view: BoardView, player: str, targets: list[PaymentTarget]) -> bool:
    """True when a spell's cost depends on how many spells were cast before it this turn (Damping Sphere):
    then the order of every spell matters."""
    board = view.board
    more = board.replace_player(player, spells_cast_this_turn=board.player(player).spells_cast_this_turn + 1)
    later = BoardView(more)
    return any(locked_in(view, t, player).cost != locked_in(later, t, player).cost for t in targets)


def landfall_possible(board: Board, spells: list[TurnSpell]) -> bool:
    """True when a land entering adds mana (Lotus Cobra on the board or among the spells): the land's place
    among the events then matters."""
    return any(landfall_mana(p) for p in board.permanents) or any(resolution(s.card).landfall for s in spells)


_TARGET = re.compile(
    r"\b(up to (?:one|two|three|\w+) |any number of )?target ((?:[\w'-]+ ){0,3}?)"
    r"(spell|ability|creature|artifact|enchantment|land|planeswalker|permanent)s?\b"
    r"(?: or (creature|artifact|enchantment|land|planeswalker|permanent)\b)?( you control\b)?",
    re.I,
)


def why_not_castable_now(card: Card, board: Board, player: str) -> str | None:
    """Why ``card`` can't be cast in its controller's main phase with an empty stack, or None: a spell that
    targets needs a legal target as it is cast (CR 601.2c, 115.1): a spell or an ability only while one is
    on the stack, a creature (artifact, land...) only when the battlefield has one. Read from an instant's or
    a sorcery's own sentences (not those of its activated or triggered abilities); a modal spell, a permanent
    spell and "up to one target" are not held back.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "i", "card": "Island", "controller": "me"}]})
    >>> why_not_castable_now(Card.from_json("Counterspell"), board, "me")
    'Counterspell targets a spell: none is on the stack in the main phase (CR 601.2c)'
    >>> why_not_castable_now(Card.from_json("Lightning Bolt"), board, "me") is None
    True
    """
    if not card.type_line.is_a("Instant") and not card.type_line.is_a("Sorcery"):
        return None
    text = card.oracle
    if re.search(r"\bchoose (?:one|two|one or more|one or both)\b", text, re.I):
        return None
    view = BoardView(board)
    for line in text.splitlines():
        if re.match(r"^\s*(?:When|Whenever|At)\b", line):
            continue
        for match in _TARGET.finditer(line):
            if match.group(1) or ":" in line[: match.start()]:
                continue
            nouns = [noun.lower() for noun in (match.group(3), match.group(4)) if noun]
            if nouns[0] in ("spell", "ability"):
                return f"{card.name} targets a {nouns[0]}: none is on the stack in the main phase (CR 601.2c)"
            mine = bool(match.group(5))
            if not any(
                (noun == "permanent" or view.type_line(p.id).is_a(noun.capitalize()))
                and (not mine or p.controller == player)
                for p in board.permanents
                for noun in nouns
            ):
                wanted = " or ".join(nouns) + (" you control" if mine else "")
                return f"{card.name} needs a target {wanted}: the battlefield has none (CR 601.2c)"
    return None
