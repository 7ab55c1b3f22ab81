"""Information-set Monte Carlo tree search for Burgrave's ``hard`` player.

Why this shape: a Burgrave turn is a chain of a dozen decisions (the card, the move, the primary
action and the choices inside it, the hire), and what is hidden (other hands, every draw pile's
order, the piles below their tops) changes what a choice leads to. So every iteration starts
from a fresh :func:`~.hidden.resample` of the sample the bot was handed (consistent with what the
seat has seen, never the real state), walks down a tree of the seat's *own* decisions (single
observer ISMCTS: a node is a sequence of its own choices; other seats' choices inside the
iteration are made by the default policy and do not branch the tree), adds one node, plays on
with the default policy (:func:`~.bot_heuristics.quick_code`) to the horizon — the start of
the next turn (or of the one after, :attr:`Search.turns`) — and backs up the chance of winning
there (:func:`~.bot_heuristics.win_chance`; exact when the game ended).

Selection is UCT with availability counts (a child's exploration term uses how often it was
*legal* when its parent was visited, since legal choices vary between samples). The answer is
the root's most visited child. The search is deterministic given its generator and counts
iterations, never seconds; it yields its progress every :attr:`Search.slice` iterations.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Generator

from ..core.rng import Rng
from .bot_heuristics import WEIGHTS, Weights, quick_code, win_chance
from .hidden import resample
from .rules import apply_code, deciding_seat, legal_codes
from .state import State
from .tasks import Decision


class Node:
    """Statistics of one sequence of the searching seat's own choices."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0


class Search:
    """One search's settings (a level of ``hard`` is one of these)."""

    def __init__(self, iterations: int = 300, exploration: float = 0.15, turns: int = 1,
                 slice_: int = 8, weights: Weights = WEIGHTS,
                 policy: Callable[[State, Rng], int] = quick_code) -> None:
        self.iterations = iterations
        """The budget: iterations per decision (fewer when there are few choices)."""
        self.exploration = exploration
        self.turns = turns
        """The horizon: how many turn starts an iteration plays through before valuing."""
        self.slice = slice_
        """Iterations between two yields."""
        self.weights = weights
        self.policy = policy
        """The default policy: other seats' choices, and the playout after a new node."""

    def budget(self, choices: int) -> int:
        """Iterations for a decision with ``choices`` legal codes (a yes/no needs fewer)."""
        return min(self.iterations, 40 * choices)

    def run(self, sample: State, seat: int, rng: Rng) -> Generator[float, None, int]:
        """Search from ``sample`` (resampled for ``seat``, whose decision is pending); yield
        progress; return the chosen code."""
        codes = legal_codes(sample)
        if len(codes) == 1:
            yield 1.0
            return codes[0]
        budget = self.budget(len(codes))
        root = Node()
        for done in range(1, budget + 1):
            self.iterate(root, sample, seat, Rng(rng.next_u64()))
            if done % self.slice == 0 or done == budget:
                yield done / budget
        best = max(codes, key=lambda code: _rank(root.children.get(code)))
        return best

    def iterate(self, root: Node, sample: State, seat: int, rng: Rng) -> None:
        """One iteration: a fresh determinization, selection and expansion over ``seat``'s
        own choices, a playout to the horizon, and the value backed up the path."""
        state = resample(sample, seat, rng)
        node = root
        path = [root]
        starts = 0
        expanded = False
        first = True
        while not state.over:
            if not first and state.stack[-1].op == Decision.PLAY_CARD:
                starts += 1
                if starts >= self.turns:
                    break
            first = False
            if expanded or deciding_seat(state) != seat:
                state = apply_code(state, self.policy(state, rng))
                continue
            codes = legal_codes(state)
            if len(codes) == 1:
                state = apply_code(state, codes[0])
                continue
            children = node.children
            fresh = []
            for code in codes:
                child = children.get(code)
                if child is None:
                    fresh.append(code)
                else:
                    child.available += 1
            if fresh:
                code = fresh[0] if len(fresh) == 1 else rng.choice(fresh)
                child = children[code] = Node()
                child.available = 1
                expanded = True
            else:
                code = self.select(children, codes)
                child = children[code]
            state = apply_code(state, code)
            node = child
            path.append(child)
        worth = win_chance(state, seat, self.weights)
        for visited in path:
            visited.visits += 1
            visited.total += worth

    def select(self, children: dict[int, Node], codes: list[int]) -> int:
        """UCT with availability counts."""
        best_code = codes[0]
        best = -math.inf
        c = self.exploration
        for code in codes:
            child = children[code]
            score = child.total / child.visits + c * math.sqrt(
                math.log(child.available) / child.visits)
            if score > best:
                best, best_code = score, code
        return best_code


def _rank(node: Node | None) -> tuple[int, float]:
    """Most visits first, then the better mean."""
    if node is None or not node.visits:
        return (0, 0.0)
    return (node.visits, node.total / node.visits)
