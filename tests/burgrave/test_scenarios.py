"""Scenario tests from hand-made positions (JSON) for the tricky parts of the rules."""

from __future__ import annotations

from bg_helpers import base_json, card, codes, do, load, phase, put, set_stack

from kingdoms.burgrave.actions import SEGMENT_CODES, SPOT_CODES
from kingdoms.burgrave.board import LINKS
from kingdoms.burgrave.content import WORKSHOP, EffectKind
from kingdoms.burgrave.game import GAME
from kingdoms.burgrave.rules import apply_code, legal_codes
from kingdoms.burgrave.scoring import majority, score_parts, set_points
from kingdoms.burgrave.state import CLOSED, FREE, State
from kingdoms.burgrave.tables import SEG_LINK_REWARDS
from kingdoms.burgrave.tasks import Auto, Decision, Task


def test_chained_cascade_wraps_round_the_castle() -> None:
    """Castle: cascades repeat while any section qualifies, sideways moves wrap from section 5
    to section 1, and the player chooses the order when several qualify."""
    d = base_json()
    d["tier1"][0][0] = 3
    d["tier1"][1][0] = 2
    d["tier1"][4][0] = 2
    d["players"][0]["supply"] = 13
    set_stack(d, Task(Auto.END_TURN, 0), Task(Auto.CASTLE, 0))
    s = load(d)
    while s.stack[-1].op != Decision.CASCADE:  # section 1's own tier-2 reward may ask a question
        s = do(s, codes(s)[-1])
    assert codes(s) == [SEGMENT_CODES.code(1), SEGMENT_CODES.code(4)]
    s = do(s, SEGMENT_CODES.code(4))  # section 5: sideways to section 4 and (wrapping) section 1
    while GAME.current_seat(s) == 0 and s.stack[-1].op != Decision.HIRE and s.turns == 0:
        s = do(s, codes(s)[0] if s.stack[-1].op == Decision.CASCADE else codes(s)[-1])
    assert [s.tier2[k][0] for k in range(5)] == [1, 1, 0, 0, 1]
    assert [s.tier1[k][0] for k in range(5)] == [2, 0, 1, 1, 0]
    assert sum(s.tier1[k][0] + s.tier2[k][0] for k in range(5)) + s.players[0].supply == 20


def test_bumping_on_another_players_cascade() -> None:
    """Castle: "If another player's cascade is triggered on your turn (a link reward, an
    effect), resolve yours first, then theirs"; any bump is chosen by the acting (turn) player
    (see test_audit.test_crowding_on_another_players_cascade_is_decided_by_the_turn_player)."""
    d = base_json()
    target = None
    for pos in range(5):
        for index, reward in enumerate(SEG_LINK_REWARDS[d["segments"][pos]]):
            if any(e[0] == EffectKind.PLACE_WORKERS for e in reward):
                target = (pos, index)
    assert target is not None
    pos, index = target
    a, b = next((x, y) for p_, i_, x, y in LINKS if (p_, i_) == (pos, index))
    d["spot_owner"][b] = 1
    d["spot_building"][b] = 0
    d["players"][1]["built"] = [1, 0, 0]
    d["tier1"][2] = [2, 2, 0, 0]  # Ben's third worker here cascades; Ana's second crowds it
    set_stack(d, Task(Auto.END_TURN, 0), Task(Decision.BUILD_FREE, 0, arg=WORKSHOP))
    d["turn_seat"] = 0
    s = load(d)
    s = do(s, SPOT_CODES.code(a))
    seen = []
    while s.turns == 0 and s.stack:
        top, seat = s.stack[-1].op, s.stack[-1].seat
        seen.append((top, seat))
        if top == Decision.PLACE_WORKERS:
            s = do(s, SEGMENT_CODES.code(2))
        elif top == Decision.BUMP:
            assert seat == 0, "the player whose turn it is chooses the bump"
            s = do(s, codes(s)[0])
        else:
            s = do(s, codes(s)[-1])
    places = [seat for top, seat in seen if top == Decision.PLACE_WORKERS]
    assert places == [0, 1], "the builder's reward first, then the other owner's"
    assert s.tier2[2][1] == 1, "Ben's cascade happened"
    assert sum(s.tier1[2]) <= 3 and sum(s.tier1[1]) <= 3 and sum(s.tier1[3]) <= 3


def test_collision_caused_by_reshuffle_waits_a_turn() -> None:
    """Draw: a collision caused by a reshuffle in phase 6 waits for phase 5 of your next turn."""
    d = base_json()
    p = d["players"][0]
    p["virtue"], p["corruption"] = 1, 0
    p["discard"] = p["deck"]
    p["deck"] = []
    put(d, 0, "line", [card("novice")])
    set_stack(d, Task(Auto.END_TURN, 0), Task(Auto.DRAW, 0))
    s = load(d)
    assert (s.players[0].virtue, s.players[0].corruption) == (0, 0), "together, unresolved"
    assert GAME.current_seat(s) == 1
    deeds = s.players[0].deeds
    data = GAME.state_to_json(s)
    phase(data, 0, Decision.HIRE)
    set_stack(data, Task(Auto.END_TURN, 0), Task(Auto.COLLISION, 0))
    s2 = load(data)
    assert s2.players[0].deeds == deeds + 3  # above the leftmost space: 1 silver + 3 deeds
    assert (s2.players[0].corruption, s2.players[0].virtue) == (0, 6)


def _play_to_end(s: State) -> State:
    moves = 0
    while not s.over:
        s = apply_code(s, legal_codes(s)[0])
        moves += 1
        assert moves < 20_000
    return s


def test_both_end_cards_revealed_both_score_and_one_more_round() -> None:
    """End: revealing poverty or prosperity: finish the round, then one more full round (the
    player before the start player takes the last turn). Both revealed: both score."""
    d = base_json()
    d["debt_pile"] = 1
    d["deed_pile"] = 1
    d["round"] = 4
    set_stack(d, Task(Auto.END_TURN, 0), Task(Auto.EFFECT, 0, EffectKind.DEBT, 1),
              Task(Auto.EFFECT, 0, EffectKind.DEED, 1))
    s = load(d)
    assert s.poverty and s.prosperity and s.final_round == 5
    s = _play_to_end(s)
    assert s.round == 5 and s.turns == 4 * 2
    result = GAME.result(s)
    assert result.reason == "poverty_and_prosperity"
    for score in result.scores:
        assert "poverty" in score.breakdown and "prosperity" in score.breakdown
        assert score.total == sum(score.breakdown.values())


def test_majority_tie_splits() -> None:
    """Scoring: 12/8/4 for first/second/third, at least one flipped card to qualify; ties share
    the points of the places they cover, rounded down; with fewer than 3 players skip the 8."""
    assert majority([3, 3, 1, 0], 4) == [10, 10, 4, 0]
    assert majority([2, 2, 2, 0], 4) == [8, 8, 8, 0]
    assert majority([1, 1, 1, 1], 4) == [6, 6, 6, 6]
    assert majority([5, 2, 2, 0], 4) == [12, 6, 6, 0]
    assert majority([0, 0, 0], 3) == [0, 0, 0]
    assert majority([2, 1], 2) == [12, 4]
    assert majority([1, 1], 2) == [8, 8]


def test_tie_splits_in_a_finished_position() -> None:
    """Scoring from JSON: both cards revealed; two players tie on flipped deeds."""
    d = base_json()
    d["poverty"] = d["prosperity"] = True
    for seat, (fd, fb) in enumerate([(2, 1), (2, 0), (1, 3), (0, 0)]):
        d["players"][seat]["deeds_flipped"] = fd
        d["players"][seat]["debts_flipped"] = fb
    s = load(d)
    parts = [score_parts(s, k) for k in range(4)]
    assert [p["poverty"] for p in parts] == [10, 10, 4, 0]
    assert [p["prosperity"] for p in parts] == [8, 0, 12, 0]


def test_set_scoring() -> None:
    """Scoring: sets of different ribbon colours score 1/4/9/16; several sets allowed."""
    assert set_points([1, 1, 1, 1]) == 16
    assert set_points([2, 1, 0, 0]) == 4 + 1
    assert set_points([2, 2, 2, 1]) == 16 + 9
    assert set_points([0, 0, 0, 0]) == 0


def test_tie_break_leftovers_then_shared() -> None:
    """Scoring: tie — most leftover silver + resources; else a shared win."""
    d = base_json(2)
    d["over"] = True
    set_stack(d)
    d["turn_seat"] = -1
    for p in d["players"]:
        p.update(silver=0, resources=[0, 0, 0], debts=0, deeds=0, deeds_flipped=0, debts_flipped=0)
    for row in d["tier1"] + d["tier2"] + d["tier3"]:
        row[:] = [0, 0]
    d["spot_owner"] = [o if o == CLOSED else FREE for o in d["spot_owner"]]
    for p in d["players"]:
        p["built"] = [0, 0, 0]
        p["manuscripts"] = []
    d["players"][1]["silver"] = 1
    r = GAME.result(load(d))
    assert r.scores[0].total == r.scores[1].total and r.winners == [1]
    d["players"][0]["resources"] = [1, 0, 0]
    assert GAME.result(load(d)).winners == [0, 1]


def test_view_hides_hidden_information() -> None:
    """Views: other hands, draw piles and pile order stay hidden; your own hand is shown."""
    s = load(base_json())
    view = GAME.view(s, 1)
    assert "hand" in view["players"][1] and "hand" not in view["players"][0]
    assert all("deck" not in p for p in view["players"])
    spectator = GAME.view(s, None)
    assert all("hand" not in p for p in spectator["players"])
    assert "piles" not in spectator and "seed" not in str(spectator.keys())


def test_a_move_that_forfeits_the_primary_action_says_so_before() -> None:
    """Issue 15/16: "a wrong tap can end a turn unasked". Spec, "Primary action": an action that
    nothing can pay for is not taken (the engine skips a decision whose only option is to
    pass). The move's choice says so before it is made, and whether the turn ends with it;
    a move after which the primary action is asked says nothing. Seeded random games."""
    import random

    from kingdoms.burgrave.primary import action_codes
    from kingdoms.core.protocol import Seat
    from kingdoms.core.text import render

    seen = {"asked": 0, "skipped": 0, "turn_ends": 0}
    for seed in range(12):
        state = GAME.new_game([Seat(name="Ana"), Seat(name="Ben")], seed)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            prompt = GAME.prompt(state)
            assert prompt is not None
            if state.stack[-1].op == Decision.MOVE:
                seat = state.stack[-1].seat
                for choice in prompt.choices:
                    after = GAME.apply(state, choice.action)
                    asked = not after.over and after.stack[-1].op == Decision.PRIMARY_ACTION \
                        and after.stack[-1].seat == seat
                    if asked:
                        assert choice.forfeits is None
                        seen["asked"] += 1
                    if choice.forfeits is not None:
                        ended = after.turns != state.turns or after.over
                        assert ended == choice.ends_turn
                        assert render(choice.forfeits).startswith("Nothing you can afford")
                        assert ("turn ends" in render(choice.forfeits)) == ended
                        # gone, or waiting with nothing to offer while a burgrave landed
                        # on rearranges (it is then skipped)
                        assert not any(t.op == Decision.PRIMARY_ACTION and t.seat == seat
                                       for t in after.stack) or action_codes(after, seat) == [0]
                        seen["skipped"] += 1
                        seen["turn_ends"] += ended
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    assert seen["asked"] > 100 and seen["skipped"] > 5 and seen["turn_ends"] > 0, seen
