"""The grammar's methods for a resolved effect in force (``resolved_effect`` in ``grammar.lark``; read by
:func:`models.oracle.resolved.static_form`): each part of the sentence as a :class:`ResolvedPart` (its
words as the static sentence says them and as printed with its referents bound, or the duration, referent,
counter or once-only form it gives), joined into a :class:`ResolvedSentence`.

>>> from models.oracle.grammar import read_as
>>> read = read_as("Until end of turn, target land you control becomes an Island.", "resolved_effect")
>>> read.text, read.duration, read.bound_to
('enchanted land is an Island', 'end_of_turn', 'permanent')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lark import Token, Transformer, v_args

from models.oracle import lexicon
from models.oracle.grammar_parser import UnreadError

__all__ = ["ResolvedPart", "ResolvedRules", "ResolvedSentence"]


@dataclass(frozen=True, slots=True)
class ResolvedPart:
    """A part of a resolved effect's sentence: its words in the static sentence (``words``) and with its
    duration kept (``kept``), and what it gives: a ``duration``, a referent (``bound_to``: 'permanent' or
    'player'), the counter a condition needs (``while_counter``), the once-only form (``once``)."""

    words: str
    kept: str
    duration: str | None = None
    bound_to: str | None = None
    while_counter: str | None = None
    once: bool = False
    #: a tapping for mana ('a player taps', 'is tapped'), or an anaphor of one ('that player adds': 'player';
    #: 'that Mountain produces': 'permanent'), which names a referent when no tapping comes before it
    tapping: bool = False
    anaphor: str | None = None
    #: the anaphor's words when it names a referent (the enchanted player or permanent)
    as_referent: str = ""
    #: a referent chosen as a target ('target land', 'X target lands'): each is another object (CR 115.1)
    targeted: bool = False


@dataclass(frozen=True, slots=True)
class ResolvedSentence:
    """A resolved effect's sentence read: the static sentence's words (``text``, no period), the words with
    its duration kept (``with_duration``), and what its parts give (see :class:`ResolvedPart`)."""

    text: str
    with_duration: str
    duration: str | None
    bound_to: str | None
    while_counter: str | None
    once: bool


def _joined(words: list[str]) -> str:
    """Words joined by spaces, a comma after the word before it.

    >>> _joined(["a", ",", "b", "it", "'s"])
    "a, b it's"
    """
    text = ""
    for word in words:
        if not word:
            continue
        text += word if word == "," or word.startswith("'") or not text else " " + word
    return text.strip(" ,")


def _commas_of_durations(parts: tuple[ResolvedPart, ...]) -> set[int]:
    """Where the commas that set a duration apart are: the one after it at the sentence's start, the one
    before it at its end, one of the two around it elsewhere ('If X, until end of turn, Y' keeps one).

    >>> comma, words, turn = ResolvedPart(",", ","), ResolvedPart("a", "a"), ResolvedPart("", "", "this_turn")
    >>> at_end, between = (words, comma, turn), (words, comma, turn, comma)
    >>> sorted(_commas_of_durations(at_end)), sorted(_commas_of_durations(between))
    ([1], [3])
    """
    dropped: set[int] = set()
    for index, part in enumerate(parts):
        if part.duration is None:
            continue
        before = index > 0 and parts[index - 1].words == ","
        after = index + 1 < len(parts) and parts[index + 1].words == ","
        first = not any(earlier.words for earlier in parts[:index])
        if after and (before or first):
            dropped.add(index + 1)
        elif before and index + 1 == len(parts):
            dropped.add(index - 1)
    return dropped


def _anaphors_bound(parts: tuple[ResolvedPart, ...]) -> tuple[ResolvedPart, ...]:
    """The parts with each anaphor of a tapping ('that player adds') that no tapping comes before made the
    referent it then names ('enchanted player adds').

    >>> adds = ResolvedPart("that player adds", "that player adds", anaphor="player",
    ...     as_referent="enchanted player adds")
    >>> [p.words for p in _anaphors_bound((adds,))]
    ['enchanted player adds']
    >>> taps = ResolvedPart("a player taps", "a player taps", tapping=True)
    >>> [p.words for p in _anaphors_bound((taps, adds))]
    ['a player taps', 'that player adds']
    """
    bound: list[ResolvedPart] = []
    tapped = False
    for index, part in enumerate(parts):
        # ('is tapped for mana', 'tapped for two or more mana': the words of a tapping, as TAPPER's are)
        after = parts[index + 1 : index + 3]
        tapped_for = part.words.lower() == "tapped" and [p.words.lower() for p in after[:1]] == ["for"]
        tapped = tapped or part.tapping or (tapped_for and _of_mana(after[1:]))
        if part.anaphor is not None and not tapped:
            part = ResolvedPart(part.as_referent, part.as_referent, bound_to=part.anaphor)
        bound.append(part)
    return tuple(bound)


def _of_mana(following: tuple[ResolvedPart, ...]) -> bool:
    """True when the word after 'tapped for' is one of mana ('mana', '{C}', 'two' of 'two or more mana'),
    not 'as' of 'tapped for as long as'.

    >>> _of_mana((_word("mana"),)), _of_mana((_word("{C}"),)), _of_mana(())
    (True, True, False)
    """
    word = following[0].words.lower() if following else ""
    return word == "mana" or word.startswith("{") or lexicon.number_value(word) is not None


def _word(words: str, kept: str | None = None, **given: Any) -> ResolvedPart:
    return ResolvedPart(words, words if kept is None else kept, **given)


@v_args(inline=True)
class ResolvedRules(Transformer[Token, Any]):
    """The grammar's methods for a resolved effect in force (mixed into its transformer)."""

    def resolved_effect(self, *given_parts: ResolvedPart) -> ResolvedSentence:
        if sum(part.targeted for part in given_parts) > 1:
            # ('target creature you control gets +1/+1 and target creature an opponent controls gets -1/-1':
            # two objects, CR 115.1, while refers_to names the referents of one kind without saying whose)
            raise UnreadError("two targets of a sentence, which refers_to can't tell apart")
        parts = _anaphors_bound(given_parts)
        dropped = _commas_of_durations(parts)
        words = [part.words for index, part in enumerate(parts) if index not in dropped]
        given = [part for part in parts if part.duration is not None]
        bound = {part.bound_to for part in parts} - {None}
        return ResolvedSentence(
            _joined(words),
            _joined([part.kept for part in parts]),
            given[-1].duration if given else None,
            "player" if "player" in bound else "permanent" if bound else None,
            next((part.while_counter for part in given if part.while_counter), None),
            any(part.once for part in parts),
        )

    def counter_entry(self, *parts: Any) -> str:
        """'you may put it onto the battlefield with a manifestation counter on it': the counter's kind."""
        return next(part for part in parts if isinstance(part, str) and not isinstance(part, Token))

    def resolved_reminder(self, _reminder: Token) -> ResolvedPart:
        return _word("")

    def resolved_lead(self, duration: ResolvedPart) -> ResolvedPart:
        return ResolvedPart("", duration.kept + ",", duration.duration, None, duration.while_counter)

    def resolved_it(self) -> ResolvedPart:
        return _word("enchanted permanent", bound_to="permanent")

    def until_end_of_turn(self) -> ResolvedPart:
        return ResolvedPart("", "until end of turn", "end_of_turn")

    def until_your_next_turn(self) -> ResolvedPart:
        return ResolvedPart("", "until your next turn", "your_next_turn")

    def resolved_this_turn(self) -> ResolvedPart:
        return ResolvedPart("", "this turn", "this_turn")

    def for_as_long_as(self, held: ResolvedPart) -> ResolvedPart:
        return ResolvedPart("", f"for as long as {held.kept}", "as_long_as", None, held.while_counter)

    def held_counter(self, *words: Token) -> ResolvedPart:
        article = next(str(word) for word in words if word.type == "ARTICLE")
        kind = str(next(word for word in words if word.type == "RESOLVED_WORD")).lower()
        return ResolvedPart("", f"it has {article} {kind} counter on it", while_counter=kind)

    def held_otherwise(self, *words: ResolvedPart) -> ResolvedPart:
        return ResolvedPart("", _joined([word.kept for word in words]))

    def resolved_held_word(self, word: Token | ResolvedPart) -> ResolvedPart:
        return word if isinstance(word, ResolvedPart) else _word(str(word))

    def until_word(self) -> ResolvedPart:
        return _word("until")

    def thats_word(self) -> ResolvedPart:
        return _word("that's")

    def that_referent(self, noun: Token, *_whose: Any) -> ResolvedPart:
        # (after a tapping, 'that Mountain' is the permanent tapped: :func:`_anaphors_bound`)
        bound = f"enchanted {str(noun).lower()}"
        return _word(f"that {noun}", anaphor="permanent", as_referent=bound)

    def target_referent(self, *words: Any) -> ResolvedPart:
        noun = next(word for word in words if isinstance(word, Token) and word.type == "RESOLVED_NOUN")
        return _word(f"enchanted {str(noun).lower()}", bound_to="permanent", targeted=True)

    def targets_referent(self, *words: Any) -> ResolvedPart:
        # (each of several targets is one referent's permanent: 'enchanted lands', each stand-in's own)
        noun = next(word for word in words if isinstance(word, Token) and word.type == "RESOLVED_NOUNS")
        return _word(f"enchanted {str(noun).lower()}", bound_to="permanent", targeted=True)

    def each_of_those(self, _each: Token, noun: Token) -> ResolvedPart:
        # ('Each of those lands is ...': each the permanent of one referent, as 'enchanted land' is)
        return _word(f"enchanted {str(noun).lower().removesuffix('s')}", bound_to="permanent")

    def attached_referent(self, attached: Token, noun: Token) -> ResolvedPart:
        if str(attached).lower() != "enchanted":  # ('equipped creature' is the Equipment's, not a referent)
            return _word(f"{attached} {noun}")
        return _word(f"enchanted {str(noun).lower()}", bound_to="permanent")

    def next_spell(self, *words: Token) -> ResolvedPart:
        return _word(" ".join(["the next", *map(str, words)]), once=True)

    def same_name_as(self, noun: Token) -> ResolvedPart:
        return _word(f"same name as that {noun}")

    def resolved_target(self, *_words: Token) -> None:
        return None

    def resolved_whose(self, *_words: Token) -> None:
        return None

    def resolved_choice(self) -> None:
        return None

    def player_referent(self, *words: Token) -> ResolvedPart:
        targeted = any(word.type == "TARGET" for word in words)
        return _word("enchanted player", bound_to="player", targeted=targeted)

    def becomes(self) -> ResolvedPart:
        return _word("is", "becomes")

    def become(self) -> ResolvedPart:
        return _word("are", "become")

    def gains(self) -> ResolvedPart:
        return _word("has", "gains")

    def gain(self) -> ResolvedPart:
        return _word("have", "gain")

    def resolved_word(self, word: Token) -> ResolvedPart:
        return _word(str(word))

    def tapper_word(self, tapper: Token) -> ResolvedPart:
        return _word(" ".join(str(tapper).split()), tapping=True)

    def chosen_land_type(self) -> ResolvedPart:
        return _word("the chosen type", "the basic land type of your choice")

    def adder_word(self, adder: Token) -> ResolvedPart:
        # ('that player adds', 'that land's controller adds': after a tapping, the player who tapped and the
        # tapped permanent's controller, one player, CR 106.12, 602.2; with none before, a referent's)
        words = " ".join(str(adder).split())
        if not words.lower().startswith("that "):
            return _word(words)
        return _word(words, anaphor="player", as_referent="enchanted player adds")

    def comma_word(self) -> ResolvedPart:
        return _word(",")

    def it_word(self) -> ResolvedPart:
        return _word("it")

    def that_word(self) -> ResolvedPart:
        return _word("that")

    def the_word(self) -> ResolvedPart:
        return _word("the")

    def for_word(self) -> ResolvedPart:
        return _word("for")

    def same_word(self) -> ResolvedPart:
        return _word("same")

    def up_word(self) -> ResolvedPart:
        return _word("up")

    def this_word(self) -> ResolvedPart:
        return _word("this")
