"""Whether a mana ability can be activated now: summoning sickness (CR 302.6), tapped or untapped for
{T} and {Q} (107.5, 107.6), its other costs, and its restrictions (when, its condition, so many times each
turn: 602.5), in a player's words.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from models.abilities import ManaAbility
from models.board import Permanent
from models.errors import InputError
from models.folding import fold_ability_text
from planner.rules.executed import BEFORE_END_STEP

if TYPE_CHECKING:
    from planner.rules.view import BoardView

__all__ = [
    "activations_left",
    "activations_this_turn",
    "check_activated_this_turn",
    "is_sick",
    "token_ability_ready",
    "why_not_activatable",
    "why_restricted",
]


def is_sick(view: BoardView, pid: str) -> bool:
    """True when a creature can't use its own {T}/{Q} abilities yet (CR 302.6, 702.10)."""
    permanent = view.permanent(pid)
    chars = view.characteristics(pid)
    return permanent.summoning_sick and chars.type_line.is_a("Creature") and not chars.haste


def token_ability_ready(view: BoardView, pid: str, text: str) -> bool:
    """False when the permanent's activated ability ``text`` that creates a token with a mana ability (no
    mana ability, CR 605.1a) can't be activated now for its {T} or {Q}: the permanent tapped (or untapped)
    or summoning sick (CR 302.6); True otherwise, its other costs not judged (what warns of it says so).

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> knight = {"id": "k", "name": "Test Knight", "type_line": "Creature — Knight", "power": 2,
    ...     "toughness": 2, "controller": "me", "oracle": "{1}{B}, {T}: Create a Treasure token."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [knight]})
    >>> sick = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {**knight, "summoning_sick": True}]})
    >>> text = "{1}{B}, {T}: Create a Treasure token."
    >>> token_ability_ready(BoardView(board), "k", text), token_ability_ready(BoardView(sick), "k", text)
    (True, False)
    """
    permanent = view.permanent(pid)
    for record in view.parsed[pid].not_payment:
        if record.text != text or record.cost is None:
            continue
        if (record.cost.tap and permanent.tapped) or (record.cost.untap and not permanent.tapped):
            return False
        if (record.cost.tap or record.cost.untap) and is_sick(view, pid):
            return False
    return True


def why_not_activatable(
    view: BoardView,
    pid: str,
    ability: ManaAbility,
    *,
    tapped: bool | None = None,
    life: int | None = None,
    restricted: bool = True,
    costs: bool = True,
) -> str | None:
    """Why this ability can't be activated now, in a player's words, or None when it can.

    Mana costs are not checked here: the planner pays them. ``tapped`` and ``life`` override the board
    (the replayer passes the state mid-plan). Without ``restricted`` the ability's restrictions
    (:func:`why_restricted`) are not looked at, without ``costs`` whether its other costs can be paid
    now: an ability's restrictions are judged as it is announced, before the mana abilities that pay
    its mana cost, and its costs paid after them (CR 602.2b, 601.2g:
    :attr:`planner.rules.plan.Step.nested`).

    >>> from dataclasses import replace
    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"}]})
    >>> view = BoardView(board)
    >>> view.update(replace(view.permanent("f"), tapped=True))
    >>> why_not_activatable(view, "f", view.mana_abilities("f")[0])
    'Forest (f) is already tapped'
    """
    permanent = view.permanent(pid)
    cost = ability.cost
    if costs:
        is_tapped = permanent.tapped if tapped is None else tapped
        if cost.tap and is_tapped:
            return f"{permanent.name} ({pid}) is already tapped"
        if cost.untap and not is_tapped:
            return f"{permanent.name} ({pid}) is untapped, so it can't pay {{Q}}"
    if restricted and (cost.tap or cost.untap) and permanent.summoning_sick and is_sick(view, pid):
        return f"{permanent.name} ({pid}) is summoning sick"
    if costs:
        if cost.life:
            player = view.board.player(permanent.controller)
            life_total = player.life if life is None else life
            if life_total < cost.life:
                return (
                    f"paying {cost.life} life needs at least {cost.life} life, and {player.id} has "
                    f"{life_total}"
                )
        if cost.remove_counter and permanent.counter(cost.remove_counter) < cost.remove_count:
            return f"{permanent.name} ({pid}) has no {cost.remove_counter} counter to remove"
    if not restricted:
        return None
    in_turn = view.board.active_player == permanent.controller
    if ability.timing in ("your_turn", BEFORE_END_STEP) and not in_turn:
        return f"{permanent.name} ({pid}): its ability can be activated only during its controller's turn"
    if ability.timing == BEFORE_END_STEP and view.board.step == "end":
        return f"{permanent.name} ({pid}): its ability can be activated only before the end step"
    if ability.activation_condition is not None and not view.holds(ability.activation_condition, pid):
        return f"{permanent.name} ({pid}): its activation condition does not hold"
    if ability.limited_each_turn and activations_left(permanent, ability) == 0:
        times = "only once" if ability.once_each_turn else f"no more than {ability.times_each_turn} times"
        return f"{permanent.name} ({pid}): its ability can be activated {times} each turn, and it was"
    return None


def why_restricted(view: BoardView, pid: str, ability: ManaAbility) -> str | None:
    """Why the ability's restrictions forbid activating it now, or None when they allow it: summoning
    sickness (CR 302.6), when it may be activated, its condition ('Activate only if you control three or
    more artifacts'), once each turn. They are judged as it is announced (CR 602.2b, 602.5), before the
    mana abilities activated to pay its mana cost (601.2g); its costs are paid after those.

    >>> from models.board import Board
    >>> from planner.rules.view import BoardView
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "e", "card": "Llanowar Elves", "controller": "me", "summoning_sick": True}]})
    >>> view = BoardView(board)
    >>> why_restricted(view, "e", view.mana_abilities("e")[0])
    'Llanowar Elves (e) is summoning sick'
    """
    return why_not_activatable(view, pid, ability, costs=False)


def check_activated_this_turn(view: BoardView) -> None:
    """Raise ``InputError`` (naming the field's JSON path) when a permanent's ``activated_this_turn``
    names a text that is none of its mana abilities that can be activated only so many times each turn
    (its printed ones count even when the planner sets them aside), or names one more times than it can
    be activated each turn (CR 602.5b)."""
    for permanent in view.board.permanents:
        if not permanent.activated_this_turn:
            continue
        pid = permanent.id
        abilities = (*view.parsed[pid].mana_abilities, *view.mana_abilities(pid))
        limited = {a.text: a.times_each_turn for a in abilities if a.limited_each_turn}
        known = {fold_ability_text(text): times for text, times in limited.items()}
        listed: Counter[str] = Counter()
        for position, text in enumerate(permanent.activated_this_turn):
            key = fold_ability_text(text)
            where = f"{view.path(pid)}.activated_this_turn[{position}]"
            if key not in known:
                which = "; ".join(repr(t) for t in limited) if limited else "it has none"
                raise InputError(
                    f"{where}: {text!r} is not one of the mana abilities of {permanent.name} ({pid}) "
                    f"that can be activated only so many times each turn ({which})"
                )
            listed[key] += 1
            if listed[key] > known[key]:
                times = "once" if known[key] == 1 else f"no more than {known[key]} times"
                raise InputError(
                    f"{where}: {text!r} is listed {listed[key]} times, and it can be activated {times} "
                    "each turn (CR 602.5b)"
                )


def activations_this_turn(permanent: Permanent, ability: ManaAbility) -> int:
    """How many times the permanent's ``activated_this_turn`` names this ability (its text, compared as
    :func:`~models.folding.fold_ability_text` folds it): each listing is one activation this turn.

    >>> from models.board import Board
    >>> from models.oracle import parse_oracle
    >>> bloom = parse_oracle("Remove a charge counter from Mana Bloom: Add one mana of any color. "
    ...     "Activate only once each turn.", "Mana Bloom").mana_abilities[0]
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [{"id": "b",
    ...     "name": "Mana Bloom", "type_line": "Enchantment", "oracle": bloom.text, "controller": "me",
    ...     "activated_this_turn": ["remove a charge counter from mana bloom: add one mana of any color. "
    ...     "activate only once each turn."]}]})
    >>> activations_this_turn(board.permanent("b"), bloom)
    1
    """
    if not permanent.activated_this_turn:
        return 0
    key = fold_ability_text(ability.text)
    return sum(fold_ability_text(text) == key for text in permanent.activated_this_turn)


def activations_left(permanent: Permanent, ability: ManaAbility) -> int | None:
    """How many more times the permanent's ability can be activated this turn (CR 602.5b: 'Activate no more
    than three times each turn' less its activations this turn, :func:`activations_this_turn`), or None
    when nothing limits it.

    >>> from models.board import Board
    >>> from models.oracle import parse_oracle
    >>> (cinder,) = parse_oracle("{1}: Add {B} or {R}. Activate no more than three times each turn."
    ...     ).mana_abilities
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [{"id": "c",
    ...     "name": "C", "type_line": "Creature", "oracle": cinder.text, "controller": "me",
    ...     "activated_this_turn": [cinder.text, cinder.text]}]})
    >>> activations_left(board.permanent("c"), cinder)
    1
    """
    if not ability.limited_each_turn:
        return None
    return max(ability.times_each_turn - activations_this_turn(permanent, ability), 0)
