"""The CP-SAT model of a payment: which abilities to activate, which outcome each takes, which mana pays
which symbol, and the best such plan under a lexicographic objective.

The model is a spine of named passes over one record (:mod:`planner.solve.cpsat.spine`), in the order of
an OR-Tools sample: the *templates* (one per way to activate an ability: permanent, ability, cost choices,
outcome) analysed (:mod:`~planner.solve.cpsat.analysis`), then a *layer* per payment (the payment asked
for, and one per cost that should stay payable afterwards: :mod:`~planner.solve.cpsat.layer`,
:mod:`~planner.solve.cpsat.order`), then what the layers share (:mod:`~planner.solve.cpsat.resources`,
:mod:`~planner.solve.cpsat.alternatives`), then the objective (:mod:`~planner.solve.cpsat.objective`),
the solve (:mod:`~planner.solve.cpsat.solve`) and the plan (:mod:`~planner.solve.cpsat.extract`), all on
the record of :mod:`~planner.solve.cpsat.record`. Nothing of CP-SAT leaves this package: the result is a
:class:`~planner.rules.replay.Plan`, which the caller replays before returning it.

Identical permanents that :func:`~planner.rules.activations.activation_templates` keeps apart (Signets,
filter lands, Treasures: twins) are merged into groups whose templates count how many of them do each
thing, and such a model is solved first without the order of the activations that cost mana, then ordered
at its optimum (:mod:`~planner.solve.cpsat.solve`); when no order exists because nodes of the optimum pay
one another with nothing from outside, the relaxed model is solved again with its first activations
ordered (:mod:`~planner.solve.cpsat.first_paid`, which also leaves out the nodes that nothing could pay
first), and otherwise the model of every twin answers. The answers are the same either way: only the
model's size changes. Identical permanents that another permanent's cost singles out one by one (Signets
that Krark-Clan Ironworks may sacrifice) stay apart, and are used in the order of their ids
(:mod:`~planner.solve.cpsat.symmetry`), so that the solver does not prove its optimum over every
relabelling of them.

Where the model is narrower than the rules (also in the README):

- an ability whose cost has no {T}, {Q}, sacrifice or counter is activated as often as its cost allows: a
  life cost while the life total pays it, a converter (Orochi Leafcaller:
  :func:`~planner.rules.activations.converts_mana`) as often as the mana that pays it allows, an open
  ability as often as the payments can use (:func:`~planner.rules.activations.open_bound`: a plan at that
  bound is not called optimal), and so is an untap loop (CR 729: :func:`~planner.rules.activations.loops`);
  one that removes counters as often as its counters allow;
- amounts counted on the board ('for each creature you control', devotion) are counted before the plan
  sacrifices anything they count: the model orders such activations first;
- amounts that read the game (a life total, a power, cards in a graveyard: :mod:`planner.solve.dynamic`)
  are counted as they resolve, after what the activations ordered before them changed, each activation of
  a template ordered as one;
- an activation that relies on the effect of a permanent the plan sacrifices (Dryad of the Ilysian Grove's
  land types) comes before the sacrifice, and one that a removal gives back (Boros Garrison's {R}{W} once
  Magus of the Moon is gone: :func:`~planner.rules.activations.revealed_templates`) after it, for the
  sources one activation's cost removes;
- a spell's additional sacrifices (:mod:`~planner.solve.cpsat.sacrifice`) are chosen for the payment alone:
  with a kept cost or cards in hand kept castable, :mod:`planner.additional` chooses them after the mana;
- a doubling of the unspent mana (Doubling Cube) is counted from the activations' order
  (:mod:`~planner.solve.cpsat.unspent`), each activation before or after it, where that is exact and the
  model answers in half the time; elsewhere it is left out, and the answer says so
  (:mod:`~planner.solve.cpsat.doubling`);
- convoke, improvise and the spending rules of the target's payment are read on the board the activations
  leave (:class:`~planner.solve.problem.AfterRemovals`), as the replay reads them.
"""

from planner.solve.cpsat.spine import solve_payment

__all__ = ["solve_payment"]
