"""Every question an effect asks says what asked it (issue 26, "every prompt says why"): the
card, manuscript, building or rule behind it, with everything it gives, in the prompt and in
the log. Spec, "Content": effects come from cards (instant, drop-off, hire/dismiss, ongoing,
collision), manuscripts, building spots and links, the castle and player cards."""

from __future__ import annotations

import random

from bg_helpers import base_json, card, load, put, turn

from kingdoms.burgrave.board import segment_of
from kingdoms.burgrave.game import GAME
from kingdoms.burgrave.rules import advance
from kingdoms.burgrave.tasks import SOURCE_BASE, Decision, Origin, Task
from kingdoms.burgrave.words import card_name
from kingdoms.core.protocol import Seat
from kingdoms.core.text import render


def test_a_drop_off_question_names_its_card_and_all_it_gives() -> None:
    """Spec, turn phase 1: "a card pushed off goes to your discard pile and its drop-off effect
    resolves now". The Hawker's "discard 1 card, +2 silver" asks which card to discard."""
    data = base_json(2)
    hawker = card("hawker", 0)
    put(data, 0, "line", [card("apprentice", 0), card("novice", 0), hawker])
    turn(data, 0)
    state = load(data)
    advance(state)
    task = state.stack[-1]
    assert task.op == Decision.DISCARD and divmod(task.source, SOURCE_BASE) == (
        Origin.DROP_OFF, hawker)
    prompt = GAME.prompt(state)
    assert prompt is not None and prompt.why is not None
    assert render(prompt.why) == "Hawker (drop-off): discard 1 card, +2 silver."
    discarded = GAME.legal_actions(state)[0]
    after = GAME.apply(state, discarded)
    line = render(GAME.describe(state, discarded, after))
    assert line.startswith("Hawker (drop-off): Ana discards ")


def test_every_question_from_an_effect_says_why() -> None:
    """Seeded random games of 1-4 players: every decision an effect asked of the seat whose
    turn it is names its cause; the turn's own steps (play, move, action, hire) name none."""
    turn_steps = {Decision.CHOOSE_PAIR, Decision.PLAY_CARD, Decision.MOVE,
                  Decision.PRIMARY_ACTION, Decision.HIRE}
    sourced = 0
    for seed, players in ((1, 2), (2, 3), (3, 4), (4, 1)):
        state = GAME.new_game([Seat(name=n) for n in "ABCD"[:players]], seed)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            task: Task = state.stack[-1]
            prompt = GAME.prompt(state)
            assert prompt is not None
            if task.source:
                sourced += 1
                assert task.op not in turn_steps
                if task.seat == state.turn_seat:
                    assert prompt.why is not None and prompt.why.key.startswith(
                        "burgrave.why.source"), (task, prompt.kind)
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    assert sourced > 50


def test_states_saved_before_sources_still_load() -> None:
    """A state saved with five numbers per pending task (before ``Task.source``) loads, its
    tasks without a source; a saved state round-trips with them."""
    data = base_json(2)
    data["stack"] = [task[:5] for task in data["stack"]]
    state = load(data)
    assert all(task.source == 0 for task in state.stack)
    again = GAME.state_to_json(state)
    assert GAME.state_to_json(GAME.state_from_json(again)) == again


def test_a_hire_question_points_at_the_card_it_hires() -> None:
    """Issue 26, "hire prompts show the card face": every hire choice says which townsfolk
    pile it takes from (``Choice.about``), so the page can draw that card's value, icons and
    text in the button; the pile's top is the card the choice names."""
    seen = {Decision.HIRE: 0, Decision.HIRE_FREE: 0}
    for seed, players in ((5, 2), (6, 3), (7, 4)):
        state = GAME.new_game([Seat(name=n) for n in "ABCD"[:players]], seed)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            op = state.stack[-1].op
            if op in seen:
                prompt = GAME.prompt(state)
                assert prompt is not None
                for choice in prompt.choices:
                    if choice.action.action_type == "pass":
                        assert choice.about is None
                        continue
                    assert choice.about is not None and choice.about[0] == "townsfolk"
                    position = choice.about[1]
                    pile = state.townsfolk_piles[position]
                    if op == Decision.HIRE_FREE:
                        assert pile and render(choice.label).startswith(
                            render(card_name(pile[-1])))
                    else:
                        assert segment_of(state.players[prompt.seat].space) == position
                seen[Decision(op)] += 1
            state = GAME.apply(state, rng.choice(GAME.legal_actions(state)))
    assert all(seen.values()), seen
