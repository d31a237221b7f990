"""Alternative costs by the rules (CR 118.9, :mod:`models.alternative_costs`): which ones a spell may be cast
for on a board, what casting it for one pays, and the check that a payment paid it.

A spell's own alternative cost is read from its text (:attr:`PaymentTarget.text`); one a permanent grants
(Fist of Suns, Nissa, Worldsoul Speaker, Omniscience) is a static effect the reader read
(:class:`~models.mana_effects.GrantedAlternativeCost`), in force for the permanents the paying player
controls whose abilities are not lost (:meth:`~planner.rules.view.BoardView.effects_of`, once per board).
A way is usable when its condition holds ("If you control a Swamp"), it is for this spell (its types;
Omniscience: the spell is in the hand), and the player has the life (CR 119.4), the energy and the cards
in hand it asks; the permanents to sacrifice are planned with the mana as an additional cost's are
(:mod:`planner.additional`). At most one is paid (CR 118.9a); the spell's additional costs, increases and
reductions apply to it (CR 601.2f): the total cost is worked out from the alternative cost's mana
(:func:`cast_for`).

>>> from models.alternative_costs import FACE_DOWN_KEYWORDS, AlternativeCost
>>> paid = AlternativeCostPaid("Snuff Out", AlternativeCost(mana="", life=4))
>>> paid.to_json()  # doctest: +NORMALIZE_WHITESPACE
{'kind': 'alternative_cost', 'source': 'Snuff Out', 'cost': 'pay 4 life', 'paid': '', 'life': 4,
 'energy': 0, 'sacrificed': [], 'exiled': []}
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, replace
from typing import Any

from models.alternative_costs import (
    FACE_DOWN_KEYWORDS,
    FORETELL,
    GRAVEYARD_KEYWORDS,
    AlternativeCost,
    HandExile,
)
from models.board import Board, Card, Player
from models.cost import CostSymbol, ManaCost, PaymentKind, PaymentTarget, SymbolKind
from models.filters import ObjectFilter
from models.mana import ManaTypes
from models.mana_effects import GrantedAlternativeCost
from models.oracle.read_statics import graveyard_permission_of
from models.oracle.rider_clauses import TREASURES
from models.spells import own_alternative_costs
from models.types import TypeLine
from planner.rules.additional_costs import (
    banned_life_reason,
    discard_candidates,
    sacrifice_candidates,
    without_cards,
    written_cost,
)
from planner.rules.amounts import mana_value, spells_cast_matching, spells_cast_unlisted
from planner.rules.exiled_card_ways import why_not_exiled_card
from planner.rules.granted_foretell import granted_foretell_costs, ungranted_grants
from planner.rules.graveyard_permissions import (
    keyword_permission_warnings,
    permissions,
    why_not_permitted,
)
from planner.rules.graveyard_ways import graveyard_others, graveyard_way_required
from planner.rules.question import view_of
from planner.rules.records import TextWarning, WarningKind
from planner.rules.replay import IllegalPlanError, PaymentSummary
from planner.rules.turn_facts import creatures_died, turn_condition_holds
from planner.rules.view import BoardView

__all__ = [
    "AlternativeCostPaid",
    "Way",
    "card_mana_value",
    "cast_for",
    "check_alternative",
    "emerge_ways",
    "exile_choices",
    "exiled_card_only",
    "exiled_card_refused",
    "foretold_only",
    "foretold_warnings",
    "mana_cost_refused",
    "no_alternative_reason",
    "offering_cost",
    "offering_costs",
    "own_alternative_costs",
    "paid_board",
    "permits_x",
    "undecided_offerings",
    "unknown_cast_ways",
    "unweighed_ways",
    "usable_ways",
    "way_x",
    "why_not_usable",
    "with_alternative",
]


@dataclass(frozen=True, slots=True)
class Way:
    """An alternative cost a spell may be cast for: ``source`` is the spell's name for its own, else the id
    of the permanent that grants it; ``permission``: the id of the permanent whose permission lets the spell
    be cast from the graveyard this way ('' for none: :mod:`planner.rules.graveyard_permissions`)."""

    source: str
    cost: AlternativeCost
    permission: str = ""


@dataclass(frozen=True, slots=True)
class AlternativeCostPaid:
    """The alternative cost a payment paid (contract §6's ``alternative_payments``, kind
    ``alternative_cost``): where it comes from, the cost, and what paid its parts (the permanents
    sacrificed, ids in the board's order; the names of the cards exiled from the hand, sorted); the
    permanent whose permission let the spell be cast from the graveyard (:attr:`Way.permission`)."""

    source: str
    cost: AlternativeCost
    sacrificed: tuple[str, ...] = ()
    exiled: tuple[str, ...] = ()
    permission: str = ""

    def to_json(self) -> dict[str, Any]:
        """The JSON object in the answer's ``alternative_payments``."""
        return {
            "kind": "alternative_cost",
            "source": self.source,
            "cost": self.cost.describe(),
            "paid": "" if self.cost.without_mana else self.cost.mana,
            "life": self.cost.life,
            "energy": self.cost.energy,
            "sacrificed": [] if self.returns or self.taps else list(self.sacrificed),
            "exiled": [] if self.discards else list(self.exiled),
            **({"returned": list(self.sacrificed)} if self.returns else {}),
            **({"tapped": list(self.sacrificed)} if self.taps else {}),
            **({"discarded": list(self.exiled)} if self.discards else {}),
            **({"permission": self.permission} if self.permission else {}),
        }

    @property
    def discards(self) -> bool:
        """True when the cards taken from the hand are discarded (Dream Halls), not exiled."""
        return self.cost.exile is not None and self.cost.exile.discard

    @property
    def returns(self) -> bool:
        """True when the cost returns its permanents to their owners' hands (Daze's "return an Island you
        control to its owner's hand"), not sacrifices them."""
        return bool(self.cost.sacrifice) and all(part.returned for part in self.cost.sacrifice)

    @property
    def taps(self) -> bool:
        """True when the cost taps its permanents ("tap an untapped creature you control"), not sacrifices
        them (they stay on the battlefield, tapped)."""
        return bool(self.cost.sacrifice) and all(part.tapped for part in self.cost.sacrifice)

    def describe(self) -> str:
        """The payment in words: 'Snuff Out's alternative cost: pay 4 life'."""
        parts = [f"{self.source}'s alternative cost: {self.cost.describe()}"]
        if self.sacrificed:
            verb = "returned to hand " if self.returns else "tapped " if self.taps else "sacrificed "
            parts.append(verb + ", ".join(self.sacrificed))
        if self.exiled:
            parts.append(("discarded " if self.discards else "exiled ") + ", ".join(self.exiled))
        if self.permission:
            parts.append(f"cast from the graveyard by {self.permission}'s permission (CR 601.2a)")
        return "; ".join(parts)


def granted_ways(board: Board, player: str, target: PaymentTarget | None = None) -> tuple[Way, ...]:
    """The alternative costs the permanents ``player`` controls grant (their
    :class:`~models.mana_effects.GrantedAlternativeCost` effects in force), and those any permanent grants
    every player (Dream Halls), in the board's order; with ``target``, a cost whose {X} is the spell's mana
    value (Kentaro, the Smiling Cat) made that much generic mana, and one whose life is (Bolas's Citadel)
    that much life (CR 202.3: its mana cost's, X as chosen).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "cat", "name": "Test Cat", "type_line": "Creature", "controller": "me", "oracle":
    ...      "You may pay {X} rather than pay the mana cost for Samurai spells you cast, where X is that "
    ...      "spell's mana value."}]})
    >>> samurai = PaymentTarget.of("{2}{W}", name="Test Samurai", type_line="Creature — Human Samurai")
    >>> [str(way.cost) for way in granted_ways(board, "me", samurai)]
    ['{3}']
    """
    ways = tuple(
        Way(sourced.source, sourced.effect.cost)
        for sourced in view_of(board).effects_of(GrantedAlternativeCost)
        if isinstance(sourced.effect, GrantedAlternativeCost)
        and (sourced.controller == player or _to_anyone(sourced.effect.cost))
    )
    if target is None:
        return ways
    return tuple(_for_spell(way, target) for way in ways)


def _for_spell(way: Way, target: PaymentTarget) -> Way:
    """The way with what it asks worked out for the spell ``target`` (CR 202.3: its mana value, X as
    chosen): Kentaro's {X} that much generic mana (:func:`mana_value_mana`), Bolas's Citadel's life that
    much life."""
    if way.cost.x_is_mana_value:
        return replace(way, cost=replace(way.cost, mana=mana_value_mana(target), x_is_mana_value=False))
    if way.cost.life_is_mana_value:
        return replace(way, cost=replace(way.cost, life=target.mana_value, life_is_mana_value=False))
    return way


def mana_value_mana(target: PaymentTarget) -> str:
    """An alternative cost's "{X}, where X is that spell's mana value" (Kentaro, the Smiling Cat; Hama's
    waterbend {X}) as mana for the spell: its mana value in generic mana (CR 202.3e), with an {X} for each X
    of its mana cost still to be chosen, which that cost lets the player choose (an alternative cost that
    includes X, CR 107.3b) and which counts in its mana value on the stack.

    >>> mana_value_mana(PaymentTarget.of("{1}{W}{W}")), mana_value_mana(PaymentTarget.of("{X}{X}{R}"))
    ('{3}', '{X}{X}{1}')
    >>> mana_value_mana(PaymentTarget.of("{X}{R}").with_x(4))
    '{5}'
    """
    unchosen = sum(1 for symbol in target.cost.symbols if symbol.kind is SymbolKind.VARIABLE)
    return "{X}" * unchosen + f"{{{target.mana_value}}}"


def _to_anyone(cost: AlternativeCost) -> bool:
    """True when a permanent grants the cost to every player's spells (Dream Halls)."""
    return cost.spells is not None and cost.spells.anyone


#: Why an alternative cost a permanent grants is not weighed for a spell not named: it replaces a spell's
#: mana cost (CR 118.9), and a cost given alone is not known to be one (it may be a total cost, with
#: increases, reductions or additional costs in it, CR 601.2f): a gap of the question, not of the text.
_UNNAMED = (
    "an alternative cost it grants replaces a spell's mana cost (CR 118.9), and a cost given alone is not "
    "known to be one: not weighed, this cost was paid as mana; name the card with --spell"
)


def unweighed_ways(board: Board, player: str, target: PaymentTarget) -> tuple[TextWarning, ...]:
    """A warning for each alternative cost the player's permanents grant that could pay ``target``, a spell
    given by its cost alone (``--for`` its type, no name), which the planner weighs only for a named spell
    (:func:`usable_ways`): never a silent "no" where the granted cost pays.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "fist", "name": "Fist of Suns", "type_line": "Artifact", "controller": "me",
    ...      "oracle": "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast."}]})
    >>> [w.permanent for w in unweighed_ways(board, "me", PaymentTarget.of("{7}"))]
    ['fist']
    >>> unweighed_ways(board, "me", PaymentTarget.of("{7}", name="Ulamog"))
    ()
    """
    if target.kind is not PaymentKind.SPELL or target.name:
        return ()
    return tuple(
        TextWarning(way.source, way.cost.describe(), _UNNAMED, WarningKind.NOT_WEIGHED)
        for way in granted_ways(board, player)
        if why_not_usable(board, player, target, way) is None
    )


def unknown_cast_ways(board: Board, player: str, target: PaymentTarget) -> tuple[TextWarning, ...]:
    """A warning for each of the spell's own alternative costs usable "if you've cast another white spell
    this turn" (Patrician's Scorn) when the board gives how many spells the player cast, not which: not used.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "spells_cast_this_turn": 1}]})
    >>> from models.spells import spell_of
    >>> scorn = spell_of("{3}{W}", name="Test Scorn", text="If you've cast another white spell this "
    ...     "turn, you may cast this spell without paying its mana cost.")
    >>> [w.reason for w in unknown_cast_ways(board, "me", scorn)]
    ['players[0].spells_cast_this_turn gives how many spells, not which: not used']
    """
    if not target.text or board.player(player).spells_cast is not None:
        return ()
    where = f"players[{[p.id for p in board.players].index(player)}].spells_cast_this_turn"
    return tuple(
        TextWarning(
            target.name or "spell",
            cost.text or cost.describe(),
            f"{where} gives how many spells, not which: not used",
            WarningKind.ASSUMED,
        )
        for cost in own_alternative_costs(target.text, target.name)
        if cost.if_cast is not None and cost.if_cast != ObjectFilter()
    )


def why_not_usable(board: Board, player: str, target: PaymentTarget, way: Way) -> str | None:
    """Why ``target`` can't be cast for ``way`` on ``board`` whatever the mana does; None when it can.

    >>> from models.alternative_costs import AlternativeCost
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "life": 3}], "permanents": []})
    >>> why_not_usable(board, "me", PaymentTarget.of("{3}{B}", name="Snuff Out"),
    ...     Way("Snuff Out", AlternativeCost(mana="", life=4, if_control=("Swamp",))))
    'pay 4 life: me controls no Swamp'
    """
    cost = way.cost
    state = board.player(player)
    view = view_of(board)
    if target.type_line.is_a("Land") and cost.keyword not in FACE_DOWN_KEYWORDS:
        # (a land card is played, not cast, CR 305.1, 305.9; face down it is a 2/2 creature card, 601.3e)
        return f"{cost.describe()}: {target.name or 'the card'} is a land, cast only face down"
    for wanted in cost.if_control:
        if not any(
            view.permanent(p.id).controller == player and view.type_line(p.id).is_a(wanted)
            for p in board.permanents
        ):
            return f"{cost.describe()}: {player} controls no {wanted}"
    for wanted in cost.if_opponent_controls:
        if not any(
            view.permanent(p.id).controller != player and view.type_line(p.id).is_a(wanted)
            for p in board.permanents
        ):
            return f"{cost.describe()}: no opponent of {player} controls a {wanted}"
    if cost.opponent_gains and all(other.id == player for other in board.players):
        return f"{cost.describe()}: {player} has no opponent"
    if cost.if_your_turn and board.active_player != player:
        return f"{cost.describe()}: it is not {player}'s turn"
    if cost.if_not_your_turn and board.active_player == player:
        return f"{cost.describe()}: it is {player}'s turn"
    cast = max((p.spells_cast_this_turn for p in board.players if p.id != player), default=0)
    if cost.if_opponent_cast > cast:
        return f"{cost.describe()}: no opponent of {player} cast {cost.if_opponent_cast} spells this turn"
    if cost.if_cast is not None:
        where = f"players[{[p.id for p in board.players].index(player)}].spells_cast_this_turn"
        if spells_cast_unlisted(board, cost.if_cast, player):
            return f"{cost.describe()}: {where} gives how many spells, not which"
        if not spells_cast_matching(view, cost.if_cast, player):
            return f"{cost.describe()}: {player} cast no {cost.if_cast.describe()} spell this turn"
    if cost.if_opponent_gained_life and not any(
        p.id != player and p.life_gained_this_turn > 0 for p in board.players
    ):
        return f"{cost.describe()}: no opponent of {player} gained life this turn"
    if cost.if_discarded and not state.cards_discarded_this_turn:  # (not given: none, with a warning)
        return f"{cost.describe()}: {player} discarded no card this turn"
    if cost.if_creature_died:  # (not given: none, with a warning; a count alone can't say which died)
        died = creatures_died(view, cost.died_what, target.name)
        what = "creature" if cost.died_what is None else cost.died_what.describe()
        if died is None:
            return f"{cost.describe()}: creatures_died_this_turn gives how many creatures died, not which"
        if not died:
            return f"{cost.describe()}: no {what} died this turn"
    for needed in cost.if_turn_facts:  # (spectacle's, raid's: not given, none counted, with a warning)
        if not turn_condition_holds(board, player, needed):
            return f"{cost.describe()}: not so this turn: {needed.text}"
    if cost.keyword == "mutate" and not any(
        _mutate_target(view, p.id, player, target) for p in board.permanents
    ):
        return f"{cost.describe()}: {player} controls no non-Human creature to mutate onto"
    # (a spell cast from another zone is not cast from the hand, whatever copy the hand holds, CR 601.2a)
    from_hand = target.zone in ("hand", None) and (target.from_hand or state.in_hand(target.name) is not None)
    if cost.keyword == "warp" and not from_hand:  # (CR 702.185a: cast from the hand)
        return f"{cost.describe()}: {target.name or 'the spell'} is not in {player}'s hand"
    if (cost.keyword in GRAVEYARD_KEYWORDS or cost.from_graveyard) and target.zone != "graveyard":
        # (702.34a, 702.133a, 702.138a; its own "you may cast ~ from your graveyard", 601.2a)
        return f"{cost.describe()}: cast from the graveyard only (--cast-from graveyard)"
    if cost.keyword == FORETELL and (why := _not_foretold(board, player, target)) is not None:
        return f"{cost.describe()}: {why}"
    if cost.graveyard_exile and graveyard_others(board, player, target) < cost.graveyard_exile:
        return f"{cost.describe()}: {player}'s graveyard has too few other cards"
    if cost.from_exile and target.zone != "exile":  # (Warped Space's 'a spell you cast from exile', 601.2a)
        return f"{cost.describe()}: cast from exile only (--cast-from exile)"
    if cost.exiled_card and (why := why_not_exiled_card(board, target, way.source)) is not None:
        return f"{cost.describe()}: {why}"  # (Hama's 'the exiled card', CR 607.2a, 601.2a)
    if cost.from_library and (why := _not_library_top(state, target)) is not None:  # (Bolas's Citadel)
        return f"{cost.describe()}: {why}"
    if cost.once_each_turn and board.permanent(way.source).alternative_cost_used_this_turn:
        return f"{cost.describe()}: used this turn (its permanent's alternative_cost_used_this_turn)"
    if cost.spells is not None:
        if not cost.spells.matches(target.type_line):
            return f"{cost.describe()}: not for a {target.type_line or 'spell'}"
        if cost.spells.from_hand and not from_hand:
            return f"{cost.describe()}: {target.name or 'the spell'} is not in {player}'s hand"
    if cost.life > state.life:  # (CR 119.4: life equal to the total may be paid)
        return f"{cost.describe()}: {player} has {state.life} life"
    if (banned := banned_life_reason(board, player, cost.life)) is not None:  # (CR 118.3: Yasharn)
        return f"{cost.describe()}: {banned}"
    if cost.energy > state.counter("energy"):
        return f"{cost.describe()}: {player} has {state.counter('energy')} {{E}}"
    if cost.exile is not None and len(_exilable(board, player, target, way)) < cost.exile.count:
        return f"{cost.describe()}: {player}'s hand has too few such other cards"
    return None


def _not_library_top(state: Player, target: PaymentTarget) -> str | None:
    """Why ``target`` is not cast from the top of its caster's library (CR 601.2a: the zone it is cast from,
    and the library's top card when the board lists the library, top first); None when it is.

    >>> from models.board import Player
    >>> me = Player.from_dict({"id": "me", "library": ["Forest", "Sol Ring"]})
    >>> _not_library_top(me, replace(PaymentTarget.of("{1}", name="Sol Ring"), cast_from="library"))
    "Sol Ring is not the top card of me's library (Forest is)"
    """
    if target.zone != "library":
        return "cast from the top of the library only (--cast-from library)"
    top = state.library_cards[0].name if state.library_cards else None
    if state.library_cards is not None and top != target.name:
        return f"{target.name} is not the top card of {state.id}'s library ({top or 'it is empty'} is)"
    return None


_COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


def _mutate_target(view: BoardView, pid: str, player: str, target: PaymentTarget) -> bool:
    """True when the mutating creature spell ``target`` may target the permanent (CR 702.140a: a non-Human
    creature its caster owns, here one they control; not one with shroud, CR 702.18a, nor protection from
    the spell's colors or from everything, CR 702.16b)."""
    if view.permanent(pid).controller != player:
        return False
    line = view.type_line(pid)
    if not line.is_a("Creature") or line.is_a("Human") or view.has_keyword(pid, "shroud"):
        return False
    shields = ("everything", *(_COLOR_WORDS[c] for c in str(target.spell_colors) if c in _COLOR_WORDS))
    return not any(view.has_keyword(pid, f"protection from {shield}") for shield in shields)


def _not_foretold(board: Board, player: str, target: PaymentTarget) -> str | None:
    """Why the foretell cost can't cast ``target`` (CR 702.143a: a card foretold, cast from exile), or None:
    it is cast from elsewhere, or the player's ``foretold`` lists other cards (not given: assumed foretold,
    with a warning, :func:`foretold_warnings`)."""
    if target.zone != "exile":
        return "cast from exile only, once foretold (--cast-from exile)"
    foretold = board.player(player).foretold
    if foretold is not None and not any(card.name == target.name for card in foretold):
        where = f"players[{[p.id for p in board.players].index(player)}].foretold"
        return f"{target.name or 'the spell'} is not among the cards {where} lists"
    return None


def foretold_only(board: Board, player: str, target: PaymentTarget) -> bool:
    """True when ``target`` is a card foretold, cast from exile (CR 702.143a): its foretell cost is then the
    only way to cast it (the permission to cast it from exile is foretell's), as :func:`graveyard_only` is
    for the graveyard's keywords. A board that does not list the cards foretold is taken to have foretold it
    (with a warning: :func:`foretold_warnings`).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}]})
    >>> from models.spells import spell_of
    >>> seer = spell_of("{1}{U}{U}", name="Test Seer", text="Draw a card.\\nForetell {1}{U}")
    >>> foretold_only(board, "me", replace(seer, cast_from="exile")), foretold_only(board, "me", seer)
    (True, False)
    """
    if _has_own_foretell(target):
        return _not_foretold(board, player, target) is None
    return bool(_granted_foretell_ways(board, player, target))


def _has_own_foretell(target: PaymentTarget) -> bool:
    """True when the card has foretell of its own (its text's)."""
    return any(cost.keyword == FORETELL for cost in own_alternative_costs(target.text, target.name))


def _granted_foretell_ways(board: Board, player: str, target: PaymentTarget) -> tuple[Way, ...]:
    """The foretell costs a permanent of the player grants a card foretold without foretell of its own
    (Dream Devourer's, CR 702.143a: :mod:`planner.rules.granted_foretell`)."""
    if _has_own_foretell(target):
        return ()
    return tuple(Way(source, cost) for source, cost in granted_foretell_costs(board, player, target))


def foretold_warnings(board: Board, player: str, target: PaymentTarget) -> tuple[TextWarning, ...]:
    """For a card with foretell cast from exile: a warning when the board does not list the cards the player
    foretold (``foretold`` not given: foretold is assumed, CR 702.143a, and the answer says which field
    would tell), or when it lists them without this card (not foretold: its mana cost is paid, as another
    permission to cast it from exile would allow, CR 601.2a, which the planner does not check).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}]})
    >>> from models.spells import spell_of
    >>> seer = spell_of("{1}{U}{U}", name="Test Seer", text="Draw a card.\\nForetell {1}{U}")
    >>> [w.reason for w in foretold_warnings(board, "me", replace(seer, cast_from="exile"))]
    ['players[0].foretold is not given: Test Seer is taken to be foretold (CR 702.143a)']
    """
    foretell = [c for c in own_alternative_costs(target.text, target.name) if c.keyword == FORETELL]
    where = f"players[{[p.id for p in board.players].index(player)}].foretold"
    if not foretell and target.zone == "exile":
        return _granted_foretell_warnings(board, player, target, where)
    if not foretell or target.zone != "exile":
        return ()
    if board.player(player).foretold is None:
        reason = f"{where} is not given: {target.name} is taken to be foretold (CR 702.143a)"
    elif not foretold_only(board, player, target):
        reason = (
            f"{target.name} is not among the cards {where} lists: not castable for its foretell cost (CR "
            "702.143a); its mana cost is paid as though another permission let it be cast from exile (CR "
            "601.2a)"
        )
    else:
        return ()
    return (TextWarning(target.name or "spell", foretell[0].text, reason, WarningKind.ASSUMED),)


def _granted_foretell_warnings(
    board: Board, player: str, target: PaymentTarget, where: str
) -> tuple[TextWarning, ...]:
    """For a card without foretell of its own cast from exile that ``where`` (the player's ``foretold``)
    lists: a warning when no foretell cost a permanent of theirs grants is read for it (the permanent that
    granted it gone, or its cost sentence not read): its mana cost is then paid as though another
    permission let it be cast from exile (CR 601.2a), not a guessed foretell cost."""
    foretold = board.player(player).foretold
    listed = foretold is not None and any(card.name == target.name for card in foretold)
    if not listed or _granted_foretell_ways(board, player, target):
        return ()
    unread = ungranted_grants(board, player)
    why = f" ({', '.join(unread)} grants foretell with no cost read)" if unread else ""
    reason = (
        f"{target.name} is listed in {where} but has no foretell of its own nor one a permanent of {player} "
        f"grants with a cost read{why}: its mana cost is paid as though another permission let it be cast "
        "from exile (CR 702.143a, 601.2a)"
    )
    return (TextWarning(target.name or "spell", "foretold", reason, WarningKind.ASSUMED),)


def usable_ways(board: Board, player: str, target: PaymentTarget) -> tuple[Way, ...]:
    """The alternative costs ``target`` (a spell) may be cast for on ``board``: its own (its text's), then
    those the player's permanents grant; none for an ability's cost or a nameless spell.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "fist", "name": "Fist of Suns", "type_line": "Artifact", "controller": "me",
    ...      "oracle": "You may pay {W}{U}{B}{R}{G} rather than pay the mana cost for spells you cast."}]})
    >>> [(w.source, str(w.cost)) for w in usable_ways(board, "me", PaymentTarget.of("{7}", name="Ulamog"))]
    [('fist', '{W}{U}{B}{R}{G}')]
    """
    if target.kind is not PaymentKind.SPELL or not target.name:
        return ()
    own = tuple(
        each
        for cost in own_alternative_costs(target.text, target.name)
        for each in emerge_ways(board, player, Way(target.name, cost), target.cost)
    )
    usable = tuple(way for way in own if why_not_usable(board, player, target, way) is None)
    granted = granted_ways(board, player, target)
    if exiled_card_only(board, player, target):
        # (the card a permanent exiled, cast from exile by its permission, for that permission's cost only:
        # CR 601.2a, 118.9a)
        return tuple(
            way
            for way in granted
            if way.cost.exiled_card and why_not_usable(board, player, target, way) is None
        )
    if foretold_only(board, player, target):
        # (foretell's cost, an alternative cost: none other joins it, CR 118.9a; a granted one's too)
        granted_foretell = _granted_foretell_ways(board, player, target)
        return usable + tuple(w for w in granted_foretell if why_not_usable(board, player, target, w) is None)
    if graveyard_way_required(board, target) and not any(way.cost.mana_cost for way in usable):
        # (cast from the graveyard by flashback, escape or its own {U} rather than its mana cost: an
        # alternative cost, so none other joins it, CR 118.9a; jump-start's discard is an additional cost,
        # 702.133a: a granted alternative cost is paid with it; so is a permanent's permission, with the
        # life it adds: _permitted_ways)
        jump = any(way.cost.keyword == "jump-start" for way in usable)
        granted = tuple(
            Way(way.source, replace(way.cost, exile=HandExile(1, discard=True)))
            for way in granted
            if jump and way.cost.exile is None
        ) + _permitted_ways(board, player, target, granted)
    return usable + tuple(way for way in granted if why_not_usable(board, player, target, way) is None)


def exiled_card_only(board: Board, player: str, target: PaymentTarget) -> bool:
    """True when ``target`` is the card a permanent of ``player`` exiled, cast from exile, and that
    permanent's permission casts it (Hama's 'the exiled card', The Infamous Cruelclaw's 'that card': CR
    607.2a, 601.2a): it is then cast for that permission's alternative cost only (118.9a), whether usable now
    or not (:func:`why_not_usable` says why not: 'during your turn').

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "cc", "name": "Test Claw", "type_line": "Creature", "controller": "me", "oracle":
    ...      "You may cast that card by discarding a card rather than paying its mana cost.",
    ...      "choices": {"imprinted": {"name": "Test Bolt", "mana_cost": "{R}"}}}]})
    >>> bolt = replace(PaymentTarget.of("{R}", name="Test Bolt"), cast_from="exile")
    >>> exiled_card_only(board, "me", bolt), exiled_card_only(board, "me", replace(bolt, cast_from="hand"))
    (True, False)
    """
    if target.zone != "exile" or target.kind is not PaymentKind.SPELL or not target.name:
        return False
    return any(
        way.cost.exiled_card and why_not_exiled_card(board, target, way.source) is None
        for way in granted_ways(board, player)
    )


def exiled_card_refused(board: Board, player: str, target: PaymentTarget) -> str | None:
    """For the card a permanent exiled cast from exile by its permission only (:func:`exiled_card_only`),
    why its mana cost does not cast it (``--alternative-cost forbid``, CR 601.2a); None otherwise.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": []})
    >>> print(exiled_card_refused(board, "me", PaymentTarget.of("{R}", name="Test Bolt")))
    None
    """
    if not exiled_card_only(board, player, target):
        return None
    listed = "; ".join(
        dict.fromkeys(way.cost.describe() for way in granted_ways(board, player) if way.cost.exiled_card)
    )
    return (
        f"{target.name}: cast from exile only by the permission for {listed} (CR 601.2a), not its mana cost"
    )


def mana_cost_refused(board: Board, player: str, target: PaymentTarget) -> str | None:
    """For a spell cast from the graveyard by one of its ways only (:func:`graveyard_way_required`), why
    its mana cost alone does not cast it (``--alternative-cost forbid``): no way pays exactly its mana cost
    (flashback's and escape's costs are alternative costs, CR 702.34a, 702.138a; Festival of Embers' adds 1
    life, 118.8); None when one does.

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": []})
    >>> from models.spells import spell_of
    >>> blast = replace(spell_of("{2}{R}", name="Test Blast", text="Flashback {3}{R}{R}"),
    ...     cast_from="graveyard")
    >>> print(mana_cost_refused(board, "me", blast))
    Test Blast: cast from the graveyard only for flashback: pay {3}{R}{R} (CR 601.2a), not its mana cost
    """
    ways = usable_ways(board, player, target)
    plain = AlternativeCost(mana=str(target.cost), from_graveyard=True, mana_cost=True)
    if any(replace(way.cost, text="", if_control=(), if_your_turn=False) == plain for way in ways):
        return None
    if not ways:
        return f"{target.name}: no way to cast it from the graveyard is usable now (CR 601.2a)"
    listed = "; ".join(dict.fromkeys(way.cost.describe() for way in ways))
    return f"{target.name}: cast from the graveyard only for {listed} (CR 601.2a), not its mana cost"


def _permitted_ways(
    board: Board, player: str, target: PaymentTarget, granted: tuple[Way, ...]
) -> tuple[Way, ...]:
    """The ways the permanents' permissions let ``target`` be cast from the graveyard (CR 601.2a,
    :mod:`planner.rules.graveyard_permissions`): for each one that allows it (not only by a keyword's cost),
    its mana cost, then each alternative cost a permanent grants (CR 118.9), each with the life the
    permission adds (118.8: "by paying 1 life in addition to their other costs")."""
    ways: list[Way] = []
    for permission in permissions(board, player):
        effect = permission.effect
        if effect.keyword or why_not_permitted(board, player, target, permission) is not None:
            continue
        plain = AlternativeCost(
            mana="", life=effect.life, from_graveyard=True, mana_cost=True, text=effect.text
        )
        ways.extend(emerge_ways(board, player, Way(permission.source, plain), target.cost))
        ways.extend(
            Way(
                way.source,
                replace(way.cost, life=way.cost.life + effect.life, from_graveyard=True),
                permission.source,
            )
            for way in granted
        )
    return tuple(replace(way, permission=way.permission or way.source) for way in ways)


def permits_x(board: Board, player: str, target: PaymentTarget, way: Way, x: int) -> bool:
    """True when the permission ``way`` casts ``target`` from the graveyard by (if any) allows it with X =
    ``x``: the spell's mana value on the stack counts X (CR 202.3e) against the permission's greatest
    (Lurrus's 'with mana value 2 or less'); True for a way of no permission and for a spell without X."""
    if not way.permission or not target.cost.has_variable or target.zone != "graveyard":
        return True
    permission = next((p for p in permissions(board, player) if p.source == way.permission), None)
    return permission is None or why_not_permitted(board, player, target.with_x(x), permission) is None


def emerge_ways(board: Board, player: str, way: Way, spell_cost: ManaCost | None = None) -> tuple[Way, ...]:
    """An emerge way (CR 702.119a: sacrifice a creature and pay the emerge cost reduced by its mana value)
    made one way for each mana value among the creatures ``player`` controls: its mana less that value
    (generic mana only, CR 601.2f), its sacrifice a creature of that mana value; none without a creature.
    An offering way likewise, from the spell's mana cost (``spell_cost``): :func:`_offering_ways`. Any
    other way is kept as it is.

    >>> from models.alternative_costs import AlternativeCost
    >>> from models.oracle.alternative_costs import keyword_alternative_cost
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "bear", "name": "Bear", "type_line": "Creature — Bear", "mana_cost": "{1}{G}",
    ...      "controller": "me"},
    ...     {"id": "elves", "card": "Llanowar Elves", "controller": "me"}]})
    >>> emerge = Way("Mindbender", keyword_alternative_cost("Emerge {5}{B}{G}"))
    >>> for way in emerge_ways(board, "me", emerge):
    ...     print(way.cost.describe())
    emerge: pay {4}{B}{G} and sacrifice a creature with mana value 1
    emerge: pay {3}{B}{G} and sacrifice a creature with mana value 2
    >>> emerge_ways(board, "me", Way("fist", AlternativeCost("{W}{U}{B}{R}{G}")))[0].cost.mana
    '{W}{U}{B}{R}{G}'
    """
    if way.cost.keyword == "offering" and spell_cost is not None:
        return _offering_ways(board, player, way, spell_cost)
    if way.cost.keyword == "jump-start" or way.cost.mana_cost:  # (702.133a; 601.2a: the spell's mana cost)
        return (Way(way.source, replace(way.cost, mana=str(spell_cost))),) if spell_cost is not None else ()
    if way.cost.keyword != "emerge":
        return (way,)
    creature = way.cost.sacrifice[0]
    values = sorted(
        {mana_value(board.permanent(pid)) for pid in sacrifice_candidates(board, player, creature)}
    )
    mana = ManaCost.parse(way.cost.mana)
    return tuple(
        Way(
            way.source,
            replace(
                way.cost,
                mana=str(mana.with_generic_change(-value)),
                sacrifice=(replace(creature, mana_value=value),),
            ),
        )
        for value in values
    )


def _offering_ways(board: Board, player: str, way: Way, spell_cost: ManaCost) -> tuple[Way, ...]:
    """An offering way (CR 702.48a: sacrifice a permanent of the subtype and pay the spell's total cost
    reduced by that permanent's mana cost, color included) made one way for each mana cost among those
    ``player`` controls and each way that mana cost may reduce the spell's (:func:`offering_costs`: the
    payer chooses a half of each hybrid symbol, CR 118.7d): the spell's mana cost less it, the sacrifice one
    with that mana cost. A reduction the planner can't decide makes no way, and is warned of
    (:func:`undecided_offerings`)."""
    kind = way.cost.sacrifice[0]
    written = sorted({written_cost(board.permanent(p)) for p in sacrifice_candidates(board, player, kind)})
    ways = []
    for each in written:
        sacrifice = (replace(kind, mana_cost=each),)
        for reduced in offering_costs(spell_cost, ManaCost.parse(each or "{0}")) or ():
            ways.append(Way(way.source, replace(way.cost, mana=str(reduced), sacrifice=sacrifice)))
    return tuple(ways)


def undecided_offerings(board: Board, player: str, target: PaymentTarget) -> tuple[TextWarning, ...]:
    """A warning for each permanent an offering of the spell ``target`` could sacrifice whose mana cost
    reduces the spell's in a way the planner does not decide (:func:`offering_costs` None): that way is not
    weighed, never a silent "no"."""
    if target.kind is not PaymentKind.SPELL or not target.name or not target.text:
        return ()
    found: list[TextWarning] = []
    for cost in own_alternative_costs(target.text, target.name):
        if cost.keyword != "offering":
            continue
        for pid in sacrifice_candidates(board, player, cost.sacrifice[0]):
            written = written_cost(board.permanent(pid))
            if offering_costs(target.cost, ManaCost.parse(written or "{0}")) is None:
                found.append(
                    TextWarning(
                        pid,
                        cost.describe(),
                        f"its mana cost {written} reducing {target.cost} (CR 702.48a, 118.7) is not "
                        "decided: that way is not weighed",
                        WarningKind.NOT_WEIGHED,
                    )
                )
    return tuple(found)


def offering_cost(spell_cost: ManaCost, less: ManaCost) -> ManaCost | None:
    """The spell's cost reduced by another mana cost of plain symbols (CR 702.48a by way of 118.7): each
    colored or {C} symbol of it takes one such symbol off, or one generic mana when there is none of it
    (118.7b-c); its generic mana takes generic mana off, never below {0} (118.7a); None when ``less`` has
    another kind of symbol (:func:`offering_costs` chooses their halves first), or when a symbol it takes off
    is asked for by a hybrid, Phyrexian or snow symbol of the spell's cost alone (not decided here).

    >>> patron, snake, bat = ManaCost.parse("{6}{G}{G}"), ManaCost.parse("{1}{G}"), ManaCost.parse("{B}")
    >>> str(offering_cost(patron, snake)), str(offering_cost(patron, bat))
    ('{5}{G}', '{5}{G}{G}')
    >>> str(offering_cost(ManaCost.parse("{G}"), ManaCost.parse("{4}{G}{G}"))), offering_cost(patron,
    ...     ManaCost.parse("{G/U}"))
    ('', None)
    >>> offering_cost(ManaCost.parse("{3}{G/U}"), ManaCost.parse("{G}")) is None
    True
    """
    kept = list(spell_cost.symbols)
    generic = 0
    for symbol in less.symbols:
        if symbol.kind is SymbolKind.GENERIC:
            generic += symbol.amount
        elif symbol.kind in (SymbolKind.COLORED, SymbolKind.COLORLESS):
            if symbol in kept:
                kept.remove(symbol)
            elif any(_may_take(other, symbol) for other in kept):
                return None  # (a hybrid or Phyrexian symbol of the spell's that this color could pay)
            else:
                generic += 1
        elif symbol.kind is not SymbolKind.VARIABLE:  # (X is 0 on the battlefield, CR 107.3f)
            return None
    return ManaCost(tuple(kept)).with_generic_change(-generic)


def _may_take(kept: CostSymbol, plain: CostSymbol) -> bool:
    """True when ``kept``, a symbol of the spell's cost other than a plain one, may be paid with the mana of
    ``plain`` (a colored or {C} symbol): a reduction by it might apply there, which is not decided."""
    if kept.kind in (SymbolKind.GENERIC, SymbolKind.VARIABLE, SymbolKind.COLORED, SymbolKind.COLORLESS):
        return False
    if kept.kind is SymbolKind.SNOW:
        return True
    wanted = plain.single_type
    return wanted is not None and (wanted in kept.colors or kept.kind is SymbolKind.COLORLESS_HYBRID)


def offering_costs(spell_cost: ManaCost, less: ManaCost) -> tuple[ManaCost, ...] | None:
    """Each cost the spell's may be once reduced by the sacrificed permanent's mana cost (CR 702.48a): the
    payer chooses one half of each hybrid symbol of ``less`` as the reduction applies (CR 118.7d: {G/U}
    takes off {G} or {U}, {2/G} {2} or {G}, {C/G} {C} or {G}), a Phyrexian symbol takes off one mana of its
    color (118.7e; {G/U/P} one of either), then :func:`offering_cost`; None when a choice can't be decided
    here ({S} in ``less``, or :func:`offering_cost` None for one of them).

    >>> patron = ManaCost.parse("{6}{G}{G}")
    >>> [str(c) for c in offering_costs(patron, ManaCost.parse("{4}{G/U}{G/U}"))]
    ['{1}{G}', '{2}', '{G}{G}']
    >>> [str(c) for c in offering_costs(patron, ManaCost.parse("{2/G}{G/P}"))]
    ['{4}{G}', '{6}']
    >>> offering_costs(patron, ManaCost.parse("{S}")) is None
    True
    """
    halves: list[tuple[CostSymbol, ...]] = []
    for symbol in less.symbols:
        colored = tuple(CostSymbol.parse(color.letter) for color in symbol.colors)
        if symbol.kind in (SymbolKind.HYBRID, SymbolKind.PHYREXIAN):
            halves.append(colored)
        elif symbol.kind is SymbolKind.MONO_HYBRID:
            halves.append((*colored, CostSymbol(SymbolKind.GENERIC, amount=symbol.amount)))
        elif symbol.kind is SymbolKind.COLORLESS_HYBRID:
            halves.append((*colored, CostSymbol(SymbolKind.COLORLESS)))
        elif symbol.kind is SymbolKind.SNOW:
            return None
        else:
            halves.append((symbol,))
    found: dict[ManaCost, None] = {}
    for chosen in itertools.product(*halves):
        reduced = offering_cost(spell_cost, ManaCost(chosen))
        if reduced is None:
            return None
        found[reduced] = None
    return tuple(sorted(found, key=lambda cost: (cost.mana_value, str(cost))))


def no_alternative_reason(board: Board, player: str, target: PaymentTarget) -> str:
    """Why ``target`` can't be cast for any alternative cost on ``board`` (when one is required).

    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": []})
    >>> no_alternative_reason(board, "me", PaymentTarget.of("{1}{G}", name="Grizzly Bears"))
    'Grizzly Bears: no alternative cost to cast it for (CR 118.9)'
    """
    name = target.name or "the spell"
    if target.kind is not PaymentKind.SPELL or not target.name:
        return f"{name}: an alternative cost is a spell's (name the spell: --spell)"
    own = tuple(
        each
        for cost in own_alternative_costs(target.text, target.name)
        for each in emerge_ways(board, player, Way(target.name, cost), target.cost)
    )
    permitted = _permitted_ways(board, player, target, ()) if graveyard_way_required(board, target) else ()
    reasons = [
        why
        for way in (*own, *granted_ways(board, player, target), *permitted)
        if (why := why_not_usable(board, player, target, way))
    ]
    reasons += [
        f"{warning.permanent}: by its {permission} cost only, not weighed (see warnings)"
        for warning in keyword_permission_warnings(board, player, target)
        for permission in (_keyword_of(warning.sentence),)
    ]
    if not reasons:
        return f"{name}: no alternative cost to cast it for (CR 118.9)"
    return f"{name}: no alternative cost usable: " + "; ".join(reasons)


def _keyword_of(sentence: str) -> str:
    """The keyword a permission's sentence allows the spells to be cast by ('sneak'), '' for none."""
    permission = graveyard_permission_of(sentence)
    return permission.keyword if permission is not None else ""


def cast_for(target: PaymentTarget, way: Way) -> PaymentTarget:
    """The target cast for an alternative cost: its mana cost replaced by the way's mana (its colors and
    mana value kept, CR 118.9c; a prototyped spell's are its prototype cost's, CR 718.3b), the permanents
    to sacrifice added to its additional costs, X gone unless the cost has X (CR 107.3: it is 0). Cast face
    down (morph, disguise), it is a colorless creature spell of mana value 0 (CR 708.2).

    >>> from models.alternative_costs import AlternativeCost
    >>> fireball = PaymentTarget.of("{X}{R}", name="Fireball")
    >>> str(cast_for(fireball, Way("fist", AlternativeCost("{W}{U}"))).cost)
    '{W}{U}'
    >>> seraph = PaymentTarget.of("{6}", name="Steel Seraph", colors="")
    >>> prototyped = cast_for(seraph, Way("Steel Seraph", AlternativeCost("{1}{W}{W}", keyword="prototype")))
    >>> str(prototyped.spell_colors), prototyped.mana_value
    ('W', 3)
    """
    mana = ManaCost.parse(way.cost.mana or "{0}")
    cast = target.with_cost(mana)
    if way.cost.keyword == "prototype":
        cast = replace(cast, colors=None, stack_mana_value=None)
    elif way.cost.keyword in FACE_DOWN_KEYWORDS:  # (a face-down 2/2 creature spell, CR 708.2)
        cast = replace(cast, colors=ManaTypes(), stack_mana_value=0, type_line=TypeLine.parse("Creature"))
    cast = replace(cast, chosen_x=None if mana.has_variable else 0, announced=None)  # (its own symbols')
    if way.cost.mana_from == TREASURES:  # (Security Rhox's "Spend only mana produced by Treasures ...")
        cast = replace(cast, treasure_mana_only=True)
    if way.cost.waterbend:  # (each generic mana of it may be paid by tapping, CR 701.67a-b; its X's too)
        variables = sum(1 for symbol in mana.symbols if symbol.kind is SymbolKind.VARIABLE)
        cast = replace(cast, waterbend=mana.generic, waterbend_x=variables)
    return replace(cast, additional_costs=(*target.additional_costs, *way.cost.sacrifice))


def _exilable(
    board: Board, player: str, target: PaymentTarget, way: Way, x: int | None = None
) -> tuple[Card, ...]:
    """The cards in hand the way may exile (or discard): of its colors, or sharing a color with the spell
    (Dream Halls: none for a colorless spell), the spell itself aside; for a card 'with mana value X' (the
    Shoals), one whose mana value is known, and is ``x`` when X is chosen."""
    exile = way.cost.exile
    if exile is None:
        return ()
    wanted = target.spell_colors if exile.shares_color else ManaTypes.parse(exile.colors)
    return tuple(
        card
        for card in discard_candidates(board, player, target.name if target.zone in ("hand", None) else "")
        if (not (exile.colors or exile.shares_color) or card.colors & wanted)
        and (not exile.mana_value_x or _valued(card, x))
    )


def _valued(card: Card, x: int | None) -> bool:
    """True when the card's mana value is known, and is ``x`` when X is chosen."""
    value = card_mana_value(card)
    return value is not None and (x is None or value == x)


def card_mana_value(card: Card) -> int | None:
    """A card's mana value (CR 202.3), None when the board and card data don't give its mana cost.

    >>> card_mana_value(Card.from_json({"name": "Test Ogre", "type_line": "Creature", "mana_cost": "{1}{R}"}))
    2
    """
    return card.mana_cost.mana_value if card.mana_cost is not None else None


def way_x(board: Board, player: str, paid: AlternativeCostPaid, x: int | None) -> int | None:
    """The X of a spell cast for a way: for a card 'with mana value X' exiled (the Shoals), that card's mana
    value (``x`` when it was chosen); else ``x``."""
    exile = paid.cost.exile
    if exile is None or not exile.mana_value_x or x is not None or not paid.exiled:
        return x
    card = board.player(player).in_hand(paid.exiled[0])
    return card_mana_value(card) if card is not None else x


def exile_choices(
    board: Board, player: str, target: PaymentTarget, way: Way, x: int | None = None
) -> list[tuple[str, ...]]:
    """Every different choice of cards (by name) the way may exile from the hand: one empty choice for a
    way that exiles none (``x``: the X chosen, :func:`_exilable`)."""
    if way.cost.exile is None:
        return [()]
    names = sorted(card.name for card in _exilable(board, player, target, way, x))
    return sorted(set(itertools.combinations(names, way.cost.exile.count)))


def paid_board(board: Board, player: str, way: Way, exiled: tuple[str, ...]) -> Board:
    """The board the mana is paid on, once the way's life, energy and cards are counted out (CR 601.2h:
    they are paid with the mana, so the mana abilities may spend only the rest)."""
    state = board.player(player)
    counters = tuple(
        (name, count - way.cost.energy if name == "energy" else count) for name, count in state.counters
    )
    after = board.replace_player(player, life=state.life - way.cost.life, counters=counters)
    if way.cost.graveyard_exile:  # (escape's exiled cards are gone for delve, CR 702.138a, 702.66a)
        after = after.replace_player(
            player, graveyard=_graveyard_after(state.graveyard, way.cost.graveyard_exile)
        )
    return without_cards(after, player, exiled) if exiled else after


def _graveyard_after(graveyard: tuple[Card, ...] | int | None, exiled: int) -> tuple[Card, ...] | int | None:
    """A graveyard once ``exiled`` of its cards are exiled: a count less them, a list less its last ones.

    >>> _graveyard_after(5, 2), _graveyard_after(None, 2)
    (3, None)
    """
    if graveyard is None:
        return None
    if isinstance(graveyard, int):
        return max(graveyard - exiled, 0)
    return graveyard[: max(len(graveyard) - exiled, 0)]


def with_alternative(summary: PaymentSummary, paid: AlternativeCostPaid) -> PaymentSummary:
    """A payment's summary with the alternative cost's life, energy and cards paid (its sacrifices are
    the additional costs', already in the summary)."""
    discarded = paid.exiled if paid.discards else ()
    return replace(
        summary,
        life_paid=summary.life_paid + paid.cost.life,
        energy_paid=summary.energy_paid + paid.cost.energy,
        exiled_cards=tuple(sorted((*summary.exiled_cards, *(() if paid.discards else paid.exiled)))),
        discarded=tuple(sorted((*summary.discarded, *discarded))),
    )


def check_alternative(
    board: Board, player: str, target: PaymentTarget, paid: AlternativeCostPaid, x: int | None = None
) -> None:
    """Check that ``target`` may be cast for the alternative cost ``paid`` on ``board`` (with X ``x`` when
    chosen) and that what paid it pays it: :class:`IllegalPlanError` when not (the rules replay's check of an
    answer). From the graveyard the X chosen counts in the mana value a permission allows (CR 202.3e)."""
    way = Way(paid.source, paid.cost, paid.permission)
    if way not in usable_ways(board, player, target):
        raise IllegalPlanError(0, f"{paid.describe()}: not an alternative cost of {target.name} here")
    if x is not None and not permits_x(board, player, target, way, x):
        raise IllegalPlanError(0, f"{paid.describe()}: not for {target.name} with X = {x} (CR 202.3e)")
    exile = paid.cost.exile
    fits = Counter(card.name for card in _exilable(board, player, target, way, x))
    fits.subtract(Counter(paid.exiled))
    if len(paid.exiled) != (exile.count if exile is not None else 0) or any(n < 0 for n in fits.values()):
        raise IllegalPlanError(0, f"{paid.describe()}: the cards exiled do not pay it")
    wanted = sum(cost.count for cost in paid.cost.sacrifice)
    if len(paid.sacrificed) != wanted:
        raise IllegalPlanError(0, f"{paid.describe()}: {len(paid.sacrificed)} sacrificed, not {wanted}")
