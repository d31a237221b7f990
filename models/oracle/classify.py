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
from itertools import pairwise
from typing import Final

from models.mana_effects import NotPaymentKind
from models.oracle.sentence_facts import (
    about_granted_foretell,
    bans_casting,
    bans_cost_payments,
    bans_land_plays,
    bans_losing_life,
    caps_x,
    changes_mana,
    changes_snow,
    gives_granted_keyword_cost,
    grants_graveyard_casting,
    grants_graveyard_keyword,
    grants_graveyard_land_plays,
    grants_land_plays,
    is_loyalty_cost,
    is_sacrifice_trigger,
    is_static_sentence,
    is_tapping_trigger,
    limits_casting_or_activating,
    moves_library,
    others_enter_tapped,
    own_alternative_cost,
    triggers_again_on_entering,
    unrecorded_fact,
    untaps_something,
    when_spent,
)
from models.oracle.text import folded
from models.oracle.words import (
    find_phrase,
    has_phrase,
    has_phrase_among,
    is_number,
    is_symbol,
    starts_with,
    tokens,
    until_token,
)

__all__ = [
    "about_granted_foretell",
    "adds_mana",
    "bans_casting",
    "changes_mana",
    "changes_power",
    "defines_own_power",
    "gives_granted_keyword_cost",
    "grants_graveyard_casting",
    "grants_graveyard_keyword",
    "grants_graveyard_land_plays",
    "hurts_when_tapped",
    "is_loyalty_cost",
    "is_sacrifice_trigger",
    "is_tapping_trigger",
    "may_be_mana_effect",
    "may_be_static",
    "mentions_mana",
    "moves_library",
    "not_during_payment",
    "not_payment_kind",
    "others_enter_tapped",
    "own_alternative_cost",
    "pays_spells",
    "says_it_enters_tapped",
    "starts_with",
    "tokens",
    "triggers_again_on_entering",
    "unrecorded_fact",
    "untaps_something",
    "when_spent",
]


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
                if is_symbol(later) or later == "mana":
                    return True
    return False


def _triggered_mana_ability(words: Sequence[str]) -> bool:
    """'tapped for mana', 'taps a land for {G}', 'causes you to add', 'mana ability': a triggered mana ability
    (CR 605.1b), which the effect grammar reads or the sentence is unsupported."""
    if has_phrase(words, "tapped for mana", "causes you to add", "mana ability"):
        return True
    for index, word in enumerate(words):
        if word in ("tap", "taps"):
            clause_end = until_token(words, ",", _list_end(words, index))
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
    first_clause = words[: until_token(words, ",")]
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
        and has_phrase(tokens(line), "token", "tokens")
    ):
        return NotPaymentKind.TOKEN
    if _triggered_mana_ability(words) or _pays_for_mana_any_time(tokens(line)):
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


def _pays_for_mana_any_time(words: Sequence[str]) -> bool:
    """'Any time you could activate a mana ability, you may pay 1 life. If you do, add {C}.' (Channel's): a
    permission to add mana whenever a mana ability could be activated, while paying too (CR 605.3a), no
    trigger: its 'If you do, add' adds mana during a payment, which the grammar does not read (unsupported).

    >>> _pays_for_mana_any_time(tokens("Any time you could activate a mana ability, you may pay 1 life."))
    True
    >>> _pays_for_mana_any_time(tokens("Activate only as a sorcery."))
    False
    """
    return has_phrase(words, "any time you could activate a mana ability")


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
        quote = until_token(words, '"', index)
        if not has_phrase(words[index:quote], "token", "tokens") or quote == len(words):
            continue
        closing = until_token(words, '"', quote + 1)
        if "add" in words[quote + 1 : closing]:
            return True
    return False


def _target_gains_quoted(words: Sequence[str]) -> bool:
    """'[Up to one] target <...> gains "...': a one-shot grant to the target."""
    rest = words[3:] if starts_with(words, "up to one") else words
    if not starts_with(rest, "target"):
        return False
    quote = until_token(rest, '"')
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
    if not _PAYMENT_KEYWORDS.isdisjoint(present) and _grants_payment_keyword(words):
        return True  # ('Artifact spells you cast have improvise': what pays a spell)
    if has_phrase_among(words, present, "all activated abilities of") and not has_phrase_among(
        words, present, "except mana abilities"
    ):
        return True  # (Marvin, Territory Forge: the mana abilities of what it copies are among them)
    if has_phrase_among(words, present, "would pay life"):
        return True  # (Ashiok, Wicked Manipulator: a life payment replaced, '{T}, Pay 1 life: Add {G}'s too)
    if "graveyard" in present and grants_graveyard_casting(body) and is_static_sentence(words):
        return True  # (a permission to cast spells from the graveyard, CR 601.2a: not read)
    if ("flashback" in present or "escape" in present) and gives_granted_keyword_cost(body):
        return True  # (the cost of flashback or escape granted to graveyard cards, CR 702.34a: Lier)
    if "foretell" in present and about_granted_foretell(body):
        return True  # (a grant of foretell or its cost, CR 702.143a: a card foretold is paid it)
    if "graveyard" in present and grants_graveyard_land_plays(body) and is_static_sentence(words):
        return True  # (a permission to play lands from the graveyard, CR 305.1: a turn's land play)
    if "can't" in present and bans_casting(body):
        return True  # (a prohibition on casting spells, CR 101.2: read by the grammar, or unsupported)
    if "can't" in present and bans_cost_payments(body):
        return True  # (a prohibition on paying life or sacrificing for costs, CR 118.3: Yasharn; read)
    if "can't" in present and bans_land_plays(body):
        return True  # (a prohibition on playing lands, CR 305.1: a turn's land play; read, or unsupported)
    if "can't" in present and bans_losing_life(body):
        return True  # (Platinum Emperion: no life paid for a cost, CR 119.4, 119.8; read, or unsupported)
    if "can't" in present and caps_x(body):
        return True  # (Winter's Chill: the largest X its caster may announce, CR 107.3; not read)
    if "only" in present and limits_casting_or_activating(body):
        return True  # (City of Solitude: no spell, no mana ability on another's turn, CR 101.2, 605.3a; read)
    if "additional" in present and grants_land_plays(body):
        return True  # (a turn's additional land plays, CR 305.2a: Exploration's read, a conditioned one not)
    if "snow" in present and changes_snow(body):
        return True  # (Melting: a land no longer snow pays no {S}, CR 205.4, 107.4h; read, or unsupported)
    if "enter" in present and not present.isdisjoint(("tapped", "untapped")) and others_enter_tapped(body):
        return True  # ('Nonbasic lands your opponents control enter tapped.': a land played, CR 614.1c; read)
    if "mana" in present and _pays_for_mana_any_time(words):
        return True  # (Channel's permission to pay life for mana while paying, CR 605.3a: not read)
    if _MENTIONS.isdisjoint(present) and "unspent" not in lowered:
        return False  # (each test below needs one of these words: most sentences have none)
    if not _MANA_VERBS.isdisjoint(present) or "unspent" in lowered:
        return True
    if has_phrase_among(
        words, present, "mana pool", "mana pools", "tapped for mana", "rather than pay that mana", "land type"
    ):
        return True
    if "devotion" in present and not {"increased", "decreased"}.isdisjoint(present):
        return True  # (Altar of the Pantheon: what a devotion's mana reads, CR 700.5)
    if has_phrase_among(
        words,
        present,
        "rather than pay the mana cost",
        "rather than pay its mana cost",
        "rather than paying the mana cost",
        "rather than paying its mana cost",
    ):
        # (an alternative cost of other spells, CR 118.9: Nissa, Worldsoul Speaker's; Bolas's Citadel's 'If
        # you cast a spell this way, pay life equal to its mana value rather than pay its mana cost'; an
        # exiled card's 'you may cast the exiled card ... by waterbending {X} rather than paying its mana
        # cost')
        return True
    if has_phrase_among(words, present, "land types", "is the chosen type", "are the chosen type"):
        return True
    if has_phrase_among(words, present, "is the chosen basic land type", "are the chosen basic land type"):
        return True
    if has_phrase_among(words, present, "is the chosen creature type", "are the chosen creature type"):
        return True
    if _LOOKED_AT.isdisjoint(present) and "tap" not in lowered:
        return _about_mana_abilities(words)
    tested = _if_clause_end(words)
    for index, word in enumerate(words):
        if word not in _LOOKED_AT and not word.endswith(("tap", "taps")):
            continue  # (what the tests below look at: most words are none of it)
        after = words[index + 1 : index + 4]
        if index < tested and word in ("is", "are"):
            continue  # ('If that land is a Mountain, ...': a test of its types, no change of them)
        if (
            word in ("cost", "costs")
            and after
            and (
                is_symbol(after[0])
                or after[0] in ("more", "less")
                or after[1:2] in (("more",), ("less",))
                or after[:2] == ("up", "to")  # ('cost up to {2} less': Urza's Filter)
                or (after[1:2] == ("life",) and after[2:3] in (("more",), ("less",)))  # (Phyrexian Purge)
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


def pays_spells(keywords: Sequence[str]) -> bool:
    """Whether any of the keywords helps pay a spell (convoke, delve, improvise).

    >>> pays_spells(("haste", "delve")), pays_spells(("trample",))
    (True, False)
    """
    return not _PAYMENT_KEYWORDS.isdisjoint(keywords)


def _grants_payment_keyword(words: Sequence[str]) -> bool:
    """A keyword by which permanents help pay a spell, after a 'has' or 'have' that grants it ('Artifact
    spells you cast have improvise'), not a mention of the ability ("If a creature card with flying was
    exiled with ~'s delve ability, ~ has flying.": Soulflayer's condition, whose flying pays nothing).

    >>> _grants_payment_keyword(tokens("Creature spells you cast have convoke."))
    True
    >>> _grants_payment_keyword(tokens("If a card was exiled with ~'s delve ability, ~ has flying."))
    False
    """
    granted = min(until_token(words, "has"), until_token(words, "have"))
    return not _PAYMENT_KEYWORDS.isdisjoint(words[granted + 1 :])


def _if_clause_end(words: Sequence[str]) -> int:
    """The end of a sentence's opening 'If <condition>,' (0 when it opens otherwise): the condition tests
    the objects it names (CR 603.4, 608.2c), its 'is' changes none of their characteristics.

    >>> _if_clause_end(tokens("If that land is a Mountain, ~ deals 2 damage to that player instead."))
    6
    >>> _if_clause_end(tokens("Nonbasic lands are Mountains."))
    0
    """
    return until_token(words, ",") if starts_with(words, "if") else 0


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
    if has_phrase(words, "as though those creatures had haste", "as though it had haste"):
        return True
    if starts_with(words, "the same is true for"):
        return True  # (haste among the keywords an earlier sentence's grant names, Soulflayer's: CR 302.6)
    for clause in _static_clauses(words):
        for index, word in enumerate(clause):
            if word in ("has", "have") and "haste" in clause[index + 1 :]:
                return True
    return False


def _static_clauses_possible(words: Sequence[str]) -> bool:
    """False for a sentence that is an effect until end of turn, on a target, a token's or a copy's."""
    return not has_phrase(words, "until end of turn", "this turn") and {
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
        end = min(until_token(words, ",", start), until_token(words, ".", start))
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
    >>> _changes_types(tokens("Enchanted creature is a land."))
    True
    """
    return _static_clauses_possible(words) and any(map(_type_change_clause, _static_clauses(words)))


def _type_change_clause(clause: Sequence[str]) -> bool:
    """'<verb> <words> creature(s)' (not a card) or '<verb> ... in addition to its/their other ...'."""
    for index, word in enumerate(clause):
        if word not in _TYPE_VERBS:
            continue
        if has_phrase(clause[index + 1 :], "in addition to its other", "in addition to their other"):
            return True
        for offset, later in enumerate(clause[index + 1 : index + 9], index + 1):
            # (made a land, Hydro-Man's 'he becomes a land': no creature, so no summoning sickness, CR 302.6)
            if later in ("creature", "creatures", "land", "lands"):
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
    if has_phrase(words, "until end of turn") or "target" in words:
        return False
    return has_phrase(
        words,
        "lose all abilities",
        "loses all abilities",
        "loses all other abilities",
        "loses all other card types and abilities",
    )


def _mana_abilities_cost(words: Sequence[str]) -> bool:
    """'mana abilities of ... cost': a change of what mana abilities cost."""
    start = find_phrase(words, ("mana", "abilities", "of"))
    return start >= 0 and "cost" in words[start + 3 : until_token(words, ".", start)]


def _bans_activation(words: Sequence[str]) -> bool:
    """'activated abilities ... can't be activated' as long as the permanent says so: not one spell's or
    trigger's ('until', 'this turn', 'target', 'that'), nor 'unless they're mana abilities' (Damping
    Matrix)."""
    if any(word in ("until", "target", "that") for word in words) or has_phrase(words, "this turn"):
        return False
    start = find_phrase(words, ("activated", "abilities"))
    if start < 0 or find_phrase(words, ("unless", "they're", "mana", "abilities"), start) >= 0:
        return False
    return find_phrase(words, ("can't", "be", "activated"), start + 2) >= 0


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
    return (
        find_phrase(words, ("~", "enters", "tapped")) >= 0
        or find_phrase(words, ("it", "enters", "tapped")) >= 0
    )


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
    if has_phrase(words, "doesn't untap", "don't untap", "enters tapped", "enters the battlefield tapped"):
        return True
    if starts_with(words, "~ enters with", "~ enters the battlefield with"):
        period = until_token(words, ".")
        if (
            find_phrase(words, ("counter", "on", "it"), 0, period) >= 0
            or find_phrase(words, ("counters", "on", "it"), 0, period) >= 0
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
    start = find_phrase(words, ("activated", "abilities", "of"))
    if start <= 0 or words[start - 1] not in ("all", "the"):
        return False
    if has_phrase(words[start:], "in exile with"):
        # (Mairsil's own '~ has ... of all cards you own in exile with cage counters on them': read, the
        # board's choices.imprinted listing them; granted to other permanents: not)
        return words[0] != "~"
    # ('~ has all activated abilities of all cards exiled with ~': its own, the board's choices.imprinted)
    return words[0] != "~" and has_phrase(words[start:], "exiled with ~")


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
    clause_end = until_token(words, ",", event)
    clause = words[:clause_end]
    tapped = has_phrase(clause, "becomes tapped", "is tapped for mana") or any(
        word in ("tap", "taps") and find_phrase(clause, ("for", "mana"), index + 2) >= 0
        for index, word in enumerate(clause)
    )
    if not tapped:
        return False
    sentence = words[: until_token(words, ".", 0)]
    if starts_with(sentence[clause_end + 1 :], "destroy it") or starts_with(
        sentence[clause_end + 1 :], "destroy that"
    ):
        return True
    for victim in _VICTIMS:
        whom = victim.split(" ")
        for verb in ("deal", "deals"):
            start = find_phrase(sentence, (verb,), 1)
            while start >= 0:
                after = sentence[start + 1 :]
                if after[:1] and is_number(after[0]) and starts_with(after[1:], "damage to " + victim):
                    return True
                start = find_phrase(sentence, (verb,), start + 1)
        start = find_phrase(sentence, whom, 1)
        while start >= 0:
            after = sentence[start + len(whom) :]
            if (
                after[:1] in (("lose",), ("loses",))
                and after[1:2]
                and is_number(after[1])
                and after[2:3] == ("life",)
            ):
                return True
            start = find_phrase(sentence, whom, start + 1)
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
    "long": ("has", "is", "are"), "haste": ("has", "have", "had", "gains", "gain"),
    "convoke": ("has", "have"), "improvise": ("has", "have"), "delve": ("has", "have"),
    "abilities": ("lose", "loses"),
    "continues": ("effect",), "cast": ("can't",), "play": ("can't",), "those": ("activate",),
    "would": ("library",), "sacrifice": ("can't",), "untapped": ("enter",),
    "landwalk": ("has", "have"), "life": ("change", "can't"),
    "longer": ("no",), "only": ("turns", "sorcery"), "types": ("gain", "gains", "have", "has"),
}  # fmt: skip
_STATIC_WORD_SET: Final = frozenset(_STATIC_WORDS)
#: What follows 'is' or 'are' in a type or color change: land types, 'type(s)', card types added, colors.
_CHANGED_TO: Final = _LAND_TYPE_WORDS | frozenset(
    (
        "plains", "type", "types", "artifact", "artifacts", "enchantment", "enchantments", "white", "blue",
        "black", "red", "green", "colorless", "color", "colors", "still", "land", "lands",
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
        or ("for" in words and ("mana" in words or any(map(is_symbol, words))))
        or ("sacrifice" in words and "add" in words)
    )
