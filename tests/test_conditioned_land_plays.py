"""Land plays under a condition (issue 35), judged on the board as the turn's lands are played (CR 305.2):
"As long as you control another Elf, you may play an additional land on each of your turns." (Thranduil's
Company's shape: an additional land play only while it holds, CR 305.2a) and "Players can't play lands as long
as ten or more lands are on the battlefield." (Limited Resources': a "can't" wins while it holds, CR 101.2,
counted on every player's lands). Answers are derived by hand from those rules.
"""

from __future__ import annotations

from typing import Any

from boards import ME, OPP, make_board

from models.mana_effects import ExtraLandPlays, LandPlayBan
from models.oracle import parse_oracle
from planner.turn import plan_turn

SURVEYOR_TEXT = "As long as you control another Elf, you may play an additional land on each of your turns."
SCARCE_TEXT = "Players can't play lands as long as ten or more lands are on the battlefield."
SURVEYOR: dict[str, Any] = {
    "id": "e",
    "name": "Test Elf Surveyor",
    "type_line": "Creature — Elf Scout",
    "mana_cost": "{1}{G}",
    "power": 2,
    "toughness": 2,
    "oracle": SURVEYOR_TEXT,
}
#: A mana creature that is no Elf.
DRUID = {"id": "d", "name": "Test Druid", "type_line": "Creature — Human Druid", "oracle": "{T}: Add {G}."}
ELVES = {"id": "l", "card": "Llanowar Elves"}
BEAST = {"name": "Test Beast", "type_line": "Creature — Beast", "mana_cost": "{1}{G}{G}"}
SCARCE: dict[str, Any] = {
    "id": "s",
    "controller": OPP,
    "name": "Test Scarce Lands",
    "type_line": "Enchantment",
    "mana_cost": "{G}",
    "oracle": SCARCE_TEXT,
}
TRELLIS = {
    "id": "t",
    "name": "Test Trellis",
    "type_line": "Enchantment",
    "oracle": "You may play an additional land on each of your turns.",
}


def test_the_conditions_are_read_by_the_grammar() -> None:
    (plays,) = parse_oracle(SURVEYOR_TEXT, "Test Elf Surveyor").effects
    assert isinstance(plays, ExtraLandPlays) and plays.count == 1 and plays.condition is not None
    assert [(f.types, f.other) for f in plays.condition.filters] == [(("Elf",), True)]
    (ban,) = parse_oracle(SCARCE_TEXT, "Test Scarce Lands").effects
    assert isinstance(ban, LandPlayBan) and ban.everyone and ban.condition is not None
    assert ban.condition.at_least == 10 and ban.condition.filters[0].types == ("Land",)


def test_another_elf_gives_a_second_land_play() -> None:
    """Two Forests in hand and {1}{G}{G}: beside the Elves (another Elf), two lands are played (CR 305.2a)
    and the Elves' {G} makes three mana: cast; beside a Druid (no Elf) one land and the Druid make two: not
    cast, and one land is played."""
    with_elf = plan_turn(
        make_board([SURVEYOR, ELVES], hand=["Forest", "Forest", BEAST]), casts=["Test Beast"]
    )
    assert with_elf.castable and [land.card for land in with_elf.lands_played] == ["Forest", "Forest"]
    assert not with_elf.warnings
    no_elf = make_board([SURVEYOR, DRUID], hand=["Forest", "Forest", BEAST])
    assert plan_turn(no_elf, casts=["Test Beast"]).castable is False
    assert [land.card for land in plan_turn(no_elf).lands_played] == ["Forest"]


def test_an_elf_cast_this_turn_is_warned() -> None:
    """The lands are played before the spells: an Elf cast this turn would allow a second land play, which is
    not planned: said, never silent."""
    elfling = {"name": "Test Elfling", "type_line": "Creature — Elf", "mana_cost": "{G}"}
    plan = plan_turn(make_board([SURVEYOR], hand=["Forest", "Forest", elfling]))
    assert [w.sentence for w in plan.warnings] == [SURVEYOR_TEXT]


def _lands(count: int) -> list[dict[str, Any]]:
    """``count`` Forests on the battlefield, every other one an opponent's (the count is every player's)."""
    return [{"id": f"f{n}", "card": "Forest", "controller": ME if n % 2 else OPP} for n in range(count)]


def test_no_land_play_once_ten_lands_are_on_the_battlefield() -> None:
    """Two land plays (the Trellis) and three Forests in hand: with 8 lands on the battlefield both are
    played (the second makes the tenth); with 9 the first makes ten and the second is forbidden (CR 101.2);
    with 10 none is played."""
    for on_battlefield, played in ((8, 2), (9, 1), (10, 0)):
        board = make_board([*_lands(on_battlefield), SCARCE, TRELLIS], hand=["Forest"] * 3)
        assert len(plan_turn(board).lands_played) == played
    alone = make_board([*_lands(10), TRELLIS], hand=["Forest"] * 3)  # (the control: two are played)
    assert len(plan_turn(alone).lands_played) == 2
