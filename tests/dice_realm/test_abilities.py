"""Abilities (spec section "Abilities (designed)"), and our decisions where the spec is open."""

from __future__ import annotations

from typing import Any

import pytest

from kingdoms.core.errors import IllegalActionError
from kingdoms.dice_realm.actions import Claim, Flip, GiveDragon, Roll, Stop, TakePenalty
from kingdoms.dice_realm.content import CARD_IDS
from kingdoms.dice_realm.game import GAME
from kingdoms.dice_realm.state import State

HARD = ["Clockwright", "Tusk Chief", "Crag Dragon", "Smoke Drake", "Thorn Wyrm"]


def row_of(dr: Any, *names: str) -> list[str]:
    rest = [n for n in HARD if n not in names]
    return [dr.by_name(n) for n in [*names, *rest][:5]]


def realm_ids(state: State, seat: int) -> list[str]:
    return [CARD_IDS[c] for c in state.realms[seat]]


def finish_turn(state: State) -> State:
    """Roll out the current turn: roll to the end, then the first legal choice."""
    seat, turn = state.current, state.turn
    while state.turn == turn and state.current == seat and not GAME.is_over(state):
        legal = GAME.legal_actions(state)
        action = legal[0] if state.phase != "roll" else Roll(keep=0)
        if state.phase == "choose":
            action = next((a for a in legal if not isinstance(a, Flip)), legal[0])
        state = GAME.apply(state, action)
    return state


def test_elf_four_rolls_next_turn(dr: Any) -> None:
    """"Elf — on your next turn you may roll up to four times." """
    row = row_of(dr, "Elf Courier")
    state = dr.build(row=row, dice=(1, 2, 3, 4, 5, 5))
    after = GAME.apply(state, Claim(slot=0))
    assert after.current == 1 and after.rolls_allowed == 3
    assert GAME.view(after, None)["players"][0]["elf_next_turn"]
    after = finish_turn(after)  # Ben's turn
    assert after.current == 0 and after.rolls_allowed == 4
    for _ in range(4):
        assert after.phase == "roll"
        after = GAME.apply(after, Roll(keep=0))
    assert after.phase == "choose"
    after = finish_turn(after)
    after = finish_turn(after)
    assert after.current == 0 and after.rolls_allowed == 3  # only the next turn


def test_hypnotist_takes_right_neighbour_without_village(dr: Any) -> None:
    """"Hypnotist — when you take it, also take the face-up citizen immediately to its right,
    without meeting that card's requirement (no village for that one)." Also: "The village is
    founded only for the citizen taken by meeting its requirement." """
    row = row_of(dr, "Swaying Mesmerist", "Cart Pusher")  # Mine citizen under the Mine pile
    state = dr.build(row=row, dice=(1, 1, 1, 2, 3, 4))  # total 12; Cart Pusher not met
    after = GAME.apply(state, Claim(slot=0))
    assert realm_ids(after, 0) == [dr.by_name("Swaying Mesmerist"), "v-city-2",
                                   dr.by_name("Cart Pusher")]
    assert after.villages[1] == state.villages[1]
    assert any(e["type"] == "hypnotise" for e in after.last_events)


def test_hypnotist_in_last_slot(dr: Any) -> None:
    """Our decision: with nobody to its right (slot 5), the Hypnotist comes alone."""
    row = [*row_of(dr)[:4], dr.by_name("Swaying Mesmerist")]
    state = dr.build(row=row, dice=(1, 1, 1, 2, 3, 4))
    after = GAME.apply(state, Claim(slot=4))
    assert realm_ids(after, 0) == [dr.by_name("Swaying Mesmerist")]
    assert after.row == (state.draw[0], *state.row[:4])


def test_hypnotist_does_not_chain(dr: Any) -> None:
    """Our decision: a Hypnotist taken by hypnosis does not pull a third card."""
    row = row_of(dr, "Swaying Mesmerist", "Drowsy Shaman", "Tinker")
    state = dr.build(row=row, dice=(1, 1, 1, 2, 3, 4))
    after = GAME.apply(state, Claim(slot=0))
    assert dr.by_name("Tinker") not in realm_ids(after, 0)
    assert realm_ids(after, 0)[-1] == dr.by_name("Drowsy Shaman")


def test_hypnotised_abilities_apply(dr: Any) -> None:
    """Our decision: a hypnotised citizen's own ability works (here an Apprentice)."""
    row = row_of(dr, "Swaying Mesmerist", "Smith's Apprentice")
    state = dr.build(row=row, dice=(1, 1, 1, 2, 3, 4))
    after = GAME.apply(state, Claim(slot=0))
    assert after.current == 0 and after.phase == "roll"


def test_hypnotised_dragon_must_be_given(dr: Any) -> None:
    """Our decision: a dragon pulled in by a Hypnotist must be given away like any dragon."""
    row = row_of(dr, "Swaying Mesmerist", "Crag Dragon")
    state = dr.build(row=row, dice=(1, 1, 1, 2, 3, 4))
    after = GAME.apply(state, Claim(slot=0))
    assert after.phase == "gift" and GAME.legal_actions(after) == [GiveDragon(seat=1)]
    after = GAME.apply(after, GiveDragon(seat=1))
    assert realm_ids(after, 1) == [dr.by_name("Crag Dragon")]


def test_apprentice_extra_turn(dr: Any) -> None:
    """"Apprentice — when you take it, you take another turn right after this one." """
    row = row_of(dr, "Smith's Apprentice")
    state = dr.build(row=row, dice=(6, 6, 5, 5, 4, 4), seats=("A", "B", "C"))
    after = GAME.apply(state, Claim(slot=0))
    assert after.current == 0 and after.phase == "roll" and after.turn == state.turn + 1
    assert any(e["type"] == "extra_turn" for e in after.last_events)
    after = finish_turn(after)
    assert after.current == 1


def test_fairy_flip(dr: Any) -> None:
    """"Fairy — kept in your realm: once per turn, before you choose in step 2, you may turn one
    die to its opposite face (1↔6, 2↔5, 3↔4)." """
    row = row_of(dr)
    fairy = dr.by_name("Cave Fairy")
    state = dr.build(row=row, dice=(6, 6, 6, 6, 1, 2), realms=[[fairy], []])
    legal = GAME.legal_actions(state)
    assert [a for a in legal if isinstance(a, Flip)] == [Flip(die=d) for d in range(6)]
    assert TakePenalty() in legal  # nothing met yet
    after = GAME.apply(state, Flip(die=4))
    assert after.dice == (6, 6, 6, 6, 6, 2)
    assert Claim(slot=1) in GAME.legal_actions(after)  # Tusk Chief: five 6s
    with pytest.raises(IllegalActionError, match="already"):
        GAME.apply(after, Flip(die=5))
    assert GAME.view(after, 0)["dice"]["flips_left"] == 0


def test_fairy_only_after_rolling(dr: Any) -> None:
    """Our decision: the flip happens in step 2 (after the last roll or a stop), not between
    rolls; and only with a Fairy in your realm."""
    fairy = dr.by_name("Cave Fairy")
    rolling = dr.build(row=row_of(dr), dice=(6, 6, 6, 6, 1, 2), phase="roll",
                       realms=[[fairy], []])
    with pytest.raises(IllegalActionError):
        GAME.apply(rolling, Flip(die=4))
    assert Flip(die=4) in GAME.legal_actions(GAME.apply(rolling, Stop()))
    without = dr.build(row=row_of(dr), dice=(6, 6, 6, 6, 1, 2))
    with pytest.raises(IllegalActionError, match="no Fairy"):
        GAME.apply(without, Flip(die=4))


def test_two_fairies_two_flips(dr: Any) -> None:
    """Our decision: each Fairy gives one flip per turn."""
    fairies = [dr.by_name("Cave Fairy"), dr.by_name("Dew Fairy")]
    state = dr.build(row=row_of(dr), dice=(6, 6, 6, 6, 1, 2), realms=[fairies, []])
    state = GAME.apply(GAME.apply(state, Flip(die=4)), Flip(die=5))
    assert state.dice == (6, 6, 6, 6, 6, 5)
    with pytest.raises(IllegalActionError):
        GAME.apply(state, Flip(die=0))


def test_dragon_is_given_away(dr: Any) -> None:
    """"Dragon — … when you take it, you must give it to another player of your choice; it counts
    its negative value against that player." """
    row = row_of(dr, "Tinker", "Clockwright", "Crag Dragon", "Old Oak Hermit", "Cave Fairy")
    state = dr.build(row=row, dice=(6,) * 6, seats=("A", "B", "C"))
    assert GAME.legal_actions(state) == [Claim(slot=2)]  # Crag Dragon (slot 2) only
    after = GAME.apply(state, Claim(slot=2))
    assert after.phase == "gift" and GAME.current_seat(after) == 0
    assert GAME.legal_actions(after) == [GiveDragon(seat=1), GiveDragon(seat=2)]
    with pytest.raises(IllegalActionError, match="another player"):
        GAME.apply(after, GiveDragon(seat=0))
    with pytest.raises(IllegalActionError):
        GAME.apply(after, TakePenalty())
    view = GAME.view(after, 0)
    assert view["pending"] is not None and view["pending"]["type"] == "give_dragon"
    prompt = GAME.prompt(after)
    assert prompt is not None and sorted(prompt.at("seat")) == [1, 2]
    done = GAME.apply(after, GiveDragon(seat=2))
    assert realm_ids(done, 2) == [dr.by_name("Crag Dragon")] and done.realms[0] == ()
    assert GAME.result(done).scores[2].total == -4
    assert done.current == 1


def test_only_dragons_satisfied(dr: Any) -> None:
    """"Where the only satisfied citizens are dragons, you must still take one." """
    state = dr.build(row=row_of(dr), dice=(5,) * 6)  # Crag Dragon and Thorn Wyrm
    assert GAME.legal_actions(state) == [Claim(slot=2), Claim(slot=4), Claim(slot=4, village=False)]


def test_dragon_founds_village_for_the_taker(dr: Any) -> None:
    """Our decision: a dragon under its own colour founds the village for the player who met its
    requirement; only the dragon is given away."""
    row = row_of(dr, "Tinker", "Crag Dragon")  # Crag Dragon (Mine) in slot 1
    state = dr.build(row=row, dice=(6,) * 6)
    after = GAME.apply(GAME.apply(state, Claim(slot=1)), GiveDragon(seat=1))
    assert realm_ids(after, 0) == ["v-mine-2"]
    assert realm_ids(after, 1) == [dr.by_name("Crag Dragon")]


def test_dragon_gift_before_the_end(dr: Any) -> None:
    """Our decision: when the dragon's village was the last of its pile, the gift is made, then
    the game ends."""
    row = row_of(dr, "Tinker", "Crag Dragon")
    state = dr.build(row=row, dice=(6,) * 6, realms=[["v-mine-2", "v-mine-3"], []])
    after = GAME.apply(state, Claim(slot=1))
    assert after.phase == "gift"
    after = GAME.apply(after, GiveDragon(seat=1))
    assert after.end_reason == "village"
    assert dr.by_name("Crag Dragon") in realm_ids(after, 1)
