"""The turn brute force of the tests (contract sections 7 and 11): every action of a main phase in every
order, by the rules alone, and the check that a turn's plan casts what it finds with the cards it uses."""

from __future__ import annotations

import itertools
import json
from dataclasses import replace

from models.abilities import Amount
from models.additional_costs import OptionalSacrifice, SacrificeCost
from models.board import Board, Card, Permanent
from models.cost import ManaCost, PaymentKind, PaymentTarget
from models.layer_effects import GrantHaste
from models.mana_effects import CastBan, NotPaymentKind
from models.oracle import parse_land_search, parse_oracle
from models.oracle.token_replacements import created_tokens_of
from models.oracle.token_rules import CreatedTokens
from models.spells import spell_of, spell_target
from planner.rules.additional_costs import cost_ways, planned_costs, sacrifice_candidates
from planner.rules.alternative_costs import Way, cast_for, foretold_only, paid_board, usable_ways
from planner.rules.alternative_costs import exile_choices as way_exile_choices
from planner.rules.alternatives import alternative_choices, covered_slots, reduced_costs
from planner.rules.amounts import counted
from planner.rules.cast_bans import why_forbidden
from planner.rules.eligibility import is_sick
from planner.rules.graveyard_permissions import permissions, why_not_permitted
from planner.rules.graveyard_ways import graveyard_way_required
from planner.rules.hand import hand_abilities
from planner.rules.payment import payments
from planner.rules.pool import ManaUnit, SpendRules
from planner.rules.production import Packet
from planner.rules.replay import PlanState, initial_state, legal_steps, remove_units
from planner.rules.turn import (
    arriving,
    created_token,
    land_entries,
    land_plays_allowed,
    output_packets,
    packet_units,
    resolution,
    tapped_by_others,
    untapped_by_others,
)
from planner.rules.turn import entering as entered_as
from planner.rules.view import BoardView, locked_in
from planner.turn import TurnResult, plan_turn
from planner.turn_cast_counters import counters_of_casting, with_counters
from planner.turn_cast_mana import cast_mana_of, describes_every_spell, permanent_treasures
from planner.turn_choices import why_not_castable_now
from planner.turn_events import landfall_times


def matches_brute_force(board: Board) -> TurnResult:
    """The board's turn plan (without ``--cast``), checked optimal and casting the brute force's most mana
    value with its fewest cards used up (the lands played, the spells cast, the cards exiled)."""
    turn = plan_turn(board, time_limit=120)  # (a limit a loaded machine can't reach: optimality is the point)
    cards_used = len(turn.spells) + len(turn.lands_played) + len(turn.exiled)
    assert turn.optimal, turn.notes
    assert (turn.mana_value_cast, cards_used) == brute_force(board), json.dumps(turn.to_json())[:2000]
    return turn


def brute_force(board: Board) -> tuple[int, int]:
    """The most mana value a turn can cast, with the fewest cards used up for it (the lands count; every land
    play left is taken while the hand holds a land it may play, contract section 11, CR 305.2; the player
    kept above 0 life, CR 704.5a), found by trying every action in every order: each mana ability, each
    spell the pool pays exactly (for its mana cost or an alternative cost: :func:`_ways_to_cast`), each land
    play (as many as the board allows, each entering as the board it enters says), each card of the hand
    exiled for its mana (a Spirit Guide), a fetchland cracked at any time for any land of the listed library
    it may find (the land found leaves the library, CR 701.23), a bounce land returning any land its
    controller has. Independent of the planner's epochs and orders: it only uses the rules (legal_steps,
    payments) and what a card does when it resolves."""
    hand = tuple(board.player("me").hand)
    start = initial_state(board.replace_player("me", hand=()), "me")  # (the hand is tracked here: `cards`)
    made_before = board.player("me").lands_played_this_turn
    best = (-1, 0)  # (a state with more land drops taken, when the hand holds lands, replaces it)
    # (a land discarded rather than played, CR 701.9: only when that casts more, contract section 11)
    best_rank = (-1, 0, 0)
    seen: set[object] = set()
    # (each state with the permanents whose trigger of once each turn fired: CR 603.2h)
    stack: list[tuple[PlanState, tuple[Card, ...], int, int, int, frozenset[str]]] = [
        (start, hand, 0, 0, 0, frozenset())
    ]
    while stack:
        state, cards, played, value, used, fired = stack.pop()
        key = (state.board, tuple(sorted(state.pool, key=repr)), cards, played, fired)
        if key in seen:
            continue
        seen.add(key)
        assert len(seen) < 400_000, "the brute force grew too large for a test"
        if state.life <= 0:
            continue  # (a player at 0 life loses once the spell is cast, CR 704.5a: no gains here)
        # (the plays allowed on the board now: a permanent cast this turn may add some, CR 305.2a)
        plays_left = land_plays_allowed(BoardView(state.board), "me")[0] - made_before
        land_left = played < plays_left and any(_droppable(card, state.board) for card in cards)
        rank = (value, played, -used)
        if not land_left and rank > best_rank:  # (the land drops are always taken)
            best, best_rank = (value, used), rank
        for _, after in legal_steps(state):
            stack.append((after, cards, played, value, used, fired))
        view = BoardView(state.board)
        rules = SpendRules.for_player(view, "me")
        for after in _fetches(state, view):
            stack.append((after, cards, played, value, used, fired))
        for index, card in enumerate(cards):
            rest = cards[:index] + cards[index + 1 :]
            alone = state.board.replace_player("me", hand=(card,))
            for ability in hand_abilities(alone, "me"):  # (exiled for its mana: CR 605.3a)
                stack.append(
                    (replace(state, pool=(*state.pool, *ability.units)), rest, played, value, used + 1, fired)
                )
            if card.type_line.is_a("Land"):
                if played >= plays_left:
                    continue
                for entry in land_entries(view, card, "me"):
                    land = arriving(card, f"land{played}", "me", tapped=entry.tapped)
                    board_after = state.board.with_permanent(land)
                    board_after = board_after.replace_player("me", life=state.life - entry.life)
                    entering = parse_oracle(card.oracle, card.name).entering
                    board_after, landfall_mana = _landfall(board_after, land)  # (its landfall triggers' mana)
                    pool = (*state.pool, *landfall_mana)
                    for returned in _returnable(board_after, entering is not None and entering.returns_land):
                        board_now = (
                            board_after if returned is None else board_after.without_permanent(returned)
                        )
                        stack.append(
                            (
                                replace(state, board=board_now, pool=pool),
                                rest,
                                played + 1,
                                value,
                                used + 1,
                                fired,
                            )
                        )
                continue
            if why_not_castable_now(card, state.board, "me") is not None:
                continue  # (no legal target now: CR 601.2c)
            if why_forbidden(view, spell_target(card), "me") is not None:
                continue  # (a "can't" on the board, with the spells cast this turn so far: CR 101.2)
            for cast_on, target, kept, exiled, mana_value in _ways_to_cast(state, card, cards, rest, view):
                life_left = cast_on.player("me").life
                for before, cost in _paid_without_mana(cast_on, target):
                    for spent, life in payments(state.pool, cost, target, rules, life_left):
                        unspent = remove_units(state.pool, spent)
                        assert unspent is not None
                        paid_ways = [  # (its additional costs, its bargain paid or not)
                            (board_paid, left, discarded, bargained)
                            for board_costs, left, discarded in _additional_paid(before, kept, target)
                            for board_paid, bargained in _bargains(board_costs, card)
                        ]
                        for board_paid, left, discarded, bargained in paid_ways:
                            board_after = _having_cast(
                                board_paid.replace_player("me", life=life_left - life), card
                            )
                            effect = resolution(card)
                            graveyard = board_after.player("me").graveyard
                            if not effect.permanent and isinstance(graveyard, int):  # (CR 608.2n)
                                board_after = board_after.replace_player("me", graveyard=graveyard + 1)
                            elif not effect.permanent and isinstance(graveyard, tuple):
                                board_after = board_after.replace_player("me", graveyard=(*graveyard, card))
                            if effect.permanent:
                                pid = f"new{len(board_after.permanents)}"
                                # (as it enters on the board then: CR 614.1c, an untapped or tapped Archelos)
                                entered = entered_as(board_after, card, pid, "me")
                                board_after = board_after.with_permanent(entered)
                                pid_entered = pid
                            # (the counters its triggers put, there for the later spells: CR 603.3)
                            counters = counters_of_casting(state.board, "me", spell_target(card))
                            board_after = with_counters(board_after, counters)
                            made = _cast_treasures(state.board, card, fired)
                            # (each effect's tokens with every order of the replacements, CR 616.1)
                            created = [
                                (tokens, _most_treasures(state.board, tokens.count, tokens.name))
                                for _, tokens in made
                            ]
                            created += [
                                (CreatedTokens(n, "Treasure"), n)
                                for event in effect.token_events
                                if (n := _most_made(board_after, dict(event)))
                            ]
                            for tokens, count in created:
                                for _ in range(count):
                                    pid = f"t{len(board_after.permanents)}"
                                    token = _as_entering(board_after, created_token(tokens, pid, "me"))
                                    board_after = board_after.with_permanent(token)
                            packets = effect.mana + _cast_triggered(state.board, card)
                            if effect.permanent:  # (its enters trigger's counted or bargained mana)
                                packets += _entering_units(board_after, card, pid_entered, bargained)
                            mana = packet_units(tuple(p for p in packets if len(p.types) == 1))
                            fixed = all(len(p.types) == 1 for p in packets)
                            assert fixed, "the brute force takes fixed rituals"
                            after = replace(state, board=board_after, pool=(*unspent, *mana))
                            used_now = used + 1 + discarded + exiled
                            fired_now = fired | {pid for pid, _ in made}
                            stack.append((after, left, played, value + mana_value, used_now, fired_now))
        for card, cast_on, target, way in _zone_ways(state):  # (the graveyard's and exile's: CR 601.2a)
            if why_not_castable_now(card, state.board, "me") is not None:
                continue
            assert not _cast_treasures(state.board, card, fired) and not _cast_triggered(state.board, card)
            life_left = cast_on.player("me").life
            for before, cost in _paid_without_mana(cast_on, target):
                for spent, life in payments(state.pool, cost, target, rules, life_left):
                    unspent = remove_units(state.pool, spent)
                    assert unspent is not None
                    cast = state.board.player("me").spells_cast_this_turn + 1
                    board_after = before.replace_player(
                        "me", life=life_left - life, spells_cast_this_turn=cast
                    )
                    board_after = _zone_resolved(board_after, card, target, way)
                    effect = resolution(card)
                    mana = packet_units(effect.mana)
                    assert all(len(p.types) == 1 for p in effect.mana), "the brute force takes fixed rituals"
                    after = replace(state, board=board_after, pool=(*unspent, *mana))
                    value_now = value + cast_for(target, way).mana_value
                    stack.append((after, cards, played, value_now, used + 1, fired))
        for after, fired_now in _activations(state, fired):  # (abilities that aren't mana abilities: 602.2)
            stack.append((after, cards, played, value, used, fired_now))
        if played < plays_left:  # (a land of the graveyard a permission lets be played: CR 305.1)
            for board_now in _graveyard_land_plays(state.board, f"land{played}"):
                stack.append((replace(state, board=board_now), cards, played + 1, value, used + 1, fired))
    return best


def _activations(state: PlanState, fired: frozenset[str]) -> list[tuple[PlanState, frozenset[str]]]:
    """Each way to activate an ability of "me"'s permanents that is no mana ability and makes mana possible
    (CR 605.1a), by the rules alone: one with {T} (the permanent untapped, not a summoning-sick creature,
    CR 302.6) or sacrificing itself that creates tokens with a mana ability and does nothing else (CR 111.10a,
    111.4; each token with every order of the replacements, CR 616.1), and a loyalty ability that adds fixed
    mana and does nothing else ('+1: Add {R}{R}.': once each turn per permanent, ``loyalty:<id>`` in
    ``fired``, CR 606.3; a minus cost needs its counters, 606.6; none left, it goes, 704.5i), its cost paid
    from the pool each way the pool pays it (its mana, and its life, CR 119.4)."""
    found: list[tuple[PlanState, frozenset[str]]] = [(after, fired) for after in _equips(state)]
    board = state.board
    view = BoardView(board)
    rules = SpendRules.for_player(view, "me")
    for permanent in board.controlled_by("me"):
        for record in view.parsed[permanent.id].not_payment:
            cost_text, _, effect = record.text.partition(":")
            sign = {"+": 1, "-": -1, "\u2212": -1}.get(cost_text.strip()[:1], 1)
            number = cost_text.strip().lstrip("+-\u2212")
            if record.kind is NotPaymentKind.LOYALTY and number.isdigit():
                change = sign * int(number)
                packets = output_packets(record.output, permanent.name) or ()
                if f"loyalty:{permanent.id}" in fired or permanent.counter("loyalty") + change < 0:
                    continue
                if "." in effect.strip().rstrip(".") or not packets:
                    continue  # (more than its mana: not this brute force's)
                assert all(len(p.types) == 1 for p in packets), "the brute force takes fixed mana"
                loyalty = permanent.counter("loyalty") + change
                after = board.replace_permanent(permanent.id, counters=(("loyalty", loyalty),))
                if loyalty <= 0:
                    after = after.without_permanent(permanent.id)
                pool = (*state.pool, *packet_units(packets))
                found.append((replace(state, board=after, pool=pool), fired | {f"loyalty:{permanent.id}"}))
                continue
            made = created_tokens_of(effect)
            cost = record.cost
            if record.kind is not NotPaymentKind.TOKEN or cost is None or made is None:
                continue
            if (
                not (cost.tap or cost.sacrifice_self)
                or cost.sacrifice is not None
                or cost.parts
                or cost.untap
            ):
                continue
            if cost.tap and (permanent.tapped or is_sick(view, permanent.id)):
                continue
            target = PaymentTarget(cost=cost.mana, type_line=permanent.type_line, kind=PaymentKind.ABILITY)
            for spent, life in payments(state.pool, cost.mana, target, rules, state.life - cost.life):
                unspent = remove_units(state.pool, spent)
                assert unspent is not None
                after = board.replace_player("me", life=state.life - life - cost.life)
                after = after.replace_permanent(permanent.id, tapped=True) if cost.tap else after
                after = after.without_permanent(permanent.id) if cost.sacrifice_self else after
                for _ in range(_most_treasures(after, made.count, made.name)):
                    token = created_token(made, f"t{len(after.permanents)}", "me")
                    after = after.with_permanent(_as_entering(after, token))
                found.append((replace(state, board=after, pool=unspent), fired))
    return found


def _equips(state: PlanState) -> list[PlanState]:
    """Each way to activate "me"'s equip abilities of mana ('Equip {1}', CR 702.6a: as a sorcery, in their
    turn) of an Equipment that grants haste, attaching it to any other creature of theirs, its cost paid from
    the pool each way the pool pays it."""
    board = state.board
    if board.active_player != "me":
        return []
    view = BoardView(board)
    rules = SpendRules.for_player(view, "me")
    creatures = [p.id for p in board.controlled_by("me") if view.type_line(p.id).is_a("Creature")]
    found = []
    for equipment in board.controlled_by("me"):
        parsed = view.parsed[equipment.id]
        if not any(isinstance(e, GrantHaste) for e in parsed.effects):
            continue
        for keyword in parsed.keywords:
            if not keyword.startswith("equip {"):
                continue
            cost = ManaCost.parse(keyword.removeprefix("equip ").upper())
            target = PaymentTarget(cost=cost, type_line=equipment.type_line, kind=PaymentKind.ABILITY)
            for spent, life in payments(state.pool, cost, target, rules, state.life):
                unspent = remove_units(state.pool, spent)
                assert unspent is not None
                for creature in creatures:
                    if creature not in (equipment.id, equipment.attached_to):
                        after = board.replace_permanent(equipment.id, attached_to=creature)
                        after = after.replace_player("me", life=state.life - life)
                        found.append(replace(state, board=after, pool=unspent))
    return found


def _having_cast(board: Board, card: Card) -> Board:
    """The board once "me" cast ``card`` (CR 601.2i): one more spell cast this turn, and the card among the
    spells listed when a prohibition on casting may read them (else the count alone: fewer states)."""
    record = board.player("me")
    if BoardView(board).effects_of(CastBan):
        return board.with_player(record.having_cast(card))
    return board.replace_player("me", spells_cast_this_turn=record.spells_cast_this_turn + 1)


def _graveyard_land_plays(board: Board, pid: str) -> list[Board]:
    """Each board once a land card of "me"'s graveyard (a list) is played from there as a permission in force
    allows it (CR 305.1: 'play lands', 'play a land ... or cast ...'): out of the graveyard, on the
    battlefield as it enters, and, when only permissions limited each turn allow it, its use recorded on one
    of them ('Land' in ``graveyard_uses_this_turn``), a board for each (an unlimited one records none)."""
    graveyard = board.player("me").graveyard
    cards = graveyard if isinstance(graveyard, tuple) else ()
    found: list[Board] = []
    for at, card in enumerate(cards):
        if not card.type_line.is_a("Land") or card in cards[:at]:
            continue
        land = replace(
            spell_of(ManaCost(()), name=card.name, type_line=card.type_line, text=card.oracle),
            cast_from="graveyard",
        )
        allowing = [
            p
            for p in permissions(board, "me")
            if p.effect.play and not p.effect.keyword and why_not_permitted(board, "me", land, p) is None
        ]
        unlimited = any(not (p.effect.once_each_turn or p.effect.each_permanent_type) for p in allowing)
        recorded = [board] if unlimited else []
        for permission in allowing if not unlimited else ():
            uses = board.permanent(permission.source).graveyard_uses_this_turn
            recorded.append(
                board.replace_permanent(permission.source, graveyard_uses_this_turn=(*uses, "Land"))
            )
        for now in recorded:
            now = now.replace_player("me", graveyard=(*cards[:at], *cards[at + 1 :]))
            for entry in land_entries(BoardView(now), card, "me"):
                entered = arriving(card, pid, "me", tapped=entry.tapped)
                life = now.player("me").life - entry.life
                found.append(now.with_permanent(entered).replace_player("me", life=life))
    return found


def _zone_ways(state: PlanState) -> list[tuple[Card, Board, PaymentTarget, Way]]:
    """Each way to cast a card of "me"'s graveyard (a list) or of their cards foretold now (CR 601.2a): the
    card, the board it is cast on (a graveyard card on the stack, out of the list; a foretold one still
    listed, CR 702.143a) once the way's life and escape's cards are paid, its total cost (the way's mana,
    CR 118.9: flashback's, escape's, foretell's, a permission's mana cost) and the way; none for a card
    whose mana cost alone would be its way from there (a permission not read: pay's assumption, not the
    rules')."""
    found = []
    record = state.board.player("me")
    for zone, listed in (("graveyard", record.graveyard), ("exile", record.foretold)):
        cards = listed if isinstance(listed, tuple) else ()
        for card in cards:
            if card.type_line.is_a("Land") or card.mana_cost is None:
                continue
            printed = replace(spell_target(card), cast_from=zone)
            cast_on = state.board
            if zone == "graveyard":  # (a card that left the graveyard, counted when the board gives it)
                at = cards.index(card)
                left = record.cards_left_graveyard_this_turn
                cast_on = cast_on.replace_player(
                    "me",
                    graveyard=(*cards[:at], *cards[at + 1 :]),
                    cards_left_graveyard_this_turn=None if left is None else left + 1,
                )
            ways = usable_ways(cast_on, "me", printed)
            required = graveyard_way_required(cast_on, printed) or foretold_only(cast_on, "me", printed)
            assert required or not ways, "the brute force casts cards of other zones by their ways only"
            for way in ways:
                before = paid_board(cast_on, "me", way, ())
                found.append((card, before, locked_in(BoardView(cast_on), cast_for(printed, way), "me"), way))
    return found


def _zone_resolved(board: Board, card: Card, target: PaymentTarget, way: Way) -> Board:
    """The board once ``card``, cast from the graveyard or exile for ``way``, resolved: out of the foretold
    list, its permission's use recorded (the permanent's ``graveyard_uses_this_turn``: its first permanent
    type, or card type), its permanent on the battlefield, an instant or sorcery in the graveyard again
    (CR 608.2n) but flashback's (exiled, 702.34a)."""
    foretold = board.player("me").foretold
    if target.cast_from == "exile" and foretold is not None:
        at = foretold.index(card)
        board = board.replace_player("me", foretold=(*foretold[:at], *foretold[at + 1 :]))
    if way.permission:
        used = board.permanent(way.permission).graveyard_uses_this_turn
        line = card.type_line
        kind = next(
            (t for t in ("Artifact", "Creature", "Enchantment", "Planeswalker") if line.is_a(t)), None
        )
        kind = kind or line.card_types[0]
        board = board.replace_permanent(way.permission, graveyard_uses_this_turn=(*used, kind))
    if resolution(card).permanent:
        return board.with_permanent(entered_as(board, card, f"new{len(board.permanents)}", "me"))
    graveyard = board.player("me").graveyard
    if way.cost.keyword == "flashback" or not isinstance(graveyard, tuple):
        return board
    return board.replace_player("me", graveyard=(*graveyard, card))


def _cast_triggered(board: Board, card: Card) -> tuple[Packet, ...]:
    """The mana the triggers of "me"'s permanents on ``board`` add as ``card`` is cast (CR 603.2, 603.3: it
    is there for the spells cast after it): each trigger that describes the spell, and for "your first ...
    spell each turn" (of every spell: the brute force counts them) when no spell was cast before it."""
    cast_before = board.player("me").spells_cast_this_turn
    view = BoardView(board)
    found: list[Packet] = []
    for permanent in board.controlled_by("me"):
        for mana in cast_mana_of(view.parsed[permanent.id], permanent.name)[0]:
            trigger = mana.trigger
            assert not trigger.nth or describes_every_spell(trigger), "the brute force counts every spell"
            if trigger.describes(spell_target(card)) and trigger.nth in (0, cast_before + 1):
                found += mana.packets
    return tuple(found)


def _most_treasures(board: Board, count: int, token: str = "Treasure") -> int:
    """The most Treasure tokens (or tokens named ``token``) "me" can end up with when an effect would create
    ``count`` of them on ``board``: every order of the replacement effects on creating tokens that apply (CR
    616.1, each once: 614.5), each applied as its sentence says ('twice that many', 'those tokens plus an
    additional <name> token'), the player choosing the order."""
    view = BoardView(board)
    replacements = [
        replacement
        for permanent in board.permanents
        if not view.lost_any_abilities(permanent.id)
        for replacement in view.parsed[permanent.id].token_replacements
        if (replacement.every_player or permanent.controller == "me") and replacement.token in ("", token)
    ]
    if count == 0:
        return 0
    best = 0
    for order in itertools.permutations(replacements):
        treasures = count
        for replacement in order:
            if replacement.result == "twice":
                treasures *= 2
            elif replacement.result == "plus" and replacement.additional == token:
                treasures += 1
        best = max(best, treasures)
    return best


def _most_made(board: Board, event: dict[str, int]) -> int:
    """The most Treasure tokens "me" ends up with when an effect would create the tokens ``event`` names on
    ``board``: every order of every replacement effect on creating tokens of "me"'s (CR 616.1, each once: CR
    614.5), each applied while the event creates a token it names ('twice that many', 'those tokens plus an
    additional <name> token', 'one of each' of the names: that many of each)."""
    view = BoardView(board)
    replacements = [
        replacement
        for permanent in board.permanents
        if not view.lost_any_abilities(permanent.id)
        for replacement in view.parsed[permanent.id].token_replacements
        if replacement.every_player or permanent.controller == "me"
    ]
    best = 0
    for order in itertools.permutations(replacements):
        made = dict(event)
        for replacement in order:
            names = replacement.one_of or ((replacement.token,) if replacement.token else tuple(made))
            present = [name for name in names if made.get(name, 0) > 0]
            if not present:
                continue
            if replacement.result == "twice":
                made |= {name: made[name] * 2 for name in present}
            elif replacement.result == "plus":
                made[replacement.additional] = made.get(replacement.additional, 0) + 1
            elif replacement.result == "each":
                made = made | dict.fromkeys(replacement.one_of, sum(made[name] for name in present))
        best = max(best, made.get("Treasure", 0))
    return best


def _cast_treasures(board: Board, card: Card, fired: frozenset[str]) -> list[tuple[str, CreatedTokens]]:
    """The tokens with a mana ability (Treasures, an Eldrazi Spawn) the triggers of "me"'s permanents on
    ``board`` create as ``card`` is cast (CR 603.2, 603.3: they are there for the spells cast after it,
    111.10a), by permanent: each trigger that
    describes the spell, but one of once each turn whose permanent is in ``fired`` (CR 603.2h) and one of
    "your first ... spell each turn" when a spell was cast before it (the brute force counts every spell)."""
    cast_before = board.player("me").spells_cast_this_turn
    view = BoardView(board)
    found: list[tuple[str, CreatedTokens]] = []
    for permanent in board.controlled_by("me"):
        for made in permanent_treasures(view, permanent)[0]:
            trigger = made.trigger
            assert not trigger.nth or describes_every_spell(trigger), "the brute force counts every spell"
            if made.once_each_turn and permanent.id in fired:
                continue
            if trigger.describes(spell_target(card)) and trigger.nth in (0, cast_before + 1):
                found.append((permanent.id, made.made))
    return found


def _ways_to_cast(
    state: PlanState, card: Card, cards: tuple[Card, ...], rest: tuple[Card, ...], view: BoardView
) -> list[tuple[Board, PaymentTarget, tuple[Card, ...], int, int]]:
    """Each way to cast ``card`` from the hand (``cards``; ``rest`` without it): for its mana cost, and for
    each alternative cost usable now (CR 118.9: its condition, its life, energy and cards) with each choice
    of cards it exiles. Each is the board once the way's life and energy are paid, the total cost to pay
    with mana (CR 601.2f: the way's mana, its sacrifices among the additional costs), the hand left, the
    cards exiled and the spell's mana value (the card's, X being 0 under an alternative cost: CR 107.3)."""
    printed = replace(spell_target(card), from_hand=True)
    # (the mana value is the card's, whatever its cost became: CR 202.3, affinity reduces no mana value)
    found = [
        (state.board, target, rest, 0, printed.cost.mana_value)
        for target in _cost_choices(view, spell_target(card))
    ]
    in_hand = state.board.replace_player("me", hand=cards)
    for way in usable_ways(in_hand, "me", printed):
        for names in way_exile_choices(in_hand, "me", printed, way):
            left = list(rest)
            for name in names:
                left.pop(next(n for n, kept in enumerate(left) if kept.name == name))
            before = paid_board(state.board, "me", way, ())
            cast = locked_in(view, cast_for(printed, way), "me")
            # (the card's mana value, X being 0; a prototype's is its cost's, face down 0: CR 718.3b, 708.2)
            found.append((before, cast, tuple(left), len(names), cast_for(printed, way).mana_value))
    return found


def _paid_without_mana(board: Board, target: PaymentTarget) -> list[tuple[Board, ManaCost]]:
    """Each way to pay part of the spell's total cost without mana once the mana abilities are done (CR
    601.2h): every choice of untapped creatures (convoke, 702.51a: {1} or a symbol of its color; the
    optional tap for {1} less, 601.2b) and artifacts (improvise, 702.126a) tapped and of graveyard cards
    exiled (delve, 702.66a), with each cost the mana must still pay; the cost alone for a spell with none."""
    if not (target.convoke or target.improvise or target.delve or target.tap_creatures):
        return [(board, target.cost)]
    found = []
    for choice in alternative_choices(BoardView(board), "me", target, target.cost):
        after = board
        for alternative in choice:
            if alternative.permanent:
                after = after.replace_permanent(alternative.permanent, tapped=True)
        delved = sum(alternative.cards for alternative in choice)
        if delved:
            after = after.replace_player("me", graveyard=(after.player("me").graveyard_size or 0) - delved)
        found += [(after, cost) for cost in reduced_costs(target.cost, covered_slots(choice))]
    return found


def _cost_choices(view: BoardView, target: PaymentTarget) -> list[PaymentTarget]:
    """The target with each way of paying its choices of additional costs (CR 601.2b: one of Bone Shards'
    two costs, a bargain paid or not with the mana it takes off), its cost as the board makes it."""
    plain = locked_in(view, replace(target, additional_costs=()), "me")
    return [
        locked_in(view, way.on(target), "me")
        for way in cost_ways(target.additional_costs, plain.cost.generic)
    ]


def _sacrifices_recorded(before: Board, after: Board, chosen: tuple[str, ...]) -> Board:
    """``after`` with the permanents ``chosen`` (sacrificed on ``before``) recorded as the turn's facts the
    board gives: "me"'s ``sacrificed_this_turn``, and the creatures among them in ``creatures_died_this_turn``
    (CR 700.4, 701.21a), as cards with their types as they last existed (CR 608.2h)."""
    view = BoardView(before)
    cards = [
        Card(card=None, name=before.permanent(pid).name, type_line=view.type_line(pid)) for pid in chosen
    ]
    record = after.player("me")
    if record.sacrificed_this_turn is not None:
        after = after.replace_player("me", sacrificed_this_turn=(*record.sacrificed_this_turn, *cards))
    died = [card for card in cards if card.type_line.is_a("Creature")]
    if died:  # (not given: counted from 0, the turn's own deaths known, those before not)
        before_count = after.creatures_died_this_turn
        listed = (
            None if after.creatures_died is None or before_count is None else (*after.creatures_died, *died)
        )
        after = replace(
            after, creatures_died_this_turn=(before_count or 0) + len(died), creatures_died=listed
        )
    for pid in chosen:  # (the cards, not tokens, in their owner's graveyard as printed: CR 111.7, 400.7)
        permanent = before.permanent(pid)
        card = permanent.as_card()
        if card is not None:
            after = _graveyard_got(after, permanent.owned_by, (card,))
    return after


def _graveyard_got(board: Board, owner: str, cards: tuple[Card, ...]) -> Board:
    """``board`` with ``cards`` in ``owner``'s ``cards_put_into_graveyard_this_turn``, when it gives it."""
    before = board.player(owner).cards_put_into_graveyard_this_turn
    if before is None:
        return board
    return board.replace_player(owner, cards_put_into_graveyard_this_turn=(*before, *cards))


def _additional_paid(
    board: Board, hand: tuple[Card, ...], target: PaymentTarget
) -> list[tuple[Board, tuple[Card, ...], int]]:
    """Each way to pay the spell's additional costs (CR 601.2h) on ``board`` with ``hand`` left: any
    permanents of the types a sacrifice names that are still there (tapped for mana before or not), any
    cards of the hand a discard takes; the board and hand after, and how many cards were discarded."""
    options = [(board, hand, 0)]
    for cost in planned_costs(target.additional_costs):
        paid: list[tuple[Board, tuple[Card, ...], int]] = []
        for before, cards, discarded in options:
            if isinstance(cost, SacrificeCost):
                for chosen in itertools.combinations(sacrifice_candidates(before, "me", cost), cost.count):
                    after = before
                    for pid in chosen:
                        after = after.without_permanent(pid)
                    paid.append((_sacrifices_recorded(before, after, chosen), cards, discarded))
                continue
            for places in itertools.combinations(range(len(cards)), cost.count):
                left = tuple(card for n, card in enumerate(cards) if n not in places)
                gone = tuple(cards[n] for n in places)  # (discarded into its graveyard, CR 701.9)
                paid.append((_graveyard_got(before, "me", gone), left, discarded + cost.count))
        options = paid
    return options


def _sacrificed(board: Board, pid: str) -> Board:
    """The board once "me" sacrificed ``pid``: a creature dies (CR 700.4), recorded."""
    return _sacrifices_recorded(board, board.without_permanent(pid), (pid,))


def _bargains(board: Board, card: Card) -> list[tuple[Board, bool]]:
    """The board with the card's bargain paid or not (CR 702.166a: "you may sacrifice an artifact,
    enchantment, or token as you cast this spell"), where its enters trigger adds mana if it was bargained;
    whether it was."""
    options = [(board, False)]
    if not resolution(card).bargained:
        return options
    for cost in spell_target(card).additional_costs:
        if isinstance(cost, OptionalSacrifice) and isinstance(cost.sacrifice, SacrificeCost):
            for pid in sacrifice_candidates(board, "me", cost.sacrifice):
                options.append((_sacrificed(board, pid), True))
    return options


def _entering_units(board: Board, card: Card, pid: str, bargained: bool) -> tuple[Packet, ...]:
    """The fixed mana the enters trigger of ``card``'s permanent ``pid`` adds on ``board`` (it there): an
    amount counted then (CR 608.2h), and the mana "if it was bargained" when it was."""
    effect = resolution(card)
    packets = [
        packet
        for output in effect.entering_counted
        if (value := counted(BoardView(board), pid, output.amount)) > 0
        for packet in output_packets(replace(output, amount=Amount(constant=value)), card.name) or ()
    ]
    return (*packets, *(effect.bargained if bargained else ()))


def _fetches(state: PlanState, view: BoardView) -> list[PlanState]:
    """Each way to crack a fetchland played this turn (ids ``land0``, ``land1``...), if it is there
    untapped: its life paid, it goes, and a land of the library its search names enters (tapped if the
    search says so) and leaves the library (CR 701.23)."""
    found = []
    for fetch in state.board.controlled_by("me"):
        if not fetch.id.startswith("land") or fetch.tapped:
            continue
        search = parse_land_search(fetch.oracle, fetch.name)
        if search is None:
            continue
        library = state.board.player("me").library_cards or ()
        for at, card in enumerate(library):
            line = card.type_line
            if not line.is_a("Land") or (search.basic and "Basic" not in line.supertypes):
                continue
            if search.types and not set(search.types) & set(line.subtypes):
                continue
            for entry in land_entries(view, card, "me"):
                tapped = entry.tapped or search.tapped
                life = state.life - search.life - (0 if search.tapped else entry.life)
                board = state.board.without_permanent(fetch.id).with_permanent(
                    arriving(card, f"fetched-{fetch.id}", "me", tapped=tapped)
                )
                left = (*library[:at], *library[at + 1 :])
                board, made = _landfall(board, board.permanent(f"fetched-{fetch.id}"))
                pool = (*state.pool, *made)
                board = board.replace_player("me", life=life, library_cards=left)
                found.append(replace(state, board=board, pool=pool))
    return found


def _landfall(board: Board, land: Permanent) -> tuple[Board, tuple[ManaUnit, ...]]:
    """The board once the landfall triggers of "me"'s permanents resolved as ``land`` entered (``board`` has
    it), and the mana they added: each trigger's fixed mana, as many times as it triggers (CR 603.2d: once
    more for each "triggers an additional time" that describes the land); a trigger counting its own
    resolutions ("If it's the second time, add ...") adds that mana on that resolution only, its count one
    more each time (CR 608.2c; the board's ``resolved_this_turn``)."""
    times = landfall_times(board, "me", land)
    packets: list[Packet] = []
    for permanent in board.controlled_by("me"):
        card = Card(card=None, name=permanent.name, type_line=permanent.type_line, oracle=permanent.oracle)
        read = resolution(card)
        for _ in range(times):
            packets += read.landfall
            if read.landfall_timed:
                assert permanent.resolved_this_turn is not None, "the brute force needs the count"
                now = permanent.resolved_this_turn + 1
                packets += [p for time, timed in read.landfall_timed if time == now for p in timed]
                permanent = replace(permanent, resolved_this_turn=now)
        board = board.with_permanent(permanent)
    assert all(len(p.types) == 1 for p in packets), "the brute force takes fixed landfall mana"
    return board, packet_units(tuple(packets))


def _as_entering(board: Board, token: Permanent) -> Permanent:
    """A token as it enters ``board`` (not played: CR 614.1c, 614.12): untapped by an effect that lets it,
    applied last (616.1), else tapped by one that makes it enter tapped."""
    if untapped_by_others(board, token, played=False):
        return replace(token, tapped=False)
    return replace(token, tapped=tapped_by_others(board, token, played=False))


def _droppable(card: Card, board: Board) -> bool:
    """True for a land whose play the land drop always takes (contract section 11): any land but a bounce
    land that would return itself (its controller has no other land)."""
    if not card.type_line.is_a("Land"):
        return False
    entering = parse_oracle(card.oracle, card.name).entering
    return entering is None or not entering.returns_land or len(_returnable(board, True)) > 0


def _returnable(board: Board, bounce: bool) -> list[str | None]:
    """The lands a bounce land's trigger may return (any land its controller has, itself included); [None]
    for another land."""
    if not bounce:
        return [None]
    view = BoardView(board)
    return [p.id for p in board.controlled_by("me") if view.type_line(p.id).is_a("Land")]
