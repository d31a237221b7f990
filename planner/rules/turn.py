"""The rules of a main phase for planning it: how a land enters when it is played, what a spell does when it
resolves (a permanent, mana from its effect or its enters trigger, Treasures), and the turn replayed by the
rules, spell after spell (CR 601.2h: each spell is paid in full as it is cast).

Between spells the game changes only as the rules say: what was tapped stays tapped, mana left in the pool
stays for the next spell (CR 500.4: the main phase is one step), a permanent cast this turn is on the
battlefield (a creature can't tap for mana unless it has haste, CR 302.6), and mana that spells and
triggers add arrives when they resolve (CR 605.5, 608.2).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace

from models.abilities import AmountKind, ManaOutput, OutputKind, PaletteKind
from models.board import Board, Card, Permanent
from models.catalogue import lookup
from models.cost import PaymentTarget, SymbolKind
from models.mana import ManaTypes
from models.mana_effects import ExtraLandPlays, NotPaymentKind, OthersEnterTapped
from models.oracle import read_card
from models.oracle import text as oracle_text
from models.oracle.lexicon import MANA_TOKENS
from models.oracle.token_rules import CreatedTokens
from models.types import TypeLine
from planner.rules.alternatives import Alternatives
from planner.rules.cast_bans import land_play_ban
from planner.rules.conditions import condition_holds
from planner.rules.life_exiled import with_exiled
from planner.rules.pool import ManaUnit
from planner.rules.production import ManaTag, Packet
from planner.rules.records import TextWarning
from planner.rules.replay import IllegalPlanError, PaymentSummary, Plan, PlanState, applied, finish
from planner.rules.view import BoardView

__all__ = [
    "LandEntry",
    "Resolution",
    "TokenEvent",
    "arriving",
    "cast_spell",
    "conditioned_land_plays",
    "created_token",
    "entering",
    "land_entries",
    "land_play_condition_warnings",
    "land_play_spell_warnings",
    "land_played",
    "land_plays_allowed",
    "life_entry_warnings",
    "output_packets",
    "packet_units",
    "paid_without_mana",
    "resolution",
    "token_events",
    "treasure",
    "treasure_events",
    "treasures_made",
]

#: the predefined tokens one effect creates, each name with how many (CR 111.10, 614.1a)
TokenEvent = tuple[tuple[str, int], ...]

_NUMBER_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
#: the predefined tokens an effect names by their names alone (CR 111.10: 'create a Food token')
_PREDEFINED = "Treasure|Food|Clue|Gold|Blood|Powerstone|Map|Junk|Shard"
_COUNT = r"(?:a|an|one|two|three|four|five|six|\d+)"
#: 'create a Food token and a Treasure token': the predefined tokens one effect creates (one event, CR
#: 614.1a); 'Target player creates a Treasure token.' (the caster may target itself, CR 115.1)
_CREATES = re.compile(
    rf"\b(?:create|target player creates|each player creates) ({_COUNT} (?:{_PREDEFINED}) tokens?"
    rf"(?:(?:,| and|, and) {_COUNT} (?:{_PREDEFINED}) tokens?)*)\b",
    re.I,
)
_EACH_TOKEN = re.compile(rf"({_COUNT}) ({_PREDEFINED}) tokens?\b", re.I)


@dataclass(frozen=True, kw_only=True, slots=True)
class LandEntry:
    """One way a played land enters: tapped or not, and the life paid for it (a shockland's 2)."""

    tapped: bool
    life: int = 0
    note: str = ""


def land_played(board: Board, player: str, life: int = 0) -> Board:
    """The board once the player made a land play (CR 305.1): one more land played this turn (River of Tears
    reads it), and ``life`` paid as the land entered (a shock land untapped).

    >>> from models.board import Player
    >>> after = land_played(Board(1, "me", (Player("me", life=20),)), "me", life=2)
    >>> after.player("me").lands_played_this_turn, after.player("me").life
    (1, 18)
    """
    me = board.player(player)
    return board.replace_player(
        player, lands_played_this_turn=me.lands_played_this_turn + 1, life=me.life - life
    )


def land_plays_allowed(view: BoardView, player: str) -> tuple[int, tuple[str, ...]]:
    """How many lands the player may play this turn (CR 305.2), with the names of the permanents that add
    to it: the board's ``land_plays`` when it gives them (all of them, as a client counts them), else the one
    every player has and, on the player's own turn, one more for each "You may play an additional land on
    each of your turns." of a permanent they control (CR 305.2a: each such effect adds its own; Azusa's 'two
    additional lands' two).

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "you"}], "permanents": [
    ...     {"id": "t", "name": "Test Trellis", "type_line": "Enchantment", "controller": "me",
    ...      "oracle": "You may play an additional land on each of your turns."}]})
    >>> land_plays_allowed(BoardView(board), "me"), land_plays_allowed(BoardView(board), "you")
    ((2, ('Test Trellis',)), (1, ()))
    >>> land_plays_allowed(BoardView(board.replace_player("me", land_plays=2)), "me")  # (as given)
    (2, ())
    """
    if land_play_ban(view, player) is not None:
        return 0, ()  # (a "can't" wins over every permission to play one, CR 101.2: Ward of Bones)
    given = view.board.player(player).land_plays
    if given is not None:
        return given, ()
    allowed = 1
    if view.board.active_player != player:
        return allowed, ()  # ('on each of your turns': none on another player's turn)
    sources: list[str] = []
    for sourced in view.effects_of(ExtraLandPlays):
        effect = sourced.effect
        assert isinstance(effect, ExtraLandPlays)
        if effect.condition is not None and not condition_holds(view, effect.condition, sourced.source):
            continue  # ('As long as you control another Elf, ...': on the board as the turn goes, CR 305.2a)
        if effect.who.includes(sourced.controller, player):
            allowed += effect.count
            sources.append(view.board.permanent(sourced.source).name)
    return allowed, tuple(sources)


def conditioned_land_plays(view: BoardView) -> bool:
    """True when a permanent's additional land plays hold under a condition ('As long as you control another
    Elf, ...'): the land plays left are judged again after each land played (CR 305.2a).

    >>> from models.board import Board
    >>> company = {"id": "c", "name": "Test Company", "type_line": "Creature — Elf", "controller": "me",
    ...     "oracle": "As long as you control another Elf, you may play an additional land on each of your "
    ...     "turns."}
    >>> conditioned_land_plays(BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}],
    ...     "permanents": [company]})))
    True
    """
    return any(
        isinstance(s.effect, ExtraLandPlays) and s.effect.condition is not None
        for s in view.effects_of(ExtraLandPlays)
    )


def land_play_condition_warnings(
    view: BoardView, player: str, spells: Iterable[TypeLine]
) -> tuple[TextWarning, ...]:
    """A warning for each additional land play under a condition that does not hold on the board but that a
    permanent spell of the turn might make hold ('As long as you control another Elf, ...' and an Elf cast
    this turn): a turn's plan plays its lands before its spells, so the land play such a spell would allow is
    not planned (CR 305.2a), which is said, never silent.

    >>> from models.board import Board
    >>> company = {"id": "c", "name": "Test Company", "type_line": "Creature — Elf", "controller": "me",
    ...     "oracle": "As long as you control another Elf, you may play an additional land on each of your "
    ...     "turns."}
    >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [company]}))
    >>> [len(land_play_condition_warnings(view, "me", [TypeLine.parse(line)]))
    ...  for line in ("Creature — Elf Druid", "Creature — Bear")]
    [1, 0]
    """
    lines = [line for line in spells if line.is_permanent]
    found = []
    for sourced in view.effects_of(ExtraLandPlays):
        effect = sourced.effect
        assert isinstance(effect, ExtraLandPlays)
        held = effect.condition
        if held is None or not effect.who.includes(sourced.controller, player):
            continue
        if view.board.active_player != player or condition_holds(view, held, sourced.source):
            continue
        kinds = {kind for flt in held.filters for kind in flt.types}
        if any(line.is_a(kind) for line in lines for kind in kinds):
            found.append(
                TextWarning(
                    sourced.source,
                    effect.text,
                    "judged as the lands are played, before the turn's spells: a spell cast this turn may "
                    "allow another land play (CR 305.2a), not planned",
                )
            )
    return tuple(found)


def land_play_spell_warnings(spells: Iterable[Card]) -> tuple[TextWarning, ...]:
    """A warning for each permanent spell of the turn whose text gives land plays ("You may play an
    additional land on each of your turns.", CR 305.2a): a turn's plan plays its lands before its spells, so
    the land play it gives once it resolved is not planned (the caller asks only when the hand holds more
    lands than the plays left), which is said, never silent.

    >>> case = Card.from_json({"name": "Test Hothouse", "type_line": "Enchantment", "mana_cost": "{3}{G}",
    ...     "oracle": "You may play an additional land on each of your turns."})
    >>> [w.permanent for w in land_play_spell_warnings([case, Card.from_json("Lightning Bolt")])]
    ['Test Hothouse']
    """
    found = []
    for card in spells:
        if not card.type_line.is_permanent:
            continue
        for effect in read_card(card.oracle, card.name, card.type_line).effects:
            if isinstance(effect, ExtraLandPlays):
                found.append(
                    TextWarning(
                        card.name,
                        effect.text,
                        "judged as the lands are played, before the turn's spells: the land play it gives "
                        "once it resolved is not planned (CR 305.2a)",
                    )
                )
    return tuple(found)


def life_entry_warnings(
    view: BoardView, player: str, lands: Iterable[Card], spells: Iterable[PaymentTarget]
) -> tuple[TextWarning, ...]:
    """A warning for each land of the hand that enters tapped unless a player has N or less life, when no
    player has that little life on the board but ``player`` may lose life during the turn (a Phyrexian
    symbol or a life cost among the turn's ``spells``, another land of the hand paying life as it enters, a
    mana ability of theirs paying life or dealing damage to them): whether it enters tapped is judged as it
    enters (CR 614.1c, 614.12), and a turn's plan plays its lands before its spells, so a plan that would play
    it untapped after paying life first is not found, which is said, never silent.

    >>> from models.board import Board
    >>> camp = Card.from_json({"name": "Test Camp", "type_line": "Land", "oracle": "This land enters tapped "
    ...     "unless a player has 13 or less life.\\n{T}: Add {W} or {U}."})
    >>> view = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me", "life": 15}]}))
    >>> [len(life_entry_warnings(view, "me", [camp], [PaymentTarget.of(cost)])) for cost in ("{B/P}", "{B}")]
    [1, 0]
    >>> low = BoardView(Board.from_dict({"version": 1, "players": [{"id": "me", "life": 13}]}))
    >>> len(life_entry_warnings(low, "me", [camp], [PaymentTarget.of("{B/P}")]))
    0
    """
    lands = list(lands)
    conditioned = []
    for card in lands:
        entering = read_card(card.oracle, card.name, card.type_line).entering
        if entering is None or entering.unless_player_life_at_most is None:
            continue
        if min(p.life for p in view.board.players) > entering.unless_player_life_at_most:
            conditioned.append((card, entering.unless_player_life_at_most))
    if not conditioned or not _may_lose_life(view, player, lands, spells):
        return ()
    return tuple(
        TextWarning(
            card.name,
            f"This land enters tapped unless a player has {at_most} or less life.",
            "judged as the lands are played, before the turn's spells: playing it untapped after the turn's "
            "payments bring a player to that life is not planned (CR 614.1c)",
        )
        for card, at_most in conditioned
    )


def _may_lose_life(view: BoardView, player: str, lands: list[Card], spells: Iterable[PaymentTarget]) -> bool:
    """True when ``player`` may lose life paying for the turn: a Phyrexian symbol or a life cost of a spell
    (CR 107.4f, 118.3), a land of the hand paying life as it enters, a mana ability of theirs paying life or
    dealing damage to them (a painland)."""
    for target in spells:
        if target.additional_life or target.additional_life_x:
            return True
        if any(symbol.kind is SymbolKind.PHYREXIAN for symbol in target.cost.symbols):
            return True
    for card in lands:
        entering = read_card(card.oracle, card.name, card.type_line).entering
        if entering is not None and entering.unless_life:
            return True
    return any(
        ability.cost.life or ability.self_damage or ability.life_loss
        for permanent in view.board.controlled_by(player)
        for ability in view.mana_abilities(permanent.id)
    )


def land_entries(view: BoardView, card: Card, player: str, *, played: bool = True) -> tuple[LandEntry, ...]:
    """The ways ``card`` enters when ``player`` plays it now (or, not ``played``, puts it onto the
    battlefield: a land a fetchland finds), read from its text (``ParsedText.entering``): untapped, tapped,
    or either (a shockland: 2 life or tapped); a condition the parser did not read counts as tapped (never
    more mana than the rules give).

    >>> from models.board import Board
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [
    ...     {"id": "i1", "card": "Island", "controller": "me"}]})
    >>> view = BoardView(board)
    >>> [(e.tapped, e.life) for e in land_entries(view, Card.from_json("Hallowed Fountain"), "me")]
    [(False, 2), (True, 0)]
    >>> [e.tapped for e in land_entries(view, Card.from_json("Glacial Fortress"), "me")]
    [False]
    >>> bond = Card.from_json({"name": "Test Seating", "type_line": "Land",
    ...     "oracle": "~ enters tapped unless you have two or more opponents.\\n{T}: Add {R} or {W}."})
    >>> [e.tapped for e in land_entries(view, bond, "me")]
    [True]
    """
    coming = arriving(card, _ENTERING, player)
    if untapped_by_others(view.board, coming, played=played):
        # ('Lands you control enter untapped.', Archelos untapped: its controller applies it last, CR 616.1)
        return (LandEntry(tapped=False),)
    if tapped_by_others(view.board, coming, played=played):
        return (LandEntry(tapped=True),)  # (another permanent's replacement, CR 614.1c: no choice is left)
    entering = read_card(card.oracle, card.name, card.type_line).entering
    if entering is None or not entering.tapped:
        return (LandEntry(tapped=False),)
    if entering.unless_life:
        return (LandEntry(tapped=False, life=entering.unless_life), LandEntry(tapped=True))
    lands = [
        p.id for p in view.board.permanents if p.controller == player and view.type_line(p.id).is_a("Land")
    ]
    if entering.unless_control:
        wanted = {word.lower() for word in entering.unless_control}
        if any(wanted & {t.lower() for t in view.type_line(pid).subtypes} for pid in lands):
            return (LandEntry(tapped=False),)
        return (LandEntry(tapped=True),)
    if entering.unless_other_lands is not None:
        return (LandEntry(tapped=len(lands) > entering.unless_other_lands),)
    if entering.unless_at_least_lands is not None:
        return (LandEntry(tapped=len(lands) < entering.unless_at_least_lands),)
    if entering.unless_player_life_at_most is not None:
        lowest = min(p.life for p in view.board.players)
        return (LandEntry(tapped=lowest > entering.unless_player_life_at_most),)
    if entering.unless_opponents_at_least is not None:
        opponents = len(view.board.opponents(player))
        return (LandEntry(tapped=opponents < entering.unless_opponents_at_least),)
    note = f"enters tapped unless {entering.unless}: counted as tapped" if entering.unless else ""
    return (LandEntry(tapped=True, note=note),)


#: the id of a permanent about to enter, judged as it would exist on the battlefield (CR 614.12)
_ENTERING = "entering permanent"


def tapped_by_others(board: Board, entered: Permanent, *, played: bool = True) -> bool:
    """True when a replacement effect on the battlefield makes ``entered`` (a permanent not yet on ``board``)
    enter tapped: "Nonbasic lands your opponents control enter tapped." (Archon of Emeria), "Creatures your
    opponents control enter the battlefield tapped." (CR 614.1c), judged on the permanent as it would exist
    on the battlefield (CR 614.12); "Creatures played by your opponents ..." (Uphill Battle) only when it was
    ``played`` (a permanent spell cast or a land played, CR 305.1, 601.2; not a land a fetchland puts there).

    >>> from models.board import Board
    >>> archon = {"id": "a", "name": "Test Archon", "type_line": "Creature", "controller": "opp",
    ...     "oracle": "Nonbasic lands your opponents control enter tapped."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "opp"}],
    ...     "permanents": [archon]})
    >>> [tapped_by_others(board, arriving(Card.from_json(name), "x", who))
    ...  for name, who in (("Ancient Tomb", "me"), ("Forest", "me"), ("Ancient Tomb", "opp"))]
    [True, False, False]
    """
    return _entering_replaced(board, entered, played=played, untapped=False)


def untapped_by_others(board: Board, entered: Permanent, *, played: bool = True) -> bool:
    """True when a replacement effect on the battlefield lets ``entered`` (a permanent not yet on ``board``)
    enter untapped: "Lands you control enter untapped." (The Wandering Minstrel), "As long as ~ is
    untapped, other permanents enter untapped." (Archelos, Lagoon Mystic, while untapped). Its controller
    orders it after the permanent's own "enters tapped" or another's "enter tapped" (CR 616.1: the last
    applied wins), so it enters untapped (CR 614.1c, 614.12).

    >>> from models.board import Board
    >>> turtle = {"id": "a", "name": "Test Turtle", "type_line": "Creature", "controller": "opp",
    ...     "oracle": "As long as Test Turtle is tapped, other permanents enter tapped.\\n"
    ...     "As long as Test Turtle is untapped, other permanents enter untapped."}
    >>> for tapped in (False, True):
    ...     board = Board.from_dict({"version": 1, "players": [{"id": "me"}, {"id": "opp"}],
    ...         "permanents": [{**turtle, "tapped": tapped}]})
    ...     entered = arriving(Card.from_json("Forest"), "x", "me")
    ...     print(untapped_by_others(board, entered), tapped_by_others(board, entered))
    True False
    False True
    """
    return _entering_replaced(board, entered, played=played, untapped=True)


def _entering_replaced(board: Board, entered: Permanent, *, played: bool, untapped: bool) -> bool:
    """True when an effect "<permanents> enter tapped" (``untapped``: "... enter untapped") in force applies
    to ``entered``, judged as it would exist on the battlefield (CR 614.12)."""
    if not any("tapped" in p.oracle and "enter" in p.oracle.lower() for p in board.permanents):
        return False  # (the common case: no sentence of the board could say so)
    view = BoardView(board.with_permanent(entered))
    for sourced in view.effects_of(OthersEnterTapped):
        effect = sourced.effect
        assert isinstance(effect, OthersEnterTapped)
        if effect.untapped != untapped or (effect.played and not played):
            continue
        if effect.while_source and view.permanent(sourced.source).tapped != (effect.while_source == "tapped"):
            continue  # ('As long as ~ is tapped, ...': its source as the board has it)
        if view.matches(effect.affected, entered.id, sourced.source):
            return True
    return False


def entering(board: Board, card: Card, pid: str, player: str) -> Permanent:
    """The permanent spell ``card`` as it enters under ``player``'s control (:func:`arriving`): tapped when
    its own text says so ("~ enters tapped.", with the conditions a land's have: :func:`land_entries`) or
    another permanent's replacement effect does (:func:`tapped_by_others`, CR 614.1c).

    >>> idol = Card.from_json({"name": "Test Idol", "type_line": "Artifact", "mana_cost": "{2}",
    ...     "oracle": "~ enters tapped.\\n{T}: Add {C}."})
    >>> from models.board import Player
    >>> entering(Board(1, "me", (Player("me"),)), idol, "i", "me").tapped
    True
    """
    entered = arriving(card, pid, player)
    if untapped_by_others(board, entered):
        return replace(entered, tapped=False)  # (applied last, CR 616.1: Archelos untapped)
    own = read_card(card.oracle, card.name, card.type_line).entering
    if own is not None and own.tapped:
        # (an untapped entry that asks for life is not planned for a spell: counted as tapped)
        ways = land_entries(BoardView(board), card, player)
        return replace(entered, tapped=not any(not way.tapped and not way.life for way in ways))
    return replace(entered, tapped=tapped_by_others(board, entered))


@dataclass(frozen=True, kw_only=True, slots=True)
class Resolution:
    """What a spell does for the rest of the turn when it resolves: it becomes a permanent (or not), the
    mana its effect or enters trigger adds, the mana its landfall trigger adds each time a land enters
    later, the Treasures it creates, and the mana sentences the planner could not count."""

    permanent: bool
    mana: tuple[Packet, ...] = ()
    landfall: tuple[Packet, ...] = ()
    #: the mana its landfall trigger adds only as it resolves for the given time this turn (Omnath's "If it's
    #: the second time, add {R}{G}{W}{U}.": ``((2, packets),)``; CR 608.2c)
    landfall_timed: tuple[tuple[int, tuple[Packet, ...]], ...] = ()
    treasures: int = 0
    #: its Treasures by the effect that creates them (:func:`treasure_events`)
    treasure_events: tuple[int, ...] = ()
    #: the predefined tokens it creates by the effect that creates them (:func:`token_events`)
    token_events: tuple[TokenEvent, ...] = ()
    unread: tuple[str, ...] = ()
    #: the energy ({E}) its effect or enters trigger gives, and its landfall trigger each time a land enters
    #: (:func:`energy_gained`; the lines giving energy it does not read in ``energy_unread``)
    energy: int = 0
    landfall_energy: int = 0
    energy_unread: tuple[str, ...] = ()
    #: the mana of its enters trigger by an amount counted as the trigger resolves, on the board with it
    #: (CR 608.2h: "add {R} for each creature in your party", Ardent Electromancer's):
    #: :func:`~planner.turn_entering_mana.entering_mana` counts it
    entering_counted: tuple[ManaOutput, ...] = ()
    #: the mana of its enters trigger "if it was bargained" (CR 702.166b, 603.4), added only when its spell
    #: was cast with its bargain paid
    bargained: tuple[Packet, ...] = ()

    @property
    def changes_payments(self) -> bool:
        """True when later spells of the turn can use something it brings (mana, Treasures)."""
        return bool(
            self.mana
            or self.landfall
            or self.landfall_timed
            or self.treasures
            or self.entering_counted
            or self.bargained
        )


def output_packets(output: ManaOutput | None, source: str) -> tuple[Packet, ...] | None:
    """The packets of mana an effect adds outside a payment (a ritual, a trigger), or None when its shape
    is not one a turn plan counts (an amount counted on the board, a reflected palette).

    >>> from models.oracle import parse_oracle
    >>> packets = output_packets(parse_oracle("Add {B}{B}{B}.").not_payment[0].output, "Dark Ritual")
    >>> [(str(p.types), p.picks, p.per_pick) for p in packets or ()]
    [('B', 1, 3)]
    >>> [(str(p.types), p.picks) for p in output_packets(
    ...     parse_oracle("Add two mana in any combination of colors.").not_payment[0].output, "M") or ()]
    [('WUBRG', 2)]
    """
    if output is None or not output.amount.is_constant:
        return None
    tag = ManaTag(source=source)
    amount = output.amount.constant
    if output.kind is OutputKind.FIXED:
        bag = output.options[0]
        return tuple(Packet(ManaTypes.of([t]), 1, bag[t] * amount, tag) for t in bag.types)
    if output.palette.kind is not PaletteKind.TYPES:
        return None
    if output.kind is OutputKind.ANY_ONE:
        return (Packet(output.palette.types, 1, amount, tag),)
    if output.kind is OutputKind.COMBINATION:
        return (Packet(output.palette.types, amount, 1, tag),)
    return None


def resolution(card: Card) -> Resolution:
    """What ``card`` does when it resolves, read from its text.

    >>> ritual = resolution(Card.from_json("Dark Ritual"))
    >>> ritual.permanent, [str(p.types) for p in ritual.mana]
    (False, ['B'])
    >>> resolution(Card.from_json("Sol Ring")).permanent
    True
    """
    parsed = read_card(card.oracle, card.name, card.type_line)
    permanent = card.type_line.is_permanent
    mana: list[Packet] = []
    landfall: list[Packet] = []
    timed: list[tuple[int, tuple[Packet, ...]]] = []
    unread: list[str] = []
    counted: list[ManaOutput] = []
    bargained: list[Packet] = []
    adds = (NotPaymentKind.ENTERS,) if permanent else (NotPaymentKind.SPELL,)
    legendary = card.type_line.is_a("Legendary")
    for record in parsed.not_payment:
        if record.kind is NotPaymentKind.TOKEN and record.cost is None:
            # ('When ~ enters, create three 0/1 ... Eldrazi Spawn creature tokens. They have "Sacrifice ~:
            # Add {C}."': the later sentence's tokens are made when its ability's opening says)
            ability = oracle_text.ability_through(card.oracle, record.text, card.name, legendary=legendary)
            if _made_as_cast(ability[0] if ability else record.text, permanent):
                # (a token with a mana ability made as the spell is cast or resolves, other than the
                # Treasures counted below (Eldrazi Spawn made by a cast trigger): its mana is not followed,
                # said so)
                if not treasures_made(record.text, card.name, permanent=permanent):
                    unread.append(" ".join(ability) or record.text)
                continue
        if record.kind not in (*adds, NotPaymentKind.LANDFALL) or record.cost is not None:
            continue
        if record.kind is NotPaymentKind.LANDFALL and not permanent:
            continue
        if record.kind is NotPaymentKind.LANDFALL and record.resolution_time is not None:
            # (Omnath's "If it's the second time, add {R}{G}{W}{U}.": added as the trigger resolves for that
            # time this turn, CR 608.2c, which the permanent's resolved_this_turn counts)
            timed_packets = output_packets(record.output, card.name)
            if timed_packets is None or record.restriction is not None:
                unread.append(record.text)
            else:
                timed.append((record.resolution_time, timed_packets))
            continue
        if (
            permanent
            and record.kind is NotPaymentKind.ENTERS
            and _bargained_if(record.text)
            and record.restriction is None
            and (bargain_packets := output_packets(record.output, card.name)) is not None
        ):
            # ("When ~ enters, if it was bargained, add four mana ...": its spell's bargain, CR 702.166b,
            # 603.4, a choice the turn's search makes: turn_entering_mana)
            bargained.extend(bargain_packets)
            continue
        if _intervening_if(record.text) or (
            record.kind is NotPaymentKind.LANDFALL and record.text.lower().startswith("if ")
        ):
            # (a later sentence's "If it's the second time, add ...", Omnath's: checked as the trigger
            # resolves, CR 608.2c, by how many times it resolved this turn, which the board does not record:
            # not counted, said so)
            # (an enters trigger's "if" clause, CR 603.4: "if it was bargained" asks how the spell was cast,
            # which a turn's plan does not follow: its mana is not counted, said so, never assumed)
            unread.append(record.text)
            continue
        packets = output_packets(record.output, card.name)
        if (
            packets is None
            and permanent
            and record.kind is NotPaymentKind.ENTERS
            and record.restriction is None
            and "spend this mana only" not in card.oracle.lower()
            and counted_on_entering(record.output)
        ):
            assert record.output is not None
            counted.append(record.output)  # (counted as its trigger resolves: CR 608.2h)
            continue
        # (mana a restriction limits, 'Spend this mana only ...', 'This mana can't be spent to cast
        # nonartifact spells': not followed in a turn's plan)
        if packets is None or record.restriction is not None or "spend this mana only" in card.oracle.lower():
            unread.append(record.text)
            continue
        (landfall if record.kind is NotPaymentKind.LANDFALL else mana).extend(packets)
    made = token_events(card.oracle, card.name, permanent=permanent)
    events = _treasures_of(made)
    energy, landfall_energy, energy_unread = energy_gained(card.oracle, card.name, permanent=permanent)
    return Resolution(
        permanent=permanent,
        mana=tuple(mana),
        landfall=tuple(landfall),
        landfall_timed=tuple(timed),
        treasures=sum(events),
        treasure_events=events,
        token_events=made,
        unread=tuple(unread),
        energy=energy,
        landfall_energy=landfall_energy,
        energy_unread=energy_unread,
        entering_counted=tuple(counted),
        bargained=tuple(bargained),
    )


#: The amounts an enters trigger's mana may count as it resolves, on the board with its permanent (CR
#: 608.2h): of permanents, of a party, of devotion, of land types, of greatest power, of a graveyard's cards.
_COUNTED_ON_ENTERING = frozenset(
    {
        AmountKind.COUNT,
        AmountKind.PARTY,
        AmountKind.DEVOTION,
        AmountKind.LAND_TYPES,
        AmountKind.GREATEST_POWER,
        AmountKind.GRAVEYARD,
    }
)


def counted_on_entering(output: ManaOutput | None) -> bool:
    """True for an output whose amount an enters trigger counts on the board as it resolves (its kinds:
    :data:`_COUNTED_ON_ENTERING`), of fixed symbols or of a palette of types (what
    :func:`output_packets` makes once the amount is known).

    >>> from models.oracle import parse_oracle
    >>> [counted_on_entering(r.output) for r in parse_oracle("When ~ enters, add {R} for each creature in "
    ...     "your party.", "Test Sparker").not_payment]
    [True]
    """
    if output is None or output.amount.kind not in _COUNTED_ON_ENTERING:
        return False
    return output.kind is OutputKind.FIXED or (
        output.palette.kind is PaletteKind.TYPES
        and output.kind in (OutputKind.ANY_ONE, OutputKind.COMBINATION)
    )


def _bargained_if(sentence: str) -> bool:
    """True for an enters trigger whose intervening "if" clause asks whether its spell was bargained (CR
    702.166b, 603.4).

    >>> _bargained_if("When ~ enters, if it was bargained, add four mana in any combination of {R}.")
    True
    >>> _bargained_if("When ~ enters, if it was kicked, add {R}.")
    False
    """
    found = re.match(
        r"^When (?:~|this [a-z]+) enters(?: the battlefield)?, if it was bargained, ", sentence, re.I
    )
    return found is not None


def _made_as_cast(sentence: str, permanent: bool) -> bool:
    """True for a sentence whose effect happens as its card is cast or resolves, before a later spell of
    the turn: a cast trigger ('When you cast ~, ...', CR 603.2), a permanent's enters trigger, an instant's
    or sorcery's own effect; not another trigger ('Whenever ~ attacks').

    >>> _made_as_cast("When you cast ~, create two Eldrazi Spawn tokens.", True)
    True
    >>> _made_as_cast("Whenever ~ attacks, create a Treasure token.", True)
    False
    """
    if re.match(r"^When you cast (?:~|this spell),", sentence, re.I):
        return True
    if permanent:
        return bool(re.match(r"^When (?:~|this [a-z]+) enters\b", sentence, re.I))
    return not re.match(r"^(?:When|Whenever|At)\b", sentence)


def _intervening_if(sentence: str) -> bool:
    """True for a triggered ability with an intervening "if" clause right after its trigger condition (CR
    603.4) that a turn's plan does not judge: "When ~ enters, if it was bargained, add four mana ..."
    (Realm-Scorcher Hellkite), "if an opponent lost life this turn" (Flamecache Gecko) add their mana only
    when it holds. "if you cast it from your hand" (Coal Stoker) holds: a plan casts the spells of the hand.

    >>> _intervening_if("When ~ enters, if it was bargained, add four mana in any combination of colors.")
    True
    >>> _intervening_if("When ~ enters, add {B}{B}{B}.")
    False
    >>> _intervening_if("When ~ enters the battlefield, if you cast it from your hand, add {R}{R}{R}.")
    False
    """
    found = re.match(r"^(?:When|Whenever|At)\b[^,]*, if ([^,]*),", sentence, re.I)
    return found is not None and found.group(1).lower() != "you cast it from your hand"


#: "you get {E}{E}." at the end of a line: the energy counters a player gets (CR 122.1, 107.14)
_ENERGY = r"you get ((?:\{E\})+)\."
_LANDFALL_ENERGY = re.compile(
    r"^(?:Landfall — )?Whenever a land (?:you control enters|enters (?:the battlefield )?under your control)"
    rf"(?: the battlefield)?, {_ENERGY}$"
)


def energy_gained(oracle: str, name: str, *, permanent: bool) -> tuple[int, int, tuple[str, ...]]:
    """The energy a card gives its controller for the rest of the turn, read line by line as a whole: as it
    resolves (a permanent's enters trigger "When ~ enters, you get {E}{E}.", an instant's or sorcery's line
    "You get {E}."), each time a land enters under its controller's control (landfall), and the lines giving
    energy it does not read (any other line with "you get {E}": a condition, another trigger).

    >>> energy_gained("Landfall — Whenever a land you control enters, you get {E}{E}.", "Nissa",
    ...     permanent=True)
    (0, 2, ())
    >>> energy_gained("When Aether Hub enters, you get {E}.\\n{T}: Add {C}.", "Aether Hub", permanent=True)
    (1, 0, ())
    >>> energy_gained("Whenever Nissa attacks, you get {E}.", "Nissa", permanent=True)
    (0, 0, ('Whenever Nissa attacks, you get {E}.',))
    >>> energy_gained("You get {E}{E}{E}.", "Charge", permanent=False)
    (3, 0, ())
    """
    enters = re.compile(rf"^When (?:{re.escape(name)}|~|this [a-z]+) enters(?: the battlefield)?, {_ENERGY}$")
    alone = re.compile(rf"^Y{_ENERGY[1:]}$")
    energy = landfall = 0
    unread: list[str] = []
    for line in oracle.splitlines():
        line = line.strip()
        if "you get {e}" not in line.lower():
            continue
        found = (enters.match(line) or _LANDFALL_ENERGY.match(line)) if permanent else alone.match(line)
        if found is None:
            unread.append(line)
        elif permanent and _LANDFALL_ENERGY.match(line):
            landfall += found.group(1).count("{E}")
        else:
            energy += found.group(1).count("{E}")
    return energy, landfall, tuple(unread)


def treasures_made(oracle: str, name: str, *, permanent: bool) -> int:
    """The Treasure tokens a card creates as it resolves: a permanent's by its enters trigger, an instant's
    or sorcery's by its effect; not those of other triggers ('Whenever ~ attacks') or activated abilities.

    >>> treasures_made("When Prosperous Pirates enters, create two Treasure tokens.", "Prosperous Pirates",
    ...     permanent=True)
    2
    >>> treasures_made("Whenever Captain Lannery Storm attacks, create a Treasure token.",
    ...     "Captain Lannery Storm", permanent=True)
    0
    >>> treasures_made("Create a Treasure token.\\nFlashback {2}{R}", "Strike It Rich", permanent=False)
    1
    """
    return sum(treasure_events(oracle, name, permanent=permanent))


#: a modal trigger's choice of modes, any of which may be the one chosen (CR 700.2)
_MODAL = re.compile(r"\bchoose (?:one|up to one|one or more|any number|two|up to two)\b ?[—-]?\s*$", re.I)


def treasure_events(oracle: str, name: str, *, permanent: bool) -> tuple[int, ...]:
    """The Treasure tokens of :func:`treasures_made`, by the effect that creates them (each one event to
    which the replacement effects on creating tokens apply: CR 614.1a, 616.1).

    >>> treasure_events("Create a Treasure token. Then create two Treasure tokens.", "Twice", permanent=False)
    (1, 2)
    >>> raider = ("When ~ enters, choose up to one —\\n• Smash — Destroy target artifact.\\n• Pry — "
    ...     "Create a Treasure token.")
    >>> treasure_events(raider, "Test Raider", permanent=True)
    (1,)
    """
    return _treasures_of(token_events(oracle, name, permanent=permanent))


def _treasures_of(events: tuple[TokenEvent, ...]) -> tuple[int, ...]:
    """The Treasures of each event of ``events`` that creates some."""
    counts = (sum(count for token, count in event if token == "Treasure") for event in events)
    return tuple(count for count in counts if count)


def token_events(oracle: str, name: str, *, permanent: bool) -> tuple[TokenEvent, ...]:
    """The predefined tokens (CR 111.10) a card creates as it resolves, by the effect that creates them (each
    one event to which the replacement effects on creating tokens apply: CR 614.1a, 616.1): a permanent's by
    its enters trigger (or a mode of a modal one), an instant's or sorcery's by its effect; not those of
    other triggers ('Whenever ~ attacks') or activated abilities.

    >>> token_events("Create a Food token.", "Test Baker", permanent=False)
    ((('Food', 1),),)
    >>> token_events("When ~ enters, create a Clue token and two Treasure tokens.", "Test", permanent=True)
    ((('Clue', 1), ('Treasure', 2)),)
    >>> token_events("{2}, {T}: Create a Food token.", "Test Oven", permanent=True)
    ()
    >>> token_events("Choose two —\\n• Draw a card.\\n• Target player creates a Treasure token.", "C",
    ...     permanent=False)
    ((('Treasure', 1),),)
    """
    enters = re.compile(rf"^When (?:{re.escape(name)}|~|this [a-z]+) enters\b", re.I)
    made: list[TokenEvent] = []
    opener = ""  # (the line a mode's bullet belongs to: 'When ~ enters, choose up to one —')
    for line in oracle.splitlines():
        mode = line.lstrip().startswith("•")
        opener = opener if mode else line
        for match in _CREATES.finditer(line):
            before = line[: match.start()]
            if permanent and mode:
                # (a mode of a modal enters trigger: its controller chooses it as the trigger is put on the
                # stack, CR 700.2a, 603.3c; a token mode has no target, so it can always be chosen)
                counted = bool(enters.match(opener)) and _MODAL.search(opener) is not None
            elif permanent:
                counted = bool(enters.match(line))
            else:
                counted = not re.match(r"^(?:When|Whenever|At)\b", line) and ":" not in before
            if counted:
                made.append(
                    tuple(
                        (token.capitalize(), _count_of(word))
                        for word, token in _EACH_TOKEN.findall(match.group(1))
                    )
                )
    return tuple(made)


def _count_of(word: str) -> int:
    """The number a count word or numeral says ('a', 'two', '3')."""
    return int(word) if word.isdigit() else _NUMBER_WORDS[word.lower()]


def arriving(card: Card, pid: str, player: str, *, tapped: bool = False) -> Permanent:
    """``card`` as a permanent that entered this turn under ``player``'s control (CR 302.6: it is summoning
    sick; its haste, if any, comes from its text).

    >>> arriving(Card.from_json("Llanowar Elves"), "elf", "me").summoning_sick
    True
    """
    if card.card is not None and lookup(card.card) is not None:
        entry: dict[str, object] = {"id": pid, "card": card.card, "controller": player}
    else:
        entry = {
            "id": pid,
            "name": card.name,
            "type_line": str(card.type_line),
            "oracle": card.oracle,
            "mana_cost": str(card.mana_cost or ""),
            "color_indicator": str(card.color_indicator or ""),
            "controller": player,
        }
        if card.power is not None:  # (its printed power, which a count of powers reads: contract section 10)
            entry["power"] = card.power
    haste = "haste" in read_card(card.oracle, card.name, card.type_line).keywords
    # (a new object, CR 400.7: none of its abilities resolved this turn)
    return replace(
        Permanent.from_dict(entry, f"card {card.name!r}"),
        tapped=tapped,
        summoning_sick=True,
        haste=haste,
        resolved_this_turn=0,
    )


def treasure(pid: str, player: str) -> Permanent:
    """A Treasure token created this turn (CR 111.10a)."""
    return replace(
        Permanent.from_dict({"id": pid, "card": "Treasure", "controller": player}), summoning_sick=True
    )


def created_token(made: CreatedTokens, pid: str, player: str) -> Permanent:
    """One token of ``made`` created this turn under ``player``'s control (summoning sick, CR 302.6): a
    Treasure (CR 111.10a) as the card data has it, another predefined token with its rules' ability (Gold,
    CR 111.10f), a creature token with the power, toughness, subtypes and ability the effect gives it (CR
    111.4: colorless, as read).

    >>> spawn = created_token(CreatedTokens(1, "Eldrazi Spawn", 0, 1, "Sacrifice ~: Add {C}."), "s", "me")
    >>> spawn.name, str(spawn.type_line), spawn.power, spawn.token, spawn.summoning_sick
    ('Eldrazi Spawn', 'Creature — Eldrazi Spawn', 0, True, True)
    """
    if made.predefined and made.name == "Treasure":
        return treasure(pid, player)
    entry: dict[str, object] = {"id": pid, "name": made.name, "controller": player, "token": True}
    if made.predefined:
        entry |= {"type_line": f"Artifact — {made.name}", "oracle": MANA_TOKENS[made.name]}
    else:
        entry |= {
            "type_line": f"Creature — {made.name}",
            "oracle": made.ability,
            "power": made.power,
            "toughness": made.toughness,
        }
    return replace(Permanent.from_dict(entry, f"token {made.name!r}"), summoning_sick=True)


def packet_units(packets: tuple[Packet, ...]) -> tuple[ManaUnit, ...]:
    """The units of packets with one type each (a fixed output).

    >>> from models.oracle import parse_oracle
    >>> len(packet_units(output_packets(parse_oracle("Add {R}{R}.").not_payment[0].output, "R") or ()))
    2
    """
    units: list[ManaUnit] = []
    for packet in packets:
        (only,) = tuple(packet.types)
        units += [ManaUnit(only, packet.tag)] * packet.total
    return tuple(units)


def cast_spell(
    state: PlanState, target: PaymentTarget, plan: Plan, index: int
) -> tuple[PlanState, PaymentSummary]:
    """Cast one spell of the turn from ``state``: its activations, then its payment (CR 601.2g-h), checked
    by the rules; the state after it (the pool left stays, CR 500.4) and what its payment did. Raises
    ``IllegalPlanError`` naming the spell (``index``, from 0) on an illegal plan."""
    start = state.board
    life = state.life
    current = state.next_payment()
    try:
        current = applied(current, plan.steps)
        summary = finish(start, current, target, plan.spent, plan.life, len(plan.steps), plan.alternatives)
    except IllegalPlanError as error:
        raise IllegalPlanError(index, f"spell {index + 1} ({target.name or target.cost}), {error}") from None
    board = paid_without_mana(current.board, state.player, plan.alternatives)
    board = board.replace_player(state.player, life=life - summary.life_paid - summary.damage)
    if exiled := summary.library_exiled - current.library_exiled:  # (the total cost's life: CR 614.1a)
        board = board.with_player(with_exiled(board.player(state.player), exiled))
    return replace(current, board=board, pool=summary.floating), summary


def paid_without_mana(board: Board, player: str, alternatives: Alternatives) -> Board:
    """The board once a spell's convoke, improvise or optional tap tapped its permanents and its delve exiled
    cards from ``player``'s graveyard (CR 702.51a, 702.126a, 601.2b, 702.66a; the oldest first: the model
    counts cards only), checked already (:func:`~planner.rules.alternatives.apply_alternatives`).

    >>> from planner.rules.alternatives import AlternativeKind, AlternativePayment
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me", "graveyard": 3}], "permanents": [
    ...     {"id": "elf", "card": "Llanowar Elves", "controller": "me"}]})
    >>> paid = (AlternativePayment(kind=AlternativeKind.CONVOKE, permanent="elf"),
    ...     AlternativePayment(kind=AlternativeKind.DELVE, cards=2))
    >>> after = paid_without_mana(board, "me", paid)
    >>> after.permanent("elf").tapped, after.player("me").graveyard_size
    (True, 1)
    """
    for alternative in alternatives:
        if alternative.permanent:
            board = board.replace_permanent(alternative.permanent, tapped=True)
    exiled = sum(alternative.cards for alternative in alternatives)
    if not exiled:
        return board
    graveyard = board.player(player).graveyard
    if isinstance(graveyard, tuple):
        return board.replace_player(player, graveyard=graveyard[exiled:])
    if isinstance(graveyard, int):
        return board.replace_player(player, graveyard=graveyard - exiled)
    return board
