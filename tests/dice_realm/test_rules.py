"""One test per rule of docs/../spec/dice-realm.md; each docstring quotes the line it checks.

Card names used below (see content.json): Lamplighter (City, total ≥ 24), Tunnel Digger (Mine,
three of a kind), Tinker (Workshop, straight of 4), Clockwright (Workshop, straight of 6),
Tusk Chief (Orc, five 6s), Crag Dragon (Mine, six of a kind), Smoke Drake (Orc, total ≥ 34),
Thorn Wyrm (Forest, five of a kind all odd), Swaying Mesmerist (City hypnotist, total ≤ 12),
Elf Courier (City elf, straight of 5), Smith's Apprentice (Workshop, three pairs and ≥ 24),
Cave Fairy (Mine fairy, all odd), Boar Rider (Orc, all even), Drum Orc (Orc, four of a kind).
"""

from __future__ import annotations

from typing import Any

import pytest

from kingdoms.core.errors import IllegalActionError, SetupError
from kingdoms.core.protocol import Seat
from kingdoms.core.records import new_record
from kingdoms.core.text import render
from kingdoms.dice_realm.actions import (
    Claim,
    Roll,
    Stop,
    TakePenalty,
)
from kingdoms.dice_realm.content import CARD_IDS
from kingdoms.dice_realm.explain import card_name
from kingdoms.dice_realm.game import GAME
from kingdoms.dice_realm.state import State

SEATS = [Seat(name=n) for n in ("Ann", "Ben", "Cat")]
HARD = ["Clockwright", "Tusk Chief", "Crag Dragon", "Smoke Drake", "Thorn Wyrm"]
LOW_DICE = (1, 1, 2, 3, 4, 4)  # meets none of HARD
EASY = ["Lamplighter", "Tinker", "Cooper", "Boar Rider", "Drum Orc"]


def ids(state: State, zone: tuple[int, ...]) -> list[str]:
    return [CARD_IDS[c] if c >= 0 else "-" for c in zone]


def hard_row(dr: Any, *first: str) -> list[str]:
    names = list(first) + [n for n in HARD if n not in first]
    return [dr.by_name(n) for n in names[:5]]


# ----------------------------------------------------------------------------------- setup


def test_seat_count() -> None:
    """"2–5 seats." (checked where records are made, as for every game)"""
    with pytest.raises(SetupError):
        new_record("dice-realm", SEATS[:1], 1)
    with pytest.raises(SetupError):
        new_record("dice-realm", [Seat(name=f"P{i}") for i in range(6)], 1)
    for n in (2, 5):
        new_record("dice-realm", [Seat(name=f"P{i}") for i in range(n)], 1)


def test_setup_village_piles() -> None:
    """"In every pile the 4 is at the bottom, the 3 in the middle and the 2 on top. Lay the
    piles in a row in the colour order above." """
    view = GAME.view(GAME.new_game(SEATS, 3), None)
    assert [v["name"] for v in view["villages"]] == [
        "City", "Mine", "Workshop", "Orc Village", "Enchanted Forest"]
    assert all(v["remaining"] == [2, 3, 4] and v["top"] == 2 for v in view["villages"])


def test_setup_row_and_draw_pile() -> None:
    """"Shuffle the citizens into a face-down draw pile … Turn the top five face up, left to
    right"."""
    a = GAME.new_game(SEATS, 3)
    b = GAME.new_game(SEATS, 4)
    assert len(a.row) == 5 and len(a.draw) == 35
    assert sorted(a.row + a.draw) == list(range(40))
    assert a.row + a.draw != b.row + b.draw  # shuffled by the seed
    assert GAME.view(a, None)["draw_count"] == 35


def test_setup_penalty_pile_face_up() -> None:
    """"Shuffle the penalty cards into a face-up pile … (everyone can see the top card); the
    discard pile sits just left of it." """
    state = GAME.new_game(SEATS, 3)
    view = GAME.view(state, 1)
    assert view["penalty_pile"]["count"] == 10
    assert view["penalty_pile"]["top"]["id"] == CARD_IDS[state.penalties[0]]
    assert view["discard_count"] == 0
    orders = {GAME.new_game(SEATS, seed).penalties for seed in range(6)}
    assert len(orders) > 1


def test_setup_start_player() -> None:
    """"Choose a start player (random by default)" — from the seeded generator; an option can
    fix it."""
    starts = {GAME.new_game(SEATS, seed).current for seed in range(30)}
    assert starts == {0, 1, 2}
    assert GAME.new_game(SEATS, 9).current == GAME.new_game(SEATS, 9).current
    assert GAME.new_game(SEATS, 9, {"start_seat": 2}).current == 2
    with pytest.raises(SetupError):
        GAME.new_game(SEATS, 9, {"start_seat": 3})


# ----------------------------------------------------------------------------------- rolling


def test_first_roll_rolls_all_six() -> None:
    """"Roll. Roll all six dice." The first roll keeps nothing."""
    state = GAME.new_game(SEATS, 1)
    assert GAME.legal_actions(state) == [Roll(keep=0)]
    with pytest.raises(IllegalActionError):
        GAME.apply(state, Roll(keep=1))
    after = GAME.apply(state, Roll(keep=0))
    assert all(1 <= d <= 6 for d in after.dice) and after.rolls_used == 1


def test_set_aside_and_reroll(dr: Any) -> None:
    """"After each roll, set aside any number of dice and re-roll the others"."""
    state = dr.build(row=hard_row(dr), dice=(6, 5, 4, 3, 2, 1), phase="roll")
    for keep in (0b101010, 0b000001, 0b111110):
        after = GAME.apply(state, Roll(keep=keep))
        for i in range(6):
            if keep >> i & 1:
                assert after.dice[i] == state.dice[i]
        assert after.held == keep and after.rolls_used == 2
    with pytest.raises(IllegalActionError):
        GAME.apply(state, Roll.model_construct(keep=63))


def test_take_back_set_aside_dice(dr: Any) -> None:
    """"dice set aside earlier may be taken back and re-rolled"."""
    state = dr.build(row=hard_row(dr), dice=(6, 6, 6, 1, 2, 3), phase="roll")
    state.held = 0b000111
    assert Roll(keep=0) in GAME.legal_actions(state)
    after = GAME.apply(state, Roll(keep=0))
    assert after.held == 0 and after.rolls_used == 2


def test_at_most_three_rolls(dr: Any) -> None:
    """"You may roll at most three times in total. … After the last roll the result is
    final." """
    state = GAME.new_game(SEATS, 2)
    for _ in range(3):
        assert state.phase == "roll"
        state = GAME.apply(state, Roll(keep=0))
    assert state.phase == "choose" and state.rolls_used == 3
    with pytest.raises(IllegalActionError):
        GAME.apply(state, Roll(keep=0))
    assert GAME.view(state, 0)["dice"]["final"]


def test_stop_after_any_roll() -> None:
    """"You may stop after any roll." (not before the first)"""
    state = GAME.new_game(SEATS, 2)
    with pytest.raises(IllegalActionError):
        GAME.apply(state, Stop())
    state = GAME.apply(state, Roll(keep=0))
    assert Stop() in GAME.legal_actions(state)
    stopped = GAME.apply(state, Stop())
    assert stopped.phase == "choose" and stopped.rolls_used == 1
    with pytest.raises(IllegalActionError):
        GAME.apply(stopped, Stop())


# ----------------------------------------------------------------------------------- choosing


def test_must_take_a_satisfied_citizen(dr: Any) -> None:
    """"If at least one citizen is satisfied, you must take one (a citizen, not a penalty)." """
    row = hard_row(dr, "Lamplighter")
    state = dr.build(row=row, dice=(6, 6, 5, 5, 4, 1))  # total 27: Lamplighter only
    assert GAME.legal_actions(state) == [Claim(slot=0), Claim(slot=0, village=False)]
    with pytest.raises(IllegalActionError, match="must take one"):
        GAME.apply(state, TakePenalty())


def test_choice_among_satisfied(dr: Any) -> None:
    """"take one of them (your choice among those satisfied) into your realm"."""
    row = [dr.by_name(n) for n in
           ("Lamplighter", "Tunnel Digger", "Drum Orc", "Clockwright", "Tusk Chief")]
    state = dr.build(row=row, dice=(6, 6, 6, 6, 5, 1))
    assert GAME.legal_actions(state) == [Claim(slot=0), Claim(slot=1), Claim(slot=2),
                                         Claim(slot=0, village=False),
                                         Claim(slot=1, village=False)]
    after = GAME.apply(state, Claim(slot=2))
    assert CARD_IDS[after.realms[0][0]] == dr.by_name("Drum Orc")
    with pytest.raises(IllegalActionError, match="do not meet"):
        GAME.apply(state, Claim(slot=3))


def test_found_a_village_same_colour(dr: Any) -> None:
    """"Found a village: if the citizen you take lies in the slot under a village pile of the
    same colour, you also take the top card of that village pile." """
    row = hard_row(dr, "Clockwright", "Tusk Chief", "Tinker")  # Tinker (Workshop) in slot 2
    state = dr.build(row=row, dice=(1, 2, 3, 4, 4, 4))
    after = GAME.apply(state, Claim(slot=2))
    assert ids(after, after.realms[0]) == [dr.by_name("Tinker"), "v-workshop-2"]
    assert ids(after, after.villages[2]) == ["v-workshop-3", "v-workshop-4"]
    assert any(e["type"] == "found" for e in after.last_events)


def test_the_village_may_be_left(dr: Any) -> None:
    """Seed: "puedes quedarte tanto con la carta de aldea … como con la carta de ciudadano" —
    the player *may* keep the village card (rules version 2): the same claim can leave it on
    its pile, which then cannot end the game."""
    row = hard_row(dr, "Clockwright", "Tusk Chief", "Tinker")
    state = dr.build(row=row, dice=(1, 2, 3, 4, 4, 4))
    assert Claim(slot=2, village=False) in GAME.legal_actions(state)
    after = GAME.apply(state, Claim(slot=2, village=False))
    assert ids(after, after.realms[0]) == [dr.by_name("Tinker")]
    assert after.villages == state.villages
    assert any(e["type"] == "leave_village" for e in after.last_events)
    line = render(GAME.describe(state, Claim(slot=2, village=False), after))
    assert "left the village Workshop (2) on its pile" in line


def test_leaving_a_village_is_offered_only_where_one_is_founded(dr: Any) -> None:
    row = hard_row(dr, "Tinker")  # Workshop citizen under the City pile: nothing to leave
    state = dr.build(row=row, dice=(1, 2, 3, 4, 4, 4))
    assert Claim(slot=0, village=False) not in GAME.legal_actions(state)
    with pytest.raises(IllegalActionError, match="no village"):
        GAME.apply(state, Claim(slot=0, village=False))


def test_leaving_the_last_village_does_not_end_the_game(dr: Any) -> None:
    """A village pile at its last card ends the game when taken; left, the game goes on."""
    row = hard_row(dr, "Clockwright", "Tusk Chief", "Tinker")
    state = dr.build(row=row, dice=(1, 2, 3, 4, 4, 4))
    villages = list(state.villages)
    villages[2] = villages[2][-1:]
    state.villages = tuple(villages)
    assert GAME.is_over(GAME.apply(state, Claim(slot=2)))
    assert not GAME.is_over(GAME.apply(state, Claim(slot=2, village=False)))


def test_no_village_for_another_colour(dr: Any) -> None:
    """The village is founded only when the colours match ("of the same colour")."""
    row = hard_row(dr, "Tinker")  # Workshop citizen under the City pile
    state = dr.build(row=row, dice=(1, 2, 3, 4, 4, 4))
    after = GAME.apply(state, Claim(slot=0))
    assert ids(after, after.realms[0]) == [dr.by_name("Tinker")]
    assert after.villages == state.villages


def test_penalty_branch(dr: Any) -> None:
    """"If the dice satisfy no face-up citizen, take the top penalty card into your realm, and
    put the rightmost face-up citizen face down on the discard pile." """
    row = hard_row(dr)
    state = dr.build(row=row, dice=LOW_DICE)
    assert GAME.legal_actions(state) == [TakePenalty()]
    with pytest.raises(IllegalActionError):
        GAME.apply(state, Claim(slot=0))
    after = GAME.apply(state, TakePenalty())
    line = render(GAME.describe(state, TakePenalty(), after))
    assert line.startswith(f"Ann took a scoundrel: {render(card_name(state.penalties[0]))} (")
    assert f"{render(card_name(state.row[4]))} was discarded." in line
    assert after.realms[0] == (state.penalties[0],)
    assert after.penalties == state.penalties[1:]
    assert after.discard == (state.row[4],)


# ----------------------------------------------------------------------------------- refill


def test_refill_slides_right_and_fills_slot_one(dr: Any) -> None:
    """"Move every card left of the gap one slot to the right, so the gap is in slot 1 (under
    City), then fill slot 1 from the citizen draw pile." """
    row = hard_row(dr, "Clockwright", "Tusk Chief", "Lamplighter")
    state = dr.build(row=row, dice=(6, 6, 5, 5, 4, 1))
    after = GAME.apply(state, Claim(slot=2))
    assert after.row == (state.draw[0], state.row[0], state.row[1], state.row[3], state.row[4])
    assert after.draw == state.draw[1:]
    slides = [e for e in after.last_events if e["type"] == "slide"]
    assert [(e["from"], e["to"]) for e in slides] == [(0, 1), (1, 2)]


def test_refill_after_penalty(dr: Any) -> None:
    """After a penalty the gap is the rightmost slot: everything slides one right."""
    state = dr.build(row=hard_row(dr), dice=LOW_DICE)
    after = GAME.apply(state, TakePenalty())
    assert after.row == (state.draw[0], *state.row[:4])


def test_refill_several_gaps(dr: Any) -> None:
    """"When more than one slot is empty (the Hypnotist), close every gap by sliding the cards to
    its left one slot right, then fill the empty slots from the draw pile, leftmost first." """
    row = hard_row(dr, "Clockwright", "Swaying Mesmerist")  # hypnotist in slot 1
    state = dr.build(row=row, dice=(1, 1, 1, 2, 2, 2))
    after = GAME.apply(state, Claim(slot=1))
    assert after.row == (state.draw[0], state.draw[1], state.row[0], state.row[3], state.row[4])


def test_turn_passes_clockwise(dr: Any) -> None:
    """"play passes clockwise (seat order)" / "Pass the dice to the next player." """
    state = dr.build(row=hard_row(dr), dice=LOW_DICE, seats=("A", "B", "C"), current=2)
    after = GAME.apply(state, TakePenalty())
    assert after.current == 0 and after.phase == "roll" and after.rolls_used == 0
    assert after.turn == state.turn + 1


# ----------------------------------------------------------------------------------- the end


def test_end_when_draw_pile_runs_out(dr: Any) -> None:
    """"Taking the last card of the citizen draw pile during a refill ends the game at once." """
    row = hard_row(dr)
    rest = [c for c in dr.citizen_ids if c not in row]
    state = dr.build(row=row, dice=LOW_DICE, draw=rest[:1], discard=rest[1:])
    after = GAME.apply(state, TakePenalty())
    assert after.phase == "over" and after.end_reason == "citizens"
    assert after.draw == () and GAME.current_seat(after) is None


def test_end_when_penalty_pile_runs_out(dr: Any) -> None:
    """"The game ends at once when any player takes the last card of: … the penalty pile"."""
    realms = [dr.penalty_ids[:5], dr.penalty_ids[5:9]]
    state = dr.build(row=hard_row(dr), dice=LOW_DICE, realms=realms)
    after = GAME.apply(state, TakePenalty())
    assert after.end_reason == "penalties" and GAME.is_over(after)
    assert after.row[4] == -1  # no refill after the end
    assert GAME.legal_actions(after) == []


def test_end_when_a_village_pile_runs_out(dr: Any) -> None:
    """"… or any one village pile." """
    row = hard_row(dr, "Clockwright", "Tusk Chief", "Tinker")
    state = dr.build(row=row, dice=(1, 2, 3, 4, 4, 4),
                     realms=[["v-workshop-2", "v-workshop-3"], []])
    after = GAME.apply(state, Claim(slot=2))
    assert after.end_reason == "village" and after.villages[2] == ()
    assert "v-workshop-4" in ids(after, after.realms[0])


def test_end_cancels_extra_turn(dr: Any) -> None:
    """The game ends "at once": an Apprentice's extra turn is not played (our decision)."""
    row = hard_row(dr, "Clockwright", "Tusk Chief", "Smith's Apprentice")
    state = dr.build(row=row, dice=(6, 6, 5, 5, 4, 4),
                     realms=[["v-workshop-2", "v-workshop-3"], []])
    after = GAME.apply(state, Claim(slot=2))
    assert after.end_reason == "village" and not after.extra_turn


# ----------------------------------------------------------------------------------- scoring


def test_scoring(dr: Any) -> None:
    """"Each player adds the values of their citizens and villages, then subtracts the negative
    values of their penalty cards and dragons." """
    realm = [dr.by_name("Tusk Chief"), "v-city-2", dr.penalty_ids[9], dr.by_name("Crag Dragon")]
    state = dr.build(row=[dr.by_name(n) for n in EASY], dice=LOW_DICE, realms=[realm, []])
    score = GAME.result(state).scores[0]
    assert score.breakdown == {"citizens": 10, "villages": 2, "penalties": -3, "dragons": -4}
    assert score.total == 5 and score.tie_break == [-7]
    assert GAME.result(state).winners == []  # not over yet


def test_tie_break_fewer_negative_points(dr: Any) -> None:
    """"Tie: the tied player with fewer negative points wins". """
    realms = [[dr.by_name("Tusk Chief"), dr.penalty_ids[0]],  # 10 - 1 = 9
              [dr.by_name("Bell Founder"), "v-city-2"]]       # 7 + 2 = 9
    state = dr.build(row=[dr.by_name(n) for n in EASY], phase="over", end_reason="penalties",
                     realms=realms, dice=LOW_DICE)
    result = GAME.result(state)
    assert [s.total for s in result.scores] == [9, 9]
    assert result.winners == [1]


def test_shared_victory(dr: Any) -> None:
    """"still tied: a shared victory." """
    realms = [["v-city-2"], ["v-mine-2"]]
    state = dr.build(row=hard_row(dr), phase="over", end_reason="penalties", realms=realms,
                     dice=LOW_DICE)
    assert GAME.result(state).winners == [0, 1]


# ----------------------------------------------------------------------------------- randomness


def test_seeded_replay() -> None:
    """"Randomness: dice and shuffles come from the game's seeded generator, so a game replays
    exactly." """
    def play(seed: int) -> list[Any]:
        state = GAME.new_game(SEATS, seed)
        trail: list[Any] = []
        while not GAME.is_over(state):
            legal = GAME.legal_actions(state)
            state = GAME.apply(state, legal[len(trail) * 7 % len(legal)])
            trail.append(GAME.state_to_json(state))
        return trail
    assert play(11) == play(11)
    assert play(11) != play(12)
