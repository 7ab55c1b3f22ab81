"""One test per rule of docs/burgrave.md / the spec (each docstring quotes the line it checks)."""

from __future__ import annotations

from itertools import pairwise

import pytest
from bg_helpers import base_json, card, codes, do, load, phase, put, set_stack, top, turn

from kingdoms.burgrave.actions import (
    BUILD_CODES,
    DESTROY_TOP,
    DISMISS_CODES,
    FLIP_DEBT,
    FLIP_DEED,
    HIRE,
    MOVE_CODES,
    PASS,
    PLACE_CODES,
    PLAY_BLIND,
    SEGMENT_CODES,
    TRADE_CODES,
    TRANSCRIBE,
    Build,
    ChooseCard,
    ChooseResource,
    Dismiss,
    Move,
    PlaceWorkers,
    PlayBlind,
    PlayCard,
    Rearrange,
    Trade,
    bump_code,
)
from kingdoms.burgrave.board import N_SPACES, REACH, move_steps, next_spaces, walk
from kingdoms.burgrave.costs import icon_counts, move_options
from kingdoms.burgrave.effects import hand_limit, step_corruption, step_virtue
from kingdoms.burgrave.game import GAME
from kingdoms.burgrave.rules import apply_code, legal_codes
from kingdoms.burgrave.scoring import score_parts
from kingdoms.burgrave.state import CLOSED, Player, State, Walk
from kingdoms.burgrave.tables import CARD_DESIGN, PRINTED, SCRIPTS
from kingdoms.burgrave.tasks import Auto, Decision, Task
from kingdoms.core.errors import IllegalActionError, SetupError
from kingdoms.core.protocol import Seat
from kingdoms.core.records import new_record
from kingdoms.core.text import render

# --- setup ---------------------------------------------------------------------------------------


def test_setup_counts_and_reverse_pick_order() -> None:
    """Setup 2-3: debts 12/12/15/18 and deeds 12/12/16/21; players+1 pairs; picks in reverse
    turn order; 8 starting townsfolk + hero form the deck; draw 3."""
    for n, debts, deeds in ((2, 12, 12), (3, 15, 16), (4, 18, 21)):
        state = GAME.new_game([Seat(name=f"P{k}") for k in range(n)], 11)
        assert len(state.pairs) == n + 1
        assert state.debt_pile == debts and state.deed_pile == deeds
        assert GAME.current_seat(state) == (state.start_seat - 1) % n
        while state.stack[-1].op != Decision.PLAY_CARD:
            state = apply_code(state, legal_codes(state)[0])
        for p in state.players:
            assert len(p.hand) == 3 and p.owned() >= 9
            assert 0 <= p.space < 10
        spaces = [p.space for p in state.players]
        assert len(set(spaces)) == n, "every burgrave starts on a different space"


def test_seat_count_is_checked_where_records_are_made() -> None:
    """1-4 players (one: against the solo rival): 0 or 5 seats raise SetupError."""
    with pytest.raises(SetupError, match="1 to 4 players"):
        new_record("burgrave", [Seat(name=f"P{k}") for k in range(5)], 1)
    with pytest.raises(SetupError):
        new_record("burgrave", [], 1)
    assert new_record("burgrave", [Seat(name="Ana")], 1).seats[0].name == "Ana"


def test_closed_spots_below_three_players() -> None:
    """Board: with fewer than 3 players, one spot per bank is closed."""
    two = load(base_json(2))
    assert two.spot_owner.count(CLOSED) == 10
    four = load(base_json(4))
    assert four.spot_owner.count(CLOSED) == 0


# --- phase 1: cards ------------------------------------------------------------------------------


def test_shift_drops_off_right_card_with_effect() -> None:
    """Cards: shift right; a card pushed off goes to discard and its drop-off resolves now."""
    d = base_json()
    fish = card("fishwife")
    put(d, 0, "line", [card("novice"), card("apprentice"), fish])
    d["players"][0]["silver"] = 0
    turn(d, 0)
    s = load(d)
    assert fish in s.players[0].discard and s.players[0].silver == 2
    assert s.players[0].line == [card("novice"), card("apprentice")]
    assert s.stack[-1].op == Decision.PLAY_CARD


def test_criminal_gives_corruption_per_criminal_icon_in_line() -> None:
    """Cards: a criminal card: gain 1 corruption per criminal icon now in your line."""
    d = base_json()
    put(d, 0, "line", [card("racketeer"), card("novice")])
    put(d, 0, "hand", [card("urchin")])
    phase(d, 0, Decision.PLAY_CARD)
    s = do(load(d), PlayCard(card=card("urchin")))
    p = s.players[0]
    assert p.corruption == 3  # urchin 1 + racketeer 2
    assert p.debts == 1 + load(d).players[0].debts  # urchin's instant effect


def test_blind_play_from_empty_hand() -> None:
    """Cards: with an empty hand, play the top card of your draw pile unseen (reveals it)."""
    d = base_json()
    put(d, 0, "hand", [])
    phase(d, 0, Decision.PLAY_CARD)
    s = load(d)
    assert codes(s) == [PLAY_BLIND]
    top = s.players[0].deck[-1]
    assert GAME.reveals_information(s, PlayBlind(), GAME.apply(s, PlayBlind()))
    after = do(s, PlayBlind())
    assert after.players[0].line[0] == top


def test_exactly_three_cards_replays_the_dropped_card() -> None:
    """Cards: with exactly 3 cards the dropped card is reshuffled and played back."""
    d = base_json()
    a, b, c = card("novice"), card("apprentice"), card("retainer")
    p = d["players"][0]
    for other in p["hand"] + p["deck"] + p["discard"]:
        p["destroyed"].append(other)
    put(d, 0, "hand", [])
    put(d, 0, "deck", [])
    put(d, 0, "discard", [])
    put(d, 0, "line", [a, b, c])
    turn(d, 0)
    s = do(load(d), PlayBlind())
    assert s.players[0].line == [c, a, b]
    assert s.players[0].virtue == 5  # the reshuffle gave virtue (no criminal in line)


def test_start_slot_icons_until_covered() -> None:
    """Player board: until a slot is first covered it shows a printed starting icon."""
    d = base_json()
    put(d, 0, "line", [card("novice")])
    s = load(d)
    count = icon_counts(s, 0)
    # line: novice (cleric); uncovered slots 1 (noble) and 2 (merchant)
    assert count[:4] == [1, 0, 1, 1]
    put(d, 0, "line", [card("novice"), card("retainer"), card("apprentice")])
    assert icon_counts(load(d), 0)[:4] == [0, 1, 1, 1]


# --- phase 2: move -------------------------------------------------------------------------------


def _at(d: dict, seat: int, space: int, value: int, silver: int) -> None:
    d["players"][seat]["space"] = space
    d["players"][seat]["silver"] = silver
    d["turn_played_value"] = value
    phase(d, seat, Decision.MOVE)


def test_move_exact_distance_and_paid_steps() -> None:
    """Move: exactly the card's value, plus extra spaces at 1 silver each."""
    d = base_json()
    for p in d["players"][1:]:
        p["space"] = 9
    _at(d, 0, 0, 1, 0)
    s = load(d)
    assert codes(s) == [MOVE_CODES.code(1), MOVE_CODES.code(10)]  # west bank -> east bank / inner
    _at(d, 0, 0, 1, 1)
    s = load(d)
    assert move_options(s, 0)[2] == 1 and move_options(s, 0)[11] == 1
    after = do(s, Move(space=2))
    assert after.players[0].silver == 0 and after.players[0].space == 2


def test_trading_post_one_gives_a_free_step_and_laps_are_allowed() -> None:
    """Move: trading post 1 — one extra space free; a full lap is allowed."""
    d = base_json()
    for p in d["players"][1:]:
        p["space"] = 9
    _at(d, 0, 0, 1, 0)
    d["players"][0]["built"] = [0, 1, 0]
    assert move_options(load(d), 0)[2] == 0
    _at(d, 0, 10, 3, 5)  # inner ring: a lap of five inner spaces returns home
    d["players"][0]["built"] = [0, 0, 0]
    opts = move_options(load(d), 0)
    assert opts[10] == 2


def test_landed_on_player_rearranges() -> None:
    """Move: if you end on a space with another burgrave, that player may rearrange."""
    d = base_json()
    put(d, 1, "line", [card("novice", 1), card("retainer", 1), card("apprentice", 1)])
    d["players"][1]["space"] = 1
    _at(d, 0, 0, 1, 0)
    s = do(load(d), Move(space=1))
    assert GAME.current_seat(s) == 1 and s.stack[-1].op == Decision.REARRANGE
    s = do(s, Rearrange(order=(2, 1, 0)))
    assert s.players[1].line == [card("apprentice", 1), card("retainer", 1), card("novice", 1)]
    assert GAME.current_seat(s) == 0


def _walked(before: State, space: int) -> list[int]:
    """Seat 0 moves to ``space``: the path the view then shows for its last move (made in the
    turn ``before`` was in, even if the turn has ended since)."""
    moved = GAME.view(do(before, Move(space=space)), None)["players"][0]["last_move"]
    assert moved is not None and moved["turn"] == before.turns
    return list(moved["path"])


def test_a_move_shows_the_way_it_went_round_the_ring() -> None:
    """Board: "Paths, always clockwise: … east bank → west bank of the next segment" — a move
    from space 10 wraps to space 1 (0-based 9 → 0 → 1), and the view says so, space by space,
    so the page can walk the pawn that way without knowing the paths."""
    d = base_json()
    for p in d["players"][1:]:
        p["space"] = 5
    _at(d, 0, 9, 2, 0)
    s = load(d)
    assert GAME.view(s, None)["players"][0]["last_move"] is None  # no move yet
    assert _walked(s, 1) == [9, 0, 1]
    assert do(s, Move(space=1)).players[0].walked == Walk(9, 2, s.turns)


def test_a_paid_move_and_a_lap_show_every_step() -> None:
    """Move: "exactly the played card's silver value in spaces along the arrows, plus any
    number of extra spaces at 1 silver each … A full lap is allowed": the path has one space
    per step taken (the card's value plus the extra steps paid), and a lap of the inner ring
    ends where it began."""
    d = base_json()
    for p in d["players"][1:]:
        p["space"] = 5
    _at(d, 0, 0, 1, 1)
    assert _walked(load(d), 2) == [0, 1, 2]  # 1 + 1 paid, across the river
    _at(d, 0, 10, 3, 5)
    assert _walked(load(d), 10) == [10, 11, 12, 13, 14, 10]


def test_walks_follow_the_arrows() -> None:
    """Board: paths "always clockwise: west bank → east bank or inner space; inner space → east
    bank of the same segment or inner space of the next segment; east bank → west bank of the
    next segment": every walk takes only those arrows, exactly its steps, end to end; where two
    ways are as long, the bank comes before the inner space."""
    for start in range(N_SPACES):
        for steps in range(13):
            for end in range(N_SPACES):
                if REACH[start][steps] >> end & 1:
                    path = walk(start, end, steps)
                    assert len(path) == steps + 1 and path[0] == start and path[-1] == end
                    assert all(b in next_spaces(a) for a, b in pairwise(path))
                else:
                    with pytest.raises(ValueError):
                        walk(start, end, steps)
    assert walk(0, 4, 4) == (0, 1, 2, 3, 4)  # not (0, 10, 11, 3, 4), as long
    assert walk(0, 2, 3) == (0, 10, 1, 2)  # the only way of three steps
    assert move_steps(0, 2, 1) == 2 and move_steps(10, 10, 3) == 5


# --- phase 3: dismiss and primary actions --------------------------------------------------------


def _action_at(d: dict, space: int, line: list[int], silver: int = 0) -> None:
    p = d["players"][0]
    p["space"] = space
    p["silver"] = silver
    p["resources"] = [0, 0, 0]
    put(d, 0, "line", line)
    phase(d, 0, Decision.PRIMARY_ACTION)


def test_dismiss_once_icon_matched_criminals_wild() -> None:
    """Dismiss: once per turn, pay its value, only if it shows an icon usable here (criminal
    counts); gain its icons and its hire/dismiss effect; it leaves the game."""
    d = base_json()
    seg = 0
    top(d, seg, card("squire"))  # noble: not usable on an outer space
    _action_at(d, 0, [card("novice"), card("apprentice"), card("retainer")], silver=3)
    s = load(d)
    assert DISMISS_CODES.code(seg) not in codes(s)
    d["players"][0]["space"] = 10  # inner space: nobles usable
    s = load(d)
    assert DISMISS_CODES.code(seg) in codes(s)
    s = do(s, Dismiss(segment=seg))
    assert card("squire") in s.dismissed and s.players[0].silver == 2
    assert s.players[0].deeds == load(d).players[0].deeds + 1  # squire's hire/dismiss effect
    assert DISMISS_CODES.code(seg) not in codes(s), "once per turn"
    assert icon_counts(s, 0)[2] == 2  # retainer + dismissed squire
    top(d, seg, card("pickpocket"))  # criminal: usable anywhere
    d["players"][0]["space"] = 0
    assert DISMISS_CODES.code(seg) in codes(load(d))


def test_trading_post_two_makes_dismissal_cost_one() -> None:
    """Player board: trading post 2 — dismissing any townsfolk costs only 1 silver."""
    d = base_json()
    top(d, 0, card("auctioneer"))
    _action_at(d, 0, [card("novice")], silver=1)
    assert DISMISS_CODES.code(0) not in codes(load(d))
    d["players"][0]["built"] = [0, 2, 0]
    assert DISMISS_CODES.code(0) in codes(load(d))


def test_empty_pile_printed_townsfolk_can_be_dismissed_not_hired() -> None:
    """Board: when a pile runs out, the printed card can still be dismissed, never taken."""
    d = base_json()
    d["townsfolk_piles"][0] = []
    design = d["segments"][0]
    _action_at(d, 0, [card("novice")], silver=5)
    s = load(d)
    usable = {0, 1, 4}.intersection(PRINTED[design].icons)
    assert (DISMISS_CODES.code(0) in codes(s)) == bool(usable)
    phase(d, 0, Decision.HIRE)
    assert HIRE not in codes(load(d))


def _exchange_space(d: dict, kind: int) -> int:
    for space in range(10):
        from kingdoms.burgrave.tables import SEG_EXCHANGES

        if SEG_EXCHANGES[d["segments"][space // 2]][space % 2] == kind:
            return space
    raise AssertionError


def test_trade_one_merchant_one_silver_never_silver_funded() -> None:
    """Trade: 1 merchant -> 1 silver, any number of times; silver paid in yields none back."""
    d = base_json()
    space = _exchange_space(d, 1)
    _action_at(d, space, [card("hawker"), card("go-between"), card("novice")], silver=5)
    s = load(d)
    assert [TRADE_CODES.value(c) for c in codes(s) if c in TRADE_CODES] == [
        1, 2, 3,
    ]
    s = do(s, Trade(times=3))
    assert s.players[0].silver == 8


def test_trade_any_resource_with_silver_for_missing_merchants() -> None:
    """Trade: 2 merchants -> 1 any resource; each missing merchant may be paid with 1 silver."""
    d = base_json()
    space = _exchange_space(d, 2)
    _action_at(d, space, [card("hawker"), card("novice"), card("retainer")], silver=3)
    s = do(load(d), Trade(times=2))
    assert s.players[0].silver == 0  # 4 needed, 1 merchant icon, 3 silver
    s = do(do(s, ChooseResource(resource="gold")), ChooseResource(resource="ink"))
    assert s.players[0].resources == [1, 1, 0]


def test_trade_destroy_gives_its_value_and_keeps_three_cards() -> None:
    """Trade: 3 merchants -> destroy 1 card (hand or unseen deck top; gain its value)."""
    d = base_json()
    space = _exchange_space(d, 3)
    _action_at(d, space, [card("hawker"), card("go-between"), card("novice")])
    s = do(load(d), Trade(times=1))
    assert s.stack[-1].op == Decision.DESTROY and DESTROY_TOP in codes(s)
    victim = s.players[0].hand[0]
    s = do(s, ChooseCard(card=victim))
    assert victim in s.players[0].destroyed
    assert s.players[0].silver == CARD_DESIGN[victim].value


def test_trade_flip_and_flipped_debt_gives_a_resource() -> None:
    """Trade: 4 merchants -> flip 1 debt or deed; flipping a debt gives 1 any resource."""
    d = base_json()
    space = _exchange_space(d, 4)
    d["players"][0]["debts"] = 1
    d["players"][0]["deeds"] = 1
    _action_at(d, space, [card("go-between"), card("debt-collector"), card("hawker")], silver=0)
    s = do(load(d), Trade(times=1))
    assert codes(s) == [FLIP_DEBT, FLIP_DEED]
    s = do(s, FLIP_DEBT)
    assert s.stack[-1].op == Decision.CHOOSE_RESOURCE
    s = do(s, ChooseResource(resource="stone"))
    assert s.players[0].debts == 0 and s.players[0].debts_flipped == 1
    assert s.players[0].resources[2] == 1


def test_build_cost_rewards_and_links_to_both_owners() -> None:
    """Build: workshop 3 builders (stone for missing); spot reward and the reward of every link it
    completes, both owners gain it."""
    d = base_json()
    d["players"][0]["resources"] = [0, 0, 0]
    _action_at(d, 0, [card("apprentice"), card("novice"), card("retainer")])
    d["players"][0]["resources"] = [0, 0, 2]
    d["spot_owner"][1] = 1
    d["spot_building"][1] = 0
    d["players"][1]["built"] = [1, 0, 0]
    s = load(d)
    assert BUILD_CODES.code(0) in codes(s) and BUILD_CODES.code(30) not in codes(s)
    build = Build(building="workshop", spot=0)
    text = render(GAME.describe(s, build, GAME.apply(s, build)))
    assert text.startswith("Ana builds a workshop on the") and "(also to Ben)" in text
    before1 = s.players[1]
    s2 = do(s, Build(building="workshop", spot=0))
    while GAME.current_seat(s2) == 0 and s2.stack[-1].op == Decision.CHOOSE_RESOURCE:
        s2 = do(s2, ChooseResource(resource="ink"))
    while GAME.current_seat(s2) == 1 and s2.stack[-1].op == Decision.CHOOSE_RESOURCE:
        s2 = do(s2, ChooseResource(resource="ink"))
    assert s2.players[0].resources[2] == 0 and s2.spot_owner[0] == 0
    got = s2.players[1].silver + s2.players[1].deeds + sum(s2.players[1].resources)
    had = before1.silver + before1.deeds + sum(before1.resources)
    assert got > had, "the other owner of the link gained its reward"


def test_building_benefits() -> None:
    """Player board: trading post 3 and guildhalls give permanent icons; workshop 3 +1 hand."""
    d = base_json()
    put(d, 0, "line", [card("novice"), card("apprentice"), card("retainer")])
    d["players"][0]["built"] = [3, 3, 3]
    s = load(d)
    assert icon_counts(s, 0)[:4] == [1, 2, 2, 2]  # TP3 merchant, GH1-3 builder/noble/cleric
    assert hand_limit(s, 0) == 4


def test_workshop_one_offers_a_discard_on_hire() -> None:
    """Player board: workshop 1 — whenever you hire a townsfolk you may discard a card."""
    d = base_json()
    d["players"][0]["built"] = [1, 0, 0]
    d["players"][0]["silver"] = 5
    phase(d, 0, Decision.HIRE)
    s = do(load(d), HIRE)
    assert s.stack[-1].op == Decision.DISCARD and PASS in codes(s)


def test_place_workers_costs() -> None:
    """Place workers: 1/3/5/8 nobles place 1/2/3/4 workers; gold pays for missing nobles."""
    d = base_json()
    _action_at(d, 10, [card("retainer"), card("novice"), card("apprentice")])
    s = load(d)
    assert [c for c in codes(s) if c in PLACE_CODES] == [PLACE_CODES.code(1)]
    d["players"][0]["resources"] = [0, 4, 0]
    s = load(d)
    assert [PLACE_CODES.value(c) for c in codes(s) if c in PLACE_CODES] == [
        1, 2, 3,
    ]
    s = do(s, PlaceWorkers(count=3))
    assert s.players[0].resources[1] == 0 and s.tier1[0][0] >= 3 - 3  # cascaded or not, gold spent


def test_transcribe_one_per_turn_and_cleric_bonus() -> None:
    """Transcribe: pay the cleric cost (ink for missing), take it; first to 3 of a ribbon colour
    takes that colour's cleric bonus card (3 VP, permanent cleric icon)."""
    d = base_json()
    seg = 0
    top = d["manuscript_piles"][seg][-1]
    ribbon = SCRIPTS[top].ribbon
    same = [m for m in range(35) if SCRIPTS[m].ribbon == ribbon and m != top]
    d["players"][0]["manuscripts"] = same[:2]
    for pile in d["manuscript_piles"]:
        for m in same[:2]:
            if m in pile:
                pile.remove(m)
    _action_at(d, 10, [card("novice"), card("apprentice"), card("hawker")])
    d["players"][0]["resources"] = [7, 0, 0]
    s = do(load(d), TRANSCRIBE)
    while s.stack and GAME.current_seat(s) == 0 and s.stack[-1].op != Decision.HIRE:
        s = do(s, codes(s)[-1])
    assert top in s.players[0].manuscripts
    assert s.cleric_bonus_owner[ribbon] == 0 and s.players[0].cleric_bonus == (ribbon,)
    assert s.players[0].resources[0] == 7 - (SCRIPTS[top].cost - 1)
    assert score_parts(s, 0)["cleric_bonus"] == 3


# --- castle ---------------------------------------------------------------------------------------


def _castle(d: dict, tier1: dict[int, int], seat: int = 0) -> None:
    for sec, k in tier1.items():
        d["tier1"][sec][seat] = k
    d["turn_seat"] = seat
    set_stack(d, Task(Auto.END_TURN, seat), Task(Auto.CASTLE, seat))


def test_tier_one_cascade_moves_up_and_sideways() -> None:
    """Castle: 3 of your workers in a tier-1 section: one to tier 2 (gain the section's reward),
    one to each neighbour's tier 1."""
    d = base_json()
    _castle(d, {2: 3})
    s = load(d)
    assert s.tier2[2][0] == 1 and s.tier1[1][0] == 1 and s.tier1[3][0] == 1
    assert s.tier1[2][0] == 0


def test_several_cascades_player_chooses_order() -> None:
    """Castle: repeat as long as any section qualifies; you choose the order."""
    d = base_json()
    _castle(d, {0: 3, 2: 3})
    s = load(d)
    assert s.stack[-1].op == Decision.CASCADE
    assert codes(s) == [SEGMENT_CODES.code(0), SEGMENT_CODES.code(2)]


def test_tier_two_to_tier_three_and_castle_leader() -> None:
    """Castle: tier 2 with 3 of yours: one to tier 3 and gain any 1 resource; the first player
    with a tier-3 worker takes the castle-leader card; it moves only to strictly more."""
    d = base_json()
    d["tier2"][1][0] = 3
    d["tier3"][4][1] = 1
    d["castle_leader"] = 1
    _castle(d, {})
    s = load(d)
    assert s.tier3[1][0] == 1 and s.stack[-1].op == Decision.CHOOSE_RESOURCE
    assert s.castle_leader == 1, "equal tier-3 counts do not take the card"
    d["tier2"][1][0] = 3
    d["tier2"][3][0] = 3
    s = load(d)
    assert sum(r[0] for r in s.tier3) == 2 and s.castle_leader == 0


def test_crowding_bumps_with_refunds() -> None:
    """Castle: a section with more than 3 workers is cut to 3, the acting player choosing;
    bumped workers return: 2 silver from tier 1, 1 virtue + 1 resource from tier 2."""
    d = base_json()
    d["tier1"][0] = [1, 2, 1, 0]
    d["tier2"][4] = [0, 2, 2, 0]
    d["players"][1]["silver"] = 0
    _castle(d, {})
    s = load(d)
    assert s.stack[-1].op == Decision.BUMP and GAME.current_seat(s) == 0
    s = do(s, bump_code(0, 1, 1))
    assert s.tier1[0] == (1, 1, 1, 0) and s.players[1].silver == 2
    s = do(s, bump_code(4, 2, 2))
    assert s.players[2].virtue == 5 and GAME.current_seat(s) == 2  # their resource choice


# --- hire, collision, draw -----------------------------------------------------------------------


def test_hire_pays_value_to_discard_with_effect() -> None:
    """Hire: pay the adjacent townsfolk's silver value, discard pile, resolve its hire effect."""
    d = base_json()
    seg = d["players"][0]["space"] // 2
    top(d, seg, card("peddler"))
    d["players"][0]["silver"] = 1
    phase(d, 0, Decision.HIRE)
    s = do(load(d), HIRE)
    p = s.players[0]
    assert card("peddler") in p.discard and p.silver == 0
    assert p.deeds == load(d).players[0].deeds + 1


def test_track_moves_together_and_ignores_far_end() -> None:
    """Track: corruption moves right, virtue left; at the far end further steps are ignored;
    once they meet they stay together and move together."""
    p = Player()
    step_corruption(p, 2)
    step_virtue(p, 4)
    assert (p.corruption, p.virtue) == (2, 2)
    step_virtue(p, 5)
    assert (p.corruption, p.virtue) == (0, 0)
    step_corruption(p, 9)
    assert (p.corruption, p.virtue) == (6, 6)


def test_collision_order_and_rewards() -> None:
    """Collision: (1) workshop-2 owners without a criminal gain 1 virtue; (2) collision cards;
    (3) you gain the reward above; (4) opponents the reward below; then markers reset."""
    d = base_json()
    d["players"][0]["virtue"] = d["players"][0]["corruption"] = 5  # above: 3 silver + 2 debts
    d["players"][0]["silver"] = 0
    put(d, 1, "line", [card("card-sharp")])  # criminal with collision: 3 silver
    d["players"][1]["silver"] = 0
    put(d, 2, "line", [card("novice", 2)])
    d["players"][2]["built"] = [2, 0, 0]
    d["players"][2]["virtue"] = 6
    phase(d, 0, Decision.HIRE)
    set_stack(d, Task(Auto.END_TURN, 0), Task(Auto.COLLISION, 0))
    before = load(base_json())
    s = load(d)
    p0 = s.players[0]
    assert p0.silver == 3 and p0.debts == before.players[0].debts + 2
    assert (p0.corruption, p0.virtue) == (0, 6)
    assert s.players[1].silver == 3
    # below space 5: opponents without a criminal gain 1 virtue; workshop 2 gave another
    assert s.players[2].virtue == 4
    assert s.players[1].virtue == 6


def test_draw_to_limit_and_reshuffle_gives_virtue_or_corruption() -> None:
    """Draw: up to the hand limit; drawing from an empty draw pile reshuffles the discards and
    gives 1 corruption with a criminal icon in the line, otherwise 1 virtue."""
    d = base_json()
    p = d["players"][0]
    p["discard"] = p["deck"]
    p["deck"] = []
    put(d, 0, "hand", [])
    put(d, 0, "line", [card("urchin")])
    turn(d, 0, Auto.DRAW)
    set_stack(d, Task(Auto.END_TURN, 0), Task(Auto.DRAW, 0))
    s = load(d)
    assert len(s.players[0].hand) == 3 and s.players[0].corruption == 1


def test_illegal_actions_raise() -> None:
    """Protocol: an action that is not legal raises IllegalActionError saying why."""
    s = load(base_json())
    with pytest.raises(IllegalActionError, match="must decide"):
        do(s, Move(space=3))
