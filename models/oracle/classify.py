"""What a sentence is about, from its words: the reader's classifier for the sentences the grammar does not
read as a mana ability or an effect. It decides whether a sentence adds mana, and why outside a payment
(a trigger, a spell, a token's ability: CR 605.1a, 605.5), whether it is about mana at all (then it is
``unsupported`` rather than ``ignored``: nothing about mana is dropped in silence), and the few facts about
an activated ability the rules read from its words (it targets, it moves a card from a library).

Everything works on the sentence's tokens (words, mana symbols, punctuation), never on phrases written as
regular expressions.

>>> adds_mana("{T}: Add {G}."), adds_mana("Add twice that much {G}."), adds_mana("Draw a card.")
(True, True, False)
>>> not_payment_kind("When ~ enters, add {R}", "When ~ enters, add {R}.")
<NotPaymentKind.ENTERS: 'enters'>
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from itertools import filterfalse, pairwise
from typing import Final

from models.kept import per_card
from models.mana_effects import NotPaymentKind
from models.oracle.text import folded

__all__ = [
    "adds_mana",
    "bans_casting",
    "changes_mana",
    "changes_power",
    "defines_own_power",
    "grants_graveyard_casting",
    "hurts_when_tapped",
    "is_loyalty_cost",
    "may_be_mana_effect",
    "may_be_static",
    "mentions_mana",
    "moves_library",
    "not_during_payment",
    "not_payment_kind",
    "others_enter_tapped",
    "says_it_enters_tapped",
    "starts_with",
    "tokens",
    "unrecorded_fact",
    "when_spent",
]

#: A token: a mana symbol, a word (letters, digits, apostrophes), or one other character.
_TOKEN: Final = re.compile(r"\{[^{}]+\}|[\w']+|\W")


@per_card(maxsize=8192)  # (a sentence is looked at by several questions in turn; a pure function of it)
def tokens(text: str) -> tuple[str, ...]:
    """The text's tokens in lower case.

    >>> tokens('~ has "{T}: Add {G}."')
    ('~', 'has', '"', '{t}', ':', 'add', '{g}', '.', '"')
    """
    return tuple(filterfalse(str.isspace, _TOKEN.findall(folded(text))))  # (white space at C speed)


def _find(words: Sequence[str], phrase: Sequence[str], start: int = 0, end: int | None = None) -> int:
    """Where ``phrase`` (tokens; '*' matches any one token) occurs in ``words[start:end]``, or -1.

    >>> _find(("add", "{g}", "or", "add", "{r}"), ("add", "{r}")), _find(("add", "{g}"), ("*", "{g}"))
    (3, 0)
    >>> _find(("add", "{g}"), ("add", "{r}")), _find(("add",), ("add", "*")), _find(("a",), ())
    (-1, -1, 0)
    """
    stop = (len(words) if end is None else end) - len(phrase)
    first = phrase[0] if phrase else "*"
    index = start
    while index <= stop:
        if first != "*":  # (the next place the first token is, looked for at C speed)
            try:
                index = words.index(first, index, stop + 1)
            except ValueError:
                return -1
        if all(want in ("*", words[index + offset]) for offset, want in enumerate(phrase)):
            return index
        index += 1
    return -1


@per_card(maxsize=4096)  # (the phrases are the readers' own, written in the code: a few hundred)
def _phrase_words(phrase: str) -> tuple[str, ...]:
    """A phrase's tokens, as :func:`_has` and :func:`starts_with` look for them (split at each space).

    >>> _phrase_words("if you do")
    ('if', 'you', 'do')
    """
    return tuple(phrase.split(" "))


def _has(words: Sequence[str], *phrases: str) -> bool:
    """True when one of the phrases (space-separated tokens) occurs in the words."""
    return _has_among(words, set(words), *phrases)


def _has_among(words: Sequence[str], present: set[str], *phrases: str) -> bool:
    """:func:`_has`, given the set of the words (``present``) for several calls on one sentence."""
    return any(
        present.issuperset(wanted) and _find(words, wanted) >= 0 for wanted in map(_phrase_words, phrases)
    )


def starts_with(words: Sequence[str], *phrases: str) -> bool:
    """True when the words open with one of the phrases (space-separated tokens).

    >>> starts_with(tokens("If you do, add {R}."), "when", "if you do")
    True
    """
    return any(tuple(words[: len(wanted)]) == wanted for wanted in map(_phrase_words, phrases))


def _until(words: Sequence[str], stop: str, start: int = 0) -> int:
    """The index of the first ``stop`` token at or after ``start`` (the end when there is none)."""
    for index in range(start, len(words)):
        if words[index] == stop:
            return index
    return len(words)


def _is_symbol(token: str) -> bool:
    return token.startswith("{")


def _is_number(token: str) -> bool:
    return token == "x" or (token.isascii() and token.isdigit())


# --------------------------------------------------------------------------------------------------------
# Adding mana


def adds_mana(text: str) -> bool:
    """True when the text adds mana: 'add' or 'adds' followed in the same sentence by a mana symbol or the
    word 'mana' ('add twice that much {G}' too). Such a sentence is never ignored."""
    if "add" not in folded(text):  # (no token 'add' or 'adds' then: most sentences, without making tokens)
        return False
    words = tokens(text)
    if "add" not in words and "adds" not in words:  # (looked for at C speed)
        return False
    for index, word in enumerate(words):
        if word in ("add", "adds"):
            for later in words[index + 1 :]:
                if later == ".":
                    break
                if _is_symbol(later) or later == "mana":
                    return True
    return False


def _triggered_mana_ability(words: Sequence[str]) -> bool:
    """'tapped for mana', 'taps a land for {G}', 'causes you to add', 'mana ability': a triggered mana ability
    (CR 605.1b), which the effect grammar reads or the sentence is unsupported."""
    if _has(words, "tapped for mana", "causes you to add", "mana ability"):
        return True
    for index, word in enumerate(words):
        if word in ("tap", "taps"):
            clause_end = _until(words, ",", _list_end(words, index))
            for later in range(index + 2, clause_end - 1):
                after = words[later + 1]
                if words[later] == "for" and (
                    after == "mana" or after in ("{w}", "{u}", "{b}", "{r}", "{g}", "{c}")
                ):
                    return True
    return False


def _list_end(words: Sequence[str], index: int) -> int:
    """Where a list of type words after ``words[index]`` ends: past 'a Mountain, Forest, or Plains' (a list's
    commas are not the clause's), else ``index``.

    >>> words = tokens("Whenever a player taps a Mountain, Forest, or Plains for mana, add {G}.")
    >>> words[_list_end(words, 3)]
    'plains'
    """
    end = index
    for later in range(index + 1, len(words) - 2):
        if words[later] != ",":
            continue
        after = words[later + 1 : later + 3]
        if after[:1] == ("or",) or after[:1] == ["or"]:
            after = words[later + 2 : later + 3]
        if after and after[0] in _LAND_TYPE_WORDS:
            end = later + len(words[later + 1 : later + 3]) - len(after) + 1
        else:
            break
    return end


def _trigger_kind(words: Sequence[str]) -> NotPaymentKind | None:
    """The kind of trigger a sentence opens with (CR 603), or None."""
    first_clause = words[: _until(words, ",")]
    if words[:1] in (["when"], ["whenever"], ("when",), ("whenever",)) and len(words) > 2:
        subject = words[1]
        if subject == "~" and (words[2] == "enters" or starts_with(words[2:], "is turned face up")):
            return NotPaymentKind.ENTERS
        if subject == "another" and any(
            word == "enters" or starts_with(first_clause[index:], "is turned face up")
            for index, word in enumerate(first_clause[3:], start=3)
        ):
            return NotPaymentKind.ENTERS
        if "dies" in first_clause:
            return NotPaymentKind.DIES
        if "attacks" in first_clause:
            return NotPaymentKind.ATTACKS
    if _landfall(words):
        return NotPaymentKind.LANDFALL
    if starts_with(words, "at the beginning of", "if you do , at the beginning of"):
        return NotPaymentKind.PHASE
    if starts_with(words, "when", "whenever", "if you do"):
        return NotPaymentKind.TRIGGER
    return None


def _landfall(words: Sequence[str]) -> bool:
    """'Whenever a land [you control] enters', 'Whenever an Island enters' (one word before 'land')."""
    if not starts_with(words, "whenever a", "whenever an"):
        return False
    for land in (2, 3):
        if words[land : land + 1] == ("land",) or list(words[land : land + 1]) == ["land"]:
            rest = words[land + 1 :]
            if starts_with(rest, "you control enters") or starts_with(rest, "enters"):
                return True
    return False


def not_payment_kind(body: str, line: str) -> NotPaymentKind | None:
    """Why a sentence that adds mana does so outside a payment, or None when it may add mana during one;
    ``line`` is the sentence's line (a later sentence of a triggered ability: 'That player adds ...')."""
    words = tokens(body)
    if _creates_tokens_that_add(words) or (
        starts_with(words, *(f'{who} {verb} "' for who in _TOKEN_SUBJECTS for verb in ("has", "have")))
        and _has(tokens(line), "token", "tokens")
    ):
        return NotPaymentKind.TOKEN
    if _triggered_mana_ability(words):
        return None
    kind = _trigger_kind(words)
    if kind is None and line != body:
        kind = _trigger_kind(tokens(line))
    if kind is not None:
        return kind
    if starts_with(words, "add"):
        return NotPaymentKind.SPELL  # a spell's effect, not a mana ability (605.5b)
    if _target_gains_quoted(words):
        return NotPaymentKind.GRANTED  # the target has the ability later: this card adds no mana itself
    return None


_TOKEN_SUBJECTS: Final = (
    "it",
    "they",
    "those tokens",
    "the token",
    "the tokens",
    "that token",
    "each of them",
)


def _creates_tokens_that_add(words: Sequence[str]) -> bool:
    """'create ... tokens ... "... add ..."': the tokens have the mana ability, the sentence adds none."""
    for index, word in enumerate(words):
        if word != "create":
            continue
        quote = _until(words, '"', index)
        if not _has(words[index:quote], "token", "tokens") or quote == len(words):
            continue
        closing = _until(words, '"', quote + 1)
        if "add" in words[quote + 1 : closing]:
            return True
    return False


def _target_gains_quoted(words: Sequence[str]) -> bool:
    """'[Up to one] target <...> gains "...': a one-shot grant to the target."""
    rest = words[3:] if starts_with(words, "up to one") else words
    if not starts_with(rest, "target"):
        return False
    quote = _until(rest, '"')
    return 2 < quote < len(rest) and rest[quote - 1] == "gains"


# --------------------------------------------------------------------------------------------------------
# About mana, and what can't change a payment

_LAND_TYPE_WORDS: Final = frozenset(
    ("plains", "island", "islands", "swamp", "swamps", "mountain", "mountains", "forest", "forests")
)


#: Words one of which each way of being about mana (:func:`mentions_mana`) needs.
_MENTIONS: Final = frozenset(
    ("add", "adds", "produce", "produces", "spend", "spent", "mana", "land", "lands", "cost", "costs", "is",
     "are", "it's", "isn't", "abilities", "activated", "haste")
)  # fmt: skip


#: The verbs of mana made or spent: a sentence with one is about mana.
_MANA_VERBS: Final = frozenset(("add", "adds", "produce", "produces", "spend", "spent"))

#: The words the last tests of :func:`mentions_mana` look at, one token at a time (with those that end with
#: 'tap' or 'taps').
_LOOKED_AT: Final = frozenset(("cost", "costs", "is", "are")) | _LAND_TYPE_WORDS

#: The keywords by which permanents help pay a spell (CR 702.51, 702.126, 702.66).
_PAYMENT_KEYWORDS: Final = frozenset({"convoke", "improvise", "delve"})


def mentions_mana(body: str) -> bool:
    """True when a sentence is about mana, so that, unread, it is ``unsupported`` rather than ``ignored``:
    it adds, produces, spends or keeps mana, changes costs, land types or mana abilities, or bans them."""
    words = tokens(body)
    present = set(words)
    # (a token holds 'unspent' or ends with 'tap' just when the folded text has it: tokens cut no word)
    lowered = folded(body)
    if not _PAYMENT_KEYWORDS.isdisjoint(present) and not {"has", "have"}.isdisjoint(present):
        return True  # ('Artifact spells you cast have improvise': what pays a spell)
    if _has_among(words, present, "all activated abilities of") and not _has_among(
        words, present, "except mana abilities"
    ):
        return True  # (Marvin, Territory Forge: the mana abilities of what it copies are among them)
    if _has_among(words, present, "would pay life"):
        return True  # (Ashiok, Wicked Manipulator: a life payment replaced, '{T}, Pay 1 life: Add {G}'s too)
    if "graveyard" in present and grants_graveyard_casting(body) and _static_sentence(words):
        return True  # (a permission to cast spells from the graveyard, CR 601.2a: not read)
    if "can't" in present and bans_casting(body):
        return True  # (a prohibition on casting spells, CR 101.2: read by the grammar, or unsupported)
    if "enter" in present and "tapped" in present and others_enter_tapped(body):
        return True  # ('Nonbasic lands your opponents control enter tapped.': a land played, CR 614.1c; read)
    if _MENTIONS.isdisjoint(present) and "unspent" not in lowered:
        return False  # (each test below needs one of these words: most sentences have none)
    if not _MANA_VERBS.isdisjoint(present) or "unspent" in lowered:
        return True
    if _has_among(
        words, present, "mana pool", "mana pools", "tapped for mana", "rather than pay that mana", "land type"
    ):
        return True
    if "devotion" in present and not {"increased", "decreased"}.isdisjoint(present):
        return True  # (Altar of the Pantheon: what a devotion's mana reads, CR 700.5)
    if _has_among(words, present, "rather than pay the mana cost"):
        return True  # (an alternative cost of other spells, CR 118.9: Nissa, Worldsoul Speaker: not read)
    if _has_among(words, present, "land types", "is the chosen type", "are the chosen type"):
        return True
    if _has_among(words, present, "is the chosen basic land type", "are the chosen basic land type"):
        return True
    if _has_among(words, present, "is the chosen creature type", "are the chosen creature type"):
        return True
    if _LOOKED_AT.isdisjoint(present) and "tap" not in lowered:
        return _about_mana_abilities(words)
    for index, word in enumerate(words):
        if word not in _LOOKED_AT and not word.endswith(("tap", "taps")):
            continue  # (what the tests below look at: most words are none of it)
        after = words[index + 1 : index + 4]
        if (
            word in ("cost", "costs")
            and after
            and (
                _is_symbol(after[0])
                or after[0] in ("more", "less")
                or after[1:2] in (("more",), ("less",))
                or after[:2] == ("up", "to")  # ('cost up to {2} less': Urza's Filter)
            )
        ):
            return True
        if word in ("is", "are") and (after == ("snow",) or starts_with(after, "snow in addition")):
            return True  # (a permanent made snow: its mana pays {S}, CR 107.4h; 'Enchanted land is snow.')
        if word in ("is", "are"):
            kind = after[1:2] if after[:1] in (("a",), ("an",)) else after[:1]
            if kind and kind[0] in _LAND_TYPE_WORDS:
                return True
            rest = words[index + 1 + (1 if after[:1] in (("a",), ("an",)) else 0) :]
            if (
                starts_with(rest, "colorless")
                and rest[1:2]
                and rest[1] in _LAND_TYPE_WORDS
                and rest[2:3]
                in (
                    ("land",),
                    ("lands",),
                )
            ):
                return True
            if rest[:1] and rest[0] in _CARD_TYPES_ADDED and starts_with(rest[1:], "in addition to"):
                after_types = rest[1 + 3 :]
                if after_types[:1] in (("its",), ("their",)) and starts_with(after_types[1:], "other types"):
                    return True
        if (
            word in _LAND_TYPE_WORDS
            and after[:1] in (("land",), ("lands",))
            and starts_with(words[index + 2 :], "in addition to")
        ):
            return True
        if word.endswith(("tap", "taps")) and _for_mana_after(words, index):
            return True
    return _about_mana_abilities(words)


def _about_mana_abilities(words: Sequence[str]) -> bool:
    """The last tests of :func:`mentions_mana`: abilities lost, mana abilities' costs changed or their
    activation banned, types changed, haste given."""
    return (
        _loses_all_abilities(words)
        or _mana_abilities_cost(words)
        or _bans_activation(words)
        or _changes_types(words)
        or _grants_haste(words)
    )


#: The verbs of a static type change ('All Forests are 1/1 creatures', "it's a creature", "~ isn't a
#: creature": a God's type taken away, which a condition other than its devotion leaves unread).
_TYPE_VERBS: Final = frozenset(("is", "are", "it's", "isn't"))

#: The words that may stand between such a verb and 'creature(s)' in a type change ('is a 7/7 red Giant
#: creature', 'are 1/1 creatures'): any but these, which make it a count, a condition or a card ('are each
#: equal to the number of creatures', 'is a creature card').
_NOT_IN_TYPE_CHANGE: Final = frozenset(
    ("each", "equal", "number", "of", "the", "that", "with", "for", "card", "cards", "spell", "spells", "not",
     "no", "one", "another", "other", "or", "and", "on", "in", "your", "you", "control", "controls", "to",
     "dealt", "attached")
)  # fmt: skip

#: The openings of a clause about objects an earlier sentence named ('That creature is a Vampire ...', 'They
#: are 5/5 Elemental creatures ...'): a spell's or a trigger's effect, no permanent's static ability, unless
#: it follows an 'As long as' of the same sentence (Animate Artifact's "..., it's an artifact creature").
_ANAPHORS: Final = ("that", "those", "they", "it", "it's", "each of those", "each of them", "otherwise")


def _grants_haste(words: Sequence[str]) -> bool:
    """Haste a permanent's static ability gives, not read ('Creatures you control have haste and attack each
    combat if able', 'As long as you control an artifact, ~ gets +1/+0 and has haste', 'You may activate
    abilities of creatures you control as though those creatures had haste'): a summoning-sick creature may
    then use its {T} mana abilities (CR 302.6).

    >>> _grants_haste(tokens("Creatures you control have haste and attack each combat if able."))
    True
    >>> _grants_haste(tokens("That creature gains menace, deathtouch, and haste."))
    False
    """
    if "haste" not in words or not _static_clauses_possible(words):
        return False
    if _has(words, "as though those creatures had haste", "as though it had haste"):
        return True
    for clause in _static_clauses(words):
        for index, word in enumerate(clause):
            if word in ("has", "have") and "haste" in clause[index + 1 :]:
                return True
    return False


def _static_clauses_possible(words: Sequence[str]) -> bool:
    """False for a sentence that is an effect until end of turn, on a target, a token's or a copy's."""
    return not _has(words, "until end of turn", "this turn") and {
        "target",
        "copy",
        "create",
        "return",
    }.isdisjoint(words)


def _static_clauses(words: Sequence[str]) -> Iterator[Sequence[str]]:
    """The clauses (between commas) of a sentence that may state what a permanent's static ability does: not
    a condition ('As long as ~ is a creature', 'if'), nor about objects an earlier sentence named ('That
    creature ...') unless an 'As long as' of the same sentence opens it."""
    start, after_while = 0, False
    while start < len(words):
        end = min(_until(words, ",", start), _until(words, ".", start))
        clause = words[start:end]
        start = end + 1
        if starts_with(clause, "if", "as long as", "during", "activate", "when", "whenever", "at", "unless"):
            after_while = starts_with(clause, "as long as", "during")
            continue
        if starts_with(clause, *_ANAPHORS) and not after_while:
            continue
        yield clause


def _changes_types(words: Sequence[str]) -> bool:
    """A change of what a permanent is (layer 4) that a permanent's static ability makes, not read: made a
    creature ('All Forests are 1/1 creatures that are still lands', "As long as enchanted permanent is a
    Vehicle, it's a creature ...": it is summoning sick, CR 302.6, and what counts or sacrifices creatures
    sees it) or given types in addition to its others ('is a Vampire in addition to its other creature
    types': what counts a creature type sees it). A clause that is a condition ('As long as ~ is a
    creature', 'if'), an effect until end of turn or on a target, a token or a copy is none.

    >>> _changes_types(tokens("During turns other than yours, ~ is an artifact creature."))
    True
    >>> _changes_types(tokens("~'s power and toughness are each equal to the number of creatures."))
    False
    >>> _changes_types(tokens("As long as ~ is a creature, it can block an additional creature."))
    False
    """
    return _static_clauses_possible(words) and any(map(_type_change_clause, _static_clauses(words)))


def _type_change_clause(clause: Sequence[str]) -> bool:
    """'<verb> <words> creature(s)' (not a card) or '<verb> ... in addition to its/their other ...'."""
    for index, word in enumerate(clause):
        if word not in _TYPE_VERBS:
            continue
        if _has(clause[index + 1 :], "in addition to its other", "in addition to their other"):
            return True
        for offset, later in enumerate(clause[index + 1 : index + 9], index + 1):
            if later in ("creature", "creatures"):
                return clause[offset + 1 : offset + 2] not in (("card",), ("cards",), ("spell",), ("spells",))
            if later in _NOT_IN_TYPE_CHANGE:
                break
    return False


_CARD_TYPES_ADDED: Final = frozenset(
    ("artifact", "artifacts", "enchantment", "enchantments", "creature", "creatures")
)


def _for_mana_after(words: Sequence[str], index: int) -> bool:
    """'tap[s] <words> for mana': words (no punctuation) between the verb and 'for mana'."""
    for later in range(index + 2, len(words) - 1):
        if not words[later - 1][:1].isalnum():
            return False
        if words[later] == "for" and words[later + 1] == "mana":
            return True
    return False


def _loses_all_abilities(words: Sequence[str]) -> bool:
    """'... lose[s] all abilities' while a permanent says so (not a spell's 'until end of turn' nor a
    target's): mana abilities go with the others (Humility, Darksteel Mutation)."""
    if _has(words, "until end of turn") or "target" in words:
        return False
    return _has(
        words,
        "lose all abilities",
        "loses all abilities",
        "loses all other abilities",
        "loses all other card types and abilities",
    )


def _mana_abilities_cost(words: Sequence[str]) -> bool:
    """'mana abilities of ... cost': a change of what mana abilities cost."""
    start = _find(words, ("mana", "abilities", "of"))
    return start >= 0 and "cost" in words[start + 3 : _until(words, ".", start)]


def _bans_activation(words: Sequence[str]) -> bool:
    """'activated abilities ... can't be activated' as long as the permanent says so: not one spell's or
    trigger's ('until', 'this turn', 'target', 'that'), nor 'unless they're mana abilities' (Damping
    Matrix)."""
    if any(word in ("until", "target", "that") for word in words) or _has(words, "this turn"):
        return False
    start = _find(words, ("activated", "abilities"))
    if start < 0 or _find(words, ("unless", "they're", "mana", "abilities"), start) >= 0:
        return False
    return _find(words, ("can't", "be", "activated"), start + 2) >= 0


#: A card's own power (and toughness) defined by its text: '~'s power is equal to ...', '~'s power and
#: toughness are each equal to ...' (a characteristic-defining ability, CR 604.3), not 'damage equal to
#: that creature's power' nor a quoted ability's.
_DEFINES_POWER: Final = tuple(
    f"{whose} power {verb} equal to" for whose in ("~ 's", "its") for verb in ("is", "and toughness are each")
)


def defines_own_power(sentence: str) -> bool:
    """True for a sentence that defines its card's own power, read or not (a characteristic-defining
    ability, layer 7a, CR 604.3): what reads that permanent's power can't take the board's.

    >>> defines_own_power("~'s power is equal to the number of cards in your hand.")
    True
    >>> defines_own_power("~ deals damage equal to the sacrificed creature's power to any target.")
    False
    >>> defines_own_power('Creatures you control have "Its power is equal to 3."')
    False
    """
    return starts_with(tokens(sentence), *_DEFINES_POWER)


def changes_power(body: str) -> bool:
    """True for a static sentence that changes creatures' power ('Creatures you control get +1/+1',
    'Equipped creature gets +2/+0', '... has base power 1'), which what reads a power must not ignore (the
    reader reads no such effect).

    An activated ability's effect (a loyalty ability's: '−7: You get an emblem with "... base power and
    toughness 5/5."') changes nothing until it resolves, and no ability but a mana ability is activated
    while a cost is paid (CR 601.2g), so it is none.

    >>> changes_power("Other Elves you control get +1/+1"), changes_power("~ gets +1/+1 until end of turn")
    (True, False)
    >>> changes_power('−7: You get an emblem with "Creatures you control have base power 5."')
    False
    """
    lowered = body.lower()
    if "base power" not in lowered and "get" not in lowered:  # (what both ways of being one below need)
        return False
    if "until end of turn" in lowered or starts_with(tokens(body), "when", "whenever", "at"):
        return False
    if ":" in body.split('"', 1)[0]:  # (a cost, then the effect of an activated ability)
        return False
    if "base power" in lowered:
        return True
    words = lowered.replace(",", " ").replace(".", " ").split()
    return any(word in ("get", "gets") and _is_pt_change(after) for word, after in pairwise(words))


def says_it_enters_tapped(sentence: str) -> bool:
    """True when the sentence says the permanent itself enters tapped ('~ enters tapped', 'it enters tapped'),
    whatever else it says ('If you control two or more other lands, ~ enters tapped').

    >>> says_it_enters_tapped("If you control two or more other lands, ~ enters tapped.")
    True
    >>> says_it_enters_tapped("When ~ enters, put a land card onto the battlefield tapped.")
    False
    """
    if '"' in sentence or "enters" not in folded(sentence):  # (a quoted ability's 'it' is another object)
        return False
    words = tokens(sentence)
    return _find(words, ("~", "enters", "tapped")) >= 0 or _find(words, ("it", "enters", "tapped")) >= 0


def not_during_payment(body: str, line: str = "") -> bool:
    """True for a sentence that can't change a payment in progress: a trigger (or its later sentence, 'If you
    do, ...', on the ``line`` it opens: the effect of a triggered ability, which resolves after the payment,
    CR 603.3, 601.2i), an effect on untapping or on how a permanent enters, Omnath's '+1/+1 for each'.

    >>> line = ("Whenever a legendary creature you control enters, you may have ~ become a legendary "
    ...     'Equipment artifact. If you do, it gains equip {3} and "Equipped creature gets +3/+3" and loses '
    ...     "all other abilities.")
    >>> body = line.split(". ", 1)[1].rstrip(".")
    >>> not_during_payment(body, line), not_during_payment(body)
    (True, False)
    """
    words = tokens(body)
    opening = ("when", "whenever", "at the beginning", "at end of")
    if starts_with(words, *opening, "nonland permanents you control are"):
        return True
    if starts_with(words, "if you do", "if you don't") and starts_with(tokens(line), *opening):
        return True
    if _has(words, "doesn't untap", "don't untap", "enters tapped", "enters the battlefield tapped"):
        return True
    if starts_with(words, "~ enters with", "~ enters the battlefield with"):
        period = _until(words, ".")
        if (
            _find(words, ("counter", "on", "it"), 0, period) >= 0
            or _find(words, ("counters", "on", "it"), 0, period) >= 0
        ):
            return True
    lowered = body.lower()
    if lowered.startswith("~ gets "):
        change, _, rest = lowered[len("~ gets ") :].partition(" ")
        if _is_pt_change(change) and rest.startswith("for each"):
            return True
    return False


#: The permissions on paying its own abilities' costs (:func:`spends_any_type_on_own_abilities`).
_OWN_ABILITIES_PERMISSIONS: Final = frozenset(
    tokens(text)
    for text in (
        "mana of any type can be spent to activate ~'s abilities",
        "you may spend blue mana as though it were mana of any color to pay the activation costs of ~'s "
        "abilities",
        "you may spend mana as though it were mana of any color to pay the activation costs of ~'s abilities",
    )
)


def plays_with_toys(sentence: str) -> bool:
    """'Use toys to represent the tokens.' (Mishra's Toy Workshop, Unglued): how to play with objects, which
    is no rule of the game and changes nothing a payment reads.

    >>> plays_with_toys("Use toys to represent the tokens."), plays_with_toys("Create a Food token.")
    (True, False)
    """
    return tokens(sentence.rstrip(".")) == tokens("use toys to represent the tokens")


def grants_exiled_cards_abilities(body: str) -> bool:
    """'... have all activated abilities of all creature cards exiled with ~' (Agatha's Soul Cauldron): a
    grant of the abilities of cards in exile, which no board holds.

    >>> grants_exiled_cards_abilities("~ has all activated abilities of all cards exiled with ~")
    False
    >>> grants_exiled_cards_abilities("Creatures you control with +1/+1 counters on them have all activated "
    ...     "abilities of all creature cards exiled with ~")
    True
    """
    text = body.rstrip(".")
    if "abilities" not in folded(text):  # (no such token then: most sentences, without making tokens)
        return False
    words = tokens(text)
    start = _find(words, ("activated", "abilities", "of"))
    if start <= 0 or words[start - 1] not in ("all", "the"):
        return False
    if _has(words[start:], "in exile with"):
        return True  # (Mairsil's 'all cards you own in exile with cage counters on them': not on a board)
    # ('~ has all activated abilities of all cards exiled with ~': its own, the board's choices.imprinted)
    return words[0] != "~" and _has(words[start:], "exiled with ~")


def spends_any_type_on_own_abilities(body: str) -> bool:
    """'Mana of any type can be spent to activate ~'s abilities' (Sharkey, Tyrant of the Shire), 'You may
    spend blue mana as though it were mana of any color to pay the activation costs of ~'s abilities'
    (Quicksilver Elemental): a permission on paying the costs of the permanent's own abilities, which paying
    a spell never reads (the reader holds it against a card only when one of its mana abilities has a mana
    cost that asks a type: :meth:`~models.oracle.parsed.Collector.freeze`).

    >>> spends_any_type_on_own_abilities("Mana of any type can be spent to activate ~'s abilities")
    True
    >>> spends_any_type_on_own_abilities("Mana of any type can be spent to cast creature spells")
    False
    """
    # (each permission has the word 'abilities', and a text without it has no such token: no tokens to make)
    return "abilities" in folded(body) and tokens(body.rstrip(".")) in _OWN_ABILITIES_PERMISSIONS


def _is_pt_change(text: str) -> bool:
    """'+1/+1', '-X/-0': a power and toughness change."""
    power, slash, toughness = text.partition("/")
    return bool(slash) and all(
        part[:1] in ("+", "-") and len(part) > 1 and (part[1:].isalnum() or "_" in part[1:])
        for part in (power, toughness)
    )


_VICTIMS: Final = (
    "that player", "you", "its controller", "that land's controller", "that permanent's controller",
    "that creature's controller", "that artifact's controller",
)  # fmt: skip


def hurts_when_tapped(body: str) -> bool:
    """A trigger on tapping (for mana) that hurts the player who taps (Manabarbs, Burning Earth, Psychic
    Venom, Royal Decree) or destroys what was tapped (Blight): part of what a payment costs, so never 'not
    about mana' when unread.

    >>> hurts_when_tapped("Whenever a Swamp or red permanent becomes tapped, ~ deals 1 damage to that"
    ...     " permanent's controller.")
    True
    >>> hurts_when_tapped("When enchanted land becomes tapped, destroy it.")
    True
    >>> hurts_when_tapped("Whenever ~ becomes tapped, draw a card.")
    False
    """
    words = tokens(body)
    if not starts_with(words, "whenever") and not starts_with(words, "when"):
        return False
    # (the trigger's event ends at the first comma after 'tapped' or 'for mana': a list of the permanents
    # tapped has commas of its own, 'Whenever a Swamp, Mountain, black permanent, or red permanent ...')
    event = next((i for i, word in enumerate(words) if word in ("tapped", "mana")), len(words))
    clause_end = _until(words, ",", event)
    clause = words[:clause_end]
    tapped = _has(clause, "becomes tapped", "is tapped for mana") or any(
        word in ("tap", "taps") and _find(clause, ("for", "mana"), index + 2) >= 0
        for index, word in enumerate(clause)
    )
    if not tapped:
        return False
    sentence = words[: _until(words, ".", 0)]
    if starts_with(sentence[clause_end + 1 :], "destroy it") or starts_with(
        sentence[clause_end + 1 :], "destroy that"
    ):
        return True
    for victim in _VICTIMS:
        whom = victim.split(" ")
        for verb in ("deal", "deals"):
            start = _find(sentence, (verb,), 1)
            while start >= 0:
                after = sentence[start + 1 :]
                if after[:1] and _is_number(after[0]) and starts_with(after[1:], "damage to " + victim):
                    return True
                start = _find(sentence, (verb,), start + 1)
        start = _find(sentence, whom, 1)
        while start >= 0:
            after = sentence[start + len(whom) :]
            if (
                after[:1] in (("lose",), ("loses",))
                and after[1:2]
                and _is_number(after[1])
                and after[2:3] == ("life",)
            ):
                return True
            start = _find(sentence, whom, start + 1)
    return False


# --------------------------------------------------------------------------------------------------------
# Gates: words without which the grammar's static sentences and mana effects can't be read

#: Words one of which every static sentence the grammar reads holds (``static`` in ``grammar.lark``), each
#: alternative's own, with a second word it needs when the first is a common one ('may' with 'pay', 'reveal',
#: 'spend' or 'exile'): a sentence without any such pair (or a quote) is not tried on the grammar at all.
_STATIC_WORDS: Final = {
    "unspent": (), "pools": (), "cost": (), "costs": (), "spend": (), "spent": (), "don't": (), "roll": (),
    "flip": (), "activated": ("can't", "has", "have"),
    "tapped": ("damage", "enters", "enter", "life", "destroy"), "tap": ("damage",), "taps": ("damage",),
    "choose": ("enters",),
    "may": ("pay", "reveal", "spend", "exile", "play"),
    "enters": ("tapped", "choose", "return", "exile", "pay", "reveal"), "same": ("true",),
    "reduces": ("colored", "white", "blue", "black", "red", "green"), "double": ("unspent",),
    "ability": ("indicated", "following"),
    "long": ("has", "is", "are"), "haste": ("has", "have", "had"), "convoke": ("has", "have"),
    "improvise": ("has", "have"), "delve": ("has", "have"), "abilities": ("lose", "loses"),
    "continues": ("effect",), "cast": ("can't",),
}  # fmt: skip
_STATIC_WORD_SET: Final = frozenset(_STATIC_WORDS)
#: What follows 'is' or 'are' in a type or color change: land types, 'type(s)', card types added, colors.
_CHANGED_TO: Final = _LAND_TYPE_WORDS | frozenset(
    (
        "plains", "type", "types", "artifact", "artifacts", "enchantment", "enchantments", "white", "blue",
        "black", "red", "green", "colorless", "color", "colors", "still",
    )
)  # fmt: skip
#: A power and toughness in a type change ('are 1/1 green Elf creatures', 'is a 7/7 red Giant creature').
_BASE_PT: Final = re.compile(r"\b\d+/\d+\b")


def may_be_static(text: str) -> bool:
    """False when the text can't be a static sentence the grammar reads (it has none of the words they
    need), so the grammar need not be tried (most sentences of most cards).

    >>> may_be_static("Nonbasic lands are Mountains."), may_be_static("Draw a card.")
    (True, False)
    """
    if '"' in text:
        return True
    words = set(tokens(text))
    for word in _STATIC_WORD_SET.intersection(words):  # (the few the text has, rather than every one)
        needed = _STATIC_WORDS[word]
        if not needed or not words.isdisjoint(needed):
            return True
    verbs = words & {"is", "are", "it's", "they're"}
    if verbs and (words & _CHANGED_TO or _BASE_PT.search(text) or defines_own_power(text)):
        return True
    return changes_power(text)


def may_be_mana_effect(text: str) -> bool:
    """False when the text can't be a replacement or triggered effect on mana the grammar reads ('it produces
    ...', '... tapped for mana, ...', '... causes you to add ...').

    >>> may_be_mana_effect("Whenever a land is tapped for mana, add {G}."), may_be_mana_effect("Flying.")
    (True, False)
    """
    words = tokens(text)
    return (
        "produces" in words
        or "causes" in words
        or ("for" in words and ("mana" in words or any(map(_is_symbol, words))))
        or ("sacrifice" in words and "add" in words)
    )


# --------------------------------------------------------------------------------------------------------
# Facts about an activated ability


def moves_library(text: str) -> bool:
    """True when the text draws a card, mills or names the library: the ability is no mana ability (CR
    605.1a as amended 2026-08-07); a delayed draw ('Draw a card at the beginning of the next turn's upkeep')
    moves no card now, nor does a delayed trigger on the next spell cast (CR 603.7a: its effect is done when
    it triggers, by that triggered ability, not by this one).

    >>> moves_library("{T}: Add {C}. Exile the top card of your library.")
    True
    >>> moves_library("{4}, {T}: Add {R}{G}. When you cast your next spell this turn, exile the top card of "
    ...               "your library. Put it on the bottom of your library.")
    False
    """
    words = list(tokens(text))
    for opening in (("when", "you", "next"), ("when", "you", "cast", "your", "next")):
        trigger = _find(words, opening)
        if trigger >= 0:  # a delayed trigger on the next spell and its effect, to the end (CR 603.7a)
            del words[trigger:]
    delayed = _find(words, ("draw", "a", "card", "at", "the", "beginning", "of", "the", "next"))
    while delayed >= 0:
        del words[delayed : _until(words, ".", delayed)]
        delayed = _find(words, ("draw", "a", "card", "at", "the", "beginning", "of", "the", "next"))
    if any(word in ("mill", "mills", "library") for word in words):
        return True
    for index, word in enumerate(words):
        if word in ("draw", "draws") and index + 2 < len(words):
            count = words[index + 1]
            counted = count in ("a", "an", "one", "two", "three", "x") or _is_number(count)
            if counted and ({"card", "cards"} & set(words[index + 2 : index + 4])):
                return True
    return False


def changes_mana(text: str) -> bool:
    """True when an effect makes or changes mana without the word 'add' ('Double the amount of ... unspent
    mana', '... produces ... mana', mana pools)."""
    words = tokens(text)
    if _has(words, "unspent mana", "mana pool", "mana pools"):
        return True
    for index, word in enumerate(words):
        if (
            word in ("double", "produce", "produces")
            and "mana" in words[index + 1 : _until(words, ".", index)]
        ):
            return True
    return False


#: Keywords whose cost is paid rather than the mana cost only when something the board does not say holds
#: (surge: another spell cast this turn; spectacle: an opponent lost life this turn; prowl, freerunning:
#: combat damage dealt this turn; web-slinging: a tapped creature returned as the spell is cast; sneak: an
#: unblocked attacker returned): its own alternative cost, not read.
_CONDITIONAL_KEYWORD_COSTS = (
    *("surge", "spectacle", "prowl", "freerunning", "sneak"),
    *("web - slinging",),
)


def own_alternative_cost(sentence: str) -> bool:
    """'You may ... rather than pay this spell's mana cost' (CR 118.9): an alternative cost of the card
    itself, which matters only when that card is the spell paid for (a Borderpost on the battlefield pays
    nothing by it; Flare of Cultivation as ``--spell`` is reported: not planned); a keyword's too ("Surge
    {1}{U}", :data:`_CONDITIONAL_KEYWORD_COSTS`; those :mod:`models.oracle.alternative_costs` reads, "Evoke
    {1}{G}", are paid).

    >>> own_alternative_cost("You may sacrifice a nontoken green creature rather than pay ~'s mana cost.")
    True
    >>> own_alternative_cost("You may pay {E}{E} rather than pay the mana cost for spells you cast.")
    False
    >>> own_alternative_cost("Web-slinging {R}{G}"), own_alternative_cost("Surge of power.")
    (True, False)
    >>> own_alternative_cost("If you control a commander, you may cast ~ without paying its mana cost.")
    True
    >>> own_alternative_cost("Snake offering"), own_alternative_cost("Offering")
    (True, False)
    """
    words = tokens(sentence)
    if len(words) == 2 and words[1] == "offering":
        return True  # ('Snake offering', CR 702.48a: sacrifice one, pay the difference in mana costs)
    for keyword in _CONDITIONAL_KEYWORD_COSTS:
        after = words[len(keyword.split()) :]
        if starts_with(words, keyword) and after and _is_symbol(after[0]):
            return True
    return _has(
        words,
        "rather than pay ~ 's mana cost",
        "you may cast ~ without paying its mana cost",
        "you may cast this spell without paying its mana cost",
        "you may cast ~ from your graveyard",  # (its own permission to be cast from there, CR 601.2a)
        "you may cast this spell from your graveyard",
    )


def _static_sentence(words: Sequence[str]) -> bool:
    """True when a sentence is neither an ability with a cost (a colon) nor a trigger ('When', 'Whenever',
    'At'): a static ability's, in force as long as its permanent is (CR 604.1)."""
    return ":" not in words and not starts_with(words, "when", "whenever", "at")


def grants_graveyard_casting(sentence: str) -> bool:
    """'You may cast spells from your graveyard', 'Once during each of your turns, you may cast a permanent
    spell from your graveyard' (CR 601.2a): a permanent's (or a resolved spell's) permission to cast other
    spells from its controller's graveyard ('play' too, unless it is for lands alone: Muldrotha), read by
    the grammar where it can (:func:`models.oracle.grammar.parse_graveyard_permission`); one it does not read
    lets a spell cast from the graveyard beside it be paid its mana cost, with the sentence warned of.

    >>> grants_graveyard_casting("Once during each of your turns, you may cast a permanent spell from your "
    ...     "graveyard.")
    True
    >>> grants_graveyard_casting("You may cast ~ from your graveyard."), grants_graveyard_casting(
    ...     "Exile target card from a graveyard.")
    (False, False)
    >>> grants_graveyard_casting("You may play lands from your graveyard."), grants_graveyard_casting(
    ...     "During each of your turns, you may play up to one permanent card of each permanent type from "
    ...     "your graveyard.")
    (False, True)
    """
    if "graveyard" not in sentence.lower():
        return False  # (a gate: the words below need it, and most sentences have none)
    words = tokens(sentence)
    cast = _find(words, ("you", "may"))
    while cast >= 0:
        end = _until(words, ".", cast)
        verb = next((i for i in range(cast + 2, end) if words[i] in ("cast", "play")), -1)
        others = verb >= 0 and words[verb + 1 : verb + 2] not in (("~",), ("this",))
        source = _find(words, ("from", "your", "graveyard"), verb, end) if others else -1
        if source >= 0 and not (words[verb] == "play" and _lands_only(words[verb + 1 : source])):
            return True
        cast = _find(words, ("you", "may"), cast + 1)
    return False


def bans_casting(sentence: str) -> bool:
    """A permanent's static prohibition on casting spells (CR 101.2), which a payment and a turn's plan
    obey when they read it (Codie's "You can't cast permanent spells."): unread, it is about mana, never
    ignored in silence. A spell's own effect ("Target player can't cast spells this turn.") is not one.

    >>> bans_casting("Each player can't cast more than one spell each turn.")
    True
    >>> bans_casting("Your opponents can't cast spells from anywhere other than their hands.")
    True
    >>> bans_casting("Target player can't cast spells this turn."), bans_casting("~ can't block.")
    (False, False)
    """
    words = tokens(sentence)
    at = _find(words, ("can't", "cast"))
    if at < 0 or not _static_sentence(words) or starts_with(words, "target") or _has(words, "this turn"):
        return False
    return any(word in ("spell", "spells") for word in words[at + 2 :])


def others_enter_tapped(sentence: str) -> bool:
    """'Nonbasic lands your opponents control enter tapped.' (Archon of Emeria), 'Creatures your opponents
    control enter the battlefield tapped.': a static replacement on how other permanents enter (CR 614.1c),
    which a land played in a turn's plan obeys when read; not a permanent's own "~ enters tapped".

    >>> others_enter_tapped("Nonbasic lands your opponents control enter tapped.")
    True
    >>> others_enter_tapped("~ enters tapped."), others_enter_tapped("When ~ enters, tap target creature.")
    (False, False)
    """
    words = tokens(sentence)
    if not _static_sentence(words) or "~" in words:
        return False
    return _has(words, "enter tapped", "enter the battlefield tapped")


def _lands_only(words: Sequence[str]) -> bool:
    """True when the words between 'play' and 'from your graveyard' name land cards alone ('lands', 'land
    cards': Crucible of Worlds): playing them casts no spell (CR 305.1)."""
    return (
        bool(words)
        and set(words) <= {"land", "lands", "card", "cards"}
        and not set(words) <= {"card", "cards"}
    )


def when_spent(sentence: str) -> bool:
    """'If/When/Whenever that/this mana is spent ...', 'When you spend this mana to cast ...' (Jade Orb of
    Dragonkind, Opal Palace): a rider on the mana once spent.

    >>> when_spent("When you spend this mana to cast a Dragon creature spell, it gains hexproof.")
    True
    """
    words = tokens(sentence)
    return words[:1] in (("if",), ("when",), ("whenever",)) and (
        (words[1:2] in (("that",), ("this",)) and starts_with(words[2:], "mana is spent"))
        or starts_with(words[1:], "you spend this mana", "you spend that mana")
    )


def is_loyalty_cost(cost: str) -> bool:
    """A loyalty ability's cost ('+1', '-2', 'X', '0'): not a mana ability (CR 605.1a)."""
    text = cost.strip()
    number = text[1:] if text[:1] in ("+", "-", "\u2212") else text
    return number.lower() == "x" or (number.isascii() and number.isdigit() and len(number) > 0)


#: Facts of the turn a sentence may read that no board records (contract section 6 has no field for them),
#: by the words that read them.
_UNRECORDED_FACTS: Final = (
    ("attacked this turn", "which creatures attacked this turn"),
    ("sacrificed this turn", "which permanents were sacrificed this turn"),
)


def unrecorded_fact(sentence: str) -> str | None:
    """Why a sentence is not read when it reads a fact of the turn that no board records ('for each creature
    that attacked this turn'): the note its unsupported reading carries, which the warnings give; else None.

    >>> unrecorded_fact("~ costs {1} less to cast for each creature that attacked this turn.")
    'it reads which creatures attacked this turn, which no board field records'
    >>> unrecorded_fact("~ costs {1} less to cast.") is None
    True
    """
    lowered = sentence.lower()
    for words, fact in _UNRECORDED_FACTS:
        if words in lowered:
            return f"it reads {fact}, which no board field records"
    return None


def is_tapping_trigger(sentence: str) -> bool:
    """True when a sentence is a triggered ability that tapping sets off ('Whenever a Dwarf you control
    becomes tapped, ...', 'Whenever you tap a creature for mana, ...').

    >>> is_tapping_trigger("Whenever a Dwarf you control becomes tapped, create a Treasure token.")
    True
    >>> is_tapping_trigger("Whenever ~ attacks, create a Treasure token.")
    False
    >>> is_tapping_trigger("Whenever an opponent taps a land for mana, that land doesn't untap.")
    False
    """
    words = tokens(sentence)
    if not starts_with(words, "whenever"):
        return False
    trigger = words[: _until(words, ",")]
    if "opponent" in trigger or "opponents" in trigger:
        return False  # set off by what an opponent taps, never by the payment planned
    return _has(trigger, "becomes tapped", "become tapped") or (
        ("tap" in trigger or "taps" in trigger) and _has(trigger, "for mana")
    )


def untaps_something(sentence: str) -> bool:
    """True when a sentence's effect untaps permanents ('..., untap target land you control.').

    >>> untaps_something("Whenever ~ becomes tapped, untap target land you control.")
    True
    >>> untaps_something("Whenever ~ becomes tapped, it doesn't untap during your next untap step.")
    False
    """
    words = tokens(sentence)
    effect = words[_until(words, ",") :]
    return any(
        word == "untap"
        and (index == 0 or effect[index - 1] not in _NEGATIONS)
        and (index + 1 == len(effect) or effect[index + 1] != "step")
        for index, word in enumerate(effect)
    )


#: the words before a verb that say the thing is not done
_NEGATIONS = frozenset({"doesn't", "don't", "can't", "not", "never"})


def is_sacrifice_trigger(sentence: str) -> bool:
    """True when a sentence is a triggered ability that a sacrifice sets off ('Whenever you sacrifice an
    artifact, ...', 'Whenever a player sacrifices a Treasure, ...'): a mana ability's cost may be what sets
    it off.

    >>> is_sacrifice_trigger("Whenever you sacrifice an artifact, put a +1/+1 counter on ~ and add {R}.")
    True
    >>> is_sacrifice_trigger("Sacrifice ~: Add {C}.")
    False
    >>> is_sacrifice_trigger("Whenever ~ attacks, sacrifice a creature.")
    False
    """
    words = tokens(sentence)
    if not starts_with(words, "whenever"):
        return False
    trigger = words[: _until(words, ",")]
    return "sacrifice" in trigger or "sacrifices" in trigger
