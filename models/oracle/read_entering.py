"""Reading how a permanent enters the battlefield, as far as a land count cares: tapped, tapped unless a
condition holds (a check land, a fast land, a slow land, a shock land), and returning a land to hand.
"""

from __future__ import annotations

from models.oracle import classify
from models.oracle import statics as s
from models.oracle.grammar import UnreadError, parse_enters_unless, parse_static
from models.oracle.parsed import Collector, EnteringChanges
from models.oracle.readings import Controller, Noun, Nouns
from models.oracle.text import folded


def read_entering(sentences: tuple[str, ...], out: Collector) -> None:
    """Record how the permanent enters (:class:`Entering`) from a line's sentences that say so; they are still
    read as usual (they are ignored during a payment). 'If you don't, it enters tapped' reads the sentence
    before it: a life payment (a shockland), a reveal, or another condition kept as written."""
    changes: EnteringChanges = {}
    before: s.StaticSentence | None = None
    previous = ""
    for sentence in sentences:
        reading: s.StaticSentence | None = None
        if _may_say_how_it_enters(sentence):
            try:
                reading = parse_static(sentence)
            except UnreadError:
                reading = None
        match reading:
            case s.EntersTappedIfNot() if "tapped" not in changes:
                changes["tapped"] = True
                if isinstance(before, s.MayPayLifeAsEnters):
                    changes["unless_life"] = before.life
                elif isinstance(before, s.MayRevealAsEnters):
                    changes["unless"] = f"you reveal {before.what.words(before.count)}"
                else:
                    changes["unless"] = previous.rstrip(".")
            case s.EntersTapped(unless) if "tapped" not in changes:
                changes["tapped"] = True
                changes.update(_unless(unless))
            case s.EntersTappedIf(condition) if "tapped" not in changes:
                changes["tapped"] = True
                changes.update(_unless_not(condition, sentence))
            case s.EntersReturn(what) if _is_land_you_control(what):
                changes["returns_land"] = True
            case None if "tapped" not in changes and classify.says_it_enters_tapped(sentence):
                # a way of entering tapped the grammar does not read ('If you control two or more other
                # lands, ~ enters tapped'): counted as tapped, with the sentence as the condition, never as
                # untapped
                changes["tapped"] = True
                changes["unless"] = f"the sentence {sentence.rstrip('.')!r} says otherwise"
        before, previous = reading, sentence
    if changes:
        out.entering_changes.append(changes)


def _may_say_how_it_enters(sentence: str) -> bool:
    """False for a sentence that can't say how the permanent enters (most of them): none of 'enters tapped',
    'may pay' or 'may reveal', 'don't', 'return a land'."""
    lowered = folded(sentence)  # (a token is in the text's folded form: most sentences have none of these)
    if not ("enters" in lowered or "may" in lowered or "don't" in lowered or "return" in lowered):
        return False
    words = set(classify.tokens(sentence))
    return bool(
        ({"enters", "tapped"} <= words)
        or ("may" in words and words & {"pay", "reveal"})
        or "don't" in words
        or {"return", "land"} <= words
    )


def _unless(unless: str) -> EnteringChanges:
    if not unless:
        return {"unless": ""}
    try:
        reading = parse_enters_unless(unless)
    except UnreadError:
        return {"unless": unless}
    return _unless_reading(reading)


def _unless_not(condition: s.EntersUnless, sentence: str) -> EnteringChanges:
    """How a permanent that enters tapped when ``condition`` holds enters ('If you control two or more other
    lands, ~ enters tapped.': untapped with one or fewer); a condition whose negation no field says is kept
    as the sentence, counted as tapped.

    >>> _unless_not(s.ManyOtherLands(2), "")
    {'unless_other_lands': 1}
    >>> _unless_not(s.FewOtherLands(1), "")
    {'unless_at_least_lands': 2}
    """
    match condition:
        case s.ManyOtherLands(at_least):
            return _unless_reading(s.FewOtherLands(at_least - 1))
        case s.FewOtherLands(at_most):
            return _unless_reading(s.ManyOtherLands(at_most + 1))
    return {"unless": f"the sentence {sentence.rstrip('.')!r} says otherwise"}


def _unless_reading(reading: s.EntersUnless) -> EnteringChanges:
    """The fields of :class:`Entering` that say 'unless ``reading``'."""
    match reading:
        case s.ControlOneOfTwo(first, second):
            return {"unless_control": (first, second)}
        case s.FewOtherLands(at_most):
            return {"unless_other_lands": at_most}
        case s.ManyOtherLands(at_least):
            return {"unless_at_least_lands": at_least}
        case s.PlayerLifeAtMost(life):
            return {"unless_player_life_at_most": life}
        case s.OpponentsAtLeast(count):
            return {"unless_opponents_at_least": count}
    raise AssertionError(reading)  # pragma: no cover


def _is_land_you_control(what: object) -> bool:
    return what == Nouns((Noun(types=("Land",), controller=Controller.YOU),))
