"""Reading static, triggered and replacement sentences: effects on types, colors, costs and spending,
grants of mana abilities ('have "{T}: Add ..."', 'as long as ...'), effects on the mana permanents produce,
and what an Aura or Equipment forbids the permanent it is attached to.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from models.abilities import (
    ManaAbility,
    ObjectFilter,
    SpendPurpose,
    SpendRestriction,
    SpendUse,
    Who,
)
from models.additional_costs import OptionalSacrifice, OptionalTap
from models.cost import PaymentKind
from models.filters import STATUS_FACTS, BoardFact
from models.layer_effects import (
    AbilitiesOfCards,
    AbilityLoss,
    ColorChange,
    GrantAbility,
    GrantHaste,
    TypeChange,
)
from models.mana import ALL_COLORS, ALL_TYPES, ManaTypes
from models.mana_effects import (
    AbilityCostChange,
    ActivationBan,
    CastBan,
    CostModifier,
    GrantedAlternativeCost,
    GraveyardPermission,
    NotPaymentKind,
    NotPaymentMana,
    SpendAsThough,
    StaticEffect,
)
from models.oracle import classify
from models.oracle import statics as s
from models.oracle import text as t
from models.oracle.alternative_costs import (
    alternative_cost_of,
    granted_alternative_cost,
    library_cast_permission,
    triggered_library_cast_permission,
)
from models.oracle.build import mana_effect, spend_restriction
from models.oracle.build_bans import same_ban_for
from models.oracle.build_cost_changes import life_paid_reduction, optional_life_modifier
from models.oracle.build_filters import condition, object_filter, object_filters, while_condition
from models.oracle.build_statics import static_effect
from models.oracle.build_type_changes import kept_types, own_chosen_type
from models.oracle.grammar import (
    UnreadError,
    parse_additional_cost,
    parse_condition,
    parse_effect,
    parse_foretell_grant,
    parse_graveyard_permission,
    parse_mana_effect,
    parse_spending,
    parse_static,
)
from models.oracle.mana_outputs import needs_imprinted, output_after_add, quoted_output
from models.oracle.marked_referents import read_marked_referent
from models.oracle.parsed import (
    CAST_RIDER_NOTE,
    EXILED_ABILITIES_NOTE,
    FORETELL_GRANT,
    GRANTED_ALTERNATIVE_COST,
    GRAVEYARD_PERMISSION,
    LAND_PLAY_PERMISSION,
    NO_OPTIONAL_COST,
    OPTIONAL_COST_REDUCTION,
    OWN_ABILITIES_PERMISSION,
    OWN_ALTERNATIVE_COST_NOTE,
    OWN_RIDER_NOTE,
    OWN_SPELL_MANA_NOTE,
    PUMP_SET_ASIDE_NOTE,
    TRIGGER_COST_NOTE,
    UNSPENT_LIFE_NOTE,
    Collector,
    ParsedText,
    SentenceReading,
    paying_trigger,
)
from models.oracle.read_activated import read_mana_ability
from models.oracle.read_granted_keywords import haste_while, same_for_keywords, same_is_true
from models.oracle.readings import Head, NotForNonartifact, Nouns
from models.oracle.resolution_times import resolution_time
from models.oracle.rider_clauses import cast_rider, clause_riders, sentence_mana_sources, way_mana_sources
from models.oracle.spell_cost_rules import FlashbackCostIsManaCost, GraveyardPermissionReading
from models.types import BASIC_LAND_TYPES, CARD_TYPES, SUPERTYPES, TypeLine


def read_static_sentence(sentence: str, out: Collector, line: str = "") -> None:
    if classify.about_granted_foretell(sentence):
        try:  # (Dream Devourer's grant of foretell and its cost, CR 702.143a: planner.rules.granted_foretell)
            out.effects.append(replace(parse_foretell_grant(sentence), text=sentence))
            out.read(sentence, "effect", FORETELL_GRANT)
        except UnreadError:
            out.unread(sentence)
        return
    if classify.gives_granted_keyword_cost(sentence):
        _read_granted_keyword_cost(sentence, out)
        return
    granting = classify.grants_graveyard_casting(sentence) or classify.grants_graveyard_land_plays(sentence)
    if granting and not classify.starts_with(classify.tokens(sentence), "when", "whenever", "at"):
        _read_graveyard_permission(sentence, out)  # (a trigger's: set aside, warned where it matters)
        return
    if "mana cost" in sentence and (granted := granted_alternative_cost(sentence)) is not None:
        # ('If you cast a spell this way, ...': the cost of the permission before it, one to cast from the top
        # of the library, Bolas's Citadel's static one or Gwenom's trigger's until end of turn, CR 611.2a; of
        # another permission, Inside Information's cards exiled from a library: not read)
        before = out.sentences[-1].text if out.sentences else ""
        after_trigger = granted.from_library and triggered_library_cast_permission(before)
        if granted.from_library and not (library_cast_permission(before) or after_trigger):
            out.unread(sentence)
            return
        # (planner.rules.alternative_costs)
        out.effects.append(GrantedAlternativeCost(sentence, granted, after_trigger))
        out.read(sentence, "effect", GRANTED_ALTERNATIVE_COST)
        return
    if classify.own_alternative_cost(sentence) and alternative_cost_of(sentence) is not None:
        # (its own alternative cost, read: the spell's, planned when it is the spell paid for; CR 118.9)
        out.read(sentence, "ignored", OWN_ALTERNATIVE_COST_NOTE)
        out.ignored.append(sentence)
        return
    if _own_spell_mana(sentence) or _way_mana(sentence, out):
        out.read(sentence, "ignored", OWN_SPELL_MANA_NOTE)
        out.ignored.append(sentence)
        return
    before = out.sentences[-1].text if out.sentences else ""
    if read_marked_referent(sentence, before, out, read_alone):
        return  # ('That land is ...', 'Each of those lands is ...': an effect on what a counter marks)
    body = sentence.strip().rstrip(".")
    if body[:1] in ("\u2022", "*"):
        body = body[1:].lstrip()  # '• Add {R}.': one mode of a modal ability
    if body.lower().startswith("until end of turn, "):
        body = body[len("until end of turn, ") :]  # a resolved instant's effect (Pale Moon)
    if (
        out.sentences
        and out.sentences[-1].read_as == "not_payment"
        and body.lower().startswith("spend this mana only")
    ):
        # a restriction on the mana a trigger or a spell adds (Smoky Lounge): part of that mana's record
        try:
            restriction, rider = spend_restriction(parse_spending(body), body.strip())
        except UnreadError:
            restriction, rider = None, "unread"
        if restriction is not None and not rider:
            out.not_payment[-1] = replace(out.not_payment[-1], restriction=restriction)
            out.read(sentence, "not_payment", "a restriction on the mana the sentence before adds")
        else:
            out.unread(sentence)
        return
    if (
        out.sentences
        and out.sentences[-1].read_as == "not_payment"
        and out.not_payment
        and out.not_payment[-1].restriction is None
        and _not_for_nonartifact(body)
    ):
        # 'This mana can't be spent to cast nonartifact spells.' after a trigger's mana (Karn, Legacy
        # Reforged): the uses left are every ability's cost and artifact spells (CR 106.6), as on an ability
        artifacts = SpendUse(kind=PaymentKind.SPELL, types=("Artifact",))
        restriction = SpendRestriction((SpendUse(kind=PaymentKind.ABILITY), artifacts), sentence)
        out.not_payment[-1] = replace(out.not_payment[-1], restriction=restriction)
        out.read(sentence, "not_payment", "a restriction on the mana the sentence before adds")
        return
    if (
        out.sentences
        and out.sentences[-1].read_as == "ignored"
        and "unless" in classify.tokens(out.sentences[-1].text)
        and classify.starts_with(classify.tokens(body), "this cost is reduced by")
    ):
        # 'This cost is reduced by {2} for each basic land type among lands you control.' after 'At the
        # beginning of your upkeep, sacrifice ~ unless you pay {10}.' (Draco): part of that trigger
        out.read(sentence, "ignored", TRIGGER_COST_NOTE)
        out.ignored.append(sentence)
        return
    if classify.grants_exiled_cards_abilities(body):
        out.unread(sentence, EXILED_ABILITIES_NOTE)
        return
    if classify.spends_any_type_on_own_abilities(body):
        out.read(sentence, "ignored", OWN_ABILITIES_PERMISSION)  # (unless a mana cost is colored: freeze)
        out.ignored.append(sentence)
        return
    reading: s.StaticSentence | None = None
    if classify.may_be_static(body):
        try:
            reading = parse_static(body)
        except UnreadError:
            reading = _one_card_permission(body)
    match reading:
        case s.ChooseAsEnters("land type"):
            out.read(sentence, "ignored", LAND_TYPE_CHOICE_NOTE)  # (no choice a board gives: none read)
            out.ignored.append(sentence)
            return
        case s.ChooseAsEnters(kind):
            out.choices.append(kind.replace(" ", "_"))
            out.read(sentence, "choice")
            return
        case s.Imprint(what) if _is_imprint(what):
            # what it exiled is the board's 'imprinted' choice; the text that reads it asks for it
            out.read(sentence, "choice", "the card it exiled is the board's choices.imprinted")
            return
        case s.GrantedWhile() if _read_granted_while(reading, sentence, out):
            return
        case s.KeywordsWhile() if "haste" not in reading.keywords:
            out.ignore(sentence)  # (other keywords: nothing a payment reads, whatever the condition)
            return
        case s.KeywordsWhile():
            try:
                out.effects.extend(haste_while(reading, sentence))
            except UnreadError:
                out.unread(sentence)  # (a pair under a condition of another kind)
            else:
                out.read(sentence, "effect")
            return
        case s.UnspentCostsLife():
            # (mana is lost only as a step or phase ends, CR 500.4: never while a cost is paid)
            out.read(sentence, "ignored", UNSPENT_LIFE_NOTE)
            out.ignored.append(sentence)
            return
        case s.OneCardPermission(as_kind):
            # a permission for the card an effect exiled: for a spell cast from exile, taken to be that card
            as_types = ALL_COLORS if as_kind == "color" else ALL_TYPES
            from_exile = SpendRestriction((SpendUse(purpose=SpendPurpose.FROM_EXILE),), sentence)
            permits = SpendAsThough(
                text=sentence,
                who=Who.YOU,
                types=ALL_TYPES,
                as_types=as_types,
                when_paying=from_exile,
                one_card=True,
            )
            out.effects.append(permits)
            out.read(sentence, "effect", "a permission for the card an effect exiled, cast from exile")
            return
        case s.SameIsTrue():
            same_is_true(reading, body, sentence, out)
            return
        case s.SameIsTrueForKeywords(keywords):
            same_for_keywords(keywords, sentence, out)
            return
        case s.SameIsTrueForTypes(types):
            # (Ward of Bones: the prohibition before it again, of each type named)
            last = out.effects[-1] if out.effects else None
            again = same_ban_for(last, types, sentence) if isinstance(last, CastBan) else None
            if again is None:
                out.unread(sentence)
            else:
                out.effects.extend(again)
                out.read(sentence, "effect")
            return
        case s.OwnCostIfBargained() | s.OwnCostPerSacrificed() if not reading.more:
            # (what an optional additional cost paid takes off: read with it, models.oracle.additional_costs;
            # the board's sacrificed_this_turn for the turn's part, of card types alone)
            if isinstance(reading, s.OwnCostPerSacrificed) and not s.plain_types(reading.turn_what):
                out.unread(sentence)
            elif (
                isinstance(reading, s.OwnCostPerSacrificed)
                and reading.tapped
                and not s.taps_creatures_for_one_each(reading)
            ):
                out.unread(sentence)  # (only {1} for each creature tapped is planned: Explosive Singularity)
            elif isinstance(reading, s.OwnCostPerSacrificed) and not _after_optional_cost(
                out, reading.tapped
            ):
                out.unread(sentence, NO_OPTIONAL_COST)
            else:
                out.read(sentence, "effect", OPTIONAL_COST_REDUCTION)
            return
        case s.ReductionFloor(least):
            # Heartstone's rider on the sentence before it: the reduction keeps that much mana in the cost
            last = out.effects[-1] if out.effects else None
            if isinstance(last, AbilityCostChange) and last.generic < 0 and not last.floor:
                out.effects[-1] = replace(last, floor=least)
                out.read(sentence, "effect")
            elif _floorable_spell_reduction(last):
                # (a spell's: 'Artifact spells you cast cost {1} less to cast. This effect can't reduce ...')
                assert isinstance(last, CostModifier)
                out.effects[-1] = replace(last, floor=least)
                out.read(sentence, "effect")
            else:
                out.unread(sentence)
            return
        case s.TypeChangeReading(
            subject=s.SelfSubject(), which=s.TypeSet.EVERY_CREATURE_TYPE, while_text="", gets="", keywords=()
        ):
            # ('~ is every creature type.': a characteristic-defining ability, in every zone, CR 604.3, which
            # is what changeling means, CR 702.73a: its spell and its permanent are every creature type)
            out.keywords.append("changeling")
            out.read(sentence, "keyword", EVERY_CREATURE_TYPE_NOTE)
            return
        case s.TypeChangeReading(
            subject=s.SelfSubject(), which=s.TypeSet.CHOSEN | s.TypeSet.CHOSEN_CREATURE_TYPE
        ):
            # ('This creature is the chosen type ...': of the choice the card's text made as it entered)
            _own_chosen_type(reading, sentence, out)
            return
        case s.StillAType(kept):
            # (the rider of the creature change before it: 'Enchanted land is a 3/3 black Ooze creature.
            # It's still a land.', CR 205.1b)
            if _keep_types(kept, sentence, out):
                return
            if out.sentences and out.sentences[-1].read_as == "ignored":
                out.ignore(sentence)  # (the rider of an ignored sentence, a trigger's 'becomes': ignored too)
            else:
                out.unread(sentence)
            return
        case s.OwnReductionMost(symbols):
            # (Valiant Changeling's rider on the sentence before: its own reduction takes off so much at most)
            last = out.effects[-1] if out.effects else None
            most = symbols[1:-1]
            if (
                isinstance(last, CostModifier)
                and last.own
                and last.generic_delta < 0
                and not last.most
                and most.isascii()
                and most.isdigit()
            ):
                out.effects[-1] = replace(last, most=int(most))
                out.read(sentence, "effect")
            else:
                out.unread(sentence)
            return
        case s.EffectContinues():
            # (Titania's Song's rider on the sentence before it: its effect outlasts its source this turn)
            last = out.effects[-1] if out.effects else None
            if isinstance(last, AbilityLoss) and last.linked and not last.continues:
                out.effects[-1] = replace(last, continues=True)
                out.read(sentence, "effect")
            else:
                out.unread(sentence)
            return
        case s.LinkedLoss():
            # (the permanent The Wondrous Wasp's trigger chose: the board's choices.linked_permanent)
            out.effects.extend(static_effect(reading, sentence) or ())
            out.choices.append("linked_permanent")
            out.read(sentence, "effect")
            return
        case s.ItLosesAbilities(keywords):
            # (Retro-Mutation's rider on the type change before it: its objects lose their abilities)
            _it_loses_abilities(keywords, sentence, out)
            return
        case s.OptionalLifeForSpells():
            # the Defilers' optional additional cost: a change that takes off what the next sentence says
            out.effects.append(optional_life_modifier(reading, sentence))
            out.read(sentence, "effect")
            return
        case s.ThoseOnceEachTurn():
            # (Mairsil's rider on the sentence before it: each ability it gives, once each turn, CR 602.5b)
            last = out.effects[-1] if out.effects else None
            if isinstance(last, AbilitiesOfCards) and not last.once_each_turn:
                out.effects[-1] = replace(last, once_each_turn=True)
                out.read(sentence, "effect")
            else:
                out.unread(sentence)
            return
        case s.ThoseCostIfLifePaid():
            # (its rider, on the sentence before it: what paying the life takes off)
            last = out.effects[-1] if out.effects else None
            if isinstance(last, CostModifier) and last.paid_life:
                try:
                    out.effects[-1] = life_paid_reduction(last, reading, sentence)
                except UnreadError:
                    out.unread(sentence)
                else:
                    out.read(sentence, "effect")
            else:
                out.unread(sentence)
            return
        case s.OnlyColored(color):
            # Edgewalker's and Morophon's rider on the sentence before it: nothing of the reduction spills
            # onto generic mana (CR 118.7b-c apply otherwise); after anything else it is not understood; the
            # Defilers' 'only the amount of white mana' after a reduction of white mana alone
            last = out.effects[-1] if out.effects else None
            if (
                isinstance(last, CostModifier)
                and last.colored
                and not (last.only_colored or last.colored_more)
                and (not color or last.colored.types == ManaTypes.parse(color))
            ):
                out.effects[-1] = replace(last, only_colored=True)
                out.read(sentence, "effect")
            else:
                out.unread(sentence)
            return
    effects = _effects(reading, body, sentence)
    if (
        not effects
        and isinstance(reading, s.TypeChangeReading)
        and reading.gets
        and reading.each is not None
        and (effects := _effects(replace(reading, gets="", each=None), body, sentence))
    ):
        # ('gets +1/+1 for each creature card in your graveyard and is an Avatar ...': a count a payment may
        # change; the types read, the pump set aside as any power change not read, ParsedText.changes_power)
        out.effects.extend(effects)
        out.read(sentence, "effect", PUMP_SET_ASIDE_NOTE)
        return
    if effects:
        out.effects.extend(effects)
        out.read(sentence, "effect")
        if any(needs_imprinted(effect) for effect in effects):
            out.choices.append("imprinted")
        if any(isinstance(effect, CostModifier) and effect.chosen_name for effect in effects):
            out.choices.append("card_name")  # ('Spells with the chosen name': the board's choices.card_name)
        return
    if (on_spells := cast_rider(sentence, line)) is not None:
        out.effects.append(on_spells)  # (planner.rules.spell_cost: a rider of the spells it triggers on)
        out.read(sentence, "effect", CAST_RIDER_NOTE)
        return
    if not classify.adds_mana(body) and clause_riders(body):
        out.read(sentence, "ignored", OWN_RIDER_NOTE)  # (models.spells: the target's riders when it is cast)
        out.ignored.append(sentence)
        return
    adds = classify.adds_mana(body)
    if adds and (why := classify.not_payment_kind(body, line or sentence)) is not None:
        output = quoted_output(body) if why is NotPaymentKind.GRANTED else output_after_add(body)
        out.not_payment.append(
            NotPaymentMana(sentence, why, output, resolution_time=resolution_time(sentence))
        )
        out.ignored.append(sentence)
        out.sentences.append(SentenceReading(sentence, "not_payment", paying_trigger(sentence)))
    elif (
        classify.mentions_mana(body)
        # (unless it is one that can't change a payment: ignored, as any sentence that isn't about mana)
        and (adds or not classify.not_during_payment(body, line or sentence))
    ) or classify.hurts_when_tapped(body):
        out.unread(sentence)
    else:
        out.ignore(sentence)


def read_alone(sentence: str) -> ParsedText:
    """A static sentence read on its own, as a card of that one sentence is (the static form of a sentence
    whose referent a counter marks: :mod:`models.oracle.marked_referents`).

    >>> [type(e).__name__ for e in read_alone("Enchanted land is an Island.").effects]
    ['TypeChange']
    """
    out = Collector()
    read_static_sentence(sentence, out)
    return out.freeze()


def _it_loses_abilities(keywords: tuple[str, ...], sentence: str, out: Collector) -> None:
    """'It can't attack and loses all abilities.' after 'Enchanted creature is a Turtle with base power and
    toughness 0/1.' (Retro-Mutation), 'It has defender and loses all other abilities.' (Spider-Man No More):
    one ability of two sentences, whose objects are the type change's (CR 613.6): they lose every ability in
    layer 6, all but the keywords it gives them with 'other' (none of which, haste aside, a payment reads).
    After anything else, or giving haste, it is not read.

    >>> from models.oracle.parsed import Collector
    >>> out = Collector()
    >>> read_static_sentence("Enchanted creature is a Turtle with base power and toughness 0/1.", out)
    >>> read_static_sentence("It can't attack and loses all abilities.", out)
    >>> change, loss = out.effects
    >>> loss.affected == change.affected, loss.linked, loss.follows == change.text
    (True, True, True)
    """
    last = out.effects[-1] if out.effects else None
    before = out.sentences[-1] if out.sentences else None
    if (
        not isinstance(last, TypeChange)
        or before is None
        or before.read_as != "effect"
        or before.text != last.text
        or "haste" in keywords
    ):
        out.unread(sentence)
        return
    out.effects.append(AbilityLoss(sentence, last.affected, linked=True, follows=last.text))
    out.read(sentence, "effect")


def _not_for_nonartifact(body: str) -> bool:
    """'This mana can't be spent to cast nonartifact spells' (or 'a nonartifact spell'), as the grammar reads
    it on an ability.

    >>> _not_for_nonartifact("This mana can't be spent to cast nonartifact spells")
    True
    """
    try:
        return isinstance(parse_effect(body), NotForNonartifact)
    except UnreadError:
        return False


def _read_granted_keyword_cost(sentence: str, out: Collector) -> None:
    """The cost of a keyword a permanent grants the cards of its controller's graveyard: 'The flashback cost
    is equal to that card's mana cost.' (Lier, CR 702.34a) is what its grant's permission pays, read; any
    other (an escape cost's cards to exile, Underworld Breach) is unsupported text, as its grant is.

    >>> out = Collector()
    >>> _read_granted_keyword_cost("The flashback cost is equal to that card's mana cost.", out)
    >>> out.sentences[0].read_as
    'effect'
    """
    try:
        reading = parse_graveyard_permission(sentence)
    except UnreadError:
        reading = None
    if isinstance(reading, FlashbackCostIsManaCost):
        out.read(sentence, "effect", GRAVEYARD_PERMISSION)
    else:
        out.unread(sentence)


def _read_graveyard_permission(sentence: str, out: Collector) -> None:
    """A permanent's permission to cast spells from its controller's graveyard (CR 601.2a:
    :func:`graveyard_permission_of`); a sentence of another shape is unsupported text.

    >>> out = Collector()
    >>> _read_graveyard_permission("You may cast nonland cards with cycling from your graveyard.", out)
    >>> (permission,) = out.effects
    >>> [(card.excluded, card.keyword) for card in permission.cards], out.sentences[0].read_as
    ([(('Land',), 'cycling')], 'effect')
    """
    permission = graveyard_permission_of(sentence)
    if permission is None:
        out.unread(sentence)
        return
    out.effects.append(permission)
    lands = classify.grants_graveyard_land_plays(sentence)
    out.read(sentence, "effect", LAND_PLAY_PERMISSION if lands else GRAVEYARD_PERMISSION)


def graveyard_permission_of(sentence: str) -> GraveyardPermission | None:
    """The permission to cast spells from its controller's graveyard a permanent's sentence grants (the
    grammar's ``graveyard_permission``), its cards made filters (a card's zone and head aside: the graveyard
    is the permission's, a card and a spell of it alike; a reminder in parentheses aside); None when the
    sentence is of another shape.

    >>> graveyard_permission_of("You may cast spells from your graveyard if you gained life this turn.")
    >>> from models.filters import ObjectFilter
    >>> graveyard_permission_of("You may cast spells from your graveyard.").cards == (ObjectFilter(),)
    True
    """
    try:
        reading = parse_graveyard_permission(sentence.split(" (", 1)[0].strip())
        if not isinstance(reading, GraveyardPermissionReading):
            return None  # (the granted flashback's cost: read with the grant, read_static_sentence)
        cards = tuple(object_filter(replace(noun, zone="", head=Head.TYPES)) for noun in reading.what.nouns)
    except UnreadError:
        return None
    return GraveyardPermission(
        text=sentence,
        cards=cards,
        your_turn=reading.your_turn,
        once_each_turn=reading.once_each_turn,
        each_permanent_type=reading.each_permanent_type,
        life=reading.life,
        keyword=reading.keyword,
        play=reading.play,
        most_mana_value=reading.most_mana_value,
    )


def _one_card_permission(body: str) -> s.OneCardPermission | None:
    """'For as long as ..., you may spend mana as though it were mana of any color to cast it': the
    permission at the end of a sentence about a card an effect exiled (Daxos, Gonti)."""
    lowered = body.lower()
    for opening in ("you may spend mana as though", "mana of any type can be spent"):
        start = lowered.find(opening)
        if start > 0 and not lowered[start - 1].isalnum():
            try:
                reading = parse_static(body[start:])
            except UnreadError:
                return None
            return reading if isinstance(reading, s.OneCardPermission) else None
    return None


def _is_imprint(what: object) -> bool:
    """Imprint's exiled thing: a land, or a card (from the hand)."""
    if not isinstance(what, Nouns):
        return False
    last = what.nouns[-1]
    land_or_card = last.head is Head.CARD or (last.head is Head.TYPES and last.types[-1:] == ("Land",))
    return land_or_card and last.zone in ("", "hand") and not last.qualities


def _effects(reading: s.StaticSentence | None, body: str, sentence: str) -> tuple[StaticEffect, ...]:
    """The effects the sentence makes: a mana effect (a replacement or a triggered mana ability), a static
    effect, a grant of mana abilities, or an attached permanent's activation ban."""
    if classify.may_be_mana_effect(body):
        try:
            return (mana_effect(parse_mana_effect(body), sentence),)
        except UnreadError:
            pass
    try:
        if isinstance(reading, s.GrantReading):
            return _grants(reading, sentence)
        if isinstance(reading, s.BecomesWithOnly):
            return _becomes_with_only(reading, sentence)
        if isinstance(reading, s.BecomesColorless):
            return _becomes_colorless(reading, sentence)
        granting = isinstance(reading, s.TypeChangeReading) and reading.granted
        if granting and isinstance(reading, s.TypeChangeReading) and isinstance(reading.subject, Nouns):
            # 'Equipped creature is a Wizard in addition to its other types and has "<ability>"': the types
            # (and the pump before them), and the grant
            changed = static_effect(replace(reading, granted=""), sentence) or ()
            return (*changed, *_grants(s.GrantReading(reading.subject, reading.granted), sentence))
        if isinstance(reading, s.PowerChangeReading) and reading.ability:
            # 'Equipped creature gets +3/+3 and has vigilance and "<ability>"': the pump, and the grant
            if not isinstance(reading.subject, Nouns):
                return ()
            pumped = static_effect(replace(reading, ability=""), sentence) or ()
            return (*pumped, *_grants(s.GrantReading(reading.subject, reading.ability), sentence))
        if reading is not None:
            return static_effect(reading, sentence) or ()
    except UnreadError:
        return ()
    ban = _attached_ban(body, sentence)
    return (ban,) if ban is not None else ()


def _grants(reading: s.GrantReading, sentence: str) -> tuple[StaticEffect, ...]:
    """'<objects> have "<mana ability>"' (layer 6): one grant for each description ('Each land and Ally you
    control has ...'), which the planner gives a permanent once however many it matches; with the keywords
    beside it ('have haste and "..."'), haste too (the other keywords change no payment). A quoted ability
    that is no mana ability grants nothing a payment reads, unless it is about mana: not read."""
    granted = _granted_ability(reading.ability)
    hasted = static_effect(s.KeywordGrantReading(reading.what, reading.keywords), sentence) or ()
    from_graveyard = reading.condition == _IN_YOUR_GRAVEYARD
    if hasted and from_graveyard:
        raise UnreadError(sentence)  # (haste granted from a graveyard: no such card)
    # 'As long as <condition>, <objects> have "...": the grant while it holds (judged on the board)
    held = while_condition(reading.condition) if reading.condition and not from_graveyard else None
    if held is not None and held.unevaluated:
        raise UnreadError(sentence)  # (a condition the grammar does not read: no grant guessed, none counted)
    if held is not None:
        hasted = tuple(replace(grant, condition=held) for grant in hasted if isinstance(grant, GrantHaste))
    if granted is None:
        if classify.mentions_mana(reading.ability):
            raise UnreadError(sentence)  # (an ability about mana that adds none: a cost reduction...)
        return hasted
    affected = object_filters(reading.what)
    if any(_changes_unfollowed(flt) for flt in affected):
        # (what has the ability could change while paying, a permanent tapped: not executed yet)
        raise UnreadError(sentence)
    ability, leftovers = granted
    if leftovers:
        raise UnreadError(sentence)
    if from_graveyard and any(flt.controller is not Who.YOU or flt.counter is not None for flt in affected):
        # (relative to the graveyard's owner: 'you control' only; counters a cost may move are judged for
        # grants on the battlefield alone, planner.rules.steady.counters_gap)
        raise UnreadError(sentence)
    grants = tuple(GrantAbility(sentence, flt, ability, from_graveyard, condition=held) for flt in affected)
    return (*grants, *hasted)


def _changes_unfollowed(flt: ObjectFilter) -> bool:
    """True when what a grant's description matches may change while paying in a way no grant follows: a
    status other than counters (tapped), or a power. A grant to permanents with counters ('Each creature you
    control with a counter on it has "{T}: Add {G}."') is read: the planner judges whether a cost may move
    the counters (:func:`planner.rules.steady.grants_in_force`).

    >>> _changes_unfollowed(ObjectFilter(counter="")), _changes_unfollowed(ObjectFilter(untapped=True))
    (False, True)
    """
    return bool(flt.reads() & STATUS_FACTS - {BoardFact.COUNTERS}) or flt.power_at_least is not None


def _after_optional_cost(out: Collector, tapped: bool) -> bool:
    """True when a sentence before it in the card is the optional additional cost its 'this way' refers to:
    "you may tap any number of untapped creatures you control" for what is tapped this way, "you may
    sacrifice (exile) any number of ..." for what is sacrificed (exiled) this way (CR 601.2b, 601.2f).

    >>> from models.oracle import parse_oracle
    >>> alone = "This spell costs {1} less to cast for each creature tapped this way."
    >>> [r.read_as for r in parse_oracle(alone).sentences]
    ['unsupported']
    """
    for earlier in out.sentences:
        if "additional cost" not in earlier.text.lower():
            continue  # (a gate, not a reader)
        try:
            costs = parse_additional_cost(earlier.text)
        except UnreadError:
            return True  # (a cost not read: its spell's answer warns of it, the way is not paid)
        if any(isinstance(c, OptionalTap if tapped else OptionalSacrifice) for c in costs):
            return True
    return False


def _becomes_with_only(reading: s.BecomesWithOnly, sentence: str) -> tuple[StaticEffect, ...]:
    """'Enchanted permanent is a Treasure artifact with "<mana ability>" and it loses all other abilities'
    (Minimus Containment): its types set (layer 4) and the one ability it keeps (layer 6), for the permanent
    an Aura is attached to only. 'Is a colorless land with "{T}: Add {C}." and loses all other card types and
    abilities' (Imprisoned in the Moon): its card types set, its subtypes of the card types it keeps kept
    (CR 205.1a), colorless (layer 5); a quoted ability that is no mana ability (Sugar Coat's Food's) is
    granted nothing a payment reads, and the others are lost all the same.

    >>> from models.oracle.grammar import parse_static
    >>> text = ('Enchanted permanent is a Treasure artifact with "{T}, Sacrifice ~: Add one mana of any '
    ...     'color," and it loses all other abilities')
    >>> change, grant = _becomes_with_only(parse_static(text), text + ".")
    >>> str(change.sets_types), grant.ability.cost.sacrifice_self, grant.affected.attached
    ('Artifact — Treasure', True, True)
    >>> text = ('Enchanted permanent is a colorless land with "{T}: Add {C}." and loses all other card types '
    ...     'and abilities')
    >>> change, colors, grant = _becomes_with_only(parse_static(text), text + ".")
    >>> str(change.sets_types), change.keeps_subtypes, str(colors.colors), grant.ability.text
    ('Land', True, '', '{T}: Add {C}.')
    """
    card_types = tuple(t for t in reading.types if t in CARD_TYPES)
    subtypes = tuple(t for t in reading.types if t not in CARD_TYPES)
    if not card_types or any(t in SUPERTYPES for t in subtypes):
        raise UnreadError(f"the types {' '.join(reading.types)!r}")
    affected = object_filters(reading.what)
    if len(affected) != 1 or not affected[0].attached:
        raise UnreadError(sentence)  # (an Aura's only: what else loses its abilities is not followed)
    grants = _grants(s.GrantReading(reading.what, reading.ability), sentence)
    if any(not isinstance(grant, GrantAbility) for grant in grants):
        raise UnreadError(sentence)  # (a keyword granted beside it: not read)
    sets = TypeLine(card_types=card_types, subtypes=subtypes)
    change = TypeChange(
        sentence,
        affected[0],
        (),
        False,
        sets_types=sets,
        keeps_subtypes=reading.other_card_types,
        loses_abilities=True,
    )
    colors = (ColorChange(sentence, affected[0], ManaTypes(), False),) if reading.colorless else ()
    return (change, *colors, *grants)


def _becomes_colorless(reading: s.BecomesColorless, sentence: str) -> tuple[StaticEffect, ...]:
    """'Enchanted permanent is a colorless Forest land' (Song of the Dryads): its card types and subtypes set
    (layer 4, its supertypes kept), so a land type set takes the abilities of its rules text away and gives
    the land type's own (CR 305.7), and it is colorless (layer 5); for the permanent an Aura is attached to.

    >>> from models.oracle.grammar import parse_static
    >>> text = "Enchanted permanent is a colorless Forest land"
    >>> change, colors = _becomes_colorless(parse_static(text), text + ".")
    >>> str(change.sets_types), str(colors.colors), colors.adds
    ('Land — Forest', '', False)
    """
    card_types = tuple(t for t in reading.types if t in CARD_TYPES)
    subtypes = tuple(t for t in reading.types if t not in CARD_TYPES)
    affected = object_filters(reading.what)
    if card_types != ("Land",) or not all(t in BASIC_LAND_TYPES for t in subtypes) or not subtypes:
        raise UnreadError(f"the types {' '.join(reading.types)!r}")  # (a land of basic land types only)
    if len(affected) != 1 or not affected[0].attached:
        raise UnreadError(sentence)  # (an Aura's only)
    sets = TypeLine(card_types=card_types, subtypes=subtypes)
    return (
        TypeChange(sentence, affected[0], (), False, sets_types=sets),
        ColorChange(sentence, affected[0], ManaTypes(), False),
    )


#: The condition of a grant that works from its card's graveyard (Riftstone Portal).
_IN_YOUR_GRAVEYARD: Final = "~ is in your graveyard"


def gained_by_itself(body: str, chapter: int, sentence: str) -> tuple[GrantAbility, ...] | None:
    """A Saga's chapter ability by which the Saga gains a mana ability ('I — ~ gains "{T}: Add {C}."': Urza's
    Saga), as a grant to itself while it has at least ``chapter`` lore counters, or a static ability that
    grants one ('II — ~ gains "Creatures you control have '{T}: Add {R}, {G}, or {W}.'"': Roar of the Fifth
    People), as the grants it makes while the Saga has that many; None for any other chapter ability. A
    gained ability that is not read in full raises ``UnreadError``.

    >>> (grant,) = gained_by_itself('~ gains "{T}: Add {C}."', 1, 'I — ~ gains "{T}: Add {C}."')
    >>> grant.ability.text, grant.lore_at_least, grant.affected.self_only
    ('{T}: Add {C}.', 1, True)
    >>> body = '''~ gains "Creatures you control have '{T}: Add {R}, {G}, or {W}.'"'''
    >>> (grant,) = gained_by_itself(body, 2, "II — " + body + ".")
    >>> grant.ability.text, grant.lore_at_least, grant.affected.types, grant.affected.self_only
    ('{T}: Add {R}, {G}, or {W}.', 2, ('Creature',), False)
    >>> gained_by_itself("Add {R}", 2, "II — Add {R}.") is None
    True
    """
    opening = '~ gains "'
    if not (body.startswith(opening) and body.endswith('"')) or body.count('"') != 2:
        return None
    gained = body[len(opening) : -1]
    # a static ability that grants one: its quoted ability in single quotes, as a quote within a quote
    start = gained.find(" '")
    if start < 0 or not gained.endswith("'"):
        found = _granted_ability(gained)
        if found is None:
            return None
        if found[1]:
            raise UnreadError(sentence)
        return (GrantAbility(sentence, ObjectFilter(self_only=True), found[0], lore_at_least=chapter),)
    if not classify.adds_mana(gained):
        return None
    static = f'{gained[:start]} "{gained[start + 2 : -1]}"'
    return tuple(replace(grant, lore_at_least=chapter) for grant in _chapter_grants(static, sentence))


def granted_until_next_turn(
    body: str, chapters: tuple[int, ...], sentence: str
) -> tuple[GrantAbility, ...] | None:
    """A Saga's chapter ability that grants a mana ability until its controller's next turn ('I, II — Until
    your next turn, creatures you control gain "{T}: Add one mana of any color."': Song of Freyalise), as
    the grants in force while the Saga has one of those chapters' lore counters, but at the beginning of its
    controller's turn (the effect of the turn before has ended: CR 611.2a, 714.2b); None for any other
    chapter ability. A grant not read in full raises ``UnreadError``.

    >>> body = 'Until your next turn, creatures you control gain "{T}: Add one mana of any color."'
    >>> (grant,) = granted_until_next_turn(body, (1, 2), "I, II — " + body + ".")
    >>> grant.lore_at_least, grant.lore_at_most, grant.until_your_next_turn, grant.affected.types
    (1, 2, True, ('Creature',))
    """
    opening = "until your next turn, "
    if not body.lower().startswith(opening) or '"' not in body or not classify.adds_mana(body):
        return None
    if list(chapters) != list(range(min(chapters), max(chapters) + 1)):
        raise UnreadError(sentence)  # (chapters apart: the lore counters between them grant nothing)
    # ('gain' as printed; 'have' reads the same: the grant is the chapter's effect either way)
    grants = _chapter_grants(body[len(opening) :].replace(' gain "', ' have "', 1), sentence)
    low, high = min(chapters), max(chapters)
    return tuple(
        replace(grant, lore_at_least=low, lore_at_most=high, until_your_next_turn=True) for grant in grants
    )


def _chapter_grants(static: str, sentence: str) -> tuple[GrantAbility, ...]:
    """The grants of mana abilities a chapter's static sentence makes ('Creatures you control have "{T}: Add
    {R}, {G}, or {W}."'), with no condition and nothing else granted; raises ``UnreadError`` otherwise."""
    reading = parse_static(static.rstrip("."))
    if not isinstance(reading, s.GrantReading) or reading.condition:
        raise UnreadError(sentence)
    grants = _grants(reading, sentence)
    if not grants or not all(isinstance(grant, GrantAbility) for grant in grants):
        raise UnreadError(sentence)  # (haste granted from a chapter on: not read)
    return tuple(grant for grant in grants if isinstance(grant, GrantAbility))


def _granted_ability(granted: str) -> tuple[ManaAbility, list[str]] | None:
    """The mana ability a quoted ability is ('{T}: Add one mana of any color.') with its unread sentences,
    or None when it makes no mana; raises ``UnreadError`` when its cost or effect is not read."""
    colon = t.find_colon(granted)
    if colon < 0 or "add" not in classify.tokens(granted):
        return None
    return read_mana_ability(granted[:colon], granted[colon + 1 :], granted)


def _read_granted_while(reading: s.GrantedWhile, sentence: str, out: Collector) -> bool:
    """'As long as ~ is renowned, it has vigilance and "{T}: Add one mana of any color."': the mana ability
    exists only while the condition holds (an activation condition when it is one the grammar reads)."""
    try:
        granted = _granted_ability(reading.ability)
    except UnreadError:
        return False
    if granted is None:
        return False
    ability, leftovers = granted
    if leftovers or ability.activation_condition is not None:
        return False
    try:
        ability = replace(ability, activation_condition=condition(parse_condition(reading.condition)))
    except UnreadError:
        ability = replace(ability, exists_while=f"as long as {reading.condition}")
    out.mana_abilities.append(ability)
    out.read(sentence, "mana_ability")
    return True


_ATTACHED_WORDS: Final = ("enchanted", "equipped")


_ATTACHED_TYPES: Final = ("land", "creature", "permanent", "artifact")


_ITS_ABILITIES_BANNED: Final = "and its activated abilities can't be activated"


def _attached_ban(body: str, sentence: str) -> StaticEffect | None:
    """'Enchanted permanent doesn't untap during its controller's untap step and its activated abilities
    can't be activated.' (Encrust): the permanent the source is attached to can't activate abilities."""
    words = body.split(" ")
    lowered = body.lower()
    if (
        len(words) < 3
        or words[0].lower() not in _ATTACHED_WORDS
        or words[1].lower().rstrip(",") not in _ATTACHED_TYPES
        or not lowered.endswith(_ITS_ABILITIES_BANNED)
        or '"' in body
        or "." in body
    ):
        return None
    word = words[1].lower().rstrip(",")
    return ActivationBan(
        sentence, ObjectFilter(types=() if word == "permanent" else (word.title(),), attached=True)
    )


#: The note on a card's own 'is every creature type' (Dr. Julius Jumblemorph's shape).
EVERY_CREATURE_TYPE_NOTE: Final = (
    "every creature type in every zone: a characteristic-defining ability, as changeling (CR 604.3, 702.73a)"
)

#: The note on Traveler's Cloak's 'As ~ enters, choose a land type.': a landwalk's type (CR 702.14); a land's
#: mana comes of its basic land types (CR 305.6), chosen as 'a basic land type' (the board's
#: choices.basic_land_type), so no payment reads this choice.
LAND_TYPE_CHOICE_NOTE: Final = "a land type chosen for what no payment reads (a landwalk, CR 702.14)"


def _own_chosen_type(reading: s.TypeChangeReading, sentence: str, out: Collector) -> None:
    """A card's own 'is the chosen type', of the one type choice its text made before it (a creature type or
    a basic land type: :func:`~models.oracle.build_type_changes.own_chosen_type`); unread otherwise."""
    made = [c for c in out.choices if c in ("creature_type", "basic_land_type")]
    try:
        if len(made) != 1:
            raise UnreadError(f"the chosen type of no one choice: {sentence}")
        out.effects.append(own_chosen_type(reading, sentence, made[0]))
    except UnreadError:
        out.unread(sentence)
    else:
        out.read(sentence, "effect")


def _keep_types(kept: str, sentence: str, out: Collector) -> bool:
    """'It's still a land.' after a creature change that set types: that change keeps the other types
    instead (:func:`~models.oracle.build_type_changes.kept_types`), its colors and haste, linked to it by its
    sentence, left as they are; False when the sentence before is no such change."""
    changes = [i for i, effect in enumerate(out.effects) if isinstance(effect, TypeChange)]
    if not changes:
        return False
    last = out.effects[changes[-1]]
    assert isinstance(last, TypeChange)
    after = out.effects[changes[-1] + 1 :]
    if not all(isinstance(e, ColorChange | GrantHaste) and e.linked and e.text == last.text for e in after):
        return False
    still = kept_types(last, kept, sentence)
    if still is None:
        return False
    out.effects[changes[-1]] = still
    out.read(sentence, "effect")
    return True


def _own_spell_mana(sentence: str) -> bool:
    """True for a rule of the mana spent to cast the card itself ("Spend only mana produced by basic lands to
    cast ~.", "You can't spend mana to cast ~."): :func:`~models.oracle.rider_clauses.sentence_mana_sources`
    reads it.

    >>> _own_spell_mana("You can't spend mana to cast ~."), _own_spell_mana("Spend only mana on Tuesdays.")
    (True, False)
    """
    return bool(sentence_mana_sources(sentence))


def _way_mana(sentence: str, out: Collector) -> bool:
    """True for "Spend only mana produced by Treasures to cast it this way." just after the spell's own
    alternative cost it is a rule of (Security Rhox: :func:`models.spells.own_alternative_costs` pairs them);
    alone, or of another source, it stays unread.

    >>> from models.oracle import parse_oracle
    >>> rhox = "You may pay {R}{G} rather than pay this spell's mana cost. Spend only mana produced by "
    >>> [r.read_as for r in parse_oracle(rhox + "Treasures to cast it this way.").sentences]
    ['ignored', 'ignored']
    >>> alone = "Spend only mana produced by Treasures to cast it this way."
    >>> [r.read_as for r in parse_oracle(alone).sentences]
    ['unsupported']
    """
    if not way_mana_sources(sentence) or not out.sentences:
        return False
    return alternative_cost_of(out.sentences[-1].text) is not None


def _floorable_spell_reduction(effect: object) -> bool:
    """True for a permanent's plain generic reduction of spells' costs that a floor may follow ('This effect
    can't reduce the mana in that cost to less than one mana.', CR 601.2f): not a spell's own, not colored,
    not counted, not already floored.

    >>> from models.oracle import parse_oracle
    >>> (cheaper,) = parse_oracle("Artifact spells you cast cost {1} less to cast.").effects
    >>> _floorable_spell_reduction(cheaper), _floorable_spell_reduction(None)
    (True, False)
    """
    return (
        isinstance(effect, CostModifier)
        and effect.generic_delta < 0
        and not effect.floor
        and not effect.own
        and not effect.colored
        and effect.amount is None
        and effect.for_each is None
        and not effect.per_other_spell_this_turn
        and not effect.per_target
        and not effect.minimum_total
        and not effect.most
    )
