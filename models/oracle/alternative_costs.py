"""The reader of alternative costs (:mod:`models.alternative_costs`, CR 118.9): a spell's own ("[If you
control a Swamp, ]you may <parts> rather than pay this spell's mana cost") and those a permanent grants
("You may pay <parts> rather than pay the mana cost for <spells> you cast", "You may cast <spells> [from
your hand] without paying their mana costs"), read by the grammar (``alternative_cost`` in ``grammar.lark``,
its records made by :mod:`models.oracle.spell_cost_rules`). The parts it reads: mana symbols ("pay
{W}{U}{B}{R}{G}", "pay {0}"), "pay N life", "pay N {E}" (or the symbols), "sacrifice <a number> [nontoken]
[<color>] <type or subtype>[ or <type>...] [you control]" and "exile <a number> [<color>] card(s) from your
hand", joined by "and". A sentence with any other part is not read (None): the card's text then says so
where it matters, never silently. A keyword's cost ("Evoke {1}{G}", "Warp—{B}, Pay 2 life.", "Prototype
{1}{W}{W} — 3/3", :data:`~models.alternative_costs.KEYWORD_ALTERNATIVE_COSTS`) is read the same way: its
mana symbols, then its other parts as the sentence's.

>>> force = "You may pay 1 life and exile a blue card from your hand rather than pay ~'s mana cost."
>>> read = alternative_cost_of(force)
>>> read.life, str(read.exile), read.mana
(1, 'exile a blue card from your hand', '')
>>> nissa = "You may pay eight {E} rather than pay the mana cost for permanent spells you cast."
>>> granted_alternative_cost(nissa).energy, granted_alternative_cost(nissa).spells
(8, SpellsGranted(types=(), permanent=True, from_hand=False, anyone=False, excluded=(), either=()))
"""

from __future__ import annotations

import re
from dataclasses import replace

from models.additional_costs import SacrificeCost
from models.alternative_costs import (
    FACE_DOWN_KEYWORDS,
    KEYWORD_ALTERNATIVE_COSTS,
    KEYWORD_TURN_CONDITIONS,
    AlternativeCost,
    HandExile,
    SpellsGranted,
)
from models.cost import ManaCost
from models.errors import InputError
from models.oracle.grammar import UnreadError, parse_alternative_cost, parse_costs
from models.oracle.readings import ExileFromGraveyard, Head, Noun

__all__ = [
    "alternative_cost_of",
    "granted_alternative_cost",
    "keyword_alternative_cost",
    "library_cast_permission",
    "library_land_permission",
    "library_permission_read",
    "library_permission_spells",
    "triggered_library_cast_permission",
]


_SYMBOLS = re.compile(r"(?:\{[^{}]+\})+")


def _other_graveyard_cards(part: str) -> int:
    """How many other cards escape's part exiles from the graveyard (CR 702.138a: "Exile two other cards
    from your graveyard", read by the grammar as an ability's cost is), 0 for any other part.

    >>> _other_graveyard_cards("Exile four other cards from your graveyard")
    4
    >>> [_other_graveyard_cards(part) for part in ("Exile a creature card from your graveyard", "Pay 2 life")]
    [0, 0]
    """
    try:
        (read,) = parse_costs(part)
    except (UnreadError, ValueError):
        return 0
    plain = Noun(head=Head.CARD, other=True, zone="graveyard")
    if not isinstance(read, ExileFromGraveyard) or read.what != plain or not isinstance(read.count, int):
        return 0
    return read.count


def _keyword_and_cost(unit: str) -> tuple[str, str]:
    """A keyword line cut into its keyword (lower case) and its cost, after a space or a dash ("Warp
    {1}{G}", "Warp\u2014{B}, Pay 2 life."): impending's count and a prototype's power and toughness gone
    ("Impending 4\u2014{1}{U}{U}", "Prototype {2}{R} \u2014 3/2"); ('', '') for a line that is none.

    >>> _keyword_and_cost("Impending 4\u2014{1}{U}{U}"), _keyword_and_cost("Prototype {2}{R} \u2014 3/2")
    (('impending', '{1}{U}{U}'), ('prototype', '{2}{R}'))
    """
    word, _, rest = unit.partition(" ")
    if "\u2014" in word:
        word, _, rest = unit.partition("\u2014")
    keyword = word.lower()
    if keyword == "impending":  # (its count, then a dash)
        count, dash, rest = rest.partition("\u2014")
        if not (count.isdigit() and dash):
            return "", ""
    cost, dash, size = rest.partition(" \u2014 ")
    if dash and not (keyword == "prototype" and all(n.isdigit() for n in size.split("/", 1))):
        return "", ""
    cost = cost.removesuffix(".")
    return (keyword, cost) if word[:1].isupper() and cost else ("", "")


def keyword_alternative_cost(unit: str) -> AlternativeCost | None:
    """The alternative cost a keyword line of a spell gives (:data:`KEYWORD_ALTERNATIVE_COSTS`), or None.

    >>> keyword_alternative_cost("Warp\u2014{B}, Pay 2 life.").describe()
    'warp: pay {B} and pay 2 life'
    >>> str(keyword_alternative_cost("Prototype {1}{W}{W} \u2014 3/3").mana)
    '{1}{W}{W}'
    >>> keyword_alternative_cost("Evoke\u2014Exile a white card from your hand.").exile.colors
    'W'
    >>> keyword_alternative_cost("Morph\u2014Reveal a white card in your hand.").describe()
    'morph: pay {3}'
    >>> [keyword_alternative_cost(unit) for unit in ("Kicker {2}{G}", "Dash {1}{R} more")]
    [None, None]
    >>> keyword_alternative_cost("Emerge {5}{B}{G}").describe()
    'emerge: pay {5}{B}{G} and sacrifice a creature'
    >>> keyword_alternative_cost("Snake offering").describe()
    'offering: sacrifice a Snake'
    >>> keyword_alternative_cost("Escape\u2014{2}{R}, Exile two other cards from your graveyard.").describe()
    'escape: pay {2}{R} and exile two other cards from your graveyard'
    >>> keyword_alternative_cost("Flashback {3}{R}{R}").describe()
    'flashback: pay {3}{R}{R}'

    Jump-start's cost is the spell's mana cost and a card discarded (CR 702.133a): its mana is left out here
    (:func:`planner.rules.alternative_costs.emerge_ways` puts the spell's mana cost in).

    >>> keyword_alternative_cost("Jump-start").describe()
    'jump-start: discard a card'
    """
    if unit.rstrip(".") == "Jump-start":
        return AlternativeCost(mana="", exile=HandExile(1, discard=True), keyword="jump-start", text=unit)
    subtype, _, word = unit.partition(" ")
    if word == "offering" and subtype.isalpha() and subtype[:1].isupper():
        # (CR 702.48a, 'Snake offering': sacrifice one; its mana cost comes off: the planner's ways)
        return AlternativeCost(
            mana="", sacrifice=(SacrificeCost(1, (subtype,)),), keyword="offering", text=unit
        )
    keyword, cost = _keyword_and_cost(unit)
    if keyword not in KEYWORD_ALTERNATIVE_COSTS:
        return None
    if keyword in FACE_DOWN_KEYWORDS:  # (cast face down for {3}; the keyword's cost turns it face up)
        return AlternativeCost(mana="{3}", keyword=keyword, text=unit)
    if keyword == "emerge":  # (702.119a: its mana cost only; reduced by the creature's mana value)
        if not _SYMBOLS.fullmatch(cost):
            return None
        return AlternativeCost(
            mana=cost, sacrifice=(SacrificeCost(1, ("Creature",)),), keyword=keyword, text=unit
        )
    first, *others = [part.strip() for part in cost.split(",")]
    mana = first if _SYMBOLS.fullmatch(first) else ""
    rest = others if mana else [first, *others]
    graveyard_exile = 0
    if keyword == "escape":  # (702.138a: other cards exiled from the graveyard: the grammar doesn't read it)
        exiles = [count for part in rest if (count := _other_graveyard_cards(part))]
        if len(exiles) != 1:
            return None
        graveyard_exile = exiles[0]
        rest = [part for part in rest if not _other_graveyard_cards(part)]
    try:
        ManaCost.parse(mana or "{0}")
    except InputError:
        return None
    if not rest:
        return AlternativeCost(
            mana=mana,
            graveyard_exile=graveyard_exile,
            keyword=keyword,
            text=unit,
            if_turn_facts=KEYWORD_TURN_CONDITIONS.get(keyword, ()),
        )
    parts = " and ".join(part[:1].lower() + part[1:] for part in rest)
    try:
        read = parse_alternative_cost(f"You may {parts} rather than pay ~'s mana cost.")
    except UnreadError:
        return None
    if read.mana not in ("", "{0}") or read.if_control or read.if_opponent_controls:
        return None
    if read.if_cast is not None:
        return None
    if (
        read.if_your_turn
        or read.if_not_your_turn
        or read.if_opponent_cast
        or read.if_opponent_gained_life
        or read.if_discarded
        or read.if_creature_died
        or read.if_turn_facts
    ):
        return None
    facts = KEYWORD_TURN_CONDITIONS.get(keyword, ())
    return replace(
        read, mana=mana, graveyard_exile=graveyard_exile, keyword=keyword, text=unit, if_turn_facts=facts
    )


def _read(sentence: str) -> AlternativeCost | None:
    """The alternative cost a sentence gives, its own or granted, with its text; None when it gives none."""
    if (keyword := keyword_alternative_cost(sentence)) is not None:
        return keyword
    lower = sentence.lower()
    if (
        "mana cost" not in sentence
        and not ("you may pay" in lower and "to cast" in lower)
        and "from your graveyard" not in lower
    ):
        return None  # (the grammar would not read it: a gate, not a reader)
    try:
        return replace(parse_alternative_cost(sentence), text=sentence)
    except UnreadError:
        return None


def library_cast_permission(sentence: str) -> bool:
    """True when the sentence lets its controller cast spells from the top of their library (CR 601.2a),
    which Bolas's Citadel's next sentence's "this way" refers to.

    >>> library_cast_permission("You may play lands and cast spells from the top of your library.")
    True
    >>> library_cast_permission("You may look at the top card of your library any time and you may play "
    ...     "cards from the top of your library.")
    True
    >>> library_cast_permission("You may cast spells from your hand without paying their mana costs.")
    False
    """
    read = _library_permission(sentence)
    return read is not None and not read.after_trigger and read.spells == SpellsGranted()


def library_permission_spells(sentence: str) -> SpellsGranted | None:
    """The spells a permanent's own permission lets its controller cast from the top of their library for
    their mana cost (CR 601.2a), None when the sentence is no such permission.

    >>> library_permission_spells("You may cast creature spells from the top of your library.").types
    ('Creature',)
    >>> library_permission_spells("You may cast spells from your graveyard.") is None
    True
    >>> library_permission_spells("You may play lands from the top of your library.") is None  # (no spell)
    True
    """
    read = _library_permission(sentence)
    return read.spells if read is not None and not read.after_trigger else None


def library_permission_read(sentence: str) -> bool:
    """True when the grammar reads the sentence as a permission to cast spells from the top of the library
    (its own, or a trigger's until end of turn; CR 601.2a), whatever spells it is for.

    >>> library_permission_read("You may cast creature spells from the top of your library.")
    True
    >>> library_permission_read("You may play the top card of your library this turn.")
    False
    """
    return _library_permission(sentence) is not None


def library_land_permission(sentence: str) -> str:
    """'own' when the sentence is a permanent's own permission to play lands from the top of the library
    (CR 305.1: "You may play lands and cast spells from the top of your library."), 'trigger' when a
    trigger's effect until end of turn gives it (Gwenom's "... you may play cards from the top of your
    library."), '' otherwise.

    >>> library_land_permission("You may play lands and cast spells from the top of your library.")
    'own'
    >>> library_land_permission("You may cast creature spells from the top of your library.")
    ''
    >>> library_land_permission("You may play lands from the top of your library.")
    'own'
    """
    read = _library_permission(sentence)
    if read is None or not read.with_lands:
        return ""
    return "trigger" if read.after_trigger else "own"


def _library_permission(sentence: str) -> AlternativeCost | None:
    """The grammar's reading of a permission to cast spells from the top of the library (its own, or a
    trigger's until end of turn), None for any other sentence."""
    if "top of your library" not in sentence.lower():
        return None  # (a gate, not a reader)
    try:
        read = parse_alternative_cost(sentence)
    except UnreadError:
        return None
    return read if read.from_library and read.mana_cost else None


def triggered_library_cast_permission(sentence: str) -> bool:
    """True when the sentence is a triggered ability whose effect until end of turn is a permission to cast
    spells from the top of the library (:func:`library_cast_permission`): Gwenom, Remorseless's "Whenever ~
    attacks, until end of turn, you may look at the top card of your library any time and you may play cards
    from the top of your library." (CR 603.3, 611.2a: in force once it resolved).

    >>> triggered_library_cast_permission("Whenever ~ attacks, until end of turn, you may look at the top "
    ...     "card of your library any time and you may play cards from the top of your library.")
    True
    >>> triggered_library_cast_permission("You may play lands and cast spells from the top of your library.")
    False
    """
    read = _library_permission(sentence)
    return read is not None and read.after_trigger and read.spells == SpellsGranted()


def alternative_cost_of(sentence: str) -> AlternativeCost | None:
    """The alternative cost a sentence of a spell's own text gives ("You may sacrifice a nontoken green
    creature rather than pay ~'s mana cost."), or None when the sentence is not one the reader reads.

    >>> snuff = "If you control a Swamp, you may pay 4 life rather than pay ~'s mana cost."
    >>> alternative_cost_of(snuff).if_control, alternative_cost_of(snuff).life
    (('Swamp',), 4)
    >>> alternative_cost_of("You may pay {1} and return a basic land you control to its owner's hand rather "
    ...     "than pay ~'s mana cost.").describe()
    "pay {1} and return a basic land you control to its owner's hand"
    >>> alternative_cost_of("You may discard a Swamp card rather than pay ~'s mana cost.") is None
    True
    >>> asmor = alternative_cost_of("As long as you've discarded a card this turn, you may pay {B/R} to cast "
    ...     "this spell.")
    >>> asmor.mana, asmor.if_discarded
    ('{B/R}', True)
    >>> massacre = alternative_cost_of("If an opponent controls a Plains and you control a Swamp, you may "
    ...     "cast ~ without paying its mana cost.")
    >>> massacre.if_opponent_controls, massacre.if_control, massacre.describe()
    (('Plains',), ('Swamp',), 'without paying its mana cost')
    """
    read = _read(sentence)
    return read if read is not None and read.spells is None else None


def granted_alternative_cost(sentence: str) -> AlternativeCost | None:
    """The alternative cost a permanent's sentence grants the spells its controller casts, or None.

    >>> omniscience = "You may cast spells from your hand without paying their mana costs."
    >>> granted_alternative_cost(omniscience).without_mana, granted_alternative_cost(omniscience).spells
    (True, SpellsGranted(types=(), permanent=False, from_hand=True, anyone=False, excluded=(), either=()))
    >>> jodah = "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells that you cast."
    >>> granted_alternative_cost(jodah).mana
    '{W}{U}{B}{R}{G}'
    """
    read = _read(sentence)
    return read if read is not None and read.spells is not None else None
