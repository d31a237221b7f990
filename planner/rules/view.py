"""Characteristics after type-changing and ability-granting effects, what filters match, and the state a
replay changes step by step. Whether an ability can be activated now is :mod:`planner.rules.eligibility`'s,
whether a condition holds :mod:`planner.rules.conditions`' and a devotion :mod:`planner.rules.devotion`'s.

Layer 4 (CR 305.7, 613.1d) sets or adds basic land types in dependency order (CR 613.8), then timestamp
order (the order of the board's permanents). Layer 6 (613.1f) adds the intrinsic mana ability of each
basic land type (CR 305.6) and abilities granted by other permanents (Chromatic Lantern). A land whose
subtype is *set* loses the abilities from its rules text, but keeps granted ones (305.7).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from models.abilities import Condition, ManaAbility, ObjectFilter, Who
from models.board import BOARD_VERSION, Board, Permanent, Player, card_colors
from models.catalogue import CardData
from models.errors import InputError
from models.folding import fold_name
from models.kept import per_card
from models.layer_effects import (
    AbilitiesOfCards,
    AbilityLoss,
    ColorChange,
    GainAbilitiesOf,
    GrantAbility,
    TypeChange,
)
from models.lazy import cached_property
from models.mana import ManaTypes
from models.mana_effects import ActivationBan, ManaTrigger, StaticEffect
from models.oracle import ParsedText, read_card
from models.types import TypeLine
from planner.rules.ability_loss import abilities_lost, survives_loss
from planner.rules.amounts import (
    known_power,
    mana_value,
)
from planner.rules.characteristics import worked_out_characteristics
from planner.rules.conditions import condition_holds, counted_by_conditions
from planner.rules.costs import keep_tapped
from planner.rules.effects_in_force import (
    NONE_IN_FORCE,
    EffectsInForce,
    effects_in_force,
    trigger_effect_gaps,
)
from planner.rules.executed import (
    counters_removed_any,
    removing,
    stays_tapped,
    unexecuted_part,
    unknown_imprint,
)
from planner.rules.graveyard_grants import GraveyardGrant, granted_to, graveyard_grants
from planner.rules.layers import base_powers_set, in_force, missing_choice, type_changes, with_chosen_color
from planner.rules.names import permanent_name
from planner.rules.priority_untaps import priority_untap_warnings
from planner.rules.producing import could_produce_of
from planner.rules.reading_facts import board_facts
from planner.rules.records import (
    ENTERS_AS_A_COPY,
    GRANTS_A_CHOICE_READER,
    MAY_LEAVE_AN_EFFECT,
    MAY_MISS_A_CHOICE,
    MAY_READ_A_CHOICE,
    UNREAD_SENTENCE,
    Characteristics,
    LostAbilities,
    SourcedEffect,
    Structure,
    TextWarning,
    ViewTable,
    unread_warning,
)
from planner.rules.spell_cost import (
    colored_reduction,
    cost_change,
    locked_in,
    unchosen_x_change,
    with_changed_types,
)
from planner.rules.steady import unsteady_type_changes
from planner.rules.undefined_choices import undefined_choices

__all__ = [
    "CARD_CONTROLLER",
    "CARD_ID",
    "BoardView",
    "Characteristics",
    "SourcedEffect",
    "Structure",
    "TextWarning",
    "ViewTable",
    "card_view",
    "catalogue_permanent",
    "colored_reduction",
    "cost_change",
    "counters_removed_any",
    "locked_in",
    "removing",
    "unchosen_x_change",
    "unexecuted_part",
    "unknown_imprint",
    "with_changed_types",
]


#: The board's effects in force as stand-in sources (:mod:`planner.rules.effects_in_force`): they read the
#: board's ``effects`` and its permanents' counters ('for as long as it has a flood counter on it').
_GIVEN_EFFECTS: ViewTable[None, EffectsInForce] = ViewTable("view.given_effects", shared=True)

#: The permanents a filter matches (:meth:`BoardView.matching`), by the filter, its source's controller and
#: the permanents removed.
_MATCHING: ViewTable[tuple[ObjectFilter, str | None, frozenset[str]], tuple[str, ...]] = ViewTable(
    "view.matching"
)


class BoardView:
    """A board with its rules applied: parsed text, characteristics, effects in force, and eligibility.

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "f", "card": "Forest", "controller": "me"},
    ...     {"id": "bm", "card": "Blood Moon", "controller": "me"},
    ...     {"id": "pool", "card": "Reflecting Pool", "controller": "me"}]})
    >>> view = BoardView(board)
    >>> [a.text for a in view.characteristics("pool").mana_abilities]
    ['{T}: Add {R}.']
    """

    def __init__(
        self, board: Board, structure: Structure | None = None, by_id: dict[str, Permanent] | None = None
    ) -> None:
        """``by_id``, when given, is ``board``'s permanents by id, in its order (a dict of its own)."""
        self.board = board
        #: what this view has worked out of its permanents' characteristics (:meth:`rebind` hands it on)
        self.structure = structure if structure is not None else Structure()
        #: the entries of the :class:`ViewTable` tables that are this view's own (they read its statuses)
        self.tables: dict[ViewTable[Any, Any], dict[Any, Any]] = {}
        self._by_id: dict[str, Permanent] = {p.id: p for p in board.permanents} if by_id is None else by_id
        #: the statuses (see :meth:`statuses`) once asked for, kept up to date by :meth:`update`, and where
        #: each permanent's is in the list
        self._statuses: list[tuple[str, bool, tuple[tuple[str, int], ...]]] | None = None
        self._status_at: dict[str, int] = {}
        self._players: dict[str, Player] = {}

    # ---------------------------------------------------------------- parsing

    @cached_property
    def parsed(self) -> dict[str, ParsedText]:
        """Each permanent's parsed rules text, at its level (a Class's, a leveler's:
        :mod:`models.oracle.levels`)."""
        structure = self.structure
        if structure.parsed is None:
            structure.parsed = {
                p.id: read_card(p.oracle, p.name, p.type_line, p.level) for p in self.board.permanents
            }
        return structure.parsed

    @property
    def text_facts(self) -> int:
        """What the board's texts hold that the scans for warnings look for, as bits (see
        :mod:`planner.rules.reading_facts`), worked out once per board structure."""
        return board_facts(self)

    @cached_property
    def warnings(self) -> tuple[TextWarning, ...]:
        """Every unsupported sentence on the board, and every mana ability read but not executed, with its
        permanent's id."""
        structure = self.structure
        if structure.warnings is None:
            structure.warnings = self._worked_out_warnings()
        return structure.warnings

    def _worked_out_warnings(self) -> tuple[TextWarning, ...]:
        unread = (
            tuple(
                unread_warning(pid, sentence)
                for pid, parsed in self.parsed.items()
                for sentence in parsed.unsupported
            )
            if board_facts(self) & UNREAD_SENTENCE
            else ()
        )
        return (
            unread
            + self._missing_choices
            + self._undefined_choices
            + tuple(dict.fromkeys(self._unexecuted))
            + priority_untap_warnings(self)
            + unsteady_type_changes(self)
            + self.given_effects.warnings
            + (
                trigger_effect_gaps(self.board, self.parsed)
                if board_facts(self) & MAY_LEAVE_AN_EFFECT
                else ()
            )
        )

    @cached_property
    def _missing_choices(self) -> tuple[TextWarning, ...]:
        """The effects set aside because they read a choice the board doesn't give (the card exiled with
        Extraplanar Lens): never used as if nothing, or anything, had been chosen."""
        structure = self.structure
        if structure.missing_choices is None and not board_facts(self) & MAY_MISS_A_CHOICE:
            structure.missing_choices = ()  # (the common case: no effect on the board reads such a choice)
        if structure.missing_choices is None:
            structure.missing_choices = tuple(
                TextWarning(p.id, e.text, f"{self.path(p.id)}.choices.{missing}")
                for p in self.board.permanents
                for e in self.parsed[p.id].effects
                if (missing := missing_choice(e, p.choices)) is not None
            )
        return structure.missing_choices

    @cached_property
    def _undefined_choices(self) -> tuple[TextWarning, ...]:
        """The abilities and effects that read a choice the board doesn't give, each still used
        (:mod:`planner.rules.undefined_choices`)."""
        facts = board_facts(self)
        return undefined_choices(
            self,
            reads=bool(facts & MAY_READ_A_CHOICE),
            grants=bool(facts & GRANTS_A_CHOICE_READER),
            copies=bool(facts & ENTERS_AS_A_COPY),
        )

    @cached_property
    def _unexecuted(self) -> tuple[TextWarning, ...]:
        """The mana abilities set aside because the planner does not execute one of their parts."""
        self._characteristics  # noqa: B018 - fills the structure's list
        return self.structure.unexecuted

    def permanent(self, pid: str) -> Permanent:
        """The permanent with this id, or the stand-in source of an effect in force of that id
        (:mod:`planner.rules.effects_in_force`)."""
        found = self._by_id.get(pid)
        if found is None:
            return (
                self.given_effects.by_id[pid].stand_in
                if pid in self.given_effects.by_id
                else self._by_id[pid]
            )
        return found

    @property
    def given_effects(self) -> EffectsInForce:
        """The board's effects in force that no permanent holds (its ``effects``), as stand-in sources."""
        if not self.board.effects:
            return NONE_IN_FORCE
        found = _GIVEN_EFFECTS.get(self, None)
        if found is None:
            found = effects_in_force(self.board)
            _GIVEN_EFFECTS.put(self, None, found)
        return found

    def player(self, player_id: str) -> Player:
        """The player with this id as the game has them now: what :meth:`update_player` put in place, else
        the board's (its life total, graveyard and hand are what amounts read mid-plan)."""
        return self._players.get(player_id) or self.board.player(player_id)

    def update_player(self, player: Player) -> None:
        """Put a player's new life total, graveyard or hand in place, in this view only (a replay's view,
        changed step by step); ``board`` keeps the players it was built with.

        >>> from models.board import Board
        >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}]}))
        >>> view.update_player(replace(view.player("me"), life=7))
        >>> view.player("me").life, view.board.player("me").life
        (7, 20)
        """
        self._players[player.id] = player

    def statuses(self) -> tuple[tuple[str, bool, tuple[tuple[str, int], ...]], ...]:
        """The permanents on the view's board now, in order, with what a rebound view may change of them:
        their tapped flags and counters.

        >>> from dataclasses import replace
        >>> from models.board import Board
        >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
        ...     {"id": "f", "card": "Forest", "controller": "me"}]})
        >>> view = BoardView(board)
        >>> view.update(replace(view.permanent("f"), tapped=True))
        >>> view.statuses()
        (('f', True, ()),)
        """
        if self._statuses is None:
            # (the view's permanents now, in the board's order: no look-up by id)
            self._statuses = [(pid, p.tapped, p.counters) for pid, p in self._by_id.items()]
            self._status_at = {p.id: number for number, p in enumerate(self.board.permanents)}
        return tuple(self._statuses)

    def permanents_now(self) -> dict[str, Permanent]:
        """The permanents on the view's board as they are now (their statuses put in place by
        :meth:`update`), by id, in the board's order: a dict of the caller's own.

        >>> from dataclasses import replace
        >>> from models.board import Board
        >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
        ...     {"id": "f", "card": "Forest", "controller": "me"}]})
        >>> view = BoardView(board)
        >>> view.update(replace(view.permanent("f"), tapped=True))
        >>> view.permanents_now()["f"].tapped, board.permanent("f").tapped
        (True, False)
        """
        return dict(self._by_id)  # (updates replace values in place: the keys keep the board's order)

    def has(self, pid: str) -> bool:
        """True when the permanent is on this view's board."""
        return pid in self._by_id

    def update(self, permanent: Permanent) -> None:
        """Put a new status (tapped, counters, abilities activated this turn) of one of the view's permanents
        in place, in this view only (a replay's view, changed step by step). Its printed characteristics must
        be the ones it had.

        Statuses are read through :meth:`permanent`; ``board`` keeps the statuses it was built with.

        >>> from dataclasses import replace
        >>> from models.board import Board
        >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
        ...     {"id": "f", "card": "Forest", "controller": "me"}]})
        >>> view = BoardView(board)
        >>> view.update(replace(view.permanent("f"), tapped=True))
        >>> view.permanent("f").tapped, board.permanent("f").tapped
        (True, False)
        """
        assert self._by_id[permanent.id].name == permanent.name
        self._by_id[permanent.id] = permanent
        if self._statuses is not None:
            self._statuses[self._status_at[permanent.id]] = (
                permanent.id,
                permanent.tapped,
                permanent.counters,
            )

    def without(self, pid: str, board: Board, by_id: dict[str, Permanent] | None = None) -> BoardView | None:
        """A view of ``board``, this view's board without ``pid`` (sacrificed mid-plan), reusing what was
        worked out here; None when that can't be reused: ``pid`` is a source of effects or one that a
        condition of an effect counts, or a land-type effect is in force (whose dependencies may read it).

        >>> from models.board import Board
        >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
        ...     {"id": "f", "card": "Forest", "controller": "me"},
        ...     {"id": "t", "card": "Treasure", "controller": "me"}]})
        >>> view = BoardView(board)
        >>> [p.id for p in view.without("t", board.without_permanent("t")).board.permanents]
        ['f']
        """
        if self.parsed[pid].effects:
            return None
        # a land-type effect applies to lands only (CR 305.7), and whatever a type change makes a land (a
        # creature made a Forest land) is one here: a nonland's leaving changes no land's type, nor the order
        # the effects apply in (CR 613.8)
        if self.type_line(pid).is_a("Land") and any(isinstance(e.effect, TypeChange) for e in self.effects):
            return None
        if pid in counted_by_conditions(self):
            return None
        if any(warning.permanent != pid for warning in self.structure.unexecuted):
            # an ability set aside for what another permanent does (a cost that fills the graveyard whose
            # colors it reads: Corrupted Grafstone beside Ashnod's Altar) may be usable once that one is gone
            return None
        return self.rebind(board, by_id)

    def rebind(self, board: Board, by_id: dict[str, Permanent] | None = None) -> BoardView:
        """A view of ``board``, which must differ from this view's only in what no characteristic reads
        (tapped flags, counters, abilities activated this turn, life totals, pools), reusing everything
        already worked out here (``by_id``: see :class:`BoardView`)."""
        return BoardView(board, self.structure.handed_on(), by_id)

    def path(self, pid: str) -> str:
        """The JSON path of a permanent in the board file, e.g. ``permanents[3]`` (an effect in force's
        stand-in: its entry's, ``effects[0]``)."""
        if pid in self.given_effects.by_id:
            return pid.partition(":")[0]
        return f"permanents[{[p.id for p in self.board.permanents].index(pid)}]"

    # ---------------------------------------------------------------- layer 4

    @cached_property
    def _layer4(self) -> tuple[dict[str, TypeLine], frozenset[str], dict[tuple[str, str], frozenset[str]]]:
        """Type lines after type-changing effects (land types, added card types), the ids of lands that
        lost their text abilities, and what each effect applied to (by source and text)."""
        structure = self.structure
        if structure.layer4 is None:
            structure.layer4 = type_changes(self)
        return structure.layer4

    # ---------------------------------------------------------------- effects and layer 6

    def type_line(self, pid: str) -> TypeLine:
        """The permanent's type line after layer 4 (a stand-in source's own, of no card type, for an effect in
        force: :mod:`planner.rules.effects_in_force`)."""
        found = self._layer4[0].get(pid)
        return self.permanent(pid).type_line if found is None else found

    def type_change_applied(self, source: str, text: str) -> frozenset[str]:
        """The permanents the type change of ``source`` written ``text`` applied to in layer 4 (none when it
        did not apply): what the rest of its effect applies to in later layers (CR 613.6, Titania's Song)."""
        return self._layer4[2].get((source, text), frozenset())

    def base_power_and_toughness(self, pid: str) -> tuple[int, int] | None:
        """The base power and toughness an effect in force sets for the permanent (layer 7b, CR 613.4b:
        'Enchanted land is a 4/4 green Treefolk creature that's still a land'), or None when none does."""
        structure = self.structure
        if structure.layer7b is None:
            structure.layer7b = base_powers_set(self)
        return structure.layer7b.get(pid)

    def lost_text_abilities(self, pid: str) -> bool:
        """True when a set-land-type effect removed the abilities of its rules text (CR 305.7)."""
        return pid in self._layer4[1]

    def text_abilities_lost(self) -> frozenset[str]:
        """The permanents of :meth:`lost_text_abilities` (most boards: none)."""
        return self._layer4[1]

    def lost_any_abilities(self, pid: str) -> bool:
        """True when the permanent lost the abilities of its rules text that are no mana abilities: to a land
        type set (CR 305.7, :meth:`lost_text_abilities`) or in layer 6 (:meth:`lost_in_layer_6`)."""
        return pid in self._layer4[1] or pid in self._losses_in_layer_6

    @cached_property
    def _losses_in_layer_6(self) -> dict[str, LostAbilities]:
        """:meth:`losses_in_layer_6`, read once per view (and only for a permanent that did not lose its text
        abilities in layer 4 already: a loss's filter may read what layer 4 left, its keywords)."""
        return self._layer6[1]

    @cached_property
    def effects(self) -> tuple[SourcedEffect, ...]:
        """The effects in force: those of permanents that still have their text abilities, but for those that
        read a choice the board doesn't give (reported in :attr:`warnings`) and the mana triggers of a player
        who is not the monarch that work only while they are (Regal Behemoth)."""
        structure = self.structure
        if structure.effects is None:
            before, lost = self._layer6
            structure.effects = (
                tuple(
                    e for e in before if (gone := lost.get(e.source)) is None or survives_loss(e.effect, gone)
                )
                if lost
                else before
            )
        return structure.effects

    @property
    def _layer6(self) -> tuple[tuple[SourcedEffect, ...], dict[str, LostAbilities]]:
        """The effects in force before layer 6's losses of abilities by a filter (Humility), and those losses
        (:func:`~planner.rules.ability_loss.abilities_lost`: their filters read the types and colors of
        layers 4 and 5, worked out from the effects before, never from :attr:`effects`)."""
        layer6 = self.structure.layer6
        if layer6 is not None and layer6[1] is not None:
            return layer6[0], layer6[1]
        before = self._before_layer_6()
        lost = abilities_lost(self, before)
        self.structure.layer6 = (before, lost)
        return before, lost

    def _before_layer_6(self) -> tuple[SourcedEffect, ...]:
        """The effects in force but for the losses of layer 6 (:meth:`_layer6`)."""
        structure = self.structure
        if structure.layer6 is None:
            structure.layer6 = (self._effects_before_layer_6(), None)
        return structure.layer6[0]

    def lost_in_layer_6(self, pid: str) -> LostAbilities | None:
        """What the permanent lost to effects that take abilities from what a filter matches (Humility, Blood
        Sun), or None."""
        layer6 = self.structure.layer6
        lost = layer6[1] if layer6 is not None and layer6[1] is not None else self._layer6[1]
        return lost.get(pid) if lost else None

    def losses_in_layer_6(self) -> dict[str, LostAbilities]:
        """:meth:`lost_in_layer_6` of each permanent that lost abilities there."""
        return self._layer6[1]

    def _effects_before_layer_6(self) -> tuple[SourcedEffect, ...]:
        given = tuple(
            SourcedEffect(source.stand_in.id, source.stand_in.controller, e)
            for source in self.given_effects.sources
            for e in source.effects
        )
        return self._permanents_effects_before_layer_6() + given

    def _permanents_effects_before_layer_6(self) -> tuple[SourcedEffect, ...]:
        return tuple(
            SourcedEffect(p.id, p.controller, with_chosen_color(e, p.choices))
            for p in self.board.permanents
            for e in self.parsed[p.id].effects
            # (a resolved trigger's effect, The Wondrous Wasp's, is no ability its source may lose)
            if (not self.lost_text_abilities(p.id) or (isinstance(e, AbilityLoss) and e.resolved))
            and in_force(e, p)
            and not (isinstance(e, ManaTrigger) and e.while_monarch and not self.player(p.controller).monarch)
            and not (isinstance(e, GrantAbility) and e.until_your_next_turn and self._next_turn_began(p))
        )

    def _next_turn_began(self, permanent: Permanent) -> bool:
        """True in the beginning phase of the turn of the permanent's controller: an effect of one of its
        chapters 'until your next turn' has ended, and its next chapter has not triggered yet (CR 714.2b:
        after the draw step)."""
        board = self.board
        return board.active_player == permanent.controller and board.step == "beginning"

    def effects_of(self, kind: type[StaticEffect]) -> Iterator[SourcedEffect]:
        """The effects in force of one kind, in timestamp order."""
        by_kind = self.structure.effects_by_kind
        found = by_kind.get(kind)
        if found is None:
            found = by_kind[kind] = tuple(e for e in self.effects if isinstance(e.effect, kind))
        return iter(found)

    @cached_property
    def _characteristics(self) -> dict[str, Characteristics]:
        """Each permanent's characteristics now (its type line after layer 4, its abilities after layer 6)."""
        structure = self.structure
        if structure.characteristics is None:
            structure.characteristics, structure.unexecuted = worked_out_characteristics(self)
        return structure.characteristics

    def characteristics(self, pid: str) -> Characteristics:
        """The permanent's characteristics now."""
        return self._characteristics[pid]

    @property
    def paid_x_most(self) -> int | None:
        """The largest X the mana abilities paid with an {X} that add X are listed to on this board
        (:mod:`planner.rules.paid_x`), or None when it has none.

        >>> from models.board import Board
        >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
        ...     {"id": "f", "card": "Forest", "controller": "me", "tapped": True},
        ...     {"id": "r", "name": "Rockets", "type_line": "Artifact", "controller": "me",
        ...      "oracle": "{X}, Sacrifice this artifact: Add X mana in any combination of colors."}]})
        >>> BoardView(board).paid_x_most, BoardView(board.without_permanent("r")).paid_x_most
        (1, None)
        """
        worked_out = self._characteristics is not None  # (it is worked out with the characteristics)
        return self.structure.paid_x_most if worked_out else None

    def as_printed(self, pid: str) -> bool:
        """True when the permanent's characteristics are its card's: no effect changes its types or colors,
        takes its abilities away or grants it one (what it is alone on the battlefield).

        >>> from models.board import Board
        >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
        ...     {"id": "f", "card": "Forest", "controller": "me"},
        ...     {"id": "u", "card": "Urborg, Tomb of Yawgmoth", "controller": "me"},
        ...     {"id": "s", "card": "Sol Ring", "controller": "me"}]})
        >>> [BoardView(board).as_printed(pid) for pid in ("f", "u", "s")]  # Urborg makes every land a Swamp
        [False, False, True]
        """
        permanent = self._by_id[pid]
        if self.type_line(pid) is not permanent.type_line or self.lost_any_abilities(pid):
            return False
        if pid in self._layer5:
            return False  # (its colors changed: what reads them, convoke, sees other ones)
        granting = (GrantAbility, ActivationBan, GainAbilitiesOf, AbilitiesOfCards)
        for sourced in (sourced for kind in granting for sourced in self.effects_of(kind)):
            effect = sourced.effect
            assert isinstance(effect, GrantAbility | ActivationBan | GainAbilitiesOf | AbilitiesOfCards)
            if self.matches(effect.affected, pid, sourced.source):
                return False
        return not self._granted_from_graveyards(pid)

    @cached_property
    def _graveyard_grants(self) -> tuple[tuple[GraveyardGrant, ...], tuple[TextWarning, ...]]:
        """:func:`~planner.rules.graveyard_grants.graveyard_grants` (Riftstone Portal)."""
        return graveyard_grants(self)

    @property
    def graveyard_grants(self) -> tuple[GraveyardGrant, ...]:
        """The grants of the cards in graveyards that work from there (Riftstone Portal)."""
        return self._graveyard_grants[0]

    @property
    def graveyard_grants_set_aside(self) -> tuple[TextWarning, ...]:
        """The grants of cards in graveyards set aside, with why (:func:`~planner.rules.graveyard_grants.
        graveyard_grants`)."""
        return self._graveyard_grants[1]

    @property
    def grants_from_graveyards(self) -> bool:
        """True when a card in a graveyard gives permanents mana abilities (Riftstone Portal), which no
        analysis of a card alone has."""
        return bool(self._graveyard_grants[0])

    def _granted_from_graveyards(self, pid: str) -> tuple[ManaAbility, ...]:
        grants = self._graveyard_grants[0]
        return granted_to(self, grants, pid) if grants else ()

    def untaps_normally(self, pid: str) -> bool:
        """False for a permanent whose text keeps it tapped through its controller's untap step (Mana Vault,
        Grim Monolith) or with a mana ability that says it doesn't untap during the next one (Waterveil
        Cavern), or that exerts it (Oasis Ritualist, CR 701.39: it won't untap during the next one), or one an
        effect keeps from becoming untapped (Frozen in Ice's enchanted creature); a land
        that lost its text abilities (a Waterveil Cavern under Blood Moon) has none of these.

        >>> from models.board import Board
        >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
        ...     {"id": "v", "card": "Mana Vault", "controller": "me"},
        ...     {"id": "f", "card": "Forest", "controller": "me"}]})
        >>> BoardView(board).untaps_normally("v"), BoardView(board).untaps_normally("f")
        (False, True)
        """
        permanent = self._by_id[pid]
        lost = self.lost_in_layer_6(pid)
        if lost is not None and lost.stays_tapped:
            return False  # (Frozen in Ice: 'can't become untapped')
        if not self.lost_any_abilities(pid) and stays_tapped(permanent.oracle, permanent.name):
            return False
        return not keep_tapped(self.mana_abilities(pid))

    def mana_abilities(self, pid: str) -> tuple[ManaAbility, ...]:
        """The permanent's mana abilities now, in a stable order (text, intrinsic, granted)."""
        return self._characteristics[pid].mana_abilities

    def idle_mana_abilities(self, pid: str) -> tuple[ManaAbility, ...]:
        """The abilities that stand for the permanent's families it can't activate now, for want of counters
        or of things to sacrifice (:attr:`~planner.rules.records.Characteristics.idle`): read only for what
        it could produce (CR 106.7)."""
        return self._characteristics[pid].idle

    # ---------------------------------------------------------------- filters and conditions

    def matches(
        self,
        flt: ObjectFilter,
        pid: str,
        source: str,
        types: dict[str, TypeLine] | None = None,
        removed: frozenset[str] = frozenset(),
    ) -> bool:
        """True when permanent ``pid`` matches a filter written on ``source`` (relative to its controller)."""
        if pid in removed:
            return False
        permanent = self._by_id[pid]
        source_permanent = self._by_id.get(source)
        if source_permanent is None and self.board.effects and source in self.given_effects.by_id:
            given = self.given_effects.by_id[source]
            source_permanent = given.stand_in
            if given.locked is not None and pid not in given.locked and given.locks(flt):
                return False  # (CR 611.2c: a permanent that came later is none of those it affected)
        line = types[pid] if types is not None else self.type_line(pid)
        if flt.self_only and pid != source:
            return False
        if flt.attached and (source_permanent is None or source_permanent.attached_to != pid):
            return False
        if flt.carrying and not any(
            p.attached_to == pid
            and p.id not in removed
            and (types[p.id] if types is not None else self.type_line(p.id)).is_a(flt.carrying)
            for p in self.board.permanents
        ):
            return False
        if flt.other and pid == source:
            return False
        if flt.enchanted_player and (
            source_permanent is None
            or source_permanent.attached_to != permanent.controller
            or permanent.controller in self._by_id  # (``attached_to`` names a permanent of that id first)
        ):
            return False
        if flt.untapped and permanent.tapped:
            return False
        if flt.entered_this_turn and not permanent.entered_this_turn:
            return False
        if flt.could_produce and not self._could_produce(pid) & flt.could_produce:
            return False
        if source_permanent is not None:
            if flt.controller is Who.YOU and permanent.controller != source_permanent.controller:
                return False
            if flt.controller is Who.OPPONENTS and permanent.controller == source_permanent.controller:
                return False
        if not all(line.is_a(word) for word in flt.types):
            return False
        if any(line.is_a(word) for word in flt.excluded):
            return False
        if flt.any_types and not any(line.is_a(word) for word in flt.any_types):
            return False
        if flt.token is not None and permanent.token is not flt.token:
            return False
        if flt.keyword and not self.has_keyword(pid, flt.keyword, printed=types is not None):
            return False
        if flt.power_at_least is not None and not self._power_at_least(pid, line, flt.power_at_least):
            return False
        if flt.counter is not None and not any(
            count > 0 and (not flt.counter or kind == flt.counter) for kind, count in permanent.counters
        ):
            return False
        if flt.colors or flt.colorless or flt.multicolored or flt.monocolored or flt.chosen_color:
            # (layer 4's effects apply before colors change: what they apply to reads the printed colors)
            colors = self.printed_colors(pid) if types is not None else self.colors(pid)
            if not flt.colors_or_types_match(colors, line.is_a):
                return False
            if not flt.colors_match(colors):
                return False
            if flt.chosen_color:  # (none chosen: nothing is of the chosen color; linked abilities, CR 607)
                color = source_permanent.choices.color if source_permanent else None
                if color is None or color not in colors:
                    return False
        if flt.chosen_type:
            chosen = source_permanent.choices.creature_type if source_permanent else None
            if chosen is None or not line.is_a(chosen):
                return False
        if flt.linked_permanent and (
            source_permanent is None or source_permanent.choices.linked_permanent != permanent.id
        ):
            return False  # (The Wondrous Wasp's target: its choices.linked_permanent)
        if flt.not_owned and (source_permanent is None or permanent.owned_by == source_permanent.controller):
            return False  # ('you control but don't own': the board's owner, CR 108.3)
        if flt.paired and pid not in self._pair(source, types, removed):
            return False  # (soulbond's 'both creatures': the source and the one it is paired with)
        if flt.first_chosen_land_type:  # (Illusionary Terrain's 'of the first chosen type')
            chosen_types = source_permanent.choices.basic_land_types if source_permanent else None
            if chosen_types is None or not line.is_a(chosen_types[0]):
                return False
        if flt.chosen_parity:  # (none chosen: no mana value is of the chosen value, CR 607)
            parity = source_permanent.choices.odd_or_even if source_permanent else None
            if parity is None or ("odd" if mana_value(permanent) % 2 else "even") != parity:
                return False
        if not (flt.named_as_imprinted or flt.named_as_source or flt.other_name or flt.named):
            return True
        # (names after effects, CR 201.2; the copiable ones while layer 4 is worked out: planner.rules.names)
        name = fold_name(permanent.name if types is not None else permanent_name(self, permanent))
        if flt.named_as_imprinted:
            exiled = source_permanent.choices.imprinted if source_permanent else None
            if exiled is None or fold_name(exiled) != name:
                return False
        if flt.named_as_source or flt.other_name:
            if source_permanent is None:
                return False
            own = source_permanent.name if types is not None else permanent_name(self, source_permanent)
            if (fold_name(own) == name) is not flt.named_as_source:
                return False
        return not flt.named or fold_name(flt.named) == name

    def _pair(
        self, source: str, types: dict[str, TypeLine] | None, removed: frozenset[str]
    ) -> tuple[str, ...]:
        """The source and the creature it is paired with (:meth:`~models.board.Board.paired_with`), or
        nothing: a pair holds while both are creatures under one controller (CR 702.95e)."""
        other = self.board.paired_with(source)
        if other is None or {source, other} & removed or not {source, other} <= self._by_id.keys():
            return ()
        pair = (source, other)
        if self._by_id[source].controller != self._by_id[other].controller:
            return ()
        lines = [types[p] if types is not None else self.type_line(p) for p in pair]
        return pair if all(line.is_a("Creature") for line in lines) else ()

    def _could_produce(self, pid: str) -> ManaTypes:
        """What the permanent could produce (CR 106.7: costs ignored), as the question being answered
        records it for this board ('each land your opponents control that could produce {C}')."""
        return could_produce_of(self.board).get(pid, ManaTypes())

    def has_keyword(self, pid: str, keyword: str, *, printed: bool = False) -> bool:
        """True when the permanent has the keyword (lower case, 'defender'): its rules text's, unless an
        effect took its text's abilities (CR 305.7; ``printed``: as written, what a type-changing effect's
        own filter reads while layer 4 is worked out). A grant of a keyword is not read
        (:func:`~planner.rules.amount_gaps.keyword_grant_gap` reports the abilities that count one).

        >>> from models.board import Board
        >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
        ...     {"id": "w", "name": "Wall", "type_line": "Creature — Wall", "oracle": "Defender",
        ...      "controller": "me"},
        ...     {"id": "e", "card": "Llanowar Elves", "controller": "me"}]})
        >>> view = BoardView(board)
        >>> view.has_keyword("w", "defender"), view.has_keyword("e", "defender")
        (True, False)
        """
        if keyword not in self.parsed[pid].keywords:
            return False
        return printed or not self.lost_any_abilities(pid)

    def colors(self, pid: str) -> ManaTypes:
        """A permanent's colors: its printed ones (:meth:`printed_colors`) after the color-changing effects
        (layer 5).

        >>> from models.board import Board
        >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "op"}], "permanents": [
        ...     {"id": "bop", "card": "Birds of Paradise", "controller": "me"},
        ...     {"id": "dawn", "card": "Celestial Dawn", "controller": "op"},
        ...     {"id": "elf", "card": "Llanowar Elves", "controller": "op"}]})
        >>> view = BoardView(board)
        >>> str(view.colors("bop")), str(view.colors("elf")), str(view.printed_colors("elf"))
        ('G', 'W', 'G')
        """
        changed = self._layer5.get(pid)
        return changed if changed is not None else self.printed_colors(pid)

    def printed_colors(self, pid: str) -> ManaTypes:
        """A permanent's colors before any effect: none with devoid (CR 702.114a), else its color indicator,
        else its mana cost's (CR 202.2)."""
        permanent = self._by_id[pid]
        return card_colors(permanent.mana_cost, permanent.color_indicator, permanent.oracle, permanent.name)

    @cached_property
    def _layer5(self) -> dict[str, ManaTypes]:
        """The colors of the permanents that color-changing effects change (layer 5, CR 613.1e), each effect
        applied in timestamp order (the board's), to what it matches once those before it applied."""
        structure = self.structure
        if structure.layer5 is None:
            structure.layer5 = self._worked_out_layer5()
        return structure.layer5

    def _worked_out_layer5(self) -> dict[str, ManaTypes]:
        # (those before layer 6's losses: the same, as a loss takes no color change, and what the losses apply
        # to reads the colors)
        changes = [e for e in self._before_layer_6() if isinstance(e.effect, ColorChange)]
        if not changes:
            return {}
        printed = {p.id: self.printed_colors(p.id) for p in self.board.permanents}
        colors = dict(printed)
        for sourced in changes:
            effect = sourced.effect
            assert isinstance(effect, ColorChange)
            chosen = self.permanent(sourced.source).choices.color  # (a stand-in's too: effects in force)
            wanted = effect.affected.colors
            uncolored = replace(effect.affected, colors=ManaTypes())  # (colors read as they are by now)
            linked = self.type_change_applied(sourced.source, effect.text) if effect.linked else None
            for permanent in self.board.permanents:
                pid = permanent.id
                if linked is not None:  # (a permanent made a creature: those its type change took, CR 613.6)
                    if pid in linked:
                        colors[pid] = effect.recolored(colors[pid], chosen)
                elif (not wanted or colors[pid] & wanted) and self.matches(uncolored, pid, sourced.source):
                    colors[pid] = effect.recolored(colors[pid], chosen)
        return {pid: found for pid, found in colors.items() if found != printed[pid]}

    def colors_elsewhere(self, colors: ManaTypes, player: str, *, spell: bool) -> ManaTypes:
        """The colors of a spell ``player`` controls (``spell``), or of a card ``player`` owns that isn't on
        the battlefield (the card exiled with a permanent), whose colors are ``colors`` before the
        color-changing effects that reach it there (Painter's Servant, Mycosynth Lattice, Celestial Dawn),
        applied in timestamp order.

        >>> from models.board import Board
        >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "op"}], "permanents": [
        ...     {"id": "dawn", "card": "Celestial Dawn", "controller": "me"}]})
        >>> view, red = BoardView(board), ManaTypes.parse("R")
        >>> [str(view.colors_elsewhere(red, player, spell=True)) for player in ("me", "op")]
        ['W', 'R']
        """
        for sourced in self.effects_of(ColorChange):
            effect = sourced.effect
            assert isinstance(effect, ColorChange)
            whose = effect.spells if spell else effect.cards
            if whose is not None and whose.includes(sourced.controller, player):
                colors = effect.recolored(colors, self.permanent(sourced.source).choices.color)
        return colors

    def count(self, flt: ObjectFilter, source: str, removed: frozenset[str] = frozenset()) -> int:
        """How many permanents match a filter written on ``source``."""
        return len(self.matching(flt, source, removed))

    def matching(
        self, flt: ObjectFilter, source: str, removed: frozenset[str] = frozenset()
    ) -> tuple[str, ...]:
        """The ids of the permanents that match a filter written on ``source``, in board order.

        What a filter reads of its source is only its controller, unless it names the source itself, what
        it is attached to or its choices; the matches are then kept in the view (:data:`_MATCHING`) per
        controller (a filter on untapped permanents reads statuses, which :meth:`update` changes: never
        kept), so that a board's many Reflecting Pools or Cabal Coffers look through it once.

        >>> from models.board import Board
        >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
        ...     {"id": "f", "card": "Forest", "controller": "me"},
        ...     {"id": "s", "card": "Swamp", "controller": "me"}]})
        >>> view = BoardView(board)
        >>> view.matching(ObjectFilter(types=("Land",), controller=Who.YOU, other=True), "f")
        ('s',)
        """
        # (an effect in force's stand-in is on no battlefield: its controller and the set it locked in are
        # its own, never kept under another source's)
        if (
            flt.reads_status
            or flt.reads_source
            or (self.board.effects and source in self.given_effects.by_id)
        ):
            return tuple(
                p.id for p in self.board.permanents if self.matches(flt, p.id, source, removed=removed)
            )
        anyone = replace(flt, other=False) if flt.other else flt
        owner = self._by_id.get(source)
        key = (anyone, None if owner is None else owner.controller, removed)
        found = _MATCHING.get(self, key)
        if found is None:
            found = tuple(
                p.id for p in self.board.permanents if self.matches(anyone, p.id, source, removed=removed)
            )
            _MATCHING.put(self, key, found)
        return tuple(pid for pid in found if pid != source) if flt.other else found

    def _power_at_least(self, pid: str, line: TypeLine, floor: int) -> bool:
        """True when a permanent's power now is at least ``floor`` (a noncreature has no power, CR 208.3)."""
        if not line.is_a("Creature"):
            return False
        return known_power(self, pid) >= floor

    def holds(self, condition: Condition, source: str, removed: frozenset[str] = frozenset()) -> bool:
        """True when the condition written on ``source`` holds (:func:`~planner.rules.conditions.
        condition_holds`; asked through the view by the rules a condition itself reads, such as power)."""
        return condition_holds(self, condition, source, removed)

    def imprinted_colors(self, pid: str) -> ManaTypes:
        """The colors of the card exiled with the permanent (CR 202.2, after the effects that change the
        colors of cards that aren't on the battlefield: :meth:`colors_elsewhere`); unknown ones are an input
        error (the abilities that read them are set aside before, see :func:`unknown_imprint`)."""
        colors = self.known_imprinted_colors(pid)
        if colors is None:
            why = unknown_imprint(self._by_id[pid].choices)
            raise InputError(f"{self.path(pid)}.choices.imprinted: {why}")
        return colors

    def known_imprinted_colors(self, pid: str) -> ManaTypes | None:
        """:meth:`imprinted_colors`, or None when the board does not give them. The exiled card is taken to
        be owned by the permanent's controller, who exiled it from their hand (Chrome Mox)."""
        permanent = self._by_id[pid]
        colors = permanent.choices.imprinted_colors
        if colors is None:
            return None
        return self.colors_elsewhere(colors, permanent.controller, spell=False)

    def crafted_colors(self, pid: str) -> ManaTypes:
        """The colors among the cards exiled to craft the permanent (Sunbird Effigy), after the effects that
        change the colors of cards that aren't on the battlefield (:meth:`colors_elsewhere`; the cards are
        taken to be owned by its controller); none when the board does not give them: mana of an undefined
        color is no mana (CR 106.5), and the board's warnings say so."""
        permanent = self._by_id[pid]
        colors = permanent.choices.crafted_colors
        if colors is None:
            return ManaTypes()
        return self.colors_elsewhere(colors, permanent.controller, spell=False)

    def drafted_colors(self, pid: str) -> ManaTypes:
        """The colors chosen as the permanent's cards were drafted (Paliano, the High City): none when the
        board does not give them: mana of an undefined color is no mana (CR 106.5), and the board's warnings
        say so."""
        colors = self._by_id[pid].choices.drafted_colors
        return ManaTypes() if colors is None else colors

    def noted_type(self, pid: str) -> ManaTypes:
        """The type of mana the permanent last noted (Jeweled Amulet), as a set: empty when the board gives
        none: mana of an undefined type is no mana (CR 106.5), and the board's warnings say so."""
        noted = self._by_id[pid].choices.noted_type
        return ManaTypes() if noted is None else ManaTypes(noted)

    def chosen_color(self, pid: str) -> ManaTypes:
        """The color chosen as the permanent entered, as a set: empty when the board gives none (a copy that
        never chose): mana of that undefined color is no mana (CR 106.5), and the board's warnings say so
        (:func:`missing_choice_warnings`)."""
        color = self._by_id[pid].choices.color
        return ManaTypes() if color is None else ManaTypes(color)


#: The id of a catalogue card's permanent in :func:`catalogue_permanent` and :func:`card_view`, and of the
#: player who controls it.
CARD_ID = "it"
CARD_CONTROLLER = "you"


@per_card(maxsize=4096)
def catalogue_permanent(card: CardData, pid: str = CARD_ID, controller: str = CARD_CONTROLLER) -> Permanent:
    """A catalogue card on the battlefield as a board file puts it there: untapped, as printed.

    >>> from models.catalogue import lookup
    >>> elves = catalogue_permanent(lookup("Llanowar Elves"))
    >>> elves.id, elves.controller, str(elves.type_line), str(elves.mana_cost)
    ('it', 'you', 'Creature — Elf Druid', '{G}')
    """
    entry = {"id": pid, "card": card.name, "controller": controller}
    return Permanent.from_dict(entry, f"catalogue card {card.name!r}")


def card_view(card: Permanent | CardData, commander: ManaTypes | None = None) -> BoardView:
    """A permanent, or a catalogue card (see :func:`catalogue_permanent`), alone on an otherwise empty
    battlefield: what it is on any board without effects. Its controller is the only player, with
    ``commander`` as their commander's color identity (None: not a Commander game).

    >>> from models.catalogue import lookup
    >>> view = card_view(lookup("Command Tower"), ManaTypes.parse("WG"))
    >>> view.board.player(CARD_CONTROLLER).commander_colors, view.board.permanent(CARD_ID).name
    (ManaTypes.parse('WG'), 'Command Tower')
    >>> [a.text for a in card_view(lookup("Forest")).mana_abilities(CARD_ID)]
    ['{T}: Add {G}.']
    """
    permanent = card if isinstance(card, Permanent) else catalogue_permanent(card)
    player = Player(permanent.controller, commander_colors=commander)
    return BoardView(Board(BOARD_VERSION, permanent.controller, (player,), (permanent,)))
