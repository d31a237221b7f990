"""A trigger on tapping that deals damage unless the player pays mana (Seizures' shape: 'Whenever enchanted
creature becomes tapped, ~ deals 3 damage to that creature's controller unless that player pays {3}.'):
read by the grammar, and executed as the damage it deals when the player declines to pay. The trigger is not a
mana ability (CR 605.1b): it resolves after the spell is cast (603.3), so tapping the creature is never
refused; the player may then pay {3} with what is left or take 3 damage (118.12), and the plan weighs the
damage (criterion 5), the answer naming the mana that may be paid instead."""

from __future__ import annotations

from typing import Any

from boards import agrees_with_reference

from models.board import Board
from models.cost import PaymentTarget
from models.oracle import parse_oracle
from planner.api import max_x, pay, text_warnings

FITS = (
    "Enchant creature\n"
    "Whenever enchanted creature becomes tapped, Test Fits deals 3 damage to that creature's controller "
    "unless that player pays {3}."
)


def _board(*permanents: dict[str, Any], life: int = 20) -> Board:
    players = [{"id": "me", "life": life}, {"id": "opp"}]
    return Board.from_dict({"version": 1, "players": players, "permanents": list(permanents)})


def _mine(pid: str, card: str) -> dict[str, Any]:
    return {"id": pid, "card": card, "controller": "me"}


def _fits_on(target: str) -> dict[str, Any]:
    return {
        "id": "fits",
        "name": "Test Fits",
        "type_line": "Enchantment — Aura",
        "oracle": FITS,
        "controller": "opp",
        "attached_to": target,
    }


def test_the_trigger_with_its_unless_clause_is_read() -> None:
    parsed = parse_oracle(FITS, "Test Fits")
    assert parsed.fully_read and len(parsed.effects) == 1
    effect = parsed.effects[0]
    assert (getattr(effect, "damage", None), getattr(effect, "unless_paid", None)) == (3, "{3}")


def test_the_elf_is_tapped_last_and_its_damage_named() -> None:
    board = _board(_mine("f", "Forest"), _mine("elf", "Llanowar Elves"), _fits_on("elf"))
    assert not text_warnings(board)
    # {G}: the Forest alone, no damage (the elf's tapping would cost 3 life or {3}: criterion 5)
    one = pay(board, PaymentTarget.of("{G}"))
    assert (one.tapped, one.damage_taken, one.damage_unless_paid) == (("f",), 0, ())
    # {G}{G}: both; the tap is legal (the trigger waits, CR 603.3) and deals 3 unless {3} is paid
    both = pay(board, PaymentTarget.of("{G}{G}"))
    assert (both.payable, sorted(both.tapped), both.damage_taken) == (True, ["elf", "f"], 3)
    assert both.to_json()["damage_unless_paid"] == [{"permanent": "elf", "damage": 3, "unless_paid": "{3}"}]
    assert "damage_unless_paid" not in one.to_json()
    # max-x of {X}{G}: the elf too, X = 1
    assert max_x(board, PaymentTarget.of("{X}{G}")).x == 1
    for cost in ("{G}", "{G}{G}", "{1}{G}"):
        assert agrees_with_reference(board, PaymentTarget.of(cost), max_states=200_000) is not None


def test_at_one_life_the_tap_is_not_refused() -> None:
    # the damage comes after the payment (CR 603.3): the payment itself is legal at any life total
    board = _board(_mine("elf", "Llanowar Elves"), _fits_on("elf"), life=1)
    result = pay(board, PaymentTarget.of("{G}"))
    assert (result.payable, result.tapped, result.damage_taken) == (True, ("elf",), 3)
    assert agrees_with_reference(board, PaymentTarget.of("{G}"), max_states=200_000) is not None
