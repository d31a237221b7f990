"""The grammar's transformer methods for the terms of a prohibition on casting (CR 101.2) beyond its plain
player scope ('Enchanted player', 'defending player', 'Each opponent who controls more creatures than you',
'during combat', 'As long as <condition>,', 'with mana value greater than the number of lands that player
controls', 'or activate abilities that aren't mana abilities'), the spells it names by a choice or a name
('of the chosen type', 'with the chosen name', 'with the same name as the exiled card' and their kin, CR
201.2a; Reflector Mage's 'That creature's owner'), the prohibitions on playing lands ('Players can't play
nonbasic lands with the same name as a nontoken permanent.': Cornered Market; Ward of Bones' 'Each opponent
who controls more lands than you can't play lands.', CR 305.1), Ward of Bones' 'The same is true for
artifacts and enchantments.' and Uphill Battle's 'Creatures played by your opponents ...', mixed into the
transformer of :mod:`models.oracle.grammar` (``cant_cast`` itself is the static rules').

>>> from models.oracle.grammar import parse_static
>>> parse_static("You can't play lands").opponents
False
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from lark import Token, Transformer, v_args

from models.alternative_costs import EVERY_MANA_VALUE, ManaValues, SpellName, SpellsGranted
from models.cost import SPELL_ZONES
from models.oracle import lexicon
from models.oracle import readings as r
from models.oracle.grammar_parser import UnreadError
from models.oracle.phrase_rules import fixed_number
from models.oracle.readings import Controller, Nouns, Number
from models.oracle.statics import (
    ActivationBanReading,
    BanTermsReading,
    CastBanReading,
    CostPaymentBanReading,
    LandPlayBanReading,
    OthersEnterTappedReading,
    SameIsTrueForTypes,
    TimingLimitReading,
)

__all__ = ["BanRules", "ManaValueAbove", "ban_scope", "passive_spells"]


@dataclass(frozen=True, slots=True)
class ManaValueAbove:
    """'with mana value greater than the number of <objects> that player controls' (Lavinia)."""

    what: Nouns


def ban_scope(parts: tuple[Any, ...]) -> tuple[str, BanTermsReading, tuple[Any, ...]]:
    """A prohibition's players ('you', 'opponents', 'everyone'), its terms from its head ('As long as
    <condition>,', 'During combat,', 'Enchanted player', 'defending player', 'Each opponent who controls
    more ... than you') and the parts after its players.

    >>> players, terms, rest = ban_scope(
    ...     (None, Token("WHILE_TEXT", "~ is  attacking"), BanTermsReading(defending_player=True), 1))
    >>> players, terms.defending_player, terms.while_text, rest
    ('opponents', True, '~ is attacking', (1,))
    """
    at = next(
        n
        for n, part in enumerate(parts)
        if isinstance(part, BanTermsReading) or (type(part) is str and part != "combat")
    )
    head, players, rest = parts[:at], parts[at], parts[at + 1 :]
    terms = players if isinstance(players, BanTermsReading) else BanTermsReading()
    said = [str(part) for part in head if isinstance(part, Token) and part.type == "WHILE_TEXT"]
    terms = replace(terms, while_text=" ".join(said[0].split()) if said else "", combat="combat" in head)
    if not isinstance(players, BanTermsReading):
        return players, terms, rest
    # (the enchanted player may be its controller: every player, narrowed to the one enchanted; the defending
    # player and an opponent who controls more: opponents, CR 506.2)
    return "everyone" if terms.enchanted_player else "opponents", terms, rest


@v_args(inline=True)
class BanRules(Transformer[Token, Any]):
    """The parse tree of a prohibition's terms to their readings."""

    def ban_enchanted(self, attached: Token) -> BanTermsReading:
        """'Enchanted player' (a Curse's player, CR 303.4)."""
        if str(attached).lower() != "enchanted":
            raise UnreadError(f"'{attached} player'")  # (no player is equipped)
        return BanTermsReading(enchanted_player=True)

    def ban_defending(self) -> BanTermsReading:
        return BanTermsReading(defending_player=True)

    def ban_opponents_with_more(self, what: Nouns) -> BanTermsReading:
        """'Each opponent who controls more creatures than you' (Ward of Bones)."""
        return BanTermsReading(more_than_you=what)

    def ban_opponents_who_attacked(self, *parts: Token) -> BanTermsReading:
        """'Each opponent who attacked you or a planeswalker you control this turn' (Sandswirl Wanderglyph);
        'who attacked you' alone is not read (the board's record of attacks counts planeswalkers too)."""
        kinds = [str(part).lower() for part in parts if part.type == "CARD_TYPE"]
        if kinds != ["planeswalker"]:
            raise UnreadError(f"an opponent who attacked you or a {' '.join(kinds) or 'nothing else'}")
        return BanTermsReading(attacked_you=True)

    def ban_combat(self) -> str:
        return "combat"

    def also_abilities(self, _or: Token) -> str:
        return "abilities"

    def also_abilities_again(self, *words: Token) -> str:
        """', and enchanted player can't activate abilities that aren't mana abilities': the same ban on
        the enchanted player's non-mana abilities (CR 602.5) as 'or activate ...' (:meth:`cant_cast`)."""
        attached = next(word for word in words if word.type == "ATTACHED")
        if str(attached).lower() != "enchanted":
            raise UnreadError(f"'{attached} player'")
        return "abilities_again"

    def spell_mana_value_above_count(self, what: Nouns) -> ManaValueAbove:
        return ManaValueAbove(what)

    def played_enter_tapped(self, what: Nouns, *_tapped: Token) -> OthersEnterTappedReading:
        """'Creatures played by your opponents enter the battlefield tapped.' (Uphill Battle): the player who
        played a permanent controls it as it enters (CR 110.2), so its controller is an opponent."""
        if any(noun.controller is not Controller.UNSAID for noun in what.nouns):
            raise UnreadError("a permanent both played by and controlled by someone")
        nouns = tuple(replace(noun, controller=Controller.OPPONENTS) for noun in what.nouns)
        return OthersEnterTappedReading(replace(what, nouns=nouns), played=True)

    def cant_play_lands(self, *parts: Any) -> LandPlayBanReading:
        """'<players> can't play [non<type>] lands [with the same name as a nontoken permanent] [from
        <zones>]' (CR 101.2, 305.1); '<players>' with its terms ('Each opponent who controls more lands than
        you': Ward of Bones)."""
        players, terms, rest = ban_scope(parts)
        (lands,) = (p for p in rest if isinstance(p, Token) and p.type == "CARD_TYPE")
        named = next((part for part in rest if isinstance(part, SpellName)), None)
        if str(lands).lower() not in ("land", "lands") or players == "owner":
            raise UnreadError(f"a prohibition on playing {lands}")
        if named not in (None, SpellName.NONTOKEN_PERMANENT):
            raise UnreadError("lands of a name a choice gives")  # (no card says so: not judged)
        if terms.combat or terms.while_text or terms.defending_player:
            raise UnreadError("a prohibition on playing lands under a condition")  # (no card says so)
        excluded = tuple(
            str(p).lower().removeprefix("non").removeprefix("-").title()
            for p in rest
            if isinstance(p, Token) and p.type == "NON_TYPE"
        )
        zones = next((part for part in rest if isinstance(part, frozenset)), None)
        after = [str(p) for p in rest if isinstance(p, Token) and p.type == "WHILE_TEXT"]
        return LandPlayBanReading(
            players == "opponents",
            players == "everyone",
            excluded,
            named,
            zones,
            terms,
            " ".join(after[0].split()) if after else "",
        )

    def cant_pay_costs(self, *parts: Any) -> CostPaymentBanReading:
        """'<players> can't pay life or sacrifice <permanents> to cast spells or activate abilities' (CR
        101.2, 118.3: Yasharn, Implacable Earth): what its players can't pay as a cost, for what."""
        players, terms, rest = ban_scope(parts)
        if terms != BanTermsReading() or players not in ("you", "opponents", "everyone"):
            raise UnreadError("a prohibition on paying costs under terms")  # (no card says so: not judged)
        sacrificed = [part for part in rest if isinstance(part, Nouns)]
        return CostPaymentBanReading(
            opponents=players == "opponents",
            everyone=players == "everyone",
            life="life" in rest,
            sacrificed=sacrificed[0] if len(sacrificed) == 1 else None,
            spells="spells" in rest,
            abilities="abilities" in rest,
        )

    def life_cant_change(self, *parts: Any) -> CostPaymentBanReading:
        """'Your life total can't change.' (Platinum Emperion), 'You can't lose life.': its players can't pay
        life for any cost (CR 119.8: a player who can't lose life can't pay life other than 0; a life total
        that can't change can't lose any, CR 119.7), to cast spells or activate abilities alike.

        >>> from models.oracle.grammar import parse_static
        >>> ban = parse_static("Your life total can't change.")
        >>> ban.life, ban.opponents, ban.everyone, ban.spells, ban.abilities
        (True, False, False, True, True)
        """
        players, terms, _rest = ban_scope(parts)
        if terms != BanTermsReading() or players not in ("you", "opponents", "everyone"):
            raise UnreadError("a life total that can't change under terms")  # (no card says so: not judged)
        return CostPaymentBanReading(
            opponents=players == "opponents",
            everyone=players == "everyone",
            life=True,
            spells=True,
            abilities=True,
        )

    def timing_limit(self, *parts: Any) -> TimingLimitReading:
        """'<players> can cast spells [and activate abilities] only <when>' (City of Solitude, Teferi, Mage
        of Zhalfir; CR 101.2): what its players may do only then.

        >>> from models.oracle.grammar import parse_static
        >>> city = parse_static("Players can cast spells and activate abilities only during their own turns.")
        >>> city.everyone, city.spells, city.abilities, city.sorcery
        (True, True, True, False)
        """
        players, *rest = parts
        return TimingLimitReading(
            opponents=players == "opponents",
            everyone=players in ("players", "each player"),
            spells="spells" in rest,
            abilities="abilities" in rest,
            sorcery="sorcery" in rest,
        )

    def timing_opponents(self) -> str:
        return "opponents"

    def own_turns_window(self) -> str:
        return "own_turns"

    def sorcery_window(self, _article: Token) -> str:
        return "sorcery"

    def banned_life(self) -> str:
        return "life"

    def banned_sacrifice(self, what: Nouns) -> Nouns:
        return what

    def banned_spells(self, _spells: Token) -> str:
        return "spells"

    def banned_abilities(self) -> str:
        return "abilities"

    def same_is_true_for_types(self, *parts: Token) -> SameIsTrueForTypes:
        """'The same is true for artifacts and enchantments.' (the card types, canonical)."""
        types = [p for p in parts if p.type == "CARD_TYPE"]
        return SameIsTrueForTypes(tuple(lexicon.canonical_type(str(t)) or str(t) for t in types))

    def spells_of_chosen_type(self) -> str:
        return "chosen_type"

    def ban_owner(self, _creature: Token) -> str:
        """'That creature's owner' (Reflector Mage): the board gives no owner, and a permanent's owner is
        taken as its controller, so the owner of 'a creature an opponent controls' is an opponent."""
        return "owner"

    def named_chosen(self) -> SpellName:
        return SpellName.CHOSEN

    def named_as_exiled(self, _card: Token) -> SpellName:
        return SpellName.EXILED

    def named_as_exiled_with_it(self, *_parts: Token) -> SpellName:
        return SpellName.EXILED_WITH_IT

    def named_as_nontoken_permanent(self, _article: Token, non_type: Token, _permanent: Token) -> SpellName:
        if str(non_type).lower().replace("-", "") != "nontoken":
            raise UnreadError(f"the same name as a {non_type} permanent")
        return SpellName.NONTOKEN_PERMANENT

    def named_as_that_creature(self, _creature: Token) -> SpellName:
        return SpellName.THAT_CREATURE

    def activation_ban(self, what: Nouns) -> ActivationBanReading:
        return ActivationBanReading(what)

    def your_turn_only(self) -> str:
        return "your_turn"

    def ban_you(self) -> str:
        return "you"

    def ban_opponents(self) -> str:
        return "opponents"

    def ban_everyone(self) -> str:
        return "everyone"

    def zone_library(self) -> str:
        return "library"

    def banned_from(self, *zones: str) -> frozenset[str]:
        return frozenset(z for z in zones if z in SPELL_ZONES)

    def banned_but_hand(self) -> frozenset[str]:
        """'from anywhere other than their hands': every zone a spell is cast from but the hand."""
        return frozenset(SPELL_ZONES) - {"hand"}

    def cant_cast(self, *parts: Any) -> CastBanReading:
        """'[As long as <condition>, | During combat,] <players> can't cast <spells> [with mana value N or
        less] [of the chosen color | type] [with the chosen name] [from <zones>] [during your turn | during
        combat] [or activate abilities that aren't mana abilities]' (CR 101.2)."""
        players, terms, rest = ban_scope(parts)
        if "abilities_again" in rest and not terms.enchanted_player:
            raise UnreadError("'and enchanted player can't activate abilities' after another player's ban")
        rest = tuple("abilities" if part == "abilities_again" else part for part in rest)
        spells = next(part for part in rest if isinstance(part, SpellsGranted))
        zones = next((part for part in rest if isinstance(part, frozenset)), None)
        values = next((part for part in rest if isinstance(part, ManaValues)), EVERY_MANA_VALUE)
        above = next((part.what for part in rest if isinstance(part, ManaValueAbove)), None)
        terms = replace(
            terms,
            combat=terms.combat or "combat" in rest,
            mana_value_above=above,
            abilities="abilities" in rest,
        )
        named = next((part for part in rest if isinstance(part, SpellName)), None)
        if (players == "owner") != (named is SpellName.THAT_CREATURE):
            # ('That creature's owner' is the subject of Reflector Mage's lasting effect alone)
            raise UnreadError("a prohibition on that creature's owner, or until your next turn, alone")
        return CastBanReading(
            spells,
            opponents=players in ("opponents", "owner"),
            your_turn="your_turn" in rest,
            everyone=players == "everyone",
            zones=zones,
            mana_values=values,
            chosen_color="chosen_color" in rest,
            chosen_type="chosen_type" in rest,
            named=named,
            terms=terms,
            shares_last_color="shares_last_color" in rest,
        )

    def sharing_last_color(self, *_words: Token) -> str:
        return "shares_last_color"

    def passive_cast_ban(self, what: Nouns) -> CastBanReading:
        """'<spells> can't be cast' (Meddling Mage's 'Spells with the chosen name can't be cast.', Gaddock
        Teeg's 'Noncreature spells with mana value 4 or greater can't be cast.'): a prohibition on casting
        that names no player binds every player (CR 101.2), the spells the one noun phrase describes
        (:func:`passive_spells`).

        >>> from models.oracle.grammar import parse_static
        >>> ban = parse_static("Noncreature spells with {X} in their mana costs can't be cast.")
        >>> ban.everyone, ban.spells.excluded, ban.x_in_cost
        (True, ('Creature',), True)
        """
        return passive_spells(what)

    def spells_of_chosen_color(self) -> str:
        return "chosen_color"

    def spell_mana_value_at_most(self, number: Number, _or: Token, more_less: Token) -> ManaValues:
        if str(more_less).lower() != "less":
            raise UnreadError(f"a mana value 'or {more_less}'")  # (not a phrase of the rules)
        return ManaValues(most=fixed_number(number))

    def spell_mana_value_at_least(self, number: Number, _or: Token) -> ManaValues:
        return ManaValues(least=fixed_number(number))

    def others_enter_tapped(self, what: Nouns, tapped: Token) -> OthersEnterTappedReading:
        return OthersEnterTappedReading(what, untapped=tapped.type == "UNTAPPED")

    def others_enter_while_self(
        self, _as_long_as: Any, condition: Token, what: Nouns, tapped: Token
    ) -> OthersEnterTappedReading:
        """'As long as ~ is tapped, other permanents enter tapped.' (Archelos, Lagoon Mystic): only a
        condition on its source's being tapped or untapped is read."""
        said = " ".join(str(condition).lower().split())
        if said not in ("~ is tapped", "~ is untapped"):
            raise UnreadError(f"how others enter as long as {said}")
        while_self = said.removeprefix("~ is ")
        return OthersEnterTappedReading(what, untapped=tapped.type == "UNTAPPED", while_self=while_self)

    def cant_cast_additional(
        self, _article: Token, cast: SpellsGranted, forbidden: SpellsGranted
    ) -> CastBanReading:
        """'Each player who has cast a nonartifact spell this turn can't cast additional nonartifact spells.'
        (Ethersworn Canonist): every player may cast at most one spell of the kind each turn, counting the
        spells of the kind cast before (CR 101.2); two kinds that differ are not read.

        >>> from models.oracle.grammar import parse_static
        >>> ban = parse_static("Each player who has cast a nonartifact spell this turn can't cast additional "
        ...     "nonartifact spells.")
        >>> ban.everyone, ban.most, ban.spells.excluded
        (True, 1, ('Artifact',))
        """
        if cast != forbidden:
            raise UnreadError("a prohibition on spells of another kind than those cast")
        return CastBanReading(forbidden, everyone=True, most=1)

    def cant_cast_more_than_one(self, *parts: Any) -> CastBanReading:
        """'<players> can't cast more than one spell each turn' (Archon of Emeria; 'Enchanted player ...':
        Curse of Exhaustion, CR 101.2)."""
        players, terms, _ = ban_scope(parts)
        return CastBanReading(
            SpellsGranted(),
            opponents=players == "opponents",
            everyone=players == "everyone",
            most=1,
            terms=terms,
        )


#: The noun's names that a prohibition's spells may have (CR 201.2a): 'with the chosen name', 'with the same
#: name as the exiled card'
_BANNED_NAMES = {r.CHOSEN_NAME: SpellName.CHOSEN, r.EXILED_NAME: SpellName.EXILED}


def passive_spells(what: Nouns) -> CastBanReading:
    """The prohibition of every player (CR 101.2) on casting the spells ``what`` describes: one noun phrase
    whose head is 'spells', of its types and 'non' types, with the qualities a prohibition holds (a mana
    value bound, {X} in the mana cost, the chosen number, word, name, color or type); any other part is not
    read (never a prohibition wider or narrower than written).

    >>> from models.oracle.grammar import parse_objects
    >>> ban = passive_spells(parse_objects("noncreature spells with mana value 4 or greater"))
    >>> ban.everyone, ban.spells.excluded, ban.mana_values.least
    (True, ('Creature',), 4)
    >>> passive_spells(parse_objects("spells with the chosen name")).named
    <SpellName.CHOSEN: 'with the chosen name'>
    """
    if len(what.nouns) != 1:
        raise UnreadError(f"a prohibition on casting {what.words(plural=True)!r}: more than one kind")
    (noun,) = what.nouns
    plain = r.Noun(
        types=noun.types,
        excluded=noun.excluded,
        head=noun.head,
        qualities=noun.qualities,
        chosen_type=noun.chosen_type,
        chosen_color=noun.chosen_color,
        named=noun.named,
    )
    if noun.head is not r.Head.SPELL or noun != plain or (noun.named and noun.named not in _BANNED_NAMES):
        raise UnreadError(f"a prohibition on casting {noun.words(plural=True)!r}")
    least = [q.at_least for q in noun.qualities if isinstance(q, r.WithManaValue)]
    most = [q.at_most for q in noun.qualities if isinstance(q, r.WithManaValueAtMost)]
    held = (r.WithSymbolInCost("{X}"), r.WithChosenNumber(), r.WithChosenWord())
    others = [
        q
        for q in noun.qualities
        if q not in held and not isinstance(q, r.WithManaValue | r.WithManaValueAtMost)
    ]
    if others or len(least) + len(most) > 1 or len(set(noun.qualities)) != len(noun.qualities):
        raise UnreadError(f"a prohibition on casting {noun.words(plural=True)!r}")
    values = ManaValues(least=least[0]) if least else ManaValues(most=most[0]) if most else EVERY_MANA_VALUE
    return CastBanReading(
        SpellsGranted(types=noun.types, excluded=noun.excluded),
        everyone=True,
        mana_values=values,
        chosen_color=noun.chosen_color,
        chosen_type=noun.chosen_type,
        named=_BANNED_NAMES.get(noun.named),
        x_in_cost=r.WithSymbolInCost("{X}") in noun.qualities,
        chosen_number=r.WithChosenNumber() in noun.qualities,
        chosen_word=r.WithChosenWord() in noun.qualities,
    )
