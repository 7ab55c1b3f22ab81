"""Audit tests: one per spec rule that the first test set left unchecked or the engine got wrong.

Each docstring names the spec section and quotes the line it checks (`/work/shared/spec/
burgrave.md`; the German seed wins where they disagree). docs/burgrave.md "Rule coverage" maps
every rule to its function and test.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from bg_helpers import (
    base_json,
    card,
    codes,
    do,
    load,
    phase,
    put,
    remove_card,
    set_stack,
    top,
    turn,
)

from kingdoms.burgrave.actions import (
    BUILD_CODES,
    DESTROY_TOP,
    DISMISS_CODES,
    HIRE,
    PAIR_CODES,
    PASS,
    PLACE_CODES,
    PLAY_BLIND,
    REARRANGE_CODES,
    SEGMENT_CODES,
    SPOT_CODES,
    TRADE_CODES,
    TRANSCRIBE,
    Move,
    PlayBlind,
    build_parts,
    bump_code,
)
from kingdoms.burgrave.board import LINKS, next_spaces
from kingdoms.burgrave.content import CLERIC, CONTENT, PLAYER_CARDS, WORKSHOP, Effect, EffectKind
from kingdoms.burgrave.costs import icon_counts
from kingdoms.burgrave.effects import corruption_first, gain_debts, hand_limit, push_effects
from kingdoms.burgrave.game import GAME
from kingdoms.burgrave.rules import advance, apply_code, legal_codes
from kingdoms.burgrave.scoring import score_parts
from kingdoms.burgrave.state import CLOSED, UNSET, State
from kingdoms.burgrave.tables import (
    CARD_VALUE,
    CASTLE_REWARDS,
    PRINTED_SCRIPT_COST,
    PRINTED_SCRIPT_EFFECTS,
    SCRIPTS,
    SEG_EXCHANGES,
    SEG_LINK_REWARDS,
    SEG_SPOT_REWARDS,
)
from kingdoms.burgrave.tasks import Auto, Decision, Task
from kingdoms.burgrave.turn import collision
from kingdoms.core.protocol import Seat


def _exchange_space(d: dict[str, Any], kind: int) -> int:
    for space in range(10):
        if SEG_EXCHANGES[d["segments"][space // 2]][space % 2] == kind:
            return space
    raise AssertionError(kind)


def _at_action(d: dict[str, Any], space: int, line: list[int], silver: int = 0,
               res: tuple[int, int, int] = (0, 0, 0)) -> None:
    p = d["players"][0]
    p["space"] = space
    p["silver"] = silver
    p["resources"] = list(res)
    put(d, 0, "line", line)
    phase(d, 0, Decision.PRIMARY_ACTION)


def _kinds(state: State) -> set[str]:
    out = set()
    for c in codes(state):
        if c == PASS:
            out.add("pass")
        elif c in TRADE_CODES:
            out.add("trade")
        elif c in BUILD_CODES:
            out.add("build")
        elif c in PLACE_CODES:
            out.add("place")
        elif c == TRANSCRIBE:
            out.add("transcribe")
        elif c in DISMISS_CODES:
            out.add("dismiss")
    return out


# --- phase 3: dismissal --------------------------------------------------------------------------


def test_dismissal_is_part_of_an_action_its_icons_fund() -> None:
    """Phase 3: "you may dismiss the adjacent townsfolk once per turn if it shows an icon usable
    for this action (criminal counts) … gain its icons for this action". After a merchant is
    dismissed only a trade follows (no build, no pass); a builder that cannot complete any build
    is not dismissable; a criminal allows either action of the path."""
    d = base_json()
    space = _exchange_space(d, 1)
    seg = space // 2
    line = [card("novice"), card("apprentice"), card("retainer")]  # cleric, builder, noble
    top(d, seg, card("peddler"))  # merchant, value 1, hire/dismiss: +1 deed
    _at_action(d, space, line, silver=3)
    s = load(d)
    assert "dismiss" in _kinds(s)
    after = do(s, DISMISS_CODES.code(seg))
    assert _kinds(after) == {"trade"}, "a dismissed merchant commits you to a trade"
    assert codes(after) == [TRADE_CODES.code(1)]
    assert after.players[0].deeds == s.players[0].deeds + 1
    # a builder whose icon cannot complete any build (1 + 1 builders, no stone): not offered
    top(d, seg, card("hod-carrier"))
    s = load(d)
    assert "dismiss" not in _kinds(s)
    d["players"][0]["resources"] = [0, 0, 1]  # 2 builders + 1 stone = a workshop
    s = load(d)
    after = do(s, DISMISS_CODES.code(seg))
    assert _kinds(after) == {"build"}
    assert all(build_parts(c)[0] == WORKSHOP for c in codes(after))  # workshops only
    # a criminal is usable for either action of the outer path
    d["players"][0]["resources"] = [0, 0, 2]
    top(d, seg, card("pickpocket"))
    after = do(load(d), DISMISS_CODES.code(seg))
    assert _kinds(after) == {"trade", "build"}


def test_dismissal_counts_its_hire_gains_and_icons_only_this_turn() -> None:
    """Phase 3: the dismissed card's hire/dismiss effect resolves "now" (before the action, so
    its silver or resources can fund it) and its icons count "for this action" only."""
    d = base_json()
    line = [card("novice"), card("apprentice"), card("hawker")]
    top(d, 0, card("squire"))  # noble, value 1, hire/dismiss: +1 deed
    _at_action(d, 10, line, silver=1)
    s = do(load(d), DISMISS_CODES.code(0))
    assert icon_counts(s, 0)[2] == 1 and _kinds(s) == {"place"}
    s = do(s, PLACE_CODES.code(1))
    while s.turn_seat == 0 and s.turns == 0:
        s = do(s, codes(s)[0])
    assert s.turn_dismissed_card == UNSET and icon_counts(s, 0)[2] == 0, "gone after the turn"


def test_dismissal_with_trading_post_two_costs_one_silver_for_any_value() -> None:
    """Player board: "trading post 2 — dismissing any townsfolk costs only 1 silver" (a value-3
    card with exactly 1 silver)."""
    d = base_json()
    space = _exchange_space(d, 1)
    top(d, space // 2, card("auctioneer"))  # merchant, value 3
    _at_action(d, space, [card("novice")], silver=1)
    assert "dismiss" not in _kinds(load(d))
    d["players"][0]["built"] = [0, 2, 0]
    s = do(load(d), DISMISS_CODES.code(space // 2))
    assert s.players[0].silver == 0 + 3, "paid 1, then the auctioneer's +3 silver"


# --- phase 3: trade, build, transcribe -----------------------------------------------------------


def test_every_exchange_kind_is_repeatable_without_a_small_cap() -> None:
    """Trade: "use your space's exchange any number of times" — 2 merchants → 1 any resource is
    not capped (only by the vocabulary's 20 uses); silver pays for missing merchants."""
    d = base_json()
    space = _exchange_space(d, 2)
    _at_action(d, space, [card("novice"), card("apprentice"), card("retainer")], silver=40)
    s = load(d)
    assert max(c for c in codes(s) if c in TRADE_CODES) == TRADE_CODES.code(20)
    d["players"][0]["silver"] = 15
    s = do(load(d), TRADE_CODES.code(7))  # 14 silver for 14 missing merchants
    assert s.players[0].silver == 1
    assert sum(t.op == Decision.CHOOSE_RESOURCE for t in s.stack) == 7


def test_one_merchant_exchange_uses_criminals_as_merchants() -> None:
    """Icons: "Criminal icons are wild when funding a primary action"; trade 1 merchant → 1
    silver counts criminals, and silver paid in is never offered (it would come straight back)."""
    d = base_json()
    space = _exchange_space(d, 1)
    _at_action(d, space, [card("urchin"), card("novice"), card("hawker")], silver=9)
    s = load(d)
    assert [TRADE_CODES.value(c) for c in codes(s) if c in TRADE_CODES] == [1, 2]
    s = do(s, TRADE_CODES.code(2))
    assert s.players[0].silver == 11


def test_destroy_from_the_unseen_top_of_the_draw_pile() -> None:
    """Trade: "3 merchants → destroy 1 card (from hand or unseen from the top of your draw pile;
    gain silver equal to its value)"."""
    d = base_json()
    space = _exchange_space(d, 3)
    _at_action(d, space, [card("hawker"), card("go-between"), card("novice")])
    s = do(load(d), TRADE_CODES.code(1))
    victim = s.players[0].deck[-1]
    s = do(s, DESTROY_TOP)
    assert victim in s.players[0].destroyed and victim not in s.players[0].deck
    assert s.players[0].silver == CARD_VALUE[victim]


def test_link_reward_once_when_you_own_both_ends() -> None:
    """Build: "gain the spot's reward and the reward of every link it completes (both owners
    gain; once if you own both ends)"."""
    d = base_json()
    pos = 0
    design = d["segments"][pos]
    a, b = 1, 2  # west bank spots 1 and 2 of position 0: link index 1
    d["spot_owner"][b] = 0
    d["spot_building"][b] = 0
    d["players"][0]["built"] = [1, 0, 0]
    d["turn_seat"] = 0
    set_stack(d, Task(Auto.END_TURN, 0), Task(Decision.BUILD_FREE, 0, arg=WORKSHOP))
    s = load(d)
    deeds0 = s.players[0].deeds
    s = do(s, SPOT_CODES.code(a))
    while s.turns == 0 and GAME.current_seat(s) == 0:
        s = do(s, codes(s)[0])
    rewards = list(SEG_SPOT_REWARDS[design][a]) + list(SEG_LINK_REWARDS[design][1])
    expected = sum(n for kind, n, _ in rewards if kind == EffectKind.DEED)
    assert s.players[0].deeds - deeds0 == expected


def test_transcribing_the_printed_manuscript_of_an_empty_pile() -> None:
    """Board: "When a pile runs out, a printed card/manuscript on the board remains: it can still
    be … transcribed for its immediate effect, but never taken"."""
    d = base_json()
    d["manuscript_piles"][0] = []
    _at_action(d, 10, [card("novice"), card("apprentice"), card("retainer")], res=(9, 0, 0))
    s = load(d)
    cost = PRINTED_SCRIPT_COST[d["segments"][0]]
    scripts = s.players[0].manuscripts
    s = do(s, TRANSCRIBE)
    effects = PRINTED_SCRIPT_EFFECTS[d["segments"][0]]
    ink = sum(e.amount for e in effects if e.kind == EffectKind.INK)
    assert s.players[0].resources[0] == 9 - (cost - 1) + ink
    assert s.players[0].manuscripts == scripts


def test_cleric_bonus_card_is_a_permanent_cleric_icon() -> None:
    """Transcribe: the cleric bonus card gives "3 VP, and a permanent cleric icon"."""
    d = base_json()
    put(d, 0, "line", [card("retainer"), card("apprentice"), card("hawker")])
    before = icon_counts(load(d), 0)[CLERIC]
    d["players"][0]["cleric_bonus"] = [2]
    d["cleric_bonus_owner"][2] = 0
    s = load(d)
    assert icon_counts(s, 0)[CLERIC] == before + 1
    assert score_parts(s, 0)["cleric_bonus"] == 3


# --- phase 1: cards ------------------------------------------------------------------------------


def test_exactly_three_cards_with_a_criminal_left_in_line() -> None:
    """Cards: "with exactly 3 the dropped card is reshuffled and played back" — its drop-off
    resolves first; the reshuffle gives 1 corruption because the line holds a criminal icon."""
    d = base_json()
    fish = card("fishwife")  # drop-off: +2 silver
    p = d["players"][0]
    p["destroyed"] += p["hand"] + p["deck"] + p["discard"]
    put(d, 0, "hand", [])
    put(d, 0, "deck", [])
    put(d, 0, "discard", [])
    put(d, 0, "line", [card("urchin"), card("novice"), fish])
    p["silver"], p["virtue"], p["corruption"] = 0, 6, 0
    turn(d, 0)
    s = load(d)
    assert s.players[0].silver == 2 and codes(s) == [PLAY_BLIND]
    s = do(s, PlayBlind())
    assert s.players[0].line == [fish, card("urchin"), card("novice")]
    assert (s.players[0].corruption, s.players[0].virtue) == (1, 6)


def test_rearrange_never_uncovers_a_start_slot() -> None:
    """Player board: "Until a slot is first covered, it shows a printed starting icon"; a
    rearranged 2-card line still covers slots 1-2 only."""
    d = base_json()
    put(d, 0, "line", [card("novice"), card("apprentice")])
    d["turn_seat"] = 0
    set_stack(d, Task(Auto.END_TURN, 0), Task(Decision.REARRANGE, 0))
    s = load(d)
    before = icon_counts(s, 0)
    s = do(s, REARRANGE_CODES.code(1))
    assert s.players[0].line == [card("apprentice"), card("novice")]
    assert icon_counts(s, 0) == before


# --- phase 2: move -------------------------------------------------------------------------------


def test_landing_on_several_burgraves_each_may_rearrange_in_turn_order() -> None:
    """Move: "If you end on a space with another burgrave, that player may rearrange their
    line" — every such player with 2+ cards, in turn order after you; the mover never does."""
    d = base_json()
    put(d, 0, "line", [card("novice"), card("apprentice"), card("retainer")])
    put(d, 1, "line", [card("novice", 1), card("retainer", 1)])
    put(d, 2, "line", [card("novice", 2), card("retainer", 2)])
    put(d, 3, "line", [card("novice", 3)])
    for seat in (1, 2, 3):
        d["players"][seat]["space"] = 1
    d["players"][0]["space"] = 0
    d["players"][0]["silver"] = 0
    d["turn_played_value"] = 1
    phase(d, 0, Decision.MOVE)
    s = do(load(d), Move(space=1))
    assert (s.stack[-1].op, GAME.current_seat(s)) == (Decision.REARRANGE, 1)
    s = do(s, REARRANGE_CODES.code(1))
    assert (s.stack[-1].op, GAME.current_seat(s)) == (Decision.REARRANGE, 2)
    s = do(s, REARRANGE_CODES.code(0))
    assert not any(t.op == Decision.REARRANGE for t in s.stack), "seat 3 has one card: no choice"
    assert s.players[0].space == 1


# --- castle --------------------------------------------------------------------------------------


def _link_with_workers(d: dict[str, Any]) -> tuple[int, int]:
    for pos, index, a, b in LINKS:
        reward = SEG_LINK_REWARDS[d["segments"][pos]][index]
        if any(e.kind == EffectKind.PLACE_WORKERS for e in reward):
            return a, b
    raise AssertionError


def test_crowding_on_another_players_cascade_is_decided_by_the_turn_player() -> None:
    """Castle: "the acting player chooses whom to bump"; seed: "Am Ende des Zuges … musst du
    die Anzahl auf drei reduzieren" — the player whose turn it is, also when the crowding comes
    from another player's placement (a link reward), which resolves after their own."""
    d = base_json()
    a, b = _link_with_workers(d)
    d["spot_owner"][b] = 1
    d["spot_building"][b] = 0
    d["players"][1]["built"] = [1, 0, 0]
    d["tier1"][2] = [1, 1, 1, 0]
    d["turn_seat"] = 0
    set_stack(d, Task(Auto.END_TURN, 0), Task(Decision.BUILD_FREE, 0, arg=WORKSHOP))
    s = do(load(d), SPOT_CODES.code(a))
    places = []
    while s.stack[-1].op != Decision.BUMP:
        op, seat = s.stack[-1].op, s.stack[-1].seat
        if op == Decision.PLACE_WORKERS:
            places.append(seat)
            s = do(s, SEGMENT_CODES.code(0 if seat == 0 else 2))
        else:
            s = do(s, codes(s)[0])
    assert places == [0, 1], "the builder's reward first, then the other owner's"
    assert s.tier1[2] == (1, 2, 1, 0)
    assert GAME.current_seat(s) == 0, "Ana (whose turn it is) chooses whom to bump"
    assert codes(s) == [bump_code(2, 1, seat) for seat in (0, 1, 2)]
    s = do(s, bump_code(2, 1, 1))
    assert s.tier1[2] == (1, 1, 1, 0) and s.players[1].supply == load(d).players[1].supply


def test_cascade_gains_the_section_reward() -> None:
    """Castle: "move one of them to tier 2 of that section (gain the section's tier-2 reward)"."""
    d = base_json()
    sec = next(k for k in range(5) if all(e[0] <= 3 for e in CASTLE_REWARDS[d["castle"][k]]))
    d["tier1"][sec][0] = 3
    p = d["players"][0]
    p["silver"], p["resources"] = 0, [0, 0, 0]
    d["turn_seat"] = 0
    set_stack(d, Task(Auto.END_TURN, 0), Task(Auto.CASTLE, 0))
    s = load(d)
    got = [s.players[0].silver, *s.players[0].resources]
    want = [0, 0, 0, 0]
    for kind, n, _ in CASTLE_REWARDS[d["castle"][sec]]:
        want[kind] += n
    assert got == want and s.tier2[sec][0] == 1


def test_castle_leader_points_and_hand_limit_at_next_draw() -> None:
    """Castle: "Castle leader … Worth 5 VP and +1 hand limit (applied at the next draw; no
    discard when lost)"; Draw: "hand limit (3; +1 for workshop 3; +1 for the castle leader)"."""
    d = base_json()
    d["castle_leader"] = 0
    d["players"][0]["built"] = [3, 0, 0]
    d["tier3"][0][0] = 1
    put(d, 0, "hand", [])
    d["turn_seat"] = 0
    set_stack(d, Task(Auto.END_TURN, 0), Task(Auto.DRAW, 0))
    s = load(d)
    assert len(s.players[0].hand) == 5 and score_parts(s, 0)["castle_leader"] == 5
    # lost: no discard, the hand simply is not refilled past the new limit
    d2 = GAME.state_to_json(s)
    d2["castle_leader"] = 1
    d2["tier3"][1][1] = 2
    d2["turn_seat"] = 0
    set_stack(d2, Task(Auto.END_TURN, 0), Task(Auto.DRAW, 0))
    s2 = load(d2)
    assert len(s2.players[0].hand) == 5 and hand_limit(s2, 0) == 4


# --- phase 4 / 5 / 6 ------------------------------------------------------------------------------


def test_hire_at_most_once() -> None:
    """Hire: "(optional, once)": after hiring, the turn goes on to the collision and draw."""
    d = base_json()
    seg = d["players"][0]["space"] // 2
    top(d, seg, card("peddler"))
    remove_card(d, card("fishwife"))
    d["townsfolk_piles"][seg].insert(-1, card("fishwife"))
    d["players"][0]["silver"] = 5
    phase(d, 0, Decision.HIRE)
    s = do(load(d), HIRE)
    assert not any(t[:2] == (Decision.HIRE, 0) for t in s.stack)
    assert s.players[0].silver == 4 and s.townsfolk_piles[seg][-1] == card("fishwife")


def test_collision_steps_run_in_the_printed_order() -> None:
    """Collision: "(1) every player with a second workshop and no criminal in their line gains 1
    virtue; (2) collision effects of cards in lines resolve; (3) you gain the reward printed
    above the shared space; (4) every opponent gains the reward printed below it, where it
    applies to them; then reset both your markers to their ends"."""
    d = base_json()
    p0 = d["players"][0]
    p0["virtue"] = p0["corruption"] = 3  # the middle space: every opponent may rearrange
    put(d, 0, "line", [card("salt-factor"), card("novice")])
    put(d, 1, "line", [card("thatcher"), card("novice", 1)])
    put(d, 2, "line", [card("novice", 2), card("retainer", 2)])
    d["players"][2]["built"] = [2, 0, 0]
    put(d, 3, "line", [card("pickpocket"), card("novice", 3)])
    d["players"][3]["built"] = [2, 0, 0]
    d["turn_seat"] = 0
    set_stack(d)
    s = load(d)
    collision(s, 0)
    assert s.players[2].virtue == 5 and s.players[3].virtue == 6, "(1) done first, honest only"
    order = [(t[0], t[1], t[2]) for t in reversed(s.stack)]
    ek = Auto.EFFECT
    assert order == [
        (ek, 0, EffectKind.SILVER),  # (2) collision cards: yours, then in turn order
        (ek, 1, EffectKind.STONE),
        (ek, 0, EffectKind.SILVER), (ek, 0, EffectKind.DEED), (ek, 0, EffectKind.DEBT),  # (3) above
        # (4) below
        (Decision.REARRANGE, 1, 0), (Decision.REARRANGE, 2, 0), (Decision.REARRANGE, 3, 0),
        (Auto.RESET_TRACK, 0, 0),
    ]


def test_draw_reshuffle_gives_virtue_without_a_criminal() -> None:
    """Draw: "shuffle your discards into a new one and gain 1 corruption if your line holds any
    criminal icon, otherwise 1 virtue"."""
    d = base_json()
    p = d["players"][0]
    p["discard"], p["deck"] = p["deck"], []
    put(d, 0, "hand", [])
    put(d, 0, "line", [card("novice"), card("hawker")])
    d["turn_seat"] = 0
    set_stack(d, Task(Auto.END_TURN, 0), Task(Auto.DRAW, 0))
    s = load(d)
    assert len(s.players[0].hand) == 3 and (s.players[0].corruption, s.players[0].virtue) == (0, 5)


def test_corruption_moves_first_when_both_are_gained_at_once() -> None:
    """Player board track: "When both are gained at once, move corruption first." From corruption
    0 / virtue 1, a reward of +1 virtue and +1 corruption ends at 0/0 (corruption meets virtue
    at 1, then both move left), not at 1/1 (printed order)."""
    d = base_json()
    d["players"][0]["virtue"], d["players"][0]["corruption"] = 1, 0
    set_stack(d)
    s = load(d)
    virtue, corruption = Effect(EffectKind.VIRTUE, 1, 0), Effect(EffectKind.CORRUPTION, 1, 0)
    push_effects(s, 0, [virtue, corruption])
    advance(s)
    assert (s.players[0].corruption, s.players[0].virtue) == (0, 0)
    silver, corruption2 = Effect(EffectKind.SILVER, 1, 0), Effect(EffectKind.CORRUPTION, 2, 0)
    assert corruption_first([silver, virtue, corruption2]) == [silver, corruption2, virtue]


# --- debts, deeds, end, scoring ------------------------------------------------------------------


def test_gains_continue_after_the_pile_runs_out() -> None:
    """Setup 2 / end: "The rest go underneath each card. Gains always take from the top"; taking
    the last debt reveals poverty and further debts still arrive."""
    d = base_json()
    d["debt_pile"] = 1
    s = load(d)
    debts = s.players[0].debts
    gain_debts(s, 0, 3)
    assert s.players[0].debts == debts + 3 and s.poverty and s.debt_pile == 0


def test_last_turn_is_taken_by_the_player_before_the_start_player() -> None:
    """End: "finish the round, then play one more full round, so the player before the start
    player takes the last turn"."""
    d = base_json()
    d["start_seat"] = 1
    d["round"] = 3
    d["deed_pile"] = 1
    d["turn_seat"] = 2
    set_stack(d, Task(Auto.END_TURN, 2), Task(Auto.EFFECT, 2, EffectKind.DEED, 1))
    s = load(d)
    assert s.prosperity and s.final_round == 4
    seats = []
    while not s.over:
        if s.stack and s.stack[-1].op == Decision.PLAY_CARD and s.stack[-1].seat not in seats[-1:]:
            seats.append(s.stack[-1].seat)
        s = apply_code(s, legal_codes(s)[0])
    assert seats == [3, 0, 1, 2, 3, 0], "round 3: seats 3, 0; round 4: seats 1, 2, 3, 0"


def test_scoring_debts_deeds_manuscripts_and_no_ongoing_effects() -> None:
    """Debts: "Unpaid debt −2 VP", "Acquired deed +1 VP; flipped (approved) deed +3 VP";
    Final score: manuscripts "1/4/9/16 for 1/2/3/4 colours, several sets allowed, plus each
    manuscript's own points"; "Ongoing card effects do not apply in final scoring"; criminals
    are not wild for scoring (a per-noble manuscript counts noble icons only)."""
    d = base_json()
    p = d["players"][0]
    p.update(debts=2, debts_flipped=1, deeds=3, deeds_flipped=1)
    heraldry = next(i for i, m in enumerate(SCRIPTS) if m.key == "heraldry")
    red = [i for i, m in enumerate(SCRIPTS) if m.ribbon == 0 and m.points is None][:1]
    blue = [i for i, m in enumerate(SCRIPTS) if m.ribbon == 1 and m.points is None][:1]
    scripts = [heraldry, *red, *blue]  # red, red, blue: sets {red, blue} + {red} = 4 + 1
    for pile in d["manuscript_piles"]:
        pile[:] = [m for m in pile if m not in scripts]
    p["manuscripts"] = scripts
    put(d, 0, "line", [card("poacher"), card("racketeer"), card("surveyor")])
    parts = score_parts(load(d), 0)
    assert parts["debts"] == -4 and parts["deeds"] == 3 + 3
    assert parts["manuscript_sets"] == 5 and parts["manuscript_points"] == 2  # 1 noble x 2
    put(d, 0, "line", [card("poacher"), card("racketeer"), card("apprentice")])
    assert score_parts(load(d), 0) == parts, "the Surveyor's ongoing rule scores nothing"


# --- setup ---------------------------------------------------------------------------------------


def test_setup_pick_order_spaces_and_closed_spots() -> None:
    """Setup 3: "In reverse turn order, each player takes one pair: place the burgrave on the
    player card's numbered space; take its listed silver, resources, debts and deeds"; Board:
    "With fewer than 3 players, one spot per bank is closed"."""
    for n in (2, 3, 4):
        s = GAME.new_game([Seat(name=f"P{k}") for k in range(n)], 5)
        order = []
        while s.stack[-1].op == Decision.CHOOSE_PAIR:
            seat = GAME.current_seat(s)
            assert seat is not None
            order.append(seat)
            index = PAIR_CODES.value(legal_codes(s)[0])
            pc = PLAYER_CARDS[s.pairs[index].player_card]
            silver = s.players[seat].silver
            s = apply_code(s, PAIR_CODES.code(index))
            assert s.players[seat].space == pc.space - 1
            assert s.players[seat].silver >= silver + pc.silver
            while s.stack[-1].op not in (Decision.CHOOSE_PAIR, Decision.PLAY_CARD):
                s = apply_code(s, legal_codes(s)[0])
        assert order == [(s.start_seat - k) % n for k in range(1, n + 1)]
        closed = [sum(s.spot_owner[b * 3 + k] == CLOSED for k in range(3)) for b in range(10)]
        assert closed == ([1] * 10 if n < 3 else [0] * 10)


# --- views ---------------------------------------------------------------------------------------


def _scramble(data: dict[str, Any], viewer: int, rng: random.Random) -> dict[str, Any]:
    """Change only what ``viewer`` may not see: other seats' hand/deck contents (swapped between
    the two, sizes kept), every draw pile's order, every pile's order below its top, the seed."""
    out = copy.deepcopy(data)
    for seat, p in enumerate(out["players"]):
        if seat != viewer:
            hidden = p["hand"] + p["deck"]
            rng.shuffle(hidden)
            p["hand"], p["deck"] = hidden[: len(p["hand"])], hidden[len(p["hand"]):]
        else:
            rng.shuffle(p["deck"])
    for piles in (out["townsfolk_piles"], out["manuscript_piles"]):
        for pile in piles:
            below = pile[:-1]
            rng.shuffle(below)
            pile[:-1] = below
    out["seed"] = rng.randrange(2**63)
    out["rng_counter"] = rng.randrange(1000)
    return out


def test_view_is_unchanged_by_everything_it_must_hide() -> None:
    """Views: "Hidden: other hands, all draw-pile orders, pile order below the top, seed" — a
    copy with those parts scrambled gives every seat (and a spectator) the identical view, at
    several points of a real game."""
    rng = random.Random(4)
    s = GAME.new_game([Seat(name=f"P{k}") for k in range(4)], 99)
    checked = 0
    for move in range(400):
        if s.over:
            break
        if move % 37 == 0 and s.round > 0:
            data = GAME.state_to_json(s)
            for viewer in (0, 1, 2, 3, None):
                for _ in range(3):
                    other = GAME.state_from_json(
                        _scramble(data, -1 if viewer is None else viewer, rng)
                    )
                    assert GAME.view(other, viewer) == GAME.view(s, viewer)
            checked += 1
        s = apply_code(s, rng.choice(legal_codes(s)))
    assert checked >= 8


# --- components, board, setup --------------------------------------------------------------------


def test_paths_links_and_piles() -> None:
    """Board: "Paths, always clockwise: west bank → east bank or inner space; inner space → east
    bank of the same segment or inner space of the next segment; east bank → west bank of the
    next segment"; "the last spot of an east bank links to the first spot of the next segment's
    west bank; no link crosses a river"; setup 1: five townsfolk piles (about 68/5), five
    manuscript piles of 7 with the grey base at the bottom, castle in a random orientation."""
    for p in range(5):
        west, east, inner = 2 * p, 2 * p + 1, 10 + p
        assert set(next_spaces(west)) == {east, inner}
        assert set(next_spaces(inner)) == {east, 10 + (p + 1) % 5}
        assert set(next_spaces(east)) == {2 * ((p + 1) % 5)}
    pairs = {(a, b) for _p, _i, a, b in LINKS}
    for p in range(5):
        b = 6 * p
        assert {(b, b + 1), (b + 1, b + 2), (b + 3, b + 4), (b + 4, b + 5)} <= pairs
        assert (b + 5, 6 * ((p + 1) % 5)) in pairs and (b + 2, b + 3) not in pairs
    assert len(pairs) == 25
    s = GAME.new_game([Seat(name="A"), Seat(name="B"), Seat(name="C")], 8)
    assert sorted(len(pile) for pile in s.townsfolk_piles) == [13, 13, 14, 14, 14]
    assert sorted(s.segments) == list(range(5))
    assert all((s.castle[k + 1] - s.castle[k]) % 5 == 1 for k in range(4))
    for pile in s.manuscript_piles:
        assert len(pile) == 7 and SCRIPTS[pile[0]].base
        assert not any(SCRIPTS[m].base for m in pile[1:])


def test_starting_townsfolk_match_the_spec() -> None:
    """Setup 4: "value 2 with 1 cleric; value 3 with 1 merchant, drop-off: discard a card and gain
    2 silver; value 2 with 2 merchants, drop-off: hire any visible townsfolk free and gain 1
    virtue; value 1 with 2 merchants, drop-off: flip a debt or a deed; value 2 with 1 builder;
    value 2 with 1 noble; value 1 with 1 criminal, instant: gain 1 debt and 1 silver; value 1
    with 1 merchant, ongoing: after you trade, gain 1 silver"."""
    got = {
        (t.value, tuple(t.icons), t.timing, t.trigger, tuple(t.effects))
        for t in CONTENT.starting_townsfolk
    }
    assert got == {
        (2, ("cleric",), "none", None, ()),
        (3, ("merchant",), "dropoff", None, ("discard:1", "silver:2")),
        (2, ("merchant", "merchant"), "dropoff", None, ("hire_free", "virtue:1")),
        (1, ("merchant", "merchant"), "dropoff", None, ("flip_either:1",)),
        (2, ("builder",), "none", None, ()),
        (2, ("noble",), "none", None, ()),
        (1, ("criminal",), "instant", None, ("debt:1", "silver:1")),
        (1, ("merchant",), "ongoing", "after_trade", ("silver:1",)),
    }


def test_workers_go_to_the_castle_section_beside_you() -> None:
    """Place workers: "place 1/2/3/4 workers into tier 1 of your segment's castle section";
    Board: "the castle section is the one beside your segment"."""
    d = base_json()
    _at_action(d, 12, [card("retainer"), card("novice"), card("apprentice")])
    supply = d["players"][0]["supply"]
    s = do(load(d), PLACE_CODES.code(1))
    assert s.tier1[2][0] == 1 and s.players[0].supply == supply - 1


def test_building_and_worker_points() -> None:
    """Build: "Buildings score 2/5/9 (workshops), 4/9/15 (trading posts), 6/13/21 (guildhalls)
    for 1/2/3 built"; castle: "Workers score their tier (1, 2 or 3 VP each) at the end"."""
    d = base_json()
    for built, points in (([1, 0, 0], 2), ([2, 1, 0], 9), ([3, 2, 1], 24), ([0, 3, 3], 36)):
        d["players"][0]["built"] = built
        assert score_parts(load(d), 0)["buildings"] == points
    d["tier1"][0][0], d["tier2"][1][0], d["tier3"][2][0] = 2, 1, 3
    assert score_parts(load(d), 0)["workers"] == 2 + 2 + 9
