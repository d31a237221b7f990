"""Where a plan's activations are announced: an activation with a mana cost may be announced before the
mana abilities that pay that cost (CR 601.2g, 605.3a), and its restrictions are judged there (CR 602.2b,
602.5): :attr:`~planner.rules.plan.Step.nested` says how many steps before it it spans. The spans nest,
never cross: a mana ability activated while paying another's cost is done before that payment goes on.
"""

from __future__ import annotations

from collections.abc import Sequence

from models.abilities import ManaAbility
from planner.rules.plan import Step

__all__ = ["announcements", "judged_apart", "nesting_error"]


def nesting_error(steps: Sequence[Step]) -> tuple[int, str] | None:
    """The first step (its index) whose span of nested steps is impossible, with why: more steps than come
    before it, a step of the hand (no mana cost), or a span crossing another's; None when they all nest.

    >>> forest = Step(permanent="f", ability=0, produced=())
    >>> nesting_error([forest, Step(permanent="k", ability=0, produced=(), nested=1)]) is None
    True
    >>> nesting_error([forest, Step(permanent="k", ability=0, produced=(), nested=2)])
    (1, 'it spans 2 steps before it, and 1 come before it')
    >>> inner = Step(permanent="s", ability=0, produced=(), nested=2)
    >>> nesting_error([forest, forest, inner, Step(permanent="k", ability=0, produced=(), nested=2)])
    (3, 'its span (steps 2 to 3) and the span of step 3 (steps 1 to 2) cross')
    """
    for index, step in enumerate(steps):
        span = step.nested
        if not span:
            continue
        if span < 0 or span > index:
            return index, f"it spans {span} steps before it, and {index} come before it"
        if step.zone != "battlefield":
            return index, "an ability of a card in the hand has no mana cost to pay with other activations"
        first = index - span
        for inner in range(first, index):
            if inner - steps[inner].nested < first:
                return index, (
                    f"its span (steps {first + 1} to {index}) and the span of step {inner + 1} "
                    f"(steps {inner - steps[inner].nested + 1} to {inner}) cross"
                )
    return None


def announcements(steps: Sequence[Step]) -> dict[int, tuple[int, ...]]:
    """For each step before which other steps are announced (nested in their payment), those steps'
    indices, the outermost first (checked with :func:`nesting_error` first).

    >>> forest = Step(permanent="f", ability=0, produced=())
    >>> announcements([forest, forest, Step(permanent="k", ability=0, produced=(), nested=2)])
    {0: (2,)}
    """
    announced: dict[int, list[int]] = {}
    for index, step in enumerate(steps):
        if step.nested:
            announced.setdefault(index - step.nested, []).append(index)
    return {first: tuple(sorted(spans, reverse=True)) for first, spans in announced.items()}


def judged_apart(ability: ManaAbility, summoning_sick: bool) -> bool:
    """True when announcing the ability before the mana abilities that pay its mana cost may let it be
    activated where it could not be otherwise: it has a mana cost (without X), and restrictions those
    payments may change: summoning sickness that a haste an effect gives lifts (CR 302.6), an activation
    condition ('Activate only if you control three or more artifacts'). Not once (or N times) each turn
    (how a repeat inside its own payment counts is left alone)."""
    cost = ability.cost
    if not cost.mana or cost.mana.has_variable or ability.limited_each_turn:
        return False
    return ((cost.tap or cost.untap) and summoning_sick) or ability.activation_condition is not None
