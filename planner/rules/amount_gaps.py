"""What the board must give for an amount, a condition or a cost a mana ability reads (CR 608.2h, 601.2h): a
board that can't answer one (a power it doesn't give, a graveyard given as a bare count when the amount counts
some cards only, cards exiled from a graveyard it doesn't list) sets the ability aside with a warning naming
the field to give. The amounts themselves are counted in :mod:`planner.rules.amounts`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from models.abilities import (
    AmountKind,
    CostPartKind,
    ManaAbility,
    ObjectFilter,
    PaletteKind,
)
from models.board import Card
from models.kept import per_card
from planner.rules.amounts import (
    AMONG_POWERS,
    counts_every_card,
    graveyard_conditions,
    graveyard_gap,
    in_graveyard,
    layered_power,
    player_path,
    power_gap,
    revealed_filter,
    revealing,
    unread_power_change,
)
from planner.rules.colors_read import changes_own_color, color_change_gap
from planner.rules.costs import collects_evidence
from planner.rules.defined_powers import defined_power_gap
from planner.rules.library_top import library_conditions, top_card_gap
from planner.rules.power_changes import (
    base_power_gap,
    power_change_gap,
    unsteady_power_change,
)

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = [
    "BOARD_GAP_AMOUNTS",
    "any_may_lack_board_facts",
    "board_gap",
    "keyword_grant_gap",
    "keywords_judged",
    "may_lack_board_facts",
]


#: The amounts whose answer a board may not give (:func:`board_gap`).
BOARD_GAP_AMOUNTS = frozenset(
    {
        AmountKind.POWER,
        AmountKind.GREATEST_POWER,
        AmountKind.DISTINCT_POWERS,
        AmountKind.GRAVEYARD,
        AmountKind.REVEALED,
    }
)


def board_gap(view: BoardView, pid: str, ability: ManaAbility) -> str | None:
    """Why the board can't answer one of the ability's amounts, as the JSON path of what to give and why,
    or None when it can: a power it does not give (the source's, or a creature's whose power the greatest
    is taken among), a graveyard it does not give, or gives as a bare count when the amount counts some
    cards only. Such an ability is set aside and reported, never used with a guessed amount.

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "graveyard": 3}], "permanents": [
    ...     {"id": "crypt", "name": "Crypt", "type_line": "Land", "controller": "me",
    ...      "oracle": "{T}: Add {B} for each black creature card in your graveyard."}]})
    >>> from models.oracle import parse_oracle
    >>> from planner.rules.view import BoardView
    >>> (crypt,) = parse_oracle(board.permanent("crypt").oracle).mana_abilities
    >>> print(board_gap(BoardView(board), "crypt", crypt))  # doctest: +NORMALIZE_WHITESPACE
    players[0].graveyard: the graveyard is given as a count, and the amount counts only black creature
    cards: give the graveyard's cards
    """
    permanent = view.permanent(pid)
    if _exiles_from_graveyard(ability) and (gap := _exile_gap(view, permanent.controller)):
        return gap
    if gap := _evidence_gap(view, pid, ability):
        return gap
    if _reads_power(ability) and (
        why := unread_power_change(view)
        or defined_power_gap(view, _powers_read(view, pid, ability))
        or unsteady_power_change(view, _powers_read(view, pid, ability))
        or base_power_gap(view, _powers_read(view, pid, ability))
    ):
        return f"{why}: the ability reads a power"
    if _judges_power(ability) and (
        why := power_change_gap(view) or defined_power_gap(view, None) or base_power_gap(view)
    ):
        return f"{why}: the ability judges a power"
    if gap := keyword_grant_gap(view, keywords_judged(ability)):
        return gap
    outputs = (ability.output, *(output for _, output in ability.conditional))
    if any(output.palette.kind is PaletteKind.GRAVEYARD_COLORS for output in outputs):
        graveyard = view.board.player(permanent.controller).graveyard
        where = f"{player_path(view.board, permanent.controller)}.graveyard"
        if graveyard is None or isinstance(graveyard, int):
            return f"{where}: the colors of the cards in the graveyard are read: give the graveyard's cards"
        if mover := _discarding(view, permanent.controller) or _foraging(view, permanent.controller):
            # (a card discarded while paying goes to the graveyard whose colors are read, and a forage may
            # exile cards from it: not followed; a card sacrificed is, planner.solve.dynamic)
            return f"{view.path(mover)}: its cost changes the graveyard whose colors are read (not followed)"
    if gap := _graveyard_condition_gap(view, pid, ability):
        return gap
    if library_conditions(ability) and (gap := top_card_gap(view, permanent.controller)):
        return gap
    if gap := color_change_gap(view, pid, ability):
        return gap
    for amount in (ability.output.amount, *(output.amount for _, output in ability.conditional)):
        kind = amount.kind
        if kind is AmountKind.POWER and layered_power(view, pid) is None:
            return f"{view.path(pid)}.power: {power_gap(permanent)}"
        if kind in AMONG_POWERS:
            assert amount.filter is not None
            for other in view.matching(amount.filter, pid):
                if layered_power(view, other) is None:
                    return f"{view.path(other)}.power: {power_gap(view.permanent(other))}"
        if kind is AmountKind.GRAVEYARD:
            assert amount.filter is not None
            graveyard = view.board.player(permanent.controller).graveyard
            where = f"{player_path(view.board, permanent.controller)}.graveyard"
            if graveyard is None:
                return f"{where}: the graveyard is not given (the amount counts cards in it)"
            if isinstance(graveyard, int) and not counts_every_card(amount.filter):
                return f"{where}: {graveyard_gap(amount.filter)}"
            if discarder := _discarding(view, permanent.controller):
                # (a card discarded while paying goes to the graveyard this amount counts: not followed yet)
                return f"{view.path(discarder)}: its cost discards into the graveyard the amount counts"
            if not isinstance(graveyard, int) and (gap := _powerless(amount.filter, graveyard, where)):
                return gap
        if kind is AmountKind.REVEALED and (wanted := revealed_filter(revealing(ability) or "")) is not None:
            hand = view.board.player(permanent.controller).hand
            where = f"{player_path(view.board, permanent.controller)}.hand"
            if gap := _powerless(wanted, hand, where):
                return gap
    return None


def _graveyard_condition_gap(view: BoardView, pid: str, ability: ManaAbility) -> str | None:
    """Why the board can't say whether a condition on the cards in the graveyard holds while paying: the
    graveyard is not given, or only counted when the condition names some cards; or it does not hold now
    and the payment may put a card into that graveyard (a sacrifice, a discard: not followed yet). Cards
    only come in while paying (a cost that exiles from it is set aside: :func:`_exile_gap`), so one that
    holds keeps holding."""
    controller = view.permanent(pid).controller
    where = f"{player_path(view.board, controller)}.graveyard"
    graveyard = view.board.player(controller).graveyard
    counted = [(c.in_graveyard, c.at_least) for c in ability.written_conditions if c.in_graveyard is not None]
    for flt, at_least in counted:
        if graveyard is None:
            return f"{where}: the graveyard is not given (a condition looks for cards in it)"
        if isinstance(graveyard, int) and not counts_every_card(flt):
            return (
                f"{where}: the graveyard is given as a count, and a condition looks for {flt.describe()} "
                "cards: give the graveyard's cards"
            )
        if not isinstance(graveyard, int) and (gap := _powerless(flt, graveyard, where)):
            return gap
        held = in_graveyard(view, flt, controller, pid, at_least)
        if not held and (mover := _moving_cards(view, controller)):
            return f"{view.path(mover)}: its cost puts a card into the graveyard a condition looks in"
    return None


def _exiles_from_graveyard(ability: ManaAbility) -> bool:
    return any(part.kind in _GRAVEYARD_EXILES for part in ability.cost.parts)


_GRAVEYARD_EXILES = frozenset({CostPartKind.EXILE_FROM_GRAVEYARD, CostPartKind.COLLECT_EVIDENCE})


def _evidence_gap(view: BoardView, pid: str, ability: ManaAbility) -> str | None:
    """Why collecting evidence for the ability's cost (CR 701.59a) can't be planned exactly, or None: the
    board gives the graveyard as a count (the cards' mana values are read), or evidence may be collected
    more than once in a payment (the ability again, with no {T} or with an untap; another ability that
    collects evidence): the cards each collection takes would have to be chosen together, which is not
    done yet. (A card given without a mana cost has mana value 0, as a permanent's, CR 202.3.)

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> cryptex = {"name": "Cryptex", "type_line": "Artifact", "controller": "me",
    ...     "oracle": "{T}, Collect evidence 3: Add one mana of any color."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "graveyard": 4}],
    ...     "permanents": [{"id": "c", **cryptex}]})
    >>> view = BoardView(board)
    >>> print(_evidence_gap(view, "c", view.parsed["c"].mana_abilities[0]))  # doctest: +NORMALIZE_WHITESPACE
    players[0].graveyard: the graveyard is given as a count, and collecting evidence reads the mana values
    of its cards: give the graveyard's cards
    """
    if not collects_evidence(ability):
        return None
    controller = view.permanent(pid).controller
    where = f"{player_path(view.board, controller)}.graveyard"
    if not isinstance(view.board.player(controller).graveyard, tuple):
        return (
            f"{where}: the graveyard is given as a count, and collecting evidence reads the mana values of "
            "its cards: give the graveyard's cards"
        )
    cost = ability.cost
    if not (cost.tap or cost.sacrifice_self or ability.once_each_turn) or any(
        a.cost.untap for a in view.parsed[pid].mana_abilities
    ):
        return (
            f"{view.path(pid)}: it may collect evidence more than once in a payment (not chosen together yet)"
        )
    for permanent in view.board.permanents:
        if permanent.controller != controller:
            continue
        collecting = [a for a in view.parsed[permanent.id].mana_abilities if collects_evidence(a)]
        if len(collecting) > (1 if permanent.id == pid else 0):
            both = "the cards of both are not chosen together yet"
            return f"{view.path(permanent.id)}: it collects evidence too ({both})"
    return None


def _exile_gap(view: BoardView, player: str) -> str | None:
    """Why a cost that exiles cards from ``player``'s graveyard can't be planned exactly on this board, or
    None: the board does not give the graveyard; or the payment may put a card into it (a sacrifice, a
    discard: the order of those and the exiles is not followed yet); or an ability reads the cards in it
    (which ones an exile takes would matter: not chosen yet)."""
    where = f"{player_path(view.board, player)}.graveyard"
    if view.board.player(player).graveyard is None:
        return f"{where}: the graveyard is not given (a cost exiles cards from it): give its cards or count"
    if mover := _moving_cards(view, player):
        return f"{view.path(mover)}: its cost puts a card into the graveyard a cost exiles from: not followed"
    for permanent in view.board.permanents:
        abilities = view.parsed[permanent.id].mana_abilities
        if permanent.controller == player and (
            any(
                output.amount.kind is AmountKind.GRAVEYARD
                or output.palette.kind is PaletteKind.GRAVEYARD_COLORS
                for ability in abilities
                for output in (ability.output, *(o for _, o in ability.conditional))
            )
            or any(graveyard_conditions(ability) for ability in abilities)
        ):
            return f"{view.path(permanent.id)}: it reads the graveyard a cost exiles from (not followed yet)"
    return None


def _powerless(flt: ObjectFilter, cards: Iterable[Card], where: str) -> str | None:
    """Where a creature card the filter reads the power of has none given, or None."""
    if flt.power_at_least is None:
        return None
    for index, card in enumerate(cards):
        if card.type_line.is_a("Creature") and card.power is None:
            return f"{where}[{index}].power: the power of {card.name} is not known: give its printed power"
    return None


@per_card(maxsize=8192)  # (a pure function of the abilities, asked of every permanent of every view)
def any_may_lack_board_facts(abilities: tuple[ManaAbility, ...]) -> bool:
    """True when one of the abilities may lack board facts (:func:`may_lack_board_facts`).

    >>> from models.oracle import parse_oracle
    >>> any_may_lack_board_facts(parse_oracle("{T}: Add {G}.").mana_abilities)
    False
    """
    return any(may_lack_board_facts(ability) for ability in abilities)


@per_card(maxsize=8192)  # (a pure function of the ability, asked of every ability of every view)
def may_lack_board_facts(ability: ManaAbility) -> bool:
    """True when the ability reads something a board may not give (:func:`board_gap`): a power, a graveyard's
    cards, the cards revealed from a hand, the top card of a library; False for most abilities, which read
    nothing such."""
    outputs = (ability.output, *(output for _, output in ability.conditional))
    return (
        any(output.amount.kind in BOARD_GAP_AMOUNTS for output in outputs)
        or any(output.palette.kind is PaletteKind.GRAVEYARD_COLORS for output in outputs)
        or _reads_power(ability)
        or _exiles_from_graveyard(ability)
        or bool(graveyard_conditions(ability))
        or bool(library_conditions(ability))
        or changes_own_color(ability)
        or bool(keywords_judged(ability))
    )


def keywords_judged(ability: ManaAbility) -> frozenset[str]:
    """The keywords the ability's filters ask of permanents ('for each creature with defender you
    control'): those of its amounts, its conditions and the permanents its cost sacrifices or taps.

    >>> from models.oracle import parse_oracle
    >>> text = "{T}: Add {G} for each creature with defender you control."
    >>> (battlement,) = parse_oracle(text).mana_abilities
    >>> sorted(keywords_judged(battlement))
    ['defender']
    """
    amounts = [ability.output.amount, *(output.amount for _, output in ability.conditional)]
    filters = [a.filter for a in amounts if a.filter is not None]
    conditions = [ability.activation_condition, *(condition for condition, _ in ability.conditional)]
    filters += [f for c in conditions if c is not None for f in c.counted_filters]
    filters += [f for f in (ability.cost.sacrifice, ability.cost.tap_others) if f is not None]
    return frozenset(f.keyword for f in filters if f.keyword)


def keyword_grant_gap(view: BoardView, keywords: frozenset[str]) -> str | None:
    """Why the keywords a filter asks of permanents can't be judged on the board, or None: a permanent's
    sentence other than a keyword line or a mana ability names one of them ('Enchanted creature has
    defender', 'loses defender'): a grant or loss of a keyword (layer 6) is not followed yet, and what has
    the keyword is judged by the permanents' rules text alone (:meth:`BoardView.has_keyword`).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> duty = {"id": "d", "name": "Duty", "type_line": "Enchantment — Aura", "controller": "me",
    ...         "oracle": "Enchant creature\\nEnchanted creature has defender."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [duty]})
    >>> print(keyword_grant_gap(BoardView(board), frozenset({"defender"})))  # doctest: +NORMALIZE_WHITESPACE
    permanents[0]: 'Enchanted creature has defender.' may give or take away defender, which is not
    followed yet (the abilities that count defender read it from the permanents' rules text)
    """
    if not keywords:
        return None
    for pid, parsed in view.parsed.items():
        for sentence in parsed.sentences:
            if sentence.read_as in ("keyword", "mana_ability"):
                continue
            named = keywords.intersection(re.findall(r"[a-z]+", sentence.text.lower()))
            if named:
                keyword = min(named)
                return (
                    f"{view.path(pid)}: {sentence.text!r} may give or take away {keyword}, which is not"
                    f" followed yet (the abilities that count {keyword} read it from the permanents' rules"
                    " text)"
                )
    return None


def _judges_power(ability: ManaAbility) -> bool:
    """True when a filter or condition of the ability reads a creature's power ('if you control a creature
    with power 4 or greater', 'for each creature with power 4 or greater'), which the payment's order does
    not follow yet when a pump may leave first (an amount of a power does: planner.solve.dynamic)."""
    amounts = [ability.output.amount, *(output.amount for _, output in ability.conditional)]
    filters = [a.filter for a in amounts if a.filter is not None]
    conditions = [ability.activation_condition, *(condition for condition, _ in ability.conditional)]
    filters += [f for c in conditions if c is not None for f in c.counted_filters]
    return any(f.power_at_least is not None for f in filters)


def _reads_power(ability: ManaAbility) -> bool:
    """True when the ability reads a creature's power: an amount (its power, the greatest), or a filter
    ('if you control a creature with power 4 or greater': :func:`_judges_power`)."""
    amounts = [ability.output.amount, *(output.amount for _, output in ability.conditional)]
    return any(a.kind is AmountKind.POWER or a.kind in AMONG_POWERS for a in amounts) or _judges_power(
        ability
    )


def _powers_read(view: BoardView, pid: str, ability: ManaAbility) -> tuple[str, ...] | None:
    """The permanents whose power the ability's amounts read (its own, those a greatest power looks at), or
    None when a filter judges powers (any creature's may matter)."""
    if _judges_power(ability):
        return None
    read: list[str] = []
    for amount in (ability.output.amount, *(output.amount for _, output in ability.conditional)):
        if amount.kind is AmountKind.POWER:
            read.append(pid)
        elif amount.kind in AMONG_POWERS and amount.filter is not None:
            read += view.matching(amount.filter, pid)
    return tuple(read)


def _moving_cards(view: BoardView, player: str) -> str | None:
    """A permanent of ``player`` with a mana ability whose cost puts a card into their graveyard (a sacrifice
    of a card, a discard; Forage when the player controls a Food that is a card), or None."""
    food_card = any(
        p.controller == player and not p.token and view.type_line(p.id).is_a("Food")
        for p in view.board.permanents
    )
    for permanent in view.board.permanents:
        if permanent.controller == player and any(
            (ability.cost.sacrifice_self and not permanent.token)
            or ability.cost.sacrifice_count
            or any(part.kind is CostPartKind.DISCARD for part in ability.cost.parts)
            or (food_card and any(part.kind is CostPartKind.FORAGE for part in ability.cost.parts))
            for ability in view.parsed[permanent.id].mana_abilities
        ):
            return permanent.id
    return None


def _foraging(view: BoardView, player: str) -> str | None:
    """A permanent of ``player`` with a mana ability whose cost forages (exiles three cards from their
    graveyard or sacrifices a Food), or None."""
    return _paying_with(view, player, CostPartKind.FORAGE)


def _discarding(view: BoardView, player: str) -> str | None:
    """A permanent of ``player`` with a mana ability whose cost discards a card, or None."""
    return _paying_with(view, player, CostPartKind.DISCARD)


def _paying_with(view: BoardView, player: str, kind: CostPartKind) -> str | None:
    """The first permanent of ``player`` with a mana ability whose cost has a part of this kind, or None."""
    for permanent in view.board.permanents:
        if permanent.controller == player and any(
            part.kind is kind
            for ability in view.parsed[permanent.id].mana_abilities
            for part in ability.cost.parts
        ):
            return permanent.id
    return None
