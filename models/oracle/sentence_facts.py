"""Facts about one sentence the reader and the rules ask of its words: whether an activated ability moves a
card from the library (no mana ability), changes mana, grants an alternative cost or casting from the
graveyard, bans casting, is a tapping or sacrifice trigger, names a fact the board does not record.

>>> is_loyalty_cost("+1"), is_loyalty_cost("{T}")
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from models.oracle.words import (
    find_phrase,
    has_phrase,
    is_number,
    is_symbol,
    starts_with,
    tokens,
    until_token,
)

__all__ = [
    "about_granted_foretell",
    "bans_casting",
    "bans_cost_payments",
    "bans_land_plays",
    "bans_losing_life",
    "caps_x",
    "changes_damage",
    "changes_mana",
    "changes_snow",
    "gives_granted_keyword_cost",
    "grants_graveyard_casting",
    "grants_graveyard_keyword",
    "grants_graveyard_land_plays",
    "grants_land_plays",
    "is_loyalty_cost",
    "is_sacrifice_trigger",
    "is_static_sentence",
    "is_tapping_trigger",
    "limits_casting_or_activating",
    "moves_library",
    "others_enter_tapped",
    "own_alternative_cost",
    "triggers_again_on_entering",
    "unrecorded_fact",
    "untaps_something",
    "when_spent",
]


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
    >>> moves_library("{T}: Add {G}. When you spend this mana to cast a spell with mana value 6 or greater, "
    ...               "draw a card.")
    False
    """
    words = list(tokens(text))
    for opening in (("when", "you", "next"), ("when", "you", "cast", "your", "next")):
        trigger = find_phrase(words, opening)
        if trigger >= 0:  # a delayed trigger on the next spell and its effect, to the end (CR 603.7a)
            del words[trigger:]
    rider = _spending_rider(words)
    while rider >= 0:  # a rider on the mana once spent acts then, not as the mana is added (CR 603.7a, 106.6)
        del words[rider : until_token(words, ".", rider) + 1]
        rider = _spending_rider(words)
    delayed = find_phrase(words, ("draw", "a", "card", "at", "the", "beginning", "of", "the", "next"))
    while delayed >= 0:
        del words[delayed : until_token(words, ".", delayed)]
        delayed = find_phrase(words, ("draw", "a", "card", "at", "the", "beginning", "of", "the", "next"))
    if any(word in ("mill", "mills", "library") for word in words):
        return True
    for index, word in enumerate(words):
        if word in ("draw", "draws") and index + 2 < len(words):
            count = words[index + 1]
            counted = count in ("a", "an", "one", "two", "three", "x") or is_number(count)
            if counted and ({"card", "cards"} & set(words[index + 2 : index + 4])):
                return True
    return False


def _spending_rider(words: Sequence[str]) -> int:
    """Where a rider on the mana once spent opens ('When you spend this mana ...', 'If that mana is spent
    ...': the sentences ``when_spent`` reads), or -1.

    >>> _spending_rider(tokens("{T}: Add {G}. When you spend this mana to cast a Dragon spell, draw a card."))
    5
    """
    for index, word in enumerate(words):
        if word in ("if", "when", "whenever") and when_spent(" ".join(words[index:])):
            return index
    return -1


def changes_mana(text: str) -> bool:
    """True when an effect makes or changes mana without the word 'add' ('Double the amount of ... unspent
    mana', '... produces ... mana', mana pools)."""
    words = tokens(text)
    if has_phrase(words, "unspent mana", "mana pool", "mana pools"):
        return True
    for index, word in enumerate(words):
        if (
            word in ("double", "produce", "produces")
            and "mana" in words[index + 1 : until_token(words, ".", index)]
        ):
            return True
    return False


#: Keywords whose cost is paid rather than the mana cost only when something holds this turn (surge: another
#: spell cast this turn; spectacle: an opponent lost life this turn, read since facts37 from the board's
#: ``life_lost_this_turn``: models.oracle.alternative_costs; prowl, freerunning: combat damage dealt this
#: turn; web-slinging: a tapped creature returned as the spell is cast; sneak: an unblocked attacker
#: returned): its own alternative cost, warned where the reader does not read it.
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
        if starts_with(words, keyword) and after and is_symbol(after[0]):
            return True
    return has_phrase(
        words,
        "rather than pay ~ 's mana cost",
        "you may cast ~ without paying its mana cost",
        "you may cast this spell without paying its mana cost",
        "you may cast ~ from your graveyard",  # (its own permission to be cast from there, CR 601.2a)
        "you may cast this spell from your graveyard",
    )


def is_static_sentence(words: Sequence[str]) -> bool:
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
    return _grants_from_graveyard(sentence, lands=False) or grants_graveyard_keyword(sentence)


#: The keywords that cast a card from its owner's graveyard, which a permanent may grant (CR 702.34a,
#: 702.138a).
_GRAVEYARD_KEYWORDS: Final = ("flashback", "escape")


def grants_graveyard_keyword(sentence: str) -> bool:
    """'Each instant and sorcery card in your graveyard has flashback.' (Lier, Disciple of the Drowned),
    'Instant and sorcery cards in your graveyard have flashback.' (Dralnu), 'Each nonland card in your
    graveyard has escape.' (Underworld Breach): a static grant, to the cards of its controller's graveyard, of
    a keyword that casts them from there (CR 702.34a, 702.138a): a permission to cast spells from the
    graveyard (:func:`grants_graveyard_casting`), whose cost its next sentence gives
    (:func:`gives_granted_keyword_cost`).

    >>> grants_graveyard_keyword("Each instant and sorcery card in your graveyard has flashback.")
    True
    >>> grants_graveyard_keyword("Each nonland card in your graveyard has escape.")
    True
    >>> grants_graveyard_keyword("Target instant card in your graveyard gains flashback until end of turn.")
    False
    """
    if "graveyard" not in sentence.lower():
        return False  # (a gate: the words below need it, and most sentences have none)
    words = tokens(sentence)
    zone = find_phrase(words, ("in", "your", "graveyard"))
    if zone < 0 or not is_static_sentence(words):
        return False
    return any(
        find_phrase(words, (verb, keyword), zone) >= 0
        for verb in ("has", "have")
        for keyword in _GRAVEYARD_KEYWORDS
    )


def gives_granted_keyword_cost(sentence: str) -> bool:
    """'The flashback cost is equal to that card's mana cost.' (Lier), 'The escape cost is equal to the
    card's mana cost plus exile three other cards from your graveyard.' (Underworld Breach): the cost of a
    keyword a permanent grants the cards of its controller's graveyard (:func:`grants_graveyard_keyword`).

    >>> gives_granted_keyword_cost("The flashback cost is equal to that card's mana cost.")
    True
    >>> gives_granted_keyword_cost("Flashback {2}{R}")
    False
    """
    words = tokens(sentence)
    return any(starts_with(words, f"the {keyword} cost") for keyword in _GRAVEYARD_KEYWORDS)


def grants_graveyard_land_plays(sentence: str) -> bool:
    """'You may play lands from your graveyard.' (Crucible of Worlds, Ramunap Excavator, Ancient
    Greenwarden; 'land cards' too): a permanent's permission to play land cards from its controller's
    graveyard (CR 305.1: a land played, no spell cast), read by the grammar as a
    :class:`~models.mana_effects.GraveyardPermission` for lands, which a turn's plan plays.

    >>> grants_graveyard_land_plays("You may play lands from your graveyard.")
    True
    >>> grants_graveyard_land_plays("You may play land cards from your graveyard."), (
    ...     grants_graveyard_land_plays("You may cast spells from your graveyard."))
    (True, False)
    """
    return _grants_from_graveyard(sentence, lands=True)


def _grants_from_graveyard(sentence: str, *, lands: bool) -> bool:
    """A 'you may cast/play ... from your graveyard' of other cards: one for land cards alone when
    ``lands`` (playing them casts no spell, CR 305.1), else one that casts spells."""
    if "graveyard" not in sentence.lower():
        return False  # (a gate: the words below need it, and most sentences have none)
    words = tokens(sentence)
    cast = find_phrase(words, ("you", "may"))
    while cast >= 0:
        end = until_token(words, ".", cast)
        verb = next((i for i in range(cast + 2, end) if words[i] in ("cast", "play")), -1)
        others = verb >= 0 and words[verb + 1 : verb + 2] not in (("~",), ("this",))
        source = find_phrase(words, ("from", "your", "graveyard"), verb, end) if others else -1
        if source >= 0 and (words[verb] == "play" and _lands_only(words[verb + 1 : source])) == lands:
            return True
        cast = find_phrase(words, ("you", "may"), cast + 1)
    return False


def about_granted_foretell(sentence: str) -> bool:
    """A static sentence that grants foretell ('... has foretell', 'have foretell') or gives a granted
    foretell's cost ('Its foretell cost is ...': Dream Devourer, CR 702.143a), which pays a card foretold.

    >>> about_granted_foretell("Each nonland card in your hand without foretell has foretell.")
    True
    >>> about_granted_foretell("Its foretell cost is equal to its mana cost reduced by {2}.")
    True
    >>> about_granted_foretell("Whenever you foretell a card, ~ gets +2/+0 until end of turn.")
    False
    """
    if "foretell" not in sentence.lower():
        return False  # (a gate: most sentences have no such word)
    words = tokens(sentence)
    if "foretell" not in words or not is_static_sentence(words):
        return False
    return (
        find_phrase(words, ("has", "foretell")) >= 0
        or find_phrase(words, ("have", "foretell")) >= 0
        or (find_phrase(words, ("foretell", "cost")) >= 0)
    )


def triggers_again_on_entering(sentence: str) -> bool:
    """'If a land entering the battlefield causes a triggered ability of a permanent you control to trigger,
    that ability triggers an additional time.' (Ancient Greenwarden; Panharmonicon's, Yarok's shapes, CR
    603.2d): a landfall trigger's mana made twice, which a turn's plan does not count.

    >>> triggers_again_on_entering("If a land entering the battlefield causes a triggered ability of a "
    ...     "permanent you control to trigger, that ability triggers an additional time.")
    True
    >>> triggers_again_on_entering("If a creature dying causes a triggered ability of a permanent you "
    ...     "control to trigger, that ability triggers an additional time.")
    False
    """
    words = tokens(sentence)
    return "entering" in words and find_phrase(words, ("triggers", "an", "additional", "time")) >= 0


def bans_casting(sentence: str) -> bool:
    """A permanent's static prohibition on casting spells or playing lands (CR 101.2, 305.1), which a
    payment and a turn's plan obey when they read it (Codie's "You can't cast permanent spells."): unread, it
    is about mana, never ignored in silence. A spell's own effect ("Target player can't cast spells this
    turn.": for a duration) is not one, nor a prohibition on playing lands from graveyards (a turn's plan
    plays lands from the hand).

    >>> bans_casting("Each player can't cast more than one spell each turn.")
    True
    >>> bans_casting("Your opponents can't cast spells from anywhere other than their hands.")
    True
    >>> bans_casting("Each opponent who attacked you this turn can't cast spells.")
    True
    >>> bans_casting("Players can't cast spells that share a color with the last spell cast this turn.")
    True
    >>> bans_casting("Players can't play lands as long as ten or more lands are on the battlefield.")
    True
    >>> bans_casting("Target player can't cast spells this turn."), bans_casting("~ can't block.")
    (False, False)
    >>> bans_casting("Players can't cast spells this turn."), bans_casting("You can't play lands from exile.")
    (False, True)
    >>> bans_casting("You can't play lands from graveyards.")
    False
    >>> bans_casting("Noncreature spells with {X} in their mana costs can't be cast.")
    True
    >>> bans_casting("~ can't be countered."), bans_casting("Spells can't be cast this turn.")
    (False, False)
    """
    words = tokens(sentence)
    passive = find_phrase(words, ("can't", "be", "cast"))
    if passive >= 0:  # (Gaddock Teeg, Meddling Mage: 'Spells with the chosen name can't be cast.')
        return (
            is_static_sentence(words)
            and not has_phrase(words, "can't be cast this turn")  # (a spell's own effect, for a turn)
            and any(word in ("spell", "spells") for word in words[:passive])
        )
    at = find_phrase(words, ("can't", "cast"))
    playing = at < 0
    if playing:
        at = find_phrase(words, ("can't", "play"))
    if at < 0 or not is_static_sentence(words) or starts_with(words, "target") or _for_this_turn(words):
        return False
    after = words[at + 2 :]
    if playing:
        return any(word in ("land", "lands") for word in after) and not any(
            "graveyard" in word for word in after
        )
    return any(word in ("spell", "spells") for word in after)


def bans_losing_life(sentence: str) -> bool:
    """A permanent's static "Your life total can't change." (Platinum Emperion) or "You can't lose life.": its
    player can't pay life at all (CR 119.4, 119.8: a Phyrexian symbol, a fetch land's or a horizon land's
    life), so unread it is about mana, never ignored in silence. A spell's own effect for a turn ("You can't
    lose life this turn.") is not one, nor a ban on gaining life.

    >>> bans_losing_life("Your life total can't change."), bans_losing_life("You can't lose life.")
    (True, True)
    >>> bans_losing_life("You can't lose life this turn."), bans_losing_life("Players can't gain life.")
    (False, False)
    """
    words = tokens(sentence)
    return (
        is_static_sentence(words)
        and not starts_with(words, "target")
        and not _for_this_turn(words)
        and has_phrase(words, "life total can't change", "life totals can't change", "can't lose life")
    )


def changes_damage(sentence: str) -> bool:
    """A replacement or prevention effect on damage (CR 614.1a: "If a source would deal damage to a
    permanent or player, it deals double that damage ... instead.", Furnace of Rath; CR 615.1: "Prevent
    all damage that would be dealt to you."): the damage a payment's mana abilities and tapping triggers
    deal their controller (Ancient Tomb, City of Brass) may not be what they print.

    >>> changes_damage("If a source would deal damage to a permanent or player, it deals double that damage"
    ...     " to that permanent or player instead.")
    True
    >>> prevent = "Prevent all damage that would be dealt to you."
    >>> redirect = "All damage that would be dealt to you is dealt to enchanted creature instead."
    >>> changes_damage(prevent), changes_damage(redirect), changes_damage("~ deals 2 damage to you.")
    (True, True, False)
    >>> changes_damage("Prevent all combat damage that would be dealt to and dealt by ~.")
    False
    """
    words = tokens(sentence)
    replaced = "instead" in words and has_phrase(
        words, "would deal damage", "would be dealt damage", "damage that would be dealt"
    )
    prevented = starts_with(words, "prevent") and has_phrase(words, "damage that would be dealt")
    return (replaced or prevented) and not has_phrase(words, "combat damage")  # (no mana ability's damage)


def caps_x(sentence: str) -> bool:
    """A spell's own cap on its X by the board ("X can't be greater than the number of snow lands you
    control.": Winter's Chill, CR 107.3, 601.2b): the largest X its caster may announce, which max-x answers;
    unread, it is about mana, never ignored in silence. Aladdin's Lamp's "X can't be 0." (its activated
    ability's) is no cap.

    >>> caps_x("X can't be greater than the number of snow lands you control."), caps_x("X can't be 0.")
    (True, False)
    """
    return has_phrase(tokens(sentence), "x can't be greater than", "x can't be more than")


def limits_casting_or_activating(sentence: str) -> bool:
    """A permanent's static restriction on when players cast spells or activate abilities (CR 101.2, 602.5:
    City of Solitude's "Players can cast spells and activate abilities only during their own turns."): on
    another player's turn it forbids the spell and every mana ability (CR 605.1a: activated abilities).
    Unread, it is about mana, never ignored in silence. An ability's own "Activate only ..." is not one.

    >>> limits_casting_or_activating(
    ...     "Players can cast spells and activate abilities only during their own turns.")
    True
    >>> limits_casting_or_activating("Activate only as a sorcery.")
    False
    >>> limits_casting_or_activating("~ can block only creatures with flying.")
    False
    """
    words = tokens(sentence)
    at = find_phrase(words, ("can", "cast"))
    if at < 0:
        at = find_phrase(words, ("can", "activate"))
    return (
        at >= 0
        and is_static_sentence(words)
        and not starts_with(words, "target")
        and not _for_this_turn(words)
        and "only" in words[at + 2 :]
    )


def grants_land_plays(sentence: str) -> bool:
    """A permanent's static permission to play additional lands on each turn (CR 305.2a), however it is
    conditioned ("As long as you control another Elf, you may play an additional land on each of your
    turns."): a turn's plan plays them; unread, it is about mana, never ignored in silence. A spell's own
    "You may play an additional land this turn." is not one (its effect, not a permanent's).

    >>> grants_land_plays("As long as you control another Elf, you may play an additional land on each of "
    ...     "your turns.")
    True
    >>> grants_land_plays("You may play an additional land this turn.")
    False
    >>> grants_land_plays("~ can block an additional creature each combat.")
    False
    """
    words = tokens(sentence)
    at = find_phrase(words, ("play",))
    if at < 0 or not is_static_sentence(words) or _for_this_turn(words):
        return False
    after = words[at + 1 :]
    return "additional" in after and any(word in ("land", "lands") for word in after)


def changes_snow(sentence: str) -> bool:
    """A static that takes away the snow supertype (CR 205.4: Melting's "All lands are no longer
    snow."): mana from a permanent that isn't snow can't pay {S} (CR 107.4h, 106.3); unread, it is about
    mana, never ignored in silence (one that makes a permanent snow, "Enchanted land is snow.", is found by
    :func:`models.oracle.classify.mentions_mana`). A test of it ("If that card is snow, ...") is not one.

    >>> changes_snow("All lands are no longer snow."), changes_snow("If that card is snow, draw a card.")
    (True, False)
    >>> changes_snow("Target nonsnow permanent becomes snow until end of turn.")  # (a spell's effect)
    False
    """
    words = tokens(sentence)
    if "target" in words or has_phrase(words, "until end of turn"):
        return False
    return is_static_sentence(words) and has_phrase(words, "no longer snow")


def _for_this_turn(words: Sequence[str]) -> bool:
    """True when the sentence ends with 'this turn' as its duration ('can't cast spells this turn'), not as
    a part of what it describes ('the spell most recently cast this turn')."""
    said = [word for word in words if word not in (".", ")")]
    return len(said) >= 3 and tuple(said[-2:]) == ("this", "turn") and said[-3] != "cast"


def bans_land_plays(sentence: str) -> bool:
    """A permanent's static prohibition on playing lands (CR 101.2, 305.1: Cornered Market's "Players can't
    play nonbasic lands with the same name as a nontoken permanent."), which a turn's land play obeys when
    read: unread, it is about mana, never ignored in silence. A spell's own effect ("Target player can't play
    lands this turn.") is not one.

    >>> bans_land_plays("Players can't play nonbasic lands with the same name as a nontoken permanent.")
    True
    >>> bans_land_plays("Target player can't play lands this turn."), bans_land_plays("~ can't block.")
    (False, False)
    """
    words = tokens(sentence)
    at = find_phrase(words, ("can't", "play"))
    if (
        at < 0
        or not is_static_sentence(words)
        or starts_with(words, "target")
        or has_phrase(words, "this turn")
    ):
        return False
    return any(word in ("land", "lands") for word in words[at + 2 :])


def bans_cost_payments(sentence: str) -> bool:
    """A permanent's static prohibition on paying a kind of cost (CR 101.2, 118.3: Yasharn, Implacable Earth's
    "Players can't pay life or sacrifice nonland permanents to cast spells or activate abilities."): what a
    payment may use (a Treasure's sacrifice, a Phyrexian symbol's life, a fetch land's life): unread, it is
    about mana, never ignored in silence. A spell's own effect ("Target player can't ... this turn.") is
    not one.

    >>> bans_cost_payments("Players can't pay life or sacrifice nonland permanents to cast spells or "
    ...     "activate abilities.")
    True
    >>> bans_cost_payments("Your opponents can't sacrifice creatures to activate abilities.")
    True
    >>> bans_cost_payments("You can't sacrifice ~."), bans_cost_payments("You can't lose the game.")
    (False, False)
    """
    words = tokens(sentence)
    at = find_phrase(words, ("can't",))
    if (
        at < 0
        or not is_static_sentence(words)
        or starts_with(words, "target")
        or has_phrase(words, "this turn")
        or words[at + 1 : at + 2] not in (("pay",), ("sacrifice",))
    ):
        return False
    return find_phrase(words, ("to", "cast"), at) >= 0 or find_phrase(words, ("to", "activate"), at) >= 0


def others_enter_tapped(sentence: str) -> bool:
    """'Nonbasic lands your opponents control enter tapped.' (Archon of Emeria), 'Creatures your opponents
    control enter the battlefield tapped.': a static replacement on how other permanents enter (CR 614.1c),
    which a land played in a turn's plan obeys when read; not a permanent's own "~ enters tapped".

    >>> others_enter_tapped("Nonbasic lands your opponents control enter tapped.")
    True
    >>> others_enter_tapped("~ enters tapped."), others_enter_tapped("When ~ enters, tap target creature.")
    (False, False)
    >>> others_enter_tapped("As long as ~ is untapped, other permanents enter untapped.")
    True
    """
    words = tokens(sentence)
    if not is_static_sentence(words):
        return False
    if starts_with(words, "as long as") and "," in words:  # (Archelos: '~' in the condition only)
        words = words[words.index(",") + 1 :]
    if "~" in words:
        return False
    return has_phrase(
        words,
        "enter tapped",
        "enter the battlefield tapped",
        "enter untapped",
        "enter the battlefield untapped",
    )


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
    trigger = _whenever_clause(sentence)
    if trigger is None:
        return False
    if "opponent" in trigger or "opponents" in trigger:
        return False  # set off by what an opponent taps, never by the payment planned
    return has_phrase(trigger, "becomes tapped", "become tapped") or (
        ("tap" in trigger or "taps" in trigger) and has_phrase(trigger, "for mana")
    )


def untaps_something(sentence: str) -> bool:
    """True when a sentence's effect untaps permanents ('..., untap target land you control.').

    >>> untaps_something("Whenever ~ becomes tapped, untap target land you control.")
    True
    >>> untaps_something("Whenever ~ becomes tapped, it doesn't untap during your next untap step.")
    False
    """
    words = tokens(sentence)
    effect = words[until_token(words, ",") :]
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
    trigger = _whenever_clause(sentence)
    return trigger is not None and ("sacrifice" in trigger or "sacrifices" in trigger)


def _whenever_clause(sentence: str) -> tuple[str, ...] | None:
    """The tokens of a triggered ability's condition, up to its first comma ('whenever you sacrifice an
    artifact'); None when the sentence does not open with 'Whenever'.

    >>> _whenever_clause("Whenever ~ becomes tapped, untap it."), _whenever_clause("Untap ~.")
    (('whenever', '~', 'becomes', 'tapped'), None)
    """
    words = tokens(sentence)
    return words[: until_token(words, ",")] if starts_with(words, "whenever") else None
