"""Activated abilities that aren't mana abilities but make mana possible later in a turn (contract section
11, issue #35: what is read is used), as the turn's search plans them.

- An ability that creates a token with a mana ability and adds no mana ('{1}, {T}: Create a Treasure token.',
  a Gold token, an Eldrazi Spawn 'with "Sacrifice this token: Add {C}."') is no mana ability (CR 605.1a): its
  controller activates it with priority (CR 602.2), paying its costs (its mana from the pool the turn's
  earlier mana abilities filled, CR 602.2b, 601.2g-h), and the token it creates as it resolves (CR 111.10a,
  111.10f, 111.4; each replacement effect on creating tokens applied, CR 614.1a, 616.1) may be tapped or
  sacrificed for mana by the later spells.
- A loyalty ability that adds mana ('+1: Add {R}{R}.') is no mana ability either (CR 605.1a): its controller
  activates it in their main phase with an empty stack, once each turn per permanent (CR 606.3), putting or
  removing loyalty counters as its cost (CR 606.4); a minus cost needs that many counters (CR 606.6), and a
  planeswalker left with none is put into its owner's graveyard (CR 704.5i). Its mana is in the pool once it
  resolves (CR 608.2), for the later spells (CR 500.4).
- An equip ability ('Equip {1}': '[Cost]: Attach this permanent to target creature you control. Activate
  only as a sorcery.', CR 702.6a) of an Equipment that gives the equipped creature haste, aimed at a creature
  with a {T} mana ability that is summoning sick (on the board, or a creature spell of the turn once it
  resolved): the creature may then tap for mana (CR 302.6). One event per Equipment and creature.

Only an ability the grammar reads whole is planned: a cost of mana (no X), {T}, life and sacrificing the
permanent itself (a token's ability with {T} or the sacrifice: once in the turn), and an effect that creates
the tokens alone or adds a fixed amount of mana alone, on a permanent there as the turn begins. Any other
(another cost, a rider, a restriction on the mana) is said in the notes as before
(:mod:`planner.turn_unplanned`). The board does not say whether a loyalty ability was activated earlier
this turn: a plan that activates one says it assumes none was.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from models.abilities import AbilityCost
from models.board import Board, Permanent
from models.cost import ManaCost, PaymentKind, PaymentTarget
from models.layer_effects import GrantHaste
from models.mana_effects import ActivationBan, NotPaymentKind
from models.oracle import text as oracle_text
from models.oracle.sentence_facts import is_loyalty_cost
from models.oracle.token_replacements import CreatedTokens, created_tokens_of
from planner.rules.cast_bans import why_forbidden
from planner.rules.eligibility import is_sick
from planner.rules.payment_bans import life_forbidden_by
from planner.rules.production import Packet
from planner.rules.token_replacements import treasures_created
from planner.rules.turn import created_token, output_packets
from planner.rules.view import BoardView
from planner.turn_cast_mana import counted_tokens
from planner.turn_entering import as_entering

__all__ = [
    "TurnAbility",
    "ability_resolved",
    "ability_target",
    "equip_abilities",
    "loyalty_change",
    "turn_abilities",
    "unread_activation_bans",
    "why_not_activated",
]

#: the loyalty counters of a planeswalker (CR 306.5b)
LOYALTY = "loyalty"


@dataclass(frozen=True, slots=True)
class TurnAbility:
    """An activated ability of a permanent the turn's search may activate: its permanent (``pid``, named
    ``source``), its sentence, its cost (``loyalty``: the loyalty cost's change of counters, CR 606.4; None
    for an ability without one), the tokens it creates and the mana it adds as it resolves."""

    pid: str
    source: str
    text: str
    cost: AbilityCost
    loyalty: int | None = None
    tokens: CreatedTokens | None = None
    packets: tuple[Packet, ...] = ()
    #: an equip ability's target creature (CR 702.6a: attached to it, as a sorcery); "" for none
    attach_to: str = ""


def loyalty_change(cost: str) -> int | None:
    """The change of loyalty counters a loyalty cost makes (CR 606.4: '+N' puts N, '−N' removes N, '0'
    none), or None for a cost that is no loyalty cost or has X.

    >>> loyalty_change("+1"), loyalty_change("\u22122"), loyalty_change("0"), loyalty_change("-X")
    (1, -2, 0, None)
    """
    text = cost.strip()
    if not is_loyalty_cost(text):
        return None
    sign = -1 if text[:1] in ("-", "\u2212") else 1
    number = text.lstrip("+-\u2212")
    return sign * int(number) if number.isdigit() else None


def turn_abilities(board: Board, player: str) -> list[TurnAbility]:
    """The abilities of ``player``'s permanents the turn's search may activate (see the module docstring),
    whether or not they can be activated now (:func:`why_not_activated` says).

    >>> knight = {"id": "k", "name": "Test Knight", "type_line": "Creature — Knight", "power": 2,
    ...     "toughness": 2, "controller": "me", "oracle": "{1}, {T}, Pay 1 life: Create a Treasure token."}
    >>> flame = {"id": "f", "name": "Test Flame", "type_line": "Legendary Planeswalker — Test",
    ...     "controller": "me", "counters": {"loyalty": 3},
    ...     "oracle": "+1: Add {R}{R}.\\n\u22123: Draw a card."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [knight, flame]})
    >>> [(a.source, a.cost.describe(), a.loyalty, a.tokens and a.tokens.name, len(a.packets))
    ...  for a in turn_abilities(board, "me")]
    [('Test Knight', '{1}, {T}, Pay 1 life', None, 'Treasure', 0), ('Test Flame', '(no cost)', 1, None, 1)]
    """
    view = BoardView(board)
    found: list[TurnAbility] = []
    if unread_activation_bans(view):
        return found  # (what may forbid them is not read: not planned, their notes stay)
    for permanent in board.controlled_by(player):
        if view.lost_any_abilities(permanent.id):
            continue
        for record in view.parsed[permanent.id].not_payment:
            cost_text, colon, effect = record.text.partition(":")
            if not colon:
                continue
            if record.kind is NotPaymentKind.TOKEN:  # (its cost read: an activated ability's)
                made = created_tokens_of(effect)
                if (
                    record.cost is None
                    or made is None
                    or not counted_tokens(made)
                    or not _planned(record.cost)
                ):
                    continue
                if not (record.cost.tap or record.cost.sacrifice_self):
                    continue  # (activated again and again as mana allows: not planned, its note says so)
                found.append(TurnAbility(permanent.id, permanent.name, record.text, record.cost, tokens=made))
            elif record.kind is NotPaymentKind.LOYALTY and record.restriction is None:
                change = loyalty_change(cost_text)
                packets = output_packets(record.output, permanent.name)
                if change is None or not packets or len(oracle_text.split_sentences(effect.strip())) != 1:
                    continue  # (X, a mana not counted, or more than the mana: not planned)
                if "spend this mana only" in effect.lower():
                    continue
                found.append(
                    TurnAbility(
                        permanent.id,
                        permanent.name,
                        record.text,
                        AbilityCost(),
                        loyalty=change,
                        packets=packets,
                    )
                )
    return found


def equip_abilities(board: Board, player: str, arriving: Iterable[str] = ()) -> list[TurnAbility]:
    """The equip abilities of ``player``'s Equipment that gives the equipped creature haste, one for each
    creature it may be attached to that haste lets tap for mana (see the module docstring): their creatures
    on ``board`` that are summoning sick with a {T} mana ability, and ``arriving``, the ids the turn's
    creature spells (such creatures) take. An equip cost other than mana is not planned.

    >>> spurs = {"id": "s", "name": "Test Spurs", "type_line": "Artifact — Equipment", "controller": "me",
    ...     "oracle": "Equipped creature has haste.\\nEquip {1}"}
    >>> elves = {"id": "e", "card": "Llanowar Elves", "controller": "me", "summoning_sick": True}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [spurs, elves]})
    >>> [(a.text, str(a.cost.mana), a.attach_to) for a in equip_abilities(board, "me")]
    [('Equip {1}', '{1}', 'e')]
    """
    view = BoardView(board)
    if unread_activation_bans(view):
        return []  # (what may forbid them is not read: not planned, their notes stay)
    sick = [
        p.id
        for p in board.controlled_by(player)
        if is_sick(view, p.id) and any(ability.cost.tap for ability in view.mana_abilities(p.id))
    ]
    found: list[TurnAbility] = []
    for permanent in board.controlled_by(player):
        if view.lost_any_abilities(permanent.id):
            continue
        parsed = view.parsed[permanent.id]
        if not any(isinstance(e, GrantHaste) and e.affected.attached for e in parsed.effects):
            continue
        for sentence in parsed.sentences:
            cost = _equip_cost(sentence.text) if sentence.read_as == "keyword" else None
            if cost is None:
                continue
            for target in [*sick, *arriving]:
                if target not in (permanent.id, permanent.attached_to):
                    equip = AbilityCost(mana=cost)
                    found.append(
                        TurnAbility(permanent.id, permanent.name, sentence.text, equip, attach_to=target)
                    )
    return found


def unread_activation_bans(view: BoardView) -> list[str]:
    """The sentences of the board's permanents that may forbid activating abilities and are not read as a
    prohibition (an :class:`~models.mana_effects.ActivationBan`): 'Activated abilities of sources with the
    chosen name can't be activated unless they're mana abilities.' is no payment's concern (mana abilities
    stay), so the reader sets it aside; a turn that activates other abilities would break it (CR 101.2).

    >>> needle = {"id": "n", "name": "Test Needle", "type_line": "Artifact", "controller": "me", "oracle":
    ...     "Activated abilities of creatures can't be activated unless they're mana abilities."}
    >>> unread_activation_bans(BoardView(Board.from_dict({"version": 1, "players": [{"id": "me"}],
    ...     "permanents": [needle]})))
    ["Activated abilities of creatures can't be activated unless they're mana abilities."]
    """
    return [
        sentence.text
        for permanent in view.board.permanents
        if "activate" in permanent.oracle.lower()
        for sentence in view.parsed[permanent.id].sentences
        if sentence.read_as != "effect" and re.search(r"\bcan'?t (?:be )?activate", sentence.text.lower())
    ]


def _equip_cost(keyword: str) -> ManaCost | None:
    """The mana cost of 'Equip {1}' (CR 702.6a), None for another keyword or an equip cost not of mana alone.

    >>> str(_equip_cost("Equip {2}{R}")), _equip_cost("Equip—Pay 3 life."), _equip_cost("Flying")
    ('{2}{R}', None, None)
    """
    words = keyword.strip().split(" ", 1)
    if len(words) != 2 or words[0].lower() != "equip" or not words[1].startswith("{"):
        return None
    try:
        cost = ManaCost.parse(words[1].upper())
    except ValueError:
        return None
    return None if cost.has_variable else cost


def _planned(cost: AbilityCost) -> bool:
    """True for a cost the turn plans: mana without X, {T}, life, sacrificing the permanent itself.

    >>> from models.cost import ManaCost
    >>> _planned(AbilityCost(mana=ManaCost.parse("{1}"), tap=True)), _planned(AbilityCost(untap=True))
    (True, False)
    """
    return (
        not cost.mana.has_variable
        and not cost.untap
        and cost.sacrifice is None
        and not cost.remove_counter
        and cost.tap_others is None
        and not cost.parts
    )


def ability_target(board: Board, ability: TurnAbility) -> PaymentTarget:
    """What paying the ability's cost is for (CR 602.2b): its mana, an ability of its permanent (spending
    restrictions and cost changes read it), and its life (paid with the mana, CR 601.2h, as a spell's
    additional costs' life)."""
    view = BoardView(board)
    return PaymentTarget(
        cost=ability.cost.mana,
        type_line=view.type_line(ability.pid),
        colors=view.colors(ability.pid),
        kind=PaymentKind.ABILITY,
        name=ability.source,
        additional_life=ability.cost.life,
        # (an equip ability and its target, which cost changes read: CR 702.6a, 601.2f)
        keywords=frozenset({"equip"}) if ability.attach_to else frozenset(),
        targeted=(ability.attach_to,) if ability.attach_to else (),
    )


def why_not_activated(
    board: Board, player: str, ability: TurnAbility, loyalty_used: Iterable[str] = (), *, later: bool = False
) -> str | None:
    """Why ``player`` can't activate ``ability`` on ``board`` in their main phase with an empty stack, or
    None: its permanent gone or not theirs, {T} of a tapped or summoning-sick creature (CR 302.6), life they
    lack (CR 119.4) or may not pay, a prohibition (CR 101.2, 602.5), and for a loyalty ability another
    player's turn, a loyalty ability of the permanent activated this turn (``loyalty_used``: their ids, CR
    606.3) or too few loyalty counters (CR 606.6), and for an equip ability another player's turn or no
    creature of theirs to target (``later``: a creature spell's, not judged). Its mana is the payment's to
    check.

    >>> flame = {"id": "f", "name": "Test Flame", "type_line": "Legendary Planeswalker — Test",
    ...     "controller": "me", "counters": {"loyalty": 1}, "oracle": "\u22122: Add {R}{R}{R}."}
    >>> board = Board.from_dict({"version": 1, "active_player": "me", "players": [{"id": "me"}],
    ...     "permanents": [flame]})
    >>> (minus,) = turn_abilities(board, "me")
    >>> why_not_activated(board, "me", minus)
    'Test Flame: -2 needs 2 loyalty counters, it has 1 (CR 606.6)'
    """
    if not board.has_permanent(ability.pid) or board.permanent(ability.pid).controller != player:
        return f"{ability.source}: not on the battlefield under their control"
    view = BoardView(board)
    permanent = board.permanent(ability.pid)
    if view.lost_any_abilities(ability.pid):
        return f"{ability.source}: it lost its abilities"
    cost = ability.cost
    if cost.tap and (permanent.tapped or is_sick(view, ability.pid)):
        return f"{ability.source}: it is tapped or summoning sick (CR 302.6)"
    if cost.life and (
        board.player(player).life < cost.life or life_forbidden_by(view, player, PaymentKind.ABILITY)
    ):
        return f"{ability.source}: {cost.life} life can't be paid (CR 119.4)"
    if ability.attach_to:
        if board.active_player != player:
            return f"{ability.source}: equip is activated as a sorcery, in its controller's turn (CR 702.6a)"
        target = ability.attach_to
        if later:
            pass  # (a creature spell's permanent, there once it resolved: judged where it is activated)
        elif not board.has_permanent(target) or board.permanent(target).controller != player:
            return f"{ability.source}: no creature {target} of theirs to equip (CR 702.6a, 115.1)"
        elif not view.type_line(target).is_a("Creature"):
            return f"{ability.source}: {target} is no creature (CR 702.6a)"
    for sourced in view.effects_of(ActivationBan):  # (Null Rod's, Cursed Totem's: CR 101.2, 602.5)
        ban = sourced.effect
        assert isinstance(ban, ActivationBan)
        if view.matches(ban.affected, ability.pid, sourced.source):
            return f"{ability.source}: {ban.text!r} forbids it (CR 101.2, 602.5)"
    if ability.loyalty is not None:
        if board.active_player != player:
            return (
                f"{ability.source}: a loyalty ability is activated in its controller's main phase (CR 606.3)"
            )
        if ability.pid in set(loyalty_used):
            return f"{ability.source}: a loyalty ability of it was activated this turn (CR 606.3)"
        have = permanent.counter(LOYALTY)
        if have + ability.loyalty < 0:
            cost_text = ability.text.partition(":")[0].strip()
            needs = f"needs {-ability.loyalty} loyalty counters, it has {have}"
            return f"{ability.source}: {cost_text} {needs} (CR 606.6)"
    return why_forbidden(view, ability_target(board, ability), player, step="main", in_turn=True)


def ability_resolved(
    board: Board, player: str, ability: TurnAbility, fresh: Iterable[str]
) -> tuple[Board, tuple[Permanent, ...]]:
    """The board once ``player`` paid the ability's costs but its mana and life (its permanent tapped,
    sacrificed, its loyalty counters changed and, with none left, put into the graveyard: CR 602.2b, 606.4,
    704.5i), and the tokens it creates as it resolves, one id of ``fresh`` each (with the replacement effects
    on creating tokens, CR 614.1a, 616.1: :func:`~planner.rules.token_replacements.treasures_created`; they
    enter summoning sick, CR 302.6, and tapped where an effect says so, 614.12). Its mana is
    :attr:`TurnAbility.packets`.

    >>> knight = {"id": "k", "name": "Test Knight", "type_line": "Creature — Knight", "power": 2,
    ...     "toughness": 2, "controller": "me", "oracle": "{1}, {T}: Create a Treasure token."}
    >>> board = Board.from_dict({"version": 1, "players": [{"id": "me"}], "permanents": [knight]})
    >>> (make,) = turn_abilities(board, "me")
    >>> after, tokens = ability_resolved(board, "me", make, iter(["t1"]))
    >>> after.permanent("k").tapped, [(t.id, t.name) for t in tokens]
    (True, [('t1', 'Treasure')])
    """
    ids = iter(fresh)
    if not board.has_permanent(ability.pid):  # (gone: no activation, which why_not_activated says)
        return board, ()
    permanent = board.permanent(ability.pid)
    if ability.cost.tap:
        board = board.replace_permanent(ability.pid, tapped=True)
    left = 1  # (the loyalty counters it is left with)
    if ability.loyalty is not None:
        counters = dict(permanent.counters)
        counters[LOYALTY] = left = permanent.counter(LOYALTY) + ability.loyalty
        board = board.replace_permanent(ability.pid, counters=tuple(counters.items()))
    if ability.cost.sacrifice_self or left <= 0:
        board = board.without_permanent(ability.pid)
    if ability.attach_to and board.has_permanent(ability.attach_to):
        board = board.replace_permanent(ability.pid, attached_to=ability.attach_to)
    made = ability.tokens
    if made is None:
        return board, ()
    count = treasures_created(board, player, made.count, made.name)
    # (each as it enters: tapped or untapped by the board's replacement effects, CR 614.1c, 614.12)
    tokens = tuple(
        as_entering(board, created_token(made, next(ids), player), played=False) for _ in range(count)
    )
    return board, tokens
