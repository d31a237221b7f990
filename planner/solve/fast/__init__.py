"""Exact fast path for common boards: the best payment by a greedy or a small dynamic programme, not CP-SAT.

**The fragment** (:func:`fragment_reason` decides it, and says why a board is outside):

- no permanent on the board, whoever controls it, has an effect on a payment that one activation's outcome
  can't stand for: no 'spend as though' (but one for some spells only, Vizier of the Menagerie's 'to cast
  creature spells', when the target is not one of them: no activation cost is such a spell), no 'becomes
  tapped' damage (cost changes and effects on unspent
  mana, which a single payment never reads, are fine; type changes, granted abilities, replacement effects
  and triggered mana, Mana Reflection, Wild Growth, Blood Moon, Chromatic Lantern, are read from the board's
  outcome of each activation), and nothing that can be sacrificed for mana is the source of such an effect
  or reflected by a source (sacrificing it would change what later activations make);
- every ability the paying player could activate now adds a fixed bag or one of a few fixed bags of mana:
  one mana of a type from a fixed set (a basic land, a dual, Birds of Paradise, Command Tower), fixed
  multi-mana (Sol Ring's {C}{C}, a bounce land's {W}{U}, Gilded Lotus's three of one color), with damage
  dealt as part of it (a painland, Ancient Tomb), or one mana of any type some permanents could produce
  (Fellwar Stone, Exotic Orchard, Reflecting Pool: resolved on the board by CR 106.7);
- its cost is {T}, or {T} and/or sacrificing the permanent itself, plus fixed mana that makes no more than
  it gives back (a Signet's {1}, a filter land's {W/U}, Treasure, Lotus Petal, Eldrazi Scion); no life,
  counters, other permanents, activation condition or untap symbol; a permanent with a sacrifice ability
  without {T} has no other ability it could use now;
- a spending restriction on that mana, or on floating pool mana, lets it pay for the target (a restriction
  that forbids it matters, so the board goes to CP-SAT), and with an ability that costs mana on the board no
  mana is restricted at all; pool mana does not persist between steps;
- the cost has no {S} (and X only with its value given); no cost is to be kept payable or cards in hand kept
  castable.

Everything else goes to the CP-SAT model (:func:`planner.solve.cpsat.solve_payment`), always.

Without effects on the board, what a permanent offers comes from its card alone (:class:`SourceKind`, cached
per card); with them, or for a reflecting source, from the board (:func:`_on_board`), where identical
permanents share one kind so that they stay interchangeable.

**Why this is exact.** Each source is used at most once and puts a known bag of typed mana into the pool.
Colored and {C} slots take only their own type and generic slots take anything, so chosen bags pay a payment
mode (CR 601.2b: each hybrid and Phyrexian symbol paid one way) exactly when every demanded type and the total
are covered (Hall's condition for this bipartite graph). Pool mana pays its own type's slots first, then
generic (swapping it with a source's mana of its type that pays generic changes nothing). Per mode, the
objective (:func:`planner.solve.objective.objective_of`) is then: damage plus life, sacrifices, mana made net
of
what abilities take, colors lost, and a sum of per-permanent weights (the most mana each makes, creature,
flexibility, rank of its id). Two solvers minimise all but 'colors lost' exactly: when every source only
taps and a payment without damage exists (the common case), a greedy over the transversal matroid of the
one-mana sources, with every choice for the few sources that make more (:class:`_Greedy`); else a dynamic
programme over the demand still open (:class:`_Programme`), bounded by the greedy's payment when there is one.
'Colors lost' is handled by branching on the colors a solution loses (:class:`_Search` has the proof); with
an ability that costs mana on the board, a color is kept by a set of groups (a Signet's and that of a land
that pays its {1}: :func:`_with_keepers`).

Abilities that cost mana (specials) enter the programme as totals: what they take is added to the demand.
That is a relaxation, since it does not ask whether some order pays each cost with mana made before it; so
the best relaxed payment is optimal whenever such an order exists, and :func:`_plan` looks for one. When it
finds none, or past limits on the branching, the programme's moves and its states, the fast path declines
and CP-SAT answers. The moves are counted for the whole question (across the search that starts again with
the keepers), and a board of fewer than 100 sources gets a share of their limit in proportion
(:func:`~planner.solve.fast.programme.move_limit`): what the fast path spends before it declines is added to
CP-SAT's answer, whose model is small on such boards. Whether a run of the programme keeps within its limits
is decided before it runs, from counts (:meth:`~planner.solve.fast.programme._Programme._extent`: each part of
a state in a range per feeding value, in time linear in the uses): a run without a bound that does not fit is
declined at once, and a run that fits never passes a limit. A run bounded by a known payment's value reads its
bound too: each use raises a state's value plus the least cost of the mana it still needs by at least its
group's :meth:`~planner.solve.fast.programme._Programme._rise`, so its extent keeps only the boxes within the
bound. Such a run is first tried for a few moves (those that answer mostly take under 30), and its extent is
worked out only when the trial does not end: it is declined then when that does not fit, having taken at most
the trial's moves. A board that a permanent's card puts outside whatever the board does (an ability the fast
path takes on no board, that it could activate now: :func:`~planner.solve.fast.kinds.outside_on_any_board`) is
told so before its reduction when only the verdict is asked for (:func:`solve_fast`). The tests compare
answers with CP-SAT and the reference search on thousands of random boards.

**The modules**, each importing only those above it: :mod:`~planner.solve.fast.kinds` (what a card offers:
per-card analyses, kept across questions by :mod:`models.kept`), :mod:`~planner.solve.fast.sources` (a
board's sources, their groups and layout, and what 'colors lost' reads of them),
:mod:`~planner.solve.fast.reduction` (a question's board reduced to sources, or why it is outside; kept in
the question's :class:`~planner.solve.fast.reduction.FastAnalysis`), :mod:`~planner.solve.fast.search` (the
objective's levels and the branching on colors lost), :mod:`~planner.solve.fast.greedy` and
:mod:`~planner.solve.fast.programme` (the two exact solvers), :mod:`~planner.solve.fast.optimise` (a
solver per mode under the branching), :mod:`~planner.solve.fast.arrangement` (the plan of a choice),
:mod:`~planner.solve.fast.answers` and :mod:`~planner.solve.fast.max_x` (the public calls).
"""

from __future__ import annotations

from planner.solve.fast.answers import fragment_reason, in_fast_fragment, solve_fast
from planner.solve.fast.kinds import SourceKind, commander_identities, source_kind
from planner.solve.fast.max_x import solve_fast_max_x

__all__ = [
    "SourceKind",
    "commander_identities",
    "fragment_reason",
    "in_fast_fragment",
    "solve_fast",
    "solve_fast_max_x",
    "source_kind",
]
