"""What forbids casting a spell (CR 101.2: a "can't" wins over what would allow it): "You can't cast
permanent spells." and "Your opponents can't cast spells during your turn." (Codie, Vociferous Codex) on the
battlefield (:class:`~models.mana_effects.CastBan`). A payment question does not judge whether the spell may
be cast now (timing, targets), but a spell the board forbids its caster is answered with a warning naming the
sentence, and a turn's plan does not cast it (:mod:`planner.turn`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from models.alternative_costs import EVERY_MANA_VALUE, SpellName
from models.board import Card
from models.cost import PaymentKind, PaymentTarget
from models.folding import folded_names
from models.mana_effects import CastBan
from models.oracle import read_card
from planner.rules.ban_names import judged
from planner.rules.records import SourcedEffect, TextWarning, WarningKind
from planner.rules.special_actions import SPECIAL_ACTIONS
from planner.rules.view import BoardView

__all__ = [
    "bans_later_spells",
    "cast_ban_warnings",
    "cast_bans",
    "names_later_spells",
    "spells_left",
    "undecided_ban_warnings",
    "why_forbidden",
]


def cast_bans(view: BoardView, target: PaymentTarget, player: str) -> tuple[SourcedEffect, ...]:
    """The prohibitions in force that forbid ``player`` to cast the spell ``target`` names: its own
    controller's ("You can't ...") or an opponent's ("Your opponents can't ...", with "during your turn" only
    on that opponent's turn), of the spell's types ("permanent spells": an artifact, battle, creature,
    enchantment or planeswalker spell, CR 110.4). A cost that names no spell (no card type) is forbidden
    nothing: it may be an ability's.

    >>> from models.board import Board
    >>> codex = {"id": "c", "name": "Test Codex", "type_line": "Artifact", "controller": "me",
    ...     "oracle": "You can't cast permanent spells.\\nYour opponents can't cast spells during your turn."}
    >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "opp"}],
    ...     "permanents": [codex]}))
    >>> bear = PaymentTarget.of("{1}{G}", type_line="Creature")
    >>> bolt = PaymentTarget.of("{R}", type_line="Instant")
    >>> [len(cast_bans(view, spell, who)) for spell in (bear, bolt) for who in ("me", "opp")]
    [1, 1, 0, 1]
    """
    if target.kind is not PaymentKind.SPELL or not target.type_line.card_types:
        return ()
    if target.purposes & SPECIAL_ACTIONS:
        return ()  # (turning a permanent face up, plotting: special actions, no spells, CR 116.2b, 116.2k)
    active = view.board.active_player
    cast = view.board.player(player).spells_cast_this_turn
    found = []
    for sourced in view.effects_of(CastBan):
        ban = sourced.effect
        assert isinstance(ban, CastBan)
        if not _applies(sourced, player, active):
            continue
        if ban.most is not None and cast < ban.most:
            continue  # ('more than one spell each turn': the spells cast this turn before this one)
        if (
            _describes(ban, target)
            and _of_chosen_color(view, sourced, target, player) is True
            and judged(view, sourced, target) is True
        ):
            found.append(sourced)
    return tuple(found)


def _of_chosen_color(
    view: BoardView, sourced: SourcedEffect, spell: PaymentTarget, player: str
) -> bool | None:
    """Whether ``spell`` (of ``player``) is of the color the prohibition's permanent chose ('spells of the
    chosen color', its colors as on the stack, CR 105.2); True for a prohibition of no chosen color; None
    when the permanent names no color (``choices.color``): :func:`cast_ban_warnings` says so."""
    ban = sourced.effect
    assert isinstance(ban, CastBan)
    if not ban.chosen_color:
        return True
    color = view.permanent(sourced.source).choices.color
    if color is None:
        return None
    return color in view.colors_elsewhere(spell.spell_colors, player, spell=True)


def _describes(ban: CastBan, spell: PaymentTarget) -> bool:
    """True when the spells ``ban`` names include ``spell``: its types, its mana value (CR 202.3, on the stack
    with X chosen, CR 202.3e; with X not chosen yet it is not judged: :func:`cast_ban_warnings` says so) and
    the zone it is cast from (a zone not said is the hand, CR 601.2a)."""
    return (
        spell.kind is PaymentKind.SPELL
        and ban.spells.matches(spell.type_line)
        and (ban.mana_values == EVERY_MANA_VALUE or not spell.cost.has_variable)
        and ban.mana_values.holds(spell.mana_value)
        and (ban.zones is None or (spell.zone or "hand") in ban.zones)
    )


def _bounds_x(ban: CastBan, spell: PaymentTarget) -> bool:
    """True when ``ban`` may forbid ``spell`` for some values of its X and not others (its mana value on the
    stack counts X, CR 202.3e)."""
    unbounded = replace(ban, mana_values=EVERY_MANA_VALUE)
    return ban.mana_values != EVERY_MANA_VALUE and spell.cost.has_variable and _describes(unbounded, spell)


def _applies(sourced: SourcedEffect, player: str, active: str) -> bool:
    """True when the prohibition ``sourced`` binds ``player`` (its scope: its controller, its controller's
    opponents, every player; "during your turn" only on its controller's turn)."""
    ban = sourced.effect
    assert isinstance(ban, CastBan)
    if not ban.everyone and (sourced.controller != player) != ban.opponents:
        return False  # ('You can't': its controller's spells; 'Your opponents can't': the others')
    return not (ban.your_turn and active != sourced.controller)


def spells_left(view: BoardView, player: str) -> tuple[int, str] | None:
    """How many more spells ``player`` may cast this turn under a limit on the board ("Each player can't cast
    more than one spell each turn.": Archon of Emeria, CR 101.2), counting the spells already cast this turn
    (``spells_cast_this_turn``), and why; None when no limit binds the player.

    >>> from models.board import Board
    >>> archon = {"id": "a", "name": "Test Archon", "type_line": "Creature", "controller": "opp",
    ...     "oracle": "Each player can't cast more than one spell each turn."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "opp"}],
    ...     "permanents": [archon]})
    >>> left, why = spells_left(BoardView(board), "me")
    >>> left, why.endswith("allows me 1 more spell this turn (CR 101.2)")
    (1, True)
    """
    active = view.board.active_player
    cast = view.board.player(player).spells_cast_this_turn
    fewest: tuple[int, str] | None = None
    for sourced in view.effects_of(CastBan):
        ban = sourced.effect
        assert isinstance(ban, CastBan)
        if ban.most is None or not _applies(sourced, player, active):
            continue
        left = max(0, ban.most - cast)
        if fewest is None or left < fewest[0]:
            name = view.permanent(sourced.source).name
            why = (
                f"{name}'s {ban.text!r} allows {player} {left} more spell{'' if left == 1 else 's'} this turn"
            )
            fewest = (left, f"{why} (CR 101.2)")
    return fewest


def cast_ban_warnings(view: BoardView, target: PaymentTarget, player: str) -> tuple[TextWarning, ...]:
    """A warning for each prohibition that forbids ``player`` to cast the spell paid for: the payment is an
    answer to the cost, but the spell can't be cast (CR 101.2)."""
    name = target.name or "the spell"
    forbidden = tuple(
        TextWarning(
            sourced.source,
            sourced.effect.text,
            f"{player} can't cast {name} (CR 101.2): the cost is payable, the spell can't be cast",
            WarningKind.FORBIDDEN,
        )
        for sourced in cast_bans(view, target, player)
    )
    return forbidden + undecided_ban_warnings(view, target, player)


def undecided_ban_warnings(view: BoardView, target: PaymentTarget, player: str) -> tuple[TextWarning, ...]:
    """The prohibitions that may forbid ``player`` the spell ``target`` but are not judged: of some mana
    values on a spell with X (CR 202.3e), of a chosen color the board does not give (``choices.color``), of
    a chosen type or a name the board or the question does not give
    (:func:`~planner.rules.ban_names.judged`)."""
    return (
        _x_bound_warnings(view, target, player)
        + _unchosen_color_warnings(view, target, player)
        + _unjudged_name_warnings(view, target, player)
    )


def _unjudged_name_warnings(view: BoardView, target: PaymentTarget, player: str) -> tuple[TextWarning, ...]:
    """A warning for each prohibition of a chosen type or of a name that may forbid ``player`` the spell
    ``target`` but can't be judged: a choice not given, the spell's name not given (a cost alone too: a name
    is asked of any spell), Reflector Mage's lasting effect (:func:`~planner.rules.ban_names.judged`)."""
    if target.kind is not PaymentKind.SPELL or target.purposes & SPECIAL_ACTIONS:
        return ()
    found = []
    for sourced in view.effects_of(CastBan):
        ban = sourced.effect
        assert isinstance(ban, CastBan)
        if not (ban.chosen_type or ban.named) or not _applies(sourced, player, view.board.active_player):
            continue
        if ban.most is not None or not (target.type_line.card_types or ban.named):
            continue  # (a cost alone is judged by a name only: of any type, it is forbidden nothing)
        if target.type_line.card_types and not _describes(ban, target):
            continue
        if _of_chosen_color(view, sourced, target, player) is False:
            continue
        verdict = judged(view, sourced, target)
        if isinstance(verdict, TextWarning):
            found.append(verdict)
    return tuple(found)


def _unchosen_color_warnings(view: BoardView, target: PaymentTarget, player: str) -> tuple[TextWarning, ...]:
    """A warning for each prohibition of 'spells of the chosen color' whose permanent names no color (the
    board's ``choices.color``): whether it forbids the spell is not known (CR 101.2), never a silent yes."""
    if target.kind is not PaymentKind.SPELL or not target.type_line.card_types:
        return ()
    return tuple(
        TextWarning(sourced.source, sourced.effect.text, "choices.color: none", WarningKind.UNDEFINED)
        for sourced in view.effects_of(CastBan)
        if isinstance(sourced.effect, CastBan)
        and _applies(sourced, player, view.board.active_player)
        and _describes(sourced.effect, target)
        and _of_chosen_color(view, sourced, target, player) is None
    )


def _x_bound_warnings(view: BoardView, target: PaymentTarget, player: str) -> tuple[TextWarning, ...]:
    """A warning for each prohibition of some mana values on a spell with X: whether it may be cast depends on
    X (CR 202.3e, 101.2), not judged (a search for the largest X would not know which X are allowed)."""
    if target.kind is not PaymentKind.SPELL or not target.type_line.card_types:
        return ()
    name = target.name or "the spell"
    return tuple(
        TextWarning(
            sourced.source,
            sourced.effect.text,
            f"{player} can't cast {name} for an X that gives it one of these mana values (CR 202.3e, 101.2): "
            "not judged for X",
            WarningKind.FORBIDDEN,
        )
        for sourced in view.effects_of(CastBan)
        if isinstance(sourced.effect, CastBan)
        and _applies(sourced, player, view.board.active_player)
        and _bounds_x(sourced.effect, target)
    )


def why_forbidden(view: BoardView, target: PaymentTarget, player: str) -> str | None:
    """Why ``player`` can't cast the spell ``target`` on this board (the first prohibition that forbids it),
    or None."""
    bans = cast_bans(view, target, player)
    if not bans:
        return None
    source = view.permanent(bans[0].source).name
    name = target.name or "the spell"
    return f"{name} can't be cast: {source}'s {bans[0].effect.text!r} forbids it (CR 101.2)"


def bans_later_spells(card: Card, player: str, active: str, later: Iterable[PaymentTarget]) -> str | None:
    """Why a permanent spell of the turn is not planned: once it resolves, a prohibition of its own ("You
    can't cast creature spells.") would forbid ``player`` one of the ``later`` spells of the turn (the
    order of the turn's spells is not searched for it); None when it forbids none of them.

    >>> codie = Card.from_json({"name": "Test Codex", "type_line": "Artifact", "mana_cost": "{4}",
    ...     "oracle": "You can't cast creature spells."})
    >>> print(bans_later_spells(codie, "me", "me", [PaymentTarget.of("{G}", type_line="Creature — Elf")]))
    Test Codex: its "You can't cast creature spells." would forbid later spells of the turn: not planned
    """
    if not card.type_line.is_permanent or not card.oracle:
        return None
    bans = [
        effect
        for effect in read_card(card.oracle, card.name, card.type_line).effects
        if isinstance(effect, CastBan)
        and (effect.everyone or not effect.opponents)
        and not (effect.your_turn and active != player)
    ]
    if not bans:
        return None  # (the common case: ``later`` is not read)
    for spell in later:
        # (a limit on the spells of a turn forbids any later one: this spell is at least the turn's first;
        # a spell of the turn is cast from the hand)
        ban = next((b for b in bans if _describes(b, spell)), None)
        if ban is not None:
            return f"{card.name}: its {ban.text!r} would forbid later spells of the turn: not planned"
    return None


def names_later_spells(
    view: BoardView, card: Card, player: str, later: Iterable[PaymentTarget]
) -> str | None:
    """Why a permanent spell of the turn is not planned: once it resolves it is a nontoken permanent, whose
    name a prohibition on the board ('Players can't cast spells with the same name as a nontoken permanent.':
    Cornered Market) would forbid ``player`` for one of the ``later`` spells of the turn (CR 101.2, 201.2a);
    None when it forbids none of them.

    >>> from models.board import Board
    >>> market = {"id": "m", "name": "Test Market", "type_line": "Enchantment", "controller": "opp",
    ...     "oracle": "Players can't cast spells with the same name as a nontoken permanent."}
    >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "opp"}],
    ...     "permanents": [market]}))
    >>> bear = Card.from_json({"name": "Test Bear", "type_line": "Creature — Bear", "mana_cost": "{G}"})
    >>> why = names_later_spells(view, bear, "me", [PaymentTarget.of("{G}", type_line="Creature",
    ...     name="Test Bear")])
    >>> why.startswith("Test Bear: once it resolves, Test Market's"), why.endswith("its name: not planned")
    (True, True)
    """
    if not card.type_line.is_permanent:
        return None
    active = view.board.active_player
    bans = [
        sourced
        for sourced in view.effects_of(CastBan)
        if isinstance(sourced.effect, CastBan)
        and sourced.effect.named is SpellName.NONTOKEN_PERMANENT
        and _applies(sourced, player, active)
    ]
    if not bans:
        return None  # (the common case: ``later`` is not read)
    names = folded_names(card.name)
    for spell in later:
        if not spell.name or folded_names(spell.name).isdisjoint(names):
            continue
        ban = next((b for b in bans if isinstance(b.effect, CastBan) and _describes(b.effect, spell)), None)
        if ban is not None:
            source = f"{view.permanent(ban.source).name}'s {ban.effect.text!r}"
            return (
                f"{card.name}: once it resolves, {source} would forbid a later spell of its name: not planned"
            )
    return None
