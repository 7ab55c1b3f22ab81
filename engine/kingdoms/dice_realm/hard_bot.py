"""Dice Realm's ``hard`` computer player: exact expectimax over rolls, keeps and Fairy flips
for the whole turn, each end of the turn valued by the position it leaves (see :class:`HardBot`
and ``docs/bots.md``).

Near the end it values outcomes by the chance of *winning*: exact wins, shares and losses when
a take ends the game; with two players, the opponent's whole reply planned against it; else an
estimate from the scores, the turns left and the abilities held (:mod:`.win_estimate`).
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from itertools import permutations
from operator import mul
from typing import Any

from kingdoms.core.bots import Thinking
from kingdoms.core.errors import IllegalActionError
from kingdoms.core.protocol import Game
from kingdoms.core.rng import Rng

from .actions import (
    CLAIM_BASE,
    FLIPS,
    GIVE_BASE,
    GIVES,
    PENALTY_CODE,
    ROLLS,
    STOP,
    TAKE_PENALTY,
    VOCABULARY,
    ActionModel,
    Claim,
)
from .content import CARD_VALUES
from .odds import (
    FULL,
    PARTIAL,
    mask_for,
)
from .rules import (
    apply_code,
    fairies,
    legal_codes,
    met_mask,
)
from .state import CHOOSE, GIFT, OVER, ROLL, State
from .turn_tables import (
    FLIP_TO,
    FULL_CHANCE,
    KEEPS,
    MEETS,
    MEETS_LIST,
    MET_FULL,
    N_FULL,
    best_keeps,
    decided,
    dice_of,
    expectation,
    flip_for,
    full_index,
)
from .win_estimate import MODEL, TIE, Model, estimate, terminal_value


class TurnPlan:
    """Everything ``hard`` needs for one turn: the value of each way to end it, and the
    expectimax tables over the dice.

    ``claim[slot]`` is the value of taking that citizen (``None``: empty or not counted),
    ``fallback[m]`` the value of final dice ``m`` that meet none of them (a scoundrel);
    ``stop[f][m]`` the value of finishing with full multiset ``m`` and ``f`` Fairy flips to
    use; ``keep[r][k]`` the value of keeping ``k`` and rolling the rest with ``r`` rolls after
    that one, playing on perfectly. ``maximise=False`` plans the turn of an opponent, who
    plays to make the value (ours) as small as possible.
    """

    __slots__ = ("claim", "codes", "fallback", "keep", "start", "stop")

    def __init__(self, claim: list[float | None], row: Sequence[int],
                 fallback: float | list[float], flips: int, rolls: int,
                 maximise: bool = True, whole_turn: bool = False) -> None:
        self.claim = claim
        self.codes: list[int] = [CLAIM_BASE + slot for slot in range(len(claim))]
        """The action code of the best way to take each slot's citizen."""
        self.fallback = fallback
        self.start = 0.0
        """With ``whole_turn``: the value of the turn before its first roll (which keeps
        nothing), the rolls counting that one."""
        pick = max if maximise else min
        # Which counted takes each multiset meets (a 5-bit code), then the best of them.
        codes = [0] * N_FULL
        for slot, (card, value) in enumerate(zip(row, claim, strict=True)):
            if value is not None:
                bit = 1 << slot
                for f in MEETS_LIST[card]:
                    codes[f] |= bit
        best_of = [0.0] * 32
        for code in range(1, 32):
            values = [v for slot, v in enumerate(claim) if code >> slot & 1 and v is not None]
            if values:
                best_of[code] = pick(values)
        if isinstance(fallback, list):
            base = [best_of[c] if c else fallback[f] for f, c in enumerate(codes)]
        else:
            base = [best_of[c] if c else fallback for c in codes]
        self.stop = [base]
        for _ in range(flips):
            prev = self.stop[-1]
            self.stop.append([pick(prev[f], *map(prev.__getitem__, FLIP_TO[f]))
                              for f in range(N_FULL)])
        final = self.stop[-1]
        self.keep: list[list[float]] = []
        values = final
        for r in range(rolls):
            if r + 1 == rolls and whole_turn:
                # Only the first roll's value is needed (it keeps nothing): a dot product.
                self.start = sum(map(mul, values, FULL_CHANCE))
                break
            w = expectation(values)
            self.keep.append(w)
            if r + 1 < rolls:
                values = best_keeps(w, final, maximise)


def with_dice(state: State, dice: Sequence[int]) -> State:
    """``state`` with these final dice, ready for a claim or a scoundrel (the rules then check
    the take and play it out)."""
    s = state.clone()
    s.phase = CHOOSE
    s.dice = tuple(dice)
    s.rolls_used = max(1, s.rolls_used)
    return s


def scoundrel_dice(row: Sequence[int]) -> tuple[int, ...] | None:
    """Six dice that meet none of the citizens in ``row``, or ``None`` (a scoundrel is
    impossible)."""
    row_mask = sum(1 << c for c in set(row) if c >= 0)
    for f in range(N_FULL):
        if not MET_FULL[f] & row_mask:
            return dice_of(FULL[f])
    return None


class HardBot:
    """``hard``: exact expectimax over the whole turn, with a look at the opponent's reply.

    For each way the turn can end — taking the citizen in slot ``i`` (with its village, the
    Hypnotist's neighbour, the dragon's gift to the seat it most wants to hurt, an Apprentice's
    extra turn, an Elf's four rolls, a Fairy's flips to come) or a scoundrel — the rules play the
    take out on a copy of the (resampled) state and the position left is valued:

    * :func:`terminal_value` if the take ends the game (the last village of a pile, the last
      scoundrel, the last citizen of the draw pile): a win, a share or a loss, exactly;
    * with two players, by the opponent's reply: their whole next turn, planned exactly the same
      way (each of their takes valued by :func:`estimate` or :func:`terminal_value`) but played
      against us — so it sees what a take leaves them, above all a game they can end and win.
      The citizens the refill will draw are unknown: dice that meet only those count as an
      average citizen of the draw pile. When one card is left to draw the opponent's turn is
      the last one and every refill is tried, so that value is exact;
    * else (more players) :func:`estimate`.

    The value of final dice is the best take they allow after the best Fairy flips; then
    ``V(M, r) = max(stop now, max over keeps K of E[V(K + roll, r - 1)])`` over the 462
    multisets and up to 924 keeps, with the Elf's fourth roll when it has one. Plans are
    memoised per position, keyed by what the seat sees (never the seed or the draw order).
    """

    level = "hard"

    def __init__(self, model: Model = MODEL, reply: str = "near") -> None:
        self.model = model
        self.reply = reply
        self._memo: dict[tuple[Any, ...], TurnPlan] = {}

    def think(self, game: Game[Any, Any], sample: State, seat: int, rng: Rng) -> Thinking:
        del game, rng
        if sample.phase == OVER:
            raise IllegalActionError("The game is over.")
        assert sample.current == seat
        if sample.phase == GIFT:
            target = max((t for t in range(len(sample.seats)) if t != seat),
                         key=lambda t: (self.value_after(sample, GIVE_BASE + t, seat, 0), -t))
            return (yield from decided(GIVES[target]))
        if sample.phase == ROLL and sample.rolls_used == 0:
            return (yield from decided(ROLLS[0]))
        plan = yield from self.turn_plan_steps(sample)
        return (yield from decided(self._decide(sample, plan)))

    # ------------------------------------------------------------------ values of takes

    def value_after(self, state: State, code: int, me: int, depth: int) -> float:
        """The value for ``me`` of the state's current seat taking action ``code`` (a claim,
        the scoundrel or a gift). When the take leaves one card to draw, every order of the
        last cards is tried (the next turn is the last, its row matters)."""
        first = apply_code(state, code)
        if first.phase == GIFT:
            values = [self.value_after(first, GIVE_BASE + t, me, depth)
                      for t in range(len(first.seats)) if t != first.current]
            return max(values) if first.current == me else min(values)
        drawn = len(state.draw) - len(first.draw)
        if first.phase == OVER or len(first.draw) != 1 or len(first.seats) != 2 or depth == 0:
            return self._evaluate(first, me, depth, drawn)
        orders = list(permutations(state.draw))
        total = 0.0
        for order in orders:
            s = state.clone()
            s.draw = order
            total += self._last_turn(apply_code(s, code), me)
        return total / len(orders)

    def _evaluate(self, state: State, me: int, depth: int, unknown: int) -> float:
        """The value for ``me`` of a position after a take, whose first ``unknown`` slots
        were just refilled from the (resampled, so unknown) draw pile."""
        if state.phase == OVER:
            return terminal_value(state, me)
        if (depth > 0 and len(state.seats) == 2 and state.current != me
                and (self.reply == "always" or (self.reply == "near" and _end_is_near(state)))):
            return self._reply(state, me, unknown)
        return estimate(state, me, self.model)

    def _last_turn(self, state: State, me: int) -> float:
        """Two players, one card left to draw: the next turn is the last (any take refills the
        row or ends the game). Its mover plays it perfectly for their own share of the victory,
        which is the other's loss; the value for ``me`` is exact."""
        key = ("last", me, *_visible(state))
        plan = self._memo.get(key)
        if plan is None:
            claim, penalty = self._takes(state, me, 0, 0)
            plan = TurnPlan(claim, state.row, penalty, fairies(state.realms[state.current]),
                             state.rolls_allowed, maximise=state.current == me,
                             whole_turn=True)
            self._remember(key, plan)
        return plan.start

    def _reply(self, state: State, me: int, unknown: int) -> float:
        """The value for ``me`` after the opponent's next turn, which they plan exactly to make
        it smallest (two players: what one wins the other loses)."""
        row = tuple(-1 if slot < unknown else card for slot, card in enumerate(state.row))
        pool = tuple(sorted((*state.draw, *state.row[:unknown])))
        key = ("reply", me, state.current, row, state.villages, state.penalties, state.realms,
               pool, state.elf, state.rolls_allowed)
        plan = self._memo.get(key)
        if plan is None:
            claim, penalty = self._takes(state, me, 0, unknown)
            if unknown:
                # Dice meeting none of the known citizens may meet the new ones: count those
                # as taking an average citizen of the pool (its points, from the estimate).
                bonus = sum(abs(CARD_VALUES[c]) for c in pool) / len(pool)
                gap = estimate(state, me, self.model, bonus) - penalty
                fallback = [penalty + share * gap for share in _pool_shares(pool)]
                plan = TurnPlan(claim, state.row, fallback,
                                 fairies(state.realms[state.current]), state.rolls_allowed,
                                 maximise=False, whole_turn=True)
            else:
                plan = TurnPlan(claim, state.row, penalty,
                                 fairies(state.realms[state.current]), state.rolls_allowed,
                                 maximise=False, whole_turn=True)
            self._remember(key, plan)
        return plan.start

    def _takes(self, state: State, me: int, depth: int, unknown: int,
               codes: list[int] | None = None) -> tuple[list[float | None], float]:
        """The value for ``me`` of each take open to the state's current seat: per slot (not
        the first ``unknown`` ones), and a scoundrel (see :meth:`_take_steps`)."""
        steps = self._take_steps(state, me, depth, unknown, codes)
        while True:
            try:
                next(steps)
            except StopIteration as done:
                result: tuple[list[float | None], float] = done.value
                return result

    def _take_steps(self, state: State, me: int, depth: int, unknown: int,
                    codes: list[int] | None = None
                    ) -> Generator[float, None, tuple[list[float | None], float]]:
        """:meth:`_takes` in steps, yielding its progress after each slot (a slot's value may
        need a plan of the opponent's reply). Every claim action the rules offer for a slot is
        tried (whatever ways of taking a citizen they allow) and the mover's best kept; its
        code goes into ``codes``."""
        claim: list[float | None] = []
        better = max if state.current == me else min
        for slot, card in enumerate(state.row):
            if card < 0 or slot < unknown:
                claim.append(None)
                if codes is not None:
                    codes.append(-1)
                continue
            ready = with_dice(state, MEETS[card])
            options = [(self.value_after(ready, code, me, depth), -code)
                       for code in legal_codes(ready) if claim_slot(code) == slot]
            value, code = better(options)
            claim.append(value)
            if codes is not None:
                codes.append(-code)
            yield (slot + 1) / 7
        if unknown:
            # Whether dice miss the new citizens too is unknown, and a scoundrel's outcome does
            # not depend on them: play it out with them replaced by a known one (the last, as
            # the discard takes the rightmost card), so the value depends on known cards only.
            state = state.clone()
            state.row = (*(state.row[-1],) * unknown, *state.row[unknown:])
        dice = scoundrel_dice(state.row)
        penalty = (self.value_after(with_dice(state, dice), PENALTY_CODE, me, depth)
                   if dice is not None else 0.0)
        yield 6 / 7
        return claim, penalty

    # ------------------------------------------------------------------ the turn

    def _remember(self, key: tuple[Any, ...], plan: TurnPlan) -> None:
        if len(self._memo) >= 512:
            del self._memo[next(iter(self._memo))]
        self._memo[key] = plan

    def plan(self, sample: State) -> TurnPlan:
        """The plan of the turn in ``sample`` for its current seat (for tests and tools)."""
        thinking = self.turn_plan_steps(sample)
        while True:
            try:
                next(thinking)
            except StopIteration as done:
                plan: TurnPlan = done.value
                return plan

    def turn_plan_steps(self, sample: State) -> Generator[float, None, TurnPlan]:
        key = ("turn", *_visible(sample))
        plan = self._memo.get(key)
        if plan is None:
            me = sample.current
            codes: list[int] = []
            claim, penalty = yield from self._take_steps(sample, me, 1, 0, codes)
            plan = TurnPlan(claim, sample.row, penalty, fairies(sample.realms[me]),
                            sample.rolls_allowed - 1)
            plan.codes = codes
            self._remember(key, plan)
        return plan

    def _decide(self, s: State, plan: TurnPlan) -> ActionModel:
        full = full_index(s.dice)
        owned = fairies(s.realms[s.current])
        if s.phase == ROLL:
            left = s.rolls_allowed - s.rolls_used
            stop = plan.stop[owned][full]
            w = plan.keep[left - 1]
            kept = max(KEEPS[full], key=w.__getitem__)
            if w[kept] > stop + TIE:
                return ROLLS[mask_for(s.dice, PARTIAL[kept])]
            if plan.stop[0][full] < stop - TIE:
                return STOP  # Fairies will improve the dice: stop first, flip, then take
            return self._take(s, plan)
        flips = owned - s.flips_used
        now = plan.stop[0][full]
        if flips > 0:
            best = max(FLIP_TO[full], key=plan.stop[flips - 1].__getitem__)
            if plan.stop[flips - 1][best] > now + TIE:
                return FLIPS[flip_for(s.dice, best)]
        return self._take(s, plan)

    def _take(self, s: State, plan: TurnPlan) -> ActionModel:
        mask = met_mask(s.dice)
        lit = [slot for slot, card in enumerate(s.row)
               if card >= 0 and mask >> card & 1]
        if not lit:
            if s.phase == ROLL:
                return STOP
            return TAKE_PENALTY
        values = plan.claim
        return VOCABULARY[plan.codes[max(lit, key=lambda slot: (values[slot] or 0.0, -slot))]]


def claim_slot(code: int) -> int:
    """The slot an action code claims, or -1 for any other action."""
    action = VOCABULARY[code]
    return action.slot if isinstance(action, Claim) else -1


def _end_is_near(state: State) -> bool:
    """Whether the next turn might end the game: a village pile or the scoundrel pile holds
    its last card, or the draw pile is nearly empty."""
    return (len(state.penalties) == 1 or len(state.draw) <= 4
            or any(len(pile) == 1 for pile in state.villages))


_POOL_SHARES: dict[tuple[int, ...], list[float]] = {}


def _pool_shares(pool: tuple[int, ...]) -> list[float]:
    """Per full multiset: the share of the citizens in ``pool`` whose requirement it meets
    (memoised: the pool changes once a turn)."""
    found = _POOL_SHARES.get(pool)
    if found is None:
        mask = sum(1 << c for c in pool)
        found = [(m & mask).bit_count() / len(pool) for m in MET_FULL]
        if len(_POOL_SHARES) >= 64:
            _POOL_SHARES.clear()
        _POOL_SHARES[pool] = found
    return found


def _visible(state: State) -> tuple[Any, ...]:
    """What the seat to play sees of a position at the start of (or during) its turn, apart
    from the dice: the key of the memo tables (never the seed or the draw pile's order)."""
    return (state.current, state.row, state.villages, state.penalties, state.realms,
            tuple(sorted(state.draw)), state.elf, state.rolls_allowed)


