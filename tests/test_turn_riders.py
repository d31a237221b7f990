"""Issue 37, contract §11-§12: `plan-turn` weighs a spell's riders on the mana spent (converge, sunburst,
adamant, "if {C} / a Treasure's mana / N mana was spent") where `pay` does, right after life and
sacrifices, and after what the turn casts (castability of the turn's spells comes first). Each board's
answer is worked out by hand in its comment; the random turns are checked against a brute force over every
order of every action, and a one-spell turn against `pay` for that spell."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from models.board import Board, Card
from models.riders import ColorsSpent, SpentMana, colors_unspent, riders_unmet
from models.spells import spell_target
from planner.api import PayResult, pay
from planner.cli import app
from planner.rules.payment import payments
from planner.rules.pool import SpendRules
from planner.rules.replay import PlanState, initial_state, legal_steps, remove_units, spent_mana
from planner.rules.turn import arriving, packet_units, resolution, treasure
from planner.rules.view import BoardView, locked_in
from planner.service.methods import Service
from planner.turn import TurnResult, plan_turn
from planner.turn_choices import colors_made

#: converge with a white symbol, and "if {C} was spent" as a second rider
PRISMATIC = {
    "name": "Prismatic Test",
    "type_line": "Sorcery",
    "mana_cost": "{2}{W}",
    "oracle": "Converge — You gain 1 life for each color of mana spent to cast this spell. If {C} was spent "
    "to cast this spell, draw a card.",
}
#: converge with a colorless cost
RADIANT = {
    "name": "Radiant Test",
    "type_line": "Sorcery",
    "mana_cost": "{3}",
    "oracle": "Converge — Radiant Test deals X damage to each creature, where X is the number of colors of "
    "mana spent to cast this spell.",
}
#: "if {C} was spent" on a creature
DRONE = {
    "name": "Drone Test",
    "type_line": "Creature — Eldrazi Drone",
    "mana_cost": "{1}{G}",
    "oracle": "When Drone Test enters, if {C} was spent to cast it, draw a card.",
}
#: a plain blue spell, and a plain green one
PONDER = {"name": "Ponder Test", "type_line": "Sorcery", "mana_cost": "{U}", "oracle": "Draw a card."}
BEARS = {"name": "Grizzly Bears", "type_line": "Creature — Bear", "mana_cost": "{1}{G}"}


def _board(permanents: list[str], hand: list[Any], **player: Any) -> Board:
    """A board of ``me``'s permanents (ids p0, p1...) and hand."""
    return Board.from_dict(
        {
            "version": 1,
            "players": [{"id": "me", "hand": hand, **player}],
            "permanents": [
                {"id": f"p{i}", "card": name, "controller": "me"} for i, name in enumerate(permanents)
            ],
        }
    )


def _payment(turn: TurnResult, name: str) -> PayResult:
    return next(spell.payment for spell in turn.spells if spell.card == name)


# ------------------------------------------------------------------------------------ boards worked by hand


def test_a_converge_spell_gets_three_colors_where_colorless_first_would_spend_one() -> None:
    # {2}{W} from a Plains, an Island, a Swamp and two Wastes: the old objective spends the Wastes' {C}{C}
    # and the Plains (it keeps {U} and {B} open: 1 color); converge comes first: W, U and B (3 colors)
    board = _board(["Plains", "Island", "Swamp", "Wastes", "Wastes"], [PRISMATIC])
    turn = plan_turn(board)
    assert turn.optimal and turn.notes == ()
    payment = _payment(turn, "Prismatic Test")
    assert payment.colors_spent == "WUB" and sorted(payment.tapped) == ["p0", "p1", "p2"]
    assert [(o.value, o.met) for o in payment.riders] == [(3, True), (None, False)]
    assert turn.to_json()["riders"] == [
        {
            "spell": 1,
            "card": "Prismatic Test",
            "colors_spent": "WUB",
            "riders": [o.to_json() for o in payment.riders],
        }
    ]


def test_the_turns_castability_comes_before_a_converge_spells_colors() -> None:
    # the same lands, with a {U} spell too: the Island must pay it, or it can't be cast (5 mana, 4 spent),
    # so the converge spell gets W and B and one Wastes: 2 colors, and both spells are cast
    board = _board(["Plains", "Island", "Swamp", "Wastes", "Wastes"], [PRISMATIC, PONDER])
    turn = plan_turn(board)
    assert turn.optimal and turn.mana_value_cast == 4
    assert _payment(turn, "Ponder Test").tapped == ("p1",)
    converge = _payment(turn, "Prismatic Test")
    assert converge.colors_spent == "WB" and converge.riders[0].value == 2
    assert converge.riders[1].met  # (a Wastes pays its generic mana: {C} was spent)
    # the same with the spells named (--cast), in the order given and in the best one
    for order in ("given", "best"):
        named = plan_turn(board, casts=["Prismatic Test", "Ponder Test"], order=order)
        assert named.optimal and _payment(named, "Prismatic Test").colors_spent == "WB"


def test_two_converge_spells_share_the_colors_for_the_most_in_all() -> None:
    # {3} and {2}{W} from a Plains, an Island, a Swamp, a Mountain, a Forest and a Wastes: six mana, six
    # spent; the Plains pays {W}, and the five other lands split 2 + 3: the colorless converge spell takes
    # three of U, B, R, G and the Wastes' {C} goes to the other with the fourth color (W and one more: 2), so
    # 3 + 2 = 5 colors in all (6 + 6 - 5 = 5 colors unspent), the most the turn can have (six sources, one
    # of them colorless: five colored units for the two spells)
    board = _board(["Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"], [PRISMATIC, RADIANT])
    turn = plan_turn(board)
    assert turn.optimal and turn.mana_value_cast == 6
    counts = [_payment(turn, name).riders[0].value for name in ("Prismatic Test", "Radiant Test")]
    assert counts[0] is not None and counts[1] is not None and counts[0] + counts[1] == 5


def test_if_colorless_was_spent_taps_sol_ring_though_one_mana_floats() -> None:
    # {1}{G} from three Forests and Sol Ring: the old objective taps two Forests (nothing floats); 'if {C} was
    # spent' comes before the mana left floating, so Sol Ring and a Forest pay, and {C} floats
    board = _board(["Forest", "Forest", "Forest", "Sol Ring"], [DRONE])
    turn = plan_turn(board)
    assert turn.optimal and turn.notes == ()
    payment = _payment(turn, "Drone Test")
    assert "p3" in payment.tapped and len(payment.tapped) == 2
    assert [o.met for o in payment.riders] == [True]
    assert str(turn.floating) == "{C}"


@pytest.mark.parametrize("costly", ["Ancient Tomb", "Eldrazi Scion"])
def test_a_rider_never_costs_a_life_or_a_sacrifice(costly: str) -> None:
    # {1}{G} from two Forests and Ancient Tomb (its {C}{C} deals 2 damage) or an Eldrazi Scion (sacrificed
    # for {C}): life and sacrifices come before the riders, so the Forests pay and 'if {C} was spent' is not
    # met
    board = _board(["Forest", "Forest", costly], [DRONE])
    turn = plan_turn(board)
    assert turn.optimal
    payment = _payment(turn, "Drone Test")
    assert sorted(payment.tapped) == ["p0", "p1"] and payment.sacrificed == ()
    assert payment.life_paid + payment.damage_taken == 0
    assert [o.met for o in payment.riders] == [False]


#: makes a Treasure for a later spell of the turn; a spell that reads a Treasure's mana; a plain green one
MAKER = {
    "name": "Treasure Maker Test",
    "type_line": "Sorcery",
    "mana_cost": "{R}",
    "oracle": "Create a Treasure token.",
}
LOOTER = {
    "name": "Looter Test",
    "type_line": "Sorcery",
    "mana_cost": "{1}",
    "oracle": "If mana from a Treasure was spent to cast this spell, draw a card.",
}
GROWTH = {"name": "Growth Test", "type_line": "Instant", "mana_cost": "{G}", "oracle": "Draw a card."}


def test_a_treasure_made_this_turn_pays_the_spell_that_reads_it() -> None:
    # a Mountain and a Forest; the Mountain casts the Treasure maker, then the Forest and the new Treasure
    # pay {G} and {1}: the Treasure is sacrificed either way (both spells are cast), and its mana goes to
    # the spell that reads it ('if mana from a Treasure was spent': met), the Forest's {G} to the other
    board = _board(["Mountain", "Forest"], [MAKER, LOOTER, GROWTH])
    turn = plan_turn(board)
    assert turn.optimal and turn.mana_value_cast == 3
    looter = _payment(turn, "Looter Test")
    assert [o.met for o in looter.riders] == [True] and len(looter.sacrificed) == 1
    assert _payment(turn, "Growth Test").tapped == ("p1",)
    assert _planned_key(board, turn) == _brute_force(board)


# ------------------------------------------------------------------------------------ a one-spell turn: `pay`


@pytest.mark.parametrize(
    ("permanents", "spell"),
    [
        (["Plains", "Island", "Swamp", "Wastes", "Wastes"], PRISMATIC),
        (["Plains", "Plains", "Plains", "Wastes"], PRISMATIC),
        (["Forest", "Forest", "Forest", "Sol Ring"], DRONE),
        (["Island", "Mountain", "Forest", "Wastes", "Arcane Signet"], RADIANT),
        (["Forest", "Treasure", "Orzhov Signet", "Swamp"], PRISMATIC),
    ],
)
def test_a_one_spell_turn_pays_as_pay_does(permanents: list[str], spell: dict[str, str]) -> None:
    board = _board(permanents, [spell])
    turn = plan_turn(board)
    assert turn.optimal and len(turn.spells) == 1
    ours = turn.spells[0].payment
    card = Card.from_json(spell)
    alone = pay(board.replace_player("me", hand=()), spell_target(card))
    assert alone.payable and alone.colors_spent is not None
    assert (ours.colors_spent, ours.riders) == (alone.colors_spent, alone.riders)
    assert (ours.life_paid, ours.damage_taken, len(ours.sacrificed)) == (
        alone.life_paid,
        alone.damage_taken,
        len(alone.sacrificed),
    )


# ------------------------------------------------------------------------------------ against a brute force

#: the lands and rocks a random case may have on the battlefield
PERMANENTS = ["Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes", "Sol Ring", "Treasure"]
#: the spells its hand may hold
SPELLS: list[Any] = [
    PRISMATIC,
    RADIANT,
    DRONE,
    LOOTER,
    PONDER,
    BEARS,
    MAKER,
    "Lightning Bolt",
    "Mind Stone",
    "Izzet Signet",
]

#: the brute force's key, best first when compared as the largest: mana value cast, fewest cards, most colors
#: the permanents make at the end, least life, least sacrificed by design, fewest colors unspent, fewest
#: riders unmet (the turn's objective to the riders' levels: planner.turn._key)
Key = tuple[int, int, int, int, int, int, int]


def _brute_force(board: Board) -> Key:
    """The best key a turn can reach, trying every action in every order (each mana ability, each spell
    of the hand paid by each way the pool pays it exactly); no land is in the hand. Independent of the
    planner's epochs and CP-SAT model: it only uses the rules (legal_steps, payments) and what a card does
    when it resolves."""
    hand = tuple(board.player("me").hand)
    start = initial_state(board.replace_player("me", hand=()), "me")
    best: Key | None = None
    seen: set[object] = set()
    # (state, cards left, mana value cast, sacrificed by design, colors unspent, riders unmet)
    stack: list[tuple[PlanState, tuple[Card, ...], int, int, int, int]] = [(start, hand, 0, 0, 0, 0)]
    view = BoardView(board)
    treasures = {p.id for p in board.permanents if view.type_line(p.id).is_a("Treasure")}  # (and those made)
    while stack:
        state, cards, value, designed, unspent, unmet = stack.pop()
        key = (state.board, tuple(sorted(state.pool, key=repr)), cards, designed, unspent, unmet)
        if key in seen:
            continue
        seen.add(key)
        assert len(seen) < 300_000, "the brute force grew too large for a test"
        found: Key = (
            value,
            -(len(hand) - len(cards)),
            colors_made(state.board, "me"),
            state.life - board.player("me").life,
            -designed,
            -unspent,
            -unmet,
        )
        if best is None or found > best:
            best = found
        for _, after in legal_steps(state):
            gone = {p.id for p in state.board.permanents} - {p.id for p in after.board.permanents}
            stack.append((after, cards, value, designed + len(gone), unspent, unmet))
        view = BoardView(state.board)
        rules = SpendRules.for_player(view, "me")
        for index, card in enumerate(cards):
            rest = cards[:index] + cards[index + 1 :]
            target = locked_in(view, spell_target(card), "me")
            for spent, life in payments(state.pool, target.cost, target, rules, state.life):
                pool = remove_units(state.pool, spent)
                assert pool is not None
                # (a Treasure's mana: its source a Treasure, sacrificed by now: CR 106.6 keeps the source)
                mana = SpentMana(
                    spent_mana(state.board, target, spent).types,
                    sum(1 for unit in spent if unit.tag.source in treasures),
                )
                board_after = state.board.replace_player(
                    "me",
                    life=state.life - life,
                    spells_cast_this_turn=state.board.player("me").spells_cast_this_turn + 1,
                )
                effect = resolution(card)
                if effect.permanent:
                    board_after = board_after.with_permanent(
                        arriving(card, f"new{len(board_after.permanents)}", "me")
                    )
                for _ in range(effect.treasures):
                    treasures.add(f"t{len(board_after.permanents)}")
                    board_after = board_after.with_permanent(
                        treasure(f"t{len(board_after.permanents)}", "me")
                    )
                assert all(len(p.types) == 1 for p in effect.mana), "the brute force takes fixed rituals"
                after = replace(state, board=board_after, pool=(*pool, *packet_units(effect.mana)))
                stack.append(
                    (
                        after,
                        rest,
                        value + target.cost.mana_value,
                        designed,
                        unspent + colors_unspent(target.riders, mana),
                        unmet + riders_unmet(target.riders, mana),
                    )
                )
    assert best is not None
    return best


def _planned_key(board: Board, turn: TurnResult) -> Key:
    """The same key for the planner's turn, from its replayed payments: the board at its end is the start
    less what was sacrificed, with the permanents cast."""
    final = board
    made: list[str] = []  # (the Treasures the turn's spells made, by ids of ours)
    for number, spell in enumerate(turn.spells):
        card = next(c for c in board.player("me").hand if c.name == spell.card)
        effect = resolution(card)
        if effect.permanent:
            final = final.with_permanent(arriving(card, f"cast{number}", "me"))
        for _ in range(effect.treasures):
            made.append(f"made{len(made)}")
            final = final.with_permanent(treasure(made[-1], "me"))
    for spell in turn.spells:
        for pid in spell.payment.sacrificed:  # (a Treasure made this turn has the planner's id)
            final = final.without_permanent(pid if board.has_permanent(pid) else made.pop())
    payments_ = [spell.payment for spell in turn.spells]
    unspent = sum(5 - (o.value or 0) for p in payments_ for o in p.riders if isinstance(o.rider, ColorsSpent))
    unmet = sum(1 for p in payments_ for o in p.riders if not isinstance(o.rider, ColorsSpent) and not o.met)
    return (
        turn.mana_value_cast,
        -len(turn.spells),
        colors_made(final, "me"),
        -sum(p.life_paid + p.damage_taken for p in payments_),
        -sum(len(p.sacrificed) for p in payments_),
        -unspent,
        -unmet,
    )


def _random_case(rng: random.Random) -> Board:
    permanents = [rng.choice(PERMANENTS) for _ in range(rng.randint(2, 5))]
    hand = [rng.choice(SPELLS[:4])] + [rng.choice(SPELLS) for _ in range(rng.randint(0, 2))]
    if LOOTER in hand and rng.random() < 0.7:  # (a Treasure for it to read: on the board, or made this turn)
        hand, permanents = (
            ([*hand, MAKER], permanents) if rng.random() < 0.5 else (hand, [*permanents, "Treasure"])
        )
    return _board(permanents, hand)


@pytest.mark.parametrize("seed", range(40))
def test_the_turns_riders_match_the_brute_force(seed: int) -> None:
    board = _random_case(random.Random(seed))
    turn = plan_turn(board, time_limit=120)  # (a limit a loaded machine can't reach: optimality is the point)
    assert turn.optimal and turn.notes == ()
    assert _planned_key(board, turn) == _brute_force(board), json.dumps(turn.to_json())[:2000]


def test_the_service_answers_the_riders_as_the_command_prints_them(tmp_path: Path) -> None:
    # the castability board above, through the service's plan_turn (in process) and the command's --json
    board = {
        "version": 1,
        "players": [{"id": "me", "hand": [PRISMATIC, PONDER]}],
        "permanents": [
            {"id": f"p{i}", "card": name, "controller": "me"}
            for i, name in enumerate(["Plains", "Island", "Swamp", "Wastes", "Wastes"])
        ],
    }
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board), encoding="utf-8")
    printed = CliRunner().invoke(app, ["plan-turn", str(path), "--json"])
    assert printed.exit_code == 0
    answer = Service(store=tmp_path / "no-store.sqlite").call("plan_turn", {"board": board})
    assert answer == json.loads(printed.stdout)
    assert [(r["card"], r["colors_spent"]) for r in answer["riders"]] == [("Prismatic Test", "WB")]
