"""What forbids casting a spell (CR 101.2: a "can't" wins over what would allow it): "You can't cast
permanent spells." and "Your opponents can't cast spells during your turn." (Codie, Vociferous Codex) on the
battlefield (:class:`~models.mana_effects.CastBan`), with their terms (:class:`~models.mana_effects.BanTerms`:
the enchanted player, during combat, as long as it is attached to a creature, a count of the caster's lands,
an opponent who controls more creatures; Hand to Hand's abilities that aren't mana abilities, CR 602.5). A
payment question does not judge whether the spell may be cast now (timing, targets), but a spell the board
forbids its caster is answered with a warning naming the sentence, and a turn's plan does not cast it
(:mod:`planner.turn`). Whether a creature attacks the board does not say: a prohibition while it attacks
(Wardscale Dragon) is warned of during its controller's combat, never judged.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from models.alternative_costs import EVERY_MANA_VALUE, ManaValues, SpellName, SpellsGranted
from models.board import Card
from models.cost import PaymentKind, PaymentTarget
from models.folding import folded_names
from models.mana_effects import CastBan, LandPlayBan
from models.oracle import read_card
from models.types import TypeLine
from planner.rules.ban_names import judged
from planner.rules.ban_scope import applies, controlled
from planner.rules.cast_timing import why_untimely
from planner.rules.last_spell import shares_last_color
from planner.rules.records import SourcedEffect, TextWarning, WarningKind
from planner.rules.special_actions import SPECIAL_ACTIONS
from planner.rules.view import BoardView

__all__ = [
    "SpellLimit",
    "bans_later_spells",
    "cast_ban_warnings",
    "cast_bans",
    "land_play_ban",
    "names_later_spells",
    "spells_cast_of",
    "spells_left",
    "turn_count_warnings",
    "undecided_ban_warnings",
    "why_forbidden",
]


def cast_bans(
    view: BoardView, target: PaymentTarget, player: str, *, in_turn: bool = False
) -> tuple[SourcedEffect, ...]:
    """The prohibitions in force that forbid ``player`` to cast the spell ``target`` names: its own
    controller's ("You can't ...") or an opponent's ("Your opponents can't ...", with "during your turn" only
    on that opponent's turn), of the spell's types ("permanent spells": an artifact, battle, creature,
    enchantment or planeswalker spell, CR 110.4). A cost that names no spell (no card type) is forbidden
    nothing: it may be an ability's. ``in_turn``: for a turn's plan, which follows Mana Maze's prohibition
    spell by spell (:func:`~planner.rules.last_spell.color_chain`): it is left out here.

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
    if target.kind is PaymentKind.ABILITY:
        return _ability_bans(view, player)
    if not target.type_line.card_types:
        return ()
    if target.purposes & SPECIAL_ACTIONS:
        return ()  # (turning a permanent face up, plotting: special actions, no spells, CR 116.2b, 116.2k)
    found = []
    for sourced in view.effects_of(CastBan):
        if applies(view, sourced, player) is not True:
            continue
        ban = _judged(view, sourced, player)
        if ban.most is not None and (spells_cast_of(view, player, ban.spells) or 0) < ban.most:
            # ('more than one spell each turn': the spells of its kind cast this turn before this one; not
            # known: :func:`undecided_ban_warnings` says so)
            continue
        if ban.shares_last_color and (in_turn or not shares_last_color(view, target, player)):
            continue  # (Mana Maze: the spell cast last not known, :func:`undecided_ban_warnings` says so)
        if ban.chosen_number and _chosen_number(view, sourced) is None:
            continue  # (no number chosen: it forbids no spell, :func:`undecided_ban_warnings` says so)
        if (
            _describes(ban, target)
            and _of_chosen_color(view, sourced, target, player) is True
            and judged(view, sourced, target) is True
        ):
            found.append(sourced)
    return tuple(found)


def spells_cast_of(view: BoardView, player: str, spells: SpellsGranted) -> int | None:
    """How many spells ``spells`` describes ``player`` has cast this turn (the board's
    ``spells_cast_this_turn``: of every kind, its count; of a kind, the spells it lists); None when the board
    gives a count only and the kind is not every spell.

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [
    ...     {"id": "me", "spells_cast_this_turn": ["Sol Ring", "Lightning Bolt"]}, {"id": "opp",
    ...     "spells_cast_this_turn": 1}]})
    >>> nonartifact = SpellsGranted(excluded=("Artifact",))
    >>> [spells_cast_of(BoardView(board), who, kind) for who in ("me", "opp") for kind in
    ...  (SpellsGranted(), nonartifact)]
    [2, 1, 1, None]
    """
    cast = view.board.player(player)
    if spells == SpellsGranted():
        return cast.spells_cast_this_turn
    listed = cast.spells_cast
    return None if listed is None else sum(1 for card in listed if spells.matches(card.type_line))


def _ability_bans(view: BoardView, player: str) -> tuple[SourcedEffect, ...]:
    """The prohibitions in force that forbid ``player`` to activate an ability that isn't a mana ability (a
    payment for an ability is for one, contract: Hand to Hand's 'During combat, players can't cast instant
    spells or activate abilities that aren't mana abilities.', CR 602.5)."""
    return tuple(
        sourced
        for sourced in view.effects_of(CastBan)
        if isinstance(sourced.effect, CastBan)
        and sourced.effect.terms.abilities
        and applies(view, sourced, player) is True
    )


def _judged(view: BoardView, sourced: SourcedEffect, player: str) -> CastBan:
    """The prohibition ``sourced`` as it stands for ``player`` now: 'with mana value greater than the number
    of lands that player controls' (Lavinia) as the mana values it forbids, counted on the board (CR
    202.3)."""
    ban = sourced.effect
    assert isinstance(ban, CastBan)
    number = _chosen_number(view, sourced) if ban.chosen_number else None
    if number is not None:  # ('with mana value equal to the chosen number': Sanctum Prelate, CR 202.3)
        return replace(ban, mana_values=ManaValues(least=number, most=number))
    counted = ban.terms.mana_value_above
    if counted is None:
        return ban
    lands = controlled(view, sourced, counted, player)
    return replace(ban, mana_values=ManaValues(least=lands + 1))


def _chosen_number(view: BoardView, sourced: SourcedEffect) -> int | None:
    """The number the prohibition's permanent chose as it entered (``choices.number``), or None."""
    return view.permanent(sourced.source).choices.number


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
    with X chosen, CR 202.3e: a spell with X is described when every X is forbidden, '4 or greater' of a
    spell whose mana value with X 0 is already 4; for some X only it is not judged: :func:`cast_ban_warnings`
    says so) and the zone it is cast from (a zone not said is the hand, CR 601.2a)."""
    return (
        spell.kind is PaymentKind.SPELL
        and ban.spells.matches(spell.type_line)
        and _every_x_forbidden(ban.mana_values, spell)
        and (ban.zones is None or (spell.zone or "hand") in ban.zones)
        and (not ban.x_in_cost or spell.contains_x)  # ('with {X} in their mana costs': Gaddock Teeg)
    )


def _every_x_forbidden(values: ManaValues, spell: PaymentTarget) -> bool:
    """True when ``values`` holds the spell's mana value whatever its X (CR 202.3e: X counts on the stack, so
    a greater X only raises it): its mana value for a spell without X; with X, a bound of 'N or greater' its
    mana value with X 0 already reaches.

    >>> fireball = PaymentTarget.of("{X}{R}{R}{R}{R}", type_line="Sorcery")
    >>> [_every_x_forbidden(ManaValues(least=n), fireball) for n in (4, 5)]
    [True, False]
    """
    if not spell.cost.has_variable:
        return values.holds(spell.mana_value)
    return values == EVERY_MANA_VALUE or (values.most is None and values.holds(spell.mana_value))


def _bounds_x(ban: CastBan, spell: PaymentTarget) -> bool:
    """True when ``ban`` may forbid ``spell`` for some values of its X and not others (its mana value on the
    stack counts X, CR 202.3e)."""
    unbounded = replace(ban, mana_values=EVERY_MANA_VALUE)
    return (
        ban.mana_values != EVERY_MANA_VALUE
        and spell.cost.has_variable
        and _describes(unbounded, spell)
        and not _describes(ban, spell)
    )


@dataclass(frozen=True, slots=True)
class SpellLimit:
    """How many more spells of a kind (``spells``: every spell, or Ethersworn Canonist's nonartifact ones) a
    player may cast this turn under a limit on the board, and why (CR 101.2)."""

    left: int
    why: str
    spells: SpellsGranted

    def exceeded(self, lines: Iterable[TypeLine]) -> bool:
        """True when the spells of these type lines, cast this turn, are more of its kind than it allows.

        >>> SpellLimit(1, "why", SpellsGranted(excluded=("Artifact",))).exceeded(
        ...     [TypeLine.parse("Artifact"), TypeLine.parse("Instant")])
        False
        """
        return sum(1 for line in lines if self.spells.matches(line)) > self.left


def spells_left(view: BoardView, player: str) -> tuple[SpellLimit, ...]:
    """How many more spells ``player`` may cast this turn under each limit on the board ("Each player can't
    cast more than one spell each turn.": Archon of Emeria; "Each player who has cast a nonartifact spell this
    turn can't cast additional nonartifact spells.": Ethersworn Canonist, CR 101.2), counting the spells of
    its kind already cast this turn (``spells_cast_this_turn``: of a kind, when the board lists them; a count
    only counts none of a kind, which :func:`undecided_ban_warnings` says), and why.

    >>> from models.board import Board
    >>> archon = {"id": "a", "name": "Test Archon", "type_line": "Creature", "controller": "opp",
    ...     "oracle": "Each player can't cast more than one spell each turn."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "opp"}],
    ...     "permanents": [archon]})
    >>> (limit,) = spells_left(BoardView(board), "me")
    >>> limit.left, limit.why.endswith("allows me 1 more spell this turn (CR 101.2)")
    (1, True)
    """
    found = []
    for sourced in view.effects_of(CastBan):
        ban = sourced.effect
        assert isinstance(ban, CastBan)
        if ban.most is None or applies(view, sourced, player) is not True:
            continue
        left = max(0, ban.most - (spells_cast_of(view, player, ban.spells) or 0))
        name = view.permanent(sourced.source).name
        kind = " ".join((*ban.spells.kind_words(), "spell"))
        why = f"{name}'s {ban.text!r} allows {player} {left} more {kind}{'' if left == 1 else 's'} this turn"
        found.append(SpellLimit(left, f"{why} (CR 101.2)", ban.spells))
    return tuple(found)


def land_play_ban(view: BoardView, player: str) -> str | None:
    """Why ``player`` can't play a land now ("Each opponent who controls more lands than you can't play
    lands.": Ward of Bones, CR 305.1, 101.2), or None.

    >>> from models.board import Board
    >>> ward = {"id": "w", "name": "Test Ward", "type_line": "Artifact", "controller": "opp",
    ...     "oracle": "Each opponent who controls more lands than you can't play lands."}
    >>> forest = {"card": "Forest", "controller": "me"}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "opp"}],
    ...     "permanents": [ward, {**forest, "id": "f1"}, {**forest, "id": "f2"}]})
    >>> land_play_ban(BoardView(board), "me").endswith("forbids me to play a land (CR 101.2)")
    True
    >>> print(land_play_ban(BoardView(board), "opp"))
    None
    """
    for sourced in view.effects_of(LandPlayBan):
        ban = sourced.effect
        assert isinstance(ban, LandPlayBan)
        every_land = not ban.excluded and ban.named is None and (ban.zones is None or "hand" in ban.zones)
        if every_land and applies(view, sourced, player) is True:
            name = view.permanent(sourced.source).name
            return f"{name}'s {ban.text!r} forbids {player} to play a land (CR 101.2)"
    return None


def turn_count_warnings(
    view: BoardView, player: str, spells: Iterable[TypeLine], *, land_in_hand: bool
) -> tuple[TextWarning, ...]:
    """A warning for each prohibition whose count the turn's plays may change ('Each opponent who controls
    more creatures than you ...': the creature spells ``player`` casts; '... greater than the number of lands
    that player controls': the land played): a turn's plan judges it on the board before the turn, not as the
    turn goes (CR 101.2), which is said, never silent.

    >>> from models.board import Board
    >>> ward = {"id": "w", "name": "Test Ward", "type_line": "Artifact", "controller": "opp",
    ...     "oracle": "Each opponent who controls more creatures than you can't cast creature spells."}
    >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "opp"}],
    ...     "permanents": [ward]}))
    >>> [len(turn_count_warnings(view, "me", [TypeLine.parse(line)], land_in_hand=False))
    ...  for line in ("Creature — Elf", "Instant")]
    [1, 0]
    """
    lines = [line for line in spells if line.is_permanent]
    found = []
    for sourced in (*view.effects_of(CastBan), *view.effects_of(LandPlayBan)):
        ban = sourced.effect
        assert isinstance(ban, CastBan | LandPlayBan)
        counted = ban.terms.more_than_you or ban.terms.mana_value_above
        if counted is None:
            continue
        uncounted = replace(sourced, effect=replace(ban, terms=replace(ban.terms, more_than_you=None)))
        if applies(view, uncounted, player) is False:
            continue
        added = any(line.is_a(kind) for line in lines for kind in counted.types)
        if added or (land_in_hand and "Land" in counted.types):
            found.append(
                TextWarning(
                    sourced.source,
                    ban.text,
                    f"judged on the board before the turn: the permanents {player} casts or plays this turn "
                    "may change what it forbids (CR 101.2), not followed as the turn goes",
                    WarningKind.FORBIDDEN,
                )
            )
    return tuple(found)


def cast_ban_warnings(view: BoardView, target: PaymentTarget, player: str) -> tuple[TextWarning, ...]:
    """A warning for each prohibition that forbids ``player`` to cast the spell paid for (or to activate the
    ability paid for, CR 602.5): the payment is an answer to the cost, but the spell can't be cast (CR
    101.2)."""
    name = target.name or _unnamed(target)
    verb, done = ("activate", "activated") if target.kind is PaymentKind.ABILITY else ("cast", "cast")
    forbidden = tuple(
        TextWarning(
            sourced.source,
            sourced.effect.text,
            f"{player} can't {verb} {name} (CR 101.2): the cost is payable, "
            f"the {_noun(target)} can't be {done}",
            WarningKind.FORBIDDEN,
        )
        for sourced in cast_bans(view, target, player)
    )
    return forbidden + undecided_ban_warnings(view, target, player)


def _noun(target: PaymentTarget) -> str:
    """'ability' or 'spell', what ``target`` pays for."""
    return "ability" if target.kind is PaymentKind.ABILITY else "spell"


def _unnamed(target: PaymentTarget) -> str:
    """'the spell', 'the ability': ``target`` when it names no card."""
    return f"the {_noun(target)}"


def undecided_ban_warnings(view: BoardView, target: PaymentTarget, player: str) -> tuple[TextWarning, ...]:
    """The prohibitions that may forbid ``player`` the spell ``target`` but are not judged: of some mana
    values on a spell with X (CR 202.3e), of a chosen color the board does not give (``choices.color``),
    while its permanent attacks (the board does not say which creatures attack), of a chosen type or a name
    the board or the question does not give (:func:`~planner.rules.ban_names.judged`)."""
    if target.kind is not PaymentKind.SPELL or target.purposes & SPECIAL_ACTIONS:
        return ()
    if not target.type_line.card_types:
        return _unjudged_name_warnings(view, target, player)  # (a name is asked of any spell)
    return (
        _x_bound_warnings(view, target, player)
        + _unchosen_color_warnings(view, target, player)
        + _unchosen_number_warnings(view, target, player)
        + _uncounted_warnings(view, target, player)
        + _unknown_last_spell_warnings(view, target, player)
        + _unknown_attack_warnings(view, target, player)
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
        if (
            not (ban.chosen_type or ban.named or ban.chosen_word)
            or applies(view, sourced, player) is not True
        ):
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


def _binding(view: BoardView, player: str, *, known: bool = True) -> list[tuple[SourcedEffect, CastBan]]:
    """The prohibitions that bind ``player`` now (``known``) or may but are not judged (not ``known``:
    whether the permanent attacks), each as it stands for the player (:func:`_judged`)."""
    wanted = True if known else None
    return [
        (sourced, _judged(view, sourced, player))
        for sourced in view.effects_of(CastBan)
        if applies(view, sourced, player) is wanted
    ]


def _unchosen_color_warnings(view: BoardView, target: PaymentTarget, player: str) -> tuple[TextWarning, ...]:
    """A warning for each prohibition of 'spells of the chosen color' whose permanent names no color (the
    board's ``choices.color``): whether it forbids the spell is not known (CR 101.2), never a silent yes."""
    return tuple(
        TextWarning(sourced.source, ban.text, "choices.color: none", WarningKind.UNDEFINED)
        for sourced, ban in _binding(view, player)
        if _describes(ban, target) and _of_chosen_color(view, sourced, target, player) is None
    )


def _unchosen_number_warnings(view: BoardView, target: PaymentTarget, player: str) -> tuple[TextWarning, ...]:
    """A warning for each prohibition of 'spells with mana value equal to the chosen number' whose permanent
    names no number (the board's ``choices.number``): it forbids no spell then, said, never silent."""
    return tuple(
        TextWarning(
            sourced.source,
            ban.text,
            f"{view.path(sourced.source)}.choices.number is not given: no number chosen, no spell forbidden "
            "by it",
            WarningKind.UNDEFINED,
        )
        for sourced, ban in _binding(view, player)
        if ban.chosen_number and _chosen_number(view, sourced) is None and _describes(ban, target)
    )


def _uncounted_warnings(view: BoardView, target: PaymentTarget, player: str) -> tuple[TextWarning, ...]:
    """A warning for each limit on the spells of a kind each turn (Ethersworn Canonist's nonartifact spells)
    that may forbid ``player`` the spell ``target`` when the board gives a count of the spells cast this turn
    but not the spells: whether one was of its kind is not known, and none is counted, never a silent yes."""
    index = [p.id for p in view.board.players].index(player)
    return tuple(
        TextWarning(
            sourced.source,
            ban.text,
            f"players[{index}].spells_cast_this_turn gives a count only: whether {player} has cast "
            f"{' '.join(ban.spells.kind_words())} spells this turn is not known, none counted; list the "
            "spells (CR 101.2)",
            WarningKind.FORBIDDEN,
        )
        for sourced, ban in _binding(view, player)
        if ban.most is not None
        and spells_cast_of(view, player, ban.spells) is None
        and _describes(ban, target)
    )


def _unknown_last_spell_warnings(
    view: BoardView, target: PaymentTarget, player: str
) -> tuple[TextWarning, ...]:
    """A warning for each prohibition like Mana Maze's when the board does not say which spell was cast
    last this turn (spells of more than one player, or a count alone): not judged, never a silent yes."""
    return tuple(
        TextWarning(
            sourced.source,
            ban.text,
            "the spell most recently cast this turn is not known (spells_cast_this_turn: a count, or spells "
            "of more than one player, whose order is not given): whether the spell shares a color with it "
            "is not judged (CR 105.2, 101.2)",
            WarningKind.FORBIDDEN,
        )
        for sourced, ban in _binding(view, player)
        if ban.shares_last_color
        and shares_last_color(view, target, player) is None
        and _describes(ban, target)
    )


def _x_bound_warnings(view: BoardView, target: PaymentTarget, player: str) -> tuple[TextWarning, ...]:
    """A warning for each prohibition of some mana values on a spell with X: whether it may be cast depends on
    X (CR 202.3e, 101.2), not judged (a search for the largest X would not know which X are allowed)."""
    name = target.name or "the spell"
    return tuple(
        TextWarning(
            sourced.source,
            ban.text,
            f"{player} can't cast {name} for an X that gives it one of these mana values (CR 202.3e, 101.2): "
            "not judged for X",
            WarningKind.FORBIDDEN,
        )
        for sourced, ban in _binding(view, player)
        if _bounds_x(ban, target)
    )


def _unknown_attack_warnings(view: BoardView, target: PaymentTarget, player: str) -> tuple[TextWarning, ...]:
    """A warning for each prohibition while its permanent attacks ('As long as ~ is attacking, defending
    player can't cast spells.') in its controller's combat: the board does not say which creatures attack,
    nor whom, so whether it forbids the spell is not judged (CR 506.2, 101.2), never a silent yes."""
    name = target.name or "the spell"
    index = [p.id for p in view.board.players].index(player)
    return tuple(
        TextWarning(
            sourced.source,
            ban.text,
            (
                f"{player} can't cast {name} if {player} attacked {sourced.controller} or a planeswalker "
                f"they control this turn (CR 508.1, 101.2): players[{index}].attacked_this_turn is not "
                "given, not judged"
            )
            if ban.terms.attacked_you
            else f"{player} can't cast {name} if {view.permanent(sourced.source).name} is attacking "
            f"{player} (CR 506.2, 101.2): the board does not say which creatures attack, not judged",
            WarningKind.FORBIDDEN,
        )
        for sourced, ban in _binding(view, player, known=False)
        if _describes(ban, target) or _bounds_x(ban, target)
    )


def why_forbidden(
    view: BoardView, target: PaymentTarget, player: str, *, step: str | None = None, in_turn: bool = False
) -> str | None:
    """Why ``player`` can't cast the spell ``target`` (or activate the ability it pays for) on this board
    (the first prohibition that forbids it, or a restriction on when: :func:`~planner.rules.cast_timing.
    why_untimely`, in ``step``, the board's own when None), or None; ``in_turn`` as for :func:`cast_bans`."""
    if (untimely := why_untimely(view, target, player, step=step)) is not None:
        return untimely
    bans = cast_bans(view, target, player, in_turn=in_turn)
    if not bans:
        return None
    source = view.permanent(bans[0].source).name
    name = target.name or _unnamed(target)
    if target.kind is PaymentKind.ABILITY:
        return f"{name} can't be activated: {source}'s {bans[0].effect.text!r} forbids it (CR 602.5, 101.2)"
    return f"{name} can't be cast: {source}'s {bans[0].effect.text!r} forbids it (CR 101.2)"


def bans_later_spells(
    card: Card, player: str, active: str, later: Iterable[PaymentTarget], *, alone: bool
) -> str | None:
    """Why a permanent spell of the turn is not planned: once it resolves, a prohibition of its own ("You
    can't cast creature spells.") would forbid ``player`` one of the ``later`` spells of the turn (the
    order of the turn's spells is not searched for it); None when it forbids none of them. The turn is its
    main phase (contract section 7): a prohibition during combat, or while the permanent attacks or is
    attached (an Equipment enters unattached, CR 301.5), does not bind then; a Curse's ('Enchanted player')
    binds the player only when ``alone`` (a board of one player: the Curse can enchant no other, CR 303.4a).

    >>> codie = Card.from_json({"name": "Test Codex", "type_line": "Artifact", "mana_cost": "{4}",
    ...     "oracle": "You can't cast creature spells."})
    >>> elf = PaymentTarget.of("{G}", type_line="Creature — Elf")
    >>> print(bans_later_spells(codie, "me", "me", [elf], alone=False))
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
        and _binds_on_entering(effect, card, alone=alone)
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
    bans = [
        sourced
        for sourced in view.effects_of(CastBan)
        if isinstance(sourced.effect, CastBan)
        and sourced.effect.named is SpellName.NONTOKEN_PERMANENT
        and applies(view, sourced, player) is True
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


def _binds_on_entering(ban: CastBan, card: Card, *, alone: bool) -> bool:
    """True when ``ban``, of the permanent spell ``card`` just resolved in its controller's main phase, may
    bind its controller (:func:`bans_later_spells`)."""
    terms = ban.terms
    if terms.combat or terms.attacking:
        return False  # (the main phase: no combat, no creature attacking, CR 506.1)
    if terms.attached_to is not None and "Aura" not in card.type_line.subtypes:
        return False  # (an Equipment enters attached to nothing, CR 301.5)
    return alone or not terms.enchanted_player
